package web

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/scenario"
)

// The referee for the table (issue 15, item 5): players roll a stage at a
// time - every to-hit die of an attack group, then as many wound dice as
// there are hits, then the saves (RULES.md 3, 4) - and the page asks for
// each stage's dice in turn. It keeps no state: the dice so far travel in
// the "dice" parameter, and the server replays the referee with them
// (referee.ResolveSoFar) until they run out, then names the stage that
// needs the next dice and how many. Undo is the same page with the dice of
// the last stage dropped.

// Parameters of the staged referee on the page, beside the form's dice:
//
//	more=6,3,5    the next stage's dice, added to dice (then a redirect)
//	rollstage=N   roll N dice of the next stage for the player (D sides)
//	sides=S       the sides of those dice (6 unless a D3 is asked for)
//	staged=1      stage by stage from no dice at all, not a drawn seed
const (
	paramMore      = "more"
	paramRollStage = "rollstage"
	paramSides     = "sides"
	paramStaged    = "staged"
)

// manyDice is the most dice or steps a stage lists one by one; a larger
// stage (a batch of 5,000 attacks) is summarised by its faces instead.
const manyDice = 60

// stageAction adds the next stage's dice to the form's: typed (more) or
// rolled here (rollstage). It reports false when the query does neither.
func (f form) stageAction(q url.Values) (url.Values, bool) {
	var add string
	switch {
	case q.Has(paramMore):
		add = strings.TrimSpace(q.Get(paramMore))
		if faces, err := dice.ParseFaces(add); err == nil {
			add = joinFaces(faces) // else the referee names the bad item
		}
	case q.Has(paramRollStage):
		n, err := strconv.Atoi(q.Get(paramRollStage))
		if err != nil || n < 1 {
			return nil, false
		}
		sides := 6
		if s, err := strconv.Atoi(q.Get(paramSides)); err == nil && s >= 1 && s <= 6 {
			sides = s
		}
		faces := make([]string, min(n, DefaultMaxAttacks*4))
		for i := range faces {
			faces[i] = strconv.Itoa(1 + rand.IntN(sides))
		}
		add = strings.Join(faces, " ")
	default:
		return nil, false
	}
	f.Seed = ""
	switch {
	case add == "":
	case strings.TrimSpace(f.Dice) == "":
		f.Dice = add
	default:
		f.Dice = strings.TrimSpace(f.Dice) + " " + add
	}
	v := f.values()
	if f.Dice == "" {
		v.Set(paramStaged, "1")
	}
	return v, true
}

// refereeData is the referee tab's view: the resolution so far, stage by
// stage, and what the next stage needs.
type refereeData struct {
	*resolveData
	Stages  []stageView
	Need    *NextStage
	Pending string // faces entered past the last complete step, which began a step they could not finish
	Undo    string // the page without the last stage's dice; empty with no stage
	Hidden  []hiddenInput
	Sofar   string // every face entered, for the next stage's form
	Staged  string // the page stage by stage from no dice
}

// stageView is one stage of one attack group: its dice and what they did.
type stageView struct {
	Title, Summary string
	Faces          string    // the dice in order, or a count of each face for a large stage
	Steps          []refStep // every step, nil for a large stage
	Counts         string    // a large stage's steps by kind
	Result         string    // the attack group's result, on its last stage
}

// refStep is one line of a stage.
type refStep struct {
	Die, Mark, Text, Rule string
}

type hiddenInput struct{ Name, Value string }

// refereeView resolves the form's scenario with the dice entered so far,
// or with its seed, and lays it out stage by stage.
func (s *Server) refereeView(f form, file *scenario.File) (*refereeData, error) {
	var faces []int
	if f.Dice != "" || f.Seed == "" {
		var err error
		if faces, err = dice.ParseFaces(f.Dice); err != nil {
			return nil, badRequest("dice", "dice: %v", err)
		}
		for i, x := range faces {
			if x < 1 {
				return nil, badRequest("dice", "dice: item %d is %d: a face is at least 1", i+1, x)
			}
		}
	}
	var seed *uint64
	if f.Dice == "" && f.Seed != "" {
		n, err := strconv.ParseUint(strings.TrimSpace(f.Seed), 10, 64)
		if err != nil {
			return nil, badRequest("seed", "seed %q: want a whole number, or enter the dice you rolled", f.Seed)
		}
		seed = &n
	}
	st, err := s.resolveStaged(file, faces, seed)
	if err != nil {
		return nil, err
	}
	d := &refereeData{resolveData: s.resolveData(st.resolution, seed), Stages: stagesOf(st.Stages)}
	d.Batches = nil // the stages show the steps
	if st.Next != nil {
		d.Need = nextStage(st.Next)
		if len(st.Pending) > 0 {
			d.Pending = joinFaces(st.Pending)
		}
	}
	base := f.values()
	for _, k := range []string{"dice", "seed"} {
		base.Del(k)
	}
	for _, k := range sortedKeys(flatten(base)) {
		for _, v := range base[k] {
			d.Hidden = append(d.Hidden, hiddenInput{k, v})
		}
	}
	d.Sofar = joinFaces(faces)
	staged := cloneValues(base)
	staged.Set(paramStaged, "1")
	d.Staged = "/?" + staged.Encode()
	if seed == nil && (len(st.Stages) > 0 || len(st.Pending) > 0) {
		keep := st.Used
		if len(st.Pending) == 0 {
			keep -= st.Stages[len(st.Stages)-1].Dice
		}
		undo := cloneValues(base)
		if keep > 0 {
			undo.Set("dice", joinFaces(faces[:keep]))
		} else {
			undo.Set(paramStaged, "1")
		}
		d.Undo = "/?" + undo.Encode()
	}
	return d, nil
}

// flatten keeps the keys of v, for sortedKeys.
func flatten(v url.Values) map[string]string {
	m := make(map[string]string, len(v))
	for k := range v {
		m[k] = ""
	}
	return m
}

func cloneValues(v url.Values) url.Values {
	c := make(url.Values, len(v))
	for k, x := range v {
		c[k] = append([]string(nil), x...)
	}
	return c
}

func joinFaces(faces []int) string {
	s := make([]string, len(faces))
	for i, x := range faces {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, " ")
}

// stagesOf lays out the stages for the page.
func stagesOf(stages []RefereeStage) []stageView {
	out := make([]stageView, 0, len(stages))
	for _, g := range stages {
		v := stageView{Title: g.Title, Summary: g.Summary, Result: g.Result}
		if g.Dice > manyDice || len(g.events) > manyDice {
			v.Faces = faceCounts(g.events)
			v.Counts = kindCounts(g.events)
		} else {
			var faces []int
			for _, e := range g.events {
				if isDie(e) {
					faces = append(faces, e.Face)
				}
				v.Steps = append(v.Steps, refStepOf(e))
			}
			v.Faces = joinFaces(faces)
		}
		out = append(out, v)
	}
	return out
}

func refStepOf(e referee.Event) refStep {
	st := refStep{Text: e.Text, Rule: e.Rule}
	if isDie(e) {
		st.Die = fmt.Sprintf("D%d: %d", e.Sides, e.Face)
		if !e.Need.IsNone() {
			st.Mark = "fail"
			if e.Pass {
				st.Mark = "pass"
			}
		}
	}
	return st
}

// faceCounts summarises a large stage's dice: how many of each face.
func faceCounts(events []referee.Event) string {
	var n [7]int
	other := 0
	for _, e := range events {
		switch {
		case !isDie(e):
		case e.Face >= 1 && e.Face <= 6:
			n[e.Face]++
		default:
			other++
		}
	}
	var parts []string
	for f := 1; f <= 6; f++ {
		if n[f] > 0 {
			parts = append(parts, fmt.Sprintf("%d×%d", n[f], f))
		}
	}
	return strings.Join(parts, ", ")
}

// kindCounts summarises a large stage's steps other than dice by kind.
func kindCounts(events []referee.Event) string {
	var order []referee.Kind
	n := map[referee.Kind]int{}
	for _, e := range events {
		if isDie(e) {
			continue
		}
		if n[e.Kind] == 0 {
			order = append(order, e.Kind)
		}
		n[e.Kind]++
	}
	var parts []string
	for _, k := range order {
		parts = append(parts, fmt.Sprintf("%d %s", n[k], strings.ReplaceAll(k.String(), "_", " ")))
	}
	return strings.Join(parts, ", ")
}

// nextStage says what the next stage asks for.
func nextStage(n *referee.DiceNeeded) *NextStage {
	v := &NextStage{Batch: n.Batch, Stage: n.Stage, Reroll: n.Reroll, Sides: n.Sides, Dice: max(n.More, 1),
		Title: fmt.Sprintf("Attack group %d: %s", n.Batch, stageLabel(n.Stage, n.Reroll))}
	noun := "dice"
	if v.Dice == 1 {
		noun = "die"
	}
	if n.More > 0 {
		v.Text = fmt.Sprintf("Roll %d D%d %s and enter them.", v.Dice, n.Sides, noun)
	} else {
		v.Text = fmt.Sprintf("Roll the D%d %s and enter them.", n.Sides, noun)
	}
	return v
}

// stageWords are a stage's name for players and the verb of a die that
// passes it.
var stageWords = map[referee.Stage][2]string{
	referee.Attacks:    {"number of attacks", ""},
	referee.Hit:        {"to hit", "hit"},
	referee.HitAgain:   {"to hit, second die", "hit"},
	referee.MultiHits:  {"multiple hits", ""},
	referee.Wound:      {"to wound", "wound"},
	referee.Critical:   {"critical hits", ""},
	referee.Armour:     {"armour saves", "saved"},
	referee.Special:    {"special saves", "saved"},
	referee.Damage:     {"multiple wounds", ""},
	referee.Allocation: {"allocation", ""},
	referee.Injury:     {"injuries", ""},
	referee.Helmet:     {"helmet saves", "saved"},
}

func stageLabel(st referee.Stage, reroll bool) string {
	w, ok := stageWords[st]
	label := w[0]
	if !ok {
		label = strings.ReplaceAll(st.String(), "_", " ")
	}
	if label == "" {
		label = "before the dice"
	}
	if reroll {
		label += ", re-rolls"
	}
	return label
}

func isDie(e referee.Event) bool { return e.Kind == referee.Roll || e.Kind == referee.Reroll }

// groupStages splits a resolution's events into stages: the dice of one
// stage of one attack group (its re-rolls apart, RULES.md 20.1), with the
// steps without dice that follow them.
func groupStages(events []referee.Event) []RefereeStage {
	var out []RefereeStage
	var cur *RefereeStage
	for _, e := range events {
		switch e.Kind {
		case referee.BatchStart:
			cur = nil
			continue
		case referee.BatchEnd:
			if cur != nil {
				cur.Result = e.Text
			}
			continue
		}
		reroll := e.Kind == referee.Reroll
		die := isDie(e)
		join := cur != nil && cur.Batch == e.Batch && (!die || cur.Dice == 0 || (cur.Stage == e.Stage && cur.Reroll == reroll))
		if !join {
			out = append(out, RefereeStage{Batch: e.Batch, Stage: e.Stage})
			cur = &out[len(out)-1]
		}
		cur.events = append(cur.events, e)
		if !die {
			continue
		}
		if cur.Dice == 0 {
			cur.Stage, cur.Reroll, cur.Need = e.Stage, reroll, e.Need.String()
		}
		cur.Dice++
		if e.Pass {
			cur.Passed++
		}
		if e.Need.String() != cur.Need {
			cur.Need = ""
		}
	}
	for i := range out {
		out[i].describe()
	}
	return out
}

// describe words a stage for players: "7 of 10 hit on 4+".
func (g *RefereeStage) describe() {
	g.Title = fmt.Sprintf("Attack group %d: %s", g.Batch, stageLabel(g.Stage, g.Reroll))
	verb := stageWords[g.Stage][1]
	switch {
	case g.Dice == 0:
		g.Summary = fmt.Sprintf("%d step%s without dice", len(g.events), plural(len(g.events)))
	case verb != "" && g.Need != "" && g.Need != "-":
		g.Summary = fmt.Sprintf("%d of %d %s on %s", g.Passed, g.Dice, verb, g.Need)
	case verb != "":
		g.Summary = fmt.Sprintf("%d of %d %s", g.Passed, g.Dice, verb)
	default:
		total := 0
		for _, e := range g.events {
			if isDie(e) {
				total += e.Face
			}
		}
		g.Summary = fmt.Sprintf("%d %s rolled, %d in all", g.Dice, diceNoun(g.Dice), total)
	}
}

func diceNoun(n int) string {
	if n == 1 {
		return "die"
	}
	return "dice"
}
