package odds

import (
	"context"
	"math/big"
	"sort"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/unit"
)

// Outcome is one way a batch can end: the unit after it, what the batch
// did (the referee's Tally, Wasted and Overkill left at 0) and its exact
// chance.
type Outcome struct {
	Unit  *rearrank.Unit
	Tally rearrank.Tally
	P     *big.Rat
}

// BatchOutcomes returns the joint distribution of the unit after attacks
// are resolved in order against u and of their tally: the enumeration of
// Exact (with its binomial, single-wound and pooled fast paths) that keeps
// each end state whole instead of adding it to marginals. End states with
// the same unit key (alloc.Unit.Key) and tally are one Outcome; the chances
// add up to exactly 1. Outcomes come in a fixed order (by tally, then key).
// It returns an error wrapping ErrStateLimit past cfg.MaxStates (no
// fallback: a caller that wants one samples the whole of what it computes).
// u is not changed.
func BatchOutcomes(ctx context.Context, h *rearrank.Unit, attacks []rearrank.Attack, cfg Config) ([]Outcome, error) {
	u := (*alloc.Unit)(h)
	u, _ = u.StandIn(nil) // nobody to ask: the defaults stand in (RULES.md 18)
	m, err := engine.NewMachine(u, attacks, nil)
	if err != nil {
		return nil, err
	}
	why := func() msg.Message { return describe(u, attacks) }
	// The slot key, never the count key (unit.SetCountKey): a caller such
	// as a combat round reads where each model stands after the batch.
	cfg.coreBytes = coreBytes(u)
	if err := tooMany(ctx, u, attacks, cfg.maxStates(), false, why); err != nil {
		return nil, err
	}
	m.Unit().SetQuiet(true)
	e := newEnumerator(ctx, cfg, true, newAccumulator(u), why)
	e.join = true
	type end struct {
		key string
		t   tally
	}
	index := map[end]int{}
	var out []Outcome
	var keys []end
	var rm ratMaker
	m.SetTally(rearrank.Tally{})
	e.intern(m)
	e.swapCores()
	e.states = append(e.states[:0], state{k: stateKey{core: 0}, w: one})
	for {
		keep := e.states[:0]
		for _, s := range e.states {
			c := e.cores[s.k.core]
			if !c.m.Done() {
				keep = append(keep, s)
				continue
			}
			k := end{c.m.Unit().Key(), s.k.t}
			p := rm.rat(s.w, e.d)
			if i, ok := index[k]; ok {
				out[i].P.Add(out[i].P, p)
				continue
			}
			index[k] = len(out)
			keys = append(keys, k)
			after := c.m.Unit().Clone()
			after.SetQuiet(false)
			out = append(out, Outcome{Unit: (*rearrank.Unit)(after), Tally: s.k.t.referee(), P: new(big.Rat).Set(p)})
		}
		e.states = keep
		if len(e.states) == 0 {
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		e.steps++
		if err := e.generation(); err != nil {
			return nil, err
		}
	}
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool {
		x, y := keys[order[a]], keys[order[b]]
		if x.t != y.t {
			return x.t.less(y.t)
		}
		return x.key < y.key
	})
	sorted := make([]Outcome, len(out))
	for i, j := range order {
		sorted[i] = out[j]
	}
	return sorted, nil
}

// referee returns t as the referee's Tally (Wasted and Overkill, which t
// drops, are 0).
func (t tally) referee() rearrank.Tally {
	r := rearrank.Tally{Casualties: int(t.cas), Wounds: int(t.wounds), Unsaved: int(t.unsaved), Panic: t.panic, Standard: t.std}
	for role := unit.RankAndFile; role <= unit.Character; role++ {
		r.ByRole[role] = int(t.byRole[role-1])
	}
	return r
}

// less orders tallies by casualties, wounds, unsaved wounds, then role.
func (t tally) less(u tally) bool {
	a := []int32{t.cas, t.wounds, t.unsaved, t.byRole[0], t.byRole[1], t.byRole[2], t.byRole[3], t.byRole[4], b2i(t.panic), b2i(t.std)}
	b := []int32{u.cas, u.wounds, u.unsaved, u.byRole[0], u.byRole[1], u.byRole[2], u.byRole[3], u.byRole[4], b2i(u.panic), b2i(u.std)}
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}
