package odds

import (
	"context"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/engine"
)

// Monte Carlo by counts. A sample of the first attack group need not roll
// its dice one by one: where the exact computation takes its binomialDraw
// attacks fast path (engine.Machine.AttackRolls: a block batch whose
// attacks are independent and alike), what one attack hands to the damage
// step has a distribution worked out once, over every die, by the same
// probe (probeRolls), and a sample draws each attack's outcome from it
// with one uniform number instead of the attack's two to six dice (the
// re-rolls, natural sixes and 7+ procedures all inside the probe). Their
// sum is what the batch hands on (SkipRolls), as in the exact path's
// multinomial (mixed.go).
//
// The damage step is drawn by counts too where the exact computation
// collapses it (fast.go's packets): single wounds, or packets that add up
// in a pool (capped at the profile W, or at the wounds left of the model
// they land on). A sample then draws each packet's capped wounds from the
// packet's distribution and looks up what their total T leaves: the
// machine after T single wounds, swept once per worker and remembered by
// the batch's outcome and T, stepped on past the batch with no dice where
// none are rolled (the last batch ends there). Everything else - the next
// groups, a packet that rolls Regeneration, a pool of mixed Wounds - is
// stepped by the referee's machine with the seeded dice, as before.
//
// Each draw is exact: a uniform integer below the weights' common
// denominator (dice.Seeded's unbiased reduction) is looked up in their
// running sums, so the distribution of a sample is the referee's, to the
// last bit; only which sample a seed gives changes. Config.DieByDie keeps
// the old way, for the comparisons of the tests and benchmarks.

// countPlan is what every sample of a run shares: the first group's
// per-attack outcomes with their running weights.
type countPlan struct {
	n     int // the group's attacks
	cases []engine.RollOutcome
	cum   []uint64 // cum[i]: the weight of cases[:i+1], over total
	total int
	// two is set when one case hands on nothing and the other is all the
	// rest: the count of the other is binomialDraw, drawn in chunks (binom).
	two   *binomialDraw
	other engine.RollOutcome
}

// newCountPlan works out the plan for tmpl, which stands where Monte Carlo
// starts every sample, or returns nil when its first group cannot be drawn
// by counts.
func newCountPlan(ctx context.Context, tmpl *engine.Machine) (*countPlan, error) {
	n, ok := tmpl.AttackRolls()
	if !ok || n <= 0 {
		return nil, nil
	}
	cases, d, err := probeRolls(ctx, tmpl.WithAttacks(1))
	if err != nil {
		return nil, err
	}
	dn := d.int()
	if !dn.IsUint64() || dn.Uint64() > 1<<62 {
		return nil, nil
	}
	p := &countPlan{n: n, total: int(dn.Uint64())}
	var sum uint64
	for _, k := range cases {
		w, ok := small(k.w)
		// as attackRolls: an attack hands on at most one wound or kill
		if !ok || k.o.Unsaved+k.o.Kills > 1 || k.o.NoRegen+k.o.Singles > k.o.Unsaved {
			return nil, nil
		}
		if w == 0 {
			continue
		}
		sum += w
		p.cases = append(p.cases, k.o)
		p.cum = append(p.cum, sum)
	}
	if sum != uint64(p.total) || len(p.cases) == 0 {
		return nil, nil // the probe's weights always sum to its denominator
	}
	if len(p.cases) == 2 {
		for i, o := range p.cases {
			if (o == engine.RollOutcome{}) {
				other := p.cases[1-i]
				w := p.cum[1-i]
				if i == 0 {
					w = p.cum[1] - p.cum[0]
				}
				p.other, p.two = other, newBinomialDraw(w, uint64(p.total))
			}
		}
	}
	return p, nil
}

// draw returns what the group's attacks hand on in one sample: the sum of
// each attack's outcome (mixed.go), Regeneration lost if any loses it.
func (p *countPlan) draw(r *dice.Seeded) engine.RollOutcome {
	if p.two != nil {
		j := p.two.draw(r, p.n)
		o := engine.RollOutcome{Unsaved: j * p.other.Unsaved, Kills: j * p.other.Kills, NoRegen: j * p.other.NoRegen, Singles: j * p.other.Singles}
		o.RegenLost = j > 0 && p.other.RegenLost
		return o
	}
	var o engine.RollOutcome
	for range p.n {
		u := uint64(r.Roll(p.total) - 1)
		i := 0
		for u >= p.cum[i] {
			i++
		}
		k := &p.cases[i]
		o.Unsaved += k.Unsaved
		o.Kills += k.Kills
		o.NoRegen += k.NoRegen
		o.Singles += k.Singles
		o.RegenLost = o.RegenLost || k.RegenLost
	}
	return o
}

// binomialDraw draws how many of n trials succeed, each with chance w/d, as
// one uniform number per chunk of up to k trials: chunk j of the count
// is below cdf[j] of d^k (the weights C(k,i)·w^i·(d-w)^(k-i) summed),
// every number exact in a uint64.
type binomialDraw struct {
	k   int
	cdf [][]uint64 // cdf[m] for a chunk of m trials, m <= k
	den []int      // den[m] = d^m
}

func newBinomialDraw(w, d uint64) *binomialDraw {
	b := &binomialDraw{}
	// the largest k with d^k below 2^62: dice.Seeded.Roll takes an int
	p := uint64(1)
	for b.k < 40 && p <= (1<<62)/d {
		p *= d
		b.k++
	}
	b.cdf = make([][]uint64, b.k+1)
	b.den = make([]int, b.k+1)
	// pmf[m][i]: the weight of i successes in m trials, over d^m
	pmf := []uint64{1}
	b.cdf[0], b.den[0] = []uint64{1}, 1
	for m := 1; m <= b.k; m++ {
		next := make([]uint64, m+1)
		for i, v := range pmf {
			next[i] += v * (d - w)
			next[i+1] += v * w
		}
		pmf = next
		cdf := make([]uint64, m+1)
		var s uint64
		for i, v := range pmf {
			s += v
			cdf[i] = s
		}
		b.cdf[m], b.den[m] = cdf, b.den[m-1]*int(d)
	}
	return b
}

func (b *binomialDraw) draw(r *dice.Seeded, n int) int {
	j := 0
	for n > 0 {
		m := min(n, b.k)
		n -= m
		u := uint64(r.Roll(b.den[m]) - 1)
		cdf := b.cdf[m]
		i := 0
		for u >= cdf[i] {
			i++
		}
		j += i
	}
	return j
}

// How a batch outcome's packets are drawn (countEntry.mode).
const (
	packetsStepped   = iota // by the machine, die by die
	packetsSingle           // every packet one wound: T is the count
	packetsCapped           // each packet capped at w, adding up in the pool
	packetsRemaining        // each capped at the wounds left of its model (tow)
)

// countEntry is what a worker knows of one outcome of the first group:
// the machine past its rolls, how its packets are drawn, and the machine
// after each total T of single wounds, past the batch.
type countEntry struct {
	start      *engine.Machine
	mode       int
	packets    int      // the packets waiting (RollOutcome.Unsaved)
	k          []int    // a packet's wounds, capped at w in packetsCapped
	cum        []uint64 // running weights of k, over total
	total      int
	w, carried int // packetsRemaining
	sweep      *engine.Machine
	ends       []countEnd // by T; the last stands for every T past it once stable
	// the sweep stops where a wound changes nothing (sweeper.extend)
	stable, known bool
	key, prev     []byte
}

// countEnd is the machine after a total of single wounds, stepped on with
// no dice as far as it goes, or when that is the sample's end only what
// a sample records of it (a run of a thousand attacks meets thousands of
// totals).
type countEnd struct {
	m   *engine.Machine // nil when done
	end sampleEnd
}

// countSampler draws samples by counts for one worker.
type countSampler struct {
	ctx     context.Context
	plan    *countPlan
	tmpl    *engine.Machine
	entries map[engine.RollOutcome]*countEntry
	e       enumerator // for its packet modes (packetMode, remainingCap)
	noDice  pathRoller
}

func newCountSampler(ctx context.Context, plan *countPlan, tmpl *engine.Machine) *countSampler {
	return &countSampler{ctx: ctx, plan: plan, tmpl: tmpl, entries: map[engine.RollOutcome]*countEntry{}, e: enumerator{ctx: ctx}}
}

// sample draws one sample with r, stepping m where it must, and returns
// what it ended on.
func (s *countSampler) sample(stop interface{ Load() bool }, r *dice.Seeded, m *engine.Machine) (sampleEnd, error) {
	o := s.plan.draw(r)
	e := s.entries[o]
	if e == nil {
		var err error
		if e, err = s.entry(o); err != nil {
			return sampleEnd{}, err
		}
		s.entries[o] = e
	}
	from := e.start
	if e.mode != packetsStepped {
		t := 0
		switch e.mode {
		case packetsSingle:
			t = e.packets
		case packetsCapped:
			for range e.packets {
				t += e.draw(r)
			}
		case packetsRemaining:
			for range e.packets {
				t += min(e.draw(r), e.w-(e.carried+t)%e.w)
			}
		}
		end, err := s.end(e, t)
		if err != nil {
			return sampleEnd{}, err
		}
		if end.m == nil {
			return end.end, nil
		}
		from = end.m
	}
	m.Reset(from)
	for !m.Done() {
		if stop.Load() {
			return sampleEnd{}, errStopped
		}
		if err := m.Step(r, nil); err != nil {
			return sampleEnd{}, err
		}
	}
	return sampleEnd{m.Tally(), m.Destroyed(), m.PanicApplies()}, nil
}

// draw draws one packet's wounds.
func (e *countEntry) draw(r *dice.Seeded) int {
	u := uint64(r.Roll(e.total) - 1)
	i := 0
	for u >= e.cum[i] {
		i++
	}
	return e.k[i]
}

// entry works out how the packets of outcome o are drawn.
func (s *countSampler) entry(o engine.RollOutcome) (*countEntry, error) {
	start := s.tmpl.Clone()
	start.SkipRolls(o)
	e := &countEntry{start: start, mode: packetsStepped}
	n, ok := start.PendingPackets()
	if !ok || n == 0 {
		return e, nil
	}
	e.packets = n
	if w, carried, ok := s.e.remainingCap(start); ok {
		dist, d, err := packetDist(s.ctx, start)
		if err != nil {
			return nil, err
		}
		ws := map[int]uint64{}
		for k, x := range dist {
			v, fits := small(x)
			if !fits || k < 1 {
				return e, nil
			}
			ws[k] = v
		}
		if e.setDist(ws, d) {
			e.mode, e.w, e.carried = packetsRemaining, w, carried
		}
		return e, nil
	}
	ok, capped, d, err := s.e.packetMode(start)
	if err != nil || !ok {
		return e, err
	}
	if capped == nil {
		e.mode = packetsSingle
		return e, nil
	}
	dist := map[int]uint64{}
	for k, w := range capped {
		if w > 0 {
			dist[k] = w
		}
	}
	if e.setDist(dist, d) {
		e.mode = packetsCapped
	}
	return e, nil
}

// setDist sets e's packet distribution from dist over d, keeping the
// entry stepped (false) when it does not fit in machine words.
func (e *countEntry) setDist(dist map[int]uint64, d den) bool {
	dn := d.int()
	if !dn.IsUint64() || dn.Uint64() > 1<<62 {
		return false
	}
	var sum uint64
	for k := 1; len(e.k) < len(dist); k++ {
		v, ok := dist[k]
		if !ok {
			if k > 1<<20 {
				return false
			}
			continue
		}
		sum += v
		e.k, e.cum = append(e.k, k), append(e.cum, sum)
	}
	e.total = int(dn.Uint64())
	return sum == dn.Uint64()
}

// end returns the machine after t single wounds of e's batch, sweeping on
// to t the first time (the exact path's sweep: each wound through
// ApplyPacket, then the batch closed).
func (s *countSampler) end(e *countEntry, t int) (countEnd, error) {
	for !e.stable && len(e.ends) <= t {
		if e.sweep == nil {
			e.sweep = e.start.Clone()
		} else {
			before := e.sweep.Tally()
			if err := e.sweep.ApplyPacket(1); err != nil {
				return countEnd{}, err
			}
			if tallyOf(before) == tallyOf(e.sweep.Tally()) { // Wasted, which no step reads, left out
				e.prev, e.key = e.key, e.sweep.AppendState(e.prev[:0])
				if e.known && string(e.prev) == string(e.key) {
					e.stable = true // one more wound changes nothing from here on
					break
				}
				e.known = true
			} else {
				e.known = false
			}
		}
		c := e.sweep.Clone()
		c.SkipPackets()
		done, err := s.noDiceSteps(&c)
		if err != nil {
			return countEnd{}, err
		}
		end := countEnd{m: c}
		if done {
			end = countEnd{end: sampleEnd{c.Tally(), c.Destroyed(), c.PanicApplies()}}
		}
		e.ends = append(e.ends, end)
	}
	return e.ends[min(t, len(e.ends)-1)], nil
}

// noDiceSteps steps *m on while its steps roll no die, and reports whether
// it is done.
func (s *countSampler) noDiceSteps(m **engine.Machine) (bool, error) {
	for !(*m).Done() {
		c := (*m).Clone()
		s.noDice.path = s.noDice.path[:0]
		s.noDice.reset()
		if err := c.Step(&s.noDice, nil); err != nil || len(s.noDice.path) > 0 {
			if len(s.noDice.path) > 0 {
				return false, nil
			}
			return false, err
		}
		*m = c
	}
	return true, nil
}
