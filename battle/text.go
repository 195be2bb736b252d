package battle

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/unit"
)

// Entry is one line of a battle's log as a player reads it.
type Entry struct {
	Seq  int64
	Kind string
	// Turn and Phase are the game's when the event happened.
	Turn  int
	Phase Phase
	// Text says what happened, "Turn 2, shooting: Crossbows at Test
	// Spearmen: 3 casualties, 3 wounds", in any language.
	Text msg.Message
	// Undone: an undo cancelled the event and no redo put it back.
	Undone bool
}

// Log replays records and says each in a line, marking the events that
// are undone. Its error is Replay's.
func Log(records []Record) ([]Entry, error) {
	var out []Entry
	at := map[int64]int{} // seq -> index in out
	s := State{}
	c := newCache()
	for _, r := range records {
		line, err := summary(s, r)
		if err != nil {
			return nil, err
		}
		n, err := apply(s, r, c)
		if err != nil {
			return nil, err
		}
		at[r.Seq] = len(out)
		out = append(out, Entry{Seq: r.Seq, Kind: r.Kind, Turn: s.Turn, Phase: s.Phase, Text: line})
		switch r.Kind {
		case KindUndo:
			out[at[s.last.Seq]].Undone = true
		case KindRedo:
			out[at[s.CanRedo()]].Undone = false
		}
		s = n
	}
	return out, nil
}

// Summary says record r, the next record after state s, in a line: the
// turn and phase, then what happened.
func Summary(s State, r Record) (msg.Message, error) { return summary(s, r) }

func summary(s State, r Record) (msg.Message, error) {
	e, err := Decode(r)
	if err != nil {
		return msg.Message{}, err
	}
	body := say(s, e)
	if _, ok := e.(*Advanced); ok {
		return body, nil
	}
	if s.Turn == 0 {
		return msg.New("battle.log.deployment", body), nil
	}
	return msg.New("battle.log.turn", s.Turn, s.Phase.Msg(), body), nil
}

// say is what event e, the next after state s, did, without the turn.
func say(s State, e Event) msg.Message {
	switch e := e.(type) {
	case *Added:
		return msg.New("battle.log.added", e.Unit, e.Ruleset)
	case *Attacked:
		by := groupName(e.Attacks)
		r := e.Result
		if r.Destroyed {
			return msg.New("battle.log.attack_destroyed", by, e.Unit, r.Casualties, r.Wounds)
		}
		if r.Panic {
			return msg.New("battle.log.attack_panic", by, e.Unit, r.Casualties, r.Wounds)
		}
		return msg.New("battle.log.attack", by, e.Unit, r.Casualties, r.Wounds)
	case *Fought:
		r := e.Result
		var outcome msg.Message
		switch {
		case r.Winner == "":
			outcome = msg.New("battle.log.combat_draw")
		case r.Broke != "":
			outcome = msg.New("battle.log.combat_broke", sideName(e, r.Winner), sideName(e, r.Broke))
		default:
			outcome = msg.New("battle.log.combat_won", sideName(e, r.Winner))
		}
		return msg.New("battle.log.combat", e.A, e.B, r.Score[0], r.Score[1], r.Casualties[0], r.Casualties[1], outcome)
	case *Corrected:
		switch e.Action {
		case ActionRemove:
			return msg.New("battle.log.correct_remove", e.Unit, e.Count, aimMsg(s, e.Unit, e.Aim))
		case ActionWound:
			return msg.New("battle.log.correct_wound", e.Unit, e.Count, aimMsg(s, e.Unit, e.Aim))
		}
		return msg.New("battle.log.correct_set", e.Unit)
	case *Advanced:
		return msg.New("battle.log.advance", e.Turn, e.Phase.Msg())
	case *Removed:
		return msg.New("battle.log.removed", e.Unit)
	case *Undone:
		return msg.New("battle.log.undo", int(e.Seq))
	case *Redone:
		return msg.New("battle.log.redo", int(e.Seq))
	}
	return msg.Message{}
}

// sideName is the unit of side "a" or "b" of a round.
func sideName(e *Fought, side string) string {
	if side == "b" {
		return e.B
	}
	return e.A
}

// groupName names an attack by its groups' names, each once, else
// "attacks".
func groupName(attacks json.RawMessage) any {
	var groups []struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(attacks, &groups) != nil {
		return msg.New("battle.log.attacks")
	}
	var names []string
	for _, g := range groups {
		if g.Name != "" && !slices.Contains(names, g.Name) {
			names = append(names, g.Name)
		}
	}
	if len(names) == 0 {
		return msg.New("battle.log.attacks")
	}
	return strings.Join(names, "; ") // a name may hold commas
}

// aimMsg says a correction's aim in words, as the unit's ruleset names its
// models ("rank and file", "рядовые модели", t9a's командир), where the
// log once wrote the aim's code; an aim it cannot read stays as written.
func aimMsg(s State, unitName, aim string) any {
	a, err := scenario.ParseAim(aim)
	if aim == "" {
		a, err = scenario.Aim{}, nil
	}
	if err != nil {
		return aim
	}
	var rs rules.Ruleset
	if u, err := s.Unit(unitName); err == nil {
		rs, _ = rules.ParseRuleset(u.Ruleset)
	}
	switch a.Role {
	case scenario.AimChampion:
		return unit.Champion.Msg(rs)
	case scenario.AimMusician:
		return unit.Musician.Msg(rs)
	case scenario.AimStandard:
		return unit.StandardBearer.Msg(rs)
	case scenario.AimCharacter:
		return msg.New("battle.log.aim.character", a.Character)
	}
	if a.Pool != nil {
		return msg.New("battle.log.aim.pool", unit.RankAndFile.Msg(rs), a.Pool.Msg())
	}
	return unit.RankAndFile.Msg(rs)
}
