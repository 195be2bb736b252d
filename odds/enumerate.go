package odds

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
)

// errNeedDie is how the enumerating roller stops a replay that asks for a
// die past its prefix.
var errNeedDie = errors.New("odds: need another die")

// prefixRoller replays a fixed prefix of faces and then asks for a branch.
type prefixRoller struct {
	faces []int
	next  int
	den   uint64 // product of the sides of the dice handed out
	want  int    // sides of the die asked for past the prefix
}

func (p *prefixRoller) Roll(sides int) int {
	f, err := p.Ask(sides, "")
	if err != nil {
		return 1
	}
	return f
}

func (p *prefixRoller) Ask(sides int, _ string) (int, error) { return p.Branch(sides) }

// Branch hands out the next face of the prefix, or stops the step.
func (p *prefixRoller) Branch(sides int) (int, error) {
	if p.next >= len(p.faces) {
		p.want = sides
		return 0, errNeedDie
	}
	f := p.faces[p.next]
	p.next++
	p.den *= uint64(sides)
	return f, nil
}

// branch is one way a step can go: the machine after it and the chance of
// the dice that led there, 1/den.
type branch struct {
	m   *referee.Machine
	den uint64
}

// maxStepDice bounds the dice of a single step, so a step can never make the
// enumeration hang (a skirmish attack with criticals and injuries needs
// about a dozen).
const maxStepDice = 24

// branches runs one step of m once for every sequence of faces it can ask
// for, depth first, replaying the step from a clone each time.
func branches(m *referee.Machine, out []branch) ([]branch, error) {
	var walk func(prefix []int) error
	walk = func(prefix []int) error {
		c := m.Clone()
		r := &prefixRoller{faces: prefix, den: 1}
		err := c.Step(r, nil)
		if errors.Is(err, errNeedDie) {
			if len(prefix) >= maxStepDice {
				return fmt.Errorf("one step asks for more than %d dice", maxStepDice)
			}
			next := append(prefix, 0)
			for f := 1; f <= r.want; f++ {
				next[len(prefix)] = f
				if err := walk(next); err != nil {
					return err
				}
			}
			return nil
		}
		if err != nil {
			return err
		}
		out = append(out, branch{m: c, den: r.den})
		return nil
	}
	err := walk(make([]int, 0, 8))
	return out, err
}

// state is one point of the distribution: a machine and its weight over the
// distribution's shared denominator.
type state struct {
	m *referee.Machine
	w *big.Int
}

// dist is a distribution over machines: weights over one denominator.
type dist struct {
	states []state
	den    *big.Int
}

// ErrStateLimit is wrapped by the error returned when the reachable states
// pass Config.MaxStates.
var ErrStateLimit = errors.New("state limit reached")

// enumerate runs the machine to the end over every face of every die,
// merging machines with the same Key after each step.
func enumerate(ctx context.Context, start *referee.Machine, cfg Config, why func() string) (*dist, error) {
	d := &dist{states: []state{{m: start, w: big.NewInt(1)}}, den: big.NewInt(1)}
	var buf []branch
	steps := 0
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		live := false
		for _, s := range d.states {
			if !s.m.Done() {
				live = true
				break
			}
		}
		if !live {
			return d, nil
		}
		steps++
		// one step of every live machine; done machines stay as they are
		type pending struct {
			m   *referee.Machine
			w   *big.Int
			den uint64
		}
		var next []pending
		lcm := uint64(1)
		for _, s := range d.states {
			if s.m.Done() {
				next = append(next, pending{m: s.m, w: s.w, den: 1})
				continue
			}
			var err error
			buf, err = branches(s.m, buf[:0])
			if err != nil {
				return nil, err
			}
			for _, b := range buf {
				next = append(next, pending{m: b.m, w: s.w, den: b.den})
				lcm = lcmU(lcm, b.den)
			}
		}
		// reweight over den*lcm and merge equal keys
		index := make(map[string]int, len(next))
		merged := make([]state, 0, len(next))
		mul := new(big.Int)
		for _, p := range next {
			mul.SetUint64(lcm / p.den)
			w := new(big.Int).Mul(p.w, mul)
			k := p.m.Key()
			if i, ok := index[k]; ok {
				merged[i].w.Add(merged[i].w, w)
				continue
			}
			index[k] = len(merged)
			merged = append(merged, state{m: p.m, w: w})
			if cfg.maxStates() > 0 && len(merged) > cfg.maxStates() {
				return nil, fmt.Errorf("%w: more than %d states after %d steps: %s", ErrStateLimit, cfg.maxStates(), steps, why())
			}
		}
		d.states = merged
		d.den.Mul(d.den, new(big.Int).SetUint64(lcm))
		if steps%8 == 0 {
			d.reduce()
		}
	}
}

// reduce divides every weight and the denominator by their common factor.
func (d *dist) reduce() {
	g := new(big.Int).Set(d.den)
	for _, s := range d.states {
		if g.Cmp(big.NewInt(1)) == 0 {
			return
		}
		g.GCD(nil, nil, g, s.w)
	}
	if g.Sign() == 0 || g.Cmp(big.NewInt(1)) == 0 {
		return
	}
	for _, s := range d.states {
		s.w.Quo(s.w, g)
	}
	d.den.Quo(d.den, g)
}

func lcmU(a, b uint64) uint64 {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}

var _ dice.Brancher = (*prefixRoller)(nil)
