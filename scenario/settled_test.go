package scenario

import (
	"context"
	"testing"

	"github.com/rearrank/rearrank/odds"
)

// The points RULES.md 22.18 settled, which files once refused: each is
// read, and what it does is checked in exact numbers.

// settledOdds loads src and returns its exact odds.
func settledOdds(t *testing.T, src string) *odds.Result {
	t.Helper()
	f, err := Load("settled.yaml", []byte(src))
	if err != nil {
		t.Fatalf("%s", err)
	}
	u, attacks, err := f.Build()
	if err != nil {
		t.Fatal(err)
	}
	res, err := odds.Exact(context.Background(), u, attacks, odds.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestHatredOnAutomaticHitsRead: hatred on a group that hits
// automatically is read and does nothing (20.1, 22.18): 2 automatic hits
// at S4 v T4 make 1 unsaved wound on average, as without it.
func TestHatredOnAutomaticHitsRead(t *testing.T) {
	const src = "ruleset: whfb8\nattacks:\n  - {count: 2, phase: melee, strength: 4, hatred: true}\ntarget: {models: 5, toughness: 4}\n"
	if got := settledOdds(t, src).Unsaved.Mean().RatString(); got != "1" {
		t.Errorf("mean unsaved %s, want 1", got)
	}
}

// TestKillingAndCleavingBlowOwnScoresRead: a tow attack with killing_blow
// 6+ and cleaving_blow 5+ is read, each blow firing on its own score
// (22.3, 22.18). One automatic hit in close combat, S4 v T4, Multiple
// Wounds 2, on W3 infantry with armour 3+ and Regeneration 4+: a 6 slays
// (3 Wounds, 1/6), a 5 cleaves (2 Wounds, no armour, no Regeneration), a
// 4 is saved on 3+ (2 Wounds with 1/3, regenerated or not, still counted):
// P(casualty) 1/6, Wounds for combat result 3/6 + 2/6 + 2/18 = 17/18.
func TestKillingAndCleavingBlowOwnScoresRead(t *testing.T) {
	res := settledOdds(t, "ruleset: tow\nattacks:\n  - {count: 1, phase: melee, strength: 4, multiple_wounds: 2, killing_blow: 6+, cleaving_blow: 5+}\n"+
		"target: {models: 2, troop_type: infantry, toughness: 4, wounds: 3, armour_save: 3+, regeneration: 4+}\n")
	if got := res.Casualties.AtLeast(1).RatString(); got != "1/6" {
		t.Errorf("P(casualty) %s, want 1/6", got)
	}
	if got := res.Wounds.Mean().RatString(); got != "17/18" {
		t.Errorf("mean Wounds %s, want 17/18", got)
	}
}
