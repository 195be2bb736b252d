package postgres

// The SQL this adapter runs, in one place: PostgreSQL's dialect of the
// tables battle/sqlite keeps (battle/sqlite/sql.go), with the same names
// and columns. Times are bigint nanoseconds since 1970 UTC (a timestamptz
// keeps microseconds only, and an imported record's time is kept to the
// nanosecond); an event's data and a snapshot are bytea, kept byte for
// byte as the caller gave them.

// migrations are the schema's steps, in order: migration i+1 brings the
// schema from version i to i+1, and is recorded in schema_migrations. A
// step is never edited once released; a change is a new step, here and
// in battle/sqlite alike.
var migrations = []string{
	1: `
CREATE TABLE battles (
	id      text PRIMARY KEY,
	name    text NOT NULL UNIQUE,
	version bigint NOT NULL DEFAULT 0 CHECK (version >= 0),
	created bigint NOT NULL,
	updated bigint NOT NULL
);
CREATE TABLE events (
	battle_id text NOT NULL REFERENCES battles (id) ON DELETE CASCADE,
	seq       bigint NOT NULL CHECK (seq > 0),
	kind      text NOT NULL,
	data      bytea NOT NULL,
	at        bigint NOT NULL,
	PRIMARY KEY (battle_id, seq)
);
CREATE TABLE snapshots (
	battle_id text PRIMARY KEY REFERENCES battles (id) ON DELETE CASCADE,
	seq       bigint NOT NULL CHECK (seq > 0),
	data      bytea NOT NULL
);`,
}[1:]

// channel is the LISTEN/NOTIFY channel of appends; a notification's
// payload is "<battle id> <version>".
const channel = "rearrank_battles"

const (
	// The advisory lock migrations hold, so that instances starting at
	// once migrate one after the other: its key is "rear" in ASCII, as
	// battle/sqlite's application_id.
	sqlLockMigrations   = `SELECT pg_advisory_xact_lock(1919246706)`
	sqlCreateMigrations = `CREATE TABLE IF NOT EXISTS schema_migrations (
	version bigint PRIMARY KEY,
	applied bigint NOT NULL
)`
	// A database that has tables of its own but no schema_migrations is
	// another program's: its battles table, if any, is not ours.
	sqlHasTable      = `SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = $1`
	sqlSchemaVersion = `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`
	sqlMigrated      = `INSERT INTO schema_migrations (version, applied) VALUES ($1, $2)`

	// A name taken is ON CONFLICT's: no row comes back.
	sqlInsertBattle = `INSERT INTO battles (id, name, version, created, updated) VALUES ($1, $2, 0, $3, $3)
ON CONFLICT (name) DO NOTHING RETURNING id`
	sqlBattleByID   = `SELECT id, name, version, created, updated FROM battles WHERE id = $1`
	sqlBattleByName = `SELECT id, name, version, created, updated FROM battles WHERE name = $1`
	// COLLATE "C": by the bytes of the names, as SQLite orders them.
	sqlBattles  = `SELECT id, name, version, created, updated FROM battles ORDER BY name COLLATE "C"`
	sqlVersion  = `SELECT version FROM battles WHERE id = $1`
	sqlVersions = `SELECT id, version FROM battles WHERE id = ANY($1)`
	sqlRename   = `UPDATE battles SET name = $1, updated = $2 WHERE id = $3 AND version = $4 RETURNING id, name, version, created, updated`
	sqlDelete   = `DELETE FROM battles WHERE id = $1 AND version = $2`
	// sqlAppend is the version check and the insert in one statement: the
	// UPDATE takes the battle's row lock and raises its version only if it
	// is still $2 (a writer that waited for the lock sees the version the
	// other wrote, and updates nothing); the events are inserted only
	// after it, numbered on from $2, and (battle_id, seq) is unique
	// besides. The notification is sent when the transaction commits.
	sqlAppend = `WITH b AS (
	UPDATE battles SET version = version + $3, updated = $4
	WHERE id = $1 AND version = $2
	RETURNING id, name, version, created, updated
), ins AS (
	INSERT INTO events (battle_id, seq, kind, data, at)
	SELECT b.id, $2 + r.n, r.kind, r.data, r.at
	FROM b, unnest($5::text[], $6::bytea[], $7::bigint[]) WITH ORDINALITY AS r (kind, data, at, n)
), n AS (
	SELECT pg_notify('` + channel + `', b.id || ' ' || b.version) FROM b WHERE $3 > 0
)
SELECT b.id, b.name, b.version, b.created, b.updated, (SELECT count(*) FROM n) FROM b`
	sqlEvents      = `SELECT seq, kind, data, at FROM events WHERE battle_id = $1 AND seq > $2 ORDER BY seq`
	sqlEventsLimit = `SELECT seq, kind, data, at FROM events WHERE battle_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`
	// A later snapshot replaces an earlier one, never the other way.
	sqlSaveSnapshot = `INSERT INTO snapshots (battle_id, seq, data) VALUES ($1, $2, $3)
ON CONFLICT (battle_id) DO UPDATE SET seq = excluded.seq, data = excluded.data WHERE excluded.seq >= snapshots.seq`
	sqlSnapshot = `SELECT seq, data FROM snapshots WHERE battle_id = $1`
	sqlListen   = `LISTEN ` + channel
)
