package scenario

import (
	"testing"

	"github.com/rearrank/rearrank/rules"
)

// TestChampionRerollOverrides: a champion has the unit's save re-rolls
// unless he has his own (RULES.md 20.7, 20.13).
func TestChampionRerollOverrides(t *testing.T) {
	for _, tt := range []struct {
		champion string
		want     rules.Reroll
	}{
		{"", rules.RerollOnes},
		{"  champion:\n    reroll_armour: failed\n", rules.RerollFailed},
		{"  champion:\n    reroll_armour: none\n", 0},
	} {
		src := "ruleset: whfb8\nattacks:\n  - count: 1\n    strength: 3\ntarget:\n  models: 5\n  toughness: 3\n  armour: heavy\n  reroll_armour: ones\n  command: [champion]\n" + tt.champion
		f, err := Load("champion.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		s, err := f.unitSpec(rules.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if s.Champion == nil || s.Champion.Save.Reroll != tt.want {
			t.Errorf("%q: champion re-rolls %v, want %s", tt.champion, s.Champion, tt.want)
		}
		if s.Profile.Save.Reroll != rules.RerollOnes {
			t.Errorf("%q: the unit re-rolls %s, want ones", tt.champion, s.Profile.Save.Reroll)
		}
	}
}
