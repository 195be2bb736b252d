package referee_test

import (
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestPlanToHit: Needs.ToHit is the to-hit a player reads, the whole 7+
// procedure's need (RULES.md 5: 9+ is a 6, then a 6), where Hit is only
// its first die; for a need of 6 or less it is Hit (a 1+ is a 2+).
func TestPlanToHit(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: unit.Profile{W: 1, T: 3}})
	for _, c := range []struct{ need, hit, again, toHit string }{
		{"3+", "3+", "-", "3+"},
		{"1+", "2+", "-", "2+"},
		{"7+", "6+", "4+", "7+"},
		{"9+", "6+", "6+", "9+"},
		{"10+", "10+", "-", "10+"},
	} {
		n, err := engine.Plan(au(u), rearrank.Attack{Phase: rules.Shooting, Hit: rearrank.HitSpec{Need: target(c.need)}, Strength: 3, Target: rf})
		if err != nil {
			t.Fatal(err)
		}
		if got := [3]string{n.Hit.String(), n.HitAgain.String(), n.ToHit.String()}; got != [3]string{c.hit, c.again, c.toHit} {
			t.Errorf("to_hit %s: Hit, HitAgain, ToHit %v, want %s %s %s", c.need, got, c.hit, c.again, c.toHit)
		}
	}
}
