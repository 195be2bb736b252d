package odds

import (
	"context"
	"errors"
	"math"
	"math/big"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/internal/safe"
	"github.com/rearrank/rearrank/unit"
)

// chunk is the number of samples one seeded stream produces. Chunk i is
// always rolled by a generator seeded with (seed, i), and chunks are summed
// as integer counts, so the result depends on the seed and the sample
// count only, never on the number of workers.
const chunk = 4096

// MonteCarlo estimates the distribution by resolving the attacks
// cfg.Samples times with seeded dice, in parallel. Probabilities are the
// exact fractions of samples; StdErr gives the standard errors of the
// means, so mean ± 1.96·StdErr is a 95% confidence interval. It stops with
// ctx's error within a step of the referee's machine of ctx's end. A panic
// of a worker, a bug, is returned as a *safe.PanicError, and stops the
// others.
func MonteCarlo(ctx context.Context, u *rearrank.Unit, attacks []rearrank.Attack, cfg Config) (*Result, error) {
	return monteCarlo(ctx, (*alloc.Unit)(u), attacks, cfg)
}

func monteCarlo(ctx context.Context, u *alloc.Unit, attacks []rearrank.Attack, cfg Config) (*Result, error) {
	n := cfg.Samples
	if n <= 0 {
		n = DefaultSamples
	}
	u, standIns := u.StandIn(nil) // nobody to ask (RULES.md 18)
	tmpl, err := engine.NewMachine(u, attacks, nil)
	if err != nil {
		return nil, err
	}
	tmpl.Unit().SetQuiet(true)
	// Every sample starts alike until the first die: take the template
	// through the steps that roll none (the first batch's start, a fixed
	// number of attacks) once.
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
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	chunks := (n + chunk - 1) / chunk
	workers = max(1, min(workers, chunks))

	// Each worker resets its machine from a template of its own, made here
	// before the workers start: Clone marks the machine it copies.
	tmpls := make([]*engine.Machine, workers)
	for w := range tmpls {
		tmpls[w] = tmpl.Clone()
	}
	var plan *countPlan
	if !cfg.DieByDie {
		if plan, err = newCountPlan(ctx, tmpl); err != nil {
			return nil, err
		}
	}
	results := make([]*counts, chunks)
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, workers)
	p := progress{f: cfg.Progress, total: n}
	// stop is set when ctx ends or a worker fails; the workers read it
	// between the machine's steps, one atomic load each.
	var stop atomic.Bool
	stop.Store(ctx.Err() != nil)
	release := context.AfterFunc(ctx, func() { stop.Store(true) })
	defer release()
	for w := range workers {
		wg.Go(func() {
			defer func() {
				if v := recover(); v != nil {
					errs[w] = safe.Wrap(v)
				}
				if errs[w] != nil {
					stop.Store(true)
				}
			}()
			safe.Check("odds.montecarlo")
			m := new(engine.Machine)
			var cs *countSampler
			if plan != nil {
				cs = newCountSampler(ctx, plan, tmpls[w])
			}
			for !stop.Load() {
				c := int(next.Add(1) - 1)
				if c >= chunks {
					return
				}
				size := min(chunk, n-c*chunk)
				var out *counts
				var err error
				if cs != nil {
					out, err = cs.runChunk(&stop, m, cfg.Seed, uint64(c), size)
				} else {
					out, err = runChunk(&stop, tmpls[w], m, cfg.Seed, uint64(c), size)
				}
				if err != nil {
					errs[w] = err
					return
				}
				results[c] = out
				p.add(size)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil && err != errStopped {
			return nil, err // a worker's failure: a panic or an error of the rules
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	total := newCounts()
	for _, c := range results {
		total.merge(c)
	}
	res := &Result{Ruleset: u.Ruleset(), Method: Method{Algorithm: Sampling}, Samples: n, StandIns: standIns}
	total.fill(res, u, int64(n))
	res.Stages, err = stages(ctx, u, attacks, true)
	if err != nil {
		return nil, err
	}
	return res, nil
}

// progress reports done samples to a callback, one call at a time, with
// done never going down.
type progress struct {
	f     func(done, total int)
	total int
	mu    sync.Mutex
	done  int
}

func (p *progress) add(n int) {
	if p.f == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += n
	p.f(p.done, p.total)
}

// counts is a histogram of samples: how many had each value.
type counts struct {
	cas, wounds, unsaved []int64
	byRole               [unit.Character][]int64
	destroyed, panic     int64
	champ, std           int64
	panicApplies         bool
}

func newCounts() *counts { return &counts{} }

func inc(s []int64, i int, by int64) []int64 {
	for len(s) <= i {
		s = append(s, 0)
	}
	s[i] += by
	return s
}

func (c *counts) record(m *engine.Machine) {
	c.recordEnd(sampleEnd{m.Tally(), m.Destroyed(), m.PanicApplies()})
}

// sampleEnd is what record reads of a machine at the end of a sample.
type sampleEnd struct {
	tally                   rearrank.Tally
	destroyed, panicApplies bool
}

func (c *counts) recordEnd(e sampleEnd) {
	t := e.tally
	c.cas = inc(c.cas, t.Casualties, 1)
	c.wounds = inc(c.wounds, t.Wounds, 1)
	c.unsaved = inc(c.unsaved, t.Unsaved, 1)
	for r := unit.RankAndFile; r <= unit.Character; r++ {
		c.byRole[r-1] = inc(c.byRole[r-1], t.ByRole[r], 1)
	}
	if e.destroyed {
		c.destroyed++
	}
	if t.Panic {
		c.panic++
	}
	if t.ByRole[unit.Champion] > 0 {
		c.champ++
	}
	if t.Standard {
		c.std++
	}
	c.panicApplies = c.panicApplies || e.panicApplies
}

func (c *counts) merge(o *counts) {
	for i, v := range o.cas {
		c.cas = inc(c.cas, i, v)
	}
	for i, v := range o.wounds {
		c.wounds = inc(c.wounds, i, v)
	}
	for i, v := range o.unsaved {
		c.unsaved = inc(c.unsaved, i, v)
	}
	for r := range c.byRole {
		for i, v := range o.byRole[r] {
			c.byRole[r] = inc(c.byRole[r], i, v)
		}
	}
	c.destroyed += o.destroyed
	c.panic += o.panic
	c.champ += o.champ
	c.std += o.std
	c.panicApplies = c.panicApplies || o.panicApplies
}

func (c *counts) fill(res *Result, u *alloc.Unit, n int64) {
	frac := func(k int64) *big.Rat { return big.NewRat(k, n) }
	dist := func(s []int64) Dist {
		d := Dist{P: make([]*big.Rat, len(s))}
		for i, k := range s {
			d.P[i] = frac(k)
		}
		return d
	}
	res.Casualties, res.Wounds, res.Unsaved = dist(c.cas), dist(c.wounds), dist(c.unsaved)
	res.ByRole = map[unit.Role]Dist{}
	for i, s := range c.byRole {
		res.ByRole[unit.Role(i+1)] = dist(s)
	}
	res.Destroyed = frac(c.destroyed)
	if c.panicApplies {
		res.Panic = frac(c.panic)
	}
	if u.Count(unit.Champion) > 0 {
		res.ChampionDead = frac(c.champ)
	}
	if u.Count(unit.StandardBearer) > 0 {
		res.StandardLost = frac(c.std)
	}
	res.StdErr.Casualties, res.StdErr.Wounds, res.StdErr.Unsaved = stdErr(c.cas, n), stdErr(c.wounds, n), stdErr(c.unsaved, n)
}

// stdErr returns the standard error of the mean of a histogram of n
// samples: the sample standard deviation over √n.
func stdErr(h []int64, n int64) float64 {
	if n < 2 {
		return 0
	}
	var s, s2 float64
	for i, k := range h {
		s += float64(i) * float64(k)
		s2 += float64(i) * float64(i) * float64(k)
	}
	mean := s / float64(n)
	v := (s2 - float64(n)*mean*mean) / float64(n-1)
	return math.Sqrt(max(v, 0) / float64(n))
}

// errStopped is runChunk's error when stop was set: MonteCarlo returns
// ctx's error or the failure that set it instead.
var errStopped = errors.New("odds: monte carlo stopped")

// runChunk is runChunk drawing by counts.
func (s *countSampler) runChunk(stop *atomic.Bool, m *engine.Machine, seed, stream uint64, size int) (*counts, error) {
	r := dice.NewSeededStream(seed, stream)
	c := newCounts()
	for range size {
		if stop.Load() {
			return nil, errStopped
		}
		end, err := s.sample(stop, r, m)
		if err != nil {
			return nil, err
		}
		c.recordEnd(end)
	}
	return c, nil
}

// runChunk resolves size samples with stream number stream of the seed,
// resetting m from tmpl for each, until stop is set. It reads stop before
// every step of the machine: one sample of a big scenario (a thousand
// groups of a thousand attacks) takes a good part of a second, a step at
// most a stage of one group, and the caller's deadline must hold within
// a few milliseconds.
func runChunk(stop *atomic.Bool, tmpl, m *engine.Machine, seed, stream uint64, size int) (*counts, error) {
	r := dice.NewSeededStream(seed, stream)
	c := newCounts()
	for range size {
		m.Reset(tmpl)
		for !m.Done() {
			if stop.Load() {
				return nil, errStopped
			}
			if err := m.Step(r, nil); err != nil {
				return nil, err
			}
		}
		c.record(m)
	}
	return c, nil
}
