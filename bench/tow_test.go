package bench

import "testing"

// BenchmarkS1Tow: S1 under tow, where each Multiple Wounds packet is capped
// at the model's remaining Wounds (RULES.md 22.7). Target (issue 14):
// within 1.5x of S1.
func BenchmarkS1Tow(b *testing.B) { u, a := load(b, "s1-tow.yaml"); benchExact(b, u, a) }
