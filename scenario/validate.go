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

// rulesetAnd is the rulesets' codes as a message's argument, "t9a and
// tow", "whfb8, battleaxe and tow".
func rulesetAnd(rs []rules.Ruleset) andList {
	names := make(andList, len(rs))
	for i, r := range rs {
		names[i] = r.String()
	}
	return names
}

// reads checks that the file's ruleset reads the field name of obj, set at
// path, as the catalogue says; the catalogue's hint says what to write
// instead.
func (c *checker) reads(set bool, obj Object, name, path string) {
	s := lookup(obj, name)
	if !set || s.ReadBy(c.f.Ruleset) {
		return
	}
	c.notRead(path, name, s.Rulesets(), hintMsg(s.HintFor(c.f.Ruleset)))
}

// hintMsg is a field's hint as a message: the catalogue's (scenario's
// phrases), or the zero Message for none.
func hintMsg(hint string) msg.Message {
	if hint == "" {
		return msg.Message{}
	}
	return sentence(hint)
}

// notRead is the error of field name at path, which the file's ruleset
// does not read: only rulesets rs do, and hint, when not zero, says more.
func (c *checker) notRead(path, name string, rs []rules.Ruleset, hint msg.Message) {
	if !hint.IsZero() {
		c.say(path, say("scenario.not_read_hint", c.f.Ruleset.String(), name, andList(rulesetNamesOf(rs)), hint))
		return
	}
	c.say(path, say("scenario.not_read", c.f.Ruleset.String(), name, andList(rulesetNamesOf(rs))))
}

// rulesetNamesOf lists the names of rs.
func rulesetNamesOf(rs []rules.Ruleset) []string {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.String()
	}
	return names
}

func (c *checker) root() {
	f := c.f
	if !f.Ruleset.Valid() {
		c.say("ruleset", say("scenario.ruleset_required", orList(rulesetNames())))
	}
	switch {
	case len(f.Attacks) == 0 && !f.unitOnly:
		c.say("attacks", say("scenario.attacks_required"))
	case len(f.Attacks) > MaxAttacks:
		c.say("attacks", say("scenario.attacks_too_many", len(f.Attacks), MaxAttacks))
	}
}

func (c *checker) options() {
	f := c.f
	if len(f.Options) == 0 {
		return // most files set none; the switches' table is not cheap to build
	}
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
			c.say(p, say("scenario.options.combat_switch", k))
			continue
		}
		if !ok {
			fields := make([]field, len(names))
			for i, n := range names {
				fields[i].name = n
			}
			c.errs = append(c.errs, f.fail(ErrUnknownField, p, say("scenario.options.unknown", strconv.Quote(k), suggest(k, fields), orList(names))))
			continue
		}
		if f.Ruleset.Valid() && !s.AppliesTo(f.Ruleset) {
			c.notRead(p, k, s.Rulesets, s.NotReadMsg(f.Ruleset))
		}
		var o rules.Options
		if err := o.Set(k, f.Options[k]); err != nil {
			if s.Values != nil {
				c.say(p, say("scenario.enum", k, strconv.Quote(shorten(f.Options[k])), orList(s.Values)))
			} else {
				c.say(p, say("scenario.error", errArg(err)))
			}
		} else if err := o.CheckValues(f.Ruleset); err != nil {
			c.say(p, say("scenario.error", strings.TrimPrefix(err.Error(), "option "+k+": ")))
		}
	}
	// too_tough_blocks_poison is for poison that wounds automatically
	// (RULES.md 22.13): at +2 a too-tough target stays out of reach anyway
	// (T-1), and the switch would silently do nothing
	o := f.RuleOptions()
	for _, k := range sortedKeys(f.Options) {
		if rules.SwitchName(k) == "too_tough_blocks_poison" && o.TooToughBlocksPoison && f.Ruleset.Valid() && !rules.PoisonAutoWounds(f.Ruleset, o) {
			c.say("options."+k, say("scenario.options.too_tough"))
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
		c.say(at("count"), say("scenario.attack.count_required"))
	} else if lo, _ := a.Count.Range(); lo < 0 {
		c.say(at("count"), say("scenario.attack.count_negative", fmt.Sprint(a.Count)))
	} else if _, err := ParseExpr(string(a.Count)); err != nil {
		c.say(at("count"), say("scenario.error", errArg(err)))
	}
	if a.Strength == 0 {
		c.say(at("strength"), say("scenario.attack.strength_required"))
	}
	if !a.MultipleWounds.IsZero() {
		if _, err := ParseExpr(string(a.MultipleWounds)); err != nil {
			c.say(at("multiple_wounds"), say("scenario.error", errArg(err)))
		} else if lo, _ := a.MultipleWounds.Range(); lo < 1 {
			c.say(at("multiple_wounds"), say("scenario.attack.mw_below_one", fmt.Sprint(a.MultipleWounds)))
		}
	}

	if !a.MultipleHits.IsZero() {
		if _, err := ParseExpr(string(a.MultipleHits)); err != nil {
			c.say(at("multiple_hits"), say("scenario.error", errArg(err)))
		} else if lo, _ := a.MultipleHits.Range(); lo < 1 {
			c.say(at("multiple_hits"), say("scenario.attack.mh_below_one", fmt.Sprint(a.MultipleHits)))
		}
	}

	// To hit (RULES.md 5).
	switch {
	case !a.ToHit.IsZero() && (a.BS != 0 || a.WS != 0):
		c.say(at("to_hit"), say("scenario.attack.to_hit_and_skill"))
	case a.BS != 0 && a.WS != 0:
		c.say(at("ws"), say("scenario.attack.bs_and_ws"))
	case a.BS != 0 && a.Phase != rules.Shooting:
		c.say(at("bs"), say("scenario.attack.bs_phase", fmt.Sprint(a.Phase)))
	case a.WS != 0 && a.Phase != rules.Melee:
		c.say(at("ws"), say("scenario.attack.ws_phase", fmt.Sprint(a.Phase)))
	}
	if f.src.isScore(at("bs")) && !lookup(ObjAttack, "bs").ScoreBy(f.Ruleset) && f.Ruleset.Valid() {
		if a.BS >= 2 && a.BS <= 6 {
			c.say(at("bs"), say("scenario.attack.bs_score", fmt.Sprint(f.Ruleset), a.BS, 7-a.BS, 7-a.BS, a.BS, a.BS))
		} else {
			c.say(at("bs"), say("scenario.attack.bs_score_other", fmt.Sprint(f.Ruleset), a.BS))
		}
	}
	if a.HitModifier != 0 && a.ToHit.Auto {
		c.say(at("hit_modifier"), say("scenario.attack.auto_modifier"))
	}
	if a.WS != 0 && a.Phase == rules.Melee {
		c.defenderWS(i)
	}

	// Which ruleset reads what.
	c.reads(a.AP != 0, ObjAttack, "ap", at("ap"))
	if a.AP < 0 && f.Ruleset.Valid() && lookup(ObjAttack, "ap").ReadBy(f.Ruleset) {
		c.say(at("ap"), say("scenario.attack.ap_sign", MaxStat, a.AP, fmt.Sprint(f.Ruleset)))
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
		c.say(at("heroic_killing_blow"), say("scenario.attack.kb_and_hkb"))
	}
	if a.ArmourBaneOn != 0 && a.ArmourBane == 0 {
		c.say(at("armour_bane_on"), say("scenario.attack.bane_on"))
	}
	if a.Hatred && a.Phase != rules.Melee {
		c.say(at("hatred"), say("scenario.attack.hatred_phase", fmt.Sprint(a.Phase)))
	}
	c.reads(a.InstantKill, ObjAttack, "instant_kill", at("instant_kill"))
	c.reads(a.WeaponClass != rules.NoWeaponClass, ObjAttack, "weapon_class", at("weapon_class"))
	c.reads(a.Attacker != "", ObjAttack, "attacker", at("attacker"))
	c.reads(a.Batch != "", ObjAttack, "batch", at("batch"))
	c.batch(i)
	if a.MWAgainst != nil && a.MultipleWounds.IsZero() {
		c.say(at("mw_against"), say("scenario.attack.mw_against"))
	}
	if a.ClippedWings && a.MultipleWounds.IsZero() {
		c.say(at("clipped_wings"), say("scenario.attack.clipped_wings"))
	}
	if a.WeaponClass != rules.NoWeaponClass && a.Phase != rules.Melee && a.Phase != rules.Shooting {
		c.say(at("weapon_class"), say("scenario.attack.critical_phase", fmt.Sprint(a.Phase)))
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
			c.say(p, say("scenario.batch.phase", strconv.Quote(a.Batch), fmt.Sprint(a.Phase), fmt.Sprint(prev.Phase)))
		}
		if a.Target.String() != prev.Target.String() {
			c.say(p, say("scenario.batch.target", strconv.Quote(a.Batch), fmt.Sprint(a.Target), fmt.Sprint(prev.Target)))
		}
		return
	}
	for j := range i {
		if c.f.Attacks[j].Batch == a.Batch {
			c.say(p, say("scenario.batch.apart", strconv.Quote(a.Batch), c.f.pathName(fmt.Sprintf("attacks[%d]", j))))
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
		c.say(fmt.Sprintf("attacks[%d].ws", i), say("scenario.attack.defender_ws", c.f.pathName(field)))
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
			c.say(p, say("scenario.aim.no_champion", c.f.pathName("target.command")))
		}
	case AimCharacter:
		if t.Character(a.Target.Character) == nil {
			c.say(p, say("scenario.aim.no_character", strconv.Quote(a.Target.Character), c.f.pathName("target.characters")))
		}
	case AimMusician, AimStandard:
		post := map[AimRole]string{AimMusician: CommandMusician, AimStandard: CommandStandard}[a.Target.Role]
		switch {
		case !a.InstantKill:
			c.say(p, say("scenario.aim.instant_kill_only", fmt.Sprint(a.Target)))
		case !t.HasCommand(post):
			c.say(p, say("scenario.aim.no_command", fmt.Sprint(a.Target), post, c.f.pathName("target.command")))
		}
	default:
		if a.Target.Pool == nil {
			return
		}
		if !c.pooledByType() {
			c.say(p, say("scenario.aim.one_pool", fmt.Sprint(f.Ruleset)))
		} else if t.Group(*a.Target.Pool) == nil {
			c.say(p, say("scenario.aim.no_pool", fmt.Sprint(a.Target.Pool), orList(c.troopTypes())))
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
		c.say(at("aegis_against"), say("scenario.profile.aegis_against"))
	}
	if p.RegenerationAgainst != 0 && p.Regeneration.IsNone() && p.RegenerationPlus == 0 {
		c.say(at("regeneration_against"), say("scenario.profile.regeneration_against"))
	}
	c.reads(p.Fly, ObjProfile, "fly", at("fly"))
	c.reads(!p.ArmourSave.IsNone(), ObjProfile, "armour_save", at("armour_save"))
	c.reads(p.Parry, ObjProfile, "parry", at("parry"))
	c.reads(p.Flammable, ObjProfile, "flammable", at("flammable"))
	if rs := c.f.Ruleset; rs.Valid() {
		switch cat := rules.For(rs).TroopCategories; {
		case p.TroopType.TowOnly() && !cat:
			c.say(at("troop_type"), say("scenario.profile.tow_troop_type", rs.String(), p.TroopType.String(),
				andList(rulesetNamesOf(rules.RulesetsWhere(func(t *rules.Traits) bool { return t.TroopCategories }))), fmt.Sprint(p.TroopType.Category())))
		case p.TroopType == rules.MonstrousBeast && cat:
			c.say(at("troop_type"), say("scenario.profile.monstrous_beast", fmt.Sprint(rs)))
		}
	}
	for _, r := range []struct {
		name string
		r    rules.Reroll
	}{{"reroll_armour", p.RerollArmour}, {"reroll_special", p.RerollSpecial}} {
		if r.r&rules.RerollSuccesses != 0 {
			c.say(at(r.name), say("scenario.profile.reroll_successes"))
		}
	}
	if p.Barding && !p.TroopType.Mounted() && c.f.Ruleset.Valid() && rules.For(c.f.Ruleset).Barding {
		c.say(at("barding"), say("scenario.profile.barding", fmt.Sprint(p.TroopType)))
	}
	if p.Parry && !rules.Parries(p.TroopType) && lookup(ObjProfile, "parry").ReadBy(c.f.Ruleset) && c.f.Ruleset.Valid() {
		c.say(at("parry"), say("scenario.profile.parry", fmt.Sprint(p.TroopType)))
	}
}
