package engine

import (
	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// hitItem is the item of the to-hit stages (RULES.md 5): one attack's
// first die at stepHit, or at stepHitAgain one 7+ procedure's second die
// (rollSecond). A die its grants re-roll, or a miss the BS 6+ re-roll
// takes, waits for the stage's re-roll pass (20.1, 22.2).
func (m *Machine) hitItem(d *dieSource) error {
	s := &m.s
	if s.at == stepHit && d.fast != nil && s.tests.hit.plain() && s.tests.hitAgain.need.IsNone() && s.tests.hitRetry.need.IsNone() {
		s.hits += d.passes(&s.tests.hit, s)
		return m.advance(d.log)
	}
	for {
		s.i++
		var pass, seven bool
		var face int
		var err error
		if s.at == stepHit {
			pass, face, seven, err = m.rollHit(d, s.i, s.n, true)
		} else {
			pass, face, err = m.rollSecond(d, s.i, s.n)
			seven = true
		}
		if err != nil {
			s.i--
			return err
		}
		if pass {
			m.hit(d, face, seven)
		}
		if !d.more(s) {
			return m.advance(d.log)
		}
	}
}

// rollHit rolls one attack's to-hit dice, for block and skirmish alike: a
// D6 against hit, and under the 7+ procedure a second D6 against hitAgain
// after a first that passed (a natural 6; RULES.md 5). It returns whether
// the attack hits and the final natural face a to-hit trigger reads
// (RULES.md 20.2: under the 7+ procedure the first die's, and it needs the
// whole procedure to pass; the BS 6+ re-roll's own face, 22.2), and seven,
// whether that face was rolled needing 7+ (Poisoned Attacks, 22.3).
//
// With later (blocks), a first die that its grants re-roll (RULES.md 20.1)
// is left for the re-roll pass after every first die: the attack is
// decided there. A first die that passed under the 7+
// procedure leaves its second die for the stage of second dice
// (rollSecond), after every first die and its re-roll (20.1's dice
// order). Under seven_plus_reroll failing_die only a failed first die is
// re-rolled: a success keeps the procedure's one re-roll for its second
// die. Without later (skirmish, one attack at a time, C19) each die is
// re-rolled at once, and under failing_die and whole_roll the procedure
// is rolled whole (sevenPlusOnce); whole_roll is rolled whole in blocks
// too, since its re-roll repeats the procedure from the first die.
//
// A miss that no grant re-rolled, none of its dice, has the BS 6+ re-roll
// (tow, 22.2, 22.18): at once, or with later in the re-roll pass, after
// the grants' re-rolls.
func (m *Machine) rollHit(d *dieSource, item, of int, later bool) (pass bool, face int, seven bool, err error) {
	t := &m.s.tests
	seven = !t.hitAgain.need.IsNone()
	var rerolled bool // a grant re-rolled one of the attack's dice, or will
	switch {
	case later && t.seven == rules.FailingDie:
		if pass, face, rerolled, err = d.firstFailing(&t.hit, item, of); err != nil || rerolled || pass {
			m.s.re[ordinary] += b2i(rerolled)
			m.s.again += b2i(pass && !rerolled) // its second die, with the re-roll unspent
			return false, face, seven, err
		}
	case t.seven != rules.EachDie:
		if pass, face, rerolled, err = m.sevenPlusOnce(d, item, of); err != nil || pass {
			return pass, face, seven, err
		}
	case later:
		if pass, face, rerolled, err = d.first(&t.hit, item, of); err != nil || rerolled {
			m.s.re[ordinary] += b2i(rerolled)
			return false, face, seven, err
		}
		if pass && seven { // the second die waits for every first die and its re-roll (20.1)
			m.s.again++
			return false, face, seven, nil
		}
	default:
		if pass, face, rerolled, err = d.once(&t.hit, item, of); err == nil && pass && seven {
			var again bool
			var f int
			pass, f, again, err = d.once(&t.hitAgain, item, of)
			face, rerolled = pick(pass, 6, f), rerolled || again // a hit's triggers read the first die's natural 6 (20.2)
		}
	}
	if err != nil || pass || rerolled || t.hitRetry.need.IsNone() {
		return pass, face, seven, err
	}
	if later { // the miss's one re-roll (22.2) waits with the stage's re-rolls (22.17, 20.1)
		m.retryLater(d, item, of, face)
		return false, face, seven, nil
	}
	pass, face, err = d.again(&t.hitRetry, &rrNote{item: item, of: of, face: face, retry: true}) // 22.2
	return pass, face, false, err                                                                // the re-roll needs 6+..2+ (T-6)
}

// retryLater leaves the missed to-hit die of item of items, natural face,
// for the BS 6+ re-roll (RULES.md 22.2) in the stage's re-roll pass, after
// its grants' re-rolls (20.1, 22.18).
func (m *Machine) retryLater(d *dieSource, item, of, face int) {
	d.leave(item, of, face, true)
	m.s.re[missed]++
}

// sevenPlusOnce rolls one attack's 7+ procedure with at most one re-roll
// for the whole procedure (RULES.md 20.1, 20.13, E91), at once (skirmish,
// and whole_roll in blocks):
// failing_die re-rolls the first die that fails (a natural 1 under ones),
// or imposed, the second die once it succeeded; whole_roll repeats the
// procedure once after a failure its grants re-roll, or imposed, after a
// success. It returns whether the attack hits; the first die's final
// face, which to-hit triggers read (20.2), or after a miss the face of
// the die that missed; and whether a grant re-rolled a die of it (a miss
// then has no BS 6+ re-roll, 22.18).
func (m *Machine) sevenPlusOnce(d *dieSource, item, of int) (pass bool, face int, rerolled bool, err error) {
	t := &m.s.tests
	rr := t.hit.rr
	roll := func(tt *test, redo bool) (bool, int, error) {
		face, err := d.d6(tt, item, of, redo)
		return tt.pass(face), face, err
	}
	p1, f1, err := roll(&t.hit, false)
	if err != nil {
		return false, 0, false, err
	}
	if t.seven == rules.FailingDie {
		if !p1 && rr.Applies(f1, false) {
			rerolled = true
			if p1, f1, err = d.again(&t.hit, &rrNote{item: item, of: of, face: f1}); err != nil {
				return false, 0, true, err
			}
		}
		if !p1 {
			return false, f1, rerolled, nil
		}
		p2, f2, err := roll(&t.hitAgain, !rerolled && t.hitAgain.redoesPass())
		if err == nil && !rerolled && rr.Applies(f2, p2) {
			rerolled = true
			p2, f2, err = d.again(&t.hitAgain, &rrNote{item: item, of: of, face: f2})
		}
		if err != nil || !p2 {
			return false, f2, rerolled, err
		}
		return true, f1, rerolled, nil
	}
	// whole_roll: the face that decided the procedure is the first die's
	// when it failed, else the second's
	pass, decider, dt := p1, f1, &t.hit
	if p1 {
		dt = &t.hitAgain
		if pass, decider, err = roll(dt, false); err != nil {
			return false, 0, false, err
		}
	}
	if !rr.Applies(decider, pass) {
		return pass, pick(pass, f1, decider), false, nil
	}
	if d.log != nil {
		m.note(d.log, rearrank.Hit, "RULES.md 20.1", "engine.hit.whole_roll_again", item, m.rerollWhy(dt, decider))
	}
	if p1, f1, err = roll(&t.hit, false); err != nil || !p1 {
		return false, f1, true, err
	}
	pass, decider, err = roll(&t.hitAgain, false)
	return pass, pick(pass, f1, decider), true, err
}

// startHitAgain starts the second dice of the batch's 7+ procedures
// whose first die passed (RULES.md 5), after every first die and its
// re-roll (20.1's dice order): those of again, then those of spent.
func (m *Machine) startHitAgain(log func(rearrank.Event)) {
	s := &m.s
	if s.again+s.spent == 0 {
		m.startMulti(log)
		return
	}
	s.i, s.n, s.at = 0, s.again+s.spent, stepHitAgain
	_ = m.advance(log)
}

// rollSecond rolls the second die of a 7+ procedure whose first die was
// a natural 6, item of the of second dice; its re-roll waits for the
// stage's pass. The procedures of again come first, then
// those of spent, whose one re-roll went on the first die (failing_die,
// 20.1). The counts, not the item's place, say which comes next, so that
// the odds can treat every place of the loop alike (AppendLoopState). It
// returns whether the attack hits and the face to-hit triggers read: the
// first die's natural 6 (20.2).
//
// A second die that misses has the BS 6+ re-roll (22.2, T-6), after every
// second die (22.17, 20.1), when no grant re-rolled a die of its
// procedure (22.18): not in a spent procedure, and not where the target
// made each die's success re-rolled (each_die), its first die's 6 too.
func (m *Machine) rollSecond(d *dieSource, item, of int) (pass bool, face int, err error) {
	s := &m.s
	t := &s.tests.hitAgain
	var f int // the second die's natural face
	var again bool
	if s.again > 0 {
		pass, f, again, err = d.first(t, item, of)
	} else {
		f, err = d.d6(t, item, of, false)
		pass = t.pass(f)
		if err == nil && d.log != nil && t.rerolls(f) {
			m.note(d.log, rearrank.HitAgain, "RULES.md 20.1", "engine.hit.failing_die", item, of)
		}
	}
	if err != nil {
		return false, 0, err
	}
	firstRerolled := s.again == 0 || s.tests.seven == rules.EachDie && s.tests.hit.redoesPass()
	switch {
	case again:
		s.re[ordinary]++
	case !pass && !firstRerolled && !s.tests.hitRetry.need.IsNone():
		m.retryLater(d, item, of, f)
	}
	if s.again > 0 {
		s.again--
	} else {
		s.spent--
	}
	return pass, 6, nil
}

// startMulti starts the multiple-hits stage (RULES.md 20.3) over the
// batch's hits: a constant makes every hit that many at once; dice are
// rolled once per hit, after every to-hit die (20.1's dice order).
func (m *Machine) startMulti(log func(rearrank.Event)) {
	s, a := &m.s, m.attack()
	if s.hits+s.poison == 0 || !multiHits(a) {
		m.startWounds(log)
		return
	}
	if c, ok := a.MultipleHits.Const(); ok {
		// a poisoned hit stays one automatic wound and its others roll,
		// unless poison_multiple_hits is all (20.2)
		if log != nil {
			n := s.hits + s.poison
			m.note(log, rearrank.MultiHits, "RULES.md 20.3", "engine.multi.const", n, n*c, c)
		}
		if m.opts().PoisonMultipleHits == rules.PoisonAllHits {
			s.hits, s.poison = s.hits*c, s.poison*c
		} else {
			s.hits = s.hits*c + s.poison*(c-1)
		}
		m.startWounds(log)
		return
	}
	s.i, s.n, s.at = 0, s.hits+s.poison, stepMulti
	s.hits, s.mPoison, s.poison = 0, s.poison, 0
	_ = m.advance(log)
}

// multiItem is the multiple-hits stage's item: one hit, which becomes the
// number of hits its dice roll (RULES.md 20.3).
func (m *Machine) multiItem(d *dieSource) error {
	s, a := &m.s, m.attack()
	for {
		s.i++
		k, err := m.rollHits(d, s.i, s.n)
		if err != nil {
			s.i--
			return err
		}
		if d.log != nil {
			m.note(d.log, rearrank.MultiHits, "RULES.md 20.3", "engine.multi.rolled", s.i, s.n, k, a.MultipleHits.String())
		}
		// the first items are the poisoned hits (20.2), told by the count
		// left, not the item's place, so that the odds can take every place
		// of the loop alike (AppendLoopState)
		poisoned := s.mPoison > 0
		if poisoned {
			s.mPoison--
			s.poison++
		}
		if poisoned && m.opts().PoisonMultipleHits == rules.PoisonAllHits {
			m.autoWounds(d.log != nil, k-1) // the poisoned hit's others wound automatically too (20.2)
		} else {
			s.hits += k - b2i(poisoned)
		}
		if !d.more(s) {
			return m.advance(d.log)
		}
	}
}

// hit counts an attack that hit, face the final natural roll its to-hit
// triggers read (RULES.md 20.2), with those triggers: Poison makes it an
// automatic wound (or a roll at +2, tow 22.3), but not when that roll
// needed 7+ (sevenPlus, the 7+ procedure's first die; the BS 6+ re-roll of
// a miss needs 6+..2+ however bad the first roll's modifiers, 22.2, T-6),
// save where PoisonSevenPlus; Battle Focus adds a hit that the
// multiple-hits stage does not multiply.
func (m *Machine) hit(d *dieSource, face int, sevenPlus bool) {
	s, a := &m.s, m.attack()
	poisoned := s.tests.poison.Fires(face) && (!sevenPlus || rules.For(m.rs()).PoisonSevenPlus)
	if poisoned {
		s.poison++
		if d.log != nil && !s.tests.woundPoison.need.IsNone() {
			m.note(d.log, rearrank.Hit, "RULES.md 22.3", "engine.hit.poison_plus_two", face)
		} else if d.log != nil {
			m.note(d.log, rearrank.Hit, "RULES.md 20.2", "engine.hit.poison_auto", face)
		}
	} else {
		switch {
		case d.log == nil || !a.Poison.Fires(face):
		case s.tests.poison == 0:
			m.note(d.log, rearrank.Hit, "RULES.md 22.3", "engine.hit.poison_melee_seven", face)
		case !s.tests.woundPoison.need.IsNone():
			m.note(d.log, rearrank.Hit, "RULES.md 22.3", "engine.hit.poison_seven")
		default:
			m.note(d.log, rearrank.Hit, "RULES.md 20.2", "engine.hit.poison_seven_auto")
		}
		s.hits++
	}
	switch {
	case !a.BattleFocus.Fires(face):
	case poisoned && m.opts().PoisonMultipleHits == rules.PoisonAllHits:
		m.autoWounds(d.log != nil, 1) // poison_multiple_hits all: the extra hit is poisoned too
		if d.log != nil {
			m.note(d.log, rearrank.Hit, "RULES.md 20.2", "engine.hit.focus_poisoned", face)
		}
	default:
		s.extra++
		if d.log != nil {
			m.note(d.log, rearrank.Hit, "RULES.md 20.2", "engine.hit.focus", face)
		}
	}
}

// rollHits rolls how many hits one hit makes (RULES.md 20.3).
func (m *Machine) rollHits(d *dieSource, item, of int) (int, error) {
	return m.rollExpr(d, m.attack().MultipleHits, rearrank.MultiHits, item, func() msg.Message {
		if of == 0 {
			return msg.New("engine.die.multi.attack", item)
		}
		return msg.New("engine.die.multi", item, of)
	})
}

// autoWounds adds k hits that wound automatically (Poison, 20.2) straight
// to the wounds awaiting their saves, or the kills of an instant_kill
// attack. logging numbers the wounds for the log.
//
// Where poisoned hits roll to wound at +2 instead (tow plus_two, 22.3),
// the k hits join those rolls.
func (m *Machine) autoWounds(logging bool, k int) {
	switch {
	case !m.s.tests.woundPoison.need.IsNone():
		m.s.pRoll += k
	case m.attack().InstantKill:
		m.s.kills += k
	default:
		m.s.wounds[ordinary] += k
		m.born(ordinary, k)
		for range k * b2i(logging) {
			m.numbers().add(ordinary)
		}
	}
}

// multiHits reports whether a hit of the attack can become more than one
// (RULES.md 20.3).
func multiHits(a *rearrank.Attack) bool {
	c, ok := a.MultipleHits.Const()
	return !ok || c > 1
}
