package alloc

import (
	"testing"

	"github.com/rearrank/rearrank/internal/proptest"
)

// TestMain runs the properties on a quick count unless the full one is
// asked for (internal/proptest).
func TestMain(m *testing.M) { proptest.Main(m) }
