package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/battle/sqlite"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
)

// attackRecord is a record the size of an attack in a battle's log: S1's
// 20 attacks, the dice the referee rolled for them and its tally (the
// full event list stays out: the log keeps the dice, and replays the
// events from them).
func attackRecord(tb testing.TB) battle.Record {
	tb.Helper()
	u, attacks := load(tb, "s1.yaml")
	rec := dice.NewRecorder(dice.NewSeeded(28))
	res, err := referee.Resolve(u, attacks, rec)
	if err != nil {
		tb.Fatal(err)
	}
	data, err := json.Marshal(map[string]any{"target": "Ogres", "attacks": attacks, "dice": rec.Faces(), "tally": res.Tally})
	if err != nil {
		tb.Fatal(err)
	}
	return battle.Record{Kind: "attack", Data: data}
}

// openBattle opens a store in a fresh file of dir on the disk and makes a
// battle of n attack records, with a snapshot after the last when snap.
func openBattle(b *testing.B, dir string, n int, snap bool) (*sqlite.Store, battle.Meta) {
	b.Helper()
	ctx := context.Background()
	s, err := sqlite.Open(ctx, filepath.Join(dir, "battles.db"))
	if err != nil {
		b.Fatal(err)
	}
	m, err := s.Create(ctx, "bench")
	if err != nil {
		b.Fatal(err)
	}
	r := attackRecord(b)
	for m.Version < int64(n) {
		batch := make([]battle.Record, min(100, n-int(m.Version)))
		for i := range batch {
			batch[i] = r
		}
		if m, err = s.Append(ctx, m.ID, m.Version, batch...); err != nil {
			b.Fatal(err)
		}
	}
	if snap {
		state := make([]byte, 16<<10) // a state of a few units, generously
		if err := s.SaveSnapshot(ctx, m.ID, m.Version-10, state); err != nil {
			b.Fatal(err)
		}
	}
	return s, m
}

// BenchmarkStoreAppend: one attack record appended and acknowledged
// (committed in WAL mode, synchronous=NORMAL) to a battle in a file on the disk,
// issue 28's "under 5 ms p99". It reports the percentiles of the appends.
func BenchmarkStoreAppend(b *testing.B) {
	ctx := context.Background()
	s, m := openBattle(b, b.TempDir(), 0, false)
	defer s.Close()
	r := attackRecord(b)
	b.SetBytes(int64(len(r.Data)))
	var took []time.Duration
	var err error
	for b.Loop() {
		start := time.Now()
		if m, err = s.Append(ctx, m.ID, m.Version, r); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	reportPercentiles(b, took)
}

func reportPercentiles(b *testing.B, took []time.Duration) {
	slices.Sort(took)
	at := func(p float64) float64 {
		return float64(took[min(len(took)-1, int(p*float64(len(took))))].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
	b.ReportMetric(at(1), "max-ms")
}

// BenchmarkStoreRecords1000 reads a battle's log of 1,000 attack records
// and decodes each, the store's share of replaying a battle (issue 28:
// the replay under 200 ms).
func BenchmarkStoreRecords1000(b *testing.B) {
	ctx := context.Background()
	s, m := openBattle(b, b.TempDir(), 1000, false)
	defer s.Close()
	b.ReportAllocs()
	for b.Loop() {
		rs, err := s.Records(ctx, m.ID, 0, 0)
		if err != nil || len(rs) != 1000 {
			b.Fatal(len(rs), err)
		}
		for _, r := range rs {
			var v map[string]json.RawMessage
			if err := json.Unmarshal(r.Data, &v); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkStoreOpen opens a battle of 1,000 records the way a command
// does: the file, the battle, its snapshot and the records after it
// (issue 28: under 20 ms).
func BenchmarkStoreOpen(b *testing.B) {
	ctx := context.Background()
	dir := b.TempDir()
	s, m := openBattle(b, dir, 1000, true)
	s.Close()
	path := filepath.Join(dir, "battles.db")
	b.ReportAllocs()
	for b.Loop() {
		s, err := sqlite.Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		got, err := s.Get(ctx, m.Name)
		if err != nil {
			b.Fatal(err)
		}
		seq, _, err := s.Snapshot(ctx, got.ID)
		if err != nil {
			b.Fatal(err)
		}
		tail, err := s.Records(ctx, got.ID, seq, 0)
		if err != nil || len(tail) != 10 {
			b.Fatal(fmt.Sprint(len(tail)), err)
		}
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
