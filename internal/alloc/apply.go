package alloc

import (
	"errors"
	"fmt"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/unit"
)

// Apply applies one packet (RULES.md 9-11). Packets of a batch come in C22
// order, which is the caller's: untargeted instant kills, multi-wound packets
// in dice order, then singles. Wounds aimed at a pool or model with no living
// model are wasted (t9a and t9a1-ru: R&F excess, which may reach the
// champion at EndBatch). The error reports a bad packet before anything
// changes; an error from a Chooser's answer leaves the unit
// part-way through the packet, so discard it.
func (u *Unit) Apply(p Packet) (Change, error) {
	var c Change
	err := u.ApplyInto(&c, p)
	c.sim = nil // a Change of its own keeps no scratch
	return c, err
}

// PacketCapped reports whether a multi-wound packet aimed at t now lands
// whole on one rank-and-file model in per-model damage (RULES.md 11.3),
// which takes at most the W it has left and wastes the rest (9.2, R10):
// every packet big enough to remove that model changes the unit alike. It
// is false where a packet could reach further: pooled damage, the champion
// or a character (C11), or an empty pool whose overflow may pass on (10.1,
// C13, C14). u is not changed.
func (u *Unit) PacketCapped(t unit.Target) bool {
	if u.fighter != nil || !u.s.perModel || t.Role != unit.RankAndFile {
		return false
	}
	ref, err := u.resolve(t)
	return err == nil && ref.pool >= 0 && ref.pool < len(u.pools) && u.pools[ref.pool].n > 0
}

// ApplyInto is Apply writing its Change into *c, whose slices it empties
// and reuses, so that a caller that reads each Change before the next
// packet (the referee) allocates nothing for it.
func (u *Unit) ApplyInto(c *Change, p Packet) error {
	c.Removed, c.Damaged, c.Notes = c.Removed[:0], c.Damaged[:0], c.Notes[:0]
	// u borrows c's scratch unit for the packet, and c keeps it after
	u.sim = c.sim
	defer func() { c.sim, u.sim = u.sim, nil }()
	c.Effective, c.Wasted, c.StandardLost = 0, 0, false
	if u.fighter != nil {
		return errors.New("apply: a skirmish fighter has no pools; the referee resolves injuries (rules 13) on Fighter() of a clone")
	}
	if !u.inBatch {
		u.StartBatch(nil)
	}
	ref, err := u.resolve(p.Target)
	if err != nil {
		return msg.Errorf(err, "alloc.apply.target", p.Target.String(), errArg(err))
	}
	k := 1
	switch {
	case p.InstantKill:
	case p.Multi && (p.Wounds < 1 || p.Wounds > maxPacket):
		return fmt.Errorf("apply: packet of %d wounds: want 1 to %d", p.Wounds, maxPacket)
	case p.Multi:
		k = p.Wounds
	case p.Wounds < 0 || p.Wounds > 1:
		return fmt.Errorf("apply: %d wounds without Multi: a single wound is 1 (C3)", p.Wounds)
	}
	counted := u.CountKeyed()
	if counted && u.placeTie && p.Multi && !p.InstantKill {
		return errors.New("apply: a multi-wound packet after a single wound or instant kill while models were struck (C22 puts the packets first): the count key of SetCountKey cannot tell which of two equally damaged models that took")
	}
	if counted && (!p.Multi || p.InstantKill) && u.anyStruck() {
		u.placeTie = true
	}
	switch {
	case p.InstantKill:
		err = u.instantKill(p.Target.Role, ref, p.NowLosing, c)
	case p.Target.Role == unit.Champion || p.Target.Role == unit.Character:
		err = u.woundModel(ref.id, k, p.Multi, c)
	case u.s.perModel:
		err = u.woundPerModel(ref.pool, k, p.Multi, c)
	default:
		take := u.capPool(ref.pool, k, p.Multi, c)
		c.Wasted += k - take
		err = u.applyPool(ref.pool, take, c)
	}
	if err == nil {
		err = u.settle(c)
	}
	return err
}

// anyStruck reports whether a living model is struck by a multi-wound
// packet of this batch (11.3).
func (u *Unit) anyStruck() bool {
	for _, m := range u.models {
		if m.alive && m.struck {
			return true
		}
	}
	return false
}

// maxPacket bounds Packet.Wounds.
const maxPacket = 1000
