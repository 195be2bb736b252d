package combat

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/scenario"
)

// LoadWith is LoadLists for the combat file data with each assignment made
// in turn, for a sweep: "sides.a.fights[0].strength=4",
// "sides.b.unit.models=30", "combat.charger=b". Paths use the combat
// file's own field names, as scenario.Assignment's use a scenario's; a
// field the file leaves out is added, a list entry must be there. The
// file is loaded as written first, so that its own errors keep their
// lines; the changed file is then loaded as any combat file is, so a value
// is checked by the same code, and its errors name the field by its path
// (they have no line: the changed file is not one anybody wrote). A path
// through a value that is not a mapping or a list, or past a list's end,
// is an error wrapping scenario.ErrNoField.
func LoadWith(name string, data []byte, open scenario.ListOpener, as ...scenario.Assignment) (*Combat, []msg.Message, error) {
	c, notes, err := LoadLists(name, data, open)
	if err != nil || len(as) == 0 {
		return c, notes, err
	}
	var doc yaml.MapSlice
	if err := yaml.UnmarshalWithOptions(data, &doc, yaml.UseOrderedMap()); err != nil {
		return nil, nil, scenario.ErrorIn(displayName(name), 0, 0, scenario.ErrSyntax, msg.New("scenario.error", scenario.ErrArg(err)))
	}
	var tree any = doc
	for _, a := range as {
		if tree, err = setPath(tree, a); err != nil {
			return nil, nil, err
		}
	}
	text, err := yaml.Marshal(tree)
	if err != nil {
		return nil, nil, scenario.ErrorOf(scenario.ErrInvalid, msg.New("scenario.error", scenario.ErrArg(err)))
	}
	c, notes, err = LoadLists(name, text, open)
	var se *scenario.Error
	if errors.As(err, &se) {
		e := *se
		e.File, e.Line, e.Column = "", 0, 0
		return nil, nil, &e
	}
	return c, notes, err
}

// setPath returns tree with a's value at a's path.
func setPath(tree any, a scenario.Assignment) (any, error) {
	var value any
	if strings.TrimSpace(a.Value) != "" {
		if err := yaml.UnmarshalWithOptions([]byte(a.Value), &value, yaml.UseOrderedMap()); err != nil {
			e := scenario.ErrorOf(scenario.ErrInvalid, msg.New("scenario.error", scenario.ErrArg(err)))
			e.Field = a.Path
			return nil, e
		}
	}
	segs := strings.Split(a.Path, ".")
	fail := func(m msg.Message) error {
		e := scenario.ErrorOf(scenario.ErrNoField, m)
		e.Field = a.Path
		return e
	}
	var set func(node any, i int, path string) (any, error)
	set = func(node any, i int, path string) (any, error) {
		if i == len(segs) {
			return value, nil
		}
		seg := segs[i]
		name, rest, hasIndex := strings.Cut(seg, "[")
		if name == "" {
			return nil, fail(msg.New("scenario.set.want_name", strconv.Quote(seg)))
		}
		index := 0
		if hasIndex {
			digits, ok := strings.CutSuffix(rest, "]")
			n, err := strconv.Atoi(digits)
			if !ok || err != nil || n < 0 {
				return nil, fail(msg.New("scenario.set.want_index", strconv.Quote(seg), name))
			}
			index = n
		}
		m, ok := node.(yaml.MapSlice)
		if node != nil && !ok {
			return nil, fail(msg.New("scenario.set.no_fields", fileOrPath(path)))
		}
		at := -1
		for j, it := range m {
			if k, _ := it.Key.(string); k == name {
				at = j
			}
		}
		var child any
		if at >= 0 {
			child = m[at].Value
		}
		path = joinPath(path, name)
		if hasIndex {
			list, ok := child.([]any)
			switch {
			case !ok:
				return nil, fail(msg.New("scenario.set.not_list", path))
			case index >= len(list) && len(list) == 1:
				return nil, fail(msg.New("scenario.set.one_entry", path))
			case index >= len(list):
				return nil, fail(msg.New("scenario.set.entries", path, len(list)))
			}
			v, err := set(list[index], i+1, fmt.Sprintf("%s[%d]", path, index))
			if err != nil {
				return nil, err
			}
			list = append([]any(nil), list...)
			list[index] = v
			child = list
		} else {
			v, err := set(child, i+1, path)
			if err != nil {
				return nil, err
			}
			child = v
		}
		m = append(yaml.MapSlice(nil), m...)
		if at >= 0 {
			m[at].Value = child
		} else {
			m = append(m, yaml.MapItem{Key: name, Value: child})
		}
		return m, nil
	}
	return set(tree, 0, "")
}

// orFile is path, or "the file" for the top level.
func fileOrPath(path string) any {
	if path == "" {
		return msg.New("term.scenario.the_file")
	}
	return path
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
