package web

import (
	"bytes"
	"encoding/json"
	"html/template"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/msg"
)

// pageReq sends a request as a browser does (Accept: text/html), with
// form as its url-encoded body when it is not "".
func pageReq(h http.Handler, method, target, form string) *httptest.ResponseRecorder {
	var req *http.Request
	if form != "" {
		req = httptest.NewRequest(method, target, strings.NewReader(form))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else {
		req = httptest.NewRequest(method, target, nil)
	}
	req.Header.Set("Accept", "text/html")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// has fails the test unless body holds every one of want.
func has(t *testing.T, what, body string, want ...string) {
	t.Helper()
	for _, s := range want {
		if !strings.Contains(body, s) {
			t.Errorf("%s lacks %s", what, s)
		}
	}
}

// TestBattleListPage: the list, a battle started from its form (a plain
// POST, no script), a name taken or empty refused beside the form.
func TestBattleListPage(t *testing.T) {
	h := battleServer(t, Config{}).Handler()
	w := pageReq(h, "GET", "/battle", "")
	if w.Code != 200 {
		t.Fatalf("GET /battle: %d", w.Code)
	}
	has(t, "the empty list", w.Body.String(), "No battles yet: start one below.", `<form id="battle-create" class="scenario battle-form" method="post" action="/battle">`,
		`<li><a href="/battle" aria-current="page">Battle</a></li>`)
	w = pageReq(h, "POST", "/battle", "name=Saturday+game")
	loc := w.Header().Get("Location")
	if w.Code != http.StatusSeeOther || !strings.HasPrefix(loc, "/battle/") {
		t.Fatalf("POST /battle: %d to %q", w.Code, loc)
	}
	id := strings.TrimPrefix(loc, "/battle/")
	w = pageReq(h, "GET", "/battle", "")
	has(t, "the list", w.Body.String(), `<li><a href="/battle/`+id+`">Saturday game</a> <span class="hint">version 0, changed `)
	w = pageReq(h, "POST", "/battle", "name=Saturday+game")
	if w.Code != http.StatusConflict {
		t.Errorf("a name taken: %d, want 409", w.Code)
	}
	has(t, "a name taken", w.Body.String(), `<p class="error" id="create-error" role="alert">`, `value="Saturday game" aria-invalid="true"`)
	w = pageReq(h, "POST", "/battle?lang=ru", "name=+")
	if w.Code != http.StatusBadRequest {
		t.Errorf("an empty name: %d, want 400", w.Code)
	}
	has(t, "an empty name, in Russian", w.Body.String(), `<html lang="ru">`, "Начать битву", `action="/battle?lang=ru"`)
	// In Russian, the way to a battle keeps the language.
	w = pageReq(h, "POST", "/battle?lang=ru", "name=Воскресенье")
	if loc := w.Header().Get("Location"); w.Code != http.StatusSeeOther || !strings.HasSuffix(loc, "?lang=ru") {
		t.Errorf("POST /battle?lang=ru: %d to %q", w.Code, loc)
	}
	// A server that keeps no battles says so.
	w = pageReq(testServer(t, Config{}).Handler(), "GET", "/battle", "")
	if w.Code != 200 || !strings.Contains(w.Body.String(), "This server keeps no battles") {
		t.Errorf("no store: %d %s", w.Code, w.Body.String())
	}
}

// TestBattlePage: a battle as the store has it, through the API's own
// view: the turn and phase, the unit's card with its models left and its
// formation, the log the latest first, an undone line struck through;
// in Russian; 404 for an unknown battle.
func TestBattlePage(t *testing.T) {
	h := battleServer(t, Config{}).Handler()
	base := battleWithSpearmen(t, h, "Saturday")
	id := strings.TrimPrefix(base, "/api/battles/")
	c := expect[tChange](t, send(t, h, "POST", base+"/attacks", `{"target": "Spearmen", "attacks": `+crossbowAttacks+`, "dice": [6, 6, 1, 1]}`, "If-Match", `"2"`), 200)
	if c.Record.Text != "Turn 1, shooting: Crossbows at Spearmen: 2 casualties, 2 wounds" {
		t.Fatalf("the attack: %q", c.Record.Text)
	}
	w := pageReq(h, "GET", "/battle/"+id, "")
	if w.Code != 200 || w.Header().Get("ETag") != `"3"` {
		t.Fatalf("GET /battle/%s: %d, ETag %s", id, w.Code, w.Header().Get("ETag"))
	}
	body := w.Body.String()
	has(t, "the battle", body,
		`<title>Battle: Saturday · rearrank</title>`,
		`<div id="battle-state" data-id="`+id+`" data-version="3">`,
		`<span id="battle-turn">Turn 1, shooting</span> · <span id="battle-version">version 3</span>`,
		`<li class="battle-card" id="unit-1" data-unit="Spearmen">`,
		`<p class="battle-card-ruleset">Battleaxe: Fantasy Generals</p>`,
		`<span class="battle-left">28 of 30 models left</span>; <span class="battle-wounds">no wounds carried</span>`,
		`<svg xmlns="http://www.w3.org/2000/svg" class="formation" id="formation-unit-1"`,
		`<desc id="formation-unit-1-desc">28 models in 3 ranks.</desc>`,
		`<li data-seq="3">Turn 1, shooting: Crossbows at Spearmen: 2 casualties, 2 wounds</li>`,
		`<button type="submit" class="secondary" id="battle-redo" name="action" value="redo" data-action="redo" disabled>Redo</button>`)
	if i, j := strings.Index(body, `data-seq="3"`), strings.Index(body, `data-seq="1"`); i < 0 || j < i {
		t.Errorf("the log is not the latest first")
	}
	// The script's data is the API's view of the battle.
	start := strings.Index(body, `<script type="application/json" id="battle-data">`)
	var v tView
	if start < 0 {
		t.Fatal("no battle data")
	}
	data := body[start+len(`<script type="application/json" id="battle-data">`):]
	if err := json.Unmarshal([]byte(data[:strings.Index(data, "</script>")]), &v); err != nil || v.Version != 3 || len(v.Units) != 1 || v.Units[0].Size != 28 {
		t.Errorf("the battle's data: %+v, %v", v, err)
	}

	expect[tChange](t, send(t, h, "POST", base+"/undo", `{}`), 200)
	body = pageReq(h, "GET", "/battle/"+id+"?lang=ru", "").Body.String()
	has(t, "the battle in Russian", body,
		`<html lang="ru">`, `<title>Битва: Saturday · rearrank</title>`,
		`<span class="battle-left">осталось 30 из 30 моделей</span>; <span class="battle-wounds">ран на моделях нет</span>`,
		`<li data-seq="3" class="undone"><s>Ход 1, стрельба: Crossbows по Spearmen: 2 потери, 2 раны</s> <span class="battle-undone">(отменено)</span></li>`,
		`<button type="submit" class="secondary" id="battle-redo" name="action" value="redo" data-action="redo">Вернуть</button>`,
		`<li><a href="/battle?lang=ru" aria-current="page">Битва</a></li>`)

	w = pageReq(h, "GET", "/battle/no-such-battle", "")
	if w.Code != 404 || !strings.Contains(w.Body.String(), `id="not-found-title"`) {
		t.Errorf("an unknown battle: %d", w.Code)
	}
	if w := pageReq(h, "GET", "/battle/no-such-battle?lang=ru", ""); w.Code != 404 || !strings.Contains(w.Body.String(), `<html lang="ru">`) {
		t.Errorf("an unknown battle in Russian: %d", w.Code)
	}
}

// TestBattlePageForms: the battle's attack form is the Odds tab's attack
// group, drawn by its code under the ruleset of the battle's first unit
// (battleaxe: Armour piercing shown, t9a's and tow's AP hidden, each
// saying which rulesets read it), its phase the battle's; the fight form
// the Combat tab's combat block, sides and fights without the units; the
// text boxes folded; in Russian too.
func TestBattlePageForms(t *testing.T) {
	h := battleServer(t, Config{}).Handler()
	base := battleWithSpearmen(t, h, "Forms")
	id := strings.TrimPrefix(base, "/api/battles/")
	body := pageReq(h, "GET", "/battle/"+id, "").Body.String()
	has(t, "the forms", body,
		`<legend data-group-title>Attack group 1</legend>`,
		`<input type="text" id="a0-count" name="a0.count" value="" data-field="attacks[0].count" pattern="\s*([0-9]&#43;|[0-9]*[dD][36]\s*([&#43;\-]\s*[0-9]&#43;)?)\s*" required inputmode="text" placeholder="10 or 2D6" data-msg="A number of attacks such as 10, or dice such as 2D6 or D6&#43;1" autocomplete="off" aria-describedby="a0-count-error">`,
		`<option value="shooting" selected>shooting</option>`,
		`<div class="field" data-rulesets="t9a tow" hidden>
<label for="a0-ap">`,
		`<div class="field" data-rulesets="battleaxe whfb8 t9a1-ru skirmish">
<label for="a0-armour-piercing">Armour piercing</label>`,
		`<input type="number" id="a0-strength" name="a0.strength" value="" data-field="attacks[0].strength" min="1" max="10" required data-msg="Strength is a whole number from 1 to 10"`,
		`<select id="a0-saved" data-saved aria-describedby="a0-saved-hint">`,
		`<button type="button" class="secondary" id="attack-add-group">Add an attack group</button>`,
		`<details class="battle-text" id="attack-text">`, `<summary>Or paste a scenario&#39;s attacks</summary>`,
		`id="c-charger" name="c.charger"`, `<option value="a">side a</option>`,
		`<legend data-side-title>Side a</legend>`, `<legend data-fight-title>Side b: fight 1</legend>`,
		`id="a-leadership" name="a.leadership"`, `id="b-f0-attacks" name="b.f0.attacks"`, `id="b-f0-initiative" name="b.f0.initiative"`,
		`<button type="button" class="secondary" data-add-fight="b" id="combat-add-b">Add a fight to side b</button>`,
		`id="opt-step-up" name="opt.step_up"`,
		`<details class="battle-text" id="combat-text">`,
		`<noscript><p class="hint">Reading a battle, undo, redo and the next phase need nothing more; adding units and the attack and combat forms need the page&#39;s script`)
	// No unit's own fields: the battle's units are the sides.
	for _, no := range []string{`name="a.u.`, `name="b.u.`, `name="t.`, `name="ruleset"`} {
		if strings.Contains(body, no) {
			t.Errorf("the page asks %s", no)
		}
	}
	// The script's redraw of the battle leaves the forms out.
	part := pageReq(h, "GET", "/battle/"+id+"?part=state", "").Body.String()
	has(t, "the battle's part", part, `<div id="battle-state" data-id="`+id+`" data-version="2">`, `<li class="battle-card" id="unit-1" data-unit="Spearmen">`)
	if strings.Contains(part, `id="a0-count"`) || strings.Contains(part, `id="a-f0-attacks"`) {
		t.Error("?part=state draws the forms")
	}
	body = pageReq(h, "GET", "/battle/"+id+"?lang=ru", "").Body.String()
	has(t, "the forms in Russian", body,
		`<legend data-group-title>Группа атак 1</legend>`, `<label for="a0-count">Атаки</label>`,
		`<summary>Или вставьте атаки сценария</summary>`, `<legend data-side-title>Сторона a</legend>`,
		`<legend data-fight-title>Сторона b: профиль атак 1</legend>`, `<label for="a-f0-attacks">Атак на модель</label>`)
}

// TestBattleCards: wounds carried on a multi-wound model, and a unit
// destroyed.
func TestBattleCards(t *testing.T) {
	h := battleServer(t, Config{}).Handler()
	base := "/api/battles/" + newBattle(t, h, "Ogres")
	expect[tChange](t, send(t, h, "POST", base+"/units", `{"name": "Ogres", "ruleset": "whfb8", "target": {"models": 3, "frontage": 3, "toughness": 4, "wounds": 3}}`), 200)
	expect[tChange](t, send(t, h, "POST", base+"/units", `{"name": "Hero", "ruleset": "whfb8", "target": {"models": 1, "toughness": 3, "wounds": 1}}`), 200)
	expect[tChange](t, send(t, h, "POST", base+"/attacks", `{"target": "Ogres", "attacks": [{"count": 1, "to_hit": "auto", "strength": 10}], "dice": [6]}`, "If-Match", `"2"`), 200)
	expect[tChange](t, send(t, h, "POST", base+"/attacks", `{"target": "Hero", "attacks": [{"count": 1, "to_hit": "auto", "strength": 10}], "dice": [6]}`, "If-Match", `"3"`), 200)
	body := pageReq(h, "GET", "/battle/"+strings.TrimPrefix(base, "/api/battles/"), "").Body.String()
	has(t, "the cards", body,
		`<span class="battle-left">3 of 3 models left</span>; <span class="battle-wounds">1 wound carried</span>`,
		`<li class="battle-card destroyed" id="unit-2" data-unit="Hero">`,
		`<span class="battle-left">0 of 1 model left</span>; <span class="battle-wounds">no wounds carried</span>; <strong class="battle-destroyed">destroyed</strong>`)
}

// TestBattleText: the script's converter, for a saved unit's form fields,
// a scenario file, attacks and a fight, with its errors' places.
func TestBattleText(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	post := func(v url.Values) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", "/battle/text", strings.NewReader(v.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w
	}
	type doc struct {
		Ruleset string           `json:"ruleset"`
		Target  map[string]any   `json:"target"`
		Attacks []map[string]any `json:"attacks"`
	}
	d := expect[doc](t, post(url.Values{"kind": {"form"}, "ruleset": {"battleaxe"}, "t.models": {"20"}, "t.toughness": {"4"}, "t.armour": {"heavy"}, "a0.count": {"12"}, "a0.strength": {"5"}}), 200)
	if d.Ruleset != "battleaxe" || d.Target["models"] != float64(20) || d.Target["toughness"] != float64(4) || d.Target["armour"] != "heavy" ||
		len(d.Attacks) != 1 || d.Attacks[0]["count"] != float64(12) || d.Attacks[0]["strength"] != float64(5) {
		t.Errorf("kind=form: %+v", d)
	}
	d = expect[doc](t, post(url.Values{"kind": {"scenario"}, "text": {"ruleset: whfb8\nattacks: [{count: 2, strength: 3}]\ntarget: {name: Goblins, models: 20, toughness: 3}\n"}}), 200)
	if d.Ruleset != "whfb8" || d.Target["name"] != "Goblins" || d.Target["models"] != float64(20) {
		t.Errorf("kind=scenario: %+v", d)
	}
	e := expect[ErrorBody](t, post(url.Values{"kind": {"scenario"}, "text": {"ruleset: whfb8\nattacks: [{count: 2, strength: 3}]\ntarget: {models: 20, toughness: 30}\n"}}), 400)
	if e.Field != "target.toughness" || e.Line != 3 {
		t.Errorf("kind=scenario, toughness 30: %+v", e)
	}
	target := `{"models": 30, "toughness": 3}`
	attacks := expect[[]map[string]any](t, post(url.Values{"kind": {"attacks"}, "ruleset": {"battleaxe"}, "target": {target}, "text": {"- count: 2\n  strength: 4\n  to_hit: auto\n"}}), 200)
	if len(attacks) != 1 || attacks[0]["count"] != float64(2) || attacks[0]["to_hit"] != "auto" {
		t.Errorf("kind=attacks: %v", attacks)
	}
	e = expect[ErrorBody](t, post(url.Values{"kind": {"attacks"}, "ruleset": {"battleaxe"}, "target": {target}, "text": {"- count: 2\n  strenght: 4\n"}}), 400)
	if e.Line != 2 || e.Column != 3 || !strings.Contains(e.Error, `unknown field "strenght"`) {
		t.Errorf("kind=attacks, a misspelt field: %+v", e)
	}
	e = expect[ErrorBody](t, post(url.Values{"kind": {"attacks"}, "ruleset": {"battleaxe"}, "target": {target}, "text": {"{count: 2}"}}), 400)
	if e.Field != "attacks" {
		t.Errorf("kind=attacks, not a list: %+v", e)
	}
	f := expect[map[string]any](t, post(url.Values{"kind": {"fight"}, "text": {"fights: {a: [{attacks: 1}]}\n"}}), 200)
	if fs, ok := f["fights"].(map[string]any); !ok || fs["a"] == nil {
		t.Errorf("kind=fight: %v", f)
	}
	e = expect[ErrorBody](t, post(url.Values{"kind": {"fight"}, "text": {"[1, 2"}}), 400)
	if e.Line != 1 {
		t.Errorf("kind=fight, a list never closed: %+v", e)
	}
	e = expect[ErrorBody](t, post(url.Values{"kind": {"odds"}, "text": {"x"}}), 400)
	if e.Field != "kind" || e.Error != "kind must be form, scenario, attacks, fight, attack-form or fight-form, not odds" {
		t.Errorf("kind=odds: %+v", e)
	}
	if w := post(url.Values{"kind": {"scenario"}, "text": {strings.Repeat("#", battleTextLimit)}}); w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a text over the limit: %d %s", w.Code, w.Body.String())
	}
	req := httptest.NewRequest("POST", "/battle/text?lang=ru", strings.NewReader(url.Values{"kind": {"attacks"}, "text": {" "}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if e := expect[ErrorBody](t, w, 400); e.Error != "текст пуст" || e.Field != "text" {
		t.Errorf("an empty text in Russian: %+v", e)
	}
}

// TestBattleAttackForm: the attack form's groups, the Odds tab's fields,
// made into the battle API's attacks by the Odds tab's form code under
// each ruleset, with what each reads and how: the same values in, each
// ruleset's own attacks out (a BS of 3+ is whfb8's, t9a1-ru's, skirmish's
// and tow's to-hit roll; t9a has AP, Lethal Strike and Divine Attacks and
// no Killing Blow; skirmish no Killing Blow nor Lethal Strike).
func TestBattleAttackForm(t *testing.T) {
	groups := url.Values{
		"a0.count": {"10"}, "a0.to_hit": {""}, "a0.ws": {"4"}, "a0.strength": {"4"}, "a0.phase": {"melee"}, "a0.ap": {"1"}, "a0.armour_piercing": {"1"},
		"a0.poison": {"1"}, "a0.lethal_strike": {"1"}, "a0.killing_blow": {"1"}, "a0.armour_bane": {"1"}, "a0.multiple_wounds": {"D3"},
		"a0.reroll_hit": {"ones"}, "a0.weapon_class": {""}, "a0.hatred": {"1"}, "a0.divine_attacks": {"1"}, "a0.flaming": {""},
		"a1.count": {"2D6"}, "a1.phase": {"shooting"}, "a1.bs": {"3+"}, "a1.strength": {"3"}, "a1.name": {"Crossbows"},
	}
	const crossbows = `{"name":"Crossbows","count":"2D6","phase":"shooting","to_hit":"3+","strength":3}`
	const crossbowsBS = `{"name":"Crossbows","count":"2D6","phase":"shooting","bs":"3+","strength":3}`
	for _, c := range []struct{ ruleset, target, want string }{
		{"whfb8", `{"models": 20, "toughness": 3, "ws": 3}`,
			`[{"count":10,"ws":4,"strength":4,"armour_piercing":1,"multiple_wounds":"D3","reroll_hit":"ones","hatred":true,"poison":true,"killing_blow":true,"armour_bane":1},` + crossbows + `]`},
		{"battleaxe", `{"models": 20, "toughness": 3, "ws": 3}`,
			`[{"count":10,"ws":4,"strength":4,"armour_piercing":1,"multiple_wounds":"D3","reroll_hit":"ones","hatred":true,"poison":true,"killing_blow":true,"armour_bane":1},` + crossbowsBS + `]`},
		{"t9a", `{"models": 20, "toughness": 3, "ws": 3}`,
			`[{"count":10,"ws":4,"strength":4,"ap":1,"multiple_wounds":"D3","lethal_strike":true,"reroll_hit":"ones","hatred":true,"divine_attacks":true,"poison":true,"armour_bane":1},` + crossbowsBS + `]`},
		{"t9a1-ru", `{"models": 20, "toughness": 3, "ws": 3}`,
			`[{"count":10,"ws":4,"strength":4,"armour_piercing":1,"multiple_wounds":"D3","lethal_strike":true,"reroll_hit":"ones","hatred":true,"poison":true,"killing_blow":true,"armour_bane":1},` + crossbows + `]`},
		{"skirmish", `{"models": 1, "toughness": 3, "ws": 3}`,
			`[{"count":10,"ws":4,"strength":4,"armour_piercing":1,"multiple_wounds":"D3","reroll_hit":"ones","hatred":true,"poison":true,"armour_bane":1},` + crossbows + `]`},
		{"tow", `{"models": 20, "toughness": 3, "ws": 3}`,
			`[{"count":10,"ws":4,"strength":4,"ap":1,"multiple_wounds":"D3","reroll_hit":"ones","hatred":true,"poison":true,"killing_blow":true,"armour_bane":1},` + crossbows + `]`},
	} {
		q := url.Values{"ruleset": {c.ruleset}, "target": {c.target}, "options": {"{}"}}
		for k, v := range groups {
			q[k] = v
		}
		out, err := battleText("attack-form", "", q)
		if err != nil || string(out) != c.want {
			t.Errorf("%s: %s, %v\nwant %s", c.ruleset, out, err, c.want)
		}
	}
	h := testServer(t, Config{}).Handler()
	post := func(lang string, v url.Values) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", "/battle/text?lang="+lang, strings.NewReader(v.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w
	}
	// The loader's checks, against the unit: an error names the group's
	// field, without a place in a file nobody wrote.
	q := url.Values{"kind": {"attack-form"}, "ruleset": {"whfb8"}, "target": {`{"models": 20, "toughness": 3}`},
		"a0.count": {"10"}, "a0.to_hit": {"4+"}, "a0.strength": {"4"}, "a1.count": {"5"}, "a1.to_hit": {"4+"}, "a1.strength": {"11"}}
	e := expect[ErrorBody](t, post("en", q), 400)
	if e.Field != "attacks[1].strength" || e.Line != 0 || e.Column != 0 || e.Error != "attacks[1].strength: want 1 to 10, got 11" {
		t.Errorf("Strength 11: %+v", e)
	}
	e = expect[ErrorBody](t, post("ru", q), 400)
	if e.Field != "attacks[1].strength" || !strings.HasPrefix(e.Error, "attacks[1].strength: ") || strings.Contains(e.Error, "want") {
		t.Errorf("Strength 11 in Russian: %+v", e)
	}
	e = expect[ErrorBody](t, post("en", url.Values{"kind": {"attack-form"}, "ruleset": {"whfb8"}, "target": {`{"models": 20, "toughness": 3}`}}), 400)
	if e.Field != "a0.count" || e.Error != "the form has no attack group" {
		t.Errorf("no group: %+v", e)
	}
	e = expect[ErrorBody](t, post("en", url.Values{"kind": {"attack-form"}, "ruleset": {"whfb9"}, "a0.count": {"1"}}), 400)
	if e.Field != "ruleset" {
		t.Errorf("an unknown ruleset: %+v", e)
	}
}

// TestBattleFightForm: the fight form, the Combat tab's fields without
// the units, made into the combat event's fight by the Combat tab's form
// code: the combat block, each side's own fields and fights, the combat
// switches, and nothing of a unit.
func TestBattleFightForm(t *testing.T) {
	q := url.Values{"ruleset": {"whfb8"}, "c.charger": {"a"}, "c.facing": {"flank_left"}, "c.high_ground": {"none"}, "c.contact.a": {""},
		"a.leadership": {"8"}, "a.stubborn": {"1"}, "a.bonus": {""},
		"a.f0.attacks": {"1"}, "a.f0.initiative": {"3"}, "a.f0.ws": {"3"}, "a.f0.strength": {"3"}, "a.f0.by": {"rank_and_file"}, "a.f0.strikes": {"normal"},
		"b.leadership": {"7"}, "b.f0.attacks": {"2"}, "b.f0.initiative": {"4"}, "b.f0.ws": {"4"}, "b.f0.strength": {"4"}, "b.f0.killing_blow": {"1"},
		"b.f1.attacks": {"1"}, "b.f1.initiative": {"4"}, "b.f1.by": {"champion"}, "b.f1.strength": {"5"}, "opt.step_up": {"true"}}
	out, err := battleText("fight-form", "", q)
	want := `{"options":{"step_up":"true"},"combat":{"charger":"a","facing":"flank_left"},"sides":{"a":{"leadership":8,"special":["stubborn"],"fights":[{"attacks":1,"initiative":3,"ws":3,"strength":3}]},` +
		`"b":{"leadership":7,"fights":[{"attacks":2,"initiative":4,"ws":4,"strength":4,"killing_blow":true},{"by":"champion","attacks":1,"initiative":4,"strength":5}]}}}`
	if err != nil || string(out) != want {
		t.Errorf("whfb8: %s, %v\nwant %s", out, err, want)
	}
	// t9a: Discipline for Leadership, Agility for Initiative, AP; a
	// whfb8 Killing Blow it does not read is left out.
	q = url.Values{"ruleset": {"t9a"}, "a.leadership": {"8"}, "a.f0.attacks": {"1"}, "a.f0.initiative": {"3"}, "a.f0.ws": {"3"}, "a.f0.strength": {"4"}, "a.f0.ap": {"1"}, "a.f0.killing_blow": {"1"},
		"b.leadership": {"7"}, "b.f0.attacks": {"1"}, "b.f0.initiative": {"3"}, "b.f0.ws": {"3"}, "b.f0.strength": {"3"}}
	out, err = battleText("fight-form", "", q)
	want = `{"sides":{"a":{"leadership":8,"fights":[{"attacks":1,"initiative":3,"ws":3,"strength":4,"ap":1}]},"b":{"leadership":7,"fights":[{"attacks":1,"initiative":3,"ws":3,"strength":3}]}}}`
	if err != nil || string(out) != want {
		t.Errorf("t9a: %s, %v\nwant %s", out, err, want)
	}
	if _, err := battleText("fight-form", "", url.Values{"ruleset": {""}}); err == nil || !strings.Contains(err.Error(), "ruleset") {
		t.Errorf("no ruleset: %v", err)
	}
	// With the sides' units, the combat loader checks the fight as the
	// battle will, and an error names the fight's field.
	h := testServer(t, Config{}).Handler()
	post := func(v url.Values) ErrorBody {
		req := httptest.NewRequest("POST", "/battle/text", strings.NewReader(v.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return expect[ErrorBody](t, w, 400)
	}
	units := url.Values{"kind": {"fight-form"}, "ruleset": {"battleaxe"}, "options": {"{}"},
		"a.target": {`{"models": 30, "frontage": 10, "ws": 3, "toughness": 3}`}, "b.target": {`{"models": 20, "frontage": 5, "ws": 3, "toughness": 3}`},
		"a.leadership": {"7"}, "a.f0.attacks": {"1"}, "a.f0.initiative": {"3"}, "a.f0.ws": {"3"}, "a.f0.strength": {"11"},
		"b.leadership": {"8"}, "b.f0.attacks": {"1"}, "b.f0.initiative": {"3"}, "b.f0.ws": {"3"}, "b.f0.strength": {"3"}}
	if e := post(units); e.Field != "sides.a.fights[0].strength" || e.Line != 0 || e.Error != "sides.a.fights[0].strength: want 1 to 10, got 11" {
		t.Errorf("Strength 11: %+v", e)
	}
	units.Set("a.f0.strength", "3")
	units.Del("b.leadership")
	if e := post(units); e.Field != "sides.b.leadership" || !strings.Contains(e.Error, "leadership: required") {
		t.Errorf("side b without Leadership: %+v", e)
	}
	units.Set("b.leadership", "8")
	out, err = battleText("fight-form", "", units)
	want = `{"sides":{"a":{"leadership":7,"fights":[{"attacks":1,"initiative":3,"ws":3,"strength":3}]},"b":{"leadership":8,"fights":[{"attacks":1,"initiative":3,"ws":3,"strength":3}]}}}`
	if err != nil || string(out) != want {
		t.Errorf("checked with the units: %s, %v\nwant %s", out, err, want)
	}
}

// TestBattleScriptWords: every sentence battle.js says is the
// catalogue's, handed to it by the page in both languages.
func TestBattleScriptWords(t *testing.T) {
	js, err := assets.ReadFile("assets/static/battle.js")
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := assets.ReadFile("assets/battle.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	ids := regexp.MustCompile(`say\('([a-z_.]+)'`).FindAllStringSubmatch(string(js), -1)
	if len(ids) < 10 {
		t.Fatalf("battle.js says %d sentences", len(ids))
	}
	for _, m := range ids {
		if !msg.Has(msg.ID(m[1])) || !strings.Contains(string(tmpl), `"`+m[1]+`"`) {
			t.Errorf("battle.js says %s, which the catalogue or the page's jsWords lacks", m[1])
		}
	}
}

// TestBattlePageWrites: undo, redo and the next phase from the page
// without its script: a form POST at the version shown, 303 back; at a
// version the battle has left, 409 and the battle as it stands, nothing
// written.
func TestBattlePageWrites(t *testing.T) {
	h := battleServer(t, Config{}).Handler()
	base := battleWithSpearmen(t, h, "Forms")
	id := strings.TrimPrefix(base, "/api/battles/")
	body := pageReq(h, "GET", "/battle/"+id, "").Body.String()
	has(t, "the controls", body, `<form class="battle-controls" method="post" action="/battle/`+id+`">`, `<input type="hidden" name="version" value="2">`)
	w := pageReq(h, "POST", "/battle/"+id, "action=undo&version=2")
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/battle/"+id {
		t.Fatalf("undo: %d to %q: %s", w.Code, w.Header().Get("Location"), w.Body.String())
	}
	if v := expect[tView](t, send(t, h, "GET", base, ""), 200); v.Version != 3 || v.Phase.String() != "deployment" || !v.CanRedo {
		t.Errorf("after undo: %+v", v)
	}
	w = pageReq(h, "POST", "/battle/"+id+"?lang=ru", "action=advance&version=2")
	if w.Code != http.StatusConflict {
		t.Fatalf("a stale advance: %d", w.Code)
	}
	has(t, "a stale advance", w.Body.String(), `<p class="error" id="battle-stale" role="alert">Битву успели изменить (она уже в версии 3, а страница показывала 2): вот она в нынешнем виде. Проверьте и попробуйте снова.</p>`,
		`<input type="hidden" name="version" value="3">`)
	if v := expect[tView](t, send(t, h, "GET", base, ""), 200); v.Version != 3 {
		t.Errorf("the stale advance was written: version %d", v.Version)
	}
	if w := pageReq(h, "POST", "/battle/"+id+"?lang=ru", "action=redo&version=3"); w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/battle/"+id+"?lang=ru" {
		t.Errorf("redo in Russian: %d to %q", w.Code, w.Header().Get("Location"))
	}
	if v := expect[tView](t, send(t, h, "GET", base, ""), 200); v.Version != 4 || v.Phase.String() != "shooting" {
		t.Errorf("after redo: %+v", v)
	}
	if w := pageReq(h, "POST", "/battle/"+id, "action=attack&version=4"); w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), "action must be undo, redo, advance or rename") {
		t.Errorf("an unknown action: %d %s", w.Code, w.Body.String())
	}

	// Renamed without the script: no event, the same version; a name
	// taken, or one the store does not allow, said above the battle.
	newBattle(t, h, "Taken")
	has(t, "the rename form", pageReq(h, "GET", "/battle/"+id, "").Body.String(), `<form id="battle-rename" method="post" action="/battle/`+id+`">`,
		`<input id="rename-name" name="name" type="text" required maxlength="200" autocomplete="off" value="Forms"`)
	if w := pageReq(h, "POST", "/battle/"+id, "action=rename&name=Sunday+game&version=4"); w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/battle/"+id {
		t.Errorf("rename: %d to %q", w.Code, w.Header().Get("Location"))
	}
	if v := expect[tView](t, send(t, h, "GET", base, ""), 200); v.Name != "Sunday game" || v.Version != 4 {
		t.Errorf("after rename: %+v", v)
	}
	for _, c := range []struct {
		form   string
		status int
		want   string
	}{
		{"action=rename&name=Taken&version=4", http.StatusConflict, "a battle named Taken exists"},
		{"action=rename&name=+padded&version=4", http.StatusBadRequest, `<p class="error" id="battle-stale" role="alert">`},
		{"action=rename&name=Monday&version=3", http.StatusConflict, "version 4"},
	} {
		w := pageReq(h, "POST", "/battle/"+id, c.form)
		if w.Code != c.status || !strings.Contains(w.Body.String(), c.want) {
			t.Errorf("%s: %d, want %d saying %s", c.form, w.Code, c.status, c.want)
		}
	}
	if v := expect[tView](t, send(t, h, "GET", base, ""), 200); v.Name != "Sunday game" {
		t.Errorf("a refused rename was kept: %+v", v)
	}
}

// sendImportForm sends the list page's import form as a browser does
// (multipart: the file under filename, unless it is nil, and name), to
// target.
func sendImportForm(t *testing.T, h http.Handler, target, filename string, file []byte, name string) *httptest.ResponseRecorder {
	t.Helper()
	ct, body := importForm(t, filename, file, "name", name)
	if file == nil {
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		mw.WriteField("name", name) //nolint:errcheck // a bytes.Buffer
		mw.Close()                  //nolint:errcheck // a bytes.Buffer
		ct, body = mw.FormDataContentType(), b.String()
	}
	req := httptest.NewRequest("POST", target, strings.NewReader(body))
	req.Header.Set("Content-Type", ct)
	req.Header.Set("Accept", "text/html")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// TestBattleImportPage: the list page's import form (no script needed)
// makes a new battle of an export file, replayed to the same state, and
// takes the reader to it; a name taken, a file that is not an export, an
// empty form and a file too large are each said above the form, in the
// page's language, and nothing is kept.
func TestBattleImportPage(t *testing.T) {
	h := battleServer(t, Config{}).Handler()
	base := battleWithSpearmen(t, h, "Saturday")
	expect[tChange](t, send(t, h, "POST", base+"/attacks", `{"target": "Spearmen", "attacks": `+crossbowAttacks+`, "dice": [6, 6, 1, 1], "version": 2}`), 200)
	ex := send(t, h, "GET", base+"/export", "")
	if ex.Code != 200 {
		t.Fatalf("export: %d", ex.Code)
	}
	export := ex.Body.Bytes()
	has(t, "the list", pageReq(h, "GET", "/battle", "").Body.String(),
		`<form id="battle-import" class="scenario battle-form" method="post" action="/battle/import" enctype="multipart/form-data">`, `<input id="import-file" name="file" type="file"`)

	w := sendImportForm(t, h, "/battle/import", "battle-saturday.json", export, "")
	if w.Code != http.StatusConflict {
		t.Errorf("the file's name, taken: %d, want 409", w.Code)
	}
	has(t, "a name taken", w.Body.String(), `<p class="error" id="import-error" role="alert">a battle named Saturday exists`)

	w = sendImportForm(t, h, "/battle/import?lang=ru", "battle-saturday.json", export, " Copy ")
	loc := w.Header().Get("Location")
	if w.Code != http.StatusSeeOther || !strings.HasPrefix(loc, "/battle/") || !strings.HasSuffix(loc, "?lang=ru") {
		t.Fatalf("import: %d to %q", w.Code, loc)
	}
	orig := expect[tView](t, send(t, h, "GET", base, ""), 200)
	copied := expect[tView](t, send(t, h, "GET", "/api/battles/Copy", ""), 200)
	if copied.Version != orig.Version || copied.Units[0].Size != 28 || orig.Units[0].Size != 28 {
		t.Errorf("the copy: version %d, %d models; the original: version %d, %d models", copied.Version, copied.Units[0].Size, orig.Version, orig.Units[0].Size)
	}

	list := func() int { return len(expect[[]battle.Meta](t, send(t, h, "GET", "/api/battles", ""), 200)) }
	n := list()
	for _, c := range []struct {
		name, target, file string
		data               []byte
		status             int
		want               string
	}{
		{"not JSON", "/battle/import", "notes.json", []byte("{\n\"format\": 1,\n oops}"), 400, "notes.json:3:3: not a battle's export: not well-formed JSON"},
		{"not an export", "/battle/import", "list.json", []byte(`{"format": 1, "name": "X", "records": [{"seq": 2, "kind": "advance", "data": {"turn": 1, "phase": "magic"}}]}`), 400, "list.json"},
		{"no file", "/battle/import", "", nil, 400, "choose an export file to import"},
		{"no file, in Russian", "/battle/import?lang=ru", "", nil, 400, "выберите файл экспорта для загрузки"},
		{"too large", "/battle/import", "big.json", bytes.Repeat([]byte(" "), battle.MaxExportSize+1), 413, "the file is larger than an export file may be (16 MiB)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := sendImportForm(t, h, c.target, c.file, c.data, "Other")
			if w.Code != c.status {
				t.Errorf("status %d, want %d", w.Code, c.status)
			}
			has(t, c.name, w.Body.String(), `<p class="error" id="import-error" role="alert">`+htmlEscape(c.want))
			if c.status != 413 && !strings.Contains(w.Body.String(), `value="Other"`) {
				t.Error("the name given is not kept in the form") // past the limit the form is not read to its name
			}
		})
	}
	// A form cut off on its way.
	req := httptest.NewRequest("POST", "/battle/import", strings.NewReader("--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.json\"\r\n\r\n{\"fo"))
	req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
	req.Header.Set("Accept", "text/html")
	w = httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), "the form did not arrive whole") {
		t.Errorf("a form cut off: %d", w.Code)
	}
	if list() != n {
		t.Errorf("a refused import was kept: %d battles, were %d", list(), n)
	}
}

// htmlEscape is s as html/template writes it in text.
func htmlEscape(s string) string { return template.HTMLEscapeString(s) }
