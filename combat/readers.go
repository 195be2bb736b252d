package combat

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"math/big"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/safe"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Round is one round as the referee reader resolved it: the outcome and
// every step.
type Round struct {
	*Outcome
	Steps []Step
}

// Resolve plays one round with r, the dice a person rolled (dice.Scripted)
// or a seeded generator, and keeps every step: who fought with how many
// attacks, the batch's events and both formations after it. The units of c
// are not changed.
func (c *Combat) Resolve(r dice.Roller) (*Round, error) {
	if r == nil {
		return nil, errors.New("combat: Resolve needs a dice.Roller")
	}
	if err := c.ready(); err != nil {
		return nil, err
	}
	var log []Step
	o, err := c.play(nil, r, &log)
	if err != nil {
		return nil, err
	}
	return &Round{Outcome: o, Steps: log}, nil
}

func (c *Combat) ready() error {
	if err := c.Validate(); err != nil {
		return err
	}
	if len(c.Sides[0].Fights)+len(c.Sides[1].Fights) == 0 {
		return msg.Errorf(ErrNoFights, "combat.error.no_fights")
	}
	return nil
}

// Dist is a distribution over whole numbers: P[i] is the chance of
// Min+i. In a Monte Carlo report the chances are the sampled frequencies.
type Dist struct {
	Min int
	P   []*big.Rat
}

// Mean returns the expected value.
func (d Dist) Mean() *big.Rat {
	m := new(big.Rat)
	for i, p := range d.P {
		m.Add(m, new(big.Rat).Mul(p, big.NewRat(int64(d.Min+i), 1)))
	}
	return m
}

// Variance returns the variance.
func (d Dist) Variance() float64 {
	mean, _ := d.Mean().Float64()
	v := 0.0
	for i, p := range d.P {
		f, _ := p.Float64()
		x := float64(d.Min+i) - mean
		v += f * x * x
	}
	return v
}

// At returns the chance of v.
func (d Dist) At(v int) *big.Rat {
	if v < d.Min || v >= d.Min+len(d.P) {
		return new(big.Rat)
	}
	return d.P[v-d.Min]
}

// Report is the distribution of a round's outcome (RULES.md 21.9), exact
// or sampled.
type Report struct {
	Ruleset rules.Ruleset
	// N is the number of Monte Carlo samples, 0 for an exact report.
	N    int
	Seed uint64
	// Chances of a strict win of each side, of a draw (t9a: equal scores,
	// both win), and of the loser breaking.
	AWins, Draw, BWins, LoserBreaks *big.Rat
	// Where the break test has three outcomes (22.11), the chances of the
	// loser falling back in good order and giving ground (LoserBreaks is
	// the third); nil elsewhere.
	LoserFallsBack, LoserGivesGround *big.Rat
	// Margin is score a less score b.
	Margin Dist
	Steps  []StepReport
	Sides  [2]SideReport
	// Fallback, for a Monte Carlo report that Exact returned in place of
	// an exact one (ExactConfig.Fallback), is the state limit error.
	Fallback string
	// FallbackMsg is Fallback as a message of the catalogue, to be
	// written in a reader's language.
	FallbackMsg msg.Message `json:"-"`
	// StandIns are the units' owner_choice switches: nobody is asked in a
	// combat round, so the engine's default stands in for each (RULES.md
	// 18; Combat.StandIns).
	StandIns []rules.StandIn
}

// StepReport is the attacks each side rolled at one step; nil for a side
// with no fight at that step.
type StepReport struct {
	Key     Key
	Attacks [2]*Dist
}

// SideReport is one side's part of a report.
type SideReport struct {
	Casualties   Dist // models the side lost
	Wounds       Dist // wounds the side caused
	CombatResult Dist
	Destroyed    *big.Rat
	Breaks       *big.Rat // the side loses and fails its break test
}

// SE returns the standard error of a Monte Carlo chance p, 0 for an exact
// report.
func (r *Report) SE(p *big.Rat) float64 {
	if r.N == 0 {
		return 0
	}
	f, _ := p.Float64()
	return math.Sqrt(f * (1 - f) / float64(r.N))
}

// MeanSE returns the standard error of a Monte Carlo mean, 0 for exact.
func (r *Report) MeanSE(d Dist) float64 {
	if r.N == 0 {
		return 0
	}
	return math.Sqrt(d.Variance() / float64(r.N))
}

// acc adds up weighted outcomes into a Report.
type acc struct {
	total          *big.Rat
	aw, dr, bw, lb *big.Rat
	fb, gg         *big.Rat // the loser falls back, gives ground (22.11)
	margin         map[int]*big.Rat
	steps          []StepCount
	attacks        [][2]map[int]*big.Rat
	cas, wnd, cr   [2]map[int]*big.Rat
	destroyed, brk [2]*big.Rat
}

func newAcc() *acc {
	a := &acc{total: new(big.Rat), aw: new(big.Rat), dr: new(big.Rat), bw: new(big.Rat), lb: new(big.Rat),
		fb: new(big.Rat), gg: new(big.Rat), margin: map[int]*big.Rat{}}
	for i := range 2 {
		a.cas[i], a.wnd[i], a.cr[i] = map[int]*big.Rat{}, map[int]*big.Rat{}, map[int]*big.Rat{}
		a.destroyed[i], a.brk[i] = new(big.Rat), new(big.Rat)
	}
	return a
}

func addTo(m map[int]*big.Rat, v int, w *big.Rat) {
	if p, ok := m[v]; ok {
		p.Add(p, w)
		return
	}
	m[v] = new(big.Rat).Set(w)
}

func (a *acc) add(o *Outcome, w *big.Rat) {
	a.total.Add(a.total, w)
	switch o.Winner {
	case A:
		a.aw.Add(a.aw, w)
	case B:
		a.bw.Add(a.bw, w)
	default:
		a.dr.Add(a.dr, w)
	}
	addTo(a.margin, o.Margin(), w)
	if o.Break != nil {
		switch o.Break.Result {
		case FallBackInGoodOrder:
			a.fb.Add(a.fb, w)
		case GiveGround:
			a.gg.Add(a.gg, w)
		}
	}
	if a.steps == nil {
		a.steps = o.Steps
		a.attacks = make([][2]map[int]*big.Rat, len(o.Steps))
		for i := range a.attacks {
			a.attacks[i] = [2]map[int]*big.Rat{{}, {}}
		}
	}
	for k, s := range o.Steps {
		for i := range 2 {
			if s.Fights[i] {
				addTo(a.attacks[k][i], s.Attacks[i], w)
			}
		}
	}
	for i := range 2 {
		addTo(a.cas[i], o.Casualties[i], w)
		addTo(a.wnd[i], o.Wounds[i], w)
		addTo(a.cr[i], o.Score[i], w)
		if o.Destroyed[i] {
			a.destroyed[i].Add(a.destroyed[i], w)
		}
		if o.Broke(sideOf(i)) {
			a.brk[i].Add(a.brk[i], w)
			a.lb.Add(a.lb, w)
		}
	}
}

// merge adds b's weights to a's; both add up outcomes of one combat.
func (a *acc) merge(b *acc) {
	a.total.Add(a.total, b.total)
	for _, x := range [][2]*big.Rat{{a.aw, b.aw}, {a.dr, b.dr}, {a.bw, b.bw}, {a.lb, b.lb}, {a.fb, b.fb}, {a.gg, b.gg},
		{a.destroyed[0], b.destroyed[0]}, {a.destroyed[1], b.destroyed[1]}, {a.brk[0], b.brk[0]}, {a.brk[1], b.brk[1]}} {
		x[0].Add(x[0], x[1])
	}
	mergeMap := func(dst, src map[int]*big.Rat) {
		for v, w := range src {
			addTo(dst, v, w)
		}
	}
	mergeMap(a.margin, b.margin)
	for i := range 2 {
		mergeMap(a.cas[i], b.cas[i])
		mergeMap(a.wnd[i], b.wnd[i])
		mergeMap(a.cr[i], b.cr[i])
	}
	if b.steps == nil {
		return
	}
	if a.steps == nil {
		a.steps = b.steps
		a.attacks = make([][2]map[int]*big.Rat, len(b.steps))
		for i := range a.attacks {
			a.attacks[i] = [2]map[int]*big.Rat{{}, {}}
		}
	}
	for k := range b.attacks {
		for i := range 2 {
			mergeMap(a.attacks[k][i], b.attacks[k][i])
		}
	}
}

func (a *acc) dist(m map[int]*big.Rat, from0 bool) Dist {
	if len(m) == 0 {
		return Dist{}
	}
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	lo, hi := keys[0], keys[len(keys)-1]
	if from0 && lo > 0 {
		lo = 0
	}
	d := Dist{Min: lo, P: make([]*big.Rat, hi-lo+1)}
	for i := range d.P {
		d.P[i] = new(big.Rat)
		if p, ok := m[lo+i]; ok {
			d.P[i].Quo(p, a.total)
		}
	}
	return d
}

// StandIns lists the owner_choice switches of either unit (RULES.md 18):
// nobody is asked during a combat round, so the engine's default stands in
// for each, in every reader (Resolve, Exact, MonteCarlo, Enumerate).
// Readers say so; each switch is named once.
func (c *Combat) StandIns() []rules.StandIn {
	var out []rules.StandIn
	for _, s := range c.Sides {
		if s.Unit == nil {
			continue
		}
		_, in := au(s.Unit).StandIn(nil)
		for _, x := range in {
			if !slices.Contains(out, x) {
				out = append(out, x)
			}
		}
	}
	return out
}

// StandInMsg is the note that says an owner_choice switch's default stands
// in, as rules.StandIn's String says it: "single_rank_policy is
// owner_choice, and nobody is asked here: the engine's default (balance)
// stands in".
func StandInMsg(s rules.StandIn) msg.Message {
	return msg.New("combat.note.stand_in", s.Switch, strings.ReplaceAll(s.Default, "_", " "))
}

func (a *acc) report(rs rules.Ruleset) *Report {
	q := func(x *big.Rat) *big.Rat { return new(big.Rat).Quo(x, a.total) }
	r := &Report{Ruleset: rs, AWins: q(a.aw), Draw: q(a.dr), BWins: q(a.bw), LoserBreaks: q(a.lb), Margin: a.dist(a.margin, false)}
	if rules.For(rs).Combat.ThreeOutcomes {
		r.LoserFallsBack, r.LoserGivesGround = q(a.fb), q(a.gg)
	}
	for k, s := range a.steps {
		sr := StepReport{Key: s.Key}
		for i := range 2 {
			if s.Fights[i] {
				d := a.dist(a.attacks[k][i], false)
				sr.Attacks[i] = &d
			}
		}
		r.Steps = append(r.Steps, sr)
	}
	for i := range 2 {
		r.Sides[i] = SideReport{
			Casualties:   a.dist(a.cas[i], true),
			Wounds:       a.dist(a.wnd[i], true),
			CombatResult: a.dist(a.cr[i], true),
			Destroyed:    q(a.destroyed[i]),
			Breaks:       q(a.brk[i]),
		}
	}
	return r
}

// MonteCarlo plays n rounds and reports the frequencies; Report.SE gives
// their standard errors. Rounds come in chunks of MonteCarloChunk, chunk k
// rolled by dice.NewSeededStream(seed, k) and played in parallel on copies
// of the units, so the same seed gives the same report on any machine. It
// stops with ctx's error within a step of the referee's machine (a die, or
// an unsaved wound's damage) of ctx's end. A panic of a worker, a bug, is
// returned as a *safe.PanicError, and stops the others.
func (c *Combat) MonteCarlo(ctx context.Context, n int, seed uint64) (*Report, error) {
	if err := c.ready(); err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, msg.Errorf(nil, "combat.error.monte_carlo_n", n)
	}
	st, release := watch(ctx)
	defer release()
	chunks := (n + MonteCarloChunk - 1) / MonteCarloChunk
	accs := make([]*acc, chunks)
	var next atomic.Int64
	errs := make([]error, min(runtime.GOMAXPROCS(0), chunks))
	var wg sync.WaitGroup
	for w := range errs {
		mine := c.copy()
		wg.Go(func() {
			defer func() {
				if v := recover(); v != nil {
					errs[w] = safe.Wrap(v)
				}
				if errs[w] != nil {
					st.halt()
				}
			}()
			safe.Check("combat.montecarlo")
			errs[w] = mine.monteCarloChunks(st, &next, accs, n, seed)
		})
	}
	wg.Wait()
	if err := st.firstError(errs); err != nil {
		return nil, err
	}
	total := newAcc()
	for _, a := range accs {
		total.merge(a)
	}
	rep := total.report(c.Ruleset)
	rep.N, rep.Seed = n, seed
	rep.StandIns = c.StandIns()
	return rep, nil
}

// monteCarloChunks plays the chunks of MonteCarlo's n rounds that next
// hands out, on c's own units, into accs, until none is left or st is set.
func (c *Combat) monteCarloChunks(st *stopper, next *atomic.Int64, accs []*acc, n int, seed uint64) error {
	if !noSampleCache {
		c.sample = newSampleCache()
	}
	for {
		k := int(next.Add(1) - 1)
		if k >= len(accs) {
			return nil
		}
		r := dice.NewSeededStream(seed, uint64(k))
		var s sampled
		for j := k * MonteCarloChunk; j < min(n, (k+1)*MonteCarloChunk); j++ {
			if err := st.check(); err != nil {
				return err
			}
			o, err := c.play(st, r, nil)
			if err != nil {
				return err
			}
			o.Units = [2]*rearrank.Unit{} // the workers' machines' own, which the next round overwrites (sample.go)
			s.add(o)
		}
		accs[k] = s.acc()
	}
}

// sampled counts a chunk's rounds by what acc reads of an outcome, so
// that acc adds each distinct outcome once with its count as the weight:
// a chunk's rounds fall into a few hundred such outcomes, and adding
// every round in big.Rat arithmetic was a fifth of a sampled round's
// time.
type sampled struct {
	key   []byte
	count map[string]int
	first []*Outcome // each distinct outcome's first round, in the order met
}

// add counts o.
func (s *sampled) add(o *Outcome) {
	s.key = outcomeKey(s.key[:0], o)
	if n, ok := s.count[string(s.key)]; ok {
		s.count[string(s.key)] = n + 1
		return
	}
	if s.count == nil {
		s.count = map[string]int{}
	}
	s.count[string(s.key)] = 1
	s.first = append(s.first, o)
}

// outcomeKey appends to k what acc.add reads of o, each number a varint
// and the break test's result with its length: fields in a fixed order
// that tell where each ends.
func outcomeKey(k []byte, o *Outcome) []byte {
	k = binary.AppendVarint(append(k, byte(o.Winner)), int64(o.Margin()))
	if o.Break != nil {
		k = append(k, '!', byte(o.Break.Side), b2byte(o.Break.Broke))
		k = append(binary.AppendUvarint(k, uint64(len(o.Break.Result))), o.Break.Result...)
	} else {
		k = append(k, '.')
	}
	k = binary.AppendUvarint(k, uint64(len(o.Steps)))
	for _, st := range o.Steps {
		for i := range 2 {
			k = binary.AppendVarint(append(k, b2byte(st.Fights[i])), int64(st.Attacks[i]))
		}
	}
	for i := range 2 {
		k = append(k, b2byte(o.Destroyed[i]))
		for _, v := range [...]int{o.Casualties[i], o.Wounds[i], o.Score[i]} {
			k = binary.AppendVarint(k, int64(v))
		}
	}
	return k
}

// acc returns the counts as weights: an outcome met n times weighs n.
func (s *sampled) acc() *acc {
	a := newAcc()
	w := new(big.Rat)
	for _, o := range s.first {
		s.key = outcomeKey(s.key[:0], o)
		a.add(o, w.SetInt64(int64(s.count[string(s.key)])))
	}
	return a
}

func b2byte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// MonteCarloChunk is the number of rounds one seeded stream plays.
const MonteCarloChunk = 1024

// copy returns c with units of its own, for another goroutine.
func (c *Combat) copy() *Combat {
	d := *c
	for i := range d.Sides {
		d.Sides[i].Unit = c.Sides[i].Unit.Clone()
		au(d.Sides[i].Unit).SetQuiet(true) // nobody reads the notes of a sampled round
	}
	d.start = &[2][][]unit.Cell{au(d.Sides[0].Unit).Ranks(), au(d.Sides[1].Unit).Ranks()}
	return &d
}

// ErrTooLarge is returned by Enumerate when the round needs more dice paths
// than its limit allows.
var ErrTooLarge = errors.New("too many dice paths for the brute-force exact reader")

// DefaultPaths is Enumerate's path limit when given 0: a few seconds of
// rounds.
const DefaultPaths = 50000

// Enumerate walks every way the dice can fall, replaying the whole round once
// per way (an odometer over the dice; faces the rules treat alike are one
// branch, as referee.ClassBrancher allows), with no merging of equal
// states. It is the reference that Exact, the fast reader, is tested against,
// and is practical only for small combats: it stops with ErrTooLarge after
// maxPaths rounds (0 means DefaultPaths), and with ctx's error within a
// step of the referee's machine of ctx's end.
func (c *Combat) Enumerate(ctx context.Context, maxPaths int) (*Report, error) {
	if err := c.ready(); err != nil {
		return nil, err
	}
	if maxPaths <= 0 {
		maxPaths = DefaultPaths
	}
	st, release := watch(ctx)
	defer release()
	if err := st.check(); err != nil {
		return nil, err
	}
	if est, err := c.estimatePaths(st); err != nil {
		return nil, st.cause(err)
	} else if est > 2*float64(maxPaths) {
		return nil, msg.Errorf(ErrTooLarge, "combat.error.enumerate_estimate", strconv.FormatFloat(est, 'g', 2, 64), maxPaths)
	}
	a := newAcc()
	err := enumerate(st, maxPaths, func(r dice.Roller) error {
		o, err := c.play(st, r, nil)
		if err != nil {
			return err
		}
		a.add(o, r.(*odometer).weight())
		return nil
	})
	if err != nil {
		return nil, st.cause(err)
	}
	rep := a.report(c.Ruleset)
	rep.StandIns = c.StandIns()
	return rep, nil
}

// odometer is a dice.Roller that replays a fixed prefix of choices and
// takes the first branch of every die beyond it; after each run, next
// turns it to the following path.
type odometer struct {
	path []branch
	pos  int
}

type branch struct {
	sides  int
	choice int
	faces  []int // a face of each branch
	sizes  []int // faces in each branch
}

// Roll implements dice.Roller: every face is a branch.
func (o *odometer) Roll(sides int) int {
	return o.take(sides, 0)
}

// Branch implements dice.Brancher.
func (o *odometer) Branch(sides int) (int, error) { return o.take(sides, 0), nil }

// BranchClass implements referee.ClassBrancher: faces between two cuts
// are one branch.
func (o *odometer) BranchClass(sides int, cuts uint64) (int, error) {
	return o.take(sides, cuts), nil
}

func (o *odometer) take(sides int, cuts uint64) int {
	if o.pos < len(o.path) {
		b := &o.path[o.pos]
		o.pos++
		return b.faces[b.choice]
	}
	o.path = append(o.path, newBranch(sides, cuts))
	o.pos++
	return o.path[o.pos-1].faces[0]
}

// newBranch splits a die's faces at cuts (every face its own branch when
// cuts is 0).
func newBranch(sides int, cuts uint64) branch {
	b := branch{sides: sides}
	start := 1
	for f := 2; f <= sides+1; f++ {
		if f == sides+1 || cuts == 0 || cuts&(1<<f) != 0 {
			b.faces = append(b.faces, start)
			b.sizes = append(b.sizes, f-start)
			start = f
		}
	}
	return b
}

// prober walks one random path of the dice tree and multiplies the
// branches met on the way: averaged over random paths, that product is the
// number of paths (Knuth's estimate of the size of a tree).
type prober struct {
	rng  *dice.Seeded
	prod float64
}

func (p *prober) Roll(sides int) int            { return p.take(sides, 0) }
func (p *prober) Branch(sides int) (int, error) { return p.take(sides, 0), nil }
func (p *prober) BranchClass(sides int, cuts uint64) (int, error) {
	return p.take(sides, cuts), nil
}

func (p *prober) take(sides int, cuts uint64) int {
	b := newBranch(sides, cuts)
	p.prod *= float64(len(b.faces))
	return b.faces[p.rng.Roll(len(b.faces))-1]
}

// estimatePaths estimates the number of dice paths of a round from 32
// random paths, so that Enumerate refuses a large combat at once.
func (c *Combat) estimatePaths(st *stopper) (float64, error) {
	const probes = 32
	p := &prober{rng: dice.NewSeeded(1)}
	sum := 0.0
	for range probes {
		p.prod = 1
		if _, err := c.play(st, p, nil); err != nil {
			return 0, err
		}
		sum += p.prod
	}
	return sum / probes, nil
}

// weight is the chance of the path just run.
func (o *odometer) weight() *big.Rat {
	num, den := big.NewInt(1), big.NewInt(1)
	for _, b := range o.path[:o.pos] {
		num.Mul(num, big.NewInt(int64(b.sizes[b.choice])))
		den.Mul(den, big.NewInt(int64(b.sides)))
	}
	return new(big.Rat).SetFrac(num, den)
}

// next moves to the next path; false when every path has been run.
func (o *odometer) next() bool {
	o.path = o.path[:o.pos]
	for len(o.path) > 0 {
		b := &o.path[len(o.path)-1]
		if b.choice+1 < len(b.faces) {
			b.choice++
			o.pos = 0
			return true
		}
		o.path = o.path[:len(o.path)-1]
	}
	return false
}

// enumerate runs f once per dice path, at most limit times, until st is
// set.
func enumerate(st *stopper, limit int, f func(r dice.Roller) error) error {
	o := &odometer{}
	for n := 0; ; n++ {
		if err := st.check(); err != nil {
			return err
		}
		if n == limit {
			return msg.Errorf(ErrTooLarge, "combat.error.enumerate_limit", limit)
		}
		o.pos = 0
		if err := f(o); err != nil {
			return err
		}
		if !o.next() {
			return nil
		}
	}
}
