package engine

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The pipeline of one attack group (RULES.md 4), stage by stage, in the
// order nextStage follows. Each stage takes its items one at a time (all of
// them in one Step when nobody watches: dieSource.more), asks for the dice
// of one item, decides from the final natural roll where the item goes, and
// logs these events:
//
//	stage    item        dice                           decides                                 events
//	begin    the group   none                           receiver, every target number (tests)   BatchStart, Note
//	count    the group   the Count expression           the number of attacks                   Roll, Note
//	hit      attack      D6 vs hit                      hit, miss, or a 7+ procedure's 6 (5)    Roll (hit), Note (20.2 triggers)
//	again    6 of a 7+   D6 vs hitAgain                 hit or miss (5, 20.1's dice order)      Roll (hit_again)
//	multi    hit         the multiple_hits expression   how many hits it makes (20.3)           Roll, Note
//	wound    hit         D6 vs wound                    a wound of its kind (20.2), or a kill   Roll, Note
//	armour   wound       D6 vs armour[kind]             saved or failed (7)                     Roll, Note
//	special  wound       D6 vs special[kind]            saved, unsaved, or a Killing Blow kill  Roll, Note
//	kill     kill        none                           the model removed (9.1, 20.2)           Casualty, Damaged, StandardLost
//	packet   unsaved     the Multiple Wounds expression its wounds, allocated (9.2, 10, 11)     Roll, Note, Casualty, Damaged, StandardLost
//	hold     the group   none                           a batch of several: kept to allocate    Note (batch.go)
//	end      the group   none                           champion overflow, panic (12)           Panic, BatchEnd, Destroyed
//
// Skirmish (RULES.md 6.2, 13, C19) runs begin, count, then one stage,
// skirmish, whose item is a whole attack: the same hit, wound, armour and
// special tests, then the critical and injury dice (skirmish.go).
//
// A D6 test is a test value (its stage, need and floor); dieSource.test rolls
// it, and is where a re-roll of that stage goes (RULES.md 20.1). The face it
// returns is the final natural roll: a trigger (20.2) reads it in the stage
// that rolled it (wounded reads the Lethal Strike six there, rollHit hands
// back the first to-hit face). A modifier changes the stage's need when the
// batch begins (plan). Each item remembers what decides its later stages:
// wounds wait in pools by kind (woundPool), each kind with its own tests.

// step is where a Machine stands: a stage of the pipeline above.
type step int8

const (
	stepBegin    step = iota // start the next batch
	stepCount                // roll the number of attacks
	stepHit                  // one attack's to-hit roll(s)
	stepMulti                // one hit's multiple-hits dice (20.3)
	stepWound                // one hit's to-wound roll
	stepArmour               // one wound's armour save
	stepSpecial              // one wound's special save
	stepKill                 // one instant kill
	stepPacket               // one unsaved wound: damage dice and allocation
	stepEnd                  // close the batch
	stepSkirmish             // one whole skirmish attack (C19)
	stepReroll               // one die of the re-roll pass after stage reOf (20.1)
	stepHitAgain             // one 7+ procedure's second die (5, 20.1's dice order)
	stepHold                 // a group of a batch of several has rolled (batch.go)
	stepDone
)

// item runs one item of the stage m stands in.
func (m *Machine) item(d *dieSource) error {
	switch m.s.at {
	case stepHit, stepHitAgain:
		return m.hitItem(d)
	case stepMulti:
		return m.multiItem(d)
	case stepWound:
		return m.woundItem(d)
	case stepArmour, stepSpecial:
		return m.saveItem(d)
	case stepKill:
		return m.killItem(d)
	case stepPacket:
		return m.packetItem(d)
	case stepSkirmish:
		return m.skirmishItem(d)
	case stepReroll:
		return m.rerollItem(d)
	}
	return nil
}

// advance moves past a stage with no items left to the next stage.
func (m *Machine) advance(log func(Event)) error {
	if m.s.i < m.s.n || m.s.pend > 0 || m.s.pendX > 0 {
		return nil
	}
	m.nextStage(log)
	return nil
}

// nextStage starts the stage after the one m stands in: the order of the
// pipeline, in one place.
//
// A stage whose dice left re-rolls pending (RULES.md 20.1) is followed by
// its re-roll pass first: the re-roll dice come after all the stage's dice.
func (m *Machine) nextStage(log func(Event)) {
	at := m.s.at
	switch {
	case at == stepReroll:
		at, m.s.reOf = m.s.reOf, stepBegin
	case m.s.re.total() > 0:
		m.startReroll(log)
		return
	}
	switch at {
	case stepHit:
		m.startHitAgain(log)
	case stepHitAgain:
		m.startMulti(log)
	case stepMulti:
		m.startWounds(log)
	case stepWound:
		m.startArmour(log)
	case stepArmour:
		m.startSpecial(log)
	case stepSpecial:
		m.startDamage(log)
	case stepKill:
		if m.s.held != nil {
			m.nextHeld(log)
			return
		}
		m.startPackets(log)
	case stepPacket:
		if m.s.held != nil {
			m.nextHeld(log)
			return
		}
		m.toEnd()
	case stepSkirmish:
		m.toEnd()
	}
}

// test is one D6 test of a stage: the die rolled against need, where the
// natural faces up to floor never pass (RULES.md 3). Make it with newTest.
type test struct {
	stage Stage
	need  rules.Target
	floor int8
	low   int8              // the lowest face that passes, 7 for none: need.Succeeds read once
	six   bool              // a natural 6 decides more than the pass (Lethal Strike, criticals)
	kind  rules.SpecialKind // special saves: which save, for the log
	rr    rules.Reroll      // the rolls re-rolled (20.1)
	trig  uint8             // bit f: a trigger reads whether the natural roll is f or more (20.2)
	retry bool              // the BS 6+ re-roll of a missed shot (22.2)
}

// newTest returns the test of stage against need with the given natural
// floor.
func newTest(stage Stage, need rules.Target, floor int) test {
	t := test{stage: stage, need: need, floor: int8(floor), low: 7}
	for f := 6; f >= 1 && need.Succeeds(f, floor); f-- {
		t.low = int8(f)
	}
	return t
}

// pass reads the final natural face: need.Succeeds(face, floor).
func (t *test) pass(face int) bool { return face >= int(t.low) }

// rerolls reports whether the first roll, natural face, is re-rolled (20.1).
func (t *test) rerolls(face int) bool { return t.rr != 0 && t.rr.Applies(face, t.pass(face)) }

// redoesPass reports whether a success of the test is re-rolled (an
// imposed re-roll of successes, 20.1).
func (t *test) redoesPass() bool { return t.rr&rules.RerollSuccesses != 0 }

// plain reports whether only the pass of the final natural face matters:
// no re-roll (20.1), no trigger (20.2), no natural 6 of its own (19.3).
func (t *test) plain() bool { return t.rr == 0 && t.trig == 0 && !t.six }

// cuts returns the classes of faces the stage tells apart (see
// ClassBrancher): fail and pass, and a natural 6 of its own when six.
func (t test) cuts() uint64 {
	var cuts uint64
	if t.low >= 2 && t.low <= 6 {
		cuts |= 1 << t.low
	}
	if t.six {
		cuts |= 1 << 6
	}
	cuts |= uint64(t.trig) &^ 3
	if t.rr&rules.RerollOnes != 0 && t.low > 2 {
		cuts |= 1 << 2 // a natural 1 is re-rolled, the other failures are not
	}
	return cuts
}

// finalCuts returns the classes of a re-roll's faces: no further re-roll.
func (t test) finalCuts() uint64 {
	f := t
	f.rr = 0
	return f.cuts()
}

// chance returns the chance that the test passes, as the stage rolls it.
func (t test) chance() *big.Rat {
	if t.rr != 0 {
		return rules.RerollChance(int(t.low), t.rr)
	}
	return big.NewRat(int64(t.need.Chance(int(t.floor))), 6)
}

// woundKind tells apart the wounds whose saves differ.
type woundKind int8

const (
	ordinary  woundKind = iota
	lethalSix           // a Lethal Strike natural 6 to wound (19.3)
	baned               // Armour Bane fired: a worse armour save (20.2)
	slaying             // an eligible Killing Blow: no armour, no Regeneration; slain once the ward fails (20.2, 9.1)
	kbSingle            // a Killing Blow on a troop type it cannot slay, battleaxe's way: no armour, no Regeneration, one wound (20.2)
	// poisonHit is a poisoned hit rolling to wound with +2 (tow
	// plus_two, 22.3): a kind at the wound stage's re-roll pass only.
	poisonHit
	woundKinds
)

// woundPool counts the wounds waiting at a stage, by kind: each wound keeps
// what made it. A stage takes them in kind order.
type woundPool [woundKinds]int

func (p *woundPool) total() int {
	n := 0
	for _, c := range p {
		n += c
	}
	return n
}

// next returns the kind of the next wound to take.
func (p *woundPool) next() woundKind {
	for k, c := range p {
		if c > 0 {
			return woundKind(k)
		}
	}
	return ordinary
}

// woundNos numbers the batch's wounds for the log, in the order their
// to-wound dice were rolled (poisoned hits first: they roll none). A stage
// takes the kinds in turn, ordinary wounds before Lethal Strike sixes
// (19.3), so the n-th save rolled need not be the n-th wound: each list
// holds the numbers of the wounds waiting at a step, by kind, in the order
// the step takes them. It is not state: only a logging run fills it.
//
// before is the batch's running wounds total when it began, for the line
// that closes it.
type woundNos struct {
	before             int
	count              int
	wounds, failed, re [woundKinds][]int
}

// add numbers a new wound of kind k.
func (w *woundNos) add(k woundKind) {
	w.count++
	w.wounds[k] = append(w.wounds[k], w.count)
}

// take returns the first number of l and removes it (0 when l is empty).
func take(l *[]int) int {
	if len(*l) == 0 {
		return 0
	}
	n := (*l)[0]
	*l = (*l)[1:]
	return n
}

// batchTests are the D6 tests of every stage of a batch, fixed when it
// begins from its receiver's profile.
type batchTests struct {
	canHit   bool
	autoHit  bool
	hit      test // the first to-hit die
	hitAgain test // the 7+ procedure's second die; need None when there is none
	hitRetry test // the BS 6+ re-roll of a miss (22.2); need None when there is none
	wound    test
	// meleeSeven is Needs.MeleeSeven, for the log
	meleeSeven rules.Target
	// woundPoison is the to-wound roll of a poisoned hit that rolls with
	// +2 (tow plus_two, 22.3); need None where poisoned hits wound
	// automatically.
	woundPoison test
	armour      [woundKinds]test
	special     [woundKinds]test
	regen       test // Regeneration per Wound lost (tow, 22.6); need None when not rolled
	// the to-wound triggers (20.2): the natural rolls that fire them, 0
	// for none; kbSlays says whether a Killing Blow slays the receiver
	kb, lethal, bane rules.Trigger
	kbSlays          bool
	// poison is the to-hit trigger of Poisoned Attacks (20.2), 0 where it
	// cannot fire (Needs.Poison)
	poison rules.Trigger
	// seven is how the to-hit re-rolls meet a 7+ procedure (20.1); each
	// die unless the batch has both a procedure and a re-roll
	seven rules.SevenPlusReroll
}

// testsOf returns the tests the stages roll for needs n.
func testsOf(rs rules.Ruleset, a *Attack, n Needs) batchTests {
	af, sf := rules.ArmourFloor(rs), rules.SpecialFloor(rs)
	t := batchTests{canHit: n.CanHit, autoHit: n.AutoHit,
		hit:      newTest(Hit, n.Hit, 1),
		hitAgain: newTest(HitAgain, n.HitAgain, 1),
		hitRetry: newTest(Hit, n.HitRetry, 1),
		wound:    newTest(Wound, n.Wound, 1),
		regen:    newTest(Regenerate, n.Regeneration, 1), // T-3: a natural 1 fails
	}
	t.hitRetry.retry = true
	t.regen.kind = rules.Regeneration
	t.kb, t.kbSlays, t.lethal, t.bane, t.seven = n.KillingBlow, n.KBSlays, n.LethalStrike, n.ArmourBane, n.SevenPlusReroll
	for _, tr := range []rules.Trigger{t.kb, t.lethal, t.bane} { // to-wound triggers read the final roll (20.2)
		if tr != 0 {
			t.wound.trig |= 1 << tr
		}
	}
	t.hit.rr, t.hitAgain.rr, t.wound.rr = n.HitReroll, n.HitReroll, n.WoundReroll
	t.poison = n.Poison
	t.meleeSeven = n.MeleeSeven
	for _, tr := range []rules.Trigger{n.Poison, a.BattleFocus} { // to-hit triggers read the first die (20.2)
		if tr != 0 {
			t.hit.trig |= 1 << tr
		}
	}
	t.hitRetry.trig = t.hit.trig // the BS 6+ re-roll's face is the one triggers read (U1)
	// a poisoned hit at +2 rolls with the to-wound roll's re-rolls and triggers
	t.woundPoison = newTest(Wound, n.WoundPoison, 1)
	t.woundPoison.six, t.woundPoison.trig, t.woundPoison.rr = t.wound.six, t.wound.trig, t.wound.rr
	t.armour[ordinary] = newTest(Armour, n.Armour, af)
	t.armour[lethalSix] = newTest(Armour, n.ArmourLethal, af)
	t.armour[ordinary].rr, t.armour[lethalSix].rr = n.ArmourReroll, n.ArmourReroll
	t.special[ordinary] = newTest(Special, n.Special, sf)
	t.special[ordinary].kind = n.SpecialKind
	t.special[ordinary].rr = n.SpecialReroll
	t.special[lethalSix] = newTest(Special, n.SpecialLethal, sf)
	t.special[lethalSix].kind = n.SpecialKindL
	t.special[lethalSix].rr = n.SpecialRerollL
	t.armour[baned] = newTest(Armour, n.ArmourBaned, af)
	t.armour[baned].rr = n.ArmourReroll
	t.special[baned] = t.special[ordinary]
	for _, k := range []woundKind{slaying, kbSingle} { // no armour, the ward (20.2)
		t.armour[k] = newTest(Armour, rules.None, af)
		t.special[k] = newTest(Special, n.SpecialKB, sf)
		t.special[k].kind = n.SpecialKindKB
		t.special[k].rr = n.SpecialRerollKB
	}
	return t
}

// Chances are the chances of one attack's stages against the target
// numbers Needs (RULES.md 4): those of the tests the referee rolls, with
// the armour and special needs as a die really needs them (Target.Floored:
// a 1+ save needs 2+, a t9a Aegis 2+ needs 3+).
type Chances struct {
	Needs   Needs
	Hit     *big.Rat // the attack hits (the whole 7+ procedure)
	Wound   *big.Rat // a hit wounds
	Armour  *big.Rat // an ordinary wound is saved by armour (0 when no save is rolled)
	Special *big.Rat // an ordinary wound past armour is saved by the special save
}

// StageChances returns the chances of each stage of one attack of a against
// u's receiving model, from the tests the referee rolls in the batch.
func StageChances(u *alloc.Unit, a Attack) (Chances, error) {
	n, err := Plan(u, a)
	if err != nil {
		return Chances{}, err
	}
	t := testsOf(u.Ruleset(), &a, n)
	c := Chances{Needs: n, Wound: t.wound.chance(), Armour: t.armour[ordinary].chance(), Special: t.special[ordinary].chance()}
	c.Needs.Armour = n.Armour.Floored(rules.ArmourFloor(u.Ruleset()))
	c.Needs.Special = n.Special.Floored(rules.SpecialFloor(u.Ruleset()))
	switch {
	case t.autoHit:
		c.Hit = big.NewRat(1, 1)
	case !t.canHit:
		c.Hit = new(big.Rat)
	case t.hit.need.IsNone():
		c.Hit = big.NewRat(1, 1)
	case t.hitAgain.need.IsNone():
		c.Hit = t.hit.chance()
	case t.seven != rules.EachDie:
		c.Hit = sevenPlusChance(&t)
	default:
		c.Hit = new(big.Rat).Mul(t.hit.chance(), t.hitAgain.chance())
	}
	if !t.hitRetry.need.IsNone() && c.Hit.Sign() > 0 { // 22.2: a miss is re-rolled once
		miss := new(big.Rat).Sub(big.NewRat(1, 1), c.Hit)
		c.Hit.Add(c.Hit, miss.Mul(miss, t.hitRetry.chance()))
	}
	return c, nil
}

// sevenPlusChance is the chance that the 7+ procedure of t hits with one
// re-roll for the whole procedure (failing_die or whole_roll; RULES.md
// 20.1, E91), as sevenPlusOnce rolls it.
func sevenPlusChance(t *batchTests) *big.Rat {
	rr := t.hit.rr
	face := func(low int8) (pass, fail, one *big.Rat) { // chances of a pass, a re-rolled failure, a natural 1
		pass = big.NewRat(int64(7-min(low, 7)), 6)
		fail = new(big.Rat).Sub(big.NewRat(1, 1), pass)
		if rr&rules.RerollFailed == 0 {
			fail = new(big.Rat)
			if rr&rules.RerollOnes != 0 && low > 1 {
				fail = big.NewRat(1, 6)
			}
		}
		return pass, fail, nil
	}
	p1, a1, _ := face(t.hit.low)
	p2, a2, _ := face(t.hitAgain.low)
	mul := func(x ...*big.Rat) *big.Rat {
		r := big.NewRat(1, 1)
		for _, v := range x {
			r.Mul(r, v)
		}
		return r
	}
	add := func(x ...*big.Rat) *big.Rat {
		r := new(big.Rat)
		for _, v := range x {
			r.Add(r, v)
		}
		return r
	}
	imposed := rr&rules.RerollSuccesses != 0
	if t.seven == rules.FailingDie {
		// first die re-rolled: a1 p1 p2; else p1 x (second kept or re-rolled)
		second := add(mul(p2, p2), mul(a2, p2))
		if !imposed {
			second = add(p2, mul(a2, p2))
		}
		return add(mul(a1, p1, p2), mul(p1, second))
	}
	// whole_roll: P0, and once more after a re-rolled failure (the
	// deciding die: the first when it failed, else the second) or an
	// imposed success
	p0 := mul(p1, p2)
	again := add(a1, mul(p1, a2))
	kept := p0
	if imposed {
		kept = mul(p0, p0)
	}
	return add(kept, mul(again, p0))
}

// begin starts the next attack group: the phase, the receiving model and
// every target number of the batch (fixed before any die is rolled).
func (m *Machine) begin(log func(Event)) error {
	a := m.attack()
	s := &m.s
	if m.joined() && s.inBatch {
		return m.beginProfile(log)
	}
	if !s.phaseSeen || a.Phase != s.phase {
		s.phaseSeen, s.phase, s.panicked = true, a.Phase, false
		m.uw().StartPhase()
		s.crits = nil // clones may share the old backing array
	}
	if !rules.For(m.rs()).Block {
		s.allow = m.allowanceKey()
	}
	if a.Phase != rules.Melee && m.rs().Block() {
		s.panicApplies = true
	}
	s.hits, s.wounds, s.failed, s.kills, s.unsaved, s.flamed, s.batchCas, s.singles, s.cleave = 0, woundPool{}, woundPool{}, 0, 0, false, 0, 0, 0
	s.poison, s.mPoison, s.pRoll, s.extra, s.again, s.spent = 0, 0, 0, 0, 0, 0
	m.nos = nil
	if log != nil {
		m.numbers().before = s.tally.Wounds
		text := fmt.Sprintf("%s: %s, S%d, %s phase", m.groupName(), countOf(a.Count.String(), "attack", "attacks"), a.Strength, a.Phase)
		if n := m.profiles(); n > 1 {
			text += fmt.Sprintf("; batch %s, profile 1 of %d", a.Batch, n)
		}
		m.emit(log, Event{Kind: BatchStart, Text: text})
	}
	recv, aim, err := receiver(m.u, a.Target)
	if err != nil {
		switch {
		case m.u.Fighter() != nil: // skirmish: one warrior, no unit (13)
			m.note(log, NoStage, "RULES.md 13", "the warrior is out of action: nothing is rolled")
		case m.u.Destroyed():
			m.note(log, NoStage, "RULES.md 12", "the unit is destroyed: nothing is rolled")
		default:
			m.note(log, NoStage, "RULES.md 10", "no model to receive the attacks (%s): nothing is rolled", strings.TrimPrefix(err.Error(), unit.ErrNoTarget.Error()+": "))
		}
		m.toEnd()
		return nil
	}
	s.recv, s.aim = receivingOf(recv), aim
	s.recv.mixedW = m.u.MixedW(aim)
	if aim != a.Target {
		m.note(log, NoStage, "RULES.md 10.1", "only the champion is left of the rank and file: the attacks strike him")
	}
	s.tests = testsOf(m.rs(), a, plan(m.u, *a, recv))
	if err := m.ownerSaves(log, recv); err != nil {
		return err
	}
	m.uw().StartBatch(m.ch)
	s.inBatch = true
	s.i, s.n = 0, 0
	s.at = stepCount
	return nil
}

// receiver returns the model an attack group rolls against. In t9a and
// t9a1-ru the champion is a pool of his own that takes the rank and file's
// overflow once every other rank-and-file model is gone (RULES.md 10.1), so
// attacks on the rank and file of a unit with only its champion left roll
// against him.
//
// It also returns the target the wounds go to: the champion in that case.
func receiver(u *alloc.Unit, t unit.Target) (unit.Model, unit.Target, error) {
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
	ToHit           rules.Target // the need a player reads: Hit, or the whole 7+ such as 9+ (a 6, then a 6)
	HitRetry        rules.Target // the BS 6+ re-roll of a miss (tow, 22.2)
	AutoHit, CanHit bool
	// MeleeSeven is a close-combat need of 7+ or worse as the modifiers
	// make it, which hits on a natural 6 all the same (20.4); None when the
	// need was 6+ or better
	MeleeSeven rules.Target
	// Poison is the attack's Poisoned Attacks trigger (20.2), 0 where it
	// cannot fire: a tow melee hit whose modified need is 7+ hits on a
	// natural 6 all the same, unpoisoned (22.17).
	Poison        rules.Trigger
	Wound         rules.Target
	WoundPoison   rules.Target // a poisoned hit's to-wound need at +2 (tow, 22.3); None when poison wounds automatically
	Regeneration  rules.Target // rolled per Wound lost after damage (tow, 22.6)
	Armour        rules.Target // ordinary wounds
	ArmourLethal  rules.Target // Lethal Strike natural-6 wounds (19.3)
	Special       rules.Target
	SpecialKind   rules.SpecialKind
	SpecialLethal rules.Target
	SpecialKindL  rules.SpecialKind
	// To-wound triggers (20.2), 0 where the attack has none or it changes
	// nothing: KillingBlow fires a Killing Blow, which slays the receiver
	// when KBSlays and is otherwise battleaxe's one wound with no armour
	// or Regeneration; LethalStrike (19.3); ArmourBane, whose wounds save
	// against ArmourBaned.
	KillingBlow, LethalStrike, ArmourBane rules.Trigger
	KBSlays                               bool
	ArmourBaned                           rules.Target
	// Killing Blow wounds: the ward alone (no Regeneration, 20.2)
	SpecialKB       rules.Target
	SpecialKindKB   rules.SpecialKind
	SpecialRerollKB rules.Reroll
	// the re-rolls of each stage (20.1): own and imposed together
	HitReroll, WoundReroll, ArmourReroll rules.Reroll
	SpecialReroll, SpecialRerollL        rules.Reroll
	// SevenPlusReroll is how HitReroll meets the 7+ procedure (20.1):
	// each_die unless there are both.
	SevenPlusReroll rules.SevenPlusReroll
}

// Plan returns the target numbers of attack a against u's receiving model:
// the numbers the referee rolls against in the batch.
func Plan(u *alloc.Unit, a Attack) (Needs, error) {
	recv, _, err := receiver(u, a.Target)
	if err != nil {
		return Needs{}, err
	}
	return plan(u, a, recv), nil
}

func plan(u *alloc.Unit, a Attack, recv unit.Model) Needs {
	rs, o := u.Ruleset(), u.Options()
	var n Needs
	var need rules.Target
	clamped := false // a melee need of 7+ made 6+ (20.4)
	switch {
	case !a.Hit.Need.IsNone():
		need = rules.TargetToHit(rs, a.Hit.Need, a.Hit.Modifier)
		if a.Phase == rules.Melee {
			if clamped = need.Value() > 6; clamped {
				n.MeleeSeven = need
			}
			need = rules.MeleeHitClamp(need) // 20.4, 20.13
		}
	case a.Hit.BS != 0:
		need = rules.ShootingToHit(rs, a.Hit.BS, a.Hit.Modifier)
		n.HitRetry = rules.ShootingRetry(rs, a.Hit.BS)
	case a.Hit.WS != 0:
		need = rules.MeleeToHit(rs, a.Hit.WS, recv.WS, o)
		if a.Hit.Modifier != 0 {
			need = rules.TargetToHit(rs, need, a.Hit.Modifier)
			if clamped = need.Value() > 6; clamped {
				n.MeleeSeven = need
			}
			need = rules.MeleeHitClamp(need) // 20.4
		}
	}
	n.Poison = a.Poison
	if clamped && rules.For(rs).NoPoisonOnMeleeSeven {
		n.Poison = 0 // 22.17
	}
	if need.IsNone() {
		n.AutoHit, n.CanHit = true, true
	} else {
		n.Hit, n.HitAgain, n.CanHit = rules.HitRolls(rs, need, o)
		n.ToHit = n.Hit
		if !n.HitAgain.IsNone() {
			n.ToHit = need
		}
	}
	if !n.CanHit {
		n.HitRetry = rules.None // 22.17: a first roll needing 10+ is not re-rolled
	}
	n.Wound = rules.ToWoundModified(rs, a.Strength, recv.T, a.WoundModifier, o)
	if a.Poison != 0 && !rules.PoisonAutoWounds(rs, o) {
		n.WoundPoison = rules.PoisonedToWound(n.Wound) // 22.3
	}
	pen := rules.Penetration{Strength: a.Strength, AP: a.AP, ArmourPiercing: a.ArmourPiercing, Melee: a.Phase == rules.Melee}
	bp := pen // Armour Bane's: the same attack, Parry in melee included (22.4)
	n.Armour = rules.ArmourSave(rs, recv.Save, recv.TroopType, pen, o)
	n.ArmourLethal = n.Armour
	switch {
	case rules.For(rs).LethalStrikeAP:
		pen.AP = 10 // Lethal Strike (19.3)
		n.ArmourLethal = rules.ArmourSave(rs, recv.Save, recv.TroopType, pen, o)
	case rules.LethalStrikeNoArmour(rs):
		n.ArmourLethal = rules.None
	}
	if rules.For(rs).LethalStrike {
		n.LethalStrike = a.LethalStrike
	}
	if a.ArmourBane > 0 && !(a.Phase == rules.Magic && rules.For(rs).ArmourBaneNotInMagic) { // 20.2: classic need += X, t9a AP + X
		n.ArmourBane = a.ArmourBaneOn
		if n.ArmourBane == 0 {
			n.ArmourBane = rules.NaturalSix
		}
		if tr := rules.For(rs); tr.ArmourValue || tr.SuitWithAP { // tow: AP worsened by X (22.3)
			bp.AP += a.ArmourBane
		} else {
			bp.ArmourPiercing += a.ArmourBane
		}
		n.ArmourBaned = rules.ArmourSave(rs, recv.Save, recv.TroopType, bp, o)
	}
	n.KillingBlow, n.KBSlays = killingBlow(rs, &a, recv.TroopType, o)
	if a.NoSaves || a.IgnoreArmour || a.InstantKill {
		n.Armour, n.ArmourLethal, n.ArmourBaned = rules.None, rules.None, rules.None
	}
	ctx := saveContext(&a, u.RegenLost())
	n.Special, n.SpecialKind, n.SpecialReroll = specialSave(rs, recv.Specials, ctx, o, &a)
	lctx := ctx
	lctx.LethalSix = true
	n.SpecialLethal, n.SpecialKindL, n.SpecialRerollL = specialSave(rs, recv.Specials, lctx, o, &a)
	kctx := ctx
	kctx.KillingBlow = true
	n.SpecialKB, n.SpecialKindKB, n.SpecialRerollKB = specialSave(rs, recv.Specials, kctx, o, &a)
	n.Regeneration = rules.RegenerationAfter(rs, recv.Specials, ctx, o)
	n.HitReroll, n.WoundReroll = a.RerollHit, a.RerollWound
	if a.Hatred {
		n.HitReroll |= rules.RerollFailed // 20.1: Hatred, in melee
	}
	if !n.HitRetry.IsNone() {
		n.HitReroll = 0 // 22.17: the BS 6+ re-roll is that die's one re-roll (U1)
	}
	n.HitReroll, n.WoundReroll = n.HitReroll.Normal(), n.WoundReroll.Normal()
	if n.HitReroll != 0 && !n.HitAgain.IsNone() {
		n.SevenPlusReroll = o.SevenPlusReroll
	}
	n.ArmourReroll = recv.Save.Reroll.Own()
	if a.ForceRerollArmour {
		n.ArmourReroll |= rules.RerollSuccesses
	}
	n.ArmourReroll = n.ArmourReroll.Normal()
	return n
}

// killingBlow returns the natural to-wound roll that fires a's Killing Blow
// against a model of troop type tt (0 when it has none, or when it changes
// nothing: an instant kill, or a troop type it cannot slay where that is an
// ordinary wound), and whether it slays (RULES.md 20.2, 20.6, 20.9).
func killingBlow(rs rules.Ruleset, a *Attack, tt rules.TroopType, o rules.Options) (rules.Trigger, bool) {
	tr, heroic := a.KillingBlow, false
	if a.HeroicKillingBlow != 0 {
		tr, heroic = a.HeroicKillingBlow, true
	}
	if rules.For(rs).BlowsByCategory {
		return towBlow(a, tt)
	}
	switch {
	case tr == 0 || a.InstantKill || !rules.For(rs).KillingBlow:
		return 0, false
	case rules.BlowSlays(rs, tt, heroic):
		return tr, true
	case rules.For(rs).KBOtherOf(o) == rules.KBNoArmourNoRegen:
		return tr, false
	}
	return 0, false
}

// towBlow returns the natural to-wound roll that fires one of a's blows
// against a model of troop type tt in tow, and whether it slays (RULES.md
// 22.3, 22.17): in melee only, Killing Blow against the infantry and
// cavalry categories and Monster Slayer against monsters take every Wound
// left; Cleaving Blow against regular infantry, cavalry and war beasts
// takes the armour and Regeneration saves of that one wound.
func towBlow(a *Attack, tt rules.TroopType) (rules.Trigger, bool) {
	kb := a.KillingBlow
	if kb == 0 {
		kb = a.HeroicKillingBlow // a Killing Blow in tow (the file refuses it)
	}
	switch {
	case a.InstantKill || a.Phase != rules.Melee:
		return 0, false // 22.17: the blows fire in close combat only
	case kb != 0 && rules.BlowSlays(rules.TOW, tt, false):
		return kb, true
	case a.MonsterSlayer != 0 && tt.Category() == rules.Monster:
		return a.MonsterSlayer, true
	case a.CleavingBlow != 0 && rules.Cleaves(tt):
		return a.CleavingBlow, false
	}
	return 0, false
}

// saveContext is what attack a says about the special saves against its
// wounds (RULES.md 8, 19.3): Flaming, its phase for conditional saves (8.2),
// and no saves for no_saves and instant kills.
func saveContext(a *Attack, regenLost bool) rules.SaveContext {
	return rules.SaveContext{Flaming: a.Flaming, Phase: a.Phase, RegenLost: regenLost, NoSaves: a.NoSaves || a.InstantKill}
}

// specialRerolls returns the re-rolls of special save kind against a: the
// model's own, and the successes the attack makes it re-roll (20.1; t9a
// Divine Attacks re-roll Aegis, and a t9a ward reads as Aegis, 20.5, 20.13).
func specialRerolls(rs rules.Ruleset, sp rules.SpecialSaves, kind rules.SpecialKind, a *Attack) rules.Reroll {
	r := sp.Reroll.Own()
	if a.ForceRerollSpecial || a.DivineAttacks && rs == rules.T9A && (kind == rules.Aegis || kind == rules.Ward) {
		r |= rules.RerollSuccesses
	}
	return r.Normal()
}

// specialSave is rules.SpecialSave with the re-rolls of 20.1: under
// special_save_choice best, the save with the highest chance after its
// re-rolls is rolled, ties to the earlier in the rules' order (C23, E94).
func specialSave(rs rules.Ruleset, sp rules.SpecialSaves, ctx rules.SaveContext, o rules.Options, a *Attack) (rules.Target, rules.SpecialKind, rules.Reroll) {
	need, kind := rules.SpecialSave(rs, sp, ctx, o)
	rr := specialRerolls(rs, sp, kind, a)
	if need.IsNone() || o.SpecialSaveChoice != rules.BestSave || sp.Reroll == 0 && !a.ForceRerollSpecial && !a.DivineAttacks {
		return need, kind, rr
	}
	floor := rules.SpecialFloor(rs)
	best := newTest(Special, need, floor)
	best.rr = rr
	bestChance := best.chance()
	for _, c := range rules.SpecialSaveOptions(rs, sp, ctx, o) {
		t := newTest(Special, c.Save, floor)
		t.rr = specialRerolls(rs, sp, c.Kind, a)
		if ch := t.chance(); ch.Cmp(bestChance) > 0 {
			need, kind, rr, bestChance = c.Save, c.Kind, t.rr, ch
		}
	}
	return need, kind, rr
}

// SaveChooser is implemented by a unit.Chooser that also answers the
// special_save_choice switch (RULES.md 8, 18): given the special saves a
// model may use against the wounds of a batch, best first, it returns the
// index of the one its owner uses.
type SaveChooser interface {
	ChooseSave(model unit.Model, options []rules.SpecialChoice) int
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
		m.s.i, m.s.n, m.s.at = 0, n, stepSkirmish
		return m.advance(d.log)
	}
	if a.Hit.Auto() {
		m.s.hits = n
		if d.log != nil {
			m.note(d.log, Hit, "RULES.md 5", "%s", count(n, "automatic hit", "automatic hits"))
		}
		m.startMulti(d.log)
		return nil
	}
	if !m.s.tests.canHit {
		m.note(d.log, Hit, "RULES.md 5", "cannot hit: nothing is rolled")
		if m.profiles() > 1 {
			m.hold(d.log) // the batch's other profiles still roll (C24)
			return nil
		}
		m.toEnd()
		return nil
	}
	if d.log != nil && !m.s.tests.meleeSeven.IsNone() {
		m.note(d.log, Hit, "RULES.md 5", "in close combat a need of %s still hits on a natural 6", m.s.tests.meleeSeven)
	}
	if m.s.tests.seven == rules.WholeRoll && d.log != nil {
		m.note(d.log, Hit, "RULES.md 20.1", "seven_plus_reroll whole_roll: each attack rolls its whole 7+ procedure, and its repeat, before the next attack")
	}
	m.s.i, m.s.n, m.s.at = 0, n, stepHit
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
		total += face
		if d.log != nil {
			text := fmt.Sprintf("%s: %s die %d of %d rolls %d", what(), e, k+1, n, face)
			if n == 1 {
				text = fmt.Sprintf("%s: %s rolls %d", what(), e, face)
			}
			if k == n-1 && e.Modifier() != 0 { // D3+1: the die is not the total
				text += fmt.Sprintf(", %d in all", max(total, 0))
			}
			m.emit(d.log, Event{Kind: Roll, Stage: stage, Attack: attack, Sides: sides, Face: face, Text: text})
		}
	}
	return max(total, 0), nil
}

// toEnd moves on to closing the batch. The item counters mean nothing
// there, so they are zeroed: paths that close alike describe alike.
func (m *Machine) toEnd() { m.s.at, m.s.i, m.s.n, m.s.singles, m.s.cleave = stepEnd, 0, 0, 0, 0 }

// hitItem is the item of the to-hit stages (RULES.md 5): one attack's
// first die at stepHit, or at stepHitAgain one 7+ procedure's second die
// (rollSecond). A die its grants re-roll waits for the stage's re-roll
// pass (20.1).
func (m *Machine) hitItem(d *dieSource) error {
	s := &m.s
	if s.at == stepHit && d.fast != nil && s.tests.hit.plain() && s.tests.hitAgain.need.IsNone() && s.tests.hitRetry.need.IsNone() {
		s.hits += d.passes(&s.tests.hit, s)
		return m.advance(d.log)
	}
	for {
		s.i++
		var pass, again, seven bool
		var face int
		var err error
		if s.at == stepHit {
			pass, face, seven, again, err = m.rollHit(d, s.i, s.n, true)
		} else {
			pass, face, again, err = m.rollSecond(d, s.i, s.n)
			seven = true
		}
		if err != nil {
			s.i--
			return err
		}
		if pass {
			m.hit(d, face, seven)
		}
		s.re[ordinary] += b2i(again)
		if !d.more(s) {
			return m.advance(d.log)
		}
	}
}

// rollHit rolls one attack's to-hit dice, for block and skirmish alike: a
// D6 against hit, and under the 7+ procedure a second D6 against hitAgain
// after a first that passed (a natural 6; RULES.md 5). It returns whether
// the attack hits and the final natural face a to-hit trigger reads
// (RULES.md 20.2: under the 7+ procedure the first die's, and it needs the
// whole procedure to pass; the BS 6+ re-roll's own face, 22.2), and seven,
// whether that face was rolled needing 7+ (Poisoned Attacks, 22.3).
//
// With later (blocks), a first die that its grants re-roll (RULES.md 20.1)
// is left for the re-roll pass after every first die: again is true and
// the attack is decided there. A first die that passed under the 7+
// procedure leaves its second die for the stage of second dice
// (rollSecond), after every first die and its re-roll (20.1's dice
// order). Under seven_plus_reroll failing_die only a failed first die is
// re-rolled: a success keeps the procedure's one re-roll for its second
// die. Without later (skirmish, one attack at a time, C19) each die is
// re-rolled at once, and under failing_die and whole_roll the procedure
// is rolled whole (sevenPlusOnce); whole_roll is rolled whole in blocks
// too, since its re-roll repeats the procedure from the first die.
func (m *Machine) rollHit(d *dieSource, item, of int, later bool) (pass bool, face int, seven, again bool, err error) {
	t := &m.s.tests
	seven = !t.hitAgain.need.IsNone()
	if later && t.seven == rules.FailingDie {
		pass, face, again, err = d.firstFailing(&t.hit, item, of)
		if err == nil && pass {
			m.s.again++ // its second die, with the re-roll unspent
		}
		return false, face, seven, again, err
	}
	if t.seven != rules.EachDie {
		pass, face, err = m.sevenPlusOnce(d, item, of)
		return pass, face, seven, false, err
	}
	if later {
		pass, face, again, err = d.first(&t.hit, item, of)
	} else {
		pass, face, err = d.test(&t.hit, item, of)
	}
	if err != nil || again {
		return pass, face, seven, again, err
	}
	if !pass || !seven {
		if err == nil && !pass && !t.hitRetry.need.IsNone() {
			if later { // the miss's one re-roll (22.2) waits with the stage's re-rolls (22.17, 20.1)
				pass, face, again, err = d.leave(item, of, face)
				return pass, face, seven, again, err
			}
			pass, face, err = d.again(&t.hitRetry, &rrNote{item: item, of: of, face: face}) // 22.2
			seven = false                                                                   // the re-roll needs 6+..2+ (T-6)
		}
		return pass, face, seven, false, err
	}
	if later { // the second die waits for every first die and its re-roll (20.1)
		m.s.again++
		return false, face, seven, false, nil
	}
	pass, _, err = d.test(&t.hitAgain, item, of)
	if err == nil && !pass && !t.hitRetry.need.IsNone() {
		pass, face, err = d.again(&t.hitRetry, &rrNote{item: item, of: of, face: face}) // 22.2
		seven = false                                                                   // the re-roll needs 6+..2+ (T-6)
	}
	return pass, face, seven, false, err
}

// sevenPlusOnce rolls one attack's 7+ procedure with at most one re-roll
// for the whole procedure (RULES.md 20.1, 20.13, E91), at once (skirmish,
// and whole_roll in blocks):
// failing_die re-rolls the first die that fails (a natural 1 under ones),
// or imposed, the second die once it succeeded; whole_roll repeats the
// procedure once after a failure its grants re-roll, or imposed, after a
// success. It returns whether the attack hits and the first die's final
// face, which to-hit triggers read (20.2).
func (m *Machine) sevenPlusOnce(d *dieSource, item, of int) (bool, int, error) {
	t := &m.s.tests
	rr := t.hit.rr
	roll := func(tt *test, redo bool) (bool, int, error) {
		face, err := d.d6(tt, item, of, redo)
		return tt.pass(face), face, err
	}
	p1, f1, err := roll(&t.hit, false)
	if err != nil {
		return false, 0, err
	}
	if t.seven == rules.FailingDie {
		used := false
		if !p1 && rr.Applies(f1, false) {
			used = true
			if p1, f1, err = d.again(&t.hit, &rrNote{item: item, of: of, face: f1}); err != nil {
				return false, 0, err
			}
		}
		if !p1 {
			return false, f1, nil
		}
		p2, f2, err := roll(&t.hitAgain, !used && t.hitAgain.redoesPass())
		if err != nil || used || !rr.Applies(f2, p2) {
			return p2, f1, err
		}
		p2, _, err = d.again(&t.hitAgain, &rrNote{item: item, of: of, face: f2})
		return p2, f1, err
	}
	// whole_roll: the face that decided the procedure is the first die's
	// when it failed, else the second's
	pass, decider, dt := p1, f1, &t.hit
	if p1 {
		dt = &t.hitAgain
		if pass, decider, err = roll(dt, false); err != nil {
			return false, 0, err
		}
	}
	if !rr.Applies(decider, pass) {
		return pass, f1, nil
	}
	if d.log != nil {
		m.note(d.log, Hit, "RULES.md 20.1", "attack %d: the whole 7+ roll is rolled again (%s, seven_plus_reroll: whole_roll)", item, m.rerollWhy(dt, decider))
	}
	if p1, f1, err = roll(&t.hit, false); err != nil || !p1 {
		return false, f1, err
	}
	pass, _, err = roll(&t.hitAgain, false)
	return pass, f1, err
}

// startReroll starts the re-roll pass of the stage m stands in: its dice
// that their grants re-roll, after all its other dice (RULES.md 20.1).
func (m *Machine) startReroll(log func(Event)) {
	s := &m.s
	s.reOf, s.at = s.at, stepReroll
	s.i, s.n = 0, s.re.total()
	_ = m.advance(log)
}

// rerollItem is the re-roll pass's item: one die re-rolled; the second
// roll stands for every rule, triggers included (U1), and decides the item
// as the stage would have.
func (m *Machine) rerollItem(d *dieSource) error {
	s := &m.s
	for {
		s.i++
		k := s.re.next()
		if s.reOf == stepWound && s.re[poisonHit] > 0 {
			k = poisonHit // the wound stage's first items (22.3): dice order, as Machine.rrLog holds them
		}
		t := m.rerolledTest(k)
		pass, face, err := d.again(t, nil)
		if err != nil {
			s.i--
			return err
		}
		s.re[k]--
		retry := !s.tests.hitRetry.need.IsNone() // the BS 6+ re-roll of a miss (22.2): it decides the attack, and its face is the one triggers read
		switch s.reOf {
		case stepHit:
			switch {
			case pass && retry:
				m.hit(d, face, false) // the re-roll needs 6+..2+, never 7+ (22.2, T-6)
			case pass && !s.tests.hitAgain.need.IsNone() && s.tests.seven == rules.FailingDie:
				s.spent++ // its second die after every first die, not re-rolled (20.1)
			case pass && !s.tests.hitAgain.need.IsNone():
				s.again++ // its second die after every first die (20.1)
			case pass:
				m.hit(d, face, false)
			}
		case stepHitAgain:
			switch {
			case pass && retry:
				m.hit(d, face, false) // the re-roll needs 6+..2+, never 7+ (22.2, T-6)
			case pass:
				m.hit(d, 6, true) // the first die was a natural 6 (5)
			}
		case stepWound:
			if pass {
				m.wounded(d, face)
			}
		case stepArmour, stepSpecial:
			item := 0
			if d.log != nil {
				item = take(&m.numbers().re[k])
			}
			if !pass {
				m.saveFailed(d, k, item, s.reOf == stepSpecial)
			}
		}
		if !d.more(s) {
			return m.advance(d.log)
		}
	}
}

// rerolledTest is the test of kind k whose dice the re-roll pass rolls.
func (m *Machine) rerolledTest(k woundKind) *test {
	t := &m.s.tests
	switch {
	case (m.s.reOf == stepHit || m.s.reOf == stepHitAgain) && !t.hitRetry.need.IsNone():
		return &t.hitRetry // the BS 6+ re-roll is the to-hit dice's only one (22.17)
	}
	switch m.s.reOf {
	case stepHit:
		return &t.hit
	case stepWound:
		if k == poisonHit {
			return &t.woundPoison
		}
		return &t.wound
	case stepHitAgain:
		return &t.hitAgain
	case stepArmour:
		return &t.armour[k]
	}
	return &t.special[k]
}

// startHitAgain starts the second dice of the batch's 7+ procedures
// whose first die passed (RULES.md 5), after every first die and its
// re-roll (20.1's dice order): those of again, then those of spent.
func (m *Machine) startHitAgain(log func(Event)) {
	s := &m.s
	if s.again+s.spent == 0 {
		m.startMulti(log)
		return
	}
	s.i, s.n, s.at = 0, s.again+s.spent, stepHitAgain
	_ = m.advance(log)
}

// rollSecond rolls the second die of a 7+ procedure whose first die was
// a natural 6, item of the of second dice; its re-roll waits for the
// stage's pass (again). The procedures of again come first, then those of
// spent, whose one re-roll went on the first die (failing_die, 20.1). The
// counts, not the item's place, say which comes next, so that the odds
// can treat every place of the loop alike (AppendLoopState). It returns
// whether the attack hits and the face to-hit triggers read: the first
// die's natural 6 (20.2), or a BS 6+ re-roll's (22.2).
func (m *Machine) rollSecond(d *dieSource, item, of int) (pass bool, face int, again bool, err error) {
	s := &m.s
	t := &s.tests.hitAgain
	var f int // the second die's natural face
	if s.again > 0 {
		pass, f, again, err = d.first(t, item, of)
	} else {
		f, err = d.d6(t, item, of, false)
		pass = t.pass(f)
		if err == nil && d.log != nil && t.rerolls(f) {
			m.note(d.log, HitAgain, "RULES.md 20.1", "second die %d of %d: not re-rolled, its procedure's one re-roll went on the first die (seven_plus_reroll: failing_die)", item, of)
		}
	}
	face = 6
	if err == nil && !again && !pass && !s.tests.hitRetry.need.IsNone() {
		// 22.2, T-6: the miss's one re-roll, after every second die (22.17, 20.1)
		_, _, again, _ = d.leave(item, of, f)
	}
	if err != nil {
		return false, 0, false, err
	}
	if s.again > 0 {
		s.again--
	} else {
		s.spent--
	}
	return pass, face, again, nil
}

// startMulti starts the multiple-hits stage (RULES.md 20.3) over the
// batch's hits: a constant makes every hit that many at once; dice are
// rolled once per hit, after every to-hit die (20.1's dice order).
func (m *Machine) startMulti(log func(Event)) {
	s, a := &m.s, m.attack()
	if s.hits+s.poison == 0 || !a.multiHits() {
		m.startWounds(log)
		return
	}
	if c, ok := a.MultipleHits.Const(); ok {
		// a poisoned hit stays one automatic wound and its others roll,
		// unless poison_multiple_hits is all (20.2)
		if log != nil {
			n := s.hits + s.poison
			m.note(log, MultiHits, "RULES.md 20.3", "%s %s (multiple hits %d)", count(n, "hit becomes", "hits become"), count(n*c, "hit", "hits"), c)
		}
		if m.opts().PoisonMultipleHits == rules.PoisonAllHits {
			s.hits, s.poison = s.hits*c, s.poison*c
		} else {
			s.hits = s.hits*c + s.poison*(c-1)
		}
		m.startWounds(log)
		return
	}
	s.i, s.n, s.at = 0, s.hits+s.poison, stepMulti
	s.hits, s.mPoison, s.poison = 0, s.poison, 0
	_ = m.advance(log)
}

// multiItem is the multiple-hits stage's item: one hit, which becomes the
// number of hits its dice roll (RULES.md 20.3).
func (m *Machine) multiItem(d *dieSource) error {
	s, a := &m.s, m.attack()
	for {
		s.i++
		k, err := m.rollHits(d, s.i, s.n)
		if err != nil {
			s.i--
			return err
		}
		if d.log != nil {
			m.note(d.log, MultiHits, "RULES.md 20.3", "hit %d of %d becomes %s (%s)", s.i, s.n, count(k, "hit", "hits"), a.MultipleHits)
		}
		// the first items are the poisoned hits (20.2), told by the count
		// left, not the item's place, so that the odds can take every place
		// of the loop alike (AppendLoopState)
		poisoned := s.mPoison > 0
		if poisoned {
			s.mPoison--
			s.poison++
		}
		if poisoned && m.opts().PoisonMultipleHits == rules.PoisonAllHits {
			m.autoWounds(d.log != nil, k-1) // the poisoned hit's others wound automatically too (20.2)
		} else {
			s.hits += k - b2i(poisoned)
		}
		if !d.more(s) {
			return m.advance(d.log)
		}
	}
}

// hit counts an attack that hit, face the final natural roll its to-hit
// triggers read (RULES.md 20.2), with those triggers: Poison makes it an
// automatic wound (or a roll at +2, tow 22.3), but not when that roll
// needed 7+ (sevenPlus, the 7+ procedure's first die; the BS 6+ re-roll of
// a miss needs 6+..2+ however bad the first roll's modifiers, 22.2, T-6),
// save where PoisonSevenPlus; Battle Focus adds a hit that the
// multiple-hits stage does not multiply.
func (m *Machine) hit(d *dieSource, face int, sevenPlus bool) {
	s, a := &m.s, m.attack()
	poisoned := s.tests.poison.Fires(face) && (!sevenPlus || rules.For(m.rs()).PoisonSevenPlus)
	if poisoned {
		s.poison++
		if d.log != nil && !s.tests.woundPoison.need.IsNone() {
			m.note(d.log, Hit, "RULES.md 22.3", "natural %d to hit: Poisoned Attacks, rolls to wound with +2", face)
		} else if d.log != nil {
			m.note(d.log, Hit, "RULES.md 20.2", "natural %d to hit: Poisoned Attacks, wounds automatically", face)
		}
	} else {
		switch {
		case d.log == nil || !a.Poison.Fires(face):
		case s.tests.poison == 0:
			m.note(d.log, Hit, "RULES.md 22.3", "natural %d to hit, where 7+ was needed (a natural 6 hits in close combat): Poisoned Attacks do not fire", face)
		case !s.tests.woundPoison.need.IsNone():
			m.note(d.log, Hit, "RULES.md 22.3", "needs 7+ to hit: Poisoned Attacks do not fire")
		default:
			m.note(d.log, Hit, "RULES.md 20.2", "needs 7+ to hit: Poisoned Attacks cannot wound automatically")
		}
		s.hits++
	}
	switch {
	case !a.BattleFocus.Fires(face):
	case poisoned && m.opts().PoisonMultipleHits == rules.PoisonAllHits:
		m.autoWounds(d.log != nil, 1) // poison_multiple_hits all: the extra hit is poisoned too
		if d.log != nil {
			m.note(d.log, Hit, "RULES.md 20.2", "natural %d to hit: Battle Focus, 1 more hit, poisoned too", face)
		}
	default:
		s.extra++
		if d.log != nil {
			m.note(d.log, Hit, "RULES.md 20.2", "natural %d to hit: Battle Focus, 1 more hit", face)
		}
	}
}

// rollHits rolls how many hits one hit makes (RULES.md 20.3).
func (m *Machine) rollHits(d *dieSource, item, of int) (int, error) {
	return m.rollExpr(d, m.attack().MultipleHits, MultiHits, item, func() string {
		if of == 0 {
			return fmt.Sprintf("multiple hits, attack %d", item)
		}
		return fmt.Sprintf("multiple hits, hit %d of %d", item, of)
	})
}

// autoWounds adds k hits that wound automatically (Poison, 20.2) straight
// to the wounds awaiting their saves, or the kills of an instant_kill
// attack. logging numbers the wounds for the log.
//
// Where poisoned hits roll to wound at +2 instead (tow plus_two, 22.3),
// the k hits join those rolls.
func (m *Machine) autoWounds(logging bool, k int) {
	switch {
	case !m.s.tests.woundPoison.need.IsNone():
		m.s.pRoll += k
	case m.attack().InstantKill:
		m.s.kills += k
	default:
		m.s.wounds[ordinary] += k
		for range k * b2i(logging) {
			m.numbers().add(ordinary)
		}
	}
}

func (m *Machine) startWounds(log func(Event)) {
	s := &m.s
	s.i, s.at = 0, stepWound
	switch {
	case s.poison == 0:
	case !s.tests.woundPoison.need.IsNone(): // tow plus_two: they roll at +2 (22.3)
		m.autoWounds(log != nil, s.poison)
		m.note(log, Wound, "RULES.md 22.3", "%s to wound at %s", count(s.poison, "poisoned hit rolls", "poisoned hits roll"), s.tests.woundPoison.need)
	case !s.tests.wound.need.Possible() && rules.PoisonBlockedByToughness(m.rs(), m.opts()):
		m.note(log, Wound, "RULES.md 22.3", "%s cannot wound a target too tough to wound", count(s.poison, "poisoned hit", "poisoned hits"))
	default: // automatic wounds: no to-wound die, no to-wound trigger (20.2)
		m.autoWounds(log != nil, s.poison)
		m.note(log, Wound, "RULES.md 20.2", "%s automatically", count(s.poison, "poisoned hit wounds", "poisoned hits wound"))
	}
	s.poison = 0
	s.n = s.pRoll + s.hits + s.extra
	s.hits, s.extra = 0, 0
	if s.n > 0 && !s.tests.wound.need.Possible() {
		m.note(log, Wound, "RULES.md 6.1", "S%d vs T%d cannot wound: nothing is rolled", m.attack().Strength, s.recv.t)
		s.n, s.pRoll = 0, 0
	}
	_ = m.advance(log)
}

// woundItem is the wound stage's item: one hit (RULES.md 6.1). The final
// natural roll decides the wound's kind: a Lethal Strike six (19.3) keeps
// its own saves.
func (m *Machine) woundItem(d *dieSource) error {
	s := &m.s
	if d.fast != nil && s.tests.wound.plain() && !m.attack().InstantKill && s.pRoll == 0 {
		s.wounds[ordinary] += d.passes(&s.tests.wound, s)
		return m.advance(d.log)
	}
	for {
		s.i++
		t, k := &s.tests.wound, ordinary
		if s.i <= s.pRoll { // the first items are the poisoned hits at +2 (22.3)
			t, k = &s.tests.woundPoison, poisonHit
		}
		pass, face, again, err := d.first(t, s.i, s.n)
		if err != nil {
			s.i--
			return err
		}
		if pass {
			m.wounded(d, face)
		}
		s.re[k] += b2i(again)
		if !d.more(s) {
			return m.advance(d.log)
		}
	}
}

// wounded routes a hit that wounded on the final natural face by its kind:
// the to-wound triggers of RULES.md 20.2, an eligible Killing Blow first
// (20.6), then Lethal Strike (19.3), then Armour Bane.
func (m *Machine) wounded(d *dieSource, face int) {
	s, a, t := &m.s, m.attack(), &m.s.tests
	k := ordinary
	switch {
	case a.InstantKill:
		s.kills++
		return
	case t.kb.Fires(face) && t.kbSlays:
		k = slaying
	case t.kb.Fires(face):
		k = kbSingle
	case t.lethal.Fires(face):
		k = lethalSix
	case t.bane.Fires(face):
		k = baned
	}
	s.wounds[k]++
	if d.log != nil {
		m.numbers().add(k)
		m.woundNote(d.log, k, face)
	}
}

// woundNote logs what a to-wound trigger did to a wound of kind k that
// rolled the natural face (RULES.md 20.8), and the blows the face reached
// that did nothing here, and why (22.17: the log says so).
func (m *Machine) woundNote(log func(Event), k woundKind, face int) {
	a, t := m.attack(), &m.s.tests
	switch k {
	case slaying, kbSingle:
		what := m.kindName(k) + ", no armour or Regeneration save"
		if k == kbSingle && !rules.For(m.rs()).BlowsByCategory {
			what = fmt.Sprintf("Killing Blow cannot slay %s: one wound, no armour or Regeneration save", troopWords(m.s.recv.troop))
		}
		m.note(log, Wound, m.kindRule(k), "natural %d to wound: %s", face, what)
		return
	case lethalSix:
		m.note(log, Wound, "RULES.md 19.3", "natural %d to wound: Lethal Strike", face)
	case baned:
		m.note(log, Wound, m.kindRule(baned), "natural %d to wound: Armour Bane (%d), save %s becomes %s", face, a.ArmourBane, t.armour[ordinary].need, t.armour[baned].need)
	}
	tail := ""
	if k == ordinary {
		tail = ": ordinary wound"
	}
	tow := rules.For(m.rs()).BlowsByCategory
	var outside, inert []string // blows the face reached: outside melee (tow), against a troop type they do not bind
	for _, b := range [...]struct {
		name string
		tr   rules.Trigger
		on   bool
	}{
		{"Killing Blow", a.KillingBlow, rules.For(m.rs()).KillingBlow},
		{"Killing Blow", a.HeroicKillingBlow, rules.For(m.rs()).KillingBlow && a.KillingBlow == 0},
		{"Monster Slayer", a.MonsterSlayer, tow},
		{"Cleaving Blow", a.CleavingBlow, tow},
	} {
		switch {
		case !b.on || !b.tr.Fires(face):
		case tow && a.Phase != rules.Melee:
			outside = append(outside, b.name)
		default:
			inert = append(inert, b.name)
		}
	}
	if len(outside) > 0 {
		m.note(log, Wound, "RULES.md 22.3", "%s nothing outside close combat (%s phase)%s", andList(outside, "does", "do"), a.Phase, tail)
	}
	if len(inert) > 0 {
		m.note(log, Wound, pick(tow, "RULES.md 22.3", "RULES.md 20.2"), "%s no effect on %s%s", andList(inert, "has", "have"), troopWords(m.s.recv.troop), tail)
	}
	if on := a.ArmourBaneOn; a.ArmourBane > 0 && t.bane == 0 && (on == 0 && face == 6 || on.Fires(face)) {
		m.note(log, Wound, "RULES.md 22.3", "Armour Bane does nothing in the %s phase%s", a.Phase, tail)
	}
}

// andList joins names as a sentence's subject, with its verb: "A has",
// "A and B have", "A, B and C have".
func andList(names []string, one, many string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0] + " " + one
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " " + many
}

// troopWords writes troop type tt as a player reads it: "monstrous
// infantry".
func troopWords(tt rules.TroopType) string { return strings.ReplaceAll(tt.String(), "_", " ") }

// unsave hands on n wounds of kind k that got past every save: Killing
// Blows to the kill stage (9.1 after the ward, 20.2), the others to the
// packet stage; a battleaxe one-wound Killing Blow is a single there even
// when the attack's wounds are packets (20.2, C22: after the packets). A
// tow Cleaving Blow keeps its packet (22.17) and rolls no Regeneration
// after damage (22.3, 22.6): the packet stage takes those first.
func (m *Machine) unsave(k woundKind, n int) {
	switch k {
	case slaying:
		m.s.kills += n
	case kbSingle:
		m.s.unsaved += n
		switch {
		case rules.For(m.rs()).BlowsByCategory:
			if !m.s.tests.regen.need.IsNone() {
				m.s.cleave += n
			}
		case m.multi():
			m.s.singles += n
		}
	default:
		m.s.unsaved += n
	}
}

// label returns what the log calls the current item of the armour or
// special stage (failed), taking its next wound of kind k: the wound's
// number in the batch and the batch's wounds (woundNos), or without a
// log the stage's own count.
func (m *Machine) label(d *dieSource, failed bool, k woundKind) (item, of int) {
	if d.log == nil {
		return m.s.i, m.s.n
	}
	w := m.numbers()
	if failed {
		return take(&w.failed[k]), w.count
	}
	return take(&w.wounds[k]), w.count
}

func (m *Machine) startArmour(log func(Event)) {
	a, s := m.attack(), &m.s
	s.pRoll = 0
	if s.kills > 0 {
		m.note(log, Armour, "RULES.md 9.1", "%s: no saves of any kind", count(s.kills, "instant kill", "instant kills"))
	}
	total := s.wounds.total()
	s.i, s.n, s.at = 0, total, stepArmour
	if total == 0 {
		_ = m.advance(log)
		return
	}
	skip, rule := "", "RULES.md 7"
	t := &s.tests.armour
	saveable := false // some wound waiting has an armour save to roll
	for k := range woundKinds {
		saveable = saveable || s.wounds[k] > 0 && t[k].need.Possible()
	}
	switch {
	case a.NoSaves:
		skip = "the attack allows no saves"
	case a.IgnoreArmour:
		skip = "the attack ignores armour"
	case saveable:
	case s.wounds[slaying]+s.wounds[kbSingle]+s.wounds[lethalSix] == total:
		// every wound's trigger took its save (20.2, 19.3: a t9a Lethal
		// Strike's AP 10 as much as t9a1-ru's no save)
		skip = "no armour save" // named only for the log: odds walk this millions of times
		if log != nil {
			skip = m.triggerNames(&s.wounds) + ", no armour save"
			for _, k := range [...]woundKind{slaying, kbSingle, lethalSix} {
				if r := ", " + strings.TrimPrefix(m.kindRule(k), "RULES.md "); s.wounds[k] > 0 && !strings.Contains(rule, r) {
					rule += r
				}
			}
		}
	case t[ordinary].need.IsNone():
		skip = "the model has no armour save"
	default:
		skip = fmt.Sprintf("armour save impossible (needs %s)", impossibleNeed(t, &s.wounds))
	}
	if skip != "" {
		m.note(log, Armour, rule, "%s: %s", count(total, "wound", "wounds"), skip)
		s.failed, s.wounds = s.wounds, woundPool{}
		if log != nil {
			w := m.numbers()
			w.failed, w.wounds = w.wounds, [woundKinds][]int{}
		}
		s.n = 0
	}
	_ = m.advance(log)
}

// triggerNames names the triggers of the wounds waiting in w that took
// their saves (Killing Blow or Cleaving Blow, Lethal Strike), in kind
// order: "Killing Blow and Lethal Strike".
func (m *Machine) triggerNames(w *woundPool) string {
	var names []string
	for _, k := range [...]woundKind{slaying, kbSingle, lethalSix} {
		if n := m.kindName(k); w[k] > 0 && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return strings.Join(names, " and ")
}

// impossibleNeed is the target number an armour save that cannot succeed
// would need, for the log: that of the first kind of wound waiting with a
// save (an ordinary wound's before an Armour Bane's, which is worse).
func impossibleNeed(t *[woundKinds]test, w *woundPool) rules.Target {
	for k := range woundKinds {
		if w[k] > 0 && !t[k].need.IsNone() {
			return t[k].need
		}
	}
	return t[ordinary].need
}

// saveItem is the item of the save stages: one wound, saved by the armour
// of its kind at stepArmour (RULES.md 7, 19.3), or past armour by the
// special save of its kind at stepSpecial (8). A save its grants re-roll
// waits for the stage's re-roll pass (20.1).
func (m *Machine) saveItem(d *dieSource) error {
	s := &m.s
	special := s.at == stepSpecial
	pool, tests := &s.wounds, &s.tests.armour
	if special {
		pool, tests = &s.failed, &s.tests.special
	}
	if t := &tests[ordinary]; d.fast != nil && t.plain() && saveRolled(t, special) && pool[ordinary] == pool.total() {
		n := s.n - s.i
		pool[ordinary] -= n
		if f := n - d.passes(t, s); special {
			m.unsave(ordinary, f)
		} else {
			s.failed[ordinary] += f
		}
		return m.advance(d.log)
	}
	for {
		s.i++
		k := pool.next()
		t := &tests[k]
		item, of := m.label(d, special, k)
		pass := false
		switch {
		case saveRolled(t, special):
			var err error
			var again bool
			if pass, _, again, err = d.first(t, item, of); err != nil {
				s.i--
				if d.log != nil {
					l := &m.numbers().wounds[k]
					if special {
						l = &m.numbers().failed[k]
					}
					*l = append([]int{item}, *l...)
				}
				return err
			}
			if again {
				if d.log != nil {
					m.numbers().re[k] = append(m.numbers().re[k], item)
				}
				pool[k]--
				s.re[k]++
				if !d.more(s) {
					return m.advance(d.log)
				}
				continue
			}
		case d.log == nil:
		case special && k == lethalSix && m.lethalTakesRegen(d.log):
			m.note(d.log, Special, "RULES.md 8, 19.3", "wound %d: Lethal Strike, no Regeneration save", item)
		case special:
			m.note(d.log, Special, "RULES.md 8", "wound %d: no special save applies", item)
		default:
			// a wound whose trigger took its save: startArmour skips the
			// stage when no wound can be saved
			m.note(d.log, Armour, m.kindRule(k), "wound %d: %s, no armour save", item, m.kindName(k))
		}
		pool[k]--
		if !pass {
			m.saveFailed(d, k, item, special)
		}
		if !d.more(s) {
			return m.advance(d.log)
		}
	}
}

// saveRolled reports whether a save of test t is rolled: an armour save
// that can succeed, or a special save that applies.
func saveRolled(t *test, special bool) bool {
	if special {
		return !t.need.IsNone()
	}
	return t.need.Possible()
}

// saveFailed hands on one wound of kind k, the log's wound item, that its
// armour save (to the special stage) or its special save (special: past
// every save) did not stop.
func (m *Machine) saveFailed(d *dieSource, k woundKind, item int, special bool) {
	if special {
		m.unsave(k, 1)
		return
	}
	m.s.failed[k]++
	if d.log != nil {
		m.numbers().failed[k] = append(m.numbers().failed[k], item)
	}
}

// kindName names a kind of wound whose trigger changed its saves: in tow
// (RULES.md 22.3) the blow that slays a monster is Monster Slayer's, and
// the one-wound blow is Cleaving Blow.
func (m *Machine) kindName(k woundKind) string {
	tow := rules.For(m.rs()).BlowsByCategory
	switch {
	case k == lethalSix:
		return "Lethal Strike"
	case k == baned:
		return "Armour Bane"
	case k == slaying && tow && m.s.recv.troop.Category() == rules.Monster:
		return "Monster Slayer"
	case k == kbSingle && tow:
		return "Cleaving Blow"
	case k == slaying, k == kbSingle:
		return "Killing Blow"
	}
	return "ordinary wound"
}

// kindRule returns the docs/rules.md sections that say what the trigger
// of kind k does (RULES.md 19.3, 20.2; tow's blows and Armour Bane 22.3).
func (m *Machine) kindRule(k woundKind) string {
	name := m.kindName(k)
	switch {
	case k == lethalSix:
		return "RULES.md 19.3"
	case name == "Monster Slayer", name == "Cleaving Blow":
		return "RULES.md 22.3"
	case rules.For(m.rs()).BlowsByCategory:
		return "RULES.md 20.2, 22.3"
	}
	return "RULES.md 20.2"
}

func (m *Machine) startSpecial(log func(Event)) {
	s := &m.s
	total := s.failed.total()
	if total > 0 && !rules.For(m.rs()).RegenerationAfterDamage {
		m.regenNote(log)
	}
	s.i, s.n, s.at = 0, total, stepSpecial
	none := true // no wound waiting has a special save
	for k := range woundKinds {
		none = none && (s.failed[k] == 0 || s.tests.special[k].need.IsNone())
	}
	if n := s.failed[lethalSix]; total > 0 && none && n > 0 && m.lethalTakesRegen(log) {
		// the per-wound lines say it when some wound rolls a save
		m.note(log, Special, "RULES.md 8, 19.3", "%s: Lethal Strike, no Regeneration save", count(n, "wound", "wounds"))
	}
	if total > 0 && none {
		for k := range woundKinds {
			m.unsave(woundKind(k), s.failed[k])
		}
		s.failed = woundPool{}
		s.n = 0
	}
	_ = m.advance(log)
}

func (m *Machine) startDamage(log func(Event)) {
	s := &m.s
	s.tally.Unsaved += s.unsaved + s.kills
	// C26: an unsaved Flaming wound (a kill is one) costs the unit its
	// Regeneration, from the end of this batch on.
	if s.unsaved+s.kills > 0 && m.attack().Flaming && !m.u.RegenLost() && rules.For(m.rs()).FlamingStopsRegeneration {
		s.flamed = true
	}
	if s.unsaved > 0 && rules.For(m.rs()).RegenerationAfterDamage {
		m.regenNote(log)
	}
	if s.unsaved > 0 && m.attack().Multi() && s.recv.w == 1 && !s.recv.mixedW {
		m.note(log, Damage, "RULES.md 9.2, E41", "W1 models: each unsaved wound removes one model, no damage dice")
	}
	if m.profiles() > 1 {
		m.hold(log)
		return
	}
	s.i, s.n, s.at = 0, s.kills, stepKill
	s.kills = 0
	_ = m.advance(log)
}

// lethalTakesRegen reports, for the log, whether the receiving model's
// Regeneration is a special save the batch's ordinary wounds could roll
// and its Lethal Strike natural 6s cannot (RULES.md 19.3): the only
// reason a Lethal Strike wound with no special save has none.
func (m *Machine) lethalTakesRegen(log func(Event)) bool {
	if log == nil || !m.s.tests.special[lethalSix].need.IsNone() {
		return false
	}
	recv, err := m.u.Receiver(m.s.aim)
	if err != nil || !recv.Specials.Regeneration.Possible() {
		return false
	}
	rs := m.rs()
	return !rules.For(rs).RegenerationAfterDamage && rules.RegenerationUsable(rs, saveContext(m.attack(), m.u.RegenLost()), m.opts())
}

// regenNote logs why the receiving model's Regeneration is not rolled
// against the batch's wounds when it has one and the attack or the phase
// took it: Flaming Attacks (8), the phase's unsaved Flaming wound (19.3,
// C26), or in tow Flaming Attacks on a flammable model (22.6). Only the
// log reads it: the unit is as the batch began (nothing is allocated
// before the damage stage).
func (m *Machine) regenNote(log func(Event)) {
	if log == nil {
		return
	}
	recv, err := m.u.Receiver(m.s.aim)
	if err != nil || !recv.Specials.Regeneration.Possible() {
		return
	}
	a, rs, o := m.attack(), m.rs(), m.opts()
	if rules.For(rs).RegenerationAfterDamage {
		if a.Flaming && recv.Specials.Flammable && !a.NoSaves && !a.InstantKill {
			m.note(log, Regenerate, "RULES.md 22.6", "Flaming Attacks on a flammable model: no Regeneration")
		}
		return
	}
	ctx := saveContext(a, false)
	ctx.Flaming = false
	if !rules.RegenerationUsable(rs, ctx, o) {
		return // no saves at all: said already
	}
	switch {
	case m.u.RegenLost():
		m.note(log, Special, "RULES.md 8.1, 19.3, C26", "Regeneration was lost this phase to an unsaved Flaming wound: no Regeneration save")
	case a.Flaming && !rules.RegenerationUsable(rs, saveContext(a, false), o):
		m.note(log, Special, "RULES.md 8", "Flaming Attacks: no Regeneration save")
	}
}

// killItem is the kill stage's item: one instant kill (RULES.md 9.1).
func (m *Machine) killItem(d *dieSource) error {
	m.s.i++
	if d.log != nil && !m.attack().InstantKill {
		why := "the model struck has no ward save and is slain outright"
		switch t := &m.s.tests.special[slaying]; {
		case !t.need.IsNone():
			why = fmt.Sprintf("the %s save failed, the model struck is slain outright", t.kind)
		case m.attack().NoSaves:
			why = "the attack allows no saves, the model struck is slain outright"
		}
		m.note(d.log, Damage, m.kindRule(slaying)+", 9.1", "%s %d of %d: %s", m.kindName(slaying), m.s.i, m.s.n, why)
	}
	// tow's blows take the model now losing Wounds (22.7, 22.17): only an
	// instant_kill reads instant_kill_takes there
	blow := !m.attack().InstantKill && rules.For(m.rs()).BlowsByCategory
	p := alloc.Packet{Target: m.s.aim, Wounds: 1, InstantKill: true, NowLosing: blow}
	if err := m.ownerOdd(d.log, nil); err != nil {
		return err
	}
	if err := m.ownerOdd(d.log, &p); err != nil {
		return err
	}
	if err := m.uw().ApplyInto(&m.scratch, p); err != nil {
		return err
	}
	m.record(d.log, &m.scratch)
	return m.advance(d.log)
}

func (m *Machine) startPackets(log func(Event)) {
	s := &m.s
	s.i, s.n, s.at = 0, s.unsaved, stepPacket
	s.unsaved = 0
	_ = m.advance(log)
}

// packetItem is the packet stage's item: one unsaved wound, its damage
// rolled and allocated (RULES.md 9.2, 10, 11).
func (m *Machine) packetItem(d *dieSource) error {
	if err := m.ownerOdd(d.log, nil); err != nil {
		return err
	}
	if m.s.i == 0 {
		if err := m.orderPackets(d); err != nil {
			return err
		}
	}
	switch {
	case m.cleavingNext(): // a Cleaving Blow: no Regeneration for it (22.3, 22.6)
		if d.log != nil {
			m.note(d.log, Regenerate, "RULES.md 22.3, 22.6", "unsaved wound %d of %d is a Cleaving Blow: no Regeneration", m.packetNo(), m.s.n)
		}
	case !m.s.tests.regen.need.IsNone():
		return m.regenPacketItem(d)
	}
	multi := m.packetMulti()
	k, err := m.rollPacket(d)
	if err != nil {
		return err
	}
	m.s.i++
	if err := m.applyPacket(d.log, k, multi); err != nil {
		return err
	}
	return m.advance(d.log)
}

// regenPacketItem is the packet stage's item where the receiving model
// rolls Regeneration after damage (tow, RULES.md 22.6): one unsaved wound,
// its damage dice, the cap at the Wounds the model has left (22.7), then
// one D6 per Wound lost; a Wound that comes back is not taken from the
// model but still counts for combat result. regeneration_timing
// sequential takes the packet's Wounds one at a time with a roll after
// each, so a Wound that comes back lets the next one land; per_unsaved_wound
// (the 2024 text) rolls once per unsaved wound before the damage dice,
// and a success keeps the whole packet off the model.
func (m *Machine) regenPacketItem(d *dieSource) error {
	s := &m.s
	t, item := &s.tests.regen, m.packetNo()
	multi := m.packetMulti()
	timing := m.opts().RegenerationTiming
	early := false
	if timing == rules.RegenPerUnsavedWound {
		pass, _, err := d.test(t, item, s.n)
		if err != nil {
			return err
		}
		early = pass
	}
	k, err := m.rollPacket(d)
	if err != nil {
		return err
	}
	// the unit's own copy: Receiver caches its pick in the unit, and a
	// unit shared with other machines (Monte Carlo's) must not be written
	recv, err := m.uw().Receiver(s.aim)
	if err != nil { // nobody left to receive it: the unit wastes it as usual
		s.i++
		if err := m.applyPacket(d.log, k, multi); err != nil {
			return err
		}
		return m.advance(d.log)
	}
	left := recv.W - recv.Damage
	lost, back := min(k, left), 0
	switch timing {
	case rules.RegenPerUnsavedWound:
		back = lost * b2i(early)
	case rules.RegenSequential:
		lost = 0
		for j := 0; j < k && left > 0; j++ {
			pass, _, err := d.test(t, item, s.n)
			if err != nil {
				return err
			}
			lost++
			back += b2i(pass)
			left -= b2i(!pass)
		}
	default:
		for range lost {
			pass, _, err := d.test(t, item, s.n)
			if err != nil {
				return err
			}
			back += b2i(pass)
		}
	}
	s.i++
	s.tally.Wounds += back // 22.6: a regenerated Wound still counts for combat result
	s.tally.Wasted += k - lost
	if m.challenge() {
		s.tally.Overkill += k - lost
	}
	if d.log != nil {
		if back == 0 {
			m.note(d.log, Regenerate, "RULES.md 22.6", "%s lost, none regenerated", count(lost, "Wound", "Wounds"))
		} else {
			m.note(d.log, Regenerate, "RULES.md 22.6", "%s lost, %d regenerated (counted for combat result all the same)", count(lost, "Wound", "Wounds"), back)
		}
	}
	if lost > back {
		if err := m.applyPacket(d.log, lost-back, multi); err != nil {
			return err
		}
	}
	return m.advance(d.log)
}

// packetMulti reports whether the packet stage's next unsaved wound is a
// packet (C3): the last s.singles of them are battleaxe's one-wound Killing
// Blows, singles after the packets (20.2, C22).
func (m *Machine) packetMulti() bool {
	return m.multi() && m.s.i < m.s.n-m.s.singles
}

// multi reports whether the batch's unsaved wounds are packets (C3): the
// attack has Multiple Wounds against the receiver's troop type.
func (m *Machine) multi() bool {
	a := m.attack()
	return a.Multi() && (a.MWAgainst == nil || *a.MWAgainst == m.s.recv.troop)
}

// rollPacket rolls the damage dice of the next unsaved wound and returns its
// wounds: the Multiple Wounds roll (+1 for Clipped Wings against Fly, E52),
// or 1 with no die for a single wound or a packet that lands on a model of
// W1 (RULES.md 9.2, E41): in a pool of mixed Wounds the model it lands on
// decides, packet by packet (R41).
func (m *Machine) rollPacket(d *dieSource) (int, error) {
	a := m.attack()
	if !m.packetMulti() {
		return 1, nil
	}
	if k, ok := m.nextPacket(); ok { // rolled first for the owner to order (22.13, T-5)
		return k, nil
	}
	w, mixed := m.s.recv.w, m.s.recv.mixedW
	if mixed {
		if w = m.u.PacketW(m.s.aim); w == 0 {
			w = m.s.recv.w
		}
	}
	if w <= 1 {
		if d.log != nil && mixed {
			m.note(d.log, Damage, "RULES.md 9.2, R41", "unsaved wound %d of %d lands on a model of 1 Wound: no damage dice", m.s.i+1, m.s.n)
		}
		return 1, nil
	}
	k, err := m.rollExpr(d, a.MultipleWounds, Damage, m.s.i+1, func() string { return fmt.Sprintf("multiple wounds, unsaved wound %d of %d", m.s.i+1, m.s.n) })
	if err != nil {
		return 0, err
	}
	if a.ClippedWings && m.s.recv.fly && rules.For(m.rs()).ClippedWings {
		if d.log != nil {
			m.note(d.log, Damage, "RULES.md 9.2, E52", "Clipped Wings against Fly: %d+1", k)
		}
		k++
	}
	return k, nil
}

// applyPacket hands one unsaved wound of k wounds (1 for a single wound) to
// the unit, a packet when multi (C3), and records what it did.
func (m *Machine) applyPacket(log func(Event), k int, multi bool) error {
	p := alloc.Packet{Target: m.s.aim, Wounds: k, Multi: multi}
	if err := m.ownerOdd(log, &p); err != nil {
		return err
	}
	if err := m.uw().ApplyInto(&m.scratch, p); err != nil {
		return err
	}
	m.record(log, &m.scratch)
	return nil
}

// challenge reports whether the attack group aims at the champion or a
// character (a challenge, RULES.md 9.3, 22.7): what it wastes is overkill.
func (m *Machine) challenge() bool {
	r := m.attack().Target.Role
	return r == unit.Champion || r == unit.Character
}

// record logs a change of the unit and adds it to the tallies.
func (m *Machine) record(log func(Event), ch *alloc.Change) {
	m.s.tally.Wounds += ch.Effective
	m.s.tally.Wasted += ch.Wasted
	if m.challenge() {
		m.s.tally.Overkill += ch.Wasted
	}
	for _, n := range ch.Notes {
		m.note(log, Allocation, "", "%s", n)
	}
	for _, c := range ch.Removed {
		m.s.tally.Casualties++
		m.s.batchCas++
		if int(c.Role) < len(m.s.tally.ByRole) {
			m.s.tally.ByRole[c.Role]++
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
	if ch.StandardLost && !m.s.tally.Standard {
		m.s.tally.Standard = true
		m.emit(log, Event{Kind: StandardLost, Rule: "RULES.md 12", Text: "the standard bearer is removed: standard lost"})
	}
}

// roleName names a model of role r for the log: a character by his name,
// "rank-and-file", "standard bearer".
func roleName(r unit.Role, name string) string {
	switch {
	case name != "" && r == unit.Character:
		return name
	case r == unit.RankAndFile:
		return "rank-and-file"
	}
	return r.Words()
}

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
		return fmt.Sprintf("; if it fails, it flees (%d of %s at deployment left, half or fewer)", left, count(starting, "model", "models"))
	}
	return fmt.Sprintf("; if it fails, it falls back in good order (%d of %s at deployment left, more than half)", left, count(starting, "model", "models"))
}

// end closes the batch: champion overflow, panic, destroyed.
func (m *Machine) end(log func(Event)) error {
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
		m.emit(log, Event{Kind: RegenLost, Rule: "RULES.md 19.3, C26",
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
				m.emit(log, Event{Kind: Panic, Rule: pick(m.fixed.panicMoreThan, "RULES.md 22.9", "RULES.md 12, 19.3"),
					Text: fmt.Sprintf("%d of %s lost this phase (%s): panic test%s", lost, count(start, "model", "models"), m.panicWords(), m.panicFailText())})
			}
		}
	}
	if m.u.Destroyed() && m.s.batchCas > 0 && m.u.Fighter() == nil { // said once, by the group that did it; a warrior's out of action says it (13)
		m.emit(log, Event{Kind: Destroyed, Rule: "RULES.md 12", Text: "no model is left: the unit is destroyed"})
	}
	if log != nil {
		m.emit(log, Event{Kind: BatchEnd, Text: m.batchEndText()})
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
	text := fmt.Sprintf("%s removed, %s caused", count(m.s.batchCas, "model", "models"), count(mine, "wound", "wounds"))
	if f := m.u.Fighter(); f != nil { // skirmish: one warrior (RULES.md 13)
		text = count(mine, "wound", "wounds") + " caused"
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
		text += fmt.Sprintf("; %s carried", count(carried, "wound", "wounds"))
	}
	now := m.u.DrawDamage()
	if len(now) > 80 { // wider than a screen: the grids after the log show it
		now = fmt.Sprintf("%s in %s", count(m.u.Size(), "model", "models"), count(len(m.u.Ranks()), "rank", "ranks"))
	}
	return text + "; unit now " + now
}
