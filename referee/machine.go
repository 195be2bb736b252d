package referee

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// step is where a Machine is in the pipeline of the current batch.
type step int8

const (
	stepBegin    step = iota // start the next batch
	stepCount                // roll the number of attacks
	stepHit                  // one attack's to-hit roll(s)
	stepWound                // one hit's to-wound roll
	stepArmour               // one wound's armour save
	stepSpecial              // one wound's special save
	stepKill                 // one instant kill
	stepPacket               // one unsaved wound: damage dice and allocation
	stepEnd                  // close the batch
	stepSkirmish             // one whole skirmish attack (C19)
	stepDone
)

// Machine is the referee as a sequence of small steps, each asking a
// dice.Roller for the dice it needs. Resolve runs it once; the odds package
// runs it over every face of every die (telling it apart from other rollers
// as a ClassBrancher), merging machines with equal AppendState, and uses
// the hooks of hooks.go to skip steps whose outcome it has worked out from
// the Machine's own steps. Monte Carlo runs it with dice.Seeded and no log,
// and then a step runs on through its loop of items. Step changes the
// Machine: Clone it first to keep the old state. Clones share the unit
// until one of them changes it.
type Machine struct {
	u       *unit.Unit
	attacks []Attack
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
	spare   *unit.Unit
	scratch unit.Change

	batch int  // index of the current attack group
	at    step // next step
	i, n  int  // item i of n in the current step

	// per batch: what the receiving model needs (fixed when the batch begins)
	recv        unit.Model
	aim         unit.Target // where the wounds go: the attack's target, or the champion (receiver)
	hit1, hit2  rules.Target
	canHit      bool
	woundNeed   rules.Target
	armour      rules.Target // ordinary wounds
	armourL     rules.Target // Lethal Strike natural-6 wounds
	special     rules.Target
	specialKind rules.SpecialKind
	specialL    rules.Target
	specialKL   rules.SpecialKind

	// per batch: counts flowing between stages
	hits      int
	wounds    int // ordinary wounds awaiting armour
	lethal    int // Lethal Strike natural-6 wounds awaiting armour
	failed    int // failed armour, awaiting a special save
	failedL   int
	kills     int // instant kills awaiting allocation
	unsaved   int // wounds awaiting damage dice and allocation
	flamed    bool
	inBatch   bool // the unit's StartBatch was called
	batchCas  int
	phaseSeen bool
	phase     rules.Phase

	panicked     bool // the panic threshold was crossed in this phase
	panicApplies bool
	crits        []string // skirmish: attacker|phase whose allowance is used
	allow        string   // skirmish: the allowance key of the current batch
	tally        Tally
}

// fixed is the part of a Machine that NewMachine settles once: clones share it.
type fixed struct {
	// the panic threshold (RULES.md 12) as a fraction, when it fits int64
	panicNum, panicDen int64
	panicBig           bool
	// skirmish: each group's critical table (RULES.md 6.2) by roll, and
	// its classes of faces (critCuts)
	crit     [][6]rules.Critical
	critCuts []uint64
}

// NewMachine prepares a resolution of attacks against a copy of u.
func NewMachine(u *unit.Unit, attacks []Attack, ch unit.Chooser) (*Machine, error) {
	if len(attacks) == 0 {
		return nil, ErrNoAttacks
	}
	for i, a := range attacks {
		if err := a.Validate(u.Ruleset()); err != nil {
			return nil, fmt.Errorf("attack group %d: %w", i+1, err)
		}
	}
	f := &fixed{}
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
	th := u.Options().Panic()
	if th.Num().IsInt64() && th.Denom().IsInt64() && th.Num().Int64() < 1<<31 && th.Denom().Int64() < 1<<31 {
		f.panicNum, f.panicDen = th.Num().Int64(), th.Denom().Int64()
	} else {
		f.panicBig = true
	}
	return &Machine{u: u.Clone(), attacks: attacks, ch: ch, fixed: f}, nil
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
	m.crits = from.crits[:len(from.crits):len(from.crits)] // an append copies
	m.spare, m.scratch = spare, scratch
}

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
	dst.crits = m.crits[:len(m.crits):len(m.crits)]
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
func (m *Machine) uw() *unit.Unit {
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
func (m *Machine) Done() bool { return m.at == stepDone }

// Unit returns the unit as it stands now (owned by m; Clone it to keep it).
func (m *Machine) Unit() *unit.Unit { return m.uw() }

// Tally returns the running totals.
func (m *Machine) Tally() Tally { return m.tally }

// SetTally replaces the running totals. Steps only add to the totals (and
// set their flags), never read them, so a caller that keeps totals apart
// from the state, as the odds package does, can zero them, step, and read
// what the step added.
func (m *Machine) SetTally(t Tally) { m.tally = t }

// PanicApplies reports whether any batch so far was outside close combat in
// a block ruleset, so that Tally().Panic means something.
func (m *Machine) PanicApplies() bool { return m.panicApplies }

// Key is a canonical description of everything that decides what the
// remaining steps can do, plus the tallies: two machines with equal keys
// have the same future and the same outcome so far.
func (m *Machine) Key() string {
	var stack [128]byte
	b := m.AppendState(stack[:0])
	b = appendInt(b, m.batchCas)
	b = appendBool(b, m.flamed)
	t := m.tally
	for _, v := range [...]int{t.Casualties, t.Wounds, t.Unsaved, t.Wasted} {
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
// unit's key, where m is in the pipeline, the counts flowing between the
// stages, the batch's target numbers, the phase flags. It leaves out the
// tallies (see SetTally) and what only the log shows. Counts that no later
// step reads are zeroed as the pipeline moves on, so machines that differ
// only in them describe alike. Descriptions compare machines made from one
// NewMachine.
func (m *Machine) AppendState(b []byte) []byte {
	if !m.ukeyOK {
		m.ukey, m.ukeyOK = m.u.Key(), true
	}
	b = appendInt(b, len(m.ukey))
	b = append(b, m.ukey...)
	for _, v := range [...]int{m.batch, int(m.at), m.i, m.n, m.hits, m.wounds, m.lethal, m.failed, m.failedL, m.kills, m.unsaved} {
		b = appendInt(b, v)
	}
	var flags byte
	for i, f := range [...]bool{m.inBatch, m.panicked, m.panicApplies} {
		if f {
			flags |= 1 << i
		}
	}
	b = append(b, flags)
	if m.at > stepBegin && m.at < stepEnd || m.at == stepSkirmish {
		// fixed when the batch began, from the unit as it stood then
		for _, t := range [...]rules.Target{m.hit1, m.hit2, m.woundNeed, m.armour, m.armourL, m.special, m.specialL} {
			b = appendInt(b, t.Value())
			b = appendBool(b, t.IsNone())
		}
		b = append(b, byte(m.specialKind), byte(m.specialKL), byte(m.recv.TroopType), byte(m.aim.Role))
		b = appendBool(b, m.canHit)
		b = appendBool(b, m.recv.Fly)
		b = appendInt(b, m.recv.W)
		b = appendInt(b, m.recv.T)
	}
	b = appendInt(b, len(m.crits))
	for _, c := range m.crits {
		b = appendInt(b, len(c))
		b = append(b, c...)
	}
	return b
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

func appendBool(b []byte, f bool) []byte {
	if f {
		return append(b, 1)
	}
	return append(b, 0)
}

// Step runs the next small step, asking r for its dice and passing each
// event to log (which may be nil). On error m is left as it was at the
// start of the step only in the sense that the step is not complete: callers
// that replay a step must Clone before calling.
func (m *Machine) Step(r dice.Roller, log func(Event)) error {
	if s, ok := r.(*dice.Seeded); ok && log == nil {
		if ran, err := m.seededLoop(s); ran {
			return err
		}
	}
	d := dieSource{m: m, log: log}
	d.caps = m.caps(r)
	switch m.at {
	case stepBegin:
		return m.begin(log)
	case stepCount:
		return m.count(&d)
	case stepEnd:
		return m.end(log)
	}
	return m.loop(&d)
}

// loop runs one item of the loop m stands in (one attack's to-hit roll,
// one wound's save...) and, when nobody can watch between the items -
// seeded dice and no log, as in Monte Carlo - the loop's next items too,
// with the same code: a call per die saved. (Step sends the loops of D6
// tests with seeded dice and no log to seededLoop instead.)
func (m *Machine) loop(d *dieSource) error {
	at, batch := m.at, m.batch
	for {
		var err error
		switch m.at {
		case stepHit:
			err = m.hitStep(d)
		case stepWound:
			err = m.woundStep(d)
		case stepArmour:
			err = m.armourStep(d)
		case stepSpecial:
			err = m.specialStep(d)
		case stepKill:
			err = m.killStep(d)
		case stepPacket:
			err = m.packetStep(d)
		case stepSkirmish:
			err = m.skirmishStep(d)
		default:
			return nil
		}
		if err != nil || d.caps.seeded == nil || d.log != nil || m.at != at || m.batch != batch {
			return err
		}
	}
}

// seededLoop is loop for seeded dice and no log in the loops of D6 tests
// (to-hit, to-wound, armour and special saves): the same items, dice and
// results as their steps, with the rolls made directly, not through test.
// It reports false, having done nothing, in any other loop.
func (m *Machine) seededLoop(s *dice.Seeded) (bool, error) {
	switch m.at {
	case stepHit:
		i, hits := m.i, m.hits
		hit1, hit2 := m.hit1, m.hit2
		for {
			i++
			pass := hit1.Succeeds(s.Roll(6), 1)
			if pass && !hit2.IsNone() {
				pass = hit2.Succeeds(s.Roll(6), 1)
			}
			hits += b2i(pass)
			if i >= m.n {
				break
			}
		}
		m.i, m.hits = i, hits
	case stepWound:
		a := m.attack()
		lethalSix := m.lethalSix(a)
		for {
			m.i++
			face := s.Roll(6)
			if m.woundNeed.Succeeds(face, 1) {
				m.wounded(nil, a, lethalSix, face)
			}
			if m.i >= m.n {
				break
			}
		}
	case stepArmour:
		floor := rules.ArmourFloor(m.rs())
		for {
			m.i++
			lethal := m.i > m.wounds
			need := m.armour
			if lethal {
				need = m.armourL
			}
			switch {
			case !need.Possible():
				m.failedL++ // as armourStep counts it
			case need.Succeeds(s.Roll(6), floor):
			case lethal:
				m.failedL++
			default:
				m.failed++
			}
			if m.i >= m.n {
				break
			}
		}
	case stepSpecial:
		floor := rules.SpecialFloor(m.rs())
		i, unsaved := m.i, m.unsaved
		for {
			i++
			need := m.special
			if i > m.failed {
				need = m.specialL
			}
			unsaved += b2i(need.IsNone() || !need.Succeeds(s.Roll(6), floor))
			if i >= m.n {
				break
			}
		}
		m.i, m.unsaved = i, unsaved
	default:
		return false, nil
	}
	return true, m.advance(nil)
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (m *Machine) rs() rules.Ruleset   { return m.u.Ruleset() }
func (m *Machine) opts() rules.Options { return m.u.Options() }
func (m *Machine) attack() *Attack     { return &m.attacks[m.batch] }
func (m *Machine) emit(log func(Event), e Event) {
	if log != nil {
		e.Batch = m.batch + 1
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

// caps returns what r can do; Monte Carlo and the odds ask it for every die.
func (m *Machine) caps(r dice.Roller) rollerCaps {
	if s, ok := r.(*dice.Seeded); ok {
		return rollerCaps{r: r, seeded: s}
	}
	c := rollerCaps{r: r}
	if cb, ok := r.(ClassBrancher); ok {
		c.cb, c.b = cb, cb
	} else if b, ok := r.(dice.Brancher); ok {
		c.b = b
	} else if a, ok := r.(dice.Asker); ok {
		c.a = a
	}
	return c
}

// dieSource asks the roller for one die and logs it.
type dieSource struct {
	caps rollerCaps
	m    *Machine
	log  func(Event)
}

// roll asks for one die with the given sides. what describes the die for a
// person rolling it; it is only called when the roller can use it.
func (d *dieSource) roll(sides int, stage Stage, what func() string) (int, error) {
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
func (d *dieSource) rollClass(sides int, cuts uint64, stage Stage, what func() string) (int, error) {
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

func (d *dieSource) ask(sides int, stage Stage, what func() string) (int, error) {
	if d.caps.a != nil {
		face, err := d.caps.a.Ask(sides, what())
		if err != nil {
			return 0, d.m.stepError(stage, err)
		}
		if face < 1 || face > sides {
			return 0, d.m.stepError(stage, fmt.Errorf("%s: %w %d on a D%d", what(), dice.ErrBadFace, face, sides))
		}
		return face, nil
	}
	face := d.caps.r.Roll(sides)
	if face < 1 || face > sides {
		return 0, d.m.stepError(stage, fmt.Errorf("%s: %w %d on a D%d", what(), dice.ErrBadFace, face, sides))
	}
	return face, nil
}

// stepError says how many more dice the current step needs at least.
func (m *Machine) stepError(stage Stage, err error) error {
	if errors.Is(err, dice.ErrOutOfDice) && m.n > 0 {
		done := m.i // items finished; every step but the packet step counts its item before rolling
		if m.at != stepPacket {
			done--
		}
		return fmt.Errorf("attack group %d, %s: %w; this step needs at least %d more dice (%d of %d done)",
			m.batch+1, stage, err, m.n-done, done, m.n)
	}
	return fmt.Errorf("attack group %d, %s: %w", m.batch+1, stage, err)
}

// passCuts returns the classes of a D6 rolled against need with the given
// natural floor: fail and pass, and a natural 6 of its own when six says
// the face matters beyond passing (Lethal Strike, skirmish criticals).
func passCuts(need rules.Target, floor int, six bool) uint64 {
	var cuts uint64
	if need.Possible() {
		if p := max(need.Value(), floor+1); p >= 2 && p <= 6 {
			cuts |= 1 << p
		}
	}
	if six {
		cuts |= 1 << 6
	}
	return cuts
}

// test rolls one D6 against need with the given natural floor and logs it.
// what names the die ("to-wound, hit 3 of 12"), built only when needed. six
// says whether the caller looks at a natural 6 beyond the pass.
func (d *dieSource) test(stage Stage, attack int, need rules.Target, floor int, six bool, rule string, what func() string) (bool, int, error) {
	var face int
	if d.caps.seeded != nil {
		face = d.caps.seeded.Roll(6)
		if d.log == nil {
			return need.Succeeds(face, floor), face, nil
		}
	} else {
		var err error
		face, err = d.rollClass(6, passCuts(need, floor, six), stage, func() string { return what() + ", need " + need.String() })
		if err != nil {
			return false, 0, err
		}
	}
	pass := need.Succeeds(face, floor)
	if d.log != nil {
		d.m.emit(d.log, Event{Kind: Roll, Stage: stage, Attack: attack, Sides: 6, Face: face, Need: need, Pass: pass,
			Rule: rule, Text: fmt.Sprintf("%s: %d vs %s, %s", what(), face, need, passWord(stage, pass))})
	}
	return pass, face, nil
}

func passWord(s Stage, pass bool) string {
	switch s {
	case Hit, HitAgain:
		return pick(pass, "hit", "miss")
	case Wound:
		return pick(pass, "wounds", "fails to wound")
	case Armour, Special, Helmet:
		return pick(pass, "saved", "failed")
	}
	return pick(pass, "pass", "fail")
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// note logs a rule applied without a die. Its arguments are boxed before
// the call, so calls on paths that run per die check log first.
func (m *Machine) note(log func(Event), stage Stage, rule, format string, args ...any) {
	if log == nil {
		return
	}
	m.emit(log, Event{Kind: Note, Stage: stage, Rule: rule, Text: fmt.Sprintf(format, args...)})
}

// begin starts the next attack group: the phase, the receiving model and
// every target number of the batch (fixed before any die is rolled).
func (m *Machine) begin(log func(Event)) error {
	a := m.attack()
	if !m.phaseSeen || a.Phase != m.phase {
		m.phaseSeen, m.phase, m.panicked = true, a.Phase, false
		m.uw().StartPhase()
		m.crits = nil // clones may share the old backing array
	}
	if !rules.For(m.rs()).Block {
		m.allow = m.allowanceKey()
	}
	if a.Phase != rules.Melee && m.rs().Block() {
		m.panicApplies = true
	}
	m.hits, m.wounds, m.lethal, m.failed, m.failedL, m.kills, m.unsaved, m.flamed, m.batchCas = 0, 0, 0, 0, 0, 0, 0, false, 0
	if log != nil {
		name := a.Name
		if name == "" {
			name = fmt.Sprintf("attack group %d", m.batch+1)
		}
		m.emit(log, Event{Kind: BatchStart, Text: fmt.Sprintf("%s: %s attacks, S%d, %s phase", name, a.Count, a.Strength, a.Phase)})
	}
	recv, aim, err := receiver(m.u, a.Target)
	if err != nil {
		m.note(log, NoStage, "DESIGN.md scenario", "no model to receive the attacks (%v): nothing is rolled", err)
		m.toEnd()
		return nil
	}
	m.recv, m.aim = recv, aim
	if aim != a.Target {
		m.note(log, NoStage, "RULES.md 10.1", "only the champion is left of the rank and file: the attacks strike him")
	}
	m.targets()
	if err := m.ownerSaves(log); err != nil {
		return err
	}
	m.uw().StartBatch(m.ch)
	m.inBatch = true
	m.i, m.n = 0, 0
	m.at = stepCount
	return nil
}

// receiver returns the model an attack group rolls against. In t9a and
// t9a1-ru the champion is a pool of his own that takes the rank and file's
// overflow once every other rank-and-file model is gone (RULES.md 10.1), so
// attacks on the rank and file of a unit with only its champion left roll
// against him.
//
// It also returns the target the wounds go to: the champion in that case.
func receiver(u *unit.Unit, t unit.Target) (unit.Model, unit.Target, error) {
	recv, err := u.Receiver(t)
	if err == nil || t.Role != unit.RankAndFile || !rules.For(u.Ruleset()).ChampionPool {
		return recv, t, err
	}
	if u.Count(unit.RankAndFile)+u.Count(unit.Musician)+u.Count(unit.StandardBearer) > 0 {
		return recv, t, err
	}
	champ := unit.Target{Role: unit.Champion}
	if m, cerr := u.Receiver(champ); cerr == nil {
		return m, champ, nil
	}
	return recv, t, err
}

// Needs are the target numbers of one attack group against its receiving
// model, fixed before any die of the batch is rolled.
type Needs struct {
	Hit, HitAgain   rules.Target // HitAgain is the second die of a 7+ procedure
	AutoHit, CanHit bool
	Wound           rules.Target
	Armour          rules.Target // ordinary wounds
	ArmourLethal    rules.Target // Lethal Strike natural-6 wounds (19.3)
	Special         rules.Target
	SpecialKind     rules.SpecialKind
	SpecialLethal   rules.Target
	SpecialKindL    rules.SpecialKind
}

// Plan returns the target numbers of attack a against u's receiving model:
// the numbers the referee rolls against in the batch.
func Plan(u *unit.Unit, a Attack) (Needs, error) {
	recv, _, err := receiver(u, a.Target)
	if err != nil {
		return Needs{}, err
	}
	return plan(u, a, recv), nil
}

func plan(u *unit.Unit, a Attack, recv unit.Model) Needs {
	rs, o := u.Ruleset(), u.Options()
	var n Needs
	var need rules.Target
	switch {
	case !a.Hit.Need.IsNone():
		need = rules.TargetToHit(rs, a.Hit.Need, a.Hit.Modifier)
	case a.Hit.BS != 0:
		need = rules.ShootingToHit(rs, a.Hit.BS, a.Hit.Modifier)
	case a.Hit.WS != 0:
		need = rules.MeleeToHit(rs, a.Hit.WS, recv.WS, o)
		if a.Hit.Modifier != 0 {
			need = rules.TargetToHit(rs, need, a.Hit.Modifier)
		}
	}
	if need.IsNone() {
		n.AutoHit, n.CanHit = true, true
	} else {
		n.Hit, n.HitAgain, n.CanHit = rules.HitRolls(rs, need, o)
	}
	n.Wound = rules.ToWound(rs, a.Strength, recv.T, o)
	pen := rules.Penetration{Strength: a.Strength, AP: a.AP, ArmourPiercing: a.ArmourPiercing}
	n.Armour = rules.ArmourSave(rs, recv.Save, recv.TroopType, pen, o)
	n.ArmourLethal = n.Armour
	switch {
	case rules.For(rs).LethalStrikeAP:
		pen.AP = 10 // Lethal Strike (19.3)
		n.ArmourLethal = rules.ArmourSave(rs, recv.Save, recv.TroopType, pen, o)
	case rules.LethalStrikeNoArmour(rs):
		n.ArmourLethal = rules.None
	}
	if a.NoSaves || a.IgnoreArmour || a.InstantKill {
		n.Armour, n.ArmourLethal = rules.None, rules.None
	}
	ctx := rules.SaveContext{Flaming: a.Flaming, RegenLost: u.RegenLost(), NoSaves: a.NoSaves || a.InstantKill}
	n.Special, n.SpecialKind = rules.SpecialSave(rs, recv.Specials, ctx, o)
	ctx.LethalSix = true
	n.SpecialLethal, n.SpecialKindL = rules.SpecialSave(rs, recv.Specials, ctx, o)
	return n
}

// targets fixes the target numbers of the batch against the receiver.
func (m *Machine) targets() {
	n := plan(m.u, *m.attack(), m.recv)
	m.hit1, m.hit2, m.canHit = n.Hit, n.HitAgain, n.CanHit
	m.woundNeed = n.Wound
	m.armour, m.armourL = n.Armour, n.ArmourLethal
	m.special, m.specialKind = n.Special, n.SpecialKind
	m.specialL, m.specialKL = n.SpecialLethal, n.SpecialKindL
}

// SaveChooser is implemented by a unit.Chooser that also answers the
// special_save_choice switch (RULES.md 8, 18): given the special saves a
// model may use against the wounds of a batch, best first, it returns the
// index of the one its owner uses.
type SaveChooser interface {
	ChooseSave(model unit.Model, options []rules.SpecialChoice) int
}

// ownerSaves asks the owner which special save the receiving model uses when
// the special_save_choice switch says so and there is a choice.
func (m *Machine) ownerSaves(log func(Event)) error {
	o := m.opts()
	if o.SpecialSaveChoice != rules.SaveOwnerChoice {
		return nil
	}
	a := m.attack()
	for _, lethal := range []bool{false, true} {
		ctx := rules.SaveContext{Flaming: a.Flaming, RegenLost: m.u.RegenLost(), NoSaves: a.NoSaves || a.InstantKill, LethalSix: lethal}
		options := rules.SpecialSaveOptions(m.rs(), m.recv.Specials, ctx, o)
		if len(options) < 2 {
			continue
		}
		sc, ok := m.ch.(SaveChooser)
		if !ok {
			return fmt.Errorf("attack group %d: option special_save_choice=owner_choice: the owner must choose between %d special saves, and no chooser was given", m.batch+1, len(options))
		}
		i := sc.ChooseSave(m.recv, options)
		if i < 0 || i >= len(options) {
			return fmt.Errorf("attack group %d: special save choice %d: want 0 to %d", m.batch+1, i, len(options)-1)
		}
		if lethal {
			m.specialL, m.specialKL = options[i].Save, options[i].Kind
		} else {
			m.special, m.specialKind = options[i].Save, options[i].Kind
			m.note(log, Special, "RULES.md 8, 18", "the owner uses %s %s", options[i].Kind, options[i].Save)
		}
	}
	return nil
}

// count rolls the number of attacks when it is a dice expression.
func (m *Machine) count(d *dieSource) error {
	a := m.attack()
	n, ok := a.Count.Const()
	if !ok {
		var err error
		if n, err = m.rollExpr(d, a.Count, Attacks, 0, func() string { return "number of attacks" }); err != nil {
			return err
		}
		if d.log != nil {
			m.note(d.log, Attacks, "", "%s attacks: %d", a.Count, n)
		}
	}
	if !rules.For(m.rs()).Block {
		m.i, m.n, m.at = 0, n, stepSkirmish
		return m.advance(d.log)
	}
	if a.Hit.Auto() {
		m.hits = n
		if d.log != nil {
			m.note(d.log, Hit, "RULES.md 5", "%d automatic hits", n)
		}
		m.startWounds(d.log)
		return nil
	}
	if !m.canHit {
		m.note(d.log, Hit, "RULES.md 5", "cannot hit: nothing is rolled")
		m.toEnd()
		return nil
	}
	m.i, m.n, m.at = 0, n, stepHit
	return m.advance(d.log)
}

// rollExpr rolls a dice expression die by die.
func (m *Machine) rollExpr(d *dieSource, e dice.Expr, stage Stage, attack int, what func() string) (int, error) {
	n, sides := e.Dice()
	total := e.Modifier()
	if s := d.caps.seeded; s != nil && d.log == nil {
		for range n { // the same dice, with nothing to describe or log
			total += s.Roll(sides)
		}
		return max(total, 0), nil
	}
	for k := 0; k < n; k++ {
		face, err := d.roll(sides, stage, func() string {
			if n == 1 {
				return fmt.Sprintf("%s (%s)", what(), e)
			}
			return fmt.Sprintf("%s (%s, die %d of %d)", what(), e, k+1, n)
		})
		if err != nil {
			return 0, err
		}
		if d.log != nil {
			text := fmt.Sprintf("%s: %s die %d of %d rolls %d", what(), e, k+1, n, face)
			if n == 1 {
				text = fmt.Sprintf("%s: %s rolls %d", what(), e, face)
			}
			m.emit(d.log, Event{Kind: Roll, Stage: stage, Attack: attack, Sides: sides, Face: face, Text: text})
		}
		total += face
	}
	return max(total, 0), nil
}

// advance moves past a stage with no items left.
func (m *Machine) advance(log func(Event)) error {
	if m.i < m.n {
		return nil
	}
	switch m.at {
	case stepHit:
		m.startWounds(log)
	case stepWound:
		m.startArmour(log)
	case stepArmour:
		m.startSpecial(log)
	case stepSpecial:
		m.startDamage(log)
	case stepKill:
		m.i, m.n, m.at = 0, m.unsaved, stepPacket
		m.unsaved = 0
		return m.advance(log)
	case stepPacket, stepSkirmish:
		m.toEnd()
	}
	return nil
}

// toEnd moves on to closing the batch. The item counters mean nothing
// there, so they are zeroed: paths that close alike describe alike.
func (m *Machine) toEnd() { m.at, m.i, m.n = stepEnd, 0, 0 }

func (m *Machine) hitStep(d *dieSource) error {
	m.i++
	pass, face, err := d.test(Hit, m.i, m.hit1, 1, false, "RULES.md 5", func() string { return fmt.Sprintf("to-hit, attack %d of %d", m.i, m.n) })
	if err != nil {
		m.i--
		return err
	}
	if pass && !m.hit2.IsNone() {
		_ = face
		if pass, _, err = d.test(HitAgain, m.i, m.hit2, 1, false, "RULES.md 5", func() string { return fmt.Sprintf("7+ to hit, second die, attack %d", m.i) }); err != nil {
			m.i--
			return err
		}
	}
	if pass {
		m.hits++
	}
	return m.advance(d.log)
}

func (m *Machine) startWounds(log func(Event)) {
	m.i, m.n, m.at = 0, m.hits, stepWound
	m.hits = 0
	if m.n > 0 && !m.woundNeed.Possible() {
		m.note(log, Wound, "RULES.md 6.1", "S%d vs T%d cannot wound: nothing is rolled", m.attack().Strength, m.recv.T)
		m.n = 0
	}
	_ = m.advance(log)
}

func (m *Machine) woundStep(d *dieSource) error {
	a := m.attack()
	m.i++
	lethalSix := m.lethalSix(a)
	pass, face, err := d.test(Wound, m.i, m.woundNeed, 1, lethalSix, "RULES.md 6.1", func() string {
		return fmt.Sprintf("to-wound, hit %d of %d, S%d vs T%d", m.i, m.n, a.Strength, m.recv.T)
	})
	if err != nil {
		m.i--
		return err
	}
	if pass {
		m.wounded(d.log, a, lethalSix, face)
	}
	return m.advance(d.log)
}

// lethalSix reports whether a natural 6 to wound is a Lethal Strike wound
// (t9a, t9a1-ru).
func (m *Machine) lethalSix(a *Attack) bool {
	return a.LethalStrike && rules.For(m.rs()).LethalStrike
}

// wounded counts a passed to-wound roll of the given face.
func (m *Machine) wounded(log func(Event), a *Attack, lethalSix bool, face int) {
	switch {
	case a.InstantKill:
		m.kills++
	case lethalSix && face == 6:
		m.lethal++
	default:
		m.wounds++
	}
	if a.Flaming && rules.For(m.rs()).FlamingStopsRegeneration && !m.u.RegenLost() {
		m.uw().SetRegenLost()
		m.flamed = true
		m.emit(log, Event{Kind: RegenLost, Rule: "RULES.md 19.3",
			Text: "wounded by a Flaming attack: no Regeneration for the rest of the phase"})
	}
}

func (m *Machine) startArmour(log func(Event)) {
	a := m.attack()
	if m.kills > 0 {
		m.note(log, Armour, "RULES.md 9.1", "%d instant kills: no saves of any kind", m.kills)
	}
	total := m.wounds + m.lethal
	m.i, m.n, m.at = 0, total, stepArmour
	if total == 0 {
		m.lethal = 0
		_ = m.advance(log)
		return
	}
	skip := ""
	switch {
	case a.NoSaves:
		skip = "the attack allows no saves"
	case a.IgnoreArmour:
		skip = "the attack ignores armour"
	case !m.armour.Possible() && !m.armourL.Possible():
		if m.armour.IsNone() {
			skip = "the model has no armour save"
		} else {
			skip = fmt.Sprintf("armour save impossible (needs %s)", m.armour)
		}
	}
	if skip != "" {
		m.note(log, Armour, "RULES.md 7", "%d wounds: %s", total, skip)
		m.failed, m.failedL = m.wounds, m.lethal
		m.n = 0
	}
	m.lethal = 0 // counted in n; armourStep tells them apart by wounds
	_ = m.advance(log)
}

func (m *Machine) armourStep(d *dieSource) error {
	m.i++
	lethal := m.i > m.wounds
	need := m.armour
	if lethal {
		need = m.armourL
	}
	if !need.Possible() {
		if d.log != nil {
			d.m.note(d.log, Armour, "RULES.md 19.3", "wound %d: Lethal Strike natural 6, no armour save", m.i)
		}
		m.failedL++
		return m.advance(d.log)
	}
	pass, _, err := d.test(Armour, m.i, need, rules.ArmourFloor(m.rs()), false, "RULES.md 7", func() string { return fmt.Sprintf("armour save, wound %d of %d", m.i, m.n) })
	if err != nil {
		m.i--
		return err
	}
	if !pass {
		if lethal {
			m.failedL++
		} else {
			m.failed++
		}
	}
	return m.advance(d.log)
}

func (m *Machine) startSpecial(log func(Event)) {
	total := m.failed + m.failedL
	m.i, m.n, m.at = 0, total, stepSpecial
	m.wounds, m.failedL = 0, 0 // specialStep tells the kinds apart by failed
	if total > 0 && m.special.IsNone() && m.specialL.IsNone() {
		m.unsaved = total
		m.n = 0
	}
	_ = m.advance(log)
}

func (m *Machine) specialStep(d *dieSource) error {
	m.i++
	need, kind := m.special, m.specialKind
	if m.i > m.failed {
		need, kind = m.specialL, m.specialKL
	}
	if need.IsNone() {
		if d.log != nil {
			m.note(d.log, Special, "RULES.md 8", "wound %d: no special save applies", m.i)
		}
		m.unsaved++
		return m.advance(d.log)
	}
	pass, _, err := d.test(Special, m.i, need, rules.SpecialFloor(m.rs()), false, "RULES.md 8", func() string { return fmt.Sprintf("%s save, wound %d of %d", kind, m.i, m.n) })
	if err != nil {
		m.i--
		return err
	}
	if !pass {
		m.unsaved++
	}
	return m.advance(d.log)
}

func (m *Machine) startDamage(log func(Event)) {
	m.tally.Unsaved += m.unsaved + m.kills
	if m.unsaved > 0 && m.attack().Multi() && m.recv.W == 1 {
		m.note(log, Damage, "RULES.md 9.2, E41", "W1 models: each unsaved wound removes one model, no damage dice")
	}
	m.i, m.n, m.at = 0, m.kills, stepKill
	m.failed, m.kills = 0, 0
	_ = m.advance(log)
}

func (m *Machine) killStep(d *dieSource) error {
	m.i++
	if err := m.uw().ApplyInto(&m.scratch, unit.Packet{Target: m.aim, Wounds: 1, InstantKill: true}); err != nil {
		return err
	}
	m.record(d.log, &m.scratch)
	return m.advance(d.log)
}

// packetStep rolls the damage of one unsaved wound and allocates it.
func (m *Machine) packetStep(d *dieSource) error {
	k, err := m.rollPacket(d)
	if err != nil {
		return err
	}
	m.i++
	if err := m.applyPacket(d.log, k); err != nil {
		return err
	}
	return m.advance(d.log)
}

// multi reports whether the batch's unsaved wounds are packets (C3): the
// attack has Multiple Wounds against the receiver's troop type.
func (m *Machine) multi() bool {
	a := m.attack()
	return a.Multi() && (a.MWAgainst == nil || *a.MWAgainst == m.recv.TroopType)
}

// rollPacket rolls the damage dice of the next unsaved wound and returns its
// wounds: the Multiple Wounds roll (+1 for Clipped Wings against Fly, E52),
// or 1 with no die for a single wound or a receiver of W1 (RULES.md 9.2,
// E41).
func (m *Machine) rollPacket(d *dieSource) (int, error) {
	a := m.attack()
	if !m.multi() || m.recv.W <= 1 {
		return 1, nil
	}
	k, err := m.rollExpr(d, a.MultipleWounds, Damage, m.i+1, func() string { return fmt.Sprintf("multiple wounds, unsaved wound %d of %d", m.i+1, m.n) })
	if err != nil {
		return 0, err
	}
	if a.ClippedWings && m.recv.Fly && rules.For(m.rs()).ClippedWings {
		if d.log != nil {
			m.note(d.log, Damage, "RULES.md 9.2, E52", "Clipped Wings against Fly: %d+1", k)
		}
		k++
	}
	return k, nil
}

// applyPacket hands one unsaved wound of k wounds (1 for a single wound) to
// the unit and records what it did.
func (m *Machine) applyPacket(log func(Event), k int) error {
	if err := m.uw().ApplyInto(&m.scratch, unit.Packet{Target: m.aim, Wounds: k, Multi: m.multi()}); err != nil {
		return err
	}
	m.record(log, &m.scratch)
	return nil
}

// record logs a change of the unit and adds it to the tallies.
func (m *Machine) record(log func(Event), ch *unit.Change) {
	m.tally.Wounds += ch.Effective
	m.tally.Wasted += ch.Wasted
	for _, n := range ch.Notes {
		m.note(log, Allocation, "", "%s", n)
	}
	for _, c := range ch.Removed {
		m.tally.Casualties++
		m.batchCas++
		if int(c.Role) < len(m.tally.ByRole) {
			m.tally.ByRole[c.Role]++
		}
		if log == nil {
			continue
		}
		slot := c.Slot
		text := fmt.Sprintf("%s removed from rank %d, file %d (worth %d)", roleName(c.Role, c.Name), slot.Rank+1, slot.File+1, c.Worth)
		if c.Rule != "" {
			text += ": " + c.Rule
		}
		m.emit(log, Event{Kind: Casualty, Role: c.Role, Name: c.Name, Slot: &slot, Worth: c.Worth, Rule: "RULES.md 11", Text: text})
	}
	for _, dm := range ch.Damaged {
		if log == nil {
			break
		}
		slot := dm.Slot
		m.emit(log, Event{Kind: Damaged, Role: dm.Role, Name: dm.Name, Slot: &slot, Worth: dm.Damage, Rule: "RULES.md 11",
			Text: fmt.Sprintf("%s at rank %d, file %d carries %d damage", roleName(dm.Role, dm.Name), slot.Rank+1, slot.File+1, dm.Damage)})
	}
	if ch.StandardLost && !m.tally.Standard {
		m.tally.Standard = true
		m.emit(log, Event{Kind: StandardLost, Rule: "RULES.md 12", Text: "the standard bearer is removed: standard lost"})
	}
}

func roleName(r unit.Role, name string) string {
	if name != "" && r == unit.Character {
		return name
	}
	return strings.ReplaceAll(r.String(), "_", "-")
}

// panicCrossed reports whether lost of start models is the panic threshold
// or more, exactly (RULES.md 12: 25% or more).
func (m *Machine) panicCrossed(lost, start int) bool {
	if f := m.fixed; !f.panicBig {
		return int64(lost)*f.panicDen >= f.panicNum*int64(start)
	}
	return new(big.Rat).SetFrac64(int64(lost), int64(start)).Cmp(m.opts().Panic()) >= 0
}

// end closes the batch: champion overflow, panic, destroyed.
func (m *Machine) end(log func(Event)) error {
	if m.inBatch {
		ch, err := m.uw().EndBatch()
		if err != nil {
			return err
		}
		m.record(log, &ch)
		m.inBatch = false
	}
	a := m.attack()
	if m.rs().Block() && a.Phase != rules.Melee && !m.panicked {
		start := m.u.PhaseStartSize()
		lost := m.u.PhaseCasualties()
		if start > 0 && lost > 0 && m.panicCrossed(lost, start) {
			m.panicked = true
			m.tally.Panic = true
			if log != nil {
				m.emit(log, Event{Kind: Panic, Rule: "RULES.md 12, 19.3",
					Text: fmt.Sprintf("%d of %d models lost this phase (%s or more): panic test", lost, start, m.opts().Panic().RatString())})
			}
		}
	}
	if log != nil {
		m.emit(log, Event{Kind: BatchEnd, Text: fmt.Sprintf("%d models removed, %d wounds caused; unit now %s", m.batchCas, m.tally.Wounds, m.u.Draw())})
	}
	if m.u.Destroyed() {
		m.emit(log, Event{Kind: Destroyed, Rule: "RULES.md 12", Text: "no model is left: the unit is destroyed"})
	}
	m.batch++
	if m.batch >= len(m.attacks) {
		m.at = stepDone
	} else {
		m.at = stepBegin
	}
	return nil
}
