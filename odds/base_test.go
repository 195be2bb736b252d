package odds

import (
	"context"
	"testing"
	"time"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

func TestBaseline(t *testing.T) {
	u, _ := unit.New(unit.Spec{Ruleset: rules.WHFB8, Models: 10, Frontage: 5, Profile: unit.Profile{
		TroopType: rules.MonstrousInfantry, W: 3, T: 3,
		Save:     rules.SaveProfile{Armour: rules.HeavyArmour},
		Specials: rules.SpecialSaves{Ward: rules.MustParseTarget("6+")},
	}})
	a := []referee.Attack{{Name: "S1", Count: dice.ConstExpr(20), Hit: referee.HitSpec{Need: rules.MustParseTarget("3+")},
		Strength: 4, MultipleWounds: dice.MustParseExpr("D3"), Target: unit.Target{Role: unit.RankAndFile}}}
	t0 := time.Now()
	res, err := Exact(context.Background(), u, a, Config{})
	t.Log(time.Since(t0), err, res.States)
	t0 = time.Now()
	res, err = MonteCarlo(context.Background(), u, a, Config{Samples: 100000, Workers: 1})
	t.Log(time.Since(t0), err)
}
