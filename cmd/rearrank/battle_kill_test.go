package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/battle/sqlite"
	"github.com/rearrank/rearrank/internal/proptest"
)

// TestBattleServerKill is issue 28's kill -9 check on the server as the
// players run it: `rearrank serve --db` as a child process, written to over
// HTTP (attacks rolled by the server and phases advanced, one after the
// other), killed with SIGKILL at seeded random moments (one kill in eight
// while it starts), and started again on the same file. After each kill
// the database passes PRAGMA integrity_check, holds every write the server
// acknowledged (the version its answer gave, with the kind of event sent),
// numbers its events 1..n with no gap, and replays: the whole log to the
// state the server's snapshot and the tail after it give. 1,000
// acknowledged writes in CI's full run, 150 in a quick one.
func TestBattleServerKill(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server as a child process")
	}
	want := 150
	if os.Getenv(proptest.FullEnv) != "" {
		want = 1000
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "battles.db")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// testscript.Main (TestMain) runs this test binary as rearrank when it
	// is called by that name.
	bin := filepath.Join(dir, "rearrank")
	if err := os.Symlink(exe, bin); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(28, 11))
	client := &http.Client{Timeout: 10 * time.Second}
	acked := map[int64]string{} // version -> kind of the event sent
	var id string
	kills := 0
	for len(acked) < want {
		if kills++; kills > want {
			t.Fatalf("%d kills, %d writes acknowledged: no headway", kills, len(acked))
		}
		addr := freeAddr(t)
		cmd := exec.Command(bin, "serve", "--addr", addr, "--db", db)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		base := "http://" + addr
		killed := make(chan struct{})
		if r.IntN(8) == 0 {
			// during the start: the database's open and migrations
			time.AfterFunc(time.Duration(r.IntN(60_000))*time.Microsecond, func() { kill(cmd); close(killed) })
		} else if ready(client, base, 10*time.Second) {
			time.AfterFunc(time.Duration(r.IntN(200_000))*time.Microsecond, func() { kill(cmd); close(killed) })
		} else {
			kill(cmd)
			close(killed)
			_ = cmd.Wait()
			t.Fatalf("the server did not start:\n%s", stderr.String())
		}
		for len(acked) < want {
			if id == "" {
				id = setUpBattle(t, client, base)
				if id == "" {
					break // killed meanwhile: the battle, or its unit, is set up again below if missing
				}
				continue
			}
			kind, path, body := battle.KindAdvance, "/advance", `{}`
			if r.IntN(3) == 0 {
				kind, path, body = battle.KindAttack, "/attacks", fmt.Sprintf(`{"target": "Spearmen", "attacks": [{"count": 2, "phase": "shooting", "to_hit": "auto", "strength": 4}], "seed": %d}`, r.Uint64N(1<<40))
			}
			v, ok, err := post(client, base+"/api/battles/"+id+path, body)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			acked[v] = kind
		}
		<-killed
		_ = cmd.Wait()
		if id != "" {
			checkKilled(t, db, id, acked)
		} else if _, err := os.Stat(db); err == nil {
			checkIntegrity(t, db)
		}
	}
	t.Logf("%d writes acknowledged across %d kills", len(acked), kills)
}

// setUpBattle creates the battle "kill" and adds 500 Spearmen to it, or
// finds them there after a kill; it returns the battle's id, "" when the
// server went away first.
func setUpBattle(t *testing.T, c *http.Client, base string) string {
	t.Helper()
	resp, err := c.Get(base + "/api/battles/kill")
	if err != nil {
		return ""
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var view struct {
		ID    string `json:"id"`
		Units []struct {
			Name string `json:"name"`
		} `json:"units"`
	}
	switch resp.StatusCode {
	case http.StatusNotFound:
		if _, ok, err := post(c, base+"/api/battles", `{"name": "kill"}`); err != nil {
			t.Fatal(err)
		} else if !ok {
			return ""
		}
		return setUpBattle(t, c, base)
	case http.StatusOK:
		if err := json.Unmarshal(data, &view); err != nil {
			t.Fatalf("GET the battle: %v\n%s", err, data)
		}
	default:
		t.Fatalf("GET the battle: %d %s", resp.StatusCode, data)
	}
	if len(view.Units) == 0 {
		const spearmen = `{"name": "Spearmen", "ruleset": "battleaxe", "target": {"models": 500, "frontage": 10, "ws": 3, "toughness": 3, "armour": "light", "shield": true}}`
		if _, ok, err := post(c, base+"/api/battles/"+view.ID+"/units", spearmen); err != nil {
			t.Fatal(err)
		} else if !ok {
			return ""
		}
	}
	return view.ID
}

// post sends body and returns the version the server acknowledged (its
// ETag; 0 for a battle created); false when the server is gone, and an
// error for any other answer than a success.
func post(c *http.Client, url, body string) (int64, bool, error) {
	resp, err := c.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		return 0, false, nil
	}
	data, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return 0, false, nil
	}
	if resp.StatusCode/100 != 2 {
		return 0, false, fmt.Errorf("POST %s: %d %s", url, resp.StatusCode, data)
	}
	v, err := strconv.Unquote(resp.Header.Get("ETag"))
	if err != nil {
		return 0, true, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, false, fmt.Errorf("POST %s: ETag %q", url, resp.Header.Get("ETag"))
	}
	return n, true, nil
}

// checkKilled opens the database a killed server left and checks it.
func checkKilled(t *testing.T, path, id string, acked map[int64]string) {
	t.Helper()
	checkIntegrity(t, path)
	ctx := context.Background()
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("open after a kill: %v", err)
	}
	defer st.Close()
	recs, err := st.Records(ctx, id, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, rec := range recs {
		if rec.Seq != int64(i+1) {
			t.Fatalf("record %d has seq %d", i+1, rec.Seq)
		}
	}
	for v, kind := range acked {
		if v < 1 || v > int64(len(recs)) {
			t.Fatalf("version %d was acknowledged, the log holds %d events", v, len(recs))
		}
		if got := recs[v-1].Kind; got != kind {
			t.Fatalf("event %d is %q, a %s was acknowledged", v, got, kind)
		}
	}
	full, err := battle.Replay(recs)
	if err != nil {
		t.Fatalf("the log after a kill does not replay: %v", err)
	}
	opened, err := battle.Open(ctx, st, id)
	if err != nil {
		t.Fatalf("open the battle after a kill: %v", err)
	}
	if !bytes.Equal(battle.EncodeSnapshot(full), battle.EncodeSnapshot(opened)) {
		t.Fatalf("at version %d the snapshot and its tail give another state than the whole log", len(recs))
	}
}

// checkIntegrity runs SQLite's own check of the file.
func checkIntegrity(t *testing.T, path string) {
	t.Helper()
	conn, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var ok string
	if err := conn.QueryRow("PRAGMA integrity_check").Scan(&ok); err != nil || ok != "ok" {
		t.Fatalf("integrity_check after a kill: %q %v", ok, err)
	}
}

func kill(cmd *exec.Cmd) { _ = cmd.Process.Signal(syscall.SIGKILL) }

// ready waits for the server's liveness answer, false past d.
func ready(c *http.Client, base string, d time.Duration) bool {
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		if resp, err := c.Get(base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return true
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	return false
}

// freeAddr is a loopback address with a port nobody listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}
