package postgres

import (
	"context"
	"testing"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/battle/storetest"
	"github.com/rearrank/rearrank/internal/pgtest"
)

func open(t *testing.T, url string) *Store {
	t.Helper()
	s, err := Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestStore runs the store's suite, its checks of two stores sharing a
// database, and this adapter's errors, on one throwaway cluster (its
// start is most of their time), each test on a database of its own.
func TestStore(t *testing.T) {
	c := pgtest.Start(t)
	storetest.Run(t, func(t *testing.T) battle.Store { return open(t, c.NewDatabase(t)) })
	t.Run("Shared", func(t *testing.T) { shared(t, c) })
	t.Run("Errors", func(t *testing.T) { testErrors(t, c) }) // last: it restarts the cluster
}

func shared(t *testing.T, c *pgtest.Cluster) {
	storetest.RunShared(t, func(t *testing.T) (battle.Store, battle.Store) {
		url := c.NewDatabase(t)
		a, b := open(t, url), open(t, url)
		t.Cleanup(func() { a.Close(); b.Close() })
		return a, b
	})
}
