package web

import (
	"context"
	"encoding/json"
	"github.com/rearrank/rearrank/scenario"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/combat"
)

// exactReport is a combat's exact report, for comparing two files.
func exactReport(t *testing.T, name, file string) *combat.Report {
	t.Helper()
	c, err := combat.Load(name, []byte(file))
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, file)
	}
	rep, err := c.Exact(context.Background(), combat.ExactConfig{MaxStates: 200000})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return rep
}

// sameReport compares the chances and distributions of two reports.
func sameReport(t *testing.T, name string, a, b *combat.Report) {
	t.Helper()
	for _, p := range []struct {
		what string
		x, y any
	}{
		{"a wins", a.AWins.RatString(), b.AWins.RatString()},
		{"draw", a.Draw.RatString(), b.Draw.RatString()},
		{"b wins", a.BWins.RatString(), b.BWins.RatString()},
		{"loser breaks", a.LoserBreaks.RatString(), b.LoserBreaks.RatString()},
		{"casualties a", a.Sides[0].Casualties.Mean().RatString(), b.Sides[0].Casualties.Mean().RatString()},
		{"casualties b", a.Sides[1].Casualties.Mean().RatString(), b.Sides[1].Casualties.Mean().RatString()},
		{"result a", a.Sides[0].CombatResult.Mean().RatString(), b.Sides[0].CombatResult.Mean().RatString()},
		{"result b", a.Sides[1].CombatResult.Mean().RatString(), b.Sides[1].CombatResult.Mean().RatString()},
	} {
		if p.x != p.y {
			t.Errorf("%s: %s %v, after the form %v", name, p.what, p.x, p.y)
		}
	}
}

// TestCombatFormRoundTrip: every example combat loads into the form, and
// the form's file gives the same combat (the same exact chances); the
// form's file read back is the same form, and its link the same link.
func TestCombatFormRoundTrip(t *testing.T) {
	for _, name := range exampleNames() {
		file, _ := exampleFile(name)
		f, left, err := fromCombatFile([]byte(file))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(left) > 0 {
			t.Errorf("%s: the form leaves out %v", name, left)
		}
		text, err := f.fileText()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		sameReport(t, name, exactReport(t, name, file), exactReport(t, name+" from the form", text))
		g, _, err := fromCombatFile([]byte(text))
		if err != nil {
			t.Fatalf("%s: the form's file: %v\n%s", name, err, text)
		}
		if !reflect.DeepEqual(f, g) {
			t.Errorf("%s: form -> file -> form changed it:\n%+v\n%+v", name, f, g)
		}
		if again := parseCombatForm(f.values()); !reflect.DeepEqual(again, f) {
			t.Errorf("%s: form -> link -> form changed it:\n%+v\n%+v", name, f, again)
		}
	}
}

// TestCombatFormFields: the knights' example as the form holds it, by the
// catalogue's names: the unit as the odds form's target, the fights with
// their own fields, the combat block.
func TestCombatFormFields(t *testing.T) {
	file, _ := exampleFile("combat-knights-flank")
	f, _, err := fromCombatFile([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"ruleset":          "whfb8",
		"c.charger":        "a",
		"c.facing":         "flank_left",
		"a.leadership":     "8",
		"a.u.name":         "Knights",
		"a.u.models":       "8",
		"a.u.frontage":     "4",
		"a.u.troop_type":   "cavalry",
		"a.u.armour":       "plate",
		"a.u.shield":       "1",
		"a.u.barding":      "1",
		"a.u.champion":     "1",
		"a.f0.attacks":     "1",
		"a.f0.strength":    "5",
		"a.f1.by":          "champion",
		"a.f1.attacks":     "2",
		"a.f2.supporting":  "0",
		"a.f2.ws":          "3",
		"b.u.name":         "Spearmen",
		"b.u.models":       "25",
		"b.f0.extra_ranks": "1",
	}
	q := f.values()
	for k, v := range want {
		if got := q.Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	if q.Has("b.f1.attacks") || q.Has("a.f4.attacks") {
		t.Errorf("fights that are not in the file: %v", q)
	}
}

// TestCombatFormFile: the form's file reads as the examples do, and every
// field the form has goes into it: the charge, a special rule, a bonus, a
// switch, a champion's own profile.
func TestCombatFormFile(t *testing.T) {
	q := url.Values{
		"ruleset": {"tow"}, "c.charger": {"b"}, "c.high_ground": {"a"}, "opt.step_up": {"fights"},
		"a.leadership": {"8"}, "a.stubborn": {"1"}, "a.bonus": {"2"},
		"a.u.name": {"Spear: men"}, "a.u.models": {"20"}, "a.u.frontage": {"5"}, "a.u.toughness": {"3"}, "a.u.ws": {"3"},
		"a.u.champion": {"1"}, "a.u.champion.ws": {"4"},
		"a.f0.attacks": {"1"}, "a.f0.initiative": {"3"}, "a.f0.ws": {"3"}, "a.f0.strength": {"3"}, "a.f0.extra_ranks": {"1"},
		"b.leadership": {"7"}, "b.u.name": {"Orcs"}, "b.u.models": {"10"}, "b.u.toughness": {"4"}, "b.u.ws": {"3"},
		"b.f0.attacks": {"1"}, "b.f0.initiative": {"2"}, "b.f0.ws": {"3"}, "b.f0.strength": {"4"}, "b.f0.strikes": {"last"},
	}
	f := parseCombatForm(q)
	text, err := f.fileText()
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"ruleset: tow\n", "options:\n  step_up: fights\n", "combat:\n  charger: b\n  high_ground: a\n",
		"      name: \"Spear: men\"\n", "      command: [champion]\n", "      champion: {ws: 4}\n",
		"    leadership: 8\n    bonus: 2\n    special: [stubborn]\n",
		"      - {attacks: 1, initiative: 3, ws: 3, strength: 3, extra_ranks: 1}\n",
		"      - {attacks: 1, initiative: 2, ws: 3, strength: 4, strikes: last}\n",
	} {
		if !strings.Contains(text, line) {
			t.Errorf("the file lacks %q:\n%s", line, text)
		}
	}
	c, err := combat.Load("form", []byte(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if !c.Sides[0].Stubborn || c.Sides[0].Bonus != 2 || c.Charger != combat.B || c.HighGround != combat.A {
		t.Errorf("the combat: %+v", c)
	}
	g, _, err := fromCombatFile([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.values(), f.values()) {
		t.Errorf("back from the file:\n%v\n%v", g.values(), f.values())
	}
}

// TestCombatFormLeftOut: what the form cannot hold is named.
func TestCombatFormLeftOut(t *testing.T) {
	file := `ruleset: whfb8
description: two units
sides:
  a:
    unit:
      models: 20
      toughness: 3
      ws: 3
      characters: [{name: Hero, ws: 5, toughness: 4, battle_standard: true}]
    leadership: 7
    fights:
      - {attacks: 1, initiative: 3, ws: 3, strength: 3}
      - {by: "character:Hero", attacks: 3, initiative: 5, ws: 5, strength: 4}
  b:
    unit: {models: 20, toughness: 3, ws: 3}
    leadership: 7
    fights: [{attacks: 1, initiative: 3, ws: 3, strength: 3}]
`
	_, left, err := fromCombatFile([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"description", "sides.a.fights[1] (by character:Hero)", "sides.a.unit.characters"}
	if !reflect.DeepEqual(left, want) {
		t.Errorf("left out %v, want %v", left, want)
	}
	// The page says so, above the form, and works out the rest.
	h := testServer(t, Config{}).Handler()
	body := page(t, h, "/combat?"+url.Values{"file": {file}}.Encode())
	contains(t, "a file with a character", body, `id="combat-left"`,
		"left out: description, sides.a.fights[1] (by character:Hero), sides.a.unit.characters.", `id="outcome-bar"`, `id="a-u-models" name="a.u.models" value="20"`)
	if strings.Contains(body, "a-f1-attacks") {
		t.Error("the character's fight is in the form")
	}
}

// TestCombatInputName: a combat file's field is the form's input.
func TestCombatInputName(t *testing.T) {
	for _, c := range []struct{ path, msg, want string }{
		{"sides.a.fights[0].strength", "want 1 to 10, got 11", "a.f0.strength"},
		{"sides.b.unit.command[1]", "x", "b.u.musician"},
		{"sides.b.unit.champion.ws", "x", "b.u.champion.ws"},
		{"sides.a.leadership", "x", "a.leadership"},
		{"sides.a", "leadership: required (the value)", "a.leadership"},
		{"sides.b.fights[2]", "attacks: required (attacks per model)", "b.f2.attacks"},
		{"combat.contact.a", "x", "c.contact.a"},
		{"options.step_up", "x", "opt.step_up"},
		{"sides.a.special[0]", "x", ""},
		{"", "x", ""},
	} {
		if got := combatInputName(c.path, c.msg); got != c.want {
			t.Errorf("%s (%s): %q, want %q", c.path, c.msg, got, c.want)
		}
	}
}

// TestCombatFormError: an error of the form is shown beside its input,
// and the summary names the place in players' words: the side, the fight
// or the unit, and the field's label.
func TestCombatFormError(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	file, _ := exampleFile(defaultCombatExample)
	f, _, _ := fromCombatFile([]byte(file))
	for _, c := range []struct {
		set, input, summary string
	}{
		{"b.f0.initiative=11", "b-f0-initiative", "Side b (Men), fight 1, Initiative: 11: want 0 to 10"},
		{"a.f0.strength=11", "a-f0-strength", "Side a (Elves), fight 1, Strength: "},
		{"a.u.toughness=0", "a-u-toughness", "Side a (Elves), unit, Toughness: "},
		{"b.leadership=13", "b-leadership", "Side b (Men), Leadership: 13: want 0 to 12"},
		{"a.f0.attacks=", "a-f0-attacks", "Side a (Elves), fight 1, Attacks per model: required"},
		{"c.facing=rear", "c-facing", "The charger fights the charged unit&#39;s: "},
	} {
		q := f.values()
		k, v, _ := strings.Cut(c.set, "=")
		q.Set(k, v)
		if k == "c.facing" {
			q.Del("c.charger")
		}
		w := do(t, h, "GET", "/combat?"+q.Encode(), "", "")
		body := w.Body.String()
		if w.Code != 400 || !strings.Contains(body, `<a href="#`+c.input+`">`+c.summary) {
			t.Errorf("%s: %d, summary %s", c.set, w.Code, between(body, `id="error-summary"`, "</div>"))
		}
		if !strings.Contains(body, `id="`+c.input+`-error">`) || strings.Contains(body, `id="`+c.input+`-error" hidden`) {
			t.Errorf("%s: no error beside %s", c.set, c.input)
		}
	}
}

// TestCombatFormFromSchema: every field of a combat file
// (docs/combat.schema.json, which the combat package's tests hold to the
// loader) is an input of the form, or one the odds form has no input for
// either (a scenario catalogue field without an Input: characters,
// groups, a layout). A field added to the catalogue with an Input reaches
// both forms.
func TestCombatFormFromSchema(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "docs", "combat.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Defs map[string]struct {
			Properties map[string]any `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &schema); err != nil {
		t.Fatal(err)
	}
	noInput := map[string]bool{}
	for _, s := range scenario.Catalogue() {
		if s.Input == scenario.NoInput && s.Name != "command" && s.Name != "champion" {
			noInput[s.Name] = true
		}
	}
	names := func(ffs []formField) map[string]bool {
		out := map[string]bool{}
		for _, ff := range ffs {
			out[ff.Name] = true
		}
		return out
	}
	ci := combatFields()
	unit := names(ci.unit)
	unit["command"], unit["champion"] = true, true
	own := names(ci.own)
	own["special"] = true // one box for each special rule
	own["unit"], own["fights"] = true, true
	combatBlock := names(ci.combat)
	combatBlock["contact"] = true // contact.a and contact.b
	switches := map[string]bool{}
	for _, sw := range allSwitches() {
		switches[sw.Name] = true
	}
	for _, c := range []struct {
		def  string
		form map[string]bool
	}{{"fight", names(ci.fight)}, {"unit", unit}, {"side", own}, {"combat", combatBlock}, {"options", switches}} {
		props := schema.Defs[c.def].Properties
		if len(props) == 0 {
			t.Fatalf("no %s in the schema", c.def)
		}
		for name := range props {
			if !c.form[name] && !noInput[name] {
				t.Errorf("%s.%s: a combat file field with no input in the form", c.def, name)
			}
		}
	}
}

// TestCombatFormSwitches: a file's switches come into the form and go back
// into its file, a yes-or-no one as the file writes it, a combat switch
// at the ruleset's default value too (step_up's default is not the same
// in every ruleset).
func TestCombatFormSwitches(t *testing.T) {
	file := `ruleset: whfb8
options: {insane_courage: false, step_up: fights, mw_cap: remaining, contact_overlap: 0}
sides:
  a:
    unit: {models: 20, toughness: 3, ws: 3}
    leadership: 7
    fights: [{attacks: 1, initiative: 3, ws: 3, strength: 3}]
  b:
    unit: {models: 20, toughness: 3, ws: 3}
    leadership: 7
    fights: [{attacks: 1, initiative: 3, ws: 3, strength: 3}]
`
	f, left, err := fromCombatFile([]byte(file))
	if err != nil || len(left) > 0 {
		t.Fatalf("%v %v", err, left)
	}
	want := map[string]string{"insane_courage": "false", "step_up": "fights", "contact_overlap": "0"}
	for k, v := range want {
		if f.Options[k] != v {
			t.Errorf("%s = %q, want %q", k, f.Options[k], v)
		}
	}
	text, err := f.fileText()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "  insane_courage: \"false\"\n") && !strings.Contains(text, "  insane_courage: false\n") {
		t.Errorf("the file's switches:\n%s", text)
	}
	sameReport(t, "switches", exactReport(t, "file", file), exactReport(t, "form", text))
}
