package odds

import (
	"math/big"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/engine"
)

// Mixed attacks. The binomial-attacks fast path counts
// the attacks that hand one thing on to the damage step. Where one attack
// can hand on one of several kinds of thing, that count is not enough: a
// Killing Blow that slays (RULES.md 20.2, 9.1) goes to the kill stage, an
// ordinary unsaved wound of the same batch to the packet stage, and a tow
// Cleaving Blow's wound rolls no Regeneration where the others do (22.3,
// 22.6). Without a closed form each attack's dice were stepped one at a
// time, and the states were every way the counts at every stage could
// stand: 40 attacks with Killing Blow held 110,000 machines at once.
//
// The attacks are still independent and alike (engine.Machine.AttackRolls),
// and what the damage step does depends only on how many of each kind it
// is handed (the machine keeps counts by kind, never their order), so the
// counts (j_1, ..., j_K) of the K kinds are multinomial: with w_0 the weight
// of an attack that hands on nothing and w_k that of kind k,
//
//	P(j_1, ..., j_K) = n! / (j_0! j_1! ... j_K!) · w_0^j_0 · w_1^j_1 ··· w_K^j_K,  j_0 = n − Σ j_k
//
// over the probe's denominator to the n-th power. The machine then jumps to
// its damage step with those counts (SkipRolls), as the binomial path does
// with one. Regeneration lost to a Flaming wound (C26) splits each count as
// the binomial path splits it: the weight with no attack losing it is the
// same sum over the weights that do not, and the rest is the difference.

// rollKind is one kind of thing an attack hands on, its outcome with
// RegenLost cleared, and its weight by whether it loses the unit its
// Regeneration (w[1]) or not (w[0]).
type rollKind struct {
	o engine.RollOutcome
	w [2]uint64
}

// mixedKinds reports whether the attacks whose one-attack outcomes are
// cases hand on more than one kind of success, or a kind that is more than
// one unsaved wound or one kill: a Cleaving Blow's (NoRegen) or a single
// among packets (Singles).
func mixedKinds(cases []rollCase) bool {
	var first engine.RollOutcome
	seen := false
	for _, k := range cases {
		o := k.o
		o.RegenLost = false
		switch {
		case o.Unsaved+o.Kills == 0:
			continue
		case o != engine.RollOutcome{Unsaved: 1} && o != engine.RollOutcome{Kills: 1}, seen && o != first:
			return true
		}
		first, seen = o, true
	}
	return false
}

// rollKinds gathers cases into kinds, the first of which hands on nothing.
func rollKinds(cases []rollCase) []rollKind {
	kinds := []rollKind{{}}
next:
	for _, k := range cases {
		w, _ := small(k.w) // attackRolls checked that each fits
		o := k.o
		lost := int(b2i(o.RegenLost))
		o.RegenLost = false
		for i := range kinds {
			if kinds[i].o == o {
				kinds[i].w[lost] += w
				continue next
			}
		}
		kind := rollKind{o: o}
		kind.w[lost] = w
		kinds = append(kinds, kind)
	}
	return kinds
}

// mixedRolls is the binomial-attacks fast path from c, whose machine stands
// before its batch's n attacks roll, where each attack ends as one of the
// cases, over d, of more than one kind (mixedKinds).
func (e *enumerator) mixedRolls(c *core, n int, cases []rollCase, d den) (bool, error) {
	kinds := rollKinds(cases)
	var lostAny, keptAny bool
	for _, k := range kinds {
		lostAny = lostAny || k.w[1] > 0
		keptAny = keptAny || k.w[0] > 0
	}
	e.note(BinomialAttacks)
	all := newMultinomial(kinds, n, func(k rollKind) uint64 { return k.w[0] + k.w[1] })
	var kept *multinomial
	if lostAny && keptAny {
		kept = newMultinomial(kinds, n, func(k rollKind) uint64 { return k.w[0] })
	}
	dn := d.pow(n)
	emit := func(o engine.RollOutcome, w *big.Int) error {
		if err := e.tick(); err != nil {
			return err
		}
		if w.Sign() == 0 {
			return nil
		}
		m := c.m.Clone()
		m.SkipRolls(o)
		dt := tallyOf(m.Tally())
		m.SetTally(rearrank.Tally{})
		c.trans = append(c.trans, trans{to: e.intern(m), dt: dt, w: fromBig(w), d: dn})
		if e.max > 0 && len(e.next) > e.max {
			return e.limitError()
		}
		if e.overBudget(int64(len(c.trans)) * transBytes) {
			return bytesLimitError(e.maxBytes, e.steps, e.why())
		}
		return nil
	}
	counts := make([]int, len(kinds))
	var visit func(k, left int) error
	visit = func(k, left int) error {
		if k == 0 { // the attacks left hand on nothing
			counts[0] = left
			o := engine.RollOutcome{}
			for i, kind := range kinds[1:] {
				j := counts[i+1]
				o.Unsaved += j * kind.o.Unsaved
				o.Kills += j * kind.o.Kills
				o.NoRegen += j * kind.o.NoRegen
				o.Singles += j * kind.o.Singles
			}
			w := all.weight(counts)
			if kept == nil {
				o.RegenLost = lostAny
				return emit(o, w)
			}
			wk := kept.weight(counts)
			if err := emit(o, wk); err != nil {
				return err
			}
			o.RegenLost = true
			return emit(o, w.Sub(w, wk)) // w is new: the weight keeps it
		}
		for j := 0; j <= left; j++ {
			counts[k] = j
			if err := visit(k-1, left-j); err != nil {
				return err
			}
		}
		return nil
	}
	if err := visit(len(kinds)-1, n); err != nil {
		return false, err
	}
	return true, nil
}

// multinomial gives the weights n!/(j_0!···j_K!) · Π w_k^j_k of the ways n
// attacks split into counts j_k of kinds of weight w_k.
type multinomial struct {
	n    int
	pows [][]*big.Int // pows[k][j] = w_k^j
	fact []*big.Int   // fact[j] = j!
	den  big.Int      // weight's scratch
}

func newMultinomial(kinds []rollKind, n int, weight func(rollKind) uint64) *multinomial {
	m := &multinomial{n: n, pows: make([][]*big.Int, len(kinds)), fact: make([]*big.Int, n+1)}
	m.fact[0] = big.NewInt(1)
	for j := 1; j <= n; j++ {
		m.fact[j] = new(big.Int).Mul(m.fact[j-1], big.NewInt(int64(j)))
	}
	for k, kind := range kinds {
		w := new(big.Int).SetUint64(weight(kind))
		p := make([]*big.Int, n+1)
		p[0] = big.NewInt(1)
		for j := 1; j <= n; j++ {
			p[j] = new(big.Int).Mul(p[j-1], w)
		}
		m.pows[k] = p
	}
	return m
}

// weight returns the weight of counts (which add up to n) in a new
// big.Int.
func (m *multinomial) weight(counts []int) *big.Int {
	num := new(big.Int).Set(m.fact[m.n])
	den := m.den.SetInt64(1)
	for k, j := range counts {
		num.Mul(num, m.pows[k][j])
		den.Mul(den, m.fact[j])
	}
	return num.Quo(num, den)
}
