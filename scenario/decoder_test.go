package scenario

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
)

// A file of another format, declared as a combat file is: its own
// mappings, a scenario's Target embedded with a field added, Scalars for
// the values it checks itself.
type testFile struct {
	Name   string       `yaml:"name"`
	Armour rules.Armour `yaml:"armour"`
	Items  []testItem   `yaml:"items" want:"a list of items"`
	Note   Scalar       `yaml:"note"`
	Unit   *testUnit    `yaml:"unit"`
}

type testItem struct {
	Size   int    `yaml:"size"`
	Colour string `yaml:"colour"`
}

type testUnit struct {
	Target
	Height Scalar `yaml:"height"`
	// Champion hides the Target's field of the same name, as in Go.
	Champion Scalar `yaml:"champion"`
}

func testDecoder() *Decoder {
	return &Decoder{
		Empty: "empty: want a test file",
		Mappings: []Mapping{
			{Type: reflect.TypeFor[testFile](), Of: "the top level", Want: "a mapping of fields", ListFields: true, NameField: true,
				Refused: []Refusal{{Name: "attacks", Msg: "attacks are a scenario's", Err: ErrOtherFile}}},
			{Type: reflect.TypeFor[testItem](), Of: "an item", Want: "a mapping of fields",
				Others:  []Fields{{Of: "a unit", Names: []string{"height", "toughness", "models"}, Silent: []string{"models"}}},
				Refused: []Refusal{{Name: "count", Msg: "count is not an item field", Err: ErrUnknownField}}},
			{Type: reflect.TypeFor[testUnit](), Of: "a unit", ValueHint: true},
		},
	}
}

func TestDecoderReads(t *testing.T) {
	const src = `name: Test
armour: heavy
items:
  - {size: 3, colour: red}
  - size: 4
note: 7
unit: {models: 10, toughness: 3, height: large, champion: true}
`
	var f testFile
	doc, err := testDecoder().Decode("t.yaml", []byte(src), &f)
	if err != nil {
		t.Fatal(err)
	}
	want := testFile{Name: "Test", Armour: rules.HeavyArmour, Items: []testItem{{3, "red"}, {Size: 4}}, Note: Scalar{Value: int64(7), Given: true}}
	if f.Unit == nil {
		t.Fatal("no unit")
	}
	u := *f.Unit
	f.Unit = nil
	if !reflect.DeepEqual(f, want) {
		t.Errorf("decoded %+v, want %+v", f, want)
	}
	if u.Models != 10 || u.Toughness != 3 || u.Height != (Scalar{"large", true}) || u.Champion != (Scalar{true, true}) || u.Target.Champion != nil {
		t.Errorf("unit %+v", u)
	}
	for field, has := range map[string]bool{"name": true, "items[1].size": true, "items[1].colour": false, "unit.height": true, "unit.ws": false} {
		if doc.Has(field) != has {
			t.Errorf("Has(%q) = %v, want %v", field, !has, has)
		}
	}
	// An error found later stands where the field stood.
	if e := doc.Errorf(ErrInvalid, "items[1].size", "too small"); e.Error() != "t.yaml:5:11: items[1].size: too small" {
		t.Errorf("Errorf: %v", e)
	}
	// Around a field the file does not have, at the nearest field around
	// it; around none, no place.
	if e := doc.Errorf(ErrInvalid, "unit.ws", "missing"); e.Error() != "t.yaml:7:7: unit.ws: missing" {
		t.Errorf("Errorf: %v", e)
	}
	if e := doc.Errorf(ErrInvalid, "colour", "missing"); e.Error() != "t.yaml: colour: missing" {
		t.Errorf("Errorf: %v", e)
	}
}

// TestDecoderErrors: unknown fields with their hints, fields given twice,
// wrong types and the limits, each at its field and place, of its kind.
func TestDecoderErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		kind      error
		want      string
	}{
		{"a likely spelling", "nmae: x\n", ErrUnknownField, `t.yaml:1:1: nmae: unknown field "nmae" (did you mean "name"?)`},
		{"the fields listed", "name: x\ncolour: red\n", ErrUnknownField, `t.yaml:2:1: colour: unknown field "colour" (want name, armour, items, note or unit)`},
		{"a field of another mapping", "items: [{size: 1, height: 2}]\n", ErrUnknownField, `t.yaml:1:19: items[0]: unknown field "height" (height is a field of a unit, not of an item)`},
		{"its likely spelling", "items: [{toughnes: 2}]\n", ErrUnknownField, `t.yaml:1:10: items[0]: unknown field "toughnes" (did you mean "toughness"? It is a field of a unit, not of an item)`},
		{"a silent name", "items: [{model: 2}]\n", ErrUnknownField, `t.yaml:1:10: items[0]: unknown field "model"`},
		{"a value of a field", "unit: {models: 1, toughness: 3, heavy_armour: true}\n", ErrUnknownField, `t.yaml:1:33: unit: unknown field "heavy_armour" (heavy is a value of armour: write armour: heavy)`},
		{"refused, at the name", "items: [{size: 1, count: 2}]\n", ErrUnknownField, `t.yaml:1:19: items[0].count: count is not an item field`},
		{"refused, at the value", "name: x\nattacks: []\n", ErrOtherFile, `t.yaml:2:10: attacks: attacks are a scenario's`},
		{"given twice", "name: x\nnote: 1\nname: y\n", ErrInvalid, `t.yaml:3:1: name: given twice (first at 1:1)`},
		{"given twice in a list", "items:\n  - size: 1\n    size: 2\n", ErrInvalid, `t.yaml:3:5: items[0].size: given twice (first at 2:5)`},
		{"a name", "armour: hevy\n", ErrInvalid, `t.yaml:1:9: armour: armour "hevy": want none, light, heavy or plate`},
		{"a number", "items: [{size: x}]\n", ErrInvalid, `t.yaml:1:16: items[0].size: want a whole number, got text "x"`},
		{"a number out of range", "items: [{size: 99999999999999999999}]\n", ErrInvalid, `t.yaml:1:16: items[0].size: 99999999999999999999 is out of range`},
		{"a want tag", "items: {size: 1}\n", ErrInvalid, `t.yaml:1:8: items: want a list of items`},
		{"a mapping's want", "items: [3]\n", ErrInvalid, `t.yaml:1:9: items[0]: want a mapping of fields`},
		{"an embedded target's field", "unit: {models: many}\n", ErrInvalid, `t.yaml:1:16: unit.models: want a whole number, got text "many"`},
		{"not a mapping", "- name\n", ErrInvalid, `t.yaml:1:1: want a mapping of fields`},
		{"empty", "# nothing\n", ErrInvalid, `t.yaml: empty: want a test file`},
		{"anchors", "name: &a x\nnote: *a\n", ErrUnsupported, `t.yaml:1:7: anchors and aliases`},
		{"too large", "name: " + strings.Repeat("x", MaxSize), ErrTooLarge, `t.yaml: larger than`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var f testFile
			_, err := testDecoder().Decode("t.yaml", []byte(tc.src), &f)
			var se *Error
			if !errors.As(err, &se) || !errors.Is(err, tc.kind) {
				t.Fatalf("error %T %v, want an *Error wrapping %v", err, err, tc.kind)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error\n  %s\nwant\n  %s", err, tc.want)
			}
		})
	}
}

// TestDecoderTwiceFirst: with TwiceFirst, a field given twice is the
// error before an unknown field above it.
func TestDecoderTwiceFirst(t *testing.T) {
	src := "colour: red\nitems: [{size: 1, size: 2}]\n"
	d := testDecoder()
	var f testFile
	if _, err := d.Decode("t.yaml", []byte(src), &f); err == nil || !errors.Is(err, ErrUnknownField) {
		t.Errorf("without TwiceFirst: %v, want the unknown field", err)
	}
	d.TwiceFirst = true
	_, err := d.Decode("t.yaml", []byte(src), &f)
	if want := "t.yaml:2:19: items[0].size: given twice (first at 2:10)"; err == nil || err.Error() != want {
		t.Errorf("with TwiceFirst: %v, want %s", err, want)
	}
}

// TestDocScenario: a scenario made of parts of a document reports its
// problems at the document's fields, and names them so in its messages.
func TestDocScenario(t *testing.T) {
	var f testFile
	doc, err := testDecoder().Decode("t.yaml", []byte("name: x\nunit:\n  models: 10\n  toughness: 3\n"), &f)
	if err != nil {
		t.Fatal(err)
	}
	one, _ := ParseExpr("1")
	sf := doc.Scenario(File{Ruleset: rules.WHFB8, Attacks: []Attack{{Count: one, Strength: 3, WS: 3}}, Target: f.Unit.Target},
		map[string]string{"target": "unit", "attacks": "fights"})
	sf.Defaults()
	err = sf.Validate()
	want := "t.yaml: fights[0].ws: the attack gives ws, so the defender needs one: set unit.ws (Weapon Skill; t9a Defensive Skill)"
	if err == nil || err.Error() != want {
		t.Errorf("Validate: %v\nwant %s", err, want)
	}
	sf.Target.Models, sf.Attacks[0].WS = 0, 0
	err = sf.Validate()
	if want := "t.yaml:3:11: unit.models: want 1 to 1000, got 0"; err == nil || err.Error() != want {
		t.Errorf("Validate: %v\nwant %s", err, want)
	}
}

func TestTopFields(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
		ok   bool
	}{
		{"ruleset: whfb8\ncombat: {}\n", []string{"ruleset", "combat"}, true},
		{`{"combat": {}, "ruleset": "t9a"}`, []string{"combat", "ruleset"}, true},
		{"- combat\n", nil, false},
		{"a: &x 1\n", nil, false},
	} {
		got, ok := TopFields([]byte(tc.src))
		if ok != tc.ok || !slices.Equal(got, tc.want) {
			t.Errorf("TopFields(%q) = %q, %v, want %q, %v", tc.src, got, ok, tc.want, tc.ok)
		}
	}
}
