package sweep

import (
	"context"
	"errors"
	"flag"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/scenario"
	"pgregory.net/rapid"
)

var update = flag.Bool("update", false, "rewrite the golden SVG files in testdata from the output")

func crossbows(t testing.TB) *scenario.File {
	t.Helper()
	data, err := os.ReadFile("../examples/crossbows.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f, err := scenario.Load("crossbows.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// duel is a small combat file whose fields the property test writes by
// hand: {S} is side a's Strength, {M} side b's models.
const duel = `ruleset: whfb8
combat: {charger: a}
sides:
  a:
    unit: {name: Swords, models: 10, frontage: 5, ws: 4, toughness: 3, armour: light}
    leadership: 8
    fights:
      - {attacks: 1, initiative: 4, ws: 4, strength: {S}}
  b:
    unit: {name: Goblins, models: {M}, frontage: 5, ws: 2, toughness: 3, shield: true}
    leadership: 6
    fights:
      - {attacks: 1, initiative: 2, ws: 2, strength: 3}
`

func duelText(s, m int) []byte {
	return []byte(strings.NewReplacer("{S}", strconv.Itoa(s), "{M}", strconv.Itoa(m)).Replace(duel))
}

func eq(t *rapid.T, what string, got, want *big.Rat) {
	if (got == nil) != (want == nil) || got != nil && got.Cmp(want) != 0 {
		t.Fatalf("%s: sweep %v, alone %v", what, got, want)
	}
}

// TestPointIsItsComputation: every point of a sweep equals, fraction for
// fraction, the single computation at its values: the scenario with the
// values set as compare --set sets them, then odds.Exact; the combat file
// written with the values, loaded and computed exactly.
func TestPointIsItsComputation(t *testing.T) {
	f := crossbows(t)
	rapid.Check(t, func(t *rapid.T) {
		s0 := rapid.IntRange(1, 10).Draw(t, "s0")
		s1 := rapid.IntRange(s0, 10).Draw(t, "s1")
		m0 := rapid.IntRange(1, 12).Draw(t, "m0")
		step := rapid.IntRange(1, 5).Draw(t, "step")
		vs := []Vary{{Path: "attacks[0].strength", From: s0, To: s1, Step: 1}, {Path: "target.models", From: m0, To: m0 + 2*step, Step: step}}
		atLeast := []int{1, rapid.IntRange(2, 8).Draw(t, "n")}
		r, err := Run(context.Background(), Input{Scenario: f}, vs, Options{AtLeast: atLeast, Exact: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Points) != vs[0].Len()*3 {
			t.Fatalf("%d points, want %d", len(r.Points), vs[0].Len()*3)
		}
		i := 0
		for s := s0; s <= s1; s++ {
			for m := m0; m <= m0+2*step; m += step {
				p := &r.Points[i]
				i++
				if p.Values[0] != s || p.Values[1] != m || !p.Done || !p.Exact {
					t.Fatalf("point %d: values %v done %v exact %v, want [%d %d] done, exact", i, p.Values, p.Done, p.Exact, s, m)
				}
				g, err := f.With(scenario.Assignment{Path: "attacks[0].strength", Value: strconv.Itoa(s)}, scenario.Assignment{Path: "target.models", Value: strconv.Itoa(m)})
				if err != nil {
					t.Fatal(err)
				}
				u, attacks, err := g.Build()
				if err != nil {
					t.Fatal(err)
				}
				want, err := odds.Exact(context.Background(), u, attacks, odds.Config{})
				if err != nil {
					t.Fatal(err)
				}
				eq(t, "mean", p.Mean, want.Casualties.Mean())
				eq(t, "destroyed", p.Destroyed, want.Destroyed)
				eq(t, "panic", p.Panic, want.Panic)
				for j, n := range atLeast {
					eq(t, "at least "+strconv.Itoa(n), p.AtLeast[j], want.Casualties.AtLeast(n))
				}
			}
		}
		// the combat round
		c0 := rapid.IntRange(1, 8).Draw(t, "c0")
		m := rapid.IntRange(5, 15).Draw(t, "m")
		r, err = Run(context.Background(), Input{CombatName: "duel.yaml", CombatData: duelText(3, m)},
			[]Vary{{Path: "sides.a.fights[0].strength", From: c0, To: c0 + 2, Step: 1}}, Options{Exact: true})
		if err != nil {
			t.Fatal(err)
		}
		for k, p := range r.Points {
			c, err := combat.Load("duel.yaml", duelText(c0+k, m))
			if err != nil {
				t.Fatal(err)
			}
			want, err := c.Exact(context.Background(), combat.ExactConfig{})
			if err != nil {
				t.Fatal(err)
			}
			if p.Values[0] != c0+k || !p.Exact {
				t.Fatalf("combat point %d: values %v exact %v", k, p.Values, p.Exact)
			}
			eq(t, "win", p.Win, want.AWins)
			eq(t, "lose", p.Lose, want.BWins)
			eq(t, "draw", p.Draw, want.Draw)
			eq(t, "enemy breaks", p.EnemyBreaks, want.Sides[1].Breaks)
			eq(t, "breaks", p.Breaks, want.Sides[0].Breaks)
			eq(t, "margin", p.Margin, want.Margin.Mean())
		}
	})
}

// TestCrossbowsStrength: the crossbows' mean at S2 to S6: each shot kills
// 1/2 (hit) x the wound's chance x the unsaved's, as RULES.md 6.1
// and 7.1 give them, over 20 shots; S5 and S6 kill alike (2+ to wound, no save).
func TestCrossbowsStrength(t *testing.T) {
	r, err := Run(context.Background(), Input{Scenario: crossbows(t)}, []Vary{{Path: "attacks[0].strength", From: 2, To: 6, Step: 1}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"20/9", "10/3", "50/9", "25/3", "25/3"}
	for i, p := range r.Points {
		if p.Mean.RatString() != want[i] || p.Method == "" || !p.Exact {
			t.Errorf("S%d: mean %s (%s, exact %v), want %s", p.Values[0], p.Mean.RatString(), p.Method, p.Exact, want[i])
		}
	}
	if r.Computed != 5 {
		t.Errorf("computed %d times, want 5", r.Computed)
	}
	if got := r.AtLeast; len(got) != 3 || got[0] != 1 || got[1] != 6 || got[2] != 8 {
		t.Errorf("default chances at least %v, want [1 6 8] (1, the middle mean 50/9, the largest 25/3)", got)
	}
}

func TestParseVary(t *testing.T) {
	good := map[string]Vary{
		"attacks[0].strength=3..7": {"attacks[0].strength", 3, 7, 1},
		"target.models=10..40:5":   {"target.models", 10, 40, 5},
		" target.models = 1 .. 2 ": {"target.models", 1, 2, 1},
		"sides.b.unit.bonus=-2..2": {"sides.b.unit.bonus", -2, 2, 1},
		"attacks[0].strength=4..4": {"attacks[0].strength", 4, 4, 1},
		"target.models=10..41:5":   {"target.models", 10, 41, 5},
	}
	for s, want := range good {
		v, err := ParseVary(s)
		if err != nil || v != want {
			t.Errorf("ParseVary(%q) = %+v, %v; want %+v", s, v, err, want)
		}
	}
	if v := good["target.models=10..41:5"]; v.Len() != 7 || v.Values()[6] != 40 {
		t.Errorf("10..41:5: %d values %v, want 7 ending at 40", v.Len(), v.Values())
	}
	bad := map[string]string{
		"attacks[0].strength":      `--vary "attacks[0].strength": want PATH=FROM..TO or PATH=FROM..TO:STEP, such as attacks[0].strength=3..7`,
		"=3..7":                    `--vary "=3..7": want PATH=FROM..TO or PATH=FROM..TO:STEP, such as attacks[0].strength=3..7`,
		"target.models=10-40":      `--vary "target.models=10-40": the range "10-40" is not FROM..TO or FROM..TO:STEP, such as attacks[0].strength=3..7`,
		"target.models=a..40":      `--vary "target.models=a..40": the start "a" is not a whole number; want PATH=FROM..TO[:STEP], such as attacks[0].strength=3..7`,
		"target.models=10..40:x":   `--vary "target.models=10..40:x": the step "x" is not a whole number; want PATH=FROM..TO[:STEP], such as attacks[0].strength=3..7`,
		"target.models=10..40:-5":  `target.models=10..40:-5: the step is -5; want 1 or more`,
		"target.models=40..10":     `target.models=40..10: the range goes down from 40 to 10; write the smaller end first`,
		"target.models=1..9999999": `--vary "target.models=1..9999999": the end "9999999" is not a whole number; want PATH=FROM..TO[:STEP], such as attacks[0].strength=3..7`,
	}
	for s, want := range bad {
		_, err := ParseVary(s)
		if err == nil || err.Error() != want || !errors.Is(err, ErrInput) {
			t.Errorf("ParseVary(%q): %v; want %s", s, err, want)
		}
	}
}

func TestBadSweeps(t *testing.T) {
	f := crossbows(t)
	cases := []struct {
		name string
		vs   []Vary
		opt  Options
		want string
	}{
		{"none", nil, Options{}, "nothing to vary: give --vary PATH=FROM..TO, such as attacks[0].strength=3..7"},
		{"three", []Vary{{"a", 1, 2, 1}, {"b", 1, 2, 1}, {"c", 1, 2, 1}}, Options{}, "3 fields varied; a sweep varies at most 2 (a line chart for one, a heatmap for two)"},
		{"10000", []Vary{{"target.models", 1, 100, 1}, {"attacks[0].count", 1, 100, 1}}, Options{}, "10000 points in all; a sweep has at most 400: take a larger step or a shorter range"},
		{"401", []Vary{{"target.models", 1, 401, 1}}, Options{}, "401 points in all; a sweep has at most 400: take a larger step or a shorter range"},
		{"twice", []Vary{{"target.models", 1, 2, 1}, {"target.models", 3, 4, 1}}, Options{}, "target.models is varied twice"},
		{"unknown", []Vary{{"target.modles", 1, 2, 1}}, Options{}, `cannot vary: target.modles: target has no field "modles" (did you mean "models"?)`},
		{"refused", []Vary{{"attacks[0].strength", 9, 11, 1}}, Options{}, "point 3 of 3 (attacks[0].strength=11): attacks[0].strength: want 1 to 10, got 11"},
		{"refused2", []Vary{{"attacks[0].strength", 9, 10, 1}, {"target.models", -1, 1, 1}}, Options{}, "point 1 of 6 (attacks[0].strength=9, target.models=-1): target.models: want 1 to 1000, got -1"},
		{"at least", []Vary{{"target.models", 1, 2, 1}}, Options{AtLeast: []int{0}}, "at least 0: want a number of casualties from 1 to 1000"},
	}
	for _, c := range cases {
		r, err := Run(context.Background(), Input{Scenario: f}, c.vs, c.opt)
		if r != nil || err == nil || err.Error() != c.want || !errors.Is(err, ErrInput) {
			t.Errorf("%s: %v, %v; want an ErrInput: %s", c.name, r, err, c.want)
		}
	}
	// in Russian
	_, err := Run(context.Background(), Input{Scenario: f}, []Vary{{"attacks[0].strength", 9, 11, 1}}, Options{})
	if got, want := msg.ErrorText(err, msg.Russian), "точка 3 из 3 (attacks[0].strength=11): attacks[0].strength: нужно от 1 до 10, а не 11"; got != want {
		t.Errorf("Russian: %s; want %s", got, want)
	}
	// a combat file's path through a value that is not a list
	_, err = Run(context.Background(), Input{CombatName: "duel.yaml", CombatData: duelText(3, 10)}, []Vary{{"sides.a.leadership[0]", 1, 2, 1}}, Options{})
	if want := "cannot vary: sides.a.leadership[0]: sides.a.leadership is not a list"; err == nil || err.Error() != want {
		t.Errorf("combat: %v; want %s", err, want)
	}
	_, err = Run(context.Background(), Input{CombatName: "duel.yaml", CombatData: duelText(3, 10)}, []Vary{{"sides.a.fights[3].strength", 1, 2, 1}}, Options{})
	if want := "cannot vary: sides.a.fights[3].strength: sides.a.fights has 1 entry, numbered 0"; err == nil || err.Error() != want {
		t.Errorf("combat: %v; want %s", err, want)
	}
}

// TestStopped: a sweep whose context has ended gives the points it did
// (none here) and says what it left out.
func TestStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Run(ctx, Input{Scenario: crossbows(t)}, []Vary{{"attacks[0].strength", 1, 4, 1}}, Options{})
	if r == nil || !errors.Is(err, ErrStopped) || !errors.Is(err, context.Canceled) {
		t.Fatalf("%v, %v; want the points and ErrStopped", r, err)
	}
	if r.Done() != 0 || len(r.Points) != 4 || r.Points[3].Values[0] != 4 {
		t.Errorf("done %d of %d, want 0 of 4 with their values", r.Done(), len(r.Points))
	}
	if want := "stopped after 0 of 4 points: the points done are given, the others were not computed"; err.Error() != want {
		t.Errorf("%v; want %s", err, want)
	}
	svg, err := Chart(r, ChartOptions{}, msg.English)
	if err != nil || !strings.Contains(svg, "4 of 4 points not computed before the deadline") {
		t.Errorf("the chart of a stopped sweep does not say what it left out: %v", err)
	}
}

// TestSampledPoint: past the state limit a point is sampled (and says so),
// or with Exact an error naming the point.
func TestSampledPoint(t *testing.T) {
	in := Input{CombatName: "duel.yaml", CombatData: duelText(3, 10)}
	vs := []Vary{{"sides.a.fights[0].strength", 3, 4, 1}}
	r, err := Run(context.Background(), in, vs, Options{MaxStates: 1, Samples: 2000, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range r.Points {
		if p.Exact || p.Samples != 2000 || p.Method != "monte carlo" || p.Fallback.IsZero() || p.SEOf(p.Win) == 0 {
			t.Errorf("point %v: exact %v, %d samples, %q: want sampled over 2000 rounds, with why", p.Values, p.Exact, p.Samples, p.Method)
		}
	}
	_, err = Run(context.Background(), in, vs, Options{MaxStates: 1, Exact: true, Workers: 1})
	var pe *PointError
	if !errors.As(err, &pe) || !errors.Is(err, odds.ErrStateLimit) || !strings.HasPrefix(err.Error(), "point 1 of 2 (sides.a.fights[0].strength=3): ") {
		t.Errorf("%v; want point 1's state limit", err)
	}
}

func TestChartGolden(t *testing.T) {
	f := crossbows(t)
	cases := []struct {
		name string
		in   Input
		vs   []Vary
		opt  ChartOptions
		lang msg.Lang
	}{
		{"line", Input{Scenario: f}, []Vary{{"attacks[0].strength", 1, 8, 1}}, ChartOptions{}, msg.English},
		{"line-ru", Input{Scenario: f}, []Vary{{"attacks[0].strength", 1, 8, 1}}, ChartOptions{}, msg.Russian},
		{"heat", Input{Scenario: f}, []Vary{{"attacks[0].strength", 2, 5, 1}, {"target.models", 5, 20, 5}}, ChartOptions{}, msg.English},
		{"heat-destroyed-ru", Input{Scenario: f}, []Vary{{"attacks[0].strength", 2, 5, 1}, {"target.models", 5, 20, 5}}, ChartOptions{Show: "destroyed"}, msg.Russian},
		{"combat", Input{CombatName: "duel.yaml", CombatData: duelText(3, 10)}, []Vary{{"sides.a.fights[0].strength", 2, 6, 1}}, ChartOptions{Sides: Sides{"Swords", "Goblins"}}, msg.English},
		{"combat-heat", Input{CombatName: "duel.yaml", CombatData: duelText(3, 10)}, []Vary{{"sides.a.fights[0].strength", 2, 4, 1}, {"sides.b.unit.models", 5, 15, 5}}, ChartOptions{Sides: Sides{"Swords", "Goblins"}}, msg.English},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := Run(context.Background(), c.in, c.vs, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := Chart(r, c.opt, c.lang)
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", c.name+".svg")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("%s differs from the chart drawn now (go test ./sweep -run TestChartGolden -update rewrites it)", golden)
			}
		})
	}
	if _, err := Chart(&Result{Kind: Odds, Vary: []Vary{{"a", 1, 1, 1}, {"b", 1, 1, 1}}, Points: []Point{{Values: []int{1, 1}}}}, ChartOptions{Show: "win"}, msg.English); err == nil {
		t.Error("a heatmap of a scenario's win drew")
	}
}
