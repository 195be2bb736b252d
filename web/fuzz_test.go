package web

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rearrank/rearrank/scenario"
)

// slotMinusOneYAML is issue 11 item 4: a character at slot -1 of a layout
// panicked in scenario/validate.go (index out of range).
const slotMinusOneYAML = `ruleset: whfb8
attacks:
  - {count: 5, to_hit: 4+, strength: 4}
target:
  models: 6
  toughness: 3
  layout: H R R R R R R
  characters:
    - {name: Hero, slot: -1, toughness: 4, wounds: 2}
`

// TestInputPanic: a panic of the scenario loader on a request body is a
// logged 400, not a 500 (defence in depth for issue 11 item 4).
func TestInputPanic(t *testing.T) {
	var buf syncBuffer
	h := New(Config{Logger: slog.New(slog.NewTextHandler(&buf, nil))}).Handler()
	for _, path := range []string{"/api/odds", "/api/resolve?seed=1", "/api/compare?rulesets=t9a"} {
		w := do(t, h, "POST", path, "application/yaml", slotMinusOneYAML)
		if w.Code != 400 && w.Code != 422 {
			t.Errorf("%s: %d %s", path, w.Code, w.Body.String())
		}
	}
	if log := buf.String(); strings.Contains(log, "panic") && !strings.Contains(log, "validate.go") {
		t.Errorf("a panic logged without its stack:\n%s", log)
	}
}

// fuzzRoutes are the handlers FuzzHandlers drives: a GET route takes the
// body as the page's yaml field, a POST route as the request body.
var fuzzRoutes = []struct{ method, path string }{
	{"GET", "/"},
	{"GET", "/results"},
	{"POST", "/api/odds"},
	{"POST", "/api/resolve"},
	{"POST", "/api/compare"},
	{"POST", "/api/import"},
}

var fuzzTypes = []string{"", "application/json", "application/yaml", "text/plain", "application/json; charset=utf-8"}

// FuzzHandlers: no request makes a handler panic or answer 500. 503 is
// allowed (busy, or the time limit of a computation the fuzzer made
// large); other 5xx are not.
func FuzzHandlers(f *testing.F) {
	examples, _ := filepath.Glob("../examples/*.yaml")
	for i, path := range examples {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), uint8(i), "", string(data))
	}
	f.Add(uint8(2), uint8(1), "exact=1&fallback=1", crossbowsJSON)
	f.Add(uint8(2), uint8(1), "", `{"scenario": `+crossbowsJSON+`, "exact": true}`)
	f.Add(uint8(3), uint8(2), "seed=7", crossbowsYAML)
	f.Add(uint8(3), uint8(1), "dice=6,5,4,6,6,1,6,5", challengeJSON)
	f.Add(uint8(4), uint8(2), "rulesets=whfb8,t9a&sets=packet_target=fresh_first", perModelYAML)
	f.Add(uint8(1), uint8(0), "ruleset=whfb8&a0.count=3&a0.strength=4&t.models=10&t.toughness=3", "")
	f.Add(uint8(0), uint8(0), "tab=compare&cmp=t9a&ruleset=whfb8&a0.count=3&t.models=10&t.toughness=3", "")
	f.Add(uint8(2), uint8(1), "", `{"ruleset": whfb8}`)
	f.Add(uint8(2), uint8(2), "", "{\"ruleset\": \"whfb8\"\n\x00")
	for _, route := range []uint8{2, 3, 4} {
		f.Add(route, uint8(2), "", slotMinusOneYAML)
	}
	for i, body := range limitScenarios() {
		f.Add(uint8(2+i%3), uint8(i), []string{"", "exact=1&fallback=1", "seed=3", "rulesets=t9a,tow"}[i%4], body)
	}
	f.Add(uint8(1), uint8(0), limitQuery(), "")
	lists, _ := filepath.Glob("../armylist/testdata/*.*")
	for i, path := range lists {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(5), uint8(i), "name="+filepath.Base(path)+"&set=WS=4", string(data))
	}
	// The page reads the slot -1 file through form.go, which has no
	// recover of its own: seed routes 0 and 1 with it once the catalogue
	// helper's fix of scenario/validate.go (issue 11 item 4) is merged.
	// A short time limit bounds each input's computation: the fuzzer looks
	// for crashes, and a file at the limits would take seconds.
	s := New(Config{MaxStates: 2000, Timeout: 200 * time.Millisecond, MaxConcurrent: 2})
	h := s.Handler()
	f.Fuzz(func(t *testing.T, route, ctype uint8, query, body string) {
		rt := fuzzRoutes[int(route)%len(fuzzRoutes)]
		target := rt.path
		if query != "" {
			target += "?" + strings.ReplaceAll(url.PathEscape(query), "%26", "&")
		}
		var w *httptest.ResponseRecorder
		if rt.method == "GET" {
			if body != "" {
				sep := "?"
				if strings.Contains(target, "?") {
					sep = "&"
				}
				target += sep + "yaml=" + url.QueryEscape(body)
			}
			w = do(t, h, rt.method, target, "", "")
		} else {
			w = do(t, h, rt.method, target, fuzzTypes[int(ctype)%len(fuzzTypes)], body)
		}
		resp := w.Result()
		if resp.StatusCode >= 500 && resp.StatusCode != http.StatusServiceUnavailable {
			t.Errorf("%s %s (%q): %d", rt.method, target, body, resp.StatusCode)
		}
		if strings.HasPrefix(rt.path, "/api/") && resp.StatusCode != 200 && !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
			t.Errorf("%s %s: %d with Content-Type %q", rt.method, target, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	})
}

// limitScenarios are request bodies at the loader's limits and past them
// (issue 23): MaxAttacks groups, a unit of MaxModels models of MaxWounds
// wounds struck by counts of 1000 attacks and of 10 dice with multiple
// wounds D6 and Killing Blow, a damage list for every model, MaxTokens
// tokens and one more, and the 1 MiB list of the issue.
func limitScenarios() []string {
	groups := func(n int) string {
		return "ruleset: whfb8\nattacks:\n" + strings.Repeat("  - {count: 1000, to_hit: 4+, strength: 10, multiple_wounds: D6}\n", n) +
			"target: {models: 1000, frontage: 1000, toughness: 10, wounds: 100}\n"
	}
	tokens := func(n int) string { // 2k+8 tokens: ruleset : whfb8 attacks : [ k+1 values, k commas ]
		return "ruleset: whfb8\nattacks: [" + strings.Repeat("1,", (n-8)/2) + "1]\n"
	}
	return []string{
		groups(scenario.MaxAttacks),
		groups(scenario.MaxAttacks + 1),
		"ruleset: whfb8\nattacks:\n" +
			"  - {count: 1000, to_hit: auto, strength: 10, multiple_wounds: D6, killing_blow: true}\n" +
			"  - {count: 10D6, ws: 10, strength: 10, multiple_wounds: D6+3, hatred: true, poison: true}\n" +
			"target: {models: 1000, frontage: 1000, ws: 10, toughness: 10, wounds: 100, troop_type: monstrous_infantry, armour: plate, shield: true, ward: 2+, regeneration: 2+}\n",
		`{"ruleset": "battleaxe", "attacks": [{"count": 1000, "to_hit": "auto", "strength": 10, "multiple_wounds": "D6", "killing_blow": true}],` +
			`"target": {"models": 1000, "frontage": 100, "toughness": 10, "wounds": 100, "damage": [` + strings.Repeat("99, ", scenario.MaxModels-1) + `99]}}`,
		tokens(scenario.MaxTokens),
		tokens(scenario.MaxTokens + 2),
		tokens(scenario.MaxSize / 2),
	}
}

// limitQuery is the results page's form at the limits: its most attack
// groups, each of 1000 attacks, at a unit of MaxModels models.
func limitQuery() string {
	q := url.Values{"ruleset": {"whfb8"}, "t.models": {"1000"}, "t.frontage": {"1000"}, "t.toughness": {"10"}, "t.wounds": {"100"}, "t.ward": {"2+"}}
	for i := range 8 {
		a := fmt.Sprintf("a%d.", i)
		q[a+"count"], q[a+"to_hit"], q[a+"strength"] = []string{"1000"}, []string{"4+"}, []string{"10"}
		q[a+"multiple_wounds"], q[a+"killing_blow"] = []string{"D6"}, []string{"on"}
	}
	return q.Encode()
}

// limitCombats are combat bodies whose steps make a thousand attacks and
// more (issue 23): 101 models of 10 Attacks in one rank, 100 models in two
// ranks of 10 Attacks, and units of MaxModels models of MaxWounds wounds
// making 32 Attacks each, with multiple wounds D6 and Killing Blow.
func limitCombats() []string {
	combat := func(models, frontage, attacks int, extra string) string {
		return fmt.Sprintf(`ruleset: whfb8
combat: {charger: a}
sides:
  a:
    unit: {name: Horde, models: %d, frontage: %d, ws: 10, toughness: 10, wounds: 100, armour: plate, shield: true}
    leadership: 10
    fights: [{attacks: %d, initiative: 10, ws: 10, strength: 10%s}]
  b:
    unit: {name: Wall, models: 1000, frontage: 1000, ws: 10, toughness: 10, wounds: 100, ward: 2+}
    leadership: 10
    fights: [{attacks: 32, initiative: 1, ws: 10, strength: 10, multiple_wounds: D6, killing_blow: true}]
`, models, frontage, attacks, extra)
	}
	return []string{
		combat(101, 101, 10, ""),
		combat(100, 50, 10, ", supporting: 1, multiple_wounds: D6, killing_blow: true"),
		combat(1000, 1000, 32, ", multiple_wounds: D6"),
		combat(1000, 100, 32, ", supporting: 5, extra_ranks: 5"),
	}
}
