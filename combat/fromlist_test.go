package combat

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rearrank/rearrank/scenario"
)

// A side's unit may be a unit of a list file (from:): it is the unit the
// same fields written out give, and what is written beside from: wins.
func TestLoadListsUnit(t *testing.T) {
	list, err := os.ReadFile("../armylist/testdata/tow.json")
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{"lists/tow.json": {Data: list}}
	open := scenario.FSLists(fsys, "")
	const file = `ruleset: tow
combat: {charger: none}
sides:
  a:
    unit: {name: Halberdiers, models: 20, ws: 3, toughness: 3}
    leadership: 7
    fights: [{attacks: 1, initiative: 3, strength: 4, ws: 3}]
  b:
    unit: %s
    leadership: 7
    fights: [{attacks: 1, initiative: 3, strength: 3, ws: 3}]
`
	from := strings.Replace(file, "%s", "{from: lists/tow.json, unit: Test Spearmen, frontage: 10}", 1)
	hand := strings.Replace(file, "%s", "{name: Test Spearmen, models: 20, frontage: 10, ws: 3, toughness: 3, armour: light, shield: true, command: [musician, standard, champion]}", 1)
	got, notes, err := LoadLists("from.yaml", []byte(from), open)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Load("hand.yaml", []byte(hand))
	if err != nil {
		t.Fatal(err)
	}
	g, w := got.Sides[1].Unit, want.Sides[1].Unit
	if g.Draw() != w.Draw() || !reflect.DeepEqual(g.Models(), w.Models()) {
		t.Errorf("unit from the list:\n%s\n%v\nwant:\n%s\n%v", g.Draw(), g.Models(), w.Draw(), w.Models())
	}
	text := ""
	for _, n := range notes {
		text += n.String() + "\n"
	}
	if want := "sides.b.unit, unit Test Spearmen of lists/tow.json: Close Order: a rule rearrank does not apply\n"; !strings.Contains(text, want) {
		t.Errorf("notes lack %q:\n%s", want, text)
	}
	if strings.Contains(text, "frontage 5") {
		t.Errorf("a frontage beside from: is noted as the default:\n%s", text)
	}

	// Load reads no files; an unknown unit names the list's.
	_, err = Load("from.yaml", []byte(from))
	if err == nil || !strings.HasPrefix(err.Error(), "from.yaml:9:18: sides.b.unit.from: a list file is read only from a file on disk") {
		t.Errorf("Load: %v", err)
	}
	bad := strings.Replace(file, "%s", "{from: lists/tow.json, unit: Spearmen}", 1)
	_, _, err = LoadLists("bad.yaml", []byte(bad), open)
	if err == nil || !errors.Is(err, scenario.ErrNoUnit) || !strings.HasPrefix(err.Error(), `bad.yaml:9:40: sides.b.unit.unit: list Test Old World List: no unit named "Spearmen"`) {
		t.Errorf("LoadLists: %v", err)
	}
	notList := strings.Replace(file, "%s", "{from: lists/tow.json, unit: Test Spearmen, set: {toughness: 0}}", 1)
	if _, _, err = LoadLists("set.yaml", []byte(notList), open); err == nil || !strings.HasPrefix(err.Error(), "set.yaml:9:72: sides.b.unit.set.toughness: want 1 to 10, got 0") {
		t.Errorf("set: %v", err)
	}
}
