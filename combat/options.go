package combat

import (
	"errors"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
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
		return msg.Errorf(nil, "combat.error.unknown_switch", strconv.Quote(name))
	}
	if !s.AppliesTo(rs) {
		return msg.Errorf(nil, "combat.error.switch_not_read", name, rulesetsMsg(s.Rulesets), len(s.Rulesets))
	}
	if err := o.Set(name, value); err != nil {
		if errors.Is(err, rules.ErrProperRanks) {
			return err
		}
		if s.Values != nil {
			return msg.Errorf(nil, "combat.error.switch_value", name, strconv.Quote(value), listMsg(s.Values))
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

// rulesetsMsg names rulesets as listMsg does.
func rulesetsMsg(rs []rules.Ruleset) msg.Message {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.String()
	}
	return listMsg(names)
}

// listMsg writes names as "a, b or c" in a reader's language (Russian:
// "a, b или c"); names are codes, never translated.
func listMsg(names []string) msg.Message {
	if len(names) < 2 {
		return msg.New("combat.text", strings.Join(names, ""))
	}
	return msg.New("combat.list.or", strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
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
