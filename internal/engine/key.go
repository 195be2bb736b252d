package engine

import "github.com/rearrank/rearrank/rules"

// Key is a canonical description of everything that decides what the
// remaining steps can do, plus the tallies: two machines with equal keys
// have the same future and the same outcome so far.
func (m *Machine) Key() string {
	var stack [128]byte
	b := m.AppendState(stack[:0])
	b = appendInt(b, m.s.batchCas)
	t := m.s.tally
	for _, v := range [...]int{t.Casualties, t.Wounds, t.Unsaved, t.Wasted, t.Overkill} {
		b = appendInt(b, v)
	}
	for _, v := range t.ByRole {
		b = appendInt(b, v)
	}
	b = appendBool(b, t.Panic)
	b = appendBool(b, t.Standard)
	return string(b)
}

// AppendState appends to b a canonical description of the state of m that
// decides what the remaining steps do to the unit and the tallies: the
// unit's key and every field of the machine's state (the struct state),
// less the tallies (see SetTally) and what only the log shows. Counts that
// no later step reads are zeroed as the pipeline moves on, so machines that
// differ only in them describe alike. Descriptions compare machines made
// from one NewMachine.
//
// Left out, because they follow from the fields written: phaseSeen, phase
// and allow follow from batch and at (the phase and attacker of the batch
// begun last); the batch's receiver and tests mean nothing before the batch
// begins and after its stages end; pass and hi are zero while held is nil.
func (m *Machine) AppendState(b []byte) []byte {
	if !m.ukeyOK {
		m.ukey, m.ukeyOK = m.u.Key(), true
	}
	s := &m.s
	b = appendInt(b, len(m.ukey))
	b = append(b, m.ukey...)
	for _, v := range [...]int{s.batch, int(s.at), s.i, s.n, s.hits, s.kills, s.unsaved, s.pend, s.pendX, int(s.reOf), s.poison, s.pRoll, s.extra, s.singles, s.cleave, s.again, s.spent, s.mPoison, s.later, s.laterP} {
		b = appendInt(b, v)
	}
	for k := range s.wounds {
		b = appendInt(b, s.wounds[k])
		b = appendInt(b, s.failed[k])
		b = appendInt(b, s.re[k])
	}
	var flags byte
	for i, f := range [...]bool{s.inBatch, s.panicked, s.panicApplies, s.flamed, s.pendPoison, s.pendXPoison, s.round} {
		if f {
			flags |= 1 << i
		}
	}
	b = append(b, flags)
	b = appendInt(b, len(s.seq))
	b = append(b, s.seq...)
	if s.at > stepBegin && s.at < stepEnd || s.at == stepSkirmish || s.at == stepHold {
		b = s.tests.appendKey(b)
		b = append(b, byte(s.recv.troop), byte(s.aim.Role), byte(s.aim.TroopType))
		b = appendInt(b, len(s.aim.Name))
		b = append(b, s.aim.Name...)
		b = appendBool(b, s.recv.fly)
		b = appendBool(b, s.recv.mixedW)
		b = appendInt(b, s.recv.w)
		b = appendInt(b, s.recv.t)
	}
	b = appendInt(b, len(s.held))
	if s.held != nil {
		for _, h := range s.held {
			for _, v := range [...]int{h.group, h.kills, h.unsaved, h.singles, h.cleave} {
				b = appendInt(b, v)
			}
			b = h.regen.appendKey(b)
			b = appendInt(b, len(h.seq))
			b = append(b, h.seq...)
		}
		b = append(b, byte(s.pass))
		b = appendInt(b, s.hi)
	}
	b = appendInt(b, len(s.crits))
	for _, c := range s.crits {
		b = appendInt(b, len(c))
		b = append(b, c...)
	}
	return b
}

// appendKey appends every target number and flag of the batch's tests.
func (t *batchTests) appendKey(b []byte) []byte {
	b = appendBool(b, t.canHit)
	b = appendBool(b, t.autoHit)
	b = t.hit.appendKey(b)
	b = t.hitAgain.appendKey(b)
	b = t.hitRetry.appendKey(b)
	b = t.wound.appendKey(b)
	b = t.woundPoison.appendKey(b)
	b = t.regen.appendKey(b)
	b = append(b, byte(t.kb), byte(t.cleave), byte(t.lethal), byte(t.bane), b2byte(t.kbSlays), byte(t.seven), byte(t.poison), byte(t.meleeSeven.Value()), b2byte(t.ordered))
	for k := range t.armour {
		b = t.armour[k].appendKey(b)
		b = t.special[k].appendKey(b)
	}
	return b
}

func (t test) appendKey(b []byte) []byte {
	b = appendTarget(b, t.need)
	return append(b, byte(t.stage), byte(t.floor), byte(t.low), byte(t.kind), b2byte(t.six), byte(t.rr), t.trig, b2byte(t.retry))
}

func appendTarget(b []byte, t rules.Target) []byte {
	b = appendInt(b, t.Value())
	return appendBool(b, t.IsNone())
}

// appendInt appends v as a zig-zag varint.
func appendInt(b []byte, v int) []byte {
	x := uint64(v<<1) ^ uint64(v>>63)
	for x >= 0x80 {
		b = append(b, byte(x)|0x80)
		x >>= 7
	}
	return append(b, byte(x))
}

func appendBool(b []byte, f bool) []byte { return append(b, b2byte(f)) }

func b2byte(f bool) byte {
	if f {
		return 1
	}
	return 0
}
