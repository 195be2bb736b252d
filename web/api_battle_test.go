package web

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/battle/sqlite"
	"github.com/rearrank/rearrank/dice"
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
