// Package unit declares what a target unit is made of: the Spec a player
// writes (profile, models, frontage, command group, characters, groups of
// other troop types, carried damage), the roles and targets an attack aims
// at (Role, Target), and the plain values a unit as it stands is read as
// (Model, Cell, Snapshot, PoolCarry). The rules that decide which model a
// wound lands on and which is removed (RULES.md 10, 11, 12, 17 and 19) run
// on a unit built from a Spec by rearrank.NewUnit; they live in
// internal/alloc, behind that handle's few methods.
//
// Every type here is plain data a caller builds and copies; nothing
// here changes a unit. A Spec is checked in full when a unit is built, and
// every error names the field and what was wanted.
package unit

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
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

// Msg is the role in words in the reader's language, as ruleset rs names
// it: "rank and file", "рядовые модели"; the champion is The 9th Age's
// командир in Russian (docs/glossary.md). In English it is Words.
func (r Role) Msg(rs rules.Ruleset) msg.Message {
	id := msg.ID("term.unit.role." + r.String())
	if !msg.Has(id) {
		return msg.New("unit.raw", r.Words())
	}
	return msg.New(msg.Variant(id, rs.String()))
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
	return NoRole, msg.Errorf(nil, "unit.role.unknown", strconv.Quote(s))
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

// Words names the target for players: "the rank and file", "the
// monstrous infantry rank and file", "the standard bearer", a character's
// name.
func (t Target) Words() string {
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
		return Target{}, msg.Errorf(nil, "unit.target.unknown", strconv.Quote(s))
	}
	switch {
	case r == RankAndFile && colon:
		tt, err := rules.ParseTroopType(tail)
		if err != nil {
			return Target{}, msg.Errorf(err, "unit.target.troop_type", strconv.Quote(s), errArg(err))
		}
		return Target{Role: r, TroopType: tt}, nil
	case r == Character:
		if tail == "" {
			return Target{}, msg.Errorf(nil, "unit.target.no_name", strconv.Quote(s))
		}
		return Target{Role: r, Name: tail}, nil
	case colon:
		return Target{}, msg.Errorf(nil, "unit.target.suffix", strconv.Quote(s))
	}
	return Target{Role: r}, nil
}

// errArg is err as an argument of a message: itself when it can be said
// in a language, else its English text.
func errArg(err error) any {
	if t, ok := err.(msg.Texter); ok {
		return t
	}
	return err.Error()
}
