package open

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/rearrank/rearrank/battle/postgres"
	"github.com/rearrank/rearrank/battle/sqlite"
	"github.com/rearrank/rearrank/internal/pgtest"
)

// TestStore: a path opens SQLite, a postgres:// or postgresql:// URL
// PostgreSQL, and only the latter can be unready.
func TestStore(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "postgres.db") // a file, whatever its name
	st, err := Store(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, ok := st.(*sqlite.Store); !ok {
		t.Fatalf("Store(%q) is a %T, want *sqlite.Store", path, st)
	}
	if _, ok := st.(Readiness); ok {
		t.Errorf("an SQLite store has a readiness check")
	}
	if got := Describe(path); got != path {
		t.Errorf("Describe(%q) = %q", path, got)
	}
	if got := Describe("postgres://u:s3cret@h/d"); got != "postgres://u@h/d" {
		t.Errorf("Describe of a URL with a password: %q", got)
	}
	c := pgtest.Start(t)
	url := c.NewDatabase(t)
	for _, u := range []string{url, "postgresql" + url[len("postgres"):]} {
		st, err := Store(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := st.(*postgres.Store); !ok {
			t.Fatalf("Store(%q) is a %T, want *postgres.Store", u, st)
		}
		if r, ok := st.(Readiness); !ok || r.Ready(ctx) != nil {
			t.Errorf("Store(%q): no readiness, or not ready", u)
		}
		_ = st.Close()
	}
}
