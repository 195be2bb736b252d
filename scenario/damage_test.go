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
			pools := au(u).Carried()
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

// TestDamageOnASharedPool: where groups share the pool of the unit's rank
// and file, target.damage is the pool's carried wounds on the model next
// in removal order, checked against that model's Wounds, not the unit's
// (audit a1 G): the state [I(1) I] that one wound leaves on a whfb8 unit
// of four W1 men and two W3 ogres behind them can be written. battleaxe's
// per-model list is in removal order, the groups' models included.
func TestDamageOnASharedPool(t *testing.T) {
	const mixed = "ruleset: %s\nattacks:\n  - {count: 1, strength: 10}\ntarget:\n  models: 4\n  toughness: 3\n  damage: %s\n  groups:\n    - {troop_type: monstrous_infantry, models: 2, toughness: 4, wounds: 3}\n"
	for _, c := range []struct{ rs, damage, want string }{
		{"whfb8", "1", "[R R R R] / [I(1) I]"},
		{"whfb8", "[2]", "[R R R R] / [I(2) I]"},
		{"battleaxe", "[2]", "[R R R R] / [I(2) I]"},
		{"battleaxe", "[2, 1]", "[R R R R] / [I(2) I(1)]"},
	} {
		f, err := Load("x.yaml", []byte(fmt.Sprintf(mixed, c.rs, c.damage)))
		if err != nil {
			t.Errorf("%s damage %s: %v", c.rs, c.damage, err)
			continue
		}
		u, _, err := f.Build()
		if err != nil {
			t.Errorf("%s damage %s: Build: %v", c.rs, c.damage, err)
			continue
		}
		if got := au(u).DrawDamage(); got != c.want {
			t.Errorf("%s damage %s: %s, want %s", c.rs, c.damage, got, c.want)
		}
	}
	// The same troop type in t9a is one pool (E66).
	t9a := strings.Replace(fmt.Sprintf(mixed, "t9a", "2"), "troop_type: monstrous_infantry, ", "", 1)
	if f, err := Load("x.yaml", []byte(t9a)); err != nil {
		t.Errorf("t9a damage 2 on a same-type W3 group: %v", err)
	} else if u, _, err := f.Build(); err != nil {
		t.Errorf("t9a damage 2 on a same-type W3 group: Build: %v", err)
	} else if got := au(u).DrawDamage(); got != "[R R R R] / [I(2) I]" { // I: infantry of another profile
		t.Errorf("t9a damage 2 on a same-type W3 group: %s, want [R R R R] / [I(2) I]", got)
	}

	// Errors name the model the damage sits on and its Wounds.
	for _, c := range []struct{ src, want string }{
		{fmt.Sprintf(mixed, "whfb8", "3"),
			`x.yaml:7:11: target.damage: want 0 to 2, got 3: the carried wounds sit on the next model to be removed, a model of target.groups[0], which has 3 wounds left (rules 11.1)`},
		// W3 men with a W1 group behind them: the W1 model goes first.
		{"ruleset: whfb8\nattacks:\n  - {count: 1, strength: 10}\ntarget:\n  models: 4\n  toughness: 4\n  wounds: 3\n  damage: 2\n  groups:\n    - {models: 2, toughness: 3, wounds: 1}\n",
			`x.yaml:8:11: target.damage: want 0, got 2: the carried wounds sit on the next model to be removed, a model of target.groups[0], which has 1 wound and carries no damage (a wound removes it; rules 11.1)`},
		{fmt.Sprintf(mixed, "battleaxe", "[2, 3]"),
			`x.yaml:7:15: target.damage[1]: want 0 to 2, got 3: entry 1 is the damage of model 2 in removal order, a model of target.groups[0], which has 3 wounds (rules 11.3)`},
		{fmt.Sprintf(mixed, "battleaxe", "[2, 2, 1]"),
			`x.yaml:7:18: target.damage[2]: want 0, got 1: entry 2 is the damage of model 3 in removal order, a model of the unit's own rank and file, which has 1 wound (rules 11.3)`},
		{fmt.Sprintf(mixed, "battleaxe", "[0, 0, 0, 0, 0, 0, 1]"),
			`x.yaml:7:11: target.damage: 7 entries for the 6 models of the unit's rank and file and the groups that share its pool`},
		{fmt.Sprintf(mixed, "battleaxe", "2"),
			`x.yaml:7:11: target.damage: battleaxe keeps damage per model (damage_model per_model, rules 11.3): write a list in removal order, the wounds each model has lost`},
		{strings.Replace(fmt.Sprintf(mixed, "battleaxe", "[0]"), "wounds: 3}", "wounds: 3, damage: 2}", 1),
			`x.yaml:9:84: target.groups[0].damage: battleaxe keeps damage per model (damage_model per_model, rules 11.3): write the group's in target.damage, a list of every model's damage in removal order`},
		// A t9a group's own pool, shared with a later group of its type.
		{"ruleset: t9a\nattacks:\n  - {count: 1, strength: 10}\ntarget:\n  models: 4\n  toughness: 3\n  groups:\n    - {troop_type: monstrous_infantry, models: 2, toughness: 4, wounds: 1, damage: 2}\n    - {troop_type: monstrous_infantry, models: 1, toughness: 4, wounds: 3}\n",
			`x.yaml:8:84: target.groups[0].damage: want 0, got 2: the carried wounds sit on the next model to be removed, a model of target.groups[0], which has 1 wound and carries no damage (a wound removes it; rules 11.1)`},
	} {
		_, err := Load("x.yaml", []byte(c.src))
		if err == nil || err.Error() != c.want {
			t.Errorf("got  %v\nwant %s", err, c.want)
		}
	}
}

// TestDamageOnTheUnitsOwnPool: target.damage is the carried wounds of the
// unit's own rank and file, not of the largest pool: in t9a a larger
// group of another troop type keeps its own (groups[i].damage), and
// neither overwrites the other (audit: the unit's 2 were lost).
func TestDamageOnTheUnitsOwnPool(t *testing.T) {
	const src = "ruleset: t9a\nattacks:\n  - {count: 1, strength: 10}\ntarget:\n  models: 2\n  toughness: 3\n  wounds: 3\n  damage: 2\n  groups:\n    - {troop_type: monstrous_infantry, models: 5, toughness: 4, wounds: 3, damage: 1}\n"
	f, err := Load("x.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	u, _, err := f.Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := au(u).DrawDamage(), "[R(2) R] / [I I] / [I I] / [I(1)]"; got != want {
		t.Errorf("%s, want %s", got, want)
	}
}
