package engine

import (
	"slices"
	"strings"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// andList joins names as a sentence's subject, with its verb: "A has",
// "A and B have", "A, B and C have".
func andList(names []string, one, many string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0] + " " + one
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " " + many
}

// troopWords writes troop type tt as a player reads it: "monstrous
// infantry".
func troopWords(tt rules.TroopType) string { return strings.ReplaceAll(tt.String(), "_", " ") }

// triggerNames names the triggers of the wounds waiting in w that took
// their saves (Killing Blow or Cleaving Blow, Lethal Strike), in kind
// order: "Killing Blow and Lethal Strike".
func (m *Machine) triggerNames(w *woundPool) string {
	var names []string
	for _, k := range [...]woundKind{slaying, kbSingle, lethalSix} {
		if n := m.kindName(k); w[k] > 0 && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return strings.Join(names, " and ")
}

// kindName names a kind of wound whose trigger changed its saves: in tow
// (RULES.md 22.3) the blow that slays a monster is Monster Slayer's, and
// the one-wound blow is Cleaving Blow.
func (m *Machine) kindName(k woundKind) string {
	tow := rules.For(m.rs()).BlowsByCategory
	switch {
	case k == lethalSix:
		return "Lethal Strike"
	case k == baned:
		return "Armour Bane"
	case k == slaying && tow && m.s.recv.troop.Category() == rules.Monster:
		return "Monster Slayer"
	case k == kbSingle && tow:
		return "Cleaving Blow"
	case k == slaying, k == kbSingle:
		return "Killing Blow"
	}
	return "ordinary wound"
}

// kindRule returns the docs/rules.md sections that say what the trigger
// of kind k does (RULES.md 19.3, 20.2; tow's blows and Armour Bane 22.3).
func (m *Machine) kindRule(k woundKind) string {
	name := m.kindName(k)
	switch {
	case k == lethalSix:
		return "RULES.md 19.3"
	case name == "Monster Slayer", name == "Cleaving Blow":
		return "RULES.md 22.3"
	case rules.For(m.rs()).BlowsByCategory:
		return "RULES.md 20.2, 22.3"
	}
	return "RULES.md 20.2"
}

// roleName names a model of role r for the log: a character by his name,
// "rank-and-file", "standard bearer".
func roleName(r unit.Role, name string) string {
	switch {
	case name != "" && r == unit.Character:
		return name
	case r == unit.RankAndFile:
		return "rank-and-file"
	}
	return r.Words()
}
