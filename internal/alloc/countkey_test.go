package alloc

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
	"pgregory.net/rapid"
)

// counts is everything of a Change and a unit that exact odds count
// (odds.Result): casualties by role, wounds taken and wasted, the standard,
// and what the referee reads before a batch (the receivers' profiles and
// damage, the phase counters).
func counts(u *Unit, c Change, targets []unit.Target) string {
	var b strings.Builder
	roles := map[unit.Role]int{}
	for _, x := range c.Removed {
		roles[x.Role]++
	}
	fmt.Fprintf(&b, "removed %v effective %d wasted %d standard %v;", roles, c.Effective, c.Wasted, c.StandardLost)
	for r := unit.RankAndFile; r <= unit.Character; r++ {
		fmt.Fprintf(&b, " %s %d", r, u.Count(r))
	}
	fmt.Fprintf(&b, "; size %d phase %d/%d lost %v;", u.Size(), u.PhaseCasualties(), u.PhaseStartSize(), u.StandardLost())
	for _, t := range targets {
		m, err := u.Receiver(t)
		fmt.Fprintf(&b, " %s: W%d T%d damage %d %v", t, m.W, m.T, m.Damage, err != nil)
	}
	return b.String()
}

// genCountKeyed draws a battleaxe per-model unit spec with one kind of rank
// and file (the units SetCountKey applies to), and damage for its models.
func genCountKeyed(t *rapid.T) unit.Spec {
	s := genSpec(t)
	s.Ruleset, s.Groups, s.Carried = rules.Battleaxe, nil, 0
	s.Options.DamageModel = rules.PerModel
	s.Options.SingleRankPolicy = rules.SingleRankPolicy(rapid.IntRange(0, 2).Draw(t, "policy"))
	s.Options.RearRankOrder, s.Options.CommandOrder = 0, 0
	s.Models = min(s.Models, 6)
	s.Profile.W = rapid.IntRange(2, 3).Draw(t, "w")
	s.Damage = rapid.SliceOfN(rapid.IntRange(0, s.Profile.W-1), 0, 8).Draw(t, "damage")
	return s
}

// noC12 is genPacket without instant kills aimed at the musician or the
// standard bearer, which the count key refuses (C12).
func noC12(t *rapid.T, targets []unit.Target) Packet {
	p := genPacket(t, targets)
	if p.InstantKill && (p.Target.Role == unit.Musician || p.Target.Role == unit.StandardBearer) {
		p.InstantKill = false
	}
	return p
}

// c22Batch draws up to max packets of one batch in C22 order, as the
// referee hands them over: instant kills, then multi-wound packets, then
// single wounds.
func c22Batch(t *rapid.T, targets []unit.Target, most int, label string) []Packet {
	ps := make([]Packet, rapid.IntRange(0, most).Draw(t, label))
	for i := range ps {
		ps[i] = noC12(t, targets)
	}
	class := func(p Packet) int {
		switch {
		case p.InstantKill:
			return 0
		case p.Multi:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(ps, func(a, b Packet) int { return class(a) - class(b) })
	return ps
}

// TestCountKeySameFuture is the proof obligation of SetCountKey: two
// states with one count key, given the same packets in the same batches,
// report the same counts at every step and keep sharing a key. The two
// states are reached from units whose models start with the same damage in
// a different order (Spec.Damage permuted), and half the time then by two
// different routes of random packets; when both end on one key, a common
// random continuation follows.
func TestCountKeySameFuture(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genCountKeyed(t)
		// Spec.Damage runs in removal order: the ordinary models first,
		// then the command; only the former are interchangeable.
		s2 := s
		ord := min(len(s.Damage), max(0, s.Models-len(s.Command)))
		s2.Damage = append(rapid.Permutation(s.Damage[:ord]).Draw(t, "permuted"), s.Damage[ord:]...)
		a, err := New(s)
		if err != nil {
			t.Skip(err)
		}
		b, err := New(s2)
		if err != nil {
			t.Fatalf("New with the damage permuted: %v", err)
		}
		a.SetCountKey(true)
		b.SetCountKey(true)
		if !a.CountKeyed() {
			t.Fatalf("a battleaxe per-model unit of one R&F kind is not count keyed: %+v", s)
		}
		if a.Key() != b.Key() {
			t.Fatalf("damage %v and %v: keys differ", s.Damage, s2.Damage)
		}
		targets := genTargets(a)
		// A route is some whole batches and a batch left open, so that
		// the states may differ in the struck marks of 11.3 too.
		route := func(u *Unit, label string) {
			for i := range rapid.IntRange(1, 3).Draw(t, label+" batches") {
				if i > 0 {
					if _, err := u.EndBatch(); err != nil {
						t.Fatalf("%s: %v", label, err)
					}
				}
				u.StartBatch(nil)
				for _, p := range c22Batch(t, targets, 3, label+" packets") {
					if _, err := u.Apply(p); err != nil {
						t.Fatalf("%s: %v", label, err)
					}
				}
			}
		}
		if rapid.Bool().Draw(t, "routes") {
			route(a, "route a")
			route(b, "route b")
			if a.Key() != b.Key() {
				return // nothing to compare: no common future is claimed
			}
		}
		for i := range rapid.IntRange(1, 4).Draw(t, "batches") {
			if i > 0 && rapid.Bool().Draw(t, "new phase") {
				a.StartPhase()
				b.StartPhase()
			}
			if i > 0 || !a.inBatch { // the first continues a route's open batch
				a.StartBatch(nil)
				b.StartBatch(nil)
			}
			for j, p := range c22Batch(t, targets, 6, "packets") {
				before := a.DrawDamage() + " | " + b.DrawDamage()
				ca, erra := a.Apply(p)
				cb, errb := b.Apply(p)
				if (erra == nil) != (errb == nil) {
					t.Fatalf("batch %d packet %d %+v: errors %v and %v", i, j, p, erra, errb)
				}
				if x, y := counts(a, ca, targets), counts(b, cb, targets); x != y {
					t.Fatalf("batch %d packet %d %+v on %s:\n  %s\n  %s", i, j, p, before, x, y)
				}
				if a.Key() != b.Key() {
					t.Fatalf("batch %d packet %d %+v on %s: keys part: %s | %s", i, j, p, before, a.DrawDamage(), b.DrawDamage())
				}
			}
			ca, erra := a.EndBatch()
			cb, errb := b.EndBatch()
			if erra != nil || errb != nil {
				t.Fatalf("EndBatch: %v, %v", erra, errb)
			}
			if x, y := counts(a, ca, targets), counts(b, cb, targets); x != y || a.Key() != b.Key() {
				t.Fatalf("EndBatch of batch %d:\n  %s\n  %s", i, x, y)
			}
		}
	})
}

// TestCountKeyMerges: with the count key, states that differ only in which
// identical model bears which damage share a key; without it they do not.
// Models elsewhere (another kind, an owner_choice switch) keep the slot key.
func TestCountKeyMerges(t *testing.T) {
	spec := unit.Spec{Ruleset: rules.Battleaxe, Models: 4, Frontage: 4, Profile: ogre}
	a, b := mustNew(t, spec), mustNew(t, spec)
	batch(t, a, packets(rf, 1, 2))
	// b's first packet lands on the same model as a's, its second on the
	// next fresh one: the damage 2 and 1 stand in the other order.
	batch(t, b, packets(rf, 2, 1))
	if a.DrawDamage() == b.DrawDamage() {
		t.Fatalf("both %s: the test wants two formations", a.DrawDamage())
	}
	if a.Key() == b.Key() {
		t.Errorf("%s and %s share a slot key", a.DrawDamage(), b.DrawDamage())
	}
	a.SetCountKey(true)
	b.SetCountKey(true)
	if a.Key() != b.Key() {
		t.Errorf("%s and %s: count keys differ", a.DrawDamage(), b.DrawDamage())
	}
	c := a.Clone()
	batch(t, c, singles(rf, 1))
	if c.Key() == a.Key() {
		t.Error("one more wound left the count key unchanged")
	}

	for _, s := range []unit.Spec{
		{Ruleset: rules.Battleaxe, Models: 4, Profile: ogre, Groups: []unit.Group{{Count: 2, Profile: troll2}}},
		{Ruleset: rules.Battleaxe, Models: 4, Profile: ogre, Options: rules.Options{SingleRankPolicy: rules.SingleRankOwnerChoice}},
		{Ruleset: rules.Battleaxe, Models: 4, Profile: ogre, Options: rules.Options{DamageModel: rules.Pooled}},
		{Ruleset: rules.WHFB8, Models: 4, Profile: ogre},
	} {
		u := mustNew(t, s)
		k := u.Key()
		u.SetCountKey(true)
		if u.CountKeyed() || u.Key() != k {
			t.Errorf("%s %+v: count keyed %v, key changed %v", s.Ruleset, s.Options, u.CountKeyed(), u.Key() != k)
		}
	}
}

// troll2 is a second rank-and-file kind: W2 among W3 ogres.
var troll2 = unit.Profile{TroopType: rules.MonstrousInfantry, W: 2, T: 4, WS: 3}

// TestCountKeyRefusesC12: an instant kill aimed at the musician takes the
// closest rank and file (C12), a model chosen by where it stands, which a
// count key cannot tell: Apply refuses it and changes nothing.
func TestCountKeyRefusesC12(t *testing.T) {
	u := mustNew(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 5, Command: []unit.Role{unit.Musician}, Profile: ogre})
	u.SetCountKey(true)
	before := u.Key()
	_, err := u.Apply(kill(unit.Target{Role: unit.Musician}))
	if err == nil || !strings.Contains(err.Error(), "C12") {
		t.Fatalf("err = %v, want a C12 refusal", err)
	}
	if u.Key() != before || u.Size() != 5 {
		t.Errorf("the refused packet changed the unit: %s", u.DrawDamage())
	}
	u.SetCountKey(false)
	if c, err := u.Apply(kill(unit.Target{Role: unit.Musician})); err != nil || len(c.Removed) != 1 || c.Removed[0].Role != unit.RankAndFile {
		t.Errorf("without the count key: %v, %+v", err, c.Removed)
	}
}
