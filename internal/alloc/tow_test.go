package alloc

import (
	"strings"
	"testing"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestTowRearRankOrder is RULES.md 22.8: tow empties a rear rank from one
// end, left to right by default, keeping the rest adjacent; whfb8 takes
// from each end in turn (11.2). rear_rank_order changes either.
func TestTowRearRankOrder(t *testing.T) {
	for _, c := range []struct {
		name  string
		rs    rules.Ruleset
		order rules.RearRankOrder
		want  string // the rear rank's slots removed, in order
	}{
		{"tow default: left to right", rules.TOW, rules.RearRankByRuleset, "2.1 2.2"},
		{"tow right_to_left", rules.TOW, rules.RightToLeft, "2.3 2.2"},
		{"tow alternate_ends", rules.TOW, rules.AlternateEnds, "2.1 2.3"},
		{"whfb8 default: alternate ends", rules.WHFB8, rules.RearRankByRuleset, "2.1 2.3"},
		{"whfb8 left_to_right", rules.WHFB8, rules.LeftToRight, "2.1 2.2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// 13 models five wide: a rear rank of 3, centred in files 1 to 3
			u := mustNew(t, unit.Spec{Ruleset: c.rs, Options: rules.Options{RearRankOrder: c.order}, Models: 13, Frontage: 5, Profile: elf})
			u.StartBatch(nil)
			var removed []string
			for range 2 {
				ch, err := u.Apply(Packet{Target: rf, Wounds: 1})
				if err != nil {
					t.Fatal(err)
				}
				removed = append(removed, files(ch))
			}
			if _, err := u.EndBatch(); err != nil {
				t.Fatal(err)
			}
			if err := u.Check(); err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(removed, " "); got != c.want {
				t.Errorf("removed %s, want %s (now %s)", got, c.want, u.Draw())
			}
		})
	}
	if got := rules.For(rules.TOW).RearRankOrderOf(rules.Options{}); got != rules.LeftToRight {
		t.Errorf("tow's default rear_rank_order %d, want left_to_right", got)
	}
}

// TestPacketAtEmptiedPool: a Multiple Wounds packet aimed at a pool that is
// empty has no model to be capped at, so the note does not cap it at one:
// the whole packet is the empty pool's overflow, lost (10.1, 22.7), where
// no champion takes overflow. r2 N6. The batch's lost overflow is told
// once, at its end.
func TestPacketAtEmptiedPool(t *testing.T) {
	const lost = "an overflow of 3 wounds lost: the pool is empty (10.1)"
	for _, rs := range []rules.Ruleset{rules.TOW, rules.WHFB8} {
		u := mustNew(t, unit.Spec{Ruleset: rs, Models: 1, Profile: unit.Profile{W: 2, T: 3}})
		u.StartBatch(nil)
		if _, err := u.Apply(Packet{Target: rf, Wounds: 3, Multi: true}); err != nil {
			t.Fatal(err)
		}
		ch, err := u.Apply(Packet{Target: rf, Wounds: 3, Multi: true})
		if err != nil {
			t.Fatal(err)
		}
		if ch.Wasted != 3 || ch.Effective != 0 || len(ch.Notes) != 0 {
			t.Errorf("%s: wasted %d, effective %d, notes %q; want 3, 0, none until the end of the batch", rs, ch.Wasted, ch.Effective, ch.Notes)
		}
		end, err := u.EndBatch()
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(noteTexts(end.Notes), "; "); got != lost {
			t.Errorf("%s: end of batch notes %q, want %q", rs, got, lost)
		}
	}
}

// noteTexts is notes in English.
func noteTexts(notes []msg.Message) []string {
	out := make([]string, len(notes))
	for i, n := range notes {
		out[i] = n.String()
	}
	return out
}
