package sweep

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// Series is one answer of every point: its code (a column of --csv, a
// choice of --show), its name in words, whether it is a chance (0 to 1)
// or a mean, and its value at a point (nil where the point has none).
type Series struct {
	Key    string
	Label  msg.Message
	Chance bool
	Value  func(*Point) *big.Rat
}

// Sides names a combat's sides a and b for the words of its series: the
// units' names, or "a" and "b".
type Sides [2]string

// Series are the answers of r's points, the mean first: for a scenario
// the mean casualties, P(at least N) for each N of AtLeast, P(destroyed)
// and, where a point takes a panic test, P(panic); for a combat the mean
// combat result and P(a wins), P(b breaks), P(a breaks), P(b wins), P(draw).
func (r *Result) Series(sides Sides) []Series {
	for i, s := range sides {
		if s == "" {
			sides[i] = "ab"[i : i+1]
		}
	}
	if r.Kind == Combat {
		return []Series{
			{Key: "mean_result", Label: msg.New("sweep.series.mean_result", sides[0]), Value: func(p *Point) *big.Rat { return p.Margin }},
			{Key: "win", Label: msg.New("sweep.series.win", sides[0]), Chance: true, Value: func(p *Point) *big.Rat { return p.Win }},
			{Key: "enemy_breaks", Label: msg.New("sweep.series.breaks", sides[1]), Chance: true, Value: func(p *Point) *big.Rat { return p.EnemyBreaks }},
			{Key: "breaks", Label: msg.New("sweep.series.breaks", sides[0]), Chance: true, Value: func(p *Point) *big.Rat { return p.Breaks }},
			{Key: "lose", Label: msg.New("sweep.series.win", sides[1]), Chance: true, Value: func(p *Point) *big.Rat { return p.Lose }},
			{Key: "draw", Label: msg.New("sweep.series.draw"), Chance: true, Value: func(p *Point) *big.Rat { return p.Draw }},
		}
	}
	out := []Series{{Key: "mean", Label: msg.New("sweep.series.mean"), Value: func(p *Point) *big.Rat { return p.Mean }}}
	for j, n := range r.AtLeast {
		out = append(out, Series{Key: "at_least_" + strconv.Itoa(n), Label: msg.New("sweep.series.at_least", n), Chance: true,
			Value: func(p *Point) *big.Rat {
				if j < len(p.AtLeast) {
					return p.AtLeast[j]
				}
				return nil
			}})
	}
	out = append(out, Series{Key: "destroyed", Label: msg.New("sweep.series.destroyed"), Chance: true, Value: func(p *Point) *big.Rat { return p.Destroyed }})
	for i := range r.Points {
		if r.Points[i].Panic != nil {
			out = append(out, Series{Key: "panic", Label: msg.New("sweep.series.panic"), Chance: true, Value: func(p *Point) *big.Rat { return p.Panic }})
			break
		}
	}
	return out
}

// SeriesKeys are the codes of r's series, for an error that names them.
func (r *Result) SeriesKeys() string {
	var keys []string
	for _, s := range r.Series(Sides{}) {
		keys = append(keys, s.Key)
	}
	return strings.Join(keys, ", ")
}

// Find is the series of r whose code is key; the first (the mean) for "".
func (r *Result) Find(key string, sides Sides) (Series, bool) {
	ss := r.Series(sides)
	if key == "" {
		return ss[0], true
	}
	for _, s := range ss {
		if s.Key == key {
			return s, true
		}
	}
	return Series{}, false
}
