package odds

import (
	"math/big"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// genWeight draws a weight of up to bits bits, inline or big.
func genWeight(t *rapid.T, label string, maxBits int) weight {
	n := rapid.IntRange(0, maxBits).Draw(t, label+"bits")
	z := new(big.Int)
	for i := 0; i < n; i += 32 {
		z.Lsh(z, 32)
		z.Add(z, big.NewInt(int64(rapid.Uint32().Draw(t, label+"word"))))
	}
	z.Rsh(z, uint(max(0, z.BitLen()-n)))
	if rapid.Bool().Draw(t, label+"asBig") {
		return weight{b: z}
	}
	return fromBig(z)
}

// TestWeightArithmetic: every weight operation agrees with math/big,
// across the inline limit of 256 bits.
func TestWeightArithmetic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x, y := genWeight(t, "x", 300), genWeight(t, "y", 300)
		bx, by := x.toBig(), y.toBig()
		check := func(name string, got weight, want *big.Int) {
			if got.toBig().Cmp(want) != 0 {
				t.Fatalf("%s: got %s, want %s (x=%s, y=%s)", name, got.toBig(), want, bx, by)
			}
		}
		s := x.plus(weight{}) // a copy of its own
		s.add(y)
		check("add", s, new(big.Int).Add(bx, by))
		check("plus", x.plus(y), new(big.Int).Add(bx, by))
		if bx.Cmp(by) >= 0 {
			d := x.plus(weight{})
			d.sub(y)
			check("sub", d, new(big.Int).Sub(bx, by))
		}
		check("x left alone", x, bx)
		check("mul", x.mul(y), new(big.Int).Mul(bx, by))
		check("mulShared", x.mulShared(y), new(big.Int).Mul(bx, by))
		k := rapid.Uint64().Draw(t, "k")
		check("mulSmall", x.mulSmall(k), new(big.Int).Mul(bx, new(big.Int).SetUint64(k)))
		d := den{int32(rapid.IntRange(0, 70).Draw(t, "two")), int32(rapid.IntRange(0, 90).Draw(t, "three"))}
		scaled := x.scale(d)
		check("scale", scaled, new(big.Int).Mul(bx, d.int()))
		check("divide", divide(scaled, d), bx)
		m := rapid.Uint64Range(1, 1<<62).Draw(t, "m")
		if got, want := x.modSmall(m), new(big.Int).Mod(bx, new(big.Int).SetUint64(m)).Uint64(); got != want {
			t.Fatalf("modSmall %d: got %d, want %d", m, got, want)
		}
		if x.isZero() != (bx.Sign() == 0) {
			t.Fatalf("isZero")
		}
		if !x.isZero() {
			f := commonFactor(scaled, d.mul(den{3, 3}))
			if !f.covers(d) || new(big.Int).Mod(scaled.toBig(), f.int()).Sign() != 0 {
				t.Fatalf("commonFactor of x·%v: %v", d, f)
			}
			// the factor is the largest: one more 2 or 3 does not divide
			q := divide(scaled, f)
			if f.two < d.two+3 && q.modSmall(2) == 0 || f.three < d.three+3 && q.modSmall(3) == 0 {
				t.Fatalf("commonFactor of x·%v: %v is not the largest", d, f)
			}
		}
	})
}

// TestRatLowestTerms: rat builds the same Rat as big.Rat.SetFrac, in lowest
// terms, without a GCD.
func TestRatLowestTerms(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x := genWeight(t, "x", 400)
		d := den{int32(rapid.IntRange(0, 80).Draw(t, "two")), int32(rapid.IntRange(0, 200).Draw(t, "three"))}
		if rapid.Bool().Draw(t, "sharesFactors") {
			x = x.scale(den{int32(rapid.IntRange(0, 5).Draw(t, "s2")), int32(rapid.IntRange(0, 50).Draw(t, "s3"))})
		}
		got := rat(x, d)
		want := new(big.Rat).SetFrac(x.toBig(), d.int())
		if got.Cmp(want) != 0 || got.RatString() != want.RatString() || got.Num().Cmp(want.Num()) != 0 || got.Denom().Cmp(want.Denom()) != 0 {
			t.Fatalf("rat(%s, %v) = %s, want %s", x.toBig(), d, got.RatString(), want.RatString())
		}
		// the Rat works as any other
		sum := new(big.Rat).Add(got, big.NewRat(1, 3))
		if sum.Cmp(new(big.Rat).Add(want, big.NewRat(1, 3))) != 0 {
			t.Fatalf("arithmetic on rat differs")
		}
	})
}

// TestPolyPow: the power of a polynomial by Miller's recurrence equals
// repeated multiplication.
func TestPolyPow(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := rapid.IntRange(0, 4).Draw(t, "degree")
		c := make([]uint64, m+1)
		top := rapid.SampledFrom([]uint64{50, 1 << 20, 1 << 40}).Draw(t, "size")
		for i := range c {
			c[i] = rapid.Uint64Range(0, top).Draw(t, "c")
		}
		n := rapid.IntRange(0, 12).Draw(t, "n")
		kmax := rapid.IntRange(0, n*m+3).Draw(t, "kmax")
		want := powByMultiplying(c, n)
		for name, got := range map[string][]*big.Int{"polyPow": polyPow(c, n, kmax), "polyPowBig": polyPowBig(c, n, kmax), "polyPowWeights": bigs(polyPowWeights(c, n, kmax)), "polyPowWords": wordsOrBig(c, n, kmax)} {
			for k := 0; k <= kmax; k++ {
				w := new(big.Int)
				if k < len(want) {
					w = want[k]
				}
				if got[k].Cmp(w) != 0 {
					t.Fatalf("%s: (%v)^%d: coefficient %d = %s, want %s", name, c, n, k, got[k], w)
				}
			}
		}
		total := new(big.Int)
		for _, w := range want {
			total.Add(total, w)
		}
		if n > 0 || len(c) > 0 {
			if s := sumPow(c, n); s.Cmp(total) != 0 {
				t.Fatalf("sumPow(%v, %d) = %s, want %s", c, n, s, total)
			}
		}
	})
}

// wordsOrBig is polyPowWords as big.Ints, or polyPowBig's where it
// declines: the test checks both agree with repeated multiplication.
func wordsOrBig(c []uint64, n, kmax int) []*big.Int {
	if q, ok := polyPowWords(c, n, kmax); ok {
		return bigs(q)
	}
	return polyPowBig(c, n, kmax)
}

// powByMultiplying returns (c[0] + c[1]·z + ...)^n by repeated multiplication.
func powByMultiplying(c []uint64, n int) []*big.Int {
	want := []*big.Int{big.NewInt(1)}
	for range n {
		next := make([]*big.Int, len(want)+len(c)-1)
		for i := range next {
			next[i] = new(big.Int)
		}
		for i, a := range want {
			for j, b := range c {
				next[i+j].Add(next[i+j], new(big.Int).Mul(a, new(big.Int).SetUint64(b)))
			}
		}
		want = next
	}
	return want
}

// TestPolyPowWords: the word-level recurrence equals repeated
// multiplication on the powers the fast paths ask for (S2's capped D3
// packet after 200 attacks, its unsaved count, Scale's 1000 attacks) and
// on random ones of many words, and declines where a factor passes a word.
func TestPolyPowWords(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, c []uint64, n, kmax int) {
		got, ok := polyPowWords(c, n, kmax)
		if !ok {
			t.Fatalf("polyPowWords(%v, %d, %d) declined", c, n, kmax)
		}
		var want []*big.Int
		if n <= 200 {
			want = powByMultiplying(c, n)
		} else { // polyPowBig, tested against powByMultiplying in TestPolyPow
			want = polyPowBig(c, n, kmax)
		}
		for k := 0; k <= kmax; k++ {
			w := new(big.Int)
			if k < len(want) {
				w = want[k]
			}
			if g := got[k].toBig(); g.Cmp(w) != 0 {
				t.Fatalf("(%v)^%d: coefficient %d = %s, want %s", c, n, k, g, w)
			}
		}
	}
	for _, tc := range []struct {
		c       []uint64
		n, kmax int
	}{
		{[]uint64{168, 25, 25, 25}, 200, 300},  // S2: 3·56 misses, 25 per packet size, over 3^5
		{[]uint64{56, 25}, 200, 200},           // S2's unsaved count, over 3^4
		{[]uint64{168, 25, 25, 25}, 1000, 150}, // Scale
		{[]uint64{0, 0, 7, 1}, 30, 100},        // leading zeros shift the power
		{[]uint64{5}, 40, 3},
		{[]uint64{1 << 40, 3, 1 << 39}, 60, 130},
	} {
		check(t, tc.c, tc.n, tc.kmax)
	}
	if _, ok := polyPowWords([]uint64{1 << 62, 1 << 62}, 3, 3); ok {
		t.Error("polyPowWords took factors of more than a word")
	}
	rapid.Check(t, func(t *rapid.T) {
		m := rapid.IntRange(0, 6).Draw(t, "degree")
		c := make([]uint64, m+1)
		for i := range c {
			c[i] = rapid.Uint64Range(0, 1<<rapid.IntRange(1, 40).Draw(t, "bits")).Draw(t, "c")
		}
		n := rapid.IntRange(0, 120).Draw(t, "n")
		if slices.Max(c) == 0 {
			return // polyPowBig's case
		}
		check(t, c, n, rapid.IntRange(0, n*m+3).Draw(t, "kmax"))
	})
}

// TestRatTakingFromSlab: fractions that take the words of slab copies
// (the accumulator's marginals, accumulator.fill) are in lowest terms,
// equal those of rat, with denominators past the shared table of powers
// of 3 (pow3Into), and are each their own: arithmetic on one, in place,
// changes no other fraction, no other copy and not the copied weight.
func TestRatTakingFromSlab(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var s slab
		var rm ratMaker
		n := rapid.IntRange(1, 6).Draw(t, "n")
		ws, copies, dens := make([]weight, n), make([]weight, n), make([]den, n)
		want := make([]*big.Rat, n)
		for i := range n {
			x := genWeight(t, "x", 2000)
			x.add(one)
			d := den{int32(rapid.IntRange(0, 80).Draw(t, "two")), int32(rapid.IntRange(0, 1300).Draw(t, "three"))}
			x = x.scale(den{int32(rapid.IntRange(0, 3).Draw(t, "s2")), int32(rapid.IntRange(0, 300).Draw(t, "s3"))})
			if x.b == nil {
				x = weight{b: x.toBig()} // slab copies are of big weights
			}
			ws[i], dens[i] = x, d
			want[i] = new(big.Rat).SetFrac(x.toBig(), d.int())
			copies[i] = s.copyOf(x)
			if rapid.Bool().Draw(t, "grows") { // an accumulator adds to its entries
				copies[i].add(x)
				want[i].Add(want[i], want[i])
			}
		}
		orig := make([]*big.Int, n)
		for i, x := range ws {
			orig[i] = x.toBig()
		}
		got := make([]*big.Rat, n)
		for i := range n {
			got[i] = rm.ratTaking(copies[i], dens[i])
			if got[i].Cmp(want[i]) != 0 || got[i].Num().Cmp(want[i].Num()) != 0 || got[i].Denom().Cmp(want[i].Denom()) != 0 {
				t.Fatalf("ratTaking over %v = %s, want %s", dens[i], got[i].RatString(), want[i].RatString())
			}
		}
		for i := range n {
			got[i].Add(got[i], big.NewRat(1, 3))
			got[i].Num().Add(got[i].Num(), got[i].Num()) // the words in place
			got[i].SetInt64(7)
			for j := i + 1; j < n; j++ {
				if got[j].Cmp(want[j]) != 0 {
					t.Fatalf("changing fraction %d changed fraction %d", i, j)
				}
			}
		}
		for i, x := range ws {
			if x.toBig().Cmp(orig[i]) != 0 {
				t.Fatalf("weight %d changed by its slab copy", i)
			}
		}
	})
}
