package combat

import (
	"context"
	"errors"
	"os"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rearrank/rearrank/internal/safe"
)

// cancelSlack is how long after its context is cancelled a reader may
// return: it must notice within 50 ms of CPU, and the machine running the
// tests is shared and loaded.
const cancelSlack = 300 * time.Millisecond

// cancelLatency runs f, cancels its context at after (f must not be done
// by then) and returns how long f took to return after that, with its
// error. On a loaded machine a goroutine may wait long for a core, so a
// latency above cancelSlack is measured again, up to three times in all,
// and the least is returned.
func cancelLatency(t *testing.T, after time.Duration, f func(ctx context.Context) error) (time.Duration, error) {
	t.Helper()
	var least time.Duration
	var err error
	for try := range 3 {
		lat, e := cancelOnce(t, after, f)
		if try == 0 || lat < least {
			least, err = lat, e
		}
		if least <= cancelSlack {
			break
		}
		t.Logf("cancelled at %v: returned %v later; again", after, lat)
	}
	return least, err
}

func cancelOnce(t *testing.T, after time.Duration, f func(ctx context.Context) error) (time.Duration, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- f(ctx) }()
	select {
	case err := <-done:
		t.Fatalf("returned before the cancel at %v: %v", after, err)
	case <-time.After(after):
	}
	cancel()
	start := time.Now()
	select {
	case err := <-done:
		return time.Since(start), err
	case <-time.After(10 * time.Second):
		t.Fatal("still running 10 s after the cancel")
	}
	return 0, nil
}

// TestReadersStopWhenCancelled: every reader returns ctx's error within a
// few dice of the cancel, even in a round of 32,700 attacks at one step
// (a tenth of a second and more, where Monte Carlo looked at ctx every 256
// rounds), and in the exact reader's long loops over round states.
func TestReadersStopWhenCancelled(t *testing.T) {
	largest := loadText(t, largest(327))
	c2 := load(t, "../bench/testdata/combat/c2.yaml")
	// C2 exact takes about a tenth of a second on an idle machine, and
	// CI saw it done before the cancel at 100 ms: the exact reader is
	// cancelled in C2 made larger, 60 against 60 (12 wide) with three
	// attacks a model, about 0.8 s.
	bigger := c2Bigger(t)
	trolls := loadText(t, trolls101)
	for _, tt := range []struct {
		name string
		f    func(ctx context.Context) error
		// quick: f takes a fifth of a second (Enumerate refuses the
		// round once its estimate is done), and is cancelled at 20 and
		// 50 ms rather than 20 and 100
		quick bool
	}{
		{"MonteCarlo, 32700 attacks a step", func(ctx context.Context) error {
			_, err := largest.MonteCarlo(ctx, 1_000_000, 1)
			return err
		}, false},
		{"Enumerate's estimate, 32700 attacks a step", func(ctx context.Context) error {
			_, err := largest.Enumerate(ctx, 0)
			return err
		}, true},
		{"Exact, 60 against 60 with characters (C2 larger)", func(ctx context.Context) error {
			_, err := bigger.Exact(ctx, ExactConfig{MaxStates: -1})
			return err
		}, false},
		{"Exact, 1010 attacks at six Trolls", func(ctx context.Context) error {
			_, err := trolls.Exact(ctx, ExactConfig{})
			return err
		}, false},
		{"Exact's Monte Carlo fallback", func(ctx context.Context) error {
			_, err := c2.Exact(ctx, ExactConfig{MaxStates: 100, Fallback: true, Samples: 1_000_000})
			return err
		}, false},
	} {
		afters := []time.Duration{20 * time.Millisecond, 100 * time.Millisecond}
		if tt.quick {
			afters[1] = 50 * time.Millisecond
		}
		for _, after := range afters {
			lat, err := cancelLatency(t, after, tt.f)
			t.Logf("%s, cancelled at %v: returned %v later", tt.name, after, lat)
			if err != context.Canceled {
				t.Errorf("%s, cancelled at %v: error %v, want context.Canceled", tt.name, after, err)
			}
			if lat > cancelSlack {
				t.Errorf("%s, cancelled at %v: returned %v later, want within %v", tt.name, after, lat, cancelSlack)
			}
		}
	}
}

// c2Bigger is bench's C2 with 60 models a side, 12 wide, and three
// attacks a model of the rank and file.
func c2Bigger(t *testing.T) *Combat {
	t.Helper()
	data, err := os.ReadFile("../bench/testdata/combat/c2.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.NewReplacer("models: 40", "models: 60", "frontage: 8", "frontage: 12",
		"{attacks: 1, initiative: 4", "{attacks: 3, initiative: 4", "{attacks: 1, initiative: 3", "{attacks: 3, initiative: 3").Replace(string(data))
	if strings.Count(text, "{attacks: 3, initiative: ") != 2 || strings.Count(text, "models: 60") != 2 {
		t.Fatal("bench's C2 changed: c2Bigger no longer makes it larger")
	}
	return loadText(t, text)
}

// TestMonteCarloPanicIsAnError: a panic in a Monte Carlo worker (injected
// through the safe hook at the site combat.montecarlo) is the reader's
// error, a *safe.PanicError with the panic and its stack, not the end of
// the process; the other workers stop at once, and none is left behind.
// Exact's fallback to Monte Carlo returns it too.
func TestMonteCarloPanicIsAnError(t *testing.T) {
	c := loadText(t, horde101)
	c2 := load(t, "../bench/testdata/combat/c2.yaml")
	before := runtime.NumGoroutine()
	for _, tt := range []struct {
		name string
		f    func() error
	}{
		{"MonteCarlo", func() error { _, err := c.MonteCarlo(context.Background(), 1_000_000, 1); return err }},
		{"Exact's fallback", func() error {
			_, err := c2.Exact(context.Background(), ExactConfig{MaxStates: 100, Fallback: true, Samples: 1_000_000})
			return err
		}},
	} {
		var calls atomic.Int32
		var panicked atomic.Int64 // when, in Unix nanoseconds
		restore := safe.SetHook(func(site string) {
			if site == "combat.montecarlo" && calls.Add(1) == 1 {
				time.Sleep(50 * time.Millisecond) // the other workers are playing
				panicked.Store(time.Now().UnixNano())
				panic("injected at " + site)
			}
		})
		err := tt.f()
		took := time.Since(time.Unix(0, panicked.Load()))
		restore()
		var p *safe.PanicError
		if !errors.As(err, &p) {
			t.Errorf("%s: error %v, want a *safe.PanicError", tt.name, err)
			continue
		}
		if p.Value != "injected at combat.montecarlo" || !strings.Contains(string(p.Stack), "goroutine") {
			t.Errorf("%s: panic %v with stack\n%s\nwant the injected value and the worker's stack", tt.name, p.Value, p.Stack)
		}
		if took > cancelSlack {
			t.Errorf("%s: returned %v after the panic: the other workers did not stop", tt.name, took)
		}
		if n := calls.Load(); int(n) != min(runtime.GOMAXPROCS(0), 1_000_000/MonteCarloChunk) {
			t.Errorf("%s: the hook ran %d times, want once per worker", tt.name, n)
		}
	}
	deadline := time.Now().Add(time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines, want %d:\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(5 * time.Millisecond)
	}
}
