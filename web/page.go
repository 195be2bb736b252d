package web

import (
	"bytes"
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
	// exact and frac show an exact value, folded when long (fraction.go).
	t := template.Must(template.New("").Funcs(langFuncs(msg.English)).Funcs(fractionFuncs(msg.English)).Funcs(template.FuncMap{
		"inc":        func(i int) int { return i + 1 },
		"join":       strings.Join,
		"lower":      strings.ToLower,
		"shortExact": shortFraction,
		"sweepGroup": sweepGroupOf, // the Sweep group's fields (sweep.go)
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
		p.byLang = append(p.byLang, c.Funcs(langFuncs(l)).Funcs(fractionFuncs(l)))
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
	l := requestLang(r)
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
		body, err = s.refereeView(ctx, l, f, file) // referee_page.go
	case tabCompare:
		name = "compare-results"
		body, err = s.compareView(ctx, l, f, file)
	default:
		name = "odds-results"
		var d *oddsData
		if d, err = s.oddsView(ctx, l, file); err == nil {
			d.ForLabel, d.For = scenarioFor(l, f, file)
		}
		body = d
	}
	if err != nil {
		return "", "", s.pageError(err, f)
	}
	results = s.pages.renderIn(l, name, body)
	if h := strings.TrimSuffix(name, "-results") + "-headline"; s.pages.t.Lookup(h) != nil {
		headline = s.pages.renderIn(l, h, body)
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
// against 20 Spearmen, Toughness 3"; in language l.
func scenarioFor(l msg.Lang, f form, file *scenario.File) (label, line string) {
	label = msg.New("webres.for.yours").Text(l)
	if f.YAML == "" {
		if def, err := defaultForm().scenario(); err == nil {
			a, errA := def.MarshalYAML()
			b, errB := file.MarshalYAML()
			if errA == nil && errB == nil && bytes.Equal(a, b) {
				label = msg.New("webres.for.example").Text(l)
			}
		}
	}
	var groups []string
	for _, a := range file.Attacks {
		n, ok := a.Count.Fixed()
		if !ok {
			n = 5 // a dice expression: "D6 attacks"
		}
		count := msg.Count{Text: a.Count.String(), N: n}
		g := msg.New("webres.for.attacks", count)
		if a.Strength > 0 {
			g = msg.New("webres.for.attacks_strength", count, a.Strength)
		}
		if a.Name != "" {
			g = msg.New("webres.for.named", g, a.Name)
		}
		groups = append(groups, g.Text(l))
	}
	attacks := strings.Join(groups, ", ")
	if i := strings.LastIndex(attacks, ", "); i >= 0 {
		attacks = msg.New("webres.list.and", attacks[:i], attacks[i+2:]).Text(l)
	}
	t := file.Target
	target := msg.New("webres.for.models", t.Models)
	switch {
	case t.Models == 1 && t.Name != "":
		target = msg.New("webres.for.one_named", t.Name)
	case t.Models == 1:
		target = msg.New("webres.for.one")
	case t.Name != "":
		target = msg.New("webres.for.models_named", t.Models, t.Name)
	}
	return label, msg.New("webres.for.line", attacks, target, t.Toughness).Text(l)
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
	// SpecialHead heads the special saves' column, in the ruleset's
	// words: a ward save or The 9th Age's special save.
	SpecialHead string
}

type distRow struct {
	N                                   int
	Exactly, ExactlyFrac, AtLeast, Frac string
}

type stageRow struct {
	Group                                      int
	Hit, Wound, Armour, Special, Unsaved, Kind string
}

func (s *Server) oddsView(ctx context.Context, l msg.Lang, file *scenario.File) (*oddsData, error) {
	res, err := s.odds(ctx, file, false)
	if err != nil {
		return nil, err
	}
	return s.oddsDataIn(l, res, rules.PanicLossMsg(res.Ruleset, file.RuleOptions())), nil
}

// oddsData is the odds tab's view of res in English; panicLoss is the
// losses that force a panic test, in words ("25% or more",
// rules.PanicLoss).
func (s *Server) oddsData(res *odds.Result, panicLoss string) *oddsData {
	return s.oddsDataIn(msg.English, res, msg.New("webres.text", panicLoss))
}

// oddsDataIn is the odds tab's view of res in language l; panicLoss is
// rules.PanicLossMsg.
func (s *Server) oddsDataIn(l msg.Lang, res *odds.Result, panicLoss msg.Message) *oddsData {
	code := res.Ruleset.String()
	d := &oddsData{Ruleset: res.Ruleset.TitleMsg().Text(l),
		Method:      msg.New("webres.odds.simulated", thousandsIn(res.Samples, l)).Text(l),
		SpecialHead: rulesetMsg("webres.odds.th.special", code).Text(l)}
	if res.Exact {
		d.Method = msg.New("webres.odds.exact").Text(l)
	}
	d.StandIns = standInNotesIn(res.StandIns, l)
	say := func(id msg.ID, args ...any) string { return rulesetMsg(id, code, args...).Text(l) }
	mean := func(label string, dist odds.Dist, note string) stat {
		m := dist.Mean()
		return stat{Label: label, Value: ratFloatIn(m, 3, l), Exact: m.RatString(), Note: note}
	}
	// An exact chance of 0 is an event that cannot happen here: it is
	// named once below the cards, not shown as a "0% = 0" card. Sampled,
	// it is only an event no sample saw.
	prob := func(label string, p *big.Rat, note string) {
		if p.Sign() == 0 && !res.Exact {
			d.Stats = append(d.Stats, stat{Label: label, Value: say("webres.odds.none_seen"), Note: say("webres.odds.in_samples", thousandsIn(res.Samples, l))})
			return
		}
		if p.Sign() == 0 {
			d.Impossible = append(d.Impossible, strings.ToLower(label))
			return
		}
		d.Stats = append(d.Stats, stat{Label: label, Value: percentIn(p, l), Exact: p.RatString(), Note: note})
	}
	wounds := say("webres.odds.wounds_caused")
	rows := res.Casualties
	if d.Warrior = !res.Ruleset.Block(); d.Warrior {
		d.Stats = append(d.Stats,
			mean(say("webres.odds.expected_wounds"), res.Wounds, say("webres.odds.expected_wounds.warrior")),
			mean(say("webres.odds.expected_unsaved"), res.Unsaved, say("webres.odds.expected_unsaved.note")))
		prob(say("webres.odds.out_of_action"), res.Destroyed, say("webres.odds.out_of_action.note"))
		d.Wounds = s.pages.renderIn(l, "chart", distChartIn(l, "chart-wounds", wounds, "wounds", res.Wounds, true))
		d.addRows(l, res.Wounds)
		d.addStages(l, res)
		return d
	}
	d.Stats = append(d.Stats,
		mean(say("webres.odds.expected_casualties"), rows, say("webres.odds.expected_casualties.note")),
		mean(say("webres.odds.expected_wounds"), res.Wounds, say("webres.odds.expected_wounds.note")),
		mean(say("webres.odds.expected_unsaved"), res.Unsaved, say("webres.odds.expected_unsaved.note")))
	prob(say("webres.odds.destroyed"), res.Destroyed, say("webres.odds.destroyed.note"))
	if res.Panic != nil {
		prob(say("webres.odds.panic"), res.Panic, say("webres.odds.panic.note", panicLoss))
	} else {
		d.Stats = append(d.Stats, stat{Label: say("webres.odds.panic"), Value: say("webres.odds.panic.none"), Note: say("webres.odds.panic.none_note")})
	}
	if res.ChampionDead != nil {
		prob(say("webres.odds.champion_killed"), res.ChampionDead, "")
	}
	if res.StandardLost != nil {
		prob(say("webres.odds.standard_lost"), res.StandardLost, "")
	}
	d.Casualties = s.pages.renderIn(l, "chart", distChartIn(l, "chart-casualties", say("webres.odds.casualties"), "casualties", res.Casualties, true))
	d.Wounds = s.pages.renderIn(l, "chart", distChartIn(l, "chart-wounds", wounds, "wounds", res.Wounds, true))
	d.addRows(l, rows)
	d.addStages(l, res)
	return d
}

// addRows lays out the table of a distribution: each value with the
// chance of exactly and of at least it.
func (d *oddsData) addRows(l msg.Lang, dist odds.Dist) {
	tails := dist.Tails()
	for n, p := range dist.P {
		rest := tails[n]
		if n > 0 && rest.Cmp(tinyP) < 0 {
			break
		}
		d.Rows = append(d.Rows, distRow{N: n, Exactly: percentIn(p, l), ExactlyFrac: p.RatString(), AtLeast: percentIn(rest, l), Frac: rest.RatString()})
	}
}

// addStages lays out the per-attack table.
func (d *oddsData) addStages(l msg.Lang, res *odds.Result) {
	for _, st := range res.Stages {
		row := stageRow{Group: st.Group}
		if k := st.Needs.SpecialKind; k != rules.NoSpecial {
			row.Kind = rulesetMsg(msg.ID("webres.special_kind."+k.String()), res.Ruleset.String()).Text(l)
		}
		cellOf := func(need string, r *big.Rat) string {
			if r == nil {
				return need
			}
			if need == "" || need == "-" {
				return percentIn(r, l)
			}
			return percentIn(r, l) + " (" + need + ")"
		}
		hitNeed := st.HitNeed()
		row.Hit = cellOf(hitNeed, st.Hit)
		if hitNeed == "auto" {
			row.Hit = msg.New("webres.odds.auto").Text(l)
		}
		row.Wound = cellOf(st.Needs.Wound.String(), st.Wound)
		row.Armour = cellOf(st.Needs.Armour.String(), st.ArmourFailed)
		row.Special = cellOf(st.Needs.Special.String(), st.SpecialFailed)
		row.Unsaved = cellOf("", st.Unsaved)
		d.Stages = append(d.Stages, row)
	}
}

type resolveData struct {
	Legend   legendView
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

// standInNotesIn says, in a player's words and language l, for which
// owner_choice switches the engine's default stood in: nobody is asked on
// the web (RULES.md 18).
func standInNotesIn(in []rules.StandIn, l msg.Lang) []string {
	var out []string
	for _, s := range in {
		out = append(out, s.Msg().Text(l))
	}
	return out
}

type batchView struct {
	Title  string
	Steps  []stepView
	Result string
}

type stepView struct {
	Kind, Stage, Die, Mark, Text string        // in the page's language
	Rule                         template.HTML // the rules cited, linked (citeHTML)
	Pass, Roll                   bool
}

func (s *Server) resolveData(l msg.Lang, res *resolution, seed *uint64) *resolveData {
	v := res.json.Resolution
	d := &resolveData{Ruleset: rulesetTitleIn(v.Ruleset, l), Tally: v.Tally, Wasted: res.result.WastedTextIn(l), Strength: res.result.StrengthTextIn(l),
		Outcome: res.result.OutcomeIn(l), DiceLeft: res.json.DiceLeft, StandIns: standInNotesIn(v.StandIns, l), Legend: legendFor(v.Ruleset)}
	faces := make([]string, len(v.Dice))
	for i, x := range v.Dice {
		faces[i] = strconv.Itoa(x)
	}
	d.Dice = strings.Join(faces, ", ")
	if d.Dice == "" {
		d.Dice = msg.New("webres.referee.no_dice").Text(l)
	}
	if seed != nil {
		d.Seed = strconv.FormatUint(*seed, 10)
	}
	var cur *batchView
	for _, e := range v.Events {
		switch e.Kind {
		case rearrank.BatchStart:
			d.Batches = append(d.Batches, batchView{Title: e.TextIn(l)})
			cur = &d.Batches[len(d.Batches)-1]
			continue
		case rearrank.BatchEnd:
			if cur != nil {
				cur.Result = e.TextIn(l)
			}
			continue
		}
		if cur == nil {
			d.Batches = append(d.Batches, batchView{Title: msg.New("webres.referee.attacks").Text(l)})
			cur = &d.Batches[len(d.Batches)-1]
		}
		st := stepView{Kind: kindMsg(e.Kind).Text(l), Text: e.TextIn(l), Rule: citeHTML(e.Citation(), l)}
		if e.Kind == rearrank.Roll {
			st.Roll, st.Pass = true, e.Pass
			st.Stage = stageMsg(e.Stage, false, v.Ruleset).Text(l)
			if e.Attack > 0 {
				st.Stage = msg.New("webres.referee.stage_attack", st.Stage, e.Attack).Text(l)
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
			st.Stage = stageMsg(e.Stage, false, v.Ruleset).Text(l)
		}
		cur.Steps = append(cur.Steps, st)
	}
	d.Before = s.pages.renderIn(l, "formation-box", formationDiagramIn(l, "formation-before", msg.New("webres.formation.before").Text(l), v.Before, fallenIDs(v.Before, v.After)))
	d.After = s.pages.renderIn(l, "formation-box", formationDiagramIn(l, "formation-after", msg.New("webres.formation.after").Text(l), v.After, nil))
	return d
}

// legendView is what the key to the formation diagrams says that
// depends on the ruleset: the champion's name (t9a's "командир").
type legendView struct{ Ruleset string }

func legendFor(ruleset string) legendView { return legendView{Ruleset: ruleset} }

// Command is the key's line for the command group.
func (v legendView) Command() msg.Message { return rulesetMsg("webres.legend.command", v.Ruleset) }

// rulesetTitleIn is a ruleset's title in language l, or its code when it
// is none of rearrank's.
func rulesetTitleIn(code string, l msg.Lang) string {
	if rs, err := rules.ParseRuleset(code); err == nil {
		return rs.TitleMsg().Text(l)
	}
	return code
}

// thousands writes n with thousands separators: "200,000".
func thousands(n int) string { return thousandsIn(n, msg.English).Text }

// thousandsIn writes n with the thousands separators of language l,
// "200,000" in English and "200 000" (a no-break space) in Russian, as a
// count whose plural forms follow n.
func thousandsIn(n int, l msg.Lang) msg.Count {
	sep := ","
	if l == msg.Russian {
		sep = "\u00a0"
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + sep + s[i:]
	}
	return msg.Count{Text: s, N: n}
}

// tailAt reads P(i or more) from suffix sums (odds.Dist.Tails): 0 past
// the end.
func tailAt(tails []*big.Rat, i int) *big.Rat {
	if i >= len(tails) {
		return new(big.Rat)
	}
	return tails[i]
}
