package matrix

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/scenario"
)

// exampleUnits are testdata/units.json: units of tow, whfb8 and
// skirmish, shooters, blocks, monsters and a unit with no attack.
func exampleUnits(t testing.TB) []Unit {
	t.Helper()
	data, err := os.ReadFile("testdata/units.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := ReadSide("testdata/units.json", data)
	if err != nil {
		t.Fatal(err)
	}
	return s.Units
}

// single is the computation a cell stands for, done alone: the cell's
// file loaded by its package's loader and computed by its reader with
// the settings of a run (cfg), as rearrank odds and rearrank combat do.
func single(t *testing.T, row, col *Unit, f Fight, cfg Config) (*odds.Result, *combat.Report, error) {
	t.Helper()
	ctx := context.Background()
	if f == Shooting {
		data, err := ScenarioFile(row, col)
		if err != nil || data == nil {
			return nil, nil, err
		}
		sf, err := scenario.Load("single", data)
		if err != nil {
			return nil, nil, err
		}
		u, attacks, err := sf.Build()
		if err != nil {
			return nil, nil, err
		}
		res, err := odds.Exact(ctx, u, attacks, odds.Config{MaxStates: cfg.MaxStates, Fallback: true, Samples: cfg.samples(), Seed: cfg.Seed})
		return res, nil, err
	}
	data, err := CombatFile(row, col, f)
	if err != nil {
		return nil, nil, err
	}
	c, err := combat.Load("single", data)
	if err != nil {
		return nil, nil, err
	}
	rep, err := c.Exact(ctx, combat.ExactConfig{MaxStates: cfg.MaxStates})
	if errors.Is(err, odds.ErrStateLimit) {
		rep, err = c.MonteCarlo(ctx, cfg.samples(), cfg.Seed)
	}
	return nil, rep, err
}

func sameRat(a, b *big.Rat) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Cmp(b) == 0
}

func sameOdds(a, b *odds.Result) bool {
	if !sameRat(a.Destroyed, b.Destroyed) || !sameRat(a.Panic, b.Panic) || a.Exact != b.Exact || a.Samples != b.Samples {
		return false
	}
	for i := range max(len(a.Casualties.P), len(b.Casualties.P)) {
		if !sameRat(a.Casualties.AtLeast(i), b.Casualties.AtLeast(i)) {
			return false
		}
	}
	return true
}

func sameReport(a, b *combat.Report) bool {
	if a.N != b.N || !sameRat(a.AWins, b.AWins) || !sameRat(a.Draw, b.Draw) || !sameRat(a.BWins, b.BWins) ||
		!sameRat(a.Margin.Mean(), b.Margin.Mean()) {
		return false
	}
	for i := range 2 {
		if !sameRat(a.Sides[i].Breaks, b.Sides[i].Breaks) {
			return false
		}
	}
	return true
}

func f64(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// Every cell equals the computation it stands for, done alone: the same
// odds or combat report, fraction for fraction where exact, and the
// values read from it from the row's side. Matrices of units drawn from
// the examples with a seeded generator, each fight, the same unit on
// both sides and twice on one (work shared between cells must not mix
// them up), and units of rulesets that cannot meet.
func TestCellsAreTheirComputation(t *testing.T) {
	// No time budget that a slow machine (or -race) could pass: which
	// cells are exact must not depend on the clock here.
	checkCells(t, Config{Workers: 2, Seed: 7, ExactBudget: time.Hour}, 6, []string{"exact shooting", "exact charge", "exact charged", "exact melee", "none shooting", "error shooting", "error charge"})
}

// With a state limit that most computations pass, cells are sampled:
// each is the Monte Carlo estimate its file gives past that limit, with
// the same samples and seed.
func TestSampledCellsAreTheirComputation(t *testing.T) {
	checkCells(t, Config{Workers: 2, Seed: 3, MaxStates: 4, Samples: 300, ExactBudget: time.Hour}, 4, []string{"sampled shooting", "sampled charge"})
}

func checkCells(t *testing.T, cfg Config, trials int, want []string) {
	pool := exampleUnits(t)
	r := rand.New(rand.NewPCG(29, 1))
	kinds := map[string]int{}
	for trial := range trials {
		pick := func() []Unit {
			n := 2 + r.IntN(3)
			out := make([]Unit, n)
			for i := range out {
				out[i] = pool[r.IntN(len(pool))]
			}
			return out
		}
		mine, theirs := pick(), pick()
		fights := []Fight{Shooting, Charge, Charged, Melee}
		r.Shuffle(len(fights), func(i, j int) { fights[i], fights[j] = fights[j], fights[i] })
		fights = fights[:1+r.IntN(len(fights))]
		m, err := New(Side{Units: mine}, Side{Units: theirs}, fights, 1+r.IntN(3))
		if err != nil {
			t.Fatal(err)
		}
		seen := map[cellID]bool{}
		s := m.Run(context.Background(), cfg, func(c Cell) {
			id := cellID{c.Row, c.Col, c.Fight}
			if seen[id] {
				t.Errorf("trial %d: cell %v twice", trial, id)
			}
			seen[id] = true
			kinds[c.Method.String()+" "+c.Fight.String()]++
			row, col := &m.Rows[c.Row], &m.Cols[c.Col]
			res, rep, err := single(t, row, col, c.Fight, cfg)
			where := func() string { return row.Name + " v " + col.Name + " " + c.Fight.String() }
			switch {
			case err != nil:
				if c.Method != MethodError || ErrorText(c.Err, msg.English) != ErrorText(err, msg.English) {
					t.Errorf("trial %d %s: alone the error %v; the cell %v %v", trial, where(), err, c.Method, c.Err)
				}
			case res == nil && rep == nil:
				if c.Method != MethodNone {
					t.Errorf("trial %d %s: nothing to compute; the cell is %v", trial, where(), c.Method)
				}
			case res != nil:
				if c.Odds == nil || !sameOdds(c.Odds, res) {
					t.Errorf("trial %d %s: the cell's odds differ from the scenario's", trial, where())
					return
				}
				want := Values{Mean: f64(res.Casualties.Mean()), PAtLeast: f64(res.Casualties.AtLeast(m.AtLeast)), PDestroy: f64(res.Destroyed)}
				if res.Panic != nil {
					want.PPanic, want.HasPanic = f64(res.Panic), true
				}
				if c.Values != want || (c.Method == MethodExact) != res.Exact {
					t.Errorf("trial %d %s: values %+v, want %+v", trial, where(), c.Values, want)
				}
			default:
				if c.Report == nil || !sameReport(c.Report, rep) {
					t.Errorf("trial %d %s: the cell's report differs from the combat file's", trial, where())
					return
				}
				want := Values{PWin: f64(rep.AWins), PDraw: f64(rep.Draw), PLose: f64(rep.BWins),
					PTheyBreak: f64(rep.Sides[1].Breaks), PWeBreak: f64(rep.Sides[0].Breaks), MeanResult: f64(rep.Margin.Mean())}
				if c.Values != want || (c.Method == MethodExact) != (rep.N == 0) {
					t.Errorf("trial %d %s: values %+v, want %+v", trial, where(), c.Values, want)
				}
			}
		})
		if s.Done != m.Cells() || len(seen) != m.Cells() || s.NotDone != 0 || s.Deadline {
			t.Errorf("trial %d: summary %+v, %d cells seen, want %d", trial, s, len(seen), m.Cells())
		}
	}
	// The draw covers every kind of cell (a test that meets none of a
	// kind would pass whatever that kind computes).
	for _, k := range want {
		if kinds[k] == 0 {
			t.Errorf("no cell %s among %v", k, kinds)
		}
	}
}
