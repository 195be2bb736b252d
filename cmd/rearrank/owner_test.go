package main

import (
	"bufio"
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestOwnerAskedOnlyTheOddCasualty: at the terminal, single_rank_policy
// owner_choice leaves the owner the odd casualty of a batch in a single
// rank and nothing else (RULES.md 11.2, R11): with single wounds, whose
// batch is known before the first casualty, it asks once for an odd batch
// and never for an even one, and the end he names gives up ceil(k/2) of
// the k casualties, the other end floor(k/2).
func TestOwnerAskedOnlyTheOddCasualty(t *testing.T) {
	rf := unit.Target{Role: unit.RankAndFile}
	for k := 1; k <= 7; k++ {
		for _, answer := range []string{"1", "2"} { // the left end (the default), the right
			u, err := rearrank.NewUnit(unit.Spec{Ruleset: rules.WHFB8, Options: rules.Options{SingleRankPolicy: rules.SingleRankOwnerChoice},
				Models: 9, Frontage: 9, Profile: unit.Profile{W: 1, T: 3}})
			if err != nil {
				t.Fatal(err)
			}
			var out strings.Builder
			o := &owner{in: bufio.NewReader(strings.NewReader(answer + "\n")), out: &out}
			a := []rearrank.Attack{{Count: dice.ConstExpr(k), Strength: 3, Target: rf}}
			sixes := make([]int, k)
			for i := range sixes {
				sixes[i] = 6
			}
			res, err := referee.ResolveWith(u, a, dice.NewScripted(sixes...), o)
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(out.String(), "single_rank_policy"); n != k%2 {
				t.Errorf("%d casualties: asked %d times, want %d:\n%s", k, n, k%2, out.String())
			}
			left, right := 0, 0 // the models gone from each end
			row := res.After.Ranks()[0]
			for left < len(row) && row[left].Model == nil {
				left++
			}
			for right < len(row) && row[len(row)-1-right].Model == nil {
				right++
			}
			want := [2]int{(k + 1) / 2, k / 2} // the left end first
			if answer == "2" && k%2 == 1 {
				want = [2]int{k / 2, (k + 1) / 2}
			}
			if left != want[0] || right != want[1] {
				t.Errorf("%d casualties, answer %s: %d from the left end, %d from the right; want %d and %d", k, answer, left, right, want[0], want[1])
			}
		}
	}
}

// TestOwnerAskedBeforeTheDice: when dice are left to roll, nobody knows
// how many models the batch takes, so the question comes at the first
// wound whose outcome it changes, after that wound's own dice and before
// the next: here a packet of 2 on models of 2 Wounds, then another. The
// batch takes 2, an even number, and the owner was asked once all the
// same, which is the cost docs/rules.md 11.2 states.
func TestOwnerAskedBeforeTheDice(t *testing.T) {
	u, err := rearrank.NewUnit(unit.Spec{Ruleset: rules.WHFB8, Options: rules.Options{SingleRankPolicy: rules.SingleRankOwnerChoice},
		Models: 5, Frontage: 5, Profile: unit.Profile{W: 2, T: 4}})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	o := &owner{in: bufio.NewReader(strings.NewReader("2\n")), out: &out}
	a := []rearrank.Attack{{Count: dice.ConstExpr(2), Strength: 10, NoSaves: true, MultipleWounds: dice.MustParseExpr("D3"),
		Target: unit.Target{Role: unit.RankAndFile}}}
	res, err := referee.ResolveWith(u, a, dice.NewScripted(6, 6, 2, 2), o)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "single_rank_policy"); n != 1 || res.Tally.Casualties != 2 {
		t.Fatalf("asked %d times, %d casualties; want once, 2", n, res.Tally.Casualties)
	}
	var order []string
	for _, e := range res.Events {
		switch {
		case e.Kind == rearrank.Roll && e.Stage == rearrank.Damage:
			order = append(order, "die")
		case strings.HasPrefix(e.Text, "the owner's choice"):
			order = append(order, "asked")
		case e.Kind == rearrank.Casualty:
			order = append(order, e.Rule+" "+strings.SplitN(e.Text, ";", 2)[1])
		}
	}
	want := "die asked RULES.md 11  single rank, right end die RULES.md 11  single rank, left end"
	if got := strings.Join(order, " "); got != want {
		t.Errorf("events %q, want %q", got, want)
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
