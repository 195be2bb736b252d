package odds

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// s3 is DESIGN.md's S3: battleaxe per-model damage, 30 hits with D6
// wounds on 10 monsters of W6.
func s3(t testing.TB) (*alloc.Unit, []rearrank.Attack) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 10, Frontage: 5,
		Profile: unit.Profile{TroopType: rules.Monster, W: 6, T: 5, Save: rules.SaveProfile{Armour: rules.LightArmour}}})
	return u, []rearrank.Attack{{Count: dice.ConstExpr(30), Strength: 6, MultipleWounds: expr("D6"), Target: rf}}
}

// tooBig is a per-model scenario past the default state limit even with
// the count key (unit.SetCountKey): 40 packets on 40 fresh models of W10
// with 6 sizes below 10 make C(45, 5) = 1,221,759 multisets of damage.
func tooBig(t testing.TB) (*alloc.Unit, []rearrank.Attack) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 40, Frontage: 10,
		Profile: unit.Profile{TroopType: rules.Monster, W: 10, T: 5}})
	return u, []rearrank.Attack{{Count: dice.ConstExpr(60), Strength: 6, MultipleWounds: expr("D6"), Target: rf}}
}

// TestStateLimitNamesTheCause: a scenario past the default state limit
// fails, and the error says why, at once.
func TestStateLimitNamesTheCause(t *testing.T) {
	u, a := tooBig(t)
	start := time.Now()
	_, err := Exact(t.Context(), pub(u), a, Config{})
	if !errors.Is(err, ErrStateLimit) {
		t.Fatalf("err = %v, want ErrStateLimit", err)
	}
	if want := "battleaxe per-model damage: 40 models of W10 after 60 multi-wound hits (40 packets on 40 different models of W10 make 1221759 damage states alone"; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not say %q", err, want)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("took %v to find out", d)
	}
}

// TestStateLimitAsStatesGrow: a scenario past a small limit fails while
// enumerating, naming the scenario, for every ruleset.
func TestStateLimitAsStatesGrow(t *testing.T) {
	for _, sc := range mediumScenarios() {
		u := mustUnit(t, sc.spec)
		_, err := Exact(t.Context(), pub(u), sc.attacks, Config{MaxStates: 3})
		if !errors.Is(err, ErrStateLimit) {
			t.Errorf("%s: err = %v, want ErrStateLimit", sc.name, err)
			continue
		}
		if !strings.Contains(err.Error(), sc.spec.Ruleset.String()) || !strings.Contains(err.Error(), "more than 3 states") {
			t.Errorf("%s: error %q names neither the ruleset nor the limit", sc.name, err)
		}
		if _, err := Exact(t.Context(), pub(u), sc.attacks, Config{MaxStates: -1}); err != nil {
			t.Errorf("%s: no limit: %v", sc.name, err)
		}
	}
}

// TestStateLimitEarlyIsSound: the early per-model check fails only where
// the enumeration itself would pass the limit.
func TestStateLimitEarlyIsSound(t *testing.T) {
	for _, c := range []struct {
		models, w, count int
		mw               string
	}{
		{3, 3, 3, "D3"}, {4, 4, 4, "D3"}, {3, 6, 5, "D6"}, {5, 3, 5, "D6"},
	} {
		u := mustUnit(t, unit.Spec{Ruleset: rules.Battleaxe, Models: c.models, Profile: unit.Profile{W: c.w, T: 3}})
		a := []rearrank.Attack{{Count: dice.ConstExpr(c.count), Strength: 4, MultipleWounds: expr(c.mw), Target: rf}}
		for _, counted := range []bool{false, true} {
			checked := 0
			for limit := 2; limit <= 300; limit *= 2 {
				early := tooMany(t.Context(), u, a, limit, counted, func() msg.Message { return msg.New("odds.text", "") })
				if early == nil {
					continue
				}
				checked++
				e := newEnumerator(t.Context(), Config{MaxStates: limit}, false, newAccumulator(u), func() msg.Message { return msg.New("odds.text", "") })
				m, err := engine.NewMachine(u, a, nil)
				if err != nil {
					t.Fatal(err)
				}
				m.Unit().SetCountKey(counted)
				if err := e.run(m); !errors.Is(err, ErrStateLimit) {
					t.Errorf("%d models of W%d, %d x %s, limit %d, count key %v: the early check fails (%v) but the enumeration does not (%v)",
						c.models, c.w, c.count, c.mw, limit, counted, early, err)
				}
			}
			if checked == 0 {
				t.Errorf("%d models of W%d, %d x %s, count key %v: the early check never failed", c.models, c.w, c.count, c.mw, counted)
			}
		}
	}
}

// TestFallbackToMonteCarlo: past the limit, Fallback gives Monte Carlo with
// its standard errors, marked as not exact and saying why.
func TestFallbackToMonteCarlo(t *testing.T) {
	u, a := tooBig(t)
	res, err := Exact(t.Context(), pub(u), a, Config{Fallback: true, Samples: 2000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Exact || res.Method.Algorithm != Sampling || res.Samples != 2000 {
		t.Errorf("exact %v, method %q, samples %d; want a Monte Carlo result", res.Exact, res.Method, res.Samples)
	}
	if !strings.Contains(res.Fallback, "state limit") || res.StdErr.Casualties <= 0 {
		t.Errorf("fallback %q, standard error %v", res.Fallback, res.StdErr.Casualties)
	}
	if err := sumsToOne(res); err != nil {
		t.Error(err)
	}
}

// TestCancelStopsPromptly: a cancelled context stops the exact computation
// and Monte Carlo, before they start and while they run.
func TestCancelStopsPromptly(t *testing.T) {
	// per-model packets: a long enumeration with no limit
	u, a := tooBig(t)
	cancelled, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := Exact(cancelled, pub(u), a, Config{MaxStates: -1}); !errors.Is(err, context.Canceled) {
		t.Errorf("Exact on a cancelled context: %v", err)
	}
	if _, err := MonteCarlo(cancelled, pub(u), a, Config{}); !errors.Is(err, context.Canceled) {
		t.Errorf("MonteCarlo on a cancelled context: %v", err)
	}
	for name, run := range map[string]func(ctx context.Context) error{
		"exact": func(ctx context.Context) error {
			_, err := Exact(ctx, pub(u), a, Config{MaxStates: -1})
			return err
		},
		"monte carlo": func(ctx context.Context) error {
			_, err := MonteCarlo(ctx, pub(u), a, Config{Samples: 50_000_000})
			return err
		},
	} {
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
		start := time.Now()
		err := run(ctx)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: err = %v, want the deadline", name, err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s: stopped %v after the deadline", name, d)
		}
	}
}

// TestMonteCarloSameForAnyWorkers: a seed gives the same result whether one,
// two or eight goroutines roll.
func TestMonteCarloSameForAnyWorkers(t *testing.T) {
	for _, sc := range mediumScenarios() {
		u := mustUnit(t, sc.spec)
		var first *Result
		for _, w := range []int{1, 2, 8} {
			res, err := MonteCarlo(t.Context(), pub(u), sc.attacks, Config{Samples: 10_000, Seed: 99, Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = res
				continue
			}
			if err := sameResult(res, first); err != nil {
				t.Errorf("%s: %d workers differ from 1: %v", sc.name, w, err)
			}
			if res.StdErr != first.StdErr {
				t.Errorf("%s: %d workers: standard errors %v, want %v", sc.name, w, res.StdErr, first.StdErr)
			}
		}
		other, err := MonteCarlo(t.Context(), pub(u), sc.attacks, Config{Samples: 10_000, Seed: 100})
		if err != nil {
			t.Fatal(err)
		}
		if sameResult(other, first) == nil && sc.name != "skirmish" {
			t.Errorf("%s: seeds 99 and 100 give the same result", sc.name)
		}
	}
}

// TestMonteCarloProgress: the callback is called, one call at a time, with
// done rising to the total.
func TestMonteCarloProgress(t *testing.T) {
	sc := mediumScenarios()[0]
	u := mustUnit(t, sc.spec)
	var mu sync.Mutex
	var calls, last, total int
	busy := false
	progress := func(done, n int) {
		mu.Lock()
		if busy {
			t.Error("progress called concurrently")
		}
		busy = true
		mu.Unlock()
		if done < last {
			t.Errorf("done went down: %d after %d", done, last)
		}
		calls, last, total = calls+1, done, n
		mu.Lock()
		busy = false
		mu.Unlock()
	}
	const n = 50_000
	if _, err := MonteCarlo(t.Context(), pub(u), sc.attacks, Config{Samples: n, Workers: 4, Progress: progress}); err != nil {
		t.Fatal(err)
	}
	if calls < 2 || last != n || total != n {
		t.Errorf("%d calls, last %d of %d; want several, ending at %d", calls, last, total, n)
	}
}

// TestJSON: the JSON form holds fractions as "a/b" strings when exact,
// floats otherwise, and says when Monte Carlo stood in.
func TestJSON(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 30, Profile: unit.Profile{W: 1, T: 3,
		Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true}}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(20), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 4}, Strength: 4, Target: rf}}
	res := exactly(t, u, a)
	b, err := json.Marshal(JSON(res, true))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"casualties":{"mean":"50/9"`, `"ruleset":"battleaxe"`, `"exact":true`, `"unsaved":"5/18"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("JSON lacks %s:\n%s", want, b)
		}
	}
	b, err = json.Marshal(JSON(res, false))
	if err != nil || !strings.Contains(string(b), `"mean":5.555555555555555`) {
		t.Errorf("float JSON: %v\n%s", err, b)
	}
	u3, a3 := tooBig(t)
	mc, err := Exact(t.Context(), pub(u3), a3, Config{Fallback: true, Samples: 1000})
	if err != nil {
		t.Fatal(err)
	}
	b, _ = json.Marshal(JSON(mc, false))
	if !strings.Contains(string(b), `"fallback":"state limit reached`) || !strings.Contains(string(b), `"std_err"`) {
		t.Errorf("fallback JSON:\n%s", b)
	}
}

// TestManyDiceInOneStep: a step whose dice fall too many ways (ten D6 of
// attacks) fails with the state limit rather than running for minutes.
func TestManyDiceInOneStep(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 10, Profile: unit.Profile{W: 1, T: 3}})
	a := []rearrank.Attack{{Count: dice.MustParseExpr("10D6"), Strength: 3, Target: rf}}
	start := time.Now()
	_, err := Exact(t.Context(), pub(u), a, Config{})
	if !errors.Is(err, ErrStateLimit) || !strings.Contains(err.Error(), "ways") {
		t.Errorf("err = %v, want the state limit on the ways one step's dice fall", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
}
