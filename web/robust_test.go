package web

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rearrank/rearrank/internal/safe"
)

// TestRunMovesWhatOutgrowsTheCheapLane: a computation starts in the cheap
// lane; one still running when its budget ends there starts again in the
// heavy lane, and one that finishes in time never leaves it.
func TestRunMovesWhatOutgrowsTheCheapLane(t *testing.T) {
	s := testServer(t, Config{})
	var lanes []bool
	err := s.run(context.Background(), func(ctx context.Context, cheap bool) error {
		lanes = append(lanes, cheap)
		if !cheap {
			return nil
		}
		<-ctx.Done() // a long computation, stopped at its budget
		return ctx.Err()
	})
	if err != nil || len(lanes) != 2 || !lanes[0] || lanes[1] {
		t.Errorf("err %v, ran in the cheap lane: %v; want nil, [true false]", err, lanes)
	}
	lanes = nil
	err = s.run(context.Background(), func(ctx context.Context, cheap bool) error {
		lanes = append(lanes, cheap)
		return nil
	})
	if err != nil || len(lanes) != 1 || !lanes[0] {
		t.Errorf("err %v, ran in the cheap lane: %v; want nil, [true]", err, lanes)
	}
	// An error of the computation's own stays where it is.
	own := errors.New("own")
	lanes = nil
	err = s.run(context.Background(), func(ctx context.Context, cheap bool) error {
		lanes = append(lanes, cheap)
		return own
	})
	if err != own || len(lanes) != 1 {
		t.Errorf("err %v, lanes %v; want own, [true]", err, lanes)
	}
	// A request that ends while its computation is in the cheap lane is
	// not moved: it has gone.
	ctx, cancel := context.WithCancel(context.Background())
	lanes = nil
	err = s.run(ctx, func(ctx context.Context, cheap bool) error {
		lanes = append(lanes, cheap)
		cancel()
		<-ctx.Done()
		return ctx.Err()
	})
	if !errors.Is(err, context.Canceled) || len(lanes) != 1 {
		t.Errorf("err %v, lanes %v; want context.Canceled, [true]", err, lanes)
	}
}

// TestPagesFromCache: the default page, the combat page and a page of
// results are computed once; with every slot of both lanes taken and
// requests waiting, they are still answered, byte for byte, where a
// page not seen before is busy.
func TestPagesFromCache(t *testing.T) {
	s := testServer(t, Config{MaxConcurrent: 1, QueueLen: 1, QueueWait: time.Millisecond})
	h := s.Handler()
	targets := []string{"/", "/combat", "/results?" + spearmenQuery().Encode()}
	first := map[string][]byte{}
	for _, target := range targets {
		w := do(t, h, "GET", target, "", "")
		if w.Code != 200 {
			t.Fatalf("GET %s: %d", target, w.Code)
		}
		first[target] = w.Body.Bytes()
	}
	for _, l := range []*lane{s.cheap, s.heavy} {
		l.slots <- struct{}{}
		l.waiting.Add(1)
	}
	defer func() {
		for _, l := range []*lane{s.cheap, s.heavy} {
			<-l.slots
			l.waiting.Add(-1)
		}
	}()
	for _, target := range targets {
		w := do(t, h, "GET", target, "", "")
		if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), first[target]) {
			t.Errorf("GET %s with the lanes full: %d, %d bytes (first %d)", target, w.Code, w.Body.Len(), len(first[target]))
		}
		if target == "/" && w.Header().Get("Content-Security-Policy") == "" {
			t.Errorf("GET /: the cached page lost its headers: %v", w.Header())
		}
	}
	if w := do(t, h, "GET", "/?a0.strength=7", "", ""); w.Code != 503 { // a short link, the default with Strength 7
		t.Errorf("a page not seen before, with the lanes full: %d, want 503", w.Code)
	}
}

// TestPagesComputedOnce: a crowd asking for the same page at once costs
// one computation, not one each.
func TestPagesComputedOnce(t *testing.T) {
	s := testServer(t, Config{})
	h := s.Handler()
	var mu sync.Mutex
	computations := 0
	restore := safe.SetHook(func(site string) {
		if site == "web.work" {
			mu.Lock()
			computations++
			mu.Unlock()
		}
	})
	defer restore()
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			if w := do(t, h, "GET", "/", "", ""); w.Code != 200 {
				t.Errorf("GET /: %d", w.Code)
			}
		})
	}
	wg.Wait()
	if computations != 1 {
		t.Errorf("%d computations for 20 requests of the default page, want 1", computations)
	}
}

// TestPanicInAComputingGoroutine: a panic in any goroutine that computes
// for a request (the web slot's, the Monte Carlo workers of odds and of
// combat) is that request's 500, logged with its stack, and the server
// goes on serving.
func TestPanicInAComputingGoroutine(t *testing.T) {
	for _, c := range []struct {
		site, target, body string
	}{
		{"web.work", "/api/odds", crossbowsYAML},
		{"odds.montecarlo", "/api/odds?fallback=1", bombYAML},
		{"combat.montecarlo", "/api/combat?n=2000", combatElvesMen},
	} {
		var buf syncBuffer
		s := testServer(t, Config{Logger: slog.New(slog.NewTextHandler(&buf, nil)), MaxStates: 50})
		h := s.Handler()
		restore := safe.SetHook(func(site string) {
			if site == c.site {
				panic("injected at " + site)
			}
		})
		got := decode[ErrorBody](t, do(t, h, "POST", c.target, "application/yaml", c.body), 500)
		restore()
		if got.Code != "internal" {
			t.Errorf("%s: %+v", c.site, got)
		}
		log := buf.String()
		if !strings.Contains(log, "injected at "+c.site) || !strings.Contains(log, "goroutine") {
			t.Errorf("%s: the log lacks the panic and its stack:\n%.2000s", c.site, log)
		}
		// The process is still here, and serves.
		decode[map[string]any](t, do(t, h, "POST", "/api/odds", "application/yaml", strings.Replace(crossbowsYAML, "count: 20", "count: 19", 1)), 200)
	}
}

// combatElvesMen is a small combat file: twenty Elves against twenty Men
// who charged them (examples/combat-elves-men.yaml, shortened).
const combatElvesMen = `ruleset: whfb8
combat: {charger: b}
sides:
  a:
    unit: {name: Elves, models: 20, frontage: 5, ws: 4, toughness: 3}
    leadership: 8
    fights: [{attacks: 1, initiative: 5, ws: 4, strength: 3}]
  b:
    unit: {name: Men, models: 20, frontage: 5, ws: 3, toughness: 3}
    leadership: 7
    fights: [{attacks: 1, initiative: 3, ws: 3, strength: 3}]
`

// TestLongCombatStops: a combat whose Monte Carlo runs past the time limit
// is answered at the limit, and its computation stops within a second of
// the answer, freeing its slot.
func TestLongCombatStops(t *testing.T) {
	s := testServer(t, Config{Timeout: 300 * time.Millisecond})
	h := s.Handler()
	got := decode[ErrorBody](t, do(t, h, "POST", "/api/combat?n=200000", "application/yaml", hordeCombat), 422)
	if got.Code != "time_limit" {
		t.Errorf("got %+v", got)
	}
	waitUntil(t, time.Second, "the computation stops", func() bool { return s.heavy.running()+s.cheap.running() == 0 })
}

// hordeCombat is a horde of 101 Orcs in one rank, ten attacks each,
// charging 200 Men in two ranks: a step of 1,010 attacks, and a round
// that takes long to sample.
const hordeCombat = `ruleset: whfb8
combat: {charger: a}
sides:
  a:
    unit: {name: Orcs, models: 101, frontage: 101, ws: 3, toughness: 4, armour: light}
    leadership: 7
    fights: [{attacks: 10, initiative: 2, ws: 3, strength: 3}]
  b:
    unit: {name: Men, models: 200, frontage: 100, ws: 3, toughness: 3, armour: light}
    leadership: 7
    fights: [{attacks: 1, initiative: 1, ws: 3, strength: 3}]
`

// TestHugeCombatStep: a step of 1,010 attacks is computed in every mode
// of /api/combat (Monte Carlo, one round with a seed or with the dice
// rolled), never a 500 or a crash. Walking every die of so large a step
// takes longer than a test's time limit: that mode answers the limit's
// 422, and the CLI's script test (combat-large.txtar) computes it.
func TestHugeCombatStep(t *testing.T) {
	h := testServer(t, Config{Timeout: 2 * time.Second}).Handler()
	for _, q := range []string{"?n=50&seed=1", "?seed=3"} {
		w := do(t, h, "POST", "/api/combat"+q, "application/yaml", hordeCombat)
		if w.Code != 200 {
			t.Errorf("%s: %d %.500s", q, w.Code, w.Body.String())
			continue
		}
		if !strings.Contains(w.Body.String(), "1010") {
			t.Errorf("%s: no step of 1010 attacks in %.800s", q, w.Body.String())
		}
	}
	// Too few dice for the step: the answer says how many more it needs.
	got := decode[ErrorBody](t, do(t, h, "POST", "/api/combat?dice=6,6,6", "application/yaml", hordeCombat), 400)
	if got.Field != "dice" || !strings.Contains(got.Error, "1010") {
		t.Errorf("dice: %+v", got)
	}
	got = decode[ErrorBody](t, do(t, h, "POST", "/api/combat?exact=1&fallback=1&seed=1", "application/yaml", hordeCombat), 422)
	if got.Code != "time_limit" {
		t.Errorf("exact: %+v", got)
	}
}

// TestTokenFlood: sixteen bodies of half a megabyte of list items at once
// are each refused (400, naming the place) having cost the server a
// bounded amount of memory: the parser stops at its token limit.
func TestTokenFlood(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	flow := "ruleset: whfb8\nattacks: [" + strings.Repeat("1,", 250_000) + "1]\n"
	block := "ruleset: whfb8\nattacks:\n" + strings.Repeat("- 1\n", 125_000)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var wg sync.WaitGroup
	for i := range 16 {
		body := flow
		if i%2 == 1 {
			body = block
		}
		wg.Go(func() {
			got := decode[ErrorBody](t, do(t, h, "POST", "/api/odds", "application/yaml", body), 400)
			if got.Line == 0 || got.Column == 0 {
				t.Errorf("no place in %+v", got)
			}
		})
	}
	wg.Wait()
	runtime.ReadMemStats(&after)
	// Each request holds its body (0.5 MB) and the recorder's copy; the
	// parser's own allocations stop at the token limit.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16*40<<20 {
		t.Errorf("the 16 requests allocated %d MB, want under %d", alloc>>20, 16*40)
	}
}
