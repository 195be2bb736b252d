package sqlite

import (
	"context"
	"sync"
	"time"
)

// pollEvery is how often a Store reads the versions of the battles someone
// listens to, to see the appends of another process on the same file.
// The appends through the Store itself are told at once.
const pollEvery = 250 * time.Millisecond

// hub tells listeners of new versions: at once for the appends through
// its Store, and by polling, only while someone listens, for the others.
type hub struct {
	s     *Store
	every time.Duration

	mu      sync.Mutex
	subs    map[string]map[*sub]struct{}
	polling bool
	closed  bool
	stop    chan struct{}
}

// sub is one listener: a channel holding at most the latest version not
// yet taken, so a slow reader never holds a writer up.
type sub struct {
	ch   chan int64
	last int64
}

func newHub(s *Store) *hub {
	return &hub{s: s, every: pollEvery, subs: map[string]map[*sub]struct{}{}, stop: make(chan struct{})}
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
	h := s.hub
	sb := &sub{ch: make(chan int64, 1), last: m.Version}
	sb.ch <- m.Version
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		close(sb.ch)
		return sb.ch, nil
	}
	if h.subs[m.ID] == nil {
		h.subs[m.ID] = map[*sub]struct{}{}
	}
	h.subs[m.ID][sb] = struct{}{}
	if !h.polling {
		h.polling = true
		go h.poll()
	}
	h.mu.Unlock()
	go func() {
		select {
		case <-ctx.Done():
		case <-h.stop:
			return // close closed the channel
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		if _, ok := h.subs[m.ID][sb]; !ok {
			return
		}
		delete(h.subs[m.ID], sb)
		if len(h.subs[m.ID]) == 0 {
			delete(h.subs, m.ID)
		}
		close(sb.ch)
	}()
	return sb.ch, nil
}

// notify tells the listeners of battle id that it is at version v.
func (h *hub) notify(id string, v int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for sb := range h.subs[id] {
		if v <= sb.last {
			continue
		}
		sb.last = v
		select { // keep only the latest
		case <-sb.ch:
		default:
		}
		sb.ch <- v
	}
}

// poll reads the versions of the battles listened to every h.every, until
// no one listens or the Store closes.
func (h *hub) poll() {
	t := time.NewTicker(h.every)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
		}
		h.mu.Lock()
		if len(h.subs) == 0 {
			h.polling = false
			h.mu.Unlock()
			return
		}
		ids := make([]string, 0, len(h.subs))
		for id := range h.subs {
			ids = append(ids, id)
		}
		h.mu.Unlock()
		for _, id := range ids {
			var v int64
			// A battle deleted, or a read that failed: nothing to tell.
			ctx, cancel := context.WithTimeout(context.Background(), h.every*4)
			err := h.s.r.QueryRowContext(ctx, sqlVersion, id).Scan(&v)
			cancel()
			if err == nil {
				h.notify(id, v)
			}
		}
	}
}

// close closes every listener's channel and stops the polling.
func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	h.closed = true
	close(h.stop)
	for id, subs := range h.subs {
		for sb := range subs {
			close(sb.ch)
		}
		delete(h.subs, id)
	}
}
