// Package bench measures rearrank against the performance targets of
// DESIGN.md. The scenarios S1-S4 are files in testdata/; run
//
//	go test -run '^$' -bench . -benchmem ./bench/
//
// and copy the figures into the README. Nothing here is a timed test.
package bench

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/unit"
)

func load(b *testing.B, name string) (*unit.Unit, []referee.Attack) {
	b.Helper()
	path := filepath.Join("testdata", name)
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	f, err := scenario.Load(path, data)
	if err != nil {
		b.Fatal(err)
	}
	u, attacks, err := f.Build()
	if err != nil {
		b.Fatal(err)
	}
	return u, attacks
}

func benchExact(b *testing.B, name string) {
	u, attacks := load(b, name)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		_, err := odds.Exact(ctx, u, attacks, odds.Config{})
		if err != nil && !errors.Is(err, odds.ErrStateLimit) {
			b.Fatal(err)
		}
	}
}

// BenchmarkS1: 20 attacks, hit 3+, S4 vs T3, 5+ armour, ward 6+, D3 wounds,
// 10 models of W3 (whfb8). Target: < 100 µs.
func BenchmarkS1(b *testing.B) { benchExact(b, "s1.yaml") }

// BenchmarkS2: S1 with 200 attacks against 100 models. Target: < 5 ms.
func BenchmarkS2(b *testing.B) { benchExact(b, "s2.yaml") }

// BenchmarkS3: battleaxe per-model damage, 30 hits, D6 wounds, 10 monsters
// of W6. Target: < 50 ms exact, or a clear error naming the state limit.
func BenchmarkS3(b *testing.B) { benchExact(b, "s3.yaml") }

// BenchmarkS4: skirmish, 10 attacks with criticals and injuries. Target: < 1 ms.
func BenchmarkS4(b *testing.B) { benchExact(b, "s4.yaml") }

// BenchmarkMonteCarlo reports dice per second on one core over S1. Target:
// >= 50 M dice per second per core.
func BenchmarkMonteCarlo(b *testing.B) {
	u, attacks := load(b, "s1.yaml")
	r := dice.NewSeeded(1)
	counter := &countingRoller{r: r}
	b.ReportAllocs()
	for b.Loop() {
		m, err := referee.NewMachine(u, attacks, nil)
		if err != nil {
			b.Fatal(err)
		}
		for !m.Done() {
			if err := m.Step(counter, nil); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(counter.n)/b.Elapsed().Seconds(), "dice/s")
}

type countingRoller struct {
	r dice.Roller
	n int
}

func (c *countingRoller) Roll(sides int) int { c.n++; return c.r.Roll(sides) }
