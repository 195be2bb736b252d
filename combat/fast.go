package combat

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The fast exact reader.
//
// Between two steps a round is its two units and what the scores still
// need from the past: the wounds each side caused and, for step_up: lost,
// the rank and file each side lost. A state is those, keyed by both units'
// canonical keys (alloc.Unit.Key), with an exact chance; paths that reach
// the same state merge. At a step each state's two sides roll
// independently (each against the enemy as it stood at the start of the
// step, engine.step), so its successors are the product of two per-side
// distributions: the enemy after the side's batch and what the batch added.
// A side's distribution comes from odds.BatchOutcomes, the referee's own
// machine walked over every die with merging, re-rolls included (20.1); a
// side whose instant kills score their profile (R56) needs the batch's
// events, and walks the same engine.batch over every die instead.
// Both are memoised by the enemy's key and the groups. After the last step
// each state is scored by Combat.score and decided by Combat.decide walked
// over the break test's dice.

// ExactConfig bounds the fast exact reader. The zero value is usable.
type ExactConfig struct {
	// MaxStates is the most distinct round states after a step (and, times
	// 16, the most successor pairs a step may make); 0 means
	// DefaultMaxStates, negative no limit. It also bounds each batch's own
	// enumeration (odds.Config.MaxStates).
	MaxStates int
	// MaxBytes bounds the memory the states' keys hold; 0 means
	// DefaultMaxBytes, negative no limit.
	MaxBytes int
	// Fallback asks for a Monte Carlo report (Report.Fallback says why)
	// instead of an error wrapping odds.ErrStateLimit.
	Fallback bool
	// Samples and Seed are the fallback's rounds (0: DefaultFallbackSamples)
	// and seed.
	Samples int
	Seed    uint64
}

// Defaults of a zero ExactConfig.
const (
	DefaultMaxStates       = 20_000
	DefaultMaxBytes        = 64 << 20
	DefaultFallbackSamples = 5_000
)

func (x ExactConfig) maxStates() int {
	switch {
	case x.MaxStates == 0:
		return DefaultMaxStates
	case x.MaxStates < 0:
		return 0
	}
	return x.MaxStates
}

func (x ExactConfig) maxBytes() int {
	switch {
	case x.MaxBytes == 0:
		return DefaultMaxBytes
	case x.MaxBytes < 0:
		return 0
	}
	return x.MaxBytes
}

// Exact returns the exact report of the round (RULES.md 21.9): every way
// the dice can fall, with equal round states merged between steps (see
// the package documentation). It equals Enumerate, the brute-force
// reference, fraction for fraction. Past cfg's limits it returns an error
// wrapping odds.ErrStateLimit that says where, or with cfg.Fallback a
// Monte Carlo report whose Fallback holds that error. The units of c are
// not changed.
func (c *Combat) Exact(ctx context.Context, cfg ExactConfig) (*Report, error) {
	if err := c.ready(); err != nil {
		return nil, err
	}
	rep, err := c.exact(ctx, cfg)
	if err != nil && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil && cfg.Fallback && errors.Is(err, odds.ErrStateLimit) {
		n := cfg.Samples
		if n <= 0 {
			n = DefaultFallbackSamples
		}
		mc, mcErr := c.MonteCarlo(ctx, n, cfg.Seed)
		if mcErr != nil {
			return nil, mcErr
		}
		mc.Fallback = err.Error()
		mc.FallbackMsg = errorMsg(err)
		return mc, nil
	}
	if rep != nil {
		rep.StandIns = c.StandIns()
	}
	return rep, err
}

// rstate is a round between two steps.
type rstate struct {
	units          [2]*alloc.Unit
	wounds, lostRF [2]int
	p              *big.Rat
}

// sideWay is one way a side's batches at a step can end: the enemy after
// them and what they add to the side's wounds and the enemy's R&F lost.
type sideWay struct {
	enemy     *alloc.Unit
	dw, dlost int
	p         *big.Rat
}

type fastReader struct {
	c      *Combat
	cfg    ExactConfig
	ctx    context.Context // for odds.BatchOutcomes
	stop   *stopper        // set when ctx ends: every loop here reads it
	e      *engine         // the round's fixed parts: start, windows, edge
	memo   map[string][]sideWay
	stepUp bool // step_up: lost reads the R&F lost; otherwise it is not kept
	walked int  // dice paths walked by walkSide so far
}

func (c *Combat) exact(ctx context.Context, cfg ExactConfig) (*Report, error) {
	st, release := watch(ctx)
	defer release()
	f := &fastReader{c: c, cfg: cfg, ctx: ctx, stop: st, e: newEngine(c, nil), memo: map[string][]sideWay{},
		stepUp: c.Options.StepUpLostIn(c.Ruleset)}
	f.e.stop = st
	states := []rstate{{units: [2]*alloc.Unit{au(c.Sides[0].Unit), au(c.Sides[1].Unit)}, p: big.NewRat(1, 1)}}
	a := newAcc()
	plan := c.plan()
	a.steps = make([]StepCount, len(plan))
	a.attacks = make([][2]map[int]*big.Rat, len(plan))
	for k, p := range plan {
		a.steps[k] = StepCount{Key: p.key, Fights: [2]bool{len(p.fights[0]) > 0, len(p.fights[1]) > 0}}
		a.attacks[k] = [2]map[int]*big.Rat{{}, {}}
	}
	for k, p := range plan {
		next, err := f.step(k, p, states, a)
		if err != nil {
			return nil, err
		}
		states = next
	}
	if err := f.finish(states, a); err != nil {
		return nil, err
	}
	return a.report(c.Ruleset), nil
}

// limit is the error of step k past max of what (ways, states or bytes).
func (f *fastReader) limit(k int, max int, what msg.ID) error {
	return msg.Errorf(odds.ErrStateLimit, what, max, k+1, len(f.c.plan()), describeSide(f.c, 0), describeSide(f.c, 1))
}

// describeSide names side i and its size: "Elves, 20 models", "1 model".
func describeSide(c *Combat, i int) msg.Message {
	u := c.Sides[i].Unit
	if u.Name() != "" {
		return msg.New("combat.exact.side_named", u.Name(), u.Size())
	}
	return msg.New("combat.exact.side", u.Size())
}

// step moves every state over step k.
func (f *fastReader) step(k int, p stepPlan, states []rstate, a *acc) ([]rstate, error) {
	index := map[string]int{}
	var next []rstate
	var kb strings.Builder
	bytes, pairs := 0, 0
	maxStates, maxBytes := f.cfg.maxStates(), f.cfg.maxBytes()
	for _, s := range states {
		if err := f.stop.check(); err != nil {
			return nil, err
		}
		e := *f.e
		e.units, e.wounds, e.lostRF = s.units, s.wounds, s.lostRF
		var ways [2][]sideWay
		for i := range 2 {
			groups, _, attacks, err := e.groups(i, p)
			if err != nil {
				return nil, err
			}
			if len(p.fights[i]) > 0 {
				addTo(a.attacks[k][i], attacks, s.p)
			}
			w, err := f.side(&e, k, i, groups)
			if err != nil {
				return nil, err
			}
			ways[i] = w
		}
		for _, w0 := range ways[0] {
			for _, w1 := range ways[1] {
				if err := f.stop.check(); err != nil {
					return nil, err
				}
				if pairs++; maxStates > 0 && pairs > 16*maxStates {
					return nil, f.limit(k, 16*maxStates, "combat.error.limit_ways")
				}
				t := rstate{units: [2]*alloc.Unit{w1.enemy, w0.enemy}, wounds: s.wounds, lostRF: s.lostRF}
				t.wounds[0] += w0.dw
				t.wounds[1] += w1.dw
				if f.stepUp {
					t.lostRF[1] += w0.dlost
					t.lostRF[0] += w1.dlost
				}
				kb.Reset()
				kb.WriteString(t.units[0].Key())
				kb.WriteByte('|')
				kb.WriteString(t.units[1].Key())
				for _, v := range [4]int{t.wounds[0], t.wounds[1], t.lostRF[0], t.lostRF[1]} {
					kb.WriteByte('|')
					kb.WriteString(strconv.Itoa(v))
				}
				p := new(big.Rat).Mul(s.p, w0.p)
				p.Mul(p, w1.p)
				key := kb.String()
				if j, ok := index[key]; ok {
					next[j].p.Add(next[j].p, p)
					continue
				}
				index[key] = len(next)
				t.p = p
				next = append(next, t)
				bytes += 2*len(key) + 96
				if maxStates > 0 && len(next) > maxStates {
					return nil, f.limit(k, maxStates, "combat.error.limit_states")
				}
				if maxBytes > 0 && bytes > maxBytes {
					return nil, f.limit(k, maxBytes, "combat.error.limit_bytes")
				}
			}
		}
	}
	return next, nil
}

// side returns the ways side i's batches at step k can end, the engine
// standing at the start of the step.
func (f *fastReader) side(e *engine, k, i int, groups []rearrank.Attack) ([]sideWay, error) {
	enemy := e.units[1-i]
	if len(groups) == 0 {
		return []sideWay{{enemy: enemy, p: big.NewRat(1, 1)}}, nil
	}
	walk := f.c.Options.InstantKillScore == rules.ScoreProfile
	var kb strings.Builder
	fmt.Fprintf(&kb, "%d|%s|%v", i, enemy.Key(), groups)
	key := kb.String()
	if w, ok := f.memo[key]; ok {
		return w, nil
	}
	var ways []sideWay
	var err error
	if walk {
		ways, err = f.walkSide(e, i, groups)
	} else {
		ways, err = f.batchSide(k, i, enemy, groups)
	}
	if err != nil {
		return nil, err
	}
	f.memo[key] = ways
	return ways, nil
}

// batchSide is side i's ways out at step k from odds.BatchOutcomes: one
// batch, re-rolls included (20.1), nothing read from its events. A batch
// may hold ten times the round states (batchStates).
func (f *fastReader) batchSide(k, i int, enemy *alloc.Unit, groups []rearrank.Attack) ([]sideWay, error) {
	limit := -1 // none
	if n := f.cfg.maxStates(); n > 0 {
		limit = batchStates * n
	}
	os, err := odds.BatchOutcomes(f.ctx, handle(enemy), groups, odds.Config{MaxStates: limit})
	switch {
	case errors.Is(err, odds.ErrMemoryLimit):
		return nil, msg.Errorf(err, "combat.error.batch_memory", sideOf(i).String(), k+1, len(f.c.plan()), errText{err})
	case errors.Is(err, odds.ErrStateLimit):
		return nil, msg.Errorf(err, "combat.error.batch_states", sideOf(i).String(), k+1, len(f.c.plan()), batchStates, limit, errText{err})
	case err != nil:
		return nil, err
	}
	ways := make([]sideWay, len(os))
	for k, o := range os {
		t := o.Tally
		ways[k] = sideWay{enemy: au(o.Unit), dw: t.Wounds, dlost: t.ByRole[unit.RankAndFile] + t.ByRole[unit.Musician] + t.ByRole[unit.StandardBearer], p: o.P}
	}
	return ways, nil
}

// batchStates is how many times the round states (ExactConfig.MaxStates)
// one side's batch may hold.
const batchStates = 10

// walkPaths is the most dice paths the fast reader walks die by die in one
// run (the sides that score instant kills by profile):
// about a second.
const walkPaths = 20_000

// walkSide is a side's ways out from engine.batch walked over every die
// (faces alike to the rules as one branch), merged by the enemy's key and
// what they add. It estimates the paths first (Knuth's estimate, as
// Enumerate does) and refuses at once what would pass the run's budget.
func (f *fastReader) walkSide(e *engine, i int, groups []rearrank.Attack) ([]sideWay, error) {
	run := func(r dice.Roller) (*alloc.Unit, engine, error) {
		x := *e
		x.wounds, x.lostRF, x.log = [2]int{}, [2]int{}, nil
		after, _, err := x.batch(i, e.units[1-i], groups, r)
		return after, x, err
	}
	limit := -1
	if f.cfg.maxStates() > 0 {
		limit = walkPaths - f.walked
		p := &prober{rng: dice.NewSeeded(1)}
		sum := 0.0
		for range 16 {
			p.prod = 1
			if _, _, err := run(p); err != nil {
				return nil, err
			}
			sum += p.prod
		}
		if est := sum / 16; est > float64(limit) {
			return nil, msg.Errorf(odds.ErrStateLimit, "combat.error.walk_estimate", sideOf(i).String(), strconv.FormatFloat(est, 'g', 2, 64), max(limit, 0), walkPaths)
		}
	}
	index := map[string]int{}
	var ways []sideWay
	n := 0
	err := enumerate(f.stop, limit, func(r dice.Roller) error {
		n++
		after, x, err := run(r)
		if err != nil {
			return err
		}
		w := r.(*odometer).weight()
		key := fmt.Sprintf("%s|%d|%d", after.Key(), x.wounds[i], x.lostRF[1-i])
		if k, ok := index[key]; ok {
			ways[k].p.Add(ways[k].p, w)
			return nil
		}
		index[key] = len(ways)
		after.SetQuiet(true)
		ways = append(ways, sideWay{enemy: after, dw: x.wounds[i], dlost: x.lostRF[1-i], p: w})
		return nil
	})
	f.walked += n
	if errors.Is(err, ErrTooLarge) {
		return nil, msg.Errorf(odds.ErrStateLimit, "combat.error.walk_passed", sideOf(i).String(), walkPaths)
	}
	return ways, err
}

// finish scores every state and decides it over the break test's dice.
// States the report cannot tell apart (the same casualties, wounds, scores
// and what the break test reads) are added up first.
func (f *fastReader) finish(states []rstate, a *acc) error {
	type group struct {
		o Outcome
		p *big.Rat
	}
	index := map[string]int{}
	var groups []group
	for _, s := range states {
		if err := f.stop.check(); err != nil {
			return err
		}
		o := Outcome{Units: [2]*rearrank.Unit{handle(s.units[0]), handle(s.units[1])}, Wounds: s.wounds}
		for i := range 2 {
			o.Casualties[i] = f.c.Sides[i].Unit.Size() - s.units[i].Size()
			o.Destroyed[i] = s.units[i].Destroyed()
		}
		f.c.score(&o)
		key := fmt.Sprint(o.Casualties, o.Wounds, o.Score, o.Destroyed, fullRanks(s.units[0]), fullRanks(s.units[1]),
			s.units[0].Count(unit.Musician) > 0, s.units[1].Count(unit.Musician) > 0, f.strengths(s.units))
		if i, ok := index[key]; ok {
			groups[i].p.Add(groups[i].p, s.p)
			continue
		}
		index[key] = len(groups)
		groups = append(groups, group{o, new(big.Rat).Set(s.p)})
	}
	// decide reads the scores, who is destroyed, the full ranks and the
	// musicians; its ways out, walked over the break test's dice, differ
	// only in the winner and whether the loser broke.
	type way struct {
		winner   Side
		musician bool
		brk      *BreakTest
		p        *big.Rat
	}
	memo := map[string][]way{}
	for _, g := range groups {
		if err := f.stop.check(); err != nil {
			return err
		}
		o := g.o
		key := fmt.Sprint(o.Score, o.Destroyed, fullRanks(au(o.Units[0])), fullRanks(au(o.Units[1])),
			au(o.Units[0]).Count(unit.Musician) > 0, au(o.Units[1]).Count(unit.Musician) > 0, f.strengths([2]*alloc.Unit{au(o.Units[0]), au(o.Units[1])}))
		ways, ok := memo[key]
		if !ok {
			d := o
			tries := f.c.judge(&d)
			if tries == 0 {
				ways = []way{{d.Winner, d.Musician, d.Break, big.NewRat(1, 1)}}
			} else {
				// Ways out by what the test ended in: held or broke, or
				// one of the three outcomes of 22.11.
				type end struct {
					broke  bool
					result Result
				}
				var ends []end
				weights := map[end]*big.Rat{}
				err := enumerate(f.stop, -1, func(r dice.Roller) error {
					bt := *d.Break
					bt.Rolls = nil
					if err := f.c.rollBreak(&bt, tries, r); err != nil {
						return err
					}
					e := end{bt.Broke, bt.Result}
					if weights[e] == nil {
						ends = append(ends, e)
						weights[e] = new(big.Rat)
					}
					weights[e].Add(weights[e], r.(*odometer).weight())
					return nil
				})
				if err != nil {
					return err
				}
				for _, e := range ends {
					bt := *d.Break
					bt.Broke, bt.Result = e.broke, e.result
					ways = append(ways, way{d.Winner, d.Musician, &bt, weights[e]})
				}
			}
			memo[key] = ways
		}
		for _, w := range ways {
			d := o
			d.Winner, d.Musician, d.Break = w.winner, w.musician, w.brk
			a.add(&d, new(big.Rat).Mul(g.p, w.p))
		}
	}
	return nil
}

// strengths are both units' Unit Strength where the break test reads it
// (22.11), else nil.
func (f *fastReader) strengths(us [2]*alloc.Unit) []int {
	cr := &rules.For(f.c.Ruleset).Combat
	if !cr.ThreeOutcomes {
		return nil
	}
	return []int{unitStrength(us[0]), unitStrength(us[1])}
}
