package referee_test

import (
	"math/big"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The skirmish examples of RULES.md 16.6 and E88.

func fighter(w int, save rules.SaveProfile) unit.Spec {
	return unit.Spec{Ruleset: rules.Skirmish, Models: 1, Profile: unit.Profile{W: w, T: 3, WS: 3, Save: save}}
}

var lightShield = rules.SaveProfile{Armour: rules.LightArmour, Shield: true} // 4+ with the seed preset (E27)

func blow(n int, class rules.WeaponClass, s int) rearrank.Attack {
	return rearrank.Attack{Count: dice.ConstExpr(n), Strength: s, WeaponClass: class, Target: rf}
}

func stages(res *referee.Result, st rearrank.Stage) int {
	n := 0
	for _, e := range res.Events {
		if e.Kind == rearrank.Roll && e.Stage == st {
			n++
		}
	}
	return n
}

func status(res *referee.Result) unit.Status { return res.After.Fighter().Skirmish.Status }

func TestE72NoCriticalOnFive(t *testing.T) { // RULES.md 16.6
	// S4 vs T3 wounds on 3+; a natural 5 is an ordinary wound
	res, r := resolve(t, mustUnit(t, fighter(3, rules.SaveProfile{})), []rearrank.Attack{blow(1, rules.Bladed, 4)}, 5)
	if stages(res, rearrank.Critical) != 0 || r.Used() != 1 || res.After.Fighter().Damage != 1 {
		t.Errorf("critical rolls %d, dice %d, damage %d; want no critical roll and 1 wound", stages(res, rearrank.Critical), r.Used(), res.After.Fighter().Damage)
	}
}

func TestE73LowCriticalKeepsAllowance(t *testing.T) { // RULES.md 16.6, R23
	res, _ := resolve(t, mustUnit(t, fighter(3, rules.SaveProfile{})), []rearrank.Attack{blow(2, rules.Bladed, 3)}, 6, 2, 6, 4)
	if got := stages(res, rearrank.Critical); got != 2 {
		t.Errorf("critical rolls %d, want 2: a roll of 2 is no critical and does not use the allowance", got)
	}
}

func TestE74OneCriticalPerPhase(t *testing.T) { // RULES.md 16.6
	// first: wound 6, critical 4 (no armour save); second: wound 6, ordinary, armour 4+ rolls 5 and saves
	res, r := resolve(t, mustUnit(t, fighter(3, lightShield)), []rearrank.Attack{blow(2, rules.Bladed, 3)}, 6, 4, 6, 5)
	if r.Used() != 4 || stages(res, rearrank.Critical) != 1 || stages(res, rearrank.Armour) != 1 || res.Tally.Unsaved != 1 {
		t.Errorf("dice %d, critical rolls %d, armour rolls %d, unsaved %d; want 4, 1, 1, 1",
			r.Used(), stages(res, rearrank.Critical), stages(res, rearrank.Armour), res.Tally.Unsaved)
	}
}

// outOfAction is the chance the fighter goes out of action, given forced faces.
func outOfAction(t *testing.T, s unit.Spec, a rearrank.Attack, start ...int) *big.Rat {
	t.Helper()
	return probability(t, mustUnit(t, s), []rearrank.Attack{a}, start, func(r *referee.Result) bool {
		return r.After.Fighter().Skirmish.Status == unit.OutOfAction
	})
}

func TestE76MissileSixTwoInjuries(t *testing.T) { // RULES.md 16.6
	wantRat(t, "P(out of action)", outOfAction(t, fighter(1, lightShield), blow(1, rules.Missile, 3), 6, 6), "5/9")
}

func TestE77BladedSix(t *testing.T) { // RULES.md 16.6
	wantRat(t, "P(out of action)", outOfAction(t, fighter(1, lightShield), blow(1, rules.Bladed, 3), 6, 6), "8/9")
}

func TestE78BladedFiveTwoSaves(t *testing.T) { // RULES.md 16.6
	got := map[int]*big.Rat{}
	exhaust(t, mustUnit(t, fighter(3, lightShield)), []rearrank.Attack{blow(1, rules.Bladed, 3)}, []int{6, 5}, func(r *referee.Result, p *big.Rat) {
		n := r.Tally.Unsaved
		if got[n] == nil {
			got[n] = new(big.Rat)
		}
		got[n].Add(got[n], p)
	})
	for n, want := range map[int]string{0: "1/4", 1: "1/2", 2: "1/4"} {
		if got[n] == nil {
			got[n] = new(big.Rat)
		}
		wantRat(t, "P(unsaved wounds = "+string(rune('0'+n))+")", got[n], want)
	}
}

func TestE79Bludgeoned(t *testing.T) { // RULES.md 16.6, C17, R30
	five := rules.SaveProfile{Armour: rules.HeavyArmour} // 5+ in skirmish (7.4)
	res, _ := resolve(t, mustUnit(t, fighter(3, five)), []rearrank.Attack{blow(1, rules.Bludgeoning, 3)}, 6, 6, 2)
	if status(res) != unit.OutOfAction {
		t.Errorf("failed save: %s, want out of action", status(res))
	}
	res, _ = resolve(t, mustUnit(t, fighter(3, five)), []rearrank.Attack{blow(1, rules.Bludgeoning, 3)}, 6, 6, 5)
	if status(res) != unit.Standing || res.After.Fighter().Damage != 0 {
		t.Errorf("passed save: %s with %d damage, want nothing", status(res), res.After.Fighter().Damage)
	}
	res, _ = resolve(t, mustUnit(t, fighter(3, rules.SaveProfile{})), []rearrank.Attack{blow(1, rules.Bludgeoning, 3)}, 6, 6)
	if status(res) != unit.OutOfAction {
		t.Errorf("no armour: %s, want out of action", status(res))
	}
}

func TestE80WeaponWoundsAgainstCritical(t *testing.T) { // RULES.md 16.6, R39
	for _, c := range []struct{ d3, want int }{{1, 2}, {3, 3}} {
		a := blow(1, rules.Missile, 3)
		a.MultipleWounds = expr("D3")
		res, _ := resolve(t, mustUnit(t, fighter(5, rules.SaveProfile{})), []rearrank.Attack{a}, 6, 6, c.d3)
		if res.Tally.Wounds != c.want {
			t.Errorf("D3 = %d: %d wounds, want %d", c.d3, res.Tally.Wounds, c.want)
		}
	}
}

func TestE81ThrustKnocksDown(t *testing.T) { // RULES.md 16.6, R27
	res, _ := resolve(t, mustUnit(t, fighter(3, lightShield)), []rearrank.Attack{blow(1, rules.Thrusting, 3)}, 6, 5, 4)
	if status(res) != unit.KnockedDown || res.Tally.Unsaved != 0 {
		t.Errorf("save passed: %s, unsaved %d; want knocked down, no wound", status(res), res.Tally.Unsaved)
	}
	res, _ = resolve(t, mustUnit(t, fighter(3, lightShield)), []rearrank.Attack{blow(1, rules.Thrusting, 3)}, 6, 5, 2)
	if status(res) != unit.KnockedDown || res.Tally.Unsaved != 1 {
		t.Errorf("save failed: %s, unsaved %d; want knocked down and wounded", status(res), res.Tally.Unsaved)
	}
}

func TestE82UnarmedFive(t *testing.T) { // RULES.md 16.6
	// wound 6, critical 5, armour 4+ fails on 1: one injury roll at +1
	wantRat(t, "P(out of action)", outOfAction(t, fighter(1, lightShield), blow(1, rules.Unarmed, 3), 6, 5, 1), "1/2")
}

func TestE83BludgeoningFour(t *testing.T) { // RULES.md 16.6
	s := fighter(1, rules.SaveProfile{Armour: rules.LightArmour, Shield: true, Helmet: true})
	// wound 6, critical 4: no armour, then injury 3 (stunned), and no helmet save
	res, r := resolve(t, mustUnit(t, s), []rearrank.Attack{blow(1, rules.Bludgeoning, 3)}, 6, 4, 3)
	if r.Used() != 3 || status(res) != unit.Stunned || !res.After.Fighter().Skirmish.CannotFight || stages(res, rearrank.Helmet) != 0 {
		t.Errorf("dice %d, %s, cannot fight %v; want 3 dice, stunned, cannot fight, no helmet roll",
			r.Used(), status(res), res.After.Fighter().Skirmish.CannotFight)
	}
}

func TestE84HeroLosesWounds(t *testing.T) { // RULES.md 16.6
	u := mustUnit(t, fighter(2, rules.SaveProfile{}))
	res, _ := resolve(t, u, []rearrank.Attack{blow(1, rules.NoWeaponClass, 3)}, 4)
	if stages(res, rearrank.Injury) != 0 || res.After.Fighter().Damage != 1 {
		t.Fatalf("first wound: %d injury rolls, damage %d; want none and W1 left", stages(res, rearrank.Injury), res.After.Fighter().Damage)
	}
	res, _ = resolve(t, res.After, []rearrank.Attack{blow(1, rules.NoWeaponClass, 3)}, 4, 3)
	if stages(res, rearrank.Injury) != 1 || status(res) != unit.Stunned {
		t.Errorf("second wound: %d injury rolls, %s; want one roll: stunned", stages(res, rearrank.Injury), status(res))
	}
}

func TestE88SwordChain(t *testing.T) { // RULES.md 16.7
	a := blow(1, rules.Bladed, 3)
	a.Hit = rearrank.HitSpec{WS: 3}
	p := probability(t, mustUnit(t, fighter(1, lightShield)), []rearrank.Attack{a}, nil, func(r *referee.Result) bool { return r.Tally.Unsaved > 0 })
	wantRat(t, "P(at least one unsaved wound)", p, "41/288")
}
