package wire

import (
	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Resolution is the JSON form of a resolution shared by the CLI's resolve
// --json and the HTTP API: the dice, every event, the totals and the unit
// before and after.
type Resolution struct {
	Ruleset string           `json:"ruleset"`
	Dice    []int            `json:"dice"`
	Events  []rearrank.Event `json:"events"`
	Tally   rearrank.Tally   `json:"tally"`
	Panic   *bool            `json:"panic"` // null where no panic test applies
	// PanicFailed is what a failed panic test does where the ruleset
	// says so by the unit's size (tow, RULES.md 22.9): referee.PanicFallBack
	// or referee.PanicFlee; "" where no test is taken or the ruleset does
	// not say.
	PanicFailed string `json:"panic_failed,omitempty"`
	// Overkill, where an attack group aims at the champion or a character
	// (a challenge), is what it wasted on him and what that scores
	// (RULES.md 9.3, 22.7, 22.11); absent otherwise.
	Overkill *referee.Overkill `json:"overkill,omitempty"`
	Before   unit.Snapshot     `json:"before"`
	After    unit.Snapshot     `json:"after"`
	// StandIns: the owner_choice switches nobody was asked about, whose
	// defaults stood in (RULES.md 18)
	StandIns []rules.StandIn `json:"stand_ins,omitempty"`
}

// ResolutionOf returns the plain-data form of r; dice are the faces used,
// in order.
func ResolutionOf(r *referee.Result, dice []int) Resolution {
	v := Resolution{Ruleset: r.After.Ruleset().String(), Dice: dice, Events: r.Events, Tally: r.Tally,
		Before: r.Before.Snapshot(), After: r.After.Snapshot(), StandIns: r.StandIns}
	if v.Dice == nil {
		v.Dice = []int{}
	}
	if v.Events == nil {
		v.Events = []rearrank.Event{}
	}
	if r.PanicApplies {
		p := r.Tally.Panic
		v.Panic = &p
	}
	v.PanicFailed = r.PanicFailed()
	v.Overkill = r.Overkill()
	return v
}
