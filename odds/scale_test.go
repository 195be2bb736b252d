package odds

import (
	"errors"
	"math/big"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
	"pgregory.net/rapid"
)

// TestScaleLargePowers checks weight.scale against math/big for powers of 3
// on both sides of the word (3^40) and the shared table (3^255), from
// inline and big weights.
func TestScaleLargePowers(t *testing.T) {
	three, two := big.NewInt(3), big.NewInt(2)
	for _, x := range []weight{one, small64(12345), fromBig(new(big.Int).Lsh(big.NewInt(7), 300))} {
		for _, d := range []den{{0, 0}, {3, 5}, {0, 40}, {1, 41}, {0, 255}, {70, 256}, {5, 600}} {
			want := x.toBig()
			want.Mul(want, new(big.Int).Exp(three, big.NewInt(int64(d.three)), nil))
			want.Mul(want, new(big.Int).Exp(two, big.NewInt(int64(d.two)), nil))
			if got := x.scale(d).toBig(); got.Cmp(want) != 0 {
				t.Errorf("%s · 2^%d · 3^%d = %s, want %s", x.toBig(), d.two, d.three, got, want)
			}
		}
	}
}

// TestDistOverCommon: exact distributions (denominators 2^a·3^b) and
// others (Monte Carlo counts over 1000 samples) give the same tails and
// mean, worked by hand: P = 1/4, 5/12, 1/3 has tails 1, 3/4, 1/3, 0 and
// mean 5/12 + 2/3 = 13/12; P = 1/5, 3/10, 1/2 has tails 1, 4/5, 1/2, 0 and
// mean 3/10 + 1 = 13/10.
func TestDistOverCommon(t *testing.T) {
	for _, c := range []struct {
		p      []*big.Rat
		smooth bool
		tails  []string
		mean   string
	}{
		{[]*big.Rat{big.NewRat(1, 4), big.NewRat(5, 12), big.NewRat(1, 3)}, true, []string{"1", "3/4", "1/3", "0"}, "13/12"},
		{[]*big.Rat{big.NewRat(200, 1000), big.NewRat(300, 1000), big.NewRat(500, 1000)}, false, []string{"1", "4/5", "1/2", "0"}, "13/10"},
	} {
		d := Dist{P: c.p}
		if _, _, ok := d.overCommon(new(ratMaker)); ok != c.smooth {
			t.Errorf("%v: overCommon ok = %v, want %v", c.p, ok, c.smooth)
		}
		for i, tail := range d.Tails() {
			if tail.RatString() != c.tails[i] {
				t.Errorf("%v: Tails()[%d] = %s, want %s", c.p, i, tail.RatString(), c.tails[i])
			}
		}
		if m := d.Mean().RatString(); m != c.mean {
			t.Errorf("%v: Mean = %s, want %s", c.p, m, c.mean)
		}
	}
}

// TestMemoryBudget: the zero Config's budget is 256 MiB, a negative one
// none; a state of an inline weight costs perState bytes, one of a big
// weight its words as well; passing the budget is a state-limit error.
func TestMemoryBudget(t *testing.T) {
	if got := (Config{}).maxBytes(); got != 256<<20 {
		t.Errorf("zero Config: %d bytes, want 256 MiB", got)
	}
	if got := (Config{MaxBytes: -1}).maxBytes(); got != 0 {
		t.Errorf("MaxBytes -1: %d, want 0 (no limit)", got)
	}
	if got := (Config{MaxBytes: 1 << 20}).maxBytes(); got != 1<<20 {
		t.Errorf("MaxBytes 1 MiB: %d", got)
	}
	if got := stateBytes(one); got != perState {
		t.Errorf("inline weight: %d bytes, want %d", got, perState)
	}
	huge := fromBig(new(big.Int).Lsh(big.NewInt(1), 4096)) // 65 words
	if got := stateBytes(huge); got < perState+65*8 {
		t.Errorf("4097-bit weight: %d bytes, want at least %d", got, perState+65*8)
	}
	err := bytesLimitError(256<<20, 7, msg.New("odds.text", "S3"))
	if !errors.Is(err, ErrStateLimit) || !errors.Is(err, ErrMemoryLimit) || err.Error() != "state limit reached: states of more than 256 MB after 7 steps: S3" {
		t.Errorf("bytesLimitError: %v", err)
	}
}

// TestStripManyThrees: rat strips hundreds of factors 3 shared by the
// numerator and the denominator, as the accumulator's fractions of a
// thousand attacks have (BenchmarkScale), and gives what big.Rat gives.
func TestStripManyThrees(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x := genWeight(t, "x", 300)
		k := int32(rapid.IntRange(0, 1200).Draw(t, "k"))
		d := den{int32(rapid.IntRange(0, 40).Draw(t, "two")), k + int32(rapid.IntRange(0, 30).Draw(t, "extra"))}
		if rapid.Bool().Draw(t, "fewer") {
			d.three = int32(rapid.IntRange(0, int(k)).Draw(t, "three"))
		}
		x = x.scale(den{0, k})
		got := rat(x, d)
		want := new(big.Rat).SetFrac(x.toBig(), d.int())
		if got.Cmp(want) != 0 || got.Num().Cmp(want.Num()) != 0 || got.Denom().Cmp(want.Denom()) != 0 {
			t.Fatalf("rat(x·3^%d, %v) = %s, want %s", k, d, got.RatString(), want.RatString())
		}
	})
}

// TestCoreBytes: a core costs a machine and a copy of the unit, whose
// models are most of it for a big unit: a hundred models take more than
// twice what ten take, beyond the machine.
func TestCoreBytes(t *testing.T) {
	small := coreBytes(mustUnit(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 10, Profile: unit.Profile{W: 3, T: 3}}))
	large := coreBytes(mustUnit(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 100, Frontage: 10, Profile: unit.Profile{W: 3, T: 3}}))
	if small <= machineBytes || large-machineBytes < 2*(small-machineBytes) || large < machineBytes+100*8 {
		t.Errorf("core of 10 models %d bytes, of 100 models %d", small, large)
	}
}

// TestMemoryBudgetStops: a per-model scenario whose states would pass the
// budget long before the state count stops with the budget's error, and the
// heap it grew stays near the budget: the state count alone let a
// per-model scenario of 100 models run 27 s and grow 1.2 GB before it
// stopped.
func TestMemoryBudgetStops(t *testing.T) {
	if testing.Short() {
		t.Skip("grows the heap to the budget")
	}
	u := mustUnit(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 100, Frontage: 10, Profile: unit.Profile{W: 3, T: 3}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(200), Strength: 4, MultipleWounds: dice.MustParseExpr("D3"), Target: unit.Target{Role: unit.RankAndFile}}}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, err := Exact(t.Context(), pub(u), a, Config{MaxStates: -1, MaxBytes: 32 << 20})
	if !errors.Is(err, ErrStateLimit) || !strings.Contains(err.Error(), "states of more than 32 MB") {
		t.Fatalf("err %v, want the memory budget's state-limit error", err)
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if grew := after.HeapInuse - min(after.HeapInuse, before.HeapInuse); grew > 128<<20 {
		t.Errorf("heap grew %d MB for a 32 MB budget", grew>>20)
	}
	t.Logf("stopped after %v: %v", time.Since(start), err)
}
