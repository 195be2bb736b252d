// Package rules holds the six rulesets of rearrank as data and pure
// functions: target numbers for every stage of the wound pipeline (RULES.md
// sections 5-9 and 13), the switches of RULES.md 18 and 19, and the tables the
// referee reads. Nothing here rolls a die or changes a unit; the referee asks
// these functions what a roll needs and then asks a dice.Roller for the face.
//
// The pipeline, and where each stage lives:
//
//	hit (5)        MeleeToHit, ShootingToHit, TargetToHit, HitRolls, HitChance
//	wound (6.1)    ToWound
//	critical (6.2) CanCritical, CriticalHit, Critical (skirmish)
//	armour (7)     ArmourSave, ArmourSaveDetail, Penetration, ArmourFloor,
//	               LethalStrikeNoArmour, LethalStrikeAP
//	special (8)    SpecialSave, SpecialSaveOptions, SaveContext, SpecialFloor,
//	               RegenerationUsable, BestWard, RegenerationPlus
//	damage (9-12)  the referee and unit packages (they need the unit)
//	injuries (13)  InjuryRolls, InjuryResult, HelmetSaves, Injury (skirmish)
//
// Every roll is made against a Target with Target.Succeeds(face, floor): the
// floor is 1 for hits, wounds and armour (ArmourFloor) and SpecialFloor for
// special saves. Target.Chance gives the same rule as a probability.
//
// A zero Options value means every switch at its RULES.md 18 default.
//
// Every function that takes a Ruleset panics if it is not Valid: rulesets are
// parsed once at the edge (ParseRuleset), so an invalid one is a programmer
// error.
//
// # Layout: one file per ruleset
//
// A ruleset is one row of the traits table (Traits, For), declared in the
// file named for it: battleaxe.go, whfb8.go, t9a.go, t9a1ru.go,
// skirmish.go and tow.go. The row holds everything that ruleset says and the others do
// not: its label and description, the family traits the rest of the code
// asks (Block, ChampionPool, LethalStrike...), the set of switches it reads,
// its data for each stage (the highest to-hit need it can roll, the S - T too
// tough to wound, the natural-fail floors) and its procedures where a stage
// differs in kind (the melee to-hit chart, the armour save construction and
// caps). A procedure only one ruleset uses lives in that ruleset's file (t9a's
// Offensive/Defensive Skill grid, t9a1-ru's armour points); one several
// rulesets share lives in its stage's file and the rows name it (the Weapon
// Skill chart and the 7+ procedure in hit.go, the classic armour save of
// whfb8 and battleaxe in armour.go).
//
// The stage functions (hit.go, wound.go, armour.go, special.go, CanCritical)
// never compare a ruleset's name: they read the row. A switch is an Options
// field and an entry of Switches (options.go); a ruleset reads it when its row
// lists it, and Switch.Rulesets is derived from the rows. A switch that only
// one procedure obeys is read by that procedure (battleaxe's
// cap_after_modifiers in battleaxeArmour); one a stage obeys for whichever
// ruleset reads it is gated by the row's switch set in the stage function
// (to_wound in ToWound, regen_vs_flaming in RegenerationUsable,
// seven_plus_to_hit in HitRolls).
//
// To add a ruleset: a constant in the Ruleset list before rulesetCount
// (rules.go); a file named for it declaring its row, reusing the shared
// procedures where RULES.md says "as whfb8"; the row's line in traitsTable
// (traits.go); for switches of its own, their Options fields, switchIDs and
// Switches entries; and its column in the tables of traits_test.go, which
// cite RULES.md for each trait. TestEveryRulesetHasARow fails until the row is complete,
// and TestRulesetNamesOnlyInTheirFiles fails if a ruleset's constant is used
// outside its own file, rules.go and the table.
// Where the new ruleset does a stage in a way no row can yet express (a
// re-roll in the to-hit procedure, Regeneration after damage), that becomes a
// new field of Traits read by its stage function and set in every row.
package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// Ruleset names one of the six rulesets of RULES.md 2 and 22. The zero Ruleset is
// "none" and is invalid wherever a ruleset is required. What a ruleset says
// is its row of the traits table (For): its name, description, switches and
// stage procedures.
type Ruleset int8

const (
	NoRuleset Ruleset = iota
	Battleaxe         // Battleaxe: Fantasy Generals (seed 000)
	WHFB8             // Warhammer Fantasy Battles 8th edition (seed 002)
	T9A               // The 9th Age, 2nd-edition era (seed 001)
	T9A1RU            // The 9th Age 1.x, Russian translation (seed 004)
	Skirmish          // Mordheim-like skirmish (seed 003)
	TOW               // Warhammer: The Old World (RULES.md 22)

	rulesetCount // one past the last ruleset: the length of the traits table
)

// Rulesets lists every valid ruleset in the order RULES.md 2 gives them.
func Rulesets() []Ruleset {
	out := make([]Ruleset, 0, rulesetCount-1)
	for r := NoRuleset + 1; r < rulesetCount; r++ {
		out = append(out, r)
	}
	return out
}

// String returns the label used in scenario files and RULES.md ("whfb8").
func (r Ruleset) String() string {
	if !r.Valid() {
		return "none"
	}
	return traitsTable[r].name
}

// Valid reports whether r is one of the six rulesets.
func (r Ruleset) Valid() bool { return r > NoRuleset && r < rulesetCount }

// mustValid panics when r is not one of the six rulesets. A ruleset is
// parsed once at the edge (ParseRuleset), so an invalid one reaching a rule
// function is a programmer error. It is small enough to inline into For and
// so into every stage function: the message is formatted only when printed.
func (r Ruleset) mustValid() {
	if !r.Valid() {
		panic(invalidRuleset(r))
	}
}

// invalidRuleset is the panic value of mustValid.
type invalidRuleset Ruleset

func (r invalidRuleset) Error() string { return fmt.Sprintf("rules: invalid ruleset %d", int(r)) }

// ParseRuleset reads a ruleset label such as "t9a1-ru".
func ParseRuleset(s string) (Ruleset, error) {
	var names []string
	for _, r := range Rulesets() {
		if r.String() == s {
			return r, nil
		}
		names = append(names, r.String())
	}
	return NoRuleset, msg.Errorf(nil, "rules.error.unknown_ruleset", strconv.Quote(s), listOr(names))
}

// Title is the name players know the ruleset by: "Warhammer Fantasy
// Battles, 8th edition" for whfb8.
func (r Ruleset) Title() string {
	if !r.Valid() {
		return r.String()
	}
	return traitsTable[r].title
}

// Description says in one line what the ruleset is.
func (r Ruleset) Description() string {
	if !r.Valid() {
		return ""
	}
	return traitsTable[r].description
}

// MarshalText implements encoding.TextMarshaler.
func (r Ruleset) MarshalText() ([]byte, error) {
	if !r.Valid() {
		return nil, fmt.Errorf("invalid ruleset %d", int(r))
	}
	return []byte(r.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (r *Ruleset) UnmarshalText(b []byte) error {
	v, err := ParseRuleset(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// Block reports whether the ruleset fights in ranked units with wound pools
// (every ruleset but skirmish).
func (r Ruleset) Block() bool { return r.Valid() && traitsTable[r].Block }

// Impossible is the target number that can never be rolled on a D6 without
// a special procedure (RULES.md 3).
const Impossible = 7

// Target is the score a D6 roll needs, such as 4+. The zero Target means "no
// roll": no save, or a stage the attack skips. A Target of 7 or more cannot
// succeed unless a ruleset gives a procedure for it (7+ to hit, RULES.md 5).
// Targets below 2 (a "1+" save, or a "0+" before capping) still fail on a
// natural 1: see Chance.
type Target struct{ n int8 }

// Need returns a Target for the value n ("n+"). Values below 1 are kept as
// they are meaningful before capping (a nominal 0+ save, RULES.md E21); the
// stage functions (ArmourSave and the rest) apply their ruleset's caps.
// Values beyond ±127 are clamped.
func Need(n int) Target {
	switch {
	case n == 0:
		return Target{n: zeroPlus}
	case n > 127:
		n = 127
	case n < -127:
		n = -127
	}
	return Target{n: int8(n)}
}

// zeroPlus encodes a nominal "0+" target, which differs from the zero Target.
const zeroPlus = -128

// None is the zero Target: no roll is possible or needed.
var None = Target{}

// IsNone reports whether t is the zero Target (no roll).
func (t Target) IsNone() bool { return t.n == 0 }

// Value returns the n of "n+". It is 0 for a nominal 0+ and for None; use
// IsNone to tell them apart.
func (t Target) Value() int {
	if t.n == zeroPlus {
		return 0
	}
	return int(t.n)
}

// Possible reports whether a single D6 roll can meet the target: it is not
// None and its value is at most 6.
func (t Target) Possible() bool { return !t.IsNone() && t.Value() <= 6 }

// Succeeds reports whether a natural face meets the target on one D6 when the
// natural values up to floor always fail (floor 1 for most rolls, 2 for T9A
// special saves; RULES.md 3). It is false for None and impossible targets.
func (t Target) Succeeds(face, floor int) bool {
	if !t.Possible() || face <= floor {
		return false
	}
	return face >= t.Value()
}

// Floored returns the target a die really needs when the natural values up
// to floor always fail: a 1+ save needs 2+ (RULES.md 3), a t9a Aegis 2+
// needs 3+ (R16). Other targets are returned as they are.
func (t Target) Floored(floor int) Target {
	if t.Possible() && t.Value() <= floor {
		return Need(floor + 1)
	}
	return t
}

// Chance returns the probability that one D6 meets the target, as
// successes out of 6, with natural values up to floor failing.
func (t Target) Chance(floor int) (sixths int) {
	if !t.Possible() {
		return 0
	}
	need := max(t.Value(), floor+1)
	return 7 - need
}

// String formats the target as "4+", "-" for None, and "7+" and beyond as is.
func (t Target) String() string {
	if t.IsNone() {
		return "-"
	}
	return fmt.Sprintf("%d+", t.Value())
}

// ParseTarget reads "4+", "4", or "-" (no roll). Values 0 to 10 are accepted.
// "-", "none", "" and a bare "0" mean None (a scenario's `regeneration: 0` is
// "none"); "0+" is a nominal 0+ save.
func ParseTarget(s string) (Target, error) {
	s = strings.TrimSpace(s)
	if s == "-" || s == "" || s == "none" || s == "0" {
		return None, nil
	}
	v := strings.TrimSuffix(s, "+")
	var n int
	if _, err := fmt.Sscanf(v, "%d", &n); err != nil || fmt.Sprint(n) != v {
		return None, msg.Errorf(nil, "rules.error.target_score", strconv.Quote(s))
	}
	if n < 0 || n > 10 {
		return None, msg.Errorf(nil, "rules.error.target_range", strconv.Quote(s))
	}
	return Need(n), nil
}

// MustParseTarget is ParseTarget for literals in tests; it panics on error.
func MustParseTarget(s string) Target {
	t, err := ParseTarget(s)
	if err != nil {
		panic(err)
	}
	return t
}

// MarshalText implements encoding.TextMarshaler.
func (t Target) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (t *Target) UnmarshalText(b []byte) error {
	v, err := ParseTarget(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}
