package web

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// spearmen is a whfb8 form: 10 attacks hitting on 4+ at S4 against T3
// spearmen in light armour and shield (RULES.md 5, 6.1, 7.1).
func spearmenQuery() url.Values {
	return url.Values{"ruleset": {"whfb8"}, "a0.count": {"10"}, "a0.to_hit": {"4+"}, "a0.strength": {"4"},
		"t.name": {"Spearmen"}, "t.models": {"20"}, "t.frontage": {"5"}, "t.toughness": {"3"}, "t.armour": {"light"}, "t.shield": {"1"},
		"t.musician": {"1"}, "t.standard": {"1"}, "t.champion": {"1"}}
}

func with(q url.Values, kv ...string) url.Values {
	out := url.Values{}
	for k, v := range q {
		out[k] = append([]string(nil), v...)
	}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == "" {
			out.Del(kv[i])
		} else {
			out.Set(kv[i], kv[i+1])
		}
	}
	return out
}

func TestPageFirstVisit(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	w := do(t, h, "GET", "/", "", "")
	body := w.Body.String()
	if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("status %d %s", w.Code, w.Header().Get("Content-Type"))
	}
	for _, want := range []string{
		`<form id="scenario"`, `name="a0.strength"`, `<label for="a0-strength">`, `id="chart-casualties"`,
		`class="bar"`, `aria-current="page"`, `Expected casualties`, `href="/assets/style.css"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if strings.Contains(body, "http://") && !strings.Contains(body, `xmlns="http://www.w3.org/2000/svg"`) {
		t.Errorf("the page refers to another site")
	}
	if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
		t.Errorf("CSP %q", csp)
	}
}

// TestPageMatchesAPI renders the odds tab without JavaScript and checks
// its chart against the API's exact JSON for the same scenario.
func TestPageMatchesAPI(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	q := spearmenQuery()
	page := do(t, h, "GET", "/?"+q.Encode(), "", "")
	if page.Code != 200 {
		t.Fatalf("page: %d", page.Code)
	}
	f := parseForm(q)
	file, err := f.scenario()
	if err != nil {
		t.Fatal(err)
	}
	scen, err := json.Marshal(file)
	if err != nil {
		t.Fatal(err)
	}
	api := decode[map[string]any](t, do(t, h, "POST", "/api/odds?exact=1", "application/json", string(scen)), 200)
	dist := api["casualties"].(map[string]any)["dist"].([]any)
	body := page.Body.String()
	for n, p := range dist {
		if strings.Contains(p.(string), "/") && len(p.(string)) > 0 && n < 8 {
			if !strings.Contains(body, `data-n="`+itoa(uint64(n))+`" data-exact="`+p.(string)+`"`) {
				t.Errorf("bar %d lacks data-exact %s", n, p)
			}
		}
	}
	mean := api["casualties"].(map[string]any)["mean"].(string)
	if !strings.Contains(body, `data-exact="`+mean+`"`) {
		t.Errorf("the expected casualties %s are not on the page", mean)
	}
}

func TestPageRedirects(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	q := spearmenQuery()
	for _, c := range []struct {
		name  string
		q     url.Values
		check func(url.Values) bool
	}{
		{"add a group", with(q, "add", "1"), func(v url.Values) bool { return v.Get("a1.count") == "10" && !v.Has("add") }},
		{"remove a group", with(with(q, "a1.count", "3", "a1.strength", "5"), "remove", "0"),
			func(v url.Values) bool { return v.Get("a0.count") == "3" && !v.Has("a1.count") }},
		{"roll", with(q, "tab", "resolve", "roll", "1", "dice", "6,6"), func(v url.Values) bool { return v.Get("seed") != "" && !v.Has("dice") }},
		{"referee without dice picks a seed", with(q, "tab", "resolve"), func(v url.Values) bool { return v.Get("seed") != "" }},
		{"edit as a file", with(q, "edityaml", "1"), func(v url.Values) bool { return strings.Contains(v.Get("yaml"), "ruleset: whfb8") }},
		{"back to the form", url.Values{"yaml": {crossbowsYAML}, "noyaml": {"1"}}, func(v url.Values) bool {
			return !v.Has("yaml") && v.Get("ruleset") == "battleaxe" && v.Get("a0.bs") == "4" && v.Get("t.models") == "30" && v.Get("t.shield") == "1"
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := do(t, h, "GET", "/?"+c.q.Encode(), "", "")
			if w.Code != 303 {
				t.Fatalf("status %d, want 303", w.Code)
			}
			loc, err := url.Parse(w.Header().Get("Location"))
			if err != nil || loc.Path != "/" || !c.check(loc.Query()) {
				t.Errorf("Location %q", w.Header().Get("Location"))
			}
			if follow := do(t, h, "GET", loc.String(), "", ""); follow.Code != 200 && follow.Code != 400 {
				t.Errorf("following: %d", follow.Code)
			}
		})
	}
}

func TestPageErrorsInline(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	w := do(t, h, "GET", "/?"+with(spearmenQuery(), "a0.strength", "11").Encode(), "", "")
	body := w.Body.String()
	if w.Code != 400 {
		t.Fatalf("status %d, want 400", w.Code)
	}
	for _, want := range []string{`aria-invalid="true" autocomplete="off" aria-describedby="a0-strength-error"`,
		`<p class="error" id="a0-strength-error">want 1 to 10, got 11</p>`, `<a href="#a0-strength">`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	// A field the form has no input for goes to the summary.
	w = do(t, h, "GET", "/?"+with(spearmenQuery(), "t.frontage", "50").Encode(), "", "")
	if w.Code != 400 || !strings.Contains(w.Body.String(), "frontage 50 is wider") {
		t.Errorf("frontage: %d", w.Code)
	}
	// A scenario file: line and column.
	w = do(t, h, "GET", "/?"+url.Values{"yaml": {strings.Replace(crossbowsYAML, "strength: 4", "strength: 40", 1)}}.Encode(), "", "")
	if w.Code != 400 || !strings.Contains(w.Body.String(), "line 7, column 15") {
		t.Errorf("yaml: %d %s", w.Code, w.Body.String())
	}
}

func TestResults(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	w := do(t, h, "GET", "/results?"+spearmenQuery().Encode(), "", "")
	if w.Code != 200 || strings.Contains(w.Body.String(), "<html") || !strings.Contains(w.Body.String(), `id="chart-at-least"`) {
		t.Errorf("results: %d %.200s", w.Code, w.Body.String())
	}
	bad := decode[ErrorBody](t, do(t, h, "GET", "/results?"+with(spearmenQuery(), "a0.strength", "four").Encode(), "", ""), 400)
	if bad.Field != "attacks[0].strength" || bad.Line != 0 {
		t.Errorf("error %+v", bad)
	}
	missing := decode[ErrorBody](t, do(t, h, "GET", "/results?"+with(spearmenQuery(), "t.toughness", "").Encode(), "", ""), 400)
	if missing.Field != "target.toughness" {
		t.Errorf("error %+v", missing)
	}
	if w := do(t, h, "POST", "/results", "", ""); w.Code != 405 {
		t.Errorf("POST /results: %d", w.Code)
	}
	slow := testServer(t, Config{Timeout: time.Nanosecond}).Handler()
	decode[ErrorBody](t, do(t, slow, "GET", "/results?"+spearmenQuery().Encode(), "", ""), 422)
}

func TestPageReferee(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	q := with(spearmenQuery(), "tab", "resolve", "a0.count", "2", "dice", "6,6,6,6,1,1")
	w := do(t, h, "GET", "/?"+q.Encode(), "", "")
	body := w.Body.String()
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, body)
	}
	// Two hits (6, 6), two wounds (6, 6), armour 6+ fails twice (1, 1):
	// two rank-and-file casualties (RULES.md 5, 6.1, 7.1).
	for _, want := range []string{`id="formation-before"`, `id="formation-after"`, `<strong id="tally-casualties">2</strong>`,
		`class="model removed"`, `&#10003; pass`, `&#10007; fail`, `RULES.md 5`} {
		if !strings.Contains(body, want) {
			t.Errorf("the referee tab lacks %s", want)
		}
	}
	if n := strings.Count(body, `class="model removed"`); n != 2 {
		t.Errorf("%d removed marks, want 2", n)
	}
	short := decode[ErrorBody](t, do(t, h, "GET", "/results?"+with(q, "dice", "6").Encode(), "", ""), 400)
	if short.Field != "dice" {
		t.Errorf("out of dice: %+v", short)
	}
	badSeed := decode[ErrorBody](t, do(t, h, "GET", "/results?"+with(q, "dice", "", "seed", "x").Encode(), "", ""), 400)
	if badSeed.Field != "seed" {
		t.Errorf("bad seed: %+v", badSeed)
	}
}

func TestPageCompare(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	q := with(spearmenQuery(), "tab", "compare")
	q["cmp"] = []string{"whfb8", "t9a", "skirmish"}
	q.Set("sets", "mw_cap=remaining\nnonsense=1")
	w := do(t, h, "GET", "/?"+q.Encode(), "", "")
	body := w.Body.String()
	if w.Code != 200 {
		t.Fatalf("status %d", w.Code)
	}
	for _, want := range []string{`<th scope="col">whfb8</th>`, `<th scope="col">t9a</th>`, "t9a does not read armour, shield",
		`id="chart-compare-whfb8"`, "whfb8 mw_cap=remaining", `class="error-inline"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the compare tab lacks %s", want)
		}
	}
	none := decode[ErrorBody](t, do(t, h, "GET", "/results?"+with(spearmenQuery(), "tab", "compare").Encode(), "", ""), 400)
	if none.Field != "cmp" {
		t.Errorf("nothing to compare: %+v", none)
	}
}

func TestRulesetFields(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	q := with(spearmenQuery(), "ruleset", "t9a", "t.armour_value", "2")
	body := do(t, h, "GET", "/?"+q.Encode(), "", "").Body.String()
	field := func(id string) string {
		i := strings.Index(body, `id="`+id+`"`)
		if i < 0 {
			t.Fatalf("no input %s", id)
		}
		start := strings.LastIndex(body[:i], `<div class="field`)
		return body[start:i]
	}
	if strings.Contains(field("t-armour-value"), "hidden") || !strings.Contains(field("t-armour"), "hidden") || !strings.Contains(field("t-ward"), "hidden") {
		t.Errorf("t9a shows armour and ward, or hides armour_value")
	}
	if !strings.Contains(field("a0-ap"), `data-rulesets="t9a tow"`) {
		t.Errorf("ap lacks data-rulesets")
	}
}

func TestFormRoundTrip(t *testing.T) {
	for _, q := range []url.Values{
		spearmenQuery(),
		with(spearmenQuery(), "tab", "resolve", "dice", "1,2,3", "a1.count", "2D6", "a1.strength", "3", "a1.flaming", "1", "opt.mw_cap", "remaining"),
		{"yaml": {crossbowsYAML}, "tab": {"compare"}, "cmp": {"whfb8", "battleaxe"}},
	} {
		f := parseForm(q)
		back := parseForm(f.values())
		if !reflect.DeepEqual(f, back) {
			t.Errorf("round trip of %v:\n%+v\n%+v", q, f, back)
		}
	}
	if f := parseForm(url.Values{}); !reflect.DeepEqual(f, defaultForm()) {
		t.Errorf("empty query: %+v", f)
	}
}

func TestInputName(t *testing.T) {
	for field, want := range map[string]string{
		"attacks[0].strength": "a0.strength", "attacks[3].to_hit": "a3.to_hit", "target.models": "t.models",
		"target.command[1]": "t.musician", "target.damage[2]": "t.damage", "options.mw_cap": "opt.mw_cap",
		"attacks": "", "ruleset": "", "attacks[0]": "",
	} {
		if got := inputName(field); got != want {
			t.Errorf("inputName(%q) = %q, want %q", field, got, want)
		}
	}
}

// FuzzPage sends arbitrary query strings to the results: never a server
// error, never a panic.
func FuzzPage(f *testing.F) {
	f.Add(spearmenQuery().Encode())
	f.Add(with(spearmenQuery(), "tab", "resolve", "dice", "6,6,6").Encode())
	f.Add(with(spearmenQuery(), "tab", "compare", "cmp", "t9a").Encode())
	f.Add("yaml=" + url.QueryEscape(crossbowsYAML))
	f.Add("ruleset=battleaxe&a0.count=D6&a0.strength=3&t.models=3&t.toughness=3&t.damage=1,1")
	s := New(Config{MaxStates: 2000, Timeout: time.Second, MaxConcurrent: 4})
	h := s.Handler()
	f.Fuzz(func(t *testing.T, query string) {
		w := do(t, h, "GET", "/results?"+url.PathEscape(query), "", "")
		if w.Code >= 500 {
			t.Errorf("%q: %d %s", query, w.Code, w.Body.String())
		}
	})
}

// TestFormFromFile turns each example the form can say into form fields
// and back: the scenario is unchanged.
func TestFormFromFile(t *testing.T) {
	files, err := filepath.Glob("../examples/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tried := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		file, err := scenario.Load(path, data)
		if err != nil {
			t.Fatal(err)
		}
		tg := file.Target
		if len(tg.Characters) > 0 || len(tg.Groups) > 0 || tg.Layout != "" || tg.Champion != nil || file.Description != "" {
			continue // beyond the form
		}
		aimed := false
		for _, a := range file.Attacks {
			aimed = aimed || a.Target.Role == scenario.AimCharacter || a.Target.Pool != nil || a.Attacker != "" || a.MWAgainst != nil || a.ClippedWings
		}
		if aimed {
			continue
		}
		tried++
		back, err := parseForm(fileForm(file, tabOdds).values()).scenario()
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(path), err)
			continue
		}
		for _, sw := range rules.Switches() { // the form leaves defaults out
			if file.Options[sw.Name] == sw.Default {
				delete(file.Options, sw.Name)
			}
		}
		if len(file.Options) == 0 {
			file.Options = nil
		}
		want, _ := file.MarshalYAML()
		got, _ := back.MarshalYAML()
		if string(want) != string(got) {
			t.Errorf("%s through the form:\n%s\nwant\n%s", filepath.Base(path), got, want)
		}
	}
	if tried < 5 {
		t.Errorf("only %d examples fit the form", tried)
	}
}
