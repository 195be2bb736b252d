package referee_test

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Killing Blow and Armour Bane (RULES.md 20.2), with the exact fractions
// of 20.10.

// meanWounds returns the expected combat result (wounds taken off models,
// 9.3, R38) of the attacks on u, from the referee over every die.
func meanWounds(t *testing.T, u *rearrank.Unit, a []rearrank.Attack) *big.Rat {
	t.Helper()
	mean := new(big.Rat)
	exhaust(t, u, a, nil, func(r *referee.Result, p *big.Rat) {
		mean.Add(mean, new(big.Rat).Mul(p, big.NewRat(int64(r.Tally.Wounds), 1)))
	})
	return mean
}

func TestE95KillingBlowSkipsArmour(t *testing.T) { // RULES.md 20.2, 20.10 E95
	s := unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: unit.Profile{W: 1, T: 3,
		Save: rules.SaveProfile{Armour: rules.HeavyArmour, Shield: true}, Specials: rules.SpecialSaves{Ward: target("6+")}}}
	a := rearrank.Attack{Hit: rearrank.HitSpec{Need: target("3+")}, Strength: 4, KillingBlow: rules.NaturalSix, Target: rf}
	// 2/3 x (1/2 x 2/3 + 1/6) x 5/6: the six skips the 5+ armour, the ward stands
	wantRat(t, "unsaved with KB", unsavedChance(t, s, a), "5/18")
	a.KillingBlow = 0
	wantRat(t, "unsaved without KB", unsavedChance(t, s, a), "20/81")
}

func trolls(rs rules.Ruleset) unit.Spec {
	return unit.Spec{Ruleset: rs, Models: 3, Frontage: 3, Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4,
		Specials: rules.SpecialSaves{Regeneration: target("4+")}}}
}

func TestE96HeroicKillingBlowOnTrolls(t *testing.T) { // RULES.md 20.2, 20.10 E96
	one := func(a rearrank.Attack) []rearrank.Attack { a.Count = dice.ConstExpr(1); return []rearrank.Attack{a} }
	a := rearrank.Attack{Hit: rearrank.HitSpec{Need: target("3+")}, Strength: 5, HeroicKillingBlow: rules.NaturalSix, Target: rf}
	u := mustUnit(t, trolls(rules.WHFB8))
	slain := func(r *referee.Result) bool { return r.Tally.Casualties == 1 }
	wounded := func(r *referee.Result) bool { return r.Tally.Unsaved == 1 && r.Tally.Casualties == 0 }
	// 2/3 x 1/6 slain (no Regeneration); 2/3 x 1/2 x 1/2 one wound
	wantRat(t, "slain", probability(t, u, one(a), nil, slain), "1/9")
	wantRat(t, "one unsaved wound", probability(t, u, one(a), nil, wounded), "1/6")
	wantRat(t, "E[CR] fresh", meanWounds(t, u, one(a)), "1/2")
	s := trolls(rules.WHFB8)
	s.Carried = 2
	wantRat(t, "E[CR] carrying 2", meanWounds(t, mustUnit(t, s), one(a)), "5/18") // the damaged Troll, 1 wound left (R5, R38)
	s.Options.InstantKillTakes = rules.FreshModel
	wantRat(t, "E[CR] carrying 2, fresh_model", meanWounds(t, mustUnit(t, s), one(a)), "1/2")
	// plain Killing Blow cannot slay monstrous infantry: an ordinary wound
	a.HeroicKillingBlow, a.KillingBlow = 0, rules.NaturalSix
	wantRat(t, "plain KB unsaved", unsavedChance(t, trolls(rules.WHFB8), a), "2/9")
	// battleaxe: one wound with no Regeneration on the six
	wantRat(t, "battleaxe plain KB unsaved", unsavedChance(t, trolls(rules.Battleaxe), a), "5/18")
	// the switch turns either ruleset into the other
	w := trolls(rules.WHFB8)
	w.Options.KBOtherTroopTypes = rules.KBNoArmourNoRegen
	wantRat(t, "whfb8 no_armour_no_regen", unsavedChance(t, w, a), "5/18")
	b := trolls(rules.Battleaxe)
	b.Options.KBOtherTroopTypes = rules.KBOrdinary
	wantRat(t, "battleaxe ordinary", unsavedChance(t, b, a), "2/9")
}

func TestE97KillingBlowFirstInBatch(t *testing.T) { // RULES.md 20.2, C22, 20.10 E97
	s := ogres(rules.WHFB8, 4)
	s.Carried = 2
	// two automatic hits at S10 (2+): a Heroic KB six, then an ordinary 2
	a := []rearrank.Attack{{Count: dice.ConstExpr(2), Strength: 10, HeroicKillingBlow: rules.NaturalSix, Target: rf}}
	res, _ := resolve(t, mustUnit(t, s), a, 6, 2)
	if got := res.After.Size(); got != 3 || res.Tally.Wounds != 2 || carried(res.After) != 1 {
		t.Errorf("%d Ogres, CR %d, carried %d; want 3 Ogres, CR 2, carried 1:\n%s", got, res.Tally.Wounds, carried(res.After), logText(res))
	}
	// the kill comes first whatever the dice order: the single rolled first
	res, _ = resolve(t, mustUnit(t, s), a, 2, 6)
	if got := res.After.Size(); got != 3 || res.Tally.Wounds != 2 {
		t.Errorf("single first: %d Ogres, CR %d; want 3 Ogres, CR 2", got, res.Tally.Wounds)
	}
	s.Options.InstantKillTakes = rules.FreshModel
	res, _ = resolve(t, mustUnit(t, s), a, 6, 2)
	if got := res.After.Size(); got != 2 || res.Tally.Wounds != 4 {
		t.Errorf("fresh_model: %d Ogres, CR %d; want 2 Ogres, CR 4:\n%s", got, res.Tally.Wounds, logText(res))
	}
	if log := logText(res); !strings.Contains(log, "Killing Blow, no armour or Regeneration save") {
		t.Errorf("the log does not say the Killing Blow fired:\n%s", log)
	}
}

func TestE98KillingBlowPerModel(t *testing.T) { // RULES.md 20.2, 20.6, 20.13, 20.10 E98
	s := ogres(rules.Battleaxe, 3)
	s.Damage = []int{2, 1}
	a := []rearrank.Attack{
		{Count: dice.ConstExpr(1), Strength: 10, HeroicKillingBlow: rules.NaturalSix, Target: rf},
		{Count: dice.ConstExpr(1), Strength: 10, MultipleWounds: expr("D3"), Target: rf},
		{Count: dice.ConstExpr(1), Strength: 10, Target: rf},
	}
	// KB six; packet: to-wound 2, D3 rolls 2; single: to-wound 2
	res, _ := resolve(t, mustUnit(t, s), a, 6, 2, 2, 2)
	if got := res.After.Size(); got != 1 || res.Tally.Wounds != 4 || damaged(res.After) != 1 {
		t.Errorf("%d Ogres (%s), CR %d; want 1 Ogre with 1 damage, CR 4:\n%s", got, au(res.After).DrawDamage(), res.Tally.Wounds, logText(res))
	}
}

func TestBattleaxeKillingBlowSingleAmongPackets(t *testing.T) { // RULES.md 20.2 (battleaxe: never multiplied), C22
	// a plain KB on Ogres (monstrous infantry) with MW(D3): the six is one
	// wound with no dice, after the packet of the 2
	s := ogres(rules.Battleaxe, 3)
	a := []rearrank.Attack{{Count: dice.ConstExpr(2), Strength: 10, KillingBlow: rules.NaturalSix, MultipleWounds: expr("D3"), Target: rf}}
	res, r := resolve(t, mustUnit(t, s), a, 6, 2, 3)
	if res.Tally.Wounds != 4 || res.After.Size() != 2 || r.Used() != 3 {
		t.Errorf("CR %d, %d Ogres, %d dice; want CR 4 (a packet of 3, then a single), 2 Ogres, 3 dice:\n%s",
			res.Tally.Wounds, res.After.Size(), r.Used(), logText(res))
	}
}

func TestE106PoisonBeforeKillingBlow(t *testing.T) { // RULES.md 20.2, 20.10 E106
	// W2 models tell a kill (2 wounds counted) from a wound (1)
	s := unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: unit.Profile{W: 2, T: 3}}
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 3,
		Poison: rules.NaturalSix, KillingBlow: rules.NaturalSix, Target: rf}}
	u := mustUnit(t, s)
	// the poisoned six has no to-wound roll, so no Killing Blow: 1/6;
	// a KB 1/3 x 1/6; an ordinary wound 1/3 x 1/3
	wantRat(t, "KB", probability(t, u, a, nil, func(r *referee.Result) bool { return r.Tally.Wounds == 2 }), "1/18")
	wantRat(t, "one wound", probability(t, u, a, nil, func(r *referee.Result) bool { return r.Tally.Wounds == 1 }), "5/18")
}

func TestE107KillingBlowTroopTypes(t *testing.T) { // RULES.md 20.2, 20.13, 20.10 E107
	monster := unit.Spec{Ruleset: rules.WHFB8, Models: 1, Profile: unit.Profile{TroopType: rules.Monster, W: 5, T: 4}}
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 10, KillingBlow: rules.NaturalSix, Target: rf}}
	res, _ := resolve(t, mustUnit(t, monster), a, 6)
	if res.Tally.Wounds != 1 || res.Tally.Casualties != 0 {
		t.Errorf("KB v monster: CR %d, %d casualties; want an ordinary wound", res.Tally.Wounds, res.Tally.Casualties)
	}
	if log := logText(res); !strings.Contains(log, "Killing Blow has no effect on monster: ordinary wound") {
		t.Errorf("the log does not say the Killing Blow had no effect:\n%s", log)
	}
	swarm := unit.Spec{Ruleset: rules.WHFB8, Models: 2, Profile: unit.Profile{TroopType: rules.Swarm, W: 5, T: 2}}
	a[0].KillingBlow, a[0].HeroicKillingBlow = 0, rules.NaturalSix
	res, _ = resolve(t, mustUnit(t, swarm), a, 6)
	if res.Tally.Wounds != 1 || res.Tally.Casualties != 0 {
		t.Errorf("Heroic KB v swarm: CR %d, %d casualties; want an ordinary wound", res.Tally.Wounds, res.Tally.Casualties)
	}
	// a cavalry champion (W2, 1 wound lost), aimed at: slain if his ward
	// fails, worth his 1 wound left (R38)
	knights := unit.Spec{Ruleset: rules.WHFB8, Models: 5, Frontage: 5, Command: []unit.Role{unit.Champion}, ChampionDamage: 1,
		Profile: unit.Profile{TroopType: rules.Cavalry, W: 2, T: 3, Save: rules.SaveProfile{Armour: rules.PlateArmour, Shield: true},
			Specials: rules.SpecialSaves{Ward: target("5+")}}}
	champ := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 4, KillingBlow: rules.NaturalSix, Target: unit.Target{Role: unit.Champion}}}
	res, _ = resolve(t, mustUnit(t, knights), champ, 6, 2) // the six, then the ward 2 fails
	if res.Tally.Wounds != 1 || res.Tally.ByRole[unit.Champion] != 1 {
		t.Errorf("champion: CR %d, champions removed %d; want CR 1, the champion slain:\n%s", res.Tally.Wounds, res.Tally.ByRole[unit.Champion], logText(res))
	}
	res, _ = resolve(t, mustUnit(t, knights), champ, 6, 5) // the ward saves
	if res.Tally.Wounds != 0 || res.Tally.Casualties != 0 {
		t.Errorf("warded champion: CR %d, %d casualties; want nothing", res.Tally.Wounds, res.Tally.Casualties)
	}
}

func TestE99ArmourBane(t *testing.T) { // RULES.md 20.2, 20.10 E99
	s := unit.Spec{Ruleset: rules.Battleaxe, Models: 5, Profile: unit.Profile{W: 1, T: 3,
		Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true}}}
	a := rearrank.Attack{Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 3, ArmourBane: 1, Target: rf}
	// 1/2 x (1/3 x 2/3 + 1/6 x 5/6): the six saves on 6+ instead of 5+
	wantRat(t, "S3 armour_bane 1", unsavedChance(t, s, a), "13/72")
	a.ArmourBane = 0
	wantRat(t, "S3 without", unsavedChance(t, s, a), "1/6")
	a.Strength, a.ArmourBane = 4, 1
	wantRat(t, "S4 armour_bane 1 (6+ becomes impossible)", unsavedChance(t, s, a), "7/24")
	// armour_bane_on 5+: the 5 and the 6 save on 6+
	a.Strength, a.ArmourBaneOn = 3, rules.Trigger(5)
	wantRat(t, "S3 armour_bane 1 on 5+", unsavedChance(t, s, a), "7/36") // 1/2 x (1/6 x 2/3 + 1/3 x 5/6)
}

func TestE100ArmourBaneT9A(t *testing.T) { // RULES.md 20.2, 20.10 E100
	s := unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: unit.Profile{W: 1, T: 4, Save: rules.SaveProfile{ArmourValue: 3}}}
	a := rearrank.Attack{Hit: rearrank.HitSpec{Need: target("4+")}, Strength: 4, AP: 1, ArmourBane: 1, Target: rf}
	wantRat(t, "AP 1 + Armour Bane 1", unsavedChance(t, s, a), "13/72")
	a.LethalStrike = rules.NaturalSix // the six is AP 10 already
	wantRat(t, "and Lethal Strike", unsavedChance(t, s, a), "7/36")
}

func TestArmourBaneSkirmish(t *testing.T) { // RULES.md 20.2, 20.6 (skirmish: yes)
	// WS3 v WS3 (4+), S3 v T3 (4+), light armour and shield (seed preset:
	// 3 points, 4+); Armour Bane 2 makes the six's save 6+
	s := unit.Spec{Ruleset: rules.Skirmish, Models: 1, Profile: unit.Profile{W: 1, T: 3, WS: 3,
		Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true}}}
	a := rearrank.Attack{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{WS: 3}, Strength: 3, ArmourBane: 2, Target: rf}
	wounded := func(r *referee.Result) bool { return r.Tally.Unsaved > 0 }
	// 1/2 x (1/3 x 1/2 + 1/6 x 5/6)
	wantRat(t, "P(unsaved)", probability(t, mustUnit(t, s), []rearrank.Attack{a}, nil, wounded), "11/72")
}

func TestLethalStrikeThreshold(t *testing.T) { // RULES.md 19.3, 20.2 (T1: a score N+)
	// t9a S3 v Res4 wounds on 5+; Armour 5 saves on 2+ unless AP 10
	s := unit.Spec{Ruleset: rules.T9A, Profile: unit.Profile{W: 1, T: 4, Save: rules.SaveProfile{ArmourValue: 5}}}
	a := rearrank.Attack{Strength: 3, LethalStrike: rules.NaturalSix, Target: rf}
	wantRat(t, "lethal_strike: true", unsavedChance(t, s, a), "7/36") // 1/6 + 1/6 x 1/6
	a.LethalStrike = rules.Trigger(5)
	wantRat(t, "lethal_strike: 5+", unsavedChance(t, s, a), "1/3") // every wound is a Lethal Strike
}

func TestE91SevenPlusRerollSwitch(t *testing.T) { // RULES.md 20.1, 20.9, 20.10 E91
	for _, tt := range []struct {
		sw   rules.SevenPlusReroll
		rr   rules.Reroll
		want string
	}{
		{rules.EachDie, rules.RerollFailed, "11/48"}, // 11/36 x 3/4
		{rules.FailingDie, rules.RerollFailed, "7/36"},
		{rules.WholeRoll, rules.RerollFailed, "23/144"}, // 1/12 + 11/12 x 1/12
		{rules.FailingDie, 0, "1/12"},
		{rules.WholeRoll, rules.RerollOnes, "43/432"},                        // 1/12 + (1/6 + 1/6 x 1/6) x 1/12: a natural 1 on the die that failed (20.13)
		{rules.FailingDie, rules.RerollOnes | rules.RerollSuccesses, "5/72"}, // 1/6 x 1/6 x 1/2 + 1/6 x (1/2 x 1/2 + 1/6 x 1/2): one re-roll at most (20.13)
		{rules.WholeRoll, rules.RerollSuccesses, "1/144"},                    // 1/12 x 1/12
	} {
		s := unit.Spec{Ruleset: rules.WHFB8, Options: rules.Options{SevenPlusReroll: tt.sw}, Profile: unit.Profile{W: 1, T: 1}}
		a := rearrank.Attack{Phase: rules.Shooting, Hit: rearrank.HitSpec{Need: target("7+")}, Strength: 3, NoSaves: true, RerollHit: tt.rr, Target: rf}
		// S3 v T1 wounds on 2+: P(hit) = P(unsaved) / (5/6), from the referee
		got := new(big.Rat).Quo(unsavedChance(t, s, a), big.NewRat(5, 6))
		name := fmt.Sprintf("seven_plus_reroll %d, re-roll %s", tt.sw, tt.rr)
		wantRat(t, name, got, tt.want)
		wantRat(t, name+" (StageChances)", hitChance(t, s, a), tt.want)
	}
}

func TestSevenPlusDiceOrder(t *testing.T) { // RULES.md 20.1 dice order, 5
	// first dice 6 and 1; the 1's re-roll 6; second dice 3 and 5; the 3's
	// re-roll 4; to-wound 4 and 4 (S3 v T3)
	s := unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: unit.Profile{W: 1, T: 3}}
	a := []rearrank.Attack{{Count: dice.ConstExpr(2), Phase: rules.Shooting, Hit: rearrank.HitSpec{Need: target("7+")}, Strength: 3,
		RerollHit: rules.RerollFailed, Target: rf}}
	res, r := resolve(t, mustUnit(t, s), a, 6, 1, 6, 3, 5, 4, 4, 4)
	log := logText(res)
	if res.Tally.Unsaved != 2 || r.Used() != 8 {
		t.Errorf("unsaved %d with %d dice, want 2 with 8:\n%s", res.Tally.Unsaved, r.Used(), log)
	}
	if !strings.Contains(log, "7+ to hit, second die 1 of 2: 3 re-rolled (re-roll failed): 4, hit") {
		t.Errorf("want the second die's re-roll after both second dice:\n%s", log)
	}
}
