package dice

import (
	"fmt"
	"math/big"
	"math/bits"
)

// Dist is an exact distribution over a run of small integers: the value
// Min+i has probability Weights[i]/Total, and Total is the sum of the
// Weights. For a dice expression Total is the number of face sequences,
// sides^n, and Weights[i] counts the sequences that give Min+i.
//
// Methods never change a Dist, and results never share Weights with their
// inputs. The zero Dist is empty: it has no values, P is 0 everywhere and
// Mean is 0.
type Dist struct {
	Min     int
	Weights []uint64
	Total   uint64
}

// Point returns the distribution that is always v.
func Point(v int) Dist { return Dist{Min: v, Weights: []uint64{1}, Total: 1} }

// Die returns the distribution of one die: 1..sides, each with weight 1.
// It panics if sides is less than 1.
func Die(sides int) Dist {
	if sides < 1 {
		panic(fmt.Sprintf("dice: Die(%d): sides < 1", sides))
	}
	w := make([]uint64, sides)
	for i := range w {
		w[i] = 1
	}
	return Dist{Min: 1, Weights: w, Total: uint64(sides)}
}

// Len returns the number of values from Min to Max, likely or not.
func (d Dist) Len() int { return len(d.Weights) }

// Max returns the greatest value, Min+Len()-1.
func (d Dist) Max() int { return d.Min + len(d.Weights) - 1 }

// Weight returns the weight of v: 0 outside Min..Max.
func (d Dist) Weight(v int) uint64 {
	i := v - d.Min
	if i < 0 || i >= len(d.Weights) {
		return 0
	}
	return d.Weights[i]
}

// P returns the probability of v, Weight(v)/Total.
func (d Dist) P(v int) *big.Rat {
	if d.Total == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(
		new(big.Int).SetUint64(d.Weight(v)),
		new(big.Int).SetUint64(d.Total),
	)
}

// Mean returns the expected value, the sum of v·Weight(v) over Total.
func (d Dist) Mean() *big.Rat {
	if d.Total == 0 {
		return new(big.Rat)
	}
	sum, term, w := new(big.Int), new(big.Int), new(big.Int)
	for i, wi := range d.Weights {
		term.SetInt64(int64(d.Min + i))
		sum.Add(sum, term.Mul(term, w.SetUint64(wi)))
	}
	return new(big.Rat).SetFrac(sum, w.SetUint64(d.Total))
}

// Convolve returns the distribution of the sum of a value from d and an
// independent value from e. Its Total is d.Total·e.Total; Convolve panics if
// that overflows uint64 (more than 24 dice of six sides): a bug in the
// caller, who must keep totals in range.
func (d Dist) Convolve(e Dist) Dist {
	if len(d.Weights) == 0 || len(e.Weights) == 0 {
		return Dist{}
	}
	hi, total := bits.Mul64(d.Total, e.Total)
	if hi != 0 {
		panic(fmt.Sprintf("dice: Convolve: total %d·%d overflows uint64", d.Total, e.Total))
	}
	// Each product and each partial sum is at most total, so none overflows.
	w := make([]uint64, len(d.Weights)+len(e.Weights)-1)
	for i, a := range d.Weights {
		if a == 0 {
			continue
		}
		for j, b := range e.Weights {
			w[i+j] += a * b
		}
	}
	return Dist{Min: d.Min + e.Min, Weights: w, Total: total}
}

// Map returns the distribution of f(v) for v drawn from d; weights of values
// that f sends to the same result add up, and Total is unchanged. It caps a
// roll, as in Map(func(v int) int { return min(v, 3) }) for multiple wounds
// against a model of 3 Wounds (RULES.md 9.2). f should return small numbers:
// the result holds a weight for every integer between its least and greatest.
func (d Dist) Map(f func(int) int) Dist {
	vs := make([]int, len(d.Weights))
	lo, hi := 0, -1
	for i, w := range d.Weights {
		if w == 0 {
			continue
		}
		v := f(d.Min + i)
		vs[i] = v
		if hi < lo {
			lo, hi = v, v
		}
		lo, hi = min(lo, v), max(hi, v)
	}
	if hi < lo { // empty, or every weight is 0
		return Dist{Min: d.Min, Weights: append([]uint64(nil), d.Weights...), Total: d.Total}
	}
	w := make([]uint64, hi-lo+1)
	for i, wi := range d.Weights {
		if wi != 0 {
			w[vs[i]-lo] += wi
		}
	}
	return Dist{Min: lo, Weights: w, Total: d.Total}
}
