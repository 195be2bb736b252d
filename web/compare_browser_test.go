package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserCompareVariants sets three profiles against each other in
// the browser (issue 15 item 3): the page's spearmen charged by ten S4
// attacks, the same with S6 (great weapons), and against T4. It
// duplicates the attack group in the page (compare.js) and the target
// through the server (the no-JavaScript path), checks the table against
// the API, and the charts' text at a phone's width.
func TestBrowserCompareVariants(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	defer srv.Close()
	q := with(spearmenQuery(), "tab", "compare")
	must(t, ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(srv.URL+"/?"+q.Encode()), chromedp.WaitVisible(chromedp.CSS("#v-1")))

	must(t, ctx, chromedp.Click(chromedp.CSS(`button[name="dup"][value="a0"]`)))
	if got := eval[string](t, ctx, `return document.getElementById('v-1').value`); !strings.HasPrefix(got, "attacks[0].count=10, ") || !strings.Contains(got, "attacks[0].to_hit=4+, attacks[0].strength=4") {
		t.Errorf("duplicating attack group 1 filled %q", got)
	}
	fill(t, ctx, "vl-1", "Great weapons")
	fill(t, ctx, "v-1", "attacks[0].strength=6")

	// No empty row is left: the server adds the row and sends the page back.
	must(t, ctx, chromedp.Click(chromedp.CSS(`button[name="dup"][value="t"]`)))
	waitFor(t, ctx, "the target's row", `var v = document.getElementById('v-2'); return !!v && v.value.includes('target.toughness=3')`)
	if got := eval[string](t, ctx, `return document.getElementById('v-1').value`); got != "attacks[0].strength=6" {
		t.Errorf("the round trip lost row 1: %q", got)
	}
	fill(t, ctx, "vl-2", "Tougher")
	fill(t, ctx, "v-2", "target.toughness=4")
	must(t, ctx, chromedp.Click(chromedp.CSS("#submit")))
	waitFor(t, ctx, "three columns", `return document.querySelectorAll('table.compare thead th').length === 4 && location.search.includes('v2=') && document.getElementById('results').getAttribute('aria-busy') === 'false'`)

	// 10 x 1/2 to hit: S4 against T3 3+ and a 6+ save, 25/9; S6 2+ and no
	// save, 25/6; S4 against T4 4+ and a 6+ save, 25/12 (RULES.md 6.1, 7.1).
	cells := eval[[]string](t, ctx, `return [...document.querySelectorAll('table.compare tbody tr:first-child td')].map(c => c.dataset.exact)`)
	if strings.Join(cells, " ") != "25/9 25/6 25/12" {
		t.Errorf("expected casualties %v, want 25/9 25/6 25/12", cells)
	}
	marks := eval[[]string](t, ctx, `return [...document.querySelectorAll('table.compare tbody tr:first-child td')].map(c => c.className)`)
	if strings.Join(marks, "|") != "|diff up|diff down" {
		t.Errorf("the differences are marked %q", marks)
	}
	colours := eval[[]string](t, ctx, `return [...document.querySelectorAll('#chart-compare-exactly polyline')].map(p => p.getAttribute('stroke'))`)
	if len(colours) != 3 || colours[0] == colours[1] || colours[1] == colours[2] || colours[0] == colours[2] {
		t.Errorf("line colours %v, want three different", colours)
	}

	// The API gives the same means for the page's scenario and changes.
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(loc)
	file, err := parseForm(u.Query()).scenario()
	if err != nil {
		t.Fatal(err)
	}
	scen, _ := json.Marshal(file)
	body := `{"scenario": ` + string(scen) + `, "sets": ["attacks[0].strength=6", "target.toughness=4"], "exact": true}`
	resp, err := http.Post(srv.URL+"/api/compare", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var api []compareNotesJSON
	if err := json.NewDecoder(resp.Body).Decode(&api); err != nil || len(api) != 3 {
		t.Fatalf("the API: %v %+v", err, api)
	}
	for i, e := range api {
		if meanOf(e) != cells[i] {
			t.Errorf("column %d: the API says %v, the page %s", i, meanOf(e), cells[i])
		}
	}

	screenshot(t, ctx, "compare-variants-desktop", 1280, 900)
	// At a phone's width the charts' text stays at least 12 px (issue 15
	// item 4): the rendered size is the font size times the SVG's scale.
	must(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	smallest := eval[float64](t, ctx, `var min = 99;
		document.querySelectorAll('svg.multichart').forEach(function (svg) {
			var scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
			svg.querySelectorAll('text').forEach(function (t) {
				min = Math.min(min, parseFloat(getComputedStyle(t).fontSize) * scale);
			});
		});
		return min`)
	if smallest < 12 {
		t.Errorf("the compare charts' smallest text is %.1f px at 390 px wide", smallest)
	}
	screenshot(t, ctx, "compare-variants-phone", 390, 844)
}
