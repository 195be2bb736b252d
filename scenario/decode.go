package scenario

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// The decoder walks the syntax tree against the Go types, using the yaml
// tags for names, so that every problem is reported with the dotted field
// path and the place in the file. It never descends further than the Go
// types do, and records where each field stood for later checks.

var (
	typeRuleset     = reflect.TypeFor[rules.Ruleset]()
	typePhase       = reflect.TypeFor[rules.Phase]()
	typeArmour      = reflect.TypeFor[rules.Armour]()
	typeTroopType   = reflect.TypeFor[rules.TroopType]()
	typeWeaponClass = reflect.TypeFor[rules.WeaponClass]()
	typeTarget      = reflect.TypeFor[rules.Target]()
	typeToHit       = reflect.TypeFor[ToHit]()
	typeExpr        = reflect.TypeFor[Expr]()
	typeAim         = reflect.TypeFor[Aim]()
	typeDamage      = reflect.TypeFor[Damage]()
	typeOptions     = reflect.TypeFor[map[string]string]()
	typeReroll      = reflect.TypeFor[rules.Reroll]()
	typeTrigger     = reflect.TypeFor[rules.Trigger]()
	typeAgainst     = reflect.TypeFor[rules.Against]()
)

// field is one struct field as the file names it.
type field struct {
	name      string
	index     []int
	omitempty bool
	ranged    bool
	lo, hi    int
	plus      bool   // an integer that may also be written as a score, "4+"
	want      string // the want tag: what a value of the wrong kind is told to be
}

// fieldsOf lists the fields of a struct type by their yaml names, with
// embedded structs (Profile) inlined and "-" fields left out; a field of
// the struct itself hides one of the same name in an embedded struct, as
// in Go. Limits and the "N+" spelling come from the field catalogue. A
// want tag says what a value of the wrong kind is told to be, in place of
// the decoder's words ("want a list of fights" for "want a list, got
// text"). Each type's list is built once per process (the types a file
// is read into are few and fixed) and shared: callers only read it, and
// it is clipped so an append copies.
func fieldsOf(t reflect.Type) []field {
	if fs, ok := fieldLists.Load(t); ok {
		return fs.([]field)
	}
	fs, _ := fieldLists.LoadOrStore(t, slices.Clip(buildFields(t)))
	return fs.([]field)
}

// fieldLists holds fieldsOf's lists by reflect.Type.
var fieldLists sync.Map

// buildFields is fieldsOf without the cache.
func buildFields(t reflect.Type) []field {
	obj := objectOf(t)
	own := map[string]bool{}
	for i := range t.NumField() {
		sf := t.Field(i)
		if name, _, _ := strings.Cut(sf.Tag.Get("yaml"), ","); name != "" {
			own[name] = true
		}
	}
	var out []field
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("yaml")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" || !sf.IsExported() {
			continue
		}
		if sf.Anonymous && name == "" {
			for _, in := range fieldsOf(sf.Type) {
				if own[in.name] {
					continue
				}
				in.index = append([]int{i}, in.index...)
				out = append(out, in)
			}
			continue
		}
		f := field{name: name, index: []int{i}, omitempty: strings.Contains(opts, "omitempty"), want: sf.Tag.Get("want")}
		if s := lookup(obj, name); s != nil {
			f.ranged, f.lo, f.hi = s.Ranged, s.Min, s.Max
			f.plus = s.Score != nil
		}
		out = append(out, f)
	}
	return out
}

// objectOf is the catalogue's name for a struct type of the scenario.
func objectOf(t reflect.Type) Object {
	switch t {
	case reflect.TypeFor[File]():
		return ObjFile
	case reflect.TypeFor[Attack]():
		return ObjAttack
	case reflect.TypeFor[Target]():
		return ObjTarget
	case reflect.TypeFor[Profile]():
		return ObjProfile
	case reflect.TypeFor[Champion]():
		return ObjChampion
	case reflect.TypeFor[Character]():
		return ObjCharacter
	case reflect.TypeFor[Group]():
		return ObjGroup
	}
	return ""
}

func valueOf(f *File) reflect.Value { return reflect.ValueOf(f).Elem() }

type decoder struct {
	src *source
	// shapes say how the file speaks of each struct type (see Mapping).
	shapes map[reflect.Type]*Mapping
	// lists resolves from: fields; nil where none may be read (Load).
	lists *lists
}

func (d *decoder) fail(n ast.Node, path string, m msg.Message) *Error {
	p := nodePos(n)
	return (&Error{File: d.src.name, Line: p.line, Column: p.col, Field: path, Err: ErrInvalid}).setMessage(m)
}

// want is "want what, got" what n is; what is an English phrase (see
// phrase) or a message's argument.
func (d *decoder) want(n ast.Node, path string, what any) *Error {
	return d.fail(n, path, say("scenario.want_got", wantArg(what), describe(n)))
}

// wantOnly is "want what", for a value of the wrong kind.
func (d *decoder) wantOnly(n ast.Node, path string, what any) *Error {
	return d.fail(n, path, say("scenario.want", wantArg(what)))
}

func wantArg(what any) any {
	if s, ok := what.(string); ok {
		return phrase(s)
	}
	return what
}

// failErr is an error of a parser (ParseAim, ParseExpr, the rules' own) as
// the field's.
func (d *decoder) failErr(n ast.Node, path string, err error) *Error {
	return d.fail(n, path, say("scenario.error", errArg(err)))
}

// decode stores node n into v, the Go value of the field at path. want,
// if not empty, is what a value of the wrong kind is told to be (the
// field's want tag).
func (d *decoder) decode(n ast.Node, v reflect.Value, path, want string) *Error {
	if path != "" {
		if _, ok := d.src.pos[path]; !ok {
			d.src.pos[path] = nodePos(n)
		}
	}
	t := v.Type()
	if t == typeScalar {
		v.Set(reflect.ValueOf(scalarOf(n)))
		return nil
	}
	if _, ok := n.(*ast.NullNode); ok {
		return nil // "field:" with no value is the field left out
	}
	if want != "" && !fits(n, t) {
		return d.wantOnly(n, path, want)
	}
	switch t {
	case typeRuleset:
		return d.enum(n, v, path, "ruleset", rulesetNames(), func(s string) (int64, error) {
			r, err := rules.ParseRuleset(s)
			return int64(r), err
		})
	case typePhase:
		return d.enum(n, v, path, "phase", PhaseNames(), func(s string) (int64, error) {
			p, err := rules.ParsePhase(s)
			return int64(p), err
		})
	case typeArmour:
		return d.enum(n, v, path, "armour", rules.ArmourNames(), func(s string) (int64, error) {
			a, err := rules.ParseArmour(s)
			return int64(a), err
		})
	case typeTroopType:
		return d.enum(n, v, path, "troop type", rules.TroopTypeNames(), func(s string) (int64, error) {
			tt, err := rules.ParseTroopType(s)
			return int64(tt), err
		})
	case typeWeaponClass:
		return d.enum(n, v, path, "weapon class", WeaponClassNames(), func(s string) (int64, error) {
			w, err := rules.ParseWeaponClass(s)
			return int64(w), err
		})
	case typeTarget:
		return d.score(n, v, path)
	case typeToHit:
		return d.toHit(n, v, path)
	case typeExpr:
		return d.expr(n, v, path)
	case typeAim:
		s, ok := n.(*ast.StringNode)
		if !ok {
			return d.want(n, path, "rank_and_file, rank_and_file:<troop_type>, champion or character:<name>")
		}
		a, err := ParseAim(s.Value)
		if err != nil {
			return d.failErr(n, path, err)
		}
		v.Set(reflect.ValueOf(a))
		return nil
	case typeDamage:
		return d.damage(n, v, path)
	case typeOptions:
		return d.options(n, v, path)
	case typeReroll:
		return d.reroll(n, v, path)
	case typeTrigger:
		return d.trigger(n, v, path)
	case typeAgainst:
		return d.against(n, v, path)
	}
	switch t.Kind() {
	case reflect.Pointer:
		p := reflect.New(t.Elem())
		if e := d.decode(n, p.Elem(), path, want); e != nil {
			return e
		}
		v.Set(p)
		return nil
	case reflect.Struct:
		return d.mapping(n, v, path)
	case reflect.Slice:
		seq, ok := n.(*ast.SequenceNode)
		if !ok {
			return d.want(n, path, "a list")
		}
		if len(seq.Values) == 0 {
			return nil // an empty list is the field left out
		}
		if t.Elem() == reflect.TypeFor[Attack]() && slices.ContainsFunc(seq.Values, func(n ast.Node) bool { kvs, _ := entries(n); return hasFrom(kvs) }) {
			return d.attacksFrom(seq, v, path)
		}
		s := reflect.MakeSlice(t, len(seq.Values), len(seq.Values))
		for i, item := range seq.Values {
			p := fmt.Sprintf("%s[%d]", path, i)
			if _, null := item.(*ast.NullNode); null && t.Elem() != typeScalar {
				if m := d.shapes[t.Elem()]; m != nil && m.Want != "" {
					return d.wantOnly(item, p, m.Want)
				}
				return d.want(item, p, wantOf(t.Elem()))
			}
			if e := d.decode(item, s.Index(i), p, ""); e != nil {
				return e
			}
		}
		v.Set(s)
		return nil
	case reflect.Int:
		i, e := d.integer(n, path, "a whole number")
		if e != nil {
			return e
		}
		v.SetInt(int64(i))
		return nil
	case reflect.Bool:
		b, ok := n.(*ast.BoolNode)
		if !ok {
			return d.want(n, path, "true or false")
		}
		v.SetBool(b.Value)
		return nil
	case reflect.String:
		s, ok := n.(*ast.StringNode)
		if !ok {
			return d.want(n, path, "text")
		}
		v.SetString(s.Value)
		return nil
	}
	return d.fail(n, path, say("scenario.error", fmt.Sprintf("cannot decode into %v", t))) // a Go type the walker does not know: a programming error caught by the tests
}

// reroll reads a re-roll (RULES.md 20.1, 20.7): one of none, failed, ones,
// successes, or a list of them.
func (d *decoder) reroll(n ast.Node, v reflect.Value, path string) *Error {
	const what = "none, failed, ones, successes, or a list of them"
	text, e := d.names(n, path, what)
	if e != nil {
		return e
	}
	r, err := rules.ParseReroll(strings.Join(text, ","))
	if err != nil {
		return d.failErr(n, path, err)
	}
	v.Set(reflect.ValueOf(r))
	return nil
}

// names reads one name or a list of names (a re-roll, the conditions of
// a save); what says what the field wants.
func (d *decoder) names(n ast.Node, path string, what any) ([]string, *Error) {
	var text []string
	switch n := n.(type) {
	case *ast.StringNode:
		text = []string{n.Value}
	case *ast.SequenceNode:
		for _, item := range n.Values {
			s, ok := item.(*ast.StringNode)
			if !ok {
				return nil, d.want(item, path, what)
			}
			text = append(text, s.Value)
		}
	default:
		return nil, d.want(n, path, what)
	}
	return text, nil
}

// against reads the conditions of a special save (RULES.md 8.2): one of
// flaming, shooting, melee, magic, or a list of them.
func (d *decoder) against(n ast.Node, v reflect.Value, path string) *Error {
	whatMsg := say("scenario.want.against", orList(rules.AgainstNames()))
	text, e := d.names(n, path, whatMsg)
	if e != nil {
		return e
	}
	var a rules.Against
	for _, s := range text {
		one, err := rules.ParseAgainst(s)
		if err != nil || one == 0 || strings.Contains(s, ",") {
			return d.fail(n, path, say("scenario.condition", strconv.Quote(shorten(s)), whatMsg))
		}
		a |= one
	}
	v.Set(reflect.ValueOf(a))
	return nil
}

// trigger reads a natural-roll trigger (RULES.md 20.2): true, false or a
// score 2+ to 6+.
func (d *decoder) trigger(n ast.Node, v reflect.Value, path string) *Error {
	var text string
	switch n := n.(type) {
	case *ast.BoolNode:
		text = fmt.Sprint(n.Value)
	case *ast.StringNode:
		text = n.Value
	default:
		return d.want(n, path, "true, false or a score from 2+ to 6+")
	}
	t, err := rules.ParseTrigger(text)
	if err != nil {
		return d.failErr(n, path, err)
	}
	v.Set(reflect.ValueOf(t))
	return nil
}

func wantOf(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Struct:
		return "a mapping of fields"
	case reflect.String:
		return "text"
	case reflect.Int:
		return "a whole number"
	}
	return "a value"
}

// entries returns the key-value pairs of a mapping node, or false if n is
// not a mapping. goccy gives a one-key mapping as a bare MappingValueNode.
func entries(n ast.Node) ([]*ast.MappingValueNode, bool) {
	switch n := n.(type) {
	case *ast.MappingNode:
		return n.Values, true
	case *ast.MappingValueNode:
		return []*ast.MappingValueNode{n}, true
	}
	return nil, false
}

func keyOf(kv *ast.MappingValueNode) (string, bool) {
	switch k := kv.Key.(type) {
	case *ast.StringNode:
		return k.Value, true
	case *ast.MappingKeyNode:
		if s, ok := k.Value.(*ast.StringNode); ok {
			return s.Value, true
		}
	}
	return "", false
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func (d *decoder) mapping(n ast.Node, v reflect.Value, path string) *Error {
	m := d.shapes[v.Type()]
	if m == nil {
		m = &Mapping{Type: v.Type(), Of: "this mapping"}
	}
	kvs, ok := entries(n)
	if !ok && m.Want != "" {
		return d.wantOnly(n, path, m.Want)
	}
	if !ok {
		return d.want(n, path, "a mapping of fields")
	}
	if v.Type() == reflect.TypeFor[File]() {
		if e := d.combatFile(kvs); e != nil {
			return e
		}
	}
	if e := d.refused(kvs, path, m); e != nil {
		return e
	}
	if path == "" {
		d.peekRuleset(kvs)
	}
	if hasFrom(kvs) {
		if tv, ok := targetOf(v); ok {
			rest, e := d.fromTarget(kvs, tv, path)
			if e != nil {
				return e
			}
			kvs = rest
		}
	}
	return d.fields(kvs, v, path, m)
}

// fields stores a mapping's key-value pairs into the struct v, at path.
func (d *decoder) fields(kvs []*ast.MappingValueNode, v reflect.Value, path string, m *Mapping) *Error {
	fields := fieldsOf(v.Type())
	seen := map[string]bool{}
	for _, kv := range kvs {
		name, ok := keyOf(kv)
		if !ok {
			return d.fail(kv.Key, path, say("scenario.want_field_name", describe(kv.Key)))
		}
		var f *field
		for i := range fields {
			if fields[i].name == name {
				f = &fields[i]
				break
			}
		}
		if f == nil {
			e := d.fail(kv.Key, path, say("scenario.unknown_field", strconv.Quote(name), m.hint(name)))
			e.Err = ErrUnknownField
			if m.NameField {
				e.Field = join(path, name)
			}
			return e
		}
		if seen[name] {
			first := d.src.key[join(path, name)]
			return d.fail(kv.Key, join(path, name), say("scenario.twice", first.line, first.col))
		}
		seen[name] = true
		p := join(path, name)
		d.src.key[p] = nodePos(kv.Key)
		if s, ok := kv.Value.(*ast.StringNode); ok && f.plus && strings.HasSuffix(s.Value, "+") && isDigits(strings.TrimSuffix(s.Value, "+")) {
			n, _ := strconv.Atoi(strings.TrimSuffix(s.Value, "+"))
			v.FieldByIndex(f.index).SetInt(int64(min(n, 1000)))
			d.src.pos[p] = nodePos(kv.Value)
			d.src.score[p] = true
			continue
		}
		if e := d.decode(kv.Value, v.FieldByIndex(f.index), p, f.want); e != nil {
			return e
		}
	}
	return nil
}

// combatFile refuses a combat file (RULES.md 21.10: combat and sides at
// the top level) given where a scenario is wanted, saying which command
// reads it, as rearrank combat says of a scenario file.
func (d *decoder) combatFile(kvs []*ast.MappingValueNode) *Error {
	var combat *ast.MappingValueNode
	scenario := false
	for _, kv := range kvs {
		switch name, _ := keyOf(kv); name {
		case "combat", "sides":
			if combat == nil {
				combat = kv
			}
		case "attacks", "target":
			scenario = true
		}
	}
	switch {
	case combat == nil:
		return nil
	case scenario:
		name, _ := keyOf(combat)
		e := d.fail(combat.Key, name, say("scenario.file.combat_keys"))
		e.Err = errOtherFile
		return e
	}
	e := d.fail(combat.Key, "", say("scenario.file.combat"))
	e.Err = errOtherFile
	return e
}

// integer reads a whole number. Numbers too large for the tokenizer come as
// text of digits; they are out of every range.
func (d *decoder) integer(n ast.Node, path, what string) (int, *Error) {
	switch n := n.(type) {
	case *ast.IntegerNode:
		var i int64
		switch v := n.Value.(type) {
		case int64:
			i = v
		case uint64:
			i = 1 << 40
			if v < 1<<40 {
				i = int64(v)
			}
		}
		if i > 1<<30 || i < -(1<<30) {
			return 0, d.fail(n, path, say("scenario.out_of_range", n.Token.Value))
		}
		return int(i), nil
	case *ast.StringNode:
		// goccy gives a plain number too large for int64 as text.
		if n.Token.Type == token.StringType && isDigits(strings.TrimPrefix(n.Value, "-")) {
			return 0, d.fail(n, path, say("scenario.out_of_range", shorten(n.Value)))
		}
	}
	return 0, d.want(n, path, what)
}

// enum reads one of a list of names.
func (d *decoder) enum(n ast.Node, v reflect.Value, path, what string, names []string, parse func(string) (int64, error)) *Error {
	s, ok := n.(*ast.StringNode)
	if !ok {
		return d.fail(n, path, say("scenario.want_got", orList(names), describe(n)))
	}
	i, err := parse(s.Value)
	if err != nil {
		return d.fail(n, path, say("scenario.enum", phrase(what), strconv.Quote(shorten(s.Value)), orList(names)))
	}
	v.SetInt(i)
	return nil
}

// scalarText returns a number or a string node as text, for fields that
// take either (a save "5+" or 5, a to-hit "4+" or 4).
func (d *decoder) scalarText(n ast.Node, path, what string) (string, *Error) {
	switch n := n.(type) {
	case *ast.IntegerNode:
		i, e := d.integer(n, path, what)
		if e != nil {
			return "", e
		}
		return strconv.Itoa(i), nil
	case *ast.StringNode:
		return n.Value, nil
	}
	return "", d.want(n, path, what)
}

// score reads a ward, regeneration or aegis save: "5+", 5, or 0, "-" or
// "none" for none.
func (d *decoder) score(n ast.Node, v reflect.Value, path string) *Error {
	const what = "a save such as 5+, or 0 for none"
	text, e := d.scalarText(n, path, what)
	if e != nil {
		return e
	}
	t, err := parseScore(text, 1, 6)
	if err != nil {
		return d.fail(n, path, say("scenario.save", strconv.Quote(shorten(text))))
	}
	v.Set(reflect.ValueOf(t))
	return nil
}

func (d *decoder) toHit(n ast.Node, v reflect.Value, path string) *Error {
	const what = "a score such as 4+, or auto"
	text, e := d.scalarText(n, path, what)
	if e != nil {
		return e
	}
	h, err := ParseToHit(text)
	if err != nil || h.IsZero() { // no roll is not a to_hit

		return d.fail(n, path, say("scenario.to_hit", strconv.Quote(shorten(text))))
	}
	v.Set(reflect.ValueOf(h))
	return nil
}

func (d *decoder) expr(n ast.Node, v reflect.Value, path string) *Error {
	const what = "a number such as 20, or dice such as 2D6"
	var text string
	switch n := n.(type) {
	case *ast.IntegerNode:
		i, e := d.integer(n, path, what)
		if e != nil {
			return e
		}
		if i < 0 || i > dice.MaxConst {
			return d.fail(n, path, say("scenario.range", 0, dice.MaxConst, i))
		}
		text = strconv.Itoa(i)
	case *ast.StringNode:
		if plainNumber(n) { // JSON's 1e30, which YAML reads as text
			return d.want(n, path, what)
		}
		text = n.Value
	default:
		return d.want(n, path, what)
	}
	e, err := ParseExpr(text)
	if err != nil {
		return d.failErr(n, path, err)
	}
	v.Set(reflect.ValueOf(e))
	return nil
}

func (d *decoder) damage(n ast.Node, v reflect.Value, path string) *Error {
	const what = "a number (wounds carried by the pool) or a list (damage per model)"
	switch n := n.(type) {
	case *ast.IntegerNode:
		i, e := d.integer(n, path, what)
		if e != nil {
			return e
		}
		v.Set(reflect.ValueOf(Damage{Carried: i}))
		return nil
	case *ast.SequenceNode:
		dm := Damage{PerModel: make([]int, len(n.Values))}
		for i, item := range n.Values {
			p := fmt.Sprintf("%s[%d]", path, i)
			d.src.pos[p] = nodePos(item)
			x, e := d.integer(item, p, "a whole number")
			if e != nil {
				return e
			}
			dm.PerModel[i] = x
		}
		v.Set(reflect.ValueOf(dm))
		return nil
	}
	return d.want(n, path, what)
}

// options reads the switch map. Names are stored in scenario form
// (rules.SwitchName), values as text; Validate checks both against the
// ruleset.
func (d *decoder) options(n ast.Node, v reflect.Value, path string) *Error {
	kvs, ok := entries(n)
	if !ok {
		return d.want(n, path, "a mapping of switch names to values, such as {damage_model: pooled}")
	}
	m := map[string]string{}
	for _, kv := range kvs {
		name, ok := keyOf(kv)
		if !ok {
			return d.fail(kv.Key, path, say("scenario.want_switch_name", describe(kv.Key)))
		}
		canon := rules.SwitchName(name)
		p := join(path, canon)
		if _, dup := m[canon]; dup {
			first := d.src.key[p]
			return d.fail(kv.Key, p, say("scenario.twice", first.line, first.col))
		}
		d.src.key[p] = nodePos(kv.Key)
		d.src.pos[p] = nodePos(kv.Value)
		switch val := kv.Value.(type) {
		case *ast.StringNode:
			m[canon] = val.Value
		case *ast.BoolNode:
			m[canon] = strconv.FormatBool(val.Value)
		case *ast.IntegerNode:
			m[canon] = val.Token.Value
		case *ast.FloatNode:
			m[canon] = val.Token.Value
		default:
			return d.want(kv.Value, p, "a value such as pooled, true or 1/4")
		}
	}
	if len(m) > 0 {
		v.Set(reflect.ValueOf(m))
	}
	return nil
}

// describe says what a node is, for "want X, got Y".
// It is a message's argument: a message, or text for what is written as
// it is (true, false).
func describe(n ast.Node) any {
	switch n := n.(type) {
	case *ast.StringNode:
		if plainNumber(n) {
			return say("scenario.got.number", shorten(n.Value))
		}
		return say("scenario.got.text", strconv.Quote(shorten(n.Value)))
	case *ast.IntegerNode:
		return say("scenario.got.number", n.Token.Value)
	case *ast.FloatNode:
		return say("scenario.got.number", n.Token.Value)
	case *ast.BoolNode:
		return strconv.FormatBool(n.Value)
	case *ast.NullNode:
		return phrase("nothing")
	case *ast.SequenceNode:
		return phrase("a list")
	case *ast.MappingNode, *ast.MappingValueNode:
		return phrase("a mapping")
	case *ast.LiteralNode:
		return phrase("a block of text")
	case *ast.InfinityNode, *ast.NanNode:
		return say("scenario.got.number", n.GetToken().Value)
	}
	return "a " + strings.ToLower(n.Type().String())
}

// plainNumber reports whether an unquoted string node is a number all the
// same: an exponent such as 1e9, a number in JSON, which YAML 1.2's core
// schema reads as text.
func plainNumber(n *ast.StringNode) bool {
	if n.Token == nil || n.Token.Type != token.StringType {
		return false
	}
	_, err := strconv.ParseFloat(n.Value, 64)
	return err == nil && strings.ContainsAny(n.Value, "eE")
}

// listText writes names as "a, b or c".
func listText(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

func rulesetNames() []string {
	var out []string
	for _, r := range rules.Rulesets() {
		out = append(out, r.String())
	}
	return out
}

// PhaseNames lists the phase names a scenario accepts, default first.
func PhaseNames() []string {
	var out []string
	for p := rules.Phase(0); !strings.HasPrefix(p.String(), "invalid"); p++ {
		out = append(out, p.String())
	}
	return out
}

// WeaponClassNames lists the weapon class names a scenario accepts, "none"
// (the default: no critical hits) first.
func WeaponClassNames() []string {
	var out []string
	for w := rules.WeaponClass(0); !strings.HasPrefix(w.String(), "invalid"); w++ {
		out = append(out, w.String())
	}
	return out
}

// isDigits reports whether s is one or more ASCII digits.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
