package sqlite

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/battle/storetest"
)

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) battle.Store {
		s, err := Open(context.Background(), filepath.Join(t.TempDir(), "battles.db"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}
