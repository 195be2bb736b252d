package scenario

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
)

// TestTranslateExamples compares every example file across every ruleset
// (issue 10 item 16): each translation either loads or would have named
// what it dropped, and never fails.
func TestTranslateExamples(t *testing.T) {
	paths := examples(t) // scenario files, combat files left out
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Load(p, data)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rules.Rulesets() {
			c, notes, err := f.Translate(r)
			if err != nil {
				t.Errorf("%s under %s: %v", filepath.Base(p), r, err)
				continue
			}
			if _, _, err := c.Build(); err != nil {
				t.Errorf("%s under %s: build: %v", filepath.Base(p), r, err)
			}
			t.Logf("%s -> %s: %s", filepath.Base(p), r, strings.Join(notes, "; "))
		}
	}
}

const crossbowsWhfb8 = `ruleset: whfb8
attacks:
  - name: Crossbows
    count: 10
    phase: shooting
    bs: 3
    strength: 4
target:
  models: 20
  toughness: 3
  armour: light
  shield: true
  ward: 5+
`

// TestTranslateValues checks the carried-over values against RULES.md's
// tables: BS 3 needs 4+ (5), light armour and a shield give 5+ (7.1), which
// is Armour 2 in t9a (7.2), and a ward becomes an Aegis save (8.2).
func TestTranslateValues(t *testing.T) {
	f := mustLoad(t, "test.yaml", crossbowsWhfb8)
	c, notes, err := f.Translate(rules.T9A)
	if err != nil {
		t.Fatal(err)
	}
	a, p := c.Attacks[0], c.Target.Profile
	if a.AP != 1 {
		t.Errorf("whfb8 S4 -> t9a: ap %d, want 1 (S4's -1, RULES.md 7.1; t9a's saves only AP worsens, 7.2)", a.AP)
	}
	if a.BS != 4 || p.ArmourValue != 2 || p.Armour != rules.NoArmour || p.Shield || p.Aegis != rules.Need(5) || !p.Ward.IsNone() {
		t.Errorf("whfb8 -> t9a: bs %d, armour_value %d, armour %v, shield %v, aegis %v, ward %v", a.BS, p.ArmourValue, p.Armour, p.Shield, p.Aegis, p.Ward)
	}
	want := []string{
		"attacks[0]: BS 3 carried over as bs 4+",
		"attacks[0]: the save modifier of Strength 4 (-1) carried over as ap 1 (Strength does not worsen saves in t9a)",
		"target: light armour, shield (5+) carried over as armour_value 2 (5+)",
		"target: ward 5+ carried over as aegis 5+",
	}
	if strings.Join(notes, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(notes, "\n"), strings.Join(want, "\n"))
	}

	// Back again: the t9a file reads as the whfb8 one did, save for the
	// shield, which is carried as the heavy armour that gives the same 5+.
	back, _, err := c.Translate(rules.WHFB8)
	if err != nil {
		t.Fatal(err)
	}
	if b := back.Target.Profile; back.Attacks[0].BS != 3 || b.Armour != rules.HeavyArmour || b.SaveBonus != 0 || b.Ward != rules.Need(5) {
		t.Errorf("t9a -> whfb8: bs %d, armour %v, save_bonus %d, ward %v", back.Attacks[0].BS, b.Armour, b.SaveBonus, b.Ward)
	}

	// battleaxe writes BS as a target number too (RULES.md 5): whfb8's BS 3
	// is battleaxe's 4+, not 3+.
	ba, _, err := f.Translate(rules.Battleaxe)
	if err != nil {
		t.Fatal(err)
	}
	if ba.Attacks[0].BS != 4 {
		t.Errorf("whfb8 bs 3 under battleaxe: bs %d, want 4 (4+)", ba.Attacks[0].BS)
	}

	// skirmish: one warrior, and the notes say so.
	sk, notes, err := f.Translate(rules.Skirmish)
	if err != nil {
		t.Fatal(err)
	}
	if sk.Target.Models != 1 || !strings.Contains(strings.Join(notes, "\n"), "one warrior of the unit of 20") {
		t.Errorf("skirmish: models %d, notes %q", sk.Target.Models, notes)
	}
}

func TestParseAssignments(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []Assignment
	}{
		{"attacks[0].strength=5", []Assignment{{"attacks[0].strength", "5"}}},
		{"attacks[0].strength=5, target.armour=heavy", []Assignment{{"attacks[0].strength", "5"}, {"target.armour", "heavy"}}},
		{"attacks[0].reroll_hit=ones,successes", []Assignment{{"attacks[0].reroll_hit", "ones,successes"}}},
		{"target.command=[musician, standard],mw_cap=remaining", []Assignment{{"target.command", "[musician, standard]"}, {"mw_cap", "remaining"}}},
		{"target.ward=", []Assignment{{"target.ward", ""}}},
	} {
		got, err := ParseAssignments(c.in)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("ParseAssignments(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"strength", "=5", "a=1,=2"} {
		if _, err := ParseAssignments(bad); err == nil {
			t.Errorf("ParseAssignments(%q): no error", bad)
		}
	}
}

func TestWith(t *testing.T) {
	f := mustLoad(t, "test.yaml", crossbowsWhfb8)
	set := func(s string) (*File, error) {
		as, err := ParseAssignments(s)
		if err != nil {
			t.Fatal(err)
		}
		return f.With(as...)
	}
	c, err := set("attacks[0].strength=5,target.armour=heavy,target.models=8,mw_cap=remaining")
	if err != nil {
		t.Fatal(err)
	}
	if c.Attacks[0].Strength != 5 || c.Target.Armour != rules.HeavyArmour || c.Target.Models != 8 || c.Options["mw_cap"] != "remaining" {
		t.Errorf("With: %+v %+v %v", c.Attacks[0], c.Target, c.Options)
	}
	// The frontage the file left out follows the new models (min(3, 5)).
	if c, err := set("target.models=3"); err != nil || c.Target.Frontage != 3 {
		t.Errorf("models=3: frontage %d, %v", c.Target.Frontage, err)
	}
	// An attack that hit automatically because it gave no roll takes one.
	auto := mustLoad(t, "test.yaml", "ruleset: whfb8\nattacks: [{count: 5, strength: 3}]\ntarget: {models: 5, toughness: 3}\n")
	if c, err := auto.With(Assignment{"attacks[0].ws", "4"}, Assignment{"target.ws", "3"}); err != nil || c.Attacks[0].ToHit.Auto {
		t.Errorf("ws=4 on an automatic attack: %+v, %v", c.Attacks[0].ToHit, err)
	}
	// The original is untouched.
	if f.Attacks[0].Strength != 4 || f.Target.Armour != rules.LightArmour || f.Options != nil {
		t.Errorf("With changed the original: %+v", f)
	}
	for _, c := range []struct{ set, want string }{
		{"attacks[0].strenght=5", `attacks[0] has no field "strenght" (did you mean "strength"?)`},
		{"attacks[3].strength=5", "attacks has 1 entry, numbered 0"},
		{"attacks[0].strength=11", "want 1 to 10, got 11"},
		{"attacks[0].strength=many", "want a whole number"},
		{"target.armour=mithril", "armour"},
		{"attacks[0].bs=4+", "whfb8 writes bs as a number"},
		{"target.toughness.x=1", "has no fields"},
		{"damage_model=sideways", "damage_model"},
		{"target.aegis=4+", "whfb8 does not read aegis"},
	} {
		_, err := set(c.set)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error containing %q", c.set, err, c.want)
		}
	}
	if _, err := set("attacks[0].nothing=1"); !errors.Is(err, ErrNoField) {
		t.Errorf("an unknown field: %v, want ErrNoField", err)
	}
}

func TestVariants(t *testing.T) {
	f := mustLoad(t, "test.yaml", crossbowsWhfb8)
	g := mustLoad(t, "test.yaml", strings.Replace(crossbowsWhfb8, "strength: 4", "strength: 5", 1))
	vs, err := Variants([]Source{{"a.yaml", f}, {"b.yaml", g}}, nil, []string{"attacks[0].count=20"})
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, v := range vs {
		labels = append(labels, v.Label)
	}
	if want := []string{"a.yaml", "b.yaml", "a.yaml attacks[0].count=20"}; !slices.Equal(labels, want) {
		t.Errorf("labels %q, want %q", labels, want)
	}
	if vs[1].File.Attacks[0].Strength != 5 || vs[2].File.Attacks[0].Count != "20" {
		t.Errorf("variants: %+v", vs)
	}
	if _, err := Variants([]Source{{"a.yaml", f}}, nil, nil); !errors.Is(err, ErrNothingToCompare) {
		t.Errorf("one file alone: %v", err)
	}
	var ve *VariantError
	if _, err := Variants([]Source{{"a.yaml", f}}, nil, []string{"attacks[0].x=1"}); !errors.As(err, &ve) || ve.Item != "sets[0]" {
		t.Errorf("a bad set: %v", err)
	}
	many := make([]Source, MaxSources+1)
	for i := range many {
		many[i] = Source{"x", f}
	}
	if _, err := Variants(many, nil, nil); !errors.As(err, &ve) || ve.Item != "scenarios" {
		t.Errorf("%d files: %v", len(many), err)
	}
}

// TestTranslateOwnerPacketOrder: tow's multi_packet_order owner_choice
// (RULES.md 22.13) is refused outside tow, so a translation to battleaxe,
// which reads the switch, leaves the value out and says so.
func TestTranslateOwnerPacketOrder(t *testing.T) {
	const src = `ruleset: tow
options: {multi_packet_order: owner_choice}
attacks:
  - {name: Bolts, count: 2, strength: 10, multiple_wounds: D3}
target: {name: Ogres, troop_type: monstrous_infantry, models: 3, toughness: 4, wounds: 3}
`
	f := mustLoad(t, "tow.yaml", src)
	c, notes, err := f.Translate(rules.Battleaxe)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Options["multi_packet_order"]; ok {
		t.Errorf("options %v: owner_choice carried to battleaxe", c.Options)
	}
	if !slices.Contains(notes, "not carried over: the switch multi_packet_order=owner_choice (battleaxe has only its default)") {
		t.Errorf("notes %q", notes)
	}
	if _, _, err := c.Build(); err != nil {
		t.Error(err)
	}
	if _, err := Load("ba.yaml", []byte(strings.Replace(src, "ruleset: tow", "ruleset: battleaxe", 1))); err == nil ||
		!strings.Contains(err.Error(), "options.multi_packet_order: owner_choice is tow's") {
		t.Errorf("battleaxe with owner_choice: %v", err)
	}
}
