package web

import (
	"testing"

	"github.com/rearrank/rearrank/scenario"
)

// TestFormKeepsTriggerScores: a natural-roll trigger with a score (RULES.md
// 20.2) survives the form, and true stays true; so do re-roll lists and the
// target's own save re-rolls (20.1).
func TestFormKeepsTriggerScores(t *testing.T) {
	const src = `ruleset: whfb8
attacks:
  - count: 5
    to_hit: 3+
    strength: 4
    poison: 5+
    battle_focus: true
    killing_blow: 5+
    armour_bane: 1
    armour_bane_on: 5+
    reroll_hit: [failed, successes]
target:
  models: 10
  toughness: 3
  armour: heavy
  reroll_armour: ones
  reroll_special: failed
  ward: 5+
`
	file, err := scenario.Load("triggers.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	back, err := parseForm(fileForm(file, tabOdds).values()).scenario()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := file.MarshalYAML()
	got, _ := back.MarshalYAML()
	if string(want) != string(got) {
		t.Errorf("through the form:\n%s\nwant\n%s", got, want)
	}
	// a link from before the triggers took scores: a checked box is a natural 6
	f := parseForm(map[string][]string{"ruleset": {"whfb8"}, "a0.count": {"1"}, "a0.strength": {"3"}, "a0.poison": {"1"}, "t.models": {"1"}, "t.toughness": {"3"}})
	if f.Attacks[0]["poison"] != "6+" {
		t.Errorf("a0.poison=1 reads as %q, want 6+", f.Attacks[0]["poison"])
	}
}
