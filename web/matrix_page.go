package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/internal/ordered"
	"github.com/rearrank/rearrank/matrix"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// The Matrix tab (issue 29): my units down, theirs across, a cell per
// pair and kind of fight, from POST /api/matrix's stream. The page is
// the script's (assets/static/matrix.js): it reads each side from an
// army list file (through POST /api/import, as the Odds tab's drop zone
// does) or from the units saved in this browser (units.js's store,
// turned into scenario JSON by POST /matrix/units with the Odds tab's
// own form code), sends both to /api/matrix and fills the table as the
// cells arrive. A cell opens its pairing on the Odds tab (shooting: the
// row's shooting groups at the column's unit, in the Odds tab's query)
// or the Combat tab (a round: the two units as its sides). Without the
// script the page says so: the stream needs it, and the command line's
// `rearrank matrix` gives the same table.
//
//	GET  /matrix          the tab
//	POST /matrix/units    saved units' form fields -> the matrix's units

// matrixPageData is what matrix.tmpl shows.
type matrixPageData struct {
	Tabs  []tabLink
	Langs []langLink
	Lang  string // the ?lang= the page was asked in, carried on by its links
	// MaxUnits is the most units a side may have (the API's bound).
	MaxUnits int
	Sides    []string // "mine", the rows, and "theirs", the columns
}

// matrixTabsIn are the page's tabs seen from the Matrix tab, in l.
func matrixTabsIn(l msg.Lang, lang string) []tabLink {
	tabs := battleTabsIn(l, lang)
	for i := range tabs {
		tabs[i].Current = tabs[i].Name == "matrix"
	}
	return tabs
}

// handleMatrixPage is GET /matrix.
func (s *Server) handleMatrixPage(w http.ResponseWriter, r *http.Request) {
	l := requestLang(r)
	rememberLang(w, r, l)
	lang := explicitLang(r)
	s.writePageIn(w, l, http.StatusOK, "matrix-page", &matrixPageData{
		Tabs: matrixTabsIn(l, lang), Langs: langLinks(r, l), Lang: lang, MaxUnits: matrix.MaxUnits,
		Sides: []string{"mine", "theirs"}})
}

// matrixSavedUnit is a unit as the browser keeps it (units.js): the Odds
// tab's form fields by their scenario names, without the group's prefix.
type matrixSavedUnit struct {
	Name    string        `json:"name"`
	Ruleset string        `json:"ruleset"`
	Target  fieldValues   `json:"target"`
	Attacks []fieldValues `json:"attacks"`
}

// matrixUnitJSON is a unit of the matrix as POST /api/matrix takes it: the
// scenario's target and attack groups (docs/scenario.schema.json).
type matrixUnitJSON struct {
	Name    string          `json:"name"`
	Ruleset string          `json:"ruleset"`
	Target  json.RawMessage `json:"target"`
	Attacks json.RawMessage `json:"attacks"`
}

// matrixLeftOut is a unit the conversion could not make: its place in
// the request, its name, and why.
type matrixLeftOut struct {
	Index int    `json:"index"`
	Name  string `json:"name"`
	Why   string `json:"why"`
}

// matrixUnitsAnswer is POST /matrix/units' answer.
type matrixUnitsAnswer struct {
	Units   []matrixUnitJSON `json:"units"`
	LeftOut []matrixLeftOut  `json:"left_out"`
}

// matrixUnitsLimit is the most POST /matrix/units reads: a side's units'
// fields, a few kilobytes each.
const matrixUnitsLimit = 1 << 20

// handleMatrixUnits is POST /matrix/units: {"units": [{"name", "ruleset",
// "target": {fields}, "attacks": [{fields}, ...]}]}, the saved units a
// side is made of, answered as {"units": [UNIT, ...], "left_out": [{"name",
// "why", "index"}]}: each unit's fields made into a scenario by the Odds tab's form
// code (form.document) and checked by the scenario loader; a unit whose
// fields do not make one (an imported unit the file gave no toughness)
// is left out with the loader's words, in the request's language. A body
// that is not that JSON, or more units than a side may have, is a 400.
func (s *Server) handleMatrixUnits(w http.ResponseWriter, r *http.Request) {
	l := requestLang(r)
	body, err := readBody(w, r, matrixUnitsLimit)
	if err != nil {
		writeErrorIn(w, l, toAPIError(err, s.cfg.Timeout))
		return
	}
	var in struct {
		Units []matrixSavedUnit `json:"units"`
	}
	var out matrixUnitsAnswer
	err = s.parsing(r.Context(), len(body), func() error {
		dec := json.NewDecoder(strings.NewReader(string(body)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&in); err != nil {
			return invalid("units", "webmatrix.error.body", err.Error())
		}
		if len(in.Units) == 0 {
			return invalid("units", "webmatrix.error.no_units")
		}
		if len(in.Units) > matrix.MaxUnits {
			return invalid("units", "webmatrix.error.too_many", len(in.Units), matrix.MaxUnits)
		}
		out = s.matrixUnitsOf(in.Units, l)
		return nil
	})
	if err != nil {
		writeErrorIn(w, l, toAPIError(err, s.cfg.Timeout))
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// matrixUnitsOf makes the saved units into the matrix's, the reasons for
// those left out in language l.
func (s *Server) matrixUnitsOf(saved []matrixSavedUnit, l msg.Lang) matrixUnitsAnswer {
	out := matrixUnitsAnswer{Units: []matrixUnitJSON{}, LeftOut: []matrixLeftOut{}}
	for i, su := range saved {
		name := strings.TrimSpace(su.Name)
		if name == "" {
			name = msg.New("webmatrix.unit.unnamed", i+1).Text(l)
		}
		u, err := matrixUnitOf(name, su)
		if err != nil {
			out.LeftOut = append(out.LeftOut, matrixLeftOut{Index: i, Name: name, Why: toAPIError(err, s.cfg.Timeout).Text(l)})
			continue
		}
		out.Units = append(out.Units, u)
	}
	return out
}

// matrixUnitOf is one saved unit as the matrix's: its fields put in the
// Odds tab's query (t.<field>, a<i>.<field>), read by its form code and
// written as the scenario the Odds tab would compute, then loaded, so
// that every check of the loader applies.
func matrixUnitOf(name string, su matrixSavedUnit) (matrixUnitJSON, error) {
	rs, err := rules.ParseRuleset(su.Ruleset)
	if err != nil {
		return matrixUnitJSON{}, err
	}
	if len(su.Attacks) > maxFormAttacks {
		return matrixUnitJSON{}, invalid("attacks", "webmatrix.error.attacks", len(su.Attacks), maxFormAttacks)
	}
	q := url.Values{"ruleset": {rs.String()}}
	// The form fills a part the query leaves out with its defaults: the
	// target's models and each group's count, given even when empty,
	// say that the unit is all there is.
	q.Set("t.models", su.Target["models"])
	for k, v := range su.Target {
		q.Set("t."+k, v)
	}
	for i, a := range su.Attacks {
		p := "a" + strconv.Itoa(i) + "."
		q.Set(p+"count", a["count"])
		for k, v := range a {
			q.Set(p+k, v)
		}
	}
	f := parseForm(q)
	if len(su.Attacks) == 0 {
		f.Attacks = nil
	}
	doc, _ := f.document(rs)
	data, err := json.Marshal(doc)
	if err != nil {
		return matrixUnitJSON{}, err // our own types: cannot fail
	}
	var parts struct {
		Attacks json.RawMessage `json:"attacks"`
		Target  json.RawMessage `json:"target"`
	}
	if err := json.Unmarshal(data, &parts); err != nil {
		return matrixUnitJSON{}, err // written just above: cannot fail
	}
	check := data
	if len(f.Attacks) == 0 {
		// A unit that does not attack (its shooting cells are not
		// applicable) has its target checked all the same, beside a
		// stand-in group the loader asks for.
		stand := ordered.Object{}
		for _, fl := range doc {
			if fl.Key == "attacks" {
				fl.Value = []any{map[string]any{"count": 1, "strength": 1}}
			}
			stand.Add(fl.Key, fl.Value)
		}
		if check, err = json.Marshal(stand); err != nil {
			return matrixUnitJSON{}, err // our own types: cannot fail
		}
	}
	if _, err := scenario.Load("unit", check); err != nil {
		return matrixUnitJSON{}, err
	}
	return matrixUnitJSON{Name: name, Ruleset: rs.String(), Target: parts.Target, Attacks: parts.Attacks}, nil
}

// matrixOpenRequest is POST /matrix/open's body: the two sides as the
// page sent them to /api/matrix, and the cell.
type matrixOpenRequest struct {
	Mine   *matrixSide `json:"mine"`
	Theirs *matrixSide `json:"theirs"`
	Fight  string      `json:"fight"`
	Row    int         `json:"row"`
	Col    int         `json:"col"`
}

// handleMatrixOpen is POST /matrix/open: where a cell opens, as
// {"href": "..."}. The sides are read by /api/matrix's own code and the
// cell's file written by package matrix's (ScenarioFile, CombatFile), so
// that the tab it opens computes the very file the cell was computed
// from: a shooting cell on the Odds tab, its form filled in where the
// form says the whole file (else the file itself, as the tab's "yaml");
// a round on the Combat tab, the file in its text box. The href keeps
// the page's ?lang=.
func (s *Server) handleMatrixOpen(w http.ResponseWriter, r *http.Request) {
	l := requestLang(r)
	body, err := readBody(w, r, s.cfg.MaxBody)
	if err != nil {
		writeErrorIn(w, l, toAPIError(err, s.cfg.Timeout))
		return
	}
	var href string
	err = s.parsing(r.Context(), len(body), func() (err error) {
		href, err = matrixOpen(body, explicitLang(r))
		return err
	})
	if err != nil {
		writeErrorIn(w, l, toAPIError(err, s.cfg.Timeout))
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Href string `json:"href"`
	}{href})
}

// matrixOpen is the address of the cell body names, lang ("" or a
// language's code) carried on.
func matrixOpen(body []byte, lang string) (string, error) {
	if err := strictJSON(body); err != nil {
		return "", err
	}
	var req matrixOpenRequest
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return "", invalid("", "webmatrix.error.body", err.Error())
	}
	if req.Mine == nil {
		return "", invalid("mine", "web.matrix.required", "mine")
	}
	if req.Theirs == nil {
		return "", invalid("theirs", "web.matrix.required", "theirs")
	}
	f, err := matrix.ParseFight(req.Fight)
	if err != nil {
		return "", sayError(http.StatusBadRequest, "invalid", "fight", msgOf(err))
	}
	mine, err := req.Mine.side("mine")
	if err != nil {
		return "", err
	}
	theirs, err := req.Theirs.side("theirs")
	if err != nil {
		return "", err
	}
	if req.Row < 0 || req.Row >= len(mine.Units) {
		return "", invalid("row", "webmatrix.error.cell", "row", req.Row, len(mine.Units))
	}
	if req.Col < 0 || req.Col >= len(theirs.Units) {
		return "", invalid("col", "webmatrix.error.cell", "col", req.Col, len(theirs.Units))
	}
	row, col := &mine.Units[req.Row], &theirs.Units[req.Col]
	if f != matrix.Shooting {
		data, err := matrix.CombatFile(row, col, f)
		if err != nil {
			return "", sayError(http.StatusBadRequest, "invalid", "", msgOf(err))
		}
		return withLangHref("/combat?"+url.Values{"file": {string(data)}}.Encode(), lang), nil
	}
	data, err := matrix.ScenarioFile(row, col)
	if err != nil {
		return "", sayError(http.StatusBadRequest, "invalid", "", msgOf(err))
	}
	if data == nil {
		return "", invalid("fight", "webmatrix.error.no_shooting", row.Name)
	}
	file, err := scenario.Load("cell", data)
	if err != nil {
		return "", err
	}
	// The form, where it says the whole file; the file where it cannot.
	q := fileForm(file, tabOdds).values()
	if back, err := parseForm(q).scenario(); err != nil || !sameFile(back, file) {
		y, err := file.MarshalYAML()
		if err != nil {
			return "", err // a loaded file: cannot fail
		}
		q = url.Values{"tab": {tabOdds}, "yaml": {string(y)}}
	}
	return withLangHref("/?"+q.Encode(), lang), nil
}

// sameFile reports whether two scenario files say the same.
func sameFile(a, b *scenario.File) bool {
	x, errA := json.Marshal(a)
	y, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(x) == string(y)
}
