package rules

import (
	"fmt"
	"strconv"

	"github.com/rearrank/rearrank/msg"
)

// enumNames is the shared text form of the small enums below: index i holds
// the name of value i, and index 0 the name of the zero value.
type enumNames []string

func (n enumNames) str(i int8) string {
	if i < 0 || int(i) >= len(n) {
		return fmt.Sprintf("invalid(%d)", i)
	}
	return n[i]
}

// parse reads s as one of the names; the error is the message id, "unknown
// troop type %q: want a, b or c".
func (n enumNames) parse(id msg.ID, s string) (int8, error) {
	for i, v := range n {
		if v == s {
			return int8(i), nil
		}
	}
	return 0, msg.Errorf(nil, id, strconv.Quote(s), n.list())
}

// list is the names as "a, b or c", leaving out an empty name at index 0.
func (n enumNames) list() any {
	var names []string
	for i, v := range n {
		if i > 0 || v != "" {
			names = append(names, v)
		}
	}
	return listOr(names)
}

// TroopType is a model's troop type. It keys R&F wound pools (RULES.md 10.1)
// and decides the cavalry armour bonus (RULES.md 19.3). The zero value is
// infantry, the scenario default.
type TroopType int8

const (
	Infantry TroopType = iota
	Cavalry
	MonstrousInfantry
	MonstrousCavalry
	MonstrousBeast
	WarBeast
	Chariot
	Monster
	Swarm
	WarMachine
	// The sub-categories of tow (RULES.md 22.10, 22.12): each binds every
	// rule of its category (Category), and only the rank minimums and Unit
	// Strength of 22.11 tell it apart. No other ruleset reads them (TowOnly).
	HeavyInfantry
	LightCavalry
	HeavyCavalry
	LightChariot
	HeavyChariot
	MonstrousCreature
	Behemoth

	troopTypeCount = iota
)

var troopTypeNames = enumNames{"infantry", "cavalry", "monstrous_infantry", "monstrous_cavalry",
	"monstrous_beast", "war_beast", "chariot", "monster", "swarm", "war_machine",
	"heavy_infantry", "light_cavalry", "heavy_cavalry", "light_chariot", "heavy_chariot",
	"monstrous_creature", "behemoth"}

// Category is the generic troop type a tow sub-category belongs to (RULES.md
// 22.10: a rule for a category binds its sub-categories): heavy infantry is
// infantry, light and heavy cavalry are cavalry, light and heavy chariots
// chariots, monstrous creatures and behemoths monsters. Every other type is
// its own category.
func (t TroopType) Category() TroopType {
	switch t {
	case HeavyInfantry:
		return Infantry
	case LightCavalry, HeavyCavalry:
		return Cavalry
	case LightChariot, HeavyChariot:
		return Chariot
	case MonstrousCreature, Behemoth:
		return Monster
	}
	return t
}

// TowOnly reports whether t is one of tow's sub-categories, which the other
// rulesets refuse (RULES.md 22.12).
func (t TroopType) TowOnly() bool { return t >= HeavyInfantry && t < troopTypeCount }

// ReadBy reports whether ruleset rs reads troop type t: tow's
// sub-categories are tow's alone, and tow has no monstrous_beast (RULES.md
// 22.10, 22.12). A scenario that gives another is refused.
func (t TroopType) ReadBy(rs Ruleset) bool {
	categories := rs.Valid() && For(rs).TroopCategories
	switch {
	case t.TowOnly():
		return categories
	case t == MonstrousBeast:
		return !categories
	}
	return true
}

// In returns the troop type ruleset rs reads in place of t: t itself where
// rs reads it, else a tow sub-category's category (Category), and for tow
// a war_beast in place of a monstrous_beast, the nearest (22.10).
func (t TroopType) In(rs Ruleset) TroopType {
	switch {
	case t.ReadBy(rs):
		return t
	case t == MonstrousBeast:
		return WarBeast
	}
	return t.Category()
}

// TroopTypeNames lists the accepted troop type names.
func TroopTypeNames() []string { return append([]string(nil), troopTypeNames...) }

func (t TroopType) String() string { return troopTypeNames.str(int8(t)) }

// ParseTroopType reads a troop type name such as "monstrous_infantry".
func ParseTroopType(s string) (TroopType, error) {
	v, err := troopTypeNames.parse("rules.error.unknown_troop_type", s)
	return TroopType(v), err
}

// Mounted reports whether the troop type gets the +1 armour for a mount and
// +1 more for barding: cavalry and monstrous cavalry only, not ridden monsters,
// chariots or single creatures (RULES.md 19.3).
func (t TroopType) Mounted() bool { return t.Category() == Cavalry || t == MonstrousCavalry }

// Armour is a suit of armour (RULES.md 7.1, 7.3, 7.4). The zero value is no
// armour. Plate is the 4+ superior suit of battleaxe and whfb8 (full plate,
// chaos armour, gromril), worth 3 points in t9a1-ru and in skirmish.
type Armour int8

const (
	NoArmour Armour = iota
	LightArmour
	HeavyArmour
	PlateArmour
)

var armourNames = enumNames{"none", "light", "heavy", "plate"}

// ArmourNames lists the accepted armour names.
func ArmourNames() []string { return append([]string(nil), armourNames...) }

func (a Armour) String() string { return armourNames.str(int8(a)) }

// ArmourAliases are the other names ParseArmour reads: "full_plate", tow's
// name for the 4+ suit, is plate (RULES.md 22.12).
func ArmourAliases() []string { return []string{armourFullPlate} }

const armourFullPlate = "full_plate"

// ParseArmour reads "none", "light", "heavy" or "plate", and the aliases of
// ArmourAliases.
func ParseArmour(s string) (Armour, error) {
	if s == armourFullPlate {
		return PlateArmour, nil
	}
	v, err := armourNames.parse("rules.error.unknown_armour", s)
	return Armour(v), err
}

// points is the armour's value in points: light 1, heavy 2, plate 3. A suit's
// battleaxe/whfb8 save is 7 minus its points (light 6+, heavy 5+, plate 4+).
func (a Armour) points() int { return int(a) }

// Phase is the game phase an attack is made in. It matters for panic (no test
// in close combat, RULES.md 19.3), skirmish criticals (6.2) and the whfb8
// Flaming/Regeneration flag. The zero value is melee, the scenario default.
type Phase int8

const (
	Melee Phase = iota
	Shooting
	Magic
	OtherPhase
)

var phaseNames = enumNames{"melee", "shooting", "magic", "other"}

func (p Phase) String() string { return phaseNames.str(int8(p)) }

// ParsePhase reads "melee", "shooting", "magic" or "other".
func ParsePhase(s string) (Phase, error) {
	v, err := phaseNames.parse("rules.error.unknown_phase", s)
	return Phase(v), err
}

// WeaponClass is the skirmish weapon class whose critical table applies
// (RULES.md 6.2). The zero value is "none": no critical hits.
type WeaponClass int8

const (
	NoWeaponClass WeaponClass = iota
	Missile
	Bludgeoning
	Bladed
	Unarmed
	Thrusting
)

var weaponClassNames = enumNames{"", "missile", "bludgeoning", "bladed", "unarmed", "thrusting"}

func (w WeaponClass) String() string {
	if w == NoWeaponClass {
		return "none"
	}
	return weaponClassNames.str(int8(w))
}

// ParseWeaponClass reads "missile", "bludgeoning", "bladed", "unarmed" or
// "thrusting"; "" and "none" give NoWeaponClass.
func ParseWeaponClass(s string) (WeaponClass, error) {
	if s == "none" {
		return NoWeaponClass, nil
	}
	v, err := weaponClassNames.parse("rules.error.unknown_weapon_class", s)
	return WeaponClass(v), err
}

// SaveProfile is everything about a model that decides its armour save.
// battleaxe, whfb8, t9a1-ru and skirmish read Armour, Shield, Barding and
// SaveBonus; t9a reads ArmourValue (its Armour characteristic, all sources
// added up, RULES.md 7.2) and ignores the rest.
type SaveProfile struct {
	Armour      Armour
	Shield      bool
	Barding     bool // the mount's barding: +1 only for mounted troop types
	SaveBonus   int  // other improvements: items, spells, natural armour points
	ArmourValue int  // t9a Armour
	Helmet      bool // skirmish: a stunned result becomes knocked down on a 4+
	// Reroll is the model's own standing re-roll of its armour saves:
	// failed or ones (RULES.md 20.1).
	Reroll Reroll
	// ArmourSave is a printed armour value that replaces the suit
	// (chariots, some monsters; tow, 22.4); None for a suit.
	ArmourSave Target
	// MountArmour is a ridden monster's or chariot's armour value; the
	// better of it and the rider's is used (tow, 22.4, E174).
	MountArmour Target
	// Parry: hand weapon and shield in use, one better in melee but never
	// past 3+ (tow, 22.4, E157).
	Parry bool
}

// SpecialSaves are the saves rolled after armour (RULES.md 8). A model rolls
// at most one of them against each wound. The zero Target means "none".
type SpecialSaves struct {
	Ward         Target // battleaxe, whfb8, t9a1-ru, skirmish (generic hook)
	Regeneration Target // whfb8, battleaxe (falls back to whfb8), t9a, t9a1-ru
	Aegis        Target // t9a
	// AegisAgainst and RegenerationAgainst make the save conditional (t9a,
	// RULES.md 8.2): it works only against attacks that meet one of the
	// conditions. Zero: against every attack.
	AegisAgainst, RegenerationAgainst Against
	// Reroll is the model's own standing re-roll of whichever special save
	// it rolls: failed or ones (RULES.md 20.1).
	Reroll Reroll
	// Flammable: a Flaming attack denies the model's Regeneration where
	// Flaming alone does not (tow, 22.6).
	Flammable bool
}

// SpecialKind names which special save was rolled.
type SpecialKind int8

const (
	NoSpecial SpecialKind = iota
	Ward
	Regeneration
	Aegis
)

var specialKindNames = enumNames{"none", "ward", "regeneration", "aegis"}

func (k SpecialKind) String() string { return specialKindNames.str(int8(k)) }

// against returns the conditions of the model's save of kind k (RULES.md
// 8.2); a ward is never conditional.
func (s SpecialSaves) against(k SpecialKind) Against {
	switch k {
	case Aegis:
		return s.AegisAgainst
	case Regeneration:
		return s.RegenerationAgainst
	}
	return 0
}
