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
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
	"pgregory.net/rapid"
)

// walkJoint resolves the attacks with referee.Resolve once for every
// sequence of faces, each face on its own, and adds the chances up by the
// unit's key and the tally (Wasted and its Overkill dropped, as
// BatchOutcomes drops them): the joint distribution
// BatchOutcomes must equal.
func walkJoint(u *alloc.Unit, attacks []rearrank.Attack, limit int) (map[string]*big.Rat, error) {
	out := map[string]*big.Rat{}
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
		t := res.Tally
		t.Wasted, t.Overkill = 0, 0
		k := fmt.Sprintf("%s|%+v", au(res.After).Key(), t)
		if out[k] == nil {
			out[k] = new(big.Rat)
		}
		out[k].Add(out[k], p)
		return nil
	}
	return out, rec(nil)
}

func jointOf(os []Outcome) map[string]*big.Rat {
	out := map[string]*big.Rat{}
	for _, o := range os {
		k := fmt.Sprintf("%s|%+v", au(o.Unit).Key(), o.Tally)
		if out[k] != nil {
			panic("BatchOutcomes: two outcomes with one key and tally: " + k)
		}
		out[k] = o.P
	}
	return out
}

func sameJoint(got, want map[string]*big.Rat) error {
	for k, p := range want {
		if g := got[k]; g == nil || g.Cmp(p) != 0 {
			return fmt.Errorf("%s: got %v, want %v", k, g, p)
		}
	}
	for k, p := range got {
		if want[k] == nil {
			return fmt.Errorf("%s: got %v, want none", k, p)
		}
	}
	return nil
}

// Three WS3 S3 attacks against ten W1 T3 WS3 models with no save: each
// hits on 4+ (RULES.md 5, WS equal) and wounds on 4+ (6.1, S = T), so the casualties are Binomial(3, 1/4): 27/64, 27/64, 9/64, 1/64.
func TestBatchOutcomesBinomial(t *testing.T) {
	u := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 10, Profile: unit.Profile{W: 1, T: 3, WS: 3}})
	attacks := []rearrank.Attack{{Count: expr("3"), Hit: rearrank.HitSpec{WS: 3}, Strength: 3, Target: unit.Target{Role: unit.RankAndFile}}}
	os, err := BatchOutcomes(context.Background(), pub(u), attacks, Config{})
	if err != nil {
		t.Fatal(err)
	}
	want := []*big.Rat{ratOf(27, 64), ratOf(27, 64), ratOf(9, 64), ratOf(1, 64)}
	if len(os) != len(want) {
		t.Fatalf("%d outcomes, want %d", len(os), len(want))
	}
	for i, o := range os {
		if o.Tally.Casualties != i || o.P.Cmp(want[i]) != 0 || o.Unit.Size() != 10-i {
			t.Errorf("outcome %d: %d casualties, size %d, P %v; want %d, %d, %v", i, o.Tally.Casualties, o.Unit.Size(), o.P, i, 10-i, want[i])
		}
	}
	if u.Size() != 10 {
		t.Errorf("u changed: size %d", u.Size())
	}
}

// BatchOutcomes equals the referee walked over every face, joint in the
// unit after and the tally, on random scenarios of every ruleset.
func TestBatchOutcomesWalk(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		u, attacks := genScenario(t, 3)
		want, err := walkJoint(u, attacks, 600)
		if err != nil && len(attacks) > 1 {
			// past the walk's reach: its first group alone often is not,
			// and a quick run's few checks are not spent on skips
			attacks = attacks[:1]
			want, err = walkJoint(u, attacks, 600)
		}
		if err != nil {
			t.Skip(err)
		}
		os, err := BatchOutcomes(context.Background(), pub(u), attacks, Config{MaxStates: -1})
		if err != nil {
			t.Fatalf("%s: %v", describeScenario(u, attacks), err)
		}
		if err := sameJoint(jointOf(os), want); err != nil {
			t.Fatalf("%s: %v", describeScenario(u, attacks), err)
		}
	})
}
