package odds

import (
	"cmp"
	"math/bits"
	"slices"
)

// The last batch under packets capped at the wounds left (lastBatchRemaining,
// tow RULES.md 22.7): the weight of each total T of wounds after n attacks.
//
// An attack adds nothing (weight f·Σdist, the miss) or one packet (weight
// s·dist[k]) that stops at the model it lands on: it adds min(k, room),
// room = w - (carried+T) mod w. Which attacks land does not change where
// the packets that land stop, so T splits by the number S of packets that
// land:
//
//	head[T] = Σ_S C(n,S)·miss^(n-S)·s^S · chain[S][T]
//
// where chain[S][T] weighs T after S packets alone, each k with weight
// dist[k] (remainingPackets' chain). The first factor is the binomial
// polyHead already makes; chain[S][T] is at most (Σdist)^S, so while that
// fits a word the chain runs in machine integers, and each total costs only
// one big multiplication per S. Past a word, the chain over attacks runs
// in weights (remainingDirect).

// capStep is a packet of k wounds, or a step of k in the total, with
// weight c.
type capStep struct {
	k int
	c uint64
}

// stepsByRoom returns, for each room from 1 to w, the steps a packet
// takes from a model with room Wounds left: the packets below room as they
// are, the others one step of room with their weights summed (the packet
// stops there). Where a sum passes a word, each packet is its own step,
// stopped at room.
func stepsByRoom(packets []capStep, w int) [][]capStep {
	byRoom := make([][]capStep, w+1)
	for room := 1; room <= w; room++ {
		var whole, carry uint64
		for _, p := range packets {
			if p.k < room {
				byRoom[room] = append(byRoom[room], p)
			} else if whole, carry = bits.Add64(whole, p.c, carry); carry != 0 {
				break
			}
		}
		if carry != 0 {
			byRoom[room] = byRoom[room][:0]
			for _, p := range packets {
				byRoom[room] = append(byRoom[room], capStep{min(p.k, room), p.c})
			}
		} else if whole != 0 {
			byRoom[room] = append(byRoom[room], capStep{room, whole})
		}
	}
	return byRoom
}

// remainingLast is one last batch of n attacks whose packets are capped at
// the wounds left on a pool of models of w Wounds carrying carried.
type remainingLast struct {
	n, w, carried int
	// packets are the wounds k of one packet with their weights over dq;
	// sum is their whole, the weight of one packet over dq
	packets []capStep
	sum     uint64
	// inWords: sum^n fits a word, and the chain runs over packets
	// (remainingHead); then coef weighs an attack missing or landing, over
	// per. Otherwise steps weighs an attack's packets and miss its missing,
	// over per (remainingDirect).
	inWords bool
	coef    []uint64
	steps   []capStep
	miss    uint64
	per     den // one attack's denominator
}

// newRemainingLast builds the batch from the packet distribution dist (over
// dq) and the weights s and f of an attack landing or not (over d). It
// reports false where a weight passes a word: the packets step then.
func newRemainingLast(dist map[int]weight, dq den, n, w, carried int, s, f uint64, d den) (remainingLast, bool) {
	r := remainingLast{n: n, w: w, carried: carried, per: d.mul(dq)}
	var carry uint64
	for k, p := range dist {
		v, fits := small(p)
		if k < 1 || !fits {
			return remainingLast{}, false // a packet of 0 wounds is the referee's error to report
		}
		if r.sum, carry = bits.Add64(r.sum, v, 0); carry != 0 {
			return remainingLast{}, false
		}
		r.packets = append(r.packets, capStep{k, v})
	}
	slices.SortFunc(r.packets, func(a, b capStep) int { return cmp.Compare(a.k, b.k) })
	// an attack misses with weight f·sum over d·dq
	hi, miss := bits.Mul64(f, r.sum)
	if hi != 0 {
		return remainingLast{}, false
	}
	r.miss = miss
	r.inWords = true
	for p, i := uint64(1), 0; i < n && r.inWords; i++ { // sum^n bounds every chain weight
		hi, p = bits.Mul64(p, r.sum)
		r.inWords = hi == 0
	}
	if r.inWords {
		r.coef, r.per = reduceCoef([]uint64{miss, s}, r.per)
		return r, true
	}
	r.steps = make([]capStep, len(r.packets))
	for i, p := range r.packets {
		hi, lo := bits.Mul64(s, p.c)
		if hi != 0 {
			return remainingLast{}, false
		}
		r.steps[i] = capStep{p.k, lo}
	}
	return r, true
}

// top returns the largest total n attacks can reach.
func (r remainingLast) top() int {
	most := 0
	for _, p := range r.packets {
		most = max(most, min(p.k, r.w))
	}
	return r.n * most
}

// over returns the denominator of head's weights.
func (r remainingLast) over() den { return r.per.pow(r.n) }

// remainingHead returns the weight of each total below last and, at last,
// of every total from last on (finishLast's head), over r.over().
func (e *enumerator) remainingHead(r remainingLast, last int) []weight {
	if !r.inWords {
		return remainingDirect(r, last)
	}
	binom := e.polyHead(r.coef, r.n, r.n) // binom[S]: S of n attacks land; shared, only read
	byRoom := stepsByRoom(r.packets, r.w)
	q := make([]weight, last+1)
	row, next := make([]uint64, last+1), make([]uint64, last+1)
	row[0] = 1
	lo, hi := 0, 0 // row's totals run from lo to hi
	for landed := 0; ; landed++ {
		if b := binom[landed]; !b.isZero() {
			for t := lo; t <= hi; t++ {
				if x := row[t]; x != 0 {
					q[t].add(b.mulSmall(x))
				}
			}
		}
		if landed == r.n {
			return q
		}
		// one more packet: the totals move up by its capped wounds
		nhi := min(hi+r.w, last)
		clear(next[lo : nhi+1])
		nlo := nhi
		for t := lo; t <= hi; t++ {
			x := row[t]
			if x == 0 {
				continue
			}
			for _, st := range byRoom[r.w-(r.carried+t)%r.w] {
				j := min(t+st.k, last)
				next[j] += x * st.c // at most sum^n: a word
				nlo = min(nlo, j)
			}
		}
		row, next = next, row
		lo, hi = nlo, nhi
	}
}

// remainingDirect is remainingHead over attacks, one at a time, in
// weights: for chains past a word.
func remainingDirect(r remainingLast, last int) []weight {
	byRoom := stepsByRoom(r.steps, r.w)
	q, g := make([]weight, 1, last+1), make([]weight, 0, last+1) // two buffers, swapped
	q[0] = one
	for range r.n {
		g = g[:min(len(q)+r.w, last+1)]
		clear(g)
		for t, x := range q {
			if x.isZero() {
				continue
			}
			g[t].add(x.mulSmall(r.miss))
			for _, st := range byRoom[r.w-(r.carried+t)%r.w] {
				g[min(t+st.k, last)].add(x.mulSmall(st.c))
			}
		}
		q, g = g, q
	}
	for len(q) < last+1 {
		q = append(q, weight{})
	}
	return q
}
