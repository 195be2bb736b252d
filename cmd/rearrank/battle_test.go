package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/battle/sqlite"
	"github.com/rearrank/rearrank/msg"
)

// battleRun runs rearrank battle with args on database db and returns
// its standard output, failing the test on an error.
func battleRun(t *testing.T, db string, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	args = append(append([]string{"battle"}, args...), "--db", db)
	if err := run(context.Background(), args, env{stdout: &out, stderr: &errOut}); err != nil {
		t.Fatalf("rearrank %s: %v\n%s", strings.Join(args, " "), err, errOut.String())
	}
	return out.String()
}

// TestBattleExportImport plays a battle of every kind of event, exports
// it and imports the export under another name: the import replays to
// the same battle, unit by unit (battle show --json), and logs the same
// lines.
func TestBattleExportImport(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "b.db")
	ex := func(name string) string { return filepath.Join("..", "..", "examples", name) }
	battleRun(t, db, "new", "game")
	battleRun(t, db, "add", "game", ex("champion-challenge.yaml"))
	battleRun(t, db, "add", "game", ex("whfb8-killing-blow-knights.yaml"), "--name", "Knights")
	battleRun(t, db, "add", "game", ex("whfb8-flaming-regen.yaml"), "--name", "Trolls")
	battleRun(t, db, "turn", "game", "1", "shooting")
	battleRun(t, db, "attack", "game", "--target", "Spearmen", "--seed", "3", ex("whfb8-poisoned-crossbows.yaml"))
	battleRun(t, db, "attack", "game", "--target", "Trolls", "--seed", "5", ex("whfb8-flaming-regen.yaml"))
	battleRun(t, db, "next", "game")
	battleRun(t, db, "combat", "game", "Spearmen", "Knights", "--seed", "7", ex("combat-spears-halberds.yaml"))
	battleRun(t, db, "fix", "game", "Knights", "--wound", "1", "--aim", "champion")
	battleRun(t, db, "undo", "game")
	battleRun(t, db, "undo", "game")
	battleRun(t, db, "redo", "game")
	battleRun(t, db, "fix", "game", "Trolls", "--models", "2")

	file := filepath.Join(dir, "game.json")
	battleRun(t, db, "export", "game", "-o", file)
	got := battleRun(t, db, "import", file, "--name", "copy")
	if want := "battle copy imported: 13 events, 3 units\n"; got != want {
		t.Errorf("import says %q, want %q", got, want)
	}

	var a, b showJSON
	if err := json.Unmarshal([]byte(battleRun(t, db, "show", "game", "--json")), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(battleRun(t, db, "show", "copy", "--json")), &b); err != nil {
		t.Fatal(err)
	}
	if a.Name != "game" || b.Name != "copy" {
		t.Errorf("names %q and %q, want game and copy", a.Name, b.Name)
	}
	a.Name, b.Name = "", ""
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("the import shows otherwise than the battle exported (-exported +imported):\n%s", diff)
	}
	if len(a.Units) != 3 || a.Events != 13 || a.Units[0].Models == a.Units[0].Starting {
		t.Errorf("the battle played is not the one meant: %+v", a)
	}
	if la, lb := battleRun(t, db, "log", "game"), battleRun(t, db, "log", "copy"); la != lb {
		t.Errorf("the logs differ:\n%s\n%s", la, lb)
	}
}

// TestBattleSnapshots: a write that makes the battle's version a multiple
// of snapshotEvery saves a snapshot of the state after it, which opens to
// the state of the whole log; an import of as many records saves one too.
func TestBattleSnapshots(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "b.db")
	battleRun(t, db, "new", "long")
	battleRun(t, db, "add", "long", filepath.Join("..", "..", "examples", "crossbows.yaml"))
	for range snapshotEvery - 1 {
		battleRun(t, db, "next", "long")
	}
	ctx := context.Background()
	st, err := sqlite.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m, err := st.Get(ctx, "long")
	if err != nil {
		t.Fatal(err)
	}
	seq, data, err := st.Snapshot(ctx, m.ID)
	if err != nil {
		t.Fatalf("no snapshot after %d records: %v", snapshotEvery, err)
	}
	if seq != snapshotEvery {
		t.Errorf("snapshot at %d, want %d", seq, snapshotEvery)
	}
	snap, err := battle.DecodeSnapshot(data)
	if err != nil {
		t.Fatal(err)
	}
	full, err := battle.OpenFull(ctx, st, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Seq != full.Seq || snap.Turn != full.Turn || snap.Phase != full.Phase || snap.Turn != 16 {
		t.Errorf("snapshot at seq %d turn %d %v, the log at seq %d turn %d %v (want turn 16)", snap.Seq, snap.Turn, snap.Phase, full.Seq, full.Turn, full.Phase)
	}
	// undo reaches before the snapshot: the whole log is replayed for it
	battleRun(t, db, "undo", "long")
	if got := battleRun(t, db, "show", "long"); !strings.HasPrefix(got, "long: turn 16, magic; 65 events\n") {
		t.Errorf("after the undo: %q", got)
	}

	file := filepath.Join(dir, "long.json")
	battleRun(t, db, "export", "long", "-o", file)
	battleRun(t, db, "import", file, "--name", "again")
	m2, err := st.Get(ctx, "again")
	if err != nil {
		t.Fatal(err)
	}
	if seq, _, err := st.Snapshot(ctx, m2.ID); err != nil || seq != 65 {
		t.Errorf("import's snapshot at %d (%v), want 65", seq, err)
	}
}

// racingStore is a store where another writer appends an advance just
// before the first Append of this one.
type racingStore struct {
	battle.Store
	raced bool
}

func (r *racingStore) Append(ctx context.Context, id string, version int64, recs ...battle.Record) (battle.Meta, error) {
	if !r.raced {
		r.raced = true
		s, err := battle.Open(ctx, r.Store, id)
		if err != nil {
			return battle.Meta{}, err
		}
		rec, err := battle.Advance(s)
		if err != nil {
			return battle.Meta{}, err
		}
		if _, err := r.Store.Append(ctx, id, version, rec); err != nil {
			return battle.Meta{}, err
		}
	}
	return r.Store.Append(ctx, id, version, recs...)
}

// TestBattleStale: a write that finds the battle changed under it builds
// its record again on the battle as it now stands, once, where the
// record takes nothing of the player but the command; where it holds
// dice the player gave for the battle as it stood, it is refused with the
// store's stale error.
func TestBattleStale(t *testing.T) {
	db := filepath.Join(t.TempDir(), "b.db")
	battleRun(t, db, "new", "game")
	battleRun(t, db, "add", "game", filepath.Join("..", "..", "examples", "crossbows.yaml"))
	ctx := context.Background()
	st, err := sqlite.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m, err := st.Get(ctx, "game")
	if err != nil {
		t.Fatal(err)
	}

	s := &session{st: &racingStore{Store: st}, meta: m}
	before, rec, err := s.write(ctx, battle.Advance, true)
	if err != nil {
		t.Fatalf("retried write: %v", err)
	}
	if before.Seq != 2 || rec.Seq != 3 || s.meta.Version != 3 {
		t.Errorf("retried write: built on seq %d, appended as %d, version %d; want 2, 3, 3", before.Seq, rec.Seq, s.meta.Version)
	}
	if got := battleRun(t, db, "show", "game"); !strings.HasPrefix(got, "game: turn 1, magic; 3 events\n") {
		t.Errorf("after the race: %q", got)
	}

	s = &session{st: &racingStore{Store: st}, meta: s.meta}
	if _, _, err := s.write(ctx, battle.Advance, false); !errors.Is(err, battle.ErrStale) {
		t.Errorf("write without retry: %v, want the stale error", err)
	} else if got, want := msg.ErrorText(err, msg.English), "the battle changed since you read it (version 3, now 4): read it again and retry"; got != want {
		t.Errorf("stale error %q, want %q", got, want)
	}
	if got := battleRun(t, db, "show", "game"); !strings.HasPrefix(got, "game: turn 1, shooting; 4 events\n") {
		t.Errorf("after the refused write: %q", got)
	}
}

// TestBattleREADME runs the README's battle, the block of `rearrank battle`
// commands, on a database of its own (TestREADMESamples runs the
// `$ rearrank` samples, which would use the default database), and checks
// that the block after it is what its last command, the log, prints.
func TestBattleREADME(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(readme), "\n")
	var cmds, want []string
	for i := 0; i < len(lines); i++ {
		if lines[i] != "```sh" || i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "rearrank battle ") {
			continue
		}
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			cmds = append(cmds, lines[i])
		}
		for i++; i < len(lines) && lines[i] != "```"; i++ {
		}
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			want = append(want, lines[i])
		}
		break
	}
	if len(cmds) < 5 || len(want) < 3 {
		t.Fatalf("the README's battle: %d commands, %d lines of log", len(cmds), len(want))
	}
	db := filepath.Join(t.TempDir(), "b.db")
	var out string
	for _, c := range cmds {
		args := strings.Fields(strings.TrimPrefix(c, "rearrank battle "))
		for j, a := range args {
			if strings.HasPrefix(a, "examples/") {
				args[j] = "../../" + a
			}
		}
		out = battleRun(t, db, args...)
	}
	if got := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); !slices.Equal(got, want) {
		t.Errorf("the README's log:\n%s\nthe log printed:\n%s", strings.Join(want, "\n"), out)
	}
}
