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

	"github.com/rearrank/rearrank/internal/safe"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
)

// Admission: every computation takes a slot in one of two lanes. A request
// that finds its lane full waits in a short queue (Config.QueueLen
// places, at most Config.QueueWait) instead of failing at once; past the
// queue it gets 503 with Retry-After.
//
// The lane is chosen by what a computation is measured to cost, not by
// what its scenario looks like: every computation starts in the cheap
// lane with a budget of cheapBudget of time in its slot and cheapStates
// states. One that outgrows either stops there and starts again in the
// heavy lane, having cost the cheap lane at most its budget. So ordinary
// requests keep answering beside any number of heavy ones, which wait for
// the heavy lane's slots among themselves.

const (
	// cheapBudget is the time a computation may take in a cheap slot
	// before it moves to the heavy lane. The README's example answers in
	// about 1.5 ms; a computation notices the end of its budget within
	// milliseconds (its context).
	cheapBudget = 100 * time.Millisecond
	// cheapStates is the state limit of a computation in the cheap lane:
	// past it, the computation starts again in the heavy lane.
	cheapStates = 1_000
	// cheapQueuePerSlot is the cheap lane's queue per slot when the
	// Config leaves QueueLen unset: its computations last milliseconds,
	// so a long queue drains fast, and a burst of heavy requests passing
	// through on their way out cannot fill it.
	cheapQueuePerSlot = 16
	// heavyQueuePerSlot is the heavy lane's queue per slot when the
	// Config leaves QueueLen unset. A long queue throttles clients that
	// resend a heavy request the moment it is refused: waiting costs no
	// CPU, while a refusal at once sends them back to the parser and the
	// cheap lane. The wait is still bounded by QueueWait.
	heavyQueuePerSlot = 32
	// overloadEvery is how often overload is logged at most.
	overloadEvery = 10 * time.Second
)

// errOutgrown ends a computation that passed the cheap lane's budget.
var errOutgrown = errors.New("the computation outgrew the cheap lane")

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
	e := sayError(http.StatusServiceUnavailable, "busy", "", msg.New(msg.ID("web.api.busy."+l.name), cap(l.slots), int(l.waiting.Load())))
	e.RetryAfter = 1
	return e
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

// run runs fn in a slot: first in the cheap lane, within cheapBudget
// (fn is told it runs there, to keep its state limit to cheapStates), and,
// when it outgrows that budget, again in the heavy lane without one.
func (s *Server) run(ctx context.Context, fn func(ctx context.Context, cheap bool) error) error {
	err := s.workWithin(ctx, s.cheap, cheapBudget, func(ctx context.Context) error { return fn(ctx, true) })
	if !errors.Is(err, errOutgrown) && !errors.Is(err, odds.ErrStateLimit) {
		return err
	}
	return s.work(ctx, s.heavy, func(ctx context.Context) error { return fn(ctx, false) })
}

// work runs fn in a slot of l with no budget but ctx's.
func (s *Server) work(ctx context.Context, l *lane, fn func(ctx context.Context) error) error {
	return s.workWithin(ctx, l, 0, fn)
}

// workWithin runs fn in a slot of l on its own goroutine and returns when
// fn is done or ctx ends, whichever comes first, so that a computation
// that checks ctx late (or an encoder that does not) cannot hold the
// response past the deadline. The slot stays taken until fn returns: the
// CPU is still busy, and admission must know it. A budget above 0 ends
// fn's context that long after it got its slot (time in the queue does
// not count), and then an error of fn is errOutgrown. A panic of fn, or
// of a goroutine fn started that hands it back as a *safe.PanicError, is
// that request's 500 (see recovered), never the process's end.
func (s *Server) workWithin(ctx context.Context, l *lane, budget time.Duration, fn func(ctx context.Context) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	release, err := s.enter(ctx, l)
	if err != nil {
		return err
	}
	fctx, cancel := ctx, context.CancelFunc(func() {})
	if budget > 0 {
		fctx, cancel = context.WithTimeoutCause(ctx, budget, errOutgrown)
	}
	done := make(chan error, 1)
	go func() {
		defer func() {
			cancel()
			release()
			if s.cfg.ReturnMemory && l == s.heavy {
				s.freed.maybe(s.heavy)
			}
		}()
		defer func() {
			if v := recover(); v != nil {
				p := safe.Wrap(v)
				s.log.Error("panic in a computation", "panic", fmt.Sprint(v), "stack", string(p.Stack))
				done <- &panicError{v: v, stack: p.Stack, logged: true} // logged here: the request may have gone
			}
		}()
		safe.Check("web.work")
		err := fn(fctx)
		if err != nil && budget > 0 && ctx.Err() == nil && context.Cause(fctx) == errOutgrown {
			err = errOutgrown
		}
		done <- err
	}()
	select {
	case err := <-done:
		var p *panicError
		var sp *safe.PanicError
		switch {
		case errors.As(err, &p):
			panic(p) // a bug: recovered reports it with fn's stack
		case errors.As(err, &sp):
			// A goroutine of fn's panicked and fn returned it: the same.
			s.log.Error("panic in a computation", "panic", fmt.Sprint(sp.Value), "stack", string(sp.Stack))
			panic(&panicError{v: sp.Value, stack: sp.Stack, logged: true})
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
	Status  string `json:"status"` // ready, saturated or unavailable
	Running int    `json:"running"`
	Waiting int64  `json:"waiting"`
	// Message says why the server is unavailable, in the request's
	// language.
	Message string `json:"message,omitempty"`
}

// handleReady answers 503 while every slot of a lane is taken and
// requests wait for one, or while Config.Ready says what the server
// depends on does not answer (the battles' database), so that a load
// balancer sends new work elsewhere.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	body := readiness{Status: "ready", Running: s.cheap.running() + s.heavy.running(),
		Waiting: s.cheap.waiting.Load() + s.heavy.waiting.Load()}
	status := http.StatusOK
	if s.cfg.Ready != nil {
		if err := s.cfg.Ready(r.Context()); err != nil {
			body.Status, body.Message, status = "unavailable", msg.ErrorText(err, requestLang(r)), http.StatusServiceUnavailable
			w.Header().Set("Retry-After", "1")
			writeJSON(w, status, body)
			return
		}
	}
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
