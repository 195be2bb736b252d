package odds

import (
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// scenario is one target and its attacks.
type scenario struct {
	name    string
	spec    unit.Spec
	attacks []rearrank.Attack
}

// tinyScenarios has one scenario per ruleset small enough to resolve with
// referee.Resolve once for every sequence of faces (a few thousand paths),
// yet with the features of its ruleset: per-model packets and a champion in
// battleaxe, a carried count, Flaming against Regeneration and panic in
// whfb8, Lethal Strike and the champion's overflow in t9a, two pools in
// t9a1-ru, criticals and injuries in skirmish, Regeneration per Wound lost,
// the BS 6+ re-roll and poison at +2 in tow.
func tinyScenarios() []scenario {
	return []scenario{
		{"battleaxe", unit.Spec{Ruleset: rules.Battleaxe, Models: 3, Command: []unit.Role{unit.Champion},
			Profile: unit.Profile{W: 2, T: 3, Save: rules.SaveProfile{Armour: rules.LightArmour}}},
			[]rearrank.Attack{{Count: dice.ConstExpr(2), Strength: 4, MultipleWounds: expr("D3"), Target: rf}}},
		{"whfb8", unit.Spec{Ruleset: rules.WHFB8, Models: 3, Carried: 1,
			Profile: unit.Profile{W: 3, T: 4, Specials: rules.SpecialSaves{Regeneration: target("5+")}}},
			[]rearrank.Attack{
				{Count: dice.ConstExpr(1), Phase: rules.Shooting, Strength: 5, Flaming: true, MultipleWounds: expr("D3"), Target: rf},
				{Count: dice.ConstExpr(1), Phase: rules.Shooting, Strength: 5, Target: rf}}},
		{"t9a", unit.Spec{Ruleset: rules.T9A, Models: 3, Command: []unit.Role{unit.Champion},
			Profile: unit.Profile{W: 1, T: 4, WS: 4, Save: rules.SaveProfile{ArmourValue: 2}}},
			[]rearrank.Attack{{Count: dice.ConstExpr(3), Hit: rearrank.HitSpec{WS: 4}, Strength: 4, LethalStrike: rules.NaturalSix, Target: rf}}},
		{"t9a1-ru", unit.Spec{Ruleset: rules.T9A1RU, Models: 2,
			Profile: unit.Profile{W: 1, T: 3, Specials: rules.SpecialSaves{Ward: target("5+")}},
			Groups:  []unit.Group{{Count: 1, Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4}}}},
			[]rearrank.Attack{{Count: dice.ConstExpr(3), Strength: 4, MultipleWounds: expr("2"), Target: rf}}},
		{"skirmish", unit.Spec{Ruleset: rules.Skirmish, Models: 1,
			Profile: unit.Profile{W: 2, T: 3, WS: 3, Save: rules.SaveProfile{Armour: rules.LightArmour, Helmet: true}}},
			[]rearrank.Attack{{Count: dice.ConstExpr(2), Hit: rearrank.HitSpec{WS: 3}, Strength: 4, WeaponClass: rules.Bladed, Target: rf}}},
		{"tow", unit.Spec{Ruleset: rules.TOW, Models: 2, Carried: 1,
			Profile: unit.Profile{W: 3, T: 4, Specials: rules.SpecialSaves{Regeneration: target("4+")}}},
			[]rearrank.Attack{
				{Count: dice.ConstExpr(1), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 7, Modifier: -1}, Strength: 5, MultipleWounds: expr("D3"), Target: rf},
				{Count: dice.ConstExpr(1), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 3}, Strength: 3, Poison: rules.NaturalSix, Target: rf}}},
		// C24: one batch of two profiles, single wounds listed before the
		// packets (C22 allocates the packets first), then a batch of its own
		{"battleaxe batch", unit.Spec{Ruleset: rules.Battleaxe, Models: 3,
			Profile: unit.Profile{W: 3, T: 4, Save: rules.SaveProfile{Armour: rules.LightArmour}}},
			[]rearrank.Attack{
				{Count: dice.ConstExpr(1), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 3}, Strength: 4, Batch: "volley", Target: rf},
				{Count: dice.ConstExpr(2), Phase: rules.Shooting, Strength: 5, MultipleWounds: expr("D3"), Batch: "volley", Target: rf},
				{Count: dice.ConstExpr(1), Phase: rules.Shooting, Strength: 4, MultipleWounds: expr("2"), Target: rf}}},
	}
}

// mediumScenarios has one larger scenario per ruleset for Monte Carlo and
// the fast paths: too many dice to walk, few enough states to enumerate.
func mediumScenarios() []scenario {
	return []scenario{
		{"battleaxe", unit.Spec{Ruleset: rules.Battleaxe, Models: 12, Command: []unit.Role{unit.Musician, unit.StandardBearer, unit.Champion},
			Profile: unit.Profile{W: 1, T: 3, Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true}}},
			[]rearrank.Attack{{Count: dice.ConstExpr(12), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 4}, Strength: 4, Target: rf}}},
		{"whfb8", unit.Spec{Ruleset: rules.WHFB8, Models: 6, Frontage: 3, Command: []unit.Role{unit.Champion},
			Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4, Save: rules.SaveProfile{Armour: rules.LightArmour}}},
			[]rearrank.Attack{
				{Count: dice.ConstExpr(6), Phase: rules.Shooting, Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 5, MultipleWounds: expr("D3"), Target: rf},
				{Count: dice.MustParseExpr("D6"), Phase: rules.Shooting, Strength: 3, Target: rf}}},
		{"t9a", unit.Spec{Ruleset: rules.T9A, Models: 10, Frontage: 5, Command: []unit.Role{unit.Champion},
			Profile: unit.Profile{W: 3, T: 5, WS: 3, Save: rules.SaveProfile{ArmourValue: 1}, Specials: rules.SpecialSaves{Regeneration: target("4+")}}},
			[]rearrank.Attack{{Count: dice.ConstExpr(10), Hit: rearrank.HitSpec{WS: 4}, Strength: 5, MultipleWounds: expr("D3"), Target: rf}}},
		{"t9a1-ru", unit.Spec{Ruleset: rules.T9A1RU, Models: 15, Frontage: 5, Command: []unit.Role{unit.Musician, unit.StandardBearer},
			Profile: unit.Profile{W: 1, T: 3, Save: rules.SaveProfile{Armour: rules.HeavyArmour, Shield: true}}},
			[]rearrank.Attack{{Count: dice.ConstExpr(15), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 3}, Strength: 4, Target: rf}}},
		{"skirmish", unit.Spec{Ruleset: rules.Skirmish, Models: 1,
			Profile: unit.Profile{W: 3, T: 4, WS: 4, Save: rules.SaveProfile{Armour: rules.HeavyArmour, Shield: true, Helmet: true}}},
			[]rearrank.Attack{{Count: dice.ConstExpr(6), Hit: rearrank.HitSpec{WS: 4}, Strength: 4, WeaponClass: rules.Thrusting, MultipleWounds: expr("D3"), Target: rf}}},
		{"tow", unit.Spec{Ruleset: rules.TOW, Models: 6, Frontage: 3, Command: []unit.Role{unit.Champion},
			Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4, WS: 3, Save: rules.SaveProfile{Armour: rules.LightArmour},
				Specials: rules.SpecialSaves{Regeneration: target("4+")}}},
			[]rearrank.Attack{
				{Count: dice.ConstExpr(6), Hit: rearrank.HitSpec{WS: 4}, Strength: 5, AP: 1, MultipleWounds: expr("D3"), Target: rf},
				{Count: dice.MustParseExpr("D6"), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 6}, Strength: 4, Poison: rules.NaturalSix, Target: rf}}},
		// C24: batches of several profiles, where the fast paths stand aside
		{"battleaxe batch", unit.Spec{Ruleset: rules.Battleaxe, Models: 6, Frontage: 3, Command: []unit.Role{unit.Champion},
			Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4, Save: rules.SaveProfile{Armour: rules.LightArmour}}},
			[]rearrank.Attack{
				{Count: dice.ConstExpr(4), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 3}, Strength: 4, Batch: "crew", Target: rf},
				{Count: dice.ConstExpr(3), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 4}, Strength: 6, MultipleWounds: expr("D3"), Batch: "crew", Target: rf}}},
		{"tow batch", unit.Spec{Ruleset: rules.TOW, Models: 4, Frontage: 4,
			Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4, Specials: rules.SpecialSaves{Regeneration: target("4+")}}},
			[]rearrank.Attack{
				{Count: dice.ConstExpr(2), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 3}, Strength: 5, MultipleWounds: expr("D3"), Batch: "volley", Target: rf},
				{Count: dice.MustParseExpr("D3"), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 4}, Strength: 4, Flaming: true, Batch: "volley", Target: rf}}},
	}
}

// TestEveryRulesetWalked: on every ruleset, referee.Resolve walked over
// every sequence of faces, the enumeration and the fast paths agree
// exactly, and every distribution sums to exactly 1.
func TestEveryRulesetWalked(t *testing.T) {
	for _, sc := range tinyScenarios() {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			u := mustUnit(t, sc.spec)
			want, err := walk(t, u, sc.attacks, 200_000)
			if err != nil {
				t.Fatal(err)
			}
			enum, err := Enumerate(t.Context(), pub(u), sc.attacks, Config{})
			if err != nil {
				t.Fatal(err)
			}
			if err := sameResult(enum, want); err != nil {
				t.Fatalf("Enumerate differs from referee.Resolve over every die: %v", err)
			}
			got := exactly(t, u, sc.attacks)
			if err := sameResult(got, want); err != nil {
				t.Fatalf("Exact (%s) differs: %v", got.Method, err)
			}
			for _, r := range []*Result{want, enum, got} {
				if err := sumsToOne(r); err != nil {
					t.Errorf("%s: %v", r.Method, err)
				}
			}
		})
	}
}

// TestEveryRulesetFastPaths: on larger scenarios of every ruleset the fast
// paths equal the enumeration.
func TestEveryRulesetFastPaths(t *testing.T) {
	t.Parallel()
	for _, sc := range mediumScenarios() {
		t.Run(sc.name, func(t *testing.T) {
			u := mustUnit(t, sc.spec)
			want, err := Enumerate(t.Context(), pub(u), sc.attacks, Config{})
			if err != nil {
				t.Fatal(err)
			}
			got := exactly(t, u, sc.attacks)
			if err := sameResult(got, want); err != nil {
				t.Fatalf("Exact (%s) differs from Enumerate: %v", got.Method, err)
			}
			if err := sumsToOne(got); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestMonteCarloAgreesWithExact: for every ruleset, a seeded Monte Carlo
// run's means are within 4 standard errors of the exact means, and every
// probability within 4 standard errors of the exact one.
func TestMonteCarloAgreesWithExact(t *testing.T) {
	const samples = 40_000
	for _, sc := range mediumScenarios() {
		t.Run(sc.name, func(t *testing.T) {
			u := mustUnit(t, sc.spec)
			exact := exactly(t, u, sc.attacks)
			mc, err := MonteCarlo(t.Context(), pub(u), sc.attacks, Config{Samples: samples, Seed: 42})
			if err != nil {
				t.Fatal(err)
			}
			if mc.Exact || mc.Samples != samples || mc.Method.Algorithm != Sampling {
				t.Errorf("Monte Carlo result says exact %v, %d samples, method %q", mc.Exact, mc.Samples, mc.Method)
			}
			if err := sumsToOne(mc); err != nil {
				t.Error(err)
			}
			agreeWithin4SE(t, exact, mc, samples)
			if (exact.Panic == nil) != (mc.Panic == nil) {
				t.Errorf("panic applies: exact %v, Monte Carlo %v", exact.Panic != nil, mc.Panic != nil)
			}
			if len(mc.Stages) != len(exact.Stages) {
				t.Errorf("stages: %d, want %d", len(mc.Stages), len(exact.Stages))
			}
		})
	}
}

// agreeWithin4SE checks a Monte Carlo result of samples runs against the
// exact one: every mean within 4 standard errors, and every probability.
func agreeWithin4SE(t testing.TB, exact, mc *Result, samples int) {
	t.Helper()
	for _, c := range []struct {
		name  string
		e, m  Dist
		sterr float64
	}{
		{"casualties", exact.Casualties, mc.Casualties, mc.StdErr.Casualties},
		{"wounds", exact.Wounds, mc.Wounds, mc.StdErr.Wounds},
		{"unsaved", exact.Unsaved, mc.Unsaved, mc.StdErr.Unsaved},
	} {
		e, _ := c.e.Mean().Float64()
		m, _ := c.m.Mean().Float64()
		if math.Abs(e-m) > 4*c.sterr+1e-12 {
			t.Errorf("%s: Monte Carlo mean %.4f, exact %.4f: more than 4 standard errors (%.4f) apart", c.name, m, e, c.sterr)
		}
		for i := range max(len(c.e.P), len(c.m.P)) {
			p, q := at(c.e, i), at(c.m, i)
			se := math.Sqrt(p * (1 - p) / float64(samples))
			if math.Abs(p-q) > 4*se+1e-9 {
				t.Errorf("%s P(%d): Monte Carlo %.4f, exact %.4f: more than 4 standard errors (%.4f) apart", c.name, i, q, p, se)
			}
		}
	}
}

func at(d Dist, i int) float64 {
	if i >= len(d.P) {
		return 0
	}
	f, _ := d.P[i].Float64()
	return f
}

// TestEveryDistributionSumsToOne: casualties, wounds, unsaved and every
// role, for random scenarios of every ruleset, exactly.
func TestEveryDistributionSumsToOne(t *testing.T) {
	for _, sc := range append(tinyScenarios(), mediumScenarios()...) {
		u := mustUnit(t, sc.spec)
		res := exactly(t, u, sc.attacks)
		if err := sumsToOne(res); err != nil {
			t.Errorf("%s: %v", sc.name, err)
		}
		for r := unit.RankAndFile; r <= unit.Character; r++ {
			if _, ok := res.ByRole[r]; !ok {
				t.Errorf("%s: no distribution for role %s", sc.name, r)
			}
		}
		if u.Ruleset() == rules.Skirmish && res.Panic != nil {
			t.Errorf("%s: skirmish has no panic test, got %s", sc.name, res.Panic.RatString())
		}
	}
}

func ExampleDist_AtLeast() {
	d := Dist{P: []*big.Rat{big.NewRat(1, 4), big.NewRat(1, 2), big.NewRat(1, 4)}}
	fmt.Println(d.AtLeast(1).RatString(), d.Mean().RatString())
	// Output: 3/4 1
}
