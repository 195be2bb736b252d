package wire_test

import (
	"fmt"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/wire"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// ResolutionOf gives the plain-data form the CLI's resolve --json and the HTTP API
// print: the dice used, every event, the totals, and the unit before and
// after.
func ExampleResolutionOf() {
	goblins, err := rearrank.NewUnit(unit.Spec{Ruleset: rules.WHFB8, Models: 10, Frontage: 5, Profile: unit.Profile{W: 1, T: 3}})
	if err != nil {
		panic(err)
	}
	bolt := rearrank.Attack{Count: dice.ConstExpr(1), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 3}, Strength: 4,
		Target: unit.Target{Role: unit.RankAndFile}}
	faces := []int{4, 3}
	res, err := referee.Resolve(goblins, []rearrank.Attack{bolt}, dice.NewScripted(faces...))
	if err != nil {
		panic(err)
	}
	v := wire.ResolutionOf(res, faces)
	fmt.Println(v.Ruleset, v.Dice, "casualties:", v.Tally.Casualties, "panic:", *v.Panic)
	for _, e := range v.Events {
		fmt.Println(e)
	}
	// Output:
	// whfb8 [4 3] casualties: 1 panic: false
	// attack group 1: 1 attack, S4, shooting phase
	// hit       #1   D6=4  to-hit, attack 1 of 1: 4 vs 4+, hit  [rules 5]
	// wound     #1   D6=3  to-wound, hit 1 of 1, S4 vs T3: 3 vs 3+, wounds  [rules 6.1]
	// note       1 wound: the model has no armour save  [rules 7]
	// casualty   rank-and-file removed from rank 2, file 1 (worth 1): the pool's wounds reach its W (11.1); rear rank, left end  [rules 11]
	// 1 model removed, 1 wound caused; unit now [R R R R R] / [R R R R]
}
