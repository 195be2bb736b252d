package scenario

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// Validate checks a scenario after Defaults: required fields, ranges, and
// fields that do not fit together or that the ruleset does not read. It
// returns the first problem in the file (an *Error), or nil.
func (f *File) Validate() error {
	c := checker{f: f}
	c.ranges(reflect.ValueOf(f).Elem(), "")
	c.root()
	c.options()
	if !c.tooMany("attacks", len(f.Attacks)) {
		for i := range f.Attacks {
			c.attack(i)
		}
	}
	c.target()
	c.builtDamage()
	if len(c.errs) == 0 {
		return nil
	}
	first := c.errs[0]
	for _, e := range c.errs[1:] {
		if e.Line < first.Line || e.Line == first.Line && e.Column < first.Column {
			first = e
		}
	}
	return first
}

type checker struct {
	f    *File
	errs []*Error
}

// tooMany reports whether a loaded file's list at path has more items
// than its limit. Its items are then left unchecked: the error for their
// number stands where the list starts, before any of theirs, and checking
// thousands of them would cost more than the file is worth.
func (c *checker) tooMany(path string, n int) bool {
	limit := 0
	switch path {
	case "attacks":
		limit = MaxAttacks
	case "target.characters":
		limit = MaxCharacters
	case "target.groups":
		limit = MaxGroups
	}
	return c.f.src != nil && limit > 0 && n > limit
}

func (c *checker) add(field, format string, args ...any) {
	c.errs = append(c.errs, c.f.errorf(ErrInvalid, field, format, args...))
}

// say adds the error m about field.
func (c *checker) say(field string, m msg.Message) {
	c.errs = append(c.errs, c.f.fail(ErrInvalid, field, m))
}

// ranges checks every number with a range tag: values the file wrote, or
// that are not zero (zero is "left out" in a File built in Go).
func (c *checker) ranges(v reflect.Value, path string) {
	switch v.Kind() {
	case reflect.Struct:
		for _, f := range fieldsOf(v.Type()) {
			p := join(path, f.name)
			fv := v.FieldByIndex(f.index)
			if f.ranged {
				if fv.Kind() == reflect.Pointer {
					if fv.IsNil() {
						continue
					}
					fv = fv.Elem()
				}
				n := int(fv.Int())
				if (n != 0 || c.f.src.has(p)) && (n < f.lo || n > f.hi) {
					c.say(p, say("scenario.range", f.lo, f.hi, n))
				}
				continue
			}
			c.ranges(fv, p)
		}
	case reflect.Slice:
		if c.tooMany(path, v.Len()) {
			return
		}
		for i := range v.Len() {
			c.ranges(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
	case reflect.Pointer:
		if !v.IsNil() {
			c.ranges(v.Elem(), path)
		}
	}
}

func rulesetList(rs []rules.Ruleset) string {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.String()
	}
	if len(names) == 2 {
		return names[0] + " and " + names[1]
	}
	return strings.Replace(listText(names), " or ", " and ", 1)
}

// reads checks that the file's ruleset reads the field name of obj, set at
// path, as the catalogue says; the catalogue's hint says what to write
// instead.
func (c *checker) reads(set bool, obj Object, name, path string) {
	s := lookup(obj, name)
	if !set || s.ReadBy(c.f.Ruleset) {
		return
	}
	c.notRead(path, name, s.Rulesets(), s.HintFor(c.f.Ruleset))
}

func (c *checker) notRead(path, name string, rs []rules.Ruleset, hint string) {
	msg := fmt.Sprintf("%s does not read %s (%s only)", c.f.Ruleset, name, rulesetList(rs))
	if hint != "" {
		msg += ": " + hint
	}
	c.add(path, "%s", msg)
}

func (c *checker) root() {
	f := c.f
	if !f.Ruleset.Valid() {
		c.add("ruleset", "required: %s", listText(rulesetNames()))
	}
	switch {
	case len(f.Attacks) == 0:
		c.add("attacks", "required: at least one attack group, such as {count: 10, strength: 3}")
	case len(f.Attacks) > MaxAttacks:
		c.add("attacks", "%d attack groups: want at most %d", len(f.Attacks), MaxAttacks)
	}
}

func (c *checker) options() {
	f := c.f
	byName := map[string]rules.Switch{}
	var names []string
	for _, s := range rules.Switches() {
		byName[s.Name] = s
		names = append(names, s.Name)
	}
	for _, k := range sortedKeys(f.Options) {
		p := "options." + k
		s, ok := byName[k]
		if !ok && isCombatSwitch(k) {
			c.add(p, "%s is a switch of a close-combat round (rules 21.11): set it in a combat file's options (rearrank combat)", k)
			continue
		}
		if !ok {
			fields := make([]field, len(names))
			for i, n := range names {
				fields[i].name = n
			}
			c.errs = append(c.errs, f.errorf(ErrUnknownField, p, "unknown option %q%s; the options are %s", k, suggest(k, fields), listText(names)))
			continue
		}
		if f.Ruleset.Valid() && !s.AppliesTo(f.Ruleset) {
			c.notRead(p, k, s.Rulesets, s.NotReadBy(f.Ruleset))
		}
		var o rules.Options
		if err := o.Set(k, f.Options[k]); err != nil {
			if s.Values != nil {
				c.add(p, "%s %q: want %s", k, shorten(f.Options[k]), listText(s.Values))
			} else {
				c.add(p, "%v", err)
			}
		} else if err := o.CheckValues(f.Ruleset); err != nil {
			c.add(p, "%s", strings.TrimPrefix(err.Error(), "option "+k+": "))
		}
	}
	// too_tough_blocks_poison is for poison that wounds automatically
	// (RULES.md 22.13): at +2 a too-tough target stays out of reach anyway
	// (T-1), and the switch would silently do nothing
	o := f.RuleOptions()
	for _, k := range sortedKeys(f.Options) {
		if rules.SwitchName(k) == "too_tough_blocks_poison" && o.TooToughBlocksPoison && f.Ruleset.Valid() && !rules.PoisonAutoWounds(f.Ruleset, o) {
			c.add("options."+k, "too_tough_blocks_poison: true needs poisoned_attacks: auto_wound (rules 22.3, T-2); under poisoned_attacks: plus_two a poisoned hit rolls to wound with +2, and a target too tough to wound stays so (T-1)")
		}
	}
}

// isCombatSwitch reports whether name is a switch of rules.CombatSwitches,
// which a combat file sets and a scenario file does not.
func isCombatSwitch(name string) bool {
	for _, s := range rules.CombatSwitches() {
		if s.Name == name {
			return true
		}
	}
	return false
}

func (c *checker) attack(i int) {
	f := c.f
	a := &f.Attacks[i]
	p := fmt.Sprintf("attacks[%d]", i)
	at := func(name string) string { return p + "." + name }
	if a.Count.IsZero() {
		c.add(at("count"), "required: the number of attacks, such as 20, or dice such as 2D6")
	} else if lo, _ := a.Count.Range(); lo < 0 {
		c.add(at("count"), "%s can give fewer than 0 attacks", a.Count)
	} else if _, err := ParseExpr(string(a.Count)); err != nil {
		c.add(at("count"), "%v", err)
	}
	if a.Strength == 0 {
		c.add(at("strength"), "required: the Strength of the attacks, 1 to 10")
	}
	if !a.MultipleWounds.IsZero() {
		if _, err := ParseExpr(string(a.MultipleWounds)); err != nil {
			c.add(at("multiple_wounds"), "%v", err)
		} else if lo, _ := a.MultipleWounds.Range(); lo < 1 {
			c.add(at("multiple_wounds"), "%s can give fewer than 1 wound: every unsaved wound does at least 1", a.MultipleWounds)
		}
	}

	if !a.MultipleHits.IsZero() {
		if _, err := ParseExpr(string(a.MultipleHits)); err != nil {
			c.add(at("multiple_hits"), "%v", err)
		} else if lo, _ := a.MultipleHits.Range(); lo < 1 {
			c.add(at("multiple_hits"), "%s can give fewer than 1 hit: every hit makes at least 1 (rules 20.3)", a.MultipleHits)
		}
	}

	// To hit (RULES.md 5).
	switch {
	case !a.ToHit.IsZero() && (a.BS != 0 || a.WS != 0):
		c.add(at("to_hit"), "give to_hit, or bs/ws to work it out, not both")
	case a.BS != 0 && a.WS != 0:
		c.add(at("ws"), "give bs for shooting or ws for melee, not both")
	case a.BS != 0 && a.Phase != rules.Shooting:
		c.add(at("bs"), "bs is for shooting, and this group's phase is %s: set phase: shooting, or give to_hit", a.Phase)
	case a.WS != 0 && a.Phase != rules.Melee:
		c.add(at("ws"), "ws is for melee, and this group's phase is %s: give to_hit instead", a.Phase)
	}
	if f.src.isScore(at("bs")) && !lookup(ObjAttack, "bs").ScoreBy(f.Ruleset) && f.Ruleset.Valid() {
		if a.BS >= 2 && a.BS <= 6 {
			c.add(at("bs"), "%s writes Ballistic Skill as a number: for %d+ write bs: %d (BS %d needs %d+), or write to_hit: %d+", f.Ruleset, a.BS, 7-a.BS, 7-a.BS, a.BS, a.BS)
		} else {
			c.add(at("bs"), "%s writes Ballistic Skill as a number such as 3 (BS 3 needs 4+); for a target number write to_hit: %d+", f.Ruleset, a.BS)
		}
	}
	if a.HitModifier != 0 && a.ToHit.Auto {
		c.add(at("hit_modifier"), "these attacks hit automatically, so there is no roll to modify; give to_hit, bs or ws")
	}
	if a.WS != 0 && a.Phase == rules.Melee {
		c.defenderWS(i)
	}

	// Which ruleset reads what.
	c.reads(a.AP != 0, ObjAttack, "ap", at("ap"))
	if a.AP < 0 && f.Ruleset.Valid() && lookup(ObjAttack, "ap").ReadBy(f.Ruleset) {
		c.add(at("ap"), "want 0 to %d, got %d: %s writes Armour Penetration without a sign", MaxStat, a.AP, f.Ruleset)
	}
	c.reads(a.ArmourPiercing != 0, ObjAttack, "armour_piercing", at("armour_piercing"))
	c.reads(a.MWAgainst != nil, ObjAttack, "mw_against", at("mw_against"))
	c.reads(a.ClippedWings, ObjAttack, "clipped_wings", at("clipped_wings"))
	c.reads(a.LethalStrike != 0, ObjAttack, "lethal_strike", at("lethal_strike"))
	c.reads(a.Flaming, ObjAttack, "flaming", at("flaming"))
	c.reads(a.DivineAttacks, ObjAttack, "divine_attacks", at("divine_attacks"))
	c.reads(a.KillingBlow != 0, ObjAttack, "killing_blow", at("killing_blow"))
	c.reads(a.HeroicKillingBlow != 0, ObjAttack, "heroic_killing_blow", at("heroic_killing_blow"))
	c.reads(a.MonsterSlayer != 0, ObjAttack, "monster_slayer", at("monster_slayer"))
	c.reads(a.CleavingBlow != 0, ObjAttack, "cleaving_blow", at("cleaving_blow"))
	if a.KillingBlow != 0 && a.HeroicKillingBlow != 0 {
		c.add(at("heroic_killing_blow"), "an attack has Killing Blow or Heroic Killing Blow, not both (rules 20.2)")
	}
	if a.ArmourBaneOn != 0 && a.ArmourBane == 0 {
		c.add(at("armour_bane_on"), "says when armour_bane fires, and this group has no armour_bane (rules 20.2)")
	}
	if a.Hatred && a.Phase != rules.Melee {
		c.add(at("hatred"), "Hatred re-rolls to-hit in close combat, and this group's phase is %s (rules 20.1)", a.Phase)
	}
	c.reads(a.InstantKill, ObjAttack, "instant_kill", at("instant_kill"))
	c.reads(a.WeaponClass != rules.NoWeaponClass, ObjAttack, "weapon_class", at("weapon_class"))
	c.reads(a.Attacker != "", ObjAttack, "attacker", at("attacker"))
	c.reads(a.Batch != "", ObjAttack, "batch", at("batch"))
	c.batch(i)
	if a.MWAgainst != nil && a.MultipleWounds.IsZero() {
		c.add(at("mw_against"), "limits multiple_wounds, which this group does not have")
	}
	if a.ClippedWings && a.MultipleWounds.IsZero() {
		c.add(at("clipped_wings"), "adds 1 to multiple_wounds against Fly, and this group has no multiple_wounds (E52)")
	}
	if a.WeaponClass != rules.NoWeaponClass && a.Phase != rules.Melee && a.Phase != rules.Shooting {
		c.add(at("weapon_class"), "critical hits happen only in melee and shooting (rules 6.2), and this group's phase is %s", a.Phase)
	}
	c.aim(i)
}

// batch checks that the groups an attack's batch name joins can be one
// batch (RULES.md C24): next to each other, in one phase, at one target.
func (c *checker) batch(i int) {
	a := &c.f.Attacks[i]
	if a.Batch == "" || !lookup(ObjAttack, "batch").ReadBy(c.f.Ruleset) {
		return
	}
	p := fmt.Sprintf("attacks[%d].batch", i)
	if i > 0 && c.f.Attacks[i-1].Batch == a.Batch {
		prev := &c.f.Attacks[i-1]
		if a.Phase != prev.Phase {
			c.add(p, "batch %q: this group's phase is %s and the group before it fires in the %s phase: one batch is one phase (C24)", a.Batch, a.Phase, prev.Phase)
		}
		if a.Target.String() != prev.Target.String() {
			c.add(p, "batch %q: this group aims at %s and the group before it at %s: one batch is one unit firing at one target (C24)", a.Batch, a.Target, prev.Target)
		}
		return
	}
	for j := range i {
		if c.f.Attacks[j].Batch == a.Batch {
			c.add(p, "batch %q: %s is in it, and the groups between are not: the groups of one batch follow one another", a.Batch, c.f.pathName(fmt.Sprintf("attacks[%d]", j)))
			return
		}
	}
}

// defenderWS checks that the model an attack with ws is aimed at has a ws
// to compare with (RULES.md 5).
func (c *checker) defenderWS(i int) {
	t := &c.f.Target
	a := &c.f.Attacks[i]
	field := "target.ws"
	ws := t.WS
	switch a.Target.Role {
	case AimChampion:
		ws = t.ChampionProfile().WS
	case AimCharacter:
		ch := t.Character(a.Target.Character)
		if ch == nil {
			return
		}
		ws, field = ch.WS, fmt.Sprintf("target.characters[%d].ws", slices.IndexFunc(t.Characters, func(x Character) bool { return x.Name == ch.Name }))
	default:
		if a.Target.Pool != nil {
			g := t.Group(*a.Target.Pool)
			if g == nil {
				return
			}
			ws, field = g.WS, fmt.Sprintf("target.groups[%d].ws", slices.IndexFunc(t.Groups, func(x Group) bool { return x.TroopType == g.TroopType }))
		}
	}
	if ws == 0 {
		c.add(fmt.Sprintf("attacks[%d].ws", i), "the attack gives ws, so the defender needs one: set %s (Weapon Skill; t9a Defensive Skill)", c.f.pathName(field))
	}
}

func (c *checker) aim(i int) {
	f := c.f
	t := &f.Target
	a := &f.Attacks[i]
	p := fmt.Sprintf("attacks[%d].target", i)
	switch a.Target.Role {
	case AimChampion:
		if !t.HasCommand(CommandChampion) {
			c.add(p, "the unit has no champion: add champion to %s", c.f.pathName("target.command"))
		}
	case AimCharacter:
		if t.Character(a.Target.Character) == nil {
			c.add(p, "no character named %q in %s", a.Target.Character, c.f.pathName("target.characters"))
		}
	case AimMusician, AimStandard:
		post := map[AimRole]string{AimMusician: CommandMusician, AimStandard: CommandStandard}[a.Target.Role]
		switch {
		case !a.InstantKill:
			c.add(p, "only an instant kill is aimed at the %s (C12); other attacks strike the rank and file", a.Target)
		case !t.HasCommand(post):
			c.add(p, "the unit has no %s: add %s to %s", a.Target, post, c.f.pathName("target.command"))
		}
	default:
		if a.Target.Pool == nil {
			return
		}
		if !c.pooledByType() {
			c.add(p, "%s keeps one rank-and-file pool (rules 10.1): aim at rank_and_file", f.Ruleset)
		} else if t.Group(*a.Target.Pool) == nil {
			c.add(p, "the unit has no %s: the troop types are %s", a.Target.Pool, listText(c.troopTypes()))
		}
	}
}

func (c *checker) troopTypes() []string {
	t := &c.f.Target
	out := []string{t.TroopType.String()}
	for _, g := range t.Groups {
		out = append(out, g.TroopType.String())
	}
	return out
}

// profile checks that the ruleset reads the fields a profile sets.
func (c *checker) profile(p *Profile, path string) {
	at := func(name string) string { return path + "." + name }
	c.reads(p.Armour != rules.NoArmour, ObjProfile, "armour", at("armour"))
	c.reads(p.Shield, ObjProfile, "shield", at("shield"))
	c.reads(p.Barding, ObjProfile, "barding", at("barding"))
	c.reads(p.SaveBonus != 0, ObjProfile, "save_bonus", at("save_bonus"))
	c.reads(p.ArmourValue != 0, ObjProfile, "armour_value", at("armour_value"))
	c.reads(!p.Ward.IsNone(), ObjProfile, "ward", at("ward"))
	c.reads(!p.Regeneration.IsNone(), ObjProfile, "regeneration", at("regeneration"))
	c.reads(!p.Aegis.IsNone(), ObjProfile, "aegis", at("aegis"))
	c.reads(p.AegisAgainst != 0, ObjProfile, "aegis_against", at("aegis_against"))
	c.reads(p.RegenerationAgainst != 0, ObjProfile, "regeneration_against", at("regeneration_against"))
	c.reads(p.RegenerationPlus != 0, ObjProfile, "regeneration_plus", at("regeneration_plus"))
	if p.AegisAgainst != 0 && p.Aegis.IsNone() {
		c.add(at("aegis_against"), "limits aegis, which this model does not have (rules 8.2)")
	}
	if p.RegenerationAgainst != 0 && p.Regeneration.IsNone() && p.RegenerationPlus == 0 {
		c.add(at("regeneration_against"), "limits regeneration, which this model does not have (rules 8.2)")
	}
	c.reads(p.Fly, ObjProfile, "fly", at("fly"))
	c.reads(!p.ArmourSave.IsNone(), ObjProfile, "armour_save", at("armour_save"))
	c.reads(p.Parry, ObjProfile, "parry", at("parry"))
	c.reads(p.Flammable, ObjProfile, "flammable", at("flammable"))
	if rs := c.f.Ruleset; rs.Valid() {
		switch cat := rules.For(rs).TroopCategories; {
		case p.TroopType.TowOnly() && !cat:
			c.add(at("troop_type"), "%s does not read %s (%s only): write %s", rs, p.TroopType,
				rulesetList(rules.RulesetsWhere(func(t *rules.Traits) bool { return t.TroopCategories })), p.TroopType.Category())
		case p.TroopType == rules.MonstrousBeast && cat:
			c.add(at("troop_type"), "%s has no monstrous_beast (rules 22.10): write war_beast, monstrous_cavalry or monstrous_creature", rs)
		}
	}
	for _, r := range []struct {
		name string
		r    rules.Reroll
	}{{"reroll_armour", p.RerollArmour}, {"reroll_special", p.RerollSpecial}} {
		if r.r&rules.RerollSuccesses != 0 {
			c.add(at(r.name), "a model re-rolls only its own failed saves or natural 1s; a re-roll of successful saves is the attack's force_reroll_armour or force_reroll_special (rules 20.1)")
		}
	}
	if p.Barding && !p.TroopType.Mounted() && c.f.Ruleset.Valid() && rules.For(c.f.Ruleset).Barding {
		c.add(at("barding"), "barding helps only cavalry and monstrous_cavalry (rules 19.3), and this is %s", p.TroopType)
	}
	if p.Parry && !rules.Parries(p.TroopType) && lookup(ObjProfile, "parry").ReadBy(c.f.Ruleset) && c.f.Ruleset.Valid() {
		c.add(at("parry"), "Parry is for infantry and heavy_infantry only (rules 22.4), and this is %s", p.TroopType)
	}
}
