package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/msg"
)

var ctx = context.Background()

func openT(t *testing.T, path string, o options) *Store {
	t.Helper()
	s, err := open(ctx, path, o)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// storageErr checks err wraps ErrStorage and reads en in English, and
// something else in Russian (the Russian's own test is msg's).
func storageErr(t *testing.T, err error, en, ru string) {
	t.Helper()
	if !errors.Is(err, battle.ErrStorage) {
		t.Fatalf("err = %v, want ErrStorage", err)
	}
	if got := msg.ErrorText(err, msg.English); got != en {
		t.Errorf("English: %q\nwant      %q", got, en)
	}
	if got := msg.ErrorText(err, msg.Russian); got != ru {
		t.Errorf("Russian: %q\nwant      %q", got, ru)
	}
}

func note(n int) battle.Record {
	return battle.Record{Kind: "note", Data: json.RawMessage(`{"n":` + itoa(int64(n)) + `}`)}
}

// seed makes a database at path holding the battle "Ogres" with n records.
func seed(t *testing.T, path string, n int) battle.Meta {
	t.Helper()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	m, err := s.Create(ctx, "Ogres")
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if m, err = s.Append(ctx, m.ID, m.Version, note(i+1)); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// holds checks the battle m is at its version with every record.
func holds(t *testing.T, s *Store, m battle.Meta) {
	t.Helper()
	got, err := s.Get(ctx, m.ID)
	if err != nil || got.Version != m.Version {
		t.Fatalf("Get: %+v, %v: want version %d", got, err, m.Version)
	}
	rs, err := s.Records(ctx, m.ID, 0, 0)
	if err != nil || int64(len(rs)) != m.Version {
		t.Fatalf("Records: %d, %v: want %d", len(rs), err, m.Version)
	}
}

func TestReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "battles.db")
	m := seed(t, path, 3)
	s := openT(t, path, options{readOnly: true})
	holds(t, s, m)
	_, err := s.Append(ctx, m.ID, m.Version, note(4))
	storageErr(t, err, path+": the database is read-only: nothing was written",
		path+": база данных доступна только для чтения: ничего не записано")
	_, err = s.Create(ctx, "Goblins")
	storageErr(t, err, path+": the database is read-only: nothing was written",
		path+": база данных доступна только для чтения: ничего не записано")
	holds(t, s, m)
}

// TestReadOnlyFile: a file the process may not write (not as root, whom
// the permissions do not stop; TestReadOnly opens read-only instead).
func TestReadOnlyFile(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes a read-only file: TestReadOnly covers a read-only database")
	}
	dir := filepath.Join(t.TempDir(), "ro")
	path := filepath.Join(dir, "battles.db")
	m := seed(t, path, 3)
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(dir, 0o755); _ = os.Chmod(path, 0o644) })
	s, err := Open(ctx, path)
	if err == nil {
		defer s.Close()
		_, err = s.Append(ctx, m.ID, m.Version, note(4))
	}
	if !errors.Is(err, battle.ErrStorage) || !strings.HasPrefix(err.Error(), path+": ") {
		t.Fatalf("a read-only file: %v, want ErrStorage naming the file", err)
	}
	_ = os.Chmod(dir, 0o755)
	_ = os.Chmod(path, 0o644)
	holds(t, openT(t, path, options{}), m)
}

// TestDiskFull: SQLite's own check of a full disk, reached by a page
// limit (PRAGMA max_page_count) the big append cannot fit in.
func TestDiskFull(t *testing.T) {
	path := filepath.Join(t.TempDir(), "battles.db")
	m := seed(t, path, 20)
	s := openT(t, path, options{})
	var pages int
	if err := s.w.QueryRowContext(ctx, "PRAGMA page_count").Scan(&pages); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = openT(t, path, options{pragmas: []string{"max_page_count(" + itoa(int64(pages+8)) + ")"}})
	big, _ := json.Marshal(strings.Repeat("d6", 1<<19))
	_, err := s.Append(ctx, m.ID, m.Version, battle.Record{Kind: "attack", Data: big})
	storageErr(t, err, path+": the disk is full, or the database reached its size limit: nothing was written; free some space and retry",
		path+": диск заполнен или база данных достигла предельного размера: ничего не записано; освободите место и повторите")
	holds(t, s, m)
	m, err = s.Append(ctx, m.ID, m.Version, note(21)) // what fits still goes in
	if err != nil {
		t.Fatalf("a small append after a full disk: %v", err)
	}
	s.Close()
	s = openT(t, path, options{}) // the disk freed
	if m, err = s.Append(ctx, m.ID, m.Version, battle.Record{Kind: "attack", Data: big}); err != nil {
		t.Fatal(err)
	}
	holds(t, s, m)
}

func TestLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "battles.db")
	m := seed(t, path, 1)
	s := openT(t, path, options{busy: 100 * time.Millisecond})
	other, err := sql.Open("sqlite", path) // another program
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	c, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	_, err = s.Append(ctx, m.ID, m.Version, note(2))
	storageErr(t, err, path+": the database is locked by another program (waited 100 ms): nothing was written; retry",
		path+": база данных занята другой программой (ожидание 100 мс): ничего не записано; повторите")
	holds(t, s, m) // reading goes on beside a writer
	if _, err := c.ExecContext(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	c.Close()
	if m, err = s.Append(ctx, m.ID, m.Version, note(2)); err != nil {
		t.Fatalf("Append once the lock is gone: %v", err)
	}
	holds(t, s, m)
}

func TestNotADatabase(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "notes.txt")
	text := bytes.Repeat([]byte("Ogres: 6 models, 3 wounds each.\n"), 200)
	if err := os.WriteFile(junk, text, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Open(ctx, junk)
	storageErr(t, err, junk+": not a rearrank database", junk+": это не база данных rearrank")
	if got, _ := os.ReadFile(junk); !bytes.Equal(got, text) {
		t.Error("Open changed a file that is not a database")
	}

	// An SQLite database of another program: left as it was.
	otherDB := filepath.Join(dir, "other.db")
	db, err := sql.Open("sqlite", otherDB)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err = Open(ctx, otherDB)
	storageErr(t, err, otherDB+": not a rearrank database", otherDB+": это не база данных rearrank")
	db, _ = sql.Open("sqlite", otherDB)
	defer db.Close()
	var tables int
	if err := db.QueryRow("SELECT count(*) FROM sqlite_master WHERE type = 'table'").Scan(&tables); err != nil || tables != 1 {
		t.Errorf("Open added tables to another program's database: %d tables, %v", tables, err)
	}
}

func TestCorrupt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "battles.db")
	m := seed(t, path, 300)
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := f.Stat()
	if st.Size() < 16<<10 {
		t.Fatalf("the database is %d bytes: too small to damage past its first pages", st.Size())
	}
	if _, err := f.WriteAt(bytes.Repeat([]byte{0xa5}, int(st.Size())-8192), 8192); err != nil {
		t.Fatal(err)
	}
	f.Close()
	s, err := Open(ctx, path)
	if err == nil {
		defer s.Close()
		_, err = s.Records(ctx, m.ID, 0, 0)
	}
	if !errors.Is(err, battle.ErrStorage) || !strings.HasPrefix(msg.ErrorText(err, msg.English), path+": the database is damaged: ") {
		t.Fatalf("a damaged database: %v, want ErrStorage: the database is damaged", err)
	}
	if !strings.HasPrefix(msg.ErrorText(err, msg.Russian), path+": база данных повреждена: ") {
		t.Errorf("Russian: %s", msg.ErrorText(err, msg.Russian))
	}
}

func TestNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "battles.db")
	seed(t, path, 1)
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("INSERT INTO schema_migrations (version, applied) VALUES (99, 0)"); err != nil {
		t.Fatal(err)
	}
	_, err = Open(ctx, path)
	storageErr(t, err, path+": written by a newer rearrank (schema version 99, this one knows up to 1): upgrade rearrank to open it",
		path+": база данных записана более новой версией rearrank (версия схемы 99, эта версия знает схемы до 1): обновите rearrank, чтобы её открыть")
	var v int
	if err := db.QueryRow("SELECT max(version) FROM schema_migrations").Scan(&v); err != nil || v != 99 {
		t.Errorf("the schema after a refused open: %d, %v: want 99, never a downgrade", v, err)
	}
}

func TestMigrations(t *testing.T) {
	path := filepath.Join(t.TempDir(), "battles.db")
	m := seed(t, path, 2)
	s := openT(t, path, options{}) // a second open migrates nothing
	holds(t, s, m)
	var n, v, app int64
	var mode string
	if err := s.r.QueryRow("SELECT count(*), max(version) FROM schema_migrations").Scan(&n, &v); err != nil {
		t.Fatal(err)
	}
	if n != int64(len(migrations)) || v != int64(len(migrations)) {
		t.Errorf("schema_migrations: %d rows up to %d, want %d", n, v, len(migrations))
	}
	if err := s.r.QueryRow("PRAGMA application_id").Scan(&app); err != nil || app != applicationID {
		t.Errorf("application_id %x, %v", app, err)
	}
	if err := s.w.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode %q, %v: want wal", mode, err)
	}
	for _, p := range []struct {
		pragma string
		want   int64
	}{{"synchronous", 1}, {"foreign_keys", 1}, {"busy_timeout", 5000}, {"wal_autocheckpoint", walSafetyPages}} {
		var got int64
		if err := s.w.QueryRow("PRAGMA " + p.pragma).Scan(&got); err != nil || got != p.want {
			t.Errorf("PRAGMA %s = %d, %v: want %d", p.pragma, got, err, p.want)
		}
	}
}

func TestDirectory(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a", "b", "battles.db")
	s := openT(t, path, options{})
	s.Close()
	for _, d := range []string{filepath.Join(dir, "a"), filepath.Join(dir, "a", "b")} {
		st, err := os.Stat(d)
		if err != nil || st.Mode().Perm() != 0o700 {
			t.Errorf("%s: %v, %v: want a directory of mode 0700", d, st.Mode(), err)
		}
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(file, "sub", "battles.db")
	_, err := Open(ctx, bad)
	storageErr(t, err, bad+": cannot create the directory of the database: not a directory",
		bad+": не удаётся создать каталог базы данных: not a directory")
}

// TestOddPath: a path with the characters a URI gives a meaning to.
func TestOddPath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a?b#c%20d é", "battles?.db")
	m := seed(t, path, 2)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the database is not at its path: %v", err)
	}
	holds(t, openT(t, path, options{}), m)
}

func TestDefaultPath(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", "/data")
	t.Setenv("HOME", "/home/ork")
	for _, c := range []struct{ xdg, want string }{
		{"/data", "/data/rearrank/battles.db"},
		{"", "/home/ork/.local/share/rearrank/battles.db"},
		{"relative/data", "/home/ork/.local/share/rearrank/battles.db"}, // XDG: ignored
	} {
		t.Setenv("XDG_DATA_HOME", c.xdg)
		if got, err := DefaultPath(); err != nil || got != c.want {
			t.Errorf("XDG_DATA_HOME=%q: %q, %v: want %q", c.xdg, got, err, c.want)
		}
	}
	t.Setenv("HOME", "")
	_, err := DefaultPath()
	storageErr(t, err, "no directory for the battles' database: neither XDG_DATA_HOME nor HOME is set; give the database's path with --db",
		"нет каталога для базы данных битв: не заданы ни XDG_DATA_HOME, ни HOME; укажите путь к базе данных в --db")
}

// TestCheckpoints: a write marks the store for the checkpointing
// goroutine, which takes the mark; Close stops the goroutine.
func TestCheckpoints(t *testing.T) {
	path := filepath.Join(t.TempDir(), "battles.db")
	s := openT(t, path, options{})
	m, err := s.Create(ctx, "Ogres")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, m.ID, 0, note(1)); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); s.dirty.Load(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no checkpoint 10 s after a write")
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-s.done:
	default:
		t.Fatal("Close left the checkpointing goroutine running")
	}
}
