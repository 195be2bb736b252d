package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The page's layout at a phone's width (390x844) and a desktop's (issue 26
// items 7, 8, 9, 12, 13 and 14): the answer on screen after a button, with
// and without JavaScript; charts that fit their box; a focused field clear
// of the sticky bar; the 404 page; errors that name their field; what the
// headline numbers are for.

type screenSize struct {
	name          string
	width, height int64
}

// The two screens the page is tried on: a phone's and a desktop's.
var (
	phone   = screenSize{"phone", 390, 844}
	desktop = screenSize{"desktop", 1280, 900}
	// viewports are both, the phone first; desktopFirst the other way
	// round, for the tests whose later steps build on the desktop's.
	viewports    = []screenSize{phone, desktop}
	desktopFirst = []screenSize{desktop, phone}
)

// isPhone reports whether s is a phone's screen: narrower than 600 px.
func (s screenSize) isPhone() bool { return s.width < 600 }

// viewport sets the screen's size, as a phone (mobile) below 600 px.
func viewport(s screenSize) chromedp.Action[chromedp.Void] {
	if s.isPhone() {
		return chromedp.EmulateViewport(s.width, s.height, chromedp.EmulateMobile)
	}
	return chromedp.EmulateViewport(s.width, s.height)
}

// onScreen is where the answer's headline is: the first rendered of the
// ids given, its top, and the part of the screen the sticky bar of buttons
// leaves free.
const onScreen = `var ids = %s, el = null, id = '';
for (var i = 0; i < ids.length && !el; i++) {
  var e = document.getElementById(ids[i]);
  if (e && e.getClientRects().length) { el = e; id = ids[i]; }
}
if (!el) return {id: '', top: -1, free: 0, ok: false};
var top = el.getBoundingClientRect().top;
var free = window.innerHeight, bar = document.querySelector('.actions');
if (bar) { var b = bar.getBoundingClientRect(); if (b.top < free && b.bottom > free - 2) free = b.top; }
return {id: id, top: Math.round(top), free: Math.round(free), ok: top >= -1 && top + 24 <= free};`

type answerPlace struct {
	ID   string  `json:"id"`
	Top  float64 `json:"top"`
	Free float64 `json:"free"`
	OK   bool    `json:"ok"`
}

func answerOnScreen(t *testing.T, ctx context.Context, what string, ids ...string) {
	t.Helper()
	list := `['` + strings.Join(ids, `', '`) + `']`
	p := eval[answerPlace](t, ctx, fmt.Sprintf(onScreen, list))
	if !p.OK {
		t.Errorf("%s: the answer's headline (%s, found %q) is at %.0f px, the screen shows 0 to %.0f px", what, strings.Join(ids, " or "), p.ID, p.Top, p.Free)
	}
}

// TestBrowserAnswerOnScreen: after a button the answer's headline is on
// screen, with JavaScript and without (issue 26 item 7): on a phone the
// odds' headline numbers above the form, not the charts below it; the
// Combat tab's "Who wins", and its round after "Roll another round".
func TestBrowserAnswerOnScreen(t *testing.T) {
	ctx := browser(t)
	h := New(Config{}).Handler()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	bare := httptest.NewServer(noScript(h))
	t.Cleanup(bare.Close)
	bottom := func() {
		eval[bool](t, ctx, `window.scrollTo(0, document.documentElement.scrollHeight); return true`)
	}
	// headline is the odds' answer: the numbers above the form on a
	// phone, the results' title beside the form on a desktop.
	headline := []string{"headline", "results-title"}
	for _, size := range viewports {
		t.Run("odds with script, "+size.name, func(t *testing.T) {
			must(t, ctx, viewport(size), chromedp.Navigate(srv.URL+"/"))
			waitFor(t, ctx, "the page's script", `return document.getElementById('scenario').noValidate === true && !!document.getElementById('chart-casualties')`)
			bottom()
			eval[bool](t, ctx, `document.getElementById('a0-count').value = '12'; return true`)
			must(t, ctx, chromedp.Click(chromedp.CSS("#submit")))
			waitFor(t, ctx, "the odds of 12 attacks", `return location.search.includes('a0.count=12') && document.getElementById('results').getAttribute('aria-busy') === 'false' && document.getElementById('live').hidden`)
			answerOnScreen(t, ctx, "odds", headline...)
		})
		t.Run("odds without script, "+size.name, func(t *testing.T) {
			must(t, ctx, viewport(size), chromedp.Navigate(bare.URL+"/"))
			waitFor(t, ctx, "the page", `return document.readyState === 'complete' && !!document.getElementById('chart-casualties')`)
			if eval[bool](t, ctx, `return document.getElementById('scenario').noValidate`) {
				t.Fatal("the page's script ran")
			}
			bottom()
			eval[bool](t, ctx, `document.getElementById('a0-count').value = '12'; return true`)
			must(t, ctx, chromedp.Click(chromedp.CSS("#submit")))
			waitFor(t, ctx, "the page of 12 attacks", `return location.search.includes('a0.count=12') && document.readyState === 'complete'`)
			answerOnScreen(t, ctx, "odds", headline...)
		})
	}
	size := viewports[0]
	t.Run("referee without script, phone", func(t *testing.T) {
		must(t, ctx, viewport(size), chromedp.Navigate(bare.URL+"/?"+with(spearmenQuery(), "tab", "resolve", "seed", "7").Encode()))
		waitFor(t, ctx, "the referee", `return document.readyState === 'complete' && !!document.getElementById('formation-after')`)
		bottom()
		eval[bool](t, ctx, `document.getElementById('seed').value = '8'; return true`)
		must(t, ctx, chromedp.Click(chromedp.CSS("#submit")))
		waitFor(t, ctx, "the referee with seed 8", `return location.search.includes('seed=8') && document.readyState === 'complete'`)
		answerOnScreen(t, ctx, "the referee", "results-title")
	})
	t.Run("an error without script, phone", func(t *testing.T) {
		// Five files of a unit of two: the server's error, which the
		// browser cannot see coming. Nothing to show but the problem,
		// above the form.
		must(t, ctx, viewport(size), chromedp.Navigate(bare.URL+"/?"+with(spearmenQuery(), "tab", "resolve", "seed", "7").Encode()))
		waitFor(t, ctx, "the referee", `return document.readyState === 'complete' && !!document.getElementById('formation-after')`)
		bottom()
		eval[bool](t, ctx, `document.getElementById('t-models').value = '2'; return true`)
		must(t, ctx, chromedp.Click(chromedp.CSS("#submit")))
		waitFor(t, ctx, "the error", `return location.search.includes('t.models=2') && document.readyState === 'complete' && !document.getElementById('error-summary').hidden`)
		answerOnScreen(t, ctx, "the error", "error-summary")
	})
	for _, size := range viewports {
		for _, script := range []bool{true, false} {
			base, how := srv.URL, "with script"
			if !script {
				base, how = bare.URL, "without script"
			}
			t.Run("combat "+how+", "+size.name, func(t *testing.T) {
				must(t, ctx, viewport(size), chromedp.Navigate(base+"/combat"))
				waitFor(t, ctx, "the Combat tab", `return document.readyState === 'complete' && !!document.getElementById('outcome-bar')`)
				eval[bool](t, ctx, `window.scrollTo(0, 0); return true`)
				must(t, ctx, chromedp.Click(chromedp.CSS("#combat-submit")))
				waitFor(t, ctx, "the combat worked out", `return location.search.includes('ruleset=') && document.readyState === 'complete' && !!document.getElementById('results-title') && document.getElementById('results').getAttribute('aria-busy') === 'false'`)
				answerOnScreen(t, ctx, "Work out the combat", "results-title")
				seed := eval[string](t, ctx, `return document.getElementById('combat-round').textContent`)
				eval[bool](t, ctx, `window.scrollTo(0, 0); return true`)
				must(t, ctx, chromedp.Click(chromedp.CSS("#combat-reroll")))
				waitFor(t, ctx, "another round", fmt.Sprintf(`var r = document.getElementById('combat-round'); return document.readyState === 'complete' && !!r && r.textContent !== %q && document.getElementById('results').getAttribute('aria-busy') === 'false'`, seed))
				answerOnScreen(t, ctx, "Roll another round", "combat-round")
			})
		}
	}
}

// chartsFit measures every chart of the results against the box it is
// drawn in: the chart, and each of its texts, inside the figure, and the
// figure not scrolling.
const chartsFit = `var out = {n: 0, bad: []};
document.querySelectorAll('#results svg.chart').forEach(function (svg) {
  if (!svg.getClientRects().length) return;
  out.n++;
  var fig = svg.closest('figure') || svg.parentElement, box = fig.getBoundingClientRect();
  var r = svg.getBoundingClientRect();
  if (r.left < box.left - 0.5 || r.right > box.right + 0.5) out.bad.push(svg.id + ' is ' + Math.round(r.width) + ' px wide in a box of ' + Math.round(box.width));
  if (fig.scrollWidth > fig.clientWidth + 1) out.bad.push(svg.id + ': its box scrolls (' + fig.scrollWidth + ' in ' + fig.clientWidth + ')');
  svg.querySelectorAll('text').forEach(function (t) {
    var b = t.getBoundingClientRect();
    if (b.width && (b.left < box.left - 0.5 || b.right > box.right + 0.5 || b.right > window.innerWidth)) out.bad.push(svg.id + ': "' + t.textContent + '" is cut off (' + Math.round(b.left) + ' to ' + Math.round(b.right) + ' in ' + Math.round(box.left) + ' to ' + Math.round(box.right) + ')');
  });
});
out.bad = out.bad.slice(0, 6);
return out;`

// TestBrowserChartsFit: every chart fits its box, at a phone's width and
// a desktop's (issue 26 item 8): the compare charts were drawn 520 px wide
// in boxes of 366 and 421, cutting the axis at 8 of 10 and the title.
func TestBrowserChartsFit(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	t.Cleanup(srv.Close)
	pages := []struct {
		name, path, ready string
		charts            int
	}{
		{"compare", "/?" + with(spearmenQuery(), "tab", "compare", "v1", "attacks[0].strength=6", "v2", "target.toughness=4").Encode(), `return document.querySelectorAll('svg.multichart').length === 2`, 2},
		{"odds", "/", `return !!document.getElementById('chart-wounds')`, 2},
		{"combat", "/combat", `return !!document.getElementById('outcome-bar')`, 2},
	}
	for _, size := range viewports {
		for _, p := range pages {
			t.Run(p.name+", "+size.name, func(t *testing.T) {
				must(t, ctx, viewport(size), chromedp.Navigate(srv.URL+p.path))
				waitFor(t, ctx, p.name, p.ready)
				m := eval[struct {
					N   int      `json:"n"`
					Bad []string `json:"bad"`
				}](t, ctx, chartsFit)
				if m.N < p.charts {
					t.Errorf("%d charts measured, want at least %d", m.N, p.charts)
				}
				for _, b := range m.Bad {
					t.Error(b)
				}
			})
		}
	}
	// The compare chart's axis reaches its last number, drawn inside.
	must(t, ctx, viewport(viewports[0]), chromedp.Navigate(srv.URL+pages[0].path))
	waitFor(t, ctx, "compare", pages[0].ready)
	last := eval[[2]float64](t, ctx, `var svg = document.getElementById('chart-compare-exactly'), ticks = svg.querySelectorAll('text[dy="16"]'), t = ticks[ticks.length - 1];
		return [t.getBoundingClientRect().right, svg.closest('figure').getBoundingClientRect().right]`)
	if last[0] > last[1] {
		t.Errorf("the last number of the compare chart's axis ends at %.0f px, its box at %.0f", last[0], last[1])
	}
}

// focusClear focuses each shown field of the form in turn, from the top of
// the page (as a tap on a field the bar hides, or the keyboard, would) and
// then in order (as Tab does), and lists those the sticky bar of buttons
// still covers.
const focusClear = `var bar = document.getElementById('actions'), out = {n: 0, covered: []};
var fields = Array.prototype.filter.call(document.querySelectorAll('#scenario input, #scenario select, #scenario textarea'), function (el) {
  return el.type !== 'hidden' && !el.disabled && !bar.contains(el) && el.checkVisibility();
});
function look(el, how) {
  var r = el.getBoundingClientRect(), b = bar.getBoundingClientRect();
  out.n++;
  if (r.bottom > b.top + 0.5 && r.top < b.bottom) out.covered.push(how + ' ' + el.id + ': ' + Math.round(Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top)) + ' of ' + Math.round(r.height) + ' px under the bar');
  if (r.top < 0) out.covered.push(how + ' ' + el.id + ': above the screen');
}
fields.forEach(function (el) { window.scrollTo(0, 0); el.focus(); look(el, 'from the top,'); el.blur(); });
window.scrollTo(0, 0);
fields.forEach(function (el) { el.focus(); look(el, 'in order,'); });
out.covered = out.covered.slice(0, 8);
return out;`

// TestBrowserFocusClearOfBar: a field that takes the focus is never under
// the sticky bar of buttons (issue 26 item 9: Attacks and To hit wholly
// under it on a phone, Models and Toughness half under it on a desktop).
func TestBrowserFocusClearOfBar(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	t.Cleanup(srv.Close)
	for _, size := range viewports {
		for _, tab := range []string{"odds", "resolve"} {
			t.Run(tab+", "+size.name, func(t *testing.T) {
				must(t, ctx, viewport(size), chromedp.Navigate(srv.URL+"/?"+with(spearmenQuery(), "tab", tab).Encode()))
				waitFor(t, ctx, "the page's script", `return document.getElementById('scenario').noValidate === true && !!document.querySelector('#results h2')`)
				m := eval[struct {
					N       int      `json:"n"`
					Covered []string `json:"covered"`
				}](t, ctx, focusClear)
				if m.N < 20 {
					t.Errorf("%d fields focused, want at least 20", m.N/2)
				}
				for _, c := range m.Covered {
					t.Error(c)
				}
			})
		}
	}
}

// TestNotFoundPage: a browser gets the page's 404, in the site's style
// with a way back; the API's paths, and clients that do not ask for HTML,
// keep the JSON error (issue 26 item 12).
func TestNotFoundPage(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	get := func(path, accept string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", path, nil)
		if accept != "" {
			r.Header.Set("Accept", accept)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	const browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"
	for _, path := range []string{"/nope", "/index.html", "/odds", "/assets/nope.css"} {
		w := get(path, browserAccept)
		body := w.Body.String()
		if w.Code != 404 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
			t.Errorf("%s: %d %s, want 404 text/html", path, w.Code, w.Header().Get("Content-Type"))
		}
		for _, want := range []string{`<meta name="viewport" content="width=device-width, initial-scale=1">`, `<link rel="stylesheet" href="/assets/style.css">`,
			"<h2 id=\"not-found-title\">No page here</h2>", `<code class="path">` + path + `</code>`, `<a href="/" class="button secondary" id="not-found-back">Back to the odds</a>`} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: the page lacks %s", path, want)
			}
		}
	}
	for _, c := range []struct{ path, accept string }{{"/api/nope", browserAccept}, {"/api/odds/extra", browserAccept}, {"/nope", ""}, {"/nope", "application/json"}, {"/nope", "*/*"}, {"/nope", "text/html;q=0"}} {
		got := decode[ErrorBody](t, get(c.path, c.accept), 404)
		if got.Code != "not_found" {
			t.Errorf("%s with Accept %q: %+v", c.path, c.accept, got)
		}
	}
}

// TestBrowserNotFoundPage: the 404 fits a phone (raw JSON was laid out 980
// px wide) and leads back to the page.
func TestBrowserNotFoundPage(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	t.Cleanup(srv.Close)
	long := "/" + strings.Repeat("a-very-long-address-", 12)
	for _, size := range viewports {
		t.Run(size.name, func(t *testing.T) {
			must(t, ctx, viewport(size), chromedp.Navigate(srv.URL+long))
			waitFor(t, ctx, "the 404 page", `return !!document.getElementById('not-found-title')`)
			m := eval[map[string]any](t, ctx, `var back = document.getElementById('not-found-back').getBoundingClientRect();
				return {wide: document.documentElement.scrollWidth, layout: document.documentElement.clientWidth,
					font: getComputedStyle(document.body).fontFamily, back: back.bottom <= window.innerHeight && back.height >= 44,
					tabs: document.querySelectorAll('nav.tabs a').length}`)
			if m["wide"].(float64) > float64(size.width)+1 || m["layout"].(float64) != float64(size.width) {
				t.Errorf("the 404 page is %v px wide (laid out at %v) at %d", m["wide"], m["layout"], size.width)
			}
			if !strings.Contains(m["font"].(string), "system-ui") || m["back"] != true || m["tabs"] != float64(6) {
				t.Errorf("the 404 page: %v", m)
			}
			must(t, ctx, chromedp.Click(chromedp.CSS("#not-found-back")))
			waitFor(t, ctx, "the odds", `return !!document.getElementById('chart-casualties')`)
		})
	}
}

// TestPageErrorNamesField: without JavaScript the summary above the form
// names the field at fault in the form's words, and the field is marked
// with its message beside it (issue 26 item 13).
func TestPageErrorNamesField(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for _, c := range []struct {
		key, value, id, summary, beside string
	}{
		{"a0.strength", "99", "a0-strength", "Attack group 1, Strength: want 1 to 10, got 99", "want 1 to 10, got 99"},
		{"t.toughness", "11", "t-toughness", "Target unit, Toughness: want 1 to 10, got 11", "want 1 to 10, got 11"},
	} {
		w := do(t, h, "GET", "/?"+with(spearmenQuery(), c.key, c.value).Encode(), "", "")
		body := w.Body.String()
		if w.Code != 400 {
			t.Fatalf("%s: status %d", c.key, w.Code)
		}
		for _, want := range []string{`<a href="#` + c.id + `">` + c.summary + `</a>`,
			`id="` + c.id + `" name="` + c.key + `"`, `aria-invalid="true" autocomplete="off" aria-describedby="` + c.id + `-error"`,
			`<p class="error" id="` + c.id + `-error">` + c.beside + `</p>`} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: the page lacks %s", c.key, want)
			}
		}
	}
	// The form is a GET; POST / is refused, and the README says so.
	if w := do(t, h, "POST", "/", "application/x-www-form-urlencoded", "a0.count=1"); w.Code != 405 || w.Header().Get("Allow") != "GET, HEAD" {
		t.Errorf("POST /: %d, Allow %q", w.Code, w.Header().Get("Allow"))
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile("`POST /` answers 405").Match(readme) {
		t.Error("the README's web page section does not say that the form is a GET and POST / answers 405")
	}
}

// TestBrowserErrorNamesField: with JavaScript an invalid value is said,
// with its field, where "updating…" was (the line above the results and
// the one beside the button), and the summary names the field (issue 26
// item 13).
func TestBrowserErrorNamesField(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	t.Cleanup(srv.Close)
	for _, size := range viewports {
		t.Run(size.name, func(t *testing.T) {
			must(t, ctx, viewport(size), chromedp.Navigate(srv.URL+"/"))
			waitFor(t, ctx, "the page's script", `return document.getElementById('scenario').noValidate === true && !!document.getElementById('chart-casualties')`)
			fill(t, ctx, "a0-strength", "99")
			waitFor(t, ctx, "the error said", `return document.getElementById('live').getAttribute('data-state') === 'invalid'`)
			got := eval[map[string]string](t, ctx, `return {live: document.getElementById('live').textContent, short: document.getElementById('live-short').textContent,
				beside: document.getElementById('a0-strength-error').textContent, invalid: document.getElementById('a0-strength').getAttribute('aria-invalid')}`)
			for k, want := range map[string]string{"live": "Not updated: Attack group 1: Strength is a whole number from 1 to 10. ", "short": "Not updated: fix “Strength”", "beside": "Strength is a whole number from 1 to 10", "invalid": "true"} {
				if !strings.Contains(got[k], want) || strings.Contains(got[k], "pdating") {
					t.Errorf("%s says %q, want %q and no “updating”", k, got[k], want)
				}
			}
			if !eval[bool](t, ctx, `var s = document.getElementById('live-short'), r = s.getBoundingClientRect(); return s.checkVisibility() && r.top >= 0 && r.bottom <= window.innerHeight`) {
				t.Error("the line beside the button is not on screen")
			}
			must(t, ctx, chromedp.Click(chromedp.CSS("#submit")))
			waitFor(t, ctx, "the summary", `return !document.getElementById('error-summary').hidden`)
			if s := eval[string](t, ctx, `return document.getElementById('error-summary').textContent`); !strings.Contains(s, "Attack group 1: Strength is a whole number from 1 to 10") {
				t.Errorf("the summary says %q, without the field", s)
			}
			// Fixed, the results follow again.
			fill(t, ctx, "a0-strength", "5")
			waitFor(t, ctx, "the results for Strength 5", `return location.search.includes('a0.strength=5') && document.getElementById('live').hidden && document.getElementById('results').getAttribute('aria-busy') === 'false'`)
		})
	}
}

// TestScenarioFor: the headline says which scenario its numbers are for,
// the example or the player's (issue 26 item 14).
func TestScenarioFor(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for _, c := range []struct{ query, want string }{
		{"", "<strong>The example:</strong> 10 attacks at Strength 4 against 20 Spearmen, Toughness 3"},
		{spearmenQuery().Encode(), "<strong>The example:</strong> 10 attacks at Strength 4 against 20 Spearmen, Toughness 3"},
		{with(spearmenQuery(), "a0.count", "12", "a0.name", "Halberds").Encode(), "<strong>Your scenario:</strong> 12 attacks at Strength 4 (Halberds) against 20 Spearmen, Toughness 3"},
		{with(spearmenQuery(), "a1.count", "1", "a1.to_hit", "3+", "a1.strength", "5", "t.name", "").Encode(), "<strong>Your scenario:</strong> 10 attacks at Strength 4 and 1 attack at Strength 5 against 20 models, Toughness 3"},
		{url2("ruleset", "skirmish", "a0.count", "2D6", "a0.to_hit", "4+", "a0.strength", "3", "t.models", "1", "t.toughness", "4", "t.wounds", "2"), "<strong>Your scenario:</strong> 2D6 attacks at Strength 3 against one model, Toughness 4"},
	} {
		w := do(t, h, "GET", "/?"+c.query, "", "")
		body := w.Body.String()
		if w.Code != 200 {
			t.Fatalf("%s: status %d", c.query, w.Code)
		}
		head := body[strings.Index(body, `id="headline"`):]
		head = head[:strings.Index(head, "</section>")]
		if !strings.Contains(head, c.want) {
			t.Errorf("%s: the headline lacks %s:\n%.600s", c.query, c.want, head)
		}
	}
}

func url2(kv ...string) string {
	return with(nil, kv...).Encode()
}

// TestBrowserPhoneSaysWhichScenario: a phone's first screen says what the
// numbers are for, above them, and follows the form (issue 26 item 14).
func TestBrowserPhoneSaysWhichScenario(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	t.Cleanup(srv.Close)
	must(t, ctx, viewport(viewports[0]), chromedp.Navigate(srv.URL+"/"))
	waitFor(t, ctx, "the page's script", `return document.getElementById('scenario').noValidate === true && !!document.getElementById('chart-casualties')`)
	first := func(want string) {
		t.Helper()
		got := eval[map[string]any](t, ctx, `window.scrollTo(0, 0);
			var p = document.querySelector('#headline .scenario-for'), s = document.querySelector('#headline .stat');
			if (!p) return {text: ''};
			var r = p.getBoundingClientRect(), bar = document.getElementById('actions').getBoundingClientRect();
			return {text: p.textContent, top: r.top, bottom: r.bottom, free: bar.top, above: r.bottom <= s.getBoundingClientRect().top}`)
		if got["text"] != want {
			t.Errorf("the first screen says %q, want %q", got["text"], want)
			return
		}
		if got["top"].(float64) < 0 || got["bottom"].(float64) > got["free"].(float64) || got["above"] != true {
			t.Errorf("the line is not on the first screen above the numbers: %v", got)
		}
	}
	first("The example: 10 attacks at Strength 4 against 20 Spearmen, Toughness 3")
	fill(t, ctx, "a0-count", "12")
	waitFor(t, ctx, "the odds of 12 attacks", `return location.search.includes('a0.count=12') && document.getElementById('results').getAttribute('aria-busy') === 'false' && document.getElementById('live').hidden`)
	first("Your scenario: 12 attacks at Strength 4 against 20 Spearmen, Toughness 3")
}

// TestBrowserEnterWorksItOut: Enter in a field works out the answer, with
// and without JavaScript, as the form's first button did not: it was "Add
// an attack group".
func TestBrowserEnterWorksItOut(t *testing.T) {
	ctx := browser(t)
	h := New(Config{}).Handler()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	bare := httptest.NewServer(noScript(h))
	t.Cleanup(bare.Close)
	for _, size := range viewports {
		for _, base := range []string{srv.URL, bare.URL} {
			how := "with script"
			if base == bare.URL {
				how = "without script"
			}
			t.Run(how+", "+size.name, func(t *testing.T) {
				must(t, ctx, viewport(size), chromedp.Navigate(base+"/"))
				waitFor(t, ctx, "the page", `return document.readyState === 'complete' && !!document.getElementById('chart-casualties')`)
				eval[bool](t, ctx, `document.getElementById('a0-count').value = ''; return true`)
				must(t, ctx, chromedp.SendKeys(chromedp.CSS("#a0-count"), "12"+kb.Enter))
				waitFor(t, ctx, "the odds of 12 attacks", `return location.search.includes('a0.count=12') && document.readyState === 'complete' && document.getElementById('results').getAttribute('aria-busy') === 'false' && !!document.querySelector('#results [data-exact="10/3"]')`)
				if n := eval[int](t, ctx, `return document.querySelectorAll('fieldset.attack').length`); n != 1 {
					t.Errorf("Enter made %d attack groups, want 1", n)
				}
				answerOnScreen(t, ctx, "Enter", "headline", "results-title")
			})
		}
	}
}
