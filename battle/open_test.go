package battle_test

import (
	"context"
	"errors"
	"testing"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/dice"
)

// logStore is a battle.Store of one battle in memory, enough for Open:
// its records, its snapshot, and a count of the records it handed out.
type logStore struct {
	battle.Store // the methods Open does not call panic
	recs         []battle.Record
	snapSeq      int64
	snap         []byte
	read         int
}

func (m *logStore) Records(_ context.Context, _ string, after int64, _ int) ([]battle.Record, error) {
	out := m.recs[after:]
	m.read += len(out)
	return out, nil
}

func (m *logStore) Snapshot(context.Context, string) (int64, []byte, error) {
	if m.snap == nil {
		return 0, nil, battle.ErrNotFound
	}
	return m.snapSeq, m.snap, nil
}

func TestOpen(t *testing.T) {
	g := newGame(t)
	for i := range 6 {
		g.attack("Spearmen", crossbows(6), dice.NewSeeded(uint64(i)))
	}
	ctx := context.Background()
	st := &logStore{recs: g.recs}
	s, err := battle.Open(ctx, st, "b")
	if err != nil || content(s) != content(g.s) || st.read != len(g.recs) {
		t.Fatalf("without a snapshot: %v, read %d records", err, st.read)
	}
	mid, _ := battle.Replay(g.recs[:5])
	st = &logStore{recs: g.recs, snapSeq: 5, snap: battle.EncodeSnapshot(mid)}
	s, err = battle.Open(ctx, st, "b")
	if err != nil || content(s) != content(g.s) || st.read != len(g.recs)-5 {
		t.Fatalf("snapshot and tail: %v, read %d records", err, st.read)
	}
	// Undo back past the snapshot: Open replays the whole log.
	for range 4 {
		g.do(battle.Undo(g.s))
	}
	st = &logStore{recs: g.recs, snapSeq: 5, snap: battle.EncodeSnapshot(mid)}
	s, err = battle.Open(ctx, st, "b")
	if err != nil || content(s) != content(g.s) || st.read != len(g.recs)-5+len(g.recs) {
		t.Fatalf("undo past the snapshot: %v, read %d records", err, st.read)
	}
	// A snapshot that does not read is a cache lost: the log is replayed.
	st = &logStore{recs: g.recs, snapSeq: 5, snap: []byte("{")}
	if s, err = battle.Open(ctx, st, "b"); err != nil || content(s) != content(g.s) {
		t.Fatalf("a broken snapshot: %v", err)
	}
	if _, err := battle.Undo(mid); err != nil {
		t.Fatal(err)
	}
	s, _ = battle.DecodeSnapshot(battle.EncodeSnapshot(mid))
	if _, err := battle.Undo(s); !errors.Is(err, battle.ErrHistory) {
		t.Fatalf("undo in a state opened from a snapshot: %v", err)
	}
}
