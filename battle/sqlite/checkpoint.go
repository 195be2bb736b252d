package sqlite

import (
	"context"
	"time"
)

// SQLite's WAL grows with each commit until a checkpoint copies it into
// the database and syncs both. By default the commit that crosses 1,000
// pages does that, which put the fsyncs in an append: its p99 was 2.5-3.3
// ms against 0.45-0.55 ms with the checkpoints out of the way (bench/,
// GOMAXPROCS=1, the shared VM). So the writer's own checkpoints wait for
// a WAL of walSafetyPages (a store that cannot keep up), and a goroutine
// checkpoints beside the writer (PASSIVE: it never holds a writer up)
// every checkpointEvery after a write. The last connection to the file
// to close checkpoints what is left.
const (
	checkpointEvery = 500 * time.Millisecond
	walSafetyPages  = 16384 // 64 MiB of 4 KiB pages
)

// checkpoints runs until stop is closed, then closes done.
func (s *Store) checkpoints(stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		if !s.dirty.Swap(false) {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		// A checkpoint that fails leaves the WAL as it was, whole: the
		// next one, or the writer's own past walSafetyPages, does it.
		_, _ = s.r.ExecContext(ctx, sqlCheckpoint)
		cancel()
	}
}
