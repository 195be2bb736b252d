package scenario

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
)

// bounded loads src and checks that Load returns within d, allocating at
// most maxMiB in total, with an error of the given kind (nil: any error or
// none).
func bounded(t *testing.T, name, src string, d time.Duration, maxMiB uint64, kind error) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		_, err := Load(name, []byte(src))
		done <- err
	}()
	var err error
	select {
	case err = <-done:
	case <-time.After(d):
		t.Fatalf("%s: Load of %d bytes did not return within %v", name, len(src), d)
	}
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	alloc := (after.TotalAlloc - before.TotalAlloc) >> 20
	t.Logf("%s: %d bytes, %v, %d MiB allocated: %v", name, len(src), took, alloc, err)
	if alloc > maxMiB {
		t.Errorf("%s: allocated %d MiB, want at most %d", name, alloc, maxMiB)
	}
	if kind != nil && !errors.Is(err, kind) {
		t.Errorf("%s: error %v, want %v", name, err, kind)
	}
}

// billionLaughs is the classic alias expansion attack: nine levels of ten
// aliases each stand for 10^9 strings.
func billionLaughs() string {
	var b strings.Builder
	b.WriteString("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n")
	prev := "a"
	for _, n := range []string{"b", "c", "d", "e", "f", "g", "h", "i"} {
		b.WriteString(n + ": &" + n + " [")
		for i := range 9 {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString("*" + prev)
		}
		b.WriteString("]\n")
		prev = n
	}
	return b.String()
}

func TestHostileInput(t *testing.T) {
	const quick = 2 * time.Second
	nested100 := func() string {
		var b strings.Builder
		for i := range 100 {
			b.WriteString(strings.Repeat(" ", i) + "a:\n")
		}
		return b.String()
	}()
	cases := []struct {
		name   string
		src    string
		maxMiB uint64
		kind   error
	}{
		{"billion laughs", billionLaughs(), 4, ErrUnsupported},
		{"alias bomb in the scenario", "ruleset: whfb8\nattacks: &x [{count: 1, strength: 3}]\ntarget: *x\n", 4, ErrUnsupported},
		{"1 MiB of [", strings.Repeat("[", MaxSize), 4, ErrUnsupported},
		{"1 MiB of {a: ", strings.Repeat("{a: ", MaxSize/4), 4, ErrUnsupported},
		{"1 MiB of - ", strings.Repeat("- ", MaxSize/2), 4, ErrUnsupported},
		{"100 levels of one-space indentation", nested100, 16, ErrUnsupported},
		{"JSON nested 1000 deep", strings.Repeat(`{"a":`, 1000) + "1" + strings.Repeat("}", 1000), 4, ErrUnsupported},
		{"too large", strings.Repeat("#", MaxSize+1), 4, ErrTooLarge},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bounded(t, c.name, c.src, quick, c.maxMiB, c.kind)
		})
	}
}

// TestLargeFlatInput checks that inputs at the size limit, with as many
// tokens as fit, stay bounded in time and memory: the limits of measure
// stop each of them before the YAML reader (TestHostileBodies has more).
func TestLargeFlatInput(t *testing.T) {
	if testing.Short() {
		t.Skip("large inputs")
	}
	const slow = 30 * time.Second
	cases := []struct{ name, src string }{
		{"30000 attack groups", "ruleset: whfb8\nattacks:\n" + strings.Repeat("  - {count: 1, strength: 3}\n", MaxSize/30)},
		{"a long string", "ruleset: \"" + strings.Repeat("x", MaxSize-20) + "\"\n"},
		{"many list items", "a:\n" + strings.Repeat("- [1, [2, [3]]]\n", MaxSize/17)},
		{"a long damage list", "ruleset: battleaxe\ntarget:\n  damage: [" + strings.Repeat("1,", MaxSize/2-40) + "1]\n"},
		{"quotes", strings.Repeat(`"[[[[" `, MaxSize/8)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bounded(t, c.name, c.src, slow, 20, ErrUnsupported)
		})
	}
}

// TestLegitimateNesting makes sure the depth limits leave room for real
// files: the deepest field of the format, written in block style with wide
// indentation, and in JSON.
func TestLegitimateNesting(t *testing.T) {
	src := `ruleset: t9a
attacks:
        -   count: 1
            strength: 3
            target: character:Bob
target:
        models: 5
        toughness: 3
        characters:
                -   name: Bob
                    toughness: 4
                    slot: 1
`
	if _, err := Load("deep.yaml", []byte(src)); err != nil {
		t.Fatal(err)
	}
	js := `{"ruleset":"t9a","attacks":[{"count":1,"strength":3,"target":"character:Bob"}],"target":{"models":5,"toughness":3,"characters":[{"name":"Bob","toughness":4,"slot":1}],"damage":[]}}`
	if _, err := Load("deep.json", []byte(js)); err != nil {
		t.Fatal(err)
	}
}
