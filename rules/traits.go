package rules

import "math"

// Traits is the shape of one ruleset's pipeline: the facts that decide which
// stages run, which fields a scenario may set and which fast paths apply.
// Code outside this package asks For(rs) instead of comparing ruleset names,
// so a family such as "the champion has a pool of his own" is named once,
// here, and a new ruleset is one row of the table. The unexported part of
// the row is the ruleset's own data and procedures for each stage, which the
// stage functions of this package read.
type Traits struct {
	Ruleset Ruleset

	// Block is true for ranked units with wound pools (RULES.md 10-12);
	// false for skirmish, whose target is one warrior with criticals,
	// injuries and the out-of-action test (6.2, 13).
	Block bool

	// Groups is true where a target may have rank and file of other
	// profiles (groups: another troop type, or R41's other characteristics;
	// 10.1): every block ruleset but tow, whose units have one profile
	// (22.12).
	Groups bool

	// ArmourValue is true where armour is one number, the model's Armour,
	// with every source already added in (t9a, RULES.md 7.2). Otherwise
	// the save is built from an armour suit, shield, barding and
	// save_bonus (7.1).
	ArmourValue bool

	// SuitWithAP is true where the save is built from an armour suit but
	// worsened by the weapon's AP rather than by Strength (tow, 22.4): the
	// attack's ap is read and armour_piercing is not.
	SuitWithAP bool

	// Barding is true where barding improves a mounted model's save (7.1,
	// 19.3).
	Barding bool

	// Ward is true where the special save is called a ward save; false
	// where it is Aegis (t9a, 8.2).
	Ward bool

	// Regeneration is true where a model may have Regeneration (8).
	Regeneration bool

	// Fly is true where the Fly rule matters (clipped_wings, t9a family).
	Fly bool

	// ClippedWings is true where an attack's clipped_wings gives multiple
	// wounds against flyers (t9a, 9).
	ClippedWings bool

	// LethalStrike is true where Lethal Strike exists: a natural 6 to
	// wound ignores armour (t9a family, 19.3).
	LethalStrike bool

	// LethalStrikeAP is true where Lethal Strike is armour penetration 10
	// rather than no armour save at all (t9a, 19.3).
	LethalStrikeAP bool

	// FlamingStopsRegeneration is true where an unsaved Flaming wound ends
	// Regeneration for the rest of the phase (whfb8, battleaxe; 8, C26).
	FlamingStopsRegeneration bool

	// DamageModelSwitch is true where the damage_model switch may choose
	// per-model damage (battleaxe, 11.3).
	DamageModelSwitch bool

	// MWCapSwitch is true where mw_cap may cap each packet at the
	// target's remaining wounds (whfb8, 9).
	MWCapSwitch bool

	// ChampionPool is true where the champion has a wound pool of his own
	// and so is removed last from his unit (t9a family, 10.1, 11.4).
	ChampionPool bool

	// Command is the order in which command models are removed once the
	// rank and file are gone (11.4). For a ChampionPool ruleset it holds
	// the musician and standard bearer only, and Options.CommandOrder may
	// reverse them: use CommandOrder.
	Command []CommandPost

	// TroopTypes is true where a unit keeps one rank-and-file pool per
	// troop type, so a target may have groups of other troop types that an
	// attack aims at, and Multiple Wounds may be limited to one troop type
	// (t9a family, 9.2, 10.1).
	TroopTypes bool

	// BSTarget is true where `bs` is read as the hit roll's target number
	// itself ("bs: 3+"); false where it is the Ballistic Skill characteristic
	// (BS 3 needs 4+, 5).
	BSTarget bool

	// DivineAttacks is true where an attack may have Divine Attacks: the
	// target re-rolls its successful Aegis saves (t9a, 20.5).
	DivineAttacks bool

	// PoisonSevenPlus is true where Poison fires under the 7+ to-hit
	// procedure: a natural 6 first die and a second die that succeeds (t9a
	// Poison Attacks, 20.2); elsewhere a 7+ hit rolls to wound.
	PoisonSevenPlus bool

	// HighBSRetry is true where a shot of BS 6-10 needs 2+ after its
	// modifiers and re-rolls a miss once, unmodified, needing (12 - BS)+
	// (tow, 22.2, E153).
	HighBSRetry bool

	// RegenerationAfterDamage is true where Regeneration is not a special
	// save but its own stage: one roll per Wound lost, after the ward and
	// the damage dice, before the model is removed; a regenerated Wound
	// still counts for combat result (tow, 22.6).
	RegenerationAfterDamage bool

	// MWRemaining is true where every Multiple Wounds packet is capped at
	// the wounds left on the model it lands on and never spills, whatever
	// mw_cap says (tow, 22.7, E164, E165).
	MWRemaining bool

	// PacketOwnerOrder is true where multi_packet_order may be
	// owner_choice: the defending player orders an attack group's
	// Multiple Wounds packets (tow, RULES.md 22.13, T-5). Elsewhere the
	// packets apply as their dice were rolled (R35).
	PacketOwnerOrder bool
	// PanicMoreThan is true where the panic test needs more than the
	// panic threshold lost in one phase, rather than that much or more
	// (tow, 22.9, E169).
	PanicMoreThan bool

	// PanicFallBack is true where a failed panic test falls back in good
	// order while more than half the unit's models at deployment remain,
	// and flees otherwise (tow, 22.9, E169): the unit's starting_models.
	PanicFallBack bool

	// TroopCategories is true where the troop types are the categories and
	// sub-categories of tow (22.10): heavy_infantry, light_cavalry and the
	// rest are read, each binding its category's rules, and monstrous_beast
	// is not a troop type.
	TroopCategories bool

	// KillingBlow is true where an attack may have Killing Blow and Heroic
	// Killing Blow (battleaxe, whfb8, t9a1-ru; RULES.md 20.2): t9a has
	// Lethal Strike instead, skirmish its criticals.
	KillingBlow bool

	// BlowsByCategory is true where the natural-6 blows (Killing Blow) fire
	// only in melee and name troop categories, not 20.2's list: Killing
	// Blow takes the infantry and cavalry categories, Heroic Killing Blow
	// does not exist (tow, 22.3, 22.10, 22.17; BlowSlays).
	BlowsByCategory bool

	// InstantKillNowLosing is true where every instant kill that names no
	// model (instant_kill, Killing Blow, Monster Slayer) takes the model
	// now losing Wounds: the damaged one, else the next in removal order,
	// command models last (11.4). Such a ruleset does not read
	// instant_kill_takes, and a file that sets it is refused (tow, 22.7,
	// 22.17, 22.18).
	InstantKillNowLosing bool

	// NoPoisonOnMeleeSeven is true where a close-combat hit whose modified
	// need is 7+ still hits on a natural 6 (20.4) but Poisoned Attacks do
	// not fire on it (tow, 22.3, 22.17).
	NoPoisonOnMeleeSeven bool

	// ArmourBaneNotInMagic is true where Armour Bane does not fire in the
	// magic phase: its table reads "any phase, not spells" (tow, 22.3,
	// 22.17).
	ArmourBaneNotInMagic bool

	// Combat is the ruleset's column of the close-combat round (RULES.md
	// 21): the zero CombatRules where it has none (skirmish).
	Combat CombatRules

	// What the rest of this row says is read through the stage functions
	// (MeleeToHit, ToWound, ArmourSave, SpecialSave...), which dispatch on
	// it rather than on the ruleset's name.

	// name is the label of RULES.md 2 ("t9a1-ru"); description says in one
	// line what the ruleset is and which seed of RULES.md 1 it comes from.
	// title is the name players know the ruleset by ("Warhammer: The Old
	// World").
	name, title, description string

	// switches is the set of RULES.md 18 and 19 switches the ruleset reads;
	// Switch.Rulesets is derived from it.
	switches switchSet

	// meleeToHit is the close-combat to-hit chart (5): attacker's skill ws
	// against the defender's targetWS.
	meleeToHit func(ws, targetWS int, o Options) Target

	// sixThenUpTo is the highest to-hit need that can still hit (5): a need
	// of 7 or more up to it is a natural 6 then (need-3)+ on a second die
	// (sixThen). 9 in whfb8, 7 in t9a (the hopeless shot), 6 where a 7+
	// cannot hit; seven_plus_to_hit may raise 6 to 7.
	sixThenUpTo int

	// tooTough is the largest d = S - T that cannot wound at all (6.1):
	// -4 in the classic chart; noTooTough where the chart never gets worse
	// than 6+.
	tooTough int

	// woundModClamp is true where a wound_modifier's result is clamped to
	// 2+..6+ (t9a); false for the classic row of RULES.md 20.4, where 7+
	// cannot wound.
	woundModClamp bool

	// armour builds the armour save (7): the model's save before the
	// attack, the attack's modifier, the caps.
	armour func(p SaveProfile, tt TroopType, pen Penetration, o Options) ArmourDetail

	// armourFloor and specialFloor are the highest natural values that
	// always fail an armour save and a special save (3, 7, 8).
	armourFloor, specialFloor int

	// flamingDeniesRegeneration is true where Regeneration may not be rolled
	// against a Flaming attack (8, 19.3); a ruleset that reads
	// regen_vs_flaming may allow it (8.3).
	flamingDeniesRegeneration bool

	// kbOther is what a Killing Blow does to a troop type it cannot slay
	// when kb_other_troop_types is left at its default (20.2, 20.9).
	kbOther KBOther
	// rearRank is the order casualties leave a rear rank by default
	// (RearRankOrderOf); zero is alternate ends.
	rearRank RearRankOrder

	// criticals is true where a natural 6 to wound may roll on the critical
	// hit tables (skirmish, 6.2).
	criticals bool
}

// noTooTough is the tooTough of a to-wound chart in which every Strength
// wounds on 6+ at worst (t9a, 6.1).
const noTooTough = math.MinInt

// CommandPost names a place in a unit's command group.
type CommandPost int8

const (
	NoPost CommandPost = iota
	MusicianPost
	StandardPost
	ChampionPost
)

var postNames = [...]string{"none", "musician", "standard", "champion"}

func (p CommandPost) String() string {
	if p < 0 || int(p) >= len(postNames) {
		return "none"
	}
	return postNames[p]
}

// traitsTable holds one row per ruleset, indexed by Ruleset. Each row is
// declared in the ruleset's own file (battleaxe.go, whfb8.go, t9a.go,
// t9a1ru.go, skirmish.go, tow.go).
var traitsTable = [rulesetCount]Traits{
	Battleaxe: battleaxeRules,
	WHFB8:     whfb8Rules,
	T9A:       t9aRules,
	T9A1RU:    t9a1ruRules,
	Skirmish:  skirmishRules,
	TOW:       towRules,
}

// For returns the traits of rs. It panics if rs is not Valid (rulesets are
// parsed at the edge, so an invalid one is a programmer error).
func For(rs Ruleset) *Traits {
	rs.mustValid()
	return &traitsTable[rs]
}

// PerModel reports whether damage is kept per model under o (11.3).
func (t *Traits) PerModel(o Options) bool {
	return t.DamageModelSwitch && o.DamageModel == PerModel
}

// CapRemaining reports whether each multi-wound packet is capped at the
// target's remaining wounds under o (9).
func (t *Traits) CapRemaining(o Options) bool {
	return t.MWRemaining || t.MWCapSwitch && o.MWCap == CapRemaining
}

// CommandOrder returns the order in which command models are removed under o
// (11.4).
func (t *Traits) CommandOrder(o Options) []CommandPost {
	if t.ChampionPool && o.CommandOrder == StandardFirst {
		return []CommandPost{StandardPost, MusicianPost}
	}
	return t.Command
}

// RulesetsWhere lists, in the order of Rulesets, the rulesets whose traits
// satisfy f; scenario validation and the web form use it to say which
// rulesets read a field.
func RulesetsWhere(f func(*Traits) bool) []Ruleset {
	var out []Ruleset
	for _, r := range Rulesets() {
		if f(For(r)) {
			out = append(out, r)
		}
	}
	return out
}

// RearRankOrderOf returns the order casualties leave a rear rank under o
// (R12, RULES.md 22.8): the switch rear_rank_order, or the ruleset's
// default (tow: from the left end; the others: from each end in turn).
func (t *Traits) RearRankOrderOf(o Options) RearRankOrder {
	switch {
	case o.RearRankOrder != RearRankByRuleset:
		return o.RearRankOrder
	case t.rearRank != RearRankByRuleset:
		return t.rearRank
	}
	return AlternateEnds
}

// KBOtherOf returns what a Killing Blow does under o to a troop type it
// cannot slay (RULES.md 20.2, 20.9): the switch kb_other_troop_types, or
// the ruleset's default (battleaxe: no armour and no Regeneration, one
// wound; whfb8 and t9a1-ru: an ordinary wound).
func (t *Traits) KBOtherOf(o Options) KBOther {
	if o.KBOtherTroopTypes != KBByRuleset {
		return o.KBOtherTroopTypes
	}
	return t.kbOther
}
