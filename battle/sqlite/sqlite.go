// Package sqlite is the embedded battle store: battle.Store over an SQLite
// file, through modernc.org/sqlite (pure Go, no cgo).
//
// The file is opened in WAL mode with synchronous=NORMAL. A commit has
// written its WAL frames to the file when it returns, so an acknowledged
// append survives the process being killed (kill -9, a crash: the kernel
// holds the write; TestKill checks it); the WAL is synced to the disk at
// each checkpoint. A power loss leaves the file whole but may take back
// the last commits before it, which synchronous=FULL would keep at the
// price of a sync per commit: on the development VM, shared with other
// work, FULL put an append's p50 at 0.5-0.8 ms and its p99 at 1.3-19 ms,
// often over issue 28's 5 ms, against NORMAL's 0.06-0.12 ms and 0.3-2 ms
// (bench/battlestore_test.go). Checkpoints run beside the writer
// (checkpoint.go).
//
// Every method is one transaction. Writes go through a single
// connection and begin IMMEDIATE, so appends of this process queue in Go
// and those of another process wait on SQLite's lock (busy_timeout);
// reads run on a pool of their own and see one committed state each.
//
// The schema is versioned: Open runs the migrations this code knows that
// the file lacks, in one transaction, and refuses a file written by a
// newer rearrank (never a downgrade) or a database of another program.
package sqlite

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/battle/internal/feed"
	"github.com/rearrank/rearrank/msg"
)

// busyTimeout is how long a write waits for another process's lock
// before it gives up with a clear error.
const busyTimeout = 5 * time.Second

// Store is battle.Store on an SQLite file. Its methods are safe for
// concurrent use; several Store values, in one process or several, may
// share a file.
type Store struct {
	path   string    // as the caller gave it, for messages
	w      *sql.DB   // one connection, BEGIN IMMEDIATE
	r      *sql.DB   // readers
	insert *sql.Stmt // the writer's hot statements, prepared once
	bump   *sql.Stmt
	hub    *feed.Hub
	busy   time.Duration
	now    func() time.Time
	closed atomic.Bool
	dirty  atomic.Bool   // written since the last checkpoint
	stop   chan struct{} // ends checkpoints
	done   chan struct{} // closed when checkpoints has ended
}

var _ battle.Store = (*Store)(nil)

// options are what tests change: the production store takes none.
type options struct {
	readOnly bool          // mode=ro: every write fails with SQLITE_READONLY
	busy     time.Duration // 0: busyTimeout
	pragmas  []string      // more PRAGMAs for the writer (max_page_count)
}

// DefaultPath returns where the battles are kept when the player names no
// file: $XDG_DATA_HOME/rearrank/battles.db, else
// ~/.local/share/rearrank/battles.db (XDG's default). Open creates the
// directory.
func DefaultPath() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) { // XDG: a relative value is ignored
		return filepath.Join(d, "rearrank", "battles.db"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return "", msg.Errorf(battle.ErrStorage, "battlestore.storage.no_home")
	}
	return filepath.Join(home, ".local", "share", "rearrank", "battles.db"), nil
}

// Open opens the store in the file at path, creating the file and its
// directory (mode 0700, as the battles are the player's own) when they
// are missing, and brings its schema up to date.
func Open(ctx context.Context, path string) (*Store, error) {
	return open(ctx, path, options{})
}

func open(ctx context.Context, path string, o options) (*Store, error) {
	s := &Store{path: path, busy: o.busy, now: func() time.Time { return time.Now().UTC() }}
	if s.busy == 0 {
		s.busy = busyTimeout
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, msg.Errorf(battle.ErrStorage, "battlestore.storage.open", path, err.Error())
	}
	if !o.readOnly {
		if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
			return nil, msg.Errorf(battle.ErrStorage, "battlestore.storage.mkdir", path, reason(err))
		}
	}
	q := url.Values{}
	q.Add("_busy_timeout", itoa(s.busy.Milliseconds()))
	q.Add("_foreign_keys", "1")
	q.Add("_synchronous", "NORMAL")
	if o.readOnly {
		q.Add("mode", "ro")
	} else {
		q.Add("_journal_mode", "WAL")
	}
	rq := url.Values{}
	for k, v := range q {
		rq[k] = v
	}
	q.Add("_txlock", "immediate")
	q.Add("_pragma", "wal_autocheckpoint("+itoa(walSafetyPages)+")")
	for _, p := range o.pragmas {
		q.Add("_pragma", p)
	}
	u := url.URL{Scheme: "file", Path: abs} // file:///dir/battles.db, escaped
	wu, ru := u, u
	wu.RawQuery, ru.RawQuery = q.Encode(), rq.Encode()
	if s.w, err = sql.Open("sqlite", wu.String()); err != nil {
		return nil, s.wrap(ctx, err)
	}
	s.w.SetMaxOpenConns(1)
	s.w.SetConnMaxIdleTime(0)
	if s.r, err = sql.Open("sqlite", ru.String()); err != nil {
		_ = s.w.Close()
		return nil, s.wrap(ctx, err)
	}
	s.r.SetMaxOpenConns(4)
	s.r.SetMaxIdleConns(4)
	if err := s.migrate(ctx, o.readOnly); err != nil {
		_ = s.w.Close()
		_ = s.r.Close()
		return nil, err
	}
	if s.insert, err = s.w.PrepareContext(ctx, sqlInsertEvent); err == nil {
		s.bump, err = s.w.PrepareContext(ctx, sqlBump)
	}
	if err != nil {
		_ = s.w.Close()
		_ = s.r.Close()
		return nil, s.wrap(ctx, err)
	}
	s.hub = newHub(s)
	s.stop, s.done = make(chan struct{}), make(chan struct{})
	if o.readOnly {
		close(s.done)
	} else {
		go s.checkpoints(s.stop, s.done)
	}
	return s, nil
}

// Path returns the file's path as Open was given it.
func (s *Store) Path() string { return s.path }

// migrate brings the schema up to the version this code knows, in one
// transaction, after checking the file is rearrank's.
func (s *Store) migrate(ctx context.Context, readOnly bool) error {
	db := s.w
	if readOnly {
		db = s.r
	}
	return s.tx(ctx, db, func(tx *sql.Tx) error {
		var app int64
		if err := tx.QueryRowContext(ctx, sqlApplicationID).Scan(&app); err != nil {
			return err
		}
		var has, others int
		if err := tx.QueryRowContext(ctx, sqlHasTable, "schema_migrations").Scan(&has); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, sqlOtherTables).Scan(&others); err != nil {
			return err
		}
		if app != 0 && app != applicationID || has == 0 && others > 0 {
			return msg.Errorf(battle.ErrStorage, "battlestore.storage.not_db", s.path)
		}
		have := 0
		if has > 0 {
			if err := tx.QueryRowContext(ctx, sqlSchemaVersion).Scan(&have); err != nil {
				return err
			}
		}
		switch {
		case have > len(migrations):
			return msg.Errorf(battle.ErrStorage, "battlestore.storage.newer", s.path, have, len(migrations))
		case have == len(migrations):
			return nil
		case readOnly:
			return msg.Errorf(battle.ErrStorage, "battlestore.storage.readonly", s.path)
		}
		if _, err := tx.ExecContext(ctx, sqlCreateMigrations); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, sqlSetApplication); err != nil {
			return err
		}
		now := s.now().UnixNano()
		for v := have + 1; v <= len(migrations); v++ {
			if _, err := tx.ExecContext(ctx, migrations[v-1]); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, sqlMigrated, v, now); err != nil {
				return err
			}
		}
		return nil
	})
}

// tx runs f in one transaction of db, committed when f returns nil.
func (s *Store) tx(ctx context.Context, db *sql.DB, f func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return s.wrap(ctx, err)
	}
	if err := f(tx); err != nil {
		_ = tx.Rollback()
		return s.wrap(ctx, err)
	}
	if err := tx.Commit(); err != nil {
		return s.wrap(ctx, err)
	}
	if db == s.w {
		s.dirty.Store(true)
	}
	return nil
}

// Create starts a battle named name at version 0.
func (s *Store) Create(ctx context.Context, name string) (battle.Meta, error) {
	if err := battle.CheckName(name); err != nil {
		return battle.Meta{}, err
	}
	id, err := newID()
	if err != nil {
		return battle.Meta{}, s.wrap(ctx, err)
	}
	now := s.now()
	m := battle.Meta{ID: id, Name: name, Created: now, Updated: now}
	err = s.tx(ctx, s.w, func(tx *sql.Tx) error {
		if _, err := s.byName(ctx, tx, name); err == nil {
			return msg.Errorf(battle.ErrExists, "battlestore.error.exists", name)
		} else if !errors.Is(err, battle.ErrNotFound) {
			return err
		}
		_, err := tx.ExecContext(ctx, sqlInsertBattle, id, name, now.UnixNano(), now.UnixNano())
		return err
	})
	if err != nil {
		return battle.Meta{}, err
	}
	return m, nil
}

// Get returns the battle whose ID, else whose name, is idOrName.
func (s *Store) Get(ctx context.Context, idOrName string) (battle.Meta, error) {
	var m battle.Meta
	err := s.tx(ctx, s.r, func(tx *sql.Tx) error {
		var err error
		m, err = s.byID(ctx, tx, idOrName)
		if errors.Is(err, battle.ErrNotFound) {
			m, err = s.byName(ctx, tx, idOrName)
		}
		return err
	})
	return m, err
}

func (s *Store) byID(ctx context.Context, tx *sql.Tx, id string) (battle.Meta, error) {
	return scanMeta(tx.QueryRowContext(ctx, sqlBattleByID, id), id)
}

func (s *Store) byName(ctx context.Context, tx *sql.Tx, name string) (battle.Meta, error) {
	return scanMeta(tx.QueryRowContext(ctx, sqlBattleByName, name), name)
}

type scanner interface{ Scan(...any) error }

func scanMeta(row scanner, asked string) (battle.Meta, error) {
	var m battle.Meta
	var created, updated int64
	err := row.Scan(&m.ID, &m.Name, &m.Version, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return m, msg.Errorf(battle.ErrNotFound, "battlestore.error.not_found", asked)
	}
	m.Created, m.Updated = fromNanos(created), fromNanos(updated)
	return m, err
}

// List returns every battle, by name.
func (s *Store) List(ctx context.Context) ([]battle.Meta, error) {
	out := []battle.Meta{}
	err := s.tx(ctx, s.r, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, sqlBattles)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			m, err := scanMeta(rows, "")
			if err != nil {
				return err
			}
			out = append(out, m)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Rename names the battle id anew if it is still at version.
func (s *Store) Rename(ctx context.Context, id string, version int64, name string) (battle.Meta, error) {
	if err := battle.CheckName(name); err != nil {
		return battle.Meta{}, err
	}
	var m battle.Meta
	err := s.tx(ctx, s.w, func(tx *sql.Tx) error {
		if other, err := s.byName(ctx, tx, name); err == nil && other.ID != id {
			return msg.Errorf(battle.ErrExists, "battlestore.error.exists", name)
		} else if err != nil && !errors.Is(err, battle.ErrNotFound) {
			return err
		}
		var err error
		m, err = scanMeta(tx.QueryRowContext(ctx, sqlRename, name, s.now().UnixNano(), id, version), id)
		if errors.Is(err, battle.ErrNotFound) {
			return s.refusal(ctx, tx, id, version)
		}
		return err
	})
	return m, err
}

// Delete removes the battle id, its log and its snapshot, if it is still
// at version.
func (s *Store) Delete(ctx context.Context, id string, version int64) error {
	return s.tx(ctx, s.w, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, sqlDelete, id, version)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return err
		}
		return s.refusal(ctx, tx, id, version)
	})
}

// refusal says why the battle id was not at version: it is gone, or it
// moved on.
func (s *Store) refusal(ctx context.Context, tx *sql.Tx, id string, version int64) error {
	var now int64
	switch err := tx.QueryRowContext(ctx, sqlVersion, id).Scan(&now); {
	case errors.Is(err, sql.ErrNoRows):
		return msg.Errorf(battle.ErrNotFound, "battlestore.error.not_found", id)
	case err != nil:
		return err
	}
	return msg.Errorf(battle.ErrStale, "battlestore.error.stale", int(version), int(now))
}

// Append adds recs to the battle id's log if it is still at version.
func (s *Store) Append(ctx context.Context, id string, version int64, recs ...battle.Record) (battle.Meta, error) {
	for i, r := range recs {
		if r.Kind == "" {
			return battle.Meta{}, msg.Errorf(nil, "battlestore.error.record_kind", i+1)
		}
		if !json.Valid(r.Data) {
			return battle.Meta{}, msg.Errorf(nil, "battlestore.error.record_data", i+1, r.Kind)
		}
	}
	now := s.now()
	var m battle.Meta
	err := s.tx(ctx, s.w, func(tx *sql.Tx) error {
		var err error
		m, err = scanMeta(tx.StmtContext(ctx, s.bump).QueryRowContext(ctx, len(recs), now.UnixNano(), id, version), id)
		if errors.Is(err, battle.ErrNotFound) {
			return s.refusal(ctx, tx, id, version)
		} else if err != nil {
			return err
		}
		ins := tx.StmtContext(ctx, s.insert)
		for i, r := range recs {
			at := r.At
			if at.IsZero() {
				at = now
			}
			if _, err := ins.ExecContext(ctx, id, version+int64(i)+1, r.Kind, string(r.Data), at.UnixNano()); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return battle.Meta{}, err
	}
	if len(recs) > 0 {
		s.hub.Tell(id, m.Version)
	}
	return m, nil
}

// Records returns the records of battle id after seq after, ascending, at
// most limit of them (limit <= 0: all).
func (s *Store) Records(ctx context.Context, id string, after int64, limit int) ([]battle.Record, error) {
	out := []battle.Record{}
	err := s.tx(ctx, s.r, func(tx *sql.Tx) error {
		if _, err := s.byID(ctx, tx, id); err != nil {
			return err
		}
		var rows *sql.Rows
		var err error
		if limit > 0 {
			rows, err = tx.QueryContext(ctx, sqlEventsLimit, id, after, limit)
		} else {
			rows, err = tx.QueryContext(ctx, sqlEventsAll, id, after)
		}
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r battle.Record
			var data string
			var at int64
			if err := rows.Scan(&r.Seq, &r.Kind, &data, &at); err != nil {
				return err
			}
			r.Data, r.At = json.RawMessage(data), fromNanos(at)
			out = append(out, r)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SaveSnapshot keeps data as the state of battle id after record seq,
// unless a snapshot after a later record is kept already.
func (s *Store) SaveSnapshot(ctx context.Context, id string, seq int64, data []byte) error {
	return s.tx(ctx, s.w, func(tx *sql.Tx) error {
		m, err := s.byID(ctx, tx, id)
		if err != nil {
			return err
		}
		if seq < 1 || seq > m.Version {
			return msg.Errorf(nil, "battlestore.error.snapshot_range", int(seq), int(m.Version))
		}
		if data == nil {
			data = []byte{}
		}
		_, err = tx.ExecContext(ctx, sqlSaveSnapshot, id, seq, data)
		return err
	})
}

// Snapshot returns the latest snapshot of battle id and the seq of the
// record it follows; ErrNotFound when the battle has none (or is gone).
func (s *Store) Snapshot(ctx context.Context, id string) (int64, []byte, error) {
	var seq int64
	var data []byte
	err := s.tx(ctx, s.r, func(tx *sql.Tx) error {
		if _, err := s.byID(ctx, tx, id); err != nil {
			return err
		}
		err := tx.QueryRowContext(ctx, sqlSnapshot, id).Scan(&seq, &data)
		if errors.Is(err, sql.ErrNoRows) {
			return msg.Errorf(battle.ErrNotFound, "battlestore.error.no_snapshot", id)
		}
		return err
	})
	if err != nil {
		return 0, nil, err
	}
	return seq, data, nil
}

// Close closes the listeners' channels and the database.
func (s *Store) Close() error {
	if s.closed.Swap(true) {
		return nil
	}
	s.hub.Close()
	close(s.stop)
	<-s.done
	err := errors.Join(s.insert.Close(), s.bump.Close(), s.r.Close(), s.w.Close())
	return s.wrap(context.Background(), err)
}

// wrap turns a driver's error into a *msg.Error wrapping
// battle.ErrStorage that says what went wrong with the file; the
// context's error when ctx ended; an error already said, as it is.
func (s *Store) wrap(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if _, ok := errors.AsType[*msg.Error](err); ok {
		return err
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if errors.Is(err, sql.ErrConnDone) || errors.Is(err, sql.ErrTxDone) || s.closed.Load() {
		return &msg.Error{Msg: msg.New("battlestore.storage.closed", s.path), Err: errors.Join(battle.ErrStorage, err)}
	}
	var e *sqlite.Error
	id := msg.ID("battlestore.storage.other")
	args := []any{s.path, reason(err)}
	if errors.As(err, &e) {
		switch e.Code() & 0xff {
		case sqlite3.SQLITE_FULL:
			id, args = "battlestore.storage.full", args[:1]
		case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM:
			id, args = "battlestore.storage.readonly", args[:1]
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			id, args = "battlestore.storage.locked", []any{s.path, int(s.busy.Milliseconds())}
		case sqlite3.SQLITE_NOTADB:
			id, args = "battlestore.storage.not_db", args[:1]
		case sqlite3.SQLITE_CORRUPT:
			id = "battlestore.storage.corrupt"
		case sqlite3.SQLITE_CANTOPEN:
			id = "battlestore.storage.open"
		case sqlite3.SQLITE_IOERR:
			id = "battlestore.storage.io"
		}
	}
	return &msg.Error{Msg: msg.New(id, args...), Err: errors.Join(battle.ErrStorage, err)}
}

// reason is an error's own words, without Go's "open PATH:" prefix.
func reason(err error) string {
	if pe, ok := errors.AsType[*os.PathError](err); ok {
		return pe.Err.Error()
	}
	return err.Error()
}

// newID returns a fresh battle ID: 16 lowercase hex digits, URL-safe.
func newID() (string, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

func fromNanos(n int64) time.Time { return time.Unix(0, n).UTC() }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
