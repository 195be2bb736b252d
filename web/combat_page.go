package web

import (
	"context"
	"fmt"
	"hash/fnv"
	"html/template"
	"io/fs"
	"maps"
	"math/big"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
)

// GET /combat: the Combat tab (RULES.md 21). The combat is a form like
// the odds tab's (combat_form.go): two sides, each a unit and its fights,
// and the combat's own fields, with the combat file (docs/combat.md,
// 21.10) it makes shown in a text box, where a file can be pasted and
// loaded into the form. The page shows both units side by side, who wins,
// draws or loses and who breaks, exactly (or by Monte Carlo past the
// state limit), the distributions as charts, and one round rolled with a
// seed, step by step, with both formations after each step. Like the main
// page it works without JavaScript: every button is a GET of this page.
//
//	ruleset=...   the form (combat_form.go); without it the file or example
//	file=...      a combat file, YAML or JSON: read into the form when the
//	              query has no ruleset, or with fromfile=1
//	example=NAME  an example of assets/combat when there is no file
//	seed=N        the seed of the round shown step by step (default 1)
//	load=1        load the chosen example (a redirect without file)
//	reroll=1      roll the round again with a new seed (a redirect)
//	add=a         add a fight to side a (a redirect); remove=a1 removes one
//	swap=1        swap the sides (a redirect)

// combatExamples is where the example combat files are: copies of
// examples/combat-*.yaml (TestCombatExamplesInStep keeps them equal).
const combatExamples = "assets/combat"

// defaultCombatExample is E120 (RULES.md 21.13).
const defaultCombatExample = "combat-elves-men"

type combatPageData struct {
	Tabs       []tabLink
	Langs      []langLink // the language switch (page_lang.go)
	Examples   []choice
	Rulesets   []choice
	RulesetDoc string
	Combat     []field
	Sides      [2]combatSideFields
	Options    []field
	File       string
	FileSum    string // fileSum of File: a form sent with it changed sends the file
	FileError  bool   // the error is the text box's
	Seed       string
	Query      string   // the form's link
	Left       []string // what the form left out of a loaded file
	Error      *pageError
	Results    template.HTML
}

// combatSideFields are a side's inputs.
type combatSideFields struct {
	Letter, Title string
	Own           []field
	Unit          []field
	Command       []field
	Fights        [][]field
	CanAdd        bool
}

type combatData struct {
	Legend                    legendView
	Ruleset, Method, Fallback string
	StandIns                  []string // the owner_choice switches whose defaults stand in (RULES.md 18)
	Bar                       template.HTML
	Outcomes                  []stat
	Sides                     [2]combatSideData
	Steps                     []combatStepData
	Seed                      string
	Winner                    string
	Break                     string
	Reroll                    string // the page with a new seed
}

type combatSideData struct {
	Label   string // "a: Elves"
	Before  template.HTML
	Stats   []stat
	Charts  []captioned
	Score   string
	Summary string
}

// captioned is a chart with its caption.
type captioned struct {
	Caption string
	SVG     template.HTML
}

type combatStepData struct {
	Title string
	Sides [2]combatStepSide
}

type combatStepSide struct {
	Label, Fights, Summary string
	After                  template.HTML
}

// exampleNames lists the example combat files, without ".yaml".
func exampleNames() []string {
	entries, err := fs.ReadDir(assets, combatExamples)
	if err != nil {
		panic(err) // embedded
	}
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	return names
}

// exampleFile returns an example's text, or false for no such example.
func exampleFile(name string) (string, bool) {
	if name == "" || strings.ContainsAny(name, "/\\.") {
		return "", false
	}
	data, err := assets.ReadFile(path.Join(combatExamples, name+".yaml"))
	return string(data), err == nil
}

func (s *Server) handleCombatPage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	redirect := func(next url.Values) {
		http.Redirect(w, r, "/combat?"+next.Encode(), http.StatusSeeOther)
	}
	switch {
	case q.Has("load"):
		redirect(url.Values{"example": {q.Get("example")}})
		return
	case q.Has("reroll"):
		next := url.Values{}
		for k, v := range q {
			if k != "reroll" && k != "seed" {
				next[k] = v
			}
		}
		next.Set("seed", linkSeed())
		redirect(next)
		return
	case q.Has("ruleset") && !q.Has("fromfile") && q.Has("file") && q.Has("filesum") && fileSum(q.Get("file")) != q.Get("filesum") &&
		!q.Has("add") && !q.Has("remove") && !q.Has("swap"):
		// The text box was edited and the form sent: the file fills the
		// form, as "Load this file into the form" does.
		q.Set("fromfile", "1")
	case q.Has("ruleset") && !q.Has("fromfile") && (q.Has("add") || q.Has("remove") || q.Has("swap") || q.Has("file")):
		// A button of the form, or the form sent with its text box: the
		// form's own link, without the file it makes.
		f := parseCombatForm(q)
		f.fightAction(q.Get("add"), q.Get("remove"))
		if q.Has("swap") {
			f.swapSides()
		}
		redirect(f.values())
		return
	}
	l := requestLang(r)
	rememberLang(w, r, l)
	d := &combatPageData{Tabs: combatTabsIn(l)}
	var f combatForm
	var fileErr error
	example := q.Get("example")
	if q.Has("ruleset") && !q.Has("fromfile") {
		f = parseCombatForm(q)
	} else {
		text := q.Get("file")
		if text == "" && !q.Has("fromfile") {
			if example == "" {
				example = defaultCombatExample
			}
			text, _ = exampleFile(example)
		}
		var err error
		var left []string
		if strings.TrimSpace(text) == "" {
			err = invalid("file", "webres.combat.error.empty")
		} else {
			err = s.parsing(r.Context(), len(text), func() (err error) {
				f, left, err = fromCombatFileIn(l, []byte(text))
				return err
			})
		}
		if err != nil {
			// The form stays as it was (or the first example), the text
			// as pasted, with the error beside it.
			fileErr, d.File = err, text
			if q.Has("ruleset") {
				f = parseCombatForm(q)
			} else {
				e, _ := exampleFile(defaultCombatExample)
				f, _, _ = fromCombatFile([]byte(e))
			}
		}
		f.Seed = strings.TrimSpace(q.Get("seed"))
		d.Left = left
	}
	for _, name := range exampleNames() {
		short := strings.TrimPrefix(name, "combat-")
		d.Examples = append(d.Examples, choice{Value: name, Label: say(msg.ID("webres.combat.page.example."+short), strings.ReplaceAll(short, "-", " "), l), Selected: name == example})
	}
	d.Seed = f.Seed
	d.Query = f.values().Encode()
	status := http.StatusOK
	text, ferr := f.fileText()
	if d.File == "" {
		d.File = text
	}
	s.combatFormData(l, d, f)
	switch {
	case fileErr != nil:
		d.Error, d.FileError = s.combatFileError(l, fileErr), true
	case ferr != nil:
		d.Error = s.combatFormError(l, toAPIError(ferr, s.cfg.Timeout), d)
	default:
		res, perr := s.combatResults(r, l, text, f)
		if perr != nil && perr.Input == "file" {
			perr = s.combatFormError(l, perr.api, d)
		}
		d.Results, d.Error = res, perr
	}
	if d.Error != nil {
		status = d.Error.Status
	}
	d.FileSum = fileSum(d.File)
	d.Langs = langLinks(r, l)
	s.writePageIn(w, l, status, "combat-page", d)
}

// fightAction adds a fight to a side ("a", "b"), a copy of its last, or
// removes one ("a1").
func (f *combatForm) fightAction(add, remove string) {
	if i := strings.Index("ab", add); add != "" && i >= 0 && len(add) == 1 {
		fs := f.Sides[i].Fights
		if len(fs) < maxFights {
			next := fieldValues{"attacks": "1", "initiative": "3", "ws": "3", "strength": "3"}
			if len(fs) > 0 {
				next = maps.Clone(fs[len(fs)-1])
			}
			f.Sides[i].Fights = append(fs, next)
		}
	}
	if len(remove) >= 2 {
		i := strings.Index("ab", remove[:1])
		j, err := strconv.Atoi(remove[1:])
		if i >= 0 && err == nil && j >= 0 && j < len(f.Sides[i].Fights) {
			f.Sides[i].Fights = slices.Delete(f.Sides[i].Fights, j, j+1)
		}
	}
}

// fileSum identifies the text box's file as the page wrote it, so that a
// form sent without the script says whether the box was edited: the
// browser sends its lines ended with CR LF.
func fileSum(text string) string {
	h := fnv.New64a()
	h.Write([]byte(strings.TrimSpace(strings.ReplaceAll(text, "\r\n", "\n"))))
	return strconv.FormatUint(h.Sum64(), 36)
}

// swapSides makes side a side b and side b side a, the charge, the high
// ground and the contact widths with them.
func (f *combatForm) swapSides() {
	f.Sides[0], f.Sides[1] = f.Sides[1], f.Sides[0]
	other := map[string]string{"a": "b", "b": "a"}
	for _, k := range []string{"charger", "high_ground"} {
		if v, ok := other[f.Combat[k]]; ok {
			f.Combat[k] = v
		}
	}
	a, b := f.Combat["contact.a"], f.Combat["contact.b"]
	delete(f.Combat, "contact.a")
	delete(f.Combat, "contact.b")
	if b != "" {
		f.Combat["contact.a"] = b
	}
	if a != "" {
		f.Combat["contact.b"] = a
	}
}

// combatTabs are the page's tabs as seen from the Combat tab: the main
// page's tabs with its defaults, and this one.
func combatTabs() []tabLink { return combatTabsIn(msg.English) }

// combatTabsIn is combatTabs in language l.
func combatTabsIn(l msg.Lang) []tabLink {
	say := func(id msg.ID) string { return msg.New(id).Text(l) }
	return []tabLink{
		{Name: tabOdds, Label: say("web.tab.odds"), Href: "/?tab=" + tabOdds},
		{Name: tabResolve, Label: say("web.tab.resolve"), Href: "/?tab=" + tabResolve},
		{Name: tabCompare, Label: say("web.tab.compare"), Href: "/?tab=" + tabCompare},
		{Name: "combat", Label: say("web.tab.combat"), Href: "/combat", Current: true},
	}
}

// combatFileError is an error of the text box's file, with its line, in
// language l.
func (s *Server) combatFileError(l msg.Lang, err error) *pageError {
	e := toAPIError(err, s.cfg.Timeout)
	pe := &pageError{Message: e.Text(l), Status: e.Status, Input: "file", InputID: "file", api: e}
	if e.Line > 0 {
		pe.Message = msg.New("web.error.line_col", e.Line, e.Col, e.Text(l)).Text(l)
	}
	return pe
}

// combatFormError puts an error of the form's file beside its input, and
// says in the summary where that is in a player's words: "Side a
// (Elves), fight 1, Strength: want 1 to 10, got 11", in language l.
func (s *Server) combatFormError(l msg.Lang, e *apiError, d *combatPageData) *pageError {
	pe := &pageError{Message: e.Text(l), Status: e.Status, api: e}
	say := func(id msg.ID, args ...any) string { return msg.New(id, args...).Text(l) }
	// the input is found by the English, which names the fields as the
	// file does; the message shown is in l
	en, text := strings.TrimPrefix(e.Message, e.Field+": "), strings.TrimPrefix(e.Text(l), e.Field+": ")
	name := combatInputName(e.Field, en)
	if name == "" {
		return pe
	}
	if own, _, ok := strings.Cut(name, "."); ok && own != "" {
		// "attacks: required": the label says which
		if p := name[strings.LastIndex(name, ".")+1:] + ": "; strings.HasPrefix(en, p) {
			text = strings.TrimPrefix(text, p)
		}
	}
	mark := func(fs []field, place string) bool {
		for i := range fs {
			if fs[i].Name == name {
				fs[i].Error, fs[i].Hidden = text, false
				pe.Input, pe.InputID = name, fs[i].ID
				pe.Message = place + fieldWords(fs[i]) + ": " + text
				return true
			}
		}
		return false
	}
	if mark(d.Combat, "") || mark(d.Options, say("webres.combat.error.place_switches")) {
		return pe
	}
	for i := range d.Sides {
		sd := &d.Sides[i]
		if mark(sd.Own, say("webres.combat.error.place", sd.Title)) || mark(sd.Unit, say("webres.combat.error.place_unit", sd.Title)) ||
			mark(sd.Command, say("webres.combat.error.place_unit", sd.Title)) {
			return pe
		}
		for j := range sd.Fights {
			if mark(sd.Fights[j], say("webres.combat.error.place_fight", sd.Title, j+1)) {
				return pe
			}
		}
	}
	return pe
}

// fieldWords is a field's label as the page shows it under the form's
// ruleset.
func fieldWords(fl field) string {
	for _, l := range fl.Labels {
		if !l.Hidden {
			return l.Text
		}
	}
	return fl.Label
}

// combatResults loads the form's file, computes its report and rolls one
// round.
func (s *Server) combatResults(r *http.Request, l msg.Lang, file string, f combatForm) (template.HTML, *pageError) {
	perr := func(err error, input string) *pageError {
		e := toAPIError(err, s.cfg.Timeout)
		return &pageError{Message: e.Text(l), Status: e.Status, Input: input, InputID: input, api: e}
	}
	var c *combat.Combat
	err := s.parsing(r.Context(), len(file), func() (err error) {
		c, err = (&request{body: []byte(file)}).combat()
		return err
	})
	if err != nil {
		return "", perr(err, "file")
	}
	seed := uint64(1)
	if f.Seed != "" {
		if seed, err = strconv.ParseUint(f.Seed, 10, 64); err != nil {
			return "", perr(invalid("seed", "webres.combat.error.seed", strconv.Quote(f.Seed)), "seed")
		}
	}
	ctx, release, _ := s.acquire(r)
	defer release()
	var rep *combat.Report
	var round *combat.Round
	err = s.run(ctx, func(ctx context.Context, cheap bool) error {
		var err error
		rep, err = c.Exact(ctx, s.combatExact(cheap, true, seed))
		if err != nil {
			return err
		}
		round, err = c.Resolve(cancelable(ctx, newRolling(nil, &seed).Recorder))
		return err
	})
	if err != nil {
		return "", perr(err, "")
	}
	d := s.combatData(l, c, rep, round)
	d.Seed = strconv.FormatUint(seed, 10)
	reroll := f.values()
	reroll.Set("reroll", "1")
	d.Reroll = "/combat?" + reroll.Encode()
	return s.pages.renderIn(l, "combat-results", d), nil
}

// sideNames are the sides as the file names them (21.10).
var sideNames = [2]string{"a", "b"}

// sideMsg names side i as a player does (combat.Combat.Name): its unit's
// name, or "side a" for a unit the file leaves unnamed.
func sideMsg(c *combat.Combat, i int) msg.Message {
	if n := c.Sides[i].Unit.Name(); n != "" {
		return msg.New("webres.text", n)
	}
	return msg.New("combat.side.unnamed", sideNames[i])
}

// agreeing is the message id with the verb that agrees with side i
// (combat.Combat.Agree): id + ".plural" for a named unit of several
// models ("Elves win"), id + ".singular" otherwise ("side a wins").
func agreeing(c *combat.Combat, i int, id string, args ...any) msg.Message {
	return msg.New(msg.ID(id+"."+c.Agree(i, "plural", "singular")), args...)
}

func (s *Server) combatData(l msg.Lang, c *combat.Combat, rep *combat.Report, round *combat.Round) *combatData {
	d := &combatData{Ruleset: rep.Ruleset.TitleMsg().Text(l), Method: msg.New("webres.odds.exact").Text(l),
		StandIns: standInNotesIn(rep.StandIns, l), Legend: legendFor(rep.Ruleset.String())}
	if rep.N > 0 {
		d.Method = msg.New("webres.combat.simulated", rep.N).Text(l)
		d.Fallback = rep.Fallback
	}
	say := func(id msg.ID, args ...any) string { return msg.New(id, args...).Text(l) }
	label := func(i int) string { // "a: Elves", or "side a" unnamed
		if c.Sides[i].Unit.Name() == "" {
			return sideMsg(c, i).Text(l)
		}
		return say("webres.combat.side_label", sideNames[i], c.Name(i))
	}
	prob := func(label string, p *big.Rat, note string) stat {
		return stat{Label: label, Value: percentIn(p, l), Exact: p.RatString(), Note: note}
	}
	win := func(i int) string { return agreeing(c, i, "webres.combat.win", sideMsg(c, i)).Text(l) }
	d.Outcomes = []stat{
		prob(win(0), rep.AWins, say("combat.side.unnamed", "a")),
		prob(say("webres.combat.draw"), rep.Draw, ""),
		prob(win(1), rep.BWins, say("combat.side.unnamed", "b")),
		prob(say("webres.combat.loser_breaks"), rep.LoserBreaks, say("webres.combat.loser_breaks.note")),
	}
	if rep.LoserFallsBack != nil {
		// tow's break test of three outcomes (RULES.md 22.11)
		d.Outcomes[3].Note = say("webres.combat.a_break")
		d.Outcomes = append(d.Outcomes,
			prob(say("webres.combat.loser_falls_back"), rep.LoserFallsBack, combat.FallBackInGoodOrder.TitleMsg().Text(l)),
			prob(say("webres.combat.loser_gives_ground"), rep.LoserGivesGround, combat.GiveGround.TitleMsg().Text(l)))
	}
	d.Bar = s.pages.renderIn(l, "outcome-bar", outcomeBar(l, win(0), win(1), rep))
	for i := range 2 {
		sr := rep.Sides[i]
		mean := func(label string, dist combat.Dist) stat {
			m := dist.Mean()
			return stat{Label: label, Value: ratFloatIn(m, 3, l), Exact: m.RatString()}
		}
		sd := combatSideData{Label: label(i)}
		sd.Before = s.pages.renderIn(l, "formation-box", formationDiagramIn(l, "combat-before-"+sideNames[i], say("webres.combat.before", label(i)), c.Sides[i].Unit.Snapshot(), nil))
		sd.Stats = []stat{
			mean(say("webres.odds.expected_casualties"), sr.Casualties),
			mean(say("webres.odds.expected_wounds"), sr.Wounds),
			mean(say("webres.combat.expected_result"), sr.CombatResult),
			prob(say("webres.combat.breaks"), sr.Breaks, say("webres.combat.breaks.note")),
			prob(say("webres.combat.destroyed"), sr.Destroyed, ""),
		}
		for _, ch := range []struct {
			id, title, noun string
			dist            combat.Dist
		}{
			{"casualties", say("webres.combat.chart_casualties", c.Name(i)), "casualties", sr.Casualties},
			{"result", say("webres.combat.chart_result", c.Name(i)), "points", sr.CombatResult},
		} {
			if od, ok := fromMin(ch.dist); ok {
				sd.Charts = append(sd.Charts, captioned{Caption: ch.title,
					SVG: s.pages.renderIn(l, "chart", distChartIn(l, "chart-combat-"+ch.id+"-"+sideNames[i], ch.title, ch.noun, od, false))})
			}
		}
		sd.Score = fmt.Sprintf("%d", round.Score[i])
		d.Sides[i] = sd
	}
	for k, st := range round.Steps {
		sv := combatStepData{Title: say("webres.combat.step", k+1, st.Key.Msg(c.Ruleset))}
		for i := range 2 {
			ss := st.Sides[i]
			var fights []string
			for _, f := range ss.Fights {
				id := msg.ID("webres.combat.fight")
				if f.Reroll {
					id = "webres.combat.fight_reroll"
				}
				fights = append(fights, say(id, f.By.Msg(c.Ruleset), f.Attacks))
			}
			side := combatStepSide{Label: label(i), Fights: strings.Join(fights, "; ")}
			if side.Fights == "" {
				side.Fights = say("webres.combat.no_strike")
			}
			for _, e := range ss.Events {
				if e.Kind.String() == "batch_end" {
					side.Summary = say("webres.combat.on_enemy", e.TextIn(l))
				}
			}
			side.After = s.pages.renderIn(l, "formation-box", formationDiagramIn(l, fmt.Sprintf("combat-step%d-%s", k+1, sideNames[i]),
				say("webres.combat.after_step", k+1, label(i)), ss.After.Snapshot(), nil))
			sv.Sides[i] = side
		}
		d.Steps = append(d.Steps, sv)
	}
	switch round.Winner {
	case combat.A, combat.B:
		w := 0
		if round.Winner == combat.B {
			w = 1
		}
		d.Winner = agreeing(c, w, "webres.combat.winner", sideMsg(c, w), round.Score[w], round.Score[1-w]).Text(l)
		if round.Musician {
			d.Winner += say("webres.combat.musician")
		}
	default:
		d.Winner = say("webres.combat.winner_draw", round.Score[0], round.Score[1])
	}
	if bt := round.Break; bt != nil {
		i := 0
		if bt.Side == combat.B {
			i = 1
		}
		who := sideMsg(c, i)
		auto := msg.New(msg.ID("term.combat.auto." + bt.Auto))
		if !msg.Has(auto.ID) {
			auto = msg.New("webres.text", bt.Auto)
		}
		var m msg.Message
		switch {
		case bt.Auto != "" && bt.Result != "":
			m = agreeing(c, i, "webres.combat.break_auto_result", who, auto, bt.Result.TitleMsg())
		case bt.Auto != "":
			m = agreeing(c, i, "webres.combat.break_auto", who, auto)
		case bt.Result != "" && bt.Crushed:
			// three outcomes (22.11): Ld against 2D6, then with the difference added
			m = agreeing(c, i, "webres.combat.break_three_crushed", who, bt.Need, bt.LostBy, rollsText(l, bt.Rolls), bt.Result.TitleMsg())
		case bt.Result != "":
			m = agreeing(c, i, "webres.combat.break_three", who, bt.Need, bt.LostBy, rollsText(l, bt.Rolls), bt.Result.TitleMsg())
		case bt.Broke:
			m = agreeing(c, i, "webres.combat.break_broke", who, bt.Need, rollsText(l, bt.Rolls))
		default:
			m = agreeing(c, i, "webres.combat.break_held", who, bt.Need, rollsText(l, bt.Rolls))
		}
		d.Break = m.Text(l)
	}
	return d
}

// rollsText is a break test's 2D6 rolls, "3+4, then 2+2".
func rollsText(l msg.Lang, rolls [][2]int) string {
	var text string
	for k, r := range rolls {
		roll := fmt.Sprintf("%d+%d", r[0], r[1])
		if k == 0 {
			text = roll
			continue
		}
		text = msg.New("webres.combat.then", text, roll).Text(l)
	}
	return text
}

// fromMin turns a combat distribution starting at Min >= 0 into the
// odds.Dist the charts draw.
func fromMin(d combat.Dist) (odds.Dist, bool) {
	if d.Min < 0 {
		return odds.Dist{}, false
	}
	p := make([]*big.Rat, d.Min, d.Min+len(d.P))
	for i := range p {
		p[i] = new(big.Rat)
	}
	return odds.Dist{P: append(p, d.P...)}, true
}

// outcomeBarWidth is the outcome bar's width in its own units.
const outcomeBarWidth = 320

// outcomeBar is the win/draw/lose bar: one segment per outcome, as wide
// as its chance.
type outcomeBarData struct {
	Width    int
	Desc     string
	Segments []barSegment
}

type barSegment struct {
	Class, Label, Title string
	Fill, Ink           string
	X, W, TextX         string
	ShowLabel           bool
}

// a and b name the two wins in words, "Elves win" and "side b wins"; the
// bar's words are in language l.
func outcomeBar(l msg.Lang, a, b string, rep *combat.Report) outcomeBarData {
	// As wide as a phone's column, so that its 14 px labels are not drawn
	// smaller there; the page widens it on a larger screen.
	const width = outcomeBarWidth
	draw := msg.New("webres.combat.draw_bar").Text(l)
	d := outcomeBarData{Width: width, Desc: msg.New("webres.combat.bar_desc", a, percentIn(rep.AWins, l), percentIn(rep.Draw, l), b, percentIn(rep.BWins, l)).Text(l)}
	x := 0.0
	for _, seg := range []struct {
		class, name, fill, ink string
		p                      *big.Rat
	}{{"win-a", a, "#1f5f99", "#ffffff", rep.AWins}, {"draw", draw, "#c9ced6", "#1a1a1a", rep.Draw}, {"win-b", b, "#b3261e", "#ffffff", rep.BWins}} {
		f, _ := seg.p.Float64()
		w := width * f
		d.Segments = append(d.Segments, barSegment{Class: seg.class, Label: shortPercentIn(seg.p, l), Title: msg.New("webres.combat.segment", seg.name, percentIn(seg.p, l)).Text(l), Fill: seg.fill, Ink: seg.ink,
			X: fmtF(x), W: fmtF(w), TextX: fmtF(x + w/2), ShowLabel: w >= 40})
		x += w
	}
	return d
}
