package referee_test

import (
	"errors"
	"math/big"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// prefixRoller hands out fixed faces and then reports the sides of the first
// die it could not give, so a test can walk every path through the dice.
type prefixRoller struct {
	faces []int
	next  int
	sides []int // sides of each die handed out
	want  int   // sides of the die asked for past the prefix
}

func (p *prefixRoller) Roll(sides int) int { f, _ := p.Ask(sides, ""); return f }

func (p *prefixRoller) Ask(sides int, _ string) (int, error) {
	if p.next >= len(p.faces) {
		p.want = sides
		return 0, dice.ErrOutOfDice
	}
	f := p.faces[p.next]
	p.next++
	p.sides = append(p.sides, sides)
	return f, nil
}

// exhaust resolves the attacks once for every sequence of faces the referee
// can ask for, calling visit with each result and its exact probability. It
// is the enumerating reader in its plainest form: the odds package must agree
// with it.
//
// The faces in start are forced: the probabilities are conditional on them.
func exhaust(t *testing.T, u *rearrank.Unit, attacks []rearrank.Attack, start []int, visit func(*referee.Result, *big.Rat)) {
	t.Helper()
	var walk func(prefix []int)
	paths := 0
	walk = func(prefix []int) {
		r := &prefixRoller{faces: prefix}
		res, err := referee.Resolve(u, attacks, r)
		if errors.Is(err, dice.ErrOutOfDice) {
			for f := 1; f <= r.want; f++ {
				walk(append(append([]int(nil), prefix...), f))
			}
			return
		}
		if err != nil {
			t.Fatalf("faces %v: %v", prefix, err)
		}
		paths++
		if paths > 2_000_000 {
			t.Fatal("too many dice paths for exhaust")
		}
		p := big.NewRat(1, 1)
		for _, s := range r.sides[len(start):] {
			p.Mul(p, big.NewRat(1, int64(s)))
		}
		visit(res, p)
	}
	walk(start)
}

// probability returns the exact chance that pred holds after the attacks.
func probability(t *testing.T, u *rearrank.Unit, attacks []rearrank.Attack, start []int, pred func(*referee.Result) bool) *big.Rat {
	t.Helper()
	sum, total := new(big.Rat), new(big.Rat)
	exhaust(t, u, attacks, start, func(res *referee.Result, p *big.Rat) {
		total.Add(total, p)
		if pred(res) {
			sum.Add(sum, p)
		}
	})
	if total.Cmp(big.NewRat(1, 1)) != 0 {
		t.Fatalf("paths sum to %s, not 1", total.RatString())
	}
	return sum
}

func mustUnit(t *testing.T, s unit.Spec) *rearrank.Unit {
	t.Helper()
	u, err := rearrank.NewUnit(s)
	if err != nil {
		t.Fatalf("NewUnit: %v", err)
	}
	return u
}

func resolve(t *testing.T, u *rearrank.Unit, attacks []rearrank.Attack, faces ...int) (*referee.Result, *dice.Scripted) {
	t.Helper()
	r := dice.NewScripted(faces...)
	res, err := referee.Resolve(u, attacks, r)
	if err != nil {
		t.Fatalf("Resolve: %v", err)
	}
	return res, r
}

func expr(s string) dice.Expr { return dice.MustParseExpr(s) }

func target(s string) rules.Target { return rules.MustParseTarget(s) }

func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("bad rat " + s)
	}
	return r
}

func wantRat(t *testing.T, name string, got *big.Rat, want string) {
	t.Helper()
	if got.Cmp(rat(want)) != 0 {
		t.Errorf("%s = %s, want %s", name, got.RatString(), want)
	}
}
