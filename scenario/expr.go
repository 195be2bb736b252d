package scenario

import (
	"strings"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/msg"
)

// Expr is a number or a dice expression as a scenario writes it: "20",
// "D6", "2D6", "D3+1". It holds the canonical form of a [dice.Expr] (upper
// case D, no "1" before a single die, no spaces); the empty Expr means "not
// given". The grammar and its limits are dice.ParseExpr's, the one parser
// of dice expressions: a number 0..[dice.MaxConst], or up to
// [dice.MaxDice] D3 or D6 with a modifier within ±[dice.MaxModifier].
type Expr string

// errEmptyExpr is the one thing a scenario refuses that dice.ParseExpr
// accepts: in a file, an empty expression is a field left out, never 0.
var errEmptyExpr = msg.Errorf(nil, "scenario.expr.empty")

// ParseExpr reads a number or a dice expression with [dice.ParseExpr] and
// returns its canonical form: " 2d6 + 1 " is "2D6+1". Unlike dice.ParseExpr
// it refuses "" (see Expr).
func ParseExpr(s string) (Expr, error) {
	if strings.TrimSpace(s) == "" {
		return "", errEmptyExpr
	}
	e, err := dice.ParseExpr(s)
	if err != nil {
		return "", err
	}
	return Expr(e.String()), nil
}

// Dice returns the expression as a dice.Expr, and false for the empty or an
// invalid Expr.
func (e Expr) Dice() (dice.Expr, bool) {
	if e.IsZero() {
		return dice.Expr{}, false
	}
	d, err := dice.ParseExpr(string(e))
	return d, err == nil
}

// String returns the expression as a scenario writes it.
func (e Expr) String() string { return string(e) }

// IsZero reports whether the expression was not given.
func (e Expr) IsZero() bool { return e == "" }

// Fixed returns the value of a plain number and true, or 0 and false for
// dice and for the empty Expr.
func (e Expr) Fixed() (int, bool) {
	d, ok := e.Dice()
	if !ok {
		return 0, false
	}
	return d.Const()
}

// Range returns the least and the greatest value of the dice plus the
// modifier, before dice.Expr's floor at 0: D3-2 is (-1, 1), so that Validate
// can refuse a count that could fall below 0 attacks. It is (0, 0) for the
// empty or an invalid Expr.
func (e Expr) Range() (lo, hi int) {
	d, ok := e.Dice()
	if !ok {
		return 0, 0
	}
	n, sides := d.Dice()
	return n + d.Modifier(), n*sides + d.Modifier()
}
