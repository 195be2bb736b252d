package web

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
)

// chartSeries is one distribution of a chart with several: a column of
// the compare tab.
type chartSeries struct {
	Label, Colour, Dash string
	Dist                odds.Dist
}

// lineChart draws several distributions over one axis, one line and one
// colour each, with a dot at every n (the compare tab's charts).
type lineChart struct {
	ID, Title, Desc, XLabel string
	Width, Height           int
	PlotLeft, PlotRight     string
	PlotBottom              string
	Ticks                   []tick
	XTicks                  []xTick
	Lines                   []seriesLine
}

type xTick struct{ X, Label string }

type seriesLine struct {
	Label, Colour, Dash string
	Points              string // the polyline's points
	Dots                []dot
}

type dot struct {
	X, Y, Title, Exact string
	N                  int
}

// multiChart draws P(exactly n), or with atLeast P(n or more) from 1 on,
// for each series, up to the last n any series reaches with a chance
// worth drawing (tinyP). Text is 13 px, as the bar charts'.
func multiChart(id, title, noun string, series []chartSeries, atLeast bool) lineChart {
	return multiChartIn(msg.English, id, title, noun, series, atLeast)
}

// multiChartIn is multiChart with its words in language l; noun is one
// of chartNouns.
func multiChartIn(l msg.Lang, id, title, noun string, series []chartSeries, atLeast bool) lineChart {
	c := lineChart{ID: id, Title: title, Width: chartW, Height: chartH,
		PlotLeft: fmtF(chartLeft), PlotRight: fmtF(chartW - chartRight), PlotBottom: fmtF(chartH - chartBottom)}
	first := 0
	if atLeast {
		first = 1
	}
	tails := make([][]*big.Rat, len(series))
	last := first
	for i, s := range series {
		tails[i] = s.Dist.Tails()
		for n := first; n < len(s.Dist.P); n++ {
			if tails[i][n].Cmp(tinyP) < 0 {
				break
			}
			last = max(last, n)
		}
	}
	value := func(i, n int) *big.Rat {
		switch {
		case atLeast:
			return tailAt(tails[i], n)
		case n < len(series[i].Dist.P):
			return series[i].Dist.P[n]
		}
		return new(big.Rat)
	}
	top := 0.0
	for i := range series {
		for n := first; n <= last; n++ {
			f, _ := value(i, n).Float64()
			top = max(top, f)
		}
	}
	scale, plotW, plotH, base := chanceAxis(&c.Ticks, top, atLeast, l)
	count := last - first + 1
	step := plotW / float64(count)
	x := func(n int) float64 { return float64(chartLeft) + step*(float64(n-first)+0.5) }
	every := (count + 14) / 15
	for n := first; n <= last; n++ {
		if (n-first)%every == 0 {
			c.XTicks = append(c.XTicks, xTick{X: fmtF(x(n)), Label: strconv.Itoa(n)})
		}
	}
	what := "exactly_series"
	if atLeast {
		what = "at_least_series"
	}
	for i, s := range series {
		line := seriesLine{Label: s.Label, Colour: s.Colour, Dash: s.Dash}
		var pts []string
		for n := first; n <= last; n++ {
			p := value(i, n)
			f, _ := p.Float64()
			px, py := fmtF(x(n)), fmtF(base-plotH*f/scale)
			pts = append(pts, px+","+py)
			line.Dots = append(line.Dots, dot{X: px, Y: py, N: n, Exact: p.RatString(),
				Title: chartMsg(noun, what, s.Label, n, p.RatString(), percentIn(p, l)).Text(l)})
		}
		line.Points = strings.Join(pts, " ")
		c.Lines = append(c.Lines, line)
	}
	c.XLabel = chartMsg(noun, "noun").Text(l)
	if atLeast {
		c.XLabel = chartMsg(noun, "axis_at_least").Text(l)
	}
	labels := make([]string, len(series))
	for i, s := range series {
		labels[i] = s.Label
	}
	desc := "desc_series"
	if atLeast {
		desc = "desc_series_line"
	}
	c.Desc = chartMsg(noun, desc, first, last, strings.Join(labels, ", ")).Text(l)
	return c
}
