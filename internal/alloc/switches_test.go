package alloc

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestSwitches checks the RULES.md 18/19 switches this package reads, each
// against its default.
func TestSwitches(t *testing.T) {
	line := func(o rules.Options) unit.Spec {
		return unit.Spec{Ruleset: rules.WHFB8, Options: o, Models: 5, Profile: elf}
	}
	ogres := func(rs rules.Ruleset, o rules.Options, carried int, damage ...int) unit.Spec {
		return unit.Spec{Ruleset: rs, Options: o, Models: 3, Profile: ogre, Carried: carried, Damage: damage}
	}
	twoPools := func(o rules.Options) unit.Spec {
		return unit.Spec{Ruleset: rules.T9A, Options: o, Models: 3, Profile: elf, Groups: []unit.Group{{Count: 2, Profile: troll}}}
	}
	runExamples(t, []example{
		{"R11 single_rank_policy left", line(rules.Options{SingleRankPolicy: rules.LeftEnd}),
			[]step{{packets: singles(rf, 2), draw: "[R R R]", eff: 2, wasted: 0, slots: "0.0 0.1"}}},
		{"R11 single_rank_policy right", line(rules.Options{SingleRankPolicy: rules.RightEnd}),
			[]step{{packets: singles(rf, 2), draw: "[R R R]", eff: 2, wasted: 0, slots: "0.4 0.3"}}},
		{"R5 instant_kill_takes fresh_model (pooled): the carry stays on its model", ogres(rules.WHFB8, rules.Options{InstantKillTakes: rules.FreshModel}, 2),
			[]step{{packets: []Packet{kill(rf)}, draw: "[R(2) R]", eff: 3, wasted: 0, slots: "0.2"}}},
		{"R5 instant_kill_takes fresh_model (per-model)", ogres(rules.Battleaxe, rules.Options{InstantKillTakes: rules.FreshModel}, 0, 0, 2),
			[]step{{packets: []Packet{kill(rf)}, draw: "[R R(2)]", eff: 3, wasted: 0, slots: "0.0"}}},
		{"R5 instant kill on a lone carrying model takes the carry", unit.Spec{Ruleset: rules.WHFB8, Options: rules.Options{InstantKillTakes: rules.FreshModel}, Models: 1, Profile: ogre, Carried: 2},
			[]step{{packets: []Packet{kill(rf)}, draw: "[]", eff: 1, wasted: 0}}},
		{"19.2 packet_target damaged_first", ogres(rules.Battleaxe, rules.Options{}, 0, 2),
			[]step{{packets: packets(rf, 1), draw: "[R R]", eff: 1, wasted: 0, slots: "0.0"}}},
		{"19.2 packet_target fresh_first", ogres(rules.Battleaxe, rules.Options{PacketTarget: rules.FreshFirst}, 0, 2),
			[]step{{packets: packets(rf, 1), draw: "[R(2) R R(1)]", eff: 1, wasted: 0}}},
		{"19.2 mw_cap profile", unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: ogre, Carried: 1},
			[]step{{packets: packets(rf, 6), draw: "[R R R R(1)]", eff: 3, wasted: 3}}},
		{"19.2 mw_cap remaining", unit.Spec{Ruleset: rules.WHFB8, Options: rules.Options{MWCap: rules.CapRemaining}, Models: 5, Profile: ogre, Carried: 1},
			[]step{{packets: packets(rf, 6), draw: "[R R R R]", eff: 2, wasted: 4}}},
		{"R1 damage_model pooled: battleaxe sums capped packets", unit.Spec{Ruleset: rules.Battleaxe, Options: rules.Options{DamageModel: rules.Pooled}, Models: 5, Profile: ogre},
			[]step{{packets: packets(rf, 2, 2, 3), draw: "[R(1) R R]", eff: 7, wasted: 0}}},
		{"R18 overflow_across_pools lost", twoPools(rules.Options{}),
			[]step{{packets: singles(rf, 5), draw: "[I I]", eff: 3, wasted: 2}}},
		{"C14 overflow_across_pools to_next_pool", twoPools(rules.Options{OverflowAcrossPools: rules.OverflowToNextPool}),
			[]step{{packets: singles(rf, 5), draw: "[I I(2)]", eff: 5, wasted: 0}}},
	})
}

func TestCommandOrder(t *testing.T) {
	spec := func(rs rules.Ruleset, o rules.CommandOrder) unit.Spec {
		return unit.Spec{Ruleset: rs, Options: rules.Options{CommandOrder: o}, Models: 3, Profile: elf,
			Command: []unit.Role{unit.Musician, unit.StandardBearer}, Layout: "M R S"}
	}
	for _, tc := range []struct {
		name string
		spec unit.Spec
		ch   unit.Chooser
		want string
		lost bool
	}{
		{"11.4 t9a musician first", spec(rules.T9A, rules.MusicianFirst), nil, "[S]", false},
		{"11.4 t9a standard first", spec(rules.T9A, rules.StandardFirst), nil, "[M]", true},
		{"11.4 t9a owner choice: the standard", spec(rules.T9A, rules.CommandOwnerChoice), unit.ChooserFunc(func(c unit.Choice) int {
			if c.Switch != "command_order" || len(c.Options) != 2 || c.Options[1].Model.Role != unit.StandardBearer {
				t.Errorf("unexpected choice %+v", c)
			}
			return 1
		}), "[M]", true},
		{"11.4 whfb8 ignores command_order", spec(rules.WHFB8, rules.StandardFirst), nil, "[S]", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := mustNew(t, tc.spec)
			u.StartBatch(tc.ch)
			var lost bool
			for range 2 {
				c, err := u.Apply(Packet{Target: rf, Wounds: 1})
				if err != nil {
					t.Fatal(err)
				}
				lost = lost || c.StandardLost
			}
			if _, err := u.EndBatch(); err != nil {
				t.Fatal(err)
			}
			if u.Draw() != tc.want || lost != tc.lost || u.StandardLost() != tc.lost {
				t.Errorf("%s, standard lost %v/%v; want %s, %v", u.Draw(), lost, u.StandardLost(), tc.want, tc.lost)
			}
		})
	}
}

func TestChooser(t *testing.T) {
	t.Run("R11 owner_choice without a Chooser: the default stands in (18)", func(t *testing.T) {
		u := mustNew(t, unit.Spec{Ruleset: rules.T9A, Options: rules.Options{SingleRankPolicy: rules.SingleRankOwnerChoice}, Models: 5, Profile: elf})
		u.StartBatch(nil)
		c := applied(t, u, singles(rf, 3))
		if got := files(c); got != "0.0 0.4 0.1" {
			t.Errorf("removed %s, want 0.0 0.4 0.1 (balance: left, right, left)", got)
		}
	})
	t.Run("R11 owner_choice: the unit never asks; the owner's odd end takes the batch's ties", func(t *testing.T) {
		u := mustNew(t, unit.Spec{Ruleset: rules.T9A, Options: rules.Options{SingleRankPolicy: rules.SingleRankOwnerChoice}, Models: 5, Profile: elf})
		asked := 0
		u.StartBatch(unit.ChooserFunc(func(c unit.Choice) int { asked++; return 0 }))
		if !u.OddOpen() || u.OddDefault() != 0 {
			t.Errorf("OddOpen %v, OddDefault %d: want open, the left end", u.OddOpen(), u.OddDefault())
		}
		u.SetOddEnd(1) // the right end gives up the odd casualty
		if u.OddOpen() {
			t.Error("OddOpen after SetOddEnd")
		}
		c := applied(t, u, singles(rf, 3))
		if got := files(c); got != "0.4 0.0 0.3" {
			t.Errorf("removed %s, want 0.4 0.0 0.3 (right, left, right)", got)
		}
		if _, err := u.EndBatch(); err != nil {
			t.Fatal(err)
		}
		if asked != 0 {
			t.Errorf("asked %d times, want none", asked)
		}
		// over the game (C21) the right end gave up 2, the left 1, so the
		// default takes the left first
		u.StartBatch(nil)
		if u.OddDefault() != 0 {
			t.Errorf("OddDefault %d after the right end gave up 2 and the left 1: want 0, the left", u.OddDefault())
		}
		d := applied(t, u, singles(rf, 2))
		if got := files(d); got != "0.1 0.2" {
			t.Errorf("next batch removed %s, want 0.1 0.2 (left, then right)", got)
		}
	})
	t.Run("R11 OddDefault: the end the default gives the batch's next tie", func(t *testing.T) {
		u := mustNew(t, unit.Spec{Ruleset: rules.WHFB8, Options: rules.Options{SingleRankPolicy: rules.SingleRankOwnerChoice}, Models: 7, Frontage: 7, Profile: elf})
		u.StartBatch(nil)
		if _, err := u.Apply(Packet{Target: rf, Wounds: 1}); err != nil { // the left end
			t.Fatal(err)
		}
		if _, err := u.EndBatch(); err != nil {
			t.Fatal(err)
		}
		// over the game the left gave 1: the right takes every tie now, and
		// still after a right (the counters level in the batch, the game's
		// too) and after a left (the right is owed one first)
		u.StartBatch(nil)
		for range 3 {
			if got := u.OddDefault(); got != 1 {
				t.Errorf("after %d removals: OddDefault %d, want 1", 7-u.Size(), got)
			}
			if _, err := u.Apply(Packet{Target: rf, Wounds: 1}); err != nil {
				t.Fatal(err)
			}
		}
	})
	t.Run("R11 C25 OddChanges: nothing to ask when only one end may go", func(t *testing.T) {
		ms := []unit.Role{unit.Musician, unit.StandardBearer}
		for _, tc := range []struct {
			layout  string
			command []unit.Role
			odd     bool
		}{
			{"R R R R R R M", ms[:1], false}, // C25: the musician's end gives way to the other, whatever the tie-break
			{"M R R R R R S", ms, true},      // neither end may go: the nearest from each end, two different models
			{"M R S", ms, false},             // one model may go: only the side that closes up differs
		} {
			u := mustNew(t, unit.Spec{Ruleset: rules.WHFB8, Options: rules.Options{SingleRankPolicy: rules.SingleRankOwnerChoice},
				Models: len(strings.Fields(tc.layout)), Profile: elf, Command: tc.command, Layout: tc.layout})
			u.StartBatch(nil)
			before := u.Key()
			if got := u.OddChanges(Packet{Target: rf, Wounds: 1}); got != tc.odd {
				t.Errorf("%s: OddChanges %v, want %v", tc.layout, got, tc.odd)
			}
			if u.Key() != before {
				t.Errorf("%s: OddChanges changed the unit", tc.layout)
			}
		}
	})
	t.Run("R11 OddChanges: a wound carried on a pool of one kind changes nothing; one that removes a model does", func(t *testing.T) {
		u := mustNew(t, unit.Spec{Ruleset: rules.WHFB8, Options: rules.Options{SingleRankPolicy: rules.SingleRankOwnerChoice}, Models: 4, Profile: unit.Profile{W: 2, T: 4}})
		u.StartBatch(nil)
		one := Packet{Target: rf, Wounds: 1}
		if u.OddChanges(one) {
			t.Error("1 wound on 4 models of 2 Wounds: OddChanges, want false (carried, nobody removed)")
		}
		if _, err := u.Apply(one); err != nil {
			t.Fatal(err)
		}
		if !u.OddChanges(one) {
			t.Error("the 2nd wound removes a model from one end or the other: OddChanges false, want true")
		}
		if u.OddChangesAim(rf) {
			t.Error("OddChangesAim in a pool of one kind: want false")
		}
	})
	t.Run("R11 R41: carried wounds stay on the model the owner's end put them on", func(t *testing.T) {
		// [R R I I]: two men of 1 Wound, two of 3
		u := mustNew(t, unit.Spec{Ruleset: rules.WHFB8, Options: rules.Options{SingleRankPolicy: rules.SingleRankOwnerChoice}, Models: 2, Frontage: 4,
			Profile: unit.Profile{W: 1, T: 3}, Groups: []unit.Group{{Count: 2, Profile: unit.Profile{W: 3, T: 3}}}})
		u.StartBatch(unit.ChooserFunc(func(unit.Choice) int { return 0 }))
		if !u.OddChangesAim(rf) {
			t.Error("left a model of 1 Wound, right one of 3: OddChangesAim false, want true")
		}
		u.SetOddEnd(1)
		for _, k := range []int{3, 1, 1} { // the right I goes, then the left R, then the tie is the right end's again
			if _, err := u.Apply(Packet{Target: rf, Wounds: k, Multi: true}); err != nil {
				t.Fatal(err)
			}
		}
		if got := u.DrawDamage(); got != "[R I(1)]" {
			t.Errorf("in the batch %s, want [R I(1)]", got)
		}
		c, err := u.EndBatch()
		if err != nil {
			t.Fatal(err)
		}
		if got := u.DrawDamage(); got != "[R I(1)]" || len(c.Removed) != 0 {
			t.Errorf("after the batch %s, %d removed; want [R I(1)], none: the wound stays on the I (R41), not moved to the man of 1 Wound", got, len(c.Removed))
		}
		if err := u.Check(); err != nil {
			t.Fatal(err)
		}
		// the next batch's single wound lands on the I, which carries 2;
		// the next takes it, worth the 2 it had left (R38), and the man is next
		u.StartBatch(nil)
		for range 2 {
			if _, err := u.Apply(Packet{Target: rf, Wounds: 1}); err != nil {
				t.Fatal(err)
			}
		}
		c, err = u.EndBatch()
		if err != nil {
			t.Fatal(err)
		}
		if got := u.DrawDamage(); got != "[R]" {
			t.Errorf("next batch: %s, want [R] (the I gone)", got)
		}
		if err := u.Check(); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("StandIn: the defaults of every owner_choice switch, named", func(t *testing.T) {
		o := rules.Options{SingleRankPolicy: rules.SingleRankOwnerChoice, RearRankOrder: rules.RearRankOwnerChoice,
			CommandOrder: rules.CommandOwnerChoice, SpecialSaveChoice: rules.SaveOwnerChoice}
		u := mustNew(t, unit.Spec{Ruleset: rules.T9A, Options: o, Models: 10, Profile: elf, Command: []unit.Role{unit.Musician, unit.StandardBearer}})
		v, in := u.StandIn(nil)
		var got []string
		for _, s := range in {
			got = append(got, s.Switch+"="+s.Default)
		}
		want := []string{"single_rank_policy=balance", "rear_rank_order=alternate_ends", "command_order=musician_first", "special_save_choice=best"}
		if !cmp.Equal(got, want) {
			t.Errorf("stand-ins %v, want %v", got, want)
		}
		if v.Options() != (rules.Options{}) || u.Options() != o {
			t.Errorf("options %+v (u %+v): want the defaults on the copy, u unchanged", v.Options(), u.Options())
		}
		if w, in := v.StandIn(nil); w != v || in != nil {
			t.Errorf("StandIn of a unit with no owner_choice: %v, %v; want itself, none", w == v, in)
		}
		if _, in := u.StandIn(func(name string) bool { return name != "special_save_choice" }); len(in) != 1 || in[0].Switch != "special_save_choice" {
			t.Errorf("asked about all but special_save_choice: stand-ins %v", in)
		}
	})
	t.Run("R12 22.8 tow rear_rank_order owner_choice without a Chooser: left to right stands in", func(t *testing.T) {
		for _, o := range []rules.Options{{RearRankOrder: rules.RearRankOwnerChoice}, {}} {
			u := mustNew(t, unit.Spec{Ruleset: rules.TOW, Options: o, Models: 9, Frontage: 5, Profile: elf})
			u.StartBatch(nil)
			c := applied(t, u, singles(rf, 3))
			if got := files(c); got != "1.0 1.1 1.2" {
				t.Errorf("%+v: removed %s, want 1.0 1.1 1.2 (from the left end)", o, got)
			}
		}
		_, in := mustNew(t, unit.Spec{Ruleset: rules.TOW, Options: rules.Options{RearRankOrder: rules.RearRankOwnerChoice}, Models: 9, Frontage: 5, Profile: elf}).StandIn(nil)
		if len(in) != 1 || in[0].String() != "rear_rank_order is owner_choice, and nobody is asked here: the engine's default (left to right) stands in" {
			t.Errorf("stand-in %v", in)
		}
	})
	t.Run("R12 rear_rank_order owner_choice: the middle model, gap closed (C4)", func(t *testing.T) {
		u := mustNew(t, unit.Spec{Ruleset: rules.WHFB8, Options: rules.Options{RearRankOrder: rules.RearRankOwnerChoice}, Models: 10, Profile: elf})
		u.StartBatch(unit.ChooserFunc(func(c unit.Choice) int { return len(c.Options) / 2 }))
		c, err := u.Apply(Packet{Target: rf, Wounds: 1})
		if err != nil {
			t.Fatal(err)
		}
		if err := u.Check(); err != nil {
			t.Fatal(err)
		}
		if files(c) != "1.2" || u.Draw() != "[R R R R R] / [R R R R]" {
			t.Errorf("removed %s, formation %s", files(c), u.Draw())
		}
	})
	t.Run("R12 C1 per-model look-ahead asks only about the formation as it stands", func(t *testing.T) {
		u := mustNew(t, unit.Spec{Ruleset: rules.Battleaxe, Options: rules.Options{RearRankOrder: rules.RearRankOwnerChoice}, Models: 10, Frontage: 5,
			Profile: unit.Profile{W: 3, T: 4}})
		start := u.Draw()
		var asked []string
		u.StartBatch(unit.ChooserFunc(func(c unit.Choice) int {
			asked = append(asked, regexp.MustCompile(`\(\d+\)`).ReplaceAllString(c.Formation, ""))
			return c.Default
		}))
		for range 3 { // packets of 1: nobody dies, each lands on another model (11.3)
			if _, err := u.Apply(Packet{Target: rf, Wounds: 1, Multi: true}); err != nil {
				t.Fatal(err)
			}
		}
		if len(asked) == 0 {
			t.Fatal("never asked")
		}
		for _, f := range asked {
			if f != start {
				t.Errorf("asked about %s, a formation that does not stand (the unit is %s)", f, start)
			}
		}
	})
	t.Run("a Chooser answering out of range is an error", func(t *testing.T) {
		u := mustNew(t, unit.Spec{Ruleset: rules.WHFB8, Options: rules.Options{RearRankOrder: rules.RearRankOwnerChoice}, Models: 10, Profile: elf})
		u.StartBatch(unit.ChooserFunc(func(c unit.Choice) int { return 9 }))
		if _, err := u.Apply(Packet{Target: rf, Wounds: 1}); err == nil || !strings.Contains(err.Error(), "rear_rank_order") {
			t.Errorf("error %v", err)
		}
	})
}

// TestNamedModels checks packets and instant kills aimed at one model (C11,
// C12, 10.1 whfb8 champion, 11.5 characters).
func TestNamedModels(t *testing.T) {
	full := []unit.Role{unit.Musician, unit.StandardBearer, unit.Champion}
	hero := unit.Target{Role: unit.Character, Name: "Hero"}
	runExamples(t, []example{
		{"C12 instant kill aimed at the musician takes the closest R&F", unit.Spec{Ruleset: rules.WHFB8, Models: 10, Profile: elf, Command: full},
			[]step{{packets: []Packet{kill(unit.Target{Role: unit.Musician})}, draw: "[R M C S R] / [R R R R]", eff: 1, wasted: 0, slots: "0.0"}}},
		{"C12 with no R&F left the musician goes", unit.Spec{Ruleset: rules.WHFB8, Models: 3, Profile: elf, Command: full},
			[]step{{packets: []Packet{kill(unit.Target{Role: unit.Musician})}, draw: "[C S]", eff: 1, wasted: 0, slots: "0.0"}}},
		{"10.1 whfb8 champion attacked directly: excess lost", unit.Spec{Ruleset: rules.WHFB8, Models: 3, Profile: ogre, Command: []unit.Role{unit.Champion}},
			[]step{{packets: packets(champ, 6), draw: "[R R]", eff: 3, wasted: 3, slots: "0.1"}}},
		{"C10 whfb8 champion alone bears the carry", unit.Spec{Ruleset: rules.WHFB8, Models: 1, Profile: ogre, Command: []unit.Role{unit.Champion}, Carried: 1},
			[]step{
				{packets: singles(champ, 1), draw: "[C(2)]", eff: 1, wasted: 0},
				{packets: singles(champ, 2), draw: "[]", eff: 1, wasted: 1},
			}},
		{"C10 whfb8 damaged champion dies when the pool total reaches his wounds left", unit.Spec{Ruleset: rules.WHFB8, Models: 2, Profile: ogre, Command: []unit.Role{unit.Champion}, ChampionDamage: 2},
			[]step{{packets: singles(rf, 4), draw: "[]", eff: 4, wasted: 0}}},
		{"C11 t9a champion packet capped at profile W", unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: elf, Command: []unit.Role{unit.Champion}, Champion: &unit.Profile{W: 2, T: 3}},
			[]step{{packets: packets(champ, 6), draw: "[R R R R]", eff: 2, wasted: 4, slots: "0.2"}}},
		{"11.5 character killed in a deep unit: repaired from the rear", unit.Spec{Ruleset: rules.WHFB8, Models: 7, Profile: elf, Characters: []unit.CharacterSpec{{Name: "Hero", Profile: unit.Profile{W: 2}, File: -1}}},
			[]step{{packets: []Packet{kill(hero)}, draw: "[R R R R R] / [R R]", eff: 2, wasted: 0, slots: "0.2"}}},
		{"11.5 dead character: later wounds lost", unit.Spec{Ruleset: rules.WHFB8, Models: 2, Profile: elf, Characters: []unit.CharacterSpec{{Name: "Hero", Profile: unit.Profile{W: 1}, File: -1}}},
			[]step{{packets: singles(hero, 3), draw: "[R R]", eff: 1, wasted: 2}}},
		{"C4 character dies inside a single rank: shorter side steps in", unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: elf, Layout: "R H R R R R",
			Characters: []unit.CharacterSpec{{Name: "Hero", Profile: unit.Profile{W: 1}}}},
			[]step{{packets: singles(hero, 1), draw: "[R R R R R]", eff: 1, wasted: 0, slots: "0.1"}}},
	})
}

func TestOnlyCharacters(t *testing.T) {
	u := mustNew(t, unit.Spec{Ruleset: rules.T9A, Models: 2, Profile: elf, Characters: []unit.CharacterSpec{{Name: "Hero", Profile: unit.Profile{W: 3}, File: -1}}})
	batch(t, u, singles(rf, 3))
	if !u.OnlyCharacters() || u.Destroyed() || u.Draw() != "[H]" || u.Size() != 1 {
		t.Errorf("%s only characters %v destroyed %v size %d", u.Draw(), u.OnlyCharacters(), u.Destroyed(), u.Size())
	}
	batch(t, u, []Packet{kill(unit.Target{Role: unit.Character, Name: "Hero"})})
	if !u.Destroyed() || u.OnlyCharacters() || u.Draw() != "[]" {
		t.Errorf("%s destroyed %v", u.Draw(), u.Destroyed())
	}
}

func TestPlacement(t *testing.T) {
	hero := func(name string, file int) unit.CharacterSpec {
		return unit.CharacterSpec{Name: name, Profile: unit.Profile{W: 2}, File: file}
	}
	for _, tc := range []struct {
		name string
		spec unit.Spec
		want string
	}{
		{"E59 full command in the front centre", unit.Spec{Ruleset: rules.Battleaxe, Models: 10, Profile: elf, Command: []unit.Role{unit.StandardBearer, unit.Champion, unit.Musician}}, "[R M C S R] / [R R R R R]"},
		{"short rear rank centred", unit.Spec{Ruleset: rules.WHFB8, Models: 8, Profile: elf}, "[R R R R R] / [R R R]"},
		{"characters beside the command, first on the left", unit.Spec{Ruleset: rules.WHFB8, Models: 13, Frontage: 7, Profile: elf, Command: []unit.Role{unit.Musician, unit.StandardBearer},
			Characters: []unit.CharacterSpec{hero("A", -1), hero("B", -1)}}, "[R H M S H R R] / [R R R R R R R] / [R]"},
		{"character on a fixed file", unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: elf, Command: []unit.Role{unit.Musician}, Characters: []unit.CharacterSpec{hero("A", 0)}}, "[H R M R R] / [R]"},
		{"frontage wider than the unit: one rank of all its models (22.18)", unit.Spec{Ruleset: rules.WHFB8, Models: 3, Frontage: 7, Profile: elf}, "[R R R]"},
		{"layout", unit.Spec{Ruleset: rules.T9A, Models: 8, Profile: elf, Command: []unit.Role{unit.Champion}, Layout: "R R C R R / . R R R ."}, "[R R C R R] / [R R R]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := mustNew(t, tc.spec)
			if got := u.Draw(); got != tc.want {
				t.Errorf("%s, want %s", got, tc.want)
			}
		})
	}
	// RULES.md 22.18: a frontage wider than the unit is one rank of all
	// its models, 3 files wide, and a note says so.
	u := mustNew(t, unit.Spec{Ruleset: rules.WHFB8, Models: 3, Frontage: 7, Profile: elf})
	if r := u.Ranks(); len(r) != 1 || len(r[0]) != 3 || r[0][0].Model == nil || r[0][2].Model == nil || u.Frontage() != 3 {
		t.Errorf("three models asked for seven files should stand in one rank of 3 files: frontage %d, %v", u.Frontage(), r)
	}
	want := "frontage 7 is wider than the unit's 3 models: it stands in one rank of 3 files (rules 19.1)"
	if n := u.Notes(); len(n) != 1 || n[0].String() != want {
		t.Errorf("notes %q, want %q", n, want)
	}
	if n := mustNew(t, unit.Spec{Ruleset: rules.WHFB8, Models: 3, Frontage: 3, Profile: elf}).Notes(); n != nil {
		t.Errorf("frontage 3 on 3 models: notes %q, want none", n)
	}
}

func TestReceiver(t *testing.T) {
	u := mustNew(t, unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: ogre, Command: []unit.Role{unit.Champion}, Champion: &unit.Profile{W: 3, WS: 5}, Carried: 2,
		Characters: []unit.CharacterSpec{{Name: "Hero", Profile: unit.Profile{W: 3, WS: 6}, File: -1}}})
	for _, tc := range []struct {
		t    unit.Target
		want unit.Model
	}{
		{rf, unit.Model{Role: unit.RankAndFile, Profile: ogre, Damage: 2}},
		{champ, unit.Model{Role: unit.Champion, Profile: unit.Profile{W: 3, WS: 5}}},
		{unit.Target{Role: unit.Character, Name: "Hero"}, unit.Model{Role: unit.Character, Name: "Hero", Profile: unit.Profile{W: 3, WS: 6}}},
	} {
		got, err := u.Receiver(tc.t)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(tc.want, got, cmpopts.EquateComparable(rules.Target{})); d != "" {
			t.Errorf("Receiver(%s): (-want +got)\n%s", tc.t, d)
		}
	}
	for _, bad := range []unit.Target{{Role: unit.Character, Name: "Nobody"}, {Role: unit.Musician}} {
		if _, err := u.Receiver(bad); !errors.Is(err, unit.ErrNoTarget) {
			t.Errorf("Receiver(%s): %v, want ErrNoTarget", bad, err)
		}
	}
	batch(t, u, []Packet{kill(unit.Target{Role: unit.Character, Name: "Hero"})})
	if _, err := u.Receiver(unit.Target{Role: unit.Character, Name: "Hero"}); !errors.Is(err, unit.ErrNoTarget) {
		t.Errorf("dead character: %v, want ErrNoTarget", err)
	}
	// Per-model: the most damaged model receives.
	b := mustNew(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 3, Profile: ogre, Damage: []int{0, 0, 1}})
	if m, _ := b.Receiver(rf); m.Damage != 1 {
		t.Errorf("battleaxe receiver damage %d, want the damaged model", m.Damage)
	}
}

func TestApplyErrors(t *testing.T) {
	u := mustNew(t, unit.Spec{Ruleset: rules.T9A, Models: 3, Profile: elf, Groups: []unit.Group{{Count: 2, Profile: troll}}})
	for _, tc := range []struct {
		p    Packet
		want string
	}{
		{Packet{Target: rf, Wounds: 2}, "single wound is 1"},
		{Packet{Target: rf, Wounds: 0, Multi: true}, "want 1 to 1000"},
		{Packet{Target: unit.Target{Role: unit.RankAndFile, TroopType: rules.Cavalry}, Wounds: 1}, "no cavalry rank-and-file pool"},
		{Packet{Target: champ, Wounds: 1}, "no champion"},
		{Packet{Target: unit.Target{}, Wounds: 1}, "target role none"},
	} {
		before := u.Key()
		if _, err := u.Apply(tc.p); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Apply(%+v): %v, want %q", tc.p, err, tc.want)
		}
		if u.Key() != before {
			t.Errorf("Apply(%+v) changed the unit", tc.p)
		}
	}
	s := mustNew(t, unit.Spec{Ruleset: rules.Skirmish, Models: 1, Profile: elf})
	if _, err := s.Apply(Packet{Target: rf, Wounds: 1}); err == nil {
		t.Error("Apply on a skirmish fighter: no error")
	}
}

func TestSkirmish(t *testing.T) {
	u := mustNew(t, unit.Spec{Ruleset: rules.Skirmish, Name: "Hero", Models: 1, Profile: unit.Profile{W: 2, T: 3}})
	k := u.Key()
	v := u.Clone()
	v.Fighter().Damage = 1
	if u.Key() != k || v.Key() == k || v.DrawDamage() != "[R(1)]" {
		t.Errorf("clone not independent: %q %q %s", u.Key(), v.Key(), v.DrawDamage())
	}
	v.Fighter().Skirmish.Status = unit.OutOfAction
	if !v.Destroyed() || v.Size() != 0 || v.Draw() != "[]" || u.Size() != 1 {
		t.Errorf("out of action: destroyed %v size %d", v.Destroyed(), v.Size())
	}
	if _, err := v.Receiver(rf); !errors.Is(err, unit.ErrNoTarget) {
		t.Errorf("Receiver of a fighter out of action: %v", err)
	}
	if m, err := u.Receiver(rf); err != nil || m.Name != "Hero" {
		t.Errorf("Receiver: %+v %v", m, err)
	}
}

func TestNewErrors(t *testing.T) {
	base := unit.Spec{Ruleset: rules.WHFB8, Models: 10, Profile: elf}
	with := func(f func(*unit.Spec)) unit.Spec {
		s := base
		f(&s)
		return s
	}
	for _, tc := range []struct {
		spec unit.Spec
		want string
	}{
		{with(func(s *unit.Spec) { s.Ruleset = 0 }), "ruleset 0: want battleaxe"},
		{with(func(s *unit.Spec) { s.Frontage = -1 }), "frontage -1: want at least 1"},
		{with(func(s *unit.Spec) { s.Models = -3 }), "models -3: want 0 or more"},
		{with(func(s *unit.Spec) { s.Models = 0 }), "models 0: a unit needs at least one model"},
		{with(func(s *unit.Spec) { s.Profile.W = 0 }), "profile.w 0: want 1 to 100"},
		{with(func(s *unit.Spec) { s.Command = []unit.Role{unit.Musician, unit.Musician} }), "command[1] musician: given twice"},
		{with(func(s *unit.Spec) { s.Command = []unit.Role{unit.Character} }), "command[0] character: want musician"},
		{with(func(s *unit.Spec) {
			s.Models = 2
			s.Command = []unit.Role{unit.Musician, unit.Champion, unit.StandardBearer}
		}), "models 2: fewer than the 3 command models"},
		{with(func(s *unit.Spec) { s.ChampionDamage = 1 }), "champion_damage 1: no champion"},
		{with(func(s *unit.Spec) { s.Groups = []unit.Group{{Count: 0, Profile: elf}} }), "groups[0].count 0"},
		{with(func(s *unit.Spec) { s.Characters = []unit.CharacterSpec{{Profile: elf}} }), "characters[0].name: empty"},
		{with(func(s *unit.Spec) { s.Characters = []unit.CharacterSpec{{Name: "A", Profile: elf, Damage: 1}} }), "characters[0].damage 1: want 0 to 0"},
		{with(func(s *unit.Spec) { s.Characters = []unit.CharacterSpec{{Name: "A", Profile: elf, File: 7}} }), "characters[0].file 7: the front rank holds files 0 to 4"},
		{with(func(s *unit.Spec) {
			s.Frontage = 2
			s.Command = []unit.Role{unit.Musician, unit.Champion, unit.StandardBearer}
		}), "frontage 2: the command group and characters need 3 front-rank slots"},
		{with(func(s *unit.Spec) { s.Carried = 1 }), "carried 1: want 0 to 0 (below the 1 wound of the next model, 11.1)"},
		{with(func(s *unit.Spec) { s.Models = 1; s.Command = []unit.Role{unit.Musician, unit.Champion} }), "models 1: fewer than the 2 command models"},
		{with(func(s *unit.Spec) {
			s.Models = 2
			s.Frontage = 1
			s.Command = []unit.Role{unit.Musician, unit.Champion}
		}), "need 2 front-rank slots, 1 is free"},
		{with(func(s *unit.Spec) { s.Models = 2; s.Command = []unit.Role{unit.Musician}; s.Layout = "M R / R" }), "layout: more R than the 1 rank-and-file model"},
		{with(func(s *unit.Spec) { s.Damage = []int{1} }), "damage: per-model starting damage needs battleaxe"},
		{with(func(s *unit.Spec) { s.Ruleset = rules.Battleaxe; s.Carried = 1 }), "carried 1: battleaxe per-model"},
		{with(func(s *unit.Spec) { s.Ruleset = rules.Battleaxe; s.Damage = make([]int, 11) }), "damage: 11 values for 10 models"},
		{with(func(s *unit.Spec) { s.Ruleset = rules.Battleaxe; s.Damage = []int{0, 1} }), "damage[1] 1: want 0 to 0"},
		{with(func(s *unit.Spec) { s.Options.SingleRankPolicy = 7 }), "options.single_rank_policy 7"},
		{with(func(s *unit.Spec) { s.Layout = "R R R R R / R R R / R R" }), "layout rank 3: 2 models behind a rank of 3"},
		{with(func(s *unit.Spec) { s.Models = 11; s.Layout = "R R R / R R R R / R R R R" }), "layout rank 2: 4 slots, wider than the front rank's 3"},
		{with(func(s *unit.Spec) { s.Layout = "R R R R R / R R . R R" }), "layout rank 2: a gap inside the rank"},
		{with(func(s *unit.Spec) { s.Layout = "R R R R R / R R R R" }), "layout: 1 rank-and-file model has no R"},
		{with(func(s *unit.Spec) { s.Layout = "R R R R R / R R R R M" }), "layout rank 2: M but the command has no musician"},
		{with(func(s *unit.Spec) { s.Command = []unit.Role{unit.Musician}; s.Layout = "R R R R R / R R R R M" }), "layout rank 2: M must stand in the front rank"},
		{with(func(s *unit.Spec) { s.Layout = "R R R R R / R R R R X" }), `layout rank 2: "X": want R, M, S, C or H`},
		{with(func(s *unit.Spec) { s.Frontage = 4; s.Layout = "R R R R R / R R R R R" }), "the front rank has 5 slots but frontage is 4"},
		{with(func(s *unit.Spec) { s.Ruleset = rules.Skirmish }), "models 10: a skirmish target is one fighter"},
	} {
		_, err := New(tc.spec)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New: %v, want %q", err, tc.want)
		}
	}
}

// full draws every slot of every rank, "." for empty, so tests see where
// models stand.
func full(u *Unit) string {
	var ranks []string
	for _, r := range u.Ranks() {
		var b []string
		for _, c := range r {
			if c.Model == nil {
				b = append(b, ".")
			} else {
				b = append(b, string(c.Model.Role.Letter()))
			}
		}
		ranks = append(ranks, strings.Join(b, " "))
	}
	return strings.Join(ranks, " / ")
}

func TestCountersAndRepair(t *testing.T) {
	t.Run("C21 lifetime counters stay put while there are several ranks (E58)", func(t *testing.T) {
		u := mustNew(t, unit.Spec{Ruleset: rules.WHFB8, Models: 20, Profile: elf})
		batch(t, u, singles(rf, 7))
		if u.ll != 0 || u.lr != 0 || u.bl != 0 || u.br != 0 {
			t.Errorf("lifetime %d/%d batch %d/%d, want all 0", u.ll, u.lr, u.bl, u.br)
		}
	})
	t.Run("C20 C21 the 6th casualty of E69 counts for the game", func(t *testing.T) {
		u := mustNew(t, unit.Spec{Ruleset: rules.WHFB8, Models: 10, Profile: elf, Command: []unit.Role{unit.Musician, unit.StandardBearer, unit.Champion}})
		batch(t, u, singles(rf, 6))
		if u.ll != 0 || u.lr != 1 {
			t.Errorf("lifetime %d/%d, want 0/1", u.ll, u.lr)
		}
	})
	t.Run("C6 repair comes from the end with fewer removals this batch", func(t *testing.T) {
		u := mustNew(t, unit.Spec{Ruleset: rules.T9A, Models: 10, Profile: elf, Command: []unit.Role{unit.Champion}})
		if got := full(u); got != "R R C R R / R R R R R" {
			t.Fatalf("start %s", got)
		}
		batch(t, u, join(singles(rf, 1), singles(champ, 1)))
		// The left end of the rear rank gave the casualty, so the right end
		// fills the champion's slot; the champion's own slot is the exact
		// centre and counts toward neither end (C5).
		if got := full(u); got != "R R R R R / . R R R ." {
			t.Errorf("%s", got)
		}
	})
	t.Run("C6 with even counters the left end fills the gap", func(t *testing.T) {
		u := mustNew(t, unit.Spec{Ruleset: rules.T9A, Models: 10, Profile: elf, Command: []unit.Role{unit.Champion}})
		batch(t, u, singles(champ, 1))
		if got := full(u); got != "R R R R R / . R R R R" {
			t.Errorf("%s", got)
		}
	})
	t.Run("wounds aimed at the musician go to his pool", func(t *testing.T) {
		u := mustNew(t, unit.Spec{Ruleset: rules.WHFB8, Models: 10, Profile: elf, Command: []unit.Role{unit.Musician}})
		c := batch(t, u, singles(unit.Target{Role: unit.Musician}, 2))
		if u.Count(unit.Musician) != 1 || files(c) != "1.0 1.4" {
			t.Errorf("musicians %d, removed %s", u.Count(unit.Musician), files(c))
		}
	})
	t.Run("11.3 more packets than models: start again with the survivors", func(t *testing.T) {
		u := mustNew(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 2, Profile: ogre})
		batch(t, u, packets(rf, 1, 1, 1))
		if got := u.DrawDamage(); got != "[R(2) R(1)]" {
			t.Errorf("%s, want [R(2) R(1)]", got)
		}
	})
}
