package battle

import (
	"encoding/json"
	"time"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/unit"
)

// now stamps the records the operations make.
func now() time.Time { return time.Now().UTC() }

// next checks that e fits s as its next event and returns its record.
func next(s State, e Event) (Record, error) {
	r := NewRecord(s.Seq+1, e, now())
	if _, err := Apply(s, r); err != nil {
		return Record{}, err
	}
	return r, nil
}

// Add returns the record that adds a unit named name: the target of f, a
// scenario file (its ruleset, switches and target; its attack groups are
// not part of it), or an imported list's unit put in a File. The unit is
// built and checked as the scenario package builds a target.
func Add(s State, name string, f *scenario.File) (Record, error) {
	// The unit goes by its name in the battle wherever it is named, the
	// referee's and a combat round's words included, not by the name its
	// file gave it ("Knights", not "Knights of the Realm").
	named := *f
	named.Target.Name = name
	b, err := named.MarshalJSON()
	if err != nil {
		return Record{}, wrapped(s.Seq+1, name, err)
	}
	var parts struct {
		Target json.RawMessage `json:"target"`
	}
	if err := json.Unmarshal(b, &parts); err != nil {
		return Record{}, wrapped(s.Seq+1, name, err)
	}
	return next(s, &Added{Unit: name, Ruleset: f.Ruleset.String(), Options: f.Options, Target: parts.Target})
}

// Correct returns the record of a correction by hand (Corrected: remove
// models, put wounds on a model, set the unit as it stands).
func Correct(s State, c Corrected) (Record, error) { return next(s, &c) }

// Advance returns the record that moves the game to the next phase: from
// deployment to the first turn's movement, from close combat to the next
// turn's movement.
func Advance(s State) (Record, error) {
	p, turn := s.Phase.next()
	t := s.Turn
	if turn {
		t++
	}
	return next(s, &Advanced{Turn: t, Phase: p})
}

// AdvanceTo returns the record that moves the game to a turn and phase
// after the current one.
func AdvanceTo(s State, turn int, p Phase) (Record, error) {
	return next(s, &Advanced{Turn: turn, Phase: p})
}

// Remove returns the record that takes unit name out of the battle.
func Remove(s State, name string) (Record, error) { return next(s, &Removed{Unit: name}) }

// Undo returns the record that cancels the latest event in force: the
// latest event that is neither an undo nor undone, whatever its kind.
// Undo is a stack, so nothing after that event is in force, and a unit's
// addition is undone only once everything after it is (or never
// happened). With nothing to undo the error wraps ErrInvalid; in a state
// opened from a snapshot, an undo that reaches before it wraps
// ErrHistory: replay the whole log (Open) and undo again.
func Undo(s State) (Record, error) {
	var seq int64
	if s.last != nil {
		seq = s.last.Seq
	}
	return next(s, &Undone{Seq: seq})
}

// Redo returns the record that puts back the latest undone event with its
// own dice and choices. It is possible only while no other event has come
// after the undo (an undo or a redo may have).
func Redo(s State) (Record, error) {
	return next(s, &Redone{Seq: s.CanRedo()})
}

// correct applies a Corrected event.
func (s State) correct(seq int64, e *Corrected, c *cache) (State, error) {
	u, err := s.Unit(e.Unit)
	if err != nil {
		return s, refuseAs(ErrUnknownUnit, seq, e.Unit, because{err})
	}
	v := *u
	switch e.Action {
	case ActionSet:
		f, err := scenarioFile(e.Unit, u.Ruleset, u.Options, e.Target, nil)
		if err != nil {
			return s, wrapped(seq, e.Unit, err)
		}
		built, _, err := f.Build()
		if err != nil {
			return s, wrapped(seq, e.Unit, err)
		}
		target := e.Target
		if t, ok := keepStarting(e.Target, built, u.Starting); ok {
			if f, err = scenarioFile(e.Unit, u.Ruleset, u.Options, t, nil); err == nil {
				built, _, err = f.Build()
			}
			if err != nil {
				return s, wrapped(seq, e.Unit, err)
			}
			target = t
		}
		v.Unit, v.Target = built, target
	case ActionRemove, ActionWound:
		if u.Destroyed() {
			return s, refuse(seq, e.Unit, "battle.error.destroyed")
		}
		if e.Count < 1 || e.Count > maxCorrection {
			return s, refuse(seq, e.Unit, "battle.error.count", e.Count, maxCorrection)
		}
		if !rules.For(u.Unit.Ruleset()).Block {
			return s, refuse(seq, e.Unit, "battle.error.skirmish_correction", e.Action)
		}
		t, err := s.aim(seq, u, e.Aim, c)
		if err != nil {
			return s, err
		}
		after, n, err := hurt(u.Unit, t, e.Action == ActionRemove, e.Count)
		switch {
		case err != nil:
			return s, wrapped(seq, e.Unit, err)
		case after == nil && e.Action == ActionWound:
			return s, refuse(seq, e.Unit, "battle.error.wound_none", aimText(e.Aim))
		case after == nil:
			return s, refuse(seq, e.Unit, "battle.error.remove_more", e.Count, aimText(e.Aim), n)
		}
		v.Unit = after
	default:
		return s, refuse(seq, e.Unit, "battle.error.action", e.Action)
	}
	n := s.with()
	n.put(&v)
	return n, nil
}

// aimText is a correction's aim as a scenario writes it.
func aimText(a string) string {
	if a == "" {
		return "rank_and_file"
	}
	return a
}

// keepStarting returns target with the unit's size at deployment as its
// starting_models, where the ruleset reads it (tow's panic, RULES.md
// 22.9) and the target set by a correction does not give it: the unit
// set as it now stands is still the unit that deployed at that size.
func keepStarting(target json.RawMessage, built *rearrank.Unit, starting int) (json.RawMessage, bool) {
	if built.Snapshot().StartingModels == nil || starting < built.Size() {
		return nil, false
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(target, &fields) != nil {
		return nil, false
	}
	if _, given := fields["starting_models"]; given {
		return nil, false
	}
	fields["starting_models"], _ = json.Marshal(starting)
	t, err := json.Marshal(fields)
	return t, err == nil
}

// maxCorrection bounds the models or wounds one correction takes.
const maxCorrection = 1000

// aim is what a correction strikes, read as an attack's target is.
func (s State) aim(seq int64, u *Unit, text string, c *cache) (unit.Target, error) {
	if text == "" {
		text = "rank_and_file"
	}
	a, err := scenario.ParseAim(text)
	if err != nil {
		return unit.Target{}, wrapped(seq, u.Name, err)
	}
	_, f, err := c.build(u, nil)
	if err != nil {
		return unit.Target{}, wrapped(seq, u.Name, err)
	}
	switch a.Role {
	case scenario.AimChampion:
		return unit.Target{Role: unit.Champion}, nil
	case scenario.AimCharacter:
		return unit.Target{Role: unit.Character, Name: a.Character}, nil
	case scenario.AimMusician:
		return unit.Target{Role: unit.Musician}, nil
	case scenario.AimStandard:
		return unit.Target{Role: unit.StandardBearer}, nil
	}
	t := unit.Target{Role: unit.RankAndFile, TroopType: f.Target.TroopType}
	if a.Pool != nil {
		t.TroopType = *a.Pool
	}
	return t, nil
}

// hurt returns a copy of h with count models of t removed (kill) or count
// single wounds put on t, one packet at a time in one batch, by the
// unit's own rules of allocation and removal (RULES.md 10, 11). Where
// fewer models are there to remove, or none to wound, the unit is nil and
// n says how many models were removed before they ran out.
func hurt(h *rearrank.Unit, t unit.Target, kill bool, count int) (after *rearrank.Unit, n int, err error) {
	u := (*alloc.Unit)(h).Clone()
	u.StartBatch(nil)
	removed := 0
	for range count {
		ch, err := u.Apply(alloc.Packet{Target: t, Wounds: 1, InstantKill: kill})
		if err != nil {
			return nil, 0, err
		}
		if (kill && len(ch.Removed) == 0) || (!kill && ch.Effective == 0) {
			return nil, removed, nil
		}
		removed += len(ch.Removed)
	}
	if _, err := u.EndBatch(); err != nil {
		return nil, 0, err
	}
	return (*rearrank.Unit)(u), removed, nil
}
