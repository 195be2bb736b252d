package bench

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/odds"
)

func loadCombat(tb testing.TB, name string) *combat.Combat {
	tb.Helper()
	path := filepath.Join("testdata", name)
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	c, err := combat.Load(path, data)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// benchCombat times combat's fast exact reader with cfg; past the state
// limit with cfg.Fallback, that is the Monte Carlo answer's time.
func benchCombat(b *testing.B, c *combat.Combat, cfg combat.ExactConfig) {
	ctx := context.Background()
	rep, err := c.Exact(ctx, cfg)
	switch {
	case errors.Is(err, odds.ErrStateLimit):
		b.Log(err)
	case err != nil:
		b.Fatal(err)
	case rep.Fallback != "":
		b.Logf("Monte Carlo over %d rounds: %s", rep.N, rep.Fallback)
	default:
		b.Logf("exact: a wins %s", rep.AWins.RatString())
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Exact(ctx, cfg); err != nil && !errors.Is(err, odds.ErrStateLimit) {
			b.Fatal(err)
		}
	}
}

// BenchmarkC1: RULES.md 21.13 E120 exact (target under 20 ms).
func BenchmarkC1(b *testing.B) {
	benchCombat(b, loadCombat(b, "c1.yaml"), combat.ExactConfig{})
}

// BenchmarkC2: 40 against 40, W1, characters and champions on both sides,
// exact (target under 500 ms, or the state-limit error and a fallback
// within 2 s).
func BenchmarkC2(b *testing.B) {
	c := loadCombat(b, "c2.yaml")
	b.Run("exact", func(b *testing.B) { benchCombat(b, c, combat.ExactConfig{}) })
	b.Run("fallback", func(b *testing.B) { benchCombat(b, c, combat.ExactConfig{Fallback: true}) })
}
