package web

import (
	"math/rand/v2"
	"strconv"

	"github.com/rearrank/rearrank/dice"
)

// The handlers roll dice one way: the faces a player gave (dice=), in
// order, or a seeded roller (seed=). A request that gives neither draws a
// seed, so that its answer or its link says how to roll the same dice
// again; the page's referee also rolls a stage's dice for a player who
// has none at hand.

// rolling is a handler's dice; every face rolled is recorded for the
// answer.
type rolling struct {
	*dice.Recorder
	scripted *dice.Scripted
}

// newRolling rolls with seed when it is set, and the faces in order
// otherwise.
func newRolling(faces []int, seed *uint64) rolling {
	if seed != nil {
		return rolling{Recorder: dice.NewRecorder(dice.NewSeeded(*seed))}
	}
	s := dice.NewScripted(faces...)
	return rolling{Recorder: dice.NewRecorder(s), scripted: s}
}

// left is how many of the given faces were not rolled; 0 with a seed.
func (r rolling) left() int {
	if r.scripted == nil {
		return 0
	}
	return r.scripted.Remaining()
}

// drawnSeed is the seed of an API request that gives neither dice nor
// seed, small enough to be exact as a JSON number.
func drawnSeed() uint64 { return rand.Uint64() >> 11 }

// linkSeed is a seed for a page's link: at most six digits, for a player
// to read.
func linkSeed() string { return strconv.FormatUint(rand.Uint64()%1_000_000, 10) }

// rollFaces rolls n dice of the given sides for a player, as the faces
// they would type.
func rollFaces(n, sides int) []string {
	faces := make([]string, n)
	for i := range faces {
		faces[i] = strconv.Itoa(1 + rand.IntN(sides))
	}
	return faces
}
