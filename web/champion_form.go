package web

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// The champion's own profile (docs/scenario.md, "Command group and
// champion") is "t.champion.<field>" in the form, one input for each field
// of scenario.Champion, so that a field added there reaches the page
// without a list here to keep in step. An input left empty is the unit's
// value; a flag is a choice of the unit's, yes or no, since "no" must be
// able to override a unit's "yes".

// championField is one of the champion's fields: its file name and Go
// type (without the pointer of an override).
type championField struct {
	name string
	typ  reflect.Type
}

// championFields lists the fields of scenario.Champion in its order.
func championFields() []championField {
	ct := reflect.TypeFor[scenario.Champion]()
	out := make([]championField, 0, ct.NumField())
	for i := range ct.NumField() {
		f := ct.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		typ := f.Type
		if typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		out = append(out, championField{name, typ})
	}
	return out
}

// championValue writes the form's text of a champion field into the
// scenario's form of it: a flag as true or false, a number as a number, a
// list of conditions as a list.
func championValue(f championField, v string) any {
	switch {
	case f.typ.Kind() == reflect.Bool:
		return v == "yes"
	case f.typ == reflect.TypeFor[rules.Against]() && strings.Contains(v, ","):
		var items []any
		for p := range strings.SplitSeq(v, ",") {
			items = append(items, strings.TrimSpace(p))
		}
		return items
	case f.typ.Kind() == reflect.Int:
		return number(v)
	}
	return v
}

// championForm is a file's champion as the form holds it.
func championForm(c *scenario.Champion) map[string]string {
	if c == nil {
		return nil
	}
	out := map[string]string{}
	cv := reflect.ValueOf(c).Elem()
	for i, f := range championFields() {
		v := cv.Field(i)
		if v.Kind() == reflect.Pointer {
			if v.IsNil() {
				continue
			}
			v = v.Elem()
		} else if v.IsZero() {
			continue
		}
		switch x := v.Interface().(type) {
		case bool:
			out[f.name] = map[bool]string{true: "yes", false: "no"}[x]
		case int:
			out[f.name] = strconv.Itoa(x)
		case rules.Target:
			out[f.name] = "0"
			if !x.IsNone() {
				out[f.name] = x.String()
			}
		case rules.Against:
			out[f.name] = orDefault(againstText(x), "any")
		case rules.Reroll:
			out[f.name] = orDefault(rerollText(x), "none")
		default:
			out[f.name] = v.Interface().(interface{ String() string }).String()
		}
	}
	return out
}

// championLabels name the champion's fields whose file name is not a
// player's word.
var championLabels = map[string]string{
	"ws": "WS", "armour_save": "printed armour value", "regeneration_plus": "Regeneration (+k)",
	"aegis_against": "Aegis only against", "regeneration_against": "Regeneration only against",
	"reroll_armour": "re-roll of armour saves", "reroll_special": "re-roll of special saves",
}

// championInputsIn are championInputs in language l.
func championInputsIn(l msg.Lang, rs rules.Ruleset, target fieldValues, hide func(field, string) field) []field {
	out := championInputs(rs, target, hide)
	for i := range out {
		localizeChampion(&out[i], strings.TrimPrefix(out[i].Name, "t.champion."), l)
	}
	return out
}

// championInputs are the champion's inputs of the page, folded with the
// command group, each shown to the rulesets that read its field.
func championInputs(rs rules.Ruleset, target fieldValues, hide func(field, string) field) []field {
	var out []field
	for _, f := range championFields() {
		key := "t.champion." + f.name
		v := target["champion."+f.name]
		fl := hide(field{Name: key, ID: "t-champion-" + strings.ReplaceAll(f.name, "_", "-"),
			Label: "Champion's " + orDefault(championLabels[f.name], strings.ReplaceAll(f.name, "_", " ")), Scenario: "target.champion." + f.name, More: true}, key)
		unit := func(values ...string) []choice {
			cs := choices(v, append([]string{""}, values...)...)
			cs[0].Label = "the unit's"
			return cs
		}
		switch f.typ {
		case reflect.TypeFor[bool]():
			fl.Kind, fl.Choices = "select", unit("yes", "no")
		case reflect.TypeFor[int]():
			fl.Kind, fl.Value = "number", v
			s, _ := spec(key)
			whole(&fl, s, "")
			if f.name == "damage" {
				fl.Placeholder, fl.Hint = "0", "wounds he has already lost"
			} else {
				fl.Placeholder = "the unit's"
			}
		case reflect.TypeFor[rules.Target]():
			fl.Kind, fl.Choices = "select", unit("0", "2+", "3+", "4+", "5+", "6+")
			fl.Choices[1].Label = "none"
		case reflect.TypeFor[rules.Armour]():
			fl.Kind, fl.Choices = "select", unit(rules.ArmourNames()...)
		case reflect.TypeFor[rules.TroopType]():
			fl.Kind, fl.Choices = "select", troopChoices(rs, unit(rules.TroopTypeNames()...))
		case reflect.TypeFor[rules.Reroll]():
			fl.Kind, fl.Choices = "select", unit("none", "failed", "ones")
		case reflect.TypeFor[rules.Against]():
			values := append(rules.AgainstNames(), "any")
			if v != "" && !slices.Contains(values, v) {
				values = append(values, v) // a list, from a file
			}
			fl.Kind, fl.Choices = "select", unit(values...)
			fl.Choices[len(rules.AgainstNames())+1].Label = "every attack"
		default:
			fl.Kind, fl.Value = "text", v
		}
		out = append(out, fl)
	}
	return out
}
