package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/msg"
)

// GET /api/battles/{id}/events is a battle's change feed, as server-sent
// events (text/event-stream):
//
//	event: version            on connect: the battle's version
//	id: 7
//	data: {"version": 7}
//
//	event: change             each change: the new version and the
//	id: 8                     records it appended, as log lines
//	data: {"version": 8, "records": [{"seq": 8, "kind": "attack", ...}]}
//
//	: heartbeat               every 15 s, so that proxies keep it open
//
//	event: deleted            the battle was deleted: the feed ends
//	event: closing            the server shuts down: the feed ends
//
// A client that reconnects with Last-Event-ID gets the records after that
// version first. A feed is not bound by Config.Timeout and takes no
// computation slot (it runs outside the guard: Server.streaming); it
// ends when its client leaves, when its battle is deleted, or at the
// server's shutdown (CloseStreams). Feeds are counted: at most
// Config.MaxStreams open at once (503 beyond), and at most
// maxStreamsPerClient from one address (429 beyond).

const (
	// DefaultMaxStreams is the most change feeds a zero Config keeps open.
	DefaultMaxStreams = 256
	// maxStreamsPerClient is the most change feeds one address keeps open:
	// a table's few devices, each with a tab or two.
	maxStreamsPerClient = 16
	// heartbeatEvery is how often a quiet feed writes a comment line.
	heartbeatEvery = 15 * time.Second
	// streamWriteTimeout bounds one write of a feed: a client that reads
	// nothing for that long is dropped.
	streamWriteTimeout = 30 * time.Second
)

// FeedVersion is the data of a feed's version event.
type FeedVersion struct {
	Version int64 `json:"version"`
}

// FeedChange is the data of a feed's change event.
type FeedChange struct {
	Version int64      `json:"version"`
	Records []LogEntry `json:"records"`
}

// FeedEnd is the data of a feed's deleted and closing events.
type FeedEnd struct {
	Message string `json:"message"`
}

// streams counts the open change feeds and ends them at shutdown.
type streams struct {
	mu       sync.Mutex
	open     int
	byClient map[string]int
	max      int
	beat     time.Duration // heartbeatEvery; shorter in tests
	ctx      context.Context
	cancel   context.CancelFunc
}

func newStreams(max int) *streams {
	ctx, cancel := context.WithCancel(context.Background())
	return &streams{byClient: map[string]int{}, max: max, beat: heartbeatEvery, ctx: ctx, cancel: cancel}
}

// enter counts a new feed from client, or refuses it.
func (st *streams) enter(client string) (release func(), err *apiError) {
	st.mu.Lock()
	defer st.mu.Unlock()
	perClient := min(maxStreamsPerClient, st.max)
	switch {
	case st.ctx.Err() != nil:
		e := sayError(http.StatusServiceUnavailable, "shutting_down", "", msg.New("battleapi.feed.closing"))
		e.RetryAfter = 5
		return nil, e
	case st.open >= st.max:
		e := sayError(http.StatusServiceUnavailable, "busy", "", msg.New("battleapi.error.streams_server", st.max))
		e.RetryAfter = 5
		return nil, e
	case st.byClient[client] >= perClient:
		e := sayError(http.StatusTooManyRequests, "too_many_streams", "", msg.New("battleapi.error.streams_client", perClient))
		e.RetryAfter = 5
		return nil, e
	}
	st.open++
	st.byClient[client]++
	return func() {
		st.mu.Lock()
		defer st.mu.Unlock()
		st.open--
		if st.byClient[client]--; st.byClient[client] == 0 {
			delete(st.byClient, client)
		}
	}, nil
}

// CloseStreams ends every change feed, and refuses new ones: call it when
// the server shuts down (http.Server.RegisterOnShutdown), since
// http.Server.Shutdown waits for open responses and a feed never ends by
// itself.
func (s *Server) CloseStreams() { s.battles.streams.cancel() }

// streaming serves the change feeds outside the guard, whose buffered
// response and deadline a feed cannot live with; every other request goes
// on to next.
func (s *Server) streaming(next http.Handler) http.Handler {
	feeds := http.NewServeMux()
	for _, rt := range s.routes {
		if strings.HasSuffix(rt.path, "/events") || rt.stream {
			feeds.HandleFunc(rt.path, methods(rt))
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, pattern := feeds.Handler(r); pattern != "" {
			feeds.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// clientOf is the address a request came from, without its port: the
// connection's, or, from a trusted proxy (Config.TrustedProxies), the
// nearest address in X-Forwarded-For that is not a trusted proxy's (each
// proxy appends the address it was reached from, so the hops are read
// from the right; one that is not an address ends the walk, as nothing
// before it can be trusted).
func (s *Server) clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if len(s.cfg.TrustedProxies) == 0 || !s.trusted(host) {
		return host
	}
	var hops []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		for h := range strings.SplitSeq(v, ",") {
			hops = append(hops, strings.TrimSpace(h))
		}
	}
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(hops[i])
		if err != nil {
			break
		}
		host = a.Unmap().String()
		if !s.trusted(host) {
			break
		}
	}
	return host
}

// trusted reports whether host is the address of a trusted proxy.
func (s *Server) trusted(host string) bool {
	a, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	a = a.Unmap()
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

func (s *Server) handleBattleEvents(w http.ResponseWriter, r *http.Request) {
	st, m, err := s.battleMeta(r)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	if _, err := s.readBattleBody(w, r, nil); err != nil {
		s.battleFail(w, r, err)
		return
	}
	var last int64 = -1
	if h := strings.TrimSpace(r.Header.Get("Last-Event-ID")); h != "" {
		v, err := strconv.ParseInt(h, 10, 64)
		if err != nil || v < 0 {
			s.battleFail(w, r, invalid("Last-Event-ID", "battleapi.error.version", strconv.Quote(h)))
			return
		}
		last = v
	}
	release, aerr := s.battles.streams.enter(s.clientOf(r))
	if aerr != nil {
		writeErrorIn(w, requestLang(r), aerr)
		return
	}
	defer release()
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stop := context.AfterFunc(s.battles.streams.ctx, cancel)
	defer stop()

	changes, err := st.Changes(ctx, m.ID)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	state, err := s.battleState(ctx, st, m.ID, m.Version)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	var missed []battle.Record
	if last >= 0 && last < state.Seq {
		recs, err := st.Records(ctx, m.ID, 0, 0)
		if err != nil {
			s.battleFail(w, r, err)
			return
		}
		if last > int64(len(recs)) {
			last = int64(len(recs))
		}
		if state, err = battle.Replay(recs[:last]); err != nil {
			s.battleFail(w, r, err)
			return
		}
		missed = recs[last:]
	}

	l := requestLang(r)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no") // a proxy in front must not hold the events
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	f := &feed{w: w, rc: http.NewResponseController(w)}
	// The server's ReadTimeout would end the request's context while the
	// feed runs: a feed reads nothing more.
	_ = f.rc.SetReadDeadline(time.Time{})
	if len(missed) > 0 {
		if state, err = f.change(state, missed, l); err != nil {
			s.log.Warn("battle feed failed", "battle", m.ID, "err", err)
			return
		}
	} else if err := f.send("version", state.Seq, FeedVersion{Version: state.Seq}); err != nil {
		return
	}
	beat := time.NewTicker(s.battles.streams.beat)
	defer beat.Stop()
	for {
		select {
		case <-ctx.Done():
			if s.battles.streams.ctx.Err() != nil && r.Context().Err() == nil {
				_ = f.send("closing", state.Seq, FeedEnd{Message: msg.New("battleapi.feed.closing").Text(l)})
			}
			return
		case <-beat.C:
			if _, err := st.Get(ctx, m.ID); errors.Is(err, battle.ErrNotFound) {
				_ = f.send("deleted", state.Seq, FeedEnd{Message: msg.New("battleapi.feed.deleted", m.Name).Text(l)})
				return
			}
			if err := f.write(": heartbeat\n\n"); err != nil {
				return
			}
		case v, ok := <-changes:
			if !ok {
				continue // ctx ended: the case above says why
			}
			if v <= state.Seq {
				continue
			}
			recs, err := st.Records(ctx, m.ID, state.Seq, 0)
			if errors.Is(err, battle.ErrNotFound) {
				_ = f.send("deleted", state.Seq, FeedEnd{Message: msg.New("battleapi.feed.deleted", m.Name).Text(l)})
				return
			}
			if err != nil {
				if ctx.Err() == nil {
					s.log.Warn("battle feed failed", "battle", m.ID, "err", err)
				}
				continue
			}
			if len(recs) == 0 {
				continue
			}
			if state, err = f.change(state, recs, l); err != nil {
				if ctx.Err() == nil {
					s.log.Warn("battle feed failed", "battle", m.ID, "err", err)
				}
				return
			}
		}
	}
}

// feed writes server-sent events.
type feed struct {
	w  io.Writer
	rc *http.ResponseController
}

// change sends records, the next after state, as one change event, and
// returns the state after them.
func (f *feed) change(state battle.State, recs []battle.Record, l msg.Lang) (battle.State, error) {
	out := FeedChange{Records: make([]LogEntry, 0, len(recs))}
	for _, rec := range recs {
		e, err := entryOf(state, rec, l)
		if err != nil {
			return state, err
		}
		if state, err = battle.Apply(state, rec); err != nil {
			return state, err
		}
		out.Records = append(out.Records, e)
	}
	out.Version = state.Seq
	return state, f.send("change", state.Seq, out)
}

// send writes one event with its id (the battle's version) and its data
// as JSON on one line.
func (f *feed) send(name string, id int64, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("web: cannot encode %T: %v", v, err)) // our own types: a bug
	}
	return f.write("event: " + name + "\nid: " + strconv.FormatInt(id, 10) + "\ndata: " + string(data) + "\n\n")
}

// write writes text and flushes it to the client, within
// streamWriteTimeout.
func (f *feed) write(text string) error {
	_ = f.rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout)) // not every writer has deadlines (tests)
	if _, err := io.WriteString(f.w, text); err != nil {
		return err
	}
	return f.rc.Flush()
}
