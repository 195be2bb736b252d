package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rearrank/rearrank/internal/cli"
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

// TestServe starts rearrank-serve on a free port of 127.0.0.1, asks it a
// question, and stops it as SIGINT would: by cancelling run's context.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"--addr", "127.0.0.1:0"}, io.Discard, &stderr, func(string) string { return "" })
	}()
	addr := regexp.MustCompile(`url=(http://127\.0\.0\.1:[0-9]+/)`)
	var base string
	for range 100 {
		if m := addr.FindStringSubmatch(stderr.String()); m != nil {
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
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve returned %v after the signal", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop within 15 s of the signal")
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
		args []string
		code int
		want string
	}{
		{[]string{"serve", "--help"}, 0, "rearrank serve --addr 127.0.0.1:8080"},
		{[]string{"serve", "extra"}, 2, "takes no arguments"},
		{[]string{"serve", "--timeout", "0s"}, 2, "--timeout"},
		{[]string{"serve", "--max-states", "0"}, 2, "--max-states"},
		{[]string{"serve", "--max-concurrent", "-1"}, 2, "--max-concurrent"},
		{[]string{"serve", "--addr", "256.0.0.1:99999"}, 1, "serve:"},
	} {
		var out, errb bytes.Buffer
		err := run(context.Background(), c.args[1:], &out, &errb, func(string) string { return "" })
		code := cli.ExitCode(err, &errb)
		if code != c.code || !strings.Contains(out.String()+errb.String(), c.want) {
			t.Errorf("rearrank %s: exit %d, want %d with %q:\n%s%s", strings.Join(c.args, " "), code, c.code, c.want, out.String(), errb.String())
		}
	}
}
