package matrix

import (
	"context"
	"errors"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rearrank/rearrank/armylist"
	"github.com/rearrank/rearrank/internal/safe"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

func TestNewRefuses(t *testing.T) {
	units := exampleUnits(t)
	many := make([]Unit, MaxUnits+1)
	for i := range many {
		many[i] = units[0]
	}
	for _, c := range []struct {
		name         string
		mine, theirs Side
		fights       []Fight
		atLeast      int
		sentinel     error
		en, ru       string
	}{
		{"empty", Side{}, Side{Units: units}, nil, 1, ErrEmpty,
			"mine: no unit: a matrix needs at least one unit on each side",
			"mine: нет ни одного подразделения: для матрицы нужно хотя бы одно подразделение с каждой стороны"},
		{"all left out", Side{Units: units}, Side{LeftOut: []LeftOut{{Name: "General"}, {Name: "Wizard"}}}, nil, 1, ErrEmpty,
			"theirs: no unit could be read (2 left out): a matrix needs at least one unit on each side",
			"theirs: не прочитано ни одно подразделение (2 не вошли): для матрицы нужно хотя бы одно подразделение с каждой стороны"},
		{"31 units", Side{Units: units}, Side{Units: many}, nil, 1, ErrTooLarge,
			"theirs: 31 units, more than the limit of 30 a side (30 x 30 cells a fight)",
			"theirs: 31 подразделение, больше предела в 30 с каждой стороны (30 x 30 клеток на вид боя)"},
		{"no such fight", Side{Units: units}, Side{Units: units}, []Fight{Shooting, Fight(9)}, 1, ErrRequest,
			"fight fight(9): want shooting, charge, charged or melee", ""},
		{"at least", Side{Units: units}, Side{Units: units}, nil, 1001, ErrRequest,
			"at_least 1001: want 1 to 1000", "at_least 1001: нужно от 1 до 1000"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := New(c.mine, c.theirs, c.fights, c.atLeast)
			if !errors.Is(err, c.sentinel) || err.Error() != c.en {
				t.Errorf("error %v, want %q (%v)", err, c.en, c.sentinel)
			}
			if c.ru != "" && msg.ErrorText(err, msg.Russian) != c.ru {
				t.Errorf("Russian %q, want %q", msg.ErrorText(err, msg.Russian), c.ru)
			}
		})
	}
}

// When the context ends, the run stops: the cells done are delivered,
// the others counted.
func TestRunStopsWithItsContext(t *testing.T) {
	units := exampleUnits(t)[:5] // tow
	m, err := New(Side{Units: units}, Side{Units: units}, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	s := m.Run(ctx, Config{Workers: 1}, func(Cell) {
		if n++; n == 3 {
			cancel()
		}
	})
	if n != 3 || s.Done != 3 || s.NotDone != m.Cells()-3 || s.Deadline {
		t.Errorf("%d delivered, summary %+v; want 3 done, %d not, no deadline", n, s, m.Cells()-3)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 0)
	defer cancel()
	s = m.Run(ctx, Config{}, func(Cell) { t.Error("a cell after the deadline") })
	if s.Done != 0 || s.NotDone != m.Cells() || !s.Deadline {
		t.Errorf("summary %+v after the deadline", s)
	}
}

// A sampled cell shows the decimals its half-width allows.
func TestDigitsFor(t *testing.T) {
	for _, c := range []struct {
		hw   float64
		want int
	}{{0.0068, 2}, {0.016, 1}, {0.00009, 4}, {0.0009, 3}, {0.2, 0}, {0, 4}} {
		if got := digitsFor(c.hw); got != c.want {
			t.Errorf("digitsFor(%v) = %d, want %d", c.hw, got, c.want)
		}
	}
}

// A list's units: the Captain and the Spearmen of armylist's tow list,
// each with the Leadership, Initiative and Attacks of its profile.
func TestListSide(t *testing.T) {
	f, err := os.Open("../armylist/testdata/tow.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := armylist.Read("tow.json", f)
	if err != nil {
		t.Fatal(err)
	}
	s := ListSide(l, rules.NoRuleset, nil)
	if len(s.Units) != 2 || len(s.LeftOut) != 0 {
		t.Fatalf("units %d, left out %v", len(s.Units), s.LeftOut)
	}
	for i, want := range []struct {
		name            string
		ld, ini, models int
		fights          int
	}{{"Test Captain", 8, 5, 1, 1}, {"Test Spearmen", 7, 3, 20, 2}} {
		u := s.Units[i]
		if u.Name != want.name || u.Leadership != want.ld || u.Initiative != want.ini || u.Target.Models != want.models || len(u.Fighters) != want.fights {
			t.Errorf("unit %d: %s Ld %d I %d models %d fights %d, want %+v", i, u.Name, u.Leadership, u.Initiative, u.Target.Models, len(u.Fighters), want)
		}
	}
	if a := s.Units[0].Fighters[0].Attacks; a != 3 {
		t.Errorf("the Captain's attacks %d, want A 3", a)
	}
	// The Spearmen's champion has a profile of his own: a fight of his.
	if f := s.Units[1].Fighters; f[0].By != "rank_and_file" || f[0].Attacks != 1 || f[1].By != "champion" || f[1].Attacks != 2 {
		t.Errorf("the Spearmen's fights %+v", f)
	}
}

// Within a deadline a sampled cell takes its share of the time left:
// 10 s, 2 workers and 100 cells left give each 200 ms, 2,000 rounds of
// 100 µs (a little less, as the clock runs); never more than
// Config.Samples, never fewer than the pilot's.
func TestSamplesWithin(t *testing.T) {
	r := newRun(&Matrix{}, Config{Samples: 4000})
	r.workers = 2
	r.left.Store(100)
	if n := r.samplesWithin(context.Background(), 100*time.Microsecond); n != 4000 {
		t.Errorf("no deadline: %d samples, want 4000", n)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if n := r.samplesWithin(ctx, 100*time.Microsecond); n < 1900 || n > 2000 {
		t.Errorf("10 s for 100 cells on 2 workers: %d samples, want about 2000", n)
	}
	if n := r.samplesWithin(ctx, 10*time.Microsecond); n != 4000 {
		t.Errorf("fast rounds: %d samples, want Config.Samples", n)
	}
	if n := r.samplesWithin(ctx, time.Second); n != pilotSamples {
		t.Errorf("slow rounds: %d samples, want the pilot's %d", n, pilotSamples)
	}
}

// A panic in a cell's computation, a bug, is that cell's error (code
// internal, no panic text for the reader) and the summary's Panic for
// the operator's log; the other cells are computed.
func TestPanicIsACellError(t *testing.T) {
	units := exampleUnits(t)[:2]
	m, err := New(Side{Units: units}, Side{Units: units}, []Fight{Shooting}, 1)
	if err != nil {
		t.Fatal(err)
	}
	var once atomic.Bool
	defer safe.SetHook(func(site string) {
		if site == "matrix.cell" && once.CompareAndSwap(false, true) {
			panic("boom")
		}
	})()
	var bad []Cell
	s := m.Run(context.Background(), Config{Workers: 1}, func(c Cell) {
		if c.Method == MethodError {
			bad = append(bad, c)
		}
	})
	if len(bad) != 1 || Code(bad[0].Err) != "internal" || bad[0].JSON(msg.Russian).Error.Message != "внутренняя ошибка: эту клетку посчитать не удалось" {
		t.Fatalf("error cells %+v", bad)
	}
	if s.Done != 4 || s.Errors != 1 || s.Panic == nil || s.Panic.Value != "boom" {
		t.Errorf("summary %+v", s)
	}
}
