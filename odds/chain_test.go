package odds

import (
	"errors"
	"math/big"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/internal/proptest"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestPacketChainEqualsEnumeration: on random scenarios drawn to reach the
// packet chain (battleaxe's per-model damage, whfb8's remaining-wounds cap,
// tow's packets that land on one model and never spill, RULES.md 22.7,
// multi-wound packets, Flaming attacks, several groups), Exact gives
// exactly what the plain enumeration gives, and the chain is taken in each
// of the three rulesets.
func TestPacketChainEqualsEnumeration(t *testing.T) {
	t.Parallel()
	took, tookBy := 0, map[rules.Ruleset]int{}
	rounds(t, func(t *rapid.T) {
		rs := rapid.SampledFrom([]rules.Ruleset{rules.Battleaxe, rules.WHFB8, rules.TOW}).Draw(t, "ruleset")
		s := genSpec(t, rs)
		if rs != rules.TOW {
			s.Options.DamageModel = rules.PerModel
		}
		if rs == rules.WHFB8 {
			s.Options.MWCap = rules.MWCap(rapid.IntRange(0, 1).Draw(t, "chainCap"))
		}
		s.Profile.W = rapid.IntRange(2, 4).Draw(t, "chainW")
		s.Models = rapid.IntRange(max(1, len(s.Command)), 6).Draw(t, "chainModels")
		s.Carried = min(s.Carried, s.Profile.W-1)
		u, err := alloc.New(s)
		if err != nil {
			t.Skip(err)
		}
		attacks := genAttacks(t, s, 8)
		multiWound(t, attacks)
		for i := range attacks {
			attacks[i].Flaming = attacks[i].Flaming || rapid.IntRange(0, 3).Draw(t, "chainFlaming") == 0
		}
		if _, err := engine.NewMachine(u, attacks, nil); err != nil {
			t.Skip(err)
		}
		equalsEnumeration(t, u, attacks)
		if res, err := Exact(t.Context(), pub(u), attacks, Config{}); err == nil && res.Method.Took(PacketChain) {
			took++
			tookBy[rs]++
		}
	})
	// 50 in every 500 cases, 10 in each ruleset, scaled to the
	// cases run now.
	cases := roundCount() * proptest.Checks()
	want, wantEach := proptest.Floor(50, 500, cases), proptest.Floor(10, 500, cases)
	if took < want || tookBy[rules.Battleaxe] < wantEach || tookBy[rules.WHFB8] < wantEach || tookBy[rules.TOW] < wantEach {
		t.Errorf("the packet chain was taken in %d of %d scenarios only (%v); want %d, %d in each ruleset", took, cases, tookBy, want, wantEach)
	}
}

// TestPacketChainBigCounts: 85 attacks of 2/9 each (S3 against T4, 5+;
// a 5+ armour save) make binomial chances over 9^85, past the inline 256
// bits of a weight, so every count of the chain meets math/big when the
// count of unsaved wounds takes it: the chain still gives exactly what the
// plain enumeration gives (battleaxe per-model damage, RULES.md 11.3).
func TestPacketChainBigCounts(t *testing.T) {
	t.Parallel()
	u := mustUnit(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 2, Profile: unit.Profile{W: 6, T: 4,
		Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true}}})
	attacks := []rearrank.Attack{{Count: dice.ConstExpr(85), Strength: 3, MultipleWounds: dice.MustParseExpr("D6"), Target: rf}}
	got := chainEqualsEnumeration(t, u, attacks)
	// no unsaved wound at all: (7/9)^85, over 3^170
	p0 := new(big.Rat).SetFrac(new(big.Int).Exp(big.NewInt(7), big.NewInt(85), nil), new(big.Int).Exp(big.NewInt(9), big.NewInt(85), nil))
	if got.Unsaved.P[0].Cmp(p0) != 0 || p0.Denom().BitLen() <= 256 {
		t.Errorf("P(no unsaved wound) = %s, want (7/9)^85", got.Unsaved.P[0].RatString())
	}
}

// TestPacketChainMemoryBudget: the chain counts its table and links
// against Config.MaxBytes and stops with the budget's error, naming it,
// where the state limit alone would let it run (S3, RULES.md 11.3).
func TestPacketChainMemoryBudget(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 10, Frontage: 5, Profile: unit.Profile{W: 6, T: 5}})
	attacks := []rearrank.Attack{{Count: dice.ConstExpr(30), Strength: 6, MultipleWounds: dice.MustParseExpr("D6"), Target: rf}}
	_, err := Exact(t.Context(), pub(u), attacks, Config{MaxStates: -1, MaxBytes: 1 << 20})
	if !errors.Is(err, ErrStateLimit) || !strings.Contains(err.Error(), "states of more than 1 MB") {
		t.Fatalf("err %v, want the memory budget's error", err)
	}
}

// TestPacketChainLastBatch: where the chain's batch ends the run, its ends
// become a last batch's marginals (chainLast); where another batch
// follows, the chain keeps every count joined with its state. Both, and
// the two chains of a Flaming batch against Regeneration (C26, the count
// split by Regeneration lost), give exactly what the plain enumeration
// gives (battleaxe per-model damage, RULES.md 11.3).
func TestPacketChainLastBatch(t *testing.T) {
	regen := rules.SpecialSaves{Regeneration: target("5+")}
	for _, tc := range []struct {
		name    string
		spec    unit.Spec
		attacks []rearrank.Attack
	}{
		{"one batch", unit.Spec{Ruleset: rules.Battleaxe, Models: 4, Frontage: 2, Profile: unit.Profile{W: 3, T: 4}},
			[]rearrank.Attack{{Count: dice.ConstExpr(6), Strength: 4, MultipleWounds: expr("D3"), Target: rf}}},
		{"two batches", unit.Spec{Ruleset: rules.Battleaxe, Models: 4, Frontage: 2, Profile: unit.Profile{W: 3, T: 4}},
			[]rearrank.Attack{{Count: dice.ConstExpr(3), Strength: 4, MultipleWounds: expr("D3"), Target: rf},
				{Count: dice.ConstExpr(4), Strength: 5, MultipleWounds: expr("D3"), Target: rf}}},
		{"Flaming against Regeneration", unit.Spec{Ruleset: rules.Battleaxe, Models: 3, Frontage: 3, Profile: unit.Profile{W: 3, T: 4, Specials: regen}},
			[]rearrank.Attack{{Count: dice.ConstExpr(5), Strength: 4, MultipleWounds: expr("D3"), Flaming: true, Target: rf}}},
	} {
		t.Run(tc.name, func(t *testing.T) { chainEqualsEnumeration(t, mustUnit(t, tc.spec), tc.attacks) })
	}
}

// chainEqualsEnumeration checks that Exact takes the packet chain and
// gives exactly what the plain enumeration gives, and returns its Result.
func chainEqualsEnumeration(t *testing.T, u *alloc.Unit, attacks []rearrank.Attack) *Result {
	t.Helper()
	want, err := Enumerate(t.Context(), pub(u), attacks, Config{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Exact(t.Context(), pub(u), attacks, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if !got.Method.Took(PacketChain) {
		t.Fatalf("method %q, want the packet chain", got.Method)
	}
	if err := sameResult(got, want); err != nil {
		t.Fatal(err)
	}
	return got
}
