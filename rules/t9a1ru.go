package rules

// t9a1ruRules is The 9th Age 1.x in its Russian translation (RULES.md 2, seed
// 004): whfb8's charts, an armour save counted in points (7.3), wound pools
// per troop type, and Lethal Strike with no armour save. Its switches pick
// the t9a to-wound chart (R36) and allow Regeneration against Flaming (8.3).
var t9a1ruRules = Traits{
	Ruleset: T9A1RU, Block: true, Groups: true, Barding: true, Ward: true, Regeneration: true, Fly: true,
	LethalStrike: true, ChampionPool: true, TroopTypes: true, KillingBlow: true,
	Command: []CommandPost{MusicianPost, StandardPost}, // 11.4; the champion has his own pool

	name:        "t9a1-ru",
	title:       "The 9th Age 1.x (Russian translation)",
	description: "The 9th Age 1.x, Russian translation: Strength-based saves, wound pools per troop type",
	switches: unitSwitches | switchSetOf(swSpecialSaveChoice, swOverflowAcrossPools,
		swCommandOrder, swRegenVsFlaming, swToWound, swKBOtherTroopTypes),
	kbOther: KBOrdinary, // 20.2, 20.11: whfb8 behaviour

	meleeToHit:                weaponSkillChart, // 5
	sixThenUpTo:               9,                // 5
	tooTough:                  classicTooTough,  // 6.1; to_wound: t9a has none (R36)
	armour:                    t9a1ruArmour,     // 7.3
	armourFloor:               1,                // 3, R32
	specialFloor:              1,                // 8.1
	flamingDeniesRegeneration: true,             // 8; regen_vs_flaming: allowed lifts it (8.3)

	Combat: CombatRules{ // 21: t9a's, ordered as whfb8 (R64)
		Round: true, StrikeValue: "Initiative", // 21.4, R53
		ASFSimultaneous: true, ASFReroll: ASFRerollAtLeast, // 21.4, R52
		Supporting: [3]int{1, 3, 5}, Height: true, WideRank: 8, LineFormationSwitch: true, // 21.3.4, R55
		FlankFullRanksBonus: true, TieBothWin: true, // 21.6, 21.7
		DisruptedRanksCancelSteadfast: true, // 21.8
	},
}

// t9a1ruArmour is RULES.md 7.3: light 1, heavy 2, plate 3, shield 1, a mount
// 1 for mounted troop types and barding 1 more, plus SaveBonus, at most 6;
// the save 7 - bonus gets max(0, S-3) + ArmourPiercing.
func t9a1ruArmour(p SaveProfile, tt TroopType, pen Penetration, _ Options) ArmourDetail {
	bonus := p.Armour.points() + p.SaveBonus
	if p.Shield {
		bonus++
	}
	if tt.Mounted() {
		bonus++ // the mount's protection
		if p.Barding {
			bonus++
		}
	}
	bonus = min(bonus, 6)
	if bonus <= 0 {
		return ArmourDetail{}
	}
	m := strengthModifier(pen.Strength) + pen.ArmourPiercing
	return ArmourDetail{Base: Need(7 - bonus), Modifier: m, Need: Need(max(7-bonus+m, 1))}
}
