package alloc

import (
	"testing"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestPacketWFollowsRemovalOrder is R41 with Multiple Wounds (RULES.md 9.2,
// E41): in a pool of W1 and W3 models the W a packet lands on is the next
// model's, packet by packet (a1 A), pooled and per-model alike.
func TestPacketWFollowsRemovalOrder(t *testing.T) {
	rf := unit.Target{Role: unit.RankAndFile}
	for _, o := range []rules.Options{{}, {DamageModel: rules.Pooled}} {
		for _, rs := range []rules.Ruleset{rules.WHFB8, rules.Battleaxe} {
			u, err := New(unit.Spec{Ruleset: rs, Options: o, Models: 2, Frontage: 4, Profile: unit.Profile{W: 1, T: 3},
				Groups: []unit.Group{{Count: 2, Profile: unit.Profile{W: 3, T: 3}}}})
			if err != nil {
				t.Fatal(err)
			}
			if !u.MixedW(rf) {
				t.Errorf("%s: MixedW false for a pool of W1 and W3", rs)
			}
			// [R R I I]: the left end first (a W1 model), then the right (W3)
			if w := u.PacketW(rf); w != 1 {
				t.Errorf("%s: first packet on W%d, want W1", rs, w)
			}
			if _, err := u.Apply(Packet{Target: rf, Wounds: 1, Multi: true}); err != nil {
				t.Fatal(err)
			}
			if w := u.PacketW(rf); w != 3 {
				t.Errorf("%s: second packet on W%d, want W3 (the right end)", rs, w)
			}
		}
	}
	one, err := New(unit.Spec{Ruleset: rules.WHFB8, Models: 5, Profile: unit.Profile{W: 2, T: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if one.MixedW(rf) || one.PacketW(rf) != 2 {
		t.Errorf("one profile: MixedW %v, PacketW %d; want false, 2", one.MixedW(rf), one.PacketW(rf))
	}
}
