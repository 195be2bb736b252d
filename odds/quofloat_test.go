package odds

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestQuoFloatMatchesRat: quoFloat gives big.Rat's Float64 of x/y, the
// nearest float with ties to even, on the cases that decide rounding and on
// random quotients over denominators 2^a·3^b, as the JSON's are, and over
// any denominator, with one quoFloat reused throughout as jsonView.distFloat
// reuses it.
func TestQuoFloatMatchesRat(t *testing.T) {
	var qf quoFloat
	check := func(x, y *big.Int) {
		t.Helper()
		want, _ := new(big.Rat).SetFrac(x, y).Float64()
		if got := qf.float(x, y); got != want {
			t.Errorf("%v/%v: %v, want %v", x, y, got, want)
		}
	}
	pow := func(b, n int64) *big.Int { return new(big.Int).Exp(big.NewInt(b), big.NewInt(n), nil) }
	add := func(x *big.Int, n int64) *big.Int { return new(big.Int).Add(x, big.NewInt(n)) }
	two53 := pow(2, 53)
	for _, c := range [][2]*big.Int{
		{big.NewInt(0), big.NewInt(7)},
		{big.NewInt(1), big.NewInt(1)},
		{big.NewInt(5), big.NewInt(18)},       // the crossbows' chance of a casualty a shot
		{add(two53, 1), big.NewInt(1)},        // halfway between 2^53 and 2^53+2: to even, 2^53
		{add(two53, 3), big.NewInt(1)},        // halfway between 2^53+2 and 2^53+4: to even, 2^53+4
		{add(two53, 1), big.NewInt(2)},        // halfway, exactly, one bit lower
		{add(pow(2, 60), 1<<6), pow(2, 10)},   // a tie after shifting right
		{add(pow(2, 60), 1<<6+1), pow(2, 10)}, // just past a tie
		{big.NewInt(1), pow(3, 1000)},         // 2^-1585: subnormal and below, big.Rat's own way
		{big.NewInt(1), pow(2, 1074)},         // the smallest subnormal
		{pow(2, 1100), big.NewInt(3)},         // past the largest float
	} {
		check(c[0], c[1])
	}
	r := rand.New(rand.NewPCG(9, 14))
	random := func(bits int) *big.Int {
		x := new(big.Int)
		for range (bits + 63) / 64 {
			x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(r.Uint64()))
		}
		return x.Rsh(x, uint(64*((bits+63)/64)-bits))
	}
	for range 20000 {
		y := new(big.Int).Lsh(pow(3, int64(r.IntN(700))), uint(r.IntN(400)))
		if r.IntN(3) == 0 {
			y = random(1 + r.IntN(1500))
		}
		if y.Sign() == 0 {
			continue
		}
		x := random(1 + r.IntN(y.BitLen()+2))
		check(x, y)
		// ties and their neighbours: x/y with exactly 54 significant bits
		x = new(big.Int).Mul(new(big.Int).SetUint64(r.Uint64()>>10|1<<53), y)
		check(x, new(big.Int).Lsh(y, uint(r.IntN(60))))
		check(add(x, 1), y)
		check(add(x, -1), y)
	}
}

// TestDistJSONMatchesEncodingJSON: DistJSON writes what encoding/json
// writes for its fields, for floats, exact fractions, missing numbers and
// nil and empty slices.
func TestDistJSONMatchesEncodingJSON(t *testing.T) {
	type plain DistJSON // the same fields, no MarshalJSON
	d := Dist{P: []*big.Rat{big.NewRat(1, 6), big.NewRat(1, 3), big.NewRat(1, 2)}}
	for _, v := range []DistJSON{
		(&jsonView{}).dist(d),
		(&jsonView{exact: true}).dist(d),
		{Mean: Number{}, Dist: []Number{}},
		{Mean: Number{f: 1e-7, float: true}, Dist: []Number{{f: 0.5, float: true}, {}}, AtLeast: []Number{{r: big.NewRat(2, 3), exact: true}}},
	} {
		want, err := json.Marshal(plain(v))
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(v)
		if err != nil || string(got) != string(want) {
			t.Errorf("got  %s (%v)\nwant %s", got, err, want)
		}
	}
}
