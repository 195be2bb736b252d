package referee_test

import (
	"fmt"

	"github.com/rearrank/rearrank"
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
	ogres, err := rearrank.NewUnit(unit.Spec{Ruleset: rules.WHFB8, Models: 6, Frontage: 3,
		Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4}})
	if err != nil {
		panic(err)
	}
	cannon := rearrank.Attack{Count: dice.ConstExpr(2), Phase: rules.Shooting, Strength: 10,
		MultipleWounds: dice.MustParseExpr("D6"), IgnoreArmour: true, Target: unit.Target{Role: unit.RankAndFile}}
	res, err := referee.Resolve(ogres, []rearrank.Attack{cannon}, dice.NewScripted(4, 6, 5, 2))
	if err != nil {
		panic(err)
	}
	for _, e := range res.Events {
		if e.Kind == rearrank.Roll || e.Kind == rearrank.Casualty {
			fmt.Println(e.Text)
		}
	}
	fmt.Println(res.After.Draw(), "carried:", res.After.Snapshot().Carried[0].Carried)
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
	spearmen, _ := rearrank.NewUnit(unit.Spec{Ruleset: rules.Battleaxe, Models: 20, Frontage: 5,
		Profile: unit.Profile{W: 1, T: 3, Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true}},
		Command: []unit.Role{unit.Musician, unit.StandardBearer, unit.Champion}})
	crossbows := rearrank.Attack{Count: dice.ConstExpr(10), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 4},
		Strength: 4, Target: unit.Target{Role: unit.RankAndFile}}
	a, _ := referee.Resolve(spearmen, []rearrank.Attack{crossbows}, dice.NewSeeded(42))
	b, _ := referee.Resolve(spearmen, []rearrank.Attack{crossbows}, dice.NewSeeded(42))
	fmt.Println(a.Tally.Casualties == b.Tally.Casualties, a.After.Draw() == b.After.Draw())
	// Output:
	// true true
}

// owner answers the owner_choice switches: here the special save, always
// the last (worst) of those offered.
type owner struct{}

func (owner) Choose(unit.Choice) int { return 0 }
func (owner) ChooseSave(_ unit.Model, options []rules.SpecialChoice) int {
	return len(options) - 1
}

// With special_save_choice: owner_choice the owner picks the special save of
// the batch (RULES.md 8, 18): this owner takes Aegis 6+ over Regeneration 4+,
// so the 5 rolled fails.
func ExampleResolveWith() {
	spec := unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: unit.Profile{W: 1, T: 4,
		Specials: rules.SpecialSaves{Regeneration: rules.Need(4), Aegis: rules.Need(6)}}}
	spec.Options.SpecialSaveChoice = rules.SaveOwnerChoice
	trolls, err := rearrank.NewUnit(spec)
	if err != nil {
		panic(err)
	}
	blow := rearrank.Attack{Count: dice.ConstExpr(1), Strength: 4, Target: unit.Target{Role: unit.RankAndFile}}
	res, err := referee.ResolveWith(trolls, []rearrank.Attack{blow}, dice.NewScripted(6, 5), owner{})
	if err != nil {
		panic(err)
	}
	for _, e := range res.Events {
		if e.Stage == rearrank.Special {
			fmt.Println(e)
		}
	}
	fmt.Println("unsaved:", res.Tally.Unsaved)
	// Output:
	// note       the owner uses aegis 6+  [rules 8, 18]
	// special   #1   D6=5  aegis save, wound 1 of 1: 5 vs 6+, failed  [rules 8]
	// unsaved: 1
}
