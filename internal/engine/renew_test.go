package engine_test

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/internal/gen"
)

// TestRenewIsNewMachine: a machine renewed for a scenario, after it ran
// another to the end (its unit and buffers left over), resolves it as a
// new machine does with the same seeded dice: the same tally and the same
// unit, key for key; renewed on its own unit (a combat side's next step)
// it starts from that unit as it stands.
func TestRenewIsNewMachine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		u1, a1 := gen.Scenario(t, 6, gen.Small)
		u2, a2 := gen.Scenario(t, 6, gen.Small)
		seed := rapid.Uint64().Draw(t, "seed")
		run := func(m *engine.Machine) {
			r := dice.NewSeeded(seed)
			for !m.Done() {
				if err := m.Step(r, nil); err != nil {
					t.Fatal(err)
				}
			}
		}
		var m engine.Machine
		if err := m.Renew(u1, a1); err != nil {
			t.Fatal(err)
		}
		run(&m)
		if err := m.Renew(u2, a2); err != nil {
			t.Fatal(err)
		}
		run(&m)
		want, err := engine.NewMachine(u2, a2, nil)
		if err != nil {
			t.Fatal(err)
		}
		run(want)
		if m.Tally() != want.Tally() || m.Unit().Key() != want.Unit().Key() {
			t.Fatalf("renewed: %+v %q\nnew: %+v %q", m.Tally(), m.Unit().Key(), want.Tally(), want.Unit().Key())
		}
		// again, on the unit it holds
		after := want.Unit().Clone()
		if err := m.Renew(m.Unit(), a2); err != nil {
			t.Fatal(err)
		}
		run(&m)
		again, err := engine.NewMachine(after, a2, nil)
		if err != nil {
			t.Fatal(err)
		}
		run(again)
		if m.Tally() != again.Tally() || m.Unit().Key() != again.Unit().Key() {
			t.Fatalf("renewed on its unit: %+v %q\nnew: %+v %q", m.Tally(), m.Unit().Key(), again.Tally(), again.Unit().Key())
		}
	})
}
