package web

import (
	"bytes"
	"fmt"
	"html/template"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The charts and diagrams are SVG written by html/template on the server,
// so the page shows them without JavaScript and the golden files in
// testdata are plain text a reviewer can open.

// tinyP is the chance below which the charts stop drawing the tail, as the
// CLI's table does (it shows as 0.00%).
var tinyP = big.NewRat(1, 20000)

// barChart is a bar chart of probabilities: P(exactly n) as bars and,
// when asked, P(at least n) as a line over them on the same axis.
type barChart struct {
	ID, Title, Desc string
	XLabel, YLabel  string
	Width, Height   int
	PlotLeft        string // x of the y axis
	PlotBottom      string // y of the x axis
	PlotRight       string
	PlotMidY        string // the middle of the y axis, for its title
	Bars            []bar
	Ticks           []tick
	Line            string  // the at-least series as polyline points; empty for none
	Points          []point // the at-least series' points
	Note            string  // what was left out
	NoteY, XLabelY  string
	Legend          legend
}

// legend places the key to the series above the plot.
type legend struct {
	Y, BoxY, LineY                 string
	Text1X, LineX1, LineX2, Text2X string
}

// bar is one bar: its place, its value as text and as an exact fraction.
type bar struct {
	N                 int
	X, Y, W, H        string
	LabelX, ValueY    string
	Label             string // x-axis label, empty to skip
	Value             string // percentage above the bar, empty to skip
	Exact, Percent, P string
	Title             string
}

// point is one point of the at-least series.
type point struct {
	N        int
	X, Y     string
	Exact, P string
	Title    string
	R        string // the dot's radius: small where many crowd the line
}

// tick is a horizontal grid line of the y axis.
type tick struct {
	Y, Label string
}

// The chart is drawn 360 wide so that the page shows it at its own size on
// a phone of 390 px: its 13 px text stays 13 px, never shrunk below the
// 12 px a person can read at arm's length.
const (
	chartW      = 360
	chartH      = 270
	chartLeft   = 60
	chartRight  = 12
	chartTop    = 34
	chartBottom = 62
	charDigitW  = 8 // the width of a digit at 13 px, near enough
)

func fmtF(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

// percent formats p for people: "12.35%", "<0.01%", "0%", "100%"; in
// Russian with a decimal comma, "12,35%", as rearrank combat writes it.
func percentIn(p *big.Rat, l msg.Lang) string {
	switch {
	case p.Sign() == 0:
		return "0%"
	case p.Cmp(big.NewRat(1, 1)) == 0:
		return "100%"
	}
	f, _ := p.Float64()
	switch {
	case f < 0.0001:
		return msg.New("webres.percent.below", msg.Dec{V: 0.01, Places: 2}).Text(l)
	case f > 0.9999:
		return msg.New("webres.percent.above", msg.Dec{V: 99.99, Places: 2}).Text(l) // below one, though it rounds to 100.00%
	}
	return msg.New("webres.percent", msg.Dec{V: 100 * f, Places: 2}).Text(l)
}

// percent is percentIn in English.
func percent(p *big.Rat) string { return percentIn(p, msg.English) }

// shortPercentIn is percentIn with fewer digits, for labels above bars; a
// chance below one never shows as 100%.
func shortPercentIn(p *big.Rat, l msg.Lang) string {
	f, _ := p.Float64()
	switch {
	case p.Sign() == 0:
		return "0"
	case p.Cmp(big.NewRat(1, 1)) == 0:
		return "100%"
	case f < 0.005:
		return "<1%"
	case f < 0.1:
		return msg.New("webres.percent", msg.Dec{V: 100 * f, Places: 1}).Text(l)
	case f >= 0.995:
		return ">99%"
	}
	return msg.New("webres.percent", msg.Dec{V: 100 * f, Places: 0}).Text(l)
}

// shortPercent is shortPercentIn in English.
func shortPercent(p *big.Rat) string { return shortPercentIn(p, msg.English) }

// niceMax rounds a largest probability up to a scale with four even ticks.
func niceMax(f float64) float64 {
	for _, m := range []float64{0.02, 0.04, 0.08, 0.1, 0.2, 0.4, 0.6, 0.8, 1} {
		if f <= m+1e-12 {
			return m
		}
	}
	return 1
}

// distChart draws P(exactly n) for a distribution as bars; with atLeast
// it draws P(n or more), from 1 on, as a line over them on the same axis
// of 0 to 100%. noun names what is counted ("casualties", "wounds",
// "points": chartNouns).
func distChart(id, title, noun string, d odds.Dist, atLeast bool) barChart {
	return distChartIn(msg.English, id, title, noun, d, atLeast)
}

// chartMsg is the chart's message what for its noun, what the chart
// counts: "casualties", "wounds" or "points" ("webres.chart.casualties.exactly").
func chartMsg(noun, what string, args ...any) msg.Message {
	return msg.New(msg.ID("webres.chart."+noun+"."+what), args...)
}

// distChartIn is distChart with its words in language l.
func distChartIn(l msg.Lang, id, title, noun string, d odds.Dist, atLeast bool) barChart {
	c := barChart{ID: id, Title: title, Width: chartW, Height: chartH,
		PlotLeft: fmtF(chartLeft), PlotRight: fmtF(chartW - chartRight), PlotBottom: fmtF(chartH - chartBottom),
		PlotMidY: fmtF((chartTop + chartH - chartBottom) / 2), XLabelY: fmtF(chartH - chartBottom + 38),
		XLabel: chartMsg(noun, "axis").Text(l), YLabel: msg.New("webres.chart.chance").Text(l),
		Legend: legend{Y: fmtF(18), BoxY: fmtF(8), LineY: fmtF(13), Text1X: fmtF(chartLeft + 20),
			LineX1: fmtF(chartLeft + 110), LineX2: fmtF(chartLeft + 128), Text2X: fmtF(chartLeft + 134)}}
	tails := d.Tails()
	last := 0
	for n := range d.P {
		if tails[n].Cmp(tinyP) < 0 {
			break
		}
		last = n
	}
	top := 0.0
	for n := 0; n <= last && n < len(d.P); n++ {
		f, _ := d.P[n].Float64()
		top = max(top, f)
	}
	scale, plotW, plotH, base := chanceAxis(&c.Ticks, top, atLeast, l)
	count := last + 1
	slot := plotW / float64(count)
	// Label as many bars as fit side by side: a label is its digits and
	// a gap as wide as a digit.
	digits := len(strconv.Itoa(last))
	fit := max(1, int(plotW)/((digits+1)*charDigitW))
	labelEvery := (count + fit - 1) / fit
	y := func(f float64) float64 { return base - plotH*f/scale }
	var line []string
	dotR := "4"
	if count > 25 {
		dotR = "2"
	}
	for n := 0; n <= last; n++ {
		p := new(big.Rat)
		if n < len(d.P) {
			p = d.P[n]
		}
		f, _ := p.Float64()
		h := base - y(f)
		x := float64(chartLeft) + slot*float64(n) + slot*0.1
		b := bar{N: n, X: fmtF(x), W: fmtF(slot * 0.8), Y: fmtF(base - h), H: fmtF(h),
			LabelX: fmtF(x + slot*0.4), ValueY: fmtF(base - h - 4),
			Exact: p.RatString(), Percent: percentIn(p, l), P: strconv.FormatFloat(f, 'g', 6, 64),
			Title: chartMsg(noun, "exactly", n, p.RatString(), percentIn(p, l)).Text(l)}
		if n%labelEvery == 0 {
			b.Label = strconv.Itoa(n)
		}
		if count <= 8 && f >= 0.005 && !atLeast {
			b.Value = shortPercentIn(p, l)
		}
		c.Bars = append(c.Bars, b)
		if atLeast && n >= 1 {
			t := tailAt(tails, n)
			tf, _ := t.Float64()
			px, py := x+slot*0.4, y(tf)
			line = append(line, fmtF(px)+","+fmtF(py))
			c.Points = append(c.Points, point{N: n, X: fmtF(px), Y: fmtF(py), R: dotR, Exact: t.RatString(), P: strconv.FormatFloat(tf, 'g', 6, 64),
				Title: chartMsg(noun, "at_least", n, t.RatString(), percentIn(t, l)).Text(l)})
		}
	}
	c.Line = strings.Join(line, " ")
	if rest := tailAt(tails, last+1); rest.Sign() > 0 {
		c.Note = msg.New("webres.chart.not_drawn", last+1, percentIn(rest, l)).Text(l)
		c.NoteY = fmtF(chartH - 4)
	}
	mean := ratFloatIn(d.Mean(), 3, l)
	c.Desc = chartMsg(noun, "desc", last, mean).Text(l)
	if atLeast {
		c.Desc = chartMsg(noun, "desc_line", last, mean).Text(l)
	}
	return c
}

// ratFloatIn writes r with digits decimals, with a decimal comma in
// Russian.
func ratFloatIn(r *big.Rat, digits int, l msg.Lang) string {
	f, _ := r.Float64()
	return msg.New("webres.number", msg.Dec{V: f, Places: digits}).Text(l)
}

// formation is a unit's formation drawn rank by rank, front rank on top.
type formation struct {
	ID, Title, Desc string
	Width, Height   int
	Cells           []cell
	Ranks           []rankLabel
	FrontY          string
	Note            string
	NoteY           string
}

type rankLabel struct{ Y, Label string }

// cell is one model, or the mark of a removed one. Shapes tell the roles
// apart without colour: a square for rank and file, a circle for the
// command group, a diamond for a character, a dashed square with a cross
// for a removed model.
type cell struct {
	Shape            string // square, circle, diamond, removed
	X, Y, CX, CY     string // top-left corner and centre
	Size, R          string
	Points           string // diamond
	X2, Y2           string // removed: the far corner, for the cross
	Letter           string
	LetterY          string
	Title            string
	Fill, Stroke     string
	Damage           string // wounds taken, drawn in a corner badge
	BadgeX, BadgeY   string
	BadgeTY          string
	Status           string // skirmish: knocked_down, stunned, out_of_action
	StatusY          string
	Role, RankFileID string
}

const (
	cellSize    = 34
	cellGap     = 8
	formLeft    = 64
	formTop     = 30
	maxDrawRank = 12
	maxDrawFile = 30
)

// roleMsg is a model's role in words (webres.role.*), the champion's
// in the words of its ruleset (t9a's "командир" in Russian).
func roleMsg(role, ruleset string) msg.Message {
	id := msg.ID("webres.role." + role)
	if !msg.Has(id) {
		return msg.New("webres.text", strings.ReplaceAll(role, "_", " "))
	}
	return rulesetMsg(id, ruleset)
}

// rulesetMsg is the message id in the words of the ruleset of code
// ruleset: id with the code as its last part where the catalogue has it
// ("webres.role.champion.t9a"), else id.
func rulesetMsg(id msg.ID, ruleset string, args ...any) msg.Message {
	return msg.New(msg.Variant(id, ruleset), args...)
}

// fallenIDs returns the IDs of the models in before that are not in after.
func fallenIDs(before, after unit.Snapshot) map[int]bool {
	alive := map[int]bool{}
	for _, r := range after.Ranks {
		for _, c := range r {
			if c.Role != "empty" {
				alive[c.ID] = true
			}
		}
	}
	fallen := map[int]bool{}
	for _, r := range before.Ranks {
		for _, c := range r {
			if c.Role != "empty" && !alive[c.ID] {
				fallen[c.ID] = true
			}
		}
	}
	return fallen
}

// formationDiagram draws snap, marking the models in fallen (by CellView.ID)
// as removed where they stand in it. Models slide into gaps and step up
// from the rear (RULES.md 11.2), so the formation after cannot show where
// the dead stood: the page marks them on the formation before
// (fallenIDs).
func formationDiagram(id, title string, snap unit.Snapshot, fallen map[int]bool) formation {
	return formationDiagramIn(msg.English, id, title, snap, fallen)
}

// formationDiagramIn is formationDiagram with its words in language l.
func formationDiagramIn(l msg.Lang, id, title string, snap unit.Snapshot, fallen map[int]bool) formation {
	ranks := snap.Ranks
	rows, files := len(ranks), 0
	for _, r := range ranks {
		files = max(files, len(r))
	}
	drawRows, drawFiles := min(rows, maxDrawRank), min(files, maxDrawFile)
	rs, err := rules.ParseRuleset(snap.Ruleset)
	skirmish := err == nil && !rs.Block() // one warrior: room below for his state
	f := formation{ID: id, Title: title,
		Width:  formLeft + max(drawFiles, 1)*(cellSize+cellGap) + 8,
		Height: formTop + max(drawRows, 1)*(cellSize+cellGap) + 8,
		FrontY: fmtF(formTop - 10)}
	if skirmish {
		f.Height += 18
	}
	models, removed, damaged := 0, 0, 0
	for r := 0; r < drawRows; r++ {
		y := float64(formTop + r*(cellSize+cellGap))
		f.Ranks = append(f.Ranks, rankLabel{Y: fmtF(y + cellSize/2 + 5), Label: msg.New("webres.formation.rank", r+1).Text(l)})
		for c := 0; c < drawFiles; c++ {
			x := float64(formLeft + c*(cellSize+cellGap))
			if r >= len(ranks) || c >= len(ranks[r]) || ranks[r][c].Role == "empty" {
				continue
			}
			m := ranks[r][c]
			place := msg.New("webres.formation.place", r+1, c+1).Text(l)
			if fallen[m.ID] {
				s := cellSize
				f.Cells = append(f.Cells, cell{Shape: "removed", X: fmtF(x + 1), Y: fmtF(y + 1), Size: fmtF(float64(s - 2)),
					X2: fmtF(x + float64(s) - 1), Y2: fmtF(y + float64(s) - 1), CX: fmtF(x + cellSize/2), LetterY: fmtF(y + cellSize/2 + 6),
					Letter: m.Letter, Title: msg.New("webres.formation.removed", describeModel(m, snap.Ruleset, l), place).Text(l), Role: "removed"})
				removed++
				continue
			}
			f.Cells = append(f.Cells, modelCell(m, x, y, place, snap.Ruleset, l))
			models++
			if m.Damage > 0 {
				damaged++
			}
		}
	}
	var notes []string
	if rows > drawRows {
		notes = append(notes, msg.New("webres.formation.more_ranks", rows-drawRows).Text(l))
	}
	if files > drawFiles {
		notes = append(notes, msg.New("webres.formation.more_files", files-drawFiles).Text(l))
	}
	if len(notes) > 0 {
		f.Note = strings.Join(notes, "; ")
		f.Height += 18
		f.NoteY = fmtF(float64(f.Height - 8))
	}
	// The description is a sentence of clauses, each a message: the
	// models in their ranks, then what was removed, damaged, destroyed.
	desc := msg.New("webres.formation.desc", models, rows).Text(l)
	if removed > 0 {
		desc += msg.New("webres.formation.desc_removed", removed).Text(l)
	}
	if damaged > 0 {
		desc += msg.New("webres.formation.desc_damaged", damaged).Text(l)
	}
	if snap.Destroyed {
		desc += msg.New("webres.formation.desc_destroyed").Text(l)
	}
	f.Desc = desc + "."
	return f
}

// describeModel is a model in words: its name, its role, its Wounds.
func describeModel(v unit.CellView, ruleset string, l msg.Lang) string {
	s := roleMsg(v.Role, ruleset).Text(l)
	if v.Name != "" {
		s = msg.New("webres.formation.named", v.Name, s).Text(l)
	}
	if v.W > 0 {
		s += msg.New("webres.formation.w", v.W).Text(l)
	}
	return s
}

func modelCell(v unit.CellView, x, y float64, place, ruleset string, l msg.Lang) cell {
	const s = cellSize
	c := cell{X: fmtF(x), Y: fmtF(y), Size: fmtF(s), CX: fmtF(x + s/2), CY: fmtF(y + s/2),
		LetterY: fmtF(y + s/2 + 6), Letter: v.Letter, Role: v.Role}
	title := describeModel(v, ruleset, l)
	switch v.Role {
	case "rank_and_file":
		c.Shape, c.Fill, c.Stroke = "square", "#e8edf3", "#33475b"
	case "character":
		c.Shape, c.Fill, c.Stroke = "diamond", "#fbe3b0", "#6b4400"
		c.Points = fmt.Sprintf("%s,%s %s,%s %s,%s %s,%s", fmtF(x+s/2), fmtF(y-2), fmtF(x+s+2), fmtF(y+s/2), fmtF(x+s/2), fmtF(y+s+2), fmtF(x-2), fmtF(y+s/2))
	default:
		c.Shape, c.Fill, c.Stroke = "circle", "#d7e8fa", "#1f4f82"
		c.R = fmtF(s/2 - 1)
	}
	if v.Damage > 0 {
		c.Damage = strconv.Itoa(v.Damage)
		c.BadgeX, c.BadgeY, c.BadgeTY = fmtF(x+s-3), fmtF(y+3), fmtF(y+7)
		title += msg.New("webres.formation.damage", v.Damage).Text(l)
	}
	if v.Status != "" && v.Status != "standing" && v.Status != "none" && v.Status != "ok" {
		c.Status = statusMsg(v.Status).Text(l)
		c.StatusY = fmtF(y + s + 16)
		title += ", " + c.Status
	}
	c.Title = msg.New("webres.formation.model", title, place).Text(l)
	return c
}

// statusMsg is a skirmish warrior's state in words: knocked_down is
// "knocked down".
func statusMsg(status string) msg.Message {
	id := msg.ID("webres.status." + status)
	if msg.Has(id) {
		return msg.New(id)
	}
	return msg.New("webres.text", strings.ReplaceAll(status, "_", " "))
}

// render runs one of the templates in English: the SVG charts and
// diagrams, and the results and their headline.
func (p *pages) render(name string, data any) template.HTML {
	return p.renderIn(msg.English, name, data)
}

// renderIn is render with the templates of language l.
func (p *pages) renderIn(l msg.Lang, name string, data any) template.HTML {
	var b bytes.Buffer
	if err := p.in(l).ExecuteTemplate(&b, name, data); err != nil {
		panic(fmt.Sprintf("web: template %s: %v", name, err)) // our own templates and data: a bug
	}
	return template.HTML(b.String())
}

// decimals is how many decimals v needs, as strconv's 'f' with -1
// writes it.
func decimals(v float64) int {
	_, frac, _ := strings.Cut(strconv.FormatFloat(v, 'f', -1, 64), ".")
	return len(frac)
}

// chanceAxis lays out a chart's plot area and its y axis of chances: up
// to a round value above top, or to 100% for a chart of "at least N".
// It appends the axis's five ticks and returns the scale (the chance at
// the top of the plot), the plot's width and height and the y of its base.
func chanceAxis(ticks *[]tick, top float64, atLeast bool, l msg.Lang) (scale, plotW, plotH, base float64) {
	scale = niceMax(top)
	if atLeast {
		scale = 1
	}
	plotW = float64(chartW - chartLeft - chartRight)
	plotH = float64(chartH - chartTop - chartBottom)
	base = float64(chartH - chartBottom)
	for i := 0; i <= 4; i++ {
		v := scale * float64(i) / 4
		*ticks = append(*ticks, tick{Y: fmtF(base - plotH*float64(i)/4), Label: msg.New("webres.percent", msg.Dec{V: math.Round(1000*v) / 10, Places: decimals(math.Round(1000*v) / 10)}).Text(l)})
	}
	return scale, plotW, plotH, base
}
