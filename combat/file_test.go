package combat

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/unit"
)

func load(t *testing.T, path string) *Combat {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Load(path, data)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestLoadE120File(t *testing.T) {
	c := load(t, "../examples/combat-elves-men.yaml")
	if c.Charger != B || c.Sides[0].Leadership != 8 || len(c.Sides[1].Fights) != 1 || c.Sides[0].Unit.Size() != 20 {
		t.Fatalf("loaded %+v", c)
	}
	f := c.Sides[1].Fights[0]
	if f.By.Role != unit.RankAndFile || f.Attacks != 1 || f.Initiative != 3 || f.Supporting != 1 || f.Attack.Strength != 3 || f.Attack.Hit.WS != 3 {
		t.Errorf("Men's fight %+v", f)
	}
}

const good = `ruleset: whfb8
combat: {charger: b}
sides:
  a:
    unit: {name: Elves, models: 20, frontage: 5, ws: 4, toughness: 3}
    leadership: 8
    fights:
      - {attacks: 1, initiative: 5, ws: 4, strength: 3}
  b:
    unit: {name: Men, models: 20, frontage: 5, ws: 3, toughness: 3}
    leadership: 7
    fights:
      - {attacks: 1, initiative: 3, ws: 3, strength: 3}
`

// TestLoadErrors: every bad file gets an error with the file, line,
// column, the field and what is wanted, wrapping a scenario sentinel.
func TestLoadErrors(t *testing.T) {
	for _, tc := range []struct {
		name, from, to string
		kind           error
		want           string
	}{
		{"unknown top field", "combat: {charger: b}", "combat: {charger: b}\nattackz: 1", scenario.ErrUnknownField, `f.yaml:3:1: attackz: unknown field "attackz" (want description, ruleset, options, combat or sides)`},
		{"a scenario's fields", "combat: {charger: b}", "combat: {charger: b}\ntarget: {}", scenario.ErrInvalid, `f.yaml:3:9: target: a combat file has combat and sides, not attacks and target; for a scenario file use rearrank odds or resolve`},
		{"charger", "charger: b", "charger: c", scenario.ErrInvalid, `f.yaml:2:19: combat.charger: side "c": want a, b or none`},
		{"high ground outside battleaxe", "charger: b", "charger: b, high_ground: a", scenario.ErrInvalid, `f.yaml:2:35: combat.high_ground: only battleaxe or tow read high_ground; in whfb8 use bonus`},
		{"contact above the width", "charger: b", "charger: b, contact: {a: 6}", scenario.ErrInvalid, `f.yaml:2:35: combat.contact.a: 6 is above the unit's width of 5 files`},
		{"flank without a charger", "{charger: b}", "{facing: rear}", scenario.ErrInvalid, `f.yaml:2:18: combat.facing: rear: a flank or rear is the charged unit's; name the charger`},
		{"unit field misspelt", "toughness: 3}\n    leadership: 8", "toughnes: 3}\n    leadership: 8", scenario.ErrUnknownField, `f.yaml:5:57: sides.a.unit: unknown field "toughnes" (did you mean "toughness"?)`},
		{"unit armour", "ws: 3, toughness: 3}", "ws: 3, toughness: 3, armour: hevy}", scenario.ErrInvalid, `f.yaml:10:77: sides.b.unit.armour: armour "hevy": want none, light, heavy or plate`},
		{"fight strength", "ws: 4, strength: 3}", "ws: 4, strength: 11}", scenario.ErrInvalid, `f.yaml:8:54: sides.a.fights[0].strength: want 1 to 10, got 11`},
		{"fight count", "initiative: 5,", "initiative: 5, count: 3,", scenario.ErrUnknownField, `f.yaml:8:37: sides.a.fights[0].count: count is not a fight field: a fight gives attacks per model; the step counts the models`},
		{"fight by a missing champion", "{attacks: 1, initiative: 5", "{by: champion, attacks: 1, initiative: 5", scenario.ErrInvalid, `f.yaml:8:14: sides.a.fights[0].by: by champion: the unit has no champion`},
		{"supporting above 5", "initiative: 3,", "initiative: 3, supporting: 6,", scenario.ErrInvalid, `f.yaml:13:49: sides.b.fights[0].supporting: 6: want 0 to 5`},
		{"leadership missing", "    leadership: 7\n", "", scenario.ErrInvalid, `f.yaml:10:5: sides.b: leadership: required (the value the unit tests on: Leadership, or Discipline)`},
		{"special", "leadership: 8", "leadership: 8\n    special: [stubborm]", scenario.ErrInvalid, `f.yaml:7:15: sides.a.special[0]: special "stubborm": want stubborn, unbreakable, close_order or massed_infantry`},
		{"close_order outside tow", "leadership: 8", "leadership: 8\n    special: [close_order]", scenario.ErrInvalid, `f.yaml:7:15: sides.a.special[0]: only tow reads close_order; in whfb8 use bonus`},
		{"massed_infantry outside tow", "leadership: 8", "leadership: 8\n    special: [stubborn, massed_infantry]", scenario.ErrInvalid, `f.yaml:7:25: sides.a.special[1]: only tow reads massed_infantry; in whfb8 use bonus`},
		{"height outside t9a", "models: 20, frontage: 5, ws: 4", "models: 20, height: large, frontage: 5, ws: 4", scenario.ErrInvalid, `f.yaml:5:45: sides.a.unit.height: only t9a or t9a1-ru read height`},
		{"the enemy's ws missing", "frontage: 5, ws: 4, toughness: 3}", "frontage: 5, toughness: 3}", scenario.ErrInvalid, `f.yaml:13:41: sides.b.fights[0].ws: the attack gives ws, so the defender needs one: set sides.a.unit.ws (Weapon Skill; t9a Defensive Skill)`},
		{"combat switch", "ruleset: whfb8", "ruleset: whfb8\noptions: {step_up: some}", scenario.ErrInvalid, `f.yaml:2:20: options.step_up: step_up "some": want fights or lost`},
		{"switch of another ruleset", "ruleset: whfb8", "ruleset: whfb8\noptions: {outnumber_bonus: 1}", scenario.ErrInvalid, `f.yaml:2:28: options.outnumber_bonus: outnumber_bonus: only battleaxe reads it`},
		{"aim at a missing character", "strength: 3}\n  b:", "strength: 3, target: \"character:Bob\"}\n  b:", scenario.ErrInvalid, `sides.a.fights[0].target`},
		{"special not a list", "leadership: 8", "leadership: 8\n    special: {stubborn: true}", scenario.ErrInvalid, `f.yaml:7:14: sides.a.special: want a list such as [stubborn]`},
		{"combat not a mapping", "combat: {charger: b}", "combat: [b]", scenario.ErrInvalid, `f.yaml:2:9: combat: want a mapping of fields`},
		{"fights not a list", "    fights:\n      - {attacks: 1, initiative: 5, ws: 4, strength: 3}", "    fights: {attacks: 1}", scenario.ErrInvalid, `sides.a.fights: want a list of fights`},
		{"skirmish", "ruleset: whfb8", "ruleset: skirmish", scenario.ErrInvalid, `f.yaml:1:10: ruleset: skirmish: a combat is between two block units`},
		{"unknown ruleset", "ruleset: whfb8", "ruleset: whfb9", scenario.ErrInvalid, `f.yaml:1:10: ruleset: ruleset "whfb9": want`},
		{"anchors", "combat: {charger: b}", "combat: &x {charger: b}", scenario.ErrUnsupported, `f.yaml:2:9: anchors and aliases`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(good, tc.from, tc.to, 1)
			if src == good {
				t.Fatalf("%q not in the file", tc.from)
			}
			_, err := Load("f.yaml", []byte(src))
			if err == nil {
				t.Fatalf("no error, want %s", tc.want)
			}
			var se *scenario.Error
			if !errors.As(err, &se) || !errors.Is(err, tc.kind) {
				t.Errorf("error %T %v, want a *scenario.Error wrapping %v", err, err, tc.kind)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error\n  %s\nwant it to contain\n  %s", err, tc.want)
			}
		})
	}
}

// TestLoadUnknownFieldHints: a misspelt or misplaced field of a combat
// file is named in a combat file's words: a likely spelling of the
// mapping's own field, or the field of a unit, a fight, a side or the top
// level, as such; no suggestion that is not a likely spelling (issue 10
// item 15, "damge" suggested "name").
func TestLoadUnknownFieldHints(t *testing.T) {
	for _, tc := range []struct{ from, to, want string }{
		{"initiative: 5,", "initative: 5,", `f.yaml:8:22: sides.a.fights[0]: unknown field "initative" (did you mean "initiative"?)`},
		{"initiative: 5,", "initiative: 5, damge: 1,", `f.yaml:8:37: sides.a.fights[0]: unknown field "damge" (did you mean "damage"? It is a field of a unit, not of a fight)`},
		{"initiative: 5,", "initiative: 5, toughness: 4,", `f.yaml:8:37: sides.a.fights[0]: unknown field "toughness" (toughness is a field of a unit, not of a fight)`},
		{"initiative: 5,", "initiative: 5, leadership: 8,", `f.yaml:8:37: sides.a.fights[0]: unknown field "leadership" (leadership is a field of the side, not of a fight)`},
		{"ws: 3, toughness: 3}", "ws: 3, toughness: 3, strength: 3}", `f.yaml:10:69: sides.b.unit: unknown field "strength" (strength is a field of a fight, not of a unit)`},
		{"ws: 3, toughness: 3}", "ws: 3, toughness: 3, initiative: 3}", `f.yaml:10:69: sides.b.unit: unknown field "initiative" (initiative is a field of a fight, not of a unit)`},
		{"ws: 3, toughness: 3}", "ws: 3, toughness: 3, count: 3}", `f.yaml:10:69: sides.b.unit: unknown field "count"`},
		{"ws: 3, toughness: 3}", "ws: 3, toughness: 3, characters: [{name: A, toughness: 3, strength: 4}]}", `f.yaml:10:106: sides.b.unit.characters[0]: unknown field "strength" (strength is a field of a fight, not of a character)`},
		{"ws: 3, toughness: 3}", "ws: 3, toughness: 3, characters: [{name: A, toughness: 3, count: 4}]}", `f.yaml:10:106: sides.b.unit.characters[0]: unknown field "count"`},
		{"ws: 3, toughness: 3}", "ws: 3, toughness: 3, characters: [{name: A, toughness: 3, models: 4}]}", `f.yaml:10:106: sides.b.unit.characters[0]: unknown field "models" (models is a field of a unit, not of a character)`},
		{"charger: b", "chargr: b", `f.yaml:2:10: combat.chargr: unknown field "chargr" (did you mean "charger"?)`},
		{"leadership: 8", "leadershp: 8", `f.yaml:6:5: sides.a.leadershp: unknown field "leadershp" (did you mean "leadership"?)`},
		{"leadership: 8", "leadership: 8\n    unity: {}", `f.yaml:7:5: sides.a.unity: unknown field "unity" (did you mean "unit"?)`},
		{"leadership: 8", "leadership: 8\n    colour: red", `f.yaml:7:5: sides.a.colour: unknown field "colour" (want unit, leadership, special, reroll_break, bonus or fights)`},
	} {
		src := strings.Replace(good, tc.from, tc.to, 1)
		_, err := Load("f.yaml", []byte(src))
		if err == nil || err.Error() != tc.want || !errors.Is(err, scenario.ErrUnknownField) {
			t.Errorf("%s -> %s:\n got %v\nwant %s", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestLoadEmptyFields: a field written with no value is left out, as in a
// scenario file.
func TestLoadEmptyFields(t *testing.T) {
	src := strings.Replace(good, "combat: {charger: b}", "options:\ncombat:", 1)
	src = strings.Replace(src, "    leadership: 8\n", "    leadership: 8\n    special:\n", 1)
	c, err := Load("f.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if c.Charger != NoSide || c.Sides[0].Stubborn || c.Options != (rules.Options{}) {
		t.Errorf("loaded %+v, want no charger, no special, default options", c)
	}
}

func TestLoadJSON(t *testing.T) {
	src := `{"ruleset": "whfb8", "combat": {"charger": "b"},
 "sides": {"a": {"unit": {"name": "Elves", "models": 20, "frontage": 5, "ws": 4, "toughness": 3}, "leadership": 8,
                 "fights": [{"attacks": 1, "initiative": 5, "ws": 4, "strength": 3}]},
           "b": {"unit": {"name": "Men", "models": 20, "frontage": 5, "ws": 3, "toughness": 3}, "leadership": 7,
                 "fights": [{"attacks": 1, "initiative": 3, "ws": 3, "strength": 3, "strikes": "lasst"}]}}}`
	_, err := Load("f.json", []byte(src))
	if err == nil || !strings.Contains(err.Error(), `f.json:5:96: sides.b.fights[0].strikes: strikes "lasst": want normal, first or last`) {
		t.Errorf("error %v", err)
	}
	c, err := Load("f.json", []byte(strings.Replace(src, "lasst", "last", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if c.Charger != B || c.Sides[1].Fights[0].Strikes != Last {
		t.Errorf("loaded %+v", c)
	}
}

// TestOptionsSet: every switch of RULES.md 21.11 with its values, and the
// rulesets that read it, as a combat file's options set them.
func TestOptionsSet(t *testing.T) {
	for _, tc := range []struct {
		rs          rules.Ruleset
		name, value string
		want        rules.Options
		err         string
	}{
		{rules.WHFB8, "contact_overlap", "0", rules.Options{NoContactOverlap: true}, ""},
		{rules.WHFB8, "step_up", "lost", rules.Options{StepUp: rules.StepUpLost}, ""},
		{rules.TOW, "step_up", "fights", rules.Options{StepUp: rules.StepUpFights}, ""}, // tow's default is lost (22.18)
		{rules.WHFB8, "asf_tie", "initiative", rules.Options{ASFTie: rules.ASFInitiative}, ""},
		{rules.T9A, "charge_initiative", "0", rules.Options{ChargeInitiative: rules.Off}, ""},
		{rules.T9A1RU, "line_formation_width", "6", rules.Options{LineFormationWidth: 6}, ""},
		{rules.Battleaxe, "instant_kill_score", "profile", rules.Options{InstantKillScore: rules.ScoreProfile}, ""},
		{rules.Battleaxe, "outnumber_bonus", "1", rules.Options{OutnumberBonus: true}, ""},
		{rules.T9A, "insane_courage", "true", rules.Options{InsaneCourage: rules.On}, ""},
		{rules.T9A, "combat_score", "full_ranks", rules.Options{}, ""},
		{rules.T9A, "combat_score", "proper_ranks", rules.Options{}, "do not say how many models make a Proper Rank"},
		{rules.T9A, "combat_score", "proper", rules.Options{}, `combat_score "proper": want full_ranks`},
		{rules.WHFB8, "combat_score", "full_ranks", rules.Options{}, "only t9a reads it"},
		{rules.WHFB8, "line_formation_width", "8", rules.Options{}, "only t9a or t9a1-ru read it"},
		{rules.T9A, "line_formation_width", "0", rules.Options{}, "want a width from 1 to 100"},
		{rules.WHFB8, "instant_kill_score", "profile", rules.Options{}, "only battleaxe reads it"},
		{rules.WHFB8, "step_up", "maybe", rules.Options{}, `step_up "maybe": want fights or lost`},
	} {
		var o rules.Options
		err := setOption(&o, tc.rs, tc.name, tc.value)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s %s=%s: %v", tc.rs, tc.name, tc.value, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s %s=%s: error %v, want %q", tc.rs, tc.name, tc.value, err, tc.err)
		case tc.err == "" && o != tc.want:
			t.Errorf("%s %s=%s: %+v, want %+v", tc.rs, tc.name, tc.value, o, tc.want)
		}
	}
}
