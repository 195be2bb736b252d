package odds

import (
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The points RULES.md 22.18 settled that files once refused, checked
// against the referee over every die.

// TestHatredOnAutomaticHitsWalked: Hatred on automatic hits re-rolls
// nothing (20.1, 22.18). Two automatic hits, S4 v T4 (4+), no saves:
// casualties binomial(2, 1/2), as without Hatred.
func TestHatredOnAutomaticHitsWalked(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: unit.Profile{W: 1, T: 4}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(2), Phase: rules.Melee, Strength: 4, Hatred: true, Target: rf}}
	res := walked(t, u, a)
	for k, want := range []string{"1/4", "1/2", "1/4"} {
		wantRat(t, "P(casualties = k)", res.Casualties.P[k], want)
	}
}
