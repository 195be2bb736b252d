package web

import (
	"context"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/sweep"
)

// The Sweep group of the Odds and Combat tabs (issue 29 part 2): under the
// form, a field of the form, its range, and optionally a second. Its
// button sends the form with them to GET /sweep, which turns the form's
// values into the scenario (or the combat file) as /results (or /combat)
// does, sweeps it and answers with the chart, server-drawn SVG, and the
// table under it: a fragment for the page's script (sweep.js, with
// fragment=1), a page of its own without a script.

// sweepOption is a field the group offers: its path and its label.
type sweepOption struct{ Value, Label string }

// sweepFields are the fields the group of tab kind ("odds" or "combat")
// offers in language code lang: the whole-number fields of the form's
// schema (form_schema.go), of each of the odds form's attack groups
// (groups of them) and of its target, or of each side's unit and first
// fight and its leadership.
func sweepFields(kind, lang string, groups int) []sweepOption {
	l, err := msg.ParseLang(lang)
	if err != nil {
		l = msg.English
	}
	fs := catalogueFields()
	whole := func(ff formField) bool {
		return ff.Input == scenario.InputWhole || ff.Input == scenario.InputDice
	}
	label := func(ff formField, obj string) string {
		return say(msg.ID("web.field."+obj+"."+ff.Name+".label"), ff.label, l)
	}
	var out []sweepOption
	if kind == "combat" {
		for _, side := range []string{"a", "b"} {
			out = append(out, sweepOption{"sides." + side + ".leadership", msg.New("sweep.page.side", side, msg.New("sweep.page.leadership")).Text(l)})
			for _, ff := range fs.target {
				if whole(ff) && ff.Name != "frontage" {
					out = append(out, sweepOption{"sides." + side + ".unit." + ff.Name, msg.New("sweep.page.side", side, label(ff, "target")).Text(l)})
				}
			}
			out = append(out, sweepOption{"sides." + side + ".fights[0].attacks", msg.New("sweep.page.side_fight", side, msg.New("sweep.page.attacks")).Text(l)})
			for _, ff := range fs.attack {
				if whole(ff) && ff.Name != "count" && ff.Name != "bs" {
					out = append(out, sweepOption{"sides." + side + ".fights[0]." + ff.Name, msg.New("sweep.page.side_fight", side, label(ff, "attack")).Text(l)})
				}
			}
		}
		return out
	}
	for i := range max(groups, 1) {
		for _, ff := range fs.attack {
			if whole(ff) {
				out = append(out, sweepOption{"attacks[" + strconv.Itoa(i) + "]." + ff.Name, msg.New("sweep.page.group", i+1, label(ff, "attack")).Text(l)})
			}
		}
	}
	for _, ff := range fs.target {
		if whole(ff) {
			out = append(out, sweepOption{"target." + ff.Name, msg.New("sweep.page.target", label(ff, "target")).Text(l)})
		}
	}
	return out
}

// sweepRow is a row of the table under the chart.
type sweepRow struct {
	Cells []string
}

// sweepView is what the result's template shows.
type sweepView struct {
	Error   string
	SVG     template.HTML
	Caption string
	Head    []string
	Rows    []sweepRow
	Note    string
	Back    string // the tab's address with the form, for the page of its own
	Title   string
}

// sweepVaries reads the group's fields: sweep_path, sweep_from, sweep_to,
// sweep_step, and the same ending in 2 for a second field.
func sweepVaries(q url.Values) ([]sweep.Vary, error) {
	var vs []sweep.Vary
	for _, suffix := range []string{"", "2"} {
		path := strings.TrimSpace(q.Get("sweep_path" + suffix))
		if path == "" {
			continue
		}
		v := sweep.Vary{Path: path, Step: 1}
		for _, p := range []struct {
			name string
			to   *int
		}{{"sweep_from", &v.From}, {"sweep_to", &v.To}, {"sweep_step", &v.Step}} {
			text := strings.TrimSpace(q.Get(p.name + suffix))
			if text == "" && p.name == "sweep_step" {
				continue
			}
			n, err := strconv.Atoi(text)
			if err != nil {
				return nil, msg.Errorf(sweep.ErrInput, "sweep.page.number", msg.New(msg.ID("sweep.page."+strings.TrimPrefix(p.name, "sweep_"))), strconv.Quote(text))
			}
			*p.to = n
		}
		vs = append(vs, v)
	}
	return vs, nil
}

func (s *Server) handleSweepPage(w http.ResponseWriter, r *http.Request) {
	q := withForm(r.URL.Query())
	l := requestLang(r)
	fragment := q.Has("fragment")
	view, status := s.sweepView(r.Context(), q, l)
	back := url.Values{}
	for k, v := range q {
		if !strings.HasPrefix(k, "sweep_") && k != "fragment" {
			back[k] = v
		}
	}
	if q.Get("sweep_kind") == "combat" {
		view.Back = "/combat?" + back.Encode()
	} else {
		view.Back = "/?" + back.Encode()
	}
	name := "sweep-page"
	if fragment {
		name = "sweep-result"
	}
	view.Title = msg.New("sweep.page.summary").Text(l)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(s.pages.renderIn(l, name, view)))
}

// withForm is query q with the tab's form: its own fields (sent by the
// page's script), or else those of the link sweep_form (sent without it).
func withForm(q url.Values) url.Values {
	link := q.Get("sweep_form")
	q.Del("sweep_form")
	if q.Has("ruleset") || link == "" {
		return q
	}
	form, err := url.ParseQuery(link)
	if err != nil {
		return q
	}
	for k, v := range q {
		form[k] = v
	}
	return form
}

// sweepView sweeps the form of query q and lays out the answer in
// language l, or the error with its status.
func (s *Server) sweepView(ctx context.Context, q url.Values, l msg.Lang) (sweepView, int) {
	fail := func(err error, status int) (sweepView, int) {
		return sweepView{Error: msg.ErrorText(err, l)}, status
	}
	vs, err := sweepVaries(q)
	if err != nil {
		return fail(err, http.StatusBadRequest)
	}
	var in sweep.Input
	var sides sweep.Sides
	if q.Get("sweep_kind") == "combat" {
		text, err := parseCombatForm(q).fileText()
		if err != nil {
			return fail(err, http.StatusBadRequest)
		}
		c, err := combat.Load("form", []byte(text))
		if err != nil {
			return fail(err, http.StatusBadRequest)
		}
		in = sweep.Input{CombatName: "form", CombatData: []byte(text)}
		sides = sweep.Sides{c.Sides[0].Unit.Name(), c.Sides[1].Unit.Name()}
	} else {
		f, err := parseForm(q).scenario()
		if err == nil {
			f, _, err = standInsOf(f)
		}
		if err != nil {
			return fail(err, http.StatusBadRequest)
		}
		in = sweep.Input{Scenario: f}
	}
	var res *sweep.Result
	var stopped error
	workers := min(runtime.GOMAXPROCS(0), cap(s.heavy.slots))
	err = s.work(ctx, s.heavy, func(ctx context.Context) error {
		ctx, cancel := beforeDeadline(ctx)
		defer cancel()
		var err error
		res, err = sweep.Run(ctx, in, vs, sweep.Options{Workers: workers, MaxStates: s.cfg.MaxStates})
		if res != nil && errors.Is(err, sweep.ErrStopped) {
			stopped, err = err, nil
		}
		return err
	})
	if err != nil {
		e := sweepError(err, s.cfg.Timeout)
		return sweepView{Error: e.Text(l)}, e.Status
	}
	svg, err := sweep.Chart(res, sweep.ChartOptions{ID: "sweep-chart", Sides: sides}, l)
	if err != nil {
		return fail(err, http.StatusBadRequest)
	}
	v := sweepView{SVG: template.HTML(svg)}
	cell := func(s sweep.Series, p *sweep.Point) string {
		x := s.Value(p)
		switch {
		case !p.Done:
			return msg.New("cli.sweep.undone").Text(l)
		case x == nil:
			return msg.New("sweep.none").Text(l)
		case s.Chance:
			return sweep.PercentText(x, p, l, false)
		}
		f, _ := x.Float64()
		t := msg.New("sweep.number", msg.Dec{V: f, Places: 2}).Text(l)
		if !p.Exact {
			t = msg.New("sweep.plus_minus", t, msg.Dec{V: 2 * p.SE, Places: 2}).Text(l)
		}
		return t
	}
	ss := res.Series(sides)
	for _, vy := range res.Vary {
		v.Head = append(v.Head, vy.Path)
	}
	for _, se := range ss {
		v.Head = append(v.Head, se.Label.Text(l))
	}
	v.Head = append(v.Head, msg.New("cli.sweep.method").Text(l))
	for i := range res.Points {
		p := &res.Points[i]
		var row sweepRow
		for _, x := range p.Values {
			row.Cells = append(row.Cells, strconv.Itoa(x))
		}
		for _, se := range ss {
			row.Cells = append(row.Cells, cell(se, p))
		}
		m := msg.New("cli.sweep.undone").Text(l)
		if p.Done {
			m = sweep.MethodMsg(p).Text(l)
		}
		row.Cells = append(row.Cells, m)
		v.Rows = append(v.Rows, row)
	}
	v.Caption = msg.New("sweep.page.caption", len(res.Points)).Text(l)
	if stopped != nil {
		v.Note = msg.ErrorText(stopped, l)
	}
	return v, http.StatusOK
}

// sweepGroup is what the group's template shows: the tab and its fields.
type sweepGroup struct {
	Kind   string
	Fields []sweepOption
	Query  string // the form's link as the page was drawn, for /sweep without a script
}

// sweepGroupOf is the template function sweepGroup: the group of tab kind
// in language code lang, for an odds form of groups attack groups, and
// the form's link query. The group's inputs belong to a form of their own
// (sweep-form, outside the tab's), so that the tab's link and answers
// never carry them; the script sends both forms, and without it the
// group's form sends the tab's link as sweep_form.
func sweepGroupOf(kind, lang string, groups int, query string) sweepGroup {
	return sweepGroup{Kind: kind, Fields: sweepFields(kind, lang, groups), Query: query}
}

// beforeDeadline ends a sweep a tenth of its time before the request's
// deadline, so that the points done are still answered.
func beforeDeadline(ctx context.Context) (context.Context, context.CancelFunc) {
	if dl, ok := ctx.Deadline(); ok {
		return context.WithDeadline(ctx, dl.Add(-time.Until(dl)/10))
	}
	return context.WithCancel(ctx)
}
