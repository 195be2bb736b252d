package scenario

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"

	"github.com/rearrank/rearrank/rules"
)

// suggest returns ` (did you mean "x"?)` for the known field that is a
// likely intended spelling of a misspelt name (see closest), or "": a
// message's argument.
func suggest(name string, fields []field) any {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	if best, _ := closest(name, names); best != "" {
		return say("scenario.hint.did_you_mean", strconv.Quote(best))
	}
	return ""
}

// normalName is a name as a field would be written: lower case, with '_'
// for '-' and ' '.
func normalName(name string) string {
	return strings.NewReplacer("-", "_", " ", "_").Replace(strings.ToLower(name))
}

// closest returns the name of names that a misspelt name most likely
// meant, and its distance, or "" when none is close enough to be a likely
// intended spelling: the same name in other case or with '-' or ' ' for
// '_', or one letter added, dropped, changed or two swapped (two of them
// in a name of 8 letters or more). "damge" is a likely spelling of
// "damage", not of "name".
func closest(name string, names []string) (string, int) {
	norm := normalName(name)
	best, bestD := "", 3
	for _, n := range names {
		d := editDistance(norm, n)
		if d < bestD && likely(d, n) {
			best, bestD = n, d
		}
	}
	return best, bestD
}

// likely reports whether a name d edits away from want is a likely
// misspelling of it: any edit of a short name makes another word.
func likely(d int, want string) bool {
	switch d {
	case 0:
		return true
	case 1:
		return len(want) >= 3
	case 2:
		return len(want) >= 8
	}
	return false
}

// valueHint says which field of t takes a misplaced field name as its
// value ("bladed: true" is "weapon_class: bladed"), or nil.
func valueHint(name string, t reflect.Type) *msg.Message {
	norm := normalName(name)
	for _, f := range fieldsOf(t) {
		var names []string
		value := norm
		switch t.FieldByIndex(f.index).Type {
		case typePhase:
			names = PhaseNames()
		case typeArmour:
			names = rules.ArmourNames()
			value = strings.TrimSuffix(strings.TrimSuffix(value, "_armour"), "_armor") // heavy_armour
		case typeTroopType:
			names = rules.TroopTypeNames()
		case typeWeaponClass:
			names = WeaponClassNames()
		}
		if slices.Contains(names, value) {
			m := say("scenario.hint.value", value, f.name)
			return &m
		}
	}
	return nil
}

func fieldNames(t reflect.Type) []string {
	var out []string
	for _, f := range fieldsOf(t) {
		out = append(out, f.name)
	}
	return out
}

// hint says what a file probably meant by a field name that the object
// here (named as in Fields.Of) does not have, in parentheses after a space:
// a likely spelling of one of its own fields (see closest), or a field of
// another object, or a likely spelling of one, named as such ("damage is a
// field of target, not of an attack group"), whichever is the closer; the
// first of others wins a tie. It is "" when nothing is close, and "" and
// true when the closest is a name of others that is Silent. The hint is a
// message, nil for none.
func hint(name, here string, own []string, others ...Fields) (*msg.Message, bool) {
	mine, myD := closest(name, own)
	other, of, otherD, silent := "", "", 3, false
	for _, o := range others {
		var names []string
		for _, n := range o.Names {
			if !slices.Contains(own, n) {
				names = append(names, n)
			}
		}
		if n, d := closest(name, names); n != "" && d < otherD {
			other, of, otherD = n, o.Of, d
			silent = slices.Contains(o.Silent, n)
		}
	}
	var m msg.Message
	switch {
	case other != "" && (mine == "" || otherD < myD) && silent:
		return nil, true
	case other != "" && (mine == "" || otherD < myD) && otherD == 0:
		m = say("scenario.hint.field_of", other, phrase(of), phrase(here))
	case other != "" && (mine == "" || otherD < myD):
		m = say("scenario.hint.did_you_mean_of", strconv.Quote(other), phrase(of), phrase(here))
	case mine != "":
		m = say("scenario.hint.did_you_mean", strconv.Quote(mine))
	default:
		return nil, false
	}
	return &m, false
}

// editDistance is the number of letters to add, drop or change, or pairs
// of neighbours to swap, to turn a into b (the optimal string alignment
// distance: "strenght" is one swap from "strength").
func editDistance(a, b string) int {
	if len(a) > 40 || len(b) > 40 {
		return 99
	}
	prev2 := make([]int, len(b)+1) // row i-2
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
