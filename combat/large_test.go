package combat

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/scenario"
)

// horde101 is a step of more than a thousand attacks (issue 23), which
// dice.MaxConst, the limit on a count a person writes, does not allow in
// one attack group: 101 models of A10 in one rank (whfb8) strike first at
// Initiative 6 against a unit as wide, 1,010 attacks; the survivors of the
// 101 strike back at Initiative 5.
const horde101 = `ruleset: whfb8
combat: {charger: none}
sides:
  a:
    unit: {name: Horde, models: 101, frontage: 101, ws: 3, toughness: 3}
    leadership: 7
    fights:
      - {attacks: 10, initiative: 6, ws: 3, strength: 3}
  b:
    unit: {name: Wall, models: 101, frontage: 101, ws: 3, toughness: 3}
    leadership: 8
    fights:
      - {attacks: 1, initiative: 5, ws: 3, strength: 3}
`

// trolls101 is horde101's 1,010 attacks against six Trolls (W3, T4, light
// armour), the whole rank in contact (combat.contact): small enough for
// the exact reader. Trolls strike last (Initiative 1): they never do.
const trolls101 = `ruleset: whfb8
combat: {charger: none, contact: {a: 101}}
sides:
  a:
    unit: {name: Horde, models: 101, frontage: 101, ws: 3, toughness: 3}
    leadership: 7
    fights:
      - {attacks: 10, initiative: 6, ws: 3, strength: 3}
  b:
    unit: {name: Trolls, troop_type: monstrous_infantry, models: 6, frontage: 3, ws: 3, toughness: 4, wounds: 3, armour: light}
    leadership: 4
    fights:
      - {attacks: 3, initiative: 1, ws: 3, strength: 5}
`

func loadText(t *testing.T, text string) *Combat {
	t.Helper()
	c, err := Load("f.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// wantPoint fails unless d is always v.
func wantPoint(t *testing.T, what string, d *Dist, v int) {
	t.Helper()
	if d == nil || d.Min != v || len(d.P) != 1 || d.P[0].Cmp(one) != 0 {
		t.Errorf("%s: %+v, want always %d", what, d, v)
	}
}

// TestStepOfMoreThanAThousandAttacks: a step of 1,010 attacks is computed
// by every reader, as any other step (it panicked in dice.ConstExpr).
func TestStepOfMoreThanAThousandAttacks(t *testing.T) {
	ctx := context.Background()
	c := loadText(t, horde101)

	t.Run("Resolve", func(t *testing.T) {
		round, err := c.Resolve(dice.NewSeeded(1))
		if err != nil {
			t.Fatal(err)
		}
		if got := round.Outcome.Steps[0].Attacks[0]; got != 1010 {
			t.Errorf("step 1: the Horde made %d attacks, want 101 x 10 = 1010", got)
		}
		if f := round.Steps[0].Sides[0].Fights; len(f) != 1 || f[0].Attacks != 1010 {
			t.Errorf("step 1 log: the Horde's fights %+v, want one of 1010 attacks", f)
		}
		// Every face 1: 1,010 misses, then the Wall's 101 misses; a draw.
		faces := make([]int, 1010+101)
		for i := range faces {
			faces[i] = 1
		}
		round, err = c.Resolve(dice.NewScripted(faces...))
		if err != nil {
			t.Fatal(err)
		}
		if round.Winner != NoSide || round.Casualties != [2]int{} || round.Steps[1].Sides[1].Fights[0].Attacks != 101 {
			t.Errorf("every die a 1: winner %v, casualties %v, want a draw with nobody lost", round.Winner, round.Casualties)
		}
	})

	t.Run("MonteCarlo", func(t *testing.T) {
		rep, err := c.MonteCarlo(ctx, 100, 7)
		if err != nil {
			t.Fatal(err)
		}
		wantPoint(t, "step 1, the Horde's attacks", rep.Steps[0].Attacks[0], 1010)
		// 1,010 attacks hitting on 4+ and wounding on 4+ cause 252.5
		// wounds on average: the Wall is all but always destroyed first.
		if f, _ := rep.Sides[1].Destroyed.Float64(); f < 0.95 {
			t.Errorf("the Wall destroyed %.3f of the rounds, want nearly all", f)
		}
		again, err := c.MonteCarlo(ctx, 100, 7)
		if err != nil {
			t.Fatal(err)
		}
		if rep.AWins.Cmp(again.AWins) != 0 || rep.Sides[1].Destroyed.Cmp(again.Sides[1].Destroyed) != 0 ||
			rep.Sides[0].Casualties.Mean().Cmp(again.Sides[0].Casualties.Mean()) != 0 {
			t.Errorf("seed 7 twice: a wins %s then %s: not the same rounds", rep.AWins.RatString(), again.AWins.RatString())
		}
	})

	t.Run("Exact", func(t *testing.T) {
		// Past a small state limit the exact reader says so, and with
		// Fallback answers by Monte Carlo.
		_, err := c.Exact(ctx, ExactConfig{MaxStates: 10})
		if !errors.Is(err, odds.ErrStateLimit) {
			t.Fatalf("Exact with 10 states: %v, want the state limit", err)
		}
		rep, err := c.Exact(ctx, ExactConfig{MaxStates: 10, Fallback: true, Samples: 100, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		if rep.N != 100 || rep.Fallback == "" {
			t.Errorf("fallback: N %d, Fallback %q, want 100 rounds and why", rep.N, rep.Fallback)
		}
		wantPoint(t, "fallback, step 1, the Horde's attacks", rep.Steps[0].Attacks[0], 1010)

		// Six Trolls take the 1,010 attacks: they are all but always
		// destroyed before they strike (their 18 wounds against 1010 x
		// 1/2 x 1/3 x 5/6 = 140 unsaved on average), but not always: a
		// Horde that rolls no 4+ in 1,010 dice is a path too.
		trolls := loadText(t, trolls101)
		rep, err = trolls.Exact(ctx, ExactConfig{})
		if err != nil {
			t.Fatal(err)
		}
		wantPoint(t, "step 1, the Horde's attacks", rep.Steps[0].Attacks[0], 1010)
		for _, x := range []struct {
			what string
			p    *bigRat
		}{
			{"a wins", rep.AWins},
			{"the Trolls are destroyed", rep.Sides[1].Destroyed},
			{"the Trolls make no attack at step 2", rep.Steps[1].Attacks[1].At(0)},
			{"the Horde loses nobody", rep.Sides[0].Casualties.At(0)},
		} {
			if f, _ := x.p.Float64(); x.p.Cmp(one) >= 0 || f < 0.999999 {
				t.Errorf("P(%s) = %s, want just below 1", x.what, x.p.FloatString(9))
			}
		}
	})

	t.Run("Enumerate", func(t *testing.T) {
		// Far too many paths to walk: refused at once, not a panic.
		if _, err := c.Enumerate(ctx, 0); !errors.Is(err, ErrTooLarge) {
			t.Errorf("Enumerate: %v, want ErrTooLarge", err)
		}
	})
}

// largest is a side of models in one rank, each with 100 attacks (the
// most a fight has), against a unit of 1000 in one rank, so that every
// model is in contact.
func largest(models int) string {
	return fmt.Sprintf(`ruleset: whfb8
combat: {charger: none}
sides:
  a:
    unit: {name: Giants, models: %d, frontage: %d, ws: 3, toughness: 3}
    leadership: 7
    fights:
      - {attacks: 100, initiative: 6, ws: 3, strength: 3}
  b:
    unit: {name: Thousand, models: 1000, frontage: 1000, ws: 3, toughness: 3}
    leadership: 8
    fights:
      - {attacks: 1, initiative: 5, ws: 3, strength: 3}
`, models, models)
}

// TestLargestStep: the most attacks a side can make at one step is its
// models times their attacks; a combat file whose side could pass
// dice.MaxCount at one step is refused at its attacks field, and one
// just within it is computed.
func TestLargestStep(t *testing.T) {
	for _, tt := range []struct {
		name, text, want string
	}{
		{"1000 models of A100", largest(1000),
			"f.yaml:8:19: sides.a.fights[0].attacks: 100: 1000 models making 100 each could make 100000 attacks at one step: want at most 32767 attacks at one step"},
		{"328 models of A100", largest(328),
			"f.yaml:8:19: sides.a.fights[0].attacks: 100: 328 models making 100 each could make 32800 attacks at one step: want at most 32767 attacks at one step"},
		{"a champion's fight besides", strings.Replace(strings.Replace(largest(328), "toughness: 3}", "toughness: 3, command: [champion]}", 1),
			"      - {attacks: 100,", "      - {by: champion, attacks: 100, initiative: 6, ws: 3, strength: 3}\n      - {attacks: 100,", 1),
			"f.yaml:9:19: sides.a.fights[1].attacks: 100: 327 models making 100 each could make 32700 attacks at one step, the side's fights 32800 in all: want at most 32767 attacks at one step"},
	} {
		_, err := Load("f.yaml", []byte(tt.text))
		if !errors.Is(err, scenario.ErrInvalid) || err.Error() != tt.want {
			t.Errorf("%s:\n got %v\nwant %s", tt.name, err, tt.want)
		}
	}
	c := loadText(t, largest(327))
	rep, err := c.MonteCarlo(context.Background(), 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	wantPoint(t, "327 models of A100: step 1's attacks", rep.Steps[0].Attacks[0], 32700)

	// Built in Go rather than loaded, it is refused by Validate.
	c.Sides[0].Fights[0].Attacks = 101
	if _, err := c.MonteCarlo(context.Background(), 1, 1); err == nil || !strings.Contains(err.Error(), "sides.a.fights[0].attacks: 101: 327 models making 101 each could make 33027 attacks") {
		t.Errorf("A101 built in Go: %v, want Validate's refusal", err)
	}
}
