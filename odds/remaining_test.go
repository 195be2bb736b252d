package odds

import (
	"math/big"
	"testing"

	"pgregory.net/rapid"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// remainingByAttack is the plain chain of a last batch under packets capped
// at the wounds left (RULES.md 22.7), attack by attack in fractions: each
// attack adds nothing with chance miss, or min(k, room) with chance
// land[k], room being what is left of the model the total has reached.
// Totals from last on share the bucket last.
func remainingByAttack(n, w, carried, last int, miss *big.Rat, land map[int]*big.Rat) []*big.Rat {
	q := []*big.Rat{big.NewRat(1, 1)}
	for range n {
		g := make([]*big.Rat, min(len(q)+w, last+1))
		for i := range g {
			g[i] = new(big.Rat)
		}
		for t, x := range q {
			g[t].Add(g[t], new(big.Rat).Mul(x, miss))
			room := w - (carried+t)%w
			for k, p := range land {
				j := min(t+min(k, room), last)
				g[j].Add(g[j], new(big.Rat).Mul(x, p))
			}
		}
		q = g
	}
	for len(q) < last+1 {
		q = append(q, new(big.Rat))
	}
	return q
}

// TestRemainingHeadByAttack: the last batch's totals split by the number of
// packets that land (remainingHead) and stepped attack by attack in
// weights (remainingDirect, for chains past a word) are both the plain
// chain's, exactly, on random packets, pools and buckets.
func TestRemainingHeadByAttack(t *testing.T) {
	seen := map[bool]int{} // by inWords
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 40).Draw(t, "n")
		w := rapid.IntRange(1, 6).Draw(t, "w")
		carried := rapid.IntRange(0, w-1).Draw(t, "carried")
		dist := map[int]weight{}
		for k := 1; k <= 7; k++ {
			if v := rapid.IntRange(0, 6).Draw(t, "packet"); v > 0 {
				dist[k] = small64(uint64(v))
			}
		}
		if len(dist) == 0 {
			dist[1] = one
		}
		dq := den{0, int32(rapid.IntRange(0, 2).Draw(t, "dq3"))}
		d := den{int32(rapid.IntRange(0, 3).Draw(t, "d2")), int32(rapid.IntRange(0, 4).Draw(t, "d3"))}
		s := uint64(rapid.IntRange(0, 200).Draw(t, "s"))
		f := uint64(rapid.IntRange(0, 200).Draw(t, "f"))
		r, ok := newRemainingLast(dist, dq, n, w, carried, s, f, d)
		if !ok {
			t.Fatalf("small weights refused")
		}
		last := rapid.IntRange(0, r.top()).Draw(t, "last")
		seen[r.inWords]++

		// the reference in fractions: an attack over d·dq
		one := new(big.Rat).SetInt(d.mul(dq).int())
		var sum int64
		land := map[int]*big.Rat{}
		for k, v := range dist {
			x, _ := v.uint64()
			sum += int64(x)
			land[k] = new(big.Rat).Quo(new(big.Rat).SetInt64(int64(s)*int64(x)), one)
		}
		miss := new(big.Rat).Quo(new(big.Rat).SetInt64(int64(f)*sum), one)
		want := remainingByAttack(n, w, carried, last, miss, land)

		e := newEnumerator(t.Context(), Config{}, true, nil, nil)
		got := e.remainingHead(r, last)
		if len(got) != last+1 {
			t.Fatalf("%d totals, want %d", len(got), last+1)
		}
		for i, x := range got {
			if g := rat(x, r.over()); g.Cmp(want[i]) != 0 {
				t.Fatalf("in words %v: total %d weighs %s, want %s", r.inWords, i, g, want[i])
			}
		}
	})
	if seen[true] == 0 || seen[false] == 0 {
		t.Errorf("chains in words %d, past a word %d: want both", seen[true], seen[false])
	}
}

// TestTowLastBatchEqualsEnumeration: tow last batches with Multiple Wounds
// that never spill (RULES.md 22.7) into pools of several Wounds, some
// carrying wounds, some behind a batch before, some regenerating (22.6):
// Exact is exactly Enumerate, and takes the last-batch path where it can.
func TestTowLastBatchEqualsEnumeration(t *testing.T) {
	fast := 0
	rapid.Check(t, func(t *rapid.T) {
		s := unit.Spec{Ruleset: rules.TOW, Models: rapid.IntRange(1, 8).Draw(t, "models"), Frontage: 5,
			Profile: unit.Profile{W: rapid.IntRange(2, 5).Draw(t, "w"), T: rapid.IntRange(2, 5).Draw(t, "t"),
				Save: rules.SaveProfile{Armour: rules.Armour(rapid.IntRange(0, 3).Draw(t, "armour"))}}}
		s.Carried = rapid.IntRange(0, s.Profile.W-1).Draw(t, "carried")
		if rapid.IntRange(0, 3).Draw(t, "regenerates") == 0 {
			s.Profile.Specials.Regeneration = rules.Need(rapid.IntRange(4, 5).Draw(t, "regen"))
		}
		if rapid.Bool().Draw(t, "warded") {
			s.Profile.Specials.Ward = rules.Need(rapid.IntRange(4, 6).Draw(t, "ward"))
		}
		u, err := alloc.New(s)
		if err != nil {
			t.Fatal(err)
		}
		attacks := make([]rearrank.Attack, rapid.IntRange(1, 2).Draw(t, "groups"))
		left := 10
		for i := range attacks {
			k := rapid.IntRange(1, left-(len(attacks)-1-i)).Draw(t, "count")
			left -= k
			attacks[i] = rearrank.Attack{Count: dice.ConstExpr(k),
				Hit:            rearrank.HitSpec{Need: rules.Need(rapid.IntRange(2, 5).Draw(t, "hit"))},
				Strength:       rapid.IntRange(2, 6).Draw(t, "s"),
				MultipleWounds: dice.MustParseExpr(rapid.SampledFrom([]string{"2", "D3", "D6", "D3+1"}).Draw(t, "mw")),
				Target:         rf}
		}
		if equalsEnumeration(t, u, attacks).Method.Took(LastBatchMarginals) {
			fast++
		}
	})
	if fast == 0 {
		t.Error("no scenario took the last-batch path")
	}
}
