package odds

import (
	"errors"
	"math/big"
	"slices"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
)

// The packet chain. After the binomial-attacks fast path
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
//
// When the batch ends the run, nothing reads a link's state after its
// close but the Result's marginals (as for the last-batch fast path): the
// links of each count are summed by how the run ends from them, and the
// count itself is the unsaved marginal (chainLast).

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
	u       *alloc.Unit // unit-keyed: the state is the table's start with u
	edges   []chainEdge
	d       den
	stepped bool
	closed  bool
	// unitKept says that the machine state i closed into shares u.
	unitKept bool
	end      int32      // the core of the next generation it closes into
	endDt    tally      // and what the close adds
	ends     outcomeKey // or, closing the run's last batch, how the run ends
}

// chainTable is the loop states of a chain, by their description.
type chainTable struct {
	// blocks hold the states, chainBlock at a time, so that a state
	// stays where it is as the table grows; n is their number.
	blocks [][]chainState
	n      int32
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
	// edgeFree is the block the ways out of the next states stepped go
	// into, from its length on: one allocation for many states.
	edgeFree []chainEdge
	// oneDie says that a packet's step rolls one die, its damage, whose
	// wounds do not fall as its face rises (chainOneDie): where the
	// packet's model is capped (alloc.Unit.PacketCapped) the faces from the
	// first that removes it on all step alike (chainTable.step).
	oneDie bool
	// unitKeyed says that the table's states differ in their unit alone,
	// and index keys them by it (appendState): a state keeps its unit, to
	// stand in with start's machine (load).
	unitKeyed bool
	start     *engine.Machine
	// rewind is the leaf the last step of a unit-keyed state loaded from
	// start and moved by one packet, freed since: loading it again undoes
	// that packet instead of copying start whole (RewindPacket).
	rewind *engine.Machine
}

// errCapped stops the paths of a step at the first face of its damage die
// that removes the packet's model: the faces above it do the same.
var errCapped = errors.New("odds: packet chain: the rest of the faces remove the model alike")

// chainOneDie reports whether the packets of m's batch, standing before
// its first packet, roll their damage and nothing else (no Regeneration,
// engine.Machine.PendingPackets) on one die whose every face is a class of
// its own, the wounds never falling as the face rises: a die and its
// modifier (RULES.md 9.2), +1 for Clipped Wings (E52).
func chainOneDie(m *engine.Machine) (bool, error) {
	if _, ok := m.PendingPackets(); !ok {
		return false, nil
	}
	ok, last := true, 0
	var r pathRoller
	err := paths(&r, func(r *pathRoller) error {
		k, err := m.RollPacket(r)
		if len(r.path) != 1 || r.path[0].n != r.path[0].sides || k < last {
			ok = false
		}
		last = k
		return err
	}, func(weight, den) error { return nil })
	return ok, err
}

// errLeftLoop is a programmer error: a packet's step left its loop before
// its last item.
var errLeftLoop = errors.New("odds: packet chain: a packet's step left the loop of packets")

// intern returns the index of m's loop state in t, keeping m, moved to item
// 1, when it is new (unit-keyed, only its unit); m is a leaf of a step of
// the table.
func (t *chainTable) intern(e *enumerator, m *engine.Machine) (int32, error) {
	loop, ok := t.appendState(e.loopbuf[:0], m)
	e.loopbuf = loop
	if !ok {
		return 0, errLeftLoop
	}
	if i, ok := t.index[string(loop)]; ok {
		e.free = append(e.free, m)
		return i, nil
	}
	var st chainState
	if t.unitKeyed {
		// the state is the table's start with this unit
		st.u = m.TakeUnit()
		e.free = append(e.free, m)
		t.bytes += int64(st.u.Footprint())
	} else {
		m.SetItem(0, t.items)
		st.m = m
		t.bytes += e.coreBytes
	}
	i := t.add(st)
	t.index[string(loop)] = i
	return i, nil
}

// unitOf returns state s's unit, to read.
func (t *chainTable) unitOf(s *chainState) *alloc.Unit {
	if s.m != nil {
		return s.m.ReadUnit()
	}
	return s.u
}

// load makes x stand in state i: a copy of its machine, or with the table
// unit-keyed, of the start with its unit.
func (t *chainTable) load(e *enumerator, x *engine.Machine, i int32) {
	s := t.state(i)
	if s.m != nil {
		x.Reset(s.m)
		return
	}
	if x == t.rewind {
		x.RewindPacket(t.start, s.u)
	} else {
		x.ResetUnit(t.start, s.u)
	}
	t.rewind = nil
	if n := len(e.units); n > 0 && x.GiveSpare(e.units[n-1]) {
		e.units = e.units[:n-1]
	}
}

// chainBlock is the number of states of a block of a chainTable.
const chainBlock = 1024

// state returns state i of the table.
func (t *chainTable) state(i int32) *chainState {
	return &t.blocks[i/chainBlock][i%chainBlock]
}

// add appends s to the table and returns its index.
func (t *chainTable) add(s chainState) int32 {
	if int(t.n) == len(t.blocks)*chainBlock {
		t.blocks = append(t.blocks, make([]chainState, 0, chainBlock))
	}
	b := &t.blocks[len(t.blocks)-1]
	*b = append(*b, s)
	t.n++
	return t.n - 1
}

// appendState appends m's loop state as the table tells its states apart:
// by the unit alone where the packet step changes nothing else
// (engine.Machine.AppendPacketState), in full otherwise.
func (t *chainTable) appendState(b []byte, m *engine.Machine) ([]byte, bool) {
	if t.unitKeyed {
		return m.AppendPacketState(b)
	}
	return m.AppendLoopState(b)
}

// newChainTable returns the table of a chain of n packets from m, standing
// at its batch's attack rolls, with Regeneration lost when lost (C26): its
// state 0 is the batch before its first packet.
func newChainTable(e *enumerator, m *engine.Machine, n int, lost bool) (*chainTable, error) {
	t := &chainTable{index: map[string]int32{}, items: n + 2, bytes: e.coreBytes}
	start := m.Clone()
	// the count of unsaved wounds is k's, added at its stop; the
	// machine's own count shows in no loop state and no close
	start.SkipRolls(engine.RollOutcome{Unsaved: t.items, RegenLost: lost})
	start.SetTally(rearrank.Tally{})
	var err error
	if t.oneDie, err = chainOneDie(start); err != nil {
		return nil, err
	}
	if _, ok := start.AppendLoopState(e.loopbuf[:0]); !ok {
		return nil, errLeftLoop
	}
	_, t.unitKeyed = start.AppendPacketState(e.loopbuf[:0])
	t.start = start
	if t.unitKeyed {
		t.add(chainState{u: start.ReadUnit()})
	} else {
		t.add(chainState{m: start})
	}
	return t, nil
}

// step works out the ways out of state i by its next packet, over every
// die, from the referee's packet step.
func (t *chainTable) step(e *enumerator, i int32) error {
	s := t.state(i)
	leaves, dens := t.leaves[:0], t.dens[:0]
	var leaf *engine.Machine
	capped := t.oneDie && t.unitOf(s).PacketCapped(t.start.Aim())
	err := paths(&e.roller, func(r *pathRoller) error {
		leaf = e.scratch()
		t.load(e, leaf, i)
		return leaf.Step(r, nil)
	}, func(count weight, d den) error {
		lt := leaf.Tally()
		dt := tallyOf(lt)
		leaf.SetTally(rearrank.Tally{})
		to, err := t.intern(e, leaf)
		if err != nil {
			return err
		}
		if t.unitKeyed {
			t.rewind = leaf // freed by intern, one packet from start
		}
		// a capped model removed by face f is removed alike by the faces
		// above f: the packet takes its W left and wastes the rest (11.3)
		die := e.roller.path
		if capped && lt.Casualties > 0 && len(die) == 1 {
			f, _ := die[0].face()
			leaves = append(leaves, chainEdge{to: to, dt: dt, w: count.mulSmall(uint64(die[0].sides - f + 1))})
			dens = append(dens, d)
			return errCapped
		}
		leaves = append(leaves, chainEdge{to: to, dt: dt, w: count})
		dens = append(dens, d)
		return nil
	})
	if err != nil && !errors.Is(err, errCapped) {
		return err
	}
	t.leaves, t.dens = leaves, dens
	var d den
	for _, x := range dens {
		d = d.lcm(x)
	}
	if cap(t.edgeFree)-len(t.edgeFree) < len(leaves) {
		t.edgeFree = make([]chainEdge, 0, max(chainBlock, len(leaves)))
	}
	edges := t.edgeFree[len(t.edgeFree):len(t.edgeFree):cap(t.edgeFree)] // room for the leaves
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
	t.edgeFree = t.edgeFree[:len(t.edgeFree)+len(edges)]
	s.edges, s.d, s.stepped = edges[:len(edges):len(edges)], d, true
	t.release(e, i)
	return nil
}

// release hands state i's unit or machine back to e once the state is
// stepped and closed: both are kept, so nothing reads them again, and the
// table holds those of its frontier only, not of every state it met. A
// unit goes back whole unless the core the state closed into shares it:
// every leaf of its step has a unit of its own (a packet's step changes
// the unit). A stepped state's machine has closed the batch itself
// (closing), all but the start's, which shares its unit with its core.
func (t *chainTable) release(e *enumerator, i int32) {
	s := t.state(i)
	if s.stepped && s.closed && s.u != nil {
		// unit-keyed: the leaves and the closing machine copied or freed
		// alike; the start's unit stays with the start
		if i != 0 {
			t.bytes -= int64(s.u.Footprint())
			if !s.unitKept {
				e.units = append(e.units, s.u)
			}
		}
		s.u = nil
		return
	}
	if s.stepped && s.closed && s.m != nil {
		e.free = append(e.free, s.m)
		s.m = nil
		t.bytes -= e.coreBytes
	}
}

// close returns the core of the next generation where state i closes the
// batch after its packets, and what the close adds: the same whatever the
// number of packets before it.
func (t *chainTable) close(e *enumerator, i int32) (int32, tally) {
	s := t.state(i)
	if !s.closed {
		x := t.closing(e, i)
		s.unitKept = s.u != nil && x.ReadUnit() == s.u // the next generation's core shares it
		s.end, s.closed = e.intern(x), true
		t.release(e, i)
	}
	return s.end, s.endDt
}

// closing returns a machine where state i closes its batch after its
// packets, its tallies zero, what the close added in endDt.
func (t *chainTable) closing(e *enumerator, i int32) *engine.Machine {
	s := t.state(i)
	var x *engine.Machine
	if s.stepped && s.m != nil && i != 0 { // the start shares its unit with the core it came from
		// The step is kept, so the state's own machine closes: every leaf
		// of its step has changed its unit, so none shares it.
		x, s.m = s.m, nil
		x.Reclaim()
		t.bytes -= e.coreBytes
	} else {
		x = e.scratch()
		t.load(e, x, i)
	}
	x.SkipPackets()
	s.endDt = tallyOf(x.Tally())
	x.SetTally(rearrank.Tally{})
	return x
}

// maxCloseSteps bounds the steps from the close of a last batch to the end
// of the run: the batch's end, nothing more (engine.Machine.Step).
const maxCloseSteps = 4

// errNotLast says that the close of a chain's last batch rolls dice or
// adds unsaved wounds, so that the chain cannot end as a last batch's
// marginals: chainLast hands the batch back to the joined chain.
var errNotLast = errors.New("odds: packet chain: the batch does not end as marginals")

// closeLast returns how the run ends from state i after its packets, as a
// last batch's outcome (its weight left zero): the same whatever the
// number of packets before it. The close rolls no dice.
func (t *chainTable) closeLast(e *enumerator, i int32) (outcomeKey, error) {
	s := t.state(i)
	if s.closed {
		return s.ends, nil
	}
	x := t.closing(e, i)
	defer t.free(e, x)
	noDice := &e.noDice
	for steps := 0; !x.Done(); steps++ {
		if steps == maxCloseSteps {
			return outcomeKey{}, errNotLast
		}
		*noDice = pathRoller{path: noDice.path[:0]}
		if err := x.Step(noDice, nil); err != nil {
			return outcomeKey{}, err
		}
		if len(noDice.path) > 0 {
			return outcomeKey{}, errNotLast
		}
	}
	s = t.state(i)
	dt := s.endDt.plus(tallyOf(x.Tally()))
	if dt.unsaved != 0 {
		return outcomeKey{}, errNotLast
	}
	s.ends, s.closed = outcomeKey{dt: dt, destroyed: x.Destroyed(), panicApplies: x.PanicApplies()}, true
	t.release(e, i)
	return s.ends, nil
}

// free hands x back to e: a method, so that a deferred call allocates
// nothing.
func (t *chainTable) free(e *enumerator, x *engine.Machine) { e.free = append(e.free, x) }

// chainEnds gathers the ends of the chains of a batch that ends the run
// (chainLast): the outcomes of the closes over their one denominator d,
// the unsaved count apart, as lastBatch's marginals.
type chainEnds struct {
	index map[outcomeKey]int32
	outs  []outcome
	d     den
	// level and touched are add's scratch: the links' weights by outcome
	level   []weight
	touched []int32
}

// add adds the ends of the links of a level, each closing the batch with
// chance p/dp times its weight over d.
func (f *chainEnds) add(e *enumerator, t *chainTable, links []chainLink, p weight, dp, d den) error {
	f.touched = f.touched[:0]
	for _, l := range links {
		if err := e.tick(); err != nil {
			return err
		}
		o, err := t.closeLast(e, l.at)
		if err != nil {
			return err
		}
		if l.dt.unsaved != 0 {
			return errNotLast
		}
		o.dt = o.dt.plus(l.dt)
		j, ok := f.index[o]
		if !ok {
			j = int32(len(f.outs))
			f.index[o] = j
			f.outs = append(f.outs, outcome{dt: o.dt, destroyed: o.destroyed, panicApplies: o.panicApplies})
			f.level = append(f.level, weight{})
		}
		if f.level[j].isZero() {
			f.touched = append(f.touched, j)
		}
		f.level[j].add(l.w)
	}
	x := dp.mul(d)
	if !f.d.covers(x) {
		up := f.d.lcm(x)
		for i := range f.outs {
			f.outs[i].w = f.outs[i].w.scale(up.over(f.d))
		}
		f.d = up
	}
	for _, j := range f.touched {
		f.outs[j].w.add(f.level[j].mul(p).scale(f.d.over(x)))
		f.level[j] = weight{}
	}
	return nil
}

// chainLast takes the packets of c's batch by the chain when the batch
// ends the run (and BatchOutcomes does not keep end states whole): the
// Result holds marginals only, so the chains' ends become a last batch's
// outcomes, and the unsaved count, k with chance all[k]/dn, stays apart.
// With notLost (lostWs = all - notLost) the counts split by Regeneration
// lost (C26) into two chains. It reports false, with c unchanged, where
// the batch does not end so.
func (e *enumerator) chainLast(c *core, n int, all, notLost, lostWs []*big.Int, lost bool, dn den) (bool, error) {
	if i, nb := c.m.Batch(); i != nb-1 || e.join {
		return false, nil
	}
	f := &chainEnds{index: map[outcomeKey]int32{}}
	var err error
	if notLost != nil {
		if err = e.chain(c, n, false, notLost, dn, f); err == nil {
			err = e.chain(c, n, true, lostWs, dn, f)
		}
	} else {
		err = e.chain(c, n, lost, all, dn, f)
	}
	switch {
	case errors.Is(err, errNotLast):
		return false, nil
	case err != nil:
		return false, err
	}
	us := make([]weight, len(all))
	for k, w := range all {
		us[k] = fromBig(w)
	}
	c.final = &finalBatch{unsaved: &us, du: dn, seq: e.finalSeq, outcomes: f.outs, do: f.d}
	e.finalSeq++
	return true, nil
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
// with Regeneration lost by a Flaming wound when lost (C26). With ends it
// adds the counts k = 0..n to ends instead, for a batch that ends the run.
func (e *enumerator) chain(c *core, n int, lost bool, ws []*big.Int, dn den, ends *chainEnds) error {
	t, err := newChainTable(e, c.m, n, lost)
	if err != nil {
		return err
	}
	links := []chainLink{{same: -1, w: one}}
	var next []chainLink
	// the links' estimated bytes, for Config.MaxBytes
	linkBytes, nextBytes := stateBytes(one), int64(0)
	var d den        // the links' counts are over d
	var head []int32 // head[s]: the first link of the next level on state s, or -1
	// stepAll steps the states of the links not stepped yet, before they
	// close the batch (closing then takes a stepped state's own machine).
	stepAll := func() error {
		for _, l := range links {
			if err := e.tick(); err != nil {
				return err
			}
			if !t.state(l.at).stepped {
				if err := t.step(e, l.at); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if n > 0 {
		if err := stepAll(); err != nil {
			return err
		}
	}
	if ends != nil && ws[0].Sign() != 0 {
		if err := ends.add(e, t, links, fromBig(ws[0]), dn, d); err != nil {
			return err
		}
	}
	for k := 1; k <= n; k++ {
		if err := e.ctx.Err(); err != nil {
			return err
		}
		// Every state of the level stepped, once in the chain, and the
		// level's denominator.
		var L den
		for _, l := range links {
			if err := e.tick(); err != nil {
				return err
			}
			s := t.state(l.at)
			if !s.stepped {
				if err := t.step(e, l.at); err != nil {
					return err
				}
				s = t.state(l.at)
			}
			L = L.lcm(s.d)
		}
		if e.max > 0 && int(t.n) > e.max {
			return e.limitError()
		}
		if err := e.chainBudget(t, linkBytes, len(c.trans)); err != nil {
			return err
		}
		for len(head) < int(t.n) {
			head = append(head, -1)
		}
		// The links move along.
		next, nextBytes = next[:0], 0
		for _, l := range links {
			if err := e.tick(); err != nil {
				return err
			}
			s := t.state(l.at)
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
		if k < n {
			if err := stepAll(); err != nil {
				return err
			}
		}
		if ws[k].Sign() == 0 {
			continue
		}
		// The count k closes the batch after k packets.
		if ends != nil {
			if err := ends.add(e, t, links, fromBig(ws[k]), dn, d); err != nil {
				return err
			}
			continue
		}
		pk, dk := fromBig(ws[k]), dn.mul(d)
		c.trans = slices.Grow(c.trans, len(links))
		for _, l := range links {
			if err := e.tick(); err != nil {
				return err
			}
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
	e.note(PacketChain)
	return nil
}

// chainBudget returns the memory-budget error (Config.MaxBytes) when the
// chain, with what the enumeration holds besides (heldBytes), passes its
// share of it: its table, links of linkBytes, and its trans ways out.
func (e *enumerator) chainBudget(t *chainTable, linkBytes int64, trans int) error {
	if e.overBudget(t.bytes + linkBytes + int64(trans)*perState) {
		return bytesLimitError(e.maxBytes, e.steps, e.why())
	}
	return nil
}
