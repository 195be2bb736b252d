package alloc

import (
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// capPool caps a packet aimed at a pooled R&F pool (9.2): whfb8 at the
// profile W of the next model (mw_cap: remaining, at the wounds left on it);
// t9a and t9a1-ru at the profile HP, whatever the pool carries (R37, E50);
// battleaxe with damage_model: pooled as whfb8. A single wound is 1.
func (u *Unit) capPool(p, k int, multi bool, c *Change) int {
	if !multi {
		return 1
	}
	cp := u.s.pools[p].capW
	tr := rules.For(u.s.ruleset)
	remaining := tr.CapRemaining(u.s.opts)
	next, _, _ := u.pick(p, nil, true)
	switch {
	case next >= 0:
		cp = u.w(next)
		if remaining {
			cp -= int(u.models[next].damage) + int(u.pools[p].carried)
		}
	case !u.s.champPool:
		return k // no model to cap it at: the whole packet is the empty pool's overflow, lost (10.1)
	}
	if k <= cp {
		return k
	}
	switch {
	case tr.MWRemaining:
		u.note(c, "alloc.note.mw_cap.remaining_rest_lost", k, cp)
	case remaining:
		u.note(c, "alloc.note.mw_cap.next_remaining", k, cp)
	default:
		u.note(c, "alloc.note.mw_cap.profile", k, cp)
	}
	return cp
}

// applyPool runs the pooled arithmetic of 11.1 for w wounds on pool p:
// models are removed while the carried total reaches the wounds left on the
// next model (W - Damage, C10, R41); the excess of an emptied pool goes on as
// overflow. With w = 0 it only settles carried wounds.
func (u *Unit) applyPool(p, w int, c *Change) error {
	ps := &u.pools[p]
	for {
		if ps.n == 0 {
			ps.carried = 0
			return u.overflow(p, w, c)
		}
		if w == 0 && ps.carried == 0 {
			return nil
		}
		// The next model by the default rule bears the carried wounds.
		id, e, err := u.pick(p, nil, true)
		if err != nil || id < 0 {
			return err
		}
		rem := u.w(id) - int(u.models[id].damage)
		carried := int(ps.carried)
		if carried < rem && w < rem-carried {
			ps.carried = int16(carried + w)
			c.Effective += w
			return nil
		}
		if u.ch != nil {
			// A model is removed: an owner_choice switch lets the owner say
			// which (R12, 11.4). The pooled count is the next model's (R41),
			// so the owner picks among the models with as many wounds left.
			same := func(x int) bool { return u.w(x)-int(u.models[x].damage) == rem }
			oid, oe, err := u.pickFor(p, u.ch, false, true, same)
			if err != nil {
				return err
			}
			if oid >= 0 && same(oid) {
				id, e = oid, oe
			}
		}
		if carried >= rem { // the next model changed under carried wounds (R41)
			u.note(c, "alloc.note.carried_removes", carried, rem)
			ps.carried = int16(carried - rem)
			u.removeAt(id, e, ps.worth(rem), c, "11.1")
			continue
		}
		take := rem - carried
		w -= take
		c.Effective += take
		ps.carried = 0
		u.removeAt(id, e, ps.worth(rem), c, "11.1")
	}
}

// worth is what the model the pool loses now, with rem wounds left of its
// own, adds to this batch's combat result: rem less the wounds carried onto
// it before the batch, which an earlier batch counted (R38, 11.1).
func (ps *poolState) worth(rem int) int {
	w := max(rem-int(ps.pre), 0)
	ps.pre = 0
	return w
}

// overflow handles the excess of emptied pool p (10.1, R18, C13, C14).
func (u *Unit) overflow(p, w int, c *Change) error {
	if w == 0 {
		return nil
	}
	if !u.s.champPool {
		c.Wasted += w
		u.lose(lostEmptyPool, w)
		return nil
	}
	if u.s.opts.OverflowAcrossPools == rules.OverflowToNextPool {
		if q := u.nextPool(); q >= 0 {
			u.note(c, "alloc.note.overflow_to_pool", w, u.s.pools[q].troop.Msg())
			return u.applyPool(q, w, c)
		}
	}
	champ := int(u.s.cmdID[unit.Champion])
	if champ >= 0 && u.models[champ].alive {
		u.pending += w
		u.note(c, "alloc.note.overflow_waits", w)
		return nil
	}
	c.Wasted += w
	if u.rankAndFileGone() {
		u.lose(lostNoChampion, w)
	} else {
		u.lose(lostOtherPool, w)
	}
	return nil
}

// Why overflow wounds are lost (10.1, R18), for the notes of EndBatch.
const (
	lostEmptyPool = iota
	lostNoChampion
	lostOtherPool
	lostWhys
)

var lostID = [lostWhys]msg.ID{
	lostEmptyPool:  "alloc.note.overflow_lost.empty_pool",
	lostNoChampion: "alloc.note.overflow_lost.no_champion",
	lostOtherPool:  "alloc.note.overflow_lost.other_pool",
}

// lose counts w overflow wounds lost for why, to be told once for the
// whole batch at EndBatch.
func (u *Unit) lose(why, w int) {
	if !u.quiet {
		u.lost[why] += w
	}
}

// nextPool is the surviving R&F pool with the most models, ties by troop
// type name (C14); -1 when none survives.
func (u *Unit) nextPool() int {
	best := -1
	for q, ps := range u.pools {
		if ps.n == 0 {
			continue
		}
		if best < 0 || ps.n > u.pools[best].n ||
			ps.n == u.pools[best].n && u.s.pools[q].troop.String() < u.s.pools[best].troop.String() {
			best = q
		}
	}
	return best
}

// settle re-runs 11.1 on every pooled pool that carries wounds, in case the
// next model changed (R41). It does nothing in the common case of a pool of
// identical models.
func (u *Unit) settle(c *Change) error {
	if u.s.perModel {
		return nil
	}
	for p := range u.pools {
		if u.pools[p].carried > 0 {
			if err := u.applyPool(p, 0, c); err != nil {
				return err
			}
		}
	}
	return nil
}
