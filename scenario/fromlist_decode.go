package scenario

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/rearrank/rearrank/armylist"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// A ListOpener opens the list file a from: field names, as the field
// writes it ("lists/army.json"), for LoadLists and Decoder.Lists.
type ListOpener func(name string) (io.ReadCloser, error)

// DirLists opens list files on disk: a name that is not absolute is
// relative to dir, the directory of the file that names it ("" or "."
// for the working directory, as for standard input).
func DirLists(dir string) ListOpener {
	return func(name string) (io.ReadCloser, error) {
		if !filepath.IsAbs(name) {
			name = filepath.Join(dir, filepath.FromSlash(name))
		}
		return os.Open(name)
	}
}

// FSLists opens list files in fsys, relative to dir, a directory of fsys.
func FSLists(fsys fs.FS, dir string) ListOpener {
	return func(name string) (io.ReadCloser, error) {
		return fsys.Open(path.Join(dir, name))
	}
}

// LoadLists is Load for a scenario whose target or attack groups may name
// a unit of a list file (docs/import.md): `target: {from: army.json,
// unit: "Spearmen"}`, with set: and the target's own fields beside them.
// open reads the list files; the notes are what the mapping did not use
// or assumed (ListTarget, ListAttacks), for the player to see. Load
// itself refuses from:, as it reads no files.
func LoadLists(name string, data []byte, open ListOpener) (*File, []msg.Message, error) {
	return load(name, data, open)
}

// LoadUnit is LoadLists for a file that stands for a unit, not an
// attack: its attacks may be left out, as a unit added to a battle
// needs only the ruleset, the switches and the target. Attacks it does
// give are checked as any file's; such a File with none is not for
// Build.
func LoadUnit(name string, data []byte, open ListOpener) (*File, []msg.Message, error) {
	return loadAs(name, data, open, true)
}

// LoadFS reads the scenario file p of fsys and loads it as LoadLists
// does, its list files read from fsys relative to p's directory.
func LoadFS(fsys fs.FS, p string) (*File, []msg.Message, error) {
	f, err := fsys.Open(p)
	if err != nil {
		return nil, nil, (&Error{File: p, Err: fmt.Errorf("%w: %w", ErrInvalid, err)}).setMessage(say("scenario.load.read", err.Error()))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, nil, (&Error{File: p, Err: fmt.Errorf("%w: %w", ErrInvalid, err)}).setMessage(say("scenario.load.read", err.Error()))
	}
	return load(p, data, FSLists(fsys, path.Dir(p)))
}

// openMessage says why a file could not be opened, in the player's words
// where the reason is one of fs's.
func openMessage(name string, err error) msg.Message {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return say("scenario.from.not_exist", name)
	case errors.Is(err, fs.ErrPermission):
		return say("scenario.from.permission", name)
	}
	return say("scenario.from.open", name, err.Error())
}

// newLists resolves from: fields with open; a nil open refuses them.
func newLists(open ListOpener) *lists {
	return &lists{open: open, read: map[string]*armylist.List{}}
}

// attacksFrom reads an attacks list in which some groups name a list's
// unit: each such group becomes the unit's groups, so the paths of the
// groups after it count them.
func (d *decoder) attacksFrom(seq *ast.SequenceNode, v reflect.Value, path string) *Error {
	var out []Attack
	for _, item := range seq.Values {
		if kvs, ok := entries(item); ok && hasFrom(kvs) {
			as, e := d.fromAttacks(item, kvs, path, len(out))
			if e != nil {
				return e
			}
			out = append(out, as...)
			continue
		}
		p := fmt.Sprintf("%s[%d]", path, len(out))
		if _, null := item.(*ast.NullNode); null {
			return d.want(item, p, wantOf(reflect.TypeFor[Attack]()))
		}
		var a Attack
		if e := d.decode(item, reflect.ValueOf(&a).Elem(), p, ""); e != nil {
			return e
		}
		out = append(out, a)
	}
	v.Set(reflect.ValueOf(out))
	return nil
}

// lists resolves the from: fields of one file.
type lists struct {
	open    ListOpener
	ruleset rules.Ruleset // the file's, once read
	read    map[string]*armylist.List
	notes   []msg.Message
}

// listRef is one from: field and what is written beside it.
type listRef struct {
	from, unit *ast.MappingValueNode
	set        map[string]string
	setNodes   map[string]ast.Node
	rest       []*ast.MappingValueNode // the other fields, decoded over the mapped ones
}

// hasFrom reports whether a mapping has a from: field.
func hasFrom(kvs []*ast.MappingValueNode) bool {
	for _, kv := range kvs {
		if k, _ := keyOf(kv); k == "from" {
			return true
		}
	}
	return false
}

// targetOf returns the Target a mapping of type v is or embeds, for a
// from: there (a scenario's target, a combat file's side's unit).
func targetOf(v reflect.Value) (reflect.Value, bool) {
	if v.Type() == reflect.TypeFor[Target]() {
		return v, true
	}
	for i := range v.NumField() {
		if f := v.Type().Field(i); f.Anonymous && f.Type == reflect.TypeFor[Target]() {
			return v.Field(i), true
		}
	}
	return reflect.Value{}, false
}

// ref reads a from: mapping's from, unit and set.
func (d *decoder) ref(kvs []*ast.MappingValueNode, p string) (*listRef, *Error) {
	r := &listRef{set: map[string]string{}, setNodes: map[string]ast.Node{}}
	var set *ast.MappingValueNode
	for _, kv := range kvs {
		var into **ast.MappingValueNode
		switch k, _ := keyOf(kv); k {
		case "from":
			into = &r.from
		case "unit":
			into = &r.unit
		case "set":
			into = &set
		default:
			r.rest = append(r.rest, kv)
			continue
		}
		if *into != nil {
			k, _ := keyOf(kv)
			first := nodePos((*into).Key)
			return nil, d.fail(kv.Key, join(p, k), say("scenario.twice", first.line, first.col))
		}
		*into = kv
	}
	d.src.key[join(p, "from")] = nodePos(r.from.Key)
	d.src.pos[join(p, "from")] = nodePos(r.from.Value)
	if s, ok := r.from.Value.(*ast.StringNode); !ok || strings.TrimSpace(s.Value) == "" {
		return nil, d.fail(r.from.Value, join(p, "from"), say("scenario.from.want_file", describe(r.from.Value)))
	}
	if r.unit == nil {
		return nil, d.fail(r.from.Key, join(p, "from"), say("scenario.from.want_unit"))
	}
	if s, ok := r.unit.Value.(*ast.StringNode); !ok || strings.TrimSpace(s.Value) == "" {
		return nil, d.fail(r.unit.Value, join(p, "unit"), say("scenario.from.want_unit_name", describe(r.unit.Value)))
	}
	if set == nil {
		return r, nil
	}
	sp := join(p, "set")
	if _, null := set.Value.(*ast.NullNode); null {
		return r, nil
	}
	skvs, ok := entries(set.Value)
	if !ok {
		return nil, d.fail(set.Value, sp, say("scenario.from.want_set", describe(set.Value)))
	}
	for _, kv := range skvs {
		name, ok := keyOf(kv)
		if !ok {
			return nil, d.fail(kv.Key, sp, say("scenario.want_field_name", describe(kv.Key)))
		}
		text, ok := scalarText(kv.Value)
		if !ok {
			return nil, d.fail(kv.Value, join(sp, name), say("scenario.from.want_set_value", describe(kv.Value)))
		}
		r.set[name] = text
		r.setNodes[name] = kv.Value
	}
	return r, nil
}

// scalarText is a scalar node's text as written, for a set: value.
func scalarText(n ast.Node) (string, bool) {
	switch n := n.(type) {
	case *ast.StringNode:
		return n.Value, true
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode:
		return n.GetToken().Value, true
	case *ast.SequenceNode:
		var parts []string
		for _, item := range n.Values {
			s, ok := scalarText(item)
			if !ok {
				return "", false
			}
			parts = append(parts, s)
		}
		return "[" + strings.Join(parts, ", ") + "]", true
	}
	return "", false
}

// list reads the list file r names, once per file, and finds its unit.
func (d *decoder) list(r *listRef, p string) (*armylist.List, *armylist.Unit, *Error) {
	name := r.from.Value.(*ast.StringNode).Value
	fp := join(p, "from")
	if d.lists == nil || d.lists.open == nil {
		return nil, nil, d.fail(r.from.Value, fp, say("scenario.from.no_files"))
	}
	l, ok := d.lists.read[name]
	if !ok {
		rc, err := d.lists.open(name)
		if err != nil {
			e := d.fail(r.from.Value, fp, openMessage(name, err))
			e.Err = fmt.Errorf("%w: %w", ErrInvalid, err)
			return nil, nil, e
		}
		l, err = armylist.Read(name, rc)
		rc.Close()
		if err != nil {
			return nil, nil, d.listError(r.from.Value, fp, err)
		}
		d.lists.read[name] = l
	}
	u, err := FindUnit(l, r.unit.Value.(*ast.StringNode).Value)
	if err != nil {
		return nil, nil, d.listError(r.unit.Value, join(p, "unit"), err)
	}
	return l, u, nil
}

// listError is an error of the list file or the mapping, at the from:
// that led to it; errors.Is finds its own sentinel and ErrInvalid.
func (d *decoder) listError(n ast.Node, p string, err error) *Error {
	e := d.fail(n, p, say("scenario.error", errArg(err)))
	e.Err = fmt.Errorf("%w: %w", ErrInvalid, err)
	return e
}

// setError places an error of a set: value at that value.
func (d *decoder) setError(r *listRef, p string, err error) *Error {
	var se *Error
	if errors.As(err, &se) && se.Field != "" {
		key := se.Field[strings.LastIndex(se.Field, ".")+1:]
		if at, ok := r.setNodes[key]; ok {
			e := d.fail(at, join(join(p, "set"), key), se.message())
			e.Err = se.Err
			return e
		}
	}
	return d.listError(r.from.Value, join(p, "from"), err)
}

// note keeps a note of the mapping, said with the field and the unit it
// is about.
func (d *decoder) note(r *listRef, p string, n msg.Message) {
	d.lists.notes = append(d.lists.notes, say("scenario.from.note", p, r.unit.Value.(*ast.StringNode).Value, r.from.Value.(*ast.StringNode).Value, n))
}

// listOptions are the ListOptions of a reference.
func (d *decoder) listOptions(r *listRef) ListOptions {
	return ListOptions{Ruleset: d.lists.ruleset, Set: r.set}
}

// fromTarget fills the target tv from the unit a from: names, and
// returns the fields written beside it, to be read over it.
func (d *decoder) fromTarget(kvs []*ast.MappingValueNode, tv reflect.Value, p string) ([]*ast.MappingValueNode, *Error) {
	r, e := d.ref(kvs, p)
	if e != nil {
		return nil, e
	}
	l, u, e := d.list(r, p)
	if e != nil {
		return nil, e
	}
	t, notes, err := ListTarget(l, u, d.listOptions(r))
	if err != nil {
		return nil, d.setError(r, p, err)
	}
	tv.Set(reflect.ValueOf(t))
	for _, n := range notes {
		// A frontage or layout written beside from: is the unit's, not
		// the ruleset's default.
		if n.ID == "scenario.list.note.frontage" && slices.ContainsFunc(r.rest, func(kv *ast.MappingValueNode) bool {
			k, _ := keyOf(kv)
			return k == "frontage" || k == "layout"
		}) {
			continue
		}
		d.note(r, p, n)
	}
	return r.rest, nil
}

// fromAttacks reads an attack group that names a list's unit: its attack
// groups, each with the fields written beside from: read over it, at
// paths from attacks[first].
func (d *decoder) fromAttacks(item ast.Node, kvs []*ast.MappingValueNode, path string, first int) ([]Attack, *Error) {
	p := fmt.Sprintf("%s[%d]", path, first)
	r, e := d.ref(kvs, p)
	if e != nil {
		return nil, e
	}
	l, u, e := d.list(r, p)
	if e != nil {
		return nil, e
	}
	as, notes, err := ListAttacks(l, u, d.listOptions(r))
	if err != nil {
		return nil, d.setError(r, p, err)
	}
	for _, n := range notes {
		d.note(r, p, n)
	}
	m := d.shapes[reflect.TypeFor[Attack]()]
	if m == nil {
		m = &Mapping{Type: reflect.TypeFor[Attack](), Of: "this mapping"}
	}
	for i := range as {
		ap := fmt.Sprintf("%s[%d]", path, first+i)
		if _, ok := d.src.pos[ap]; !ok {
			d.src.pos[ap] = nodePos(item)
		}
		if e := d.fields(r.rest, reflect.ValueOf(&as[i]).Elem(), ap, m); e != nil {
			return nil, e
		}
	}
	return as, nil
}

// peekRuleset reads a top-level ruleset: before the fields that may need
// it, which the file may write first.
func (d *decoder) peekRuleset(kvs []*ast.MappingValueNode) {
	if d.lists == nil {
		return
	}
	for _, kv := range kvs {
		if k, _ := keyOf(kv); k == "ruleset" {
			if s, ok := kv.Value.(*ast.StringNode); ok {
				if rs, err := rules.ParseRuleset(s.Value); err == nil {
					d.lists.ruleset = rs
				}
			}
		}
	}
}
