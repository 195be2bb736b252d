package web

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// The form's inputs are the field catalogue's (scenario.Catalogue): each
// attack or target field given an Input there is an input of every attack
// row ("a0.strength") or of the target ("t.ward"), and its Input says how
// the form reads it from the query string, writes it back, writes it into
// the scenario file and reads it from a file. What the page adds is in
// players' words: labels and help, and where each input sits (looks). A
// field the looks do not name still reaches the page, labelled with its
// name, under "More".
//
// Three target fields have inputs of their own, written by hand: the
// command group is three boxes (t.musician, t.standard, t.champion), the
// champion's profile is champion_form.go's, and damage is a number or a
// list by damage model.

// look is how the page shows a catalogue field.
type look struct {
	name, label                     string
	hint, placeholder, msg, pattern string
	inputmode                       string
	noun                            string // a whole number's name in its message; "" for "A whole number ..."
	first, wide                     bool   // first: unfolded, among what every player fills in
	def                             string // the choice a select shows when the field is empty
	unset                           string // the text that means the file's default: left out of the file
	choices                         []string
	adjust                          func(rs rules.Ruleset, fl *field) // what changes with the ruleset
}

// reroll choices: the group's own re-rolls, those the target imposes, and
// both (RULES.md 20.1); a model's own save re-rolls.
var (
	attackRerolls = []string{"", "failed", "ones", "successes", "ones, successes", "failed, successes"}
	ownRerolls    = []string{"", "failed", "ones"}
)

// attackLooks are the attack row's inputs in the order the page shows
// them: what every player fills in first, then the rest folded away under
// "More" until wanted.
var attackLooks = []look{
	{name: "count", label: "Attacks", first: true, inputmode: "text", placeholder: "10 or 2D6",
		msg: "A number of attacks such as 10, or dice such as 2D6 or D6+1"},
	{name: "to_hit", label: "To hit", first: true, pattern: patToHit, placeholder: "4+",
		hint: "a score such as 4+, or auto; leave empty to use WS/BS", msg: "A score from 1+ to 10+, such as 4+, or auto"},
	{name: "strength", label: "Strength", first: true, noun: "Strength"},
	{name: "phase", label: "Phase", first: true, def: "melee", unset: "melee", choices: scenario.PhaseNames()},
	{name: "ap", label: "Armour Penetration (AP)", first: true, placeholder: "0", noun: "AP", unset: "0", adjust: apLabels},
	{name: "name", label: "Name", placeholder: "Swordsmen", wide: true},
	{name: "ws", label: "Attacker WS", hint: "melee, against the target's WS", noun: "Weapon Skill"},
	{name: "bs", label: "Attacker BS", hint: "shooting", noun: "Ballistic Skill"},
	{name: "hit_modifier", label: "Hit modifier", placeholder: "0"},
	{name: "wound_modifier", label: "Wound modifier", placeholder: "0", hint: "+ helps the attacker"},
	{name: "armour_piercing", label: "Armour piercing", placeholder: "0", hint: "worsens the armour save beyond Strength", unset: "0"},
	{name: "multiple_hits", label: "Multiple hits", placeholder: "D3", hint: "each hit becomes this many; empty for one",
		msg: "A number such as 2, or dice such as D3"},
	{name: "multiple_wounds", label: "Multiple wounds", placeholder: "D3", hint: "empty for single wounds",
		msg: "A number such as 2, or dice such as D3 or D3+1"},
	{name: "reroll_hit", label: "Re-roll to hit", unset: "none", choices: attackRerolls},
	{name: "reroll_wound", label: "Re-roll to wound", unset: "none", choices: attackRerolls},
	{name: "weapon_class", label: "Weapon class", hint: "for critical hits", choices: withNone(scenario.WeaponClassNames())},
	// The aim offers the unit or its champion; characters are a file's.
	{name: "target", label: "Aimed at", def: "rank_and_file", unset: "rank_and_file", choices: []string{"rank_and_file", "champion"}},
	{name: "batch", label: "Batch", placeholder: "volley", hint: "neighbouring groups with the same name, one phase and aim, are one batch"},
	{name: "poison", label: "Poisoned Attacks"},
	{name: "battle_focus", label: "Battle Focus"},
	{name: "lethal_strike", label: "Lethal Strike"},
	{name: "killing_blow", label: "Killing Blow"},
	{name: "heroic_killing_blow", label: "Heroic Killing Blow"},
	{name: "monster_slayer", label: "Monster Slayer"},
	{name: "cleaving_blow", label: "Cleaving Blow"},
	{name: "armour_bane", label: "Armour Bane", placeholder: "0", hint: "worsens the armour save of a wound on the trigger roll",
		noun: "Armour Bane", unset: "0"},
	{name: "armour_bane_on", label: "Armour Bane on"},
	{name: "flaming", label: "Flaming"},
	{name: "ignore_armour", label: "Ignores armour"},
	{name: "no_saves", label: "No saves at all"},
	{name: "instant_kill", label: "Instant kill"},
	{name: "hatred", label: "Hatred (melee)"},
	{name: "force_reroll_armour", label: "Target re-rolls successful armour saves"},
	{name: "force_reroll_special", label: "Target re-rolls successful special saves"},
	{name: "divine_attacks", label: "Divine Attacks"},
}

// targetLooks are the target's inputs in the order the page shows them.
var targetLooks = []look{
	{name: "models", label: "Models", first: true, hint: "command group included, characters not", noun: "Models", adjust: oneWarrior},
	{name: "toughness", label: "Toughness", first: true, noun: "Toughness"},
	{name: "wounds", label: "Wounds", first: true, placeholder: "1", noun: "Wounds"},
	{name: "armour", label: "Armour", first: true, def: "none", unset: "none", choices: rules.ArmourNames()},
	{name: "shield", label: "Shield", first: true},
	{name: "armour_value", label: "Armour value", first: true, placeholder: "0", hint: "every armour source added up", noun: "Armour", unset: "0"},
	{name: "name", label: "Name", placeholder: "Spearmen", wide: true},
	{name: "troop_type", label: "Troop type", def: "infantry", choices: rules.TroopTypeNames(),
		adjust: func(rs rules.Ruleset, fl *field) { fl.Choices = troopChoices(rs, fl.Choices) }},
	{name: "frontage", label: "Frontage", hint: "files in the front rank", noun: "Frontage"},
	{name: "ws", label: "WS", hint: "needed when an attack gives WS", noun: "WS"},
	{name: "barding", label: "Barding"},
	{name: "save_bonus", label: "Save bonus", placeholder: "0", unset: "0"},
	{name: "ward", label: "Ward save"},
	{name: "regeneration", label: "Regeneration"},
	{name: "aegis", label: "Aegis"},
	{name: "aegis_against", label: "Aegis only against"},
	{name: "regeneration_against", label: "Regeneration only against"},
	{name: "regeneration_plus", label: "Regeneration (+k)", placeholder: "0", hint: "improves regeneration by k, or gives (7-k)+", unset: "0"},
	{name: "reroll_armour", label: "Re-roll armour saves", unset: "none", choices: ownRerolls},
	{name: "reroll_special", label: "Re-roll special saves", unset: "none", choices: ownRerolls},
	{name: "helmet", label: "Helmet"},
	{name: "damage", label: "Starting damage", pattern: patDamage, placeholder: "0", inputmode: "numeric",
		hint: "wounds the unit has lost; battleaxe per model: 1,0,2", msg: "Whole numbers, separated by commas"},
	{name: "armour_save", label: "Armour value (printed)"},
	{name: "parry", label: "Parry"},
	{name: "flammable", label: "Flammable"},
	// Left out at 0, so that a 0 typed for "the unit's size" is no error.
	{name: "starting_models", label: "Models at deployment", hint: "for a failed panic test: falls back while more than half remain",
		noun: "Models at deployment", unset: "0"},
}

// withNone is names with the first (the default, "none") as the empty
// choice.
func withNone(names []string) []string {
	return append([]string{""}, names[1:]...)
}

// apLabels gives AP the name each ruleset's book gives it (RULES.md
// 22.16): Armour Penetration where the target has an Armour
// characteristic (t9a), Armour Piercing where AP worsens a suit's save
// (tow).
func apLabels(rs rules.Ruleset, fl *field) {
	part := func(text string, has func(*rules.Traits) bool) labelPart {
		return labelPart{Text: text, Rulesets: rulesetNames(rules.RulesetsWhere(has)), Hidden: !rs.Valid() || !has(rules.For(rs))}
	}
	fl.Labels = []labelPart{
		part("Armour Penetration (AP)", func(t *rules.Traits) bool { return t.ArmourValue }),
		part("Armour Piercing (AP)", func(t *rules.Traits) bool { return t.SuitWithAP }),
	}
}

// oneWarrior hides Models where a target is one warrior (docs/scenario.md:
// "In skirmish, 1"; the file gets 1 whatever the form holds), so that the
// number typed for a regiment is kept, not overwritten, and is there again
// on a switch back to a ruleset of ranked units (keepHidden).
func oneWarrior(rs rules.Ruleset, fl *field) {
	var block []rules.Ruleset
	for _, r := range rules.Rulesets() {
		if r.Block() {
			block = append(block, r)
		}
	}
	fl.Rulesets = rulesetNames(block)
	fl.Hidden = rs.Valid() && !rs.Block()
}

// formField is one input of an attack row or of the target: its catalogue
// entry and how the page shows it.
type formField struct {
	scenario.FieldSpec
	look
	// readers is the entry whose Reads decides who sees the input: the
	// field's own, but the aim's is the command group's, since a champion
	// needs one.
	readers scenario.FieldSpec
}

// readBy reports whether ruleset rs reads the field.
func (ff formField) readBy(rs rules.Ruleset) bool { return readBy(ff.readers, rs) }

// rulesets lists the rulesets that read the field, for the page's script
// to show and hide it; "" when every ruleset reads it.
func (ff formField) rulesets() string {
	if ff.readers.Reads == nil {
		return ""
	}
	return rulesetNames(ff.readers.Rulesets())
}

// formFields are the inputs a field catalogue gives the form.
type formFields struct {
	// attack and target are in the order of the page; attackFile and
	// targetFile in the catalogue's, which the form's file follows, with
	// the target's fields that have no input of the catalogue's kind
	// (command, champion) among them.
	attack, target         []formField
	attackFile, targetFile []formField
}

// catalogueFields are the form's inputs for scenario.Catalogue, laid out
// on first use: every rearrank command links web, and only serve needs it.
var catalogueFields = sync.OnceValue(func() *formFields { return newFormFields(scenario.Catalogue()) })

// newFormFields lays out the inputs of catalogue cat: the looks' fields in
// their order, then the catalogue's other fields with an Input.
func newFormFields(cat []scenario.FieldSpec) *formFields {
	fs := &formFields{}
	var command scenario.FieldSpec
	for _, s := range cat {
		if s.Object == scenario.ObjTarget && s.Name == "command" {
			command = s
		}
	}
	lay := func(obj func(scenario.Object) bool, looks []look, handWritten ...string) (page, file []formField) {
		byName := map[string]formField{}
		for _, s := range cat {
			if !obj(s.Object) {
				continue
			}
			if s.Input == scenario.NoInput && !slices.Contains(handWritten, s.Name) {
				continue
			}
			ff := formField{FieldSpec: s, look: look{name: s.Name, label: strings.ReplaceAll(s.Name, "_", " ")}, readers: s}
			if s.Object == scenario.ObjAttack && s.Name == "target" {
				ff.readers = command
			}
			for _, l := range looks {
				if l.name == s.Name {
					ff.look = l
				}
			}
			file = append(file, ff)
			if s.Input != scenario.NoInput {
				byName[s.Name] = ff
			}
		}
		for _, l := range looks {
			if ff, ok := byName[l.name]; ok {
				page = append(page, ff)
				delete(byName, l.name)
			}
		}
		for _, ff := range file {
			if _, ok := byName[ff.Name]; ok {
				page = append(page, ff)
			}
		}
		return page, file
	}
	fs.attack, fs.attackFile = lay(func(o scenario.Object) bool { return o == scenario.ObjAttack }, attackLooks)
	fs.target, fs.targetFile = lay(func(o scenario.Object) bool { return o == scenario.ObjTarget || o == scenario.ObjProfile },
		targetLooks, "command", "champion")
	return fs
}

// read is the field's text from the query string's value v: a box is "1"
// when ticked, a trigger of an older link's box a natural 6.
func (ff formField) read(v string) string {
	v = strings.TrimSpace(v)
	switch ff.Input {
	case scenario.InputFlag:
		if ticked(v) {
			return "1"
		}
		return ""
	case scenario.InputTrigger:
		return triggerText(v)
	}
	return v
}

// fileValue is the field's text v as the scenario file writes it, or nil
// when the file leaves it out.
func (ff formField) fileValue(v string) any {
	if v == "" || v == ff.unset {
		return nil
	}
	switch ff.Input {
	case scenario.InputWhole, scenario.InputDice:
		return number(v)
	case scenario.InputFlag:
		return true
	case scenario.InputTrigger:
		// true for a natural 6, the score otherwise, so that "5+"
		// survives a round trip (RULES.md 20.2)
		if v == "6+" {
			return true
		}
	case scenario.InputAgainst:
		// "flaming, shooting" is the list the file writes; one
		// condition is itself
		var items []any
		for p := range strings.SplitSeq(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				items = append(items, p)
			}
		}
		if len(items) == 1 {
			return items[0]
		}
		return items
	}
	return v
}

// input is the field's input of the page, holding text v, under ruleset rs.
func (ff formField) input(rs rules.Ruleset, name, id, path, v string) field {
	l := ff.look
	fl := field{Name: name, ID: id, Label: l.label, Kind: "text", Value: v, Scenario: path,
		Required: ff.Required, Hint: l.hint, Placeholder: l.placeholder, Msg: l.msg, Pattern: l.pattern, Inputmode: l.inputmode,
		Wide: l.wide, More: !l.first, Rulesets: ff.rulesets(), Hidden: !ff.readBy(rs)}
	selectOf := func(cs []choice) {
		fl.Kind, fl.Value, fl.Choices = "select", "", cs
	}
	switch ff.Input {
	case scenario.InputWhole:
		if ff.Score != nil {
			// a number, or a score where the ruleset writes it as one
			fl.Pattern = patScore
			fl.Msg = fmt.Sprintf("%s is a number from %d to %d", orDefault(l.noun, "It"), ff.Min, ff.Max)
			break
		}
		fl.Kind = "number"
		whole(&fl, ff.FieldSpec, l.noun)
	case scenario.InputDice:
		fl.Pattern = patDice
	case scenario.InputScore:
		fl.Pattern = orDefault(l.pattern, patScore)
	case scenario.InputFlag:
		fl.Kind, fl.Value, fl.Checked = "checkbox", "1", v != ""
	case scenario.InputSave:
		selectOf(saveChoices(v))
	case scenario.InputTrigger:
		selectOf(choices(v, "", "6+", "5+", "4+", "3+", "2+"))
	case scenario.InputReroll:
		selectOf(choices(v, orSlice(l.choices, ownRerolls)...))
	case scenario.InputAgainst:
		selectOf(againstChoices(v))
	case scenario.InputChoice:
		if l.choices != nil {
			selectOf(choices(orDefault(v, l.def), l.choices...))
		}
	}
	if l.adjust != nil {
		l.adjust(rs, &fl)
	}
	return fl
}

// inputIn is input in language l.
func (ff formField) inputIn(l msg.Lang, rs rules.Ruleset, name, id, path, v string) field {
	fl := ff.input(rs, name, id, path, v)
	ff.localize(&fl, l)
	return fl
}

func orSlice(v, def []string) []string {
	if v == nil {
		return def
	}
	return v
}

// textOf is a scenario value as the form holds it: empty for the zero
// value (the field's default), "1" for a ticked box.
func textOf(v reflect.Value) string {
	if !v.IsValid() {
		return ""
	}
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return ""
		}
		v = v.Elem()
	}
	switch x := v.Interface().(type) {
	case bool:
		if x {
			return "1"
		}
		return ""
	case int:
		if x == 0 {
			return ""
		}
		return strconv.Itoa(x)
	case string:
		return x
	case rules.Target:
		if x.IsNone() {
			return ""
		}
		return x.String()
	case rules.Trigger:
		return triggerForm(x)
	case rules.Reroll:
		return rerollText(x)
	case rules.Against:
		return againstText(x)
	case fmt.Stringer:
		return x.String()
	}
	return ""
}

// goField is the field of struct v that a file writes as name (its json
// name), looking into embedded structs; the zero Value when there is none.
func goField(v reflect.Value, name string) reflect.Value {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag == name {
			return v.Field(i)
		}
		if f.Anonymous && tag == "" && f.Type.Kind() == reflect.Struct {
			if got := goField(v.Field(i), name); got.IsValid() {
				return got
			}
		}
	}
	return reflect.Value{}
}

// rulesetNames are rulesets as the page's data-rulesets lists them.
func rulesetNames(rs []rules.Ruleset) string {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.String()
	}
	return strings.Join(names, " ")
}
