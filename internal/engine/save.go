package engine

import (
	"slices"
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// unsave hands on n wounds of kind k that got past every save: Killing
// Blows to the kill stage (9.1 after the ward, 20.2), the others to the
// packet stage; a battleaxe one-wound Killing Blow is a single there even
// when the attack's wounds are packets (20.2, C22: after the packets). A
// tow Cleaving Blow keeps its packet (22.17) and rolls no Regeneration
// after damage (22.3, 22.6): counted in cleave, and taken in the order of
// the dice where that matters (order.go, 22.18).
func (m *Machine) unsave(k woundKind, n int) {
	switch k {
	case slaying:
		m.s.kills += n
	case kbSingle:
		m.s.unsaved += n
		switch {
		case rules.For(m.rs()).BlowsByCategory:
			if !m.s.tests.regen.need.IsNone() {
				m.s.cleave += n
			}
		case m.multi():
			m.s.singles += n
		}
	default:
		m.s.unsaved += n
	}
}

// label returns what the log calls the current item of the armour or
// special stage (failed), taking its next wound of kind k: the wound's
// number in the batch and the batch's wounds (woundNos), or without a
// log the stage's own count.
func (m *Machine) label(d *dieSource, failed bool, k woundKind) (item, of int) {
	if d.log == nil {
		return m.s.i, m.s.n
	}
	w := m.numbers()
	if failed {
		return take(&w.failed[k]), w.count
	}
	return take(&w.wounds[k]), w.count
}

func (m *Machine) startArmour(log func(rearrank.Event)) {
	a, s := m.attack(), &m.s
	s.pRoll = 0
	if s.kills > 0 {
		m.note(log, rearrank.Armour, "RULES.md 9.1", "engine.armour.kills", s.kills)
	}
	total := s.wounds.total()
	s.i, s.n, s.at = 0, total, stepArmour
	if total == 0 {
		_ = m.advance(log)
		return
	}
	var skip msg.Message // why no armour save is rolled, if none is
	rule := "RULES.md 7"
	t := &s.tests.armour
	saveable := false // some wound waiting has an armour save to roll
	for k := range woundKinds {
		saveable = saveable || s.wounds[k] > 0 && t[k].need.Possible()
	}
	switch {
	case a.NoSaves:
		skip = msg.New("engine.armour.no_saves")
	case a.IgnoreArmour:
		skip = msg.New("engine.armour.ignores")
	case saveable:
	case s.wounds[slaying]+s.wounds[kbSingle]+s.wounds[lethalSix] == total:
		// every wound's trigger took its save (20.2, 19.3: a t9a Lethal
		// Strike's AP 10 as much as t9a1-ru's no save)
		skip = msg.New("engine.armour.none") // named only for the log: odds walk this millions of times
		if log != nil {
			skip = msg.New("engine.armour.triggers", m.triggerNames(&s.wounds))
			for _, k := range [...]woundKind{slaying, kbSingle, lethalSix} {
				if r := ", " + strings.TrimPrefix(m.kindRule(k), "RULES.md "); s.wounds[k] > 0 && !strings.Contains(rule, r) {
					rule += r
				}
			}
		}
	case t[ordinary].need.IsNone():
		skip = msg.New("engine.armour.model_none")
	default:
		skip = msg.New("engine.armour.impossible") // the need is named only for the log
		if log != nil {
			skip = msg.New("engine.armour.impossible", impossibleNeed(t, &s.wounds).String())
		}
	}
	if !skip.IsZero() {
		if log != nil {
			m.note(log, rearrank.Armour, rule, "engine.armour.skip", total, skip)
		}
		s.failed, s.wounds = s.wounds, woundPool{}
		m.moveTokens(tokArmour, tokSpecial)
		if log != nil {
			w := m.numbers()
			w.failed, w.wounds = w.wounds, [woundKinds][]int{}
		}
		s.n = 0
	}
	_ = m.advance(log)
}

// impossibleNeed is the target number an armour save that cannot succeed
// would need, for the log: that of the first kind of wound waiting with a
// save (an ordinary wound's before an Armour Bane's, which is worse).
func impossibleNeed(t *[woundKinds]test, w *woundPool) rules.Target {
	for k := range woundKinds {
		if w[k] > 0 && !t[k].need.IsNone() {
			return t[k].need
		}
	}
	return t[ordinary].need
}

// saveItem is the item of the save stages: one wound, saved by the armour
// of its kind at stepArmour (RULES.md 7, 19.3), or past armour by the
// special save of its kind at stepSpecial (8). A save its grants re-roll
// waits for the stage's re-roll pass (20.1).
func (m *Machine) saveItem(d *dieSource) error {
	s := &m.s
	special := s.at == stepSpecial
	pool, tests := &s.wounds, &s.tests.armour
	if special {
		pool, tests = &s.failed, &s.tests.special
	}
	if t := &tests[ordinary]; d.fast != nil && t.plain() && saveRolled(t, special) && pool[ordinary] == pool.total() && !s.tests.ordered {
		n := s.n - s.i
		pool[ordinary] -= n
		if f := n - d.passes(t, s); special {
			m.unsave(ordinary, f)
		} else {
			s.failed[ordinary] += f
		}
		return m.advance(d.log)
	}
	for {
		s.i++
		k := pool.next()
		t := &tests[k]
		item, of := m.label(d, special, k)
		pass := false
		switch {
		case saveRolled(t, special):
			var err error
			var again bool
			if pass, _, again, err = d.first(t, item, of); err != nil {
				s.i--
				if d.log != nil {
					l := &m.numbers().wounds[k]
					if special {
						l = &m.numbers().failed[k]
					}
					*l = append([]int{item}, *l...)
				}
				return err
			}
			if again {
				m.saveTokens(k, special, false, false, true)
				if d.log != nil {
					m.numbers().re[k] = append(m.numbers().re[k], item)
				}
				pool[k]--
				s.re[k]++
				if !d.more(s) {
					return m.advance(d.log)
				}
				continue
			}
		case d.log == nil:
		case special && k == lethalSix && m.lethalTakesRegen(d.log):
			m.note(d.log, rearrank.Special, "RULES.md 8, 19.3", "engine.special.lethal_wound", item)
		case special:
			m.note(d.log, rearrank.Special, "RULES.md 8", "engine.special.none", item, msg.New(msg.ID("term.engine.special_save."+m.rs().String())))
		default:
			// a wound whose trigger took its save: startArmour skips the
			// stage when no wound can be saved
			m.note(d.log, rearrank.Armour, m.kindRule(k), "engine.armour.trigger_wound", item, m.kindName(k))
		}
		pool[k]--
		m.saveTokens(k, special, false, pass, false)
		if !pass {
			m.saveFailed(d, k, item, special)
		}
		if !d.more(s) {
			return m.advance(d.log)
		}
	}
}

// saveRolled reports whether a save of test t is rolled: an armour save
// that can succeed, or a special save that applies.
func saveRolled(t *test, special bool) bool {
	if special {
		return !t.need.IsNone()
	}
	return t.need.Possible()
}

// saveFailed hands on one wound of kind k, the log's wound item, that its
// armour save (to the special stage) or its special save (special: past
// every save) did not stop.
func (m *Machine) saveFailed(d *dieSource, k woundKind, item int, special bool) {
	if special {
		m.unsave(k, 1)
		return
	}
	m.s.failed[k]++
	if d.log != nil {
		l := &m.numbers().failed[k]
		*l = append(*l, item)
		if m.s.tests.ordered {
			// the special save takes them in the order of their dice, as
			// the packets (order.go), a re-rolled armour save's wound too
			slices.Sort(*l)
		}
	}
}

func (m *Machine) startSpecial(log func(rearrank.Event)) {
	s := &m.s
	total := s.failed.total()
	if total > 0 && !rules.For(m.rs()).RegenerationAfterDamage {
		m.regenNote(log)
	}
	s.i, s.n, s.at = 0, total, stepSpecial
	none := true // no wound waiting has a special save
	for k := range woundKinds {
		none = none && (s.failed[k] == 0 || s.tests.special[k].need.IsNone())
	}
	if n := s.failed[lethalSix]; total > 0 && none && n > 0 && m.lethalTakesRegen(log) {
		// the per-wound lines say it when some wound rolls a save
		m.note(log, rearrank.Special, "RULES.md 8, 19.3", "engine.special.lethal", n)
	}
	if total > 0 && none {
		for k := range woundKinds {
			m.unsave(woundKind(k), s.failed[k])
		}
		s.failed = woundPool{}
		m.moveTokens(tokSpecial, tokUnsaved)
		s.n = 0
	}
	_ = m.advance(log)
}
