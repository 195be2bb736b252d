package scenario

import (
	"errors"
	"fmt"
	"maps"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Build turns a loaded File into what the engine runs: the target unit and
// the attack groups in order. Errors name the field of the file, with its
// line and column when the File came from Load.
func (f *File) Build() (*rearrank.Unit, []rearrank.Attack, error) {
	spec, err := f.unitSpec(f.RuleOptions())
	if err != nil {
		return nil, nil, err
	}
	u, err := alloc.New(spec)
	var de *unit.DamageError
	switch {
	case errors.As(err, &de):
		return nil, nil, f.damageError(de)
	case err != nil:
		return nil, nil, f.Fail("target", say("scenario.error", errArg(err)))
	}
	damage := f.Target.Damage.pooled(f.perModel())
	if !rules.For(f.Ruleset).Block && damage.Carried > 0 {
		fighter := u.Fighter()
		if damage.Carried >= fighter.W {
			return nil, nil, f.Fail("target.damage", say("scenario.build.fighter_damage", damage.Carried, fighter.W))
		}
		fighter.Damage = damage.Carried
	}
	attacks := make([]rearrank.Attack, 0, len(f.Attacks))
	for i, a := range f.Attacks {
		ra, err := f.attack(i, a)
		if err != nil {
			return nil, nil, err
		}
		if err := ra.Validate(f.Ruleset); err != nil {
			return nil, nil, f.Fail(fmt.Sprintf("attacks[%d]", i), say("scenario.error", errArg(err)))
		}
		attacks = append(attacks, ra)
	}
	return (*rearrank.Unit)(u), attacks, nil
}

func profile(p Profile, helmet bool) unit.Profile {
	return unit.Profile{
		TroopType: p.TroopType,
		W:         max(p.Wounds, 1),
		T:         p.Toughness,
		WS:        p.WS,
		Save: rules.SaveProfile{Armour: p.Armour, Shield: p.Shield, Barding: p.Barding, SaveBonus: p.SaveBonus,
			ArmourValue: p.ArmourValue, Helmet: helmet, Reroll: p.RerollArmour, ArmourSave: p.ArmourSave, Parry: p.Parry},
		Specials: rules.SpecialSaves{Ward: p.Ward, Regeneration: p.regeneration(), Aegis: p.Aegis,
			AegisAgainst: p.AegisAgainst, RegenerationAgainst: p.RegenerationAgainst, Reroll: p.RerollSpecial, Flammable: p.Flammable},
		Fly: p.Fly,
	}
}

// regeneration returns the profile's Regeneration with its Regeneration
// (+k) applied (t9a, RULES.md 8.2).
func (p Profile) regeneration() rules.Target {
	if p.RegenerationPlus == 0 {
		return p.Regeneration
	}
	return rules.RegenerationPlus(p.Regeneration, p.RegenerationPlus)
}

var commandRole = map[string]unit.Role{
	CommandMusician: unit.Musician,
	CommandStandard: unit.StandardBearer,
	CommandChampion: unit.Champion,
}

func (f *File) unitSpec(opts rules.Options) (unit.Spec, error) {
	t := &f.Target
	s := unit.Spec{
		Name:     t.Name,
		Ruleset:  f.Ruleset,
		Options:  opts,
		Models:   t.Models,
		Frontage: t.Frontage,
		Profile:  profile(t.Profile, t.Helmet),
		Layout:   t.Layout,

		StartingModels: t.StartingModels,
	}
	for _, c := range t.Command {
		s.Command = append(s.Command, commandRole[c])
	}
	if t.HasCommand(CommandChampion) {
		cp := profile(t.ChampionProfile(), t.Helmet)
		s.Champion = &cp
		if t.Champion != nil {
			s.ChampionDamage = t.Champion.Damage
		}
	}
	for _, g := range t.Groups {
		s.Groups = append(s.Groups, unit.Group{Count: g.Models, Profile: profile(g.Profile, t.Helmet), Carried: g.Damage})
	}
	for _, c := range t.Characters {
		file := -1
		if c.Slot != nil {
			file = *c.Slot
		}
		cp := profile(c.Profile, t.Helmet)
		cp.Save.MountArmour = c.MountArmour // tow: the ridden mount's value (RULES.md 22.4)
		s.Characters = append(s.Characters, unit.CharacterSpec{Name: c.Name, Profile: cp, Damage: c.Damage, File: file})
	}
	if rules.For(f.Ruleset).Block {
		d := t.Damage.pooled(f.perModel())
		s.Carried = d.Carried
		s.Damage = d.PerModel
	}
	return s, nil
}

func (f *File) attack(i int, a Attack) (rearrank.Attack, error) {
	field := func(name string) string { return fmt.Sprintf("attacks[%d].%s", i, name) }
	count, err := dice.ParseExpr(string(a.Count))
	if err != nil {
		return rearrank.Attack{}, f.Fail(field("count"), say("scenario.error", errArg(err)))
	}
	var mw dice.Expr
	if a.MultipleWounds != "" {
		if mw, err = dice.ParseExpr(string(a.MultipleWounds)); err != nil {
			return rearrank.Attack{}, f.Fail(field("multiple_wounds"), say("scenario.error", errArg(err)))
		}
	}
	var mh dice.Expr
	if a.MultipleHits != "" {
		if mh, err = dice.ParseExpr(string(a.MultipleHits)); err != nil {
			return rearrank.Attack{}, f.Fail(field("multiple_hits"), say("scenario.error", errArg(err)))
		}
	}
	ra := rearrank.Attack{
		Name:               a.Name,
		Count:              count,
		Phase:              a.Phase,
		Strength:           a.Strength,
		AP:                 a.AP,
		ArmourPiercing:     a.ArmourPiercing,
		MultipleWounds:     mw,
		MultipleHits:       mh,
		WoundModifier:      a.WoundModifier,
		RerollHit:          a.RerollHit,
		RerollWound:        a.RerollWound,
		Hatred:             a.Hatred,
		ForceRerollArmour:  a.ForceRerollArmour,
		ForceRerollSpecial: a.ForceRerollSpecial,
		DivineAttacks:      a.DivineAttacks,
		Poison:             a.Poison,
		BattleFocus:        a.BattleFocus,
		KillingBlow:        a.KillingBlow,
		HeroicKillingBlow:  a.HeroicKillingBlow,
		MonsterSlayer:      a.MonsterSlayer,
		CleavingBlow:       a.CleavingBlow,
		ArmourBane:         a.ArmourBane,
		ArmourBaneOn:       a.ArmourBaneOn,
		MWAgainst:          a.MWAgainst,
		ClippedWings:       a.ClippedWings,
		Flaming:            a.Flaming,
		LethalStrike:       a.LethalStrike,
		IgnoreArmour:       a.IgnoreArmour,
		NoSaves:            a.NoSaves,
		InstantKill:        a.InstantKill,
		WeaponClass:        a.WeaponClass,
		Attacker:           a.Attacker,
		Batch:              a.Batch,
	}
	if !a.ToHit.Auto {
		ra.Hit = rearrank.HitSpec{Need: a.ToHit.Need, BS: a.BS, WS: a.WS, Modifier: a.HitModifier}
		if !a.ToHit.Need.IsNone() {
			ra.Hit.BS, ra.Hit.WS = 0, 0
		}
	}
	switch a.Target.Role {
	case AimChampion:
		ra.Target = unit.Target{Role: unit.Champion}
	case AimCharacter:
		ra.Target = unit.Target{Role: unit.Character, Name: a.Target.Character}
	case AimMusician:
		ra.Target = unit.Target{Role: unit.Musician}
	case AimStandard:
		ra.Target = unit.Target{Role: unit.StandardBearer}
	default:
		ra.Target = unit.Target{Role: unit.RankAndFile, TroopType: f.Target.TroopType}
		if a.Target.Pool != nil {
			ra.Target.TroopType = *a.Target.Pool
		}
	}
	return ra, nil
}

// WithRuleset returns a copy of f under another ruleset, for comparisons.
// Switches that the new ruleset does not read are dropped; the copy is
// validated like a loaded file.
func (f *File) WithRuleset(r rules.Ruleset) (*File, error) {
	c := f.clone()
	c.Ruleset = r
	for k := range c.Options {
		for _, s := range rules.Switches() {
			if s.Name == rules.SwitchName(k) && !s.AppliesTo(r) {
				delete(c.Options, k)
			}
		}
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return c, nil
}

// WithOption returns a copy of f with one switch set.
func (f *File) WithOption(name, value string) (*File, error) {
	var o rules.Options
	if err := o.Set(name, value); err != nil {
		return nil, err
	}
	c := f.clone()
	if c.Options == nil {
		c.Options = map[string]string{}
	}
	c.Options[rules.SwitchName(name)] = value
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return c, nil
}

// clone copies f deeply enough for WithRuleset and WithOption, which change
// only the ruleset and the options.
func (f *File) clone() *File {
	c := *f
	c.Options = maps.Clone(f.Options)
	return &c
}
