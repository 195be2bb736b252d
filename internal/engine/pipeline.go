package engine

import "github.com/rearrank/rearrank"

// The pipeline of one attack group (RULES.md 4), stage by stage, in the
// order nextStage follows. Each stage takes its items one at a time (all of
// them in one Step when nobody watches: dieSource.more), asks for the dice
// of one item, decides from the final natural roll where the item goes, and
// logs these events:
//
//	stage    file      item        dice                           decides                                 events
//	begin    plan.go   the group   none                           receiver, every target number (tests)   BatchStart, Note
//	count    plan.go   the group   the Count expression           the number of attacks                   Roll, Note
//	hit      hit.go    attack      D6 vs hit                      hit, miss, or a 7+ procedure's 6 (5)    Roll (hit), Note (20.2 triggers)
//	again    hit.go    6 of a 7+   D6 vs hitAgain                 hit or miss (5, 20.1's dice order)      Roll (hit_again)
//	multi    hit.go    hit         the multiple_hits expression   how many hits it makes (20.3)           Roll, Note
//	wound    wound.go  hit         D6 vs wound                    a wound of its kind (20.2), or a kill   Roll, Note
//	armour   save.go   wound       D6 vs armour[kind]             saved or failed (7)                     Roll, Note
//	special  save.go   wound       D6 vs special[kind]            saved, unsaved, or a Killing Blow kill  Roll, Note
//	kill     damage.go kill        none                           the model removed (9.1, 20.2)           Casualty, Damaged, StandardLost
//	packet   damage.go unsaved     the Multiple Wounds expression its wounds, allocated (9.2, 10, 11)     Roll, Note, Casualty, Damaged, StandardLost
//	hold     batch.go  the group   none                           a batch of several: kept to allocate    Note
//	end      end.go    the group   none                           champion overflow, panic (12)           Panic, BatchEnd, Destroyed
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
//
// A file holds one family, named for what a reader looks for: this one the
// order of the stages (nextStage), dietest.go the D6 tests and the wound
// pools, the files of the table their stages, reroll.go the re-roll pass
// that follows a stage (20.1), text.go the words the log's sentences share.

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
func (m *Machine) advance(log func(rearrank.Event)) error {
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
func (m *Machine) nextStage(log func(rearrank.Event)) {
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
		m.s.round = false
		if m.s.later > 0 {
			m.nextRound()
			return
		}
		m.toEnd()
	case stepSkirmish:
		m.toEnd()
	}
}

// toEnd moves on to closing the batch. The item counters mean nothing
// there, so they are zeroed: paths that close alike describe alike.
func (m *Machine) toEnd() {
	m.s.at, m.s.i, m.s.n, m.s.singles, m.s.cleave, m.s.seq = stepEnd, 0, 0, 0, 0, ""
}
