package sweep

import (
	"math/big"
	"strconv"
)

// JSON is a sweep as rearrank sweep --json and POST /api/sweep write it:
// what it varied, and every point with its answers as numbers (chances
// from 0 to 1), their exact fractions where asked and the point is
// exact. Done and Total count the points; a sweep the deadline stopped
// has Done < Total and its undone points have "done": false and no
// answers.
type JSON struct {
	Kind     string      `json:"kind"`
	Vary     []VaryJSON  `json:"vary"`
	AtLeast  []int       `json:"at_least,omitempty"`
	Done     int         `json:"done"`
	Total    int         `json:"total"`
	Computed int         `json:"computed"`
	Points   []PointJSON `json:"points"`
	SVG      string      `json:"svg,omitempty"`
}

// VaryJSON is one field varied.
type VaryJSON struct {
	Path string `json:"path"`
	From int    `json:"from"`
	To   int    `json:"to"`
	Step int    `json:"step"`
}

// PointJSON is one point. Method is "exact" or "monte carlo"; a sampled
// point gives its Samples and MeanSE (the standard error of its mean).
// AtLeast is keyed by N. Fractions, with exact fractions asked for and an
// exact point, holds each answer as a fraction, keyed as the series are
// (mean, at_least_3, destroyed, win, ...).
type PointJSON struct {
	Values    map[string]int     `json:"values"`
	Done      bool               `json:"done"`
	Method    string             `json:"method,omitempty"`
	Algorithm string             `json:"algorithm,omitempty"`
	Samples   int                `json:"samples,omitempty"`
	MeanSE    float64            `json:"mean_se,omitempty"`
	Fallback  string             `json:"fallback,omitempty"`
	Mean      *float64           `json:"mean,omitempty"`
	AtLeast   map[string]float64 `json:"at_least,omitempty"`
	Destroyed *float64           `json:"destroyed,omitempty"`
	Panic     *float64           `json:"panic,omitempty"`

	MeanResult  *float64 `json:"mean_result,omitempty"`
	Win         *float64 `json:"win,omitempty"`
	Draw        *float64 `json:"draw,omitempty"`
	Lose        *float64 `json:"lose,omitempty"`
	EnemyBreaks *float64 `json:"enemy_breaks,omitempty"`
	Breaks      *float64 `json:"breaks,omitempty"`

	Fractions map[string]string `json:"fractions,omitempty"`
}

// ToJSON is r as JSON; fractions adds the exact fractions of exact points.
func (r *Result) ToJSON(fractions bool) JSON {
	out := JSON{Kind: r.Kind.String(), AtLeast: r.AtLeast, Done: r.Done(), Total: len(r.Points), Computed: r.Computed, Points: []PointJSON{}}
	for _, v := range r.Vary {
		out.Vary = append(out.Vary, VaryJSON(v))
	}
	ss := r.Series(Sides{})
	for i := range r.Points {
		p := &r.Points[i]
		j := PointJSON{Values: map[string]int{}, Done: p.Done}
		for k, v := range r.Vary {
			j.Values[v.Path] = p.Values[k]
		}
		if !p.Done {
			out.Points = append(out.Points, j)
			continue
		}
		j.Method = "exact"
		if !p.Exact {
			j.Method, j.Samples, j.MeanSE = "monte carlo", p.Samples, p.SE
			j.Fallback = p.Fallback.String()
		}
		if r.Kind == Odds {
			j.Algorithm = p.Method
			j.Mean, j.Destroyed, j.Panic = fl(p.Mean), fl(p.Destroyed), fl(p.Panic)
			j.AtLeast = map[string]float64{}
			for k, n := range r.AtLeast {
				j.AtLeast[strconv.Itoa(n)] = *fl(p.AtLeast[k])
			}
		} else {
			j.MeanResult, j.Win, j.Draw, j.Lose = fl(p.Margin), fl(p.Win), fl(p.Draw), fl(p.Lose)
			j.EnemyBreaks, j.Breaks = fl(p.EnemyBreaks), fl(p.Breaks)
		}
		if fractions && p.Exact {
			j.Fractions = map[string]string{}
			for _, s := range ss {
				if x := s.Value(p); x != nil {
					j.Fractions[s.Key] = x.RatString()
				}
			}
		}
		out.Points = append(out.Points, j)
	}
	return out
}

func fl(x *big.Rat) *float64 {
	if x == nil {
		return nil
	}
	f, _ := x.Float64()
	return &f
}
