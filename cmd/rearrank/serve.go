package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/battle/open"
	"github.com/rearrank/rearrank/battle/sqlite"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/web"
)

// defaultMemoryLimit is serve's soft memory limit: the garbage collector
// works harder as the heap nears it, so bursts of large computations do not
// leave the process large.
const defaultMemoryLimit = 1 << 30

// shutdownGrace is how long serve lets requests in flight finish after
// SIGINT or SIGTERM.
const shutdownGrace = 10 * time.Second

// runServe is `rearrank serve args...`: it serves the page and the JSON
// API until ctx is done (main cancels it on SIGINT and SIGTERM), then
// shuts down gracefully.
//
// The server is linked into rearrank, so `rearrank serve` works wherever
// rearrank does (installed alone, or through go run). What it costs the
// other commands' start is net/http's package initialisation; web and
// combat build their templates and tables on first use, not at start
// (bench/README.md, "Process start").
func runServe(ctx context.Context, args []string, e env) error {
	fs := newFlags(e, "serve", e.text("cli.serve.example"))
	addr := fs.String("addr", "127.0.0.1:8080", "")
	timeout := fs.Duration("timeout", web.DefaultTimeout, "")
	maxConc := fs.Int("max-concurrent", 0, "")
	maxStates := fs.Int("max-states", web.DefaultMaxStates, "")
	queueWait := fs.Duration("queue-wait", web.DefaultQueueWait, "")
	memLimit := fs.Int64("memory-limit", defaultMemoryLimit, "")
	// --db, else REARRANK_DB, else the SQLite file of sqlite.DefaultPath:
	// a postgres:// URL keeps the battles in PostgreSQL (battle/open).
	defaultDB, dbErr := sqlite.DefaultPath()
	if env := e.getenv("REARRANK_DB"); env != "" {
		defaultDB, dbErr = env, nil
	}
	db := fs.String("db", defaultDB, "")
	proxies := fs.String("trusted-proxy", "", "")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usage("cli.serve.error.args", strconv.Quote(pos[0]))
	}
	if *timeout <= 0 {
		return usage("cli.serve.error.timeout", timeout.String())
	}
	if *maxConc < 0 {
		return usage("cli.serve.error.max_concurrent", *maxConc)
	}
	if *maxStates < 1 {
		return usage("cli.error.max_states", "serve", *maxStates)
	}
	if *queueWait <= 0 {
		return usage("cli.serve.error.queue_wait", queueWait.String())
	}
	if *memLimit < 64<<20 {
		return usage("cli.serve.error.memory_limit", strconv.FormatInt(*memLimit, 10), 64<<20)
	}
	trusted, err := trustedProxies(*proxies)
	if err != nil {
		return err
	}
	if e.getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(*memLimit)
	}
	log := slog.New(slog.NewTextHandler(e.stderr, nil))
	// The battles (/api/battles...) are kept in --db; --db '' keeps none.
	var battles battle.Store
	var ready func(context.Context) error
	switch {
	case *db != "":
		st, err := open.Store(ctx, *db)
		if err != nil {
			return msg.Errorf(err, "cli.error.at", "serve: --db", errArg(err))
		}
		defer st.Close()
		battles = st
		if r, ok := st.(open.Readiness); ok {
			ready = r.Ready
		}
		log.Info("battles", "db", open.Describe(*db))
	case dbErr != nil && !flagSet(fs, "db"):
		log.Warn("battles off", "err", msg.ErrorText(dbErr, msg.English))
	}
	srv := web.New(web.Config{Logger: log, Timeout: *timeout, MaxConcurrent: *maxConc, MaxStates: *maxStates,
		QueueWait: *queueWait, ReturnMemory: true, Version: version, Battles: battles, Ready: ready,
		TrustedProxies: trusted})

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return msg.Errorf(err, "cli.error.at", "serve", errArg(err))
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
	hs.RegisterOnShutdown(srv.CloseStreams) // the change feeds never end by themselves
	log.Info("serving", "url", "http://"+ln.Addr().String()+"/", "version", version)
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return msg.Errorf(err, "cli.error.at", "serve", errArg(err))
	case <-ctx.Done():
	}
	log.Info("shutting down", "grace", shutdownGrace.String())
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return msg.Errorf(err, "cli.error.at", "serve: shutdown", errArg(err))
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return msg.Errorf(err, "cli.error.at", "serve", errArg(err))
	}
	log.Info("stopped")
	return nil
}

// trustedProxies reads --trusted-proxy: addresses and networks (CIDR)
// joined with commas.
func trustedProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for v := range strings.SplitSeq(list, ",") {
		v = strings.TrimSpace(v)
		if v == "" {
			continue
		}
		if p, err := netip.ParsePrefix(v); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(v)
		if err != nil {
			return nil, usage("cli.serve.error.trusted_proxy", strconv.Quote(v))
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}
