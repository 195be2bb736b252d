package msg

// The root family: what package rearrank says, the checks of an attack
// group against its ruleset (Attack.Validate). The field names and values
// stay English: they are the scenario file's.
var _ = family(func() map[ID]Entry {
	return map[ID]Entry{
		"root.attack.strength": {
			EN: "strength {0}: want 0 to 10",
			RU: "strength {0}: Сила должна быть от 0 до 10",
		},
		"root.attack.ap": {
			EN: "ap {0}: want 0 to 10",
			RU: "ap {0}: нужно от 0 до 10",
		},
		"root.attack.armour_piercing": {
			EN: "armour_piercing {0}: want 0 to 10",
			RU: "armour_piercing {0}: нужно от 0 до 10",
		},
		"root.attack.wound_modifier": {
			EN: "wound_modifier {0}: want -10 to 10",
			RU: "wound_modifier {0}: нужно от -10 до 10",
		},
		"root.attack.multiple_hits": {
			EN: "multiple_hits {0}: every hit makes at least 1 hit",
			RU: "multiple_hits {0}: каждое попадание должно давать хотя бы 1 попадание",
		},
		"root.attack.armour_bane": {
			EN: "armour_bane {0}: want 0 to 10",
			RU: "armour_bane {0}: нужно от 0 до 10",
		},
		"root.attack.armour_bane_on": {
			EN: "armour_bane_on {0}: needs armour_bane (rules 20.2)",
			RU: "armour_bane_on {0}: нужен и armour_bane (правила 20.2)",
		},
		"root.attack.killing_blow_both": {
			EN: "killing_blow and heroic_killing_blow: an attack has at most one of the two (rules 20.2)",
			RU: "killing_blow и heroic_killing_blow: у атаки может быть только одно из двух (правила 20.2)",
		},
		"root.attack.blows_by_category": {
			EN: "monster_slayer, cleaving_blow: {0} has neither (rules 22.3: tow)",
			RU: "monster_slayer, cleaving_blow: в {0} нет ни того, ни другого (правила 22.3: tow)",
		},
		"root.attack.killing_blow": {
			EN: "killing_blow: {0} has no Killing Blow (rules 20.2: t9a writes lethal_strike, skirmish has criticals)",
			RU: "killing_blow: в {0} нет Смертельного удара (правила 20.2: в t9a пишется lethal_strike, в skirmish есть критические попадания)",
		},
		"root.attack.hatred": {
			EN: "hatred: Hatred re-rolls to-hit in close combat, and this group's phase is {0} (rules 20.1)",
			RU: "hatred: Ненависть даёт переброс на попадание в ближнем бою, а фаза этой группы — {0} (правила 20.1)",
		},
		"root.attack.count": {
			EN: "count {0}: cannot be negative",
			RU: "count {0}: не может быть отрицательным",
		},
		"root.attack.skirmish_target": {
			EN: "target {0}: a skirmish target is one fighter",
			RU: "target {0}: цель в skirmish — один боец",
		},
	}
})
