package rules

import (
	"fmt"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// What the rules say to a player, as messages of the catalogue (msg,
// msg/catalogue_rules.go) to be rendered in the reader's language. The
// string forms (Description, Switch.Doc, Cite, StandIn.String...) stay the
// English, for JSON and the programs that read it; each has a message form
// here or beside it, whose English is the same text byte for byte.

// TitleMsg is Title as a message: the name players know the ruleset by.
func (r Ruleset) TitleMsg() msg.Message {
	if !r.Valid() {
		return msg.New("rules.value.raw", r.String())
	}
	return msg.New(msg.ID("rules." + r.String() + ".title"))
}

// DescriptionMsg is Description as a message: what the ruleset is, in one
// line.
func (r Ruleset) DescriptionMsg() msg.Message {
	if !r.Valid() {
		return msg.Message{}
	}
	return msg.New(msg.ID("rules." + r.String() + ".description"))
}

// DocMsg is the switch's Doc as a message, in the words of ruleset r: a
// ruleset whose Russian names a thing otherwise (The 9th Age's
// "магический спасбросок") has its own form, rules.switch.NAME.doc.CODE.
// Any r gives the same English, Doc.
func (s Switch) DocMsg(r Ruleset) msg.Message {
	id := msg.ID("rules.switch." + s.Name + ".doc")
	if r.Valid() {
		id = msg.Variant(id, r.String())
	}
	return msg.New(id)
}

// ValueMsg is a value of the switch named name in words, as a form lists
// it: "left to right" for rear_rank_order's left_to_right, "yes" and "no"
// for true and false; a number, or a value without words of its own, as
// it is written with spaces for its underscores.
func ValueMsg(name, value string) msg.Message {
	for _, id := range []msg.ID{msg.ID("rules.value." + name + "." + value), msg.ID("rules.value." + value)} {
		if msg.Has(id) {
			return msg.New(id)
		}
	}
	return msg.New("rules.value.raw", strings.ReplaceAll(value, "_", " "))
}

// CiteMsg is Cite as a message: "rules R2, 7.1", "правила R2, 7.1".
func CiteMsg(refs string) msg.Message {
	return msg.New("rules.cite", strings.TrimPrefix(Cite(refs), "rules "))
}

// PanicLossMsg is PanicLoss as a message: "25% or more", "more than 25%".
func PanicLossMsg(rs Ruleset, o Options) msg.Message {
	if rs.Valid() && For(rs).PanicMoreThan {
		return msg.New("rules.panic.more_than", o.PanicShare())
	}
	return msg.New("rules.panic.at_least", o.PanicShare())
}

// Msg is String as a message: only "2+5 = 7: impossible" has words; the
// other forms are numbers, the same in every language.
func (d ArmourDetail) Msg() msg.Message {
	if !d.Base.IsNone() && !d.Need.Possible() {
		return msg.New("rules.armour.impossible", fmt.Sprintf("%d%+d", d.Base.Value(), d.Modifier), d.Need.Value())
	}
	return msg.New("rules.value.raw", d.String())
}

// StrikeValueMsg is StrikeValue as a message: the characteristic the
// strike order compares, Initiative or (t9a) Agility.
func (cr *CombatRules) StrikeValueMsg() msg.Message {
	if cr.StrikeValue == "Agility" {
		return msg.New("term.rules.t9a.agility")
	}
	return msg.New("term.rules.initiative")
}

// listOr writes names as "a, b or c" (one name alone as it is), in a
// reader's language.
func listOr(names []string) any { return listOf("rules.list.or", names) }

// listOf writes names as id's "{0} or {1}", the head joined by commas.
func listOf(id msg.ID, names []string) any {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return msg.New(id, strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

// termMsg is the word for an enum's value: term.rules.KIND.NAME, or the
// name with spaces for an invalid value (its String, "invalid(9)").
func termMsg(kind, name string) msg.Message {
	id := msg.ID("term.rules." + kind + "." + name)
	if msg.Has(id) {
		return msg.New(id)
	}
	return msg.New("rules.value.raw", strings.ReplaceAll(name, "_", " "))
}

// Msg is the troop type in words: "monstrous infantry", "чудовищная пехота".
func (t TroopType) Msg() msg.Message { return termMsg("troop_type", t.String()) }

// Msg is the suit of armour in words: "heavy", "тяжёлые".
func (a Armour) Msg() msg.Message { return termMsg("armour", a.String()) }

// Msg is the phase in words: "shooting", "стрельба".
func (p Phase) Msg() msg.Message { return termMsg("phase", p.String()) }

// Msg is the weapon class in words: "bladed", "клинковое".
func (w WeaponClass) Msg() msg.Message { return termMsg("weapon_class", w.String()) }

// Msg is the injury in words: "knocked down", "сбит с ног".
func (i Injury) Msg() msg.Message { return termMsg("injury", i.String()) }

// Msg is the kind of special save in words: "ward", "особый спасбросок";
// "aegis", "Эгида".
func (k SpecialKind) Msg() msg.Message { return termMsg("special_kind", k.String()) }

// SaveMsg is the special save of kind k as a noun, for a sentence about
// its roll: "ward save", "особый спасбросок"; "aegis save", "спасбросок
// Эгиды".
func (k SpecialKind) SaveMsg() msg.Message { return termMsg("special_save", k.String()) }
