package main

import (
	"bufio"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestOwnerAskedOnlyTheOddCasualty: at the terminal, single_rank_policy
// owner_choice asks only when the batch's ends have given up as many
// models (RULES.md 11.2, R11), and offers the end the counters would take.
func TestOwnerAskedOnlyTheOddCasualty(t *testing.T) {
	u, err := unit.New(unit.Spec{Ruleset: rules.WHFB8, Options: rules.Options{SingleRankPolicy: rules.SingleRankOwnerChoice},
		Models: 6, Frontage: 6, Profile: unit.Profile{W: 1, T: 3}})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	// the owner takes the 1st casualty from the right end and accepts the
	// default for the 3rd
	u.StartBatch(&owner{in: bufio.NewReader(strings.NewReader("2\n\n")), out: &out})
	for range 3 {
		if _, err := u.Apply(unit.Packet{Target: unit.Target{Role: unit.RankAndFile}, Wounds: 1}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := u.EndBatch(); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "single_rank_policy"); n != 2 {
		t.Errorf("asked %d times, want 2 (the 1st and 3rd casualties):\n%s", n, out.String())
	}
	if !strings.Contains(out.String(), "choose 1-2 [1]: ") {
		t.Errorf("no default offered:\n%s", out.String())
	}
	// right, then left (the counters), then the default: left
	if got := u.Draw(); got != "[R R R]" {
		t.Errorf("after: %s, want [R R R]", got)
	}
	var files []int
	for _, c := range u.Ranks()[0] {
		if c.Model != nil {
			files = append(files, c.Slot.File+1)
		}
	}
	if !slices.Equal(files, []int{3, 4, 5}) {
		t.Errorf("models left at files %v, want [3 4 5] (two from the left, one from the right)", files)
	}
}
