package armylist

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// The JSON shapes of New Recruit's export (docs/IMPORT.md 1). Values a
// data set may write as a string or a number are kept raw.
type jsonRoster struct {
	Name           string       `json:"name"`
	GameSystemName string       `json:"gameSystemName"`
	Forces         []*jsonForce `json:"forces"`
}

type jsonForce struct {
	Selections []*jsonSel   `json:"selections"`
	Forces     []*jsonForce `json:"forces"`
}

type jsonSel struct {
	Name     string          `json:"name"`
	Type     string          `json:"type"`
	Number   json.RawMessage `json:"number"`
	Profiles []*jsonProfile  `json:"profiles"`
	Rules    []struct {
		Name string `json:"name"`
	} `json:"rules"`
	Selections []*jsonSel `json:"selections"`
	Categories []struct {
		Name string `json:"name"`
	} `json:"categories"`
}

type jsonProfile struct {
	Name            string `json:"name"`
	TypeName        string `json:"typeName"`
	Characteristics []struct {
		Name string          `json:"name"`
		Text json.RawMessage `json:"$text"`
	} `json:"characteristics"`
}

// jsonTop tells the formats apart: New Recruit's roster (wrapped in
// {"roster": ...} or bare, with its forces) or Old World Builder's list.
type jsonTop struct {
	Roster     json.RawMessage `json:"roster"`
	Forces     json.RawMessage `json:"forces"`
	Game       json.RawMessage `json:"game"`
	Core       json.RawMessage `json:"core"`
	Characters json.RawMessage `json:"characters"`
}

func readJSON(name string, data []byte) (*List, error) {
	if err := scanJSON(name, data); err != nil {
		return nil, err
	}
	var top jsonTop
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, jsonError(name, data, err)
	}
	switch {
	case top.Roster != nil:
		return readNewRecruit(name, data, true)
	case top.Forces != nil:
		return readNewRecruit(name, data, false)
	case top.Game != nil && (top.Core != nil || top.Characters != nil):
		return readOWB(name, data)
	}
	return nil, msg.Errorf(ErrNotList, "armylist.error.not_list", name)
}

// maxObjects bounds the JSON objects of a file: a selection, a profile,
// a characteristic and a rule are an object each, and a cost or a
// category one more.
const maxObjects = 4 * MaxItems

// scanJSON refuses JSON nested deeper than MaxDepth and JSON with more
// than MaxItems objects before anything is decoded, so that neither the
// decoder's recursion nor the tree it builds grows with a stranger's file.
func scanJSON(name string, data []byte) error {
	depth, objects := 0, 0
	inString, escaped := false, false
	for i, c := range data {
		if inString {
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '{', '[':
			depth++
			if depth > MaxDepth {
				line, col := lineCol(data, int64(i))
				return msg.Errorf(ErrUnsafe, "armylist.error.depth", name, line, col, MaxDepth)
			}
			if c == '{' {
				objects++
				if objects > maxObjects {
					line, col := lineCol(data, int64(i))
					return msg.Errorf(ErrUnsafe, "armylist.error.objects", name, line, col, maxObjects)
				}
			}
		case '}', ']':
			depth--
		}
	}
	return nil
}

func lineCol(data []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

// jsonError says where decoding data failed: the byte before the
// decoder's offset, the last it read.
func jsonError(name string, data []byte, err error) error {
	var syn *json.SyntaxError
	var kind *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		line, col := lineCol(data, syn.Offset-1)
		return msg.Errorf(ErrNotList, "armylist.error.json_syntax", name, line, col)
	case errors.As(err, &kind):
		line, col := lineCol(data, kind.Offset-1)
		return msg.Errorf(ErrNotList, "armylist.error.json_kind", name, line, col, kind.Field)
	}
	return msg.Errorf(errors.Join(ErrNotList, err), "armylist.error.not_list", name)
}

// readNewRecruit reads New Recruit's roster, wrapped in {"roster": ...}
// or bare.
func readNewRecruit(name string, data []byte, wrapped bool) (*List, error) {
	var jr jsonRoster
	var err error
	if wrapped {
		var w struct {
			Roster *jsonRoster `json:"roster"`
		}
		w.Roster = &jr
		err = json.Unmarshal(data, &w)
	} else {
		err = json.Unmarshal(data, &jr)
	}
	if err != nil {
		return nil, jsonError(name, data, err)
	}
	r := &roster{name: jr.Name, system: jr.GameSystemName}
	items := 0
	for _, f := range jr.Forces {
		r.forces = append(r.forces, fromJSONForce(f, &items))
	}
	if items > MaxItems {
		return nil, msg.Errorf(ErrUnsafe, "armylist.error.selections_json", name, MaxItems)
	}
	return fromRoster(name, NewRecruit, r)
}

func fromJSONForce(jf *jsonForce, items *int) *force {
	f := &force{}
	if jf == nil {
		return f
	}
	for _, s := range jf.Selections {
		f.sels = append(f.sels, fromJSONSel(s, items))
	}
	for _, sub := range jf.Forces {
		f.forces = append(f.forces, fromJSONForce(sub, items))
	}
	return f
}

func fromJSONSel(js *jsonSel, items *int) *sel {
	*items++
	s := &sel{}
	if js == nil {
		return s
	}
	s.name, s.typ, s.number = js.Name, js.Type, atoi(rawText(js.Number))
	for _, jp := range js.Profiles {
		if jp == nil {
			continue
		}
		*items++
		p := &profile{name: jp.Name, typeName: jp.TypeName}
		for _, c := range jp.Characteristics {
			*items++
			p.chars = append(p.chars, Char{Name: strings.TrimSpace(c.Name), Value: rawText(c.Text)})
		}
		s.profiles = append(s.profiles, p)
	}
	for _, r := range js.Rules {
		*items++
		s.rules = append(s.rules, r.Name)
	}
	for _, c := range js.Categories {
		s.cats = append(s.cats, c.Name)
	}
	for _, sub := range js.Selections {
		s.sels = append(s.sels, fromJSONSel(sub, items))
	}
	return s
}

// rawText returns a JSON string's text or a number's digits ("$text"
// holds either); "" for anything else.
func rawText(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return ""
	}
	if raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return strings.TrimSpace(s)
		}
		return ""
	}
	if _, err := strconv.ParseFloat(string(raw), 64); err == nil {
		return string(raw)
	}
	return ""
}

// atoi reads a count written as "5", "5.0" or 5; 0 when it is not one.
func atoi(s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && f >= 0 && f < 1e6 {
		return int(f)
	}
	return 0
}
