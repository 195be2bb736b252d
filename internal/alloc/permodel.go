package alloc

import (
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// hurt takes take wounds off model id, whose remaining wounds are rem; it is
// removed when take reaches rem.
func (u *Unit) hurt(id, take, rem int, c *Change, why string) {
	m := &u.models[id]
	if m.pre == 0 {
		m.pre = m.damage + 1
	}
	if take >= rem {
		// worth the wounds it had left when the batch first hurt it:
		// three single wounds kill an Ogre worth 3 (Casualty.Worth)
		u.die(id, rem+int(m.damage)-int(m.pre-1), c, why)
		return
	}
	m.damage += uint8(take)
	if take > 0 {
		c.Damaged = append(c.Damaged, Damage{Slot: unit.Slot{Rank: int(m.rank), File: int(m.file)}, Role: u.role(id), Name: u.kindOf(id).name, Damage: int(m.damage)})
	}
}

// die removes model id from where it stands: as the regular 11.2 casualty
// of its pool if it is that model (so the end rules and slides apply), from
// its own slot otherwise (C4, C5, 11.2 step 4).
func (u *Unit) die(id, worth int, c *Change, why string) {
	e := endNone
	if p := int(u.kindOf(id).pool); p >= 0 {
		if next, ne, _ := u.pick(p, nil, true); next == id {
			e = ne
		}
	}
	u.removeAt(id, e, worth, c, why)
}

// woundModel applies a packet aimed at the champion or a character (C11):
// capped at profile W, anything beyond the model's remaining W lost. A
// whfb8/battleaxe champion who is the next model of his pool also bears the
// pool's carried wounds (C10).
func (u *Unit) woundModel(id, k int, multi bool, c *Change) error {
	if !u.models[id].alive {
		c.Wasted += k
		u.note(c, "alloc.note.wounds_lost_gone", k, u.roleGen(u.role(id)))
		return nil
	}
	w := u.w(id)
	take := k
	if multi && k > w {
		take = w
	}
	carry := u.carriedOn(id)
	rem := w - int(u.models[id].damage) - carry
	if take > rem {
		u.note(c, "alloc.note.wounds_over_left", k, rem, k-rem)
		take = rem
	} else if take < k {
		u.note(c, "alloc.note.mw_cap.model", k, w)
	}
	c.Effective += take
	c.Wasted += k - take
	if take == rem && carry > 0 {
		u.pools[u.kindOf(id).pool].carried = 0
	}
	u.hurt(id, take, rem, c, "C11")
	return nil
}

// woundPerModel applies a packet or single wound to pool p in battleaxe's
// per-model mode (11.3, R10, C1, C2).
func (u *Unit) woundPerModel(p, k int, multi bool, c *Change) error {
	if u.pools[p].n == 0 {
		return u.overflow(p, k, c)
	}
	var id int
	var err error
	if multi {
		id, err = u.packetTarget(p)
	} else {
		id, err = u.singleTarget(p, u.ch, true)
	}
	if err != nil || id < 0 {
		return err
	}
	rem := u.w(id) - int(u.models[id].damage)
	take := min(k, rem)
	if take < k {
		u.note(c, "alloc.note.packet_over_left", k, rem, k-take)
	}
	c.Effective += take
	c.Wasted += k - take
	if multi && u.role(id) == unit.RankAndFile {
		u.models[id].struck = true
	}
	u.hurt(id, take, rem, c, "11.3")
	return nil
}

// ordinaryIn reports whether model id is a living ordinary R&F of pool p.
func (u *Unit) ordinaryIn(id, p int) bool {
	k := u.kindOf(id)
	return u.models[id].alive && k.role == unit.RankAndFile && int(k.pool) == p
}

// singleTarget is the model a single wound on pool p lands on in per-model
// mode: the most damaged eligible model, the earliest in removal order on a
// tie (C2), or the next to be removed if none is damaged (11.3 step 2).
// It fills u's cache of the next model only if fill (pickAt).
func (u *Unit) singleTarget(p int, ch unit.Chooser, fill bool) (int, error) {
	if u.pools[p].ord == 0 {
		id, _, err := u.pickAt(p, ch, fill)
		return id, err
	}
	maxD, n, first := 0, 0, -1
	for id, m := range u.models {
		if !u.ordinaryIn(id, p) {
			continue
		}
		switch d := int(m.damage); {
		case d > maxD:
			maxD, n, first = d, 1, id
		case d == maxD:
			n++
		}
	}
	switch {
	case maxD == 0:
		id, _, err := u.pickAt(p, ch, fill)
		return id, err
	case n == 1:
		return first, nil
	}
	return u.firstInOrder(p, ch, fill, func(id int) bool { return u.ordinaryIn(id, p) && int(u.models[id].damage) == maxD })
}

// packetTarget is the model a multi-wound packet on pool p lands on in
// per-model mode: a model not yet struck in this batch (starting again when
// all are), damaged first (most damaged, then removal order), then in removal
// order (11.3 step 1, C1, C2); packet_target: fresh_first prefers undamaged
// models (19.2).
func (u *Unit) packetTarget(p int) (int, error) {
	ch := u.ch
	if u.pools[p].ord == 0 {
		id, _, err := u.pick(p, ch, true)
		return id, err
	}
	// One pass: the models not yet struck, and the most damaged of them.
	// When all are struck the marks go and every model is one again.
	open, maxD, n, first, fresh := 0, -1, 0, -1, -1
	for pass := 0; pass < 2 && open == 0; pass++ {
		for id := range u.models {
			if !u.ordinaryIn(id, p) {
				continue
			}
			m := &u.models[id]
			if pass == 1 {
				m.struck = false
			} else if m.struck {
				continue
			}
			open++
			switch d := int(m.damage); {
			case d > maxD:
				maxD, n, first = d, 1, id
			case d == maxD:
				n++
			}
			if m.damage == 0 && fresh < 0 {
				fresh = id
			}
		}
	}
	cand := func(id int) bool { return u.ordinaryIn(id, p) && !u.models[id].struck }
	// With the count key, the models firstInOrder would choose among are
	// all of one damage and unstruck: any is as good (countedFirst).
	counted := ch == nil && u.CountKeyed()
	if u.s.opts.PacketTarget == rules.FreshFirst && fresh >= 0 {
		if counted {
			return fresh, nil
		}
		return u.firstInOrder(p, ch, true, func(id int) bool { return cand(id) && u.models[id].damage == 0 })
	}
	switch {
	case first < 0:
		return -1, nil // no ordinary R&F in the pool: ord said there were
	case n == 1 || counted:
		return first, nil
	case maxD == 0:
		return u.firstInOrder(p, ch, true, cand)
	}
	return u.firstInOrder(p, ch, true, func(id int) bool { return cand(id) && int(u.models[id].damage) == maxD })
}

// firstInOrder returns the first model of pool p's removal order (C1: the
// sequence 11.2 would give removing models one by one, each removal advancing
// the end counters) for which ok holds; -1 if none.
func (u *Unit) firstInOrder(p int, ch unit.Chooser, fill bool, ok func(int) bool) (int, error) {
	// an owner's rear_rank_order pick is among the models ok passes (R12)
	id, e, err := u.pickFor(p, ch, true, fill, ok)
	if err != nil || id < 0 || ok(id) {
		return id, err
	}
	if x := u.countedFirst(p, ch, ok); x >= 0 {
		return x, nil
	}
	if u.sim == nil {
		u.sim = new(Unit)
	}
	sim := u.sim
	sim.CopyFrom(u)
	sim.quiet = true
	for {
		sim.removeAt(id, e, 0, nil, "")
		// past the first model the order is looked up on a formation
		// that does not stand yet: nobody is asked about it, the
		// defaults go on (RULES.md 18)
		id, e, err = sim.pick(p, nil, true)
		if err != nil || id < 0 {
			return -1, err
		}
		if ok(id) {
			return id, nil
		}
	}
}

// countedFirst is firstInOrder's answer as far as the count key goes
// (SetCountKey): removal order takes a pool's ordinary R&F before its
// command models (11.2, 11.4), so when some ordinary R&F of pool p pass ok
// and all of those have one damage and struck, the first in order is one
// of them, and any of them is as good for every count. It returns -1
// otherwise (no count key, an owner's Chooser, none or several classes),
// when firstInOrder walks the order itself.
func (u *Unit) countedFirst(p int, ch unit.Chooser, ok func(int) bool) int {
	if ch != nil || !u.CountKeyed() {
		return -1
	}
	x := -1
	for id, m := range u.models {
		if !u.ordinaryIn(id, p) || !ok(id) {
			continue
		}
		if x < 0 {
			x = id
		} else if m.damage != u.models[x].damage || m.struck != u.models[x].struck {
			return -1
		}
	}
	return x
}
