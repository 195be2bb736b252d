package web

import (
	"net/http/httptest"
	"regexp"
	"testing"

	"github.com/chromedp/chromedp"
)

// notWords are the elements whose text is not the page's words: code
// and the file boxes (a scenario's field names and values are a contract,
// English in every language) and the switch's own "English".
const notWords = `code, pre, textarea, nav.lang`

// pageWords is the page's visible text, without notWords, and the titles
// and labels a screen reader says (the charts' and diagrams' too).
const pageWords = `var out = document.body;
	var hidden = Array.prototype.slice.call(out.querySelectorAll(` + "`" + notWords + "`" + `));
	hidden.forEach(function (e) { e.dataset.display = e.style.display; e.style.display = 'none'; });
	var text = out.innerText;
	hidden.forEach(function (e) { e.style.display = e.dataset.display; });
	out.querySelectorAll('svg title, svg desc, [aria-label], [title], [placeholder]').forEach(function (e) {
		var said = e.getAttribute('aria-label') || e.getAttribute('title') || e.getAttribute('placeholder') || e.textContent;
		// a placeholder of paths and values ("attacks[0].strength=5") is a
		// file's words, not the page's
		if (!e.closest(` + "`" + notWords + "`" + `) && !/[=\[]/.test(said)) text += '\n' + said;
	});
	// addresses ("/api/openapi.json") are not words
	return text.replace(/\S*\/\S*/g, ' ')`

// TestBrowserRussianResults switches the page to Russian with its switch
// on a phone and a desktop, works out the odds, plays the referee's first
// stage and rolls a combat round, and finds no word in Latin script in
// the whole page, results and form, but names, dice and codes (issue 25).
func TestBrowserRussianResults(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	defer srv.Close()
	// Names, the games' own, and what a file or a program writes: "auto"
	// (to_hit: auto), the API and its POST.
	names := append([]string{"Spearmen", "Elves", "Men", "rearrank", "auto", "API", "POST"}, titleNames()...)
	checkShown := func(t *testing.T, what string) {
		t.Helper()
		text := eval[string](t, ctx, pageWords)
		if w := latinIn(text, names); len(w) > 0 {
			t.Errorf("%s in Russian shows words in Latin script: %q", what, w)
		}
		if m := regexp.MustCompile(`[0-9]+\.[0-9]+ ?%`).FindAllString(text, 3); m != nil {
			t.Errorf("%s in Russian shows a decimal point: %q", what, m)
		}
	}
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			// English first, then the switch: it keeps the scenario and
			// leaves the cookie that keeps the language for the pages after.
			// ?lang=en, since the run before left that cookie: a page
			// already in Russian passed the wait below while the switch's
			// navigation was still on its way, and #submit was gone.
			must(t, ctx, viewport(vp), chromedp.Navigate(srv.URL+"/?lang=en"))
			waitFor(t, ctx, "the page in English", `return document.readyState === 'complete' && document.documentElement.lang === 'en'`)
			press(t, ctx, `nav.lang a[data-lang="ru"]`)
			waitFor(t, ctx, "the page in Russian", `return document.readyState === 'complete' && document.documentElement.lang === 'ru' && !!document.getElementById('submit')`)
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
