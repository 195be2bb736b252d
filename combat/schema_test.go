package combat

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

var update = flag.Bool("update", false, "rewrite docs/combat.schema.json and the combat section of docs/scenario.md")

const (
	combatSchemaPath   = "../docs/combat.schema.json"
	scenarioSchemaPath = "../docs/scenario.schema.json"
	scenarioDocPath    = "../docs/scenario.md"
)

// The combat file's JSON Schema is derived, never written by hand: the
// unit is docs/scenario.schema.json's target plus height, a fight its
// attack less the fields a fight does not take plus fightOnly, and the
// options its options plus rules.CombatSwitches (rules 21, 21.11).
// What a combat adds is declared here once, with the loader's lists and
// limits; TestCombatSchema fails when the file on disk differs from what
// they give, and -update rewrites it.

type prop = map[string]any

// combatFieldSchemas are the fields a combat file adds, by object, with the
// loader's limits (file.go).
func combatFieldSchemas() map[string]map[string]prop {
	sides := []string{"a", "b", "none"}
	return map[string]map[string]prop{
		"root": {
			"combat": {"$ref": "#/$defs/combat", "description": "The charge, the facing, contact overrides, high ground (rules 21.3)."},
			"sides": {"type": "object", "additionalProperties": false, "required": []any{"a", "b"},
				"properties": prop{
					"a": prop{"$ref": "#/$defs/side", "description": "Side a."},
					"b": prop{"$ref": "#/$defs/side", "description": "Side b."},
				},
				"description": "The two sides, a and b. Required."},
		},
		"combat": {
			"charger":     {"enum": strList(sides), "description": "The side that charged this turn, or none (default): +1 combat result, t9a +1 Agility (rules 21.4, 21.6)."},
			"facing":      {"enum": strList(facingNames), "description": "The facing of the charged unit that the charger fights; default front. Needs a charger (rules 21.3)."},
			"high_ground": {"enum": strList(sides), "description": "+1 combat result to that side (rules 21.6); only the rulesets whose Combat column has HighGround."},
			"contact": {"type": "object", "additionalProperties": false, "description": "Overrides a side's contact width in files (rules 21.3); at most the unit's width.",
				"properties": prop{
					"a": prop{"type": "integer", "minimum": 1, "maximum": scenario.MaxModels, "description": "Side a's contact in files."},
					"b": prop{"type": "integer", "minimum": 1, "maximum": scenario.MaxModels, "description": "Side b's contact in files."},
				}},
		},
		"side": {
			"unit": {"anyOf": []any{prop{"$ref": "#/$defs/unit"}, prop{"$ref": "#/$defs/list_unit"}},
				"description": "The unit: the target fields of docs/scenario.md, plus height; or a unit of a list file, from: and unit: (docs/import.md). Required."},
			"leadership":   {"type": "integer", "minimum": 0, "maximum": 12, "description": "The value the unit tests on (t9a: Discipline), 0 to 12. Required (rules 21.8)."},
			"special":      {"type": "array", "items": prop{"enum": []any{"stubborn", "unbreakable", "close_order", "massed_infantry"}}, "description": "Stubborn, Unbreakable (rules 21.8); tow: close_order, a Close Order formation, +1 in Combat Order with Unit Strength 10 or more, and massed_infantry, +1 with a higher Unit Strength than the enemy (rules 22.11)."},
			"reroll_break": {"type": "boolean", "description": "A failed break test is re-rolled once (rules 21.8)."},
			"bonus":        {"type": "integer", "minimum": -20, "maximum": 20, "description": "Added to the combat result as given: what the engine does not model (rules 21.6)."},
			"fights":       {"type": "array", "items": prop{"$ref": "#/$defs/fight"}, "description": "The unit's attack profiles; a side with none makes no attacks."},
		},
		"fight": {
			"by": {"type": "string", "pattern": "^(rank_and_file|champion|character:.+)$",
				"description": "Who makes the fight: `rank_and_file` (default; musician and standard bearer included), `champion`, or `character:NAME` (rules 21.3)."},
			"attacks":     {"type": "integer", "minimum": 0, "maximum": 100, "description": "Attacks per model. Required."},
			"initiative":  {"type": "integer", "minimum": 0, "maximum": 10, "description": "Initiative (t9a: Agility), without the charge bonus (rules 21.4). Required."},
			"supporting":  {"type": "integer", "minimum": 0, "maximum": 5, "description": "Most attacks a model in a supporting rank makes; default 1 (t9a, t9a1-ru: by height). Mounts 0 (rules 21.3)."},
			"extra_ranks": {"type": "integer", "minimum": 0, "maximum": 5, "description": "Supporting ranks beyond the first, such as spears' 1 (rules 21.3)."},
			"strikes":     {"enum": strList(strikesNames), "description": "Strike-order class: normal, first (Always Strikes First) or last (Always Strikes Last, great weapons) (rules 21.4)."},
		},
		"unit": {
			"height": {"enum": strList(heightNames), "description": "t9a, t9a1-ru: the unit's Height, which sets the default supporting 1, 3 or 5 (rules 21.3)."},
		},
		"unit_character": {
			"battle_standard": {"type": "boolean", "description": "The character carries the battle standard: +1 combat result while alive (rules 21.6)."},
		},
	}
}

// fightRequired are a fight's required fields besides the attack's own
// (count left out).
var fightRequired = []string{"attacks", "initiative"}

func strList(s []string) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

// switchSchema is one combat switch as the file writes it: the loader reads
// a number or a boolean as its text (file.go), so 1 and "1" are one value.
func switchSchema(s rules.Switch) prop {
	desc := fmt.Sprintf("%s (%s). Default: %s.", s.Doc, rules.Cite(s.Ref), s.Default)
	if s.Values == nil {
		return prop{"type": "integer", "minimum": 1, "maximum": 100, "description": desc}
	}
	if isBool(s.Values) {
		return prop{"type": "boolean", "description": desc}
	}
	var ints []any
	for _, v := range s.Values {
		if n, err := strconv.Atoi(v); err == nil {
			ints = append(ints, n)
		}
	}
	if len(ints) == len(s.Values) {
		return prop{"enum": append(ints, strList(s.Values)...), "description": desc}
	}
	return prop{"enum": strList(s.Values), "description": desc}
}

func isBool(values []string) bool {
	v := slices.Clone(values)
	slices.Sort(v)
	return slices.Equal(v, []string{"false", "true"})
}

// clone copies a JSON value deeply.
func clone(v any) any {
	data, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(data, &out)
	return out
}

// deriveSchema builds docs/combat.schema.json from the scenario schema.
func deriveSchema(scen map[string]any) (map[string]any, error) {
	add := combatFieldSchemas()
	defs := clone(scen["$defs"]).(map[string]any)
	def := func(name string) (map[string]any, error) {
		d, ok := defs[name].(map[string]any)
		if !ok {
			return nil, fmt.Errorf("scenario schema has no $defs.%s", name)
		}
		return d, nil
	}
	attack, err := def("attack")
	if err != nil {
		return nil, err
	}
	delete(defs, "attack")
	target, err := def("target")
	if err != nil {
		return nil, err
	}
	delete(defs, "target")
	character, err := def("character")
	if err != nil {
		return nil, err
	}
	scenOpts, err := def("options")
	if err != nil {
		return nil, err
	}

	// The fight: the attack without count, phase, bs, attacker (21.10).
	fprops := attack["properties"].(map[string]any)
	for k := range notInFight {
		if _, ok := fprops[k]; !ok {
			return nil, fmt.Errorf("notInFight names %s, which the attack schema lacks", k)
		}
		delete(fprops, k)
	}
	for k, v := range add["fight"] {
		fprops[k] = v
	}
	var req []string
	for _, r := range strs(attack["required"]) {
		if _, out := notInFight[r]; !out {
			req = append(req, r)
		}
	}
	req = append(req, fightRequired...)
	sort.Strings(req)
	attack["required"] = strList(req)
	attack["description"] = "One attack profile of a kind of model (rules 21): every attack-group field of docs/scenario.md but count, phase, bs and attacker, and who makes it, how many attacks each model makes and when it strikes."
	defs["fight"] = attack

	// The unit: the target plus height; its characters may carry the
	// battle standard.
	uprops := target["properties"].(map[string]any)
	for k, v := range add["unit"] {
		uprops[k] = v
	}
	chars := uprops["characters"].(map[string]any)
	chars["items"] = prop{"$ref": "#/$defs/unit_character"}
	target["description"] = "A side's unit: exactly the target fields of docs/scenario.md, plus height (rules 21)."
	defs["unit"] = target
	// The unit as a unit of a list file (from:): the scenario's list
	// target with the same additions; a fight is never a list's.
	delete(defs, "list_attack")
	lt, err := def("list_target")
	if err != nil {
		return nil, err
	}
	delete(defs, "list_target")
	lprops := lt["properties"].(map[string]any)
	for k, v := range add["unit"] {
		lprops[k] = v
	}
	lprops["characters"].(map[string]any)["items"] = prop{"$ref": "#/$defs/unit_character"}
	lt["description"] = "A side's unit as a unit of a list file (docs/import.md): from, unit and set, and any field of a unit, which overrides what the list gives."
	defs["list_unit"] = lt
	uc := clone(character).(map[string]any)
	for k, v := range add["unit_character"] {
		uc["properties"].(map[string]any)[k] = v
	}
	uc["description"] = "A character of a side's unit: the character fields of docs/scenario.md, plus battle_standard."
	defs["unit_character"] = uc
	delete(defs, "character")

	// The options: the scenario's and the combat switches.
	oprops := scenOpts["properties"].(map[string]any)
	for _, s := range rules.CombatSwitches() {
		oprops[s.Name] = switchSchema(s)
	}
	scenOpts["description"] = "Switches of rules 18 and 19, and the combat switches of rules 21.11, in snake_case; each must be one the ruleset reads."

	object := func(props map[string]prop, required []string, desc string) prop {
		p := prop{}
		for k, v := range props {
			p[k] = v
		}
		o := prop{"type": "object", "additionalProperties": false, "properties": p, "description": desc}
		if len(required) > 0 {
			o["required"] = strList(required)
		}
		return o
	}
	defs["combat"] = object(add["combat"], nil, "The combat block (rules 21).")
	defs["side"] = object(add["side"], []string{"leadership", "unit"}, "One side of the combat (rules 21).")

	sprops := scen["properties"].(map[string]any)
	var round []any
	for _, r := range rules.RulesetsWhere(func(t *rules.Traits) bool { return t.Combat.Round }) {
		round = append(round, r.String())
	}
	props := prop{
		"description": clone(sprops["description"]),
		"ruleset":     prop{"enum": round, "description": "Ruleset: one whose units fight a round of close combat (rules 21). Required."},
		"options":     prop{"$ref": "#/$defs/options", "description": "Switches: those of docs/scenario.md and the combat switches of rules 21.11."},
	}
	for k, v := range add["root"] {
		props[k] = v
	}
	return map[string]any{
		"$schema":              scen["$schema"],
		"$id":                  strings.Replace(scen["$id"].(string), "scenario.schema.json", "combat.schema.json", 1),
		"title":                "rearrank combat file",
		"description":          "One round of close combat between two block units (rules 21, docs/combat.md), for rearrank combat and POST /api/combat. Derived from docs/scenario.schema.json by combat/schema_test.go: go test ./combat -update rewrites it.",
		"type":                 "object",
		"additionalProperties": false,
		"required":             []any{"ruleset", "sides"},
		"properties":           props,
		"$defs":                defs,
	}, nil
}

func strs(v any) []string {
	l, _ := v.([]any)
	var out []string
	for _, x := range l {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

func readJSON(t *testing.T, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return v
}

// TestCombatSchema keeps docs/combat.schema.json what the scenario schema
// and the combat additions give, and those additions equal to the fields
// the loader takes (topFields, combatFields, sideFields, fightOnly).
func TestCombatSchema(t *testing.T) {
	want, err := deriveSchema(readJSON(t, scenarioSchemaPath))
	if err != nil {
		t.Fatal(err)
	}
	add := combatFieldSchemas()
	top := map[string]prop{}
	for k := range want["properties"].(prop) {
		top[k] = nil
	}
	for _, c := range []struct {
		what   string
		fields []string
		schema map[string]prop
	}{
		{"top level", fileNames().top, top},
		{"combat", fileNames().combat, add["combat"]},
		{"side", fileNames().side, add["side"]},
		{"fight-only", fileNames().fightOnly, add["fight"]},
	} {
		var got []string
		for k := range c.schema {
			got = append(got, k)
		}
		sort.Strings(got)
		w := slices.Clone(c.fields)
		sort.Strings(w)
		if !slices.Equal(got, w) {
			t.Errorf("%s: schema fields %v, the loader's %v", c.what, got, w)
		}
	}
	data, err := json.MarshalIndent(want, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, '\n')
	// Every definition is used, and every reference has its definition.
	for name := range want["$defs"].(map[string]any) {
		if !bytes.Contains(data, []byte(`"#/$defs/`+name+`"`)) {
			t.Errorf("$defs.%s is never referenced", name)
		}
	}
	for _, ref := range bytes.Split(data, []byte(`"#/$defs/`))[1:] {
		name := string(ref[:bytes.IndexByte(ref, '"')])
		if want["$defs"].(map[string]any)[name] == nil {
			t.Errorf("#/$defs/%s has no definition", name)
		}
	}
	if *update {
		if err := os.WriteFile(combatSchemaPath, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(combatSchemaPath)
	if err != nil {
		t.Fatalf("%v (go test ./combat -update writes it)", err)
	}
	if !bytes.Equal(have, data) {
		t.Errorf("%s differs from what docs/scenario.schema.json and the combat fields give (go test ./combat -update rewrites it)", combatSchemaPath)
	}
}

// The tables of docs/scenario.md's combat section between "<!-- combat
// NAME -->" and "<!-- end combat -->" come from combatFieldSchemas and
// rules.CombatSwitches; -update rewrites them.
var combatBlock = regexp.MustCompile(`(?s)(<!-- combat ([a-z]+) -->\n)(.*?)(<!-- end combat -->)`)

// combatTable renders one generated table of the combat section.
func combatTable(name string) (string, error) {
	var b strings.Builder
	row := func(cells ...string) { b.WriteString("| " + strings.Join(cells, " | ") + " |\n") }
	fields := func(m map[string]prop, order []string) {
		row("Field", "Type", "Meaning")
		row("---", "---", "---")
		for _, k := range order {
			p := m[k]
			row("`"+k+"`", schemaType(p), p["description"].(string))
		}
	}
	add := combatFieldSchemas()
	switch name {
	case "file":
		top := map[string]prop{
			"description": {"type": "string", "description": "Text for readers."},
			"ruleset":     {"type": "string", "description": "A ruleset whose units fight a round of close combat: " + rulesetsWhere(blockRound) + ". Required."},
			"options":     {"type": "object", "description": "The switches of [Options](#options) and the combat switches below."},
		}
		for k, v := range add["root"] {
			top[k] = v
		}
		fields(top, fileNames().top)
	case "combat":
		fields(add["combat"], fileNames().combat)
	case "side":
		fields(add["side"], fileNames().side)
	case "fight":
		fields(add["fight"], fileNames().fightOnly)
	case "switches":
		row("Option", "Values", "Default", "Rulesets", "Meaning")
		row("---", "---", "---", "---", "---")
		for _, s := range rules.CombatSwitches() {
			vals := "a whole number"
			if s.Values != nil {
				vals = "`" + strings.Join(s.Values, "`, `") + "`"
			}
			var names []string
			for _, r := range s.Rulesets {
				names = append(names, r.String())
			}
			row("`"+s.Name+"`", vals, s.Default, strings.Join(names, ", "), s.Doc+" ("+rules.Cite(s.Ref)+")")
		}
	default:
		return "", fmt.Errorf("docs/scenario.md: no combat table %q", name)
	}
	return b.String(), nil
}

// schemaType says in a word what a schema property holds.
func schemaType(p prop) string {
	switch {
	case p["enum"] != nil:
		var vals []string
		for _, v := range p["enum"].([]any) {
			vals = append(vals, fmt.Sprintf("`%v`", v))
		}
		return strings.Join(vals, ", ")
	case p["$ref"] != nil, p["anyOf"] != nil:
		return "mapping"
	case p["type"] == "integer":
		return fmt.Sprintf("%v to %v", p["minimum"], p["maximum"])
	case p["type"] == "array":
		return "list"
	case p["type"] == "object":
		return "mapping"
	}
	return fmt.Sprint(p["type"])
}

// TestScenarioDocCombatSection keeps the combat section of docs/scenario.md
// generated, and loads its combat examples.
func TestScenarioDocCombatSection(t *testing.T) {
	data, err := os.ReadFile(scenarioDocPath)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	var bad []string
	out := combatBlock.ReplaceAllStringFunc(string(data), func(m string) string {
		sub := combatBlock.FindStringSubmatch(m)
		found[sub[2]] = true
		want, err := combatTable(sub[2])
		if err != nil {
			t.Error(err)
			return m
		}
		if sub[3] != want {
			bad = append(bad, sub[2])
		}
		return sub[1] + want + sub[4]
	})
	for _, name := range []string{"file", "combat", "side", "fight", "switches"} {
		if !found[name] {
			t.Errorf("%s has no generated combat table %q", scenarioDocPath, name)
		}
	}
	loaded := 0
	parts := strings.Split(string(data), "```")
	for i := 1; i < len(parts); i += 2 {
		lang, body, _ := strings.Cut(parts[i], "\n")
		if (lang == "yaml" || lang == "json") && IsFile([]byte(body)) {
			loaded++
			if _, err := Load(fmt.Sprintf("docs/scenario.md block %d", i/2+1), []byte(body)); err != nil {
				t.Errorf("%v\n%s", err, body)
			}
		}
	}
	if loaded == 0 {
		t.Errorf("%s: no combat example", scenarioDocPath)
	}
	if len(bad) == 0 {
		return
	}
	if !*update {
		t.Fatalf("%s: the combat tables %v differ from the combat declaration (go test ./combat -update rewrites them)", scenarioDocPath, bad)
	}
	if err := os.WriteFile(scenarioDocPath, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSchemaRangesAreTheLoaders: every integer a combat adds is accepted by
// Load at the schema's minimum and maximum and refused one past each, so
// the schema's ranges are the loader's.
func TestSchemaRangesAreTheLoaders(t *testing.T) {
	base := func() map[string]any {
		var f map[string]any
		if err := json.Unmarshal([]byte(`{"ruleset": "whfb8",
 "sides": {"a": {"unit": {"name": "Elves", "models": 20, "frontage": 5, "ws": 4, "toughness": 3}, "leadership": 8,
                 "fights": [{"attacks": 1, "initiative": 5, "ws": 4, "strength": 3}]},
           "b": {"unit": {"name": "Men", "models": 20, "frontage": 5, "ws": 3, "toughness": 3}, "leadership": 7,
                 "fights": [{"attacks": 1, "initiative": 3, "ws": 3, "strength": 3}]}}}`), &f); err != nil {
			t.Fatal(err)
		}
		return f
	}
	side := func(f map[string]any) map[string]any {
		return f["sides"].(map[string]any)["a"].(map[string]any)
	}
	add := combatFieldSchemas()
	checked := 0
	for _, obj := range []string{"side", "fight"} {
		for name, p := range add[obj] {
			if p["type"] != "integer" {
				continue
			}
			lo, hi := p["minimum"].(int), p["maximum"].(int)
			for _, c := range []struct {
				v  int
				ok bool
			}{{lo, true}, {hi, true}, {lo - 1, false}, {hi + 1, false}} {
				f := base()
				if obj == "side" {
					side(f)[name] = c.v
				} else {
					side(f)["fights"].([]any)[0].(map[string]any)[name] = c.v
				}
				data, _ := json.Marshal(f)
				_, err := Load("f.json", data)
				if (err == nil) != c.ok {
					t.Errorf("%s.%s = %d: error %v, want accepted %v (schema %d to %d)", obj, name, c.v, err, c.ok, lo, hi)
				}
			}
			checked++
		}
	}
	if checked < 6 {
		t.Errorf("checked %d integer fields, want the 6 of side and fight", checked)
	}
}
