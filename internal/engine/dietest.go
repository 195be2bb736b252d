package engine

import (
	"math/big"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/rules"
)

// test is one D6 test of a stage: the die rolled against need, where the
// natural faces up to floor never pass (RULES.md 3). Make it with newTest.
type test struct {
	stage rearrank.Stage
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
func newTest(stage rearrank.Stage, need rules.Target, floor int) test {
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
	// missed is a missed to-hit roll awaiting the BS 6+ re-roll (tow,
	// 22.2): a kind at the to-hit stages' re-roll pass only, taken after
	// the grants' re-rolls (22.18).
	missed
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
	// for none; kbSlays says whether a Killing Blow slays the receiver;
	// cleave is a tow Cleaving Blow on a score of its own beside a slaying
	// Killing Blow (Needs.Cleaving, 22.18)
	kb, lethal, bane, cleave rules.Trigger
	kbSlays                  bool
	// poison is the to-hit trigger of Poisoned Attacks (20.2), 0 where it
	// cannot fire (Needs.Poison)
	poison rules.Trigger
	// seven is how the to-hit re-rolls meet a 7+ procedure (20.1); each
	// die unless the batch has both a procedure and a re-roll
	seven rules.SevenPlusReroll
	// ordered says that the group keeps its wounds in the order of their
	// dice to the packet stage (state.seq, order.go; 22.18)
	ordered bool
}

// testsOf returns the tests the stages roll for needs n.
func testsOf(rs rules.Ruleset, a *rearrank.Attack, n rearrank.Needs) batchTests {
	af, sf := rules.ArmourFloor(rs), rules.SpecialFloor(rs)
	t := batchTests{canHit: n.CanHit, autoHit: n.AutoHit,
		hit:      newTest(rearrank.Hit, n.Hit, 1),
		hitAgain: newTest(rearrank.HitAgain, n.HitAgain, 1),
		hitRetry: newTest(rearrank.Hit, n.HitRetry, 1),
		wound:    newTest(rearrank.Wound, n.Wound, 1),
		regen:    newTest(rearrank.Regenerate, n.Regeneration, 1), // T-3: a natural 1 fails
	}
	t.hitRetry.retry = true
	t.regen.kind = rules.Regeneration
	t.kb, t.kbSlays, t.lethal, t.bane, t.seven = n.KillingBlow, n.KBSlays, n.LethalStrike, n.ArmourBane, n.SevenPlusReroll
	t.cleave = n.Cleaving
	for _, tr := range []rules.Trigger{t.kb, t.cleave, t.lethal, t.bane} { // to-wound triggers read the final roll (20.2)
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
	t.woundPoison = newTest(rearrank.Wound, n.WoundPoison, 1)
	t.woundPoison.six, t.woundPoison.trig, t.woundPoison.rr = t.wound.six, t.wound.trig, t.wound.rr
	t.armour[ordinary] = newTest(rearrank.Armour, n.Armour, af)
	t.armour[lethalSix] = newTest(rearrank.Armour, n.ArmourLethal, af)
	t.armour[ordinary].rr, t.armour[lethalSix].rr = n.ArmourReroll, n.ArmourReroll
	t.special[ordinary] = newTest(rearrank.Special, n.Special, sf)
	t.special[ordinary].kind = n.SpecialKind
	t.special[ordinary].rr = n.SpecialReroll
	t.special[lethalSix] = newTest(rearrank.Special, n.SpecialLethal, sf)
	t.special[lethalSix].kind = n.SpecialKindL
	t.special[lethalSix].rr = n.SpecialRerollL
	t.armour[baned] = newTest(rearrank.Armour, n.ArmourBaned, af)
	t.armour[baned].rr = n.ArmourReroll
	t.special[baned] = t.special[ordinary]
	for _, k := range []woundKind{slaying, kbSingle} { // no armour, the ward (20.2)
		t.armour[k] = newTest(rearrank.Armour, rules.None, af)
		t.special[k] = newTest(rearrank.Special, n.SpecialKB, sf)
		t.special[k].kind = n.SpecialKindKB
		t.special[k].rr = n.SpecialRerollKB
	}
	return t
}
