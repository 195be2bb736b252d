package main

import (
	"bufio"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestOwnerAskedOnlyTheOddCasualty: at the terminal, single_rank_policy
// owner_choice asks once per batch that takes an odd number of models from
// a single rank, about the odd one, and never about an even batch (RULES.md
// 11.2, R11); the answer gives the odd casualty to that end.
func TestOwnerAskedOnlyTheOddCasualty(t *testing.T) {
	rf := unit.Target{Role: unit.RankAndFile}
	for _, tc := range []struct {
		hits    int
		answers string
		asked   int
		files   []int // the files of the models left, from 1
	}{
		{3, "2\n", 1, []int{2, 3, 4, 5}}, // right, left, right: two from the right end
		{3, "\n", 1, []int{3, 4, 5, 6}},  // the default: left, right, left
		{4, "2\n2\n", 0, []int{3, 4, 5}}, // two from each end: nothing to ask
		{1, "2\n", 1, []int{1, 2, 3, 4, 5, 6}},
	} {
		u, err := unit.New(unit.Spec{Ruleset: rules.WHFB8, Options: rules.Options{SingleRankPolicy: rules.SingleRankOwnerChoice},
			Models: 7, Frontage: 7, Profile: unit.Profile{W: 1, T: 3}})
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		o := &owner{in: bufio.NewReader(strings.NewReader(tc.answers)), out: &out}
		a := []referee.Attack{{Count: dice.ConstExpr(tc.hits), Strength: 3, Target: rf}}
		sixes := make([]int, tc.hits)
		for i := range sixes {
			sixes[i] = 6
		}
		res, err := referee.ResolveWith(u, a, dice.NewScripted(sixes...), o)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(out.String(), "single_rank_policy"); n != tc.asked {
			t.Errorf("%d casualties: asked %d times, want %d:\n%s", tc.hits, n, tc.asked, out.String())
		}
		var files []int
		for _, c := range res.After.Ranks()[0] {
			if c.Model != nil {
				files = append(files, c.Slot.File+1)
			}
		}
		if !slices.Equal(files, tc.files) {
			t.Errorf("%d casualties, answers %q: models left at files %v, want %v", tc.hits, tc.answers, files, tc.files)
		}
	}
}

// TestOwnerOffersTheDefaultFirst: every question lists the engine's
// default as option 1, whatever its index in the Choice, and maps the
// answers back.
func TestOwnerOffersTheDefaultFirst(t *testing.T) {
	var out strings.Builder
	o := &owner{in: bufio.NewReader(strings.NewReader("\n1\n2\n3\n")), out: &out}
	names := []string{"left", "middle", "right"}
	for _, want := range []int{2, 2, 0, 1} {
		if got := o.ask("which", names, 2); got != want {
			t.Errorf("answer %d, want option %d", got, want)
		}
	}
	if !strings.HasPrefix(out.String(), "which?\n  1) right\n  2) left\n  3) middle\nchoose 1-3 [1]: ") {
		t.Errorf("asked:\n%s", out.String())
	}
}
