package web

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
)

// TestMatrixPage: GET /matrix is the Matrix tab, current in the tab bar
// beside the others, its form for the script, the script's words, and a
// line for a browser without JavaScript; in Russian with ?lang=ru, its
// links keeping the language. Every other tab bar links to it.
func TestMatrixPage(t *testing.T) {
	h := New(Config{}).Handler()
	w := pageReq(h, "GET", "/matrix", "")
	if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("GET /matrix: %d %q", w.Code, w.Header().Get("Content-Type"))
	}
	body := w.Body.String()
	has(t, "the Matrix tab", body,
		`<title>Army against army · rearrank</title>`,
		`<script src="/assets/units.js" defer></script>`,
		`<script src="/assets/matrix.js" defer></script>`,
		`<li><a href="/combat">Combat</a></li>`,
		`<li><a href="/battle">Battle</a></li>`,
		`<li><a href="/matrix" aria-current="page">Matrix</a></li>`,
		`<noscript><p class="matrix-noscript" id="matrix-noscript">The matrix fills in as the server computes it, which takes JavaScript. Without it, the command line gives the same table: <code>rearrank matrix mine.json theirs.json</code> (<a href="/docs/matrix">how to read it</a>).</p></noscript>`,
		`A cell opens its pairing in full. (<a href="/docs/matrix">how to read it</a>)</p>`,
		`<form id="matrix-form" class="scenario matrix-form" data-script hidden>`,
		`<fieldset class="group matrix-side" id="side-mine" data-side="mine">`,
		`<legend>My units (rows)</legend>`,
		`<fieldset class="group matrix-side" id="side-theirs" data-side="theirs">`,
		`<legend>Their units (columns)</legend>`,
		`<input type="file" id="mine-file" accept=".json,.ros,.rosz,application/json,application/xml,text/xml,application/zip">`,
		`<input type="radio" name="theirs-source" value="saved" id="theirs-source-saved">`,
		`<input type="checkbox" name="fight" value="melee" id="fight-melee">`,
		`<option value="win">Chance to win (shooting: at least N casualties)</option>`,
		`A side may have at most 30 units;`,
		`"webmatrix.js.progress":"{0} of {1}"`,
		`"webmatrix.fight.charged":"Charged: their unit charges"`,
	)
	// The page's help is served.
	if d := pageReq(h, "GET", "/docs/matrix", ""); d.Code != http.StatusOK || !strings.Contains(d.Body.String(), "The matrix: my army against theirs") || !strings.Contains(d.Body.String(), "On the page") {
		t.Errorf("GET /docs/matrix: %d", d.Code)
	}
	if strings.Contains(body, `aria-current="page">Battle`) {
		t.Error("the Battle tab is current on the Matrix tab")
	}

	ru := pageReq(h, "GET", "/matrix?lang=ru", "").Body.String()
	has(t, "the Russian Matrix tab", ru,
		`<html lang="ru">`,
		`<title>Армия против армии · rearrank</title>`,
		`<li><a href="/battle?lang=ru">Битва</a></li>`,
		`<li><a href="/matrix?lang=ru" aria-current="page">Матрица</a></li>`,
		`<main id="main" class="matrix-main" data-lang="ru">`,
		`Матрица заполняется по мере расчёта на сервере, а для этого нужен JavaScript.`,
		`<legend>Мои подразделения (строки)</legend>`,
		`У стороны может быть не больше 30 подразделений;`,
		`"webmatrix.js.progress":"{0} из {1}"`,
	)

	for _, page := range []string{"/", "/combat", "/battle", "/nowhere"} {
		if b := pageReq(h, "GET", page, "").Body.String(); !strings.Contains(b, `<li><a href="/matrix">Matrix</a></li>`) {
			t.Errorf("%s has no link to the Matrix tab", page)
		}
	}
	if b := pageReq(h, "GET", "/?lang=ru", "").Body.String(); !strings.Contains(b, `<li><a href="/matrix?lang=ru">Матрица</a></li>`) {
		t.Error("the Russian odds page has no link to the Matrix tab in Russian")
	}
}

// TestMatrixUnits: POST /matrix/units makes saved units (the Odds tab's
// form fields, as units.js keeps them) into the matrix's units, the
// scenario JSON the Odds tab's form code writes for them; a unit whose
// fields make no scenario is left out with the loader's words, at its
// place in the request; a unit without attacks keeps none.
func TestMatrixUnits(t *testing.T) {
	h := New(Config{}).Handler()
	post := func(target, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", target, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w
	}
	// The Crossbowmen's fields as POST /api/import gives them for
	// examples/lists/test-army.json; Knights saved by hand, without
	// attacks; Spearmen of an Old World Builder list, whose file gives no
	// toughness; a ruleset nobody knows.
	w := post("/matrix/units", `{"units": [
		{"name": "Crossbowmen", "ruleset": "tow",
		 "target": {"armour": "light", "models": "10", "name": "Crossbowmen", "toughness": "3", "troop_type": "infantry", "wounds": "1", "ws": "3"},
		 "attacks": [{"ap": "-1", "armour_bane": "1", "bs": "3", "count": "10", "name": "Crossbowmen", "phase": "shooting", "strength": "4", "weapon_class": "none"}]},
		{"name": "Knights", "ruleset": "tow", "target": {"models": "5", "toughness": "3", "armour": "plate", "champion": "1", "shield": "1"}},
		{"name": "Spearmen", "ruleset": "tow", "target": {"models": "20", "ws": "3"}, "attacks": [{"count": "9", "strength": "3"}]},
		{"name": "  ", "ruleset": "nope", "target": {}}
	]}`)
	if w.Code != http.StatusOK {
		t.Fatalf("POST /matrix/units: %d %s", w.Code, w.Body)
	}
	want := `{
  "units": [
    {
      "name": "Crossbowmen",
      "ruleset": "tow",
      "target": {
        "name": "Crossbowmen",
        "models": 10,
        "troop_type": "infantry",
        "ws": 3,
        "toughness": 3,
        "wounds": 1,
        "armour": "light"
      },
      "attacks": [
        {
          "name": "Crossbowmen",
          "count": 10,
          "phase": "shooting",
          "bs": 3,
          "strength": 4,
          "ap": -1,
          "armour_bane": 1
        }
      ]
    },
    {
      "name": "Knights",
      "ruleset": "tow",
      "target": {
        "models": 5,
        "command": [
          "champion"
        ],
        "toughness": 3,
        "armour": "plate",
        "shield": true
      },
      "attacks": []
    }
  ],
  "left_out": [
    {
      "index": 2,
      "name": "Spearmen",
      "why": "target.toughness: required: the unit's Toughness (t9a: Resilience), 1 to 10"
    },
    {
      "index": 3,
      "name": "unit 4",
      "why": "unknown ruleset \"nope\": want battleaxe, whfb8, t9a, t9a1-ru, skirmish or tow"
    }
  ]
}
`
	if got := w.Body.String(); got != want {
		t.Errorf("POST /matrix/units:\n%s\nwant\n%s", got, want)
	}

	ru := post("/matrix/units?lang=ru", `{"units": [{"name": "Spearmen", "ruleset": "tow", "target": {"models": "20"}}]}`)
	if !strings.Contains(ru.Body.String(), `"why": "target.toughness: обязательно`) || !strings.Contains(ru.Body.String(), `"units": []`) {
		t.Errorf("in Russian: %s", ru.Body)
	}

	many := `{"units": [` + strings.Repeat(`{"name": "A", "ruleset": "tow", "target": {"models": "5", "toughness": "3"}},`, 30) + `{"name": "B", "ruleset": "tow", "target": {}}]}`
	for _, c := range []struct{ name, body, want string }{
		{"not JSON", `units`, `"error": "the body is not the units' JSON: invalid character 'u' looking for beginning of value"`},
		{"an unknown key", `{"unit": []}`, `"error": "the body is not the units' JSON: json: unknown field \"unit\""`},
		{"no units", `{"units": []}`, `"error": "no units: send at least one"`},
		{"31 units", many, `"error": "31 units: a side may have at most 30"`},
		{"nine attack groups", `{"units": [{"name": "A", "ruleset": "tow", "target": {"models": "5", "toughness": "3"}, "attacks": [{},{},{},{},{},{},{},{},{}]}]}`,
			`"why": "9 attack groups: a unit may have at most 8"`},
	} {
		w := post("/matrix/units", c.body)
		status := http.StatusBadRequest
		if c.name == "nine attack groups" {
			status = http.StatusOK
		}
		if w.Code != status || !strings.Contains(w.Body.String(), c.want) {
			t.Errorf("%s: %d %s, want %d with %s", c.name, w.Code, w.Body, status, c.want)
		}
		if status == http.StatusBadRequest && !strings.Contains(w.Body.String(), `"field": "units"`) {
			t.Errorf("%s: the error names no field: %s", c.name, w.Body)
		}
	}
	if w := pageReq(h, "GET", "/matrix/units", ""); w.Code != http.StatusMethodNotAllowed {
		t.Errorf("GET /matrix/units: %d", w.Code)
	}
}

// TestMatrixOpen: POST /matrix/open says where a cell opens, from the
// sides as the page sent them to /api/matrix: a shooting cell on the
// Odds tab, its form filled in with the file package matrix writes for
// the cell (the form reads back the very file), or that file itself
// where the form cannot say it; a round on the Combat tab with its
// combat file; the page's ?lang= kept. A cell of no computation, or out
// of the sides, is a 400 naming the field.
func TestMatrixOpen(t *testing.T) {
	h := New(Config{}).Handler()
	army, err := os.ReadFile("../examples/lists/test-army.json")
	if err != nil {
		t.Fatal(err)
	}
	list, err := os.ReadFile("../armylist/testdata/tow.json")
	if err != nil {
		t.Fatal(err)
	}
	sides := fmt.Sprintf(`"mine": {"list": %q}, "theirs": {"list_base64": %q}`, army, base64.StdEncoding.EncodeToString(list))
	open := func(query, cell string) (int, string) {
		req := httptest.NewRequest("POST", "/matrix/open"+query, strings.NewReader("{"+sides+", "+cell+"}"))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		var body struct{ Href, Error, Field string }
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
			t.Fatalf("%s: %v: %s", cell, err, w.Body)
		}
		if w.Code != http.StatusOK {
			return w.Code, body.Field + ": " + body.Error
		}
		return w.Code, body.Href
	}

	// The Crossbowmen shoot at the Test Spearmen (their AP -1 is the
	// scenario's ap 1, docs/scenario.md).
	code, href := open("?lang=ru", `"fight": "shooting", "row": 0, "col": 1`)
	want := "/?a0.ap=1&a0.armour_bane=1&a0.bs=3&a0.count=10&a0.name=Crossbowmen&a0.phase=shooting&a0.strength=4&a0.weapon_class=none" +
		"&ruleset=tow&t.armour=light&t.champion=1&t.frontage=5&t.models=20&t.musician=1&t.name=Test+Spearmen&t.shield=1&t.standard=1" +
		"&t.toughness=3&t.troop_type=infantry&t.wounds=1&t.ws=3&tab=odds&lang=ru"
	if code != http.StatusOK || href != want {
		t.Errorf("the shooting cell: %d %s\nwant %s", code, href, want)
	}
	u, _ := url.Parse(href)
	back, err := parseForm(u.Query()).scenario()
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(back)
	if w := `{"ruleset":"tow","attacks":[{"name":"Crossbowmen","count":10,"phase":"shooting","bs":3,"strength":4,"ap":1,"armour_bane":1}],` +
		`"target":{"name":"Test Spearmen","models":20,"frontage":5,"ws":3,"toughness":3,"wounds":1,"armour":"light","shield":true,"command":["musician","standard","champion"]}}`; string(got) != w {
		t.Errorf("the Odds tab's scenario:\n%s\nwant\n%s", got, w)
	}

	// The Knights charge the Test Spearmen: their lance and their
	// Preceptor's, at the Ld 8 of their list.
	code, href = open("", `"fight": "charge", "row": 1, "col": 1`)
	u, _ = url.Parse(href)
	file := `{"ruleset":"tow","combat":{"charger":"a"},"sides":{` +
		`"a":{"unit":{"name":"Knights","models":7,"troop_type":"heavy_cavalry","ws":4,"toughness":3,"wounds":1,"armour":"plate","shield":true,"barding":true,"command":["standard","champion"]},"leadership":8,` +
		`"fights":[{"ap":-2,"armour_bane":1,"attacks":1,"initiative":3,"name":"Knights","strength":6,"ws":4},{"ap":-2,"armour_bane":1,"attacks":2,"by":"champion","initiative":3,"name":"Preceptor","strength":6,"ws":4}]},` +
		`"b":{"unit":{"name":"Test Spearmen","models":20,"ws":3,"toughness":3,"wounds":1,"armour":"light","shield":true,"command":["musician","standard","champion"]},"leadership":7,` +
		`"fights":[{"attacks":1,"initiative":3,"name":"Test Spearmen","poison":true,"strength":3,"ws":3},{"attacks":2,"by":"champion","initiative":3,"name":"Test Sergeant","poison":true,"strength":3,"ws":3}]}}}`
	if code != http.StatusOK || u.Path != "/combat" || u.Query().Get("file") != file || len(u.Query()) != 1 {
		t.Errorf("the charge cell: %d %s\nwant the file %s", code, href, file)
	}
	if _, href = open("", `"fight": "charged", "row": 1, "col": 1`); !strings.Contains(href, "%22charger%22%3A%22b%22") {
		t.Errorf("the charged cell: %s", href)
	}

	// A target with a character: the form cannot say it, the file can.
	sides = `"mine": {"units": [{"name": "Archers", "ruleset": "whfb8", "target": {"models": 10, "toughness": 3}, "attacks": [{"count": 10, "phase": "shooting", "bs": 3, "strength": 3}]}]},
		"theirs": {"units": [{"name": "Guard", "ruleset": "whfb8", "target": {"models": 20, "toughness": 3, "characters": [{"name": "Boss", "toughness": 4, "wounds": 2}]}, "attacks": []}]}`
	code, href = open("", `"fight": "shooting", "row": 0, "col": 0`)
	u, _ = url.Parse(href)
	if y := u.Query().Get("yaml"); code != http.StatusOK || u.Query().Get("tab") != "odds" || !strings.Contains(y, "characters:") || !strings.Contains(y, "name: Boss") || len(u.Query()) != 2 {
		t.Errorf("the cell the form cannot say: %d %s", code, href)
	}

	for _, c := range []struct{ cell, want string }{
		{`"fight": "shooting", "row": 1, "col": 0`, "row: row 1: the side has 1 unit, counted from 0"},
		{`"fight": "charge", "row": 0, "col": 1`, "col: col 1: the side has 1 unit, counted from 0"},
		{`"fight": "shooting", "row": -1, "col": 0`, "row: row -1: the side has 1 unit, counted from 0"},
		{`"fight": "volley", "row": 0, "col": 0`, "fight: "},
	} {
		if code, got := open("", c.cell); code != http.StatusBadRequest || !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %d %s, want 400 %s", c.cell, code, got, c.want)
		}
	}
	sides = `"mine": {"units": [{"name": "Guard", "ruleset": "whfb8", "target": {"models": 20, "toughness": 3}, "attacks": []}]}, "theirs": {"units": [{"name": "Guard", "ruleset": "whfb8", "target": {"models": 20, "toughness": 3}}]}`
	if code, got := open("", `"fight": "shooting", "row": 0, "col": 0`); code != http.StatusBadRequest || got != "fight: Guard has no shooting attack groups: the cell stands for no computation" {
		t.Errorf("a cell of no computation: %d %s", code, got)
	}
	if code, got := open("?lang=ru", `"fight": "shooting", "row": 0, "col": 0`); code != http.StatusBadRequest || got != "fight: у Guard нет групп стрелковых атак: за клеткой нет расчёта" {
		t.Errorf("in Russian: %d %s", code, got)
	}
	sides = `"mine": {"units": []}`
	if code, got := open("", `"fight": "shooting", "row": 0, "col": 0`); code != http.StatusBadRequest || got != "theirs: theirs: required" {
		t.Errorf("no side theirs: %d %s", code, got)
	}
}
