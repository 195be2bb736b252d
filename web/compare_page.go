package web

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"math/big"
	"net/url"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// The compare tab sets profile against profile (issue 15 item 3): the
// form's scenario under the rulesets ticked, and variants of it, each a
// row of form fields (vl<N>: its label, v<N>: its changes, path=value
// joined by commas, in the scenario file's names), so that it works
// without JavaScript and a link keeps the comparison:
//
//	/?tab=compare&...&vl1=Great+weapons&v1=attacks[0].strength%3D5
//
// A "dup" button fills a new row with an attack group's or the target's
// values, to be changed.

// maxColumns bounds the columns of the compare tab, and maxFormVariants
// the variant rows.
const (
	maxColumns      = 6
	maxFormVariants = maxColumns - 1
)

// variantForm is one variant row of the compare tab, as typed.
type variantForm struct {
	Label, Changes string
}

// parseVariants reads the variant rows, v<N> and vl<N> for N from 1,
// leaving out rows with no changes. The rows are numbered rather than
// repeated under one name, since a browser leaves empty fields out of a
// query and a label would then pair with another row's changes.
func parseVariants(q url.Values) []variantForm {
	var out []variantForm
	for n := 1; n <= maxFormVariants+1; n++ {
		v := variantForm{Label: strings.TrimSpace(q.Get(fmt.Sprintf("vl%d", n))), Changes: strings.TrimSpace(q.Get(fmt.Sprintf("v%d", n)))}
		if v.Changes != "" && len(out) < maxFormVariants {
			out = append(out, v)
		}
	}
	return out
}

// addVariants writes the variant rows into a query string, numbered from 1.
func addVariants(q url.Values, vs []variantForm) {
	for i, v := range vs {
		if v.Label != "" {
			q.Set(fmt.Sprintf("vl%d", i+1), v.Label)
		}
		q.Set(fmt.Sprintf("v%d", i+1), v.Changes)
	}
}

// duplicate adds a variant row holding attack group i's values ("a<i>")
// or the target's ("t"), as path=value changes to edit.
func (f form) duplicate(what string) form {
	if len(f.Variants) >= maxFormVariants {
		return f
	}
	q := f.values()
	obj, prefix, path := scenario.ObjTarget, "t.", "target."
	label := "Target"
	if what != "t" {
		i, err := strconv.Atoi(strings.TrimPrefix(what, "a"))
		if err != nil || !strings.HasPrefix(what, "a") || i < 0 || i >= len(f.Attacks) {
			return f
		}
		obj, prefix, path = scenario.ObjAttack, fmt.Sprintf("a%d.", i), fmt.Sprintf("attacks[%d].", i)
		label = fmt.Sprintf("Attack group %d", i+1)
	}
	rs, _ := rules.ParseRuleset(f.Ruleset)
	var changes []string
	for _, spec := range scenario.Catalogue() {
		if spec.Object != obj && !(obj == scenario.ObjTarget && spec.Object == scenario.ObjProfile) || !spec.ReadBy(rs) {
			continue // a field the form keeps for another ruleset is not the group's
		}
		v := q.Get(prefix + spec.Name)
		if v == "" || spec.Name == "name" || spec.Name == "champion" {
			continue
		}
		if v == "1" && spec.Type == "true/false" {
			v = "true"
		}
		changes = append(changes, path+spec.Name+"="+v)
	}
	f.Variants = append(f.Variants, variantForm{Label: label + ", changed", Changes: strings.Join(changes, ", ")})
	return f
}

// comparePaths lists the paths a variant may change, for the form's
// suggestions: the attack groups' fields, the target's, and the switches.
func comparePaths(attacks int) []string {
	var out []string
	for i := range max(attacks, 1) {
		for _, s := range scenario.Catalogue() {
			if s.Object == scenario.ObjAttack && s.Name != "name" {
				out = append(out, fmt.Sprintf("attacks[%d].%s=", i, s.Name))
			}
		}
	}
	for _, s := range scenario.Catalogue() {
		if s.Object == scenario.ObjTarget || s.Object == scenario.ObjProfile {
			if s.Name != "name" && s.Name != "champion" && s.Name != "characters" && s.Name != "groups" {
				out = append(out, "target."+s.Name+"=")
			}
		}
	}
	for _, s := range rules.Switches() {
		out = append(out, s.Name+"=")
	}
	return out
}

// compareForm is the compare tab's part of the form.
type compareForm struct {
	Rulesets []field
	Rows     []variantRow
	Paths    []string
	Attacks  []int // attack groups that may be duplicated, numbered from 0
	CanAdd   bool
	Legacy   field // the older one-per-line switch variants, shown only when a link has them
}

type variantRow struct {
	N              int // from 1
	Label, Changes string
}

// compareFormOf builds the compare tab's inputs: the variant rows, with
// one empty row to type a new variant into.
func compareFormOf(f form, rulesets []field, legacy field) compareForm {
	c := compareForm{Rulesets: rulesets, Paths: comparePaths(len(f.Attacks)), CanAdd: len(f.Variants) < maxFormVariants, Legacy: legacy}
	for i := range f.Attacks {
		c.Attacks = append(c.Attacks, i)
	}
	for i, v := range f.Variants {
		c.Rows = append(c.Rows, variantRow{N: i + 1, Label: v.Label, Changes: v.Changes})
	}
	if c.CanAdd {
		c.Rows = append(c.Rows, variantRow{N: len(c.Rows) + 1})
	}
	return c
}

// The series colours: the Okabe-Ito palette, told apart with the common
// colour blindnesses; each series also has its own dash pattern.
var seriesColours = [maxColumns]string{"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"}
var seriesDashes = [maxColumns]string{"", "6 3", "2 3", "8 3 2 3", "4 4", "1 2"}

type compareData struct {
	Columns []compareColumn
	Rows    []compareRow
	Exactly template.HTML
	AtLeast template.HTML
}

type compareColumn struct {
	Label, Colour, Dash string
	Error               string
	Notes               []string
}

type compareRow struct {
	Label string
	Cells []compareCell
}

// compareCell is a value and, after the first column, its difference
// from the first column; Change is "up", "down" or "" for none.
type compareCell struct {
	Value, Exact, Diff, Change string
}

// compareView computes the columns: the form's scenario under each
// ruleset ticked (translated, with notes; or as in the form when none is
// ticked), then each variant of it. A column that fails shows its error.
func (s *Server) compareView(ctx context.Context, f form, base *scenario.File) (*compareData, error) {
	type col struct {
		label string
		file  *scenario.File
		notes []string
		err   error
	}
	var cols []col
	for _, name := range f.Compare {
		rs, err := rules.ParseRuleset(name)
		if err != nil {
			continue
		}
		v, notes, err := base.Translate(rs)
		cols = append(cols, col{label: name, file: v, notes: notes, err: err})
	}
	if len(cols) == 0 && (len(f.Variants) > 0 || strings.TrimSpace(f.Sets) != "") {
		cols = append(cols, col{label: "As in the form", file: base})
	}
	variant := func(label, changes string) {
		as, err := scenario.ParseAssignments(changes)
		var v *scenario.File
		if err == nil {
			v, err = base.With(as...)
		}
		cols = append(cols, col{label: label, file: v, err: err})
	}
	for line := range strings.SplitSeq(f.Sets, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			variant(base.Ruleset.String()+" "+line, line)
		}
	}
	for i, v := range f.Variants {
		label := v.Label
		if label == "" {
			label = fmt.Sprintf("Variant %d", i+1)
		}
		variant(label, v.Changes)
	}
	switch {
	case len(cols) == 0:
		return nil, badRequest("cmp", "choose at least one ruleset to compare, or add a variant")
	case len(cols) > maxColumns:
		return nil, badRequest("v", "%d columns: compare at most %d at once (fewer rulesets or variants)", len(cols), maxColumns)
	}
	d := &compareData{}
	results := make([]*odds.Result, len(cols))
	for i, c := range cols {
		cc := compareColumn{Label: c.label, Colour: seriesColours[i], Dash: seriesDashes[i], Notes: c.notes}
		err := c.err
		if err == nil {
			results[i], err = s.odds(ctx, c.file, false)
		}
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				return nil, err
			}
			cc.Error = toAPIError(err, s.cfg.Timeout).Message
		}
		d.Columns = append(d.Columns, cc)
	}
	d.Rows = compareRows(results)
	var series []chartSeries
	for i, r := range results {
		if r != nil {
			series = append(series, chartSeries{Label: cols[i].label, Colour: seriesColours[i], Dash: seriesDashes[i], Dist: r.Casualties})
		}
	}
	if len(series) > 0 {
		d.Exactly = s.pages.render("multichart", multiChart("chart-compare-exactly", "Exactly N casualties, each column", "casualties", series, false))
		d.AtLeast = s.pages.render("multichart", multiChart("chart-compare-at-least", "At least N casualties, each column", "casualties", series, true))
	}
	return d, nil
}

// compareRows are the table's means and key chances, each with its
// difference from the first column.
func compareRows(results []*odds.Result) []compareRow {
	var rows []compareRow
	tails := make([][]*big.Rat, len(results))
	maxCas := 0
	for i, r := range results {
		if r != nil {
			tails[i] = r.Casualties.Tails()
			maxCas = max(maxCas, len(r.Casualties.P)-1)
		}
	}
	add := func(label string, chance bool, value func(i int, r *odds.Result) *big.Rat) {
		row := compareRow{Label: label}
		var first *big.Rat
		for i, r := range results {
			if r == nil {
				row.Cells = append(row.Cells, compareCell{Value: "–"})
				continue
			}
			x := value(i, r)
			if i == 0 {
				first = x
			}
			c := compareCell{Value: "n/a"}
			if x != nil {
				c.Exact = x.RatString()
				c.Value = ratFloat(x, 3)
				if chance {
					c.Value = percent(x)
				}
			}
			if i > 0 && x != nil && first != nil && x.Cmp(first) != 0 {
				d := new(big.Rat).Sub(x, first)
				f, _ := d.Float64()
				c.Diff = fmt.Sprintf("%+.3f", f)
				if chance {
					c.Diff = fmt.Sprintf("%+.1f points", 100*f)
					if c.Diff == "+0.0 points" || c.Diff == "-0.0 points" {
						c.Diff = c.Diff[:1] + "<0.1 points"
					}
				}
				c.Change = "up"
				if d.Sign() < 0 {
					c.Change = "down"
				}
			}
			row.Cells = append(row.Cells, c)
		}
		rows = append(rows, row)
	}
	add("Expected casualties", false, func(_ int, r *odds.Result) *big.Rat { return r.Casualties.Mean() })
	add("Expected wounds caused", false, func(_ int, r *odds.Result) *big.Rat { return r.Wounds.Mean() })
	add("Expected unsaved wounds", false, func(_ int, r *odds.Result) *big.Rat { return r.Unsaved.Mean() })
	add("At least 1 casualty", true, func(i int, _ *odds.Result) *big.Rat { return tailAt(tails[i], 1) })
	add("Unit destroyed", true, func(_ int, r *odds.Result) *big.Rat { return r.Destroyed })
	add("Panic test", true, func(_ int, r *odds.Result) *big.Rat { return r.Panic })
	for n := 2; n <= maxCas && n <= 10; n++ {
		add(fmt.Sprintf("At least %d casualties", n), true, func(i int, _ *odds.Result) *big.Rat { return tailAt(tails[i], n) })
	}
	return rows
}
