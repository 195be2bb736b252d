package rules

import (
	"maps"
	"math/big"
	"testing"
)

// TestTowMeleeToHit is RULES.md 22.15 E150 and E151: the tow Weapon Skill
// chart with its 2+ step, and modifiers clamped so a natural 6 still hits.
func TestTowMeleeToHit(t *testing.T) {
	o := Options{}
	for _, c := range []struct {
		name     string
		ws, d    int
		modifier int
		want     string
		p        *big.Rat
	}{
		{"E150 WS3 v WS1 (whfb8 3+)", 3, 1, 0, "2+", frac(5, 6)},
		{"E150 WS4 v WS2", 4, 2, 0, "3+", frac(2, 3)},
		{"E150 WS5 v WS2", 5, 2, 0, "2+", frac(5, 6)},
		{"E150 WS4 v WS8", 4, 8, 0, "4+", frac(1, 2)},
		{"E150 WS4 v WS9", 4, 9, 0, "5+", frac(1, 3)},
		{"E150 WS10 v WS5", 10, 5, 0, "3+", frac(2, 3)},
		{"E150 WS1 v WS3", 1, 3, 0, "5+", frac(1, 3)},
		{"E151 WS4 v WS4, Fear -1", 4, 4, -1, "5+", frac(1, 3)},
		{"E151 WS4 v WS4, -3: natural 6 only", 4, 4, -3, "6+", frac(1, 6)},
		{"E151 WS2 v WS2, +2", 2, 2, 2, "2+", frac(5, 6)},
	} {
		t.Run(c.name, func(t *testing.T) {
			need := MeleeHitClamp(TargetToHit(TOW, MeleeToHit(TOW, c.ws, c.d, o), c.modifier))
			wantTarget(t, need, c.want)
			num, den := HitChance(TOW, need, o)
			wantRat(t, "hit", frac(num, den), c.p)
		})
	}
	wantTarget(t, MeleeToHit(WHFB8, 3, 1, o), "3+") // E150: whfb8 has no 2+ step
}

// towShot is the exact chance that one shot of Ballistic Skill bs with a
// to-hit modifier hits in tow: the first roll (with the 7+ procedure), and
// a miss re-rolled once unmodified at ShootingRetry (RULES.md 22.2).
func towShot(bs, modifier int) *big.Rat {
	num, den := HitChance(TOW, ShootingToHit(TOW, bs, modifier), Options{})
	p := frac(num, den)
	if r := ShootingRetry(TOW, bs); !r.IsNone() {
		first, _, ok := HitRolls(TOW, ShootingToHit(TOW, bs, modifier), Options{})
		if ok || first.Value() <= 9 {
			p = add(p, mul(fail(p), chance(r, 1)))
		}
	}
	return p
}

// TestTowShooting is RULES.md 22.15 E152 and E153: BS 1-5 as whfb8 with the
// 7+ procedure; BS 6-10 hit on 2+ after modifiers and re-roll a miss.
func TestTowShooting(t *testing.T) {
	for _, c := range []struct {
		name         string
		bs, modifier int
		first, retry string
		p            *big.Rat
	}{
		{"E152 BS3 long range and partial cover", 3, -2, "6+", "-", frac(1, 6)},
		{"E152 BS2 at -2: a 6 then 4+", 2, -2, "7+", "-", frac(1, 12)},
		{"E152 BS1 at -3: a 6 then a 6", 1, -3, "9+", "-", frac(1, 36)},
		{"E152 BS3 at -6: no hit", 3, -6, "10+", "-", frac(0, 1)},
		{"E153 BS6: 2+ then 6+", 6, 0, "2+", "6+", frac(31, 36)},
		{"E153 BS6 at -1: 3+ then 6+", 6, -1, "3+", "6+", frac(13, 18)},
		{"E153 BS8 at -2: 4+ then 4+", 8, -2, "4+", "4+", frac(3, 4)},
		{"E153 BS10: 2+ then 2+", 10, 0, "2+", "2+", frac(35, 36)},
		{"E175 BS1 at -1: a 6 then 4+", 1, -1, "7+", "-", frac(1, 12)},
	} {
		t.Run(c.name, func(t *testing.T) {
			wantTarget(t, ShootingToHit(TOW, c.bs, c.modifier), c.first)
			wantTarget(t, ShootingRetry(TOW, c.bs), c.retry)
			wantRat(t, "hit", towShot(c.bs, c.modifier), c.p)
		})
	}
	wantTarget(t, ShootingRetry(WHFB8, 6), "-") // whfb8 has no BS 6+ re-roll
}

// TestTowToWound is RULES.md 22.15 E154 and E163, E175: a chart that reaches
// S - T = -5 at 6+, and Poisoned Attacks at +2 (errata) or wounding
// automatically (2024).
func TestTowToWound(t *testing.T) {
	o := Options{}
	for _, c := range []struct {
		name string
		s, t int
		want string
	}{
		{"E154 S5 v T3", 5, 3, "2+"},
		{"E154 S1 v T6 (whfb8 impossible)", 1, 6, "6+"},
		{"E154 S2 v T7 (Kloevedal impossible)", 2, 7, "6+"},
		{"E154 S3 v T8", 3, 8, "6+"},
		{"E154 S5 v T10", 5, 10, "6+"},
		{"E154 S1 v T7", 1, 7, "impossible"},
		{"E154 S4 v T10", 4, 10, "impossible"},
	} {
		t.Run(c.name, func(t *testing.T) { wantTarget(t, ToWound(TOW, c.s, c.t, o), c.want) })
	}
	wantTarget(t, ToWound(WHFB8, 1, 6, o), "impossible") // E154: whfb8

	// E163: to hit 4+, S3 v T4, no armour, per attack.
	// A natural 6 to hit (1/6) is poisoned; a 4 or 5 (2/6) rolls as usual.
	six, fourOrFive := frac(1, 6), frac(2, 6)
	plain := ToWound(TOW, 3, 4, o)
	poisoned := PoisonedToWound(plain)
	wantTarget(t, poisoned, "3+")
	plusTwo := add(mul(six, chance(poisoned, 1)), mul(fourOrFive, chance(plain, 1)))
	wantRat(t, "E163 plus_two", plusTwo, frac(2, 9))
	autoWound := add(six, mul(fourOrFive, chance(plain, 1)))
	wantRat(t, "E163 auto_wound", autoWound, frac(5, 18))
	if !PoisonAutoWounds(WHFB8, o) || PoisonAutoWounds(TOW, o) || !PoisonAutoWounds(TOW, Options{PoisonedAttacks: PoisonAutoWound}) {
		t.Error("PoisonAutoWounds: want whfb8 always, tow only under auto_wound")
	}
	// E175: S1 v T7 is too tough; +2 cannot make it possible (T-1).
	wantTarget(t, PoisonedToWound(ToWound(TOW, 1, 7, o)), "impossible")
	if PoisonBlockedByToughness(TOW, o) || !PoisonBlockedByToughness(TOW, Options{TooToughBlocksPoison: true}) {
		t.Error("PoisonBlockedByToughness: want only under too_tough_blocks_poison")
	}
}

// TestTowArmour is RULES.md 22.15 E155, E156, E157, E173 and E174: armour
// values from equipment, worsened by AP only, capped at 2+ or 3+, Parry.
func TestTowArmour(t *testing.T) {
	o := Options{}
	type armourCase struct {
		name string
		p    SaveProfile
		tt   TroopType
		pen  Penetration
		want string
	}
	for _, c := range []armourCase{
		{"E155 infantry light+shield", SaveProfile{Armour: LightArmour, Shield: true}, Infantry, Penetration{}, "5+"},
		{"E155 heavy+shield", SaveProfile{Armour: HeavyArmour, Shield: true}, Infantry, Penetration{}, "4+"},
		{"E155 full plate+shield", SaveProfile{Armour: PlateArmour, Shield: true}, Infantry, Penetration{}, "3+"},
		{"E155 heavy cavalry heavy+shield+barding (whfb8 2+)", SaveProfile{Armour: HeavyArmour, Shield: true, Barding: true}, Cavalry, Penetration{}, "3+"},
		{"E155 cavalry, no armour or barding (whfb8 6+)", SaveProfile{}, Cavalry, Penetration{}, "-"},
		{"E155 shield only", SaveProfile{Shield: true}, Infantry, Penetration{}, "6+"},
		{"E155 knight, capped at 2+", SaveProfile{Armour: PlateArmour, Shield: true, Barding: true, SaveBonus: 1}, Cavalry, Penetration{}, "2+"},
		{"E155 monster capped at 3+", SaveProfile{Armour: HeavyArmour, SaveBonus: 4}, Monster, Penetration{}, "3+"},
		{"E155 knight at AP -1", SaveProfile{Armour: PlateArmour, Shield: true, Barding: true, SaveBonus: 1}, Cavalry, Penetration{AP: 1}, "3+"},
		{"E156 crossbow S4 AP 0 v light+shield (whfb8 6+)", SaveProfile{Armour: LightArmour, Shield: true}, Infantry, Penetration{Strength: 4}, "5+"},
		{"E156 S3 AP -1 v heavy+shield", SaveProfile{Armour: HeavyArmour, Shield: true}, Infantry, Penetration{Strength: 3, AP: 1}, "5+"},
		{"E157 Parry light+shield", SaveProfile{Armour: LightArmour, Shield: true, Parry: true}, Infantry, Penetration{Melee: true}, "4+"},
		{"E157 Parry heavy+shield", SaveProfile{Armour: HeavyArmour, Shield: true, Parry: true}, Infantry, Penetration{Melee: true}, "3+"},
		{"E157 Parry full plate+shield, not past 3+", SaveProfile{Armour: PlateArmour, Shield: true, Parry: true}, Infantry, Penetration{Melee: true}, "3+"},
		{"E157 Parry does nothing when shot", SaveProfile{Armour: LightArmour, Shield: true, Parry: true}, Infantry, Penetration{}, "5+"},
		{"22.10 Parry: heavy infantry", SaveProfile{Armour: LightArmour, Shield: true, Parry: true}, HeavyInfantry, Penetration{Melee: true}, "4+"},
		{"22.10 no Parry for cavalry", SaveProfile{Armour: LightArmour, Shield: true, Parry: true}, Cavalry, Penetration{Melee: true}, "5+"},
		{"22.10 no Parry for a swarm", SaveProfile{Armour: LightArmour, Shield: true, Parry: true}, Swarm, Penetration{Melee: true}, "5+"},
		{"22.10 no Parry for monstrous infantry", SaveProfile{Armour: LightArmour, Shield: true, Parry: true}, MonstrousInfantry, Penetration{Melee: true}, "5+"},
		{"E158 full plate+shield v halberd AP -1", SaveProfile{Armour: PlateArmour, Shield: true}, Infantry, Penetration{AP: 1}, "4+"},
		{"E158 full plate+shield v great weapon AP -2", SaveProfile{Armour: PlateArmour, Shield: true}, Infantry, Penetration{AP: 2}, "5+"},
		{"E174 heavy+shield on a 4+ monster", SaveProfile{Armour: HeavyArmour, Shield: true, MountArmour: Need(4)}, Monster, Penetration{}, "4+"},
		{"E174 full plate+shield on a 4+ monster", SaveProfile{Armour: PlateArmour, Shield: true, MountArmour: Need(4)}, Monster, Penetration{}, "3+"},
		{"E174 the latter v AP -2", SaveProfile{Armour: PlateArmour, Shield: true, MountArmour: Need(4)}, Monster, Penetration{AP: 2}, "5+"},
		{"E155 heavy_cavalry as cavalry: barding counts", SaveProfile{Armour: HeavyArmour, Shield: true, Barding: true}, HeavyCavalry, Penetration{}, "3+"},
		{"22.10 heavy_chariot capped at 3+", SaveProfile{ArmourSave: Need(2)}, HeavyChariot, Penetration{}, "3+"},
		{"22.10 behemoth capped at 3+", SaveProfile{Armour: PlateArmour, SaveBonus: 3}, Behemoth, Penetration{}, "3+"},
		{"22.10 heavy_infantry capped at 2+", SaveProfile{Armour: PlateArmour, Shield: true, SaveBonus: 3}, HeavyInfantry, Penetration{}, "2+"},
		{"E174 a better mount: 3+, not past the monster cap", SaveProfile{Armour: LightArmour, MountArmour: Need(2)}, Monster, Penetration{}, "3+"},
		{"22.4 a printed 4+ replaces the suit", SaveProfile{Armour: LightArmour, ArmourSave: Need(4)}, Chariot, Penetration{}, "4+"},
	} {
		t.Run(c.name, func(t *testing.T) { wantTarget(t, ArmourSave(TOW, c.p, c.tt, c.pen, o), c.want) })
	}

	// The whfb8 values 22.15 gives beside E155 and E156, for the contrast:
	// the mount's +1, no AP, Strength's modifier.
	for _, c := range []armourCase{
		{"E155 whfb8 heavy cavalry heavy+shield+barding", SaveProfile{Armour: HeavyArmour, Shield: true, Barding: true}, Cavalry, Penetration{Strength: 3}, "2+"},
		{"E155 whfb8 cavalry, no armour or barding", SaveProfile{}, Cavalry, Penetration{Strength: 3}, "6+"},
		{"E156 whfb8 crossbow S4 v light+shield", SaveProfile{Armour: LightArmour, Shield: true}, Infantry, Penetration{Strength: 4}, "6+"},
	} {
		t.Run(c.name, func(t *testing.T) { wantTarget(t, ArmourSave(WHFB8, c.p, c.tt, c.pen, o), c.want) })
	}
	w8 := ArmourSave(WHFB8, SaveProfile{Armour: HeavyArmour, Shield: true}, Infantry, Penetration{Strength: 3}, o)
	wantRat(t, "E156 whfb8 S3 v heavy+shield per hit", mul(chance(ToWound(WHFB8, 3, 3, o), 1), fail(chance(w8, 1))), frac(1, 4))

	// E156, E173: per hit and per attack.
	s3t3 := chance(ToWound(TOW, 3, 3, o), 1)
	fiveUp := ArmourSave(TOW, SaveProfile{Armour: HeavyArmour, Shield: true}, Infantry, Penetration{AP: 1}, o)
	wantRat(t, "E156 S3 AP -1 per hit", mul(s3t3, fail(chance(fiveUp, 1))), frac(1, 3))
	parry := ArmourSave(TOW, SaveProfile{Armour: LightArmour, Shield: true, Parry: true}, Infantry, Penetration{Strength: 3, Melee: true}, o)
	perAttack := mul(frac(1, 2), s3t3, fail(chance(parry, 1)))
	wantRat(t, "E173 per attack", perAttack, frac(1, 8))
	wantRat(t, "E173 expected of 10", mul(frac(10, 1), perAttack), frac(5, 4))
}

// TestTowSpecialSaves is RULES.md 22.5 and 22.6: Regeneration is never a
// ward alternative in tow; it is rolled after damage, and Flaming denies it
// only to flammable models.
func TestTowSpecialSaves(t *testing.T) {
	o := Options{}
	s := SpecialSaves{Ward: Need(5), Regeneration: Need(4)}
	if got, kind := SpecialSave(TOW, s, SaveContext{}, o); got != Need(5) || kind != Ward {
		t.Errorf("SpecialSave = %v %v, want the 5+ ward (E159)", got, kind)
	}
	if got, kind := SpecialSave(WHFB8, s, SaveContext{}, o); got != Need(4) || kind != Regeneration {
		t.Errorf("whfb8 SpecialSave = %v %v, want Regeneration 4+ (E159)", got, kind)
	}
	flammable := s
	flammable.Flammable = true
	for _, c := range []struct {
		name string
		s    SpecialSaves
		c    SaveContext
		want string
	}{
		{"E159 after the ward", s, SaveContext{}, "4+"},
		{"E160 Flaming, not flammable", s, SaveContext{Flaming: true}, "4+"},
		{"E160 Flaming on a flammable unit", flammable, SaveContext{Flaming: true}, "-"},
		{"E160 flammable, not Flaming", flammable, SaveContext{}, "4+"},
		{"22.6 no_saves", s, SaveContext{NoSaves: true}, "-"},
	} {
		t.Run(c.name, func(t *testing.T) { wantTarget(t, RegenerationAfter(TOW, c.s, c.c, o), c.want) })
	}
	wantTarget(t, RegenerationAfter(WHFB8, s, SaveContext{}, o), "-")
}

// TestTowCategories is RULES.md 22.10: a rule for a category binds its
// sub-categories. Killing Blow takes the infantry and cavalry categories,
// Monster Slayer (through Category) the monsters, Cleaving Blow regular and
// heavy infantry, light and heavy cavalry and war beasts.
func TestTowCategories(t *testing.T) {
	for _, c := range []struct {
		tt                  TroopType
		category            TroopType
		killingBlow, cleave bool
	}{
		{HeavyInfantry, Infantry, true, true},
		{LightCavalry, Cavalry, true, true},
		{HeavyCavalry, Cavalry, true, true},
		{LightChariot, Chariot, false, false},
		{HeavyChariot, Chariot, false, false},
		{MonstrousCreature, Monster, false, false},
		{Behemoth, Monster, false, false},
		{MonstrousInfantry, MonstrousInfantry, true, false},
		{Swarm, Swarm, true, false},
	} {
		if got := c.tt.Category(); got != c.category {
			t.Errorf("%s.Category() = %s, want %s", c.tt, got, c.category)
		}
		if got := BlowSlays(TOW, c.tt, false); got != c.killingBlow {
			t.Errorf("Killing Blow slays %s: %t, want %t", c.tt, got, c.killingBlow)
		}
		if got := Cleaves(c.tt); got != c.cleave {
			t.Errorf("Cleaving Blow binds %s: %t, want %t", c.tt, got, c.cleave)
		}
		if !c.tt.TowOnly() && c.tt != c.category {
			t.Errorf("%s: a sub-category that other rulesets accept", c.tt)
		}
	}
	if Infantry.TowOnly() || MonstrousBeast.TowOnly() || !Behemoth.TowOnly() {
		t.Error("TowOnly: want the seven sub-categories of 22.12 only")
	}
}

// TestTroopTypeReadBy: tow reads its sub-categories and no monstrous_beast,
// every other ruleset the reverse (RULES.md 22.10, 22.12), and In names the
// troop type a ruleset reads in place of one it does not.
func TestTroopTypeReadBy(t *testing.T) {
	for _, rs := range Rulesets() {
		tow := For(rs).TroopCategories
		for i := range troopTypeCount {
			tt := TroopType(i)
			want := !(tt.TowOnly() && !tow) && !(tt == MonstrousBeast && tow)
			if got := tt.ReadBy(rs); got != want {
				t.Errorf("%s reads %s: %v, want %v", rs, tt, got, want)
			}
			if in := tt.In(rs); !in.ReadBy(rs) || want && in != tt {
				t.Errorf("%s reads %s in place of %s", rs, in, tt)
			}
		}
	}
	if got := MonstrousBeast.In(TOW); got != WarBeast {
		t.Errorf("tow: monstrous_beast is read as %s, want war_beast", got)
	}
	if got := HeavyCavalry.In(WHFB8); got != Cavalry {
		t.Errorf("whfb8: heavy_cavalry is read as %s, want cavalry", got)
	}
}

// TestTowStepUpLost: a model that steps forward into the fighting rank to
// replace a casualty cannot attack in that phase (RULES.md 22.18), so tow's
// step_up is lost by default; the block rulesets of 21.11 keep fights, and
// a file's step_up: fights still lets them fight in tow.
func TestTowStepUpLost(t *testing.T) {
	defaults := map[Ruleset]string{}
	for _, s := range CombatSwitches() {
		if s.Name != "step_up" {
			continue
		}
		for _, r := range s.Rulesets {
			defaults[r] = s.DefaultFor(r)
		}
		if want := "fights (battleaxe, whfb8, t9a, t9a1-ru), lost (tow)"; s.Default != want {
			t.Errorf("step_up default %q, want %q", s.Default, want)
		}
	}
	want := map[Ruleset]string{Battleaxe: "fights", WHFB8: "fights", T9A: "fights", T9A1RU: "fights", TOW: "lost"}
	if !maps.Equal(defaults, want) {
		t.Errorf("step_up defaults %v, want %v", defaults, want)
	}
	for _, tc := range []struct {
		value string
		want  bool
	}{{"", true}, {"lost", true}, {"fights", false}} {
		var o Options
		if tc.value != "" {
			if err := o.Set("step_up", tc.value); err != nil {
				t.Fatal(err)
			}
			if err := o.ReadBy(TOW); err != nil {
				t.Errorf("step_up %s in tow: %v", tc.value, err)
			}
		}
		if got := o.StepUpLostIn(TOW); got != tc.want {
			t.Errorf("tow, step_up %q: lost %t, want %t", tc.value, got, tc.want)
		}
	}
}

// TestTowRefusesInstantKillTakes: tow reads no instant_kill_takes, and its
// refusal says why in docs/rules.md's words (RULES.md 22.18); the rulesets
// that read it, and one that does not for another reason, add nothing.
func TestTowRefusesInstantKillTakes(t *testing.T) {
	const why = "every instant kill (instant_kill, killing_blow, monster_slayer) takes the model now losing Wounds, command models last (rules 22.8)"
	var sw Switch
	for _, s := range Switches() {
		if s.Name == "instant_kill_takes" {
			sw = s
		}
	}
	for _, c := range []struct {
		rs   Ruleset
		want string
	}{{TOW, why}, {WHFB8, ""}, {Battleaxe, ""}, {Skirmish, ""}} {
		if got := sw.NotReadBy(c.rs); got != c.want {
			t.Errorf("NotReadBy(%v) = %q, want %q", c.rs, got, c.want)
		}
	}
	o := Options{InstantKillTakes: FreshModel}
	if err := o.ReadBy(TOW); err == nil || err.Error() != "option instant_kill_takes: only battleaxe, whfb8, t9a or t9a1-ru read it: "+why {
		t.Errorf("ReadBy(tow) = %v", err)
	}
	if err := o.ReadBy(WHFB8); err != nil {
		t.Errorf("ReadBy(whfb8) = %v", err)
	}
}
