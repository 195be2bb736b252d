package odds

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"unsafe"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/unit"
)

// The enumerating reader.
//
// A state of the enumeration is a machine and the totals of the path that
// led to it. Steps only add to the totals and never read them
// (engine.Machine.SetTally), so the two are kept apart: a core is a
// machine with zero totals, and a state is a core, a small comparable tally
// and a weight. Each generation every core takes one step: its ways out
// (transitions: the core after the step, what the step added to the
// tallies, the chance) are worked out once, by replaying the step over
// every class of faces, and applied to every state on that core. Two paths
// that reach the same core with the same tallies merge. The fast paths of
// fast.go produce transitions too, or, for a batch that ends the run, the
// marginals directly.

// tally is what a path has added to the Result: the referee's Tally less
// the wasted wounds, which the Result does not report.
type tally struct {
	cas, wounds, unsaved int32
	byRole               [unit.Character]int32 // byRole[r-1] for role r
	panic, std           bool
}

func tallyOf(t rearrank.Tally) tally {
	v := tally{cas: int32(t.Casualties), wounds: int32(t.Wounds), unsaved: int32(t.Unsaved), panic: t.Panic, std: t.Standard}
	for r := unit.RankAndFile; r <= unit.Character; r++ {
		v.byRole[r-1] = int32(t.ByRole[r])
	}
	return v
}

func (t tally) plus(u tally) tally {
	t.cas += u.cas
	t.wounds += u.wounds
	t.unsaved += u.unsaved
	for i := range t.byRole {
		t.byRole[i] += u.byRole[i]
	}
	t.panic = t.panic || u.panic
	t.std = t.std || u.std
	return t
}

// core is a machine with zero tallies, and what its next step does.
type core struct {
	m     *engine.Machine
	trans []trans     // this generation's ways out
	final *finalBatch // or, for a batch that ends the run, its marginals
}

// trans is one way out of a core: to core `to` of the next generation,
// adding dt to the tallies, with chance w/d.
type trans struct {
	to int32
	dt tally
	w  weight
	d  den
}

type stateKey struct {
	core int32
	t    tally
}

type state struct {
	k stateKey
	w weight
}

// memoLeaf is one way out of a loop step: the machine it leads to (a core,
// never changed) and what it adds, with its chance.
type memoLeaf struct {
	m  *engine.Machine
	dt tally
	w  weight
	d  den
}

// enumerator runs machines to the end over every die.
type enumerator struct {
	ctx context.Context
	max int // state limit, 0 for none
	// maxBytes is the memory budget (Config.MaxBytes), 0 for none;
	// coreBytes what one core is estimated to take; bytes the estimate of
	// the states of the generation being built and prevBytes of the one
	// it is built from; ntrans the ways out of this generation's cores
	// (heldBytes).
	maxBytes, coreBytes, bytes, prevBytes int64
	ntrans                                int
	why                                   func() msg.Message // what makes the space large, for the limit error
	fast                                  bool               // take the fast paths of fast.go
	join                                  bool               // keep each end state whole, no last-batch marginals (batch.go)
	used                                  Method             // the fast paths taken, in order

	// the run's attack groups, and the unsaved distributions of merged
	// batches by their inputs (merge.go)
	attacks []rearrank.Attack
	mergedU map[string]mergedDist

	cores  []*core
	states []state
	d      den // the states' weights are over d

	next      []*core // the next generation
	nextIndex map[string]int32
	nstates   []state
	nsIndex   map[stateKey]int32

	acc    *accumulator
	finals int // final states accumulated

	roller pathRoller
	ticks  uint // units of work done, for tick
	keybuf []byte
	free   []*engine.Machine
	// units are units no machine uses, for the next copies (the packet
	// chain's released states)
	units []*alloc.Unit
	// noDice rolls no die: a close of the packet chain that asks for one
	// is no last batch's (closeLast)
	noDice pathRoller
	merge  map[stateKey]int // scratch for merging a core's transitions
	capW   map[unit.Target]int
	steps  int

	// memo holds the ways out of a step whose outcome does not depend on
	// the machine's place in its loop of items (engine.Machine.
	// AppendLoopState), worked out once and moved to each place (SetItem).
	memo       map[string][]memoLeaf
	memoLeaves int
	loopbuf    []byte

	finalGroups map[*finalBatch]*finalGroup
	sweeps      map[string]*sweeper // this generation's pooled sweeps, by loop state
	polys       map[string][]weight // polyHead's, by polyKey and degree
	outs        []outcome           // lastBatch's scratch
	seen        map[outcomeKey]int  // lastBatch's scratch
	polybuf     []byte
	unsaveds    map[string]*[]weight
	finalSeq    int
}

func newEnumerator(ctx context.Context, cfg Config, fast bool, acc *accumulator, why func() msg.Message) *enumerator {
	return &enumerator{ctx: ctx, roller: pathRoller{ctx: ctx}, max: cfg.maxStates(), maxBytes: cfg.maxBytes(), coreBytes: cfg.coreBytes, why: why, fast: fast, acc: acc,
		nextIndex: map[string]int32{}, nsIndex: map[stateKey]int32{}, merge: map[stateKey]int{},
		memo: map[string][]memoLeaf{}, finalGroups: map[*finalBatch]*finalGroup{}, sweeps: map[string]*sweeper{},
		polys: map[string][]weight{}, unsaveds: map[string]*[]weight{}}
}

// ErrStateLimit is wrapped by the error returned when the reachable states
// pass Config.MaxStates.
var ErrStateLimit = errors.New("state limit reached")

// ErrDicePaths is the ErrStateLimit of one step whose dice fall more ways
// than the odds follow (a huge pool of dice rolled at once): no state
// budget helps it, only Monte Carlo does.
var ErrDicePaths = fmt.Errorf("%w: dice paths", ErrStateLimit)

func (e *enumerator) limitError() error {
	return msg.Errorf(ErrStateLimit, "odds.error.states", e.max, e.steps, e.why())
}

// tickEvery is how many units of work tick lets pass between looks at
// the context: a power of two.
const tickEvery = 64

// tick counts a unit of work of one of the enumeration's loops (a core
// expanded, a link of the packet chain moved, an outcome gathered) and
// returns the context's error every tickEvery units, so that a cancelled
// computation stops within milliseconds wherever its time goes (a level of
// the packet chain once ran for seconds between looks). A
// loop whose every unit may take milliseconds looks at each.
func (e *enumerator) tick() error {
	if e.ticks++; e.ticks&(tickEvery-1) != 0 {
		return nil
	}
	return e.ctx.Err()
}

// transBytes is the memory of one way out of a core (trans) with an
// inline weight.
const transBytes = int64(unsafe.Sizeof(trans{}))

// heldBytes estimates the memory the enumeration holds, for Config.
// MaxBytes: the states of two generations, the machines of the cores of
// both, of the memo and of the machines kept for reuse, and the ways out.
// A machine the memo shares with a core counts twice: the estimate errs
// high. Counting the states and the next generation's cores alone, 40
// battleaxe attacks with Killing Blow at 6 monsters held an
// estimated 180 MB in a heap of 870 MB.
func (e *enumerator) heldBytes() int64 {
	machines := int64(len(e.next) + len(e.cores) + e.memoLeaves + len(e.free))
	return e.bytes + e.prevBytes + machines*e.coreBytes + int64(e.ntrans)*transBytes
}

// heapGrowth is how far Go's collector lets the heap grow past what is
// live before it collects (GOGC=100): what the enumeration holds may take
// the memory budget (Config.MaxBytes) over heapGrowth.
const heapGrowth = 2

// overBudget reports whether the enumeration holds, with held bytes
// besides what heldBytes counts, more than its share of the memory budget.
func (e *enumerator) overBudget(held int64) bool {
	return e.maxBytes > 0 && heapGrowth*(e.heldBytes()+held) > e.maxBytes
}

// scratch returns a machine to replay a step on.
func (e *enumerator) scratch() *engine.Machine {
	if n := len(e.free); n > 0 {
		m := e.free[n-1]
		e.free = e.free[:n-1]
		return m
	}
	return new(engine.Machine)
}

// intern returns the index of m's core in the next generation, keeping m
// when it is new and recycling it otherwise. m's tallies must be zero.
func (e *enumerator) intern(m *engine.Machine) int32 {
	e.keybuf = m.AppendState(e.keybuf[:0])
	if i, ok := e.nextIndex[string(e.keybuf)]; ok {
		e.free = append(e.free, m)
		return i
	}
	i := int32(len(e.next))
	e.nextIndex[string(e.keybuf)] = i
	e.next = append(e.next, &core{m: m})
	return i
}

// note records that fast path p was taken.
func (e *enumerator) note(p FastPath) { e.used.take(p) }

// run enumerates from start to the end of its last batch, adding every
// final state to the accumulator.
func (e *enumerator) run(start *engine.Machine) error {
	start.SetTally(rearrank.Tally{})
	e.intern(start)
	e.swapCores()
	e.states = append(e.states[:0], state{k: stateKey{core: 0}, w: one})
	for len(e.states) > 0 {
		if err := e.ctx.Err(); err != nil {
			return err
		}
		e.steps++
		if err := e.generation(); err != nil {
			return err
		}
	}
	return nil
}

func (e *enumerator) swapCores() {
	e.cores, e.next = e.next, e.cores[:0]
	clear(e.nextIndex)
	clear(e.sweeps)
}

// finalGroup gathers the states of one generation that go on into the same
// last batch: their weights by tallies other than the unsaved count, and by
// unsaved count, apart (the Result's marginals need no more).
type finalGroup struct {
	rest    map[tally]weight
	unsaved []weight
}

func (e *enumerator) group(f *finalBatch, t tally, w weight) {
	g := e.finalGroups[f]
	if g == nil {
		g = &finalGroup{rest: map[tally]weight{}}
		e.finalGroups[f] = g
	}
	u := t.unsaved
	t.unsaved = 0
	r := g.rest[t]
	r.add(w)
	g.rest[t] = r
	g.unsaved = addAt(g.unsaved, u, w)
}

// flushFinals adds the gathered last batches to the accumulator: each
// group's tallies against each of its outcomes, and the unsaved counts of
// every group that shares an unsaved distribution convolved with it once.
func (e *enumerator) flushFinals() error {
	if len(e.finalGroups) == 0 {
		return nil
	}
	byUnsaved := map[*[]weight][]weight{}
	var order []*finalBatch
	for f := range e.finalGroups {
		order = append(order, f)
	}
	// a fixed order keeps the accumulator's work the same from run to run
	slices.SortFunc(order, func(a, b *finalBatch) int { return a.seq - b.seq })
	var keys []*[]weight
	dens := map[*[]weight]den{}
	for _, f := range order {
		g := e.finalGroups[f]
		for t, w := range g.rest {
			for _, o := range f.outcomes {
				if err := e.tick(); err != nil {
					return err
				}
				e.acc.addRest(t.plus(o.dt), o.destroyed, o.panicApplies, e.acc.align(w.mulShared(o.w), e.d.mul(f.do)))
			}
			e.finals += len(f.outcomes)
		}
		h, ok := byUnsaved[f.unsaved]
		if !ok {
			keys = append(keys, f.unsaved)
			dens[f.unsaved] = f.du
		}
		for i, w := range g.unsaved {
			if !w.isZero() {
				h = addAt(h, int32(i), w)
			}
		}
		byUnsaved[f.unsaved] = h
	}
	for _, k := range keys {
		d := e.d.mul(dens[k])
		for i, w := range byUnsaved[k] {
			if w.isZero() {
				continue
			}
			if err := e.tick(); err != nil {
				return err
			}
			for j, p := range *k {
				if !p.isZero() {
					e.acc.addUnsaved(int32(i+j), e.acc.alignUnsaved(w.mulShared(p), d))
				}
			}
		}
	}
	clear(e.finalGroups)
	return nil
}

// generation takes every core one step and moves the states along.
func (e *enumerator) generation() error {
	// The ways out of every core, over one denominator L.
	var L den
	e.ntrans = 0
	for _, c := range e.cores {
		c.trans, c.final = c.trans[:0], nil
		if c.m.Done() {
			continue
		}
		if err := e.ctx.Err(); err != nil { // a core's ways out may take milliseconds
			return err
		}
		if err := e.expand(c); err != nil {
			return err
		}
		if e.max > 0 && len(e.next) > e.max {
			return e.limitError()
		}
		if e.ntrans += len(c.trans); e.overBudget(0) {
			return bytesLimitError(e.maxBytes, e.steps, e.why())
		}
		for _, t := range c.trans {
			L = L.lcm(t.d)
		}
	}
	for _, c := range e.cores {
		if err := e.tick(); err != nil {
			return err
		}
		for i := range c.trans {
			t := &c.trans[i]
			t.w, t.d = t.w.scale(L.over(t.d)), L
		}
	}
	// Move the states along.
	e.nstates = e.nstates[:0]
	e.prevBytes, e.bytes = e.bytes, 0
	clear(e.nsIndex)
	for _, s := range e.states {
		if err := e.tick(); err != nil {
			return err
		}
		c := e.cores[s.k.core]
		switch {
		case c.m.Done():
			e.acc.addState(s.k.t, c.m, s.w, e.d)
			e.finals++
			continue
		case c.final != nil:
			e.group(c.final, s.k.t, s.w)
			continue
		}
		for _, t := range c.trans {
			k := stateKey{core: t.to, t: s.k.t.plus(t.dt)}
			w := s.w.mul(t.w)
			if i, ok := e.nsIndex[k]; ok {
				e.nstates[i].w.add(w)
				continue
			}
			e.nsIndex[k] = int32(len(e.nstates))
			e.nstates = append(e.nstates, state{k: k, w: w})
			if e.max > 0 && len(e.nstates) > e.max {
				return e.limitError()
			}
			e.bytes += stateBytes(w)
			if e.overBudget(0) {
				return bytesLimitError(e.maxBytes, e.steps, e.why())
			}
		}
	}
	if err := e.flushFinals(); err != nil {
		return err
	}
	e.states, e.nstates = e.nstates, e.states
	e.d = e.d.mul(L)
	e.swapCores()
	if e.steps%16 == 0 {
		return e.reduce()
	}
	return nil
}

// expand works out the ways out of c: a fast path when one applies, else
// its next step replayed over every class of faces.
func (e *enumerator) expand(c *core) error {
	if e.fast {
		ok, err := e.fastPath(c)
		if ok || err != nil {
			return err
		}
	}
	start := len(c.trans)
	loop, inLoop := c.m.AppendLoopState(e.loopbuf[:0])
	e.loopbuf = loop
	if inLoop {
		i, n := c.m.Item()
		if leaves, ok := e.memo[string(loop)]; ok {
			for _, l := range leaves {
				x := e.scratch()
				x.Reset(l.m)
				x.SetItem(i, n) // the end of the loop may add to the tallies
				dt := l.dt.plus(tallyOf(x.Tally()))
				x.SetTally(rearrank.Tally{})
				c.trans = append(c.trans, trans{to: e.intern(x), dt: dt, w: l.w, d: l.d})
			}
			c.trans = e.mergeTrans(c.trans, start)
			return nil
		}
	}
	var leaf *engine.Machine
	leaves := 0
	clear(e.merge)
	err := paths(&e.roller, func(r *pathRoller) error {
		leaf = e.scratch()
		leaf.Reset(c.m)
		return leaf.Step(r, nil)
	}, func(count weight, d den) error {
		if leaves++; leaves&4095 == 0 {
			if err := e.ctx.Err(); err != nil {
				return err
			}
		}
		dt := tallyOf(leaf.Tally())
		leaf.SetTally(rearrank.Tally{})
		t := trans{to: e.intern(leaf), dt: dt, w: count, d: d}
		// merge ways out with the same end and chance's denominator at
		// once, so a step with many dice holds few
		k := stateKey{core: t.to, t: t.dt}
		if i, ok := e.merge[k]; ok && c.trans[i].d == d {
			c.trans[i].w.add(count)
			return nil
		}
		e.merge[k] = len(c.trans)
		c.trans = append(c.trans, t)
		return nil
	})
	if err != nil {
		return err
	}
	c.trans = e.mergeTrans(c.trans, start)
	if e.max > 0 && len(e.next) > e.max {
		return e.limitError()
	}
	if i, n := c.m.Item(); inLoop && i+1 < n {
		if e.memoLeaves > memoCap(e.max) || e.maxBytes > 0 && heapGrowth*4*int64(e.memoLeaves)*e.coreBytes > e.maxBytes {
			// The memo holds machines of past generations: bound it as
			// the states are bounded, and to a quarter of what the
			// memory budget lets the enumeration hold, starting afresh.
			clear(e.memo)
			e.memoLeaves = 0
		}
		leaves := make([]memoLeaf, len(c.trans)-start)
		for k, t := range c.trans[start:] {
			leaves[k] = memoLeaf{m: e.next[t.to].m, dt: t.dt, w: t.w, d: t.d}
		}
		e.memo[string(loop)] = leaves
		e.memoLeaves += len(leaves)
	}
	return nil
}

// mergeTrans brings ts[start:] over one denominator and merges ways out to
// the same core with the same tallies.
func (e *enumerator) mergeTrans(ts []trans, start int) []trans {
	if len(ts)-start < 2 {
		return ts
	}
	var d den
	for _, t := range ts[start:] {
		d = d.lcm(t.d)
	}
	clear(e.merge)
	out := ts[:start]
	for _, t := range ts[start:] {
		t.w, t.d = t.w.scale(d.over(t.d)), d
		k := stateKey{core: t.to, t: t.dt}
		if i, ok := e.merge[k]; ok {
			out[i].w = out[i].w.plus(t.w) // memoised weights are shared
			continue
		}
		e.merge[k] = len(out)
		out = append(out, t)
	}
	return out
}

// memoCap is how many ways out the memo of loop steps may hold.
func memoCap(limit int) int {
	if limit <= 0 {
		return 1 << 20
	}
	return 2 * limit
}

// reduce divides every state's weight and the shared denominator by the
// powers of 2 and 3 they have in common, keeping the numbers small.
func (e *enumerator) reduce() error {
	g := e.d
	for _, s := range e.states {
		if g.two == 0 && g.three == 0 {
			return nil
		}
		if err := e.tick(); err != nil {
			return err
		}
		g = commonFactor(s.w, g)
	}
	if g.two == 0 && g.three == 0 {
		return nil
	}
	for i := range e.states {
		if err := e.tick(); err != nil {
			return err
		}
		e.states[i].w = divide(e.states[i].w, g)
	}
	e.d = e.d.over(g)
	return nil
}
