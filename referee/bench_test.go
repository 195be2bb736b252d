package referee_test

import (
	"os"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
	scenariofile "github.com/rearrank/rearrank/scenario"
)

// BenchmarkResolveLog is Resolve with its log, as resolve and the page's
// referee run it: every event's sentence written in English as it is
// emitted, on a few examples of every kind of stage.
func BenchmarkResolveLog(b *testing.B) {
	type example struct {
		u       *rearrank.Unit
		attacks []rearrank.Attack
	}
	var examples []example
	for _, name := range []string{"crossbows.yaml", "whfb8-killing-blow-knights.yaml", "tow-trolls-regenerating.yaml", "skirmish-club-vs-hero.yaml", "t9a-hydra-multiple-hits.yaml"} {
		data, err := os.ReadFile("../examples/" + name)
		if err != nil {
			b.Fatal(err)
		}
		f, err := scenariofile.Load(name, data)
		if err != nil {
			b.Fatal(err)
		}
		u, attacks, err := f.Build()
		if err != nil {
			b.Fatal(err)
		}
		examples = append(examples, example{u, attacks})
	}
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		for _, ex := range examples {
			if _, err := referee.Resolve(ex.u, ex.attacks, dice.NewSeeded(seed)); err != nil {
				b.Fatal(err)
			}
		}
	}
}
