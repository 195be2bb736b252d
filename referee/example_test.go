package referee_test

import (
	"fmt"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// A cannonball with D6 Multiple Wounds hits two Ogres of a whfb8 unit; the
// dice are the ones rolled at the table: two to-wound rolls, then a D6 for
// each unsaved wound, capped at the Ogres' 3 Wounds: 3 + 2 removes one Ogre
// and leaves 2 wounds carried (RULES.md 11.1, E42).
func ExampleResolve() {
	ogres, err := unit.New(unit.Spec{Ruleset: rules.WHFB8, Models: 6, Frontage: 3,
		Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4}})
	if err != nil {
		panic(err)
	}
	cannon := referee.Attack{Count: dice.ConstExpr(2), Phase: rules.Shooting, Strength: 10,
		MultipleWounds: dice.MustParseExpr("D6"), IgnoreArmour: true, Target: unit.Target{Role: unit.RankAndFile}}
	res, err := referee.Resolve(ogres, []referee.Attack{cannon}, dice.NewScripted(4, 6, 5, 2))
	if err != nil {
		panic(err)
	}
	for _, e := range res.Events {
		if e.Kind == referee.Roll || e.Kind == referee.Casualty {
			fmt.Println(e.Text)
		}
	}
	fmt.Println(res.After.Draw(), "carried:", res.After.Carried()[0].Carried)
	// Output:
	// to-wound, hit 1 of 2, S10 vs T4: 4 vs 2+, wounds
	// to-wound, hit 2 of 2, S10 vs T4: 6 vs 2+, wounds
	// multiple wounds, unsaved wound 1 of 2: D6 rolls 5
	// rank-and-file removed from rank 2, file 1 (worth 3): the pool's wounds reach its W (11.1); rear rank, left end
	// multiple wounds, unsaved wound 2 of 2: D6 rolls 2
	// [R R R] / [R R] carried: 2
}

// A seeded roller makes a reproducible game: the same seed, the same dice.
func ExampleResolve_seeded() {
	spearmen, _ := unit.New(unit.Spec{Ruleset: rules.Battleaxe, Models: 20, Frontage: 5,
		Profile: unit.Profile{W: 1, T: 3, Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true}},
		Command: []unit.Role{unit.Musician, unit.StandardBearer, unit.Champion}})
	crossbows := referee.Attack{Count: dice.ConstExpr(10), Phase: rules.Shooting, Hit: referee.HitSpec{BS: 4},
		Strength: 4, Target: unit.Target{Role: unit.RankAndFile}}
	a, _ := referee.Resolve(spearmen, []referee.Attack{crossbows}, dice.NewSeeded(42))
	b, _ := referee.Resolve(spearmen, []referee.Attack{crossbows}, dice.NewSeeded(42))
	fmt.Println(a.Tally.Casualties == b.Tally.Casualties, a.After.Draw() == b.After.Draw())
	// Output:
	// true true
}
