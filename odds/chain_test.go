package odds

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestPacketChainEqualsEnumeration: on random scenarios drawn to reach the
// packet chain (battleaxe's per-model damage and whfb8's remaining-wounds
// cap, multi-wound packets, Flaming attacks, several groups), Exact gives
// exactly what the plain enumeration gives, and the chain is taken.
func TestPacketChainEqualsEnumeration(t *testing.T) {
	took := 0
	rounds(t, func(t *rapid.T) {
		rs := rapid.SampledFrom([]rules.Ruleset{rules.Battleaxe, rules.WHFB8}).Draw(t, "ruleset")
		s := genSpec(t, rs)
		s.Options.DamageModel = rules.PerModel
		if rs == rules.WHFB8 {
			s.Options.MWCap = rules.MWCap(rapid.IntRange(0, 1).Draw(t, "chainCap"))
		}
		s.Profile.W = rapid.IntRange(2, 4).Draw(t, "chainW")
		s.Models = rapid.IntRange(max(1, len(s.Command)), 6).Draw(t, "chainModels")
		s.Carried = min(s.Carried, s.Profile.W-1)
		u, err := unit.New(s)
		if err != nil {
			t.Skip(err)
		}
		attacks := genAttacks(t, s, 8)
		multiWound(t, attacks)
		for i := range attacks {
			attacks[i].Flaming = attacks[i].Flaming || rapid.IntRange(0, 3).Draw(t, "chainFlaming") == 0
		}
		if _, err := engine.NewMachine(u, attacks, nil); err != nil {
			t.Skip(err)
		}
		equalsEnumeration(t, u, attacks)
		if res, err := Exact(t.Context(), u, attacks, Config{}); err == nil && strings.Contains(res.Method, fastChain) {
			took++
		}
	})
	if took < 50 {
		t.Errorf("the packet chain was taken in %d scenarios only", took)
	}
}
