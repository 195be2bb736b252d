package engine

import (
	"math/big"
	"slices"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// panicCrossed reports whether lost of start models is the panic threshold
// or more, exactly (RULES.md 12: 25% or more); more than it in tow (22.9).
func (m *Machine) panicCrossed(lost, start int) bool {
	f := m.fixed
	if !f.panicBig {
		if f.panicMoreThan {
			return int64(lost)*f.panicDen > f.panicNum*int64(start) // 22.9
		}
		return int64(lost)*f.panicDen >= f.panicNum*int64(start)
	}
	c := new(big.Rat).SetFrac64(int64(lost), int64(start)).Cmp(m.opts().Panic())
	return c > 0 || c == 0 && !f.panicMoreThan
}

// panicWords says what the panic threshold compares: "1/4 or more", or
// in tow "more than 1/4" (RULES.md 12, 22.9).
func (m *Machine) panicWords() msg.Message {
	th := m.opts().Panic().RatString()
	if m.fixed.panicMoreThan {
		return msg.New("rules.panic.more_than", th)
	}
	return msg.New("rules.panic.at_least", th)
}

// panicFailText says what a failed panic test does where the ruleset reads
// it by size (tow, RULES.md 22.9): fall back in good order while more than
// half the models at deployment remain, else flee. Elsewhere it is "".
func (m *Machine) panicFailText() any {
	if !rules.For(m.rs()).PanicFallBack {
		return ""
	}
	left, starting := m.u.Size(), m.u.StartingModels()
	if m.u.PanicFlees() {
		return msg.New("engine.panic.flees", left, starting)
	}
	return msg.New("engine.panic.falls_back", left, starting)
}

// end closes the batch: champion overflow, panic, destroyed.
func (m *Machine) end(log func(rearrank.Event)) error {
	if m.s.inBatch {
		ch, err := m.uw().EndBatch()
		if err != nil {
			return err
		}
		m.record(log, &ch)
		m.s.inBatch = false
	}
	if m.s.flamed && !m.u.RegenLost() {
		m.uw().SetRegenLost()
		m.emit(log, rearrank.Event{Kind: rearrank.RegenLost, Rule: "RULES.md 19.3, C26",
			Msg: msg.New("engine.regen_lost")})
	}
	a := m.attack()
	if m.rs().Block() && a.Phase != rules.Melee && !m.s.panicked {
		start := m.u.PhaseStartSize()
		lost := m.u.PhaseCasualties()
		if start > 0 && lost > 0 && m.panicCrossed(lost, start) {
			m.s.panicked = true
			m.s.tally.Panic = true
			if log != nil {
				m.emit(log, rearrank.Event{Kind: rearrank.Panic, Rule: pick(m.fixed.panicMoreThan, "RULES.md 22.9", "RULES.md 12, 19.3"),
					Msg: msg.New("engine.panic", lost, start, m.panicWords(), m.panicFailText())})
			}
		}
	}
	if m.u.Destroyed() && m.s.batchCas > 0 && m.u.Fighter() == nil { // said once, by the group that did it; a warrior's out of action says it (13)
		m.emit(log, rearrank.Event{Kind: rearrank.Destroyed, Rule: "RULES.md 12", Msg: msg.New("engine.destroyed")})
	}
	if log != nil {
		m.emit(log, rearrank.Event{Kind: rearrank.BatchEnd, Msg: m.batchEndText()})
	}
	m.s.batch++
	if m.s.batch >= len(m.attacks) {
		m.s.at = stepDone
	} else {
		m.s.at = stepBegin
	}
	return nil
}

// clone returns a copy of w (nil for nil) whose lists an append does not
// share.
func (w *woundNos) clone() *woundNos {
	if w == nil {
		return nil
	}
	c := *w
	for k := range woundKinds {
		c.wounds[k] = slices.Clip(c.wounds[k])
		c.failed[k] = slices.Clip(c.failed[k])
		c.re[k] = slices.Clip(c.re[k])
	}
	return &c
}

// numbers returns the log's wound numbers of the batch, made on first use.
func (m *Machine) numbers() *woundNos {
	if m.nos == nil {
		m.nos = new(woundNos)
	}
	return m.nos
}

// batchEndText says what the batch did, apart from the running total: its
// removals and wounds, the wounds carried on after it (11.1) and the unit
// as it stands, carried wounds drawn on the model that bears them.
func (m *Machine) batchEndText() msg.Message {
	total := m.s.tally.Wounds
	mine := total - m.numbers().before
	var soFar any = ""
	if total != mine {
		soFar = msg.New("engine.end.so_far", total)
	}
	if f := m.u.Fighter(); f != nil { // skirmish: one warrior (RULES.md 13)
		return msg.New("engine.end.warrior", mine, soFar, statusMsg(f.Skirmish.Status))
	}
	carried := 0
	for _, p := range m.u.Carried() {
		carried += p.Carried
	}
	var carriedText any = ""
	if carried > 0 {
		carriedText = msg.New("engine.end.carried", carried)
	}
	draw := m.u.DrawDamage() // a drawing: the same in every language
	var now any = draw
	if len(draw) > 80 { // wider than a screen: the grids after the log show it
		now = msg.New("engine.end.size", m.u.Size(), len(m.u.Ranks()))
	}
	return msg.New("engine.end", m.s.batchCas, mine, soFar, carriedText, now)
}
