package odds

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/msg"
)

// The enumerating roller. A Go function cannot be forked at a die, so each
// way a step can go is a replay of the step from a copy of the machine: the
// roller hands out the classes of faces chosen so far and, past them, the
// first class of each new die, recording it. After a replay the next path
// is the record with its deepest die not yet on its last class moved on to
// the next class, dice after it forgotten: an odometer over a tree whose
// later dice depend on the earlier ones. Every path is replayed once.

// maxStepDice bounds the dice of a single step, so that a step can never
// make the enumeration hang (a skirmish attack with a critical, two saves
// and injury rolls needs about a dozen).
const maxStepDice = 40

// choice is one die of a path: its sides, its classes of faces, and the
// class the path takes.
type choice struct {
	sides int
	cuts  uint64 // bit f set: face f starts a class (engine.ClassBrancher)
	class int    // index of the class taken
	n     int    // number of classes
}

// face returns the first face of the class taken, and the class's size.
func (c choice) face() (face, size int) {
	face, k := 1, 0
	for f := 2; f <= c.sides; f++ {
		if c.cuts&(1<<f) != 0 {
			if k == c.class {
				return face, f - face
			}
			k++
			face = f
		}
	}
	return face, c.sides + 1 - face
}

// errTooManyDice reports a step that asks for more than maxStepDice dice.
var errTooManyDice = msg.Errorf(nil, "odds.error.step_dice", maxStepDice)

// pathRoller replays a path and extends it with first classes.
type pathRoller struct {
	path []choice
	pos  int
	err  error
	// ctx, when set, is looked at every 256 paths (paths): one step's
	// dice may fall a million ways.
	ctx context.Context
}

func (p *pathRoller) reset() { p.pos, p.err = 0, nil }

// Roll implements dice.Roller for callers that do not branch; the Machine
// always calls BranchClass or Branch.
func (p *pathRoller) Roll(sides int) int {
	f, _ := p.Branch(sides)
	return f
}

// Branch implements dice.Brancher: every face a class of its own.
func (p *pathRoller) Branch(sides int) (int, error) {
	return p.BranchClass(sides, (uint64(1)<<(sides+1)-1)&^3)
}

// BranchClass implements engine.ClassBrancher.
func (p *pathRoller) BranchClass(sides int, cuts uint64) (int, error) {
	if sides < 1 || sides > 60 {
		p.err = fmt.Errorf("odds: a die of %d sides", sides)
		return 0, p.err
	}
	cuts &= (uint64(1)<<(sides+1) - 1) &^ 3
	if p.pos == len(p.path) {
		if len(p.path) >= maxStepDice {
			p.err = errTooManyDice
			return 0, p.err
		}
		p.path = append(p.path, choice{sides: sides, cuts: cuts, n: bits.OnesCount64(cuts) + 1})
	}
	c := &p.path[p.pos]
	if c.sides != sides || c.cuts != cuts {
		p.err = errors.New("odds: a step asked for different dice on a replay")
		return 0, p.err
	}
	p.pos++
	f, _ := c.face()
	return f, nil
}

// weight returns the chance of the path as count/den.
func (p *pathRoller) weight() (count weight, d den, err error) {
	count = one
	for _, c := range p.path {
		_, size := c.face()
		count = count.mulSmall(uint64(size))
		dd, err := dieDen(c.sides)
		if err != nil {
			return weight{}, den{}, err
		}
		d = d.mul(dd)
	}
	return count, d, nil
}

// next moves the path on to the next one; false when every path was taken.
func (p *pathRoller) next() bool {
	k := len(p.path) - 1
	for k >= 0 && p.path[k].class == p.path[k].n-1 {
		k--
	}
	if k < 0 {
		return false
	}
	p.path[k].class++
	p.path = p.path[:k+1]
	return true
}

var _ engine.ClassBrancher = (*pathRoller)(nil)

// maxPaths bounds the ways one step's dice can fall (10D6 damage dice
// fall 60 million ways), so that no step can hang the enumeration or fill
// the memory.
const maxPaths = 1 << 20

// paths calls run once for every path through the dice it asks for, each
// time with the roller reset to that path, then visit with the path's
// chance count/den. run must ask for the same dice on the same path.
func paths(r *pathRoller, run func(r *pathRoller) error, visit func(count weight, d den) error) error {
	r.path = r.path[:0]
	for n := 0; ; n++ {
		if n == maxPaths {
			return msg.Errorf(ErrDicePaths, "odds.error.paths", maxPaths)
		}
		if n&255 == 255 && r.ctx != nil {
			if err := r.ctx.Err(); err != nil {
				return err
			}
		}
		r.reset()
		if err := run(r); err != nil {
			if r.err != nil {
				return r.err
			}
			return err
		}
		if r.pos != len(r.path) {
			return errors.New("odds: a step used fewer dice on a replay")
		}
		count, d, err := r.weight()
		if err != nil {
			return err
		}
		if err := visit(count, d); err != nil {
			return err
		}
		if !r.next() {
			return nil
		}
	}
}
