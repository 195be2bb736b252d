package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// oddsJSON runs rearrank odds --exact --json on a scenario text written
// to dir, and returns its result decoded.
func oddsJSON(t *testing.T, dir, name, text string) map[string]any {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	err := run(context.Background(), []string{"odds", "--exact", "--json", path},
		env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatalf("odds %s: %v\n%s", name, err, errb.String())
	}
	var v map[string]any
	if err := json.Unmarshal(out.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestImportedUnitOddsAsByHand holds every list format to the odds of the
// same unit written by hand: a unit of each fixture of armylist/testdata,
// named with from: as the target of a fixed attack and as the attack
// groups against a fixed target, gives exactly the distributions of the
// scenario that writes its profile out (the values are the files':
// armylist/testdata, docs/import.md's table).
func TestImportedUnitOddsAsByHand(t *testing.T) {
	lists, err := filepath.Abs("../../armylist/testdata")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		file, unit, ruleset, set string
		target, attacks          string // by hand
	}{
		{"tow.json", "Test Spearmen", "tow", "",
			"{name: Test Spearmen, models: 20, ws: 3, toughness: 3, armour: light, shield: true, command: [musician, standard, champion]}",
			"[{name: Test Spearmen, count: 9, ws: 3, strength: 3, poison: true}, {name: Test Sergeant, count: 2, ws: 3, strength: 3, poison: true}]"},
		{"tow.json", "Test Captain", "tow", "",
			"{name: Test Captain, models: 1, ws: 5, toughness: 4, wounds: 2, armour: heavy}",
			"[{name: Test Captain, count: 3, ws: 5, strength: 6, ap: -2, armour_bane: 1, hatred: true}]"},
		{"whfb8.json", "Test Ogres", "whfb8", "",
			"{name: Test Ogres, models: 6, troop_type: monstrous_infantry, ws: 3, toughness: 4, wounds: 3, save_bonus: 2, ward: 6+, command: [champion]}",
			"[{name: Test Ogres, count: 16, ws: 3, strength: 4, multiple_wounds: D3}]"},
		{"t9a.json", "Test Guard", "t9a", "",
			"{name: Test Guard, models: 20, ws: 4, toughness: 3, armour_value: 2, aegis: 5+, command: [champion]}",
			"[{name: Test Guard, count: 10, ws: 4, strength: 3, lethal_strike: true}]"},
		{"tow.ros", "Test Knights", "tow", "",
			"{name: Test Knights, models: 5, troop_type: heavy_cavalry, ws: 4, toughness: 4, armour: plate, barding: true}",
			"[{name: Test Knights, count: 5, ws: 4, strength: 6, ap: -2, armour_bane: 1, flaming: true, killing_blow: true, multiple_wounds: D3}]"},
		{"tow-old.ros", "Test Knights", "tow", "",
			"{name: Test Knights, models: 5, troop_type: heavy_cavalry, ws: 4, toughness: 4, armour: plate, barding: true}",
			"[{name: Test Knights, count: 5, ws: 4, strength: 6, ap: -2, armour_bane: 1, flaming: true, killing_blow: true, multiple_wounds: D3}]"},
		{"tow.rosz", "Test Knights", "tow", "",
			"{name: Test Knights, models: 5, troop_type: heavy_cavalry, ws: 4, toughness: 4, armour: plate, barding: true}",
			"[{name: Test Knights, count: 5, ws: 4, strength: 6, ap: -2, armour_bane: 1, flaming: true, killing_blow: true, multiple_wounds: D3}]"},
		{"list.owb.json", "Test Spearmen", "tow", "{ws: 3, toughness: 3, wounds: 1, strength: 3, count: 10}",
			"{name: Test Spearmen, models: 20, ws: 3, toughness: 3, armour: light, ward: 5+, regeneration: 6+, command: [standard, champion]}",
			"[{name: Test Spearmen, count: 10, ws: 3, strength: 3}]"},
	}
	const attack = "[{count: 6, ws: 3, strength: 4}]"
	const target = "{models: 10, ws: 3, toughness: 4}"
	for _, tt := range tests {
		t.Run(tt.file+"/"+tt.unit, func(t *testing.T) {
			dir := t.TempDir()
			from := "{from: " + filepath.Join(lists, tt.file) + ", unit: " + tt.unit
			targetFrom, attacksFrom := from, from
			if tt.set != "" {
				// The target takes its fields of the set, the attacks theirs.
				targetFrom += ", set: {ws: 3, toughness: 3, wounds: 1}"
				attacksFrom += ", set: {ws: 3, strength: 3, count: 10}"
			}
			head := "ruleset: " + tt.ruleset + "\n"
			got := oddsJSON(t, dir, "from-target.yaml", head+"attacks: "+attack+"\ntarget: "+targetFrom+"}\n")
			want := oddsJSON(t, dir, "hand-target.yaml", head+"attacks: "+attack+"\ntarget: "+tt.target+"\n")
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("as a target (-by hand +from:):\n%s", d)
			}
			got = oddsJSON(t, dir, "from-attacks.yaml", head+"attacks: ["+attacksFrom+"}]\ntarget: "+target+"\n")
			want = oddsJSON(t, dir, "hand-attacks.yaml", head+"attacks: "+tt.attacks+"\ntarget: "+target+"\n")
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("as attacks (-by hand +from:):\n%s", d)
			}
		})
	}
}
