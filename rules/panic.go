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

// PanicLoss words the losses that force a panic test in ruleset rs with
// switches o, as a player reads them: "25% or more" (RULES.md 12), or
// "more than 25%" where the test needs more than the threshold (tow,
// 22.9). The odds' label and the referee's summary say it with this.
func PanicLoss(rs Ruleset, o Options) string { return PanicLossMsg(rs, o).String() }
