// Package wire holds the JSON shapes that the command line's --json and the
// HTTP API share: a resolution of the referee, a combat report, a resolved
// round. The domain packages (referee, combat) return results; this
// package, one of the adapters' own, says how a result is written for a
// program to read, so that a change of the wire format touches neither the
// rules nor the odds.
//
// Odds results keep their JSON in package odds (odds.JSON): it is built
// from the exact distributions' own common denominators, which only that
// package can see.
package wire
