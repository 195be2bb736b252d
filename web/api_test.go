package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"github.com/rearrank/rearrank/combat"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rearrank/rearrank/rules"
)

// crossbowsYAML is examples/crossbows.yaml: RULES.md 16.7 E85 expects 50/9
// casualties.
const crossbowsYAML = `ruleset: battleaxe
attacks:
  - name: Crossbowmen
    count: 20
    phase: shooting
    bs: 4+
    strength: 4
target:
  name: Spearmen
  models: 30
  frontage: 10
  toughness: 3
  armour: light
  shield: true
`

const crossbowsJSON = `{
  "ruleset": "battleaxe",
  "attacks": [{"name": "Crossbowmen", "count": 20, "phase": "shooting", "bs": "4+", "strength": 4}],
  "target": {"name": "Spearmen", "models": 30, "frontage": 10, "toughness": 3, "armour": "light", "shield": true}
}`

// perModelYAML is examples/battleaxe-per-model.yaml: per-model damage with
// D3 Multiple Wounds, which the exact odds enumerate state by state
// (RULES.md 11.3).
const perModelYAML = `ruleset: battleaxe
attacks:
  - {count: 6, ws: 4, strength: 6, multiple_wounds: D3}
target: {troop_type: monstrous_infantry, models: 5, ws: 3, toughness: 4, wounds: 3, armour: light, damage: [2]}
`

// spearsYAML is crossbowsYAML with the to-hit roll as a score, which every
// block ruleset reads (bs 4+ is battleaxe's and t9a's way).
var spearsYAML = strings.Replace(crossbowsYAML, "bs: 4+", "to_hit: 4+", 1)

// resolveJSON mirrors ResolveResult for decoding: the event kinds are text.
type resolveJSON struct {
	Ruleset  string             `json:"ruleset"`
	Dice     []int              `json:"dice"`
	Events   []map[string]any   `json:"events"`
	Tally    map[string]any     `json:"tally"`
	Before   struct{ Size int } `json:"before"`
	After    struct{ Size int } `json:"after"`
	Seed     *uint64            `json:"seed"`
	DiceLeft int                `json:"dice_left"`
}

// challengeJSON is examples/champion-challenge.yaml: 3 attacks at a
// champion, WS 4 against WS 4 hits on 4+ (RULES.md 5).
const challengeJSON = `{"ruleset": "whfb8",
 "attacks": [{"count": 3, "ws": 4, "strength": 4, "target": "champion"}],
 "target": {"name": "Spearmen", "models": 20, "frontage": 5, "ws": 3, "toughness": 3, "armour": "light", "shield": true,
  "command": ["musician", "standard", "champion"], "champion": {"ws": 4}}}`

func testServer(t *testing.T, cfg Config) *Server {
	t.Helper()
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return New(cfg)
}

// page GETs target and returns the body, failing the test unless the
// answer is 200.
func page(t *testing.T, h http.Handler, target string) string {
	t.Helper()
	w := do(t, h, "GET", target, "", "")
	if w.Code != 200 {
		t.Fatalf("GET %s: status %d: %s", target, w.Code, w.Body.String())
	}
	return w.Body.String()
}

func do(t *testing.T, h http.Handler, method, target, contentType, body string) *httptest.ResponseRecorder {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, r)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// decode reads a JSON response, failing the test on another status.
func decode[T any](t *testing.T, w *httptest.ResponseRecorder, status int) T {
	t.Helper()
	var v T
	if w.Code != status {
		t.Fatalf("status %d, want %d: %s", w.Code, status, w.Body.String())
	}
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type %q, want application/json", ct)
	}
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatalf("decoding %s: %v", w.Body.String(), err)
	}
	return v
}

func TestHealth(t *testing.T) {
	h := testServer(t, Config{Version: "1.2.3"}).Handler()
	got := decode[Health](t, do(t, h, "GET", "/healthz", "", ""), 200)
	if got != (Health{Status: "ok", Version: "1.2.3"}) {
		t.Errorf("got %+v", got)
	}
	if w := do(t, h, "HEAD", "/healthz", "", ""); w.Code != 200 {
		t.Errorf("HEAD /healthz: %d", w.Code)
	}
}

func TestRulesets(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	got := decode[[]RulesetInfo](t, do(t, h, "GET", "/api/rulesets", "", ""), 200)
	if len(got) != len(rules.Rulesets()) {
		t.Fatalf("%d rulesets, want %d", len(got), len(rules.Rulesets()))
	}
	for i, r := range rules.Rulesets() {
		if got[i].Name != r.String() || got[i].Seed == "" {
			t.Errorf("ruleset %d: %+v, want %s with its description", i, got[i], r)
		}
	}
	found := false
	for _, s := range got[0].Switches { // battleaxe reads damage_model (RULES.md 18, R1)
		found = found || s.Name == "damage_model" && s.Default == "per_model"
	}
	if !found {
		t.Errorf("battleaxe switches lack damage_model: %+v", got[0].Switches)
	}
}

func TestOpenAPIServed(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	doc := decode[map[string]any](t, do(t, h, "GET", "/api/openapi.json", "", ""), 200)
	if doc["openapi"] != "3.1.0" {
		t.Errorf("openapi = %v", doc["openapi"])
	}
}

func TestOdds(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for _, c := range []struct {
		name, target, ct, body string
	}{
		{"json body, exact in the query", "/api/odds?exact=1", "application/json", crossbowsJSON},
		{"yaml body", "/api/odds?exact=true", "application/yaml", crossbowsYAML},
		{"yaml without a content type", "/api/odds?exact", "", crossbowsYAML},
		{"envelope", "/api/odds", "application/json", `{"exact": true, "scenario": ` + crossbowsJSON + `}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := decode[map[string]any](t, do(t, h, "POST", c.target, c.ct, c.body), 200)
			cas := got["casualties"].(map[string]any)
			if cas["mean"] != "50/9" { // RULES.md 16.7 E85
				t.Errorf("casualties mean %v, want 50/9", cas["mean"])
			}
			if got["ruleset"] != "battleaxe" || got["exact"] != true {
				t.Errorf("ruleset %v exact %v", got["ruleset"], got["exact"])
			}
		})
	}
	t.Run("floats by default, the CLI's JSON", func(t *testing.T) {
		raw := decode[map[string]any](t, do(t, h, "POST", "/api/odds", "application/json", crossbowsJSON), 200)
		mean := raw["casualties"].(map[string]any)["mean"].(float64)
		if mean < 5.5555 || mean > 5.5556 {
			t.Errorf("mean %v, want 50/9", mean)
		}
	})
}

func TestOddsErrors(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	badStrength := strings.Replace(crossbowsYAML, "strength: 4", "strength: 11", 1)
	for _, c := range []struct {
		name, method, target, ct, body string
		status                         int
		code, field                    string
		line, column                   int
	}{
		{"out of range, with its place", "POST", "/api/odds", "application/yaml", badStrength, 400, "invalid", "attacks[0].strength", 7, 15},
		{"unknown field", "POST", "/api/odds", "application/json", strings.Replace(crossbowsJSON, `"strength"`, `"strenght"`, 1), 400, "invalid", "attacks[0]", 3, 85},
		{"place inside an envelope is the body's", "POST", "/api/odds", "application/json", "{\n  \"exact\": true,\n  \"scenario\": " + strings.Replace(crossbowsJSON, `"strength": 4`, `"strength": 0`, 1) + "\n}", 400, "invalid", "attacks[0].strength", 5, 97},
		{"syntax", "POST", "/api/odds", "application/json", `{"ruleset": "whfb8",`, 400, "invalid", "", 0, 0},
		{"empty body", "POST", "/api/odds", "application/json", "", 400, "invalid", "", 0, 0},
		{"unknown ruleset", "POST", "/api/odds", "application/yaml", strings.Replace(crossbowsYAML, "battleaxe", "warhammer", 1), 400, "invalid", "ruleset", 1, 10},
		{"bad exact", "POST", "/api/odds?exact=maybe", "application/json", crossbowsJSON, 400, "invalid", "exact", 0, 0},
		{"bad exact in the envelope", "POST", "/api/odds", "application/json", `{"exact": "yes", "scenario": ` + crossbowsJSON + `}`, 400, "invalid", "exact", 0, 0},
		{"unknown query parameter", "POST", "/api/odds?exat=1", "application/json", crossbowsJSON, 400, "invalid", "exat", 0, 0},
		{"unknown envelope field", "POST", "/api/odds", "application/json", `{"dice": "6", "scenario": ` + crossbowsJSON + `}`, 400, "invalid", "dice", 0, 0},
		{"the envelope's scenario not a mapping", "POST", "/api/odds", "application/json", `{"scenario": 5}`, 400, "invalid", "scenario", 1, 14},
		{"scenario twice", "POST", "/api/odds", "application/json", `{"scenario": {}, "scenario": {}}`, 400, "invalid", "scenario", 0, 0},
		{"a yaml envelope", "POST", "/api/odds", "application/yaml", "scenario:\n  ruleset: whfb8\n", 400, "invalid", "", 1, 1},
		{"media type", "POST", "/api/odds", "text/html", crossbowsJSON, 415, "unsupported_media_type", "", 0, 0},
		{"bad media type", "POST", "/api/odds", "application/json; =", crossbowsJSON, 415, "unsupported_media_type", "", 0, 0},
		{"GET", "GET", "/api/odds", "", "", 405, "method_not_allowed", "", 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := decode[ErrorBody](t, do(t, h, c.method, c.target, c.ct, c.body), c.status)
			if got.Code != c.code || got.Field != c.field || got.Error == "" {
				t.Errorf("got %+v, want code %s field %q", got, c.code, c.field)
			}
			if c.line != 0 && (got.Line != c.line || got.Column != c.column) {
				t.Errorf("at %d:%d, want %d:%d (%s)", got.Line, got.Column, c.line, c.column, got.Error)
			}
		})
	}
	t.Run("405 says what is allowed", func(t *testing.T) {
		w := do(t, h, "DELETE", "/api/odds", "", "")
		if w.Code != 405 || w.Header().Get("Allow") != "POST" {
			t.Errorf("status %d Allow %q", w.Code, w.Header().Get("Allow"))
		}
	})
}

func TestBodyLimit(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	big := crossbowsYAML + "# " + strings.Repeat("x", DefaultMaxBody) + "\n"
	got := decode[ErrorBody](t, do(t, h, "POST", "/api/odds", "application/yaml", big), 413)
	if got.Code != "too_large" {
		t.Errorf("got %+v", got)
	}
	small := testServer(t, Config{MaxBody: 100}).Handler()
	decode[ErrorBody](t, do(t, small, "POST", "/api/resolve?seed=1", "application/json", crossbowsJSON), 413)
}

func TestStateLimit(t *testing.T) {
	h := testServer(t, Config{MaxStates: 1}).Handler()
	got := decode[ErrorBody](t, do(t, h, "POST", "/api/odds", "application/yaml", perModelYAML), 422)
	if got.Code != "state_limit" || !strings.Contains(got.Error, "state limit") {
		t.Errorf("got %+v", got)
	}
	mc := decode[map[string]any](t, do(t, h, "POST", "/api/odds?fallback=1", "application/yaml", perModelYAML), 200)
	if mc["exact"] != false || mc["method"] != "monte carlo" {
		t.Errorf("fallback: exact %v method %v", mc["exact"], mc["method"])
	}
	cmp := decode[ErrorBody](t, do(t, h, "POST", "/api/compare?sets=packet_target=fresh_first", "application/yaml", perModelYAML), 422)
	if cmp.Code != "state_limit" || !strings.HasPrefix(cmp.Error, "battleaxe (as written): ") {
		t.Errorf("compare: %+v", cmp)
	}
}

func TestTimeLimit(t *testing.T) {
	h := testServer(t, Config{Timeout: time.Nanosecond}).Handler()
	got := decode[ErrorBody](t, do(t, h, "POST", "/api/odds", "application/yaml", perModelYAML), 422)
	if got.Code != "time_limit" {
		t.Errorf("got %+v", got)
	}
	if e := toAPIError(context.DeadlineExceeded, time.Second); e.Status != 422 || e.Code != "time_limit" {
		t.Errorf("DeadlineExceeded: %+v", e)
	}
	if e := toAPIError(context.Canceled, time.Second); e.Status >= 500 && e.Status != 503 {
		t.Errorf("Canceled: %+v", e)
	}
}

func TestBusy(t *testing.T) {
	s := testServer(t, Config{MaxConcurrent: 1, QueueWait: 20 * time.Millisecond})
	h := s.Handler()
	s.cheap.slots <- struct{}{} // a computation in progress in each lane
	s.heavy.slots <- struct{}{}
	for _, c := range []struct{ method, target, body string }{
		{"POST", "/api/odds", crossbowsYAML},
		{"POST", "/api/resolve?seed=1", crossbowsYAML},
		{"POST", "/api/compare?rulesets=whfb8", spearsYAML},
		{"GET", "/results?ruleset=whfb8&a0.count=1&a0.strength=3&t.models=5&t.toughness=3", ""},
	} {
		w := do(t, h, c.method, c.target, "application/yaml", c.body)
		got := decode[ErrorBody](t, w, 503)
		if got.Code != "busy" || w.Header().Get("Retry-After") != "1" {
			t.Errorf("%s %s: %+v, Retry-After %q", c.method, c.target, got, w.Header().Get("Retry-After"))
		}
	}
	<-s.cheap.slots
	<-s.heavy.slots
	decode[map[string]any](t, do(t, h, "POST", "/api/odds", "application/yaml", crossbowsYAML), 200)
	decode[map[string]any](t, do(t, h, "GET", "/healthz", "", ""), 200) // not a computation
}

func TestResolve(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	// WS 4 against the champion's WS 4 hits on 4+, S4 against T3 wounds on
	// 3+, light armour and shield save on 5+ worsened by S4 to 6+ (RULES.md
	// 5, 6.1, 7.1): hit 6, 5, 4; wound 6, 6, 1; armour 6 saves one, 5
	// fails. The champion has one wound: one casualty, the rest is lost.
	byQuery := decode[resolveJSON](t, do(t, h, "POST", "/api/resolve?dice=6,5,4,6,6,1,6,5", "application/json", challengeJSON), 200)
	byEnvelope := decode[resolveJSON](t, do(t, h, "POST", "/api/resolve", "application/json",
		`{"dice": [6,5,4,6,6,1,6,5], "scenario": `+challengeJSON+`}`), 200)
	byString := decode[resolveJSON](t, do(t, h, "POST", "/api/resolve", "application/json",
		`{"dice": "6 5 4 6 6 1 6 5", "scenario": `+challengeJSON+`}`), 200)
	for _, got := range []resolveJSON{byQuery, byEnvelope, byString} {
		if got.Tally["casualties"] != 1.0 || got.Tally["unsaved"] != 1.0 || len(got.Dice) != 8 || got.Seed != nil || got.DiceLeft != 0 {
			t.Errorf("tally %+v dice %v seed %v left %d", got.Tally, got.Dice, got.Seed, got.DiceLeft)
		}
		if got.Ruleset != "whfb8" || got.Before.Size != 20 || got.After.Size != 19 {
			t.Errorf("ruleset %s sizes %d -> %d", got.Ruleset, got.Before.Size, got.After.Size)
		}
	}
	if len(byQuery.Events) == 0 || byQuery.Events[0]["kind"] != "batch_start" {
		t.Errorf("events: %+v", byQuery.Events)
	}

	left := decode[resolveJSON](t, do(t, h, "POST", "/api/resolve?dice=6,5,4,6,6,1,6,5,2,2", "application/json", challengeJSON), 200)
	if left.DiceLeft != 2 {
		t.Errorf("dice_left %d, want 2", left.DiceLeft)
	}

	a := decode[resolveJSON](t, do(t, h, "POST", "/api/resolve?seed=7", "application/yaml", crossbowsYAML), 200)
	b := decode[resolveJSON](t, do(t, h, "POST", "/api/resolve", "application/json", `{"seed": 7, "scenario": `+crossbowsJSON+`}`), 200)
	if a.Seed == nil || *a.Seed != 7 || !equalInts(a.Dice, b.Dice) || a.Tally["casualties"] != b.Tally["casualties"] {
		t.Errorf("seed 7 twice: %v %v", a.Dice, b.Dice)
	}
	drawn := decode[resolveJSON](t, do(t, h, "POST", "/api/resolve", "application/yaml", crossbowsYAML), 200)
	if drawn.Seed == nil || len(drawn.Dice) < 20 {
		t.Errorf("no dice, no seed: seed %v dice %v", drawn.Seed, drawn.Dice)
	}
	again := decode[resolveJSON](t, do(t, h, "POST", "/api/resolve?seed="+itoa(*drawn.Seed), "application/yaml", crossbowsYAML), 200)
	if !equalInts(again.Dice, drawn.Dice) {
		t.Errorf("the reported seed %d does not roll the same dice", *drawn.Seed)
	}
}

func itoa(n uint64) string { b, _ := json.Marshal(n); return string(b) }

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestResolveErrors(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	many := `{"ruleset": "whfb8", "attacks": [` + strings.TrimSuffix(strings.Repeat(`{"count": 100, "strength": 3},`, 60), ",") +
		`], "target": {"models": 10, "toughness": 3}}`
	for _, c := range []struct {
		name, target, body string
		status             int
		code, field        string
	}{
		{"dice and seed", "/api/resolve?dice=6&seed=1", challengeJSON, 400, "invalid", "seed"},
		{"out of dice", "/api/resolve?dice=6,5", challengeJSON, 400, "invalid", "dice"},
		{"a 7 on a D6", "/api/resolve?dice=7,5,4,6,6,1,6,5", challengeJSON, 400, "invalid", "dice"},
		{"a zero", "/api/resolve", `{"dice": [0], "scenario": ` + challengeJSON + `}`, 400, "invalid", "dice"},
		{"not faces", "/api/resolve?dice=six", challengeJSON, 400, "invalid", "dice"},
		{"empty dice", "/api/resolve", `{"dice": "", "scenario": ` + challengeJSON + `}`, 400, "invalid", "dice"},
		{"dice of a wrong type", "/api/resolve", `{"dice": {"a": 1}, "scenario": ` + challengeJSON + `}`, 400, "invalid", "dice"},
		{"bad seed", "/api/resolve?seed=-1", challengeJSON, 400, "invalid", "seed"},
		{"seed of a wrong type", "/api/resolve", `{"seed": true, "scenario": ` + challengeJSON + `}`, 400, "invalid", "seed"},
		{"too many attacks", "/api/resolve?seed=1", many, 422, "too_many_attacks", ""},
		{"bad scenario", "/api/resolve?seed=1", `{"ruleset": "whfb8"}`, 400, "invalid", "attacks"},
		{"unknown parameter", "/api/resolve?exact=1", challengeJSON, 400, "invalid", "exact"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := decode[ErrorBody](t, do(t, h, "POST", c.target, "application/json", c.body), c.status)
			if got.Code != c.code || got.Field != c.field {
				t.Errorf("got %+v, want code %s field %q", got, c.code, c.field)
			}
		})
	}
	if w := do(t, h, "GET", "/api/resolve", "", ""); w.Code != 405 {
		t.Errorf("GET: %d", w.Code)
	}
}

func TestCompare(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	got := decode[[]compareJSON](t, do(t, h, "POST", "/api/compare?rulesets=battleaxe,whfb8&exact=1", "application/yaml", spearsYAML), 200)
	if len(got) != 2 || got[0].Variant != "battleaxe" || got[1].Variant != "whfb8" {
		t.Fatalf("variants: %+v", got)
	}
	if m := got[0].Odds["casualties"].(map[string]any)["mean"]; m != "50/9" {
		t.Errorf("battleaxe mean %v, want 50/9", m)
	}
	sets := decode[[]compareJSON](t, do(t, h, "POST", "/api/compare", "application/json",
		`{"sets": ["panic_threshold=1/2"], "rulesets": [], "scenario": `+crossbowsJSON+`}`), 200)
	if len(sets) != 2 || sets[0].Variant != "battleaxe (as written)" || sets[1].Variant != "battleaxe panic_threshold=1/2" {
		t.Errorf("sets: %+v", sets)
	}
	repeated := decode[[]compareJSON](t, do(t, h, "POST", "/api/compare?rulesets=whfb8&rulesets=t9a1-ru", "application/yaml", spearsYAML), 200)
	if len(repeated) != 2 {
		t.Errorf("repeated rulesets: %d variants", len(repeated))
	}
}

type compareJSON struct {
	Variant string         `json:"variant"`
	Odds    map[string]any `json:"odds"`
}

func TestCompareErrors(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for _, c := range []struct {
		name, target, body string
		status             int
		field              string
	}{
		{"nothing to compare", "/api/compare", crossbowsJSON, 400, "rulesets"},
		{"unknown ruleset", "/api/compare?rulesets=battleaxe,warhammer", crossbowsJSON, 400, "rulesets[1]"},
		{"a set without =", "/api/compare?sets=pooled", crossbowsJSON, 400, "sets[0]"},
		{"an unknown option", "/api/compare?sets=nonsense=1", crossbowsJSON, 400, "sets[0]"},
		{"rulesets of a wrong type", "/api/compare", `{"rulesets": "whfb8", "scenario": ` + crossbowsJSON + `}`, 400, "rulesets"},
		{"too many", "/api/compare?rulesets=" + strings.TrimSuffix(strings.Repeat("battleaxe,", 13), ","), crossbowsJSON, 400, "rulesets"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := decode[ErrorBody](t, do(t, h, "POST", c.target, "application/json", c.body), c.status)
			if got.Field != c.field || got.Code != "invalid" {
				t.Errorf("got %+v, want field %q", got, c.field)
			}
		})
	}
}

func TestNotFound(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for _, path := range []string{"/nope", "/api/nope", "/api/odds/extra", "/assets/nope.css", "/assets/", "/index.html"} {
		got := decode[ErrorBody](t, do(t, h, "GET", path, "", ""), 404)
		if got.Code != "not_found" {
			t.Errorf("%s: %+v", path, got)
		}
	}
}

func TestAssets(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for path, ct := range map[string]string{
		"/assets/style.css": "text/css", "/assets/app.js": "text/javascript", "/assets/icon.svg": "image/svg+xml",
	} {
		w := do(t, h, "GET", path, "", "")
		if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), ct) || w.Body.Len() == 0 {
			t.Errorf("%s: %d %q", path, w.Code, w.Header().Get("Content-Type"))
		}
	}
	if w := do(t, h, "POST", "/assets/style.css", "", ""); w.Code != 405 {
		t.Errorf("POST asset: %d", w.Code)
	}
}

func TestRequestLog(t *testing.T) {
	var buf bytes.Buffer
	h := New(Config{Logger: slog.New(slog.NewJSONHandler(&buf, nil))}).Handler()
	do(t, h, "GET", "/healthz", "", "")
	var line map[string]any
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
		t.Fatalf("log %q: %v", buf.String(), err)
	}
	for k, want := range map[string]any{"msg": "request", "method": "GET", "path": "/healthz", "status": 200.0} {
		if line[k] != want {
			t.Errorf("log %s = %v, want %v", k, line[k], want)
		}
	}
	if _, ok := line["duration"]; !ok {
		t.Errorf("log has no duration: %v", line)
	}
}

func TestPanicIs500(t *testing.T) {
	var buf bytes.Buffer
	s := New(Config{Logger: slog.New(slog.NewTextHandler(&buf, nil))})
	h := s.logged(s.recovered(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") })))
	got := decode[ErrorBody](t, do(t, h, "GET", "/x", "", ""), 500)
	if got.Code != "internal" || !strings.Contains(buf.String(), "boom") {
		t.Errorf("got %+v, log %q", got, buf.String())
	}
}

// TestExamplesNever500 sends every example file to every POST route: a
// user's file is never a server error.
func TestExamplesNever500(t *testing.T) {
	files, err := filepath.Glob("../examples/*")
	if err != nil || len(files) < 10 {
		t.Fatalf("examples: %v (%d)", err, len(files))
	}
	h := testServer(t, Config{MaxStates: 20000, Timeout: 5 * time.Second}).Handler()
	for _, path := range files {
		if fi, err := os.Stat(path); strings.HasSuffix(path, ".md") || err == nil && fi.IsDir() { // examples/lists: TestImportExamples
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		targets, answers := []string{"/api/odds", "/api/resolve?seed=1", "/api/compare?rulesets=whfb8,t9a"}, "/api/odds"
		if combat.IsFile(data) { // a combat file (RULES.md 21.10)
			targets, answers = []string{"/api/combat?seed=1", "/api/combat?n=200", "/api/odds"}, "/api/combat"
		}
		for _, target := range targets {
			w := do(t, h, "POST", target, "", string(data))
			if w.Code >= 500 {
				t.Errorf("%s %s: %d %s", filepath.Base(path), target, w.Code, w.Body.String())
			}
			if strings.HasPrefix(target, answers) && w.Code != 200 {
				t.Errorf("%s %s: %d %s", filepath.Base(path), target, w.Code, w.Body.String())
			}
		}
	}
}

func TestSplitEnvelope(t *testing.T) {
	body := []byte("{\"seed\": 1,\n \"scenario\": {\"a\":\n [1, 2]},\n \"x\": \"y\"}")
	scen, params, ok, err := splitEnvelope(body)
	if err != nil || !ok {
		t.Fatalf("ok %v err %v", ok, err)
	}
	want := "           \n             {\"a\":\n [1, 2]} \n          "
	if string(scen) != want {
		t.Errorf("blanked:\n%q\nwant\n%q", scen, want)
	}
	if string(params["seed"]) != "1" || string(params["x"]) != `"y"` {
		t.Errorf("params %v", params)
	}
	for _, notEnvelope := range []string{`{"ruleset": "whfb8"}`, `[1]`, `ruleset: whfb8`, `{"scenario": `} {
		if _, _, ok, err := splitEnvelope([]byte(notEnvelope)); ok || err != nil {
			t.Errorf("%s: ok %v err %v", notEnvelope, ok, err)
		}
	}
	var ae *apiError
	if _, _, _, err := splitEnvelope([]byte(`{"scenario": 1, "scenario": 2}`)); !errors.As(err, &ae) || ae.Field != "scenario" {
		t.Errorf("twice: %v", err)
	}
}
