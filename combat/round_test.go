package combat

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestResolveStepLog plays E121's 10 Elves against 10 Men with dice a
// person rolled and reads the log step by step.
func TestResolveStepLog(t *testing.T) {
	c := &Combat{Ruleset: rules.WHFB8, Sides: [2]Combatant{block(t, rules.WHFB8, elves, 10, 5), block(t, rules.WHFB8, men, 10, 5)}}
	faces := []int{
		// I5: the Elves' 10 attacks hit on 3+: 7 hits; wound on 4+: 3 wounds, no save.
		3, 3, 3, 3, 3, 3, 3, 1, 1, 1,
		4, 5, 6, 1, 1, 1, 1,
		// I3: the Men have 10 - 3 = 7 attacks, hit on 4+: 2 hits, 1 wound.
		4, 4, 1, 1, 1, 1, 1,
		6, 1,
		// Men lose 3 v 1 (neither keeps a second rank of 5): Ld 7 - 2 = 5, 3+3 fails.
		3, 3,
	}
	round, err := c.Resolve(dice.NewScripted(faces...))
	if err != nil {
		t.Fatal(err)
	}
	if len(round.Steps) != 2 {
		t.Fatalf("%d steps, want 2", len(round.Steps))
	}
	elvesStep, menStep := round.Steps[0], round.Steps[1]
	if got := elvesStep.Sides[0].Fights; len(got) != 1 || got[0].Attacks != 10 {
		t.Errorf("I5: Elves' fights %+v, want 10 attacks", got)
	}
	if got := elvesStep.Sides[1].Fights; len(got) != 0 {
		t.Errorf("I5: Men's fights %+v, want none", got)
	}
	if got := elvesStep.Sides[1].After.Draw(); got != "[R R R R R] / [R R]" {
		t.Errorf("Men after I5: %s, want [R R R R R] / [R R]", got)
	}
	if got := menStep.Sides[1].Fights[0].Attacks; got != 7 {
		t.Errorf("I3: Men's attacks %d, want 7 (10 - 3 casualties)", got)
	}
	casualties := 0
	for _, e := range menStep.Sides[1].Events {
		if e.Kind == rearrank.Casualty {
			casualties++
		}
	}
	if casualties != 1 || menStep.Sides[0].After.Size() != 9 {
		t.Errorf("I3: %d casualty events, Elves %d left; want 1 and 9", casualties, menStep.Sides[0].After.Size())
	}
	if round.Score != [2]int{3, 1} || round.Winner != A || round.Margin() != 2 {
		t.Errorf("scores %v (%v), winner %v; want 3 v 1, a", round.Score, round.Points, round.Winner)
	}
	b := round.Break
	if b == nil || b.Side != B || b.Need != 5 || !b.Broke || len(b.Rolls) != 1 || b.Rolls[0] != [2]int{3, 3} {
		t.Errorf("break test %+v, want b on 5, 3+3, broken", b)
	}

	// One die short: the error names the die and wraps dice.ErrOutOfDice.
	_, err = c.Resolve(dice.NewScripted(faces[:len(faces)-1]...))
	if !errors.Is(err, dice.ErrOutOfDice) || !strings.Contains(err.Error(), "break test") {
		t.Errorf("short dice: %v, want out of dice at the break test", err)
	}
}

// TestCombatDoesNotChangeUnits: the readers work on copies.
func TestCombatDoesNotChangeUnits(t *testing.T) {
	c := &Combat{Ruleset: rules.WHFB8, Sides: [2]Combatant{block(t, rules.WHFB8, elves, 10, 5), block(t, rules.WHFB8, men, 10, 5)}}
	before := [2]string{au(c.Sides[0].Unit).Key(), au(c.Sides[1].Unit).Key()}
	if _, err := c.MonteCarlo(context.Background(), 20, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Resolve(dice.NewSeeded(3)); err != nil {
		t.Fatal(err)
	}
	if after := [2]string{au(c.Sides[0].Unit).Key(), au(c.Sides[1].Unit).Key()}; after != before {
		t.Error("a reader changed the combat's units")
	}
}

func TestUnbreakableAndStubborn(t *testing.T) {
	winner := block(t, rules.WHFB8, men, 10, 5)
	winner.Bonus = 6
	loser := block(t, rules.WHFB8, men, 10, 5)
	loser.Unbreakable = true
	rep := exact(t, standoff(t, rules.WHFB8, loser, winner))
	exactIs(t, "unbreakable breaks", rep.Sides[0].Breaks, "0")
	loser.Unbreakable, loser.Stubborn = false, true
	// Stubborn: tests on Ld 7 unmodified, 2D6 > 7: 15/36.
	rep = exact(t, standoff(t, rules.WHFB8, loser, winner))
	exactIs(t, "stubborn breaks", rep.Sides[0].Breaks, "5/12")
}

func TestCharacterFightsFromTheWindow(t *testing.T) {
	u, err := rearrank.NewUnit(unit.Spec{Name: "Guard", Ruleset: rules.WHFB8, Models: 10, Frontage: 5,
		Profile: unit.Profile{W: 1, T: 3, WS: 3}, Characters: []unit.CharacterSpec{{Name: "Captain", Profile: unit.Profile{W: 2, T: 4, WS: 5}, File: 0}}})
	if err != nil {
		t.Fatal(err)
	}
	captain := Fight{By: By{Role: unit.Character, Name: "Captain"}, Attacks: 3, Initiative: 5, Attack: rearrank.Attack{Hit: rearrank.HitSpec{WS: 5}, Strength: 4}}
	rf := Fight{By: By{Role: unit.RankAndFile}, Attacks: 1, Initiative: 3, Supporting: 1, Attack: rearrank.Attack{Hit: rearrank.HitSpec{WS: 3}, Strength: 3}}
	// [H R R R R] / [R R R R R] / [R] against a 3-wide enemy: the window is
	// 5 files (3 + a corner each side), the whole front rank.
	enemy := block(t, rules.WHFB8, men, 3, 3)
	c := &Combat{Ruleset: rules.WHFB8, Sides: [2]Combatant{{Unit: u, Leadership: 8, Fights: []Fight{captain, rf}}, enemy}}
	e := newEngine(c, nil)
	if e.win[0] != (window{lo: 0, n: 5}) {
		t.Fatalf("window %+v (%s), want files 0-4", e.win[0], u.Draw())
	}
	if got := e.attacks(0, captain); got != 3 {
		t.Errorf("captain in the window: %d attacks, want 3", got)
	}
	// R&F: 4 in front, and all 5 behind, since the captain in front of
	// file 0 fights (21.3.4).
	if got := e.attacks(0, rf); got != 4+5 {
		t.Errorf("rank and file: %d attacks (%s), want 9", got, u.Draw())
	}
	// A 1-wide enemy gives a window of 3 files (1 + 2 corners), files 1-3.
	c.Sides[1] = block(t, rules.WHFB8, men, 1, 1)
	e = newEngine(c, nil)
	if got := e.attacks(0, captain); got != 0 || e.win[0] != (window{lo: 1, n: 3}) {
		t.Errorf("against one model: window %+v, captain %d attacks; want files 1-3 and 0", e.win[0], got)
	}
}

// TestFlankAndRearDefenders: the charged unit fights with the models on
// its engaged edge (RULES.md 21.3.2, 21.15): in the rear its current rear
// rank, in a flank the end model of each rank, and never supports.
func TestFlankAndRearDefenders(t *testing.T) {
	defender := block(t, rules.WHFB8, men, 12, 5) // 5 / 5 / 2
	charger := block(t, rules.WHFB8, elves, 10, 5)
	c := &Combat{Ruleset: rules.WHFB8, Charger: A, Facing: Rear, Sides: [2]Combatant{charger, defender}}
	e := newEngine(c, nil)
	rf := defender.Fights[0]
	if got := e.attacks(1, rf); got != 2 {
		t.Errorf("rear: the rear rank of 2 fights: %d attacks, want 2", got)
	}
	k, _ := kill(t, defender.Unit, unit.Target{Role: unit.RankAndFile}, unit.Target{Role: unit.RankAndFile})
	e.units[1] = au(k)
	if got := e.attacks(1, rf); got != 5 {
		t.Errorf("rear, the last rank gone (%s): %d attacks, want the next rank's 5", e.units[1].Draw(), got)
	}
	// The charger fights the rear with its front: contact min(5, 5), and
	// supports as usual.
	if got := e.attacks(0, charger.Fights[0]); got != 10 {
		t.Errorf("rear charger: %d attacks, want 10", got)
	}

	c.Facing = FlankLeft
	narrow := block(t, rules.WHFB8, elves, 8, 4) // 4 / 4: contact min(4, 3 ranks) = 3
	c.Sides[0] = narrow
	e = newEngine(c, nil)
	if e.win[0].n != 3 {
		t.Errorf("flank charger's contact %d, want 3 (the defender's ranks)", e.win[0].n)
	}
	if got := e.attacks(1, rf); got != 3 {
		t.Errorf("flank: the end model of each of 3 ranks: %d attacks, want 3", got)
	}
	if got := e.attacks(0, narrow.Fights[0]); got != 3+3 {
		t.Errorf("flank charger: %d attacks, want 3 + 3 supporting", got)
	}
}

func TestReadersHonourContext(t *testing.T) {
	c := &Combat{Ruleset: rules.WHFB8, Sides: [2]Combatant{block(t, rules.WHFB8, elves, 10, 5), block(t, rules.WHFB8, men, 10, 5)}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.MonteCarlo(ctx, 1000, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("MonteCarlo after cancel: %v", err)
	}
	if _, err := c.Enumerate(ctx, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("Exact after cancel: %v", err)
	}
}

// TestExactRefusesLargeCombatsAtOnce: E120 has about 10^10 dice paths;
// Exact says so from a few random paths instead of walking 50000 first.
func TestExactRefusesLargeCombatsAtOnce(t *testing.T) {
	c := &Combat{Ruleset: rules.WHFB8, Charger: B, Sides: [2]Combatant{block(t, rules.WHFB8, elves, 20, 5), block(t, rules.WHFB8, men, 20, 5)}}
	_, err := c.Enumerate(context.Background(), 0)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "about") {
		t.Errorf("E120 exact: %v, want ErrTooLarge with an estimate", err)
	}
}

// TestMonteCarloSameOnAnyMachine: a seed gives the same report whatever
// the number of goroutines.
func TestMonteCarloSameOnAnyMachine(t *testing.T) {
	c := &Combat{Ruleset: rules.WHFB8, Sides: [2]Combatant{block(t, rules.WHFB8, elves, 10, 5), block(t, rules.WHFB8, men, 10, 5)}}
	var reps []*Report
	for _, procs := range []int{1, 3} {
		old := runtime.GOMAXPROCS(procs)
		rep, err := c.MonteCarlo(context.Background(), 2*MonteCarloChunk+100, 5)
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		reps = append(reps, rep)
	}
	a, b := reps[0], reps[1]
	if a.AWins.Cmp(b.AWins) != 0 || a.LoserBreaks.Cmp(b.LoserBreaks) != 0 || a.Sides[1].Casualties.Mean().Cmp(b.Sides[1].Casualties.Mean()) != 0 {
		t.Errorf("1 goroutine: a wins %s; 3: %s", a.AWins.RatString(), b.AWins.RatString())
	}
}

// TestOneBatchPerTarget: a side's fights at one step that aim at one
// target are one batch (21.2, C24), in the order the first of them comes;
// a fight aimed elsewhere (a challenge) is a batch of its own.
func TestOneBatchPerTarget(t *testing.T) {
	rf, champ := unit.Target{Role: unit.RankAndFile}, unit.Target{Role: unit.Champion}
	in := []rearrank.Attack{
		{Name: "spears", Target: rf},
		{Name: "challenge", Target: champ},
		{Name: "hero", Target: rf},
	}
	out := oneBatch(in, "Knights")
	var got []string
	for _, a := range out {
		got = append(got, a.Name+"/"+a.Batch)
	}
	want := []string{"spears/Knights against the rank and file", "hero/Knights against the rank and file", "challenge/"}
	if !slices.Equal(got, want) {
		t.Errorf("oneBatch: %q, want %q", got, want)
	}
	if one := oneBatch(in[:1], "Knights"); one[0].Batch != "" {
		t.Errorf("a lone group named batch %q", one[0].Batch)
	}
}

// TestGroupAndStepWords: a champion striking like his rank and file rolls
// in their group, named for both ("Knights rank and file and champion");
// a fight the file names keeps its name; the steps and the parts of the
// combat result are said as players say them.
func TestGroupAndStepWords(t *testing.T) {
	for _, tc := range []struct {
		names []string
		auto  []bool
		want  string
	}{
		{[]string{"rank and file", "champion"}, []bool{true, true}, "Knights rank and file and champion"},
		{[]string{"Lances"}, []bool{false}, "Lances"},
		{[]string{"Lances", "champion"}, []bool{false, true}, "Lances and Knights champion"},
	} {
		if got := groupName("Knights", tc.names, tc.auto); got != tc.want {
			t.Errorf("groupName(%q) = %q, want %q", tc.names, got, tc.want)
		}
	}
	for _, tc := range []struct {
		rs   rules.Ruleset
		k    Key
		want string
	}{
		{rules.WHFB8, Key{1, 5}, "Initiative 5"},
		{rules.T9A, Key{1, 4}, "Agility 4"},
		{rules.WHFB8, Key{2, 5}, "strikes first, Initiative 5"},
		{rules.WHFB8, Key{2, 0}, "strikes first"},
		{rules.T9A, Key{0, 0}, "strikes last"},
		{rules.WHFB8, Key{0, 2}, "strikes last, Initiative 2"},
	} {
		if got := tc.k.Words(tc.rs); got != tc.want {
			t.Errorf("%s %v: %q, want %q", tc.rs, tc.k, got, tc.want)
		}
	}
	for name, want := range map[string]string{"flank_left": "left flank", "flank_right": "right flank", "high ground": "high ground", "battle standard": "battle standard"} {
		if got := (Point{Name: name}).Words(); got != want {
			t.Errorf("point %s: %q, want %q", name, got, want)
		}
	}
	if got := (By{Role: unit.Character, Name: "Hero"}).Words(); got != "Hero" {
		t.Errorf("a character's fight: %q", got)
	}
}
