package web

import (
	"encoding/json"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// getIn GETs target with the request headers given as name, value pairs.
func getIn(t *testing.T, h http.Handler, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("GET", target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Add(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

var switchLink = regexp.MustCompile(`<a href="([^"]*)" hreflang="(en|ru)"`)

// TestPageLanguage: the page is in the language asked for with ?lang=
// (the switch's links), then in the one its cookie remembers, then in the
// browser's (Accept-Language), else English; the switch keeps the
// scenario, and the cache keeps the languages apart.
func TestPageLanguage(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	q := spearmenQuery()

	w := getIn(t, h, "/?"+q.Encode())
	if !strings.Contains(w.Body.String(), `<html lang="en">`) || w.Header().Get("Set-Cookie") != "" {
		t.Errorf("a first visit without a language is not English, or sets a cookie")
	}

	w = getIn(t, h, "/?"+with(q, "lang", "ru").Encode())
	body := w.Body.String()
	if !strings.Contains(body, `<html lang="ru">`) || !strings.Contains(body, "<legend>Подразделение-цель</legend>") {
		t.Fatalf("?lang=ru: the page is not Russian")
	}
	c := w.Result().Cookies()
	if len(c) != 1 || c[0].Name != langCookie || c[0].Value != "ru" {
		t.Errorf("?lang=ru sets cookies %v, want %s=ru", c, langCookie)
	}
	if !strings.Contains(body, `<input type="hidden" name="lang" value="ru">`) {
		t.Errorf("the form does not carry ?lang=ru on")
	}
	links := switchLink.FindAllStringSubmatch(body, -1)
	if len(links) != 2 {
		t.Fatalf("the switch has %d links, want English and Russian", len(links))
	}
	for _, m := range links {
		u, err := url.Parse(html.UnescapeString(m[1]))
		if err != nil {
			t.Fatal(err)
		}
		got := u.Query()
		if got.Get("lang") != m[2] {
			t.Errorf("the %s link %s does not ask for %s", m[2], u, m[2])
		}
		got.Del("lang")
		if u.Path != "/" || got.Encode() != q.Encode() {
			t.Errorf("the %s link %s loses the scenario %s", m[2], u, q.Encode())
		}
	}

	// The cookie, on a link without ?lang=; a later ?lang=en wins over it.
	w = getIn(t, h, "/?"+q.Encode(), "Cookie", langCookie+"=ru")
	if !strings.Contains(w.Body.String(), `<html lang="ru">`) || w.Header().Get("Set-Cookie") != "" {
		t.Errorf("the cookie is not honoured, or set again")
	}
	w = getIn(t, h, "/?"+with(q, "lang", "en").Encode(), "Cookie", langCookie+"=ru")
	if !strings.Contains(w.Body.String(), `<html lang="en">`) || !strings.Contains(w.Header().Get("Set-Cookie"), langCookie+"=en") {
		t.Errorf("?lang=en does not win over the cookie and replace it")
	}

	// The browser's language on a first visit, and English again after
	// (the cache keys on the language).
	w = getIn(t, h, "/?"+q.Encode(), "Accept-Language", "ru-RU,ru;q=0.9,en;q=0.5")
	if !strings.Contains(w.Body.String(), `<html lang="ru">`) {
		t.Errorf("Accept-Language ru does not give the Russian page")
	}
	if body := page(t, h, "/?"+q.Encode()); !strings.Contains(body, `<html lang="en">`) || strings.Contains(body, "Подразделение") {
		t.Errorf("the English page after the Russian one is not English")
	}

	// The other pages: the documentation, the 404, the Combat tab.
	for _, target := range []string{"/docs/rules?lang=ru", "/combat?lang=ru"} {
		body := page(t, h, target)
		if !strings.Contains(body, `<html lang="ru">`) || !strings.Contains(body, `hreflang="en"`) {
			t.Errorf("%s: not Russian, or without the switch", target)
		}
	}
	if !strings.Contains(page(t, h, "/docs/rules?lang=ru"), "<title>Как rearrank применяет правила · rearrank</title>") {
		t.Errorf("the documentation's title is not Russian")
	}
	w = getIn(t, h, "/nowhere?lang=ru", "Accept", "text/html")
	if w.Code != 404 || !strings.Contains(w.Body.String(), `<html lang="ru">`) || !strings.Contains(w.Body.String(), "Здесь нет страницы") {
		t.Errorf("the 404 page is not Russian: %d", w.Code)
	}
}

// TestPageRussianWords: the Russian page's chrome and form have no word
// of English. What is Latin there is a name (the rulesets', the unit's), a
// code or a value a file writes (whfb8, auto, AP), or dice. The results,
// the headline and the compare tab's form are left out: their words are
// the results' (webres.*).
func TestPageRussianWords(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	allowed := map[string]bool{}
	for _, w := range strings.Fields(`rearrank English API YAML JSON Spearmen Swordsmen auto AP k D3 D6 2D6 D6+1 D3+1 W
		Warhammer Fantasy Battles Battleaxe Generals The 9th Age 1.x Mordheim Old World seed WAP th R38 7-k option=value api openapi.json
		New Recruit BattleScribe Builder`) { // the list builders, by their names
		allowed[w] = true
	}
	for _, rs := range rules.Rulesets() {
		allowed[rs.String()] = true
	}
	cut := regexp.MustCompile(`(?s)<section id="results".*?</section>|<section id="headline".*?</section>|<link rel="stylesheet" href="/assets/compare.css">.*?<div class="actions" id="actions">|<script[^>]*>.*?</script>`)
	for _, tab := range []string{"odds", "resolve"} {
		w := getIn(t, h, "/?"+with(spearmenQuery(), "lang", "ru", "tab", tab, "seed", "1").Encode())
		body := w.Body.String()
		if !strings.Contains(body, `<section id="results"`) {
			t.Fatalf("%s: the page has no results", tab)
		}
		body = cut.ReplaceAllString(body, "")
		for _, line := range strings.Split(visibleText(body), "\n") {
			for _, word := range latinWord.FindAllString(line, -1) {
				if !allowed[strings.TrimRight(word, ".")] {
					t.Errorf("%s: the Russian page says %q: %s", tab, word, strings.TrimSpace(line))
				}
			}
		}
	}
}

// latinWord is a word in Latin script.
var latinWord = regexp.MustCompile(`[A-Za-z0-9][A-Za-z0-9_'’.+=-]*[A-Za-z][A-Za-z0-9_'’.+=-]*|[A-Za-z]`)

// TestFormWordsCatalogue: the catalogue's English of the form's words is
// the form's own English (looks, switch, command and champion labels, the
// documentation's titles, app.js's sentences), so that the Russian says
// what the English does.
func TestFormWordsCatalogue(t *testing.T) {
	check := func(id, want string) {
		t.Helper()
		if want == "" {
			return
		}
		e, ok := msg.Lookup(msg.ID(id))
		if !ok {
			t.Errorf("%s: no message for %q", id, want)
			return
		}
		if e.EN != want {
			t.Errorf("%s: the catalogue says %q, the form %q", id, e.EN, want)
		}
	}
	for obj, looks := range map[string][]look{"attack": attackLooks, "target": targetLooks} {
		for _, l := range looks {
			base := "web.field." + obj + "." + l.name
			check(base+".label", l.label)
			check(base+".hint", l.hint)
			check(base+".placeholder", l.placeholder)
			check(base+".msg", l.msg)
			check(base+".noun", l.noun)
		}
	}
	for name, label := range switchLabels {
		check("web.switch."+name+".label", label)
	}
	for name, label := range commandLabels {
		check("web.command."+name, label)
	}
	for _, f := range championFields() {
		want := "Champion's " + orDefault(championLabels[f.name], strings.ReplaceAll(f.name, "_", " "))
		got := msg.New("web.form.champion", msg.New(msg.ID("web.champion."+f.name))).Text(msg.English)
		if e, ok := msg.Lookup(msg.ID("web.champion.label." + f.name)); ok {
			got = e.EN
		}
		if got != want {
			t.Errorf("champion's %s: the catalogue says %q, the form %q", f.name, got, want)
		}
	}
	for name, d := range docPages() {
		check("web.docs."+name, d.title)
	}
	js, err := os.ReadFile("assets/static/app.js")
	if err != nil {
		t.Fatal(err)
	}
	says := regexp.MustCompile(`say\('([a-z.]+)', '((?:[^'\\]|\\.)*)'`).FindAllStringSubmatch(string(js), -1)
	if len(says) < 30 {
		t.Fatalf("app.js says %d sentences; the test no longer finds them", len(says))
	}
	tmpl, err := os.ReadFile("assets/page.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range says {
		check(m[1], m[2])
		if !strings.Contains(string(tmpl), `"`+m[1]+`"`) {
			t.Errorf("app.js says %s, which the page's app-words do not hold", m[1])
		}
	}
}

// TestAPILanguage: ?lang= and Accept-Language put the API's texts for
// people in the language, its codes and field names as they are; without
// them the answer is the English it always was.
func TestAPILanguage(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	bad := strings.Replace(crossbowsYAML, "strength: 4", "strength: 11", 1)
	post := func(target string, header ...string) (int, ErrorBody) {
		t.Helper()
		req := httptest.NewRequest("POST", target, strings.NewReader(bad))
		req.Header.Set("Content-Type", "application/yaml")
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		var e ErrorBody
		if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
			t.Fatalf("%s: %v: %s", target, err, w.Body.String())
		}
		return w.Code, e
	}
	_, en := post("/api/odds")
	if _, e := post("/api/odds?lang=en"); e != en {
		t.Errorf("?lang=en changes the English error: %+v, was %+v", e, en)
	}
	cyrillic := regexp.MustCompile(`\p{Cyrillic}`)
	for _, c := range []struct {
		target string
		header []string
	}{{"/api/odds?lang=ru", nil}, {"/api/odds", []string{"Accept-Language", "ru"}}, {"/api/resolve?lang=ru&seed=1", nil}} {
		code, ru := post(c.target, c.header...)
		if code != 400 || ru.Code != en.Code || ru.Field != en.Field || ru.Line != en.Line || !cyrillic.MatchString(ru.Error) ||
			!strings.HasPrefix(ru.Error, en.Field+": ") {
			t.Errorf("%s %v: %d %+v, want the Russian of %+v", c.target, c.header, code, ru, en)
		}
	}
	if code, e := post("/api/odds?lang=ru&frobnicate=1"); code != 400 || e.Field != "frobnicate" || !strings.Contains(e.Error, "неизвестный параметр") {
		t.Errorf("an unknown parameter in Russian: %d %+v", code, e)
	}
	// The rulesets' catalogue: descriptions in the language, names as
	// they are.
	var enCat, ruCat []struct{ Name, Description string }
	for _, c := range []struct {
		target string
		out    *[]struct{ Name, Description string }
	}{{"/api/rulesets", &enCat}, {"/api/rulesets?lang=ru", &ruCat}} {
		if err := json.Unmarshal([]byte(page(t, h, c.target)), c.out); err != nil {
			t.Fatal(err)
		}
	}
	if len(ruCat) == 0 || len(ruCat) != len(enCat) || ruCat[0].Name != enCat[0].Name || !cyrillic.MatchString(ruCat[0].Description) || cyrillic.MatchString(enCat[0].Description) {
		t.Errorf("/api/rulesets?lang=ru: %v, in English %v", ruCat, enCat)
	}
	// A resolution's events: the same dice, their text in the language.
	type events struct {
		Events []struct {
			Kind, Text string
			Face       int
		}
	}
	var enRes, ruRes events
	for _, r := range []struct {
		target string
		out    *events
	}{{"/api/resolve?seed=7", &enRes}, {"/api/resolve?seed=7&lang=ru", &ruRes}} {
		w := do(t, h, "POST", r.target, "application/yaml", crossbowsYAML)
		if w.Code != 200 {
			t.Fatalf("%s: %d %s", r.target, w.Code, w.Body.String())
		}
		if err := json.Unmarshal(w.Body.Bytes(), r.out); err != nil {
			t.Fatal(err)
		}
	}
	if len(enRes.Events) == 0 || len(enRes.Events) != len(ruRes.Events) {
		t.Fatalf("%d events in English, %d in Russian", len(enRes.Events), len(ruRes.Events))
	}
	for i, ev := range ruRes.Events {
		if ev.Kind != enRes.Events[i].Kind || ev.Face != enRes.Events[i].Face {
			t.Errorf("event %d differs beyond its text: %+v, %+v", i, ev, enRes.Events[i])
		}
	}
}

// TestPageRussianError: a field the loader refuses is marked in the
// reader's language, beside its input and in the summary, which names it
// in the form's words.
func TestPageRussianError(t *testing.T) {
	h := testServer(t, Config{})
	w := getIn(t, h.Handler(), "/?"+with(spearmenQuery(), "lang", "ru", "a0.strength", "11").Encode())
	body := w.Body.String()
	beside := regexp.MustCompile(`<p class="error" id="a0-strength-error">([^<]*)</p>`).FindStringSubmatch(body)
	if w.Code != 400 || beside == nil || !regexp.MustCompile(`\p{Cyrillic}`).MatchString(beside[1]) {
		t.Fatalf("status %d; the error beside Strength is %q, want Russian", w.Code, beside)
	}
	if !strings.Contains(body, `<a href="#a0-strength">Группа атак 1, Сила: `+beside[1]+`</a>`) {
		t.Errorf("the summary does not name the field in Russian")
	}
	if !strings.Contains(body, `data-msg="Сила: целое число от 1 до 10"`) {
		t.Errorf("the inline check's message is not Russian")
	}
}
