package odds

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/proptest"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// genMergedBatches draws a scenario of several batches of one profile (two
// to four, fixed counts) in a pooled ruleset, at a unit of rank and file
// only as often as not, with few enough models that the first batch often
// destroys it.
func genMergedBatches(t *rapid.T, maxModels, maxAttacks int) (*alloc.Unit, []rearrank.Attack) {
	rs := rapid.SampledFrom([]rules.Ruleset{rules.Battleaxe, rules.WHFB8, rules.T9A, rules.T9A1RU, rules.TOW}).Draw(t, "ruleset")
	s := genSpec(t, rs)
	if rs == rules.Battleaxe {
		s.Options.DamageModel = rules.Pooled
	}
	s.Profile.W = rapid.IntRange(1, 3).Draw(t, "pooledW")
	s.Carried = min(s.Carried, s.Profile.W-1)
	if rapid.IntRange(0, 3).Draw(t, "rankAndFileOnly") != 0 {
		s.Command, s.Champion, s.Groups, s.Characters, s.Damage = nil, nil, nil, nil, nil
	}
	s.Models = rapid.IntRange(max(1, len(s.Command)), maxModels).Draw(t, "mergedModels")
	u, err := alloc.New(s)
	if err != nil {
		t.Skip(err)
	}
	attacks := genAttacks(t, s, 3)
	a := attacks[0]
	a.InstantKill, a.Batch = false, ""
	a.Target = unit.Target{Role: unit.RankAndFile}
	if rapid.IntRange(0, 3).Draw(t, "plain") != 0 {
		// what the merged batches leave to the other paths, most of the time
		a.Flaming, a.MultipleHits, a.BattleFocus = false, dice.Expr{}, 0
		a.KillingBlow, a.HeroicKillingBlow, a.MonsterSlayer, a.CleavingBlow = 0, 0, 0, 0
	}
	if rapid.Bool().Draw(t, "packets") {
		a.MultipleWounds = dice.MustParseExpr(rapid.SampledFrom([]string{"D3", "D6", "2", "D3+1"}).Draw(t, "mergedMW"))
	}
	batches := rapid.IntRange(2, 4).Draw(t, "batches")
	left := maxAttacks
	attacks = attacks[:0]
	for k := range batches {
		b := a
		b.Name = string(rune('a' + k))
		n := rapid.IntRange(0, min(left, 3)).Draw(t, "batchCount")
		if k == 0 {
			n = rapid.IntRange(1, min(left, 3)).Draw(t, "firstCount")
		}
		left -= n
		b.Count = dice.ConstExpr(n)
		attacks = append(attacks, b)
	}
	return u, attacks
}

// TestMergedBatchesEqualEnumeration: on random scenarios of several
// batches of one profile in every pooled ruleset, the units often
// destroyed in the first batch, Exact (the merged batches where they
// apply) gives exactly what the plain enumeration gives.
func TestMergedBatchesEqualEnumeration(t *testing.T) {
	merged := 0
	rapid.Check(t, func(t *rapid.T) {
		u, attacks := genMergedBatches(t, 6, 6)
		if equalsEnumeration(t, u, attacks).Method.Took(MergedBatches) {
			merged++
		}
	})
	// The draws must reach the path they test. They are random (rapid's
	// seed changes per run): the bound only proves the path is exercised,
	// with room for an unlucky run.
	if want := proptest.Floor(8, 100, proptest.Checks()); merged < want {
		t.Errorf("merged batches taken %d times in %d draws, want %d or more", merged, proptest.Checks(), want)
	}
}

// TestMergedBatchesWalked: on the smallest of those scenarios, Exact gives
// what the referee gives walked over every die.
func TestMergedBatchesWalked(t *testing.T) {
	t.Parallel()
	merged := 0
	rapid.Check(t, func(t *rapid.T) {
		u, attacks := genMergedBatches(t, 3, 2)
		want, err := walk(t, u, attacks, proptest.Limit(20_000))
		if err != nil && strings.Contains(err.Error(), "dice paths") {
			t.Skip(err)
		}
		if err != nil {
			t.Fatalf("walk: %v\n%s", err, describeScenario(u, attacks))
		}
		got, err := Exact(t.Context(), pub(u), attacks, Config{})
		if err != nil {
			t.Fatalf("Exact: %v\n%s", err, describeScenario(u, attacks))
		}
		if err := sameResult(got, want); err != nil {
			t.Fatalf("Exact (%s) differs from the walk: %v\n%s", got.Method, err, describeScenario(u, attacks))
		}
		if got.Method.Took(MergedBatches) {
			merged++
		}
	})
	// As above; these scenarios are smaller and often past the walk's
	// limit, so fewer draws reach the merged path (7 of 100 in one unlucky
	// run).
	if want := proptest.Floor(3, 100, proptest.Checks()); merged < want {
		t.Errorf("merged batches taken %d times in %d draws, want %d or more", merged, proptest.Checks(), want)
	}
}

// TestMergedBatchesDestroyedFirst: two batches of one automatic hit each,
// wounding on 4+ with no save and Multiple Wounds 2, at one model of W2:
// an unsaved wound of the first batch destroys it, and the second batch
// then rolls nothing (RULES.md 12). Unsaved: 0 with chance 1/2·1/2, 1 with
// 1/2 (the first) + 1/2·1/2 (the second), never 2; destroyed 3/4.
func TestMergedBatchesDestroyedFirst(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 1, Profile: unit.Profile{W: 2, T: 4, WS: 3}})
	a := rearrank.Attack{Count: dice.ConstExpr(1), Phase: rules.Shooting, Strength: 4, MultipleWounds: dice.ConstExpr(2), Target: unit.Target{Role: unit.RankAndFile}}
	res := exactly(t, u, []rearrank.Attack{a, a})
	if !res.Method.Took(MergedBatches) {
		t.Fatalf("method %q, want the merged batches", res.Method)
	}
	if len(res.Unsaved.P) != 2 {
		t.Fatalf("unsaved %v, want 0 and 1 only", res.Unsaved.P)
	}
	wantRat(t, "unsaved 0", res.Unsaved.P[0], "1/4")
	wantRat(t, "unsaved 1", res.Unsaved.P[1], "3/4")
	wantRat(t, "destroyed", res.Destroyed, "3/4")
	wantRat(t, "wounds 2", res.Wounds.P[2], "3/4")
}

// TestMergedBatchesAfterOtherBatch: a first batch of another profile
// leaves the unit whole or a model down, so the merged batches after it
// start from cores of different units, each with its own distribution of
// unsaved wounds (two of them once mixed up theirs). Against the plain
// enumeration, for Flaming (never merged: it may cost the unit its
// Regeneration for the next batch, C26) and not.
func TestMergedBatchesAfterOtherBatch(t *testing.T) {
	for w := 1; w <= 3; w++ {
		for tough := 2; tough <= 6; tough++ {
			for _, flaming := range []bool{false, true} {
				s := unit.Spec{Ruleset: rules.Battleaxe, Models: 2, Profile: unit.Profile{W: w, T: tough, WS: 3}}
				s.Options.DamageModel = rules.Pooled
				s.Options.PanicThreshold = ratOf(1, 2)
				u := mustUnit(t, s)
				a := rearrank.Attack{Count: dice.ConstExpr(1), Phase: rules.Melee, Strength: 2, MultipleWounds: dice.ConstExpr(2),
					NoSaves: true, Flaming: flaming, Target: unit.Target{Role: unit.RankAndFile}}
				first := a
				first.Strength, first.Flaming = 3, false
				attacks := []rearrank.Attack{first, a, a}
				got := exactly(t, u, attacks)
				want, err := Enumerate(t.Context(), pub(u), attacks, Config{})
				if err != nil {
					t.Fatal(err)
				}
				if err := sameResult(got, want); err != nil {
					t.Errorf("W%d T%d, Flaming %v (%s): %v", w, tough, flaming, got.Method, err)
				}
				// Flaming may take Regeneration from the next batch, and S2
				// does not wound T6: no merging then
				if merge := !flaming && tough < 6; merge != got.Method.Took(MergedBatches) {
					t.Errorf("W%d T%d, Flaming %v: method %q, merged batches %v", w, tough, flaming, got.Method, merge)
				}
			}
		}
	}
}

// TestMergedBatchesMixedProfiles: a pooled unit of one troop type with a
// W1 model in front and a W3 model behind (R41). A batch's receiver is the
// model at the front when it begins, so the first batch's Multiple Wounds
// D3 is a single wound at the W1 model, and the second batch's, once it
// is dead, a D3 packet at the W3 model: the batches do not merge (once
// they did, and the unit was never destroyed). Each attack wounds on 4+
// with no save: destroyed only when both wound and the D3 rolls 3,
// 1/2·1/2·1/3.
func TestMergedBatchesMixedProfiles(t *testing.T) {
	s := unit.Spec{Ruleset: rules.Battleaxe, Models: 1, Profile: unit.Profile{TroopType: rules.Cavalry, W: 1, T: 4, WS: 3},
		Groups: []unit.Group{{Count: 1, Profile: unit.Profile{TroopType: rules.Cavalry, W: 3, T: 4, WS: 3}}}}
	s.Options.DamageModel = rules.Pooled
	u := mustUnit(t, s)
	a := rearrank.Attack{Count: dice.ConstExpr(1), Phase: rules.Melee, Strength: 4, MultipleWounds: dice.MustParseExpr("D3"),
		NoSaves: true, Target: unit.Target{Role: unit.RankAndFile}}
	attacks := []rearrank.Attack{a, a}
	got := exactly(t, u, attacks)
	if got.Method.Took(MergedBatches) {
		t.Errorf("method %q: batches at different receivers merged", got.Method)
	}
	want, err := Enumerate(t.Context(), pub(u), attacks, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if err := sameResult(got, want); err != nil {
		t.Error(err)
	}
	wantRat(t, "destroyed", got.Destroyed, "1/12")
}
