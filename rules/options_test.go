package rules

import (
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Every switch's default is the zero Options (RULES.md 18; STYLE: the zero
// value is useful).
func TestOptionsZeroIsDefault(t *testing.T) {
	var o Options
	if c := o.Changed(); len(c) != 0 {
		t.Errorf("Options{}.Changed() = %v, want none", c)
	}
	for _, s := range Switches() {
		got, err := o.Get(s.Name)
		if err != nil || got != s.Default {
			t.Errorf("%s: zero Options gives %q, %v; default is %q", s.Name, got, err, s.Default)
		}
		if s.Values != nil && s.Values[0] != s.Default {
			t.Errorf("%s: first value %q is not the default %q", s.Name, s.Values[0], s.Default)
		}
		if s.Ref == "" || s.Doc == "" {
			t.Errorf("%s: missing Ref or Doc", s.Name)
		}
	}
	if got := o.Panic(); got.Cmp(big.NewRat(1, 4)) != 0 {
		t.Errorf("default panic threshold %v, want 1/4", got)
	}
}

// Set and Get round-trip every value of every switch, and Changed reports
// exactly the switches off their default.
func TestOptionsSetGetRoundTrip(t *testing.T) {
	for _, s := range Switches() {
		values := s.Values
		if values == nil { // a fraction
			values = []string{"1/4", "1/2", "1/3", "1"}
		}
		for _, v := range values {
			var o Options
			if err := o.Set(s.Name, v); err != nil {
				t.Errorf("Set(%s, %s): %v", s.Name, v, err)
				continue
			}
			if got, err := o.Get(s.Name); err != nil || got != v {
				t.Errorf("Set(%s, %s) then Get = %q, %v", s.Name, v, got, err)
			}
			var want []string
			if v != s.Default {
				want = []string{s.Name + "=" + v}
			}
			if diff := cmp.Diff(want, o.Changed()); diff != "" {
				t.Errorf("Set(%s, %s): Changed (-want +got):\n%s", s.Name, v, diff)
			}
		}
	}
	var o Options
	if err := o.Set("panic_threshold", "0.25"); err != nil {
		t.Fatal(err)
	}
	if got, _ := o.Get("panic_threshold"); got != "1/4" {
		t.Errorf("panic_threshold 0.25 reads back as %q, want 1/4", got)
	}
}

// Each switch sets the field the stage functions read.
func TestOptionsSetFields(t *testing.T) {
	tests := []struct {
		name, value string
		want        Options
	}{
		{"damage_model", "pooled", Options{DamageModel: Pooled}},
		{"cap_after_modifiers", "true", Options{CapAfterModifiers: true}},
		{"unarmoured_cavalry_save", "false", Options{NoUnarmouredCavalrySave: true}},
		{"instant_kill_takes", "fresh_model", Options{InstantKillTakes: FreshModel}},
		{"single_rank_policy", "right", Options{SingleRankPolicy: RightEnd}},
		{"single_rank_policy", "owner_choice", Options{SingleRankPolicy: SingleRankOwnerChoice}},
		{"rear_rank_order", "owner_choice", Options{RearRankOrder: RearRankOwnerChoice}},
		{"overflow_across_pools", "to_next_pool", Options{OverflowAcrossPools: OverflowToNextPool}},
		{"melee_to_hit_legacy", "true", Options{MeleeToHitLegacy: true}},
		{"command_order", "standard_first", Options{CommandOrder: StandardFirst}},
		{"regen_vs_flaming", "allowed", Options{RegenVsFlaming: RegenAllowed}},
		{"to_wound", "t9a", Options{ToWound: T9AToWound}},
		{"armour_preset", "classic", Options{ArmourPreset: ClassicArmour}},
		{"low_crit_consumes_allowance", "true", Options{LowCritConsumes: true}},
		{"no_crit_when_needing6", "true", Options{NoCritWhenNeeding6: true}},
		{"seven_plus_to_hit", "six_then_four_plus", Options{SevenPlusToHit: SixThenFourPlus}},
		{"special_save_choice", "owner_choice", Options{SpecialSaveChoice: SaveOwnerChoice}},
		{"mw_cap", "remaining", Options{MWCap: CapRemaining}},
		{"packet_target", "fresh_first", Options{PacketTarget: FreshFirst}},
		{"panic_threshold", "1/3", Options{PanicThreshold: big.NewRat(1, 3)}},
	}
	for _, tt := range tests {
		var o Options
		if err := o.Set(tt.name, tt.value); err != nil {
			t.Errorf("Set(%s, %s): %v", tt.name, tt.value, err)
			continue
		}
		if diff := cmp.Diff(tt.want, o, cmp.Comparer(func(a, b *big.Rat) bool {
			return (a == nil) == (b == nil) && (a == nil || a.Cmp(b) == 0)
		})); diff != "" {
			t.Errorf("Set(%s, %s) (-want +got):\n%s", tt.name, tt.value, diff)
		}
	}
}

// Every switch of RULES.md 18 is accepted under its RULES.md name, with its
// RULES.md value spelling, and maps to its scenario name (RULES.md 19).
func TestOptionsRULES18Names(t *testing.T) {
	tests := []struct {
		rulesName, scenario, value string
	}{
		{"battleaxe.damageModel", "damage_model", "pooled"},
		{"battleaxe.capAfterModifiers", "cap_after_modifiers", "true"},
		{"battleaxe.unarmouredCavalrySave", "unarmoured_cavalry_save", "false"},
		{"instantKillTakes", "instant_kill_takes", "freshModel"},
		{"singleRankPolicy", "single_rank_policy", "ownerChoice"},
		{"rearRankOrder", "rear_rank_order", "ownerChoice"},
		{"multiPacketOrder", "multi_packet_order", "asListed"},
		{"overflowAcrossPools", "overflow_across_pools", "toNextPool"},
		{"t9a.meleeToHitLegacy", "melee_to_hit_legacy", "true"},
		{"t9a.commandOrder", "command_order", "ownerChoice"},
		{"t9a1.regenVsFlaming", "regen_vs_flaming", "allowed"},
		{"t9a1.toWound", "to_wound", "t9a"},
		{"skirmish.armourPreset", "armour_preset", "classic"},
		{"skirmish.lowCritConsumesAllowance", "low_crit_consumes_allowance", "true"},
		{"skirmish.noCritWhenNeeding6", "no_crit_when_needing6", "true"},
		{"skirmish.sevenPlusToHit", "seven_plus_to_hit", "sixThenFourPlus"},
		{"specialSaveChoice", "special_save_choice", "ownerChoice"},
		{"panicThreshold", "panic_threshold", "1/3"},
	}
	names := switchNames()
	for _, tt := range tests {
		if got := SwitchName(tt.rulesName); got != tt.scenario {
			t.Errorf("SwitchName(%q) = %q, want %q", tt.rulesName, got, tt.scenario)
		}
		if !slices.Contains(names, tt.scenario) {
			t.Errorf("RULES.md 18 switch %s has no scenario switch %s", tt.rulesName, tt.scenario)
		}
		var byRules, byScenario Options
		if err := byRules.Set(tt.rulesName, tt.value); err != nil {
			t.Errorf("Set(%s, %s): %v", tt.rulesName, tt.value, err)
			continue
		}
		if err := byScenario.Set(tt.scenario, SwitchName(tt.value)); err != nil {
			t.Errorf("Set(%s, %s): %v", tt.scenario, SwitchName(tt.value), err)
			continue
		}
		a, _ := byRules.Get(tt.scenario)
		b, _ := byScenario.Get(tt.rulesName)
		if a != b {
			t.Errorf("%s=%s gives %q, %s gives %q", tt.rulesName, tt.value, a, tt.scenario, b)
		}
	}
	if got := SwitchName("damage_model"); got != "damage_model" {
		t.Errorf("SwitchName leaves scenario names alone: got %q", got)
	}
}

// Unknown names and values give errors that name the option and the value.
func TestOptionsErrors(t *testing.T) {
	tests := []struct {
		name, value string
		mention     []string
	}{
		{"damge_model", "pooled", []string{`"damge_model"`, "damage_model"}},
		{"battleaxe.damgeModel", "pooled", []string{`"battleaxe.damgeModel"`}},
		{"damage_model", "pooledd", []string{"damage_model", `"pooledd"`, "per_model or pooled"}},
		{"cap_after_modifiers", "yes", []string{"cap_after_modifiers", `"yes"`, "true or false"}},
		{"single_rank_policy", "middle", []string{"single_rank_policy", `"middle"`, "balance, left, right or owner_choice"}},
		{"multi_packet_order", "by_size", []string{"multi_packet_order", `"by_size"`}},
		{"panic_threshold", "0", []string{"panic_threshold", `"0"`}},
		{"panic_threshold", "3/2", []string{"panic_threshold", `"3/2"`}},
		{"panic_threshold", "a quarter", []string{"panic_threshold", `"a quarter"`}},
	}
	for _, tt := range tests {
		var o Options
		err := o.Set(tt.name, tt.value)
		if err == nil {
			t.Errorf("Set(%q, %q): no error", tt.name, tt.value)
			continue
		}
		for _, m := range tt.mention {
			if !strings.Contains(err.Error(), m) {
				t.Errorf("Set(%q, %q): error %q does not mention %s", tt.name, tt.value, err, m)
			}
		}
		if c := o.Changed(); len(c) != 0 {
			t.Errorf("Set(%q, %q) failed but changed %v", tt.name, tt.value, c)
		}
	}
	if _, err := (Options{}).Get("no_such_switch"); err == nil || !strings.Contains(err.Error(), "no_such_switch") {
		t.Errorf("Get(no_such_switch): error %v does not name it", err)
	}
}

func TestSwitchesAreFresh(t *testing.T) {
	a := Switches()
	a[3].Rulesets[0] = Skirmish
	if b := Switches(); b[3].Rulesets[0] == Skirmish {
		t.Error("Switches shares its Rulesets slices between callers")
	}
}

// TestArmourPresetAlias: armour_preset's default is named for what it does,
// two_point_shield; its earlier name seed is still read as it (a file or a
// link that says seed keeps working), and the catalogue says so.
func TestArmourPresetAlias(t *testing.T) {
	for _, v := range []string{"two_point_shield", "seed", "twoPointShield"} {
		o := Options{ArmourPreset: ClassicArmour}
		if err := o.Set("armour_preset", v); err != nil || o.ArmourPreset != SeedArmour {
			t.Errorf("armour_preset %s: %v, preset %d", v, err, o.ArmourPreset)
		}
		if got, _ := o.Get("armour_preset"); got != "two_point_shield" {
			t.Errorf("armour_preset %s reads back as %q", v, got)
		}
	}
	var o Options
	if err := o.Set("armour_preset", "classic"); err != nil || o.ArmourPreset != ClassicArmour {
		t.Errorf("classic: %v", err)
	}
	if err := o.Set("armour_preset", "sead"); err == nil || !strings.Contains(err.Error(), "two_point_shield") {
		t.Errorf("a bad value: %v", err)
	}
	for _, r := range Catalog() {
		if r.Description == "" || r.Seed != r.Description {
			t.Errorf("%s: description %q, seed %q", r.Name, r.Description, r.Seed)
		}
		for _, s := range r.Switches {
			if s.Name == "armour_preset" && (s.Default != "two_point_shield" || s.Aliases["seed"] != "two_point_shield") {
				t.Errorf("catalogue: %+v", s)
			}
		}
	}
}

// TestCatalogValuesAreTaken: every value `rearrank rulesets` and
// /api/rulesets list for a switch of a ruleset is one the ruleset takes
// (Set and CheckValues), and every value it refuses is left out:
// battleaxe's multi_packet_order is as_listed alone, since owner_choice is
// tow's (22.13).
func TestCatalogValuesAreTaken(t *testing.T) {
	for _, info := range Catalog() {
		r, err := ParseRuleset(info.Name)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range info.Switches {
			all := s.Values
			for _, sw := range allSwitches() {
				if sw.Name == s.Name {
					all = sw.Values
				}
			}
			for _, v := range all {
				var o Options
				err := o.Set(s.Name, v)
				if err == nil {
					err = o.CheckValues(r)
				}
				if listed := slices.Contains(s.Values, v); listed != (err == nil) {
					t.Errorf("%s %s: %s listed %v, taken: %v", info.Name, s.Name, v, listed, err)
				}
			}
		}
	}
	for _, info := range Catalog() {
		for _, s := range info.Switches {
			if s.Name == "multi_packet_order" {
				want := map[string]string{"battleaxe": "as_listed", "tow": "as_listed|owner_choice"}[info.Name]
				if got := strings.Join(s.Values, "|"); got != want {
					t.Errorf("%s multi_packet_order values %s, want %s", info.Name, got, want)
				}
			}
		}
	}
}
