package rules

// whfb8Rules is Warhammer Fantasy Battles 8th edition (RULES.md 2, seed
// 002): the reference the other block rulesets are written against. Its
// to-hit chart, 7+ procedure and armour construction are the classic ones
// (hit.go, armour.go) that battleaxe, t9a1-ru and skirmish also use.
var whfb8Rules = Traits{
	Ruleset: WHFB8, Block: true, Groups: true, Barding: true, Ward: true, Regeneration: true,
	FlamingStopsRegeneration: true, MWCapSwitch: true, KillingBlow: true,
	Command: []CommandPost{MusicianPost, StandardPost, ChampionPost}, // 11.4

	name:        "whfb8",
	title:       "Warhammer Fantasy Battles, 8th edition",
	description: "Warhammer Fantasy Battles 8th edition, casualty rules",
	switches:    unitSwitches | switchSetOf(swSpecialSaveChoice, swMWCap, swKBOtherTroopTypes),
	kbOther:     KBOrdinary, // 20.2: "only effective against"

	meleeToHit:                weaponSkillChart, // 5, E01
	sixThenUpTo:               9,                // 5, E03
	tooTough:                  classicTooTough,  // 6.1, E10
	armour:                    whfb8Armour,      // 7.1
	armourFloor:               1,                // 3
	specialFloor:              1,                // 8.1, E33
	flamingDeniesRegeneration: true,             // 8, 19.3

	Combat: CombatRules{ // 21
		Round: true, StrikeValue: "Initiative", // 21.4
		ASFSimultaneous: true, ASFReroll: ASFRerollAtLeast, // 21.4, R52
		Supporting: [3]int{1, 1, 1}, WideRank: 10, NoExtraRanksOnCharge: true, // 21.3.4, R63
		DisruptedNoRanks: true, // 21.6
		InsaneCourage:    true, // 21.8, R61
	},
}

// whfb8Armour is the classic save of RULES.md 7.1 with the cap at 1+ applied
// before the Strength modifier (R2) and a 6+ for an unarmoured rider (R3).
func whfb8Armour(p SaveProfile, tt TroopType, pen Penetration, _ Options) ArmourDetail {
	return classicArmour(p, tt, pen, classicArmourRules{})
}
