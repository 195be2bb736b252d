package scenario

import (
	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/alloc"
)

// au is a unit as the engine holds it: tests reach the allocation
// machine's state (keys, carried wounds, damage drawings) that the public
// type does not promise.
func au(u *rearrank.Unit) *alloc.Unit { return (*alloc.Unit)(u) }
