// Package odds computes what an attack will do before it is made: the exact
// distribution of casualties, wounds for combat result, unsaved wounds, unit
// destroyed and panic (DESIGN.md "One rulebook, three readers").
//
// The odds are what the referee does over all dice. Exact runs the
// referee's Machine one small step at a time over every face of every die
// it asks for, weighting each path exactly and merging machines that reach
// the same canonical state (referee.Machine.Key). Batches resolve in order,
// each from the distribution the one before left. Fast paths for common
// cases sit behind the same entry point and are tested equal to the
// enumeration. MonteCarlo samples the same Machine with seeded dice.
//
// Probabilities are exact: integer weights over a shared denominator inside,
// *big.Rat at the API, float64 for display.
package odds

import (
	"context"
	"fmt"
	"math/big"

	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Config bounds and steers a computation. The zero Config is usable.
type Config struct {
	// MaxStates is the most distinct states the exact computation may hold
	// at once; 0 means DefaultMaxStates, negative means no limit.
	MaxStates int
	// Fallback asks for Monte Carlo with a confidence interval instead of
	// an error when the state limit is passed.
	Fallback bool
	// Samples and Seed configure Monte Carlo (0 samples: DefaultSamples).
	Samples int
	Seed    uint64
	// Workers is the number of goroutines for Monte Carlo; 0 means one per core.
	Workers int
	// Progress, if set, is called from time to time during long Monte Carlo
	// runs with the samples done and the total.
	Progress func(done, total int)
}

// DefaultMaxStates is the state limit of a zero Config.
const DefaultMaxStates = 200_000

// DefaultSamples is the Monte Carlo sample count of a zero Config.
const DefaultSamples = 100_000

func (c Config) maxStates() int {
	switch {
	case c.MaxStates == 0:
		return DefaultMaxStates
	case c.MaxStates < 0:
		return 0
	}
	return c.MaxStates
}

// Dist is a distribution over 0, 1, 2, ...: P[i] is the chance of exactly i.
type Dist struct {
	P []*big.Rat
}

// Mean returns the expected value.
func (d Dist) Mean() *big.Rat {
	m := new(big.Rat)
	for i, p := range d.P {
		m.Add(m, new(big.Rat).Mul(p, big.NewRat(int64(i), 1)))
	}
	return m
}

// AtLeast returns the chance of i or more.
func (d Dist) AtLeast(i int) *big.Rat {
	s := new(big.Rat)
	for j := max(i, 0); j < len(d.P); j++ {
		s.Add(s, d.P[j])
	}
	return s
}

// Sum returns the total probability, exactly 1 for every result.
func (d Dist) Sum() *big.Rat { return d.AtLeast(0) }

// Floats returns the probabilities as float64.
func (d Dist) Floats() []float64 {
	out := make([]float64, len(d.P))
	for i, p := range d.P {
		out[i], _ = p.Float64()
	}
	return out
}

// StageOdds are the per-attack chances of one attack group's stages against
// its receiving model at the start of the batch (RULES.md 4).
type StageOdds struct {
	Group         int           `json:"group"`
	Needs         referee.Needs `json:"-"`
	Hit           *big.Rat      `json:"-"` // the attack hits
	Wound         *big.Rat      `json:"-"` // a hit wounds
	ArmourFailed  *big.Rat      `json:"-"` // a wound is not stopped by armour
	SpecialFailed *big.Rat      `json:"-"` // nor by the special save
	Unsaved       *big.Rat      `json:"-"` // the product: one attack becomes an unsaved wound
}

// Result is the distribution of what a scenario's attacks do to the target.
type Result struct {
	Ruleset    rules.Ruleset
	Casualties Dist // models removed, every role
	ByRole     map[unit.Role]Dist
	Wounds     Dist     // W/HP taken off models: combat result (RULES.md 9.3)
	Unsaved    Dist     // wounds past all saves, before multiplying
	Destroyed  *big.Rat // no model left
	// Panic is the chance the panic threshold is crossed (RULES.md 12), or
	// nil when no batch is outside close combat, or in skirmish.
	Panic        *big.Rat
	ChampionDead *big.Rat // nil when the unit has no champion
	StandardLost *big.Rat // nil when the unit has no standard bearer
	Stages       []StageOdds

	Exact   bool   // false for Monte Carlo
	Method  string // "enumeration", a fast path's name, or "monte carlo"
	States  int    // distinct final states (exact methods)
	Samples int    // Monte Carlo samples
	// StdErr holds Monte Carlo standard errors of the means.
	StdErr struct{ Casualties, Wounds, Unsaved float64 }
}

// Exact computes the exact distribution of attacks resolved in order
// against u, choosing a fast path when one applies. When the state limit
// is passed it returns an error wrapping ErrStateLimit, or with
// cfg.Fallback a Monte Carlo estimate.
func Exact(ctx context.Context, u *unit.Unit, attacks []referee.Attack, cfg Config) (*Result, error) {
	res, err := Enumerate(ctx, u, attacks, cfg)
	if err != nil && cfg.Fallback && isStateLimit(err) {
		return MonteCarlo(ctx, u, attacks, cfg)
	}
	return res, err
}

// Enumerate is the reference reader: the referee's Machine over every die,
// with no fast path.
func Enumerate(ctx context.Context, u *unit.Unit, attacks []referee.Attack, cfg Config) (*Result, error) {
	m, err := referee.NewMachine(u, attacks, nil)
	if err != nil {
		return nil, err
	}
	d, err := enumerate(ctx, m, cfg, func() string { return describe(u, attacks) })
	if err != nil {
		return nil, err
	}
	res := newResult(u, attacks)
	res.Exact, res.Method, res.States = true, "enumeration", len(d.states)
	var acc accumulator
	acc.init(u)
	for _, s := range d.states {
		acc.add(s.m, new(big.Rat).SetFrac(s.w, d.den))
	}
	acc.fill(res)
	return res, nil
}

// newResult fills what does not depend on the dice: ruleset and stages.
func newResult(u *unit.Unit, attacks []referee.Attack) *Result {
	res := &Result{Ruleset: u.Ruleset()}
	for i, a := range attacks {
		n, err := referee.Plan(u, a)
		if err != nil {
			continue
		}
		res.Stages = append(res.Stages, stageOdds(i+1, u.Ruleset(), n, u.Options()))
	}
	return res
}

func stageOdds(group int, rs rules.Ruleset, n referee.Needs, o rules.Options) StageOdds {
	s := StageOdds{Group: group, Needs: n}
	switch {
	case n.AutoHit:
		s.Hit = big.NewRat(1, 1)
	case !n.CanHit:
		s.Hit = new(big.Rat)
	default:
		num, den := rules.HitChance(rs, n.Hit, o) // the whole 7+ procedure included
		s.Hit = big.NewRat(int64(num), int64(den))
	}
	s.Wound = big.NewRat(int64(n.Wound.Chance(1)), 6)
	s.ArmourFailed = new(big.Rat).Sub(big.NewRat(1, 1), big.NewRat(int64(n.Armour.Chance(rules.ArmourFloor(rs))), 6))
	s.SpecialFailed = new(big.Rat).Sub(big.NewRat(1, 1), big.NewRat(int64(n.Special.Chance(rules.SpecialFloor(rs))), 6))
	s.Unsaved = new(big.Rat).Mul(s.Hit, s.Wound)
	s.Unsaved.Mul(s.Unsaved, s.ArmourFailed)
	s.Unsaved.Mul(s.Unsaved, s.SpecialFailed)
	return s
}

// accumulator gathers the marginal distributions from weighted end states.
type accumulator struct {
	cas, wounds, unsaved []*big.Rat
	byRole               map[unit.Role][]*big.Rat
	destroyed, panic     *big.Rat
	champ, std           *big.Rat
	panicApplies         bool
	hasChamp, hasStd     bool
}

func (a *accumulator) init(u *unit.Unit) {
	a.destroyed, a.panic, a.champ, a.std = new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat)
	a.byRole = map[unit.Role][]*big.Rat{}
	a.hasChamp = u.Count(unit.Champion) > 0
	a.hasStd = u.Count(unit.StandardBearer) > 0
}

func addAt(s []*big.Rat, i int, p *big.Rat) []*big.Rat {
	for len(s) <= i {
		s = append(s, new(big.Rat))
	}
	s[i].Add(s[i], p)
	return s
}

func (a *accumulator) add(m *referee.Machine, p *big.Rat) {
	t := m.Tally()
	a.record(t, m.PanicApplies(), m.Unit().Destroyed(), p)
}

func (a *accumulator) record(t referee.Tally, panicApplies, destroyed bool, p *big.Rat) {
	a.cas = addAt(a.cas, t.Casualties, p)
	a.wounds = addAt(a.wounds, t.Wounds, p)
	a.unsaved = addAt(a.unsaved, t.Unsaved, p)
	for r := unit.RankAndFile; r <= unit.Character; r++ {
		a.byRole[r] = addAt(a.byRole[r], t.ByRole[r], p)
	}
	if destroyed {
		a.destroyed.Add(a.destroyed, p)
	}
	if panicApplies {
		a.panicApplies = true
	}
	if t.Panic {
		a.panic.Add(a.panic, p)
	}
	if t.ByRole[unit.Champion] > 0 {
		a.champ.Add(a.champ, p)
	}
	if t.Standard {
		a.std.Add(a.std, p)
	}
}

func (a *accumulator) fill(res *Result) {
	res.Casualties = Dist{P: a.cas}
	res.Wounds = Dist{P: a.wounds}
	res.Unsaved = Dist{P: a.unsaved}
	res.ByRole = map[unit.Role]Dist{}
	for r, d := range a.byRole {
		res.ByRole[r] = Dist{P: d}
	}
	res.Destroyed = a.destroyed
	if a.panicApplies {
		res.Panic = a.panic
	}
	if a.hasChamp {
		res.ChampionDead = a.champ
	}
	if a.hasStd {
		res.StandardLost = a.std
	}
}

// describe names what makes a scenario's state space large, for the state
// limit error: per-model damage with many multi-wound hits, or many
// distinct pooled totals.
func describe(u *unit.Unit, attacks []referee.Attack) string {
	hits, multi := 0, 0
	for _, a := range attacks {
		hits += a.Count.Max()
		if a.Multi() {
			multi += a.Count.Max()
		}
	}
	var recv unit.Model
	if m, err := u.Receiver(unit.Target{Role: unit.RankAndFile}); err == nil {
		recv = m
	}
	perModel := u.Ruleset() == rules.Battleaxe && u.Options().DamageModel == rules.PerModel
	switch {
	case perModel && multi > 0:
		return fmt.Sprintf("battleaxe per-model damage: %d models of W%d after %d multi-wound hits", u.Size(), recv.W, multi)
	case multi > 0:
		return fmt.Sprintf("%s: %d models of W%d after %d multi-wound hits", u.Ruleset(), u.Size(), recv.W, multi)
	}
	return fmt.Sprintf("%s: %d models after up to %d attacks", u.Ruleset(), u.Size(), hits)
}
