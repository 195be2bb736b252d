package rules

import "math/big"

// PanicShare returns the panic threshold of o in words a player reads: a
// whole percentage where it is one ("25%"), the fraction otherwise ("1/3").
func (o Options) PanicShare() string {
	p := o.Panic()
	pct := new(big.Rat).Mul(p, big.NewRat(100, 1))
	if pct.IsInt() {
		return pct.Num().String() + "%"
	}
	return p.RatString()
}
