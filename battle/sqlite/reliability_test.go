package sqlite

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/battle/storetest"
	"github.com/rearrank/rearrank/internal/proptest"
)

// full reports whether the run asked for the full checks (CI's
// REARRANK_FULL_CHECKS=1, as internal/proptest reads it).
func full() bool { return os.Getenv(proptest.FullEnv) != "" }

// writerEnv names the database a child writer of TestKill appends to.
const writerEnv = "REARRANK_STORE_WRITER"

// payload is what the child writer puts in a record: its text, and the
// sum of it, so a half-written record shows.
type payload struct {
	K    int    `json:"k"`
	Text string `json:"text"`
	Sum  string `json:"sum"`
}

func sum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:8])
}

// fold is the state after records: their count and a digest of their
// sums in order. The child keeps it as the snapshot; the parent replays
// the log to the same.
func fold(rs []battle.Record) string {
	h := sha256.New()
	for _, r := range rs {
		var p payload
		_ = json.Unmarshal(r.Data, &p)
		h.Write([]byte(p.Sum))
	}
	return fmt.Sprintf(`{"count":%d,"digest":"%x"}`, len(rs), h.Sum(nil)[:8])
}

// TestHelperWriter is the child process of TestKill: it appends to the
// battle "kill" until it is killed, and writes "ack SEQ" to stdout for
// each record once its append returned.
func TestHelperWriter(t *testing.T) {
	path := os.Getenv(writerEnv)
	if path == "" {
		t.Skip("the child process of TestKill")
	}
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Get(ctx, "kill")
	if errors.Is(err, battle.ErrNotFound) {
		m, err = s.Create(ctx, "kill")
	}
	if err != nil {
		t.Fatal(err)
	}
	rs, err := s.Records(ctx, m.ID, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(uint64(m.Version), uint64(os.Getpid())))
	out := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(out, "ready")
	if err := out.Flush(); err != nil {
		t.Fatal(err)
	}
	for k := int(m.Version); ; {
		recs := make([]battle.Record, 1+r.IntN(3))
		for i := range recs {
			k++
			text := strings.Repeat(strconv.Itoa(k), 1+r.IntN(400))
			data, _ := json.Marshal(payload{K: k, Text: text, Sum: sum(text)})
			recs[i] = battle.Record{Kind: "attack", Data: data}
		}
		if m, err = s.Append(ctx, m.ID, m.Version, recs...); err != nil {
			t.Fatal(err)
		}
		for i := range recs {
			fmt.Fprintf(out, "ack %d\n", m.Version-int64(len(recs)-1-i))
			rs = append(rs, battle.Record{Data: recs[i].Data})
		}
		if err := out.Flush(); err != nil {
			t.Fatal(err)
		}
		if r.IntN(5) == 0 {
			if err := s.SaveSnapshot(ctx, m.ID, m.Version, []byte(fold(rs))); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestKill is issue 28's kill -9 check: a child process appends, the
// test kills it with SIGKILL at a random moment (seeded), reopens the
// database and checks it: PRAGMA integrity_check is ok, every
// acknowledged record is there, the log runs 1..version without a gap or
// a twin, every record is whole (its sum matches), and the snapshot is
// the fold of the log up to it. 200 writes in a quick run, 1,000 in the
// full one.
func TestKill(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	want := 200
	if full() {
		want = 1000
	}
	path := filepath.Join(t.TempDir(), "battles.db")
	r := rand.New(rand.NewPCG(28, 9))
	acked := map[int64]bool{}
	var kills, unacked int
	var top int64 // the last seq acknowledged
	for len(acked) < want {
		if kills++; kills > 20*want {
			t.Fatalf("%d kills, %d writes acknowledged: the writer makes no headway", kills, len(acked))
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperWriter$", "-test.count=1")
		cmd.Env = append(os.Environ(), writerEnv+"="+path)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var other []string
		read, ready := make(chan struct{}), make(chan struct{})
		go func() {
			defer close(read)
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				if sc.Text() == "ready" {
					close(ready)
					continue
				}
				if n, ok := strings.CutPrefix(sc.Text(), "ack "); ok {
					v, err := strconv.ParseInt(n, 10, 64)
					if err == nil {
						acked[v], top = true, max(top, v)
						continue
					}
				}
				other = append(other, sc.Text())
			}
		}()
		// Most kills land among the appends, a random while after the
		// writer is ready; one in eight during its start, the first
		// open and the migrations.
		if r.IntN(8) == 0 {
			time.Sleep(time.Duration(r.IntN(20_000)) * time.Microsecond)
		} else {
			select {
			case <-ready:
			case <-read: // it ended: said below
			}
			time.Sleep(time.Duration(r.IntN(30_000)) * time.Microsecond)
		}
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			<-read
			t.Fatalf("the writer ended before it was killed: %v\n%s\n%s", err, strings.Join(other, "\n"), stderr.String())
		}
		<-read
		err = cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
			t.Fatalf("the writer ended before it was killed: %v\n%s\n%s", err, strings.Join(other, "\n"), stderr.String())
		}
		if v := checkKilled(t, path, acked); v > top {
			unacked++ // killed between the commit and its ack: kept, whole
		}
	}
	t.Logf("%d writes acknowledged over %d kills; %d kills between a commit and its ack", len(acked), kills, unacked)
}

// checkKilled opens the database a writer was killed on, checks it, and
// returns the battle's version.
func checkKilled(t *testing.T, path string, acked map[int64]bool) int64 {
	t.Helper()
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) && len(acked) == 0 {
		return 0 // killed before it made the file
	}
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("reopen after a kill: %v", err)
	}
	defer s.Close()
	var ok string
	if err := s.r.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&ok); err != nil || ok != "ok" {
		t.Fatalf("integrity_check after a kill: %q, %v", ok, err)
	}
	m, err := s.Get(ctx, "kill")
	if errors.Is(err, battle.ErrNotFound) && len(acked) == 0 {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	rs, err := s.Records(ctx, m.ID, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(rs)) != m.Version {
		t.Fatalf("version %d with %d records", m.Version, len(rs))
	}
	for i, r := range rs {
		var p payload
		if r.Seq != int64(i+1) {
			t.Fatalf("record %d has seq %d", i+1, r.Seq)
		}
		if err := json.Unmarshal(r.Data, &p); err != nil || p.K != i+1 || sum(p.Text) != p.Sum {
			t.Fatalf("record %d is not whole: %v (k %d)", r.Seq, err, p.K)
		}
	}
	for seq := range acked {
		if seq > m.Version {
			t.Fatalf("acknowledged record %d lost: the battle is at version %d", seq, m.Version)
		}
	}
	seq, data, err := s.Snapshot(ctx, m.ID)
	switch {
	case errors.Is(err, battle.ErrNotFound):
	case err != nil:
		t.Fatal(err)
	case string(data) != fold(rs[:seq]):
		t.Fatalf("the snapshot after %d is %s; the log replays to %s", seq, data, fold(rs[:seq]))
	}
	return m.Version
}

// TestClients is issue 28's concurrency check: 50 clients on 10 battles
// (3 s in a quick run, 30 s in the full one), each reading a battle and
// appending at the version it read, retrying when it is stale. Then every
// acknowledged append is in its log exactly once, at the seq it was
// acknowledged with, the log holds nothing else, and every refusal was
// ErrStale.
func TestClients(t *testing.T) {
	const clients, battles = 50, 10
	d := 3 * time.Second
	if full() {
		d = 30 * time.Second
	}
	s := openT(t, filepath.Join(t.TempDir(), "battles.db"), options{})
	var ids []string
	for i := range battles {
		m, err := s.Create(ctx, fmt.Sprintf("battle %d", i))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	type ack struct {
		id  string
		seq int64
	}
	var mu sync.Mutex
	acks := map[string]ack{} // by the record's text
	var stale, appends int
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(c), 28))
			for k := 0; time.Now().Before(deadline); k++ {
				id := ids[r.IntN(battles)]
				text := fmt.Sprintf("client %d append %d", c, k)
				data, _ := json.Marshal(text)
				for {
					m, err := s.Get(ctx, id)
					if err != nil {
						t.Errorf("client %d: Get: %v", c, err)
						return
					}
					m, err = s.Append(ctx, id, m.Version, battle.Record{Kind: "attack", Data: data})
					if errors.Is(err, battle.ErrStale) {
						mu.Lock()
						stale++
						mu.Unlock()
						continue
					}
					if err != nil {
						t.Errorf("client %d: Append: %v, want ErrStale or none", c, err)
						return
					}
					mu.Lock()
					acks[text] = ack{id, m.Version}
					appends++
					mu.Unlock()
					break
				}
			}
		})
	}
	wg.Wait()
	seen := 0
	for _, id := range ids {
		rs, err := s.Records(ctx, id, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range rs {
			var text string
			if err := json.Unmarshal(r.Data, &text); err != nil {
				t.Fatal(err)
			}
			if r.Seq != int64(i+1) {
				t.Fatalf("battle %s: record %d has seq %d", id, i+1, r.Seq)
			}
			if a, ok := acks[text]; !ok || a.id != id || a.seq != r.Seq {
				t.Fatalf("battle %s record %d: %q, acknowledged as %+v", id, r.Seq, text, a)
			}
			seen++
		}
	}
	if seen != appends || len(acks) != appends {
		t.Fatalf("%d records in the logs, %d appends acknowledged", seen, appends)
	}
	t.Logf("%d appends, %d refused as stale and retried, in %v", appends, stale, d)
	if appends == 0 {
		t.Fatal("no append went through")
	}
}

// TestTwoStores: two Store values on one file (two processes, as far as
// SQLite knows: each has its own connections), through storetest.
func TestTwoStores(t *testing.T) {
	storetest.RunShared(t, func(t *testing.T) (battle.Store, battle.Store) {
		path := filepath.Join(t.TempDir(), "battles.db")
		return openT(t, path, options{}), openT(t, path, options{})
	})
}
