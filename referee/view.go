package referee

import (
	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// View is the JSON form of a resolution shared by the CLI's resolve --json
// and the HTTP API: the dice, every event, the totals and the unit before
// and after.
type View struct {
	Ruleset string           `json:"ruleset"`
	Dice    []int            `json:"dice"`
	Events  []rearrank.Event `json:"events"`
	Tally   rearrank.Tally   `json:"tally"`
	Panic   *bool            `json:"panic"` // null where no panic test applies
	// PanicFailed is what a failed panic test does where the ruleset
	// says so by the unit's size (tow, RULES.md 22.9): PanicFallBack or
	// PanicFlee; "" where no test is taken or the ruleset does not say.
	PanicFailed string `json:"panic_failed,omitempty"`
	// Overkill, where an attack group aims at the champion or a character
	// (a challenge), is what it wasted on him and what that scores
	// (RULES.md 9.3, 22.7, 22.11); absent otherwise.
	Overkill *Overkill     `json:"overkill,omitempty"`
	Before   unit.Snapshot `json:"before"`
	After    unit.Snapshot `json:"after"`
	// StandIns: the owner_choice switches nobody was asked about, whose
	// defaults stood in (RULES.md 18)
	StandIns []rules.StandIn `json:"stand_ins,omitempty"`
}

// View returns the plain-data form of r; dice are the faces used, in order.
func (r *Result) View(dice []int) View {
	v := View{Ruleset: r.after().Ruleset().String(), Dice: dice, Events: r.Events, Tally: r.Tally,
		Before: r.before().Snapshot(), After: r.after().Snapshot(), StandIns: r.StandIns}
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

// The outcomes of a failed panic test in tow (RULES.md 22.9).
const (
	PanicFallBack = "fall_back_in_good_order"
	PanicFlee     = "flee"
)

// PanicFailed is what a failed panic test does where the ruleset reads it
// by the unit's size (tow, RULES.md 22.9, E169): PanicFallBack while more
// than half of the unit's models at deployment remain, else PanicFlee. It
// is "" where no test is taken or the ruleset does not say.
func (r *Result) PanicFailed() string {
	switch {
	case !r.PanicApplies || !r.Tally.Panic || !rules.For(r.after().Ruleset()).PanicFallBack:
		return ""
	case r.after().PanicFlees():
		return PanicFlee
	}
	return PanicFallBack
}

// Outcome sums up where the attacks leave the target, in the words the
// referee's last line says it (rearrank resolve, the page's referee): the
// unit destroyed; a panic test, with the losses that forced it (RULES.md
// 12, tow's "more than", 22.9) and, where the ruleset says, what a failed
// test does; or no panic test. A skirmish warrior is out of action or
// nothing is said (RULES.md 13), as for a unit no panic test applies to.
func (r *Result) Outcome() string { return r.OutcomeMsg().String() }

// OutcomeIn is Outcome in language l.
func (r *Result) OutcomeIn(l msg.Lang) string { return r.OutcomeMsg().Text(l) }

// OutcomeMsg is Outcome as a message of the catalogue; the zero Message
// where nothing is said.
func (r *Result) OutcomeMsg() msg.Message {
	switch {
	case r.after().Fighter() != nil:
		if r.after().Destroyed() {
			return msg.New("referee.outcome.out_of_action")
		}
		return msg.Message{}
	case r.after().Destroyed():
		return msg.New("referee.outcome.destroyed")
	case !r.PanicApplies:
		return msg.Message{}
	case !r.Tally.Panic:
		return msg.New("referee.outcome.no_panic")
	}
	var fails any = ""
	switch r.PanicFailed() {
	case PanicFlee:
		fails = msg.New("referee.outcome.flees", r.after().Size(), r.after().StartingModels())
	case PanicFallBack:
		fails = msg.New("referee.outcome.falls_back", r.after().Size(), r.after().StartingModels())
	}
	return msg.New("referee.outcome.panic", rules.PanicLossMsg(r.before().Ruleset(), r.before().Options()), fails)
}
