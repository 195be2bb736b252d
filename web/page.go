package web

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"html/template"
	"maps"
	"math/big"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// pages holds the parsed templates: t in English, and a copy for each
// language whose t, tm and lang functions speak it (lang.go).
type pages struct {
	t      *template.Template
	byLang []*template.Template
}

// in returns the templates that speak language l.
func (p *pages) in(l msg.Lang) *template.Template {
	if int(l) < len(p.byLang) {
		return p.byLang[l]
	}
	return p.t
}

func mustPages() *pages {
	t := template.Must(template.New("").Funcs(langFuncs(msg.English)).Funcs(template.FuncMap{
		"inc":   func(i int) int { return i + 1 },
		"join":  strings.Join,
		"lower": strings.ToLower,
		// exact and frac show an exact value, folded when long (fraction.go).
		"exact":      func(s string) template.HTML { return fractionHTML(s, "exact", "= ") },
		"frac":       func(s string) template.HTML { return fractionHTML(s, "frac", "") },
		"shortExact": shortFraction,
		// moreOpen opens a folded group whose field shows an error.
		"moreOpen": func(fs []field) bool {
			return slices.ContainsFunc(fs, func(f field) bool { return f.More && f.Error != "" })
		},
		// moreSet counts the folded fields a player has filled in, so that
		// a shared link does not hide them.
		"moreSet": func(fs []field) int {
			n := 0
			for _, f := range fs {
				if f.More && !f.Hidden && f.isSet() {
					n++
				}
			}
			return n
		},
	}).ParseFS(assets, "assets/*.tmpl"))
	p := &pages{t: t}
	for _, l := range msg.Langs() {
		c := template.Must(t.Clone())
		p.byLang = append(p.byLang, c.Funcs(langFuncs(l)))
	}
	return p
}

// pageData is everything the page template shows.
type pageData struct {
	Tab        string
	Tabs       []tabLink
	Form       form
	Query      string // the canonical query string of this page
	Rulesets   []choice
	RulesetDoc string
	Attacks    [][]field
	CanAdd     bool
	Target     []field
	Command    []field
	Options    []field
	Resolve    []field
	CompareSet []field
	Sets       field
	Compare    compareForm
	YAMLText   string // the form as a scenario file, for the CLI
	Error      *pageError
	Busy       bool // the server had no room: the page asks again by itself
	Results    template.HTML
	Headline   template.HTML // the results' headline numbers, shown first on a phone
	Submit     string
	Langs      []langLink // the language switch
	Lang       string     // the ?lang= the page was asked in, which its form and links carry on; "" without
}

type tabLink struct {
	Name, Label, Href string
	Current           bool
}

type choice struct {
	Value, Label, Doc string
	Selected          bool
	Block             bool // a ruleset of ranked units: a one-model target otherwise
	// Rulesets lists the rulesets that offer the choice, for the page's
	// script (data-rulesets); empty for all. Hidden hides it from this
	// ruleset, and Instead is what the script picks in its place when a
	// change of ruleset hides it (troopChoices).
	Rulesets, Instead string
	Hidden            bool
}

// field is one input of the form.
type field struct {
	Name, ID, Label  string
	Labels           []labelPart // when the label's words change with the ruleset, in place of Label
	Kind             string      // text, number, select, checkbox, textarea
	Value            string
	Checked          bool
	Choices          []choice
	Hint             string
	Rulesets         string // data-rulesets: the rulesets that read it, space-separated; empty for all
	Hidden           bool
	Keep             string // what a hidden field carries through a GET without script (keepHidden)
	Error            string
	Min, Max         string
	Pattern          string
	Required         bool
	Inputmode        string
	Placeholder      string
	Msg              string // the inline message when the browser finds it invalid
	Wide             bool
	More             bool   // folded away under the group's "More" until wanted
	Scenario         string // the scenario field it becomes, data-field
	AutoComplete     string
	DescribedByError bool
}

// labelPart is a field's label under some rulesets (data-rulesets), shown
// by the page as the ruleset changes.
type labelPart struct {
	Text, Rulesets string
	Hidden         bool
}

// isSet reports whether the field holds more than its default: a ticked
// box, a typed value, or a choice other than the first.
func (f field) isSet() bool {
	switch f.Kind {
	case "checkbox":
		return f.Checked
	case "select":
		return len(f.Choices) > 0 && !f.Choices[0].Selected && slices.ContainsFunc(f.Choices, func(c choice) bool { return c.Selected })
	}
	return f.Value != ""
}

// pageError is an error shown on the page: beside its input when the form
// has one, else in the summary above the form.
type pageError struct {
	Message string
	Input   string // the input name it belongs to, if any
	InputID string // its id, for the link in the summary
	Label   string // the input in the form's words, for the summary: "Attack group 1, Strength"
	Status  int
	api     *apiError
	trimmed bool // Message is api's without its field path in front (the label says it)
}

func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	l, explicit := requestLang(r), explicitLang(r)
	rememberLang(w, r, l)
	f := parseForm(q)
	if q.Has("export") && s.export(w, f, q.Get("export")) {
		return
	}
	if to, ok := f.action(q); ok {
		http.Redirect(w, r, "/?"+withLang(to.Encode(), explicit), http.StatusSeeOther)
		return
	}
	if variantFields(q) {
		// A variant's forms sent without JavaScript: the link to share
		// holds their changes instead (compare_page.go).
		http.Redirect(w, r, "/?"+withLang(f.values().Encode(), explicit), http.StatusSeeOther)
		return
	}
	data := s.pageDataIn(f, l)
	data.Langs, data.Lang = langLinks(r, l), explicit
	if explicit != "" {
		for i := range data.Tabs {
			data.Tabs[i].Href += "&lang=" + explicit
		}
	}
	status := http.StatusOK
	results, headline, perr := s.resultsParts(r, f)
	switch {
	case perr != nil && perr.Status == http.StatusServiceUnavailable:
		// A busy server is no problem in the form: the page says so where
		// the results go, and asks again by itself.
		data.Busy, status = true, perr.Status
		w.Header().Set("Retry-After", strconv.Itoa(max(perr.api.RetryAfter, 1)))
	case perr != nil:
		perr.localize(l)
		data.Error = perr
		status = perr.Status
		data.markError(l)
		data.nameError(l)
	}
	data.Results, data.Headline = results, headline
	s.writePageIn(w, l, status, "page", data)
}

// nameError names the input an error is beside in the words the form
// shows, group and label ("Attack group 1, Strength"), so that the summary
// above the form says which field is wrong as well as why; app.js names
// it the same way (fieldName).
func (d *pageData) nameError(l msg.Lang) {
	e := d.Error
	if e == nil || e.InputID == "" || e.Input == "yaml" {
		return
	}
	find := func(group string, fs []field) bool {
		for _, f := range fs {
			if f.ID != e.InputID {
				continue
			}
			label := f.Label
			for _, l := range f.Labels {
				if !l.Hidden {
					label = l.Text
					break
				}
			}
			e.Label = label
			if group != "" && group != label {
				e.Label = msg.New("web.error.field", group, label).Text(l)
			}
			return true
		}
		return false
	}
	for i, row := range d.Attacks {
		if find(msg.New("web.group.attack", i+1).Text(l), row) {
			return
		}
	}
	group := func(id msg.ID) string { return msg.New(id).Text(l) }
	_ = find(group("web.group.target"), d.Target) || find(group("web.group.command"), d.Command) ||
		find(group("web.group.options"), d.Options) || find(group("web.group.dice"), d.Resolve)
}

// export answers "download as a scenario file" with the form as a YAML
// file for `rearrank odds FILE`, or for the page's import; it reports
// false, leaving the page to show the error, when the form is no scenario.
// what is "target" or "attack", so that a player can keep one unit: a
// target with the page's first attack (10 attacks at 4+, Strength 4), or
// one attack group against the form's target; anything else is the whole
// form. The file is named for the unit.
func (s *Server) export(w http.ResponseWriter, f form, what string) bool {
	name := f.Target["name"]
	switch what {
	case "target":
		f.Attacks = defaultForm().Attacks
	case "attack":
		f.Attacks = f.Attacks[:min(len(f.Attacks), 1)]
		if len(f.Attacks) > 0 {
			name = f.Attacks[0]["name"]
		}
	}
	file, err := f.scenario()
	if err != nil {
		return false
	}
	y, err := file.MarshalYAML()
	if err != nil {
		return false
	}
	if name == "" || f.YAML != "" {
		name = "scenario"
	}
	name = strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '-'
	}, strings.ToLower(name))
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.yaml"`)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(y)
	return true
}

// handleResults serves the results part of the page for the script, which
// swaps it in without a reload. Errors come as the API's JSON error body,
// whose field the script uses to mark the input.
func (s *Server) handleResults(w http.ResponseWriter, r *http.Request) {
	f := parseForm(r.URL.Query())
	results, perr := s.results(r, f)
	if perr != nil {
		writeErrorIn(w, requestLang(r), perr.api)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write([]byte(results))
}

// action handles the buttons that change the form rather than submit it
// (add or remove an attack group, roll with a new seed): it returns the
// query string to redirect to.
func (f form) action(q url.Values) (url.Values, bool) {
	switch {
	case q.Has("add"):
		if len(f.Attacks) < maxFormAttacks {
			next := fieldValues{"count": "1", "phase": "melee", "to_hit": "4+", "strength": "3"}
			if len(f.Attacks) > 0 {
				next = maps.Clone(f.Attacks[len(f.Attacks)-1])
				delete(next, "name")
			}
			f.Attacks = append(f.Attacks, next)
		}
	case q.Has("remove"):
		i, err := strconv.Atoi(q.Get("remove"))
		if err == nil && i >= 0 && i < len(f.Attacks) && len(f.Attacks) > 1 {
			f.Attacks = slices.Delete(f.Attacks, i, i+1)
		}
	case q.Has("dup"):
		f = f.duplicate(q.Get("dup"))
	case q.Has("vdel"):
		f = f.removeVariant(q.Get("vdel"))
	case q.Has("roll"):
		f.Dice = ""
		f.Seed = linkSeed()
	case q.Has("edityaml"):
		if file, err := f.scenario(); err == nil {
			if y, err := file.MarshalYAML(); err == nil {
				f.YAML = string(y)
			}
		}
	case q.Has("noyaml"):
		if file, err := f.scenario(); err == nil && f.YAML != "" {
			next := fileForm(file, f.Tab)
			next.Dice, next.Seed, next.Compare, next.Sets, next.Variants = f.Dice, f.Seed, f.Compare, f.Sets, f.Variants
			f = next
		} else {
			f = defaultForm()
		}
	case q.Has(paramMore) || q.Has(paramRollStage):
		return f.stageAction(q) // referee_page.go
	case f.Tab == tabResolve && f.Dice == "" && f.Seed == "" && q.Has("ruleset") && !q.Has(paramStaged):
		f.Seed = linkSeed() // so the link rolls the same dice
	default:
		return nil, false
	}
	return f.values(), true
}

// results computes the chosen tab's results and renders them.
func (s *Server) results(r *http.Request, f form) (template.HTML, *pageError) {
	results, _, perr := s.resultsParts(r, f)
	return results, perr
}

// resultsParts renders the chosen tab's results, and their headline
// numbers apart for the top of a phone's page: the template "odds-headline"
// for "odds-results", when the tab has one.
func (s *Server) resultsParts(r *http.Request, f form) (results, headline template.HTML, _ *pageError) {
	var body any
	var name string
	var err error
	file, err := f.scenario()
	if err != nil {
		return "", "", s.pageError(err, f)
	}
	ctx, release, aerr := s.acquire(r)
	if aerr != nil {
		return "", "", s.pageError(aerr, f)
	}
	defer release()
	switch f.Tab {
	case tabResolve:
		name = "referee-results"
		body, err = s.refereeView(ctx, f, file) // referee_page.go
	case tabCompare:
		name = "compare-results"
		body, err = s.compareView(ctx, f, file)
	default:
		name = "odds-results"
		var d *oddsData
		if d, err = s.oddsView(ctx, file); err == nil {
			d.ForLabel, d.For = scenarioFor(f, file)
		}
		body = d
	}
	if err != nil {
		return "", "", s.pageError(err, f)
	}
	results = s.pages.render(name, body)
	if h := strings.TrimSuffix(name, "-results") + "-headline"; s.pages.t.Lookup(h) != nil {
		headline = s.pages.render(h, body)
	}
	return results, headline, nil
}

// pageError keeps the API error for the script and names the input.
func (s *Server) pageError(err error, f form) *pageError {
	e := toAPIError(err, s.cfg.Timeout)
	pe := &pageError{Message: e.Message, Status: e.Status, api: e}
	if f.YAML != "" {
		if e.Line > 0 {
			pe.Message = fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Message)
		}
		pe.Input, pe.InputID = "yaml", "yaml"
		return pe
	}
	e.Line, e.Col = 0, 0 // places in the generated file mean nothing to the reader of the form
	pe.Input = inputName(e.Field)
	if pe.Input != "" {
		pe.Message = strings.TrimPrefix(pe.Message, e.Field+": ") // the label says which field
		pe.trimmed = true
	}
	if e.Field == "dice" || e.Field == "seed" {
		pe.Input = e.Field
	}
	return pe
}

// scenarioFor says what the odds are for, at the top of the headline:
// "The example" for the page's own (the form with nothing changed), else
// "Your scenario", and the scenario in a line: "10 attacks at Strength 4
// against 20 Spearmen, Toughness 3".
func scenarioFor(f form, file *scenario.File) (label, line string) {
	label = "Your scenario"
	if f.YAML == "" {
		if def, err := defaultForm().scenario(); err == nil {
			a, errA := def.MarshalYAML()
			b, errB := file.MarshalYAML()
			if errA == nil && errB == nil && bytes.Equal(a, b) {
				label = "The example"
			}
		}
	}
	var groups []string
	for _, a := range file.Attacks {
		g := a.Count.String() + " attack"
		if n, ok := a.Count.Fixed(); !ok || n != 1 {
			g += "s"
		}
		if a.Strength > 0 {
			g += fmt.Sprintf(" at Strength %d", a.Strength)
		}
		if a.Name != "" {
			g += " (" + a.Name + ")"
		}
		groups = append(groups, g)
	}
	attacks := strings.Join(groups, ", ")
	if i := strings.LastIndex(attacks, ", "); i >= 0 {
		attacks = attacks[:i] + " and " + attacks[i+2:]
	}
	t := file.Target
	target := fmt.Sprintf("%d %s", t.Models, cmp.Or(t.Name, "models"))
	if t.Models == 1 {
		target = "one model"
		if t.Name != "" {
			target = t.Name + ", one model"
		}
	}
	return label, fmt.Sprintf("%s against %s, Toughness %d", attacks, target, t.Toughness)
}

// stat is one headline number.
type stat struct {
	Label, Value, Exact, Note string
}

type oddsData struct {
	Ruleset, Method string
	// ForLabel and For say what the numbers are for, first on a phone's
	// screen: "The example" or "Your scenario", and its attacks against its
	// target in a line (scenarioFor).
	ForLabel, For string
	// Warrior is a skirmish target, one warrior (RULES.md 13): wounds and
	// out of action, no casualties, unit or panic test.
	Warrior    bool
	StandIns   []string // the owner_choice switches whose defaults stand in (RULES.md 18)
	Stats      []stat
	Impossible []string // events that cannot happen, named rather than shown as "0%"
	Casualties template.HTML
	Wounds     template.HTML
	Rows       []distRow
	Stages     []stageRow
}

type distRow struct {
	N                                   int
	Exactly, ExactlyFrac, AtLeast, Frac string
}

type stageRow struct {
	Group                                      int
	Hit, Wound, Armour, Special, Unsaved, Kind string
}

func (s *Server) oddsView(ctx context.Context, file *scenario.File) (*oddsData, error) {
	res, err := s.odds(ctx, file, false)
	if err != nil {
		return nil, err
	}
	return s.oddsData(res, rules.PanicLoss(res.Ruleset, file.RuleOptions())), nil
}

// oddsData is the odds tab's view of res; panicLoss is the losses that
// force a panic test, in words ("25% or more", rules.PanicLoss).
func (s *Server) oddsData(res *odds.Result, panicLoss string) *oddsData {
	d := &oddsData{Ruleset: res.Ruleset.Title(), Method: "simulated, " + thousands(res.Samples) + " samples"}
	if res.Exact {
		d.Method = "exact"
	}
	d.StandIns = standInNotes(res.StandIns)
	mean := func(label string, dist odds.Dist, note string) stat {
		m := dist.Mean()
		return stat{Label: label, Value: ratFloat(m, 3), Exact: m.RatString(), Note: note}
	}
	// An exact chance of 0 is an event that cannot happen here: it is
	// named once below the cards, not shown as a "0% = 0" card. Sampled,
	// it is only an event no sample saw.
	prob := func(label string, p *big.Rat, note string) {
		if p.Sign() == 0 && !res.Exact {
			d.Stats = append(d.Stats, stat{Label: label, Value: "none seen", Note: "in " + thousands(res.Samples) + " samples"})
			return
		}
		if p.Sign() == 0 {
			d.Impossible = append(d.Impossible, strings.ToLower(label))
			return
		}
		d.Stats = append(d.Stats, stat{Label: label, Value: percent(p), Exact: p.RatString(), Note: note})
	}
	rows := res.Casualties
	if d.Warrior = !res.Ruleset.Block(); d.Warrior {
		d.Stats = append(d.Stats,
			mean("Expected wounds caused", res.Wounds, "wounds the warrior takes"),
			mean("Expected unsaved wounds", res.Unsaved, "before multiple wounds"))
		prob("Out of action", res.Destroyed, "the warrior is taken out of the fight")
		d.Wounds = s.pages.render("chart", distChart("chart-wounds", "Wounds caused", "wounds", res.Wounds, true))
		d.addRows(res.Wounds)
		d.addStages(res)
		return d
	}
	d.Stats = append(d.Stats,
		mean("Expected casualties", rows, "models removed"),
		mean("Expected wounds caused", res.Wounds, "for combat result"),
		mean("Expected unsaved wounds", res.Unsaved, "before multiple wounds"))
	prob("Unit destroyed", res.Destroyed, "no model left")
	if res.Panic != nil {
		prob("Panic test", res.Panic, panicLoss+" of the unit lost this phase")
	} else {
		d.Stats = append(d.Stats, stat{Label: "Panic test", Value: "does not apply", Note: "close combat"})
	}
	if res.ChampionDead != nil {
		prob("Champion killed", res.ChampionDead, "")
	}
	if res.StandardLost != nil {
		prob("Standard lost", res.StandardLost, "")
	}
	d.Casualties = s.pages.render("chart", distChart("chart-casualties", "Casualties", "casualties", res.Casualties, true))
	d.Wounds = s.pages.render("chart", distChart("chart-wounds", "Wounds caused", "wounds", res.Wounds, true))
	d.addRows(rows)
	d.addStages(res)
	return d
}

// addRows lays out the table of a distribution: each value with the
// chance of exactly and of at least it.
func (d *oddsData) addRows(dist odds.Dist) {
	tails := dist.Tails()
	for n, p := range dist.P {
		rest := tails[n]
		if n > 0 && rest.Cmp(tinyP) < 0 {
			break
		}
		d.Rows = append(d.Rows, distRow{N: n, Exactly: percent(p), ExactlyFrac: p.RatString(), AtLeast: percent(rest), Frac: rest.RatString()})
	}
}

// addStages lays out the per-attack table.
func (d *oddsData) addStages(res *odds.Result) {
	for _, st := range res.Stages {
		row := stageRow{Group: st.Group, Kind: st.Needs.SpecialKind.String()}
		cellOf := func(need string, r *big.Rat) string {
			if r == nil {
				return need
			}
			if need == "" || need == "-" {
				return percent(r)
			}
			return percent(r) + " (" + need + ")"
		}
		hitNeed := st.HitNeed()
		row.Hit = cellOf(hitNeed, st.Hit)
		if hitNeed == "auto" {
			row.Hit = "auto"
		}
		row.Wound = cellOf(st.Needs.Wound.String(), st.Wound)
		row.Armour = cellOf(st.Needs.Armour.String(), st.ArmourFailed)
		row.Special = cellOf(st.Needs.Special.String(), st.SpecialFailed)
		row.Unsaved = cellOf("", st.Unsaved)
		d.Stages = append(d.Stages, row)
	}
}

type resolveData struct {
	Ruleset  string
	StandIns []string // the owner_choice switches whose defaults stood in (RULES.md 18)
	Dice     string
	Seed     string
	DiceLeft int
	Batches  []batchView
	Tally    rearrank.Tally
	// Wasted is the referee's "2 wasted: overkill, ..." (Result.WastedText).
	Wasted string
	// Strength is the referee's "Unit Strength 7, 7 of 8 models at
	// deployment left" (tow; Result.StrengthText), as resolve's After line.
	Strength string
	Outcome  string
	Before   template.HTML
	After    template.HTML
}

// standInNotes says, in a player's words, for which owner_choice switches
// the engine's default stood in: nobody is asked on the web (RULES.md 18).
func standInNotes(in []rules.StandIn) []string {
	var out []string
	for _, s := range in {
		out = append(out, s.String())
	}
	return out
}

type batchView struct {
	Title  string
	Steps  []stepView
	Result string
}

type stepView struct {
	Kind, Stage, Die, Mark, Text string
	Rule                         template.HTML // the rules cited, linked (citeHTML)
	Pass, Roll                   bool
}

func (s *Server) resolveData(res *resolution, seed *uint64) *resolveData {
	v := res.json.Resolution
	d := &resolveData{Ruleset: rulesetTitle(v.Ruleset), Tally: v.Tally, Wasted: res.result.WastedText(), Strength: res.result.StrengthText(), DiceLeft: res.json.DiceLeft, StandIns: standInNotes(v.StandIns)}
	faces := make([]string, len(v.Dice))
	for i, x := range v.Dice {
		faces[i] = strconv.Itoa(x)
	}
	d.Dice = strings.Join(faces, ", ")
	if d.Dice == "" {
		d.Dice = "none"
	}
	if seed != nil {
		d.Seed = strconv.FormatUint(*seed, 10)
	}
	var cur *batchView
	for _, e := range v.Events {
		switch e.Kind {
		case rearrank.BatchStart:
			d.Batches = append(d.Batches, batchView{Title: e.Text})
			cur = &d.Batches[len(d.Batches)-1]
			continue
		case rearrank.BatchEnd:
			if cur != nil {
				cur.Result = e.Text
			}
			continue
		}
		if cur == nil {
			d.Batches = append(d.Batches, batchView{Title: "Attacks"})
			cur = &d.Batches[len(d.Batches)-1]
		}
		st := stepView{Kind: strings.ReplaceAll(e.Kind.String(), "_", " "), Text: e.Text, Rule: citeHTML(e.Citation())}
		if e.Kind == rearrank.Roll {
			st.Roll, st.Pass = true, e.Pass
			st.Stage = strings.ReplaceAll(e.Stage.String(), "_", " ")
			if e.Attack > 0 {
				st.Stage += fmt.Sprintf(" #%d", e.Attack)
			}
			st.Die = fmt.Sprintf("D%d: %d", e.Sides, e.Face)
			if !e.Need.IsNone() {
				if e.Pass {
					st.Mark = "pass"
				} else {
					st.Mark = "fail"
				}
			}
		} else if e.Stage != rearrank.NoStage {
			st.Stage = strings.ReplaceAll(e.Stage.String(), "_", " ")
		}
		cur.Steps = append(cur.Steps, st)
	}
	d.Outcome = res.result.Outcome()
	d.Before = s.pages.render("formation-box", formationDiagram("formation-before", "Before", v.Before, fallenIDs(v.Before, v.After)))
	d.After = s.pages.render("formation-box", formationDiagram("formation-after", "After", v.After, nil))
	return d
}

// thousands writes n with thousands separators: "200,000".
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// tailAt reads P(i or more) from suffix sums (odds.Dist.Tails): 0 past
// the end.
func tailAt(tails []*big.Rat, i int) *big.Rat {
	if i >= len(tails) {
		return new(big.Rat)
	}
	return tails[i]
}
