package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/dice"
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
//   - single_rank_policy (R11): once per batch whose last casualty in a
//     single rank is its odd one. Packet by packet nobody knows which
//     casualty is the last, so when the batch's allocation begins the
//     machine resolves it once on a copy with the defaults (lookAhead),
//     with the dice of the real roller, which it keeps; if the copy ends
//     on an odd casualty with two ends to take it from (unit.OddCasualty),
//     the owner says which end gives it up (unit.SetOddEnd), and the
//     allocation runs for real on the same dice, replayed.
//   - multi_packet_order (tow, 22.13, T-5): at a group's packet step every
//     Multiple Wounds die is rolled first, and the owner orders the packets
//     (PacketChooser).
//   - rear_rank_order (R12) and command_order (11.4): the unit asks them at
//     each removal (unit.Chooser).
//
// None of it is state: a machine with a Chooser is the referee's, run once
// and never merged.

// PacketChooser is implemented by a unit.Chooser that also answers tow's
// multi_packet_order owner_choice (RULES.md 22.13, T-5): given the Wounds
// of each Multiple Wounds packet of an attack group, in the order their
// dice were rolled, and the unit as it stands (unit.DrawDamage), it returns
// the order its owner applies them in, a permutation of the indices. It is
// asked only when the packets differ.
type PacketChooser interface {
	ChoosePacketOrder(group string, packets []int, formation string) []int
}

// ownerRun is what a Machine with a Chooser keeps between its steps.
type ownerRun struct {
	begun, settled int      // batches begun, and the last whose odd casualty is settled
	replay         []rolled // dice the look-ahead rolled, for the real allocation
	orders         [][]int  // packet orders the owner gave during the look-ahead, in turn
	packets        []int    // the packet step's packets, rolled first, in the owner's order
	dry            bool     // the look-ahead's own copy: it looks no further ahead
	dropped        []rolled // kept dice the real allocation could not use (replayRoller)
}

// rolled is one die a look-ahead rolled.
type rolled struct{ sides, face int }

// standInFor returns u with the engine's default standing in for every
// owner_choice switch ch cannot answer (RULES.md 18): all of them for a nil
// ch; special_save_choice without a SaveChooser; multi_packet_order without
// a PacketChooser.
func standInFor(u *unit.Unit, ch unit.Chooser) (*unit.Unit, []rules.StandIn) {
	if ch == nil {
		return u.StandIn(nil)
	}
	return u.StandIn(func(name string) bool {
		switch name {
		case "special_save_choice":
			_, ok := ch.(SaveChooser)
			return ok
		case "multi_packet_order":
			_, ok := ch.(PacketChooser)
			return ok
		}
		return true
	})
}

// StandIns lists the owner_choice switches that nobody answers in m, for
// which the engine's default stands in (RULES.md 18): each says so in
// words with its String. Readers show them ("nobody is asked here").
func (m *Machine) StandIns() []rules.StandIn { return m.standIns }

// ownerStep is the part of Step that serves the owner: when a batch's
// allocation begins it settles the batch's odd casualty (lookAhead); it
// returns the roller the step is to use, which hands out the look-ahead's
// dice first.
func (m *Machine) ownerStep(r dice.Roller, log func(Event)) (dice.Roller, error) {
	o := m.owner
	if !o.dry && o.settled != o.begun && (m.s.at == stepKill || m.s.at == stepPacket) {
		o.settled = o.begun
		if err := m.lookAhead(r, log); err != nil {
			return nil, err
		}
	}
	if len(o.replay) > 0 {
		return &replayRoller{o: o, next: r}, nil
	}
	return r, nil
}

// lookAhead settles the odd casualty of the batch whose allocation begins
// (R11, single_rank_policy owner_choice): it resolves the allocation on a
// copy of m with the defaults, rolling r's dice and keeping them; if the
// batch ends on an odd casualty with two ends to take it from, it asks the
// owner which end gives it up. The real allocation then replays the dice.
func (m *Machine) lookAhead(r dice.Roller, log func(Event)) error {
	if m.opts().SingleRankPolicy != rules.SingleRankOwnerChoice {
		return nil
	}
	dry := m.Fork(nil)
	ch := &dryChooser{real: m.ch, orders: &m.owner.orders}
	dry.ch, dry.owner = ch, &ownerRun{dry: true}
	dry.u.SetChooser(ch)
	// dice an earlier batch kept and did not use come first
	rec := &keeper{r: &replayRoller{o: m.owner, next: r}}
	for dry.s.at != stepBegin && !dry.Done() {
		if err := dry.Step(rec, nil); err != nil {
			return err
		}
	}
	m.owner.replay = append(rec.faces, m.owner.replay...)
	left, right, end, ok := dry.u.OddCasualty()
	if !ok {
		return nil
	}
	cas := dry.s.batchCas
	i := m.ch.Choose(m.u.OddChoice(left, right, end, cas))
	if i != 0 && i != 1 {
		return fmt.Errorf("attack group %d: single_rank_policy owner_choice: the Chooser picked %d of 2 options", m.s.batch+1, i)
	}
	if i != end {
		m.uw().SetOddEnd(i)
	}
	m.note(log, Allocation, "RULES.md 11.2, R11", "the batch takes %s, as evenly as the ends allow: the owner has the %s end of the single rank give up the odd one",
		countOf(strconv.Itoa(cas), "casualty", "casualties"), [2]string{"left", "right"}[i])
	return nil
}

// orderPackets rolls every Multiple Wounds die of the packet step now
// beginning and has the owner order the packets (tow's multi_packet_order
// owner_choice, RULES.md 22.13, T-5); rollPacket then hands them out in
// that order. Without the switch, a PacketChooser or two packets that
// differ it rolls nothing.
func (m *Machine) orderPackets(d *dieSource) error {
	o := m.owner
	if o == nil || m.opts().MultiPacketOrder != rules.PacketOwnerChoice || !m.multi() || m.s.recv.w <= 1 {
		return nil
	}
	pc, ok := m.ch.(PacketChooser)
	n := m.s.n - m.s.singles
	if !ok || n < 2 {
		return nil
	}
	ks := make([]int, n)
	for j := range ks {
		m.s.i = j // rollPacket names the die by its wound
		k, err := m.rollPacket(d)
		if err != nil {
			m.s.i = 0
			return err
		}
		ks[j] = k
	}
	m.s.i = 0
	if slices.Min(ks) == slices.Max(ks) {
		o.packets = ks
		return nil
	}
	var order []int
	if len(o.orders) > 0 { // the owner answered during the look-ahead
		order, o.orders = o.orders[0], o.orders[1:]
	} else {
		order = pc.ChoosePacketOrder(m.groupName(), slices.Clone(ks), m.u.DrawDamage())
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
	o.packets = make([]int, n)
	words := make([]string, n)
	for j, i := range order {
		o.packets[j] = ks[i]
		words[j] = countOf(strconv.Itoa(ks[i]), "Wound", "Wounds")
	}
	m.note(d.log, Damage, "RULES.md 22.7, T-5", "the owner orders the packets: %s", strings.Join(words, ", then "))
	return nil
}

// nextPacket returns the next of the packets orderPackets rolled, if any.
func (m *Machine) nextPacket() (int, bool) {
	o := m.owner
	if o == nil || len(o.packets) == 0 {
		return 0, false
	}
	k := o.packets[0]
	o.packets = o.packets[1:]
	return k, true
}

// dryChooser answers the look-ahead's questions: the default for the
// unit's, the real owner's packet order (kept for the real allocation, so
// that both roll the same dice in the same order).
type dryChooser struct {
	real   unit.Chooser
	orders *[][]int
}

func (c *dryChooser) Choose(q unit.Choice) int { return q.Default }

func (c *dryChooser) ChooseSave(unit.Model, []rules.SpecialChoice) int { return 0 }

func (c *dryChooser) ChoosePacketOrder(group string, packets []int, formation string) []int {
	order := c.real.(PacketChooser).ChoosePacketOrder(group, packets, formation)
	*c.orders = append(*c.orders, order)
	return order
}

// keeper passes every die to r and keeps it for a replayRoller.
type keeper struct {
	r     dice.Roller
	faces []rolled
}

func (k *keeper) Roll(sides int) int {
	f := k.r.Roll(sides)
	k.faces = append(k.faces, rolled{sides, f})
	return f
}

func (k *keeper) Ask(sides int, what string) (int, error) {
	f, err := dice.Ask(k.r, sides, what)
	if err == nil {
		k.faces = append(k.faces, rolled{sides, f})
	}
	return f, err
}

// replayRoller hands out the dice a look-ahead kept, then next's. A die of
// other sides than the one kept means the real allocation went another
// way than the look-ahead (the owner's answers changed which model took a
// wound, and with it how many Regeneration dice it rolls, R41): the kept
// dice are dropped and the rest are rolled afresh.
type replayRoller struct {
	o    *ownerRun
	next dice.Roller
}

func (p *replayRoller) take(sides int) (int, bool) {
	if len(p.o.replay) == 0 {
		return 0, false
	}
	if f := p.o.replay[0]; f.sides == sides {
		p.o.replay = p.o.replay[1:]
		return f.face, true
	}
	p.o.dropped = append(p.o.dropped, p.o.replay...)
	p.o.replay = nil
	return 0, false
}

// noteDropped says which kept dice the step set aside (replayRoller), so
// that the log accounts for every die rolled or typed.
func (m *Machine) noteDropped(log func(Event)) {
	o := m.owner
	if len(o.dropped) == 0 {
		return
	}
	faces := make([]string, len(o.dropped))
	for i, f := range o.dropped {
		faces[i] = fmt.Sprintf("D%d=%d", f.sides, f.face)
	}
	o.dropped = nil
	m.note(log, Allocation, "RULES.md 11.2, R11", "the owner's choice of end sent a wound to another model than the dice rolled before it foresaw: %s set aside, unused, and the dice after them are rolled for the model that takes it",
		strings.Join(faces, ", "))
}

func (p *replayRoller) Roll(sides int) int {
	if f, ok := p.take(sides); ok {
		return f
	}
	return p.next.Roll(sides)
}

func (p *replayRoller) Ask(sides int, what string) (int, error) {
	if f, ok := p.take(sides); ok {
		return f, nil
	}
	return dice.Ask(p.next, sides, what)
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
func (m *Machine) ownerSaves(log func(Event), recv unit.Model) error {
	o := m.opts()
	sc, ok := m.ch.(SaveChooser)
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
		*t = newTest(Special, need, int(t.floor))
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
				*t = newTest(Special, c.Save, int(t.floor))
				t.kind, t.rr = c.Kind, specialRerolls(rs, recv.Specials, c.Kind, a)
			}
		}
	}
	m.note(log, Special, "RULES.md 8, 18", "the owner uses %s %s", options[i].Kind, options[i].Save)
	return nil
}
