package referee_test

import (
	"errors"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The worked examples of RULES.md 16 that run through the whole pipeline.
// The stage tables (E01-E29 and the save targets) are tested in package
// rules, allocation and removal (E54-E70) in package unit.

func single(s unit.Spec) unit.Spec {
	if s.Models == 0 {
		s.Models = 1
	}
	return s
}

var rf = unit.Target{Role: unit.RankAndFile}

// unsavedChance is the exact chance that one automatic hit of a becomes an
// unsaved wound against a fresh model of the spec.
func unsavedChance(t *testing.T, s unit.Spec, a rearrank.Attack) *big.Rat {
	t.Helper()
	a.Count = dice.ConstExpr(1)
	return probability(t, mustUnit(t, single(s)), []rearrank.Attack{a}, nil, func(r *referee.Result) bool { return r.Tally.Unsaved == 1 })
}

func TestE30WardAfterArmour(t *testing.T) { // RULES.md 16.3
	s := unit.Spec{Ruleset: rules.Battleaxe, Models: 5, Profile: unit.Profile{W: 1, T: 3,
		Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true}, Specials: rules.SpecialSaves{Ward: target("5+")}}}
	// to-wound 3+ (2/3), then the wound stands with 5/6 x 2/3 = 5/9
	wantRat(t, "P(unsaved)", unsavedChance(t, s, rearrank.Attack{Strength: 4, Target: rf}), "10/27")
}

func TestE32WardWhenArmourImpossible(t *testing.T) { // RULES.md 16.3
	s := unit.Spec{Ruleset: rules.Battleaxe, Models: 5, Profile: unit.Profile{W: 1, T: 3,
		Save: rules.SaveProfile{Armour: rules.LightArmour}, Specials: rules.SpecialSaves{Ward: target("6+")}}}
	// S6 vs T3 wounds on 2+ (5/6); armour impossible; ward saves 1/6
	wantRat(t, "P(unsaved)", unsavedChance(t, s, rearrank.Attack{Strength: 6, Target: rf}), "25/36")
	res, _ := resolve(t, mustUnit(t, s), []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 6, Target: rf}}, 6, 6)
	if res.Tally.Unsaved != 0 || !strings.Contains(logText(res), "armour save impossible") {
		t.Errorf("want the ward to save after an impossible armour save:\n%s", logText(res))
	}
}

func TestE36FlamingLeavesOnlyAegis(t *testing.T) { // RULES.md 16.3
	s := unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: unit.Profile{W: 1, T: 4,
		Specials: rules.SpecialSaves{Regeneration: target("4+"), Aegis: target("6+")}}}
	// to-wound 4+ (1/2), Aegis 6+ saves 1/6
	wantRat(t, "P(unsaved)", unsavedChance(t, s, rearrank.Attack{Strength: 4, Flaming: true, Target: rf}), "5/12")
	// without Flaming, Regeneration 4+ is the better save: 1/2 x 1/2
	wantRat(t, "P(unsaved) no flaming", unsavedChance(t, s, rearrank.Attack{Strength: 4, Target: rf}), "1/4")
}

func TestE37LethalStrikeStopsRegeneration(t *testing.T) { // RULES.md 16.3
	s := unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: unit.Profile{W: 1, T: 4,
		Save: rules.SaveProfile{ArmourValue: 3}, Specials: rules.SpecialSaves{Regeneration: target("4+")}}}
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 4, LethalStrike: rules.NaturalSix, Target: rf}}
	res, r := resolve(t, mustUnit(t, s), a, 6)
	if r.Used() != 1 || res.Tally.Unsaved != 1 {
		t.Errorf("natural 6 with Lethal Strike: used %d dice, unsaved %d; want 1 die (no armour, no Regeneration), 1 unsaved", r.Used(), res.Tally.Unsaved)
	}
	res, r = resolve(t, mustUnit(t, s), a, 5, 1, 4)
	if r.Used() != 3 || res.Tally.Unsaved != 0 {
		t.Errorf("natural 5: used %d dice, unsaved %d; want armour then Regeneration saving", r.Used(), res.Tally.Unsaved)
	}
}

func TestE38ArmourThenAegis(t *testing.T) { // RULES.md 16.3
	s := unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: unit.Profile{W: 1, T: 4,
		Save: rules.SaveProfile{ArmourValue: 4}, Specials: rules.SpecialSaves{Aegis: target("5+")}}}
	// wound 1/2, then 1/2 x 2/3 = 1/3 stands
	wantRat(t, "P(unsaved)", unsavedChance(t, s, rearrank.Attack{Strength: 4, AP: 1, Target: rf}), "1/6")
}

func TestE39WardOrRegeneration(t *testing.T) { // RULES.md 16.3
	s := unit.Spec{Ruleset: rules.T9A1RU, Models: 5, Profile: unit.Profile{W: 1, T: 3,
		Specials: rules.SpecialSaves{Ward: target("5+"), Regeneration: target("4+")}}}
	// S5 vs T3 wounds on 2+ (5/6); Regeneration 4+ fails 1/2; against Flaming the ward 5+ fails 2/3
	wantRat(t, "P(unsaved)", unsavedChance(t, s, rearrank.Attack{Strength: 5, Target: rf}), "5/12")
	wantRat(t, "P(unsaved) flaming", unsavedChance(t, s, rearrank.Attack{Strength: 5, Flaming: true, Target: rf}), "5/9")
}

func TestE40OneSpecialSavePerMultiWoundAttack(t *testing.T) { // RULES.md 16.3
	s := unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: unit.Profile{W: 1, T: 4},
		Characters: []unit.CharacterSpec{{Name: "Hero", File: -1, Profile: unit.Profile{W: 3, T: 4,
			Save: rules.SaveProfile{ArmourValue: 3}, Specials: rules.SpecialSaves{Aegis: target("5+")}}}}}
	hero := unit.Target{Role: unit.Character, Name: "Hero"}
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 4, MultipleWounds: expr("D3"), Target: hero}}
	// wound 4, armour 1 (fails), aegis 2 (fails), then one D3 = 2
	res, r := resolve(t, mustUnit(t, s), a, 4, 1, 2, 2)
	if r.Used() != 4 || res.Tally.Wounds != 2 || res.Tally.Unsaved != 1 {
		t.Errorf("used %d dice, wounds %d, unsaved %d; want 4 dice, 2 wounds from one unsaved", r.Used(), res.Tally.Wounds, res.Tally.Unsaved)
	}
}

func TestE41MultiWoundOnW1RollsNoDamage(t *testing.T) { // RULES.md 16.4
	s := unit.Spec{Ruleset: rules.WHFB8, Models: 10, Profile: unit.Profile{W: 1, T: 3}}
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 10, MultipleWounds: expr("D6"), Target: rf}}
	res, r := resolve(t, mustUnit(t, s), a, 6)
	if r.Used() != 1 || res.Tally.Casualties != 1 || res.Tally.Wounds != 1 {
		t.Errorf("used %d dice, %d casualties, %d wounds; want 1 die, 1 Elf, 1 wound", r.Used(), res.Tally.Casualties, res.Tally.Wounds)
	}
}

func ogres(rs rules.Ruleset, n int) unit.Spec {
	return unit.Spec{Ruleset: rs, Models: n, Frontage: n, Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4}}
}

func mw(n int, e string) rearrank.Attack {
	return rearrank.Attack{Count: dice.ConstExpr(n), Strength: 10, MultipleWounds: expr(e), Target: rf}
}

func TestE42PooledCannonball(t *testing.T) { // RULES.md 16.4
	// three unsaved MW(D6) wounds rolling 2, 2, 6: 2+2+3 = 7
	res, _ := resolve(t, mustUnit(t, ogres(rules.WHFB8, 3)), []rearrank.Attack{mw(3, "D6")}, 6, 6, 6, 2, 2, 6)
	if got := res.After.Size(); got != 1 || res.Tally.Wounds != 7 || carried(res.After) != 1 {
		t.Errorf("left %d, wounds %d, carried %d; want 1 Ogre left, 7 wounds, 1 carried", got, res.Tally.Wounds, carried(res.After))
	}
}

func carried(u *rearrank.Unit) int {
	n := 0
	for _, p := range au(u).Carried() {
		n += p.Carried
	}
	return n
}

func TestE43PerModelPackets(t *testing.T) { // RULES.md 16.4
	u := mustUnit(t, ogres(rules.Battleaxe, 5))
	single := rearrank.Attack{Count: dice.ConstExpr(2), Strength: 10, Target: rf}
	res, _ := resolve(t, u, []rearrank.Attack{mw(3, "D3")}, 6, 6, 6, 2, 2, 3)
	if got := res.After.Size(); got != 4 {
		t.Fatalf("after the packets: %d Ogres, want 4 (%s)", got, au(res.After).DrawDamage())
	}
	res, _ = resolve(t, res.After, []rearrank.Attack{single}, 6, 6)
	if got := res.After.Size(); got != 2 || carried(res.After) != 0 || damaged(res.After) != 0 {
		t.Errorf("after 2 ordinary wounds: %d Ogres (%s), want 2 undamaged", got, au(res.After).DrawDamage())
	}
	// whfb8 pooled, same input: 7 = 2 removed + 1 carried, then 3 = 1 removed
	res, _ = resolve(t, mustUnit(t, ogres(rules.WHFB8, 5)), []rearrank.Attack{mw(3, "D3"), single}, 6, 6, 6, 2, 2, 3, 6, 6)
	if got := res.After.Size(); got != 2 {
		t.Errorf("whfb8: %d Ogres left, want 2", got)
	}
}

func damaged(u *rearrank.Unit) int {
	n := 0
	for _, rank := range u.Ranks() {
		for _, c := range rank {
			if c.Model != nil && c.Model.Damage > 0 {
				n++
			}
		}
	}
	return n
}

func TestE44PacketGoesToDamagedOgre(t *testing.T) { // RULES.md 16.4
	s := ogres(rules.Battleaxe, 3)
	s.Damage = []int{2}
	res, _ := resolve(t, mustUnit(t, s), []rearrank.Attack{mw(1, "D6")}, 6, 6)
	if res.After.Size() != 2 || damaged(res.After) != 0 || res.Tally.Wounds != 1 || res.Tally.Wasted != 5 {
		t.Errorf("left %s, wounds %d, wasted %d; want 2 undamaged Ogres, 1 effective, 5 wasted",
			au(res.After).DrawDamage(), res.Tally.Wounds, res.Tally.Wasted)
	}
	// whfb8 pooled: 2 carried + 3 = 5: 1 removed, 2 carried
	s.Ruleset, s.Damage, s.Carried = rules.WHFB8, nil, 2
	res, _ = resolve(t, mustUnit(t, s), []rearrank.Attack{mw(1, "D6")}, 6, 6)
	if res.After.Size() != 2 || carried(res.After) != 2 {
		t.Errorf("whfb8: left %d with %d carried; want 2 with 2 carried", res.After.Size(), carried(res.After))
	}
}

func TestE45PacketOrderMatters(t *testing.T) { // RULES.md 16.4
	s := ogres(rules.Battleaxe, 3)
	s.Damage = []int{2}
	res, _ := resolve(t, mustUnit(t, s), []rearrank.Attack{mw(2, "D3")}, 6, 6, 3, 1)
	if res.After.Size() != 2 || damaged(res.After) != 1 {
		t.Errorf("[3,1]: left %s; want 2 Ogres, one with 1 damage", au(res.After).DrawDamage())
	}
	res, _ = resolve(t, mustUnit(t, s), []rearrank.Attack{mw(2, "D3")}, 6, 6, 1, 3)
	if res.After.Size() != 1 {
		t.Errorf("[1,3]: left %s; want 1 Ogre", au(res.After).DrawDamage())
	}
}

func TestE47DamagedModelCountsWhatItHadLeft(t *testing.T) { // RULES.md 16.4
	s := ogres(rules.Battleaxe, 3)
	s.Damage = []int{2}
	res, _ := resolve(t, mustUnit(t, s), []rearrank.Attack{mw(1, "D3")}, 6, 3)
	if res.Tally.Wounds != 1 || res.Tally.Casualties != 1 {
		t.Errorf("wounds %d, casualties %d; want 1 and 1", res.Tally.Wounds, res.Tally.Casualties)
	}
}

func TestE48InstantKill(t *testing.T) { // RULES.md 16.4
	s := ogres(rules.Battleaxe, 3)
	s.Profile.Save = rules.SaveProfile{Armour: rules.PlateArmour}
	s.Profile.Specials = rules.SpecialSaves{Ward: target("5+")}
	kill := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 10, InstantKill: true, Target: rf}}
	res, r := resolve(t, mustUnit(t, s), kill, 6)
	if r.Used() != 1 || res.Tally.Casualties != 1 || res.Tally.Wounds != 3 {
		t.Errorf("undamaged: used %d dice, %d casualties, %d wounds; want no saves, 1 removed worth 3", r.Used(), res.Tally.Casualties, res.Tally.Wounds)
	}
	s.Damage = []int{2}
	res, _ = resolve(t, mustUnit(t, s), kill, 6)
	if res.Tally.Wounds != 1 || damaged(res.After) != 0 || res.After.Size() != 2 {
		t.Errorf("damaged: %d wounds, left %s; want the damaged Ogre removed, worth 1", res.Tally.Wounds, au(res.After).DrawDamage())
	}
}

func TestE50TrollPoolCap(t *testing.T) { // RULES.md 16.4
	s := unit.Spec{Ruleset: rules.T9A, Models: 10, Frontage: 5, Carried: 1, Profile: unit.Profile{W: 3, T: 4}}
	res, _ := resolve(t, mustUnit(t, s), []rearrank.Attack{mw(1, "D6")}, 6, 5)
	if res.After.Size() != 9 || carried(res.After) != 1 || res.Tally.Wounds != 3 {
		t.Errorf("left %d, carried %d, wounds %d; want 9 Trolls, 1 carried, 3 wounds", res.After.Size(), carried(res.After), res.Tally.Wounds)
	}
}

func TestE51CharacterExcessIgnored(t *testing.T) { // RULES.md 16.4
	s := unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: unit.Profile{W: 1, T: 4},
		Characters: []unit.CharacterSpec{{Name: "Hero", File: -1, Damage: 2, Profile: unit.Profile{W: 3, T: 4}}}}
	a := mw(1, "2")
	a.Target = unit.Target{Role: unit.Character, Name: "Hero"}
	res, _ := resolve(t, mustUnit(t, s), []rearrank.Attack{a}, 6)
	if res.Tally.Wounds != 1 || res.After.Count(unit.Character) != 0 {
		t.Errorf("wounds %d, characters left %d; want 1 wound and the Hero removed", res.Tally.Wounds, res.After.Count(unit.Character))
	}
}

func TestE52ClippedWings(t *testing.T) { // RULES.md 16.4
	for _, c := range []struct {
		fly  bool
		want int
	}{{true, 3}, {false, 2}} {
		s := unit.Spec{Ruleset: rules.T9A, Models: 2, Profile: unit.Profile{W: 4, T: 4, Fly: c.fly}}
		a := mw(1, "2")
		a.ClippedWings = true
		res, _ := resolve(t, mustUnit(t, s), []rearrank.Attack{a}, 6)
		if res.Tally.Wounds != c.want {
			t.Errorf("fly %v: %d wounds, want %d", c.fly, res.Tally.Wounds, c.want)
		}
	}
}

func TestE53MultipleWoundsCappedAtHP(t *testing.T) { // RULES.md 16.4
	s := unit.Spec{Ruleset: rules.T9A, Models: 3, Profile: unit.Profile{W: 2, T: 4}}
	res, _ := resolve(t, mustUnit(t, s), []rearrank.Attack{mw(1, "D6")}, 6, 6)
	if res.Tally.Wounds != 2 || res.After.Size() != 2 {
		t.Errorf("wounds %d, left %d; want 2 and 2", res.Tally.Wounds, res.After.Size())
	}
}

func TestE71Panic(t *testing.T) { // RULES.md 16.5
	for _, c := range []struct {
		lost  int
		panic bool
	}{{5, true}, {4, false}} {
		s := unit.Spec{Ruleset: rules.WHFB8, Models: 20, Profile: unit.Profile{W: 1, T: 3}}
		a := []rearrank.Attack{{Count: dice.ConstExpr(c.lost), Phase: rules.Shooting, Strength: 4, Target: rf}}
		faces := make([]int, c.lost)
		for i := range faces {
			faces[i] = 6
		}
		res, _ := resolve(t, mustUnit(t, s), a, faces...)
		if res.Tally.Panic != c.panic || !res.PanicApplies {
			t.Errorf("lost %d of 20: panic %v, want %v", c.lost, res.Tally.Panic, c.panic)
		}
	}
	// no panic test in close combat (19.3)
	s := unit.Spec{Ruleset: rules.WHFB8, Models: 20, Profile: unit.Profile{W: 1, T: 3}}
	res, _ := resolve(t, mustUnit(t, s), []rearrank.Attack{{Count: dice.ConstExpr(5), Strength: 4, Target: rf}}, 6, 6, 6, 6, 6)
	if res.Tally.Panic || res.PanicApplies {
		t.Errorf("melee: panic %v applies %v, want neither", res.Tally.Panic, res.PanicApplies)
	}
}

func perAttack(t *testing.T, s unit.Spec, a rearrank.Attack) *big.Rat {
	t.Helper()
	a.Count = dice.ConstExpr(1)
	return probability(t, mustUnit(t, s), []rearrank.Attack{a}, nil, func(r *referee.Result) bool { return r.Tally.Casualties == 1 })
}

func TestE85CrossbowsChain(t *testing.T) { // RULES.md 16.7
	s := unit.Spec{Ruleset: rules.Battleaxe, Models: 30, Profile: unit.Profile{W: 1, T: 3,
		Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true}}}
	p := perAttack(t, s, rearrank.Attack{Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 4}, Strength: 4, Target: rf})
	wantRat(t, "per shot", p, "5/18")
	wantRat(t, "expected casualties of 20", new(big.Rat).Mul(p, big.NewRat(20, 1)), "50/9")
}

func TestE86T9AChain(t *testing.T) { // RULES.md 16.7
	s := unit.Spec{Ruleset: rules.T9A, Models: 20, Profile: unit.Profile{W: 1, T: 4, WS: 4, Save: rules.SaveProfile{ArmourValue: 3}}}
	p := perAttack(t, s, rearrank.Attack{Hit: rearrank.HitSpec{WS: 4}, Strength: 4, AP: 1, Target: rf})
	wantRat(t, "per attack", p, "1/6")
	wantRat(t, "expected HP lost of 10", new(big.Rat).Mul(p, big.NewRat(10, 1)), "5/3")
}

func TestE87WHFB8Chain(t *testing.T) { // RULES.md 16.7
	s := unit.Spec{Ruleset: rules.WHFB8, Models: 20, Profile: unit.Profile{W: 1, T: 3, WS: 3,
		Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true}}}
	wantRat(t, "per attack", perAttack(t, s, rearrank.Attack{Hit: rearrank.HitSpec{WS: 3}, Strength: 3, Target: rf}), "1/6")
}

func logText(res *referee.Result) string {
	var b strings.Builder
	for _, e := range res.Events {
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// saveOwner picks the worst special save, to show the owner's choice counts.
type saveOwner struct{}

func (saveOwner) Choose(unit.Choice) int { return 0 }
func (saveOwner) ChooseSave(_ unit.Model, options []rules.SpecialChoice) int {
	return len(options) - 1
}

func TestSpecialSaveOwnerChoice(t *testing.T) { // RULES.md 8, 18 specialSaveChoice
	s := unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: unit.Profile{W: 1, T: 4,
		Specials: rules.SpecialSaves{Regeneration: target("4+"), Aegis: target("6+")}}}
	s.Options.SpecialSaveChoice = rules.SaveOwnerChoice
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 4, Target: rf}}
	// nobody to ask: the default, best (Regeneration 4+), stands in and says so
	res, err := referee.Resolve(mustUnit(t, s), a, dice.NewScripted(6, 5))
	if err != nil {
		t.Fatal(err)
	}
	if res.Tally.Unsaved != 0 || len(res.StandIns) != 1 ||
		res.StandIns[0].String() != "special_save_choice is owner_choice, and nobody is asked here: the engine's default (best) stands in" {
		t.Errorf("without a chooser: unsaved %d, stand-ins %v; want 0 (Regeneration 4+ saves the 5) and special_save_choice's default", res.Tally.Unsaved, res.StandIns)
	}
	// the owner takes Aegis 6+: a 5 fails where Regeneration 4+ would save
	res, err = referee.ResolveWith(mustUnit(t, s), a, dice.NewScripted(6, 5), saveOwner{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Tally.Unsaved != 1 {
		t.Errorf("unsaved %d, want 1 (Aegis 6+ chosen)", res.Tally.Unsaved)
	}
}

func TestOutOfDiceSaysHowManyMore(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 10, Profile: unit.Profile{W: 1, T: 3}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(20), Hit: rearrank.HitSpec{BS: 3}, Phase: rules.Shooting, Strength: 3, Target: rf}}
	_, err := referee.Resolve(u, a, dice.NewScripted(6, 6, 6))
	if !errors.Is(err, dice.ErrOutOfDice) || !strings.Contains(err.Error(), "needs at least 17 more dice (3 of 20 done)") {
		t.Errorf("got %v, want out of dice with 17 more needed after 3 of 20", err)
	}
	// one die short: the singular, "1 more die", as players say it
	_, err = referee.Resolve(u, a, dice.NewScripted(slices.Repeat([]int{6}, 19)...))
	if !errors.Is(err, dice.ErrOutOfDice) || !strings.HasSuffix(err.Error(), "; this step needs at least 1 more die (19 of 20 done)") {
		t.Errorf("got %v, want out of dice with 1 more die needed after 19 of 20", err)
	}
}
