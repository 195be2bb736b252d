// Package open opens the battle store a --db value names, choosing the
// adapter by its form: a postgres:// or postgresql:// URL is a PostgreSQL
// database (battle/postgres, for several server instances); anything else
// is the path of an SQLite file (battle/sqlite, the embedded default).
// Each adapter runs its own dialect's migrations when it opens.
package open

import (
	"context"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/battle/postgres"
	"github.com/rearrank/rearrank/battle/sqlite"
)

// Store opens the store db names.
func Store(ctx context.Context, db string) (battle.Store, error) {
	if postgres.IsURL(db) {
		return postgres.Open(ctx, db)
	}
	return sqlite.Open(ctx, db)
}

// Describe returns db as a log line shows it: a URL without its password.
func Describe(db string) string {
	if postgres.IsURL(db) {
		return postgres.Redact(db)
	}
	return db
}

// Readiness is what a store that can become unreachable (PostgreSQL)
// offers a readiness probe: Ready returns an error while its database
// does not answer. An SQLite file has no such method.
type Readiness interface {
	Ready(ctx context.Context) error
}
