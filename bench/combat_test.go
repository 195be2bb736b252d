package bench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/web"
)

func loadCombat(tb testing.TB, name string) *combat.Combat {
	tb.Helper()
	path := filepath.Join("testdata", "combat", name)
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
	// The state-limit path: a limit of 1000 round states is passed at the
	// second step, and the Monte Carlo fallback (DefaultFallbackSamples
	// rounds) answers.
	b.Run("limit+fallback", func(b *testing.B) { benchCombat(b, c, combat.ExactConfig{MaxStates: 1000, Fallback: true}) })
}

// BenchmarkC1HTTP is C1 as the user of the API sees it: POST /api/combat
// ?exact=1 through the server's handler (admission, exact report, JSON),
// with the result cache defeated by a new seed each time.
func BenchmarkC1HTTP(b *testing.B) {
	body, err := os.ReadFile(filepath.Join("testdata", "combat", "c1.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	h := web.New(web.Config{}).Handler()
	n := 0
	for b.Loop() {
		n++
		// fallback=1 with a seed changes the cache key, not the exact answer
		req := httptest.NewRequest("POST", fmt.Sprintf("/api/combat?exact=1&fallback=1&seed=%d", n), bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/yaml")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != 200 {
			b.Fatalf("%d %s", w.Code, w.Body.String())
		}
	}
}

// BenchmarkCombatMonteCarloRound is one sampled round of 25 against 25
// (examples/combat-tow-halberds.yaml at 25 a side, tow): MonteCarlo over
// 8,192 rounds on one core, reported per round (issue 29's target: under
// 10 us a round, no allocation per die).
func BenchmarkCombatMonteCarloRound(b *testing.B) {
	c := loadCombat(b, "tow-halberds-25.yaml")
	const rounds = 8 * combat.MonteCarloChunk
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.MonteCarlo(ctx, rounds, 7); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*rounds)/1e3, "us/round")
}
