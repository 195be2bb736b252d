package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// fixturePath is the absolute path of one of armylist's list files, for
// the browser's file input.
func fixturePath(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "armylist", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// pickList gives the drop zone of page (odds or combat) a file, as a
// person picks it, and waits until the zone says it has read it.
func pickList(t *testing.T, ctx context.Context, page, path, said string) {
	t.Helper()
	eval[bool](t, ctx, `document.getElementById('units').open = true; return true`)
	must(t, ctx, chromedp.SetUploadFiles(chromedp.CSS("#list-file-"+page), []string{path}))
	waitFor(t, ctx, "the drop zone's answer", fmt.Sprintf(`var s = document.querySelector('.list-drop[data-page=%q] .list-status'); return !!s && s.textContent.includes(%q)`, page, said))
}

// savedGroups lists a saved list's groups: each optgroup's label and its
// options' texts, those saved by hand under "".
func savedGroups(t *testing.T, ctx context.Context, id string) map[string][]string {
	t.Helper()
	return eval[map[string][]string](t, ctx, fmt.Sprintf(`var out = {};
		[...document.getElementById(%q).options].forEach(function (o) {
			if (!o.value) return;
			var g = o.parentElement.tagName === 'OPTGROUP' ? o.parentElement.label : '';
			(out[g] = out[g] || []).push(o.textContent);
		});
		return out;`, id))
}

// TestBrowserImportList: a list file picked on the odds page, at desktop
// and at phone width, puts its units among the saved targets and attack
// profiles in a group of the list's name; a unit used as the target and
// its attacks as the attack groups give the odds the API gives for the
// same scenario; an Old World Builder unit fills what its file gives and
// marks what it lacks; a list is removed whole; the combat page offers
// the same units as a side; the Russian page says it all in Russian.
func TestBrowserImportList(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	t.Cleanup(srv.Close)

	for _, vp := range desktopFirst {
		t.Run(vp.name, func(t *testing.T) {
			must(t, ctx, viewport(vp), chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#chart-casualties")))
			eval[bool](t, ctx, `localStorage.removeItem('rearrank.units'); return true`)
			must(t, ctx, chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#chart-casualties")))

			// The zone: a file input a tap or the keyboard reaches, and
			// the line that says the file is read and not kept.
			eval[bool](t, ctx, `document.getElementById('units').open = true; return true`)
			zone := eval[[3]string](t, ctx, `var z = document.querySelector('.list-drop[data-page="odds"]'), i = document.getElementById('list-file-odds');
				return [String(!z.hidden && z.getClientRects().length > 0), String(i.tabIndex >= 0 && !i.disabled), z.textContent]`)
			if zone[0] != "true" || zone[1] != "true" || !strings.Contains(zone[2], "The file is read on the server and not kept.") {
				t.Fatalf("the drop zone: shown %s, focusable %s, says %q", zone[0], zone[1], zone[2])
			}
			if vp.isPhone() {
				if w := eval[int](t, ctx, "return document.documentElement.scrollWidth"); w > int(vp.width)+1 {
					t.Errorf("the page is %d px wide on a phone of %d", w, vp.width)
				}
			}

			pickList(t, ctx, "odds", fixturePath(t, "tow.json"), "Imported “Test Old World List”")
			if g := fmt.Sprint(savedGroups(t, ctx, "saved-target-list")); g != "map[Test Old World List:[Test Captain Test Spearmen]]" {
				t.Errorf("the saved targets: %s", g)
			}
			if g := fmt.Sprint(savedGroups(t, ctx, "saved-a0-list")); g != "map[Test Old World List:[Test Captain Test Spearmen Test Spearmen: Test Sergeant]]" {
				t.Errorf("the saved attack profiles: %s", g)
			}

			// Test Spearmen as the target, their rank and file's attacks
			// as the attack group: 9 attacks at WS 3, S 3, poisoned.
			choose(t, ctx, "saved-target-list", "Test Spearmen (Test Old World List)")
			choose(t, ctx, "saved-a0-list", "Test Spearmen (Test Old World List)")
			waitFor(t, ctx, "the imported unit in the form and the link", `return document.getElementById('t-models').value === '20' && document.getElementById('t-toughness').value === '3' &&
				document.getElementById('a0-count').value === '9' && location.search.includes('a0.count=9') && location.search.includes('t.models=20') &&
				document.getElementById('results').getAttribute('aria-busy') === 'false' && !document.getElementById('results').classList.contains('stale')`)
			notes := eval[string](t, ctx, `return document.querySelector('fieldset.target .import-notes').textContent`)
			if !strings.Contains(notes, "From the list, not used:") || !strings.Contains(notes, "Close Order: a rule rearrank does not apply") {
				t.Errorf("the target's notes: %q", notes)
			}
			api := apiPost(t, ctx, srv.URL, "/api/odds?exact=1")
			mean := api["casualties"].(map[string]any)["mean"].(string)
			waitFor(t, ctx, "the odds of the imported units", fmt.Sprintf(`return !!document.querySelector('#results [data-exact=%q]')`, mean))

			// Old World Builder: no stat line; the form holds what the
			// file gives and marks what it lacks with the refusal.
			pickList(t, ctx, "odds", fixturePath(t, "list.owb.json"), "Imported “Test Builder List”")
			choose(t, ctx, "saved-target-list", "Test Spearmen (Test Builder List)")
			waitFor(t, ctx, "the OWB unit", `return document.getElementById('t-models').value === '20' && document.getElementById('t-toughness').value === ''`)
			marked := eval[[3]string](t, ctx, `var e = document.getElementById('t-toughness-error');
				return [String(!e.hidden), e.textContent, document.querySelector('fieldset.target .saved-msg').textContent]`)
			if marked[0] != "true" || !strings.Contains(marked[1], "the file does not give ws, toughness, wounds") || !strings.Contains(marked[2], "fill in the marked fields") {
				t.Errorf("the OWB unit's missing toughness: shown %s, %q; the line says %q", marked[0], marked[1], marked[2])
			}
			screenshot(t, ctx, "import-"+vp.name, vp.width, vp.height)
			must(t, ctx, viewport(vp))
			fill(t, ctx, "t-toughness", "3")
			waitFor(t, ctx, "the mark to clear", `return document.getElementById('t-toughness-error').hidden`)

			// Removing a list removes its units, and only its.
			must(t, ctx, chromedp.Click(chromedp.CSS(`.list-drop[data-page="odds"] button[data-list="Test Builder List"]`)))
			waitFor(t, ctx, "the list removed", `return !document.querySelector('#saved-target-list optgroup[label="Test Builder List"]')`)
			if g := fmt.Sprint(savedGroups(t, ctx, "saved-target-list")); g != "map[Test Old World List:[Test Captain Test Spearmen]]" {
				t.Errorf("after the removal: %s", g)
			}
			if s := eval[string](t, ctx, `return document.querySelector('.list-drop[data-page="odds"] .list-status').textContent`); s != "Removed the list “Test Builder List” and its units." {
				t.Errorf("the removal says %q", s)
			}

			// A file that is no list: armylist's refusal, on the page.
			bad := filepath.Join(t.TempDir(), "notes.txt")
			if err := os.WriteFile(bad, []byte("hello"), 0o644); err != nil {
				t.Fatal(err)
			}
			pickList(t, ctx, "odds", bad, "Could not import “notes.txt”: notes.txt: not a list file of New Recruit, BattleScribe or Old World Builder")

			// The combat page: the same units, as a side.
			must(t, ctx, chromedp.Navigate(srv.URL+"/combat"), chromedp.WaitVisible(chromedp.CSS("#combat-form")))
			waitFor(t, ctx, "the saved lists", `return !!document.querySelector('#saved-a-list optgroup[label="Test Old World List"]')`)
			if g := fmt.Sprint(savedGroups(t, ctx, "saved-a-list")); g != "map[Test Old World List:[Test Captain (no fights) Test Spearmen (no fights)]]" {
				t.Errorf("the combat page's saved units: %s", g)
			}
			choose(t, ctx, "saved-a-list", "Test Spearmen (Test Old World List)")
			waitFor(t, ctx, "side A is the imported unit", `var m = document.querySelector('#combat-form [name="a.u.models"]'); return !!m && m.value === '20' && location.search.includes('a.u.name=Test+Spearmen')`)
			pickList(t, ctx, "combat", fixturePath(t, "tow.rosz"), "Imported “Test Roster”: pick its units as either side.")
			waitFor(t, ctx, "the new list on the combat page", `return !!document.querySelector('#saved-b-list optgroup[label="Test Roster"]')`)

			// A file dropped on the zone, as a drag from the desktop.
			drop := fmt.Sprintf(`var dt = new DataTransfer();
				dt.items.add(new File([%q], 'whfb8.json', {type: 'application/json'}));
				var z = document.querySelector('.list-drop[data-page="combat"]');
				z.dispatchEvent(new DragEvent('dragover', {dataTransfer: dt, bubbles: true, cancelable: true}));
				var over = z.classList.contains('over');
				z.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
				return over && !z.classList.contains('over')`, listFixture(t, "whfb8.json"))
			if !eval[bool](t, ctx, drop) {
				t.Error("the zone does not show a file dragged over it")
			}
			waitFor(t, ctx, "the dropped list", `return !!document.querySelector('#saved-a-list optgroup[label="Test Fantasy List"]')`)

			// An Old World Builder unit as side B: what it lacks marked.
			pickList(t, ctx, "combat", fixturePath(t, "list.owb.json"), "Imported “Test Builder List”")
			choose(t, ctx, "saved-b-list", "Test Spearmen (Test Builder List)")
			waitFor(t, ctx, "side B's missing toughness", `var e = document.getElementById('b-u-toughness-error'), m = document.querySelector('#combat-form [name="b.u.models"]');
				return !!e && !e.hidden && e.textContent.includes('the file does not give ws, toughness, wounds') && m.value === '20' &&
					document.querySelector('#side-b .saved-msg').textContent.includes('fill in the marked fields')`)
			if n := eval[string](t, ctx, `return document.querySelector('#side-b .import-notes').textContent`); !strings.Contains(n, "Mail of Secrets: armour rearrank does not know") {
				t.Errorf("side B's notes: %q", n)
			}
		})
	}

	t.Run("russian", func(t *testing.T) {
		must(t, ctx, viewport(phone), chromedp.Navigate(srv.URL+"/?lang=ru"), chromedp.WaitVisible(chromedp.CSS("#chart-casualties")))
		eval[bool](t, ctx, `localStorage.removeItem('rearrank.units'); return true`)
		eval[bool](t, ctx, `document.getElementById('units').open = true; return true`)
		if z := eval[string](t, ctx, `return document.querySelector('.list-drop').textContent`); !strings.Contains(z, "Файл читается на сервере и там не остаётся.") || !strings.Contains(z, "Загрузить ростер армии") {
			t.Errorf("the Russian drop zone says %q", z)
		}
		pickList(t, ctx, "odds", fixturePath(t, "list.owb.json"), "Ростер «Test Builder List» загружен")
		if b := eval[string](t, ctx, `return document.querySelector('.list-drop button[data-list]').textContent`); b != "Убрать «Test Builder List»" {
			t.Errorf("the Russian removal button says %q", b)
		}
		choose(t, ctx, "saved-target-list", "Test Spearmen (Test Builder List)")
		waitFor(t, ctx, "the Russian mark", `var e = document.getElementById('t-toughness-error'); return !e.hidden && e.textContent.includes('в файле нет ws, toughness, wounds')`)
		if n := eval[string](t, ctx, `return document.querySelector('fieldset.target .import-notes').textContent`); !strings.Contains(n, "Из ростера не учтено:") || !strings.Contains(n, "Close Order: правило, которого rearrank не учитывает") {
			t.Errorf("the Russian notes: %q", n)
		}
		bad := filepath.Join(t.TempDir(), "x.json")
		if err := os.WriteFile(bad, []byte(`{"roster": {"name": "X", "gameSystemName": "Space Game", "forces": []}}`), 0o644); err != nil {
			t.Fatal(err)
		}
		pickList(t, ctx, "odds", bad, "Не удалось загрузить «x.json»: x.json: ростер другой игры: Space Game")
	})
}
