package referee

import (
	"fmt"

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
func (r *Result) Outcome() string {
	switch {
	case r.after().Fighter() != nil:
		if r.after().Destroyed() {
			return "The warrior is out of action."
		}
		return ""
	case r.after().Destroyed():
		return "The unit is destroyed."
	case !r.PanicApplies:
		return ""
	case !r.Tally.Panic:
		return "No panic test."
	}
	s := "Panic: the unit lost " + rules.PanicLoss(r.before().Ruleset(), r.before().Options()) + " this phase and must test"
	left := fmt.Sprintf(" (%d of %d models at deployment left)", r.after().Size(), r.after().StartingModels())
	switch r.PanicFailed() {
	case PanicFlee:
		s += "; if it fails, it flees" + left
	case PanicFallBack:
		s += "; if it fails, it falls back in good order" + left
	}
	return s + "."
}
