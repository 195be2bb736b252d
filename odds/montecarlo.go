package odds

import (
	"context"
	"errors"
	"math"
	"math/big"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/unit"
)

// chunk is the number of samples one seeded stream produces. Chunk i is
// always rolled by a generator seeded with (seed, i), so the result depends
// on the seed and the sample count only, never on the number of workers.
const chunk = 4096

// MonteCarlo estimates the distribution by resolving the attacks
// cfg.Samples times with seeded dice, in parallel. Probabilities are the
// exact fractions of samples; StdErr gives the standard errors of the means.
func MonteCarlo(ctx context.Context, u *unit.Unit, attacks []referee.Attack, cfg Config) (*Result, error) {
	n := cfg.Samples
	if n <= 0 {
		n = DefaultSamples
	}
	if _, err := referee.NewMachine(u, attacks, nil); err != nil {
		return nil, err
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	chunks := (n + chunk - 1) / chunk
	workers = min(workers, chunks)

	results := make([][]sample, chunks)
	var next, done atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				c := int(next.Add(1) - 1)
				if c >= chunks || ctx.Err() != nil {
					return
				}
				size := min(chunk, n-c*chunk)
				out, err := runChunk(u, attacks, cfg.Seed, uint64(c), size)
				if err != nil {
					errs[w] = err
					return
				}
				results[c] = out
				d := done.Add(int64(size))
				if cfg.Progress != nil {
					cfg.Progress(int(d), n)
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	res := newResult(u, attacks)
	res.Method, res.Samples = "monte carlo", n
	var acc accumulator
	acc.init(u)
	one := big.NewRat(1, int64(n))
	var sums [3]struct{ s, s2 float64 }
	for _, chunk := range results {
		for _, s := range chunk {
			acc.record(s.t, s.panicApplies, s.destroyed, one)
			for i, v := range [3]int{s.t.Casualties, s.t.Wounds, s.t.Unsaved} {
				sums[i].s += float64(v)
				sums[i].s2 += float64(v) * float64(v)
			}
		}
	}
	acc.fill(res)
	se := func(i int) float64 {
		if n < 2 {
			return 0
		}
		mean := sums[i].s / float64(n)
		v := (sums[i].s2 - float64(n)*mean*mean) / float64(n-1)
		return math.Sqrt(max(v, 0) / float64(n))
	}
	res.StdErr.Casualties, res.StdErr.Wounds, res.StdErr.Unsaved = se(0), se(1), se(2)
	return res, nil
}

type sample struct {
	t            referee.Tally
	panicApplies bool
	destroyed    bool
}

func runChunk(u *unit.Unit, attacks []referee.Attack, seed, stream uint64, size int) ([]sample, error) {
	r := dice.NewSeededStream(seed, stream)
	out := make([]sample, 0, size)
	for range size {
		m, err := referee.NewMachine(u, attacks, nil)
		if err != nil {
			return nil, err
		}
		for !m.Done() {
			if err := m.Step(r, nil); err != nil {
				return nil, err
			}
		}
		out = append(out, sample{t: m.Tally(), panicApplies: m.PanicApplies(), destroyed: m.Unit().Destroyed()})
	}
	return out, nil
}

func isStateLimit(err error) bool { return errors.Is(err, ErrStateLimit) }
