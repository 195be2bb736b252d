package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rearrank/rearrank/odds"
)

// memoryBomb outgrows the exact odds by its memory long before the default
// state limit: battleaxe per-model damage (RULES.md 11.3) with Killing
// Blows that are single wounds after the packets (20.2), 90,000 states of
// 6 monsters, 1.4 kB each, with their ways out and a memo of steps. With
// no memory budget it took 84 s and 928 MB.
const memoryBomb = `ruleset: battleaxe
attacks:
  - {name: Executioners, count: 40, to_hit: 4+, strength: 4, killing_blow: true, multiple_wounds: D3}
target: {name: Giants, troop_type: monster, models: 6, frontage: 3, toughness: 4, wounds: 6, armour: heavy, ward: 5+}
`

// TestOddsMemoryBound: rearrank odds with its defaults keeps one exact
// computation under 256 MB of heap, as the server's state limit does
// (web's TestMemoryBound): past its memory budget it stops with the
// budget's error and its advice, and --fallback answers with Monte Carlo.
func TestOddsMemoryBound(t *testing.T) {
	if testing.Short() {
		t.Skip("grows the heap to the budget")
	}
	path := filepath.Join(t.TempDir(), "bomb.yaml")
	if err := os.WriteFile(path, []byte(memoryBomb), 0o644); err != nil {
		t.Fatal(err)
	}
	oddsRun := func(args ...string) (string, error) {
		var out, errb bytes.Buffer
		err := run(context.Background(), append([]string{"odds"}, args...),
			env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }})
		return out.String(), err
	}
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	})
	_, err := oddsRun(path)
	close(stop)
	wg.Wait()
	if !errors.Is(err, odds.ErrMemoryLimit) || !strings.Contains(err.Error(), "--fallback") {
		t.Errorf("err = %v, want the memory budget's error with its advice", err)
	}
	grew := peak - min(peak, base.HeapInuse)
	if grew > 256<<20 {
		t.Errorf("heap grew %d MB, want under 256", grew>>20)
	}
	t.Logf("heap grew %d MB: %v", grew>>20, err)

	out, err := oddsRun("--fallback", "--samples", "2000", path)
	if err != nil || !strings.Contains(out, "simulated") {
		t.Errorf("--fallback: %v\n%s", err, out)
	}
}
