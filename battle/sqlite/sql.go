package sqlite

// The SQL this adapter runs, in one place: the dialect. Standard SQL where
// SQLite allows it (a PostgreSQL adapter keeps the same tables with its
// own placeholders, types and migrations); what is SQLite's own is marked.
// Times are INTEGER nanoseconds since 1970 UTC, data is JSON text.

// migrations are the schema's steps, in order: migration i+1 brings the
// schema from version i to i+1, and is recorded in schema_migrations. A
// step is never edited once released; a change is a new step.
var migrations = []string{
	1: `
CREATE TABLE battles (
	id      TEXT PRIMARY KEY,
	name    TEXT NOT NULL UNIQUE,
	version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
	created INTEGER NOT NULL,
	updated INTEGER NOT NULL
);
CREATE TABLE events (
	battle_id TEXT NOT NULL REFERENCES battles (id) ON DELETE CASCADE,
	seq       INTEGER NOT NULL CHECK (seq > 0),
	kind      TEXT NOT NULL,
	data      TEXT NOT NULL,
	at        INTEGER NOT NULL,
	PRIMARY KEY (battle_id, seq)
) WITHOUT ROWID;
CREATE TABLE snapshots (
	battle_id TEXT PRIMARY KEY REFERENCES battles (id) ON DELETE CASCADE,
	seq       INTEGER NOT NULL CHECK (seq > 0),
	data      BLOB NOT NULL
);`,
}[1:]

// applicationID marks the file as rearrank's (PRAGMA application_id,
// SQLite's own): "rear" in ASCII.
const applicationID = 0x72656172

const (
	sqlCreateMigrations = `CREATE TABLE IF NOT EXISTS schema_migrations (
	version INTEGER PRIMARY KEY,
	applied INTEGER NOT NULL
)`
	// SQLite's own: the catalogue of tables and the file's mark.
	sqlHasTable       = `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`
	sqlOtherTables    = `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	sqlApplicationID  = `PRAGMA application_id`
	sqlSetApplication = `PRAGMA application_id = 1919246706` // applicationID, which a PRAGMA cannot bind
	sqlCheckpoint     = `PRAGMA wal_checkpoint(PASSIVE)`
	sqlSchemaVersion  = `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`
	sqlMigrated       = `INSERT INTO schema_migrations (version, applied) VALUES (?, ?)`

	sqlInsertBattle = `INSERT INTO battles (id, name, version, created, updated) VALUES (?, ?, 0, ?, ?)`
	sqlBattleByID   = `SELECT id, name, version, created, updated FROM battles WHERE id = ?`
	sqlBattleByName = `SELECT id, name, version, created, updated FROM battles WHERE name = ?`
	sqlBattles      = `SELECT id, name, version, created, updated FROM battles ORDER BY name`
	sqlVersion      = `SELECT version FROM battles WHERE id = ?`
	sqlRename       = `UPDATE battles SET name = ?, updated = ? WHERE id = ? AND version = ? RETURNING id, name, version, created, updated`
	sqlDelete       = `DELETE FROM battles WHERE id = ? AND version = ?`
	sqlBump         = `UPDATE battles SET version = version + ?, updated = ? WHERE id = ? AND version = ? RETURNING id, name, version, created, updated`
	sqlInsertEvent  = `INSERT INTO events (battle_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)`
	sqlEventsAll    = `SELECT seq, kind, data, at FROM events WHERE battle_id = ? AND seq > ? ORDER BY seq`
	sqlEventsLimit  = `SELECT seq, kind, data, at FROM events WHERE battle_id = ? AND seq > ? ORDER BY seq LIMIT ?`
	// SQLite's own upsert (PostgreSQL has the same ON CONFLICT): a later
	// snapshot replaces an earlier one, never the other way.
	sqlSaveSnapshot = `INSERT INTO snapshots (battle_id, seq, data) VALUES (?, ?, ?)
ON CONFLICT (battle_id) DO UPDATE SET seq = excluded.seq, data = excluded.data WHERE excluded.seq >= snapshots.seq`
	sqlSnapshot = `SELECT seq, data FROM snapshots WHERE battle_id = ?`
)
