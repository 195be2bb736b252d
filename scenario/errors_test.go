package scenario

import (
	"errors"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
)

// base is a small valid scenario; error cases replace one line of it.
const base = `ruleset: whfb8
attacks:
  - count: 10
    strength: 3
target:
  models: 10
  toughness: 3
`

// with returns base with old replaced by new (which must occur).
func with(t *testing.T, old, new string) string {
	t.Helper()
	if !strings.Contains(base, old) {
		t.Fatalf("base has no %q", old)
	}
	return strings.Replace(base, old, new, 1)
}

func TestLoadErrors(t *testing.T) {
	type tc struct {
		name string
		src  string
		want string // the whole Error() text
		kind error
	}
	cases := []tc{
		// Unknown fields, with a suggestion.
		{"unknown root field", "ruleset: whfb8\nattaks: []\n",
			`x.yaml:2:1: unknown field "attaks" (did you mean "attacks"?)`, ErrUnknownField},
		{"unknown target field", base + "  damge: 1\n",
			`x.yaml:8:3: target: unknown field "damge" (did you mean "damage"?)`, ErrUnknownField},
		{"unknown attack field", with(t, "    strength: 3", "    strenght: 3"),
			`x.yaml:4:5: attacks[0]: unknown field "strenght" (did you mean "strength"?)`, ErrUnknownField},
		{"unknown field no suggestion", base + "  colour: red\n",
			`x.yaml:8:3: target: unknown field "colour"`, ErrUnknownField},
		// A suggestion is a likely spelling of the object's own field, or
		// names the field of another object as such (issue 10 item 15).
		{"target field misspelt in an attack group", with(t, "    strength: 3", "    strength: 3\n    damge: 1"),
			`x.yaml:5:5: attacks[0]: unknown field "damge" (did you mean "damage"? It is a field of target, not of an attack group)`, ErrUnknownField},
		{"target field in an attack group", with(t, "    strength: 3", "    strength: 3\n    toughness: 4"),
			`x.yaml:5:5: attacks[0]: unknown field "toughness" (toughness is a field of target, not of an attack group)`, ErrUnknownField},
		{"attack field in the target", base + "  strength: 4\n",
			`x.yaml:8:3: target: unknown field "strength" (strength is a field of an attack group, not of target)`, ErrUnknownField},
		{"top-level field in the target", base + "  ruleset: t9a\n",
			`x.yaml:8:3: target: unknown field "ruleset" (ruleset is a field of the file's top level, not of target)`, ErrUnknownField},
		{"two letters swapped", with(t, "    strength: 3", "    strength: 3\n    multipel_wounds: 2"),
			`x.yaml:5:5: attacks[0]: unknown field "multipel_wounds" (did you mean "multiple_wounds"?)`, ErrUnknownField},
		{"a dash for the underscore", with(t, "    strength: 3", "    strength: 3\n    to-hit: 4+"),
			`x.yaml:5:5: attacks[0]: unknown field "to-hit" (did you mean "to_hit"?)`, ErrUnknownField},
		{"armor for armour", base + "  armor: heavy\n",
			`x.yaml:8:3: target: unknown field "armor" (did you mean "armour"?)`, ErrUnknownField},
		{"a short name two edits away", with(t, "    strength: 3", "    strength: 3\n    nome: x"),
			`x.yaml:5:5: attacks[0]: unknown field "nome" (did you mean "name"?)`, ErrUnknownField},
		// A value written as a field names the field that takes it.
		{"a weapon class as a field", with(t, "    strength: 3", "    strength: 3\n    bladed: true"),
			`x.yaml:5:5: attacks[0]: unknown field "bladed" (bladed is a value of weapon_class: write weapon_class: bladed)`, ErrUnknownField},
		{"a phase as a field", with(t, "    strength: 3", "    strength: 3\n    Shooting: true"),
			`x.yaml:5:5: attacks[0]: unknown field "Shooting" (shooting is a value of phase: write phase: shooting)`, ErrUnknownField},
		{"an armour as a field", base + "  heavy_armour: true\n",
			`x.yaml:8:3: target: unknown field "heavy_armour" (heavy is a value of armour: write armour: heavy)`, ErrUnknownField},
		{"a troop type as a field", base + "  cavalry: true\n",
			`x.yaml:8:3: target: unknown field "cavalry" (cavalry is a value of troop_type: write troop_type: cavalry)`, ErrUnknownField},
		{"nothing near in an attack group", with(t, "    strength: 3", "    strength: 3\n    colour: red"),
			`x.yaml:5:5: attacks[0]: unknown field "colour"`, ErrUnknownField},
		{"a unit field in the champion", base + "  command: [champion]\n  champion: {models: 2}\n",
			`x.yaml:9:14: target.champion: unknown field "models" (models is a field of target, not of the champion)`, ErrUnknownField},
		{"a character's field in the target", base + "  mount_armour: 4+\n",
			`x.yaml:8:3: target: unknown field "mount_armour" (mount_armour is a field of a character, not of target)`, ErrUnknownField},
		{"options misspelt", with(t, "ruleset: whfb8", "ruleset: whfb8\noption: {mw_cap: remaining}"),
			`x.yaml:2:1: unknown field "option" (did you mean "options"?)`, ErrUnknownField},
		{"an option two edits away", with(t, "ruleset: whfb8", "ruleset: whfb8\noptions: {mwcp: remaining}"),
			`x.yaml:2:11: options.mwcp: unknown option "mwcp"; the options are ` + listText(switchNames()), ErrUnknownField},

		// Wrong types.
		{"strength as text", with(t, "strength: 3", `strength: "four"`),
			`x.yaml:4:15: attacks[0].strength: want a whole number, got text "four"`, ErrInvalid},
		{"strength as float", with(t, "strength: 3", "strength: 3.5"),
			`x.yaml:4:15: attacks[0].strength: want a whole number, got the number 3.5`, ErrInvalid},
		{"shield as text", base + "  shield: yes\n",
			`x.yaml:8:11: target.shield: want true or false, got text "yes"`, ErrInvalid},
		{"attacks as mapping", "ruleset: whfb8\nattacks: {count: 1}\n",
			`x.yaml:2:10: attacks: want a list, got a mapping`, ErrInvalid},
		{"target as list", "ruleset: whfb8\ntarget: [1]\n",
			`x.yaml:2:9: target: want a mapping of fields, got a list`, ErrInvalid},
		{"huge number", with(t, "models: 10", "models: 99999999999999999999999"),
			`x.yaml:6:11: target.models: 99999999999999999999999 is out of range`, ErrInvalid},
		{"null list item", "ruleset: whfb8\nattacks:\n  -\n",
			`x.yaml:3:5: attacks[0]: want a mapping of fields, got nothing`, ErrInvalid},

		// Names that must be one of a list.
		{"armour misspelt", base + "  armour: hevy\n",
			`x.yaml:8:11: target.armour: armour "hevy": want none, light, heavy or plate`, ErrInvalid},
		{"unknown ruleset", with(t, "ruleset: whfb8", "ruleset: whfb9"),
			`x.yaml:1:10: ruleset: ruleset "whfb9": want battleaxe, whfb8, t9a, t9a1-ru, skirmish or tow`, ErrInvalid},
		{"unknown troop type", base + "  troop_type: elf\n",
			`x.yaml:8:15: target.troop_type: troop type "elf": want infantry, cavalry, monstrous_infantry, monstrous_cavalry, monstrous_beast, war_beast, chariot, monster, swarm, war_machine, heavy_infantry, light_cavalry, heavy_cavalry, light_chariot, heavy_chariot, monstrous_creature or behemoth`, ErrInvalid},
		{"unknown phase", with(t, "    strength: 3", "    strength: 3\n    phase: fight"),
			`x.yaml:5:12: attacks[0].phase: phase "fight": want melee, shooting, magic or other`, ErrInvalid},
		{"unknown weapon class", with(t, "    strength: 3", "    strength: 3\n    weapon_class: sword"),
			`x.yaml:5:19: attacks[0].weapon_class: weapon class "sword": want none, missile, bludgeoning, bladed, unarmed or thrusting`, ErrInvalid},
		{"armour as number", base + "  armour: 3\n",
			`x.yaml:8:11: target.armour: want none, light, heavy or plate, got the number 3`, ErrInvalid},

		// Ranges.
		{"wounds 0", base + "  wounds: 0\n",
			`x.yaml:8:11: target.wounds: want 1 to 100, got 0`, ErrInvalid},
		{"frontage 0", base + "  frontage: 0\n",
			`x.yaml:8:13: target.frontage: want 1 to 1000, got 0`, ErrInvalid},
		{"negative count", with(t, "count: 10", "count: -1"),
			`x.yaml:3:12: attacks[0].count: want 0 to 1000, got -1`, ErrInvalid},
		{"too many models", with(t, "models: 10", "models: 10001"),
			`x.yaml:6:11: target.models: want 1 to 1000, got 10001`, ErrInvalid},
		{"toughness 11", with(t, "toughness: 3", "toughness: 11"),
			`x.yaml:7:14: target.toughness: want 1 to 10, got 11`, ErrInvalid},
		{"strength 0", with(t, "strength: 3", "strength: 0"),
			`x.yaml:4:15: attacks[0].strength: want 1 to 10, got 0`, ErrInvalid},
		{"count too many", with(t, "count: 10", "count: 1001"),
			`x.yaml:3:12: attacks[0].count: want 0 to 1000, got 1001`, ErrInvalid},
		{"dice D7", with(t, "count: 10", "count: 2D7"),
			`x.yaml:3:12: attacks[0].count: dice expression "2D7": want D3 or D6 dice`, ErrInvalid},
		{"eleven dice", with(t, "count: 10", "count: 11D6"),
			`x.yaml:3:12: attacks[0].count: dice expression "11D6": count of dice 11: want 1 to 10`, ErrInvalid},
		{"modifier too large", with(t, "count: 10", "count: D6+11"),
			`x.yaml:3:12: attacks[0].count: dice expression "D6+11": modifier +11: want -10 to +10`, ErrInvalid},
		{"not dice", with(t, "count: 10", "count: lots"),
			`x.yaml:3:12: attacks[0].count: dice expression "lots": want a number or D, found "lots"`, ErrInvalid},
		{"count below zero", with(t, "count: 10", "count: D3-4"),
			`x.yaml:3:12: attacks[0].count: D3-4 can give fewer than 0 attacks`, ErrInvalid},
		{"multiple wounds below one", with(t, "    strength: 3", "    strength: 3\n    multiple_wounds: D3-1"),
			`x.yaml:5:22: attacks[0].multiple_wounds: D3-1 can give fewer than 1 wound: every unsaved wound does at least 1`, ErrInvalid},
		{"to_hit 0+", with(t, "    strength: 3", "    strength: 3\n    to_hit: 0+"),
			`x.yaml:5:13: attacks[0].to_hit: to_hit "0+": want a score from 1+ to 10+, such as 4+, or auto`, ErrInvalid},
		{"to_hit nonsense", with(t, "    strength: 3", "    strength: 3\n    to_hit: sometimes"),
			`x.yaml:5:13: attacks[0].to_hit: to_hit "sometimes": want a score from 1+ to 10+, such as 4+, or auto`, ErrInvalid},
		{"ward 7+", base + "  ward: 7+\n",
			`x.yaml:8:9: target.ward: save "7+": want 1+ to 6+, or 0 for none`, ErrInvalid},
		{"ward as list", base + "  ward: [5]\n",
			`x.yaml:8:9: target.ward: want a save such as 5+, or 0 for none, got a list`, ErrInvalid},

		// Required fields.
		{"no ruleset", strings.Replace(base, "ruleset: whfb8\n", "", 1),
			`x.yaml:1:1: ruleset: required: battleaxe, whfb8, t9a, t9a1-ru, skirmish or tow`, ErrInvalid},
		{"no attacks", "ruleset: whfb8\ntarget:\n  models: 10\n  toughness: 3\n",
			`x.yaml:1:1: attacks: required: at least one attack group, such as {count: 10, strength: 3}`, ErrInvalid},
		{"no count", with(t, "  - count: 10\n    strength: 3", "  - strength: 3"),
			`x.yaml:3:5: attacks[0].count: required: the number of attacks, such as 20, or dice such as 2D6`, ErrInvalid},
		{"no strength", with(t, "    strength: 3\n", ""),
			`x.yaml:3:5: attacks[0].strength: required: the Strength of the attacks, 1 to 10`, ErrInvalid},
		{"no models", with(t, "  models: 10\n", ""),
			`x.yaml:6:3: target.models: required: the models in the unit, command group included, characters not`, ErrInvalid},
		{"no toughness", with(t, "  toughness: 3\n", ""),
			`x.yaml:6:3: target.toughness: required: the unit's Toughness (t9a: Resilience), 1 to 10`, ErrInvalid},
		{"no target", "ruleset: whfb8\nattacks:\n  - count: 10\n    strength: 3\n",
			`x.yaml:1:1: target: required: the unit the attacks are aimed at, such as {models: 10, toughness: 3}`, ErrInvalid},

		// Fields the ruleset does not read.
		{"armour_value in whfb8", base + "  armour_value: 3\n",
			`x.yaml:8:17: target.armour_value: whfb8 does not read armour_value (t9a only): the others build the save from armour, shield, barding and save_bonus`, ErrInvalid},
		{"aegis in whfb8", base + "  aegis: 5+\n",
			`x.yaml:8:10: target.aegis: whfb8 does not read aegis (t9a only): the others' special save is ward`, ErrInvalid},
		{"ap in whfb8", with(t, "    strength: 3", "    strength: 3\n    ap: 1"),
			`x.yaml:5:9: attacks[0].ap: whfb8 does not read ap (t9a and tow only): the others worsen the save by armour_piercing`, ErrInvalid},
		{"an exponent is a number, not text", with(t, "    strength: 3", "    strength: 3e0"),
			`x.yaml:4:15: attacks[0].strength: want a whole number, got the number 3e0`, ErrInvalid},
		{"an exponent count", with(t, "  - count: 10", "  - count: 1e30"),
			`x.yaml:3:12: attacks[0].count: want a number such as 20, or dice such as 2D6, got the number 1e30`, ErrInvalid},
		{"tow ap beyond -10 names the value written", strings.Replace(with(t, "    strength: 3", "    strength: 3\n    ap: -11"), "whfb8", "tow", 1),
			`x.yaml:5:9: attacks[0].ap: want -10 to 10, got -11`, ErrInvalid},
		{"armour in t9a", strings.Replace(base, "whfb8", "t9a", 1) + "  armour: heavy\n",
			`x.yaml:8:11: target.armour: t9a does not read armour (battleaxe, whfb8, t9a1-ru, skirmish and tow only): t9a adds every armour source into armour_value, the model's Armour (rules 7.2)`, ErrInvalid},
		{"ward in t9a", strings.Replace(base, "whfb8", "t9a", 1) + "  ward: 5+\n",
			`x.yaml:8:9: target.ward: t9a does not read ward (battleaxe, whfb8, t9a1-ru, skirmish and tow only): t9a's special saves are aegis and regeneration (rules 8.2)`, ErrInvalid},
		{"helmet in whfb8", base + "  helmet: true\n",
			`x.yaml:8:11: target.helmet: whfb8 does not read helmet (skirmish only)`, ErrInvalid},
		{"lethal strike in whfb8", with(t, "    strength: 3", "    strength: 3\n    lethal_strike: true"),
			`x.yaml:5:20: attacks[0].lethal_strike: whfb8 does not read lethal_strike (t9a and t9a1-ru only)`, ErrInvalid},
		{"monster slayer in whfb8", with(t, "    strength: 3", "    strength: 3\n    monster_slayer: true"),
			`x.yaml:5:21: attacks[0].monster_slayer: whfb8 does not read monster_slayer (tow only)`, ErrInvalid},
		// a hint for the ruleset's own players (r2, a3 F7's nit)
		{"heroic killing blow in tow", strings.Replace(with(t, "    strength: 3", "    strength: 3\n    heroic_killing_blow: true"), "whfb8", "tow", 1),
			`x.yaml:5:26: attacks[0].heroic_killing_blow: tow does not read heroic_killing_blow (battleaxe, whfb8 and t9a1-ru only): tow writes killing_blow (infantry and cavalry of every kind) and monster_slayer (monsters); an attack may have both (rules 22.3)`, ErrInvalid},
		{"heroic killing blow in t9a", strings.Replace(with(t, "    strength: 3", "    strength: 3\n    heroic_killing_blow: true"), "whfb8", "t9a", 1),
			`x.yaml:5:26: attacks[0].heroic_killing_blow: t9a does not read heroic_killing_blow (battleaxe, whfb8 and t9a1-ru only): t9a writes lethal_strike; skirmish has critical hits`, ErrInvalid},
		{"barding on infantry", base + "  barding: true\n",
			`x.yaml:8:12: target.barding: barding helps only cavalry and monstrous_cavalry (rules 19.3), and this is infantry`, ErrInvalid},
		{"bs 4+ in whfb8", with(t, "    strength: 3", "    strength: 3\n    phase: shooting\n    bs: 4+"),
			`x.yaml:6:9: attacks[0].bs: whfb8 writes Ballistic Skill as a number: for 4+ write bs: 3 (BS 3 needs 4+), or write to_hit: 4+`, ErrInvalid},

		// Options.
		{"unknown option", with(t, "ruleset: whfb8", "ruleset: whfb8\noptions: {damage_modle: pooled}"),
			`x.yaml:2:11: options.damage_modle: unknown option "damage_modle" (did you mean "damage_model"?); the options are ` + listText(switchNames()), ErrUnknownField},
		{"combat switch", with(t, "ruleset: whfb8", "ruleset: whfb8\noptions: {step_up: lost}"),
			`x.yaml:2:20: options.step_up: step_up is a switch of a close-combat round (rules 21.11): set it in a combat file's options (rearrank combat)`, ErrInvalid},
		{"option of another ruleset", with(t, "ruleset: whfb8", "ruleset: whfb8\noptions: {damage_model: pooled}"),
			`x.yaml:2:25: options.damage_model: whfb8 does not read damage_model (battleaxe only)`, ErrInvalid},
		// tow's instant kills all take the model now losing Wounds (rules
		// 22.8; RULES.md 22.18): the option is refused with the reason,
		// at either of its values
		{"instant_kill_takes in tow", with(t, "ruleset: whfb8", "ruleset: tow\noptions:\n  instant_kill_takes: fresh_model"),
			`x.yaml:3:23: options.instant_kill_takes: tow does not read instant_kill_takes (battleaxe, whfb8, t9a and t9a1-ru only): every instant kill (instant_kill, killing_blow, monster_slayer) takes the model now losing Wounds, command models last (rules 22.8)`, ErrInvalid},
		{"instant_kill_takes: most_damaged in tow", with(t, "ruleset: whfb8", "ruleset: tow\noptions: {instant_kill_takes: most_damaged}"),
			`x.yaml:2:31: options.instant_kill_takes: tow does not read instant_kill_takes (battleaxe, whfb8, t9a and t9a1-ru only): every instant kill (instant_kill, killing_blow, monster_slayer) takes the model now losing Wounds, command models last (rules 22.8)`, ErrInvalid},
		{"option value", with(t, "ruleset: whfb8", "ruleset: battleaxe\noptions:\n  damage_model: pool"),
			`x.yaml:3:17: options.damage_model: damage_model "pool": want per_model or pooled`, ErrInvalid},
		{"option fraction", with(t, "ruleset: whfb8", "ruleset: whfb8\noptions:\n  panic_threshold: 2"),
			`x.yaml:3:20: options.panic_threshold: option panic_threshold: value "2": want a fraction above 0 and at most 1, such as 1/4 or 0.25`, ErrInvalid},
		{"option given twice", with(t, "ruleset: whfb8", "ruleset: battleaxe\noptions:\n  damage_model: pooled\n  battleaxe.damageModel: pooled"),
			`x.yaml:4:3: options.damage_model: given twice (first at 3:3)`, ErrInvalid},
		{"option as list", with(t, "ruleset: whfb8", "ruleset: whfb8\noptions:\n  mw_cap: [a]"),
			`x.yaml:3:11: options.mw_cap: want a value such as pooled, true or 1/4, got a list`, ErrInvalid},

		// To-hit combinations.
		{"to_hit and ws", with(t, "    strength: 3", "    strength: 3\n    to_hit: 4+\n    ws: 3"),
			`x.yaml:5:13: attacks[0].to_hit: give to_hit, or bs/ws to work it out, not both`, ErrInvalid},
		{"bs in melee", with(t, "    strength: 3", "    strength: 3\n    bs: 3"),
			`x.yaml:5:9: attacks[0].bs: bs is for shooting, and this group's phase is melee: set phase: shooting, or give to_hit`, ErrInvalid},
		{"ws needs defender ws", with(t, "    strength: 3", "    strength: 3\n    ws: 4"),
			`x.yaml:5:9: attacks[0].ws: the attack gives ws, so the defender needs one: set target.ws (Weapon Skill; t9a Defensive Skill)`, ErrInvalid},
		{"modifier on automatic hits", with(t, "    strength: 3", "    strength: 3\n    hit_modifier: -1"),
			`x.yaml:5:19: attacks[0].hit_modifier: these attacks hit automatically, so there is no roll to modify; give to_hit, bs or ws`, ErrInvalid},
		{"mw_against without multiple wounds", strings.Replace(with(t, "    strength: 3", "    strength: 3\n    mw_against: infantry"), "whfb8", "t9a", 1),
			`x.yaml:5:17: attacks[0].mw_against: limits multiple_wounds, which this group does not have`, ErrInvalid},

		// Command, champion, characters.
		{"command twice", base + "  command: [musician, musician]\n",
			`x.yaml:8:23: target.command[1]: musician is listed twice`, ErrInvalid},
		{"command unknown", base + "  command: [drummer]\n",
			`x.yaml:8:13: target.command[0]: command "drummer": want musician, standard or champion`, ErrInvalid},
		{"champion without champion", base + "  champion: {wounds: 2}\n",
			`x.yaml:8:13: target.champion: the unit has no champion to override: add champion to target.command`, ErrInvalid},
		{"attack on a missing champion", with(t, "    strength: 3", "    strength: 3\n    target: champion"),
			`x.yaml:5:13: attacks[0].target: the unit has no champion: add champion to target.command`, ErrInvalid},
		{"bad attack target", with(t, "    strength: 3", "    strength: 3\n    target: general"),
			`x.yaml:5:13: attacks[0].target: target "general": want rank_and_file, rank_and_file:<troop_type>, champion, character:<name>, musician or standard`, ErrInvalid},
		{"character names twice", base + "  characters:\n    - {name: Bob, toughness: 4}\n    - {name: Bob, toughness: 4}\n",
			`x.yaml:10:14: target.characters[1].name: two characters are named "Bob"`, ErrInvalid},
		{"character missing", with(t, "    strength: 3", "    strength: 3\n    target: character:Bob"),
			`x.yaml:5:13: attacks[0].target: no character named "Bob" in target.characters`, ErrInvalid},
		{"character without toughness", base + "  characters:\n    - name: Bob\n",
			`x.yaml:9:7: target.characters[0].toughness: required: the character's Toughness, 1 to 10`, ErrInvalid},
		{"character outside the front", base + "  characters:\n    - {name: Bob, toughness: 4, slot: 5}\n",
			`x.yaml:9:39: target.characters[0].slot: slot 5 is outside the front rank of 5 files (0 is the left end)`, ErrInvalid},

		// Layout.
		// Slots out of the front rank, with and without a layout: an
		// error naming the slot, never an index out of range (issue 11).
		{"slot -1 with a layout", with(t, "models: 10", "models: 9\n  layout: R R H R R / R R R R R\n  characters: [{name: Bob, toughness: 4, slot: -1}]"),
			`x.yaml:8:48: target.characters[0].slot: want 0 to 999, got -1`, ErrInvalid},
		{"slot -1 without a layout", base + "  characters:\n    - {name: Bob, toughness: 4, slot: -1}\n",
			`x.yaml:9:39: target.characters[0].slot: want 0 to 999, got -1`, ErrInvalid},
		{"slot past a layout's front rank", with(t, "models: 10", "models: 9\n  frontage: 5\n  layout: R R H R R / R R R R R\n  characters: [{name: Bob, toughness: 4, slot: 7}]"),
			`x.yaml:9:48: target.characters[0].slot: slot 7 is outside the front rank of 5 files (0 is the left end)`, ErrInvalid},
		{"slot 999 with a layout", with(t, "models: 10", "models: 9\n  layout: R R H R R / R R R R R\n  characters: [{name: Bob, toughness: 4, slot: 999}]"),
			`x.yaml:8:48: target.characters[0].slot: slot 999 is outside the front rank of 5 files (0 is the left end)`, ErrInvalid},
		{"layout count", with(t, "models: 10", "models: 10\n  layout: R R R R R / R R R R"),
			`x.yaml:7:11: target.layout: the layout has 9 models (R, M, S, C) but models is 10`, ErrInvalid},
		{"layout letter", with(t, "models: 10", "models: 10\n  layout: R R R R R / R R R R X"),
			`x.yaml:7:11: target.layout: 'X' is not a model: want R (rank and file), M (musician), S (standard), C (champion) or H (character)`, ErrInvalid},
		{"layout command missing", with(t, "models: 10", "models: 10\n  layout: R M R R R / R R R R R"),
			`x.yaml:7:11: target.layout: the layout has an M, but the command group has no musician: add musician to target.command, or write R`, ErrInvalid},
		{"layout command twice", with(t, "models: 10", "models: 10\n  command: [champion]\n  layout: R C C R R / R R R R R"),
			`x.yaml:8:11: target.layout: the layout has 2 C for the command group's one champion: write one C`, ErrInvalid},
		{"layout command left out", with(t, "models: 10", "models: 10\n  command: [standard]\n  layout: R R R R R / R R R R R"),
			`x.yaml:8:11: target.layout: the command group has a standard, but the layout has no S: write S in the front rank`, ErrInvalid},
		{"layout command behind", with(t, "models: 10", "models: 10\n  command: [musician]\n  layout: R R R R R / R R M R R"),
			`x.yaml:8:11: target.layout: M stands in rank 2: command models and characters stand in the front rank`, ErrInvalid},
		{"layout frontage", with(t, "models: 10", "models: 10\n  frontage: 4\n  layout: R R R R R / R R R R R"),
			`x.yaml:8:11: target.layout: the front rank has 5 files but frontage is 4`, ErrInvalid},
		{"layout ragged", with(t, "models: 10", "models: 10\n  layout: R R R R / R R R / R R R"),
			`x.yaml:7:11: target.layout: rank 2 has 3 files: every rank but the last is as wide as the front (4)`, ErrInvalid},

		// Skirmish.
		{"skirmish unit", strings.Replace(base, "whfb8", "skirmish", 1),
			`x.yaml:6:11: target.models: a skirmish target is one warrior: models must be 1`, ErrInvalid},
		{"skirmish command", strings.Replace(with(t, "models: 10", "models: 1\n  command: [champion]"), "whfb8", "skirmish", 1),
			`x.yaml:7:12: target.command: a skirmish warrior has no command group`, ErrInvalid},

		// Batches of several profiles (RULES.md C24).
		{"batch in two phases", with(t, "    strength: 3", "    strength: 3\n    batch: volley\n  - {count: 1, strength: 4, phase: shooting, batch: volley}"),
			`x.yaml:6:53: attacks[1].batch: batch "volley": this group's phase is shooting and the group before it fires in the melee phase: one batch is one phase (C24)`, ErrInvalid},
		{"batch at two targets", with(t, "    strength: 3", "    strength: 3\n    batch: volley\n  - {count: 1, strength: 4, target: champion, batch: volley}") + "  command: [champion]\n",
			`x.yaml:6:54: attacks[1].batch: batch "volley": this group aims at champion and the group before it at rank_and_file: one batch is one unit firing at one target (C24)`, ErrInvalid},
		{"batch apart", with(t, "    strength: 3", "    strength: 3\n    batch: volley\n  - {count: 1, strength: 4}\n  - {count: 1, strength: 4, batch: volley}"),
			`x.yaml:7:36: attacks[2].batch: batch "volley": attacks[0] is in it, and the groups between are not: the groups of one batch follow one another`, ErrInvalid},
		{"batch in skirmish", strings.NewReplacer("whfb8", "skirmish", "strength: 3", "strength: 3\n    batch: volley", "models: 10", "models: 1").Replace(base),
			`x.yaml:5:12: attacks[0].batch: skirmish does not read batch (battleaxe, whfb8, t9a, t9a1-ru and tow only): skirmish resolves each attack on its own`, ErrInvalid},

		// Groups and pools.
		{"damage on a group in whfb8's one pool", base + "  groups:\n    - {troop_type: cavalry, models: 2, toughness: 3, wounds: 2, damage: 1}\n",
			`x.yaml:9:73: target.groups[0].damage: the group shares its rank-and-file pool with the models before it (rules 10.1, R41): write the pool's carried wounds in target.damage`, ErrInvalid},
		{"damage on a group of the unit's type", strings.Replace(base, "whfb8", "t9a", 1) + "  groups:\n    - {models: 2, toughness: 3, wounds: 2, damage: 1}\n",
			`x.yaml:9:52: target.groups[0].damage: the group shares its rank-and-file pool with the models before it (rules 10.1, R41): write the pool's carried wounds in target.damage`, ErrInvalid},
		{"aim at a missing pool", strings.Replace(with(t, "    strength: 3", "    strength: 3\n    target: rank_and_file:cavalry"), "whfb8", "t9a", 1),
			`x.yaml:5:13: attacks[0].target: the unit has no cavalry: the troop types are infantry`, ErrInvalid},

		// Damage.
		{"negative damage", base + "  wounds: 3\n  damage: -1\n",
			`x.yaml:9:11: target.damage: want 0 or more, got -1: damage is the wounds already lost`, ErrInvalid},
		{"carried too much", base + "  damage: 1\n",
			`x.yaml:8:11: target.damage: want 0, got 1: a model of 1 wound carries no damage (a wound removes it)`, ErrInvalid},
		{"battleaxe pooled number", strings.Replace(base, "whfb8", "battleaxe", 1) + "  wounds: 3\n  damage: 1\n",
			`x.yaml:9:11: target.damage: battleaxe keeps damage per model (damage_model per_model, rules 11.3): write a list in removal order, such as [1]`, ErrInvalid},
		{"battleaxe number past the wounds", strings.Replace(base, "whfb8", "battleaxe", 1) + "  wounds: 3\n  damage: 7\n",
			`x.yaml:9:11: target.damage: battleaxe keeps damage per model (damage_model per_model, rules 11.3): write a list in removal order, the wounds each model has lost, each less than its 3 wounds, such as [2]`, ErrInvalid},
		{"battleaxe number on W1", strings.Replace(base, "whfb8", "battleaxe", 1) + "  damage: 1\n",
			`x.yaml:8:11: target.damage: battleaxe keeps damage per model (damage_model per_model, rules 11.3), and a model of 1 wound carries no damage: leave damage out`, ErrInvalid},
		{"skirmish list", "ruleset: skirmish\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 1, toughness: 3, wounds: 2, damage: [1, 1]}\n",
			`x.yaml:3:54: target.damage: skirmish does not keep damage per model: write one number, the wounds the warrior has lost (rules 13)`, ErrInvalid},
		{"whfb8 list", base + "  wounds: 3\n  damage: [1, 2]\n",
			`x.yaml:9:11: target.damage: whfb8 does not keep damage per model: write one number, the wounds the pool carries (rules 11.1)`, ErrInvalid},
		{"per-model entry", strings.Replace(base, "whfb8", "battleaxe", 1) + "  wounds: 3\n  damage: [1, 3]\n",
			`x.yaml:9:15: target.damage[1]: want 0 to 2, got 3: a model has 3 wounds`, ErrInvalid},

		// A combat file where a scenario is wanted, and the two mixed.
		{"a combat file", "ruleset: whfb8\ncombat: {charger: b}\nsides:\n  a: {}\n",
			`x.yaml:2:1: this is a combat file (combat and sides): use rearrank combat`, ErrInvalid},
		{"sides alone", "ruleset: whfb8\nsides:\n  a: {}\n",
			`x.yaml:2:1: this is a combat file (combat and sides): use rearrank combat`, ErrInvalid},
		{"a scenario with a combat block", base + "combat: {charger: b}\n",
			`x.yaml:8:1: combat: a scenario file has attacks and target, not combat and sides; for a combat file use rearrank combat`, ErrInvalid},

		// Syntax and unsupported YAML.
		{"syntax", "ruleset: whfb8\nattacks: [\n", "", ErrSyntax},
		// The parser's phrases in a player's words; what is never closed
		// is reported where it opens, with where the file ends.
		{"list not closed", "ruleset: whfb8\nattacks: [{count: 1, strength: 3}\ntarget: {models: 5, toughness: 3}\n",
			`x.yaml:3:1: a list [ ... ] goes on without a ',' between its items or a ']' to close it`, ErrSyntax},
		{"truncated flow mapping", "ruleset: whfb8\ntarget: {models: 5, toughness: 3",
			`x.yaml:2:9: this '{' is never closed with '}' (the file ends at 2:33)`, ErrSyntax},
		{"truncated JSON list", `{"ruleset": "whfb8", "attacks": [{"count": 1}`,
			`x.yaml:1:33: this '[' is never closed with ']' (the file ends at 1:46)`, ErrSyntax},
		{"truncated JSON string", `{"ruleset": "whfb8", "target": {"tough`,
			`x.yaml:1:33: this " is never closed with another " (the file ends at 1:39)`, ErrSyntax},
		{"value where none can start", "ruleset: whfb8\nattacks:\n  - count: 1\n    strength: 3\n     x: 1\n",
			`x.yaml:4:15: a 'name: value' where none can start: check the indentation, or quote a value that holds ': '`, ErrSyntax},
		// The parser's other phrases, said for players (issue 10 item 15).
		{"duplicate key", "ruleset: whfb8\nruleset: t9a\n",
			`x.yaml:2:1: ruleset: given twice (first at 1:1)`, ErrInvalid},
		{"duplicate nested key", with(t, "    strength: 3", "    strength: 3\n    strength: 4"),
			`x.yaml:5:5: attacks[0].strength: given twice (first at 4:5)`, ErrInvalid},
		{"a field indented between two mappings", "ruleset: whfb8\nattacks:\n  - count: 1\n    strength: 3\n   bad: indent\ntarget: {models: 5, toughness: 3}\n",
			`x.yaml:5:4: "bad" is indented to column 4, where no mapping above it has its fields (they start at column 1 or 5): line it up with the fields it belongs with`, ErrSyntax},
		{"a top-level field indented under a list", "ruleset: whfb8\nattacks:\n  - count: 1\n    strength: 3\n  target: {models: 1}\n",
			`x.yaml:5:3: "target" is indented to column 3, where no mapping above it has its fields (they start at column 1 or 5): line it up with the fields it belongs with`, ErrSyntax},
		{"a list item indented less", "ruleset: whfb8\nattacks:\n  - {count: 1, strength: 3}\n - {count: 1, strength: 3}\n",
			`x.yaml:4:2: a value where none can stand: check this line's indentation and the brackets before it`, ErrSyntax},
		{"a stray ]", "ruleset: whfb8\nattacks: [{count: 1, strength: 3}]]\ntarget: {models: 5, toughness: 3}\n",
			`x.yaml:2:35: this ']' closes no '[': remove it, or check the brackets before it`, ErrSyntax},
		{"a stray }", "ruleset: whfb8\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 5, toughness: 3}}\n",
			`x.yaml:3:34: this '}' closes no '{': remove it, or check the brackets before it`, ErrSyntax},
		{"JSON without a comma after a number", `{"ruleset": "whfb8", "attacks": [{"count": 1 "strength": 3}]}`,
			`x.yaml:1:46: a ',' is missing before "strength": the fields of a mapping { ... } are separated by commas`, ErrSyntax},
		{"JSON without a comma after true", `{"ruleset": "whfb8", "attacks": [{"count": 1, "flaming": true "strength": 3}]}`,
			`x.yaml:1:63: a ',' is missing before "strength": the fields of a mapping { ... } are separated by commas`, ErrSyntax},
		{"JSON without a comma, on the next line", "{\"ruleset\": \"whfb8\",\n \"attacks\": [{\"count\": 1\n   \"strength\": 3}]}",
			`x.yaml:3:4: a mapping { ... } goes on without a ',' between its fields or a '}' to close it`, ErrSyntax},
		{"flow YAML without a comma", "ruleset: whfb8\nattacks: [{count: 1 strength: 3}]\n",
			`x.yaml:2:21: a ',' is missing before "strength": the fields of a mapping { ... } are separated by commas`, ErrSyntax},
		{"JSON without a comma after text", `{"ruleset": "whfb8" "attacks": []}`,
			`x.yaml:1:21: a mapping { ... } goes on without a ',' between its fields or a '}' to close it`, ErrSyntax},
		{"anchor", "ruleset: &r whfb8\n", `x.yaml:1:10: anchors and aliases (&name, *name) are not supported: write each value out`, ErrUnsupported},
		{"alias", "a: 1\nb: *a\n", `x.yaml:2:4: anchors and aliases (&name, *name) are not supported: write each value out`, ErrUnsupported},
		{"tag", "ruleset: !!str whfb8\n", `x.yaml:1:10: tags such as !!str are not supported`, ErrUnsupported},
		{"merge key", "target:\n  <<: {models: 1}\n", `x.yaml:2:3: merge keys (<<) are not supported: write each field out`, ErrUnsupported},
		{"two documents", base + "---\n" + base, `x.yaml:8:1: a scenario file holds one YAML document; this is a second`, ErrUnsupported},
		{"empty", "", `x.yaml: empty file: want a scenario with ruleset, attacks and target`, ErrInvalid},
		{"only a comment", "# nothing here\n", `x.yaml: empty file: want a scenario with ruleset, attacks and target`, ErrInvalid},
		{"list at the top", "- 1\n- 2\n", `x.yaml:1:1: want a mapping of fields, got a list`, ErrInvalid},
		{"text at the top", "hello\n", `x.yaml:1:1: want a mapping of fields, got text "hello"`, ErrInvalid},
		{"tab indentation", "ruleset: whfb8\ntarget:\n\tmodels: 1\n", "x.yaml:3:1: a tab: YAML indents with spaces, not tabs", ErrSyntax},
		{"champion damage", base + "  command: [champion]\n  champion: {damage: 1}\n",
			`x.yaml:9:22: target.champion.damage: the champion has 1 wound, so damage must be less than 1`, ErrInvalid},
		{"not UTF-8", "ruleset: wh\xff\n", `x.yaml:1:12: not UTF-8 text`, ErrSyntax},

		// JSON reports the same fields and positions.
		{"json unknown field", `{"ruleset": "whfb8", "atacks": []}`,
			`x.yaml:1:22: unknown field "atacks" (did you mean "attacks"?)`, ErrUnknownField},
		{"json wrong type", "{\n  \"ruleset\": \"whfb8\",\n  \"attacks\": [{\"count\": 1, \"strength\": \"3\"}]\n}",
			`x.yaml:3:40: attacks[0].strength: want a whole number, got text "3"`, ErrInvalid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load("x.yaml", []byte(c.src))
			if err == nil {
				t.Fatalf("Load succeeded, want %q", c.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T %v is not an *Error", err, err)
			}
			if !errors.Is(err, c.kind) {
				t.Errorf("error %q is not %v", err, c.kind)
			}
			if e.Line == 0 && c.kind != ErrInvalid {
				t.Errorf("error %q has no position", err)
			}
			if c.want != "" && err.Error() != c.want {
				t.Errorf("error\n got: %s\nwant: %s", err, c.want)
			}
		})
	}
}

func switchNames() []string {
	var out []string
	for _, s := range rules.Switches() {
		out = append(out, s.Name)
	}
	return out
}
