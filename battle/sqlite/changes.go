package sqlite

import (
	"context"
	"time"

	"github.com/rearrank/rearrank/battle/internal/feed"
)

// pollEvery is how often a Store reads the versions of the battles someone
// listens to, to see the appends of another process on the same file.
// The appends through the Store itself are told at once.
const pollEvery = 250 * time.Millisecond

// newHub returns the Store's listeners, told at once of the appends
// through it and, by polling while someone listens, of the others'.
func newHub(s *Store) *feed.Hub {
	return feed.New(s.poll)
}

// Changes returns a channel that receives the battle's version now, then
// each new version as records are appended to it, through this Store or
// another writer of its file (seen within pollEvery). A reader that falls
// behind receives the latest version only. The channel is closed when ctx
// ends or the Store is closed; nothing is sent after the battle is
// deleted.
func (s *Store) Changes(ctx context.Context, id string) (<-chan int64, error) {
	m, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.hub.Listen(ctx, m.ID, m.Version), nil
}

// poll reads the versions of the battles listened to every pollEvery,
// until no one listens or ctx (the Store's) ends.
func (s *Store) poll(ctx context.Context) {
	t := time.NewTicker(pollEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if s.hub.Idle() {
			return
		}
		for _, id := range s.hub.Battles() {
			var v int64
			// A battle deleted, or a read that failed: nothing to tell.
			rctx, cancel := context.WithTimeout(ctx, pollEvery*4)
			err := s.r.QueryRowContext(rctx, sqlVersion, id).Scan(&v)
			cancel()
			if err == nil {
				s.hub.Tell(id, v)
			}
		}
	}
}
