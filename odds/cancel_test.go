package odds

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/safe"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// heavyScenario is near the most a scenario may ask of one sample: 1000
// groups (scenario.MaxAttacks) of 1000 attacks (dice.MaxConst) with
// Multiple Wounds D3 at 1000 models of W20 with battleaxe's per-model
// damage, where every packet picks its model (RULES.md 11.3): a third of
// a second a sample, sixteen samples several seconds.
func heavyScenario(t *testing.T) (*alloc.Unit, []rearrank.Attack) {
	t.Helper()
	u := mustUnit(t, unit.Spec{Name: "Horde", Ruleset: rules.Battleaxe, Models: 1000, Frontage: 25,
		Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 20, T: 6, Save: rules.SaveProfile{Armour: rules.HeavyArmour, Shield: true}}})
	attacks := make([]rearrank.Attack, 1000)
	for i := range attacks {
		attacks[i] = rearrank.Attack{Count: expr("1000"), Hit: rearrank.HitSpec{Need: target("5+")},
			Strength: 3, MultipleWounds: expr("D3"), Target: rf}
	}
	return u, attacks
}

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

// cancelSlack is how long after its context is cancelled a computation
// may return: it must notice within 50 ms of CPU, and the machine running
// the tests is shared and loaded.
const cancelSlack = 300 * time.Millisecond

// TestMonteCarloStopsWhenCancelled: a Monte Carlo run of a scenario whose
// one sample takes longer than the caller's whole deadline still stops
// within a step of the referee's machine of the cancel, with ctx's error.
func TestMonteCarloStopsWhenCancelled(t *testing.T) {
	u, attacks := heavyScenario(t)
	for _, after := range []time.Duration{30 * time.Millisecond, 100 * time.Millisecond, 250 * time.Millisecond} {
		lat, err := cancelLatency(t, after, func(ctx context.Context) error {
			_, err := MonteCarlo(ctx, pub(u), attacks, Config{Samples: 1_000_000, Seed: 1})
			return err
		})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled at %v: error %v, want context.Canceled", after, err)
		}
		if lat > cancelSlack {
			t.Errorf("cancelled at %v: returned %v later, want within %v", after, lat, cancelSlack)
		}
	}
}

// TestMonteCarloPanicIsAnError: a panic in a worker (injected through the
// safe hook at the site odds.montecarlo) is returned as a *safe.PanicError
// holding the panic and its stack; the other workers stop at once rather
// than roll a million samples, and none is left behind.
func TestMonteCarloPanicIsAnError(t *testing.T) {
	u, attacks := heavyScenario(t)
	before := runtime.NumGoroutine()
	var calls atomic.Int32
	var panicked atomic.Int64 // when, in Unix nanoseconds
	restore := safe.SetHook(func(site string) {
		if site == "odds.montecarlo" && calls.Add(1) == 1 {
			time.Sleep(50 * time.Millisecond) // the other workers are rolling
			panicked.Store(time.Now().UnixNano())
			panic("injected at " + site)
		}
	})
	defer restore()
	_, err := MonteCarlo(context.Background(), pub(u), attacks, Config{Samples: 1_000_000, Seed: 1, Workers: 4})
	took := time.Since(time.Unix(0, panicked.Load()))
	restore()
	var p *safe.PanicError
	if !errors.As(err, &p) {
		t.Fatalf("error %v, want a *safe.PanicError", err)
	}
	if p.Value != "injected at odds.montecarlo" || !strings.Contains(string(p.Stack), "goroutine") {
		t.Errorf("panic %v with stack\n%s\nwant the injected value and the worker's stack", p.Value, p.Stack)
	}
	if took > cancelSlack {
		t.Errorf("returned %v after the panic: the other workers did not stop", took)
	}
	if n := calls.Load(); n != 4 {
		t.Errorf("the hook ran %d times, want once per worker (4)", n)
	}
	waitGoroutines(t, before)
}

// waitGoroutines fails the test if the goroutines do not come back to n
// within a second: a worker was left running.
func waitGoroutines(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for runtime.NumGoroutine() > n {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines, want %d:\n%s", runtime.NumGoroutine(), n, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(5 * time.Millisecond)
	}
}
