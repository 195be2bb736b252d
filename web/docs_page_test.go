package web

import (
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/msg"
)

// TestDocsServed: docs/rules.md is served at /docs/rules with an anchor
// for each numbered section and each choice of its table, and the steps
// of the referee cite it in words, each citation a link to an anchor the
// page has (issue 26, item 11: the steps ended in a bare "rules 5").
func TestDocsServed(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	rules := page(t, h, "/docs/rules")
	for _, want := range []string{`<h3 id="s6">6. Wound</h3>`, `<h4 id="s6.1">6.1 The to-wound roll</h4>`, `<tr id="R39">`, `<tr id="C24">`,
		`<a href="/docs/scenario">`} {
		if !strings.Contains(rules, want) {
			t.Errorf("/docs/rules lacks %s", want)
		}
	}
	if scen := page(t, h, "/docs/scenario"); !strings.Contains(scen, `<a href="#strict-reading-and-errors">`) || !strings.Contains(scen, `id="strict-reading-and-errors"`) {
		t.Errorf("/docs/scenario: its own links and anchors differ")
	}
	page(t, h, "/docs/combat")
	// In Russian /docs/rules is docs/rules.ru.md, under the English page's
	// anchors (its <a id> lines name the headings without a number).
	ru := page(t, h, "/docs/rules?lang=ru")
	for _, want := range []string{`<html lang="ru"`, `<h2 id="how-rearrank-applies-the-rules">Как rearrank применяет правила</h2>`, `<h4 id="s6.1">6.1 Бросок на ранение</h4>`,
		`id="choices-rearrank-makes"`, `<tr id="R39">`} {
		if !strings.Contains(ru, want) {
			t.Errorf("/docs/rules?lang=ru lacks %s", want)
		}
	}
	if strings.Contains(ru, "&lt;a id=") {
		t.Errorf("/docs/rules?lang=ru shows its anchor lines as text")
	}
	if w := do(t, h, "GET", "/docs/nothing", "", ""); w.Code != 404 {
		t.Errorf("/docs/nothing: %d, want 404", w.Code)
	}
	// Every citation of the referee's steps, in either tab, links to an
	// anchor of /docs/rules.
	link := regexp.MustCompile(`href="/docs/rules#([^"]+)"`)
	for _, q := range []url.Values{
		with(spearmenQuery(), "tab", "resolve", "seed", "5"),
		with(spearmenQuery(), "tab", "resolve", "staged", "1", "dice", "6 6 6 6 5 4 4 1 2 3"),
		with(spearmenQuery(), "ruleset", "tow", "tab", "resolve", "seed", "9", "a0.multiple_wounds", "2", "t.wounds", "2", "t.regeneration", "5+"),
	} {
		body := page(t, h, "/?"+q.Encode())
		ms := link.FindAllStringSubmatch(body, -1)
		if len(ms) == 0 {
			t.Errorf("%s: no step links to the rules", q.Encode())
		}
		if strings.Contains(body, `<span class="rule">rules `) {
			t.Errorf("%s: a bare citation is left", q.Encode())
		}
		for _, m := range ms {
			if !strings.Contains(rules, `id="`+m[1]+`"`) {
				t.Errorf("a step links to /docs/rules#%s, which /docs/rules lacks", m[1])
			}
		}
	}
	for _, c := range []struct{ in, want string }{
		{"rules 6.2, R39", `rules, <a href="/docs/rules#s6.2">section 6.2 (critical hits (skirmish))</a>, <a href="/docs/rules#R39">choice R39</a>`},
		{"rules 21.10", `rules, <a href="/docs/rules#s21">section 21.10 (a close-combat round)</a>`},
		{"rules 9.1: kill", `rules, <a href="/docs/rules#s9.1">section 9.1 (outright kills)</a>: kill`},
	} {
		if got := string(citeHTML(c.in, msg.English)); got != c.want {
			t.Errorf("citeHTML(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	// In Russian the words and the sections' titles are docs/rules.ru.md's,
	// and the anchors are the English page's.
	for _, c := range []struct{ in, want string }{
		{"rules 6.1, R39", `правила, <a href="/docs/rules#s6.1">раздел 6.1 (бросок на ранение)</a>, <a href="/docs/rules#R39">выбор R39</a>`},
		{"rules 6.2, R27: knocked down whether or not the save succeeds", `правила, <a href="/docs/rules#s6.2">раздел 6.2 (критические попадания (skirmish))</a>, <a href="/docs/rules#R27">выбор R27</a>: сбит с ног, успешен спасбросок или нет`},
	} {
		if got := string(citeHTML(c.in, msg.Russian)); got != c.want {
			t.Errorf("citeHTML(%q, Russian) = %s, want %s", c.in, got, c.want)
		}
	}
}
