package rules

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestTraitFamilies checks which rulesets have each yes-or-no trait, with the
// RULES.md section that says so.
func TestTraitFamilies(t *testing.T) {
	B, W, T, R, S, O := Battleaxe, WHFB8, T9A, T9A1RU, Skirmish, TOW
	for _, c := range []struct {
		trait string
		ref   string // RULES.md
		has   func(*Traits) bool
		want  []Ruleset
	}{
		{"ranked units with wound pools", "10, 13", func(t *Traits) bool { return t.Block }, []Ruleset{B, W, T, R, O}},
		{"armour is one number", "7.2", func(t *Traits) bool { return t.ArmourValue }, []Ruleset{T}},
		{"a suit worsened by AP", "22.4", func(t *Traits) bool { return t.SuitWithAP }, []Ruleset{O}},
		{"barding improves the save", "7.1, 7.3, 19.3", func(t *Traits) bool { return t.Barding }, []Ruleset{B, W, R, O}},
		{"the special save is a ward", "8.1, 8.2", func(t *Traits) bool { return t.Ward }, []Ruleset{B, W, R, S, O}},
		{"models may have Regeneration", "8", func(t *Traits) bool { return t.Regeneration }, []Ruleset{B, W, T, R, O}},
		{"Fly matters", "9", func(t *Traits) bool { return t.Fly }, []Ruleset{T, R}},
		{"clipped_wings", "9", func(t *Traits) bool { return t.ClippedWings }, []Ruleset{T}},
		{"lethal strike", "19.3", func(t *Traits) bool { return t.LethalStrike }, []Ruleset{T, R}},
		{"lethal strike is AP 10", "19.3", func(t *Traits) bool { return t.LethalStrikeAP }, []Ruleset{T}},
		{"a Flaming wound ends Regeneration for the phase", "8, 19.3, C26", func(t *Traits) bool { return t.FlamingStopsRegeneration }, []Ruleset{B, W}},
		{"no Regeneration against a Flaming attack", "8, 8.3", func(t *Traits) bool { return t.flamingDeniesRegeneration }, []Ruleset{B, W, T, R}},
		{"damage_model may keep damage per model", "11.3, R1", func(t *Traits) bool { return t.DamageModelSwitch }, []Ruleset{B}},
		{"mw_cap may cap at the wounds left", "19.2", func(t *Traits) bool { return t.MWCapSwitch }, []Ruleset{W}},
		{"champion pool", "10.1, 11.4", func(t *Traits) bool { return t.ChampionPool }, []Ruleset{T, R}},
		{"bs is the target number", "5, E04, E06", func(t *Traits) bool { return t.BSTarget }, []Ruleset{B, T}},
		{"critical hits", "6.2", func(t *Traits) bool { return t.criticals }, []Ruleset{S}},
		{"never too tough to wound", "6.1, E11", func(t *Traits) bool { return t.tooTough == noTooTough }, []Ruleset{T}},
		{"BS 6-10 re-roll a miss", "22.2, E153", func(t *Traits) bool { return t.HighBSRetry }, []Ruleset{O}},
		{"Regeneration after damage, per Wound lost", "22.6", func(t *Traits) bool { return t.RegenerationAfterDamage }, []Ruleset{O}},
		{"Multiple Wounds never spill", "22.7", func(t *Traits) bool { return t.MWRemaining }, []Ruleset{O}},
		{"panic on more than the threshold", "22.9", func(t *Traits) bool { return t.PanicMoreThan }, []Ruleset{O}},
		{"a failed panic test falls back or flees by size", "22.9, E169", func(t *Traits) bool { return t.PanicFallBack }, []Ruleset{O}},
		{"troop sub-categories", "22.10, 22.12", func(t *Traits) bool { return t.TroopCategories }, []Ruleset{O}},
		{"every instant kill takes the model now losing Wounds", "22.7, 22.18", func(t *Traits) bool { return t.InstantKillNowLosing }, []Ruleset{O}},
	} {
		if got := RulesetsWhere(c.has); !slices.Equal(got, c.want) {
			t.Errorf("%s (RULES.md %s): %v, want %v", c.trait, c.ref, got, c.want)
		}
	}
}

// TestTraitValues checks the traits that are numbers or lists, ruleset by
// ruleset, with the RULES.md section that gives them.
func TestTraitValues(t *testing.T) {
	m, s, c := MusicianPost, StandardPost, ChampionPost
	for _, tc := range []struct {
		trait string
		ref   string // RULES.md
		get   func(*Traits) any
		want  map[Ruleset]any
	}{
		{"label", "2", func(t *Traits) any { return t.name }, map[Ruleset]any{
			Battleaxe: "battleaxe", WHFB8: "whfb8", T9A: "t9a", T9A1RU: "t9a1-ru", Skirmish: "skirmish", TOW: "tow"}},
		{"command order", "11.4", func(t *Traits) any { return fmt.Sprint(t.Command) }, map[Ruleset]any{
			Battleaxe: fmt.Sprint([]CommandPost{m, c, s}), WHFB8: fmt.Sprint([]CommandPost{m, s, c}),
			T9A: fmt.Sprint([]CommandPost{m, s}), T9A1RU: fmt.Sprint([]CommandPost{m, s}), Skirmish: "[]", TOW: fmt.Sprint([]CommandPost{m, s, c})}},
		{"highest to-hit need that can hit", "5, E03, E06", func(t *Traits) any { return t.sixThenUpTo }, map[Ruleset]any{
			Battleaxe: 9, WHFB8: 9, T9A: 7, T9A1RU: 9, Skirmish: 6, TOW: 9}},
		{"S - T that cannot wound", "6.1, E10, E12, 22.3", func(t *Traits) any { return t.tooTough }, map[Ruleset]any{
			Battleaxe: -4, WHFB8: -4, T9A: noTooTough, T9A1RU: -4, Skirmish: -4, TOW: -6}},
		{"armour save natural fail", "3, 7, R32", func(t *Traits) any { return t.armourFloor }, map[Ruleset]any{
			Battleaxe: 1, WHFB8: 1, T9A: 1, T9A1RU: 1, Skirmish: 1, TOW: 1}},
		{"special save natural fail", "8.1, 8.2, R16", func(t *Traits) any { return t.specialFloor }, map[Ruleset]any{
			Battleaxe: 1, WHFB8: 1, T9A: 2, T9A1RU: 1, Skirmish: 1, TOW: 1}},
	} {
		for _, r := range Rulesets() {
			if got := tc.get(For(r)); got != tc.want[r] {
				t.Errorf("%v %s (RULES.md %s) = %v, want %v", r, tc.trait, tc.ref, got, tc.want[r])
			}
		}
	}
}

// TestSwitchRulesets checks the rulesets each switch is read by, as derived
// from the rows' switch sets, against RULES.md 18 and 19.
func TestSwitchRulesets(t *testing.T) {
	B, W, T, R, S, O := Battleaxe, WHFB8, T9A, T9A1RU, Skirmish, TOW
	block := []Ruleset{B, W, T, R, O}
	want := map[string]struct {
		ref string // RULES.md
		rs  []Ruleset
	}{
		"damage_model":                {"R1, 11.3", []Ruleset{B}},
		"cap_after_modifiers":         {"R2", []Ruleset{B}},
		"unarmoured_cavalry_save":     {"R3", []Ruleset{B}},
		"instant_kill_takes":          {"R5, 22.18", []Ruleset{B, W, T, R}},
		"single_rank_policy":          {"R11", block},
		"rear_rank_order":             {"R12", block},
		"multi_packet_order":          {"R35, 22.13", []Ruleset{B, O}},
		"overflow_across_pools":       {"R18, C14", []Ruleset{T, R}},
		"melee_to_hit_legacy":         {"R33", []Ruleset{T}},
		"command_order":               {"11.4", []Ruleset{T, R}},
		"regen_vs_flaming":            {"8.3", []Ruleset{R}},
		"to_wound":                    {"R36", []Ruleset{R}},
		"armour_preset":               {"R25", []Ruleset{S}},
		"low_crit_consumes_allowance": {"R23", []Ruleset{S}},
		"no_crit_when_needing6":       {"R24", []Ruleset{S}},
		"seven_plus_to_hit":           {"5", []Ruleset{S}},
		"special_save_choice":         {"8, 22.13", []Ruleset{B, W, T, R, S, O}},
		"panic_threshold":             {"12, 19.3", block},
		"mw_cap":                      {"19.2", []Ruleset{W}},
		"packet_target":               {"19.2", []Ruleset{B}},
		"poisoned_attacks":            {"22.13", []Ruleset{O}},
		"too_tough_blocks_poison":     {"22.13, T-2", []Ruleset{O}},
		"regeneration_timing":         {"22.13", []Ruleset{O}},
		"poison_multiple_hits":        {"20.9", []Ruleset{B, W, T, R, S, O}},
		"kb_other_troop_types":        {"20.9", []Ruleset{B, W, R}},
		"seven_plus_reroll":           {"20.9", []Ruleset{B, W, T, R, S, O}},
	}
	list := Switches()
	if len(list) != len(want) || len(list) != int(switchCount) {
		t.Errorf("%d switches, %d switch ids, want %d", len(list), switchCount, len(want))
	}
	seen := map[switchID]bool{}
	for _, sw := range list {
		w, ok := want[sw.Name]
		if !ok {
			t.Errorf("switch %s: not in the test's table", sw.Name)
			continue
		}
		if !slices.Equal(sw.Rulesets, w.rs) {
			t.Errorf("switch %s (RULES.md %s) read by %v, want %v", sw.Name, w.ref, sw.Rulesets, w.rs)
		}
		if seen[sw.id] {
			t.Errorf("switch %s: id %d used twice", sw.Name, sw.id)
		}
		seen[sw.id] = true
	}
}

// TestEveryRulesetHasARow checks that the traits table is complete: every
// ruleset has a row that names it, that the stage functions can answer from,
// and whose switch flags agree with its switch set. A seventh ruleset whose
// row forgets a procedure fails here rather than with a nil call in the
// referee.
func TestEveryRulesetHasARow(t *testing.T) {
	if n := len(traitsTable); n != len(Rulesets())+1 {
		t.Errorf("traits table has %d rows, want one per ruleset and the empty NoRuleset row", n)
	}
	for _, r := range Rulesets() {
		tr := For(r)
		if tr.Ruleset != r {
			t.Errorf("row %d says it is %v", int(r), tr.Ruleset)
		}
		if got, err := ParseRuleset(tr.name); err != nil || got != r {
			t.Errorf("%v: label %q parses as %v, %v", r, tr.name, got, err)
		}
		if tr.title == "" {
			t.Errorf("%v: no title", r)
		}
		if tr.description == "" {
			t.Errorf("%v: no description", r)
		}
		if tr.meleeToHit == nil || tr.armour == nil {
			t.Errorf("%v: a stage procedure is missing (meleeToHit %t, armour %t)", r, tr.meleeToHit != nil, tr.armour != nil)
			continue
		}
		if tr.sixThenUpTo < 6 || tr.armourFloor < 1 || tr.specialFloor < 1 {
			t.Errorf("%v: sixThenUpTo %d, armourFloor %d, specialFloor %d: want at least 6, 1, 1",
				r, tr.sixThenUpTo, tr.armourFloor, tr.specialFloor)
		}
		// a ruleset whose instant kills all take the model now losing
		// Wounds reads every unit switch but instant_kill_takes (22.18)
		want := unitSwitches
		if tr.InstantKillNowLosing {
			want &^= switchSetOf(swInstantKillTakes)
		}
		if tr.Block && tr.switches&want != want {
			t.Errorf("%v: ranked units but does not read every unit switch", r)
		}
		for _, c := range []struct {
			flag bool
			id   switchID
			name string
		}{
			{tr.DamageModelSwitch, swDamageModel, "DamageModelSwitch"},
			{tr.MWCapSwitch, swMWCap, "MWCapSwitch"},
			{tr.ChampionPool, swCommandOrder, "ChampionPool (command_order)"},
			{tr.Block && !tr.InstantKillNowLosing, swInstantKillTakes, "Block and not InstantKillNowLosing (instant_kill_takes)"},
		} {
			if c.flag != tr.switches.has(c.id) {
				t.Errorf("%v: %s is %t but the switch set says %t", r, c.name, c.flag, tr.switches.has(c.id))
			}
		}

		// Cases every ruleset agrees on, so each stage function is seen to
		// answer from the row.
		o := Options{}
		wantTarget(t, MeleeToHit(r, 3, 3, o), "4+")      // 5: equal skills, E01, E05
		wantTarget(t, ToWound(r, 4, 4, o), "4+")         // 6.1: S = T
		wantTarget(t, ToWound(r, 6, 3, o), "2+")         // 6.1: S - T >= 2
		wantTarget(t, TargetToHit(r, Need(4), -1), "5+") // 5
		if first, second, ok := HitRolls(r, Need(4), o); !ok || first != Need(4) || !second.IsNone() {
			t.Errorf("%v: HitRolls(4+) = %v, %v, %v", r, first, second, ok) // 5
		}
		if first, second, ok := HitRolls(r, Need(7), o); ok != (tr.sixThenUpTo >= 7) || ok && (first != Need(6) || second != Need(4)) {
			t.Errorf("%v: HitRolls(7+) = %v, %v, %v", r, first, second, ok) // 5, E03
		}
		if d := ArmourSaveDetail(r, SaveProfile{}, Infantry, Penetration{}, o); !d.Need.IsNone() {
			t.Errorf("%v: an unarmoured infantry model has a save %v", r, d) // 7, E19, E24
		}
		ward := SpecialSaves{Ward: Need(4)}
		if got, kind := SpecialSave(r, ward, SaveContext{}, o); got != Need(4) || kind != Ward {
			t.Errorf("%v: SpecialSave(ward 4+) = %v %v", r, got, kind) // 8
		}
		if got, want := ArmourFloor(r), tr.armourFloor; got != want {
			t.Errorf("%v: ArmourFloor = %d, want %d", r, got, want)
		}
		if got, want := SpecialFloor(r), tr.specialFloor; got != want {
			t.Errorf("%v: SpecialFloor = %d, want %d", r, got, want)
		}
		if got := CanCritical(r, Melee, Bladed, Need(4), o); got != tr.criticals {
			t.Errorf("%v: CanCritical = %t, want %t", r, got, tr.criticals) // 6.2
		}
	}
}

// TestNoRulesetHasNoRow checks that the empty row 0 is never handed out.
func TestNoRulesetHasNoRow(t *testing.T) {
	for _, r := range []Ruleset{NoRuleset, rulesetCount, -1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("For(%d) did not panic", int(r))
				}
			}()
			For(r)
		}()
	}
}

// TestParseRulesetError lists the labels from the rows.
func TestParseRulesetError(t *testing.T) {
	_, err := ParseRuleset("aos")
	want := `unknown ruleset "aos": want battleaxe, whfb8, t9a, t9a1-ru, skirmish or tow`
	if err == nil || err.Error() != want {
		t.Errorf("ParseRuleset(aos) = %v, want %s", err, want)
	}
}

// TestRulesetNamesOnlyInTheirFiles keeps the layout of the package doc: a
// ruleset's constant appears only where the enum is declared (rules.go), in
// the table of rows (traits.go) and in its own file; every other file asks
// the row. A stage function that compared a ruleset's name would fail here.
func TestRulesetNamesOnlyInTheirFiles(t *testing.T) {
	own := map[string]string{
		"Battleaxe": "battleaxe.go", "WHFB8": "whfb8.go", "T9A": "t9a.go",
		"T9A1RU": "t9a1ru.go", "Skirmish": "skirmish.go", "TOW": "tow.go",
	}
	if len(own) != len(Rulesets()) {
		t.Errorf("the test names the files of %d rulesets, want %d", len(own), len(Rulesets()))
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "rules.go" || name == "traits.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			if file, isRuleset := own[id.Name]; isRuleset && file != name {
				t.Errorf("%v: ruleset %s named outside %s: ask its row (For) instead", fset.Position(id.Pos()), id.Name, file)
			}
			return true
		})
	}
	rulesetNamesOutside(t, "../combat", own)
}

// rulesetNamesOutside fails where a package that asks the rows (combat:
// the close-combat round, RULES.md 21) names a ruleset: a rules constant
// (rules.WHFB8) or a ruleset's name in a message ("only battleaxe reads
// it"), which must come from RulesetsWhere. Comments may name them.
func rulesetNamesOutside(t *testing.T, dir string, own map[string]string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if _, isRuleset := own[n.Sel.Name]; isRuleset {
					t.Errorf("%v: ruleset %s named in %s: ask its row (rules.For) instead", fset.Position(n.Pos()), n.Sel.Name, dir)
				}
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					return true
				}
				for _, r := range Rulesets() {
					if word(n.Value, r.String()) {
						t.Errorf("%v: ruleset %s named in the text %s: name it from rules.RulesetsWhere", fset.Position(n.Pos()), r, n.Value)
					}
				}
			}
			return true
		})
	}
}

// word reports whether name occurs in s as a word of its own: "t9a" is
// not in "t9a1-ru".
func word(s, name string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		before := j == 0 || !isNameByte(s[j-1])
		after := end == len(s) || !isNameByte(s[end])
		if before && after {
			return true
		}
		i = j + 1
	}
}

func isNameByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '-' || b == '_'
}
