package engine

import (
	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

func (m *Machine) startWounds(log func(rearrank.Event)) {
	s := &m.s
	s.i, s.at = 0, stepWound
	switch {
	case s.poison == 0:
	case !s.tests.woundPoison.need.IsNone(): // tow plus_two: they roll at +2 (22.3)
		m.autoWounds(log != nil, s.poison)
		if log != nil {
			m.note(log, rearrank.Wound, "RULES.md 22.3", "engine.wound.poison_plus_two", s.poison, s.tests.woundPoison.need.String())
		}
	case !s.tests.wound.need.Possible() && rules.PoisonBlockedByToughness(m.rs(), m.opts()):
		m.note(log, rearrank.Wound, "RULES.md 22.3", "engine.wound.poison_blocked", s.poison)
	default: // automatic wounds: no to-wound die, no to-wound trigger (20.2)
		m.autoWounds(log != nil, s.poison)
		m.note(log, rearrank.Wound, "RULES.md 20.2", "engine.wound.poison_auto", s.poison)
	}
	s.poison = 0
	s.n = s.pRoll + s.hits + s.extra
	s.hits, s.extra = 0, 0
	if s.n > 0 && !s.tests.wound.need.Possible() {
		m.note(log, rearrank.Wound, "RULES.md 6.1", "engine.wound.cannot", m.attack().Strength, s.recv.t)
		s.n, s.pRoll = 0, 0
	}
	if s.n > 0 && m.inRounds() {
		// the wounds waiting (poisoned hits that wound automatically)
		// first, on their own, then each hit in a round of its own
		s.later, s.laterP = s.n, s.pRoll
		s.n, s.pRoll = 0, 0
	}
	_ = m.advance(log)
}

// woundItem is the wound stage's item: one hit (RULES.md 6.1). The final
// natural roll decides the wound's kind: a Lethal Strike six (19.3) keeps
// its own saves.
func (m *Machine) woundItem(d *dieSource) error {
	s := &m.s
	if d.fast != nil && s.tests.wound.plain() && !m.attack().InstantKill && s.pRoll == 0 {
		s.wounds[ordinary] += d.passes(&s.tests.wound, s)
		return m.advance(d.log)
	}
	for {
		s.i++
		t, k := &s.tests.wound, ordinary
		if s.i <= s.pRoll { // the first items are the poisoned hits at +2 (22.3)
			t, k = &s.tests.woundPoison, poisonHit
		}
		pass, face, again, err := d.first(t, s.i, s.n)
		if err != nil {
			s.i--
			return err
		}
		if pass {
			m.wounded(d, face)
		}
		s.re[k] += b2i(again)
		if !d.more(s) {
			return m.advance(d.log)
		}
	}
}

// wounded routes a hit that wounded on the final natural face by its kind:
// the to-wound triggers of RULES.md 20.2, an eligible Killing Blow first
// (20.6; before a tow Cleaving Blow that the same roll fires, 22.18), then
// Lethal Strike (19.3), then Armour Bane.
func (m *Machine) wounded(d *dieSource, face int) {
	s, a, t := &m.s, m.attack(), &m.s.tests
	k := ordinary
	switch {
	case a.InstantKill:
		s.kills++
		return
	case t.kb.Fires(face) && t.kbSlays:
		k = slaying
	case t.kb.Fires(face), t.cleave.Fires(face):
		k = kbSingle
	case t.lethal.Fires(face):
		k = lethalSix
	case t.bane.Fires(face):
		k = baned
	}
	s.wounds[k]++
	m.born(k, 1)
	if d.log != nil {
		m.numbers().add(k)
		m.woundNote(d.log, k, face)
	}
}

// woundNote logs what a to-wound trigger did to a wound of kind k that
// rolled the natural face (RULES.md 20.8), and the blows the face reached
// that did nothing here, and why (22.17: the log says so).
func (m *Machine) woundNote(log func(rearrank.Event), k woundKind, face int) {
	a, t := m.attack(), &m.s.tests
	switch k {
	case slaying, kbSingle:
		if k == kbSingle && !rules.For(m.rs()).BlowsByCategory {
			m.note(log, rearrank.Wound, m.kindRule(k), "engine.wound.kb_single", face, m.s.recv.troop.Msg())
		} else {
			m.note(log, rearrank.Wound, m.kindRule(k), "engine.wound.slaying", face, m.kindName(k))
		}
		return
	case lethalSix:
		m.note(log, rearrank.Wound, "RULES.md 19.3", "engine.wound.lethal", face)
	case baned:
		m.note(log, rearrank.Wound, m.kindRule(baned), "engine.wound.bane", face, a.ArmourBane, t.armour[ordinary].need.String(), t.armour[baned].need.String())
	}
	var tail any = ""
	if k == ordinary {
		tail = msg.New("engine.wound.ordinary")
	}
	tow := rules.For(m.rs()).BlowsByCategory
	var outside, inert []msg.Message // blows the face reached: outside melee (tow), against a troop type they do not bind
	for _, b := range [...]struct {
		name msg.Message
		tr   rules.Trigger
		on   bool
	}{
		{msg.New(nameKillingBlow), a.KillingBlow, rules.For(m.rs()).KillingBlow},
		{msg.New(nameKillingBlow), a.HeroicKillingBlow, rules.For(m.rs()).KillingBlow && a.KillingBlow == 0},
		{msg.New(nameSlayer), a.MonsterSlayer, tow},
		{msg.New(nameCleaving), a.CleavingBlow, tow},
	} {
		switch {
		case !b.on || !b.tr.Fires(face):
		case tow && a.Phase != rules.Melee:
			outside = append(outside, b.name)
		default:
			inert = append(inert, b.name)
		}
	}
	if len(outside) > 0 {
		m.note(log, rearrank.Wound, "RULES.md 22.3", "engine.wound.outside_melee", andList(outside), len(outside), a.Phase.Msg(), tail)
	}
	if len(inert) > 0 {
		m.note(log, rearrank.Wound, pick(tow, "RULES.md 22.3", "RULES.md 20.2"), "engine.wound.no_effect", andList(inert), len(inert), m.s.recv.troop.Msg(), tail)
	}
	if on := a.ArmourBaneOn; a.ArmourBane > 0 && t.bane == 0 && (on == 0 && face == 6 || on.Fires(face)) {
		m.note(log, rearrank.Wound, "RULES.md 22.3", "engine.wound.bane_phase", a.Phase.Msg(), tail)
	}
}
