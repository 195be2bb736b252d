package odds

import (
	"fmt"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
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
	profile := func(name, batch string) rearrank.Attack {
		return rearrank.Attack{Name: name, Count: dice.ConstExpr(1), Strength: 4, MultipleWounds: expr("2"), Batch: batch, Target: rf}
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
			attacks := []rearrank.Attack{profile("great weapons", c.batch), profile("rune axe", c.batch)}
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

// TestMixedPoolPacketsPerModel is R41 with Multiple Wounds (a1 A): in a
// pool of W1 and W3 models the model a packet lands on decides whether its
// damage dice are rolled (RULES.md 9.2, E41), packet by packet, not once
// for the batch from the first. Two rank and file of W1 and a group of two
// W3 (T3, no saves), two automatic S10 hits wound on 2+ (5/6) with
// Multiple Wounds D3. The first packet removes a W1 model; the second
// lands on a W3 model at the other end and rolls its D3, capped at 3.
//
// By hand: no wound 1/36; one wound 10/36 (1 casualty, 1 wound); two
// 25/36, then 1 + D3: wounds 2, 3, 4 with 25/108 each, and the D3 of 3
// removes the W3 model (2 casualties, 25/108). Casualties 1/36, 20/27,
// 25/108; wounds 1/36, 5/18, 25/108, 25/108, 25/108. Pooled (whfb8) and
// per-model (battleaxe) alike.
func TestMixedPoolPacketsPerModel(t *testing.T) {
	for _, rs := range []rules.Ruleset{rules.WHFB8, rules.Battleaxe} {
		t.Run(rs.String(), func(t *testing.T) {
			u := mustUnit(t, unit.Spec{Ruleset: rs, Models: 2, Frontage: 4, Profile: unit.Profile{W: 1, T: 3},
				Groups: []unit.Group{{Count: 2, Profile: unit.Profile{W: 3, T: 3}}}})
			a := []rearrank.Attack{{Count: dice.ConstExpr(2), Strength: 10, NoSaves: true, MultipleWounds: expr("D3"), Target: rf}}
			res := walked(t, u, a)
			if len(res.Casualties.P) != 3 {
				t.Fatalf("casualties: %d values, want 3 (%s)", len(res.Casualties.P), res.Method)
			}
			for i, w := range []string{"1/36", "20/27", "25/108"} {
				wantRat(t, fmt.Sprintf("casualties P(%d) (%s)", i, res.Method), res.Casualties.P[i], w)
			}
			if len(res.Wounds.P) != 5 {
				t.Fatalf("wounds: %d values, want 5", len(res.Wounds.P))
			}
			for i, w := range []string{"1/36", "5/18", "25/108", "25/108", "25/108"} {
				wantRat(t, fmt.Sprintf("wounds P(%d) (%s)", i, res.Method), res.Wounds.P[i], w)
			}
		})
	}
}

// TestMixedPoolOverflowDice: once a pool of mixed Wounds (R41) is empty,
// a packet aimed at it rolls its damage dice by the profile that made the
// pool, whose W caps the overflow that waits for the t9a champion (10.1,
// C13), whatever model the batch began against: the exact odds' pooled
// path, which caps every packet at that W, and the referee agree. t9a
// [R C A]: rank and file and champion of W2, a group of W1 at the right
// end, which single_rank_policy right takes first.
func TestMixedPoolOverflowDice(t *testing.T) {
	p := unit.Profile{TroopType: rules.Cavalry, W: 2, T: 2}
	g := p
	g.W = 1
	u := mustUnit(t, unit.Spec{Ruleset: rules.T9A, Options: rules.Options{SingleRankPolicy: rules.RightEnd}, Models: 2, Frontage: 3,
		Profile: p, Command: []unit.Role{unit.Champion}, Groups: []unit.Group{{Count: 1, Profile: g}}})
	aim := unit.Target{Role: unit.RankAndFile, TroopType: rules.Cavalry}
	a := []rearrank.Attack{
		{Count: dice.ConstExpr(2), Strength: 6, NoSaves: true, MultipleWounds: expr("D3"), Batch: "v", Target: aim},
		{Count: dice.ConstExpr(2), Strength: 5, NoSaves: true, MultipleWounds: expr("D3+1"), Batch: "v", Target: aim},
	}
	walked(t, u, a)
}
