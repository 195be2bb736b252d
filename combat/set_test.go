package combat

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/scenario"
)

// TestLoadWith: a combat file with fields set by path is the file written
// with them: one the file has (side b's models), one it leaves out (side
// a's bonus, added), one in a list (side a's first fight's Strength).
func TestLoadWith(t *testing.T) {
	const file = `ruleset: whfb8
combat: {charger: a}
sides:
  a:
    unit: {name: Swords, models: 10, frontage: 5, ws: 4, toughness: 3}
    leadership: 8
    fights:
      - {attacks: 1, initiative: 4, ws: 4, strength: 3}
  b:
    unit: {name: Goblins, models: 10, frontage: 5, ws: 2, toughness: 3}
    leadership: 6
    fights:
      - {attacks: 1, initiative: 2, ws: 2, strength: 3}
`
	got, _, err := LoadWith("duel.yaml", []byte(file), nil,
		scenario.Assignment{Path: "sides.b.unit.models", Value: "15"},
		scenario.Assignment{Path: "sides.a.bonus", Value: "2"},
		scenario.Assignment{Path: "sides.a.fights[0].strength", Value: "5"})
	if err != nil {
		t.Fatal(err)
	}
	written := strings.NewReplacer("models: 10, frontage: 5, ws: 2", "models: 15, frontage: 5, ws: 2", "leadership: 8", "leadership: 8\n    bonus: 2",
		"ws: 4, strength: 3", "ws: 4, strength: 5").Replace(file)
	want, err := Load("duel.yaml", []byte(written))
	if err != nil {
		t.Fatal(err)
	}
	a, err := got.Exact(context.Background(), ExactConfig{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := want.Exact(context.Background(), ExactConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if a.AWins.Cmp(b.AWins) != 0 || a.LoserBreaks.Cmp(b.LoserBreaks) != 0 || got.Sides[0].Bonus != 2 || len(au(got.Sides[1].Unit).Models()) != 15 {
		t.Errorf("set: a wins %v breaks %v; written: %v %v", a.AWins, a.LoserBreaks, b.AWins, b.LoserBreaks)
	}
	for _, c := range []struct {
		path, value, want string
		kind              error
	}{
		{"sides.a.fights[1].strength", "4", "sides.a.fights[1].strength: sides.a.fights has 1 entry, numbered 0", scenario.ErrNoField},
		{"sides.a.leadership.x", "4", "sides.a.leadership.x: sides.a.leadership has no fields: write its value after =", scenario.ErrNoField},
		{"sides.a.unit.modles", "4", `sides.a.unit: unknown field "modles" (did you mean "models"?)`, scenario.ErrUnknownField},
		{"sides.a.unit.models", "0", "sides.a.unit.models: want 1 to 1000, got 0", scenario.ErrInvalid},
	} {
		_, _, err := LoadWith("duel.yaml", []byte(file), nil, scenario.Assignment{Path: c.path, Value: c.value})
		if err == nil || err.Error() != c.want || !errors.Is(err, c.kind) {
			t.Errorf("%s=%s: %v; want %s", c.path, c.value, err, c.want)
		}
	}
}
