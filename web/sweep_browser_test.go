package web

import (
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserSweep sweeps the Odds form's Strength from the Sweep group, on
// a desktop and a phone and in Russian: the chart and the table come under
// the group without leaving the page, the chart fits the screen's width,
// and the table's S4 row is the form's own odds (10 attacks at T3 in light
// armour and shield: 25/9 = 2.78 casualties, rules 6.1 and 7.1).
func TestBrowserSweep(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	defer srv.Close()
	for _, vp := range []struct {
		screenSize
		lang, mean, head string
	}{{desktop, "en", "2.78", "mean casualties"}, {phone, "en", "2.78", "mean casualties"}, {screenSize{"russian", 390, 844}, "ru", "2,78", "потери в среднем"}} {
		t.Run(vp.name, func(t *testing.T) {
			q := defaultForm().values()
			q.Set("lang", vp.lang)
			must(t, ctx, viewport(vp.screenSize), chromedp.Navigate(srv.URL+"/?"+q.Encode()),
				chromedp.WaitReady(chromedp.CSS("#sweep-group")))
			eval[bool](t, ctx, `document.getElementById('sweep-group').open = true; return true`)
			choose(t, ctx, "sweep-path", "attacks[0].strength")
			fill(t, ctx, "sweep-from", "3")
			fill(t, ctx, "sweep-to", "5")
			url := eval[string](t, ctx, `return location.href`)
			must(t, ctx, chromedp.Click(chromedp.CSS("#sweep-submit")), chromedp.WaitVisible(chromedp.CSS("#sweep-chart")), chromedp.WaitVisible(chromedp.CSS("#sweep-table")))
			if got := eval[string](t, ctx, `return location.href`); got != url {
				t.Errorf("the sweep left the page for %s", got)
			}
			rows := eval[[]string](t, ctx, `return [...document.querySelectorAll('#sweep-table tbody tr')].map(r => [...r.cells].map(c => c.textContent).slice(0, 2).join(' '))`)
			if len(rows) != 3 || rows[1] != "4 "+vp.mean {
				t.Errorf("the table's rows begin %q; want 3, the second 4 %s", rows, vp.mean)
			}
			if got := eval[string](t, ctx, `return document.querySelectorAll('#sweep-table thead th')[1].textContent`); got != vp.head {
				t.Errorf("the table's second column is %q, want %q", got, vp.head)
			}
			w := eval[float64](t, ctx, `return document.getElementById('sweep-chart').getBoundingClientRect().width`)
			if w < 200 || w > float64(vp.width) {
				t.Errorf("the chart is %v px wide at a viewport of %d", w, vp.width)
			}
			if over := eval[int](t, ctx, "return document.documentElement.scrollWidth"); over > int(vp.width)+1 {
				t.Errorf("the page is %d px wide at a viewport of %d: it scrolls sideways", over, vp.width)
			}
			if n := eval[int](t, ctx, `return document.querySelectorAll('#sweep-chart g.point').length`); n != 3*5 {
				t.Errorf("the chart has %d points, want 15 (3 values; the mean, at least 1, 3 and 4, destroyed: melee takes no panic test)", n)
			}
			screenshot(t, ctx, "sweep-"+vp.name, vp.width, vp.height)
		})
	}
	// The Combat tab: side a's Strength in the example.
	t.Run("combat", func(t *testing.T) {
		must(t, ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(srv.URL+"/combat"), chromedp.WaitReady(chromedp.CSS("#sweep-group")))
		eval[bool](t, ctx, `document.getElementById('sweep-group').open = true; return true`)
		choose(t, ctx, "sweep-path", "sides.a.fights[0].strength")
		fill(t, ctx, "sweep-from", "2")
		fill(t, ctx, "sweep-to", "4")
		must(t, ctx, chromedp.Click(chromedp.CSS("#sweep-submit")), chromedp.WaitVisible(chromedp.CSS("#sweep-table")))
		if n := eval[int](t, ctx, `return document.querySelectorAll('#sweep-table tbody tr').length`); n != 3 {
			t.Errorf("%d rows, want 3", n)
		}
		if n := eval[int](t, ctx, `return document.querySelectorAll('#sweep-chart [data-series="win"]').length`); n < 3 {
			t.Errorf("the chart draws %d of side a's wins, want 3 points and a line", n)
		}
	})
}
