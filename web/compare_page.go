package web

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"math/big"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// The compare tab sets profile against profile, the question a player
// asks before choosing one (this weapon or that, this armour or that): the
// form's scenario under the rulesets ticked, and variants of it. A
// variant is the scenario with some things changed, and a link says it in
// the scenario file's names, path=value joined by commas, so that a
// shared comparison is short and stays readable:
//
//	/?tab=compare&...&vl1=Great+weapons&v1=attacks[0].strength%3D5
//
// vl<N> is variant N's name, v<N> its changes, and vp<N> the parts of the
// form it is edited in ("a0" for attack group 1, "t" for the target),
// when its changes do not say so already. "Duplicate attack group N" and
// "Duplicate the target" add a variant with such a part and no changes
// yet. The page shows each part as a form of its own, the main form's
// fields prefilled with the variant's values, named v<N>.<field>
// (v1.a0.strength); what such a form submits is turned back into v<N>
// (formChanges), the fields that differ from the main form's, so that
// it works without JavaScript and the link is today's. The changes as
// text stay editable, for what the forms do not hold (a rule switch).

// maxColumns bounds the columns of the compare tab: the form as it is
// and up to maxFormVariants variants of it.
const (
	maxColumns      = 7
	maxFormVariants = maxColumns - 1
)

// variantForm is one variant of the compare tab.
type variantForm struct {
	Label, Changes string
	// Parts are the parts of the form the variant is edited in: "a<i>"
	// for attack group i+1, "t" for the target; attack groups first.
	Parts []string
}

// parseVariants reads the variants, v<N>, vl<N> and vp<N> for N from 1,
// and the fields of their forms, leaving out those with neither changes
// nor a part. The variants are numbered rather than repeated under one
// name, since a browser leaves empty fields out of a query and a name
// would then pair with another variant's changes.
func parseVariants(q url.Values) []variantForm {
	var out []variantForm
	for n := 1; n <= maxFormVariants+1; n++ {
		v := variantForm{Label: strings.TrimSpace(q.Get(fmt.Sprintf("vl%d", n))), Changes: strings.TrimSpace(q.Get(fmt.Sprintf("v%d", n)))}
		if oldDuplicate().MatchString(v.Label) {
			v.Label = "" // no player's name: the column says what changed
		}
		v.Parts = partsOf(q.Get(fmt.Sprintf("vp%d", n)), v.Changes)
		v.Changes = formChanges(q, n, v)
		if (v.Changes != "" || len(v.Parts) > 0) && len(out) < maxFormVariants {
			out = append(out, v)
		}
	}
	return out
}

// partsOf lists the parts named in vp ("a0,t") and those the changes
// touch, attack groups in order and then the target.
func partsOf(vp, changes string) []string {
	var out []string
	add := func(p string) {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	for p := range strings.FieldsFuncSeq(vp, func(r rune) bool { return r == ',' || r == ' ' }) {
		if p == "t" || attackPart(p) >= 0 {
			add(p)
		}
	}
	for _, p := range changedParts(changes) {
		add(p)
	}
	slices.SortFunc(out, func(a, b string) int {
		ia, ib := attackPart(a), attackPart(b)
		if ia < 0 {
			ia = maxFormAttacks
		}
		if ib < 0 {
			ib = maxFormAttacks
		}
		return ia - ib
	})
	return out
}

// attackPart is the attack group's index of a part "a<i>", or -1.
func attackPart(p string) int {
	i, err := strconv.Atoi(strings.TrimPrefix(p, "a"))
	if !strings.HasPrefix(p, "a") || err != nil || i < 0 || i >= maxFormAttacks {
		return -1
	}
	return i
}

// changedParts lists the parts of the form whose fields the changes
// set: a change of what the form has no field for (a switch, a
// character) names none.
func changedParts(changes string) []string {
	if changes == "" {
		return nil
	}
	as, err := scenario.ParseAssignments(changes)
	if err != nil {
		return nil
	}
	var out []string
	for _, a := range as {
		name := inputName(a.Path)
		p, _, ok := strings.Cut(name, ".")
		if ok && (p == "t" || attackPart(p) >= 0) && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// commandNames are the target's command checkboxes, in the order a file
// lists them under target.command.
var commandNames = []string{"musician", "standard", "champion"}

// formChanges turns what variant n's forms submitted (v<n>.a0.strength)
// into its changes: each field that differs from the main form's field
// of the same name, after what the text of its changes says about fields
// the forms do not hold. A link without the forms' fields keeps its
// changes as they are. A field the ruleset does not read is disabled in
// both forms, so neither submits it.
func formChanges(q url.Values, n int, v variantForm) string {
	prefix := fmt.Sprintf("v%d.", n)
	submitted := false
	for k := range q {
		submitted = submitted || strings.HasPrefix(k, prefix)
	}
	if !submitted {
		return v.Changes
	}
	var changes []string
	covered := map[string]bool{}
	for _, part := range v.Parts {
		var names []string
		for k := range q {
			name, ok := strings.CutPrefix(strings.TrimPrefix(k, prefix), part+".")
			if ok && !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
		slices.Sort(names)
		command := false
		for _, name := range names {
			base, mine := strings.TrimSpace(q.Get(part+"."+name)), strings.TrimSpace(q.Get(prefix+part+"."+name))
			if part == "t" && slices.Contains(commandNames, name) {
				command = command || base != mine
				continue
			}
			path := scenarioPath(part, name)
			covered[path] = true
			if base != mine {
				changes = append(changes, path+"="+assignValue(mine))
			}
		}
		if part == "t" {
			covered["target.command"] = true
			if command {
				var list []string
				for _, c := range commandNames {
					if ticked(q.Get(prefix + "t." + c)) {
						list = append(list, c)
					}
				}
				changes = append(changes, "target.command=["+strings.Join(list, ", ")+"]")
			}
		}
	}
	var keep []string
	if as, err := scenario.ParseAssignments(v.Changes); v.Changes != "" && err == nil {
		for _, a := range as {
			if !covered[a.Path] {
				keep = append(keep, a.String())
			}
		}
	} else if v.Changes != "" {
		keep = append(keep, v.Changes) // the column says what is wrong with it
	}
	return strings.Join(append(keep, changes...), ", ")
}

// variantFields reports whether q holds the fields of a variant's forms.
func variantFields(q url.Values) bool {
	for k := range q {
		if n, _, ok := strings.Cut(k, "."); ok && len(n) > 1 && n[0] == 'v' && strings.Trim(n[1:], "0123456789") == "" {
			return true
		}
	}
	return false
}

// scenarioPath is the scenario path of a field of a part of the form:
// ("a0", "strength") is attacks[0].strength, ("t", "ward") target.ward.
func scenarioPath(part, name string) string {
	if part == "t" {
		return "target." + name
	}
	return fmt.Sprintf("attacks[%d].%s", attackPart(part), name)
}

// assignValue is a form field's value as a change writes it: a ticked
// box is true, an empty field leaves the field out (its default).
func assignValue(v string) string {
	if v == "1" || v == "on" {
		return "true"
	}
	return v
}

// ticked reports whether a checkbox's value is ticked.
func ticked(v string) bool {
	v = strings.TrimSpace(v)
	return v != "" && v != "0" && v != "false"
}

// addVariants writes the variants into a query string, numbered from 1:
// vp<N> only for the parts their changes do not name.
func addVariants(q url.Values, vs []variantForm) {
	for i, v := range vs {
		if v.Label != "" {
			q.Set(fmt.Sprintf("vl%d", i+1), v.Label)
		}
		q.Set(fmt.Sprintf("v%d", i+1), v.Changes)
		if derived := changedParts(v.Changes); len(v.Parts) > len(derived) {
			q.Set(fmt.Sprintf("vp%d", i+1), strings.Join(v.Parts, ","))
		}
	}
}

// duplicate adds a variant to be edited in attack group i's form
// ("a<i>") or the target's ("t"), with no changes yet and no name: its
// column is named for what it changes (variantLabelIn).
func (f form) duplicate(what string) form {
	if len(f.Variants) >= maxFormVariants {
		return f
	}
	if what != "t" {
		if i := attackPart(what); i < 0 || i >= len(f.Attacks) {
			return f
		}
	}
	f.Variants = append(f.Variants, variantForm{Parts: []string{what}})
	return f
}

// oldDuplicate is the name an older page gave a duplicated part, "Attack
// group 1, changed", which is no player's (parseVariants drops it).
var oldDuplicate = lazyRegexp(`^(Attack group [0-9]+|Target), changed$`)

// variantLabelIn is the name of variant n (from 1) as its column and legend
// show it in language l: the player's, else what its changes change ("Attack group 1:
// Strength 5"), else "Variant n".
func variantLabelIn(l msg.Lang, v variantForm, n int) string {
	if v.Label != "" {
		return v.Label
	}
	if v.Changes != "" {
		return changesWordsIn(l, v.Changes)
	}
	return msg.New("webres.compare.variant", n).Text(l)
}

// removeVariant takes out variant n, numbered from 1.
func (f form) removeVariant(n string) form {
	i, err := strconv.Atoi(n)
	if err == nil && i >= 1 && i <= len(f.Variants) {
		f.Variants = slices.Delete(slices.Clone(f.Variants), i-1, i)
	}
	return f
}

// variantOf is the form with variant v's changes made to its fields, to
// prefill the variant's own forms.
func (f form) variantOf(v variantForm) form {
	q := f.values()
	if as, err := scenario.ParseAssignments(v.Changes); v.Changes != "" && err == nil {
		for _, a := range as {
			if a.Path == "target.command" {
				for _, c := range commandNames {
					q.Del("t." + c)
					if strings.Contains(a.Value, c) {
						q.Set("t."+c, "1")
					}
				}
				continue
			}
			if name := inputName(a.Path); name != "" && !strings.HasPrefix(name, "opt.") {
				q.Set(name, a.Value)
			}
		}
	}
	g := f.schema().parse(q)
	g.Variants = nil
	return g
}

// comparePaths lists the paths a variant may change, for the text
// editor's suggestions: the attack groups' fields, the target's, and the
// switches.
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
	New      variantRow // an empty variant to write as text
	Paths    []string
	Attacks  []int // attack groups that may be duplicated, numbered from 0
	CanAdd   bool
	Legacy   field // the older one-per-line switch variants, shown only when a link has them
}

// variantRow is one variant as the page shows it: its name, its forms
// and its changes as text.
type variantRow struct {
	N              int // from 1
	Label, Changes string
	Says           string // what the changes change, when the player has not named it (variantLabelIn)
	PartsValue     string // vp<N>
	Parts          []variantPart
}

// variantPart is one part of the form (an attack group or the target)
// as a variant's form: the main form's fields, renamed v<N>.<name>.
type variantPart struct {
	Legend  string
	Key     string // "a0" or "t"
	Fields  []field
	Command []field
}

// compareFormOf builds the compare tab's inputs: each variant's forms,
// and an empty variant to write as text.
func (s *Server) compareFormOf(f form, rulesets []field, legacy field) compareForm {
	return s.compareFormIn(msg.English, f, rulesets, legacy)
}

// compareFormIn is compareFormOf with the page's own words in language l
// (the fields are the odds form's, pageData's).
func (s *Server) compareFormIn(l msg.Lang, f form, rulesets []field, legacy field) compareForm {
	c := compareForm{Rulesets: rulesets, Paths: comparePaths(len(f.Attacks)), CanAdd: len(f.Variants) < maxFormVariants, Legacy: legacy}
	for i := range f.Attacks {
		c.Attacks = append(c.Attacks, i)
	}
	for i, v := range f.Variants {
		n := i + 1
		row := variantRow{N: n, Label: v.Label, Changes: v.Changes, PartsValue: strings.Join(v.Parts, ",")}
		if says := variantLabelIn(l, v, n); says != v.Label && v.Changes != "" {
			row.Says = says
		}
		d := s.pageData(f.variantOf(v))
		rename := func(fs []field) []field {
			out := make([]field, len(fs))
			for j, fl := range fs {
				fl.Name, fl.ID = fmt.Sprintf("v%d.%s", n, fl.Name), fmt.Sprintf("v%d-%s", n, fl.ID)
				fl.Error = ""
				out[j] = fl
			}
			return out
		}
		for _, p := range v.Parts {
			if i := attackPart(p); i >= 0 && i < len(d.Attacks) && i < len(f.Attacks) {
				row.Parts = append(row.Parts, variantPart{Legend: msg.New("webres.compare.path.group", i+1).Text(l), Key: p, Fields: rename(d.Attacks[i])})
			} else if p == "t" {
				row.Parts = append(row.Parts, variantPart{Legend: msg.New("webres.compare.form.target_unit").Text(l), Key: p, Fields: rename(d.Target), Command: rename(d.Command)})
			}
		}
		c.Rows = append(c.Rows, row)
	}
	c.New = variantRow{N: len(c.Rows) + 1}
	return c
}

// The series colours: the Okabe-Ito palette, told apart with the common
// colour blindnesses; each series also has its own dash pattern.
var seriesColours = [maxColumns]string{"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000"}
var seriesDashes = [maxColumns]string{"", "6 3", "2 3", "8 3 2 3", "4 4", "1 2", "10 3 2 3 2 3"}

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
func (s *Server) compareView(ctx context.Context, l msg.Lang, f form, base *scenario.File) (*compareData, error) {
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
		v, ms, err := base.TranslateMsg(rs)
		notes := make([]string, len(ms))
		for i, m := range ms {
			notes[i] = m.Text(l)
			if l == msg.English {
				notes[i] = noteWords(notes[i]) // the form's labels for the file's paths
			}
		}
		cols = append(cols, col{label: rs.TitleMsg().Text(l), file: v, notes: notes, err: err})
	}
	if len(cols) == 0 && (len(f.Variants) > 0 || strings.TrimSpace(f.Sets) != "") {
		cols = append(cols, col{label: msg.New("webres.compare.as_in_form").Text(l), file: base})
	}
	variant := func(label, changes string) {
		if changes == "" { // duplicated, not changed yet
			cols = append(cols, col{label: label, file: base})
			return
		}
		as, err := scenario.ParseAssignments(changes)
		var v *scenario.File
		if err == nil {
			v, err = base.With(as...)
		}
		cols = append(cols, col{label: label, file: v, err: err})
	}
	for line := range strings.SplitSeq(f.Sets, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			variant(msg.New("webres.compare.set", base.Ruleset.TitleMsg(), changesWordsIn(l, line)).Text(l), line)
		}
	}
	for i, v := range f.Variants {
		variant(variantLabelIn(l, v, i+1), v.Changes)
	}
	switch {
	case len(cols) == 0:
		return nil, invalid("cmp", "webres.compare.error.none")
	case len(cols) > maxColumns:
		return nil, invalid("v", "webres.compare.error.too_many", len(cols), maxColumns)
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
			cc.Error = noteWords(s.columnError(err, l))
		}
		d.Columns = append(d.Columns, cc)
	}
	d.Rows = compareRowsIn(l, results)
	var series []chartSeries
	for i, r := range results {
		if r != nil {
			series = append(series, chartSeries{Label: cols[i].label, Colour: seriesColours[i], Dash: seriesDashes[i], Dist: r.Casualties})
		}
	}
	if len(series) > 0 {
		d.Exactly = s.pages.renderIn(l, "multichart", multiChartIn(l, "chart-compare-exactly", msg.New("webres.compare.chart_exactly").Text(l), "casualties", series, false))
		d.AtLeast = s.pages.renderIn(l, "multichart", multiChartIn(l, "chart-compare-at-least", msg.New("webres.compare.chart_at_least").Text(l), "casualties", series, true))
	}
	return d, nil
}

// columnError is a column's error as the API says it, in language l
// where the error can be said in it (a scenario's error, msg.Texter).
func (s *Server) columnError(err error, l msg.Lang) string {
	var t msg.Texter
	if l != msg.English && errors.As(err, &t) {
		return t.Text(l)
	}
	return toAPIError(err, s.cfg.Timeout).Message
}

// decimalComma writes the number s with a decimal comma in Russian.
func decimalComma(s string, l msg.Lang) string {
	if l == msg.Russian {
		return strings.Replace(s, ".", ",", 1)
	}
	return s
}

// compareRowsIn are the table's means and key chances, each with its
// difference from the first column, in language l.
func compareRowsIn(l msg.Lang, results []*odds.Result) []compareRow {
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
			c := compareCell{Value: msg.New("webres.compare.na").Text(l)}
			if x != nil {
				c.Exact = x.RatString()
				c.Value = ratFloatIn(x, 3, l)
				if chance {
					c.Value = percentIn(x, l)
				}
			}
			if i > 0 && x != nil && first != nil && x.Cmp(first) != 0 {
				d := new(big.Rat).Sub(x, first)
				f, _ := d.Float64()
				c.Diff = decimalComma(fmt.Sprintf("%+.3f", f), l)
				if chance {
					pts := fmt.Sprintf("%+.1f", 100*f)
					c.Diff = msg.New("webres.compare.points", decimalComma(pts, l)).Text(l)
					if pts == "+0.0" || pts == "-0.0" {
						c.Diff = msg.New("webres.compare.points_below", pts[:1], msg.Dec{V: 0.1, Places: 1}).Text(l)
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
	say := func(id msg.ID, args ...any) string { return msg.New(id, args...).Text(l) }
	add(say("webres.odds.expected_casualties"), false, func(_ int, r *odds.Result) *big.Rat { return r.Casualties.Mean() })
	add(say("webres.odds.expected_wounds"), false, func(_ int, r *odds.Result) *big.Rat { return r.Wounds.Mean() })
	add(say("webres.odds.expected_unsaved"), false, func(_ int, r *odds.Result) *big.Rat { return r.Unsaved.Mean() })
	add(say("webres.compare.at_least", 1), true, func(i int, _ *odds.Result) *big.Rat { return tailAt(tails[i], 1) })
	add(say("webres.odds.destroyed"), true, func(_ int, r *odds.Result) *big.Rat { return r.Destroyed })
	add(say("webres.odds.panic"), true, func(_ int, r *odds.Result) *big.Rat { return r.Panic })
	for n := 2; n <= maxCas && n <= 10; n++ {
		add(say("webres.compare.at_least", n), true, func(i int, _ *odds.Result) *big.Rat { return tailAt(tails[i], n) })
	}
	return rows
}
