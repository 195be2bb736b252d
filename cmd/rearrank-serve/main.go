// Command rearrank-serve is `rearrank serve`: the calculator, the referee
// and the comparison as one web page, with the JSON API behind it.
// rearrank serve runs it, found beside rearrank or on the PATH; go install
// github.com/rearrank/rearrank/cmd/...@latest installs the two.
//
// The server is a binary of its own so that rearrank's other commands,
// each a process started per question, do not link net/http: what it
// brings (net/netip, TLS, HTTP/2, their package initialisation and a binary
// three times the size) took more than half of the start of `rearrank
// odds`.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/rearrank/rearrank/internal/cli"
	"github.com/rearrank/rearrank/web"
)

// version is set at build time with -ldflags "-X main.version=...", as
// rearrank's is.
var version = "0.1.0-dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(cli.ExitCode(err, os.Stderr))
}

// defaultMemoryLimit is serve's soft memory limit: the garbage collector
// works harder as the heap nears it, so bursts of large computations do not
// leave the process large.
const defaultMemoryLimit = 1 << 30

// shutdownGrace is how long serve lets requests in flight finish after
// SIGINT or SIGTERM.
const shutdownGrace = 10 * time.Second

// run is `rearrank serve args...`: it serves the page and the JSON API
// until ctx is done (main cancels it on SIGINT and SIGTERM), then shuts
// down gracefully.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := cli.NewFlags(stdout, "serve", "[--addr 127.0.0.1:8080] [--timeout 10s] [--max-concurrent N] [--max-states N] [--queue-wait 2s] [--memory-limit BYTES]",
		"rearrank serve --addr 127.0.0.1:8080   (then open http://127.0.0.1:8080/ on this machine)")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on; 0.0.0.0:8080 lets phones on your network in")
	timeout := fs.Duration("timeout", web.DefaultTimeout, "time limit for one computation")
	maxConc := fs.Int("max-concurrent", 0, "computations at once in the cheap lane, and one fewer (at least one) in the heavy lane; the excess waits, then gets 503 (0: one per core)")
	maxStates := fs.Int("max-states", web.DefaultMaxStates, "state limit of the exact odds; past it, 422 (the default keeps one computation under 256 MB)")
	queueWait := fs.Duration("queue-wait", web.DefaultQueueWait, "how long a request waits for a computation slot before 503")
	memLimit := fs.Int64("memory-limit", defaultMemoryLimit, "soft memory limit of the process in bytes (runtime/debug.SetMemoryLimit; GOMEMLIMIT in the environment wins)")
	pos, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return cli.Usagef("serve: takes no arguments, got %q (see rearrank serve --help)", pos[0])
	}
	if *timeout <= 0 {
		return cli.Usagef("serve: --timeout %s: want a positive duration such as 10s", *timeout)
	}
	if *maxConc < 0 {
		return cli.Usagef("serve: --max-concurrent %d: want 0 or more", *maxConc)
	}
	if *maxStates < 1 {
		return cli.Usagef("serve: --max-states %d: want at least 1", *maxStates)
	}
	if *queueWait <= 0 {
		return cli.Usagef("serve: --queue-wait %s: want a positive duration such as 2s", *queueWait)
	}
	if *memLimit < 64<<20 {
		return cli.Usagef("serve: --memory-limit %d: want at least %d (64 MiB)", *memLimit, 64<<20)
	}
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(*memLimit)
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	srv := web.New(web.Config{Logger: log, Timeout: *timeout, MaxConcurrent: *maxConc, MaxStates: *maxStates,
		QueueWait: *queueWait, ReturnMemory: true, Version: version})

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      *timeout + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	log.Info("serving", "url", "http://"+ln.Addr().String()+"/", "version", version)
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down", "grace", shutdownGrace.String())
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return fmt.Errorf("serve: shutdown: %w", err)
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	log.Info("stopped")
	return nil
}
