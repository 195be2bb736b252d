package web

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/rearrank/rearrank/scenario"
)

// TestBrowserExportUnit saves a target and an attack profile in the
// browser, exports each alone as a scenario file (issue 15 item 6),
// checks that the file is a whole scenario `rearrank odds` opens, and
// imports it back: the form holds the saved unit again.
func TestBrowserExportUnit(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	defer srv.Close()
	must(t, ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#chart-casualties")))
	eval[bool](t, ctx, `localStorage.removeItem('rearrank.units'); return true`)

	// download fetches what the export link points at, as the browser
	// would save it, and checks it is a complete scenario.
	download := func(t *testing.T, id, filename string) (*scenario.File, string) {
		t.Helper()
		href := eval[string](t, ctx, `var a = document.getElementById('`+id+`'); return a.hidden ? '' : a.href`)
		if href == "" {
			t.Fatalf("no export link %s", id)
		}
		resp, err := http.Get(href)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), `filename="`+filename+`"`) {
			t.Fatalf("%s: %d %q: %s", href, resp.StatusCode, resp.Header.Get("Content-Disposition"), body)
		}
		file, err := scenario.Load(filename, body)
		if err != nil {
			t.Fatalf("the exported %s does not load: %v\n%s", filename, err, body)
		}
		path := filepath.Join(t.TempDir(), filename)
		if err := os.WriteFile(path, body, 0o644); err != nil {
			t.Fatal(err)
		}
		return file, path
	}
	importFile := func(t *testing.T, path, ready string) {
		t.Helper()
		eval[bool](t, ctx, `document.getElementById('units').open = true; return true`)
		must(t, ctx, chromedp.SetUploadFiles(chromedp.CSS("#import-file"), []string{path}))
		waitFor(t, ctx, "the imported file in the form", ready)
	}
	// formOf lists a group's inputs, as the saved unit keeps them.
	formOf := func(prefix string) map[string]string {
		return eval[map[string]string](t, ctx, `var out = {};
			[...document.getElementById('scenario').elements].forEach(function (el) {
				if (!el.name || el.name.indexOf('`+prefix+`') !== 0 || el.disabled) return;
				out[el.name.slice(`+"`"+prefix+"`"+`.length)] = el.type === 'checkbox' ? (el.checked ? '1' : '') : el.value;
			});
			return out;`)
	}

	t.Run("target", func(t *testing.T) {
		// Ogres: T4, 3 wounds, heavy armour, no shield, 6 models; the
		// form's attack is not the target's to export.
		fill(t, ctx, "a0-count", "7")
		fill(t, ctx, "t-models", "6")
		fill(t, ctx, "t-frontage", "3")
		fill(t, ctx, "t-toughness", "4")
		fill(t, ctx, "t-wounds", "3")
		choose(t, ctx, "t-armour", "heavy")
		check(t, ctx, "t-shield", false)
		fill(t, ctx, "t-name", "Ogres")
		for _, c := range []string{"t-musician", "t-standard", "t-champion"} {
			check(t, ctx, c, false)
		}
		fill(t, ctx, "saved-target-name", "Ogres")
		must(t, ctx, chromedp.Click(chromedp.CSS("#saved-target-save")))
		saved := formOf("t.")
		file, path := download(t, "saved-target-export", "ogres.yaml")
		// The saved target with the page's first attack: 10 attacks at
		// 4+, Strength 4.
		if tg := file.Target; tg.Name != "Ogres" || tg.Models != 6 || tg.Toughness != 4 || tg.Wounds != 3 || tg.Armour.String() != "heavy" || tg.Shield ||
			len(file.Attacks) != 1 || file.Attacks[0].Count.String() != "10" || file.Attacks[0].Strength != 4 {
			t.Errorf("the exported target: %+v with %d attacks", file.Target, len(file.Attacks))
		}
		// Change the form, then open the file: the target comes back.
		fill(t, ctx, "t-toughness", "3")
		fill(t, ctx, "t-models", "20")
		importFile(t, path, `var m = document.getElementById('t-models'); return !!m && m.value === '6' && location.search.includes('t.toughness=4')`)
		if got := formOf("t."); !sameFields(got, saved) {
			t.Errorf("the imported target's form\n%v\nthe saved\n%v", got, saved)
		}
	})

	t.Run("attack", func(t *testing.T) {
		fill(t, ctx, "a0-strength", "5")
		fill(t, ctx, "a0-count", "12")
		choose(t, ctx, "a0-reroll-hit", "ones")
		fill(t, ctx, "a0-name", "Great weapons")
		fill(t, ctx, "saved-a0-name", "Great weapons")
		must(t, ctx, chromedp.Click(chromedp.CSS("#saved-a0-save")))
		saved := formOf("a0.")
		file, path := download(t, "saved-a0-export", "great-weapons.yaml")
		// The saved attack against the form's target, the Ogres.
		if len(file.Attacks) != 1 || file.Attacks[0].Name != "Great weapons" || file.Attacks[0].Strength != 5 || file.Attacks[0].Count.String() != "12" || file.Target.Name != "Ogres" {
			t.Errorf("the exported attack: %+v against %s", file.Attacks, file.Target.Name)
		}
		fill(t, ctx, "a0-strength", "3")
		choose(t, ctx, "a0-reroll-hit", "")
		importFile(t, path, `var s = document.getElementById('a0-strength'); return !!s && s.value === '5' && location.search.includes('a0.count=12')`)
		if got := formOf("a0."); !sameFields(got, saved) {
			t.Errorf("the imported attack's form\n%v\nthe saved\n%v", got, saved)
		}
	})
}

// sameFields compares two groups' inputs, a field left at its default
// ("0", "melee", "rank_and_file") being the same as an empty one.
func sameFields(a, b map[string]string) bool {
	norm := func(k, v string) string {
		if (v == "0" && k != "count") || v == "melee" || v == "rank_and_file" || v == "none" {
			return ""
		}
		return v
	}
	for k := range a {
		if norm(k, a[k]) != norm(k, b[k]) {
			return false
		}
	}
	for k := range b {
		if norm(k, a[k]) != norm(k, b[k]) {
			return false
		}
	}
	return true
}
