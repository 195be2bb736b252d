package engine

import (
	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/rules"
)

// startReroll starts the re-roll pass of the stage m stands in: its dice
// that their grants re-roll, after all its other dice (RULES.md 20.1).
func (m *Machine) startReroll(log func(rearrank.Event)) {
	s := &m.s
	s.reOf, s.at = s.at, stepReroll
	s.i, s.n = 0, s.re.total()
	_ = m.advance(log)
}

// rerollItem is the re-roll pass's item: one die re-rolled; the second
// roll stands for every rule, triggers included (U1), and decides the item
// as the stage would have.
func (m *Machine) rerollItem(d *dieSource) error {
	s := &m.s
	for {
		s.i++
		k := s.re.next()
		if s.reOf == stepWound && s.re[poisonHit] > 0 {
			k = poisonHit // the wound stage's first items (22.3): dice order, as Machine.rrLog holds them
		}
		t := m.rerolledTest(k)
		pass, face, err := d.again(t, nil)
		if err != nil {
			s.i--
			return err
		}
		s.re[k]--
		switch s.reOf {
		case stepHit:
			switch {
			case pass && k == missed: // the BS 6+ re-roll: it decides the attack, and its face is the one triggers read (22.2)
				m.hit(d, face, false) // the re-roll needs 6+..2+, never 7+ (22.2, T-6)
			case pass && !s.tests.hitAgain.need.IsNone() && s.tests.seven == rules.FailingDie:
				s.spent++ // its second die after every first die, not re-rolled (20.1)
			case pass && !s.tests.hitAgain.need.IsNone():
				s.again++ // its second die after every first die (20.1)
			case pass:
				m.hit(d, face, false)
			}
		case stepHitAgain:
			switch {
			case pass && k == missed:
				m.hit(d, face, false) // the re-roll needs 6+..2+, never 7+ (22.2, T-6)
			case pass:
				m.hit(d, 6, true) // the first die was a natural 6 (5)
			}
		case stepWound:
			if pass {
				m.wounded(d, face)
			}
		case stepArmour, stepSpecial:
			item := 0
			if d.log != nil {
				item = take(&m.numbers().re[k])
			}
			m.saveTokens(k, s.reOf == stepSpecial, true, pass, false)
			if !pass {
				m.saveFailed(d, k, item, s.reOf == stepSpecial)
			}
		}
		if !d.more(s) {
			return m.advance(d.log)
		}
	}
}

// rerolledTest is the test of kind k whose dice the re-roll pass rolls.
func (m *Machine) rerolledTest(k woundKind) *test {
	t := &m.s.tests
	if k == missed {
		return &t.hitRetry // the BS 6+ re-roll of a miss (22.2)
	}
	switch m.s.reOf {
	case stepHit:
		return &t.hit
	case stepWound:
		if k == poisonHit {
			return &t.woundPoison
		}
		return &t.wound
	case stepHitAgain:
		return &t.hitAgain
	case stepArmour:
		return &t.armour[k]
	}
	return &t.special[k]
}
