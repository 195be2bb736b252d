package scenario

import (
	"encoding/json"
	"fmt"
	"github.com/rearrank/rearrank/rules"
	"reflect"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/rearrank/rearrank/internal/ordered"
)

// MarshalYAML writes the scenario as YAML in the field order of the Go
// types, leaving out fields at their zero value. Load reads the result back
// to an equal File, unless it passes a size limit (see the package
// documentation, "Writing").
func (f File) MarshalYAML() ([]byte, error) {
	return yaml.MarshalWithOptions(toYAML(encodeValue(reflect.ValueOf(f))), yaml.IndentSequence(true))
}

// MarshalJSON writes the scenario as JSON with the same fields as
// MarshalYAML.
func (f File) MarshalJSON() ([]byte, error) {
	return json.Marshal(encodeValue(reflect.ValueOf(f)))
}

func toYAML(v any) any {
	switch v := v.(type) {
	case ordered.Object:
		m := make(yaml.MapSlice, len(v))
		for i, e := range v {
			m[i] = yaml.MapItem{Key: e.Key, Value: toYAML(e.Value)}
		}
		return m
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = toYAML(x)
		}
		return out
	}
	return v
}

type zeroer interface{ IsZero() bool }

func isEmpty(v reflect.Value) bool {
	if z, ok := v.Interface().(zeroer); ok {
		return z.IsZero()
	}
	switch v.Kind() {
	case reflect.Slice, reflect.Map:
		return v.Len() == 0
	}
	return v.IsZero()
}

// encodeValue turns a scenario value into plain data (ordered.Object,
// []any, string, int, bool) in the form a file writes it.
func encodeValue(v reflect.Value) any {
	switch v.Type() {
	case typeRuleset, typePhase, typeArmour, typeTroopType, typeWeaponClass, typeTarget, typeToHit, typeAim:
		return v.Interface().(fmt.Stringer).String()
	case typeExpr:
		e := v.Interface().(Expr)
		if n, ok := e.Fixed(); ok {
			return n
		}
		return e.String()
	case typeTrigger:
		if tr := v.Interface().(rules.Trigger); tr != rules.NaturalSix {
			return tr.String()
		}
		return true
	case typeReroll:
		r := v.Interface().(rules.Reroll)
		var names []any
		for _, k := range []rules.Reroll{rules.RerollFailed, rules.RerollOnes, rules.RerollSuccesses} {
			if r&k != 0 {
				names = append(names, k.String())
			}
		}
		if len(names) == 1 {
			return names[0]
		}
		return names
	case typeAgainst:
		var names []any
		for _, c := range v.Interface().(rules.Against).Split() {
			names = append(names, c.String())
		}
		if len(names) == 1 {
			return names[0]
		}
		return names
	case typeDamage:
		d := v.Interface().(Damage)
		if d.PerModel == nil {
			return d.Carried
		}
		out := make([]any, len(d.PerModel))
		for i, x := range d.PerModel {
			out[i] = x
		}
		return out
	case typeOptions:
		m := v.Interface().(map[string]string)
		o := ordered.Object{}
		for _, k := range sortedKeys(m) {
			var val any = m[k]
			if s := strings.TrimSpace(m[k]); s == "true" || s == "false" {
				val = s == "true"
			}
			o.Add(k, val)
		}
		return o
	}
	switch v.Kind() {
	case reflect.Pointer:
		return encodeValue(v.Elem())
	case reflect.Struct:
		o := ordered.Object{}
		for _, f := range fieldsOf(v.Type()) {
			fv := v.FieldByIndex(f.index)
			if f.omitempty && isEmpty(fv) {
				continue
			}
			o.Add(f.name, encodeValue(fv))
		}
		return o
	case reflect.Slice:
		out := make([]any, v.Len())
		for i := range v.Len() {
			out[i] = encodeValue(v.Index(i))
		}
		return out
	case reflect.Int:
		return int(v.Int())
	case reflect.Bool:
		return v.Bool()
	case reflect.String:
		return v.String()
	}
	panic(fmt.Sprintf("scenario: cannot encode %v", v.Type())) // a Go type added without an encoder: caught by the round-trip tests
}
