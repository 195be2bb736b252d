package web

import (
	"net/url"
	"strings"
	"testing"
)

// sweepQuery is the default Odds form with the Sweep group's fields.
func sweepQuery(extra ...string) string {
	q := defaultForm().values()
	q.Set("sweep_kind", "odds")
	for i := 0; i+1 < len(extra); i += 2 {
		q.Set(extra[i], extra[i+1])
	}
	return q.Encode()
}

// TestSweepPage: the Sweep group's answer is the chart and the table of
// the form's scenario (10 attacks hitting on 4+ at T3 spearmen in light
// armour and shield: S4 wounds on 3+ and leaves a 6+ save, 10 x 1/2 x 2/3
// x 5/6 = 25/9 = 2.78 casualties, rules 6.1 and 7.1), as a fragment for
// the script and as a page of its own without it.
func TestSweepPage(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	frag := page(t, h, "/sweep?fragment=1&"+sweepQuery("sweep_path", "attacks[0].strength", "sweep_from", "3", "sweep_to", "5"))
	for _, want := range []string{`<svg xmlns="http://www.w3.org/2000/svg" class="chart sweep-chart" id="sweep-chart"`, `<table class="sweep-table" id="sweep-table">`,
		`<tr><th scope="row">4</th><td>2.78</td>`, `<th scope="col">attacks[0].strength</th>`} {
		if !strings.Contains(frag, want) {
			t.Errorf("the fragment lacks %s:\n%s", want, frag)
		}
	}
	if strings.Contains(frag, "<html") {
		t.Error("the fragment is a whole page")
	}
	whole := page(t, h, "/sweep?"+sweepQuery("sweep_path", "attacks[0].strength", "sweep_from", "3", "sweep_to", "5"))
	if !strings.Contains(whole, "<!DOCTYPE html>") || !strings.Contains(whole, `<a href="/?`) || !strings.Contains(whole, "2.78") {
		t.Errorf("the page of its own:\n%.600s", whole)
	}
	// in Russian, with a grid
	ru := page(t, h, "/sweep?fragment=1&lang=ru&"+sweepQuery("sweep_path", "attacks[0].strength", "sweep_from", "3", "sweep_to", "4", "sweep_path2", "target.models", "sweep_from2", "10", "sweep_to2", "20", "sweep_step2", "10"))
	if !strings.Contains(ru, "<td>2,78</td>") || !strings.Contains(ru, "потери в среднем") {
		t.Errorf("Russian:\n%s", ru)
	}
}

func TestSweepPageBad(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for _, c := range []struct{ q, want string }{
		{sweepQuery("sweep_path", "attacks[0].strength", "sweep_from", "x", "sweep_to", "5"), "From: &#34;x&#34; is not a whole number"},
		{sweepQuery("sweep_path", "attacks[0].strength", "sweep_from", "9", "sweep_to", "11"), "point 3 of 3 (attacks[0].strength=11): attacks[0].strength: want 1 to 10, got 11"},
		{sweepQuery("sweep_path", "target.models", "sweep_from", "1", "sweep_to", "100", "sweep_path2", "attacks[0].count", "sweep_from2", "1", "sweep_to2", "100"), "10000 points in all; a sweep has at most 400"},
		{sweepQuery(), "nothing to vary"},
	} {
		w := do(t, h, "GET", "/sweep?fragment=1&"+c.q, "", "")
		if w.Code != 400 || !strings.Contains(w.Body.String(), `<p class="error" role="alert" id="sweep-error">`) || !strings.Contains(w.Body.String(), c.want) {
			t.Errorf("%s: %d %s; want 400 saying %s", c.q, w.Code, w.Body.String(), c.want)
		}
	}
}

// TestSweepGroupFields: the group offers the form's whole-number fields
// by their labels, with the paths of the form schema, in the page's
// language; the Combat tab its sides' fields.
func TestSweepGroupFields(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	odds := page(t, h, "/")
	for _, want := range []string{`<details class="group sweep" id="sweep-group">`, `<option value="attacks[0].strength">Attack group 1: Strength</option>`, `<option value="target.models">Target: Models</option>`} {
		if !strings.Contains(odds, want) {
			t.Errorf("the Odds tab lacks %s", want)
		}
	}
	ru := page(t, h, "/?lang=ru")
	if !strings.Contains(ru, `<option value="attacks[0].strength">Группа атак 1: Сила</option>`) {
		t.Error("the Russian Odds tab lacks its Strength")
	}
	cb := page(t, h, "/combat")
	if !strings.Contains(cb, `<option value="sides.b.unit.models">Side b: Models</option>`) || !strings.Contains(cb, `value="combat"`) {
		t.Error("the Combat tab lacks side b's models")
	}
	e, _ := exampleFile(defaultCombatExample)
	f, _, err := fromCombatFile([]byte(e))
	if err != nil {
		t.Fatal(err)
	}
	q := f.values()
	q.Set("sweep_kind", "combat")
	q.Set("sweep_path", "sides.a.fights[0].strength")
	q.Set("sweep_from", "3")
	q.Set("sweep_to", "4")
	frag := page(t, h, "/sweep?fragment=1&"+url.Values(q).Encode())
	if !strings.Contains(frag, `data-series="win"`) || !strings.Contains(frag, `<th scope="col">sides.a.fights[0].strength</th>`) {
		t.Errorf("combat:\n%s", frag)
	}
}

// TestSweepWithoutScript: the group's inputs are a form of their own, so
// the tab's links and answers never carry them; without the page's
// script the group's form sends the tab's link as sweep_form, and /sweep
// sweeps that form.
func TestSweepWithoutScript(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for _, p := range []string{"/?" + defaultForm().values().Encode(), "/combat"} {
		body := page(t, h, p)
		if !strings.Contains(body, `<form id="sweep-form" method="get" action="/sweep" hidden></form>`) || !strings.Contains(body, `name="sweep_path" form="sweep-form"`) && !strings.Contains(body, `form="sweep-form" id="sweep-path" name="sweep_path"`) {
			t.Errorf("%s: the group's inputs are not in a form of their own", p)
		}
		if strings.Contains(body, "sweep_path=") {
			t.Errorf("%s: a link carries the group's fields", p)
		}
	}
	q := url.Values{"sweep_form": {defaultForm().values().Encode()}, "sweep_kind": {"odds"}, "sweep_path": {"attacks[0].strength"}, "sweep_from": {"4"}, "sweep_to": {"5"}}
	whole := page(t, h, "/sweep?"+q.Encode())
	if !strings.Contains(whole, `<tr><th scope="row">4</th><td>2.78</td>`) || !strings.Contains(whole, `<a href="/?`) || strings.Contains(whole, "sweep_form") {
		t.Errorf("without a script:\n%s", whole)
	}
}
