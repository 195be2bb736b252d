package postgres

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/rearrank/rearrank/battle/internal/feed"
)

// Reconnecting: the listener tries again after retryFirst, doubling the
// wait up to retryMost, until the database answers.
const (
	retryFirst = 50 * time.Millisecond
	retryMost  = time.Second
)

// newHub returns the Store's listeners, told at once of the appends
// through it and, through LISTEN on a connection of its own, of other
// instances'. The connection is opened when the first listener comes and
// kept until the Store closes.
func newHub(s *Store) *feed.Hub {
	return feed.New(s.listen)
}

// Changes returns a channel that receives the battle's version now, then
// each new version as records are appended to it, through this Store or
// another sharing its database (told by NOTIFY, within milliseconds). A
// reader that falls behind receives the latest version only. The channel
// is closed when ctx ends or the Store is closed; nothing is sent after
// the battle is deleted.
func (s *Store) Changes(ctx context.Context, id string) (<-chan int64, error) {
	m, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.hub.Listen(ctx, m.ID, m.Version), nil
}

// listen keeps a connection listening on channel until the Store closes:
// it connects, LISTENs, reads the versions of the battles listened to
// (what was appended while it was away), then tells each notification.
// When the connection fails it connects again, waiting retryFirst, then
// twice as long each time up to retryMost.
func (s *Store) listen(ctx context.Context) {
	wait := retryFirst
	for ctx.Err() == nil {
		if s.session(ctx) {
			wait = retryFirst
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, retryMost)
	}
}

// session is one connection's listening; it reports whether it got as
// far as listening.
func (s *Store) session(ctx context.Context) bool {
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	conn, err := pgx.ConnectConfig(cctx, s.cfg.ConnConfig.Copy())
	cancel()
	if err != nil {
		return false
	}
	defer func() {
		c, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = conn.Close(c)
	}()
	if _, err := conn.Exec(ctx, sqlListen); err != nil {
		return false
	}
	if err := s.catchUp(ctx, conn); err != nil {
		return true
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return true
		}
		id, v, ok := strings.Cut(n.Payload, " ")
		if !ok {
			continue
		}
		if ver, err := strconv.ParseInt(v, 10, 64); err == nil {
			s.hub.Tell(id, ver)
		}
	}
}

// catchUp tells the listeners the versions their battles are at now,
// even those they were told already: a listener that was told a version
// while the database was going away may have failed to read it.
func (s *Store) catchUp(ctx context.Context, conn *pgx.Conn) error {
	ids := s.hub.Battles()
	if len(ids) == 0 {
		return nil
	}
	rows, err := conn.Query(ctx, sqlVersions, ids)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var v int64
		if err := rows.Scan(&id, &v); err != nil {
			return err
		}
		s.hub.TellAgain(id, v)
	}
	return rows.Err()
}
