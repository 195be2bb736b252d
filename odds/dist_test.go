package odds

import (
	"encoding/json"
	"math/big"
	"strings"
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

// TestNumberMatchesEncodingJSON: Number writes exactly what json.Marshal
// writes for the float of the fraction, or for its "a/b" string, for
// probabilities across the whole float range (and past it: 1e-400 is 0).
func TestNumberMatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{"0", "1", "1/2", "5/6", "1/3", "1/1000000", "1/999999", "1/1000001", "123456789/1000000000000000",
		"1/10000000000000000000000000000000000000000", "3/2", "1000000000000000000000", "1/" + strings.Repeat("9", 400)} {
		r, ok := new(big.Rat).SetString(s)
		if !ok {
			t.Fatalf("bad fraction %s", s)
		}
		f, _ := r.Float64()
		for _, exact := range []bool{false, true} {
			var want []byte
			if exact {
				want, _ = json.Marshal(r.RatString())
			} else {
				want, _ = json.Marshal(f)
			}
			got, err := Number{r: r, exact: exact}.MarshalJSON()
			if err != nil || string(got) != string(want) {
				t.Errorf("%s exact %v: %s, want %s (%v)", s, exact, got, want, err)
			}
		}
	}
	for _, f := range []float64{5e-324, 1e-7, 2.5e-10, 9.999999e-7, 1e-6, 0.1, 1e20, 1e21, 1.5e300} {
		want, _ := json.Marshal(f)
		if got := appendFloat(nil, f); string(got) != string(want) {
			t.Errorf("%g: %s, want %s", f, got, want)
		}
	}
}
