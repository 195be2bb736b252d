package engine

import (
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/unit"
)

// Hooks for the odds package's fast paths. Each lets a caller skip steps
// whose outcome it has worked out from the Machine's own steps, and then
// carries on with the same code the referee runs: nothing here rolls or
// decides anything the steps would not.

// Batch returns the index of the attack group m is resolving (or will
// resolve next) and the number of groups.
func (m *Machine) Batch() (i, n int) { return m.s.batch, len(m.attacks) }

// Destroyed reports whether no model of the unit is left.
func (m *Machine) Destroyed() bool { return m.u.Destroyed() }

// RollOutcome is what the per-attack rolls of a batch hand to its damage
// step.
type RollOutcome struct {
	Unsaved int // wounds past every save, each waiting for its damage (RULES.md 9)
	Kills   int // instant kills (RULES.md 9.1)
	// RegenLost: an unsaved Flaming wound of this batch costs the unit its
	// Regeneration when the batch ends (whfb8, battleaxe; 19.3, C26).
	RegenLost bool
	// NoRegen is how many of Unsaved roll no Regeneration after damage
	// where the others do (tow Cleaving Blows, RULES.md 22.3, 22.6).
	NoRegen int
	// Singles is how many of Unsaved are one wound each, after the
	// batch's packets of Multiple Wounds: Killing Blows on a troop type
	// they cannot slay, battleaxe's way (RULES.md 20.2, C22).
	Singles int
}

// AttackRolls reports whether m stands at the start of the per-attack rolls
// of a block batch, and how many attacks (or hits) are about to roll. From
// there every attack rolls to hit, to wound, its armour save and its special
// save against the same target numbers, fixed when the batch began, and
// nothing one attack rolls changes what another needs (RULES.md 3-8): the
// attacks are independent and alike. Skirmish attacks are not (a critical
// spends the warrior's allowance, 6.2), and ok is false for them.
func (m *Machine) AttackRolls() (n int, ok bool) {
	if !m.rs().Block() || m.s.i != 0 || m.s.at != stepHit && m.s.at != stepWound || m.s.tests.ordered {
		// a group that keeps its wounds in the order of their dice
		// (order.go): counts of what the attacks hand on lose it
		return 0, false // elsewhere, or done: no attack to read
	}
	switch m.s.at {
	case stepHit:
		// a hit that becomes several hands on more than one wound, and
		// the probe of one attack (odds) counts one
		a := m.attack()
		return m.s.n, m.s.hits == 0 && m.s.again == 0 && m.s.spent == 0 && !multiHits(a) && a.BattleFocus == 0
	case stepWound:
		// the hits of a group whose hits multiply are several per attack
		// (20.3): a probe of "one attack" would walk all of them
		// (20.3); poisoned hits at +2 roll against another need (22.3)
		return m.s.n, m.s.wounds.total() == 0 && m.s.kills == 0 && m.s.pRoll == 0 && !multiHits(m.attack())
	}
	return 0, false
}

// WithAttacks returns a copy of m, standing where AttackRolls said ok, with
// only k of its attacks left to roll. Stepping a copy with one attack over
// every die tells what one attack hands to the damage step (Rolled).
func (m *Machine) WithAttacks(k int) *Machine {
	c := m.Clone()
	c.s.n = k
	_ = c.advance(nil)
	return c
}

// Rolled reports whether a machine that started where AttackRolls said ok
// has finished the per-attack rolls of its batch, and what they handed to
// the damage step.
func (m *Machine) Rolled() (RollOutcome, bool) {
	o := RollOutcome{RegenLost: m.s.flamed}
	switch {
	case m.s.at == stepHold: // a group of a batch of several (C24)
		return m.heldOutcome(), true
	case m.s.held != nil: // the allocation of a batch of several: past its rolls
		return RollOutcome{}, false
	case m.s.at == stepKill && m.s.i == 0:
		o.Kills, o.Unsaved, o.NoRegen, o.Singles = m.s.n, m.s.unsaved, m.s.cleave, m.s.singles
	case m.s.at == stepPacket && m.s.i == 0:
		o.Unsaved, o.NoRegen, o.Singles = m.s.n, m.s.cleave, m.s.singles
	case m.s.at == stepEnd && m.s.inBatch:
	default:
		return RollOutcome{}, false
	}
	return o, true
}

// SkipRolls moves m, standing where AttackRolls said ok, on to the damage
// step of its batch as if its attacks had rolled o; in a batch of several
// profiles (C24), on to where the group's rolls are held for the batch's
// allocation.
func (m *Machine) SkipRolls(o RollOutcome) {
	m.s.flamed = o.RegenLost && !m.u.RegenLost()
	m.s.hits, m.s.wounds, m.s.failed, m.s.re, m.s.reOf, m.s.singles, m.s.cleave, m.s.seq = 0, woundPool{}, woundPool{}, woundPool{}, stepBegin, o.Singles, o.NoRegen, ""
	m.s.poison, m.s.mPoison, m.s.pRoll, m.s.extra, m.s.again, m.s.spent = 0, 0, 0, 0, 0, 0
	m.s.unsaved, m.s.kills = o.Unsaved, o.Kills
	m.s.at = stepSpecial
	m.s.i, m.s.n = 0, 0
	m.startDamage(nil)
}

// PendingPackets reports whether m stands before the first damage packet of
// a batch, and how many unsaved wounds wait for their damage (RULES.md 9).
//
// ok is false where each packet rolls Regeneration per Wound lost (tow,
// 22.6): a packet is then more than its damage dice.
func (m *Machine) PendingPackets() (n int, ok bool) {
	return m.s.n, m.s.at == stepPacket && m.s.i == 0 && m.s.singles == 0 && m.s.tests.regen.need.IsNone()
}

// PendingKills reports whether m stands in the kill stage of a batch, and
// how many instant kills are left to take (RULES.md 9.1, 20.2). A kill
// rolls no die: the model struck is removed, whichever it is by the
// unit's rules.
func (m *Machine) PendingKills() (n int, ok bool) {
	return m.s.n - m.s.i, m.s.at == stepKill
}

// RollPacket rolls with r the damage dice the batch's next unsaved wound
// rolls and returns its wounds, without applying it: the Multiple Wounds roll
// (+1 for Clipped Wings against Fly), or 1 with no die for a single wound or
// a receiver of W1 (RULES.md 9.2, E41, E52). m is not changed. It is
// meaningful from SkipRolls until the batch closes, where PendingPackets
// is ok: a packet that rolls Regeneration under regeneration_timing
// sequential rolls its dice on a W1 receiver too (22.18).
func (m *Machine) RollPacket(r dice.Roller) (int, error) {
	var d dieSource
	d.init(m, r, nil)
	return m.rollPacket(&d, false)
}

// PacketsAlike reports whether every packet of the batch rolls the damage
// dice the next one does (RollPacket): single wounds, or a target whose
// every model a packet could land on has one W. In a pool of mixed Wounds
// a model of W1 takes its packet with no dice and another rolls them
// (RULES.md 9.2, R41).
func (m *Machine) PacketsAlike() bool {
	return !m.multi() || !m.s.recv.mixedW
}

// ApplyPacket hands the unit one unsaved wound of k wounds, as RollPacket
// gave it, exactly as the batch's next packet step would, and adds what it
// did to the tallies; m stays where it is. Use it from SkipRolls until the
// batch closes, then SkipPackets.
func (m *Machine) ApplyPacket(k int) error { return m.applyPacket(nil, k, m.multi()) }

// SkipPackets marks the batch's pending packets as applied: m moves on to
// closing the batch.
func (m *Machine) SkipPackets() {
	if m.s.at == stepPacket {
		m.s.i = m.s.n
		_ = m.advance(nil)
	}
}

// ReadUnit returns the unit as it stands, which m may share with its
// copies: read it, never change it (Unit returns one m owns).
func (m *Machine) ReadUnit() *alloc.Unit { return m.u }

// Aim returns where the current batch's wounds go: the attack's target, or
// the champion when he is all that is left of the rank and file (t9a,
// t9a1-ru; RULES.md 10.1).
func (m *Machine) Aim() unit.Target { return m.s.aim }

// loopStep reports whether m stands in a loop of items whose step does not
// depend on the item's place: one to-hit roll, one to-wound roll, one
// save, one instant kill, one damage packet, one skirmish attack (the place
// shows only in the log; a save reads the kind of its wound from the pools,
// which are in the loop state). The last singles of a batch of packets are
// not packets (20.2): whether the next item is one is its place's only
// effect, and AppendLoopState writes it.
func (m *Machine) loopStep() bool {
	switch m.s.at {
	case stepHit, stepHitAgain, stepMulti, stepReroll, stepWound, stepArmour, stepSpecial, stepKill, stepPacket, stepSkirmish:
		return true
	}
	return false
}

// Item returns m's place in the loop of items it stands in: item i done
// of n.
func (m *Machine) Item() (i, n int) { return m.s.i, m.s.n }

// AppendLoopState is AppendState without m's place in its loop (Item),
// when m's next step does not depend on that place; ok is false when it
// does. Two machines with the same loop state step alike: the odds package
// works out the ways out of one and moves them to the other with SetItem.
func (m *Machine) AppendLoopState(b []byte) ([]byte, bool) {
	if !m.loopStep() || m.s.pend > 0 || m.s.pendX > 0 { // a pending hit's step leaves the item where it is (20.3)
		return b, false
	}
	if m.s.at == stepWound && m.s.pRoll > 0 { // the first items roll at +2 (tow poison, 22.3)
		return b, false
	}
	i, n := m.s.i, m.s.n
	m.s.i, m.s.n = 0, 0
	b = m.AppendState(b)
	m.s.i, m.s.n = i, n
	if m.s.at == stepPacket && m.s.singles > 0 {
		b = appendBool(b, m.packetMulti()) // a packet next, or one of the last singles
	}
	return b, true
}

// AppendPacketState appends what tells apart the loop states
// (AppendLoopState) of machines in the loop of one batch's packets reached
// from one another by packet steps: the unit's key. A packet's step without
// Regeneration (packetItem) changes the unit, the tallies and the item and
// nothing else, so such loop states differ in the unit alone
// (TestPacketStepChangesOnlyTheUnit). ok is false where m stands elsewhere,
// where the batch's last wounds are singles after its packets (20.2), or
// where its packets roll Regeneration (22.6).
func (m *Machine) AppendPacketState(b []byte) ([]byte, bool) {
	if m.s.at != stepPacket || m.s.singles > 0 || m.s.pend > 0 || m.s.pendX > 0 || !m.s.tests.regen.need.IsNone() {
		return b, false
	}
	return m.u.AppendKey(b), true
}

// SetItem moves m, made by one step from a machine with the same loop
// state (AppendLoopState) at item i0 of n0, i0+1 < n0, to where that step
// would have left a machine at item i of n instead. It panics if m is not
// in such a loop: a programmer error.
func (m *Machine) SetItem(i, n int) {
	if !m.loopStep() {
		panic("referee: SetItem outside a loop of items")
	}
	m.s.i, m.s.n = i+1, n
	_ = m.advance(nil)
}
