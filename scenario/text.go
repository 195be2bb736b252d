package scenario

import (
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// The words of this package's messages that come from tables and struct
// tags (a Mapping's Of and Want, a field's want): each English phrase the
// package writes is an entry of the catalogue, so that a message naming it
// is said in one language. A phrase the table lacks (a caller's own) is
// written as it is.
var phrases = map[string]msg.ID{
	// what a field wants
	"a whole number":      "term.scenario.want.whole_number",
	"a list":              "term.scenario.want.list",
	"true or false":       "term.scenario.want.bool",
	"text":                "term.scenario.want.text",
	"a mapping of fields": "term.scenario.want.mapping",
	"a value":             "term.scenario.want.value",
	"rank_and_file, rank_and_file:<troop_type>, champion or character:<name>": "term.scenario.want.aim",
	"none, failed, ones, successes, or a list of them":                        "term.scenario.want.reroll",
	"true, false or a score from 2+ to 6+":                                    "term.scenario.want.trigger",
	"a save such as 5+, or 0 for none":                                        "term.scenario.want.save",
	"a score such as 4+, or auto":                                             "term.scenario.want.to_hit",
	"a number such as 20, or dice such as 2D6":                                "term.scenario.want.expr",
	"a number (wounds carried by the pool) or a list (damage per model)":      "term.scenario.want.damage",
	"a mapping of switch names to values, such as {damage_model: pooled}":     "term.scenario.want.options",
	"a value such as pooled, true or 1/4":                                     "term.scenario.want.option_value",
	"a mapping of fields (the target fields of docs/scenario.md)":             "term.scenario.want.unit",
	"a ruleset name": "term.scenario.want.ruleset",
	"a mapping of switch names to values, such as {step_up: lost}": "term.scenario.want.combat_options",
	"a list such as [stubborn]":                                    "term.scenario.want.special",
	"a list of fights":                                             "term.scenario.want.fights",
	"a, b or none":                                                 "term.scenario.want.side",
	"front, flank_left, flank_right or rear":                       "term.scenario.want.facing",
	"stubborn, unbreakable, close_order or massed_infantry":        "term.scenario.want.special_values",
	"standard, large or gigantic":                                  "term.scenario.want.height",
	"rank_and_file, champion or character:<name>":                  "term.scenario.want.by",
	"normal, first or last":                                        "term.scenario.want.strikes",
	// the characteristic a strike order compares (rules.Combat.StrikeValue)
	"Initiative": "term.scenario.initiative",
	"Agility":    "term.scenario.agility",
	// what holds a field, as "a field of X" names it
	"the file's top level": "term.scenario.of.top",
	"target":               "term.scenario.of.target",
	"an attack group":      "term.scenario.of.attack",
	"a group":              "term.scenario.of.group",
	"a character":          "term.scenario.of.character",
	"the champion":         "term.scenario.of.champion",
	"this mapping":         "term.scenario.of.mapping",
	"a unit":               "term.scenario.of.unit",
	"a fight":              "term.scenario.of.fight",
	"the side":             "term.scenario.of.side",
	// what a value is, for "want X, got Y"
	"nothing":         "term.scenario.got.nothing",
	"a mapping":       "term.scenario.got.mapping",
	"a block of text": "term.scenario.got.block",
	// a field's hint, when the file's ruleset does not read it
	"the others worsen the save by armour_piercing":                                                                                    "scenario.field_hint.ap",
	"t9a and tow write Armour Penetration as ap":                                                                                       "scenario.field_hint.armour_piercing",
	"skirmish has no Regeneration for it to stop":                                                                                      "scenario.field_hint.flaming",
	"write force_reroll_special for a rule that makes every special save re-roll":                                                      "scenario.field_hint.reroll_special",
	"t9a writes lethal_strike; skirmish has critical hits":                                                                             "scenario.field_hint.killing_blow",
	"tow writes killing_blow (infantry and cavalry of every kind) and monster_slayer (monsters); an attack may have both (rules 22.3)": "scenario.field_hint.heroic_killing_blow.tow",
	"it names the warrior whose critical allowance the group uses":                                                                     "scenario.field_hint.attacker",
	"skirmish resolves each attack on its own":                                                                                         "scenario.field_hint.batch",
	"t9a adds every armour source into armour_value, the model's Armour (rules 7.2)":                                                   "scenario.field_hint.armour",
	"the others build the save from armour, shield, barding and save_bonus":                                                            "scenario.field_hint.armour_value",
	"t9a's special saves are aegis and regeneration (rules 8.2)":                                                                       "scenario.field_hint.ward",
	"the others' special save is ward":                                                                                                 "scenario.field_hint.aegis",
	"conditional special saves are t9a's":                                                                                              "scenario.field_hint.against",
	"write the improved save as regeneration":                                                                                          "scenario.field_hint.regeneration_plus",
	"fly matters only to clipped_wings":                                                                                                "scenario.field_hint.fly",
	"its units have one rank-and-file profile (rules 22): a model of another profile is a character, or a unit of its own":             "scenario.field_hint.groups",
	// whole sentences a caller gives (Decoder.Empty, Refusal.Msg)
	"empty file: want a scenario with ruleset, attacks and target":           "scenario.empty",
	"empty or unreadable file: want a combat with ruleset, combat and sides": "scenario.empty_combat",
	// the names of the enumerations
	"ruleset":      "term.scenario.ruleset",
	"phase":        "term.scenario.phase",
	"armour":       "term.scenario.armour",
	"troop type":   "term.scenario.troop_type",
	"weapon class": "term.scenario.weapon_class",
}

// phrase is an English phrase of this package as a message's argument: the
// catalogue's message when it has one, else the text itself.
func phrase(s string) any {
	if id, ok := phrases[s]; ok {
		return msg.New(id)
	}
	return s
}

// Phrase is an English phrase of a file's reader (a Mapping's Want, a
// field's want, what a field holds) as a message's argument: the
// catalogue's message for it when it has one, else the text itself.
func Phrase(s string) any { return phrase(s) }

// sentence is an English sentence of this package or its callers as a
// message: the catalogue's when it has one, else the text itself (said in
// English in every language).
func sentence(s string) msg.Message {
	if id, ok := phrases[s]; ok {
		return msg.New(id)
	}
	return msg.New("scenario.error", s)
}

// orList is a list of names written "a, b or c" ("a, b или c"); the names
// are a file's words and stay as they are.
type orList []string

func (n orList) Text(l msg.Lang) string { return joinList(n, "scenario.list.or", l) }

// orEach is a list of names written "a or b or c".
type orEach []string

func (n orEach) Text(l msg.Lang) string {
	return strings.Join(n, " "+msg.New("scenario.list.or_word").Text(l)+" ")
}

// OrList is a list of names as a message's argument, written "a, b or c"
// in English and "a, b или c" in Russian: for the callers whose messages
// list a file's words (combat's loader).
type OrList = orList

// ErrArg is an error as a message's argument: said in the message's
// language when it can be (msg.Texter), else in English.
func ErrArg(err error) any { return errArg(err) }

// andList is a list of names written "a, b and c".
type andList []string

func (n andList) Text(l msg.Lang) string { return joinList(n, "scenario.list.and", l) }

func joinList(names []string, id msg.ID, l msg.Lang) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return msg.New(id, strings.Join(names[:len(names)-1], ", "), names[len(names)-1]).Text(l)
}
