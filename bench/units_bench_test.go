package bench

import (
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/odds"
)

// The same benchmarks over the scenarios built in Go.

func BenchmarkGoS1(b *testing.B) { u, a := s1(); benchExact(b, u, a) }
func BenchmarkGoS2(b *testing.B) { u, a := s2(); benchExact(b, u, a) }
func BenchmarkGoS3(b *testing.B) { u, a := s3(); benchExact(b, u, a) }
func BenchmarkGoS4(b *testing.B) { u, a := s4(); benchExact(b, u, a) }

// BenchmarkGoS2Split is S2 as two batches of 100 (see s2split).
func BenchmarkGoS2Split(b *testing.B) { u, a := s2split(); benchExact(b, u, a) }

func BenchmarkGoMonteCarlo(b *testing.B) { u, a := s1(); benchMonteCarlo(b, u, a) }

// TestFilesMatchGo: the scenario files and the scenarios built in Go give
// the same odds, so the two sets of figures measure the same thing.
func TestFilesMatchGo(t *testing.T) {
	for _, c := range []struct {
		file  string
		build func() (*rearrank.Unit, []rearrank.Attack)
	}{{"s1.yaml", s1}, {"s2.yaml", s2}, {"s3.yaml", s3}, {"s4.yaml", s4}} {
		fu, fa := load(t, c.file)
		gu, ga := c.build()
		cfg := odds.Config{Samples: 4096, Seed: 1, Workers: 1}
		want, err := odds.MonteCarlo(t.Context(), gu, ga, cfg)
		if err != nil {
			t.Fatal(err)
		}
		got, err := odds.MonteCarlo(t.Context(), fu, fa, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if got.Casualties.Mean().Cmp(want.Casualties.Mean()) != 0 || got.Unsaved.Mean().Cmp(want.Unsaved.Mean()) != 0 {
			t.Errorf("%s: the file gives mean casualties %s, the Go scenario %s", c.file,
				got.Casualties.Mean().FloatString(3), want.Casualties.Mean().FloatString(3))
		}
		if au(fu).Key() != au(gu).Key() || len(fa) != len(ga) {
			t.Errorf("%s: the file's unit or attack groups differ from the Go scenario's", c.file)
		}
	}
}
