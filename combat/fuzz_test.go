package combat

import (
	"errors"
	"fmt"
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
	for _, c := range limitCombats() {
		f.Add([]byte(c))
	}
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

// limitCombat is a combat file at the loader's limits: side a's unit of
// models in ranks of frontage, each model with attacks Attacks and the
// fight fields extra, charges side b's unit of 1000 models (MaxModels) of
// 100 wounds (MaxWounds), the widest frontage, each with 32 Attacks of
// multiple wounds D6 and Killing Blow: 32,000 attacks at a step, near
// dice.MaxCount.
func limitCombat(models, frontage, attacks int, extra string) string {
	return fmt.Sprintf(`ruleset: whfb8
combat: {charger: a}
sides:
  a:
    unit: {name: Horde, models: %d, frontage: %d, ws: 10, toughness: 10, wounds: 100, armour: plate, shield: true}
    leadership: 10
    fights: [{attacks: %d, initiative: 10, ws: 10, strength: 10%s}]
  b:
    unit: {name: Wall, models: 1000, frontage: 1000, ws: 10, toughness: 10, wounds: 100, ward: 2+}
    leadership: 10
    fights: [{attacks: 32, initiative: 1, ws: 10, strength: 10, multiple_wounds: D6, killing_blow: true}]
`, models, frontage, attacks, extra)
}

// limitCombats are combat files whose steps make a thousand attacks and
// more (issue 23): 101 models of 10 Attacks in one rank, 100 models in two
// ranks of 10 Attacks, and the largest units the loader takes.
func limitCombats() []string {
	return []string{
		limitCombat(101, 101, 10, ""),
		limitCombat(100, 50, 10, ", supporting: 1, multiple_wounds: D6, killing_blow: true"),
		limitCombat(1000, 1000, 32, ", multiple_wounds: D6"),
		limitCombat(1000, 100, 32, ", supporting: 5, extra_ranks: 5"),
	}
}

// TestLimitCombats checks that the files FuzzLoad starts from at the
// limits load.
func TestLimitCombats(t *testing.T) {
	for _, src := range limitCombats() {
		if _, err := Load("limit.yaml", []byte(src)); err != nil {
			t.Errorf("%v\n%s", err, src)
		}
	}
}
