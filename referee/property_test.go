package referee_test

import (
	"hash/fnv"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/gen"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Property tests over random units, attacks and dice (issue: rules core).

// The property tests draw their scenarios from package gen, with bigger
// units and the whole range of profiles (gen.Large): every die is seeded,
// none walked.

// maxAttacks bounds the attacks of a drawn scenario's groups together.
const maxAttacks = 30

func genSpec(t *rapid.T) unit.Spec {
	return gen.Spec(t, rapid.SampledFrom(rules.Rulesets()).Draw(t, "ruleset"), gen.Large)
}

// TestResolveInvariants: after every batch the invariants of RULES.md 17.3
// hold, the unit only shrinks, and the casualties reported are the models
// that left.
func TestResolveInvariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		u, attacks := gen.Scenario(t, maxAttacks, gen.Large)
		r := dice.NewSeeded(rapid.Uint64().Draw(t, "seed"))
		cur := u
		for i, a := range attacks {
			res, err := referee.Resolve(pub(cur), []rearrank.Attack{a}, r)
			if err != nil {
				t.Fatalf("group %d: %v", i+1, err)
			}
			if err := au(res.After).Check(); err != nil {
				t.Fatalf("group %d: invariant broken: %v\n%s", i+1, err, au(res.After).DrawDamage())
			}
			if au(res.Before).Key() != cur.Key() {
				t.Fatalf("Resolve changed its input unit")
			}
			before, after := cur.Size(), res.After.Size()
			if after > before || after < 0 {
				t.Fatalf("group %d: size %d -> %d", i+1, before, after)
			}
			if u.Ruleset() != rules.Skirmish && before-after != res.Tally.Casualties {
				t.Fatalf("group %d: %d models left but %d casualties reported", i+1, before-after, res.Tally.Casualties)
			}
			// every attack hits at most twice (Battle Focus), each hit
			// becomes at most MultipleHits' largest face in hits, and each
			// hit wounds at most once
			hits := 2
			if !a.MultipleHits.IsZero() {
				hits *= a.MultipleHits.Max()
			}
			if res.Tally.Unsaved > a.Count.Max()*hits {
				t.Fatalf("group %d: %d unsaved from %d attacks (at most %d hits each)", i+1, res.Tally.Unsaved, a.Count.Max(), hits)
			}
			cur = au(res.After)
		}
	})
}

// TestScriptedReproducesSeeded: the faces a seeded run used, handed to a
// scripted roller, reproduce the run exactly.
func TestScriptedReproducesSeeded(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		u, attacks := gen.Scenario(t, maxAttacks, gen.Large)
		rec := dice.NewRecorder(dice.NewSeeded(rapid.Uint64().Draw(t, "seed")))
		a, err := referee.Resolve(pub(u), attacks, rec)
		if err != nil {
			t.Fatal(err)
		}
		scripted := dice.NewScripted(rec.Faces()...)
		b, err := referee.Resolve(pub(u), attacks, scripted)
		if err != nil {
			t.Fatal(err)
		}
		if scripted.Remaining() != 0 {
			t.Fatalf("%d faces left over", scripted.Remaining())
		}
		if !reflect.DeepEqual(a.Events, b.Events) || a.Tally != b.Tally || au(a.After).Key() != au(b.After).Key() {
			t.Fatalf("the scripted replay differs from the seeded run")
		}
	})
}

// streams deals the dice of each kind of step from its own seeded stream,
// so two runs that differ in one save see the same faces for the same step
// of the same wound: "the same dice".
type streams struct {
	seed uint64
	next map[string]*dice.Seeded
}

func (s *streams) Roll(sides int) int { f, _ := s.Ask(sides, ""); return f }

func (s *streams) Ask(sides int, what string) (int, error) {
	kind := what
	for _, k := range []string{"to-hit", "7+ to hit", "to-wound", "armour save", "multiple wounds", "multiple hits", "Regeneration", "number of attacks", "critical", "injury", "helmet"} {
		if strings.HasPrefix(what, k) {
			kind = k
			break
		}
	}
	if kind == what && strings.Contains(what, " save, ") {
		kind = "special"
	}
	r, ok := s.next[kind]
	if !ok {
		h := fnv.New64a()
		h.Write([]byte(kind))
		r = dice.NewSeededStream(s.seed, h.Sum64())
		s.next[kind] = r
	}
	return r.Roll(sides), nil
}

// TestBetterArmourNeverRemovesMore: the same dice against a better armour
// save never remove more models.
func TestBetterArmourNeverRemovesMore(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genSpec(t)
		if s.Ruleset == rules.Skirmish {
			t.Skip("one fighter: see the skirmish examples")
		}
		// one profile throughout, so that the better save is every model's
		s.Characters, s.Groups, s.Champion = nil, nil, nil
		// save re-rolls spend extra dice of the save streams, so the same
		// dice no longer meet the same saves (RULES.md 20.1)
		s.Profile.Save.Reroll, s.Profile.Specials.Reroll = 0, 0
		better := s
		if s.Ruleset == rules.T9A {
			better.Profile.Save.ArmourValue += rapid.IntRange(1, 3).Draw(t, "plus")
		} else {
			better.Profile.Save.SaveBonus += rapid.IntRange(1, 3).Draw(t, "plus")
		}
		u1, err1 := rearrank.NewUnit(s)
		u2, err2 := rearrank.NewUnit(better)
		if err1 != nil || err2 != nil {
			t.Skip("invalid spec")
		}
		attacks := gen.Attacks(t, s, maxAttacks, gen.Large)
		for i := range attacks {
			if attacks[i].Target.Role == unit.Champion && u1.Count(unit.Champion) == 0 {
				attacks[i].Target = unit.Target{Role: unit.RankAndFile}
			}
			attacks[i].InstantKill = false
			attacks[i].LethalStrike = 0
			// a Killing Blow (or tow blow) past armour takes the special
			// save's next die: with better armour fewer ordinary wounds
			// reach that stage before it, so it meets another die
			attacks[i].KillingBlow, attacks[i].HeroicKillingBlow = 0, 0
			attacks[i].MonsterSlayer, attacks[i].CleavingBlow = 0, 0
			attacks[i].ForceRerollArmour, attacks[i].ForceRerollSpecial, attacks[i].DivineAttacks = false, false, false
		}
		seed := rapid.Uint64().Draw(t, "seed")
		// Each group draws from its own streams; casualties add up over the
		// groups, unsaved wounds are compared within a group.
		casA, casB := 0, 0
		for i, g := range attacks {
			a, err := referee.Resolve(u1, []rearrank.Attack{g}, &streams{seed: seed + uint64(i), next: map[string]*dice.Seeded{}})
			if err != nil {
				t.Fatal(err)
			}
			b, err := referee.Resolve(u2, []rearrank.Attack{g}, &streams{seed: seed + uint64(i), next: map[string]*dice.Seeded{}})
			if err != nil {
				t.Fatal(err)
			}
			casA += a.Tally.Casualties
			casB += b.Tally.Casualties
			if casB > casA {
				t.Fatalf("after group %d: better armour %d casualties, worse %d", i+1, casB, casA)
			}
			if i == 0 && b.Tally.Unsaved > a.Tally.Unsaved {
				t.Fatalf("group 1: better armour %d unsaved, worse %d", b.Tally.Unsaved, a.Tally.Unsaved)
			}
			u1, u2 = a.After, b.After
		}
	})
}
