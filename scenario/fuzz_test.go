package scenario

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// FuzzLoad feeds Load arbitrary bytes, seeded with every example, the
// YAML/JSON pairs and the error cases. No input may panic; every failure is
// an *Error; every success survives a YAML and a JSON round trip unchanged
// and passes Validate again.
func FuzzLoad(f *testing.F) {
	paths, _ := filepath.Glob("../examples/*")
	bench, _ := filepath.Glob("../bench/testdata/*.yaml")
	for _, p := range append(paths, bench...) {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	for _, e := range equivalent {
		f.Add([]byte(e.yaml))
		f.Add([]byte(e.json))
	}
	for _, l := range limitFiles() {
		f.Add([]byte(l.src))
	}
	for _, s := range []string{
		base, "", "{}", "[]", "a: &a 1\nb: *a\n", billionLaughs(), "ruleset: whfb8\nattacks: [{count: 2D6, strength: 4, multiple_wounds: D3+1}]\ntarget: {models: 5, toughness: 3, layout: R R / R R R}\n",
		"ruleset: battleaxe\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 5, toughness: 3, wounds: 3, damage: [1, 2, 0]}\n",
		"ruleset: skirmish\nattacks: [{count: 1, ws: 3, strength: 3, weapon_class: bladed, attacker: A}]\ntarget: {models: 1, ws: 3, toughness: 3, helmet: true}\n",
		// A character at slot -1 in a layout panicked in Validate (issue 11, item 4).
		"ruleset: whfb8\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 4, toughness: 3, layout: R H R R R, characters: [{name: A, toughness: 3, slot: -1}]}\n",
		"ruleset: whfb8\nattacks: [{count: 1, strength: 3}]\ntarget: {models: 4, toughness: 3, layout: R H R R R, characters: [{name: A, toughness: 3, slot: 5}]}\n",
		"\ufeffruleset: whfb8\r\nattacks:\r\n  - {count: 1, strength: 3}\r\ntarget: {models: 1, toughness: 1}\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		file, err := Load("fuzz", data)
		if d := time.Since(start); d > 3*time.Second {
			t.Fatalf("Load of %d bytes took %v", len(data), d)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Msg == "" || err.Error() == "" {
				t.Fatalf("error %#v is not a complete *Error", err)
			}
			if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrInvalid) && !errors.Is(err, ErrUnknownField) && !errors.Is(err, ErrUnsupported) && !errors.Is(err, ErrTooLarge) {
				t.Fatalf("error %v wraps no sentinel", err)
			}
			return
		}
		if err := file.Validate(); err != nil {
			t.Fatalf("Load succeeded but Validate fails: %v", err)
		}
		y, err := file.MarshalYAML()
		if err != nil {
			t.Fatalf("MarshalYAML: %v", err)
		}
		fy, err := Load("fuzz.yaml", y)
		switch {
		case overLimit(err):
		case err != nil:
			t.Fatalf("reload of\n%s\nfailed: %v\ninput:\n%q", y, err, data)
		default:
			if diff := cmp.Diff(file, fy, cmpFile...); diff != "" {
				t.Fatalf("YAML round trip changed the file (-in +out):\n%s", diff)
			}
		}
		j, err := json.Marshal(file)
		if err != nil {
			t.Fatalf("MarshalJSON: %v", err)
		}
		fj, err := Load("fuzz.json", j)
		switch {
		case overLimit(err):
		case err != nil:
			t.Fatalf("reload of\n%s\nfailed: %v", j, err)
		default:
			if diff := cmp.Diff(file, fj, cmpFile...); diff != "" {
				t.Fatalf("JSON round trip changed the file (-in +out):\n%s", diff)
			}
		}
	})
}

// overLimit reports whether err is a limit on the size of the text (its
// tokens, values, fields or documents): what a file written out from one
// that loaded may pass, since it has every default and JSON has more
// tokens than YAML (doc.go, "Writing").
func overLimit(err error) bool {
	var e *Error
	return errors.As(err, &e) && errors.Is(err, ErrUnsupported) &&
		(strings.HasPrefix(e.Msg, "more than ") || strings.HasPrefix(e.Msg, "a value longer than "))
}

// limitFiles are scenarios at the loader's limits and just past them
// (ok false), so that FuzzLoad starts from the largest files it takes:
// MaxAttacks groups, MaxModels models of MaxWounds wounds, counts of
// dice.MaxConst attacks and of 10 dice, multiple wounds D6 and Killing
// Blow, the widest frontage, MaxCharacters characters and MaxGroups
// groups, a damage list for every model, the longest value, and a file of
// MaxTokens tokens.
func limitFiles() []struct {
	name, src string
	ok        bool
} {
	type file = struct {
		name, src string
		ok        bool
	}
	characters := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "    - {name: Hero%d, toughness: 10, wounds: 100, aegis: 2+}\n", i)
		}
		return b.String()
	}
	groups := func(n int) string {
		return strings.Repeat("    - {troop_type: monstrous_infantry, models: 40, toughness: 10, wounds: 100}\n", n)
	}
	united := func(chars, grps int) string {
		return "ruleset: t9a\nattacks:\n  - {count: 1000, to_hit: auto, strength: 10, multiple_wounds: D6}\n" +
			"target:\n  models: 584\n  frontage: 584\n  toughness: 10\n  wounds: 100\n  characters:\n" + characters(chars) + "  groups:\n" + groups(grps)
	}
	damage := func(n int) string {
		return "ruleset: battleaxe\nattacks: [{count: 1000, to_hit: auto, strength: 10, multiple_wounds: D6, killing_blow: true}]\n" +
			"target: {models: 1000, frontage: 100, toughness: 10, wounds: 100, damage: [" + strings.Repeat("99, ", n-1) + "99]}\n"
	}
	const widest = "ruleset: whfb8\nattacks:\n" +
		"  - {count: 1000, to_hit: auto, strength: 10, multiple_wounds: D6, killing_blow: true}\n" +
		"  - {count: 10D6, ws: 10, strength: 10, multiple_wounds: D6+3, hatred: true, poison: true}\n" +
		"target: {models: 1000, frontage: 1000, ws: 10, toughness: 10, wounds: 100, troop_type: monstrous_infantry, armour: plate, shield: true, ward: 2+, regeneration: 2+}\n"
	tokens := func(n int) string { // base padded with comments to n tokens
		return base + strings.Repeat("#\n", n-len(lex([]byte(base))))
	}
	value := func(n int) string {
		return base + "description: " + strings.Repeat("x", n) + "\n"
	}
	return []file{
		{"MaxAttacks groups", attackGroups(MaxAttacks, false), true},
		{"MaxAttacks groups in JSON", attackGroups(MaxAttacks, true), true},
		{"one group too many", attackGroups(MaxAttacks+1, false), false},
		{"the widest unit, the most attacks", widest, true},
		{"MaxCharacters characters and MaxGroups groups", united(MaxCharacters, MaxGroups), true},
		{"one character too many", united(MaxCharacters+1, MaxGroups), false},
		{"one group of models too many", united(MaxCharacters, MaxGroups+1), false},
		{"damage of every model", damage(MaxModels), true},
		{"damage of a model too many", damage(MaxModels + 1), false},
		{"MaxTokens tokens", tokens(MaxTokens), true},
		{"a token too many", tokens(MaxTokens + 1), false},
		{"the longest value", value(loadLimits().value), true},
		{"a value a byte too long", value(loadLimits().value + 1), false},
	}
}

// TestLimitFiles checks that the files at the limits load and that those
// past them do not.
func TestLimitFiles(t *testing.T) {
	for _, l := range limitFiles() {
		_, err := Load("limit.yaml", []byte(l.src))
		if l.ok != (err == nil) {
			t.Errorf("%s: %v", l.name, err)
		}
	}
}
