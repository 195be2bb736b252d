// Package pgtest runs a throwaway PostgreSQL cluster for tests: Debian's
// binaries (/usr/lib/postgresql/*/bin), a data directory in a temporary
// directory, a free port on 127.0.0.1, and trust authentication for the
// user rearrank. PostgreSQL refuses to run as root, so as root the
// cluster runs as the user postgres (Debian's package makes it) through
// runuser. Without the binaries, or as root without that user, a test
// that asks for a cluster skips, except under CI=true, where it fails.
// A test binary killed before its cleanups (at its -timeout) leaves no
// cluster running: a watcher stops it and removes its directory.
//
//	c := pgtest.Start(t)          // stopped and removed when t ends
//	url := c.NewDatabase(t)       // an empty database of its own
//	c.Stop(t); c.Restart(t)       // for the tests of a restart
package pgtest

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Options change the cluster a test starts.
type Options struct {
	// Durable keeps PostgreSQL's defaults for fsync and synchronous
	// commit (benchmarks); tests turn them off, as they never survive a
	// power loss anyway.
	Durable bool
}

// Cluster is a running (or stopped) throwaway cluster.
type Cluster struct {
	bin     string // the directory of initdb, pg_ctl, postgres
	base    string // removed at the end
	data    string
	logFile string
	port    int
	asUser  string // "" to run the binaries as ourselves
	runuser string // its path, when asUser is set
	opts    Options
	dbs     atomic.Int64
	mu      sync.Mutex
	running bool
}

// binDir finds the newest /usr/lib/postgresql/N/bin with initdb.
func binDir() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	return ""
}

func version(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

// findRunuser finds util-linux's runuser, on PATH or in the sbin
// directories a PATH without them leaves out.
func findRunuser() string {
	if p, err := exec.LookPath("runuser"); err == nil {
		return p
	}
	for _, p := range []string{"/usr/sbin/runuser", "/sbin/runuser"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// unavailable skips t, or fails it under CI=true, where the cluster must
// run (test.sh installs the package).
func unavailable(t testing.TB, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("pgtest: %s (CI=true: the PostgreSQL tests must run; test.sh installs Debian's postgresql)", why)
	}
	t.Skipf("pgtest: %s: the PostgreSQL tests skip", why)
}

// Start starts a cluster for t, or skips t (fails it under CI=true) when
// none can run here. The cluster is stopped and removed when t ends.
func Start(t testing.TB) *Cluster { return StartWith(t, Options{}) }

// StartWith is Start with options.
func StartWith(t testing.TB, o Options) *Cluster {
	t.Helper()
	bin := binDir()
	if bin == "" {
		unavailable(t, "no PostgreSQL binaries (initdb) in /usr/lib/postgresql/*/bin or on PATH")
	}
	c := &Cluster{bin: bin, opts: o}
	if os.Geteuid() == 0 {
		if _, err := user.Lookup("postgres"); err != nil {
			unavailable(t, "running as root, and there is no user postgres to run PostgreSQL as")
		}
		c.runuser = findRunuser()
		if c.runuser == "" {
			unavailable(t, "running as root, and there is no runuser to run PostgreSQL as postgres")
		}
		c.asUser = "postgres"
	}
	base, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		t.Fatal(err)
	}
	c.base = base
	t.Cleanup(func() {
		c.stop()
		_ = os.RemoveAll(base)
	})
	c.data = filepath.Join(base, "data")
	c.logFile = filepath.Join(base, "postgres.log")
	if err := os.Chmod(base, 0o755); err != nil { // the server's user reaches its files
		t.Fatal(err)
	}
	for _, d := range []string{c.data} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(c.logFile, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if c.asUser != "" {
		u, _ := user.Lookup(c.asUser)
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		for _, p := range []string{c.data, c.logFile} {
			if err := os.Chown(p, uid, gid); err != nil {
				t.Fatal(err)
			}
		}
	}
	if out, err := c.run("initdb", "-D", c.data, "-U", "rearrank", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"); err != nil {
		t.Fatalf("pgtest: initdb: %v\n%s", err, out)
	}
	c.port = freePort(t)
	c.Restart(t)
	c.reaper()
	return c
}

// reaper starts a shell in a session of its own that, should this process
// end without its cleanups (a test binary killed at its timeout), stops
// the cluster and removes its directory; it ends by itself once the
// cleanup has removed the directory.
func (c *Cluster) reaper() {
	stop := fmt.Sprintf("%q -D %q -m immediate -w stop", filepath.Join(c.bin, "pg_ctl"), c.data)
	if c.asUser != "" {
		stop = c.runuser + " -u " + c.asUser + " -- " + stop
	}
	script := fmt.Sprintf(`while [ -d /proc/%d ] && [ -d %q ]; do sleep 1; done
if [ -d %q ]; then %s >/dev/null 2>&1; rm -rf %q; fi`, os.Getpid(), c.base, c.base, stop, c.base)
	cmd := exec.Command("sh", "-c", script)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if cmd.Start() == nil {
		_ = cmd.Process.Release()
	}
}

// run runs one of the cluster's binaries as the cluster's user.
func (c *Cluster) run(name string, args ...string) ([]byte, error) {
	path := filepath.Join(c.bin, name)
	var cmd *exec.Cmd
	if c.asUser != "" {
		cmd = exec.Command(c.runuser, append([]string{"-u", c.asUser, "--", path}, args...)...)
	} else {
		cmd = exec.Command(path, args...)
	}
	cmd.Dir = c.base
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.Bytes(), err
}

func freePort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// Port is the port the cluster listens on (the same after a restart).
func (c *Cluster) Port() int { return c.port }

// URL is the cluster's database postgres, as the user rearrank.
func (c *Cluster) URL() string { return c.url("postgres") }

func (c *Cluster) url(db string) string {
	return fmt.Sprintf("postgres://rearrank@127.0.0.1:%d/%s?sslmode=disable", c.port, db)
}

// NewDatabase creates an empty database and returns its URL.
func (c *Cluster) NewDatabase(t testing.TB) string {
	t.Helper()
	name := fmt.Sprintf("t%d", c.dbs.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, c.URL())
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("pgtest: CREATE DATABASE: %v", err)
	}
	return c.url(name)
}

// Stop stops the cluster as `pg_ctl stop -m fast` does: the sessions are
// ended, what was committed stays.
func (c *Cluster) Stop(t testing.TB) {
	t.Helper()
	if err := c.stop(); err != nil {
		t.Fatal(err)
	}
}

func (c *Cluster) stop() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.running {
		return nil
	}
	out, err := c.run("pg_ctl", "-D", c.data, "-m", "fast", "-w", "-t", "60", "stop")
	if err != nil {
		return fmt.Errorf("pgtest: pg_ctl stop: %v\n%s", err, out)
	}
	c.running = false
	return nil
}

// Restart starts the stopped cluster again, on the same port.
func (c *Cluster) Restart(t testing.TB) {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running {
		return
	}
	conf := []string{
		"-c listen_addresses=127.0.0.1",
		"-c port=" + strconv.Itoa(c.port),
		"-c unix_socket_directories=''",
		"-c max_connections=200",
		"-c shared_buffers=32MB",
	}
	if !c.opts.Durable {
		conf = append(conf, "-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off")
	}
	out, err := c.run("pg_ctl", "-D", c.data, "-l", c.logFile, "-w", "-t", "60", "-o", strings.Join(conf, " "), "start")
	if err != nil {
		log, _ := os.ReadFile(c.logFile)
		t.Fatalf("pgtest: pg_ctl start: %v\n%s\n%s", err, out, log)
	}
	c.running = true
}
