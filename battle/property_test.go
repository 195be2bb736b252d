package battle_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/scenario"
)

// randomBattle plays a random battle through the operations: two units of
// one block ruleset, attacks with seeded dice, combat rounds, corrections,
// phases, undo and redo. It checks, as it goes, that an undo gives back
// the state before the undone event, and returns the game.
func randomBattle(t *rapid.T) *game {
	rs := rapid.SampledFrom([]string{"battleaxe", "whfb8", "t9a", "t9a1-ru", "tow"}).Draw(t, "ruleset")
	g := &game{t: t}
	before := map[int64]string{} // seq -> the state before that event
	for _, name := range []string{"A", "B"} {
		w := rapid.IntRange(1, 3).Draw(t, name+".wounds")
		src := fmt.Sprintf("ruleset: %s\n%sattacks: [{count: 1, strength: 1}]\ntarget: {models: %d, frontage: 5, toughness: %d, wounds: %d%s}\n",
			rs, rapid.SampledFrom([]string{"", "options: {rear_rank_order: owner_choice}\n"}).Draw(t, name+".options"), rapid.IntRange(3, 25).Draw(t, name+".models"), rapid.IntRange(2, 5).Draw(t, name+".toughness"), w,
			rapid.SampledFrom([]string{"", ", command: [champion]", ", command: [musician, standard, champion]"}).Draw(t, name+".command"))
		before[g.s.Seq+1] = content(g.s)
		g.do(battle.Add(g.s, name, load(t, src)))
	}
	steps := rapid.IntRange(1, 30).Draw(t, "steps")
	for i := range steps {
		var rec battle.Record
		var err error
		unit := rapid.SampledFrom([]string{"A", "B"}).Draw(t, "unit")
		switch op := rapid.IntRange(0, 9).Draw(t, fmt.Sprint("op", i)); op {
		case 0, 1, 2, 3:
			a := scenario.Attack{Name: "Shots", Count: scenario.Expr(fmt.Sprint(rapid.IntRange(1, 12).Draw(t, "count"))),
				ToHit: scenario.ToHit{Auto: rapid.Bool().Draw(t, "auto")}, Strength: rapid.IntRange(2, 6).Draw(t, "strength")}
			if !a.ToHit.Auto {
				a.ToHit, _ = scenario.ParseToHit("4+")
			}
			if rapid.Bool().Draw(t, "mw") {
				a.MultipleWounds = "D3"
			}
			rec, _, err = battle.Attack(g.s, unit, []scenario.Attack{a}, dice.NewSeeded(rapid.Uint64().Draw(t, "seed")))
		case 4:
			rec, _, err = battle.Combat(g.s, "A", "B", json.RawMessage(`{"sides":{"a":{"leadership":7,"fights":[{"attacks":1,"initiative":3,"strength":4}]},"b":{"leadership":8,"fights":[{"attacks":2,"initiative":2,"strength":3}]}}}`),
				dice.NewSeeded(rapid.Uint64().Draw(t, "seed")))
		case 5:
			rec, err = battle.Correct(g.s, battle.Corrected{Unit: unit, Action: rapid.SampledFrom([]string{battle.ActionRemove, battle.ActionWound}).Draw(t, "action"),
				Count: rapid.IntRange(1, 3).Draw(t, "n")})
		case 6:
			rec, err = battle.Advance(g.s)
		case 7, 8:
			rec, err = battle.Undo(g.s)
		case 9:
			rec, err = battle.Redo(g.s)
		}
		if err != nil {
			if msg.ErrorText(err, msg.English) == "" {
				t.Fatal("an error with no text")
			}
			continue // refused: the state does not allow it now
		}
		undoes := g.s.CanUndo()
		before[rec.Seq] = content(g.s)
		g.do(rec, nil)
		if rec.Kind == battle.KindUndo {
			if got, want := content(g.s), before[undoes]; got != want {
				t.Fatalf("after undo of %d:\n%s\nwant the state before it:\n%s", undoes, got, want)
			}
		}
	}
	return g
}

// TestReplayIsTheState: replaying a battle's log with its recorded dice
// gives the state its operations built, always; and so does a snapshot
// taken anywhere with the log's tail after it.
func TestReplayIsTheState(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := randomBattle(t)
		full, err := battle.Replay(g.recs)
		if err != nil {
			t.Fatal(err)
		}
		if content(full) != content(g.s) || full.Seq != g.s.Seq {
			t.Fatalf("replay:\n%s\nstate:\n%s", content(full), content(g.s))
		}
		at := rapid.IntRange(0, len(g.recs)).Draw(t, "snapshot at")
		mid, err := battle.Replay(g.recs[:at])
		if err != nil {
			t.Fatal(err)
		}
		s, err := battle.DecodeSnapshot(battle.EncodeSnapshot(mid))
		if err != nil {
			t.Fatal(err)
		}
		if content(s) != content(mid) {
			t.Fatalf("snapshot:\n%s\nstate:\n%s", content(s), content(mid))
		}
		s, err = battle.ReplayFrom(s, g.recs[at:])
		switch {
		case err == nil:
			if content(s) != content(full) {
				t.Fatalf("snapshot + tail:\n%s\nfull:\n%s", content(s), content(full))
			}
		case !isHistory(err):
			t.Fatal(err)
		}
	})
}

func isHistory(err error) bool { return errors.Is(err, battle.ErrHistory) }
