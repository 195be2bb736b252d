package alloc

import (
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/unit"
)

// Packet is one unsaved wound after its damage dice, or one instant kill.
type Packet struct {
	Target unit.Target
	// Wounds is the number rolled (already +1 for Clipped Wings and the like);
	// 1 for a single wound. Caps are applied here, not by the caller (9.2).
	Wounds int
	// Multi marks a wound from an attack with Multiple Wounds: a packet even
	// when it rolled 1 (C3). Without it the wound is a single and Wounds must
	// be 0 or 1.
	Multi bool
	// InstantKill removes a model outright, no W involved (9.1, R5, R38, C12).
	InstantKill bool
	// NowLosing makes an untargeted InstantKill take the model now losing
	// Wounds (the damaged one, else the next in removal order, command
	// models last) whatever instant_kill_takes says: every instant kill in
	// tow, an instant_kill, a Killing Blow or a Monster Slayer (RULES.md
	// 22.7, 22.17, 22.18).
	NowLosing bool
}

// Change is what one Apply or EndBatch did.
type Change struct {
	Removed []Casualty
	// Effective is the W actually taken off models, damage that did not yet
	// remove a model included (9.3, 17.3); it is what combat results count.
	// An instant kill counts the wounds its model had left (R38).
	Effective int
	// Wasted is what no model took: excess beyond a model's remaining W,
	// multi-wound caps, excess of an emptied pool that nobody receives, an
	// instant kill that finds no model (1).
	// Excess that may still reach a champion is reported by EndBatch.
	Wasted int
	// Damaged lists the models left damaged and alive: battleaxe per-model
	// R&F, champions and characters. Pooled carried wounds are not on a
	// model of their own; Unit.Carried reports them.
	Damaged      []Damage
	StandardLost bool
	Notes        []msg.Message // short rule notes citing RULES.md; none after SetQuiet

	// sim is the scratch unit on which ApplyInto walks the removal order
	// (firstInOrder), kept for the next packet: a caller that reuses its
	// Change allocates no copy of the unit per packet.
	sim *Unit
}

// Casualty is a removed model.
type Casualty struct {
	Role unit.Role
	Name string
	Slot unit.Slot // where it stood when removed
	// Worth is what the model adds to this batch's combat result: the
	// wounds it had left when the batch began, however many packets of the
	// batch took them (R38, 11.1).
	Worth int
	Rule  string // why and from where, e.g. "11.2: rear rank, left end"; RuleMsg in English
	// RuleMsg is Rule as a message of the catalogue, said in the
	// reader's language; zero when the unit is quiet.
	RuleMsg msg.Message
}

// Damage is a model left damaged, with its wounds lost so far.
type Damage struct {
	Slot   unit.Slot
	Role   unit.Role
	Name   string
	Damage int
}
