package referee

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
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
// runs it over every face of every die, merging machines with equal Key.
// Step changes the Machine: Clone it first to keep the old state.
type Machine struct {
	u       *unit.Unit
	attacks []Attack
	ch      unit.Chooser

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
	tally        Tally
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
	return &Machine{u: u.Clone(), attacks: attacks, ch: ch}, nil
}

// Clone returns an independent copy of m.
func (m *Machine) Clone() *Machine {
	c := *m
	c.u = m.u.Clone()
	c.crits = append([]string(nil), m.crits...)
	return &c
}

// Done reports whether every attack group has been resolved.
func (m *Machine) Done() bool { return m.at == stepDone }

// Unit returns the unit as it stands now (owned by m; Clone it to keep it).
func (m *Machine) Unit() *unit.Unit { return m.u }

// Tally returns the running totals.
func (m *Machine) Tally() Tally { return m.tally }

// PanicApplies reports whether any batch so far was outside close combat in
// a block ruleset, so that Tally().Panic means something.
func (m *Machine) PanicApplies() bool { return m.panicApplies }

// Key is a canonical description of everything that decides what the
// remaining steps can do, plus the tallies: two machines with equal keys
// have the same future and the same outcome so far.
func (m *Machine) Key() string {
	var b strings.Builder
	b.WriteString(m.u.Key())
	for _, v := range [...]int{m.batch, int(m.at), m.i, m.n, m.hits, m.wounds, m.lethal, m.failed, m.failedL,
		m.kills, m.unsaved, m.batchCas, m.tally.Casualties, m.tally.Wounds, m.tally.Unsaved, m.tally.Wasted} {
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(v))
	}
	for _, v := range m.tally.ByRole {
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(v))
	}
	for _, f := range [...]bool{m.flamed, m.inBatch, m.panicked, m.tally.Panic, m.tally.Standard, m.panicApplies} {
		if f {
			b.WriteString(",1")
		} else {
			b.WriteString(",0")
		}
	}
	for _, c := range m.crits {
		b.WriteByte(';')
		b.WriteString(c)
	}
	return b.String()
}

// Step runs the next small step, asking r for its dice and passing each
// event to log (which may be nil). On error m is left as it was at the
// start of the step only in the sense that the step is not complete: callers
// that replay a step must Clone before calling.
func (m *Machine) Step(r dice.Roller, log func(Event)) error {
	d := &dieSource{r: r, m: m, log: log}
	switch m.at {
	case stepBegin:
		return m.begin(log)
	case stepCount:
		return m.count(d)
	case stepHit:
		return m.hitStep(d)
	case stepWound:
		return m.woundStep(d)
	case stepArmour:
		return m.armourStep(d)
	case stepSpecial:
		return m.specialStep(d)
	case stepKill:
		return m.killStep(d)
	case stepPacket:
		return m.packetStep(d)
	case stepEnd:
		return m.end(log)
	case stepSkirmish:
		return m.skirmishStep(d)
	}
	return nil
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

// dieSource asks the roller for one die and logs it.
type dieSource struct {
	r   dice.Roller
	m   *Machine
	log func(Event)
}

// roll asks for one die with the given sides. what describes the die for a
// person rolling it; it is only called when the roller can use it.
func (d *dieSource) roll(sides int, stage Stage, what func() string) (int, error) {
	if b, ok := d.r.(dice.Brancher); ok {
		face, err := b.Branch(sides)
		if err != nil {
			return 0, err
		}
		return face, nil
	}
	if a, ok := d.r.(dice.Asker); ok {
		face, err := a.Ask(sides, what())
		if err != nil {
			return 0, d.m.stepError(stage, err)
		}
		if face < 1 || face > sides {
			return 0, d.m.stepError(stage, fmt.Errorf("%s: %w %d on a D%d", what(), dice.ErrBadFace, face, sides))
		}
		return face, nil
	}
	face := d.r.Roll(sides)
	if face < 1 || face > sides {
		return 0, d.m.stepError(stage, fmt.Errorf("%s: %w %d on a D%d", what(), dice.ErrBadFace, face, sides))
	}
	return face, nil
}

// stepError says how many more dice the current step needs at least.
func (m *Machine) stepError(stage Stage, err error) error {
	if errors.Is(err, dice.ErrOutOfDice) && m.n > 0 {
		return fmt.Errorf("attack group %d, %s: %w; this step needs at least %d more dice (%d of %d done)",
			m.batch+1, stage, err, m.n-m.i, m.i, m.n)
	}
	return fmt.Errorf("attack group %d, %s: %w", m.batch+1, stage, err)
}

// test rolls one D6 against need with the given natural floor and logs it.
// what names the die ("to-wound, hit 3 of 12"), built only when needed.
func (d *dieSource) test(stage Stage, attack int, need rules.Target, floor int, rule string, what func() string) (bool, int, error) {
	face, err := d.roll(6, stage, func() string { return what() + ", need " + need.String() })
	if err != nil {
		return false, 0, err
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

func (m *Machine) note(log func(Event), stage Stage, rule, format string, args ...any) {
	m.emit(log, Event{Kind: Note, Stage: stage, Rule: rule, Text: fmt.Sprintf(format, args...)})
}

// begin starts the next attack group: the phase, the receiving model and
// every target number of the batch (fixed before any die is rolled).
func (m *Machine) begin(log func(Event)) error {
	a := m.attack()
	if !m.phaseSeen || a.Phase != m.phase {
		m.phaseSeen, m.phase, m.panicked = true, a.Phase, false
		m.u.StartPhase()
		m.crits = m.crits[:0]
	}
	if a.Phase != rules.Melee && m.rs().Block() {
		m.panicApplies = true
	}
	m.hits, m.wounds, m.lethal, m.failed, m.failedL, m.kills, m.unsaved, m.flamed, m.batchCas = 0, 0, 0, 0, 0, 0, 0, false, 0
	name := a.Name
	if name == "" {
		name = fmt.Sprintf("attack group %d", m.batch+1)
	}
	m.emit(log, Event{Kind: BatchStart, Text: fmt.Sprintf("%s: %s attacks, S%d, %s phase", name, a.Count, a.Strength, a.Phase)})
	recv, aim, err := receiver(m.u, a.Target)
	if err != nil {
		m.note(log, NoStage, "DESIGN.md scenario", "no model to receive the attacks (%v): nothing is rolled", err)
		m.at = stepEnd
		return nil
	}
	m.recv, m.aim = recv, aim
	if aim != a.Target {
		m.note(log, NoStage, "RULES.md 10.1", "only the champion is left of the rank and file: the attacks strike him")
	}
	m.targets()
	m.u.StartBatch(m.ch)
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
	if err == nil || t.Role != unit.RankAndFile || (u.Ruleset() != rules.T9A && u.Ruleset() != rules.T9A1RU) {
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
	case rs == rules.T9A:
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

// count rolls the number of attacks when it is a dice expression.
func (m *Machine) count(d *dieSource) error {
	a := m.attack()
	n, ok := a.Count.Const()
	if !ok {
		var err error
		if n, err = m.rollExpr(d, a.Count, Attacks, 0, func() string { return "number of attacks" }); err != nil {
			return err
		}
		m.note(d.log, Attacks, "", "%s attacks: %d", a.Count, n)
	}
	if m.rs() == rules.Skirmish {
		m.i, m.n, m.at = 0, n, stepSkirmish
		return m.advance(d.log)
	}
	if a.Hit.Auto() {
		m.hits = n
		m.note(d.log, Hit, "RULES.md 5", "%d automatic hits", n)
		m.startWounds(d.log)
		return nil
	}
	if !m.canHit {
		m.note(d.log, Hit, "RULES.md 5", "cannot hit: nothing is rolled")
		m.at = stepEnd
		return nil
	}
	m.i, m.n, m.at = 0, n, stepHit
	return m.advance(d.log)
}

// rollExpr rolls a dice expression die by die.
func (m *Machine) rollExpr(d *dieSource, e dice.Expr, stage Stage, attack int, what func() string) (int, error) {
	n, sides := e.Dice()
	total := e.Modifier()
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
		return m.advance(log)
	case stepPacket, stepSkirmish:
		m.at = stepEnd
	}
	return nil
}

func (m *Machine) hitStep(d *dieSource) error {
	m.i++
	pass, face, err := d.test(Hit, m.i, m.hit1, 1, "RULES.md 5", func() string { return fmt.Sprintf("to-hit, attack %d of %d", m.i, m.n) })
	if err != nil {
		m.i--
		return err
	}
	if pass && !m.hit2.IsNone() {
		_ = face
		if pass, _, err = d.test(HitAgain, m.i, m.hit2, 1, "RULES.md 5", func() string { return fmt.Sprintf("7+ to hit, second die, attack %d", m.i) }); err != nil {
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
	if m.n > 0 && !m.woundNeed.Possible() {
		m.note(log, Wound, "RULES.md 6.1", "S%d vs T%d cannot wound: nothing is rolled", m.attack().Strength, m.recv.T)
		m.n = 0
	}
	_ = m.advance(log)
}

func (m *Machine) woundStep(d *dieSource) error {
	a := m.attack()
	m.i++
	pass, face, err := d.test(Wound, m.i, m.woundNeed, 1, "RULES.md 6.1", func() string {
		return fmt.Sprintf("to-wound, hit %d of %d, S%d vs T%d", m.i, m.n, a.Strength, m.recv.T)
	})
	if err != nil {
		m.i--
		return err
	}
	if pass {
		switch {
		case a.InstantKill:
			m.kills++
		case a.LethalStrike && face == 6 && (m.rs() == rules.T9A || m.rs() == rules.T9A1RU):
			m.lethal++
		default:
			m.wounds++
		}
		if a.Flaming && (m.rs() == rules.WHFB8 || m.rs() == rules.Battleaxe) && !m.u.RegenLost() {
			m.u.SetRegenLost()
			m.flamed = true
			m.emit(d.log, Event{Kind: RegenLost, Rule: "RULES.md 19.3",
				Text: "wounded by a Flaming attack: no Regeneration for the rest of the phase"})
		}
	}
	return m.advance(d.log)
}

func (m *Machine) startArmour(log func(Event)) {
	a := m.attack()
	if m.kills > 0 {
		m.note(log, Armour, "RULES.md 9.1", "%d instant kills: no saves of any kind", m.kills)
	}
	total := m.wounds + m.lethal
	m.i, m.n, m.at = 0, total, stepArmour
	if total == 0 {
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
		d.m.note(d.log, Armour, "RULES.md 19.3", "wound %d: Lethal Strike natural 6, no armour save", m.i)
		m.failedL++
		return m.advance(d.log)
	}
	pass, _, err := d.test(Armour, m.i, need, rules.ArmourFloor(m.rs()), "RULES.md 7", func() string { return fmt.Sprintf("armour save, wound %d of %d", m.i, m.n) })
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
		m.note(d.log, Special, "RULES.md 8", "wound %d: no special save applies", m.i)
		m.unsaved++
		return m.advance(d.log)
	}
	pass, _, err := d.test(Special, m.i, need, rules.SpecialFloor(m.rs()), "RULES.md 8", func() string { return fmt.Sprintf("%s save, wound %d of %d", kind, m.i, m.n) })
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
	_ = m.advance(log)
}

func (m *Machine) killStep(d *dieSource) error {
	m.i++
	ch, err := m.u.Apply(unit.Packet{Target: m.aim, Wounds: 1, InstantKill: true})
	if err != nil {
		return err
	}
	m.record(d.log, ch)
	return m.advance(d.log)
}

// packetStep rolls the damage of one unsaved wound and allocates it.
func (m *Machine) packetStep(d *dieSource) error {
	a := m.attack()
	p := unit.Packet{Target: m.aim, Wounds: 1}
	multi := a.Multi() && (a.MWAgainst == nil || *a.MWAgainst == m.recv.TroopType)
	if multi {
		p.Multi = true
		if m.recv.W > 1 {
			k, err := m.rollExpr(d, a.MultipleWounds, Damage, m.i+1, func() string { return fmt.Sprintf("multiple wounds, unsaved wound %d of %d", m.i+1, m.n) })
			if err != nil {
				return err
			}
			if a.ClippedWings && m.recv.Fly && m.rs() == rules.T9A {
				m.note(d.log, Damage, "RULES.md 9.2, E52", "Clipped Wings against Fly: %d+1", k)
				k++
			}
			p.Wounds = k
		}
	}
	m.i++
	ch, err := m.u.Apply(p)
	if err != nil {
		return err
	}
	m.record(d.log, ch)
	return m.advance(d.log)
}

// record logs a change of the unit and adds it to the tallies.
func (m *Machine) record(log func(Event), ch unit.Change) {
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
		slot := c.Slot
		text := fmt.Sprintf("%s removed from rank %d, file %d (worth %d)", roleName(c.Role, c.Name), slot.Rank+1, slot.File+1, c.Worth)
		if c.Rule != "" {
			text += ": " + c.Rule
		}
		m.emit(log, Event{Kind: Casualty, Role: c.Role, Name: c.Name, Slot: &slot, Worth: c.Worth, Rule: "RULES.md 11", Text: text})
	}
	for _, dm := range ch.Damaged {
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

// end closes the batch: champion overflow, panic, destroyed.
func (m *Machine) end(log func(Event)) error {
	if m.inBatch {
		ch, err := m.u.EndBatch()
		if err != nil {
			return err
		}
		m.record(log, ch)
		m.inBatch = false
	}
	a := m.attack()
	if m.rs().Block() && a.Phase != rules.Melee && !m.panicked {
		start := m.u.PhaseStartSize()
		lost := m.u.PhaseCasualties()
		// lost/start >= threshold, exactly (RULES.md 12: 25% or more)
		th := m.opts().Panic()
		if start > 0 && lost > 0 && new(big.Rat).SetFrac64(int64(lost), int64(start)).Cmp(th) >= 0 {
			m.panicked = true
			m.tally.Panic = true
			m.emit(log, Event{Kind: Panic, Rule: "RULES.md 12, 19.3",
				Text: fmt.Sprintf("%d of %d models lost this phase (%s or more): panic test", lost, start, th.RatString())})
		}
	}
	m.emit(log, Event{Kind: BatchEnd, Text: fmt.Sprintf("%d models removed, %d wounds caused; unit now %s", m.batchCas, m.tally.Wounds, m.u.Draw())})
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
