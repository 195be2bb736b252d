package combat

import (
	"errors"
	"fmt"

	"github.com/rearrank/rearrank/rules"
)

// The switches of RULES.md 21.11 are fields of rules.Options, listed by
// rules.CombatSwitches with the rulesets that read them and their defaults
// (rules/combat.go); Combat.Options holds them beside the unit switches of
// RULES.md 18 and 19.

// combatSwitch returns the switch of RULES.md 21.11 named name.
func combatSwitch(name string) (rules.Switch, bool) {
	for _, s := range rules.CombatSwitches() {
		if s.Name == name {
			return s, true
		}
	}
	return rules.Switch{}, false
}

// setOption sets one combat switch from its file form, checked as a
// scenario file checks its options: a switch the ruleset reads, then a
// value it takes.
func setOption(o *rules.Options, rs rules.Ruleset, name, value string) error {
	s, ok := combatSwitch(name)
	if !ok {
		return fmt.Errorf("unknown combat switch %q", name)
	}
	if !s.AppliesTo(rs) {
		verb := "read"
		if len(s.Rulesets) == 1 {
			verb = "reads"
		}
		names := make([]string, len(s.Rulesets))
		for i, r := range s.Rulesets {
			names[i] = r.String()
		}
		return fmt.Errorf("%s: only %s %s it", name, listText(names), verb)
	}
	if err := o.Set(name, value); err != nil {
		if errors.Is(err, rules.ErrProperRanks) {
			return err
		}
		if s.Values != nil {
			return fmt.Errorf("%s %q: want %s", name, value, listText(s.Values))
		}
		return err
	}
	return nil
}

// listText writes names as "a, b or c".
func listText(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	out := ""
	for i, n := range names[:len(names)-1] {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out + " or " + names[len(names)-1]
}
