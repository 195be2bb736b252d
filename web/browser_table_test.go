package web

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserTable drives the referee stage by stage and the Combat tab in
// headless Chromium, at desktop and phone width, with the helpers of
// browser_test.go; screenshots go where screenshotDir says.
func TestBrowserTable(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	t.Cleanup(srv.Close)

	for _, vp := range desktopFirst {
		t.Run("staged referee "+vp.name, func(t *testing.T) {
			start := with(spearmenQuery(), "tab", "resolve", "staged", "1")
			must(t, ctx, viewport(vp), chromedp.Navigate(srv.URL+"/?"+start.Encode()),
				chromedp.WaitVisible(chromedp.CSS("#more")))
			stage := func(faces, want string) {
				t.Helper()
				fill(t, ctx, "more", faces)
				must(t, ctx, chromedp.Click(chromedp.CSS("#stage-submit")))
				waitFor(t, ctx, want, fmt.Sprintf(`return [...document.querySelectorAll('#results .stage-summary')].some(e => e.textContent === %q) && document.getElementById('results').getAttribute('aria-busy') === 'false'`, want))
			}
			// 4+ to hit (RULES.md 5), S4 on T3 wounds on 3+ (6.1), light
			// armour and shield save on 6+ against S4 (7.1).
			stage("6 6 6 6 5 4 4 1 2 3", "7 of 10 hit on 4+")
			waitFor(t, ctx, "seven wound dice asked", `return document.getElementById('next-stage-title').textContent.includes('to wound') && document.querySelector('label[for=more]').textContent.includes('Roll 7 D6 dice') && location.search.includes('dice=')`)
			stage("3 3 6 5 1 2 2", "4 of 7 wound on 3+")
			must(t, ctx, chromedp.Click(chromedp.CSS("#stage-undo")))
			waitFor(t, ctx, "the wounds undone", `return !!document.getElementById('more') && document.querySelector('label[for=more]').textContent.includes('Roll 7 D6 dice') && document.querySelectorAll('#results .stage-done').length === 1 && new URLSearchParams(location.search).get('dice') === '6 6 6 6 5 4 4 1 2 3'`)
			stage("3 3 6 5 1 2 2", "4 of 7 wound on 3+")
			stage("6 1 1 2", "1 of 4 saved on 6+")
			waitFor(t, ctx, "three casualties", `return !!document.getElementById('referee-done') && document.getElementById('tally-casualties').textContent === '3' && document.getElementById('dice').value === '6 6 6 6 5 4 4 1 2 3 3 3 6 5 1 2 2 6 1 1 2'`)
			if n := eval[int](t, ctx, `return document.querySelectorAll('#formation-before g.removed').length`); n != 3 {
				t.Errorf("%d removed models marked, want 3", n)
			}
			screenshot(t, ctx, "referee-staged-"+vp.name, vp.width, vp.height)
			// Back goes to the stage before.
			must(t, ctx, chromedp.NavigateBack())
			waitFor(t, ctx, "back to the saves", `return !!document.getElementById('more') && document.querySelector('label[for=more]').textContent.includes('Roll 4 D6 dice')`)
		})

		t.Run("combat "+vp.name, func(t *testing.T) {
			must(t, ctx, viewport(vp), chromedp.Navigate(srv.URL+"/combat"),
				chromedp.WaitVisible(chromedp.CSS("#outcome-bar")))
			// E120 (RULES.md 21.13): the Elves win 290507921/764411904.
			win := eval[string](t, ctx, `return document.querySelector('#combat-outcomes .value').dataset.exact`)
			if win != "290507921/764411904" {
				t.Errorf("Elves win %s, want 290507921/764411904", win)
			}
			if n := eval[int](t, ctx, `return document.querySelectorAll('#results .combat-step svg.formation').length`); n != 4 {
				t.Errorf("%d formations after the steps, want 4 (two steps, two sides)", n)
			}
			// No chart text under 12 px, on a phone as on a desktop
			// (issue 15 item 4; TestBrowserPhoneText measures the rest).
			if small := eval[[]string](t, ctx, smallText); len(small) > 0 {
				t.Errorf("text under 12 px in the combat charts: %v", small)
			}
			screenshot(t, ctx, "combat-"+vp.name, vp.width, vp.height)
			choose(t, ctx, "example", "combat-horde")
			must(t, ctx, chromedp.Click(chromedp.CSS("#combat-load")))
			// The link is the form's, and the text box its file (issue 26 item 10).
			waitFor(t, ctx, "the horde", `return location.search.includes('a.u.name=Clanrats') && document.getElementById('file').value.includes('name: Clanrats') && !!document.getElementById('outcome-bar')`)
			seedBefore := eval[string](t, ctx, `return document.getElementById('combat-round').textContent`)
			must(t, ctx, chromedp.Click(chromedp.CSS("#combat-reroll")))
			waitFor(t, ctx, "a new round", `return location.search.includes('seed=') && !!document.getElementById('combat-round')`)
			if after := eval[string](t, ctx, `return document.getElementById('combat-round').textContent`); !strings.HasPrefix(after, "One round, rolled with seed") {
				t.Errorf("after roll again: %q (before %q)", after, seedBefore)
			}
			// A mistake in the file is placed beside the textarea.
			eval[bool](t, ctx, `var f = document.getElementById('file'); f.value = f.value.replace(/leadership: \d+/, 'leadership: eight'); return true`)
			must(t, ctx, chromedp.Click(chromedp.CSS("#combat-submit")))
			waitFor(t, ctx, "the file's error", `var e = document.getElementById('file-error'); return !!e && !e.hidden && e.textContent.includes('leadership') && document.getElementById('file').getAttribute('aria-invalid') === 'true'`)
		})
	}
}

// smallText lists the texts of the results' SVGs rendered under 12 px.
const smallText = `var out = [];
document.querySelectorAll('#results svg.chart text, #results svg.outcome-bar text').forEach(function (t) {
  var svg = t.ownerSVGElement; var box = svg.getBoundingClientRect();
  var vb = svg.viewBox.baseVal; var scale = vb && vb.width ? box.width / vb.width : 1;
  var px = parseFloat(getComputedStyle(t).fontSize) * scale;
  if (t.getClientRects().length && px < 11.95) out.push(t.textContent + ' ' + px.toFixed(1) + 'px');
});
return out.slice(0, 5);`
