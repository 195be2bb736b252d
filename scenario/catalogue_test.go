package scenario

import (
	"flag"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/rules"
)

var update = flag.Bool("update", false, "rewrite the generated tables of docs/scenario.md from the field catalogue")

// TestCatalogueMatchesTypes holds the catalogue to the Go types: one entry
// per field a file can write, required exactly when the field has no
// omitempty, ranged exactly when it is a whole number.
func TestCatalogueMatchesTypes(t *testing.T) {
	seen := map[string]bool{}
	for _, typ := range []reflect.Type{
		reflect.TypeFor[File](), reflect.TypeFor[Attack](), reflect.TypeFor[Target](), reflect.TypeFor[Champion](),
		reflect.TypeFor[Character](), reflect.TypeFor[Group](),
	} {
		obj := objectOf(typ)
		for _, f := range fieldsOf(typ) {
			s := lookup(obj, f.name)
			if s == nil {
				t.Errorf("%s.%s: in the Go type but not in the catalogue", obj, f.name)
				continue
			}
			seen[s.Path()] = true
			if overrides := obj == ObjChampion && s.Object == ObjProfile; !overrides && s.Required != !f.omitempty {
				t.Errorf("%s: catalogue Required %t, Go omitempty %t", s.Path(), s.Required, f.omitempty)
			}
			ft := typ.FieldByIndex(f.index).Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if isInt := ft.Kind() == reflect.Int; s.Ranged != isInt {
				t.Errorf("%s: catalogue Ranged %t for a Go %v", s.Path(), s.Ranged, ft)
			}
			if s.Ranged && s.Min > s.Max {
				t.Errorf("%s: Min %d above Max %d", s.Path(), s.Min, s.Max)
			}
		}
	}
	for _, s := range Catalogue() {
		if !seen[s.Path()] {
			t.Errorf("%s: in the catalogue but in no Go type", s.Path())
		}
		if s.Meaning == "" || s.Type == "" {
			t.Errorf("%s: no meaning or type", s.Path())
		}
		if s.Reads != nil && len(s.Rulesets()) == 0 {
			t.Errorf("%s: read by no ruleset", s.Path())
		}
	}
}

// TestLimitsAreUnits checks that the catalogue's model and character limits
// are the ones alloc.New enforces, so a file that loads can be built.
func TestLimitsAreUnits(t *testing.T) {
	build := func(models, chars int) error {
		f := &File{Ruleset: rules.WHFB8, Target: Target{Models: models, Frontage: max(chars, 5), Profile: Profile{Toughness: 3, Wounds: 1}}}
		for i := range chars {
			f.Target.Characters = append(f.Target.Characters, Character{Name: fmt.Sprint("c", i), Profile: Profile{Toughness: 3, Wounds: 1}})
		}
		s, err := f.unitSpec(rules.Options{})
		if err != nil {
			return err
		}
		_, err = rearrank.NewUnit(s)
		return err
	}
	if err := build(MaxModels-MaxCharacters, MaxCharacters); err != nil {
		t.Errorf("alloc.New refuses %d models with %d characters, the catalogue's limits: %v", MaxModels-MaxCharacters, MaxCharacters, err)
	}
	if err := build(MaxModels+1, 0); err == nil {
		t.Errorf("alloc.New accepts %d models, above MaxModels: raise MaxModels to unit's limit", MaxModels+1)
	}
	if err := build(10, MaxCharacters+1); err == nil {
		t.Errorf("alloc.New accepts %d characters, above MaxCharacters: raise MaxCharacters to unit's limit", MaxCharacters+1)
	}
}

// TestReadsRefused sets each field a ruleset does not read, in a file of
// that ruleset, and expects Load to refuse it naming the field.
func TestReadsRefused(t *testing.T) {
	// A value that sets the field, in a place where nothing else is wrong.
	sample := map[string]string{
		"attack.ap": "2", "attack.armour_piercing": "1", "attack.flaming": "true", "attack.lethal_strike": "true",
		"attack.monster_slayer": "true", "attack.cleaving_blow": "true",
		"attack.instant_kill": "true", "attack.weapon_class": "bladed", "attack.attacker": "Gor",
		"attack.mw_against": "infantry", "attack.clipped_wings": "true",
		"profile.armour": "light", "profile.shield": "true", "profile.save_bonus": "1", "profile.armour_value": "2",
		"profile.ward": "5+", "profile.regeneration": "4+", "profile.aegis": "5+", "profile.fly": "true",
		"profile.barding": "true", "target.helmet": "true",
	}
	for _, s := range Catalogue() {
		if s.Reads == nil {
			continue
		}
		v, ok := sample[s.Path()]
		if !ok {
			continue // lists and formations: their own messages, in errors_test.go
		}
		for _, rs := range rules.Rulesets() {
			if s.ReadBy(rs) {
				continue
			}
			mw := ""
			if s.Name == "mw_against" || s.Name == "clipped_wings" {
				mw = ", multiple_wounds: 2"
			}
			src := fmt.Sprintf("ruleset: %s\nattacks: [{count: 1, strength: 3%s}]\ntarget: {models: 1, toughness: 3, troop_type: cavalry}\n", rs, mw)
			field := "target." + s.Name
			if s.Object == ObjAttack {
				src = strings.Replace(src, "strength: 3", "strength: 3, "+s.Name+": "+v, 1)
				field = "attacks[0]." + s.Name
			} else {
				src = strings.Replace(src, "toughness: 3", "toughness: 3, "+s.Name+": "+v, 1)
			}
			_, err := Load("x.yaml", []byte(src))
			if err == nil || !strings.Contains(err.Error(), field+": "+rs.String()+" does not read "+s.Name) {
				t.Errorf("%s set in %s: error %v, want %q", s.Path(), rs, err, field+": "+rs.String()+" does not read "+s.Name)
			}
		}
	}
}

// TestSchemaLimits checks the list limits of docs/scenario.schema.json
// against the catalogue's constants (ranges are checked field by field in
// TestSchemaMatchesTypes).
func TestSchemaLimits(t *testing.T) {
	s := loadSchema(t)
	items := func(obj map[string]any, name string) int {
		n, _ := num(asMap(asMap(obj["properties"])[name])["maxItems"])
		return n
	}
	target := s.def("#/$defs/target")
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"attacks", items(s, "attacks"), MaxAttacks},
		{"target.characters", items(target, "characters"), MaxCharacters},
		{"target.groups", items(target, "groups"), MaxGroups},
	} {
		if c.got != c.want {
			t.Errorf("schema %s maxItems %d, catalogue %d", c.what, c.got, c.want)
		}
	}
	var perModel int
	for _, alt := range asList(s.def("#/$defs/damage")["oneOf"]) {
		if n, ok := num(asMap(alt)["maxItems"]); ok {
			perModel = n
		}
	}
	if perModel != MaxModels {
		t.Errorf("schema damage list maxItems %d, want MaxModels %d", perModel, MaxModels)
	}
}

// The tables of docs/scenario.md between "<!-- catalogue NAME -->" and
// "<!-- end catalogue -->" are generated from the catalogue;
// `go test ./scenario -run Docs -update` rewrites them.
const docsPath = "../docs/scenario.md"

var docsBlock = regexp.MustCompile(`(?s)(<!-- catalogue ([a-z]+) -->\n)(.*?)(<!-- end catalogue -->)`)

func TestDocsTables(t *testing.T) {
	data, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	var bad []string
	out := docsBlock.ReplaceAllStringFunc(string(data), func(m string) string {
		sub := docsBlock.FindStringSubmatch(m)
		name := sub[2]
		found[name] = true
		want, err := docsTable(name)
		if err != nil {
			t.Error(err)
			return m
		}
		if sub[3] != want {
			bad = append(bad, name)
		}
		return sub[1] + want + sub[4]
	})
	for _, name := range []string{"file", "attack", "target", "profile", "champion", "character", "group", "reads", "options", "limits"} {
		if !found[name] {
			t.Errorf("%s has no generated table %q", docsPath, name)
		}
	}
	if len(bad) == 0 {
		return
	}
	if !*update {
		t.Fatalf("%s: the tables %v differ from the field catalogue (go test ./scenario -run Docs -update rewrites them)", docsPath, bad)
	}
	if err := os.WriteFile(docsPath, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
}

// docsTable renders one generated table of docs/scenario.md.
func docsTable(name string) (string, error) {
	var b strings.Builder
	row := func(cells ...string) { b.WriteString("| " + strings.Join(cells, " | ") + " |\n") }
	fields := func(obj Object) []FieldSpec {
		var out []FieldSpec
		for _, s := range Catalogue() {
			if s.Object == obj {
				out = append(out, s)
			}
		}
		return out
	}
	switch name {
	case "file":
		row("Field", "Type", "Default", "Meaning", "Rules")
		row("---", "---", "---", "---", "---")
		for _, s := range fields(ObjFile) {
			row("`"+s.Name+"`", typeText(s), defaultText(s), s.Meaning, s.Ref)
		}
	case "attack", "target", "profile":
		obj := Object(name)
		row("Field", "Type", "Default", "Rulesets", "Meaning", "Rules")
		row("---", "---", "---", "---", "---", "---")
		if obj == ObjTarget {
			row("the [profile](#profiles) fields", "", "", "", "The rank and file's (and command group's) profile. `toughness` is required.", "")
		}
		for _, s := range fields(obj) {
			rs := rulesetsText(s.Rulesets())
			if s.Score != nil {
				rs += "; `N+` only " + rulesetsText(rules.RulesetsWhere(s.Score))
			}
			row("`"+s.Name+"`", typeText(s), defaultText(s), rs, s.Meaning, s.Ref)
		}
	case "champion":
		row("Field", "Type", "Default", "Meaning", "Rules")
		row("---", "---", "---", "---", "---")
		var names []string
		for _, f := range fieldsOf(reflect.TypeFor[Champion]()) {
			if lookup(ObjChampion, f.name).Object == ObjProfile {
				names = append(names, "`"+f.name+"`")
			}
		}
		row(strings.Join(names, ", "), "as in [profiles](#profiles)", "the unit's", "The champion's own value; the same ruleset rules apply.", "")
		for _, s := range fields(ObjChampion) {
			row("`"+s.Name+"`", typeText(s), defaultText(s), s.Meaning, s.Ref)
		}
	case "character", "group":
		row("Field", "Type", "Default", "Meaning", "Rules")
		row("---", "---", "---", "---", "---")
		row("the [profile](#profiles) fields", "", "", "Its whole profile; `toughness` is required, `wounds` defaults to 1.", "")
		for _, s := range fields(Object(name)) {
			row("`"+s.Name+"`", typeText(s), defaultText(s), s.Meaning, s.Ref)
		}
	case "reads":
		rsAll := rules.Rulesets()
		head := []string{"Field"}
		sep := []string{"---"}
		for _, r := range rsAll {
			head, sep = append(head, r.String()), append(sep, ":-:")
		}
		row(head...)
		row(sep...)
		yes := func(label string, in []rules.Ruleset, other string) {
			cells := []string{label}
			for _, r := range rsAll {
				c := "-"
				if slices.Contains(in, r) {
					c = "yes"
				} else if other != "" {
					c = other
				}
				cells = append(cells, c)
			}
			row(cells...)
		}
		// One row per set of rulesets, in the order the sets first appear.
		var keys []string
		groups := map[string][]string{}
		sets := map[string][]rules.Ruleset{}
		for _, s := range Catalogue() {
			if s.Reads == nil {
				continue
			}
			rs := s.Rulesets()
			k := fmt.Sprint(rs)
			if _, ok := sets[k]; !ok {
				keys = append(keys, k)
				sets[k] = rs
			}
			if n := "`" + s.Name + "`"; !slices.Contains(groups[k], n) {
				groups[k] = append(groups[k], n)
			}
		}
		for _, k := range keys {
			yes(strings.Join(groups[k], ", "), sets[k], "")
		}
		bs := lookup(ObjAttack, "bs")
		yes("`bs: 4+` (BS as a target number)", rules.RulesetsWhere(bs.Score), "")
		yes("more than one model", rules.RulesetsWhere(block), "")
		yes("`rank_and_file:<troop_type>` aims", rules.RulesetsWhere(troopTypes), "")
		perModel := rules.RulesetsWhere(func(t *rules.Traits) bool { return t.DamageModelSwitch })
		cells := []string{"`damage` as a number"}
		for _, r := range rsAll {
			c := "yes"
			if slices.Contains(perModel, r) {
				c = "with `damage_model: pooled`"
			}
			cells = append(cells, c)
		}
		row(cells...)
		yes("`damage` as a list of one entry, `[2]`", rsAll, "")
		yes("`damage` as a list of several entries", perModel, "")
	case "options":
		row("Option", "Values (default first)", "Rulesets", "Meaning", "Rules")
		row("---", "---", "---", "---", "---")
		for _, sw := range rules.Switches() {
			values := fmt.Sprintf("a fraction above 0 and at most 1: `%s` (default), `0.3`", sw.Default)
			if sw.Values != nil {
				var vs []string
				for _, v := range sw.Values {
					// a value only some of the switch's rulesets take names them
					var in []rules.Ruleset
					for _, r := range sw.Rulesets {
						if slices.Contains(sw.ValuesFor(r), v) {
							in = append(in, r)
						}
					}
					v = "`" + v + "`"
					if len(in) < len(sw.Rulesets) {
						v += " (" + rulesetsText(in) + ")"
					}
					vs = append(vs, v)
				}
				values = strings.Join(vs, ", ")
			}
			row("`"+sw.Name+"`", values, rulesetsText(sw.Rulesets), sw.Doc, docsRef(sw.Ref))
		}
	case "limits":
		row("Limit", "Value")
		row("---", "---")
		row("file size", fmt.Sprintf("%d MiB", MaxSize>>20))
		row("nesting", fmt.Sprintf("%d levels", MaxDepth))
		row("tokens", thousands(MaxTokens))
		row("attack groups", thousands(MaxAttacks))
		row("attacks in one group", fmt.Sprintf("%s, or %d dice", thousands(dice.MaxConst), dice.MaxDice))
		row("models in the target, with groups and characters", thousands(MaxModels))
		row("characters", thousands(MaxCharacters))
		row("groups", thousands(MaxGroups))
		row("wounds of one model", thousands(MaxWounds))
	default:
		return "", fmt.Errorf("%s: no generated table %q", docsPath, name)
	}
	return b.String(), nil
}

func typeText(s FieldSpec) string {
	if s.Ranged {
		return fmt.Sprintf("%s %d..%d", s.Type, s.Min, s.Max)
	}
	return s.Type
}

func defaultText(s FieldSpec) string {
	switch {
	case s.Required:
		return "**required**"
	case s.Default == "":
		return "none"
	}
	return s.Default
}

func rulesetsText(rs []rules.Ruleset) string {
	if len(rs) == len(rules.Rulesets()) {
		return "all"
	}
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.String()
	}
	return strings.Join(names, ", ")
}

// thousands writes n with a comma between thousands: 200,000.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// docsRef turns a switch's reference into what docs/rules.md has: a worked
// example becomes the section it illustrates (rules.Cite), a subsection its
// section; the choice codes stay, T-2 included.
func docsRef(ref string) string {
	var out []string
	for r := range strings.SplitSeq(ref, ", ") {
		if !strings.HasPrefix(r, "T-") {
			r = strings.TrimPrefix(rules.Cite(r), "rules ")
		}
		if r != "" && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return strings.Join(out, ", ")
}

// TestCatalogueInputs holds each field's form input to what the field is:
// a whole-number input to a ranged field and every ranged field with an
// input to one, a box to a flag, and a dice, save, trigger, re-roll or
// conditions input to a field of that type.
func TestCatalogueInputs(t *testing.T) {
	for _, s := range Catalogue() {
		ok := true
		switch s.Input {
		case InputWhole:
			ok = s.Ranged
		case InputFlag:
			ok = s.Type == flagType
		case InputDice:
			ok = s.Type == diceType
		case InputSave:
			ok = s.Type == saveType
		case InputTrigger:
			ok = s.Type == triggerType || strings.HasPrefix(s.Type, "[score](#scores) 2+..6+")
		case InputReroll:
			ok = s.Type == rerollType || s.Type == ownReroll
		case InputAgainst:
			ok = s.Type == againstType
		}
		if s.Ranged && s.Input != NoInput && s.Input != InputWhole {
			ok = false
		}
		if !ok {
			t.Errorf("%s: input %d for a field of type %q (ranged %t)", s.Path(), s.Input, s.Type, s.Ranged)
		}
	}
}
