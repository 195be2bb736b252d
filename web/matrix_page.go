package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/internal/ordered"
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

// matrixMaxUnits is the most units a side of the matrix has, as the API
// bounds it (issue 29: 30 x 30); the page says it before a list is sent.
const matrixMaxUnits = 30

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
		Tabs: matrixTabsIn(l, lang), Langs: langLinks(r, l), Lang: lang, MaxUnits: matrixMaxUnits,
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

// matrixUnit is a unit of the matrix as POST /api/matrix takes it: the
// scenario's target and attack groups (docs/scenario.schema.json).
type matrixUnit struct {
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
	Units   []matrixUnit    `json:"units"`
	LeftOut []matrixLeftOut `json:"left_out"`
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
		if len(in.Units) > matrixMaxUnits {
			return invalid("units", "webmatrix.error.too_many", len(in.Units), matrixMaxUnits)
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
	out := matrixUnitsAnswer{Units: []matrixUnit{}, LeftOut: []matrixLeftOut{}}
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
func matrixUnitOf(name string, su matrixSavedUnit) (matrixUnit, error) {
	rs, err := rules.ParseRuleset(su.Ruleset)
	if err != nil {
		return matrixUnit{}, err
	}
	if len(su.Attacks) > maxFormAttacks {
		return matrixUnit{}, invalid("attacks", "webmatrix.error.attacks", len(su.Attacks), maxFormAttacks)
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
		return matrixUnit{}, fmt.Errorf("web: a form's scenario: %w", err) // our own types: cannot fail
	}
	var parts struct {
		Attacks json.RawMessage `json:"attacks"`
		Target  json.RawMessage `json:"target"`
	}
	if err := json.Unmarshal(data, &parts); err != nil {
		return matrixUnit{}, fmt.Errorf("web: a form's scenario: %w", err) // written just above: cannot fail
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
			return matrixUnit{}, fmt.Errorf("web: a form's scenario: %w", err) // our own types: cannot fail
		}
	}
	if _, err := scenario.Load("unit", check); err != nil {
		return matrixUnit{}, err
	}
	return matrixUnit{Name: name, Ruleset: rs.String(), Target: parts.Target, Attacks: parts.Attacks}, nil
}
