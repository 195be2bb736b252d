package engine

import "github.com/rearrank/rearrank/rules"

// The order of a group's packets (RULES.md 22.18). A group's unsaved
// wounds become packets in the order of its dice. Where its packets differ
// in what happens to them after their damage dice - in tow a Cleaving
// Blow's rolls no Regeneration after damage and the others do (22.3,
// 22.6), and a packet stops at the model it lands on (22.7) - that order
// changes the outcome, and taking one kind first would invent it.
//
// So in such a group (batchTests.ordered) each wound that can become a
// packet is a token of state.seq from its to-wound roll on, in the order
// the log numbers the wounds (woundNos: the to-wound dice, poisoned hits
// that wound automatically first, re-rolled dice after the others): its
// kind and the stage it waits at. The save stages take the wounds of a kind
// in that order, as the log's numbers do, and drop the tokens of wounds
// saved; the packet stage takes the tokens left in their order. The wounds
// are alike and independent, so over every die each interleaving of the
// kinds is equally likely, as when the dice are rolled one attack at a
// time.

// The stage a token waits at.
const (
	tokArmour    byte = iota // the armour save
	tokArmourRe              // the armour save's re-roll (20.1)
	tokSpecial               // the special save
	tokSpecialRe             // the special save's re-roll
	tokUnsaved               // past every save: a packet
	tokGone                  // saved: no token
)

// token is the byte of a wound of kind k waiting at stage at.
func token(k woundKind, at byte) byte { return byte(k) | at<<4 }

// orderedGroup reports whether the group beginning has packets of kinds
// whose order changes the outcome (see above): tow Cleaving Blows that
// roll no Regeneration after damage beside wounds that do, packets of
// Multiple Wounds whose damage dice are rolled.
func (m *Machine) orderedGroup() bool {
	t := &m.s.tests
	cleaves := t.cleave != 0 || t.kb != 0 && !t.kbSlays
	return rules.For(m.rs()).BlowsByCategory && cleaves && !t.regen.need.IsNone() && m.multi() &&
		(m.s.recv.w > 1 || m.s.recv.mixedW || m.regenEachWound())
}

// born adds n wounds of kind k, awaiting their armour save, after the
// wounds before them.
func (m *Machine) born(k woundKind, n int) {
	if !m.s.tests.ordered || k == slaying || n <= 0 || m.s.round || m.s.later > 0 {
		// a Killing Blow that slays is a kill, taken before the packets
		// (22.7); in rounds a round's one wound needs no order
		return
	}
	b := make([]byte, len(m.s.seq), len(m.s.seq)+n)
	copy(b, m.s.seq)
	for range n {
		b = append(b, token(k, tokArmour))
	}
	m.s.seq = string(b)
}

// moveToken moves the first wound of kind k waiting at stage from on to
// stage to (tokGone: saved, dropped).
func (m *Machine) moveToken(k woundKind, from, to byte) {
	if !m.s.tests.ordered {
		return
	}
	seq, want := m.s.seq, token(k, from)
	for i := 0; i < len(seq); i++ {
		if seq[i] != want {
			continue
		}
		if to == tokGone {
			m.s.seq = seq[:i] + seq[i+1:]
			return
		}
		b := []byte(seq)
		b[i] = token(k, to)
		m.s.seq = string(b)
		return
	}
}

// moveTokens moves every wound waiting at stage from on to stage to: a
// stage with no save to roll.
func (m *Machine) moveTokens(from, to byte) {
	if !m.s.tests.ordered || m.s.seq == "" {
		return
	}
	b := []byte(m.s.seq)
	for i, c := range b {
		if c>>4 == from {
			b[i] = c&0xf | to<<4
		}
	}
	m.s.seq = string(b)
}

// saveTokens moves the token of a wound of kind k that the save stage (at
// stepArmour or stepSpecial) has settled: saved, failed (on to the special
// save, or past every save), or left for the stage's re-roll pass; re
// says the token waits for that pass.
func (m *Machine) saveTokens(k woundKind, special, re, saved, again bool) {
	if !m.s.tests.ordered {
		return
	}
	from, next := tokArmour, tokSpecial
	if special {
		from, next = tokSpecial, tokUnsaved
	}
	if re {
		from++
	}
	switch {
	case again:
		m.moveToken(k, from, from+1)
	case saved:
		m.moveToken(k, from, tokGone)
	default:
		m.moveToken(k, from, next)
	}
}

// nextToken reports whether the packet stage's next unsaved wound in the
// order of the dice is a Cleaving Blow's (ok false when the group keeps no
// order), and takes it off.
func (m *Machine) nextToken() (cleave, ok bool) {
	seq := m.s.seq
	if !m.s.tests.ordered || seq == "" {
		return false, false
	}
	m.s.seq = seq[1:]
	return woundKind(seq[0]&0xf) == kbSingle, true
}

// cleavingAt reports whether the packet stage's j-th unsaved wound is a
// Cleaving Blow's: in the order of the dice where the group keeps it, else
// the first m.s.cleave of them.
func (m *Machine) cleavingAt(j int) bool {
	if seq := m.s.seq; m.s.tests.ordered && j < len(seq) {
		return woundKind(seq[j]&0xf) == kbSingle
	}
	return j < m.s.cleave
}

// Rounds. Keeping the wounds' order in the state makes one state of every
// order of the kinds: past what the odds can hold for a group of many
// hits. A roller that walks every face (the odds) has the group resolve
// its hits one at a time instead, each hit's to-wound roll, saves and
// packet a round of its own (the wounds already waiting, poisoned hits
// that wound automatically, the first round), as when the dice are rolled
// one attack at a time: the state keeps counts alone. The referee and
// Monte Carlo roll the dice in the log's order.
//
// Over every die the two agree. The rolls of the packets do not depend on
// the unit before the allocation, so taking each packet as its hit is
// rolled changes nothing but the order of the dice; and the hits are alike
// and independent, so the kinds of their unsaved wounds come in every
// order alike whether a hit's wound is numbered at its first roll or at
// its re-roll. Rounds are not used where that fails or where a packet may
// not land before the group's other dice are rolled:
//
//   - a Killing Blow that slays: the group's kills come before its
//     packets (22.7);
//   - a group of a batch of several (C22, C24): the batch allocates after
//     its every group has rolled;
//   - poisoned hits rolling to wound at +2 with a re-roll of to-wound
//     rolls: a re-rolled wound is numbered after every first roll, and a
//     poisoned hit's kinds fall otherwise than an ordinary hit's.

// inRounds reports whether the group's hits are resolved in rounds.
func (m *Machine) inRounds() bool {
	t := &m.s.tests
	return m.branching && t.ordered && m.profiles() == 1 && !(t.kb != 0 && t.kbSlays) &&
		!(t.poison != 0 && !t.woundPoison.need.IsNone() && t.wound.rr != 0)
}

// nextRound starts the round of the group's next hit: its to-wound roll.
func (m *Machine) nextRound() {
	s := &m.s
	s.pRoll = b2i(s.laterP > 0)
	s.laterP -= s.pRoll
	s.later--
	s.at, s.i, s.n = stepWound, 0, 1
	s.cleave, s.seq = 0, ""
	s.round = true
}
