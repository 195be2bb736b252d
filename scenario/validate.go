package scenario

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Defaults fills in what the file left out, as DESIGN.md's "Meanings that
// the contract fixes" says, and puts a few fields in canonical form. It is
// idempotent, never fails, and Load calls it before Validate:
//
//   - wounds: 1 (the target, each group and each character);
//   - frontage: the width of layout's front rank, else the smaller of
//     models and 5;
//   - phase: melee (the zero rules.Phase);
//   - to_hit: auto when the attack gives none of to_hit, bs and ws (with bs
//     or ws the referee works the roll out, RULES.md 5);
//   - multiple_wounds: 0 and 1 become "" (single wounds, RULES.md 19 C3);
//   - an attack's target rank_and_file:<the unit's own troop type> becomes
//     rank_and_file;
//   - command: sorted as musician, standard, champion;
//   - layout: upper case, one space between letters, " / " between ranks;
//   - damage: a per-model list loses its trailing zeros;
//   - empty lists and an empty options mapping become nil, as if left out.
//
// Everything else already has its default as the zero value: no saves, no
// command, troop type infantry, target rank_and_file, no special rules.
func (f *File) Defaults() {
	t := &f.Target
	// A field the file wrote as 0 is out of range, not left out: leave it
	// for Validate to report.
	unset := func(field string) bool { return !f.src.has(field) }
	if t.Wounds == 0 && unset("target.wounds") {
		t.Wounds = 1
	}
	for i := range t.Groups {
		if t.Groups[i].Wounds == 0 && unset(fmt.Sprintf("target.groups[%d].wounds", i)) {
			t.Groups[i].Wounds = 1
		}
	}
	for i := range t.Characters {
		if t.Characters[i].Wounds == 0 && unset(fmt.Sprintf("target.characters[%d].wounds", i)) {
			t.Characters[i].Wounds = 1
		}
	}
	if ranks := t.Ranks(); ranks != nil {
		parts := make([]string, len(ranks))
		for i, r := range ranks {
			parts[i] = strings.Join(strings.Split(r, ""), " ")
		}
		t.Layout = strings.Join(parts, " / ")
		if t.Frontage == 0 && unset("target.frontage") {
			t.Frontage = len(ranks[0])
		}
	}
	if t.Frontage == 0 && t.Models > 0 && unset("target.frontage") {
		t.Frontage = min(t.Models, 5)
	}
	if len(f.Options) == 0 {
		f.Options = nil
	}
	if len(t.Command) == 0 {
		t.Command = nil
	}
	if len(t.Characters) == 0 {
		t.Characters = nil
	}
	if len(t.Groups) == 0 {
		t.Groups = nil
	}
	slices.SortStableFunc(t.Command, func(a, b string) int { return roleOrder(a) - roleOrder(b) })
	for len(t.Damage.PerModel) > 0 && t.Damage.PerModel[len(t.Damage.PerModel)-1] == 0 {
		t.Damage.PerModel = t.Damage.PerModel[:len(t.Damage.PerModel)-1]
	}
	if len(t.Damage.PerModel) == 0 {
		t.Damage.PerModel = nil
	}
	for i := range f.Attacks {
		a := &f.Attacks[i]
		if a.AP < 0 && a.AP >= -MaxStat && f.Ruleset.Valid() && rules.For(f.Ruleset).SuitWithAP { // beyond -MaxStat the range check names the value written
			a.AP = -a.AP // tow writes AP as on the card, -1, and reads it as 1 (RULES.md 22.12)
		}
		if a.ToHit.IsZero() && a.BS == 0 && a.WS == 0 {
			a.ToHit = ToHit{Auto: true}
		}
		if a.MultipleWounds == "0" { // 1 stays: packets of one wound (C3, R7)
			a.MultipleWounds = ""
		}
		if a.MultipleHits == "1" {
			a.MultipleHits = ""
		}
		if a.Target.Role == AimRankAndFile && a.Target.Pool != nil && *a.Target.Pool == t.TroopType {
			a.Target.Pool = nil
		}
	}
}

func roleOrder(r string) int {
	if i := slices.Index(commandRoles, r); i >= 0 {
		return i
	}
	return len(commandRoles)
}

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
					c.add(p, "want %d to %d, got %d", f.lo, f.hi, n)
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
			e := f.errorf(ErrUnknownField, p, "unknown option %q%s; the options are %s", k, suggest(k, fields), listText(names))
			if f.src != nil {
				if kp, ok := f.src.key[p]; ok {
					e.Line, e.Column = kp.line, kp.col
				}
			}
			c.errs = append(c.errs, e)
			continue
		}
		if f.Ruleset.Valid() && !s.AppliesTo(f.Ruleset) {
			c.notRead(p, k, s.Rulesets, "")
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
	if f.src != nil && f.src.score[at("bs")] && !lookup(ObjAttack, "bs").ScoreBy(f.Ruleset) && f.Ruleset.Valid() {
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
	if a.KillingBlow != 0 && a.CleavingBlow != 0 && a.KillingBlow != a.CleavingBlow {
		c.add(at("cleaving_blow"), "killing_blow and cleaving_blow fire on one to-wound roll: give both the same score (rules 22.3)")
	}
	if a.KillingBlow != 0 && a.HeroicKillingBlow != 0 {
		c.add(at("heroic_killing_blow"), "an attack has Killing Blow or Heroic Killing Blow, not both (rules 20.2)")
	}
	if a.ArmourBaneOn != 0 && a.ArmourBane == 0 {
		c.add(at("armour_bane_on"), "says when armour_bane fires, and this group has no armour_bane (rules 20.2)")
	}
	if a.Hatred && a.Phase != rules.Melee {
		c.add(at("hatred"), "Hatred re-rolls to-hit in close combat, and this group's phase is %s (rules 20.1)", a.Phase)
	}
	if a.Hatred && a.ToHit.Auto {
		c.add(at("hatred"), "these attacks hit automatically, so there is no to-hit roll to re-roll")
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
			c.add(p, "batch %q: attacks[%d] is in it, and the groups between are not: the groups of one batch follow one another", a.Batch, j)
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
		c.add(fmt.Sprintf("attacks[%d].ws", i), "the attack gives ws, so the defender needs one: set %s (Weapon Skill; t9a Defensive Skill)", field)
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
			c.add(p, "the unit has no champion: add champion to target.command")
		}
	case AimCharacter:
		if t.Character(a.Target.Character) == nil {
			c.add(p, "no character named %q in target.characters", a.Target.Character)
		}
	case AimMusician, AimStandard:
		post := map[AimRole]string{AimMusician: CommandMusician, AimStandard: CommandStandard}[a.Target.Role]
		switch {
		case !a.InstantKill:
			c.add(p, "only an instant kill is aimed at the %s (C12); other attacks strike the rank and file", a.Target)
		case !t.HasCommand(post):
			c.add(p, "the unit has no %s: add %s to target.command", a.Target, post)
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

func (c *checker) target() {
	f := c.f
	t := &f.Target
	rs := f.Ruleset
	block := rs.Block()
	if f.src != nil && !f.src.has("target") {
		c.add("target", "required: the unit the attacks are aimed at, such as {models: 10, toughness: 3}")
		return
	}
	if t.Models == 0 {
		c.add("target.models", "required: the models in the unit, command group included, characters not")
	}
	if t.Toughness == 0 {
		c.add("target.toughness", "required: the unit's Toughness (t9a: Resilience), 1 to 10")
	}
	c.profile(&t.Profile, "target")
	c.reads(t.Helmet, ObjTarget, "helmet", "target.helmet")

	if rs.Valid() && !block {
		c.skirmishTarget()
	}
	c.command()
	c.characters()
	c.groups()

	total := t.Models + len(t.Characters)
	for _, g := range t.Groups {
		total += g.Models
	}
	c.reads(t.StartingModels != 0, ObjTarget, "starting_models", "target.starting_models")
	if t.StartingModels != 0 && t.StartingModels < total && total <= MaxModels {
		c.add("target.starting_models", "the unit has %d models now, characters included, so it had at least that many at deployment (rules 22.9)", total)
	}
	if total > MaxModels {
		c.add("target.models", "the unit has %d models with its groups and characters: want at most %d", total, MaxModels)
	}
	if block && t.Frontage > total && t.Models > 0 {
		c.add("target.frontage", "frontage %d is wider than the unit's %d models", t.Frontage, total)
	}
	if front := len(t.Command) + len(t.Characters); block && t.Layout == "" && t.Frontage > 0 && front > t.Frontage {
		c.add("target.frontage", "the front rank holds the command group and the characters (%d models), so the frontage must be at least %d", front, front)
	}
	c.layout()
	c.damage()
}

func (c *checker) skirmishTarget() {
	t := &c.f.Target
	if t.Models > 1 {
		c.add("target.models", "a skirmish target is one warrior: models must be 1")
	}
	if t.Frontage > 1 && t.Models <= 1 {
		c.add("target.frontage", "a skirmish warrior has no formation: leave frontage out")
	}
	if t.Layout != "" {
		c.add("target.layout", "a skirmish warrior has no formation: leave layout out")
	}
}

func (c *checker) command() {
	f := c.f
	t := &f.Target
	if len(t.Command) > 0 && !lookup(ObjTarget, "command").ReadBy(f.Ruleset) {
		c.add("target.command", "a skirmish warrior has no command group")
	}
	seen := map[string]bool{}
	for i, r := range t.Command {
		p := fmt.Sprintf("target.command[%d]", i)
		switch {
		case !slices.Contains(commandRoles, r):
			c.add(p, "command %q: want %s", shorten(r), listText(commandRoles))
		case seen[r]:
			c.add(p, "%s is listed twice", r)
		}
		seen[r] = true
	}
	if t.Models > 0 && len(t.Command) > t.Models {
		c.add("target.command", "%d command models in a unit of %d models", len(t.Command), t.Models)
	}
	ch := t.Champion
	if ch == nil {
		return
	}
	if !t.HasCommand(CommandChampion) {
		c.add("target.champion", "the unit has no champion to override: add champion to target.command")
	}
	// His overrides are checked as the unit's fields are, against what he
	// ends up with where one field limits another.
	whole := t.ChampionProfile()
	o := Profile{TroopType: whole.TroopType}
	ch.apply(&o)
	if ch.AegisAgainst != nil {
		o.Aegis = whole.Aegis
	}
	if ch.RegenerationAgainst != nil {
		o.Regeneration, o.RegenerationPlus = whole.Regeneration, whole.RegenerationPlus
	}
	c.profile(&o, "target.champion")
	if whole.Parry && ch.Parry == nil && ch.TroopType != nil && !rules.Parries(whole.TroopType) && lookup(ObjProfile, "parry").ReadBy(f.Ruleset) {
		c.add("target.champion.troop_type", "he is %s and has the unit's parry, which is for infantry and heavy_infantry only (rules 22.4): set his parry: false", whole.TroopType)
	}
	if w := whole.Wounds; ch.Damage >= w && w > 0 {
		c.add("target.champion.damage", "the champion has %s, so damage must be less than %d", woundsText(w), w)
	}
}

func (c *checker) characters() {
	f := c.f
	t := &f.Target
	if len(t.Characters) == 0 {
		return
	}
	if !lookup(ObjTarget, "characters").ReadBy(f.Ruleset) {
		c.add("target.characters", "a skirmish warrior fights alone: no characters")
		return
	}
	if len(t.Characters) > MaxCharacters {
		c.add("target.characters", "%d characters: want at most %d", len(t.Characters), MaxCharacters)
	}
	if c.tooMany("target.characters", len(t.Characters)) {
		return
	}
	names := map[string]bool{}
	slots := map[int]bool{}
	for i := range t.Characters {
		ch := &t.Characters[i]
		p := fmt.Sprintf("target.characters[%d]", i)
		switch {
		case ch.Name == "":
			c.add(p+".name", "required: attacks aim at a character with target: character:<name>")
		case names[ch.Name]:
			c.add(p+".name", "two characters are named %q", ch.Name)
		}
		names[ch.Name] = true
		if ch.Toughness == 0 {
			c.add(p+".toughness", "required: the character's Toughness, 1 to 10")
		}
		c.profile(&ch.Profile, p)
		c.reads(!ch.MountArmour.IsNone(), ObjCharacter, "mount_armour", p+".mount_armour")
		if ch.Damage >= ch.Wounds && ch.Wounds > 0 {
			c.add(p+".damage", "the character has %s, so damage must be less than %d", woundsText(ch.Wounds), ch.Wounds)
		}
		if ch.Slot != nil {
			s := *ch.Slot
			switch {
			case s < 0:
				c.add(p+".slot", "slot %d: want 0 (the left end of the front rank) or more", s)
			case t.Frontage > 0 && s >= t.Frontage:
				c.add(p+".slot", "slot %d is outside the front rank of %d files (0 is the left end)", s, t.Frontage)
			case slots[s]:
				c.add(p+".slot", "two characters stand in slot %d", s)
			}
			slots[s] = true
		}
	}
}

func (c *checker) groups() {
	f := c.f
	t := &f.Target
	if len(t.Groups) == 0 {
		return
	}
	if s := lookup(ObjTarget, "groups"); !s.ReadBy(f.Ruleset) {
		if !f.Ruleset.Block() {
			c.add("target.groups", "%s has no formation: the target is one warrior", f.Ruleset)
		} else {
			c.notRead("target.groups", "groups", s.Rulesets(), "its units have one rank-and-file profile (rules 22): a model of another profile is a character, or a unit of its own")
		}
		return
	}
	if len(t.Groups) > MaxGroups {
		c.add("target.groups", "%d groups: want at most %d", len(t.Groups), MaxGroups)
	}
	if c.tooMany("target.groups", len(t.Groups)) {
		return
	}
	// A group shares a pool with the unit's rank and file, or with an
	// earlier group, unless its troop type keys a pool of its own (t9a,
	// t9a1-ru; RULES.md 10.1, E65, E66). A shared pool's carried wounds
	// are written once, on the first of its models (R41).
	seen := map[rules.TroopType]bool{t.TroopType: true}
	for i := range t.Groups {
		g := &t.Groups[i]
		p := fmt.Sprintf("target.groups[%d]", i)
		shared := !c.pooledByType() || seen[g.TroopType]
		seen[g.TroopType] = true
		switch {
		case g.Damage != 0 && f.perModel():
			c.add(p+".damage", "battleaxe keeps damage per model (damage_model per_model, rules 11.3): write the group's in target.damage, a list of every model's damage in removal order")
		case shared && g.Damage != 0:
			c.add(p+".damage", "the group shares its rank-and-file pool with the models before it (rules 10.1, R41): write the pool's carried wounds in %s", c.poolDamagePath(g.TroopType))
		}
		if g.Models == 0 {
			c.add(p+".models", "required: the number of models in the group")
		}
		if g.Toughness == 0 {
			c.add(p+".toughness", "required: the group's Toughness, 1 to 10")
		}
		c.profile(&g.Profile, p)
		if g.Damage < 0 || g.Damage >= g.Wounds && g.Wounds > 0 && (shared || c.joined(i) == 0) {
			c.add(p+".damage", "%s", damageRange(g.Damage, g.Wounds, "the pool carries less than one model's "+woundsText(g.Wounds)+" (rules 11.1)"))
		}
	}
}

// pooledByType reports whether the ruleset keeps a rank-and-file pool per
// troop type (t9a, t9a1-ru; RULES.md 10.1) rather than one for the unit.
func (c *checker) pooledByType() bool {
	rs := c.f.Ruleset
	return rs.Valid() && rules.For(rs).TroopTypes
}

// poolDamagePath names the field that holds the carried wounds of the pool
// of troop type tt: the target's damage, or the first group's of that type.
func (c *checker) poolDamagePath(tt rules.TroopType) string {
	t := &c.f.Target
	if !c.pooledByType() || tt == t.TroopType {
		return "target.damage"
	}
	for i := range t.Groups {
		if t.Groups[i].TroopType == tt {
			return fmt.Sprintf("target.groups[%d].damage", i)
		}
	}
	return "target.damage"
}

// layout checks an explicit formation against the counts (RULES.md 17.3:
// full ranks but the last; command and characters in the front rank).
func (c *checker) layout() {
	f := c.f
	t := &f.Target
	ranks := t.Ranks()
	if ranks == nil {
		return
	}
	const p = "target.layout"
	if len(t.Groups) > 0 {
		c.add(p, "a layout cannot place groups of other troop types yet: leave layout out")
		return
	}
	count := map[rune]int{}
	for i, r := range ranks {
		if r == "" {
			c.add(p, "rank %d is empty", i+1)
			return
		}
		for _, ch := range r {
			if !strings.ContainsRune("RMSCH", ch) {
				c.add(p, "%q is not a model: want R (rank and file), M (musician), S (standard), C (champion) or H (character)", ch)
				return
			}
			if ch != 'R' && i > 0 {
				c.add(p, "%c stands in rank %d: command models and characters stand in the front rank", ch, i+1)
				return
			}
			count[ch]++
		}
		switch {
		case i == 0 && t.Frontage != len(r):
			c.add(p, "the front rank has %d files but frontage is %d", len(r), t.Frontage)
			return
		case i > 0 && i < len(ranks)-1 && len(r) != len(ranks[0]):
			c.add(p, "rank %d has %d files: every rank but the last is as wide as the front (%d)", i+1, len(r), len(ranks[0]))
			return
		case i > 0 && len(r) > len(ranks[0]):
			c.add(p, "rank %d has %d files, wider than the front (%d)", i+1, len(r), len(ranks[0]))
			return
		}
	}
	for _, role := range []struct {
		letter rune
		name   string
	}{{'M', CommandMusician}, {'S', CommandStandard}, {'C', CommandChampion}} {
		want := 0
		if t.HasCommand(role.name) {
			want = 1
		}
		switch n := count[role.letter]; {
		case n == want:
			continue
		case want == 0:
			c.add(p, "the layout has %s, but the command group has no %s: add %s to target.command, or write R", layoutLetters(n, role.letter), role.name, role.name)
		case n == 0:
			c.add(p, "the command group has a %s, but the layout has no %c: write %c in the front rank", role.name, role.letter, role.letter)
		default:
			c.add(p, "the layout has %s for the command group's one %s: write one %c", layoutLetters(n, role.letter), role.name, role.letter)
		}
		return
	}
	if n := count['R'] + count['M'] + count['S'] + count['C']; n != t.Models {
		c.add(p, "the layout has %d models (R, M, S, C) but models is %d", n, t.Models)
		return
	}
	if count['H'] != len(t.Characters) {
		c.add(p, "the layout has %d H but there are %d characters", count['H'], len(t.Characters))
		return
	}
	for i, ch := range t.Characters {
		// A slot outside the front rank has its own error (ranges,
		// characters); it must not index the rank here (issue 11).
		if ch.Slot == nil || *ch.Slot < 0 || *ch.Slot >= len(ranks[0]) {
			continue
		}
		if s := *ch.Slot; ranks[0][s] != 'H' {
			c.add(fmt.Sprintf("target.characters[%d].slot", i), "slot %d of the layout's front rank is %c, not H", s, ranks[0][s])
		}
	}
}

// layoutLetters writes n of a layout's letter: "an M", "a C", "2 M".
func layoutLetters(n int, letter rune) string {
	switch {
	case n == 1 && letter == 'C':
		return "a C"
	case n == 1:
		return fmt.Sprintf("an %c", letter)
	}
	return fmt.Sprintf("%d %c", n, letter)
}

// damage checks the starting damage against the ruleset's bookkeeping:
// one carried number for a pool (RULES.md 11.1), a list for battleaxe
// per-model damage (RULES.md 11.3). Where groups share the unit's pool,
// the model next in removal order, which the damage sits on, may be one
// of theirs: builtDamage checks it against that model.
func (c *checker) damage() {
	f := c.f
	t := &f.Target
	perModel := f.perModel()
	d := t.Damage.pooled(perModel)
	mixed := c.joined(-1) > 0
	const p = "target.damage"
	switch {
	case d.Carried != 0 && perModel:
		c.add(p, "%s", perModelHint(d.Carried, t.Wounds, mixed))
	case len(d.PerModel) > 0 && !perModel && f.Ruleset.Valid() && !rules.For(f.Ruleset).Block:
		c.add(p, "%s does not keep damage per model: write one number, the wounds the warrior has lost (rules 13)", f.Ruleset)
	case len(d.PerModel) > 0 && !perModel && f.Ruleset.Valid():
		c.add(p, "%s does not keep damage per model: write one number, the wounds the pool carries (rules 11.1)", f.Ruleset)
	case d.Carried < 0 || d.Carried >= t.Wounds && t.Wounds > 0 && !mixed:
		what := "the pool carries less than one model's " + woundsText(t.Wounds) + " (rules 11.1)"
		if f.Ruleset.Valid() && !rules.For(f.Ruleset).Block {
			what = "the warrior has " + woundsText(t.Wounds) + " and has lost fewer than that"
		}
		c.add(p, "%s", damageRange(d.Carried, t.Wounds, what))
	}
	if n := t.Models + c.joined(-1); len(d.PerModel) > n && t.Models > 0 {
		if mixed {
			c.add(p, "%d entries for the %d models of the unit's rank and file and the groups that share its pool", len(d.PerModel), n)
		} else {
			c.add(p, "%d entries for a unit of %d models", len(d.PerModel), n)
		}
		return // the entries' own errors stand after this one
	}
	for i, x := range d.PerModel {
		if x < 0 || x >= t.Wounds && !mixed {
			c.add(fmt.Sprintf("%s[%d]", p, i), "%s", damageRange(x, t.Wounds, "a model has "+woundsText(t.Wounds)))
		}
	}
}

// perModelHint says how battleaxe's per-model damage writes the starting
// damage that a file gave as the number carried, for models of w wounds
// (or, mixed, of the unit's and its groups' wounds): a list whose example
// is itself valid.
func perModelHint(carried, w int, mixed bool) string {
	const keeps = "battleaxe keeps damage per model (damage_model per_model, rules 11.3)"
	switch {
	case mixed:
		return keeps + ": write a list in removal order, the wounds each model has lost"
	case w <= 1:
		return keeps + ", and a model of 1 wound carries no damage: leave damage out"
	case carried > 0 && carried < w:
		return fmt.Sprintf("%s: write a list in removal order, such as [%d]", keeps, carried)
	}
	return fmt.Sprintf("%s: write a list in removal order, the wounds each model has lost, each less than its %d wounds, such as [%d]", keeps, w, w-1)
}

// joined is the number of models of the groups that share the pool of the
// unit's own rank and file (g -1) or of group g: the same pool, where the
// ruleset keeps one for the unit or the troop types match, after it.
func (c *checker) joined(g int) int {
	t := &c.f.Target
	tt := t.TroopType
	if g >= 0 {
		tt = t.Groups[g].TroopType
	}
	n := 0
	for i := g + 1; i < len(t.Groups); i++ {
		if !c.pooledByType() && g < 0 || t.Groups[i].TroopType == tt {
			n += t.Groups[i].Models
		}
	}
	return n
}

// builtDamage checks the starting damage of a pool shared by the unit's
// rank and file and its groups, or by groups, against the model it sits
// on: the model next in removal order for carried wounds, each model in
// turn for a per-model list (RULES.md 11.1, 11.3, R41). Only the built
// unit knows which that is, so it builds one; the file's other problems
// have been reported before.
func (c *checker) builtDamage() {
	f := c.f
	t := &f.Target
	mixed := !t.Damage.IsZero() && c.joined(-1) > 0
	for i := range t.Groups {
		mixed = mixed || t.Groups[i].Damage != 0 && c.joined(i) > 0
	}
	if !mixed || len(c.errs) > 0 {
		return
	}
	spec, err := f.unitSpec(f.RuleOptions())
	if err != nil {
		return
	}
	var de *unit.DamageError
	if _, err := alloc.New(spec); errors.As(err, &de) {
		c.errs = append(c.errs, f.damageError(de))
	}
}

// damageError says, at the field that gave it, why the model starting
// damage sits on cannot carry it, naming the model (unit.DamageError).
func (f *File) damageError(de *unit.DamageError) *Error {
	model := "a model of the unit's own rank and file"
	switch {
	case de.ModelGroup >= 0:
		model = fmt.Sprintf("a model of target.groups[%d]", de.ModelGroup)
	case de.Role == unit.Champion:
		model = "the champion"
	case de.Role == unit.Musician:
		model = "the musician"
	case de.Role == unit.StandardBearer:
		model = "the standard bearer"
	}
	field, want := "target.damage", "want 0"
	if de.Group >= 0 {
		field = fmt.Sprintf("target.groups[%d].damage", de.Group)
	}
	if de.Left > 1 {
		want = fmt.Sprintf("want 0 to %d", de.Left-1)
	}
	if de.Entry >= 0 {
		return f.errorf(ErrInvalid, fmt.Sprintf("%s[%d]", field, de.Entry), "%s, got %d: entry %d is the damage of model %d in removal order, %s, which has %s (rules 11.3)",
			want, de.Got, de.Entry, de.Entry+1, model, woundsText(de.Left))
	}
	if de.Left == 1 {
		return f.errorf(ErrInvalid, field, "%s, got %d: the carried wounds sit on the next model to be removed, %s, which has 1 wound and carries no damage (a wound removes it; rules 11.1)",
			want, de.Got, model)
	}
	return f.errorf(ErrInvalid, field, "%s, got %d: the carried wounds sit on the next model to be removed, %s, which has %s left (rules 11.1)",
		want, de.Got, model, woundsText(de.Left))
}

// damageRange says why got is not a starting damage for models of w
// wounds: damage is wounds already lost, 0 or more and fewer than w (why
// says what the bound is).
func damageRange(got, w int, why string) string {
	switch {
	case got < 0:
		return fmt.Sprintf("want 0 or more, got %d: damage is the wounds already lost", got)
	case w == 1:
		return fmt.Sprintf("want 0, got %d: a model of 1 wound carries no damage (a wound removes it)", got)
	}
	return fmt.Sprintf("want 0 to %d, got %d: %s", w-1, got, why)
}

func woundsText(n int) string {
	if n == 1 {
		return "1 wound"
	}
	return fmt.Sprintf("%d wounds", n)
}
