// Package safe turns a panic in a goroutine that computes for a caller
// into an error that the caller returns, so that a bug met on one input
// ends that one computation (a 500 on the server, exit status 1 in the
// command) and never the process.
//
// A panic is always a bug in rearrank, never the user's doing: the
// PanicError keeps the value and the stack for the log.
package safe

import (
	"fmt"
	"runtime"
	"sync/atomic"
)

// PanicError is a panic recovered in a computation, with the stack of the
// goroutine that panicked.
type PanicError struct {
	Value any
	Stack []byte
}

func (p *PanicError) Error() string { return fmt.Sprintf("panic: %v", p.Value) }

// Recover, deferred directly by a function with a named error result,
// turns a panic into a *PanicError in *err:
//
//	func work() (err error) {
//		defer safe.Recover(&err)
//		...
//	}
func Recover(err *error) {
	v := recover()
	if v == nil {
		return
	}
	*err = wrap(v)
}

// Wrap returns v, a value that recover returned, as a *PanicError with
// the stack of the goroutine that calls it (call it in the deferred
// function, where the panicking frames are still on the stack).
func Wrap(v any) *PanicError { return wrap(v) }

func wrap(v any) *PanicError {
	if p, ok := v.(*PanicError); ok {
		return p
	}
	buf := make([]byte, 16<<10)
	return &PanicError{Value: v, Stack: buf[:runtime.Stack(buf, false)]}
}

// hook is the test hook of Check: nil except in tests that inject a
// panic.
var hook atomic.Pointer[func(site string)]

// Check calls the test hook with the name of the place that calls it.
// Goroutines that compute for a request call it as they start, so that a
// test can make any one of them panic and see the panic become that
// request's error. Without a hook (always, outside tests) it does nothing.
func Check(site string) {
	if f := hook.Load(); f != nil {
		(*f)(site)
	}
}

// SetHook installs f as the test hook (nil removes it) and returns a
// function that puts back the previous one. It is for tests only.
func SetHook(f func(site string)) (restore func()) {
	var p *func(string)
	if f != nil {
		p = &f
	}
	old := hook.Swap(p)
	return func() { hook.Store(old) }
}
