package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/rules"
)

// cmpFile compares Files by their data: the source positions differ between
// a YAML and a JSON spelling of one scenario.
var cmpFile = []cmp.Option{cmpopts.IgnoreUnexported(File{}), cmpopts.EquateComparable(rules.Target{})}

func mustLoad(t *testing.T, name, src string) *File {
	t.Helper()
	f, err := Load(name, []byte(src))
	if err != nil {
		t.Fatalf("Load(%s): %v", name, err)
	}
	return f
}

// TestDefaults checks the defaults DESIGN.md's "Meanings that the contract
// fixes" sets: wounds 1, frontage min(models, 5), troop type infantry, phase
// melee, no saves, no command, target rank_and_file, and automatic hits
// without to_hit, bs or ws.
func TestDefaults(t *testing.T) {
	f := mustLoad(t, "min.yaml", base)
	want := &File{
		Ruleset: rules.WHFB8,
		Attacks: []Attack{{Count: "10", Strength: 3, ToHit: ToHit{Auto: true}}},
		Target: Target{
			Models:   10,
			Frontage: 5,
			Profile:  Profile{Toughness: 3, Wounds: 1, TroopType: rules.Infantry},
		},
	}
	if diff := cmp.Diff(want, f, cmpFile...); diff != "" {
		t.Errorf("defaults (-want +got):\n%s", diff)
	}
	if f.Attacks[0].Phase != rules.Melee || !f.Attacks[0].Target.IsZero() || f.Target.Armour != rules.NoArmour || !f.Target.Ward.IsNone() {
		t.Errorf("zero values are not the documented defaults: %+v", f)
	}
	if got := f.RuleOptions(); len(got.Changed()) != 0 {
		t.Errorf("RuleOptions of a file without options = %v, want every default", got.Changed())
	}

	cases := []struct {
		name  string
		src   string
		check func(*File) string
	}{
		{"frontage is models when fewer than 5", with(t, "models: 10", "models: 3"), func(f *File) string {
			return fmt.Sprint(f.Target.Frontage)
		}},
		{"frontage from layout", with(t, "models: 10", "models: 6\n  layout: rrr/rrr"), func(f *File) string {
			return fmt.Sprint(f.Target.Frontage, " ", f.Target.Layout)
		}},
		{"ws means no automatic hit", strings.Replace(with(t, "    strength: 3", "    strength: 3\n    ws: 3"), "toughness: 3", "toughness: 3\n  ws: 3", 1), func(f *File) string {
			return f.Attacks[0].ToHit.String() + "|"
		}},
		{"bs means no automatic hit", with(t, "    strength: 3", "    strength: 3\n    phase: shooting\n    bs: 3"), func(f *File) string {
			return f.Attacks[0].ToHit.String() + "|"
		}},
		{"multiple wounds 1 is a packet of one", with(t, "    strength: 3", "    strength: 3\n    multiple_wounds: 1"), func(f *File) string {
			return string(f.Attacks[0].MultipleWounds) + "|"
		}},
		{"own pool named", with(t, "    strength: 3", "    strength: 3\n    target: rank_and_file:infantry"), func(f *File) string {
			return f.Attacks[0].Target.String()
		}},
		{"command sorted", base + "  command: [champion, musician, standard]\n", func(f *File) string {
			return strings.Join(f.Target.Command, ",")
		}},
		{"trailing zero damage trimmed", strings.Replace(base, "whfb8", "battleaxe", 1) + "  wounds: 3\n  damage: [0, 2, 0]\n", func(f *File) string {
			return fmt.Sprint(f.Target.Damage.PerModel)
		}},
		{"all-zero damage is none", strings.Replace(base, "whfb8", "battleaxe", 1) + "  damage: []\n", func(f *File) string {
			return fmt.Sprint(f.Target.Damage.PerModel == nil, f.Target.Damage.IsZero())
		}},
		{"character wounds", base + "  characters: [{name: Bob, toughness: 4}]\n", func(f *File) string {
			return fmt.Sprint(f.Target.Characters[0].Wounds)
		}},
		{"dice canonical", with(t, "count: 10", "count: 2d6 + 1"), func(f *File) string {
			return string(f.Attacks[0].Count)
		}},
		{"option in RULES.md 18 form", with(t, "ruleset: whfb8", "ruleset: battleaxe\noptions: {battleaxe.damageModel: pooled}"), func(f *File) string {
			return fmt.Sprint(f.Options, f.RuleOptions().DamageModel == rules.Pooled)
		}},
	}
	want2 := map[string]string{
		"frontage is models when fewer than 5": "3",
		"frontage from layout":                 "3 R R R / R R R",
		"ws means no automatic hit":            "|",
		"bs means no automatic hit":            "|",
		"multiple wounds 1 is a packet of one": "1|",
		"own pool named":                       "rank_and_file",
		"command sorted":                       "musician,standard,champion",
		"trailing zero damage trimmed":         "[0 2]",
		"all-zero damage is none":              "true true",
		"character wounds":                     "1",
		"dice canonical":                       "2D6+1",
		"option in RULES.md 18 form":           "map[damage_model:pooled] true",
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := mustLoad(t, "x.yaml", c.src)
			if got := c.check(f); got != want2[c.name] {
				t.Errorf("got %q, want %q", got, want2[c.name])
			}
			g := *f
			g.Defaults()
			if diff := cmp.Diff(f, &g, cmpFile...); diff != "" {
				t.Errorf("Defaults is not idempotent (-once +twice):\n%s", diff)
			}
		})
	}
}

// TestChampionProfile checks that the champion takes the unit's profile
// with only the overridden fields changed.
func TestChampionProfile(t *testing.T) {
	f := mustLoad(t, "c.yaml", base+"  ws: 3\n  armour: light\n  shield: true\n  command: [champion]\n  champion: {ws: 4, wounds: 2, shield: false}\n")
	got := f.Target.ChampionProfile()
	want := Profile{WS: 4, Toughness: 3, Wounds: 2, Armour: rules.LightArmour, Shield: false}
	if diff := cmp.Diff(want, got, cmpFile...); diff != "" {
		t.Errorf("ChampionProfile (-want +got):\n%s", diff)
	}
}

// equivalent is one scenario written in YAML and in JSON.
var equivalent = []struct{ yaml, json string }{
	{base, `{"ruleset": "whfb8", "attacks": [{"count": 10, "strength": 3}], "target": {"models": 10, "toughness": 3}}`},
	{`ruleset: t9a
options: {overflow_across_pools: to_next_pool, panic_threshold: 0.3}
attacks:
  - name: Giant
    count: D6+1
    to_hit: 3+
    strength: 6
    ap: 2
    multiple_wounds: D3
    mw_against: monstrous_infantry
    clipped_wings: true
    lethal_strike: true
    target: rank_and_file:monstrous_infantry
  - count: 2
    ws: 5
    strength: 5
    target: character:Shaman
target:
  name: Mixed
  models: 10
  ws: 3
  toughness: 3
  armour_value: 2
  aegis: 5+
  regeneration: 0
  command: [champion]
  champion: {wounds: 2, aegis: 4+}
  characters:
    - {name: Shaman, ws: 3, toughness: 4, wounds: 3, damage: 1, slot: 1, fly: true}
  groups:
    - {troop_type: monstrous_infantry, models: 3, toughness: 4, wounds: 3, damage: 2}
  damage: 0
`, `{
  "ruleset": "t9a",
  "options": {"overflow_across_pools": "to_next_pool", "panic_threshold": 0.3},
  "attacks": [
    {"name": "Giant", "count": "D6+1", "to_hit": "3+", "strength": 6, "ap": 2, "multiple_wounds": "D3",
     "mw_against": "monstrous_infantry", "clipped_wings": true, "lethal_strike": true,
     "target": "rank_and_file:monstrous_infantry"},
    {"count": 2, "ws": 5, "strength": 5, "target": "character:Shaman"}
  ],
  "target": {
    "name": "Mixed", "models": 10, "ws": 3, "toughness": 3, "armour_value": 2, "aegis": 5, "regeneration": "-",
    "command": ["champion"], "champion": {"wounds": 2, "aegis": "4+"},
    "characters": [{"name": "Shaman", "ws": 3, "toughness": 4, "wounds": 3, "damage": 1, "slot": 1, "fly": true}],
    "groups": [{"troop_type": "monstrous_infantry", "models": 3, "toughness": 4, "wounds": 3, "damage": 2}]
  }
}`},
}

func TestJSONAndYAMLAreEquivalent(t *testing.T) {
	for i, e := range equivalent {
		y := mustLoad(t, fmt.Sprintf("eq%d.yaml", i), e.yaml)
		j := mustLoad(t, fmt.Sprintf("eq%d.json", i), e.json)
		if diff := cmp.Diff(y, j, cmpFile...); diff != "" {
			t.Errorf("case %d: YAML and JSON differ (-yaml +json):\n%s", i, diff)
		}
	}
}

// combatKey finds the top-level combat key of a combat file (RULES.md
// 21.10). examples/ holds combat files beside the scenarios; the combat
// package loads them (combat/files_test.go), and as it imports this
// package, these tests leave them out.
var combatKey = regexp.MustCompile(`(?m)^"?combat"?\s*:`)

// examples lists every scenario file the repository ships.
func examples(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, pat := range []string{"../examples/*.yaml", "../examples/*.json", "../bench/testdata/*.yaml"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range m {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if !combatKey.Match(data) {
				out = append(out, p)
			}
		}
	}
	if len(out) < 16 {
		t.Fatalf("found only %d example files: %v", len(out), out)
	}
	return out
}

func TestExamplesLoad(t *testing.T) {
	seen := map[rules.Ruleset]bool{}
	for _, p := range examples(t) {
		t.Run(filepath.Base(p), func(t *testing.T) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Load(filepath.Base(p), data)
			if err != nil {
				t.Fatal(err)
			}
			seen[f.Ruleset] = true
			// Each example says what it shows and which rule it exercises.
			head := string(data)
			if strings.HasSuffix(p, ".json") {
				head = f.Description
			} else if !strings.HasPrefix(head, "# ") {
				t.Errorf("does not start with a comment")
			}
			// examples/ cites docs/rules.md, which players read (and
			// cmd/rearrank's TestExamplesCiteDocsRules checks what it
			// cites); the benchmark scenarios cite RULES.md.
			head = strings.Join(strings.Fields(strings.ReplaceAll(head, "\n#", "\n")), " ")
			if !strings.Contains(head, "(rules ") && !strings.Contains(head, "RULES.md") {
				t.Errorf("its description cites no rule, as (rules N) of docs/rules.md")
			}
		})
	}
	for _, r := range rules.Rulesets() {
		if !seen[r] {
			t.Errorf("no example uses ruleset %s", r)
		}
	}
}

// TestRoundTrip writes every example back as YAML and as JSON and loads the
// result: the File must not change.
func TestRoundTrip(t *testing.T) {
	var sources []string
	for _, p := range examples(t) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, string(data))
	}
	for _, e := range equivalent {
		sources = append(sources, e.yaml)
	}
	for i, src := range sources {
		f := mustLoad(t, "in", src)
		y, err := f.MarshalYAML()
		if err != nil {
			t.Fatalf("%d: MarshalYAML: %v", i, err)
		}
		fy, err := Load("out.yaml", y)
		if err != nil {
			t.Fatalf("%d: reload YAML: %v\n%s", i, err, y)
		}
		if diff := cmp.Diff(f, fy, cmpFile...); diff != "" {
			t.Errorf("%d: YAML round trip (-in +out):\n%s\n%s", i, diff, y)
		}
		j, err := json.MarshalIndent(f, "", "  ")
		if err != nil {
			t.Fatalf("%d: MarshalJSON: %v", i, err)
		}
		fj, err := Load("out.json", j)
		if err != nil {
			t.Fatalf("%d: reload JSON: %v\n%s", i, err, j)
		}
		if diff := cmp.Diff(f, fj, cmpFile...); diff != "" {
			t.Errorf("%d: JSON round trip (-in +out):\n%s\n%s", i, diff, j)
		}
	}
}

func TestRead(t *testing.T) {
	f, err := Read("-", strings.NewReader(base))
	if err != nil {
		t.Fatal(err)
	}
	if f.Target.Models != 10 {
		t.Errorf("Read: models = %d", f.Target.Models)
	}
	_, err = Read("-", strings.NewReader("ruleset: whfb9\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "<stdin>:1:10: ruleset:") {
		t.Errorf("Read of stdin: error %v, want it to name <stdin>", err)
	}
	big := bytes.Repeat([]byte("# padding\n"), MaxSize/10+1)
	_, err = Read("big.yaml", bytes.NewReader(big))
	if !errors.Is(err, ErrTooLarge) || err.Error() != "big.yaml: larger than 1048576 bytes (1 MiB); a scenario is a few kilobytes" {
		t.Errorf("Read of %d bytes: %v, want ErrTooLarge", len(big), err)
	}
	_, err = Read("broken", iotest.ErrReader(errors.New("disk on fire")))
	if err == nil || err.Error() != "broken: read: disk on fire" || !errors.Is(err, ErrInvalid) {
		t.Errorf("Read with a failing reader: %v", err)
	}
}

// TestValidateBuiltInGo checks that a File made in Go gets the same
// defaults and checks as one loaded, with errors that name the field.
func TestValidateBuiltInGo(t *testing.T) {
	f := &File{
		Ruleset: rules.T9A,
		Attacks: []Attack{{Count: "5", Strength: 4}},
		Target:  Target{Models: 5, Profile: Profile{Toughness: 3, Armour: rules.HeavyArmour}},
	}
	f.Defaults()
	err := f.Validate()
	want := "target.armour: t9a does not read armour (battleaxe, whfb8, t9a1-ru, skirmish and tow only): t9a adds every armour source into armour_value, the model's Armour (rules 7.2)"
	if err == nil || err.Error() != want {
		t.Errorf("Validate = %v, want %s", err, want)
	}
	f.Target.Armour, f.Target.ArmourValue = rules.NoArmour, 4
	if err := f.Validate(); err != nil {
		t.Errorf("Validate of a fixed file: %v", err)
	}
	if f.Target.Wounds != 1 || f.Target.Frontage != 5 || !f.Attacks[0].ToHit.Auto {
		t.Errorf("Defaults on a Go file: %+v", f)
	}
	f.Attacks[0].Strength = 11
	if err := f.Validate(); err == nil || err.Error() != "attacks[0].strength: want 1 to 10, got 11" {
		t.Errorf("Validate of strength 11 = %v", err)
	}
}

// TestErrorf checks that other packages can place their own errors.
func TestErrorf(t *testing.T) {
	f := mustLoad(t, "s.yaml", base)
	err := f.Errorf("attacks[0].count", "state limit of %d passed", 1000)
	if err.Error() != "s.yaml:3:12: attacks[0].count: state limit of 1000 passed" {
		t.Errorf("Errorf = %q", err)
	}
	err = f.Errorf("target.frontage", "too wide")
	if err.Error() != "s.yaml:6:3: target.frontage: too wide" {
		t.Errorf("Errorf of a defaulted field = %q, want the target's place", err)
	}
	if !errors.Is(err, ErrInvalid) {
		t.Errorf("Errorf is not ErrInvalid")
	}
}

func TestParseExpr(t *testing.T) {
	cases := []struct {
		in, want string
		lo, hi   int
	}{
		{"20", "20", 20, 20},
		{"0", "0", 0, 0},
		{"007", "7", 7, 7},
		{"D6", "D6", 1, 6},
		{"1d6", "D6", 1, 6},
		{"2D6", "2D6", 2, 12},
		{"d3+1", "D3+1", 2, 4},
		{"D6 - 1", "D6-1", 0, 5},
		{"10D6+10", "10D6+10", 20, 70},
		{"D6+0", "D6", 1, 6},
	}
	for _, c := range cases {
		e, err := ParseExpr(c.in)
		if err != nil || string(e) != c.want {
			t.Errorf("ParseExpr(%q) = %q, %v; want %q", c.in, e, err, c.want)
			continue
		}
		if lo, hi := e.Range(); lo != c.lo || hi != c.hi {
			t.Errorf("%s.Range() = %d, %d; want %d, %d", e, lo, hi, c.lo, c.hi)
		}
		if again, err := ParseExpr(e.String()); err != nil || again != e {
			t.Errorf("ParseExpr(%q) = %q, %v: not canonical", e, again, err)
		}
	}
	for _, bad := range []string{"", "1001", "D", "D4", "0D6", "11D6", "D6+11", "D6-11", "2D6+", "+3", "D6*2", "-1", "DD6", "D6+1+1", "1000D6"} {
		if e, err := ParseExpr(bad); err == nil {
			t.Errorf("ParseExpr(%q) = %q, want an error", bad, e)
		}
	}
}

// TestParseExprIsDice checks that a scenario reads dice expressions with
// dice.ParseExpr and nothing else (issue 8, point 6): the two parsers used
// to disagree on "2 D6" (scenario: 2D6, dice: an error) and "0001D6"
// (scenario: an error, dice: D6). The one behaviour is dice's: leading zeros
// are part of a number, and spaces may stand only at the ends and around the
// sign, so "1 0" cannot pass as 10.
func TestParseExprIsDice(t *testing.T) {
	cases := []struct{ in, want string }{ // want "" means an error
		{"2 D6", ""},
		{"D 6", ""},
		{"1 0", ""},
		{"D6 1", ""},
		{"D6\n", ""},
		{"0001D6", "D6"},
		{"D0006", "D6"},
		{"D6+0001", "D6+1"},
		{"0010", "10"},
		{" 2d6 + 1 ", "2D6+1"},
		{"\t2D3\t-\t1", "2D3-1"},
		{"D3-2", "D3-2"},
	}
	for _, c := range cases {
		got, err := ParseExpr(c.in)
		d, derr := dice.ParseExpr(c.in)
		if (err == nil) != (derr == nil) || err == nil && string(got) != d.String() {
			t.Errorf("ParseExpr(%q) = %q, %v; dice.ParseExpr = %v, %v: they disagree", c.in, got, err, d, derr)
		}
		if string(got) != c.want {
			t.Errorf("ParseExpr(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
		if err != nil && derr != nil && err.Error() != derr.Error() {
			t.Errorf("ParseExpr(%q) error %q, dice.ParseExpr error %q: want the same words", c.in, err, derr)
		}
	}
	// The one difference: in a file an empty expression is a field left
	// out, never the constant 0.
	if _, err := ParseExpr("  "); err == nil {
		t.Error(`ParseExpr("  ") succeeded; want an error`)
	}
	if lo, hi := Expr("D3-2").Range(); lo != -1 || hi != 1 {
		t.Errorf(`Expr("D3-2").Range() = %d, %d; want -1, 1 (before the floor at 0, for Validate)`, lo, hi)
	}
}

func TestParseAimAndToHit(t *testing.T) {
	for _, s := range []string{"rank_and_file", "rank_and_file:cavalry", "champion", "character:Grom the Paunch", "character:a:b", "musician", "standard"} {
		a, err := ParseAim(s)
		if err != nil || a.String() != s {
			t.Errorf("ParseAim(%q) = %v, %v", s, a, err)
		}
	}
	for _, s := range []string{"", "champion:x", "character:", "rank_and_file:elves", "general", "musician:x", "standard_bearer"} {
		if _, err := ParseAim(s); err == nil {
			t.Errorf("ParseAim(%q) succeeded", s)
		}
	}
	for in, want := range map[string]string{"auto": "auto", "4+": "4+", "4": "4+", "1+": "1+", "10+": "10+"} {
		h, err := ParseToHit(in)
		if err != nil || h.String() != want {
			t.Errorf("ParseToHit(%q) = %v, %v; want %s", in, h, err, want)
		}
	}
	for _, bad := range []string{"0+", "11+", "x", "4++"} {
		if _, err := ParseToHit(bad); err == nil {
			t.Errorf("ParseToHit(%q) succeeded", bad)
		}
	}
}

func ExampleLoad() {
	src := `# Twenty crossbows at a regiment of spearmen (RULES.md 16.7, E85).
ruleset: battleaxe
attacks:
  - count: 20
    phase: shooting
    bs: 4+
    strength: 4
target:
  models: 30
  toughness: 3
  armour: light
  shield: true
`
	f, err := Load("crossbows.yaml", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	a := f.Attacks[0]
	fmt.Println(f.Ruleset, a.Count, a.Phase, a.BS, f.Target.Models, f.Target.Wounds, f.Target.Frontage)

	_, err = Load("crossbows.yaml", []byte(strings.Replace(src, "armour: light", "armour: hevy", 1)))
	fmt.Println(err)
	// Output:
	// battleaxe 20 shooting 4 30 1 5
	// crossbows.yaml:11:11: target.armour: armour "hevy": want none, light, heavy or plate
}

// TestDocSnippets loads every complete scenario in docs/scenario.md (a code
// block with ruleset, attacks and target), so the guide's examples stay
// true.
func TestDocSnippets(t *testing.T) {
	data, err := os.ReadFile("../docs/scenario.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	parts := strings.Split(string(data), "```")
	for i := 1; i < len(parts); i += 2 {
		lang, body, _ := strings.Cut(parts[i], "\n")
		if lang != "yaml" && lang != "json" {
			continue
		}
		if !strings.Contains(body, "ruleset") || !strings.Contains(body, "attacks") || !strings.Contains(body, "target") {
			continue
		}
		n++
		if _, err := Load(fmt.Sprintf("docs/scenario.md block %d", i/2+1), []byte(body)); err != nil {
			t.Errorf("%v\n%s", err, body)
		}
	}
	if n < 3 {
		t.Errorf("found only %d complete scenarios in the guide", n)
	}
}

// TestLineEndingsAndBOM checks that Windows line endings and a byte-order
// mark read like plain text, with the same positions.
func TestLineEndingsAndBOM(t *testing.T) {
	plain := mustLoad(t, "plain.yaml", base)
	crlf := "\ufeff" + strings.ReplaceAll(base, "\n", "\r\n")
	got := mustLoad(t, "crlf.yaml", crlf)
	if diff := cmp.Diff(plain, got, cmpFile...); diff != "" {
		t.Errorf("CRLF file differs (-plain +crlf):\n%s", diff)
	}
	_, err := Load("crlf.yaml", []byte(strings.Replace(crlf, "toughness: 3", "toughness: 30", 1)))
	if err == nil || err.Error() != "crlf.yaml:7:14: target.toughness: want 1 to 10, got 30" {
		t.Errorf("CRLF error = %v", err)
	}
}

// TestExamplesReadme checks that examples/README.md lists every example.
func TestExamplesReadme(t *testing.T) {
	data, err := os.ReadFile("../examples/README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range examples(t) {
		if strings.HasPrefix(p, "../examples/") && !strings.Contains(string(data), filepath.Base(p)) {
			t.Errorf("examples/README.md does not list %s", filepath.Base(p))
		}
	}
}
