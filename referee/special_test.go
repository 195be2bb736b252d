package referee_test

import (
	"math/big"
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The worked examples of RULES.md 20.10 (special rules), through the whole
// pipeline, with the exact fractions 20.10 gives.

// hitChance is the exact chance that one attack of a hits a fresh model of
// the spec, from the tests the referee rolls.
func hitChance(t *testing.T, s unit.Spec, a rearrank.Attack) *big.Rat {
	t.Helper()
	c, err := engine.StageChances(au(mustUnit(t, single(s))), a)
	if err != nil {
		t.Fatal(err)
	}
	return c.Hit
}

func TestE109ModifiersClampToHit(t *testing.T) { // RULES.md 20.4, 20.10 E109
	for _, rs := range []rules.Ruleset{rules.WHFB8, rules.T9A} {
		s := unit.Spec{Ruleset: rs, Profile: unit.Profile{W: 1, T: 3}}
		melee := rearrank.Attack{Phase: rules.Melee, Hit: rearrank.HitSpec{Need: target("4+"), Modifier: -3}, Strength: 3, Target: rf}
		wantRat(t, rs.String()+" melee 4+ with -3 (6+)", hitChance(t, s, melee), "1/6")
		bs := 3
		if rules.For(rs).BSTarget {
			bs = 4 // t9a writes the target number: BS3 is aim 4+
		}
		shoot := rearrank.Attack{Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: bs, Modifier: -3}, Strength: 3, Target: rf}
		wantRat(t, rs.String()+" shooting BS3 with -3 (needs 7)", hitChance(t, s, shoot), "1/12")
		plus := rearrank.Attack{Phase: rules.Melee, Hit: rearrank.HitSpec{Need: target("3+"), Modifier: 2}, Strength: 3, Target: rf}
		wantRat(t, rs.String()+" 3+ with +2 (2+)", hitChance(t, s, plus), "5/6")
	}
	// 20.13: the melee clamp holds for an explicit 7+ too; magic uses the
	// shooting column (the 7+ procedure)
	s := unit.Spec{Ruleset: rules.WHFB8, Profile: unit.Profile{W: 1, T: 3}}
	wantRat(t, "melee to_hit 7+", hitChance(t, s, rearrank.Attack{Hit: rearrank.HitSpec{Need: target("7+")}, Strength: 3, Target: rf}), "1/6")
	wantRat(t, "magic to_hit 7+", hitChance(t, s, rearrank.Attack{Phase: rules.Magic, Hit: rearrank.HitSpec{Need: target("7+")}, Strength: 3, Target: rf}), "1/12")
}

func TestE110WoundModifier(t *testing.T) { // RULES.md 20.4, 20.10 E110
	tests := []struct {
		name string
		rs   rules.Ruleset
		s, t int
		mod  int
		want string // the chance that one automatic hit wounds
	}{
		{"whfb8 S3 v T5 -1: no roll", rules.WHFB8, 3, 5, -1, "0"},
		{"t9a S3 v Res5 -1: 6+", rules.T9A, 3, 5, -1, "1/6"},
		{"whfb8 S3 v T7 +1: no roll", rules.WHFB8, 3, 7, 1, "0"},
		{"whfb8 S4 v T3 +2: 2+", rules.WHFB8, 4, 3, 2, "5/6"},
		{"t9a S4 v Res3 +2: 2+", rules.T9A, 4, 3, 2, "5/6"},
		{"battleaxe S4 v T4 -1: 5+", rules.Battleaxe, 4, 4, -1, "1/3"},
		{"skirmish S3 v T3 +1: 3+", rules.Skirmish, 3, 3, 1, "2/3"},
	}
	for _, tt := range tests {
		s := unit.Spec{Ruleset: tt.rs, Profile: unit.Profile{W: 1, T: tt.t}}
		a := rearrank.Attack{Strength: tt.s, WoundModifier: tt.mod, Target: rf}
		wantRat(t, tt.name, unsavedChance(t, s, a), tt.want)
	}
	// t9a1-ru follows the classic row whatever its to_wound chart (20.13)
	s := unit.Spec{Ruleset: rules.T9A1RU, Options: rules.Options{ToWound: rules.T9AToWound}, Profile: unit.Profile{W: 1, T: 5}}
	wantRat(t, "t9a1-ru t9a chart S3 v T5 -1", unsavedChance(t, s, rearrank.Attack{Strength: 3, WoundModifier: -1, Target: rf}), "0")
}

func TestMultipleHitsEachRollToWound(t *testing.T) { // RULES.md 20.3
	// one attack hitting on 4+, D3 hits, each wounding on 4+ (S3 v T3), no
	// saves: E[wounds] = 1/2 x 2 x 1/2 = 1/2; P(3 wounds) = 1/2 x 1/3 x 1/8
	s := unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: unit.Profile{W: 1, T: 3}}
	u := mustUnit(t, s)
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 3, MultipleHits: expr("D3"), Target: rf}}
	mean := new(big.Rat)
	exhaust(t, u, a, nil, func(r *referee.Result, p *big.Rat) {
		mean.Add(mean, new(big.Rat).Mul(p, big.NewRat(int64(r.Tally.Unsaved), 1)))
	})
	wantRat(t, "E[wounds]", mean, "1/2")
	wantRat(t, "P(3 wounds)", probability(t, u, a, nil, func(r *referee.Result) bool { return r.Tally.Unsaved == 3 }), "1/48")
	// automatic hits are multiplied too, by a constant without dice
	auto := []rearrank.Attack{{Count: dice.ConstExpr(2), Strength: 3, MultipleHits: expr("2"), Target: rf}}
	mean = new(big.Rat)
	exhaust(t, u, auto, nil, func(r *referee.Result, p *big.Rat) {
		mean.Add(mean, new(big.Rat).Mul(p, big.NewRat(int64(r.Tally.Unsaved), 1)))
	})
	wantRat(t, "E[wounds] of 2 automatic hits x2", mean, "2")
}

func TestE111MultipleHitsPackets(t *testing.T) { // RULES.md 20.3, 20.10 E111
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 10, MultipleHits: expr("2"), MultipleWounds: expr("D3"), Target: rf}}
	// two to-wound 6s, no saves, Multiple Wounds rolling 2 then 3
	res, _ := resolve(t, mustUnit(t, ogres(rules.Battleaxe, 3)), a, 6, 6, 2, 3)
	if got := res.After.Size(); got != 2 || res.Tally.Wounds != 5 || damaged(res.After) != 1 {
		t.Errorf("battleaxe: %d Ogres (%s), CR %d; want 2 Ogres, one with 2 damage, CR 5", got, au(res.After).DrawDamage(), res.Tally.Wounds)
	}
	res, _ = resolve(t, mustUnit(t, ogres(rules.WHFB8, 3)), a, 6, 6, 2, 3)
	if got := res.After.Size(); got != 2 || res.Tally.Wounds != 5 || carried(res.After) != 2 {
		t.Errorf("whfb8: %d Ogres, CR %d, carried %d; want 2 Ogres, CR 5, 2 carried", got, res.Tally.Wounds, carried(res.After))
	}
}

func TestMultipleHitsSkirmish(t *testing.T) { // RULES.md 20.3, 6.2
	// WS3 v WS3 (4+), two hits, each S3 v T3 (4+): E[unsaved] = 1/2 x 2 x 1/2
	s := unit.Spec{Ruleset: rules.Skirmish, Models: 1, Profile: unit.Profile{W: 3, T: 3, WS: 3}}
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{WS: 3}, Strength: 3, MultipleHits: expr("2"), Target: rf}}
	mean := new(big.Rat)
	exhaust(t, mustUnit(t, s), a, nil, func(r *referee.Result, p *big.Rat) {
		mean.Add(mean, new(big.Rat).Mul(p, big.NewRat(int64(r.Tally.Unsaved), 1)))
	})
	wantRat(t, "E[unsaved]", mean, "1/2")
}

// savedChance is the exact chance that a wound of a on a fresh model of the
// spec is saved, from the referee over every die: 1 - P(unsaved)/P(wound).
func savedChance(t *testing.T, s unit.Spec, a rearrank.Attack) *big.Rat {
	t.Helper()
	c, err := engine.StageChances(au(mustUnit(t, single(s))), a)
	if err != nil {
		t.Fatal(err)
	}
	u := unsavedChance(t, s, a)
	return new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Quo(u, c.Wound))
}

func TestE92OwnArmourRerolls(t *testing.T) { // RULES.md 20.1, 20.10 E92
	prof := func(a rules.Armour, bonus int, rr rules.Reroll) unit.Spec {
		return unit.Spec{Ruleset: rules.WHFB8, Profile: unit.Profile{W: 1, T: 1,
			Save: rules.SaveProfile{Armour: a, Shield: true, SaveBonus: bonus, Reroll: rr}}}
	}
	s3 := rearrank.Attack{Strength: 3, Target: rf} // no armour modifier
	wantRat(t, "2+ re-roll ones", savedChance(t, prof(rules.PlateArmour, 1, rules.RerollOnes), s3), "35/36")
	wantRat(t, "4+ re-roll ones", savedChance(t, prof(rules.HeavyArmour, 0, rules.RerollOnes), s3), "7/12")
	wantRat(t, "4+ re-roll failed", savedChance(t, prof(rules.HeavyArmour, 0, rules.RerollFailed), s3), "3/4")
}

func TestE93ForcedWardRerolls(t *testing.T) { // RULES.md 20.1, 20.10 E93
	ward := func(n int) unit.Spec {
		return unit.Spec{Ruleset: rules.WHFB8, Profile: unit.Profile{W: 1, T: 1, Specials: rules.SpecialSaves{Ward: rules.Need(n)}}}
	}
	a := rearrank.Attack{Strength: 3, ForceRerollSpecial: true, Target: rf}
	wantRat(t, "ward 4+ forced", savedChance(t, ward(4), a), "1/4")
	wantRat(t, "ward 5+ forced", savedChance(t, ward(5), a), "1/9")
	// 10 wounds at 4+: each saved alone (the dice are independent)
	saved := new(big.Rat).Mul(savedChance(t, ward(4), a), big.NewRat(10, 1))
	wantRat(t, "expected saved of 10 wounds", saved, "5/2")
}

func TestE94DivineAttacksChooseRegeneration(t *testing.T) { // RULES.md 20.5, 20.10 E94
	s := unit.Spec{Ruleset: rules.T9A, Profile: unit.Profile{W: 1, T: 1,
		Specials: rules.SpecialSaves{Aegis: rules.Need(4), Regeneration: rules.Need(5)}}}
	divine := rearrank.Attack{Strength: 3, DivineAttacks: true, Target: rf}
	c, err := engine.StageChances(au(mustUnit(t, single(s))), divine)
	if err != nil {
		t.Fatal(err)
	}
	if c.Needs.SpecialKind != rules.Regeneration {
		t.Errorf("against Divine Attacks the model rolls %s, want Regeneration (1/3 beats Aegis's 1/4)", c.Needs.SpecialKind)
	}
	wantRat(t, "Aegis 4+ and Regeneration 5+ v divine", savedChance(t, s, divine), "1/3")
	flaming := divine
	flaming.Flaming = true
	wantRat(t, "same and flaming: Aegis", savedChance(t, s, flaming), "1/4")
	s.Profile.Specials = rules.SpecialSaves{Aegis: rules.Need(2)}
	wantRat(t, "Aegis 2+ v divine", savedChance(t, s, divine), "4/9")
}

func TestE112OwnAndImposedArmourRerolls(t *testing.T) { // RULES.md 20.1, 20.10 E112
	s := unit.Spec{Ruleset: rules.WHFB8, Profile: unit.Profile{W: 1, T: 1,
		Save: rules.SaveProfile{Armour: rules.PlateArmour, Shield: true, Reroll: rules.RerollOnes}}}
	wantRat(t, "3+ ones, forced successes", savedChance(t, s, rearrank.Attack{Strength: 3, ForceRerollArmour: true, Target: rf}), "5/9")
}

func TestE113OwnAndDivineAegis(t *testing.T) { // RULES.md 20.1, 20.10 E113
	s := unit.Spec{Ruleset: rules.T9A, Profile: unit.Profile{W: 1, T: 1,
		Specials: rules.SpecialSaves{Aegis: rules.Need(4), Reroll: rules.RerollFailed}}}
	wantRat(t, "Aegis 4+ re-roll failed v divine", savedChance(t, s, rearrank.Attack{Strength: 3, DivineAttacks: true, Target: rf}), "1/2")
}

func TestE105Hatred(t *testing.T) { // RULES.md 20.1, 20.10 E105
	s := unit.Spec{Ruleset: rules.WHFB8, Models: 10, Profile: unit.Profile{W: 1, T: 3}}
	hit4 := rearrank.HitSpec{Need: target("4+")}
	wantRat(t, "per attack with Hatred", unsavedChance(t, s, rearrank.Attack{Hit: hit4, Strength: 4, Hatred: true, Target: rf}), "1/2")
	wantRat(t, "later rounds", unsavedChance(t, s, rearrank.Attack{Hit: hit4, Strength: 4, Target: rf}), "1/3")
	if err := (rearrank.Attack{Phase: rules.Shooting, Hatred: true, Strength: 3}).Validate(rules.WHFB8); err == nil {
		t.Error("hatred on a shooting group: want an error (melee only)")
	}
}

func TestE91SevenPlusEachDie(t *testing.T) { // RULES.md 20.1, 20.10 E91 (each_die)
	s := unit.Spec{Ruleset: rules.WHFB8, Profile: unit.Profile{W: 1, T: 1}}
	shoot := rearrank.Attack{Phase: rules.Shooting, Hit: rearrank.HitSpec{Need: target("7+")}, Strength: 3, NoSaves: true, RerollHit: rules.RerollFailed, Target: rf}
	// S3 v T1 wounds on 2+: P(unsaved) = P(hit) x 5/6
	got := new(big.Rat).Quo(unsavedChance(t, s, shoot), big.NewRat(5, 6))
	wantRat(t, "each_die 11/36 x 3/4", got, "11/48")
	shoot.RerollHit = 0
	got = new(big.Rat).Quo(unsavedChance(t, s, shoot), big.NewRat(5, 6))
	wantRat(t, "no re-roll", got, "1/12")
}

func TestE104LethalStrikeReadsFinalRoll(t *testing.T) { // RULES.md 20.1, 20.10 E104
	s := unit.Spec{Ruleset: rules.T9A, Profile: unit.Profile{W: 1, T: 4, Save: rules.SaveProfile{ArmourValue: 5}}}
	a := rearrank.Attack{Strength: 3, RerollWound: rules.RerollFailed, LethalStrike: rules.NaturalSix, Target: rf}
	c, err := engine.StageChances(au(mustUnit(t, single(s))), a)
	if err != nil {
		t.Fatal(err)
	}
	wantRat(t, "wounds", c.Wound, "5/9")
	// Armour 5 is a 2+ save (5/6), which a Lethal Strike six (AP 10) loses:
	// unsaved = 5/18 + (5/9 - 5/18) x 1/6 = 35/108; reading the first die's
	// six (1/6) would give 1/6 + (5/9 - 1/6) x 1/6 = 43/216
	wantRat(t, "unsaved", unsavedChance(t, s, a), "35/108")
}

func TestRerollLogShowsBothDice(t *testing.T) { // RULES.md 20.8
	s := unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: unit.Profile{W: 1, T: 3}}
	a := []rearrank.Attack{{Count: dice.ConstExpr(2), Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 3, Hatred: true, Target: rf}}
	// to-hit 2 and 5; the re-roll of the 2 comes after both (20.1): 6;
	// to-wound 4 and 1
	res, _ := resolve(t, mustUnit(t, s), a, 2, 5, 6, 4, 1)
	log := logText(res)
	if !strings.Contains(log, "to-hit, attack 1 of 2: 2 re-rolled (Hatred): 6, hit") {
		t.Errorf("want the Hatred re-roll with both dice:\n%s", log)
	}
	if res.Tally.Unsaved != 1 {
		t.Errorf("unsaved %d, want 1:\n%s", res.Tally.Unsaved, log)
	}
}

// woundDist returns the exact distribution of unsaved wounds of attacks on
// a fresh unit of the spec, from the referee over every die.
func woundDist(t *testing.T, s unit.Spec, a []rearrank.Attack) map[int]*big.Rat {
	t.Helper()
	out := map[int]*big.Rat{}
	exhaust(t, mustUnit(t, s), a, nil, func(r *referee.Result, p *big.Rat) {
		if out[r.Tally.Unsaved] == nil {
			out[r.Tally.Unsaved] = new(big.Rat)
		}
		out[r.Tally.Unsaved].Add(out[r.Tally.Unsaved], p)
	})
	return out
}

func TestE89PoisonWithRerolledHits(t *testing.T) { // RULES.md 20.2, 20.10 E89
	s := unit.Spec{Ruleset: rules.WHFB8, Models: 10, Profile: unit.Profile{W: 1, T: 3}}
	a := rearrank.Attack{Hit: rearrank.HitSpec{Need: target("4+")}, RerollHit: rules.RerollFailed, Strength: 3, Poison: rules.NaturalSix, Target: rf}
	// P(final natural 6) 1/4; an attack wounds 1/4 + 1/2 x 1/2 = 1/2, so
	// 10 attacks make exactly 5 wounds with C(10,5)/2^10 = 63/256
	wantRat(t, "P(an attack wounds)", unsavedChance(t, s, a), "1/2")
	a.Poison = 0
	wantRat(t, "without poison", unsavedChance(t, s, a), "3/8")
}

func TestE90PoisonAtSevenPlus(t *testing.T) { // RULES.md 20.2, 20.10 E90
	for _, tt := range []struct {
		rs   rules.Ruleset
		want string
	}{{rules.WHFB8, "1/24"}, {rules.T9A, "1/12"}} {
		s := unit.Spec{Ruleset: tt.rs, Profile: unit.Profile{W: 1, T: 3}}
		a := rearrank.Attack{Phase: rules.Shooting, Hit: rearrank.HitSpec{Need: target("7+")}, Strength: 3, Poison: rules.NaturalSix, NoSaves: true, Target: rf}
		wantRat(t, tt.rs.String(), unsavedChance(t, s, a), tt.want)
	}
}

func TestE101PoisonWithMultipleHits(t *testing.T) { // RULES.md 20.2, 20.3, 20.10 E101
	s := unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: unit.Profile{W: 1, T: 3}}
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 3, MultipleHits: expr("D3"),
		Poison: rules.NaturalSix, NoSaves: true, Target: rf}}
	got := woundDist(t, s, a)
	for n, want := range map[int]string{0: "43/72", 1: "1/4", 2: "1/8", 3: "1/36"} {
		if got[n] == nil {
			got[n] = new(big.Rat)
		}
		wantRat(t, "P(wounds = "+string(rune('0'+n))+")", got[n], want)
	}
}

func TestE102PoisonAndBattleFocus(t *testing.T) { // RULES.md 20.2, 20.10 E102
	s := unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: unit.Profile{W: 1, T: 3}}
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 3, BattleFocus: rules.NaturalSix,
		Poison: rules.NaturalSix, NoSaves: true, Target: rf}}
	got := woundDist(t, s, a)
	for n, want := range map[int]string{0: "2/3", 1: "1/4", 2: "1/12"} {
		wantRat(t, "P(wounds = "+string(rune('0'+n))+")", got[n], want)
	}
}

func TestE103HopelessShotTriggers(t *testing.T) { // RULES.md 20.2, 20.10 E103
	s := unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: unit.Profile{W: 1, T: 1}}
	// Battle Focus: expected hits 1/6, seen as wounds on 2+ (5/6)
	bf := []rearrank.Attack{{Count: dice.ConstExpr(1), Phase: rules.Shooting, Hit: rearrank.HitSpec{Need: target("7+")}, Strength: 3,
		BattleFocus: rules.NaturalSix, NoSaves: true, Target: rf}}
	mean := new(big.Rat)
	for n, p := range woundDist(t, s, bf) {
		mean.Add(mean, new(big.Rat).Mul(p, big.NewRat(int64(n), 1)))
	}
	wantRat(t, "expected hits", mean.Quo(mean, big.NewRat(5, 6)), "1/6")
	// Poison: every hopeless-shot hit wounds automatically
	s.Profile.T = 10
	p := bf[0]
	p.BattleFocus, p.Poison = 0, rules.NaturalSix
	wantRat(t, "automatic wound", unsavedChance(t, s, p), "1/12")
}

func TestE108SkirmishPoisonNoCritical(t *testing.T) { // RULES.md 20.2, 20.10 E108
	s := unit.Spec{Ruleset: rules.Skirmish, Models: 1, Profile: unit.Profile{W: 3, T: 3, WS: 3}}
	a := rearrank.Attack{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{WS: 3}, Strength: 3, WeaponClass: rules.Bladed, NoSaves: true, Target: rf}
	wounded := func(r *referee.Result) bool { return r.Tally.Unsaved > 0 } // a bladed critical may make two
	wantRat(t, "P(wound)", probability(t, mustUnit(t, s), []rearrank.Attack{a}, nil, wounded), "1/4")
	a.Poison = rules.NaturalSix
	wantRat(t, "P(wound) with poison", probability(t, mustUnit(t, s), []rearrank.Attack{a}, nil, wounded), "1/3")
}

func TestE101PoisonAllHits(t *testing.T) { // RULES.md 20.2, 20.9, 20.10 E101
	s := unit.Spec{Ruleset: rules.T9A, Models: 5, Options: rules.Options{PoisonMultipleHits: rules.PoisonAllHits}, Profile: unit.Profile{W: 1, T: 3}}
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 3, MultipleHits: expr("D3"),
		Poison: rules.NaturalSix, NoSaves: true, Target: rf}}
	mean := new(big.Rat)
	for n, p := range woundDist(t, s, a) {
		mean.Add(mean, new(big.Rat).Mul(p, big.NewRat(int64(n), 1)))
	}
	wantRat(t, "mean wounds with poison_multiple_hits: all", mean, "2/3")
	s.Options = rules.Options{}
	mean = new(big.Rat)
	for n, p := range woundDist(t, s, a) {
		mean.Add(mean, new(big.Rat).Mul(p, big.NewRat(int64(n), 1)))
	}
	wantRat(t, "mean wounds with one (the default)", mean, "7/12")
}

// TestHatredOnAutomaticHits: Hatred re-rolls failed to-hit rolls, and
// automatic hits roll none, so it does nothing and the log says so
// (RULES.md 20.1, 22.18). Two automatic hits, S4 v T4 (4+), no saves:
// each is unsaved with 1/2, with or without Hatred.
func TestHatredOnAutomaticHits(t *testing.T) {
	s := unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: unit.Profile{W: 1, T: 4}}
	auto := rearrank.Attack{Phase: rules.Melee, Strength: 4, Hatred: true, Target: rf}
	if err := auto.Validate(rules.WHFB8); err != nil {
		t.Fatalf("Hatred on automatic hits: %v, want it accepted", err)
	}
	wantRat(t, "with Hatred", unsavedChance(t, s, auto), "1/2")
	plain := auto
	plain.Hatred = false
	wantRat(t, "without", unsavedChance(t, s, plain), "1/2")
	// to-wound 4 and 1: no to-hit die is asked for, none re-rolled
	auto.Count = dice.ConstExpr(2)
	res, r := resolve(t, mustUnit(t, s), []rearrank.Attack{auto}, 4, 1)
	log := logText(res)
	if !strings.Contains(log, "Hatred: the attacks hit automatically, so there is no to-hit roll to re-roll  [rules 20.1]") {
		t.Errorf("want the note that Hatred had nothing to re-roll:\n%s", log)
	}
	if res.Tally.Unsaved != 1 || r.Remaining() != 0 {
		t.Errorf("unsaved %d, %d dice left; want 1 and 0:\n%s", res.Tally.Unsaved, r.Remaining(), log)
	}
}

// TestRerollHitOnAutomaticHits: a re-roll of to-hit rolls, of any kind,
// has nothing to re-roll on automatic hits, and the log says so as it
// does for Hatred (RULES.md 20.1, 22.18). Two automatic hits, S4 v T4
// (4+), no saves: each is unsaved with 1/2 whatever the re-roll.
func TestRerollHitOnAutomaticHits(t *testing.T) {
	s := unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: unit.Profile{W: 1, T: 4}}
	for _, c := range []struct {
		rr   rules.Reroll
		want string
	}{
		{rules.RerollFailed, "re-roll failed to hit"},
		{rules.RerollOnes, "re-roll ones to hit"},
		{rules.RerollSuccesses, "re-roll successes to hit"},
		{rules.RerollFailed | rules.RerollOnes, "re-roll failed to hit"},
		{rules.RerollOnes | rules.RerollSuccesses, "re-roll [ones, successes] to hit"},
	} {
		auto := rearrank.Attack{Phase: rules.Melee, Strength: 4, RerollHit: c.rr, Target: rf}
		if err := auto.Validate(rules.WHFB8); err != nil {
			t.Fatalf("reroll_hit %s on automatic hits: %v, want it accepted", c.rr, err)
		}
		wantRat(t, "reroll_hit "+c.rr.String(), unsavedChance(t, s, auto), "1/2")
		auto.Count = dice.ConstExpr(2)
		res, r := resolve(t, mustUnit(t, s), []rearrank.Attack{auto}, 4, 1)
		log := logText(res)
		if want := c.want + ": the attacks hit automatically, so there is no to-hit roll to re-roll  [rules 20.1]"; !strings.Contains(log, want) {
			t.Errorf("reroll_hit %s: want the note %q:\n%s", c.rr, want, log)
		}
		if res.Tally.Unsaved != 1 || r.Remaining() != 0 {
			t.Errorf("reroll_hit %s: unsaved %d, %d dice left; want 1 and 0:\n%s", c.rr, res.Tally.Unsaved, r.Remaining(), log)
		}
	}
}
