package rules

import (
	"fmt"

	"github.com/rearrank/rearrank/msg"
)

// skirmishRules is the Mordheim-like skirmish game (RULES.md 2, seed 003):
// one model is one fighter, with no ranks or wound pools. A natural 6 to
// wound may roll on the critical hit tables of its weapon class (6.2), armour
// is counted in points (7.4), and a fighter at 0 Wounds rolls injuries (13).
var skirmishRules = Traits{
	Ruleset: Skirmish, Barding: false, Ward: true,

	name:        "skirmish",
	title:       "Mordheim-like skirmish",
	description: "Mordheim-like skirmish: one model a fighter, critical hits by weapon class, injuries",
	switches: switchSetOf(swSpecialSaveChoice, swArmourPreset, swLowCritConsumes,
		swNoCritWhenNeeding6, swSevenPlusToHit, swPoisonMultipleHits, swSevenPlusReroll),

	meleeToHit:   weaponSkillChart, // 5
	sixThenUpTo:  6,                // 5: 7+ cannot hit; seven_plus_to_hit may allow 7
	tooTough:     classicTooTough,  // 6.1
	armour:       skirmishArmour,   // 7.4
	armourFloor:  1,                // 3, R32
	specialFloor: 1,                // 8.4
	// Skirmish defines no Regeneration: its generic hook is stopped by
	// nothing but RegenLost (8).
	flamingDeniesRegeneration: false,
	criticals:                 true, // 6.2

	// No Combat: skirmish has no combat round (21.1).
}

// skirmishArmour is RULES.md 7.4: suit points (light 1, heavy 2,
// plate/gromril 3) + shield (2 with SeedArmour, 1 with ClassicArmour, R25) +
// SaveBonus as natural armour; the save 7 - points gets min(6, max(0, S-3))
// + ArmourPiercing. The troop type is not read.
func skirmishArmour(p SaveProfile, _ TroopType, pen Penetration, o Options) ArmourDetail {
	points := p.Armour.points() + p.SaveBonus
	if p.Shield {
		points += 2
		if o.ArmourPreset == ClassicArmour {
			points--
		}
	}
	if points <= 0 {
		return ArmourDetail{}
	}
	v := 7 - points
	m := min(6, strengthModifier(pen.Strength)) + pen.ArmourPiercing
	return ArmourDetail{Base: Need(v), Modifier: m, Need: Need(max(v+m, 1))}
}

// Critical is one result of the skirmish critical-hit tables (RULES.md 6.2,
// R23-R30, C15-C19), as data for the referee. The zero flags mean "as
// normal": an armour save, one wound, no extra effect.
type Critical struct {
	Class WeaponClass
	Roll  int // the critical D6, 1-6
	// Caused is true for rolls 4-6. Rolls 1-3 cause no critical: the wound
	// stays ordinary and, by default, the allowance is not spent (R23).
	Caused bool

	NoArmour    bool // no armour save (missile 4 and 6, bludgeoning 4, bladed 4 and 6, unarmed 6, thrusting 6)
	NoHelmet    bool // no helmet save against a stunned result (bludgeoning 4)
	CannotFight bool // the target may not fight this turn if it has not fought yet (bludgeoning 4)
	// Ricochet: the closest enemy within 6" of the target is hit too; the
	// first wound stands, the second target rolls to wound without a
	// critical (missile 5, R29, C15).
	Ricochet bool
	// Disarm: the target loses a weapon for the rest of the combat (random
	// of two; with one it fights unarmed, R40) (bludgeoning 5).
	Disarm bool
	// OutOfActionIfArmourFails: out of action at once when the armour save
	// fails or is impossible, unless a special save then stops the wound
	// (bludgeoning 6, R30, C17).
	OutOfActionIfArmourFails bool
	// ExtraAttack: roll to hit and to wound again at once, before the
	// warrior's other attacks; it cannot cause another critical (unarmed 4,
	// C19).
	ExtraAttack bool
	// KnockDown: the target is knocked down whether or not the save succeeds;
	// the wound only counts if the save fails (thrusting 5, R27).
	KnockDown bool
	// Knockback: the target is pushed back D6", the attacker follows, others
	// in the fight are separated, a model it collides with takes an S3 hit
	// (thrusting 6).
	Knockback bool
	// SeparateSaves: each of the Wounds gets its own armour save (bladed 5).
	SeparateSaves bool
	// Wounds is 2 for missile 6 and bladed 5 and 6, else 1. Against a weapon
	// that does several wounds use WoundsWith (R39).
	Wounds int
	// InjuryBonus is added to every injury roll the attack causes.
	InjuryBonus int
	// InjuryBonusOnlyIfSaveFails: the bonus applies only if the armour save
	// fails (unarmed 5).
	InjuryBonusOnlyIfSaveFails bool
	// Text describes the result in one line for logs, in English (Msg).
	Text string
	// text is the message of the result, without its class and roll; ""
	// for no critical hit.
	text msg.ID
}

// CriticalHit returns the result of critical roll on the table of class
// (RULES.md 6.2). Rolls 1-3 and NoWeaponClass give Caused false and an
// ordinary single wound. It panics if roll is not 1-6 (no D6 gives it) or
// class is not one of the WeaponClass constants: both are programmer errors.
func CriticalHit(class WeaponClass, roll int) Critical {
	if roll < 1 || roll > 6 {
		panic(fmt.Sprintf("rules: critical roll %d is not a D6 face", roll))
	}
	c := Critical{Class: class, Roll: roll, Wounds: 1}
	if roll <= 3 || class == NoWeaponClass {
		c.Text = c.Msg().String()
		return c
	}
	c.Caused = true
	type cell struct {
		class WeaponClass
		roll  int
	}
	switch (cell{class, roll}) {
	case cell{Missile, 4}:
		c.NoArmour = true
		c.text = "rules.critical.no_armour"
	case cell{Missile, 5}:
		c.Ricochet = true
		c.text = "rules.critical.ricochet"
	case cell{Missile, 6}:
		c.NoArmour, c.Wounds = true, 2
		c.text = "rules.critical.two_no_armour"
	case cell{Bludgeoning, 4}:
		c.NoArmour, c.NoHelmet, c.CannotFight = true, true, true
		c.text = "rules.critical.stun_blow"
	case cell{Bludgeoning, 5}:
		c.Disarm = true
		c.text = "rules.critical.disarm"
	case cell{Bludgeoning, 6}:
		c.OutOfActionIfArmourFails = true
		c.text = "rules.critical.out_if_armour_fails"
	case cell{Bladed, 4}:
		c.NoArmour = true
		c.text = "rules.critical.no_armour"
	case cell{Bladed, 5}:
		c.Wounds, c.SeparateSaves = 2, true
		c.text = "rules.critical.two_own_saves"
	case cell{Bladed, 6}:
		c.NoArmour, c.Wounds, c.InjuryBonus = true, 2, 2
		c.text = "rules.critical.two_no_armour_plus_two"
	case cell{Unarmed, 4}:
		c.ExtraAttack = true
		c.text = "rules.critical.extra_attack"
	case cell{Unarmed, 5}:
		c.InjuryBonus, c.InjuryBonusOnlyIfSaveFails = 1, true
		c.text = "rules.critical.injury_if_save_fails"
	case cell{Unarmed, 6}:
		c.NoArmour, c.InjuryBonus = true, 2
		c.text = "rules.critical.no_armour_plus_two"
	case cell{Thrusting, 4}:
		c.InjuryBonus = 1
		c.text = "rules.critical.plus_one_injury"
	case cell{Thrusting, 5}:
		c.KnockDown = true
		c.text = "rules.critical.knocked_down"
	case cell{Thrusting, 6}:
		c.NoArmour, c.InjuryBonus, c.Knockback = true, 2, true
		c.text = "rules.critical.knockback"
	default:
		panic(fmt.Sprintf("rules: invalid weapon class %d", int(class)))
	}
	c.Text = c.Msg().String()
	return c
}

// Msg is the result in one line as a message, to be said in a reader's
// language: Text is its English.
func (c Critical) Msg() msg.Message {
	if c.text == "" {
		return msg.New("rules.critical.none", c.Class.String(), c.Roll)
	}
	return msg.New("rules.critical.line", c.Class.String(), c.Roll, msg.New(c.text))
}

// UsesAllowance reports whether rolling this critical result spends the
// warrior's once-per-phase allowance (RULES.md 6.2): a caused critical always
// does; a roll of 1-3 does only with o.LowCritConsumes (R23).
func (c Critical) UsesAllowance(o Options) bool { return c.Caused || o.LowCritConsumes }

// WoundsWith returns the wounds of a critical hit from a weapon that itself
// does weapon wounds (already rolled): the larger of the two, never the sum
// (RULES.md 6.2, R39; E80).
func (c Critical) WoundsWith(weapon int) int { return max(c.Wounds, weapon) }

// CanCritical reports whether a natural 6 to wound may roll on the critical
// tables (RULES.md 6.2): only in a ruleset with criticals (skirmish), only in the melee or shooting
// phase, only with a weapon class, only when the wound target is possible,
// and not when o.NoCritWhenNeeding6 and the target is 6+ (R24). The
// once-per-phase allowance is the referee's to track.
func CanCritical(rs Ruleset, phase Phase, class WeaponClass, woundNeed Target, o Options) bool {
	switch {
	case !For(rs).criticals, phase != Melee && phase != Shooting, class == NoWeaponClass:
		return false
	case !woundNeed.Possible():
		return false
	case o.NoCritWhenNeeding6 && woundNeed.Value() >= 6:
		return false
	}
	return true
}

// Injury is the result of a skirmish injury roll (RULES.md 13). Higher values
// are worse, so the worst of several rolls is their max (C18). The zero value
// is no injury.
type Injury int8

const (
	NoInjury Injury = iota
	KnockedDown
	Stunned
	OutOfAction
)

var injuryNames = enumNames{"none", "knocked_down", "stunned", "out_of_action"}

func (i Injury) String() string { return injuryNames.str(int8(i)) }

// InjuryResult returns the injury for an injury roll of roll (the natural
// D6) plus bonus (RULES.md 13): 1-2 knocked down, 3-4 stunned, 5 or more
// out of action.
func InjuryResult(roll, bonus int) Injury {
	switch total := roll + bonus; {
	case total <= 2:
		return KnockedDown
	case total <= 4:
		return Stunned
	default:
		return OutOfAction
	}
}

// HelmetSaves reports whether a helmet roll of face turns a stunned result
// into knocked down: on a 4+ (RULES.md 13). Bludgeoning 4 forbids the roll
// (Critical.NoHelmet).
func HelmetSaves(face int) bool { return face >= 4 }

// InjuryRolls returns how many injury rolls a fighter with woundsLeft W
// makes when it takes wounds unsaved wounds (RULES.md 13): one for the wound
// that brings W to 0 and one for every later wound, none while W stays at 1
// or more (E84). A fighter already at 0 rolls for every wound.
func InjuryRolls(woundsLeft, wounds int) int {
	return max(0, wounds-max(woundsLeft, 1)+1)
}
