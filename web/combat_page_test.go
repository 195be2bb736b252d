package web

import (
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCombatPage: the Combat tab opens on E120 (RULES.md 21.13), 20 Elves
// against 20 charging Men, with its exact chances.
func TestCombatPage(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	body := page(t, h, "/combat")
	contains(t, "E120", body,
		`data-exact="290507921/764411904"`,    // Elves win (21.13)
		`data-exact="1930179515/10319560704"`, // draw
		`data-exact="8935048511/20639121408"`, // Men win
		`data-exact="10/3"`,                   // casualties on Men
		`data-exact="5/2"`,                    // casualties on Elves
		`id="outcome-bar"`, `id="combat-before-a"`, `id="combat-before-b"`,
		`id="combat-step1-a"`, `id="combat-step2-b"`, `id="chart-combat-casualties-a"`, `id="chart-combat-result-b"`,
		"Warhammer Fantasy Battles, 8th edition, exact", "One round, rolled with seed 1", `id="combat-winner"`, `<a href="/combat" aria-current="page">Combat</a>`)

	// Words a player reads (issue 26 item 11): the ruleset by its name,
	// the file's guide linked, a long fraction folded under "exact value";
	// Enter works the combat out, not "Load the example" (the form's first
	// button is a hidden copy of the main one).
	contains(t, "E120's words", body, `<a href="/docs/combat">the combat file's guide</a>`,
		`<details class="exact"><summary>exact value</summary>`)
	for _, bad := range []string{"whfb8, exact", "in docs/combat.md", `<span class="exact">= 290507921/764411904</span>`} {
		if strings.Contains(body, bad) {
			t.Errorf("the combat page says %q", bad)
		}
	}
	if first := regexp.MustCompile(`<button[^>]*>[^<]*</button>`).FindString(body[strings.Index(body, `id="combat-form"`):]); !strings.Contains(first, "Work out the combat") {
		t.Errorf("the combat form's first button, which Enter presses, is %s", first)
	}

	// The same file through the textarea gives the same page.
	e120, _ := exampleFile(defaultCombatExample)
	again := do(t, h, "GET", "/combat?"+url.Values{"file": {e120}}.Encode(), "", "")
	contains(t, "E120 from the textarea", again.Body.String(), `data-exact="290507921/764411904"`)

	// Another seed, another round: the link rolls again.
	if w := do(t, h, "GET", "/combat?reroll=1&example=combat-horde", "", ""); w.Code != 303 || !strings.Contains(w.Header().Get("Location"), "seed=") {
		t.Errorf("reroll: %d %s", w.Code, w.Header().Get("Location"))
	}
	if w := do(t, h, "GET", "/combat?load=1&example=combat-horde&file=x", "", ""); w.Code != 303 || w.Header().Get("Location") != "/combat?example=combat-horde" {
		t.Errorf("load: %d %s", w.Code, w.Header().Get("Location"))
	}
	for _, name := range exampleNames() {
		if w := do(t, h, "GET", "/combat?example="+name, "", ""); w.Code != 200 || !strings.Contains(w.Body.String(), `id="outcome-bar"`) {
			t.Errorf("example %s: %d", name, w.Code)
		}
	}

	// A bad file is shown beside the textarea with its line and column.
	bad := strings.Replace(e120, "leadership: 8", "leadership: eight", 1)
	w := do(t, h, "GET", "/combat?"+url.Values{"file": {bad}}.Encode(), "", "")
	if w.Code != 400 || !strings.Contains(w.Body.String(), `aria-invalid="true"`) || !strings.Contains(w.Body.String(), "line 8, column 17: sides.a.leadership") {
		t.Errorf("a bad file: %d %s", w.Code, between(w.Body.String(), `id="file-error"`, "</p>"))
	}
	if w := do(t, h, "GET", "/combat?file=+", "", ""); w.Code != 400 {
		t.Errorf("an empty file: %d", w.Code)
	}
}

// TestCombatExamplesInStep keeps the page's example combats equal to the
// repository's (examples/combat-*.yaml), which the combat package's and
// the CLI's tests check.
func TestCombatExamplesInStep(t *testing.T) {
	dir := filepath.Join("..", "examples")
	entries, err := filepath.Glob(filepath.Join(dir, "combat-*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(exampleNames()) {
		t.Errorf("%d examples in %s, %d on the page", len(entries), dir, len(exampleNames()))
	}
	for _, path := range entries {
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(path)
		got, ok := exampleFile(strings.TrimSuffix(name, ".yaml"))
		if !ok || got != string(want) {
			t.Errorf("web/assets/combat/%s differs from %s: copy it", name, path)
		}
	}
}

func between(s, from, to string) string {
	i := strings.Index(s, from)
	if i < 0 {
		return ""
	}
	s = s[i+len(from):]
	j := strings.Index(s, to)
	if j < 0 {
		return s
	}
	return s[:j]
}

// TestCombatPageTow: under tow the page gives the three outcomes of the
// loser's break test (RULES.md 22.11) with their exact chances, as the CLI
// and /api/combat do, names the steps by Initiative, and says which
// outcome the round rolled: seed 11 loses by 5 and rolls 5+2, a Fall Back
// in Good Order (7 against Ld 7, and 12 with the difference added).
func TestCombatPageTow(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	body := page(t, h, "/combat?example=combat-tow-halberds&seed=11")
	contains(t, "tow halberds", body,
		`<dt>The loser breaks</dt><dd><span class="value" data-exact="15023028077600217407755/46005119909369701466112"`,
		`<dt>The loser falls back in good order</dt><dd><span class="value" data-exact="9751736413288064225965/46005119909369701466112"`,
		`<dt>The loser gives ground</dt><dd><span class="value" data-exact="2820125723838060036223/11501279977342425366528"`,
		"<h4>Step 1: Initiative 3</h4>",
		"Orc Boyz test on 7, lost by 5 (rolled 5&#43;2): Fall Back in Good Order.")
	// in the results: the form's hints may say "falls back" (a unit's
	// starting models, for a panic test)
	e120 := between(do(t, h, "GET", "/combat", "", "").Body.String(), `id="results"`, "</section>\n</div>\n</main>")
	if strings.Contains(e120, "falls back") || strings.Contains(e120, "gives ground") {
		t.Errorf("whfb8's page gives tow's outcomes")
	}
}

// TestCombatPageUnnamedSides: a file that names no unit reads "side a" and
// "side b" on the page, as on the command line, with verbs that agree
// (f2 D1): no blank before "win", no "a: " heading with nothing after it.
func TestCombatPageUnnamedSides(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	file := `ruleset: tow
combat: {high_ground: b}
sides:
  a:
    unit: {models: 5, frontage: 5, toughness: 3, ws: 3}
    leadership: 7
    fights: [{attacks: 0, initiative: 3, ws: 3, strength: 3}]
  b:
    unit: {models: 11, frontage: 11, toughness: 3, ws: 3, command: [standard]}
    leadership: 7
    fights: [{attacks: 0, initiative: 3, ws: 3, strength: 3}]
`
	body := page(t, h, "/combat?"+url.Values{"file": {file}, "seed": {"4"}}.Encode())
	contains(t, "unnamed sides", body,
		`<strong id="combat-winner">side b wins, 2 to 0</strong>`,
		"side a tests on 7, lost by 2",
		"<dt>side a wins</dt>", "<dt>side b wins</dt>",
		"side a wins 0%, draw 0%, side b wins 100%",
		"<h3>side a</h3>")
	for _, bad := range []string{"> win", "<h3>a: </h3>", "<dt> win", "a: :"} {
		if strings.Contains(body, bad) {
			t.Errorf("the page has %q", bad)
		}
	}
}

// TestCombatPageSwap: "Swap the sides" makes side a side b, the charge
// with it, and the chances swap.
func TestCombatPageSwap(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	file, _ := exampleFile(defaultCombatExample)
	f, _, _ := fromCombatFile([]byte(file))
	q := f.values()
	q.Set("swap", "1")
	w := do(t, h, "GET", "/combat?"+q.Encode(), "", "")
	if w.Code != 303 {
		t.Fatalf("swap: %d", w.Code)
	}
	next, _ := url.Parse(w.Header().Get("Location"))
	got := next.Query()
	for k, v := range map[string]string{"a.u.name": "Men", "b.u.name": "Elves", "c.charger": "a", "a.leadership": "7", "b.f0.initiative": "5"} {
		if got.Get(k) != v {
			t.Errorf("after the swap %s = %q, want %q", k, got.Get(k), v)
		}
	}
	body := page(t, h, next.String())
	contains(t, "swapped", body, `<dt>Elves win</dt><dd><span class="value" data-exact="290507921/764411904"`, "<h3>a: Men</h3>")
}

// TestCombatPageEditedFile: without the script the form sends its text
// box too. Unchanged, the form is what counts, and the link drops the
// file; changed, the file fills the form.
func TestCombatPageEditedFile(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	file, _ := exampleFile(defaultCombatExample)
	f, _, _ := fromCombatFile([]byte(file))
	text, _ := f.fileText()
	q := f.values()
	q.Set("a.f0.strength", "5") // typed in the form
	q.Set("file", strings.ReplaceAll(text, "\n", "\r\n"))
	q.Set("filesum", fileSum(text))
	w := do(t, h, "GET", "/combat?"+q.Encode(), "", "")
	if loc := w.Header().Get("Location"); w.Code != 303 || strings.Contains(loc, "file") || !strings.Contains(loc, "a.f0.strength=5") {
		t.Errorf("the form sent with its file unchanged: %d %s", w.Code, loc)
	}
	horde, _ := exampleFile("combat-horde")
	q.Set("file", horde)
	body := page(t, h, "/combat?"+q.Encode())
	contains(t, "the box edited", body, `id="a-u-name" name="a.u.name" value="Clanrats"`, `id="outcome-bar"`)
}
