package bench

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/battle/postgres"
	"github.com/rearrank/rearrank/internal/pgtest"
	"github.com/rearrank/rearrank/web"
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

// benchAttackHTTP is the loop of BenchmarkBattleHTTPAttack on store st:
// the percentiles of a whole attack request through a kept-alive TCP
// connection.
func benchAttackHTTP(b *testing.B, st battle.Store) {
	ts := httptest.NewServer(web.New(web.Config{Battles: st}).Handler())
	defer ts.Close()
	client := ts.Client()
	post := func(path, body string, version int64) []byte {
		b.Helper()
		req, err := http.NewRequest("POST", ts.URL+path, strings.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		if version >= 0 {
			req.Header.Set("If-Match", `"`+strconv.FormatInt(version, 10)+`"`)
		}
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode/100 != 2 {
			b.Fatalf("POST %s: %d %s %v", path, resp.StatusCode, data, err)
		}
		return data
	}
	var created struct{ ID string }
	if err := json.Unmarshal(post("/api/battles", `{"name": "bench"}`, -1), &created); err != nil {
		b.Fatal(err)
	}
	base := "/api/battles/" + created.ID
	post(base+"/units", `{"name": "Spearmen", "ruleset": "battleaxe", "target": {"models": 30, "frontage": 10, "toughness": 3, "armour": "light", "shield": true}}`, 0)
	attack := `{"target": "Spearmen", "attacks": [{"name": "Slings", "count": 10, "phase": "shooting", "to_hit": "auto", "strength": 1}], "dice": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]}`
	version := int64(1)
	var took []time.Duration
	for b.Loop() {
		start := time.Now()
		post(base+"/attacks", attack, version)
		took = append(took, time.Since(start))
		version++
	}
	reportPercentiles(b, took)
}
