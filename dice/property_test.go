package dice_test

import (
	"testing"

	"github.com/rearrank/rearrank/dice"
	"pgregory.net/rapid"
)

// genExpr draws any valid Expr: a constant, or D3 or D6 dice with a modifier.
func genExpr() *rapid.Generator[dice.Expr] {
	return rapid.Custom(func(t *rapid.T) dice.Expr {
		var e dice.Expr
		var err error
		if rapid.Bool().Draw(t, "constant") {
			e, err = dice.ExprFrom(0, 0, rapid.IntRange(0, dice.MaxConst).Draw(t, "c"))
		} else {
			e, err = dice.ExprFrom(
				rapid.IntRange(1, dice.MaxDice).Draw(t, "n"),
				rapid.SampledFrom([]int{3, 6}).Draw(t, "sides"),
				rapid.IntRange(-dice.MaxModifier, dice.MaxModifier).Draw(t, "mod"),
			)
		}
		if err != nil {
			t.Fatalf("ExprFrom: %v", err)
		}
		return e
	})
}

func TestExprProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := genExpr().Draw(t, "e")

		back, err := dice.ParseExpr(e.String())
		if err != nil || back != e {
			t.Fatalf("ParseExpr(%q) = %v, %v, want %v", e.String(), back, err, e)
		}
		var text dice.Expr
		if b, _ := e.MarshalText(); text.UnmarshalText(b) != nil || text != e {
			t.Fatalf("text round trip of %v gave %v", e, text)
		}

		r := dice.NewSeeded(rapid.Uint64().Draw(t, "seed"))
		for range 20 {
			if v := e.Roll(r); v < e.Min() || v > e.Max() {
				t.Fatalf("%v rolled %d, outside [%d, %d]", e, v, e.Min(), e.Max())
			}
		}

		d := e.Dist()
		var sum uint64
		for _, w := range d.Weights {
			sum += w
		}
		n, sides := e.Dice()
		want := uint64(1)
		for range n {
			want *= uint64(sides)
		}
		if sum != d.Total || d.Total != want {
			t.Fatalf("%v: weights sum to %d, Total %d, want both sides^n = %d", e, sum, d.Total, want)
		}
		if d.Min != e.Min() || d.Max() != e.Max() {
			t.Fatalf("%v: Dist spans [%d, %d], want [%d, %d]", e, d.Min, d.Max(), e.Min(), e.Max())
		}
		if d.Weights[0] == 0 || d.Weights[d.Len()-1] == 0 {
			t.Fatalf("%v: Dist has an impossible end value: %v", e, d.Weights)
		}
	})
}

func FuzzParseExpr(f *testing.F) {
	for _, s := range []string{
		"", "0", "3", "100", "D3", "D6", "2D6", "2D3", "D3+1", "D6+1", "2D6-1",
		"d6", "D6 + 1", " 2d6 - 1 ", "10D6+10", "D3-2", "1D6", "D6+0", "007",
		"D", "0D6", "11D6", "D6+", "D6++1", "3D", "-D6", "D0", "D7", "101",
		"99999999999999999999", "D99999999999999999999", "3+2", "2 D6", "\x00",
		"0001D6", "D 6", "1 0", "D0006", "D6+0001", "D6\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := dice.ParseExpr(s)
		if err != nil {
			if !e.IsZero() {
				t.Fatalf("ParseExpr(%q) gave %v with error %v", s, e, err)
			}
			return
		}
		canon := e.String()
		back, err := dice.ParseExpr(canon)
		if err != nil || back != e || back.String() != canon {
			t.Fatalf("ParseExpr(%q) = %v, but its String %q parses to %v, %v", s, e, canon, back, err)
		}
		if e.Min() > e.Max() || e.Min() < 0 {
			t.Fatalf("ParseExpr(%q) = %v with Min %d, Max %d", s, e, e.Min(), e.Max())
		}
	})
}
