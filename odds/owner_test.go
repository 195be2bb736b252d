package odds

import (
	"context"
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestOwnerChoiceStandsIn: nobody is asked in the odds, so every
// owner_choice switch takes the engine's default (RULES.md 18): the
// distributions and the per-attack table are exactly the default's, and
// Result.StandIns names the switch and its default.
func TestOwnerChoiceStandsIn(t *testing.T) {
	rf := unit.Target{Role: unit.RankAndFile}
	trolls := unit.Profile{W: 3, T: 4, Specials: rules.SpecialSaves{Aegis: target("4+"), Regeneration: target("5+")}}
	for _, tc := range []struct {
		name     string
		spec     unit.Spec
		attacks  []rearrank.Attack
		owner    rules.Options
		standIns string
	}{
		{"R11 single rank", unit.Spec{Ruleset: rules.WHFB8, Models: 7, Frontage: 7, Profile: unit.Profile{W: 1, T: 3},
			Command: []unit.Role{unit.Musician}, Layout: "R R R R R R M"},
			[]rearrank.Attack{{Count: expr("3"), Strength: 3, Target: rf}},
			rules.Options{SingleRankPolicy: rules.SingleRankOwnerChoice}, "single_rank_policy=balance"},
		{"R12 22.8 tow rear rank", unit.Spec{Ruleset: rules.TOW, Models: 8, Frontage: 5, Profile: unit.Profile{W: 1, T: 3},
			Command: []unit.Role{unit.Musician}},
			[]rearrank.Attack{{Count: expr("4"), Strength: 3, Target: rf}},
			rules.Options{RearRankOrder: rules.RearRankOwnerChoice}, "rear_rank_order=left_to_right"},
		{"11.4 command order", unit.Spec{Ruleset: rules.T9A, Models: 4, Profile: unit.Profile{W: 1, T: 3},
			Command: []unit.Role{unit.Musician, unit.StandardBearer}},
			[]rearrank.Attack{{Count: expr("4"), Strength: 3, Target: rf}},
			rules.Options{CommandOrder: rules.CommandOwnerChoice}, "command_order=musician_first"},
		// Divine Attacks re-roll a passed Aegis (20.5): best takes
		// Regeneration 5+, which fails 2/3 against Aegis's 3/4
		{"8 special save", unit.Spec{Ruleset: rules.T9A, Models: 3, Profile: trolls},
			[]rearrank.Attack{{Count: expr("2"), Strength: 5, DivineAttacks: true, Target: rf}},
			rules.Options{SpecialSaveChoice: rules.SaveOwnerChoice}, "special_save_choice=best"},
		{"22.13 tow packet order", unit.Spec{Ruleset: rules.TOW, Models: 3, Profile: unit.Profile{W: 3, T: 4}},
			[]rearrank.Attack{{Count: expr("2"), Strength: 10, NoSaves: true, MultipleWounds: expr("D3"), Target: rf}},
			rules.Options{MultiPacketOrder: rules.PacketOwnerChoice}, "multi_packet_order=as_listed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			def := mustUnit(t, tc.spec)
			s := tc.spec
			s.Options = tc.owner
			owner := mustUnit(t, s)
			want, err := Exact(context.Background(), pub(def), tc.attacks, Config{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := Exact(context.Background(), pub(owner), tc.attacks, Config{})
			if err != nil {
				t.Fatalf("owner_choice: %v", err)
			}
			if err := sameResult(got, want); err != nil {
				t.Errorf("owner_choice differs from the default: %v", err)
			}
			for i := range want.Stages {
				if got.Stages[i].SpecialFailed.Cmp(want.Stages[i].SpecialFailed) != 0 || got.Stages[i].Needs.Special != want.Stages[i].Needs.Special {
					t.Errorf("stage %d special: %s (%s), want the default's %s (%s)", i+1, got.Stages[i].SpecialFailed.RatString(),
						got.Stages[i].Needs.Special, want.Stages[i].SpecialFailed.RatString(), want.Stages[i].Needs.Special)
				}
			}
			var names []string
			for _, in := range got.StandIns {
				names = append(names, in.Switch+"="+in.Default)
			}
			if strings.Join(names, " ") != tc.standIns || len(want.StandIns) != 0 {
				t.Errorf("stand-ins %v (default %v), want %s", names, want.StandIns, tc.standIns)
			}
			mc, err := MonteCarlo(context.Background(), pub(owner), tc.attacks, Config{Samples: 100})
			if err != nil || len(mc.StandIns) != 1 {
				t.Errorf("Monte Carlo: %v, stand-ins %v", err, mc)
			}
			if _, err := BatchOutcomes(context.Background(), pub(owner), tc.attacks, Config{}); err != nil {
				t.Errorf("BatchOutcomes: %v", err)
			}
		})
	}
	t.Run("the special save the default takes: regeneration 5+", func(t *testing.T) {
		res, err := Exact(context.Background(), pub(mustUnit(t, unit.Spec{Ruleset: rules.T9A, Models: 3, Profile: trolls,
			Options: rules.Options{SpecialSaveChoice: rules.SaveOwnerChoice}})),
			[]rearrank.Attack{{Count: expr("1"), Strength: 5, DivineAttacks: true, Target: rf}}, Config{})
		if err != nil {
			t.Fatal(err)
		}
		if s := res.Stages[0]; s.Needs.SpecialKind != rules.Regeneration || s.SpecialFailed.Cmp(ratOf(2, 3)) != 0 {
			t.Errorf("special %s %s fails %s, want regeneration 5+ failing 2/3", s.Needs.SpecialKind, s.Needs.Special, s.SpecialFailed.RatString())
		}
	})
	t.Run("multi_packet_order owner_choice outside tow is refused", func(t *testing.T) {
		_, err := alloc.New(unit.Spec{Ruleset: rules.Battleaxe, Models: 3, Profile: unit.Profile{W: 3, T: 4},
			Options: rules.Options{MultiPacketOrder: rules.PacketOwnerChoice}})
		if err == nil || !strings.Contains(err.Error(), "owner_choice is tow's") {
			t.Errorf("error %v, want one saying owner_choice is tow's", err)
		}
	})
}
