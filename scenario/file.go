package scenario

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// File is one scenario: a ruleset, its switches, the attack groups in the
// order they are resolved, and the unit they strike. The yaml and json names
// are a public contract (DESIGN.md "The scenario file"): fields are added,
// never renamed.
//
// Load fills in the defaults (see Defaults) and validates, so a File from
// Load is complete. A File built in Go should go through Defaults and
// Validate before use.
//
// Compare Files with go-cmp using cmpopts.IgnoreUnexported(File{}) (the
// unexported part remembers where each field stood in the source) and
// cmpopts.EquateComparable(rules.Target{}).
type File struct {
	// Description says what the scenario shows, for readers and for logs.
	// It is the place for comments in JSON, which has none.
	Description string        `yaml:"description,omitempty" json:"description,omitempty"`
	Ruleset     rules.Ruleset `yaml:"ruleset" json:"ruleset"`
	// Options are the switches of RULES.md 18 and 19 that the file sets, by
	// scenario name (snake_case, no ruleset prefix, RULES.md 19) with the
	// value as text ("pooled", "true", "1/4"). Names written in RULES.md 18's
	// form ("battleaxe.damageModel") are stored in scenario form. RuleOptions
	// turns them into a rules.Options.
	Options map[string]string `yaml:"options,omitempty" json:"options,omitempty"`
	Attacks []Attack          `yaml:"attacks" json:"attacks"`
	Target  Target            `yaml:"target" json:"target"`

	src *source // positions of the fields in the file Load read; nil for a File built in Go
	// unitOnly: a file LoadUnit read, which may leave its attacks out.
	unitOnly bool
}

// Attack is one attack group: one batch (RULES.md 3). Consecutive groups
// with the same Phase make one phase.
type Attack struct {
	// Name labels the group in logs ("Crossbows").
	Name string `yaml:"name,omitempty" json:"name,omitempty"`
	// Count is the number of attacks: a number or dice ("2D6"). Required.
	Count Expr `yaml:"count" json:"count"`
	// Phase defaults to melee (rules.Melee is the zero Phase).
	Phase rules.Phase `yaml:"phase,omitempty" json:"phase,omitempty"`
	// ToHit is the to-hit roll. Without it the roll comes from BS (shooting)
	// or WS (melee); with none of the three the attacks hit automatically.
	ToHit ToHit `yaml:"to_hit,omitempty" json:"to_hit,omitempty"`
	// BS is the shooter's Ballistic Skill: the characteristic (whfb8,
	// t9a1-ru, skirmish: BS 3 needs 4+) or, where the ruleset writes it as
	// a target number (battleaxe BS, t9a aim), that number: 4 means 4+, and
	// the file may write it "4+" in those two rulesets only.
	BS int `yaml:"bs,omitempty" json:"bs,omitempty"`
	// WS is the attacker's Weapon Skill (t9a: Offensive Skill), compared
	// with the defender's ws (RULES.md 5).
	WS int `yaml:"ws,omitempty" json:"ws,omitempty"`
	// HitModifier is added to the to-hit roll: -1 for long range makes a
	// 4+ into a 5+ (RULES.md 5).
	HitModifier int `yaml:"hit_modifier,omitempty" json:"hit_modifier,omitempty"`
	// WoundModifier is added to the to-wound roll: + helps the attacker
	// (RULES.md 20.4).
	WoundModifier int `yaml:"wound_modifier,omitempty" json:"wound_modifier,omitempty"`
	// Strength is required.
	Strength int `yaml:"strength" json:"strength"`
	// AP is t9a's Armour Penetration (RULES.md 7.2).
	AP int `yaml:"ap,omitempty" json:"ap,omitempty"`
	// ArmourPiercing worsens the armour save by this much on top of
	// Strength (t9a1-ru Armour Piercing, weapon extras elsewhere; RULES.md 7).
	ArmourPiercing int `yaml:"armour_piercing,omitempty" json:"armour_piercing,omitempty"`
	// MultipleWounds makes every unsaved wound a packet of this many wounds
	// (RULES.md 9.2, 19 C3). Empty means single wounds.
	MultipleWounds Expr `yaml:"multiple_wounds,omitempty" json:"multiple_wounds,omitempty"`
	// MultipleHits makes each successful hit, automatic hits included,
	// this many hits (RULES.md 20.3). Empty means one hit.
	MultipleHits Expr `yaml:"multiple_hits,omitempty" json:"multiple_hits,omitempty"`
	// MWAgainst limits MultipleWounds to models of one troop type (t9a
	// "Multiple Wounds (X, Infantry)", RULES.md 9.2). Nil means every model.
	MWAgainst *rules.TroopType `yaml:"mw_against,omitempty" json:"mw_against,omitempty"`
	// Flaming attacks stop Regeneration (RULES.md 8).
	Flaming bool `yaml:"flaming,omitempty" json:"flaming,omitempty"`
	// LethalStrike: a to-wound roll of a natural 6 (true) or the score
	// given allows no armour save and no Regeneration (t9a, t9a1-ru;
	// RULES.md 19.3, 20.2).
	LethalStrike rules.Trigger `yaml:"lethal_strike,omitempty" json:"lethal_strike,omitempty"`
	// RerollHit and RerollWound re-roll the group's to-hit and to-wound
	// dice: failed, ones (its own) or successes (imposed), or a list
	// (RULES.md 20.1).
	RerollHit   rules.Reroll `yaml:"reroll_hit,omitempty" json:"reroll_hit,omitempty"`
	RerollWound rules.Reroll `yaml:"reroll_wound,omitempty" json:"reroll_wound,omitempty"`
	// Hatred re-rolls failed to-hit rolls; melee only (RULES.md 20.1).
	Hatred bool `yaml:"hatred,omitempty" json:"hatred,omitempty"`
	// ForceRerollArmour and ForceRerollSpecial make the target re-roll its
	// successful armour and special saves (RULES.md 20.1).
	ForceRerollArmour  bool `yaml:"force_reroll_armour,omitempty" json:"force_reroll_armour,omitempty"`
	ForceRerollSpecial bool `yaml:"force_reroll_special,omitempty" json:"force_reroll_special,omitempty"`
	// DivineAttacks (t9a) make the target re-roll successful Aegis saves
	// (RULES.md 20.5).
	DivineAttacks bool `yaml:"divine_attacks,omitempty" json:"divine_attacks,omitempty"`
	// Poison and BattleFocus are natural-roll triggers on the to-hit roll,
	// true (a natural 6) or a score "5+" (RULES.md 20.2): a poisoned hit
	// wounds automatically, Battle Focus adds a hit.
	Poison      rules.Trigger `yaml:"poison,omitempty" json:"poison,omitempty"`
	BattleFocus rules.Trigger `yaml:"battle_focus,omitempty" json:"battle_focus,omitempty"`
	// KillingBlow and HeroicKillingBlow are triggers on the to-wound roll
	// (battleaxe, whfb8, t9a1-ru; RULES.md 20.2): no armour or
	// Regeneration, and the model is slain if its ward fails.
	KillingBlow       rules.Trigger `yaml:"killing_blow,omitempty" json:"killing_blow,omitempty"`
	HeroicKillingBlow rules.Trigger `yaml:"heroic_killing_blow,omitempty" json:"heroic_killing_blow,omitempty"`
	// MonsterSlayer and CleavingBlow are tow's blows on the to-wound roll
	// in melee (RULES.md 22.3): Monster Slayer as Killing Blow against
	// monsters; Cleaving Blow no armour or Regeneration save against
	// regular infantry, cavalry and war beasts.
	MonsterSlayer rules.Trigger `yaml:"monster_slayer,omitempty" json:"monster_slayer,omitempty"`
	CleavingBlow  rules.Trigger `yaml:"cleaving_blow,omitempty" json:"cleaving_blow,omitempty"`
	// ArmourBane worsens the armour save of a wound whose natural to-wound
	// roll is ArmourBaneOn (default 6+) or more by its value (RULES.md
	// 20.2).
	ArmourBane   int           `yaml:"armour_bane,omitempty" json:"armour_bane,omitempty"`
	ArmourBaneOn rules.Trigger `yaml:"armour_bane_on,omitempty" json:"armour_bane_on,omitempty"`
	// IgnoreArmour skips the armour save only (RULES.md 7).
	IgnoreArmour bool `yaml:"ignore_armour,omitempty" json:"ignore_armour,omitempty"`
	// NoSaves skips every save, armour and special (RULES.md 19.3).
	NoSaves bool `yaml:"no_saves,omitempty" json:"no_saves,omitempty"`
	// InstantKill: a wound skips every save and removes a model outright
	// (RULES.md 9.1, R5, R38).
	InstantKill bool `yaml:"instant_kill,omitempty" json:"instant_kill,omitempty"`
	// ClippedWings adds 1 to Multiple Wounds against a model with Fly
	// (t9a, RULES.md 9.2, E52).
	ClippedWings bool `yaml:"clipped_wings,omitempty" json:"clipped_wings,omitempty"`
	// WeaponClass picks the skirmish critical table (RULES.md 6.2). None
	// means no critical hits.
	WeaponClass rules.WeaponClass `yaml:"weapon_class,omitempty" json:"weapon_class,omitempty"`
	// Attacker names the skirmish warrior making the attacks: groups with
	// the same Attacker share the once-per-phase critical allowance
	// (RULES.md 6.2, R28). Empty means the group is a warrior of its own.
	Attacker string `yaml:"attacker,omitempty" json:"attacker,omitempty"`
	// Batch names a batch of several profiles (RULES.md C24, R9):
	// consecutive groups with the same Batch, in one phase and aimed at one
	// target, roll their own dice and have their unsaved wounds allocated
	// together (11.2, C22). Empty means the group is a batch of its own.
	Batch string `yaml:"batch,omitempty" json:"batch,omitempty"`
	// Target is what the group is aimed at; the zero Aim is the unit's
	// rank and file (RULES.md 10).
	Target Aim `yaml:"target,omitempty" json:"target,omitempty"`
}

// ToHit is an attack's to-hit roll as a scenario writes it: "4+" (or 4), or
// "auto". The zero ToHit means "not given".
type ToHit struct {
	Auto bool         // hits without a roll
	Need rules.Target // the score needed, 1+ to 10+ (RULES.md 5 for 7+ and beyond)
}

// IsZero reports whether no to-hit roll was given.
func (h ToHit) IsZero() bool { return !h.Auto && h.Need.IsNone() }

// String returns "auto", the target such as "4+", or "" when not given.
func (h ToHit) String() string {
	switch {
	case h.Auto:
		return "auto"
	case h.Need.IsNone():
		return ""
	}
	return h.Need.String()
}

// ParseToHit reads "auto", "4+" or "4".
func ParseToHit(s string) (ToHit, error) {
	if strings.TrimSpace(s) == "auto" {
		return ToHit{Auto: true}, nil
	}
	t, err := parseScore(s, 1, 10)
	if err != nil {
		return ToHit{}, msg.Errorf(nil, "scenario.to_hit", strconv.Quote(s))
	}
	return ToHit{Need: t}, nil
}

// parseScore reads "n+" or "n" with n in lo..hi; 0, "-" and "none" are the
// zero Target.
func parseScore(s string, lo, hi int) (rules.Target, error) {
	t, err := rules.ParseTarget(s)
	if err != nil {
		return rules.None, err
	}
	if !t.IsNone() && (t.Value() < lo || t.Value() > hi) {
		return rules.None, msg.Errorf(nil, "scenario.out_of_range", s)
	}
	return t, nil
}

// AimRole is the kind of model an attack group is aimed at.
type AimRole int8

const (
	AimRankAndFile AimRole = iota // a rank-and-file pool (RULES.md 10.1)
	AimChampion                   // the unit's champion, attacked directly
	AimCharacter                  // a character that has joined the unit
	AimMusician                   // the musician: an instant kill (C12)
	AimStandard                   // the standard bearer: an instant kill (C12)
)

func (r AimRole) String() string {
	switch r {
	case AimRankAndFile:
		return "rank_and_file"
	case AimChampion:
		return "champion"
	case AimCharacter:
		return "character"
	case AimMusician:
		return "musician"
	case AimStandard:
		return "standard"
	}
	return fmt.Sprintf("AimRole(%d)", int8(r))
}

// Aim is what an attack group is aimed at, written "rank_and_file",
// "rank_and_file:<troop_type>", "champion", "character:<name>", or for an
// instant kill "musician" or "standard" (C12). Which
// model an attack strikes is decided upstream (RULES.md 10); the scenario
// only names the pool. The zero Aim is the unit's main rank-and-file pool.
type Aim struct {
	Role AimRole
	// Pool names a rank-and-file pool by troop type (t9a, t9a1-ru units with
	// groups). Nil means the pool of the target's own troop type.
	Pool *rules.TroopType
	// Character is the name of the character, for AimCharacter.
	Character string
}

// ParseAim reads an attack's target.
func ParseAim(s string) (Aim, error) {
	head, tail, colon := strings.Cut(s, ":")
	switch {
	case head == "rank_and_file" && !colon:
		return Aim{}, nil
	case head == "rank_and_file":
		tt, err := rules.ParseTroopType(tail)
		if err != nil {
			return Aim{}, msg.Errorf(nil, "scenario.aim.error", strconv.Quote(s), errArg(err))
		}
		return Aim{Pool: &tt}, nil
	case head == "champion" && !colon:
		return Aim{Role: AimChampion}, nil
	case head == "musician" && !colon:
		return Aim{Role: AimMusician}, nil
	case head == "standard" && !colon:
		return Aim{Role: AimStandard}, nil
	case head == "character" && tail != "":
		return Aim{Role: AimCharacter, Character: tail}, nil
	}
	return Aim{}, msg.Errorf(nil, "scenario.aim.unknown", strconv.Quote(s))
}

// String returns the aim as a scenario writes it.
func (a Aim) String() string {
	switch a.Role {
	case AimChampion:
		return "champion"
	case AimCharacter:
		return "character:" + a.Character
	case AimMusician, AimStandard:
		return a.Role.String()
	}
	if a.Pool != nil {
		return "rank_and_file:" + a.Pool.String()
	}
	return "rank_and_file"
}

// IsZero reports whether a is the unit's main rank-and-file pool.
func (a Aim) IsZero() bool { return a.Role == AimRankAndFile && a.Pool == nil }

// Profile is the defensive profile of a model or a group of alike models:
// what decides its to-hit (WS), to-wound (Toughness), saves (RULES.md 7, 8)
// and damage (Wounds). Which fields a ruleset reads is checked by Validate:
// t9a reads ArmourValue and Aegis; the others read Armour, Shield, Barding
// and SaveBonus, and Ward.
type Profile struct {
	// TroopType keys the t9a and t9a1-ru wound pools and decides the
	// cavalry armour bonus (RULES.md 10.1, 19.3). Defaults to infantry.
	TroopType rules.TroopType `yaml:"troop_type,omitempty" json:"troop_type,omitempty"`
	// WS is the defender's Weapon Skill (t9a: Defensive Skill), needed only
	// when an attack gives its own ws.
	WS int `yaml:"ws,omitempty" json:"ws,omitempty"`
	// Toughness (t9a: Resilience) is required.
	Toughness int `yaml:"toughness" json:"toughness"`
	// Wounds (t9a: Health Points) defaults to 1.
	Wounds int `yaml:"wounds,omitempty" json:"wounds,omitempty"`
	// Armour is the suit (RULES.md 7.1, 7.3, 7.4); not read by t9a.
	Armour rules.Armour `yaml:"armour,omitempty" json:"armour,omitempty"`
	// Shield improves the armour save; not read by t9a.
	Shield bool `yaml:"shield,omitempty" json:"shield,omitempty"`
	// Barding is the mount's barding: cavalry and monstrous cavalry only.
	Barding bool `yaml:"barding,omitempty" json:"barding,omitempty"`
	// SaveBonus adds other armour improvements (items, spells, natural
	// armour); negative values worsen the save. Not read by t9a.
	SaveBonus int `yaml:"save_bonus,omitempty" json:"save_bonus,omitempty"`
	// ArmourValue is t9a's Armour characteristic, every source added up
	// (RULES.md 7.2).
	ArmourValue int `yaml:"armour_value,omitempty" json:"armour_value,omitempty"`
	// Ward is the ward save (battleaxe, whfb8, t9a1-ru, skirmish).
	Ward rules.Target `yaml:"ward,omitempty" json:"ward,omitempty"`
	// Regeneration (battleaxe, whfb8, t9a, t9a1-ru).
	Regeneration rules.Target `yaml:"regeneration,omitempty" json:"regeneration,omitempty"`
	// Aegis is t9a's Aegis save.
	Aegis rules.Target `yaml:"aegis,omitempty" json:"aegis,omitempty"`
	// AegisAgainst and RegenerationAgainst make t9a's Aegis and
	// Regeneration conditional: "Aegis (4+, against Flaming Attacks)" is
	// aegis 4+ with aegis_against flaming (RULES.md 8.2).
	AegisAgainst        rules.Against `yaml:"aegis_against,omitempty" json:"aegis_against,omitempty"`
	RegenerationAgainst rules.Against `yaml:"regeneration_against,omitempty" json:"regeneration_against,omitempty"`
	// RegenerationPlus is t9a's "Regeneration (+k)": the model's
	// Regeneration improves by k, never past 3+, or it gains Regeneration
	// (7-k)+ (RULES.md 8.2).
	RegenerationPlus int `yaml:"regeneration_plus,omitempty" json:"regeneration_plus,omitempty"`
	// Fly matters only to Clipped Wings (t9a, t9a1-ru; E52).
	Fly bool `yaml:"fly,omitempty" json:"fly,omitempty"`
	// RerollArmour and RerollSpecial are the model's own standing save
	// re-rolls: none, failed or ones (RULES.md 20.1).
	RerollArmour  rules.Reroll `yaml:"reroll_armour,omitempty" json:"reroll_armour,omitempty"`
	RerollSpecial rules.Reroll `yaml:"reroll_special,omitempty" json:"reroll_special,omitempty"`
	// ArmourSave is a printed armour value that replaces the suit (tow:
	// chariots, some monsters; RULES.md 22.4).
	ArmourSave rules.Target `yaml:"armour_save,omitempty" json:"armour_save,omitempty"`
	// Parry: hand weapon and shield in use, one better in melee but never
	// past 3+ (tow, RULES.md 22.4).
	Parry bool `yaml:"parry,omitempty" json:"parry,omitempty"`
	// Flammable: no Regeneration against Flaming attacks (tow, RULES.md
	// 22.6).
	Flammable bool `yaml:"flammable,omitempty" json:"flammable,omitempty"`
}

// Command group roles a target may list in Command, in the order Defaults
// sorts them to.
const (
	CommandMusician = "musician"
	CommandStandard = "standard"
	CommandChampion = "champion"
)

var commandRoles = []string{CommandMusician, CommandStandard, CommandChampion}

// Target is the unit the attacks strike. Its Profile is the profile of its
// rank and file and command group.
type Target struct {
	Name string `yaml:"name,omitempty" json:"name,omitempty"`
	// Models counts every model of the unit except characters: rank and
	// file and the whole command group (DESIGN.md). Required. In skirmish it
	// is 1.
	Models int `yaml:"models" json:"models"`
	// Frontage is the number of files in the front rank. Defaults to the
	// width of Layout's front rank, else the smaller of Models and 5.
	Frontage int `yaml:"frontage,omitempty" json:"frontage,omitempty"`
	Profile  `yaml:",inline"`
	// Helmet turns a stunned result into knocked down on a 4+ (skirmish,
	// RULES.md 13).
	Helmet bool `yaml:"helmet,omitempty" json:"helmet,omitempty"`
	// Layout is an explicit formation, front rank first, ranks separated by
	// "/": "R M C S R / R R R R R". R is rank and file, M the musician, S the
	// standard bearer, C the champion, H a character. Defaults puts it in
	// that canonical spacing.
	Layout string `yaml:"layout,omitempty" json:"layout,omitempty"`
	// Command lists the command group: musician, standard, champion.
	Command []string `yaml:"command,omitempty" json:"command,omitempty"`
	// Champion overrides parts of the champion's profile; every field left
	// out is the unit's.
	Champion *Champion `yaml:"champion,omitempty" json:"champion,omitempty"`
	// Characters that have joined the unit (RULES.md 11.5).
	Characters []Character `yaml:"characters,omitempty" json:"characters,omitempty"`
	// Groups are rank and file of other troop types, each its own pool
	// (t9a, t9a1-ru: RULES.md 10.1, E65).
	Groups []Group `yaml:"groups,omitempty" json:"groups,omitempty"`
	// Damage is the damage the unit's rank and file start with.
	Damage Damage `yaml:"damage,omitempty" json:"damage,omitempty"`
	// StartingModels is the unit's size at deployment, characters included
	// (tow, RULES.md 22.9): a failed panic test falls back in good order
	// while more than half of it remains. 0 is the unit's size now.
	StartingModels int `yaml:"starting_models,omitempty" json:"starting_models,omitempty"`
}

// Champion overrides the unit's profile for its champion. A nil field is
// the unit's value. Every field but Damage is a pointer named as the
// Profile field it overrides, which is how ChampionProfile applies it; he
// has every field of a profile but Fly, which he shares with the unit he
// stands in.
type Champion struct {
	// TroopType is his own, such as a tow sub-category or cavalry in a
	// unit of infantry: it decides his armour (mount, cap) and which
	// blows can slay him (RULES.md 22.3, 22.4, 22.10).
	TroopType    *rules.TroopType `yaml:"troop_type,omitempty" json:"troop_type,omitempty"`
	WS           *int             `yaml:"ws,omitempty" json:"ws,omitempty"`
	Toughness    *int             `yaml:"toughness,omitempty" json:"toughness,omitempty"`
	Wounds       *int             `yaml:"wounds,omitempty" json:"wounds,omitempty"`
	Armour       *rules.Armour    `yaml:"armour,omitempty" json:"armour,omitempty"`
	Shield       *bool            `yaml:"shield,omitempty" json:"shield,omitempty"`
	Barding      *bool            `yaml:"barding,omitempty" json:"barding,omitempty"`
	SaveBonus    *int             `yaml:"save_bonus,omitempty" json:"save_bonus,omitempty"`
	ArmourValue  *int             `yaml:"armour_value,omitempty" json:"armour_value,omitempty"`
	Ward         *rules.Target    `yaml:"ward,omitempty" json:"ward,omitempty"`
	Regeneration *rules.Target    `yaml:"regeneration,omitempty" json:"regeneration,omitempty"`
	Aegis        *rules.Target    `yaml:"aegis,omitempty" json:"aegis,omitempty"`
	// AegisAgainst, RegenerationAgainst and RegenerationPlus are t9a's
	// conditional saves and Regeneration (+k) of his own items (RULES.md
	// 8.2).
	AegisAgainst        *rules.Against `yaml:"aegis_against,omitempty" json:"aegis_against,omitempty"`
	RegenerationAgainst *rules.Against `yaml:"regeneration_against,omitempty" json:"regeneration_against,omitempty"`
	RegenerationPlus    *int           `yaml:"regeneration_plus,omitempty" json:"regeneration_plus,omitempty"`
	// RerollArmour and RerollSpecial are his own save re-rolls; left out,
	// he has the unit's (RULES.md 20.7, 20.13).
	RerollArmour  *rules.Reroll `yaml:"reroll_armour,omitempty" json:"reroll_armour,omitempty"`
	RerollSpecial *rules.Reroll `yaml:"reroll_special,omitempty" json:"reroll_special,omitempty"`
	// ArmourSave, Parry and Flammable are tow's (RULES.md 22.4, 22.6): a
	// champion in heavier armour than his unit, one without a shield to
	// parry with, a flammable one among those who are not.
	ArmourSave *rules.Target `yaml:"armour_save,omitempty" json:"armour_save,omitempty"`
	Parry      *bool         `yaml:"parry,omitempty" json:"parry,omitempty"`
	Flammable  *bool         `yaml:"flammable,omitempty" json:"flammable,omitempty"`
	// Damage is the wounds the champion has already lost (RULES.md 19 C9, C10).
	Damage int `yaml:"damage,omitempty" json:"damage,omitempty"`
}

// apply sets on p each field c overrides.
func (c *Champion) apply(p *Profile) {
	cv, pv := reflect.ValueOf(c).Elem(), reflect.ValueOf(p).Elem()
	for i := range cv.NumField() {
		if f := cv.Field(i); f.Kind() == reflect.Pointer && !f.IsNil() {
			pv.FieldByName(cv.Type().Field(i).Name).Set(f.Elem())
		}
	}
}

// overrideFrom sets c's overrides to what makes the unit's profile u into
// p: each field where they differ, and none where they agree.
func (c *Champion) overrideFrom(p, u Profile) {
	cv, pv, uv := reflect.ValueOf(c).Elem(), reflect.ValueOf(p), reflect.ValueOf(u)
	for i := range cv.NumField() {
		f := cv.Field(i)
		if f.Kind() != reflect.Pointer {
			continue
		}
		name := cv.Type().Field(i).Name
		if v := pv.FieldByName(name); v.Equal(uv.FieldByName(name)) {
			f.SetZero()
		} else {
			n := reflect.New(v.Type())
			n.Elem().Set(v)
			f.Set(n)
		}
	}
}

// Character is a character that has joined the unit: its own one-model pool
// (RULES.md 10.1, 11.5). It states its whole profile; nothing is taken from
// the unit.
type Character struct {
	// Name is required and unique in the unit; attacks aim at it with
	// "character:<name>".
	Name    string `yaml:"name" json:"name"`
	Profile `yaml:",inline"`
	// Damage is the wounds it has already lost.
	Damage int `yaml:"damage,omitempty" json:"damage,omitempty"`
	// MountArmour is the armour value of the monster or chariot it rides
	// (tow, RULES.md 22.4): the better of it and its own is used.
	MountArmour rules.Target `yaml:"mount_armour,omitempty" json:"mount_armour,omitempty"`
	// Slot is its file in the front rank, 0 at the unit's left end. Nil
	// leaves the placement to the formation code (or to Layout's H).
	Slot *int `yaml:"slot,omitempty" json:"slot,omitempty"`
}

// Group is rank and file of another troop type in the unit: a pool of its
// own in t9a and t9a1-ru (RULES.md 10.1). It states its whole profile.
type Group struct {
	Profile `yaml:",inline"`
	Models  int `yaml:"models" json:"models"`
	// Damage is the wounds the group's pool carries (RULES.md 11.1).
	Damage int `yaml:"damage,omitempty" json:"damage,omitempty"`
}

// Damage is the damage a unit's rank and file start with. A file writes one
// number, the wounds carried by a pooled rank-and-file pool (whfb8, t9a,
// t9a1-ru, battleaxe with damage_model pooled; RULES.md 11.1), or a list, the
// damage of each model in removal order (battleaxe per-model, RULES.md 11.3).
// In skirmish the number is the wounds the single model has lost.
type Damage struct {
	Carried  int
	PerModel []int
}

// IsZero reports whether there is no starting damage.
func (d Damage) IsZero() bool { return d.Carried == 0 && len(d.PerModel) == 0 }

// pooled returns d as the ruleset keeps it: where damage is not kept per
// model, a one-entry list is the pool's carried wounds (DESIGN.md writes
// starting damage as `damage: [2]`), the same as the number 2.
func (d Damage) pooled(perModel bool) Damage {
	if !perModel && d.Carried == 0 && len(d.PerModel) == 1 {
		return Damage{Carried: d.PerModel[0]}
	}
	return d
}

// perModel reports whether f's ruleset and switches keep damage per model.
func (f *File) perModel() bool {
	return f.Ruleset.Valid() && rules.For(f.Ruleset).PerModel(f.RuleOptions())
}

// HasCommand reports whether the command group includes role
// (CommandMusician, CommandStandard or CommandChampion).
func (t *Target) HasCommand(role string) bool { return slices.Contains(t.Command, role) }

// ChampionProfile returns the champion's profile: the unit's with the
// Champion overrides applied.
func (t *Target) ChampionProfile() Profile {
	p := t.Profile
	if t.Champion != nil {
		t.Champion.apply(&p)
	}
	return p
}

// Ranks returns the Layout's ranks, front first, each as a string of role
// letters ("RMCSR"). It is nil when there is no Layout.
func (t *Target) Ranks() []string {
	if strings.TrimSpace(t.Layout) == "" {
		return nil
	}
	var out []string
	for r := range strings.SplitSeq(t.Layout, "/") {
		out = append(out, strings.ToUpper(strings.Join(strings.Fields(r), "")))
	}
	return out
}

// Character returns the character with the given name, or nil.
func (t *Target) Character(name string) *Character {
	for i := range t.Characters {
		if t.Characters[i].Name == name {
			return &t.Characters[i]
		}
	}
	return nil
}

// Group returns the group of the given troop type, or nil.
func (t *Target) Group(tt rules.TroopType) *Group {
	for i := range t.Groups {
		if t.Groups[i].TroopType == tt {
			return &t.Groups[i]
		}
	}
	return nil
}

// RuleOptions returns the switches of f.Options as a rules.Options: every
// switch at its default except those the file sets. Load has checked every
// name and value; a name or value it would reject is skipped here.
func (f *File) RuleOptions() rules.Options {
	var o rules.Options
	for _, k := range sortedKeys(f.Options) {
		_ = o.Set(k, f.Options[k])
	}
	return o
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
