package rearrank

import (
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Unit is a target unit as it stands: its formation, wound pools and carried
// damage. Build it with NewUnit from a unit.Spec; the referee changes it as
// wounds land (referee.Resolve), the odds start from it (odds.Exact), and
// its methods read it. Which model a wound lands on and which is removed
// (RULES.md 10, 11, 12, 17 and 19) is decided inside, by the allocation
// state machine of internal/alloc that the engine drives; none of that
// machinery is part of this type's promise.
//
// A Unit is a value: Clone it before changing a unit someone else holds. It
// is not safe for concurrent use.
type Unit alloc.Unit

// NewUnit builds the unit a Spec describes, checking all of it: every error
// names the field and what was wanted. The formation is the Spec's Layout,
// or ranks of its Frontage filled front to back with the command group and
// the characters in the centre of the front rank (RULES.md E59).
func NewUnit(s unit.Spec) (*Unit, error) {
	a, err := alloc.New(s)
	return (*Unit)(a), err
}

func (u *Unit) alloc() *alloc.Unit { return (*alloc.Unit)(u) }

// Clone returns a deep copy; the copy and u share nothing mutable.
func (u *Unit) Clone() *Unit { return (*Unit)(u.alloc().Clone()) }

// Name returns the unit's name.
func (u *Unit) Name() string { return u.alloc().Name() }

// Ruleset returns the unit's ruleset.
func (u *Unit) Ruleset() rules.Ruleset { return u.alloc().Ruleset() }

// Size returns the number of living models, champion and characters
// included. A skirmish fighter counts until it is out of action.
func (u *Unit) Size() int { return u.alloc().Size() }

// Count returns the number of living models with role r.
func (u *Unit) Count(r unit.Role) int { return u.alloc().Count(r) }

// Destroyed reports whether no model is left (RULES.md 17.3).
func (u *Unit) Destroyed() bool { return u.alloc().Destroyed() }

// Models returns the living models front to back, left to right, as copies.
func (u *Unit) Models() []unit.Model { return u.alloc().Models() }

// Ranks returns the formation front to back, every rank as wide as the
// front; empty slots have a nil Model. The models are copies.
func (u *Unit) Ranks() [][]unit.Cell { return u.alloc().Ranks() }

// Draw returns the formation as letters, ranks front to back:
// "[R M C S R] / [R R R]"; an empty unit is "[]".
func (u *Unit) Draw() string { return u.alloc().Draw() }

// Notes says, in a player's words, where the unit formed up otherwise than
// its Spec asked: a frontage wider than the unit stands as one rank of all
// its models (RULES.md 22.18).
func (u *Unit) Notes() []msg.Message { return u.alloc().Notes() }

// Legend names the letters Draw writes beyond the roles' own: rank and file
// of a second troop type or profile, "I monstrous infantry (W3)".
func (u *Unit) Legend() []msg.Message { return u.alloc().Legend() }

// Snapshot returns the unit as plain data: its formation rank by rank, its
// pools, and where the ruleset reads them its Unit Strength and size at
// deployment.
func (u *Unit) Snapshot() unit.Snapshot { return u.alloc().Snapshot() }

// Fighter returns a copy of the skirmish warrior, with its damage and
// state; nil for a block unit.
func (u *Unit) Fighter() *unit.Model {
	f := u.alloc().Fighter()
	if f == nil {
		return nil
	}
	m := *f
	return &m
}
