package dice_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rearrank/rearrank/dice"
)

func TestDistBasics(t *testing.T) {
	d6 := dice.Die(6)
	if diff := cmp.Diff(dice.Dist{Min: 1, Weights: []uint64{1, 1, 1, 1, 1, 1}, Total: 6}, d6); diff != "" {
		t.Errorf("Die(6) (-want +got):\n%s", diff)
	}
	if d6.Len() != 6 || d6.Max() != 6 || d6.Weight(0) != 0 || d6.Weight(7) != 0 || d6.Weight(3) != 1 {
		t.Errorf("Die(6): Len %d, Max %d, Weight(0,7,3) %d %d %d", d6.Len(), d6.Max(), d6.Weight(0), d6.Weight(7), d6.Weight(3))
	}
	if got := dice.Point(4).Mean(); got.Cmp(rat("4")) != 0 {
		t.Errorf("Point(4).Mean() = %s", got.RatString())
	}
	// Negative values are allowed in a Dist, and in its mean.
	if got := dice.Point(-3).Convolve(dice.Die(3)).Mean(); got.Cmp(rat("-1")) != 0 {
		t.Errorf("D3-3 mean %s, want -1", got.RatString())
	}
}

func TestDistEmpty(t *testing.T) {
	var zero dice.Dist
	if zero.Len() != 0 || zero.P(0).Sign() != 0 || zero.Mean().Sign() != 0 {
		t.Errorf("zero Dist: Len %d, P(0) %s, Mean %s", zero.Len(), zero.P(0), zero.Mean())
	}
	if got := zero.Convolve(dice.Die(6)); got.Len() != 0 || got.Total != 0 {
		t.Errorf("zero.Convolve(D6) = %+v, want empty", got)
	}
	if got := dice.Die(6).Convolve(zero); got.Len() != 0 {
		t.Errorf("D6.Convolve(zero) = %+v, want empty", got)
	}
	if got := zero.Map(func(v int) int { return v }); got.Len() != 0 {
		t.Errorf("zero.Map = %+v, want empty", got)
	}
}

func TestDistConvolve(t *testing.T) {
	// D3 + D6: 18 pairs; sums 2..9 counted by hand: 1,2,3,3,3,3,2,1.
	got := dice.Die(3).Convolve(dice.Die(6))
	want := dice.Dist{Min: 2, Weights: []uint64{1, 2, 3, 3, 3, 3, 2, 1}, Total: 18}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("D3+D6 (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, dice.Die(6).Convolve(dice.Die(3))); diff != "" {
		t.Errorf("D6+D3 differs from D3+D6:\n%s", diff)
	}
	// 24 D6 is the most a uint64 Total holds: 6^24 < 2^64 < 6^25.
	d := dice.Point(0)
	for range 24 {
		d = d.Convolve(dice.Die(6))
	}
	if d.Total != 4738381338321616896 { // 6^24
		t.Errorf("24D6 Total = %d, want 6^24", d.Total)
	}
	defer func() {
		r := recover()
		if s, _ := r.(string); !strings.Contains(s, "overflows") {
			t.Errorf("25th D6: recover() = %v, want an overflow panic", r)
		}
	}()
	d.Convolve(dice.Die(6))
}

func TestDistMap(t *testing.T) {
	d := dice.MustParseExpr("2D6").Dist()
	// Result of 2D6 against "7 or more": 21 of the 36 pairs (15+6: the sums
	// 7..12 have 6,5,4,3,2,1 pairs).
	pass := d.Map(func(v int) int {
		if v >= 7 {
			return 1
		}
		return 0
	})
	if diff := cmp.Diff(dice.Dist{Min: 0, Weights: []uint64{15, 21}, Total: 36}, pass); diff != "" {
		t.Errorf("2D6 >= 7 (-want +got):\n%s", diff)
	}
	// Map never shares Weights with its input.
	same := d.Map(func(v int) int { return v })
	same.Weights[0] = 99
	if d.Weights[0] != 1 {
		t.Errorf("Map shared Weights with its input")
	}
	// Values f gives nothing in between keep a weight of 0.
	gap := dice.Die(3).Map(func(v int) int { return 10 * v })
	if diff := cmp.Diff(dice.Dist{Min: 10, Weights: []uint64{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, Total: 3}, gap); diff != "" {
		t.Errorf("10×D3 (-want +got):\n%s", diff)
	}
	// f is not asked about impossible values.
	holed := dice.Dist{Min: 0, Weights: []uint64{0, 1, 0}, Total: 1}
	if got := holed.Map(func(v int) int { return 5 - 5*v }); got.Min != 0 || got.Len() != 1 {
		t.Errorf("Map over a Dist with zero weights = %+v, want Point(0)", got)
	}
}

func TestDiePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Die(0) did not panic")
		}
	}()
	dice.Die(0)
}
