package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/scenario"
)

// A request body is a scenario file, JSON or YAML, with the other
// parameters in the query string; or, in JSON, an envelope that holds the
// scenario under "scenario" beside the other parameters:
//
//	POST /api/resolve?seed=7          body: {"ruleset": "whfb8", ...}
//	POST /api/resolve                 body: {"scenario": {"ruleset": "whfb8", ...}, "seed": 7}
//
// Lines and columns in errors point into the body either way.

// bodyFormat is how a request body is written.
type bodyFormat int8

const (
	formatAny  bodyFormat = iota // no Content-Type: JSON or YAML, as the loader finds it
	formatJSON                   // application/json
	formatYAML                   // application/yaml and friends
)

// mediaFormat reads the Content-Type; others than JSON, YAML and plain
// text get 415.
func mediaFormat(r *http.Request) (bodyFormat, *apiError) {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return formatAny, nil
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return 0, &apiError{Status: http.StatusUnsupportedMediaType, Code: "unsupported_media_type",
			Message: fmt.Sprintf("Content-Type %q: %v", ct, err)}
	}
	switch {
	case mt == "application/json" || strings.HasSuffix(mt, "+json"):
		return formatJSON, nil
	case mt == "application/yaml" || mt == "application/x-yaml" || mt == "text/yaml" || mt == "text/x-yaml" || strings.HasSuffix(mt, "+yaml"):
		return formatYAML, nil
	case mt == "text/plain":
		return formatAny, nil
	}
	return 0, sayError(http.StatusUnsupportedMediaType, "unsupported_media_type", "", msg.New("web.api.media_type", mt))
}

// readBody reads the whole body, at most max bytes.
func readBody(w http.ResponseWriter, r *http.Request, max int64) ([]byte, error) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, max))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, err
		}
		return nil, invalid("", "web.api.read_body", errText{err})
	}
	return data, nil
}

// request is a decoded POST: the scenario and the other parameters, from
// the envelope or the query string.
type request struct {
	body    []byte
	format  bodyFormat
	file    *scenario.File
	params  map[string]json.RawMessage // envelope fields other than scenario
	query   url.Values
	allowed []string // the parameters the route takes besides the scenario
}

// decodeRequest reads a POST body and its query and parses the scenario.
// allowed names the parameters the route takes besides the scenario.
func (s *Server) decodeRequest(w http.ResponseWriter, r *http.Request, allowed ...string) (*request, error) {
	req, err := s.readRequest(w, r, allowed...)
	if err != nil {
		return nil, err
	}
	return req, s.parsing(r.Context(), len(req.body), req.parse)
}

// cachedRequest reads a POST body and its query, answers from the cache
// when the same request was answered before, and parses the scenario
// otherwise. ok is false when it has answered (the cached answer, or the
// error); key is the request's cache key.
func (s *Server) cachedRequest(w http.ResponseWriter, r *http.Request, allowed ...string) (req *request, key [32]byte, ok bool) {
	req, err := s.readRequest(w, r, allowed...)
	if err != nil {
		s.fail(w, r, err)
		return nil, key, false
	}
	key = cacheKey(r, req.body)
	if v, hit := s.cache.get(key); hit {
		writeCached(w, r, v)
		return nil, key, false
	}
	if err := s.parsing(r.Context(), len(req.body), req.parse); err != nil {
		s.fail(w, r, err)
		return nil, key, false
	}
	return req, key, true
}

// largeBody is the size from which a body's parsing waits for a parser
// (Server.parsing): a scenario is a few kilobytes.
const largeBody = 64 << 10

// parsing runs parse, a parser of a body of n bytes, within ctx. A large
// body waits for one of a few parsers (one per core), so that a flood of
// them costs the server those parsers' CPU and memory and no more; a
// small one, the usual, parses at once. The parsers' own limits
// (scenario.MaxTokens, MaxDepth) stop each one early.
func (s *Server) parsing(ctx context.Context, n int, parse func() error) error {
	if n < largeBody {
		return parse()
	}
	select {
	case s.parsers <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() {
		<-s.parsers
		if s.cfg.ReturnMemory {
			s.freed.maybe(s.heavy)
		}
	}()
	return parse()
}

// readRequest checks the Content-Type and the query and reads the body,
// leaving the parsing to parse: a cached answer needs only the bytes.
func (s *Server) readRequest(w http.ResponseWriter, r *http.Request, allowed ...string) (*request, error) {
	format, aerr := mediaFormat(r)
	if aerr != nil {
		return nil, aerr
	}
	query := r.URL.Query()
	for k := range query {
		if !slices.Contains(allowed, k) && k != "lang" { // lang: every route's, the language of the texts (lang.go)
			return nil, invalid(k, "web.api.unknown_param", strconv.Quote(k), listOr(allowed))
		}
	}
	body, err := readBody(w, r, s.cfg.MaxBody)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, invalid("", "web.api.empty_body")
	}
	return &request{body: body, format: format, query: query, allowed: allowed}, nil
}

// parse reads the envelope, if any, and the scenario. A body sent as
// application/json must be JSON: YAML's looser syntax ({"ruleset": whfb8})
// is refused with the JSON error and its place.
func (req *request) parse() error {
	if req.format == formatJSON {
		if err := strictJSON(req.body); err != nil {
			return err
		}
	}
	scen := req.body
	enveloped := false
	if req.format != formatYAML {
		if inner, params, ok, err := splitEnvelope(req.body); err != nil {
			return err
		} else if ok {
			for k := range params {
				if !slices.Contains(req.allowed, k) {
					return invalid(k, "web.api.unknown_field", strconv.Quote(k), listOr(req.allowed))
				}
			}
			scen, req.params = inner, params
			enveloped = true
		}
	}
	f, err := loadScenario(scen)
	if err != nil {
		var se *scenario.Error
		if enveloped && errors.As(err, &se) && se.Field == "" && !errors.Is(err, scenario.ErrSyntax) {
			se.Field = "scenario" // the envelope's scenario as a whole: {"scenario": 5}
		}
		if req.format == formatYAML && errors.As(err, &se) && errors.Is(err, scenario.ErrUnknownField) && strings.Contains(se.Msg, `"scenario"`) {
			se.Msg += " (a YAML body is the scenario itself: give the other parameters in the query string)"
			if !se.Message.IsZero() {
				se.Message = msg.New("web.api.yaml_envelope", se.Message)
			}
		}
		return err
	}
	req.file = f
	return nil
}

// inputPanic is a panic of the scenario loader: a bug in rearrank, but
// one that this input set off, so the answer is 400 and the log has the
// stack (see recovered).
type inputPanic struct{ panicError }

// loadScenario loads a request's scenario, turning a panic of the loader
// into an *inputPanic: defence in depth, so that no request body gets a
// 500 however the loader fails on it.
func loadScenario(body []byte) (f *scenario.File, err error) {
	defer func() {
		if v := recover(); v != nil {
			f, err = nil, &inputPanic{panicError{v: v, stack: stack()}}
		}
	}()
	return scenario.Load("request", body)
}

// strictJSON checks that body is one JSON value, and says where it is not.
func strictJSON(body []byte) error {
	if json.Valid(body) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	var v json.RawMessage
	err := dec.Decode(&v)
	off := len(body)
	var se *json.SyntaxError
	var why any // the decoder's own English, or the catalogue's words
	if err != nil {
		why = err.Error()
	}
	switch {
	case errors.As(err, &se):
		off = int(se.Offset)
	case err == nil:
		off = int(dec.InputOffset())
		for off < len(body) && (body[off] == ' ' || body[off] == '\t' || body[off] == '\n' || body[off] == '\r') {
			off++
		}
		off++ // position points at the byte before
		why = msg.New("web.api.json_trailing")
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		why = msg.New("web.api.json_eof")
	}
	line, col := position(body, off)
	e := invalid("", "web.api.json", line, col, why)
	e.Line, e.Col = line, col
	return e
}

// position turns a byte offset into a 1-based line and column (in bytes),
// pointing at the byte before off, where the JSON decoder stopped.
func position(body []byte, off int) (line, col int) {
	off = max(0, min(off-1, len(body)))
	line = 1 + bytes.Count(body[:off], []byte{'\n'})
	col = off - bytes.LastIndexByte(body[:off], '\n')
	return line, col
}

// splitEnvelope finds a top-level "scenario" key in a JSON object. It
// returns the body with everything but the scenario's value blanked to
// spaces (newlines kept), so that the loader reports lines and columns of
// the body itself, and the other fields. ok is false when the body is not
// an envelope (the scenario itself, or text the loader will report on).
func splitEnvelope(body []byte) (scen []byte, params map[string]json.RawMessage, ok bool, err error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil, false, nil
	}
	params = map[string]json.RawMessage{}
	start, end := -1, -1
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, false, nil
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, nil, false, nil
		}
		if key != "scenario" {
			params[key] = raw
			continue
		}
		if start >= 0 {
			return nil, nil, false, invalid("scenario", "web.api.scenario_twice")
		}
		end = int(dec.InputOffset())
		start = end - len(raw)
		if start < 0 || !bytes.Equal(body[start:end], raw) {
			return nil, nil, false, invalid("scenario", "web.api.scenario_lost")
		}
	}
	if start < 0 {
		return nil, nil, false, nil
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, nil, false, nil
	}
	scen = bytes.Clone(body)
	for i, c := range scen {
		if (i < start || i >= end) && c != '\n' && c != '\r' {
			scen[i] = ' '
		}
	}
	return scen, params, true, nil
}

// exactFlags reads the exact and fallback parameters.
func (req *request) exactFlags() (exact, fallback bool, err error) {
	if exact, err = req.flag("exact"); err == nil {
		fallback, err = req.flag("fallback")
	}
	return exact, fallback, err
}

// flag reads a boolean parameter from the envelope or the query.
func (req *request) flag(name string) (bool, error) {
	if raw, ok := req.params[name]; ok {
		var b bool
		if err := json.Unmarshal(raw, &b); err != nil {
			return false, invalid(name, "web.api.want_bool", name)
		}
		return b, nil
	}
	v := req.query.Get(name)
	if !req.query.Has(name) {
		return false, nil
	}
	if v == "" {
		return true, nil // ?exact
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, invalid(name, "web.api.want_flag", name, v)
	}
	return b, nil
}

// text reads a string parameter; a JSON number in the envelope is taken as
// its text.
func (req *request) text(name string) (string, bool, error) {
	if raw, ok := req.params[name]; ok {
		var s string
		if err := json.Unmarshal(raw, &s); err == nil {
			return s, true, nil
		}
		var n json.Number
		if err := json.Unmarshal(raw, &n); err == nil {
			return n.String(), true, nil
		}
		return "", false, invalid(name, "web.api.want_string", name)
	}
	if req.query.Has(name) {
		return req.query.Get(name), true, nil
	}
	return "", false, nil
}

// list reads a list parameter: a JSON array of strings in the envelope, or
// repeated and comma-separated values in the query.
func (req *request) list(name string, splitCommas bool) ([]string, error) {
	if raw, ok := req.params[name]; ok {
		var v []string
		if err := json.Unmarshal(raw, &v); err != nil {
			return nil, invalid(name, "web.api.want_strings", name)
		}
		return v, nil
	}
	var out []string
	for _, v := range req.query[name] {
		if !splitCommas {
			out = append(out, v)
			continue
		}
		for p := range strings.SplitSeq(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	return out, nil
}

func listOr(names []string) msg.Message {
	switch len(names) {
	case 0:
		return msg.New("web.api.nothing_else")
	case 1:
		return msg.New("rules.value.raw", names[0])
	}
	return msg.New("web.api.list_or", strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}
