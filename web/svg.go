package web

import (
	"bytes"
	"fmt"
	"html/template"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/unit"
)

// The charts and diagrams are SVG written by html/template on the server,
// so the page shows them without JavaScript and the golden files in
// testdata are plain text a reviewer can open.

// tinyP is the chance below which the charts stop drawing the tail, as the
// CLI's table does (it shows as 0.00%).
var tinyP = big.NewRat(1, 20000)

// barChart is a bar chart of probabilities.
type barChart struct {
	ID, Title, Desc string
	XLabel          string
	Width, Height   int
	PlotLeft        string // x of the y axis
	PlotBottom      string // y of the x axis
	PlotRight       string
	Bars            []bar
	Ticks           []tick
	Note            string // what was left out
	NoteY           string
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

// tick is a horizontal grid line of the y axis.
type tick struct {
	Y, Label string
}

const (
	chartW      = 520
	chartH      = 250
	chartLeft   = 48
	chartRight  = 12
	chartTop    = 16
	chartBottom = 44
)

func fmtF(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

// percent formats p for people: "12.35%", "<0.01%", "0%", "100%".
func percent(p *big.Rat) string {
	switch {
	case p.Sign() == 0:
		return "0%"
	case p.Cmp(big.NewRat(1, 1)) == 0:
		return "100%"
	}
	f, _ := p.Float64()
	if f < 0.0001 {
		return "<0.01%"
	}
	return strconv.FormatFloat(100*f, 'f', 2, 64) + "%"
}

// shortPercent is percent with fewer digits, for labels above bars.
func shortPercent(p *big.Rat) string {
	f, _ := p.Float64()
	switch {
	case p.Sign() == 0:
		return "0"
	case f < 0.005:
		return "<1%"
	case f < 0.1:
		return strconv.FormatFloat(100*f, 'f', 1, 64) + "%"
	}
	return strconv.FormatFloat(100*f, 'f', 0, 64) + "%"
}

// niceMax rounds a largest probability up to a scale with four even ticks.
func niceMax(f float64) float64 {
	for _, m := range []float64{0.02, 0.04, 0.08, 0.1, 0.2, 0.4, 0.6, 0.8, 1} {
		if f <= m+1e-12 {
			return m
		}
	}
	return 1
}

// distChart draws P(exactly n) for a distribution, or with atLeast P(n or
// more) from 1 on. noun names what is counted ("casualties").
func distChart(id, title, noun string, d odds.Dist, atLeast bool) barChart {
	c := barChart{ID: id, Title: title, Width: chartW, Height: chartH,
		PlotLeft: fmtF(chartLeft), PlotRight: fmtF(chartW - chartRight), PlotBottom: fmtF(chartH - chartBottom)}
	first := 0
	if atLeast {
		first = 1
	}
	tails := d.Tails()
	last := first - 1
	for n := first; n < len(d.P); n++ {
		if tails[n].Cmp(tinyP) < 0 {
			break
		}
		last = n
	}
	if last < first {
		last = first
	}
	values := make([]*big.Rat, 0, last-first+1)
	top := 0.0
	for n := first; n <= last; n++ {
		p := new(big.Rat)
		switch {
		case atLeast:
			p = tailAt(tails, n)
		case n < len(d.P):
			p = d.P[n]
		}
		values = append(values, p)
		f, _ := p.Float64()
		top = max(top, f)
	}
	scale := niceMax(top)
	if atLeast {
		scale = 1
	}
	plotW := float64(chartW - chartLeft - chartRight)
	plotH := float64(chartH - chartTop - chartBottom)
	base := float64(chartH - chartBottom)
	for i := 0; i <= 4; i++ {
		v := scale * float64(i) / 4
		c.Ticks = append(c.Ticks, tick{Y: fmtF(base - plotH*float64(i)/4), Label: strconv.FormatFloat(math.Round(1000*v)/10, 'f', -1, 64) + "%"})
	}
	count := len(values)
	slot := plotW / float64(count)
	labelEvery := (count + 19) / 20
	for i, p := range values {
		n := first + i
		f, _ := p.Float64()
		h := plotH * f / scale
		x := float64(chartLeft) + slot*float64(i) + slot*0.1
		what := fmt.Sprintf("exactly %d %s", n, noun)
		if atLeast {
			what = fmt.Sprintf("%d or more %s", n, noun)
		}
		b := bar{N: n, X: fmtF(x), W: fmtF(slot * 0.8), Y: fmtF(base - h), H: fmtF(h),
			LabelX: fmtF(x + slot*0.4), ValueY: fmtF(base - h - 4),
			Exact: p.RatString(), Percent: percent(p), P: strconv.FormatFloat(f, 'g', 6, 64),
			Title: fmt.Sprintf("%s: %s (%s)", what, p.RatString(), percent(p))}
		if i%labelEvery == 0 {
			b.Label = strconv.Itoa(n)
		}
		if count <= 12 && f >= 0.005 {
			b.Value = shortPercent(p)
		}
		c.Bars = append(c.Bars, b)
	}
	if rest := tailAt(tails, last+1); rest.Sign() > 0 {
		c.Note = fmt.Sprintf("%d or more: %s, not drawn", last+1, percent(rest))
		c.NoteY = fmtF(chartH - 6)
	}
	if atLeast {
		c.Desc = fmt.Sprintf("The chance of at least n %s, for n from %d to %d.", noun, first, last)
		c.XLabel = "at least n " + noun
	} else {
		c.Desc = fmt.Sprintf("The chance of exactly n %s, for n from %d to %d; the mean is %s.", noun, first, last, ratFloat(d.Mean(), 3))
		c.XLabel = noun
	}
	return c
}

func ratFloat(r *big.Rat, digits int) string {
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'f', digits, 64)
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

var roleLetters = map[string]byte{
	"rank_and_file": 'R', "musician": 'M', "standard": 'S', "champion": 'C', "character": 'H',
}

var roleNames = map[string]string{
	"rank_and_file": "rank and file", "musician": "musician", "standard": "standard bearer",
	"champion": "champion", "character": "character",
}

// formationDiagram draws snap. With before, slots that held a model then
// and are empty now are drawn as removed models. Models slide into gaps
// (RULES.md 11.2), so the model that stood in an emptied slot is not always
// the one removed: casualties, the roles of the removed models in the
// order the referee removed them, names them where given.
func formationDiagram(id, title string, snap unit.Snapshot, before *unit.Snapshot, casualties []string) formation {
	gone := slices.Clone(casualties)
	removedAs := func(was unit.CellView) unit.CellView {
		if len(casualties) == 0 {
			return was
		}
		i := slices.Index(gone, was.Role)
		if i < 0 && len(gone) > 0 {
			i = 0
		}
		if i < 0 {
			return unit.CellView{Role: "model", Letter: "?"}
		}
		role := gone[i]
		gone = slices.Delete(gone, i, i+1)
		if role == was.Role {
			return was
		}
		return unit.CellView{Role: role, Letter: string(roleLetters[role])}
	}
	ranks := snap.Ranks
	var old [][]unit.CellView
	if before != nil {
		old = before.Ranks
	}
	rows := max(len(ranks), len(old))
	files := 0
	for _, r := range ranks {
		files = max(files, len(r))
	}
	for _, r := range old {
		files = max(files, len(r))
	}
	drawRows, drawFiles := min(rows, maxDrawRank), min(files, maxDrawFile)
	skirmish := snap.Ruleset == "skirmish"
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
		f.Ranks = append(f.Ranks, rankLabel{Y: fmtF(y + cellSize/2 + 5), Label: "rank " + strconv.Itoa(r+1)})
		for c := 0; c < drawFiles; c++ {
			x := float64(formLeft + c*(cellSize+cellGap))
			var now, was *unit.CellView
			if r < len(ranks) && c < len(ranks[r]) && ranks[r][c].Role != "empty" {
				now = &ranks[r][c]
			}
			if r < len(old) && c < len(old[r]) && old[r][c].Role != "empty" {
				was = &old[r][c]
			}
			place := fmt.Sprintf("rank %d, file %d", r+1, c+1)
			switch {
			case now != nil:
				f.Cells = append(f.Cells, modelCell(*now, x, y, place))
				models++
				if now.Damage > 0 {
					damaged++
				}
			case was != nil:
				w := removedAs(*was)
				was = &w
				s := cellSize
				f.Cells = append(f.Cells, cell{Shape: "removed", X: fmtF(x + 1), Y: fmtF(y + 1), Size: fmtF(float64(s - 2)),
					X2: fmtF(x + float64(s) - 1), Y2: fmtF(y + float64(s) - 1), CX: fmtF(x + cellSize/2), LetterY: fmtF(y + cellSize/2 + 6),
					Letter: was.Letter, Title: fmt.Sprintf("removed: %s (%s)", describeModel(*was), place), Role: "removed"})
				removed++
			}
		}
	}
	var notes []string
	if rows > drawRows {
		notes = append(notes, fmt.Sprintf("%d more ranks not drawn", rows-drawRows))
	}
	if files > drawFiles {
		notes = append(notes, fmt.Sprintf("%d more files not drawn", files-drawFiles))
	}
	if len(notes) > 0 {
		f.Note = strings.Join(notes, "; ")
		f.Height += 18
		f.NoteY = fmtF(float64(f.Height - 8))
	}
	desc := fmt.Sprintf("%d models in %d ranks", models, rows)
	if removed > 0 {
		desc += fmt.Sprintf(", %d removed", removed)
	}
	if damaged > 0 {
		desc += fmt.Sprintf(", %d damaged", damaged)
	}
	if snap.Destroyed {
		desc += "; the unit is destroyed"
	}
	f.Desc = desc + "."
	return f
}

func describeModel(v unit.CellView) string {
	s := roleNames[v.Role]
	if s == "" {
		s = v.Role
	}
	if v.Name != "" {
		s = v.Name + ", " + s
	}
	if v.W > 0 {
		s += fmt.Sprintf(", W%d", v.W)
	}
	return s
}

func modelCell(v unit.CellView, x, y float64, place string) cell {
	const s = cellSize
	c := cell{X: fmtF(x), Y: fmtF(y), Size: fmtF(s), CX: fmtF(x + s/2), CY: fmtF(y + s/2),
		LetterY: fmtF(y + s/2 + 6), Letter: v.Letter, Role: v.Role}
	title := describeModel(v)
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
		title += fmt.Sprintf(", %d wound%s taken", v.Damage, plural(v.Damage))
	}
	if v.Status != "" && v.Status != "standing" && v.Status != "none" && v.Status != "ok" {
		c.Status = strings.ReplaceAll(v.Status, "_", " ")
		c.StatusY = fmtF(y + s + 16)
		title += ", " + c.Status
	}
	c.Title = fmt.Sprintf("%s (%s)", title, place)
	return c
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// renderSVG runs one of the SVG templates.
func (p *pages) renderSVG(name string, data any) template.HTML {
	var b bytes.Buffer
	if err := p.t.ExecuteTemplate(&b, name, data); err != nil {
		panic(fmt.Sprintf("web: template %s: %v", name, err)) // our own templates and data: a bug
	}
	return template.HTML(b.String())
}
