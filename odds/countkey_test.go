package odds

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
	"pgregory.net/rapid"
)

// genPerModel draws a battleaxe per-model scenario with multi-wound
// attacks: the units whose states the count key (unit.SetCountKey) merges.
func genPerModel(t *rapid.T, maxAttacks int) (*alloc.Unit, []rearrank.Attack) {
	s := genSpec(t, rules.Battleaxe)
	s.Options.DamageModel = rules.PerModel
	u, err := alloc.New(s)
	if err != nil {
		// The pooled spec's carried wounds and a damage list drawn for
		// other models: per-model damage has none of the first and may
		// refuse the second. Without them most such specs are valid, and
		// a quick run's few checks are not spent on skips.
		s.Carried, s.Damage = 0, nil
		for i := range s.Groups {
			s.Groups[i].Carried = 0
		}
		if u, err = alloc.New(s); err != nil {
			t.Skip(err)
		}
	}
	attacks := genAttacks(t, s, maxAttacks)
	for i := range attacks {
		if rapid.IntRange(0, 2).Draw(t, "forceMW") > 0 {
			attacks[i].MultipleWounds = dice.MustParseExpr(rapid.SampledFrom([]string{"2", "D3", "D6"}).Draw(t, "mw"))
		}
		if _, err := u.Receiver(attacks[i].Target); err != nil && attacks[i].Target.Role == unit.Champion {
			attacks[i].Target = unit.Target{Role: unit.RankAndFile}
		}
	}
	if _, err := engine.NewMachine(u, attacks, nil); err != nil {
		t.Skip(err)
	}
	return u, attacks
}

// TestCountKeyEqualsSlotKey: on random battleaxe per-model scenarios the
// exact odds with the count key equal, to the last digit, the exact odds
// with the slot-by-slot key, in no more states.
func TestCountKeyEqualsSlotKey(t *testing.T) {
	t.Parallel()
	rounds(t, func(t *rapid.T) {
		u, attacks := genPerModel(t, 8)
		cfg := Config{MaxStates: 50_000}
		want, err := Exact(context.Background(), pub(u), attacks, Config{MaxStates: cfg.MaxStates, slotKey: true})
		if err != nil {
			t.Skip(err)
		}
		got, err := Exact(context.Background(), pub(u), attacks, cfg)
		if err != nil {
			t.Fatalf("count key: %v\n%s", err, describeScenario(u, attacks))
		}
		if err := sameResult(got, want); err != nil {
			t.Fatalf("count key differs from slot key: %v\n%s", err, describeScenario(u, attacks))
		}
		if got.States > want.States {
			t.Fatalf("count key: %d states, slot key %d\n%s", got.States, want.States, describeScenario(u, attacks))
		}
	})
}

// TestCountKeyEqualsWalk: the same scenarios against the referee over every
// face of every die, path by path, which merges nothing.
func TestCountKeyEqualsWalk(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		u, attacks := genPerModel(t, 3)
		want, err := walkMachine(u, attacks, 5_000)
		if err != nil {
			t.Skip(err)
		}
		got, err := Exact(context.Background(), pub(u), attacks, Config{})
		if err != nil {
			t.Fatalf("Exact: %v\n%s", err, describeScenario(u, attacks))
		}
		if err := sameResult(got, want); err != nil {
			t.Fatalf("Exact differs from the walk: %v\n%s", err, describeScenario(u, attacks))
		}
	})
}

// TestS3NotRefused: DESIGN.md's S3 (10 monsters of W6, 30 hits of D6
// wounds) was refused at once, before any work, by the slot key's bound of
// 5^10 damage states of 10 packets on 10 fresh models; the count key's
// multisets are C(14, 4) = 1001, under the default limit.
func TestS3NotRefused(t *testing.T) {
	u, a := s3(t)
	why := func() msg.Message { return msg.New("odds.text", "S3") }
	if err := tooMany(t.Context(), u, a, DefaultMaxStates, true, why); err != nil {
		t.Errorf("count key: %v", err)
	}
	if err := tooMany(t.Context(), u, a, DefaultMaxStates, false, why); err == nil || !strings.Contains(err.Error(), "9765625 damage states") {
		t.Errorf("slot key: err = %v, want the 5^10 = 9765625 bound", err)
	}
}

// TestCountKeyStates: the scenario that showed the slot key's cost, 7
// models of W6 after 30 auto-hitting S4 shots at T4 with D3 wounds each
// (per-model damage). With the slot key it passes even a limit of 20,000
// states (it once held 683,678 at once, 74 s and 3.4 GB); with the count
// key the packet chain holds it under the default limit, and as the batch
// ends the run its ends are a last batch's marginals: 127 final outcomes
// (3,703 end states while each count stayed joined with its state).
func TestCountKeyStates(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 7, Frontage: 7, Profile: unit.Profile{W: 6, T: 4}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(30), Strength: 4, MultipleWounds: expr("D3"), Target: rf}}
	res, err := Exact(t.Context(), pub(u), a, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if res.States != 127 {
		t.Errorf("count key: %d final states, want 127", res.States)
	}
	if err := sumsToOne(res); err != nil {
		t.Error(err)
	}
	// Every shot wounds on 4+ (S4 v T4, RULES.md 6) and no save is
	// taken: 15 unsaved wounds expected, each of 2 wounds on average.
	wantRat(t, "mean unsaved", res.Unsaved.Mean(), "15")
	if _, err := Exact(t.Context(), pub(u), a, Config{MaxStates: 20_000, slotKey: true}); !errors.Is(err, ErrStateLimit) {
		t.Errorf("slot key under 20,000 states: err = %v, want ErrStateLimit", err)
	}
}

// TestCountKeyOffForC12: an instant kill aimed at the musician takes the
// closest rank and file (C12), which the count key cannot tell, so Exact
// keeps the slot key there and still equals the walk over every die.
func TestCountKeyOffForC12(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 4, Frontage: 4, Command: []unit.Role{unit.Musician},
		Damage: []int{1}, Profile: unit.Profile{W: 2, T: 3}})
	a := []rearrank.Attack{
		{Count: dice.ConstExpr(1), Strength: 4, MultipleWounds: expr("D3"), Target: rf},
		{Count: dice.ConstExpr(1), Strength: 4, InstantKill: true, Target: unit.Target{Role: unit.Musician}},
	}
	if countKeyable(a) {
		t.Fatal("countKeyable: true with an instant kill aimed at the musician")
	}
	want, err := walkMachine(u, a, 5_000)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Exact(t.Context(), pub(u), a, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if err := sameResult(got, want); err != nil {
		t.Error(err)
	}
}
