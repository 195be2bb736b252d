package scenario

import (
	"fmt"
	"slices"

	"github.com/rearrank/rearrank/rules"
)

// Limits on the size of what a scenario describes. They keep a hostile or
// mistaken file from asking the engine for something absurd; every real
// game is far inside them. The catalogue, Validate, docs/scenario.md (its
// tables are generated), the JSON Schema and the web form all take them
// from here. MaxModels and MaxCharacters are the unit package's own limits,
// so a file that loads can be built (a test holds them equal).
const (
	MaxSize       = 1 << 20 // bytes in one file
	MaxDepth      = 32      // nesting of mappings and lists
	MaxTokens     = 12000   // YAML tokens (keys, values, punctuation) in one file
	MaxAttacks    = 1000    // attack groups in one file
	MaxModels     = 1000    // models in the target, all pools and characters together
	MaxCharacters = 16      // characters joined to the target
	MaxGroups     = 10      // extra rank-and-file groups (other troop types)
	MaxWounds     = 100     // Wounds or Health Points of one model
	MaxStat       = 10      // a characteristic: WS, BS, Strength, Toughness, AP, Armour
	MaxHitMod     = 10      // a to-hit modifier either way
	MaxSaveBonus  = 6       // a save_bonus either way
	MaxWoundMod   = 10      // a to-wound modifier either way (RULES.md 20.4)
)

// Object names the part of a scenario a field belongs to. Profile holds the
// fields the target, its groups and its characters share; a champion's
// fields are the profile's, plus his own damage.
type Object string

const (
	ObjFile      Object = "file"
	ObjAttack    Object = "attack"
	ObjTarget    Object = "target"
	ObjProfile   Object = "profile"
	ObjChampion  Object = "champion"
	ObjCharacter Object = "character"
	ObjGroup     Object = "group"
)

// FieldSpec is one scenario field, declared once: what it is, what it
// defaults to, which rulesets read it, its limits, what it means and where
// docs/rules.md says so (a player reads docs/scenario.md, never RULES.md).
// Validate's range and "does not read" checks, the tables of
// docs/scenario.md, and the web form take their facts from it; tests hold
// the JSON Schema, the OpenAPI document and the Go types to it.
type FieldSpec struct {
	Object Object
	Name   string // as a file writes it (yaml and json)
	// Type is the value's form as docs/scenario.md writes it. A Ranged
	// field's limits are added: "whole number" becomes "whole number 1..10".
	Type     string
	Required bool
	Default  string // what leaving the field out means; "" for none
	// Ranged fields are whole numbers from Min to Max.
	Ranged   bool
	Min, Max int
	// Reads says which rulesets read the field; nil is every ruleset.
	Reads func(*rules.Traits) bool
	// Score says where a whole number may also be written as a target
	// number "N+" (bs); nil is nowhere.
	Score   func(*rules.Traits) bool
	Meaning string // one line; Markdown
	Ref     string // docs/rules.md sections and choice codes, "" when it says nothing of it
	// Hint says what to write instead, in the error for a ruleset that does
	// not read the field; HintWhere, for the rulesets whose traits it
	// answers, in place of Hint (what a player of that ruleset writes).
	Hint      string
	HintWhere func(*rules.Traits) string
	// Input is how a form asks for the field; NoInput leaves it to a file.
	// The web page's form reads, writes back and loads each field by its
	// Input, so a field given one reaches the page with no code there.
	Input Input
}

// Input is the kind of input a form gives a field, and so how the form
// turns what was typed into the file's value.
type Input uint8

const (
	NoInput      Input = iota // written in a file only
	InputText                 // text as typed: a name
	InputWhole                // a whole number from Min to Max ("N+" too where Score says)
	InputDice                 // a number or dice: 10, 2D6, D6+1
	InputScore                // a score such as 4+
	InputSave                 // a save 2+ to 6+, or none
	InputFlag                 // true or false
	InputTrigger              // a natural-roll trigger: none, or a score from 6+ (true) to 2+
	InputReroll               // re-rolls: a word of the Type, or a list of them
	InputAgainst              // the conditions of a save: a word of the Type, or a list of them
	InputChoice               // one word of the Type
)

// blowsByCategoryHint is what a player writes for Heroic Killing Blow where
// the blows go by troop category (tow, rules 22.3).
func blowsByCategoryHint(t *rules.Traits) string {
	if !t.BlowsByCategory {
		return ""
	}
	return "tow writes killing_blow (infantry and cavalry of every kind) and monster_slayer (monsters); an attack may have both (rules 22.3)"
}

// HintFor returns what the error for ruleset rs, which does not read the
// field, says to write instead.
func (s FieldSpec) HintFor(rs rules.Ruleset) string {
	if s.HintWhere != nil {
		if h := s.HintWhere(rules.For(rs)); h != "" {
			return h
		}
	}
	return s.Hint
}

// ReadBy reports whether ruleset rs reads the field. Every field is read
// by an invalid ruleset, so that the ruleset's own error comes first.
func (s FieldSpec) ReadBy(rs rules.Ruleset) bool {
	return s.Reads == nil || !rs.Valid() || s.Reads(rules.For(rs))
}

// Rulesets lists the rulesets that read the field, in the order of
// rules.Rulesets.
func (s FieldSpec) Rulesets() []rules.Ruleset {
	if s.Reads == nil {
		return rules.Rulesets()
	}
	return rules.RulesetsWhere(s.Reads)
}

// ScoreBy reports whether ruleset rs lets the field be written "N+".
func (s FieldSpec) ScoreBy(rs rules.Ruleset) bool {
	return s.Score != nil && rs.Valid() && s.Score(rules.For(rs))
}

// Path is the field's name in the catalogue and in docs: "attack.ap".
func (s FieldSpec) Path() string { return string(s.Object) + "." + s.Name }

// Catalogue returns every scenario field, in the order of docs/scenario.md.
func Catalogue() []FieldSpec { return slices.Clone(catalogue[:]) }

// FieldOf returns the field name of obj. A champion field other than damage
// is the profile's.
func FieldOf(obj Object, name string) (FieldSpec, bool) {
	if s := lookup(obj, name); s != nil {
		return *s, true
	}
	return FieldSpec{}, false
}

func lookup(obj Object, name string) *FieldSpec {
	for i := range catalogue {
		if catalogue[i].Object == obj && catalogue[i].Name == name {
			return &catalogue[i]
		}
	}
	switch obj {
	case ObjTarget, ObjChampion, ObjCharacter, ObjGroup:
		return lookup(ObjProfile, name)
	}
	return nil
}

func block(t *rules.Traits) bool       { return t.Block }
func groups(t *rules.Traits) bool      { return t.Groups }
func skirmish(t *rules.Traits) bool    { return !t.Block }
func armourValue(t *rules.Traits) bool { return t.ArmourValue }
func armourSuit(t *rules.Traits) bool  { return !t.ArmourValue }
func apReads(t *rules.Traits) bool     { return t.ArmourValue || t.SuitWithAP }
func strengthSave(t *rules.Traits) bool {
	return !t.ArmourValue && !t.SuitWithAP
}
func ward(t *rules.Traits) bool       { return t.Ward }
func aegis(t *rules.Traits) bool      { return !t.Ward }
func regen(t *rules.Traits) bool      { return t.Regeneration }
func barding(t *rules.Traits) bool    { return t.Barding }
func fly(t *rules.Traits) bool        { return t.Fly }
func lethal(t *rules.Traits) bool     { return t.LethalStrike }
func troopTypes(t *rules.Traits) bool { return t.TroopTypes }
func bsTarget(t *rules.Traits) bool   { return t.BSTarget }
func divine(t *rules.Traits) bool     { return t.DivineAttacks }

// towArmour reads the fields of an armour value built from equipment and
// worsened by AP (tow, RULES.md 22.4); regenAfter those of Regeneration
// rolled after damage, which Flaming stops only on flammable models (22.6).
func towArmour(t *rules.Traits) bool  { return t.SuitWithAP }
func regenAfter(t *rules.Traits) bool { return t.RegenerationAfterDamage }
func killing(t *rules.Traits) bool    { return t.KillingBlow }
func heroic(t *rules.Traits) bool     { return t.KillingBlow && !t.BlowsByCategory }
func towBlows(t *rules.Traits) bool   { return t.BlowsByCategory }
func panicFallBack(t *rules.Traits) bool {
	return t.PanicFallBack
}

const (
	armourHint  = "t9a adds every armour source into armour_value, the model's Armour (rules 7.2)"
	diceType    = "[dice](#dice)"
	saveType    = "[save](#scores)"
	flagType    = "true/false"
	rerollType  = "`none`, `failed`, `ones`, `successes`, or a list"
	ownReroll   = "`none`, `failed`, `ones`"
	triggerType = "`true` (a natural 6), `false`, or a score 2+..6+"
	againstType = "`flaming`, `shooting`, `melee`, `magic`, or a list"
)

var catalogue = [...]FieldSpec{
	// The top level.
	{Object: ObjFile, Name: "description", Type: "text", Meaning: "What the scenario shows. The place for comments in JSON."},
	{Object: ObjFile, Name: "ruleset", Type: "`battleaxe`, `whfb8`, `t9a`, `t9a1-ru`, `skirmish`, `tow`", Required: true, Meaning: "The rules."},
	{Object: ObjFile, Name: "options", Type: "mapping", Default: "every switch at its default", Meaning: "Switches; see [Options](#options).", Ref: "18, 19"},
	{Object: ObjFile, Name: "attacks", Type: fmt.Sprintf("list of 1 to %d attack groups", MaxAttacks), Required: true, Meaning: "Resolved in order, one batch each unless `batch` joins neighbours.", Ref: "3, 4.1, C24"},
	{Object: ObjFile, Name: "target", Type: "mapping", Required: true, Meaning: "The unit struck."},

	// Attack groups.
	{Object: ObjAttack, Name: "name", Input: InputText, Type: "text", Meaning: "Label for logs."},
	{Object: ObjAttack, Name: "count", Input: InputDice, Type: diceType, Required: true, Meaning: "Number of attacks: `20`, `2D6`, `D6+1`."},
	{Object: ObjAttack, Name: "phase", Input: InputChoice, Type: "`melee`, `shooting`, `magic`, `other`", Default: "`melee`", Meaning: "Panic, skirmish criticals, the whfb8 Flaming flag.", Ref: "6.2, 12"},
	{Object: ObjAttack, Name: "to_hit", Input: InputScore, Type: "[score](#scores) 1+..10+, or `auto`", Default: "from `bs`/`ws`, else `auto`", Meaning: "The to-hit roll.", Ref: "5"},
	{Object: ObjAttack, Name: "bs", Input: InputWhole, Type: "whole number", Ranged: true, Min: 1, Max: MaxStat, Score: bsTarget, Meaning: "Shooters' Ballistic Skill, shooting only; `N+` where the ruleset writes BS as a target number. See below.", Ref: "5"},
	{Object: ObjAttack, Name: "ws", Input: InputWhole, Type: "whole number", Ranged: true, Min: 1, Max: MaxStat, Meaning: "Attackers' Weapon Skill (t9a: Offensive Skill), melee only. The model aimed at needs a `ws`.", Ref: "5"},
	{Object: ObjAttack, Name: "hit_modifier", Input: InputWhole, Type: "whole number", Ranged: true, Min: -MaxHitMod, Max: MaxHitMod, Default: "0", Meaning: "Added to the to-hit roll: `-1` for long range makes 4+ into 5+. Needs a roll (`to_hit`, `bs` or `ws`).", Ref: "5"},
	{Object: ObjAttack, Name: "wound_modifier", Input: InputWhole, Type: "whole number", Ranged: true, Min: -MaxWoundMod, Max: MaxWoundMod, Default: "0", Meaning: "Added to the to-wound roll, `+` helps the attacker: `-1` makes 4+ into 5+. Classic rulesets: worse than 6+ cannot wound; t9a: never worse than 6+.", Ref: "6.1"},
	{Object: ObjAttack, Name: "strength", Input: InputWhole, Type: "whole number", Ranged: true, Min: 1, Max: MaxStat, Required: true, Meaning: "Strength.", Ref: "6.1, 7"},
	{Object: ObjAttack, Name: "ap", Input: InputWhole, Type: "whole number", Ranged: true, Min: -MaxStat, Max: MaxStat, Default: "0", Reads: apReads, Meaning: "Armour Penetration (t9a, 0 up), AP (tow: written as on the card, `-1` is read back as `1`).", Ref: "7.2, 22.4, 22.10",
		Hint: "the others worsen the save by armour_piercing"},
	{Object: ObjAttack, Name: "armour_piercing", Input: InputWhole, Type: "whole number", Ranged: true, Min: 0, Max: MaxStat, Default: "0", Reads: strengthSave, Meaning: "Extra armour-save modifier: t9a1-ru Armour Piercing, weapon extras elsewhere.", Ref: "7",
		Hint: "t9a and tow write Armour Penetration as ap"},
	{Object: ObjAttack, Name: "multiple_wounds", Input: InputDice, Type: diceType, Default: "single wounds", Meaning: "Every unsaved wound becomes a packet of this many wounds. `\"\"` and `0` mean single wounds; `1` makes packets of one wound, as an effect that strikes every model does (C3: in battleaxe each goes to a different model). Cannot roll below 1.", Ref: "9.2, C3"},
	{Object: ObjAttack, Name: "multiple_hits", Input: InputDice, Type: diceType, Default: "one hit", Meaning: "Every successful hit, automatic hits included, becomes this many hits, each rolling to wound on its own: `2`, `D3`. Cannot roll below 1.", Ref: "20.3"},
	{Object: ObjAttack, Name: "mw_against", Type: "troop type", Default: "every model", Reads: troopTypes, Meaning: "Multiple Wounds only against this troop type (\"Multiple Wounds (2, Infantry)\"). Needs `multiple_wounds`.", Ref: "9.2"},
	{Object: ObjAttack, Name: "flaming", Input: InputFlag, Type: flagType, Default: "false", Reads: regen, Meaning: "Flaming Attacks: no Regeneration against them (t9a1-ru: unless `regen_vs_flaming`); in whfb8 and battleaxe an unsaved Flaming wound also takes the unit's Regeneration for the rest of the phase (C26). In tow they stop Regeneration only on a `flammable` model, for that batch alone.", Ref: "8, 19.3, C26, 22.6",
		Hint: "skirmish has no Regeneration for it to stop"},
	{Object: ObjAttack, Name: "lethal_strike", Input: InputTrigger, Type: triggerType, Default: "false", Reads: lethal, Meaning: "Lethal Strike: a to-wound roll of a natural 6 (or the score given) that wounds allows no armour save (t9a: AP 10) and no Regeneration.", Ref: "19.3, 20.2"},
	{Object: ObjAttack, Name: "reroll_hit", Input: InputReroll, Type: rerollType, Default: "`none`", Meaning: "Re-rolls of the to-hit dice: `failed` or `ones` (the group's own), `successes` (imposed by the target), or a list such as `[ones, successes]`. A die is re-rolled once; the re-roll dice follow all the stage's dice.", Ref: "20.1"},
	{Object: ObjAttack, Name: "reroll_wound", Input: InputReroll, Type: rerollType, Default: "`none`", Meaning: "Re-rolls of the to-wound dice, as `reroll_hit`. Triggers such as Lethal Strike read the re-roll.", Ref: "20.1"},
	{Object: ObjAttack, Name: "hatred", Input: InputFlag, Type: flagType, Default: "false", Meaning: "Hatred: failed to-hit rolls are re-rolled. Melee only (the first round against a hated foe). On attacks that hit automatically it does nothing, and the log says so.", Ref: "20.1"},
	{Object: ObjAttack, Name: "force_reroll_armour", Input: InputFlag, Type: flagType, Default: "false", Meaning: "The target re-rolls its successful armour saves.", Ref: "20.1"},
	{Object: ObjAttack, Name: "force_reroll_special", Input: InputFlag, Type: flagType, Default: "false", Meaning: "The target re-rolls its successful ward, Aegis or Regeneration saves. In tow its ward saves only: Regeneration is never re-rolled.", Ref: "20.1, 22.6"},
	{Object: ObjAttack, Name: "divine_attacks", Input: InputFlag, Type: flagType, Default: "false", Reads: divine, Meaning: "Divine Attacks: the target re-rolls successful Aegis saves (not Regeneration).", Ref: "20.1",
		Hint: "write force_reroll_special for a rule that makes every special save re-roll"},
	{Object: ObjAttack, Name: "poison", Input: InputTrigger, Type: triggerType, Default: "false", Meaning: "Poisoned Attacks: a to-hit roll of a natural 6 (or the score given) that hits wounds automatically, with no to-wound roll. Under the 7+ procedure only t9a's hopeless shot can. One hit of several wounds automatically. In tow the hit rolls to wound with +2 instead (`poisoned_attacks: auto_wound` for the automatic wound), and a hit that needed 7+ is never poisoned.", Ref: "20.2, 22.3"},
	{Object: ObjAttack, Name: "battle_focus", Input: InputTrigger, Type: triggerType, Default: "false", Meaning: "Battle Focus: a to-hit roll of a natural 6 (or the score given) that hits makes one more hit.", Ref: "20.2"},
	{Object: ObjAttack, Name: "killing_blow", Input: InputTrigger, Type: triggerType, Default: "false", Reads: killing, Meaning: "Killing Blow: a to-wound roll of a natural 6 (or the score given) against infantry, cavalry or war beasts allows no armour or Regeneration save, and if the ward fails the model is slain, its wounds left counting for combat result. Other troop types: `kb_other_troop_types`. In tow: in melee only, against infantry and cavalry of every kind (monstrous ones, swarms and war beasts too); against other troop types an ordinary wound.", Ref: "20.2, 9.1, R38, 22.3",
		Hint: "t9a writes lethal_strike; skirmish has critical hits"},
	{Object: ObjAttack, Name: "monster_slayer", Input: InputTrigger, Type: triggerType, Default: "false", Reads: towBlows, Meaning: "Monster Slayer: in melee, a to-wound roll of a natural 6 (or the score given) against a monster allows no armour or Regeneration save, and if the ward fails the monster loses every Wound it has left. Elsewhere, and outside melee, nothing.", Ref: "22.3, 22.7"},
	{Object: ObjAttack, Name: "cleaving_blow", Input: InputTrigger, Type: triggerType, Default: "false", Reads: towBlows, Meaning: "Cleaving Blow: in melee, a to-wound roll of a natural 6 (or the score given) against infantry, cavalry or war beasts allows no armour or Regeneration save for that wound, which keeps the attack's Multiple Wounds. Elsewhere, and outside melee, nothing. With `killing_blow` each fires on its own score; a roll that fires both is a Killing Blow, to which the Cleaving Blow adds nothing.", Ref: "22.3"},
	{Object: ObjAttack, Name: "heroic_killing_blow", Input: InputTrigger, Type: triggerType, Default: "false", Reads: heroic, Meaning: "Heroic Killing Blow: as `killing_blow`, against every troop type but swarms. Not with `killing_blow`.", Ref: "20.2",
		Hint:      "t9a writes lethal_strike; skirmish has critical hits",
		HintWhere: blowsByCategoryHint},
	{Object: ObjAttack, Name: "armour_bane", Input: InputWhole, Type: "whole number", Ranged: true, Min: 0, Max: MaxStat, Default: "0", Meaning: "Armour Bane (X): a wound whose to-wound roll is a natural 6 (or `armour_bane_on`) has its armour save worsened by X (t9a and tow: AP + X). In tow it does nothing in the magic phase.", Ref: "20.2, 22.3"},
	{Object: ObjAttack, Name: "armour_bane_on", Input: InputTrigger, Type: "[score](#scores) 2+..6+", Default: "6+", Meaning: "The natural to-wound roll from which `armour_bane` fires. Needs `armour_bane`.", Ref: "20.2"},
	{Object: ObjAttack, Name: "ignore_armour", Input: InputFlag, Type: flagType, Default: "false", Meaning: "No armour save; special saves still apply.", Ref: "7"},
	{Object: ObjAttack, Name: "no_saves", Input: InputFlag, Type: flagType, Default: "false", Meaning: "No saves at all.", Ref: "19.3"},
	{Object: ObjAttack, Name: "instant_kill", Input: InputFlag, Type: flagType, Default: "false", Reads: block, Meaning: "Each wound skips every save and removes a model outright: with no model named, the most damaged (`instant_kill_takes`); in tow always the model now losing Wounds, command models last.", Ref: "9.1, R5, R38, 22.8"},
	// clipped_wings is accepted wherever fly is, as before the catalogue;
	// the referee applies it where rules.Traits.ClippedWings says (t9a).
	{Object: ObjAttack, Name: "clipped_wings", Type: flagType, Default: "false", Reads: fly, Meaning: "Multiple Wounds +1 against a model with `fly`. Needs `multiple_wounds`.", Ref: "9.2"},
	{Object: ObjAttack, Name: "weapon_class", Input: InputChoice, Type: "`none`, `missile`, `bludgeoning`, `bladed`, `unarmed`, `thrusting`", Default: "`none` (no criticals)", Reads: skirmish, Meaning: "Critical hit table. Melee and shooting only.", Ref: "6.2"},
	{Object: ObjAttack, Name: "attacker", Type: "text", Default: "the group is its own warrior", Reads: skirmish, Meaning: "The warrior making the attacks. Groups that name the same attacker share the once-per-phase critical allowance.", Ref: "6.2, R28",
		Hint: "it names the warrior whose critical allowance the group uses"},
	{Object: ObjAttack, Name: "batch", Input: InputText, Type: "text", Default: "the group is a batch of its own", Reads: block, Meaning: "Names a batch of several profiles, such as a unit's handguns and its champion's pistol: groups next to each other with the same `batch`, in one phase and with one `target`, each roll their own dice, then their unsaved wounds are allocated together (evenness in a single rank, packets in dice order).", Ref: "4.1, C24, R9, C22",
		Hint: "skirmish resolves each attack on its own"},
	{Object: ObjAttack, Name: "target", Input: InputChoice, Type: "[aim](#aims)", Default: "`rank_and_file`", Meaning: "What the group is aimed at.", Ref: "10"},

	// The target unit; its profile fields are below.
	{Object: ObjTarget, Name: "name", Input: InputText, Type: "text", Meaning: "Label for logs."},
	{Object: ObjTarget, Name: "models", Input: InputWhole, Type: "whole number", Ranged: true, Min: 1, Max: MaxModels, Required: true, Meaning: "Every model of the unit except characters: rank and file and the whole command group. A unit of 20 with full command is `models: 20, command: [musician, standard, champion]`. In skirmish, 1."},
	{Object: ObjTarget, Name: "frontage", Input: InputWhole, Type: "whole number", Ranged: true, Min: 1, Max: MaxModels, Default: "`layout`'s front rank, else the smaller of `models` and 5", Reads: block, Meaning: "Files in the front rank. Wider than the unit, it stands in one rank of all its models, and a note says so."},
	{Object: ObjTarget, Name: "helmet", Input: InputFlag, Type: flagType, Default: "false", Reads: skirmish, Meaning: "A stunned result becomes knocked down on a 4+.", Ref: "13"},
	{Object: ObjTarget, Name: "layout", Type: "text", Reads: block, Meaning: "[Explicit formation](#formation-frontage-and-layout)."},
	{Object: ObjTarget, Name: "command", Type: "list of `musician`, `standard`, `champion`", Reads: block, Meaning: "[Command group](#command-group-and-champion).", Ref: "11.4"},
	{Object: ObjTarget, Name: "champion", Type: "mapping", Default: "the unit's profile", Reads: block, Meaning: "[Champion's own profile](#command-group-and-champion)."},
	{Object: ObjTarget, Name: "characters", Type: fmt.Sprintf("list of up to %d", MaxCharacters), Reads: block, Meaning: "[Characters](#characters) joined to the unit.", Ref: "10.1, 11.5"},
	{Object: ObjTarget, Name: "groups", Type: fmt.Sprintf("list of up to %d", MaxGroups), Reads: groups, Meaning: "[Rank and file with another profile](#groups-of-other-troop-types): another troop type, or the same one with other characteristics (R41).", Ref: "10.1, R41"},
	{Object: ObjTarget, Name: "damage", Input: InputText, Type: "number or list", Meaning: "[Starting damage](#starting-damage).", Ref: "11.1, 11.3"},
	{Object: ObjTarget, Name: "starting_models", Input: InputWhole, Type: "whole number", Ranged: true, Min: 1, Max: MaxModels, Default: "the unit's size, characters included", Reads: panicFallBack, Meaning: "The unit's size at deployment, characters included: a failed panic test falls back in good order while more than half of it remains, and flees otherwise.", Ref: "22.9"},

	// Profiles: the target's, each group's and each character's.
	{Object: ObjProfile, Name: "troop_type", Input: InputChoice, Type: "`infantry`, `cavalry`, `monstrous_infantry`, `monstrous_cavalry`, `monstrous_beast` (not tow), `war_beast`, `chariot`, `monster`, `swarm`, `war_machine`; tow only: `heavy_infantry`, `light_cavalry`, `heavy_cavalry`, `light_chariot`, `heavy_chariot`, `monstrous_creature`, `behemoth`", Default: "`infantry`", Meaning: "Keys the t9a and t9a1-ru pools; cavalry and monstrous cavalry get the mount bonus to armour. tow's sub-categories bind their category's rules and set ranks and Unit Strength.", Ref: "7.1, 10.1, 22.10"},
	{Object: ObjProfile, Name: "ws", Input: InputWhole, Type: "whole number", Ranged: true, Min: 1, Max: MaxStat, Meaning: "Weapon Skill (t9a: Defensive Skill). Needed when an attack aimed at this model gives `ws`.", Ref: "5"},
	{Object: ObjProfile, Name: "toughness", Input: InputWhole, Type: "whole number", Ranged: true, Min: 1, Max: MaxStat, Required: true, Meaning: "Toughness (t9a: Resilience), for the to-wound roll.", Ref: "6.1"},
	{Object: ObjProfile, Name: "wounds", Input: InputWhole, Type: "whole number", Ranged: true, Min: 1, Max: MaxWounds, Default: "1", Meaning: "Wounds (t9a: Health Points)."},
	{Object: ObjProfile, Name: "armour", Input: InputChoice, Type: "`none`, `light`, `heavy`, `plate` (or `full_plate`, read back as `plate`)", Default: "`none`", Reads: armourSuit, Meaning: "The suit: light 6+, heavy 5+, plate 4+; 1, 2 and 3 points in t9a1-ru and skirmish.", Ref: "7.1, 7.3, 7.4", Hint: armourHint},
	{Object: ObjProfile, Name: "shield", Input: InputFlag, Type: flagType, Default: "false", Reads: armourSuit, Meaning: "One better armour save; two points in skirmish's default preset.", Ref: "7.1, R25", Hint: armourHint},
	{Object: ObjProfile, Name: "barding", Input: InputFlag, Type: flagType, Default: "false", Reads: barding, Meaning: "The mount's barding: one better, for `cavalry` and `monstrous_cavalry` only.", Ref: "7.1, 7.3"},
	{Object: ObjProfile, Name: "save_bonus", Input: InputWhole, Type: "whole number", Ranged: true, Min: -MaxSaveBonus, Max: MaxSaveBonus, Default: "0", Reads: armourSuit, Meaning: "Other armour improvements: items, spells, natural armour. Negative worsens.", Ref: "7.1", Hint: armourHint},
	{Object: ObjProfile, Name: "armour_value", Input: InputWhole, Type: "whole number", Ranged: true, Min: 0, Max: MaxStat, Default: "0", Reads: armourValue, Meaning: "t9a's Armour characteristic, every source added up.", Ref: "7.2",
		Hint: "the others build the save from armour, shield, barding and save_bonus"},
	{Object: ObjProfile, Name: "ward", Input: InputSave, Type: saveType, Reads: ward, Meaning: "Ward save.", Ref: "8",
		Hint: "t9a's special saves are aegis and regeneration (rules 8.2)"},
	{Object: ObjProfile, Name: "regeneration", Input: InputSave, Type: saveType, Reads: regen, Meaning: "Regeneration: a special save (one per wound with the ward or Aegis, the better usable one rolled), which Flaming attacks stop (t9a1-ru: unless `regen_vs_flaming`). In tow it is rolled for each Wound lost, after Multiple Wounds, and Flaming stops it only on a `flammable` model.", Ref: "8, 22.6"},
	{Object: ObjProfile, Name: "aegis", Input: InputSave, Type: saveType, Reads: aegis, Meaning: "Aegis save.", Ref: "8.2", Hint: "the others' special save is ward"},
	{Object: ObjProfile, Name: "aegis_against", Input: InputAgainst, Type: againstType, Default: "every attack", Reads: aegis, Meaning: "Makes the Aegis conditional: it works only against attacks with Flaming Attacks (`flaming`), of the shooting phase (`shooting`), in close combat (`melee`) or from spells (`magic`); with a list, against any of them. Needs `aegis`.", Ref: "8.2",
		Hint: "conditional special saves are t9a's"},
	{Object: ObjProfile, Name: "regeneration_against", Input: InputAgainst, Type: againstType, Default: "every attack", Reads: aegis, Meaning: "Makes the Regeneration conditional, as `aegis_against`. Flaming attacks still stop it. Needs `regeneration` or `regeneration_plus`.", Ref: "8.2",
		Hint: "conditional special saves are t9a's"},
	{Object: ObjProfile, Name: "regeneration_plus", Input: InputWhole, Type: "whole number", Ranged: true, Min: 0, Max: 6, Default: "0", Reads: aegis, Meaning: "Regeneration (+k): the model's `regeneration` improves by k, never past 3+; a model without one gains Regeneration (7-k)+.", Ref: "8.2",
		Hint: "write the improved save as regeneration"},
	{Object: ObjProfile, Name: "reroll_armour", Input: InputReroll, Type: ownReroll, Default: "`none`", Meaning: "The model re-rolls its failed armour saves, or its natural 1s.", Ref: "20.1"},
	{Object: ObjProfile, Name: "reroll_special", Input: InputReroll, Type: ownReroll, Default: "`none`", Meaning: "The model re-rolls whichever special save it rolls when it fails, or on a natural 1. In tow the ward save only, never Regeneration.", Ref: "20.1, 22.6"},
	{Object: ObjProfile, Name: "fly", Type: flagType, Default: "false", Reads: fly, Meaning: "Clipped Wings adds 1 to Multiple Wounds against it.", Ref: "9.2",
		Hint: "fly matters only to clipped_wings"},
	{Object: ObjProfile, Name: "armour_save", Input: InputSave, Type: saveType, Default: "from `armour`", Reads: towArmour, Meaning: "A printed armour value (chariots, some monsters) that replaces the suit; shield, barding and save_bonus still improve it, the troop type's cap still applies.", Ref: "22.4",
		Hint: "the others build the save from armour, shield, barding and save_bonus"},
	{Object: ObjProfile, Name: "parry", Input: InputFlag, Type: flagType, Default: "false", Reads: towArmour, Meaning: "Hand weapon and shield in use: one better armour in melee, never past 3+. `infantry` and `heavy_infantry` only.", Ref: "22.4"},
	{Object: ObjProfile, Name: "flammable", Input: InputFlag, Type: flagType, Default: "false", Reads: regenAfter, Meaning: "No Regeneration against Flaming attacks (Flaming alone does not stop it in tow).", Ref: "22.6"},

	// The champion's overrides are the profile's fields; his damage is his own.
	{Object: ObjChampion, Name: "damage", Type: "whole number", Ranged: true, Min: 0, Max: MaxWounds - 1, Default: "0", Meaning: "Wounds he has already lost; less than his wounds.", Ref: "19.2, C9, C10"},

	// Characters: a profile, and these.
	{Object: ObjCharacter, Name: "name", Type: "text", Required: true, Meaning: "Unique in the unit. Attacks aim at it with `target: character:<name>`."},
	{Object: ObjCharacter, Name: "damage", Type: "whole number", Ranged: true, Min: 0, Max: MaxWounds - 1, Default: "0", Meaning: "Wounds it has already lost; less than its wounds."},
	{Object: ObjCharacter, Name: "mount_armour", Type: saveType, Reads: towArmour, Meaning: "The armour value of the monster or chariot it rides: the better of it and the character's own is used, never past the troop type's cap (its shield does not improve the mount's).", Ref: "22.4, 22.10"},
	{Object: ObjCharacter, Name: "slot", Type: "whole number", Ranged: true, Min: 0, Max: MaxModels - 1, Default: "placed by the formation code, or by `layout`'s `H`", Meaning: "Its file in the front rank, 0 at the unit's left end (as the unit faces)."},

	// Groups of other troop types: a profile, and these.
	{Object: ObjGroup, Name: "models", Type: "whole number", Ranged: true, Min: 1, Max: MaxModels, Required: true, Meaning: "Models in the group."},
	{Object: ObjGroup, Name: "damage", Type: "whole number", Ranged: true, Min: 0, Max: MaxWounds - 1, Default: "0", Meaning: "Wounds the group's own pool carries, where it has one (a troop type of its own in t9a and t9a1-ru); less than its wounds. A group that shares a pool gives none: the target's `damage` holds them.", Ref: "11.1"},
}
