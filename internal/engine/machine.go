package engine

import (
	"errors"
	"fmt"
	"slices"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Machine is the referee as a sequence of small steps, each asking a
// dice.Roller for the dice it needs; the steps are the stages of pipeline.go.
// Resolve runs it once; the odds package runs it over every face of every
// die (telling it apart from other rollers as a ClassBrancher), merging
// machines with equal AppendState, and uses the hooks of hooks.go to skip
// steps whose outcome it has worked out from the Machine's own steps. Monte
// Carlo runs it with dice.Seeded and no log, and then a step runs on through
// its loop of items. Step changes the Machine: Clone it first to keep the old
// state. Clones share the unit until one of them changes it.
type Machine struct {
	u       *alloc.Unit
	attacks []rearrank.Attack
	ch      unit.Chooser
	fixed   *fixed // what never changes after NewMachine, shared by clones

	// Clones share the unit until one of them changes it (copy on write):
	// ushared says m must clone u before changing it. ukey caches u.Key()
	// while ukeyOK.
	ushared bool
	ukeyOK  bool
	ukey    string
	// spare is a unit m owned before a Reset, kept to copy the shared
	// unit into when m first changes it; scratch takes the Change of each
	// packet. Neither is ever copied to another machine.
	spare   *alloc.Unit
	scratch alloc.Change
	// rrLog holds, for the log only, the first rolls awaiting their
	// re-roll (20.8): no state, since only a logging run reads it.
	rrLog []rrNote
	// nos numbers the batch's wounds for the log only (woundNos).
	nos *woundNos
	// owner serves a Chooser's questions between steps (owner.go); nil
	// without one. standIns are the owner_choice switches nobody answers,
	// for which the defaults stand in (NewMachine).
	owner    *ownerRun
	standIns []rules.StandIn
	// branching says that the roller of the current Step walks every
	// face of its dice (dice.Brancher: the odds) and nobody reads a log:
	// a group that keeps its wounds in the order of their dice then
	// resolves in rounds (order.go). Set by every Step.
	branching bool

	s state // everything else that changes: one struct, keyed whole (key.go)
}

// state is what a Machine's steps change besides the unit. Its canonical
// description is appendState and Key (key.go); TestStateKeyCoversState
// fails when a field of it is left out of them without a reason given there.
type state struct {
	batch int  // index of the current attack group
	at    step // next step
	i, n  int  // item i done of n in the current stage

	// per batch, fixed when the batch begins, from the unit as it stood then
	recv  receiving   // what the batch reads of the receiving model
	aim   unit.Target // where the wounds go: the attack's target, or the champion (receiver)
	tests batchTests  // the D6 tests of every stage

	// per batch: the items flowing from one stage to the next
	hits    int       // hits awaiting their to-wound roll
	wounds  woundPool // wounds awaiting their armour save, by kind
	failed  woundPool // wounds past armour awaiting their special save, by kind
	kills   int       // instant kills awaiting allocation (9.1)
	poison  int       // hits that wound automatically (Poison, 20.2), awaiting the wound stage
	mPoison int       // the multiple-hits stage's poisoned hits still to take, its first items (20.2, 20.3)
	pRoll   int       // poisoned hits that roll to wound at +2 (tow plus_two, 22.3): the wound stage's first items
	extra   int       // Battle Focus hits (20.2), joining the hits after the multiple-hits stage
	unsaved int       // wounds past every save awaiting damage and allocation
	singles int       // of those, the last ones that are singles in a batch of packets (battleaxe Killing Blow, 20.2)
	cleave  int       // of those, the ones still to take that roll no Regeneration after damage (tow Cleaving Blow, 22.3, 22.6)
	seq     string    // where tests.ordered: the wounds that can become packets, in the order of their dice, each its kind and stage (order.go, 22.18)
	later   int       // rounds (order.go): hits still to roll to wound, one round each
	laterP  int       // of those, the poisoned hits rolling at +2 (22.3), the first
	round   bool      // rounds: a hit's round is under way, one Step from its to-wound roll to its packet
	again   int       // 7+ procedures whose first die passed, awaiting their second die (5, 20.1)
	spent   int       // of the 7+ procedures awaiting their second die, those whose one re-roll went on the first die (failing_die, 20.1): taken after the again ones
	pend    int       // skirmish: hits of the current attack still to resolve (20.3)
	pendX   int       // skirmish: hits of a Body Blow's extra attack still to resolve (20.3, C19)
	re      woundPool // dice of stage reOf awaiting their re-roll, by kind (20.1)
	reOf    step      // the stage whose re-roll pass runs (stepReroll)
	inBatch bool      // the unit's StartBatch was called

	// skirmish: the pending hits of pend and pendX wound automatically
	// (poison_multiple_hits all, 20.2)
	pendPoison, pendXPoison bool

	// per phase
	phaseSeen    bool        // a batch has begun: phase is set
	phase        rules.Phase // the phase of the batch begun last
	panicked     bool        // the panic threshold was crossed in this phase
	panicApplies bool        // some batch so far was outside close combat in a block ruleset
	crits        []string    // skirmish: attacker|phase whose critical allowance is used

	// per batch of several groups (Attack.Batch, C24): what each group's
	// rolls handed on, waiting until the last group has rolled; then the
	// allocation passes (pass: kills, packets, singles) over held, hi
	// the entry of the pass to take next. held is copied, never written.
	held  []held
	pass  heldPass
	hi    int
	allow string // skirmish: the allowance key of the current batch

	// what the steps add, never read (SetTally): in Key, not appendState
	flamed   bool // an unsaved Flaming wound of this batch costs the unit its Regeneration at the batch end (19.3, C26)
	batchCas int  // models removed in this batch, for the log
	tally    rearrank.Tally
}

// receiving is what a batch reads of its receiving model after it begins.
type receiving struct {
	troop rules.TroopType // Multiple Wounds against one troop type (9.2)
	w, t  int             // W decides damage dice (E41); T is for the log
	fly   bool            // Clipped Wings (E52)
	// mixedW: the models a packet may land on differ in W (R41), so each
	// packet's model decides its damage dice, not w
	mixedW bool
}

func receivingOf(md unit.Model) receiving {
	return receiving{troop: md.TroopType, w: md.W, t: md.T, fly: md.Fly}
}

// fixed is the part of a Machine that NewMachine settles once: clones share it.
type fixed struct {
	// the panic threshold (RULES.md 12) as a fraction, when it fits int64
	panicNum, panicDen int64
	panicBig           bool
	panicMoreThan      bool // more than the threshold, not that much or more (tow, 22.9)
	// skirmish: each group's critical table (RULES.md 6.2) by roll, and
	// its classes of faces (critCuts)
	crit     [][6]rules.Critical
	critCuts []uint64
	// joined[i]: group i is in one batch with group i-1 (Attack.Batch,
	// C24); nil when every group is a batch of its own
	joined []bool
}

// NewMachine prepares a resolution of attacks against a copy of u. ch
// answers the owner_choice switches (RULES.md 18; a SaveChooser too for
// special_save_choice, a PacketChooser for tow's multi_packet_order); for
// each that ch cannot answer, nil answering none, the engine's default
// stands in, and StandIns names it.
func NewMachine(u *alloc.Unit, attacks []rearrank.Attack, ch unit.Chooser) (*Machine, error) {
	u, f, standIns, err := prepare(u, attacks, ch)
	if err != nil {
		return nil, err
	}
	m := &Machine{u: u.Clone(), attacks: attacks, ch: ch, fixed: f, standIns: standIns}
	if ch != nil {
		m.owner = new(ownerRun)
	}
	return m, nil
}

// Renew makes m what NewMachine(u, attacks, nil) returns, in m's memory:
// u is copied into the unit m owns (taken as it is when it is that unit,
// the one Unit returned) instead of cloned, and m's buffers are kept. A
// sampled combat round renews one machine per side at every step. m must
// not share its unit with a clone, and nothing may keep the unit m owned:
// it is overwritten.
func (m *Machine) Renew(u *alloc.Unit, attacks []rearrank.Attack) error {
	u, f, standIns, err := prepare(u, attacks, nil)
	if err != nil {
		return err
	}
	own := m.u
	if own == nil || m.ushared {
		own = m.spare
	}
	switch {
	case own == u:
	case own != nil:
		own.CopyFrom(u)
	default:
		own = u.Clone()
	}
	scratch, rrLog := m.scratch, m.rrLog[:0]
	*m = Machine{u: own, attacks: attacks, fixed: f, standIns: standIns, scratch: scratch, rrLog: rrLog}
	return nil
}

// prepare is what NewMachine settles before it copies the unit: the unit
// the defaults stand in for (RULES.md 18), the attacks checked, the fixed
// part.
func prepare(u *alloc.Unit, attacks []rearrank.Attack, ch unit.Chooser) (*alloc.Unit, *fixed, []rules.StandIn, error) {
	if len(attacks) == 0 {
		return nil, nil, nil, rearrank.ErrNoAttacks
	}
	u, standIns := standInFor(u, ch)
	for i, a := range attacks {
		if err := a.Validate(u.Ruleset()); err != nil {
			return nil, nil, nil, fmt.Errorf("attack group %d: %w", i+1, err)
		}
	}
	joined, err := joinedBatches(u.Ruleset(), attacks)
	if err != nil {
		return nil, nil, nil, err
	}
	f := &fixed{joined: joined}
	if !rules.For(u.Ruleset()).Block {
		f.crit = make([][6]rules.Critical, len(attacks))
		f.critCuts = make([]uint64, len(attacks))
		for i, a := range attacks {
			for roll := 1; roll <= 6; roll++ {
				f.crit[i][roll-1] = rules.CriticalHit(a.WeaponClass, roll)
			}
			f.critCuts[i] = critCuts(&f.crit[i])
		}
	}
	f.panicMoreThan = rules.For(u.Ruleset()).PanicMoreThan
	if num, den, ok := u.Options().PanicFraction(); ok && num < 1<<31 && den < 1<<31 {
		f.panicNum, f.panicDen = num, den
	} else {
		f.panicBig = true
	}
	return u, f, standIns, nil
}

// Clone returns an independent copy of m. The copy shares m's unit until
// either changes it, so cloning is cheap; like every Machine method it is not
// safe for concurrent use, even on a machine only cloned from.
func (m *Machine) Clone() *Machine {
	c := new(Machine)
	c.Reset(m)
	return c
}

// Reset makes m a copy of from, as Clone does, reusing m's memory: Monte
// Carlo resets one machine from a template for every sample.
//
// A unit m owned alone before (not shared with a clone) is kept, and the
// first change after the Reset copies into it instead of allocating: a
// caller must not keep the unit of a machine it resets (Unit returns one m
// owns until then).
func (m *Machine) Reset(from *Machine) {
	spare, scratch := m.spare, m.scratch
	if m.u != nil && !m.ushared && m.u != from.u {
		spare = m.u
	}
	from.ushared = true
	*m = *from
	m.s.crits = from.s.crits[:len(from.s.crits):len(from.s.crits)] // an append copies
	m.nos = from.nos.clone()
	m.spare, m.scratch = spare, scratch
}

// ResetUnit is Reset with u in place of from's unit: m stands where from
// does, with u, which it shares with the caller until it changes it. For
// machines whose states differ in the unit alone (AppendPacketState), one
// machine and the units describe them all.
func (m *Machine) ResetUnit(from *Machine, u *alloc.Unit) {
	m.Reset(from)
	m.u, m.ushared, m.ukeyOK = u, true, false
}

// RewindPacket is ResetUnit(from, u) for a machine that ResetUnit(from, ...)
// made and one packet's step has moved since (AppendPacketState held
// before it): such a step changes the item, the tallies and the unit and
// nothing else (TestRewindPacketIsResetUnit), so m undoes those instead of
// copying the whole of from again.
func (m *Machine) RewindPacket(from *Machine, u *alloc.Unit) {
	if m.u != nil && !m.ushared && m.u != from.u && m.spare == nil {
		m.spare = m.u
	}
	m.s.i, m.s.n, m.s.tally, m.s.batchCas = from.s.i, from.s.n, from.s.tally, from.s.batchCas
	m.u, m.ushared, m.ukeyOK = u, true, false
}

// TakeUnit hands m's unit to the caller, whose it is from then on, and
// leaves m without one until its next Reset: m must not step before.
func (m *Machine) TakeUnit() *alloc.Unit {
	u := m.uw() // m's own, copied if it was shared
	m.u, m.ushared = nil, false
	return u
}

// GiveSpare hands m a unit it may copy a shared unit into when it first
// changes it (see Reset), when it holds none, and reports whether it took
// it: the caller gives u up then.
func (m *Machine) GiveSpare(u *alloc.Unit) bool {
	if m.spare != nil {
		return false
	}
	m.spare = u
	return true
}

// Reclaim tells m that no machine in use shares its unit any more: each
// copy made from m (Reset, Clone) has changed its unit since, which gave
// it one of its own, or will be Reset before it is used again. The next
// Reset of m then reuses the unit's memory instead of the copy that would
// need a new one. A caller that is wrong about it corrupts the copies.
func (m *Machine) Reclaim() { m.ushared = false }

// Fork makes dst (a new machine when nil) a copy of m with a unit of its
// own at once, so that neither machine has to copy the unit again when it
// changes it: for a caller about to change both. It returns dst. As with
// Reset, a unit dst owned alone before is reused for the copy.
func (m *Machine) Fork(dst *Machine) *Machine {
	if dst == nil {
		dst = new(Machine)
	}
	spare, scratch := dst.spare, dst.scratch
	if dst.u != nil && !dst.ushared && dst.u != m.u {
		spare = dst.u
	}
	*dst = *m
	dst.s.crits = m.s.crits[:len(m.s.crits):len(m.s.crits)]
	dst.nos = m.nos.clone()
	if spare != nil {
		spare.CopyFrom(m.u)
		dst.u = spare
	} else {
		dst.u = m.u.Clone()
	}
	dst.ushared = false
	dst.spare, dst.scratch = nil, scratch
	return dst
}

// uw returns the unit for changing it, cloning it first if it is shared.
func (m *Machine) uw() *alloc.Unit {
	if m.ushared {
		if m.spare != nil {
			m.spare.CopyFrom(m.u)
			m.u, m.spare = m.spare, nil
		} else {
			m.u = m.u.Clone()
		}
		m.ushared = false
	}
	m.ukeyOK = false
	return m.u
}

// Done reports whether every attack group has been resolved.
func (m *Machine) Done() bool { return m.s.at == stepDone }

// Unit returns the unit as it stands now (owned by m; Clone it to keep it).
func (m *Machine) Unit() *alloc.Unit { return m.uw() }

// Tally returns the running totals.
func (m *Machine) Tally() rearrank.Tally { return m.s.tally }

// SetTally replaces the running totals. Steps only add to the totals (and
// set their flags), never read them, so a caller that keeps totals apart
// from the state, as the odds package does, can zero them, step, and read
// what the step added.
func (m *Machine) SetTally(t rearrank.Tally) { m.s.tally = t }

// PanicApplies reports whether any batch so far was outside close combat in
// a block ruleset, so that Tally().Panic means something.
func (m *Machine) PanicApplies() bool { return m.s.panicApplies }

// Step runs the next small step, asking r for its dice and passing each
// event to log (which may be nil). On error m is left as it was at the
// start of the step only in the sense that the step is not complete: callers
// that replay a step must Clone before calling.
func (m *Machine) Step(r dice.Roller, log func(rearrank.Event)) error {
	var d dieSource
	d.init(m, r, log)
	switch m.s.at {
	case stepBegin:
		return m.begin(log)
	case stepCount:
		return m.count(&d)
	case stepEnd:
		return m.end(log)
	case stepHold:
		m.afterHold(log)
		return nil
	}
	return m.loop(&d)
}

// loop runs one item of the stage m stands in (one attack's to-hit roll,
// one wound's save...) and, when nobody can watch between the items -
// seeded dice and no log, as in Monte Carlo - the stage's next items too,
// with the same code: a call per die saved.
func (m *Machine) loop(d *dieSource) error {
	at, batch := m.s.at, m.s.batch
	for {
		if err := m.item(d); err != nil {
			return err
		}
		if m.s.round && (m.s.at != stepWound || m.s.i > 0) { // a hit's round is one Step (order.go)
			continue
		}
		if d.fast == nil || m.s.at != at || m.s.batch != batch {
			return nil
		}
	}
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (m *Machine) rs() rules.Ruleset        { return m.u.Ruleset() }
func (m *Machine) opts() rules.Options      { return m.u.Options() }
func (m *Machine) attack() *rearrank.Attack { return &m.attacks[m.s.batch] }

// emit passes e to log, when there is one, with its English Text
// rendered from its message.
func (m *Machine) emit(log func(rearrank.Event), e rearrank.Event) {
	if log != nil {
		e.Batch = m.s.batch + 1
		if e.Text == "" {
			e.Text = e.Msg.Text(msg.English)
		}
		log(e)
	}
}

// ClassBrancher is an optional interface for a dice.Brancher that walks
// every way a die can go: the odds package's enumerating roller. For a die
// whose faces fall into classes that the referee treats alike, the Machine
// calls BranchClass instead of Branch. cuts has bit f set for every face f
// (2 to sides) that starts a new class, so a 4+ save has cuts 1<<4 (classes
// 1-3 and 4-6) and a 4+ to-wound roll whose natural 6 matters has cuts
// 1<<4|1<<6 (1-3, 4-5, 6). The roller returns any face of the class it
// takes; the chance of the class is its number of faces over sides.
//
// The Machine promises that its state afterwards, tallies included, depends
// on the class alone: only the log, which such rollers never ask for, shows
// the face.
type ClassBrancher interface {
	dice.Brancher
	BranchClass(sides int, cuts uint64) (int, error)
}

// rollerCaps is what a roller can do, found once per roller rather than
// once per die.
type rollerCaps struct {
	r      dice.Roller
	seeded *dice.Seeded // a direct call for the common random roller
	b      dice.Brancher
	cb     ClassBrancher
	a      dice.Asker
}

// set finds what r can do; Monte Carlo and the odds ask it for every
// Step. It fills c in place: a rollerCaps is a few words, copied per Step.
func (c *rollerCaps) set(r dice.Roller) {
	c.r = r
	if s, ok := r.(*dice.Seeded); ok {
		c.seeded = s
	} else if cb, ok := r.(ClassBrancher); ok {
		c.cb, c.b = cb, cb
	} else if b, ok := r.(dice.Brancher); ok {
		c.b = b
	} else if a, ok := r.(dice.Asker); ok {
		c.a = a
	}
}

// dieSource asks the roller for one die and logs it.
type dieSource struct {
	caps rollerCaps
	m    *Machine
	log  func(rearrank.Event)
	// fast is the seeded roller when there is no log (Monte Carlo): a
	// test then rolls and reads the die with nothing else to do.
	fast *dice.Seeded
}

// init prepares d to ask r for m's dice and log them to log.
func (d *dieSource) init(m *Machine, r dice.Roller, log func(rearrank.Event)) {
	d.m, d.log = m, log
	d.caps.set(r)
	m.branching = d.caps.b != nil && log == nil
	if log == nil {
		d.fast = d.caps.seeded
	}
}

// roll asks for one die with the given sides. what describes the die for a
// person rolling it; it is only called when the roller can use it.
func (d *dieSource) roll(sides int, stage rearrank.Stage, what func() msg.Message) (int, error) {
	if d.caps.seeded != nil {
		return d.caps.seeded.Roll(sides), nil
	}
	if d.caps.b != nil {
		return d.caps.b.Branch(sides)
	}
	return d.ask(sides, stage, what)
}

// rollClass is roll for a die whose faces fall into the classes of cuts
// (see ClassBrancher).
func (d *dieSource) rollClass(sides int, cuts uint64, stage rearrank.Stage, what func() msg.Message) (int, error) {
	if d.caps.seeded != nil {
		return d.caps.seeded.Roll(sides), nil
	}
	if d.caps.cb != nil {
		return d.caps.cb.BranchClass(sides, cuts)
	}
	if d.caps.b != nil {
		return d.caps.b.Branch(sides)
	}
	return d.ask(sides, stage, what)
}

// ask asks an Asker for the die, in English: dice.Asker takes the die's
// description as a string.
func (d *dieSource) ask(sides int, stage rearrank.Stage, what func() msg.Message) (int, error) {
	if d.caps.a != nil {
		face, err := d.caps.a.Ask(sides, what().String())
		if err != nil {
			return 0, d.m.stepError(stage, sides, err)
		}
		if face < 1 || face > sides {
			return 0, d.m.stepError(stage, sides, msg.Errorf(dice.ErrBadFace, "engine.error.bad_face", what(), face, sides))
		}
		return face, nil
	}
	face := d.caps.r.Roll(sides)
	if face < 1 || face > sides {
		return 0, d.m.stepError(stage, sides, msg.Errorf(dice.ErrBadFace, "engine.error.bad_face", what(), face, sides))
	}
	return face, nil
}

// stepError says how many more dice the current step needs at least: a
// *DiceNeeded when the roller ran out of dice.
func (m *Machine) stepError(stage rearrank.Stage, sides int, err error) error {
	if errors.Is(err, dice.ErrOutOfDice) {
		e := &rearrank.DiceNeeded{Batch: m.s.batch + 1, Stage: stage, Sides: sides, Reroll: m.s.at == stepReroll, Err: err}
		if m.s.n > 0 {
			e.Done = m.s.i // items finished; every step but the packet step counts its item before rolling
			if m.s.at != stepPacket {
				e.Done--
			}
			e.Of, e.More = m.s.n, m.s.n-e.Done
		}
		return e
	}
	return msg.Errorf(err, "engine.error.step", m.s.batch+1, stage.Msg(), cause{err})
}

// cause is an error as an argument of a message: said in the reader's
// language when it can be (msg.ErrorText).
type cause struct{ err error }

func (c cause) Text(l msg.Lang) string { return msg.ErrorText(c.err, l) }

// more reports whether a stage goes on to its next item within this Step:
// when nobody watches between the items (seeded dice, no log, as in Monte
// Carlo) and items are left.
func (d *dieSource) more(s *state) bool { return d.fast != nil && s.i < s.n }

// test rolls the D6 of test t for item of items (of is 0 in skirmish, whose
// texts name the attack alone) and logs it. It returns whether the final
// roll passed and its natural face, the roll a stage's triggers read
// (RULES.md 20.2); a re-roll (20.1) is rolled here, before the face is
// returned.
func (d *dieSource) test(t *test, item, of int) (pass bool, face int, err error) {
	face, err = d.d6(t, item, of, t.redoesPass())
	if err != nil || !t.rerolls(face) {
		return t.pass(face), face, err
	}
	return d.again(t, &rrNote{item: item, of: of, face: face})
}

// passes rolls the dice of the items of a plain test t left in s on the
// fast roller (Monte Carlo) and counts those that pass: the dice, in
// their order, that one item at a time would roll, with nothing else to
// decide.
func (d *dieSource) passes(t *test, s *state) int {
	low, c := int(t.low), 0
	for ; s.i < s.n; s.i++ {
		c += b2i(d.fast.Roll(6) >= low)
	}
	return c
}

// rrNote is a first roll awaiting its re-roll, for the log; retry marks a
// miss awaiting the BS 6+ re-roll (22.2), which the re-roll pass takes
// after the grants' re-rolls (22.18).
type rrNote struct {
	item, of, face int
	retry          bool
}

// first rolls the die of test t like test, but leaves a roll that t
// re-rolls for the stage's re-roll pass (RULES.md 20.1: re-roll dice come
// after all the stage's dice): again is true and pass means nothing.
func (d *dieSource) first(t *test, item, of int) (pass bool, face int, again bool, err error) {
	face, err = d.d6(t, item, of, t.redoesPass())
	if err != nil || !t.rerolls(face) {
		return t.pass(face), face, false, err
	}
	return d.leave(item, of, face, false)
}

// once is test that also reports whether the die was re-rolled.
func (d *dieSource) once(t *test, item, of int) (pass bool, face int, rerolled bool, err error) {
	face, err = d.d6(t, item, of, t.redoesPass())
	if err != nil || !t.rerolls(face) {
		return t.pass(face), face, false, err
	}
	pass, face, err = d.again(t, &rrNote{item: item, of: of, face: face})
	return pass, face, true, err
}

// firstFailing is first for a die that only a failure of it re-rolls,
// whatever grants t has: the first die of a 7+ procedure under
// seven_plus_reroll failing_die (RULES.md 20.1), whose success leaves the
// procedure's one re-roll to its second die.
func (d *dieSource) firstFailing(t *test, item, of int) (pass bool, face int, again bool, err error) {
	face, err = d.d6(t, item, of, false)
	if err != nil || t.pass(face) || !t.rr.Applies(face, false) {
		return t.pass(face), face, false, err
	}
	return d.leave(item, of, face, false)
}

// leave leaves the first roll face of item of items for its stage's
// re-roll pass (again is true), noting it for the log; retry says that
// the BS 6+ re-roll of a miss takes it (22.2).
func (d *dieSource) leave(item, of, face int, retry bool) (pass bool, _ int, again bool, err error) {
	if d.log != nil {
		d.m.rrLog = append(d.m.rrLog, rrNote{item: item, of: of, face: face, retry: retry})
	}
	return false, face, true, nil
}

// again rolls the re-roll of test t's die: the second roll stands for
// every rule (U1) and is never re-rolled. Logged, it names the first roll
// (first, or when nil the oldest note of Machine.rrLog of its kind: a
// miss's for the BS 6+ re-roll, 22.2) and why it was re-rolled (20.8).
func (d *dieSource) again(t *test, first *rrNote) (pass bool, face int, err error) {
	if first == nil && d.log != nil {
		if i := slices.IndexFunc(d.m.rrLog, func(n rrNote) bool { return n.retry == t.retry }); i >= 0 {
			n := d.m.rrLog[i] // a copy: the list is left as it was, clones may share it
			first, d.m.rrLog = &n, append(slices.Clip(d.m.rrLog[:i]), d.m.rrLog[i+1:]...)
		}
	}
	if first == nil {
		first = &rrNote{}
	}
	switch {
	case d.fast != nil:
		face = d.fast.Roll(6)
	case d.caps.seeded != nil:
		face = d.caps.seeded.Roll(6)
	default:
		face, err = d.rollClass(6, t.finalCuts(), t.stage, func() msg.Message {
			return msg.New("engine.die.reroll_of", d.m.what(t, first.item, first.of), first.face, t.need.String())
		})
		if err != nil {
			return false, 0, err
		}
	}
	pass = t.pass(face)
	if d.log != nil {
		d.m.emit(d.log, rearrank.Event{Kind: rearrank.Reroll, Stage: t.stage, Attack: first.item, Sides: 6, Face: face, Need: t.need, Pass: pass, Rule: pick(t.retry, "RULES.md 20.1, 22.2", "RULES.md 20.1"),
			Msg: msg.New("engine.die.rerolled", d.m.what(t, first.item, first.of), first.face, d.m.rerollWhy(t, first.face), face, passWord(t.stage, pass))})
	}
	return pass, face, nil
}

// rerollWhy names the grant that re-rolls test t's first roll face (20.8).
func (m *Machine) rerollWhy(t *test, face int) msg.Message {
	a := m.attack()
	if t.pass(face) {
		switch {
		case t.stage == rearrank.Special && a.DivineAttacks && !a.ForceRerollSpecial:
			return msg.New("engine.why.divine_attacks")
		case t.stage == rearrank.Armour || t.stage == rearrank.Special:
			return msg.New("engine.why.forced_saves")
		}
		return msg.New("engine.why.imposed")
	}
	if t.retry {
		return msg.New("engine.why.bs_six")
	}
	own := t.rr.Own()
	if (t.stage == rearrank.Hit || t.stage == rearrank.HitAgain) && a.Hatred && a.RerollHit.Own() == 0 {
		return msg.New("engine.why.hatred")
	}
	return msg.New("engine.why.reroll", rerollMsg(own))
}

// d6 rolls and logs the die of test t (face 0 on error). Only this is a
// call: test, which reads the face, inlines into the stages. redo says
// that a success of this die is re-rolled (an imposed re-roll, 20.1): its
// outcome is then the re-roll's, logged after it, not this roll's.
func (d *dieSource) d6(t *test, item, of int, redo bool) (int, error) {
	if d.fast != nil {
		return d.fast.Roll(6), nil
	}
	var face int
	if d.caps.seeded != nil {
		face = d.caps.seeded.Roll(6)
	} else {
		var err error
		face, err = d.rollClass(6, t.cuts(), t.stage, func() msg.Message {
			return msg.New("engine.die.need", d.m.what(t, item, of), t.need.Floored(int(t.floor)).String())
		})
		if err != nil {
			return 0, err
		}
	}
	if d.log != nil {
		pass := t.pass(face)
		word := passWord(t.stage, pass)
		if pass && redo {
			word = msg.New("engine.word.to_reroll", d.m.rerollWhy(t, face))
		}
		need := t.need.Floored(int(t.floor))
		if !pass && face >= t.need.Value() && need != t.need { // a face the written target would meet
			word = naturalFails(word, t.need, int(t.floor))
		}
		d.m.emit(d.log, rearrank.Event{Kind: rearrank.Roll, Stage: t.stage, Attack: item, Sides: 6, Face: face, Need: need, Pass: pass,
			Rule: t.rule(of == 0), Msg: msg.New("engine.die.roll", d.m.what(t, item, of), face, targetArg(need), word)})
	}
	return face, nil
}

// targetArg is a target number as an argument of a message, "4+": the
// usual ones boxed once (targets), as passWords are.
func targetArg(t rules.Target) any {
	if v := t.Value(); !t.IsNone() && v >= 0 && v < len(targets) {
		return targets[v]
	}
	return t.String()
}

var targets = func() (out [11]any) {
	for v := range out {
		out[v] = rules.Need(v).String()
	}
	return out
}()

// naturalFails is word, the outcome of a die that failed, with the reason
// a face the written target need would meet failed: the natural faces up
// to floor always fail, "1" or "1 or 2".
func naturalFails(word any, need rules.Target, floor int) msg.Message {
	if floor <= 1 {
		return msg.New("engine.word.natural_one_fails", word, need.String())
	}
	return msg.New("engine.word.natural_fails", word, need.String(), floor)
}

// what names the die of test t for item of items, for the log and for a
// person asked to roll it.
func (m *Machine) what(t *test, item, of int) msg.Message {
	a := m.attack()
	switch t.stage {
	case rearrank.Hit:
		if of > 0 {
			return msg.New("engine.die.hit", item, of)
		}
		return msg.New("engine.die.hit.attack", item)
	case rearrank.HitAgain:
		if of > 0 {
			return msg.New("engine.die.hit_again", t.need.Value()+3, item, of)
		}
		return msg.New("engine.die.hit_again.attack", t.need.Value()+3, item)
	case rearrank.Wound:
		if of > 0 {
			return msg.New("engine.die.wound", item, of, a.Strength, m.s.recv.t)
		}
		return msg.New("engine.die.wound.attack", item, a.Strength, m.s.recv.t)
	case rearrank.Armour:
		if of > 0 {
			return msg.New("engine.die.armour", item, of)
		}
		return msg.New("engine.die.armour.attack", item)
	case rearrank.Special:
		if of > 0 {
			return msg.New("engine.die.special", specialMsg(t.kind), item, of)
		}
		return msg.New("engine.die.special.attack", specialMsg(t.kind), item)
	case rearrank.Regenerate:
		return msg.New("engine.die.regenerate", item, of)
	}
	return t.stage.Msg()
}

// rule returns the RULES.md section of the test's stage, in skirmish's
// numbering when skirmish.
func (t *test) rule(skirmish bool) string {
	switch t.stage {
	case rearrank.Hit, rearrank.HitAgain:
		return "RULES.md 5"
	case rearrank.Wound:
		return "RULES.md 6.1"
	case rearrank.Armour:
		return pick(skirmish, "RULES.md 7.4", "RULES.md 7")
	case rearrank.Special:
		return pick(skirmish, "RULES.md 8.4", "RULES.md 8")
	case rearrank.Regenerate:
		return "RULES.md 22.6"
	}
	return "RULES.md 13" // the helmet (13)
}

// passWord says what a die of stage s did: "hit", "fails to wound", as
// an argument of the die's message.
func passWord(s rearrank.Stage, pass bool) any {
	w := &passWords.other
	switch s {
	case rearrank.Hit, rearrank.HitAgain:
		w = &passWords.hit
	case rearrank.Wound:
		w = &passWords.wound
	case rearrank.Armour, rearrank.Special, rearrank.Helmet:
		w = &passWords.save
	case rearrank.Regenerate:
		w = &passWords.regen
	}
	return w[b2i(pass)]
}

// passWords are the words of passWord, failed and passed, boxed once: an
// argument of a message is an interface, and boxing a Message for every
// die of a log would cost an allocation each.
var passWords = struct{ hit, wound, save, regen, other [2]any }{
	hit:   [2]any{msg.New("engine.word.miss"), msg.New("engine.word.hit")},
	wound: [2]any{msg.New("engine.word.no_wound"), msg.New("engine.word.wounds")},
	save:  [2]any{msg.New("engine.word.failed"), msg.New("engine.word.saved")},
	regen: [2]any{msg.New("engine.word.lost"), msg.New("engine.word.regenerated")},
	other: [2]any{msg.New("engine.word.fail"), msg.New("engine.word.pass")},
}

func pick[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}

// note logs a rule applied without a die: the message id of the catalogue
// with args. Its arguments are boxed before the call, so calls on paths
// that run per die check log first; the message holds a copy of them, made
// only when there is a log, so that the caller's slice stays on its stack.
func (m *Machine) note(log func(rearrank.Event), stage rearrank.Stage, rule string, id msg.ID, args ...any) {
	if log == nil {
		return
	}
	m.emit(log, rearrank.Event{Kind: rearrank.Note, Stage: stage, Rule: rule, Msg: msg.Message{ID: id, Args: slices.Clone(args)}})
}
