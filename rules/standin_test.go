package rules

import (
	"slices"
	"testing"
)

// TestStandInsCoverEveryOwnerChoice: every switch that takes owner_choice
// stands in at its default where nobody is asked (RULES.md 18), in every
// ruleset that reads it, and only there.
func TestStandInsCoverEveryOwnerChoice(t *testing.T) {
	n := 0
	for _, s := range allSwitches() {
		if !slices.Contains(s.Values, OwnerChoice) {
			continue
		}
		n++
		for _, r := range Rulesets() {
			var o Options
			if err := o.Set(s.Name, OwnerChoice); err != nil {
				t.Fatal(err)
			}
			back, in := o.StandIns(r, nil)
			if !s.AppliesTo(r) {
				if len(in) != 0 {
					t.Errorf("%s in %s, which does not read it: stand-ins %v", s.Name, r, in)
				}
				continue
			}
			if len(in) != 1 || in[0].Switch != s.Name || back != (Options{}) {
				t.Errorf("%s in %s: stand-ins %v, options %+v; want it at its default", s.Name, r, in, back)
			}
			if _, in := o.StandIns(r, func(name string) bool { return name == s.Name }); len(in) != 0 {
				t.Errorf("%s in %s answered: stand-ins %v", s.Name, r, in)
			}
		}
	}
	if n != 5 {
		t.Errorf("%d switches take owner_choice, want 5 (single_rank_policy, rear_rank_order, command_order, special_save_choice, multi_packet_order)", n)
	}
}
