package referee_test

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/internal/gen"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
)

// scenario is a random unit and attacks of one ruleset.
type scenario struct {
	u       *rearrank.Unit
	attacks []rearrank.Attack
	seed    uint64
}

func genScenario(rs rules.Ruleset) *rapid.Generator[scenario] {
	return rapid.Custom(func(t *rapid.T) scenario {
		u, attacks := gen.ScenarioIn(t, rs, maxAttacks, gen.Large)
		return scenario{u: pub(u), attacks: attacks, seed: rapid.Uint64().Draw(t, "seed")}
	})
}

// TestSeededEqualsLogged: Monte Carlo steps the machine with seeded dice and
// no log, and then each stage runs its items in one Step and dieSource.test
// reads the die with nothing else to do; Resolve logs every die. On 500
// random scenarios of every ruleset both roll the same dice and end with the
// same unit, tallies and panic flag.
func TestSeededEqualsLogged(t *testing.T) {
	const perRuleset = 500
	for _, rs := range rules.Rulesets() {
		t.Run(rs.String(), func(t *testing.T) {
			scenarios, ran, dice0 := genScenario(rs), 0, 0
			for i := 0; ran < perRuleset; i++ {
				if i > 20*perRuleset {
					t.Fatalf("only %d valid scenarios in %d draws", ran, i)
				}
				sc, ok := example(scenarios, i)
				if !ok {
					continue
				}
				ran++
				dice0 += sc.attacks[0].Count.Max()
				fast, logged := dice.NewSeeded(sc.seed), dice.NewSeeded(sc.seed)
				m, err := engine.NewMachine(au(sc.u), sc.attacks, nil)
				if err != nil {
					t.Fatal(err)
				}
				for !m.Done() {
					if err := m.Step(fast, nil); err != nil {
						t.Fatalf("scenario %d: seeded: %v", i, err)
					}
				}
				res, err := referee.Resolve(sc.u, sc.attacks, logged)
				if err != nil {
					t.Fatalf("scenario %d: logged: %v", i, err)
				}
				if m.Unit().Key() != au(res.After).Key() || m.Tally() != res.Tally || m.PanicApplies() != res.PanicApplies {
					t.Fatalf("scenario %d: seeded %+v, logged %+v\nseeded unit:\n%s\nlogged unit:\n%s", i, m.Tally(), res.Tally, m.Unit().Draw(), res.After.Draw())
				}
				var next [4]int
				for k := range next {
					next[k] = fast.Roll(6)
				}
				for k := range next {
					if f := logged.Roll(6); f != next[k] {
						t.Fatalf("scenario %d: the two runs used different numbers of dice", i)
					}
				}
			}
			if dice0 < perRuleset {
				t.Errorf("the scenarios roll almost nothing: %d first-group attacks in all", dice0)
			}
		})
	}
}

// example draws scenario i of g, or false when the draw was skipped.
func example(g *rapid.Generator[scenario], i int) (s scenario, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			ok = false
		}
	}()
	return g.Example(i), true
}
