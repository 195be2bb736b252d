package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/scenario"
)

// The battle endpoints read a JSON object whose fields are theirs: a body
// of JSON only (a YAML body has no envelope to carry the version and the
// dice), at most Config.MaxBody bytes, every field known, each given once.
// Errors name the field and, where the body has it, its line and column.

// battleBody is a battle request's JSON object, field by field.
type battleBody struct {
	data   []byte
	fields map[string]bodyField
}

// bodyField is one field's value and where it starts in the body.
type bodyField struct {
	raw   json.RawMessage
	start int
}

// readBattleBody reads a battle request's body (an empty one is an empty
// object) and refuses a field that is not in allowed, and a query
// parameter that is not in query (lang is every route's).
func (s *Server) readBattleBody(w http.ResponseWriter, r *http.Request, query []string, allowed ...string) (*battleBody, error) {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		format, aerr := mediaFormat(r)
		if aerr != nil {
			return nil, aerr
		}
		if format == formatYAML {
			return nil, sayError(http.StatusUnsupportedMediaType, "unsupported_media_type", "", msg.New("battleapi.error.media_type", ct))
		}
	}
	for k := range r.URL.Query() {
		if !slices.Contains(query, k) && k != "lang" {
			return nil, invalid(k, "web.api.unknown_param", strconv.Quote(k), listOr(query))
		}
	}
	b := &battleBody{fields: map[string]bodyField{}}
	if r.Body == nil || r.Body == http.NoBody {
		return b, nil
	}
	data, err := readBody(w, r, s.cfg.MaxBody)
	if err != nil {
		return nil, err
	}
	b.data = data
	if len(bytes.TrimSpace(data)) == 0 {
		return b, nil
	}
	if err := strictJSON(data); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, invalid("", "battleapi.error.object", example(allowed))
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, invalid("", "battleapi.error.object", example(allowed))
		}
		key, _ := tok.(string)
		keyEnd := int(dec.InputOffset())
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, invalid(key, "battleapi.error.object", example(allowed))
		}
		start := int(dec.InputOffset()) - len(raw)
		if start < keyEnd || !bytes.Equal(data[start:start+len(raw)], raw) {
			start = keyEnd
		}
		f := bodyField{raw: raw, start: start}
		if !slices.Contains(allowed, key) {
			return nil, b.at(f, invalid(key, "battleapi.error.unknown_field", strconv.Quote(key), listOr(allowed)))
		}
		if _, ok := b.fields[key]; ok {
			return nil, b.at(f, invalid(key, "battleapi.error.twice", key))
		}
		b.fields[key] = f
	}
	return b, nil
}

// example is an object with a request's first field, for the error that
// says the body is not an object.
func example(allowed []string) string {
	if len(allowed) == 0 || allowed[0] == "version" {
		return `{"version": 7}`
	}
	return `{"` + allowed[0] + `": ...}`
}

// at places e at field f's value in the body.
func (b *battleBody) at(f bodyField, e *apiError) *apiError {
	e.Line, e.Col = position(b.data, f.start+1)
	return e
}

// has reports whether the body gives name (null counts as not given).
func (b *battleBody) has(name string) bool {
	f, ok := b.fields[name]
	return ok && string(f.raw) != "null"
}

// str reads a string field.
func (b *battleBody) str(name string, required bool) (string, error) {
	if !b.has(name) {
		if required {
			return "", invalid(name, "battleapi.error.required", name)
		}
		return "", nil
	}
	f := b.fields[name]
	var v string
	if err := json.Unmarshal(f.raw, &v); err != nil {
		return "", b.at(f, invalid(name, "web.api.want_string", name))
	}
	return v, nil
}

// integer reads a whole number field.
func (b *battleBody) integer(name string) (int64, bool, error) {
	if !b.has(name) {
		return 0, false, nil
	}
	f := b.fields[name]
	var v int64
	if err := json.Unmarshal(f.raw, &v); err != nil {
		return 0, false, b.at(f, invalid(name, "battleapi.error.want_int", name))
	}
	return v, true, nil
}

// boolean reads a true or false field.
func (b *battleBody) boolean(name string) (bool, error) {
	if !b.has(name) {
		return false, nil
	}
	f := b.fields[name]
	var v bool
	if err := json.Unmarshal(f.raw, &v); err != nil {
		return false, b.at(f, invalid(name, "battleapi.error.want_bool", name))
	}
	return v, nil
}

// object reads a field that must be a JSON object, as its bytes.
func (b *battleBody) object(name string, required bool) (bodyField, bool, error) {
	if !b.has(name) {
		if required {
			return bodyField{}, false, invalid(name, "battleapi.error.required", name)
		}
		return bodyField{}, false, nil
	}
	f := b.fields[name]
	if f.raw[0] != '{' {
		return bodyField{}, false, b.at(f, invalid(name, "battleapi.error.want_object", name))
	}
	return f, true, nil
}

// list reads a field that must be a JSON array, as its bytes.
func (b *battleBody) list(name string) (bodyField, error) {
	if !b.has(name) {
		return bodyField{}, invalid(name, "battleapi.error.required", name)
	}
	f := b.fields[name]
	if f.raw[0] != '[' {
		return bodyField{}, b.at(f, invalid(name, "battleapi.error.want_list", name))
	}
	return f, nil
}

// params is the body as the scenario endpoints' envelope parameters, for
// their readers (diceAndSeed).
func (b *battleBody) params() *request {
	p := map[string]json.RawMessage{}
	for k, f := range b.fields {
		if string(f.raw) != "null" {
			p[k] = f.raw
		}
	}
	return &request{params: p}
}

// diceAndSeed reads dice and seed as /api/resolve does, the error placed
// in the body.
func (b *battleBody) diceAndSeed() ([]int, *uint64, error) {
	faces, seed, err := b.params().diceAndSeed()
	var ae *apiError
	if errors.As(err, &ae) && ae.Field != "" {
		if f, ok := b.fields[ae.Field]; ok {
			b.at(f, ae)
		}
	}
	return faces, seed, err
}

// A battle's unit is written as a scenario's parts: the ruleset, the
// switches and the target; its attacks as a scenario's attacks. The
// endpoints load them as a scenario file made of those parts, some from
// the body and some from the battle, so that the loader checks them as it
// checks every scenario; its errors' lines and columns are then moved
// back into the body.

// member is one field of a composed scenario file: its key and value,
// and where the value starts in the request body (-1: not from it).
type member struct {
	key  string
	raw  []byte
	from int
}

// segment is a stretch of a composed file copied from the body.
type segment struct{ at, from, n int }

// loadComposed loads the scenario file made of members, its errors
// placed in body.
func loadComposed(body []byte, members ...member) (*scenario.File, error) {
	var doc bytes.Buffer
	var segs []segment
	doc.WriteByte('{')
	for i, m := range members {
		if i > 0 {
			doc.WriteByte(',')
		}
		doc.WriteString(strconv.Quote(m.key))
		doc.WriteByte(':')
		if m.from >= 0 {
			segs = append(segs, segment{at: doc.Len(), from: m.from, n: len(m.raw)})
		}
		doc.Write(m.raw)
	}
	doc.WriteByte('}')
	f, err := loadScenario(doc.Bytes())
	var se *scenario.Error
	if errors.As(err, &se) && se.Line > 0 {
		off := offsetOf(doc.Bytes(), se.Line, se.Column)
		se.Line, se.Column = 0, 0
		for _, s := range segs {
			if off >= s.at && off < s.at+s.n {
				se.Line, se.Column = position(body, s.from+off-s.at+1)
			}
		}
	}
	return f, err
}

// offsetOf is the byte offset of a 1-based line and column in data.
func offsetOf(data []byte, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			break
		}
		off += i + 1
	}
	return off + max(col-1, 0)
}

// valueAt is the offset in raw, a JSON value, of the value at path as
// the scenario's errors name fields ("sides.a.fights[0].strength"); ok is
// false when raw does not hold it.
func valueAt(raw []byte, path string) (off int, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	skip := func() bool {
		var v json.RawMessage
		return dec.Decode(&v) == nil
	}
	for _, part := range strings.Split(path, ".") {
		key, rest, _ := strings.Cut(part, "[")
		if key != "" {
			if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
				return 0, false
			}
			for {
				if !dec.More() {
					return 0, false
				}
				tok, err := dec.Token()
				if err != nil {
					return 0, false
				}
				if tok == key {
					break
				}
				if !skip() {
					return 0, false
				}
			}
		}
		for rest != "" {
			n, tail, found := strings.Cut(rest, "]")
			i, err := strconv.Atoi(n)
			if !found || err != nil || i < 0 {
				return 0, false
			}
			if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
				return 0, false
			}
			for ; i > 0; i-- {
				if !dec.More() || !skip() {
					return 0, false
				}
			}
			if !dec.More() {
				return 0, false
			}
			rest = strings.TrimPrefix(tail, "[")
		}
	}
	// The decoder stands after the key or the element before: the value
	// begins past the colon or comma and any space.
	off = int(dec.InputOffset())
	for off < len(raw) && strings.IndexByte(" \t\r\n:,", raw[off]) >= 0 {
		off++
	}
	return off, off < len(raw)
}

// fromBody is a member whose value is field f of the body.
func fromBody(key string, f bodyField) member {
	return member{key: key, raw: f.raw, from: f.start}
}

// ours is a member whose value the server writes.
func ours(key string, raw []byte) member { return member{key: key, raw: raw, from: -1} }

// optionsJSON is a unit's switches as a scenario file writes them.
func optionsJSON(o map[string]string) []byte {
	if o == nil {
		return []byte("{}")
	}
	data, _ := json.Marshal(o) // strings: cannot fail
	return data
}

// quoted is s as a JSON string.
func quoted(s string) []byte {
	data, _ := json.Marshal(s) // a string: cannot fail
	return data
}
