package referee

import "github.com/rearrank/rearrank/unit"

// View is the JSON form of a resolution shared by the CLI's resolve --json
// and the HTTP API: the dice, every event, the totals and the unit before
// and after.
type View struct {
	Ruleset string        `json:"ruleset"`
	Dice    []int         `json:"dice"`
	Events  []Event       `json:"events"`
	Tally   Tally         `json:"tally"`
	Panic   *bool         `json:"panic"` // null where no panic test applies
	Before  unit.Snapshot `json:"before"`
	After   unit.Snapshot `json:"after"`
}

// View returns the plain-data form of r; dice are the faces used, in order.
func (r *Result) View(dice []int) View {
	v := View{Ruleset: r.After.Ruleset().String(), Dice: dice, Events: r.Events, Tally: r.Tally,
		Before: r.Before.Snapshot(), After: r.After.Snapshot()}
	if v.Dice == nil {
		v.Dice = []int{}
	}
	if v.Events == nil {
		v.Events = []Event{}
	}
	if r.PanicApplies {
		p := r.Tally.Panic
		v.Panic = &p
	}
	return v
}
