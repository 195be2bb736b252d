package referee

import (
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

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
