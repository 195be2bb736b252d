package dice

import (
	"math/bits"
	"math/rand/v2"
)

// Seeded is a [Roller] drawing from a PCG generator ([rand.PCG]) started from
// a seed: the same seed gives the same faces, on every machine and Go release
// (PCG-DXSM and the reduction below are fixed algorithms). It is the referee's
// reproducible random dice and Monte Carlo's source.
//
// A Seeded is not safe for concurrent use; give each goroutine its own, with
// its own seed.
type Seeded struct {
	pcg rand.PCG
}

// seededStream is the second PCG seed word. It is fixed so that one number,
// the seed, names a run.
const seededStream = 0x5eed_d1ce_0f_ba771e

// NewSeeded returns a Seeded started from seed.
func NewSeeded(seed uint64) *Seeded {
	s := new(Seeded)
	s.pcg.Seed(seed, seededStream)
	return s
}

// NewSeededStream returns a Seeded for stream number stream of a seeded
// run: parallel workers each take whole streams, so a run's dice depend on
// the seed and the stream numbers only, never on how many workers there are.
// Stream 0 is the same as NewSeeded(seed).
func NewSeededStream(seed, stream uint64) *Seeded {
	s := new(Seeded)
	s.pcg.Seed(seed, seededStream^(stream*0x9e3779b97f4a7c15))
	return s
}

// Roll returns a face in 1..sides, each equally likely. It panics if sides is
// less than 1, as [rand.IntN] does: that is a bug in the caller.
//
// It maps one 64-bit PCG output onto 0..sides-1 with Lemire's multiply-shift,
// rejecting the few outputs that would bias it (Lemire, "Fast Random Integer
// Generation in an Interval", 2019). For a D6 the chance of a redraw is 4 in
// 2^64, so a die costs one PCG step and one multiplication, and nothing is
// allocated.
func (s *Seeded) Roll(sides int) int {
	if sides < 1 {
		panic("dice: Seeded.Roll: sides < 1")
	}
	n := uint64(sides)
	hi, lo := bits.Mul64(s.pcg.Uint64(), n)
	if lo < n {
		// -n % n is 2^64 mod n: the outputs below it in lo are the biased ones.
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(s.pcg.Uint64(), n)
		}
	}
	return int(hi) + 1
}
