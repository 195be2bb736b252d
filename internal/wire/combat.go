package wire

import (
	"math/big"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Report is the JSON form of a combat.Report (RULES.md 21.10): chances as
// numbers, or as exact fractions "a/b" in an exact report.
type Report struct {
	Ruleset string `json:"ruleset"`
	// Method is "exact" or "monte_carlo"; a Monte Carlo report gives N,
	// Seed and the standard error of every chance in SE.
	Method string `json:"method"`
	// Fallback, for a Monte Carlo report given in place of an exact one,
	// is the state limit error that made it.
	Fallback    string  `json:"fallback,omitempty"`
	N           int     `json:"n,omitempty"`
	Seed        *uint64 `json:"seed,omitempty"`
	AWins       any     `json:"a_wins"`
	Draw        any     `json:"draw"`
	BWins       any     `json:"b_wins"`
	LoserBreaks any     `json:"loser_breaks"`
	// LoserFallsBack and LoserGivesGround are the other two outcomes of a
	// three-outcome break test (22.11), absent elsewhere.
	LoserFallsBack   any                `json:"loser_falls_back,omitempty"`
	LoserGivesGround any                `json:"loser_gives_ground,omitempty"`
	Margin           Dist               `json:"margin"`
	Steps            []Step             `json:"steps"`
	Sides            map[string]Side    `json:"sides"`
	SE               map[string]float64 `json:"se,omitempty"`
	// StandIns: the owner_choice switches nobody is asked about in a
	// round, whose defaults stand in (RULES.md 18)
	StandIns []rules.StandIn `json:"stand_ins,omitempty"`
}

// Dist is a distribution: P(min + i) = dist[i].
type Dist struct {
	Mean any   `json:"mean"`
	Min  int   `json:"min"`
	Dist []any `json:"dist"`
}

// Step is one step: its key [class, value] and the attacks each side
// rolled, null for a side with no fight at the step.
type Step struct {
	Key [2]int   `json:"key"`
	A   *Attacks `json:"a"`
	B   *Attacks `json:"b"`
}

// Attacks holds a step's attacks distribution.
type Attacks struct {
	Attacks Dist `json:"attacks"`
}

// Side is one side's part of a report.
type Side struct {
	Casualties   Dist `json:"casualties"`
	Wounds       Dist `json:"wounds"`
	CombatResult Dist `json:"combat_result"`
	Destroyed    any  `json:"destroyed"`
	Breaks       any  `json:"breaks"`
}

func number(p *big.Rat, exact bool) any {
	if exact {
		return p.RatString()
	}
	f, _ := p.Float64()
	return f
}

func distOf(r *combat.Report, d combat.Dist) Dist {
	exact := r.N == 0
	v := Dist{Mean: number(d.Mean(), exact), Min: d.Min, Dist: make([]any, len(d.P))}
	for i, p := range d.P {
		v.Dist[i] = number(p, exact)
	}
	return v
}

// ReportOf returns the JSON form of r.
func ReportOf(r *combat.Report) Report {
	exact := r.N == 0
	v := Report{Ruleset: r.Ruleset.String(), Method: "exact", StandIns: r.StandIns,
		AWins: number(r.AWins, exact), Draw: number(r.Draw, exact), BWins: number(r.BWins, exact),
		LoserBreaks: number(r.LoserBreaks, exact), Margin: distOf(r, r.Margin), Sides: map[string]Side{}, Steps: []Step{}}
	if r.LoserFallsBack != nil {
		v.LoserFallsBack, v.LoserGivesGround = number(r.LoserFallsBack, exact), number(r.LoserGivesGround, exact)
	}
	if !exact {
		seed := r.Seed
		v.Method, v.N, v.Seed, v.Fallback = "monte_carlo", r.N, &seed, r.Fallback
		v.SE = map[string]float64{"a_wins": r.SE(r.AWins), "draw": r.SE(r.Draw), "b_wins": r.SE(r.BWins), "loser_breaks": r.SE(r.LoserBreaks),
			"a.breaks": r.SE(r.Sides[0].Breaks), "b.breaks": r.SE(r.Sides[1].Breaks),
			"a.casualties.mean": r.MeanSE(r.Sides[0].Casualties), "b.casualties.mean": r.MeanSE(r.Sides[1].Casualties)}
		if r.LoserFallsBack != nil {
			v.SE["loser_falls_back"], v.SE["loser_gives_ground"] = r.SE(r.LoserFallsBack), r.SE(r.LoserGivesGround)
		}
	}
	for _, s := range r.Steps {
		sv := Step{Key: [2]int{s.Key.Class, s.Key.Value}}
		if s.Attacks[0] != nil {
			sv.A = &Attacks{Attacks: distOf(r, *s.Attacks[0])}
		}
		if s.Attacks[1] != nil {
			sv.B = &Attacks{Attacks: distOf(r, *s.Attacks[1])}
		}
		v.Steps = append(v.Steps, sv)
	}
	for i, name := range []string{"a", "b"} {
		s := r.Sides[i]
		v.Sides[name] = Side{Casualties: distOf(r, s.Casualties), Wounds: distOf(r, s.Wounds), CombatResult: distOf(r, s.CombatResult),
			Destroyed: number(s.Destroyed, exact), Breaks: number(s.Breaks, exact)}
	}
	return v
}

// Round is the JSON form of a resolved round: the dice, both units
// before, every step and the result.
type Round struct {
	Ruleset    string                   `json:"ruleset"`
	Dice       []int                    `json:"dice"`
	Before     map[string]unit.Snapshot `json:"before"`
	Steps      []StepLog                `json:"steps"`
	Scores     map[string]Score         `json:"scores"`
	Winner     string                   `json:"winner"`
	Musician   bool                     `json:"musician_tie_break,omitempty"`
	Break      *combat.BreakTest        `json:"break_test"`
	Casualties map[string]int           `json:"casualties"`
	Wounds     map[string]int           `json:"wounds"`
	// StandIns: the owner_choice switches nobody is asked about in a
	// round, whose defaults stand in (RULES.md 18)
	StandIns []rules.StandIn `json:"stand_ins,omitempty"`
}

// StepLog is one step of a resolved round.
type StepLog struct {
	Key   [2]int               `json:"key"`
	Sides map[string]*SideStep `json:"sides"`
}

// SideStep is what one side did at a step and its unit after it.
type SideStep struct {
	Fights []Fight          `json:"fights"`
	Events []rearrank.Event `json:"events"`
	After  unit.Snapshot    `json:"after"`
}

// Fight is one fight's attacks at a step.
type Fight struct {
	By      string `json:"by"`
	Attacks int    `json:"attacks"`
	Reroll  bool   `json:"reroll_misses,omitempty"`
}

// Score is a side's combat result and its parts.
type Score struct {
	Total  int            `json:"total"`
	Points []combat.Point `json:"points"`
}

// RoundOf returns the JSON form of the round r; c is the combat it was
// resolved from, dice the faces used.
func RoundOf(r *combat.Round, c *combat.Combat, dice []int) Round {
	v := Round{Ruleset: c.Ruleset.String(), Dice: dice, Before: map[string]unit.Snapshot{}, Steps: []StepLog{},
		Scores: map[string]Score{}, Winner: r.Winner.String(), Musician: r.Musician, Break: r.Break,
		Casualties: map[string]int{}, Wounds: map[string]int{}, StandIns: c.StandIns()}
	if v.Dice == nil {
		v.Dice = []int{}
	}
	for i, name := range []string{"a", "b"} {
		v.Before[name] = c.Sides[i].Unit.Snapshot()
		pts := r.Points[i]
		if pts == nil {
			pts = []combat.Point{}
		}
		v.Scores[name] = Score{Total: r.Score[i], Points: pts}
		v.Casualties[name], v.Wounds[name] = r.Casualties[i], r.Wounds[i]
	}
	for _, s := range r.Steps {
		sv := StepLog{Key: [2]int{s.Key.Class, s.Key.Value}, Sides: map[string]*SideStep{}}
		for i, name := range []string{"a", "b"} {
			ss := s.Sides[i]
			x := &SideStep{Fights: []Fight{}, Events: ss.Events, After: ss.After.Snapshot()}
			if x.Events == nil {
				x.Events = []rearrank.Event{}
			}
			for _, f := range ss.Fights {
				x.Fights = append(x.Fights, Fight{By: f.By.String(), Attacks: f.Attacks, Reroll: f.Reroll})
			}
			sv.Sides[name] = x
		}
		v.Steps = append(v.Steps, sv)
	}
	return v
}
