// Package bench measures rearrank against the performance targets of
// DESIGN.md. The scenarios S1-S4 are files in testdata/, loaded with
// package scenario; the same scenarios are built in Go in units_test.go,
// and TestFilesMatchGo checks the two give the same odds. Run
//
//	go test -run '^$' -bench . -benchmem ./bench/
//
// and copy the figures into README.md. Nothing here is a timed test.
package bench

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/scenario"
)

func load(tb testing.TB, name string) (*rearrank.Unit, []rearrank.Attack) {
	tb.Helper()
	path := filepath.Join("testdata", name)
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	f, err := scenario.Load(path, data)
	if err != nil {
		tb.Fatal(err)
	}
	u, attacks, err := f.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return u, attacks
}

// benchExact times odds.Exact, which may end in a state-limit error (S3).
func benchExact(b *testing.B, u *rearrank.Unit, attacks []rearrank.Attack) {
	ctx := context.Background()
	res, err := odds.Exact(ctx, u, attacks, odds.Config{})
	switch {
	case errors.Is(err, odds.ErrStateLimit):
		b.Log(err)
	case err != nil:
		b.Fatal(err)
	default:
		b.Logf("%s, %d end states", res.Method, res.States)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := odds.Exact(ctx, u, attacks, odds.Config{}); err != nil && !errors.Is(err, odds.ErrStateLimit) {
			b.Fatal(err)
		}
	}
}

// BenchmarkS1: 20 attacks, hit 3+, S4 vs T3, 5+ armour, ward 6+, D3 wounds,
// 10 models of W3 (whfb8). Target: < 100 µs.
func BenchmarkS1(b *testing.B) { u, a := load(b, "s1.yaml"); benchExact(b, u, a) }

// BenchmarkS2: S1 with 200 attacks against 100 models. Target: < 5 ms.
func BenchmarkS2(b *testing.B) { u, a := load(b, "s2.yaml"); benchExact(b, u, a) }

// BenchmarkS1RerollPoison: S1 with re-rolled failed hits and Poisoned
// Attacks (RULES.md 20.1, 20.2). Target (issue 12): within 1.5x of S1.
func BenchmarkS1RerollPoison(b *testing.B) {
	u, a := load(b, "s1-reroll-poison.yaml")
	benchExact(b, u, a)
}

// BenchmarkS2RerollOnes: S2 with reroll_wound: ones (RULES.md 20.1).
// Target (issue 12): within 1.5x of S2.
func BenchmarkS2RerollOnes(b *testing.B) { u, a := load(b, "s2-reroll-ones.yaml"); benchExact(b, u, a) }

// BenchmarkS3: battleaxe per-model damage, 30 hits, D6 wounds, 10 monsters
// of W6. Target: < 50 ms exact, or a clear error naming the state limit.
func BenchmarkS3(b *testing.B) { u, a := load(b, "s3.yaml"); benchExact(b, u, a) }

// BenchmarkPerModel: battleaxe per-model damage, 60 automatic D3 hits of
// S4 at 20 models of T4 W4 (issue 9). Target: < 1 s exact.
func BenchmarkPerModel(b *testing.B) { u, a := load(b, "per-model-20.yaml"); benchExact(b, u, a) }

// BenchmarkS4: skirmish, 10 attacks with criticals and injuries. Target:
// < 1 ms.
func BenchmarkS4(b *testing.B) { u, a := load(b, "s4.yaml"); benchExact(b, u, a) }

// BenchmarkMonteCarlo reports the dice per second odds.MonteCarlo
// represents on one core (Workers: 1) over S1: the dice a sample would
// roll through the referee, drawn by counts. Target (issue 29): >= 100 M
// dice per second per core.
func BenchmarkMonteCarlo(b *testing.B) {
	u, attacks := load(b, "s1.yaml")
	benchMonteCarlo(b, u, attacks)
}

// BenchmarkMonteCarloDieByDie is BenchmarkMonteCarlo rolling every die
// through the referee (odds.Config.DieByDie), as before issue 29: the two
// side by side in one run.
func BenchmarkMonteCarloDieByDie(b *testing.B) {
	u, attacks := load(b, "s1.yaml")
	benchMonteCarloCfg(b, u, attacks, true)
}

func benchMonteCarlo(b *testing.B, u *rearrank.Unit, attacks []rearrank.Attack) {
	benchMonteCarloCfg(b, u, attacks, false)
}

func benchMonteCarloCfg(b *testing.B, u *rearrank.Unit, attacks []rearrank.Attack, dieByDie bool) {
	const samples = 1 << 16
	perSample := dicePerSample(b, u, attacks, 1<<14)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := odds.MonteCarlo(ctx, u, attacks, odds.Config{Samples: samples, Workers: 1, Seed: 7, DieByDie: dieByDie}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(perSample*samples*float64(b.N)/b.Elapsed().Seconds(), "dice/s")
	b.ReportMetric(perSample, "dice/sample")
}
