package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rearrank/rearrank/odds"
)

// bombYAML runs for seconds under a high state limit, until the byte budget stops it: issue 11's
// per-model damage, 60 attacks with D6 multiple wounds at 20 models of W6
// (12 attacks at 10 models now end within the 200 ms the test waits).
const bombYAML = `ruleset: battleaxe
attacks:
  - {count: 60, ws: 4, strength: 6, multiple_wounds: D6}
target: {troop_type: monstrous_infantry, models: 20, ws: 3, toughness: 4, wounds: 6, armour: light, damage: [2]}
`

// TestInterrupt: cancelling run's context, as main does on Ctrl-C, stops
// odds, compare and sim within a second and says so.
func TestInterrupt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bomb.yaml")
	if err := os.WriteFile(path, []byte(bombYAML), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"odds", "--max-states", "100000000", path},
		{"compare", "--set", "packet_target=fresh_first", path},
		{"sim", "--n", "1000000000", path},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		var stderr bytes.Buffer
		done := make(chan error, 1)
		go func() {
			done <- run(ctx, args, env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &stderr, getenv: func(string) string { return "" }})
		}()
		time.Sleep(200 * time.Millisecond)
		cancel()
		select {
		case err := <-done:
			// a player reads "interrupted", not Go's "context canceled";
			// a program still finds the context's error
			if err == nil || !strings.HasSuffix(err.Error(), ": interrupted") || strings.Contains(err.Error(), "context") || !errors.Is(err, context.Canceled) {
				t.Errorf("%s: %v", args[0], err)
			}
		case <-time.After(time.Second):
			t.Errorf("%s: still running a second after the interrupt", args[0])
			<-done
		}
	}
}

// TestStateAdvice: past a state limit the advice names what helps: the
// flag for the number of states, never for the memory budget or the ways
// one roll's dice fall, which no flag raises; Monte Carlo for every one.
func TestStateAdvice(t *testing.T) {
	cases := []struct {
		err      error
		flag     bool
		fallback string
	}{
		{fmt.Errorf("%w: more than 200 states after 3 steps: S3", odds.ErrStateLimit), true, "--fallback"},
		{fmt.Errorf("s3.yaml: %w", odds.ErrMemoryLimit), false, "--fallback"},
		{fmt.Errorf("s.yaml: %w", odds.ErrDicePaths), false, "--fallback"},
	}
	for _, c := range cases {
		got := stateAdvice(c.err, true)
		if strings.Contains(got, "--max-states") != c.flag || !strings.Contains(got, c.fallback) {
			t.Errorf("stateAdvice(%v) = %q: want --max-states %v, and %s", c.err, got, c.flag, c.fallback)
		}
	}
	if got := stateAdvice(odds.ErrMemoryLimit, false); !strings.Contains(got, "rearrank sim") || !strings.Contains(got, "memory") {
		t.Errorf("compare's advice past the memory budget: %q", got)
	}
}
