package web

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// battleWait waits until script is true on the battle page, or fails
// with what the page shows.
func battleWait(t *testing.T, ctx context.Context, what, script string) {
	t.Helper()
	waitShowing(t, ctx, what, script, `var s = document.getElementById('battle-state'), e = document.getElementById('battle-error');
		return (s ? s.innerText.slice(0, 800) : document.body.innerText.slice(0, 800)) + ' / ' + (e ? e.innerText : '')`)
}

// setValue sets an input's value as typing does.
func setValue(t *testing.T, ctx context.Context, id, value string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`var e = document.getElementById(%q); e.value = %q; e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true})); return true`, id, value))
}

// clickNow clicks the button id as it is now: the battle's part of the
// page is redrawn from the feed at any time, and a node found a moment
// before may be gone by the click.
func clickNow(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	if !eval[bool](t, ctx, fmt.Sprintf(`var b = document.getElementById(%q); if (!b) return false; b.click(); return true`, id)) {
		t.Fatalf("no button #%s", id)
	}
}

// battleBrowser starts a browser and a server that keeps battles, for
// the Battle tab's tests: the browser's context, the server's handler and
// its address. The pages' feeds end first when the test does.
func battleBrowser(t *testing.T) (context.Context, http.Handler, string) {
	ctx := browser(t)
	s := battleServer(t, Config{})
	h := s.Handler()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	t.Cleanup(s.CloseStreams)
	return ctx, h, srv.URL
}

// openForms opens the page of battle base (its API path) on the server
// at url, in lang ("": the default) at size, and waits for its forms; the
// page is left when the test ends, so that its feed's connection closes
// before the next.
func openForms(t *testing.T, ctx context.Context, url, base, lang string, size screenSize) {
	t.Helper()
	page := url + "/battle/" + strings.TrimPrefix(base, "/api/battles/")
	if lang != "" {
		page += "?lang=" + lang
	}
	must(t, ctx, viewport(size), chromedp.Navigate(page))
	t.Cleanup(func() { chromedp.Run(ctx, chromedp.Navigate("about:blank")) }) //nolint:errcheck // leaving; nothing to check
	battleWait(t, ctx, "the forms", `return !document.querySelector('.battle-forms').hidden`)
}

// cardText is the state line of the card of unit name.
func cardText(name string) string {
	return fmt.Sprintf(`var c = document.querySelector('.battle-card[data-unit=%q] .battle-card-state'); return c ? c.textContent : ''`, name)
}

// TestBrowserBattle: a battle started from the list, a unit added from
// the units saved in the browser, attacked with dice typed at the table,
// its card and the log changed, the attack undone; and a second browser
// (its own browser context: its own storage and connection) on the same
// battle, which never reloads, following every change through the change
// feed. At a phone's width and a desktop's, and in Russian.
func TestBrowserBattle(t *testing.T) {
	ctx, _, url := battleBrowser(t)

	runs := []struct {
		name, lang   string
		size         screenSize
		left, after  string
		line, undone string
	}{
		{"desktop", "", viewports[1], "30 of 30 models left", "28 of 30 models left",
			"Turn 1, shooting: Crossbows at Spearmen: 2 casualties, 2 wounds", "(undone)"},
		{"phone", "", viewports[0], "30 of 30 models left", "28 of 30 models left",
			"Turn 1, shooting: Crossbows at Spearmen: 2 casualties, 2 wounds", "(undone)"},
		{"russian", "ru", viewports[0], "осталось 30 из 30 моделей", "осталось 28 из 30 моделей",
			"Ход 1, стрельба: Crossbows по Spearmen: 2 потери, 2 раны", "(отменено)"},
	}
	for i, run := range runs {
		t.Run(run.name, func(t *testing.T) {
			list := url + "/battle"
			if run.lang != "" {
				list += "?lang=" + run.lang
			}
			must(t, ctx, viewport(run.size), chromedp.Navigate(list))
			// A unit saved on the Odds tab, as app.js keeps it.
			eval[bool](t, ctx, `localStorage.setItem('rearrank.units', JSON.stringify({target: {Spearmen: {ruleset: 'battleaxe',
				fields: {models: '30', frontage: '10', ws: '3', toughness: '3', armour: 'light', shield: '1'}}},
				attack: {Crossbows: {ruleset: 'battleaxe', fields: {name: 'Crossbows', count: '2', phase: 'shooting', to_hit: 'auto', strength: '4'}}}})); return true`)
			name := fmt.Sprintf("Game %d", i+1)
			setValue(t, ctx, "create-name", name)
			must(t, ctx, chromedp.Click(chromedp.CSS("#create-submit")))
			battleWait(t, ctx, "the new battle", `return !!document.getElementById('battle-state') && !document.querySelector('.battle-forms').hidden`)
			page := eval[string](t, ctx, `return location.href`)

			other, cancel := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
			defer cancel()
			defer chromedp.Run(ctx, chromedp.Navigate("about:blank")) //nolint:errcheck // the feed's connection closed before the next run
			must(t, other, viewport(run.size), chromedp.Navigate(page))
			battleWait(t, other, "the second browser's feed", `return document.body.getAttribute('data-live') === '1'`)

			// Add the saved unit; the turn moves to the shooting phase.
			battleWait(t, ctx, "the saved units", `return !!document.querySelector('#add-saved option[value="Spearmen"]')`)
			setValue(t, ctx, "add-name", "Spearmen")
			setValue(t, ctx, "add-saved", "Spearmen")
			must(t, ctx, chromedp.Click(chromedp.CSS("#add-submit")))
			battleWait(t, ctx, "the unit's card", `return (function(){`+cardText("Spearmen")+`})().indexOf(`+jsString(run.left)+`) >= 0`)
			for range 3 { // deployment to movement, magic, shooting
				v := eval[float64](t, ctx, `return Number(document.getElementById('battle-state').getAttribute('data-version'))`)
				clickNow(t, ctx, "battle-advance")
				battleWait(t, ctx, "the next phase", fmt.Sprintf(`return Number(document.getElementById('battle-state').getAttribute('data-version')) > %v`, v))
			}

			// Attack it with dice rolled at the table.
			setValue(t, ctx, "attack-target", "Spearmen")
			if run.name == "phone" {
				// The attack profile saved on the Odds tab fills the
				// attack form's group, which the server makes into the
				// attacks' JSON.
				battleWait(t, ctx, "the saved profiles", `return !!document.querySelector('#a0-saved option[value="Crossbows"]')`)
				setValue(t, ctx, "a0-saved", "Crossbows")
				if a := eval[map[string]string](t, ctx, `return {count: document.getElementById('a0-count').value, to_hit: document.getElementById('a0-to-hit').value,
					phase: document.getElementById('a0-phase').value}`); a["count"] != "2" || a["to_hit"] != "auto" || a["phase"] != "shooting" {
					t.Errorf("the saved profile's fields: %v", a)
				}
			} else {
				setValue(t, ctx, "attack-attacks", "[{name: Crossbows, count: 2, phase: shooting, to_hit: auto, strength: 4}]")
			}
			setValue(t, ctx, "attack-dice", "6 6 1 1")
			must(t, ctx, chromedp.Click(chromedp.CSS("#attack-submit")))
			battleWait(t, ctx, "the card after the attack", `return (function(){`+cardText("Spearmen")+`})().indexOf(`+jsString(run.after)+`) >= 0`)
			// The card may come first by the feed, the attack's own answer
			// a moment after it.
			battleWait(t, ctx, "the attack's result", `return document.getElementById('attack-result').innerText.indexOf(`+jsString(run.line)+`) >= 0`)
			got := eval[map[string]string](t, ctx, `return {log: document.querySelector('.battle-log li').textContent,
				result: document.getElementById('attack-result').innerText, models: String(document.querySelectorAll('#formation-unit-1 g.model').length)}`)
			if got["log"] != run.line || !strings.Contains(got["result"], run.line) || !strings.Contains(got["result"], "6 6 1 1") || got["models"] != "28" {
				t.Errorf("after the attack: %v", got)
			}
			// The other browser sees it by the feed alone.
			battleWait(t, other, "the attack in the second browser", `return (function(){`+cardText("Spearmen")+`})().indexOf(`+jsString(run.after)+`) >= 0 &&
				document.querySelector('.battle-log li').textContent === `+jsString(run.line))

			if run.name == "desktop" {
				// The odds of the same attacks against the unit as it stands.
				must(t, ctx, chromedp.Click(chromedp.CSS("#attack-odds")))
				battleWait(t, ctx, "the odds", `return !!document.querySelector('#attack-result .battle-odds')`)
				odds := eval[string](t, ctx, `return document.querySelector('#attack-result .battle-odds').textContent`)
				if odds != "Casualties on average 1.11; the unit destroyed 0 %; a panic test 0 %." {
					t.Errorf("the odds: %q", odds)
				}
			}

			// Undo: the line struck through, the models back, in both.
			clickNow(t, ctx, "battle-undo")
			for _, c := range []context.Context{ctx, other} {
				battleWait(t, c, "the undo", `var u = document.querySelector('.battle-log li.undone'); return !!u && u.querySelector('s').textContent === `+jsString(run.line)+
					` && u.textContent.indexOf(`+jsString(run.undone)+`) > 0 && (function(){`+cardText("Spearmen")+`})().indexOf(`+jsString(run.left)+`) >= 0`)
			}
			if run.name == "desktop" {
				// A unit from a scenario file pasted, and a round of
				// combat rolled with a seed, in the combat phase.
				setValue(t, ctx, "add-name", "")
				setValue(t, ctx, "add-file", "ruleset: battleaxe\nattacks: [{count: 1, strength: 3}]\ntarget: {name: Halberdiers, models: 20, frontage: 5, ws: 3, toughness: 3, armour: light}\n")
				must(t, ctx, chromedp.Click(chromedp.CSS("#add-submit")))
				battleWait(t, ctx, "the pasted unit", `return (function(){`+cardText("Halberdiers")+`})().indexOf("20 of 20 models left") >= 0`)
				clickNow(t, ctx, "battle-advance")
				battleWait(t, ctx, "the combat phase", `return document.getElementById('battle-turn').textContent === "Turn 1, melee"`)
				setValue(t, ctx, "combat-a", "Spearmen")
				setValue(t, ctx, "combat-b", "Halberdiers")
				setValue(t, ctx, "combat-fight", "sides:\n  a: {leadership: 7, fights: [{attacks: 1, initiative: 3, ws: 3, strength: 3}]}\n  b: {leadership: 7, fights: [{attacks: 1, initiative: 3, ws: 3, strength: 4}]}\n")
				setValue(t, ctx, "combat-seed", "11")
				must(t, ctx, chromedp.Click(chromedp.CSS("#combat-submit")))
				battleWait(t, ctx, "the combat round", `return !!document.querySelector('#combat-result .battle-result-text')`)
				got := eval[map[string]string](t, ctx, `return {log: document.querySelector('.battle-log li').textContent, result: document.getElementById('combat-result').innerText}`)
				want := "Turn 1, melee: Spearmen and Halberdiers fight: 7:4, 2 and 5 casualties; Spearmen wins and Halberdiers flees"
				if got["log"] != want || !strings.Contains(got["result"], want) || !strings.Contains(got["result"], "rolled with seed 11") {
					t.Errorf("after the combat round: %v", got)
				}
			}
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			writeScreenshot(t, "battle-"+run.name, png)
			// Nothing wider than the screen.
			for _, c := range []context.Context{ctx, other} {
				if w := eval[float64](t, c, `return document.documentElement.scrollWidth`); w > float64(run.size.width)+1 {
					t.Errorf("the battle page is %v px wide at %d", w, run.size.width)
				}
			}
		})
	}
}

// TestBrowserBattleStale: a page that missed a change (here a browser
// without EventSource, so without the feed) writes at the version it
// shows: the API refuses it with 409 stale, nothing is written, and the
// page shows the battle as it stands and says why, in its language.
func TestBrowserBattleStale(t *testing.T) {
	ctx, h, url := battleBrowser(t)
	base := battleWithSpearmen(t, h, "Stale")
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: "window.EventSource = undefined;"}); err != nil {
		t.Fatal(err)
	}
	must(t, ctx, viewport(viewports[1]), chromedp.Navigate(url+"/battle/"+strings.TrimPrefix(base, "/api/battles/")+"?lang=ru"))
	battleWait(t, ctx, "the battle", `return !document.querySelector('.battle-forms').hidden`)
	// Somebody else attacks, at the version the page shows too.
	expect[tChange](t, send(t, h, "POST", base+"/attacks", `{"target": "Spearmen", "attacks": `+crossbowAttacks+`, "dice": [6, 6, 1, 1]}`, "If-Match", `"2"`), 200)
	if eval[string](t, ctx, `return document.getElementById('battle-version').textContent`) != "версия 2" {
		t.Fatal("the page followed the change without its feed")
	}
	clickNow(t, ctx, "battle-advance")
	battleWait(t, ctx, "the battle as it stands", `return document.getElementById('battle-version').textContent === 'версия 3'`)
	got := eval[map[string]string](t, ctx, `return {status: document.getElementById('battle-status').textContent, error: document.getElementById('battle-error').innerText,
		turn: document.getElementById('battle-turn').textContent, card: document.querySelector('.battle-card .battle-left').textContent}`)
	want := "Битву успели изменить: вот она в нынешнем виде. Проверьте и попробуйте снова."
	if got["status"] != want || strings.TrimSpace(got["error"]) != want || got["turn"] != "Ход 1, стрельба" || got["card"] != "осталось 28 из 30 моделей" {
		t.Errorf("after a stale write: %v", got)
	}
	if v := expect[tView](t, send(t, h, "GET", base, ""), 200); v.Version != 3 {
		t.Errorf("the stale write was written: version %d", v.Version)
	}
}

// halberdiersUnit is a second battleaxe unit, for a round of combat.
const halberdiersUnit = `{"name": "Halberdiers", "ruleset": "battleaxe",
 "target": {"models": 20, "frontage": 5, "ws": 3, "toughness": 3, "armour": "light"}}`

// fieldHidden is a script: whether the field of input id is hidden.
func fieldHidden(id string) string {
	return fmt.Sprintf(`(function(){ var e = document.getElementById(%q); return e.closest('.field').hidden && e.disabled; })()`, id)
}

// TestBrowserBattleForms: the Battle tab's attack form and fight form
// (issue 28). The attack form shows the fields the attacked unit's
// ruleset reads (battleaxe: Armour piercing, not t9a's Armour
// Penetration), checks a field as the Odds tab does, takes a second group
// added beside the first; the attack, with dice typed at the table (or
// rolled with a seed on the phone), changes the unit's card and the log,
// and the odds of the form's attacks on the unit as it stands follow.
// The fight form fights a round between two of the battle's units, a
// fight added to a side and taken away again on the way. At a desktop's
// width and a phone's, and in Russian.
func TestBrowserBattleForms(t *testing.T) {
	ctx, h, url := battleBrowser(t)

	runs := []struct {
		name, lang string
		size       screenSize
		roll       bool   // rolled with a seed, not dice typed
		labels     string // the labels of the first group's Attacks and of side a's Leadership and Attacks per model
		checkMsg   string
		line, card string
		odds       string
		fight      string
	}{
		{"desktop", "", viewports[1], false, "Attacks / Leadership / Attacks per model", "Strength is a whole number from 1 to 10",
			"Turn 1, shooting: Crossbows; Handgunners at Spearmen: 3 casualties, 3 wounds", "27 of 30 models left",
			"Casualties on average 1.67; the unit destroyed 0 %; a panic test 0 %.",
			"Turn 1, melee: Spearmen and Halberdiers fight: 7:4, 2 and 5 casualties; Spearmen wins and Halberdiers flees"},
		{"phone", "", viewports[0], true, "Attacks / Leadership / Attacks per model", "Strength is a whole number from 1 to 10", "", "", "",
			"Turn 1, melee: Spearmen and Halberdiers fight: 7:4, 2 and 5 casualties; Spearmen wins and Halberdiers flees"},
		{"russian", "ru", viewports[0], false, "Атаки / Лидерство / Атак на модель", "Сила: целое число от 1 до 10",
			"Ход 1, стрельба: Crossbows; Handgunners по Spearmen: 3 потери, 3 раны", "осталось 27 из 30 моделей",
			"Потерь в среднем 1,67; подразделение уничтожено 0 %; проверка паники 0 %.",
			"Ход 1, ближний бой: Spearmen и Halberdiers сражаются: 7:4, 2 и 5 потерь; победа: Spearmen, Halberdiers бежит"},
	}
	for _, run := range runs {
		t.Run(run.name, func(t *testing.T) {
			base := battleWithSpearmen(t, h, "Forms "+run.name)
			expect[tChange](t, send(t, h, "POST", base+"/units", halberdiersUnit), 200)
			openForms(t, ctx, url, base, run.lang, run.size)

			// The fields of the unit's ruleset: battleaxe's Armour
			// piercing, not t9a's and tow's AP.
			setValue(t, ctx, "attack-target", "Spearmen")
			if !eval[bool](t, ctx, `return `+fieldHidden("a0-ap")) || eval[bool](t, ctx, `return `+fieldHidden("a0-armour-piercing")) {
				t.Errorf("battleaxe's fields: AP hidden %v, armour piercing hidden %v", eval[bool](t, ctx, `return `+fieldHidden("a0-ap")),
					eval[bool](t, ctx, `return `+fieldHidden("a0-armour-piercing")))
			}
			labels := eval[string](t, ctx, `return ['a0-count', 'a-leadership', 'a-f0-attacks'].map(function (id) { return document.querySelector('label[for="' + id + '"]').innerText; }).join(' / ')`)
			if labels != run.labels {
				t.Errorf("the labels: %q", labels)
			}
			setValue(t, ctx, "a0-name", "Crossbows")
			if c := eval[string](t, ctx, `return document.querySelector('#attack-groups details.more summary .count').textContent`); c != map[string]string{"": "(1 set)", "ru": "(заполнено: 1)"}[run.lang] {
				t.Errorf("the first group's More, with its name: %q", c)
			}
			setValue(t, ctx, "a0-count", "2")
			setValue(t, ctx, "a0-phase", "shooting")
			setValue(t, ctx, "a0-to-hit", "auto")
			// A Strength of 11: the Odds tab's message beside it, nothing sent.
			setValue(t, ctx, "a0-strength", "11")
			must(t, ctx, chromedp.Click(chromedp.CSS("#attack-submit")))
			battleWait(t, ctx, "the field's message", `return !document.getElementById('a0-strength-error').hidden`)
			msgText := eval[string](t, ctx, `return document.getElementById('a0-strength-error').textContent`)
			if msgText != run.checkMsg || eval[string](t, ctx, `return document.querySelector('.battle-log li').textContent`) == "" {
				t.Errorf("Strength 11: %q", msgText)
			}
			setValue(t, ctx, "a0-strength", "4")
			// A second group, a copy of the first's inputs, empty.
			must(t, ctx, chromedp.Click(chromedp.CSS("#attack-add-group")))
			battleWait(t, ctx, "the second group", `return !!document.getElementById('a1-count')`)
			got := eval[map[string]string](t, ctx, `var g = document.querySelectorAll('#attack-groups [data-group]')[1];
				return {legend: g.querySelector('legend').textContent, count: document.getElementById('a1-count').value, name: document.getElementById('a1-count').name,
					label: document.querySelector('label[for="a1-count"]') ? 'yes' : 'no', ap: String(document.getElementById('a1-ap').disabled)}`)
			if got["count"] != "" || got["name"] != "a1.count" || got["label"] != "yes" || got["ap"] != "true" {
				t.Errorf("the second group: %v", got)
			}
			setValue(t, ctx, "a1-name", "Handgunners")
			setValue(t, ctx, "a1-count", "1")
			setValue(t, ctx, "a1-phase", "shooting")
			setValue(t, ctx, "a1-to-hit", "auto")
			setValue(t, ctx, "a1-strength", "4")
			if run.roll {
				setValue(t, ctx, "attack-seed", "3")
				must(t, ctx, chromedp.Click(chromedp.CSS("#attack-roll")))
			} else {
				// Each hit wounds on a 3 (Strength 4 on Toughness 3, 3+)
				// and is not saved on it (light armour and shield, 5+,
				// 6+ at Strength 4): three casualties.
				setValue(t, ctx, "attack-dice", "3 3 3 3 3 3")
				must(t, ctx, chromedp.Click(chromedp.CSS("#attack-submit")))
			}
			battleWait(t, ctx, "the attack's result", `return !!document.querySelector('#attack-result .battle-result-text')`)
			res := eval[map[string]string](t, ctx, `return {log: document.querySelector('.battle-log li').textContent, result: document.querySelector('#attack-result .battle-result-text').textContent,
				card: document.querySelector('.battle-card[data-unit="Spearmen"] .battle-left').textContent, dice: document.querySelector('#attack-result .battle-result-dice').textContent}`)
			if run.roll {
				// Rolled: the card says what the line says.
				var n int
				if _, err := fmt.Sscanf(res["log"][strings.Index(res["log"], "Spearmen: ")+len("Spearmen: "):], "%d casualties", &n); err != nil {
					t.Fatalf("the rolled attack's line %q: %v", res["log"], err)
				}
				run.line, run.card = res["log"], fmt.Sprintf("%d of 30 models left", 30-n)
				if n == 0 {
					t.Errorf("the seed's attack makes no casualty: %v", res)
				}
			}
			if res["log"] != run.line || res["result"] != run.line || res["card"] != run.card {
				t.Errorf("after the attack: %v", res)
			}
			if !run.roll {
				must(t, ctx, chromedp.Click(chromedp.CSS("#attack-odds")))
				battleWait(t, ctx, "the odds", `return !!document.querySelector('#attack-result .battle-odds')`)
				odds := eval[string](t, ctx, `return document.querySelector('#attack-result .battle-odds').textContent`)
				if odds != run.odds {
					t.Errorf("the odds: %q", odds)
				}
			}
			// Undo: the Spearmen whole again for the round of combat.
			v := eval[float64](t, ctx, `return Number(document.getElementById('battle-state').getAttribute('data-version'))`)
			clickNow(t, ctx, "battle-undo")
			battleWait(t, ctx, "the undo", fmt.Sprintf(`return Number(document.getElementById('battle-state').getAttribute('data-version')) > %v`, v))
			v++
			clickNow(t, ctx, "battle-advance")
			battleWait(t, ctx, "the combat phase", fmt.Sprintf(`return Number(document.getElementById('battle-state').getAttribute('data-version')) > %v`, v))

			// A group added now is in the battle's phase, melee; those
			// the player set keep theirs.
			must(t, ctx, chromedp.Click(chromedp.CSS("#attack-add-group")))
			battleWait(t, ctx, "the third group", `return !!document.getElementById('a2-phase')`)
			if ph := eval[string](t, ctx, `return document.getElementById('a0-phase').value + ' ' + document.getElementById('a2-phase').value`); ph != "shooting melee" {
				t.Errorf("the groups' phases in the combat phase: %s", ph)
			}
			setValue(t, ctx, "combat-a", "Spearmen")
			setValue(t, ctx, "combat-b", "Halberdiers")
			// A fight added to side b, and taken away.
			must(t, ctx, chromedp.Click(chromedp.CSS("#combat-add-b")))
			battleWait(t, ctx, "side b's second fight", `return !!document.getElementById('b-f1-attacks')`)
			legend := eval[string](t, ctx, `return document.querySelectorAll('[data-fights="b"] [data-fight]')[1].querySelector('legend').textContent`)
			if want := map[string]string{"": "Side b (Halberdiers): fight 2", "ru": "Сторона b (Halberdiers): профиль атак 2"}[run.lang]; legend != want {
				t.Errorf("side b's second fight: %q", legend)
			}
			must(t, ctx, chromedp.Click(chromedp.CSS(`[data-fights="b"] [data-fight]:nth-child(2) [data-remove-fight]`)))
			battleWait(t, ctx, "side b's second fight gone", `return !document.getElementById('b-f1-attacks')`)
			for id, v := range map[string]string{"a-leadership": "7", "a-f0-attacks": "1", "a-f0-initiative": "3", "a-f0-ws": "3", "a-f0-strength": "3",
				"b-leadership": "7", "b-f0-attacks": "1", "b-f0-initiative": "3", "b-f0-ws": "3", "b-f0-strength": "4", "combat-seed": "11"} {
				setValue(t, ctx, id, v)
			}
			// A fight made by a champion the Spearmen do not have: the
			// server's check, beside the field.
			setValue(t, ctx, "a-f0-by", "champion")
			must(t, ctx, chromedp.Click(chromedp.CSS("#combat-submit")))
			battleWait(t, ctx, "the champion's error", `return !document.getElementById('a-f0-by-error').hidden`)
			byErr := eval[map[string]string](t, ctx, `var e = document.getElementById('a-f0-by'); return {msg: document.getElementById('a-f0-by-error').textContent,
				invalid: e.getAttribute('aria-invalid'), focused: String(document.activeElement === e), log: document.querySelector('.battle-log li').textContent}`)
			want := map[string][2]string{"": {"by champion: the unit has no champion", "Turn 1: melee begins"},
				"ru": {"by champion: в подразделении нет чемпиона", "Ход 1: начинается фаза «ближний бой»"}}[run.lang]
			if byErr["msg"] != want[0] || byErr["invalid"] != "true" || byErr["focused"] != "true" || byErr["log"] != want[1] {
				t.Errorf("a fight by a champion the unit lacks: %v", byErr)
			}
			setValue(t, ctx, "a-f0-by", "rank_and_file")
			// The odds of the round before it is fought: the three
			// outcomes add up, and nothing is written.
			version := eval[string](t, ctx, `return document.getElementById('battle-state').getAttribute('data-version')`)
			must(t, ctx, chromedp.Click(chromedp.CSS("#combat-odds")))
			battleWait(t, ctx, "the round's odds", `return !!document.querySelector('#combat-result .battle-odds')`)
			oddsText := eval[string](t, ctx, `return document.querySelector('#combat-result .battle-odds').textContent`)
			prefix := map[string][2]string{"": {"Spearmen win ", "; Halberdiers win "}, "ru": {"Spearmen побеждают: ", "; Halberdiers побеждают: "}}[run.lang]
			sum := 0.0
			for _, m := range regexp.MustCompile(`([0-9]+(?:[.,][0-9])?) %`).FindAllStringSubmatch(oddsText, 3) {
				f, _ := strconv.ParseFloat(strings.Replace(m[1], ",", ".", 1), 64)
				sum += f
			}
			if !strings.HasPrefix(oddsText, prefix[0]) || !strings.Contains(oddsText, prefix[1]) || math.Abs(sum-100) > 0.2 ||
				eval[string](t, ctx, `return document.getElementById('battle-state').getAttribute('data-version')`) != version {
				t.Errorf("the round's odds: %q (the outcomes add up to %v %%)", oddsText, sum)
			}
			must(t, ctx, chromedp.Click(chromedp.CSS("#combat-submit")))
			battleWait(t, ctx, "the combat round", `return !!document.querySelector('#combat-result .battle-result-text')`)
			fr := eval[map[string]string](t, ctx, `return {log: document.querySelector('.battle-log li').textContent, result: document.getElementById('combat-result').innerText}`)
			if fr["log"] != run.fight || !strings.Contains(fr["result"], run.fight) {
				t.Errorf("after the combat round: %v", fr)
			}
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			writeScreenshot(t, "battle-forms-"+run.name, png)
			if w := eval[float64](t, ctx, `return document.documentElement.scrollWidth`); w > float64(run.size.width)+1 {
				t.Errorf("the battle page is %v px wide at %d", w, run.size.width)
			}
		})
	}
}

// TestBrowserBattleFix: the Battle tab's correction by hand (issue 28's
// "manual correction"): the picker offers the unit's command and
// characters, the card and the log follow each correction, a correction
// that does not fit is the battle's refusal above the form, a count out of
// range is marked beside its field and nothing is sent; the battle is
// renamed from its page, no event written; at a phone's
// width in Russian, and at a desktop's. The Captain is one of the unit's
// 31 models; a new number of models (12) is the rank and file's.
func TestBrowserBattleFix(t *testing.T) {
	ctx, h, url := battleBrowser(t)
	for _, run := range []struct {
		name, lang string
		size       screenSize
		aims       string
		log        [3]string
		card       [3]string
		refusal    string
	}{
		{"phone", "ru", phone, "Рядовые|Чемпион|Музыкант|Знаменосец|Captain",
			[3]string{"Ход 1, стрельба: исправление: Spearmen теряет 3 модели (рядовые модели)", "Ход 1, стрельба: исправление: Spearmen получает 1 рану (персонаж Captain)", "Ход 1, стрельба: исправление: Spearmen задано в нынешнем виде"},
			[3]string{"осталось 28 из 31 модели; ран на моделях нет", "осталось 28 из 31 модели; 1 рана на моделях", "осталось 13 из 31 модели; ран на моделях нет"},
			"исправление убирает 40 моделей"},
		{"desktop", "en", desktop, "Rank and file|Champion|Musician|Standard bearer|Captain",
			[3]string{"Turn 1, shooting: correction: Spearmen loses 3 models (rank and file)", "Turn 1, shooting: correction: Spearmen takes 1 wound (character Captain)", "Turn 1, shooting: correction: Spearmen is set as it now stands"},
			[3]string{"28 of 31 models left; no wounds carried", "28 of 31 models left; 1 wound carried", "13 of 31 models left; no wounds carried"},
			"the correction removes 40 models"},
	} {
		t.Run(run.name, func(t *testing.T) {
			base := "/api/battles/" + newBattle(t, h, "Fix "+run.name)
			expect[tChange](t, send(t, h, "POST", base+"/units", `{"name": "Spearmen", "ruleset": "battleaxe", "target": {"models": 30, "frontage": 10, "ws": 3, "toughness": 3,
 "armour": "light", "shield": true, "command": ["champion", "musician", "standard"], "characters": [{"name": "Captain", "ws": 5, "toughness": 4, "wounds": 2}]}}`), 200)
			expect[tChange](t, send(t, h, "POST", base+"/advance", `{"turn": 1, "phase": "shooting"}`), 200)
			openForms(t, ctx, url, base, run.lang, run.size)
			if w := eval[float64](t, ctx, `return document.documentElement.scrollWidth`); w > float64(run.size.width)+1 {
				t.Errorf("the battle page is %v px wide at %d", w, run.size.width)
			}
			if aims := eval[string](t, ctx, `return [...document.querySelectorAll('#fix-aim option')].map(function (o) { return o.textContent; }).join('|')`); aims != run.aims {
				t.Errorf("the aims offered: %s", aims)
			}
			fix := func(step int, action, count, aim string) {
				t.Helper()
				setValue(t, ctx, "fix-action", action)
				setValue(t, ctx, "fix-count", count)
				if aim != "" {
					setValue(t, ctx, "fix-aim", aim)
				}
				clickNow(t, ctx, "fix-submit")
				battleWait(t, ctx, "the correction", fmt.Sprintf(`return document.querySelector('.battle-log li').textContent === %q`, run.log[step]))
				if c := eval[string](t, ctx, cardText("Spearmen")); c != run.card[step] {
					t.Errorf("after correction %d: the card says %q", step+1, c)
				}
			}
			fix(0, "remove", "3", "rank_and_file")
			fix(1, "wound", "1", "character:Captain")
			// A new number of models strikes nothing: no aim asked.
			setValue(t, ctx, "fix-action", "models")
			if !eval[bool](t, ctx, `return document.getElementById('fix-aim').closest('.field').hidden`) {
				t.Error("the aim is asked for a new number of models")
			}
			fix(2, "models", "12", "")

			// Too many: the battle's refusal; out of range: beside the field.
			v := eval[string](t, ctx, `return document.getElementById('battle-state').getAttribute('data-version')`)
			setValue(t, ctx, "fix-action", "remove")
			setValue(t, ctx, "fix-count", "40")
			clickNow(t, ctx, "fix-submit")
			battleWait(t, ctx, "the refusal", `return !document.getElementById('battle-error').hidden`)
			if e := eval[string](t, ctx, `return document.getElementById('battle-error').innerText`); !strings.Contains(e, run.refusal) {
				t.Errorf("the refusal: %q", e)
			}
			setValue(t, ctx, "fix-count", "-1")
			clickNow(t, ctx, "fix-submit")
			battleWait(t, ctx, "the field's message", `return !document.getElementById('fix-count-error').hidden`)
			if got := eval[string](t, ctx, `return document.getElementById('battle-state').getAttribute('data-version')`); got != v {
				t.Errorf("a refused correction was written: version %s, was %s", got, v)
			}

			// Renamed through the API: the title follows, the version stays.
			eval[bool](t, ctx, `document.querySelector('.battle-rename').open = true; return true`)
			setValue(t, ctx, "rename-name", "Sunday "+run.name)
			clickNow(t, ctx, "rename-submit")
			battleWait(t, ctx, "the new name", fmt.Sprintf(`return document.getElementById('battle-title').textContent === %q`, "Sunday "+run.name))
			said := map[string]string{"ru": "Битва теперь называется Sunday phone.", "en": "The battle is now called Sunday desktop."}[run.lang]
			battleWait(t, ctx, "the status", fmt.Sprintf(`return document.getElementById('battle-status').textContent === %q`, said))
			if got := eval[string](t, ctx, `return document.getElementById('battle-state').getAttribute('data-version')`); got != v {
				t.Errorf("a rename wrote an event: version %s, was %s", got, v)
			}
		})
	}
}
