package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var listening = regexp.MustCompile(`url=(http://127\.0\.0\.1:[0-9]+/)`)

// TestServe starts rearrank serve on a free port of 127.0.0.1, asks it a
// question, and stops it as SIGINT would: by cancelling run's context.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "battles.db")}, env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &stderr, getenv: func(string) string { return "" }})
	}()
	var base string
	for range 200 {
		if m := listening.FindStringSubmatch(stderr.String()); m != nil {
			base = m[1]
			break
		}
		select {
		case err := <-done:
			t.Fatalf("serve stopped: %v\n%s", err, stderr.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	if base == "" {
		t.Fatalf("serve did not say where it listens:\n%s", stderr.String())
	}
	resp, err := http.Get(base + "healthz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"status": "ok"`) || !strings.Contains(string(body), version) {
		t.Errorf("healthz: %d %s", resp.StatusCode, body)
	}
	resp, err = http.Post(base+"api/odds?exact=1", "application/yaml", strings.NewReader("ruleset: whfb8\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 5, toughness: 3}\n"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	// One automatic hit, S3 against T3 wounds on 4+ (RULES.md 6.1).
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"mean": "1/2"`) {
		t.Errorf("odds: %d %s", resp.StatusCode, body)
	}
	// A battle in --db, and its change feed, which the shutdown ends.
	resp, err = http.Post(base+"api/battles", "application/json", strings.NewReader(`{"name": "Serve"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	var created struct{ ID string }
	if err := json.Unmarshal(body, &created); resp.StatusCode != 201 || err != nil {
		t.Fatalf("create a battle: %d %s", resp.StatusCode, body)
	}
	feed, err := http.Get(base + "api/battles/" + created.ID + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer feed.Body.Close()
	lines := bufio.NewReader(feed.Body)
	if line, err := lines.ReadString('\n'); err != nil || line != "event: version\n" {
		t.Fatalf("the feed: %q %v", line, err)
	}
	cancel() // an open feed would hold the shutdown past its grace, and serve would return its error
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve returned %v after the signal", err)
		}
	case <-time.After(shutdownGrace + 5*time.Second):
		t.Fatal("serve did not stop after the signal")
	}
	if rest, _ := io.ReadAll(lines); !strings.Contains(string(rest), "event: closing") {
		t.Errorf("the feed at shutdown: %q", rest)
	}
	log := stderr.String()
	for _, want := range []string{"msg=request method=GET path=/healthz status=200", "msg=request method=POST path=/api/odds status=200", `msg="shutting down"`, "msg=stopped"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
}

func TestServeUsage(t *testing.T) {
	for _, c := range []struct {
		args       []string
		code       int
		out, errs  string
		errsRepeat int
	}{
		{[]string{"serve", "--help"}, 0, "Usage: rearrank serve [--addr 127.0.0.1:8080]", "", 0},
		{[]string{"help", "serve"}, 0, "rearrank serve --addr 127.0.0.1:8080", "", 0},
		{[]string{"serve", "extra"}, 2, "", `rearrank: serve: takes no arguments, got "extra"`, 1},
		{[]string{"serve", "--timeout", "0s"}, 2, "", "rearrank: serve: --timeout 0s: want a positive duration", 1},
		{[]string{"serve", "--max-states", "0"}, 2, "", "rearrank: serve: --max-states 0: want at least 1", 1},
		{[]string{"serve", "--max-concurrent", "-1"}, 2, "", "rearrank: serve: --max-concurrent -1: want 0 or more", 1},
		{[]string{"serve", "--queue-wait", "0s"}, 2, "", "rearrank: serve: --queue-wait 0s", 1},
		{[]string{"serve", "--memory-limit", "1000"}, 2, "", "rearrank: serve: --memory-limit 1000: want at least 67108864", 1},
		{[]string{"serve", "--trusted-proxy", "10.0.0.0/8,proxy.local"}, 2, "", `rearrank: serve: --trusted-proxy "proxy.local": want an address (10.0.0.5) or a network (10.0.0.0/8)`, 1},
		{[]string{"serve", "--addr", "256.0.0.1:99999"}, 1, "", "rearrank: serve:", 1},
		{[]string{"serve", "--db", "/dev/null/battles.db"}, 1, "", "rearrank: serve: --db: ", 1},
	} {
		var out, errb bytes.Buffer
		err := run(context.Background(), c.args, env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: cLocale(os.Getenv)})
		code := exitCode(err, &errb)
		if code != c.code || !strings.Contains(out.String(), c.out) || strings.Count(errb.String(), c.errs) < c.errsRepeat ||
			strings.Count(errb.String(), "rearrank:") != c.errsRepeat {
			t.Errorf("rearrank %s: exit %d, want %d with %q on stdout and %q once on stderr:\n%s%s",
				strings.Join(c.args, " "), code, c.code, c.out, c.errs, out.String(), errb.String())
		}
	}
}

// TestServeInstalledAlone builds rearrank by itself into an empty folder,
// the only thing on the PATH, and runs `rearrank serve` as a process: it
// serves the page, and stops gracefully on SIGINT. (It needed a second
// binary, rearrank-serve, beside it or on the PATH before.)
func TestServeInstalledAlone(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build rearrank with:", err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "rearrank")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0")
	cmd.Env = []string{"PATH=" + dir, "HOME=" + dir}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string, 64)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	var base string
	var log []string
	deadline := time.After(30 * time.Second)
	for base == "" {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("rearrank serve stopped:\n%s", strings.Join(log, "\n"))
			}
			log = append(log, l)
			if m := listening.FindStringSubmatch(l); m != nil {
				base = m[1]
			}
		case <-deadline:
			t.Fatalf("rearrank serve did not say where it listens within 30 s:\n%s", strings.Join(log, "\n"))
		}
	}
	resp, err := http.Get(base)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "<form") {
		t.Errorf("GET /: %d, want 200 and the page:\n%.300s", resp.StatusCode, body)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	for l := range lines {
		log = append(log, l)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("rearrank serve after SIGINT: %v, want exit 0", err)
	}
	if got := strings.Join(log, "\n"); !strings.Contains(got, "msg=stopped") {
		t.Errorf("rearrank serve did not stop gracefully:\n%s", got)
	}
}

// cLocale is getenv with the locale fixed to C, so that a developer's
// ru_RU locale does not change what a test reads.
func cLocale(getenv func(string) string) func(string) string {
	return func(k string) string {
		switch k {
		case "LANG":
			return "C"
		case "LC_ALL", "LC_MESSAGES":
			return ""
		}
		return getenv(k)
	}
}
