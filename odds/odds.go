package odds

import (
	"context"
	"errors"
	"math"
	"math/big"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Config bounds and steers a computation. The zero Config is usable.
type Config struct {
	// MaxStates is the most distinct states the exact computation may hold
	// at once; 0 means DefaultMaxStates, negative means no limit.
	MaxStates int
	// MaxBytes is the most heap, in bytes, the exact computation may grow
	// to, so that states of huge weights or of big units are bounded as
	// well as many states: what it holds at once (its states, the machines
	// of their cores, the ways out, as heldBytes estimates them) may take
	// half of it, since Go's collector lets the heap grow to about twice
	// what is live before it collects (GOGC=100). 0 means
	// DefaultMaxBytes, negative means no limit.
	MaxBytes int64
	// Fallback asks Exact for Monte Carlo with a confidence interval
	// instead of an error when the state limit is passed.
	Fallback bool
	// Samples and Seed configure Monte Carlo (0 samples: DefaultSamples).
	Samples int
	Seed    uint64
	// Workers is the number of goroutines for Monte Carlo; 0 means one per
	// core. The result depends on Seed and Samples only, never on Workers.
	Workers int
	// Progress, if set, is called during Monte Carlo runs with the samples
	// done and the total, from one goroutine at a time, with done rising
	// to the total.
	Progress func(done, total int)
	// DieByDie makes Monte Carlo roll every die through the referee's
	// machine, as it did before it drew by counts (montecarlo_counts.go):
	// the same distribution, slower, and other samples for a seed. For
	// the comparisons of the tests and benchmarks.
	DieByDie bool

	// slotKey keeps the unit's slot-by-slot key even where its count key
	// applies (unit.SetCountKey): the tests compare the two.
	slotKey bool
	// coreBytes is what compute estimates one distinct machine (a core of
	// the enumeration) to take, for MaxBytes: see coreBytes.
	coreBytes int64
}

// DefaultMaxStates is the state limit of a zero Config.
const DefaultMaxStates = 200_000

// DefaultMaxBytes is the memory budget of a zero Config: 256 MiB of heap,
// as the server keeps one computation to (web), which DefaultMaxStates
// states of small weights stay far below.
const DefaultMaxBytes = 256 << 20

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

// maxBytes returns the memory budget in bytes; 0 means none.
func (c Config) maxBytes() int64 {
	switch {
	case c.MaxBytes == 0:
		return DefaultMaxBytes
	case c.MaxBytes < 0:
		return 0
	}
	return c.MaxBytes
}

// perState is the memory one state of the enumeration takes besides the
// words of a big weight: its record in the generation's slice (key and
// inline weight, 80 bytes on 64-bit machines) and its entry in the index
// that merges states (about 100 bytes with the map's overhead).
const perState = 180

// stateBytes estimates the memory a state holding weight w takes, for
// Config.MaxBytes.
func stateBytes(w weight) int64 { return perState + w.heapBytes() }

// machineBytes is the memory of a referee.Machine besides its unit (its
// fields, scratch and buffers) and of its entry, key included, in the
// index of the enumeration's cores: an estimate, on the high side.
const machineBytes = 1024

// coreBytes estimates the memory one core of the enumeration takes: a
// machine and its copy of the unit, whose slices are as large as u's.
// Per-model units of many models make cores of kilobytes, which a
// budget in states alone misses (S2's target as battleaxe per-model took
// 1.2 GB before passing 200,000 states).
func coreBytes(u *alloc.Unit) int64 { return machineBytes + int64(u.Footprint()) }

// bytesLimitError is the error of a computation whose states passed the
// memory budget max (Config.MaxBytes) after steps steps; why names the
// scenario (describe). It wraps ErrStateLimit, so that Fallback applies.
func bytesLimitError(max int64, steps int, why msg.Message) error {
	return &memoryLimitError{msg.New("odds.error.bytes", int(max>>20), steps, why)}
}

// ErrMemoryLimit is wrapped, with ErrStateLimit, by the error of an exact
// computation whose states passed the memory budget (Config.MaxBytes)
// rather than the number of states (Config.MaxStates): a caller that
// advises raising the latter can tell the two apart.
var ErrMemoryLimit = errors.New("memory budget reached")

// memoryLimitError is bytesLimitError's error: a message of the
// catalogue (msg.Texter) that wraps both sentinels.
type memoryLimitError struct{ m msg.Message }

func (e *memoryLimitError) Error() string          { return e.m.String() }
func (e *memoryLimitError) Text(l msg.Lang) string { return e.m.Text(l) }
func (e *memoryLimitError) Unwrap() []error        { return []error{ErrStateLimit, ErrMemoryLimit} }

// errorMsg is err as a message: its own when it is one of the catalogue's,
// else its English text.
func errorMsg(err error) msg.Message {
	var t msg.Texter
	if errors.As(err, &t) && t.(error).Error() == err.Error() {
		return msg.New("odds.text", t)
	}
	return msg.New("odds.text", err.Error())
}

// Dist is a distribution over 0, 1, 2, ...: P[i] is the chance of exactly i.
type Dist struct {
	P []*big.Rat
}

// Mean returns the expected value, Σ i·P[i].
func (d Dist) Mean() *big.Rat {
	var rm ratMaker
	if nums, dn, ok := d.overCommon(&rm); ok {
		return meanOver(&rm, nums, dn)
	}
	m, t := new(big.Rat), new(big.Rat)
	var i big.Int
	for n, p := range d.P {
		if n == 0 || p.Sign() == 0 {
			continue
		}
		t.SetFrac(i.Mul(p.Num(), big.NewInt(int64(n))), p.Denom())
		m.Add(m, t)
	}
	return m
}

// AtLeast returns the chance of i or more. It sums len(d.P)-i terms: a
// reader that wants it for every i calls Tails, which costs one pass.
func (d Dist) AtLeast(i int) *big.Rat {
	s := new(big.Rat)
	for j := max(i, 0); j < len(d.P); j++ {
		s.Add(s, d.P[j])
	}
	return s
}

// Tails returns the suffix sums of d in one pass from the top: t[i] is the
// chance of i or more, AtLeast(i), for i from 0 to len(d.P), so that
// t[len(d.P)] is 0 and t[0] is Sum(). The values are new and the caller's.
func (d Dist) Tails() []*big.Rat {
	var rm ratMaker
	if nums, dn, ok := d.overCommon(&rm); ok {
		return tailsOver(&rm, nums, dn)
	}
	t := make([]*big.Rat, len(d.P)+1)
	vals := make([]big.Rat, len(d.P)+1)
	t[len(d.P)] = &vals[len(d.P)]
	for i := len(d.P) - 1; i >= 0; i-- {
		t[i] = vals[i].Add(t[i+1], d.P[i])
	}
	return t
}

// meanAndTails is Mean and Tails, sharing their common denominator, with
// rm's powers and slabs (shared by the distributions of a Result).
func (d Dist) meanAndTails(rm *ratMaker) (*big.Rat, []*big.Rat) {
	if nums, dn, ok := d.overCommon(rm); ok {
		return meanOver(rm, nums, dn), tailsOver(rm, nums, dn)
	}
	return d.Mean(), d.Tails()
}

// meanOver returns Σ i·nums[i] / dn in lowest terms.
func meanOver(rm *ratMaker, nums []*big.Int, dn den) *big.Rat {
	var sum, t big.Int
	for i, n := range nums {
		if i > 0 && n.Sign() != 0 {
			sum.Add(&sum, t.Mul(n, t.SetInt64(int64(i))))
		}
	}
	return rm.rat(fromBig(&sum), dn)
}

// tailsOver returns the suffix sums of nums over dn: integer sums, each
// put in lowest terms by stripping twos and threes, with no GCD where
// adding fractions takes one per entry.
func tailsOver(rm *ratMaker, nums []*big.Int, dn den) []*big.Rat {
	t := make([]*big.Rat, len(nums)+1)
	var sum big.Int
	t[len(nums)] = rm.rat(weight{}, dn)
	for i := len(nums) - 1; i >= 0; i-- {
		sum.Add(&sum, nums[i])
		t[i] = rm.rat(weightOf(&sum), dn)
	}
	return t
}

// overCommon returns the numerators of d.P over their least common
// denominator, when every denominator is 2^a·3^b, as those of exact
// results are (the dice have 3 or 6 sides): the numerators are then summed
// as integers and the sums put in lowest terms by stripping twos and
// threes. ok is false otherwise (Monte Carlo counts over samples). The
// powers of 3 beyond the shared table are rm's, kept for the caller's next
// distribution.
func (d Dist) overCommon(rm *ratMaker) (nums []*big.Int, dn den, ok bool) {
	dens := make([]den, len(d.P))
	var q big.Int
	for i, p := range d.P {
		z := p.Denom()
		two := z.TrailingZeroBits()
		q.Rsh(z, two)
		// 3^b has floor(b·log2 3)+1 bits: b is that estimate or next to it
		est := int32(float64(q.BitLen()-1) / math.Log2(3))
		three := int32(-1)
		for b := max(est-1, 0); b <= est+1 && three < 0; b++ {
			if rm.bigPow3(b).Cmp(&q) == 0 {
				three = b
			}
		}
		if three < 0 { // another prime divides
			return nil, den{}, false
		}
		dens[i] = den{int32(two), three}
		dn = dn.lcm(dens[i])
	}
	nums = make([]*big.Int, len(d.P))
	vals := make([]big.Int, len(d.P))
	for i, p := range d.P {
		f := dn.over(dens[i])
		nums[i] = mulPow3(vals[i].Set(p.Num()), f.three)
		nums[i].Lsh(nums[i], uint(f.two))
	}
	return nums, dn, true
}

// Sum returns the total probability, exactly 1 for every result.
func (d Dist) Sum() *big.Rat { return d.AtLeast(0) }

// Floats returns the probabilities as float64.
func (d Dist) Floats() []float64 { return floats(d.P) }

// TailFloats returns Tails as float64: each the float nearest the exact
// suffix sum, not a sum of rounded floats.
func (d Dist) TailFloats() []float64 { return floats(d.Tails()) }

func floats(rs []*big.Rat) []float64 {
	out := make([]float64, len(rs))
	for i, p := range rs {
		out[i], _ = p.Float64()
	}
	return out
}

// StageOdds are the per-attack chances of one attack group's stages against
// its receiving model at the start of the batch (RULES.md 4).
type StageOdds struct {
	Group         int            `json:"group"`
	Needs         rearrank.Needs `json:"-"`
	Hit           *big.Rat       `json:"-"` // the attack hits (the whole 7+ procedure included)
	Wound         *big.Rat       `json:"-"` // a hit wounds
	ArmourFailed  *big.Rat       `json:"-"` // a wound is not stopped by armour
	SpecialFailed *big.Rat       `json:"-"` // nor by the special save
	// Unsaved is the chance that one attack of the group, resolved by the
	// referee against the unit as it starts, leaves at least one unsaved
	// wound (or instant kill): the product of the stages above, with Lethal
	// Strike, instant kills and skirmish criticals taken into account.
	Unsaved *big.Rat `json:"-"`
}

// MethodSummary says how r was computed, in a player's words: "exact", or
// "simulated, 1000 samples", and why when Monte Carlo stands in for the
// exact odds (Config.Fallback). Method names the algorithm. It is
// MethodMsg in English.
func (r *Result) MethodSummary() string { return r.MethodMsg().String() }

// MethodMsg is MethodSummary as a message, for a reader of any language.
func (r *Result) MethodMsg() msg.Message {
	if r.Exact {
		return msg.New("odds.method.exact")
	}
	m := msg.New("odds.method.simulated", r.Samples)
	if r.Fallback != "" {
		why := r.FallbackMsg
		if why.IsZero() {
			why = msg.New("odds.text", r.Fallback)
		}
		m = msg.New("odds.method.fallback", m, why)
	}
	return m
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

	Exact bool // false for Monte Carlo
	// Method is the algorithm, enumeration or Monte Carlo, and the fast
	// paths an enumeration took (see the package documentation).
	Method  Method
	States  int // distinct final states (exact methods)
	Samples int // Monte Carlo samples
	// StdErr holds Monte Carlo standard errors of the means.
	StdErr struct{ Casualties, Wounds, Unsaved float64 }
	// Fallback, for a Monte Carlo result that Exact returned in place of an
	// exact one (Config.Fallback), says why: the state limit error.
	Fallback string
	// FallbackMsg is Fallback as a message, for a reader of any language.
	FallbackMsg msg.Message
	// StandIns are the unit's owner_choice switches: nobody is asked here,
	// so the engine's default stands in for each (RULES.md 18), and the
	// result is the default's. Readers say so.
	StandIns []rules.StandIn
}

// Exact computes the exact distribution of attacks resolved in order
// against u, taking the fast paths that apply. Nobody is asked the
// owner_choice switches (RULES.md 18): the engine's default stands in for
// each, and Result.StandIns names them. When the reachable states
// pass cfg.MaxStates it returns an error wrapping ErrStateLimit that says
// what made them many, or, with cfg.Fallback, a Monte Carlo estimate whose
// Exact is false and whose Fallback holds that error. u is not changed.
func Exact(ctx context.Context, u *rearrank.Unit, attacks []rearrank.Attack, cfg Config) (*Result, error) {
	return exact(ctx, (*alloc.Unit)(u), attacks, cfg)
}

func exact(ctx context.Context, u *alloc.Unit, attacks []rearrank.Attack, cfg Config) (*Result, error) {
	res, err := compute(ctx, u, attacks, cfg, true)
	if err != nil && cfg.Fallback && errors.Is(err, ErrStateLimit) {
		mc, mcErr := monteCarlo(ctx, u, attacks, cfg)
		if mcErr != nil {
			return nil, mcErr
		}
		mc.Fallback = err.Error()
		mc.FallbackMsg = errorMsg(err)
		return mc, nil
	}
	return res, err
}

// Enumerate is the reference reader: the referee's Machine stepped over
// every die, with no fast path. It gives the same Result as Exact, slower.
func Enumerate(ctx context.Context, u *rearrank.Unit, attacks []rearrank.Attack, cfg Config) (*Result, error) {
	return compute(ctx, (*alloc.Unit)(u), attacks, cfg, false)
}

func compute(ctx context.Context, u *alloc.Unit, attacks []rearrank.Attack, cfg Config, fast bool) (*Result, error) {
	u, standIns := u.StandIn(nil) // nobody to ask (RULES.md 18)
	m, err := engine.NewMachine(u, attacks, nil)
	if err != nil {
		return nil, err
	}
	why := func() msg.Message { return describe(u, attacks) }
	m.Unit().SetQuiet(true)
	m.Unit().SetCountKey(!cfg.slotKey && countKeyable(attacks))
	cfg.coreBytes = coreBytes(u)
	if err := tooMany(ctx, u, attacks, cfg.maxStates(), m.Unit().CountKeyed(), why); err != nil {
		return nil, err
	}
	acc := newAccumulator(u)
	e := newEnumerator(ctx, cfg, fast, acc, why)
	e.attacks = attacks
	if err := e.run(m); err != nil {
		return nil, err
	}
	res := &Result{Ruleset: u.Ruleset(), Exact: true, Method: e.used, States: e.finals, StandIns: standIns}
	res.Method.Algorithm = Enumeration
	acc.fill(res)
	if res.Stages, err = stages(ctx, u, attacks, fast); err != nil {
		return nil, err
	}
	return res, nil
}

// stages returns the per-attack stage odds of every group against u.
func stages(ctx context.Context, u *alloc.Unit, attacks []rearrank.Attack, fast bool) ([]StageOdds, error) {
	var out []StageOdds
	for i, a := range attacks {
		c, err := engine.StageChances(u, a)
		if err != nil {
			continue
		}
		s := stageOdds(i+1, c)
		if s.Unsaved, err = oneAttack(ctx, u, a); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// oneAttack returns the chance that one attack of a, resolved by the
// referee against u, leaves at least one unsaved wound or instant kill.
func oneAttack(ctx context.Context, u *alloc.Unit, a rearrank.Attack) (*big.Rat, error) {
	a.Count = dice.ConstExpr(1)
	m, err := engine.NewMachine(u, []rearrank.Attack{a}, nil)
	if err != nil {
		return nil, err
	}
	m.Unit().SetQuiet(true)
	// In a block ruleset the batch starts, and its one attack rolls:
	// what it hands to the damage step is all there is to know.
	noDice := new(pathRoller)
	for range 2 {
		if _, ok := m.AttackRolls(); ok || m.Done() {
			break
		}
		if err := m.Step(noDice, nil); err != nil {
			return nil, err
		}
	}
	if _, ok := m.AttackRolls(); ok {
		cases, d, err := probeRolls(ctx, m)
		if err != nil {
			return nil, err
		}
		var s weight
		for _, c := range cases {
			if c.o.Unsaved+c.o.Kills > 0 {
				s.add(c.w)
			}
		}
		return rat(s, d), nil
	}
	// Skirmish, or nothing to roll: the whole attack, over every die.
	acc := newAccumulator(u)
	e := newEnumerator(ctx, Config{MaxStates: -1}, false, acc, func() msg.Message { return msg.Message{} })
	if err := e.run(m); err != nil {
		return nil, err
	}
	none := new(big.Rat) // the unsaved count has a denominator of its own
	if len(acc.unsaved) > 0 {
		none = rat(acc.unsaved[0], acc.du)
	}
	return none.Sub(rat(acc.total, acc.d), none), nil
}

// stageOdds returns the chance of each stage of one attack: the pass
// chances of the very tests the referee rolls (engine.StageChances).
func stageOdds(group int, c engine.Chances) StageOdds {
	fails := func(p *big.Rat) *big.Rat { return new(big.Rat).Sub(big.NewRat(1, 1), p) }
	return StageOdds{Group: group, Needs: c.Needs, Hit: c.Hit, Wound: c.Wound,
		ArmourFailed: fails(c.Armour), SpecialFailed: fails(c.Special)}
}

// countKeyable reports whether the unit's count key (unit.SetCountKey)
// may merge the states of attacks: every count a Result reports is then
// the same for states with one key, unless an instant kill is aimed at the
// musician or standard bearer (C12 picks the model by where it stands).
func countKeyable(attacks []rearrank.Attack) bool {
	for _, a := range attacks {
		if a.InstantKill && (a.Target.Role == unit.Musician || a.Target.Role == unit.StandardBearer) {
			return false
		}
	}
	return true
}

// describe names what makes a scenario's state space large, for the state
// limit error: per-model damage with many multi-wound hits, or many
// distinct pooled totals.
func describe(u *alloc.Unit, attacks []rearrank.Attack) msg.Message {
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
	perModel := rules.For(u.Ruleset()).PerModel(u.Options())
	switch {
	case perModel && multi > 0:
		return msg.New("odds.why.per_model", u.Size(), recv.W, multi)
	case multi > 0:
		return msg.New("odds.why.multi", u.Ruleset().String(), u.Size(), recv.W, multi)
	case len(attacks) > 1:
		return msg.New("odds.why.groups", u.Ruleset().String(), u.Size(), len(attacks), hits)
	}
	return msg.New("odds.why.attacks", u.Ruleset().String(), u.Size(), hits)
}

// tooMany fails at once, before any work, for a scenario certain to pass
// the state limit; the limit is otherwise checked as the states grow.
//
// The certain case is battleaxe's per-model damage (RULES.md 11.3): the
// first batch's multi-wound packets each go to a different model, the
// fresh ones in removal order, so after j packets on j fresh models of W w
// every combination of their damage below w is a state of its own: with v
// packet sizes below w that is v^j states at once, reached before anything
// merges; with counted true (the unit's count key, unit.SetCountKey, which
// keys identical models' damage as a multiset) the multisets of j sizes
// out of v, C(j+v-1, j).
func tooMany(ctx context.Context, u *alloc.Unit, attacks []rearrank.Attack, limit int, counted bool, why func() msg.Message) error {
	if limit <= 0 || !rules.For(u.Ruleset()).PerModel(u.Options()) {
		return nil
	}
	a := attacks[0]
	if a.Target.Role != unit.RankAndFile {
		return nil
	}
	w, fresh := 0, 0
	for _, md := range u.Models() {
		if md.Role != unit.RankAndFile {
			continue
		}
		if md.Damage != 0 || w != 0 && md.W != w {
			return nil
		}
		w = md.W
		fresh++
	}
	j := min(fresh, a.Count.Max())
	if j < 2 || w < 2 {
		return nil
	}
	// The batch as the referee starts it, and one of its attacks.
	one := a
	one.Count = dice.ConstExpr(1)
	m, err := engine.NewMachine(u, []rearrank.Attack{one}, nil)
	if err != nil {
		return nil
	}
	noDice := new(pathRoller)
	for range 2 {
		if _, ok := m.AttackRolls(); ok || m.Done() {
			break
		}
		if err := m.Step(noDice, nil); err != nil {
			return nil
		}
	}
	if _, ok := m.AttackRolls(); !ok {
		return nil
	}
	cases, _, err := probeRolls(ctx, m)
	if err != nil {
		return nil
	}
	unsaved := false
	for _, c := range cases {
		unsaved = unsaved || c.o.Unsaved > c.o.Singles // a packet: not a single (20.2)
	}
	if !unsaved {
		return nil
	}
	pm := m.Clone()
	pm.SkipRolls(engine.RollOutcome{Unsaved: 1})
	sizes, _, err := packetDist(ctx, pm)
	if err != nil {
		return nil
	}
	v := 0
	for k, p := range sizes {
		if k >= 1 && k < w && !p.isZero() {
			v++
		}
	}
	if v < 2 {
		return nil
	}
	bound := new(big.Int).Exp(big.NewInt(int64(v)), big.NewInt(int64(j)), nil)
	if counted {
		bound.Binomial(int64(j+v-1), int64(j))
	}
	if bound.Cmp(big.NewInt(int64(limit))) <= 0 {
		return nil
	}
	return msg.Errorf(ErrStateLimit, "odds.error.damage_states", limit, why(), j, w, bound.String())
}
