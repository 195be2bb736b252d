package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestServeRunsRearrankServe builds rearrank-serve, puts it on the PATH and
// checks that rearrank serve is it: its --help, its usage error and exit
// status, reported once, and a server that answers and stops gracefully
// when run's context ends, as on SIGINT.
func TestServeRunsRearrankServe(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build rearrank-serve with:", err)
	}
	dir := t.TempDir()
	if out, err := exec.Command(goTool, "build", "-o", filepath.Join(dir, serveCommand), "github.com/rearrank/rearrank/cmd/rearrank-serve").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))

	for _, c := range []struct {
		args       []string
		code       int
		out, errs  string
		errsRepeat int
	}{
		{[]string{"serve", "--help"}, 0, "Usage: rearrank serve [--addr 127.0.0.1:8080]", "", 0},
		{[]string{"serve", "extra"}, 2, "", `rearrank: serve: takes no arguments, got "extra"`, 1},
		{[]string{"serve", "--max-states", "0"}, 2, "", "rearrank: serve: --max-states 0: want at least 1", 1},
	} {
		var out, errb bytes.Buffer
		err := run(context.Background(), c.args, env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: os.Getenv})
		code := exitCode(err, &errb)
		if code != c.code || !strings.Contains(out.String(), c.out) || strings.Count(errb.String(), c.errs) < c.errsRepeat ||
			strings.Count(errb.String(), "rearrank:") != c.errsRepeat {
			t.Errorf("rearrank %s: exit %d, want %d with %q on stdout and %q once on stderr:\n%s%s",
				strings.Join(c.args, " "), code, c.code, c.out, c.errs, out.String(), errb.String())
		}
	}

	// The server's log goes to a file it writes itself, read as it grows.
	logf, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: logf, getenv: os.Getenv})
	}()
	log := func() string { b, _ := os.ReadFile(logf.Name()); return string(b) }
	addr := regexp.MustCompile(`url=(http://127\.0\.0\.1:[0-9]+/)`)
	var base string
	for range 200 {
		if m := addr.FindStringSubmatch(log()); m != nil {
			base = m[1]
			break
		}
		select {
		case err := <-done:
			t.Fatalf("serve stopped: %v\n%s", err, log())
		case <-time.After(50 * time.Millisecond):
		}
	}
	if base == "" {
		t.Fatalf("serve did not say where it listens:\n%s", log())
	}
	resp, err := http.Get(base + "healthz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"status": "ok"`) {
		t.Errorf("healthz: %d %s", resp.StatusCode, body)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve returned %v after the signal", err)
		}
	case <-time.After(serveStopWait + 5*time.Second):
		t.Fatal("serve did not stop after the signal")
	}
	if !strings.Contains(log(), `msg="shutting down"`) || !strings.Contains(log(), "msg=stopped") {
		t.Errorf("the server did not shut down gracefully:\n%s", log())
	}
}

// TestServeMissing: without rearrank-serve, rearrank serve says how to
// install it.
func TestServeMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	var out, errb bytes.Buffer
	err := run(context.Background(), []string{"serve"}, env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: os.Getenv})
	if code := exitCode(err, &errb); code != 1 || !strings.Contains(errb.String(), "go install github.com/rearrank/rearrank/cmd/rearrank-serve@latest") {
		t.Errorf("rearrank serve without rearrank-serve: exit %d, want 1 and how to install it:\n%s", code, errb.String())
	}
}
