package rules

import (
	"fmt"
	"math/big"
	"testing"
)

// The three critical tables of RULES.md 6.2, every cell.
func TestCriticalHitTable(t *testing.T) {
	type effect struct {
		noArmour, noHelmet, cannotFight, ricochet, disarm, ooa, extra, knockDown, knockback, separate bool
		wounds, bonus                                                                                 int
		bonusIfFails                                                                                  bool
	}
	tests := []struct {
		class WeaponClass
		roll  int
		want  effect
	}{
		{Missile, 4, effect{noArmour: true, wounds: 1}},
		{Missile, 5, effect{ricochet: true, wounds: 1}},
		{Missile, 6, effect{noArmour: true, wounds: 2}},
		{Bludgeoning, 4, effect{noArmour: true, noHelmet: true, cannotFight: true, wounds: 1}}, // R26
		{Bludgeoning, 5, effect{disarm: true, wounds: 1}},
		{Bludgeoning, 6, effect{ooa: true, wounds: 1}},
		{Bladed, 4, effect{noArmour: true, wounds: 1}},
		{Bladed, 5, effect{separate: true, wounds: 2}},
		{Bladed, 6, effect{noArmour: true, wounds: 2, bonus: 2}},
		{Unarmed, 4, effect{extra: true, wounds: 1}},
		{Unarmed, 5, effect{wounds: 1, bonus: 1, bonusIfFails: true}},
		{Unarmed, 6, effect{noArmour: true, wounds: 1, bonus: 2}},
		{Thrusting, 4, effect{wounds: 1, bonus: 1}},
		{Thrusting, 5, effect{knockDown: true, wounds: 1}}, // R27
		{Thrusting, 6, effect{noArmour: true, knockback: true, wounds: 1, bonus: 2}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v %d", tt.class, tt.roll), func(t *testing.T) {
			c := CriticalHit(tt.class, tt.roll)
			got := effect{c.NoArmour, c.NoHelmet, c.CannotFight, c.Ricochet, c.Disarm, c.OutOfActionIfArmourFails,
				c.ExtraAttack, c.KnockDown, c.Knockback, c.SeparateSaves, c.Wounds, c.InjuryBonus, c.InjuryBonusOnlyIfSaveFails}
			if got != tt.want {
				t.Errorf("effect %+v, want %+v", got, tt.want)
			}
			if !c.Caused || c.Class != tt.class || c.Roll != tt.roll {
				t.Errorf("Caused %v, Class %v, Roll %d", c.Caused, c.Class, c.Roll)
			}
			if prefix := fmt.Sprintf("%v %d: ", tt.class, tt.roll); len(c.Text) <= len(prefix) || c.Text[:len(prefix)] != prefix {
				t.Errorf("Text %q does not start with %q", c.Text, prefix)
			}
		})
	}
	// Rolls 1-3 cause nothing (R23), in every class.
	for _, class := range []WeaponClass{NoWeaponClass, Missile, Bludgeoning, Bladed, Unarmed, Thrusting} {
		for roll := 1; roll <= 6; roll++ {
			c := CriticalHit(class, roll)
			if (roll <= 3 || class == NoWeaponClass) == c.Caused {
				t.Errorf("%v %d: Caused %v", class, roll, c.Caused)
			}
			if !c.Caused && (c != Critical{Class: class, Roll: roll, Wounds: 1, Text: c.Text}) {
				t.Errorf("%v %d: no critical but effects %+v", class, roll, c)
			}
		}
	}
	if got := CriticalHit(Bladed, 6).Text; got != "bladed 6: no armour save, 2 wounds, +2 to injury rolls" {
		t.Errorf("bladed 6 text %q", got)
	}
}

func TestCriticalHitPanicsOnNonFace(t *testing.T) {
	for _, roll := range []int{0, 7} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("CriticalHit(bladed, %d) did not panic", roll)
				}
			}()
			CriticalHit(Bladed, roll)
		}()
	}
}

func TestCriticalExamples(t *testing.T) {
	t.Run("E73 critical D6 2: no critical, allowance kept", func(t *testing.T) { // RULES.md 16.6, R23
		c := CriticalHit(Bladed, 2)
		if c.Caused || c.UsesAllowance(Options{}) {
			t.Errorf("Caused %v, UsesAllowance %v; want false, false", c.Caused, c.UsesAllowance(Options{}))
		}
		if !c.UsesAllowance(Options{LowCritConsumes: true}) {
			t.Errorf("low_crit_consumes_allowance: UsesAllowance false")
		}
	})
	t.Run("E74 sword critical 4: no armour save, allowance used", func(t *testing.T) { // RULES.md 16.6
		c := CriticalHit(Bladed, 4)
		if !c.NoArmour || !c.UsesAllowance(Options{}) {
			t.Errorf("NoArmour %v, UsesAllowance %v; want true, true", c.NoArmour, c.UsesAllowance(Options{}))
		}
	})
	t.Run("E75 chance of a critical effect is 1/12", func(t *testing.T) { // RULES.md 16.6
		for _, class := range []WeaponClass{Missile, Bludgeoning, Bladed, Unarmed, Thrusting} {
			got := new(big.Rat)
			for roll := 1; roll <= 6; roll++ {
				if CriticalHit(class, roll).Caused {
					got.Add(got, frac(1, 36)) // natural 6 to wound, then this critical roll
				}
			}
			wantRat(t, class.String(), got, frac(1, 12))
		}
	})
	t.Run("E76 missile 6 on a W1 target with a 4+ save", func(t *testing.T) { // RULES.md 16.6
		c := CriticalHit(Missile, 6)
		if !c.NoArmour || c.Wounds != 2 {
			t.Fatalf("NoArmour %v, Wounds %d; want true, 2", c.NoArmour, c.Wounds)
		}
		rolls := InjuryRolls(1, c.Wounds)
		wantRat(t, "out of action", outOfActionChance(rolls, c.InjuryBonus), frac(5, 9))
	})
	t.Run("E77 bladed 6 on a W1 target", func(t *testing.T) { // RULES.md 16.6
		c := CriticalHit(Bladed, 6)
		if !c.NoArmour || c.Wounds != 2 || c.InjuryBonus != 2 {
			t.Fatalf("NoArmour %v, Wounds %d, InjuryBonus %d; want true, 2, 2", c.NoArmour, c.Wounds, c.InjuryBonus)
		}
		wantRat(t, "out of action", outOfActionChance(c.Wounds, c.InjuryBonus), frac(8, 9))
	})
	t.Run("E78 bladed 5 against a 4+ save", func(t *testing.T) { // RULES.md 16.6
		c := CriticalHit(Bladed, 5)
		if !c.SeparateSaves || c.Wounds != 2 || c.NoArmour {
			t.Fatalf("SeparateSaves %v, Wounds %d, NoArmour %v", c.SeparateSaves, c.Wounds, c.NoArmour)
		}
		save := ArmourSave(Skirmish, SaveProfile{Armour: LightArmour, Shield: true}, Infantry, Penetration{Strength: 3}, Options{}) // 4+
		dist := make([]*big.Rat, c.Wounds+1)
		for i := range dist {
			dist[i] = new(big.Rat)
		}
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				unsaved := 0
				for _, face := range []int{a, b} {
					if !save.Succeeds(face, ArmourFloor(Skirmish)) {
						unsaved++
					}
				}
				dist[unsaved].Add(dist[unsaved], frac(1, 36))
			}
		}
		for i, want := range []*big.Rat{frac(1, 4), frac(1, 2), frac(1, 4)} {
			wantRat(t, fmt.Sprintf("P(%d wounds)", i), dist[i], want)
		}
	})
	t.Run("E79 bludgeoning 6 on a W3 hero", func(t *testing.T) { // RULES.md 16.6, R30, C17
		c := CriticalHit(Bludgeoning, 6)
		if !c.OutOfActionIfArmourFails || c.NoArmour {
			t.Fatalf("OutOfActionIfArmourFails %v, NoArmour %v", c.OutOfActionIfArmourFails, c.NoArmour)
		}
		fivePlus := ArmourSave(Skirmish, SaveProfile{SaveBonus: 2}, Infantry, Penetration{Strength: 3}, Options{})
		wantRat(t, "out of action with a 5+ save", fail(chance(fivePlus, 1)), frac(2, 3))
		none := ArmourSave(Skirmish, SaveProfile{}, Infantry, Penetration{Strength: 3}, Options{})
		wantRat(t, "out of action with no armour", fail(chance(none, 1)), frac(1, 1))
	})
	t.Run("E80 D3 weapon with missile 6", func(t *testing.T) { // RULES.md 16.6, R39
		c := CriticalHit(Missile, 6)
		if got := c.WoundsWith(1); got != 2 {
			t.Errorf("D3 = 1: %d wounds, want 2", got)
		}
		if got := c.WoundsWith(3); got != 3 {
			t.Errorf("D3 = 3: %d wounds, want 3", got)
		}
	})
	t.Run("E81 thrusting 5 against a 4+ save", func(t *testing.T) { // RULES.md 16.6, R27
		c := CriticalHit(Thrusting, 5)
		if !c.KnockDown || c.NoArmour || c.Wounds != 1 {
			t.Errorf("KnockDown %v, NoArmour %v, Wounds %d; want true, false, 1", c.KnockDown, c.NoArmour, c.Wounds)
		}
	})
	t.Run("E82 unarmed 5, save failed, W1", func(t *testing.T) { // RULES.md 16.6
		c := CriticalHit(Unarmed, 5)
		if c.InjuryBonus != 1 || !c.InjuryBonusOnlyIfSaveFails {
			t.Fatalf("InjuryBonus %d, only if save fails %v", c.InjuryBonus, c.InjuryBonusOnlyIfSaveFails)
		}
		wantRat(t, "out of action", outOfActionChance(1, c.InjuryBonus), frac(1, 2))
	})
	t.Run("E83 bludgeoning 4", func(t *testing.T) { // RULES.md 16.6, R26
		c := CriticalHit(Bludgeoning, 4)
		if !c.NoArmour || !c.NoHelmet || !c.CannotFight {
			t.Errorf("NoArmour %v, NoHelmet %v, CannotFight %v; want all true", c.NoArmour, c.NoHelmet, c.CannotFight)
		}
	})
}

func TestCanCritical(t *testing.T) {
	n := MustParseTarget
	tests := []struct {
		name  string
		rs    Ruleset
		phase Phase
		class WeaponClass
		need  Target
		o     Options
		want  bool
	}{
		{"skirmish melee", Skirmish, Melee, Bladed, n("4+"), Options{}, true},        // RULES.md 6.2
		{"skirmish shooting", Skirmish, Shooting, Missile, n("4+"), Options{}, true}, // RULES.md 6.2
		{"pistol in melee uses missile", Skirmish, Melee, Missile, n("4+"), Options{}, true},
		{"spells never", Skirmish, Magic, Bladed, n("4+"), Options{}, false}, // RULES.md 6.2
		{"other damage never", Skirmish, OtherPhase, Bladed, n("4+"), Options{}, false},
		{"no weapon class", Skirmish, Melee, NoWeaponClass, n("4+"), Options{}, false},
		{"block rulesets have none", WHFB8, Melee, Bladed, n("4+"), Options{}, false},
		{"R24 needing 6s still may by default", Skirmish, Melee, Bladed, n("6+"), Options{}, true},                // RULES.md 15
		{"R24 no_crit_when_needing6", Skirmish, Melee, Bladed, n("6+"), Options{NoCritWhenNeeding6: true}, false}, // RULES.md 18
		{"R24 switch leaves 5+ alone", Skirmish, Melee, Bladed, n("5+"), Options{NoCritWhenNeeding6: true}, true},
		{"cannot wound, so no natural 6 wounds", Skirmish, Melee, Bladed, Need(Impossible), Options{}, false},
	}
	for _, tt := range tests {
		if got := CanCritical(tt.rs, tt.phase, tt.class, tt.need, tt.o); got != tt.want {
			t.Errorf("%s: CanCritical = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// outOfActionChance is the chance that the worst of rolls injury rolls, each
// D6 + bonus, is out of action, by enumerating every combination of faces
// (RULES.md 13, C18).
func outOfActionChance(rolls, bonus int) *big.Rat {
	total, hits := 0, 0
	var walk func(left int, worst Injury)
	walk = func(left int, worst Injury) {
		if left == 0 {
			total++
			if worst == OutOfAction {
				hits++
			}
			return
		}
		for face := 1; face <= 6; face++ {
			walk(left-1, max(worst, InjuryResult(face, bonus)))
		}
	}
	walk(rolls, NoInjury)
	return frac(hits, total)
}

func TestInjuryChances(t *testing.T) {
	// RULES.md 13: "no bonus 1/3, +1 1/2, +2 2/3; two rolls 5/9, 3/4, 8/9".
	tests := []struct {
		rolls, bonus int
		want         *big.Rat
	}{
		{1, 0, frac(1, 3)}, {1, 1, frac(1, 2)}, {1, 2, frac(2, 3)},
		{2, 0, frac(5, 9)}, {2, 1, frac(3, 4)}, {2, 2, frac(8, 9)},
	}
	for _, tt := range tests {
		wantRat(t, fmt.Sprintf("%d rolls at +%d", tt.rolls, tt.bonus), outOfActionChance(tt.rolls, tt.bonus), tt.want)
	}
}

func TestInjuryResult(t *testing.T) {
	// RULES.md 13: 1-2 knocked down, 3-4 stunned, 5 or more out of action.
	want := map[int]Injury{1: KnockedDown, 2: KnockedDown, 3: Stunned, 4: Stunned, 5: OutOfAction, 6: OutOfAction, 7: OutOfAction, 8: OutOfAction}
	for roll := 1; roll <= 6; roll++ {
		for bonus := 0; bonus <= 2; bonus++ {
			if got := InjuryResult(roll, bonus); got != want[roll+bonus] {
				t.Errorf("InjuryResult(%d, %d) = %v, want %v", roll, bonus, got, want[roll+bonus])
			}
		}
	}
	for i, s := range []string{"none", "knocked_down", "stunned", "out_of_action"} {
		if got := Injury(i).String(); got != s {
			t.Errorf("Injury(%d) = %q, want %q", i, got, s)
		}
	}
	if NoInjury >= KnockedDown || KnockedDown >= Stunned || Stunned >= OutOfAction {
		t.Error("injuries must be ordered from least to most severe (C18: the worst is the max)")
	}
}

func TestHelmetSaves(t *testing.T) {
	for face := 1; face <= 6; face++ { // RULES.md 13: 4+
		if got := HelmetSaves(face); got != (face >= 4) {
			t.Errorf("HelmetSaves(%d) = %v", face, got)
		}
	}
}

func TestInjuryRolls(t *testing.T) {
	tests := []struct {
		name              string
		woundsLeft, taken int
		want              int
	}{
		{name: "E84 W2 hero takes 1 wound: no injury roll", woundsLeft: 2, taken: 1, want: 0}, // RULES.md 16.6
		{name: "E84 then another: injury roll", woundsLeft: 1, taken: 1, want: 1},             // RULES.md 16.6
		{name: "E76 W1 takes 2 wounds: 2 rolls", woundsLeft: 1, taken: 2, want: 2},            // RULES.md 16.6
		{name: "W3 takes 2: none", woundsLeft: 3, taken: 2, want: 0},
		{name: "W3 takes 4: two", woundsLeft: 3, taken: 4, want: 2},
		{name: "already at 0", woundsLeft: 0, taken: 1, want: 1},
		{name: "no wounds", woundsLeft: 1, taken: 0, want: 0},
	}
	for _, tt := range tests {
		if got := InjuryRolls(tt.woundsLeft, tt.taken); got != tt.want {
			t.Errorf("%s: InjuryRolls(%d, %d) = %d, want %d", tt.name, tt.woundsLeft, tt.taken, got, tt.want)
		}
	}
}
