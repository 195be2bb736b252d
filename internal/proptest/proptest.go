// Package proptest sets how hard the property tests try. A developer's
// `go test ./...` runs each rapid property on a quick count of random cases,
// so that the whole module tests in a few minutes; CI (test.sh) asks for the
// full count with REARRANK_FULL_CHECKS=1. An explicit -rapid.checks flag or
// RAPID_CHECKS variable wins over both.
//
// A package whose tests use it calls Main from its TestMain, and a test
// whose floor counts what the random cases reached (such as "the packet
// chain was taken at least 50 times") scales that floor with Cases.
package proptest

import (
	"flag"
	"os"
	"strconv"
	"testing"
)

// Full is the number of checks per property in CI: rapid's own default.
const Full = 100

// Quick is the number of checks per property in a developer's run. The
// properties compare readers of the same rules on random scenarios; twenty
// cases each still reach every ruleset, and CI runs the full count.
const Quick = 20

// FullEnv names the environment variable that asks for the full count.
const FullEnv = "REARRANK_FULL_CHECKS"

// Main parses the test flags, lowers rapid's count to Quick unless the full
// count was asked for, and runs the tests.
func Main(m *testing.M) {
	flag.Parse()
	if !explicit() && os.Getenv(FullEnv) == "" {
		if f := flag.Lookup("rapid.checks"); f != nil {
			_ = f.Value.Set(strconv.Itoa(Quick))
		}
	}
	os.Exit(m.Run())
}

// explicit reports whether the run set the count itself.
func explicit() bool {
	if _, ok := os.LookupEnv("RAPID_CHECKS"); ok {
		return true
	}
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "rapid.checks" })
	return set
}

// Checks returns the number of checks each rapid property runs now
// (after -short, which rapid divides by five).
func Checks() int {
	n := Full
	if f := flag.Lookup("rapid.checks"); f != nil {
		if g, ok := f.Value.(flag.Getter); ok {
			if v, ok := g.Get().(int); ok {
				n = v
			}
		}
	}
	if testing.Short() {
		n /= 5
	}
	return max(n, 1)
}

// IsFull reports whether the properties run at least the full count.
func IsFull() bool { return Checks() >= Full }

// Scale returns n, a count meant for the full run, scaled to the checks
// run now: n*Checks()/Full, at least 1.
func Scale(n int) int { return max(1, n*Checks()/Full) }

// Floor returns how many of the cases run now must reach a path of the
// code that at least floor of full cases reach in the full run: the floor
// scaled to the cases, or 0 where that leaves fewer than five, too few to
// tell a gap in a generator from bad luck. CI's full run keeps the floor.
func Floor(floor, full, cases int) int {
	n := floor * cases / full
	if n < 5 {
		return 0
	}
	return n
}

// Limit returns a bound on the work of one case (dice paths walked,
// states enumerated): n in the full run, a fifth of it in a quick one, so
// that a quick run skips the largest cases rather than spending minutes on
// each.
func Limit(n int) int {
	if IsFull() {
		return n
	}
	return max(1, n/5)
}
