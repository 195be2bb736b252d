package odds

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestExactStopsSoonAfterCancel: a cancelled exact computation returns
// context.Canceled within 300 ms, wherever its time goes, so that a caller
// who gives up (a closed request, a deadline) has its CPU back at once.
// Each scenario ran for a second or more between looks at the context
// before: a level of the packet chain (4 s), the unsaved count of two
// merged batches of 1000 attacks (0.9 s), a generation of 100,000 cores
// (0.5 s), one step whose damage dice fall 280,000 ways (16 s). Each looks
// now at least every 15 ms of CPU. On a loaded machine a goroutine may wait
// long for a core: a slow stop is measured again, three times in all.
func TestExactStopsSoonAfterCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("runs heavy computations")
	}
	const after, bound = 100 * time.Millisecond, 300 * time.Millisecond
	whfb8W3 := unit.Spec{Ruleset: rules.WHFB8, Models: 50, Frontage: 10, Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 3,
		Save: rules.SaveProfile{Armour: rules.HeavyArmour}, Specials: rules.SpecialSaves{Ward: target("6+")}}}
	thousand := rearrank.Attack{Count: dice.ConstExpr(1000), Hit: rearrank.HitSpec{Need: target("3+")}, Strength: 4, MultipleWounds: expr("D3"), Target: rf}
	towRegen := unit.Spec{Ruleset: rules.TOW, Models: 20, Frontage: 5, Profile: unit.Profile{TroopType: rules.Infantry, W: 3, T: 3,
		Save: rules.SaveProfile{Armour: rules.HeavyArmour}, Specials: rules.SpecialSaves{Regeneration: target("5+")}}}
	cases := []struct {
		name    string
		spec    unit.Spec
		attacks []rearrank.Attack
	}{
		{"packet chain: 60 D6 packets on 40 models of W10", unit.Spec{}, nil}, // tooBig
		{"merged batches: two groups of 1000 attacks", whfb8W3, []rearrank.Attack{thousand, thousand}},
		{"generations: 60 Cleaving Blows against Regeneration", towRegen, []rearrank.Attack{{Count: dice.ConstExpr(60), Hit: rearrank.HitSpec{Need: target("4+")},
			Strength: 4, MultipleWounds: expr("D3"), CleavingBlow: rules.NaturalSix, Target: rf}}},
		{"one step: 7D6 wounds on monsters of W50", unit.Spec{Ruleset: rules.Battleaxe, Models: 2, Frontage: 2, Profile: unit.Profile{TroopType: rules.Monster, W: 50, T: 3}},
			[]rearrank.Attack{{Count: dice.ConstExpr(3), Strength: 10, MultipleWounds: expr("7D6"), Target: rf}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var u *alloc.Unit
			attacks := c.attacks
			if attacks == nil {
				u, attacks = tooBig(t)
			} else {
				u = mustUnit(t, c.spec)
			}
			var late time.Duration
			var err error
			for try := range 3 {
				ctx, cancel := context.WithCancel(t.Context())
				// the clock starts before the timer, so that a run the
				// cancel stopped never seems to end before it
				start := time.Now()
				timer := time.AfterFunc(after, cancel)
				_, err = Exact(ctx, pub(u), attacks, Config{MaxStates: -1, MaxBytes: -1})
				took := time.Since(start)
				timer.Stop()
				cancel()
				if took < after && !errors.Is(err, context.Canceled) {
					t.Fatalf("done in %v, before the cancel: %v", took, err)
				}
				if l := took - after; try == 0 || l < late {
					late = l
				}
				if late <= bound {
					break
				}
			}
			if !errors.Is(err, context.Canceled) {
				t.Errorf("err = %v, want context.Canceled", err)
			}
			if late > bound {
				t.Errorf("returned %v after the cancel, want within %v", late, bound)
			}
		})
	}
}
