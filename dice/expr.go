package dice

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/rearrank/rearrank/msg"
)

// Limits of a dice expression. Nothing in the rulesets comes near them; they
// keep a typo such as "66D6" from passing as a rule.
const (
	MaxDice     = 10   // dice in one expression: 1D6 to 10D6
	MaxModifier = 10   // added to dice: D6-10 to D6+10
	MaxConst    = 1000 // a constant: 0 to 1000 (a count of attacks such as 200)
)

// MaxCount is the largest count [CountExpr] takes: the most a constant
// Expr holds. Counts the program works out, such as the attacks of one
// step of a combat round (a horde of 101 models of A10 makes 1,010), may
// pass MaxConst, the limit on what a person writes.
const MaxCount = math.MaxInt16

// Expr is a dice expression as the games write it: a constant such as 3, or
// n dice of 3 or 6 sides plus a modifier, such as D3, 2D6, D6+1 or 2D6-1.
//
// A D3 is a single die with three sides: it is rolled with one call
// Roll(3). At the table a D3 is a D6 halved, rounding up; a person entering
// dice gives the halved face.
//
// The value of an expression never goes below 0: D3-2 rolling 1 is 0. (A
// modifier of -1 is the usual case, and n dice give at least n, so this only
// matters for modifiers larger than the count.)
//
// Expr is a small comparable value, like [net/netip.Addr]: use == and map
// keys. The zero Expr is the constant 0, which is also what "" parses to.
type Expr struct {
	n     uint8 // number of dice; 0 for a constant
	sides uint8 // 3 or 6; 0 for a constant
	mod   int16 // added to the dice; for a constant, its value
}

// ConstExpr returns the constant c. It panics if c is outside 0..MaxConst:
// it is for literals in code; parse numbers from users with [ParseExpr].
func ConstExpr(c int) Expr {
	e, err := ExprFrom(0, 0, c)
	if err != nil {
		panic(err)
	}
	return e
}

// CountExpr returns the constant c, a count the program worked out (the
// attacks of one combat step), or an error if c is outside 0..[MaxCount].
// Unlike [ConstExpr] and [ParseExpr] it is not held to MaxConst, which
// keeps a typo such as "66D6" in a file from passing; so the String of a
// count above MaxConst does not parse back.
func CountExpr(c int) (Expr, error) {
	if c < 0 || c > MaxCount {
		return Expr{}, msg.Errorf(nil, "dice.count.range", c, MaxCount)
	}
	return Expr{mod: int16(c)}, nil
}

// ExprFrom returns n dice of the given sides plus mod, such as ExprFrom(2, 6,
// -1) for 2D6-1, or, when n is 0, the constant mod (sides must be 0). It
// checks the same limits as [ParseExpr].
func ExprFrom(n, sides, mod int) (Expr, error) {
	if err := check(n, sides, mod); err != nil {
		return Expr{}, msg.Errorf(nil, "dice.expr.from", n, sides, fmt.Sprintf("%+d", mod), err.Msg)
	}
	return Expr{n: uint8(n), sides: uint8(sides), mod: int16(mod)}, nil
}

// errD3OrD6 is the whole complaint about sides: the games use no others.
var errD3OrD6 = msg.Errorf(nil, "dice.expr.d3_or_d6")

// check returns the first limit n, sides and mod break, or nil.
func check(n, sides, mod int) *msg.Error {
	if n == 0 {
		if sides != 0 {
			return msg.Errorf(nil, "dice.expr.count_range", "0", MaxDice)
		}
		if mod < 0 || mod > MaxConst {
			return msg.Errorf(nil, "dice.expr.constant_range", strconv.Itoa(mod), MaxConst)
		}
		return nil
	}
	if n < 0 || n > MaxDice {
		return msg.Errorf(nil, "dice.expr.count_range", strconv.Itoa(n), MaxDice)
	}
	if sides != 3 && sides != 6 {
		return errD3OrD6
	}
	if mod < -MaxModifier || mod > MaxModifier {
		return msg.Errorf(nil, "dice.expr.modifier_range", fmt.Sprintf("%+d", mod), MaxModifier)
	}
	return nil
}

// ParseExpr parses a dice expression: a constant ("0", "3"), or an optional
// count of dice, "D" or "d", the sides (3 or 6) and an optional "+" or "-"
// modifier, with spaces allowed around the sign ("D3", "2d6", "D6 + 1",
// "2D6-1"). Surrounding spaces are ignored, and "" is the constant 0.
// Spaces may stand only at the ends and around the sign: "2 D6", "D 6" and
// "1 0" are errors, so that two numbers never run together into one.
// Leading zeros belong to a number anywhere: "007" is 7, "0001D6" is D6.
// This is the one parser of dice expressions; scenario files use it too.
// Limits: 1 to [MaxDice] dice, modifiers up to ±[MaxModifier], constants
// up to [MaxConst]. Errors quote the input and say what is wrong, as in
//
//	dice expression "D7": want D3 or D6 dice
func ParseExpr(s string) (Expr, error) {
	e, err := parseExpr(s)
	if err != nil {
		return Expr{}, msg.Errorf(nil, "dice.expr.error", strconv.Quote(s), err.Msg)
	}
	return e, nil
}

// MustParseExpr is ParseExpr for literals in code and tests: it panics on
// error.
func MustParseExpr(s string) Expr {
	e, err := ParseExpr(s)
	if err != nil {
		panic(err)
	}
	return e
}

// exprScanner walks a dice expression byte by byte.
type exprScanner struct {
	s string
	i int
}

func (sc *exprScanner) peek() byte {
	if sc.i < len(sc.s) {
		return sc.s[sc.i]
	}
	return 0
}

func (sc *exprScanner) skipSpace() {
	for sc.i < len(sc.s) && (sc.s[sc.i] == ' ' || sc.s[sc.i] == '\t') {
		sc.i++
	}
}

// number reads decimal digits and returns them as text and value; the value
// saturates at a bound far above every limit, so "huge" is an ordinary range
// error.
func (sc *exprScanner) number() (text string, v int, ok bool) {
	start := sc.i
	for sc.i < len(sc.s) && '0' <= sc.s[sc.i] && sc.s[sc.i] <= '9' {
		v = min(v*10+int(sc.s[sc.i]-'0'), 1_000_000)
		sc.i++
	}
	return sc.s[start:sc.i], v, sc.i > start
}

// rest returns the unread input, for messages.
func (sc *exprScanner) rest() string { return sc.s[sc.i:] }

// parseExpr is ParseExpr; its error says what is wrong, and ParseExpr
// adds the input.
func parseExpr(s string) (Expr, *msg.Error) {
	sc := &exprScanner{s: s}
	sc.skipSpace()
	if sc.peek() == 0 {
		if sc.i < len(s) {
			return Expr{}, msg.Errorf(nil, "dice.expr.unexpected", strconv.Quote(sc.rest()))
		}
		return Expr{}, nil
	}
	countText, n, hasCount := sc.number()
	if c := sc.peek(); c != 'D' && c != 'd' {
		if !hasCount {
			return Expr{}, msg.Errorf(nil, "dice.expr.want_number_or_d", strconv.Quote(sc.rest()))
		}
		// A constant.
		sc.skipSpace()
		switch {
		case sc.peek() == '+' || sc.peek() == '-':
			return Expr{}, msg.Errorf(nil, "dice.expr.constant_modifier", strconv.Quote(sc.rest()), countText)
		case sc.i < len(s):
			return Expr{}, msg.Errorf(nil, "dice.expr.unexpected_after", strconv.Quote(sc.rest()), countText)
		case n > MaxConst:
			return Expr{}, msg.Errorf(nil, "dice.expr.constant_range", countText, MaxConst)
		}
		return Expr{mod: int16(n)}, nil
	}
	sc.i++ // the D
	if !hasCount {
		n, countText = 1, "1"
	}
	if n < 1 || n > MaxDice {
		return Expr{}, msg.Errorf(nil, "dice.expr.count_range", countText, MaxDice)
	}
	sidesText, sides, ok := sc.number()
	switch {
	case !ok:
		return Expr{}, msg.Errorf(nil, "dice.expr.want_sides", strconv.Quote(sc.rest()))
	case sides != 3 && sides != 6:
		return Expr{}, errD3OrD6
	}
	e := Expr{n: uint8(n), sides: uint8(sides)}
	sc.skipSpace()
	if sc.i == len(s) {
		return e, nil
	}
	sign := sc.peek()
	if sign != '+' && sign != '-' {
		return Expr{}, msg.Errorf(nil, "dice.expr.want_sign", strconv.Quote(sc.rest()), sidesText)
	}
	sc.i++
	sc.skipSpace()
	modText, mod, ok := sc.number()
	if !ok {
		return Expr{}, msg.Errorf(nil, "dice.expr.want_modifier", strconv.QuoteRune(rune(sign)), strconv.Quote(sc.rest()))
	}
	if mod > MaxModifier {
		return Expr{}, msg.Errorf(nil, "dice.expr.modifier_range", string(sign)+modText, MaxModifier)
	}
	if sign == '-' {
		mod = -mod
	}
	e.mod = int16(mod)
	sc.skipSpace()
	if sc.i < len(s) {
		return Expr{}, msg.Errorf(nil, "dice.expr.unexpected_after_modifier", strconv.Quote(sc.rest()))
	}
	return e, nil
}

// String returns the canonical form: "0", "3", "D3", "2D6", "D6+1",
// "2D6-1". A count of 1 and a modifier of 0 are left out.
func (e Expr) String() string {
	b, _ := e.AppendText(make([]byte, 0, 8))
	return string(b)
}

// AppendText implements [encoding.TextAppender]: it appends String.
func (e Expr) AppendText(b []byte) ([]byte, error) {
	if e.n == 0 {
		return strconv.AppendInt(b, int64(e.mod), 10), nil
	}
	if e.n > 1 {
		b = strconv.AppendInt(b, int64(e.n), 10)
	}
	b = append(b, 'D')
	b = strconv.AppendInt(b, int64(e.sides), 10)
	if e.mod > 0 {
		b = append(b, '+')
	}
	if e.mod != 0 {
		b = strconv.AppendInt(b, int64(e.mod), 10)
	}
	return b, nil
}

// MarshalText implements [encoding.TextMarshaler]: it returns String.
func (e Expr) MarshalText() ([]byte, error) { return e.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseExpr]. On
// error e is unchanged.
func (e *Expr) UnmarshalText(text []byte) error {
	x, err := ParseExpr(string(text))
	if err != nil {
		return err
	}
	*e = x
	return nil
}

// UnmarshalJSON accepts a JSON string holding a dice expression or a plain
// JSON number for a constant, since scenario files write both ("count: 20",
// "count: 2D6"). A JSON null leaves e unchanged. Marshalling goes through
// MarshalText, so always writes a string.
func (e *Expr) UnmarshalJSON(data []byte) error {
	switch {
	case string(data) == "null":
		return nil
	case len(data) > 0 && data[0] == '"':
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		return e.UnmarshalText([]byte(s))
	}
	return e.UnmarshalText(data)
}

// IsZero reports whether e is the constant 0, the zero Expr.
func (e Expr) IsZero() bool { return e == Expr{} }

// Const returns the value of a constant expression and true, or 0 and false
// when e rolls dice.
func (e Expr) Const() (int, bool) {
	if e.n != 0 {
		return 0, false
	}
	return int(e.mod), true
}

// Dice returns the number of dice and their sides: (2, 6) for 2D6+1, and
// (0, 0) for a constant.
func (e Expr) Dice() (n, sides int) { return int(e.n), int(e.sides) }

// Modifier returns what is added to the dice: 1 for 2D6+1. For a constant it
// is the constant, so an expression's value is always the sum of its dice
// plus Modifier, but not less than 0.
func (e Expr) Modifier() int { return int(e.mod) }

// Min returns the least value e can give.
func (e Expr) Min() int { return max(0, int(e.n)+int(e.mod)) }

// Max returns the greatest value e can give.
func (e Expr) Max() int { return max(0, int(e.n)*int(e.sides)+int(e.mod)) }

// Roll rolls e with r: one Roll(sides) call per die, added up with the
// modifier; the total is at least 0. A constant calls r not at all.
func (e Expr) Roll(r Roller) int {
	v := int(e.mod)
	for range e.n {
		v += r.Roll(int(e.sides))
	}
	return max(v, 0)
}

// Ask rolls e like Roll, but through [AskMsg], so a roller that can fail
// or prompt gets to say so. what says what the roll is for; each die is
// described as what plus the expression, such as "multiple wounds, D3" or
// "attacks, 2D6 die 1 of 2".
func (e Expr) Ask(r Roller, what string) (int, error) {
	var m msg.Message
	if what != "" {
		m = msg.New("dice.ask.text", what)
	}
	return e.AskMsg(r, m)
}

// AskMsg is Ask with what as a message (zero: nothing to say), for a
// roller that asks a person in the person's language ([MsgAsker]).
func (e Expr) AskMsg(r Roller, what msg.Message) (int, error) {
	v := int(e.mod)
	for i := range int(e.n) {
		label := msg.New("dice.ask.text", e.String())
		if e.n > 1 {
			label = msg.New("dice.ask.die_of", e.String(), i+1, int(e.n))
		}
		if !what.IsZero() {
			label = msg.New("dice.ask.for", what, label)
		}
		face, err := AskMsg(r, int(e.sides), label)
		if err != nil {
			return 0, err
		}
		v += face
	}
	return max(v, 0), nil
}

// Dist returns the exact distribution of e's value: the sum of its dice
// (their Total is sides^n) plus the modifier, with values below 0 counted
// as 0. A constant c gives [Point](c).
func (e Expr) Dist() Dist {
	d := Point(int(e.mod))
	if e.n > 0 {
		die := Die(int(e.sides))
		for range e.n {
			d = d.Convolve(die)
		}
	}
	if d.Min < 0 {
		d = d.Map(func(v int) int { return max(v, 0) })
	}
	return d
}
