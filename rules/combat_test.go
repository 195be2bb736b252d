package rules

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

// TestCombatFamilies checks which rulesets have each yes-or-no trait of the
// combat round, with the RULES.md section that says so.
func TestCombatFamilies(t *testing.T) {
	B, W, T, R, O := Battleaxe, WHFB8, T9A, T9A1RU, TOW
	for _, c := range []struct {
		trait string
		ref   string // RULES.md
		has   func(*CombatRules) bool
		want  []Ruleset
	}{
		{"a combat round", "21.1", func(c *CombatRules) bool { return c.Round }, []Ruleset{B, W, T, R, O}},
		{"asf_tie defaults to simultaneous", "21.4, 21.11, R52", func(c *CombatRules) bool { return c.ASFSimultaneous }, []Ruleset{W, R, O}},
		{"enemies re-roll misses against a lower Always Strikes Last", "21.4", func(c *CombatRules) bool { return c.RerollAgainstLast }, []Ruleset{B}},
		{"strikes: last is step 0", "21.4, R53", func(c *CombatRules) bool { return c.LastAtStepZero }, []Ruleset{T}},
		{"charge_initiative defaults to 1", "21.11, R53", func(c *CombatRules) bool { return c.ChargeInitiative }, []Ruleset{T}},
		{"height sets the supporting attacks", "21.3.4", func(c *CombatRules) bool { return c.Height }, []Ruleset{T, R}},
		{"line_formation_width is read", "21.11, R55", func(c *CombatRules) bool { return c.LineFormationSwitch }, []Ruleset{T, R}},
		{"no extra ranks on a turn the side charged", "21.3.4, R63", func(c *CombatRules) bool { return c.NoExtraRanksOnCharge }, []Ruleset{B, W, O}},
		{"a disrupted unit scores no ranks", "21.6", func(c *CombatRules) bool { return c.DisruptedNoRanks }, []Ruleset{B, W, O}},
		{"flank and rear +1 more with 2+ Full Ranks", "21.6, R54", func(c *CombatRules) bool { return c.FlankFullRanksBonus }, []Ruleset{T, R}},
		{"high ground scores", "21.6, R58, 22.11", func(c *CombatRules) bool { return c.HighGround }, []Ruleset{B, O}},
		{"the charge scores nothing", "22.11", func(c *CombatRules) bool { return c.NoChargeBonus }, []Ruleset{O}},
		{"ranks and Unit Strength by troop type", "22.10, 22.11", func(c *CombatRules) bool { return c.Troops != nil }, []Ruleset{O}},
		{"Break, Fall Back in Good Order or Give Ground", "22.11", func(c *CombatRules) bool { return c.ThreeOutcomes }, []Ruleset{O}},
		{"outnumber_bonus is read", "21.11, R58", func(c *CombatRules) bool { return c.OutnumberSwitch }, []Ruleset{B}},
		{"instant_kill_score: profile is read", "21.11, R56", func(c *CombatRules) bool { return c.InstantKillProfileSwitch }, []Ruleset{B}},
		{"combat_score is read", "21.11, R54", func(c *CombatRules) bool { return c.CombatScoreSwitch }, []Ruleset{T}},
		{"a tie makes both sides winners", "21.7", func(c *CombatRules) bool { return c.TieBothWin }, []Ruleset{T, R}},
		{"Disrupted Ranks cancel Steadfast", "21.8", func(c *CombatRules) bool { return c.DisruptedRanksCancelSteadfast }, []Ruleset{T, R}},
		{"insane_courage defaults to true", "21.8, 21.11, R61", func(c *CombatRules) bool { return c.InsaneCourage }, []Ruleset{B, W}},
	} {
		if got := RulesetsWhere(func(t *Traits) bool { return c.has(&t.Combat) }); !slices.Equal(got, c.want) {
			t.Errorf("%s (RULES.md %s): %v, want %v", c.trait, c.ref, got, c.want)
		}
	}
}

// TestTowTroops checks tow's troop table against RULES.md 22.10's rows.
func TestTowTroops(t *testing.T) {
	tt := For(TOW).Combat.Troops
	for _, tc := range []struct {
		tt           TroopType
		w            int
		least, most  int
		unitStrength int
	}{
		{Infantry, 1, 5, 2, 1}, {Cavalry, 1, 5, 1, 2}, {MonstrousInfantry, 3, 3, 2, 3},
		{MonstrousCavalry, 3, 3, 1, 3}, {WarBeast, 1, 5, 1, 1}, {Swarm, 3, 0, 0, 3},
		{Chariot, 4, 3, 1, 3}, {Monster, 6, 0, 0, 6}, {WarMachine, 3, 0, 0, 3},
		// The sub-categories of 22.10 and 22.12 (the index's troop type table).
		{HeavyInfantry, 1, 4, 2, 1}, {LightCavalry, 1, 5, 1, 2}, {HeavyCavalry, 1, 4, 1, 2},
		{LightChariot, 4, 3, 1, 3}, {HeavyChariot, 5, 0, 0, 5},
		{MonstrousCreature, 6, 0, 0, 6}, {Behemoth, 10, 0, 0, 10},
	} {
		least, most := tt.Ranks(tc.tt)
		if most != tc.most || (most > 0 && least != tc.least) || tt.UnitStrength(tc.tt, tc.w) != tc.unitStrength {
			t.Errorf("%s W%d: ranks of %d up to +%d, US %d; want %d, +%d, US %d",
				tc.tt, tc.w, least, most, tt.UnitStrength(tc.tt, tc.w), tc.least, tc.most, tc.unitStrength)
		}
	}
}

// TestCombatValues checks the combat traits that are names, numbers or
// kinds, ruleset by ruleset, with the RULES.md section that gives them.
func TestCombatValues(t *testing.T) {
	for _, tc := range []struct {
		trait string
		ref   string // RULES.md
		get   func(*CombatRules) any
		want  map[Ruleset]any
	}{
		{"strike order value", "21.4", func(c *CombatRules) any { return c.StrikeValue }, map[Ruleset]any{
			Battleaxe: "Initiative", WHFB8: "Initiative", T9A: "Agility", T9A1RU: "Initiative", Skirmish: "", TOW: "Initiative"}},
		{"ASF re-roll", "21.4, R52", func(c *CombatRules) any { return c.ASFReroll }, map[Ruleset]any{
			Battleaxe: ASFRerollAbove, WHFB8: ASFRerollAtLeast, T9A: NoASFReroll, T9A1RU: ASFRerollAtLeast, Skirmish: NoASFReroll, TOW: ASFRerollAtLeast}},
		{"supporting by height", "21.3.4", func(c *CombatRules) any { return fmt.Sprint(c.Supporting) }, map[Ruleset]any{
			Battleaxe: "[1 1 1]", WHFB8: "[1 1 1]", T9A: "[1 3 5]", T9A1RU: "[1 3 5]", Skirmish: "[0 0 0]", TOW: "[1 1 1]"}},
		{"width of the extra supporting rank", "21.3.4, R55", func(c *CombatRules) any { return c.WideRank }, map[Ruleset]any{
			Battleaxe: 10, WHFB8: 10, T9A: 8, T9A1RU: 8, Skirmish: 0, TOW: 10}},
	} {
		for _, r := range Rulesets() {
			if got := tc.get(&For(r).Combat); got != tc.want[r] {
				t.Errorf("%v %s (RULES.md %s) = %v, want %v", r, tc.trait, tc.ref, got, tc.want[r])
			}
		}
	}
}

// TestCombatRowsAgree checks that a ruleset's combat column fits the rest of
// its row: a combat round is between block units (21.1), a ruleset without
// one sets nothing of it, and one with one strikes by a named value and has
// supporting attacks for every height (21.3.4, 21.4).
func TestCombatRowsAgree(t *testing.T) {
	for _, r := range Rulesets() {
		tr := For(r)
		c := tr.Combat
		if c.Round != tr.Block {
			t.Errorf("%v: combat round %t, block %t: a combat is between two block units (21.1)", r, c.Round, tr.Block)
		}
		if !c.Round {
			if c != (CombatRules{}) {
				t.Errorf("%v: no combat round but a combat column %+v", r, c)
			}
			continue
		}
		if c.StrikeValue == "" || c.WideRank < 1 {
			t.Errorf("%v: strike value %q, wide rank %d", r, c.StrikeValue, c.WideRank)
		}
		for h, n := range c.Supporting {
			if n < 1 || (!c.Height && n != c.Supporting[0]) {
				t.Errorf("%v: supporting %v at height %d with Height %t", r, c.Supporting, h, c.Height)
			}
		}
	}
}

// TestASFRerolls checks when an Always Strikes First fight re-rolls its
// misses (21.4): whfb8 at equal Initiative, battleaxe only above, t9a never.
func TestASFRerolls(t *testing.T) {
	for _, c := range []struct {
		r          ASFReroll
		own, enemy int
		want       bool
	}{
		{ASFRerollAtLeast, 5, 5, true},
		{ASFRerollAtLeast, 6, 5, true},
		{ASFRerollAtLeast, 4, 5, false},
		{ASFRerollAbove, 5, 5, false},
		{ASFRerollAbove, 6, 5, true},
		{ASFRerollAbove, 4, 5, false},
		{NoASFReroll, 9, 1, false},
	} {
		if got := c.r.Rerolls(c.own, c.enemy); got != c.want {
			t.Errorf("ASFReroll %d, own I%d, enemy I%d: re-rolls %t, want %t", c.r, c.own, c.enemy, got, c.want)
		}
	}
}

// TestCombatSwitchesInTheCatalog: the switches of RULES.md 21.11 with the
// rulesets that read them and each ruleset's default, as `rearrank
// rulesets` lists them; "-" is a ruleset that does not read the switch.
// A ruleset without a combat round lists none; a block ruleset not in
// 21.11's table (a later section's) is left to its own tests.
func TestCombatSwitchesInTheCatalog(t *testing.T) {
	columns := []string{"battleaxe", "whfb8", "t9a", "t9a1-ru"}
	want := map[string][4]string{ // RULES.md 21.11
		"contact_overlap":      {"1", "1", "1", "1"},
		"step_up":              {"fights", "fights", "fights", "fights"},
		"asf_tie":              {"initiative", "simultaneous", "initiative", "simultaneous"},
		"charge_initiative":    {"0", "0", "1", "0"},
		"combat_score":         {"-", "-", "full_ranks", "-"},
		"line_formation_width": {"-", "-", "8", "8"},
		"instant_kill_score":   {"remaining", "-", "-", "-"},
		"outnumber_bonus":      {"0", "-", "-", "-"},
		"insane_courage":       {"true", "true", "false", "false"},
	}
	got := map[string][4]string{}
	for name := range want {
		got[name] = [4]string{"-", "-", "-", "-"}
	}
	for _, info := range Catalog() {
		r, err := ParseRuleset(info.Name)
		if err != nil {
			t.Fatal(err)
		}
		col := slices.Index(columns, info.Name)
		for _, s := range info.Switches {
			switch {
			case !s.Combat:
			case !For(r).Combat.Round:
				t.Errorf("%s has no combat round but lists combat switch %s", info.Name, s.Name)
			case col >= 0:
				row, ok := got[s.Name]
				if !ok {
					t.Errorf("combat switch %s is not in RULES.md 21.11's table", s.Name)
					continue
				}
				row[col] = s.Default
				got[s.Name] = row
			}
		}
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: defaults %v, want %v", name, got[name], w)
		}
	}
}

// TestCombatOptions: a combat switch set by name reads back, moves its
// method, and is refused by ReadBy in a ruleset that does not read it;
// the zero Options are every ruleset's default (21.11).
func TestCombatOptions(t *testing.T) {
	var zero Options
	if !zero.SimultaneousASF(WHFB8) || zero.SimultaneousASF(Battleaxe) || zero.ChargeBonus(T9A) != 1 || zero.ChargeBonus(WHFB8) != 0 ||
		zero.StepUpLostIn(WHFB8) || !zero.StepUpLostIn(TOW) ||
		!zero.InsaneCourageIn(Battleaxe) || zero.InsaneCourageIn(T9A1RU) || zero.WideRank(T9A) != 8 || zero.WideRank(WHFB8) != 10 || zero.ContactOverlap() != 1 {
		t.Error("the zero Options are not RULES.md 21.11's defaults")
	}
	if len(zero.Changed()) != 0 {
		t.Errorf("the zero Options changed %v", zero.Changed())
	}
	for _, tc := range []struct {
		name, value string
		check       func(Options) bool
	}{
		{"contact_overlap", "0", func(o Options) bool { return o.ContactOverlap() == 0 }},
		{"step_up", "lost", func(o Options) bool { return o.StepUpLostIn(WHFB8) }},
		{"step_up", "fights", func(o Options) bool { return !o.StepUpLostIn(TOW) }},
		{"asf_tie", "simultaneous", func(o Options) bool { return o.SimultaneousASF(T9A) }},
		{"charge_initiative", "0", func(o Options) bool { return o.ChargeBonus(T9A) == 0 }},
		{"line_formation_width", "6", func(o Options) bool { return o.WideRank(T9A1RU) == 6 && o.WideRank(WHFB8) == 10 }},
		{"insane_courage", "true", func(o Options) bool { return o.InsaneCourageIn(T9A) }},
		{"instant_kill_score", "profile", func(o Options) bool { return o.InstantKillScore == ScoreProfile }},
	} {
		var o Options
		if err := o.Set(tc.name, tc.value); err != nil {
			t.Fatalf("%s=%s: %v", tc.name, tc.value, err)
		}
		if v, _ := o.Get(tc.name); v != tc.value || !tc.check(o) {
			t.Errorf("%s=%s: reads back %q, or does not move its method", tc.name, tc.value, v)
		}
		if !slices.Contains(o.Changed(), tc.name+"="+tc.value) {
			t.Errorf("%s=%s: Changed() = %v", tc.name, tc.value, o.Changed())
		}
	}
	o := Options{InstantKillScore: ScoreProfile}
	if err := o.ReadBy(WHFB8); err == nil || err.Error() != "option instant_kill_score: only battleaxe reads it" {
		t.Errorf("ReadBy(whfb8) = %v", err)
	}
	if err := o.ReadBy(Battleaxe); err != nil {
		t.Errorf("ReadBy(battleaxe) = %v", err)
	}
	var p Options
	if err := p.Set("combat_score", "proper_ranks"); !errors.Is(err, ErrProperRanks) {
		t.Errorf("combat_score proper_ranks: %v, want ErrProperRanks", err)
	}
}
