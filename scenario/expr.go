package scenario

import (
	"fmt"
	"strconv"
	"strings"
)

// Limits of the dice expressions a scenario may write (count, multiple_wounds).
const (
	MaxFixed    = 1000 // largest plain number: 1000 attacks
	MaxDice     = 10   // most dice in one expression: 10D6
	MaxModifier = 10   // largest modifier either way: D6+10, D6-10
)

// Expr is a number or a dice expression as a scenario writes it: "20",
// "D6", "2D6", "D3+1". It holds the canonical form that ParseExpr returns
// (upper-case D, no "1" before a single die, no spaces); the empty Expr means
// "not given". The grammar is a plain number 0..MaxFixed, or nD3 / nD6 with n
// from 1 to MaxDice and an optional modifier from -MaxModifier to +MaxModifier.
//
// Expr is a stand-in until the dice package's expression type exists; it only
// parses and bounds the text and never rolls.
type Expr string

// ParseExpr reads a number or a dice expression and returns its canonical
// form. Spaces are ignored and "d" is read as "D": " 2d6 + 1 " is "2D6+1".
func ParseExpr(s string) (Expr, error) {
	t := strings.ToUpper(strings.Join(strings.Fields(s), ""))
	if t == "" {
		return "", fmt.Errorf("empty dice expression: want a number such as 20 or dice such as 2D6")
	}
	if isDigits(t) {
		n, err := strconv.Atoi(t)
		if err != nil || n > MaxFixed {
			return "", fmt.Errorf("%s is out of range: want 0 to %d", s, MaxFixed)
		}
		return Expr(strconv.Itoa(n)), nil
	}
	n, sides, mod, ok := splitDice(t)
	if !ok {
		return "", fmt.Errorf("dice %q: want a number such as 20, or dice such as D6, 2D6, D3+1", s)
	}
	if n < 1 || n > MaxDice {
		return "", fmt.Errorf("dice %q: want 1 to %d dice", s, MaxDice)
	}
	if sides != 3 && sides != 6 {
		return "", fmt.Errorf("dice %q: want D3 or D6", s)
	}
	if mod < -MaxModifier || mod > MaxModifier {
		return "", fmt.Errorf("dice %q: want a modifier from -%d to +%d", s, MaxModifier, MaxModifier)
	}
	return Expr(formatDice(n, sides, mod)), nil
}

// splitDice reads "nDs", "nDs+m" or "nDs-m" (n optional).
func splitDice(t string) (n, sides, mod int, ok bool) {
	d := strings.IndexByte(t, 'D')
	if d < 0 {
		return 0, 0, 0, false
	}
	n = 1
	if d > 0 {
		if !isDigits(t[:d]) || len(t[:d]) > 3 {
			return 0, 0, 0, false
		}
		n, _ = strconv.Atoi(t[:d])
	}
	rest := t[d+1:]
	i := strings.IndexAny(rest, "+-")
	sidesText, modText := rest, ""
	if i >= 0 {
		sidesText, modText = rest[:i], rest[i+1:]
		if !isDigits(modText) || len(modText) > 3 {
			return 0, 0, 0, false
		}
		mod, _ = strconv.Atoi(modText)
		if rest[i] == '-' {
			mod = -mod
		}
	}
	if !isDigits(sidesText) || len(sidesText) > 3 {
		return 0, 0, 0, false
	}
	sides, _ = strconv.Atoi(sidesText)
	return n, sides, mod, true
}

func formatDice(n, sides, mod int) string {
	var b strings.Builder
	if n != 1 {
		b.WriteString(strconv.Itoa(n))
	}
	fmt.Fprintf(&b, "D%d", sides)
	switch {
	case mod > 0:
		fmt.Fprintf(&b, "+%d", mod)
	case mod < 0:
		fmt.Fprintf(&b, "%d", mod)
	}
	return b.String()
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// String returns the expression as a scenario writes it.
func (e Expr) String() string { return string(e) }

// IsZero reports whether the expression was not given.
func (e Expr) IsZero() bool { return e == "" }

// Fixed returns the value of a plain number and true, or 0 and false for
// dice and for the empty Expr.
func (e Expr) Fixed() (int, bool) {
	if !isDigits(string(e)) {
		return 0, false
	}
	n, err := strconv.Atoi(string(e))
	return n, err == nil
}

// Range returns the least and the greatest value the expression can give.
// It is (0, 0) for the empty or an invalid Expr.
func (e Expr) Range() (lo, hi int) {
	if n, ok := e.Fixed(); ok {
		return n, n
	}
	n, sides, mod, ok := splitDice(string(e))
	if !ok {
		return 0, 0
	}
	return n + mod, n*sides + mod
}
