package scenario

import (
	"fmt"
	"reflect"
	"slices"
	"sync"

	"github.com/goccy/go-yaml/ast"
	"github.com/rearrank/rearrank/msg"
)

// A Decoder reads a YAML or JSON file into a Go struct declared as File
// is, fields named by yaml tags, by the machinery Load reads a scenario
// with: the same limits on the text (MaxSize, MaxDepth, MaxTokens and the
// others of measure), the same types (a field of type rules.Armour reads
// "heavy" and refuses "hevy" with the names it takes), the same errors for
// unknown fields (with a likely spelling) and fields given twice, each an
// *Error at the field's path and place. A file with its own format (a
// combat file) declares its types, embedding the scenario's where they
// are the same (a Target, an Attack), and says in Mappings how its errors
// speak of them.
//
// Besides File's types, a field may be a Scalar: the value as written,
// for a field whose checks and words are the caller's own.
type Decoder struct {
	// Empty is the message for a file with no document in it; "" for
	// Load's.
	Empty string
	// Mappings say how errors name the file's struct types; a type not
	// listed is "this mapping", with no fields of others to suggest.
	Mappings []Mapping
	// TwiceFirst: a field given twice, anywhere in the file, is the error
	// before any other; the rest of a file with one is not read.
	TwiceFirst bool
	// Lists opens the list files a unit's from: names (docs/import.md);
	// nil refuses from:, as Load does.
	Lists ListOpener
}

// A Mapping says how a file's errors speak of one of its struct types.
type Mapping struct {
	Type reflect.Type
	// Of names it in a player's words: "a unit", "the side".
	Of string
	// Want, if not empty, is what a value that is not a mapping is told
	// to be ("want a mapping of fields"), in place of "want a mapping of
	// fields, got text "x"".
	Want string
	// Own are its field names as an unknown field's hint offers them, in
	// the order it prefers them (the first wins a tie); nil for the
	// type's own fields.
	Own []string
	// Others are the fields of other mappings of the file, for a field
	// written in the wrong place ("damage is a field of a unit, not of a
	// fight"; see Fields).
	Others []Fields
	// ValueHint: a name that is a value of one of its fields says so
	// ("bladed is a value of weapon_class: write weapon_class: bladed").
	ValueHint bool
	// ListFields: an unknown field that is like none lists the fields,
	// "(want unit, leadership or fights)".
	ListFields bool
	// NameField: an unknown field's error names the field's own path
	// ("sides.a.colour"), not the mapping's ("sides.a.unit").
	NameField bool
	// Refused are names the mapping turns away with a message of its
	// own, checked before its other fields.
	Refused []Refusal
}

// A Refusal is a field name that a mapping turns away, and why.
type Refusal struct {
	Name string
	Msg  string
	// Message, when set, is Msg as a message of the catalogue, said in
	// the reader's language.
	Message msg.Message
	// Err is the kind of the error: ErrUnknownField, which points at the
	// name; ErrOtherFile (wrapping ErrInvalid too) or nil for ErrInvalid,
	// which point at the value.
	Err error
}

// Fields are the field names of one object of a file, for an unknown
// field's hint: Of names the object in a player's words ("target", "an
// attack group"). A name in Silent is one the hint must not offer: when
// it is the closest, the hint says nothing (a field of the object that
// this file leaves out).
type Fields struct {
	Of     string
	Names  []string
	Silent []string
}

// A Scalar is a field's value as the file wrote it, for a field the
// caller checks in its own words. Given says that the file wrote the
// field, with or without a value. Value is an int64; a float64 (a number
// with a point or an exponent, or a whole number of 2^40 or more); a
// string (text, block text, or .inf and .nan as written); a bool; or nil
// for no value, a list or a mapping, whose insides are not read.
type Scalar struct {
	Value any
	Given bool
}

var typeScalar = reflect.TypeFor[Scalar]()

// scalarOf is the Scalar of a node.
func scalarOf(n ast.Node) Scalar {
	s := Scalar{Given: true}
	switch n := n.(type) {
	case *ast.IntegerNode:
		switch x := n.Value.(type) {
		case int64:
			s.Value = x
		case uint64:
			s.Value = float64(x) // out of every range
			if x < 1<<40 {
				s.Value = int64(x)
			}
		}
	case *ast.FloatNode:
		s.Value = n.Value
	case *ast.StringNode:
		s.Value = n.Value
	case *ast.LiteralNode:
		if n.Value != nil {
			s.Value = n.Value.Value
		}
	case *ast.BoolNode:
		s.Value = n.Value
	case *ast.NullNode, *ast.MappingNode, *ast.MappingValueNode, *ast.SequenceNode:
	default:
		s.Value = n.String()
	}
	return s
}

// fits reports whether node n is of the kind a value of type t is
// written as, for a want tag: a list for a slice, a mapping for a
// struct, text for text and names; any other type reads what it reads.
func fits(n ast.Node, t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t {
	case typeRuleset, typePhase, typeArmour, typeTroopType, typeWeaponClass, typeAim:
		_, ok := n.(*ast.StringNode)
		return ok
	case typeOptions:
		_, ok := entries(n)
		return ok
	case typeTarget, typeToHit, typeExpr, typeDamage, typeReroll, typeTrigger, typeAgainst:
		return true
	}
	switch t.Kind() {
	case reflect.Slice:
		_, ok := n.(*ast.SequenceNode)
		return ok
	case reflect.Struct:
		_, ok := entries(n)
		return ok
	case reflect.String:
		_, ok := n.(*ast.StringNode)
		return ok
	}
	return true
}

// refused returns the error for the first of kvs, in the file's order,
// that m refuses.
func (d *decoder) refused(kvs []*ast.MappingValueNode, path string, m *Mapping) *Error {
	if len(m.Refused) == 0 {
		return nil
	}
	for _, kv := range kvs {
		name, _ := keyOf(kv)
		i := slices.IndexFunc(m.Refused, func(r Refusal) bool { return r.Name == name })
		if i < 0 {
			continue
		}
		r := m.Refused[i]
		why := r.Message
		if why.IsZero() {
			why = say("scenario.error", r.Msg)
		}
		var e *Error
		switch r.Err {
		case ErrUnknownField:
			e = d.fail(kv.Key, join(path, name), why)
			e.Err = ErrUnknownField
		case ErrOtherFile:
			e = d.fail(kv.Value, join(path, name), why)
			e.Err = errOtherFile
		default:
			e = d.fail(kv.Value, join(path, name), why)
		}
		return e
	}
	return nil
}

// twice returns the first field of n, or of the mappings and lists in it,
// given twice in one mapping: in the order of the first of the two, and
// before the field's value is read, at the last time it is given.
func (d *decoder) twice(n ast.Node, path string) *Error {
	if seq, ok := n.(*ast.SequenceNode); ok {
		for i, item := range seq.Values {
			if e := d.twice(item, fmt.Sprintf("%s[%d]", path, i)); e != nil {
				return e
			}
		}
		return nil
	}
	kvs, ok := entries(n)
	if !ok {
		return nil
	}
	for i, kv := range kvs {
		name, ok := keyOf(kv)
		if !ok {
			continue
		}
		last := -1
		for j := i + 1; j < len(kvs); j++ {
			if other, ok := keyOf(kvs[j]); ok && other == name {
				last = j
			}
		}
		if last >= 0 && !slices.ContainsFunc(kvs[:i], func(kv *ast.MappingValueNode) bool { k, _ := keyOf(kv); return k == name }) {
			first := nodePos(kv.Key)
			return d.fail(kvs[last].Key, join(path, name), say("scenario.twice", first.line, first.col))
		}
		if e := d.twice(kv.Value, join(path, name)); e != nil {
			return e
		}
	}
	return nil
}

// hint says what a file probably meant by a field name that m does not
// have, in parentheses after a space, or "": a message's argument.
func (m *Mapping) hint(name string) any {
	own := m.Own
	if own == nil {
		own = fieldNames(m.Type)
	}
	h, silent := hint(name, m.Of, own, m.Others...)
	switch {
	case silent:
		return ""
	case h == nil && m.ValueHint:
		h = valueHint(name, m.Type)
	}
	if h == nil && m.ListFields {
		return say("scenario.hint.want", orList(own))
	}
	if h == nil {
		return ""
	}
	return *h
}

// FieldNames lists the field names a Decoder reads for struct type t, in
// its order (embedded structs inlined), for Mapping.Own and Fields.
func FieldNames(t reflect.Type) []string { return fieldNames(t) }

// scenarioShapes are the mappings of a scenario file: each names the
// others' fields, and the values of its own.
var scenarioShapes = sync.OnceValue(func() map[reflect.Type]*Mapping {
	shapes := map[reflect.Type]*Mapping{}
	for _, o := range fileObjects {
		m := &Mapping{Type: o.t, Of: o.name, ValueHint: true}
		for _, other := range fileObjects {
			if other.t != o.t {
				m.Others = append(m.Others, Fields{Of: other.name, Names: fieldNames(other.t)})
			}
		}
		shapes[o.t] = m
	}
	return shapes
})

// fileObjects are the objects of a scenario file, as an unknown field's
// hint names them, in the order it looks for a field of another object.
var fileObjects = []struct {
	t    reflect.Type
	name string
}{
	{reflect.TypeFor[File](), "the file's top level"},
	{reflect.TypeFor[Target](), "target"},
	{reflect.TypeFor[Attack](), "an attack group"},
	{reflect.TypeFor[Group](), "a group"},
	{reflect.TypeFor[Character](), "a character"},
	{reflect.TypeFor[Champion](), "the champion"},
}

// shapes indexes the decoder's mappings by type.
func (dc *Decoder) shapes() map[reflect.Type]*Mapping {
	out := make(map[reflect.Type]*Mapping, len(dc.Mappings))
	for i := range dc.Mappings {
		out[dc.Mappings[i].Type] = &dc.Mappings[i]
	}
	return out
}

// Decode reads data, YAML or JSON, into v, a pointer to a struct, and
// returns the document: where each field stood, for the caller's own
// checks. Every error is an *Error naming the file, line, column and
// field, as Load's are. The name labels errors; "-" is shown as
// "<stdin>". A field written with no value is left out.
func (dc *Decoder) Decode(name string, data []byte, v any) (*Doc, error) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("scenario: Decode into %T, want a pointer to a struct", v)) // a programming error
	}
	name = displayName(name)
	empty := dc.Empty
	if empty == "" {
		empty = emptyScenario
	}
	body, e := read(name, data, empty)
	if e != nil {
		return nil, e
	}
	// The root has no position of its own: an error about a field the
	// file does not have, nor any field around it, names no line.
	doc := &Doc{src: newSource(name)}
	d := decoder{src: doc.src, shapes: dc.shapes(), lists: newLists(dc.Lists)}
	if dc.TwiceFirst {
		if e := d.twice(body, ""); e != nil {
			return nil, e
		}
	}
	if e := d.decode(body, rv.Elem(), "", ""); e != nil {
		return nil, e
	}
	doc.notes = d.lists.notes
	return doc, nil
}

// TopFields returns the names of the top-level fields of a YAML or JSON
// text, in the file's order, and false when it is not a mapping or cannot
// be read within Load's limits.
func TopFields(data []byte) ([]string, bool) {
	body, e := read("", data, emptyScenario)
	if e != nil {
		return nil, false
	}
	kvs, ok := entries(body)
	if !ok {
		return nil, false
	}
	names := make([]string, 0, len(kvs))
	for _, kv := range kvs {
		if name, ok := keyOf(kv); ok {
			names = append(names, name)
		}
	}
	return names, true
}

// A Doc is a file a Decoder read: where each of its fields stood.
type Doc struct {
	src   *source
	notes []msg.Message
}

// ListNotes are the notes of the units its from: fields named: what the
// mapping from the list did not use or assumed (ListTarget), for the
// player to see.
func (d *Doc) ListNotes() []msg.Message { return d.notes }

// Has reports whether the file wrote the field (a dotted path such as
// "sides.a.leadership"), with or without a value.
func (d *Doc) Has(field string) bool { return d.src.has(field) }

// Errorf returns an *Error of kind (ErrInvalid, ErrUnknownField) about
// the field, at its value, or for ErrUnknownField at its name; where the
// file does not have the field, at the nearest field around it.
func (d *Doc) Errorf(kind error, field, format string, args ...any) *Error {
	return d.src.errorf(kind, field, format, args...)
}

// Fail is Errorf with a message of the catalogue, said in the reader's
// language (Error.Text).
func (d *Doc) Fail(kind error, field string, m msg.Message) *Error {
	return d.src.fail(kind, field, m)
}

// Scenario returns f, a scenario made of parts of the document, such as
// a combat file's unit and fights, so that Defaults, Validate and Build
// report its problems at the document's fields and places, and name them
// so in their messages. at maps the scenario's field paths to the
// document's: {"target": "sides.b.unit", "attacks[0]":
// "sides.a.fights[0]"}; a path is mapped by its longest prefix of whole
// elements there, and the key "" maps the rest.
func (d *Doc) Scenario(f File, at map[string]string) *File {
	src := *d.src
	src.rename = at
	f.src = &src
	return &f
}

func newSource(name string) *source {
	return &source{name: name, pos: map[string]position{}, key: map[string]position{}, score: map[string]bool{}}
}
