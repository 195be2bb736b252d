package web

import (
	"context"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// e120With is the exact chance that side a wins E120 (RULES.md 21.13)
// with the form's fields changed, as the server works it out from the
// form's file.
func e120With(t *testing.T, set url.Values) string {
	t.Helper()
	file, _ := exampleFile(defaultCombatExample)
	f, _, err := fromCombatFile([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	q := f.values()
	for k, v := range set {
		q[k] = v
	}
	text, err := parseCombatForm(q).fileText()
	if err != nil {
		t.Fatal(err)
	}
	return exactReport(t, "E120 changed", text).AWins.RatString()
}

// TestBrowserCombatForm: the Combat tab is a form like the odds tab's
// (issue 26 item 10). A field typed in marks the answer out of date at
// once and brings the new one; the text box follows with the form's
// file; a fight is added in place; a saved unit, from the odds tab or
// saved here with its fights, is used as either side; at phone and
// desktop widths.
func TestBrowserCombatForm(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	defer srv.Close()
	strength5 := e120With(t, url.Values{"a.f0.strength": {"5"}})
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			must(t, ctx, viewport(vp), chromedp.Navigate(srv.URL+"/combat"),
				chromedp.WaitVisible(chromedp.CSS("#outcome-bar")))
			eval[bool](t, ctx, `localStorage.removeItem('rearrank.units'); return true`)
			win := `return document.querySelector('#combat-outcomes .value').dataset.exact`
			if got := eval[string](t, ctx, win); got != "290507921/764411904" {
				t.Fatalf("Elves win %s, want E120's 290507921/764411904", got)
			}
			if got := eval[string](t, ctx, `return (document.getElementById('a-u-name') || {}).value + ' ' + (document.getElementById('b-f0-initiative') || {}).value`); got != "Elves 3" {
				t.Errorf("the form holds %q, want E120's Elves and the Men's Initiative 3", got)
			}

			// Live: the answer is marked out of date, then replaced.
			fill(t, ctx, "a-f0-strength", "5")
			if !eval[bool](t, ctx, `return document.getElementById('results').classList.contains('stale') || document.getElementById('live').dataset.state === 'stale' || document.querySelector('#combat-outcomes .value').dataset.exact !== '290507921/764411904'`) {
				t.Error("no out-of-date mark after typing")
			}
			waitFor(t, ctx, "the answer for Strength 5", `var v = document.querySelector('#combat-outcomes .value');
				return !!v && v.dataset.exact === '`+strength5+`' && !document.getElementById('results').classList.contains('stale')`)
			waitFor(t, ctx, "the link and the file of the form", `return location.search.includes('a.f0.strength=5') &&
				(document.getElementById('file') || {}).value.includes('{attacks: 1, initiative: 5, ws: 4, strength: 5}')`)

			// After the button, the answer's headline is on screen.
			eval[bool](t, ctx, `window.scrollTo(0, 0); return true`)
			press(t, ctx, "#combat-submit")
			waitFor(t, ctx, "the headline on screen", `var h = document.getElementById('results-title'); if (!h) return false;
				var r = h.getBoundingClientRect(); return r.top >= -1 && r.bottom <= window.innerHeight`)

			// A fight added in place, a copy of the side's last.
			press(t, ctx, `button[name="add"][value="b"]`)
			waitFor(t, ctx, "a second fight for side b", `var i = document.getElementById('b-f1-initiative'); return !!i && i.value === '3' && location.search.includes('b.f1.attacks=1')`)

			// A target saved on the odds tab is side b's unit; side b
			// keeps its fights.
			eval[bool](t, ctx, `localStorage.setItem('rearrank.units', JSON.stringify({target: {Ogres: {ruleset: 'whfb8',
				fields: {name: 'Ogres', models: '6', frontage: '3', toughness: '4', wounds: '3', ws: '3', armour: 'heavy'}}}}));
				location.reload(); return true`)
			must(t, ctx, chromedp.WaitVisible(chromedp.CSS("#outcome-bar")))
			waitFor(t, ctx, "the saved list", `var s = document.getElementById('saved-b-list'); return !!s && s.options.length === 2`)
			choose(t, ctx, "saved-b-list", "Ogres")
			waitFor(t, ctx, "the Ogres as side b", `return (document.getElementById('b-u-name') || {}).value === 'Ogres' && (document.getElementById('b-u-toughness') || {}).value === '4' &&
				!!document.getElementById('b-f1-attacks') && document.querySelector('#results .combat-side h3:last-of-type') !== null &&
				document.getElementById('results').textContent.includes('b: Ogres')`)
			ogres := e120With(t, url.Values{"a.f0.strength": {"5"}, "b.u.name": {"Ogres"}, "b.u.models": {"6"}, "b.u.frontage": {"3"},
				"b.u.toughness": {"4"}, "b.u.wounds": {"3"}, "b.u.ws": {"3"}, "b.u.armour": {"heavy"},
				"b.f1.attacks": {"1"}, "b.f1.initiative": {"3"}, "b.f1.ws": {"3"}, "b.f1.strength": {"3"}})
			if got := eval[string](t, ctx, win); got != ogres {
				t.Errorf("Elves against the saved Ogres win %s, want %s", got, ogres)
			}

			// Side a saved here, with its fights, and used as side b.
			fill(t, ctx, "saved-a-name", "Elf guard")
			press(t, ctx, "#saved-a-save")
			waitFor(t, ctx, "the saved Elves in side b's list", `return [...document.getElementById('saved-b-list').options].some(o => o.value === 'Elf guard')`)
			choose(t, ctx, "saved-b-list", "Elf guard")
			waitFor(t, ctx, "the Elves as side b", `return (document.getElementById('b-u-name') || {}).value === 'Elves' && (document.getElementById('b-f0-initiative') || {}).value === '5' &&
				(document.getElementById('b-f0-strength') || {}).value === '5' && !document.getElementById('b-f1-attacks') && (document.getElementById('b-leadership') || {}).value === '8'`)
			mirror := e120With(t, url.Values{"a.f0.strength": {"5"}, "b.u.name": {"Elves"}, "b.u.ws": {"4"},
				"b.f0.initiative": {"5"}, "b.f0.ws": {"4"}, "b.f0.strength": {"5"}, "b.leadership": {"8"}})
			if got := eval[string](t, ctx, win); got != mirror {
				t.Errorf("Elves against Elves win %s, want %s", got, mirror)
			}

			// Another ruleset: its fields and its words, and its answer.
			choose(t, ctx, "ruleset", "t9a")
			waitFor(t, ctx, "t9a's words and answer", `var l = [...document.querySelectorAll('label[for="a-f0-initiative"] span')].filter(s => !s.hidden);
				return l.length === 1 && l[0].textContent === 'Agility' && !document.getElementById('a-u-armour-value').disabled &&
				document.getElementById('a-u-armour').disabled && document.querySelector('#results-title .sub').textContent.startsWith('The 9th Age: Fantasy Battles (2nd edition), ')`)

			// A file pasted in the box fills the form.
			horde, _ := exampleFile("combat-horde")
			eval[bool](t, ctx, `document.getElementById('combat-file').open = true; (document.getElementById('file') || {}).value = `+jsString(horde)+`; return true`)
			press(t, ctx, "#combat-fromfile")
			waitFor(t, ctx, "the horde in the form", `return (document.getElementById('a-u-name') || {}).value === 'Clanrats' && (document.getElementById('a-u-frontage') || {}).value === '10' &&
				location.search.includes('a.u.name=Clanrats') && !!document.getElementById('outcome-bar')`)
			screenshot(t, ctx, "combat-form-"+vp.name, vp.width, vp.height)
		})
	}
}

// press clicks a button as a person would, with it in the middle of the
// screen (not under the sticky bar of buttons).
func press(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	eval[bool](t, ctx, `document.querySelector(`+jsString(sel)+`).scrollIntoView({block: 'center'}); return true`)
	must(t, ctx, chromedp.Click(chromedp.CSS(sel)))
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "`", "\\`", "$", `\$`)
	return "`" + r.Replace(s) + "`"
}

// TestBrowserCombatNoScript: without JavaScript every button of the
// Combat tab is a GET that works: a field typed and the answer worked
// out, a fight added and removed, an example loaded, a file pasted.
func TestBrowserCombatNoScript(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	defer srv.Close()
	strength5 := e120With(t, url.Values{"a.f0.strength": {"5"}})
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			must(t, ctx, viewport(vp),
				chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
					_, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
					return err
				}),
				chromedp.Navigate(srv.URL+"/combat"), chromedp.WaitVisible(chromedp.CSS("#outcome-bar")))
			if eval[bool](t, ctx, `return !document.querySelector('.saved-box') && document.getElementById('units').hidden`) != true {
				t.Error("the script ran, or the saved units show without it")
			}
			// Each button loads a page: wait until it has loaded whole, or
			// the next query may find the nodes of the page it replaced.
			click := func(sel, what, ready string) {
				t.Helper()
				press(t, ctx, sel)
				waitFor(t, ctx, what, "if (document.readyState !== 'complete') return false;\n"+ready)
			}
			must(t, ctx, chromedp.SetValue(chromedp.CSS("#a-f0-strength"), "5"))
			click("#combat-submit", "the answer for Strength 5", `var v = document.querySelector('#combat-outcomes .value');
				return location.search.includes('a.f0.strength=5') && !location.search.includes('file=') && !!v && v.dataset.exact === '`+strength5+`'`)
			click(`button[name="add"][value="a"]`, "a second fight for side a", `return !!document.getElementById('a-f1-strength') && (document.getElementById('a-f1-strength') || {}).value === '5'`)
			click(`button[name="remove"][value="a1"]`, "side a's second fight removed", `return !document.getElementById('a-f1-strength') && !!document.getElementById('a-f0-strength')`)
			must(t, ctx, chromedp.SetValue(chromedp.CSS("#example"), "combat-tow-halberds"))
			click("#combat-load", "the tow example", `return (document.getElementById('ruleset') || {}).value === 'tow' && (document.getElementById('a-u-name') || {}).value === 'Orc Boyz' && !!document.getElementById('outcome-bar')`)
			horde, _ := exampleFile("combat-horde")
			press(t, ctx, "#combat-file summary")
			must(t, ctx, chromedp.SetValue(chromedp.CSS("#file"), horde))
			// The box edited and the form sent: the file fills the form.
			click("#combat-submit", "the pasted horde", `return (document.getElementById('a-u-name') || {}).value === 'Clanrats' && !!document.getElementById('outcome-bar')`)
		})
	}
}
