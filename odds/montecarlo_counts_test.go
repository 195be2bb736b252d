package odds

import (
	"fmt"
	"math"
	"math/big"
	"testing"

	"pgregory.net/rapid"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// countCase is a scenario for the comparisons of drawing by counts with
// rolling die by die.
type countCase struct {
	name    string
	u       *alloc.Unit
	attacks []rearrank.Attack
}

// countCases: the fixed scenarios of every ruleset and 60 random ones
// (package gen), each drawn from its own fixed seed.
func countCases(t *testing.T) []countCase {
	var cs []countCase
	for _, sc := range append(tinyScenarios(), mediumScenarios()...) {
		cs = append(cs, countCase{sc.name, mustUnit(t, sc.spec), sc.attacks})
	}
	g := rapid.Custom(func(t *rapid.T) countCase {
		u, a := genScenario(t, 30)
		return countCase{u: u, attacks: a}
	})
	for i := range 60 {
		c := g.Example(i)
		c.name = fmt.Sprintf("random %d: %s", i, describeScenario(c.u, c.attacks))
		cs = append(cs, c)
	}
	return cs
}

// TestCountsSameDistributionAsDieByDie: for every scenario, Monte Carlo
// drawing by counts and rolling die by die, from different seeds, give
// histograms of casualties, wounds and unsaved wounds and counts of
// destroyed units that a chi-square test of homogeneity cannot tell
// apart at a significance of 1e-6 per comparison (about 400 comparisons:
// a false alarm once in thousands of seeds; the seeds are fixed, so the
// test gives the same answer every run). TestCountsTestHasPower shows the
// same test telling apart distributions a little further apart than one
// attack in twenty.
func TestCountsSameDistributionAsDieByDie(t *testing.T) {
	const n = 20_000
	planned := 0
	for _, c := range countCases(t) {
		t.Run(c.name, func(t *testing.T) {
			if hasPlan(t, c.u, c.attacks) {
				planned++
			}
			counted, err := monteCarlo(t.Context(), c.u, c.attacks, Config{Samples: n, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			rolled, err := monteCarlo(t.Context(), c.u, c.attacks, Config{Samples: n, Seed: 2, DieByDie: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range homogeneity(counted, rolled, n) {
				t.Error(e)
			}
		})
	}
	// the comparison means something only where counts are drawn
	if planned < 25 {
		t.Errorf("only %d scenarios drawn by counts", planned)
	}
	t.Logf("%d scenarios drawn by counts", planned)
}

// TestCountsTestHasPower: the test of TestCountsSameDistributionAsDieByDie
// rejects S1's 20 attacks against 21 (casualties 5% apart), and a fair
// D6's faces against one with a face moved from a 1 to a 2 once in 16.
func TestCountsTestHasPower(t *testing.T) {
	const n = 20_000
	u := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 10, Frontage: 5,
		Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 3, Save: rules.SaveProfile{Armour: rules.HeavyArmour},
			Specials: rules.SpecialSaves{Ward: target("6+")}}})
	s1 := func(k int) []rearrank.Attack {
		return []rearrank.Attack{{Count: dice.ConstExpr(k), Hit: rearrank.HitSpec{Need: target("3+")}, Strength: 4,
			MultipleWounds: expr("D3"), Target: rf}}
	}
	a, err := monteCarlo(t.Context(), u, s1(20), Config{Samples: n, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := monteCarlo(t.Context(), u, s1(21), Config{Samples: n, Seed: 2, DieByDie: true})
	if err != nil {
		t.Fatal(err)
	}
	if errs := homogeneity(a, b, n); len(errs) == 0 {
		t.Error("20 attacks against 21: no difference found")
	}
	if !hasPlan(t, u, s1(20)) {
		t.Error("S1 is not drawn by counts")
	}
	fair := make([]int64, 6)
	loaded := make([]int64, 6)
	for i := range 6 {
		fair[i], loaded[i] = 16_000, 16_000
	}
	loaded[0], loaded[1] = 15_000, 17_000
	if x, df := chiSquare(fair, loaded); x < chiSquareCritical(df) {
		t.Errorf("a loaded die: chi-square %.1f below %.1f", x, chiSquareCritical(df))
	}
}

// TestCountsAgreeWithExact: S1 drawn by counts, against the exact
// distribution, within 4 standard errors (as TestMonteCarloAgreesWithExact).
func TestCountsAgreeWithExact(t *testing.T) {
	const n = 100_000
	u := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 10, Frontage: 5,
		Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 3, Save: rules.SaveProfile{Armour: rules.HeavyArmour},
			Specials: rules.SpecialSaves{Ward: target("6+")}}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(20), Hit: rearrank.HitSpec{Need: target("3+")}, Strength: 4,
		MultipleWounds: expr("D3"), Target: rf}}
	mc, err := monteCarlo(t.Context(), u, a, Config{Samples: n, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	agreeWithin4SE(t, exactly(t, u, a), mc, n)
}

// TestBinomialDrawExact: the chunk tables of a binomial draw hold the
// exact binomial weights: 2 trials of 2/3 are 1, 4, 4 in 9, and the
// running sums end at d^k.
func TestBinomialDrawExact(t *testing.T) {
	b := newBinomialDraw(2, 3)
	if got := fmt.Sprint(b.cdf[2]); got != "[1 5 9]" {
		t.Errorf("cdf of 2 trials: %s, want [1 5 9]", got)
	}
	for m := 1; m <= b.k; m++ {
		if got := b.cdf[m][m]; got != uint64(b.den[m]) {
			t.Errorf("cdf of %d trials ends at %d, want %d", m, got, b.den[m])
		}
	}
	if b.k != 39 { // 3^39 < 2^62 < 3^40
		t.Errorf("chunk of %d trials, want 39", b.k)
	}
	// a draw of n trials is a sum of chunks: never more than n
	r := dice.NewSeeded(1)
	for range 1000 {
		if j := b.draw(r, 100); j < 0 || j > 100 {
			t.Fatalf("%d successes of 100", j)
		}
	}
}

func hasPlan(t *testing.T, u *alloc.Unit, attacks []rearrank.Attack) bool {
	t.Helper()
	u, _ = u.StandIn(nil)
	tmpl, err := engine.NewMachine(u, attacks, nil)
	if err != nil {
		t.Fatal(err)
	}
	noDice := new(pathRoller)
	for !tmpl.Done() {
		c := tmpl.Clone()
		noDice.path = noDice.path[:0]
		noDice.reset()
		if err := c.Step(noDice, nil); err != nil || len(noDice.path) > 0 {
			break
		}
		tmpl = c
	}
	p, err := newCountPlan(t.Context(), tmpl)
	if err != nil {
		t.Fatal(err)
	}
	return p != nil
}

// homogeneity compares two Monte Carlo results of n samples each.
func homogeneity(a, b *Result, n int) []string {
	var errs []string
	for _, c := range []struct {
		name string
		a, b Dist
	}{{"casualties", a.Casualties, b.Casualties}, {"wounds", a.Wounds, b.Wounds}, {"unsaved", a.Unsaved, b.Unsaved}} {
		x, df := chiSquare(histogram(c.a, n), histogram(c.b, n))
		if df > 0 && x > chiSquareCritical(df) {
			errs = append(errs, fmt.Sprintf("%s: chi-square %.1f on %d degrees of freedom, over %.1f: %v against %v",
				c.name, x, df, chiSquareCritical(df), histogram(c.a, n), histogram(c.b, n)))
		}
	}
	da, db := count(a.Destroyed, n), count(b.Destroyed, n)
	if x, df := chiSquare([]int64{da, int64(n) - da}, []int64{db, int64(n) - db}); df > 0 && x > chiSquareCritical(df) {
		errs = append(errs, fmt.Sprintf("destroyed: %d against %d of %d", da, db, n))
	}
	return errs
}

func count(p *big.Rat, n int) int64 {
	v := new(big.Rat).Mul(p, big.NewRat(int64(n), 1))
	return v.Num().Int64() / v.Denom().Int64()
}

func histogram(d Dist, n int) []int64 {
	h := make([]int64, len(d.P))
	for i, p := range d.P {
		h[i] = count(p, n)
	}
	return h
}

// chiSquare is the statistic of the chi-square test of homogeneity of two
// histograms of equal totals, its bins of fewer than 10 samples in the two
// together pooled, and its degrees of freedom.
func chiSquare(a, b []int64) (x float64, df int) {
	var pa, pb int64
	bins := 0
	add := func(u, v int64) {
		d := float64(u - v)
		x += d * d / float64(u+v)
		bins++
	}
	for i := range max(len(a), len(b)) {
		var u, v int64
		if i < len(a) {
			u = a[i]
		}
		if i < len(b) {
			v = b[i]
		}
		if u+v < 10 {
			pa, pb = pa+u, pb+v
			continue
		}
		add(u, v)
	}
	if pa+pb > 0 {
		add(pa, pb)
	}
	return x, bins - 1
}

// chiSquareCritical is the chi-square value that df degrees of freedom
// pass with chance 1e-6 (Wilson-Hilferty; z = 4.753).
func chiSquareCritical(df int) float64 {
	k := float64(df)
	c := 1 - 2/(9*k) + 4.753*math.Sqrt(2/(9*k))
	return k * c * c * c
}
