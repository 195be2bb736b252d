package scenario

import (
	"fmt"
	"strings"
	"testing"
)

// TestDamageOneEntryList: DESIGN.md writes starting damage as a list
// (`damage: [2]`); for a pooled ruleset a one-entry list is the pool's
// carried wounds, the same as the number (issue: it was refused).
func TestDamageOneEntryList(t *testing.T) {
	const file = "ruleset: %s\nattacks:\n  - {count: 3, to_hit: auto, strength: 5}\ntarget: {models: 5, toughness: 4, wounds: 3, damage: %s}\n"
	for _, rs := range []string{"whfb8", "t9a", "t9a1-ru"} {
		carried := func(damage string) int {
			t.Helper()
			f, err := Read("x.yaml", strings.NewReader(fmt.Sprintf(file, rs, damage)))
			if err != nil {
				t.Fatalf("%s damage %s: %v", rs, damage, err)
			}
			u, _, err := f.Build()
			if err != nil {
				t.Fatalf("%s damage %s: Build: %v", rs, damage, err)
			}
			pools := u.Carried()
			if len(pools) == 0 {
				t.Fatalf("%s: no pool", rs)
			}
			return pools[0].Carried
		}
		if a, b := carried("2"), carried("[2]"); a != 2 || b != 2 {
			t.Errorf("%s: damage 2 carries %d, damage [2] carries %d; want 2 and 2", rs, a, b)
		}
	}
	// The list form gets the number's range check, at the list's place.
	_, err := Read("x.yaml", strings.NewReader(fmt.Sprintf(file, "whfb8", "[3]")))
	if err == nil || !strings.Contains(err.Error(), "x.yaml:4:") || !strings.Contains(err.Error(), "target.damage: want 0 to 2") {
		t.Errorf("damage [3] on W3: %v, want the range error with its place", err)
	}
}
