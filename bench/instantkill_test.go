package bench

import "testing"

// BenchmarkKillingBlow: 40 attacks with Killing Blow, hit 4+, S4 vs T3, at
// 15 W1 infantry with heavy armour and a 4+ ward (whfb8,
// testdata/killing-blow.yaml). Target (issue 23, item 7): < 1 s, 256 MB.
func BenchmarkKillingBlow(b *testing.B) { u, a := load(b, "killing-blow.yaml"); benchExact(b, u, a) }

// BenchmarkTowCleaving: 30 attacks with Cleaving Blow and Multiple Wounds
// (D3) at 10 W2 infantry with Regeneration 5+ (tow,
// testdata/tow-cleaving.yaml). Target (issue 23, item 7): < 1 s, 256 MB.
func BenchmarkTowCleaving(b *testing.B) { u, a := load(b, "tow-cleaving.yaml"); benchExact(b, u, a) }
