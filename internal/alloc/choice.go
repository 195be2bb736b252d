package alloc

import (
	"fmt"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

func (u *Unit) ask(ch unit.Chooser, sw string, ahead bool, ids []int, def int) (int, error) {
	opts := make([]unit.Cell, len(ids))
	for i, id := range ids {
		opts[i] = u.cell(id)
	}
	i := ch.Choose(unit.Choice{Switch: sw, Ahead: ahead, Options: opts, Default: def, Formation: u.DrawDamage()})
	if i < 0 || i >= len(ids) {
		return 0, fmt.Errorf("%s owner_choice: the Chooser picked %d of %d options", sw, i, len(ids))
	}
	return i, nil
}

// OddOpen reports whether the single_rank_policy question (R11) may still
// be asked in the batch open now: the switch is owner_choice, no end is
// set for the batch (SetOddEnd), and the unit is one rank of two models
// or more.
func (u *Unit) OddOpen() bool {
	if !u.inBatch || u.fighter != nil || u.odd != 0 || u.ranks != 1 || u.s.opts.SingleRankPolicy != rules.SingleRankOwnerChoice {
		return false
	}
	lo, hi := u.span(0)
	return lo < hi
}

// OddDefault is the end (0 left, 1 right) the engine's default gives the
// next tie of the batch's end counters in a single rank (11.2 step 2): the
// end with fewer single-rank removals over the game by then, the left on
// a tie. Every removal in a single rank counts toward one end in the batch
// and over the game alike (C20, C21), so ll-lr less bl-br stays what it
// is now until the tie, and every later tie of the batch goes the same
// way: SetOddEnd(OddDefault()) changes nothing.
func (u *Unit) OddDefault() int {
	if u.ll-u.lr > u.bl-u.br {
		return 1
	}
	return 0
}

// OddQuestion is the single_rank_policy question (Choice) about the unit
// as it stands.
func (u *Unit) OddQuestion() unit.Choice {
	lo, hi := u.span(0)
	opts := []unit.Cell{u.cell(u.at(0, lo)), u.cell(u.at(0, hi))}
	// per-model damage finds the model a wound lands on in removal order (C1)
	return unit.Choice{Switch: "single_rank_policy", Ahead: u.s.perModel, Options: opts, Default: u.OddDefault(), Formation: u.DrawDamage()}
}

// SetOddEnd makes end (0 the left, 1 the right) take the ties of the
// batch's end counters in a single rank, where the lifetime counters and
// then the left end would (R11): with the ends taking turns, it gives up
// the odd casualty. StartBatch and EndBatch clear it.
func (u *Unit) SetOddEnd(end int) {
	if end == 0 || end == 1 {
		u.odd = int8(end) + 1
		u.nextOK = false
	}
}

// oddCopies returns two copies of u, quiet and asking nobody, with the
// left and the right end taking the batch's ties.
func (u *Unit) oddCopies() [2]*Unit {
	var v [2]*Unit
	for e := range v {
		v[e] = u.Clone()
		v[e].ch, v[e].quiet = nil, true
		v[e].SetOddEnd(e)
	}
	return v
}

// OddChanges reports whether applying p now leaves the unit otherwise
// with the left end taking the batch's ties than with the right
// (SetOddEnd, SameModels): a model removed from one end or the other, or
// in battleaxe per-model damage a wound on one end's model or the
// other's. While the
// question is open (OddOpen) the referee asks it before the first packet
// for which this holds. u is not changed.
func (u *Unit) OddChanges(p Packet) bool {
	if !u.OddOpen() {
		return false
	}
	v := u.oddCopies()
	for _, w := range v {
		if err := w.ApplyInto(&Change{}, p); err != nil {
			return false // the packet is refused either way; Apply says why
		}
	}
	return !v[0].SameModels(v[1])
}

// SameModels reports whether u and v, two states of one unit (clones and
// descendants of one New), have the same models left, each with the same
// damage, and every pool the same carried wounds: the same casualties and
// the same wounds on the same models, wherever they stand and however the
// end counters stand. Where only that differs, R11's owner has nothing to
// choose (the same model leaves, only which side closes the gap differs).
func (u *Unit) SameModels(v *Unit) bool {
	if len(u.models) != len(v.models) || len(u.pools) != len(v.pools) {
		return false
	}
	for i, m := range u.models {
		if n := v.models[i]; m.alive != n.alive || m.alive && m.damage != n.damage {
			return false
		}
	}
	for p, ps := range u.pools {
		if qs := v.pools[p]; ps.carried != qs.carried || ps.pin != qs.pin {
			return false
		}
	}
	return true
}

// OddChangesAim reports whether the model the next wound aimed at t
// lands on has other Wounds, or other wounds left, with the left end
// taking the batch's ties than with the right (R41: whether a packet
// rolls its damage dice, and in tow how many Regeneration dice, 22.6):
// then the question comes before those dice. u is not changed.
func (u *Unit) OddChangesAim(t unit.Target) bool {
	if !u.OddOpen() {
		return false
	}
	var w, left [2]int
	for e, v := range u.oddCopies() {
		w[e] = v.PacketW(t)
		if m, err := v.Receiver(t); err == nil {
			left[e] = m.W - m.Damage
		}
	}
	return w[0] != w[1] || left[0] != left[1]
}

// StandIn returns u, or where an owner_choice switch that asked does not
// answer is set a copy of u with the engine's default standing in for it,
// and the switches it stood in for: where nobody can be asked, the default
// stands in (RULES.md 18). asked reports whether someone answers the named
// switch (nil: nobody). The copy behaves as a unit built with the defaults
// would, and unlike u it may take SetCountKey's count key.
func (u *Unit) StandIn(asked func(name string) bool) (*Unit, []rules.StandIn) {
	o, in := u.s.opts.StandIns(u.s.ruleset, asked)
	if len(in) == 0 {
		return u, nil
	}
	v := u.Clone()
	sh := *u.s
	sh.opts = o
	sh.rear = rules.For(sh.ruleset).RearRankOrderOf(o)
	sh.command = sh.command[:0:0]
	for _, p := range rules.For(sh.ruleset).CommandOrder(o) {
		sh.command = append(sh.command, postRole[p])
	}
	sh.interchangeable = sh.perModel && interchangeable(sh.kinds, o)
	v.s = &sh
	v.nextOK = false
	return v, in
}
