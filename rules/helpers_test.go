package rules

import (
	"math/big"
	"testing"
)

// frac is num/den as an exact fraction.
func frac(num, den int) *big.Rat { return big.NewRat(int64(num), int64(den)) }

// chance is the exact probability that one D6 meets t with natural values up
// to floor failing, from Target.Chance.
func chance(t Target, floor int) *big.Rat { return frac(t.Chance(floor), 6) }

// fail is 1 - p.
func fail(p *big.Rat) *big.Rat { return new(big.Rat).Sub(big.NewRat(1, 1), p) }

// mul multiplies fractions.
func mul(ps ...*big.Rat) *big.Rat {
	out := big.NewRat(1, 1)
	for _, p := range ps {
		out.Mul(out, p)
	}
	return out
}

// add adds fractions.
func add(ps ...*big.Rat) *big.Rat {
	out := new(big.Rat)
	for _, p := range ps {
		out.Add(out, p)
	}
	return out
}

// wantTarget reports a mismatch between got and the RULES.md notation want:
// "4+", "-" for None, or "impossible" for a target of 7 or more.
func wantTarget(t *testing.T, got Target, want string) {
	t.Helper()
	if want == "impossible" {
		if got.IsNone() || got.Possible() {
			t.Errorf("got %v, want impossible (7 or more)", got)
		}
		return
	}
	if got.String() != want {
		t.Errorf("got %v, want %s", got, want)
	}
}

// wantRat reports a mismatch between two fractions.
func wantRat(t *testing.T, what string, got, want *big.Rat) {
	t.Helper()
	if got.Cmp(want) != 0 {
		t.Errorf("%s = %v, want %v", what, got.RatString(), want.RatString())
	}
}
