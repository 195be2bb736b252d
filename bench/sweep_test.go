package bench

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/sweep"
)

// Sweeps (issue 29 part 2): a sweep of 20 points end to end, from the
// file's bytes to every point's answers, under 0.5 s on the 2-core
// machine; beside it the same 20 points one by one, each set and computed
// alone as rearrank odds or rearrank combat would after compare's --set.

// sweepOdds: examples/crossbows.yaml, Strength 1 to 10 against 10 and 20
// spearmen.
var sweepOdds = []sweep.Vary{{Path: "attacks[0].strength", From: 1, To: 10, Step: 1}, {Path: "target.models", From: 10, To: 20, Step: 10}}

// sweepCombat: examples/combat-spears-halberds.yaml, the halberds'
// Strength 2 to 6 against 10 to 25 spearmen.
var sweepCombat = []sweep.Vary{{Path: "sides.b.fights[0].strength", From: 2, To: 6, Step: 1}, {Path: "sides.a.unit.models", From: 10, To: 25, Step: 5}}

func readExample(b *testing.B, name string) []byte {
	data, err := os.ReadFile("../examples/" + name)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

func BenchmarkSweepOdds20(b *testing.B) {
	data := readExample(b, "crossbows.yaml")
	b.ReportAllocs()
	for b.Loop() {
		f, err := scenario.Load("crossbows.yaml", data)
		if err != nil {
			b.Fatal(err)
		}
		r, err := sweep.Run(context.Background(), sweep.Input{Scenario: f}, sweepOdds, sweep.Options{})
		if err != nil || r.Done() != 20 {
			b.Fatal(err)
		}
	}
}

func BenchmarkSweepOdds20OneByOne(b *testing.B) {
	data := readExample(b, "crossbows.yaml")
	b.ReportAllocs()
	for b.Loop() {
		for s := 1; s <= 10; s++ {
			for m := 10; m <= 20; m += 10 {
				f, err := scenario.Load("crossbows.yaml", data)
				if err != nil {
					b.Fatal(err)
				}
				g, err := f.With(scenario.Assignment{Path: "attacks[0].strength", Value: strconv.Itoa(s)}, scenario.Assignment{Path: "target.models", Value: strconv.Itoa(m)})
				if err != nil {
					b.Fatal(err)
				}
				u, attacks, err := g.Build()
				if err != nil {
					b.Fatal(err)
				}
				if _, err := odds.Exact(context.Background(), u, attacks, odds.Config{}); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

func BenchmarkSweepCombat20(b *testing.B) {
	data := readExample(b, "combat-spears-halberds.yaml")
	b.ReportAllocs()
	for b.Loop() {
		r, err := sweep.Run(context.Background(), sweep.Input{CombatName: "combat.yaml", CombatData: data}, sweepCombat, sweep.Options{})
		if err != nil || r.Done() != 20 {
			b.Fatal(err)
		}
	}
}

func BenchmarkSweepCombat20OneByOne(b *testing.B) {
	data := readExample(b, "combat-spears-halberds.yaml")
	b.ReportAllocs()
	for b.Loop() {
		for s := 2; s <= 6; s++ {
			for m := 10; m <= 25; m += 5 {
				c, _, err := combat.LoadWith("combat.yaml", data, nil,
					scenario.Assignment{Path: "sides.b.fights[0].strength", Value: strconv.Itoa(s)}, scenario.Assignment{Path: "sides.a.unit.models", Value: strconv.Itoa(m)})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := c.Exact(context.Background(), combat.ExactConfig{Fallback: true, Samples: sweep.DefaultCombatSamples}); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}
