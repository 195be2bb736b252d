package odds

import (
	"context"
	"math/big"
	"testing"

	"pgregory.net/rapid"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/internal/gen"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Instant kills and blows beside ordinary wounds, which an attack may hand
// on in one batch (a Killing Blow that slays, an ordinary wound): the
// counts of each kind an attack hands on are multinomial (mixed.go), the
// kill stage is one way out (fastPath's kills).

// mixedReached reports whether the first batch of attacks against u
// reaches the multinomial path: its attacks roll alike and hand on more
// than one kind of thing (mixedKinds).
func mixedReached(t interface {
	Helper()
	Fatal(...any)
}, u *alloc.Unit, attacks []rearrank.Attack) bool {
	t.Helper()
	m, err := engine.NewMachine(u, attacks, nil)
	if err != nil {
		t.Fatal(err)
	}
	m.Unit().SetQuiet(true)
	noDice := new(pathRoller)
	for range 3 {
		if _, ok := m.AttackRolls(); ok || m.Done() {
			break
		}
		if err := m.Step(noDice, nil); err != nil {
			t.Fatal(err)
		}
	}
	if n, ok := m.AttackRolls(); !ok || n == 0 || len(noDice.path) > 0 {
		return false
	}
	cases, _, err := probeRolls(context.Background(), m.WithAttacks(1))
	if err != nil {
		t.Fatal(err)
	}
	return mixedKinds(cases)
}

// blowCase is a small scenario of a trigger that hands on kills, singles
// or Cleaving Blows beside ordinary wounds.
type blowCase struct {
	name    string
	spec    unit.Spec
	attacks []rearrank.Attack
}

func blowCases() []blowCase {
	heavy := rules.SaveProfile{Armour: rules.HeavyArmour}
	inf := func(w int, sp rules.SpecialSaves) unit.Profile {
		return unit.Profile{TroopType: rules.Infantry, W: w, T: 3, WS: 3, Save: heavy, Specials: sp}
	}
	ward4 := rules.SpecialSaves{Ward: target("4+")}
	regen5 := rules.SpecialSaves{Regeneration: target("5+")}
	atk := func(n int, mod func(*rearrank.Attack)) rearrank.Attack {
		a := rearrank.Attack{Count: dice.ConstExpr(n), Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 4, Target: rf}
		mod(&a)
		return a
	}
	kb := func(a *rearrank.Attack) { a.KillingBlow = rules.NaturalSix }
	return []blowCase{
		// RULES.md 20.2, 9.1: a slaying Killing Blow skips the armour save
		// and the model is slain when the ward fails; the other wounds
		// roll both saves.
		{"whfb8 Killing Blow at W1", unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: inf(1, ward4)},
			[]rearrank.Attack{atk(6, kb)}},
		// Kills take the most damaged model (R5) among pooled packets (11.1).
		{"whfb8 Killing Blow at W2 with D3 wounds", unit.Spec{Ruleset: rules.WHFB8, Models: 4, Profile: inf(2, ward4)},
			[]rearrank.Attack{atk(5, func(a *rearrank.Attack) { kb(a); a.MultipleWounds = expr("D3") })}},
		// 20.2: Heroic Killing Blow slays monstrous infantry.
		{"whfb8 Heroic Killing Blow at monstrous infantry", unit.Spec{Ruleset: rules.WHFB8, Models: 3,
			Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4, Save: heavy, Specials: rules.SpecialSaves{Ward: target("5+")}}},
			[]rearrank.Attack{atk(5, func(a *rearrank.Attack) { a.HeroicKillingBlow = 5 })}},
		// C26: an unsaved Flaming wound, a kill too, costs the unit its
		// Regeneration for the next group of the phase.
		{"whfb8 Flaming Killing Blow against Regeneration", unit.Spec{Ruleset: rules.WHFB8, Models: 4,
			Profile: inf(1, rules.SpecialSaves{Regeneration: target("4+")})},
			[]rearrank.Attack{atk(4, func(a *rearrank.Attack) { kb(a); a.Flaming = true }), atk(3, func(*rearrank.Attack) {})}},
		// C24: kills first in the allocation of a batch of several.
		{"whfb8 Killing Blow in a batch of several", unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: inf(1, ward4)},
			[]rearrank.Attack{atk(3, func(a *rearrank.Attack) { kb(a); a.Batch = "x" }), atk(3, func(a *rearrank.Attack) { a.Batch = "x"; a.Strength = 3 })}},
		{"whfb8 Killing Blow at the champion", unit.Spec{Ruleset: rules.WHFB8, Models: 4, Profile: inf(1, ward4), Command: []unit.Role{unit.Champion}},
			[]rearrank.Attack{atk(4, func(a *rearrank.Attack) { kb(a); a.Target = unit.Target{Role: unit.Champion} })}},
		{"whfb8 two groups with Killing Blow", unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: inf(1, ward4)},
			[]rearrank.Attack{atk(3, kb), atk(3, kb)}},
		// 20.2: battleaxe's Killing Blow on a monster is one wound, a single
		// after the packets (C22), on per-model damage (11.3).
		{"battleaxe Killing Blow single among packets", unit.Spec{Ruleset: rules.Battleaxe, Models: 2,
			Profile: unit.Profile{TroopType: rules.Monster, W: 4, T: 4, Save: heavy, Specials: rules.SpecialSaves{Ward: target("5+")}}},
			[]rearrank.Attack{atk(4, func(a *rearrank.Attack) { kb(a); a.MultipleWounds = expr("D3") })}},
		{"battleaxe Killing Blow at W1", unit.Spec{Ruleset: rules.Battleaxe, Models: 5, Profile: inf(1, ward4)},
			[]rearrank.Attack{atk(5, kb)}},
		{"t9a1-ru Killing Blow at W1", unit.Spec{Ruleset: rules.T9A1RU, Models: 5, Profile: inf(1, ward4)},
			[]rearrank.Attack{atk(5, kb)}},
		// 22.3, 22.6, 22.17: a Cleaving Blow rolls no Regeneration after
		// damage; the others roll it. (With Multiple Wounds on W2 the
		// packets' order matters and the group is resolved a hit at a
		// time: TestTowPacketKindsEqualReferee.)
		{"tow Cleaving Blow against Regeneration", unit.Spec{Ruleset: rules.TOW, Models: 3, Profile: inf(2, regen5)},
			[]rearrank.Attack{atk(4, func(a *rearrank.Attack) { a.CleavingBlow = rules.NaturalSix })}},
		// 22.3, 22.7: Killing Blow takes every Wound left of the model now
		// losing Wounds, beside capped packets.
		{"tow Killing Blow beside D3 packets", unit.Spec{Ruleset: rules.TOW, Models: 3, Profile: inf(2, rules.SpecialSaves{Ward: target("6+")})},
			[]rearrank.Attack{atk(4, func(a *rearrank.Attack) { kb(a); a.MultipleWounds = expr("D3") })}},
		{"tow Killing Blow and Cleaving Blow against Regeneration", unit.Spec{Ruleset: rules.TOW, Models: 3, Profile: inf(2, regen5)},
			[]rearrank.Attack{atk(4, func(a *rearrank.Attack) { kb(a); a.CleavingBlow = rules.NaturalSix })}},
		{"tow Monster Slayer", unit.Spec{Ruleset: rules.TOW, Models: 2,
			Profile: unit.Profile{TroopType: rules.Monster, W: 4, T: 4, Save: heavy, Specials: rules.SpecialSaves{Ward: target("6+")}}},
			[]rearrank.Attack{atk(4, func(a *rearrank.Attack) { a.MonsterSlayer = rules.NaturalSix; a.MultipleWounds = expr("D3") })}},
	}
}

// TestBlowsEqualEnumeration: small scenarios of every trigger that hands
// on two kinds of thing take the multinomial path, and Exact gives exactly
// what the plain enumeration gives.
func TestBlowsEqualEnumeration(t *testing.T) {
	for _, c := range blowCases() {
		t.Run(c.name, func(t *testing.T) {
			u := mustUnit(t, c.spec)
			if !mixedReached(t, u, c.attacks) {
				t.Fatal("the first batch does not hand on two kinds: the case tests nothing new")
			}
			got := both(t, u, c.attacks)
			if !got.Method.Took(BinomialAttacks) {
				t.Errorf("method %q, want the binomial attacks path", got.Method)
			}
		})
	}
}

// TestBlowsEqualEnumerationRandom: random small scenarios of the rulesets
// with blows, with a blow forced on the first group, through Exact and
// Enumerate alike; many take the multinomial path.
func TestBlowsEqualEnumerationRandom(t *testing.T) {
	t.Parallel()
	var drawn, mixed int
	rapid.Check(t, func(t *rapid.T) {
		rs := rapid.SampledFrom([]rules.Ruleset{rules.Battleaxe, rules.WHFB8, rules.T9A1RU, rules.TOW}).Draw(t, "ruleset")
		s := genSpec(t, rs)
		s.Profile.TroopType = rapid.SampledFrom([]rules.TroopType{rules.Infantry, rules.Cavalry, rules.WarBeast, rules.MonstrousInfantry, rules.Monster}).Draw(t, "blowTroop")
		u, err := alloc.New(s)
		if err != nil {
			t.Skip(err)
		}
		attacks := genAttacks(t, s, 8)
		a := &attacks[0]
		a.InstantKill, a.NoSaves = false, false
		a.MultipleHits, a.BattleFocus = dice.Expr{}, 0 // several hits an attack: no one attack to probe
		a.Count = dice.ConstExpr(rapid.IntRange(1, 5).Draw(t, "blowCount"))
		a.Phase = rules.Melee
		a.Target.TroopType = s.Profile.TroopType
		score := rapid.SampledFrom([]rules.Trigger{rules.NaturalSix, 5, 4}).Draw(t, "blowOn")
		a.KillingBlow, a.HeroicKillingBlow, a.CleavingBlow, a.MonsterSlayer = 0, 0, 0, 0
		switch k := rapid.IntRange(0, 2).Draw(t, "blow"); {
		case rs == rules.TOW && k == 1:
			a.CleavingBlow = score
		case rs == rules.TOW && k == 2:
			a.MonsterSlayer = score
		case k == 1:
			a.HeroicKillingBlow = score
		default:
			a.KillingBlow = score
		}
		gen.Batches(t, rs, attacks)
		if _, err := engine.NewMachine(u, attacks, nil); err != nil {
			t.Skip(err)
		}
		drawn++
		if mixedReached(t, u, attacks) {
			mixed++
		}
		equalsEnumeration(t, u, attacks)
	})
	t.Logf("the multinomial path taken in %d of %d scenarios", mixed, drawn)
	if mixed*10 < drawn {
		t.Errorf("the multinomial path taken in %d of %d scenarios, want a tenth or more", mixed, drawn)
	}
}

// killingBlowForty is bench/testdata/killing-blow.yaml: 40 attacks with
// Killing Blow, hitting on 4+, S4 against 15 infantry of T3 and W1 in heavy
// armour (6+ against S4) with a 4+ ward (whfb8).
func killingBlowForty(t testing.TB) (*alloc.Unit, []rearrank.Attack) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 15, Frontage: 5, Profile: unit.Profile{TroopType: rules.Infantry, W: 1, T: 3,
		Save: rules.SaveProfile{Armour: rules.HeavyArmour}, Specials: rules.SpecialSaves{Ward: target("4+")}}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(40), Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 4, KillingBlow: rules.NaturalSix, Target: rf}}
	return u, a
}

// TestKillingBlowFortyAttacksFewStates: the 40 attacks with Killing
// Blow at 15 W1 models, which held 110,000 machines at once (45 s, 517 MB),
// now finish within 1,000 states and 16 MB, with the closed form's
// fractions. Each attack is slain outright (hit 1/2, a natural 6 to wound
// 1/6, ward fails 1/2: 1/24) or unsaved (hit 1/2, 3-5 to wound 1/2, 6+
// armour fails 5/6, ward fails 1/2: 5/48), and either removes one model of
// W1 and counts one wound (RULES.md 9.1, 20.2, R38): the unsaved count is
// binomial, Bin(40, 7/48), and the casualties are it capped at 15.
func TestKillingBlowFortyAttacksFewStates(t *testing.T) {
	u, attacks := killingBlowForty(t)
	res, err := Exact(t.Context(), pub(u), attacks, Config{MaxStates: 1_000, MaxBytes: 16 << 20})
	if err != nil {
		t.Fatal(err)
	}
	p := big.NewRat(7, 48)
	q := new(big.Rat).Sub(big.NewRat(1, 1), p)
	cas := make([]*big.Rat, 16)
	for i := range cas {
		cas[i] = new(big.Rat)
	}
	for k := 0; k <= 40; k++ {
		b := new(big.Rat).SetInt(new(big.Int).Binomial(40, int64(k)))
		b.Mul(b, ratPow(p, k))
		b.Mul(b, ratPow(q, 40-k))
		if got := res.Unsaved.P[k]; got.Cmp(b) != 0 {
			t.Errorf("P(%d unsaved) = %s, want %s", k, got.RatString(), b.RatString())
		}
		cas[min(k, 15)].Add(cas[min(k, 15)], b)
	}
	for k, want := range cas {
		if got := res.Casualties.P[k]; got.Cmp(want) != 0 {
			t.Errorf("P(%d casualties) = %s, want %s", k, got.RatString(), want.RatString())
		}
		if got := res.Wounds.P[k]; got.Cmp(want) != 0 {
			t.Errorf("P(%d wounds) = %s, want %s", k, got.RatString(), want.RatString())
		}
	}
	if res.Destroyed.Cmp(cas[15]) != 0 {
		t.Errorf("destroyed %s, want %s", res.Destroyed.RatString(), cas[15].RatString())
	}
}

// TestTowCleavingThirtyAttacksFewStates: bench/testdata/tow-cleaving.yaml,
// 30 attacks with Cleaving Blow and D3 wounds at 10 W2 infantry with
// Regeneration 5+ (tow), finishes within 100,000 states and 64 MB. Its
// packets come in the order of their dice (22.18), which counts of each
// kind do not keep, so its hits are resolved one at a time, each from its
// to-wound roll to its packet in one step (internal/engine, order.go):
// about 50,000 states, where counting the Cleaving Blows and taking them
// first took under 10,000.
func TestTowCleavingThirtyAttacksFewStates(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 10, Frontage: 5, Profile: unit.Profile{TroopType: rules.Infantry, W: 2, T: 3,
		Save: rules.SaveProfile{Armour: rules.HeavyArmour}, Specials: rules.SpecialSaves{Regeneration: target("5+")}}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(30), Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 4,
		MultipleWounds: expr("D3"), CleavingBlow: rules.NaturalSix, Target: rf}}
	res, err := Exact(t.Context(), pub(u), a, Config{MaxStates: 100_000, MaxBytes: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if err := sumsToOne(res); err != nil {
		t.Error(err)
	}
	// the unsaved count is binomial: per attack hit 1/2 x (a 6 to wound
	// 1/6 + 3-5 to wound 1/2 x 5+ armour fails 2/3) = 1/4
	wantRat(t, "mean unsaved", res.Unsaved.Mean(), "15/2")
}

func ratPow(x *big.Rat, n int) *big.Rat {
	r := big.NewRat(1, 1)
	for range n {
		r.Mul(r, x)
	}
	return r
}
