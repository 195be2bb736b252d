package combat

import (
	"math/big"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The troops of RULES.md 21.13: Men WS3 S3 T3 I3 A1 Ld7, Elves WS4 S3 T3
// I5 A1 Ld8, W1, no save, 5 wide.
type troop struct {
	name       string
	ws, s, t   int
	i, a, ld   int
	strikes    Strikes
	extraRanks int
}

var (
	men   = troop{name: "Men", ws: 3, s: 3, t: 3, i: 3, a: 1, ld: 7}
	elves = troop{name: "Elves", ws: 4, s: 3, t: 3, i: 5, a: 1, ld: 8}
)

func block(t *testing.T, rs rules.Ruleset, tr troop, models, frontage int, command ...unit.Role) Combatant {
	t.Helper()
	u, err := rearrank.NewUnit(unit.Spec{Name: tr.name, Ruleset: rs, Models: models, Frontage: frontage,
		Profile: unit.Profile{W: 1, T: tr.t, WS: tr.ws}, Command: command})
	if err != nil {
		t.Fatal(err)
	}
	return Combatant{Unit: u, Leadership: tr.ld, Fights: []Fight{{
		By: By{Role: unit.RankAndFile}, Attacks: tr.a, Initiative: tr.i, Supporting: 1, Strikes: tr.strikes, ExtraRanks: tr.extraRanks,
		Attack: rearrank.Attack{Name: tr.name, Hit: rearrank.HitSpec{WS: tr.ws}, Strength: tr.s},
	}}}
}

func rat(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad fraction %q", s)
	}
	return r
}

type bigRat = big.Rat

var one = big.NewRat(1, 1)

// woundedOgre is one W3 Ogre of troop type tt with 2 wounds already lost,
// kept as rs keeps damage (per model or carried on the pool).
func woundedOgre(t *testing.T, rs rules.Ruleset, tt rules.TroopType) *rearrank.Unit {
	t.Helper()
	spec := unit.Spec{Name: "Ogre", Ruleset: rs, Models: 1, Frontage: 1,
		Profile: unit.Profile{TroopType: tt, W: 3, T: 4, WS: 3}}
	if rules.For(rs).PerModel(rules.Options{}) {
		spec.Damage = []int{2}
	} else {
		spec.Carried = 2
	}
	ogre, err := rearrank.NewUnit(spec)
	if err != nil {
		t.Fatal(err)
	}
	return ogre
}
