package msg

import (
	"fmt"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
)

// Entry is one message of the catalogue: its ID and its text in each
// language.
type Entry struct {
	ID     ID
	EN, RU string
}

// families are the catalogue's files, each a family of messages, added by
// family at package initialisation. A family is a slice of constant
// entries, which costs the program's start nothing (a map literal of two
// thousand entries cost every command milliseconds, built at its first
// word); the index by ID is built on first use.
var families [][]Entry

// family adds a family's entries.
func family(entries []Entry) bool {
	families = append(families, entries)
	return true
}

// catalogue is every family's entries indexed by ID; an ID given twice is
// a bug, which the catalogue's test catches.
var catalogue = sync.OnceValues(func() (map[ID]*Entry, []ID) {
	n := 0
	for _, f := range families {
		n += len(f)
	}
	out := make(map[ID]*Entry, n)
	var twice []ID
	for _, f := range families {
		for i := range f {
			e := &f[i]
			if _, dup := out[e.ID]; dup {
				twice = append(twice, e.ID)
			}
			out[e.ID] = e
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
	e := entryOf(id)
	if e == nil {
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
	if e := entryOf(id); e != nil {
		return *e, true
	}
	return Entry{}, false
}

// Has reports whether the catalogue holds the message id.
func Has(id ID) bool { return entryOf(id) != nil }

// Variant is id's variant where the catalogue has one, id + "." + variant
// ("rules.x.t9a" for a term The 9th Age names its own way in Russian,
// docs/glossary.md), else id: the callers name a ruleset's code, never
// the catalogue which rulesets differ.
func Variant(id ID, variant string) ID {
	if variant != "" {
		if v := id + "." + ID(variant); Has(v) {
			return v
		}
	}
	return id
}

// scanned counts the entries looked up by scanning the families; past
// scanLimit the index is built. A command that says a few things (odds
// --json names its method, an error its cause) finds them in microseconds
// by comparing IDs, which are rarely of one length; one that says many
// (a table, a page) pays for the index once. Each template is looked up
// once per language (parsed), so the limit counts different messages.
var scanned atomic.Int32

const scanLimit = 64

// entryOf returns the entry for id, nil when the catalogue lacks it.
func entryOf(id ID) *Entry {
	if scanned.Add(1) <= scanLimit {
		for _, f := range families {
			for i := range f {
				if f[i].ID == id {
					return &f[i]
				}
			}
		}
		return nil
	}
	entries, _ := catalogue()
	return entries[id]
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
