package combat

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/scenario"
)

// FuzzLoad: no combat file panics the loader; every failure is a
// *scenario.Error wrapping a sentinel, and every success validates.
func FuzzLoad(f *testing.F) {
	paths, _ := filepath.Glob("../examples/combat-*.yaml")
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(good))
	f.Add([]byte(strings.Replace(good, "combat: {charger: b}", "combat: {charger: a, facing: rear, contact: {a: 3}}", 1)))
	f.Add([]byte("ruleset: t9a\noptions: {line_formation_width: 4, step_up: lost}\nsides: {a: {unit: {models: 3, toughness: 3, height: large}, leadership: 7}, b: {unit: {models: 1, toughness: 3}, leadership: 7, fights: [{attacks: 1, initiative: 2, strength: 3}]}}\n"))
	f.Add([]byte("a: &a 1\nb: *a\n"))
	f.Add([]byte("{}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Load("fuzz.yaml", data)
		if err != nil {
			var se *scenario.Error
			if !errors.As(err, &se) {
				t.Fatalf("error %T %v, want a *scenario.Error", err, err)
			}
			for _, s := range []error{scenario.ErrSyntax, scenario.ErrUnknownField, scenario.ErrInvalid, scenario.ErrUnsupported, scenario.ErrTooLarge} {
				if errors.Is(err, s) {
					return
				}
			}
			t.Fatalf("error %v wraps no sentinel", err)
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("loaded, then Validate: %v", err)
		}
	})
}
