package alloc

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

var (
	rf    = unit.Target{Role: unit.RankAndFile}
	champ = unit.Target{Role: unit.Champion}
	ogre  = unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4, WS: 3}
	elf   = unit.Profile{W: 1, T: 3, WS: 4}
	troll = unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 4, WS: 3}
)

// singles returns n single wounds on t.
func singles(t unit.Target, n int) []Packet {
	ps := make([]Packet, n)
	for i := range ps {
		ps[i] = Packet{Target: t, Wounds: 1}
	}
	return ps
}

// packets returns one multi-wound packet per roll on t (C3).
func packets(t unit.Target, rolls ...int) []Packet {
	ps := make([]Packet, len(rolls))
	for i, k := range rolls {
		ps[i] = Packet{Target: t, Wounds: k, Multi: true}
	}
	return ps
}

func kill(t unit.Target) Packet { return Packet{Target: t, InstantKill: true} }

func join(pss ...[]Packet) []Packet { return slices.Concat(pss...) }

func mustNew(t testing.TB, s unit.Spec) *Unit {
	t.Helper()
	u, err := New(s)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	if err := u.Check(); err != nil {
		t.Fatalf("New: Check: %v", err)
	}
	return u
}

// batch applies ps as one batch and returns the summed Change, checking the
// invariants after every step.
func batch(t testing.TB, u *Unit, ps []Packet) Change {
	t.Helper()
	u.StartBatch(nil)
	sum := applied(t, u, ps)
	c, err := u.EndBatch()
	if err != nil {
		t.Fatalf("EndBatch: %v", err)
	}
	if err := u.Check(); err != nil {
		t.Fatalf("after EndBatch: %v", err)
	}
	sum.add(c)
	return sum
}

// applied applies ps inside the batch open now and returns the summed
// Change, checking the invariants after every step.
func applied(t testing.TB, u *Unit, ps []Packet) Change {
	t.Helper()
	var sum Change
	for i, p := range ps {
		c, err := u.Apply(p)
		if err != nil {
			t.Fatalf("Apply #%d %+v: %v", i, p, err)
		}
		if err := u.Check(); err != nil {
			t.Fatalf("after Apply #%d: %v\n%s", i, err, u.DrawDamage())
		}
		sum.add(c)
	}
	return sum
}

// add adds c to the sum s.
func (s *Change) add(c Change) {
	s.Removed = append(s.Removed, c.Removed...)
	s.Effective += c.Effective
	s.Wasted += c.Wasted
	s.Damaged = append(s.Damaged, c.Damaged...)
	s.StandardLost = s.StandardLost || c.StandardLost
	s.Notes = append(s.Notes, c.Notes...)
}

// files returns the slots of the removed models as "rank.file" strings.
func files(c Change) string {
	var b []string
	for _, x := range c.Removed {
		b = append(b, fmt.Sprintf("%d.%d", x.Slot.Rank, x.Slot.File))
	}
	return strings.Join(b, " ")
}

// step is one batch of an example and what must hold after it.
type step struct {
	phase   bool // StartPhase before the batch
	packets []Packet
	draw    string // DrawDamage after the batch: letters, (damage) and carried
	eff     int    // Effective of the batch; -1 to skip
	wasted  int    // Wasted of the batch; -1 to skip
	slots   string // removed slots "rank.file ...", "" to skip
}

type example struct {
	name  string
	spec  unit.Spec
	steps []step
}

func runExamples(t *testing.T, cases []example) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u := mustNew(t, tc.spec)
			for i, s := range tc.steps {
				if s.phase {
					u.StartPhase()
				}
				c := batch(t, u, s.packets)
				if got := u.DrawDamage(); got != s.draw {
					t.Errorf("step %d: formation %s, want %s\nnotes: %q", i+1, got, s.draw, c.Notes)
				}
				if s.eff >= 0 && c.Effective != s.eff {
					t.Errorf("step %d: effective %d, want %d", i+1, c.Effective, s.eff)
				}
				if s.wasted >= 0 && c.Wasted != s.wasted {
					t.Errorf("step %d: wasted %d, want %d", i+1, c.Wasted, s.wasted)
				}
				if s.slots != "" {
					if got := files(c); got != s.slots {
						t.Errorf("step %d: removed from %s, want %s", i+1, got, s.slots)
					}
				}
			}
		})
	}
}

// TestDamageExamples checks RULES.md 16.4 (E41-E53 where the unit applies
// them; E49 and E52 are the referee's).
func TestDamageExamples(t *testing.T) {
	oneDamaged := unit.Spec{Ruleset: rules.Battleaxe, Models: 3, Profile: ogre, Damage: []int{2}}
	runExamples(t, []example{
		{"E41 whfb8 MW(D6) on W1 elves removes exactly one", unit.Spec{Ruleset: rules.WHFB8, Models: 10, Profile: elf},
			[]step{{packets: packets(rf, 6), draw: "[R R R R R] / [R R R R]", eff: 1, wasted: 5, slots: "1.0"}}},
		{"E41 battleaxe MW(D6) on W1 elves removes exactly one", unit.Spec{Ruleset: rules.Battleaxe, Models: 10, Profile: elf},
			[]step{{packets: packets(rf, 6), draw: "[R R R R R] / [R R R R]", eff: 1, wasted: 5, slots: "1.0"}}},
		{"E42 whfb8 ogres take 2, 2, 6: 7 = 2 removed + 1 carried", unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: ogre},
			[]step{{packets: packets(rf, 2, 2, 6), draw: "[R(1) R R]", eff: 7, wasted: 3, slots: "0.0 0.4"}}},
		{"E43 battleaxe packets 2, 2, 3 on five ogres", unit.Spec{Ruleset: rules.Battleaxe, Models: 5, Profile: ogre},
			// leftmost +2, rightmost +2, second from left +3 and removed; the
			// left end closes the gap (C4).
			[]step{{packets: packets(rf, 2, 2, 3), draw: "[R(2) R R R(2)]", eff: 7, wasted: 0, slots: "0.1"}}},
		{"E43 battleaxe packets 2, 2, 3 then 2 singles", unit.Spec{Ruleset: rules.Battleaxe, Models: 5, Profile: ogre},
			[]step{{packets: join(packets(rf, 2, 2, 3), singles(rf, 2)), draw: "[R R]", eff: 9, wasted: 0, slots: "0.1 0.4 0.1"}}},
		{"E43 whfb8 same input: 2 removed + 1 carried, then 1 removed", unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: ogre},
			[]step{
				{packets: packets(rf, 2, 2, 3), draw: "[R(1) R R]", eff: 7, wasted: 0},
				{packets: singles(rf, 2), draw: "[R R]", eff: 2, wasted: 0},
			}},
		{"E44 battleaxe MW 6 goes to the damaged ogre", oneDamaged,
			[]step{{packets: packets(rf, 6), draw: "[R R]", eff: 1, wasted: 5, slots: "0.0"}}},
		{"E44 whfb8 2 carried + 3: 1 removed, 2 carried", unit.Spec{Ruleset: rules.WHFB8, Models: 3, Profile: ogre, Carried: 2},
			[]step{{packets: packets(rf, 6), draw: "[R R(2)]", eff: 3, wasted: 3, slots: "0.0"}}},
		{"E45 battleaxe packets [3, 1]", oneDamaged,
			[]step{{packets: packets(rf, 3, 1), draw: "[R R(1)]", eff: 2, wasted: 2, slots: "0.0"}}},
		{"E45 battleaxe packets [1, 3]", oneDamaged,
			[]step{{packets: packets(rf, 1, 3), draw: "[R]", eff: 4, wasted: 0, slots: "0.0 0.2"}}},
		{"E46 battleaxe 5 singles then 1 on five ogres", unit.Spec{Ruleset: rules.Battleaxe, Models: 5, Profile: ogre},
			[]step{
				{packets: singles(rf, 5), draw: "[R R R R(2)]", eff: 5, wasted: 0, slots: "0.0"},
				{packets: singles(rf, 1), draw: "[R R R]", eff: 1, wasted: 0, slots: "0.4"},
			}},
		{"E46 whfb8 same input is the same", unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: ogre},
			[]step{
				{packets: singles(rf, 5), draw: "[R R R R(2)]", eff: 5, wasted: 0, slots: "0.0"},
				{packets: singles(rf, 1), draw: "[R R R]", eff: 1, wasted: 0, slots: "0.4"},
			}},
		{"E47 battleaxe ogre at 1 W killed by MW 3 counts 1", oneDamaged,
			[]step{{packets: packets(rf, 3), draw: "[R R]", eff: 1, wasted: 2}}},
		{"E48 battleaxe instant kill on undamaged ogres counts 3", unit.Spec{Ruleset: rules.Battleaxe, Models: 3, Profile: ogre},
			[]step{{packets: []Packet{kill(rf)}, draw: "[R R]", eff: 3, wasted: 0, slots: "0.0"}}},
		{"E48 battleaxe instant kill takes the damaged ogre, counts 1", unit.Spec{Ruleset: rules.Battleaxe, Models: 3, Profile: ogre, Damage: []int{0, 2}},
			[]step{{packets: []Packet{kill(rf)}, draw: "[R R]", eff: 1, wasted: 0, slots: "0.2"}}},
		{"E50 t9a trolls with 1 HP lost take MW 5: capped 3, 1 removed, 1 carried", unit.Spec{Ruleset: rules.T9A, Models: 10, Profile: troll, Carried: 1},
			[]step{{packets: packets(rf, 5), draw: "[R R R R R] / [R(1) R R R]", eff: 3, wasted: 2, slots: "1.0"}}},
		{"E53 t9a MW(D6) rolling 6 on an HP2 model counts 2", unit.Spec{Ruleset: rules.T9A, Models: 3, Profile: unit.Profile{W: 2, T: 4}},
			[]step{{packets: packets(rf, 6), draw: "[R R]", eff: 2, wasted: 4, slots: "0.0"}}},
		{"E51 t9a character with 2 HP lost takes MW 2: removed, 1 ignored",
			unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: elf, Characters: []unit.CharacterSpec{{Name: "Hero", Profile: unit.Profile{W: 3, T: 4}, Damage: 2, File: -1}}},
			[]step{{packets: packets(unit.Target{Role: unit.Character, Name: "Hero"}, 2), draw: "[R R R R R]", eff: 1, wasted: 1, slots: "0.2"}}},
	})
}

// TestRemovalExamples checks RULES.md 16.5 (E54-E70).
func TestRemovalExamples(t *testing.T) {
	command := []unit.Role{unit.Musician, unit.StandardBearer, unit.Champion}
	cases := []example{
		{"E54 whfb8 5 ogres take 5 then 1", unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: ogre},
			[]step{
				{packets: singles(rf, 5), draw: "[R R R R(2)]", eff: 5, wasted: 0},
				{packets: singles(rf, 1), draw: "[R R R]", eff: 1, wasted: 0},
			}},
		{"E55 t9a1-ru 10 trolls 5x2 take 7, next phase 2", unit.Spec{Ruleset: rules.T9A1RU, Models: 10, Profile: troll},
			[]step{
				{phase: true, packets: singles(rf, 7), draw: "[R R R R R] / [R(1) R R]", eff: 7, wasted: 0, slots: "1.0 1.4"},
				{phase: true, packets: singles(rf, 2), draw: "[R R R R R] / [R R]", eff: 2, wasted: 0, slots: "1.1"},
			}},
		{"E59 battleaxe command order musician, champion, standard", unit.Spec{Ruleset: rules.Battleaxe, Models: 10, Profile: elf, Command: command},
			[]step{{packets: singles(rf, 9), draw: "[S]", eff: 9, wasted: 0, slots: "1.0 1.4 1.1 1.3 1.2 0.4 0.0 0.1 0.2"}}}, // C25: the musician leaves the left end, nobody slides
		{"E60 whfb8 command order musician, standard, champion", unit.Spec{Ruleset: rules.WHFB8, Models: 10, Profile: elf, Command: command},
			[]step{{packets: singles(rf, 9), draw: "[C]", eff: 9, wasted: 0}}},
		{"E167 tow [R M S C R] / 3 R, 7 wounds: musician, standard, champion as whfb8", unit.Spec{Ruleset: rules.TOW, Models: 8, Frontage: 5, Profile: elf, Command: command, Layout: "R M S C R / R R R . ."},
			[]step{{packets: singles(rf, 7), draw: "[C]", eff: 7, wasted: 0}}},
		{"E61 t9a 10 wounds: the overflow kills the champion", unit.Spec{Ruleset: rules.T9A, Models: 10, Profile: elf, Command: command},
			[]step{{packets: singles(rf, 10), draw: "[]", eff: 10, wasted: 0}}},
		{"E61 t9a 9 wounds: champion alone", unit.Spec{Ruleset: rules.T9A, Models: 10, Profile: elf, Command: command},
			[]step{{packets: singles(rf, 9), draw: "[C]", eff: 9, wasted: 0}}},
		{"E62 t9a [R R C R R] 6 wounds: champion takes 1, 1 ignored", unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: elf, Command: []unit.Role{unit.Champion}, Layout: "R R C R R"},
			[]step{{packets: singles(rf, 6), draw: "[]", eff: 5, wasted: 1, slots: "0.0 0.4 0.1 0.3 0.2"}}},
		{"E63 t9a 3 R&F no champion, 5 wounds: 2 ignored", unit.Spec{Ruleset: rules.T9A, Models: 3, Profile: elf},
			[]step{{packets: singles(rf, 5), draw: "[]", eff: 3, wasted: 2}}},
		{"E64 t9a1-ru champion in a challenge still takes the overflow", unit.Spec{Ruleset: rules.T9A1RU, Models: 6, Profile: elf, Command: []unit.Role{unit.Champion}},
			[]step{{packets: singles(rf, 7), draw: "[]", eff: 6, wasted: 1}}},
		{"E66 t9a1-ru spears and swords share one pool", unit.Spec{Ruleset: rules.T9A1RU, Models: 8, Profile: elf,
			Groups: []unit.Group{{Count: 4, Profile: unit.Profile{W: 1, T: 3, WS: 5}}}},
			[]step{{packets: singles(rf, 3), draw: "[R R R R R] / [R R I I]", eff: 3, wasted: 0}}},
		// E67 as C25 (RULES.md 19.1, which overrides 16.5) reads it: the
		// left end holds the character, so both casualties leave the right
		// end and nobody slides; the unit is drawn the same.
		{"E67 t9a1-ru [H R R R R R R] loses 2 from the right end (C25)", unit.Spec{Ruleset: rules.T9A1RU, Models: 6, Profile: elf, Layout: "H R R R R R R",
			Characters: []unit.CharacterSpec{{Name: "Hero", Profile: unit.Profile{W: 3, T: 4}}}},
			[]step{{packets: singles(rf, 2), draw: "[H R R R R]", eff: 2, wasted: 0, slots: "0.6 0.5"}}},
		{"E68 whfb8 [M R R R S] loses 2: M and S slide in", unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: elf, Command: []unit.Role{unit.Musician, unit.StandardBearer}, Layout: "M R R R S"},
			[]step{{packets: singles(rf, 2), draw: "[M R S]", eff: 2, wasted: 0, slots: "0.1 0.3"}}},
		{"E69 whfb8 6 wounds: rear rank gone, 6th from the right of the front", unit.Spec{Ruleset: rules.WHFB8, Models: 10, Profile: elf, Command: command},
			[]step{{packets: singles(rf, 6), draw: "[R M C S]", eff: 6, wasted: 0, slots: "1.0 1.4 1.1 1.3 1.2 0.4"}}},
		{"E70 whfb8 instant kill takes the damaged ogre and the carry", unit.Spec{Ruleset: rules.WHFB8, Models: 3, Profile: ogre, Carried: 2},
			[]step{{packets: []Packet{kill(rf)}, draw: "[R R]", eff: 1, wasted: 0, slots: "0.0"}}},
	}
	for _, rs := range []rules.Ruleset{rules.Battleaxe, rules.WHFB8, rules.T9A, rules.T9A1RU} {
		cases = append(cases,
			example{"E56 " + rs.String() + " single rank of 7 loses 3, then 1", unit.Spec{Ruleset: rs, Models: 7, Frontage: 7, Profile: elf},
				[]step{
					{packets: singles(rf, 3), draw: "[R R R R]", eff: 3, wasted: 0, slots: "0.0 0.6 0.1"},
					{packets: singles(rf, 1), draw: "[R R R]", eff: 1, wasted: 0, slots: "0.5"},
				}},
			example{"E57 " + rs.String() + " single rank of 8 loses 4", unit.Spec{Ruleset: rs, Models: 8, Frontage: 8, Profile: elf},
				[]step{{packets: singles(rf, 4), draw: "[R R R R]", eff: 4, wasted: 0, slots: "0.0 0.7 0.1 0.6"}}},
			example{"E58 " + rs.String() + " 5 x 4 loses 7", unit.Spec{Ruleset: rs, Models: 20, Profile: elf},
				[]step{{packets: singles(rf, 7), draw: "[R R R R R] / [R R R R R] / [R R R]", eff: 7, wasted: 0, slots: "3.0 3.4 3.1 3.3 3.2 2.4 2.0"}}},
		)
	}
	runExamples(t, cases)
}

// TestE65SeparatePools checks RULES.md E65: infantry and monstrous infantry
// in one t9a1-ru unit are separate pools, and the excess of the emptied
// monstrous pool is lost while infantry remain (R18).
func TestE65SeparatePools(t *testing.T) {
	mon := unit.Target{Role: unit.RankAndFile, TroopType: rules.MonstrousInfantry}
	u := mustNew(t, unit.Spec{Ruleset: rules.T9A1RU, Models: 12, Profile: elf, Groups: []unit.Group{{Count: 2, Profile: troll}}})
	if got, want := u.Draw(), "[R R R R R] / [R R R R R] / [R R R R]"; got != want {
		t.Fatalf("start %s, want %s", got, want)
	}
	for i, s := range []struct {
		ps        []Packet
		draw      string
		eff, wast int
		inf, mon  int
	}{
		// 4 infantry removed; the rear-rank monsters slide and then repair
		// the second rank (11.2 steps 3 and 4).
		{singles(rf, 4), "[R R R R R] / [R R R R R]", 4, 0, 8, 2},
		{singles(mon, 3), "[R R R R R] / [R R R R]", 3, 0, 8, 1},
		{singles(mon, 5), "[R R R R R] / [R R R]", 3, 2, 8, 0},
	} {
		c := batch(t, u, s.ps)
		got := u.Carried()
		if u.Draw() != s.draw || c.Effective != s.eff || c.Wasted != s.wast || got[0].Models != s.inf || got[1].Models != s.mon {
			t.Errorf("E65 step %d: %s eff %d wasted %d pools %+v; want %s eff %d wasted %d infantry %d monstrous %d",
				i+1, u.Draw(), c.Effective, c.Wasted, got, s.draw, s.eff, s.wast, s.inf, s.mon)
		}
	}
}

// TestE71PhaseCounters checks RULES.md E71: the counters behind panic.
func TestE71PhaseCounters(t *testing.T) {
	for _, tc := range []struct {
		lose  int
		panic bool
	}{{5, true}, {4, false}} {
		u := mustNew(t, unit.Spec{Ruleset: rules.WHFB8, Models: 20, Profile: elf})
		u.StartPhase()
		batch(t, u, singles(rf, tc.lose))
		lost := big.NewRat(int64(u.PhaseCasualties()), int64(u.PhaseStartSize()))
		if u.PhaseStartSize() != 20 || u.PhaseCasualties() != tc.lose {
			t.Errorf("E71: start %d casualties %d, want 20 and %d", u.PhaseStartSize(), u.PhaseCasualties(), tc.lose)
		}
		if got := lost.Cmp(u.Options().Panic()) >= 0; got != tc.panic {
			t.Errorf("E71: losing %d of 20 crosses 25%%: %v, want %v", tc.lose, got, tc.panic)
		}
	}
}

// TestC25OtherEnd checks RULES.md 19.1 C25: when the end the counters pick
// holds a model that may not be taken yet and the other end holds an
// eligible one, the other end gives the casualty and nobody slides; only
// when neither end may give one does the nearest eligible model leave and
// the skipped models slide.
func TestC25OtherEnd(t *testing.T) {
	cases := []example{
		{"C25 whfb8 [M R R R R] loses 1: the right end, M stays at the left", unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: elf, Command: []unit.Role{unit.Musician}, Layout: "M R R R R"},
			[]step{{packets: singles(rf, 1), draw: "[M R R R]", eff: 1, wasted: 0, slots: "0.4"}}},
		{"C25 whfb8 [M R R R R] loses 2: both from the right end, counted there", unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: elf, Command: []unit.Role{unit.Musician}, Layout: "M R R R R"},
			[]step{{packets: singles(rf, 2), draw: "[M R R]", eff: 2, wasted: 0, slots: "0.4 0.3"}}},
		{"C25 whfb8 [M R R R S] loses 1: neither end, so the nearest slides (E68)", unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: elf, Command: []unit.Role{unit.Musician, unit.StandardBearer}, Layout: "M R R R S"},
			[]step{{packets: singles(rf, 1), draw: "[M R R S]", eff: 1, wasted: 0, slots: "0.1"}}},
		{"C25 single_rank_policy: left keeps its end and slides", unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: elf, Command: []unit.Role{unit.Musician}, Layout: "M R R R R",
			Options: rules.Options{SingleRankPolicy: rules.LeftEnd}},
			[]step{{packets: singles(rf, 1), draw: "[M R R R]", eff: 1, wasted: 0, slots: "0.1"}}},
	}
	runExamples(t, cases)
}

// TestRemovalWording checks the words a casualty line uses for where the
// model stood (issue: an end model was said to leave "its own slot in the
// right half").
func TestRemovalWording(t *testing.T) {
	cases := []struct {
		name   string
		layout string
		want   string
	}{
		{"champion at the right end", "R R R R C", "single rank, right end"},
		{"champion at the left end", "C R R R R", "single rank, left end"},
		{"champion inside the rank", "R C R R R", "single rank, own slot in the left half (C5)"},
		{"champion at the centre", "R R C R R", "single rank, own slot at the centre (C5)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u := mustNew(t, unit.Spec{Ruleset: rules.T9A, Models: 5, Profile: elf, Command: []unit.Role{unit.Champion}, Layout: tc.layout})
			c := batch(t, u, singles(champ, 1))
			if len(c.Removed) != 1 || !strings.HasSuffix(c.Removed[0].Rule, tc.want) {
				t.Fatalf("removed %+v, want a rule ending %q", c.Removed, tc.want)
			}
		})
	}
	u := mustNew(t, unit.Spec{Ruleset: rules.T9A, Models: 1, Profile: elf, Command: []unit.Role{unit.Champion}})
	c := batch(t, u, singles(champ, 1))
	if want := "single rank, the last model of the rank"; len(c.Removed) != 1 || !strings.HasSuffix(c.Removed[0].Rule, want) {
		t.Fatalf("removed %+v, want a rule ending %q", c.Removed, want)
	}
}

// TestWorthOf checks that a multi-wound model the batch removes is worth
// the wounds it had left when the batch began, not the last packet's: an
// Ogre killed by three single wounds is worth 3 (R38, 11.1), in a pool and
// under battleaxe's per-model damage (11.3) alike.
func TestWorthOf(t *testing.T) {
	for _, tc := range []struct {
		name    string
		rs      rules.Ruleset
		carried int
		damage  []int
		packets []Packet
		want    []int
	}{
		{"pool: three singles kill one Ogre", rules.WHFB8, 0, nil, singles(rf, 3), []int{3}},
		{"pool: two carried from before and one single", rules.WHFB8, 2, nil, singles(rf, 1), []int{1}},
		{"pool: two carried from before and four singles", rules.WHFB8, 2, nil, singles(rf, 4), []int{1, 3}},
		{"pool: a 6 capped at 3, then 3 singles", rules.WHFB8, 0, nil, join(packets(rf, 6), singles(rf, 3)), []int{3, 3}},
		{"per model: three singles kill one Ogre", rules.Battleaxe, 0, nil, singles(rf, 3), []int{3}},
		{"per model: two damage from before and one single", rules.Battleaxe, 0, []int{2}, singles(rf, 1), []int{1}},
		{"per model: a packet of 1, then two singles", rules.Battleaxe, 0, nil, join(packets(rf, 1), singles(rf, 2)), []int{3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := mustNew(t, unit.Spec{Ruleset: tc.rs, Models: 3, Profile: ogre, Carried: tc.carried, Damage: tc.damage})
			c := batch(t, u, tc.packets)
			var got []int
			for _, x := range c.Removed {
				got = append(got, x.Worth)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("worth %v, want %v", got, tc.want)
			}
		})
	}
	// two batches: the first leaves an Ogre at 1 left, the second kills it
	u := mustNew(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 3, Profile: ogre})
	batch(t, u, singles(rf, 2))
	if c := batch(t, u, singles(rf, 1)); len(c.Removed) != 1 || c.Removed[0].Worth != 1 {
		t.Fatalf("second batch removed %+v, want one Ogre worth 1", c.Removed)
	}
}
