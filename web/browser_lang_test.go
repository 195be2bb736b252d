package web

import (
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserLanguageSwitch: on a phone and a desktop, the switch in the
// header turns the page Russian and back, the form keeping what was typed
// into it (the switch takes the form as it is, not as the page came), and
// what the page's script writes follows (the saved units' bar).
func TestBrowserLanguageSwitch(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	t.Cleanup(srv.Close)
	state := `return [document.documentElement.lang, document.getElementById('a0-strength').value, document.getElementById('t-models').value,
		document.getElementById('submit').textContent, document.querySelector('fieldset.target legend').textContent,
		document.querySelector('fieldset.target details.saved-box summary').textContent]`
	ready := func(lang string) string {
		return fmt.Sprintf(`return document.readyState === 'complete' && document.documentElement.lang === %q &&
			document.getElementById('scenario').noValidate === true && !!document.querySelector('fieldset.target details.saved-box') &&
			document.getElementById('results').getAttribute('aria-busy') === 'false' && !!document.getElementById('results-title')`, lang)
	}
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			must(t, ctx, viewport(vp), chromedp.Navigate(srv.URL+"/?lang=en"))
			waitFor(t, ctx, "the English page", ready("en"))
			fill(t, ctx, "a0-strength", "5")
			fill(t, ctx, "t-models", "15")
			// Clicked at once, before the live update puts them in the URL.
			inView := eval[bool](t, ctx, `var r = document.querySelector('nav.lang a[data-lang="ru"]').getBoundingClientRect();
				return r.width >= 40 && r.right <= window.innerWidth`)
			if !inView {
				t.Errorf("the switch is not on screen, or too small to tap")
			}
			must(t, ctx, chromedp.Click(chromedp.CSS(`nav.lang a[data-lang="ru"]`)))
			waitFor(t, ctx, "the Russian page", ready("ru"))
			got := eval[[]string](t, ctx, state)
			want := []string{"ru", "5", "15", "Показать шансы", "Подразделение-цель", "Сохранённые цели"}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("after the switch to Russian the page holds %q, want %q", got, want)
			}
			// Reloaded without ?lang=, the cookie keeps it Russian.
			must(t, ctx, chromedp.Navigate(srv.URL+"/?a0.strength=6"))
			waitFor(t, ctx, "the Russian page from its cookie", ready("ru"))
			must(t, ctx, chromedp.Click(chromedp.CSS(`nav.lang a[data-lang="en"]`)))
			waitFor(t, ctx, "the English page", ready("en"))
			got = eval[[]string](t, ctx, state)
			want = []string{"en", "6", "20", "Show the odds", "Target unit", "Saved targets"}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("after the switch back to English the page holds %q, want %q", got, want)
			}
		})
	}
}
