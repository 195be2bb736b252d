package odds

import (
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestPacketChainCappedFaces: in battleaxe's per-model damage a packet
// takes at most the W its model has left and wastes the rest (RULES.md
// 11.3, 9.2), so the chain steps the faces of a D6 from the first that
// removes a fresh W3 model once (faces 1, 2 and 3-6: three leaves, the
// last weighing 4/6); it steps every path where the merge would not be
// exact: pooled damage (11.1, the excess goes on to the next model), two
// damage dice (2D6: 36 paths, the wounds not one face's), and a W6 model
// that only a 6 removes. The chances of a step's ways out add up to 1.
func TestPacketChainCappedFaces(t *testing.T) {
	for _, tc := range []struct {
		name   string
		model  rules.DamageModel
		w      int
		mw     string
		oneDie bool
		leaves int
		top    uint64 // the weight of the last leaf, over the step's 6^dice
	}{
		{"per-model W3 D6", rules.PerModel, 3, "D6", true, 3, 4},
		{"per-model W6 D6", rules.PerModel, 6, "D6", true, 6, 1},
		{"per-model W3 D6+1", rules.PerModel, 3, "D6+1", true, 2, 5},
		{"pooled W3 D6", rules.Pooled, 3, "D6", true, 6, 1},
		{"per-model W3 2D6", rules.PerModel, 3, "2D6", false, 36, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := mustUnit(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 4, Frontage: 2,
				Profile: unit.Profile{W: tc.w, T: 4}, Options: rules.Options{DamageModel: tc.model}})
			attacks := []rearrank.Attack{{Count: dice.ConstExpr(3), Strength: 4, MultipleWounds: expr(tc.mw), Target: rf}}
			e, tab := chainStart(t, u, attacks, 3)
			if tab.oneDie != tc.oneDie {
				t.Fatalf("oneDie %v, want %v", tab.oneDie, tc.oneDie)
			}
			if err := tab.step(e, 0); err != nil {
				t.Fatal(err)
			}
			if len(tab.leaves) != tc.leaves {
				t.Fatalf("%d leaves, want %d", len(tab.leaves), tc.leaves)
			}
			if got, _ := tab.leaves[len(tab.leaves)-1].w.uint64(); got != tc.top {
				t.Errorf("last leaf weighs %d, want %d", got, tc.top)
			}
			var sum weight
			for _, x := range tab.state(0).edges {
				sum.add(x.w)
			}
			want := uint64(6)
			if tc.mw == "2D6" {
				want = 36
			}
			if got, _ := sum.uint64(); got != want || tab.state(0).d != tab.dens[0] {
				t.Errorf("the ways out weigh %d over %v, want %d over the step's dice", got, tab.state(0).d, want)
			}
		})
	}
	// and the merged chain gives exactly what the plain enumeration gives
	u := mustUnit(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 4, Frontage: 2, Profile: unit.Profile{W: 3, T: 4}})
	chainEqualsEnumeration(t, u, []rearrank.Attack{{Count: dice.ConstExpr(6), Strength: 4, MultipleWounds: expr("D6"), Target: rf}})
}

// chainStart returns an enumerator and the table of a chain of n packets
// from u's first batch (newChainTable): its start is state 0.
func chainStart(t *testing.T, u *alloc.Unit, attacks []rearrank.Attack, n int) (*enumerator, *chainTable) {
	t.Helper()
	m, err := engine.NewMachine(u, attacks, nil)
	if err != nil {
		t.Fatal(err)
	}
	var noDice pathRoller
	for steps := 0; ; steps++ {
		if k, ok := m.AttackRolls(); ok && k > 0 {
			break
		}
		if steps == 10 || len(noDice.path) > 0 {
			t.Fatal("the machine did not reach its attack rolls without dice")
		}
		if err := m.Step(&noDice, nil); err != nil {
			t.Fatal(err)
		}
	}
	e := newEnumerator(t.Context(), Config{}, true, nil, func() msg.Message { return msg.New("odds.text", "test") })
	tab, err := newChainTable(e, m, n, false)
	if err != nil {
		t.Fatal(err)
	}
	return e, tab
}
