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

// TestPanicLoss: the losses that force a test, as the odds label and the
// referee's summary word them: 25% or more (RULES.md 12), more than 25% in
// tow (22.9).
func TestPanicLoss(t *testing.T) {
	third := Options{PanicThreshold: big.NewRat(1, 3)}
	for _, c := range []struct {
		rs   Ruleset
		o    Options
		want string
	}{
		{WHFB8, Options{}, "25% or more"},
		{Battleaxe, third, "1/3 or more"},
		{TOW, Options{}, "more than 25%"},
		{TOW, third, "more than 1/3"},
	} {
		if got := PanicLoss(c.rs, c.o); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.rs, c.o.PanicShare(), got, c.want)
		}
	}
}
