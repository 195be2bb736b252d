package rules

// battleaxeRules is Battleaxe: Fantasy Generals (RULES.md 2, seed 000), a
// fan-made edit of whfb8. Where its seeds are silent (the "Combat Skill"
// chart, the 7+ procedure) it falls back to whfb8's rules.
var battleaxeRules = Traits{
	Ruleset: Battleaxe, Block: true, Groups: true, Barding: true, Ward: true, Regeneration: true,
	FlamingStopsRegeneration: true, DamageModelSwitch: true, BSTarget: true, KillingBlow: true,
	Command: []CommandPost{MusicianPost, ChampionPost, StandardPost}, // 11.4

	name:        "battleaxe",
	title:       "Battleaxe: Fantasy Generals",
	description: "Battleaxe: Fantasy Generals, a fan-made mass-battle game edited from WHFB 8th",
	switches: unitSwitches | switchSetOf(swSpecialSaveChoice, swDamageModel, swCapAfterModifiers,
		swUnarmouredCavalrySave, swMultiPacketOrder, swPacketTarget, swKBOtherTroopTypes),
	kbOther: KBNoArmourNoRegen, // 20.2: "one Wound, no armour or Regeneration"

	meleeToHit:                weaponSkillChart, // 5: whfb8's chart
	sixThenUpTo:               9,                // 5: whfb8's procedure
	tooTough:                  classicTooTough,  // 6.1
	armour:                    battleaxeArmour,  // 7.1, R2, R3
	armourFloor:               1,                // 3
	specialFloor:              1,                // 8.1
	flamingDeniesRegeneration: true,             // 8: whfb8's rule

	Combat: CombatRules{ // 21: whfb8's, with WAP 9th's pages
		Round: true, StrikeValue: "Initiative", // 21.4
		ASFReroll: ASFRerollAbove, RerollAgainstLast: true, // 21.4, R52
		Supporting: [3]int{1, 1, 1}, WideRank: 10, NoExtraRanksOnCharge: true, // 21.3.4, R63
		DisruptedNoRanks: true, HighGround: true, OutnumberSwitch: true, // 21.6, R58
		InstantKillProfileSwitch: true, // 21.6, R56
		InsaneCourage:            true, // 21.8, R61
	},
}

// battleaxeArmour is whfb8's save (RULES.md 7.1) with battleaxe's two
// switches: cap_after_modifiers moves the 1+ cap to the final target (R2,
// E21), and unarmoured_cavalry_save: false gives a rider with no save of his
// own no 6+ from the mount (R3).
func battleaxeArmour(p SaveProfile, tt TroopType, pen Penetration, o Options) ArmourDetail {
	return classicArmour(p, tt, pen, classicArmourRules{
		noUnarmouredRiderSave: o.NoUnarmouredCavalrySave,
		capAfterModifiers:     o.CapAfterModifiers,
	})
}
