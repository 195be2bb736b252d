package msg

import (
	"fmt"
	"maps"
	"slices"
	"sync"
)

// Entry is one message of the catalogue in each language.
type Entry struct {
	EN, RU string
}

// families are the catalogue's files, each a family of messages: family
// adds one's function at package initialisation, and the catalogue is
// built from them on first use, so that a command that says little does
// not build two thousand strings at its start.
var families []func() map[ID]Entry

// family adds a family's entries.
func family(entries func() map[ID]Entry) bool {
	families = append(families, entries)
	return true
}

// catalogue is every family's entries in one map; an ID given twice is a
// bug, which the catalogue's test catches.
var catalogue = sync.OnceValues(func() (map[ID]Entry, []ID) {
	out := map[ID]Entry{}
	var twice []ID
	for _, f := range families {
		for id, e := range f() {
			if _, dup := out[id]; dup {
				twice = append(twice, id)
			}
			out[id] = e
		}
	}
	return out, twice
})

// parsed holds the templates parsed so far, by ID and language: each is
// parsed on its first use, so that a command that says one thing does not
// parse the two thousand others.
var parsed sync.Map // parseKey -> *template

type parseKey struct {
	id ID
	l  Lang
}

func lookup(id ID, l Lang) *template {
	if l >= nLangs {
		l = English
	}
	k := parseKey{id, l}
	if t, ok := parsed.Load(k); ok {
		return t.(*template)
	}
	entries, _ := catalogue()
	e, ok := entries[id]
	if !ok {
		return nil
	}
	s, sl := e.EN, English // a missing Russian, which a test prevents, is the English
	if l == Russian && e.RU != "" {
		s, sl = e.RU, Russian
	}
	t, err := parse(s, sl)
	if err != nil { // a test keeps the catalogue free of these
		t = &template{parts: []part{{text: string(id) + ": " + err.Error(), arg: -1}}}
	}
	parsed.Store(k, t)
	return t
}

// IDs lists the catalogue's IDs in order, for tests and tools.
func IDs() []ID {
	entries, _ := catalogue()
	return slices.Sorted(maps.Keys(entries))
}

// Lookup returns the catalogue's entry for id.
func Lookup(id ID) (Entry, bool) {
	entries, _ := catalogue()
	e, ok := entries[id]
	return e, ok
}

// Check parses every entry in both languages and compares their
// placeholders: each language's template must use the same arguments, and
// a plural placeholder must have its language's count of forms. It
// returns one error per fault, for the catalogue's test.
func Check() []error {
	var errs []error
	entries, twice := catalogue()
	for _, id := range twice {
		errs = append(errs, fmt.Errorf("%s is in the catalogue twice", id))
	}
	for _, id := range IDs() {
		e := entries[id]
		var used [nLangs]map[int]bool
		for l, s := range [nLangs]string{e.EN, e.RU} {
			if s == "" {
				errs = append(errs, fmt.Errorf("%s: no %s form", id, Lang(l).Name()))
				continue
			}
			t, err := parse(s, Lang(l))
			if err != nil {
				errs = append(errs, fmt.Errorf("%s (%s): %v", id, Lang(l), err))
				continue
			}
			used[l] = map[int]bool{}
			for _, p := range t.parts {
				if p.arg >= 0 && p.forms == nil {
					used[l][p.arg] = true
				}
			}
		}
		if used[English] != nil && used[Russian] != nil && !maps.Equal(used[English], used[Russian]) {
			errs = append(errs, fmt.Errorf("%s: English writes arguments %v, Russian %v", id, slices.Sorted(maps.Keys(used[English])), slices.Sorted(maps.Keys(used[Russian]))))
		}
	}
	return errs
}
