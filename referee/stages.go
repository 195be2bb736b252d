package referee

import (
	"fmt"
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/msg"
)

// StageRun is the dice of one stage of one attack group, as players roll
// them at the table (RULES.md 3: every hit die of the group, then every
// wound die...), a stage's re-rolls apart (20.1), with the steps without
// dice that follow them. StageRuns splits a resolution into them; the page
// and the CLI summarise a large one instead of listing its dice.
type StageRun struct {
	Batch  int // attack group, from 1
	Stage  rearrank.Stage
	Reroll bool // the stage's re-roll pass
	Dice   int  // dice rolled
	Passed int  // dice that made their target number
	// Need is the target number when every die of the run had the same,
	// else "".
	Need string
	// Events are the run's events; End is the text of its attack group's
	// end when the run is the group's last, EndMsg its message.
	Events []rearrank.Event
	End    string
	EndMsg msg.Message
}

// EndIn is End in language l.
func (r *StageRun) EndIn(l msg.Lang) string {
	if r.EndMsg.IsZero() || l == msg.English {
		return r.End
	}
	return r.EndMsg.Text(l)
}

// IsDie reports whether e is a die: a roll or a re-roll.
func IsDie(e rearrank.Event) bool { return e.Kind == rearrank.Roll || e.Kind == rearrank.Reroll }

// StageRuns splits events into stage runs. Every event but a batch's
// start and end falls in one run, in order.
func StageRuns(events []rearrank.Event) []StageRun {
	var out []StageRun
	cur := -1
	for _, e := range events {
		switch e.Kind {
		case rearrank.BatchStart:
			cur = -1
			continue
		case rearrank.BatchEnd:
			if cur >= 0 {
				out[cur].End, out[cur].EndMsg = e.Text, e.Msg
			}
			continue
		}
		reroll := e.Kind == rearrank.Reroll
		die := IsDie(e)
		join := cur >= 0 && out[cur].Batch == e.Batch &&
			(!die || out[cur].Dice == 0 || (out[cur].Stage == e.Stage && out[cur].Reroll == reroll))
		if !join {
			out = append(out, StageRun{Batch: e.Batch, Stage: e.Stage})
			cur = len(out) - 1
		}
		r := &out[cur]
		r.Events = append(r.Events, e)
		if !die {
			continue
		}
		if r.Dice == 0 {
			r.Stage, r.Reroll, r.Need = e.Stage, reroll, e.Need.String()
		}
		r.Dice++
		if e.Pass {
			r.Passed++
		}
		if e.Need.String() != r.Need {
			r.Need = ""
		}
	}
	return out
}

// stageWords are a stage's name for players (referee.stage.NAME) and the
// verb of a die that passes it (referee.summary.VERB).
var stageWords = map[rearrank.Stage][2]string{
	rearrank.Attacks:    {"attacks", ""},
	rearrank.Hit:        {"hit", "hit"},
	rearrank.HitAgain:   {"hit_again", "hit"},
	rearrank.MultiHits:  {"multiple_hits", ""},
	rearrank.Wound:      {"wound", "wound"},
	rearrank.Critical:   {"critical", ""},
	rearrank.Armour:     {"armour", "saved"},
	rearrank.Special:    {"special", "saved"},
	rearrank.Damage:     {"damage", ""},
	rearrank.Allocation: {"allocation", ""},
	rearrank.Injury:     {"injury", ""},
	rearrank.Helmet:     {"helmet", "saved"},
}

// StageLabel names a stage for players: "to hit", "armour saves, re-rolls".
func StageLabel(st rearrank.Stage, reroll bool) string { return StageLabelMsg(st, reroll).String() }

// StageLabelIn is StageLabel in language l.
func StageLabelIn(st rearrank.Stage, reroll bool, l msg.Lang) string {
	return StageLabelMsg(st, reroll).Text(l)
}

// StageLabelMsg is StageLabel as a message of the catalogue.
func StageLabelMsg(st rearrank.Stage, reroll bool) msg.Message {
	label := msg.New("referee.stage.none") // before the dice
	if w, ok := stageWords[st]; ok {
		label = msg.New(msg.ID("referee.stage." + w[0]))
	} else if st != rearrank.NoStage {
		label = st.Msg()
	}
	if reroll {
		return msg.New("referee.stage.rerolls", label)
	}
	return label
}

// Title is "Attack group 1: to hit".
func (r *StageRun) Title() string { return r.TitleIn(msg.English) }

// TitleIn is Title in language l.
func (r *StageRun) TitleIn(l msg.Lang) string {
	return msg.New("referee.stage.title", r.Batch, StageLabelMsg(r.Stage, r.Reroll)).Text(l)
}

// Summary says what the run's dice did: "7 of 10 hit on 4+", or for dice
// without a target number, "2 dice rolled, 7 in all".
func (r *StageRun) Summary() string { return r.SummaryIn(msg.English) }

// SummaryIn is Summary in language l.
func (r *StageRun) SummaryIn(l msg.Lang) string {
	verb := stageWords[r.Stage][1]
	switch {
	case r.Dice == 0:
		return msg.New("referee.summary.no_dice", len(r.Events)).Text(l)
	case verb != "" && r.Need != "" && r.Need != "-":
		return msg.New(msg.ID("referee.summary."+verb+".need"), r.Passed, r.Dice, r.Need).Text(l)
	case verb != "":
		return msg.New(msg.ID("referee.summary."+verb), r.Passed, r.Dice).Text(l)
	}
	total := 0
	for _, e := range r.Events {
		if IsDie(e) {
			total += e.Face
		}
	}
	return msg.New("referee.summary.dice", r.Dice, total).Text(l)
}

// Faces counts the run's faces: "3×1, 5×2, 2×6", faces from 1 to 6.
func (r *StageRun) Faces() string {
	var n [7]int
	for _, e := range r.Events {
		if IsDie(e) && e.Face >= 1 && e.Face <= 6 {
			n[e.Face]++
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

// Others counts the run's steps without dice by kind: "casualty ×12, panic ×1".
func (r *StageRun) Others() string { return r.OthersIn(msg.English) }

// OthersIn is Others in language l.
func (r *StageRun) OthersIn(l msg.Lang) string {
	var order []rearrank.Kind
	n := map[rearrank.Kind]int{}
	for _, e := range r.Events {
		if IsDie(e) {
			continue
		}
		if n[e.Kind] == 0 {
			order = append(order, e.Kind)
		}
		n[e.Kind]++
	}
	parts := make([]string, 0, len(order))
	for _, k := range order {
		parts = append(parts, msg.New("referee.others", k.Msg(), n[k]).Text(l))
	}
	return strings.Join(parts, ", ")
}
