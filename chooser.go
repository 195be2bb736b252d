package rearrank

import (
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The owner_choice switches a unit.Chooser cannot answer alone (RULES.md
// 18): a chooser that also implements these interfaces is asked them too.

// SaveChooser is implemented by a unit.Chooser that also answers the
// special_save_choice switch (RULES.md 8, 18): given the special saves a
// model may use against the wounds of a batch, best first, it returns the
// index of the one its owner uses.
type SaveChooser interface {
	ChooseSave(model unit.Model, options []rules.SpecialChoice) int
}

// PacketChooser is implemented by a unit.Chooser that also answers tow's
// multi_packet_order owner_choice (RULES.md 22.13, T-5): given the
// Multiple Wounds packets of an attack group (PacketOption), in the order
// their dice were rolled, and the unit as it stands (unit.DrawDamage), it
// returns the order its owner applies them in, a permutation of the indices. It is
// asked only when the packets differ.
type PacketChooser interface {
	ChoosePacketOrder(group msg.Message, packets []PacketOption, formation string) []int
}

// PacketOption is one packet a PacketChooser orders: its Wounds, and
// whether it is a Cleaving Blow's, which rolls no Regeneration wherever
// the owner puts it (RULES.md 22.3, 22.6).
type PacketOption struct {
	Wounds       int
	CleavingBlow bool
}
