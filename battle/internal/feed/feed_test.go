package feed

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// TestHub: a listener gets the version it starts at, then the latest
// told; a version told again reaches it only by TellAgain; the watcher
// starts with the first listener, returns when Idle says nobody listens,
// starts again with the next; Close closes the channels and waits for it.
func TestHub(t *testing.T) {
	var started, running atomic.Int32
	var h *Hub
	h = New(func(ctx context.Context) {
		started.Add(1)
		running.Add(1)
		defer running.Add(-1)
		for {
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Millisecond):
			}
			if h.Idle() {
				return
			}
		}
	})
	// waitFor waits until cond holds, at most 5 s.
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); !cond(); time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal(what)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	ch := h.Listen(ctx, "b1", 3)
	waitFor("the watcher does not start with the first listener", func() bool { return running.Load() == 1 })
	if v := <-ch; v != 3 {
		t.Fatalf("first version %d, want 3", v)
	}
	h.Tell("b1", 4)
	h.Tell("b1", 5) // the reader is behind: it gets the latest only
	h.Tell("b2", 9) // another battle's
	if v := <-ch; v != 5 {
		t.Fatalf("after 4 and 5: %d, want 5", v)
	}
	h.Tell("b1", 5)
	h.TellAgain("b1", 5)
	if v := <-ch; v != 5 {
		t.Fatalf("told again: %d, want 5", v)
	}
	select {
	case v := <-ch:
		t.Fatalf("Tell of a version told already sent %d", v)
	default:
	}
	if ids := h.Battles(); len(ids) != 1 || ids[0] != "b1" {
		t.Errorf("battles listened to: %v", ids)
	}
	cancel()
	if _, ok := <-ch; ok {
		t.Fatal("the channel stays open after its listener's context ended")
	}
	waitFor("the watcher goes on with nobody listening", func() bool { return running.Load() == 0 })
	ch2 := h.Listen(context.Background(), "b1", 7)
	<-ch2
	waitFor("the watcher does not start again with the next listener", func() bool { return started.Load() == 2 && running.Load() == 1 })
	h.Close()
	if _, ok := <-ch2; ok {
		t.Error("Close leaves a channel open")
	}
	if running.Load() != 0 {
		t.Error("Close returns before the watcher")
	}
	if _, ok := <-h.Listen(context.Background(), "b1", 8); !ok {
		t.Error("a closed Hub's listener should get its version, then a closed channel")
	}
}
