package web

import (
	"encoding/json"
	"github.com/rearrank/rearrank/combat"
	"html"
	"math/big"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rearrank/rearrank/odds"
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
	w = do(t, h, "GET", "/?"+with(spearmenQuery(), "t.frontage", "2").Encode(), "", "")
	if w.Code != 400 || !strings.Contains(w.Body.String(), "so the frontage must be at least 3") {
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
	if w.Code != 200 || strings.Contains(w.Body.String(), "<html") || !strings.Contains(w.Body.String(), `<circle class="at-least"`) {
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
	body := page(t, h, "/?"+q.Encode())
	// Two hits (6, 6), two wounds (6, 6), armour 6+ fails twice (1, 1):
	// two rank-and-file casualties (RULES.md 5, 6.1, 7.1).
	for _, want := range []string{`id="formation-before"`, `id="formation-after"`, `<strong id="tally-casualties">2</strong>`,
		`class="model removed"`, `&#10003; pass`, `&#10007; fail`, `rules, <a href="/docs/rules#s5">section 5 (hit)</a>`} {
		if !strings.Contains(body, want) {
			t.Errorf("the referee tab lacks %s", want)
		}
	}
	if n := strings.Count(body, `class="model removed"`); n != 2 {
		t.Errorf("%d removed marks, want 2", n)
	}
	// Out of dice, the referee asks for the rest of the stage
	// (referee_page.go): the second to-hit die.
	if short := do(t, h, "GET", "/results?"+with(q, "dice", "6").Encode(), "", ""); short.Code != 200 ||
		!strings.Contains(short.Body.String(), "Next: Attack group 1: to hit") || !strings.Contains(short.Body.String(), "Roll 1 D6 die") {
		t.Errorf("out of dice: %d %s", short.Code, short.Body.String())
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
	// The columns are named by the rulesets' titles, and the notes in the
	// form's words (issue 26, item 11).
	for _, want := range []string{`<th scope="col">Warhammer Fantasy Battles, 8th edition</th>`, `<th scope="col">The 9th Age: Fantasy Battles (2nd edition)</th>`,
		"Target: light armour, shield (5&#43;) carried over as Armour 2 (5&#43;)",
		`id="chart-compare-exactly"`, `id="chart-compare-at-least"`, "Warhammer Fantasy Battles, 8th edition: Multiple wounds are capped at remaining", `class="error-inline"`} {
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
	f.Add(limitQuery())
	f.Add("yaml=" + url.QueryEscape(limitScenarios()[2]))
	// A short time limit bounds each query's computation (see FuzzHandlers).
	s := New(Config{MaxStates: 2000, Timeout: 200 * time.Millisecond, MaxConcurrent: 4})
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
		if combat.IsFile(data) {
			continue // a combat file: the form holds scenarios
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
			aimed = aimed || a.Target.Role == scenario.AimCharacter || a.Target.Pool != nil || a.Attacker != "" || a.Batch != "" || a.MWAgainst != nil || a.ClippedWings
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

// TestPageWording holds the form to players' words (issue 15, item 2):
// rulesets by their full names, switches in plain words with the default
// marked, and none of our specification's references on the page.
func TestPageWording(t *testing.T) {
	h := testServer(t, Config{})
	for _, rs := range rules.Rulesets() {
		if rs.Title() == rs.String() || rs.Title() == "" {
			t.Errorf("ruleset %s has no full name (rules: its row's title)", rs)
		}
	}
	for _, sw := range rules.Switches() {
		if _, ok := switchLabels[sw.Name]; !ok {
			t.Errorf("switch %s has no label in switchLabels", sw.Name)
		}
	}
	for _, q := range []url.Values{spearmenQuery(), with(spearmenQuery(), "ruleset", "battleaxe"), with(spearmenQuery(), "ruleset", "t9a"),
		with(spearmenQuery(), "tab", "compare", "vp1", "a0", "vp2", "t")} { // the variants' forms too
		body := do(t, h.Handler(), "GET", "/?"+q.Encode(), "", "").Body.String()
		for _, bad := range []string{"RULES.md", "review #", "(seed ", ">mw cap<", ">per_model"} {
			if strings.Contains(body, bad) {
				i := strings.Index(body, bad)
				t.Errorf("%s: the page says %q: ...%s...", q.Get("ruleset"), bad, body[max(0, i-80):min(len(body), i+40)])
			}
		}
		for _, want := range []string{">Warhammer Fantasy Battles, 8th edition</option>", ">The 9th Age: Fantasy Battles (2nd edition)</option>",
			"Multiple wounds are capped at", "profile (default)", `<summary>Rule switches</summary>`,
			`<details class="more"`, "Warhammer Fantasy Battles 8th edition, casualty rules"} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: the page lacks %s", q.Get("ruleset"), want)
			}
		}
	}
	// The common fields come before the folded ones.
	body := do(t, h.Handler(), "GET", "/?"+spearmenQuery().Encode(), "", "").Body.String()
	more := strings.Index(body, `<details class="more"`)
	for _, id := range []string{"a0-count", "a0-to-hit", "a0-strength"} {
		if i := strings.Index(body, `id="`+id+`"`); i < 0 || i > more {
			t.Errorf("%s is not before the first folded group", id)
		}
	}
	for _, id := range []string{"a0-hit-modifier", "a0-reroll-hit", "t-ward"} {
		if i := strings.Index(body, `id="`+id+`"`); i < more {
			t.Errorf("%s is not folded away", id)
		}
	}
	// The folded groups say how many of their fields are filled in: the
	// spearmen's name and frontage, their three command models, and the
	// one switch of the link.
	body = do(t, h.Handler(), "GET", "/?"+with(spearmenQuery(), "opt.mw_cap", "remaining").Encode(), "", "").Body.String()
	for _, want := range []string{`starting damage <span class="count">(2 set)</span></summary>`, `<summary>Command group <span class="count">(3 set)</span></summary>`,
		`<summary>Rule switches <span class="count">(1 set)</span></summary>`, `special rules</summary>`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
}

// TestPageSkirmishTarget: choosing skirmish for a regiment's form fights
// one warrior instead of failing ("a skirmish target is one warrior").
// The page hides Models there, keeping the 20 typed for a switch back
// (issue 26, item 6), where it showed 1 in its place.
func TestPageSkirmishTarget(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	w := do(t, h, "GET", "/?"+with(spearmenQuery(), "ruleset", "skirmish").Encode(), "", "")
	body := w.Body.String()
	if w.Code != 200 {
		t.Fatalf("skirmish with models 20: %d", w.Code)
	}
	if !strings.Contains(body, `<div class="field" data-rulesets="battleaxe whfb8 t9a t9a1-ru tow" hidden>
<label for="t-models">Models</label>`) {
		t.Errorf("the models field is not hidden in skirmish")
	}
	file, err := parseForm(with(spearmenQuery(), "ruleset", "skirmish")).scenario()
	if err != nil || file.Target.Models != 1 {
		t.Fatalf("skirmish scenario: %v", err)
	}
}

// TestPageNumbers: no "0% = 0" card for an event that cannot happen, and
// no "100.00%" for a chance below one (issue 15, item 4).
func TestPageNumbers(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	// 10 attacks cannot destroy 20 spearmen: "Unit destroyed" is named
	// among what cannot happen instead of a card of 0%.
	body := do(t, h, "GET", "/?"+spearmenQuery().Encode(), "", "").Body.String()
	if strings.Contains(body, "<dt>Unit destroyed</dt>") || !strings.Contains(body, "Cannot happen here: unit destroyed") {
		t.Errorf("unit destroyed is shown as a card, or not named as impossible")
	}
	if strings.Contains(body, `data-exact="0" title="exactly 0"`) {
		t.Errorf("a card of 0 = 0")
	}
	for _, c := range []struct {
		p    *big.Rat
		want string
	}{
		{big.NewRat(199999, 200000), ">99.99%"}, {big.NewRat(1, 1), "100%"}, {big.NewRat(0, 1), "0%"},
		{big.NewRat(1, 3), "33.33%"}, {big.NewRat(1, 200000), "<0.01%"},
	} {
		if got := percent(c.p); got != c.want {
			t.Errorf("percent(%s) = %s, want %s", c.p.RatString(), got, c.want)
		}
	}
	for _, c := range []struct {
		p    *big.Rat
		want string
	}{{big.NewRat(996, 1000), ">99%"}, {big.NewRat(1, 1), "100%"}, {big.NewRat(1, 2), "50%"}, {big.NewRat(1, 1000), "<1%"}} {
		if got := shortPercent(c.p); got != c.want {
			t.Errorf("shortPercent(%s) = %s, want %s", c.p.RatString(), got, c.want)
		}
	}
	if got := thousands(200000); got != "200,000" {
		t.Errorf("thousands(200000) = %s", got)
	}
}

// TestPageExport: "download as a scenario file" answers with the form as
// a YAML file that loads back to the same scenario.
func TestPageExport(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	w := do(t, h, "GET", "/?"+with(spearmenQuery(), "export", "1").Encode(), "", "")
	if w.Code != 200 || w.Header().Get("Content-Disposition") != `attachment; filename="spearmen.yaml"` {
		t.Fatalf("status %d, %q", w.Code, w.Header().Get("Content-Disposition"))
	}
	file, err := scenario.Load("spearmen.yaml", w.Body.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	want, err := parseForm(spearmenQuery()).scenario()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(file.Target, want.Target) || file.Attacks[0].Strength != 4 {
		t.Errorf("the file's target %+v, the form's %+v", file.Target, want.Target)
	}
	// A form that is no scenario shows the page and its error instead.
	if w := do(t, h, "GET", "/?"+with(spearmenQuery(), "export", "1", "a0.strength", "11").Encode(), "", ""); w.Code != 400 {
		t.Errorf("a bad form exported: %d", w.Code)
	}
}

// TestPageBusy: a busy server is shown where the results go, never as a
// problem in the form, and the page asks again by itself.
func TestPageBusy(t *testing.T) {
	s := testServer(t, Config{MaxConcurrent: 1, QueueWait: time.Millisecond})
	s.cheap.slots <- struct{}{}
	defer func() { <-s.cheap.slots }()
	w := do(t, s.Handler(), "GET", "/?"+spearmenQuery().Encode(), "", "")
	body := w.Body.String()
	if w.Code != 503 || w.Header().Get("Retry-After") == "" {
		t.Fatalf("status %d, Retry-After %q", w.Code, w.Header().Get("Retry-After"))
	}
	if !strings.Contains(body, `<meta http-equiv="refresh" content="3">`) || !strings.Contains(body, `<p class="live busy">`) {
		t.Errorf("the busy page does not ask again")
	}
	if strings.Contains(body, "There is a problem") || !strings.Contains(body, `id="error-summary" class="error-summary" role="alert" tabindex="-1" hidden>`) {
		t.Errorf("the busy server is shown as a problem in the form")
	}
}

// TestOddsCardsSampled: a chance of 0 is "cannot happen" only when exact;
// sampled, it is an event none of the samples saw, and the method line
// says how many in words.
func TestOddsCardsSampled(t *testing.T) {
	s := testServer(t, Config{})
	d := binomial(4, big.NewRat(1, 2))
	res := &odds.Result{Ruleset: rules.WHFB8, Casualties: d, Wounds: d, Unsaved: d, Destroyed: new(big.Rat), Samples: 200000}
	v := s.oddsData(res, "25%")
	if v.Method != "simulated, 200,000 samples" || len(v.Impossible) != 0 {
		t.Errorf("method %q, impossible %v", v.Method, v.Impossible)
	}
	i := slices.IndexFunc(v.Stats, func(st stat) bool { return st.Label == "Unit destroyed" })
	if i < 0 || v.Stats[i].Value != "none seen" || v.Stats[i].Exact != "" {
		t.Errorf("sampled destroyed: %+v", v.Stats)
	}
	res.Exact = true
	v = s.oddsData(res, "25%")
	if v.Method != "exact" || !slices.Contains(v.Impossible, "unit destroyed") || slices.ContainsFunc(v.Stats, func(st stat) bool { return st.Label == "Unit destroyed" }) {
		t.Errorf("exact destroyed: method %q, impossible %v", v.Method, v.Impossible)
	}
}

// TestPageSkirmishWords: the odds and the referee of a skirmish warrior
// speak of his wounds and of out of action, never of casualties, a unit
// destroyed or a panic test (RULES.md 13; a2 F3 on the page).
func TestPageSkirmishWords(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	q := url.Values{"ruleset": {"skirmish"}, "a0.count": {"3"}, "a0.to_hit": {"3+"}, "a0.strength": {"4"},
		"t.models": {"1"}, "t.toughness": {"3"}, "t.wounds": {"1"}}
	body := html.UnescapeString(do(t, h, "GET", "/?"+q.Encode(), "", "").Body.String())
	results := body[strings.Index(body, `id="results"`):]
	contains(t, "skirmish odds", results, "<dt>Expected wounds caused</dt>", "<dt>Out of action</dt>", `id="chart-wounds"`,
		"Wounds caused on the warrior", "<summary>Wounds caused as a table")
	for _, w := range []string{"asualt", "Unit destroyed", "Panic", `id="chart-casualties"`} {
		if strings.Contains(results, w) {
			t.Errorf("skirmish odds say %q", w)
		}
	}
	q.Set("tab", "resolve")
	q.Set("dice", "6 6 6 6 6 6 6 6 6 6 6 6")
	body = html.UnescapeString(do(t, h, "GET", "/?"+q.Encode(), "", "").Body.String())
	contains(t, "skirmish referee", body, "The warrior is out of action.")
	if strings.Contains(body, "The unit is destroyed") {
		t.Errorf("the skirmish referee says the unit is destroyed")
	}
}

// TestPageFrontageWiderThanUnit: back from skirmish, the form keeps the one
// warrior (models 1) beside frontage 5; a frontage wider than the unit is
// one rank of all its models (RULES.md 22.18), so the page shows the odds:
// 10 attacks at 4+ (1/2), S4 v T3 (3+, 2/3), light armour and shield saving
// on 6+ against S4 (5/6 fail): each a casualty with 5/18, so the one model
// falls with 1 - (13/18)^10 = 3432608734775/3570467226624.
func TestPageFrontageWiderThanUnit(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	q := with(spearmenQuery(), "t.models", "1", "t.musician", "", "t.standard", "", "t.champion", "")
	w := do(t, h, "GET", "/?"+q.Encode(), "", "")
	body := w.Body.String()
	if w.Code != 200 || strings.Contains(body, "wider") {
		t.Fatalf("models 1, frontage 5: %d\n%s", w.Code, body)
	}
	if !strings.Contains(body, `id="results-title">The odds`) || !strings.Contains(body, `data-exact="3432608734775/3570467226624"`) {
		t.Errorf("the page shows no odds for one model with frontage 5, or not 1 - (13/18)^10 for its fall")
	}
}
