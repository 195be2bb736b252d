package alloc

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestUnitStrength: tow's Unit Strength (RULES.md 22.10) of the models
// left, each by its troop type (infantry 1, cavalry 2, monstrous infantry
// 3, a monster its Wounds on the profile, damaged or not), and the
// snapshot's unit_strength and starting_models, which only tow gives.
func TestUnitStrength(t *testing.T) {
	for _, tc := range []struct {
		name string
		spec unit.Spec
		want int
	}{
		{"10 infantry", unit.Spec{Ruleset: rules.TOW, Models: 10, Frontage: 5, Profile: unit.Profile{W: 1, T: 3}}, 10},
		{"5 heavy cavalry", unit.Spec{Ruleset: rules.TOW, Models: 5, Frontage: 5, Profile: unit.Profile{TroopType: rules.HeavyCavalry, W: 1, T: 3}}, 10},
		{"3 Ogres and a W3 character", unit.Spec{Ruleset: rules.TOW, Models: 3, Frontage: 4, Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4},
			Characters: []unit.CharacterSpec{{Name: "Hero", Profile: unit.Profile{W: 3, T: 4}, File: -1}}}, 10},
		{"a damaged W6 monster", unit.Spec{Ruleset: rules.TOW, Models: 1, Frontage: 1, Profile: unit.Profile{TroopType: rules.Monster, W: 6, T: 6}, Carried: 4}, 6},
	} {
		u := mustNew(t, tc.spec)
		got, ok := u.UnitStrength()
		if !ok || got != tc.want {
			t.Errorf("%s: Unit Strength %d (%v), want %d", tc.name, got, ok, tc.want)
		}
	}
	u := mustNew(t, unit.Spec{Ruleset: rules.TOW, Models: 6, Frontage: 3, StartingModels: 9, Profile: unit.Profile{TroopType: rules.Cavalry, W: 1, T: 3}})
	data, err := json.Marshal(u.Snapshot())
	if err != nil {
		t.Fatal(err)
	}
	if s := string(data); !strings.HasSuffix(s, `"unit_strength":12,"starting_models":9}`) {
		t.Errorf("tow snapshot %s, want unit_strength 12 and starting_models 9", s)
	}
	w := mustNew(t, unit.Spec{Ruleset: rules.WHFB8, Models: 6, Frontage: 3, Profile: unit.Profile{W: 1, T: 3}})
	if n, ok := w.UnitStrength(); ok || n != 0 {
		t.Errorf("whfb8 Unit Strength %d (%v), want none", n, ok)
	}
	data, _ = json.Marshal(w.Snapshot())
	if s := string(data); strings.Contains(s, "unit_strength") || strings.Contains(s, "starting_models") {
		t.Errorf("whfb8 snapshot %s gives tow's fields", s)
	}
}
