package web

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/goccy/go-yaml"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/internal/ordered"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// The Combat tab's form (docs/combat.md): two sides, each a unit and its
// fights, and the combat's own fields, all of it in the query string as on
// the odds tab:
//
//	/combat?ruleset=whfb8&c.charger=b&a.leadership=8&a.u.models=20&a.f0.attacks=1&a.f0.strength=3
//
// c.<field> is the combat block (charger, facing, high_ground,
// contact.a), opt.<switch> a switch (the scenario's and the combat's),
// a.<field> and b.<field> a side's own fields (leadership, bonus,
// reroll_break, and one box for each special rule), a.u.<field> the side's
// unit and a.f<i>.<field> its fight i. A unit is a scenario's target and a
// fight a scenario's attack group with a fight's own fields, so both take
// the odds form's inputs (form_schema.go) and are written into the file by
// the odds form's own document: one schema for both tabs.

// fightExcluded are the attack-group fields a fight does not take
// (docs/combat.md, "Fights").
var fightExcluded = []string{"count", "phase", "bs", "attacker", "batch"}

// maxFights bounds the fights of a side in the form.
const maxFights = maxFormAttacks

// combatForm is the Combat tab's state.
type combatForm struct {
	Ruleset string
	Options map[string]string // switch name -> value, defaults left out
	Combat  fieldValues       // charger, facing, high_ground, contact.a, contact.b
	Sides   [2]combatSideForm
	Seed    string
}

// combatSideForm is one side: its own fields, its unit as the odds form
// holds a target, and its fights.
type combatSideForm struct {
	Own    fieldValues
	Unit   fieldValues
	Fights []fieldValues
}

// combatInputs are the inputs of the Combat tab.
type combatInputs struct {
	combat []formField // the combat block
	own    []formField // a side's own
	unit   []formField // a side's unit: the odds form's target, and height
	fight  []formField // a fight: its own, then the odds form's attack fields
	// fightOwn are the fight's fields that are no attack-group field.
	fightOwn []formField
}

// combatField is an input of the combat file's own, which the scenario
// catalogue does not hold: its entry as the catalogue would give it.
func combatField(name string, in scenario.Input, lo, hi int, reads func(*rules.Traits) bool, l look) formField {
	s := scenario.FieldSpec{Name: name, Input: in, Min: lo, Max: hi, Ranged: in == scenario.InputWhole, Reads: reads}
	l.name = name
	return formField{FieldSpec: s, look: l, readers: s}
}

// combatWords is the look of a combat input whose words are messages of
// the catalogue (webres.combat.form.*): id its label, id.hint its hint
// and id.noun the noun of its inline message, in English; combatFormWords
// says them in another language from the same IDs.
func combatWords(id msg.ID, l look) look {
	l.label = enText(id)
	if msg.Has(id + ".hint") {
		l.hint = enText(id + ".hint")
	}
	if msg.Has(id + ".noun") {
		l.noun = enText(id + ".noun")
	}
	return l
}

// enText is message id's English, without arguments.
func enText(id msg.ID) string { return msg.New(id).Text(msg.English) }

// combatFieldID is the message of the words of the combat's own input
// name (a combat field's, a side's own, the unit's height) or, with fight,
// of a fight's.
func combatFieldID(name string, fight bool) msg.ID {
	if fight {
		return msg.ID("webres.combat.form.fight." + name)
	}
	return msg.ID("webres.combat.form." + name)
}

// sideChoices are charger and high_ground's values.
var sideChoices = []string{"none", "a", "b"}

// combatFields are the Combat tab's inputs, laid out on first use as the
// odds form's are.
var combatFields = sync.OnceValue(func() *combatInputs { return newCombatInputs(catalogueFields()) })

func newCombatInputs(fs *formFields) *combatInputs {
	ci := &combatInputs{}
	highGround := func(t *rules.Traits) bool { return t.Combat.HighGround }
	own := func(name string, in scenario.Input, lo, hi int, reads func(*rules.Traits) bool, l look) formField {
		return combatField(name, in, lo, hi, reads, combatWords(combatFieldID(name, false), l))
	}
	fight := func(name string, in scenario.Input, lo, hi int, l look) formField {
		return combatField(name, in, lo, hi, nil, combatWords(combatFieldID(name, true), l))
	}
	ci.combat = []formField{
		own("charger", scenario.InputChoice, 0, 0, nil, look{first: true, def: "none", unset: "none", choices: sideChoices}),
		own("facing", scenario.InputChoice, 0, 0, nil, look{first: true, def: "front", unset: "front",
			choices: []string{"front", "flank_left", "flank_right", "rear"}}),
		own("high_ground", scenario.InputChoice, 0, 0, highGround, look{def: "none", unset: "none", choices: sideChoices}),
		own("contact.a", scenario.InputWhole, 1, scenario.MaxModels, nil, look{}),
		own("contact.b", scenario.InputWhole, 1, scenario.MaxModels, nil, look{}),
	}
	combatOrder := func(t *rules.Traits) bool { return t.Combat.CombatOrderStrength > 0 }
	massed := func(t *rules.Traits) bool { return t.Combat.MassedInfantry }
	ci.own = []formField{
		own("leadership", scenario.InputWhole, 0, 12, nil, look{first: true, adjust: leadershipLabels}),
		own("stubborn", scenario.InputFlag, 0, 0, nil, look{}),
		own("unbreakable", scenario.InputFlag, 0, 0, nil, look{}),
		own("close_order", scenario.InputFlag, 0, 0, combatOrder, look{}),
		own("massed_infantry", scenario.InputFlag, 0, 0, massed, look{}),
		own("reroll_break", scenario.InputFlag, 0, 0, nil, look{}),
		own("bonus", scenario.InputWhole, -20, 20, nil, look{placeholder: "0", unset: "0"}),
	}
	ci.own[0].Required = true
	ci.unit = slices.Clone(fs.target)
	ci.unit = append(ci.unit, own("height", scenario.InputChoice, 0, 0, func(t *rules.Traits) bool { return t.Combat.Height },
		look{def: "standard", unset: "standard", choices: []string{"standard", "large", "gigantic"}}))
	ci.fightOwn = []formField{
		fight("by", scenario.InputChoice, 0, 0, look{first: true, def: "rank_and_file", unset: "rank_and_file",
			choices: []string{"rank_and_file", "champion"}}),
		fight("attacks", scenario.InputWhole, 0, 100, look{first: true}),
		fight("initiative", scenario.InputWhole, 0, 10, look{first: true, adjust: initiativeLabels}),
		fight("supporting", scenario.InputWhole, 0, 5, look{placeholder: "1"}),
		fight("extra_ranks", scenario.InputWhole, 0, 5, look{placeholder: "0", unset: "0"}),
		fight("strikes", scenario.InputChoice, 0, 0, look{def: "normal", unset: "normal", choices: []string{"normal", "first", "last"}}),
	}
	ci.fightOwn[1].Required, ci.fightOwn[2].Required = true, true
	// A fight's fields: who makes it, how many and when, then the attack
	// group's, the attacker's WS among the first.
	first := []string{"ws", "strength", "ap", "to_hit"}
	var attack []formField
	for _, ff := range fs.attack {
		if slices.Contains(fightExcluded, ff.Name) {
			continue
		}
		if ff.Name == "ws" {
			ff.look = combatWords(combatFieldID("ws", true), ff.look)
			ff.look.first = true
		}
		attack = append(attack, ff)
	}
	ci.fight = append(ci.fight, ci.fightOwn[:3]...)
	for _, n := range first {
		if i := slices.IndexFunc(attack, func(ff formField) bool { return ff.Name == n }); i >= 0 {
			ci.fight = append(ci.fight, attack[i])
		}
	}
	ci.fight = append(ci.fight, ci.fightOwn[3:]...)
	for _, ff := range attack {
		if !slices.Contains(first, ff.Name) {
			ci.fight = append(ci.fight, ff)
		}
	}
	return ci
}

// rulesetWords gives a label the word each ruleset's book uses.
func rulesetWords(rs rules.Ruleset, fl *field, word func(rules.Ruleset) string) {
	by := map[string][]rules.Ruleset{}
	var order []string
	for _, r := range combatRulesets() {
		w := word(r)
		if _, ok := by[w]; !ok {
			order = append(order, w)
		}
		by[w] = append(by[w], r)
	}
	if len(order) < 2 {
		return
	}
	fl.Labels = nil
	for _, w := range order {
		fl.Labels = append(fl.Labels, labelPart{Text: w, Rulesets: rulesetNames(by[w]), Hidden: !slices.Contains(by[w], rs)})
	}
	if !slices.Contains(combatRulesets(), rs) {
		fl.Labels[0].Hidden = false
	}
}

// leadershipLabels: t9a's break test is on Discipline.
func leadershipLabels(rs rules.Ruleset, fl *field) {
	rulesetWords(rs, fl, func(r rules.Ruleset) string {
		if r.String() == "t9a" {
			return enText("webres.combat.form.leadership.t9a")
		}
		return enText("webres.combat.form.leadership")
	})
}

// initiativeLabels: the strike order's characteristic (t9a: Agility).
func initiativeLabels(rs rules.Ruleset, fl *field) {
	rulesetWords(rs, fl, func(r rules.Ruleset) string { return rules.For(r).Combat.StrikeValue })
}

// combatRulesets are the rulesets with a combat round.
func combatRulesets() []rules.Ruleset {
	return rules.RulesetsWhere(func(t *rules.Traits) bool { return t.Combat.Round })
}

// combatSwitchNames are the names of the combat switches (rules 21.11).
func combatSwitchNames() []string {
	var out []string
	for _, sw := range rules.CombatSwitches() {
		out = append(out, sw.Name)
	}
	return out
}

// allSwitches are the switches a combat file takes: the scenario's, then
// the combat's.
func allSwitches() []rules.Switch { return append(rules.Switches(), rules.CombatSwitches()...) }

var (
	sideKey  = lazyRegexp(`^([ab])\.f([0-9])\.`)
	sideName = [2]string{"a", "b"}
)

// parseCombatForm reads the form from the query string; unknown names are
// ignored.
func parseCombatForm(q url.Values) combatForm {
	f := combatForm{Ruleset: strings.TrimSpace(q.Get("ruleset")), Options: map[string]string{}, Combat: fieldValues{}, Seed: strings.TrimSpace(q.Get("seed"))}
	ci := combatFields()
	read := func(into fieldValues, prefix string, ffs []formField) {
		for _, ff := range ffs {
			if v := ff.read(q.Get(prefix + ff.Name)); v != "" && v != ff.unset {
				into[ff.Name] = v
			}
		}
	}
	read(f.Combat, "c.", ci.combat)
	for _, sw := range allSwitches() {
		if v := strings.TrimSpace(q.Get("opt." + sw.Name)); v != "" && (v != sw.Default || combatSwitch(sw.Name)) {
			f.Options[sw.Name] = v
		}
	}
	var n [2]int
	for k := range q {
		if m := sideKey().FindStringSubmatch(k); m != nil {
			i, _ := strconv.Atoi(m[2])
			s := strings.Index("ab", m[1])
			n[s] = max(n[s], i+1)
		}
	}
	for s := range 2 {
		p := sideName[s] + "."
		side := combatSideForm{Own: fieldValues{}, Unit: fieldValues{}}
		read(side.Own, p, ci.own)
		read(side.Unit, p+"u.", ci.unit)
		for _, c := range commandNames {
			if ticked(q.Get(p + "u." + c)) {
				side.Unit[c] = "1"
			}
		}
		for _, c := range championFields() {
			if v := strings.TrimSpace(q.Get(p + "u.champion." + c.name)); v != "" {
				side.Unit["champion."+c.name] = v
			}
		}
		for i := range min(n[s], maxFights) {
			fv := fieldValues{}
			read(fv, fmt.Sprintf("%sf%d.", p, i), ci.fight)
			side.Fights = append(side.Fights, fv)
		}
		f.Sides[s] = side
	}
	return f
}

// values writes the form back as a query string, in the names
// parseCombatForm reads, leaving out what is empty.
func (f combatForm) values() url.Values {
	q := url.Values{}
	add := func(k, v string) {
		if v != "" {
			q.Set(k, v)
		}
	}
	ci := combatFields()
	add("ruleset", f.Ruleset)
	for _, k := range sortedKeys(f.Options) {
		add("opt."+k, f.Options[k])
	}
	for _, ff := range ci.combat {
		add("c."+ff.Name, f.Combat[ff.Name])
	}
	for s, side := range f.Sides {
		p := sideName[s] + "."
		for _, ff := range ci.own {
			add(p+ff.Name, side.Own[ff.Name])
		}
		for _, ff := range ci.unit {
			add(p+"u."+ff.Name, side.Unit[ff.Name])
		}
		for _, c := range commandNames {
			add(p+"u."+c, side.Unit[c])
		}
		for _, c := range championFields() {
			add(p+"u.champion."+c.name, side.Unit["champion."+c.name])
		}
		for i, fv := range side.Fights {
			fp := fmt.Sprintf("%sf%d.", p, i)
			for _, ff := range ci.fight {
				add(fp+ff.Name, fv[ff.Name])
			}
			if fv["attacks"] == "" {
				q.Set(fp+"attacks", "") // keep an empty row in the link
			}
		}
	}
	add("seed", f.Seed)
	return q
}

// ruleset is the form's ruleset, or an error that names the field.
func (f combatForm) ruleset() (rules.Ruleset, error) {
	rs, err := rules.ParseRuleset(f.Ruleset)
	if err != nil {
		return rs, &scenario.Error{Field: "ruleset", Msg: err.Error(), Err: scenario.ErrInvalid}
	}
	return rs, nil
}

// document is the form as a combat file, its fields in the order
// docs/combat.md gives them. Each side's unit and the attack-group part of
// its fights are written by the odds form's document, as a scenario's
// target and attack groups; what the ruleset does not read is left out as
// there.
func (f combatForm) document(rs rules.Ruleset) ordered.Object {
	ci := combatFields()
	doc := ordered.Object{}
	doc.Add("ruleset", rs.String())
	opts := ordered.Object{}
	scenOpts := map[string]string{}
	for _, sw := range allSwitches() {
		if v, ok := f.Options[sw.Name]; ok && sw.AppliesTo(rs) {
			opts.Add(sw.Name, v)
			if !slices.Contains(combatSwitchNames(), sw.Name) {
				scenOpts[sw.Name] = v
			}
		}
	}
	if len(opts) > 0 {
		doc.Add("options", opts)
	}
	cb := ordered.Object{}
	contact := ordered.Object{}
	for _, ff := range ci.combat {
		v := ff.fileValue(f.Combat[ff.Name])
		if v == nil || !ff.readBy(rs) {
			continue
		}
		if side, ok := strings.CutPrefix(ff.Name, "contact."); ok {
			contact.Add(side, v)
			continue
		}
		cb.Add(ff.Name, v)
	}
	if len(contact) > 0 {
		cb.Add("contact", contact)
	}
	if len(cb) > 0 {
		doc.Add("combat", cb)
	}
	sides := ordered.Object{}
	for s, side := range f.Sides {
		attacks := make([]fieldValues, len(side.Fights))
		for i, fv := range side.Fights {
			attacks[i] = fieldValues{}
			for k, v := range fv {
				if !slices.ContainsFunc(ci.fightOwn, func(ff formField) bool { return ff.Name == k }) {
					attacks[i][k] = v
				}
			}
		}
		of := form{Ruleset: rs.String(), Options: scenOpts, Target: side.Unit, Attacks: attacks, fields: catalogueFields()}
		sd, _ := of.document(rs)
		var target ordered.Object
		var groups []any
		for _, fl := range sd {
			switch fl.Key {
			case "target":
				target = fl.Value.(ordered.Object)
			case "attacks":
				groups = fl.Value.([]any)
			}
		}
		unitHeight := ci.unit[len(ci.unit)-1]
		if v := unitHeight.fileValue(side.Unit["height"]); v != nil && unitHeight.readBy(rs) {
			target.Add("height", v)
		}
		o := ordered.Object{}
		o.Add("unit", target)
		var special []any
		for _, ff := range ci.own {
			v := ff.fileValue(side.Own[ff.Name])
			if v == nil || !ff.readBy(rs) {
				continue
			}
			switch ff.Name {
			case "stubborn", "unbreakable", "close_order", "massed_infantry":
				special = append(special, ff.Name)
				continue
			}
			o.Add(ff.Name, v)
		}
		if len(special) > 0 {
			o.Add("special", special)
		}
		var fights []any
		for i, fv := range side.Fights {
			fo := ordered.Object{}
			own := func(names ...string) {
				for _, ff := range ci.fightOwn {
					if slices.Contains(names, ff.Name) {
						if v := ff.fileValue(fv[ff.Name]); v != nil {
							fo.Add(ff.Name, v)
						}
					}
				}
			}
			own("by", "attacks", "initiative")
			if i < len(groups) {
				fo = append(fo, groups[i].(ordered.Object)...)
			}
			own("supporting", "extra_ranks", "strikes")
			fights = append(fights, fo)
		}
		if len(fights) > 0 {
			o.Add("fights", fights)
		}
		sides.Add(sideName[s], o)
	}
	doc.Add("sides", sides)
	return doc
}

// fileText is the form as a combat file in YAML, for the text box and
// `rearrank combat FILE`.
func (f combatForm) fileText() (string, error) {
	rs, err := f.ruleset()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	writeYAML(&b, f.document(rs), 0)
	return b.String(), nil
}

// blockKeys are the mappings the file text writes a field to a line;
// the others sit on one line, as in the examples.
var blockKeys = []string{"options", "combat", "sides", "a", "b", "unit"}

// writeYAML writes a combat document as the examples are written: the
// file's own mappings a field to a line, a fight or a list on one line.
func writeYAML(b *strings.Builder, o ordered.Object, indent int) {
	pad := strings.Repeat("  ", indent)
	for _, fl := range o {
		switch v := fl.Value.(type) {
		case ordered.Object:
			if slices.Contains(blockKeys, fl.Key) {
				fmt.Fprintf(b, "%s%s:\n", pad, fl.Key)
				writeYAML(b, v, indent+1)
				continue
			}
		case []any:
			if len(v) > 0 && slices.ContainsFunc(v, func(x any) bool { _, ok := x.(ordered.Object); return ok }) {
				fmt.Fprintf(b, "%s%s:\n", pad, fl.Key)
				for _, x := range v {
					fmt.Fprintf(b, "%s  - %s\n", pad, flowYAML(x))
				}
				continue
			}
		}
		fmt.Fprintf(b, "%s%s: %s\n", pad, fl.Key, flowYAML(fl.Value))
	}
}

// flowYAML writes a value on one line.
func flowYAML(v any) string {
	switch x := v.(type) {
	case ordered.Object:
		parts := make([]string, len(x))
		for i, fl := range x {
			parts[i] = fl.Key + ": " + flowYAML(fl.Value)
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case []any:
		parts := make([]string, len(x))
		for i, y := range x {
			parts[i] = flowYAML(y)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case string:
		return yamlString(x)
	case bool:
		return strconv.FormatBool(x)
	case int:
		return strconv.Itoa(x)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

var plainYAML = lazyRegexp(`^[A-Za-z0-9][A-Za-z0-9_ +./-]*$`)

// yamlString writes text plain where YAML reads it back as the same text,
// else quoted.
func yamlString(s string) string {
	_, numErr := strconv.ParseFloat(s, 64)
	switch strings.ToLower(s) {
	case "true", "false", "yes", "no", "on", "off", "null", "y", "n", "~":
		numErr = nil
	}
	if plainYAML().MatchString(s) && numErr != nil && !strings.HasSuffix(s, " ") && !strings.Contains(s, " #") {
		return s
	}
	return strconv.Quote(s)
}

// fromFile fills the form from a combat file, checked by the combat
// loader first so that its errors name the file's lines. It returns what
// the form cannot hold and leaves out (a character, a third group), as
// the file names it.
func fromCombatFile(data []byte) (combatForm, []string, error) {
	return fromCombatFileIn(msg.English, data)
}

// fromCombatFileIn is fromCombatFile with what it leaves out said in
// language l: the paths as the file writes them, their words in l.
func fromCombatFileIn(l msg.Lang, data []byte) (combatForm, []string, error) {
	if _, err := combat.Load("file", data); err != nil {
		return combatForm{}, nil, err
	}
	var raw map[string]any
	if err := yaml.Unmarshal(data, &raw); err != nil {
		return combatForm{}, nil, &scenario.Error{Msg: err.Error(), Err: scenario.ErrSyntax}
	}
	ci := combatFields()
	f := combatForm{Ruleset: textValue(raw["ruleset"]), Options: map[string]string{}, Combat: fieldValues{}}
	var left []string
	leave := func(path string) { left = append(left, path) }
	for k := range raw {
		if !slices.Contains([]string{"ruleset", "options", "combat", "sides"}, k) {
			leave(k)
		}
	}
	scenOpts := map[string]any{}
	for k, v := range mapOf(raw["options"]) {
		name := rules.SwitchName(k)
		f.Options[name] = textValue(v)
		if b, ok := v.(bool); ok {
			f.Options[name] = strconv.FormatBool(b) // a switch's yes or no, not a box
		}
		if !slices.Contains(combatSwitchNames(), name) {
			scenOpts[k] = v
		}
	}
	cb := mapOf(raw["combat"])
	for _, k := range []string{"charger", "facing", "high_ground"} {
		if v, ok := cb[k]; ok {
			f.Combat[k] = textValue(v)
		}
	}
	for k, v := range mapOf(cb["contact"]) {
		f.Combat["contact."+k] = textValue(v)
	}
	sides := mapOf(raw["sides"])
	var units [2]map[string]any
	var fights [2][]map[string]any
	for s := range 2 {
		side := mapOf(sides[sideName[s]])
		p := "sides." + sideName[s]
		units[s] = mapOf(side["unit"])
		for _, x := range listOf(side["fights"]) {
			fights[s] = append(fights[s], mapOf(x))
		}
		own := fieldValues{}
		for k, v := range side {
			switch k {
			case "unit", "fights":
			case "special":
				for _, x := range listOf(v) {
					own[textValue(x)] = "1"
				}
			case "reroll_break":
				if v == true {
					own[k] = "1"
				}
			case "leadership", "bonus":
				own[k] = textValue(v)
			default:
				leave(p + "." + k)
			}
		}
		f.Sides[s].Own = own
		if len(fights[s]) > maxFights {
			leave(msg.New("webres.combat.page.left_after", fmt.Sprintf("%s.fights[%d]", p, maxFights)).Text(l))
			fights[s] = fights[s][:maxFights]
		}
	}
	unitKnown := map[string]bool{"command": true, "champion": true, "height": true}
	for _, ff := range ci.unit {
		unitKnown[ff.Name] = true
	}
	fightKnown := map[string]bool{}
	for _, ff := range ci.fight {
		fightKnown[ff.Name] = true
	}
	// Each unit with the enemy's fights is a scenario, as the combat
	// loader reads it: the odds form's fileForm reads both.
	for s := range 2 {
		p := "sides." + sideName[s]
		target := map[string]any{}
		for k, v := range units[s] {
			switch {
			case k == "height":
				f.Sides[s].unitHeight(textValue(v))
			case k == "characters":
				leave(p + ".unit.characters")
				var chars []any
				for _, c := range listOf(v) {
					c := maps.Clone(mapOf(c))
					delete(c, "battle_standard")
					chars = append(chars, c)
				}
				target[k] = chars
			case !unitKnown[k]:
				leave(p + ".unit." + k)
				target[k] = v
			default:
				target[k] = v
			}
		}
		enemy := fights[1-s]
		var attacks []any
		for j, fi := range enemy {
			a := map[string]any{"count": 1}
			for k, v := range fi {
				if slices.ContainsFunc(ci.fightOwn, func(ff formField) bool { return ff.Name == k }) {
					continue
				}
				if !fightKnown[k] {
					leave(fmt.Sprintf("sides.%s.fights[%d].%s", sideName[1-s], j, k))
				}
				a[k] = v
			}
			attacks = append(attacks, a)
		}
		if len(attacks) == 0 {
			attacks = []any{map[string]any{"count": 1, "strength": 1}}
		}
		sc := map[string]any{"ruleset": f.Ruleset, "target": target, "attacks": attacks}
		if len(scenOpts) > 0 {
			sc["options"] = scenOpts
		}
		data, err := json.Marshal(sc)
		if err != nil {
			return combatForm{}, nil, err
		}
		file, err := scenario.Load("file", data)
		if err != nil {
			return combatForm{}, nil, err
		}
		// The fields the file gives, not the defaults the loader added.
		ff := catalogueFields().fileForm(file, "")
		given := func(k string, in map[string]any) bool {
			_, ok := in[k]
			switch {
			case slices.Contains(commandNames, k):
				_, ok = in["command"]
			case strings.HasPrefix(k, "champion."):
				_, ok = in["champion"]
			}
			return ok
		}
		maps.DeleteFunc(ff.Target, func(k, _ string) bool { return !given(k, units[s]) })
		height := f.Sides[s].Unit["height"]
		f.Sides[s].Unit = ff.Target
		if height != "" {
			f.Sides[s].Unit["height"] = height
		}
		f.Sides[1-s].Fights = nil
		for j, fi := range enemy {
			fv := fieldValues{}
			if j < len(ff.Attacks) {
				fv = ff.Attacks[j]
				maps.DeleteFunc(fv, func(k, _ string) bool { return !given(k, fi) })
			}
			for _, own := range ci.fightOwn {
				if v, ok := fi[own.Name]; ok {
					fv[own.Name] = textValue(v)
				}
			}
			if by := fv["by"]; by != "" && by != "rank_and_file" && by != "champion" {
				// a character's fight goes with the character
				leave(msg.New("webres.combat.page.left_by", fmt.Sprintf("sides.%s.fights[%d]", sideName[1-s], j), by).Text(l))
				continue
			}
			f.Sides[1-s].Fights = append(f.Sides[1-s].Fights, fv)
		}
	}
	slices.Sort(left)
	// as a link would hold it: defaults left out, and only what the
	// form's inputs read
	return parseCombatForm(f.values()), slices.Compact(left), nil
}

// unitHeight keeps a unit's height from a file.
func (s *combatSideForm) unitHeight(h string) {
	if s.Unit == nil {
		s.Unit = fieldValues{}
	}
	s.Unit["height"] = h
}

func mapOf(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func listOf(v any) []any {
	l, _ := v.([]any)
	return l
}

// textValue is a file's scalar as the form holds it.
func textValue(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		if x {
			return "1"
		}
		return ""
	}
	return fmt.Sprint(v)
}

// combatInputName is the form input for a combat file's field path:
// "sides.a.fights[0].strength" is "a.f0.strength", "sides.b.unit.command"
// is "b.u.musician", "combat.contact.a" is "c.contact.a". A message that
// says a field is required ("attacks: required") names that field.
// It returns "" for a field the form has no input for.
func combatInputName(path, msg string) string {
	if name, _, ok := strings.Cut(msg, ": required"); ok && !strings.ContainsAny(name, " .") {
		if path == "" {
			path = name
		} else {
			path += "." + name
		}
	}
	switch {
	case strings.HasPrefix(path, "options."):
		return "opt." + path[len("options."):]
	case strings.HasPrefix(path, "combat."):
		return "c." + path[len("combat."):]
	case path == "ruleset":
		return "ruleset"
	}
	rest, ok := strings.CutPrefix(path, "sides.")
	if !ok || len(rest) < 3 || (rest[0] != 'a' && rest[0] != 'b') || rest[1] != '.' {
		return ""
	}
	side, rest := rest[:1], rest[2:]
	var name string
	switch {
	case strings.HasPrefix(rest, "unit."):
		name = side + ".u." + rest[len("unit."):]
	case strings.HasPrefix(rest, "fights["):
		i := strings.Index(rest, "].")
		if i < 0 {
			return ""
		}
		name = side + ".f" + rest[len("fights["):i] + "." + rest[i+2:]
	case strings.HasPrefix(rest, "special"):
		return ""
	default:
		name = side + "." + rest
	}
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	if strings.HasSuffix(name, ".u.command") {
		name = strings.TrimSuffix(name, "command") + "musician"
	}
	return name
}
