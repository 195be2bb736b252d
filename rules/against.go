package rules

import (
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// Against is the set of attacks a conditional special save works against
// (t9a, RULES.md 8.2: "Aegis (4+, against Flaming Attacks)", "against
// shooting"). The zero Against is unconditional: the save works against
// every attack. A save with conditions works against an attack that meets
// any one of them.
type Against uint8

// The conditions an Against names.
const (
	AgainstFlaming  Against = 1 << iota // attacks with Flaming Attacks
	AgainstShooting                     // attacks of the shooting phase
	AgainstMelee                        // close combat attacks
	AgainstMagic                        // spells: attacks of the magic phase
)

var againstNames = [...]struct {
	a    Against
	name string
}{{AgainstFlaming, "flaming"}, {AgainstShooting, "shooting"}, {AgainstMelee, "melee"}, {AgainstMagic, "magic"}}

// AgainstNames lists the conditions as a scenario file writes them.
func AgainstNames() []string {
	out := make([]string, len(againstNames))
	for i, n := range againstNames {
		out[i] = n.name
	}
	return out
}

// Applies reports whether a save with conditions a works against the
// attack c describes: always when a is unconditional, else when the attack
// meets one of the conditions (RULES.md 8.2).
func (a Against) Applies(c SaveContext) bool {
	return a == 0 ||
		a&AgainstFlaming != 0 && c.Flaming ||
		a&AgainstShooting != 0 && c.Phase == Shooting ||
		a&AgainstMelee != 0 && c.Phase == Melee ||
		a&AgainstMagic != 0 && c.Phase == Magic
}

// Split returns each condition of a on its own, in the order of
// AgainstNames.
func (a Against) Split() []Against {
	var out []Against
	for _, n := range againstNames {
		if a&n.a != 0 {
			out = append(out, n.a)
		}
	}
	return out
}

// String returns "any" for the unconditional save, one condition such as
// "flaming", or a list such as "[flaming, shooting]", as a scenario file
// writes it.
func (a Against) String() string {
	var names []string
	for _, n := range againstNames {
		if a&n.a != 0 {
			names = append(names, n.name)
		}
	}
	switch len(names) {
	case 0:
		return "any"
	case 1:
		return names[0]
	}
	return "[" + strings.Join(names, ", ") + "]"
}

// ParseAgainst reads one condition ("flaming", "shooting", "melee",
// "magic"), "any" for none, or a list of them, "[flaming, shooting]" or
// "flaming, shooting".
func ParseAgainst(s string) (Against, error) {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	var a Against
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "any" || part == "" && !strings.Contains(s, ",") {
			continue
		}
		found := false
		for _, n := range againstNames {
			if part == n.name {
				a |= n.a
				found = true
			}
		}
		if !found {
			return 0, msg.Errorf(nil, "rules.error.condition", strconv.Quote(part), strings.Join(AgainstNames(), ", "))
		}
	}
	return a, nil
}

// MarshalText implements encoding.TextMarshaler.
func (a Against) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (a *Against) UnmarshalText(b []byte) error {
	v, err := ParseAgainst(string(b))
	if err != nil {
		return err
	}
	*a = v
	return nil
}
