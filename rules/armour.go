package rules

import "fmt"

// Penetration is what an attack brings against armour (RULES.md 7).
type Penetration struct {
	// Strength gives the save modifier of battleaxe, whfb8 and t9a1-ru
	// (S4 -1, S5 -2, ... with no limit) and skirmish (the same, at most -6).
	// t9a ignores it.
	Strength int
	// AP is t9a's Armour Penetration (RULES.md 7.2) and tow's AP (22.4); the other rulesets
	// ignore it. A Lethal Strike that rolled a natural 6 to wound has AP
	// LethalStrikeAP (RULES.md 19.3).
	AP int
	// ArmourPiercing is t9a1-ru's Armour Piercing (X) and, in every other
	// ruleset, a weapon's extra save modifier; in t9a it adds to AP. Each
	// point makes the save one worse.
	ArmourPiercing int
	// Melee is true for an attack made in close combat, where a tow Parry
	// improves the save (RULES.md 22.4).
	Melee bool
}

// LethalStrikeAP is the Armour Penetration a t9a Lethal Strike attack gets
// when its to-wound natural roll is 6 (RULES.md 19.3): no Armour is that high,
// so no armour save is possible.
const LethalStrikeAP = 10

// LethalStrikeNoArmour reports whether, in rs, a Lethal Strike attack whose
// to-wound natural roll was 6 allows no armour save (RULES.md 19.3): true for
// t9a1-ru (the rule says so) and for t9a (its AP becomes LethalStrikeAP, with
// the same effect), false for battleaxe, whfb8 and skirmish, which have no
// Lethal Strike. A referee may skip the armour save when this is true, or in
// t9a set AP to LethalStrikeAP and let ArmourSave report the impossible save.
func LethalStrikeNoArmour(rs Ruleset) bool {
	return For(rs).LethalStrike
}

// ArmourFloor returns the highest natural value that always fails an armour
// save in rs: 1 in every ruleset (RULES.md 3, 7; R32 for skirmish and
// t9a1-ru). A 1+ save therefore succeeds on 2-6.
func ArmourFloor(rs Ruleset) int { return For(rs).armourFloor }

// ArmourSave returns the armour save target of a model with save profile p
// and troop type tt against an attack with penetration pen (RULES.md 7). Roll
// it with Target.Succeeds(face, ArmourFloor(rs)).
//
// The result is None when the model has no armour save at all (an infantry
// model with nothing, E19; t9a Armour 0, E24), and a Target whose Value is 7
// or more when it has a save that the attack's modifiers make impossible
// (E15, E17: 2+5 = 7; E22: 2+7 = 9). Either way the wound goes on to the
// special save. ArmourSaveDetail gives the same result with its parts for
// logs.
//
//   - battleaxe and whfb8 (RULES.md 7.1, R2, R3): light 6+, heavy 5+, plate
//     4+, one better for a shield and for SaveBonus; mounted troop types
//     (TroopType.Mounted, 19.3) one better, and one more for barding. An
//     unarmoured rider has 6+; in battleaxe o.NoUnarmouredCavalrySave takes
//     that +1 away from a rider with no save of its own. The save is capped
//     at 1+ before the Strength modifier max(0, S-3) and ArmourPiercing are
//     added (E21: a nominal 0+ is 3+ against S5); in battleaxe
//     o.CapAfterModifiers caps the final target instead (2+ in E21). whfb8
//     always caps first.
//   - t9a (RULES.md 7.2): 7 - (ArmourValue - AP - ArmourPiercing), never
//     better than 2+ (R15).
//   - t9a1-ru (RULES.md 7.3): light 1, heavy 2, plate 3, shield 1, a mount 1
//     for mounted troop types and barding 1 more, plus SaveBonus, at most 6;
//     the save 7 - bonus gets max(0, S-3) + ArmourPiercing.
//   - tow (RULES.md 22.4): the value from equipment (none 7, light 6,
//     heavy 5, full plate 4, or a printed ArmourSave), one better for a
//     shield, barding on a mounted model and SaveBonus, capped at 2+ or
//     3+ by troop type, Parry in melee; then AP. Strength plays no part.
//   - skirmish (RULES.md 7.4): suit points (light 1, heavy 2, plate/gromril
//     3) + shield (2 with SeedArmour, 1 with ClassicArmour, R25) + SaveBonus
//     as natural armour; the save 7 - points gets min(6, max(0, S-3)) +
//     ArmourPiercing. The troop type is not read.
//
// No result is better than 1+; a 1+ still fails on a natural 1.
func ArmourSave(rs Ruleset, p SaveProfile, tt TroopType, pen Penetration, o Options) Target {
	return ArmourSaveDetail(rs, p, tt, pen, o).Need
}

// ArmourDetail is an armour save with its parts, for logs: Base before the
// attack's modifiers, the Modifier added to it, and the resulting Need (the
// value ArmourSave returns).
type ArmourDetail struct {
	Base     Target // None: the model has no armour save
	Modifier int    // Strength modifier plus ArmourPiercing, or t9a AP
	Need     Target
}

// String formats the detail as RULES.md 16.2 writes it: "-" for no save,
// "4+" without modifiers, "4+1 = 5+", and "2+5 = 7: impossible".
func (d ArmourDetail) String() string {
	switch {
	case d.Base.IsNone():
		return "-"
	case d.Modifier == 0 && d.Need.Possible():
		return d.Need.String()
	case !d.Need.Possible():
		return d.Msg().String()
	default:
		return fmt.Sprintf("%d%+d = %v", d.Base.Value(), d.Modifier, d.Need)
	}
}

// ArmourSaveDetail is ArmourSave with the parts of the calculation.
func ArmourSaveDetail(rs Ruleset, p SaveProfile, tt TroopType, pen Penetration, o Options) ArmourDetail {
	return For(rs).armour(p, tt, pen, o)
}

// strengthModifier is the save modifier of RULES.md 7.1 as a worsening of
// the target: S1-3 0, S4 1, S5 2, ... S10 7.
func strengthModifier(s int) int { return max(0, s-3) }

// classicArmourRules are the readings of RULES.md 7.1 that a ruleset using
// the classic save may switch (battleaxe, R2 and R3); the zero value is
// whfb8's.
type classicArmourRules struct {
	// noUnarmouredRiderSave: the mount's +1 does not create a save for a
	// rider who has none of his own (R3).
	noUnarmouredRiderSave bool
	// capAfterModifiers: the 1+ cap applies to the final target rather than
	// to the save before the Strength modifier (R2, E21).
	capAfterModifiers bool
}

// classicArmour is the save of RULES.md 7.1 shared by whfb8 and battleaxe:
// light 6+, heavy 5+, plate 4+, one better for a shield and for SaveBonus;
// mounted troop types one better, and one more for barding; then the
// Strength modifier and ArmourPiercing.
func classicArmour(p SaveProfile, tt TroopType, pen Penetration, r classicArmourRules) ArmourDetail {
	v := 7 - p.Armour.points()
	if p.Shield {
		v--
	}
	v -= p.SaveBonus
	if tt.Mounted() {
		// R3: a rider has 6+ even without armour, unless the ruleset
		// keeps the mount's +1 from creating a save out of nothing.
		if v < 7 || !r.noUnarmouredRiderSave {
			v--
		}
		if p.Barding {
			v--
		}
	}
	if v >= 7 {
		return ArmourDetail{}
	}
	m := strengthModifier(pen.Strength) + pen.ArmourPiercing
	if r.capAfterModifiers {
		return ArmourDetail{Base: Need(v), Modifier: m, Need: Need(max(v+m, 1))}
	}
	v = max(v, 1) // R2: "never better than 1+", before the Strength modifier
	return ArmourDetail{Base: Need(v), Modifier: m, Need: Need(max(v+m, 1))}
}
