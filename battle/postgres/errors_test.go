package postgres

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/internal/pgtest"
	"github.com/rearrank/rearrank/msg"
)

func TestIsURLRedact(t *testing.T) {
	for _, c := range []struct {
		db     string
		url    bool
		redact string
	}{
		{"postgres://rearrank:s3cret@db.example:5432/battles?sslmode=require", true, "postgres://rearrank@db.example:5432/battles?sslmode=require"},
		{"postgresql://db.example/battles?password=s3cret&sslmode=disable", true, "postgresql://db.example/battles?sslmode=disable"},
		{"POSTGRES://u@h/d", true, "postgres://u@h/d"},
		{"battles.db", false, ""},
		{"/var/lib/rearrank/postgres.db", false, ""},
		{"postgres.db", false, ""},
	} {
		if got := IsURL(c.db); got != c.url {
			t.Errorf("IsURL(%q) = %v, want %v", c.db, got, c.url)
		}
		if c.url {
			if got := Redact(c.db); got != c.redact || strings.Contains(got, "s3cret") {
				t.Errorf("Redact(%q) = %q, want %q", c.db, got, c.redact)
			}
		}
	}
}

// exec runs statements on the database at url.
func exec(t *testing.T, url string, sql ...string) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	for _, q := range sql {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// testErrors: what a player or operator reads when the database is not
// one rearrank can use, is down, or is slow; and that the store goes on
// once it is back. It stops and restarts the cluster.
func testErrors(t *testing.T, c *pgtest.Cluster) {
	ctx := context.Background()
	texts := func(t *testing.T, err, sentinel error, en, ru string) {
		t.Helper()
		if !errors.Is(err, sentinel) {
			t.Fatalf("err = %v, want %v", err, sentinel)
		}
		if got := msg.ErrorText(err, msg.English); !strings.HasPrefix(got, en) {
			t.Errorf("English: %q, want %q...", got, en)
		}
		if got := msg.ErrorText(err, msg.Russian); !strings.HasPrefix(got, ru) {
			t.Errorf("Russian: %q, want %q...", got, ru)
		}
	}

	t.Run("AnotherProgram", func(t *testing.T) {
		url := c.NewDatabase(t)
		exec(t, url, "CREATE TABLE battles (id int)")
		_, err := Open(ctx, url)
		where := Redact(url)
		texts(t, err, battle.ErrStorage, where+": not a rearrank database", where+": это не база данных rearrank")
	})
	t.Run("Newer", func(t *testing.T) {
		url := c.NewDatabase(t)
		s := open(t, url)
		_ = s.Close()
		exec(t, url, "INSERT INTO schema_migrations (version, applied) VALUES (99, 0)")
		_, err := Open(ctx, url)
		where := Redact(url)
		texts(t, err, battle.ErrStorage, where+": written by a newer rearrank (schema version 99, this one knows up to 1)",
			where+": база данных записана более новой версией rearrank (версия схемы 99")
	})
	t.Run("Migrated", func(t *testing.T) {
		url := c.NewDatabase(t)
		a, b := open(t, url), open(t, url) // the second finds the schema made
		defer a.Close()
		defer b.Close()
		m, err := a.Create(ctx, "Ogres")
		if err != nil {
			t.Fatal(err)
		}
		if got, err := b.Get(ctx, "Ogres"); err != nil || got.ID != m.ID {
			t.Fatalf("the second store: %+v %v", got, err)
		}
	})
	t.Run("BadURL", func(t *testing.T) {
		_, err := Open(ctx, "postgres://u:s3cret@127.0.0.1:notaport/x")
		if !errors.Is(err, battle.ErrStorage) || strings.Contains(msg.ErrorText(err, msg.English), "s3cret") {
			t.Fatalf("Open of a bad URL: %v, want ErrStorage without the password", err)
		}
	})
	t.Run("Slow", func(t *testing.T) {
		url := c.NewDatabase(t)
		s := open(t, url)
		defer s.Close()
		m, err := s.Create(ctx, "Ogres")
		if err != nil {
			t.Fatal(err)
		}
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		tx, err := conn.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(ctx, "SELECT version FROM battles WHERE id = $1 FOR UPDATE", m.ID); err != nil {
			t.Fatal(err)
		}
		dctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
		defer cancel()
		_, err = s.Append(dctx, m.ID, 0, battle.Record{Kind: "note", Data: []byte(`{}`)})
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Append on a locked battle: %v, want the deadline", err)
		}
		texts(t, err, battle.ErrStorage, Redact(url)+": the database did not answer in time: nothing was written; retry",
			Redact(url)+": база данных не ответила вовремя: ничего не записано; повторите")
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Get(ctx, m.ID); err != nil || got.Version != 0 {
			t.Fatalf("after the lock: %+v %v, want version 0", got, err)
		}
		if _, err := s.Append(ctx, m.ID, 0, battle.Record{Kind: "note", Data: []byte(`{}`)}); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("Down", func(t *testing.T) {
		url := c.NewDatabase(t)
		s := open(t, url)
		defer s.Close()
		m, err := s.Create(ctx, "Ogres")
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Ready(ctx); err != nil {
			t.Fatalf("Ready: %v", err)
		}
		ch, err := s.Changes(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		<-ch
		c.Stop(t)
		_, err = s.Get(ctx, m.ID)
		texts(t, err, battle.ErrStorage, Redact(url)+": the database is unreachable: ", Redact(url)+": база данных недоступна: ")
		time.Sleep(readyEvery) // past the answer kept
		err = s.Ready(ctx)
		texts(t, err, battle.ErrStorage, Redact(url)+": the database is unreachable: ", Redact(url)+": база данных недоступна: ")
		c.Restart(t)
		time.Sleep(readyEvery)
		if err := s.Ready(ctx); err != nil {
			t.Fatalf("Ready after the restart: %v", err)
		}
		// Another instance appends: this one's listener, back on the
		// database, tells of it.
		other := open(t, url)
		defer other.Close()
		if _, err := other.Append(ctx, m.ID, 0, battle.Record{Kind: "note", Data: []byte(`{}`)}); err != nil {
			t.Fatal(err)
		}
		timeout := time.After(10 * time.Second)
		for v := int64(0); v != 1; {
			select {
			case v = <-ch:
			case <-timeout:
				t.Fatal("no change told after the restart")
			}
		}
	})
}
