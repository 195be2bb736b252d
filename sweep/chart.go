package sweep

import (
	"fmt"
	"html"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rearrank/rearrank/msg"
)

// ChartOptions choose a chart's words and, for a heatmap, what its cells
// show.
type ChartOptions struct {
	// ID is the id of the svg element; its title and desc are ID-title
	// and ID-desc. "sweep" when empty.
	ID string
	// Show is the code of the series a heatmap's cells show (Series.Key):
	// "" for the mean of a scenario, the chance of a win in a combat.
	Show string
	// Sides names a combat's sides.
	Sides Sides
}

// The charts are drawn as the page's others are (web/svg.go): 360 wide,
// so that a phone of 390 px shows them at their size, 13 px text, white
// ground, and series told apart by line style and marker as well as by
// colour, so that they read in greyscale.
const (
	chartW     = 360
	plotLeft   = 58
	plotRight  = 14
	digitW     = 8 // a digit's width at 13 px, near enough
	fontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
)

// styles are the series' looks, in order: colour, dashes, marker.
var styles = []struct{ colour, dash, marker string }{
	{"#1f5f99", "", "circle"},
	{"#a34700", "7 4", "square"},
	{"#2e7d32", "2 3", "triangle"},
	{"#6a3d9a", "9 3 2 3", "diamond"},
	{"#b3261e", "4 4", "cross"},
	{"#4d4d4d", "1 2", "circle"},
	{"#00838f", "12 4", "square"},
	{"#795548", "6 2 2 2", "triangle"},
	{"#37474f", "3 6", "diamond"},
	{"#ad1457", "10 3 3 3", "cross"},
	{"#33691e", "5 2", "circle"},
	{"#283593", "2 6", "square"},
}

// Chart draws r as SVG in language l: a line chart for one field (the
// mean above, the chances below, on an axis of 0 to 100%), a heatmap for
// two (the first field down, the second across, one cell per point with
// its number, a lightness ramp). A point the deadline left undone is
// left out, and a note says how many.
func Chart(r *Result, o ChartOptions, l msg.Lang) (string, error) {
	if o.ID == "" {
		o.ID = "sweep"
	}
	if len(r.Vary) == 2 {
		return heatmap(r, o, l)
	}
	return lineChart(r, o, l), nil
}

type svg struct{ strings.Builder }

func (b *svg) f(format string, args ...any) { fmt.Fprintf(b, format, args...) }

func esc(s string) string { return html.EscapeString(s) }

func num(x float64) string { return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64) }

func (b *svg) open(id string, w, h int, title, desc string) {
	b.f(`<svg xmlns="http://www.w3.org/2000/svg" class="chart sweep-chart" id="%s" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-labelledby="%s-title %s-desc" font-family="%s" font-size="13">`+"\n",
		esc(id), w, h, w, h, esc(id), esc(id), esc(fontFamily))
	b.f("<title id=\"%s-title\">%s</title>\n<desc id=\"%s-desc\">%s</desc>\n", esc(id), esc(title), esc(id), esc(desc))
	b.f(`<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>`+"\n", w, h)
}

func (b *svg) text(x, y float64, anchor, fill, s string, extra string) {
	b.f(`<text x="%s" y="%s" text-anchor="%s" fill="%s"%s>%s</text>`+"\n", num(x), num(y), anchor, fill, extra, esc(s))
}

// marker draws a series' marker at x, y, with a tooltip.
func (b *svg) marker(kind, colour string, x, y float64, title string) {
	const r = 4.0
	var shape string
	switch kind {
	case "square":
		shape = fmt.Sprintf(`<rect x="%s" y="%s" width="8" height="8"`, num(x-r), num(y-r))
	case "triangle":
		shape = fmt.Sprintf(`<polygon points="%s,%s %s,%s %s,%s"`, num(x), num(y-r-1), num(x+r+1), num(y+r), num(x-r-1), num(y+r))
	case "diamond":
		shape = fmt.Sprintf(`<polygon points="%s,%s %s,%s %s,%s %s,%s"`, num(x), num(y-r-1), num(x+r+1), num(y), num(x), num(y+r+1), num(x-r-1), num(y))
	case "cross":
		b.f(`<path d="M%s %sL%s %sM%s %sL%s %s" stroke="%s" stroke-width="2.5" fill="none"><title>%s</title></path>`+"\n",
			num(x-r), num(y-r), num(x+r), num(y+r), num(x-r), num(y+r), num(x+r), num(y-r), colour, esc(title))
		return
	default:
		shape = fmt.Sprintf(`<circle cx="%s" cy="%s" r="%s"`, num(x), num(y), num(r))
	}
	b.f(`%s fill="%s" stroke="#ffffff" stroke-width="1"><title>%s</title>%s`+"\n", shape, colour, esc(title), closeTag(shape))
}

func closeTag(shape string) string {
	name, _, _ := strings.Cut(strings.TrimPrefix(shape, "<"), " ")
	return "</" + name + ">"
}

// niceTicks are round ticks from at most lo to at least hi, about four.
func niceTicks(lo, hi float64) []float64 {
	if hi <= lo {
		hi = lo + 1
	}
	raw := (hi - lo) / 4
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var out []float64
	for v := math.Floor(lo/step) * step; v < hi+step*0.999; v += step {
		out = append(out, math.Round(v/step)*step)
	}
	return out
}

// decimalsOf is how many decimals a tick step needs.
func decimalsOf(step float64) int {
	for d := 0; d < 6; d++ {
		if math.Abs(step*math.Pow(10, float64(d))-math.Round(step*math.Pow(10, float64(d)))) < 1e-9 {
			return d
		}
	}
	return 6
}

func f64(x *big.Rat) float64 {
	if x == nil {
		return math.NaN()
	}
	f, _ := x.Float64()
	return f
}

// valueText is a series' value at a point for a tooltip or a cell: a
// mean with two decimals, a chance as a percentage, a sampled value with
// its ± of two standard errors.
func valueText(s Series, p *Point, l msg.Lang, short bool) string {
	x := s.Value(p)
	if x == nil {
		return msg.New("sweep.none").Text(l)
	}
	f := f64(x)
	if !s.Chance {
		places := 2
		if short {
			places = 1
		}
		t := msg.New("sweep.number", msg.Dec{V: f, Places: places}).Text(l)
		if !p.Exact && !short {
			t = msg.New("sweep.plus_minus", t, msg.Dec{V: 2 * p.SE, Places: 2}).Text(l)
		}
		return t
	}
	return PercentText(x, p, l, short)
}

// PercentText writes a chance of point p: "12.35%" (short: "12%"), "<0.01%",
// "0%", "100%", with a decimal comma in Russian; for a sampled point with
// its ± of two standard errors, unless short.
func PercentText(x *big.Rat, p *Point, l msg.Lang, short bool) string {
	f := f64(x)
	places := 2
	if short {
		places = 0
	}
	var t string
	switch {
	case x.Sign() == 0:
		t = msg.New("sweep.percent", msg.Dec{V: 0, Places: 0}).Text(l)
	case x.Cmp(big.NewRat(1, 1)) == 0:
		t = msg.New("sweep.percent", msg.Dec{V: 100, Places: 0}).Text(l)
	case 100*f < 0.5*math.Pow(10, -float64(places)):
		t = msg.New("sweep.percent.below", msg.Dec{V: math.Pow(10, -float64(places)), Places: places}).Text(l)
	case 100*f > 100-0.5*math.Pow(10, -float64(places)):
		t = msg.New("sweep.percent.above", msg.Dec{V: 100 - math.Pow(10, -float64(places)), Places: places}).Text(l)
	default:
		t = msg.New("sweep.percent", msg.Dec{V: 100 * f, Places: places}).Text(l)
	}
	if p != nil && !p.Exact && !short {
		t = msg.New("sweep.plus_minus", t, msg.Dec{V: 200 * p.SEOf(x), Places: 2}).Text(l)
	}
	return t
}

// pointTitle is a point's tooltip: its values, the series' value, how it
// was computed.
func pointTitle(r *Result, p *Point, s Series, l msg.Lang) string {
	return msg.New("sweep.chart.point", where(r.Vary, p.Values), s.Label, valueText(s, p, l, false), methodMsg(p)).Text(l)
}

// where is a point's values: "attacks[0].strength=5, target.models=20".
func where(vs []Vary, values []int) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = vs[i].Path + "=" + strconv.Itoa(v)
	}
	return strings.Join(parts, ", ")
}

// MethodMsg says how a point was computed: exactly, or by Monte Carlo
// over so many samples.
func MethodMsg(p *Point) msg.Message { return methodMsg(p) }

func methodMsg(p *Point) msg.Message {
	if p.Exact {
		return msg.New("sweep.method.exact")
	}
	return msg.New("sweep.method.sampled", p.Samples)
}

// xAxis lays out the first field's values along the plot.
type xAxis struct {
	values      []int
	left, right float64
	every       int
}

func newXAxis(v Vary) xAxis {
	a := xAxis{values: v.Values(), left: plotLeft + 10, right: chartW - plotRight - 10}
	digits := max(len(strconv.Itoa(v.From)), len(strconv.Itoa(v.To)))
	fit := max(1, int(a.right-a.left)/((digits+2)*digitW)+1)
	a.every = (len(a.values) + fit - 1) / fit
	return a
}

func (a xAxis) x(i int) float64 {
	if len(a.values) == 1 {
		return (a.left + a.right) / 2
	}
	return a.left + (a.right-a.left)*float64(i)/float64(len(a.values)-1)
}

// panel is one plot of the line chart: its top and height and its scale.
type panel struct {
	top, height float64
	lo, hi      float64
}

func (p panel) y(v float64) float64 { return p.top + p.height - p.height*(v-p.lo)/(p.hi-p.lo) }

func lineChart(r *Result, o ChartOptions, l msg.Lang) string {
	ss := r.Series(o.Sides)
	mean, chances := ss[0], ss[1:]
	ax := newXAxis(r.Vary[0])
	const (
		meanTop, meanH     = 44.0, 110.0
		chanceTop, chanceH = 196.0, 150.0
		legendTop          = 410.0
		row                = 20.0
	)
	// The mean's scale: round ticks over its values, and 0.
	lo, hi := 0.0, 0.0
	for i := range r.Points {
		if p := &r.Points[i]; p.Done {
			v := f64(mean.Value(p))
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	ticks := niceTicks(lo, hi)
	mp := panel{top: meanTop, height: meanH, lo: ticks[0], hi: ticks[len(ticks)-1]}
	cp := panel{top: chanceTop, height: chanceH, lo: 0, hi: 1}
	h := int(legendTop + row*float64(len(ss)) + 8)
	undone := len(r.Points) - r.Done()
	sampled := 0
	for i := range r.Points {
		if r.Points[i].Done && !r.Points[i].Exact {
			sampled++
		}
	}
	notes := 0
	if undone > 0 {
		notes++
	}
	if sampled > 0 {
		notes++
	}
	h += notes * 18
	v := r.Vary[0]
	title := msg.New("sweep.chart.title", v.Path, v.From, v.To).Text(l)
	desc := msg.New("sweep.chart.desc_line", len(r.Points), v.Path, mean.Label, len(chances)).Text(l)
	var b svg
	b.open(o.ID, chartW, h, title, desc)
	b.text(plotLeft, 18, "start", "#1a1a1a", title, ` font-weight="600"`)
	// The panels' grids and axes.
	right := float64(chartW - plotRight)
	step := ticks[1] - ticks[0]
	b.text(plotLeft, meanTop-10, "start", "#1a1a1a", mean.Label.Text(l), ` class="panel-title"`)
	for _, t := range ticks {
		y := mp.y(t)
		b.f(`<line x1="%d" x2="%s" y1="%s" y2="%s" stroke="#d5dae0" stroke-width="1"/>`+"\n", plotLeft, num(right), num(y), num(y))
		b.text(plotLeft-6, y+4, "end", "#333333", msg.New("sweep.number", msg.Dec{V: t, Places: decimalsOf(step)}).Text(l), "")
	}
	b.text(plotLeft, chanceTop-10, "start", "#1a1a1a", msg.New("sweep.chart.chance").Text(l), ` class="panel-title"`)
	for i := 0; i <= 4; i++ {
		t := float64(i) / 4
		y := cp.y(t)
		b.f(`<line x1="%d" x2="%s" y1="%s" y2="%s" stroke="#d5dae0" stroke-width="1"/>`+"\n", plotLeft, num(right), num(y), num(y))
		b.text(plotLeft-6, y+4, "end", "#333333", msg.New("sweep.percent", msg.Dec{V: 100 * t, Places: 0}).Text(l), "")
	}
	for _, p := range []panel{mp, cp} {
		base := p.top + p.height
		if p.lo < 0 && p.hi > 0 {
			base = p.y(0)
		}
		b.f(`<line x1="%d" x2="%s" y1="%s" y2="%s" stroke="#1a1a1a" stroke-width="1"/>`+"\n", plotLeft, num(right), num(base), num(base))
		b.f(`<line x1="%d" x2="%d" y1="%s" y2="%s" stroke="#1a1a1a" stroke-width="1"/>`+"\n", plotLeft, plotLeft, num(p.top), num(p.top+p.height))
	}
	// The x axis's ticks under each panel, its title under the chances.
	for i, x := range ax.values {
		if i%ax.every != 0 {
			continue
		}
		for _, p := range []panel{mp, cp} {
			y := p.top + p.height
			b.f(`<line x1="%s" x2="%s" y1="%s" y2="%s" stroke="#1a1a1a" stroke-width="1"/>`+"\n", num(ax.x(i)), num(ax.x(i)), num(y), num(y+4))
			b.text(ax.x(i), y+17, "middle", "#1a1a1a", strconv.Itoa(x), "")
		}
	}
	b.text(plotLeft, chanceTop+chanceH+38, "start", "#1a1a1a", v.Path, ` class="axis-title"`)
	// The series.
	draw := func(k int, s Series, p panel) {
		st := styles[k%len(styles)]
		var pts []string
		flush := func() {
			if len(pts) > 1 {
				dash := ""
				if st.dash != "" {
					dash = ` stroke-dasharray="` + st.dash + `"`
				}
				b.f(`<polyline class="series" data-series="%s" points="%s" fill="none" stroke="%s" stroke-width="2"%s/>`+"\n", esc(s.Key), strings.Join(pts, " "), st.colour, dash)
			}
			pts = nil
		}
		for i := range r.Points {
			pt := &r.Points[i]
			val := s.Value(pt)
			if !pt.Done || val == nil {
				flush()
				continue
			}
			pts = append(pts, num(ax.x(i))+","+num(p.y(f64(val))))
		}
		flush()
		for i := range r.Points {
			pt := &r.Points[i]
			if val := s.Value(pt); pt.Done && val != nil {
				b.f(`<g class="point" data-series="%s" data-value="%d" data-exact="%s">`, esc(s.Key), pt.Values[0], val.RatString())
				b.marker(st.marker, st.colour, ax.x(i), p.y(f64(val)), pointTitle(r, pt, s, l))
				b.f("</g>\n")
			}
		}
	}
	draw(0, mean, mp)
	for k, s := range chances {
		draw(k+1, s, cp)
	}
	// The legend: one row per series, its line and marker and its name.
	b.f(`<g class="legend">` + "\n")
	for k, s := range ss {
		st := styles[k%len(styles)]
		y := legendTop + row*float64(k)
		dash := ""
		if st.dash != "" {
			dash = ` stroke-dasharray="` + st.dash + `"`
		}
		b.f(`<line x1="%d" x2="%d" y1="%s" y2="%s" stroke="%s" stroke-width="2"%s/>`+"\n", plotLeft, plotLeft+28, num(y-4), num(y-4), st.colour, dash)
		b.marker(st.marker, st.colour, plotLeft+14, y-4, s.Label.Text(l))
		b.text(plotLeft+36, y, "start", "#1a1a1a", s.Label.Text(l), "")
	}
	b.f("</g>\n")
	y := legendTop + row*float64(len(ss)) + 10
	if sampled > 0 {
		b.text(plotLeft, y, "start", "#333333", msg.New("sweep.chart.sampled", sampled, len(r.Points)).Text(l), ` class="note"`)
		y += 18
	}
	if undone > 0 {
		b.text(plotLeft, y, "start", "#333333", msg.New("sweep.chart.undone", undone, len(r.Points)).Text(l), ` class="note"`)
	}
	b.f("</svg>\n")
	return b.String()
}

// ramp is the heatmap's colour at t in [0, 1]: one hue, its lightness
// from 96% down to 26%, so that greyscale keeps the order; and the colour
// of text on it.
func ramp(t float64) (fill, ink string) {
	light := 0.96 - 0.70*t
	r, g, bl := hsl(210, 0.55, light)
	fill = fmt.Sprintf("#%02x%02x%02x", r, g, bl)
	ink = "#1a1a1a"
	if light < 0.55 {
		ink = "#ffffff"
	}
	return fill, ink
}

func hsl(h, s, l float64) (uint8, uint8, uint8) {
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := l - c/2
	var r, g, b float64
	switch {
	case h < 60:
		r, g = c, x
	case h < 120:
		r, g = x, c
	case h < 180:
		g, b = c, x
	case h < 240:
		g, b = x, c
	case h < 300:
		r, b = x, c
	default:
		r, b = c, x
	}
	to := func(v float64) uint8 { return uint8(math.Round((v + m) * 255)) }
	return to(r), to(g), to(b)
}

func heatmap(r *Result, o ChartOptions, l msg.Lang) (string, error) {
	key := o.Show
	if key == "" && r.Kind == Combat {
		key = "win"
	}
	s, ok := r.Find(key, o.Sides)
	if !ok {
		return "", msg.Errorf(ErrInput, "sweep.error.show", key, r.SeriesKeys())
	}
	rows, cols := r.Vary[0].Values(), r.Vary[1].Values()
	cellH := 26.0
	digits := 4
	if s.Chance {
		digits = 4
	}
	cellW := math.Max(float64(digits+1)*digitW, 280/float64(len(cols)))
	labelW := float64(max(len(strconv.Itoa(r.Vary[0].From)), len(strconv.Itoa(r.Vary[0].To)))*digitW + 10)
	left := 10 + labelW
	const top = 104.0
	w := int(math.Max(chartW, left+cellW*float64(len(cols))+plotRight))
	h := int(top + cellH*float64(len(rows)) + 12)
	undone := len(r.Points) - r.Done()
	if undone > 0 {
		h += 18
	}
	// The scale: the values' least and most; a chance's from 0 to 100%.
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range r.Points {
		if p := &r.Points[i]; p.Done && s.Value(p) != nil {
			v := f64(s.Value(p))
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if s.Chance {
		lo, hi = 0, 1
	}
	if math.IsInf(lo, 0) {
		lo, hi = 0, 1
	}
	if hi <= lo {
		hi = lo + 1
	}
	title := msg.New("sweep.chart.heat_title", s.Label, r.Vary[0].Path, r.Vary[1].Path).Text(l)
	desc := msg.New("sweep.chart.desc_heat", len(rows), r.Vary[0].Path, len(cols), r.Vary[1].Path, s.Label).Text(l)
	var b svg
	b.open(o.ID, w, h, title, desc)
	b.text(10, 18, "start", "#1a1a1a", s.Label.Text(l), ` font-weight="600"`)
	// The ramp's key: five steps from the least to the most.
	lowText, highText := scaleText(s, lo, l), scaleText(s, hi, l)
	rampX := 14 + float64(utf8.RuneCountInString(lowText))*digitW
	b.f(`<g class="legend">` + "\n")
	for i := range 5 {
		fill, _ := ramp(float64(i) / 4)
		b.f(`<rect x="%s" y="28" width="24" height="12" fill="%s" stroke="#8a96a3" stroke-width="0.5"/>`+"\n", num(rampX+24*float64(i)), fill)
	}
	b.text(rampX-4, 39, "end", "#333333", lowText, "")
	b.text(rampX+124, 39, "start", "#333333", highText, "")
	b.f("</g>\n")
	// The fields: the first down the rows, the second across, each named
	// above the cells with an arrow that says which.
	b.text(10, 60, "start", "#1a1a1a", "\u2193 "+r.Vary[0].Path, ` class="axis-title"`)
	b.text(10, 78, "start", "#1a1a1a", "\u2192 "+r.Vary[1].Path, ` class="axis-title"`)
	for j, c := range cols {
		b.text(left+cellW*(float64(j)+0.5), top-6, "middle", "#1a1a1a", strconv.Itoa(c), "")
	}
	for i, v := range rows {
		b.text(left-6, top+cellH*(float64(i)+0.5)+4, "end", "#1a1a1a", strconv.Itoa(v), "")
	}
	for i := range r.Points {
		p := &r.Points[i]
		row, col := i/len(cols), i%len(cols)
		x, y := left+cellW*float64(col), top+cellH*float64(row)
		val := s.Value(p)
		if !p.Done || val == nil {
			b.f(`<rect class="cell undone" x="%s" y="%s" width="%s" height="%s" fill="#ffffff" stroke="#8a96a3" stroke-dasharray="3 3"/>`+"\n", num(x), num(y), num(cellW), num(cellH))
			continue
		}
		fill, ink := ramp((f64(val) - lo) / (hi - lo))
		b.f(`<g class="cell" data-row="%d" data-col="%d" data-exact="%s"><title>%s</title>`+"\n", p.Values[0], p.Values[1], val.RatString(), esc(pointTitle(r, p, s, l)))
		b.f(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="#ffffff" stroke-width="1"/>`+"\n", num(x), num(y), num(cellW), num(cellH), fill)
		text := valueText(s, p, l, true)
		if !p.Exact {
			text = "~" + text
		}
		b.text(x+cellW/2, y+cellH/2+4, "middle", ink, text, ` font-size="12"`)
		b.f("</g>\n")
	}
	if undone > 0 {
		b.text(10, float64(h)-8, "start", "#333333", msg.New("sweep.chart.undone", undone, len(r.Points)).Text(l), ` class="note"`)
	}
	b.f("</svg>\n")
	return b.String(), nil
}

// scaleText writes an end of the ramp's scale.
func scaleText(s Series, v float64, l msg.Lang) string {
	if s.Chance {
		return msg.New("sweep.percent", msg.Dec{V: 100 * v, Places: 0}).Text(l)
	}
	return msg.New("sweep.number", msg.Dec{V: v, Places: 1}).Text(l)
}
