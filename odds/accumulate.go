package odds

import (
	"github.com/rearrank/rearrank/internal/engine"
	"math/big"

	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/unit"
)

// accumulator gathers the marginal distributions of a Result from weighted
// end states, as integer weights over a denominator that grows when a
// contribution needs it: d for every marginal but the unsaved count, du for
// that one. A last batch gives its unsaved count apart from the rest, over
// a denominator of its own (finalBatch.du) that is often much smaller:
// kept apart, neither marginal is scaled up to the other's.
type accumulator struct {
	d, du                den
	cas, wounds, unsaved []weight
	byRole               [unit.Character][]weight
	destroyed, panic     weight
	champ, std           weight
	panicApplies         bool
	hasChamp, hasStd     bool
	present              [unit.Character]bool // roles the unit has: the others never lose a model
	total                weight               // the sum of every contribution, 1 in the end
	slab                 slab                 // the marginals' big weights
}

func newAccumulator(u *alloc.Unit) *accumulator {
	a := &accumulator{hasChamp: u.Count(unit.Champion) > 0, hasStd: u.Count(unit.StandardBearer) > 0}
	for r := unit.RankAndFile; r <= unit.Character; r++ {
		a.present[r-1] = u.Count(r) > 0
	}
	return a
}

// align returns w/d as a weight over the accumulator's denominator,
// raising that denominator (and every weight held) when d needs it.
func (a *accumulator) align(w weight, d den) weight {
	if !a.d.covers(d) {
		up := a.d.lcm(d)
		f := up.over(a.d)
		for _, s := range [][]weight{a.cas, a.wounds, a.byRole[0], a.byRole[1], a.byRole[2], a.byRole[3], a.byRole[4]} {
			for i := range s {
				s[i] = s[i].scale(f)
			}
		}
		for _, x := range []*weight{&a.destroyed, &a.panic, &a.champ, &a.std, &a.total} {
			*x = x.scale(f)
		}
		a.d = up
	}
	return w.scale(a.d.over(d))
}

// alignUnsaved is align for the unsaved marginal, over du.
func (a *accumulator) alignUnsaved(w weight, d den) weight {
	if !a.du.covers(d) {
		up := a.du.lcm(d)
		f := up.over(a.du)
		for i := range a.unsaved {
			a.unsaved[i] = a.unsaved[i].scale(f)
		}
		a.du = up
	}
	return w.scale(a.du.over(d))
}

func addAt(s []weight, i int32, w weight) []weight {
	s = reach(s, i)
	s[i].add(w)
	return s
}

// reach returns s grown with zeros to hold index i.
func reach(s []weight, i int32) []weight {
	for int32(len(s)) <= i {
		s = append(s, weight{})
	}
	return s
}

// addAt is addAt for the accumulator's marginals: the first big weight
// an entry gets is copied into the slab (a last batch gives one entry per
// value of its total, each of tens of words: two allocations each).
func (a *accumulator) addAt(s []weight, i int32, w weight) []weight {
	s = reach(s, i)
	if w.b != nil && s[i].isZero() {
		s[i] = a.slab.copyOf(w)
	} else {
		s[i].add(w)
	}
	return s
}

// addState adds an end state: tallies t on machine m, with chance w/d.
func (a *accumulator) addState(t tally, m *engine.Machine, w weight, d den) {
	a.unsaved = a.addAt(a.unsaved, t.unsaved, a.alignUnsaved(w, d))
	a.addRest(t, m.Destroyed(), m.PanicApplies(), a.align(w, d))
}

// addRest adds w (already aligned) to every marginal but unsaved.
func (a *accumulator) addRest(t tally, destroyed, panicApplies bool, w weight) {
	a.total.add(w)
	a.cas = a.addAt(a.cas, t.cas, w)
	a.wounds = a.addAt(a.wounds, t.wounds, w)
	for i := range a.byRole {
		if a.present[i] {
			a.byRole[i] = a.addAt(a.byRole[i], t.byRole[i], w)
		}
	}
	if destroyed {
		a.destroyed.add(w)
	}
	a.panicApplies = a.panicApplies || panicApplies
	if t.panic {
		a.panic.add(w)
	}
	if t.byRole[unit.Champion-1] > 0 {
		a.champ.add(w)
	}
	if t.std {
		a.std.add(w)
	}
}

// finalBatch is a last batch worked out as marginals (fast.go): the
// distribution of the unsaved wounds it adds, and apart from it the
// distribution of everything else it leads to. The Result holds only
// marginals, so the two need not be joined.
type finalBatch struct {
	unsaved  *[]weight // (*unsaved)[j]: chance of j more unsaved wounds, over du; shared by batches alike
	du       den
	seq      int       // order of making
	outcomes []outcome // over do
	do       den
}

// outcome is one way a last batch can end: what it adds to the tallies and
// the unit it leaves.
type outcome struct {
	dt                      tally
	destroyed, panicApplies bool
	w                       weight
}

// addUnsaved adds w (already aligned by alignUnsaved) to the unsaved
// marginal at i.
func (a *accumulator) addUnsaved(i int32, w weight) { a.unsaved = a.addAt(a.unsaved, i, w) }

// fill turns the weights into the Result's fractions. The fractions take
// the words of the big weights (ratTaking): a is spent.
func (a *accumulator) fill(res *Result) {
	var rm ratMaker
	n := len(a.cas) + len(a.wounds) + len(a.unsaved) + 4 // at most this many fractions
	for _, s := range a.byRole {
		n += len(s)
	}
	rm.rats = make([]big.Rat, n)
	rat := rm.ratTaking
	dist := func(s []weight, over den) Dist {
		// trailing zeros come only from padding; keep the last non-zero
		n := len(s)
		for n > 1 && s[n-1].isZero() {
			n--
		}
		d := Dist{P: make([]*big.Rat, n)}
		for i := range n {
			d.P[i] = rat(s[i], over)
		}
		if n == 0 {
			d.P = []*big.Rat{new(big.Rat).SetInt64(1)}
		}
		return d
	}
	res.Casualties = dist(a.cas, a.d)
	res.Wounds = dist(a.wounds, a.d)
	res.Unsaved = dist(a.unsaved, a.du)
	res.ByRole = map[unit.Role]Dist{}
	for i, s := range a.byRole {
		if a.present[i] {
			res.ByRole[unit.Role(i+1)] = dist(s, a.d)
		} else {
			res.ByRole[unit.Role(i+1)] = Dist{P: []*big.Rat{new(big.Rat).SetInt64(1)}}
		}
	}
	res.Destroyed = rat(a.destroyed, a.d)
	if a.panicApplies {
		res.Panic = rat(a.panic, a.d)
	}
	if a.hasChamp {
		res.ChampionDead = rat(a.champ, a.d)
	}
	if a.hasStd {
		res.StandardLost = rat(a.std, a.d)
	}
}
