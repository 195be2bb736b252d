package combat

import (
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Outcome is what one round did.
type Outcome struct {
	// Steps gives each step's key and the attacks each side rolled.
	Steps []StepCount
	// Casualties are the models each side lost; Wounds the wounds each side
	// caused (21.15 "Output perspective").
	Casualties [2]int
	Wounds     [2]int
	// Score is each side's combat result and Points its parts.
	Score  [2]int
	Points [2][]Point
	// Winner is the side that won, NoSide for a draw (t9a: equal scores,
	// where both count as winners and nobody tests).
	Winner Side
	// Musician is true when the winner won on the musician's tie-break
	// (21.7).
	Musician bool
	// Break is the loser's break test, nil when nobody tests.
	Break     *BreakTest
	Destroyed [2]bool
	// Units are the units after the round.
	Units [2]*rearrank.Unit
}

// Margin is side a's score less side b's (21.9); the musician's point is
// not in it.
func (o *Outcome) Margin() int { return o.Score[0] - o.Score[1] }

// Broke reports whether side s lost and failed its break test.
func (o *Outcome) Broke(s Side) bool { return o.Break != nil && o.Break.Side == s && o.Break.Broke }

// StepCount is one step of the strike order and the attacks each side
// rolled at it.
type StepCount struct {
	Key Key
	// Fights says whether the side has a fight at this step; Attacks is
	// then what it rolled (0 when none of its models could strike).
	Fights  [2]bool
	Attacks [2]int
}

// Point is one part of a combat result (21.6).
type Point struct {
	Name   string `json:"name"` // "wounds", "charge", "ranks", ...
	Points int    `json:"points"`
}

// Words names the part in players' words: "left flank" for flank_left,
// "high ground"; Name stays the JSON's.
func (p Point) Words() string {
	switch p.Name {
	case "flank_left":
		return "left flank"
	case "flank_right":
		return "right flank"
	}
	return strings.ReplaceAll(p.Name, "_", " ")
}

// Msg is Words as a message of the catalogue.
func (p Point) Msg() msg.Message {
	switch p.Name {
	case "flank_left", "flank_right", "rear":
		return msg.New(msg.ID("term.combat.facing." + p.Name))
	}
	if !msg.Has(msg.ID("term.combat.point." + strings.ReplaceAll(p.Name, " ", "_"))) {
		panic("combat: no word for the combat result's part " + p.Name)
	}
	return msg.New(msg.ID("term.combat.point." + strings.ReplaceAll(p.Name, " ", "_")))
}

// BreakTest is a loser's break test (21.8).
type BreakTest struct {
	Side Side `json:"side"`
	// Need is the highest 2D6 total that holds, T.
	Need      int  `json:"need"`
	Steadfast bool `json:"steadfast"`
	// Auto says why no dice were rolled ("unbreakable"); empty when rolled.
	Auto  string   `json:"auto,omitempty"`
	Rolls [][2]int `json:"rolls"` // each 2D6 roll, the re-roll second
	Broke bool     `json:"broke"`
	// LostBy is the score the side lost by, and Crushed whether the
	// winners' Unit Strength is more than twice its own, where the test
	// has three outcomes (22.11); Result is then the outcome.
	LostBy  int    `json:"lost_by,omitempty"`
	Crushed bool   `json:"crushed,omitempty"`
	Result  Result `json:"result,omitempty"`
}

// Result is the outcome of a three-outcome break test (RULES.md 22.11); the
// zero Result is a test with two outcomes (held or broke).
type Result string

const (
	Break               Result = "break"
	FallBackInGoodOrder Result = "fall_back_in_good_order"
	GiveGround          Result = "give_ground"
	resultCount                = 3
)

// Title names the outcome as the rulebook does: "Break", "Fall Back in
// Good Order", "Give Ground"; "" for the zero Result.
func (r Result) Title() string {
	return map[Result]string{Break: "Break", FallBackInGoodOrder: "Fall Back in Good Order", GiveGround: "Give Ground"}[r]
}

// Msg says the outcome as a sentence ends with it: "breaks", "falls back
// in good order", "gives ground".
func (r Result) Msg() msg.Message {
	switch r {
	case Break:
		return msg.New("term.combat.result.break")
	case FallBackInGoodOrder:
		return msg.New("term.combat.result.fall_back")
	}
	return msg.New("term.combat.result.give_ground")
}

// TitleMsg is Title as a message of the catalogue; the zero message for
// the zero Result.
func (r Result) TitleMsg() msg.Message {
	switch r {
	case Break:
		return msg.New("term.combat.result.title.break")
	case FallBackInGoodOrder:
		return msg.New("term.combat.result.title.fall_back")
	case GiveGround:
		return msg.New("term.combat.result.title.give_ground")
	}
	return msg.Message{}
}

// AutoMsg names why no dice were rolled (Auto: "unbreakable",
// "stubborn") as a word of the catalogue.
func (b *BreakTest) AutoMsg() msg.Message {
	return msg.New(msg.ID("term.combat.auto." + b.Auto))
}

// rankPoints is the combat result for ranks of unit u (21.6, 22.11): its
// ranks behind the first that hold the troop type's minimum, up to its
// maximum.
func rankPoints(u *alloc.Unit, cr *rules.CombatRules) int {
	if cr.Troops == nil {
		return max(0, min(3, fullRanks(u)-1))
	}
	least, most := cr.Troops.Ranks(rankAndFileType(u))
	n := 0
	var buf [16]int
	for k, m := range u.AppendRankSizes(buf[:0]) {
		if k > 0 && m >= least {
			n++
		}
	}
	return min(n, most)
}

// rankAndFileType is the troop type of u's first rank-and-file model
// (infantry when it has none).
func rankAndFileType(u *alloc.Unit) rules.TroopType {
	if t, ok := u.FirstTroopType(unit.Character); ok {
		return t
	}
	return rules.Infantry
}

// unitStrength is the Unit Strength of u's models (22.10), 0 where the
// ruleset has none.
func unitStrength(u *alloc.Unit) int {
	n, _ := u.UnitStrength()
	return n
}

// Step is one step of a round as the referee reader shows it.
type Step struct {
	Key   Key
	Sides [2]StepSide
}

// StepSide is what one side did at a step.
type StepSide struct {
	Fights []FightCount
	// Events are the referee's events for the side's batch, re-rolled
	// misses included (20.1).
	Events []rearrank.Event
	// After is the side's own unit after the step's removals.
	After *rearrank.Unit
}

// FightCount is the attacks one fight made at a step.
type FightCount struct {
	By      By
	Attacks int
	Reroll  bool // misses are re-rolled (21.4)
}

// score adds up both combat results from the units as they stand after
// the last step (21.6).
func (c *Combat) score(o *Outcome) {
	cr := &rules.For(c.Ruleset).Combat
	for i := range c.Sides {
		s := &c.Sides[i]
		u := au(o.Units[i])
		if o.Points[i] == nil {
			o.Points[i] = make([]Point, 0, 8) // one allocation a side, not one a point
		}
		add := func(name string, n int) {
			if n != 0 {
				o.Points[i] = append(o.Points[i], Point{name, n})
				o.Score[i] += n
			}
		}
		add("wounds", o.Wounds[i])
		side := sideOf(i)
		if c.Charger == side && !cr.NoChargeBonus {
			add("charge", 1)
		}
		ranks := rankPoints(u, cr)
		if i == c.disruptedIndex(o) && cr.DisruptedNoRanks {
			ranks = 0
		}
		add("ranks", ranks)
		if u.Count(unit.StandardBearer) > 0 {
			add("standard", 1)
		}
		if c.battleStandardAlive(i, u) {
			add("battle standard", 1)
		}
		if c.Charger == side && c.Facing != Front {
			n := 1
			if c.Facing == Rear {
				n = 2
			}
			if cr.FlankFullRanksBonus && fullRanks(u) >= 2 {
				n++
			}
			add(c.Facing.String(), n)
		}
		if c.HighGround == side && cr.HighGround {
			add("high ground", 1)
		}
		if c.Options.OutnumberBonus && u.Size() > au(o.Units[1-i]).Size() {
			add("outnumber", 1)
		}
		if s.CloseOrder && cr.CombatOrderStrength > 0 && combatOrder(u) && unitStrength(u) >= cr.CombatOrderStrength {
			add("close order", 1)
		}
		if s.MassedInfantry && cr.MassedInfantry && unitStrength(u) > unitStrength(au(o.Units[1-i])) {
			add("massed infantry", 1)
		}
		add("bonus", s.Bonus)
	}
}

// combatOrder reports whether u stands in Combat Order (22.11): as wide
// as it is deep or wider, its front rank holding at least as many models
// as it has ranks.
func combatOrder(u *alloc.Unit) bool {
	var buf [16]int
	ranks := u.AppendRankSizes(buf[:0])
	return len(ranks) > 0 && ranks[0] >= len(ranks)
}

// disruptedIndex returns the index of the charged unit when the charger
// fights its flank or rear with 2 or more ranks of 5 or more (21.6) or,
// where the ruleset judges by Unit Strength, with enough of it (22.11:
// 5, or 10 against heavy infantry); else -1.
func (c *Combat) disruptedIndex(o *Outcome) int {
	if c.Charger == NoSide || c.Facing == Front {
		return -1
	}
	charger, charged := au(o.Units[c.Charger.index()]), c.Charger.Other().index()
	disrupts := fullRanks(charger) >= 2
	if cr := &rules.For(c.Ruleset).Combat; cr.DisruptStrength > 0 {
		need := cr.DisruptStrength
		if rankAndFileType(au(o.Units[charged])) == rules.HeavyInfantry {
			need = cr.DisruptStrengthHeavy
		}
		disrupts = unitStrength(charger) >= need
	}
	if disrupts {
		return charged
	}
	return -1
}

func (c *Combat) battleStandardAlive(i int, u *alloc.Unit) bool {
	if len(c.Sides[i].BattleStandard) == 0 {
		return false
	}
	for _, m := range u.Models() {
		if m.Role != unit.Character {
			continue
		}
		for _, n := range c.Sides[i].BattleStandard {
			if n == m.Name {
				return true
			}
		}
	}
	return false
}

// decide names the winner and rolls the loser's break test (21.7, 21.8).
func (c *Combat) decide(o *Outcome, r dice.Roller) error {
	tries := c.judge(o)
	if tries == 0 {
		return nil
	}
	return c.rollBreak(o.Break, tries, r)
}

// judge names the winner and sets up the loser's break test (21.7, 21.8):
// it returns the number of 2D6 rolls the test may take, 0 when nobody
// rolls.
func (c *Combat) judge(o *Outcome) int {
	cr := &rules.For(c.Ruleset).Combat
	diff := o.Score[0] - o.Score[1]
	switch {
	case o.Destroyed[0] && o.Destroyed[1]:
		return 0
	case diff > 0:
		o.Winner = A
	case diff < 0:
		o.Winner, diff = B, -diff
	case cr.TieBothWin:
		return 0 // both sides win, nobody tests
	default:
		ma, mb := au(o.Units[0]).Count(unit.Musician) > 0, au(o.Units[1]).Count(unit.Musician) > 0
		switch {
		case ma && !mb:
			o.Winner = A
		case mb && !ma:
			o.Winner = B
		default:
			return 0
		}
		o.Musician, diff = true, 1
	}
	loser := o.Winner.Other()
	li := loser.index()
	if o.Destroyed[li] {
		return 0
	}
	s := &c.Sides[li]
	bt := &BreakTest{Side: loser}
	o.Break = bt
	if cr.ThreeOutcomes {
		return c.judgeThree(o, bt, s, diff)
	}
	if s.Unbreakable {
		bt.Auto = "unbreakable"
		return 0
	}
	mine, theirs := fullRanks(au(o.Units[li])), fullRanks(au(o.Units[1-li]))
	bt.Steadfast = s.Stubborn || mine > theirs
	if cr.DisruptedRanksCancelSteadfast && !s.Stubborn && c.Charger == o.Winner && c.Facing != Front && theirs >= 2 {
		bt.Steadfast = false // Disrupted Ranks
	}
	bt.Need = s.Leadership - diff
	if bt.Steadfast {
		bt.Need = s.Leadership
	}
	if s.RerollBreak {
		return 2
	}
	return 1
}

// judgeThree sets up a break test of three outcomes (22.11): no
// Steadfast; Unbreakable gives ground and Stubborn falls back in good order
// without a roll; otherwise 2D6 against Leadership, lost by diff.
func (c *Combat) judgeThree(o *Outcome, bt *BreakTest, s *Combatant, diff int) int {
	li := bt.Side.index()
	bt.Need, bt.LostBy = s.Leadership, diff
	bt.Crushed = unitStrength(au(o.Units[1-li])) > 2*unitStrength(au(o.Units[li]))
	switch {
	case s.Unbreakable:
		bt.Auto, bt.Result = "unbreakable", GiveGround
		return 0
	case s.Stubborn:
		bt.Auto, bt.Result = "stubborn", FallBackInGoodOrder
		return 0
	}
	if s.RerollBreak {
		return 2
	}
	return 1
}

// threeOutcome is the result of a natural 2D6 roll d1, d2 in break test bt
// (22.11): above Leadership a Break; else above it with the difference
// added a Fall Back in Good Order (a Break when crushed); else, or on a
// double 1, Give Ground.
func threeOutcome(bt *BreakTest, d1, d2 int) Result {
	switch t := d1 + d2; {
	case d1 == 1 && d2 == 1:
		return GiveGround
	case t > bt.Need:
		return Break
	case t+bt.LostBy > bt.Need && bt.Crushed:
		return Break
	case t+bt.LostBy > bt.Need:
		return FallBackInGoodOrder
	}
	return GiveGround
}

// rollBreak rolls break test bt, at most tries times: it holds on a 2D6
// total of Need or less, or on a double 1 with Insane Courage.
// breakDie rolls one die of a break test with r, asking for it in the
// words of id where r asks a person; seeded dice (a sampled round) roll it
// as AskMsg would, with no message made.
func breakDie(r dice.Roller, id msg.ID) (int, error) {
	if s, ok := r.(*dice.Seeded); ok {
		return s.Roll(6), nil
	}
	return dice.AskMsg(r, 6, msg.New(id))
}

func (c *Combat) rollBreak(bt *BreakTest, tries int, r dice.Roller) error {
	for range tries {
		d1, err := breakDie(r, "combat.ask.break_first")
		if err != nil {
			return msg.Errorf(err, "combat.error.break_test", bt.Side.String(), errText{err})
		}
		d2, err := breakDie(r, "combat.ask.break_second")
		if err != nil {
			return msg.Errorf(err, "combat.error.break_test", bt.Side.String(), errText{err})
		}
		bt.Rolls = append(bt.Rolls, [2]int{d1, d2})
		if rules.For(c.Ruleset).Combat.ThreeOutcomes {
			// Three outcomes (22.11): a re-roll is taken on a Break
			// only, and the second roll stands.
			bt.Result = threeOutcome(bt, d1, d2)
			bt.Broke = bt.Result == Break
			if !bt.Broke {
				return nil
			}
			continue
		}
		insane := d1 == 1 && d2 == 1 && c.Options.InsaneCourageIn(c.Ruleset)
		if d1+d2 <= bt.Need || insane {
			bt.Broke = false
			return nil
		}
		bt.Broke = true
	}
	return nil
}
