package web

import (
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserTroopTypes: in Chromium, the troop-type select offers what
// the chosen ruleset reads (a3 F16), and a change of ruleset that hides
// the chosen type picks the one the new ruleset reads in its place: tow's
// heavy cavalry is cavalry in whfb8, and whfb8's monstrous beast a war
// beast in tow. The results follow with no error.
func TestBrowserTroopTypes(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	t.Cleanup(srv.Close)
	q := url.Values{"ruleset": {"tow"}, "a0.count": {"10"}, "a0.to_hit": {"4+"}, "a0.strength": {"4"},
		"t.models": {"10"}, "t.toughness": {"3"}, "t.troop_type": {"heavy_cavalry"}}
	must(t, ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(srv.URL+"/?"+q.Encode()), chromedp.WaitVisible(chromedp.CSS("#chart-casualties")))
	offered := func() []string {
		return eval[[]string](t, ctx, `return [...document.getElementById('t-troop-type').options].filter(o => !o.hidden && !o.disabled).map(o => o.value)`)
	}
	has := func(list []string, v string) bool {
		for _, x := range list {
			if x == v {
				return true
			}
		}
		return false
	}
	if got := offered(); !has(got, "heavy_cavalry") || has(got, "monstrous_beast") {
		t.Errorf("tow offers %v", got)
	}
	choose(t, ctx, "ruleset", "whfb8")
	if got := eval[string](t, ctx, `return document.getElementById('t-troop-type').value`); got != "cavalry" {
		t.Errorf("heavy_cavalry under whfb8 became %q, want cavalry", got)
	}
	if got := offered(); has(got, "heavy_cavalry") || !has(got, "monstrous_beast") {
		t.Errorf("whfb8 offers %v", got)
	}
	waitFor(t, ctx, "the whfb8 results", `return new URLSearchParams(location.search).get('t.troop_type') === 'cavalry' && new URLSearchParams(location.search).get('ruleset') === 'whfb8' && !!document.getElementById('chart-casualties') && document.getElementById('error-summary').hidden`)
	choose(t, ctx, "t-troop-type", "monstrous_beast")
	choose(t, ctx, "ruleset", "tow")
	if got := eval[string](t, ctx, `return document.getElementById('t-troop-type').value`); got != "war_beast" {
		t.Errorf("monstrous_beast under tow became %q, want war_beast", got)
	}
	waitFor(t, ctx, "the tow results", `return new URLSearchParams(location.search).get('t.troop_type') === 'war_beast' && new URLSearchParams(location.search).get('ruleset') === 'tow' && document.getElementById('error-summary').hidden`)
}

// TestBrowserSkirmishOdds: a skirmish warrior's odds at desktop and phone
// width: one chart, of the wounds he takes, laid out without sideways
// scrolling and with text of 12 px or more (phoneText), and the cards say
// out of action.
func TestBrowserSkirmishOdds(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	t.Cleanup(srv.Close)
	q := url.Values{"ruleset": {"skirmish"}, "a0.count": {"3"}, "a0.to_hit": {"3+"}, "a0.strength": {"4"},
		"t.models": {"1"}, "t.toughness": {"3"}, "t.wounds": {"2"}}
	for _, vp := range desktopFirst {
		must(t, ctx, viewport(vp), chromedp.Navigate(srv.URL+"/?"+q.Encode()), chromedp.WaitVisible(chromedp.CSS("#chart-wounds")))
		if n := eval[int](t, ctx, `return document.querySelectorAll('#results .charts figure').length`); n != 1 {
			t.Errorf("%s: %d charts, want the wounds chart alone", vp.name, n)
		}
		if !eval[bool](t, ctx, `return [...document.querySelectorAll('#results dt')].some(d => d.textContent === 'Out of action')`) {
			t.Errorf("%s: no out of action card", vp.name)
		}
		if vp.width < 600 {
			m := eval[phoneMeasure](t, ctx, phoneText)
			if len(m.Small) > 0 || m.Wide > 391 || m.N == 0 {
				t.Errorf("phone: %d texts, small %v, %d px wide", m.N, m.Small, m.Wide)
			}
		}
		screenshot(t, ctx, "skirmish-odds-"+vp.name, vp.width, vp.height)
	}
}
