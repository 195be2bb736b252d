package rules

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// Reroll is the set of kinds of roll a stage re-rolls (RULES.md 20.1). The
// zero Reroll re-rolls nothing.
//
// A die is re-rolled at most once and the second result stands for every
// rule (U1). RerollFailed and RerollOnes are the roller's own re-rolls (failed
// includes ones); RerollSuccesses is only ever imposed by the other side.
type Reroll uint8

// The kinds of roll a Reroll names.
const (
	RerollFailed    Reroll = 1 << iota // every roll that did not succeed
	RerollOnes                         // natural 1s
	RerollSuccesses                    // every roll that succeeded (imposed)
)

var rerollNames = [...]struct {
	r    Reroll
	name string
}{{RerollFailed, "failed"}, {RerollOnes, "ones"}, {RerollSuccesses, "successes"}}

// Applies reports whether a roll of natural face that passed (or not) is
// re-rolled.
func (r Reroll) Applies(face int, pass bool) bool {
	if pass {
		return r&RerollSuccesses != 0
	}
	return r&RerollFailed != 0 || r&RerollOnes != 0 && face == 1
}

// Own returns the roller's own part of r: failed and ones.
func (r Reroll) Own() Reroll { return r &^ RerollSuccesses }

// Normal returns r with ones dropped where failed already includes them
// (RULES.md 20.7: [failed, ones] reads as failed).
func (r Reroll) Normal() Reroll {
	if r&RerollFailed != 0 {
		return r &^ RerollOnes
	}
	return r
}

// String returns "none", one kind such as "failed", or a list such as
// "[ones, successes]", as a scenario file writes it.
func (r Reroll) String() string {
	var names []string
	for _, n := range rerollNames {
		if r&n.r != 0 {
			names = append(names, n.name)
		}
	}
	switch len(names) {
	case 0:
		return "none"
	case 1:
		return names[0]
	}
	return "[" + strings.Join(names, ", ") + "]"
}

// ParseReroll reads one kind ("none", "failed", "ones", "successes") or a
// list of them, "[ones, successes]" or "ones, successes".
func ParseReroll(s string) (Reroll, error) {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	var r Reroll
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "none" || part == "" && !strings.Contains(s, ",") {
			continue
		}
		found := false
		for _, n := range rerollNames {
			if part == n.name {
				r |= n.r
				found = true
			}
		}
		if !found {
			return 0, msg.Errorf(nil, "rules.error.reroll", strconv.Quote(part))
		}
	}
	return r.Normal(), nil
}

// MarshalText implements encoding.TextMarshaler.
func (r Reroll) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (r *Reroll) UnmarshalText(b []byte) error {
	v, err := ParseReroll(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// RerollChance returns the chance that a D6 test passes with the re-rolls of
// r (RULES.md 20.1), where the test passes on faces low..6 (low 7: never)
// and face 1 never passes. A die is re-rolled at most once: p is the chance
// of one roll, and the re-roll's result stands.
func RerollChance(low int, r Reroll) *big.Rat {
	pass := max(0, 7-low)
	p := big.NewRat(int64(pass), 6)
	again := new(big.Rat) // the chance that the first roll is re-rolled, times p
	if r&RerollSuccesses != 0 {
		again.Add(again, new(big.Rat).Mul(p, p))
	}
	switch {
	case r&RerollFailed != 0:
		again.Add(again, new(big.Rat).Mul(big.NewRat(int64(6-pass), 6), p))
	case r&RerollOnes != 0 && low > 1:
		again.Add(again, new(big.Rat).Mul(big.NewRat(1, 6), p))
	}
	kept := big.NewRat(int64(pass), 6)
	if r&RerollSuccesses != 0 {
		kept = new(big.Rat) // every success is re-rolled
	}
	return kept.Add(kept, again)
}

// Trigger is a natural-roll trigger (RULES.md 20.2): the zero Trigger is
// off, otherwise the lowest final natural roll, 2 to 6, that fires it
// (true in a scenario is 6+).
type Trigger uint8

// NaturalSix is the trigger of `true`: a natural 6.
const NaturalSix Trigger = 6

// Fires reports whether a final natural roll face fires the trigger; the
// caller checks that the roll succeeded (T1).
func (t Trigger) Fires(face int) bool { return t != 0 && face >= int(t) }

// String returns "false", or the threshold such as "6+".
func (t Trigger) String() string {
	if t == 0 {
		return "false"
	}
	return fmt.Sprintf("%d+", t)
}

// ParseTrigger reads "true" (6+), "false", or a score "2+" to "6+".
func ParseTrigger(s string) (Trigger, error) {
	switch s = strings.TrimSpace(s); s {
	case "true":
		return NaturalSix, nil
	case "false", "":
		return 0, nil
	}
	if v, err := strconv.Atoi(strings.TrimSuffix(s, "+")); err == nil && strings.HasSuffix(s, "+") && v >= 2 && v <= 6 {
		return Trigger(v), nil
	}
	return 0, msg.Errorf(nil, "rules.error.trigger", strconv.Quote(s))
}
