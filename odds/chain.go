package odds

import (
	"math/big"

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

// fastChain is the packet chain's name, as Result.Method reports it.
const fastChain = "packet chain"

// link is one state of the chain after k packets: a machine at the packet
// step (its item k of n), what the packets added, and its chance w/d.
type link struct {
	m  *engine.Machine
	dt tally
	w  weight
	d  den
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
	start := c.m.Clone()
	start.SkipRolls(engine.RollOutcome{Unsaved: n, RegenLost: lost})
	start.SetTally(referee.Tally{}) // the unsaved count is k's, added at its stop
	links := []link{{m: start, w: one}}
	memo := &chainMemo{m: map[string][]memoLeaf{}}
	index := map[stateKey]int{}
	cores := map[string]int32{}
	var machines []*engine.Machine
	var keybuf []byte
	for k := 1; k <= n; k++ {
		if err := e.ctx.Err(); err != nil {
			return err
		}
		var next []link
		clear(index)
		clear(cores)
		machines = machines[:0]
		for _, l := range links {
			leaves, moved, err := e.chainStep(memo, l.m, k, n)
			if err != nil {
				return err
			}
			for _, leaf := range leaves {
				x := leaf.m
				if moved {
					x = e.scratch()
					x.Reset(leaf.m)
					x.SetItem(k-1, n)
				}
				dt := l.dt.plus(leaf.dt).plus(tallyOf(x.Tally()))
				x.SetTally(referee.Tally{})
				keybuf = x.AppendState(keybuf[:0])
				ci, ok := cores[string(keybuf)]
				if !ok {
					ci = int32(len(machines))
					cores[string(keybuf)] = ci
					machines = append(machines, x)
				}
				w, d := l.w.mul(leaf.w), l.d.mul(leaf.d)
				key := stateKey{core: ci, t: dt}
				if i, ok := index[key]; ok {
					L := next[i].d.lcm(d)
					next[i].w = next[i].w.scale(L.over(next[i].d)).plus(w.scale(L.over(d)))
					next[i].d = L
					continue
				}
				index[key] = len(next)
				next = append(next, link{m: machines[ci], dt: dt, w: w, d: d})
				if e.max > 0 && len(next) > e.max {
					return e.limitError()
				}
				// every link and memoised leaf holds a machine
				if e.maxBytes > 0 && int64(len(machines)+memo.leaves)*e.coreBytes > e.maxBytes {
					return bytesLimitError(e.maxBytes, e.steps, e.why())
				}
			}
		}
		links = next
		if ws[k].Sign() == 0 {
			continue
		}
		pk := fromBig(ws[k])
		for _, l := range links {
			x := e.scratch()
			x.Reset(l.m)
			x.SkipPackets()
			dt := l.dt.plus(tallyOf(x.Tally()))
			dt.unsaved += int32(k)
			x.SetTally(referee.Tally{})
			c.trans = append(c.trans, trans{to: e.intern(x), dt: dt, w: pk.mul(l.w), d: dn.mul(l.d)})
		}
		// the counts' ends are the next generation's cores and states
		if e.max > 0 && max(len(e.next), len(c.trans)) > e.max {
			return e.limitError()
		}
		if e.maxBytes > 0 && int64(len(e.next)+len(machines)+memo.leaves)*e.coreBytes > e.maxBytes {
			return bytesLimitError(e.maxBytes, e.steps, e.why())
		}
	}
	e.note(fastChain)
	return nil
}

// chainMemo holds the ways out of the packets stepped so far, by loop
// state, and how many they are.
type chainMemo struct {
	m      map[string][]memoLeaf
	leaves int
}

// chainStep returns the ways out of m's next packet, the k-th of n: worked
// out over every die, or, with moved, those of a machine of the same loop
// state that stepped before: they keep that machine's item (SetItem moves
// them).
func (e *enumerator) chainStep(memo *chainMemo, m *engine.Machine, k, n int) (leaves []memoLeaf, moved bool, err error) {
	loop, inLoop := m.AppendLoopState(e.loopbuf[:0])
	e.loopbuf = loop
	keep := inLoop && k < n // a step that ends the loop is not moved (SetItem)
	if leaves, ok := memo.m[string(loop)]; ok && keep {
		return leaves, true, nil
	}
	var leaf *engine.Machine
	err = paths(&e.roller, func(r *pathRoller) error {
		leaf = new(engine.Machine)
		leaf.Reset(m)
		return leaf.Step(r, nil)
	}, func(count weight, d den) error {
		dt := tallyOf(leaf.Tally())
		leaf.SetTally(referee.Tally{})
		leaves = append(leaves, memoLeaf{m: leaf, dt: dt, w: count, d: d})
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	if keep {
		if memo.leaves > memoCap(e.max) {
			// bounded as the enumeration's memo is: start afresh
			clear(memo.m)
			memo.leaves = 0
		}
		memo.m[string(loop)] = leaves
		memo.leaves += len(leaves)
	}
	return leaves, false, nil
}
