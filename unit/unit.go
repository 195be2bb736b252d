// Package unit holds a target unit of rearrank: its models, the formation
// grid, the wound pools, carried damage, and the rules that decide which model
// a wound lands on and which model is removed (RULES.md sections 10, 11, 12,
// 17 and 19). The referee rolls every die; this package only applies the
// resulting damage packets, so it never rolls and never needs randomness.
//
// # Building a unit
//
// New takes a Spec and checks all of it: every error names the field and what
// was wanted. The formation is either explicit (Spec.Layout) or automatic:
// ranks of Spec.Frontage filled front to back, the command group (musician,
// champion, standard bearer) and the characters in the centre of the front
// rank, and an incomplete rear rank centred. The front rank of a five-wide
// unit with full command is therefore [R M C S R] (RULES.md E59).
//
// # Pools (RULES.md 10.1)
//
// Every packet names a Target. Rank-and-file (R&F) targets go to a pool:
//
//   - battleaxe, whfb8: one pool holding every R&F model, the musician, the
//     standard bearer and the champion. A packet aimed at the champion hits him
//     alone, and its excess is lost.
//   - t9a, t9a1-ru: one pool per troop type among the R&F, musician and
//     standard bearer included (t9a pools by troop type only: Profile has no
//     height). The champion is a one-model pool of his own; he receives the
//     excess of emptied R&F pools once no other R&F is left at the end of the
//     batch (C13).
//   - characters are one-model pools everywhere and never receive R&F excess.
//
// In whfb8, t9a, t9a1-ru and battleaxe with damage_model: pooled, a pool keeps
// a carried count: wounds on the model that will be removed next (11.1). In
// battleaxe's default per-model mode every model keeps its own Damage instead,
// multi-wound packets go to different models and their excess is wasted (11.3).
//
// # Removal (RULES.md 11.2, 19.1)
//
// The model removed next is found on the grid: the rearmost rank holding an
// eligible model, then the end of that rank that has given up fewer models in
// this batch, then fewer in single-rank removals over the whole game, then the
// left end. Ineligible models at that end (characters, other pools, command
// models while ordinary R&F of the pool remain) are skipped and slide one slot
// toward the centre. After every removal the formation is repaired: a gap in a
// rank with ranks behind it is filled from the end of the rearmost rank, and a
// gap inside the rearmost rank closes from its shorter side (C4). Every rank is
// therefore contiguous, and only the rearmost may be short. Command models and
// characters never leave the front rank; in t9a, whose rules let musicians and
// standard bearers stand anywhere, the front rank is the placement this
// package supports (RULES.md 19.1).
//
// # Batches and phases
//
// A batch (RULES.md 3) is StartBatch, one Apply per packet, EndBatch. The
// caller orders packets as C22 says: untargeted instant kills, multi-wound
// packets in dice order, then single wounds. Batch end counters, the models
// struck by multi-wound packets and the excess waiting for a champion live only
// inside a batch. StartPhase records the size for panic (RULES.md 12, 19.3).
//
// # The key
//
// Exact odds enumerate dice and merge paths that reach the same state. Key
// returns that state as a compact string: the grid as (model kind, damage,
// struck) per slot, carried per pool, the differences of the end counters (only
// their comparison matters), the phase counters, flags and the batch state.
// Identical R&F models share a kind, so states that differ only in which of two
// identical soldiers died have the same key. Keys compare states of one unit,
// that is clones and descendants of one New.
//
// # Speed
//
// Clone copies three small slices, and CopyFrom copies them into a unit's
// own memory; Apply allocates only its Change, and ApplyInto reuses one.
// SetQuiet drops the notes for callers (exact odds, Monte Carlo) that never
// show them.
//
// A Unit is a value: Clone it, change the clone. It is not safe for concurrent
// use. Nothing here panics on user input; the only panics are documented
// programmer errors.
package unit

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rearrank/rearrank/rules"
)

// ErrNoTarget reports a target the unit cannot supply: it has no living model
// there, or never had one (no champion, no character of that name).
var ErrNoTarget = errors.New("no such target")

// Role is a model's place in its unit. The zero Role is "none".
type Role int8

const (
	NoRole Role = iota
	RankAndFile
	Musician
	StandardBearer
	Champion
	Character
)

func (r Role) valid() bool { return r > NoRole && r <= Character }

// String returns the scenario name of the role: "rank_and_file", "musician",
// "standard", "champion", "character", or "none".
func (r Role) String() string {
	switch r {
	case RankAndFile:
		return "rank_and_file"
	case Musician:
		return "musician"
	case StandardBearer:
		return "standard"
	case Champion:
		return "champion"
	case Character:
		return "character"
	}
	return "none"
}

// Words names the role for players: "rank and file", "musician",
// "standard bearer", "champion", "character".
func (r Role) Words() string {
	switch r {
	case RankAndFile:
		return "rank and file"
	case StandardBearer:
		return "standard bearer"
	}
	return r.String()
}

// Letter returns the letter Draw uses: R, M, S, C or H (H for a character,
// a hero); '?' for NoRole.
func (r Role) Letter() byte {
	switch r {
	case RankAndFile:
		return 'R'
	case Musician:
		return 'M'
	case StandardBearer:
		return 'S'
	case Champion:
		return 'C'
	case Character:
		return 'H'
	}
	return '?'
}

// ParseRole reads a role name as String writes it; "standard_bearer" is
// accepted for the standard bearer.
func ParseRole(s string) (Role, error) {
	if s == "standard_bearer" {
		return StandardBearer, nil
	}
	for r := RankAndFile; r <= Character; r++ {
		if r.String() == s {
			return r, nil
		}
	}
	return NoRole, fmt.Errorf("role %q: want rank_and_file, musician, standard, champion or character", s)
}

// Slot is a place in the formation. Rank 0 is the front rank; File 0 is the
// left end as the unit itself faces (RULES.md 17.2).
type Slot struct {
	Rank int `json:"rank"`
	File int `json:"file"`
}

func (s Slot) String() string { return fmt.Sprintf("rank %d file %d", s.Rank, s.File) }

// Profile is what the referee rolls against. WS also serves as the t9a
// Defensive Skill.
type Profile struct {
	TroopType rules.TroopType
	W, T, WS  int
	Save      rules.SaveProfile
	Specials  rules.SpecialSaves
	Fly       bool
}

// maxW bounds W so that damage fits a byte in the key.
const maxW = 100

func (p Profile) check(field string) error {
	switch {
	case p.W < 1 || p.W > maxW:
		return fmt.Errorf("%s.w %d: want 1 to %d", field, p.W, maxW)
	case p.T < 0 || p.T > 20:
		return fmt.Errorf("%s.t %d: want 0 to 20", field, p.T)
	case p.WS < 0 || p.WS > 20:
		return fmt.Errorf("%s.ws %d: want 0 to 20", field, p.WS)
	case p.TroopType < 0 || int(p.TroopType) >= len(rules.TroopTypeNames()):
		return fmt.Errorf("%s.troop_type %d: want one of %s", field, p.TroopType, strings.Join(rules.TroopTypeNames(), ", "))
	}
	return nil
}

// Status is a skirmish fighter's state (RULES.md 13). The zero Status is
// Standing.
type Status int8

const (
	Standing Status = iota
	KnockedDown
	Stunned
	OutOfAction
)

func (s Status) String() string {
	switch s {
	case Standing:
		return "standing"
	case KnockedDown:
		return "knocked_down"
	case Stunned:
		return "stunned"
	case OutOfAction:
		return "out_of_action"
	}
	return fmt.Sprintf("invalid(%d)", int8(s))
}

// SkirmishState is the part of a skirmish fighter that injuries change.
type SkirmishState struct {
	Status      Status
	Disarmed    bool
	CannotFight bool
}

// Model is one model as the caller sees it: a copy, except the skirmish
// fighter returned by Unit.Fighter.
type Model struct {
	Role Role
	Name string
	Profile
	Damage   int // wounds lost; in pooled R&F pools Receiver adds the carried wounds
	Skirmish SkirmishState
}

// Remaining returns W - Damage.
func (m Model) Remaining() int { return m.W - m.Damage }

// Cell is one slot of the formation; Model is nil for an empty slot.
type Cell struct {
	Model *Model
	Slot  Slot
	// ID names the model for the unit's whole life, whatever slot it
	// moves to, so two formations of one unit can be compared model by
	// model (who fell, who slid). It is -1 for an empty slot.
	ID int
	// Letter is drawn for the model: its role's letter, or for rank and
	// file of a unit's second troop type or profile one of its own.
	Letter byte
	// Carried is the wounds the model's pool carries (11.1) when this is
	// the model that will be removed next from a pooled pool: the carried
	// wounds are conceptually on it. Otherwise 0.
	Carried int
}

// Target names what a packet is aimed at (RULES.md 10): an R&F pool (Role
// RankAndFile, keyed by TroopType where the ruleset has several pools), the
// champion, a character by Name, or the musician or standard bearer (their
// wounds go to their pool; an instant kill aimed at them follows C12).
type Target struct {
	Role      Role
	TroopType rules.TroopType // RankAndFile only; ignored when the unit has a single R&F pool (always in battleaxe and whfb8)
	Name      string          // Character only
}

// String writes the target as a scenario does: "rank_and_file",
// "rank_and_file:cavalry", "champion", "musician", "standard",
// "character:Name".
func (t Target) String() string {
	switch t.Role {
	case RankAndFile:
		if t.TroopType != rules.Infantry {
			return "rank_and_file:" + t.TroopType.String()
		}
		return "rank_and_file"
	case Character:
		return "character:" + t.Name
	}
	return t.Role.String()
}

// words names the target for players: "the rank and file", "the
// monstrous infantry rank and file", "the standard bearer", a character's
// name.
func (t Target) words() string {
	switch t.Role {
	case RankAndFile:
		if t.TroopType != rules.Infantry {
			return "the " + strings.ReplaceAll(t.TroopType.String(), "_", " ") + " rank and file"
		}
		return "the rank and file"
	case Character:
		return t.Name
	}
	return "the " + t.Role.Words()
}

// ParseTarget reads a target as Target.String writes it.
func ParseTarget(s string) (Target, error) {
	head, tail, colon := strings.Cut(s, ":")
	r, err := ParseRole(head)
	if err != nil {
		return Target{}, fmt.Errorf("target %q: want rank_and_file[:troop_type], musician, standard, champion or character:<name>", s)
	}
	switch {
	case r == RankAndFile && colon:
		tt, err := rules.ParseTroopType(tail)
		if err != nil {
			return Target{}, fmt.Errorf("target %q: %w", s, err)
		}
		return Target{Role: r, TroopType: tt}, nil
	case r == Character:
		if tail == "" {
			return Target{}, fmt.Errorf("target %q: want character:<name>", s)
		}
		return Target{Role: r, Name: tail}, nil
	case colon:
		return Target{}, fmt.Errorf("target %q: only rank_and_file and character take a suffix", s)
	}
	return Target{Role: r}, nil
}
