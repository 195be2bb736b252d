package bench

import (
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/engine"
)

// diceCounter counts the dice the referee asks for.
type diceCounter struct {
	r dice.Roller
	n int
}

func (c *diceCounter) Roll(sides int) int { c.n++; return c.r.Roll(sides) }

// dicePerSample resolves the attacks samples times with seeded dice and
// returns the mean number of dice one resolution rolls.
func dicePerSample(b *testing.B, u *rearrank.Unit, attacks []rearrank.Attack, samples int) float64 {
	b.Helper()
	c := &diceCounter{r: dice.NewSeeded(1)}
	for range samples {
		m, err := engine.NewMachine(au(u), attacks, nil)
		if err != nil {
			b.Fatal(err)
		}
		for !m.Done() {
			if err := m.Step(c, nil); err != nil {
				b.Fatal(err)
			}
		}
	}
	return float64(c.n) / float64(samples)
}
