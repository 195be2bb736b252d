package odds

import (
	"math/big"
	"testing"
)

// TestTails checks the suffix sums against AtLeast, term by term, on a
// distribution whose tails are worked by hand: P = 1/6, 1/3, 1/2 gives
// P(>=0) = 1, P(>=1) = 5/6, P(>=2) = 1/2, P(>=3) = 0.
func TestTails(t *testing.T) {
	d := Dist{P: []*big.Rat{big.NewRat(1, 6), big.NewRat(1, 3), big.NewRat(1, 2)}}
	want := []string{"1", "5/6", "1/2", "0"}
	tails := d.Tails()
	if len(tails) != len(want) {
		t.Fatalf("Tails: %d values, want %d", len(tails), len(want))
	}
	for i, w := range want {
		if got := tails[i].RatString(); got != w {
			t.Errorf("Tails()[%d] = %s, want %s", i, got, w)
		}
		if got := d.AtLeast(i).RatString(); got != w {
			t.Errorf("AtLeast(%d) = %s, want %s", i, got, w)
		}
	}
	if got := d.Mean().RatString(); got != "4/3" { // 1/3 + 2·1/2
		t.Errorf("Mean = %s, want 4/3", got)
	}
	f := d.TailFloats()
	if f[1] != 5.0/6 || f[3] != 0 {
		t.Errorf("TailFloats = %v", f)
	}
	if got := (Dist{}).Tails(); len(got) != 1 || got[0].Sign() != 0 {
		t.Errorf("empty Dist: Tails = %v, want [0]", got)
	}
}

// TestTailsOfResults checks Tails against AtLeast on every marginal of
// the medium scenarios' exact results.
func TestTailsOfResults(t *testing.T) {
	for _, sc := range mediumScenarios() {
		res := exactly(t, mustUnit(t, sc.spec), sc.attacks)
		for name, d := range map[string]Dist{"casualties": res.Casualties, "wounds": res.Wounds, "unsaved": res.Unsaved} {
			tails := d.Tails()
			for i := range len(d.P) + 1 {
				if want := d.AtLeast(i); tails[i].Cmp(want) != 0 {
					t.Errorf("%s %s: Tails()[%d] = %s, AtLeast = %s", sc.name, name, i, tails[i].RatString(), want.RatString())
				}
			}
		}
	}
}
