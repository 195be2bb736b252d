package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/internal/ordered"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// The Battle tab (issue 28): the battles the server keeps, and one battle
// as it stands, rendered on the server from the store through the code
// the API answers with (viewOf, battle.Log), so that it reads without
// JavaScript. assets/static/battle.js makes the changes, through the
// API (/api/battles/...), and keeps the page in step with the change
// feed: every write, by this browser or another, re-renders the battle
// from GET /battle/{id}.
//
//	GET  /battle           the battles, and a form to start one
//	POST /battle           name=...: start a battle (303 to its page)
//	GET  /battle/{id}      a battle: its turn and phase, units as cards, log;
//	                       ?part=state leaves out the forms, for the script's
//	                       redraw of the rest
//	POST /battle/{id}      action=undo|redo|advance&version=N, without the
//	                       script: 303 back, or 409 with the battle as it stands
//	POST /battle/text      the script's converter (handleBattleText)

// battlePageData is what battle.tmpl shows.
type battlePageData struct {
	Tabs  []tabLink
	Langs []langLink
	Lang  string // the ?lang= the page was asked in, carried on by its links
	Off   bool   // the server keeps no battles
	List  []battleRow
	Name  string // the create form's name, as sent
	Error string // the create form's error
	// ImportName and ImportError are the import form's name, as sent,
	// and its error.
	ImportName, ImportError string
	// Battle is the battle shown; nil on the list.
	Battle *battleShown
}

type battleRow struct {
	Href, Name, Info string
}

type battleShown struct {
	ID, Name, Turn, Version string
	VersionN                int64
	CanUndo, CanRedo        bool
	Stale                   string // a write without the script came too late: why
	Cards                   []battleCard
	Log                     []battleLine
	// Units is the battle's view as the API writes it, for the script
	// (its units' targets, rulesets and switches).
	Units template.JS
	Href  string // the page's own address, lang and all
	// Forms are the attack and fight forms, for the script.
	Forms battleForms
}

// battleForms are a battle's attack and fight forms: the Odds tab's inputs
// of an attack group and the Combat tab's of a fight, drawn by the code
// that draws them there (attackRowIn, combatBlockIn, combatOwnIn,
// combatFightRowIn), under the ruleset of the battle's first unit standing.
// Every input that some rulesets only read says which (data-rulesets):
// the script shows and hides them by the ruleset of the unit attacked, or
// of side a, as the odds form does by its ruleset select; it copies the
// first group and the first fight to add more.
type battleForms struct {
	Attack  []field // attack group 1's inputs (a0.*)
	Combat  []field // the combat block's (c.*)
	Sides   [2]battleSideForm
	Options []field // the combat switches (opt.*); the units keep their own
}

// battleSideForm is a side of the fight form: its own inputs (a.*) and
// its first fight's (a.f0.*). Its unit is the battle's, not asked.
type battleSideForm struct {
	Letter, Title, FightTitle string
	Own, Fight                []field
}

// battleFormsIn are the forms under ruleset rs in language l, the attack
// group's phase set to phase when it is one an attack group takes (the
// battle's shooting phase: shooting).
func battleFormsIn(l msg.Lang, rs rules.Ruleset, phase string) battleForms {
	a := fieldValues{}
	if phase == "combat" {
		phase = "melee"
	}
	if slices.Contains(scenario.PhaseNames(), phase) {
		a["phase"] = phase
	}
	fs := battleForms{Attack: catalogueFields().attackRowIn(l, rs, 0, a)}
	fs.Combat = combatBlockIn(l, rs, fieldValues{}, func(i int) string { return msg.New("combat.side.unnamed", sideName[i]).Text(l) })
	for i := range fs.Sides {
		title := msg.New("webres.combat.form.side", sideName[i]).Text(l)
		fs.Sides[i] = battleSideForm{Letter: sideName[i], Title: title, FightTitle: msg.New("webres.combat.page.fight", title, 1).Text(l),
			Own: combatOwnIn(l, rs, i, fieldValues{}), Fight: combatFightRowIn(l, rs, i, 0, fieldValues{})}
	}
	for _, sw := range rules.CombatSwitches() {
		fs.Options = append(fs.Options, switchFieldIn(l, rs, sw, ""))
	}
	return fs
}

type battleCard struct {
	Name, Ruleset, RulesetCode, Left, Wounds string
	Destroyed                                bool
	Formation                                template.HTML
	DomID                                    string
}

type battleLine struct {
	Seq    int64
	Text   string
	Undone bool
}

// battleTabsIn are the page's tabs seen from the Battle tab, in l.
func battleTabsIn(l msg.Lang, lang string) []tabLink {
	tabs := combatTabsIn(l)
	for i := range tabs {
		tabs[i].Current = false
		if lang != "" {
			tabs[i].Href = withLangHref(tabs[i].Href, lang)
		}
	}
	return append(tabs, tabLink{Name: "battle", Label: msg.New("web.tab.battle").Text(l), Href: withLangHref("/battle", lang), Current: true},
		tabLink{Name: "matrix", Label: msg.New("web.tab.matrix").Text(l), Href: withLangHref("/matrix", lang)})
}

// withLangHref adds lang to a link, "" leaving it as it is.
func withLangHref(href, lang string) string {
	if lang == "" {
		return href
	}
	sep := "?"
	if strings.Contains(href, "?") {
		sep = "&"
	}
	return href + sep + url.Values{"lang": {lang}}.Encode()
}

func (s *Server) battlePageBase(r *http.Request, l msg.Lang) *battlePageData {
	lang := explicitLang(r)
	return &battlePageData{Tabs: battleTabsIn(l, lang), Langs: langLinks(r, l), Lang: lang}
}

// handleBattlesPage is GET /battle, the list, and POST /battle, a new
// battle from the form.
func (s *Server) handleBattlesPage(w http.ResponseWriter, r *http.Request) {
	l, d, st, ok := s.listPage(w, r)
	if !ok {
		return
	}
	status := http.StatusOK
	if r.Method == http.MethodPost {
		r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
		if err := r.ParseForm(); err != nil {
			d.Error, status = msg.New("web.api.too_large", 64<<10).Text(l), http.StatusBadRequest
		} else {
			d.Name = r.PostForm.Get("name")
			m, err := st.Create(r.Context(), strings.TrimSpace(d.Name))
			if err == nil {
				http.Redirect(w, r, withLangHref("/battle/"+url.PathEscape(m.ID), d.Lang), http.StatusSeeOther)
				return
			}
			if errors.Is(err, battle.ErrStorage) {
				s.battleFail(w, r, err) // logged, and a 503
				return
			}
			d.Error, status = msg.ErrorText(err, l), http.StatusBadRequest
			if errors.Is(err, battle.ErrExists) {
				status = http.StatusConflict
			}
		}
	}
	s.writeBattleList(w, r, st, d, l, status)
}

// listPage starts the list page, /battle and what its forms post: its
// language, its data and the store; false when the server keeps no
// battles, which the page has said.
func (s *Server) listPage(w http.ResponseWriter, r *http.Request) (msg.Lang, *battlePageData, battle.Store, bool) {
	l := requestLang(r)
	rememberLang(w, r, l)
	d := s.battlePageBase(r, l)
	st, err := s.battleStore()
	if err != nil {
		d.Off = true
		s.writePageIn(w, l, http.StatusOK, "battle-page", d)
		return l, d, nil, false
	}
	return l, d, st, true
}

// writeBattleList writes the list page d, its battles read from st.
func (s *Server) writeBattleList(w http.ResponseWriter, r *http.Request, st battle.Store, d *battlePageData, l msg.Lang, status int) {
	list, err := st.List(r.Context())
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	for _, m := range list {
		d.List = append(d.List, battleRow{Href: withLangHref("/battle/"+url.PathEscape(m.ID), d.Lang), Name: m.Name,
			Info: msg.New("webbattle.row", int(m.Version), m.Updated.UTC().Format("2006-01-02 15:04 UTC")).Text(l)})
	}
	s.writePageIn(w, l, status, "battle-page", d)
}

// battleImportFormExtra is what the import form may hold beside the
// export file: its name field and the multipart framing.
const battleImportFormExtra = 64 << 10

// handleBattleImportPage is POST /battle/import, the list page's import
// form (multipart: file, name): a new battle of an export file, as POST
// /api/battles/import makes it, and 303 to its page; else the list again
// with the error above the form. It needs no script.
func (s *Server) handleBattleImportPage(w http.ResponseWriter, r *http.Request) {
	l, d, st, ok := s.listPage(w, r)
	if !ok {
		return
	}
	file, data, name, err := readImportForm(r)
	d.ImportName = name
	if err == nil {
		var m battle.Meta
		m, _, err = s.importBattle(r.Context(), st, file, data, strings.TrimSpace(name), strings.TrimSpace(name) != "", true)
		if err == nil {
			http.Redirect(w, r, withLangHref("/battle/"+url.PathEscape(m.ID), d.Lang), http.StatusSeeOther)
			return
		}
	}
	if errors.Is(err, battle.ErrStorage) {
		s.battleFail(w, r, err) // logged, and a 503
		return
	}
	status := http.StatusBadRequest
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		status, err = http.StatusRequestEntityTooLarge, msg.Errorf(nil, "webbattle.import.too_large", battle.MaxExportSize>>20)
	case errors.Is(err, battle.ErrExists):
		status = http.StatusConflict
	}
	d.ImportError = msg.ErrorText(err, l)
	if ae := (*apiError)(nil); errors.As(err, &ae) {
		d.ImportError = texterOf(ae).Text(l)
		if ae.Line > 0 {
			d.ImportError = msg.New("webbattle.import.at", file, ae.Line, ae.Col, texterOf(ae)).Text(l)
		}
	}
	s.writeBattleList(w, r, st, d, l, status)
}

// brokenForm is why the import form could not be read: past the size
// limit, or cut off on its way (said in the reader's words, not Go's).
func brokenForm(err error) error {
	if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
		return mbe
	}
	return msg.Errorf(nil, "webbattle.import.broken")
}

// readImportForm reads the import form: the file's name and bytes, and
// the battle's name.
func readImportForm(r *http.Request) (file string, data []byte, name string, err error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return "", nil, "", msg.Errorf(nil, "webbattle.import.no_file")
	}
	file = "file"
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return file, nil, name, brokenForm(err)
		}
		switch part.FormName() {
		case "file":
			if part.FileName() != "" {
				file = part.FileName()
			}
			if data, err = io.ReadAll(io.LimitReader(part, battle.MaxExportSize+1)); err != nil {
				return file, nil, name, brokenForm(err)
			}
			if len(data) > battle.MaxExportSize {
				return file, nil, name, &http.MaxBytesError{Limit: battle.MaxExportSize}
			}
		case "name":
			b, err := io.ReadAll(io.LimitReader(part, 1024))
			if err != nil {
				return file, nil, name, brokenForm(err)
			}
			name = string(b)
		}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return file, nil, name, msg.Errorf(nil, "webbattle.import.no_file")
	}
	return file, data, name, nil
}

// handleBattlePage is GET /battle/{id}: the battle as it stands.
func (s *Server) handleBattlePage(w http.ResponseWriter, r *http.Request) {
	l := requestLang(r)
	rememberLang(w, r, l)
	st, m, err := s.battleMeta(r)
	if errors.Is(err, battle.ErrNotFound) {
		s.notFound(w, r, msg.New("webbattle.not_found", r.PathValue("id")))
		return
	}
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	status, stale := http.StatusOK, ""
	if r.Method == http.MethodPost {
		var done bool
		status, stale, done = s.battlePageWrite(w, r, st, m, l)
		if done {
			return
		}
		if m, err = st.Get(r.Context(), m.ID); err != nil {
			s.battleFail(w, r, err)
			return
		}
	}
	state, err := s.battleState(r.Context(), st, m.ID, m.Version)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	recs, err := st.Records(r.Context(), m.ID, 0, int(state.Seq))
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	entries, err := battle.Log(recs)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	m.Version = state.Seq
	d := s.battlePageBase(r, l)
	v := viewOf(m, state, l)
	units, err := json.Marshal(v)
	if err != nil {
		s.battleFail(w, r, err)
		return
	}
	b := &battleShown{ID: m.ID, Name: m.Name, VersionN: v.Version,
		Turn:    msg.New("webbattle.turn", v.Turn, v.PhaseName).Text(l),
		Version: msg.New("webbattle.version", int(v.Version)).Text(l),
		CanUndo: v.CanUndo, CanRedo: v.CanRedo, Units: template.JS(units),
		Href: withLangHref("/battle/"+url.PathEscape(m.ID), d.Lang)}
	rs := rules.NoRuleset
	for _, u := range v.Units {
		if r, err := rules.ParseRuleset(u.Ruleset); err == nil && !u.Destroyed {
			rs = r
			break
		}
	}
	if r.URL.Query().Get("part") != "state" {
		// the script's redraw takes the battle's part only (battle.js,
		// refresh): the forms, a thousand inputs, are drawn for the page
		b.Forms = battleFormsIn(l, rs, v.Phase.String())
	}
	for i, u := range v.Units {
		c := battleCard{Name: u.Name, RulesetCode: u.Ruleset, Ruleset: rulesetTitleIn(u.Ruleset, l),
			Left: msg.New("webbattle.card.left", u.Size, u.Starting).Text(l), Destroyed: u.Destroyed,
			DomID: "unit-" + strconv.Itoa(i+1)}
		wounds := 0
		for _, rank := range u.Formation.Ranks {
			for _, cell := range rank {
				wounds += cell.Damage
			}
		}
		for _, p := range u.Formation.Carried {
			wounds += p.Carried
		}
		c.Wounds = msg.New("webbattle.card.no_wounds").Text(l)
		if wounds > 0 {
			c.Wounds = msg.New("webbattle.card.wounds", wounds).Text(l)
		}
		title := msg.New("webbattle.card.formation", u.Name).Text(l)
		c.Formation = s.pages.renderIn(l, "formation-box", formationDiagramIn(l, "formation-"+c.DomID, title, u.Formation, nil))
		b.Cards = append(b.Cards, c)
	}
	for i := len(entries) - 1; i >= 0; i-- { // the latest first
		e := entries[i]
		b.Log = append(b.Log, battleLine{Seq: e.Seq, Text: e.Text.Text(l), Undone: e.Undone})
	}
	b.Stale = stale
	d.Battle = b
	w.Header().Set("ETag", etag(v.Version))
	s.writePageIn(w, l, status, "battle-page", d)
}

// battlePageWrite is POST /battle/{id} from the page without its script:
// action=undo, redo or advance at version, as the API makes them, or
// action=rename with name (a name taken or not allowed is said above the
// battle, as a write too late is). It
// answers 303 to the battle's page, done; or, when the battle has moved
// on since, the status 409 and what to say above the battle as it stands.
func (s *Server) battlePageWrite(w http.ResponseWriter, r *http.Request, st battle.Store, m battle.Meta, l msg.Lang) (status int, stale string, done bool) {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		writeErrorIn(w, l, toAPIError(err, s.cfg.Timeout))
		return 0, "", true
	}
	action := r.PostForm.Get("action")
	version, err := strconv.ParseInt(r.PostForm.Get("version"), 10, 64)
	build := map[string]func(battle.State) (battle.Record, error){"undo": battle.Undo, "redo": battle.Redo, "advance": battle.Advance}[action]
	if err != nil || (build == nil && action != "rename") {
		writeErrorIn(w, l, invalid("action", "webbattle.bad_action"))
		return 0, "", true
	}
	page := withLangHref("/battle/"+url.PathEscape(m.ID), explicitLang(r))
	if version != m.Version {
		return http.StatusConflict, msg.New("webbattle.stale", int(m.Version), int(version)).Text(l), false
	}
	if action == "rename" {
		_, err = st.Rename(r.Context(), m.ID, version, r.PostForm.Get("name"))
		switch {
		case errors.Is(err, battle.ErrExists):
			return http.StatusConflict, msg.ErrorText(err, l), false
		case errors.Is(err, battle.ErrBadName):
			return http.StatusBadRequest, msg.ErrorText(err, l), false
		}
	} else {
		var state battle.State
		state, err = s.battleState(r.Context(), st, m.ID, m.Version)
		if err == nil {
			var rec battle.Record
			if rec, err = build(state); err == nil {
				_, err = st.Append(r.Context(), m.ID, version, rec)
			}
		}
	}
	switch {
	case errors.Is(err, battle.ErrStale):
		now, gerr := st.Get(r.Context(), m.ID)
		if gerr != nil {
			s.battleFail(w, r, gerr)
			return 0, "", true
		}
		return http.StatusConflict, msg.New("webbattle.stale", int(now.Version), int(version)).Text(l), false
	case err != nil:
		s.battleFail(w, r, err)
		return 0, "", true
	}
	http.Redirect(w, r, page, http.StatusSeeOther)
	return 0, "", true
}

// battleTextLimit is the most a text sent to /battle/text may be.
const battleTextLimit = 1 << 20

// handleBattleText is POST /battle/text, the battle script's converter:
// what a player writes or saved in the browser made into the JSON the
// battle API takes, by the server's own parsers (the script has none).
// The body is a form:
//
//	kind=form      a saved unit: ruleset, t.* (its target), a0.* (its attacks),
//	               opt.* (its switches): the odds form's fields; answers the
//	               scenario file they make, {"ruleset", "options", "attacks", "target"}
//	kind=scenario  text: a scenario file, YAML or JSON, loaded and checked;
//	               answers its ruleset, options, target and attacks as JSON
//	kind=attacks   text: attack groups, YAML or JSON, a list, read under
//	               ruleset, options (JSON) and against target (JSON), the
//	               unit's; answers the list as JSON
//	kind=fight     text: a combat event's fight, YAML or JSON; answers it as JSON
//	kind=attack-form  the attack form's groups, a<i>.*: the odds form's
//	               fields, read as the odds form reads them under ruleset
//	               and checked against target (JSON) under options (JSON),
//	               the unit's; answers the attacks as JSON (attackFormJSON)
//	kind=fight-form   the fight form's fields, c.*, a.*, b.*, a.f<i>.*,
//	               opt.*: the Combat tab's, without the units, checked
//	               with a.target and b.target (JSON) under options (JSON),
//	               the units'; answers the combat event's fight as JSON
//	               (fightFormJSON)
//
// An error is the API's 400 with its line and column in the text.
func (s *Server) handleBattleText(w http.ResponseWriter, r *http.Request) {
	l := requestLang(r)
	r.Body = http.MaxBytesReader(w, r.Body, battleTextLimit)
	if err := r.ParseForm(); err != nil {
		writeErrorIn(w, l, toAPIError(err, s.cfg.Timeout))
		return
	}
	q := r.PostForm
	text := q.Get("text")
	var out []byte
	err := s.parsing(r.Context(), len(text), func() (err error) {
		out, err = battleText(q.Get("kind"), text, q)
		return err
	})
	if err != nil {
		writeErrorIn(w, l, toAPIError(err, s.cfg.Timeout))
		return
	}
	writeRaw(w, http.StatusOK, out)
}

// battleText is handleBattleText's answer to form q.
func battleText(kind, text string, q url.Values) ([]byte, error) {
	if !strings.Contains(kind, "form") && strings.TrimSpace(text) == "" {
		return nil, invalid("text", "webbattle.error.empty")
	}
	switch kind {
	case "form":
		f := parseForm(q)
		rs, err := rules.ParseRuleset(f.Ruleset)
		if err != nil {
			return nil, &apiError{Status: http.StatusBadRequest, Code: "invalid", Field: "ruleset", Message: msg.ErrorText(err, msg.English), Words: errText{err}}
		}
		doc, _ := f.document(rs)
		return json.Marshal(doc)
	case "scenario":
		if _, err := scenario.Load("scenario", []byte(text)); err != nil {
			return nil, err
		}
		return yamlJSON(text)
	case "attacks":
		// The attacks, indented, are a scenario's with the unit's
		// target: the loader checks them, and its places are moved
		// back into the text.
		var b strings.Builder
		b.WriteString("attacks:\n")
		for line := range strings.SplitSeq(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
			b.WriteString("  " + line + "\n")
		}
		rs := q.Get("ruleset")
		b.WriteString("ruleset: " + string(quoted(rs)) + "\n")
		if o := q.Get("options"); o != "" && json.Valid([]byte(o)) {
			b.WriteString("options: " + o + "\n")
		}
		if t := q.Get("target"); t != "" && json.Valid([]byte(t)) {
			b.WriteString("target: " + t + "\n")
		}
		if _, err := scenario.Load("attacks", []byte(b.String())); err != nil {
			var se *scenario.Error
			if errors.As(err, &se) && se.Line > 1 {
				c := *se
				c.Line--
				c.Column = max(1, c.Column-2)
				return nil, &c
			}
			return nil, err
		}
		out, err := yamlJSON(text)
		if err == nil && !bytes.HasPrefix(bytes.TrimSpace(out), []byte("[")) {
			return nil, invalid("text", "webbattle.error.list")
		}
		return out, err
	case "attack-form":
		return attackFormJSON(q)
	case "fight-form":
		return fightFormJSON(q)
	case "fight":
		if _, ok := scenario.TopFields([]byte(text)); !ok {
			if _, err := scenario.Load("fight", []byte(text)); err != nil {
				var se *scenario.Error
				if errors.As(err, &se) && errors.Is(err, scenario.ErrSyntax) {
					return nil, err
				}
			}
			return nil, invalid("text", "webbattle.error.mapping")
		}
		return yamlJSON(text)
	}
	return nil, invalid("kind", "webbattle.error.kind", kind)
}

// attackFormJSON is the attack form's groups (a<i>.*, the Odds tab's
// fields, a group's empty fields sent empty) as the battle API's attacks:
// read by the Odds tab's own form code (parseForm, form.document) under
// the ruleset of q, and loaded by the scenario loader with the target
// and options of q (JSON: the unit's), so that every check of the Odds
// tab's applies and an error names the group's field
// ("attacks[1].strength"), which the script marks.
func attackFormJSON(q url.Values) ([]byte, error) {
	rs, err := rules.ParseRuleset(q.Get("ruleset"))
	if err != nil {
		return nil, &apiError{Status: http.StatusBadRequest, Code: "invalid", Field: "ruleset", Message: msg.ErrorText(err, msg.English), Words: errText{err}}
	}
	fq := url.Values{"ruleset": {rs.String()}}
	for k, v := range q {
		if attackKey().MatchString(k) {
			fq[k] = v
		}
	}
	if !fq.Has("a0.count") {
		return nil, invalid("a0.count", "webbattle.error.no_group")
	}
	doc, _ := parseForm(fq).document(rs)
	var attacks any
	for _, fl := range doc {
		if fl.Key == "attacks" {
			attacks = fl.Value
		}
	}
	file := ordered.Object{{Key: "ruleset", Value: rs.String()}}
	if o := q.Get("options"); o != "" && json.Valid([]byte(o)) {
		file.Add("options", json.RawMessage(o))
	}
	if t := q.Get("target"); t != "" && json.Valid([]byte(t)) {
		file.Add("target", json.RawMessage(t))
	}
	file.Add("attacks", attacks)
	data, err := json.Marshal(file)
	if err != nil {
		return nil, err
	}
	if _, err := scenario.Load("attacks", data); err != nil {
		var se *scenario.Error
		if errors.As(err, &se) {
			c := *se // its place is in a file nobody wrote
			c.Line, c.Column = 0, 0
			return nil, &c
		}
		return nil, err
	}
	return json.Marshal(attacks)
}

// fightFormJSON is the fight form (c.*, a.*, b.*, a.f<i>.*, opt.*: the
// Combat tab's fields but the sides' units, which are the battle's) as
// the combat event's fight: the Combat tab's own form code
// (parseCombatForm, combatForm.document) writes the combat file, whose
// parts but its ruleset and its units are the fight. With the sides'
// units (a.target and b.target, JSON: the battle's, as they stand) and
// their switches (options, JSON), the combat loader checks the fight as
// the battle will, so that an error names the fight's field
// ("sides.a.fights[0].strength", "sides.b.leadership"), which the script
// marks: the battle's own refusal names the event instead.
func fightFormJSON(q url.Values) ([]byte, error) {
	f := parseCombatForm(q)
	rs, err := f.ruleset()
	if err != nil {
		return nil, err
	}
	fight, check := ordered.Object{}, ordered.Object{}
	check.Add("ruleset", rs.String())
	for _, fl := range f.document(rs) {
		switch fl.Key {
		case "ruleset":
		case "options":
			fight = append(fight, fl)
			opts := ordered.Object{}
			var units map[string]string
			if json.Unmarshal([]byte(q.Get("options")), &units) == nil {
				for _, k := range sortedKeys(units) {
					opts.Add(k, units[k])
				}
			}
			check.Add("options", append(opts, fl.Value.(ordered.Object)...))
		case "sides":
			sides, withUnits := ordered.Object{}, ordered.Object{}
			for _, sd := range fl.Value.(ordered.Object) {
				side, withUnit := ordered.Object{}, ordered.Object{}
				if t := q.Get(sd.Key + ".target"); json.Valid([]byte(t)) {
					withUnit.Add("unit", json.RawMessage(t))
				}
				for _, x := range sd.Value.(ordered.Object) {
					if x.Key != "unit" {
						side = append(side, x)
						withUnit = append(withUnit, x)
					}
				}
				sides.Add(sd.Key, side)
				withUnits.Add(sd.Key, withUnit)
			}
			fight.Add("sides", sides)
			check.Add("sides", withUnits)
		default:
			fight = append(fight, fl)
			check = append(check, fl)
		}
	}
	if json.Valid([]byte(q.Get("a.target"))) && json.Valid([]byte(q.Get("b.target"))) {
		data, err := json.Marshal(check)
		if err != nil {
			return nil, err
		}
		if _, err := combat.Load("fight", data); err != nil {
			var se *scenario.Error
			if errors.As(err, &se) {
				c := *se // its place is in a file nobody wrote
				c.File, c.Line, c.Column = "", 0, 0
				if name, _, ok := strings.Cut(c.Msg, ": required"); ok && !strings.ContainsAny(name, " .") && c.Field != "" {
					c.Field += "." + name // "sides.a: leadership: required" is about sides.a.leadership
				}
				return nil, &c
			}
			return nil, err
		}
	}
	return json.Marshal(fight)
}

// yamlJSON is text, which the scenario loader's reader has accepted
// (within its limits: no aliases, no tags), as JSON.
func yamlJSON(text string) ([]byte, error) {
	out, err := yaml.YAMLToJSON([]byte(text))
	if err != nil {
		var ye yaml.Error
		if errors.As(err, &ye) && ye.GetToken() != nil {
			p := ye.GetToken().Position
			return nil, invalid("text", "webbattle.error.text", p.Line, p.Column)
		}
		return nil, invalid("text", "webbattle.error.not_text")
	}
	return out, nil
}
