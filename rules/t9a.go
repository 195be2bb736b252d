package rules

// t9aRules is The 9th Age, 2nd-edition era (RULES.md 2, seed 001): Offensive
// and Defensive Skill, a to-wound chart with no "cannot wound", Armour as one
// number worsened by Armour Penetration, Aegis saves that fail on a 1 or 2,
// and Lethal Strike as AP 10.
var t9aRules = Traits{
	Ruleset: T9A, Block: true, Groups: true, ArmourValue: true, Regeneration: true, Fly: true,
	ClippedWings: true, LethalStrike: true, LethalStrikeAP: true, ChampionPool: true, TroopTypes: true,
	BSTarget: true, DivineAttacks: true, PoisonSevenPlus: true,
	Command: []CommandPost{MusicianPost, StandardPost}, // 11.4; the champion has his own pool

	name:        "t9a",
	title:       "The 9th Age: Fantasy Battles (2nd edition)",
	description: "The 9th Age: Fantasy Battles, 2nd-edition era: Armour and AP, Aegis and Regeneration",
	switches: unitSwitches | switchSetOf(swSpecialSaveChoice, swOverflowAcrossPools,
		swMeleeToHitLegacy, swCommandOrder),

	meleeToHit:                t9aMeleeToHit, // 5, E05, R33
	sixThenUpTo:               7,             // 5, E06: the hopeless shot
	tooTough:                  noTooTough,    // 6.1, E11
	woundModClamp:             true,          // 20.4, E110
	armour:                    t9aArmour,     // 7.2, R15
	armourFloor:               1,             // 3
	specialFloor:              2,             // 8.2, R16
	flamingDeniesRegeneration: true,          // 8

	Combat: CombatRules{ // 21: the Full-Ranks page set (R54)
		Round: true, StrikeValue: "Agility", LastAtStepZero: true, ChargeInitiative: true, // 21.4, R53
		Supporting: [3]int{1, 3, 5}, Height: true, WideRank: 8, LineFormationSwitch: true, // 21.3.4, R55
		FlankFullRanksBonus: true, CombatScoreSwitch: true, // 21.6, R54
		TieBothWin: true, DisruptedRanksCancelSteadfast: true, // 21.7, 21.8
	},
}

// t9aMeleeToHit reads ws as Offensive Skill and targetWS as Defensive Skill
// (RULES.md 5): with d = OS - DS, d >= 4 gives 2+, 1..3 gives 3+, -3..0 gives
// 4+ and d <= -4 gives 5+ (E05). With o.MeleeToHitLegacy the older 2.x grid
// adds 6+ for d <= -8 (R33).
func t9aMeleeToHit(ws, targetWS int, o Options) Target {
	d := ws - targetWS
	switch {
	case d >= 4:
		return Need(2)
	case d >= 1:
		return Need(3)
	case d >= -3:
		return Need(4)
	case d <= -8 && o.MeleeToHitLegacy:
		return Need(6)
	default:
		return Need(5)
	}
}

// t9aArmour is RULES.md 7.2: 7 - (ArmourValue - AP - ArmourPiercing), never
// better than 2+ (R15). Armour 0 is no save at all (E24).
func t9aArmour(p SaveProfile, _ TroopType, pen Penetration, _ Options) ArmourDetail {
	if p.ArmourValue <= 0 {
		return ArmourDetail{}
	}
	base := 7 - p.ArmourValue
	m := pen.AP + pen.ArmourPiercing
	need := base + m
	if need < Impossible {
		need = max(need, 2) // R15: a natural 1 fails, so 1+ or better is 2+
	}
	return ArmourDetail{Base: Need(base), Modifier: m, Need: Need(need)}
}
