package scenario

import (
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
)

// towBase is a small tow scenario; the cases below replace one line of it.
const towBase = `ruleset: tow
attacks:
  - count: 10
    strength: 3
    ap: 1
target:
  models: 10
  toughness: 3
  troop_type: infantry
  armour: heavy
`

// TestTowFields is RULES.md 22.12: the fields tow adds, read back as the
// section says, and refused where a ruleset does not read them.
func TestTowFields(t *testing.T) {
	swap := func(src, old, new string) string {
		t.Helper()
		if !strings.Contains(src, old) {
			t.Fatalf("no %q in the scenario", old)
		}
		return strings.Replace(src, old, new, 1)
	}
	// ap written as on the card, -1, is read back as 1.
	f := mustLoad(t, "ap.yaml", swap(towBase, "ap: 1", "ap: -2"))
	if f.Attacks[0].AP != 2 {
		t.Errorf("tow ap: -2 read as %d, want 2", f.Attacks[0].AP)
	}
	// full_plate is plate, in every ruleset that reads armour.
	f = mustLoad(t, "plate.yaml", swap(towBase, "armour: heavy", "armour: full_plate"))
	if f.Target.Armour != rules.PlateArmour {
		t.Errorf("armour: full_plate read as %s, want plate", f.Target.Armour)
	}
	// A sub-category of 22.10, starting_models and a rider's mount_armour.
	src := swap(towBase, "troop_type: infantry", "troop_type: heavy_infantry\n  starting_models: 30\n  characters:\n    - {name: Lord, toughness: 4, wounds: 3, troop_type: behemoth, armour: heavy, shield: true, mount_armour: 4+}")
	f = mustLoad(t, "sub.yaml", src)
	u, _, err := f.Build()
	if err != nil {
		t.Fatal(err)
	}
	if f.Target.TroopType != rules.HeavyInfantry || u.StartingModels() != 30 {
		t.Errorf("troop type %s, starting models %d; want heavy_infantry, 30", f.Target.TroopType, u.StartingModels())
	}
	if got := f.Target.Characters[0].MountArmour; got != rules.Need(4) {
		t.Errorf("mount_armour %v, want 4+", got)
	}
	// starting_models defaults to the unit's size, characters included (22.17).
	u, _, err = mustLoad(t, "size.yaml", swap(src, "starting_models: 30", "name: State Troops")).Build()
	if err != nil {
		t.Fatal(err)
	}
	if u.StartingModels() != 11 {
		t.Errorf("default starting models %d, want 11 (10 and the Lord)", u.StartingModels())
	}

	for _, c := range []struct {
		name, src, want string
	}{
		{"ap below 0 in t9a", swap(swap(towBase, "ruleset: tow", "ruleset: t9a"), "armour: heavy", "armour_value: 2"),
			""},
		{"heavy_infantry in whfb8", swap(swap(swap(towBase, "ruleset: tow", "ruleset: whfb8"), "    ap: 1\n", ""), "troop_type: infantry", "troop_type: heavy_infantry"),
			"target.troop_type: whfb8 does not read heavy_infantry (tow only): write infantry"},
		{"monstrous_beast in tow", swap(towBase, "troop_type: infantry", "troop_type: monstrous_beast"),
			"target.troop_type: tow has no monstrous_beast (RULES.md 22.10)"},
		{"starting_models in whfb8", swap(swap(swap(towBase, "ruleset: tow", "ruleset: whfb8"), "    ap: 1\n", ""), "troop_type: infantry", "starting_models: 20"),
			"target.starting_models: whfb8 does not read starting_models (tow only)"},
		{"starting_models below the size", swap(towBase, "troop_type: infantry", "starting_models: 9"),
			"target.starting_models: the unit has 10 models now"},
		{"mount_armour in whfb8", swap(swap(swap(towBase, "ruleset: tow", "ruleset: whfb8"), "    ap: 1\n", ""), "troop_type: infantry", "characters: [{name: Lord, toughness: 4, mount_armour: 4+}]"),
			"target.characters[0].mount_armour: whfb8 does not read mount_armour (tow only)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.want == "" { // t9a: ap without a sign
				c.src = swap(c.src, "ap: 1", "ap: -1")
				c.want = "attacks[0].ap: want 0 to 10, got -1: t9a writes Armour Penetration without a sign"
			}
			_, err := Load("x.yaml", []byte(c.src))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error holding %q", err, c.want)
			}
		})
	}
}
