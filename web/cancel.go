package web

import (
	"context"

	"github.com/rearrank/rearrank/dice"
)

// cancelEvery is how many dice a cancelable roller hands out between two
// looks at its context: a few microseconds of the referee's work.
const cancelEvery = 64

// cancelRoller is a dice.Asker over another roller that refuses the next
// die with ctx's error once ctx has ended, so that a referee run or a
// round of combat, which take no context, stop with their request.
type cancelRoller struct {
	ctx context.Context
	r   dice.Roller
	n   int
}

// cancelable returns r, stopping when ctx ends.
func cancelable(ctx context.Context, r dice.Roller) dice.Roller {
	return &cancelRoller{ctx: ctx, r: r}
}

// Roll is for callers that do not ask: the referee and the combat round
// always do, through Ask.
func (c *cancelRoller) Roll(sides int) int { return c.r.Roll(sides) }

// Ask returns the inner roller's face, or ctx's error once ctx has ended.
func (c *cancelRoller) Ask(sides int, what string) (int, error) {
	if c.n++; c.n%cancelEvery == 0 {
		if err := c.ctx.Err(); err != nil {
			return 0, err
		}
	}
	return dice.Ask(c.r, sides, what)
}
