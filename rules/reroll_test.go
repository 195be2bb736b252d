package rules

import (
	"math/big"
	"testing"
)

func TestParseRerollRoundTrip(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Reroll
		out  string
	}{
		{"none", 0, "none"},
		{"failed", RerollFailed, "failed"},
		{"ones", RerollOnes, "ones"},
		{"[ones, successes]", RerollOnes | RerollSuccesses, "[ones, successes]"},
		{"[failed, ones]", RerollFailed, "failed"}, // RULES.md 20.7
	} {
		got, err := ParseReroll(tt.in)
		if err != nil || got != tt.want || got.String() != tt.out {
			t.Errorf("ParseReroll(%q) = %v (%s), %v; want %v (%s)", tt.in, got, got, err, tt.want, tt.out)
		}
		if again, err := ParseReroll(got.String()); err != nil || again != got {
			t.Errorf("round trip of %q: %v, %v", tt.in, again, err)
		}
	}
	if _, err := ParseReroll("sixes"); err == nil {
		t.Error("ParseReroll(sixes): want an error")
	}
}

func TestRerollChance(t *testing.T) { // RULES.md 20.10 E92, E93, E112, E113
	for _, tt := range []struct {
		name string
		low  int
		r    Reroll
		want string
	}{
		{"E92 2+ re-roll ones", 2, RerollOnes, "35/36"},
		{"E92 4+ re-roll ones", 4, RerollOnes, "7/12"},
		{"E92 4+ re-roll failed", 4, RerollFailed, "3/4"},
		{"E93 4+ forced re-roll of successes", 4, RerollSuccesses, "1/4"},
		{"E93 5+ forced", 5, RerollSuccesses, "1/9"},
		{"E112 3+ ones and forced", 3, RerollOnes | RerollSuccesses, "5/9"},
		{"E113 4+ failed and forced", 4, RerollFailed | RerollSuccesses, "1/2"},
		{"E94 Aegis 2+ (3+ in t9a) forced", 3, RerollSuccesses, "4/9"},
	} {
		want, _ := new(big.Rat).SetString(tt.want)
		if got := RerollChance(tt.low, tt.r); got.Cmp(want) != 0 {
			t.Errorf("%s: %s, want %s", tt.name, got.RatString(), tt.want)
		}
	}
}

func TestParseTrigger(t *testing.T) { // RULES.md 20.2 T1
	for _, tt := range []struct {
		in   string
		want Trigger
	}{{"true", 6}, {"false", 0}, {"5+", 5}, {"2+", 2}} {
		got, err := ParseTrigger(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseTrigger(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"1+", "7+", "5", "x"} {
		if _, err := ParseTrigger(bad); err == nil {
			t.Errorf("ParseTrigger(%q): want an error", bad)
		}
	}
	if !Trigger(5).Fires(6) || Trigger(5).Fires(4) || Trigger(0).Fires(6) {
		t.Error("Fires: 5+ fires on 5 and 6 only; off never fires")
	}
}
