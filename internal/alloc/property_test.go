package alloc

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
	"pgregory.net/rapid"
)

var troops = []rules.TroopType{rules.Infantry, rules.Cavalry, rules.MonstrousInfantry}

// towTroops adds tow's sub-categories (RULES.md 22.10), which only tow reads.
var towTroops = append([]rules.TroopType{rules.HeavyInfantry, rules.HeavyCavalry, rules.Monster}, troops...)

func genProfile(t *rapid.T, label string) unit.Profile {
	return genProfileOf(t, label, troops)
}

func genProfileOf(t *rapid.T, label string, troops []rules.TroopType) unit.Profile {
	return unit.Profile{
		TroopType: rapid.SampledFrom(troops).Draw(t, label+".troop"),
		W:         rapid.IntRange(1, 4).Draw(t, label+".w"),
		T:         rapid.IntRange(1, 6).Draw(t, label+".t"),
		WS:        rapid.IntRange(1, 2).Draw(t, label+".ws"),
	}
}

// genSpec draws a block unit Spec that is valid most of the time. Under
// tow it draws only what tow reads (RULES.md 22.12: no groups, none of the
// pool switches), its troop sub-categories and starting_models; tow's own
// ways (the rear rank emptied left to right, 22.8, and packets that never
// spill, 22.7) come from its traits.
func genSpec(t *rapid.T) unit.Spec {
	rs := rapid.SampledFrom([]rules.Ruleset{rules.Battleaxe, rules.WHFB8, rules.T9A, rules.T9A1RU, rules.TOW}).Draw(t, "ruleset")
	if rs == rules.TOW {
		return genTowSpec(t)
	}
	o := rules.Options{
		DamageModel:         rules.DamageModel(rapid.IntRange(0, 1).Draw(t, "damage_model")),
		InstantKillTakes:    rules.InstantKillTake(rapid.IntRange(0, 1).Draw(t, "instant_kill_takes")),
		SingleRankPolicy:    rules.SingleRankPolicy(rapid.IntRange(0, 3).Draw(t, "single_rank_policy")),
		RearRankOrder:       rules.RearRankOrder(rapid.IntRange(0, 1).Draw(t, "rear_rank_order")),
		OverflowAcrossPools: rules.OverflowRule(rapid.IntRange(0, 1).Draw(t, "overflow_across_pools")),
		CommandOrder:        rules.CommandOrder(rapid.IntRange(0, 2).Draw(t, "command_order")),
		MWCap:               rules.MWCap(rapid.IntRange(0, 1).Draw(t, "mw_cap")),
		PacketTarget:        rules.PacketTarget(rapid.IntRange(0, 1).Draw(t, "packet_target")),
	}
	s := unit.Spec{
		Name:     "Unit",
		Ruleset:  rs,
		Options:  o,
		Models:   rapid.IntRange(0, 24).Draw(t, "models"),
		Frontage: rapid.IntRange(0, 7).Draw(t, "frontage"),
		Profile:  genProfile(t, "profile"),
	}
	for _, r := range []unit.Role{unit.Musician, unit.StandardBearer, unit.Champion} {
		if rapid.Bool().Draw(t, "has "+r.String()) {
			s.Command = append(s.Command, r)
		}
	}
	if len(s.Command) > s.Models {
		s.Models = len(s.Command)
	}
	champW := s.Profile.W
	if slices.Contains(s.Command, unit.Champion) {
		if rapid.Bool().Draw(t, "champion profile") {
			p := genProfile(t, "champion")
			s.Champion, champW = &p, p.W
		}
		s.ChampionDamage = rapid.IntRange(0, champW-1).Draw(t, "champion_damage")
	}
	for i := range rapid.IntRange(0, 2).Draw(t, "groups") {
		s.Groups = append(s.Groups, unit.Group{Count: rapid.IntRange(1, 6).Draw(t, "count"), Profile: genProfile(t, fmt.Sprint("group", i))})
	}
	genCharacters(t, &s, func(label string) unit.Profile { return genProfile(t, label) })
	if rs == rules.Battleaxe && o.DamageModel == rules.PerModel && rapid.Bool().Draw(t, "damage?") {
		s.Damage = rapid.SliceOfN(rapid.IntRange(0, s.Profile.W-1), 0, 6).Draw(t, "damage")
	}
	return s
}

// genCharacters draws what genSpec and genTowSpec share after the unit's
// own models: up to two characters of profiles drawn by profile, the
// frontage widened to hold the front rank's command and characters, and
// carried wounds.
func genCharacters(t *rapid.T, s *unit.Spec, profile func(label string) unit.Profile) {
	for i := range rapid.IntRange(0, 2).Draw(t, "characters") {
		p := profile("character")
		s.Characters = append(s.Characters, unit.CharacterSpec{
			Name:    fmt.Sprint("H", i),
			Profile: p,
			Damage:  rapid.IntRange(0, p.W-1).Draw(t, "character damage"),
			File:    rapid.SampledFrom([]int{-1, -1, -1, 0, 1, 2, 4}).Draw(t, "file"),
		})
	}
	if s.Frontage > 0 && s.Frontage < len(s.Command)+len(s.Characters) {
		s.Frontage = len(s.Command) + len(s.Characters)
	}
	if s.Profile.W > 1 && rapid.IntRange(0, 3).Draw(t, "carry?") == 0 {
		s.Carried = rapid.IntRange(1, s.Profile.W-1).Draw(t, "carried")
	}
}

// genTowSpec draws a tow unit Spec (see genSpec).
func genTowSpec(t *rapid.T) unit.Spec {
	s := unit.Spec{
		Name:    "Unit",
		Ruleset: rules.TOW,
		Options: rules.Options{
			InstantKillTakes: rules.InstantKillTake(rapid.IntRange(0, 1).Draw(t, "instant_kill_takes")),
			SingleRankPolicy: rules.SingleRankPolicy(rapid.IntRange(0, 3).Draw(t, "single_rank_policy")),
			RearRankOrder:    rules.RearRankOrder(rapid.IntRange(0, 4).Draw(t, "rear_rank_order")),
		},
		Models:   rapid.IntRange(0, 24).Draw(t, "models"),
		Frontage: rapid.IntRange(0, 7).Draw(t, "frontage"),
		Profile:  genProfileOf(t, "profile", towTroops),
	}
	for _, r := range []unit.Role{unit.Musician, unit.StandardBearer, unit.Champion} {
		if rapid.Bool().Draw(t, "has "+r.String()) {
			s.Command = append(s.Command, r)
		}
	}
	s.Models = max(s.Models, len(s.Command))
	if slices.Contains(s.Command, unit.Champion) {
		champW := s.Profile.W
		if rapid.Bool().Draw(t, "champion profile") {
			p := genProfileOf(t, "champion", towTroops)
			s.Champion, champW = &p, p.W
		}
		s.ChampionDamage = rapid.IntRange(0, champW-1).Draw(t, "champion_damage")
	}
	genCharacters(t, &s, func(label string) unit.Profile { return genProfileOf(t, label, towTroops) })
	if rapid.Bool().Draw(t, "starting_models?") {
		s.StartingModels = s.Models + len(s.Characters) + rapid.IntRange(0, 10).Draw(t, "lost before")
	}
	return s
}

// genTargets lists the targets the unit has.
func genTargets(u *Unit) []unit.Target {
	var ts []unit.Target
	for _, p := range u.Carried() {
		ts = append(ts, unit.Target{Role: unit.RankAndFile, TroopType: p.TroopType})
	}
	for _, r := range []unit.Role{unit.Musician, unit.StandardBearer, unit.Champion} {
		if u.s.cmdID[r] >= 0 {
			ts = append(ts, unit.Target{Role: r})
		}
	}
	for _, id := range u.s.chars {
		ts = append(ts, unit.Target{Role: unit.Character, Name: u.kindOf(int(id)).name})
	}
	return ts
}

func genPacket(t *rapid.T, targets []unit.Target) Packet {
	p := Packet{Target: rapid.SampledFrom(targets).Draw(t, "target"), Wounds: 1}
	switch rapid.IntRange(0, 9).Draw(t, "kind") {
	case 0:
		p.InstantKill = true
	case 1, 2, 3, 4:
		p.Multi = true
		p.Wounds = rapid.IntRange(1, 6).Draw(t, "wounds")
	}
	return p
}

// health is the wounds the unit has left: remaining W of every model less
// the carried counts. Every effective wound takes exactly one off it.
func health(u *Unit) int {
	h := 0
	for id, m := range u.models {
		if m.alive {
			h += u.w(id) - int(m.damage)
		}
	}
	for _, ps := range u.pools {
		h -= int(ps.carried)
	}
	return h
}

// TestProperties applies random packets in random batches to random units
// and checks, after every Apply and EndBatch, the invariants of RULES.md
// 17.3 (Check), the counts, the accounting of Effective and Wasted, and the
// key.
func TestProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		u, err := New(genSpec(t))
		if err != nil {
			t.Skip(err)
		}
		if err := u.Check(); err != nil {
			t.Fatalf("New: %v\n%s", err, u.DrawDamage())
		}
		start := u.Clone()
		targets := genTargets(u)
		chooser := unit.ChooserFunc(func(c unit.Choice) int {
			return rapid.IntRange(0, len(c.Options)-1).Draw(t, "choice "+c.Switch)
		})
		for range rapid.IntRange(1, 5).Draw(t, "batches") {
			if rapid.Bool().Draw(t, "new phase") {
				u.StartPhase()
				if u.PhaseStartSize() != u.Size() || u.PhaseCasualties() != 0 {
					t.Fatal("StartPhase")
				}
			}
			u.StartBatch(chooser)
			in := 0  // wounds entering the batch, and what instant kills counted
			out := 0 // Effective + Wasted reported
			step := func(what string, c Change, before *Unit, keyBefore string) {
				if err := u.Check(); err != nil {
					t.Fatalf("%s: %v\n%s -> %s", what, err, before.DrawDamage(), u.DrawDamage())
				}
				if c.Effective < 0 || c.Wasted < 0 {
					t.Fatalf("%s: effective %d wasted %d", what, c.Effective, c.Wasted)
				}
				got, ok := u.FirstTroopType(unit.Character)
				if want, wantOK := firstTroopType(u.Models()); got != want || ok != wantOK {
					t.Fatalf("%s: FirstTroopType %v %v, Models give %v %v", what, got, ok, want, wantOK)
				}
				if got, want := u.RankSizes(), rankSizes(u.Ranks()); !slices.Equal(got, want) {
					t.Fatalf("%s: RankSizes %v, Ranks holds %v\n%s", what, got, want, u.DrawDamage())
				}
				if got, want := before.Size()-u.Size(), len(c.Removed); got != want {
					t.Fatalf("%s: size fell by %d with %d casualties", what, got, want)
				}
				if got, want := u.PhaseCasualties()-before.PhaseCasualties(), len(c.Removed); got != want {
					t.Fatalf("%s: phase casualties rose by %d with %d casualties", what, got, want)
				}
				if got := health(before) - health(u); got != c.Effective {
					t.Fatalf("%s: health fell by %d, effective %d\n%s -> %s %+v", what, got, c.Effective, before.DrawDamage(), u.DrawDamage(), c)
				}
				for r := unit.RankAndFile; r <= unit.Character; r++ {
					if u.Count(r) > start.Count(r) {
						t.Fatalf("%s: %d %s, started with %d", what, u.Count(r), r, start.Count(r))
					}
				}
				if (len(c.Removed) > 0 || c.Effective > 0) && u.Key() == keyBefore {
					t.Fatalf("%s: the unit changed but the key did not", what)
				}
				if before.Key() != keyBefore {
					t.Fatalf("%s: the clone taken before changed", what)
				}
				out += c.Effective + c.Wasted
				_ = u.Draw()
				_ = u.Ranks()
				if len(u.Models()) != u.Size() {
					t.Fatalf("%s: Models %d, Size %d", what, len(u.Models()), u.Size())
				}
			}
			for i := range rapid.IntRange(0, 8).Draw(t, "packets") {
				p := genPacket(t, targets)
				before := u.Clone()
				if before.Key() != u.Key() {
					t.Fatal("Clone changed the key")
				}
				keyBefore := u.Key()
				_, _ = u.Receiver(p.Target)
				c, err := u.Apply(p)
				if err != nil {
					t.Fatalf("Apply #%d %+v: %v", i, p, err)
				}
				if p.InstantKill {
					// it removes a model, or finds none and is one wound wasted
					if c.Wasted > 1 || (c.Wasted == 1) != (len(c.Removed) == 0) {
						t.Fatalf("instant kill wasted %d, removed %d", c.Wasted, len(c.Removed))
					}
					in += c.Effective + c.Wasted
				} else {
					in += max(p.Wounds, 1)
				}
				step(fmt.Sprintf("Apply #%d %+v", i, p), c, before, keyBefore)
			}
			before := u.Clone()
			keyBefore := u.Key()
			c, err := u.EndBatch()
			if err != nil {
				t.Fatalf("EndBatch: %v", err)
			}
			step("EndBatch", c, before, keyBefore)
			if in != out {
				t.Fatalf("batch: %d wounds in, effective+wasted %d", in, out)
			}
		}
		if u.Destroyed() != (u.Size() == 0) || u.Destroyed() != (u.Draw() == "[]") {
			t.Fatalf("destroyed %v size %d draw %s", u.Destroyed(), u.Size(), u.Draw())
		}
	})
}

// TestPerModelMatchesPooledOnSingles checks RULES.md 11.3: with single wounds
// only, battleaxe per-model damage removes the same models as pooled
// arithmetic (for a pool of identical models).
func TestPerModelMatchesPooledOnSingles(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genSpec(t)
		s.Ruleset, s.Groups, s.Champion, s.ChampionDamage, s.Carried, s.Damage = rules.Battleaxe, nil, nil, 0, 0, nil
		s.Options = rules.Options{}
		a, err := New(s)
		if err != nil || len(a.Carried()) == 0 {
			t.Skip("no rank and file")
		}
		s.Options.DamageModel = rules.Pooled
		b, err := New(s)
		if err != nil {
			t.Fatal(err)
		}
		for range rapid.IntRange(1, 6).Draw(t, "batches") {
			n := rapid.IntRange(0, 10).Draw(t, "wounds")
			for _, u := range []*Unit{a, b} {
				u.StartBatch(nil)
				for range n {
					if _, err := u.Apply(Packet{Target: rf, Wounds: 1}); err != nil {
						t.Fatal(err)
					}
				}
				if _, err := u.EndBatch(); err != nil {
					t.Fatal(err)
				}
			}
			for r := unit.RankAndFile; r <= unit.Character; r++ {
				if a.Count(r) != b.Count(r) {
					t.Fatalf("%s: per-model %d, pooled %d (%s vs %s)", r, a.Count(r), b.Count(r), a.DrawDamage(), b.DrawDamage())
				}
			}
			if health(a) != health(b) {
				t.Fatalf("health per-model %d, pooled %d", health(a), health(b))
			}
		}
	})
}

// TestNewNeverPanics feeds New arbitrary specs: it returns an error or a
// unit that passes Check.
func TestNewNeverPanics(t *testing.T) {
	anyProfile := func(t *rapid.T, label string) unit.Profile {
		return unit.Profile{
			TroopType: rules.TroopType(rapid.IntRange(-2, 12).Draw(t, label+".troop")),
			W:         rapid.IntRange(-1, 120).Draw(t, label+".w"),
			T:         rapid.IntRange(-1, 25).Draw(t, label+".t"),
			WS:        rapid.IntRange(-1, 25).Draw(t, label+".ws"),
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		s := unit.Spec{
			Ruleset:        rules.Ruleset(rapid.IntRange(-1, 7).Draw(t, "ruleset")),
			Models:         rapid.IntRange(-5, 1200).Draw(t, "models"),
			Frontage:       rapid.IntRange(-2, 1200).Draw(t, "frontage"),
			Profile:        anyProfile(t, "profile"),
			Command:        rapid.SliceOfN(rapid.Custom(func(t *rapid.T) unit.Role { return unit.Role(rapid.IntRange(-1, 7).Draw(t, "role")) }), 0, 4).Draw(t, "command"),
			ChampionDamage: rapid.IntRange(-1, 5).Draw(t, "champion_damage"),
			Carried:        rapid.IntRange(-1, 5).Draw(t, "carried"),
			Damage:         rapid.SliceOfN(rapid.IntRange(-1, 5), 0, 5).Draw(t, "damage"),
			Layout:         rapid.StringMatching(`[RMSCH. /X]{0,30}`).Draw(t, "layout"),
		}
		s.Options.SingleRankPolicy = rules.SingleRankPolicy(rapid.IntRange(-1, 5).Draw(t, "policy"))
		if rapid.Bool().Draw(t, "champion") {
			p := anyProfile(t, "champion")
			s.Champion = &p
		}
		for range rapid.IntRange(0, 3).Draw(t, "groups") {
			s.Groups = append(s.Groups, unit.Group{Count: rapid.IntRange(-1, 10).Draw(t, "count"), Profile: anyProfile(t, "group")})
		}
		for range rapid.IntRange(0, 3).Draw(t, "characters") {
			s.Characters = append(s.Characters, unit.CharacterSpec{
				Name:    rapid.SampledFrom([]string{"", "A", "B"}).Draw(t, "name"),
				Profile: anyProfile(t, "character"),
				Damage:  rapid.IntRange(-1, 3).Draw(t, "damage"),
				File:    rapid.IntRange(-3, 8).Draw(t, "file"),
			})
		}
		u, err := New(s)
		if err != nil {
			return
		}
		if err := u.Check(); err != nil {
			t.Fatalf("New gave a unit that fails Check: %v\n%s", err, u.Draw())
		}
	})
}

// TestKeyMergesIdenticalStates checks that states reached by different
// routes, which will behave the same from now on, share a key.
func TestKeyMergesIdenticalStates(t *testing.T) {
	for _, tc := range []struct {
		name           string
		spec           unit.Spec
		route1, route2 [][]Packet
	}{
		{"single rank: both ends in one batch or in two (R11)", unit.Spec{Ruleset: rules.WHFB8, Models: 6, Frontage: 6, Profile: elf},
			[][]Packet{singles(rf, 2)}, [][]Packet{singles(rf, 1), singles(rf, 1)}},
		{"pooled: carried built up in one batch or two (11.1)", unit.Spec{Ruleset: rules.WHFB8, Models: 4, Profile: ogre},
			[][]Packet{singles(rf, 2)}, [][]Packet{singles(rf, 1), singles(rf, 1)}},
		{"pooled: a capped packet or singles (9.2)", unit.Spec{Ruleset: rules.T9A, Models: 4, Profile: ogre},
			[][]Packet{packets(rf, 6)}, [][]Packet{singles(rf, 3)}},
		{"per-model: which of two identical ogres died (11.3)", unit.Spec{Ruleset: rules.Battleaxe, Models: 2, Frontage: 2, Profile: ogre},
			// A packet of 3 kills the left ogre; so does an instant kill.
			[][]Packet{packets(rf, 3)}, [][]Packet{{kill(rf)}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := mustNew(t, tc.spec), mustNew(t, tc.spec)
			for _, ps := range tc.route1 {
				batch(t, a, ps)
			}
			for _, ps := range tc.route2 {
				batch(t, b, ps)
			}
			if a.Key() != b.Key() {
				t.Errorf("%s and %s: keys %q and %q", a.DrawDamage(), b.DrawDamage(), a.Key(), b.Key())
			}
			batch(t, b, singles(rf, 1))
			if a.Key() == b.Key() {
				t.Error("one more wound left the key unchanged")
			}
		})
	}
}

// TestDeterministic applies the same packets to two clones: same changes,
// same keys.
func TestDeterministic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		u, err := New(genSpec(t))
		if err != nil {
			t.Skip(err)
		}
		v := u.Clone()
		targets := genTargets(u)
		u.StartBatch(nil)
		v.StartBatch(nil)
		for range rapid.IntRange(1, 10).Draw(t, "packets") {
			p := genPacket(t, targets)
			c1, err1 := u.Apply(p)
			c2, err2 := v.Apply(p)
			if (err1 == nil) != (err2 == nil) || fmt.Sprint(c1) != fmt.Sprint(c2) || u.Key() != v.Key() {
				t.Fatalf("%+v: %v %v / %v %v", p, c1, err1, c2, err2)
			}
			if err1 != nil && !errors.Is(err1, unit.ErrNoTarget) && !strings.Contains(err1.Error(), "owner_choice") {
				t.Fatalf("unexpected error %v", err1)
			}
		}
	})
}

// rankSizes counts the models of each rank of g that holds any, as
// RankSizes does without building g.
func rankSizes(g [][]unit.Cell) []int {
	var out []int
	for _, r := range g {
		n := 0
		for _, c := range r {
			if c.Model != nil {
				n++
			}
		}
		if n > 0 {
			out = append(out, n)
		}
	}
	return out
}

// firstTroopType is the troop type of the first model of ms that is not a
// character, and whether there is one, as FirstTroopType finds it without
// Models.
func firstTroopType(ms []unit.Model) (rules.TroopType, bool) {
	for _, m := range ms {
		if m.Role != unit.Character {
			return m.TroopType, true
		}
	}
	return 0, false
}
