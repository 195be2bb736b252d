package matrix

import (
	"errors"
	"math"
	"math/big"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/internal/safe"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/scenario"
)

// Method is how a cell was computed. The zero Method is none: the cell
// stands for no computation (a unit that does not shoot).
type Method int8

// The methods of a cell.
const (
	MethodNone    Method = iota
	MethodExact          // every way the dice fall
	MethodSampled        // Monte Carlo
	MethodError          // the cell cannot be computed: Cell.Err says why
)

var methodNames = [...]string{"none", "exact", "sampled", "error"}

func (m Method) String() string {
	if m < 0 || int(m) >= len(methodNames) {
		return "none"
	}
	return methodNames[m]
}

// MarshalText implements encoding.TextMarshaler: the String.
func (m Method) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// ExactDigits is the decimals an exact cell shows.
const ExactDigits = 4

// Cell is one pair's computation and what it gives, from the row unit's
// point of view.
type Cell struct {
	Row, Col int
	Fight    Fight
	Method   Method
	// Samples is a sampled cell's Monte Carlo samples.
	Samples int
	Values  Values
	// Digits is the decimals the cell can honestly show: ExactDigits for
	// an exact cell, for a sampled one as many as its HalfWidth allows.
	Digits int
	// HalfWidth is a sampled cell's 95% half-width: the largest of its
	// values'.
	HalfWidth float64
	// Why says why a cell of method none stands for no computation.
	Why msg.Message
	// Err is why a cell of method error cannot be computed.
	Err error
	// Odds and Report are the computation's whole result, shared by the
	// cells that stand for the same file: a shooting cell's and a
	// close-combat cell's.
	Odds   *odds.Result
	Report *combat.Report
}

// Values are a cell's numbers. A shooting cell has Mean (casualties),
// PAtLeast (of at least Matrix.AtLeast casualties), PDestroy (the column
// unit destroyed) and PPanic (it crosses its panic threshold, when
// HasPanic); a close-combat cell has PWin, PDraw and PLose (for the row
// unit), PTheyBreak (the column unit breaks), PWeBreak and MeanResult
// (the row's combat result less the column's).
type Values struct {
	Mean, PAtLeast, PDestroy, PPanic         float64
	HasPanic                                 bool
	PWin, PDraw, PLose, PTheyBreak, PWeBreak float64
	MeanResult                               float64
}

func float(r *big.Rat) float64 {
	if r == nil {
		return 0
	}
	f, _ := r.Float64()
	return f
}

// z95 is the normal quantile of a 95% interval.
const z95 = 1.959963984540054

// halfWidth is the 95% half-width of a chance p estimated from n samples.
func halfWidth(p float64, n int) float64 { return z95 * math.Sqrt(p*(1-p)/float64(n)) }

// digitsFor is the most decimals, at most ExactDigits, that a value of
// 95% half-width hw can show: those down to the first whose unit the
// interval is narrower than, so that only the last digit shown is
// uncertain (0.0068 shows 2: 0.61).
func digitsFor(hw float64) int {
	for d := ExactDigits; d > 0; d-- {
		if hw < math.Pow(10, -float64(d)) {
			return d
		}
	}
	return 0
}

func (c *Cell) shootingValues(res *odds.Result, atLeast int) {
	c.Odds = res
	v := &c.Values
	v.Mean = float(res.Casualties.Mean())
	v.PAtLeast = float(res.Casualties.AtLeast(atLeast))
	v.PDestroy = float(res.Destroyed)
	if res.Panic != nil {
		v.PPanic, v.HasPanic = float(res.Panic), true
	}
	if res.Exact {
		c.Method, c.Digits = MethodExact, ExactDigits
		return
	}
	c.Method, c.Samples = MethodSampled, res.Samples
	hw := z95 * res.StdErr.Casualties
	for _, p := range []float64{v.PAtLeast, v.PDestroy, v.PPanic} {
		hw = max(hw, halfWidth(p, res.Samples))
	}
	c.HalfWidth, c.Digits = hw, digitsFor(hw)
}

func (c *Cell) combatValues(rep *combat.Report) {
	c.Report = rep
	v := &c.Values
	v.PWin, v.PDraw, v.PLose = float(rep.AWins), float(rep.Draw), float(rep.BWins)
	v.PWeBreak, v.PTheyBreak = float(rep.Sides[0].Breaks), float(rep.Sides[1].Breaks)
	v.MeanResult = float(rep.Margin.Mean())
	if rep.N == 0 {
		c.Method, c.Digits = MethodExact, ExactDigits
		return
	}
	c.Method, c.Samples = MethodSampled, rep.N
	hw := z95 * rep.MeanSE(rep.Margin)
	for _, p := range []float64{v.PWin, v.PDraw, v.PLose, v.PWeBreak, v.PTheyBreak} {
		hw = max(hw, halfWidth(p, rep.N))
	}
	c.HalfWidth, c.Digits = hw, digitsFor(hw)
}

// Code is a cell error's kind, as the stream writes it: ruleset (units
// of different rulesets), options (switches that differ), state_limit,
// invalid (a file the units make that its package refuses), internal (a
// bug, whose panic the caller logs) or failed.
func Code(err error) string {
	var se *scenario.Error
	var pe *safe.PanicError
	switch {
	case errors.As(err, &pe):
		return "internal"
	case errors.Is(err, ErrRuleset):
		return "ruleset"
	case errors.Is(err, ErrOptions):
		return "options"
	case errors.Is(err, odds.ErrStateLimit):
		return "state_limit"
	case errors.As(err, &se):
		return "invalid"
	}
	return "failed"
}
