package unit

import (
	"fmt"

	"github.com/rearrank/rearrank/rules"
)

// Chooser makes the owner's choices that the owner_choice switches leave
// open (R11, R12, 11.4). Choose returns the index of one of c.Options.
// Where nobody is asked (a nil Chooser), the engine's default stands in
// for each switch (RULES.md 18): see StandIn.
type Chooser interface {
	Choose(c Choice) int
}

// ChooserFunc adapts a function to Chooser.
type ChooserFunc func(Choice) int

// Choose calls f.
func (f ChooserFunc) Choose(c Choice) int { return f(c) }

// Choice is one question to the owner.
//
//   - Switch "single_rank_policy" (R11): which end of a single rank goes
//     first when both ends have given up as many models in this batch,
//     where the lifetime counters and then the left end would decide.
//     Options are the models at the two ends (index 0 the left end, 1 the
//     right end); the answer takes every such tie of the batch
//     (SetOddEnd): with the ends taking turns, it gives up ceil(k/2) of
//     the k models the single rank loses from the first tie on, the odd
//     one when k is odd. The referee asks it, at most once per batch and
//     only where the answer changes what the batch does, before the first
//     wound or die whose use it changes (OddOpen, OddChanges,
//     OddChangesAim); the unit itself never does. Ahead is set in
//     battleaxe per-model damage, where the answer first decides which
//     model a wound goes to (C1), and that model is the next to go.
//   - Switch "rear_rank_order" (R12): Options are the models of the rank
//     losing a model that may be removed; the chosen one leaves its own
//     slot. In a pool of mixed Wounds only the models with as many wounds
//     left as the next model are offered (R41); in battleaxe per-model
//     damage (Ahead) only the models the wound may land on (11.3: not yet
//     struck by a packet of the batch, the most damaged first).
//   - Switch "command_order" (t9a, t9a1-ru): Options are the musician and the
//     standard bearer, once no ordinary R&F of their pool remain.
//
// Ahead is true when the engine is only looking ahead in removal order, to
// find which model a wound lands on (C1); nothing is removed by that answer.
// Default is the option the engine takes without an owner (the batch's end
// counters, or the ruleset's command order).
type Choice struct {
	Switch    string
	Ahead     bool
	Options   []Cell
	Default   int
	Formation string // DrawDamage() of the unit as it stands
}

func (u *Unit) ask(ch Chooser, sw string, ahead bool, ids []int, def int) (int, error) {
	opts := make([]Cell, len(ids))
	for i, id := range ids {
		opts[i] = u.cell(id)
	}
	i := ch.Choose(Choice{Switch: sw, Ahead: ahead, Options: opts, Default: def, Formation: u.DrawDamage()})
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
func (u *Unit) OddQuestion() Choice {
	lo, hi := u.span(0)
	opts := []Cell{u.cell(u.at(0, lo)), u.cell(u.at(0, hi))}
	// per-model damage finds the model a wound lands on in removal order (C1)
	return Choice{Switch: "single_rank_policy", Ahead: u.s.perModel, Options: opts, Default: u.OddDefault(), Formation: u.DrawDamage()}
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
func (u *Unit) OddChangesAim(t Target) bool {
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
