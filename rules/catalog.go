package rules

import (
	"slices"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// RulesetInfo describes one ruleset and the switches it reads, for
// `rearrank rulesets --json` and GET /api/rulesets.
type RulesetInfo struct {
	Name string `json:"name"`
	// Description says what the ruleset is, for a player. Seed is the
	// same text under the key it had first, kept for the programs that
	// read it (keys are extended, never renamed).
	Description string       `json:"description"`
	Seed        string       `json:"seed"`
	Switches    []SwitchInfo `json:"switches"`

	// TitleMsg and DescriptionMsg are the ruleset's title and Description
	// as messages, to be said in a reader's language (DescriptionIn).
	TitleMsg       msg.Message `json:"-"`
	DescriptionMsg msg.Message `json:"-"`
}

// DescriptionIn is the description in language l.
func (i RulesetInfo) DescriptionIn(l msg.Lang) string { return i.DescriptionMsg.Text(l) }

// TitleIn is the ruleset's title in language l.
func (i RulesetInfo) TitleIn(l msg.Lang) string { return i.TitleMsg.Text(l) }

// SwitchInfo is one switch of a ruleset (RULES.md 18, 19).
type SwitchInfo struct {
	Name     string   `json:"name"`
	Default  string   `json:"default"`
	Values   []string `json:"values,omitempty"` // those this ruleset accepts; nil for a fraction
	Rulesets []string `json:"rulesets"`
	Ref      string   `json:"ref"` // docs/rules.md sections: "rules R1, 11.3" (Cite)
	Doc      string   `json:"doc"`
	// Combat is true for a switch of a combat file (RULES.md 21.11).
	Combat bool `json:"combat,omitempty"`
	// Aliases are earlier names of values, still accepted: the value
	// each stands for, by name.
	Aliases map[string]string `json:"aliases,omitempty"`

	// DocMsg and RefMsg are Doc, in the words of the ruleset listed, and
	// Ref as messages, to be said in a reader's language (DocIn, RefIn).
	DocMsg msg.Message `json:"-"`
	RefMsg msg.Message `json:"-"`
}

// DocIn is the switch's doc in language l.
func (s SwitchInfo) DocIn(l msg.Lang) string { return s.DocMsg.Text(l) }

// RefIn is the switch's reference in language l: "правила R1, 11.3".
func (s SwitchInfo) RefIn(l msg.Lang) string { return s.RefMsg.Text(l) }

// ValueIn is one of the switch's values in words in language l, as a form
// lists it (ValueMsg).
func (s SwitchInfo) ValueIn(value string, l msg.Lang) string { return ValueMsg(s.Name, value).Text(l) }

// Catalog lists every ruleset with the switches it reads, those of a
// combat round (21.11) last, each with its default in that ruleset.
func Catalog() []RulesetInfo {
	var list []RulesetInfo
	for _, r := range Rulesets() {
		info := RulesetInfo{Name: r.String(), Description: r.Description(), Seed: r.Description(), Switches: []SwitchInfo{},
			TitleMsg: r.TitleMsg(), DescriptionMsg: r.DescriptionMsg()}
		for _, s := range allSwitches() {
			if !s.AppliesTo(r) {
				continue
			}
			var names []string
			for _, x := range s.Rulesets {
				names = append(names, x.String())
			}
			info.Switches = append(info.Switches, SwitchInfo{s.Name, s.DefaultFor(r), s.ValuesFor(r), names, Cite(s.Ref), s.Doc, s.Combat, s.Aliases,
				s.DocMsg(r), CiteMsg(s.Ref)})
		}
		list = append(list, info)
	}
	return list
}

// Cite returns RULES.md references such as "R2, E21" as a player finds them
// in docs/rules.md, the rules reference the user has: "rules R2, 7.1". A
// worked example becomes the section it illustrates (or is left out where
// another reference names it), a sub-subsection its subsection ("21.3.1" is
// 21.3), and a tow reading ("T-2") is left to the section 22 cited beside
// it.
func Cite(refs string) string {
	var keep []string
	for _, r := range strings.Split(refs, ", ") {
		r = strings.TrimSpace(r)
		switch {
		case strings.HasPrefix(r, "T-"):
			continue
		case len(r) > 1 && r[0] == 'E' && r[1] >= '0' && r[1] <= '9':
			r = exampleSection(r)
		case strings.Count(r, ".") > 1:
			r = r[:strings.LastIndex(r, ".")]
		}
		if r != "" && !slices.Contains(keep, r) {
			keep = append(keep, r)
		}
	}
	return "rules " + strings.Join(keep, ", ")
}

// exampleSection returns the section of docs/rules.md a worked example
// cited by a switch illustrates; "" for the examples only the tests read.
func exampleSection(e string) string {
	switch e {
	case "E21": // the 1+ cap and Strength (R2)
		return "7.1"
	case "E91": // re-rolling a roll that needs 7
		return "20.1"
	}
	return ""
}
