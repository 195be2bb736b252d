package odds

import (
	"errors"
	"math/big"
	"slices"

	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/referee"
)

// The packet chain (issue 9, item 3). After the binomial-attacks fast path
// a batch whose packets collapse to no closed form (battleaxe's per-model
// damage, RULES.md 11.3) would hold one copy of every state per possible
// count of unsaved wounds: the count is in the machine's key. But the j-th
// packet does the same whatever the count, so one chain of packets serves
// every count: the states after k packets are stepped once, with the
// packet step's own code over every die, and the count k takes them,
// weighted by its binomial chance, to the close of the batch.
//
// A packet's step does not depend on its place in the batch (engine.
// Machine.AppendLoopState), so the chain keeps machines by their loop
// state, canonical (the unit's count key merges identical rank-and-file
// models by their damage), in a table of the batch: each loop state is
// stepped once, over every die, by the referee's own step, into its ways
// out to other loop states of the table, and closes the batch once. The
// states of the chain after k packets are links, a loop state's index, what
// the packets added and the chance, an integer count over the level's one
// denominator: they move along the table by integer arithmetic alone.

// fastChain is the packet chain's name, as Result.Method reports it.
const fastChain = "packet chain"

// chainLink is one state of the chain after k packets: loop state at of
// the table, what the packets added, and its chance, a count over the
// level's denominator; same is the next link of the level on at, or -1.
type chainLink struct {
	at, same int32
	dt       tally
	w        weight
}

// chainEdge is one way out of a loop state by its next packet: to loop
// state to, adding dt, with chance w over its state's denominator.
type chainEdge struct {
	to int32
	dt tally
	w  weight
}

// chainState is one loop state of the table: a machine standing in it
// (at item 1, so that a step leaves it in the loop), its ways out over d
// once stepped, and where it closes the batch once closed.
type chainState struct {
	m       *engine.Machine
	edges   []chainEdge
	d       den
	stepped bool
	closed  bool
	end     int32 // the core of the next generation it closes into
	endDt   tally // and what the close adds
}

// chainTable is the loop states of a chain, by their description.
type chainTable struct {
	states []chainState
	index  map[string]int32
	// items is the number of packets of the table's machines: two more
	// than the batch's, so that a machine at item 1 steps within the loop
	// (the loop state leaves the number out, engine.Machine.AppendLoopState).
	items int
	// bytes estimates what the table holds, for Config.MaxBytes: a core's
	// worth a machine, a state's a way out.
	bytes int64
	// leaves and dens are step's scratch: the ways out of one step by
	// path, and their denominators.
	leaves []chainEdge
	dens   []den
}

// errLeftLoop is a programmer error: a packet's step left its loop before
// its last item.
var errLeftLoop = errors.New("odds: packet chain: a packet's step left the loop of packets")

// intern returns the index of m's loop state in t, keeping m, moved to item
// 1, when it is new; m is a leaf of a step of the table, or its start.
func (t *chainTable) intern(e *enumerator, m *engine.Machine) (int32, error) {
	loop, ok := m.AppendLoopState(e.loopbuf[:0])
	e.loopbuf = loop
	if !ok {
		return 0, errLeftLoop
	}
	if i, ok := t.index[string(loop)]; ok {
		e.free = append(e.free, m)
		return i, nil
	}
	m.SetItem(0, t.items)
	t.bytes += e.coreBytes
	i := int32(len(t.states))
	t.index[string(loop)] = i
	t.states = append(t.states, chainState{m: m})
	return i, nil
}

// step works out the ways out of state i by its next packet, over every
// die, from the referee's packet step.
func (t *chainTable) step(e *enumerator, i int32) error {
	s := &t.states[i]
	leaves, dens := t.leaves[:0], t.dens[:0]
	var leaf *engine.Machine
	err := paths(&e.roller, func(r *pathRoller) error {
		leaf = e.scratch()
		leaf.Reset(s.m)
		return leaf.Step(r, nil)
	}, func(count weight, d den) error {
		dt := tallyOf(leaf.Tally())
		leaf.SetTally(referee.Tally{})
		to, err := t.intern(e, leaf)
		if err != nil {
			return err
		}
		leaves = append(leaves, chainEdge{to: to, dt: dt, w: count})
		dens = append(dens, d)
		return nil
	})
	if err != nil {
		return err
	}
	t.leaves, t.dens = leaves, dens
	s = &t.states[i] // intern may have moved the table
	var d den
	for _, x := range dens {
		d = d.lcm(x)
	}
	edges := make([]chainEdge, 0, len(leaves))
next:
	for k, x := range leaves {
		x.w = x.w.scale(d.over(dens[k]))
		for j := range edges {
			if edges[j].to == x.to && edges[j].dt == x.dt {
				edges[j].w.add(x.w)
				continue next
			}
		}
		edges = append(edges, x)
	}
	for _, x := range edges {
		t.bytes += stateBytes(x.w)
	}
	s.edges, s.d, s.stepped = edges, d, true
	return nil
}

// close returns the core of the next generation where state i closes the
// batch after its packets, and what the close adds: the same whatever the
// number of packets before it.
func (t *chainTable) close(e *enumerator, i int32) (int32, tally) {
	s := &t.states[i]
	if !s.closed {
		x := e.scratch()
		x.Reset(s.m)
		x.SkipPackets()
		s.endDt = tallyOf(x.Tally())
		x.SetTally(referee.Tally{})
		s.end, s.closed = e.intern(x), true
	}
	return s.end, s.endDt
}

// chainAll reports whether the packets of c's batch after its attacks roll
// go by the chain: they are packets (a batch of unsaved wounds stands at the
// packet step) that neither the single-wounds nor the pooled-damage path
// collapses.
func (e *enumerator) chainAll(c *core) (bool, error) {
	pm := c.m.Clone()
	pm.SkipRolls(engine.RollOutcome{Unsaved: 1})
	if n, ok := pm.PendingPackets(); !ok || n != 1 {
		return false, nil
	}
	if _, ok := pm.AppendLoopState(nil); !ok {
		return false, nil
	}
	ok, _, _, err := e.packetMode(pm)
	return !ok, err
}

// chain adds to c the ways out of its batch's attack rolls and packets, for
// unsaved counts k = 1..n of chance ws[k]/dn (ws[0] is left to the caller),
// with Regeneration lost by a Flaming wound when lost (C26).
func (e *enumerator) chain(c *core, n int, lost bool, ws []*big.Int, dn den) error {
	t := &chainTable{index: map[string]int32{}, items: n + 2, bytes: e.coreBytes}
	start := c.m.Clone()
	// the count of unsaved wounds is k's, added at its stop; the
	// machine's own count shows in no loop state and no close
	start.SkipRolls(engine.RollOutcome{Unsaved: t.items, RegenLost: lost})
	start.SetTally(referee.Tally{})
	if _, ok := start.AppendLoopState(e.loopbuf[:0]); !ok {
		return errLeftLoop
	}
	t.states = append(t.states, chainState{m: start})
	links := []chainLink{{same: -1, w: one}}
	var next []chainLink
	// the links' estimated bytes, for Config.MaxBytes
	linkBytes, nextBytes := stateBytes(one), int64(0)
	var d den        // the links' counts are over d
	var head []int32 // head[s]: the first link of the next level on state s, or -1
	for k := 1; k <= n; k++ {
		if err := e.ctx.Err(); err != nil {
			return err
		}
		// Every state of the level stepped, once in the chain, and the
		// level's denominator.
		var L den
		for _, l := range links {
			s := &t.states[l.at]
			if !s.stepped {
				if err := t.step(e, l.at); err != nil {
					return err
				}
				s = &t.states[l.at]
			}
			L = L.lcm(s.d)
		}
		if e.max > 0 && len(t.states) > e.max {
			return e.limitError()
		}
		if err := e.chainBudget(t, linkBytes, len(c.trans)); err != nil {
			return err
		}
		for len(head) < len(t.states) {
			head = append(head, -1)
		}
		// The links move along.
		next, nextBytes = next[:0], 0
		for _, l := range links {
			s := &t.states[l.at]
			up := L.over(s.d)
			for _, x := range s.edges {
				dt := l.dt.plus(x.dt)
				w := l.w.mul(x.w)
				if up != (den{}) {
					w = w.scale(up)
				}
				j := head[x.to]
				for j >= 0 && next[j].dt != dt {
					j = next[j].same
				}
				if j >= 0 {
					next[j].w.add(w)
					continue
				}
				next = append(next, chainLink{at: x.to, same: head[x.to], dt: dt, w: w})
				head[x.to] = int32(len(next) - 1)
				if e.max > 0 && len(next) > e.max {
					return e.limitError()
				}
				nextBytes += stateBytes(w)
				if err := e.chainBudget(t, linkBytes+nextBytes, len(c.trans)); err != nil {
					return err
				}
			}
		}
		for _, l := range next {
			head[l.at] = -1
		}
		links, next = next, links
		linkBytes = nextBytes
		d = d.mul(L)
		if ws[k].Sign() == 0 {
			continue
		}
		// The count k closes the batch after k packets.
		pk, dk := fromBig(ws[k]), dn.mul(d)
		c.trans = slices.Grow(c.trans, len(links))
		for _, l := range links {
			to, dt := t.close(e, l.at)
			dt = dt.plus(l.dt)
			dt.unsaved += int32(k)
			c.trans = append(c.trans, trans{to: to, dt: dt, w: pk.mul(l.w), d: dk})
		}
		// the counts' ends are the next generation's cores and states
		if e.max > 0 && max(len(e.next), len(c.trans)) > e.max {
			return e.limitError()
		}
		if err := e.chainBudget(t, linkBytes, len(c.trans)); err != nil {
			return err
		}
	}
	e.note(fastChain)
	return nil
}

// chainBudget returns the memory-budget error (Config.MaxBytes) when the
// chain holds more than it: its table, links of linkBytes, and the next
// generation's cores and its trans ways out.
func (e *enumerator) chainBudget(t *chainTable, linkBytes int64, trans int) error {
	if e.maxBytes > 0 && t.bytes+linkBytes+int64(len(e.next))*e.coreBytes+int64(trans)*perState > e.maxBytes {
		return bytesLimitError(e.maxBytes, e.steps, e.why())
	}
	return nil
}
