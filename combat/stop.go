package combat

import (
	"context"
	"errors"
	"sync/atomic"
)

// A reader stops within a few milliseconds of its context's end, however
// large the round: one round of 327 models of A100 (32,700 attacks at one
// step, about dice.MaxCount) takes a good part of a second, so looking at
// the context between rounds is not enough. A stopper is set once, when
// the context ends (context.AfterFunc) or a worker of the reader failed,
// and read with one atomic load: the loops look at it for every round,
// state and path, and engine.resolve before every step of the referee's
// machine (one die, or one unsaved wound's damage), which costs nothing
// next to what the step costs.
type stopper struct {
	flag atomic.Bool
	ctx  context.Context
}

// errStopped is what a worker returns when another worker's failure, not
// the context, stopped it: the reader returns that failure instead.
var errStopped = errors.New("combat: stopped")

// watch returns a stopper that is set when ctx ends, and the function that
// stops watching; call it when the reader returns.
func watch(ctx context.Context) (*stopper, func()) {
	s := &stopper{ctx: ctx}
	if ctx.Err() != nil {
		s.flag.Store(true)
	}
	release := context.AfterFunc(ctx, s.halt)
	return s, func() { release() }
}

// halt sets s: every loop that reads it stops.
func (s *stopper) halt() { s.flag.Store(true) }

// stopped reports whether s is set.
func (s *stopper) stopped() bool { return s.flag.Load() }

// err is the error a loop that found s set returns: the context's, or
// errStopped when a failure elsewhere set it.
func (s *stopper) err() error {
	if err := s.ctx.Err(); err != nil {
		return err
	}
	return errStopped
}

// check returns s.err() when s is set, else nil. A nil s is never set:
// Resolve has no context.
func (s *stopper) check() error {
	if s != nil && s.flag.Load() {
		return s.err()
	}
	return nil
}

// cause is err, or ctx's error itself when s was set by ctx's end: the
// error of a round that stopped says which step it stopped in, which
// the caller has no use for.
func (s *stopper) cause(err error) error {
	if err != nil && s.stopped() && s.ctx.Err() != nil {
		return s.ctx.Err()
	}
	return err
}

// firstError is the error a reader whose workers returned errs returns:
// the first failure of a worker (a panic as a *safe.PanicError, or an
// error of the rules), else the context's error, else nil. A worker's
// error that only says it was stopped is none of these.
func (s *stopper) firstError(errs []error) error {
	ctxErr := s.ctx.Err()
	for _, err := range errs {
		if err == nil || errors.Is(err, errStopped) || ctxErr != nil && errors.Is(err, ctxErr) {
			continue
		}
		return err
	}
	return ctxErr
}
