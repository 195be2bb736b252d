package web

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// The page keeps the whole scenario in its query string, so that a link
// reproduces the result. The names are short and readable:
//
//	/?tab=odds&ruleset=whfb8&a0.count=20&a0.to_hit=4%2B&a0.strength=4&t.models=30&t.toughness=3
//
// a<i>.<field> is attack group i, t.<field> the target, opt.<switch> a
// switch; the rest are the tab's own (dice, seed, cmp, sets). A form GET
// writes this query string, so the page works without JavaScript. The
// field names after the prefix are the scenario's (docs/scenario.md), so
// an error about "attacks[0].strength" marks the input "a0.strength".
//
// A "yaml" parameter holds a whole scenario file instead, for what the form
// cannot say (characters, groups, layouts); when present it wins.

// Tabs of the page.
const (
	tabOdds    = "odds"
	tabResolve = "resolve"
	tabCompare = "compare"
)

// maxFormAttacks bounds the attack rows of the form.
const maxFormAttacks = 8

// attackForm is one attack group as the form holds it: text as typed.
type attackForm struct {
	Name, Count, Phase, ToHit, BS, WS, HitModifier, Strength, AP, ArmourPiercing string
	MultipleWounds, WeaponClass, Target                                          string
	Batch                                                                        string // groups forming one batch (rules 4.1, C24)
	WoundModifier, MultipleHits                                                  string
	RerollHit, RerollWound                                                       string
	Hatred, ForceRerollArmour, ForceRerollSpecial, DivineAttacks                 bool
	// natural-roll triggers (20.2) as a file writes them: "" for none,
	// "6+" for true, or a score such as "5+"
	Poison, BattleFocus, LethalStrike, KillingBlow, HeroicKillingBlow, ArmourBaneOn string
	MonsterSlayer, CleavingBlow                                                     string // tow (RULES.md 22.3)
	ArmourBane                                                                      string
	Flaming, IgnoreArmour, NoSaves, InstantKill                                     bool
}

// targetForm is the target unit as the form holds it.
type targetForm struct {
	Name, TroopType, Models, Frontage, WS, Toughness, Wounds, Armour, SaveBonus string
	ArmourValue, Ward, Regeneration, Aegis, Damage                              string
	// t9a's conditional saves and Regeneration (+k) (rules 8.2); a list
	// of conditions as "flaming, shooting"
	AegisAgainst, RegenerationAgainst, RegenerationPlus   string
	RerollArmour, RerollSpecial                           string // the model's own save re-rolls (20.1)
	Shield, Barding, Helmet, Musician, Standard, Champion bool
	// tow (RULES.md 22.4, 22.6, 22.9): a printed armour value, Parry,
	// flammable, and the unit's size at deployment
	ArmourSave, StartingModels string
	Parry, Flammable           bool
	// Own is the champion's own profile, by field name ("armour_save":
	// "3+"); a field left out is the unit's (champion_form.go).
	Own map[string]string
}

// form is the page's state, all of it in the query string.
type form struct {
	Tab     string
	Ruleset string
	Options map[string]string // switch name -> value, defaults left out
	Attacks []attackForm
	Target  targetForm
	Dice    string
	Seed    string
	Compare []string // rulesets for the compare tab
	Sets    string   // switch variants for the compare tab, one per line (older links)
	// Variants are the compare tab's variant rows (compare_page.go).
	Variants []variantForm
	YAML     string
}

// defaultForm is what the page shows on a first visit: a regiment of
// spearmen charged by swordsmen, in whfb8.
func defaultForm() form {
	return form{
		Tab:     tabOdds,
		Ruleset: "whfb8",
		Attacks: []attackForm{{Count: "10", Phase: "melee", ToHit: "4+", Strength: "4"}},
		Target: targetForm{Name: "Spearmen", TroopType: "infantry", Models: "20", Frontage: "5", Toughness: "3",
			Wounds: "1", Armour: "light", Shield: true, Musician: true, Standard: true, Champion: true},
		Compare: []string{"battleaxe", "whfb8", "t9a1-ru"},
	}
}

var attackKey = regexp.MustCompile(`^a([0-9])\.([a-z_]+)$`)

// parseForm reads the query string. An empty query is the default form;
// unknown names are ignored, so an old link still opens.
func parseForm(q url.Values) form {
	f := defaultForm()
	if q.Get("tab") != "" {
		switch t := q.Get("tab"); t {
		case tabOdds, tabResolve, tabCompare:
			f.Tab = t
		}
	}
	if !q.Has("ruleset") && !q.Has("yaml") {
		return f
	}
	f.Ruleset = q.Get("ruleset")
	f.Options = map[string]string{}
	f.Attacks = nil
	f.Target = targetForm{}
	f.Compare = nil
	f.YAML = q.Get("yaml")
	f.Dice = q.Get("dice")
	f.Seed = q.Get("seed")
	f.Sets = q.Get("sets")
	f.Variants = parseVariants(q)
	for _, c := range q["cmp"] {
		if _, err := rules.ParseRuleset(c); err == nil && !slices.Contains(f.Compare, c) {
			f.Compare = append(f.Compare, c)
		}
	}
	n := 0
	for k := range q {
		if m := attackKey.FindStringSubmatch(k); m != nil {
			i, _ := strconv.Atoi(m[1])
			n = max(n, i+1)
		}
	}
	f.Attacks = make([]attackForm, min(n, maxFormAttacks))
	for i := range f.Attacks {
		a := &f.Attacks[i]
		get := func(name string) string { return strings.TrimSpace(q.Get(fmt.Sprintf("a%d.%s", i, name))) }
		on := func(name string) bool { return get(name) != "" && get(name) != "0" && get(name) != "false" }
		*a = attackForm{Name: get("name"), Count: get("count"), Phase: get("phase"), ToHit: get("to_hit"), BS: get("bs"), WS: get("ws"),
			HitModifier: get("hit_modifier"), Strength: get("strength"), AP: get("ap"), ArmourPiercing: get("armour_piercing"),
			MultipleWounds: get("multiple_wounds"), WeaponClass: get("weapon_class"), Target: get("target"), Batch: get("batch"),
			WoundModifier: get("wound_modifier"), MultipleHits: get("multiple_hits"),
			RerollHit: get("reroll_hit"), RerollWound: get("reroll_wound"), Hatred: on("hatred"),
			ForceRerollArmour: on("force_reroll_armour"), ForceRerollSpecial: on("force_reroll_special"), DivineAttacks: on("divine_attacks"),
			Poison: triggerText(get("poison")), BattleFocus: triggerText(get("battle_focus")), LethalStrike: triggerText(get("lethal_strike")),
			KillingBlow: triggerText(get("killing_blow")), HeroicKillingBlow: triggerText(get("heroic_killing_blow")),
			MonsterSlayer: triggerText(get("monster_slayer")), CleavingBlow: triggerText(get("cleaving_blow")),
			ArmourBane: get("armour_bane"), ArmourBaneOn: triggerText(get("armour_bane_on")),
			Flaming: on("flaming"), IgnoreArmour: on("ignore_armour"), NoSaves: on("no_saves"), InstantKill: on("instant_kill")}
	}
	get := func(name string) string { return strings.TrimSpace(q.Get("t." + name)) }
	on := func(name string) bool { return get(name) != "" && get(name) != "0" && get(name) != "false" }
	f.Target = targetForm{Name: get("name"), TroopType: get("troop_type"), Models: get("models"), Frontage: get("frontage"), WS: get("ws"),
		Toughness: get("toughness"), Wounds: get("wounds"), Armour: get("armour"), SaveBonus: get("save_bonus"), ArmourValue: get("armour_value"),
		Ward: get("ward"), Regeneration: get("regeneration"), Aegis: get("aegis"), Damage: get("damage"),
		AegisAgainst: get("aegis_against"), RegenerationAgainst: get("regeneration_against"), RegenerationPlus: get("regeneration_plus"),
		RerollArmour: get("reroll_armour"), RerollSpecial: get("reroll_special"),
		Shield: on("shield"), Barding: on("barding"), Helmet: on("helmet"), Musician: on("musician"), Standard: on("standard"), Champion: on("champion"),
		ArmourSave: get("armour_save"), StartingModels: get("starting_models"), Parry: on("parry"), Flammable: on("flammable")}
	for _, c := range championFields() {
		if v := get("champion." + c.name); v != "" {
			if f.Target.Own == nil {
				f.Target.Own = map[string]string{}
			}
			f.Target.Own[c.name] = v
		}
	}
	for _, s := range rules.Switches() {
		if v := strings.TrimSpace(q.Get("opt." + s.Name)); v != "" && v != s.Default {
			f.Options[s.Name] = v
		}
	}
	return f
}

// values writes the form back as a query string, in the names parseForm
// reads, leaving out what is empty.
func (f form) values() url.Values {
	q := url.Values{}
	add := func(k, v string) {
		if v != "" {
			q.Set(k, v)
		}
	}
	flag := func(k string, b bool) {
		if b {
			q.Set(k, "1")
		}
	}
	add("tab", f.Tab)
	add("ruleset", f.Ruleset)
	if f.YAML != "" {
		add("yaml", f.YAML)
	}
	for _, k := range sortedKeys(f.Options) {
		add("opt."+k, f.Options[k])
	}
	for i, a := range f.Attacks {
		p := fmt.Sprintf("a%d.", i)
		add(p+"name", a.Name)
		add(p+"count", a.Count)
		add(p+"phase", a.Phase)
		add(p+"to_hit", a.ToHit)
		add(p+"bs", a.BS)
		add(p+"ws", a.WS)
		add(p+"hit_modifier", a.HitModifier)
		add(p+"wound_modifier", a.WoundModifier)
		add(p+"strength", a.Strength)
		add(p+"ap", a.AP)
		add(p+"armour_piercing", a.ArmourPiercing)
		add(p+"multiple_hits", a.MultipleHits)
		add(p+"multiple_wounds", a.MultipleWounds)
		add(p+"weapon_class", a.WeaponClass)
		add(p+"target", a.Target)
		add(p+"batch", a.Batch)
		flag(p+"flaming", a.Flaming)
		add(p+"lethal_strike", a.LethalStrike)
		flag(p+"ignore_armour", a.IgnoreArmour)
		flag(p+"no_saves", a.NoSaves)
		flag(p+"instant_kill", a.InstantKill)
		add(p+"reroll_hit", a.RerollHit)
		add(p+"reroll_wound", a.RerollWound)
		flag(p+"hatred", a.Hatred)
		flag(p+"force_reroll_armour", a.ForceRerollArmour)
		flag(p+"force_reroll_special", a.ForceRerollSpecial)
		flag(p+"divine_attacks", a.DivineAttacks)
		add(p+"poison", a.Poison)
		add(p+"battle_focus", a.BattleFocus)
		add(p+"killing_blow", a.KillingBlow)
		add(p+"heroic_killing_blow", a.HeroicKillingBlow)
		add(p+"monster_slayer", a.MonsterSlayer)
		add(p+"cleaving_blow", a.CleavingBlow)
		add(p+"armour_bane", a.ArmourBane)
		add(p+"armour_bane_on", a.ArmourBaneOn)
		if q.Get(p+"count") == "" && q.Get(p+"strength") == "" {
			q.Set(p+"count", "") // keep an empty row in the link
		}
	}
	t := f.Target
	add("t.name", t.Name)
	add("t.troop_type", t.TroopType)
	add("t.models", t.Models)
	add("t.frontage", t.Frontage)
	add("t.ws", t.WS)
	add("t.toughness", t.Toughness)
	add("t.wounds", t.Wounds)
	add("t.armour", t.Armour)
	flag("t.shield", t.Shield)
	flag("t.barding", t.Barding)
	add("t.save_bonus", t.SaveBonus)
	add("t.armour_value", t.ArmourValue)
	add("t.ward", t.Ward)
	add("t.regeneration", t.Regeneration)
	add("t.aegis", t.Aegis)
	add("t.aegis_against", t.AegisAgainst)
	add("t.regeneration_against", t.RegenerationAgainst)
	add("t.regeneration_plus", t.RegenerationPlus)
	add("t.armour_save", t.ArmourSave)
	flag("t.parry", t.Parry)
	flag("t.flammable", t.Flammable)
	add("t.starting_models", t.StartingModels)
	add("t.reroll_armour", t.RerollArmour)
	add("t.reroll_special", t.RerollSpecial)
	flag("t.helmet", t.Helmet)
	flag("t.musician", t.Musician)
	flag("t.standard", t.Standard)
	flag("t.champion", t.Champion)
	for _, c := range championFields() {
		add("t.champion."+c.name, t.Own[c.name])
	}
	add("t.damage", t.Damage)
	add("dice", f.Dice)
	add("seed", f.Seed)
	for _, c := range f.Compare {
		q.Add("cmp", c)
	}
	add("sets", f.Sets)
	addVariants(q, f.Variants)
	return q
}

// spec returns the field catalogue's entry for a form field ("t.armour",
// "a.ap"): the form shows a field only to the rulesets that read it
// (docs/scenario.md, "Which ruleset reads what"), and takes its limits from
// the same entry. The aim select offers rank_and_file or champion, and a
// champion needs a command group, so it goes with target.command; the
// command checkboxes are "t.command".
func spec(field string) (scenario.FieldSpec, bool) {
	switch {
	case strings.HasPrefix(field, "t.champion."):
		return scenario.FieldOf(scenario.ObjChampion, field[len("t.champion."):])
	case field == "a.target":
		return scenario.FieldOf(scenario.ObjTarget, "command")
	case strings.HasPrefix(field, "a."):
		return scenario.FieldOf(scenario.ObjAttack, field[2:])
	case strings.HasPrefix(field, "t."):
		return scenario.FieldOf(scenario.ObjTarget, field[2:])
	}
	return scenario.FieldSpec{}, false
}

// reads reports whether ruleset rs reads the form field ("t.armour"). A
// field the catalogue does not restrict is read by all, and only those by
// an unknown ruleset.
func reads(rs rules.Ruleset, field string) bool {
	s, _ := spec(field)
	return s.Reads == nil || rs.Valid() && s.ReadBy(rs)
}

// scenarioFor turns the form into a scenario file under ruleset rs and
// loads it, so that every check of the loader applies and every error
// names a scenario field. Fields that rs does not read are left out, and
// returned by name, so that a comparison can say what it dropped.
func (f form) scenarioFor(rs rules.Ruleset) (*scenario.File, []string, error) {
	if f.YAML != "" {
		file, err := scenario.Load("scenario", []byte(f.YAML))
		if err != nil {
			return nil, nil, err
		}
		if rs != file.Ruleset {
			file, err = file.WithRuleset(rs)
		}
		return file, nil, err
	}
	var dropped []string
	keep := func(field string, set bool) bool {
		if !set {
			return false
		}
		if !reads(rs, field) {
			name := field[2:]
			if !slices.Contains(dropped, name) {
				dropped = append(dropped, name)
			}
			return false
		}
		return true
	}
	doc := obj{}
	doc = append(doc, kv{"ruleset", rs.String()})
	opts := obj{}
	for _, s := range rules.Switches() {
		if v, ok := f.Options[s.Name]; ok && s.AppliesTo(rs) {
			opts = append(opts, kv{s.Name, v})
		}
	}
	if len(opts) > 0 {
		doc = append(doc, kv{"options", opts})
	}
	attacks := []any{}
	for _, a := range f.Attacks {
		w := &fieldWriter{prefix: "a.", keep: keep}
		str, num, flag := w.str, w.num, w.flag
		str("name", a.Name)
		num("count", a.Count)
		str("phase", unless(a.Phase, "melee"))
		bs, toHit := a.BS, a.ToHit
		if bsSpec, _ := spec("a.bs"); strings.HasSuffix(bs, "+") && !bsSpec.ScoreBy(rs) {
			// "4+" is a target number, which only some rulesets write
			// as BS: the others roll the same die as to_hit.
			if toHit == "" {
				toHit = bs
			}
			bs = ""
		}
		str("to_hit", toHit)
		num("bs", bs)
		num("ws", a.WS)
		num("hit_modifier", a.HitModifier)
		num("wound_modifier", a.WoundModifier)
		num("strength", a.Strength)
		num("ap", unless(a.AP, "0"))
		num("armour_piercing", unless(a.ArmourPiercing, "0"))
		num("multiple_hits", a.MultipleHits)
		num("multiple_wounds", a.MultipleWounds)
		str("weapon_class", a.WeaponClass)
		str("target", unless(a.Target, "rank_and_file"))
		str("batch", a.Batch)
		flag("flaming", a.Flaming)
		w.trigger("lethal_strike", a.LethalStrike)
		flag("ignore_armour", a.IgnoreArmour)
		flag("no_saves", a.NoSaves)
		flag("instant_kill", a.InstantKill)
		str("reroll_hit", unless(a.RerollHit, "none"))
		str("reroll_wound", unless(a.RerollWound, "none"))
		flag("hatred", a.Hatred)
		flag("force_reroll_armour", a.ForceRerollArmour)
		flag("force_reroll_special", a.ForceRerollSpecial)
		flag("divine_attacks", a.DivineAttacks)
		w.trigger("poison", a.Poison)
		w.trigger("battle_focus", a.BattleFocus)
		w.trigger("killing_blow", a.KillingBlow)
		w.trigger("heroic_killing_blow", a.HeroicKillingBlow)
		w.trigger("monster_slayer", a.MonsterSlayer)
		w.trigger("cleaving_blow", a.CleavingBlow)
		num("armour_bane", unless(a.ArmourBane, "0"))
		w.trigger("armour_bane_on", a.ArmourBaneOn)
		attacks = append(attacks, w.o)
	}
	doc = append(doc, kv{"attacks", attacks})
	t := f.Target
	w := &fieldWriter{prefix: "t.", keep: keep}
	str, num, flag := w.str, w.num, w.flag
	str("name", t.Name)
	str("troop_type", t.TroopType)
	models := t.Models
	if rs.Valid() && !rs.Block() {
		// A skirmish target is one warrior (scenario: "In skirmish, 1"):
		// choosing skirmish for a regiment's form fights one of its models
		// instead of failing.
		models = "1"
	}
	num("models", models)
	num("frontage", t.Frontage)
	num("ws", t.WS)
	num("toughness", t.Toughness)
	num("wounds", t.Wounds)
	str("armour", unless(t.Armour, "none"))
	flag("shield", t.Shield)
	flag("barding", t.Barding)
	num("save_bonus", unless(t.SaveBonus, "0"))
	num("armour_value", unless(t.ArmourValue, "0"))
	str("ward", t.Ward)
	str("regeneration", t.Regeneration)
	str("aegis", t.Aegis)
	w.list("aegis_against", t.AegisAgainst)
	w.list("regeneration_against", t.RegenerationAgainst)
	num("regeneration_plus", unless(t.RegenerationPlus, "0"))
	str("armour_save", t.ArmourSave)
	flag("parry", t.Parry)
	flag("flammable", t.Flammable)
	str("reroll_armour", unless(t.RerollArmour, "none"))
	str("reroll_special", unless(t.RerollSpecial, "none"))
	flag("helmet", t.Helmet)
	var command []any
	for _, c := range []struct {
		name string
		on   bool
	}{{"musician", t.Musician}, {"standard", t.Standard}, {"champion", t.Champion}} {
		if keep("t.command", c.on) {
			command = append(command, c.name)
		}
	}
	if len(command) > 0 {
		w.o = append(w.o, kv{"command", command})
	}
	if slices.Contains(command, any("champion")) {
		var own obj
		for _, c := range championFields() {
			if v := t.Own[c.name]; keep("t.champion."+c.name, v != "") {
				own = append(own, kv{c.name, championValue(c, v)})
			}
		}
		if len(own) > 0 {
			w.o = append(w.o, kv{"champion", own})
		}
	}
	if t.Damage != "" && t.Damage != "0" {
		var o rules.Options
		for k, v := range f.Options {
			_ = o.Set(k, v) // the loader reports a bad switch
		}
		perModel := rs.Valid() && rules.For(rs).PerModel(o)
		if perModel || strings.ContainsAny(t.Damage, ", ") {
			var list []any
			for p := range strings.FieldsFuncSeq(t.Damage, func(r rune) bool { return r == ',' || r == ' ' }) {
				list = append(list, number(p))
			}
			w.o = append(w.o, kv{"damage", list})
		} else {
			num("damage", t.Damage)
		}
	}
	num("starting_models", unless(t.StartingModels, "0"))
	doc = append(doc, kv{"target", w.o})
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, nil, err
	}
	file, err := scenario.Load("form", data)
	if err != nil {
		return nil, dropped, err
	}
	return file, dropped, nil
}

// scenario is the form's scenario under its own ruleset.
func (f form) scenario() (*scenario.File, error) {
	rs, err := rules.ParseRuleset(f.Ruleset)
	if err != nil && f.YAML == "" {
		return nil, &scenario.Error{Field: "ruleset", Msg: err.Error(), Err: scenario.ErrInvalid}
	}
	if f.YAML != "" {
		file, err := scenario.Load("scenario", []byte(f.YAML))
		return file, err
	}
	file, _, err := f.scenarioFor(rs)
	return file, err
}

// number writes a whole number as a JSON number, and anything else as text
// for the loader to judge ("D6", or "four", which it refuses with the
// field's name).
func number(s string) any {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	return s
}

// inputName is the form input for a scenario field: "attacks[0].strength"
// is "a0.strength", "target.command[1]" is "t.command", "options.mw_cap"
// is "opt.mw_cap". It returns "" for fields the form has no input for.
func inputName(field string) string {
	var name string
	switch {
	case strings.HasPrefix(field, "attacks["):
		i := strings.Index(field, "].")
		if i < 0 {
			return ""
		}
		name = "a" + field[len("attacks["):i] + "." + field[i+2:]
	case strings.HasPrefix(field, "target."):
		name = "t." + field[len("target."):]
	case strings.HasPrefix(field, "options."):
		name = "opt." + field[len("options."):]
	default:
		return ""
	}
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	if name == "t.command" {
		return "t.musician"
	}
	return name
}

// fieldWriter adds the form's fields to an object, each under its scenario
// name, when keep says the field is set and read by the ruleset; prefix is
// the form's group ("a." for an attack, "t." for the target).
type fieldWriter struct {
	prefix string
	keep   func(field string, set bool) bool
	o      obj
}

func (w *fieldWriter) str(name, v string) {
	if w.keep(w.prefix+name, v != "") {
		w.o = append(w.o, kv{name, v})
	}
}

func (w *fieldWriter) num(name, v string) {
	if w.keep(w.prefix+name, v != "") {
		w.o = append(w.o, kv{name, number(v)})
	}
}

// list writes "flaming, shooting" as the list the file writes, and one
// value as itself.
func (w *fieldWriter) list(name, v string) {
	if !w.keep(w.prefix+name, v != "") {
		return
	}
	var items []any
	for p := range strings.SplitSeq(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			items = append(items, p)
		}
	}
	if len(items) == 1 {
		w.o = append(w.o, kv{name, items[0]})
		return
	}
	w.o = append(w.o, kv{name, items})
}

func (w *fieldWriter) flag(name string, b bool) {
	if w.keep(w.prefix+name, b) {
		w.o = append(w.o, kv{name, true})
	}
}

// trigger writes a natural-roll trigger (RULES.md 20.2): true for a
// natural 6, the score otherwise, so that "5+" survives a round trip.
func (w *fieldWriter) trigger(name, v string) {
	if !w.keep(w.prefix+name, v != "") {
		return
	}
	if v == "6+" {
		w.o = append(w.o, kv{name, true})
		return
	}
	w.o = append(w.o, kv{name, v})
}

// unless is v, or "" (a field left out of the file) when v is the form's
// default def for a field the file leaves unset.
func unless(v, def string) string {
	if v == def {
		return ""
	}
	return v
}

// obj is a JSON object that keeps its keys in order.
type obj []kv

type kv struct {
	k string
	v any
}

// MarshalJSON writes the keys in order.
func (o obj) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, e := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(e.k)
		v, err := json.Marshal(e.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// fileForm fills the form from a scenario file, for "use the form
// instead". What the form cannot say (characters, groups, a layout) is
// left out.
func fileForm(file *scenario.File, tab string) form {
	f := form{Tab: tab, Ruleset: file.Ruleset.String(), Options: map[string]string{}}
	for k, v := range file.Options {
		f.Options[rules.SwitchName(k)] = v
	}
	itoa := func(n int) string {
		if n == 0 {
			return ""
		}
		return strconv.Itoa(n)
	}
	score := func(t rules.Target) string {
		if t.IsNone() {
			return ""
		}
		return t.String()
	}
	for _, a := range file.Attacks {
		af := attackForm{Name: a.Name, Count: a.Count.String(), Phase: a.Phase.String(), BS: itoa(a.BS), WS: itoa(a.WS),
			HitModifier: itoa(a.HitModifier), Strength: itoa(a.Strength), AP: itoa(a.AP), ArmourPiercing: itoa(a.ArmourPiercing),
			MultipleWounds: a.MultipleWounds.String(), WeaponClass: a.WeaponClass.String(), Batch: a.Batch,
			WoundModifier: itoa(a.WoundModifier), MultipleHits: a.MultipleHits.String(),
			RerollHit: rerollText(a.RerollHit), RerollWound: rerollText(a.RerollWound), Hatred: a.Hatred,
			ForceRerollArmour: a.ForceRerollArmour, ForceRerollSpecial: a.ForceRerollSpecial, DivineAttacks: a.DivineAttacks,
			Poison: triggerForm(a.Poison), BattleFocus: triggerForm(a.BattleFocus), LethalStrike: triggerForm(a.LethalStrike),
			KillingBlow: triggerForm(a.KillingBlow), HeroicKillingBlow: triggerForm(a.HeroicKillingBlow),
			MonsterSlayer: triggerForm(a.MonsterSlayer), CleavingBlow: triggerForm(a.CleavingBlow),
			ArmourBane: itoa(a.ArmourBane), ArmourBaneOn: triggerForm(a.ArmourBaneOn),
			Flaming: a.Flaming, IgnoreArmour: a.IgnoreArmour, NoSaves: a.NoSaves, InstantKill: a.InstantKill}
		if a.BS == 0 && a.WS == 0 {
			af.ToHit = a.ToHit.String()
		}
		if a.Target.Role == scenario.AimChampion {
			af.Target = "champion"
		}
		f.Attacks = append(f.Attacks, af)
		if len(f.Attacks) == maxFormAttacks {
			break
		}
	}
	t := file.Target
	f.Target = targetForm{Name: t.Name, TroopType: t.TroopType.String(), Models: itoa(t.Models), Frontage: itoa(t.Frontage), WS: itoa(t.WS),
		Toughness: itoa(t.Toughness), Wounds: itoa(t.Wounds), Armour: t.Armour.String(), SaveBonus: itoa(t.SaveBonus), ArmourValue: itoa(t.ArmourValue),
		Ward: score(t.Ward), Regeneration: score(t.Regeneration), Aegis: score(t.Aegis), Damage: itoa(t.Damage.Carried),
		AegisAgainst: againstText(t.AegisAgainst), RegenerationAgainst: againstText(t.RegenerationAgainst), RegenerationPlus: itoa(t.RegenerationPlus),
		RerollArmour: rerollText(t.RerollArmour), RerollSpecial: rerollText(t.RerollSpecial),
		Shield: t.Shield, Barding: t.Barding, Helmet: t.Helmet,
		ArmourSave: score(t.ArmourSave), StartingModels: itoa(t.StartingModels), Parry: t.Parry, Flammable: t.Flammable,
		Musician: t.HasCommand(scenario.CommandMusician), Standard: t.HasCommand(scenario.CommandStandard), Champion: t.HasCommand(scenario.CommandChampion),
		Own: championForm(t.Champion)}
	if len(t.Damage.PerModel) > 0 {
		parts := make([]string, len(t.Damage.PerModel))
		for i, d := range t.Damage.PerModel {
			parts[i] = strconv.Itoa(d)
		}
		f.Target.Damage = strings.Join(parts, ",")
	}
	return f
}

// rerollText is a re-roll as the form's select holds it: empty for none,
// and a list such as "ones, successes" as the file's list (RULES.md 20.1).
// triggerText reads a trigger field of the query: a checked box of an
// older link ("1", "on", "true") is a natural 6.
func triggerText(s string) string {
	switch s {
	case "", "0", "false", "none":
		return ""
	case "1", "on", "true":
		return "6+"
	}
	return s
}

// triggerForm is a scenario trigger as the form holds it.
func triggerForm(t rules.Trigger) string {
	if t == 0 {
		return ""
	}
	return t.String()
}

// againstText is a conditional save's conditions as the form holds them:
// empty for every attack, "flaming, shooting" for a list.
func againstText(a rules.Against) string {
	if a == 0 {
		return ""
	}
	return strings.Trim(a.String(), "[]")
}

func rerollText(r rules.Reroll) string {
	if r == 0 {
		return ""
	}
	return strings.Trim(r.String(), "[]")
}
