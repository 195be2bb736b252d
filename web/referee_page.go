package web

import (
	"context"
	"fmt"
	"html/template"
	"net/url"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/scenario"
)

// The referee for the table, for players who roll real dice: they roll a
// stage at a time - every to-hit die of an attack group, then as many
// wound dice as there are hits, then the saves (RULES.md 3, 4) - and the page asks for
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
	case q.Has(paramRollStage):
		n, err := strconv.Atoi(q.Get(paramRollStage))
		if err != nil || n < 1 {
			return nil, false
		}
		sides := 6
		if s, err := strconv.Atoi(q.Get(paramSides)); err == nil && s >= 1 && s <= 6 {
			sides = s
		}
		add = strings.Join(rollFaces(min(n, DefaultMaxAttacks*4), sides), " ")
	case q.Has(paramMore): // after rollstage: without script the form sends an empty more with it
		add = strings.TrimSpace(q.Get(paramMore))
		if faces, err := dice.ParseFaces(add); err == nil {
			add = joinFaces(faces) // else the referee names the bad item
		}
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
	Die, Mark, Text string
	Rule            template.HTML // the rules cited, linked (citeHTML)
}

type hiddenInput struct{ Name, Value string }

// refereeView resolves the form's scenario with the dice entered so far,
// or with its seed, and lays it out stage by stage.
func (s *Server) refereeView(ctx context.Context, l msg.Lang, f form, file *scenario.File) (*refereeData, error) {
	var faces []int
	if f.Dice != "" || f.Seed == "" {
		var err error
		if faces, err = dice.ParseFaces(f.Dice); err != nil {
			return nil, invalid("dice", "web.api.dice", errText{err})
		}
		for i, x := range faces {
			if x < 1 {
				return nil, invalid("dice", "webres.referee.error.face", i+1, x)
			}
		}
	}
	var seed *uint64
	if f.Dice == "" && f.Seed != "" {
		n, err := strconv.ParseUint(strings.TrimSpace(f.Seed), 10, 64)
		if err != nil {
			return nil, invalid("seed", "webres.referee.error.seed", strconv.Quote(f.Seed))
		}
		seed = &n
	}
	var st *staged
	err := s.run(ctx, func(ctx context.Context, _ bool) error {
		var err error
		st, err = s.resolveStaged(ctx, file, faces, seed)
		return err
	})
	if err != nil {
		return nil, err
	}
	ruleset := st.resolution.json.Resolution.Ruleset
	d := &refereeData{resolveData: s.resolveData(l, st.resolution, seed), Stages: stagesOf(l, ruleset, st.Stages, st.resolution.json.Resolution.Events)}
	d.Batches = nil // the stages show the steps
	if st.Next != nil {
		d.Need = nextStageIn(l, ruleset, st.Next)
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

// stagesOf lays out the stages for the page in language l: their titles
// and summaries in the page's words (the referee's Title and Summary are
// English), their steps and results as the referee said them; events are
// the resolution's, whose batch_end events say each attack group's
// result.
func stagesOf(l msg.Lang, ruleset string, stages []RefereeStage, events []rearrank.Event) []stageView {
	ends := map[int]rearrank.Event{}
	for _, e := range events {
		if e.Kind == rearrank.BatchEnd {
			ends[e.Batch] = e
		}
	}
	out := make([]stageView, 0, len(stages))
	for _, g := range stages {
		summary := stageSummary(g.run)
		if g.Partial {
			summary = msg.New("webres.summary.so_far", summary)
		}
		v := stageView{Title: stageTitle(g.Batch, g.Stage, g.Reroll, ruleset).Text(l), Summary: summary.Text(l), Result: g.Result}
		if end, ok := ends[g.Batch]; ok && g.Result != "" {
			v.Result = end.TextIn(l)
		}
		if g.Dice > manyDice || len(g.run.Events) > manyDice {
			v.Faces, v.Counts = g.run.Faces(), g.run.OthersIn(l)
		} else {
			var faces []int
			for _, e := range g.run.Events {
				if referee.IsDie(e) {
					faces = append(faces, e.Face)
				}
				v.Steps = append(v.Steps, refStepOf(l, e))
			}
			v.Faces = joinFaces(faces)
		}
		out = append(out, v)
	}
	return out
}

func refStepOf(l msg.Lang, e rearrank.Event) refStep {
	st := refStep{Text: e.TextIn(l), Rule: citeHTML(e.Citation(), l)}
	if referee.IsDie(e) {
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

// nextStage says what the next stage asks for, in English (the API's).
func nextStage(n *rearrank.DiceNeeded) *NextStage { return nextStageIn(msg.English, "", n) }

// nextStageIn says what the next stage asks for in language l.
func nextStageIn(l msg.Lang, ruleset string, n *rearrank.DiceNeeded) *NextStage {
	v := &NextStage{Batch: n.Batch, Stage: n.Stage, Reroll: n.Reroll, Sides: n.Sides, Dice: max(n.More, 1),
		Title: stageTitle(n.Batch, n.Stage, n.Reroll, ruleset).Text(l)}
	dice := msg.Count{Text: fmt.Sprintf("D%d", n.Sides), N: v.Dice}
	if n.More > 0 {
		v.Text = msg.New("webres.referee.roll_n", v.Dice, dice).Text(l)
	} else {
		v.Text = msg.New("webres.referee.roll_the", dice).Text(l)
	}
	return v
}

// stageMsg names a stage for players, as referee.StageLabel does: "to
// hit", "armour saves, re-rolls"; the special saves in the ruleset's
// words.
func stageMsg(st rearrank.Stage, reroll bool, ruleset string) msg.Message {
	name := st.String()
	if st == rearrank.NoStage {
		name = "none"
	}
	id := msg.ID("webres.stage." + name)
	m := msg.New("webres.text", strings.ReplaceAll(name, "_", " "))
	if msg.Has(id) {
		m = rulesetMsg(id, ruleset)
	}
	if reroll {
		return msg.New("webres.stage.reroll", m)
	}
	return m
}

// stageTitle is "Attack group 1: to hit" (referee.StageRun.Title).
func stageTitle(batch int, st rearrank.Stage, reroll bool, ruleset string) msg.Message {
	return msg.New("webres.referee.stage_title", batch, stageMsg(st, reroll, ruleset))
}

// stageVerbs are the stages whose dice pass a target number, and what a
// die that passes does (referee.StageRun.Summary): "7 of 10 hit on 4+".
var stageVerbs = map[rearrank.Stage]string{
	rearrank.Hit: "hit", rearrank.HitAgain: "hit", rearrank.Wound: "wound",
	rearrank.Armour: "saved", rearrank.Special: "saved", rearrank.Helmet: "saved",
}

// stageSummary says what a stage's dice did, as referee.StageRun.Summary
// does: "7 of 10 hit on 4+", "2 dice rolled, 7 in all".
func stageSummary(r *referee.StageRun) msg.Message {
	verb := stageVerbs[r.Stage]
	switch {
	case r.Dice == 0:
		return msg.New("webres.summary.no_dice", len(r.Events))
	case verb != "" && r.Need != "" && r.Need != "-":
		return msg.New(msg.ID("webres.summary."+verb+"_on"), r.Passed, r.Dice, r.Need)
	case verb != "":
		return msg.New(msg.ID("webres.summary."+verb), r.Passed, r.Dice)
	}
	total := 0
	for _, e := range r.Events {
		if referee.IsDie(e) {
			total += e.Face
		}
	}
	return msg.New("webres.summary.rolled", r.Dice, total)
}

// kindMsg names an event's kind: "casualty", "standard lost".
func kindMsg(k rearrank.Kind) msg.Message {
	id := msg.ID("webres.kind." + k.String())
	if msg.Has(id) {
		return msg.New(id)
	}
	return msg.New("webres.text", strings.ReplaceAll(k.String(), "_", " "))
}

// groupStages splits a resolution's events into stages (referee.StageRuns).
func groupStages(events []rearrank.Event) []RefereeStage {
	runs := referee.StageRuns(events)
	out := make([]RefereeStage, len(runs))
	for i := range runs {
		r := &runs[i]
		out[i] = RefereeStage{Batch: r.Batch, Stage: r.Stage, Reroll: r.Reroll, Dice: r.Dice, Passed: r.Passed, Need: r.Need,
			Title: r.Title(), Summary: r.Summary(), Result: r.End, run: r}
	}
	return out
}
