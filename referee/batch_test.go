package referee_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestBatchOfProfilesOrder: a batch of two profiles (RULES.md C24) rolls
// each profile's dice in file order, then the packets' damage dice, and
// allocates the packets before the single wounds even when the singles'
// profile comes first (C22). Three fresh Ogres (W3, no save) in battleaxe's
// per-model damage; crossbows (single wounds) listed before a bolt (D3
// Multiple Wounds), each one automatic hit at S4 against T4 (4+).
//
// Dice 4 (crossbow wounds), 5 (bolt wounds), then the bolt's D3: 2. The
// packet puts 2 damage on the first Ogre in removal order (the left end);
// the single then goes to the most damaged Ogre (11.3 step 2), which dies:
// 1 casualty, 3 wounds, two fresh Ogres left.
func TestBatchOfProfilesOrder(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 3, Frontage: 3, Profile: unit.Profile{W: 3, T: 4}})
	rf := unit.Target{Role: unit.RankAndFile}
	attacks := []rearrank.Attack{
		{Name: "crossbows", Count: dice.ConstExpr(1), Phase: rules.Shooting, Strength: 4, Batch: "crew", Target: rf},
		{Name: "bolt", Count: dice.ConstExpr(1), Phase: rules.Shooting, Strength: 4, MultipleWounds: expr("D3"), Batch: "crew", Target: rf},
	}
	p := &prefixRoller{faces: []int{4, 5, 2}}
	res, err := referee.Resolve(u, attacks, p)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{6, 6, 3}; !slices.Equal(p.sides, want) {
		t.Errorf("dice asked for: sides %v, want %v (both to-wound dice, then the D3)", p.sides, want)
	}
	if res.Tally.Casualties != 1 || res.Tally.Wounds != 3 || res.Tally.Unsaved != 2 {
		t.Errorf("tally %+v, want 1 casualty, 3 wounds, 2 unsaved", res.Tally)
	}
	// the packet's damage (bolt, group 2) lands before the single's
	// casualty (crossbows, group 1); one batch, closed once
	var order []string
	ends := 0
	for _, e := range res.Events {
		switch e.Kind {
		case rearrank.Damaged:
			order = append(order, "damaged by group "+string(rune('0'+e.Batch)))
		case rearrank.Casualty:
			order = append(order, "casualty by group "+string(rune('0'+e.Batch)))
		case rearrank.BatchEnd:
			ends++
		}
	}
	if want := []string{"damaged by group 2", "casualty by group 1"}; !slices.Equal(order, want) {
		t.Errorf("allocation %q, want %q", order, want)
	}
	if ends != 1 {
		t.Errorf("%d batch ends, want 1", ends)
	}
	for _, m := range res.After.Models() {
		if m.Damage != 0 {
			t.Errorf("a model left with %d damage, want the two survivors fresh", m.Damage)
		}
	}
}

// TestBatchOfProfilesRefused: the groups named as one batch must follow
// one another, share a phase and a target, and not be skirmish (C24, C19).
func TestBatchOfProfilesRefused(t *testing.T) {
	rf := unit.Target{Role: unit.RankAndFile}
	block := unit.Spec{Ruleset: rules.WHFB8, Models: 5, Command: []unit.Role{unit.Champion}, Profile: unit.Profile{W: 1, T: 3}}
	g := func(batch string, ph rules.Phase, aim unit.Target) rearrank.Attack {
		return rearrank.Attack{Count: dice.ConstExpr(1), Phase: ph, Strength: 3, Batch: batch, Target: aim}
	}
	for _, c := range []struct {
		name    string
		spec    unit.Spec
		attacks []rearrank.Attack
	}{
		{"apart", block, []rearrank.Attack{g("v", rules.Shooting, rf), g("", rules.Shooting, rf), g("v", rules.Shooting, rf)}},
		{"two phases", block, []rearrank.Attack{g("v", rules.Shooting, rf), g("v", rules.Magic, rf)}},
		{"two targets", block, []rearrank.Attack{g("v", rules.Shooting, rf), g("v", rules.Shooting, unit.Target{Role: unit.Champion})}},
		{"skirmish", unit.Spec{Ruleset: rules.Skirmish, Models: 1, Profile: unit.Profile{W: 1, T: 3}},
			[]rearrank.Attack{g("v", rules.Melee, rf), g("v", rules.Melee, rf)}},
	} {
		_, err := referee.Resolve(mustUnit(t, c.spec), c.attacks, dice.NewScripted())
		if !errors.Is(err, rearrank.ErrBatch) {
			t.Errorf("%s: error %v, want one that is ErrBatch", c.name, err)
		}
	}
}
