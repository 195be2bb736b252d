package scenario

import (
	"strings"
	"testing"
)

// TestR41MixedWoundsInOnePool: a whfb8 unit of two W1 men and one W2 man
// of the same troop type keeps one pool (RULES.md 10.1), and the model next
// in removal order decides how many wounds remove it (R41). In one rank the
// ends alternate (R11): the left man goes first, then the W2 man at the
// right end. Three S10 hits wound T3 on 2+ (5/6 each, no save); k unsaved
// wounds remove 0, 1, 1, 2 models for k = 0..3, since the second and third
// wounds go on the W2 man, so P(1) = 3(5/6)(1/6)^2 + 3(5/6)^2(1/6) =
// 15/216 + 75/216 = 5/12 and P(2) = (5/6)^3 = 125/216. battleaxe pooled
// and t9a1-ru (one type, other characteristics: one pool) read it alike.
func TestR41MixedWoundsInOnePool(t *testing.T) {
	for _, rs := range []string{"whfb8", "battleaxe", "t9a1-ru"} {
		src := "ruleset: " + rs + `
options: {damage_model: pooled}
attacks:
  - count: 3
    to_hit: auto
    strength: 10
    no_saves: true
target:
  models: 2
  toughness: 3
  frontage: 3
  groups:
    - models: 1
      toughness: 3
      wounds: 2
`
		if rs != "battleaxe" {
			src = strings.Replace(src, "options: {damage_model: pooled}\n", "", 1)
		}
		r := exactAndEnumerated(t, rs, src)
		exact, enum := r[0], r[1]
		want := []string{"1/216", "5/12", "125/216"}
		for i, w := range want {
			if got := exact.Casualties.P[i].RatString(); got != w {
				t.Errorf("%s: P(%d casualties) = %s, want %s", rs, i, got, w)
			}
			if got := enum.Casualties.P[i].RatString(); got != w {
				t.Errorf("%s: enumerated P(%d casualties) = %s, want %s", rs, i, got, w)
			}
		}
		if len(exact.Casualties.P) != len(want) {
			t.Errorf("%s: casualties %v, want %v", rs, exact.Casualties.P, want)
		}
	}
}
