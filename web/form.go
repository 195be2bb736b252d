package web

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/internal/ordered"
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

// fieldValues is an attack group or the target as the form holds it:
// each field's text as typed, by its scenario name ("strength": "4"), a
// ticked box "1", and nothing for an empty field. The target's holds the
// command group's boxes too ("musician") and the champion's own profile,
// a field left out being the unit's ("champion.armour_save": "3+";
// champion_form.go).
type fieldValues map[string]string

// form is the page's state, all of it in the query string.
type form struct {
	Tab     string
	Ruleset string
	Options map[string]string // switch name -> value, defaults left out
	Attacks []fieldValues
	Target  fieldValues
	Dice    string
	Seed    string
	Compare []string // rulesets for the compare tab
	Sets    string   // switch variants for the compare tab, one per line (older links)
	// Variants are the compare tab's variant rows (compare_page.go).
	Variants []variantForm
	YAML     string
	// fields are the inputs of the attack groups and the target.
	fields *formFields
}

// schema is the form's inputs: the field catalogue's, unless a test gave
// others.
func (f form) schema() *formFields {
	if f.fields == nil {
		return catalogueFields()
	}
	return f.fields
}

// defaultForm is what the page shows on a first visit: a regiment of
// spearmen charged by swordsmen, in whfb8.
func defaultForm() form {
	return form{
		Tab:     tabOdds,
		Ruleset: "whfb8",
		Attacks: []fieldValues{{"count": "10", "phase": "melee", "to_hit": "4+", "strength": "4"}},
		Target: fieldValues{"name": "Spearmen", "troop_type": "infantry", "models": "20", "frontage": "5", "toughness": "3",
			"wounds": "1", "armour": "light", "shield": "1", "musician": "1", "standard": "1", "champion": "1"},
		Compare: []string{"battleaxe", "whfb8", "t9a1-ru"},
		fields:  catalogueFields(),
	}
}

// defaultFormFor is the default form under ruleset rs, what a short link
// fills in around the fields it gives: the same spearmen and swordsmen,
// their light armour and shield an Armour of 2 where the target has an
// Armour characteristic instead (t9a: the same 5+, rules 7.2). The form
// keeps what rs does not read (a skirmish target's 20 models), and the
// file leaves it out.
func defaultFormFor(rs rules.Ruleset) form {
	f := defaultForm()
	if !rs.Valid() {
		return f
	}
	f.Ruleset = rs.String()
	if !reads(rs, "t.armour") && reads(rs, "t.armour_value") {
		f.Target["armour_value"] = "2"
	}
	return f
}

var attackKey = lazyRegexp(`^a([0-9])\.([a-z_]+)$`)

// parseForm reads the query string. An empty query is the default form;
// unknown names are ignored, so an old link still opens.
//
// A short link gives some fields only ("/?ruleset=tow",
// "/?a0.strength=5"): what it leaves out comes from the ruleset's default
// form (defaultFormFor). A link of the page always names its parts' key
// fields, empty or not, so that an empty field stays empty: an attack row
// without its a<i>.count is the default row with the row's given fields
// applied, and a target with neither t.models nor t.toughness the default
// target with its given fields applied (boxes too: "t.shield=0" unticks
// one); a part that names them is read as given. A link without a
// ruleset is in the default's, and one without any attack row has the
// default's.
func parseForm(q url.Values) form { return catalogueFields().parse(q) }

// formKey reports whether query key k is one of the form's own fields.
func formKey(k string) bool {
	return k == "ruleset" || k == "yaml" || attackKey().MatchString(k) || strings.HasPrefix(k, "t.") || strings.HasPrefix(k, "opt.") ||
		k == "dice" || k == "seed" || k == "cmp" || k == "sets"
}

// parse reads the query string into a form of the inputs fs.
func (fs *formFields) parse(q url.Values) form {
	f := defaultForm()
	f.fields = fs
	if q.Get("tab") != "" {
		switch t := q.Get("tab"); t {
		case tabOdds, tabResolve, tabCompare:
			f.Tab = t
		}
	}
	if !slices.ContainsFunc(slices.Collect(maps.Keys(q)), formKey) {
		return f
	}
	if q.Has("ruleset") {
		f.Ruleset = q.Get("ruleset")
	}
	rs, _ := rules.ParseRuleset(f.Ruleset)
	def := defaultFormFor(rs)
	f.Options = map[string]string{}
	f.Attacks = nil
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
		if m := attackKey().FindStringSubmatch(k); m != nil {
			i, _ := strconv.Atoi(m[1])
			n = max(n, i+1)
		}
	}
	// A scenario file says it all: no defaults around it.
	useDef := !q.Has("yaml")
	if n == 0 && useDef {
		n = len(def.Attacks)
	}
	// set applies the query's key k to m[name]: a short part keeps its
	// default where the query does not give the field.
	set := func(m fieldValues, short bool, k, name, v string) {
		if v != "" {
			m[name] = v
		} else if !short || q.Has(k) {
			delete(m, name)
		}
	}
	f.Attacks = make([]fieldValues, min(n, maxFormAttacks))
	for i := range f.Attacks {
		short := useDef && !q.Has(fmt.Sprintf("a%d.count", i))
		f.Attacks[i] = fieldValues{}
		if short {
			f.Attacks[i] = maps.Clone(def.Attacks[min(i, len(def.Attacks)-1)])
		}
		for _, ff := range fs.attack {
			k := fmt.Sprintf("a%d.%s", i, ff.Name)
			set(f.Attacks[i], short, k, ff.Name, ff.read(q.Get(k)))
		}
	}
	short := useDef && !q.Has("t.models") && !q.Has("t.toughness")
	f.Target = fieldValues{}
	if short {
		f.Target = maps.Clone(def.Target)
	}
	for _, ff := range fs.target {
		k := "t." + ff.Name
		set(f.Target, short, k, ff.Name, ff.read(q.Get(k)))
	}
	for _, c := range commandNames {
		v := ""
		if ticked(q.Get("t." + c)) {
			v = "1"
		}
		set(f.Target, short, "t."+c, c, v)
	}
	for _, c := range championFields() {
		k := "t.champion." + c.name
		set(f.Target, short, k, "champion."+c.name, strings.TrimSpace(q.Get(k)))
	}
	if short && !q.Has("cmp") {
		f.Compare = def.Compare
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
	add("tab", f.Tab)
	add("ruleset", f.Ruleset)
	if f.YAML != "" {
		add("yaml", f.YAML)
	}
	for _, k := range sortedKeys(f.Options) {
		add("opt."+k, f.Options[k])
	}
	fs := f.schema()
	for i, a := range f.Attacks {
		p := fmt.Sprintf("a%d.", i)
		required := ""
		for _, ff := range fs.attack {
			add(p+ff.Name, a[ff.Name])
			if ff.Required && required == "" {
				required = ff.Name
			}
		}
		if !slices.ContainsFunc(fs.attack, func(ff formField) bool { return ff.Required && a[ff.Name] != "" }) && required != "" {
			q.Set(p+required, "") // keep an empty row in the link
		}
	}
	t := f.Target
	for _, ff := range fs.target {
		add("t."+ff.Name, t[ff.Name])
		if ff.Required && t[ff.Name] == "" {
			q.Set("t."+ff.Name, "") // an empty target is no short link
		}
	}
	for _, c := range commandNames {
		add("t."+c, t[c])
	}
	for _, c := range championFields() {
		add("t.champion."+c.name, t["champion."+c.name])
	}
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
// command checkboxes are "t.command". The attack's and target's inputs
// carry their entries (formField); the champion's and the command group's
// ask here.
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
	return readBy(s, rs)
}

// readBy reports whether ruleset rs reads the field s: a field the
// catalogue does not restrict is read by all, and only those by an
// unknown ruleset.
func readBy(s scenario.FieldSpec, rs rules.Ruleset) bool {
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
	doc, dropped := f.document(rs)
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

// document is the form as a scenario file under ruleset rs, its fields in
// the catalogue's order, and the fields it leaves out because rs does not
// read them.
func (f form) document(rs rules.Ruleset) (ordered.Object, []string) {
	fs := f.schema()
	var dropped []string
	keep := func(s scenario.FieldSpec, name string) bool {
		if !readBy(s, rs) {
			if !slices.Contains(dropped, name) {
				dropped = append(dropped, name)
			}
			return false
		}
		return true
	}
	doc := ordered.Object{}
	doc.Add("ruleset", rs.String())
	opts := ordered.Object{}
	for _, s := range rules.Switches() {
		if v, ok := f.Options[s.Name]; ok && s.AppliesTo(rs) {
			opts.Add(s.Name, v)
		}
	}
	if len(opts) > 0 {
		doc.Add("options", opts)
	}
	attacks := []any{}
	for _, a := range f.Attacks {
		a = maps.Clone(a)
		for _, ff := range fs.attackFile {
			if v := a[ff.Name]; ff.Score != nil && strings.HasSuffix(v, "+") && !ff.ScoreBy(rs) {
				// "4+" is a target number, which only some rulesets
				// write as BS: the others roll the same die as to_hit.
				if a["to_hit"] == "" {
					a["to_hit"] = v
				}
				delete(a, ff.Name)
			}
		}
		o := ordered.Object{}
		for _, ff := range fs.attackFile {
			if v := ff.fileValue(a[ff.Name]); v != nil && keep(ff.readers, ff.Name) {
				o.Add(ff.Name, v)
			}
		}
		attacks = append(attacks, o)
	}
	doc.Add("attacks", attacks)
	t := f.Target
	o := ordered.Object{}
	champion := false
	for _, ff := range fs.targetFile {
		var v any
		switch ff.Name {
		case "command":
			var command []any
			for _, c := range commandNames {
				if t[c] != "" && keep(ff.readers, "command") {
					command = append(command, c)
				}
			}
			champion = slices.Contains(command, any("champion"))
			if len(command) > 0 {
				v = command
			}
		case "champion":
			if !champion {
				break
			}
			var own ordered.Object
			for _, c := range championFields() {
				cs, _ := spec("t.champion." + c.name)
				if x := t["champion."+c.name]; x != "" && keep(cs, "champion."+c.name) {
					own.Add(c.name, championValue(c, x))
				}
			}
			if len(own) > 0 {
				v = own
			}
		case "damage":
			v = f.damage(rs)
		default:
			v = ff.fileValue(t[ff.Name])
			if ff.Name == "models" && rs.Valid() && !rs.Block() {
				// A skirmish target is one warrior (scenario: "In
				// skirmish, 1"): choosing skirmish for a regiment's form
				// fights one of its models instead of failing.
				v = 1
			}
			if v != nil && !keep(ff.readers, ff.Name) {
				v = nil
			}
		}
		if v != nil {
			o.Add(ff.Name, v)
		}
	}
	doc.Add("target", o)
	return doc, dropped
}

// damage is the target's starting damage as the file writes it: a list
// of wounds per model where the damage model keeps them so, else the
// pool's carried wounds, or nil for none.
func (f form) damage(rs rules.Ruleset) any {
	d := f.Target["damage"]
	if d == "" || d == "0" {
		return nil
	}
	var o rules.Options
	for k, v := range f.Options {
		_ = o.Set(k, v) // the loader reports a bad switch
	}
	perModel := rs.Valid() && rules.For(rs).PerModel(o)
	if !perModel && !strings.ContainsAny(d, ", ") {
		return number(d)
	}
	var list []any
	for p := range strings.FieldsFuncSeq(d, func(r rune) bool { return r == ',' || r == ' ' }) {
		list = append(list, number(p))
	}
	return list
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
func fileForm(file *scenario.File, tab string) form { return catalogueFields().fileForm(file, tab) }

// fileForm fills a form of the inputs fs from a scenario file: each
// field's Go value by its file name.
func (fs *formFields) fileForm(file *scenario.File, tab string) form {
	f := form{Tab: tab, Ruleset: file.Ruleset.String(), Options: map[string]string{}, fields: fs}
	for k, v := range file.Options {
		f.Options[rules.SwitchName(k)] = v
	}
	for _, a := range file.Attacks {
		av := reflect.ValueOf(a)
		af := fieldValues{}
		for _, ff := range fs.attack {
			if v := textOf(goField(av, ff.Name)); v != "" {
				af[ff.Name] = v
			}
		}
		// to_hit is the roll that bs or ws give, when they give one; the
		// aim select offers the unit or its champion.
		if a.BS != 0 || a.WS != 0 {
			delete(af, "to_hit")
		}
		delete(af, "target")
		if a.Target.Role == scenario.AimChampion {
			af["target"] = "champion"
		}
		f.Attacks = append(f.Attacks, af)
		if len(f.Attacks) == maxFormAttacks {
			break
		}
	}
	t := file.Target
	tv := reflect.ValueOf(t)
	f.Target = fieldValues{}
	for _, ff := range fs.target {
		if v := textOf(goField(tv, ff.Name)); v != "" {
			f.Target[ff.Name] = v
		}
	}
	delete(f.Target, "damage")
	if d := t.Damage.Carried; d != 0 {
		f.Target["damage"] = strconv.Itoa(d)
	}
	if len(t.Damage.PerModel) > 0 {
		parts := make([]string, len(t.Damage.PerModel))
		for i, d := range t.Damage.PerModel {
			parts[i] = strconv.Itoa(d)
		}
		f.Target["damage"] = strings.Join(parts, ",")
	}
	for _, c := range commandNames {
		if t.HasCommand(c) {
			f.Target[c] = "1"
		}
	}
	for k, v := range championForm(t.Champion) {
		f.Target["champion."+k] = v
	}
	return f
}

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

// rerollText is a re-roll as the form's select holds it: empty for none,
// and a list such as "ones, successes" as the file's list (RULES.md 20.1).
func rerollText(r rules.Reroll) string {
	if r == 0 {
		return ""
	}
	return strings.Trim(r.String(), "[]")
}
