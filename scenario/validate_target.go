package scenario

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The checks of the target: the unit itself, its command group, champion,
// characters, groups, layout and damage.

func (c *checker) target() {
	f := c.f
	t := &f.Target
	rs := f.Ruleset
	block := rs.Block()
	if f.src != nil && !f.src.has("target") {
		c.say("target", say("scenario.target.required"))
		return
	}
	if t.Models == 0 {
		c.say("target.models", say("scenario.target.models_required"))
	}
	if t.Toughness == 0 {
		c.say("target.toughness", say("scenario.target.toughness_required"))
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
		c.say("target.starting_models", say("scenario.target.starting_models", total))
	}
	if total > MaxModels {
		c.say("target.models", say("scenario.target.too_many_models", total, MaxModels))
	}
	if front := len(t.Command) + len(t.Characters); block && t.Layout == "" && t.Frontage > 0 && front > t.Frontage {
		c.say("target.frontage", say("scenario.target.frontage_small", front, front))
	}
	c.layout()
	c.damage()
}

// frontRank is the width of the front rank a frontage gives: a frontage
// wider than the unit stands as one rank of all its models (RULES.md 22.18).
func (t *Target) frontRank() int {
	total := t.Models + len(t.Characters)
	for _, g := range t.Groups {
		total += g.Models
	}
	return min(t.Frontage, total)
}

func (c *checker) skirmishTarget() {
	t := &c.f.Target
	if t.Models > 1 {
		c.say("target.models", say("scenario.skirmish.models"))
	}
	if t.Frontage > 1 && t.Models <= 1 {
		c.say("target.frontage", say("scenario.skirmish.frontage"))
	}
	if t.Layout != "" {
		c.say("target.layout", say("scenario.skirmish.layout"))
	}
}

func (c *checker) command() {
	f := c.f
	t := &f.Target
	if len(t.Command) > 0 && !lookup(ObjTarget, "command").ReadBy(f.Ruleset) {
		c.say("target.command", say("scenario.skirmish.command"))
	}
	seen := map[string]bool{}
	for i, r := range t.Command {
		p := fmt.Sprintf("target.command[%d]", i)
		switch {
		case !slices.Contains(commandRoles, r):
			c.say(p, say("scenario.command.unknown", strconv.Quote(shorten(r)), orList(commandRoles)))
		case seen[r]:
			c.say(p, say("scenario.command.twice", r))
		}
		seen[r] = true
	}
	if t.Models > 0 && len(t.Command) > t.Models {
		c.say("target.command", say("scenario.command.too_many", len(t.Command), t.Models))
	}
	ch := t.Champion
	if ch == nil {
		return
	}
	if !t.HasCommand(CommandChampion) {
		c.say("target.champion", say("scenario.champion.none", c.f.pathName("target.command")))
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
		c.say("target.champion.troop_type", say("scenario.champion.parry", fmt.Sprint(whole.TroopType)))
	}
	if w := whole.Wounds; ch.Damage >= w && w > 0 {
		c.say("target.champion.damage", say("scenario.champion.damage", woundsText((w)), w))
	}
}

func (c *checker) characters() {
	f := c.f
	t := &f.Target
	if len(t.Characters) == 0 {
		return
	}
	if !lookup(ObjTarget, "characters").ReadBy(f.Ruleset) {
		c.say("target.characters", say("scenario.skirmish.characters"))
		return
	}
	if len(t.Characters) > MaxCharacters {
		c.say("target.characters", say("scenario.characters.too_many", len(t.Characters), MaxCharacters))
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
			c.say(p+".name", say("scenario.character.name_required"))
		case names[ch.Name]:
			c.say(p+".name", say("scenario.character.name_twice", strconv.Quote(ch.Name)))
		}
		names[ch.Name] = true
		if ch.Toughness == 0 {
			c.say(p+".toughness", say("scenario.character.toughness_required"))
		}
		c.profile(&ch.Profile, p)
		c.reads(!ch.MountArmour.IsNone(), ObjCharacter, "mount_armour", p+".mount_armour")
		if ch.Damage >= ch.Wounds && ch.Wounds > 0 {
			c.say(p+".damage", say("scenario.character.damage", woundsText((ch.Wounds)), ch.Wounds))
		}
		if ch.Slot != nil {
			s := *ch.Slot
			switch {
			case s < 0:
				c.say(p+".slot", say("scenario.character.slot_negative", s))
			case t.Frontage > 0 && s >= t.frontRank():
				c.say(p+".slot", say("scenario.character.slot_outside", s, t.frontRank()))
			case slots[s]:
				c.say(p+".slot", say("scenario.character.slot_twice", s))
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
			c.say("target.groups", say("scenario.groups.skirmish", fmt.Sprint(f.Ruleset)))
		} else {
			c.notRead("target.groups", "groups", s.Rulesets(), say("scenario.field_hint.groups"))
		}
		return
	}
	if len(t.Groups) > MaxGroups {
		c.say("target.groups", say("scenario.groups.too_many", len(t.Groups), MaxGroups))
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
			c.say(p+".damage", say("scenario.group.damage_per_model", c.f.pathName("target.damage")))
		case shared && g.Damage != 0:
			c.say(p+".damage", say("scenario.group.damage_shared", fmt.Sprint(c.poolDamagePath(g.TroopType))))
		}
		if g.Models == 0 {
			c.say(p+".models", say("scenario.group.models_required"))
		}
		if g.Toughness == 0 {
			c.say(p+".toughness", say("scenario.group.toughness_required"))
		}
		c.profile(&g.Profile, p)
		if g.Damage < 0 || g.Damage >= g.Wounds && g.Wounds > 0 && (shared || c.joined(i) == 0) {
			c.say(p+".damage", damageRange(g.Damage, g.Wounds, say("scenario.damage.why_pool", woundsText(g.Wounds))))
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
		c.say(p, say("scenario.layout.groups"))
		return
	}
	count := map[rune]int{}
	for i, r := range ranks {
		if r == "" {
			c.say(p, say("scenario.layout.rank_empty", i+1))
			return
		}
		for _, ch := range r {
			if !strings.ContainsRune("RMSCH", ch) {
				c.say(p, say("scenario.layout.letter", strconv.QuoteRune(ch)))
				return
			}
			if ch != 'R' && i > 0 {
				c.say(p, say("scenario.layout.not_front", string(ch), i+1))
				return
			}
			count[ch]++
		}
		switch {
		case i == 0 && t.Frontage != len(r):
			c.say(p, say("scenario.layout.frontage", len(r), t.Frontage))
			return
		case i > 0 && i < len(ranks)-1 && len(r) != len(ranks[0]):
			c.say(p, say("scenario.layout.rank_width", i+1, len(r), len(ranks[0])))
			return
		case i > 0 && len(r) > len(ranks[0]):
			c.say(p, say("scenario.layout.rank_wider", i+1, len(r), len(ranks[0])))
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
			c.say(p, say("scenario.layout.no_command", layoutLetters(n, role.letter), role.name, c.f.pathName("target.command")))
		case n == 0:
			c.say(p, say("scenario.layout.no_letter", role.name, string(role.letter)))
		default:
			c.say(p, say("scenario.layout.letters", layoutLetters(n, role.letter), role.name, string(role.letter)))
		}
		return
	}
	if n := count['R'] + count['M'] + count['S'] + count['C']; n != t.Models {
		c.say(p, say("scenario.layout.models", n, t.Models))
		return
	}
	if count['H'] != len(t.Characters) {
		c.say(p, say("scenario.layout.characters", count['H'], len(t.Characters)))
		return
	}
	for i, ch := range t.Characters {
		// A slot outside the front rank has its own error (ranges,
		// characters); indexing the rank with it here would panic.
		if ch.Slot == nil || *ch.Slot < 0 || *ch.Slot >= len(ranks[0]) {
			continue
		}
		if s := *ch.Slot; ranks[0][s] != 'H' {
			c.say(fmt.Sprintf("target.characters[%d].slot", i), say("scenario.layout.slot", s, string(rune(ranks[0][s]))))
		}
	}
}

// layoutLetters writes n of a layout's letter: "an M", "a C", "2 M".
func layoutLetters(n int, letter rune) msg.Message {
	switch {
	case n == 1 && letter == 'C':
		return say("scenario.layout.a_letter", string(letter))
	case n == 1:
		return say("scenario.layout.an_letter", string(letter))
	}
	return say("scenario.layout.n_letters", n, string(letter))
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
		c.say(p, perModelHint(d.Carried, t.Wounds, mixed))
	case len(d.PerModel) > 0 && !perModel && f.Ruleset.Valid() && !rules.For(f.Ruleset).Block:
		c.say(p, say("scenario.damage.skirmish_list", fmt.Sprint(f.Ruleset)))
	case len(d.PerModel) > 0 && !perModel && f.Ruleset.Valid():
		c.say(p, say("scenario.damage.pool_list", fmt.Sprint(f.Ruleset)))
	case d.Carried < 0 || d.Carried >= t.Wounds && t.Wounds > 0 && !mixed:
		what := say("scenario.damage.why_pool", woundsText(t.Wounds))
		if f.Ruleset.Valid() && !rules.For(f.Ruleset).Block {
			what = say("scenario.damage.why_warrior", woundsText(t.Wounds))
		}
		c.say(p, damageRange(d.Carried, t.Wounds, what))
	}
	if n := t.Models + c.joined(-1); len(d.PerModel) > n && t.Models > 0 {
		if mixed {
			c.say(p, say("scenario.damage.entries_mixed", len(d.PerModel), n))
		} else {
			c.say(p, say("scenario.damage.entries", len(d.PerModel), n))
		}
		return // the entries' own errors stand after this one
	}
	for i, x := range d.PerModel {
		if x < 0 || x >= t.Wounds && !mixed {
			c.say(fmt.Sprintf("%s[%d]", p, i), damageRange(x, t.Wounds, say("scenario.damage.why_model", woundsText(t.Wounds))))
		}
	}
}

// perModelHint says how battleaxe's per-model damage writes the starting
// damage that a file gave as the number carried, for models of w wounds
// (or, mixed, of the unit's and its groups' wounds): a list whose example
// is itself valid.
func perModelHint(carried, w int, mixed bool) msg.Message {
	switch {
	case mixed:
		return say("scenario.damage.per_model_mixed")
	case w <= 1:
		return say("scenario.damage.per_model_one_wound")
	case carried > 0 && carried < w:
		return say("scenario.damage.per_model_such_as", carried)
	}
	return say("scenario.damage.per_model", w, w-1)
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
	model := say("scenario.model.own_rank_and_file")
	switch {
	case de.ModelGroup >= 0:
		model = say("scenario.model.of_group", f.pathName(fmt.Sprintf("target.groups[%d]", de.ModelGroup)))
	case de.Role == unit.Champion:
		model = say("scenario.model.champion")
	case de.Role == unit.Musician:
		model = say("scenario.model.musician")
	case de.Role == unit.StandardBearer:
		model = say("scenario.model.standard_bearer")
	}
	field, want := "target.damage", say("scenario.want_zero")
	if de.Group >= 0 {
		field = fmt.Sprintf("target.groups[%d].damage", de.Group)
	}
	if de.Left > 1 {
		want = say("scenario.want_zero_to", de.Left-1)
	}
	if de.Entry >= 0 {
		return f.fail(ErrInvalid, fmt.Sprintf("%s[%d]", field, de.Entry), say("scenario.damage.entry_model",
			want, de.Got, de.Entry, de.Entry+1, model, woundsText(de.Left)))
	}
	if de.Left == 1 {
		return f.fail(ErrInvalid, field, say("scenario.damage.next_model_one", want, de.Got, model))
	}
	return f.fail(ErrInvalid, field, say("scenario.damage.next_model", want, de.Got, model, woundsText(de.Left)))
}

// damageRange says why got is not a starting damage for models of w
// wounds: damage is wounds already lost, 0 or more and fewer than w (why
// says what the bound is).
func damageRange(got, w int, why msg.Message) msg.Message {
	switch {
	case got < 0:
		return say("scenario.damage.negative", got)
	case w == 1:
		return say("scenario.damage.one_wound", got)
	}
	return say("scenario.damage.range", w-1, got, why)
}

// woundsText is "1 wound", "3 wounds".
func woundsText(n int) msg.Message { return say("scenario.wounds", n) }
