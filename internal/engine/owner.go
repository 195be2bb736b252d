package engine

import (
	"errors"
	"fmt"
	"slices"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The owner's choices (RULES.md 18: the owner_choice switches).
//
// A Machine made with a Chooser asks its owner what the switches leave
// open; one made without (the odds, Monte Carlo, a combat round) runs with
// the engine's default standing in for each, and StandIns says which
// (NewMachine). The questions:
//
//   - special_save_choice (8): once per attack group, before its dice, the
//     saves the receiving model may use, the engine's own pick first
//     (ownerSaves).
//   - single_rank_policy (R11): at most once per batch, in its allocation,
//     which end of a single rank goes first when both have given up as
//     many models in the batch; the answer takes every such tie of the
//     batch (unit.SetOddEnd), so that the ends taking turns, it gives up
//     the odd casualty, whatever the batch turns out to take. No die is
//     rolled ahead of the question, and none rolled before it depends on
//     the answer (ownerOdd); it is not asked where the answer changes
//     nothing.
//   - multi_packet_order (tow, 22.13, T-5): at a group's packet step every
//     Multiple Wounds die is rolled first, and the owner orders the packets
//     (PacketChooser).
//   - rear_rank_order (R12) and command_order (11.4): the unit asks them at
//     each removal (unit.Chooser).
//
// None of it is state: a machine with a Chooser is the referee's, run once
// and never merged.

// ownerRun is what a Machine with a Chooser keeps between its steps.
type ownerRun struct {
	packets []ownedPacket // the packet step's packets, rolled first, in the owner's order
}

// ownedPacket is a packet orderPackets rolled: its wounds, its number in
// the order the dice were rolled (from 1, the number the log and the
// prompts give it), and whether it is a Cleaving Blow's.
type ownedPacket struct {
	k, no  int
	cleave bool
}

// standInFor returns u with the engine's default standing in for every
// owner_choice switch ch cannot answer (RULES.md 18): all of them for a nil
// ch; special_save_choice without a SaveChooser; multi_packet_order without
// a PacketChooser.
func standInFor(u *alloc.Unit, ch unit.Chooser) (*alloc.Unit, []rules.StandIn) {
	if ch == nil {
		return u.StandIn(nil)
	}
	return u.StandIn(func(name string) bool {
		switch name {
		case "special_save_choice":
			_, ok := ch.(rearrank.SaveChooser)
			return ok
		case "multi_packet_order":
			_, ok := ch.(rearrank.PacketChooser)
			return ok
		}
		return true
	})
}

// StandIns lists the owner_choice switches that nobody answers in m, for
// which the engine's default stands in (RULES.md 18): each says so in
// words with its String. Readers show them ("nobody is asked here").
func (m *Machine) StandIns() []rules.StandIn { return m.standIns }

// ownerOdd serves single_rank_policy owner_choice (R11) in a batch's
// allocation: before an item's dice (p nil) and before its wound is
// applied (p). While the question is open (unit.OddOpen):
//
//   - before an item's dice, the rest of the batch is run on two copies,
//     the left end going first at the ties in one and the right in the
//     other, with no die at all (oddAhead). Where that can be done (no
//     die and no other question is left) it says whether the two end
//     otherwise: if so the owner is asked now, if not nobody is, and the
//     default's end is set;
//   - otherwise the owner is asked before the first die whose use the
//     answer changes (in a pool of mixed Wounds, whether a packet rolls
//     its damage dice, R41; in tow how many Regeneration dice, 22.6), or
//     else before the first wound whose outcome it changes
//     (unit.OddChanges), after that wound's own dice.
//
// So a die is only rolled before the question where its use does not
// depend on the answer, and the cost of knowing no more is a question in a
// batch that turns out to take an even number.
func (m *Machine) ownerOdd(log func(rearrank.Event), p *alloc.Packet) error {
	if m.owner == nil || !m.u.OddOpen() {
		return nil
	}
	if p != nil {
		if m.u.OddChanges(*p) {
			return m.askOdd(log)
		}
		return nil
	}
	switch differ, certain := m.oddAhead(); {
	case certain && differ:
		return m.askOdd(log)
	case certain:
		m.uw().SetOddEnd(m.u.OddDefault()) // either end gives the same: nothing to ask
		return nil
	}
	if m.s.at == stepPacket && m.packetMulti() && m.u.OddChangesAim(m.s.aim) {
		return m.askOdd(log)
	}
	return nil
}

// askOdd asks the single_rank_policy question (R11) and sets the answer.
func (m *Machine) askOdd(log func(rearrank.Event)) error {
	u := m.uw()
	i := m.ch.Choose(u.OddQuestion())
	if i != 0 && i != 1 {
		return fmt.Errorf("attack group %d: single_rank_policy owner_choice: the Chooser picked %d of 2 options", m.s.batch+1, i)
	}
	u.SetOddEnd(i)
	m.note(log, rearrank.Allocation, "RULES.md 11.2, R11", [2]msg.ID{"engine.owner.odd_left", "engine.owner.odd_right"}[i])
	return nil
}

// oddAhead runs the rest of the current batch on two copies of m, the
// left end taking the ties of the single rank in one and the right in the
// other (unit.SetOddEnd), with a roller that gives no die and an owner
// who answers nothing. certain is false when either copy needed a die or
// a question (or failed): the rest of the batch cannot be known yet.
// Otherwise differ says whether the two copies end the batch with other
// models left, other wounds on them or other totals (unit.SameModels);
// where only the formation differs (the same model leaves, another side
// closes up), the owner has nothing to choose.
func (m *Machine) oddAhead() (differ, certain bool) {
	var ends [2]*Machine
	for e := range ends {
		f := m.Fork(nil)
		f.owner = nil
		no := &noAnswers{}
		f.ch = no
		u := f.uw()
		u.SetChooser(no)
		u.SetOddEnd(e)
		var r noDice
		for f.s.at != stepEnd {
			if f.Done() || f.Step(&r, nil) != nil || no.asked || r.rolled {
				return false, false
			}
		}
		ends[e] = f
	}
	a, b := ends[0], ends[1]
	return a.s.tally != b.s.tally || !a.u.SameModels(b.u), true
}

// noDice is oddAhead's roller: it gives no die (the look-ahead stops
// where one is needed).
type noDice struct{ rolled bool }

var errNoDice = errors.New("a die the look-ahead does not roll")

func (r *noDice) Branch(int) (int, error) { return 0, errNoDice }

// Roll is never called (the machine prefers Branch); if it were, the
// look-ahead would know nothing.
func (r *noDice) Roll(int) int { r.rolled = true; return 1 }

// noAnswers is oddAhead's owner: it answers nothing, and notes that it
// was asked (the look-ahead stops knowing).
type noAnswers struct{ asked bool }

func (a *noAnswers) Choose(c unit.Choice) int { a.asked = true; return c.Default }

func (a *noAnswers) ChooseSave(unit.Model, []rules.SpecialChoice) int { a.asked = true; return 0 }

func (a *noAnswers) ChoosePacketOrder(_ msg.Message, packets []rearrank.PacketOption, _ string) []int {
	a.asked = true
	order := make([]int, len(packets))
	for i := range order {
		order[i] = i
	}
	return order
}

// orderPackets rolls every Multiple Wounds die of the packet step now
// beginning and has the owner order the packets (tow's multi_packet_order
// owner_choice, RULES.md 22.13, T-5); rollPacket then hands them out in
// that order, each keeping its number (the one its die was rolled for,
// which the log and the prompts go on giving it) and its kind: a Cleaving
// Blow's packet rolls no Regeneration wherever the owner puts it (22.3,
// 22.6). Without the switch, a PacketChooser or two packets that differ
// it rolls nothing.
func (m *Machine) orderPackets(d *dieSource) error {
	o := m.owner
	if o == nil || m.opts().MultiPacketOrder != rules.PacketOwnerChoice || !m.multi() || m.s.recv.w <= 1 && !m.regenEachWound() {
		return nil
	}
	pc, ok := m.ch.(rearrank.PacketChooser)
	n := m.s.n - m.s.singles
	if !ok || n < 2 {
		return nil
	}
	ks := make([]int, n)
	opts := make([]rearrank.PacketOption, n)
	for j := range ks {
		m.s.i = j // rollPacket names the die by its wound
		// a Cleaving Blow's packet rolls no Regeneration (22.3, 22.6)
		k, err := m.rollPacket(d, m.regenEachWound() && !m.cleavingAt(j))
		if err != nil {
			m.s.i = 0
			return err
		}
		ks[j] = k
		// the packets in the order of their dice (22.18)
		opts[j] = rearrank.PacketOption{Wounds: k, CleavingBlow: m.cleavingAt(j)}
	}
	m.s.i = 0
	order := make([]int, n)
	for j := range order {
		order[j] = j
	}
	if slices.Min(ks) != slices.Max(ks) {
		order = pc.ChoosePacketOrder(m.groupMsg(), slices.Clone(opts), m.u.DrawDamage())
	}
	seen := make([]bool, n)
	for _, i := range order {
		if i < 0 || i >= n || seen[i] {
			return fmt.Errorf("attack group %d: multi_packet_order owner_choice: the order %v is not one of the packets 0 to %d each once", m.s.batch+1, order, n-1)
		}
		seen[i] = true
	}
	if len(order) != n {
		return fmt.Errorf("attack group %d: multi_packet_order owner_choice: the order %v names %d of the %d packets", m.s.batch+1, order, len(order), n)
	}
	o.packets = make([]ownedPacket, n)
	for j, i := range order {
		o.packets[j] = ownedPacket{k: ks[i], no: i + 1, cleave: opts[i].CleavingBlow}
	}
	if d.log != nil && slices.Min(ks) != slices.Max(ks) {
		var names any
		for j, i := range order {
			name := msg.New(pick[msg.ID](opts[i].CleavingBlow, "engine.owner.packet_cleaving", "engine.owner.packet"), ks[i])
			if j == 0 {
				names = name
			} else {
				names = msg.New("engine.owner.then", names, name)
			}
		}
		m.note(d.log, rearrank.Damage, "RULES.md 22.7, T-5", "engine.owner.packets", names)
	}
	return nil
}

// nextPacket returns the next of the packets orderPackets rolled, if any.
func (m *Machine) nextPacket() (int, bool) {
	o := m.owner
	if o == nil || len(o.packets) == 0 {
		return 0, false
	}
	k := o.packets[0].k
	o.packets = o.packets[1:]
	return k, true
}

// packetNo is the number the log gives the packet step's next unsaved
// wound: its place, or where the owner ordered the packets the number
// its damage die was rolled for (orderPackets).
func (m *Machine) packetNo() int {
	if o := m.owner; o != nil && len(o.packets) > 0 {
		return o.packets[0].no
	}
	return m.s.i + 1
}

// cleavingNext reports whether the packet step's next unsaved wound is a
// Cleaving Blow's, which rolls no Regeneration (tow, 22.3, 22.6), and
// counts it off: the next in the order of the dice where the group keeps
// it (order.go, 22.18), or the one the owner's order puts next; else (a
// group whose order changes nothing) the first of them.
func (m *Machine) cleavingNext() bool {
	if o := m.owner; o != nil && len(o.packets) > 0 {
		if !o.packets[0].cleave {
			return false
		}
	} else if cleave, ok := m.nextToken(); ok {
		m.s.cleave -= b2i(cleave)
		return cleave
	} else if m.s.cleave == 0 {
		return false
	}
	m.s.cleave--
	return true
}

// ownerSaves asks the owner which special save the receiving model recv
// uses against the attack group's wounds, when special_save_choice is
// owner_choice and the model has a choice (RULES.md 8, 18): one question
// per group, whose options put the engine's own pick first (the best
// chance, re-rolls included, C23), the default. The answer holds for every
// wound of the group it can save; a wound it cannot (a Killing Blow or a
// Lethal Strike six against Regeneration, 20.2, 19.3) rolls the best save
// left to it. Without a SaveChooser NewMachine has the default stand in,
// and nothing is asked.
func (m *Machine) ownerSaves(log func(rearrank.Event), recv unit.Model) error {
	o := m.opts()
	sc, ok := m.ch.(rearrank.SaveChooser)
	if o.SpecialSaveChoice != rules.SaveOwnerChoice || !ok {
		return nil
	}
	a, rs := m.attack(), m.rs()
	best := o
	best.SpecialSaveChoice = rules.BestSave
	ctxOf := func(k woundKind) rules.SaveContext {
		c := saveContext(a, m.u.RegenLost())
		c.LethalSix = k == lethalSix
		c.KillingBlow = k == slaying || k == kbSingle
		return c
	}
	// the engine's pick for each kind of wound, as under best
	for _, k := range []woundKind{ordinary, baned, lethalSix, slaying, kbSingle} {
		t := &m.s.tests.special[k]
		need, kind, rr := specialSave(rs, recv.Specials, ctxOf(k), best, a)
		*t = newTest(rearrank.Special, need, int(t.floor))
		t.kind, t.rr = kind, rr
	}
	options := rules.SpecialSaveOptions(rs, recv.Specials, ctxOf(ordinary), o)
	if len(options) < 2 {
		return nil
	}
	def := m.s.tests.special[ordinary].kind
	slices.SortStableFunc(options, func(x, y rules.SpecialChoice) int { return b2i(y.Kind == def) - b2i(x.Kind == def) })
	i := sc.ChooseSave(recv, slices.Clone(options))
	if i < 0 || i >= len(options) {
		return fmt.Errorf("attack group %d: special save choice %d: want 0 to %d", m.s.batch+1, i, len(options)-1)
	}
	chosen := options[i].Kind
	for _, k := range []woundKind{ordinary, baned, lethalSix, slaying, kbSingle} {
		for _, c := range rules.SpecialSaveOptions(rs, recv.Specials, ctxOf(k), o) {
			if c.Kind == chosen {
				t := &m.s.tests.special[k]
				*t = newTest(rearrank.Special, c.Save, int(t.floor))
				t.kind, t.rr = c.Kind, specialRerolls(rs, recv.Specials, c.Kind, a)
			}
		}
	}
	if log != nil {
		m.note(log, rearrank.Special, "RULES.md 8, 18", "engine.owner.save", specialMsg(options[i].Kind), options[i].Save.String())
	}
	return nil
}
