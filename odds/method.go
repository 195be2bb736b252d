package odds

import (
	"strconv"
	"strings"
)

// Algorithm is how a Result was computed. The zero Algorithm is none: a
// Result this package did not make.
type Algorithm int8

// The algorithms of Method.Algorithm.
const (
	NoAlgorithm Algorithm = iota
	Enumeration           // every face of every die, exact (Exact, Enumerate)
	Sampling              // Monte Carlo: seeded samples (MonteCarlo, Config.Fallback)
)

var algorithmNames = [...]string{"", "enumeration", "monte carlo"}

// String returns the algorithm's name as Result.Method writes it:
// "enumeration", "monte carlo".
func (a Algorithm) String() string {
	if a < 0 || int(a) >= len(algorithmNames) {
		return "algorithm(" + strconv.Itoa(int(a)) + ")"
	}
	return algorithmNames[a]
}

// FastPath is a shortcut an enumeration takes where several dice paths
// lead to one outcome (the package documentation). The zero FastPath is
// none.
type FastPath int8

// The fast paths an enumeration may take, in the order of the package
// documentation.
const (
	NoFastPath         FastPath = iota
	BinomialAttacks             // the attacks of a step counted, not stepped
	SingleWounds                // unsaved single wounds applied together
	PooledDamage                // packets into one pool, their capped total convolved
	LastBatchMarginals          // the last batch's outcomes as marginals only
	PacketChain                 // packets on one model at a time, a chain of states
	MergedBatches               // consecutive batches of one profile merged
	fastPaths                   // the number of fast paths, NoFastPath included
)

var fastPathNames = [...]string{"", "binomial attacks", "single wounds", "pooled damage",
	"last batch marginals", "packet chain", "merged batches"}

// String returns the fast path's name as Result.Method writes it:
// "pooled damage".
func (p FastPath) String() string {
	if p < 0 || p >= fastPaths {
		return "fast_path(" + strconv.Itoa(int(p)) + ")"
	}
	return fastPathNames[p]
}

// Method is how a Result was computed: its algorithm and, for an
// enumeration, the fast paths it took, in the order it first took them.
// Methods are comparable. Its String is the developer's name for it,
// which the JSON's "method" holds: "enumeration", "enumeration + pooled
// damage + binomial attacks", "monte carlo".
type Method struct {
	Algorithm Algorithm
	// taken holds the fast paths taken, in order, NoFastPath after the
	// last: a fixed array keeps Method comparable.
	taken [fastPaths - 1]FastPath
}

// Took reports whether the computation took fast path p.
func (m Method) Took(p FastPath) bool {
	for _, q := range m.taken {
		if q == p && p != NoFastPath {
			return true
		}
	}
	return false
}

// FastPaths returns the fast paths taken, in the order first taken.
func (m Method) FastPaths() []FastPath {
	var out []FastPath
	for _, p := range m.taken {
		if p == NoFastPath {
			break
		}
		out = append(out, p)
	}
	return out
}

// take records that fast path p was taken, once.
func (m *Method) take(p FastPath) {
	for i, q := range m.taken {
		switch q {
		case p:
			return
		case NoFastPath:
			m.taken[i] = p
			return
		}
	}
}

// String writes the algorithm and the fast paths taken, joined by " + ".
func (m Method) String() string {
	var b strings.Builder
	b.WriteString(m.Algorithm.String())
	for _, p := range m.FastPaths() {
		b.WriteString(" + ")
		b.WriteString(p.String())
	}
	return b.String()
}

// MarshalText implements encoding.TextMarshaler: the String.
func (m Method) MarshalText() ([]byte, error) { return []byte(m.String()), nil }
