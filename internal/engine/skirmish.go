package engine

import (
	"fmt"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// skirmishItem is the skirmish stage's item: it resolves one whole skirmish attack against the single fighter
// (RULES.md 6.2, 7.4, 13 and 19.4): hit, wound, critical, saves, wounds and
// injuries, then a Body Blow's extra attack at once (C19).
//
// A hit that becomes several (RULES.md 20.3) resolves its first hit at once
// and leaves the others pending, one item each: a whole attack's dice in one
// step would multiply beyond what the odds can walk.
func (m *Machine) skirmishItem(d *dieSource) error {
	s := &m.s
	extra, pending := s.pendX > 0, s.pend > 0 || s.pendX > 0 // a Body Blow's hits first (C19)
	switch {
	case extra:
		s.pendX--
	case pending:
		s.pend--
	default:
		s.i++
	}
	f := m.u.Fighter()
	if f == nil || f.Skirmish.Status == unit.OutOfAction {
		s.pend, s.pendX, s.pendPoison, s.pendXPoison = 0, 0, false, false
		if d.log != nil {
			m.note(d.log, rearrank.NoStage, "RULES.md 13", "engine.skirmish.out_of_action", s.i)
		}
		return m.advance(d.log)
	}
	if pending {
		poisoned := extra && s.pendXPoison || !extra && s.pendPoison
		if err := m.skirmishHit(d, s.i, !extra, poisoned); err != nil {
			if extra {
				s.pendX++
			} else {
				s.pend++
			}
			return err
		}
		s.pendPoison = s.pendPoison && s.pend > 0
		s.pendXPoison = s.pendXPoison && s.pendX > 0
		return m.advance(d.log)
	}
	if err := m.skirmishAttack(d, s.i, true); err != nil {
		s.i--
		s.pend, s.pendX, s.pendPoison, s.pendXPoison = 0, 0, false, false
		return err
	}
	return m.advance(d.log)
}

// allowanceKey names the warrior and phase type of the current attack group
// for the once-per-phase critical allowance (RULES.md 6.2, R28).
func (m *Machine) allowanceKey() string {
	a := m.attack()
	who := a.Attacker
	if who == "" {
		who = fmt.Sprintf("group %d", m.s.batch+1)
	}
	return who + "|" + a.Phase.String()
}

// allowanceUsed reports whether the warrior of the current attack group has
// used his critical allowance this phase (m.s.allow is set when the batch
// begins).
func (m *Machine) allowanceUsed() bool {
	for _, c := range m.s.crits {
		if c == m.s.allow {
			return true
		}
	}
	return false
}

// fighterW returns the skirmish fighter for changing it.
func (m *Machine) fighterW() *unit.Model { return m.uw().Fighter() }

// critCuts returns the classes of faces of a critical roll on table (the
// results of rolls 1-6): faces with the same effect on the fight are one
// class (see ClassBrancher). Rolls that cause no critical differ only in
// their text.
func critCuts(table *[6]rules.Critical) uint64 {
	effect := func(f int) rules.Critical {
		c := table[f-1]
		if !c.Caused {
			return rules.Critical{}
		}
		c.Roll, c.Text = 0, ""
		return c
	}
	var cuts uint64
	for f := 2; f <= 6; f++ {
		if effect(f) != effect(f-1) {
			cuts |= 1 << f
		}
	}
	return cuts
}

// injuryCuts returns the classes of faces of an injury roll with the given
// bonus when the worst result so far is worst: only the worst counts
// (C18), so faces that leave it the same are one class.
func injuryCuts(bonus int, worst rules.Injury) uint64 {
	var cuts uint64
	for f := 2; f <= 6; f++ {
		if max(worst, rules.InjuryResult(f, bonus)) != max(worst, rules.InjuryResult(f-1, bonus)) {
			cuts |= 1 << f
		}
	}
	return cuts
}

// skirmishAttack resolves attack number n; critOK is false for a Body Blow's
// extra attack, which cannot cause another critical.
func (m *Machine) skirmishAttack(d *dieSource, n int, critOK bool) error {
	a := m.attack()
	poisoned, focus := false, false
	if !a.Hit.Auto() {
		if !m.s.tests.canHit {
			if d.log != nil {
				m.note(d.log, rearrank.Hit, "RULES.md 5", "engine.skirmish.cannot_hit", n)
			}
			return nil
		}
		pass, face, sevenPlus, err := m.rollHit(d, n, 0, false)
		if err != nil || !pass {
			return err
		}
		poisoned = a.Poison.Fires(face) && (!sevenPlus || rules.For(m.rs()).PoisonSevenPlus)
		focus = a.BattleFocus.Fires(face)
		if d.log != nil && poisoned {
			m.note(d.log, rearrank.Hit, "RULES.md 20.2", "engine.hit.poison_auto", face)
		}
		if d.log != nil && focus {
			m.note(d.log, rearrank.Hit, "RULES.md 20.2", "engine.hit.focus", face)
		}
	}
	hits := 1
	if multiHits(a) { // 20.3: every hit rolls to wound and may cause a critical
		var err error
		if hits, err = m.rollHits(d, n, 0); err != nil {
			return err
		}
		if d.log != nil {
			m.note(d.log, rearrank.MultiHits, "RULES.md 20.3", "engine.skirmish.multi", n, hits, a.MultipleHits.String())
		}
	}
	// the further hits are the next items (skirmishItem); a Body Blow's
	// extra attack (critOK false) causes no critical with any of them
	hits += b2i(focus)
	// poison_multiple_hits all: the further hits of a poisoned roll are
	// poisoned too (20.2)
	all := poisoned && hits > 1 && m.opts().PoisonMultipleHits == rules.PoisonAllHits
	if critOK {
		m.s.pend, m.s.pendPoison = hits-1, all
	} else {
		m.s.pendX += hits - 1
		m.s.pendXPoison = m.s.pendXPoison || all
	}
	return m.skirmishHit(d, n, critOK, poisoned)
}

// skirmishHit resolves one hit of attack number n: wound, critical, saves,
// wounds and injuries, and a Body Blow's extra attack (critOK as for
// skirmishAttack).
//
// A poisoned hit wounds automatically: no to-wound die, so no critical
// (RULES.md 20.2, E108).
func (m *Machine) skirmishHit(d *dieSource, n int, critOK, poisoned bool) error {
	a, rs, o := m.attack(), m.rs(), m.opts()
	wound := m.s.tests.wound
	crit, face := false, 0
	switch {
	case poisoned:
		if d.log != nil {
			m.note(d.log, rearrank.Wound, "RULES.md 20.2", "engine.skirmish.poisoned", n)
		}
	case !wound.need.Possible():
		if d.log != nil {
			m.note(d.log, rearrank.Wound, "RULES.md 6.1", "engine.skirmish.cannot_wound", n, a.Strength, m.s.recv.t)
		}
		return nil
	default:
		crit = critOK && rules.CanCritical(rs, a.Phase, a.WeaponClass, wound.need, o)
		wound.six = crit
		var pass bool
		var err error
		if pass, face, err = d.test(&wound, n, 0); err != nil || !pass {
			return err
		}
	}

	// Critical hit (6.2): a natural 6 while the allowance is free.
	var c rules.Critical
	if face == 6 && crit {
		if m.allowanceUsed() {
			m.note(d.log, rearrank.Critical, "RULES.md 6.2, E74", "engine.critical.used")
		} else {
			roll, err := d.rollClass(6, m.fixed.critCuts[m.s.batch], rearrank.Critical, func() msg.Message { return msg.New("engine.die.critical", a.WeaponClass.Msg(), n) })
			if err != nil {
				return err
			}
			c = m.fixed.crit[m.s.batch][roll-1] // rules.CriticalHit(a.WeaponClass, roll)
			if d.log != nil {
				m.emit(d.log, rearrank.Event{Kind: rearrank.Roll, Stage: rearrank.Critical, Attack: n, Sides: 6, Face: roll, Pass: c.Caused,
					Rule: "RULES.md 6.2", Msg: msg.New("engine.critical.roll", roll, c.Msg())})
			}
			if c.Caused || o.LowCritConsumes {
				m.s.crits = append(m.s.crits, m.s.allow)
			}
			if !c.Caused {
				c = rules.Critical{}
			}
		}
	}
	f := m.u.Fighter()
	if c.CannotFight && !f.Skirmish.CannotFight {
		f = m.fighterW()
		f.Skirmish.CannotFight = true
		m.emit(d.log, rearrank.Event{Kind: rearrank.CannotFight, Rule: "RULES.md 6.2", Msg: msg.New("engine.critical.cannot_fight")})
	}
	if c.Disarm && !f.Skirmish.Disarmed {
		f = m.fighterW()
		f.Skirmish.Disarmed = true
		m.emit(d.log, rearrank.Event{Kind: rearrank.Disarmed, Rule: "RULES.md 6.2, R40", Msg: msg.New("engine.critical.disarmed")})
	}
	if c.Ricochet {
		m.emit(d.log, rearrank.Event{Kind: rearrank.RicochetHit, Rule: "RULES.md 6.2, R29, C15",
			Msg: msg.New("engine.critical.ricochet")})
	}
	if c.KnockDown {
		m.worsen(d.log, unit.KnockedDown, "RULES.md 6.2, R27: knocked down whether or not the save succeeds")
		f = m.u.Fighter()
	}
	if c.Knockback {
		m.emit(d.log, rearrank.Event{Kind: rearrank.Knockback, Rule: "RULES.md 6.2",
			Msg: msg.New("engine.critical.knockback")})
	}

	// Saves and wounds: bladed 5 makes two wounds with a save each. A weapon
	// with Multiple Wounds rolls its dice once the saves are made, and the
	// larger of its number and the critical's unsaved wounds counts, never
	// the sum (6.2, R39).
	instances, per := 1, 1
	if c.SeparateSaves {
		instances = c.Wounds
	} else if c.Wounds > 1 {
		per = c.Wounds
	}
	unsaved, err := m.skirmishSaves(d, n, c, m.s.tests.bane.Fires(face), instances)
	if err != nil {
		return err
	}
	m.s.tally.Unsaved += unsaved
	if unsaved > 0 && c.OutOfActionIfArmourFails { // one wound only (bludgeoning 6)
		f = m.fighterW()
		m.s.tally.Wounds += f.W - f.Damage
		f.Damage = f.W
		m.worsen(d.log, unit.OutOfAction, "RULES.md 6.2, C17: bludgeoned, out of action at once")
		return nil
	}
	injuries := 0
	if unsaved > 0 {
		wounds := per * unsaved
		if a.Multi() {
			w, err := m.rollExpr(d, a.MultipleWounds, rearrank.Damage, n, func() msg.Message { return msg.New("engine.die.damage.attack", n) })
			if err != nil {
				return err
			}
			if c.Wounds > 1 && d.log != nil {
				gives := msg.New("engine.critical.gives", wounds)
				if c.SeparateSaves {
					gives = msg.New("engine.critical.unsaved", unsaved, c.Wounds)
				}
				m.note(d.log, rearrank.Damage, "RULES.md 6.2, R39", "engine.critical.larger", w, gives, max(w, wounds))
			}
			wounds = max(w, wounds)
		}
		f = m.fighterW()
		for j := 0; j < wounds; j++ {
			if f.Damage < f.W {
				f.Damage++
				m.s.tally.Wounds++
			}
			if f.Damage >= f.W {
				injuries++ // the wound that brings W to 0, and every later one (13)
			}
		}
		if d.log != nil {
			m.note(d.log, rearrank.Damage, "RULES.md 13", "engine.skirmish.wounds_left", wounds, f.W-f.Damage, f.W)
		}
	}
	if injuries > 0 && f.Skirmish.Status != unit.OutOfAction {
		if err := m.injuries(d, n, injuries, c); err != nil {
			return err
		}
		f = m.u.Fighter()
	}
	if c.ExtraAttack && f.Skirmish.Status != unit.OutOfAction {
		m.emit(d.log, rearrank.Event{Kind: rearrank.ExtraAttack, Attack: n, Rule: "RULES.md 6.2, C19", Msg: msg.New("engine.critical.extra_attack")})
		return m.skirmishAttack(d, n, false)
	}
	return nil
}

// skirmishSaves rolls the armour saves and then the special saves of the
// wounds of one hit (two with their own saves after a bladed 5 critical) and
// returns how many went unsaved. Each stage's re-rolls follow all its first
// dice (RULES.md 20.1's dice order): armour dice, their re-rolls, the special
// dice of the wounds the armour did not stop, their re-rolls.
func (m *Machine) skirmishSaves(d *dieSource, n int, c rules.Critical, bane bool, wounds int) (int, error) {
	a := m.attack()
	armour, special := m.s.tests.armour[ordinary], m.s.tests.special[ordinary]
	if bane { // Armour Bane on the final natural to-wound roll (20.2)
		armour = m.s.tests.armour[baned]
		if d.log != nil {
			m.note(d.log, rearrank.Armour, "RULES.md 20.2", "engine.armour.bane", a.ArmourBane, m.s.tests.armour[ordinary].need.String(), armour.need.String())
		}
	}
	failed := wounds
	switch {
	case a.NoSaves || a.InstantKill:
		if d.log != nil {
			m.note(d.log, rearrank.Armour, "RULES.md 19.3", "engine.skirmish.no_saves", n)
		}
		return wounds, nil
	case c.NoArmour:
		m.note(d.log, rearrank.Armour, "RULES.md 6.2", "engine.skirmish.critical_no_armour")
	case a.IgnoreArmour:
		m.note(d.log, rearrank.Armour, "RULES.md 7", "engine.armour.ignores")
	case !armour.need.Possible():
		if d.log != nil {
			// no save, not a target number past 6+ (7.4); for a
			// bludgeoning 6 it counts as a failed one (R30)
			id, rule := msg.ID("engine.skirmish.save_past_six"), "RULES.md 7.4"
			if armour.need.IsNone() {
				id = "engine.skirmish.no_save"
			}
			if c.OutOfActionIfArmourFails {
				id, rule = id+".bludgeoning", "RULES.md 7.4, R30"
			}
			m.note(d.log, rearrank.Armour, rule, id, n)
		}
	default:
		var err error
		if failed, err = d.failures(&armour, n, wounds); err != nil {
			return 0, err
		}
	}
	if failed == 0 || special.need.IsNone() {
		return failed, nil
	}
	return d.failures(&special, n, failed)
}

// failures rolls k dice of test t for skirmish attack n, then the re-rolls
// their grants allow, after all k (RULES.md 20.1), and returns how many
// failed in the end. When the dice run out the attack is rolled again from
// its start, so the first rolls it left for the log are dropped.
func (d *dieSource) failures(t *test, n, k int) (failed int, err error) {
	re := 0
	defer func() {
		if err != nil && d.log != nil {
			d.m.rrLog = d.m.rrLog[:len(d.m.rrLog)-re]
		}
	}()
	for range k {
		pass, _, again, err := d.first(t, n, 0)
		if err != nil {
			return 0, err
		}
		re += b2i(again)
		failed += b2i(!again && !pass)
	}
	for re > 0 {
		re-- // again takes its first roll from the log's list before rolling
		pass, _, err := d.again(t, nil)
		if err != nil {
			return 0, err
		}
		failed += b2i(!pass)
	}
	return failed, nil
}

// injuries rolls the injury dice of one attack; the worst result applies
// (RULES.md 13, C18), a helmet may turn stunned into knocked down.
func (m *Machine) injuries(d *dieSource, n, count int, c rules.Critical) error {
	worst := rules.Injury(0)
	for k := 1; k <= count; k++ {
		face, err := d.rollClass(6, injuryCuts(c.InjuryBonus, worst), rearrank.Injury, func() msg.Message { return msg.New("engine.die.injury", k, count, n) })
		if err != nil {
			return err
		}
		r := rules.InjuryResult(face, c.InjuryBonus)
		if d.log != nil {
			var roll any = face
			if c.InjuryBonus != 0 {
				roll = fmt.Sprintf("%d%+d", face, c.InjuryBonus) // "4+2": numbers and signs, the same in every language
			}
			m.emit(d.log, rearrank.Event{Kind: rearrank.Roll, Stage: rearrank.Injury, Attack: n, Sides: 6, Face: face, Rule: "RULES.md 13",
				Msg: msg.New("engine.injury.roll", roll, r.Msg())})
		}
		worst = max(worst, r)
	}
	f := m.u.Fighter()
	if worst == rules.Stunned && f.Save.Helmet {
		if c.NoHelmet {
			m.note(d.log, rearrank.Helmet, "RULES.md 6.2", "engine.skirmish.no_helmet")
		} else {
			helmet := newTest(rearrank.Helmet, rules.Need(4), 1)
			pass, _, err := d.test(&helmet, n, 0)
			if err != nil {
				return err
			}
			if pass {
				worst = rules.KnockedDown
			}
		}
	}
	switch worst {
	case rules.KnockedDown:
		m.worsen(d.log, unit.KnockedDown, "RULES.md 13")
	case rules.Stunned:
		m.worsen(d.log, unit.Stunned, "RULES.md 13")
	case rules.OutOfAction:
		m.worsen(d.log, unit.OutOfAction, "RULES.md 13")
	}
	return nil
}

// worsen moves the fighter to status s unless it is already worse (C18).
func (m *Machine) worsen(log func(rearrank.Event), s unit.Status, rule string) {
	if m.u.Fighter().Skirmish.Status >= s {
		return
	}
	m.fighterW().Skirmish.Status = s
	if log != nil {
		kind := map[unit.Status]rearrank.Kind{unit.KnockedDown: rearrank.KnockedDown, unit.Stunned: rearrank.Stunned, unit.OutOfAction: rearrank.OutOfAction}[s]
		m.emit(log, rearrank.Event{Kind: kind, Rule: rule, Msg: msg.New("engine.warrior", statusMsg(s))})
	}
	if s == unit.OutOfAction {
		m.s.tally.Casualties++
		m.s.batchCas++
		m.s.tally.ByRole[unit.RankAndFile]++
	}
}
