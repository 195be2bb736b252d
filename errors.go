package rearrank

import (
	"errors"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/msg"
)

// DiceNeeded is the error of a step whose dice ran out (dice.ErrOutOfDice,
// which it wraps): the attack group and stage that asked, and how many
// more dice the stage needs at least, as a player rolling stage by stage
// reads it.
type DiceNeeded struct {
	Batch  int   // attack group, from 1
	Stage  Stage // the stage that asked for the die
	Sides  int   // the die asked for: 6 for a D6, 3 for a D3
	Reroll bool  // the die belongs to the stage's re-roll pass (RULES.md 20.1)
	// More is how many more dice the stage needs at least (0 when the
	// stage does not count its items, such as the number of attacks);
	// Done of Of items are finished.
	More, Done, Of int
	Err            error
}

func (e *DiceNeeded) Error() string { return e.Text(msg.English) }

// Text says the error in language l (msg.Texter): the step, the roller's
// error as msg.ErrorText says it, and the dice the step needs.
func (e *DiceNeeded) Text(l msg.Lang) string {
	var cause any = msg.ErrorText(e.Err, l)
	if e.Err == dice.ErrOutOfDice { // the roller's own words, not another package's
		cause = msg.New("engine.error.out_of_dice")
	}
	if e.Of > 0 {
		return msg.New("engine.error.dice_needed", e.Batch, e.Stage.Msg(), cause, e.More, e.Done, e.Of).Text(l)
	}
	return msg.New("engine.error.step", e.Batch, e.Stage.Msg(), cause).Text(l)
}

// Unwrap returns the roller's error, dice.ErrOutOfDice for a scripted
// roller that ran out.
func (e *DiceNeeded) Unwrap() error { return e.Err }

// ErrNoAttacks is returned when the referee or the odds are given no
// attack group to resolve.
var ErrNoAttacks = errors.New("no attack groups")

// ErrBatch is returned when the groups an Attack.Batch name joins cannot be
// one batch: they must follow one another, share their phase and target,
// and not be skirmish (RULES.md C24).
var ErrBatch = errors.New("not one batch")
