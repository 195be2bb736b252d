package battle_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/proptest"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/unit"
)

func TestMain(m *testing.M) { proptest.Main(m) }

// spearmen is examples/crossbows.yaml's target (battleaxe: light armour
// and shield, a 5+ save, 6+ against Strength 4; RULES.md 7.1).
const spearmen = `ruleset: battleaxe
attacks: [{count: 1, strength: 1}]
target: {name: Spearmen, models: 30, frontage: 10, ws: 3, toughness: 3, armour: light, shield: true, command: [musician, standard, champion]}
`

const halberdiers = `ruleset: battleaxe
attacks: [{count: 1, strength: 1}]
target: {name: Halberdiers, models: 20, frontage: 5, ws: 3, toughness: 3, armour: light, command: [musician, standard, champion]}
`

// tb is what the helpers need of a *testing.T, a *testing.B or a
// *rapid.T.
type tb interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

func load(t tb, src string) *scenario.File {
	t.Helper()
	f, err := scenario.Load("test.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// crossbows: two automatic hits at Strength 4 in the shooting phase.
func crossbows(n int) []scenario.Attack {
	return []scenario.Attack{{Name: "Crossbows", Count: scenario.Expr(fmt.Sprint(n)), Phase: rules.Shooting, ToHit: scenario.ToHit{Auto: true}, Strength: 4}}
}

// game builds a battle by its operations, applying each record, and
// returns the state and the log.
type game struct {
	t    tb
	s    battle.State
	recs []battle.Record
}

func (g *game) do(r battle.Record, err error) battle.Record {
	g.t.Helper()
	if err != nil {
		g.t.Fatal(msg.ErrorText(err, msg.English))
	}
	n, err := battle.Apply(g.s, r)
	if err != nil {
		g.t.Fatal(err)
	}
	g.s = n
	g.recs = append(g.recs, r)
	return r
}

func (g *game) attack(unit string, attacks []scenario.Attack, r dice.Roller) {
	g.t.Helper()
	rec, _, err := battle.Attack(g.s, unit, attacks, r)
	g.do(rec, err)
}

func newGame(t tb) *game {
	g := &game{t: t}
	g.do(battle.Add(g.s, "Spearmen", load(t, spearmen)))
	g.do(battle.Add(g.s, "Halberdiers", load(t, halberdiers)))
	return g
}

// content is what a state says of the game, for comparing states: the
// turn and phase, and each unit's exact allocation state.
func content(s battle.State) string {
	var b strings.Builder
	fmt.Fprintf(&b, "turn %d %s\n", s.Turn, s.Phase)
	for _, u := range s.Units() {
		a := (*alloc.Unit)(u.Unit)
		fmt.Fprintf(&b, "%s %d %s %s %s\n", u.Name, u.Starting, u.Unit.Draw(), a.Key(), a.Save())
	}
	return b.String()
}

func TestAttackRecordsItsDice(t *testing.T) {
	g := newGame(t)
	g.do(battle.AdvanceTo(g.s, 1, battle.Shooting))
	// Two hits: to-wound 6, 6 (S4 against T3 wounds on 3+), armour 1, 1
	// (6+ against Strength 4): two casualties.
	rec, res, err := battle.Attack(g.s, "Spearmen", crossbows(2), dice.NewScripted(6, 6, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if res.Tally.Casualties != 2 {
		t.Fatalf("casualties %d, want 2", res.Tally.Casualties)
	}
	var e battle.Attacked
	if err := json.Unmarshal(rec.Data, &e); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(e.Faces) != "[6 6 1 1]" || e.Result.Casualties != 2 || e.Result.Wounds != 2 {
		t.Fatalf("recorded %v %+v", e.Faces, e.Result)
	}
	line, err := battle.Summary(g.s, rec)
	if err != nil {
		t.Fatal(err)
	}
	for l, want := range map[msg.Lang]string{
		msg.English: "Turn 1, shooting: Crossbows at Spearmen: 2 casualties, 2 wounds",
		msg.Russian: "Ход 1, стрельба: Crossbows по Spearmen: 2 потери, 2 раны",
	} {
		if got := line.Text(l); got != want {
			t.Errorf("%v: %q, want %q", l, got, want)
		}
	}
	g.do(rec, nil)
	u, _ := g.s.Unit("Spearmen")
	if u.Unit.Size() != 28 || u.Starting != 30 {
		t.Fatalf("size %d of %d, want 28 of 30", u.Unit.Size(), u.Starting)
	}
	again, err := battle.Replay(g.recs)
	if err != nil {
		t.Fatal(err)
	}
	if content(again) != content(g.s) {
		t.Fatalf("replay:\n%s\nwant\n%s", content(again), content(g.s))
	}
}

func TestRefusals(t *testing.T) {
	g := newGame(t)
	type tc struct {
		name string
		rec  func() (battle.Record, error)
		is   error
		en   string
	}
	attackRec := func(unit string, faces []int, res battle.AttackResult) func() (battle.Record, error) {
		return func() (battle.Record, error) {
			raw, _ := json.Marshal([]map[string]any{{"name": "Crossbows", "count": 2, "phase": "shooting", "to_hit": "auto", "strength": 4}})
			r := battle.NewRecord(g.s.Seq+1, &battle.Attacked{Unit: unit, Attacks: raw, Faces: faces, Result: res}, time.Time{})
			_, err := battle.Apply(g.s, r)
			return r, err
		}
	}
	for _, c := range []tc{
		{"unknown unit", func() (battle.Record, error) {
			_, _, err := battle.Attack(g.s, "Goblins", crossbows(1), dice.NewSeeded(1))
			return battle.Record{}, err
		}, battle.ErrUnknownUnit, "event 3, unit Goblins: no unit Goblins in the battle; its units: Spearmen, Halberdiers"},
		{"dice left", attackRec("Spearmen", []int{6, 6, 1, 1, 4}, battle.AttackResult{Casualties: 2, Wounds: 2, Unsaved: 2}),
			battle.ErrInvalid, "event 3, unit Spearmen: 5 dice were given and 1 was not used: the event needs fewer dice"},
		{"out of dice", attackRec("Spearmen", []int{6, 6, 1}, battle.AttackResult{Casualties: 2, Wounds: 2, Unsaved: 2}),
			dice.ErrOutOfDice, "event 3, unit Spearmen: "},
		{"edited result", attackRec("Spearmen", []int{6, 6, 1, 1}, battle.AttackResult{Casualties: 3, Wounds: 3, Unsaved: 3}),
			battle.ErrInvalid, "event 3, unit Spearmen: its dice give 2 casualties and 2 wounds, and the event says 3 and 3"},
		{"remove too many", func() (battle.Record, error) {
			return battle.Correct(g.s, battle.Corrected{Unit: "Halberdiers", Action: battle.ActionRemove, Count: 21})
		}, battle.ErrInvalid, "event 3, unit Halberdiers: the correction removes 21 models of rank_and_file, and the unit had 20"},
		{"nothing to undo", func() (battle.Record, error) {
			return battle.Redo(g.s)
		}, battle.ErrInvalid, "event 3: nothing to redo: no event was undone since the last one"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.rec()
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, c.is) {
				t.Errorf("%v: not %v", err, c.is)
			}
			if got := err.Error(); !strings.HasPrefix(got, c.en) {
				t.Errorf("error %q, want %q", got, c.en)
			}
			if ru := msg.ErrorText(err, msg.Russian); !strings.HasPrefix(ru, "событие 3") {
				t.Errorf("Russian %q", ru)
			}
		})
	}
}

func TestDestroyedUnitCannotBeAttacked(t *testing.T) {
	g := newGame(t)
	g.do(battle.Correct(g.s, battle.Corrected{Unit: "Halberdiers", Action: battle.ActionRemove, Count: 20}))
	_, _, err := battle.Attack(g.s, "Halberdiers", crossbows(1), dice.NewSeeded(1))
	if !errors.Is(err, battle.ErrInvalid) || err.Error() != "event 4, unit Halberdiers: the unit is destroyed: no model is left" {
		t.Fatalf("%v", err)
	}
}

func TestUndoRedo(t *testing.T) {
	g := newGame(t)
	before := content(g.s)
	g.attack("Spearmen", crossbows(10), dice.NewSeeded(7))
	after := content(g.s)
	if after == before {
		t.Fatal("the attack changed nothing: pick another seed")
	}
	undo := g.do(battle.Undo(g.s))
	if content(g.s) != before {
		t.Fatalf("after undo:\n%s\nwant\n%s", content(g.s), before)
	}
	if g.s.CanRedo() != 3 || g.s.CanUndo() != 2 {
		t.Fatalf("redo %d undo %d", g.s.CanRedo(), g.s.CanUndo())
	}
	g.do(battle.Redo(g.s))
	if content(g.s) != after {
		t.Fatal("redo does not give the state after the attack")
	}
	g.do(battle.Undo(g.s))
	g.do(battle.Correct(g.s, battle.Corrected{Unit: "Spearmen", Action: battle.ActionWound, Count: 1}))
	if _, err := battle.Redo(g.s); !errors.Is(err, battle.ErrInvalid) {
		t.Fatalf("redo after a new event: %v", err)
	}
	log, err := battle.Log(g.recs)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, e := range log {
		mark := ""
		if e.Undone {
			mark = " (undone)"
		}
		lines = append(lines, e.Text.Text(msg.English)+mark)
	}
	want := []string{
		"Deployment: Spearmen takes the field (battleaxe)",
		"Deployment: Halberdiers takes the field (battleaxe)",
		log[2].Text.Text(msg.English) + " (undone)",
		"Deployment: undo of event 3",
		"Deployment: redo of event 3",
		"Deployment: undo of event 3",
		"Deployment: correction: Spearmen takes 1 wound (rank and file)",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Fatalf("log:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	_ = undo
}

func TestSnapshotAndTailEqualReplay(t *testing.T) {
	g := newGame(t)
	g.do(battle.Advance(g.s))
	g.attack("Spearmen", crossbows(12), dice.NewSeeded(3))
	g.do(battle.Correct(g.s, battle.Corrected{Unit: "Halberdiers", Action: battle.ActionRemove, Aim: "champion", Count: 1}))
	snap := battle.EncodeSnapshot(g.s)
	at := len(g.recs)
	g.attack("Halberdiers", crossbows(8), dice.NewSeeded(4))
	g.do(battle.Advance(g.s))
	g.attack("Spearmen", crossbows(9), dice.NewSeeded(5))
	g.do(battle.Undo(g.s))
	s, err := battle.DecodeSnapshot(snap)
	if err != nil {
		t.Fatal(err)
	}
	s, err = battle.ReplayFrom(s, g.recs[at:])
	if err != nil {
		t.Fatal(err)
	}
	full, err := battle.Replay(g.recs)
	if err != nil {
		t.Fatal(err)
	}
	if content(s) != content(full) || content(full) != content(g.s) {
		t.Fatalf("snapshot + tail:\n%s\nfull replay:\n%s", content(s), content(full))
	}
	// An undo past the snapshot needs the whole log.
	s2, _ := battle.DecodeSnapshot(battle.EncodeSnapshot(g.s))
	if _, err := battle.Undo(s2); !errors.Is(err, battle.ErrHistory) {
		t.Fatalf("undo before the snapshot: %v", err)
	}
	if _, err := battle.DecodeSnapshot([]byte(`{"format":1,"units":[{"name":"x","ruleset":"whfb8","target":{"models":5,"toughness":3},"state":{"ranks":9}}]}`)); !errors.Is(err, battle.ErrSnapshot) {
		t.Fatalf("a snapshot that does not fit: %v", err)
	}
}

func TestExportRoundTripAndEdits(t *testing.T) {
	g := newGame(t)
	g.do(battle.AdvanceTo(g.s, 1, battle.Shooting))
	g.attack("Spearmen", crossbows(2), dice.NewScripted(6, 6, 1, 1))
	var buf bytes.Buffer
	if err := battle.Export(&buf, "Test", g.recs); err != nil {
		t.Fatal(err)
	}
	x, s, err := battle.ReadExport("test.json", bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if x.Name != "Test" || len(x.Records) != 4 || content(s) != content(g.s) {
		t.Fatalf("read back %q, %d records", x.Name, len(x.Records))
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, buf.Bytes()); err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(compact.String(), `"faces":[6,6,1,1]`, `"faces":[6,6,1,6]`, 1)
	if edited == compact.String() {
		t.Fatal("the export does not hold the faces as expected")
	}
	_, _, err = battle.ReadExport("test.json", strings.NewReader(edited))
	want := "test.json: records[3]: event 4, unit Spearmen: its dice give 1 casualty and 1 wound, and the event says 2 and 2"
	if err == nil || err.Error() != want || !errors.Is(err, battle.ErrExport) || !errors.Is(err, battle.ErrInvalid) {
		t.Fatalf("edited export: %v\nwant %s", err, want)
	}
	for name, c := range map[string]struct{ src, want string }{
		"format":  {`{"format":2,"name":"x","records":[]}`, "test.json: format 2, and this rearrank reads format 1"},
		"seq":     {`{"format":1,"name":"x","records":[{"seq":2,"kind":"advance","data":{"turn":1,"phase":"movement"}}]}`, "test.json: records[0]: seq 2, and the records are numbered 1, 2, 3...: want 1"},
		"kind":    {`{"format":1,"name":"x","records":[{"seq":1,"kind":"dance","data":{}}]}`, "test.json: records[0]: event 1: unknown kind of event dance: want unit_added, attack, combat, correction, advance, unit_removed, undo, redo"},
		"phase":   {`{"format":1,"name":"x","records":[{"seq":1,"kind":"advance","data":{"turn":1,"phase":"lunch"}}]}`, "test.json: records[0]: event 1: the data of a advance event do not read: unknown phase lunch: want deployment, movement, magic, shooting, combat"},
		"syntax":  {"{\n\"format\":1,", "test.json:2:12: not a battle's export: the JSON ends too early"},
		"type":    {`{"format":1,"name":"x","records":[{"seq":"one","kind":"advance","data":{}}]}`, "test.json:1:47: not a battle's export: records.seq: a text where a whole number is wanted"},
		"unknown": {`{"format":1,"name":"x","records":[],"extra":1}`, "test.json:1:1: not a battle's export: unknown field \"extra\""},
		"no name": {`{"format":1,"records":[]}`, "test.json: the battle has no name"},
	} {
		_, _, err := battle.ReadExport("test.json", strings.NewReader(c.src))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v\nwant %s", name, err, c.want)
		}
	}
	// Why JSON did not read is said in the reader's language too, not in
	// encoding/json's English.
	_, _, err = battle.ReadExport("test.json", strings.NewReader(`{"format":1,"name":"x","records":[{"seq":"one","kind":"advance","data":{}}]}`))
	if got, want := msg.ErrorText(err, msg.Russian), "test.json:1:47: это не экспорт битвы: records.seq: текст там, где ожидается целое число"; got != want {
		t.Errorf("in Russian: %s\nwant %s", got, want)
	}
}

// TestOddsFromTheBattle: odds on a battle's unit after an attack equal the
// odds on a scenario that writes that unit's state by hand (models left).
func TestOddsFromTheBattle(t *testing.T) {
	g := newGame(t)
	g.attack("Halberdiers", crossbows(2), dice.NewScripted(6, 6, 1, 1)) // a 6+ save fails twice: 2 casualties
	u, err := battle.OddsUnit(g.s, "Halberdiers")
	if err != nil {
		t.Fatal(err)
	}
	f := load(t, strings.Replace(halberdiers, "models: 20", "models: 18", 1)+"")
	f.Attacks = crossbows(6)
	hand, attacks, err := f.Build()
	if err != nil {
		t.Fatal(err)
	}
	if u.Draw() != hand.Draw() {
		t.Fatalf("formation %s, by hand %s", u.Draw(), hand.Draw())
	}
	ctx := context.Background()
	a, err := odds.Exact(ctx, u, attacks, odds.Config{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := odds.Exact(ctx, hand, attacks, odds.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Casualties.P) != len(b.Casualties.P) {
		t.Fatalf("casualties %d and %d outcomes", len(a.Casualties.P), len(b.Casualties.P))
	}
	for i := range a.Casualties.P {
		if a.Casualties.P[i].Cmp(b.Casualties.P[i]) != 0 {
			t.Fatalf("P(%d casualties) = %v from the battle, %v by hand", i, a.Casualties.P[i], b.Casualties.P[i])
		}
	}
	if a.Casualties.Mean().Cmp(b.Casualties.Mean()) != 0 || a.Casualties.Mean().Sign() == 0 {
		t.Fatal("means differ or are zero")
	}
	var _ *rearrank.Unit = u
}

const fight = `{"combat":{"charger":"none"},"sides":{
 "a":{"leadership":7,"fights":[{"attacks":1,"initiative":3,"ws":3,"strength":3,"extra_ranks":1},{"by":"champion","attacks":2,"initiative":3,"ws":3,"strength":3}]},
 "b":{"leadership":7,"fights":[{"attacks":1,"initiative":3,"ws":3,"strength":4},{"by":"champion","attacks":2,"initiative":3,"ws":3,"strength":4}]}}}`

func TestCombatRound(t *testing.T) {
	g := newGame(t)
	g.do(battle.AdvanceTo(g.s, 1, battle.CloseCombat))
	rec, round, err := battle.Combat(g.s, "Spearmen", "Halberdiers", json.RawMessage(fight), dice.NewSeeded(11))
	if err != nil {
		t.Fatal(msg.ErrorText(err, msg.English))
	}
	g.do(rec, nil)
	a, _ := g.s.Unit("Spearmen")
	b, _ := g.s.Unit("Halberdiers")
	if a.Unit.Size() != 30-round.Casualties[0] || b.Unit.Size() != 20-round.Casualties[1] || round.Casualties == [2]int{} {
		t.Fatalf("sizes %d, %d after casualties %v", a.Unit.Size(), b.Unit.Size(), round.Casualties)
	}
	full, err := battle.Replay(g.recs)
	if err != nil || content(full) != content(g.s) {
		t.Fatalf("replay of a combat round: %v", err)
	}
	bad := strings.Replace(fight, `"leadership":7,"fights"`, `"unit":{},"leadership":7,"fights"`, 1)
	if _, _, err := battle.Combat(g.s, "Spearmen", "Halberdiers", json.RawMessage(bad), dice.NewSeeded(1)); err == nil ||
		err.Error() != "event 5: sides.a.unit: a side's unit is the battle's, as it stands; leave unit out" {
		t.Fatalf("a side with its own unit: %v", err)
	}
	// A part the combat file needs, missing: named by its path in the
	// fight, with no line of a document nobody wrote.
	noLd := strings.Replace(fight, `"a":{"leadership":7,`, `"a":{`, 1)
	if _, _, err := battle.Combat(g.s, "Spearmen", "Halberdiers", json.RawMessage(noLd), dice.NewSeeded(1)); err == nil ||
		err.Error() != "event 5: sides.a: leadership: required (the value the unit tests on: Leadership, or Discipline)" {
		t.Fatalf("a side without leadership: %v", err)
	}
}

// TestCombatOf: the odds of a round between two of the battle's units
// are those of the combat file that writes the units by hand, at full
// strength and after losses (the Spearmen down to 22, the Halberdiers'
// champion carrying no wound: W1); the round CombatOf builds plays as
// Combat plays it, die for die; its refusals name no event.
func TestCombatOf(t *testing.T) {
	g := newGame(t)
	g.do(battle.AdvanceTo(g.s, 1, battle.CloseCombat))
	byHand := func(models int) string {
		sp := strings.Replace(strings.Split(strings.Split(spearmen, "target: ")[1], "\n")[0], "models: 30", fmt.Sprintf("models: %d", models), 1)
		ha := strings.Split(strings.Split(halberdiers, "target: ")[1], "\n")[0]
		// JSON is YAML's flow style: the units' YAML goes in as it is
		f := strings.NewReplacer(`"a":{`, `"a":{"unit":`+sp+`,`, `"b":{`, `"b":{"unit":`+ha+`,`).Replace(fight)
		return `{"ruleset":"battleaxe",` + strings.TrimPrefix(f, "{")
	}
	same := func(what string, models int) {
		t.Helper()
		c, err := battle.CombatOf(g.s, "Spearmen", "Halberdiers", json.RawMessage(fight))
		if err != nil {
			t.Fatal(msg.ErrorText(err, msg.English))
		}
		got, err := c.Exact(context.Background(), combat.ExactConfig{})
		if err != nil {
			t.Fatal(err)
		}
		h, err := combat.Load("hand.yaml", []byte(byHand(models)))
		if err != nil {
			t.Fatal(err)
		}
		want, err := h.Exact(context.Background(), combat.ExactConfig{})
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range [][2]*big.Rat{{got.AWins, want.AWins}, {got.Draw, want.Draw}, {got.BWins, want.BWins}, {got.LoserBreaks, want.LoserBreaks}} {
			if p[0].Cmp(p[1]) != 0 {
				t.Errorf("%s: chance %d is %v from the battle, %v by hand", what, i, p[0], p[1])
			}
		}
		if got.AWins.Sign() == 0 || got.BWins.Sign() == 0 {
			t.Errorf("%s: a side cannot win: %v %v", what, got.AWins, got.BWins)
		}
	}
	same("at full strength", 30)
	g.do(battle.Correct(g.s, battle.Corrected{Unit: "Spearmen", Action: "remove", Count: 8}))
	same("with 8 Spearmen lost", 22)

	// The round CombatOf builds is the one Combat plays.
	c, err := battle.CombatOf(g.s, "Spearmen", "Halberdiers", json.RawMessage(fight))
	if err != nil {
		t.Fatal(err)
	}
	played, err := c.Resolve(dice.NewSeeded(5))
	if err != nil {
		t.Fatal(err)
	}
	_, round, err := battle.Combat(g.s, "Spearmen", "Halberdiers", json.RawMessage(fight), dice.NewSeeded(5))
	if err != nil {
		t.Fatal(err)
	}
	if played.Casualties != round.Casualties || played.Outcome.Score != round.Outcome.Score {
		t.Errorf("CombatOf's round %v %v, Combat's %v %v", played.Casualties, played.Outcome.Score, round.Casualties, round.Outcome.Score)
	}
	for _, c := range []struct{ a, b, want string }{
		{"Spearmen", "Spearmen", "unit Spearmen: a unit cannot fight itself"},
		{"Spearmen", "Goblins", "unit Goblins: no unit Goblins in the battle; its units: Spearmen, Halberdiers"},
	} {
		if _, err := battle.CombatOf(g.s, c.a, c.b, json.RawMessage(fight)); err == nil || msg.ErrorText(err, msg.English) != c.want {
			t.Errorf("%s against %s: %v, want %q", c.a, c.b, err, c.want)
		}
	}
	noLd := strings.Replace(fight, `"a":{"leadership":7,`, `"a":{`, 1)
	if _, err := battle.CombatOf(g.s, "Spearmen", "Halberdiers", json.RawMessage(noLd)); err == nil ||
		err.Error() != "sides.a: leadership: required (the value the unit tests on: Leadership, or Discipline)" {
		t.Errorf("a side without leadership: %v", err)
	}
}

// TestSkirmishWarrior: a skirmish warrior carries his wounds and his
// state (RULES.md 13) from one attack to the next, through a snapshot
// too; he is corrected with set.
func TestSkirmishWarrior(t *testing.T) {
	g := &game{t: t}
	g.do(battle.Add(g.s, "Captain", load(t, "ruleset: skirmish\nattacks: [{count: 1, strength: 1}]\ntarget: {models: 1, ws: 4, toughness: 3, wounds: 2, armour: light, helmet: true}\n")))
	club := []scenario.Attack{{Name: "Gor's club", Attacker: "Gor", Count: "1", WS: 4, Strength: 4, WeaponClass: rules.Bludgeoning}}
	for seed := uint64(1); len(g.recs) < 4; seed++ {
		rec, _, err := battle.Attack(g.s, "Captain", club, dice.NewSeeded(seed))
		if err != nil {
			t.Fatal(err)
		}
		g.do(rec, nil)
	}
	full, err := battle.Replay(g.recs)
	if err != nil || content(full) != content(g.s) {
		t.Fatalf("replay: %v", err)
	}
	s, err := battle.DecodeSnapshot(battle.EncodeSnapshot(g.s))
	if err != nil || content(s) != content(g.s) {
		t.Fatalf("snapshot: %v\n%s\nwant\n%s", err, content(s), content(g.s))
	}
	if _, err := battle.Correct(g.s, battle.Corrected{Unit: "Captain", Action: battle.ActionRemove, Count: 1}); err == nil ||
		err.Error() != "event 5, unit Captain: a skirmish warrior is corrected with action set, not remove" {
		t.Fatalf("remove on a warrior: %v", err)
	}
	g.do(battle.Correct(g.s, battle.Corrected{Unit: "Captain", Action: battle.ActionSet, Target: json.RawMessage(`{"models":1,"ws":4,"toughness":3,"wounds":2,"armour":"light","helmet":true,"damage":1}`)}))
	u, _ := g.s.Unit("Captain")
	if f := u.Unit.Fighter(); f == nil || f.Damage != 1 {
		t.Fatalf("after set: %+v", f)
	}
}

// TestOwnerChoices: with rear_rank_order: owner_choice (R12) the owner
// picks which rear-rank model goes; the answers are recorded with the
// dice and replayed, and a log whose answers were edited away is refused.
func TestOwnerChoices(t *testing.T) {
	g := &game{t: t}
	g.do(battle.Add(g.s, "Spearmen", load(t, "ruleset: whfb8\noptions: {rear_rank_order: owner_choice}\nattacks: [{count: 1, strength: 1}]\ntarget: {models: 13, frontage: 5, toughness: 3}\n")))
	asked := 0
	last := unit.ChooserFunc(func(c unit.Choice) int { asked++; return len(c.Options) - 1 })
	rec, _, err := battle.AttackWith(g.s, "Spearmen", crossbows(2), dice.NewScripted(6, 6), last)
	if err != nil {
		t.Fatal(err)
	}
	var e battle.Attacked
	if err := json.Unmarshal(rec.Data, &e); err != nil {
		t.Fatal(err)
	}
	if asked == 0 || e.Choices == nil || len(e.Choices.Answers) != asked || e.Choices.Answers[0].Ask != "rear_rank_order" {
		t.Fatalf("asked %d times, recorded %+v", asked, e.Choices)
	}
	g.do(rec, nil)
	// The same dice with the engine's default (alternate ends, left first)
	// take other models.
	def, _, err := battle.Attack(battle.State{Seq: 0}, "Spearmen", crossbows(2), dice.NewScripted(6, 6))
	if err == nil {
		t.Fatalf("an attack on an empty battle: %v", def)
	}
	byDefault := &game{t: t}
	byDefault.do(g.recs[0], nil)
	byDefault.attack("Spearmen", crossbows(2), dice.NewScripted(6, 6))
	if content(byDefault.s) == content(g.s) {
		t.Fatal("the owner's answers changed nothing")
	}
	full, err := battle.Replay(g.recs)
	if err != nil || content(full) != content(g.s) {
		t.Fatalf("replay with choices: %v", err)
	}
	e.Choices = nil
	edited := battle.NewRecord(rec.Seq, &e, rec.At)
	if _, err := battle.Replay([]battle.Record{g.recs[0], edited}); err == nil ||
		err.Error() != "event 2, unit Spearmen: the owner's 0 recorded answers do not match the questions the attack asks" {
		t.Fatalf("answers edited away: %v", err)
	}
}

// TestSetKeepsStartingSize: a unit set by hand as it now stands keeps its
// size at deployment where the ruleset reads it (tow's panic, RULES.md
// 22.9).
func TestSetKeepsStartingSize(t *testing.T) {
	g := &game{t: t}
	g.do(battle.Add(g.s, "State Troops", load(t, "ruleset: tow\nattacks: [{count: 1, strength: 1}]\ntarget: {models: 20, frontage: 5, toughness: 3}\n")))
	g.do(battle.Correct(g.s, battle.Corrected{Unit: "State Troops", Action: battle.ActionSet, Target: json.RawMessage(`{"models":12,"frontage":5,"toughness":3}`)}))
	u, _ := g.s.Unit("State Troops")
	if sm := u.Unit.Snapshot().StartingModels; sm == nil || *sm != 20 || u.Unit.Size() != 12 || u.Starting != 20 {
		t.Fatalf("starting %v, size %d", sm, u.Unit.Size())
	}
	s, err := battle.DecodeSnapshot(battle.EncodeSnapshot(g.s))
	if err != nil || content(s) != content(g.s) {
		t.Fatalf("snapshot: %v", err)
	}
}
