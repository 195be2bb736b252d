package engine

import (
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The words of the log as messages of the catalogue (msg,
// msg/catalogue_engine.go): the lists, names and game words the sentences
// take as arguments.

// andList joins the names of messages as "A", "A and B", "A, B and C", in
// a reader's language.
func andList(names []msg.Message) any {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	var head any = names[0]
	for _, n := range names[1 : len(names)-1] {
		head = msg.New("engine.list.comma", head, n)
	}
	return msg.New("engine.list.and", head, names[len(names)-1])
}

// andEach joins names as "A and B and C" (the triggers that took a
// wound's save).
func andEach(names []msg.Message) any {
	if len(names) == 0 {
		return ""
	}
	var out any = names[0]
	for _, n := range names[1:] {
		out = msg.New("engine.list.and", out, n)
	}
	return out
}

// triggerNames names the triggers of the wounds waiting in w that took
// their saves (Killing Blow or Cleaving Blow, Lethal Strike), in kind
// order: "Killing Blow and Lethal Strike".
func (m *Machine) triggerNames(w *woundPool) any {
	var names []msg.Message
	for _, k := range [...]woundKind{slaying, kbSingle, lethalSix} {
		n := m.kindName(k)
		if w[k] > 0 && !containsID(names, n.ID) {
			names = append(names, n)
		}
	}
	return andEach(names)
}

func containsID(ms []msg.Message, id msg.ID) bool {
	for _, m := range ms {
		if m.ID == id {
			return true
		}
	}
	return false
}

// The names of the triggers that change a wound's saves.
const (
	nameLethal       msg.ID = "term.engine.trigger.lethal_strike"
	nameBane         msg.ID = "term.engine.trigger.armour_bane"
	nameSlayer       msg.ID = "term.engine.trigger.monster_slayer"
	nameCleaving     msg.ID = "term.engine.trigger.cleaving_blow"
	nameKillingBlow  msg.ID = "term.engine.trigger.killing_blow"
	nameOrdinaryKind msg.ID = "term.engine.trigger.ordinary"
)

// kindName names a kind of wound whose trigger changed its saves: in tow
// (RULES.md 22.3) the blow that slays a monster is Monster Slayer's, and
// the one-wound blow is Cleaving Blow.
func (m *Machine) kindName(k woundKind) msg.Message { return msg.New(m.kindID(k)) }

func (m *Machine) kindID(k woundKind) msg.ID {
	tow := rules.For(m.rs()).BlowsByCategory
	switch {
	case k == lethalSix:
		return nameLethal
	case k == baned:
		return nameBane
	case k == slaying && tow && m.s.recv.troop.Category() == rules.Monster:
		return nameSlayer
	case k == kbSingle && tow:
		return nameCleaving
	case k == slaying, k == kbSingle:
		return nameKillingBlow
	}
	return nameOrdinaryKind
}

// kindRule returns the docs/rules.md sections that say what the trigger
// of kind k does (RULES.md 19.3, 20.2; tow's blows and Armour Bane 22.3).
func (m *Machine) kindRule(k woundKind) string {
	id := m.kindID(k)
	switch {
	case k == lethalSix:
		return "RULES.md 19.3"
	case id == nameSlayer, id == nameCleaving:
		return "RULES.md 22.3"
	case rules.For(m.rs()).BlowsByCategory:
		return "RULES.md 20.2, 22.3"
	}
	return "RULES.md 20.2"
}

// roleName names a model of role r for the log: a character by his name,
// "rank-and-file", "standard bearer"; the champion in the ruleset's word
// (The 9th Age's "командир").
func (m *Machine) roleName(r unit.Role, name string) any {
	switch {
	case name != "" && r == unit.Character:
		return name
	case r == unit.RankAndFile:
		return msg.New("term.engine.role.rank_and_file")
	case r == unit.Champion, r == unit.Musician, r == unit.StandardBearer, r == unit.Character:
		return msg.New(msg.Variant(msg.ID("term.engine.role."+r.String()), m.rs().String())) // the ruleset's own word
	}
	return msg.New("engine.text", r.Words())
}

// specialMsg names a special save for the log: "ward", "regeneration".
func specialMsg(k rules.SpecialKind) msg.Message {
	switch k {
	case rules.Ward, rules.Regeneration, rules.Aegis:
		return msg.New(msg.ID("term.engine.special." + k.String()))
	}
	return msg.New("engine.text", k.String())
}

// rerollMsg names a model's or attack's own re-roll: "failed", "ones", or
// a list as it is written, "[ones, successes]".
func rerollMsg(r rules.Reroll) any {
	switch s := r.String(); s {
	case "failed", "ones", "successes", "none":
		return msg.New(msg.ID("term.engine.reroll." + s))
	default:
		return s
	}
}

// statusMsg is a skirmish warrior's status in words: "knocked down".
func statusMsg(s unit.Status) msg.Message {
	switch s {
	case unit.Standing, unit.KnockedDown, unit.Stunned, unit.OutOfAction:
		return msg.New(msg.ID("term.engine.status." + s.String()))
	}
	return msg.New("engine.text", strings.ReplaceAll(s.String(), "_", " "))
}

// countOf is a number written as text for a message's plural forms: the
// number of attacks "3" or "D6". An expression takes the plural a number
// above 4 takes ("D6 attacks", "D6 атак").
func countOf(s string) msg.Count {
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' || n > 1e6 {
			return msg.Count{Text: s, N: 5}
		}
		n = n*10 + int(c-'0')
	}
	if s == "" {
		return msg.Count{Text: s, N: 5}
	}
	return msg.Count{Text: s, N: n}
}
