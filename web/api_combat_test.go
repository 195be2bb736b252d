package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// duelYAML is the duel of cmd/rearrank's combat script: a hero (2 attacks,
// each killing 2/3 x 2/3 = 4/9) against two goblins. Draw = no kill and no
// wound back, (25/81)(8/9)^2, plus one kill and one wound back,
// (40/81)(1/9): 1960/6561; the hero wins 464/729.
const duelYAML = `ruleset: whfb8
sides:
  a:
    unit: {name: Hero, models: 1, ws: 5, toughness: 4, wounds: 2}
    leadership: 9
    fights: [{attacks: 2, initiative: 5, ws: 5, strength: 4}]
  b:
    unit: {name: Goblins, models: 2, frontage: 2, ws: 2, toughness: 3}
    leadership: 6
    fights: [{attacks: 1, initiative: 2, ws: 2, strength: 3}]
`

const duelJSON = `{"ruleset": "whfb8", "sides": {
 "a": {"unit": {"name": "Hero", "models": 1, "ws": 5, "toughness": 4, "wounds": 2}, "leadership": 9,
       "fights": [{"attacks": 2, "initiative": 5, "ws": 5, "strength": 4}]},
 "b": {"unit": {"name": "Goblins", "models": 2, "frontage": 2, "ws": 2, "toughness": 3}, "leadership": 6,
       "fights": [{"attacks": 1, "initiative": 2, "ws": 2, "strength": 3}]}}}`

func combatBody(t *testing.T, w *httptest.ResponseRecorder, status int) map[string]any {
	t.Helper()
	if w.Code != status {
		t.Fatalf("status %d, want %d: %s", w.Code, status, w.Body.String())
	}
	var v map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatalf("%v: %s", err, w.Body.String())
	}
	return v
}

func TestCombatExact(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for _, ct := range []string{"application/yaml", ""} {
		v := combatBody(t, do(t, h, "POST", "/api/combat?exact=1", ct, duelYAML), 200)
		if v["method"] != "exact" || v["a_wins"] != "464/729" || v["draw"] != "1960/6561" {
			t.Errorf("%q: method %v, a_wins %v, draw %v; want exact, 464/729, 1960/6561", ct, v["method"], v["a_wins"], v["draw"])
		}
	}
	v := combatBody(t, do(t, h, "POST", "/api/combat?exact=1", "application/json", duelJSON), 200)
	if v["a_wins"] != "464/729" {
		t.Errorf("JSON body: a_wins %v, want 464/729", v["a_wins"])
	}
}

func TestCombatStateLimit(t *testing.T) {
	h := testServer(t, Config{MaxStates: 2}).Handler()
	v := combatBody(t, do(t, h, "POST", "/api/combat?exact=1", "application/yaml", duelYAML), 422)
	if v["code"] != "state_limit" || !strings.Contains(v["error"].(string), "fallback=1") {
		t.Errorf("state limit: %v", v)
	}
	v = combatBody(t, do(t, h, "POST", "/api/combat?exact=1&fallback=1&seed=3", "application/yaml", duelYAML), 200)
	if v["method"] != "monte_carlo" || !strings.Contains(v["fallback"].(string), "state limit") || v["seed"] != 3.0 {
		t.Errorf("fallback: method %v, fallback %v, seed %v", v["method"], v["fallback"], v["seed"])
	}
	// 464/729 = 0.6365; 10000 rounds give an SE of 0.0048.
	if p := v["a_wins"].(float64); p < 0.6365-4*0.0048 || p > 0.6365+4*0.0048 || v["n"] != 10000.0 {
		t.Errorf("fallback a_wins %.4f over %v rounds, want 0.6365 within 4 SE over 10000", p, v["n"])
	}
	// Asked for nothing, the server answers exactly where it can and
	// falls back by itself past the state limit, saying why.
	v = combatBody(t, do(t, h, "POST", "/api/combat", "application/yaml", duelYAML), 200)
	if v["method"] != "monte_carlo" || !strings.Contains(v["fallback"].(string), "state limit") || v["n"] != 10000.0 || v["seed"] != 0.0 {
		t.Errorf("default past the limit: method %v, fallback %v, n %v, seed %v", v["method"], v["fallback"], v["n"], v["seed"])
	}
}

// TestCombatDefaultExact: POST /api/combat with no parameter is the exact
// report (it was Monte Carlo over 10,000 rounds, slower and to +-0.5%).
func TestCombatDefaultExact(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	v := combatBody(t, do(t, h, "POST", "/api/combat", "application/yaml", duelYAML), 200)
	if v["method"] != "exact" || v["a_wins"] != "464/729" || v["draw"] != "1960/6561" || v["fallback"] != nil {
		t.Errorf("method %v, a_wins %v, draw %v, fallback %v; want exact, 464/729, 1960/6561 and no fallback", v["method"], v["a_wins"], v["draw"], v["fallback"])
	}
}

func TestCombatMonteCarloAndRound(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	v := combatBody(t, do(t, h, "POST", "/api/combat?n=400&seed=3", "application/yaml", duelYAML), 200)
	if v["method"] != "monte_carlo" || v["n"] != 400.0 || v["seed"] != 3.0 {
		t.Errorf("Monte Carlo: method %v, n %v, seed %v", v["method"], v["n"], v["seed"])
	}
	// One kill (6 to hit, 6 to wound; 1 misses), the goblin misses on 3,
	// and the goblins hold on 4+1 against Ld 6 - 1 = 5; one die is left.
	v = combatBody(t, do(t, h, "POST", "/api/combat?dice=6,1,6,3,4,1,2", "application/yaml", duelYAML), 200)
	if v["winner"] != "a" || v["dice_left"] != 1.0 {
		t.Errorf("one round: winner %v, dice_left %v: %v", v["winner"], v["dice_left"], v)
	}
	v = combatBody(t, do(t, h, "POST", "/api/combat?seed=7", "application/yaml", duelYAML), 200)
	if v["seed"] != 7.0 || v["steps"] == nil {
		t.Errorf("seeded round: seed %v, steps %v", v["seed"], v["steps"])
	}
}

func TestCombatErrors(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	bad := strings.Replace(duelYAML, "strength: 4}", "strenght: 4}", 1)
	for _, c := range []struct {
		name, target, ctype, body string
		status                    int
		field                     string
		line                      float64
	}{
		{"a misspelt field", "/api/combat", "application/yaml", bad, 400, "sides.a.fights[0]", 6},
		{"bad JSON", "/api/combat", "application/json", `{"ruleset": whfb8}`, 400, "", 1},
		{"a scenario file", "/api/combat", "application/json", challengeJSON, 400, "", 1},
		{"exact with dice", "/api/combat?exact=1&dice=6", "application/yaml", duelYAML, 400, "exact", 0},
		{"fallback alone", "/api/combat?fallback=1", "application/yaml", duelYAML, 400, "fallback", 0},
		{"n too large", "/api/combat?n=999999999", "application/yaml", duelYAML, 400, "n", 0},
		{"dice and seed", "/api/combat?dice=6&seed=1", "application/yaml", duelYAML, 400, "seed", 0},
		{"out of dice", "/api/combat?dice=6,1", "application/yaml", duelYAML, 400, "dice", 0},
		{"an unknown parameter", "/api/combat?exakt=1", "application/yaml", duelYAML, 400, "exakt", 0},
		{"an empty body", "/api/combat", "application/yaml", "", 400, "", 0},
	} {
		v := combatBody(t, do(t, h, "POST", c.target, c.ctype, c.body), c.status)
		if v["code"] != "invalid" || (c.field != "" && v["field"] != c.field) || (c.line != 0 && v["line"] != c.line) {
			t.Errorf("%s: %v; want code invalid, field %q, line %v", c.name, v, c.field, c.line)
		}
	}
	if w := do(t, h, "GET", "/api/combat", "", ""); w.Code != http.StatusMethodNotAllowed {
		t.Errorf("GET /api/combat: %d", w.Code)
	}
}

// FuzzCombatHandler: no request to /api/combat makes it panic or answer
// 500; every answer is JSON.
func FuzzCombatHandler(f *testing.F) {
	examples, _ := filepath.Glob("../examples/combat-*.yaml")
	for i, path := range examples {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), []string{"", "n=200", "seed=3", "exact=1&fallback=1"}[i%4], string(data))
	}
	f.Add(uint8(1), "exact=1", duelJSON)
	f.Add(uint8(2), "dice=6,1,6,3,4,1,2", duelYAML)
	f.Add(uint8(0), "", `{"ruleset": "whfb8", "sides": {"a": {"unit": {"models": -1}}}}`)
	f.Add(uint8(2), "", "sides: &a [*a]\n")
	for i, body := range limitCombats() {
		f.Add(uint8(i), []string{"", "n=200", "exact=1&fallback=1", "dice=6,6,6,6"}[i%4], body)
	}
	h := New(Config{MaxStates: 2000, Timeout: 200 * time.Millisecond, MaxConcurrent: 2}).Handler()
	f.Fuzz(func(t *testing.T, ctype uint8, query, body string) {
		target := "/api/combat"
		if query != "" {
			target += "?" + strings.ReplaceAll(url.PathEscape(query), "%26", "&")
		}
		w := do(t, h, "POST", target, fuzzTypes[int(ctype)%len(fuzzTypes)], body)
		resp := w.Result()
		if resp.StatusCode >= 500 && resp.StatusCode != http.StatusServiceUnavailable {
			t.Errorf("POST %s (%q): %d %s", target, body, resp.StatusCode, w.Body.String())
		}
		if !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
			t.Errorf("POST %s: %d with Content-Type %q", target, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	})
}
