package dice_test

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/rearrank/rearrank/dice"
)

func rolls(r dice.Roller, sides, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = r.Roll(sides)
	}
	return out
}

func TestSeededRepeats(t *testing.T) {
	a, b := rolls(dice.NewSeeded(42), 6, 1000), rolls(dice.NewSeeded(42), 6, 1000)
	if !slices.Equal(a, b) {
		t.Error("seed 42 gave two different sequences")
	}
	if c := rolls(dice.NewSeeded(43), 6, 1000); slices.Equal(a, c) {
		t.Error("seeds 42 and 43 gave the same sequence")
	}
}

func TestSeededRange(t *testing.T) {
	r := dice.NewSeeded(7)
	for sides := 1; sides <= 20; sides++ {
		for range 1000 {
			if v := r.Roll(sides); v < 1 || v > sides {
				t.Fatalf("Roll(%d) = %d", sides, v)
			}
		}
	}
}

func TestSeededUniform(t *testing.T) {
	// 60000 D6 with a fixed seed: each face expects 10000 with a standard
	// deviation of sqrt(60000·1/6·5/6) ≈ 91, so ±400 is over 4 of them. The
	// seed is fixed, so this is a check that the mapping is sane, not a
	// statistical test that can flake.
	r := dice.NewSeeded(1)
	var counts [7]int
	for range 60000 {
		counts[r.Roll(6)]++
	}
	for face := 1; face <= 6; face++ {
		if c := counts[face]; c < 9600 || c > 10400 {
			t.Errorf("face %d came up %d times in 60000, want 10000±400 (all: %v)", face, c, counts[1:])
		}
	}
	// Same for 30000 D3: 10000 each, deviation ≈ 82.
	var d3 [4]int
	for range 30000 {
		d3[r.Roll(3)]++
	}
	for face := 1; face <= 3; face++ {
		if c := d3[face]; c < 9600 || c > 10400 {
			t.Errorf("D3 face %d came up %d times in 30000, want 10000±400 (all: %v)", face, c, d3[1:])
		}
	}
}

func TestSeededMatchesStandardLibrary(t *testing.T) {
	// Roll is Lemire's method on one PCG output per die, which is what
	// rand.Rand.Uint64N does on 64-bit machines for sizes that are not powers
	// of two. Agreeing with it face for face shows the reduction is the
	// standard unbiased one. The stream word is Seeded's fixed constant.
	if strconv.IntSize != 64 {
		t.Skip("rand.Uint64N takes a 32-bit path here")
	}
	const stream = 0x5eed_d1ce_0f_ba771e
	for _, sides := range []int{3, 5, 6, 7, 1000003} {
		ours := dice.NewSeeded(99)
		std := rand.New(rand.NewPCG(99, stream))
		for i := range 10000 {
			if a, b := ours.Roll(sides), int(std.Uint64N(uint64(sides)))+1; a != b {
				t.Fatalf("D%d die %d: Seeded %d, rand.Uint64N+1 %d", sides, i+1, a, b)
			}
		}
	}
}

func TestSeededDoesNotAllocate(t *testing.T) {
	r := dice.NewSeeded(1)
	if n := testing.AllocsPerRun(1000, func() { r.Roll(6) }); n != 0 {
		t.Errorf("Roll allocates %v times per die", n)
	}
}

func TestSeededPanicsOnNoSides(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Roll(0) did not panic")
		}
	}()
	dice.NewSeeded(1).Roll(0)
}

func TestRecorderReplays(t *testing.T) {
	// A seeded run, recorded, then replayed from the faces alone with a
	// Scripted roller: the same results, die for die.
	run := func(r dice.Roller) []int {
		var out []int
		for _, s := range []string{"D6", "2D6", "D3+1", "3", "2D3", "D6-1"} {
			for range 50 {
				out = append(out, dice.MustParseExpr(s).Roll(r))
			}
		}
		return out
	}
	rec := dice.NewRecorder(dice.NewSeeded(2024))
	seeded := run(rec)
	faces := rec.Faces()
	if len(faces) != 50*(1+2+1+0+2+1) {
		t.Fatalf("recorded %d faces, want 350", len(faces))
	}
	replay := dice.NewScripted(faces...)
	if got := run(replay); !slices.Equal(got, seeded) {
		t.Errorf("replay differs from the seeded run")
	}
	if replay.Err() != nil || replay.Remaining() != 0 {
		t.Errorf("replay: Err %v, %d faces left", replay.Err(), replay.Remaining())
	}
	if got := rolls(dice.NewSeeded(2024), 6, 5); !slices.Equal(got, faces[:5]) {
		t.Errorf("Recorder changed the faces: %v, then %v", got, faces[:5])
	}
}

func TestRecorderAsk(t *testing.T) {
	// Over an Asker: its errors pass through and are not recorded.
	rec := dice.NewRecorder(dice.NewScripted(2, 9))
	if got, err := rec.Ask(6, "to-hit"); got != 2 || err != nil {
		t.Fatalf("Ask = %d, %v", got, err)
	}
	if _, err := rec.Ask(6, "to-wound"); err == nil || err.Error() != "die 2 (to-wound): bad face 9 on a D6" {
		t.Errorf("bad face through Recorder: %v", err)
	}
	if _, err := rec.Ask(6, "save"); err == nil || err.Error() != "die 3 (save): out of dice: 2 given" {
		t.Errorf("out of dice through Recorder: %v", err)
	}
	if got := rec.Faces(); !slices.Equal(got, []int{2}) {
		t.Errorf("Faces = %v, want [2]", got)
	}
	// Over a plain Roller: Roll, checked.
	rec = dice.NewRecorder(dice.NewSeeded(5))
	face, err := rec.Ask(6, "to-hit")
	if err != nil || !slices.Equal(rec.Faces(), []int{face}) {
		t.Errorf("Ask over Seeded = %d, %v; Faces %v", face, err, rec.Faces())
	}
}

// Benchmarks: ns per die. Figures go in the README, not in a test.

func BenchmarkSeededRoll(b *testing.B) {
	for _, sides := range []int{6, 3} {
		b.Run("D"+strconv.Itoa(sides), func(b *testing.B) {
			r := dice.NewSeeded(1)
			sum := 0
			for b.Loop() {
				sum += r.Roll(sides)
			}
			if sum == 0 {
				b.Fatal("no dice")
			}
		})
	}
	// What Roll replaced, for comparison.
	b.Run("D6/rand.IntN", func(b *testing.B) {
		r := rand.New(rand.NewPCG(1, 2))
		sum := 0
		for b.Loop() {
			sum += r.IntN(6) + 1
		}
		if sum == 0 {
			b.Fatal("no dice")
		}
	})
	b.Run("D6/via-interface", func(b *testing.B) {
		var r dice.Roller = dice.NewSeeded(1)
		sum := 0
		for b.Loop() {
			sum += r.Roll(6)
		}
		if sum == 0 {
			b.Fatal("no dice")
		}
	})
}

func BenchmarkExprRoll2D6(b *testing.B) {
	e := dice.MustParseExpr("2D6")
	var r dice.Roller = dice.NewSeeded(1)
	sum := 0
	for b.Loop() {
		sum += e.Roll(r)
	}
	if sum == 0 {
		b.Fatal("no dice")
	}
}
