package odds

import (
	"fmt"
	"math/big"
	"math/bits"
	"sync"
	"unsafe"
)

// Exact probabilities are integer weights over a shared denominator. Every
// die has 3 or 6 sides (dice.Expr allows no others; tests are D6), so every
// denominator is 2^a·3^b: den keeps the two exponents, and turning a weight
// into a fraction in lowest terms only ever strips factors 2 and 3, with no
// general GCD.

// den is the denominator 2^two · 3^three.
type den struct{ two, three int32 }

// dieDen returns the denominator of one face of a die with the given sides.
func dieDen(sides int) (den, error) {
	switch sides {
	case 1:
		return den{}, nil
	case 2:
		return den{1, 0}, nil
	case 3:
		return den{0, 1}, nil
	case 6:
		return den{1, 1}, nil
	}
	return den{}, fmt.Errorf("odds: a die of %d sides (want 3 or 6)", sides)
}

func (d den) mul(e den) den     { return den{d.two + e.two, d.three + e.three} }
func (d den) over(e den) den    { return den{d.two - e.two, d.three - e.three} }
func (d den) lcm(e den) den     { return den{max(d.two, e.two), max(d.three, e.three)} }
func (d den) pow(n int) den     { return den{d.two * int32(n), d.three * int32(n)} }
func (d den) covers(e den) bool { return d.two >= e.two && d.three >= e.three }

// int returns the denominator as an integer.
func (d den) int() *big.Int {
	z := new(big.Int).Exp(big.NewInt(3), big.NewInt(int64(d.three)), nil)
	return z.Lsh(z, uint(d.two))
}

// pow3 holds 3^k for the k whose power fits in a uint64.
var pow3 = func() [41]uint64 {
	var p [41]uint64
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 3
	}
	return p
}()

// pow3Table holds 3^k for k < 256, shared by every ratMaker and never
// changed once built: the denominators of most results.
var (
	pow3Table [256]*big.Int
	pow3Once  sync.Once
)

// pow3Shared returns pow3Table, building it on first use.
func pow3Shared() *[256]*big.Int {
	pow3Once.Do(func() {
		z := big.NewInt(1)
		three := big.NewInt(3)
		for k := range pow3Table {
			pow3Table[k] = z
			z = new(big.Int).Mul(z, three)
		}
	})
	return &pow3Table
}

// ratMaker turns weights over 2^a·3^b into *big.Rat in lowest terms,
// keeping its scratch numbers and powers between calls.
type ratMaker struct {
	num, den big.Int
	p3       map[int32]*big.Int // 3^k for the denominators beyond pow3Table
	steps    []*big.Int         // 3^(40i)
	quo      []big.Word         // scratch quotient of divExact
	small    big.Int            // scratch word factor of pow3Into

	// rats and words are slabs the fractions are carved from, so that a
	// fraction costs no allocation of its own. Every piece of words is
	// capped at its length: no fraction can grow into another's words.
	rats          []big.Rat
	words         []big.Word
	nrats, nwords int // the sizes of the last slabs: each is twice the last
}

// ratOne is 0/1 with its denominator set, so that Denom of a copy is a
// reference into the copy (a zero big.Rat hands out a new 1 instead). Its
// words are never written: rat replaces both parts of every copy.
var ratOne = func() big.Rat {
	var r big.Rat
	r.SetInt64(0)
	return r
}()

// newRat returns a zero fraction from the slab.
func (rm *ratMaker) newRat() *big.Rat {
	if len(rm.rats) == 0 {
		rm.nrats = min(max(2*rm.nrats, 16), 1024)
		rm.rats = make([]big.Rat, rm.nrats)
	}
	r := &rm.rats[0]
	rm.rats = rm.rats[1:]
	return r
}

// carve returns a copy of ws from the slab, capped at its length.
func (rm *ratMaker) carve(ws []big.Word) []big.Word {
	n := len(ws)
	if len(rm.words) < n {
		rm.nwords = min(max(2*rm.nwords, 32), 4096)
		rm.words = make([]big.Word, max(n, rm.nwords))
	}
	out := rm.words[:n:n]
	rm.words = rm.words[n:]
	copy(out, ws)
	return out
}

func (rm *ratMaker) smallPow3(k int32) *big.Int { return pow3Shared()[k] }

// bigPow3 returns 3^k: 3^(40i) from a table built as needed, times a
// power that fits a word.
func (rm *ratMaker) bigPow3(k int32) *big.Int {
	if k < int32(len(pow3Table)) {
		return pow3Shared()[k]
	}
	if z, ok := rm.p3[k]; ok {
		return z
	}
	if rm.p3 == nil {
		rm.p3 = map[int32]*big.Int{}
	}
	const step = int32(len(pow3) - 1)
	z := new(big.Int).Mul(rm.pow3Step(k/step), rm.smallPow3(k%step))
	rm.p3[k] = z
	return z
}

// modWord returns z mod m for a non-negative z.
func modWord(z *big.Int, m uint64) uint64 {
	ws := z.Bits()
	var r uint64
	for i := len(ws) - 1; i >= 0; i-- {
		r = bits.Rem64(r, uint64(ws[i]), m)
	}
	return r
}

// stripThrees divides z by 3 as often as it divides, at most max times, and
// returns how many times: by 3^40 (the largest power in a word) while that
// divides, then by the largest smaller power that does. One remainder by
// 3^40 tells which powers up to 3^40 divide: those that divide it.
func (rm *ratMaker) stripThrees(z *big.Int, max int32) int32 {
	if max == 0 || mod3(z) != 0 {
		return 0 // the common case, found without a division
	}
	const top = int32(len(pow3) - 1)
	var k int32
	// While 3^40 divides a number of more than 8 words, divide by it
	// exactly (divExact: multiplications, no division instruction; its
	// scratch costs an allocation that small numbers do not repay); the
	// last, partial power below.
	for max-k >= top && bits.UintSize == 64 && len(z.Bits()) > 8 && rm.divExact(z, pow3[top]) {
		k += top
	}
	for k < max {
		bound := min(top, max-k)
		t := top // the largest t ≤ 40 with 3^t dividing z
		if r := modWord(z, pow3[top]); r != 0 {
			for t = 0; r%3 == 0; t++ {
				r /= 3
			}
		}
		t = min(t, bound)
		if t == 0 {
			break
		}
		if bits.UintSize != 64 || len(z.Bits()) <= 8 || !rm.divExact(z, pow3[t]) { // as above
			rm.divWord(z, pow3[t])
		}
		k += t
		if t < bound {
			break
		}
	}
	return k
}

// divExact divides the non-negative z by the odd m in place and returns
// true if m divides z; otherwise it leaves z alone and returns false. It is
// Jebelean's exact division: each quotient word is the word less the
// borrow times m's inverse mod 2^64, and m divides z exactly when no borrow
// is left past the top word (then q·m = z, where in general q·m = z +
// borrow·2^(64n)). It works on 64-bit words only.
func (rm *ratMaker) divExact(z *big.Int, m uint64) bool {
	ws := z.Bits()
	if len(ws) == 0 {
		return true
	}
	q := append(rm.quo[:0], make([]big.Word, len(ws))...)
	if !divExactInto(q, ws, m) {
		rm.quo = q
		return false
	}
	// q becomes z's words, z's old words the next scratch
	rm.quo = ws[:0]
	z.SetBits(q)
	return true
}

// divExactInto sets q, as long as z (and maybe z itself), to z/m for an
// odd m by Jebelean's exact division (see ratMaker.divExact), and reports
// whether m divides z; when not, q holds no quotient.
func divExactInto(q, z []big.Word, m uint64) bool {
	inv := m // m·inv ≡ 1 mod 2^64: each Newton step doubles the good bits
	for range 5 {
		inv *= 2 - m*inv
	}
	var borrow uint64
	for i, w := range z {
		t, b := bits.Sub64(uint64(w), borrow, 0)
		qi := t * inv
		hi, _ := bits.Mul64(qi, m)
		borrow = hi + b
		q[i] = big.Word(qi)
	}
	return borrow == 0
}

// divWord divides the non-negative z by m in place.
func (rm *ratMaker) divWord(z *big.Int, m uint64) {
	if bits.UintSize != 64 {
		z.Quo(z, new(big.Int).SetUint64(m))
		return
	}
	ws := z.Bits()
	var r uint64
	for i := len(ws) - 1; i >= 0; i-- {
		var q uint64
		q, r = bits.Div64(r, uint64(ws[i]), m)
		ws[i] = big.Word(q)
	}
	z.SetBits(ws)
}

// weight is an exact non-negative integer: four 64-bit words inline while
// it fits in 256 bits, a *big.Int after. Most weights fit (the chance of a
// path of forty dice does), so the enumeration allocates little. The
// big.Int of a weight is its own: operations that change a weight in place
// never touch another's.
type weight struct {
	w [4]uint64 // little-endian, when b is nil
	b *big.Int  // the value when not nil
}

var one = weight{w: [4]uint64{1}}

// heapBytes returns the memory x holds outside its inline words: the
// big.Int and its words, when it has one.
func (x weight) heapBytes() int64 {
	if x.b == nil {
		return 0
	}
	return int64(unsafe.Sizeof(*x.b)) + int64(cap(x.b.Bits()))*bits.UintSize/8
}

func small64(v uint64) weight { return weight{w: [4]uint64{v}} }

func (x weight) isZero() bool {
	if x.b != nil {
		return x.b.Sign() == 0
	}
	return x.w == [4]uint64{}
}

// uint64 returns x when it fits a uint64.
func (x weight) uint64() (uint64, bool) {
	if x.b != nil {
		return x.b.Uint64(), x.b.IsUint64()
	}
	return x.w[0], x.w[1]|x.w[2]|x.w[3] == 0
}

// set sets z to the value of x and returns z.
func (x weight) set(z *big.Int) *big.Int {
	if x.b != nil {
		return z.Set(x.b)
	}
	if x.w[1]|x.w[2]|x.w[3] == 0 {
		return z.SetUint64(x.w[0])
	}
	if bits.UintSize == 64 {
		n := 4
		for x.w[n-1] == 0 {
			n--
		}
		buf := z.Bits()[:0] // z's own words, reused
		for _, v := range x.w[:n] {
			buf = append(buf, big.Word(v))
		}
		return z.SetBits(buf)
	}
	var buf [32]byte
	for i := range 4 {
		for j := range 8 {
			buf[31-8*i-j] = byte(x.w[i] >> (8 * j))
		}
	}
	return z.SetBytes(buf[:])
}

// toBig returns the value as a new big.Int.
func (x weight) toBig() *big.Int { return x.set(new(big.Int)) }

// fromBig returns a weight holding z (kept, not copied, when too large to
// hold inline).
func fromBig(z *big.Int) weight {
	if z.BitLen() > 256 {
		return weight{b: z}
	}
	var x weight
	if bits.UintSize == 64 {
		for i, v := range z.Bits() {
			x.w[i] = uint64(v)
		}
		return x
	}
	var buf [32]byte
	z.FillBytes(buf[:])
	for i := range 4 {
		for j := range 8 {
			x.w[i] |= uint64(buf[31-8*i-j]) << (8 * j)
		}
	}
	return x
}

// weightOf returns a weight holding the value of z, which it may share
// with others: z is copied when too large to hold inline.
func weightOf(z *big.Int) weight {
	if z.BitLen() > 256 {
		return weight{b: new(big.Int).Set(z)}
	}
	return fromBig(z)
}

// own returns x with a big.Int of its own, for a weight that may be shared.
func (x weight) own() weight {
	if x.b != nil {
		return weight{b: new(big.Int).Set(x.b)}
	}
	return x
}

// add adds v to x in place. x must own its big.Int (every weight made by
// an operation here does; mulShared's results are the exception).
func (x *weight) add(v weight) {
	if x.b == nil && v.b == nil {
		var c uint64
		var r [4]uint64
		for i := range 4 {
			r[i], c = bits.Add64(x.w[i], v.w[i], c)
		}
		if c == 0 {
			x.w = r
			return
		}
	}
	if x.b == nil {
		x.b = x.toBig()
	}
	if v.b != nil {
		x.b.Add(x.b, v.b)
	} else {
		var t big.Int
		x.b.Add(x.b, v.set(&t))
	}
}

// plus returns x+v, leaving both alone.
func (x weight) plus(v weight) weight {
	if x.b != nil {
		x = weight{b: new(big.Int).Set(x.b)}
	}
	x.add(v)
	return x
}

// sub subtracts v from x in place; v must not exceed x, and x must own
// its big.Int (see add).
func (x *weight) sub(v weight) {
	if x.b == nil && v.b == nil {
		var c uint64
		for i := range 4 {
			x.w[i], c = bits.Sub64(x.w[i], v.w[i], c)
		}
		return
	}
	if x.b == nil {
		x.b = x.toBig()
	}
	if v.b != nil {
		x.b.Sub(x.b, v.b)
	} else {
		var t big.Int
		x.b.Sub(x.b, v.set(&t))
	}
	if x.b.BitLen() <= 256 {
		*x = fromBig(x.b)
	}
}

// mulSmall returns x·k.
func (x weight) mulSmall(k uint64) weight {
	if x.b == nil {
		var r weight
		var carry uint64
		for i := range 4 {
			hi, lo := bits.Mul64(x.w[i], k)
			var c uint64
			r.w[i], c = bits.Add64(lo, carry, 0)
			carry = hi + c
		}
		if carry == 0 {
			return r
		}
	}
	var kb big.Int
	kb.SetUint64(k)
	if x.b != nil { // no copy of x: the product goes straight to a new number
		return weight{b: new(big.Int).Mul(x.b, &kb)}
	}
	z := x.toBig()
	return weight{b: z.Mul(z, &kb)}
}

// mulShared returns x·v, which may share its big.Int with x or v: for
// values that are only read.
func (x weight) mulShared(v weight) weight {
	switch {
	case x.b == nil && x.w == one.w:
		return v
	case v.b == nil && v.w == one.w:
		return x
	}
	return x.mul(v)
}

// mul returns x·v.
func (x weight) mul(v weight) weight {
	if x.b == nil && v.b == nil {
		var r [8]uint64
		for i := range 4 {
			if x.w[i] == 0 {
				continue
			}
			var carry uint64
			for j := range 4 {
				if i+j >= 8 {
					break
				}
				hi, lo := bits.Mul64(x.w[i], v.w[j])
				var c uint64
				lo, c = bits.Add64(lo, r[i+j], 0)
				hi += c
				r[i+j], c = bits.Add64(lo, carry, 0)
				carry = hi + c
			}
			if i+4 < 8 {
				r[i+4] = carry
			}
		}
		if r[4]|r[5]|r[6]|r[7] == 0 {
			return weight{w: [4]uint64{r[0], r[1], r[2], r[3]}}
		}
	}
	var xt, vt big.Int
	xb, vb := x.b, v.b
	if xb == nil {
		xb = x.set(&xt)
	}
	if vb == nil {
		vb = v.set(&vt)
	}
	return weight{b: new(big.Int).Mul(xb, vb)}
}

// scale returns x · 2^d.two · 3^d.three: a power of 3 that fits a word by
// one small multiplication, a larger one by multiplications with powers of
// up to 3^255 from the shared table (mulPow3), where a loop of 3^40 steps
// would copy x every time.
func (x weight) scale(d den) weight {
	if d == (den{}) {
		return x
	}
	k := d.three
	// 3^k has at most 1.585·k+1 bits: while x·3^k surely fits inline, the
	// small steps allocate nothing
	if x.b == nil && x.bitLen()+int(k)*1585/1000+2 <= 256 || k <= int32(len(pow3)-1) {
		for k > 0 {
			t := min(k, int32(len(pow3)-1))
			x = x.mulSmall(pow3[t])
			k -= t
		}
		return x.shift(uint(d.two))
	}
	var xt big.Int
	xb := x.b
	if xb == nil {
		xb = x.set(&xt)
	}
	t := pow3Shared()
	s := min(k, int32(len(t)-1))
	z := new(big.Int).Mul(xb, t[s])
	z = mulPow3(z, k-s)
	if d.two != 0 {
		z.Lsh(z, uint(d.two))
	}
	return fromBig(z)
}

// mulPow3 sets z to z·3^k and returns it: one multiplication by a power
// from the shared table per 255 threes.
func mulPow3(z *big.Int, k int32) *big.Int {
	t := pow3Shared()
	for k > 0 {
		s := min(k, int32(len(t)-1))
		z.Mul(z, t[s])
		k -= s
	}
	return z
}

// shift returns x·2^s.
func (x weight) shift(s uint) weight {
	if s == 0 {
		return x
	}
	if x.b == nil && x.bitLen()+int(s) <= 256 {
		var r [4]uint64
		words, bitsS := s/64, s%64
		for i := 3; i >= int(words); i-- {
			v := x.w[i-int(words)] << bitsS
			if bitsS > 0 && i-int(words)-1 >= 0 {
				v |= x.w[i-int(words)-1] >> (64 - bitsS)
			}
			r[i] = v
		}
		return weight{w: r}
	}
	if x.b != nil {
		return weight{b: new(big.Int).Lsh(x.b, s)}
	}
	z := x.toBig()
	return weight{b: z.Lsh(z, s)}
}

func (x weight) bitLen() int {
	if x.b != nil {
		return x.b.BitLen()
	}
	for i := 3; i >= 0; i-- {
		if x.w[i] != 0 {
			return 64*i + bits.Len64(x.w[i])
		}
	}
	return 0
}

// trailingZeros returns the number of trailing zero bits of a non-zero x.
func (x weight) trailingZeros() int {
	if x.b != nil {
		return int(x.b.TrailingZeroBits())
	}
	for i := range 4 {
		if x.w[i] != 0 {
			return 64*i + bits.TrailingZeros64(x.w[i])
		}
	}
	return 0
}

// modSmall returns x mod m.
func (x weight) modSmall(m uint64) uint64 {
	if x.b != nil {
		return modWord(x.b, m)
	}
	var r uint64
	for i := x.limbs() - 1; i >= 0; i-- {
		r = bits.Rem64(r, x.w[i], m)
	}
	return r
}

// divSmall returns x/m; the division must be exact.
func (x weight) divSmall(m uint64) weight {
	if x.b != nil {
		return fromBig(new(big.Int).Quo(x.b, new(big.Int).SetUint64(m)))
	}
	var r weight
	var rem uint64
	for i := x.limbs() - 1; i >= 0; i-- {
		r.w[i], rem = bits.Div64(rem, x.w[i], m)
	}
	return r
}

// limbs returns the number of words of an inline x, leading zeros left out.
func (x weight) limbs() int {
	n := 4
	for n > 0 && x.w[n-1] == 0 {
		n--
	}
	return n
}

// rshift returns x/2^s; the division must be exact.
func (x weight) rshift(s uint) weight {
	if s == 0 {
		return x
	}
	if x.b != nil {
		return fromBig(new(big.Int).Rsh(x.b, s))
	}
	var r [4]uint64
	words, bitsS := s/64, s%64
	for i := 0; i+int(words) < 4; i++ {
		v := x.w[i+int(words)] >> bitsS
		if bitsS > 0 && i+int(words)+1 < 4 {
			v |= x.w[i+int(words)+1] << (64 - bitsS)
		}
		r[i] = v
	}
	return weight{w: r}
}

// mod3 returns z mod 3 for a non-negative z: 2^64 is 1 mod 3, so it is the
// sum of z's words mod 3.
func mod3(z *big.Int) uint64 {
	var r uint64
	for _, w := range z.Bits() {
		r += uint64(w) % 3
	}
	return r % 3
}

// rat returns w/d as a *big.Rat in lowest terms. d is 2^a·3^b, so lowest
// terms only strip factors 2 and 3 from both, and the Rat is built from
// the coprime pair as is, with no GCD: that is most of the cost of a
// distribution of a few hundred values with thousand-bit denominators.
func (rm *ratMaker) rat(w weight, d den) *big.Rat { return rm.ratOf(w, d, false) }

// ratTaking is rat for a weight the caller gives up: the fraction takes
// the words of its big.Int as its numerator, reduced in place, instead of
// a copy. w's big.Int must be no other weight's, and its words no other
// number's (a slab's pieces are capped at their end).
func (rm *ratMaker) ratTaking(w weight, d den) *big.Rat { return rm.ratOf(w, d, true) }

func (rm *ratMaker) ratOf(w weight, d den, take bool) *big.Rat {
	r := rm.newRat()
	if w.isZero() {
		return r
	}
	num := &rm.num
	take = take && w.b != nil
	if take {
		num = w.b
	} else {
		w.set(num)
	}
	k := min(int32(num.TrailingZeroBits()), d.two)
	num.Rsh(num, uint(k))
	d.two -= k
	d.three -= rm.stripThrees(num, d.three)
	// num and the denominator are coprime, so r is in lowest terms. Num,
	// and Denom once the denominator is set, are references into r
	// (math/big documents it); SetBits hands each its own words.
	*r = ratOne
	if take {
		r.Num().SetBits(num.Bits())
	} else {
		r.Num().SetBits(rm.carve(num.Bits()))
	}
	den := &rm.den
	den.SetUint64(1)
	if d.two != 0 || d.three != 0 {
		den.Lsh(rm.pow3Into(den, d.three), uint(d.two))
	}
	r.Denom().SetBits(rm.carve(den.Bits()))
	return r
}

// pow3Into sets z to 3^k and returns it: bigPow3 without keeping the
// power, so that the denominators of a distribution, a different power
// of 3 for most entries, cost no allocation each.
func (rm *ratMaker) pow3Into(z *big.Int, k int32) *big.Int {
	if k < int32(len(pow3Table)) {
		return z.Set(pow3Shared()[k])
	}
	const step = int32(len(pow3) - 1)
	return z.Mul(rm.pow3Step(k/step), rm.small.SetUint64(pow3[k%step]))
}

// pow3Step returns 3^(40i), from a table built as needed.
func (rm *ratMaker) pow3Step(i int32) *big.Int {
	const step = int32(len(pow3) - 1)
	for int32(len(rm.steps)) <= i {
		if len(rm.steps) == 0 {
			rm.steps = append(rm.steps, big.NewInt(1))
			continue
		}
		last := rm.steps[len(rm.steps)-1]
		rm.steps = append(rm.steps, new(big.Int).Mul(last, rm.smallPow3(step)))
	}
	return rm.steps[i]
}

// slab hands out copies of big weights whose big.Ints and words are
// carved from shared slabs: for the many weights of one owner that are
// made and dropped together (the accumulator's marginals), a few
// allocations in place of two a weight.
type slab struct {
	ints  []big.Int
	words []big.Word
}

// copyOf returns a copy of the big weight v (v.b is not nil) that is its
// own: its words are a piece of the slab capped at its end, with room for
// two words more, so that adding weights of its size keeps it in place.
func (s *slab) copyOf(v weight) weight {
	ws := v.b.Bits()
	n := len(ws) + 2
	if len(s.words) < n {
		s.words = make([]big.Word, max(n, 4096))
	}
	piece := s.words[:len(ws):n]
	s.words = s.words[n:]
	copy(piece, ws)
	if len(s.ints) == 0 {
		s.ints = make([]big.Int, 128)
	}
	z := &s.ints[0]
	s.ints = s.ints[1:]
	return weight{b: z.SetBits(piece)}
}

// rat is ratMaker.rat for a single fraction.
func rat(w weight, d den) *big.Rat {
	var rm ratMaker
	return rm.rat(w, d)
}

// commonFactor returns the largest 2^a·3^b, a ≤ g.two and b ≤ g.three,
// that divides x.
func commonFactor(x weight, g den) den {
	if x.isZero() {
		return g
	}
	var f den
	f.two = min(int32(x.trailingZeros()), g.two)
	for f.three < g.three {
		t := min(g.three-f.three, int32(len(pow3)-1))
		if x.modSmall(pow3[t]) == 0 {
			x = x.divSmall(pow3[t])
			f.three += t
			continue
		}
		for t > 0 && x.modSmall(pow3[t]) != 0 {
			t--
		}
		f.three += t
		break
	}
	return f
}

// divide returns x / (2^g.two · 3^g.three); the division must be exact.
func divide(x weight, g den) weight {
	x = x.rshift(uint(g.two))
	for k := g.three; k > 0; {
		t := min(k, int32(len(pow3)-1))
		x = x.divSmall(pow3[t])
		k -= t
	}
	return x
}
