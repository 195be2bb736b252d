package web

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rearrank/rearrank/armylist"
)

// listFixture reads one of armylist's list files.
func listFixture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "armylist", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// importForm is a multipart form with the file as its "file" part, named
// name, and the fields after it, as a browser's form sends them.
func importForm(t testing.TB, name string, data []byte, fields ...string) (string, string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(data)
	for i := 0; i+1 < len(fields); i += 2 {
		mw.WriteField(fields[i], fields[i+1])
	}
	mw.Close()
	return mw.FormDataContentType(), b.String()
}

// listZip is a zip of the named entries, as a .rosz.
func listZip(t testing.TB, entries ...[2]string) string {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, e := range entries {
		f, err := w.Create(e[0])
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(e[1]))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// listBomb is a .rosz whose one .ros expands to size bytes (spaces after
// a roster's start), compressed to a few kilobytes.
func listBomb(t testing.TB, size int) string {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	f, err := w.Create("army.ros")
	if err != nil {
		t.Fatal(err)
	}
	head := `<?xml version="1.0"?><roster xmlns="` + armylist.RosterNamespace + `" name="B" gameSystemName="Warhammer: The Old World"><forces>`
	f.Write([]byte(head))
	chunk := bytes.Repeat([]byte(" "), 1<<20)
	for n := len(head); n < size; n += len(chunk) {
		f.Write(chunk)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestImportRead: each fixture, sent as the body or in a form, is read
// into its list and units as armylist reads it (armylist/testdata/golden).
func TestImportRead(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	tow := listFixture(t, "tow.json")
	raw := decode[ImportResult](t, do(t, h, "POST", "/api/import?name=tow.json", "application/json", string(tow)), 200)
	ct, form := importForm(t, `C:\lists\tow.json`, tow)
	viaForm := decode[ImportResult](t, do(t, h, "POST", "/api/import", ct, form), 200)
	for _, got := range []ImportResult{raw, viaForm} {
		l := got.List
		if l.Name != "Test Old World List" || l.File != "tow.json" || l.Format != "newrecruit" || l.Game != "tow" || l.System != "Warhammer: The Old World" ||
			len(l.NotUsed) != 1 || l.NotUsed[0] != "General: a selection outside any unit" {
			t.Errorf("list %+v", l)
		}
		if len(got.Units) != 2 {
			t.Fatalf("%d units, want 2", len(got.Units))
		}
		u := got.Units[1]
		if u.Name != "Test Spearmen" || u.Models != 20 || u.Character || u.TroopType != "Regular infantry" ||
			u.Command != (ImportCommand{Champion: true, Standard: true, Musician: true}) || u.Armour != (ImportArmour{Suit: "light", Shield: true}) {
			t.Errorf("unit %+v", u)
		}
		if p := fmt.Sprint(u.Profiles); p != "[{Test Spearman [{M 4} {WS 3} {BS 3} {S 3} {T 3} {W 1} {I 3} {A 1} {Ld 7}]}]" {
			t.Errorf("profiles %s", p)
		}
		if u.Champion == nil || fmt.Sprint(*u.Champion) != "{Test Sergeant [{M 4} {WS 3} {BS 3} {S 3} {T 3} {W 1} {I 3} {A 2} {Ld 7}]}" {
			t.Errorf("champion %+v", u.Champion)
		}
		if w := fmt.Sprint(u.Weapons); w != "[{Thrusting Spear Combat S - []}]" {
			t.Errorf("weapons %s", w)
		}
		if r := fmt.Sprint(u.Rules); r != "[Poisoned Attacks]" {
			t.Errorf("rules %s", r)
		}
		if n := strings.Join(u.NotUsed, "; "); n != "Close Order: a rule rearrank does not apply; Regeneration (*): its value is not in the file; Fight in Extra Rank: a rule rearrank does not apply" {
			t.Errorf("not used %s", n)
		}
		c := got.Units[0]
		if c.Name != "Test Captain" || !c.Character || len(c.Mounts) != 1 || c.Mounts[0].Name != "Test Warhorse" ||
			fmt.Sprint(c.Weapons) != "[{Great Weapon Combat S+2 -2 [Armour Bane (1)]}]" || fmt.Sprint(c.Rules) != "[Hatred (Test Foes)]" {
			t.Errorf("character %+v", c)
		}
	}

	for _, c := range []struct{ file, list, format, game, units string }{
		{"tow.ros", "Test Roster", "battlescribe", "tow", "Test Knights 5"},
		{"tow-old.ros", "Test Roster", "battlescribe", "tow", "Test Knights 5"},
		{"tow.rosz", "Test Roster", "battlescribe", "tow", "Test Knights 5"},
		{"whfb8.json", "Test Fantasy List", "newrecruit", "whfb", "Test Tyrant 1, Test Ogres 6"},
		{"t9a.json", "Test Ninth List", "newrecruit", "t9a", "Test Guard 20"},
		{"list.owb.json", "Test Builder List", "owb", "tow", "Test Baron 1, Test Spearmen 20"},
	} {
		ct, form := importForm(t, c.file, listFixture(t, c.file))
		got := decode[ImportResult](t, do(t, h, "POST", "/api/import", ct, form), 200)
		var units []string
		for _, u := range got.Units {
			units = append(units, fmt.Sprintf("%s %d", u.Name, u.Models))
		}
		if got.List.Name != c.list || got.List.File != c.file || got.List.Format != c.format || got.List.Game != c.game || strings.Join(units, ", ") != c.units {
			t.Errorf("%s: %+v, units %s", c.file, got.List, units)
		}
	}

	// An Old World Builder list has no stat lines: each unit says so.
	owb := decode[ImportResult](t, do(t, h, "POST", "/api/import?name=list.owb.json", "", string(listFixture(t, "list.owb.json"))), 200)
	if m := strings.Join(owb.Units[1].Missing, " "); m != "M WS BS S T W I A Ld" || len(owb.Units[1].Profiles) != 0 {
		t.Errorf("the OWB unit's missing %q, profiles %v", m, owb.Units[1].Profiles)
	}
	ru := decode[ImportResult](t, do(t, h, "POST", "/api/import?name=list.owb.json&lang=ru", "", string(listFixture(t, "list.owb.json"))), 200)
	if n := ru.Units[1].NotUsed[len(ru.Units[1].NotUsed)-1]; n != "в файле нет профиля: не хватает M, WS, BS, S, T, W, I, A, Ld" {
		t.Errorf("the Russian note %q", n)
	}
}

// TestImportRefusals: every input armylist refuses is a 400 or a 413 with
// the API's error body, naming the file and the place.
func TestImportRefusals(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	ns := armylist.RosterNamespace
	deep := strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
	huge := "{" + strings.Repeat(" ", armylist.MaxInput)
	for _, c := range []struct {
		name, query, ctype, body string
		status                   int
		want                     ErrorBody
	}{
		{"not a list", "name=notes.txt", "text/plain", "hello", 400,
			ErrorBody{Error: "notes.txt: not a list file of New Recruit, BattleScribe or Old World Builder", Code: "not_list", Field: "file"}},
		{"another game", "name=x.json", "", `{"roster": {"name": "X", "gameSystemName": "Space Game", "forces": []}}`, 400,
			ErrorBody{Error: "x.json: a list of another game: Space Game", Code: "other_game", Field: "file"}},
		{"DTD", "name=x.ros", "application/xml", `<?xml version="1.0"?>` + "\n" + `<!DOCTYPE roster [<!ENTITY a "aaaa">]><roster/>`, 400,
			ErrorBody{Error: "x.ros:2:39: a DTD or an entity declaration, which a list file never holds", Code: "refused", Field: "file", Line: 2, Column: 39}},
		{"deep nesting", "name=deep.json", "", deep, 400,
			ErrorBody{Error: "deep.json:1:201: nested more than 200 deep", Code: "refused", Field: "file", Line: 1, Column: 201}},
		{"broken JSON", "name=b.json", "", "{\"roster\":\n  {\"name\": }", 400,
			ErrorBody{Error: "b.json:2:12: not well-formed JSON", Code: "not_list", Field: "file", Line: 2, Column: 12}},
		{"broken XML", "name=b.ros", "", `<roster xmlns="` + ns + `">` + "\n<force></roster>", 400,
			ErrorBody{Error: "b.ros:2: not well-formed XML", Code: "not_list", Field: "file", Line: 2}},
		{"zip bomb", "name=bomb.rosz", "application/zip", listBomb(t, 256<<20), 413,
			ErrorBody{Error: "bomb.rosz/army.ros: expands to more than 16 MiB", Code: "too_large", Field: "file"}},
		{"many entries", "name=m.rosz", "", listZip(t, [2]string{"a.ros", "x"}, [2]string{"b.ros", "x"}, [2]string{"c", "x"}, [2]string{"d", "x"}, [2]string{"e", "x"}, [2]string{"f", "x"}, [2]string{"g", "x"}, [2]string{"h", "x"}, [2]string{"i", "x"}), 400,
			ErrorBody{Error: "m.rosz: 9 entries in the zip, more than 8: a .rosz holds one .ros", Code: "refused", Field: "file"}},
		{"too large", "name=big.json", "", huge, 413,
			ErrorBody{Error: "big.json: larger than 4 MiB, more than a list file holds", Code: "too_large", Field: "file"}},
		{"past the body limit", "name=big.json", "", huge + strings.Repeat(" ", 128<<10), 413,
			ErrorBody{Error: "big.json: larger than 4 MiB, more than a list file holds", Code: "too_large", Field: "file"}},
		{"empty", "", "", "  \n", 400,
			ErrorBody{Error: "request: empty: send a list file of New Recruit (.json), BattleScribe (.ros, .rosz) or Old World Builder (.owb.json)", Code: "invalid", Field: "file"}},
		{"unknown parameter", "exact=1", "", "{}", 400,
			ErrorBody{Error: `unknown query parameter "exact": this route takes name, ruleset or set`, Code: "invalid", Field: "exact"}},
		{"a set without a value", "set=WS", "", "{}", 400,
			ErrorBody{Error: `set "WS": want FIELD=VALUE, such as ws=4`, Code: "invalid", Field: "set"}},
		{"an unknown ruleset", "ruleset=40k", "", "{}", 400,
			ErrorBody{Error: `ruleset: unknown ruleset "40k": want battleaxe, whfb8, t9a, t9a1-ru, skirmish or tow`, Code: "invalid", Field: "ruleset"}},
		{"a name with a newline", "name=a%0Ab", "", "{}", 400,
			ErrorBody{Error: "name: want a file name of at most 255 bytes, on one line", Code: "invalid", Field: "name"}},
		{"a form without its boundary", "", "multipart/form-data", "x", 400,
			ErrorBody{Error: "the form is not well-formed multipart/form-data", Code: "invalid", Field: "file"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			target := "/api/import"
			if c.query != "" {
				target += "?" + c.query
			}
			got := decode[ErrorBody](t, do(t, h, "POST", target, c.ctype, c.body), c.status)
			if got != c.want {
				t.Errorf("got  %+v\nwant %+v", got, c.want)
			}
		})
	}

	// A form: the file's own name in the errors; its fields checked.
	ct, form := importForm(t, "army.ros", []byte(`<!DOCTYPE r [<!ENTITY a "a">]>`))
	if got := decode[ErrorBody](t, do(t, h, "POST", "/api/import", ct, form), 400); got.Error != "army.ros:1:31: a DTD or an entity declaration, which a list file never holds" {
		t.Errorf("a form's DTD: %+v", got)
	}
	ct, form = importForm(t, "tow.json", listFixture(t, "tow.json"), "seed", "4")
	if got := decode[ErrorBody](t, do(t, h, "POST", "/api/import", ct, form), 400); got.Error != `unknown form field "seed": this route takes file, name, ruleset or set` || got.Field != "seed" {
		t.Errorf("a form's unknown field: %+v", got)
	}
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	mw.WriteField("ruleset", "tow")
	mw.Close()
	if got := decode[ErrorBody](t, do(t, h, "POST", "/api/import", mw.FormDataContentType(), b.String()), 400); got.Error != "the form holds no file: send the list file as its part named file" {
		t.Errorf("a form without its file: %+v", got)
	}
	b.Reset()
	mw = multipart.NewWriter(&b)
	for range 2 {
		fw, _ := mw.CreateFormFile("file", "a.json")
		fw.Write(listFixture(t, "tow.json"))
	}
	mw.Close()
	if got := decode[ErrorBody](t, do(t, h, "POST", "/api/import", mw.FormDataContentType(), b.String()), 400); got.Error != "the form holds two files: send one list file at a time" {
		t.Errorf("a form of two files: %+v", got)
	}
}

// TestImportRussian: the refusals in the request's language, by ?lang=
// and by Accept-Language; the code and the field stay English.
func TestImportRussian(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	got := decode[ErrorBody](t, do(t, h, "POST", "/api/import?name=x.json&lang=ru", "", `{"roster": {"name": "X", "gameSystemName": "Space Game", "forces": []}}`), 400)
	if got != (ErrorBody{Error: "x.json: ростер другой игры: Space Game", Code: "other_game", Field: "file"}) {
		t.Errorf("?lang=ru: %+v", got)
	}
	req := httptest.NewRequest("POST", "/api/import?name=bomb.rosz", strings.NewReader(listBomb(t, 64<<20)))
	req.Header.Set("Accept-Language", "ru-RU,ru;q=0.9")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if got := decode[ErrorBody](t, w, 413); got.Error != "bomb.rosz/army.ros: после распаковки больше 16 МиБ" || got.Code != "too_large" {
		t.Errorf("Accept-Language ru: %+v", got)
	}
	got = decode[ErrorBody](t, do(t, h, "POST", "/api/import?lang=ru", "", " "), 400)
	if got.Error != "request: пустой файл: пришлите ростер New Recruit (.json), BattleScribe (.ros, .rosz) или Old World Builder (.owb.json)" {
		t.Errorf("empty, in Russian: %+v", got)
	}
}

// TestImportLimits: a list larger than a scenario's body limit is read
// (a list may take armylist.MaxInput, as on the command line) while other
// routes keep theirs; zip bombs and deep nesting sent at once are each
// answered with their refusal, or with the time limit when the parsers
// (one per core, every import waits for one) are all taken: a JSON
// error, never a 500 or a dropped connection.
func TestImportLimits(t *testing.T) {
	h := testServer(t, Config{MaxConcurrent: 2}).Handler()
	padded := strings.Replace(string(listFixture(t, "tow.json")), "{", "{"+strings.Repeat(" ", 2<<20), 1)
	if got := decode[ImportResult](t, do(t, h, "POST", "/api/import", "", padded), 200); len(got.Units) != 2 {
		t.Errorf("a 2 MiB list: %d units", len(got.Units))
	}
	if got := decode[ErrorBody](t, do(t, h, "POST", "/api/odds", "application/yaml", padded), 413); got.Code != "too_large" {
		t.Errorf("/api/odds took a 2 MiB body: %+v", got)
	}
	bomb := listBomb(t, 256<<20)
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			body, status, code := bomb, 413, "too_large"
			if i%2 == 1 {
				body, status, code = deep, 400, "refused"
			}
			w := do(t, h, "POST", "/api/import?name=f", "", body)
			var got ErrorBody
			if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || w.Header().Get("Content-Type") != "application/json" {
				t.Errorf("request %d: %d %q: %s", i, w.Code, w.Header().Get("Content-Type"), w.Body.String())
				return
			}
			if (w.Code != status || got.Code != code) && !((w.Code == 422 || w.Code == 503) && got.Code == "time_limit") {
				t.Errorf("request %d: %d %+v, want %d %s", i, w.Code, got, status, code)
			}
		})
	}
	wg.Wait()
	// GET is not a route of import's.
	if got := decode[ErrorBody](t, do(t, h, "GET", "/api/import", "", ""), 405); got.Code != "method_not_allowed" {
		t.Errorf("GET: %+v", got)
	}
}

// TestImportMapping: each unit whose profile the file gives is the
// scenario's target and attacks (scenario.ListTarget, ListAttacks) and the
// page form's values for them, which the form reads back into the same
// scenario; a unit of an Old World Builder list, which has no stat line,
// carries the mapping's refusal, the form values the file gives and the
// fields the player must fill in.
func TestImportMapping(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	got := decode[ImportResult](t, do(t, h, "POST", "/api/import?name=tow.json", "", string(listFixture(t, "tow.json"))), 200)
	if got.List.Ruleset != "tow" {
		t.Errorf("the list's ruleset %q, want tow", got.List.Ruleset)
	}
	u := got.Units[1]
	// Test Spearmen: 20 models of WS 3 T 3 W 1 in light armour and shield
	// with a full command group; A 1 from 4 models of a front rank of 5
	// (the champion's place apart) and 5 supporting: 9, the sergeant's
	// A 2 in a group of his own (the mapping's notes say so).
	if tg := jsonText(t, u.Target); tg != `{"armour":"light","command":["musician","standard","champion"],"models":20,"name":"Test Spearmen","shield":true,"toughness":3,"wounds":1,"ws":3}` {
		t.Errorf("target %s", tg)
	}
	if as := jsonText(t, u.Attacks); as != `[{"count":9,"name":"Test Spearmen","poison":true,"strength":3,"ws":3},{"count":2,"name":"Test Sergeant","poison":true,"strength":3,"ws":3}]` {
		t.Errorf("attacks %s", as)
	}
	if u.Error != "" || u.Fields == nil {
		t.Fatalf("error %q, fields %v", u.Error, u.Fields)
	}
	if f := fmt.Sprint(u.Fields.Target); f != "map[armour:light champion:1 models:20 musician:1 name:Test Spearmen shield:1 standard:1 toughness:3 troop_type:infantry wounds:1 ws:3]" {
		t.Errorf("target fields %s", f)
	}
	if f := fmt.Sprint(u.Fields.Attacks); f != "[map[count:9 name:Test Spearmen phase:melee poison:6+ strength:3 weapon_class:none ws:3] map[count:2 name:Test Sergeant phase:melee poison:6+ strength:3 weapon_class:none ws:3]]" {
		t.Errorf("attack fields %s", f)
	}
	if n := strings.Join(u.TargetNotes, "\n"); n != "Poisoned Attacks: a rule of the unit's attacks, not used for a target\n"+
		"not used here: M 4, BS 3, S 3, I 3, A 1, Ld 7\n"+
		"frontage 5: no list file gives it, the ruleset's default; give frontage with set if the unit stands otherwise" {
		t.Errorf("the target's notes:\n%s", n)
	}
	if n := strings.Join(u.AttackNotes, "\n"); !strings.Contains(n, "count 9: A 1 from each of 4 models of the front rank, and 5 supporting attacks from 5 models of the second rank") ||
		strings.Contains(n, "Close Order") || strings.Contains(n, "not used for a target") { // the file's notes are in not_used only, the target's in target_notes
		t.Errorf("the attacks' notes:\n%s", n)
	}
	// The form reads its values back into the mapped scenario.
	q := url.Values{"ruleset": {u.Fields.Ruleset}}
	for k, v := range u.Fields.Target {
		q.Set("t."+k, v)
	}
	for i, a := range u.Fields.Attacks {
		for k, v := range a {
			q.Set(fmt.Sprintf("a%d.%s", i, k), v)
		}
	}
	file, err := parseForm(q).scenario()
	if err != nil {
		t.Fatal(err)
	}
	if tg := file.Target; tg.Models != 20 || tg.Toughness != 3 || tg.WS != 3 || tg.Armour.String() != "light" || !tg.Shield || len(tg.Command) != 3 ||
		len(file.Attacks) != 2 || file.Attacks[0].Count.String() != "9" || file.Attacks[1].Count.String() != "2" {
		t.Errorf("the form's scenario: %+v, %+v", file.Target, file.Attacks)
	}
	if body := page(t, h, "/?"+q.Encode()); !strings.Contains(body, `id="chart-casualties"`) {
		t.Errorf("the page of the imported unit has no results")
	}

	// Old World Builder: no stat line, nothing guessed.
	owb := decode[ImportResult](t, do(t, h, "POST", "/api/import?name=list.owb.json", "", string(listFixture(t, "list.owb.json"))), 200)
	const why = "unit Test Spearmen of list Test Builder List: the file does not give ws, toughness, wounds; give them with set, such as ws=4"
	u = owb.Units[1]
	if u.Error != why || u.Target != nil || u.Attacks != nil || u.Fields == nil {
		t.Fatalf("the OWB unit: error %q, target %v, attacks %v, fields %v", u.Error, u.Target, u.Attacks, u.Fields)
	}
	if f := fmt.Sprint(u.Fields.Target); f != "map[armour:light champion:1 models:20 name:Test Spearmen regeneration:6+ standard:1 troop_type:infantry ward:5+]" {
		t.Errorf("the OWB unit's known fields %s", f)
	}
	if m := u.Fields.Missing; len(m) != 3 || m["ws"] != why || m["toughness"] != why || m["wounds"] != why {
		t.Errorf("the OWB unit's missing fields %v", m)
	}
	ru := decode[ImportResult](t, do(t, h, "POST", "/api/import?name=list.owb.json&lang=ru", "", string(listFixture(t, "list.owb.json"))), 200)
	if e := ru.Units[1].Error; e != "подразделение Test Spearmen ростера Test Builder List: в файле нет ws, toughness, wounds; задайте эти значения через set, например ws=4" {
		t.Errorf("the Russian refusal %q", e)
	}
	// set gives what the file lacks: the target maps, and the attacks
	// still lack their strength and count.
	given := decode[ImportResult](t, do(t, h, "POST", "/api/import?name=list.owb.json&set=ws=3&set=toughness=3&set=wounds=1", "", string(listFixture(t, "list.owb.json"))), 200)
	u = given.Units[1]
	if tg := jsonText(t, u.Target); tg != `{"armour":"light","command":["standard","champion"],"models":20,"name":"Test Spearmen","regeneration":"6+","toughness":3,"ward":"5+","wounds":1,"ws":3}` ||
		u.Error != "unit Test Spearmen of list Test Builder List: the file does not give strength, count; give them with set, such as strength=4" || u.Attacks != nil || u.Fields.Missing != nil {
		t.Errorf("with set: target %s, error %q, attacks %v, missing %v", tg, u.Error, u.Attacks, u.Fields.Missing)
	}
	if got := decode[ErrorBody](t, do(t, h, "POST", "/api/import?set=colour=red", "", "{}"), 400); got.Error != "set colour: neither a target's nor an attack group's field (docs/scenario.md)" || got.Field != "set" {
		t.Errorf("an unknown set field: %+v", got)
	}

	// ruleset: another ruleset than the list's game's.
	ct, form := importForm(t, "tow.json", listFixture(t, "tow.json"), "ruleset", "whfb8")
	other := decode[ImportResult](t, do(t, h, "POST", "/api/import", ct, form), 200)
	if other.List.Ruleset != "whfb8" || other.Units[1].Fields == nil || other.Units[1].Fields.Ruleset != "whfb8" {
		t.Errorf("ruleset whfb8: list %q, fields %+v", other.List.Ruleset, other.Units[1].Fields)
	}
}

// jsonText is v encoded compactly, an object's keys sorted.
func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestImportExamples: the example list imports, each of its units mapped;
// the example scenario that names it with from: is refused by the API,
// which reads no files of the server's (scenario.Load), with a 400 that
// says so, never a server error.
func TestImportExamples(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	got := decode[ImportResult](t, do(t, h, "POST", "/api/import?name=test-army.json", "", string(readExample(t, "lists/test-army.json"))), 200)
	if len(got.Units) == 0 {
		t.Fatal("no units")
	}
	for _, u := range got.Units {
		if u.Target == nil || u.Fields == nil || u.Error != "" {
			t.Errorf("%s: target %v, fields %v, error %q", u.Name, u.Target, u.Fields, u.Error)
		}
	}
	e := decode[ErrorBody](t, do(t, h, "POST", "/api/odds", "application/yaml", string(readExample(t, "lists/crossbows-at-knights.yaml"))), 400)
	if e != (ErrorBody{Error: "attacks[0].from: a list file is read only from a file on disk (rearrank odds, resolve, compare, combat); here, give the unit's fields themselves (rearrank import FILE --unit NAME writes them)",
		Code: "invalid", Field: "attacks[0].from", Line: 12, Column: 12}) {
		t.Errorf("the from: scenario on the API: %+v", e)
	}
}

func readExample(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}
