package battle

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/scenario"
)

// Phase is a phase of a game turn. The zero Phase is deployment, before
// the first turn.
type Phase int8

const (
	Deployment Phase = iota
	Movement
	Magic
	Shooting
	CloseCombat
	phaseCount
)

var phaseNames = [phaseCount]string{"deployment", "movement", "magic", "shooting", "combat"}

// String returns the phase as the log's JSON writes it: "deployment",
// "movement", "magic", "shooting", "combat".
func (p Phase) String() string {
	if p < 0 || p >= phaseCount {
		return "phase(" + strconv.Itoa(int(p)) + ")"
	}
	return phaseNames[p]
}

// ParsePhase reads a phase's String.
func ParsePhase(s string) (Phase, error) {
	for i, n := range phaseNames {
		if n == s {
			return Phase(i), nil
		}
	}
	return 0, msg.Errorf(ErrInvalid, "battle.error.phase", s, phaseList)
}

const phaseList = "deployment, movement, magic, shooting, combat"

// Msg names the phase in a player's words: the game's terms where the
// catalogue has them (term.rules.phase.*).
func (p Phase) Msg() msg.Message {
	switch p {
	case Magic:
		return msg.New("term.rules.phase.magic")
	case Shooting:
		return msg.New("term.rules.phase.shooting")
	case CloseCombat:
		return msg.New("term.rules.phase.melee")
	case Movement:
		return msg.New("battle.phase.movement")
	}
	return msg.New("battle.phase.deployment")
}

// MarshalText writes the phase's String.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a phase's String.
func (p *Phase) UnmarshalText(b []byte) error {
	v, err := ParsePhase(string(b))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// next returns the phase after p, and whether it starts a new turn.
func (p Phase) next() (Phase, bool) {
	if p == CloseCombat || p == Deployment {
		return Movement, true
	}
	return p + 1, false
}

// Unit is one of the battle's units as it stands.
type Unit struct {
	// Name is the battle's name for it.
	Name string
	// Ruleset and Options are what the unit is built and attacked under;
	// Target is its scenario target as added (or as a correction last set
	// it), the JSON a scenario file writes.
	Ruleset string
	Options map[string]string
	Target  json.RawMessage
	// Unit is the unit as it stands: its models, formation and carried
	// damage. It is shared between states: Clone it before changing it.
	Unit *rearrank.Unit
	// Starting is its size when it was added, characters included, or
	// its target's starting_models where the ruleset reads it: the size
	// panic and break tests read against (RULES.md 12, 22.9).
	Starting int
}

// Destroyed reports whether no model of the unit is left.
func (u *Unit) Destroyed() bool { return u.Unit.Destroyed() }

// State is a battle as it stands after its log: its units, the turn and
// phase, and what undo and redo need. A State is a value: Apply returns a
// new one and never changes its input, so a state may be kept, shared and
// compared (the units are shared between states and never changed).
type State struct {
	// Seq is the last record applied, the battle's version.
	Seq   int64
	Turn  int
	Phase Phase

	// units are the units in the order they were added, and index the
	// position of each by name. A new state copies units (pointers) and
	// shares index unless a unit comes or goes: a log of many events on
	// many units holds little more than its units.
	units []*Unit
	index map[string]int

	// last is the record that made this state from prev: the latest event
	// in force, which an undo cancels. prev is nil at the start and in a
	// state opened from a snapshot (whose last is then still known).
	last *Record
	prev *State
	// undone are the undone records, latest last, that redo puts back;
	// any other event clears them.
	undone []Record
}

// Units returns the battle's units in the order they were added.
func (s State) Units() []*Unit { return slices.Clone(s.units) }

// Unit returns the unit named name, or an error wrapping ErrUnknownUnit.
func (s State) Unit(name string) (*Unit, error) {
	i, ok := s.index[name]
	if !ok {
		return nil, msg.Errorf(ErrUnknownUnit, "battle.error.unknown_unit", name, s.names())
	}
	return s.units[i], nil
}

func (s State) names() string {
	if len(s.units) == 0 {
		return "-"
	}
	var b strings.Builder
	for i, u := range s.units {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(u.Name)
	}
	return b.String()
}

// CanUndo reports the seq of the event an undo would cancel, 0 when none.
func (s State) CanUndo() int64 {
	if s.last == nil {
		return 0
	}
	return s.last.Seq
}

// CanRedo reports the seq of the event a redo would put back, 0 when none.
func (s State) CanRedo() int64 {
	if len(s.undone) == 0 {
		return 0
	}
	return s.undone[len(s.undone)-1].Seq
}

// with returns a copy of s whose units may be changed by put and drop.
func (s State) with() State {
	s.units = slices.Clone(s.units)
	return s
}

// put sets unit u in s (a state from with): in its place, or after the
// others when it is new.
func (s *State) put(u *Unit) {
	if i, ok := s.index[u.Name]; ok {
		s.units[i] = u
		return
	}
	s.index = maps.Clone(s.index)
	if s.index == nil {
		s.index = map[string]int{}
	}
	s.index[u.Name] = len(s.units)
	s.units = append(s.units, u)
}

// drop removes unit name from s (a state from with).
func (s *State) drop(name string) {
	s.units = slices.DeleteFunc(s.units, func(u *Unit) bool { return u.Name == name })
	s.index = make(map[string]int, len(s.units))
	for i, u := range s.units {
		s.index[u.Name] = i
	}
}

// Apply returns the state after record r: s itself is not changed. r must
// be the next record (Seq one more than s.Seq). An event that does not fit
// the state (an unknown or destroyed unit, dice that are not what the
// attack needs, a correction removing more models than there are, a
// result that differs from what its dice give) is refused with a
// *msg.Error naming the record's seq and the unit, wrapping ErrInvalid
// or ErrUnknownUnit.
func Apply(s State, r Record) (State, error) {
	return apply(s, r, nil)
}

// apply is Apply with a cache of built attack groups for one replay.
func apply(s State, r Record, c *cache) (State, error) {
	if r.Seq != s.Seq+1 {
		return s, refuse(r.Seq, "", "battle.error.seq", int(r.Seq), int(s.Seq+1))
	}
	e, err := Decode(r)
	if err != nil {
		return s, err
	}
	switch e := e.(type) {
	case *Undone:
		return s.undo(r, e)
	case *Redone:
		return s.redo(r, e, c)
	}
	n, err := s.event(r, e, c)
	if err != nil {
		return s, err
	}
	n.Seq = r.Seq
	last := r
	n.last, n.prev, n.undone = &last, &s, nil
	return n, nil
}

// event applies one event that is not an undo or a redo.
func (s State) event(r Record, e Event, c *cache) (State, error) {
	switch e := e.(type) {
	case *Added:
		return s.addUnit(r.Seq, e)
	case *Attacked:
		return s.attack(r.Seq, e, c)
	case *Fought:
		return s.combat(r.Seq, e, c)
	case *Corrected:
		return s.correct(r.Seq, e, c)
	case *Advanced:
		if e.Phase < 0 || e.Phase >= phaseCount || e.Turn < 0 {
			return s, refuse(r.Seq, "", "battle.error.advance_bad", e.Turn, e.Phase.String())
		}
		if e.Turn < s.Turn || (e.Turn == s.Turn && e.Phase <= s.Phase) || (e.Turn > 0) == (e.Phase == Deployment) {
			return s, refuse(r.Seq, "", "battle.error.advance_back", e.Turn, e.Phase.Msg(), s.Turn, s.Phase.Msg())
		}
		n := s
		n.Turn, n.Phase = e.Turn, e.Phase
		return n, nil
	case *Removed:
		if _, err := s.Unit(e.Unit); err != nil {
			return s, refuseAs(ErrUnknownUnit, r.Seq, e.Unit, because{err})
		}
		n := s.with()
		n.drop(e.Unit)
		return n, nil
	}
	return s, refuse(r.Seq, "", "battle.error.kind", r.Kind, kindList)
}

// undo cancels the latest event in force.
func (s State) undo(r Record, e *Undone) (State, error) {
	switch {
	case s.last == nil:
		return s, refuse(r.Seq, "", "battle.error.nothing_to_undo")
	case e.Seq != s.last.Seq:
		return s, refuse(r.Seq, "", "battle.error.undo_seq", int(e.Seq), int(s.last.Seq))
	case s.prev == nil:
		return s, refuseAs(ErrHistory, r.Seq, "", msg.New("battle.error.history", int(e.Seq)))
	}
	n := *s.prev
	n.Seq = r.Seq
	n.undone = append(slices.Clip(s.undone), *s.last)
	return n, nil
}

// redo puts back the latest undone event with its own dice.
func (s State) redo(r Record, e *Redone, c *cache) (State, error) {
	if len(s.undone) == 0 {
		return s, refuse(r.Seq, "", "battle.error.nothing_to_redo")
	}
	top := s.undone[len(s.undone)-1]
	if e.Seq != top.Seq {
		return s, refuse(r.Seq, "", "battle.error.redo_seq", int(e.Seq), int(top.Seq))
	}
	ev, err := Decode(top)
	if err != nil {
		return s, err
	}
	n, err := s.event(top, ev, c)
	if err != nil {
		return s, err
	}
	n.Seq = r.Seq
	n.last, n.prev = &top, &s
	n.undone = slices.Clip(s.undone[:len(s.undone)-1])
	return n, nil
}

// Replay folds records over the empty battle: the battle's state. Every
// record is applied as Apply applies it; the first that does not fit
// stops the replay with its error.
func Replay(records []Record) (State, error) {
	return ReplayFrom(State{}, records)
}

// ReplayFrom folds records over s: a snapshot's state and the log's tail.
func ReplayFrom(s State, records []Record) (State, error) {
	c := newCache()
	for _, r := range records {
		n, err := apply(s, r, c)
		if err != nil {
			return s, err
		}
		s = n
	}
	return s, nil
}

// addUnit builds the unit of a UnitAdded.
func (s State) addUnit(seq int64, e *Added) (State, error) {
	if e.Unit == "" || len(e.Unit) > maxName {
		return s, refuse(seq, "", "battle.error.unit_name", maxName)
	}
	if _, ok := s.index[e.Unit]; ok {
		return s, refuse(seq, e.Unit, "battle.error.unit_exists")
	}
	if len(s.units) >= MaxUnits {
		return s, refuse(seq, e.Unit, "battle.error.too_many_units", MaxUnits)
	}
	f, err := scenarioFile(e.Unit, e.Ruleset, e.Options, e.Target, nil)
	if err != nil {
		return s, wrapped(seq, e.Unit, err)
	}
	u, _, err := f.Build()
	if err != nil {
		return s, wrapped(seq, e.Unit, err)
	}
	starting := u.Size()
	if sm := u.Snapshot().StartingModels; sm != nil {
		starting = *sm // the target's starting_models, where the ruleset reads it
	}
	n := s.with()
	n.put(&Unit{Name: e.Unit, Ruleset: e.Ruleset, Options: e.Options, Target: e.Target, Unit: u, Starting: starting})
	return n, nil
}

// maxName bounds a unit's name in the battle.
const maxName = 200

// MaxUnits is the most units a battle holds at once: more than both
// armies of the largest game.
const MaxUnits = 100

// standIn is the attack group a scenario file needs to be a file, where
// only its target is wanted (as combat's loader does).
var standIn = json.RawMessage(`[{"count":1,"strength":1}]`)

// scenarioFile is the scenario file of a unit and attack groups, loaded
// (with its defaults) and validated by the scenario package; its errors
// name the field.
func scenarioFile(name, ruleset string, options map[string]string, target, attacks json.RawMessage) (*scenario.File, error) {
	if attacks == nil {
		attacks = standIn
	}
	doc, err := json.Marshal(struct {
		Ruleset string            `json:"ruleset"`
		Options map[string]string `json:"options,omitempty"`
		Attacks json.RawMessage   `json:"attacks"`
		Target  json.RawMessage   `json:"target"`
	}{ruleset, options, attacks, target})
	if err != nil {
		return nil, msg.Errorf(ErrInvalid, "battle.error.json")
	}
	return scenario.Load(name, doc)
}
