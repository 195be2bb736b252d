package odds

import (
	"context"
	"encoding/binary"
	"math/big"

	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Merged batches. Batches of one profile at one pool, enumerated one after
// the other, carry each batch's unsaved count jointly with the unit's
// state into the next: a scenario split into two batches of 100 attacks
// took a hundred times as long as in one. When the run ends in K batches
// of one attack profile (their names and fixed counts aside) against one
// pooled pool of rank-and-file models alike, the batches are for the
// Result one batch of all their attacks, but for the unsaved count:
//
//   - each batch rolls against the same receiver, so with the same needs
//     (RULES.md 3-8), until the unit is destroyed (RULES.md 12: nothing is
//     rolled after); one attack of the next batch, probed over every die
//     as one of the first is, must hand on an unsaved wound with the same
//     chance (nextAlike);
//   - the pool's carried count outlives the batch (11.1), so the unit
//     after wounds T_1 in one batch and T_2 in the next is the unit after
//     T_1 + T_2 in one, and with one pool of one role there is no overflow
//     to a champion (10.1, C13) nor a command model to lose out of turn;
//   - the panic test of each batch counts the phase's casualties (12), all
//     the batches are in one phase, and a crossed threshold stays crossed;
//   - once the unit is destroyed after wounds D, more wounds change
//     nothing: the real total T_1 + [T_1 < D]·T_2 and the total of every
//     batch rolled, T_1 + T_2, are both D or more, or equal.
//
// So casualties, wounds, roles, destroyed and panic are those of one last
// batch of every attack (lastBatch). The unsaved count is not: the batches
// after the destruction roll nothing. With U_k and T_k the unsaved wounds
// and the wounds of batch k, as if every batch rolled, and the first k
// batches holding N_k attacks, the chance A_k(j) that U_1..U_k add up to
// j with the unit still standing, T_1 + ... + T_k < D, is that of one
// batch of N_k attacks, Bin_{N_k}(j) times the chance r_j that j packets
// do less than D. Batch k+1 rolls only from there, so
//
//	U = Bin_{n_1} + Σ_{k<K} (A_k * Bin_{n_{k+1}} − A_k)
//
// (the batch rolled: its binomial; destroyed: nothing added). A_k is
// Bin_{N_k} less X_k, X_k(j) = Bin_{N_k}(j)·(1 − r_j), which is 0 below
// D/w (w the largest packet): each term is worked out from whichever of
// A_k and X_k is shorter.

// mergedTail is the merged-batches fast path from c, whose machine stands
// before the n attacks of batch i roll, when every batch from i to the
// run's last merges with it (mergeable); each attack ends unsaved with
// weight s and otherwise with weight f, over d.
func (e *enumerator) mergedTail(c *core, i, n int, s, f uint64, d den) (bool, error) {
	counts, ok := e.mergeable(c.m, i, n)
	if !ok {
		return false, nil
	}
	if ok, err := nextAlike(e.ctx, c.m, i, s, f, d); !ok || err != nil {
		return false, err
	}
	// the damage of one unsaved wound, from a copy standing before it
	pm := c.m.Clone()
	pm.SkipRolls(engine.RollOutcome{Unsaved: 1})
	ok, capped, dq, err := e.packetMode(pm)
	if !ok || err != nil {
		return false, err
	}
	if capped == nil {
		capped, dq = []uint64{0, 1}, den{}
	}
	total := 0
	for _, k := range counts {
		total += k
	}
	hi := len(capped) - 1
	for hi > 0 && capped[hi] == 0 {
		hi--
	}
	var sum uint64
	for _, v := range capped {
		sum += v
	}
	if hi == 0 || dq.int().Cmp(new(big.Int).SetUint64(sum)) != 0 {
		return false, nil // no packet does damage (the referee's error to report), or its chances do not add up to 1
	}
	dead, err := destroyedAfter(pm, total*hi)
	if err != nil {
		return false, err
	}
	if ok, err := e.lastBatch(c, total, s, f, d); !ok || err != nil {
		return ok, err
	}
	fb := c.final
	u, du := reduceCoef([]uint64{f, s}, d)
	// cores alike but for the wounds left share the distribution
	key := polyKey(polyKey(e.polybuf[:0], u, dead), capped[:hi+1], hi)
	key = polyKey(key, []uint64{uint64(du.two), uint64(du.three), uint64(dq.two), uint64(dq.three)}, len(counts))
	for _, k := range counts {
		key = binary.AppendUvarint(key, uint64(k))
	}
	e.polybuf = key
	m, ok := e.mergedU[string(key)]
	if !ok {
		k := string(key) // polyHead, below, reuses the buffer
		ws, over, err := e.mergedUnsaved(counts, u, du, capped[:hi+1], dq, dead)
		if err != nil {
			return false, err
		}
		m = mergedDist{&ws, over}
		if e.mergedU == nil {
			e.mergedU = map[string]mergedDist{}
		}
		e.mergedU[k] = m
	}
	fb.unsaved, fb.du = m.ws, m.d
	e.note(MergedBatches)
	return true, nil
}

// mergedDist is an unsaved distribution of merged batches, over d.
type mergedDist struct {
	ws *[]weight
	d  den
}

// mergeable reports whether the batches from i, which stands at its n
// attacks' rolls in m, to the run's last merge (see above), and returns
// each one's number of attacks: every batch its own (no batch of several profiles,
// C24), each after i of a fixed count and otherwise i's profile, at the
// rank and file of a unit of rank and file alone, in one pool whose
// packets add up (additiveCap).
func (e *enumerator) mergeable(m *engine.Machine, i, n int) ([]int, bool) {
	if len(e.attacks) <= i+1 {
		return nil, false
	}
	first := e.attacks[i]
	u := m.ReadUnit()
	switch {
	case first.Batch != "" || first.Target.Role != unit.RankAndFile || m.Aim() != first.Target:
		return nil, false
	case u.Size() != u.Count(unit.RankAndFile) || len(u.Carried()) != 1:
		return nil, false
	case rules.For(u.Ruleset()).CapRemaining(u.Options()):
		return nil, false // each packet's cap depends on the carried count
	case !profilesAlike(u):
		// The next batch's receiver is the model then at the front: with
		// profiles of one troop type but another W, T or save in the pool
		// (R41), its needs and its packets (a W1 receiver takes single
		// wounds) change with the casualties of the batches before.
		return nil, false
	}
	counts := []int{n}
	for _, a := range e.attacks[i+1:] {
		k, ok := a.Count.Const()
		a.Name, a.Count = first.Name, first.Count
		if !ok || a != first {
			return nil, false
		}
		counts = append(counts, k)
	}
	return counts, true
}

// profilesAlike reports whether every living model of u has one profile.
func profilesAlike(u *alloc.Unit) bool {
	ms := u.Models()
	for _, md := range ms {
		if md.Profile != ms[0].Profile {
			return false
		}
	}
	return true
}

// maxBetween bounds the steps from a batch's damage to the next batch's
// attack rolls: close, begin, count.
const maxBetween = 16

// nextAlike reports whether the batch after m's, i, reached with nothing
// unsaved in i, stands at its attacks' rolls with no die rolled (a fixed
// count) and one attack there hands on an unsaved wound with the chance
// s/(s+f), over d, that one of i's does where m stands: the same probe
// (probeRolls) of the referee's steps, so the same needs (RULES.md 3-8)
// from the first roll of the attack on.
func nextAlike(ctx context.Context, m *engine.Machine, i int, s, f uint64, d den) (bool, error) {
	x := m.Clone()
	x.SkipRolls(engine.RollOutcome{})
	for steps := 0; ; steps++ {
		if b, _ := x.Batch(); b > i {
			if _, ok := x.AttackRolls(); ok {
				break
			}
		}
		if x.Done() || steps > maxBetween {
			return false, nil
		}
		r := new(pathRoller)
		if err := x.Step(r, nil); err != nil {
			return false, err
		}
		if len(r.path) > 0 {
			return false, nil // a die before the attacks roll
		}
	}
	cases, dx, err := probeRolls(ctx, x.WithAttacks(1))
	if err != nil {
		return false, err
	}
	var sx, fx uint64
	for _, k := range cases {
		w, ok := small(k.w)
		switch {
		case !ok || k.o.Kills > 0 || k.o.RegenLost || k.o.Unsaved > 1 || k.o.NoRegen > 0 || k.o.Singles > 0:
			return false, nil
		case k.o.Unsaved == 1:
			sx += w
		default:
			fx += w
		}
	}
	a, da := reduceCoef([]uint64{f, s}, d)
	b, db := reduceCoef([]uint64{fx, sx}, dx)
	return da == db && a[0] == b[0] && a[1] == b[1], nil
}

// destroyedAfter returns the fewest wounds that destroy the unit of m,
// standing before its batch's packets, applied one at a time as the
// pooled sweep applies them; past top when top do not. m is not changed.
func destroyedAfter(m *engine.Machine, top int) (int, error) {
	x := m.Clone()
	for t := 0; t <= top; t++ {
		if x.Destroyed() {
			return t, nil
		}
		if err := x.ApplyPacket(1); err != nil {
			return 0, err
		}
	}
	return top + 1, nil
}

// mergedUnsaved returns the distribution of the unsaved wounds of merged
// batches of counts[k] attacks each, and its denominator: an attack is
// unsaved with weight u[1] and not with u[0], over du; its packet does j
// wounds with weight capped[j], over dq; dead wounds destroy the unit.
func (e *enumerator) mergedUnsaved(counts []int, u []uint64, du den, capped []uint64, dq den, dead int) ([]weight, den, error) {
	hi := len(capped) - 1
	N := 0 // attacks of the batches before the last
	for _, k := range counts[:len(counts)-1] {
		N += k
	}
	// r_j = R[j] / S^top for j up to top; 1 below lo, 0 from dead on.
	lo := (dead + hi - 1) / hi
	top := min(dead-1, N)
	S := dq.int() // the packet's weights add up to it
	St := new(big.Int).Exp(S, big.NewInt(int64(max(top, 0))), nil)
	R := make([]*big.Int, max(top+1, 0))
	for j := range R {
		if j < lo {
			R[j] = St
			continue
		}
		if err := e.ctx.Err(); err != nil {
			return nil, den{}, err
		}
		// H_j: the weight of j packets doing less than dead, z^j·(C/z)^j
		h := new(big.Int)
		for _, x := range polyPow(capped[1:], j, dead-1-j) {
			h.Add(h, x)
		}
		R[j] = h.Mul(h, new(big.Int).Exp(S, big.NewInt(int64(top-j)), nil))
	}
	bin := func(n int) []*big.Int {
		ws := e.polyHead(u, n, n)
		out := make([]*big.Int, len(ws))
		for j, w := range ws {
			out[j] = w.toBig()
		}
		return out
	}
	all := 0
	for _, k := range counts {
		all += k
	}
	// every vector below is over du^(its batches' attacks)·S^top; U over
	// du^all·S^top
	U := make([]*big.Int, all+1)
	for j := range U {
		U[j] = new(big.Int)
	}
	addScaled := func(v []*big.Int, sign int, f *big.Int) {
		t := new(big.Int)
		for j, x := range v {
			if x == nil || x.Sign() == 0 {
				continue
			}
			t.Mul(x, f)
			if sign < 0 {
				U[j].Sub(U[j], t)
			} else {
				U[j].Add(U[j], t)
			}
		}
	}
	duPow := func(n int) *big.Int { return du.pow(n).int() }
	mul := func(a, b *big.Int) *big.Int { return new(big.Int).Mul(a, b) }
	addScaled(bin(counts[0]), 1, mul(duPow(all-counts[0]), St))
	Nk := 0
	for k, nk := range counts[:len(counts)-1] {
		Nk += nk
		next := counts[k+1]
		rest := duPow(all - Nk - next) // brings du^(N_k+n_{k+1}) to du^all
		bk, bn := bin(Nk), bin(next)
		alive := min(Nk, dead-1) + 1
		gone := max(Nk-lo+1, 0)
		if alive <= gone {
			// A_k*Bin_{n_{k+1}} − A_k
			A := make([]*big.Int, alive)
			for j := range A {
				A[j] = mul(bk[j], R[j])
			}
			AB, err := e.convolve(A, bn)
			if err != nil {
				return nil, den{}, err
			}
			addScaled(AB, 1, rest)
			addScaled(A, -1, mul(rest, duPow(next)))
			continue
		}
		// Bin_{N_k+n_{k+1}} − Bin_{N_k} − (X_k*Bin_{n_{k+1}} − X_k)
		addScaled(bin(Nk+next), 1, mul(rest, St))
		addScaled(bk, -1, mul(mul(rest, duPow(next)), St))
		X := make([]*big.Int, Nk+1)
		for j := lo; j <= Nk; j++ {
			if j > top {
				X[j] = mul(bk[j], St)
			} else {
				X[j] = mul(bk[j], new(big.Int).Sub(St, R[j]))
			}
		}
		XB, err := e.convolve(X, bn)
		if err != nil {
			return nil, den{}, err
		}
		addScaled(XB, -1, rest)
		addScaled(X, 1, mul(rest, duPow(next)))
	}
	out := make([]weight, len(U))
	for j, x := range U {
		out[j] = fromBig(x)
	}
	return out, du.pow(all).mul(dq.pow(max(top, 0))), nil
}

// convolve returns the product of the polynomials a and b; nil entries of
// a are zero. Two batches of 1000 attacks make a million products of
// thousands of bits, a second's work: it looks at the context every row.
func (e *enumerator) convolve(a, b []*big.Int) ([]*big.Int, error) {
	out := make([]*big.Int, len(a)+len(b)-1)
	for i := range out {
		out[i] = new(big.Int)
	}
	t := new(big.Int)
	for i, x := range a {
		if x == nil || x.Sign() == 0 {
			continue
		}
		if err := e.ctx.Err(); err != nil {
			return nil, err
		}
		for j, y := range b {
			out[i+j].Add(out[i+j], t.Mul(x, y))
		}
	}
	return out, nil
}
