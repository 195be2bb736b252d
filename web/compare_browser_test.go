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

// TestBrowserCompareVariants sets profiles against each other in the
// browser (issue 15 item 3), on a desktop and a phone: the page's
// spearmen charged by ten S4 attacks, and three variants built through
// their own forms: attack group 1 at S6 (great weapons), the target in
// heavy armour, and attack group 1 hitting on 3+. A fourth is added and
// removed. The table and the charts are checked against the API.
func TestBrowserCompareVariants(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	defer srv.Close()
	for _, vp := range desktopFirst {
		t.Run(vp.name, func(t *testing.T) {
			q := with(spearmenQuery(), "tab", "compare")
			must(t, ctx, viewport(vp), chromedp.Navigate(srv.URL+"/?"+q.Encode()),
				chromedp.WaitVisible(chromedp.CSS(`button[name="dup"][value="t"]`)))
			text := func(n string) string { return eval[string](t, ctx, `return document.getElementById('v-`+n+`').value`) }
			dup := func(what, ready string) {
				t.Helper()
				must(t, ctx, chromedp.Click(chromedp.CSS(`button[name="dup"][value="`+what+`"]`)))
				waitFor(t, ctx, "the duplicate's form", `return !!document.getElementById('`+ready+`')`)
			}

			dup("a0", "v1-a0-strength")
			if got := eval[string](t, ctx, `return document.getElementById('v1-a0-strength').value + ' ' + document.getElementById('v1-a0-to-hit').value`); got != "4 4+" {
				t.Errorf("variant 1's form is prefilled with %q, want the main form's 4 4+", got)
			}
			fill(t, ctx, "v1-a0-strength", "6")
			fill(t, ctx, "vl-1", "Great weapons")
			if got := eval[string](t, ctx, `return document.querySelector('.variant-row[data-row="1"] legend').textContent`); got != "Variant 1: Great weapons" {
				t.Errorf("renamed, variant 1's legend says %q", got)
			}
			if got := text("1"); got != "attacks[0].strength=6" {
				t.Errorf("variant 1's changes are %q", got)
			}

			// The server lays out the next form; variant 1 comes back.
			dup("t", "v2-t-armour")
			if got := text("1") + " / " + eval[string](t, ctx, `return document.getElementById('vl-1').value`); got != "attacks[0].strength=6 / Great weapons" {
				t.Errorf("the round trip gave variant 1 as %q", got)
			}
			if n := eval[int](t, ctx, `return document.querySelectorAll('.variant-row[data-row="2"] [name^="v2.a0."]').length`); n != 0 {
				t.Errorf("the target's variant shows %d fields of the attack", n)
			}
			choose(t, ctx, "v2-t-armour", "heavy")
			fill(t, ctx, "vl-2", "Heavy armour")
			if got := text("2"); got != "target.armour=heavy" {
				t.Errorf("variant 2's changes are %q", got)
			}

			dup("a0", "v3-a0-to-hit")
			fill(t, ctx, "v3-a0-to-hit", "3+")
			fill(t, ctx, "vl-3", "Veterans")
			// A change in the main form reaches the fields a variant left
			// alone, and its own change stays.
			fill(t, ctx, "a0-strength", "5")
			waitFor(t, ctx, "variant 3 to follow the main form's strength of 5, variant 1 to keep its 6", `return document.getElementById('v3-a0-strength').value + ' ' + document.getElementById('v1-a0-strength').value === '5 6'`)
			fill(t, ctx, "a0-strength", "4")
			waitFor(t, ctx, "variant 3's strength back to 4", `return document.getElementById('v3-a0-strength').value === '4'`)
			// The changes as text fill the form.
			unfold(t, ctx, "v-3")
			fill(t, ctx, "v-3", "attacks[0].to_hit=3+, attacks[0].hit_modifier=1")
			if got := eval[string](t, ctx, `return document.getElementById('v3-a0-hit-modifier').value`); got != "1" {
				t.Errorf("the text did not fill the form: hit modifier %q", got)
			}
			fill(t, ctx, "v3-a0-hit-modifier", "")
			if got := text("3"); got != "attacks[0].to_hit=3+" {
				t.Errorf("variant 3's changes are %q", got)
			}

			// A fourth, removed again.
			dup("t", "v4-t-toughness")
			must(t, ctx, chromedp.Click(chromedp.CSS(`button[name="vdel"][value="4"]`)))
			waitFor(t, ctx, "three variants again", `return document.querySelectorAll('.variant-row').length === 3 && !document.getElementById('v4-t-toughness')`)

			must(t, ctx, chromedp.Click(chromedp.CSS("#submit")))
			waitFor(t, ctx, "four columns", `return document.querySelectorAll('table.compare thead th').length === 5 && location.search.includes('v3=') && document.getElementById('results').getAttribute('aria-busy') === 'false'`)
			if loc := eval[string](t, ctx, `return location.search`); strings.Contains(loc, "v1.a0") {
				t.Errorf("the URL holds the forms' fields: %s", loc)
			}
			// 10 x 1/2 to hit: S4 against T3 3+ and a 6+ save, 25/9; S6 2+
			// and no save, 25/6; heavy armour and a shield save on 5+
			// against S4, 20/9; hitting on 3+, 10 x 2/3 x 2/3 x 5/6 = 100/27
			// (RULES.md 5, 6.1, 7.1).
			heads := eval[[]string](t, ctx, `return [...document.querySelectorAll('table.compare thead th')].slice(1).map(c => c.textContent)`)
			if strings.Join(heads, "|") != "As in the form|Great weapons|Heavy armour|Veterans" {
				t.Errorf("the columns are %v", heads)
			}
			cells := eval[[]string](t, ctx, `return [...document.querySelectorAll('table.compare tbody tr:first-child td')].map(c => c.dataset.exact)`)
			if strings.Join(cells, " ") != "25/9 25/6 20/9 100/27" {
				t.Errorf("expected casualties %v, want 25/9 25/6 20/9 100/27", cells)
			}
			marks := eval[[]string](t, ctx, `return [...document.querySelectorAll('table.compare tbody tr:first-child td')].map(c => c.className)`)
			if strings.Join(marks, "|") != "|diff up|diff down|diff up" {
				t.Errorf("the differences are marked %q", marks)
			}
			for _, chart := range []string{"chart-compare-exactly", "chart-compare-at-least"} {
				colours := eval[[]string](t, ctx, `return [...document.querySelectorAll('#`+chart+` polyline')].map(p => p.getAttribute('stroke'))`)
				seen := map[string]bool{}
				for _, c := range colours {
					seen[c] = true
				}
				if len(colours) != 4 || len(seen) != 4 {
					t.Errorf("%s: line colours %v, want four different", chart, colours)
				}
			}

			// The API gives the same means for the page's scenario and
			// the variants' changes in its URL.
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
			sets, _ := json.Marshal([]string{u.Query().Get("v1"), u.Query().Get("v2"), u.Query().Get("v3")})
			body := `{"scenario": ` + string(scen) + `, "sets": ` + string(sets) + `, "exact": true}`
			resp, err := http.Post(srv.URL+"/api/compare", "application/json", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var api []compareNotesJSON
			if err := json.NewDecoder(resp.Body).Decode(&api); err != nil || len(api) != 4 {
				t.Fatalf("the API: %v %+v", err, api)
			}
			for i, e := range api {
				if meanOf(e) != cells[i] {
					t.Errorf("column %d: the API says %v, the page %s", i, meanOf(e), cells[i])
				}
			}
			// No chart text under 12 px (issue 15 item 4).
			if m := eval[phoneMeasure](t, ctx, phoneText); len(m.Small) > 0 {
				t.Errorf("chart text under 12 px: %v", m.Small)
			}
			screenshot(t, ctx, "compare-variants-"+vp.name, vp.width, vp.height)
		})
	}
}
