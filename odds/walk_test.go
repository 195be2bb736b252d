package odds

import (
	"context"
	"errors"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestEnumerateEqualsWalk: the enumeration (classes of faces, merged
// states, memoised loop steps) gives exactly what the referee's Machine
// gives stepped over every face of every die, path by path, on random small
// scenarios of every ruleset.
func TestEnumerateEqualsWalk(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		u, attacks := genScenario(t, 3)
		want, err := walkMachine(u, attacks, 5_000)
		if err != nil && strings.Contains(err.Error(), "dice paths") {
			t.Skip(err)
		}
		if err != nil {
			t.Fatalf("walk: %v\n%s", err, describeScenario(u, attacks))
		}
		got, err := Enumerate(context.Background(), pub(u), attacks, Config{})
		if err != nil {
			t.Fatalf("Enumerate: %v\n%s", err, describeScenario(u, attacks))
		}
		if err := sameResult(got, want); err != nil {
			t.Fatalf("Enumerate differs from the walk: %v\n%s", err, describeScenario(u, attacks))
		}
		if errors.Is(err, ErrStateLimit) {
			t.Skip(err)
		}
	})
}
