package combat

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// randomCombat builds a small combat in every block ruleset: widths,
// depths, command groups, a character, the charge, the facing, strike
// classes, step_up, Stubborn and Unbreakable vary; under tow also the troop
// type (Unit Strength 1 to 3, so the winners' Unit Strength can be more than
// double and a flank charge can disrupt, 22.11) and Regeneration, rolled
// per Wound lost and counted all the same (22.6), and the Close Order and
// Massed Infantry special rules (22.11): a third of tow's units fight in
// Close Order as four monstrous infantry in two ranks or one, Unit
// Strength 12 in Combat Order, which one casualty takes below the 10 it
// needs.
func randomCombat(r *rand.Rand) (*Combat, error) {
	rs := []rules.Ruleset{rules.WHFB8, rules.Battleaxe, rules.T9A, rules.T9A1RU, rules.TOW}[r.IntN(5)]
	c := &Combat{Ruleset: rs}
	if r.IntN(2) == 0 {
		c.Options.StepUp = rules.StepUpLost
	}
	c.Charger = Side(r.IntN(3))
	if c.Charger != NoSide {
		c.Facing = Facing(r.IntN(4))
	}
	for i := range c.Sides {
		models := 1 + r.IntN(4)
		spec := unit.Spec{Name: fmt.Sprintf("U%d", i), Ruleset: rs, Models: models, Frontage: 1 + r.IntN(3),
			Profile: unit.Profile{W: 1, T: 2 + r.IntN(3), WS: 2 + r.IntN(4)}}
		if rs == rules.TOW {
			spec.Profile.TroopType = []rules.TroopType{rules.Infantry, rules.HeavyInfantry, rules.Cavalry, rules.MonstrousInfantry}[r.IntN(4)]
			if r.IntN(4) == 0 {
				spec.Profile.Specials.Regeneration = rules.Need(4 + r.IntN(2))
			}
		}
		closeOrder := rs == rules.TOW && r.IntN(3) == 0
		if closeOrder {
			models = 4
			spec.Models, spec.Frontage, spec.Profile.TroopType = models, 2+r.IntN(2), rules.MonstrousInfantry
		}
		if r.IntN(3) == 0 {
			spec.Command = append(spec.Command, unit.Musician)
		}
		if models > len(spec.Command) && r.IntN(3) == 0 {
			spec.Command = append(spec.Command, unit.StandardBearer)
		}
		if models > len(spec.Command) && r.IntN(3) == 0 {
			spec.Command = append(spec.Command, unit.Champion)
		}
		hero := r.IntN(4) == 0
		if hero {
			spec.Characters = []unit.CharacterSpec{{Name: "Hero", Profile: unit.Profile{W: 2, T: 4, WS: 5}, File: -1}}
		}
		u, err := rearrank.NewUnit(spec)
		if err != nil {
			return nil, err
		}
		s := Combatant{Unit: u, Leadership: 5 + r.IntN(4), RerollBreak: r.IntN(4) == 0, Bonus: r.IntN(3) - 1,
			Stubborn: r.IntN(8) == 0, Unbreakable: r.IntN(12) == 0}
		if rs == rules.TOW {
			s.CloseOrder, s.MassedInfantry = closeOrder, r.IntN(2) == 0
		}
		s.Fights = append(s.Fights, Fight{By: By{Role: unit.RankAndFile}, Attacks: 1, Initiative: 1 + r.IntN(5), Supporting: 1,
			Strikes: Strikes(r.IntN(3)), Attack: rearrank.Attack{Hit: rearrank.HitSpec{WS: 2 + r.IntN(4)}, Strength: 3 + r.IntN(3)}})
		if hero {
			s.Fights = append(s.Fights, Fight{By: By{Role: unit.Character, Name: "Hero"}, Attacks: 1, Initiative: 4,
				Attack: rearrank.Attack{Hit: rearrank.HitSpec{WS: 5}, Strength: 4}})
		}
		c.Sides[i] = s
	}
	return c, c.Validate()
}

// TestExactAgreesWithMonteCarlo: on random small combats (3 or more of
// them tow's, with its three break-test outcomes), a seeded Monte Carlo run
// lies within 4 standard errors of the exact answer (Exact, which
// TestExactEqualsEnumerate holds to the brute-force walk)
// (RULES.md 21.9; STYLE.md "exact against sampled").
func TestExactAgreesWithMonteCarlo(t *testing.T) {
	const n = 1500
	r := rand.New(rand.NewPCG(21, 13))
	checked, tow, closeOrder, massed := 0, 0, 0, 0
	for k := 0; (checked < 8 || tow < 3 || closeOrder == 0 || massed == 0) && k < 60; k++ {
		c, err := randomCombat(r)
		if err != nil {
			continue // a command group wider than the front rank
		}
		ex, err := c.Exact(context.Background(), ExactConfig{MaxStates: 2000})
		if errors.Is(err, odds.ErrStateLimit) {
			continue
		}
		if err != nil {
			t.Fatalf("combat %d: %v", k, err)
		}
		checked++
		if ex.LoserFallsBack != nil {
			tow++
		}
		co, mi := specialsScore(c)
		closeOrder, massed = closeOrder+co, massed+mi
		t.Logf("combat %d: %s, %s %s against %s, charger %v %v, step_up %v", k, c.Ruleset, c.Sides[0].Unit.Draw(), c.Steps(), c.Sides[1].Unit.Draw(), c.Charger, c.Facing, c.Options.StepUp)
		mc, err := c.MonteCarlo(context.Background(), n, uint64(k))
		if err != nil {
			t.Fatal(err)
		}
		sum := new(big.Rat).Add(ex.AWins, ex.Draw)
		sum.Add(sum, ex.BWins)
		if sum.Cmp(one) != 0 {
			t.Errorf("combat %d: exact a_wins + draw + b_wins = %s", k, sum.RatString())
		}
		for _, d := range farApart(ex, mc, n) {
			t.Errorf("combat %d (%s, charger %v %v, step_up %v): %s", k, c.Ruleset, c.Charger, c.Facing, c.Options.StepUp, d)
		}
	}
	if checked < 8 || tow < 3 || closeOrder == 0 || massed == 0 {
		t.Errorf("only %d random combats (%d in tow, %d sides scoring Close Order, %d Massed Infantry) were small enough to check; want 8 (3, some, some)", checked, tow, closeOrder, massed)
	}
}

// specialsScore counts the sides of c whose Close Order and Massed
// Infantry score before any blow (22.11), so that a property test can
// demand both.
func specialsScore(c *Combat) (closeOrder, massed int) {
	for i, s := range c.Sides {
		us := unitStrength(au(s.Unit))
		if s.CloseOrder && combatOrder(au(s.Unit)) && us >= rules.For(c.Ruleset).Combat.CombatOrderStrength {
			closeOrder++
		}
		if s.MassedInfantry && us > unitStrength(au(c.Sides[1-i].Unit)) {
			massed++
		}
	}
	return closeOrder, massed
}

// farApart lists the chances of a round (who wins, the draw, the loser
// breaking, falling back or giving ground, each side losing nobody) where a Monte Carlo report of n rounds
// lies more than 4 standard errors from the exact one.
func farApart(ex, mc *Report, n int) []string {
	var out []string
	for _, x := range []struct {
		what          string
		exact, sample *big.Rat
	}{
		{"a_wins", ex.AWins, mc.AWins}, {"draw", ex.Draw, mc.Draw}, {"b_wins", ex.BWins, mc.BWins},
		{"loser_breaks", ex.LoserBreaks, mc.LoserBreaks},
		{"loser_falls_back", ex.LoserFallsBack, mc.LoserFallsBack},
		{"loser_gives_ground", ex.LoserGivesGround, mc.LoserGivesGround},
		{"a casualties 0", ex.Sides[0].Casualties.At(0), mc.Sides[0].Casualties.At(0)},
		{"b casualties 0", ex.Sides[1].Casualties.At(0), mc.Sides[1].Casualties.At(0)},
	} {
		if (x.exact == nil) != (x.sample == nil) {
			out = append(out, fmt.Sprintf("%s: exact %v, sampled %v", x.what, x.exact, x.sample))
			continue
		}
		if x.exact == nil {
			continue // a break test of two outcomes
		}
		p, _ := x.exact.Float64()
		q, _ := x.sample.Float64()
		if se := math.Sqrt(p * (1 - p) / float64(n)); math.Abs(p-q) > 4*se+1e-12 {
			out = append(out, fmt.Sprintf("%s exact %.4f, sampled %.4f (4 SE %.4f)", x.what, p, q, 4*se))
		}
	}
	return out
}
