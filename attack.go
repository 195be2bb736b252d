package rearrank

import (
	"github.com/rearrank/rearrank/msg"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// HitSpec says how an attack rolls to hit (RULES.md 5). With none of Need,
// BS and WS set the attack hits automatically.
type HitSpec struct {
	Need     rules.Target // an explicit target number such as 4+
	BS       int          // shooting: Ballistic Skill (battleaxe and t9a: the target number itself)
	WS       int          // melee: Weapon Skill, or t9a Offensive Skill, against the target's WS
	Modifier int          // signed: -1 for long range, +1 for a large target
}

// Auto reports whether the attack hits without a roll.
func (h HitSpec) Auto() bool { return h.Need.IsNone() && h.BS == 0 && h.WS == 0 }

// Attack is one attack group: every attack of one profile at one target,
// resolved as one batch (RULES.md 3). Its Validate checks it against a
// ruleset; Multi reports whether its unsaved wounds are packets (C3).
type Attack struct {
	Name           string      // the group's name in the log, such as "Crossbows"
	Count          dice.Expr   // number of attacks, or hits when the hit is automatic
	Phase          rules.Phase // shooting, melee...: which saves and rules apply (8.2, 19.3)
	Hit            HitSpec     // how the group rolls to hit (5)
	Strength       int         // S, against the target's Toughness (6.1) and armour (7)
	AP             int         // t9a Armour Penetration
	ArmourPiercing int         // extra armour-save modifier (t9a1-ru Armour Piercing, weapon extras)
	MultipleWounds dice.Expr   // wounds each unsaved wound causes (9.2); the zero Expr means one
	// MultipleHits makes each successful hit, automatic hits included, this
	// many hits, rolled once per hit after the to-hit dice (RULES.md 20.3);
	// the zero Expr means one hit.
	MultipleHits dice.Expr
	// WoundModifier is added to the to-wound roll: + helps the attacker
	// (RULES.md 20.4).
	WoundModifier int
	// MWAgainst limits Multiple Wounds to targets of one troop type (t9a
	// "MW(2, Infantry)", RULES.md 9.2); nil means every target.
	MWAgainst    *rules.TroopType
	ClippedWings bool // t9a: +1 Multiple Wounds against a model with Fly (E52)
	Flaming      bool // Flaming Attacks: no Regeneration against it (8, 19.3)
	// Re-rolls (RULES.md 20.1): RerollHit and RerollWound are the group's
	// own (failed, ones) and imposed (successes) re-rolls of its to-hit and
	// to-wound dice; Hatred grants failed to-hit re-rolls in melee; the
	// Force fields make the target re-roll its successful saves;
	// DivineAttacks (t9a, 20.5) its successful Aegis saves.
	RerollHit, RerollWound                rules.Reroll
	Hatred                                bool
	ForceRerollArmour, ForceRerollSpecial bool
	DivineAttacks                         bool
	// Natural-roll triggers on the final to-hit roll (RULES.md 20.2):
	// Poison makes the hit wound automatically, BattleFocus adds a hit.
	Poison, BattleFocus rules.Trigger
	// Natural-roll triggers on the final to-wound roll (RULES.md 20.2):
	// KillingBlow or HeroicKillingBlow (at most one) slays the model struck
	// once its ward fails; ArmourBane worsens that wound's armour save by
	// its value, from the natural ArmourBaneOn up (zero: a natural 6).
	KillingBlow, HeroicKillingBlow rules.Trigger
	// MonsterSlayer and CleavingBlow (tow, RULES.md 22.3) fire on the
	// final natural to-wound roll in melee: Monster Slayer as Killing Blow
	// against monsters, Cleaving Blow no armour or Regeneration against
	// regular infantry, cavalry and war beasts (one Wound, its packet kept).
	MonsterSlayer, CleavingBlow rules.Trigger
	ArmourBane                  int
	ArmourBaneOn                rules.Trigger
	// LethalStrike (t9a, t9a1-ru; 19.3) fires on the final natural
	// to-wound roll: no armour save (t9a: AP 10) and no Regeneration.
	LethalStrike rules.Trigger
	IgnoreArmour bool              // no armour save (7)
	NoSaves      bool              // no save of any kind, the special save included (19.3)
	InstantKill  bool              // each unsaved wound removes a model outright, no saves (9.1)
	WeaponClass  rules.WeaponClass // skirmish critical table (6.2)
	Attacker     string            // skirmish: the warrior, for the per-phase allowance
	Target       unit.Target       // the model the group aims at: rank and file, champion, a character (10)
	// Batch names the batch the group shares with its neighbours (RULES.md
	// C24, R9): consecutive groups with the same non-empty Batch are one
	// batch, every profile one unit fires at one target. Each profile rolls
	// its own dice; their unsaved wounds are then allocated together, in
	// C22's order, with one set of end counters (11.2) and one panic test.
	// Empty: the group is a batch of its own (RULES.md 3).
	Batch string
}

// Multi reports whether every unsaved wound of the attack is a packet (C3):
// any Multiple Wounds value other than none or 0. A constant 1 makes packets
// of one wound, as an effect that strikes every model does (R7).
func (a Attack) Multi() bool {
	c, ok := a.MultipleWounds.Const()
	return !ok || c >= 1 // 1: packets of one wound (C3, R7)
}

// Tally sums what the resolved batches did to the unit: casualties, wounds
// (the combat result, 9.3), unsaved and wasted wounds, panic, standard lost.
type Tally struct {
	Casualties int                     `json:"casualties"` // models removed, every role
	ByRole     [unit.Character + 1]int `json:"-"`
	Wounds     int                     `json:"wounds"`  // W/HP taken off models: combat result (9.3)
	Unsaved    int                     `json:"unsaved"` // wounds past every save, before multiplying
	Wasted     int                     `json:"wasted"`
	Panic      bool                    `json:"panic"` // the threshold of RULES.md 12 was crossed
	Standard   bool                    `json:"standard_lost"`
	// Overkill is the part of Wasted lost on a champion or character
	// that the attack group aimed at (a challenge, RULES.md 9.3, 22.7): the
	// referee's Result reports it and what it scores (Result.Overkill).
	Overkill int `json:"-"`
}

// Validate checks an attack group against the ruleset it will be resolved
// in. Its error is an *msg.Error, which the edges render in the reader's
// language.
func (a Attack) Validate(rs rules.Ruleset) error {
	switch {
	case a.Strength < 0 || a.Strength > 10:
		return msg.Errorf(nil, "root.attack.strength", a.Strength)
	case a.AP < 0 || a.AP > 10:
		return msg.Errorf(nil, "root.attack.ap", a.AP)
	case a.ArmourPiercing < 0 || a.ArmourPiercing > 10:
		return msg.Errorf(nil, "root.attack.armour_piercing", a.ArmourPiercing)
	case a.WoundModifier < -10 || a.WoundModifier > 10:
		return msg.Errorf(nil, "root.attack.wound_modifier", a.WoundModifier)
	case !a.MultipleHits.IsZero() && a.MultipleHits.Min() < 1:
		return msg.Errorf(nil, "root.attack.multiple_hits", a.MultipleHits.String())
	case a.ArmourBane < 0 || a.ArmourBane > 10:
		return msg.Errorf(nil, "root.attack.armour_bane", a.ArmourBane)
	case a.ArmourBaneOn != 0 && a.ArmourBane == 0:
		return msg.Errorf(nil, "root.attack.armour_bane_on", a.ArmourBaneOn.String())
	case a.KillingBlow != 0 && a.HeroicKillingBlow != 0:
		return msg.Errorf(nil, "root.attack.killing_blow_both")
	case (a.MonsterSlayer != 0 || a.CleavingBlow != 0) && !rules.For(rs).BlowsByCategory:
		return msg.Errorf(nil, "root.attack.blows_by_category", rs.String())
	case (a.KillingBlow != 0 || a.HeroicKillingBlow != 0) && !rules.For(rs).KillingBlow:
		return msg.Errorf(nil, "root.attack.killing_blow", rs.String())
	case a.Hatred && a.Phase != rules.Melee:
		return msg.Errorf(nil, "root.attack.hatred", a.Phase.String())
	case a.Count.Min() < 0:
		return msg.Errorf(nil, "root.attack.count", a.Count.String())
	case !rules.For(rs).Block && a.Target.Role != unit.RankAndFile && a.Target.Role != unit.NoRole:
		return msg.Errorf(nil, "root.attack.skirmish_target", a.Target.Role.String())
	}
	return nil
}
