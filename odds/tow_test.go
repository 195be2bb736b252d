package odds

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The worked examples of RULES.md 22.15 that are about odds, through Exact
// and Enumerate alike.

func TestE156E172Handguns(t *testing.T) { // RULES.md 22.15
	u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 20, Frontage: 5, Profile: unit.Profile{W: 1, T: 3,
		Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true}}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(20), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 3, Modifier: -1}, Strength: 4, AP: 1, Target: rf}}
	res := both(t, u, a)
	// 5+ to hit (1/3), 3+ to wound (2/3), light+shield 5+ at AP -1 is 6+ (fails 5/6)
	wantRat(t, "per shot", res.Stages[0].Unsaved, "5/27")
	wantRat(t, "expected casualties", res.Casualties.Mean(), "100/27")

	// E156: S4 AP 0 crossbow against the same: 5+ (whfb8 6+)
	a[0].AP = 0
	wantRat(t, "E156 armour fails", both(t, u, a).Stages[0].ArmourFailed, "2/3")
}

func TestE158HalberdAndGreatWeapon(t *testing.T) { // RULES.md 22.15
	u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 5, Profile: unit.Profile{W: 2, T: 4,
		Save: rules.SaveProfile{Armour: rules.PlateArmour, Shield: true}, Specials: rules.SpecialSaves{Ward: target("5+")}}})
	for _, c := range []struct {
		name   string
		ap     int
		armour string
	}{
		{"halberd AP -1: 4+", 1, "1/2"},
		{"great weapon AP -2: 5+", 2, "2/3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := both(t, u, []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 4, AP: c.ap, Target: rf}})
			wantRat(t, "armour fails", res.Stages[0].ArmourFailed, c.armour)
			wantRat(t, "ward fails (untouched by AP)", res.Stages[0].SpecialFailed, "2/3")
		})
	}
}

func TestE163E175Poison(t *testing.T) { // RULES.md 22.15
	toughness4 := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 5, Profile: unit.Profile{W: 1, T: 4}})
	auto := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 5, Options: rules.Options{PoisonedAttacks: rules.PoisonAutoWound},
		Profile: unit.Profile{W: 1, T: 4}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 3, Poison: rules.NaturalSix, Target: rf}}
	wantRat(t, "E163 plus_two", both(t, toughness4, a).Stages[0].Unsaved, "2/9")
	wantRat(t, "E163 auto_wound", both(t, auto, a).Stages[0].Unsaved, "5/18")

	// E175: a BS1 shot at -1 is a 6 then 4+ (1/12); poison never applies
	// under the 7+ procedure, so S3 v T4 wounds on 5+ as usual.
	shot := []rearrank.Attack{{Count: dice.ConstExpr(1), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 1, Modifier: -1}, Strength: 3, Poison: rules.NaturalSix, Target: rf}}
	wantRat(t, "E175 BS1 at -1", both(t, auto, shot).Stages[0].Unsaved, "1/36")
	// E175: a BS3 shot, S1 v T7 (too tough)
	tough := func(o rules.Options) *alloc.Unit {
		return mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 5, Options: o, Profile: unit.Profile{W: 1, T: 7}})
	}
	bs3 := []rearrank.Attack{{Count: dice.ConstExpr(1), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 3}, Strength: 1, Poison: rules.NaturalSix, Target: rf}}
	wantRat(t, "E175 plus_two: no wound", both(t, tough(rules.Options{}), bs3).Unsaved.Mean(), "0")
	wantRat(t, "E175 auto_wound", both(t, tough(rules.Options{PoisonedAttacks: rules.PoisonAutoWound}), bs3).Unsaved.Mean(), "1/6")
	wantRat(t, "E175 too_tough_blocks_poison", both(t, tough(rules.Options{PoisonedAttacks: rules.PoisonAutoWound, TooToughBlocksPoison: true}), bs3).Unsaved.Mean(), "0")
}

func TestE173Parry(t *testing.T) { // RULES.md 22.15
	u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 20, Frontage: 5, Profile: unit.Profile{W: 1, T: 3, WS: 3,
		Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true, Parry: true}}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(10), Hit: rearrank.HitSpec{WS: 3}, Strength: 3, Target: rf}}
	res := both(t, u, a)
	wantRat(t, "per attack (whfb8 E87: 1/6)", res.Stages[0].Unsaved, "1/8")
	wantRat(t, "expected casualties", res.Casualties.Mean(), "5/4")
}

func TestE161KillingBlow(t *testing.T) { // RULES.md 22.15
	three := rules.SaveProfile{ArmourSave: target("3+")}
	for _, c := range []struct {
		name     string
		p        unit.Profile
		unsaved  string // per attack
		wounds   string // expected Wounds
		noKB     string
		meleeOff bool
	}{
		{"heavy cavalry W1", unit.Profile{TroopType: rules.HeavyCavalry, W: 1, T: 3, WS: 4, Save: three}, "5/36", "5/36", "1/12", false},
		{"cavalry W1 (light cavalry)", unit.Profile{TroopType: rules.Cavalry, W: 1, T: 3, WS: 4, Save: three}, "5/36", "5/36", "1/12", false},
		{"monstrous cavalry W3", unit.Profile{TroopType: rules.MonstrousCavalry, W: 3, T: 3, WS: 4, Save: three}, "5/36", "11/36", "1/12", false},
		{"monster W3: Killing Blow inert", unit.Profile{TroopType: rules.Monster, W: 3, T: 3, WS: 4, Save: three}, "1/12", "1/12", "1/12", false},
		{"cavalry with ward 5+", unit.Profile{TroopType: rules.Cavalry, W: 1, T: 3, WS: 4, Save: three, Specials: rules.SpecialSaves{Ward: target("5+")}}, "5/54", "5/54", "1/18", false},
		{"shooting: the blow does nothing (22.17)", unit.Profile{TroopType: rules.Cavalry, W: 1, T: 3, WS: 4, Save: three}, "1/12", "1/12", "1/12", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 3, Profile: c.p})
			a := []rearrank.Attack{{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{WS: 4}, Strength: 3, KillingBlow: rules.NaturalSix, Target: rf}}
			if c.meleeOff {
				a[0].Phase, a[0].Hit = rules.Shooting, rearrank.HitSpec{Need: target("4+")}
			}
			res := both(t, u, a)
			wantRat(t, "unsaved per attack", res.Stages[0].Unsaved, c.unsaved)
			wantRat(t, "expected Wounds", res.Wounds.Mean(), c.wounds)
			a[0].KillingBlow = 0
			wantRat(t, "without Killing Blow", both(t, u, a).Stages[0].Unsaved, c.noKB)
		})
	}
}

func TestTowMonsterSlayerAndCleavingBlow(t *testing.T) { // RULES.md 22.3, 22.7, 22.17
	// As E161: WS4 v WS4 (1/2), S3 v T3 (4+), target 3+. A blow fires on
	// the natural 6 (1/6) with no armour save: unsaved per attack
	// 1/2 x (1/6 + 2/6 x 1/3) = 5/36, against 1/12 where it is inert.
	three := rules.SaveProfile{ArmourSave: target("3+")}
	for _, c := range []struct {
		name     string
		p        unit.Profile
		slayer   bool // Monster Slayer, else Cleaving Blow
		mw       int
		unsaved  string // per attack
		wounds   string // expected Wounds
		meleeOff bool
	}{
		// Monster Slayer takes the monster's 3 Wounds: 1/2 x (1/6 x 3 + 2/6 x 1/3) = 11/36.
		{"Monster Slayer, monster W3", unit.Profile{TroopType: rules.Monster, W: 3, T: 3, WS: 4, Save: three}, true, 1, "5/36", "11/36", false},
		{"Monster Slayer inert on cavalry", unit.Profile{TroopType: rules.Cavalry, W: 1, T: 3, WS: 4, Save: three}, true, 1, "1/12", "1/12", false},
		{"Monster Slayer outside melee (22.17)", unit.Profile{TroopType: rules.Monster, W: 3, T: 3, WS: 4, Save: three}, true, 1, "1/12", "1/12", true},
		// Cleaving Blow: one Wound, no armour.
		{"Cleaving Blow, cavalry W1", unit.Profile{TroopType: rules.Cavalry, W: 1, T: 3, WS: 4, Save: three}, false, 1, "5/36", "5/36", false},
		{"Cleaving Blow inert on monstrous cavalry", unit.Profile{TroopType: rules.MonstrousCavalry, W: 3, T: 3, WS: 4, Save: three}, false, 1, "1/12", "1/12", false},
		{"Cleaving Blow inert on a monster", unit.Profile{TroopType: rules.Monster, W: 3, T: 3, WS: 4, Save: three}, false, 1, "1/12", "1/12", false},
		// It keeps the attack's Multiple Wounds (2) on W3 infantry: 5/36 x 2.
		{"Cleaving Blow keeps MW 2", unit.Profile{TroopType: rules.Infantry, W: 3, T: 3, WS: 4, Save: three}, false, 2, "5/36", "5/18", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 3, Profile: c.p})
			a := []rearrank.Attack{{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{WS: 4}, Strength: 3, Target: rf}}
			if c.mw > 1 {
				a[0].MultipleWounds = dice.ConstExpr(c.mw)
			}
			if c.slayer {
				a[0].MonsterSlayer = rules.NaturalSix
			} else {
				a[0].CleavingBlow = rules.NaturalSix
			}
			if c.meleeOff {
				a[0].Phase, a[0].Hit = rules.Shooting, rearrank.HitSpec{Need: target("4+")}
			}
			res := both(t, u, a)
			wantRat(t, "unsaved per attack", res.Stages[0].Unsaved, c.unsaved)
			wantRat(t, "expected Wounds", res.Wounds.Mean(), c.wounds)
		})
	}
}

func TestE162ArmourBane(t *testing.T) { // RULES.md 22.15
	// S4 AP 0 v T4 heavy armour and shield (4+), per hit: 4+ to wound; a
	// natural 6 with Armour Bane (2) is saved on 6+ only:
	// 2/6 x 1/2 + 1/6 x 5/6 = 11/36 (1/4 without).
	u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 5, Profile: unit.Profile{W: 1, T: 4,
		Save: rules.SaveProfile{Armour: rules.HeavyArmour, Shield: true}}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 4, ArmourBane: 2, Target: rf}}
	wantRat(t, "unsaved per hit", both(t, u, a).Stages[0].Unsaved, "11/36")
	a[0].ArmourBane = 0
	wantRat(t, "without Armour Bane", both(t, u, a).Stages[0].Unsaved, "1/4")
}

// nearExact checks that a seeded Monte Carlo run agrees with the exact
// result within 4 standard errors.
func nearExact(t *testing.T, u *alloc.Unit, a []rearrank.Attack, exact *Result) {
	t.Helper()
	const samples = 20_000
	mc, err := MonteCarlo(t.Context(), pub(u), a, Config{Samples: samples, Seed: 22})
	if err != nil {
		t.Fatal(err)
	}
	agreeWithin4SE(t, exact, mc, samples)
}

func TestE159RegenerationAfterWard(t *testing.T) { // RULES.md 22.15
	// No armour, ward 5+, Regeneration 4+; one attack that hits
	// automatically and wounds on 4+ (S3 v T3). The ward fails 2/3 and the
	// wound counts (unsaved, 22.17); Regeneration then keeps the Wound lost
	// 1/2: a casualty 1/2 x 2/3 x 1/2 = 1/6. whfb8 rolls one save, the
	// better Regeneration 4+: 1/2 x 1/2 = 1/4.
	spec := func(rs rules.Ruleset) *alloc.Unit {
		return mustUnit(t, unit.Spec{Ruleset: rs, Models: 2, Profile: unit.Profile{W: 1, T: 3,
			Specials: rules.SpecialSaves{Ward: target("5+"), Regeneration: target("4+")}}})
	}
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 3, Target: rf}}
	tow := both(t, spec(rules.TOW), a)
	wantRat(t, "tow: unsaved (counted for combat result)", tow.Unsaved.Mean(), "1/3")
	wantRat(t, "tow: Wounds caused", tow.Wounds.Mean(), "1/3")
	wantRat(t, "tow: the Wound stays lost", tow.Casualties.Mean(), "1/6")
	nearExact(t, spec(rules.TOW), a, tow)
	wantRat(t, "whfb8: one roll at 4+", both(t, spec(rules.WHFB8), a).Casualties.Mean(), "1/4")
}

func TestE160FlamingTrolls(t *testing.T) { // RULES.md 22.15, 22.6
	// Three Trolls W3 with Regeneration 4+ take six S10 hits (2+ to wound,
	// no armour), each wound a Wound that Regeneration may take back.
	// Flaming on a unit that is not flammable changes nothing: the same
	// casualties as without, mean 164375/331776, and P(>= 1 Troll removed)
	// 731875/1492992. On a flammable unit Flaming stops Regeneration: every
	// Wound stays lost, floor(wounds/3) Trolls, mean 6875/5184.
	trolls := func(flammable bool) *alloc.Unit {
		return mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 3, Frontage: 3, Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4,
			Specials: rules.SpecialSaves{Regeneration: target("4+"), Flammable: flammable}}})
	}
	six := func(flaming bool) []rearrank.Attack {
		return []rearrank.Attack{{Count: dice.ConstExpr(6), Strength: 10, Flaming: flaming, Target: rf}}
	}
	plain := both(t, trolls(false), six(false))
	wantRat(t, "Regeneration 4+: expected removed", plain.Casualties.Mean(), "164375/331776")
	flaming := both(t, trolls(false), six(true))
	if err := sameResult(flaming, plain); err != nil {
		t.Errorf("Flaming on a unit that is not flammable: %v, want the first case's odds", err)
	}
	wantRat(t, "Flaming, not flammable: P(>= 1 removed)", flaming.Casualties.AtLeast(1), "731875/1492992")
	wantRat(t, "Flaming on a flammable unit: expected removed", both(t, trolls(true), six(true)).Casualties.Mean(), "6875/5184")
}

func TestE174CharacterOnMonster(t *testing.T) { // RULES.md 22.15, 22.4
	// A character on a monster with Armoured Hide (3), mount value 4+,
	// takes 6 attacks that hit automatically and wound on 2+ (S10 v T5):
	// unsaved per attack 5/6 x P(save fails).
	for _, c := range []struct {
		name    string
		armour  rules.Armour
		ap      int
		unsaved string
	}{
		{"heavy+shield: 4+", rules.HeavyArmour, 0, "5/12"},
		{"full plate+shield: 3+", rules.PlateArmour, 0, "5/18"},
		{"full plate+shield v AP -2: 5+", rules.PlateArmour, 2, "5/9"},
		{"light+shield (5+): the mount's 4+", rules.LightArmour, 0, "5/12"},
	} {
		t.Run(c.name, func(t *testing.T) {
			lord := unit.Profile{TroopType: rules.Monster, W: 6, T: 5,
				Save: rules.SaveProfile{Armour: c.armour, Shield: true, MountArmour: target("4+")}}
			u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 5, Profile: unit.Profile{W: 1, T: 3},
				Characters: []unit.CharacterSpec{{Name: "Lord", Profile: lord, File: -1}}})
			a := []rearrank.Attack{{Count: dice.ConstExpr(6), Strength: 10, AP: c.ap, Target: unit.Target{Role: unit.Character, Name: "Lord"}}}
			res := both(t, u, a)
			wantRat(t, "unsaved per attack", res.Stages[0].Unsaved, c.unsaved)
			nearExact(t, u, a, res)
		})
	}
}

func TestTowBlowsStopRegeneration(t *testing.T) { // RULES.md 22.3, 22.6, 22.17
	// WS4 v WS4 (1/2), S4 v T4 (4+), heavy armour 5+ (fails 2/3),
	// Regeneration 4+. The blow fires on the natural 6 (1/6): no armour and
	// no Regeneration.
	regen := rules.SpecialSaves{Regeneration: target("4+")}
	t.Run("Cleaving Blow on W1", func(t *testing.T) {
		// no armour: 1/2 x (1/6 + 2/6 x 1/2) = 1/6 (1/8 if the blow rolled Regeneration)
		u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 3, Profile: unit.Profile{TroopType: rules.HeavyInfantry, W: 1, T: 4, WS: 4,
			Specials: regen}})
		a := []rearrank.Attack{{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{WS: 4}, Strength: 4, CleavingBlow: rules.NaturalSix, Target: rf}}
		wantRat(t, "casualties", walked(t, u, a).Casualties.Mean(), "1/6")
		// in a batch with an ordinary group (C24): 1/6 + 1/2 x 3/6 x 1/2 = 7/24
		b := []rearrank.Attack{a[0], {Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{WS: 4}, Strength: 4, Target: rf}}
		b[0].Batch, b[1].Batch = "v", "v"
		wantRat(t, "casualties in a batch of two", walked(t, u, b).Casualties.Mean(), "7/24")
	})
	// W2 models and Multiple Wounds 2 (which the Cleaving Blow keeps; a
	// Killing or Monster Slaying Blow takes both Wounds anyway): the model
	// dies when the blow fires (1/6), or when an ordinary wound (2/6 x 2/3)
	// keeps both Wounds lost: 1/4 per Wound lost and sequential, 1/2 per
	// unsaved wound. Casualties 1/2 x (1/6 + 2/9 x 1/4) = 1/9, and
	// 1/2 x (1/6 + 2/9 x 1/2) = 5/36.
	for _, timing := range []struct {
		name string
		t    rules.RegenTiming
		want string
	}{
		{"per_wound_lost", rules.RegenPerWoundLost, "1/9"},
		{"sequential", rules.RegenSequential, "1/9"},
		{"per_unsaved_wound", rules.RegenPerUnsavedWound, "5/36"},
	} {
		for _, blow := range []struct {
			name  string
			troop rules.TroopType
			set   func(*rearrank.Attack)
		}{
			{"Cleaving Blow", rules.HeavyInfantry, func(a *rearrank.Attack) {
				a.CleavingBlow, a.MultipleWounds = rules.NaturalSix, dice.ConstExpr(2)
			}},
			{"Killing Blow", rules.HeavyInfantry, func(a *rearrank.Attack) {
				a.KillingBlow, a.MultipleWounds = rules.NaturalSix, dice.ConstExpr(2)
			}},
			{"Monster Slayer", rules.Behemoth, func(a *rearrank.Attack) {
				a.MonsterSlayer, a.MultipleWounds = rules.NaturalSix, dice.ConstExpr(2)
			}},
		} {
			t.Run(blow.name+" "+timing.name, func(t *testing.T) {
				u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 3, Options: rules.Options{RegenerationTiming: timing.t},
					Profile: unit.Profile{TroopType: blow.troop, W: 2, T: 4, WS: 4, Save: rules.SaveProfile{Armour: rules.HeavyArmour}, Specials: regen}})
				a := []rearrank.Attack{{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{WS: 4}, Strength: 4, Target: rf}}
				blow.set(&a[0])
				wantRat(t, "casualties", walked(t, u, a).Casualties.Mean(), timing.want)
			})
		}
	}
}

func TestTowSequentialRegenerationW1(t *testing.T) { // RULES.md 22.6, 22.18, T-4
	// One hit, S4 v T4 (wounds on 4+), Multiple Wounds 2, Regeneration 4+,
	// no armour, no ward. Under sequential a W1 model takes the packet's
	// two Wounds one at a time with a roll after each (22.18): 1/2 x (1 -
	// 1/2 x 1/2) = 3/8, as a W2 model with 1 Wound left does. The default
	// caps the packet at the one Wound and rolls once: 1/2 x 1/2 = 1/4.
	for _, c := range []struct {
		name     string
		w, carry int
		timing   rules.RegenTiming
		want     string
	}{
		{"W1, sequential", 1, 0, rules.RegenSequential, "3/8"},
		{"W2 with 1 left, sequential", 2, 1, rules.RegenSequential, "3/8"},
		{"W1, per_wound_lost", 1, 0, rules.RegenPerWoundLost, "1/4"},
		{"W1, per_unsaved_wound", 1, 0, rules.RegenPerUnsavedWound, "1/4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 2, Frontage: 2, Carried: c.carry,
				Options: rules.Options{RegenerationTiming: c.timing},
				Profile: unit.Profile{W: c.w, T: 4, Specials: rules.SpecialSaves{Regeneration: target("4+")}}})
			a := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 4, MultipleWounds: expr("2"), Target: rf}}
			res := walked(t, u, a)
			wantRat(t, "P(casualty)", res.Casualties.AtLeast(1), c.want)
			wantRat(t, "expected casualties", res.Casualties.Mean(), c.want)
			nearExact(t, u, a, res)
		})
	}
	// Three W1 models, three such hits: each is a casualty with 3/8 on its
	// own, so 9/8 expected, and none of them all with (5/8)^3 = 125/512.
	u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 3, Frontage: 3, Options: rules.Options{RegenerationTiming: rules.RegenSequential},
		Profile: unit.Profile{W: 1, T: 4, Specials: rules.SpecialSaves{Regeneration: target("4+")}}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(3), Strength: 4, MultipleWounds: expr("2"), Target: rf}}
	res := walked(t, u, a)
	wantRat(t, "three hits: expected casualties", res.Casualties.Mean(), "9/8")
	wantRat(t, "three hits: P(none)", new(big.Rat).Sub(big.NewRat(1, 1), res.Casualties.AtLeast(1)), "125/512")
}

func TestTowCleavingBlowPacketOrder(t *testing.T) { // RULES.md 22.3, 22.7, 22.17; RULES-NOTES
	// Three infantry of W2, one carrying 1 damage, Regeneration 4+ per
	// Wound lost. Each attack (WS4 v WS4, S4 v T4, no armour) is an unsaved
	// packet of Multiple Wounds 2 with 1/4; the cleaver's is a Cleaving
	// Blow (no Regeneration) with 1/12 and an ordinary one with 1/6. A
	// packet lands on the damaged model (capped at 1) while it stands. A
	// Cleaving Blow keeps its packet, so a batch takes the packets as
	// listed (22.7): which group comes first changes the casualties (worked
	// with an enumerator of these rules, independent of the engine).
	u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 3, Frontage: 3, Carried: 1, Profile: unit.Profile{W: 2, T: 4, WS: 4,
		Specials: rules.SpecialSaves{Regeneration: target("4+")}}})
	axes := rearrank.Attack{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{WS: 4}, Strength: 4, MultipleWounds: dice.ConstExpr(2), Batch: "b", Target: rf}
	cleaver := axes
	cleaver.CleavingBlow = rules.NaturalSix
	wantRat(t, "axes listed first", walked(t, u, []rearrank.Attack{axes, cleaver}).Casualties.Mean(), "55/192")
	wantRat(t, "cleaver listed first", walked(t, u, []rearrank.Attack{cleaver, axes}).Casualties.Mean(), "9/32")
	// Within one group of two cleaver attacks the packets come in the
	// order of their dice (22.18): where one is a Cleaving Blow and the
	// other not, either goes first with 1/2, so the mean is halfway
	// between 31/96 (the Cleaving Blows first, as the engine took them
	// before 22.18) and 95/288 (last): 47/144.
	cleaver.Count, cleaver.Batch = dice.ConstExpr(2), ""
	wantRat(t, "one group of two cleavers", walked(t, u, []rearrank.Attack{cleaver}).Casualties.Mean(), "47/144")
}

// TestTowCleavingPacketsInDiceOrder: a group's packets come in the order
// of its dice, so a Cleaving Blow's packet (no Regeneration) and an
// ordinary one (Regeneration after damage) are taken in either order with
// 1/2 (RULES.md 22.18). One infantry model of W3, Regeneration 4+, no
// armour; two automatic hits, S4 v T4 (4, 5: an ordinary wound, 1/3; 6: a
// Cleaving Blow, 1/6), Multiple Wounds 2, each packet capped at the Wounds
// left (22.7). P(casualty), by the hits' kinds:
//
//	ordinary, ordinary (1/9): 1/2 x 1/4 + 1/4 x 1/2 = 1/4
//	Cleaving, Cleaving (1/36): 1
//	one of each (1/9): Cleaving first, the ordinary packet capped at 1
//	  Wound: 1/2; ordinary first, the Cleaving Blow kills once a Wound is
//	  kept lost: 3/4; either first with 1/2: 5/8
//
// 1/36 + 1/36 + 5/72 = 1/8; taking the Cleaving Blow first gave 1/9.
func TestTowCleavingPacketsInDiceOrder(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 1, Frontage: 1,
		Profile: unit.Profile{TroopType: rules.Infantry, W: 3, T: 4, Specials: rules.SpecialSaves{Regeneration: target("4+")}}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(2), Phase: rules.Melee, Strength: 4, MultipleWounds: dice.ConstExpr(2),
		CleavingBlow: rules.NaturalSix, Target: rf}}
	want := "1/8"
	// the referee over every die, logging (the dice order of its log)
	ref, err := walk(t, u, a, 100_000)
	if err != nil {
		t.Fatal(err)
	}
	wantRat(t, "referee over every die: P(casualty)", ref.Casualties.AtLeast(1), want)
	// the machine over every die without a log, Exact and Enumerate
	res := walked(t, u, a)
	wantRat(t, "P(casualty)", res.Casualties.AtLeast(1), want)
	if err := sameResult(res, ref); err != nil {
		t.Fatalf("Exact differs from the referee over every die: %v", err)
	}
	nearExact(t, u, a, res)
}

func TestTowArmourBaneParryAndMagic(t *testing.T) { // RULES.md 22.3, 22.4, 22.17
	// WS3 v WS3 (1/2), S3 v T3 (4+), light armour, shield and Parry in
	// close combat: 4+, and 5+ after Armour Bane (1):
	// 1/2 x (1/6 x 2/3 + 2/6 x 1/2) = 5/36 (11/72 if the bane lost Parry).
	parry := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 5, Profile: unit.Profile{W: 1, T: 3, WS: 3,
		Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true, Parry: true}}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{WS: 3}, Strength: 3, ArmourBane: 1, Target: rf}}
	wantRat(t, "Armour Bane with Parry", walked(t, parry, a).Casualties.Mean(), "5/36")

	// A spell: S4 v T4 (4+), heavy armour and shield (4+); Armour Bane (2)
	// does not fire in the magic phase: 1/2 x 1/2 = 1/4 (11/36 if it did).
	heavy := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 5, Profile: unit.Profile{W: 1, T: 4,
		Save: rules.SaveProfile{Armour: rules.HeavyArmour, Shield: true}}})
	spell := []rearrank.Attack{{Count: dice.ConstExpr(1), Phase: rules.Magic, Strength: 4, ArmourBane: 2, Target: rf}}
	wantRat(t, "Armour Bane in the magic phase", walked(t, heavy, spell).Casualties.Mean(), "1/4")
	spell[0].Phase = rules.Shooting
	wantRat(t, "Armour Bane in the shooting phase (E162)", walked(t, heavy, spell).Casualties.Mean(), "11/36")
}

func TestTowMeleeSevenPlusNoPoison(t *testing.T) { // RULES.md 22.17
	// A melee hit whose modified need is 7+ hits on a natural 6 (1/6), and
	// Poisoned Attacks do not fire on it: S3 v T3 wounds on 4+, so 1/12
	// under either poisoned_attacks (5/36 at +2 and 1/6 automatically if
	// poison fired). A need of exactly 6+ stays poisoned.
	for _, o := range []rules.Options{{}, {PoisonedAttacks: rules.PoisonAutoWound}} {
		u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 5, Options: o, Profile: unit.Profile{W: 1, T: 3, WS: 4}})
		for _, c := range []struct {
			name string
			hit  rearrank.HitSpec
			want string
		}{
			{"WS4 v WS4 at -3", rearrank.HitSpec{WS: 4, Modifier: -3}, "1/12"},
			{"to_hit 7+", rearrank.HitSpec{Need: target("7+")}, "1/12"},
			{"to_hit 6+ at -1", rearrank.HitSpec{Need: target("6+"), Modifier: -1}, "1/12"},
			{"WS4 v WS4 at -2: 6+, poisoned", rearrank.HitSpec{WS: 4, Modifier: -2}, map[bool]string{false: "5/36", true: "1/6"}[o.PoisonedAttacks == rules.PoisonAutoWound]},
		} {
			a := []rearrank.Attack{{Count: dice.ConstExpr(1), Hit: c.hit, Strength: 3, Poison: rules.NaturalSix, Target: rf}}
			wantRat(t, fmt.Sprintf("%s, poisoned_attacks %d", c.name, o.PoisonedAttacks), walked(t, u, a).Casualties.Mean(), c.want)
		}
	}
}

func TestTowHighBSRerollPoisoned(t *testing.T) { // RULES.md 22.2, 22.3, 22.14 T-6, 20.2 T1
	// BS 6-10 whose first roll needs 7+ (T-6): the first roll is the 7+
	// procedure (a 6, then 4+ at 7+, 6 at 9+) and never poisoned; a miss
	// is re-rolled once, unmodified, needing 6+ (BS6) or 4+ (BS8), and a
	// natural 6 there is a poisoned hit: it did not need 7+. S4 v T4
	// wounds on 4+, a poisoned hit at +2 on 2+.
	u := func(o rules.Options) *alloc.Unit {
		return mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 3, Options: o, Profile: unit.Profile{W: 1, T: 4}})
	}
	for _, c := range []struct {
		name         string
		bs, modifier int
		o            rules.Options
		want         string
	}{
		// 1/12 x 1/2 + 11/12 x 1/6 x 5/6 (the re-roll's 6 poisoned)
		{"BS6 at -5: 7+, then 6+", 6, -5, rules.Options{}, "73/432"},
		// 1/36 x 1/2 + 35/36 x (2/6 x 1/2 + 1/6 x 5/6)
		{"BS8 at -7: 9+, then 4+", 8, -7, rules.Options{}, "403/1296"},
		// 1/12 x 1/2 + 11/12 x 1/6 x 1 (auto_wound)
		{"BS6 at -5, auto_wound", 6, -5, rules.Options{PoisonedAttacks: rules.PoisonAutoWound}, "7/36"},
		// control, no 7+: 1/6 x 5/6 + 5/6 x (2/6 x 1/2 + 1/6 x 5/6)
		{"BS8 at -4: 6+, then 4+", 8, -4, rules.Options{}, "85/216"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := []rearrank.Attack{{Count: dice.ConstExpr(1), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: c.bs, Modifier: c.modifier},
				Strength: 4, Poison: rules.NaturalSix, Target: rf}}
			wantRat(t, "unsaved per shot", walked(t, u(c.o), a).Stages[0].Unsaved, c.want)
		})
	}
	// Battle Focus reads the same faces: the 7+ procedure's first 6 (when
	// it hits) and the re-roll's 6, so every hit here is two: S10 v T4
	// wounds on 2+, 2 x (1/12 + 11/12 x 1/6) x 5/6.
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 6, Modifier: -5},
		Strength: 10, BattleFocus: rules.NaturalSix, NoSaves: true, Target: rf}}
	wantRat(t, "Battle Focus casualties", walked(t, u(rules.Options{}), a).Casualties.Mean(), "85/216")
}

func TestTowHighBSRerollOfSuccesses(t *testing.T) { // RULES.md 22.2, 22.18, 20.1 U1
	// BS 6-10 with reroll_hit: successes imposed: a first roll that hit is
	// re-rolled against its own need and the second result stands; a miss
	// has the built-in re-roll only when no die of it was re-rolled. Under
	// the 7+ procedure (BS6 at -5: a 6, then 4+; the re-roll 6+) the
	// re-roll of a success follows seven_plus_reroll. S3 v T3 wounds on
	// 4+, no saves. The shooter's own grants add nothing (22.17).
	all := rules.RerollFailed | rules.RerollOnes | rules.RerollSuccesses
	for _, c := range []struct {
		name         string
		bs, modifier int
		rr           rules.Reroll
		o            rules.SevenPlusReroll
		hit          string
	}{
		{"BS6 successes", 6, 0, rules.RerollSuccesses, rules.EachDie, "13/18"}, // 5/6 x 5/6 + 1/6 x 1/6
		{"BS6 all", 6, 0, all, rules.EachDie, "13/18"},
		{"BS6 failed", 6, 0, rules.RerollFailed, rules.EachDie, "31/36"}, // E153
		{"BS6 ones", 6, 0, rules.RerollOnes, rules.EachDie, "31/36"},
		{"BS6 at -5 none", 6, -5, 0, rules.EachDie, "17/72"},                              // 1/12 + 11/12 x 1/6
		{"BS6 at -5 each_die", 6, -5, rules.RerollSuccesses, rules.EachDie, "7/48"},       // 1/36 x 1/4 + 5/6 x 1/6
		{"BS6 at -5 failing_die", 6, -5, rules.RerollSuccesses, rules.FailingDie, "7/36"}, // 1/6 x 1/4 + 11/12 x 1/6
		{"BS6 at -5 whole_roll", 6, -5, rules.RerollSuccesses, rules.WholeRoll, "23/144"}, // 1/12 x 1/12 + 11/12 x 1/6
		{"BS6 at -5 failing_die, all", 6, -5, all, rules.FailingDie, "7/36"},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 5, Options: rules.Options{SevenPlusReroll: c.o}, Profile: unit.Profile{W: 1, T: 3}})
			shots := func(n int) []rearrank.Attack {
				return []rearrank.Attack{{Count: dice.ConstExpr(n), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: c.bs, Modifier: c.modifier},
					Strength: 3, NoSaves: true, RerollHit: c.rr, Target: rf}}
			}
			res := walked(t, u, shots(1))
			wantRat(t, "P(hit)", res.Stages[0].Hit, c.hit)
			p := new(big.Rat).Mul(mustRat(c.hit), big.NewRat(1, 2))
			wantRat(t, "unsaved per shot", res.Stages[0].Unsaved, p.RatString())
			// two shots, walked die by die: independent, in 20.1's dice order
			res = walked(t, u, shots(2))
			for k := range 3 {
				wantRat(t, fmt.Sprintf("P(%d unsaved of 2)", k), res.Unsaved.P[k], binomial(2, k, p).RatString())
			}
			monteCarloNear(t, u, shots(2), res)
		})
	}
}

func TestTowInstantKillsIgnoreInstantKillTakes(t *testing.T) { // RULES.md 22.7, 22.17, 22.18
	// 3 Ogres W3, the pool carrying 2; one automatic S10 hit wounds T4 on
	// 2+ (5/6). A Killing Blow (the 6) takes the damaged Ogre, the model
	// now losing Wounds, whatever instant_kill_takes says: worth 1, as an
	// ordinary wound (2-5) that finishes it. Wounds 5/6 (7/6 if the blow
	// took a fresh Ogre). An instant_kill does the same: the kill takes
	// the damaged Ogre, worth 1: 5/6 (5/2 where fresh_model was read).
	for _, o := range []rules.InstantKillTake{rules.MostDamaged, rules.FreshModel} {
		u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 3, Frontage: 3, Carried: 2, Options: rules.Options{InstantKillTakes: o},
			Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4}})
		blow := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 10, KillingBlow: rules.NaturalSix, Target: rf}}
		wantRat(t, fmt.Sprintf("Killing Blow, instant_kill_takes %d", o), walked(t, u, blow).Wounds.Mean(), "5/6")
		kill := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 10, InstantKill: true, Target: rf}}
		wantRat(t, fmt.Sprintf("instant_kill, instant_kill_takes %d", o), walked(t, u, kill).Wounds.Mean(), "5/6")
	}
}

// TestTowInstantKillsTakeModelNowLosing: Exact agrees with the referee
// walked over every die on a small tow unit with damage, a champion and
// instant kills (RULES.md 22.7, 11.4, 22.18). Four W2 infantry: two
// ordinary models (the pool carrying 1), a musician and a champion who
// lost 1 Wound of his own. Each of three instant_kill attacks hits on 4+
// and wounds S3 v T3 on 4+: a kill with chance 1/4, so K kills of three
// with P(K=1) = 27/64, P(K=2) = 9/64, P(K=3) = 1/64. The kills take the
// damaged ordinary model (worth 1), the fresh one (2), then the musician
// (2), never the champion while another model of the pool stands: wounds
// 1, 3 and 5, a mean of (27 + 27 + 5)/64 = 59/64 under either value of
// instant_kill_takes (where fresh_model was read: 2, 4 and 5, 95/64).
func TestTowInstantKillsTakeModelNowLosing(t *testing.T) {
	for _, o := range []rules.InstantKillTake{rules.MostDamaged, rules.FreshModel} {
		u := mustUnit(t, unit.Spec{Ruleset: rules.TOW, Models: 4, Profile: unit.Profile{TroopType: rules.Infantry, W: 2, T: 3},
			Command: []unit.Role{unit.Musician, unit.Champion}, ChampionDamage: 1, Carried: 1, Options: rules.Options{InstantKillTakes: o}})
		a := []rearrank.Attack{{Count: dice.ConstExpr(3), Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 3, InstantKill: true, Target: rf}}
		res := walked(t, u, a)
		name := fmt.Sprintf("instant_kill_takes %d", o)
		wantRat(t, name+": mean wounds", res.Wounds.Mean(), "59/64")
		wantRat(t, name+": P(wounds 1)", res.Wounds.P[1], "27/64")
		wantRat(t, name+": P(wounds 3)", res.Wounds.P[3], "9/64")
		wantRat(t, name+": P(wounds 5)", res.Wounds.P[5], "1/64")
		wantRat(t, name+": mean casualties", res.Casualties.Mean(), "3/4")
	}
}

// TestTowPacketKindsEqualReferee: groups whose packets differ in their
// Regeneration after damage (tow Cleaving Blows beside ordinary wounds,
// Multiple Wounds, RULES.md 22.18) - resolved a hit at a time by the odds
// where they can, their wounds kept in the order of their dice where they
// cannot (internal/engine, order.go) - give exactly what the logging
// referee gives over every die, which takes the packets in the order of
// its log; and Monte Carlo, which rolls the dice as the referee does,
// agrees.
func TestTowPacketKindsEqualReferee(t *testing.T) {
	regen := rules.SpecialSaves{Regeneration: target("4+")}
	inf := func(w int, save rules.SaveProfile, sp rules.SpecialSaves) unit.Profile {
		return unit.Profile{TroopType: rules.Infantry, W: w, T: 3, WS: 3, Save: save, Specials: sp}
	}
	// automatic hits, S4 v T3: 1-2 fail, 3-5 an ordinary wound, 6 a
	// Cleaving Blow; packets of 2
	atk := func(n int, mod func(*rearrank.Attack)) rearrank.Attack {
		a := rearrank.Attack{Count: dice.ConstExpr(n), Phase: rules.Melee, Strength: 4, MultipleWounds: dice.ConstExpr(2),
			CleavingBlow: rules.NaturalSix, Target: rf}
		if mod != nil {
			mod(&a)
		}
		return a
	}
	light := rules.SaveProfile{Armour: rules.LightArmour, Reroll: rules.RerollFailed}
	for _, c := range []struct {
		name    string
		spec    unit.Spec
		attacks []rearrank.Attack
	}{
		{"three hits on W2", unit.Spec{Ruleset: rules.TOW, Models: 3, Profile: inf(2, rules.SaveProfile{}, regen)}, []rearrank.Attack{atk(3, nil)}},
		{"D3 packets, to hit 4+", unit.Spec{Ruleset: rules.TOW, Models: 2, Profile: inf(2, rules.SaveProfile{}, regen)},
			[]rearrank.Attack{atk(3, func(a *rearrank.Attack) { a.Hit.Need = target("4+"); a.MultipleWounds = expr("D3") })}},
		{"re-rolled armour and a ward", unit.Spec{Ruleset: rules.TOW, Models: 2,
			Profile: inf(3, light, rules.SpecialSaves{Regeneration: target("4+"), Ward: target("5+")})}, []rearrank.Attack{atk(3, nil)}},
		{"re-rolled wounds, sequential Regeneration on W1", unit.Spec{Ruleset: rules.TOW, Models: 3,
			Options: rules.Options{RegenerationTiming: rules.RegenSequential}, Profile: inf(1, rules.SaveProfile{}, regen)},
			[]rearrank.Attack{atk(3, func(a *rearrank.Attack) { a.RerollWound = rules.RerollFailed })}},
		{"poisoned hits wound automatically", unit.Spec{Ruleset: rules.TOW, Models: 2,
			Options: rules.Options{PoisonedAttacks: rules.PoisonAutoWound}, Profile: inf(2, rules.SaveProfile{}, regen)},
			[]rearrank.Attack{atk(3, func(a *rearrank.Attack) { a.Hit.Need = target("4+"); a.Poison = rules.NaturalSix })}},
		{"poisoned hits at +2, re-rolled wounds", unit.Spec{Ruleset: rules.TOW, Models: 2, Profile: inf(2, rules.SaveProfile{}, regen)},
			[]rearrank.Attack{atk(3, func(a *rearrank.Attack) {
				a.Hit.Need, a.Poison, a.RerollWound = target("4+"), rules.NaturalSix, rules.RerollOnes
			})}},
		{"a Killing Blow beside Cleaving Blows", unit.Spec{Ruleset: rules.TOW, Models: 3, Profile: inf(2, rules.SaveProfile{}, regen)},
			[]rearrank.Attack{atk(3, func(a *rearrank.Attack) { a.KillingBlow, a.CleavingBlow = rules.NaturalSix, rules.Trigger(5) })}},
		{"a batch of two groups", unit.Spec{Ruleset: rules.TOW, Models: 2, Profile: inf(2, rules.SaveProfile{}, regen)},
			[]rearrank.Attack{atk(2, func(a *rearrank.Attack) { a.Batch = "b" }), atk(1, func(a *rearrank.Attack) { a.Batch, a.CleavingBlow = "b", 0 })}},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := mustUnit(t, c.spec)
			for i := range c.attacks {
				if err := c.attacks[i].Validate(rules.TOW); err != nil {
					t.Fatalf("attack group %d: %v", i+1, err)
				}
			}
			ref, err := walkLogged(u, c.attacks, 2_000_000)
			if err != nil {
				t.Fatal(err)
			}
			got := both(t, u, c.attacks)
			if err := sameResult(got, ref); err != nil {
				t.Fatalf("Exact (%s) differs from the logging referee over every die: %v", got.Method, err)
			}
			nearExact(t, u, c.attacks, got)
		})
	}
}

// walkLogged is walkMachine with the referee's log: the Machine takes the
// referee's path (the dice in the log's order), over every class of faces
// of every die.
func walkLogged(u *alloc.Unit, attacks []rearrank.Attack, limit int) (*Result, error) {
	log := func(rearrank.Event) {}
	return walkSteps(u, attacks, limit, func(m *engine.Machine, r *pathRoller) error { return m.Step(r, log) })
}
