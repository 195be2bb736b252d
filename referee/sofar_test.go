package referee_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
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
	cannon := rearrank.Attack{Count: dice.ConstExpr(2), Phase: rules.Shooting, Strength: 10,
		MultipleWounds: expr("D6"), IgnoreArmour: true, Target: unit.Target{Role: unit.RankAndFile}}
	attacks := []rearrank.Attack{cannon}
	all := []int{4, 6, 5, 2}
	for _, c := range []struct {
		faces      []int
		stage      rearrank.Stage
		more, used int
		casualties int
	}{
		{nil, rearrank.Wound, 2, 0, 0},             // two automatic hits: two to-wound dice
		{[]int{4}, rearrank.Wound, 1, 1, 0},        // one of the two rolled
		{[]int{4, 6}, rearrank.Damage, 2, 2, 0},    // two unsaved wounds (no armour): a D6 each (9.2)
		{[]int{4, 6, 5}, rearrank.Damage, 1, 3, 1}, // 5 removes an Ogre (E42)
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

// TestStageRuns splits ExampleResolve's cannonball (E42) into its stages:
// two to-wound dice on 2+ (S10 against T4, RULES.md 6.1), then a D6 of
// multiple wounds for each unsaved wound (9.2), the removal with them.
func TestStageRuns(t *testing.T) {
	ogres := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 6, Frontage: 3,
		Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4}})
	cannon := rearrank.Attack{Count: dice.ConstExpr(2), Phase: rules.Shooting, Strength: 10,
		MultipleWounds: expr("D6"), IgnoreArmour: true, Target: unit.Target{Role: unit.RankAndFile}}
	res, _ := resolve(t, ogres, []rearrank.Attack{cannon}, 4, 6, 5, 2)
	runs := referee.StageRuns(res.Events)
	var got []string
	for _, r := range runs {
		if r.Dice > 0 {
			got = append(got, r.Title()+": "+r.Summary()+" ("+r.Faces()+")")
		}
	}
	want := []string{"Attack group 1: to wound: 2 of 2 wound on 2+ (1×4, 1×6)", "Attack group 1: multiple wounds: 2 dice rolled, 7 in all (1×2, 1×5)"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("runs %q, want %q", got, want)
	}
	last := runs[len(runs)-1]
	if last.End == "" || !strings.Contains(last.Others(), "casualty ×1") {
		t.Errorf("the last run: end %q, others %q", last.End, last.Others())
	}
	n := 0
	for _, r := range runs {
		n += len(r.Events)
	}
	if n != len(res.Events)-2 { // all but the batch's start and end
		t.Errorf("the runs hold %d events of %d", n, len(res.Events))
	}
}
