package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/battle/sqlite"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/proptest"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/scenario"
)

// battleStore opens a battle store in a temporary directory.
func battleStore(t testing.TB) battle.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "battles.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// battleServer is a server keeping battles in a temporary store.
func battleServer(t testing.TB, cfg Config) *Server {
	t.Helper()
	cfg.Battles = battleStore(t)
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return New(cfg)
}

// send makes a request with headers (name, value pairs).
func send(t testing.TB, h http.Handler, method, target, body string, headers ...string) *httptest.ResponseRecorder {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, r)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// expect decodes a JSON answer, failing the test on another status.
func expect[T any](t testing.TB, w *httptest.ResponseRecorder, status int) T {
	t.Helper()
	var v T
	if w.Code != status {
		t.Fatalf("status %d, want %d: %s", w.Code, status, w.Body.String())
	}
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type %q, want application/json", ct)
	}
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatalf("decoding %s: %v", w.Body.String(), err)
	}
	return v
}

// tView and tChange read BattleView and BattleChange (a unit.Snapshot
// writes JSON it does not read back).
type tView struct {
	ID        string       `json:"id"`
	Name      string       `json:"name"`
	Version   int64        `json:"version"`
	Turn      int          `json:"turn"`
	Phase     battle.Phase `json:"phase"`
	PhaseName string       `json:"phase_name"`
	CanUndo   bool         `json:"can_undo"`
	CanRedo   bool         `json:"can_redo"`
	Units     []tUnit      `json:"units"`
}

type tUnit struct {
	Name      string          `json:"name"`
	Ruleset   string          `json:"ruleset"`
	Target    json.RawMessage `json:"target"`
	Starting  int             `json:"starting"`
	Size      int             `json:"size"`
	Destroyed bool            `json:"destroyed"`
	Formation struct {
		Size  int                 `json:"size"`
		Ranks [][]json.RawMessage `json:"ranks"`
	} `json:"formation"`
}

type tChange struct {
	Record     LogEntry             `json:"record"`
	Battle     tView                `json:"battle"`
	Dice       []int                `json:"dice"`
	Seed       *uint64              `json:"seed"`
	Resolution json.RawMessage      `json:"resolution"`
	Combat     *battle.CombatResult `json:"combat"`
}

// spearmenUnit adds 30 battleaxe Spearmen: T3, light armour and shield
// (a 5+ save).
const spearmenUnit = `{"name": "Spearmen", "ruleset": "battleaxe",
 "target": {"models": 30, "frontage": 10, "ws": 3, "toughness": 3, "armour": "light", "shield": true}}`

// crossbowAttacks are two automatic Strength 4 hits in the shooting
// phase: dice 6, 6 wound, 1, 1 fail the saves.
const crossbowAttacks = `[{"name": "Crossbows", "count": 2, "phase": "shooting", "to_hit": "auto", "strength": 4}]`

// newBattle creates a battle and returns its id.
func newBattle(t testing.TB, h http.Handler, name string) string {
	t.Helper()
	v := expect[tView](t, send(t, h, "POST", "/api/battles", `{"name": `+string(quoted(name))+`}`), 201)
	return v.ID
}

func TestBattleLifecycle(t *testing.T) {
	srv := battleServer(t, Config{})
	h := srv.Handler()
	created := send(t, h, "POST", "/api/battles", `{"name": "Saturday game"}`)
	v := expect[tView](t, created, 201)
	if v.Name != "Saturday game" || v.Version != 0 || len(v.Units) != 0 || v.Phase != battle.Deployment || created.Header().Get("ETag") != `"0"` ||
		created.Header().Get("Location") != "/api/battles/"+v.ID {
		t.Fatalf("created: %+v, headers %v", v, created.Header())
	}
	id := v.ID
	base := "/api/battles/" + id

	list := expect[[]battle.Meta](t, send(t, h, "GET", "/api/battles", ""), 200)
	if len(list) != 1 || list[0].ID != id || list[0].Name != "Saturday game" {
		t.Fatalf("list: %+v", list)
	}
	expect[ErrorBody](t, send(t, h, "POST", "/api/battles", `{"name": "Saturday game"}`), 409)

	ch := expect[tChange](t, send(t, h, "POST", base+"/units", spearmenUnit, "If-Match", `"0"`), 200)
	if ch.Record.Seq != 1 || ch.Record.Kind != battle.KindUnitAdded || ch.Record.Text != "Deployment: Spearmen takes the field (battleaxe)" {
		t.Fatalf("unit added: %+v", ch.Record)
	}
	if u := ch.Battle.Units; len(u) != 1 || u[0].Name != "Spearmen" || u[0].Size != 30 || u[0].Starting != 30 || u[0].Formation.Size != 30 || len(u[0].Formation.Ranks) != 3 {
		t.Fatalf("units: %+v", ch.Battle.Units)
	}

	// Odds from the unit at full strength are the odds of the scenario
	// that writes it.
	want := expect[map[string]any](t, send(t, h, "POST", "/api/odds?exact=1", `{"ruleset": "battleaxe", "attacks": `+crossbowAttacks+`,
 "target": {"models": 30, "frontage": 10, "ws": 3, "toughness": 3, "armour": "light", "shield": true}}`), 200)
	got := expect[map[string]any](t, send(t, h, "POST", base+"/odds?target=Spearmen", `{"attacks": `+crossbowAttacks+`, "exact": true}`), 200)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("battle odds:\n%v\nwant the scenario's\n%v", got, want)
	}

	w := send(t, h, "POST", base+"/advance", `{"turn": 1, "phase": "shooting", "version": 1}`)
	ch = expect[tChange](t, w, 200)
	if ch.Battle.Turn != 1 || ch.Battle.Phase != battle.Shooting || ch.Battle.PhaseName != "shooting" || w.Header().Get("ETag") != `"2"` {
		t.Fatalf("advance: %+v %v", ch.Battle, w.Header())
	}
	w = send(t, h, "POST", base+"/attacks", `{"target": "Spearmen", "attacks": `+crossbowAttacks+`, "dice": [6, 6, 1, 1]}`, "If-Match", `"2"`)
	ch = expect[tChange](t, w, 200)
	if ch.Record.Text != "Turn 1, shooting: Crossbows at Spearmen: 2 casualties, 2 wounds" || ch.Battle.Units[0].Size != 28 ||
		!reflect.DeepEqual(ch.Dice, []int{6, 6, 1, 1}) || ch.Seed != nil || ch.Resolution == nil || w.Header().Get("ETag") != `"3"` {
		t.Fatalf("attack: %s", w.Body.String())
	}
	// Odds now start from the 28 left: the scenario's with 28 models.
	want = expect[map[string]any](t, send(t, h, "POST", "/api/odds?exact=1", `{"ruleset": "battleaxe", "attacks": `+crossbowAttacks+`,
 "target": {"models": 28, "frontage": 10, "ws": 3, "toughness": 3, "armour": "light", "shield": true}}`), 200)
	got = expect[map[string]any](t, send(t, h, "POST", base+"/odds", `{"target": "Spearmen", "attacks": `+crossbowAttacks+`, "exact": true}`), 200)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("battle odds after the attack:\n%v\nwant the scenario's\n%v", got, want)
	}

	ch = expect[tChange](t, send(t, h, "POST", base+"/undo", "", "If-Match", `"3"`), 200)
	if ch.Battle.Units[0].Size != 30 || ch.Battle.CanUndo != true || ch.Battle.CanRedo != true || ch.Record.Text != "Turn 1, shooting: undo of event 3" {
		t.Fatalf("undo: %+v", ch)
	}
	ch = expect[tChange](t, send(t, h, "POST", base+"/redo", `{"version": 4}`), 200)
	if ch.Battle.Units[0].Size != 28 || ch.Battle.CanRedo {
		t.Fatalf("redo: %+v", ch.Battle)
	}
	ch = expect[tChange](t, send(t, h, "POST", base+"/corrections", `{"unit": "Spearmen", "action": "remove", "count": 3, "version": 5}`), 200)
	if ch.Battle.Units[0].Size != 25 {
		t.Fatalf("correction: %+v", ch.Battle.Units[0])
	}
	// A second unit, and a round of combat rolled by the server: its
	// result is the domain's with the same seed.
	expect[tChange](t, send(t, h, "POST", base+"/units", `{"name": "Halberdiers", "ruleset": "battleaxe",
 "target": {"models": 20, "frontage": 5, "ws": 3, "toughness": 3, "armour": "light"}, "version": 6}`), 200)
	expect[tChange](t, send(t, h, "POST", base+"/advance", `{"turn": 1, "phase": "combat"}`), 200)
	fight := `{"sides": {"a": {"leadership": 7, "fights": [{"attacks": 1, "initiative": 3, "ws": 3, "strength": 3}]}, "b": {"leadership": 7, "fights": [{"attacks": 1, "initiative": 3, "ws": 3, "strength": 4}]}}}`
	before, err := battle.Open(context.Background(), srv.cfg.Battles, id)
	if err != nil {
		t.Fatal(err)
	}
	wantRec, _, err := battle.Combat(before, "Spearmen", "Halberdiers", json.RawMessage(fight), dice.NewSeeded(11))
	if err != nil {
		t.Fatal(err)
	}
	var wantFight battle.Fought
	if err := json.Unmarshal(wantRec.Data, &wantFight); err != nil {
		t.Fatal(err)
	}
	ch = expect[tChange](t, send(t, h, "POST", base+"/combat", `{"a": "Spearmen", "b": "Halberdiers", "fight": `+fight+`, "seed": 11, "version": 8}`), 200)
	if ch.Combat == nil || *ch.Combat != wantFight.Result || !reflect.DeepEqual(ch.Dice, wantFight.Faces) || ch.Seed == nil || *ch.Seed != 11 || ch.Record.Kind != battle.KindCombat {
		t.Fatalf("combat: %+v, want %+v", ch, wantFight)
	}

	lg := expect[BattleLog](t, send(t, h, "GET", base+"/log", ""), 200)
	if lg.Version != 9 || len(lg.Entries) != 9 {
		t.Fatalf("log: %+v", lg)
	}
	if e := lg.Entries[2]; e.Seq != 3 || e.Kind != battle.KindAttack || e.Undone || e.Text != "Turn 1, shooting: Crossbows at Spearmen: 2 casualties, 2 wounds" {
		t.Errorf("log entry 3: %+v", e)
	}
	ru := expect[BattleLog](t, send(t, h, "GET", base+"/log?lang=ru", ""), 200)
	if e := ru.Entries[2]; e.Text != "Ход 1, стрельба: Crossbows по Spearmen: 2 потери, 2 раны" {
		t.Errorf("log entry 3 in Russian: %q", e.Text)
	}

	ex := send(t, h, "GET", base+"/export", "")
	if ex.Code != 200 || !strings.Contains(ex.Header().Get("Content-Disposition"), "attachment") {
		t.Fatalf("export: %d %v", ex.Code, ex.Header())
	}
	ef, _, err := battle.ReadExport("export.json", strings.NewReader(ex.Body.String()))
	if err != nil || ef.Name != "Saturday game" || len(ef.Records) != 9 {
		t.Fatalf("export: %v %+v", err, ef)
	}
	expect[ErrorBody](t, send(t, h, "POST", "/api/battles/import", ex.Body.String()), 409) // the name is taken
	imp := expect[tView](t, send(t, h, "POST", "/api/battles/import?name=Copy", ex.Body.String()), 201)
	orig := expect[tView](t, send(t, h, "GET", base, ""), 200)
	if imp.Name != "Copy" || imp.Version != 9 || !reflect.DeepEqual(imp.Units, orig.Units) {
		t.Fatalf("import:\n%+v\nwant the units of\n%+v", imp, orig)
	}

	ch = expect[tChange](t, send(t, h, "DELETE", base+"/units/Halberdiers", ""), 200)
	if len(ch.Battle.Units) != 1 || ch.Record.Kind != battle.KindUnitRemoved {
		t.Fatalf("remove: %+v", ch)
	}
	expect[ErrorBody](t, send(t, h, "DELETE", base, "", "If-Match", `"3"`), 409)
	if w := send(t, h, "DELETE", base, "", "If-Match", `"10"`); w.Code != 204 {
		t.Fatalf("delete: %d %s", w.Code, w.Body.String())
	}
	expect[ErrorBody](t, send(t, h, "GET", base, ""), 404)
}

// battleWithSpearmen creates a battle holding the Spearmen, moved to the
// first turn's shooting phase (version 2), and returns its path.
func battleWithSpearmen(t testing.TB, h http.Handler, name string) string {
	t.Helper()
	base := "/api/battles/" + newBattle(t, h, name)
	expect[tChange](t, send(t, h, "POST", base+"/units", spearmenUnit), 200)
	expect[tChange](t, send(t, h, "POST", base+"/advance", `{"turn": 1, "phase": "shooting"}`), 200)
	return base
}

func TestBattleErrors(t *testing.T) {
	off := testServer(t, Config{}).Handler()
	for _, c := range []struct{ method, path string }{{"GET", "/api/battles"}, {"POST", "/api/battles"}, {"GET", "/api/battles/x"},
		{"POST", "/api/battles/x/attacks"}, {"GET", "/api/battles/x/events"}, {"POST", "/api/battles/import"}} {
		got := expect[ErrorBody](t, send(t, off, c.method, c.path, `{}`), 404)
		if got.Code != "no_battles" || got.Error != "this server keeps no battles: start it with --db PATH to keep them" {
			t.Errorf("%s %s without a store: %+v", c.method, c.path, got)
		}
	}

	h := battleServer(t, Config{MaxBody: 4096}).Handler()
	base := battleWithSpearmen(t, h, "Errors")
	attack := func(dice string) string {
		return `{"target": "Spearmen", "attacks": ` + crossbowAttacks + `, "dice": ` + dice + `, "version": 2}`
	}
	cases := []struct {
		name, method, path, body string
		headers                  []string
		status                   int
		code, field              string
		line, col                int
		text                     string
	}{
		{"an unknown battle", "GET", "/api/battles/nope", "", nil, 404, "not_found", "", 0, 0, "no such battle: nope"},
		{"an unknown battle's write", "POST", "/api/battles/nope/undo", "", nil, 404, "not_found", "", 0, 0, "no such battle: nope"},
		{"an unknown unit", "POST", base + "/attacks", `{"target": "Goblins", "attacks": ` + crossbowAttacks + `, "seed": 1}`, nil, 404, "unknown_unit", "target", 1, 12, "Goblins"},
		{"an unknown unit to remove", "DELETE", base + "/units/Goblins", "", nil, 404, "unknown_unit", "", 0, 0, "Goblins"},
		{"an unknown unit's odds", "POST", base + "/odds?target=Goblins", `{"attacks": ` + crossbowAttacks + `}`, nil, 404, "unknown_unit", "target", 0, 0, "Goblins"},
		{"a correction that does not fit", "POST", base + "/corrections", `{"unit": "Spearmen", "action": "remove", "count": 40}`, nil, 422, "invalid_event", "", 0, 0,
			"event 3, unit Spearmen: the correction removes 40 models of rank_and_file, and the unit had 30"},
		{"too few dice", "POST", base + "/attacks", attack(`[6, 6]`), nil, 400, "invalid", "dice", 0, 0, "event 3, unit Spearmen: attack group 1, armour: die 3 (armour save, wound 1 of 2, need 6+): out of dice: 2 given"},
		{"dice left over", "POST", base + "/attacks", attack(`[6, 6, 1, 1, 5]`), nil, 400, "invalid", "dice", 1, 134,
			"5 dice were given and 1 was not used: the event needs 4 dice"},
		{"dice without a version", "POST", base + "/attacks", `{"target": "Spearmen", "attacks": ` + crossbowAttacks + `, "dice": [6, 6, 1, 1]}`, nil, 428, "version_required", "version", 0, 0, "If-Match"},
		{"a stale version", "POST", base + "/undo", `{"version": 1}`, nil, 409, "stale", "version", 0, 0,
			"the battle changed since you read it (version 1, now 2): nothing was written; read it again and retry"},
		{"a stale If-Match", "POST", base + "/attacks", `{"target": "Spearmen", "attacks": ` + crossbowAttacks + `, "dice": [6, 6, 1, 1]}`, []string{"If-Match", `"0"`}, 409, "stale", "version", 0, 0, "version 0, now 2"},
		{"a bad If-Match", "POST", base + "/undo", "", []string{"If-Match", "seven"}, 400, "invalid", "If-Match", 0, 0, "If-Match seven"},
		{"versions that differ", "POST", base + "/undo", `{"version": 2}`, []string{"If-Match", `"1"`}, 400, "invalid", "version", 0, 0, "says version 1 and the body says 2"},
		{"malformed JSON", "POST", base + "/attacks", "{\"target\": \"Spearmen\",\n \"attacks\": [}", nil, 400, "invalid", "", 2, 14, "invalid character"},
		{"not an object", "POST", base + "/undo", `[1]`, nil, 400, "invalid", "", 0, 0, "JSON object"},
		{"an unknown field", "POST", base + "/undo", "{\n  \"verison\": 2}", nil, 400, "invalid", "verison", 2, 14, `unknown field "verison"`},
		{"a field twice", "POST", base + "/advance", `{"turn": 1, "turn": 2}`, nil, 400, "invalid", "turn", 1, 21, "twice"},
		{"a wrong type", "POST", base + "/advance", `{"turn": "two", "phase": "magic"}`, nil, 400, "invalid", "turn", 1, 10, "want a whole number"},
		{"a bad phase", "POST", base + "/advance", `{"turn": 2, "phase": "lunch"}`, nil, 400, "invalid", "phase", 1, 22, `"lunch"`},
		{"turn without phase", "POST", base + "/advance", `{"turn": 2}`, nil, 400, "invalid", "phase", 0, 0, "go together"},
		{"a bad attack field", "POST", base + "/attacks", "{\"target\": \"Spearmen\", \"seed\": 1,\n \"attacks\": [{\"count\": 2, \"strength\": 11}]}", nil, 400, "invalid", "attacks[0].strength", 2, 39, "want 1 to 10, got 11"},
		{"a bad target field", "POST", base + "/units", "{\"name\": \"Orcs\", \"ruleset\": \"battleaxe\",\n \"target\": {\"models\": 10, \"toughness\": \"tough\"}}", nil, 400, "invalid", "target.toughness", 2, 40, "toughness"},
		{"a unit without a target", "POST", base + "/units", `{"name": "Orcs", "ruleset": "battleaxe"}`, nil, 400, "invalid", "target", 0, 0, "target is required"},
		{"a unit named twice", "POST", base + "/units", spearmenUnit, nil, 422, "invalid_event", "", 0, 0, "Spearmen"},
		{"a bad battle name", "POST", "/api/battles", `{"name": " padded"}`, nil, 400, "invalid", "name", 1, 10, "space"},
		{"a YAML body", "POST", base + "/undo", "version: 2", []string{"Content-Type", "application/yaml"}, 415, "unsupported_media_type", "", 0, 0, "application/json"},
		{"an unknown parameter", "POST", base + "/undo?force=1", "", nil, 400, "invalid", "force", 0, 0, `"force"`},
		{"an oversize body", "POST", base + "/attacks", `{"target": "` + strings.Repeat("x", 5000) + `"}`, nil, 413, "too_large", "", 0, 0, ""},
		{"a bad export", "POST", "/api/battles/import", `{"format": 1, "name": "X", "records": [{"seq": 2, "kind": "advance", "data": {"turn": 1, "phase": "magic"}}]}`, nil, 400, "invalid", "", 0, 0, "records[0]"},
		{"a method", "PUT", base, "", nil, 405, "method_not_allowed", "", 0, 0, "does not take PUT: use GET, PATCH or DELETE"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := expect[ErrorBody](t, send(t, h, c.method, c.path, c.body, c.headers...), c.status)
			if got.Code != c.code || got.Field != c.field || got.Line != c.line || got.Column != c.col || !strings.Contains(got.Error, c.text) {
				t.Errorf("got %+v\nwant code %s field %q at %d:%d, saying %q", got, c.code, c.field, c.line, c.col, c.text)
			}
		})
	}
	// Nothing of the refused writes was appended.
	if v := expect[tView](t, send(t, h, "GET", base, ""), 200); v.Version != 2 || v.Units[0].Size != 30 {
		t.Errorf("after the refusals: version %d, %d models", v.Version, v.Units[0].Size)
	}
	// A stale write's answer carries the version now.
	w := send(t, h, "POST", base+"/undo", `{"version": 1}`)
	if st := expect[StaleError](t, w, 409); st.Version != 2 || w.Header().Get("ETag") != `"2"` {
		t.Errorf("stale: %+v, ETag %s", st, w.Header().Get("ETag"))
	}
	// In Russian.
	ru := expect[ErrorBody](t, send(t, h, "POST", base+"/undo?lang=ru", `{"version": 1}`), 409)
	if ru.Error != "битва изменилась с тех пор, как вы её загрузили (версия 1, теперь 2): ничего не записано; загрузите её заново и повторите" || ru.Code != "stale" {
		t.Errorf("Russian: %+v", ru)
	}
	ru = expect[ErrorBody](t, send(t, h, "POST", base+"/attacks", attack(`[6, 6, 1, 1, 5]`), "Accept-Language", "ru"), 400)
	if ru.Error != "дано 5 кубиков, и 1 не использован: событию нужно 4 кубика" {
		t.Errorf("Russian: %+v", ru)
	}
	ru = expect[ErrorBody](t, send(t, off, "GET", "/api/battles?lang=ru", ""), 404)
	if ru.Error != "этот сервер не хранит битвы: запустите его с --db PATH, чтобы хранить их" {
		t.Errorf("Russian: %+v", ru)
	}
}

// sse is one server-sent event as a test reads it.
type sse struct{ name, id, data string }

// readEvents reads a feed's events into a channel, closed at the end of
// the stream.
func readEvents(body io.Reader) <-chan sse {
	out := make(chan sse, 64)
	go func() {
		defer close(out)
		sc := bufio.NewScanner(body)
		var ev sse
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.name != "" {
					out <- ev
				}
				ev = sse{}
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "id: "):
				ev.id = strings.TrimPrefix(line, "id: ")
			case strings.HasPrefix(line, "data: "):
				ev.data = strings.TrimPrefix(line, "data: ")
			}
		}
	}()
	return out
}

// openFeed connects to a battle's change feed.
func openFeed(t *testing.T, url string, headers ...string) (*http.Response, <-chan sse) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = resp.Body.Close() })
	if resp.StatusCode != 200 {
		return resp, nil
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream; charset=utf-8" {
		t.Fatalf("Content-Type %q", ct)
	}
	return resp, readEvents(resp.Body)
}

// next is the next event, failing the test after wait.
func next(t *testing.T, events <-chan sse, wait time.Duration) sse {
	t.Helper()
	select {
	case ev, ok := <-events:
		if !ok {
			t.Fatal("the feed ended")
		}
		return ev
	case <-time.After(wait):
		t.Fatalf("no event within %v", wait)
	}
	return sse{}
}

// TestBattleFeed: a second client sees an attack on the feed within a
// second; a reconnecting client gets what it missed; the feeds are
// counted; the server's shutdown ends them.
func TestBattleFeed(t *testing.T) {
	srv := battleServer(t, Config{MaxStreams: 2, Timeout: 200 * time.Millisecond})
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	base := battleWithSpearmen(t, srv.Handler(), "Feed")

	_, events := openFeed(t, ts.URL+base+"/events")
	if ev := next(t, events, 5*time.Second); ev.name != "version" || ev.id != "2" || ev.data != `{"version":2}` {
		t.Fatalf("first event: %+v", ev)
	}
	resp, err := http.Post(ts.URL+base+"/attacks", "application/json",
		strings.NewReader(`{"target": "Spearmen", "attacks": `+crossbowAttacks+`, "dice": [6, 6, 1, 1], "version": 2}`))
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("attack: %d", resp.StatusCode)
	}
	ev := next(t, events, time.Second)
	var ch FeedChange
	if err := json.Unmarshal([]byte(ev.data), &ch); err != nil {
		t.Fatal(err)
	}
	if ev.name != "change" || ev.id != "3" || ch.Version != 3 || len(ch.Records) != 1 ||
		ch.Records[0].Text != "Turn 1, shooting: Crossbows at Spearmen: 2 casualties, 2 wounds" || ch.Records[0].Seq != 3 {
		t.Fatalf("change event: %+v", ev)
	}
	// The feed outlives the time limit of the other requests.
	time.Sleep(300 * time.Millisecond)
	if w := send(t, srv.Handler(), "POST", base+"/undo", `{"version": 3}`); w.Code != 200 {
		t.Fatalf("undo: %d %s", w.Code, w.Body.String())
	}
	if ev := next(t, events, 5*time.Second); ev.name != "change" || ev.id != "4" || !strings.Contains(ev.data, "undo of event 3") {
		t.Fatalf("after the time limit: %+v", ev)
	}

	// A client that saw version 1 gets records 2, 3 and 4 first, in
	// Russian.
	_, missed := openFeed(t, ts.URL+base+"/events?lang=ru", "Last-Event-ID", "1")
	ev = next(t, missed, 5*time.Second)
	if err := json.Unmarshal([]byte(ev.data), &ch); err != nil {
		t.Fatal(err)
	}
	if ev.name != "change" || ev.id != "4" || len(ch.Records) != 3 || ch.Records[0].Seq != 2 ||
		ch.Records[1].Text != "Ход 1, стрельба: Crossbows по Spearmen: 2 потери, 2 раны" {
		t.Fatalf("missed: %+v", ev)
	}

	// Two feeds are open, the most this server keeps.
	full, _ := openFeed(t, ts.URL+base+"/events")
	if full.StatusCode != 503 || full.Header.Get("Retry-After") == "" {
		t.Fatalf("a third feed: %d", full.StatusCode)
	}
	var body ErrorBody
	if err := json.NewDecoder(full.Body).Decode(&body); err != nil || body.Code != "busy" {
		t.Fatalf("a third feed: %+v %v", body, err)
	}
	// An unknown battle's feed is a 404 of JSON.
	if w := send(t, srv.Handler(), "GET", "/api/battles/nope/events", ""); w.Code != 404 || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("unknown battle's feed: %d", w.Code)
	}

	srv.CloseStreams()
	if ev := next(t, events, 5*time.Second); ev.name != "closing" || ev.data != `{"message":"the server is shutting down: reconnect later"}` {
		t.Fatalf("at shutdown: %+v", ev)
	}
	if ev, ok := <-events; ok {
		t.Fatalf("after closing: %+v", ev)
	}
	if _, ok := <-missed; ok { // its closing event
		if _, ok := <-missed; ok {
			t.Fatal("the second feed goes on after the shutdown")
		}
	}
}

// TestStreamsPerClient: one address keeps at most maxStreamsPerClient
// feeds open; another address is not held back by it.
func TestStreamsPerClient(t *testing.T) {
	st := newStreams(100)
	var releases []func()
	for range maxStreamsPerClient {
		release, err := st.enter("192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		releases = append(releases, release)
	}
	_, err := st.enter("192.0.2.1")
	if err == nil || err.Status != http.StatusTooManyRequests || err.Code != "too_many_streams" {
		t.Fatalf("one feed too many: %+v", err)
	}
	if _, err := st.enter("192.0.2.2"); err != nil {
		t.Fatalf("another client: %+v", err)
	}
	releases[0]()
	if _, err := st.enter("192.0.2.1"); err != nil {
		t.Fatalf("after one closed: %+v", err)
	}
}

// TestBattleConcurrency is issue 28's check over HTTP: 50 clients write
// to 10 battles at once for 3 s (30 s with REARRANK_FULL_CHECKS), each
// reading the battle and writing at the version it read. Every write
// acknowledged is in the battle's log exactly once, at the seq its
// answer gave, and every refusal is a clean 409 stale.
func TestBattleConcurrency(t *testing.T) {
	const clients, battles = 50, 10
	run := 3 * time.Second
	if os.Getenv(proptest.FullEnv) != "" { // web's tests run no rapid property: proptest.IsFull is always true here
		run = 30 * time.Second
	}
	srv := battleServer(t, Config{})
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	defer client.CloseIdleConnections()
	paths := make([]string, battles)
	for i := range paths {
		paths[i] = battleWithSpearmen(t, srv.Handler(), fmt.Sprintf("Battle %d", i))
	}
	type ack struct {
		seq  int64
		kind string
	}
	var mu sync.Mutex
	acks := make([][]ack, battles)
	refused := 0
	do := func(method, url, body string, headers ...string) (int, []byte, http.Header, error) {
		req, err := http.NewRequest(method, url, strings.NewReader(body))
		if err != nil {
			return 0, nil, nil, err
		}
		req.Header.Set("Content-Type", "application/json")
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		resp, err := client.Do(req)
		if err != nil {
			return 0, nil, nil, err
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		return resp.StatusCode, data, resp.Header, err
	}
	deadline := time.Now().Add(run)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := c % battles
			url := ts.URL + paths[b]
			for n := 0; time.Now().Before(deadline); n++ {
				status, _, h, err := do("GET", url, "")
				if err != nil || status != 200 {
					t.Errorf("client %d: GET: %d %v", c, status, err)
					return
				}
				version := h.Get("ETag")
				var body string
				var headers []string
				switch n % 4 {
				case 0, 1: // dice rolled at the table: at the version read
					body, headers = `{"target": "Spearmen", "attacks": [{"name": "Slings", "count": 1, "to_hit": "auto", "strength": 1}], "dice": [1]}`, []string{"If-Match", version}
				case 2:
					body, headers = `{"version": `+strings.Trim(version, `"`)+`}`, nil
				case 3: // no version: on the battle as it stands
					body = `{"target": "Spearmen", "attacks": [{"name": "Slings", "count": 1, "to_hit": "auto", "strength": 1}], "seed": 5}`
				}
				path := url + "/attacks"
				if n%4 == 2 {
					path = url + "/advance"
				}
				status, data, _, err := do("POST", path, body, headers...)
				if err != nil {
					t.Errorf("client %d: POST: %v", c, err)
					return
				}
				switch status {
				case 200:
					var ch struct {
						Record LogEntry `json:"record"`
					}
					if err := json.Unmarshal(data, &ch); err != nil {
						t.Errorf("client %d: %v: %s", c, err, data)
						return
					}
					mu.Lock()
					acks[b] = append(acks[b], ack{ch.Record.Seq, ch.Record.Kind})
					mu.Unlock()
				case 409:
					var e ErrorBody
					if err := json.Unmarshal(data, &e); err != nil || e.Code != "stale" || e.Error == "" {
						t.Errorf("client %d: a refusal that is not a clean 409 stale: %s", c, data)
						return
					}
					mu.Lock()
					refused++
					mu.Unlock()
				default:
					t.Errorf("client %d: POST %s: %d %s", c, path, status, data)
					return
				}
			}
		}()
	}
	wg.Wait()
	total := 0
	for b, path := range paths {
		lg := expect[BattleLog](t, send(t, srv.Handler(), "GET", path+"/log", ""), 200)
		if got, want := len(lg.Entries), len(acks[b])+2; got != want {
			t.Errorf("battle %d: %d records in the log, %d acknowledged and 2 before", b, got, want-2)
		}
		seen := map[int64]bool{}
		for _, a := range acks[b] {
			if seen[a.seq] {
				t.Errorf("battle %d: seq %d acknowledged twice", b, a.seq)
			}
			seen[a.seq] = true
			if a.seq < 3 || int(a.seq) > len(lg.Entries) || lg.Entries[a.seq-1].Kind != a.kind {
				t.Errorf("battle %d: acknowledged %d (%s) is not in the log as such", b, a.seq, a.kind)
			}
		}
		total += len(acks[b])
	}
	t.Logf("%d writes acknowledged, %d refused with 409", total, refused)
	if total == 0 {
		t.Fatal("no write went through")
	}
}

// TestBattleUnitsOfEveryRuleset adds the target of every example
// scenario, of all six rulesets, as the scenario JSON writes it (an
// imported list's unit is the same ruleset, options and target), and
// attacks it with the example's own attacks, seeded: the unit's size
// after is the referee's on the same dice.
func TestBattleUnitsOfEveryRuleset(t *testing.T) {
	h := battleServer(t, Config{}).Handler()
	files, err := filepath.Glob("../examples/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	rulesets := map[string]bool{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		f, err := scenario.Load(file, data)
		if err != nil {
			continue // a combat file
		}
		js, err := f.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var parts map[string]json.RawMessage
		if err := json.Unmarshal(js, &parts); err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(file), ".yaml")
		t.Run(name, func(t *testing.T) {
			base := "/api/battles/" + newBattle(t, h, name)
			body := `{"name": "Target", "ruleset": ` + string(parts["ruleset"]) + `, "target": ` + string(parts["target"])
			if o, ok := parts["options"]; ok {
				body += `, "options": ` + string(o)
			}
			ch := expect[tChange](t, send(t, h, "POST", base+"/units", body+`}`), 200)
			u, attacks, err := f.Build()
			if err != nil {
				t.Fatal(err)
			}
			if ch.Battle.Units[0].Size != u.Size() || ch.Battle.Units[0].Ruleset != f.Ruleset.String() {
				t.Fatalf("added: %+v, want %d models of %s", ch.Battle.Units[0], u.Size(), f.Ruleset)
			}
			rulesets[f.Ruleset.String()] = true
			ch = expect[tChange](t, send(t, h, "POST", base+"/attacks", `{"target": "Target", "attacks": `+string(parts["attacks"])+`, "seed": 3}`), 200)
			res, err := referee.Resolve(u, attacks, dice.NewSeeded(3))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := ch.Battle.Units[0].Size, res.After.Size(); got != want {
				t.Errorf("after the attack: %d models, the referee leaves %d", got, want)
			}
		})
	}
	if len(rulesets) != 6 {
		t.Errorf("rulesets covered: %v, want all six", rulesets)
	}
}

// TestBattleSharedStore: two servers on one database file (two processes
// of rearrank serve, say) see each other's writes: a server's kept state
// is used only at the version the store has.
func TestBattleSharedStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "battles.db")
	var hs [2]http.Handler
	for i := range hs {
		st, err := sqlite.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = st.Close() })
		hs[i] = testServer(t, Config{Battles: st}).Handler()
	}
	base := battleWithSpearmen(t, hs[0], "Shared")
	expect[tView](t, send(t, hs[1], "GET", base, ""), 200)
	expect[tChange](t, send(t, hs[1], "POST", base+"/attacks", `{"target": "Spearmen", "attacks": `+crossbowAttacks+`, "dice": [6, 6, 1, 1], "version": 2}`), 200)
	if v := expect[tView](t, send(t, hs[0], "GET", base, ""), 200); v.Version != 3 || v.Units[0].Size != 28 {
		t.Fatalf("the first server after the second's write: version %d, %d models", v.Version, v.Units[0].Size)
	}
	// The first server's state of version 2 is not used for a write.
	expect[StaleError](t, send(t, hs[0], "POST", base+"/undo", `{"version": 2}`), 409)
	ch := expect[tChange](t, send(t, hs[0], "POST", base+"/undo", ""), 200)
	if ch.Battle.Units[0].Size != 30 || ch.Record.Seq != 4 {
		t.Fatalf("undo on the first server: %+v", ch)
	}
	if v := expect[tView](t, send(t, hs[1], "GET", base, ""), 200); v.Version != 4 || v.Units[0].Size != 30 {
		t.Fatalf("the second server after the undo: version %d, %d models", v.Version, v.Units[0].Size)
	}
}

// TestBattleRoutesRefuseBadBodies sends every battle route that reads a
// body an oversize body, malformed JSON and a battle that does not exist:
// each is refused with its JSON error, and nothing is written.
func TestBattleRoutesRefuseBadBodies(t *testing.T) {
	s := battleServer(t, Config{MaxBody: 1024})
	h := s.Handler()
	base := battleWithSpearmen(t, h, "Bodies")
	n := 0
	for _, rt := range s.routes {
		if !strings.HasPrefix(rt.path, "/api/battles") || strings.HasSuffix(rt.path, "/events") {
			continue
		}
		for _, method := range rt.methods {
			if method == http.MethodGet {
				continue
			}
			n++
			path := strings.ReplaceAll(strings.ReplaceAll(rt.path, "/api/battles/{id}", base), "{name}", "Spearmen")
			t.Run(method+" "+rt.path, func(t *testing.T) {
				big := `{"name": "` + strings.Repeat("x", 2000) + `"}`
				if rt.path == "/api/battles/import" { // held to the export format's size instead: TestBattleImportLarge
					big = `{"name": "` + strings.Repeat("x", battle.MaxExportSize) + `"}`
				}
				if got := expect[ErrorBody](t, send(t, h, method, path, big), 413); got.Code != "too_large" {
					t.Errorf("oversize: %+v", got)
				}
				got := expect[ErrorBody](t, send(t, h, method, path, "{\n  \"version\": 2,\n  \"name\": x\n}"), 400)
				if got.Code != "invalid" || got.Line != 3 || got.Column != 11 {
					t.Errorf("malformed: %+v", got)
				}
				if strings.Contains(rt.path, "{id}") {
					gone := strings.Replace(path, base, "/api/battles/nope", 1)
					if got := expect[ErrorBody](t, send(t, h, method, gone, `{}`), 404); got.Code != "not_found" {
						t.Errorf("no such battle: %+v", got)
					}
				}
			})
		}
	}
	if n < 12 {
		t.Errorf("%d battle routes take a body, want at least 12", n)
	}
	if v := expect[tView](t, send(t, h, "GET", base, ""), 200); v.Version != 2 {
		t.Errorf("after the refusals: version %d, want 2", v.Version)
	}
}

// FuzzBattleHandlers: no body sent to a battle route makes the server
// panic or answer a 5xx other than 503, and every refusal is JSON.
func FuzzBattleHandlers(f *testing.F) {
	f.Add(uint8(0), `{"target": "Spearmen", "attacks": `+crossbowAttacks+`, "dice": [6, 6, 1, 1], "version": 2}`)
	f.Add(uint8(1), `{"a": "Spearmen", "b": "Spearmen", "fight": {"sides": {"a": {"leadership": 7}}}, "seed": 1}`)
	f.Add(uint8(2), `{"unit": "Spearmen", "action": "set", "target": {"models": 5}}`)
	f.Add(uint8(3), `{"turn": 1, "phase": "magic"}`)
	f.Add(uint8(4), spearmenUnit)
	f.Add(uint8(5), `{"version": 2}`)
	f.Add(uint8(7), `{"target": "Spearmen", "attacks": `+crossbowAttacks+`, "exact": true}`)
	f.Add(uint8(8), `{"format": 1, "name": "F", "records": []}`)
	f.Add(uint8(0), "{\"target\": \"Spearmen\", \"attacks\": [{\"count\": \"D6+\"}], \"seed\": -1}")
	s := battleServer(f, Config{MaxStates: 2000, Timeout: 500 * time.Millisecond})
	h := s.Handler()
	base := battleWithSpearmen(f, h, "Fuzz")
	paths := []string{"/attacks", "/combat", "/corrections", "/advance", "/units", "/undo", "/redo", "/odds", "import"}
	f.Fuzz(func(t *testing.T, route uint8, body string) {
		p := paths[int(route)%len(paths)]
		path := base + p
		if p == "import" {
			path = "/api/battles/import"
		}
		w := send(t, h, "POST", path, body)
		if w.Code >= 500 && w.Code != http.StatusServiceUnavailable {
			t.Errorf("POST %s (%q): %d %s", path, body, w.Code, w.Body.String())
		}
		if w.Code != 200 && w.Code != 201 && !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
			t.Errorf("POST %s: %d with Content-Type %q", path, w.Code, w.Header().Get("Content-Type"))
		}
	})
}

// TestBattleImportLarge: an export file past the API's body limit but
// within the format's own (16 MiB) imports over HTTP, replayed to the
// same battle; one past the format's limit is refused as too large.
func TestBattleImportLarge(t *testing.T) {
	s := battleServer(t, Config{MaxBody: 1 << 20})
	h := s.Handler()
	var recs []battle.Record
	var st battle.State
	for len(recs) < 12_000 {
		r, err := battle.Advance(st)
		if err != nil {
			t.Fatal(err)
		}
		if st, err = battle.Apply(st, r); err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	var file strings.Builder
	if err := battle.Export(&file, "Long game", recs); err != nil {
		t.Fatal(err)
	}
	if file.Len() <= 1<<20 {
		t.Fatalf("the export is %d bytes, want more than the API's 1 MiB body limit", file.Len())
	}
	v := expect[tView](t, send(t, h, "POST", "/api/battles/import", file.String()), 201)
	if v.Name != "Long game" || v.Version != 12_000 || v.Turn != st.Turn || v.Phase != st.Phase {
		t.Errorf("imported: %q version %d turn %d %s, want version 12000 turn %d %s", v.Name, v.Version, v.Turn, v.Phase, st.Turn, st.Phase)
	}
	big := `{"format": 1, "name": "` + strings.Repeat("x", battle.MaxExportSize) + `", "records": []}`
	if got := expect[ErrorBody](t, send(t, h, "POST", "/api/battles/import", big), 413); got.Code != "too_large" {
		t.Errorf("past 16 MiB: %+v", got)
	}
}

// TestBattleFeedDeleted: a feed whose battle is deleted says so at its
// next heartbeat, and ends; the heartbeats are comment lines.
func TestBattleFeedDeleted(t *testing.T) {
	srv := battleServer(t, Config{})
	srv.battles.streams.beat = 20 * time.Millisecond
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	base := battleWithSpearmen(t, srv.Handler(), "Doomed")
	resp, err := http.Get(ts.URL + base + "/events?lang=ru")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := bufio.NewReader(resp.Body)
	var got []string
	for len(got) < 8 {
		line, err := lines.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, line)
	}
	if want := []string{"event: version\n", "id: 2\n", "data: {\"version\":2}\n", "\n", ": heartbeat\n", "\n", ": heartbeat\n", "\n"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("the feed:\n%q\nwant\n%q", got, want)
	}
	if w := send(t, srv.Handler(), "DELETE", base, ""); w.Code != 204 {
		t.Fatalf("delete: %d", w.Code)
	}
	rest, err := io.ReadAll(lines)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(rest), "event: deleted\nid: 2\ndata: {\"message\":\"битва Doomed удалена\"}\n\n") {
		t.Fatalf("the feed's end: %q", rest)
	}
}

// TestBattleCombatFieldErrors: a wrong field of a round's fight is bad
// input, 400 naming fight.<path> at its line and column in the body, in
// the reader's language, as an attack's field is; a fight that cannot be
// (a unit against itself) stays the battle's refusal, 422; nothing is
// appended.
func TestBattleCombatFieldErrors(t *testing.T) {
	h := battleServer(t, Config{}).Handler()
	base := battleWithSpearmen(t, h, "Fields")
	expect[tChange](t, send(t, h, "POST", base+"/units", `{"name": "Halberdiers", "ruleset": "battleaxe",
 "target": {"models": 20, "frontage": 5, "ws": 3, "toughness": 3, "armour": "light"}}`), 200)
	side := func(l, s string) string {
		return `{"leadership": ` + l + `, "fights": [{"attacks": 1, "initiative": 3, "ws": 3, "strength": ` + s + `}]}`
	}
	fight := func(a, b string) string {
		return "{\"a\": \"Spearmen\", \"b\": \"Halberdiers\", \"seed\": 1,\n \"fight\": {\"sides\": {\n  \"a\": " + a + ",\n  \"b\": " + b + "}}}"
	}
	for _, c := range []struct {
		name, body    string
		status        int
		code, field   string
		line, col     int
		text, russian string
	}{
		{"a Strength of 11", fight(side("7", "11"), side("7", "4")), 400, "invalid", "fight.sides.a.fights[0].strength", 3, 90,
			"fight.sides.a.fights[0].strength: want 1 to 10, got 11", "fight.sides.a.fights[0].strength: нужно от 1 до 10, а не 11"},
		{"side b's leadership", fight(side("7", "3"), side("70", "4")), 400, "invalid", "fight.sides.b.leadership", 4, 23,
			"fight.sides.b.leadership: ", "fight.sides.b.leadership: "},
		{"a unit against itself", strings.Replace(fight(side("7", "3"), side("7", "4")), "Halberdiers", "Spearmen", 1), 422, "invalid_event", "", 0, 0,
			"event 4, unit Spearmen: a unit cannot fight itself", "событие 4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := expect[ErrorBody](t, send(t, h, "POST", base+"/combat", c.body), c.status)
			if got.Code != c.code || got.Field != c.field || got.Line != c.line || got.Column != c.col || !strings.HasPrefix(got.Error, c.text) {
				t.Errorf("got %+v\nwant code %s field %q at %d:%d, saying %q", got, c.code, c.field, c.line, c.col, c.text)
			}
			ru := expect[ErrorBody](t, send(t, h, "POST", base+"/combat?lang=ru", c.body), c.status)
			if !strings.HasPrefix(ru.Error, c.russian) || ru.Error == got.Error {
				t.Errorf("in Russian: %q", ru.Error)
			}
		})
	}
	if v := expect[tView](t, send(t, h, "GET", base, ""), 200); v.Version != 3 {
		t.Errorf("after the refusals: version %d, want 3", v.Version)
	}
}

// TestValueAt: the offset of a field's value in JSON, by the path the
// scenario's errors name it with.
func TestValueAt(t *testing.T) {
	raw := []byte(`{"x": 1, "sides": {"b": [], "a": {"fights": [ {"s": 2}, {"s" :  [5, [6, 7]]} ]}}}`)
	for path, want := range map[string]string{
		"x": "1", "sides.b": "[]", "sides.a.fights[0]": `{"s": 2}`, "sides.a.fights[1].s": "[5, [6, 7]]",
		"sides.a.fights[1].s[1][0]": "6", "sides.a.fights[1].s[1][1]": "7",
	} {
		off, ok := valueAt(raw, path)
		if !ok || !strings.HasPrefix(string(raw[off:]), want) {
			t.Errorf("%s: at %d (%v): %.12q, want %s", path, off, ok, raw[min(off, len(raw)):], want)
		}
	}
	for _, path := range []string{"y", "sides.c", "sides.a.fights[2]", "x.y", "sides.a.fights[x]", "sides.b[0]", "x[0]"} {
		if off, ok := valueAt(raw, path); ok {
			t.Errorf("%s: found at %d", path, off)
		}
	}
}

// TestBattleCombatOdds: the odds of a round between two of a battle's
// units are POST /api/combat's for the combat file that writes the units
// as they stand, before and after losses; a wrong field, an unknown unit,
// a round that cannot be and fallback without exact are refused, each
// naming its place.
func TestBattleCombatOdds(t *testing.T) {
	h := battleServer(t, Config{}).Handler()
	base := battleWithSpearmen(t, h, "Odds of a round")
	halberdiers := `{"models": 20, "frontage": 5, "ws": 3, "toughness": 3, "armour": "light"}`
	expect[tChange](t, send(t, h, "POST", base+"/units", `{"name": "Halberdiers", "ruleset": "battleaxe", "target": `+halberdiers+`}`), 200)
	sides := func(a, b string) string {
		return `{"a": {` + a + `"leadership": 7, "fights": [{"attacks": 1, "initiative": 3, "ws": 3, "strength": 3}]},
 "b": {` + b + `"leadership": 7, "fights": [{"attacks": 1, "initiative": 3, "ws": 3, "strength": 4}]}}`
	}
	fight := `{"sides": ` + sides("", "") + `}`
	chances := func(w *httptest.ResponseRecorder) map[string]any {
		t.Helper()
		got := expect[map[string]any](t, w, 200)
		out := map[string]any{}
		for _, k := range []string{"method", "a_wins", "draw", "b_wins", "loser_breaks", "margin"} {
			out[k] = got[k]
		}
		return out
	}
	byHand := func(models int) map[string]any {
		t.Helper()
		spear := fmt.Sprintf(`"unit": {"models": %d, "frontage": 10, "ws": 3, "toughness": 3, "armour": "light", "shield": true}, `, models)
		file := `{"ruleset": "battleaxe", "sides": ` + sides(spear, `"unit": `+halberdiers+`, `) + `}`
		return chances(do(t, h, "POST", "/api/combat", "application/json", file))
	}
	full := chances(send(t, h, "POST", base+"/combat-odds", `{"a": "Spearmen", "b": "Halberdiers", "fight": `+fight+`}`))
	if want := byHand(30); !reflect.DeepEqual(full, want) || full["method"] != "exact" {
		t.Fatalf("at full strength:\n%v\nwant the combat file's\n%v", full, want)
	}
	expect[tChange](t, send(t, h, "POST", base+"/corrections", `{"unit": "Spearmen", "action": "remove", "count": 8}`), 200)
	w := send(t, h, "POST", base+"/combat-odds", `{"a": "Spearmen", "b": "Halberdiers", "fight": `+fight+`, "exact": true}`)
	if w.Header().Get("ETag") != `"4"` {
		t.Errorf("ETag %q, want the version the odds are of", w.Header().Get("ETag"))
	}
	after := chances(w)
	if want := byHand(22); !reflect.DeepEqual(after, want) || reflect.DeepEqual(after, full) {
		t.Fatalf("with 8 Spearmen lost:\n%v\nwant the combat file's\n%v", after, want)
	}

	for _, c := range []struct {
		name, body  string
		status      int
		code, field string
		text        string
	}{
		{"a wrong field", "{\"a\": \"Spearmen\", \"b\": \"Halberdiers\",\n \"fight\": {\"sides\": " + strings.Replace(sides("", ""), `"strength": 3`, `"strength": 0`, 1) + "}}", 400, "invalid", "fight.sides.a.fights[0].strength",
			"fight.sides.a.fights[0].strength: want 1 to 10, got 0"},
		{"an unknown unit", `{"a": "Spearmen", "b": "Goblins", "fight": ` + fight + `}`, 404, "unknown_unit", "b", "no unit Goblins in the battle"},
		{"a unit against itself", `{"a": "Spearmen", "b": "Spearmen", "fight": ` + fight + `}`, 422, "invalid_event", "", "unit Spearmen: a unit cannot fight itself"},
		{"no fight", `{"a": "Spearmen", "b": "Halberdiers"}`, 400, "invalid", "fight", "fight"},
		{"fallback alone", `{"a": "Spearmen", "b": "Halberdiers", "fight": ` + fight + `, "fallback": true}`, 400, "invalid", "fallback", "fallback goes with exact"},
		{"an unknown field", `{"a": "Spearmen", "b": "Halberdiers", "fight": ` + fight + `, "seed": 3}`, 400, "invalid", "seed", `unknown field "seed"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := expect[ErrorBody](t, send(t, h, "POST", base+"/combat-odds", c.body), c.status)
			if got.Code != c.code || got.Field != c.field || !strings.Contains(got.Error, c.text) {
				t.Errorf("got %+v\nwant code %s field %q saying %q", got, c.code, c.field, c.text)
			}
		})
	}
	ru := expect[ErrorBody](t, send(t, h, "POST", base+"/combat-odds?lang=ru", `{"a": "Spearmen", "b": "Spearmen", "fight": `+fight+`}`), 422)
	if ru.Error != "подразделение Spearmen: подразделение не может сражаться само с собой" {
		t.Errorf("in Russian: %q", ru.Error)
	}
}

// TestBattleRename: PATCH /api/battles/{id} names a battle anew, writing
// no event; a stale version, a name taken, a bad name and none are
// refused, each naming its field.
func TestBattleRename(t *testing.T) {
	h := battleServer(t, Config{}).Handler()
	base := battleWithSpearmen(t, h, "Saturday")
	newBattle(t, h, "Taken")
	v := expect[tView](t, send(t, h, "PATCH", base, `{"name": "Sunday", "version": 2}`), 200)
	if v.Name != "Sunday" || v.Version != 2 || len(v.Units) != 1 {
		t.Fatalf("renamed: %+v", v)
	}
	if got := expect[tView](t, send(t, h, "GET", "/api/battles/Sunday", ""), 200); got.ID != v.ID {
		t.Errorf("by its new name: %+v", got)
	}
	expect[ErrorBody](t, send(t, h, "GET", "/api/battles/Saturday", ""), 404)
	for _, c := range []struct {
		name, body  string
		headers     []string
		status      int
		code, field string
		text        string
	}{
		{"stale", `{"name": "Monday", "version": 1}`, nil, 409, "stale", "version", "version 1, now 2"},
		{"stale If-Match", `{"name": "Monday"}`, []string{"If-Match", `"0"`}, 409, "stale", "version", "version 0, now 2"},
		{"taken", `{"name": "Taken"}`, nil, 409, "exists", "name", "Taken"},
		{"padded", "{\n \"name\": \" Monday\"}", nil, 400, "invalid", "name", "space"},
		{"none", `{"version": 2}`, nil, 400, "invalid", "name", "name"},
		{"unknown field", `{"name": "Monday", "turn": 3}`, nil, 400, "invalid", "turn", `unknown field "turn"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := expect[ErrorBody](t, send(t, h, "PATCH", "/api/battles/"+v.ID, c.body, c.headers...), c.status)
			if got.Code != c.code || got.Field != c.field || !strings.Contains(got.Error, c.text) {
				t.Errorf("got %+v\nwant code %s field %q saying %q", got, c.code, c.field, c.text)
			}
		})
	}
	if got := expect[tView](t, send(t, h, "GET", "/api/battles/"+v.ID, ""), 200); got.Name != "Sunday" || got.Version != 2 {
		t.Errorf("after the refusals: %+v", got)
	}
	ru := expect[ErrorBody](t, send(t, h, "PATCH", "/api/battles/"+v.ID+"?lang=ru", `{"name": "Taken"}`), 409)
	if !strings.Contains(ru.Error, "Taken") || ru.Error == "a battle named Taken exists" {
		t.Errorf("in Russian: %q", ru.Error)
	}
}
