package alloc

import (
	"reflect"
	"testing"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestPacketCapped: a multi-wound packet is capped at its model's W left
// only on the rank and file of a per-model unit with a model left (RULES.md
// 11.3, 9.2); the champion (C11), pooled damage (11.1) and an emptied pool
// (10.1) are not, and asking changes nothing.
func TestPacketCapped(t *testing.T) {
	rf, champ := unit.Target{Role: unit.RankAndFile}, unit.Target{Role: unit.Champion}
	perModel := unit.Spec{Ruleset: rules.Battleaxe, Models: 4, Profile: ogre, Command: []unit.Role{unit.Champion}}
	pooled := perModel
	pooled.Options.DamageModel = rules.Pooled
	for _, tc := range []struct {
		name string
		spec unit.Spec
		t    unit.Target
		want bool
	}{
		{"per-model rank and file", perModel, rf, true},
		{"per-model champion", perModel, champ, false},
		{"pooled rank and file", pooled, rf, false},
	} {
		u := mustNew(t, tc.spec)
		before := u.Snapshot()
		if got := u.PacketCapped(tc.t); got != tc.want {
			t.Errorf("%s: PacketCapped = %v, want %v", tc.name, got, tc.want)
		}
		if !reflect.DeepEqual(u.Snapshot(), before) {
			t.Errorf("%s: PacketCapped changed the unit", tc.name)
		}
	}
	// the pool emptied, a packet overflows instead (10.1)
	u := mustNew(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 1, Profile: ogre})
	if _, err := u.Apply(Packet{Target: rf, Wounds: ogre.W, Multi: true}); err != nil {
		t.Fatal(err)
	}
	if u.PacketCapped(rf) {
		t.Error("PacketCapped on an emptied pool: want false")
	}
}
