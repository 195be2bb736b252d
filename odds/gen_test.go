package odds

import (
	"pgregory.net/rapid"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/gen"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The property tests of the exact odds draw their scenarios from package
// gen, small enough to enumerate every die (gen.Small).

func genSpec(t *rapid.T, rs rules.Ruleset) unit.Spec { return gen.Spec(t, rs, gen.Small) }

func genAttacks(t *rapid.T, s unit.Spec, maxAttacks int) []rearrank.Attack {
	return gen.Attacks(t, s, maxAttacks, gen.Small)
}

func genScenario(t *rapid.T, maxAttacks int) (*alloc.Unit, []rearrank.Attack) {
	return gen.Scenario(t, maxAttacks, gen.Small)
}

func describeScenario(u *alloc.Unit, attacks []rearrank.Attack) string {
	return gen.Describe(u, attacks)
}
