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
		return fmt.Errorf("%s: %s it", name, onlyRead(s.Rulesets))
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

// rulesetsWhere names the rulesets whose row says f, as "a, b or c": a
// message asks the traits table, never a ruleset's name (STYLE.md).
func rulesetsWhere(f func(*rules.Traits) bool) string {
	return rulesetText(rules.RulesetsWhere(f))
}

func rulesetText(rs []rules.Ruleset) string {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.String()
	}
	return listText(names)
}

// onlyRead writes "only battleaxe reads" or "only t9a or t9a1-ru read".
func onlyRead(rs []rules.Ruleset) string {
	if len(rs) == 1 {
		return "only " + rulesetText(rs) + " reads"
	}
	return "only " + rulesetText(rs) + " read"
}

// blockRound reports whether a ruleset fights a round of close combat.
func blockRound(t *rules.Traits) bool { return t.Combat.Round }

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
