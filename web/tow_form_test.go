package web

import (
	"testing"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// TestFormTowFields: the tow fields of the form (RULES.md 22.3, 22.4, 22.6,
// 22.9) go from a file to the page's link and back to the same scenario.
func TestFormTowFields(t *testing.T) {
	src := `ruleset: tow
attacks:
  - count: 4
    strength: 5
    ap: 2
    monster_slayer: true
    cleaving_blow: 5+
target:
  models: 6
  toughness: 4
  armour_save: 4+
  parry: true
  flammable: true
  regeneration: 5+
  starting_models: 10
`
	file, err := scenario.Load("tow.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	back, err := parseForm(fileForm(file, tabOdds).values()).scenario()
	if err != nil {
		t.Fatal(err)
	}
	a, tg := back.Attacks[0], back.Target
	if a.MonsterSlayer != rules.NaturalSix || a.CleavingBlow != rules.Trigger(5) || a.AP != 2 {
		t.Errorf("attack: monster_slayer %v, cleaving_blow %v, ap %d; want 6+, 5+, 2", a.MonsterSlayer, a.CleavingBlow, a.AP)
	}
	if tg.ArmourSave != rules.Need(4) || !tg.Parry || !tg.Flammable || tg.StartingModels != 10 {
		t.Errorf("target: armour_save %v, parry %t, flammable %t, starting_models %d; want 4+, true, true, 10",
			tg.ArmourSave, tg.Parry, tg.Flammable, tg.StartingModels)
	}
	// whfb8 reads none of them: the form leaves them out rather than fail
	f := fileForm(file, tabOdds)
	f.Ruleset = "whfb8"
	w8, dropped, err := f.scenarioFor(rules.WHFB8)
	if err != nil {
		t.Fatalf("whfb8: %v (dropped %v)", err, dropped)
	}
	if w8.Attacks[0].MonsterSlayer != 0 || w8.Target.Parry || w8.Target.StartingModels != 0 {
		t.Errorf("whfb8 kept a tow field: %+v", w8.Target)
	}
}
