// Package sweep varies one or two fields of a scenario (its odds) or of a
// combat file (its round) over ranges of whole numbers and computes every
// point: what +1 Strength, or five more models, is worth (issue 29).
//
// A point is exactly the computation it stands for: the scenario with the
// point's values set as rearrank compare --set sets them (scenario.File.With),
// then odds.Exact; or the combat file with them set (combat.LoadWith), then
// the combat's exact report. Past the state limit a point is sampled by
// Monte Carlo, as rearrank combat does, unless Options.Exact asks for an
// error instead; each point says its method and precision. The points are
// computed by a pool of workers, and points whose scenarios come out the
// same are computed once.
//
// Chart draws a sweep as SVG: a line chart for one field, a heatmap for
// two; the CLI and the web page use it alike.
package sweep

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"runtime"
	"sync"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/scenario"
)

// Kind is what a sweep computes: a scenario's odds or a combat round.
type Kind int

const (
	Odds Kind = iota
	Combat
)

// String is the kind's code in JSON: "odds" or "combat".
func (k Kind) String() string {
	if k == Combat {
		return "combat"
	}
	return "odds"
}

// Input is what a sweep varies: a scenario, or a combat file as written
// (its name labels errors, Lists reads the list files its units name).
type Input struct {
	Scenario *scenario.File

	CombatName string
	CombatData []byte
	Lists      scenario.ListOpener
}

// Options configure a sweep.
type Options struct {
	// AtLeast are the N of the chances P(at least N casualties) a scenario's
	// points answer; none: DefaultAtLeast of the sweep's middle point.
	AtLeast []int
	// Exact refuses Monte Carlo: a point past the state limit is an error
	// naming it. Otherwise such a point is sampled.
	Exact bool
	// MaxStates is the state limit of each point's exact computation: 0,
	// the odds' or the combat's default.
	MaxStates int
	// Samples and Seed configure a sampled point: 0 samples, the CLI's
	// defaults (odds.DefaultSamples, DefaultCombatSamples).
	Samples int
	Seed    uint64
	// Workers is how many points are computed at once: 0, GOMAXPROCS.
	Workers int
}

// DefaultCombatSamples is the Monte Carlo rounds of a sampled combat point,
// as rearrank combat's default.
const DefaultCombatSamples = 10_000

// MaxAtLeast bounds the chances asked for.
const MaxAtLeast = 8

// Point is one point of a sweep: its values and its answers. The answers
// of a scenario are Mean (casualties), AtLeast (one per Result.AtLeast),
// Destroyed and Panic (nil where no panic test is taken); of a combat,
// from side a's view, Win, Draw, Lose, EnemyBreaks (b loses and breaks),
// Breaks (a loses and breaks) and Margin (the mean combat result, a's
// score less b's). Done is false for a point the deadline left undone.
type Point struct {
	Values []int
	Done   bool

	// Exact is false for a sampled point: Samples draws, and SE the
	// standard error of its mean (a chance's is SEOf).
	Exact   bool
	Method  string
	Samples int
	SE      float64
	// Fallback, for a sampled point, is why: the state limit error.
	Fallback msg.Message

	Mean      *big.Rat
	AtLeast   []*big.Rat
	Destroyed *big.Rat
	Panic     *big.Rat

	Win, Draw, Lose     *big.Rat
	EnemyBreaks, Breaks *big.Rat
	Margin              *big.Rat

	tails []*big.Rat // P(at least n) for every n, for AtLeast
}

// SEOf is the standard error of a chance p of the point: 0 when exact.
func (p *Point) SEOf(x *big.Rat) float64 {
	if p.Exact || p.Samples == 0 || x == nil {
		return 0
	}
	f, _ := x.Float64()
	return math.Sqrt(f * (1 - f) / float64(p.Samples))
}

// Result is a sweep: what it varied and its points, the first field's
// values outermost (the second varies fastest).
type Result struct {
	Kind    Kind
	Vary    []Vary
	AtLeast []int
	Points  []Point
	// Computed is how many distinct computations the points took: fewer
	// than the points where some points' scenarios come out the same.
	Computed int
}

// Done counts the points computed.
func (r *Result) Done() int {
	n := 0
	for _, p := range r.Points {
		if p.Done {
			n++
		}
	}
	return n
}

// ErrStopped is wrapped by the error of a sweep the context ended: the
// Result still holds the points done.
var ErrStopped = errors.New("sweep stopped")

// PointError is a point whose values a field refuses, or whose
// computation failed: Values and Paths say which point.
type PointError struct {
	Index  int
	Of     int
	Values []int
	Paths  []string
	Err    error
}

func (e *PointError) Error() string { return e.Text(msg.English) }
func (e *PointError) Unwrap() error { return e.Err }

// Text is the error in language l: "point 9 of 10
// (attacks[0].strength=11): ...".
func (e *PointError) Text(l msg.Lang) string {
	return msg.New("sweep.error.point", e.Index+1, e.Of, e.where(), errText{e.Err}).Text(l)
}

func (e *PointError) where() string {
	s := ""
	for i, p := range e.Paths {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%s=%d", p, e.Values[i])
	}
	return s
}

// errText says an error in a reader's language.
type errText struct{ err error }

func (t errText) Text(l msg.Lang) string { return msg.ErrorText(t.err, l) }

// inputError is err, a field's refusal of a value, as an error of the
// sweep's input: it is ErrInput and err alike, and says err's words.
type inputError struct{ err error }

func (e inputError) Error() string          { return e.err.Error() }
func (e inputError) Unwrap() []error        { return []error{ErrInput, e.err} }
func (e inputError) Text(l msg.Lang) string { return msg.ErrorText(e.err, l) }

// task is one distinct computation and the points that share it.
type task struct {
	key    string
	points []int
	file   *scenario.File
	combat *combat.Combat
}

// Run computes the sweep. Errors: the varies refused (ErrInput), a point a
// field refuses (*PointError wrapping ErrInput), a point whose computation
// failed (*PointError: past the state limit with Options.Exact), or the
// context's end: then the Result holds the points done, and the error
// wraps ErrStopped and ctx's error.
func Run(ctx context.Context, in Input, vary []Vary, opt Options) (*Result, error) {
	if err := checkVaries(vary); err != nil {
		return nil, err
	}
	if len(opt.AtLeast) > MaxAtLeast {
		return nil, msg.Errorf(ErrInput, "sweep.error.at_least_many", len(opt.AtLeast), MaxAtLeast)
	}
	for _, n := range opt.AtLeast {
		if n < 1 || n > scenario.MaxModels {
			return nil, msg.Errorf(ErrInput, "sweep.error.at_least", n, scenario.MaxModels)
		}
	}
	res := &Result{Kind: Odds, Vary: vary}
	if in.Scenario == nil {
		res.Kind = Combat
	}
	points := grid(vary)
	res.Points = make([]Point, len(points))
	paths := make([]string, len(vary))
	for i, v := range vary {
		paths[i] = v.Path
	}
	// Every point is set up before any is computed: a value a field
	// refuses is an error at once, not after the points before it.
	var tasks []*task
	byKey := map[string]*task{}
	for i, vals := range points {
		res.Points[i].Values = vals
		as := make([]scenario.Assignment, len(vary))
		for j, v := range vary {
			as[j] = scenario.Assignment{Path: v.Path, Value: fmt.Sprint(vals[j])}
		}
		t, err := setUp(in, as)
		if err != nil {
			if i == 0 && (errors.Is(err, scenario.ErrNoField) || errors.Is(err, scenario.ErrUnknownField)) {
				return nil, msg.Errorf(inputError{err}, "sweep.error.field", errText{err})
			}
			return nil, &PointError{Index: i, Of: len(points), Values: vals, Paths: paths, Err: inputError{err}}
		}
		if old := byKey[t.key]; old != nil {
			old.points = append(old.points, i)
			continue
		}
		t.points = []int{i}
		byKey[t.key] = t
		tasks = append(tasks, t)
	}
	res.Computed = len(tasks)
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, len(tasks))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan *task)
	var mu sync.Mutex
	var firstErr *PointError
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for t := range jobs {
				p, err := compute(ctx, t, opt, workers)
				mu.Lock()
				if err != nil {
					// The error of a point that failed in its own right, not
					// for the sweep's end; of the lowest index when several
					// fail before the others stop.
					own := ctx.Err() == nil || firstErr != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
					if i := t.points[0]; own && (firstErr == nil || i < firstErr.Index) {
						firstErr = &PointError{Index: i, Of: len(points), Values: points[i], Paths: paths, Err: err}
						cancel()
					}
				} else {
					for _, i := range t.points {
						q := p
						q.Values = points[i]
						res.Points[i] = q
					}
				}
				mu.Unlock()
			}
		})
	}
feed:
	for _, t := range tasks {
		select {
		case jobs <- t:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	res.AtLeast = opt.AtLeast
	if res.Kind == Odds {
		if len(res.AtLeast) == 0 {
			means := make([]*big.Rat, len(res.Points))
			for i := range res.Points {
				means[i] = res.Points[i].Mean
			}
			res.AtLeast = DefaultAtLeast(means)
		}
		for i := range res.Points {
			p := &res.Points[i]
			if !p.Done {
				continue
			}
			p.AtLeast = make([]*big.Rat, len(res.AtLeast))
			for j, n := range res.AtLeast {
				p.AtLeast[j] = new(big.Rat)
				if n < len(p.tails) {
					p.AtLeast[j] = p.tails[n]
				}
			}
		}
	}
	if done := res.Done(); done < len(points) {
		return res, msg.Errorf(fmt.Errorf("%w: %w", ErrStopped, context.Cause(ctx)), "sweep.error.stopped", done, len(points))
	}
	return res, nil
}

// DefaultAtLeast are the chances worth showing for a sweep whose points
// have the given mean casualties: at least 1, at least the middle point's
// mean and at least the largest mean, rounded (each once, from 1 up).
func DefaultAtLeast(means []*big.Rat) []int {
	mid, top := 0.0, 0.0
	for i, m := range means {
		if m == nil {
			continue
		}
		f, _ := m.Float64()
		if i == len(means)/2 {
			mid = f
		}
		top = math.Max(top, f)
	}
	out := []int{1}
	for _, n := range []int{int(math.Round(mid)), int(math.Round(top))} {
		if n > out[len(out)-1] {
			out = append(out, n)
		}
	}
	return out
}

// grid lists the points, the first vary outermost.
func grid(vs []Vary) [][]int {
	out := [][]int{{}}
	for _, v := range vs {
		var next [][]int
		for _, p := range out {
			for _, x := range v.Values() {
				next = append(next, append(append([]int(nil), p...), x))
			}
		}
		out = next
	}
	return out
}

// setUp makes a point's scenario or combat, and the key that tells points
// of the same computation.
func setUp(in Input, as []scenario.Assignment) (*task, error) {
	if in.Scenario != nil {
		f, err := in.Scenario.With(as...)
		if err != nil {
			return nil, err
		}
		key, err := f.MarshalJSON()
		if err != nil {
			return nil, err
		}
		return &task{key: string(key), file: f}, nil
	}
	c, _, err := combat.LoadWith(in.CombatName, in.CombatData, in.Lists, as...)
	if err != nil {
		return nil, err
	}
	return &task{key: fmt.Sprintf("%d", len(as)) + pointKey(as), combat: c}, nil
}

// pointKey tells combat points apart by their values: a combat has no
// canonical form to compare.
func pointKey(as []scenario.Assignment) string {
	s := ""
	for _, a := range as {
		s += "\x00" + a.String()
	}
	return s
}

// compute is one task's point. workers is the pool's size: a sampled
// point shares the cores with the others.
func compute(ctx context.Context, t *task, opt Options, workers int) (Point, error) {
	if t.file != nil {
		return computeOdds(ctx, t.file, opt, workers)
	}
	return computeCombat(ctx, t.combat, opt)
}

func computeOdds(ctx context.Context, f *scenario.File, opt Options, workers int) (Point, error) {
	u, attacks, err := f.Build()
	if err != nil {
		return Point{}, inputError{err}
	}
	samples := opt.Samples
	if samples <= 0 {
		samples = odds.DefaultSamples
	}
	r, err := odds.Exact(ctx, u, attacks, odds.Config{MaxStates: opt.MaxStates, Fallback: !opt.Exact, Samples: samples, Seed: opt.Seed, Workers: max(1, runtime.GOMAXPROCS(0)/workers)})
	if err != nil {
		return Point{}, err
	}
	return OddsPoint(r), nil
}

// OddsPoint is the answers of one scenario's odds, without AtLeast (Run
// picks them from every n's chance).
func OddsPoint(r *odds.Result) Point {
	p := Point{Done: true, Exact: r.Exact, Method: r.Method.String(), Samples: r.Samples, Fallback: r.FallbackMsg,
		Mean: r.Casualties.Mean(), Destroyed: r.Destroyed, Panic: r.Panic, tails: r.Casualties.Tails()}
	if !r.Exact {
		p.SE = r.StdErr.Casualties
	}
	if p.Destroyed == nil {
		p.Destroyed = new(big.Rat)
	}
	return p
}

func computeCombat(ctx context.Context, c *combat.Combat, opt Options) (Point, error) {
	samples := opt.Samples
	if samples <= 0 {
		samples = DefaultCombatSamples
	}
	rep, err := c.Exact(ctx, combat.ExactConfig{MaxStates: opt.MaxStates, Fallback: !opt.Exact, Samples: samples, Seed: opt.Seed})
	if err != nil {
		return Point{}, err
	}
	return CombatPoint(rep), nil
}

// CombatPoint is the answers of one combat round's report.
func CombatPoint(r *combat.Report) Point {
	p := Point{Done: true, Exact: r.N == 0, Samples: r.N, Fallback: r.FallbackMsg,
		Win: r.AWins, Draw: r.Draw, Lose: r.BWins,
		EnemyBreaks: r.Sides[1].Breaks, Breaks: r.Sides[0].Breaks, Margin: r.Margin.Mean()}
	p.Method = "exact"
	if !p.Exact {
		p.Method = "monte carlo"
		p.SE = r.MeanSE(r.Margin)
	}
	for _, x := range []**big.Rat{&p.Win, &p.Draw, &p.Lose, &p.EnemyBreaks, &p.Breaks} {
		if *x == nil {
			*x = new(big.Rat)
		}
	}
	return p
}
