package odds

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

func ratOf(a, b int) *big.Rat { return big.NewRat(int64(a), int64(b)) }

func mustRat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("bad rat " + s)
	}
	return r
}

func mustUnit(t testing.TB, s unit.Spec) *alloc.Unit {
	t.Helper()
	u, err := alloc.New(s)
	if err != nil {
		t.Fatalf("alloc.New: %v", err)
	}
	return u
}

var rf = unit.Target{Role: unit.RankAndFile}

func expr(s string) dice.Expr { return dice.MustParseExpr(s) }

func target(s string) rules.Target { return rules.MustParseTarget(s) }

// prefixRoller hands out fixed faces, then fails and says what die it was
// asked for: the referee's own way of being told the dice (an Asker, not a
// Brancher, so no classes of faces).
type prefixRoller struct {
	faces []int
	next  int
	sides []int
	want  int
}

func (p *prefixRoller) Roll(sides int) int { f, _ := p.Ask(sides, ""); return f }

func (p *prefixRoller) Ask(sides int, _ string) (int, error) {
	if p.next >= len(p.faces) {
		p.want = sides
		return 0, dice.ErrOutOfDice
	}
	f := p.faces[p.next]
	p.next++
	p.sides = append(p.sides, sides)
	return f, nil
}

// walk resolves the attacks with referee.Resolve once for every sequence
// of faces the referee asks for, each face of each die on its own, and
// sums the results with their exact chances: the plainest reading of the
// rules over all dice, which the enumeration must equal.
func walk(t interface{ Helper() }, u *alloc.Unit, attacks []rearrank.Attack, limit int) (*Result, error) {
	t.Helper()
	type acc struct {
		cas, wounds, unsaved map[int]*big.Rat
		byRole               [unit.Character]map[int]*big.Rat
		destroyed, panic     *big.Rat
		champ, std           *big.Rat
		panicApplies         bool
	}
	a := acc{cas: map[int]*big.Rat{}, wounds: map[int]*big.Rat{}, unsaved: map[int]*big.Rat{},
		destroyed: new(big.Rat), panic: new(big.Rat), champ: new(big.Rat), std: new(big.Rat)}
	for i := range a.byRole {
		a.byRole[i] = map[int]*big.Rat{}
	}
	add := func(m map[int]*big.Rat, k int, p *big.Rat) {
		if m[k] == nil {
			m[k] = new(big.Rat)
		}
		m[k].Add(m[k], p)
	}
	paths := 0
	var rec func(prefix []int) error
	rec = func(prefix []int) error {
		r := &prefixRoller{faces: prefix}
		res, err := referee.Resolve(pub(u), attacks, r)
		if errors.Is(err, dice.ErrOutOfDice) {
			for f := 1; f <= r.want; f++ {
				if err := rec(append(append([]int(nil), prefix...), f)); err != nil {
					return err
				}
			}
			return nil
		}
		if err != nil {
			return err
		}
		if paths++; paths > limit {
			return fmt.Errorf("more than %d dice paths", limit)
		}
		p := big.NewRat(1, 1)
		for _, s := range r.sides {
			p.Mul(p, big.NewRat(1, int64(s)))
		}
		tl := res.Tally
		add(a.cas, tl.Casualties, p)
		add(a.wounds, tl.Wounds, p)
		add(a.unsaved, tl.Unsaved, p)
		for r := unit.RankAndFile; r <= unit.Character; r++ {
			add(a.byRole[r-1], tl.ByRole[r], p)
		}
		if res.Destroyed() {
			a.destroyed.Add(a.destroyed, p)
		}
		if tl.Panic {
			a.panic.Add(a.panic, p)
		}
		if tl.ByRole[unit.Champion] > 0 {
			a.champ.Add(a.champ, p)
		}
		if tl.Standard {
			a.std.Add(a.std, p)
		}
		a.panicApplies = a.panicApplies || res.PanicApplies
		return nil
	}
	if err := rec(nil); err != nil {
		return nil, err
	}
	dist := func(m map[int]*big.Rat) Dist {
		n := 0
		for k, p := range m {
			if p.Sign() != 0 {
				n = max(n, k+1)
			}
		}
		d := Dist{P: make([]*big.Rat, max(n, 1))}
		for i := range d.P {
			d.P[i] = new(big.Rat)
			if m[i] != nil {
				d.P[i].Set(m[i])
			}
		}
		return d
	}
	res := &Result{Ruleset: u.Ruleset(), Casualties: dist(a.cas), Wounds: dist(a.wounds), Unsaved: dist(a.unsaved),
		ByRole: map[unit.Role]Dist{}, Destroyed: a.destroyed, Exact: true}
	for i, m := range a.byRole {
		res.ByRole[unit.Role(i+1)] = dist(m)
	}
	if a.panicApplies {
		res.Panic = a.panic
	}
	if u.Count(unit.Champion) > 0 {
		res.ChampionDead = a.champ
	}
	if u.Count(unit.StandardBearer) > 0 {
		res.StandardLost = a.std
	}
	return res, nil
}

// sameResult returns nil when a and b give the same distributions exactly.
func sameResult(a, b *Result) error {
	dist := func(name string, x, y Dist) error {
		n := max(len(x.P), len(y.P))
		for i := range n {
			p, q := new(big.Rat), new(big.Rat)
			if i < len(x.P) {
				p = x.P[i]
			}
			if i < len(y.P) {
				q = y.P[i]
			}
			if p.Cmp(q) != 0 {
				return fmt.Errorf("%s[%d]: %s vs %s", name, i, p.RatString(), q.RatString())
			}
		}
		return nil
	}
	num := func(name string, x, y *big.Rat) error {
		if (x == nil) != (y == nil) {
			return fmt.Errorf("%s: %v vs %v", name, x, y)
		}
		if x != nil && x.Cmp(y) != 0 {
			return fmt.Errorf("%s: %s vs %s", name, x.RatString(), y.RatString())
		}
		return nil
	}
	errs := []error{
		dist("casualties", a.Casualties, b.Casualties),
		dist("wounds", a.Wounds, b.Wounds),
		dist("unsaved", a.Unsaved, b.Unsaved),
		num("destroyed", a.Destroyed, b.Destroyed),
		num("panic", a.Panic, b.Panic),
		num("champion dead", a.ChampionDead, b.ChampionDead),
		num("standard lost", a.StandardLost, b.StandardLost),
	}
	for r := unit.RankAndFile; r <= unit.Character; r++ {
		errs = append(errs, dist("by role "+r.String(), a.ByRole[r], b.ByRole[r]))
	}
	return errors.Join(errs...)
}

// sumsToOne checks that every distribution of res sums to exactly 1.
func sumsToOne(res *Result) error {
	var errs []error
	for name, d := range map[string]Dist{"casualties": res.Casualties, "wounds": res.Wounds, "unsaved": res.Unsaved} {
		if s := d.Sum(); s.Cmp(big.NewRat(1, 1)) != 0 {
			errs = append(errs, fmt.Errorf("%s sums to %s", name, s.RatString()))
		}
	}
	for r, d := range res.ByRole {
		if s := d.Sum(); s.Cmp(big.NewRat(1, 1)) != 0 {
			errs = append(errs, fmt.Errorf("by role %s sums to %s", r, s.RatString()))
		}
	}
	return errors.Join(errs...)
}

func exactly(t testing.TB, u *alloc.Unit, attacks []rearrank.Attack) *Result {
	t.Helper()
	res, err := Exact(context.Background(), pub(u), attacks, Config{})
	if err != nil {
		t.Fatalf("Exact: %v", err)
	}
	return res
}

func wantRat(t testing.TB, name string, got *big.Rat, want string) {
	t.Helper()
	if got == nil || got.Cmp(mustRat(want)) != 0 {
		s := "nil"
		if got != nil {
			s = got.RatString()
		}
		t.Errorf("%s = %s, want %s", name, s, want)
	}
}

// faceRoller branches on every face of every die, one at a time: a
// dice.Brancher but not a engine.ClassBrancher, so the Machine never
// groups faces.
type faceRoller struct{ p *pathRoller }

func (f faceRoller) Roll(sides int) int                   { return f.p.Roll(sides) }
func (f faceRoller) Branch(sides int) (int, error)        { return f.p.Branch(sides) }
func (f faceRoller) Ask(sides int, _ string) (int, error) { return f.p.Branch(sides) }

// walkMachine steps the referee's Machine over every face of every die,
// one path at a time, with no classes of faces and no merging of states,
// and sums the end states with their exact chances. It is walk without the
// event log, so it reaches larger scenarios.
func walkMachine(u *alloc.Unit, attacks []rearrank.Attack, limit int) (*Result, error) {
	return walkSteps(u, attacks, limit, func(m *engine.Machine, r *pathRoller) error { return m.Step(faceRoller{r}, nil) })
}

// walkSteps walks the Machine of u and attacks over every die, one path at
// a time, taking each step with step, and sums the end states with their
// exact chances (past limit paths, an error).
func walkSteps(u *alloc.Unit, attacks []rearrank.Attack, limit int, step func(*engine.Machine, *pathRoller) error) (*Result, error) {
	m, err := engine.NewMachine(u, attacks, nil)
	if err != nil {
		return nil, err
	}
	acc := newAccumulator(u)
	leaves := 0
	var rec func(m *engine.Machine, w weight, d den) error
	rec = func(m *engine.Machine, w weight, d den) error {
		if m.Done() {
			if leaves++; leaves > limit {
				return fmt.Errorf("more than %d dice paths", limit)
			}
			acc.addState(tallyOf(m.Tally()), m, w, d)
			return nil
		}
		var child *engine.Machine
		return paths(new(pathRoller), func(r *pathRoller) error {
			child = m.Clone()
			return step(child, r)
		}, func(count weight, dd den) error {
			return rec(child, w.mul(count), d.mul(dd))
		})
	}
	if err := rec(m, one, den{}); err != nil {
		return nil, err
	}
	res := &Result{Ruleset: u.Ruleset(), Exact: true}
	acc.fill(res)
	return res, nil
}
