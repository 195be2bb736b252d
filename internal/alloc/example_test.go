package alloc_test

import (
	"fmt"

	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Battleaxe keeps damage per model: three multi-wound packets on five
// ogres land on different models, and the one that takes 3 is removed from
// its own slot (RULES.md E43).
func ExampleUnit_Apply() {
	u, _ := alloc.New(unit.Spec{Ruleset: rules.Battleaxe, Models: 5, Profile: unit.Profile{W: 3, T: 4}})
	u.StartBatch(nil)
	for _, k := range []int{2, 2, 3} {
		c, _ := u.Apply(alloc.Packet{Target: unit.Target{Role: unit.RankAndFile}, Wounds: k, Multi: true})
		fmt.Println(k, "->", u.DrawDamage(), "removed", len(c.Removed))
	}
	u.EndBatch()
	// Output:
	// 2 -> [R(2) R R R R] removed 0
	// 2 -> [R(2) R R R R(2)] removed 0
	// 3 -> [R(2) R R R(2)] removed 1
}

// In whfb8 the same wounds are pooled: capped at profile W, summed, and
// turned into whole models with the rest carried (RULES.md E42, 11.1).
func ExampleUnit_Apply_pooled() {
	u, _ := alloc.New(unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: unit.Profile{W: 3, T: 4}})
	u.StartBatch(nil)
	for _, k := range []int{2, 2, 6} {
		c, _ := u.Apply(alloc.Packet{Target: unit.Target{Role: unit.RankAndFile}, Wounds: k, Multi: true})
		fmt.Println(k, "->", u.DrawDamage(), c.Effective, c.Wasted, c.Notes)
	}
	u.EndBatch()
	fmt.Println(u.Carried())
	// Output:
	// 2 -> [R(2) R R R R] 2 0 []
	// 2 -> [R R R R(1)] 2 0 []
	// 6 -> [R(1) R R] 3 3 [Multiple Wounds of 6 capped at the model's 3 Wounds (9.2)]
	// [{infantry 3 1}]
}

// In t9a the champion is a pool of his own; the excess of the emptied R&F
// pool reaches him at the end of the batch (RULES.md E62, C13).
func ExampleUnit_EndBatch() {
	u, _ := alloc.New(unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: unit.Profile{W: 1, T: 3},
		Command: []unit.Role{unit.Champion}, Layout: "R R C R R"})
	u.StartBatch(nil)
	for range 6 {
		u.Apply(alloc.Packet{Target: unit.Target{Role: unit.RankAndFile}, Wounds: 1})
	}
	fmt.Println(u.Draw())
	c, _ := u.EndBatch()
	fmt.Println(u.Draw(), u.Destroyed(), c.Effective, c.Wasted)
	fmt.Println(c.Notes)
	// Output:
	// [C]
	// [] true 1 1
	// [an overflow of 2 wounds goes to the champion, who takes 1 (10.1, C13)]
}

// An owner_choice switch asks a Chooser (RULES.md R11).
func ExampleUnit_StartBatch() {
	u, _ := alloc.New(unit.Spec{Ruleset: rules.WHFB8, Models: 8, Frontage: 5, Profile: unit.Profile{W: 1, T: 3},
		Options: rules.Options{RearRankOrder: rules.RearRankOwnerChoice}})
	u.StartBatch(unit.ChooserFunc(func(c unit.Choice) int {
		fmt.Println(c.Switch, c.Formation, len(c.Options), "options, default", c.Default)
		return 2 // the rear rank's right-hand model
	}))
	c, _ := u.Apply(alloc.Packet{Target: unit.Target{Role: unit.RankAndFile}, Wounds: 1})
	u.EndBatch()
	fmt.Println(u.Draw(), c.Removed[0].Slot)
	// Output:
	// rear_rank_order [R R R R R] / [R R R] 3 options, default 0
	// [R R R R R] / [R R] rank 1 file 3
}

// The owner of a single rank chooses the end that goes first at the
// batch's ties, and so gives up its odd casualty (R11): the referee asks
// before the first die or wound the answer changes, and tells the unit
// with SetOddEnd.
func ExampleUnit_SetOddEnd() {
	u, _ := alloc.New(unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: unit.Profile{W: 1, T: 3},
		Options: rules.Options{SingleRankPolicy: rules.SingleRankOwnerChoice}})
	u.StartBatch(nil)
	u.SetOddEnd(1) // the right end
	c, _ := u.Apply(alloc.Packet{Target: unit.Target{Role: unit.RankAndFile}, Wounds: 1})
	u.EndBatch()
	fmt.Println(u.Draw(), c.Removed[0].Rule)
	// Output:
	// [R R R R] the pool's wounds reach its W (11.1); single rank, right end
}
