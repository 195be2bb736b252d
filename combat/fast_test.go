package combat

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/rules"
)

// sameReport says how two exact reports differ, or nil.
func sameReport(got, want *Report) error {
	var errs []string
	rat := func(what string, g, w *big.Rat) {
		if g.Cmp(w) != 0 {
			errs = append(errs, fmt.Sprintf("%s %s, want %s", what, g.RatString(), w.RatString()))
		}
	}
	dist := func(what string, g, w Dist) {
		lo, hi := min(g.Min, w.Min), max(g.Min+len(g.P), w.Min+len(w.P))
		for v := lo; v < hi; v++ {
			rat(fmt.Sprintf("%s %d", what, v), g.At(v), w.At(v))
		}
	}
	rat("a wins", got.AWins, want.AWins)
	rat("draw", got.Draw, want.Draw)
	rat("b wins", got.BWins, want.BWins)
	rat("loser breaks", got.LoserBreaks, want.LoserBreaks)
	switch {
	case (got.LoserFallsBack == nil) != (want.LoserFallsBack == nil):
		errs = append(errs, fmt.Sprintf("three outcomes %v, want %v", got.LoserFallsBack != nil, want.LoserFallsBack != nil))
	case got.LoserFallsBack != nil:
		rat("loser falls back", got.LoserFallsBack, want.LoserFallsBack)
		rat("loser gives ground", got.LoserGivesGround, want.LoserGivesGround)
	}
	dist("margin", got.Margin, want.Margin)
	if len(got.Steps) != len(want.Steps) {
		errs = append(errs, fmt.Sprintf("%d steps, want %d", len(got.Steps), len(want.Steps)))
	} else {
		for k := range got.Steps {
			for i := range 2 {
				g, w := got.Steps[k].Attacks[i], want.Steps[k].Attacks[i]
				switch {
				case (g == nil) != (w == nil):
					errs = append(errs, fmt.Sprintf("step %d side %d: fights %v, want %v", k, i, g != nil, w != nil))
				case g != nil:
					dist(fmt.Sprintf("step %d side %d attacks", k, i), *g, *w)
				}
			}
		}
	}
	for i := range 2 {
		g, w := got.Sides[i], want.Sides[i]
		side := "ab"[i : i+1]
		dist(side+" casualties", g.Casualties, w.Casualties)
		dist(side+" wounds", g.Wounds, w.Wounds)
		dist(side+" combat result", g.CombatResult, w.CombatResult)
		rat(side+" destroyed", g.Destroyed, w.Destroyed)
		rat(side+" breaks", g.Breaks, w.Breaks)
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "; "))
	}
	return nil
}

// TestExactEqualsEnumerate: on random small combats (widths, depths,
// command groups, characters, charge, facing, strike classes, step_up, every
// block ruleset, tow's troop types, Regeneration, Close Order and Massed
// Infantry) the fast reader, which
// merges equal round states between steps, gives the brute-force walk's
// fractions exactly, tow's three break-test outcomes (22.11) included.
func TestExactEqualsEnumerate(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 21))
	checked, rerolled, three, closeOrder, massed := 0, 0, 0, 0, 0
	for k := 0; (checked < 30 || rerolled == 0 || three < 4 || closeOrder < 2 || massed < 2) && k < 300; k++ {
		c, err := randomCombat(r)
		if err != nil {
			continue
		}
		ref, err := c.Enumerate(context.Background(), 20000)
		if errors.Is(err, ErrTooLarge) {
			continue
		}
		if err != nil {
			t.Fatalf("combat %d: %v", k, err)
		}
		got, err := c.Exact(context.Background(), ExactConfig{})
		if err != nil {
			t.Fatalf("combat %d: %v", k, err)
		}
		checked++
		if ref.LoserFallsBack != nil && ref.LoserFallsBack.Sign() > 0 && ref.LoserGivesGround.Sign() > 0 {
			three++
		}
		co, mi := specialsScore(c)
		closeOrder, massed = closeOrder+co, massed+mi
		for _, p := range c.plan() {
			for i := range 2 {
				for _, re := range p.reroll[i] {
					if re {
						rerolled++
					}
				}
			}
		}
		if err := sameReport(got, ref); err != nil {
			t.Errorf("combat %d (%s, %s %s against %s, charger %v %v, step_up %v): %v", k, c.Ruleset, c.Sides[0].Unit.Draw(), c.Steps(), c.Sides[1].Unit.Draw(), c.Charger, c.Facing, c.Options.StepUp, err)
		}
	}
	if checked < 30 || rerolled == 0 || three < 4 || closeOrder < 2 || massed < 2 {
		t.Errorf("checked %d random combats (%d re-rolling fights, %d tow ones that can fall back and give ground, %d sides scoring Close Order and %d Massed Infantry); want 30, some, 4, 2 and 2",
			checked, rerolled, three, closeOrder, massed)
	}
}

// TestExactStateLimit: E120 (two blocks of 20) passes a limit of 50 round
// states with an error that says where, and with Fallback answers by
// Monte Carlo within 4 standard errors of the exact chance.
func TestExactStateLimit(t *testing.T) {
	c := &Combat{Ruleset: rules.WHFB8, Charger: B, Sides: [2]Combatant{block(t, rules.WHFB8, elves, 20, 5), block(t, rules.WHFB8, men, 20, 5)}}
	_, err := c.Exact(context.Background(), ExactConfig{MaxStates: 50})
	if !errors.Is(err, odds.ErrStateLimit) || !strings.Contains(err.Error(), "more than 50 round states at step") {
		t.Fatalf("E120 with 50 states: %v, want the state limit", err)
	}
	_, err = c.Exact(context.Background(), ExactConfig{MaxBytes: 4000})
	if !errors.Is(err, odds.ErrStateLimit) || !strings.Contains(err.Error(), "more than 4000 bytes of round states") {
		t.Fatalf("E120 with 4000 bytes: %v, want the state limit on bytes", err)
	}
	ex, err := c.Exact(context.Background(), ExactConfig{})
	if err != nil {
		t.Fatal(err)
	}
	mc, err := c.Exact(context.Background(), ExactConfig{MaxStates: 50, Fallback: true, Samples: 4000, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if mc.N != 4000 || !strings.Contains(mc.Fallback, "state limit") {
		t.Fatalf("fallback: N %d, Fallback %q", mc.N, mc.Fallback)
	}
	for _, x := range [][2]*big.Rat{{ex.AWins, mc.AWins}, {ex.BWins, mc.BWins}, {ex.LoserBreaks, mc.LoserBreaks}} {
		p, _ := x[0].Float64()
		q, _ := x[1].Float64()
		if se := mc.SE(x[0]); q < p-4*se || q > p+4*se {
			t.Errorf("fallback %.4f, exact %.4f: more than 4 SE (%.4f) apart", q, p, se)
		}
	}
}

func TestExactHonoursContext(t *testing.T) {
	c := &Combat{Ruleset: rules.WHFB8, Sides: [2]Combatant{block(t, rules.WHFB8, elves, 10, 5), block(t, rules.WHFB8, men, 10, 5)}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Exact(ctx, ExactConfig{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Exact after cancel: %v", err)
	}
}
