package referee_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestResolveSoFar plays ExampleResolve's cannonball (E42) stage by stage:
// after each prefix of its dice the referee stops at the stage that needs
// the next die, says how many it needs, and has done every step before it.
func TestResolveSoFar(t *testing.T) {
	ogres := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 6, Frontage: 3,
		Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4}})
	cannon := referee.Attack{Count: dice.ConstExpr(2), Phase: rules.Shooting, Strength: 10,
		MultipleWounds: expr("D6"), IgnoreArmour: true, Target: unit.Target{Role: unit.RankAndFile}}
	attacks := []referee.Attack{cannon}
	all := []int{4, 6, 5, 2}
	for _, c := range []struct {
		faces      []int
		stage      referee.Stage
		more, used int
		casualties int
	}{
		{nil, referee.Wound, 2, 0, 0},             // two automatic hits: two to-wound dice
		{[]int{4}, referee.Wound, 1, 1, 0},        // one of the two rolled
		{[]int{4, 6}, referee.Damage, 2, 2, 0},    // two unsaved wounds (no armour): a D6 each (9.2)
		{[]int{4, 6, 5}, referee.Damage, 1, 3, 1}, // 5 removes an Ogre (E42)
	} {
		res, need, used, err := referee.ResolveSoFar(ogres, attacks, c.faces)
		if err != nil {
			t.Fatalf("%v: %v", c.faces, err)
		}
		if need == nil || need.Stage != c.stage || need.More != c.more || need.Sides != 6 || need.Batch != 1 {
			t.Errorf("%v: need %+v, want %d more for %s", c.faces, need, c.more, c.stage)
		}
		if need != nil && !errors.Is(need, dice.ErrOutOfDice) {
			t.Errorf("%v: %v does not wrap ErrOutOfDice", c.faces, need)
		}
		if used != c.used || res.Tally.Casualties != c.casualties {
			t.Errorf("%v: used %d, %d casualties; want %d, %d", c.faces, used, res.Tally.Casualties, c.used, c.casualties)
		}
	}
	res, need, used, err := referee.ResolveSoFar(ogres, attacks, all)
	if err != nil || need != nil || used != len(all) {
		t.Fatalf("all dice: need %v, used %d, %v", need, used, err)
	}
	full, err := referee.Resolve(ogres, attacks, dice.NewScripted(all...))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res.Events, full.Events) || res.Tally != full.Tally || res.After.Draw() != full.After.Draw() {
		t.Errorf("ResolveSoFar with every die differs from Resolve:\n%v\n%v", res.Events, full.Events)
	}
	if _, _, _, err := referee.ResolveSoFar(ogres, attacks, []int{7}); !errors.Is(err, dice.ErrBadFace) {
		t.Errorf("a 7 on a D6: %v, want ErrBadFace", err)
	}
}
