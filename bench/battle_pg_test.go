package bench

import (
	"context"
	"testing"
	"time"

	"github.com/rearrank/rearrank/battle/postgres"
	"github.com/rearrank/rearrank/internal/pgtest"
)

// The battle store on PostgreSQL (issue 30): a throwaway cluster on this
// machine (internal/pgtest) with PostgreSQL's own defaults for
// durability (fsync, synchronous commit: each commit waits for its WAL to
// be flushed), reached over TCP on 127.0.0.1 as a server on another host
// would be.

// pgStore opens a store on a durable throwaway cluster.
func pgStore(b *testing.B) *postgres.Store {
	b.Helper()
	c := pgtest.StartWith(b, pgtest.Options{Durable: true})
	s, err := postgres.Open(context.Background(), c.NewDatabase(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = s.Close() })
	return s
}

// BenchmarkStoreAppendPG is BenchmarkStoreAppend on PostgreSQL: one
// attack record appended at the version read.
func BenchmarkStoreAppendPG(b *testing.B) {
	ctx := context.Background()
	s := pgStore(b)
	m, err := s.Create(ctx, "bench")
	if err != nil {
		b.Fatal(err)
	}
	r := attackRecord(b)
	b.SetBytes(int64(len(r.Data)))
	var took []time.Duration
	for b.Loop() {
		start := time.Now()
		if m, err = s.Append(ctx, m.ID, m.Version, r); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	reportPercentiles(b, took)
}

// BenchmarkBattleHTTPAttackPG is BenchmarkBattleHTTPAttack with the
// battle in PostgreSQL: issue 30 asks under 10 ms p99.
func BenchmarkBattleHTTPAttackPG(b *testing.B) {
	benchAttackHTTP(b, pgStore(b))
}
