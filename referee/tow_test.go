package referee_test

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/wire"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The worked examples of RULES.md 22.15 that run through the whole tow
// pipeline. The stage tables (E150-E157, E163, E173, E174) are tested in
// package rules.

// sixes returns n natural 6s: to-wound rolls forced in exhaust.
func sixes(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = 6
	}
	return out
}

// expectation returns the exact mean of f over every path of the dice after
// the forced faces start.
func expectation(t *testing.T, u *rearrank.Unit, attacks []rearrank.Attack, start []int, f func(*referee.Result) int) *big.Rat {
	t.Helper()
	sum := new(big.Rat)
	exhaust(t, u, attacks, start, func(res *referee.Result, p *big.Rat) {
		sum.Add(sum, new(big.Rat).Mul(p, big.NewRat(int64(f(res)), 1)))
	})
	return sum
}

func TestE153HighBSReroll(t *testing.T) { // RULES.md 22.15
	s := unit.Spec{Ruleset: rules.TOW, Models: 5, Profile: unit.Profile{W: 1, T: 3}}
	for _, c := range []struct {
		name         string
		bs, modifier int
		want         string
	}{
		{"BS6: 2+ then 6+", 6, 0, "31/36"},
		{"BS6 at -1: 3+ then 6+", 6, -1, "13/18"},
		{"BS8 at -2: 4+ then 4+", 8, -2, "3/4"},
		{"BS10: 2+ then 2+", 10, 0, "35/36"},
		{"BS3 at -6: no hit, no re-roll (22.17)", 3, -6, "0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := []rearrank.Attack{{Count: dice.ConstExpr(1), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: c.bs, Modifier: c.modifier},
				Strength: 3, NoSaves: true, Target: rf}}
			// to wound S3 v T3 is 4+: a hit ends unsaved with 1/2
			got := probability(t, mustUnit(t, s), a, nil, func(r *referee.Result) bool { return r.Tally.Unsaved == 1 })
			wantRat(t, "P(hit)", got.Mul(got, big.NewRat(2, 1)), c.want)
		})
	}
}

// TestHighBSRerollOfSuccesses: a BS 6-10 shot whose target imposes
// reroll_hit: successes (RULES.md 22.18). A first roll that hit was not
// re-rolled, so the imposed re-roll takes it and its second result stands;
// a miss has the built-in re-roll only (20.1 U1). The shooter's own
// reroll_hit grants add nothing (22.17). S3 v T3 wounds on 4+, no saves:
// P(casualty) is P(hit) x 1/2.
func TestHighBSRerollOfSuccesses(t *testing.T) {
	s := unit.Spec{Ruleset: rules.TOW, Models: 5, Profile: unit.Profile{W: 1, T: 3}}
	all := rules.RerollFailed | rules.RerollOnes | rules.RerollSuccesses
	for _, c := range []struct {
		name         string
		bs, modifier int
		rr           rules.Reroll
		want         string // P(casualty)
	}{
		// 22.18: (5/6 x 5/6 + 1/6 x 1/6) x 1/2 = 13/18 x 1/2
		{"BS6 successes", 6, 0, rules.RerollSuccesses, "13/36"},
		{"BS6 [failed, ones, successes]", 6, 0, all, "13/36"},
		// E153's 31/36 x 1/2: the miss's re-roll is its one re-roll
		{"BS6 failed", 6, 0, rules.RerollFailed, "31/72"},
		{"BS6 ones", 6, 0, rules.RerollOnes, "31/72"},
		{"BS6 none", 6, 0, 0, "31/72"},
		// 4+ then 4+: (1/2 x 1/2 + 1/2 x 1/2) x 1/2 (E153 without: 3/8)
		{"BS8 at -2 successes", 8, -2, rules.RerollSuccesses, "1/4"},
		{"BS8 at -2 failed", 8, -2, rules.RerollFailed, "3/8"},
		// 2+ then 2+: (5/6 x 5/6 + 1/6 x 5/6) x 1/2
		{"BS10 successes", 10, 0, rules.RerollSuccesses, "5/12"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := []rearrank.Attack{{Count: dice.ConstExpr(1), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: c.bs, Modifier: c.modifier},
				Strength: 3, NoSaves: true, RerollHit: c.rr, Target: rf}}
			got := probability(t, mustUnit(t, s), a, nil, func(r *referee.Result) bool { return r.Tally.Casualties == 1 })
			wantRat(t, "P(casualty)", got, c.want)
		})
	}
}

// TestHighBSSevenPlusRerollOfSuccesses: a BS6 shot at -5 needs 7 on its
// first roll, the 7+ procedure (a 6, then 4+; T-6), and re-rolls a miss
// needing 6+. With reroll_hit: successes imposed, the re-roll of a
// success follows seven_plus_reroll, and a miss has the built-in re-roll
// only when no die of the first roll was re-rolled (RULES.md 22.18).
// S3 v T3 wounds on 4+, no saves: P(casualty) is P(hit) x 1/2.
func TestHighBSSevenPlusRerollOfSuccesses(t *testing.T) {
	for _, c := range []struct {
		name string
		o    rules.SevenPlusReroll
		rr   rules.Reroll
		want string // P(casualty)
	}{
		// no grant: 1/6 x 1/2 + 11/12 x 1/6 = 17/72 hits
		{"none", rules.EachDie, 0, "17/144"},
		// each_die: the first die's 6 is re-rolled, so a procedure that
		// gets past it has no built-in re-roll: 1/6 x 1/6 (the 6 again)
		// x 1/2 x 1/2 (the second die's success again) + 5/6 x 1/6 =
		// 21/144 hits
		{"each_die", rules.EachDie, rules.RerollSuccesses, "7/96"},
		// failing_die: the second die, once it succeeded, is re-rolled;
		// a miss with no die re-rolled (1 - 1/12) has the re-roll:
		// 1/6 x 1/2 x 1/2 + 11/12 x 1/6 = 14/72 hits
		{"failing_die", rules.FailingDie, rules.RerollSuccesses, "7/72"},
		// whole_roll: a procedure that hit (1/12) is repeated, and a
		// miss (11/12) has the re-roll: 1/12 x 1/12 + 11/12 x 1/6 =
		// 23/144 hits
		{"whole_roll", rules.WholeRoll, rules.RerollSuccesses, "23/288"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := unit.Spec{Ruleset: rules.TOW, Models: 5, Options: rules.Options{SevenPlusReroll: c.o}, Profile: unit.Profile{W: 1, T: 3}}
			a := []rearrank.Attack{{Count: dice.ConstExpr(1), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 6, Modifier: -5},
				Strength: 3, NoSaves: true, RerollHit: c.rr, Target: rf}}
			got := probability(t, mustUnit(t, s), a, nil, func(r *referee.Result) bool { return r.Tally.Casualties == 1 })
			wantRat(t, "P(casualty)", got, c.want)
		})
	}
}

// TestHighBSRerollOfSuccessesDice: the dice of RULES.md 22.18 as the
// referee asks for them (docs/rules.md 22.2): every first die; the
// re-rolls the target imposes on hits, against the first roll's 2+; then
// the misses' re-rolls at 6+; a re-rolled hit that misses stays missed.
func TestHighBSRerollOfSuccessesDice(t *testing.T) {
	s := unit.Spec{Ruleset: rules.TOW, Models: 5, Profile: unit.Profile{W: 1, T: 3}}
	shots := []rearrank.Attack{{Count: dice.ConstExpr(3), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 6}, Strength: 3,
		NoSaves: true, RerollHit: rules.RerollSuccesses, Target: rf}}
	// first dice 1, 3, 5; attack 2's 3 is re-rolled (1, a miss), attack
	// 3's 5 (4, a hit); attack 1's 1 (6, a hit); two hits wound on 4, 4
	faces := []int{1, 3, 5, 1, 4, 6, 4, 4}
	log := usesAll(t, "BS6", mustUnit(t, s), shots, 2, faces...)
	inOrder(t, "BS6", log,
		"to-hit, attack 1 of 3: 1 vs 2+, miss",
		"to-hit, attack 2 of 3: 3 vs 2+, to be re-rolled (re-roll of successes imposed by the target)",
		"to-hit, attack 3 of 3: 5 vs 2+, to be re-rolled (re-roll of successes imposed by the target)",
		"to-hit, attack 2 of 3: 3 re-rolled (re-roll of successes imposed by the target): 1, miss",
		"to-hit, attack 3 of 3: 5 re-rolled (re-roll of successes imposed by the target): 4, hit",
		"to-hit, attack 1 of 3: 1 re-rolled (BS 6+ re-rolls a miss): 6, hit",
		"to-wound, hit 1 of 2, S3 vs T3: 4 vs 4+, wounds",
		"to-wound, hit 2 of 2, S3 vs T3: 4 vs 4+, wounds")

	// BS6 at -5, each_die: attack 1's 6 is re-rolled (6) before attack 2's
	// miss (3, re-rolled 6+: 6, a hit); attack 1's second die (5) is
	// re-rolled (2) and misses, with no built-in re-roll after it: one
	// hit, wounding on 4
	seven := []rearrank.Attack{shots[0]}
	seven[0].Count, seven[0].Hit.Modifier = dice.ConstExpr(2), -5
	log = usesAll(t, "BS6 at -5", mustUnit(t, s), seven, 1, 6, 3, 6, 6, 5, 2, 4)
	inOrder(t, "BS6 at -5", log,
		"to-hit, attack 1 of 2: 6 vs 6+, to be re-rolled (re-roll of successes imposed by the target)",
		"to-hit, attack 2 of 2: 3 vs 6+, miss",
		"to-hit, attack 1 of 2: 6 re-rolled (re-roll of successes imposed by the target): 6, hit",
		"to-hit, attack 2 of 2: 3 re-rolled (BS 6+ re-rolls a miss): 6, hit",
		"7+ to hit, second die 1 of 1: 5 vs 4+, to be re-rolled (re-roll of successes imposed by the target)",
		"7+ to hit, second die 1 of 1: 5 re-rolled (re-roll of successes imposed by the target): 2, miss",
		"to-wound, hit 1 of 1, S3 vs T3: 4 vs 4+, wounds")
}

func TestE159RegenerationAfterWard(t *testing.T) { // RULES.md 22.15
	spec := func(rs rules.Ruleset) *rearrank.Unit {
		return mustUnit(t, unit.Spec{Ruleset: rs, Models: 2, Profile: unit.Profile{W: 1, T: 3,
			Specials: rules.SpecialSaves{Ward: target("5+"), Regeneration: target("4+")}}})
	}
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 3, Target: rf}}
	lost := func(r *referee.Result) bool { return r.Tally.Casualties == 1 }
	// one wound (a forced 6 to wound): ward 5+ then Regeneration 4+
	wantRat(t, "tow: the Wound stays lost", probability(t, spec(rules.TOW), a, []int{6}, lost), "1/3")
	wantRat(t, "whfb8: one roll at 4+", probability(t, spec(rules.WHFB8), a, []int{6}, lost), "1/2")
	// the ward's failure is what counts for combat result (22.17: unsaved before Regeneration)
	counted := probability(t, spec(rules.TOW), a, []int{6}, func(r *referee.Result) bool { return r.Tally.Wounds == 1 && r.Tally.Unsaved == 1 })
	wantRat(t, "tow: counted for combat result", counted, "2/3")
}

func TestE160TrollsRegenerate(t *testing.T) { // RULES.md 22.15
	trolls := func(flammable bool) *rearrank.Unit {
		return mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 3, Frontage: 3, Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4,
			Specials: rules.SpecialSaves{Regeneration: target("4+"), Flammable: flammable}}})
	}
	six := func(flaming bool) []rearrank.Attack {
		return []rearrank.Attack{{Count: dice.ConstExpr(6), Strength: 4, Flaming: flaming, Target: rf}}
	}
	// six single unsaved wounds: the to-wound rolls are forced 6s. Flaming
	// on a model that is not flammable leaves Regeneration as it is
	// (rules.TestTowSpecialSaves; the odds' TestE160FlamingTrolls gives it
	// the first case's odds).
	for _, c := range []struct {
		name     string
		u        *rearrank.Unit
		flaming  bool
		lost     string // Wounds that stay lost, expected
		removed1 string // P(at least one Troll removed)
		removed  string // expected Trolls removed
	}{
		{"Regeneration 4+", trolls(false), false, "3", "21/32", "43/64"},
		{"Flaming on a flammable unit", trolls(true), true, "6", "1", "2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			lost, removed1, removed := new(big.Rat), new(big.Rat), new(big.Rat)
			exhaust(t, c.u, six(c.flaming), sixes(6), func(r *referee.Result, p *big.Rat) {
				if r.Tally.Wounds != 6 {
					t.Fatalf("counts %d for combat result, want 6 always", r.Tally.Wounds)
				}
				lost.Add(lost, new(big.Rat).Mul(p, big.NewRat(int64(3*r.Tally.Casualties+carried(r.After)), 1)))
				removed.Add(removed, new(big.Rat).Mul(p, big.NewRat(int64(r.Tally.Casualties), 1)))
				if r.Tally.Casualties >= 1 {
					removed1.Add(removed1, p)
				}
			})
			wantRat(t, "Wounds that stay lost", lost, c.lost)
			wantRat(t, "P(>= 1 Troll removed)", removed1, c.removed1)
			wantRat(t, "expected removed", removed, c.removed)
		})
	}
}

func TestE164MultipleWoundsCappedAtRemaining(t *testing.T) { // RULES.md 22.15
	// One unsaved Multiple Wounds (D3) packet on W3 monstrous infantry
	// lands on the model now losing Wounds and is capped at what it has
	// left: fresh, 1, 2 and 3 Wounds each 1/3 (expected 2); with 2 left, 1
	// (1/3) or 2 (2/3), expected 5/3; with 1 left exactly 1. whfb8's pool
	// takes the packet at the profile's 3 and spills it to the next Ogre:
	// 2 expected in every case.
	for _, c := range []struct {
		name    string
		carried int
		dist    []string // P(1, 2, 3 Wounds)
		mean    string
	}{
		{"fresh", 0, []string{"1/3", "1/3", "1/3"}, "2"},
		{"2 left", 1, []string{"1/3", "2/3", "0"}, "5/3"},
		{"1 left", 2, []string{"1", "0", "0"}, "1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 4, NoSaves: true, MultipleWounds: expr("D3"), Target: rf}}
			ogres := func(rs rules.Ruleset) *rearrank.Unit {
				return mustUnit(t, unit.Spec{Ruleset: rs, Models: 3, Frontage: 3, Carried: c.carried,
					Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4}})
			}
			u := ogres(rules.TOW)
			wantRat(t, "expected Wounds", expectation(t, u, a, []int{6}, func(r *referee.Result) int { return r.Tally.Wounds }), c.mean)
			dist := make([]*big.Rat, 4)
			for i := range dist {
				dist[i] = new(big.Rat)
			}
			exhaust(t, u, a, []int{6}, func(r *referee.Result, p *big.Rat) {
				if r.Tally.Casualties > 1 {
					t.Errorf("a packet spilled to a second model: %d removed", r.Tally.Casualties)
				}
				dist[r.Tally.Wounds].Add(dist[r.Tally.Wounds], p)
			})
			for k, want := range c.dist {
				wantRat(t, fmt.Sprintf("P(%d Wounds)", k+1), dist[k+1], want)
			}
			wantRat(t, "whfb8 pooled: expected Wounds", expectation(t, ogres(rules.WHFB8), a, []int{6}, func(r *referee.Result) int { return r.Tally.Wounds }), "2")
		})
	}
}

func TestE165OgresNoSpill(t *testing.T) { // RULES.md 22.15
	u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 3, Frontage: 3, Carried: 2,
		Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(2), Strength: 4, NoSaves: true, MultipleWounds: expr("D3"), Target: rf}}
	// both wound (6, 6); the packets roll 3 then 2
	res, _ := resolve(t, u, a, 6, 6, 3, 2)
	if res.After.Size() != 2 || carried(res.After) != 2 || res.Tally.Wounds != 3 || res.Tally.Casualties != 1 {
		t.Errorf("2 Ogres left carrying 2, counts 3: got %d left, carried %d, counts %d", res.After.Size(), carried(res.After), res.Tally.Wounds)
	}
	w8 := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 3, Frontage: 3, Carried: 2,
		Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4}})
	res, _ = resolve(t, w8, a, 6, 6, 3, 2)
	if res.After.Size() != 1 || carried(res.After) != 1 || res.Tally.Wounds != 5 {
		t.Errorf("whfb8: 1 left carrying 1, counts 5: got %d left, carried %d, counts %d", res.After.Size(), carried(res.After), res.Tally.Wounds)
	}
}

func TestE166TrollPacketRegenerates(t *testing.T) { // RULES.md 22.15
	troll := func(carry int, timing rules.RegenTiming) *rearrank.Unit {
		return mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 2, Frontage: 2, Carried: carry,
			Options: rules.Options{RegenerationTiming: timing},
			Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4, Specials: rules.SpecialSaves{Regeneration: target("4+")}}})
	}
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 4, MultipleWounds: expr("3"), Target: rf}}
	removed := func(r *referee.Result) bool { return r.Tally.Casualties == 1 }
	u := troll(0, rules.RegenPerWoundLost)
	wantRat(t, "undamaged: removed", probability(t, u, a, []int{6}, removed), "1/8")
	wantRat(t, "undamaged: stay lost", expectation(t, u, a, []int{6}, func(r *referee.Result) int {
		return 3*r.Tally.Casualties + carried(r.After)
	}), "3/2")
	wantRat(t, "undamaged: counts", expectation(t, u, a, []int{6}, func(r *referee.Result) int { return r.Tally.Wounds }), "3")
	wantRat(t, "1 left: removed", probability(t, troll(2, rules.RegenPerWoundLost), a, []int{6}, removed), "1/2")
	wantRat(t, "1 left, sequential: removed", probability(t, troll(2, rules.RegenSequential), a, []int{6}, removed), "7/8")
	wantRat(t, "1 left, per_unsaved_wound: removed", probability(t, troll(2, rules.RegenPerUnsavedWound), a, []int{6}, removed), "1/2")
	wantRat(t, "undamaged, per_unsaved_wound: removed", probability(t, troll(0, rules.RegenPerUnsavedWound), a, []int{6}, removed), "1/2")
}

func TestTowSequentialRegenerationW1(t *testing.T) { // RULES.md 22.6, 22.18, T-4
	// One hit, S4 v T4 (wounds on 4+), Multiple Wounds 2, Regeneration 4+,
	// no armour, no ward. Under sequential the packet's two Wounds are
	// taken one at a time with a roll after each, on a W1 model as on any
	// other (22.18): a regenerated first Wound lets the second land, so
	// P(casualty) = 1/2 x (1 - 1/2 x 1/2) = 3/8. per_wound_lost caps the
	// packet at the model's one Wound and rolls once: 1/2 x 1/2 = 1/4.
	unitOf := func(w, carry int, timing rules.RegenTiming) *rearrank.Unit {
		return mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 2, Frontage: 2, Carried: carry,
			Options: rules.Options{RegenerationTiming: timing},
			Profile: unit.Profile{W: w, T: 4, Specials: rules.SpecialSaves{Regeneration: target("4+")}}})
	}
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 4, MultipleWounds: expr("2"), Target: rf}}
	removed := func(r *referee.Result) bool { return r.Tally.Casualties == 1 }
	for _, c := range []struct {
		name        string
		w, carry    int
		timing      rules.RegenTiming
		want, wound string // P(casualty); P(casualty | a forced 6 to wound)
		counted     string // expected Wounds counted for combat result | a forced 6
	}{
		// the first Wound comes back (1/2) and the second counts whatever its roll: 1/2 x 2 + 1/2 x 1
		{"W1, sequential", 1, 0, rules.RegenSequential, "3/8", "3/4", "3/2"},
		{"W2 with 1 left, sequential", 2, 1, rules.RegenSequential, "3/8", "3/4", "3/2"},
		{"W1, per_wound_lost", 1, 0, rules.RegenPerWoundLost, "1/4", "1/2", "1"},
		{"W1, per_unsaved_wound", 1, 0, rules.RegenPerUnsavedWound, "1/4", "1/2", "1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := unitOf(c.w, c.carry, c.timing)
			wantRat(t, "P(casualty)", probability(t, u, a, nil, removed), c.want)
			wantRat(t, "P(casualty | wounded)", probability(t, u, a, []int{6}, removed), c.wound)
			// every Wound lost counts for combat result, regenerated or not (22.6)
			wantRat(t, "expected Wounds counted", expectation(t, u, a, []int{6}, func(r *referee.Result) int { return r.Tally.Wounds }), c.counted)
		})
	}

	// Scripted: wounds on a 6, the first Wound comes back on a 4, the
	// second stays on a 3: the model is removed, and both Wounds count.
	res, r := resolve(t, unitOf(1, 0, rules.RegenSequential), a, 6, 4, 3)
	if res.Tally.Casualties != 1 || res.After.Size() != 1 || res.Tally.Wounds != 2 || res.Tally.Unsaved != 1 {
		t.Errorf("regenerated then lost: %d removed, %d left, %d counted, %d unsaved; want 1, 1, 2, 1",
			res.Tally.Casualties, res.After.Size(), res.Tally.Wounds, res.Tally.Unsaved)
	}
	if left := r.Remaining(); left != 0 {
		t.Errorf("%d scripted dice left unread, want every one read", left)
	}
	// both rolls succeed: the model stands, undamaged
	res, _ = resolve(t, unitOf(1, 0, rules.RegenSequential), a, 6, 4, 5)
	if res.Tally.Casualties != 0 || res.After.Size() != 2 || res.Tally.Wounds != 2 {
		t.Errorf("both regenerated: %d removed, %d left, %d counted; want 0, 2, 2", res.Tally.Casualties, res.After.Size(), res.Tally.Wounds)
	}
}

func TestE169PanicMoreThanAQuarter(t *testing.T) { // RULES.md 22.15
	for _, c := range []struct {
		name         string
		rs           rules.Ruleset
		models, lose int
		panic        bool
	}{
		{"20 lose 5", rules.TOW, 20, 5, false},
		{"20 lose 5, whfb8", rules.WHFB8, 20, 5, true},
		{"20 lose 6", rules.TOW, 20, 6, true},
		{"4 lose 1", rules.TOW, 4, 1, false},
		{"4 lose 2", rules.TOW, 4, 2, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := mustUnit(t, unit.Spec{Ruleset: c.rs, Models: c.models, Profile: unit.Profile{W: 1, T: 3}})
			a := []rearrank.Attack{{Count: dice.ConstExpr(c.lose), Phase: rules.Shooting, Strength: 3, NoSaves: true, Target: rf}}
			res, _ := resolve(t, u, a, sixes(c.lose)...)
			if res.Tally.Casualties != c.lose || res.Tally.Panic != c.panic {
				t.Errorf("lost %d, panic %t; want %d, %t", res.Tally.Casualties, res.Tally.Panic, c.lose, c.panic)
			}
		})
	}
}

// TestE169PanicOutcome is E169's failed tests: 14 of 20 at deployment
// fall back in good order, 14 of 30 flee (RULES.md 22.9).
func TestE169PanicOutcome(t *testing.T) {
	for _, c := range []struct {
		starting int
		want     string
	}{
		{20, referee.PanicFallBack},
		{30, referee.PanicFlee},
		{28, referee.PanicFlee}, // exactly half left: not more than half
	} {
		u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 20, StartingModels: c.starting, Profile: unit.Profile{W: 1, T: 3}})
		a := []rearrank.Attack{{Count: dice.ConstExpr(6), Phase: rules.Shooting, Strength: 3, NoSaves: true, Target: rf}}
		res, _ := resolve(t, u, a, sixes(6)...)
		if got := res.PanicFailed(); got != c.want || res.After.Size() != 14 {
			t.Errorf("14 of %d at deployment: %q (%d left), want %q", c.starting, got, res.After.Size(), c.want)
		}
	}
	w8 := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 20, Profile: unit.Profile{W: 1, T: 3}})
	res, _ := resolve(t, w8, []rearrank.Attack{{Count: dice.ConstExpr(6), Phase: rules.Shooting, Strength: 3, NoSaves: true, Target: rf}}, sixes(6)...)
	if !res.Tally.Panic || res.PanicFailed() != "" {
		t.Errorf("whfb8: panic %t, outcome %q; want a test and no outcome by size", res.Tally.Panic, res.PanicFailed())
	}
}

func TestE168BlowThenPacketThenSingle(t *testing.T) { // RULES.md 22.15, 22.7
	// 3 Ogres W3, the pool carrying 2; a single wound, a Multiple Wounds
	// packet of 2 and a Killing Blow (monstrous infantry: it slays in tow),
	// listed in that order, each wounding on the dice given. The damaged
	// Ogre loses its last Wound, the next is left at 1 and then dies:
	// 1 undamaged Ogre, 4 counted (whfb8's pooled packets would spill).
	u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 3, Frontage: 3, Carried: 2,
		Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4}})
	a := []rearrank.Attack{
		{Count: dice.ConstExpr(1), Strength: 10, Target: rf},
		{Count: dice.ConstExpr(1), Strength: 10, MultipleWounds: expr("2"), Target: rf},
		{Count: dice.ConstExpr(1), Strength: 10, KillingBlow: rules.NaturalSix, Target: rf},
	}
	res, _ := resolve(t, u, a, 2, 2, 6)
	if res.After.Size() != 1 || carried(res.After) != 0 || res.Tally.Wounds != 4 || res.Tally.Casualties != 2 {
		t.Errorf("want 1 undamaged Ogre, counts 4: got %d left, carried %d, counts %d, removed %d", res.After.Size(), carried(res.After), res.Tally.Wounds, res.Tally.Casualties)
	}
	// One batch: the Killing Blow comes first whatever the dice order
	// (22.7, FAQ), so it takes the damaged Ogre's last Wound and the
	// packet of 2 (D3 rolling 2) leaves the next at 1: 2 Ogres, 2 carried,
	// counts 3. Packet first would be capped at the damaged Ogre's 1 and
	// the blow would slay a fresh Ogre: 1 left, counts 4.
	b := []rearrank.Attack{{Count: dice.ConstExpr(2), Strength: 10, MultipleWounds: expr("D3"), KillingBlow: rules.NaturalSix, Target: rf}}
	res, _ = resolve(t, u, b, 2, 6, 2)
	if res.After.Size() != 2 || carried(res.After) != 2 || res.Tally.Wounds != 3 {
		t.Errorf("one batch: want 2 Ogres carrying 2, counts 1 + 2: got %d left, carried %d, counts %d:\n%s", res.After.Size(), carried(res.After), res.Tally.Wounds, logText(res))
	}
}

// TestE167ChampionOverkill is E167's second case (RULES.md 22.7, 22.8,
// 22.11): a W1 champion in a challenge takes 3 unsaved wounds. He is
// removed, 2 wounds are wasted (never spilling to the unit), and the
// referee's result reports them as overkill that scores: 1 Wound + 2 = 3
// points. An ordinary model takes his slot. At most +5 scores; whfb8
// reports the overkill and scores none; an attack at the rank and file
// wastes no overkill.
func TestE167ChampionOverkill(t *testing.T) {
	champ := unit.Target{Role: unit.Champion}
	for _, tc := range []struct {
		name    string
		rs      rules.Ruleset
		attacks []rearrank.Attack
		faces   []int
		want    *referee.Overkill
		text    string
		champW  int // the champion's W, when not the unit's
	}{
		{"E167", rules.TOW, []rearrank.Attack{{Count: dice.ConstExpr(3), Strength: 10, NoSaves: true, Target: champ}}, []int{6, 6, 6},
			&referee.Overkill{Wounds: 2, CombatResult: 2}, "2 wasted: overkill, +2 combat result in a challenge", 0},
		{"8 wounds: at most +5", rules.TOW, []rearrank.Attack{{Count: dice.ConstExpr(8), Strength: 10, NoSaves: true, Target: champ}}, []int{6, 6, 6, 6, 6, 6, 6, 6},
			&referee.Overkill{Wounds: 7, CombatResult: 5}, "7 wasted: overkill, +5 combat result in a challenge (at most +5)", 0},
		{"whfb8 scores none", rules.WHFB8, []rearrank.Attack{{Count: dice.ConstExpr(3), Strength: 10, NoSaves: true, Target: champ}}, []int{6, 6, 6},
			&referee.Overkill{Wounds: 2, CombatResult: 0}, "2 wasted: overkill in a challenge, not scored in whfb8 (rules 9.3)", 0},
		// these two: rank and file of W2, where a Multiple Wounds (3) packet
		// wastes 1 (22.7) that is no overkill, and a W1 champion
		{"a challenge and a Multiple Wounds packet at the rank and file", rules.TOW, []rearrank.Attack{
			{Count: dice.ConstExpr(2), Strength: 10, NoSaves: true, Target: champ},
			{Count: dice.ConstExpr(1), Strength: 10, NoSaves: true, MultipleWounds: expr("3"), Target: rf}}, []int{6, 6, 6},
			&referee.Overkill{Wounds: 1, CombatResult: 1}, "2 wasted, 1 of them overkill: +1 combat result in a challenge", 0},
		{"no challenge", rules.TOW, []rearrank.Attack{{Count: dice.ConstExpr(3), Strength: 10, NoSaves: true, MultipleWounds: expr("3"), Target: rf}}, []int{6, 6, 6},
			nil, "3 wasted", 0},
		// a Killing Blow that finds the champion slain is wasted as any
		// wound is (22.7, 22.8): two blows score as a blow and a wound
		{"two Killing Blows on a W1 champion", rules.TOW, []rearrank.Attack{{Count: dice.ConstExpr(2), Strength: 3, KillingBlow: rules.NaturalSix, Target: champ}}, []int{6, 6},
			&referee.Overkill{Wounds: 1, CombatResult: 1}, "1 wasted: overkill, +1 combat result in a challenge", 0},
		{"a Killing Blow and a wound on a W1 champion", rules.TOW, []rearrank.Attack{{Count: dice.ConstExpr(2), Strength: 3, KillingBlow: rules.NaturalSix, Target: champ}}, []int{6, 4},
			&referee.Overkill{Wounds: 1, CombatResult: 1}, "1 wasted: overkill, +1 combat result in a challenge", 0},
		{"two Killing Blows on a W2 champion", rules.TOW, []rearrank.Attack{{Count: dice.ConstExpr(2), Strength: 3, KillingBlow: rules.NaturalSix, Target: champ}}, []int{6, 6},
			&referee.Overkill{Wounds: 1, CombatResult: 1}, "1 wasted: overkill, +1 combat result in a challenge", 2},
		{"whfb8: two Killing Blows, not scored", rules.WHFB8, []rearrank.Attack{{Count: dice.ConstExpr(2), Strength: 3, KillingBlow: rules.NaturalSix, Target: champ}}, []int{6, 6},
			&referee.Overkill{Wounds: 1, CombatResult: 0}, "1 wasted: overkill in a challenge, not scored in whfb8 (rules 9.3)", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := unit.Spec{Ruleset: tc.rs, Models: 8, Frontage: 5, Profile: unit.Profile{W: 1, T: 3},
				Command: []unit.Role{unit.Musician, unit.StandardBearer, unit.Champion}, Layout: "R M S C R / R R R . ."}
			if len(tc.attacks) > 1 || tc.want == nil {
				spec.Profile.W, spec.Champion = 2, &unit.Profile{W: 1, T: 3}
			}
			if tc.champW > 0 {
				spec.Champion = &unit.Profile{W: tc.champW, T: 3}
			}
			u := mustUnit(t, spec)
			res, _ := resolve(t, u, tc.attacks, tc.faces...)
			got := res.Overkill()
			if (got == nil) != (tc.want == nil) || got != nil && *got != *tc.want {
				t.Errorf("overkill %+v, want %+v:\n%s", got, tc.want, logText(res))
			}
			if s := res.WastedText(); s != tc.text {
				t.Errorf("wasted: %q, want %q", s, tc.text)
			}
			if v := wire.ResolutionOf(res, nil); (v.Overkill == nil) != (tc.want == nil) {
				t.Errorf("the JSON view's overkill %+v, want %+v", v.Overkill, tc.want)
			}
			if tc.name != "E167" {
				return
			}
			tally := res.Tally
			if tally.Casualties != 1 || tally.Wounds != 1 || tally.Unsaved != 3 || tally.Wasted != 2 {
				t.Errorf("removed %d, counts %d, unsaved %d, wasted %d; want 1, 1, 3, 2:\n%s", tally.Casualties, tally.Wounds, tally.Unsaved, tally.Wasted, logText(res))
			}
			if got := tally.Wounds + res.Overkill().CombatResult; got != 3 {
				t.Errorf("combat result %d, want 1 Wound + overkill 2 = 3", got)
			}
			front := res.After.Ranks()[0]
			if len(front) != 5 || front[3].Model == nil || front[3].Model.Role != unit.RankAndFile {
				t.Errorf("the champion's slot after: %v, want an ordinary model in it", front)
			}
		})
	}
}

// TestE174CharacterOnMonster is E174 through the referee (RULES.md 22.4):
// a character on a monster with Armoured Hide (3), whose value is 4+,
// saves with the better of his and the mount's: heavy armour and shield
// 4+; full plate and shield 3+; the latter against AP -2, 5+.
func TestE174CharacterOnMonster(t *testing.T) {
	for _, c := range []struct {
		name   string
		armour rules.Armour
		ap     int
		saved  string // P(the one wound is saved)
	}{
		{"heavy+shield: 4+", rules.HeavyArmour, 0, "1/2"},
		{"full plate+shield: 3+", rules.PlateArmour, 0, "2/3"},
		{"full plate+shield v AP -2: 5+", rules.PlateArmour, 2, "1/3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			lord := unit.Profile{TroopType: rules.Monster, W: 6, T: 5,
				Save: rules.SaveProfile{Armour: c.armour, Shield: true, MountArmour: target("4+")}}
			u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 5, Profile: unit.Profile{W: 1, T: 3},
				Characters: []unit.CharacterSpec{{Name: "Lord", Profile: lord, File: -1}}})
			a := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 10, AP: c.ap, Target: unit.Target{Role: unit.Character, Name: "Lord"}}}
			got := probability(t, u, a, []int{6}, func(r *referee.Result) bool { return r.Tally.Unsaved == 0 })
			wantRat(t, "saved", got, c.saved)
		})
	}
}

// TestTowInstantKillTakesModelNowLosing: in tow every instant kill takes
// the model now losing Wounds, the damaged one, else the next in removal
// order, command models last (RULES.md 22.7, 11.4, 22.18), whatever
// instant_kill_takes says (a file cannot set it; a library caller's value
// is not read). Four W2 infantry in one rank: two ordinary models, a
// musician and a champion who lost 1 Wound of his own; the pool carries 1,
// on the ordinary model now losing Wounds. Automatic S10 hits wound T3 on
// 2+; each kill counts the Wounds its model had left (R38).
func TestTowInstantKillTakesModelNowLosing(t *testing.T) {
	spec := func(o rules.InstantKillTake) unit.Spec {
		return unit.Spec{Ruleset: rules.TOW, Models: 4, Profile: unit.Profile{TroopType: rules.Infantry, W: 2, T: 3},
			Command: []unit.Role{unit.Musician, unit.Champion}, ChampionDamage: 1, Carried: 1, Options: rules.Options{InstantKillTakes: o}}
	}
	for _, o := range []rules.InstantKillTake{rules.MostDamaged, rules.FreshModel} {
		for kills, want := range []struct{ ordinary, musician, champion, carried, wounds int }{
			{2, 1, 1, 1, 0},
			{1, 1, 1, 0, 1}, // the damaged model, worth its 1 Wound left; not a fresh one (fresh_model took one, worth 2)
			{0, 1, 1, 0, 3}, // then the fresh ordinary model, worth 2; fresh_model took the musician and left the damaged model
			{0, 0, 1, 0, 5}, // then the musician (11.4), not the damaged champion
			{0, 0, 0, 0, 6}, // the champion last, worth his 1 Wound left
		} {
			t.Run(fmt.Sprintf("instant_kill_takes %d, %d kills", o, kills), func(t *testing.T) {
				a := []rearrank.Attack{{Count: dice.ConstExpr(kills), Strength: 10, InstantKill: true, Target: rf}}
				res, _ := resolve(t, mustUnit(t, spec(o)), a, sixes(kills)...)
				after := au(res.After)
				got := [...]int{after.Count(unit.RankAndFile), after.Count(unit.Musician), after.Count(unit.Champion), carried(res.After), res.Tally.Wounds}
				if got != [...]int{want.ordinary, want.musician, want.champion, want.carried, want.wounds} {
					t.Errorf("ordinary, musician, champion, carried, wounds = %v, want %v:\n%s", got, want, logText(res))
				}
			})
		}
	}
	// Over every die: three instant kills hitting on 4+, S3 v T3 wounding
	// on 4+, so K kills of three with chance 1/4 each: P(K=1) = 27/64,
	// P(K=2) = 9/64, P(K=3) = 1/64, worth 1, 3 and 5 as above:
	// (27 + 27 + 5)/64 = 59/64 (where fresh_model was read, they were
	// worth 2, 4 and 5: 95/64).
	for _, o := range []rules.InstantKillTake{rules.MostDamaged, rules.FreshModel} {
		a := []rearrank.Attack{{Count: dice.ConstExpr(3), Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 3, InstantKill: true, Target: rf}}
		got := expectation(t, mustUnit(t, spec(o)), a, nil, func(r *referee.Result) int { return r.Tally.Wounds })
		if got.Cmp(big.NewRat(59, 64)) != 0 {
			t.Errorf("instant_kill_takes %d: mean wounds %s, want 59/64", o, got.RatString())
		}
	}
}

// TestKillingAndCleavingBlowOwnScores: killing_blow 6+ and cleaving_blow
// 5+ each fire on their own natural score (RULES.md 22.3, 22.18). Two
// automatic hits in close combat, S4 v T4, Multiple Wounds 2, on W3
// infantry with armour 3+ and Regeneration 4+: the to-wound 6 is a
// Killing Blow (the model loses its 3 Wounds), the 5 a Cleaving Blow (no
// armour, no Regeneration, its 2 Wounds land): no other die is rolled,
// 1 casualty and 5 Wounds for combat result.
func TestKillingAndCleavingBlowOwnScores(t *testing.T) {
	s := unit.Spec{Ruleset: rules.TOW, Models: 3, Profile: unit.Profile{TroopType: rules.Infantry, W: 3, T: 4,
		Save: rules.SaveProfile{ArmourSave: target("3+")}, Specials: rules.SpecialSaves{Regeneration: target("4+")}}}
	a := rearrank.Attack{Count: dice.ConstExpr(2), Phase: rules.Melee, Strength: 4, MultipleWounds: dice.ConstExpr(2),
		KillingBlow: rules.NaturalSix, CleavingBlow: 5, Target: rf}
	if err := a.Validate(rules.TOW); err != nil {
		t.Fatalf("killing_blow 6+ and cleaving_blow 5+: %v, want them accepted", err)
	}
	res, r := resolve(t, mustUnit(t, s), []rearrank.Attack{a}, 6, 5)
	log := logText(res)
	for _, want := range []string{
		"natural 6 to wound: Killing Blow, no armour or Regeneration save",
		"natural 5 to wound: Cleaving Blow, no armour or Regeneration save",
		"unsaved wound 1 of 1 is a Cleaving Blow: no Regeneration",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	if res.Tally.Casualties != 1 || res.Tally.Wounds != 5 || r.Remaining() != 0 {
		t.Errorf("%d casualties, %d Wounds, %d dice left; want 1, 5 and 0:\n%s", res.Tally.Casualties, res.Tally.Wounds, r.Remaining(), log)
	}
}
