package battle

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/rearrank/rearrank/msg"
)

// The sentinels a battle's errors wrap, for errors.Is; what a player reads
// is the *msg.Error around them.
var (
	// ErrInvalid: an event that does not fit the battle as it stands
	// (attack a destroyed unit, dice that do not match what the attack
	// needs, a correction removing more models than there are).
	ErrInvalid = errors.New("battle: event does not fit the battle")
	// ErrUnknownUnit: no unit of that name in the battle.
	ErrUnknownUnit = errors.New("battle: no such unit")
	// ErrHistory: an undo reaches back before the snapshot the state was
	// opened from; replay the whole log instead (Open does).
	ErrHistory = errors.New("battle: undo reaches before the snapshot")
	// ErrExport: an export file that cannot be read.
	ErrExport = errors.New("battle: bad export file")
	// ErrSnapshot: snapshot bytes that do not decode (a cache: replay the
	// log instead).
	ErrSnapshot = errors.New("battle: bad snapshot")
)

// refuse is the error of event seq (on unit, if not empty): the message id
// with args says why.
func refuse(seq int64, unit, id string, args ...any) *msg.Error {
	return refuseAs(ErrInvalid, seq, unit, msg.New(msg.ID(id), args...))
}

// refuseAs is refuse with a sentinel and a reason already made.
func refuseAs(sentinel error, seq int64, unit string, why msg.Texter) *msg.Error {
	if seq == 0 { // no event: a question asked of the state (CombatOf)
		if unit == "" {
			return msg.Errorf(sentinel, "battle.error.why", why)
		}
		return msg.Errorf(sentinel, "battle.error.unit", unit, why)
	}
	if unit == "" {
		return msg.Errorf(sentinel, "battle.error.event", int(seq), why)
	}
	return msg.Errorf(sentinel, "battle.error.event_unit", int(seq), unit, why)
}

// because is a cause's text in the reader's language, as a message
// argument.
type because struct{ err error }

func (b because) Text(l msg.Lang) string { return msg.ErrorText(b.err, l) }

// wrapped is an error of the referee, the scenario or the combat package
// met while applying event seq, said with the event and the unit, and
// still wrapping the cause.
func wrapped(seq int64, unit string, err error) error {
	e := refuseAs(ErrInvalid, seq, unit, because{err})
	return &causeError{e: e, cause: err}
}

// causeError is an *msg.Error that also unwraps to its cause, so that
// errors.Is sees both ErrInvalid and, say, dice.ErrOutOfDice.
type causeError struct {
	e     *msg.Error
	cause error
}

func (c *causeError) Error() string          { return c.e.Error() }
func (c *causeError) Text(l msg.Lang) string { return c.e.Text(l) }
func (c *causeError) Unwrap() []error        { return []error{c.e, c.cause} }

// strictJSON decodes data into v, refusing unknown fields and trailing
// data.
func strictJSON(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		return msg.Errorf(ErrInvalid, "battle.error.trailing")
	}
	return nil
}
