package rules

// towRules is Warhammer: The Old World (2024) with FAQ & Errata 1.5.2
// (RULES.md 22): whfb8's pipeline with a Weapon Skill chart that reaches
// 2+, BS 6-10 that re-roll a miss, a to-wound chart impossible only at
// S - T <= -6, armour values from equipment worsened by the weapon's AP and
// capped by troop type, Regeneration rolled per Wound lost after damage, and
// Multiple Wounds that never spill to a second model.
var towRules = Traits{
	Ruleset: TOW, Block: true, SuitWithAP: true, Barding: true, Ward: true, Regeneration: true,
	HighBSRetry: true, RegenerationAfterDamage: true, MWRemaining: true, PanicMoreThan: true, PanicFallBack: true,
	TroopCategories: true, PacketOwnerOrder: true, // 22.13, T-5
	ArmourBaneNotInMagic: true, NoPoisonOnMeleeSeven: true,
	KillingBlow: true, BlowsByCategory: true, InstantKillNowLosing: true, // 22.3, 22.7, 22.18
	Command: []CommandPost{MusicianPost, StandardPost, ChampionPost}, // 22.8, as whfb8 11.4

	name:        "tow",
	title:       "Warhammer: The Old World",
	description: "Warhammer: The Old World (2024), FAQ & Errata 1.5.2: armour values and AP, Regeneration per Wound lost",
	// every instant kill takes the model now losing Wounds: no
	// instant_kill_takes (22.18, InstantKillNowLosing)
	switches: unitSwitches&^switchSetOf(swInstantKillTakes) | switchSetOf(swSpecialSaveChoice, swMultiPacketOrder,
		swPoisonedAttacks, swTooToughBlocksPoison, swRegenerationTiming),

	meleeToHit:   towMeleeToHit, // 22.2, E150
	sixThenUpTo:  9,             // 22.2: 7, 8, 9 are a 6 then 4+, 5+, 6 (E152)
	tooTough:     towTooTough,   // 22.3, E154
	armour:       towArmour,     // 22.4, E155
	armourFloor:  1,             // 22.4: a natural 1 always fails
	specialFloor: 1,             // 22.5, as whfb8 8.1
	kbOther:      KBOrdinary,    // 22.3: no effect on other troop types
	rearRank:     LeftToRight,   // 22.8: the rear rank is emptied from one end

	Combat: CombatRules{ // 21 with 22.11's column
		Round: true, StrikeValue: "Initiative", // 21.4
		ASFSimultaneous: true, ASFReroll: ASFRerollAtLeast, // 21.4, as whfb8
		Supporting: [3]int{1, 1, 1}, WideRank: 10, NoExtraRanksOnCharge: true, // 21.3.4, as whfb8
		DisruptedNoRanks: true, NoChargeBonus: true, HighGround: true, // 22.11
		DisruptStrength: 5, DisruptStrengthHeavy: 10, // 22.11: by Unit Strength
		CombatOrderStrength: 10, MassedInfantry: true, // 22.11
		Troops: &towTroops, ThreeOutcomes: true, OverkillMost: 5, // 22.10, 22.11
		StepUpLost: true, // 22.18: a model stepping forward to replace a casualty cannot attack
	},
}

// towTooTough is the S - T at and below which tow cannot wound (RULES.md
// 22.3): the chart's 6+ band runs from d = -2 to d = -5 ("too tough" at -6).
const towTooTough = -6

// towMeleeToHit is the tow Weapon Skill chart (RULES.md 22.2, E150): the
// classic chart with one more step, 2+ when ws is more than twice targetWS.
func towMeleeToHit(ws, targetWS int, o Options) Target {
	if ws > 2*targetWS {
		return Need(2)
	}
	return weaponSkillChart(ws, targetWS, o)
}

// towArmour is RULES.md 22.4: the armour value from equipment (a printed
// ArmourSave replaces the suit; none 7, light 6, heavy 5, full plate 4), one
// better for a shield, for barding on a mounted model and for each point of
// SaveBonus; capped at 2+ or, for chariots, monsters and war machines, 3+
// (TowArmourCap); Parry one better in melee but never past 3+, for
// regular and heavy infantry only (Parries); a ridden
// mount's value (MountArmour) where it is better. Strength plays no part:
// the weapon's AP (and an Armour Bane that fired) worsens the roll.
func towArmour(p SaveProfile, tt TroopType, pen Penetration, _ Options) ArmourDetail {
	v := 7 - p.Armour.points()
	if p.ArmourSave.Possible() {
		v = p.ArmourSave.Value()
	}
	if p.Shield {
		v--
	}
	if p.Barding && tt.Mounted() {
		v-- // 22.4: no other mount bonus
	}
	v -= p.SaveBonus
	v = max(v, TowArmourCap(tt))
	if p.Parry && pen.Melee && v > 3 && Parries(tt) {
		v-- // 22.4, E157: never past 3+
	}
	if p.MountArmour.Possible() && p.MountArmour.Value() < v {
		v = max(p.MountArmour.Value(), TowArmourCap(tt)) // 22.4, E174: the better of rider and mount
	}
	if v >= 7 {
		return ArmourDetail{}
	}
	m := pen.AP
	return ArmourDetail{Base: Need(v), Modifier: m, Need: Need(v + m)}
}

// TowArmourCap is the best armour value a model of troop type tt may have
// in tow (RULES.md 22.4, 22.10): 3+ for chariots, monsters and war
// machines, 2+ for everything else.
func TowArmourCap(tt TroopType) int {
	switch tt.Category() {
	case Chariot, Monster, WarMachine:
		return 3
	}
	return 2
}

// BlowSlays reports whether a Killing Blow (heroic: a Heroic Killing Blow)
// in rs takes every Wound left of a model of troop type tt (RULES.md 20.2,
// 22.3). Where the ruleset reads blows by troop category (tow,
// Traits.BlowsByCategory) Killing Blow takes the infantry and cavalry
// categories of 22.10: infantry, monstrous infantry, swarms, cavalry,
// monstrous cavalry and war beasts, never chariots, monsters or war
// machines. Elsewhere it is KillingBlowSlays.
func BlowSlays(rs Ruleset, tt TroopType, heroic bool) bool {
	if !For(rs).BlowsByCategory {
		return KillingBlowSlays(tt, heroic)
	}
	switch tt.Category() {
	case Infantry, MonstrousInfantry, Swarm, Cavalry, MonstrousCavalry, WarBeast:
		return true
	}
	return false
}

// towTroops is the tow troop table for the combat result and the break
// test (RULES.md 22.10, 22.11, from the rules index's troop type table).
// Models per rank and the most the ranks score: regular infantry 5, +2;
// heavy infantry 4, +2; monstrous infantry 3, +2; light cavalry and war
// beasts 5, +1; heavy cavalry 4, +1; monstrous cavalry and light chariots
// 3, +1; swarms, heavy chariots, monsters and war machines score none.
// Unit Strength per model: infantry and war beasts 1, cavalry 2, monstrous
// infantry and cavalry, swarms and light chariots 3, heavy chariots 5,
// monsters and war machines their Wounds. The generic names stand for
// their regular or light sub-category (cavalry as light cavalry, chariot
// as light chariot): docs/rules.md 22, "Choices rearrank makes".
// monstrous_beast is refused in tow.
var towTroops = TroopTable{
	RankMin: [troopTypeCount]int8{Infantry: 5, HeavyInfantry: 4, MonstrousInfantry: 3,
		Cavalry: 5, LightCavalry: 5, HeavyCavalry: 4, MonstrousCavalry: 3, WarBeast: 5,
		Chariot: 3, LightChariot: 3},
	RankMost: [troopTypeCount]int8{Infantry: 2, HeavyInfantry: 2, MonstrousInfantry: 2,
		Cavalry: 1, LightCavalry: 1, HeavyCavalry: 1, MonstrousCavalry: 1, WarBeast: 1,
		Chariot: 1, LightChariot: 1},
	Strength: [troopTypeCount]int8{Infantry: 1, HeavyInfantry: 1, WarBeast: 1,
		Cavalry: 2, LightCavalry: 2, HeavyCavalry: 2,
		MonstrousInfantry: 3, MonstrousCavalry: 3, MonstrousBeast: 3, Swarm: 3,
		Chariot: 3, LightChariot: 3, HeavyChariot: 5},
}

// Parries reports whether a model of troop type tt may Parry in tow
// (RULES.md 22.10): regular and heavy infantry only.
func Parries(tt TroopType) bool { return tt.Category() == Infantry }

// Cleaves reports whether tow's Cleaving Blow binds a model of troop type tt
// (RULES.md 22.3, 22.10): regular and heavy infantry, light and heavy
// cavalry and war beasts, which the scenario writes infantry, cavalry and
// war_beast.
func Cleaves(tt TroopType) bool {
	switch tt.Category() {
	case Infantry, Cavalry, WarBeast:
		return true
	}
	return false
}
