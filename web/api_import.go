package web

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rearrank/rearrank/armylist"
	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// POST /api/import reads a list file of New Recruit, BattleScribe or Old
// World Builder (issue 27) with package armylist, the reader the command
// line's `rearrank import` uses: the same limits, the same refusals in
// the same words. The body is the file's bytes, whatever its
// Content-Type, or a multipart/form-data form whose "file" part is the
// file (a plain HTML form's upload). The file is read and answered, never
// kept.
//
// Parameters, in the query string or as the form's other fields:
//
//	name=army.rosz       the file's name, for the errors (a form's part
//	                     gives its own); "request" without it
//	ruleset=tow          the ruleset to map the units to, in place of
//	                     the one the list's game maps to
//	set=toughness=3      a scenario field of the target or the attacks
//	                     (docs/scenario.md), as FIELD=VALUE (repeatable):
//	                     what the file does not give (Old World Builder
//	                     lists carry no stat lines) or what the player
//	                     overrides
//	lang=ru              the language of the texts (lang.go)

// importParams are the parameters of POST /api/import besides lang.
var importParams = []string{"name", "ruleset", "set"}

// Limits of an import request beside armylist's.
const (
	// importFormSlack is what a multipart form may add to the file it
	// carries: the boundaries, the parts' headers and the few fields.
	importFormSlack = 64 << 10
	// importMaxBody is the body limit of POST /api/import: a list file
	// of armylist.MaxInput bytes, in a form.
	importMaxBody  = armylist.MaxInput + importFormSlack
	maxImportName  = 255     // bytes of a file's name
	maxImportSets  = 64      // set parameters
	maxImportPart  = 1 << 10 // bytes of a form's field other than the file
	maxImportParts = 16      // parts of a form
)

// bodyLimit is the largest body the server reads for request r: a list
// file to import may be larger than a scenario (armylist.MaxInput, as on
// the command line), every other body Config.MaxBody.
func (s *Server) bodyLimit(r *http.Request) int64 {
	switch r.URL.Path {
	case "/api/import":
		return max(s.cfg.MaxBody, importMaxBody)
	case "/api/battles/import":
		return max(s.cfg.MaxBody, battle.MaxExportSize)
	case "/battle/import": // the file and the name, as a form
		return max(s.cfg.MaxBody, battle.MaxExportSize+battleImportFormExtra)
	}
	return s.cfg.MaxBody
}

// importRequest is a decoded POST /api/import: the file's name and bytes
// and the parameters.
type importRequest struct {
	name    string
	data    []byte
	ruleset rules.Ruleset // NoRuleset: the list's game's
	sets    importSets
}

func (s *Server) handleImport(w http.ResponseWriter, r *http.Request) {
	req, err := s.readImport(w, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// Every import waits for a parser, however small its body: a .rosz
	// of a few kilobytes may expand to armylist.MaxExpanded.
	var l *armylist.List
	err = s.parsing(r.Context(), max(len(req.data), largeBody), func() error {
		var err error
		l, err = readList(req.name, req.data)
		return err
	})
	if err != nil {
		s.fail(w, r, listError(err, req.name))
		return
	}
	writeJSON(w, http.StatusOK, importResult(l, req, requestLang(r)))
}

// readImport reads the body and the parameters: a form's from its parts,
// the others from the query string.
func (s *Server) readImport(w http.ResponseWriter, r *http.Request) (*importRequest, error) {
	query := r.URL.Query()
	for k := range query {
		if !slices.Contains(importParams, k) && k != "lang" {
			return nil, invalid(k, "web.api.unknown_param", strconv.Quote(k), listOr(importParams))
		}
	}
	body, err := readBody(w, r, s.bodyLimit(r))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, tooLargeList(query.Get("name"))
		}
		return nil, err
	}
	params := query
	if mt, ps, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err == nil && mt == "multipart/form-data" {
		if body, params, err = formFile(body, ps["boundary"], query); err != nil {
			return nil, err
		}
	}
	req := &importRequest{name: "request", data: body}
	if n := params.Get("name"); n != "" {
		if req.name, err = importName(n); err != nil {
			return nil, err
		}
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, invalid("file", "webimport.error.empty", req.name)
	}
	if rs := params.Get("ruleset"); rs != "" {
		if req.ruleset, err = rules.ParseRuleset(rs); err != nil {
			return nil, invalid("ruleset", "webimport.error.ruleset", errText{err})
		}
	}
	sets := params["set"]
	if len(sets) > maxImportSets {
		return nil, invalid("set", "webimport.error.sets", len(sets), maxImportSets)
	}
	set := map[string]string{}
	for _, kv := range sets {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" {
			return nil, invalid("set", "webimport.error.set", strconv.Quote(kv))
		}
		set[k] = v
	}
	if req.sets, err = splitSets(set); err != nil {
		return nil, err
	}
	return req, nil
}

// formFile finds the "file" part of a multipart form in body and the
// form's other fields, which join the query's.
func formFile(body []byte, boundary string, query map[string][]string) ([]byte, map[string][]string, error) {
	if boundary == "" {
		return nil, nil, invalid("file", "webimport.error.form")
	}
	params := map[string][]string{}
	for k, v := range query {
		params[k] = slices.Clone(v)
	}
	mr := multipart.NewReader(bytes.NewReader(body), boundary)
	var file []byte
	found := false
	for parts := 0; ; parts++ {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil || parts == maxImportParts {
			return nil, nil, invalid("file", "webimport.error.form")
		}
		field := p.FormName()
		switch {
		case field == "file":
			if found {
				return nil, nil, invalid("file", "webimport.error.two_files")
			}
			found = true
			if file, err = io.ReadAll(p); err != nil {
				return nil, nil, invalid("file", "webimport.error.form")
			}
			if n := p.FileName(); n != "" && len(params["name"]) == 0 {
				params["name"] = []string{n}
			}
		case slices.Contains(importParams, field):
			v, err := io.ReadAll(io.LimitReader(p, maxImportPart+1))
			if err != nil || len(v) > maxImportPart {
				return nil, nil, invalid(field, "webimport.error.form")
			}
			if len(v) > 0 {
				params[field] = append(params[field], string(v))
			}
		default:
			return nil, nil, invalid(field, "webimport.error.form_field", strconv.Quote(field), listOr(append([]string{"file"}, importParams...)))
		}
	}
	if !found {
		return nil, nil, invalid("file", "webimport.error.no_file")
	}
	return file, params, nil
}

// importName is a file's name as the errors write it: its last element
// (a browser may send a path), in UTF-8, of a sane length.
func importName(n string) (string, error) {
	n = path.Base(strings.ReplaceAll(n, `\`, "/"))
	if !utf8.ValidString(n) || len(n) > maxImportName || strings.ContainsFunc(n, func(r rune) bool { return r < ' ' || r == 0x7f }) || n == "/" || n == "." {
		return "", invalid("name", "webimport.error.name", maxImportName)
	}
	return n, nil
}

// readList reads a list file with armylist, turning a panic of the reader
// into an *inputPanic (loadScenario's defence in depth: no body gets a
// 500).
func readList(name string, data []byte) (l *armylist.List, err error) {
	defer func() {
		if v := recover(); v != nil {
			l, err = nil, &inputPanic{panicError{v: v, stack: stack()}}
		}
	}()
	return armylist.Read(name, bytes.NewReader(data))
}

// tooLargeList is the 413 of a list file past the limit, in armylist's
// words.
func tooLargeList(name string) *apiError {
	if name == "" {
		name = "request"
	}
	return sayError(http.StatusRequestEntityTooLarge, "too_large", "file", msg.New("armylist.error.too_large", name, armylist.MaxInput>>20))
}

// listError sorts armylist's refusals into statuses: a file past the
// limits of size (its own or its zip's expansion) is 413, any other
// refusal 400, with the place the message names in line and column. The
// codes: not_list, other_game, refused, too_large.
func listError(err error, name string) error {
	var me *msg.Error
	if !errors.As(err, &me) {
		return err // a time limit, a panic: toAPIError's
	}
	e := sayError(http.StatusBadRequest, "invalid", "file", me.Msg)
	switch me.Msg.ID {
	case "armylist.error.too_large", "armylist.error.zip_expanded":
		e.Status, e.Code = http.StatusRequestEntityTooLarge, "too_large"
	default:
		switch {
		case errors.Is(err, armylist.ErrOtherGame):
			e.Code = "other_game"
		case errors.Is(err, armylist.ErrUnsafe):
			e.Code = "refused"
		case errors.Is(err, armylist.ErrNotList):
			e.Code = "not_list"
		}
	}
	e.Line, e.Col = listPlace(me.Msg)
	return e
}

// listPlace is the line and column an armylist message names: its
// template starts "{0}:{1}:{2}:" (file, line, column) or "{0}:{1}:"
// (file, line), as the catalogue writes it.
func listPlace(m msg.Message) (line, col int) {
	e, ok := msg.Lookup(m.ID)
	if !ok {
		return 0, 0
	}
	at := func(i int) int {
		if i < len(m.Args) {
			if n, ok := m.Args[i].(int); ok {
				return n
			}
		}
		return 0
	}
	switch {
	case strings.HasPrefix(e.EN, "{0}:{1}:{2}:"):
		return at(1), at(2)
	case strings.HasPrefix(e.EN, "{0}:{1}:"):
		return at(1), 0
	}
	return 0, 0
}
