package scenario

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// Assignment gives one field or one switch of a scenario a new value, for
// a comparison: "attacks[0].strength=5", "target.armour=heavy",
// "target.characters[0].ward=4+", "damage_model=pooled". Path uses the
// file's own field names (the catalogue); a switch is named as under
// options:, with or without "options." before it. Value is written as the
// file would write it; an empty Value leaves the field out.
type Assignment struct {
	Path, Value string
}

// String returns the assignment as ParseAssignments reads it.
func (a Assignment) String() string { return a.Path + "=" + a.Value }

// ParseAssignments reads one variant's assignments, joined by commas:
// "attacks[0].strength=5,attacks[0].ap=1". A comma followed by text with
// no "=" belongs to the value before it, so lists stay whole:
// "attacks[0].reroll_hit=ones,successes", "target.command=[musician, standard]".
func ParseAssignments(s string) ([]Assignment, error) {
	var parts []string
	for p := range strings.SplitSeq(s, ",") {
		if len(parts) > 0 && !strings.Contains(p, "=") {
			parts[len(parts)-1] += "," + p
			continue
		}
		parts = append(parts, p)
	}
	out := make([]Assignment, 0, len(parts))
	for _, p := range parts {
		k, v, ok := strings.Cut(p, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, msg.Errorf(nil, "scenario.set.syntax", strconv.Quote(strings.TrimSpace(p)))
		}
		out = append(out, Assignment{Path: k, Value: strings.TrimSpace(v)})
	}
	return out, nil
}

// ErrNoField is wrapped by the error With returns for a path that names no
// field of the file.
var ErrNoField = errors.New("no such field")

// With returns a copy of f with each assignment made in turn, then given
// its defaults and validated like a loaded file. What Defaults worked out
// from fields the file left out (a frontage from models, an automatic hit
// when no bs or ws was given) is worked out again from the new values.
// Errors are *Error naming the path; a path that is not a field wraps
// ErrNoField. The copy has no source text, so its errors carry no line.
func (f *File) With(as ...Assignment) (*File, error) {
	c := f.detached()
	t := &c.Target
	if t.Frontage == defaultFrontage(t) {
		t.Frontage = 0
	}
	for i := range c.Attacks {
		if a := &c.Attacks[i]; a.ToHit.Auto && a.BS == 0 && a.WS == 0 {
			a.ToHit = ToHit{}
		}
	}
	for _, a := range as {
		if err := c.assign(a); err != nil {
			return nil, err
		}
	}
	c.Defaults()
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return c, nil
}

// defaultFrontage is the frontage Defaults gives a target that sets none.
func defaultFrontage(t *Target) int {
	if ranks := t.Ranks(); ranks != nil {
		return len(ranks[0])
	}
	return min(t.Models, 5)
}

// isSwitch reports whether an assignment's path names a switch: a switch
// name alone, "options.<name>", or RULES.md 18's "<ruleset>.<name>".
func isSwitch(path string) (string, bool) {
	if strings.Contains(path, "[") {
		return "", false
	}
	head, tail, dotted := strings.Cut(path, ".")
	if dotted {
		if _, err := rules.ParseRuleset(head); err != nil && head != "options" {
			return "", false
		}
		if head == "options" {
			path = tail
		}
	}
	name := rules.SwitchName(path)
	for _, s := range rules.Switches() {
		if s.Name == name {
			return path, true
		}
	}
	return "", false
}

// assign makes one assignment on c, which is a detached copy.
func (c *File) assign(a Assignment) error {
	fail := func(kind error, m msg.Message) error {
		return (&Error{Field: a.Path, Err: kind}).setMessage(m)
	}
	if name, ok := isSwitch(a.Path); ok {
		var o rules.Options
		if err := o.Set(name, a.Value); err != nil {
			return fail(ErrInvalid, say("scenario.error", errArg(err)))
		}
		if c.Options == nil {
			c.Options = map[string]string{}
		}
		c.Options[rules.SwitchName(name)] = a.Value
		return nil
	}
	v := valueOf(c)
	var leaf *field
	path := ""
	for seg := range strings.SplitSeq(a.Path, ".") {
		name, index, hasIndex, err := splitSegment(seg)
		if err != nil {
			return fail(ErrNoField, say("scenario.error", errArg(err)))
		}
		if v.Kind() == reflect.Pointer {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		if v.Kind() != reflect.Struct || objectOf(v.Type()) == "" {
			return fail(ErrNoField, say("scenario.set.no_fields", orFile(path)))
		}
		fields := fieldsOf(v.Type())
		leaf = nil
		for i := range fields {
			if fields[i].name == name {
				leaf = &fields[i]
			}
		}
		if leaf == nil {
			return fail(ErrNoField, say("scenario.set.no_field", orFile(path), strconv.Quote(name), suggest(name, fields)))
		}
		v = v.FieldByIndex(leaf.index)
		path = join(path, name)
		if hasIndex {
			if v.Kind() != reflect.Slice {
				return fail(ErrNoField, say("scenario.set.not_list", path))
			}
			if index >= v.Len() {
				if v.Len() == 1 {
					return fail(ErrNoField, say("scenario.set.one_entry", path))
				}
				return fail(ErrNoField, say("scenario.set.entries", path, v.Len()))
			}
			v = v.Index(index)
			path = fmt.Sprintf("%s[%d]", path, index)
			leaf = nil
		}
	}
	v.Set(reflect.Zero(v.Type()))
	text := a.Value
	if text == "" {
		return nil
	}
	if leaf != nil && leaf.plus && strings.HasSuffix(text, "+") {
		if s := lookup(ObjAttack, leaf.name); s == nil || !s.ScoreBy(c.Ruleset) {
			return fail(ErrInvalid, say("scenario.set.score", c.Ruleset.String(), leaf.name))
		}
		text = strings.TrimSuffix(text, "+")
	}
	src := newSource("")
	tks, e := tokenize("", []byte(text))
	if e != nil {
		return fail(ErrInvalid, e.message())
	}
	body, e := parse("", tks, emptyScenario)
	if e != nil {
		return fail(ErrInvalid, e.message())
	}
	d := decoder{src: src, shapes: scenarioShapes()}
	if e := d.decode(body, v, a.Path, ""); e != nil {
		return fail(e.Err, e.message())
	}
	if leaf != nil && leaf.ranged {
		n := v
		if n.Kind() == reflect.Pointer {
			n = n.Elem()
		}
		if got := int(n.Int()); got < leaf.lo || got > leaf.hi {
			return fail(ErrInvalid, say("scenario.range", leaf.lo, leaf.hi, got))
		}
	}
	return nil
}

func orFile(path string) any {
	if path == "" {
		return say("term.scenario.the_file")
	}
	return path
}

// splitSegment reads one element of a path: "strength" or "attacks[0]".
func splitSegment(seg string) (name string, index int, hasIndex bool, err error) {
	name, rest, hasIndex := strings.Cut(seg, "[")
	if name == "" {
		return "", 0, false, msg.Errorf(nil, "scenario.set.want_name", strconv.Quote(seg))
	}
	if !hasIndex {
		return name, 0, false, nil
	}
	digits, ok := strings.CutSuffix(rest, "]")
	index, err = strconv.Atoi(digits)
	if !ok || err != nil || index < 0 {
		return "", 0, false, msg.Errorf(nil, "scenario.set.want_index", strconv.Quote(seg), name)
	}
	return name, index, true, nil
}

// detached returns a deep copy of f with no source text: a variant's errors
// cannot point into a file it was not read from.
func (f *File) detached() *File {
	c := &File{}
	copyValue(reflect.ValueOf(c).Elem(), reflect.ValueOf(f).Elem())
	return c
}

// copyValue copies src into dst, sharing no slice, map or pointer. The
// scenario's own structs are copied field by field (File's source is left
// behind); other structs are values.
func copyValue(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if !src.IsNil() {
			p := reflect.New(src.Type().Elem())
			copyValue(p.Elem(), src.Elem())
			dst.Set(p)
		}
	case reflect.Slice:
		if !src.IsNil() {
			s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
			for i := range src.Len() {
				copyValue(s.Index(i), src.Index(i))
			}
			dst.Set(s)
		}
	case reflect.Map:
		if !src.IsNil() {
			m := reflect.MakeMapWithSize(src.Type(), src.Len())
			for it := src.MapRange(); it.Next(); {
				m.SetMapIndex(it.Key(), it.Value())
			}
			dst.Set(m)
		}
	case reflect.Struct:
		if src.Type().PkgPath() != typeFile.PkgPath() {
			dst.Set(src)
			return
		}
		for i := range src.NumField() {
			if src.Type().Field(i).IsExported() {
				copyValue(dst.Field(i), src.Field(i))
			}
		}
	default:
		dst.Set(src)
	}
}

var typeFile = reflect.TypeFor[File]()
