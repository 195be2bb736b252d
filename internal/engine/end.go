package engine

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/words"
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
func (m *Machine) panicWords() string {
	th := m.opts().Panic().RatString()
	if m.fixed.panicMoreThan {
		return "more than " + th
	}
	return th + " or more"
}

// panicFailText says what a failed panic test does where the ruleset reads
// it by size (tow, RULES.md 22.9): fall back in good order while more than
// half the models at deployment remain, else flee. Elsewhere it is "".
func (m *Machine) panicFailText() string {
	if !rules.For(m.rs()).PanicFallBack {
		return ""
	}
	left, starting := m.u.Size(), m.u.StartingModels()
	if m.u.PanicFlees() {
		return fmt.Sprintf("; if it fails, it flees (%d of %s at deployment left, half or fewer)", left, words.Count(starting, "model", "models"))
	}
	return fmt.Sprintf("; if it fails, it falls back in good order (%d of %s at deployment left, more than half)", left, words.Count(starting, "model", "models"))
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
			Text: "an unsaved Flaming wound: no Regeneration for the rest of the phase"})
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
					Text: fmt.Sprintf("%d of %s lost this phase (%s): panic test%s", lost, words.Count(start, "model", "models"), m.panicWords(), m.panicFailText())})
			}
		}
	}
	if m.u.Destroyed() && m.s.batchCas > 0 && m.u.Fighter() == nil { // said once, by the group that did it; a warrior's out of action says it (13)
		m.emit(log, rearrank.Event{Kind: rearrank.Destroyed, Rule: "RULES.md 12", Text: "no model is left: the unit is destroyed"})
	}
	if log != nil {
		m.emit(log, rearrank.Event{Kind: rearrank.BatchEnd, Text: m.batchEndText()})
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
func (m *Machine) batchEndText() string {
	total := m.s.tally.Wounds
	mine := total - m.numbers().before
	text := fmt.Sprintf("%s removed, %s caused", words.Count(m.s.batchCas, "model", "models"), words.Count(mine, "wound", "wounds"))
	if f := m.u.Fighter(); f != nil { // skirmish: one warrior (RULES.md 13)
		text = words.Count(mine, "wound", "wounds") + " caused"
		if total != mine {
			text += fmt.Sprintf(" (%d in all so far)", total)
		}
		return text + "; the warrior is " + strings.ReplaceAll(f.Skirmish.Status.String(), "_", " ")
	}
	if total != mine {
		text += fmt.Sprintf(" (%d in all so far)", total)
	}
	carried := 0
	for _, p := range m.u.Carried() {
		carried += p.Carried
	}
	if carried > 0 {
		text += fmt.Sprintf("; %s carried", words.Count(carried, "wound", "wounds"))
	}
	now := m.u.DrawDamage()
	if len(now) > 80 { // wider than a screen: the grids after the log show it
		now = fmt.Sprintf("%s in %s", words.Count(m.u.Size(), "model", "models"), words.Count(len(m.u.Ranks()), "rank", "ranks"))
	}
	return text + "; unit now " + now
}
