package alloc

import (
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/unit"
)

// StartBatch opens a batch (RULES.md 3): the batch end counters start at
// zero. ch answers the owner_choice switches; with a nil ch the engine's
// default stands in for each (RULES.md 18).
// A batch still open is first closed as by EndBatch, and its report dropped:
// call EndBatch yourself. Apply without StartBatch opens a batch with no
// Chooser.
func (u *Unit) StartBatch(ch unit.Chooser) {
	if u.inBatch {
		_, _ = u.EndBatch()
	}
	u.inBatch = true
	u.lost = [lostWhys]int{}
	u.ch = ch
	u.bl, u.br, u.nextOK = 0, 0, false
	u.odd = 0
	for p := range u.pools {
		u.pools[p].pre = u.pools[p].carried
	}
	u.placeTie = false
}

// SetChooser replaces the Chooser of the batch open now.
func (u *Unit) SetChooser(ch unit.Chooser) { u.ch = ch }

// EndBatch closes the batch. Excess of R&F pools emptied in the batch reaches
// the champion if no other R&F is left now, and is lost otherwise (C13); the
// batch counters and the struck marks of 11.3 are cleared.
func (u *Unit) EndBatch() (Change, error) {
	var c Change
	if u.fighter != nil {
		u.inBatch = false
		return c, nil
	}
	for why, w := range u.lost {
		if w > 0 {
			u.note(&c, lostID[why], w)
		}
	}
	u.lost = [lostWhys]int{}
	if w := u.pending; w > 0 {
		u.pending = 0
		champ := int(u.s.cmdID[unit.Champion])
		switch {
		case champ >= 0 && u.models[champ].alive && u.rankAndFileGone():
			rem := u.w(champ) - int(u.models[champ].damage)
			take := min(w, rem)
			c.Effective += take
			c.Wasted += w - take
			u.note(&c, "alloc.note.overflow_to_champion", w, take)
			u.hurt(champ, take, rem, &c, "10.1 overflow")
		case champ >= 0 && u.models[champ].alive:
			c.Wasted += w
			u.note(&c, "alloc.note.overflow_lost.rank_and_file_remain", w)
		default:
			c.Wasted += w
			u.note(&c, "alloc.note.overflow_lost.no_champion", w)
		}
	}
	for i := range u.models {
		u.models[i].struck, u.models[i].pre = false, 0
	}
	u.pinCarried()
	u.odd = 0
	// With the batch counters back at zero the next model of a pool of mixed
	// W may change; settle until it holds still (R41).
	var err error
	for n := -1; err == nil && n != len(c.Removed); {
		n = len(c.Removed)
		u.bl, u.br, u.nextOK = 0, 0, false
		err = u.settle(&c)
	}
	u.bl, u.br, u.nextOK = 0, 0, false
	u.inBatch, u.ch = false, nil
	u.placeTie = false
	return c, err
}

// pinCarried keeps each pool's carried wounds on the model that bears
// them as the batch ends, where the owner's end of the batch (SetOddEnd)
// put them on another model than the counters name once it is cleared:
// wounds a model took stay on it (11.1: never spread, never moved; R41: a
// model of 1 Wound carries none). Without an owner's end, or with the
// end the default would take, the two agree and nothing is pinned.
func (u *Unit) pinCarried() {
	if u.odd == 0 || u.s.perModel {
		return
	}
	for p := range u.pools {
		if u.pools[p].carried == 0 {
			continue
		}
		with, _, err := u.pick(p, nil, true)
		odd := u.odd
		u.odd, u.nextOK = 0, false
		without, _, err2 := u.pick(p, nil, true)
		u.odd, u.nextOK = odd, false
		if err == nil && err2 == nil && with >= 0 && with != without {
			u.pools[p].pin = int16(with) + 1
		}
	}
}

func (u *Unit) rankAndFileGone() bool {
	for _, ps := range u.pools {
		if ps.n > 0 {
			return false
		}
	}
	return true
}

// note appends the note id with args, in the words of the unit's
// ruleset (say), unless the unit is quiet.
func (u *Unit) note(c *Change, id msg.ID, args ...any) {
	if u.quiet {
		return
	}
	c.Notes = append(c.Notes, u.say(id, args...))
}

// say is the message id with args in the words of the unit's ruleset: the
// catalogue's id + "." + the ruleset's code where it has one, for a term
// the rulesets name differently in Russian (the champion, docs/glossary.md).
func (u *Unit) say(id msg.ID, args ...any) msg.Message {
	return msg.New(msg.Variant(id, u.s.ruleset.String()), args...)
}

// roleGen is role r as an argument of a note or error: the word in the
// genitive in Russian ("чемпиона": "нет чемпиона"), in English what
// Role.Words writes.
func (u *Unit) roleGen(r unit.Role) msg.Message {
	return u.say(msg.ID("term.alloc.role_gen." + r.String()))
}
