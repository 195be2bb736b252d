package engine

import (
	"fmt"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// A batch of several profiles (Attack.Batch; RULES.md C24, R9, 11.2).
//
// Every group of the batch runs the stages of pipeline.go from count to
// special with its own dice and target numbers, in file order; the unit's
// StartBatch is called once, by the first. A group's rolls end in hold,
// which keeps what they handed on (kills, unsaved wounds, battleaxe's
// one-wound singles) instead of allocating it, and stops at stepHold, where
// the odds package reads one attack's outcome (Rolled) as it does at a
// batch's damage step. After the last group has
// rolled, the batch's allocation runs the kill and packet stages over the
// held entries in three passes, so that C22's order holds across the
// profiles: every instant kill, then every packet in the order its dice
// were rolled (group by group in file order), then every single wound.
// Each pass entry runs as its own group (the group's Multiple Wounds, its
// Regeneration after damage), against the one receiver and end counters of
// the batch. The batch then ends once: champion overflow, one panic test,
// one closing line.
//
// The dice come in this order: each profile's count, to-hit, to-wound and
// save dice in turn, in file order; then the damage dice of the packets,
// profile by profile.

// held is what one group's rolls handed to the batch's allocation.
type held struct {
	group   int    // the attack group
	kills   int    // instant kills (9.1, 20.2)
	unsaved int    // wounds past every save
	singles int    // of those, the last that are singles in a batch of packets (20.2)
	cleave  int    // of those, the Cleaving Blows that roll no Regeneration (tow, 22.3, 22.6)
	regen   test   // the group's Regeneration after damage (22.6)
	seq     string // the unsaved wounds in the order of their dice, where the group keeps it (order.go)
}

// heldPass is a pass of a batch's allocation over its held entries (C22).
type heldPass int8

const (
	passKills heldPass = iota
	passPackets
	passSingles
	passDone
)

// joined reports whether the current group is in one batch with the group
// before it.
func (m *Machine) joined() bool {
	return m.fixed.joined != nil && m.fixed.joined[m.s.batch]
}

// batchSpan returns the first and last group of the current group's batch.
func (m *Machine) batchSpan() (first, last int) {
	first, last = m.s.batch, m.s.batch
	j := m.fixed.joined
	if j == nil {
		return first, last
	}
	for first > 0 && j[first] {
		first--
	}
	for last+1 < len(j) && j[last+1] {
		last++
	}
	return first, last
}

// profiles returns the number of groups in the current group's batch.
func (m *Machine) profiles() int {
	if m.fixed.joined == nil {
		return 1
	}
	first, last := m.batchSpan()
	return last - first + 1
}

// groupMsg names the current group for an owner's question: its name as
// it is written, or "attack group 2" in the reader's language.
func (m *Machine) groupMsg() msg.Message {
	if a := m.attack(); a.Name != "" {
		return msg.New("engine.text", a.Name)
	}
	return msg.New("engine.group", m.s.batch+1)
}

// groupArg is groupMsg as an argument of a message: the group's name as
// it is written, or "attack group 2" in the reader's language.
func (m *Machine) groupArg() any {
	if a := m.attack(); a.Name != "" {
		return a.Name
	}
	return msg.New("engine.group", m.s.batch+1)
}

// beginProfile starts a group that joins the batch begun by a group before
// it: its own target numbers, against the receiver the batch began with
// (nothing of the unit has changed since: the batch allocates after every
// group has rolled).
func (m *Machine) beginProfile(log func(rearrank.Event)) error {
	a := m.attack()
	s := &m.s
	s.hits, s.wounds, s.failed, s.kills, s.unsaved, s.singles, s.cleave = 0, woundPool{}, woundPool{}, 0, 0, 0, 0
	s.poison, s.pRoll, s.extra, s.again = 0, 0, 0, 0
	if log != nil {
		m.nos = &woundNos{before: m.numbers().before}
		first, last := m.batchSpan()
		m.emit(log, rearrank.Event{Kind: rearrank.BatchStart, Msg: msg.New("engine.batch.start_profile",
			m.groupArg(), countOf(a.Count.String()), a.Strength, a.Phase.Msg(), a.Batch, s.batch-first+1, last-first+1)})
	}
	recv, aim, err := receiver(m.u, a.Target)
	if err != nil {
		return fmt.Errorf("attack group %d: batch %q: %w", s.batch+1, a.Batch, err)
	}
	s.recv, s.aim = receivingOf(recv), aim
	s.recv.mixedW = m.u.MixedW(aim)
	s.tests = testsOf(m.rs(), a, plan(m.u, *a, recv))
	s.tests.ordered, s.seq = m.orderedGroup(), ""
	if err := m.ownerSaves(log, recv); err != nil {
		return err
	}
	s.i, s.n = 0, 0
	s.at = stepCount
	return nil
}

// hold ends the rolls of a group of a batch of several: it keeps what they
// handed on, and stops at stepHold, where the odds package reads them
// (Rolled).
func (m *Machine) hold(log func(rearrank.Event)) {
	s := &m.s
	if h := (held{group: s.batch, kills: s.kills, unsaved: s.unsaved, singles: s.singles, cleave: s.cleave, regen: s.tests.regen, seq: s.seq}); h.kills+h.unsaved > 0 {
		s.held = append(s.held[:len(s.held):len(s.held)], h) // a clone may share the array: never write it
	}
	s.hits, s.kills, s.unsaved, s.singles, s.cleave, s.seq = 0, 0, 0, 0, 0, ""
	s.i, s.n = 0, 0
	s.at = stepHold
}

// heldOutcome returns what the rolls of the group standing at stepHold
// handed on.
func (m *Machine) heldOutcome() RollOutcome {
	o := RollOutcome{RegenLost: m.s.flamed}
	if n := len(m.s.held); n > 0 && m.s.held[n-1].group == m.s.batch {
		h := &m.s.held[n-1]
		o.Kills, o.Unsaved, o.NoRegen, o.Singles = h.kills, h.unsaved, h.cleave, h.singles
	}
	return o
}

// afterHold starts the next group of the batch, or after the last the
// batch's allocation (C22, C24).
func (m *Machine) afterHold(log func(rearrank.Event)) {
	s := &m.s
	if _, last := m.batchSpan(); s.batch < last {
		s.batch++
		s.at = stepBegin
		return
	}
	if len(s.held) > 0 {
		m.note(log, rearrank.Allocation, "RULES.md C22, C24", "engine.batch.allocate_together")
	}
	s.pass, s.hi = passKills, 0
	m.nextHeld(log)
}

// nextHeld starts the next entry of the batch's allocation passes that has
// items, as the kill or packet stage of its group; after the last it closes
// the batch.
func (m *Machine) nextHeld(log func(rearrank.Event)) {
	s := &m.s
	for ; s.pass < passDone; s.pass, s.hi = s.pass+1, 0 {
		for s.hi < len(s.held) {
			h := s.held[s.hi]
			s.hi++
			s.batch = h.group
			n, singles := h.kills, 0
			switch multi := m.multi(); {
			case s.pass == passPackets && multi:
				n = h.unsaved - h.singles
			case s.pass == passPackets:
				n = 0
			case s.pass == passSingles && multi:
				n, singles = h.singles, h.singles
			case s.pass == passSingles:
				n = h.unsaved
			}
			if n == 0 {
				continue
			}
			s.tests.regen = h.regen
			s.i, s.n, s.singles, s.cleave, s.seq = 0, n, singles, 0, ""
			s.tests.ordered = h.seq != ""
			if s.pass != passKills {
				s.cleave, s.seq = h.cleave, h.seq // the batch's packets or singles, whichever pass takes its unsaved wounds
			}
			s.at = stepPacket
			switch s.pass {
			case passKills:
				s.at = stepKill
				if log != nil {
					m.note(log, rearrank.Allocation, "RULES.md C22", "engine.batch.kills", m.groupArg(), n)
				}
			case passPackets:
				if log != nil {
					m.note(log, rearrank.Allocation, "RULES.md C22", "engine.batch.packets", m.groupArg(), n)
				}
			default:
				if log != nil {
					m.note(log, rearrank.Allocation, "RULES.md C22", "engine.batch.singles", m.groupArg(), n)
				}
			}
			return
		}
	}
	_, last := m.batchSpan()
	s.held, s.pass, s.hi = nil, passKills, 0
	s.batch = last
	m.toEnd()
}

// joinedBatches returns, for each group, whether it is in one batch with
// the group before it (Attack.Batch), or nil when every group is a batch of
// its own. Groups of one batch are consecutive and share their phase and
// their target (RULES.md C24: one unit firing at one target); skirmish
// resolves each attack on its own (C19) and has no batches of several.
func joinedBatches(rs rules.Ruleset, attacks []rearrank.Attack) ([]bool, error) {
	var joined []bool
	closed := map[string]bool{}
	for i, a := range attacks {
		if a.Batch == "" {
			continue
		}
		if i > 0 && attacks[i-1].Batch == a.Batch {
			p := attacks[i-1]
			switch {
			case !rules.For(rs).Block:
				return nil, fmt.Errorf("attack group %d: batch %q: %w: skirmish resolves each attack on its own (rules C19)", i+1, a.Batch, rearrank.ErrBatch)
			case a.Phase != p.Phase:
				return nil, fmt.Errorf("attack group %d: batch %q: %w: its phase is %s and group %d's is %s", i+1, a.Batch, rearrank.ErrBatch, a.Phase, i, p.Phase)
			case a.Target != p.Target:
				return nil, fmt.Errorf("attack group %d: batch %q: %w: it aims at %s and group %d at %s", i+1, a.Batch, rearrank.ErrBatch, a.Target, i, p.Target)
			}
			if joined == nil {
				joined = make([]bool, len(attacks))
			}
			joined[i] = true
			continue
		}
		if closed[a.Batch] {
			return nil, fmt.Errorf("attack group %d: batch %q: %w: the groups of a batch follow one another", i+1, a.Batch, rearrank.ErrBatch)
		}
		closed[a.Batch] = true
	}
	return joined, nil
}
