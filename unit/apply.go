package unit

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/rules"
)

// Packet is one unsaved wound after its damage dice, or one instant kill.
type Packet struct {
	Target Target
	// Wounds is the number rolled (already +1 for Clipped Wings and the like);
	// 1 for a single wound. Caps are applied here, not by the caller (9.2).
	Wounds int
	// Multi marks a wound from an attack with Multiple Wounds: a packet even
	// when it rolled 1 (C3). Without it the wound is a single and Wounds must
	// be 0 or 1.
	Multi bool
	// InstantKill removes a model outright, no W involved (9.1, R5, R38, C12).
	InstantKill bool
	// NowLosing makes an untargeted InstantKill take the model now losing
	// Wounds (the damaged one, else the next in removal order) whatever
	// instant_kill_takes says: tow's Killing Blow and Monster Slayer
	// (RULES.md 22.7, 22.17).
	NowLosing bool
}

// maxPacket bounds Packet.Wounds.
const maxPacket = 1000

// Change is what one Apply or EndBatch did.
type Change struct {
	Removed []Casualty
	// Effective is the W actually taken off models, damage that did not yet
	// remove a model included (9.3, 17.3); it is what combat results count.
	// An instant kill counts the wounds its model had left (R38).
	Effective int
	// Wasted is what no model took: excess beyond a model's remaining W,
	// multi-wound caps, excess of an emptied pool that nobody receives, an
	// instant kill that finds no model (1).
	// Excess that may still reach a champion is reported by EndBatch.
	Wasted int
	// Damaged lists the models left damaged and alive: battleaxe per-model
	// R&F, champions and characters. Pooled carried wounds are not on a
	// model of their own; Unit.Carried reports them.
	Damaged      []Damage
	StandardLost bool
	Notes        []string // short rule notes citing RULES.md; none after SetQuiet

	// sim is the scratch unit on which ApplyInto walks the removal order
	// (firstInOrder), kept for the next packet: a caller that reuses its
	// Change allocates no copy of the unit per packet.
	sim *Unit
}

// Casualty is a removed model.
type Casualty struct {
	Role Role
	Name string
	Slot Slot // where it stood when removed
	// Worth is what the model adds to this batch's combat result: the
	// wounds it had left when the batch began, however many packets of the
	// batch took them (R38, 11.1).
	Worth int
	Rule  string // why and from where, e.g. "11.2: rear rank, left end"
}

// Damage is a model left damaged, with its wounds lost so far.
type Damage struct {
	Slot   Slot
	Role   Role
	Name   string
	Damage int
}

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

// StartBatch opens a batch (RULES.md 3): the batch end counters start at
// zero. ch answers the owner_choice switches; with a nil ch the engine's
// default stands in for each (RULES.md 18).
// A batch still open is first closed as by EndBatch, and its report dropped:
// call EndBatch yourself. Apply without StartBatch opens a batch with no
// Chooser.
func (u *Unit) StartBatch(ch Chooser) {
	if u.inBatch {
		_, _ = u.EndBatch()
	}
	u.inBatch = true
	u.lost = [lostWhys]int{}
	u.ch = ch
	u.bl, u.br, u.nextOK = 0, 0, false
	u.odd = 0
	for p := range u.pools {
		u.pools[p].pre = u.pools[p].carried
	}
	u.placeTie = false
}

// SetChooser replaces the Chooser of the batch open now.
func (u *Unit) SetChooser(ch Chooser) { u.ch = ch }

// EndBatch closes the batch. Excess of R&F pools emptied in the batch reaches
// the champion if no other R&F is left now, and is lost otherwise (C13); the
// batch counters and the struck marks of 11.3 are cleared.
func (u *Unit) EndBatch() (Change, error) {
	var c Change
	if u.fighter != nil {
		u.inBatch = false
		return c, nil
	}
	for why, w := range u.lost {
		if w > 0 {
			u.note(&c, "an overflow of ", counted{w, "wound", "wounds"}, lostText[why])
		}
	}
	u.lost = [lostWhys]int{}
	if w := u.pending; w > 0 {
		u.pending = 0
		champ := int(u.s.cmdID[Champion])
		switch {
		case champ >= 0 && u.models[champ].alive && u.rankAndFileGone():
			rem := u.w(champ) - int(u.models[champ].damage)
			take := min(w, rem)
			c.Effective += take
			c.Wasted += w - take
			u.note(&c, "an overflow of ", counted{w, "wound", "wounds"}, " goes to the champion, who takes ", take, " (10.1, C13)")
			u.hurt(champ, take, rem, &c, "10.1 overflow")
		case champ >= 0 && u.models[champ].alive:
			c.Wasted += w
			u.note(&c, "an overflow of ", counted{w, "wound", "wounds"}, " lost: other rank and file remain at the end of the batch (R18, C13)")
		default:
			c.Wasted += w
			u.note(&c, "an overflow of ", counted{w, "wound", "wounds"}, " lost: no champion (10.1)")
		}
	}
	for i := range u.models {
		u.models[i].struck, u.models[i].pre = false, 0
	}
	u.pinCarried()
	u.odd = 0
	// With the batch counters back at zero the next model of a pool of mixed
	// W may change; settle until it holds still (R41).
	var err error
	for n := -1; err == nil && n != len(c.Removed); {
		n = len(c.Removed)
		u.bl, u.br, u.nextOK = 0, 0, false
		err = u.settle(&c)
	}
	u.bl, u.br, u.nextOK = 0, 0, false
	u.inBatch, u.ch = false, nil
	u.placeTie = false
	return c, err
}

// pinCarried keeps each pool's carried wounds on the model that bears
// them as the batch ends, where the owner's end of the batch (SetOddEnd)
// put them on another model than the counters name once it is cleared:
// wounds a model took stay on it (11.1: never spread, never moved; R41: a
// model of 1 Wound carries none). Without an owner's end, or with the
// end the default would take, the two agree and nothing is pinned.
func (u *Unit) pinCarried() {
	if u.odd == 0 || u.s.perModel {
		return
	}
	for p := range u.pools {
		if u.pools[p].carried == 0 {
			continue
		}
		with, _, err := u.pick(p, nil, true)
		odd := u.odd
		u.odd, u.nextOK = 0, false
		without, _, err2 := u.pick(p, nil, true)
		u.odd, u.nextOK = odd, false
		if err == nil && err2 == nil && with >= 0 && with != without {
			u.pools[p].pin = int16(with) + 1
		}
	}
}

func (u *Unit) rankAndFileGone() bool {
	for _, ps := range u.pools {
		if ps.n > 0 {
			return false
		}
	}
	return true
}

// note appends a note built from strings and ints, unless the unit is quiet.
func (u *Unit) note(c *Change, parts ...any) {
	if u.quiet {
		return
	}
	var b strings.Builder
	for _, p := range parts {
		switch v := p.(type) {
		case string:
			b.WriteString(v)
		case int:
			b.WriteString(strconv.Itoa(v))
		case counted:
			b.WriteString(count(v.n, v.one, v.many))
		}
	}
	c.Notes = append(c.Notes, b.String())
}

// count writes n with the singular noun for 1 and the plural otherwise:
// "1 wound", "3 wounds".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// counted is a part of a note written as count writes it, "1 wound",
// "3 wounds", when the note is written at all (not when quiet).
type counted struct {
	n         int
	one, many string
}

// target is a resolved Target: an R&F pool, or one model.
type target struct {
	pool int // R&F pool, or -1
	id   int // model, or -1
}

func (u *Unit) resolve(t Target) (target, error) {
	switch t.Role {
	case RankAndFile:
		if !u.s.champPool {
			if len(u.s.pools) == 0 {
				return target{}, fmt.Errorf("%w: the unit has no rank and file", ErrNoTarget)
			}
			return target{pool: 0, id: -1}, nil
		}
		for p, q := range u.s.pools {
			if q.troop == t.TroopType {
				return target{pool: p, id: -1}, nil
			}
		}
		if len(u.s.pools) == 1 {
			return target{pool: 0, id: -1}, nil
		}
		return target{}, fmt.Errorf("%w: no %s rank-and-file pool", ErrNoTarget, t.TroopType)
	case Musician, StandardBearer, Champion:
		id := int(u.s.cmdID[t.Role])
		if id < 0 {
			return target{}, fmt.Errorf("%w: the unit has no %s", ErrNoTarget, t.Role)
		}
		return target{pool: int(u.kindOf(id).pool), id: id}, nil
	case Character:
		for _, id := range u.s.chars {
			if u.kindOf(int(id)).name == t.Name {
				return target{pool: -1, id: int(id)}, nil
			}
		}
		return target{}, fmt.Errorf("%w: no character %q", ErrNoTarget, t.Name)
	}
	return target{}, fmt.Errorf("target role %s: want rank_and_file, musician, standard, champion or character", t.Role)
}

// Receiver returns the model whose profile an attack on t rolls against: for
// an R&F pool the model the next wound lands on (the next to be removed,
// R41, or in battleaxe per-model the most damaged), with any carried wounds
// added to its Damage; the champion, musician or standard bearer; the named
// character. The error wraps ErrNoTarget when there is no living model. With
// an owner_choice switch the default rule stands in for the owner.
func (u *Unit) Receiver(t Target) (Model, error) {
	if u.fighter != nil {
		if u.fighter.Skirmish.Status == OutOfAction {
			return Model{}, fmt.Errorf("%w: the fighter is out of action", ErrNoTarget)
		}
		return *u.fighter, nil
	}
	ref, err := u.resolve(t)
	if err != nil {
		return Model{}, err
	}
	id := ref.id
	if t.Role == RankAndFile {
		if u.s.perModel {
			id, err = u.singleTarget(ref.pool, nil, false)
		} else {
			id, _, err = u.pickAt(ref.pool, nil, false)
		}
		if err != nil {
			return Model{}, err
		}
	}
	if id < 0 || !u.models[id].alive {
		if t.Role == RankAndFile {
			return Model{}, fmt.Errorf("%w: no model is left of %s", ErrNoTarget, t.words())
		}
		return Model{}, fmt.Errorf("%w: %s is gone", ErrNoTarget, t.words())
	}
	m := u.modelValue(id)
	m.Damage += u.carriedOn(id)
	return m, nil
}

// PacketW returns the W of the model a multi-wound packet aimed at t lands
// on now, which decides whether its damage dice are rolled (RULES.md 9.2,
// E41, R41): the champion, musician, standard bearer or character named;
// for a rank-and-file pool the next model in removal order (pooled, 11.1)
// or the model 11.3 gives the packet (per-model), by the default rules;
// for a pool with no model left, the W of the profile that made it, which
// caps its overflow (10.1, C13). It is 0 for a champion, musician,
// standard bearer or character who is gone. Where MixedW is false it is
// the same for every packet. u is not changed.
func (u *Unit) PacketW(t Target) int {
	if u.fighter != nil {
		return u.fighter.W
	}
	ref, err := u.resolve(t)
	switch {
	case err != nil:
		return 0
	case ref.id >= 0 && t.Role != RankAndFile:
		if !u.models[ref.id].alive {
			return 0
		}
		return u.w(ref.id)
	case ref.pool < 0 || ref.pool >= len(u.pools):
		return 0
	case u.pools[ref.pool].n == 0:
		return u.s.pools[ref.pool].capW
	}
	if w := u.s.pools[ref.pool].sameW; w > 0 {
		return w
	}
	id := -1
	if u.s.perModel {
		v := u.Clone() // packetTarget clears the struck marks once every model has them
		v.ch = nil
		id, err = v.packetTarget(ref.pool)
	} else {
		id, _, err = u.pickAt(ref.pool, nil, false)
	}
	if err != nil || id < 0 {
		return 0
	}
	return u.w(id)
}

// MixedW reports whether the models a multi-wound packet aimed at t may
// land on differ in W (a pool of R41's mixed profiles), so that PacketW
// may change from one packet to the next. u is not changed.
func (u *Unit) MixedW(t Target) bool {
	if u.fighter != nil || t.Role != RankAndFile {
		return false
	}
	ref, err := u.resolve(t)
	return err == nil && ref.pool >= 0 && ref.pool < len(u.s.pools) && u.s.pools[ref.pool].sameW == 0
}

// carriedOn returns the pool's carried wounds if model id bears them: it is
// in a pooled R&F pool and is the next model to be removed (11.1).
func (u *Unit) carriedOn(id int) int {
	p := int(u.kindOf(id).pool)
	if u.s.perModel || p < 0 || u.pools[p].carried == 0 {
		return 0
	}
	if next, _, _ := u.pick(p, nil, true); next == id {
		return int(u.pools[p].carried)
	}
	return 0
}

// Apply applies one packet (RULES.md 9-11). Packets of a batch come in C22
// order, which is the caller's: untargeted instant kills, multi-wound packets
// in dice order, then singles. Wounds aimed at a pool or model with no living
// model are wasted (t9a and t9a1-ru: R&F excess, which may reach the
// champion at EndBatch). The error reports a bad packet before anything
// changes; an error from a Chooser's answer leaves the unit
// part-way through the packet, so discard it.
func (u *Unit) Apply(p Packet) (Change, error) {
	var c Change
	err := u.ApplyInto(&c, p)
	c.sim = nil // a Change of its own keeps no scratch
	return c, err
}

// PacketCapped reports whether a multi-wound packet aimed at t now lands
// whole on one rank-and-file model in per-model damage (RULES.md 11.3),
// which takes at most the W it has left and wastes the rest (9.2, R10):
// every packet big enough to remove that model changes the unit alike. It
// is false where a packet could reach further: pooled damage, the champion
// or a character (C11), or an empty pool whose overflow may pass on (10.1,
// C13, C14). u is not changed.
func (u *Unit) PacketCapped(t Target) bool {
	if u.fighter != nil || !u.s.perModel || t.Role != RankAndFile {
		return false
	}
	ref, err := u.resolve(t)
	return err == nil && ref.pool >= 0 && ref.pool < len(u.pools) && u.pools[ref.pool].n > 0
}

// ApplyInto is Apply writing its Change into *c, whose slices it empties
// and reuses, so that a caller that reads each Change before the next
// packet (the referee) allocates nothing for it.
func (u *Unit) ApplyInto(c *Change, p Packet) error {
	c.Removed, c.Damaged, c.Notes = c.Removed[:0], c.Damaged[:0], c.Notes[:0]
	// u borrows c's scratch unit for the packet, and c keeps it after
	u.sim = c.sim
	defer func() { c.sim, u.sim = u.sim, nil }()
	c.Effective, c.Wasted, c.StandardLost = 0, 0, false
	if u.fighter != nil {
		return errors.New("apply: a skirmish fighter has no pools; the referee resolves injuries (rules 13) on Fighter() of a clone")
	}
	if !u.inBatch {
		u.StartBatch(nil)
	}
	ref, err := u.resolve(p.Target)
	if err != nil {
		return fmt.Errorf("apply %s: %w", p.Target, err)
	}
	k := 1
	switch {
	case p.InstantKill:
	case p.Multi && (p.Wounds < 1 || p.Wounds > maxPacket):
		return fmt.Errorf("apply: packet of %d wounds: want 1 to %d", p.Wounds, maxPacket)
	case p.Multi:
		k = p.Wounds
	case p.Wounds < 0 || p.Wounds > 1:
		return fmt.Errorf("apply: %d wounds without Multi: a single wound is 1 (C3)", p.Wounds)
	}
	counted := u.CountKeyed()
	if counted && u.placeTie && p.Multi && !p.InstantKill {
		return errors.New("apply: a multi-wound packet after a single wound or instant kill while models were struck (C22 puts the packets first): the count key of SetCountKey cannot tell which of two equally damaged models that took")
	}
	if counted && (!p.Multi || p.InstantKill) && u.anyStruck() {
		u.placeTie = true
	}
	switch {
	case p.InstantKill:
		err = u.instantKill(p.Target.Role, ref, p.NowLosing, c)
	case p.Target.Role == Champion || p.Target.Role == Character:
		err = u.woundModel(ref.id, k, p.Multi, c)
	case u.s.perModel:
		err = u.woundPerModel(ref.pool, k, p.Multi, c)
	default:
		take := u.capPool(ref.pool, k, p.Multi, c)
		c.Wasted += k - take
		err = u.applyPool(ref.pool, take, c)
	}
	if err == nil {
		err = u.settle(c)
	}
	return err
}

// anyStruck reports whether a living model is struck by a multi-wound
// packet of this batch (11.3).
func (u *Unit) anyStruck() bool {
	for _, m := range u.models {
		if m.alive && m.struck {
			return true
		}
	}
	return false
}

// capPool caps a packet aimed at a pooled R&F pool (9.2): whfb8 at the
// profile W of the next model (mw_cap: remaining, at the wounds left on it);
// t9a and t9a1-ru at the profile HP, whatever the pool carries (R37, E50);
// battleaxe with damage_model: pooled as whfb8. A single wound is 1.
func (u *Unit) capPool(p, k int, multi bool, c *Change) int {
	if !multi {
		return 1
	}
	cp := u.s.pools[p].capW
	remaining := rules.For(u.s.ruleset).CapRemaining(u.s.opts)
	next, _, _ := u.pick(p, nil, true)
	switch {
	case next >= 0:
		cp = u.w(next)
		if remaining {
			cp -= int(u.models[next].damage) + int(u.pools[p].carried)
		}
	case !u.s.champPool:
		return k // no model to cap it at: the whole packet is the empty pool's overflow, lost (10.1)
	}
	if k <= cp {
		return k
	}
	switch {
	case u.s.ruleset == rules.TOW:
		u.note(c, "Multiple Wounds of ", k, " capped at the ", counted{cp, "Wound", "Wounds"}, " the model has left; the rest are lost (22.7)")
	case remaining:
		u.note(c, "Multiple Wounds of ", k, " capped at the ", counted{cp, "Wound", "Wounds"}, " the next model has left (9.2, mw_cap: remaining)")
	default:
		u.note(c, "Multiple Wounds of ", k, " capped at the model's ", counted{cp, "Wound", "Wounds"}, " (9.2)")
	}
	return cp
}

// applyPool runs the pooled arithmetic of 11.1 for w wounds on pool p:
// models are removed while the carried total reaches the wounds left on the
// next model (W - Damage, C10, R41); the excess of an emptied pool goes on as
// overflow. With w = 0 it only settles carried wounds.
func (u *Unit) applyPool(p, w int, c *Change) error {
	ps := &u.pools[p]
	for {
		if ps.n == 0 {
			ps.carried = 0
			return u.overflow(p, w, c)
		}
		if w == 0 && ps.carried == 0 {
			return nil
		}
		// The next model by the default rule bears the carried wounds.
		id, e, err := u.pick(p, nil, true)
		if err != nil || id < 0 {
			return err
		}
		rem := u.w(id) - int(u.models[id].damage)
		carried := int(ps.carried)
		if carried < rem && w < rem-carried {
			ps.carried = int16(carried + w)
			c.Effective += w
			return nil
		}
		if u.ch != nil {
			// A model is removed: an owner_choice switch lets the owner say
			// which (R12, 11.4). The pooled count is the next model's (R41),
			// so the owner picks among the models with as many wounds left.
			same := func(x int) bool { return u.w(x)-int(u.models[x].damage) == rem }
			oid, oe, err := u.pickFor(p, u.ch, false, true, same)
			if err != nil {
				return err
			}
			if oid >= 0 && same(oid) {
				id, e = oid, oe
			}
		}
		if carried >= rem { // the next model changed under carried wounds (R41)
			u.note(c, counted{carried, "carried wound removes", "carried wounds remove"}, " the next model, which has ", counted{rem, "Wound", "Wounds"}, " left (R41)")
			ps.carried = int16(carried - rem)
			u.removeAt(id, e, ps.worth(rem), c, "11.1")
			continue
		}
		take := rem - carried
		w -= take
		c.Effective += take
		ps.carried = 0
		u.removeAt(id, e, ps.worth(rem), c, "11.1")
	}
}

// worth is what the model the pool loses now, with rem wounds left of its
// own, adds to this batch's combat result: rem less the wounds carried onto
// it before the batch, which an earlier batch counted (R38, 11.1).
func (ps *poolState) worth(rem int) int {
	w := max(rem-int(ps.pre), 0)
	ps.pre = 0
	return w
}

// overflow handles the excess of emptied pool p (10.1, R18, C13, C14).
func (u *Unit) overflow(p, w int, c *Change) error {
	if w == 0 {
		return nil
	}
	if !u.s.champPool {
		c.Wasted += w
		u.lose(lostEmptyPool, w)
		return nil
	}
	if u.s.opts.OverflowAcrossPools == rules.OverflowToNextPool {
		if q := u.nextPool(); q >= 0 {
			u.note(c, "an overflow of ", counted{w, "wound", "wounds"}, " goes to the ", strings.ReplaceAll(u.s.pools[q].troop.String(), "_", " "), " pool (C14)")
			return u.applyPool(q, w, c)
		}
	}
	champ := int(u.s.cmdID[Champion])
	if champ >= 0 && u.models[champ].alive {
		u.pending += w
		u.note(c, "an overflow of ", counted{w, "wound", "wounds"}, " waits for the end of the batch: the champion takes it if no other rank and file remain (C13)")
		return nil
	}
	c.Wasted += w
	if u.rankAndFileGone() {
		u.lose(lostNoChampion, w)
	} else {
		u.lose(lostOtherPool, w)
	}
	return nil
}

// Why overflow wounds are lost (10.1, R18), for the notes of EndBatch.
const (
	lostEmptyPool = iota
	lostNoChampion
	lostOtherPool
	lostWhys
)

var lostText = [lostWhys]string{
	lostEmptyPool:  " lost: the pool is empty (10.1)",
	lostNoChampion: " lost: no champion (10.1)",
	lostOtherPool:  " lost: another rank-and-file pool remains (R18)",
}

// lose counts w overflow wounds lost for why, to be told once for the
// whole batch at EndBatch.
func (u *Unit) lose(why, w int) {
	if !u.quiet {
		u.lost[why] += w
	}
}

// nextPool is the surviving R&F pool with the most models, ties by troop
// type name (C14); -1 when none survives.
func (u *Unit) nextPool() int {
	best := -1
	for q, ps := range u.pools {
		if ps.n == 0 {
			continue
		}
		if best < 0 || ps.n > u.pools[best].n ||
			ps.n == u.pools[best].n && u.s.pools[q].troop.String() < u.s.pools[best].troop.String() {
			best = q
		}
	}
	return best
}

// settle re-runs 11.1 on every pooled pool that carries wounds, in case the
// next model changed (R41). It does nothing in the common case of a pool of
// identical models.
func (u *Unit) settle(c *Change) error {
	if u.s.perModel {
		return nil
	}
	for p := range u.pools {
		if u.pools[p].carried > 0 {
			if err := u.applyPool(p, 0, c); err != nil {
				return err
			}
		}
	}
	return nil
}

// hurt takes take wounds off model id, whose remaining wounds are rem; it is
// removed when take reaches rem.
func (u *Unit) hurt(id, take, rem int, c *Change, why string) {
	m := &u.models[id]
	if m.pre == 0 {
		m.pre = m.damage + 1
	}
	if take >= rem {
		// worth the wounds it had left when the batch first hurt it:
		// three single wounds kill an Ogre worth 3 (Casualty.Worth)
		u.die(id, rem+int(m.damage)-int(m.pre-1), c, why)
		return
	}
	m.damage += uint8(take)
	if take > 0 {
		c.Damaged = append(c.Damaged, Damage{Slot: Slot{int(m.rank), int(m.file)}, Role: u.role(id), Name: u.kindOf(id).name, Damage: int(m.damage)})
	}
}

// die removes model id from where it stands: as the regular 11.2 casualty
// of its pool if it is that model (so the end rules and slides apply), from
// its own slot otherwise (C4, C5, 11.2 step 4).
func (u *Unit) die(id, worth int, c *Change, why string) {
	e := endNone
	if p := int(u.kindOf(id).pool); p >= 0 {
		if next, ne, _ := u.pick(p, nil, true); next == id {
			e = ne
		}
	}
	u.removeAt(id, e, worth, c, why)
}

// woundModel applies a packet aimed at the champion or a character (C11):
// capped at profile W, anything beyond the model's remaining W lost. A
// whfb8/battleaxe champion who is the next model of his pool also bears the
// pool's carried wounds (C10).
func (u *Unit) woundModel(id, k int, multi bool, c *Change) error {
	if !u.models[id].alive {
		c.Wasted += k
		u.note(c, counted{k, "wound", "wounds"}, " lost: the ", u.role(id).Words(), " is gone")
		return nil
	}
	w := u.w(id)
	take := k
	if multi && k > w {
		take = w
	}
	carry := u.carriedOn(id)
	rem := w - int(u.models[id].damage) - carry
	if take > rem {
		u.note(c, counted{k, "wound", "wounds"}, " on a model with ", counted{rem, "Wound", "Wounds"}, " left: ", k-rem, " lost (C11)")
		take = rem
	} else if take < k {
		u.note(c, "Multiple Wounds of ", k, " capped at the model's ", counted{w, "Wound", "Wounds"}, " (9.2, C11)")
	}
	c.Effective += take
	c.Wasted += k - take
	if take == rem && carry > 0 {
		u.pools[u.kindOf(id).pool].carried = 0
	}
	u.hurt(id, take, rem, c, "C11")
	return nil
}

// woundPerModel applies a packet or single wound to pool p in battleaxe's
// per-model mode (11.3, R10, C1, C2).
func (u *Unit) woundPerModel(p, k int, multi bool, c *Change) error {
	if u.pools[p].n == 0 {
		return u.overflow(p, k, c)
	}
	var id int
	var err error
	if multi {
		id, err = u.packetTarget(p)
	} else {
		id, err = u.singleTarget(p, u.ch, true)
	}
	if err != nil || id < 0 {
		return err
	}
	rem := u.w(id) - int(u.models[id].damage)
	take := min(k, rem)
	if take < k {
		u.note(c, "a packet of ", counted{k, "wound", "wounds"}, " on a model with ", counted{rem, "Wound", "Wounds"}, " left: ", k-take, " wasted (9.2, R10)")
	}
	c.Effective += take
	c.Wasted += k - take
	if multi && u.role(id) == RankAndFile {
		u.models[id].struck = true
	}
	u.hurt(id, take, rem, c, "11.3")
	return nil
}

// ordinaryIn reports whether model id is a living ordinary R&F of pool p.
func (u *Unit) ordinaryIn(id, p int) bool {
	k := u.kindOf(id)
	return u.models[id].alive && k.role == RankAndFile && int(k.pool) == p
}

// singleTarget is the model a single wound on pool p lands on in per-model
// mode: the most damaged eligible model, the earliest in removal order on a
// tie (C2), or the next to be removed if none is damaged (11.3 step 2).
// It fills u's cache of the next model only if fill (pickAt).
func (u *Unit) singleTarget(p int, ch Chooser, fill bool) (int, error) {
	if u.pools[p].ord == 0 {
		id, _, err := u.pickAt(p, ch, fill)
		return id, err
	}
	maxD, n, first := 0, 0, -1
	for id, m := range u.models {
		if !u.ordinaryIn(id, p) {
			continue
		}
		switch d := int(m.damage); {
		case d > maxD:
			maxD, n, first = d, 1, id
		case d == maxD:
			n++
		}
	}
	switch {
	case maxD == 0:
		id, _, err := u.pickAt(p, ch, fill)
		return id, err
	case n == 1:
		return first, nil
	}
	return u.firstInOrder(p, ch, fill, func(id int) bool { return u.ordinaryIn(id, p) && int(u.models[id].damage) == maxD })
}

// packetTarget is the model a multi-wound packet on pool p lands on in
// per-model mode: a model not yet struck in this batch (starting again when
// all are), damaged first (most damaged, then removal order), then in removal
// order (11.3 step 1, C1, C2); packet_target: fresh_first prefers undamaged
// models (19.2).
func (u *Unit) packetTarget(p int) (int, error) {
	ch := u.ch
	if u.pools[p].ord == 0 {
		id, _, err := u.pick(p, ch, true)
		return id, err
	}
	// One pass: the models not yet struck, and the most damaged of them.
	// When all are struck the marks go and every model is one again.
	open, maxD, n, first, fresh := 0, -1, 0, -1, -1
	for pass := 0; pass < 2 && open == 0; pass++ {
		for id := range u.models {
			if !u.ordinaryIn(id, p) {
				continue
			}
			m := &u.models[id]
			if pass == 1 {
				m.struck = false
			} else if m.struck {
				continue
			}
			open++
			switch d := int(m.damage); {
			case d > maxD:
				maxD, n, first = d, 1, id
			case d == maxD:
				n++
			}
			if m.damage == 0 && fresh < 0 {
				fresh = id
			}
		}
	}
	cand := func(id int) bool { return u.ordinaryIn(id, p) && !u.models[id].struck }
	// With the count key, the models firstInOrder would choose among are
	// all of one damage and unstruck: any is as good (countedFirst).
	counted := ch == nil && u.CountKeyed()
	if u.s.opts.PacketTarget == rules.FreshFirst && fresh >= 0 {
		if counted {
			return fresh, nil
		}
		return u.firstInOrder(p, ch, true, func(id int) bool { return cand(id) && u.models[id].damage == 0 })
	}
	switch {
	case first < 0:
		return -1, nil // no ordinary R&F in the pool: ord said there were
	case n == 1 || counted:
		return first, nil
	case maxD == 0:
		return u.firstInOrder(p, ch, true, cand)
	}
	return u.firstInOrder(p, ch, true, func(id int) bool { return cand(id) && int(u.models[id].damage) == maxD })
}

// firstInOrder returns the first model of pool p's removal order (C1: the
// sequence 11.2 would give removing models one by one, each removal advancing
// the end counters) for which ok holds; -1 if none.
func (u *Unit) firstInOrder(p int, ch Chooser, fill bool, ok func(int) bool) (int, error) {
	// an owner's rear_rank_order pick is among the models ok passes (R12)
	id, e, err := u.pickFor(p, ch, true, fill, ok)
	if err != nil || id < 0 || ok(id) {
		return id, err
	}
	if x := u.countedFirst(p, ch, ok); x >= 0 {
		return x, nil
	}
	if u.sim == nil {
		u.sim = new(Unit)
	}
	sim := u.sim
	sim.CopyFrom(u)
	sim.quiet = true
	for {
		sim.removeAt(id, e, 0, nil, "")
		// past the first model the order is looked up on a formation
		// that does not stand yet: nobody is asked about it, the
		// defaults go on (RULES.md 18)
		id, e, err = sim.pick(p, nil, true)
		if err != nil || id < 0 {
			return -1, err
		}
		if ok(id) {
			return id, nil
		}
	}
}

// countedFirst is firstInOrder's answer as far as the count key goes
// (SetCountKey): removal order takes a pool's ordinary R&F before its
// command models (11.2, 11.4), so when some ordinary R&F of pool p pass ok
// and all of those have one damage and struck, the first in order is one
// of them, and any of them is as good for every count. It returns -1
// otherwise (no count key, an owner's Chooser, none or several classes),
// when firstInOrder walks the order itself.
func (u *Unit) countedFirst(p int, ch Chooser, ok func(int) bool) int {
	if ch != nil || !u.CountKeyed() {
		return -1
	}
	x := -1
	for id, m := range u.models {
		if !u.ordinaryIn(id, p) || !ok(id) {
			continue
		}
		if x < 0 {
			x = id
		} else if m.damage != u.models[x].damage || m.struck != u.models[x].struck {
			return -1
		}
	}
	return x
}

// instantKill removes one model outright (9.1): a named model, the closest
// ordinary R&F in place of a musician or standard bearer while such remain
// (C12), or untargeted the model next in allocation order (R5). It counts
// the wounds the model had left (R38); the pool's carried wounds leave with
// the model that bears them.
func (u *Unit) instantKill(role Role, ref target, nowLosing bool, c *Change) error {
	id, p := ref.id, ref.pool
	switch role {
	case Champion, Character:
	case Musician, StandardBearer:
		if p >= 0 && u.pools[p].ord > 0 {
			if u.CountKeyed() {
				return fmt.Errorf("apply: an instant kill aimed at the %s takes the closest rank and file (C12), which the count key of SetCountKey cannot tell", role)
			}
			id = u.closestOrdinary(id, p)
			u.note(c, "instant kill aimed at the ", role.Words(), " takes the closest rank and file instead (C12)")
		}
	default:
		var err error
		if id, err = u.untargetedKill(p, nowLosing); err != nil {
			return err
		}
	}
	if id < 0 || !u.models[id].alive {
		// the unsaved wound is lost like any other no model takes: wasted,
		// and so overkill against a champion or character in a challenge
		// (9.3, 22.7, 22.8)
		c.Wasted++
		if id >= 0 {
			u.note(c, "instant kill lost: the ", u.role(id).Words(), " is gone (9.1)")
		} else {
			u.note(c, "instant kill lost: it finds no model (9.1)")
		}
		return nil
	}
	worth := u.w(id) - int(u.models[id].damage)
	if carry := u.carriedOn(id); carry > 0 {
		worth -= carry
		u.pools[u.kindOf(id).pool].carried = 0
	}
	c.Effective += worth
	// the casualty line says who went, from where, worth what (9.1)
	u.die(id, worth, c, "9.1 instant kill")
	return nil
}

// untargetedKill picks the model an untargeted instant kill on pool p
// removes: the model the next wound would land on, which is the most damaged
// (R5, C2); with instant_kill_takes: fresh_model, unless nowLosing
// (Packet.NowLosing), the first model in removal order that has no damage
// of its own and, in a pooled pool, does not bear the carried wounds,
// falling back to the most damaged.
func (u *Unit) untargetedKill(p int, nowLosing bool) (int, error) {
	if p < 0 || u.pools[p].n == 0 {
		return -1, nil
	}
	fresh := u.s.opts.InstantKillTakes == rules.FreshModel && !nowLosing
	if !u.s.perModel {
		id, _, err := u.pick(p, u.ch, true)
		if err != nil || !fresh || u.models[id].damage == 0 && u.carriedOn(id) == 0 {
			return id, err
		}
		bearer, _, _ := u.pick(p, nil, true)
		alt, err := u.firstInOrder(p, u.ch, true, func(x int) bool { return x != bearer && u.models[x].damage == 0 })
		if err != nil || alt >= 0 {
			return alt, err
		}
		return id, nil
	}
	if fresh {
		role, err := u.nextRole(p, nil, true)
		if err != nil {
			return -1, err
		}
		id, err := u.firstInOrder(p, u.ch, true, func(x int) bool {
			return u.models[x].damage == 0 && u.role(x) == role
		})
		if err != nil || id >= 0 {
			return id, err
		}
	}
	return u.singleTarget(p, u.ch, true)
}

// closestOrdinary returns the ordinary R&F of pool p nearest to model id:
// least squared distance on the grid, then the nearer rank, then the left.
func (u *Unit) closestOrdinary(id, p int) int {
	r0, f0 := int(u.models[id].rank), int(u.models[id].file)
	best, bestD := -1, 0
	for x, m := range u.models {
		if !u.ordinaryIn(x, p) {
			continue
		}
		dr, df := int(m.rank)-r0, int(m.file)-f0
		d := dr*dr + df*df
		if best < 0 || d < bestD || d == bestD && (m.rank < u.models[best].rank || m.rank == u.models[best].rank && m.file < u.models[best].file) {
			best, bestD = x, d
		}
	}
	return best
}
