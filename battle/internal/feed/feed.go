// Package feed keeps the listeners of a battle store's changes, for the
// store adapters (battle/sqlite, battle/postgres): who listens to which
// battle, each listener's latest version not yet taken, and a watcher
// the adapter gives, which learns of other processes' appends (SQLite
// polls, PostgreSQL LISTENs) and tells them here. Appends through the
// store itself are told at once.
package feed

import (
	"context"
	"sync"
)

// Hub is the listeners of one store.
type Hub struct {
	watch func(ctx context.Context)

	mu       sync.Mutex
	subs     map[string]map[*sub]struct{}
	watching bool
	closed   bool
	ctx      context.Context
	stop     context.CancelFunc
	watchers sync.WaitGroup
}

// sub is one listener: a channel holding at most the latest version not
// yet taken, so a slow reader never holds a writer up.
type sub struct {
	ch   chan int64
	last int64
}

// New returns a Hub whose watcher, watch, starts with the first listener
// and runs until its ctx ends (Close) or it returns; one that returns
// when nobody listens any more calls Idle first.
func New(watch func(ctx context.Context)) *Hub {
	ctx, stop := context.WithCancel(context.Background())
	return &Hub{watch: watch, subs: map[string]map[*sub]struct{}{}, ctx: ctx, stop: stop}
}

// Listen returns a channel that receives version, the battle's version
// now, then each version told of battle id until ctx ends or the Hub
// closes, when it is closed. A reader that falls behind receives the
// latest version only.
func (h *Hub) Listen(ctx context.Context, id string, version int64) <-chan int64 {
	sb := &sub{ch: make(chan int64, 1), last: version}
	sb.ch <- version
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		close(sb.ch)
		return sb.ch
	}
	if h.subs[id] == nil {
		h.subs[id] = map[*sub]struct{}{}
	}
	h.subs[id][sb] = struct{}{}
	if !h.watching {
		h.watching = true
		h.watchers.Add(1)
		go func() {
			defer h.watchers.Done()
			h.watch(h.ctx)
		}()
	}
	h.mu.Unlock()
	go func() {
		select {
		case <-ctx.Done():
		case <-h.ctx.Done():
			return // Close closed the channel
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		if _, ok := h.subs[id][sb]; !ok {
			return
		}
		delete(h.subs[id], sb)
		if len(h.subs[id]) == 0 {
			delete(h.subs, id)
		}
		close(sb.ch)
	}()
	return sb.ch
}

// Tell tells the listeners of battle id that it is at version v, those
// that were not told v or a later one yet.
func (h *Hub) Tell(id string, v int64) { h.tell(id, v, false) }

// TellAgain is Tell to the listeners told v already too: after a lost
// connection, one told v as the database went away may have failed to
// read it.
func (h *Hub) TellAgain(id string, v int64) { h.tell(id, v, true) }

func (h *Hub) tell(id string, v int64, again bool) {
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

// Battles returns the battles listened to now.
func (h *Hub) Battles() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	ids := make([]string, 0, len(h.subs))
	for id := range h.subs {
		ids = append(ids, id)
	}
	return ids
}

// Idle reports whether nobody listens; then the watcher must return, and
// the next listener starts it again.
func (h *Hub) Idle() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.subs) > 0 {
		return false
	}
	h.watching = false
	return true
}

// Close closes every listener's channel, stops the watcher and waits for
// it to return.
func (h *Hub) Close() {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	h.closed = true
	h.stop()
	for id, subs := range h.subs {
		for sb := range subs {
			close(sb.ch)
		}
		delete(h.subs, id)
	}
	h.mu.Unlock()
	h.watchers.Wait()
}
