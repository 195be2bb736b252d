package scenario

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// Variant is one column of a comparison: a label, the scenario it
// computes, and notes in players' words of what a change of ruleset
// carried over in another form or could not carry over: NoteMsgs, the
// notes as messages of the catalogue, said in the reader's language, and
// Notes, the same in English.
type Variant struct {
	Label    string
	File     *File
	Notes    []string
	NoteMsgs []msg.Message
}

// Source is one scenario given to a comparison, with the label of its
// column (the file's name).
type Source struct {
	Label string
	File  *File
}

// MaxVariants bounds one comparison; MaxSources bounds the scenarios given
// side by side.
const (
	MaxVariants = 12
	MaxSources  = 6
)

// VariantError says which item of a comparison request was refused: Item
// is "scenarios[i]", "rulesets[i]" or "sets[i]", What the file, ruleset or
// assignments.
type VariantError struct {
	Item, What string
	// WhatMsg, when set, is What as a message of the catalogue ("7
	// files"), for Text; What names a file, ruleset or assignment as
	// written otherwise.
	WhatMsg msg.Message
	Err     error
}

func (e *VariantError) Error() string { return fmt.Sprintf("%s %s: %s", e.Item, e.What, e.Reason()) }

// Text is the error in language l: Item and What as they are, the reason
// in l.
func (e *VariantError) Text(l msg.Lang) string {
	what := e.What
	if !e.WhatMsg.IsZero() {
		what = e.WhatMsg.Text(l)
	}
	return fmt.Sprintf("%s %s: %s", e.Item, what, e.ReasonText(l))
}
func (e *VariantError) Unwrap() error { return e.Err }

// Reason is Err's text, without the field's path where What already names
// the field (a set such as "attacks[0].strength=11" says "want 1 to 10,
// got 11", not the path twice).
func (e *VariantError) Reason() string {
	var se *Error
	if errors.As(e.Err, &se) && se.Line == 0 && se.File == "" && se.Field != "" && strings.Contains(e.What, se.Field) {
		return se.Msg
	}
	return e.Err.Error()
}

// ReasonText is Reason in language l.
func (e *VariantError) ReasonText(l msg.Lang) string {
	var se *Error
	if errors.As(e.Err, &se) && se.Line == 0 && se.File == "" && se.Field != "" && strings.Contains(e.What, se.Field) {
		return se.message().Text(l)
	}
	return msg.ErrorText(e.Err, l)
}

// ErrNothingToCompare is returned by Variants when it is given one scenario
// and neither rulesets nor sets.
var ErrNothingToCompare error = msg.Errorf(nil, "scenario.variants.nothing")

// Variants returns f under each ruleset named and with each set of
// assignments; see the function Variants. Without rulesets the file as
// written comes first, labelled "<ruleset> (as written)"; a set's column
// is labelled "<ruleset> <set>".
func (f *File) Variants(rulesets, sets []string) ([]Variant, error) {
	return Variants([]Source{{Label: f.Ruleset.String() + " (as written)", File: f}}, rulesets, sets)
}

// Variants returns the columns of a comparison, in this order:
//
//   - each scenario as written or, when rulesets are named, each scenario
//     translated to each ruleset (see Translate), labelled with the
//     ruleset (and the scenario's label when there are several);
//   - the first scenario with each set of assignments made (a set is
//     "path=value" pairs joined by commas, see ParseAssignments and With),
//     labelled with the set after the first scenario's ruleset (or its
//     label when there are several).
//
// Errors are *VariantError, or ErrNothingToCompare for one scenario alone.
func Variants(files []Source, rulesets, sets []string) ([]Variant, error) {
	switch {
	case len(files) == 0:
		return nil, ErrNothingToCompare
	case len(files) > MaxSources:
		what := msg.New("scenario.variants.files", len(files))
		return nil, &VariantError{Item: "scenarios", What: what.String(), WhatMsg: what, Err: msg.Errorf(nil, "scenario.variants.too_many_files", MaxSources)}
	case len(files) == 1 && len(rulesets) == 0 && len(sets) == 0:
		return nil, ErrNothingToCompare
	case max(len(rulesets), 1)*len(files)+len(sets) > MaxVariants:
		what := msg.New("scenario.variants.variants", max(len(rulesets), 1)*len(files)+len(sets))
		return nil, &VariantError{Item: "rulesets", What: what.String(), WhatMsg: what, Err: msg.Errorf(nil, "scenario.variants.too_many", MaxVariants)}
	}
	var out []Variant
	var rs []rules.Ruleset
	for i, name := range rulesets {
		name = strings.TrimSpace(name)
		r, err := rules.ParseRuleset(name)
		if err != nil {
			return nil, &VariantError{Item: fmt.Sprintf("rulesets[%d]", i), What: name, Err: err}
		}
		rs = append(rs, r)
	}
	for _, src := range files {
		if rs == nil {
			out = append(out, Variant{Label: src.Label, File: src.File})
			continue
		}
		for i, r := range rs {
			v, notes, err := src.File.TranslateMsg(r)
			if err != nil {
				return nil, &VariantError{Item: fmt.Sprintf("rulesets[%d]", i), What: r.String(), Err: err}
			}
			label := r.String()
			if len(files) > 1 {
				label = src.Label + " " + label
			}
			out = append(out, Variant{Label: label, File: v, Notes: english(notes), NoteMsgs: notes})
		}
	}
	base := files[0]
	prefix := base.File.Ruleset.String()
	if len(files) > 1 {
		prefix = base.Label
	}
	for i, set := range sets {
		item := fmt.Sprintf("sets[%d]", i)
		as, err := ParseAssignments(set)
		if err != nil {
			return nil, &VariantError{Item: item, What: set, Err: err}
		}
		v, err := base.File.With(as...)
		if err != nil {
			return nil, &VariantError{Item: item, What: set, Err: err}
		}
		out = append(out, Variant{Label: prefix + " " + set, File: v})
	}
	return out, nil
}

// Translate returns f under ruleset r, for a comparison. What r writes in
// another form is carried over (RULES.md 5, 7, 8): Ballistic Skill between
// the characteristic (BS 3) and the target number (4+); an armour suit,
// shield, barding and save_bonus and t9a's armour_value, by the save they
// give before any modifier; armour_piercing and t9a's ap; a ward save and
// t9a's Aegis. A block unit becomes one warrior of it in skirmish. What r
// does not read at all, switches included, is left out. Each change is a
// note in players' words, in English (TranslateMsg gives them as
// messages). The error is the copy's Validate error, when what is left
// still does not make a scenario.
func (f *File) Translate(r rules.Ruleset) (*File, []string, error) {
	c, notes, err := f.TranslateMsg(r)
	return c, english(notes), err
}

// english is notes in English.
func english(notes []msg.Message) []string {
	if notes == nil {
		return nil
	}
	out := make([]string, len(notes))
	for i, n := range notes {
		out[i] = n.String()
	}
	return out
}

// noter adds a note of a change of ruleset: the message id with args.
type noter func(id msg.ID, args ...any)

// TranslateMsg is Translate with the notes as messages of the catalogue,
// which the edges say in the reader's language.
func (f *File) TranslateMsg(r rules.Ruleset) (*File, []msg.Message, error) {
	c := f.detached()
	c.Ruleset = r
	from, to := rules.For(f.Ruleset), rules.For(r)
	var notes []msg.Message
	note := func(id msg.ID, args ...any) { notes = append(notes, msg.New(id, args...)) }
	for _, k := range sortedKeys(c.Options) {
		for _, s := range rules.Switches() {
			if s.Name == rules.SwitchName(k) && !s.AppliesTo(r) {
				delete(c.Options, k)
				note("scenario.note.switch_absent", k, f.Options[k], r.String())
			}
		}
		var o rules.Options
		if _, ok := c.Options[k]; ok && o.Set(k, c.Options[k]) == nil && o.CheckValues(r) != nil {
			delete(c.Options, k) // multi_packet_order: owner_choice is tow's alone (22.13)
			note("scenario.note.switch_default_only", k, f.Options[k], r.String())
		}
	}
	if f.Ruleset != r {
		ro, fo := c.RuleOptions(), f.RuleOptions()
		for i := range c.Attacks {
			translateAttack(&c.Attacks[i], fmt.Sprintf("attacks[%d]", i), f.Ruleset, r, fo, ro, note)
		}
		t := &c.Target
		translateProfile(&t.Profile, "target", f.Ruleset, r, fo, ro, note)
		for i := range t.Groups {
			translateProfile(&t.Groups[i].Profile, fmt.Sprintf("target.groups[%d]", i), f.Ruleset, r, fo, ro, note)
		}
		for i := range t.Characters {
			translateProfile(&t.Characters[i].Profile, fmt.Sprintf("target.characters[%d]", i), f.Ruleset, r, fo, ro, note)
		}
		translateTow(c, f, note)
		meaningNotes(c, f, note)
		if ch := t.Champion; ch != nil {
			// His whole profile is carried over as the unit's was, and
			// his overrides are what then differs from the unit's; a note
			// the unit's profile already has is not said again for him.
			said := english(notes)
			his := func(id msg.ID, args ...any) {
				n := msg.New(id, args...)
				if !slices.Contains(said, strings.Replace(n.String(), "target.champion:", "target:", 1)) {
					notes = append(notes, n)
				}
			}
			p := f.Target.ChampionProfile()
			translateProfile(&p, "target.champion", f.Ruleset, r, fo, ro, his)
			if towBetween(f.Ruleset, r) {
				towProfile(&p, "target.champion", f.Ruleset, r, fo, ro, his)
			}
			ch.overrideFrom(p, t.Profile)
		}
		if from.Block && !to.Block {
			toWarrior(c, note)
		}
	}
	dropUnread(reflect.ValueOf(c).Elem(), "", r, note)
	if f.Ruleset != r {
		carryDamage(c, f.perModel(), note)
		reaim(c, note)
	}
	c.Defaults()
	if err := c.Validate(); err != nil {
		return nil, nil, err
	}
	return c, notes, nil
}

// translateAttack carries an attack's Ballistic Skill and armour
// penetration over to a ruleset that writes them in another form: the
// save modifier of Strength and armour_piercing as the AP of a ruleset
// whose saves Strength does not worsen, and back (translateAP).
func translateAttack(a *Attack, path string, fromRS, toRS rules.Ruleset, fo, ro rules.Options, note noter) {
	from, to := rules.For(fromRS), rules.For(toRS)
	if a.BS != 0 && from.BSTarget != to.BSTarget {
		if from.BSTarget {
			// A target number n+ is the characteristic 7 - n (RULES.md 5).
			if bs := 7 - a.BS; bs >= 1 {
				note("scenario.note.bs_need_to_skill", path, a.BS, bs)
				a.BS = bs
			} else {
				note("scenario.note.bs_need_to_hit", path, a.BS)
				a.ToHit, a.BS = ToHit{Need: rules.Need(a.BS)}, 0
			}
		} else {
			need := max(7-a.BS, 1)
			note("scenario.note.bs_skill_to_need", path, a.BS, need)
			a.BS = need
		}
	}
	if apSaves(from) != apSaves(to) {
		translateAP(a, path, fromRS, toRS, fo, ro, note)
	}
}

// apSaves reports whether only the attack's AP worsens the armour saves of
// a ruleset, never Strength: t9a (RULES.md 7.2) and tow (22.4).
func apSaves(t *rules.Traits) bool { return t.ArmourValue || t.SuitWithAP }

// translateProfile carries a profile's armour and ward over to a ruleset
// that writes them in another form: the armour by the save it gives before
// any modifier (RULES.md 7), the ward as an Aegis save and back (8).
func translateProfile(p *Profile, path string, from, to rules.Ruleset, fo, ro rules.Options, note noter) {
	ft, tt := rules.For(from), rules.For(to)
	// troop types tow alone has, or lacks, as their nearest (22.10)
	switch {
	case p.TroopType.TowOnly() && !tt.TroopCategories:
		note("scenario.note.troop_type", path, p.TroopType.String(), p.TroopType.Category().String())
		p.TroopType = p.TroopType.Category()
	case p.TroopType == rules.MonstrousBeast && tt.TroopCategories:
		note("scenario.note.monstrous_beast", path)
		p.TroopType = rules.WarBeast
	}
	if ft.ArmourValue != tt.ArmourValue {
		sp := saveProfile(*p)
		sp.ArmourSave = p.ArmourSave // tow's printed armour value (22.4), as t9a's Armour too
		base := rules.ArmourSaveDetail(from, sp, p.TroopType, rules.Penetration{}, fo).Base
		was := armourText(*p, ft)
		p.Armour, p.Shield, p.Barding, p.SaveBonus, p.ArmourValue, p.ArmourSave = rules.NoArmour, false, false, 0, 0, rules.None
		if !base.IsNone() {
			if tt.ArmourValue {
				p.ArmourValue = min(max(7-base.Value(), 0), MaxStat)
			} else {
				p.Armour, p.SaveBonus = suitFor(to, base, p.TroopType, ro)
			}
			got := rules.ArmourSaveDetail(to, saveProfile(*p), p.TroopType, rules.Penetration{}, ro).Base
			note("scenario.note.armour", path, withSave(was, base), armourText(*p, tt), saveText(got))
		}
	}
	if plus := lookup(ObjProfile, "regeneration_plus"); p.RegenerationPlus != 0 && !plus.ReadBy(to) && tt.Regeneration {
		regen := p.regeneration()
		note("scenario.note.regeneration_plus", path, p.RegenerationPlus, regen.String())
		p.Regeneration, p.RegenerationPlus = regen, 0
	}
	if ft.Ward != tt.Ward {
		if tt.Ward && !p.Aegis.IsNone() {
			note("scenario.note.aegis_to_ward", path, p.Aegis.String())
			p.Ward, p.Aegis = p.Aegis, rules.None
		} else if !tt.Ward && !p.Ward.IsNone() {
			note("scenario.note.ward_to_aegis", path, p.Ward.String())
			p.Aegis, p.Ward = p.Ward, rules.None
		}
	}
}

// override is a champion's override of the unit's value: nil when they
// are the same.
func saveProfile(p Profile) rules.SaveProfile {
	return rules.SaveProfile{Armour: p.Armour, Shield: p.Shield, Barding: p.Barding, SaveBonus: p.SaveBonus, ArmourValue: p.ArmourValue}
}

// saveText is a save as a note's argument: "5+", or "no save".
func saveText(t rules.Target) any {
	if t.IsNone() {
		return say("scenario.note.no_save")
	}
	return t.String()
}

// withSave is an armour's words with the save it gives, unless the words
// are that save (a tow armour_save alone).
func withSave(text msg.List, save rules.Target) any {
	if text.Text(msg.English) == "armour_save "+save.String() {
		return text
	}
	return say("scenario.note.with_save", text, saveText(save))
}

// armourText names a profile's armour as the file writes it.
func armourText(p Profile, t *rules.Traits) msg.List {
	if t.ArmourValue {
		return msg.List{say("scenario.note.armour_value", p.ArmourValue)}
	}
	var parts msg.List
	if !p.ArmourSave.IsNone() {
		parts = append(parts, say("scenario.note.armour_save", p.ArmourSave.String()))
	}
	if p.Armour != rules.NoArmour && p.ArmourSave.IsNone() { // tow's armour_save replaces the suit (22.4)
		parts = append(parts, say("scenario.note.suit", p.Armour.String()))
	}
	if p.Shield {
		parts = append(parts, say("scenario.note.shield"))
	}
	if p.Barding {
		parts = append(parts, say("scenario.note.barding"))
	}
	if p.SaveBonus != 0 {
		parts = append(parts, say("scenario.note.save_bonus", p.SaveBonus))
	}
	if len(parts) == 0 {
		return msg.List{say("scenario.note.no_armour")}
	}
	return parts
}

// suitFor returns the suit and save_bonus that give the save want in
// ruleset rs, before any modifier: the heaviest suit that needs the
// smallest save_bonus.
func suitFor(rs rules.Ruleset, want rules.Target, tt rules.TroopType, o rules.Options) (rules.Armour, int) {
	suits := rules.ArmourNames()
	for bonus := range MaxSaveBonus + 1 {
		for _, b := range []int{bonus, -bonus} {
			for i := len(suits) - 1; i >= 0; i-- {
				a, err := rules.ParseArmour(suits[i])
				if err != nil {
					continue
				}
				p := rules.SaveProfile{Armour: a, SaveBonus: b}
				if got := rules.ArmourSaveDetail(rs, p, tt, rules.Penetration{}, o).Base; got == want {
					return a, b
				}
			}
		}
	}
	return rules.PlateArmour, MaxSaveBonus
}

// toWarrior makes a block target one skirmish warrior (RULES.md 2: one
// model is one fighter): one model, no formation, no damage it cannot
// carry, and attacks at the command or characters aimed at him instead.
func toWarrior(c *File, note noter) {
	t := &c.Target
	if t.Models > 1 {
		note("scenario.note.one_warrior", t.Models)
		t.Models = 1
	}
	t.Frontage = 0
	if !t.Damage.IsZero() {
		d := t.Damage.pooled(false)
		if len(d.PerModel) > 0 || d.Carried >= max(t.Wounds, 1) {
			note("scenario.note.warrior_damage")
			t.Damage = Damage{}
		} else {
			t.Damage = d
		}
	}
	for i := range c.Attacks {
		if a := &c.Attacks[i]; !a.Target.IsZero() {
			note("scenario.note.aim_warrior", i, a.Target.String())
			a.Target = Aim{}
		}
	}
}

// carryDamage writes the target's starting damage as c's ruleset keeps
// it (RULES.md 11.1, 11.3): a pool's carried wounds are the damage of the
// model removed first, and that model's damage is the pool's.
func carryDamage(c *File, wasPerModel bool, note noter) {
	d := &c.Target.Damage
	perModel := c.perModel()
	switch {
	case d.IsZero() || perModel == wasPerModel:
	case perModel && d.Carried > 0:
		note("scenario.note.carried_to_damage", d.Carried)
		*d = Damage{PerModel: []int{d.Carried}}
	case !perModel && len(d.PerModel) > 1:
		note("scenario.note.damage_to_pool", fmt.Sprint(d.PerModel))
		*d = Damage{}
	}
}

// reaim aims at the rank and file every attack whose model c no longer
// has: a pool of a troop type, the champion, a character.
func reaim(c *File, note noter) {
	t := &c.Target
	byType := rules.For(c.Ruleset).TroopTypes // pools by troop type (10.1)
	for i := range t.Groups {
		if g := &t.Groups[i]; g.Damage != 0 && !byType {
			note("scenario.note.group_damage", i, c.Ruleset.String())
			g.Damage = 0
		}
	}
	for i := range c.Attacks {
		a := &c.Attacks[i]
		gone := a.Target.Pool != nil && (!byType || t.Group(*a.Target.Pool) == nil) ||
			a.Target.Role == AimChampion && !t.HasCommand(CommandChampion) ||
			a.Target.Role == AimCharacter && t.Character(a.Target.Character) == nil
		if gone {
			note("scenario.note.aim_rank_and_file", i, a.Target.String())
			a.Target = Aim{}
		}
	}
}

// dropUnread zeroes every field set in v that ruleset r does not read, as
// the catalogue says, with a note for each.
func dropUnread(v reflect.Value, path string, r rules.Ruleset, note noter) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			dropUnread(v.Elem(), path, r, note)
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Struct {
			for i := range v.Len() {
				dropUnread(v.Index(i), fmt.Sprintf("%s[%d]", path, i), r, note)
			}
		}
	case reflect.Struct:
		obj := objectOf(v.Type())
		if obj == "" {
			return
		}
		for _, f := range fieldsOf(v.Type()) {
			fv := v.FieldByIndex(f.index)
			p := join(path, f.name)
			if s := lookup(obj, f.name); s != nil && !s.ReadBy(r) && !fv.IsZero() {
				fv.Set(reflect.Zero(fv.Type()))
				if p != "target.frontage" {
					note("scenario.note.unread", p, rulesetAnd(s.Rulesets()))
				}
				continue
			}
			dropUnread(fv, p, r, note)
		}
	}
}
