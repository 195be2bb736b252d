package web

import (
	"strings"
	"testing"
)

// sweepCrossbows is examples/crossbows.yaml: 20 shots hitting on 4+ (1/2)
// at T3 spearmen in light armour and shield: S4 wounds on 3+ and leaves a
// 6+ save, 50/9 casualties on average (RULES.md 6.1, 7.1).
const sweepCrossbows = `{"ruleset": "battleaxe",
 "attacks": [{"name": "Crossbowmen", "count": 20, "phase": "shooting", "bs": "4+", "strength": 4}],
 "target": {"name": "Spearmen", "troop_type": "infantry", "models": 30, "frontage": 10, "toughness": 3, "wounds": 1, "armour": "light", "shield": true}}`

const sweepDuel = `{"ruleset": "whfb8", "combat": {"charger": "a"},
 "sides": {
  "a": {"unit": {"name": "Swords", "models": 10, "frontage": 5, "ws": 4, "toughness": 3, "armour": "light"}, "leadership": 8,
        "fights": [{"attacks": 1, "initiative": 4, "ws": 4, "strength": 3}]},
  "b": {"unit": {"name": "Goblins", "models": 10, "frontage": 5, "ws": 2, "toughness": 3, "shield": true}, "leadership": 6,
        "fights": [{"attacks": 1, "initiative": 2, "ws": 2, "strength": 3}]}}}`

func TestAPISweep(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	body := `{"scenario": ` + sweepCrossbows + `, "vary": [{"path": "attacks[0].strength", "from": 2, "to": 6}], "at_least": [1, 6], "exact": true}`
	first := do(t, h, "POST", "/api/sweep", "application/json", body)
	got := decode[SweepResult](t, first, 200)
	if again := do(t, h, "POST", "/api/sweep", "application/json", body); again.Body.String() != first.Body.String() {
		t.Error("the same sweep asked again answers otherwise")
	}
	if got.Kind != "odds" || got.Total != 5 || got.Done != 5 || len(got.Points) != 5 || got.Stopped != "" {
		t.Fatalf("kind %s, %d of %d points: %+v", got.Kind, got.Done, got.Total, got.JSON)
	}
	means := []string{"20/9", "10/3", "50/9", "25/3", "25/3"}
	for i, p := range got.Points {
		if p.Values["attacks[0].strength"] != 2+i || p.Method != "exact" || p.Fractions["mean"] != means[i] {
			t.Errorf("point %d: %v %s mean %s, want S%d exact %s", i, p.Values, p.Method, p.Fractions["mean"], 2+i, means[i])
		}
	}
	if p := got.Points[2]; p.Fractions["at_least_6"] != "175590849606513912734375/354117672677668838178816" || p.Fractions["destroyed"] != "0" {
		t.Errorf("S4: %v", p.Fractions)
	}
	if !strings.HasPrefix(got.SVG, `<svg xmlns="http://www.w3.org/2000/svg" class="chart sweep-chart"`) || !strings.Contains(got.SVG, "mean casualties") {
		t.Errorf("svg: %.200s", got.SVG)
	}
	// a combat file, its chart in Russian
	body = `{"combat": ` + sweepDuel + `, "vary": [{"path": "sides.b.unit.models", "from": 5, "to": 15, "step": 5}, {"path": "sides.a.fights[0].strength", "from": 3, "to": 4}]}`
	got = decode[SweepResult](t, do(t, h, "POST", "/api/sweep?lang=ru", "application/json", body), 200)
	if got.Kind != "combat" || got.Total != 6 || got.Points[5].Values["sides.b.unit.models"] != 15 || got.Points[5].Values["sides.a.fights[0].strength"] != 4 {
		t.Fatalf("%+v", got.JSON)
	}
	if w := got.Points[0].Win; w == nil || *w <= 0 || *w >= 1 || !strings.Contains(got.SVG, "Swords: победа") {
		t.Errorf("combat: win %v, svg %.300s", w, got.SVG)
	}
}

// TestAPISweepBad: every bad sweep is a 400 (422 past the state limit)
// with its words and field.
func TestAPISweepBad(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	scen := `{"scenario": ` + sweepCrossbows + `, `
	cases := []struct {
		name, body, lang string
		status           int
		field, error     string
	}{
		{"not json", `{"scenario": `, "", 400, "", "the body is not a sweep: unexpected EOF; want JSON such as {\"scenario\": {...}, \"vary\": [{\"path\": \"attacks[0].strength\", \"from\": 3, \"to\": 7}]}"},
		{"unknown key", scen + `"vary": [], "colour": 1}`, "", 400, "", "the body is not a sweep: json: unknown field \"colour\"; want JSON such as {\"scenario\": {...}, \"vary\": [{\"path\": \"attacks[0].strength\", \"from\": 3, \"to\": 7}]}"},
		{"neither", `{"vary": [{"path": "a", "from": 1, "to": 2}]}`, "", 400, "scenario", "give a scenario or a combat to vary"},
		{"both", `{"scenario": ` + sweepCrossbows + `, "combat": ` + sweepDuel + `, "vary": []}`, "", 400, "combat", "give a scenario or a combat, not both"},
		{"bad scenario", `{"scenario": {"ruleset": "whfb8"}, "vary": []}`, "", 400, "scenario.attacks", "attacks: required: at least one attack group, such as {count: 10, strength: 3}"},
		{"no vary", scen + `"vary": []}`, "", 400, "vary", "nothing to vary: give --vary PATH=FROM..TO, such as attacks[0].strength=3..7"},
		{"three", scen + `"vary": [{"path": "a", "from": 1, "to": 2}, {"path": "b", "from": 1, "to": 2}, {"path": "c", "from": 1, "to": 2}]}`, "", 400, "vary", "3 fields varied; a sweep varies at most 2 (a line chart for one, a heatmap for two)"},
		{"10000", scen + `"vary": [{"path": "target.models", "from": 1, "to": 100}, {"path": "attacks[0].count", "from": 1, "to": 100}]}`, "", 400, "vary", "10000 points in all; a sweep has at most 400: take a larger step or a shorter range"},
		{"10000 ru", scen + `"vary": [{"path": "target.models", "from": 1, "to": 100}, {"path": "attacks[0].count", "from": 1, "to": 100}]}`, "ru", 400, "vary", "всего 10000 точек; в переборе не больше 400: возьмите шаг больше или диапазон короче"},
		{"step", scen + `"vary": [{"path": "target.models", "from": 1, "to": 10, "step": 0}]}`, "", 400, "vary", "target.models=1..10:0: the step is 0; want 1 or more"},
		{"down", scen + `"vary": [{"path": "target.models", "from": 10, "to": 1}]}`, "", 400, "vary", "target.models=10..1: the range goes down from 10 to 1; write the smaller end first"},
		{"unknown field", scen + `"vary": [{"path": "attacks[0].strenght", "from": 1, "to": 2}]}`, "", 400, "attacks[0].strenght", `cannot vary: attacks[0].strenght: attacks[0] has no field "strenght" (did you mean "strength"?)`},
		{"refused", scen + `"vary": [{"path": "attacks[0].strength", "from": 9, "to": 11}]}`, "", 400, "attacks[0].strength", "point 3 of 3 (attacks[0].strength=11): attacks[0].strength: want 1 to 10, got 11"},
		{"refused ru", scen + `"vary": [{"path": "attacks[0].strength", "from": 9, "to": 11}]}`, "ru", 400, "attacks[0].strength", "точка 3 из 3 (attacks[0].strength=11): attacks[0].strength: нужно от 1 до 10, а не 11"},
		{"show", scen + `"vary": [{"path": "attacks[0].strength", "from": 1, "to": 2}], "show": "win"}`, "", 400, "show", "nothing called win to show; the choices are mean, at_least_1, at_least_2, destroyed, panic"},
		{"at least", scen + `"vary": [{"path": "attacks[0].strength", "from": 1, "to": 2}], "at_least": [0]}`, "", 400, "vary", "at least 0: want a number of casualties from 1 to 1000"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			target := "/api/sweep"
			if c.lang != "" {
				target += "?lang=" + c.lang
			}
			got := decode[ErrorBody](t, do(t, h, "POST", target, "application/json", c.body), c.status)
			if got.Field != c.field || got.Error != c.error {
				t.Errorf("field %q error %q\nwant field %q error %q", got.Field, got.Error, c.field, c.error)
			}
		})
	}
}

// TestAPISweepStopped: a sweep whose deadline has passed before it could
// start is the time limit's 422 (a sweep stopped midway answers with the
// points done: sweep's TestStopped, the CLI's script).
func TestAPISweepStopped(t *testing.T) {
	h := testServer(t, Config{Timeout: 1}).Handler() // 1 ns
	body := `{"scenario": ` + sweepCrossbows + `, "vary": [{"path": "attacks[0].strength", "from": 1, "to": 3}]}`
	got := decode[ErrorBody](t, do(t, h, "POST", "/api/sweep", "application/json", body), 422)
	if got.Code != "time_limit" {
		t.Errorf("%+v", got)
	}
}
