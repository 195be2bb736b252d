package rules

import (
	"math/big"
	"testing"
)

// TestPanicShare: the threshold in a player's words (RULES.md 12: 25% by
// default; panic_threshold takes any fraction).
func TestPanicShare(t *testing.T) {
	if got := (Options{}).PanicShare(); got != "25%" {
		t.Errorf("default: %q, want 25%%", got)
	}
	for _, c := range []struct {
		num, den int64
		want     string
	}{
		{1, 2, "50%"},
		{1, 3, "1/3"},
		{3, 10, "30%"},
		{1, 8, "1/8"},
	} {
		o := Options{PanicThreshold: big.NewRat(c.num, c.den)}
		if got := o.PanicShare(); got != c.want {
			t.Errorf("%d/%d: %q, want %q", c.num, c.den, got, c.want)
		}
	}
}
