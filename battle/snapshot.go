package battle

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/msg"
)

// snapshotFormat is the version of EncodeSnapshot's bytes; a snapshot of
// another version is not read (the log is replayed instead).
const snapshotFormat = 1

// snapshot is a State as bytes: each unit's spec (its target as it was
// last built) with the allocation state it stands in now, which together
// rebuild the unit exactly (alloc.Unit.Save, Restore), and what undo and
// redo need of the log.
type snapshot struct {
	Format int            `json:"format"`
	Seq    int64          `json:"seq"`
	Turn   int            `json:"turn"`
	Phase  Phase          `json:"phase"`
	Units  []snapshotUnit `json:"units"`
	Last   *Record        `json:"last,omitempty"`
	Undone []Record       `json:"undone,omitempty"`
}

type snapshotUnit struct {
	Name     string            `json:"name"`
	Ruleset  string            `json:"ruleset"`
	Options  map[string]string `json:"options,omitempty"`
	Target   json.RawMessage   `json:"target"`
	Starting int               `json:"starting"`
	State    json.RawMessage   `json:"state"`
}

// EncodeSnapshot returns s as bytes for Store.SaveSnapshot. Opening the
// battle is then DecodeSnapshot and ReplayFrom the records after s.Seq.
func EncodeSnapshot(s State) []byte {
	sn := snapshot{Format: snapshotFormat, Seq: s.Seq, Turn: s.Turn, Phase: s.Phase, Last: s.last, Undone: s.undone}
	for _, u := range s.Units() {
		sn.Units = append(sn.Units, snapshotUnit{Name: u.Name, Ruleset: u.Ruleset, Options: u.Options, Target: u.Target,
			Starting: u.Starting, State: (*alloc.Unit)(u.Unit).Save()})
	}
	b, err := json.Marshal(sn)
	if err != nil {
		panic("battle: a snapshot always marshals: " + err.Error())
	}
	return b
}

// DecodeSnapshot returns the state EncodeSnapshot wrote. Its history
// before the snapshot is not there: an undo that reaches before it is
// refused with ErrHistory. Bytes that do not decode, or do not rebuild
// their units, give an error wrapping ErrSnapshot.
func DecodeSnapshot(data []byte) (State, error) {
	var sn snapshot
	if err := json.Unmarshal(data, &sn); err != nil {
		return State{}, msg.Errorf(ErrSnapshot, "battle.error.snapshot", reason(err))
	}
	if sn.Format != snapshotFormat {
		return State{}, msg.Errorf(ErrSnapshot, "battle.error.snapshot_format", sn.Format, snapshotFormat)
	}
	s := State{Seq: sn.Seq, Turn: sn.Turn, Phase: sn.Phase, last: sn.Last, undone: sn.Undone}
	for _, su := range sn.Units {
		f, err := scenarioFile(su.Name, su.Ruleset, su.Options, su.Target, nil)
		if err != nil {
			return State{}, msg.Errorf(ErrSnapshot, "battle.error.snapshot", reason(err))
		}
		built, _, err := f.Build()
		if err != nil {
			return State{}, msg.Errorf(ErrSnapshot, "battle.error.snapshot", reason(err))
		}
		u, err := (*alloc.Unit)(built).Restore(su.State)
		if err != nil {
			return State{}, msg.Errorf(ErrSnapshot, "battle.error.snapshot", reason(err))
		}
		if _, dup := s.index[su.Name]; dup {
			return State{}, msg.Errorf(ErrSnapshot, "battle.error.snapshot", su.Name)
		}
		s.put(&Unit{Name: su.Name, Ruleset: su.Ruleset, Options: su.Options, Target: su.Target, Unit: (*rearrank.Unit)(u), Starting: su.Starting})
	}
	return s, nil
}

// Open returns battle id's state from st: its latest snapshot and the
// records after it, or the whole log where there is no snapshot, it does
// not decode, or the tail undoes an event before it. The state's Seq is
// the version to append after.
func Open(ctx context.Context, st Store, id string) (State, error) {
	seq, data, err := st.Snapshot(ctx, id)
	switch {
	case errors.Is(err, ErrNotFound):
		return OpenFull(ctx, st, id)
	case err != nil:
		return State{}, err
	}
	s, err := DecodeSnapshot(data)
	if err != nil || s.Seq != seq {
		return OpenFull(ctx, st, id)
	}
	tail, err := st.Records(ctx, id, seq, 0)
	if err != nil {
		return State{}, err
	}
	n, err := ReplayFrom(s, tail)
	if errors.Is(err, ErrHistory) {
		return OpenFull(ctx, st, id)
	}
	return n, err
}

// OpenFull returns battle id's state from its whole log: with the history
// every undo needs.
func OpenFull(ctx context.Context, st Store, id string) (State, error) {
	recs, err := st.Records(ctx, id, 0, 0)
	if err != nil {
		return State{}, err
	}
	return Replay(recs)
}
