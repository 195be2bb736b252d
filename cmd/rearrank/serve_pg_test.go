package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rearrank/rearrank/internal/pgtest"
)

// lockedBuffer is a child's stderr, read while it writes.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestServePostgres: two `rearrank serve` processes on one PostgreSQL,
// the first given it by REARRANK_DB, the second by --db, which wins over
// a REARRANK_DB naming a file. Both are ready; a battle made through the
// first is read through the second, whose feed tells of an attack made
// through the first within a second; the log shows the URL without its
// password. `rearrank battle log --db URL` reads the battle they wrote.
func TestServePostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server as child processes")
	}
	c := pgtest.Start(t)
	url := strings.Replace(c.NewDatabase(t), "rearrank@", "rearrank:s3cret@", 1) // trust: the password is not checked
	dir := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "rearrank")
	if err := os.Symlink(exe, bin); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "never.db")
	client := &http.Client{Timeout: 10 * time.Second}
	var bases []string
	for i, c := range []struct {
		args []string
		env  string
	}{
		{nil, url},
		{[]string{"--db", url}, file},
	} {
		addr := freeAddr(t)
		cmd := exec.Command(bin, append([]string{"serve", "--addr", addr}, c.args...)...)
		cmd.Env = append(os.Environ(), "REARRANK_DB="+c.env)
		stderr := &lockedBuffer{}
		cmd.Stderr = stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			_ = cmd.Process.Signal(syscall.SIGTERM)
			_ = cmd.Wait()
			log := stderr.String()
			if strings.Contains(log, "s3cret") || !strings.Contains(log, "postgres://rearrank@127.0.0.1:") {
				t.Errorf("server %d's log shows the password, or not the database:\n%s", i, log)
			}
		})
		base := "http://" + addr
		if !ready(client, base, 20*time.Second) {
			t.Fatalf("server %d did not start:\n%s", i, stderr.String())
		}
		resp, err := client.Get(base + "/readyz")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("server %d: /readyz %d", i, resp.StatusCode)
		}
		bases = append(bases, base)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("--db did not win over REARRANK_DB: %s exists (%v)", file, err)
	}
	post := func(url, body string) map[string]any {
		t.Helper()
		resp, err := client.Post(url, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var v map[string]any
		if err := json.NewDecoder(resp.Body).Decode(&v); err != nil || resp.StatusCode/100 != 2 {
			t.Fatalf("POST %s: %d %v %v", url, resp.StatusCode, v, err)
		}
		return v
	}
	id := post(bases[0]+"/api/battles", `{"name": "Across"}`)["id"].(string)
	post(bases[0]+"/api/battles/"+id+"/units", `{"name": "Spearmen", "ruleset": "battleaxe", "target": {"models": 30, "frontage": 10, "toughness": 3, "armour": "light", "shield": true}}`)
	resp, err := http.Get(bases[1] + "/api/battles/" + id + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := make(chan string, 64)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	expectLine := func(want string, wait time.Duration) {
		t.Helper()
		timeout := time.After(wait)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("the feed ended before %q", want)
				}
				if l == want {
					return
				}
			case <-timeout:
				t.Fatalf("no %q on the second server's feed within %v", want, wait)
			}
		}
	}
	expectLine("id: 1", 10*time.Second)
	post(bases[0]+"/api/battles/"+id+"/attacks", `{"target": "Spearmen", "attacks": [{"name": "Crossbows", "count": 2, "phase": "shooting", "to_hit": "auto", "strength": 4}], "dice": [6, 6, 1, 1], "version": 1}`)
	expectLine("event: change", time.Second)
	expectLine("id: 2", time.Second)

	// The battle commands take the URL too: the log the servers wrote.
	out, err := exec.Command(bin, "battle", "log", "--db", url, "Across").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Crossbows at Spearmen: 2 casualties, 2 wounds") || strings.Contains(string(out), "s3cret") {
		t.Errorf("rearrank battle log --db URL: %v\n%s", err, out)
	}
}
