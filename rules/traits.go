package rules

// Traits is the shape of one ruleset's pipeline: the facts that decide which
// stages run, which fields a scenario may set and which fast paths apply.
// Code outside this package asks For(rs) instead of comparing ruleset names,
// so a family such as "the champion has a pool of his own" is named once,
// here, and a new ruleset is one row of the table.
type Traits struct {
	Ruleset Ruleset

	// Block is true for ranked units with wound pools (RULES.md 10-12);
	// false for skirmish, whose target is one warrior with criticals,
	// injuries and the out-of-action test (6.2, 13).
	Block bool

	// ArmourValue is true where armour is one number, the model's Armour,
	// with every source already added in (t9a, RULES.md 7.2). Otherwise
	// the save is built from an armour suit, shield, barding and
	// save_bonus (7.1).
	ArmourValue bool

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
}

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

var traitsTable = [...]Traits{
	Battleaxe: {
		Ruleset: Battleaxe, Block: true, Barding: true, Ward: true, Regeneration: true,
		FlamingStopsRegeneration: true, DamageModelSwitch: true, BSTarget: true,
		Command: []CommandPost{MusicianPost, ChampionPost, StandardPost},
	},
	WHFB8: {
		Ruleset: WHFB8, Block: true, Barding: true, Ward: true, Regeneration: true,
		FlamingStopsRegeneration: true, MWCapSwitch: true,
		Command: []CommandPost{MusicianPost, StandardPost, ChampionPost},
	},
	T9A: {
		Ruleset: T9A, Block: true, ArmourValue: true, Regeneration: true, Fly: true,
		ClippedWings: true, LethalStrike: true, LethalStrikeAP: true, ChampionPool: true,
		TroopTypes: true, BSTarget: true,
		Command: []CommandPost{MusicianPost, StandardPost},
	},
	T9A1RU: {
		Ruleset: T9A1RU, Block: true, Barding: true, Ward: true, Regeneration: true, Fly: true,
		LethalStrike: true, ChampionPool: true, TroopTypes: true,
		Command: []CommandPost{MusicianPost, StandardPost},
	},
	Skirmish: {
		Ruleset: Skirmish, Barding: false, Ward: true,
	},
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
	return t.MWCapSwitch && o.MWCap == CapRemaining
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
