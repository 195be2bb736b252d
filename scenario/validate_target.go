package scenario

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/rearrank/rearrank/internal/alloc"
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
	if front := len(t.Command) + len(t.Characters); block && t.Layout == "" && t.Frontage > 0 && front > t.Frontage {
		c.add("target.frontage", "the front rank holds the command group and the characters (%d models), so the frontage must be at least %d", front, front)
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
		c.add("target.champion", "the unit has no champion to override: add champion to %s", c.f.pathName("target.command"))
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
			case t.Frontage > 0 && s >= t.frontRank():
				c.add(p+".slot", "slot %d is outside the front rank of %d files (0 is the left end)", s, t.frontRank())
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
			c.add(p+".damage", "battleaxe keeps damage per model (damage_model per_model, rules 11.3): write the group's in %s, a list of every model's damage in removal order", c.f.pathName("target.damage"))
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
			c.add(p, "the layout has %s, but the command group has no %s: add %s to %s, or write R", layoutLetters(n, role.letter), role.name, role.name, c.f.pathName("target.command"))
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
		// characters); indexing the rank with it here would panic.
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
		model = "a model of " + f.pathName(fmt.Sprintf("target.groups[%d]", de.ModelGroup))
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
