package combat

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/rearrank/rearrank/rules"
)

// TestAlwaysStrikesFirstWithHatred: a fight whose misses Always Strikes
// First re-rolls (21.4) and that has Hatred (20.1) re-rolls each miss once,
// not twice (20.1 U1), in its side's one batch (21.2, C24): 4+ to hit gives
// 3/4 as in E127, then 2+ to wound 5/6. Rolling the re-rolled misses as a
// second batch of Hatred attacks re-rolled them again: 7/8 x 5/6.
func TestAlwaysStrikesFirstWithHatred(t *testing.T) {
	asf := troop{name: "ASF", ws: 3, s: 10, t: 1, i: 5, a: 1, ld: 7, strikes: First}
	foe := troop{name: "Foe", ws: 3, s: 1, t: 1, i: 4, a: 1, ld: 7}
	c := duel(t, rules.WHFB8, asf, foe)
	c.Sides[0].Fights[0].Attack.Hatred = true
	rep := exact(t, c) // Exact, and Enumerate over every die (exact)
	exactIs(t, "ASF and Hatred, 4+ then 2+", rep.Sides[1].Casualties.At(1), "5/8")
	// Without ASF, Hatred alone gives the same (E105's 3/4 to hit).
	c.Sides[0].Fights[0].Strikes = Normal
	rep = exact(t, c)
	exactIs(t, "Hatred alone, 4+ then 2+", rep.Sides[1].Casualties.At(1), "5/8")
}

// TestSpecialRulesInACombat: a whfb8 round where the Men (I3) have Hatred
// and the Elves (I5) Poisoned Attacks. Both fields reach the referee's
// batch, so the three readers agree: Exact equals the walk of every die
// (Enumerate), and seeded Monte Carlo lies within 4 standard errors. The
// Elves' step is checked by hand: 5 attacks on 3+ with a natural 6
// wounding automatically (20.2, E89): 1/6 + (1/2)(1/2) = 5/12 per attack
// (1/3 without poison). So the Men lose Bin(5, 5/12) and strike back with
// 5 - k attacks at 3/4 x 1/2 = 3/8 each (E105's Hatred: 4+ re-rolled).
func TestSpecialRulesInACombat(t *testing.T) {
	rs := rules.WHFB8
	c := &Combat{Ruleset: rs, Sides: [2]Combatant{block(t, rs, elves, 5, 5), block(t, rs, men, 5, 5)}}
	poison, err := rules.ParseTrigger("6+")
	if err != nil {
		t.Fatal(err)
	}
	c.Sides[0].Fights[0].Attack.Poison = poison
	c.Sides[1].Fights[0].Attack.Hatred = true
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	ex := exact(t, c)

	// The Men's casualties: Bin(5, 5/12), none lost (7/12)^5.
	exactIs(t, "Men lost none", ex.Sides[1].Casualties.At(0), "16807/248832")
	for k := 0; k <= 5; k++ {
		exactIs(t, fmt.Sprintf("Men lost %d", k), ex.Sides[1].Casualties.At(k), binom(5, k, big.NewRat(5, 12)).RatString())
	}
	// The Elves' casualties: sum over k of Bin(5,5/12)(k) x Bin(5-k, 3/8)(0).
	want := new(big.Rat)
	for k := 0; k <= 5; k++ {
		p := binom(5, k, big.NewRat(5, 12))
		p.Mul(p, binom(5-k, 0, big.NewRat(3, 8)))
		want.Add(want, p)
	}
	exactIs(t, "Elves lost 0", ex.Sides[0].Casualties.At(0), want.RatString())

	for _, d := range farApart(ex, mc(t, c), samples) {
		t.Errorf("Monte Carlo against exact: %s", d)
	}
}

// binom is the chance of exactly k successes in n tries of chance p.
func binom(n, k int, p *big.Rat) *big.Rat {
	c := new(big.Int).Binomial(int64(n), int64(k))
	out := new(big.Rat).SetInt(c)
	q := new(big.Rat).Sub(big.NewRat(1, 1), p)
	for range k {
		out.Mul(out, p)
	}
	for range n - k {
		out.Mul(out, q)
	}
	return out
}

// TestE134HeroicKillingBlow is E134 with the Killing Blow of RULES.md 20.2
// in a fight: an Elf hero (3+ to hit, S3 against T4: 5+ to wound) strikes a
// lone Ogre (monstrous infantry, W3) already carrying 2 damage. A natural 6
// to wound is a Heroic Killing Blow: no save here, the Ogre is slain (2/3 x
// 1/6 = 1/9); a 5 is an ordinary wound that kills it too (1/9). Each scores
// the 1 wound it had left (R38), except battleaxe's instant_kill_score:
// profile, which scores the slain Ogre's 3 (R56).
func TestE134HeroicKillingBlow(t *testing.T) {
	kb, err := rules.ParseTrigger("6+")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		rs      rules.Ruleset
		score   rules.InstantKillScore
		wounds1 string // P(the hero scores 1)
		wounds3 string // P(he scores 3)
	}{
		{rules.WHFB8, rules.ScoreRemaining, "2/9", "0"},
		{rules.Battleaxe, rules.ScoreRemaining, "2/9", "0"},
		{rules.Battleaxe, rules.ScoreProfile, "1/9", "1/9"},
	} {
		ogre := woundedOgre(t, tc.rs, rules.MonstrousInfantry)
		hero := block(t, tc.rs, elves, 1, 1)
		hero.Fights[0].Attack.HeroicKillingBlow = kb
		c := &Combat{Ruleset: tc.rs, Options: rules.Options{InstantKillScore: tc.score},
			Sides: [2]Combatant{hero, {Unit: ogre, Leadership: 7}}}
		what := fmt.Sprintf("%s, instant_kill_score %d", tc.rs, tc.score)
		rep := exact(t, c) // Exact, and Enumerate over every die
		exactIs(t, what+": the Ogre destroyed", rep.Sides[1].Destroyed, "2/9")
		exactIs(t, what+": 1 wound scored", rep.Sides[0].Wounds.At(1), tc.wounds1)
		exactIs(t, what+": 3 wounds scored", rep.Sides[0].Wounds.At(3), tc.wounds3)
		for _, d := range farApart(rep, mc(t, c), samples) {
			t.Errorf("%s: Monte Carlo against exact: %s", what, d)
		}
	}
}
