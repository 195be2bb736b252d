package odds

import (
	"fmt"
	"testing"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestBatchOfProfilesSpreadsPackets: two profiles in one batch (RULES.md
// C24) send their Multiple Wounds packets to different models (11.3 step
// 1), where as two batches the second packet goes to the model the first
// one damaged. Three fresh Ogres (W3, no save) in battleaxe's per-model
// damage; each profile is one automatic hit, S4 against T4 (wounds on 4+:
// 1/2), Multiple Wounds 2.
//
// By hand. Both wound with chance 1/4, one of them 1/2, neither 1/4. One
// batch: the packets strike two Ogres, 2 wounds each, nobody dies:
// casualties 0 always; wounds 0, 2, 4 with 1/4, 1/2, 1/4. Two batches: the
// second packet goes to the damaged Ogre first (packet_target
// damaged_first), which has 1 Wound left: 1 casualty with 1/4; wounds 0,
// 2, 3 with 1/4, 1/2, 1/4 (the packet's other wound is wasted).
func TestBatchOfProfilesSpreadsPackets(t *testing.T) {
	spec := unit.Spec{Ruleset: rules.Battleaxe, Models: 3, Frontage: 3, Profile: unit.Profile{W: 3, T: 4}}
	profile := func(name, batch string) referee.Attack {
		return referee.Attack{Name: name, Count: dice.ConstExpr(1), Strength: 4, MultipleWounds: expr("2"), Batch: batch, Target: rf}
	}
	for _, c := range []struct {
		name        string
		batch       string
		cas, wounds []string
	}{
		{"one batch", "v", []string{"1"}, []string{"1/4", "0", "1/2", "0", "1/4"}},
		{"two batches", "", []string{"3/4", "1/4"}, []string{"1/4", "0", "1/2", "1/4"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := mustUnit(t, spec)
			attacks := []referee.Attack{profile("great weapons", c.batch), profile("rune axe", c.batch)}
			walked, err := walk(t, u, attacks, 1000)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range []*Result{exactly(t, u, attacks), walked} {
				for _, d := range []struct {
					name string
					got  Dist
					want []string
				}{{"casualties", r.Casualties, c.cas}, {"wounds", r.Wounds, c.wounds}} {
					if len(d.got.P) != len(d.want) {
						t.Fatalf("%s (%s): %d values, want %d", d.name, r.Method, len(d.got.P), len(d.want))
					}
					for i, w := range d.want {
						wantRat(t, fmt.Sprintf("%s (%s) P(%d)", d.name, r.Method, i), d.got.P[i], w)
					}
				}
			}
		})
	}
}
