package postgres

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// Reconnecting: the listener tries again after retryFirst, doubling the
// wait up to retryMost, until the database answers.
const (
	retryFirst = 50 * time.Millisecond
	retryMost  = time.Second
)

// hub tells listeners of new versions: at once for the appends through
// its Store, and through LISTEN on a connection of its own for those of
// other instances. The connection is opened when the first listener
// comes and kept until the Store closes.
type hub struct {
	s *Store

	mu        sync.Mutex
	subs      map[string]map[*sub]struct{}
	listening bool
	closed    bool
	stop      context.CancelFunc
	ctx       context.Context
	done      chan struct{}
}

// sub is one listener: a channel holding at most the latest version not
// yet taken, so a slow reader never holds a writer up.
type sub struct {
	ch   chan int64
	last int64
}

func newHub(s *Store) *hub {
	ctx, stop := context.WithCancel(context.Background())
	return &hub{s: s, subs: map[string]map[*sub]struct{}{}, ctx: ctx, stop: stop, done: make(chan struct{})}
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
	if !h.listening {
		h.listening = true
		go h.listen()
	}
	h.mu.Unlock()
	go func() {
		select {
		case <-ctx.Done():
		case <-h.ctx.Done():
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
func (h *hub) notify(id string, v int64) { h.tell(id, v, false) }

// tell tells the listeners of battle id that it is at version v; again
// when they were told v already.
func (h *hub) tell(id string, v int64, again bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for sb := range h.subs[id] {
		if v < sb.last || v == sb.last && !again {
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

// listen keeps a connection listening on channel until the Store closes:
// it connects, LISTENs, reads the versions of the battles listened to
// (what was appended while it was away), then tells each notification.
// When the connection fails it connects again, waiting retryFirst, then
// twice as long each time up to retryMost.
func (h *hub) listen() {
	defer close(h.done)
	wait := retryFirst
	for h.ctx.Err() == nil {
		if h.session() {
			wait = retryFirst
		}
		select {
		case <-h.ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, retryMost)
	}
}

// session is one connection's listening; it reports whether it got as
// far as listening.
func (h *hub) session() bool {
	ctx := h.ctx
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	conn, err := pgx.ConnectConfig(cctx, h.s.cfg.ConnConfig.Copy())
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
	if err := h.catchUp(ctx, conn); err != nil {
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
			h.notify(id, ver)
		}
	}
}

// catchUp tells the listeners the versions their battles are at now,
// even those they were told already: a listener that was told a version
// while the database was going away may have failed to read it.
func (h *hub) catchUp(ctx context.Context, conn *pgx.Conn) error {
	h.mu.Lock()
	ids := make([]string, 0, len(h.subs))
	for id := range h.subs {
		ids = append(ids, id)
	}
	h.mu.Unlock()
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
		h.tell(id, v, true)
	}
	return rows.Err()
}

// close closes every listener's channel and stops the listening.
func (h *hub) close() {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	h.closed = true
	h.stop()
	listening := h.listening
	for id, subs := range h.subs {
		for sb := range subs {
			close(sb.ch)
		}
		delete(h.subs, id)
	}
	h.mu.Unlock()
	if listening {
		<-h.done
	}
}
