package bench

import (
	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The scenarios of testdata/s1.yaml..s4.yaml built in Go, so the figures do
// not depend on the scenario loader; the file-based benchmarks check the
// files give the same numbers.

var rankAndFile = unit.Target{Role: unit.RankAndFile}

func mustUnit(s unit.Spec) *rearrank.Unit {
	u, err := rearrank.NewUnit(s)
	if err != nil {
		panic(err)
	}
	return u
}

// s1 is DESIGN.md's S1: 20 attacks, hit 3+, S4 vs T3, 5+ armour, ward 6+,
// D3 wounds, 10 models of W3 (whfb8).
func s1() (*rearrank.Unit, []rearrank.Attack) { return s1s2(20, 10, 5, 20) }

// s2 is S1 with 200 attacks against 100 models.
func s2() (*rearrank.Unit, []rearrank.Attack) { return s1s2(200, 100, 10, 200) }

// s2split is S2 with its attacks in two groups of 100 in the same phase:
// two batches (RULES.md 3), not one. It is not a DESIGN.md target; its
// figure shows what a second batch costs, where the first batch's unsaved
// count and damage must be joined.
func s2split() (*rearrank.Unit, []rearrank.Attack) { return s1s2(200, 100, 10, 100) }

func s1s2(attacks, models, frontage, perGroup int) (*rearrank.Unit, []rearrank.Attack) {
	u := mustUnit(unit.Spec{Ruleset: rules.WHFB8, Models: models, Frontage: frontage, Profile: unit.Profile{
		TroopType: rules.MonstrousInfantry, W: 3, T: 3,
		Save:     rules.SaveProfile{Armour: rules.HeavyArmour},
		Specials: rules.SpecialSaves{Ward: rules.MustParseTarget("6+")},
	}})
	var out []rearrank.Attack
	for attacks > 0 {
		n := min(attacks, perGroup)
		out = append(out, rearrank.Attack{Name: "S1", Count: dice.ConstExpr(n), Hit: rearrank.HitSpec{Need: rules.MustParseTarget("3+")},
			Strength: 4, MultipleWounds: dice.MustParseExpr("D3"), Target: rankAndFile})
		attacks -= n
	}
	return u, out
}

// s3 is S3: battleaxe per-model damage, 30 hits, D6 wounds, 10 monsters of W6.
func s3() (*rearrank.Unit, []rearrank.Attack) {
	u := mustUnit(unit.Spec{Ruleset: rules.Battleaxe, Models: 10, Frontage: 5, Profile: unit.Profile{
		TroopType: rules.Monster, W: 6, T: 5, Save: rules.SaveProfile{Armour: rules.LightArmour},
	}})
	return u, []rearrank.Attack{{Name: "S3", Count: dice.ConstExpr(30), Strength: 6, MultipleWounds: dice.MustParseExpr("D6"), Target: rankAndFile}}
}

// s4 is S4: skirmish, 10 attacks with criticals and injuries against a hero
// of 3 Wounds.
func s4() (*rearrank.Unit, []rearrank.Attack) {
	u := mustUnit(unit.Spec{Ruleset: rules.Skirmish, Models: 1, Profile: unit.Profile{
		W: 3, T: 3, WS: 4, Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true},
	}})
	return u, []rearrank.Attack{{Name: "S4", Attacker: "Champion", Count: dice.ConstExpr(10), Hit: rearrank.HitSpec{WS: 4},
		Strength: 4, WeaponClass: rules.Bladed, Target: rankAndFile}}
}
