package odds

import (
	"context"
	"encoding/binary"
	"math/big"
	"math/bits"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Fast paths. Each replaces many steps of the enumeration by a closed form
// over outcomes that the referee itself computes, and hands back to the
// referee's own code for everything past the steps it collapses:
//
//   - binomial attacks: where a block batch is about to roll its attacks
//     (engine.Machine.AttackRolls), the attacks are independent and alike,
//     so the number that end unsaved (or as instant kills) is binomial. What
//     one attack does is found by stepping a one-attack copy of the machine
//     over every die; the machine then jumps to its damage step with each
//     count (SkipRolls). Several kinds at once are multinomial (mixed.go).
//   - single wounds: when an unsaved wound rolls no damage dice (no
//     Multiple Wounds, or only models of W1 to land on, RULES.md 9.2, E41,
//     R41: engine.Machine.PacketsAlike), the packets of a batch are the
//     same packet n times: they are applied in one go,
//     through the same ApplyPacket the packet step calls.
//   - pooled damage: when every model of the target's pool has the same W,
//     the cap is the profile W (RULES.md 9.2) and wounds go into the pool's
//     carried count (11.1), n packets add up: the unit ends as it would after
//     their capped total T of single wounds. The distribution of T is the
//     n-fold convolution of one capped packet (polyPow); the unit after each
//     T is found by applying wounds one at a time to a copy.
//   - last batch: in the last batch nothing follows but the Result, which
//     holds marginals only, so the unsaved count and the rest need not be
//     joined: each attack adds 0 or one capped packet to T, the attacks are
//     independent, and T's distribution is one convolution of n attacks.
//
// Each is tested equal to the plain enumeration on every ruleset and on
// random scenarios.

// fastPath takes a fast path out of c when one applies.
func (e *enumerator) fastPath(c *core) (bool, error) {
	if n, ok := c.m.AttackRolls(); ok && n > 0 {
		return e.attackRolls(c, n)
	}
	if n, ok := c.m.PendingPackets(); ok && n > 0 {
		return e.packets(c, n)
	}
	if n, ok := c.m.PendingKills(); ok && n > 0 {
		return e.kills(c)
	}
	return false, nil
}

// kills takes the instant kills of c's batch in one way out: a kill rolls
// no die (RULES.md 9.1), so the kill stage's steps are one path, whose
// steps the enumeration would otherwise take one a generation, keeping a
// state per kill still to take, long after the unit is gone. It steps a
// copy through them with a roller that hands out no die; a step that asks
// for one leaves the stage to the enumeration.
func (e *enumerator) kills(c *core) (bool, error) {
	m := e.scratch()
	m.Reset(c.m)
	for n, ok := m.PendingKills(); ok && n > 0; n, ok = m.PendingKills() {
		e.noDice = pathRoller{path: e.noDice.path[:0]}
		err := m.Step(&e.noDice, nil)
		if len(e.noDice.path) > 0 || err != nil {
			e.free = append(e.free, m)
			if len(e.noDice.path) > 0 {
				err = nil // the enumeration replays it over the die
			}
			return false, err
		}
	}
	dt := tallyOf(m.Tally())
	m.SetTally(rearrank.Tally{})
	c.trans = append(c.trans, trans{to: e.intern(m), dt: dt, w: one})
	return true, nil
}

// maxRollSteps bounds the steps of one attack's rolls (probeRolls).
const maxRollSteps = 24

// rollCase is one way a single attack's rolls can end, with its chance.
type rollCase struct {
	o engine.RollOutcome
	w weight
}

// probeRolls steps m, a copy holding one attack, over every die until its
// rolls are over, and returns what the attack hands to the damage step,
// over one denominator.
func probeRolls(ctx context.Context, m *engine.Machine) ([]rollCase, den, error) {
	type raw struct {
		o engine.RollOutcome
		w weight
		d den
	}
	var out []raw
	var free []*engine.Machine // leaves done with, for reuse
	var walk func(m *engine.Machine, w weight, d den, depth int) error
	walk = func(m *engine.Machine, w weight, d den, depth int) error {
		if o, ok := m.Rolled(); ok {
			out = append(out, raw{o, w, d})
			return nil
		}
		// an attack rolls at most: to hit, its re-roll, a 7+ second die and
		// its re-roll, to wound and its re-roll, armour, special save and
		// Regeneration with theirs; past that the machine is looping
		if depth > maxRollSteps {
			return msg.Errorf(nil, "odds.error.roll_steps", maxRollSteps)
		}
		var leaf *engine.Machine
		return paths(&pathRoller{ctx: ctx}, func(r *pathRoller) error {
			if n := len(free); n > 0 {
				leaf, free = free[n-1], free[:n-1]
			} else {
				leaf = new(engine.Machine)
			}
			leaf.Reset(m)
			return leaf.Step(r, nil)
		}, func(count weight, dd den) error {
			err := walk(leaf, w.mul(count), d.mul(dd), depth+1)
			free = append(free, leaf)
			return err
		})
	}
	if err := walk(m, one, den{}, 0); err != nil {
		return nil, den{}, err
	}
	var d den
	for _, r := range out {
		d = d.lcm(r.d)
	}
	var cases []rollCase
next:
	for _, r := range out {
		w := r.w.scale(d.over(r.d))
		for i := range cases {
			if cases[i].o == r.o {
				cases[i].w.add(w)
				continue next
			}
		}
		cases = append(cases, rollCase{r.o, w})
	}
	// lowest terms keep the binomials small
	g := d
	for _, c := range cases {
		g = commonFactor(c.w, g)
	}
	for i := range cases {
		cases[i].w = divide(cases[i].w, g)
	}
	return cases, d.over(g), nil
}

// small returns w as a uint64; the probes' weights are at most a few
// dice's worth.
func small(w weight) (uint64, bool) { return w.uint64() }

// attackRolls is the binomial-attacks fast path from c, whose machine
// stands before its batch's n attacks roll.
func (e *enumerator) attackRolls(c *core, n int) (bool, error) {
	cases, d, err := probeRolls(e.ctx, c.m.WithAttacks(1))
	if err != nil {
		return false, err
	}
	for _, k := range cases {
		if _, ok := small(k.w); !ok || k.o.Unsaved+k.o.Kills > 1 || k.o.NoRegen+k.o.Singles > k.o.Unsaved {
			return false, nil
		}
	}
	if mixedKinds(cases) {
		// kills beside unsaved wounds, Cleaving Blows that skip the
		// Regeneration others roll (tow), Killing Blows that are singles
		// among packets (battleaxe): not one binomial, but the counts of
		// each kind are multinomial
		return e.mixedRolls(c, n, cases, d)
	}
	// buckets: success (an unsaved wound or a kill) or not, by RegenLost
	var sF, sT, fF, fT uint64
	kills := false
	for _, k := range cases {
		w, _ := small(k.w)
		success := k.o.Unsaved+k.o.Kills == 1
		if success && k.o.Kills == 1 {
			kills = true
		}
		switch {
		case success && k.o.RegenLost:
			sT += w
		case success:
			sF += w
		case k.o.RegenLost:
			fT += w
		default:
			fF += w
		}
	}
	if i, nb := c.m.Batch(); i == nb-1 && !kills && !e.join {
		ok, err := e.lastBatch(c, n, sF+sT, fF+fT, d)
		if ok || err != nil {
			return ok, err
		}
	} else if !kills && !e.join && sT+fT == 0 { // no Flaming wound takes Regeneration from the next batches
		ok, err := e.mergedTail(c, i, n, sF, fF, d)
		if ok || err != nil {
			return ok, err
		}
	}
	e.note(BinomialAttacks)
	all := polyPow([]uint64{fF + fT, sF + sT}, n, n)
	var notLost []*big.Int
	if sT+fT > 0 && sF+fF > 0 {
		notLost = polyPow([]uint64{fF, sF}, n, n)
	}
	dn := d.pow(n)
	chain := false
	if !kills {
		if chain, err = e.chainAll(c); err != nil {
			return false, err
		}
	}
	emit := func(j int, lost bool, w *big.Int) {
		if w.Sign() == 0 {
			return
		}
		o := engine.RollOutcome{RegenLost: lost}
		if kills {
			o.Kills = j
		} else {
			o.Unsaved = j
		}
		m := c.m.Clone()
		m.SkipRolls(o)
		dt := tallyOf(m.Tally())
		m.SetTally(rearrank.Tally{})
		c.trans = append(c.trans, trans{to: e.intern(m), dt: dt, w: fromBig(w), d: dn})
	}
	if chain {
		var lostWs []*big.Int
		if notLost != nil {
			lostWs = make([]*big.Int, len(all))
			for j, w := range all {
				lostWs[j] = new(big.Int).Sub(w, notLost[j])
			}
		}
		if ok, err := e.chainLast(c, n, all, notLost, lostWs, sT+fT > 0, dn); ok || err != nil {
			return ok, err
		}
		// the count 0 rolls no packet; the chain takes every other
		if notLost != nil {
			emit(0, false, notLost[0])
			emit(0, true, lostWs[0])
			if err := e.chain(c, n, false, notLost, dn, nil); err != nil {
				return false, err
			}
			return true, e.chain(c, n, true, lostWs, dn, nil)
		}
		emit(0, sT+fT > 0, all[0])
		return true, e.chain(c, n, sT+fT > 0, all, dn, nil)
	}
	for j, w := range all {
		switch {
		case notLost != nil:
			emit(j, false, notLost[j])
			emit(j, true, new(big.Int).Sub(w, notLost[j]))
		default:
			emit(j, sT+fT > 0, w)
		}
	}
	return true, nil
}

// packetDist returns the wounds the next unsaved wound of m's batch can
// do, as the referee rolls them (RollPacket), over one denominator.
func packetDist(ctx context.Context, m *engine.Machine) (map[int]weight, den, error) {
	type raw struct {
		k int
		w weight
		d den
	}
	var out []raw
	var k int
	err := paths(&pathRoller{ctx: ctx}, func(r *pathRoller) error {
		var err error
		k, err = m.RollPacket(r)
		return err
	}, func(count weight, d den) error {
		out = append(out, raw{k, count, d})
		return nil
	})
	if err != nil {
		return nil, den{}, err
	}
	var d den
	for _, r := range out {
		d = d.lcm(r.d)
	}
	dist := map[int]weight{}
	for _, r := range out {
		w := dist[r.k]
		w.add(r.w.scale(d.over(r.d)))
		dist[r.k] = w
	}
	return dist, d, nil
}

// packetMode says how the packets of m's batch collapse: as single wounds
// (capped is nil), as capped packets adding up in a pool (capped[j] is the
// weight of a packet of j wounds after the cap, over d), or not at all.
func (e *enumerator) packetMode(m *engine.Machine) (ok bool, capped []uint64, d den, err error) {
	if _, ok := m.PendingPackets(); !ok {
		return false, nil, den{}, nil // a packet rolls more than its damage (tow Regeneration, 22.6)
	}
	dist, d, err := packetDist(e.ctx, m)
	if err != nil {
		return false, nil, den{}, err
	}
	if _, single := dist[1]; single && len(dist) == 1 && m.PacketsAlike() {
		return true, nil, den{}, nil // the same packet n times (not where the next W1 model is followed by a W3, R41)
	}
	w, ok := e.additiveCap(m)
	if !ok {
		return false, nil, den{}, nil
	}
	capped = make([]uint64, w+1)
	for k, p := range dist {
		v, fits := small(p)
		if k < 1 || !fits {
			return false, nil, den{}, nil // a packet of 0 wounds is the referee's error to report
		}
		capped[min(k, w)] += v
	}
	return true, capped, d, nil
}

// additiveCap reports whether packets aimed at m's target add up (see the
// pooled damage fast path), and the W that caps each.
func (e *enumerator) additiveCap(m *engine.Machine) (int, bool) {
	u := m.ReadUnit()
	if rules.For(u.Ruleset()).CapRemaining(u.Options()) {
		return 0, false // the cap depends on the carried count: see remainingCap
	}
	return e.uniformPool(m)
}

// uniformPool reports whether the packets of m's batch go into one pooled
// rank-and-file pool of models of one W (RULES.md 11.1), and that W.
func (e *enumerator) uniformPool(m *engine.Machine) (int, bool) {
	u, aim := m.ReadUnit(), m.Aim()
	rs, o := u.Ruleset(), u.Options()
	switch {
	case !rs.Block() || aim.Role != unit.RankAndFile:
		return 0, false
	case rules.For(rs).PerModel(o):
		return 0, false // packets go to different models (11.3)
	}
	pools := u.Carried()
	champPool := rules.For(rs).ChampionPool
	if len(pools) == 0 || champPool && len(pools) > 1 && o.OverflowAcrossPools == rules.OverflowToNextPool {
		return 0, false
	}
	troop := pools[0].TroopType
	if champPool && len(pools) > 1 {
		found := false
		for _, p := range pools {
			if p.TroopType == aim.TroopType {
				troop, found = aim.TroopType, true
			}
		}
		if !found {
			return 0, false
		}
	}
	w := 0
	for _, md := range u.Models() {
		if md.Role == unit.Character || champPool && (md.Role == unit.Champion || len(pools) > 1 && md.TroopType != troop) {
			continue
		}
		if w == 0 {
			w = md.W
		} else if md.W != w {
			return 0, false
		}
	}
	if w == 0 {
		return 0, false
	}
	if champPool && u.Count(unit.Champion) > 0 {
		// Overflow of the emptied pool waits for the champion, capped at
		// the W of the profile that made the pool: it must be w too.
		if cw, ok := e.emptyPoolCap(u, aim); !ok || cw != w {
			return 0, false
		}
	}
	return w, true
}

// emptyPoolCap finds, on a copy of u, the cap of a packet aimed at an
// emptied pool: what one huge packet leaves waiting for the champion.
func (e *enumerator) emptyPoolCap(u *alloc.Unit, aim unit.Target) (int, bool) {
	if w, ok := e.capW[aim]; ok {
		return w, w > 0
	}
	if e.capW == nil {
		e.capW = map[unit.Target]int{}
	}
	e.capW[aim] = 0
	v := u.Clone()
	v.SetQuiet(true)
	if _, err := v.EndBatch(); err != nil {
		return 0, false
	}
	v.StartBatch(nil)
	for i := 0; poolLeft(v, aim) > 0; i++ {
		if _, err := v.Apply(alloc.Packet{Target: aim, Wounds: 1}); err != nil || i > 100_000 {
			return 0, false
		}
	}
	if _, err := v.EndBatch(); err != nil {
		return 0, false
	}
	v.StartBatch(nil)
	if _, err := v.Apply(alloc.Packet{Target: aim, Wounds: 1000, Multi: true}); err != nil {
		return 0, false
	}
	ch, err := v.EndBatch()
	if err != nil {
		return 0, false
	}
	e.capW[aim] = ch.Effective + ch.Wasted
	return e.capW[aim], true
}

// poolLeft returns the models left in the pool aim names.
func poolLeft(u *alloc.Unit, aim unit.Target) int {
	pools := u.Carried()
	if len(pools) == 1 {
		return pools[0].Models
	}
	for _, p := range pools {
		if p.TroopType == aim.TroopType {
			return p.Models
		}
	}
	return 0
}

// remainingCap reports whether the packets of m's batch go into one pooled
// pool of models of one W, each capped at the Wounds left on the model it
// lands on (mw_cap remaining; tow, RULES.md 22.7), and returns that W and
// the wounds the pool carries. No model of the pool may carry damage of its
// own: the wounds left on the next model are then W less the carried count.
func (e *enumerator) remainingCap(m *engine.Machine) (w, carried int, ok bool) {
	u := m.ReadUnit()
	if rules.For(u.Ruleset()).ChampionPool || !rules.For(u.Ruleset()).CapRemaining(u.Options()) {
		return 0, 0, false
	}
	if _, ok := m.PendingPackets(); !ok {
		return 0, 0, false // a packet rolls more than its damage (tow Regeneration, 22.6)
	}
	if w, ok = e.uniformPool(m); !ok {
		return 0, 0, false
	}
	for _, md := range u.Models() {
		if md.Role != unit.Character && md.Damage != 0 {
			return 0, 0, false
		}
	}
	return w, u.Carried()[0].Carried, true
}

// remainingPackets is the pooled-damage fast path for packets capped at
// the wounds left (remainingCap): the pool fills its models one at a time,
// so after wounds T in all the next model has carried+T mod w taken, and a
// packet of k adds min(k, w - (carried+T) mod w). The distribution of T
// after n packets is that chain's; the unit after each T is the sweep's.
func (e *enumerator) remainingPackets(c *core, n, w, carried int) (bool, error) {
	dist, d, err := packetDist(e.ctx, c.m)
	if err != nil {
		return false, err
	}
	for k := range dist {
		if k < 1 {
			return false, nil // a packet of 0 wounds is the referee's error to report
		}
	}
	e.note(PooledDamage)
	sw, err := e.sweeperFor(c, n*w)
	if err != nil {
		return false, err
	}
	// Cores that differ only in their number of packets share the chain:
	// chain[n] is the weight of each T after n packets.
	if len(sw.chain) == 0 {
		sw.chain = [][]*big.Int{{big.NewInt(1)}}
	}
	for len(sw.chain) <= n {
		f := sw.chain[len(sw.chain)-1]
		g := make([]*big.Int, len(f)+w)
		for t, x := range f {
			if x == nil || x.Sign() == 0 {
				continue
			}
			room := w - (carried+t)%w
			for k, p := range dist {
				j := t + min(k, room)
				if g[j] == nil {
					g[j] = new(big.Int)
				}
				g[j].Add(g[j], new(big.Int).Mul(x, p.toBig()))
			}
		}
		sw.chain = append(sw.chain, g)
	}
	f := sw.chain[n]
	dn := d.pow(n)
	last := len(sw.ends) - 1
	tail := new(big.Int)
	for t, x := range f {
		if x == nil || x.Sign() == 0 {
			continue
		}
		if t >= last {
			tail.Add(tail, x) // one more wound changes nothing from last on
			continue
		}
		end := sw.ends[t]
		c.trans = append(c.trans, trans{to: end.to, dt: end.dt, w: fromBig(x), d: dn})
	}
	if tail.Sign() > 0 {
		end := sw.ends[last]
		c.trans = append(c.trans, trans{to: end.to, dt: end.dt, w: fromBig(tail), d: dn})
	}
	return true, nil
}

// packets is the single-wounds or pooled-damage fast path from c, whose
// machine stands before n unsaved wounds take their damage.
func (e *enumerator) packets(c *core, n int) (bool, error) {
	if w, carried, ok := e.remainingCap(c.m); ok {
		if ok, err := e.remainingPackets(c, n, w, carried); ok || err != nil {
			return ok, err
		}
	}
	ok, capped, dq, err := e.packetMode(c.m)
	if !ok || err != nil {
		return false, err
	}
	m := c.m.Clone()
	if capped == nil {
		e.note(SingleWounds)
		for range n {
			if err := m.ApplyPacket(1); err != nil {
				return false, err
			}
		}
		m.SkipPackets()
		dt := tallyOf(m.Tally())
		m.SetTally(rearrank.Tally{})
		c.trans = append(c.trans, trans{to: e.intern(m), dt: dt, w: one})
		return true, nil
	}
	e.note(PooledDamage)
	top := n * (len(capped) - 1) // n packets of 1 to w wounds: T runs from n to n·w
	sw, err := e.sweeperFor(c, top)
	if err != nil {
		return false, err
	}
	last := min(len(sw.ends)-1, top) // the sweep may be shared with more packets
	coef, total := reduceCoef(capped, dq)
	q := e.polyHead(coef, n, last) // q[last] weighs every total from last on: they end alike
	dn := total.pow(n)
	for t := min(n, last); t <= last; t++ { // below n only when the sweep stopped first
		x := sw.ends[t]
		if w := q[t].own(); !w.isZero() {
			c.trans = append(c.trans, trans{to: x.to, dt: x.dt, w: w, d: dn})
		}
	}
	return true, nil
}

// sweeperFor returns the sweep of c's machine, extended to the total top.
// Cores of a generation that differ only in their number of packets share
// one sweep: the unit after T wounds does not depend on it.
func (e *enumerator) sweeperFor(c *core, top int) (*sweeper, error) {
	key, _ := c.m.AppendLoopState(e.loopbuf[:0])
	e.loopbuf = key
	sw := e.sweeps[string(key)]
	if sw == nil {
		sw = &sweeper{m: c.m.Clone()}
		e.sweeps[string(key)] = sw
	}
	return sw, sw.extend(e, top)
}

// sweeper applies wounds one at a time to a copy of a machine standing in
// its batch's damage step, and keeps the core its packets lead to after
// each total, up to the total from which one more wound changes nothing
// the future or the tallies can see.
type sweeper struct {
	m         *engine.Machine
	ends      []sweepEnd // ends[T]
	stable    bool
	key, prev []byte
	known     bool // key holds m's state before the last wound
	// chain[n] weighs each total after n packets capped at the wounds
	// left (remainingPackets)
	chain [][]*big.Int
}

type sweepEnd struct {
	to int32
	dt tally
}

// extend sweeps on to the total top, or until stable.
func (sw *sweeper) extend(e *enumerator, top int) error {
	for !sw.stable && len(sw.ends) <= top {
		if len(sw.ends) > 0 {
			t := tallyOf(sw.m.Tally())
			if err := sw.m.ApplyPacket(1); err != nil {
				return err
			}
			if t == tallyOf(sw.m.Tally()) { // Wasted, which no step reads, left out
				sw.prev, sw.key = sw.key, sw.m.AppendState(sw.prev[:0])
				if sw.known && string(sw.prev) == string(sw.key) {
					sw.stable = true
					break
				}
				sw.known = true
			} else {
				sw.known = false
			}
		}
		s := sw.m.Fork(e.scratch())
		s.SkipPackets()
		dt := tallyOf(s.Tally())
		s.SetTally(rearrank.Tally{})
		sw.ends = append(sw.ends, sweepEnd{e.intern(s), dt})
	}
	return nil
}

// polyHead returns the coefficients of degree 0 to k-1 of (c[0] + c[1]·z
// + ... + c[m]·z^m)^n and, as its k-th, the sum of those of degree k and
// up: the weight of the totals from which a sweep stopped changing
// anything. That sum is the whole, (Σc)^n, less the others, so no
// coefficient past k is worked out (k past n·m means n·m). Remembered for
// the run: cores alike ask for the same convolution. The weights are
// shared: take them with own.
func (e *enumerator) polyHead(c []uint64, n, k int) []weight {
	k = min(k, n*(len(c)-1))
	key := binary.AppendUvarint(polyKey(e.polybuf[:0], c, n), uint64(k))
	e.polybuf = key
	if q, ok := e.polys[string(key)]; ok {
		return q
	}
	q := polyPowWeights(c, n, k)
	if k < n*(len(c)-1) {
		rest := fromBig(sumPow(c, n))
		for _, w := range q[:k] {
			rest.sub(w)
		}
		q[k] = rest
	}
	e.polys[string(key)] = q
	return q
}

// polyKey appends a key for the coefficients c and the power n.
func polyKey(b []byte, c []uint64, n int) []byte {
	b = binary.AppendUvarint(b, uint64(n))
	for _, v := range c {
		b = binary.AppendUvarint(b, v)
	}
	return b
}

// sweep calls visit with a copy of m (its own to change) and then with
// copies of m after each further wound, one at a time, up to more wounds,
// stopping early once a wound changes nothing the future or the tallies
// can see: every later one is then alike. m's tallies must start at zero;
// m is changed.
func sweep(m *engine.Machine, more int, visit func(s *engine.Machine) error) error {
	var key, prev []byte
	known := false // key holds m's state before the wound
	var s *engine.Machine
	for i := 0; ; i++ {
		s = m.Fork(s)
		if err := visit(s); err != nil {
			return err
		}
		if i == more {
			return nil
		}
		t := tallyOf(m.Tally())
		if err := m.ApplyPacket(1); err != nil {
			return err
		}
		if t != tallyOf(m.Tally()) { // Wasted, which no step reads, left out
			known = false // it counted: the state moved on
			continue
		}
		prev, key = key, m.AppendState(prev[:0])
		if known && string(prev) == string(key) {
			return nil
		}
		known = true
	}
}

// reduceCoef divides weights over d by their common factors 2 and 3.
func reduceCoef(c []uint64, d den) ([]uint64, den) {
	g := d
	for _, v := range c {
		g = commonFactor(small64(v), g)
	}
	out := make([]uint64, len(c))
	for i, v := range c {
		out[i], _ = divide(small64(v), g).uint64()
	}
	return out, d.over(g)
}

// outcomeKey tells apart the outcomes of a last batch that the Result
// does not merge.
type outcomeKey struct {
	dt                      tally
	destroyed, panicApplies bool
}

// lastBatch is the last-batch fast path from c, whose machine stands before
// the n attacks of the run's last batch roll; each attack ends unsaved with
// weight s and otherwise with weight f, over d.
func (e *enumerator) lastBatch(c *core, n int, s, f uint64, d den) (bool, error) {
	// the damage of one unsaved wound, from a copy standing before it
	pm := c.m.Clone()
	pm.SkipRolls(engine.RollOutcome{Unsaved: 1})
	ok, capped, dq, err := e.packetMode(pm)
	if !ok && err == nil {
		if w, carried, rc := e.remainingCap(pm); rc {
			return e.lastBatchRemaining(c, n, s, f, d, pm, w, carried)
		}
	}
	if !ok || err != nil {
		return false, err
	}
	if capped == nil {
		capped, dq = []uint64{0, 1}, den{}
	}
	// one attack adds 0 wounds with weight f·Σcapped, j with s·capped[j]
	var sum uint64
	for _, v := range capped {
		sum += v
	}
	coef := make([]uint64, len(capped))
	var over uint64
	over, coef[0] = bits.Mul64(f, sum)
	for j := 1; j < len(capped); j++ {
		hi, lo := bits.Mul64(s, capped[j])
		coef[j], over = lo, over|hi
	}
	if over != 0 {
		return false, nil // weights past a word: leave it to the packets
	}
	coef, dx := reduceCoef(coef, d.mul(dq))
	head := func(last int) []weight { return e.polyHead(coef, n, last) }
	return e.finishLast(c, n, n*(len(capped)-1), head, dx.pow(n), s, f, d)
}

// lastBatchRemaining is lastBatch where each packet is capped at the wounds
// left on the model it lands on (remainingCap): the total T after n
// attacks follows the chain of remainingPackets, one attack at a time
// adding nothing (weight f) or one capped packet (weight s).
func (e *enumerator) lastBatchRemaining(c *core, n int, s, f uint64, d den, pm *engine.Machine, w, carried int) (bool, error) {
	dist, dq, err := packetDist(e.ctx, pm)
	if err != nil {
		return false, err
	}
	r, ok := newRemainingLast(dist, dq, n, w, carried, s, f, d)
	if !ok {
		return false, nil // weights past a word: leave it to the packets
	}
	// every total from the sweep's stop on ends alike, so the totals are
	// worked out only up to it: the rest piles up in its bucket, as
	// polyHead does for lastBatch
	head := func(last int) []weight { return e.remainingHead(r, last) }
	return e.finishLast(c, n, r.top(), head, r.over(), s, f, d)
}

// finishLast ends a last batch of n attacks whose total wounds T runs up to
// top, over do: the unit after each T, the outcomes and the unsaved counts
// the final batch reports. head(last) gives the weight of each T below
// last and, at last, of every T from last on (the sweep's stop).
func (e *enumerator) finishLast(c *core, n, top int, head func(last int) []weight, do den, s, f uint64, d den) (bool, error) {
	m := c.m.Clone()
	m.SkipRolls(engine.RollOutcome{})
	outs := e.outs[:0] // scratch: the outcomes are copied into the batch below
	noDice := new(pathRoller)
	err := sweep(m, top, func(s *engine.Machine) error {
		if err := s.Step(noDice, nil); err != nil { // close the batch: no dice
			return err
		}
		outs = append(outs, outcome{dt: tallyOf(s.Tally()), destroyed: s.Destroyed(), panicApplies: s.PanicApplies()})
		return nil
	})
	if err != nil {
		return false, err
	}
	q := head(len(outs) - 1) // every total from the last on ends alike
	for i := range outs {
		outs[i].w = q[i] // shared with the run's polynomials: only read
	}
	if e.max > 0 && len(outs) > e.max {
		return false, e.limitError()
	}
	e.outs = outs
	if e.seen == nil {
		e.seen = map[outcomeKey]int{}
	}
	seen := e.seen
	clear(seen)
	fb := &finalBatch{do: do, seq: e.finalSeq, outcomes: make([]outcome, 0, len(outs))}
	e.finalSeq++
	for _, o := range outs {
		if o.w.isZero() {
			continue
		}
		k := outcomeKey{o.dt, o.destroyed, o.panicApplies}
		if i, ok := seen[k]; ok {
			fb.outcomes[i].w = fb.outcomes[i].w.plus(o.w)
			continue
		}
		seen[k] = len(fb.outcomes)
		fb.outcomes = append(fb.outcomes, o)
	}
	u, du := reduceCoef([]uint64{f, s}, d)
	fb.du = du.pow(n)
	uk := string(polyKey(nil, u, n))
	if fb.unsaved = e.unsaveds[uk]; fb.unsaved == nil {
		ws := e.polyHead(u, n, n) // shared with the run's polynomials: flushFinals only reads them
		fb.unsaved = &ws
		e.unsaveds[uk] = fb.unsaved
	}
	c.final = fb
	e.note(LastBatchMarginals)
	return true, nil
}
