package combat

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/scenario"
)

// TestLoadOtherFiles: a whole scenario given as a combat file is named as
// such; a file with a scenario's fields that is no scenario is told what
// a combat file has.
func TestLoadOtherFiles(t *testing.T) {
	data, err := os.ReadFile("../examples/crossbows.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Load("f.yaml", data)
	if want := "f.yaml:1:1: this is a scenario file (attacks and target): use rearrank odds or resolve"; err == nil || err.Error() != want || !errors.Is(err, scenario.ErrInvalid) {
		t.Errorf("a scenario: %v, want %s", err, want)
	}
	_, err = Load("f.yaml", []byte("ruleset: whfb8\nattacks: [{count: 1}]\n"))
	if want := "f.yaml:2:10: attacks: a combat file has combat and sides, not attacks and target; for a scenario file use rearrank odds or resolve"; err == nil || err.Error() != want || !errors.Is(err, scenario.ErrInvalid) {
		t.Errorf("attacks: %v, want %s", err, want)
	}
}

// TestLoadFileShapes: fields given twice come before any other problem;
// mappings written with no value; a character's battle_standard.
func TestLoadFileShapes(t *testing.T) {
	for _, tc := range []struct{ from, to, want string }{
		{"combat: {charger: b}", "combat: {chargr: b}\nruleset: whfb8", `f.yaml:3:1: ruleset: given twice (first at 1:1)`},
		{"toughness: 3}\n    leadership: 8", "toughness: 3, ws: 5}\n    leadership: 8", `f.yaml:5:71: sides.a.unit.ws: given twice (first at 5:50)`},
		{"  a:\n    unit: {name: Elves, models: 20, frontage: 5, ws: 4, toughness: 3}\n    leadership: 8\n    fights:\n      - {attacks: 1, initiative: 5, ws: 4, strength: 3}\n", "  a:\n", `f.yaml:4:5: sides.a: want a mapping of fields`},
		{"unit: {name: Elves, models: 20, frontage: 5, ws: 4, toughness: 3}", "unit:", `f.yaml:5:10: sides.a.unit: want a mapping of fields (the target fields of docs/scenario.md)`},
		{"toughness: 3}\n    leadership: 7", "toughness: 3, characters: [{name: Bob, toughness: 3, battle_standard: yes}]}\n    leadership: 7", `f.yaml:10:125: sides.b.unit.characters[0].battle_standard: want true or false`},
	} {
		src := strings.Replace(good, tc.from, tc.to, 1)
		if src == good {
			t.Fatalf("%q not in the file", tc.from)
		}
		_, err := Load("f.yaml", []byte(src))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s -> %s:\n got %v\nwant %s", tc.from, tc.to, err, tc.want)
		}
	}
	src := strings.Replace(good, "toughness: 3}\n    leadership: 7", "toughness: 3, characters: [{name: Bob, toughness: 3, battle_standard: true}]}\n    leadership: 7", 1)
	c, err := Load("f.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Sides[1].BattleStandard, []string{"Bob"}) {
		t.Errorf("battle standards %q, want [Bob]", c.Sides[1].BattleStandard)
	}
}
