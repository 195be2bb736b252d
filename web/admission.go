package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rearrank/rearrank/referee"
)

// Admission: every computation takes a slot in one of two lanes. A request
// that finds its lane full waits in a short queue (Config.QueueLen
// places, at most Config.QueueWait) instead of failing at once; past the
// queue it gets 503 with Retry-After. Small scenarios take the cheap lane,
// so that a few slow requests in the heavy lane cannot starve them; a
// small scenario that turns out large (its state space passes
// cheapStates) moves to the heavy lane.

const (
	// cheapAttacks is the most attacks (the sum of the groups' largest
	// counts) a scenario may roll to try the cheap lane.
	cheapAttacks = 40
	// cheapStates is the state limit of a computation in the cheap lane:
	// past it, the computation starts again in the heavy lane.
	cheapStates = 5_000
	// overloadEvery is how often overload is logged at most.
	overloadEvery = 10 * time.Second
)

// lane is a counting semaphore with a bounded queue.
type lane struct {
	name    string
	slots   chan struct{}
	waiting atomic.Int64
	maxWait int64 // most requests waiting at once
}

func newLane(name string, slots, queue int) *lane {
	return &lane{name: name, slots: make(chan struct{}, slots), maxWait: int64(queue)}
}

// running is the number of slots taken.
func (l *lane) running() int { return len(l.slots) }

// saturated reports whether every slot is taken and requests wait.
func (l *lane) saturated() bool { return len(l.slots) == cap(l.slots) && l.waiting.Load() > 0 }

// enter takes a slot, waiting at most Config.QueueWait (and never past
// ctx) for one. It returns a 503 busy *apiError when the queue is full or
// the wait or the time limit ran out, and ctx's error when the client
// left.
func (s *Server) enter(ctx context.Context, l *lane) (release func(), err error) {
	select {
	case l.slots <- struct{}{}:
		return func() { <-l.slots }, nil
	default:
	}
	if l.waiting.Add(1) > l.maxWait {
		l.waiting.Add(-1)
		return nil, s.shed(ctx, l)
	}
	defer l.waiting.Add(-1)
	t := time.NewTimer(s.cfg.QueueWait)
	defer t.Stop()
	select {
	case l.slots <- struct{}{}:
		return func() { <-l.slots }, nil
	case <-t.C:
		return nil, s.shed(ctx, l)
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, s.shed(ctx, l) // it never ran: busy, not too large
		}
		return nil, ctx.Err()
	}
}

// shed counts a refused request for the overload log and returns the 503.
func (s *Server) shed(ctx context.Context, l *lane) *apiError {
	if n := noteOf(ctx); n != nil {
		n.shed = true
	}
	s.overload.add(s.log, l)
	return &apiError{Status: http.StatusServiceUnavailable, Code: "busy", RetryAfter: 1,
		Message: fmt.Sprintf("the server is busy: its %d computation slots for %s requests are taken and %d more wait; try again in a second",
			cap(l.slots), l.name, l.waiting.Load())}
}

// overloadLog logs refused requests at most once per overloadEvery,
// with the count since the last line.
type overloadLog struct {
	mu    sync.Mutex
	last  time.Time
	count int
}

func (o *overloadLog) add(log *slog.Logger, l *lane) {
	o.mu.Lock()
	o.count++
	now := time.Now()
	if now.Sub(o.last) < overloadEvery {
		o.mu.Unlock()
		return
	}
	n, since := o.count, o.last
	o.count, o.last = 0, now
	o.mu.Unlock()
	attrs := []any{"refused", n, "lane", l.name, "slots", cap(l.slots), "waiting", l.waiting.Load()}
	if !since.IsZero() {
		attrs = append(attrs, "since", since.Format(time.RFC3339))
	}
	log.Warn("overloaded: requests refused with 503 busy", attrs...)
}

// laneFor picks the lane for attacks: cheap when they roll few dice.
func (s *Server) laneFor(attacks []referee.Attack) *lane {
	most := 0
	for _, a := range attacks {
		most += a.Count.Max()
	}
	if most <= cheapAttacks {
		return s.cheap
	}
	return s.heavy
}

// work runs fn in a slot of l on its own goroutine and returns when fn is
// done or ctx ends, whichever comes first, so that a computation that
// checks ctx late (or an encoder that does not) cannot hold the response
// past the deadline. The slot stays taken until fn returns: the CPU is
// still busy, and admission must know it.
func (s *Server) work(ctx context.Context, l *lane, fn func(ctx context.Context) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	release, err := s.enter(ctx, l)
	if err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() {
		defer func() {
			release()
			if l == s.heavy && s.cfg.ReturnMemory {
				s.freed.maybe(s.heavy)
			}
		}()
		defer func() {
			if v := recover(); v != nil {
				p := &panicError{v: v, stack: stack()}
				s.log.Error("panic in a computation", "panic", fmt.Sprint(v), "stack", string(p.stack))
				p.logged = true // here: the request may have gone
				done <- p
			}
		}()
		done <- fn(ctx)
	}()
	select {
	case err := <-done:
		if p, ok := err.(*panicError); ok {
			panic(p) // a bug: recovered reports it with fn's stack
		}
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// freeEvery is how often the heap is returned to the system at most.
const freeEvery = 5 * time.Second

// freeLog returns memory after large computations, at most every
// freeEvery: a computation that ends sooner than that after the last
// return schedules one for then, so the last of a burst is returned too.
type freeLog struct {
	mu      sync.Mutex
	last    time.Time
	pending bool
}

func (f *freeLog) maybe(l *lane) {
	if l.running() > 0 {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if since := time.Since(f.last); since < freeEvery {
		if !f.pending {
			f.pending = true
			time.AfterFunc(freeEvery-since, func() {
				f.mu.Lock()
				f.pending = false
				f.mu.Unlock()
				f.maybe(l)
			})
		}
		return
	}
	f.last = time.Now()
	debug.FreeOSMemory()
}

// readiness is the body of GET /readyz.
type readiness struct {
	Status  string `json:"status"` // ready or saturated
	Running int    `json:"running"`
	Waiting int64  `json:"waiting"`
}

// handleReady answers 503 while every slot of a lane is taken and
// requests wait for one, so that a load balancer sends new work elsewhere.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	body := readiness{Status: "ready", Running: s.cheap.running() + s.heavy.running(),
		Waiting: s.cheap.waiting.Load() + s.heavy.waiting.Load()}
	status := http.StatusOK
	if s.cheap.saturated() || s.heavy.saturated() {
		body.Status, status = "saturated", http.StatusServiceUnavailable
		w.Header().Set("Retry-After", "1")
	}
	writeJSON(w, status, body)
}

// reqNote is what the request log learns from deeper down.
type reqNote struct {
	shed bool // refused by admission: counted by the overload log instead
}

type noteKey struct{}

func noteOf(ctx context.Context) *reqNote {
	n, _ := ctx.Value(noteKey{}).(*reqNote)
	return n
}
