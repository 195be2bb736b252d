package scenario

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
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
		if err != nil {
			t.Fatalf("reload of\n%s\nfailed: %v\ninput:\n%q", y, err, data)
		}
		if diff := cmp.Diff(file, fy, cmpFile...); diff != "" {
			t.Fatalf("YAML round trip changed the file (-in +out):\n%s", diff)
		}
		j, err := json.Marshal(file)
		if err != nil {
			t.Fatalf("MarshalJSON: %v", err)
		}
		fj, err := Load("fuzz.json", j)
		if err != nil {
			t.Fatalf("reload of\n%s\nfailed: %v", j, err)
		}
		if diff := cmp.Diff(file, fj, cmpFile...); diff != "" {
			t.Fatalf("JSON round trip changed the file (-in +out):\n%s", diff)
		}
	})
}
