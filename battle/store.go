package battle

import (
	"context"
	"encoding/json"
	"errors"
	"time"
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

var (
	ErrNotFound = errors.New("no such battle")
	ErrExists   = errors.New("battle exists")
	ErrStale    = errors.New("stale version")
	ErrStorage  = errors.New("storage failed") // disk full, read-only, corrupt: wraps the driver's error
)
