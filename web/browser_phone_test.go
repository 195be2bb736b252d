package web

import (
	"fmt"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// phoneText measures every text the page's SVGs draw, as a phone shows
// it: its font size times the scale the SVG is drawn at (its width on the
// screen over its viewBox's). It returns the count measured and the texts
// under 12 px, with their sizes.
const phoneText = `var out = {n: 0, small: [], wide: document.documentElement.scrollWidth};
document.querySelectorAll('#results svg text, #main svg.outcome-bar text').forEach(function (t) {
  if (!t.getClientRects().length) return;
  var svg = t.ownerSVGElement, vb = svg.viewBox.baseVal;
  var scale = vb && vb.width ? svg.getBoundingClientRect().width / vb.width : 1;
  var px = parseFloat(getComputedStyle(t).fontSize) * scale;
  out.n++;
  if (px < 11.95) out.small.push(svg.id + ': ' + t.textContent + ' ' + px.toFixed(1) + 'px');
});
out.small = out.small.slice(0, 5);
return out;`

type phoneMeasure struct {
	N     int      `json:"n"`
	Small []string `json:"small"`
	Wide  int      `json:"wide"`
}

// TestBrowserPhoneText holds every diagram and chart of the page to text
// of at least 12 px on a phone 390 px wide (issue 15 item 4): formation
// diagrams of 5, 10, 20 and 40 files (the wide ones scroll sideways in
// their own region, the page does not), the referee page, the compare
// chart and the Combat tab's charts.
func TestBrowserPhoneText(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	t.Cleanup(srv.Close)
	measure := func(t *testing.T, what, path, ready string, atLeast int) {
		t.Helper()
		must(t, ctx, viewport(phone), chromedp.Navigate(srv.URL+path))
		waitFor(t, ctx, what, ready)
		m := eval[phoneMeasure](t, ctx, phoneText)
		if m.N < atLeast {
			t.Errorf("%s: %d texts measured, want at least %d", what, m.N, atLeast)
		}
		if len(m.Small) > 0 {
			t.Errorf("%s: text under 12 px at 390 px wide: %v", what, m.Small)
		}
		if m.Wide > 391 {
			t.Errorf("%s: the page is %d px wide at 390: it scrolls sideways", what, m.Wide)
		}
	}
	for _, files := range []int{5, 10, 20, 40} {
		t.Run(fmt.Sprintf("formation of %d files", files), func(t *testing.T) {
			// Two ranks, so a rank label and the command group are drawn;
			// the formation after holds fewer models than before.
			q := with(spearmenQuery(), "tab", "resolve", "t.models", strconv.Itoa(2*files), "t.frontage", strconv.Itoa(files), "seed", "7")
			measure(t, "the referee's formations", "/?"+q.Encode(), `return !!document.getElementById('formation-after')`, 2*min(files, 30))
			region := eval[map[string]any](t, ctx, `var r = document.getElementById('formation-before').closest('.formation-scroll');
				return {role: r.getAttribute('role'), label: r.getAttribute('aria-label'), scrolls: r.scrollWidth > r.clientWidth, tab: r.tabIndex}`)
			if region["role"] != "region" || region["label"] == "" || region["tab"] != float64(0) {
				t.Errorf("the diagram's region: %v", region)
			}
			if wide := files >= 10; region["scrolls"] != wide {
				t.Errorf("%d files: the region scrolls %v, want %v", files, region["scrolls"], wide)
			}
		})
	}
	t.Run("staged referee", func(t *testing.T) {
		q := with(spearmenQuery(), "tab", "resolve", "staged", "1", "dice", "6 6 6 6 5 4 4 1 2 3")
		measure(t, "the staged referee", "/?"+q.Encode(), `return !!document.getElementById('formation-before') && !!document.getElementById('more')`, 20)
	})
	t.Run("compare chart", func(t *testing.T) {
		q := with(spearmenQuery(), "tab", "compare", "v1", "attacks[0].strength=6", "v2", "target.toughness=4")
		measure(t, "the compare charts", "/?"+q.Encode(), `return document.querySelectorAll('svg.multichart').length === 2`, 20)
	})
	t.Run("combat", func(t *testing.T) {
		measure(t, "the Combat tab", "/combat", `return !!document.getElementById('outcome-bar')`, 30)
		if n := eval[int](t, ctx, `return document.querySelectorAll('#results svg.chart').length`); n == 0 {
			t.Error("no combat charts measured")
		}
	})
}
