package referee_test

import (
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/gen"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
	"pgregory.net/rapid"
)

// defaults is an owner who takes every default offered, and counts the
// questions.
type defaults struct{ asked map[string]int }

func (d *defaults) Choose(c unit.Choice) int { d.asked[c.Switch]++; return c.Default }
func (d *defaults) ChooseSave(unit.Model, []rules.SpecialChoice) int {
	d.asked["special_save_choice"]++
	return 0
}
func (d *defaults) ChoosePacketOrder(_ msg.Message, packets []rearrank.PacketOption, _ string) []int {
	d.asked["multi_packet_order"]++
	order := make([]int, len(packets))
	for i := range order {
		order[i] = i
	}
	return order
}

// ownerLine reports an event that only an asked owner's resolution logs.
func ownerLine(e rearrank.Event) bool {
	return strings.HasPrefix(e.Text, "the owner ") || strings.HasPrefix(e.Text, "the owner's ")
}

// ownerChoices gives the owner the choices of the single rank's ties, of the
// rear rank (drawn) and, in t9a and t9a1-ru, of the command group.
func ownerChoices(t *rapid.T, s *unit.Spec) {
	s.Options.SingleRankPolicy = rules.SingleRankOwnerChoice
	if rapid.Bool().Draw(t, "rearOwner") {
		s.Options.RearRankOrder = rules.RearRankOwnerChoice
	}
	if s.Ruleset == rules.T9A || s.Ruleset == rules.T9A1RU {
		s.Options.CommandOrder = rules.CommandOwnerChoice
	}
}

// TestOwnerDefaultsAreTheDefaults: an owner who takes every default the
// referee offers gets exactly the resolution nobody asked gets, die for
// die (RULES.md 18): the end offered first for the single rank's ties
// (R11) is the one the default gives them, the special save offered
// first is the one best rolls. Only the owner's notes differ, and
// single_rank_policy is asked at most once per batch.
func TestOwnerDefaultsAreTheDefaults(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rs := rapid.SampledFrom(rules.Rulesets()).Draw(t, "ruleset")
		s := gen.Spec(t, rs, gen.Large)
		ownerChoices(t, &s)
		s.Options.SpecialSaveChoice = rules.SaveOwnerChoice
		// the packet order's dice come all first: not the default's order
		s.Options.MultiPacketOrder = rules.AsListed
		u, err := rearrank.NewUnit(s)
		if err != nil {
			t.Skip(err)
		}
		attacks := gen.Attacks(t, s, maxAttacks, gen.Large)
		gen.Batches(t, rs, attacks)
		seed := rapid.Uint64().Draw(t, "seed")
		want, err := referee.Resolve(u, attacks, dice.NewSeeded(seed))
		if err != nil {
			t.Skip(err)
		}
		d := &defaults{asked: map[string]int{}}
		rec := dice.NewRecorder(dice.NewSeeded(seed))
		got, err := referee.ResolveWith(u, attacks, rec, d)
		if err != nil {
			t.Fatalf("with an owner: %v", err)
		}
		if got.Tally != want.Tally || au(got.After).Key() != au(want.After).Key() {
			t.Fatalf("an owner taking the defaults: %+v %s key %q; nobody asked: %+v %s key %q", got.Tally, au(got.After).DrawDamage(), au(got.After).Key(), want.Tally, au(want.After).DrawDamage(), au(want.After).Key())
		}
		var a, b []string
		for _, e := range got.Events {
			if !ownerLine(e) {
				a = append(a, e.Text)
			}
		}
		for _, e := range want.Events {
			b = append(b, e.Text)
		}
		if strings.Join(a, "\n") != strings.Join(b, "\n") {
			t.Fatalf("the logs differ:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
		}
		if len(got.StandIns) != 0 {
			t.Fatalf("stand-ins with an owner who answers everything: %v", got.StandIns)
		}
		if rs != rules.Skirmish && len(want.StandIns) == 0 {
			t.Fatal("no stand-ins where nobody was asked")
		}
		if d.asked["single_rank_policy"] > len(attacks) {
			t.Fatalf("single_rank_policy asked %d times for %d batches", d.asked["single_rank_policy"], len(attacks))
		}
	})
}

// TestOwnerSaveHoldsWhereItCan: the owner's special save is asked once
// for the attack group and holds for every wound it can save; a Killing
// Blow, which allows no Regeneration (20.2), rolls the ward (RULES.md 8).
func TestOwnerSaveHoldsWhereItCan(t *testing.T) {
	s := unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: unit.Profile{W: 1, T: 3,
		Specials: rules.SpecialSaves{Ward: target("5+"), Regeneration: target("4+")}}}
	s.Options.SpecialSaveChoice = rules.SaveOwnerChoice
	a := []rearrank.Attack{{Count: dice.ConstExpr(2), Strength: 3, KillingBlow: rules.NaturalSix, Target: rf}}
	d := &defaults{asked: map[string]int{}}
	// wound 1 is ordinary (4), wound 2 a Killing Blow (6): regeneration
	// 4+ for the first, the ward 5+ for the second
	res, err := referee.ResolveWith(mustUnit(t, s), a, dice.NewScripted(4, 6, 4, 5), d)
	if err != nil {
		t.Fatal(err)
	}
	if d.asked["special_save_choice"] != 1 {
		t.Errorf("asked %d times, want once", d.asked["special_save_choice"])
	}
	var saves []string
	for _, e := range res.Events {
		if e.Stage == rearrank.Special && e.Kind == rearrank.Roll {
			saves = append(saves, e.Text)
		}
	}
	if len(saves) != 2 || !strings.Contains(saves[0], "regeneration save") || !strings.Contains(saves[1], "ward save") {
		t.Errorf("special saves %q: want regeneration for the ordinary wound, the ward for the Killing Blow", saves)
	}
	if res.Tally.Casualties != 0 {
		t.Errorf("%d casualties, want 0 (both saved)", res.Tally.Casualties)
	}
}

// order is a PacketChooser with a fixed answer.
type order struct {
	defaults
	is []int
}

func (o *order) ChoosePacketOrder(msg.Message, []rearrank.PacketOption, string) []int { return o.is }

// TestOwnerPacketOrder: tow's multi_packet_order owner_choice (RULES.md
// 22.13, T-5) rolls both packets first and applies them in the owner's
// order; an answer that is not an order of the packets is an error.
func TestOwnerPacketOrder(t *testing.T) {
	s := unit.Spec{Ruleset: rules.TOW, Models: 3, Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4},
		Options: rules.Options{MultiPacketOrder: rules.PacketOwnerChoice}}
	a := []rearrank.Attack{{Count: dice.ConstExpr(2), Strength: 10, NoSaves: true, MultipleWounds: dice.MustParseExpr("D3"), Target: rf}}
	for _, tc := range []struct {
		order          []int
		wounds, wasted int
		err            string
	}{
		{[]int{0, 1}, 3, 1, ""}, // 1 then 3: the 3 lands on the damaged Ogre, 1 wasted
		{[]int{1, 0}, 4, 0, ""}, // 3 then 1: one Ogre goes, the next carries 1
		{[]int{1, 1}, 0, 0, "not one of the packets"},
		{[]int{0}, 0, 0, "names 1 of the 2 packets"},
	} {
		o := &order{defaults: defaults{asked: map[string]int{}}, is: tc.order}
		res, err := referee.ResolveWith(mustUnit(t, s), a, dice.NewScripted(6, 6, 1, 3), o)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("order %v: error %v, want %q", tc.order, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if res.Tally.Casualties != 1 || res.Tally.Wounds != tc.wounds || res.Tally.Wasted != tc.wasted {
			t.Errorf("order %v: %+v, want 1 casualty, %d wounds, %d wasted", tc.order, res.Tally, tc.wounds, tc.wasted)
		}
	}
	// nobody to order them: as listed, and said so
	res, err := referee.Resolve(mustUnit(t, s), a, dice.NewScripted(6, 6, 1, 3))
	if err != nil {
		t.Fatal(err)
	}
	if res.Tally.Wasted != 1 || len(res.StandIns) != 1 || res.StandIns[0].Switch != "multi_packet_order" {
		t.Errorf("without an owner: %+v, stand-ins %v; want as listed (1 wasted), multi_packet_order standing in", res.Tally, res.StandIns)
	}
}

// TestOwnerPacketOrderSequentialW1: under regeneration_timing sequential a
// W1 model takes a packet's Wounds one at a time with a Regeneration roll
// after each (RULES.md 22.6, 22.18), so the packets' sizes matter on it
// and multi_packet_order owner_choice rolls them first and asks, as on
// models of more Wounds (22.13, T-5). Two W1 models, Regeneration 4+;
// both hits wound (6, 6), the packets roll 1 and 3, then Regeneration
// 4, 4, 1, 1.
func TestOwnerPacketOrderSequentialW1(t *testing.T) {
	s := unit.Spec{Ruleset: rules.TOW, Models: 2, Frontage: 2, Profile: unit.Profile{W: 1, T: 4, Specials: rules.SpecialSaves{Regeneration: target("4+")}},
		Options: rules.Options{MultiPacketOrder: rules.PacketOwnerChoice, RegenerationTiming: rules.RegenSequential}}
	a := []rearrank.Attack{{Count: dice.ConstExpr(2), Strength: 10, MultipleWounds: dice.MustParseExpr("D3"), Target: rf}}
	for _, tc := range []struct {
		order                      []int
		casualties, wounds, wasted int
	}{
		// 1 comes back (4); of the 3, one comes back (4) and one stays (1): 1 wasted
		{[]int{0, 1}, 1, 3, 1},
		// of the 3, two come back (4, 4) and the third stays (1); the 1 stays (1)
		{[]int{1, 0}, 2, 4, 0},
	} {
		o := &order{defaults: defaults{asked: map[string]int{}}, is: tc.order}
		res, err := referee.ResolveWith(mustUnit(t, s), a, dice.NewScripted(6, 6, 1, 3, 4, 4, 1, 1), o)
		if err != nil {
			t.Fatal(err)
		}
		if res.Tally.Casualties != tc.casualties || res.Tally.Wounds != tc.wounds || res.Tally.Wasted != tc.wasted {
			t.Errorf("order %v: %+v, want %d casualties, %d wounds, %d wasted", tc.order, res.Tally, tc.casualties, tc.wounds, tc.wasted)
		}
	}
}

// asking is a roller that asks for each die by what it is for, as the
// terminal does, and keeps the questions: the dice come from r.
type asking struct {
	r     dice.Roller
	asked []askedDie
}

type askedDie struct {
	sides, face int
	what        string
}

func (a *asking) Roll(sides int) int { panic("the referee asks for every die") }

func (a *asking) Ask(sides int, what string) (int, error) {
	f := a.r.Roll(sides)
	a.asked = append(a.asked, askedDie{sides, f, what})
	return f, nil
}

// anyAnswer is an owner who answers every question with a drawn option.
type anyAnswer struct {
	t     *rapid.T
	asked map[string]int
}

func (o *anyAnswer) Choose(c unit.Choice) int {
	o.asked[c.Switch]++
	return rapid.IntRange(0, len(c.Options)-1).Draw(o.t, "answer")
}

func (o *anyAnswer) ChooseSave(_ unit.Model, options []rules.SpecialChoice) int {
	return rapid.IntRange(0, len(options)-1).Draw(o.t, "save")
}

func (o *anyAnswer) ChoosePacketOrder(_ msg.Message, packets []rearrank.PacketOption, _ string) []int {
	return rapid.Permutation(seq(len(packets))).Draw(o.t, "order")
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// TestOwnerDiceAreUsedAsAsked: whatever the owner answers, every die the
// referee asked for is a die the log shows, in the order asked, used for
// what the question said (the log's sentence begins with the question's
// words), and the single rank's question comes at most once a batch
// (RULES.md 18, R11: no die is rolled ahead of an answer and then used for
// something else, kept, or dropped).
func TestOwnerDiceAreUsedAsAsked(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		// skirmish has no ranks, and writes its injury dice otherwise
		rs := rapid.SampledFrom([]rules.Ruleset{rules.Battleaxe, rules.WHFB8, rules.T9A, rules.T9A1RU, rules.TOW}).Draw(t, "ruleset")
		s := gen.Spec(t, rs, gen.Large)
		ownerChoices(t, &s)
		if rs == rules.TOW && rapid.Bool().Draw(t, "packetOwner") {
			s.Options.MultiPacketOrder = rules.PacketOwnerChoice
		}
		u, err := rearrank.NewUnit(s)
		if err != nil {
			t.Skip(err)
		}
		attacks := gen.Attacks(t, s, maxAttacks, gen.Large)
		gen.Batches(t, rs, attacks)
		roller := &asking{r: dice.NewSeeded(rapid.Uint64().Draw(t, "seed"))}
		o := &anyAnswer{t: t, asked: map[string]int{}}
		res, err := referee.ResolveWith(u, attacks, roller, o)
		if err != nil {
			t.Skip(err)
		}
		var rolled []rearrank.Event
		for _, e := range res.Events {
			if e.Sides > 0 {
				rolled = append(rolled, e)
			}
		}
		if len(rolled) != len(roller.asked) {
			t.Fatalf("%d dice asked for, %d in the log", len(roller.asked), len(rolled))
		}
		for i, d := range roller.asked {
			e := rolled[i]
			// the question's words, less what it adds for the person
			// rolling (the need, the first roll of a re-roll, the die)
			what := strings.TrimPrefix(d.what, "re-roll of ")
			for _, cut := range []string{", need ", " (first roll", " (D"} {
				what, _, _ = strings.Cut(what, cut)
			}
			said, _, _ := strings.Cut(e.Text, ":")
			if e.Sides != d.sides || e.Face != d.face || !strings.HasPrefix(said, what) && !strings.HasPrefix(what, said) {
				t.Fatalf("die %d asked for as D%d %q, gave %d; the log has D%d=%d %q", i+1, d.sides, d.what, d.face, e.Sides, e.Face, e.Text)
			}
		}
		if n := o.asked["single_rank_policy"]; n > len(attacks) {
			t.Fatalf("single_rank_policy asked %d times for %d batches", n, len(attacks))
		}
	})
}
