package odds

import (
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The points RULES.md 22.18 settled that files once refused, checked
// against the referee over every die.

// TestHatredOnAutomaticHitsWalked: Hatred on automatic hits re-rolls
// nothing (20.1, 22.18). Two automatic hits, S4 v T4 (4+), no saves:
// casualties binomial(2, 1/2), as without Hatred.
func TestHatredOnAutomaticHitsWalked(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: unit.Profile{W: 1, T: 4}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(2), Phase: rules.Melee, Strength: 4, Hatred: true, Target: rf}}
	res := walked(t, u, a)
	for k, want := range []string{"1/4", "1/2", "1/4"} {
		wantRat(t, "P(casualties = k)", res.Casualties.P[k], want)
	}
}

// TestKillingAndCleavingBlowOwnScoresWalked: in tow a Killing Blow and a
// Cleaving Blow each fire on their own natural score; where both fire,
// the Killing Blow takes every Wound left and the Cleaving Blow adds
// nothing (22.3, 22.18). One automatic hit in close combat, S4 v T4
// (4+), Multiple Wounds 2, on infantry W3 with armour 3+ and Regeneration
// 4+ (22.6), killing_blow 6+ and cleaving_blow 5+:
//
//	6 (1/6): Killing Blow, 3 Wounds, a casualty
//	5 (1/6): Cleaving Blow, no armour, no Regeneration, 2 Wounds
//	4 (1/6): armour fails 1/3, 2 Wounds, each regenerated 1/2 (still counted)
//
// P(casualty) = 1/6; unsaved 1/6 + 1/6 + 1/18 = 7/18; Wounds for combat
// result 3/6 + 2/6 + 2/18 = 17/18.
func TestKillingAndCleavingBlowOwnScoresWalked(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 2, Profile: unit.Profile{TroopType: rules.Infantry, W: 3, T: 4,
		Save: rules.SaveProfile{ArmourSave: target("3+")}, Specials: rules.SpecialSaves{Regeneration: target("4+")}}})
	for _, c := range []struct {
		name                     string
		kb, cb                   rules.Trigger
		casualty, unsaved, worth string
	}{
		{"killing_blow 6+, cleaving_blow 5+", 6, 5, "1/6", "7/18", "17/18"},
		// a 5 is an ordinary wound: 1/6 x 3 + 2/6 x 1/3 x 2 = 13/18
		{"both 6+: the Cleaving Blow adds nothing", 6, 6, "1/6", "5/18", "13/18"},
		// 5 and 6 kill: 2/6 x 3 + 1/6 x 1/3 x 2 = 10/9
		{"killing_blow 5+, cleaving_blow 6+", 5, 6, "1/3", "7/18", "10/9"},
		// 5 and 6 cleave: 2/6 x 2 + 1/9 = 7/9, no casualty
		{"cleaving_blow 5+ alone", 0, 5, "0", "7/18", "7/9"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := []rearrank.Attack{{Count: dice.ConstExpr(1), Phase: rules.Melee, Strength: 4, MultipleWounds: dice.ConstExpr(2),
				KillingBlow: c.kb, CleavingBlow: c.cb, Target: rf}}
			res := walked(t, u, a)
			wantRat(t, "P(casualty)", res.Casualties.AtLeast(1), c.casualty)
			wantRat(t, "mean unsaved", res.Unsaved.Mean(), c.unsaved)
			wantRat(t, "mean Wounds for combat result", res.Wounds.Mean(), c.worth)
		})
	}
}
