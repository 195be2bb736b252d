package web

import (
	"net/http/httptest"
	"regexp"
	"testing"

	"github.com/chromedp/chromedp"
)

// engineSelectors are the elements of the results that show the engine's
// own sentences and the rules' citations, English until the engine's part
// of issue 25 lands (engineText says which); the integrator removes them
// as they speak Russian.
const engineSelectors = `.steps .text, .batch-result, #tally-wasted, #tally-strength, #results .tally .outcome, .rule, ul.notes`

// resultsWords is the visible text of the page's results, with the
// engine's sentences (engineSelectors) hidden while it is read, and the
// charts' and diagrams' titles and labels, which a screen reader says.
const resultsWords = `var out = document.getElementById('results');
	var hidden = Array.prototype.slice.call(out.querySelectorAll(` + "`" + engineSelectors + "`" + `));
	hidden.forEach(function (e) { e.dataset.display = e.style.display; e.style.display = 'none'; });
	var text = out.innerText;
	hidden.forEach(function (e) { e.style.display = e.dataset.display; });
	out.querySelectorAll('svg title, svg desc, [aria-label]').forEach(function (e) {
		if (!e.closest(` + "`" + engineSelectors + "`" + `)) text += '\n' + (e.getAttribute('aria-label') || e.textContent);
	});
	return text`

// TestBrowserRussianResults opens the page in Russian on a phone and a
// desktop, works out the odds, plays the referee's first stage and rolls
// a combat round, and finds no word in Latin script in what the results
// show but names, dice and codes.
func TestBrowserRussianResults(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	defer srv.Close()
	names := append([]string{"Spearmen", "Elves", "Men"}, titleNames()...)
	enemy := regexp.MustCompile(`По противнику: [^\n]*`) // a combat step's batch_end event
	checkShown := func(t *testing.T, what string) {
		t.Helper()
		text := enemy.ReplaceAllString(eval[string](t, ctx, resultsWords), "")
		if w := latinIn(text, names); len(w) > 0 {
			t.Errorf("%s in Russian shows words in Latin script: %q", what, w)
		}
		if m := regexp.MustCompile(`[0-9]+\.[0-9]+ ?%`).FindAllString(text, 3); m != nil {
			t.Errorf("%s in Russian shows a decimal point: %q", what, m)
		}
	}
	ready := `return document.readyState === 'complete'`
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			// The language as the page's switch leaves it: ?lang=ru, and
			// the cookie that keeps it for the script's requests.
			must(t, ctx, viewport(vp), chromedp.Navigate(srv.URL+"/?lang=ru"))
			waitFor(t, ctx, "the page", ready)
			eval[bool](t, ctx, `document.cookie = '`+langCookie+`=ru; path=/'; return true`)
			press(t, ctx, "#submit")
			waitFor(t, ctx, "the odds", `var h = document.getElementById('results-title');
				return !!h && h.textContent.indexOf('Шансы') === 0 && !document.getElementById('results').classList.contains('stale')`)
			checkShown(t, "the odds")

			// The referee, stage by stage: the language stays (the cookie).
			must(t, ctx, chromedp.Navigate(srv.URL+"/?tab=resolve&staged=1"))
			waitFor(t, ctx, "the referee's first stage", `var h = document.getElementById('next-stage-title');
				return document.readyState === 'complete' && !!h && h.textContent.indexOf('Далее: Группа атак 1: на попадание') === 0`)
			fill(t, ctx, "more", "6 6 6 6 5 4 4 1 2 3")
			press(t, ctx, "#stage-submit")
			waitFor(t, ctx, "the referee's second stage", `var h = document.getElementById('next-stage-title');
				return !!h && h.textContent.indexOf('на ранение') > 0`)
			checkShown(t, "the referee")

			// A combat round rolled again.
			must(t, ctx, chromedp.Navigate(srv.URL+"/combat"))
			waitFor(t, ctx, "the combat", `return document.readyState === 'complete' && !!document.getElementById('outcome-bar')`)
			press(t, ctx, "#combat-reroll")
			waitFor(t, ctx, "a new round", `return location.search.indexOf('seed=') >= 0 && !!document.getElementById('combat-round') &&
				document.getElementById('combat-round').textContent.indexOf('Один раунд') === 0`)
			checkShown(t, "the combat")
		})
	}
}
