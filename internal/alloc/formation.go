package alloc

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Unit is a target unit: formation, pools, damage and counters. Build it with
// New; Clone it before changing a unit someone else holds.
type Unit struct {
	s      *shared
	grid   []int16 // ranks*frontage slots, front rank first; model id or -1
	ranks  int
	models []model
	pools  []poolState
	roles  [6]int16 // living models per role
	alive  int

	bl, br int // end counters of the current batch (11.2 step 2, C20)
	ll, lr int // lifetime single-rank end counters (C21)

	phaseStart, phaseCas int
	regenLost            bool
	standardLost         bool

	inBatch bool
	pending int // R&F excess waiting for the champion until EndBatch (C13)
	// lost are the overflow wounds lost this batch, by why, told in one
	// note each at EndBatch; kept only for the log (not in Key)
	lost [lostWhys]int
	ch   unit.Chooser // the batch's Chooser
	// odd is the end (endLeft+1 or endRight+1) that takes this batch's
	// ties in a single rank in place of the lifetime counters and the left
	// end (SetOddEnd, R11); 0 for those.
	odd int8

	quiet bool
	// countKey: Key may describe the state only as far as the counts go
	// (SetCountKey).
	countKey bool
	// placeTie: in this batch a single wound or instant kill was applied
	// while ordinary models were struck; with the count key no multi-wound
	// packet may follow (SetCountKey).
	placeTie bool

	fighter *unit.Model // skirmish only

	// next caches pick(nextP, nil, _): the model 11.2 removes next from
	// that pool by the default rules, asked for several times per packet.
	// Whatever pick reads (grid, living counts, end counters) clears
	// nextOK when it changes.
	nextOK bool
	nextE  int8
	nextP  int
	nextID int

	// sim is a scratch copy for firstInOrder, lent by ApplyInto's Change
	// for one packet and nil otherwise: no copy of u shares it.
	sim *Unit
}

type model struct {
	kind   uint8
	damage uint8
	alive  bool
	struck bool // hit by a multi-wound packet in this batch (11.3, C1)
	// pre is 1 + the damage the model had when this batch first hurt it,
	// 0 if it has not: a model the batch kills is worth the wounds it had
	// left then (Casualty.Worth). No count reads it; EndBatch clears it.
	pre        uint8
	rank, file int16
}

type poolState struct {
	carried, n, ord int16
	// pre is the part of carried that was there when the batch started:
	// the first model the pool loses in the batch is worth that much less
	// to this batch's combat result (Casualty.Worth). It changes no count,
	// so the unit's key leaves it out.
	pre int16
	// pin is the model (ID+1) that bears carried where a batch under an
	// owner's end (SetOddEnd) left them on another model than the
	// counters would now name: they stay on it (11.1, R41; EndBatch).
	// 0 for none: carried is on the pool's next model (pick).
	pin int16
}

// End of a rank, as 11.2 step 2 picks it; endNone is a removal from inside.
const (
	endLeft  int8 = 0
	endRight int8 = 1
	endNone  int8 = 2
)

func (u *Unit) kindOf(id int) *kind   { return &u.s.kinds[u.models[id].kind] }
func (u *Unit) w(id int) int          { return u.s.kinds[u.models[id].kind].profile.W }
func (u *Unit) role(id int) unit.Role { return u.s.kinds[u.models[id].kind].role }

// Letter returns the letter the unit draws for model id (letters).
func (u *Unit) Letter(id int) byte { return u.s.kinds[u.models[id].kind].letter }
func (u *Unit) at(r, f int) int    { return int(u.grid[r*u.s.frontage+f]) }

// put places model id on slot (r, f).
func (u *Unit) put(id int16, r, f int) {
	u.nextOK = false
	u.grid[r*u.s.frontage+f] = id
	u.models[id].rank, u.models[id].file = int16(r), int16(f)
}

func (u *Unit) move(r0, f0, r1, f1 int) {
	id := u.grid[r0*u.s.frontage+f0]
	u.grid[r0*u.s.frontage+f0] = -1
	u.put(id, r1, f1)
}

// count adds delta to the living counts of model id.
func (u *Unit) count(id, delta int) {
	u.nextOK = false
	k := u.kindOf(id)
	u.roles[k.role] += int16(delta)
	u.alive += delta
	if k.pool >= 0 {
		ps := &u.pools[k.pool]
		ps.n += int16(delta)
		if k.role == unit.RankAndFile {
			ps.ord += int16(delta)
		}
	}
}

// span returns the outermost occupied files of rank r (C7); lo > hi when the
// rank is empty.
func (u *Unit) span(r int) (lo, hi int) {
	f := u.s.frontage
	row := u.grid[r*f : (r+1)*f]
	lo, hi = 0, f-1
	for lo < f && row[lo] < 0 {
		lo++
	}
	for hi >= lo && row[hi] < 0 {
		hi--
	}
	return lo, hi
}

// counterEnd is the end 11.2 step 2 picks by default: fewer removals in this
// batch, then fewer single-rank removals over the game, then left; in a
// single rank the owner's end of SetOddEnd stands in for the last two. C6
// uses it for the repair source as well.
func (u *Unit) counterEnd() int8 {
	switch {
	case u.bl < u.br:
		return endLeft
	case u.br < u.bl:
		return endRight
	case u.odd != 0 && u.ranks == 1:
		return u.odd - 1
	case u.lr < u.ll:
		return endRight
	}
	return endLeft
}

// tally counts a removal toward end e: always in the batch (C20), and over
// the game while the unit has exactly one rank (C21).
func (u *Unit) tally(e int8, single bool) {
	u.nextOK = false
	switch e {
	case endLeft:
		u.bl++
		if single {
			u.ll++
		}
	case endRight:
		u.br++
		if single {
			u.lr++
		}
	}
}

func (u *Unit) eligible(id, p int, r unit.Role) bool {
	k := u.kindOf(id)
	return int(k.pool) == p && k.role == r
}

func (u *Unit) cmdAlive(r unit.Role, p int) bool {
	id := u.s.cmdID[r]
	return id >= 0 && u.models[id].alive && int(u.kindOf(int(id)).pool) == p
}

// nextRole is the role pool p loses its next model from: ordinary R&F while
// any remain, then the command group in the ruleset's order (11.4, C8).
func (u *Unit) nextRole(p int, ch unit.Chooser, ahead bool) (unit.Role, error) {
	ps := u.pools[p]
	switch {
	case ps.ord > 0:
		return unit.RankAndFile, nil
	case ps.n == 0:
		return unit.NoRole, nil
	}
	if u.s.champPool && u.s.opts.CommandOrder == rules.CommandOwnerChoice && ch != nil &&
		u.cmdAlive(unit.Musician, p) && u.cmdAlive(unit.StandardBearer, p) {
		def := 0
		if i := slices.Index(u.s.command, unit.StandardBearer); i >= 0 && i < slices.Index(u.s.command, unit.Musician) {
			def = 1
		}
		i, err := u.ask(ch, "command_order", ahead, []int{int(u.s.cmdID[unit.Musician]), int(u.s.cmdID[unit.StandardBearer])}, def)
		return [2]unit.Role{unit.Musician, unit.StandardBearer}[i], err
	}
	for _, r := range u.s.command {
		if u.cmdAlive(r, p) {
			return r, nil
		}
	}
	return unit.NoRole, nil
}

// pick finds the model 11.2 removes next from pool p and the end it is
// taken from, without changing anything: -1 when the pool is empty. With a
// nil Chooser the owner_choice switches fall back to the defaults.
func (u *Unit) pick(p int, ch unit.Chooser, ahead bool) (int, int8, error) {
	return u.pickCached(p, ch, ahead, true)
}

// pickAt is pick looking ahead, filling u's cache of the next model only
// if fill: Receiver only reads u, and Monte Carlo's workers share one unit
// until they change it.
func (u *Unit) pickAt(p int, ch unit.Chooser, fill bool) (int, int8, error) {
	return u.pickCached(p, ch, true, fill)
}

// pickCached is pick, reading the cache of the next model and, if fill,
// filling it.
func (u *Unit) pickCached(p int, ch unit.Chooser, ahead, fill bool) (int, int8, error) {
	if p < 0 || p >= len(u.pools) || u.pools[p].n == 0 {
		return -1, endNone, nil
	}
	if ch != nil {
		return u.pickRule(p, ch, ahead, nil)
	}
	if u.nextOK && u.nextP == p {
		return u.nextID, u.nextE, nil
	}
	id, e, err := u.pickRule(p, nil, ahead, nil)
	if err == nil && fill {
		u.nextOK, u.nextP, u.nextID, u.nextE = true, p, id, e
	}
	return id, e, err
}

// pickFor is pick asking ch, whose rear_rank_order question offers only
// the models allow passes (nil: every eligible one): the models that may
// take what the caller has in hand (R41's wounds left, 11.3's models not
// yet struck). When the default's model does not pass, the default
// offered is the first in removal order that does (firstInOrder); when no
// model of the rank passes, nothing is asked and the default's model
// comes back, for the caller to walk on from.
func (u *Unit) pickFor(p int, ch unit.Chooser, ahead, fill bool, allow func(int) bool) (int, int8, error) {
	if ch == nil || allow == nil {
		return u.pickCached(p, ch, ahead, fill)
	}
	if p < 0 || p >= len(u.pools) || u.pools[p].n == 0 {
		return -1, endNone, nil
	}
	return u.pickRule(p, ch, ahead, allow)
}

// pickRule is pick without the cache.
func (u *Unit) pickRule(p int, ch unit.Chooser, ahead bool, allow func(int) bool) (int, int8, error) {
	role, err := u.nextRole(p, ch, ahead)
	if err != nil || role == unit.NoRole {
		return -1, endNone, err
	}
	if id, e, ok := u.pinned(p, role); ok {
		return id, e, nil
	}
	f := u.s.frontage
	r := -1
	for rr := u.ranks - 1; rr >= 0 && r < 0; rr-- {
		for _, id := range u.grid[rr*f : (rr+1)*f] {
			if id >= 0 && u.eligible(int(id), p, role) {
				r = rr
				break
			}
		}
	}
	if r < 0 {
		return -1, endNone, nil
	}
	lo, hi := u.span(r)
	o := u.s.opts
	ok := func(x int) bool { id := u.at(r, x); return id >= 0 && u.eligible(id, p, role) }
	// byCounters is the end the batch's counters give (11.2 step 2), the
	// engine's choice and the default offered to an owner.
	byCounters := u.counterEnd()
	// C25: an end whose model may not be taken yet gives way to the other
	// end when that one holds an eligible model; nobody slides.
	switch {
	case byCounters == endLeft && !ok(lo) && ok(hi):
		byCounters = endRight
	case byCounters == endRight && !ok(hi) && ok(lo):
		byCounters = endLeft
	}
	e := byCounters
	rear := u.s.rear
	if rear == rules.RearRankOwnerChoice && ch == nil {
		rear = u.s.rearStandIn // nobody to ask: the ruleset's own order
	}
	if u.ranks == 1 {
		// R11's odd casualty under owner_choice is the referee's question
		// (SetOddEnd): the end it names takes the ties of the counters.
		switch o.SingleRankPolicy {
		case rules.LeftEnd:
			e = endLeft
		case rules.RightEnd:
			e = endRight
		}
	} else if rear == rules.LeftToRight {
		e = endLeft // 22.8: from one end, the rest staying adjacent
	} else if rear == rules.RightToLeft {
		e = endRight
	} else if rear == rules.RearRankOwnerChoice {
		var ids []int
		// the default offered is the ruleset's own order (22.8: tow
		// from the left end), as where nobody is asked
		de := byCounters
		switch u.s.rearStandIn {
		case rules.LeftToRight:
			de = endLeft
		case rules.RightToLeft:
			de = endRight
		}
		first := u.endModel(r, lo, hi, de, ok)
		want := first // the model the default gives, which allow passes
		if allow != nil && first >= 0 && !allow(first) {
			if want, err = u.firstInOrder(p, nil, false, allow); err != nil {
				return -1, endNone, err
			}
		}
		def := -1
		for x := lo; x <= hi; x++ {
			if id := u.at(r, x); id >= 0 && u.eligible(id, p, role) && (allow == nil || allow(id)) {
				if id == want {
					def = len(ids)
				}
				ids = append(ids, id)
			}
		}
		if def < 0 { // no model of this rank may take it: the caller walks on
			ids = ids[:0]
		}
		id := first
		if len(ids) > 1 {
			i, err := u.ask(ch, "rear_rank_order", ahead, ids, def)
			if err != nil {
				return -1, endNone, err
			}
			id = ids[i]
		} else if len(ids) == 1 {
			id = ids[0]
		}
		if id == first { // the default: taken as the default takes it, skip and slide included
			return id, de, nil
		}
		return id, u.endOf(id), nil
	}
	if id := u.endModel(r, lo, hi, e, ok); id >= 0 {
		return id, e, nil
	}
	return -1, endNone, nil
}

// endOf is the end of its rank model id stands at, endNone inside it.
func (u *Unit) endOf(id int) int8 {
	r := int(u.models[id].rank)
	lo, hi := u.span(r)
	switch int(u.models[id].file) {
	case lo:
		return endLeft
	case hi:
		return endRight
	}
	return endNone
}

// pinned returns the model that bears pool p's carried wounds where an
// owner's end put them (poolState.pin), and the end it leaves from: it
// is the pool's next casualty while it lives and carries them.
func (u *Unit) pinned(p int, role unit.Role) (int, int8, bool) {
	ps := u.pools[p]
	if ps.pin == 0 || ps.carried == 0 {
		return -1, endNone, false
	}
	id := int(ps.pin - 1)
	if !u.models[id].alive || !u.eligible(id, p, role) {
		return -1, endNone, false
	}
	return id, u.endOf(id), true
}

// endModel returns the eligible model of rank r (files lo to hi) nearest
// end e, or -1.
func (u *Unit) endModel(r, lo, hi int, e int8, ok func(int) bool) int {
	if e == endLeft {
		for x := lo; x <= hi; x++ {
			if ok(x) {
				return u.at(r, x)
			}
		}
		return -1
	}
	for x := hi; x >= lo; x-- {
		if ok(x) {
			return u.at(r, x)
		}
	}
	return -1
}

// removeAt removes model id. With e = endLeft or endRight it is the casualty
// 11.2 takes from that end: the models between that end and id are skipped
// and slide one slot toward the centre (step 3). With endNone the model leaves
// its own slot: the removal counts toward the half it stood in (C5) and the
// gap closes from the shorter side (C4) in the rearmost rank. Either way the
// formation is then repaired (step 4). worth is what the combat result
// counts for it (R38); c may be nil.
func (u *Unit) removeAt(id int, e int8, worth int, c *Change, why string) {
	m := &u.models[id]
	r, f := int(m.rank), int(m.file)
	lo, hi := u.span(r)
	single := u.ranks == 1
	u.grid[r*u.s.frontage+f] = -1
	u.nextOK = false
	vac, inner := f, e == endNone
	switch e {
	case endLeft:
		for x := f - 1; x >= lo; x-- {
			u.move(r, x, r, x+1)
		}
		vac = lo
	case endRight:
		for x := f + 1; x <= hi; x++ {
			u.move(r, x, r, x-1)
		}
		vac = hi
	default:
		switch {
		case f-lo < hi-f:
			e = endLeft
		case f-lo > hi-f:
			e = endRight
		}
	}
	u.tally(e, single)
	if c != nil {
		var rule msg.Message
		if !u.quiet {
			// A model at an end of its rank is named by that end, not by
			// the half it stood in (C5 matters only inside the rank).
			if lo == hi {
				rule = msg.New("alloc.rule", reason(why), append(u.where(r, single, endNone, false, false), msg.New("alloc.where.last")))
			} else {
				rule = msg.New("alloc.rule", reason(why), u.where(r, single, e, inner && f != lo && f != hi, vac != f))
			}
		}
		c.Removed = append(c.Removed, Casualty{Role: u.role(id), Name: u.kindOf(id).name, Slot: unit.Slot{Rank: r, File: f}, Worth: worth, Rule: rule.String(), RuleMsg: rule})
	}
	u.kill(id, c)
	if r < u.ranks-1 {
		u.repair(r, vac)
		return
	}
	if inner {
		if f-lo <= hi-f {
			for x := f - 1; x >= lo; x-- {
				u.move(r, x, r, x+1)
			}
		} else {
			for x := f + 1; x <= hi; x++ {
				u.move(r, x, r, x-1)
			}
		}
	}
	if lo2, hi2 := u.span(r); lo2 > hi2 {
		u.dropRank()
	}
}

// reason says in words why a model was removed, from the RULES.md reference
// the removal code passes.
func reason(why string) msg.Message {
	switch why {
	case "11.1":
		return msg.New("alloc.why.pool")
	case "11.3":
		return msg.New("alloc.why.own_damage")
	case "C11":
		return msg.New("alloc.why.packet")
	case "10.1 overflow":
		return msg.New("alloc.why.overflow")
	case "9.1 instant kill":
		return msg.New("alloc.why.instant_kill")
	}
	return msg.New("alloc.why.raw", why)
}

// where describes a removal for Casualty.Rule: the rank, then the end or
// half of it, then whether models slid in.
func (u *Unit) where(r int, single bool, e int8, inner, slid bool) msg.List {
	var out msg.List
	switch {
	case single:
		out = append(out, msg.New("alloc.where.single"))
	case r == u.ranks-1:
		out = append(out, msg.New("alloc.where.rear"))
	case r == 0:
		out = append(out, msg.New("alloc.where.front"))
	default:
		out = append(out, msg.New("alloc.where.rank", r+1))
	}
	switch {
	case inner && e == endLeft:
		out = append(out, msg.New("alloc.where.own_left"))
	case inner && e == endRight:
		out = append(out, msg.New("alloc.where.own_right"))
	case inner:
		out = append(out, msg.New("alloc.where.own_centre"))
	case e == endLeft:
		out = append(out, msg.New("alloc.where.left_end"))
	case e == endRight:
		out = append(out, msg.New("alloc.where.right_end"))
	}
	if slid {
		out = append(out, msg.New("alloc.where.slid"))
	}
	return out
}

// kill marks model id dead and updates the counts.
func (u *Unit) kill(id int, c *Change) {
	m := &u.models[id]
	m.alive, m.struck = false, false
	u.count(id, -1)
	u.phaseCas++
	k := u.kindOf(id)
	if k.role == unit.StandardBearer {
		u.standardLost = true
		if c != nil {
			c.StandardLost = true
		}
	}
	if k.pool >= 0 {
		ps := &u.pools[k.pool]
		if ps.n == 0 {
			ps.carried = 0
		}
		if int(ps.pin) == id+1 {
			ps.pin = 0
		}
	}
}

// repair fills slot (r, f) from the rearmost rank, taking its outermost
// model at the end counterEnd picks (11.2 step 4, C6). Only rank and file
// stand behind the front rank, so the filler is always an ordinary model.
// Moving a model forward is not a removal and counts toward no end.
func (u *Unit) repair(r, f int) {
	last := u.ranks - 1
	lo, hi := u.span(last)
	x := lo
	if u.counterEnd() == endRight {
		x = hi
	}
	u.move(last, x, r, f)
	if lo == hi {
		u.dropRank()
	}
}

func (u *Unit) dropRank() {
	u.nextOK = false
	u.ranks--
	u.grid = u.grid[:u.ranks*u.s.frontage]
}

// cell returns the model on slot id as a Cell.
func (u *Unit) cell(id int) unit.Cell {
	m := u.modelValue(id)
	return unit.Cell{Model: &m, Slot: unit.Slot{Rank: int(u.models[id].rank), File: int(u.models[id].file)}, ID: id, Letter: u.Letter(id)}
}

func (u *Unit) modelValue(id int) unit.Model {
	k := u.kindOf(id)
	return unit.Model{Role: k.role, Name: k.name, Profile: k.profile, Damage: int(u.models[id].damage)}
}

// Ranks returns the formation front to back, every rank frontage slots wide;
// empty slots have a nil Model. The models are copies.
func (u *Unit) Ranks() [][]unit.Cell {
	if u.fighter != nil {
		if u.fighter.Skirmish.Status == unit.OutOfAction {
			return nil
		}
		m := *u.fighter
		return [][]unit.Cell{{{Model: &m, ID: 0, Letter: 'R'}}}
	}
	// Three allocations whatever the size: the ranks, their cells and the
	// models' copies, each one block (the combat round reads the
	// formation several times a step, Monte Carlo millions of times).
	f := u.s.frontage
	out := make([][]unit.Cell, u.ranks)
	cells := make([]unit.Cell, u.ranks*f)
	n := 0
	for _, id := range u.grid[:u.ranks*f] {
		if id >= 0 {
			n++
		}
	}
	models := make([]unit.Model, 0, n)
	for r := range out {
		out[r] = cells[r*f : (r+1)*f : (r+1)*f]
		for x := range f {
			c := &out[r][x]
			c.Slot, c.ID = unit.Slot{Rank: r, File: x}, -1
			if id := u.at(r, x); id >= 0 {
				models = append(models, u.modelValue(id))
				*c = unit.Cell{Model: &models[len(models)-1], Slot: c.Slot, ID: id, Letter: u.Letter(id)}
			}
		}
	}
	for id, n := range u.carriedAt() {
		m := u.models[id]
		out[m.rank][m.file].Carried = n
	}
	return out
}

// RankSizes returns the number of models in each rank that holds any,
// front to back: what Ranks would show, counted without building it (the
// combat round's rank bonus and Combat Order read it each round).
func (u *Unit) RankSizes() []int { return u.AppendRankSizes(make([]int, 0, u.ranks)) }

// AppendRankSizes appends RankSizes to out: a sampled round counts them
// into a buffer of its own.
func (u *Unit) AppendRankSizes(out []int) []int {
	if u.fighter != nil {
		if u.fighter.Skirmish.Status == unit.OutOfAction {
			return out
		}
		return append(out, 1)
	}
	f := u.s.frontage
	for r := range u.ranks {
		n := 0
		for _, id := range u.grid[r*f : (r+1)*f] {
			if id >= 0 {
				n++
			}
		}
		if n > 0 {
			out = append(out, n)
		}
	}
	return out
}

// carriedAt returns, by model id, the wounds each pooled pool carries on
// the model that will be removed from it next (11.1).
func (u *Unit) carriedAt() map[int]int {
	if u.s.perModel {
		return nil
	}
	var on map[int]int
	for p, ps := range u.pools {
		if ps.carried > 0 {
			if id, _, _ := u.pick(p, nil, true); id >= 0 {
				if on == nil {
					on = map[int]int{}
				}
				on[id] += int(ps.carried)
			}
		}
	}
	return on
}

// Draw returns the formation as letters, ranks front to back:
// "[R M C S R] / [R R R]". A rank is drawn from its leftmost to its rightmost
// model; an empty unit is "[]".
func (u *Unit) Draw() string { return u.draw(false) }

// DrawDamage is Draw for a player: wounds lost after each damaged model,
// "R(1)", and rank and file of a second troop type or profile drawn with a
// letter of their own (Legend). In a pooled R&F pool the carried wounds are
// shown on the model that will be removed next (11.1).
func (u *Unit) DrawDamage() string { return u.draw(true) }

func (u *Unit) draw(damage bool) string {
	if u.fighter != nil {
		switch {
		case u.fighter.Skirmish.Status == unit.OutOfAction:
			return "[]"
		case damage && u.fighter.Damage > 0:
			return fmt.Sprintf("[R(%d)]", u.fighter.Damage)
		}
		return "[R]"
	}
	if u.ranks == 0 {
		return "[]"
	}
	var extra []int // damage shown per model id
	if damage {
		extra = make([]int, len(u.models))
		for id, m := range u.models {
			extra[id] = int(m.damage)
		}
		for id, n := range u.carriedAt() {
			extra[id] += n
		}
	}
	var b strings.Builder
	for r := range u.ranks {
		if r > 0 {
			b.WriteString(" / ")
		}
		b.WriteByte('[')
		lo, hi := u.span(r)
		for x := lo; x <= hi; x++ {
			if x > lo {
				b.WriteByte(' ')
			}
			id := u.at(r, x)
			if id < 0 {
				b.WriteByte('.')
				continue
			}
			if damage {
				b.WriteByte(u.Letter(id))
			} else {
				b.WriteByte(u.role(id).Letter())
			}
			if damage && extra[id] > 0 {
				fmt.Fprintf(&b, "(%d)", extra[id])
			}
		}
		b.WriteByte(']')
	}
	return b.String()
}
