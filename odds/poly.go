package odds

import (
	"math/big"
	"math/bits"
)

// polyPow returns the coefficients 0..kmax of (c[0] + c[1]·z + ... +
// c[m]·z^m)^n: the weights of the sum of n independent values that are j
// with weight c[j] (the n-fold convolution). It follows J. C. P. Miller's
// recurrence for the power of a power series (Knuth, TAOCP vol. 2,
// 4.7): with P = Σ c_j z^j and Q = P^n, P·Q' = n·P'·Q gives, for c_0 ≠ 0,
//
//	q_0 = c_0^n,  q_k = 1/(k·c_0) · Σ_{j=1..min(k,m)} ((n+1)·j − k) · c_j · q_{k−j}
//
// where every division is exact. Each coefficient costs m small-by-big
// multiplications and one division by a word, so 200 attacks cost
// microseconds where repeated convolution would cost milliseconds. Leading
// zero coefficients shift the result: (z^s·R)^n = z^{sn}·R^n.
func polyPow(c []uint64, n, kmax int) []*big.Int {
	if out, ok := polyPowInline(c, n, kmax); ok {
		return out
	}
	return polyPowBig(c, n, kmax)
}

// polyPowBig is polyPow in math/big.
func polyPowBig(c []uint64, n, kmax int) []*big.Int {
	out := make([]*big.Int, kmax+1)
	vals := make([]big.Int, kmax+1)
	for i := range out {
		out[i] = &vals[i]
	}
	s := 0
	for s < len(c) && c[s] == 0 {
		s++
	}
	if s == len(c) {
		if n == 0 {
			out[0].SetInt64(1)
		}
		return out
	}
	c = c[s:]
	for len(c) > 1 && c[len(c)-1] == 0 {
		c = c[:len(c)-1]
	}
	shift := s * n
	if shift > kmax {
		return out
	}
	q := out[shift:]
	m := len(c) - 1
	q[0].Exp(new(big.Int).SetUint64(c[0]), big.NewInt(int64(n)), nil)
	if m == 0 {
		return out
	}
	var term, f big.Int
	c0 := new(big.Int).SetUint64(c[0])
	for k := 1; k < len(q) && k <= n*m; k++ {
		sum := q[k]
		for j := 1; j <= min(k, m); j++ {
			if c[j] == 0 || q[k-j].Sign() == 0 {
				continue
			}
			f.SetInt64(int64((n+1)*j - k))
			f.Mul(&f, term.SetUint64(c[j]))
			term.Mul(q[k-j], &f)
			sum.Add(sum, &term)
		}
		f.SetInt64(int64(k))
		f.Mul(&f, c0)
		sum.Quo(sum, &f)
	}
	return out
}

// polyPowInline is polyPow in inline weights, when every intermediate sum
// is sure to fit in 256 bits: then no coefficient allocates until the end.
func polyPowInline(c []uint64, n, kmax int) ([]*big.Int, bool) {
	q, ok := polyPowInlineWeights(c, n, kmax)
	if !ok {
		return nil, false
	}
	return bigs(q), true
}

// polyPowWeights is polyPow as weights, for callers that want them: it
// skips the big.Int of every coefficient while they fit inline.
func polyPowWeights(c []uint64, n, kmax int) []weight {
	if q, ok := polyPowInlineWeights(c, n, kmax); ok {
		return q
	}
	if q, ok := polyPowWords(c, n, kmax); ok {
		return q
	}
	out := polyPowBig(c, n, kmax)
	q := make([]weight, len(out))
	for i, z := range out {
		q[i] = weightOf(z)
	}
	return q
}

// polyPowInlineWeights is polyPowInline before the coefficients become
// big.Ints.
func polyPowInlineWeights(c []uint64, n, kmax int) ([]weight, bool) {
	s := 0
	for s < len(c) && c[s] == 0 {
		s++
	}
	switch {
	case s == len(c) || kmax < 0:
		return nil, false
	case s > 0: // (z^s·R)^n = z^{sn}·R^n
		out := make([]weight, kmax+1)
		if s*n > kmax {
			return out, true
		}
		q, ok := polyPowInlineWeights(c[s:], n, kmax-s*n)
		copy(out[s*n:], q)
		return out, ok
	}
	for len(c) > 1 && c[len(c)-1] == 0 {
		c = c[:len(c)-1]
	}
	m := len(c) - 1
	// every coefficient is at most (Σc)^n; a sum of m terms multiplies one
	// by at most (n+1)·m·max(c)
	var total, maxC uint64
	for _, v := range c {
		if total+v < total {
			return nil, false
		}
		total += v
		maxC = max(maxC, v)
	}
	hi, factor := bits.Mul64(uint64((n+1)*m+1), maxC)
	if hi != 0 || bits.Len64(total)*n+bits.Len64(factor)+bits.Len64(uint64(m))+1 > 256 || kmax < 0 {
		return nil, false
	}
	_, kc := bits.Mul64(uint64(max(kmax, 1)), c[0])
	if hh, _ := bits.Mul64(uint64(max(kmax, 1)), c[0]); hh != 0 || kc == 0 {
		return nil, false
	}
	q := make([]weight, kmax+1)
	q[0] = one
	for range n {
		q[0] = q[0].mulSmall(c[0])
	}
	for k := 1; k <= kmax && k <= n*m; k++ {
		var pos, neg weight
		for j := 1; j <= min(k, m); j++ {
			if c[j] == 0 || q[k-j].isZero() {
				continue
			}
			if f := (n+1)*j - k; f > 0 {
				pos.add(q[k-j].mulSmall(uint64(f) * c[j]))
			} else if f < 0 {
				neg.add(q[k-j].mulSmall(uint64(-f) * c[j]))
			}
		}
		pos.sub(neg)
		q[k] = pos.divSmall(uint64(k) * c[0])
	}
	return q, true
}

// bigs returns the weights q as big.Ints.
func bigs(q []weight) []*big.Int {
	out := make([]*big.Int, len(q))
	vals := make([]big.Int, len(q))
	if bits.UintSize != 64 {
		for i := range out {
			out[i] = q[i].set(&vals[i])
		}
		return out
	}
	// the coefficients' words come from one slab, each piece capped at
	// its length so that none can grow into the next
	size := func(x weight) int {
		n := len(x.w)
		for n > 0 && x.w[n-1] == 0 {
			n--
		}
		return n
	}
	nw := 0
	for i := range q {
		nw += size(q[i])
	}
	slab := make([]big.Word, nw)
	for i := range out {
		if q[i].b != nil {
			out[i] = q[i].set(&vals[i])
			continue
		}
		k := size(q[i])
		ws := slab[:k:k]
		slab = slab[k:]
		for j := range ws {
			ws[j] = big.Word(q[i].w[j])
		}
		out[i] = vals[i].SetBits(ws)
	}
	return out
}

// powWeight returns the total weight d^n of polyPow's coefficients, where
// d = Σ c.
func sumPow(c []uint64, n int) *big.Int {
	var d big.Int
	for _, v := range c {
		d.Add(&d, new(big.Int).SetUint64(v))
	}
	return d.Exp(&d, big.NewInt(int64(n)), nil)
}

// polyPowWords is polyPow in machine words, for 64-bit machines: Miller's
// recurrence with each term one multiply-accumulate of a coefficient by a
// word, and each exact division by k·c_0 a shift and a multiplication by
// the inverse of its odd part, with no division instruction. The
// coefficients' words are carved from slabs and never copied again: a
// big.Int call per term, a remainder allocated per division and a copy of
// every coefficient made most of polyPowBig's cost. ok is false where a
// factor or divisor does not fit a word; polyPowBig takes those.
func polyPowWords(c []uint64, n, kmax int) ([]weight, bool) {
	s := 0
	for s < len(c) && c[s] == 0 {
		s++
	}
	if bits.UintSize != 64 || kmax < 0 || n < 0 || s == len(c) {
		return nil, false
	}
	out := make([]weight, kmax+1)
	if s*n > kmax {
		return out, true
	}
	c = c[s:] // (z^s·R)^n = z^{sn}·R^n
	for len(c) > 1 && c[len(c)-1] == 0 {
		c = c[:len(c)-1]
	}
	m := len(c) - 1
	q := out[s*n:]
	q = q[:min(len(q), n*m+1)] // past n·m every coefficient is 0
	// every factor ((n+1)·j − k)·c_j is at most (n+1)·m·max(c), and every
	// divisor k·c_0 at most n·m·c_0: each must fit a word
	var maxC uint64
	for _, v := range c {
		maxC = max(maxC, v)
	}
	if hi, _ := bits.Mul64(uint64((n+1)*m+1), maxC); hi != 0 {
		return nil, false
	}
	if hi, _ := bits.Mul64(uint64(len(q)), c[0]); hi != 0 {
		return nil, false
	}
	// Each coefficient is at most (Σc)^n, and a partial sum at most m
	// factors of a word times one: a few words more.
	size := n*(bits.Len64(maxC)+bits.Len(uint(len(c))))/64 + bits.Len(uint(m)) + 3
	buf := make([]big.Word, 2*size)
	pos, neg := buf[:size:size], buf[size:]
	vals := make([]big.Int, len(q))
	var slab []big.Word
	put := func(k int, ws []big.Word) {
		for len(ws) > 0 && ws[len(ws)-1] == 0 {
			ws = ws[:len(ws)-1]
		}
		if len(ws) <= len(q[k].w) {
			for i, w := range ws {
				q[k].w[i] = uint64(w)
			}
			return
		}
		if len(slab) < len(ws) {
			slab = make([]big.Word, max(len(ws), 4*size, 512))
		}
		piece := slab[:len(ws):len(ws)]
		slab = slab[len(ws):]
		copy(piece, ws)
		q[k] = weight{b: vals[k].SetBits(piece)}
	}
	pos[0] = 1
	np := 1
	for range n {
		np = mulWords(pos, np, c[0])
	}
	put(0, pos[:np])
	clear(pos[:np])
	var inline [4]big.Word
	for k := 1; k < len(q); k++ {
		np, nn := 0, 0 // the words in use
		for j := 1; j <= min(k, m); j++ {
			x := q[k-j]
			if c[j] == 0 || x.isZero() {
				continue
			}
			var xs []big.Word
			if x.b != nil {
				xs = x.b.Bits()
			} else {
				for i, v := range x.w {
					inline[i] = big.Word(v)
				}
				xs = inline[:x.limbs()]
			}
			if f := (n+1)*j - k; f > 0 {
				np = max(np, addMulWords(pos, xs, uint64(f)*c[j]))
			} else if f < 0 {
				nn = max(nn, addMulWords(neg, xs, uint64(-f)*c[j]))
			}
		}
		np = max(np, nn)
		subWords(pos[:np], neg[:np])
		clear(neg[:nn])
		divExactWords(pos[:np], uint64(k)*c[0])
		put(k, pos[:np])
		clear(pos[:np])
	}
	return out, true
}

// mulWords sets z[:n] to z[:n]·y, which z must have room for, and returns
// the words in use.
func mulWords(z []big.Word, n int, y uint64) int {
	var carry uint64
	for i, w := range z[:n] {
		hi, lo := bits.Mul64(uint64(w), y)
		var c uint64
		lo, c = bits.Add64(lo, carry, 0)
		z[i], carry = big.Word(lo), hi+c
	}
	if carry != 0 {
		z[n] = big.Word(carry)
		n++
	}
	return n
}

// addMulWords adds x·y to z, which must have room for the sum, and
// returns the words of z up to the last one it changed.
func addMulWords(z, x []big.Word, y uint64) int {
	var carry uint64
	for i, w := range x {
		hi, lo := bits.Mul64(uint64(w), y)
		var c uint64
		lo, c = bits.Add64(lo, uint64(z[i]), 0)
		hi += c
		lo, c = bits.Add64(lo, carry, 0)
		z[i], carry = big.Word(lo), hi+c
	}
	i := len(x)
	for ; carry != 0; i++ {
		var v uint64
		v, carry = bits.Add64(uint64(z[i]), carry, 0)
		z[i] = big.Word(v)
	}
	return i
}

// subWords sets z to z − x, of one length; x must not exceed z.
func subWords(z, x []big.Word) {
	var b uint64
	for i := range z {
		var v uint64
		v, b = bits.Sub64(uint64(z[i]), uint64(x[i]), b)
		z[i] = big.Word(v)
	}
}

// divExactWords divides z in place by d, which must divide it: a shift by
// d's twos, then Jebelean's exact division by its odd part (divExactInto),
// a multiplication by the part's inverse mod 2^64 per word.
func divExactWords(z []big.Word, d uint64) {
	if t := uint(bits.TrailingZeros64(d)); t > 0 {
		for i := range z {
			v := uint64(z[i]) >> t
			if i+1 < len(z) {
				v |= uint64(z[i+1]) << (64 - t)
			}
			z[i] = big.Word(v)
		}
		d >>= t
	}
	if d != 1 {
		divExactInto(z, z, d)
	}
}
