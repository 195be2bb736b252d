package matrix

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/internal/safe"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/scenario"
)

// Matrix is my units (the rows) against theirs (the columns), one cell
// per pair and per fight. Each cell is the computation of one file
// (ScenarioFile, CombatFile), run by the odds or combat package as that
// file would be run alone.
type Matrix struct {
	Rows, Cols []Unit
	Fights     []Fight
	// AtLeast is N of the shooting cells' chance of at least N
	// casualties; 1 when 0.
	AtLeast int
}

// New checks two sides and the fights and returns their matrix: an empty
// side, a side of more than MaxUnits units or no fight is an error.
func New(mine, theirs Side, fights []Fight, atLeast int) (*Matrix, error) {
	if err := mine.check("mine"); err != nil {
		return nil, err
	}
	if err := theirs.check("theirs"); err != nil {
		return nil, err
	}
	if len(fights) == 0 {
		fights = DefaultFights
	}
	for _, f := range fights {
		if f <= NoFight || int(f) >= len(fightNames) {
			return nil, msg.Errorf(ErrRequest, "matrix.error.fight", f.String())
		}
	}
	if atLeast < 0 || atLeast > scenario.MaxModels {
		return nil, msg.Errorf(ErrRequest, "matrix.error.at_least", atLeast, scenario.MaxModels)
	}
	return &Matrix{Rows: mine.Units, Cols: theirs.Units, Fights: fights, AtLeast: max(atLeast, 1)}, nil
}

// Cells is the number of cells.
func (m *Matrix) Cells() int { return len(m.Rows) * len(m.Cols) * len(m.Fights) }

// Config steers a run. The zero Config is usable.
type Config struct {
	// Workers is the number of cells computed at once; 0 means one per
	// core (GOMAXPROCS). The server passes its own bound.
	Workers int
	// ExactBudget is the time a close-combat cell may take to compute
	// its exact odds before it samples instead; 0 means
	// DefaultExactBudget.
	ExactBudget time.Duration
	// MaxStates bounds each exact computation (odds.Config.MaxStates,
	// combat.ExactConfig.MaxStates); 0 means each package's default.
	MaxStates int
	// Samples is the Monte Carlo samples of a sampled cell; 0 means
	// DefaultSamples.
	Samples int
	// Seed is the Monte Carlo seed of every sampled cell.
	Seed uint64
}

// Defaults of a zero Config.
const (
	// DefaultExactBudget: a round of 40 models against 40 with champions
	// and characters (bench C2) takes about a quarter of a second exact,
	// most rounds of a matrix a few milliseconds; Monte Carlo samples a
	// round in about the time exact odds take for such units, so only
	// rounds far past it are sampled.
	DefaultExactBudget = 500 * time.Millisecond
	// DefaultSamples: a chance of 1/2 within about 0.016 (95%).
	DefaultSamples = 4000
)

func (c Config) workers() int {
	if c.Workers > 0 {
		return c.Workers
	}
	return runtime.GOMAXPROCS(0)
}

func (c Config) budget() time.Duration {
	if c.ExactBudget > 0 {
		return c.ExactBudget
	}
	return DefaultExactBudget
}

func (c Config) samples() int {
	if c.Samples > 0 {
		return c.Samples
	}
	return DefaultSamples
}

// Summary is how a run ended.
type Summary struct {
	Done, Errors int
	// NotDone counts the cells the run did not finish: its context ended
	// (Deadline when by its deadline).
	NotDone  int
	Deadline bool
	Elapsed  time.Duration
	// Panic is the first panic of a cell's computation, a bug: that
	// cell is an error cell, and the caller logs the panic.
	Panic *safe.PanicError
}

// Run computes every cell on Config.Workers goroutines and hands each to
// deliver as it is done, one call at a time. A cell that cannot be
// computed is a cell of method error, never the whole matrix's end. When
// ctx ends, Run stops and the summary counts the cells not done.
func (m *Matrix) Run(ctx context.Context, cfg Config, deliver func(Cell)) Summary {
	start := time.Now()
	r := newRun(m, cfg)
	r.workers = min(cfg.workers(), m.Cells())
	r.left.Store(int64(m.Cells()))
	jobs := make(chan cellID)
	go func() {
		defer close(jobs)
		for row := range m.Rows {
			for col := range m.Cols {
				for _, f := range m.Fights {
					select {
					case jobs <- cellID{row, col, f}:
					case <-ctx.Done():
						return
					}
				}
			}
		}
	}()
	var mu sync.Mutex
	var panicked atomic.Pointer[safe.PanicError]
	var done, errs atomic.Int64
	var wg sync.WaitGroup
	for range min(cfg.workers(), m.Cells()) {
		wg.Go(func() {
			for id := range jobs {
				if ctx.Err() != nil {
					continue
				}
				c, ok := r.safeCell(ctx, id, &panicked)
				if !ok {
					continue
				}
				done.Add(1)
				r.left.Add(-1)
				if c.Method == MethodError {
					errs.Add(1)
				}
				mu.Lock()
				deliver(c)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	s := Summary{Done: int(done.Load()), Errors: int(errs.Load()), Elapsed: time.Since(start)}
	s.NotDone = m.Cells() - s.Done
	s.Panic = panicked.Load()
	s.Deadline = s.NotDone > 0 && errors.Is(ctx.Err(), context.DeadlineExceeded)
	return s
}

type cellID struct {
	row, col int
	fight    Fight
}

// run is one Run's shared work: each file computed once, however many
// cells stand for it (two units of one profile, a column asked twice),
// and each pair's combat loaded once for its three rounds.
type run struct {
	m   *Matrix
	cfg Config

	workers int
	left    atomic.Int64 // cells not yet done

	mu      sync.Mutex
	results map[string]*entry // by the file's text
	combats map[[2]int]*entry // each pair's combat, loaded once
}

// entry is a computation that one cell does and the others wait for.
type entry struct {
	ready chan struct{}
	val   any
	err   error
}

func newRun(m *Matrix, cfg Config) *run {
	return &run{m: m, cfg: cfg, results: map[string]*entry{}, combats: map[[2]int]*entry{}}
}

// once returns the value of key's computation, doing it when no one has.
func once[K comparable](r *run, table map[K]*entry, key K, ctx context.Context, do func() (any, error)) (any, error) {
	r.mu.Lock()
	e, ok := table[key]
	if !ok {
		e = &entry{ready: make(chan struct{})}
		table[key] = e
	}
	r.mu.Unlock()
	if !ok {
		defer func() {
			if v := recover(); v != nil {
				e.err = safe.Wrap(v) // the cells that wait get it; this one panics on
				close(e.ready)
				panic(v)
			}
		}()
		e.val, e.err = do()
		if ctx.Err() != nil && e.err != nil {
			// Cut short: a later run may compute it, not this one.
			r.mu.Lock()
			delete(table, key)
			r.mu.Unlock()
		}
		close(e.ready)
		return e.val, e.err
	}
	select {
	case <-e.ready:
		return e.val, e.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// safeCell is cell, a panic of its computation an error cell (the first
// kept in panicked).
func (r *run) safeCell(ctx context.Context, id cellID, panicked *atomic.Pointer[safe.PanicError]) (c Cell, ok bool) {
	defer func() {
		if v := recover(); v != nil {
			p := safe.Wrap(v)
			panicked.CompareAndSwap(nil, p)
			c, ok = Cell{Row: id.row, Col: id.col, Fight: id.fight, Method: MethodError, Err: p}, true
		}
	}()
	safe.Check("matrix.cell")
	return r.cell(ctx, id)
}

// cell computes one cell; ok is false when ctx ended first.
func (r *run) cell(ctx context.Context, id cellID) (Cell, bool) {
	row, col := &r.m.Rows[id.row], &r.m.Cols[id.col]
	c := Cell{Row: id.row, Col: id.col, Fight: id.fight}
	var err error
	if id.fight == Shooting {
		err = r.shooting(ctx, row, col, &c)
	} else {
		err = r.round(ctx, id, row, col, &c)
	}
	if err != nil {
		if ctx.Err() != nil {
			return c, false
		}
		c.Method, c.Err = MethodError, err
	}
	return c, true
}

func (r *run) shooting(ctx context.Context, row, col *Unit, c *Cell) error {
	data, err := ScenarioFile(row, col)
	if err != nil {
		return err
	}
	if data == nil {
		c.Method, c.Why = MethodNone, msg.New("matrix.cell.no_shooting", row.Name)
		return nil
	}
	v, err := once(r, r.results, string(data), ctx, func() (any, error) {
		f, err := scenario.Load(builtFile, data)
		if err != nil {
			return nil, err
		}
		u, attacks, err := f.Build()
		if err != nil {
			return nil, err
		}
		return odds.Exact(ctx, u, attacks, odds.Config{MaxStates: r.cfg.MaxStates, Fallback: true,
			Samples: r.cfg.samples(), Seed: r.cfg.Seed, Workers: 1})
	})
	if err != nil {
		return err
	}
	c.shootingValues(v.(*odds.Result), r.m.AtLeast)
	return nil
}

func (r *run) round(ctx context.Context, id cellID, row, col *Unit, c *Cell) error {
	if _, err := options(row, col); err != nil {
		return err // units that cannot meet, whether they fight or not
	}
	if len(row.fighters())+len(col.fighters()) == 0 {
		c.Method, c.Why = MethodNone, msg.New("matrix.cell.no_melee", row.Name, col.Name)
		return nil
	}
	data, err := CombatFile(row, col, id.fight)
	if err != nil {
		return err
	}
	v, err := once(r, r.results, string(data), ctx, func() (any, error) {
		base, err := once(r, r.combats, [2]int{id.row, id.col}, ctx, func() (any, error) {
			pair, err := CombatFile(row, col, Melee)
			if err != nil {
				return nil, err
			}
			return combat.Load(builtFile, pair)
		})
		if err != nil {
			return nil, err
		}
		cb := *base.(*combat.Combat) // the readers change no unit of it
		cb.Charger = combat.NoSide
		switch id.fight {
		case Charge:
			cb.Charger = combat.A
		case Charged:
			cb.Charger = combat.B
		}
		return r.report(ctx, &cb)
	})
	if err != nil {
		return err
	}
	c.combatValues(v.(*combat.Report))
	return nil
}

// report is the round's exact report when it takes at most the exact
// budget, else a Monte Carlo report.
func (r *run) report(ctx context.Context, c *combat.Combat) (*combat.Report, error) {
	ectx, cancel := context.WithTimeout(ctx, r.cfg.budget())
	rep, err := c.Exact(ectx, combat.ExactConfig{MaxStates: r.cfg.MaxStates})
	cancel()
	if err == nil {
		return rep, nil
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if !errors.Is(err, odds.ErrStateLimit) && !errors.Is(err, context.DeadlineExceeded) {
		return nil, err
	}
	n := r.cfg.samples()
	if _, ok := ctx.Deadline(); !ok || n <= pilotSamples {
		return c.MonteCarlo(ctx, n, r.cfg.Seed)
	}
	// Within a deadline, as many samples as the cell's share of the time
	// left allows: a pilot run times a round.
	start := time.Now()
	pilot, err := c.MonteCarlo(ctx, pilotSamples, r.cfg.Seed)
	if err != nil {
		return nil, err
	}
	perRound := time.Since(start) / pilotSamples
	if n = r.samplesWithin(ctx, perRound); n <= pilotSamples {
		return pilot, nil // the run of n = pilotSamples rounds, seed and all
	}
	return c.MonteCarlo(ctx, n, r.cfg.Seed)
}

// pilotSamples are the rounds that time a sampled cell's round, and the
// fewest it samples.
const pilotSamples = 200

// samplesWithin is the samples of a cell whose round takes perRound: at
// most Config.Samples, and no more than the cell's share of the time
// left before ctx's deadline (the time left times the workers, over the
// cells not done), so that the whole matrix fits; at least pilotSamples.
func (r *run) samplesWithin(ctx context.Context, perRound time.Duration) int {
	n := r.cfg.samples()
	dl, ok := ctx.Deadline()
	if !ok || perRound <= 0 {
		return n
	}
	left := max(r.left.Load(), 1)
	share := time.Until(dl) * time.Duration(r.workers) / time.Duration(left)
	return max(pilotSamples, min(n, int(share/perRound)))
}
