package combat

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestSampleCacheSameRounds: MonteCarlo with its workers' cache (the
// attacks by unit state, the renewed machines, the groups and the plan
// kept from round to round) gives the very report of every example combat
// that rounds played from scratch give, from the same seed: the same dice
// in the same order, the same outcomes.
func TestSampleCacheSameRounds(t *testing.T) {
	files, err := filepath.Glob("../examples/combat-*.yaml")
	if err != nil || len(files) < 5 {
		t.Fatalf("%d example combats: %v", len(files), err)
	}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			c, err := Load(name, data)
			if err != nil {
				t.Fatal(err)
			}
			const n = 3*MonteCarloChunk + 100
			cached, err := c.MonteCarlo(t.Context(), n, 11)
			if err != nil {
				t.Fatal(err)
			}
			noSampleCache = true
			defer func() { noSampleCache = false }()
			fresh, err := c.MonteCarlo(t.Context(), n, 11)
			if err != nil {
				t.Fatal(err)
			}
			if err := sameReport(cached, fresh); err != nil {
				t.Error(err)
			}
			if !reflect.DeepEqual(cached, fresh) {
				t.Error("the reports differ beyond what sameReport compares")
			}
			if cached.AWins.Sign() == 0 && cached.BWins.Sign() == 0 {
				t.Error("nobody ever wins: the round was not played")
			}
		})
	}
}
