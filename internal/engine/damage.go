package engine

import (
	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

func (m *Machine) startDamage(log func(rearrank.Event)) {
	s := &m.s
	s.tally.Unsaved += s.unsaved + s.kills
	// C26: an unsaved Flaming wound (a kill is one) costs the unit its
	// Regeneration, from the end of this batch on.
	if s.unsaved+s.kills > 0 && m.attack().Flaming && !m.u.RegenLost() && rules.For(m.rs()).FlamingStopsRegeneration {
		s.flamed = true
	}
	if s.unsaved > 0 && rules.For(m.rs()).RegenerationAfterDamage {
		m.regenNote(log)
	}
	if s.unsaved > 0 && m.attack().Multi() && s.recv.w == 1 && !s.recv.mixedW {
		if m.regenEachWound() {
			m.note(log, rearrank.Damage, "RULES.md 22.6, T-4", "engine.damage.w1_sequential")
		} else {
			m.note(log, rearrank.Damage, "RULES.md 9.2, E41", "engine.damage.w1")
		}
	}
	if m.profiles() > 1 {
		m.hold(log)
		return
	}
	s.i, s.n, s.at = 0, s.kills, stepKill
	s.kills = 0
	_ = m.advance(log)
}

// lethalTakesRegen reports, for the log, whether the receiving model's
// Regeneration is a special save the batch's ordinary wounds could roll
// and its Lethal Strike natural 6s cannot (RULES.md 19.3): the only
// reason a Lethal Strike wound with no special save has none.
func (m *Machine) lethalTakesRegen(log func(rearrank.Event)) bool {
	if log == nil || !m.s.tests.special[lethalSix].need.IsNone() {
		return false
	}
	recv, err := m.u.Receiver(m.s.aim)
	if err != nil || !recv.Specials.Regeneration.Possible() {
		return false
	}
	rs := m.rs()
	return !rules.For(rs).RegenerationAfterDamage && rules.RegenerationUsable(rs, saveContext(m.attack(), m.u.RegenLost()), m.opts())
}

// regenNote logs why the receiving model's Regeneration is not rolled
// against the batch's wounds when it has one and the attack or the phase
// took it: Flaming Attacks (8), the phase's unsaved Flaming wound (19.3,
// C26), or in tow Flaming Attacks on a flammable model (22.6). Only the
// log reads it: the unit is as the batch began (nothing is allocated
// before the damage stage).
func (m *Machine) regenNote(log func(rearrank.Event)) {
	if log == nil {
		return
	}
	recv, err := m.u.Receiver(m.s.aim)
	if err != nil || !recv.Specials.Regeneration.Possible() {
		return
	}
	a, rs, o := m.attack(), m.rs(), m.opts()
	if rules.For(rs).RegenerationAfterDamage {
		if a.Flaming && recv.Specials.Flammable && !a.NoSaves && !a.InstantKill {
			m.note(log, rearrank.Regenerate, "RULES.md 22.6", "engine.regen.flammable")
		}
		return
	}
	ctx := saveContext(a, false)
	ctx.Flaming = false
	if !rules.RegenerationUsable(rs, ctx, o) {
		return // no saves at all: said already
	}
	switch {
	case m.u.RegenLost():
		m.note(log, rearrank.Special, "RULES.md 8.1, 19.3, C26", "engine.special.regen_lost")
	case a.Flaming && !rules.RegenerationUsable(rs, saveContext(a, false), o):
		m.note(log, rearrank.Special, "RULES.md 8", "engine.special.flaming")
	}
}

// killItem is the kill stage's item: one instant kill (RULES.md 9.1).
func (m *Machine) killItem(d *dieSource) error {
	m.s.i++
	if d.log != nil && !m.attack().InstantKill {
		why := msg.New("engine.kill.no_ward")
		switch t := &m.s.tests.special[slaying]; {
		case !t.need.IsNone():
			why = msg.New("engine.kill.save_failed", specialMsg(t.kind))
		case m.attack().NoSaves:
			why = msg.New("engine.kill.no_saves")
		}
		m.note(d.log, rearrank.Damage, m.kindRule(slaying)+", 9.1", "engine.kill", m.kindName(slaying), m.s.i, m.s.n, why)
	}
	// in tow every instant kill, an instant_kill as well as a blow, takes
	// the model now losing Wounds whatever instant_kill_takes says (22.7,
	// 22.17, 22.18)
	p := alloc.Packet{Target: m.s.aim, Wounds: 1, InstantKill: true, NowLosing: rules.For(m.rs()).InstantKillNowLosing}
	if err := m.ownerOdd(d.log, nil); err != nil {
		return err
	}
	if err := m.ownerOdd(d.log, &p); err != nil {
		return err
	}
	if err := m.uw().ApplyInto(&m.scratch, p); err != nil {
		return err
	}
	m.record(d.log, &m.scratch)
	return m.advance(d.log)
}

func (m *Machine) startPackets(log func(rearrank.Event)) {
	s := &m.s
	s.i, s.n, s.at = 0, s.unsaved, stepPacket
	s.unsaved = 0
	_ = m.advance(log)
}

// packetItem is the packet stage's item: one unsaved wound, its damage
// rolled and allocated (RULES.md 9.2, 10, 11).
func (m *Machine) packetItem(d *dieSource) error {
	if err := m.ownerOdd(d.log, nil); err != nil {
		return err
	}
	if m.s.i == 0 {
		if err := m.orderPackets(d); err != nil {
			return err
		}
	}
	switch {
	case m.cleavingNext(): // a Cleaving Blow: no Regeneration for it (22.3, 22.6)
		if d.log != nil {
			m.note(d.log, rearrank.Regenerate, "RULES.md 22.3, 22.6", "engine.regen.cleaving", m.packetNo(), m.s.n)
		}
	case !m.s.tests.regen.need.IsNone():
		return m.regenPacketItem(d)
	}
	multi := m.packetMulti()
	k, err := m.rollPacket(d, false)
	if err != nil {
		return err
	}
	m.s.i++
	if err := m.applyPacket(d.log, k, multi); err != nil {
		return err
	}
	return m.advance(d.log)
}

// regenPacketItem is the packet stage's item where the receiving model
// rolls Regeneration after damage (tow, RULES.md 22.6): one unsaved wound,
// its damage dice, the cap at the Wounds the model has left (22.7), then
// one D6 per Wound lost; a Wound that comes back is not taken from the
// model but still counts for combat result. regeneration_timing
// sequential takes the packet's Wounds one at a time with a roll after
// each, so a Wound that comes back lets the next one land, on a model of
// W1 too (22.18: its damage dice are rolled); per_unsaved_wound
// (the 2024 text) rolls once per unsaved wound before the damage dice,
// and a success keeps the whole packet off the model.
func (m *Machine) regenPacketItem(d *dieSource) error {
	s := &m.s
	t, item := &s.tests.regen, m.packetNo()
	multi := m.packetMulti()
	timing := m.opts().RegenerationTiming
	early := false
	if timing == rules.RegenPerUnsavedWound {
		pass, _, err := d.test(t, item, s.n)
		if err != nil {
			return err
		}
		early = pass
	}
	k, err := m.rollPacket(d, timing == rules.RegenSequential)
	if err != nil {
		return err
	}
	// the unit's own copy: Receiver caches its pick in the unit, and a
	// unit shared with other machines (Monte Carlo's) must not be written
	recv, err := m.uw().Receiver(s.aim)
	if err != nil { // nobody left to receive it: the unit wastes it as usual
		s.i++
		if err := m.applyPacket(d.log, k, multi); err != nil {
			return err
		}
		return m.advance(d.log)
	}
	left := recv.W - recv.Damage
	lost, back := min(k, left), 0
	switch timing {
	case rules.RegenPerUnsavedWound:
		back = lost * b2i(early)
	case rules.RegenSequential:
		lost = 0
		for j := 0; j < k && left > 0; j++ {
			pass, _, err := d.test(t, item, s.n)
			if err != nil {
				return err
			}
			lost++
			back += b2i(pass)
			left -= b2i(!pass)
		}
	default:
		for range lost {
			pass, _, err := d.test(t, item, s.n)
			if err != nil {
				return err
			}
			back += b2i(pass)
		}
	}
	s.i++
	s.tally.Wounds += back // 22.6: a regenerated Wound still counts for combat result
	s.tally.Wasted += k - lost
	if m.challenge() {
		s.tally.Overkill += k - lost
	}
	if d.log != nil {
		if back == 0 {
			m.note(d.log, rearrank.Regenerate, "RULES.md 22.6", "engine.regen.none", lost)
		} else {
			m.note(d.log, rearrank.Regenerate, "RULES.md 22.6", "engine.regen.some", lost, back)
		}
	}
	if lost > back {
		if err := m.applyPacket(d.log, lost-back, multi); err != nil {
			return err
		}
	}
	return m.advance(d.log)
}

// regenEachWound reports whether the batch's packets that roll
// Regeneration take their Wounds one at a time with a roll after each
// (tow's regeneration_timing sequential, RULES.md 22.6, T-4): how many
// Wounds such a packet has then matters on a model of W1 too (22.18).
func (m *Machine) regenEachWound() bool {
	return !m.s.tests.regen.need.IsNone() && m.opts().RegenerationTiming == rules.RegenSequential
}

// packetMulti reports whether the packet stage's next unsaved wound is a
// packet (C3): the last s.singles of them are battleaxe's one-wound Killing
// Blows, singles after the packets (20.2, C22).
func (m *Machine) packetMulti() bool {
	return m.multi() && m.s.i < m.s.n-m.s.singles
}

// multi reports whether the batch's unsaved wounds are packets (C3): the
// attack has Multiple Wounds against the receiver's troop type.
func (m *Machine) multi() bool {
	a := m.attack()
	return a.Multi() && (a.MWAgainst == nil || *a.MWAgainst == m.s.recv.troop)
}

// rollPacket rolls the damage dice of the next unsaved wound and returns its
// wounds: the Multiple Wounds roll (+1 for Clipped Wings against Fly, E52),
// or 1 with no die for a single wound or a packet that lands on a model of
// W1 (RULES.md 9.2, E41): in a pool of mixed Wounds the model it lands on
// decides, packet by packet (R41). everyW rolls the dice on a model of W1
// too, for a packet whose Wounds each roll Regeneration (regenEachWound):
// there a regenerated Wound lets the next one land (22.18).
func (m *Machine) rollPacket(d *dieSource, everyW bool) (int, error) {
	a := m.attack()
	if !m.packetMulti() {
		return 1, nil
	}
	if k, ok := m.nextPacket(); ok { // rolled first for the owner to order (22.13, T-5)
		return k, nil
	}
	w, mixed := m.s.recv.w, m.s.recv.mixedW
	if mixed {
		if w = m.u.PacketW(m.s.aim); w == 0 {
			w = m.s.recv.w
		}
	}
	if w <= 1 && !everyW {
		if d.log != nil && mixed {
			m.note(d.log, rearrank.Damage, "RULES.md 9.2, R41", "engine.damage.mixed_w1", m.s.i+1, m.s.n)
		}
		return 1, nil
	}
	k, err := m.rollExpr(d, a.MultipleWounds, rearrank.Damage, m.s.i+1, func() msg.Message { return msg.New("engine.die.damage", m.s.i+1, m.s.n) })
	if err != nil {
		return 0, err
	}
	if a.ClippedWings && m.s.recv.fly && rules.For(m.rs()).ClippedWings {
		if d.log != nil {
			m.note(d.log, rearrank.Damage, "RULES.md 9.2, E52", "engine.damage.clipped_wings", k)
		}
		k++
	}
	return k, nil
}

// applyPacket hands one unsaved wound of k wounds (1 for a single wound) to
// the unit, a packet when multi (C3), and records what it did.
func (m *Machine) applyPacket(log func(rearrank.Event), k int, multi bool) error {
	p := alloc.Packet{Target: m.s.aim, Wounds: k, Multi: multi}
	if err := m.ownerOdd(log, &p); err != nil {
		return err
	}
	if err := m.uw().ApplyInto(&m.scratch, p); err != nil {
		return err
	}
	m.record(log, &m.scratch)
	return nil
}

// challenge reports whether the attack group aims at the champion or a
// character (a challenge, RULES.md 9.3, 22.7): what it wastes is overkill.
func (m *Machine) challenge() bool {
	r := m.attack().Target.Role
	return r == unit.Champion || r == unit.Character
}

// record logs a change of the unit and adds it to the tallies.
func (m *Machine) record(log func(rearrank.Event), ch *alloc.Change) {
	m.s.tally.Wounds += ch.Effective
	m.s.tally.Wasted += ch.Wasted
	if m.challenge() {
		m.s.tally.Overkill += ch.Wasted
	}
	for _, n := range ch.Notes {
		if log != nil {
			m.note(log, rearrank.Allocation, "", "engine.text", n) // the unit's note (internal/alloc), said in the reader's language
		}
	}
	for _, c := range ch.Removed {
		m.s.tally.Casualties++
		m.s.batchCas++
		if int(c.Role) < len(m.s.tally.ByRole) {
			m.s.tally.ByRole[c.Role]++
		}
		if log == nil {
			continue
		}
		slot := c.Slot
		text := msg.New("engine.casualty", m.roleName(c.Role, c.Name), slot.Rank+1, slot.File+1, c.Worth)
		if c.Rule != "" {
			var why any = c.Rule
			if !c.RuleMsg.IsZero() {
				why = c.RuleMsg
			}
			text = msg.New("engine.casualty.why", text.Args[0], slot.Rank+1, slot.File+1, c.Worth, why)
		}
		m.emit(log, rearrank.Event{Kind: rearrank.Casualty, Role: c.Role, Name: c.Name, Slot: &slot, Worth: c.Worth, Rule: "RULES.md 11", Msg: text})
	}
	for _, dm := range ch.Damaged {
		if log == nil {
			break
		}
		slot := dm.Slot
		m.emit(log, rearrank.Event{Kind: rearrank.Damaged, Role: dm.Role, Name: dm.Name, Slot: &slot, Worth: dm.Damage, Rule: "RULES.md 11",
			Msg: msg.New("engine.damaged", m.roleName(dm.Role, dm.Name), slot.Rank+1, slot.File+1, dm.Damage)})
	}
	if ch.StandardLost && !m.s.tally.Standard {
		m.s.tally.Standard = true
		m.emit(log, rearrank.Event{Kind: rearrank.StandardLost, Rule: "RULES.md 12", Msg: msg.New("engine.standard_lost")})
	}
}
