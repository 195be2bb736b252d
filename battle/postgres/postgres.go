// Package postgres is the battle store of a deployment of several
// servers: battle.Store over a PostgreSQL database, through
// github.com/jackc/pgx/v5 and its pool.
//
// The version check is the database's, in the append's own transaction
// (sqlAppend): the UPDATE that raises a battle's version only if it is
// still the one the writer read takes the battle's row lock, and a second
// writer of that battle waits for it, then finds the version moved and
// writes nothing (ErrStale). READ COMMITTED with the row lock, not
// SERIALIZABLE: the one row a write depends on is the one it locks, so
// serializable would add nothing but serialization failures to retry and
// predicate locks; writers of other battles never wait on each other. The
// key (battle_id, seq) is unique besides.
//
// Every call is bounded by its context: a context that ends closes the
// connection of the call (pgx), so a slow or locked database never keeps
// a request past its deadline; the error then wraps the context's error
// and, for a deadline, battle.ErrStorage with words that say the database
// was slow. A transaction is committed only if its context is still live
// when the commit is sent, and the commit itself is awaited (at most
// commitWait) rather than abandoned, so that a call that says it failed
// for its context wrote nothing. The server ends statements of a
// connection gone with statement_timeout (statementTimeout unless the URL
// sets one).
//
// Changes: each append notifies the channel rearrank_battles when it
// commits; one connection of the Store listens (changes.go), and tells
// the listeners of this process. After it lost the database it
// reconnects, and reads the versions of the battles listened to, so
// nothing appended meanwhile is missed.
//
// The schema is versioned as battle/sqlite's: Open runs the migrations
// the database lacks, in one transaction under an advisory lock (two
// instances starting at once migrate once), and refuses a database of a
// newer rearrank or of another program.
package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/battle/internal/feed"
	"github.com/rearrank/rearrank/msg"
)

const (
	// commitWait bounds the wait for a commit's answer once it is sent.
	commitWait = 5 * time.Second
	// statementTimeout ends on the server a statement whose client is
	// gone (its context ended), so that it holds no lock for long.
	statementTimeout = "30s"
	// readyEvery is how long Ready keeps its answer, so that probes do
	// not hammer the database; readyWait bounds its check.
	readyEvery = time.Second
	readyWait  = time.Second
)

// Store is battle.Store on a PostgreSQL database. Its methods are safe
// for concurrent use; any number of Stores, in one process or many, may
// share a database.
type Store struct {
	where  string // the URL without its password, for messages
	cfg    *pgxpool.Config
	pool   *pgxpool.Pool
	hub    *feed.Hub
	now    func() time.Time
	closed atomic.Bool

	readyMu  sync.Mutex
	readyAt  time.Time
	readyErr error
}

var _ battle.Store = (*Store)(nil)

// IsURL reports whether db names a PostgreSQL database (postgres:// or
// postgresql://) rather than a file.
func IsURL(db string) bool {
	l := strings.ToLower(db)
	return strings.HasPrefix(l, "postgres://") || strings.HasPrefix(l, "postgresql://")
}

// Redact returns the URL db without its password, as messages and logs
// show it.
func Redact(db string) string {
	u, err := url.Parse(db)
	if err != nil {
		return "postgres://…"
	}
	if u.User != nil {
		u.User = url.User(u.User.Username())
	}
	q := u.Query()
	if q.Has("password") {
		q.Del("password")
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// Open opens the store in the database at the URL db (postgres://...),
// brings its schema up to date, and starts listening for the appends of
// other instances. The pool holds at most pool_max_conns connections when
// the URL says so, else max(8, 4 × GOMAXPROCS), and one more listens.
func Open(ctx context.Context, db string) (*Store, error) {
	s := &Store{where: Redact(db), now: func() time.Time { return time.Now().UTC() }}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if i := strings.Index(db, "://"); i > 0 {
		db = strings.ToLower(db[:i]) + db[i:] // pgx knows the scheme in lower case only
	}
	cfg, err := pgxpool.ParseConfig(db)
	if err != nil {
		return nil, msg.Errorf(battle.ErrStorage, "battlestore.pg.url", s.where, reason(err))
	}
	u, _ := url.Parse(db)
	if u == nil || !u.Query().Has("pool_max_conns") {
		cfg.MaxConns = int32(max(8, 4*runtime.GOMAXPROCS(0)))
	}
	if _, ok := cfg.ConnConfig.RuntimeParams["statement_timeout"]; !ok {
		cfg.ConnConfig.RuntimeParams["statement_timeout"] = statementTimeout
	}
	if _, ok := cfg.ConnConfig.RuntimeParams["application_name"]; !ok {
		cfg.ConnConfig.RuntimeParams["application_name"] = "rearrank"
	}
	s.cfg = cfg
	if s.pool, err = pgxpool.NewWithConfig(ctx, cfg); err != nil {
		return nil, s.wrap(ctx, err)
	}
	if err := s.migrate(ctx); err != nil {
		s.pool.Close()
		return nil, err
	}
	s.hub = newHub(s)
	return s, nil
}

// Where returns the database's URL without its password.
func (s *Store) Where() string { return s.where }

// migrate brings the schema up to the version this code knows, in one
// transaction under the migrations' advisory lock.
func (s *Store) migrate(ctx context.Context) error {
	return s.tx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, sqlLockMigrations); err != nil {
			return err
		}
		var hasMig, hasBattles int
		if err := tx.QueryRow(ctx, sqlHasTable, "schema_migrations").Scan(&hasMig); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, sqlHasTable, "battles").Scan(&hasBattles); err != nil {
			return err
		}
		if hasMig == 0 && hasBattles > 0 {
			return msg.Errorf(battle.ErrStorage, "battlestore.storage.not_db", s.where)
		}
		if _, err := tx.Exec(ctx, sqlCreateMigrations); err != nil {
			return err
		}
		var v int
		if err := tx.QueryRow(ctx, sqlSchemaVersion).Scan(&v); err != nil {
			return err
		}
		if v > len(migrations) {
			return msg.Errorf(battle.ErrStorage, "battlestore.storage.newer", s.where, v, len(migrations))
		}
		for i := v; i < len(migrations); i++ {
			if _, err := tx.Exec(ctx, migrations[i]); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, sqlMigrated, i+1, s.now().UnixNano()); err != nil {
				return err
			}
		}
		return nil
	})
}

// tx runs f in a transaction and commits it if ctx is still live. A
// connection that failed before anything was sent on it (the database
// restarted since it was last used) is tried once more on another.
func (s *Store) tx(ctx context.Context, f func(tx pgx.Tx) error) error {
	if err := s.usable(ctx); err != nil {
		return err
	}
	err := s.txOnce(ctx, f)
	if err != nil && pgconn.SafeToRetry(err) && ctx.Err() == nil {
		err = s.txOnce(ctx, f)
	}
	return s.wrap(ctx, err)
}

func (s *Store) txOnce(ctx context.Context, f func(tx pgx.Tx) error) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	// A rollback bounded by ctx: when ctx has ended, pgx closes the
	// connection instead, and the server rolls back.
	if err := f(tx); err != nil {
		_ = tx.Rollback(ctx)
		return err
	}
	if err := ctx.Err(); err != nil {
		_ = tx.Rollback(ctx)
		return err
	}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), commitWait)
	defer cancel()
	if err := tx.Commit(cctx); err != nil {
		return &commitError{err}
	}
	return nil
}

// commitError is a commit whose answer never came: it may have been
// written.
type commitError struct{ err error }

func (e *commitError) Error() string { return e.err.Error() }
func (e *commitError) Unwrap() error { return e.err }

// query runs f on a connection of the pool, once more when the
// connection failed before anything was sent.
func (s *Store) query(ctx context.Context, f func() error) error {
	if err := s.usable(ctx); err != nil {
		return err
	}
	err := f()
	if err != nil && pgconn.SafeToRetry(err) && ctx.Err() == nil {
		err = f()
	}
	return s.wrap(ctx, err)
}

// usable refuses a call on a closed store or with an ended context.
func (s *Store) usable(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.closed.Load() {
		return &msg.Error{Msg: msg.New("battlestore.storage.closed", s.where), Err: battle.ErrStorage}
	}
	return nil
}

// findable reports whether key can be an ID or a name: PostgreSQL's text
// holds neither a NUL nor bytes that are not UTF-8, and no battle has
// them.
func findable(key string) bool {
	return utf8.ValidString(key) && !strings.ContainsRune(key, 0)
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
	err = s.query(ctx, func() error {
		var got string
		err := s.pool.QueryRow(ctx, sqlInsertBattle, id, name, now.UnixNano()).Scan(&got)
		if errors.Is(err, pgx.ErrNoRows) {
			return msg.Errorf(battle.ErrExists, "battlestore.error.exists", name)
		}
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
	err := s.query(ctx, func() error {
		if !findable(idOrName) {
			return msg.Errorf(battle.ErrNotFound, "battlestore.error.not_found", idOrName)
		}
		var err error
		m, err = scanMeta(s.pool.QueryRow(ctx, sqlBattleByID, idOrName), idOrName)
		if errors.Is(err, battle.ErrNotFound) {
			m, err = scanMeta(s.pool.QueryRow(ctx, sqlBattleByName, idOrName), idOrName)
		}
		return err
	})
	return m, err
}

func scanMeta(row pgx.Row, asked string) (battle.Meta, error) {
	var m battle.Meta
	var created, updated int64
	err := row.Scan(&m.ID, &m.Name, &m.Version, &created, &updated)
	if errors.Is(err, pgx.ErrNoRows) {
		return m, msg.Errorf(battle.ErrNotFound, "battlestore.error.not_found", asked)
	}
	m.Created, m.Updated = fromNanos(created), fromNanos(updated)
	return m, err
}

// List returns every battle, by name.
func (s *Store) List(ctx context.Context) ([]battle.Meta, error) {
	var out []battle.Meta
	err := s.query(ctx, func() error {
		out = []battle.Meta{}
		rows, err := s.pool.Query(ctx, sqlBattles)
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
	err := s.tx(ctx, func(tx pgx.Tx) error {
		if !findable(id) {
			return msg.Errorf(battle.ErrNotFound, "battlestore.error.not_found", id)
		}
		var err error
		m, err = scanMeta(tx.QueryRow(ctx, sqlRename, name, s.now().UnixNano(), id, version), id)
		if pe, ok := errors.AsType[*pgconn.PgError](err); ok && pe.Code == "23505" {
			return msg.Errorf(battle.ErrExists, "battlestore.error.exists", name)
		}
		if errors.Is(err, battle.ErrNotFound) {
			return refusal(ctx, tx, id, version)
		}
		return err
	})
	return m, err
}

// Delete removes the battle id, its log and its snapshot, if it is still
// at version.
func (s *Store) Delete(ctx context.Context, id string, version int64) error {
	return s.tx(ctx, func(tx pgx.Tx) error {
		if !findable(id) {
			return msg.Errorf(battle.ErrNotFound, "battlestore.error.not_found", id)
		}
		tag, err := tx.Exec(ctx, sqlDelete, id, version)
		if err != nil || tag.RowsAffected() == 1 {
			return err
		}
		return refusal(ctx, tx, id, version)
	})
}

// refusal says why the battle id was not at version: it is gone, or it
// moved on.
func refusal(ctx context.Context, q interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}, id string, version int64) error {
	var now int64
	switch err := q.QueryRow(ctx, sqlVersion, id).Scan(&now); {
	case errors.Is(err, pgx.ErrNoRows):
		return msg.Errorf(battle.ErrNotFound, "battlestore.error.not_found", id)
	case err != nil:
		return err
	}
	return msg.Errorf(battle.ErrStale, "battlestore.error.stale", int(version), int(now))
}

// Append adds recs to the battle id's log if it is still at version.
func (s *Store) Append(ctx context.Context, id string, version int64, recs ...battle.Record) (battle.Meta, error) {
	kinds := make([]string, len(recs))
	data := make([][]byte, len(recs))
	ats := make([]int64, len(recs))
	now := s.now()
	for i, r := range recs {
		if r.Kind == "" {
			return battle.Meta{}, msg.Errorf(nil, "battlestore.error.record_kind", i+1)
		}
		if !json.Valid(r.Data) {
			return battle.Meta{}, msg.Errorf(nil, "battlestore.error.record_data", i+1, r.Kind)
		}
		at := r.At
		if at.IsZero() {
			at = now
		}
		kinds[i], data[i], ats[i] = r.Kind, r.Data, at.UnixNano()
	}
	if !findable(id) {
		return battle.Meta{}, msg.Errorf(battle.ErrNotFound, "battlestore.error.not_found", id)
	}
	if err := s.usable(ctx); err != nil {
		return battle.Meta{}, err
	}
	args := []any{id, version, len(recs), now.UnixNano(), kinds, data, ats}
	var m battle.Meta
	err := s.appendOnce(ctx, id, version, args, &m)
	if err != nil && pgconn.SafeToRetry(err) && ctx.Err() == nil {
		err = s.appendOnce(ctx, id, version, args, &m)
	}
	err = s.wrap(ctx, err)
	if err != nil {
		return battle.Meta{}, err
	}
	if len(recs) > 0 {
		s.hub.Tell(id, m.Version)
	}
	return m, nil
}

// appendOnce is Append's transaction. Its BEGIN is sent with the
// statement, in one round trip, and the COMMIT after it as txOnce sends
// it: only while ctx is live, then awaited.
func (s *Store) appendOnce(ctx context.Context, id string, version int64, args []any, m *battle.Meta) error {
	c, err := s.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer c.Release() // a connection left in a transaction is closed, not pooled
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	b.Queue(sqlAppend, args...)
	br := c.SendBatch(ctx, b)
	_, err = br.Exec()
	var created, updated, told int64
	if err == nil {
		err = br.QueryRow().Scan(&m.ID, &m.Name, &m.Version, &created, &updated, &told)
	}
	if cerr := br.Close(); err == nil || errors.Is(err, pgx.ErrNoRows) && cerr != nil {
		err = cerr
	}
	rollback := func(err error) error {
		_, _ = c.Exec(ctx, "ROLLBACK") // bounded by ctx: past it, pgx closes the connection
		return err
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return rollback(refusal(ctx, c, id, version))
	}
	if pe, ok := errors.AsType[*pgconn.PgError](err); ok && pe.Code == "23505" {
		// Another writer's events at these seqs: the version moved.
		return rollback(msg.Errorf(battle.ErrStale, "battlestore.error.stale", int(version), int(version)+1))
	}
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return rollback(err)
	}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), commitWait)
	defer cancel()
	tag, err := c.Exec(cctx, "COMMIT")
	if err != nil {
		return &commitError{err}
	}
	if tag.String() != "COMMIT" {
		return errors.New(tag.String()) // a transaction the server had aborted: rolled back
	}
	m.Created, m.Updated = fromNanos(created), fromNanos(updated)
	return nil
}

// exists returns nil when battle id exists, else ErrNotFound.
func (s *Store) exists(ctx context.Context, id string) error {
	var v int64
	err := s.pool.QueryRow(ctx, sqlVersion, id).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return msg.Errorf(battle.ErrNotFound, "battlestore.error.not_found", id)
	}
	return err
}

// Records returns the records of battle id after seq after, ascending, at
// most limit of them (limit <= 0: all).
func (s *Store) Records(ctx context.Context, id string, after int64, limit int) ([]battle.Record, error) {
	var out []battle.Record
	err := s.query(ctx, func() error {
		out = []battle.Record{}
		if !findable(id) {
			return msg.Errorf(battle.ErrNotFound, "battlestore.error.not_found", id)
		}
		var rows pgx.Rows
		var err error
		if limit > 0 {
			rows, err = s.pool.Query(ctx, sqlEventsLimit, id, after, limit)
		} else {
			rows, err = s.pool.Query(ctx, sqlEvents, id, after)
		}
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r battle.Record
			var at int64
			var data []byte
			if err := rows.Scan(&r.Seq, &r.Kind, &data, &at); err != nil {
				return err
			}
			r.Data, r.At = json.RawMessage(data), fromNanos(at)
			out = append(out, r)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if len(out) == 0 { // none after, or no such battle
			return s.exists(ctx, id)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SaveSnapshot keeps data as the state of battle id after record seq,
// unless a snapshot after a later record is kept already.
func (s *Store) SaveSnapshot(ctx context.Context, id string, seq int64, data []byte) error {
	return s.tx(ctx, func(tx pgx.Tx) error {
		if !findable(id) {
			return msg.Errorf(battle.ErrNotFound, "battlestore.error.not_found", id)
		}
		var v int64
		err := tx.QueryRow(ctx, sqlVersion, id).Scan(&v)
		if errors.Is(err, pgx.ErrNoRows) {
			return msg.Errorf(battle.ErrNotFound, "battlestore.error.not_found", id)
		} else if err != nil {
			return err
		}
		if seq < 1 || seq > v {
			return msg.Errorf(nil, "battlestore.error.snapshot_range", int(seq), int(v))
		}
		if data == nil {
			data = []byte{}
		}
		_, err = tx.Exec(ctx, sqlSaveSnapshot, id, seq, data)
		if pe, ok := errors.AsType[*pgconn.PgError](err); ok && pe.Code == "23503" { // deleted meanwhile
			return msg.Errorf(battle.ErrNotFound, "battlestore.error.not_found", id)
		}
		return err
	})
}

// Snapshot returns the latest snapshot of battle id and the seq of the
// record it follows; ErrNotFound when the battle has none (or is gone).
func (s *Store) Snapshot(ctx context.Context, id string) (int64, []byte, error) {
	var seq int64
	var data []byte
	err := s.query(ctx, func() error {
		if !findable(id) {
			return msg.Errorf(battle.ErrNotFound, "battlestore.error.not_found", id)
		}
		err := s.pool.QueryRow(ctx, sqlSnapshot, id).Scan(&seq, &data)
		if errors.Is(err, pgx.ErrNoRows) {
			if err := s.exists(ctx, id); err != nil {
				return err
			}
			return msg.Errorf(battle.ErrNotFound, "battlestore.error.no_snapshot", id)
		}
		return err
	})
	if err != nil {
		return 0, nil, err
	}
	return seq, data, nil
}

// Ready checks that the database answers, at most once per readyEvery
// (the answer is kept that long) and within readyWait: a readiness
// probe's check. It returns an error wrapping battle.ErrStorage while
// the database is unreachable.
func (s *Store) Ready(ctx context.Context) error {
	s.readyMu.Lock()
	defer s.readyMu.Unlock()
	if !s.readyAt.IsZero() && time.Since(s.readyAt) < readyEvery {
		return s.readyErr
	}
	if err := s.usable(ctx); err != nil {
		return err
	}
	c, cancel := context.WithTimeout(ctx, readyWait)
	defer cancel()
	err := s.pool.Ping(c)
	if err != nil && ctx.Err() != nil {
		return ctx.Err() // the probe left: nothing learnt
	}
	if err != nil {
		s.pool.Reset() // the connections of before are likely dead too
		err = &msg.Error{Msg: msg.New("battlestore.pg.unreachable", s.where, reason(err)), Err: errors.Join(battle.ErrStorage, err)}
	}
	s.readyAt, s.readyErr = time.Now(), err
	return err
}

// Close closes the listeners' channels, the listening connection and the
// pool.
func (s *Store) Close() error {
	if s.closed.Swap(true) {
		return nil
	}
	s.hub.Close()
	s.pool.Close()
	return nil
}

// wrap turns a driver's error into a *msg.Error wrapping
// battle.ErrStorage that says what went wrong with the database; the
// context's error when ctx was cancelled (and, when its deadline passed,
// that error wrapped with words that say the database was slow); an
// error already said, as it is.
func (s *Store) wrap(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	// A commit sent whose answer never came may be written, whatever
	// ended the wait: the caller must read before it retries.
	if ce, ok := errors.AsType[*commitError](err); ok && !s.closed.Load() {
		if _, answered := errors.AsType[*pgconn.PgError](err); !answered {
			s.pool.Reset()
			return &msg.Error{Msg: msg.New("battlestore.pg.commit", s.where, reason(ce.err)), Err: errors.Join(battle.ErrStorage, err)}
		}
	}
	if ctx.Err() != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return &msg.Error{Msg: msg.New("battlestore.pg.slow", s.where), Err: errors.Join(battle.ErrStorage, ctx.Err())}
		}
		return ctx.Err()
	}
	if _, ok := errors.AsType[*msg.Error](err); ok {
		return err
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if s.closed.Load() {
		return &msg.Error{Msg: msg.New("battlestore.storage.closed", s.where), Err: errors.Join(battle.ErrStorage, err)}
	}
	id := msg.ID("battlestore.storage.other")
	args := []any{s.where, reason(err)}
	pe, answered := errors.AsType[*pgconn.PgError](err)
	switch {
	case answered:
		switch {
		case pe.Code == "53100": // disk_full
			id, args = "battlestore.storage.full", args[:1]
		case pe.Code == "25006": // read_only_sql_transaction
			id, args = "battlestore.storage.readonly", args[:1]
		case pe.Code == "57014", pe.Code == "55P03": // statement_timeout, lock_timeout
			id, args = "battlestore.pg.slow", args[:1]
		case strings.HasPrefix(pe.Code, "57P"), strings.HasPrefix(pe.Code, "08"), pe.Code == "53300": // shut down, connection, too many connections
			id = "battlestore.pg.unreachable"
			s.pool.Reset()
		}
	case lost(err):
		// No answer from the server at all: a connection refused,
		// reset or closed.
		id = "battlestore.pg.unreachable"
		s.pool.Reset()
	}
	return &msg.Error{Msg: msg.New(id, args...), Err: errors.Join(battle.ErrStorage, err)}
}

// lost reports whether err is the connection's: refused, reset, closed,
// timed out.
func lost(err error) bool {
	if _, ok := errors.AsType[*pgconn.ConnectError](err); ok {
		return true
	}
	if _, ok := errors.AsType[net.Error](err); ok {
		return true
	}
	return pgconn.SafeToRetry(err) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.EPIPE) ||
		strings.Contains(err.Error(), "conn closed")
}

// reason is an error's own words, on one line (pgx puts each address it
// tried on a line of its own).
func reason(err error) string {
	if pe, ok := errors.AsType[*pgconn.PgError](err); ok {
		return pe.Message
	}
	return strings.Join(strings.Fields(err.Error()), " ")
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
