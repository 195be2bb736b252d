package battle

import (
	"encoding/json"
	"time"
)

// The kinds of event a battle's log holds: Record.Kind. They are a
// contract of the store and of the export file: kinds are added, never
// renamed.
const (
	KindUnitAdded   = "unit_added"
	KindAttack      = "attack"
	KindCombat      = "combat"
	KindCorrection  = "correction"
	KindAdvance     = "advance"
	KindUnitRemoved = "unit_removed"
	KindUndo        = "undo"
	KindRedo        = "redo"
)

// Event is the payload of a record: one of the types below, each of
// which names its Kind.
type Event interface {
	Kind() string
}

// Added brings a unit into the battle: a scenario file's target (or an
// imported list's unit, which is a target too) with the ruleset and the
// switches it is built under (docs/scenario.md). Target is the target's
// JSON as a scenario file writes it.
type Added struct {
	Unit    string            `json:"unit"` // the battle's name for it, unique among its units
	Ruleset string            `json:"ruleset"`
	Options map[string]string `json:"options,omitempty"`
	Target  json.RawMessage   `json:"target"`
}

// Attacked is attack groups resolved against a unit: the groups as a
// scenario file writes its attacks, every die face the referee used in
// order, the owner's answers if anybody was asked, and what it did (kept
// for the log, and checked when the log is replayed).
type Attacked struct {
	Unit    string          `json:"unit"`
	Attacks json.RawMessage `json:"attacks"`
	Faces   []int           `json:"faces"`
	Choices *Choices        `json:"choices,omitempty"`
	Result  AttackResult    `json:"result"`
}

// AttackResult is what an attack did to its unit.
type AttackResult struct {
	Casualties int  `json:"casualties"`
	Wounds     int  `json:"wounds"`
	Unsaved    int  `json:"unsaved"`
	Wasted     int  `json:"wasted,omitempty"`
	Panic      bool `json:"panic,omitempty"`
	Destroyed  bool `json:"destroyed,omitempty"`
}

// Fought is one round of close combat between two of the battle's units
// (RULES.md 21). Combat holds a combat file's parts without its units
// (docs/combat.md): "options", "combat" and "sides" whose "a" and "b" give
// leadership, special, reroll_break, bonus and fights; side a is unit A.
// The units are the battle's, as they stand.
type Fought struct {
	A      string          `json:"a"`
	B      string          `json:"b"`
	Combat json.RawMessage `json:"combat"`
	Faces  []int           `json:"faces"`
	Result CombatResult    `json:"result"`
}

// CombatResult is what a round did: per side, a then b.
type CombatResult struct {
	Casualties [2]int `json:"casualties"`
	Wounds     [2]int `json:"wounds"`
	Score      [2]int `json:"score"`
	// Winner is "a", "b" or "" for a draw.
	Winner string `json:"winner,omitempty"`
	// Broke is the side that failed its break test, "" when none did.
	Broke     string  `json:"broke,omitempty"`
	Destroyed [2]bool `json:"destroyed"`
}

// The corrections a referee makes by hand (Corrected.Action).
const (
	// ActionRemove removes Count models the Aim names, in the unit's own
	// order of removal (RULES.md 11.2), as an instant kill does.
	ActionRemove = "remove"
	// ActionWound puts Count wounds on the Aim, one at a time, as unsaved
	// single wounds do (RULES.md 11.1).
	ActionWound = "wound"
	// ActionSet replaces the unit with Target, the unit as it now stands
	// written as a scenario target (its models, damage, characters):
	// where it was set wrong, or where the game did what rearrank does not
	// model.
	ActionSet = "set"
)

// Corrected is a referee's change to a unit by hand.
type Corrected struct {
	Unit   string `json:"unit"`
	Action string `json:"action"`
	// Aim is what ActionRemove and ActionWound strike, as an attack's
	// target is written ("rank_and_file", "champion", "character:Name",
	// "musician", "standard"); empty is the rank and file.
	Aim    string          `json:"aim,omitempty"`
	Count  int             `json:"count,omitempty"`
	Target json.RawMessage `json:"target,omitempty"`
}

// Advanced moves the game to a turn and phase after the current one.
type Advanced struct {
	Turn  int   `json:"turn"`
	Phase Phase `json:"phase"`
}

// Removed takes a unit out of the battle (it fled the table, or was
// added by mistake).
type Removed struct {
	Unit string `json:"unit"`
}

// Undone cancels the latest event that is in force: Seq is that event's.
type Undone struct {
	Seq int64 `json:"seq"`
}

// Redone puts back the latest undone event, with its own dice: Seq is that
// event's.
type Redone struct {
	Seq int64 `json:"seq"`
}

func (Added) Kind() string     { return KindUnitAdded }
func (Attacked) Kind() string  { return KindAttack }
func (Fought) Kind() string    { return KindCombat }
func (Corrected) Kind() string { return KindCorrection }
func (Advanced) Kind() string  { return KindAdvance }
func (Removed) Kind() string   { return KindUnitRemoved }
func (Undone) Kind() string    { return KindUndo }
func (Redone) Kind() string    { return KindRedo }

// NewRecord encodes e as the record that follows the state's last one,
// stamped at. The store assigns Seq again when it appends (the battle's
// version + 1); it is set here so that the state can be checked against it.
func NewRecord(seq int64, e Event, at time.Time) Record {
	data, err := json.Marshal(e)
	if err != nil {
		panic("battle: an event always marshals: " + err.Error())
	}
	return Record{Seq: seq, Kind: e.Kind(), Data: data, At: at.UTC()}
}

// Decode returns the event r holds, a pointer to one of the event types
// (*Added, *Attacked...). An unknown kind, or data that is not
// that kind's, is an error naming the record.
func Decode(r Record) (Event, error) {
	var e Event
	switch r.Kind {
	case KindUnitAdded:
		e = &Added{}
	case KindAttack:
		e = &Attacked{}
	case KindCombat:
		e = &Fought{}
	case KindCorrection:
		e = &Corrected{}
	case KindAdvance:
		e = &Advanced{}
	case KindUnitRemoved:
		e = &Removed{}
	case KindUndo:
		e = &Undone{}
	case KindRedo:
		e = &Redone{}
	default:
		return nil, refuse(r.Seq, "", "battle.error.kind", r.Kind, kindList)
	}
	if err := strictJSON(r.Data, e); err != nil {
		return nil, refuse(r.Seq, "", "battle.error.data", r.Kind, reason(err))
	}
	return e, nil
}

const kindList = "unit_added, attack, combat, correction, advance, unit_removed, undo, redo"
