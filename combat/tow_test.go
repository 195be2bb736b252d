package combat

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The combat column of tow (RULES.md 22.11) and its worked examples E170 and
// E171 of 22.15, with their exact fractions.

func TestE170BreakTestThreeOutcomes(t *testing.T) {
	for _, tc := range []struct {
		name            string
		winners, bonus  int
		brk, fall, give string
	}{
		// Ld 7, 10 models (5 x 2, +1 rank) each side.
		{"lost by 2", 10, 2, "5/12", "11/36", "5/18"},
		// 25 models (5 x 5, +2 ranks): US 25 > 2 x 10, so a Fall Back is a Break.
		{"lost by 2, winners' US more than double", 25, 1, "13/18", "0", "5/18"},
		{"lost by 10", 10, 10, "5/12", "5/9", "1/36"},
	} {
		loser := block(t, rules.TOW, men, 10, 5)
		winner := block(t, rules.TOW, men, tc.winners, 5)
		winner.Bonus = tc.bonus
		rep := exact(t, standoff(t, rules.TOW, loser, winner))
		exactIs(t, tc.name+": b wins", rep.BWins, "1")
		exactIs(t, tc.name+": Break", rep.LoserBreaks, tc.brk)
		exactIs(t, tc.name+": side a breaks", rep.Sides[0].Breaks, tc.brk)
		exactIs(t, tc.name+": Fall Back in Good Order", rep.LoserFallsBack, tc.fall)
		exactIs(t, tc.name+": Give Ground", rep.LoserGivesGround, tc.give)
	}
}

func TestTowBreakTestRolls(t *testing.T) {
	// Ld 7, lost by 2: 4+4 = 8 breaks, 3+3 = 6 falls back (6 + 2 > 7), 2+3
	// gives ground, 1+1 gives ground; with the winners' US more than
	// double, 3+3 breaks. A battle standard's re-roll is taken on a Break
	// and the second roll stands.
	for _, tc := range []struct {
		winners, bonus int
		reroll         bool
		dice           []int
		want           Result
		rolls          int
	}{
		{10, 2, false, []int{4, 4}, Break, 1},
		{10, 2, false, []int{3, 3}, FallBackInGoodOrder, 1},
		{10, 2, false, []int{2, 3}, GiveGround, 1},
		{10, 10, false, []int{1, 1}, GiveGround, 1},
		{25, 1, false, []int{3, 3}, Break, 1},
		{10, 2, true, []int{6, 6, 3, 3}, FallBackInGoodOrder, 2},
		{10, 2, true, []int{6, 6, 6, 5}, Break, 2},
		{10, 2, true, []int{3, 3}, FallBackInGoodOrder, 1},
	} {
		loser := block(t, rules.TOW, men, 10, 5)
		loser.RerollBreak = tc.reroll
		winner := block(t, rules.TOW, men, tc.winners, 5)
		winner.Bonus = tc.bonus
		o, err := standoff(t, rules.TOW, loser, winner).Resolve(dice.NewScripted(tc.dice...))
		if err != nil {
			t.Fatal(err)
		}
		what := fmt.Sprintf("US %d, bonus %d, re-roll %v, dice %v", tc.winners, tc.bonus, tc.reroll, tc.dice)
		if o.Break == nil || o.Break.Result != tc.want || len(o.Break.Rolls) != tc.rolls || o.Break.Broke != (tc.want == Break) {
			t.Errorf("%s: break test %+v, want %s after %d rolls", what, o.Break, tc.want, tc.rolls)
		}
	}
}

func TestTowStubbornAndUnbreakable(t *testing.T) {
	// 22.11: Stubborn falls back in good order without a roll, Unbreakable
	// gives ground; no Steadfast (the loser's 4 ranks against 1 do not
	// hold it).
	for _, tc := range []struct {
		stubborn, unbreakable bool
		want                  Result
	}{{true, false, FallBackInGoodOrder}, {false, true, GiveGround}} {
		loser := block(t, rules.TOW, men, 10, 5)
		loser.Stubborn, loser.Unbreakable = tc.stubborn, tc.unbreakable
		winner := block(t, rules.TOW, men, 10, 5)
		winner.Bonus = 3
		o, err := standoff(t, rules.TOW, loser, winner).Resolve(dice.NewScripted())
		if err != nil {
			t.Fatal(err)
		}
		if o.Break == nil || o.Break.Result != tc.want || len(o.Break.Rolls) != 0 || o.Break.Broke {
			t.Errorf("stubborn %v unbreakable %v: break test %+v, want %s without a roll", tc.stubborn, tc.unbreakable, o.Break, tc.want)
		}
	}
	loser := block(t, rules.TOW, men, 25, 5)
	winner := block(t, rules.TOW, men, 5, 5)
	winner.Bonus = 5 // 5 against the loser's 2 ranks: lost by 3
	rep := exact(t, standoff(t, rules.TOW, loser, winner))
	if rep.Sides[0].Breaks.Sign() == 0 {
		t.Errorf("a deeper loser never breaks: Steadfast read in tow")
	}
	exactIs(t, "deeper loser breaks on 2D6 above Ld 7", rep.LoserBreaks, "5/12")
}

func TestE171TowCombatResult(t *testing.T) {
	// 20 regular infantry 5 x 4 with a standard, in Close Order and so in
	// Combat Order (5 wide, 4 deep, Unit Strength 20), charging the
	// enemy's flank, the enemy's US higher, caused 3 Wounds (one
	// regenerated, still counted, 22.6): 3 + 2 ranks + 1 standard + 1
	// flank + 1 Combat Order = 8, and nothing for the charge. Under whfb8,
	// which has no such bonus (the file's bonus stands in), the same is 3
	// + 1 charge + 3 ranks + 1 + 1 + 1 = 10.
	for _, tc := range []struct {
		rs     rules.Ruleset
		want   int
		points []Point
	}{
		{rules.TOW, 8, []Point{{"wounds", 3}, {"ranks", 2}, {"standard", 1}, {"flank_left", 1}, {"close order", 1}}},
		{rules.WHFB8, 10, []Point{{"wounds", 3}, {"charge", 1}, {"ranks", 3}, {"standard", 1}, {"flank_left", 1}, {"bonus", 1}}},
	} {
		a := block(t, tc.rs, men, 20, 5, unit.StandardBearer)
		if tc.rs == rules.TOW {
			a.CloseOrder, a.MassedInfantry = true, true // Massed Infantry: nothing, the enemy is stronger
		} else {
			a.Bonus = 1
		}
		b := block(t, tc.rs, men, 30, 10)
		c := standoff(t, tc.rs, a, b)
		c.Charger, c.Facing = A, FlankLeft
		o := Outcome{Units: [2]*rearrank.Unit{a.Unit, b.Unit}, Wounds: [2]int{3, 0}}
		c.score(&o)
		if o.Score[0] != tc.want || !slices.Equal(o.Points[0], tc.points) {
			t.Errorf("%s: score %d %v, want %d %v", tc.rs, o.Score[0], o.Points[0], tc.want, tc.points)
		}
	}
}

// TestTowCloseOrderAndMassedInfantry: 22.11's two bonuses of the unit's
// own: Close Order scores +1 in Combat Order (no deeper than wide) with
// Unit Strength 10 or more; Massed Infantry +1 with a higher Unit Strength
// than the enemy's. The file says which units have them (special).
func TestTowCloseOrderAndMassedInfantry(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		models, front         int
		enemy                 int
		close, massed         bool
		wantClose, wantMassed bool
	}{
		{"5 x 4, US 20", 20, 5, 10, true, true, true, true},
		{"4 x 4, square", 16, 4, 10, true, false, true, false},
		{"4 wide, 5 deep: a column", 20, 4, 10, true, false, false, false},
		{"3 x 3, US 9", 9, 3, 5, true, true, false, true},
		{"equal Unit Strength", 20, 5, 20, false, true, false, false},
		{"neither rule", 20, 5, 10, false, false, false, false},
	} {
		a := block(t, rules.TOW, men, tc.models, tc.front)
		a.CloseOrder, a.MassedInfantry = tc.close, tc.massed
		b := block(t, rules.TOW, men, tc.enemy, 5)
		c := standoff(t, rules.TOW, a, b)
		o := Outcome{Units: [2]*rearrank.Unit{a.Unit, b.Unit}}
		c.score(&o)
		has := func(name string) bool {
			return slices.Contains(o.Points[0], Point{name, 1})
		}
		if has("close order") != tc.wantClose || has("massed infantry") != tc.wantMassed {
			t.Errorf("%s: points %v, want close order %v, massed infantry %v", tc.name, o.Points[0], tc.wantClose, tc.wantMassed)
		}
	}
	for _, sp := range []string{"close_order", "massed_infantry"} {
		a := block(t, rules.WHFB8, men, 20, 5)
		c := standoff(t, rules.WHFB8, a, block(t, rules.WHFB8, men, 10, 5))
		c.Sides[0].CloseOrder, c.Sides[0].MassedInfantry = sp == "close_order", sp == "massed_infantry"
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), sp) {
			t.Errorf("whfb8 with %s: %v, want an error naming it", sp, err)
		}
	}
}

// TestE171RoundCountsRegenerated plays E171 as a round: 20 Men 5 x 4 with
// a standard in Close Order (Combat Order) charge the flank of 12 Trolls
// (Unit Strength 36, higher) with Regeneration 4+. The Men's 6 attacks
// hit three times and wound three times; Regeneration takes one Wound
// back, which still counts (22.6): 3 + 2 ranks + 1 standard + 1 flank + 1
// = 8, nothing for the charge, and the Trolls, disrupted, score no ranks.
func TestE171RoundCountsRegenerated(t *testing.T) {
	a := block(t, rules.TOW, men, 20, 5, unit.StandardBearer)
	a.CloseOrder = true
	trolls, err := rearrank.NewUnit(unit.Spec{Name: "Trolls", Ruleset: rules.TOW, Models: 12, Frontage: 4,
		Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 3, WS: 3, Specials: rules.SpecialSaves{Regeneration: rules.Need(4)}}})
	if err != nil {
		t.Fatal(err)
	}
	b := block(t, rules.TOW, troop{name: "Trolls", ws: 3, s: 1, t: 3, i: 1, a: 1, ld: 7}, 12, 4)
	b.Unit = trolls
	c := &Combat{Ruleset: rules.TOW, Charger: A, Facing: FlankLeft, Sides: [2]Combatant{a, b}}
	// the Men: 6 to hit (3 hit), 3 to wound, Regeneration 6, 1, 1; the
	// Trolls: 3 misses; the Trolls' break test 6+6
	faces := dice.NewScripted(6, 6, 6, 1, 1, 1, 6, 6, 6, 6, 1, 1, 1, 1, 1, 6, 6)
	o, err := c.Resolve(faces)
	if err != nil || faces.Remaining() != 0 {
		t.Fatalf("%v, %d dice left", err, faces.Remaining())
	}
	want := []Point{{"wounds", 3}, {"ranks", 2}, {"standard", 1}, {"flank_left", 1}, {"close order", 1}}
	if o.Score[0] != 8 || !slices.Equal(o.Points[0], want) || o.Wounds[0] != 3 || o.Score[1] != 0 {
		t.Errorf("Men score %d %v (wounds %d), Trolls %d; want 8 %v, 0", o.Score[0], o.Points[0], o.Wounds[0], o.Score[1], want)
	}
	regenerated := false
	for _, e := range o.Steps[0].Sides[0].Events {
		regenerated = regenerated || strings.Contains(e.Text, "1 regenerated (counted for combat result all the same)")
	}
	if !regenerated || o.Casualties[1] != 0 || carriedOn(o.Units[1]) != 2 {
		t.Errorf("regenerated %v, Trolls lost %d and carry %d; want one Wound regenerated, 2 carried on a Troll", regenerated, o.Casualties[1], carriedOn(o.Units[1]))
	}
	if o.Break == nil || o.Break.Side != B || o.Break.Result != Break {
		t.Errorf("the Trolls' break test %+v, want a Break on 6+6", o.Break)
	}
}

// carriedOn is the wounds u's pools carry.
func carriedOn(u *rearrank.Unit) int {
	n := 0
	for _, p := range au(u).Carried() {
		n += p.Carried
	}
	return n
}

func TestTowReadsNoInsaneCourage(t *testing.T) {
	// 22.11: a double 1 gives ground, so insane_courage is not read in tow.
	var o rules.Options
	if err := o.Set("insane_courage", "true"); err != nil {
		t.Fatal(err)
	}
	c := standoff(t, rules.TOW, block(t, rules.TOW, men, 10, 5), block(t, rules.TOW, men, 10, 5))
	c.Options = o
	err := c.Validate()
	if err == nil || !strings.Contains(err.Error(), "insane_courage") {
		t.Errorf("tow with insane_courage: %v, want an error naming it", err)
	}
	c.Ruleset = rules.WHFB8
	if err := c.Validate(); err != nil {
		t.Errorf("whfb8 with insane_courage: %v", err)
	}
}

func TestTowDisruptedByUnitStrength(t *testing.T) {
	// 22.11: a unit engaged in its flank by enemy Unit Strength 5 or more
	// (10 or more against heavy infantry) is Disrupted and scores no
	// ranks, however few ranks the enemy has; whfb8 asks for two ranks of
	// five (21.6).
	for _, tc := range []struct {
		rs        rules.Ruleset
		chargers  int
		heavy     bool
		disrupted bool
	}{
		{rules.TOW, 5, false, true},    // one rank of five: US 5
		{rules.TOW, 4, false, false},   // US 4
		{rules.TOW, 8, true, false},    // heavy infantry need US 10
		{rules.TOW, 10, true, true},    // two ranks of five, US 10
		{rules.WHFB8, 5, false, false}, // one rank is not two
		{rules.WHFB8, 10, false, true},
	} {
		a := block(t, tc.rs, men, tc.chargers, 5)
		b := block(t, tc.rs, men, 30, 10)
		if tc.heavy {
			u, err := rearrank.NewUnit(unit.Spec{Name: "Greatswords", Ruleset: tc.rs, Models: 30, Frontage: 10,
				Profile: unit.Profile{TroopType: rules.HeavyInfantry, W: 1, T: 3, WS: 3}})
			if err != nil {
				t.Fatal(err)
			}
			b.Unit = u
		}
		c := standoff(t, tc.rs, a, b)
		c.Charger, c.Facing = A, FlankLeft
		o := Outcome{Units: [2]*rearrank.Unit{a.Unit, b.Unit}}
		c.score(&o)
		ranks := slices.ContainsFunc(o.Points[1], func(p Point) bool { return p.Name == "ranks" })
		if ranks == tc.disrupted {
			t.Errorf("%s: %d chargers, heavy %v: charged unit's points %v, want disrupted %v", tc.rs, tc.chargers, tc.heavy, o.Points[1], tc.disrupted)
		}
	}
}

// TestTowStepUpLostHalberds is examples/combat-tow-halberds.yaml: 20 Orc
// Boyz charge 20 State Troops with halberds, who strike first at I3. A
// model that steps forward to replace a casualty cannot attack in that
// phase (RULES.md 22.18), so tow's step_up defaults to lost: the Orcs
// strike back at I2 with their 10 less one for each model lost, and the
// halberdiers win 37.72%, where an independent Old World simulator gives
// 37.67% +- 0.05 over a million rounds of 25 against 25 (22.18). With
// 25 a side (5 x 5) nothing changes: the casualties come from the rear,
// both sides stay in Combat Order and score at most +2 for ranks. A file
// that sets step_up: fights keeps 21.5's reading: the Orcs always make
// 10 attacks and the halberdiers win 29.63%, tow's figure before 22.18.
func TestTowStepUpLostHalberds(t *testing.T) {
	data, err := os.ReadFile("../examples/combat-tow-halberds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	file := string(data)
	fights := strings.Replace(file, "ruleset: tow\n", "ruleset: tow\noptions: {step_up: fights}\n", 1)
	bigger := strings.ReplaceAll(file, "models: 20", "models: 25")
	const (
		lostAWins   = "1558438443925537109375/3833759992447475122176"
		lostDraw    = "829154376927431640625/3833759992447475122176"
		lostBWins   = "30128482741552216087/79869999842655731712" // 0.37722
		fightsAWins = "919663285247802734375/1916879996223737561088"
		fightsDraw  = "214602335051142578125/958439998111868780544"
		fightsBWins = "568012040873649670463/1916879996223737561088" // 0.29632
	)
	for _, tc := range []struct {
		name, text         string
		aWins, draw, bWins string
		orcAttacks         string // mean, at I2
	}{
		// Under lost the Orcs' 10 less their mean casualties at I3: 10
		// attacks x 1/2 to hit (WS3 v WS3) x 1/2 to wound (S4 v T4) x 2/3
		// unsaved (5+) = 5/3, so 25/3.
		{"default (lost)", file, lostAWins, lostDraw, lostBWins, "25/3"},
		{"25 a side", bigger, lostAWins, lostDraw, lostBWins, "25/3"},
		{"step_up: fights", fights, fightsAWins, fightsDraw, fightsBWins, "10"},
	} {
		c := loadText(t, tc.text)
		for _, rep := range []*Report{exact(t, c), mc(t, c)} {
			what := fmt.Sprintf("%s (samples %d)", tc.name, rep.N)
			near(t, what+": Orc Boyz win", rep, rep.AWins, tc.aWins)
			near(t, what+": draw", rep, rep.Draw, tc.draw)
			near(t, what+": State Troops win", rep, rep.BWins, tc.bWins)
			if len(rep.Steps) != 2 || rep.Steps[1].Key != (Key{1, 2}) || rep.Steps[1].Attacks[0] == nil {
				t.Fatalf("%s: steps %+v, want the Orcs at I2 second", what, rep.Steps)
			}
			nearMean(t, what+": Orcs' attacks at I2", rep, *rep.Steps[1].Attacks[0], tc.orcAttacks)
		}
	}
}
