package scenario

import (
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/rearrank/rearrank/armylist"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// listFS holds the armylist fixtures under lists/ and the scenarios given.
func listFS(t *testing.T, files map[string]string) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, n := range []string{"tow.json", "whfb8.json", "t9a.json", "tow.ros", "list.owb.json"} {
		data, err := os.ReadFile("../armylist/testdata/" + n)
		if err != nil {
			t.Fatal(err)
		}
		fsys["lists/"+n] = &fstest.MapFile{Data: data}
	}
	for n, text := range files {
		fsys[n] = &fstest.MapFile{Data: []byte(text)}
	}
	return fsys
}

var fileCmp = []cmp.Option{cmpopts.IgnoreUnexported(File{}), cmpopts.EquateComparable(rules.Target{}), cmpopts.EquateEmpty()}

// A target and attacks from: a list load as the same scenario written by
// hand with the mapped values (TestListTarget, TestListAttacks hold those
// to the files).
func TestLoadFSFrom(t *testing.T) {
	fsys := listFS(t, map[string]string{
		"s/from.yaml": `ruleset: tow
attacks:
  - {from: ../lists/tow.ros, unit: Test Knights, hit_modifier: -1}
  - {count: 3, strength: 4}
target: {from: ../lists/tow.json, unit: test spearmen, set: {toughness: 4}, frontage: 10}
`,
		"s/hand.yaml": `ruleset: tow
attacks:
  - {name: Test Knights, count: 5, ws: 4, strength: 6, ap: -2, armour_bane: 1, flaming: true, killing_blow: true, multiple_wounds: D3, hit_modifier: -1}
  - {count: 3, strength: 4}
target: {name: Test Spearmen, models: 20, ws: 3, toughness: 4, armour: light, shield: true, command: [musician, standard, champion], frontage: 10}
`,
	})
	got, notes, err := LoadFS(fsys, "s/from.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := LoadFS(fsys, "s/hand.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got, fileCmp...); d != "" {
		t.Errorf("from: (-hand +from):\n%s", d)
	}
	text := strings.Join(notesText(notes), "\n")
	for _, n := range []string{"toughness: 4, given with set", "weapon Lance", "Close Order: a rule rearrank does not apply"} {
		if !strings.Contains(text, n) {
			t.Errorf("notes lack %q:\n%s", n, text)
		}
	}
	if strings.Contains(text, "target, unit test spearmen of ../lists/tow.json: frontage") {
		t.Errorf("a frontage written beside from: is still noted as the default:\n%s", text)
	}
}

// An error names the scenario's place of the from: and, inside the list,
// the list file's.
func TestLoadFSFromErrors(t *testing.T) {
	bad := `{"roster": {"name": "X", "gameSystemName": "Warhammer: The Old World", "forces": [}`
	tests := []struct {
		scn  string
		want string
		is   error
	}{
		{"ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {from: lists/none.json, unit: X}\n",
			"s.yaml:3:16: target.from: list file lists/none.json does not exist (a name is relative to the directory of the file that gives it)", ErrInvalid},
		{"ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {from: bad.json, unit: X}\n",
			"s.yaml:3:16: target.from: bad.json:1:", armylist.ErrNotList},
		{"ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {from: lists/tow.json, unit: Spearmen}\n",
			`s.yaml:3:38: target.unit: list Test Old World List: no unit named "Spearmen"; it has "Test Spearmen", "Test Captain"`, ErrNoUnit},
		{"ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {from: lists/list.owb.json, unit: Test Spearmen}\n",
			"s.yaml:3:16: target.from: unit Test Spearmen of list Test Builder List: the file does not give ws, toughness, wounds; give them with set, such as ws=4", ErrListStat},
		{"ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {from: lists/tow.json, unit: Test Spearmen, set: {toughness: 11}}\n",
			"s.yaml:3:70: target.set.toughness: want 1 to 10, got 11", ErrInvalid},
		{"ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {from: lists/tow.json, unit: A, unit: B}\n",
			"s.yaml:3:41: target.unit: given twice (first at 3:32)", ErrInvalid},
		{"ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {from: lists/tow.json}\n",
			"s.yaml:3:10: target.from: from: needs unit: beside it, the name of a unit of the list", ErrInvalid},
		{"ruleset: tow\nattacks: [{from: lists/tow.json, unit: Test Captain, set: {colour: red}}]\ntarget: {models: 1, toughness: 3}\n",
			`s.yaml:2:68: attacks[0].set.colour: attacks[0] has no field "colour"`, ErrNoField},
	}
	for _, tt := range tests {
		fsys := listFS(t, map[string]string{"s.yaml": tt.scn})
		fsys["bad.json"] = &fstest.MapFile{Data: []byte(bad)}
		_, _, err := LoadFS(fsys, "s.yaml")
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want %s", tt.scn, err, tt.want)
			continue
		}
		if !errors.Is(err, tt.is) {
			t.Errorf("%s: %v is not %v", tt.scn, err, tt.is)
		}
	}
}

// Load reads no files: a from: is an error naming the field.
func TestLoadRefusesFrom(t *testing.T) {
	_, err := Load("s.yaml", []byte("ruleset: tow\nattacks: [{count: 1, strength: 3}]\ntarget: {from: army.json, unit: X}\n"))
	want := "s.yaml:3:16: target.from: a list file is read only from a file on disk (rearrank odds, resolve, compare, combat); here, give the unit's fields themselves (rearrank import FILE --unit NAME writes them)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	if got := msg.ErrorText(err, msg.Russian); !strings.Contains(got, "файл ростера читается только") {
		t.Errorf("Russian: %s", got)
	}
}

// TestLoadUnit: a unit's file may leave its attacks out, and is still
// checked as any file is; Load itself wants attacks.
func TestLoadUnit(t *testing.T) {
	unit := "ruleset: whfb8\ntarget: {name: Militia, models: 2, toughness: 3}\n"
	f, _, err := LoadUnit("militia.yaml", []byte(unit), nil)
	if err != nil {
		t.Fatal(err)
	}
	if f.Target.Name != "Militia" || f.Target.Models != 2 || len(f.Attacks) != 0 {
		t.Errorf("loaded %+v", f)
	}
	if _, err := Load("militia.yaml", []byte(unit)); err == nil || !strings.Contains(err.Error(), "attacks") {
		t.Errorf("Load without attacks: %v, want the attacks asked for", err)
	}
	_, _, err = LoadUnit("bad.yaml", []byte("ruleset: whfb8\ntarget: {models: 0, toughness: 3}\n"), nil)
	var e *Error
	if !errors.As(err, &e) || e.Field != "target.models" || e.Line != 2 {
		t.Errorf("a bad unit: %#v, want an error at target.models on line 2", err)
	}
}
