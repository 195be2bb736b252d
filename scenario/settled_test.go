package scenario

import (
	"context"
	"testing"

	"github.com/rearrank/rearrank/odds"
)

// The points RULES.md 22.18 settled, which files once refused: each is
// read, and what it does is checked in exact numbers.

// settledOdds loads src and returns its exact odds.
func settledOdds(t *testing.T, src string) *odds.Result {
	t.Helper()
	f, err := Load("settled.yaml", []byte(src))
	if err != nil {
		t.Fatalf("%s", err)
	}
	u, attacks, err := f.Build()
	if err != nil {
		t.Fatal(err)
	}
	res, err := odds.Exact(context.Background(), u, attacks, odds.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestHatredOnAutomaticHitsRead: hatred on a group that hits
// automatically is read and does nothing (20.1, 22.18): 2 automatic hits
// at S4 v T4 make 1 unsaved wound on average, as without it.
func TestHatredOnAutomaticHitsRead(t *testing.T) {
	const src = "ruleset: whfb8\nattacks:\n  - {count: 2, phase: melee, strength: 4, hatred: true}\ntarget: {models: 5, toughness: 4}\n"
	if got := settledOdds(t, src).Unsaved.Mean().RatString(); got != "1" {
		t.Errorf("mean unsaved %s, want 1", got)
	}
}
