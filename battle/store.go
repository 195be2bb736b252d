package battle

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/rearrank/rearrank/msg"
)

// Meta is a battle as the store keeps it: its name, and its version,
// which every append raises by one.
type Meta struct {
	ID      string    `json:"id"`      // assigned by the store, URL-safe, stable
	Name    string    `json:"name"`    // unique among battles
	Version int64     `json:"version"` // 0 when created, +1 per appended record
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
}

// Record is one event as stored: the domain's event encoded as JSON.
type Record struct {
	Seq  int64           `json:"seq"`  // 1, 2, 3... within the battle; == the battle's version after it
	Kind string          `json:"kind"` // the event's kind ("unit_added", "attack", ...)
	Data json.RawMessage `json:"data"`
	At   time.Time       `json:"at"`
}

// Store keeps battles and their logs. Every method is one transaction.
//
// The store numbers the records it appends (a Seq given to Append is
// ignored) and stamps a zero At with the time of the append; an At given
// (a log imported from an export) is kept. Kind must not be empty and
// Data must be one JSON value, or Append refuses them all (a caller's
// error, which wraps no sentinel); a snapshot must follow a record the
// battle has.
//
// A battle's version counts its records, so Rename and Delete check the
// version (ErrStale when the battle changed since the caller read it) but
// do not raise it. A context cancelled before or during a call makes it
// return the context's error, with nothing of the call written.
//
// Changes' channel receives the battle's version at the call first (so a
// listener that read the battle before it listened misses nothing), then
// each new version; a listener that falls behind receives the latest one
// only. Appends through the same Store value are told at once; those of
// another writer sharing the database, within a second.
//
// An adapter's errors wrap the sentinels below inside a *msg.Error that
// a player reads (msg.ErrorText); storetest.Run is the behaviour every
// adapter must show.
type Store interface {
	Create(ctx context.Context, name string) (Meta, error)  // ErrExists if the name is taken
	Get(ctx context.Context, idOrName string) (Meta, error) // ErrNotFound
	List(ctx context.Context) ([]Meta, error)               // by name
	Rename(ctx context.Context, id string, version int64, name string) (Meta, error)
	Delete(ctx context.Context, id string, version int64) error // ErrStale, ErrNotFound
	// Append adds records after version; their Seq are version+1...; it
	// refuses with ErrStale when the battle's version is not version.
	Append(ctx context.Context, id string, version int64, recs ...Record) (Meta, error)
	Records(ctx context.Context, id string, after int64, limit int) ([]Record, error) // Seq > after, ascending; limit <= 0: all
	// SaveSnapshot keeps the state after record seq (a cache: losing it loses nothing).
	SaveSnapshot(ctx context.Context, id string, seq int64, data []byte) error
	Snapshot(ctx context.Context, id string) (seq int64, data []byte, err error) // ErrNotFound when none
	// Changes tells of appends to a battle (by any writer sharing the store) with its new version; closed when ctx ends.
	Changes(ctx context.Context, id string) (<-chan int64, error)
	Close() error
}

// The sentinels a Store's errors wrap, for errors.Is; what a player reads
// is the *msg.Error around them (battlestore.* in the catalogue).
var (
	ErrNotFound = errors.New("no such battle")
	ErrExists   = errors.New("battle exists")
	ErrStale    = errors.New("stale version")
	ErrStorage  = errors.New("storage failed") // disk full, read-only, corrupt: wraps the driver's error
	// ErrBadName: a name that is empty, longer than MaxNameLen bytes, not
	// UTF-8, that holds a control character or that begins or ends with
	// a space (Create, Rename; CheckName).
	ErrBadName = errors.New("bad battle name")
)

// MaxNameLen is the longest name of a battle, in bytes.
const MaxNameLen = 200

// CheckName returns nil when name can name a battle, else an error
// wrapping ErrBadName that says why. Every adapter checks the names it is
// given with it, so that all refuse the same names alike.
func CheckName(name string) error {
	switch {
	case name == "":
		return msg.Errorf(ErrBadName, "battlestore.error.name_empty")
	case len(name) > MaxNameLen:
		return msg.Errorf(ErrBadName, "battlestore.error.name_long", len(name), MaxNameLen)
	case !utf8.ValidString(name):
		return msg.Errorf(ErrBadName, "battlestore.error.name_utf8")
	}
	for i, r := range name {
		if unicode.IsControl(r) {
			return msg.Errorf(ErrBadName, "battlestore.error.name_control", i+1)
		}
	}
	if strings.TrimSpace(name) != name {
		return msg.Errorf(ErrBadName, "battlestore.error.name_space", name)
	}
	return nil
}
