package scenario

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
	"github.com/rearrank/rearrank/rules"
)

// The JSON Schema in docs/ is written by hand, with descriptions for
// editors and validators. These tests keep it in step with the Go types:
// the same fields, compatible types and ranges, the same required fields,
// and enums equal to the rules package's name lists.

const schemaPath = "../docs/scenario.schema.json"

type schemaDoc map[string]any

func loadSchema(t *testing.T) schemaDoc {
	t.Helper()
	data, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	var s schemaDoc
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("%s: %v", schemaPath, err)
	}
	if s["$schema"] != "https://json-schema.org/draft/2020-12/schema" {
		t.Errorf("$schema = %v, want draft 2020-12", s["$schema"])
	}
	return s
}

// def returns the definition a "#/$defs/name" reference names.
func (s schemaDoc) def(ref string) map[string]any {
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok {
		return nil
	}
	d, _ := s["$defs"].(map[string]any)[name].(map[string]any)
	return d
}

func strs(v any) []string {
	var out []string
	for _, x := range asList(v) {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

func asList(v any) []any { l, _ := v.([]any); return l }

func asMap(v any) map[string]any { m, _ := v.(map[string]any); return m }

func num(v any) (int, bool) {
	f, ok := v.(float64)
	return int(f), ok
}

func TestSchemaMatchesTypes(t *testing.T) {
	s := loadSchema(t)
	objects := []struct {
		typ    reflect.Type
		schema map[string]any
		name   string
	}{
		{reflect.TypeFor[File](), s, "root"},
		{reflect.TypeFor[Attack](), s.def("#/$defs/attack"), "attack"},
		{reflect.TypeFor[Target](), s.def("#/$defs/target"), "target"},
		{reflect.TypeFor[Champion](), s.def("#/$defs/champion"), "champion"},
		{reflect.TypeFor[Character](), s.def("#/$defs/character"), "character"},
		{reflect.TypeFor[Group](), s.def("#/$defs/group"), "group"},
	}
	for _, o := range objects {
		if o.schema == nil {
			t.Errorf("schema has no definition for %s", o.name)
			continue
		}
		if o.schema["additionalProperties"] != false {
			t.Errorf("%s: additionalProperties is not false: unknown fields must be errors", o.name)
		}
		props := asMap(o.schema["properties"])
		var goNames, required []string
		for _, f := range fieldsOf(o.typ) {
			goNames = append(goNames, f.name)
			if !f.omitempty {
				required = append(required, f.name)
			}
			p := asMap(props[f.name])
			if p == nil {
				t.Errorf("%s.%s: in the Go type but not in the schema", o.name, f.name)
				continue
			}
			if d, _ := p["description"].(string); d == "" {
				t.Errorf("%s.%s: no description", o.name, f.name)
			}
			ft := o.typ.FieldByIndex(f.index).Type
			checkType(t, s, o.name+"."+f.name, ft, f, p)
		}
		for name := range props {
			if !slices.Contains(goNames, name) {
				t.Errorf("%s.%s: in the schema but not in the Go type", o.name, name)
			}
		}
		gotReq := strs(o.schema["required"])
		sort.Strings(gotReq)
		sort.Strings(required)
		if !slices.Equal(gotReq, required) {
			t.Errorf("%s: schema requires %v, the Go type (fields without omitempty) %v", o.name, gotReq, required)
		}
	}
	checkOptions(t, s)

	// Every definition is used.
	data, _ := os.ReadFile(schemaPath)
	for name := range asMap(s["$defs"]) {
		if !strings.Contains(string(data), `"#/$defs/`+name+`"`) {
			t.Errorf("$defs.%s is never referenced", name)
		}
	}
}

// TestSchemaListForms keeps the forms of a target and an attack group that
// name a unit of a list file (from:, docs/import.md) the target's and the
// attack's fields, each as the schema says it, plus from, unit and set,
// and checks that the schema takes them where Load's callers do.
func TestSchemaListForms(t *testing.T) {
	s := loadSchema(t)
	for _, c := range []struct{ list, base string }{{"list_target", "target"}, {"list_attack", "attack"}} {
		l, b := s.def("#/$defs/"+c.list), s.def("#/$defs/"+c.base)
		if l == nil || b == nil {
			t.Fatalf("no $defs.%s or $defs.%s", c.list, c.base)
		}
		if l["additionalProperties"] != false || !slices.Equal(strs(l["required"]), []string{"from", "unit"}) {
			t.Errorf("%s: want additionalProperties false and required [from unit], got %v and %v", c.list, l["additionalProperties"], l["required"])
		}
		lp, bp := asMap(l["properties"]), asMap(b["properties"])
		for name, p := range bp {
			if !reflect.DeepEqual(lp[name], p) {
				t.Errorf("%s.%s: %v, want the %s's %v", c.list, name, lp[name], c.base, p)
			}
		}
		for name := range lp {
			if _, ok := bp[name]; !ok && name != "from" && name != "unit" && name != "set" {
				t.Errorf("%s.%s: neither a %s field nor from, unit, set", c.list, name, c.base)
			}
		}
	}
	good := "ruleset: tow\nattacks:\n  - {from: army.json, unit: Knights, hit_modifier: -1}\n  - {count: 3, strength: 4}\ntarget: {from: army.json, unit: Spearmen, set: {ws: 3, armour: light, shield: true}, frontage: 10}\n"
	if errs := validateDoc(t, s, []byte(good)); len(errs) > 0 {
		t.Errorf("does not fit the schema:\n%s\n%s", strings.Join(errs, "\n"), good)
	}
	for name, src := range map[string]string{
		"from without unit":  "ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {from: army.json}\n",
		"a typo beside from": "ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {from: army.json, unit: X, frontgae: 3}\n",
		"empty file name":    "ruleset: tow\nattacks: [{from: \"\", unit: X}]\ntarget: {models: 1, toughness: 3}\n",
	} {
		if errs := validateDoc(t, s, []byte(src)); len(errs) == 0 {
			t.Errorf("%s: the schema accepts\n%s", name, src)
		}
	}
}

// checkType checks that the schema of one field fits its Go type.
func checkType(t *testing.T, s schemaDoc, where string, ft reflect.Type, f field, p map[string]any) {
	t.Helper()
	if ft.Kind() == reflect.Pointer {
		ft = ft.Elem()
	}
	ref, _ := p["$ref"].(string)
	wantRef := func(name string) map[string]any {
		t.Helper()
		if ref != "#/$defs/"+name {
			// multiple_wounds also allows "": anyOf [$ref expr, const ""].
			for _, alt := range asList(p["anyOf"]) {
				if asMap(alt)["$ref"] == "#/$defs/"+name {
					return s.def("#/$defs/" + name)
				}
			}
			t.Errorf("%s: want $ref #/$defs/%s, got %v", where, name, p)
			return nil
		}
		return s.def(ref)
	}
	wantEnum := func(got map[string]any, names []string) {
		t.Helper()
		if got == nil {
			return
		}
		if e := strs(got["enum"]); !slices.Equal(e, names) {
			t.Errorf("%s: enum %v, want %v", where, e, names)
		}
	}
	switch ft {
	case typeRuleset:
		wantEnum(p, rulesetNames())
		return
	case typePhase:
		wantEnum(p, PhaseNames())
		return
	case typeWeaponClass:
		wantEnum(p, WeaponClassNames())
		return
	case typeArmour:
		wantEnum(wantRef("armour"), append(rules.ArmourNames(), rules.ArmourAliases()...))
		return
	case typeTroopType:
		wantEnum(wantRef("troop_type"), rules.TroopTypeNames())
		return
	case typeTarget:
		wantRef("score")
		return
	case typeToHit:
		wantRef("to_hit")
		return
	case typeExpr:
		wantRef("expr")
		return
	case typeDamage:
		wantRef("damage")
		return
	case typeOptions:
		wantRef("options")
		return
	case typeTrigger:
		wantRef("trigger")
		return
	case typeReroll: // RULES.md 20.1: a model's own save re-rolls cannot be successes
		if f.name == "reroll_armour" || f.name == "reroll_special" {
			wantRef("own_reroll")
		} else {
			wantRef("reroll")
		}
		return
	case typeAgainst: // RULES.md 8.2: the conditions, alone or in a list
		d := wantRef("against")
		for _, alt := range asList(d["oneOf"]) {
			if e := asMap(alt)["enum"]; e != nil {
				wantEnum(asMap(alt), rules.AgainstNames())
			} else {
				wantEnum(asMap(asMap(alt)["items"]), rules.AgainstNames())
			}
		}
		return
	case typeAim:
		d := wantRef("aim")
		pat, _ := d["pattern"].(string)
		for _, tt := range rules.TroopTypeNames() {
			if !strings.Contains(pat, tt) {
				t.Errorf("%s: aim pattern lacks troop type %s", where, tt)
			}
		}
		return
	}
	typ, _ := p["type"].(string)
	switch ft.Kind() {
	case reflect.Int:
		if f.plus {
			// An integer, or the same number written as a score ("4+").
			var ok bool
			for _, alt := range asList(p["oneOf"]) {
				if asMap(alt)["type"] == "integer" {
					checkRange(t, where, f, asMap(alt))
					ok = true
				}
			}
			if !ok {
				t.Errorf("%s: want oneOf with an integer, got %v", where, p)
			}
			return
		}
		if typ != "integer" {
			t.Errorf("%s: type %q, want integer", where, typ)
		}
		checkRange(t, where, f, p)
	case reflect.Bool:
		if typ != "boolean" {
			t.Errorf("%s: type %q, want boolean", where, typ)
		}
	case reflect.String:
		if typ != "string" {
			t.Errorf("%s: type %q, want string", where, typ)
		}
	case reflect.Struct:
		switch ft {
		case reflect.TypeFor[Target](), reflect.TypeFor[Champion]():
			wantRef(strings.ToLower(ft.Name()))
		default:
			t.Errorf("%s: no schema check for %v", where, ft)
		}
	case reflect.Slice:
		if typ != "array" {
			t.Errorf("%s: type %q, want array", where, typ)
		}
		items := asMap(p["items"])
		switch ft.Elem() {
		case reflect.TypeFor[string]():
			if e := strs(items["enum"]); !slices.Equal(e, commandRoles) {
				t.Errorf("%s: items enum %v, want %v", where, e, commandRoles)
			}
		case reflect.TypeFor[Attack](), reflect.TypeFor[Character](), reflect.TypeFor[Group]():
			name := strings.ToLower(ft.Elem().Name())
			refs := []any{items["$ref"]}
			for _, alt := range asList(items["anyOf"]) { // an attack group may be a list's unit (list_attack)
				refs = append(refs, asMap(alt)["$ref"])
			}
			if !slices.Contains(refs, any("#/$defs/"+name)) {
				t.Errorf("%s: items %v, want $ref #/$defs/%s", where, items, name)
			}
		default:
			t.Errorf("%s: no schema check for %v", where, ft)
		}
	default:
		t.Errorf("%s: no schema check for %v", where, ft)
	}
}

func checkRange(t *testing.T, where string, f field, p map[string]any) {
	t.Helper()
	if !f.ranged {
		t.Errorf("%s: Go field has no range tag", where)
		return
	}
	lo, okLo := num(p["minimum"])
	hi, okHi := num(p["maximum"])
	if !okLo || !okHi || lo != f.lo || hi != f.hi {
		t.Errorf("%s: schema range %v..%v, Go range %d..%d", where, p["minimum"], p["maximum"], f.lo, f.hi)
	}
}

// checkOptions checks the options object against rules.Switches: the same
// names, the same values and defaults.
func checkOptions(t *testing.T, s schemaDoc) {
	o := s.def("#/$defs/options")
	if o == nil || o["additionalProperties"] != false {
		t.Fatalf("options: missing, or allows unknown switches: %v", o)
	}
	props := asMap(o["properties"])
	var names []string
	for _, sw := range rules.Switches() {
		names = append(names, sw.Name)
		p := asMap(props[sw.Name])
		if p == nil {
			t.Errorf("options.%s: switch missing from the schema", sw.Name)
			continue
		}
		if d, _ := p["description"].(string); d == "" {
			t.Errorf("options.%s: no description", sw.Name)
		}
		switch {
		case sw.Values == nil:
			if len(asList(p["oneOf"])) == 0 || p["default"] != sw.Default {
				t.Errorf("options.%s: want a number or fraction with default %s, got %v", sw.Name, sw.Default, p)
			}
		case isBoolSwitch(sw):
			if p["type"] != "boolean" || p["default"] != (sw.Default == "true") {
				t.Errorf("options.%s: want boolean with default %s, got %v", sw.Name, sw.Default, p)
			}
		default:
			// the values, then the earlier names still accepted
			want := append(slices.Clone(sw.Values), slices.Sorted(maps.Keys(sw.Aliases))...)
			if e := strs(p["enum"]); !slices.Equal(e, want) || p["default"] != sw.Default {
				t.Errorf("options.%s: enum %v default %v, want %v default %s", sw.Name, e, p["default"], want, sw.Default)
			}
		}
	}
	for name := range props {
		if !slices.Contains(names, name) {
			t.Errorf("options.%s: in the schema but not a switch", name)
		}
	}
}

func isBoolSwitch(sw rules.Switch) bool {
	v := slices.Clone(sw.Values)
	slices.Sort(v)
	return slices.Equal(v, []string{"false", "true"})
}

// TestSchemaAcceptsExamples validates every example against the schema with
// a small validator for the keywords the schema uses, and checks that the
// schema rejects what it should.
func TestSchemaAcceptsExamples(t *testing.T) {
	s := loadSchema(t)
	for _, p := range examples(t) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if errs := validateDoc(t, s, data); len(errs) > 0 {
			t.Errorf("%s does not fit the schema:\n%s", p, strings.Join(errs, "\n"))
		}
	}
	for _, e := range equivalent {
		for _, src := range []string{e.yaml, e.json} {
			if errs := validateDoc(t, s, []byte(src)); len(errs) > 0 {
				t.Errorf("does not fit the schema:\n%s\n%s", strings.Join(errs, "\n"), src)
			}
		}
	}
	bad := map[string]string{
		"unknown field":      base + "  damge: 1\n",
		"wrong type":         with(t, "strength: 3", `strength: "four"`),
		"unknown armour":     base + "  armour: hevy\n",
		"out of range":       with(t, "toughness: 3", "toughness: 11"),
		"bad dice":           with(t, "count: 10", "count: 2D7"),
		"missing toughness":  with(t, "  toughness: 3\n", ""),
		"unknown option":     with(t, "ruleset: whfb8", "ruleset: whfb8\noptions: {damage_modle: pooled}"),
		"bad option value":   with(t, "ruleset: whfb8", "ruleset: battleaxe\noptions: {damage_model: pool}"),
		"bad aim":            with(t, "    strength: 3", "    strength: 3\n    target: rank_and_file:elves"),
		"command twice":      base + "  command: [musician, musician]\n",
		"no attacks":         "ruleset: whfb8\nattacks: []\ntarget: {models: 1, toughness: 3}\n",
		"ward 7+":            base + "  ward: 7+\n",
		"character unnamed":  base + "  characters: [{toughness: 3}]\n",
		"unknown ruleset":    with(t, "ruleset: whfb8", "ruleset: whfb9"),
		"negative damage":    base + "  damage: -1\n",
		"bs as a bare score": with(t, "    strength: 3", "    strength: 3\n    bs: 11+"),
	}
	for name, src := range bad {
		if errs := validateDoc(t, s, []byte(src)); len(errs) == 0 {
			t.Errorf("%s: the schema accepts\n%s", name, src)
		}
	}
}

func validateDoc(t *testing.T, s schemaDoc, src []byte) []string {
	t.Helper()
	js, err := yaml.YAMLToJSON(src)
	if err != nil {
		t.Fatalf("YAMLToJSON: %v", err)
	}
	var doc any
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	v := validator{s: s}
	v.check(map[string]any(s), doc, "$")
	return v.errs
}

// validator implements the part of JSON Schema 2020-12 the scenario schema
// uses. An unknown keyword is an error, so the schema cannot lean on a
// check this validator silently skips.
type validator struct {
	s    schemaDoc
	errs []string
}

var annotations = map[string]bool{"description": true, "default": true, "$schema": true, "$id": true, "title": true, "$defs": true}

func (v *validator) fail(path, format string, args ...any) {
	v.errs = append(v.errs, path+": "+fmt.Sprintf(format, args...))
}

func (v *validator) check(sch map[string]any, x any, path string) {
	for k, kw := range sch {
		switch k {
		case "$ref":
			d := v.s.def(kw.(string))
			if d == nil {
				v.fail(path, "unresolved $ref %v", kw)
				continue
			}
			v.check(d, x, path)
		case "type":
			if !hasType(x, kw.(string)) {
				v.fail(path, "want %s, got %v", kw, x)
			}
		case "enum":
			if !slices.Contains(asList(kw), x) {
				v.fail(path, "%v not in %v", x, kw)
			}
		case "const":
			if x != kw {
				v.fail(path, "want %v, got %v", kw, x)
			}
		case "properties":
			m, ok := x.(map[string]any)
			if !ok {
				continue
			}
			for name, sub := range asMap(kw) {
				if val, ok := m[name]; ok {
					v.check(asMap(sub), val, path+"."+name)
				}
			}
		case "additionalProperties":
			m, ok := x.(map[string]any)
			if !ok || kw != false {
				continue
			}
			props := asMap(sch["properties"])
			for name := range m {
				if _, ok := props[name]; !ok {
					v.fail(path, "unknown property %q", name)
				}
			}
		case "required":
			m, ok := x.(map[string]any)
			if !ok {
				continue
			}
			for _, name := range strs(kw) {
				if _, ok := m[name]; !ok {
					v.fail(path, "missing %q", name)
				}
			}
		case "items":
			for i, item := range asList(x) {
				v.check(asMap(kw), item, fmt.Sprintf("%s[%d]", path, i))
			}
		case "oneOf", "anyOf":
			n := 0
			for _, alt := range asList(kw) {
				sub := validator{s: v.s}
				sub.check(asMap(alt), x, path)
				if len(sub.errs) == 0 {
					n++
				}
			}
			if n == 0 || k == "oneOf" && n > 1 {
				v.fail(path, "%v matches %d of the %s alternatives", x, n, k)
			}
		case "minimum", "maximum", "exclusiveMinimum":
			f, ok := x.(float64)
			lim := kw.(float64)
			if ok && (k == "minimum" && f < lim || k == "maximum" && f > lim || k == "exclusiveMinimum" && f <= lim) {
				v.fail(path, "%v breaks %s %v", f, k, lim)
			}
		case "pattern":
			if str, ok := x.(string); ok && !regexp.MustCompile(kw.(string)).MatchString(str) {
				v.fail(path, "%q does not match %s", str, kw)
			}
		case "minLength":
			if str, ok := x.(string); ok && len(str) < int(kw.(float64)) {
				v.fail(path, "%q is shorter than %v", str, kw)
			}
		case "minItems", "maxItems":
			if l, ok := x.([]any); ok && (k == "minItems" && len(l) < int(kw.(float64)) || k == "maxItems" && len(l) > int(kw.(float64))) {
				v.fail(path, "%d items breaks %s %v", len(l), k, kw)
			}
		case "uniqueItems":
			l := asList(x)
			for i := range l {
				for j := range i {
					if reflect.DeepEqual(l[i], l[j]) {
						v.fail(path, "item %d repeats item %d", i, j)
					}
				}
			}
		default:
			if !annotations[k] {
				v.fail(path, "the test validator does not know the keyword %q", k)
			}
		}
	}
}

func hasType(x any, typ string) bool {
	switch typ {
	case "object":
		_, ok := x.(map[string]any)
		return ok
	case "array":
		_, ok := x.([]any)
		return ok
	case "string":
		_, ok := x.(string)
		return ok
	case "boolean":
		_, ok := x.(bool)
		return ok
	case "number":
		_, ok := x.(float64)
		return ok
	case "integer":
		f, ok := x.(float64)
		return ok && f == math.Trunc(f)
	}
	return false
}
