package web

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// scriptTag matches the page's script elements.
var scriptTag = regexp.MustCompile(`<script[^>]*>[^<]*</script>`)

// noScript serves h's pages without their script elements: the page as a
// browser without JavaScript has it.
func noScript(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		r.Header.Del("Accept-Encoding") // plain text, to take the scripts out of
		h.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		if bytes.HasPrefix([]byte(rec.Header().Get("Content-Type")), []byte("text/html")) {
			body = scriptTag.ReplaceAll(body, nil)
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(rec.Code)
		_, _ = w.Write(body)
	})
}

// TestBrowserRulesetSwitch: switching whfb8 -> skirmish -> tow -> whfb8
// gives back what the player typed (issue 26, item 6): the 20 models
// (skirmish set 1, and the 1 stayed), and a troop type tow does not read,
// with script (the page keeps them) and without (the GET carries them),
// on a phone and a desktop.
func TestBrowserRulesetSwitch(t *testing.T) {
	ctx := browser(t)
	h := New(Config{}).Handler()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	bare := httptest.NewServer(noScript(h))
	t.Cleanup(bare.Close)
	start := with(spearmenQuery(), "t.models", "24", "t.troop_type", "monstrous_beast", "t.wounds", "3", "t.champion", "")
	const models = `var m = document.getElementById('t-models'); return {value: m.value, shown: !m.closest('.field').hidden, disabled: m.disabled}`
	type input struct {
		Value    string `json:"value"`
		Shown    bool   `json:"shown"`
		Disabled bool   `json:"disabled"`
	}
	for _, vp := range viewports {
		t.Run("script/"+vp.name, func(t *testing.T) {
			must(t, ctx, viewport(vp))
			must(t, ctx, chromedp.Navigate(srv.URL+"/?"+start.Encode()))
			waitFor(t, ctx, "the first odds", `return !!document.getElementById('results-title')`)
			choose(t, ctx, "ruleset", "skirmish")
			if m := eval[input](t, ctx, models); m.Shown || !m.Disabled || m.Value != "24" {
				t.Errorf("skirmish: Models %+v, want hidden and disabled, holding 24", m)
			}
			choose(t, ctx, "ruleset", "tow")
			if m := eval[input](t, ctx, models); !m.Shown || m.Disabled || m.Value != "24" {
				t.Errorf("tow: Models %+v, want shown, holding 24", m)
			}
			if tt := eval[string](t, ctx, `return document.getElementById('t-troop-type').value`); tt == "monstrous_beast" {
				t.Errorf("tow: the troop type is still monstrous_beast, which tow does not read")
			}
			choose(t, ctx, "ruleset", "whfb8")
			if m := eval[input](t, ctx, models); !m.Shown || m.Disabled || m.Value != "24" {
				t.Errorf("back in whfb8: Models %+v, want shown, holding 24", m)
			}
			if tt := eval[string](t, ctx, `return document.getElementById('t-troop-type').value`); tt != "monstrous_beast" {
				t.Errorf("back in whfb8: troop type %q, want monstrous_beast again", tt)
			}
			waitFor(t, ctx, "the URL to hold the 24 models", `return location.search.indexOf('t.models=24') >= 0 && location.search.indexOf('ruleset=whfb8') >= 0`)
			waitFor(t, ctx, "the odds of whfb8 again", `return !!document.getElementById('results-title') && !document.querySelector('#results.stale, #results[aria-busy="true"]') && document.getElementById('error-summary').hidden`)
		})
		t.Run("no script/"+vp.name, func(t *testing.T) {
			must(t, ctx, viewport(vp))
			must(t, ctx, chromedp.Navigate(bare.URL+"/?"+with(start, "t.troop_type", "", "t.armour_value", "3").Encode()))
			for _, rs := range []string{"skirmish", "t9a", "whfb8"} {
				eval[bool](t, ctx, fmt.Sprintf(`document.getElementById('ruleset').value = %q; return true`, rs))
				must(t, ctx, chromedp.Click(chromedp.CSS("#submit")))
				waitFor(t, ctx, rs+"'s page", fmt.Sprintf(`return document.readyState === 'complete' && location.search.indexOf('ruleset=%s') >= 0 && !!document.getElementById('results-title')`, rs))
				m := eval[input](t, ctx, models)
				switch rs {
				case "skirmish":
					if m.Shown || m.Value != "24" {
						t.Errorf("skirmish: Models %+v, want hidden, holding 24", m)
					}
				case "t9a":
					if a := eval[string](t, ctx, `return document.getElementById('t-armour-value').value`); a != "3" {
						t.Errorf("t9a: Armour %q, want the 3 typed before whfb8", a)
					}
					fallthrough
				default:
					if !m.Shown || m.Disabled || m.Value != "24" {
						t.Errorf("%s: Models %+v, want shown, holding 24", rs, m)
					}
				}
			}
		})
	}
}

// TestBrowserShortLink: a short link opens on the ruleset's defaults with
// its fields applied, and answers (issue 26, item 12).
func TestBrowserShortLink(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	t.Cleanup(srv.Close)
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			must(t, ctx, viewport(vp))
			must(t, ctx, chromedp.Navigate(srv.URL+"/?ruleset=tow&a0.strength=5"))
			waitFor(t, ctx, "the odds of the short link", `return !!document.getElementById('results-title')`)
			got := eval[[]string](t, ctx, `return ['ruleset', 'a0-count', 'a0-strength', 't-models'].map(function (id) { return document.getElementById(id).value })`)
			if fmt.Sprint(got) != "[tow 10 5 20]" {
				t.Errorf("the form holds %v, want [tow 10 5 20]", got)
			}
			if e := eval[bool](t, ctx, `return !document.getElementById('error-summary').hidden`); e {
				t.Errorf("the short link shows an error")
			}
		})
	}
}

// TestBrowserWords: on a phone and a desktop, a step's citation is a
// link that opens the rules' section, and an exact value too long to
// read is a tap away, without the page growing wider than the screen
// (issue 26, item 11).
func TestBrowserWords(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	t.Cleanup(srv.Close)
	long := url.Values{"ruleset": {"whfb8"}, "a0.count": {"2D6"}, "a0.to_hit": {"4+"}, "a0.strength": {"4"}, "a0.multiple_wounds": {"D3"},
		"t.models": {"20"}, "t.toughness": {"4"}, "t.wounds": {"3"}}
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			must(t, ctx, viewport(vp))
			must(t, ctx, chromedp.Navigate(srv.URL+"/?"+with(spearmenQuery(), "tab", "resolve", "seed", "5").Encode()))
			waitFor(t, ctx, "the referee's steps", `return !!document.querySelector('.step .rule a')`)
			text := eval[string](t, ctx, `return document.querySelector('.step .rule').textContent`)
			if !strings.HasPrefix(text, "rules, section ") {
				t.Errorf("a step cites %q, want rules, section ...", text)
			}
			// A stage's steps are folded under "Every step": open them.
			eval[bool](t, ctx, `document.querySelector('.stage-steps summary').scrollIntoView({block: 'center'}); return true`)
			must(t, ctx, chromedp.Click(chromedp.CSS(".stage-steps summary")))
			eval[bool](t, ctx, `document.querySelector('.step .rule a').scrollIntoView({block: 'center'}); return true`)
			must(t, ctx, chromedp.Click(chromedp.CSS(".step .rule a")))
			waitFor(t, ctx, "the rules' section", `return location.pathname === '/docs/rules' && !!location.hash && document.readyState === 'complete'`)
			at := eval[map[string]float64](t, ctx, `var h = document.getElementById(decodeURIComponent(location.hash.slice(1))); var r = h.getBoundingClientRect();
				return {top: r.top, height: innerHeight, wide: document.documentElement.scrollWidth}`)
			if at["top"] < 0 || at["top"] > at["height"]/2 {
				t.Errorf("the cited section's heading is at %v px of a %v px screen", at["top"], at["height"])
			}
			if at["wide"] > float64(vp.width)+1 {
				t.Errorf("/docs/rules is %v px wide at %d", at["wide"], vp.width)
			}

			must(t, ctx, chromedp.Navigate(srv.URL+"/?"+long.Encode()))
			// The first long value on screen: a phone shows the headline's
			// copy at the top, a desktop the results' own.
			waitFor(t, ctx, "the odds", `var ds = Array.from(document.querySelectorAll('details.exact')).filter(function (d) { return d.getClientRects().length > 0 });
				if (!ds.length) return false; ds.forEach(function (d) { d.removeAttribute('id') }); ds[0].id = 'long-exact'; return true`)
			shown := `var d = document.getElementById('long-exact'); var e = d.querySelector('span'), s = e.getBoundingClientRect();
				return {open: d.open, seen: e.checkVisibility(), right: s.right, wide: document.documentElement.scrollWidth}`
			if got := eval[map[string]any](t, ctx, shown); got["open"] != false || got["seen"] != false {
				t.Errorf("the long fraction is shown before a tap: %v", got)
			}
			eval[bool](t, ctx, `document.getElementById('long-exact').scrollIntoView({block: 'center'}); return true`)
			must(t, ctx, chromedp.Click(chromedp.CSS("#long-exact summary")))
			got := eval[map[string]any](t, ctx, shown)
			if got["open"] != true || got["seen"] != true || got["right"].(float64) > float64(vp.width) || got["wide"].(float64) > float64(vp.width)+1 {
				t.Errorf("after a tap, the long fraction: %v (screen %d wide)", got, vp.width)
			}
		})
	}
}
