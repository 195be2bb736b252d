package odds_test

import (
	"context"
	"fmt"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Twenty crossbows shoot at thirty infantry in light armour with shields
// (RULES.md E85): each shot hits on 4+, wounds on 3+ and is saved on a 6.
func ExampleExact() {
	u, err := rearrank.NewUnit(unit.Spec{Ruleset: rules.Battleaxe, Models: 30, Profile: unit.Profile{
		W: 1, T: 3, Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true},
	}})
	if err != nil {
		panic(err)
	}
	crossbows := []rearrank.Attack{{
		Count:    dice.ConstExpr(20),
		Phase:    rules.Shooting,
		Hit:      rearrank.HitSpec{BS: 4},
		Strength: 4,
		Target:   unit.Target{Role: unit.RankAndFile},
	}}
	res, err := odds.Exact(context.Background(), u, crossbows, odds.Config{})
	if err != nil {
		panic(err)
	}
	fmt.Println("per shot:", res.Stages[0].Unsaved)
	fmt.Println("mean casualties:", res.Casualties.Mean(), "=", res.Casualties.Mean().FloatString(2))
	fmt.Println("at least 8 casualties:", res.Casualties.AtLeast(8).FloatString(4))
	fmt.Println("panic test:", res.Panic.FloatString(4)) // 8 of 30 is the first 25% or more
	fmt.Println("sums to", res.Casualties.Sum())
	// Output:
	// per shot: 5/18
	// mean casualties: 50/9 = 5.56
	// at least 8 casualties: 0.1649
	// panic test: 0.1649
	// sums to 1/1
}
