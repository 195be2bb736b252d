package bench

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/scenario"
)

// TestSeededFastPath: with seeded dice and no log, as Monte Carlo runs it,
// the referee runs each loop of items within one Step and its loops of D6
// tests without the code a log needs; with a log it takes the ordinary
// steps. Both must roll the same dice and end in the same state, for every
// example and scenario.
func TestSeededFastPath(t *testing.T) {
	var files []string
	for _, pat := range []string{"../examples/*.yaml", "../examples/*.json", "testdata/*.yaml"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if combat.IsFile(data) {
			continue // a combat file (RULES.md 21.10), not a scenario
		}
		f, err := scenario.Load(path, data)
		if err != nil {
			t.Fatal(err)
		}
		u, attacks, err := f.Build()
		if err != nil {
			t.Fatal(err)
		}
		tmpl, err := engine.NewMachine(au(u), attacks, nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		a, b := new(engine.Machine), new(engine.Machine)
		ra, rb := dice.NewSeeded(3), dice.NewSeeded(3)
		n := 0
		for i := range 500 {
			a.Reset(tmpl)
			b.Reset(tmpl)
			var ea, eb error
			for !a.Done() && ea == nil {
				ea = a.Step(ra, nil)
			}
			for !b.Done() && eb == nil {
				eb = b.Step(rb, func(rearrank.Event) { n++ })
			}
			if (ea == nil) != (eb == nil) || a.Key() != b.Key() || a.Tally() != b.Tally() || a.Unit().Key() != b.Unit().Key() {
				t.Fatalf("%s sample %d: differ %v %v %+v %+v", path, i, ea, eb, a.Tally(), b.Tally())
			}
		}
		if n == 0 {
			t.Errorf("%s: no events logged", path)
		}
	}
}
