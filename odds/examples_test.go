package odds

import (
	"math/big"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The worked examples of RULES.md 16 that are about odds, through Exact
// and Enumerate alike.

// both returns Exact's result after checking Enumerate gives the same.
func both(t *testing.T, u *alloc.Unit, attacks []rearrank.Attack) *Result {
	t.Helper()
	got := exactly(t, u, attacks)
	want, err := Enumerate(t.Context(), pub(u), attacks, Config{})
	if err != nil {
		t.Fatalf("Enumerate: %v", err)
	}
	if err := sameResult(got, want); err != nil {
		t.Fatalf("Exact (%s) differs from Enumerate: %v", got.Method, err)
	}
	if err := sumsToOne(got); err != nil {
		t.Fatal(err)
	}
	return got
}

func TestE85Crossbows(t *testing.T) { // RULES.md 16.7
	u := mustUnit(t, unit.Spec{Ruleset: rules.Battleaxe, Models: 30, Profile: unit.Profile{W: 1, T: 3,
		Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true}}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(20), Phase: rules.Shooting, Hit: rearrank.HitSpec{BS: 4}, Strength: 4, Target: rf}}
	res := both(t, u, a)
	// per shot 1/2 x 2/3 x 5/6 = 5/18; 20 shots: 50/9
	wantRat(t, "per shot", res.Stages[0].Unsaved, "5/18")
	wantRat(t, "mean casualties", res.Casualties.Mean(), "50/9")
	wantRat(t, "mean unsaved", res.Unsaved.Mean(), "50/9")
	// binomial: P(0 casualties) = (13/18)^20
	p0 := new(big.Rat).SetFrac(new(big.Int).Exp(big.NewInt(13), big.NewInt(20), nil), new(big.Int).Exp(big.NewInt(18), big.NewInt(20), nil))
	wantRat(t, "P(no casualty)", res.Casualties.P[0], p0.RatString())
	if res.Panic == nil {
		t.Error("shooting: panic applies, got nil")
	}
}

func TestE86T9AChain(t *testing.T) { // RULES.md 16.7
	u := mustUnit(t, unit.Spec{Ruleset: rules.T9A, Models: 20, Profile: unit.Profile{W: 1, T: 4, WS: 4,
		Save: rules.SaveProfile{ArmourValue: 3}}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(10), Hit: rearrank.HitSpec{WS: 4}, Strength: 4, AP: 1, Target: rf}}
	res := both(t, u, a)
	// per attack 1/2 x 1/2 x 2/3 = 1/6: 10 attacks lose 5/3 HP on average
	wantRat(t, "per attack", res.Stages[0].Unsaved, "1/6")
	wantRat(t, "mean HP lost", res.Wounds.Mean(), "5/3")
	if res.Panic != nil {
		t.Errorf("close combat: panic %s, want nil", res.Panic.RatString())
	}
}

func TestE87WHFB8Chain(t *testing.T) { // RULES.md 16.7
	u := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 20, Profile: unit.Profile{W: 1, T: 3, WS: 3,
		Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true}}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(10), Hit: rearrank.HitSpec{WS: 3}, Strength: 3, Target: rf}}
	res := both(t, u, a)
	// per attack 1/2 x 1/2 x 2/3 = 1/6
	wantRat(t, "per attack", res.Stages[0].Unsaved, "1/6")
	wantRat(t, "mean casualties", res.Casualties.Mean(), "5/3")
}

func TestE88SwordChain(t *testing.T) { // RULES.md 16.7
	u := mustUnit(t, unit.Spec{Ruleset: rules.Skirmish, Models: 1, Profile: unit.Profile{W: 1, T: 3, WS: 3,
		Save: rules.SaveProfile{Armour: rules.LightArmour, Shield: true}}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Hit: rearrank.HitSpec{WS: 3}, Strength: 3, WeaponClass: rules.Bladed, Target: rf}}
	res := both(t, u, a)
	// P(at least one unsaved wound) = 1/2 x (1/3 x 1/2 + 1/6 x (...)) = 41/288
	wantRat(t, "P(at least one unsaved wound)", res.Stages[0].Unsaved, "41/288")
	wantRat(t, "P(unsaved >= 1)", res.Unsaved.AtLeast(1), "41/288")
}

func TestE49ExpectedWoundsPerPacket(t *testing.T) { // RULES.md 16.4
	for _, c := range []struct {
		w      int
		mw     string
		packet string // expected wounds of one unsaved packet
	}{
		{3, "D6", "5/2"}, {3, "D3", "2"}, {2, "D6", "11/6"}, {2, "D3", "5/3"},
	} {
		// ten models, so no packet is cut short by the unit running out
		u := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 10, Profile: unit.Profile{W: c.w, T: 1}})
		a := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 10, NoSaves: true, MultipleWounds: expr(c.mw), Target: rf}}
		res := both(t, u, a)
		// one automatic hit wounds on 2+ (5/6) and is then unsaved
		perPacket := new(big.Rat).Quo(res.Wounds.Mean(), res.Unsaved.Mean())
		wantRat(t, "W"+string(rune('0'+c.w))+" MW("+c.mw+") per packet", perPacket, c.packet)
	}
}

func TestE42PooledOgres(t *testing.T) { // RULES.md 16.4, 11.1
	// Three MW(D6) wounds on fresh W3 Ogres, each capped at 3: the pool
	// total T decides the casualties, floor(T/3). With every wound unsaved:
	// P(T<=5) = 19/216 (one Ogre), P(T=9) = 64/216 (three).
	u := mustUnit(t, unit.Spec{Ruleset: rules.WHFB8, Models: 6, Profile: unit.Profile{TroopType: rules.MonstrousInfantry, W: 3, T: 1}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(3), Strength: 10, NoSaves: true, MultipleWounds: expr("D6"), Target: rf}}
	res := both(t, u, a)
	// the three wound on 2+: condition on all three wounding
	all := new(big.Rat).SetFrac64(125, 216)
	wantRat(t, "P(3 unsaved)", res.Unsaved.P[3], all.RatString())
	// casualties 3 need T=9: all three unsaved and capped at 3
	wantRat(t, "P(3 casualties)", res.Casualties.P[3], new(big.Rat).Mul(all, big.NewRat(64, 216)).RatString())
	wantRat(t, "mean wounds", res.Wounds.Mean(), "25/4") // 3 x 5/6 x 5/2
	if res.Method == (Method{Algorithm: Enumeration}) {
		t.Errorf("method %q: want the pooled fast path", res.Method)
	}
}

func TestE50TrollsCarry(t *testing.T) { // RULES.md 16.4
	// 10 Trolls (HP3) whose pool carries 1; one MW(D6) wound capped at 3:
	// a packet of 2 or 3 completes a Troll.
	u := mustUnit(t, unit.Spec{Ruleset: rules.T9A, Models: 10, Frontage: 5, Carried: 1, Profile: unit.Profile{W: 3, T: 1}})
	a := []rearrank.Attack{{Count: dice.ConstExpr(1), Strength: 10, NoSaves: true, MultipleWounds: expr("D6"), Target: rf}}
	res := both(t, u, a)
	wantRat(t, "P(a Troll removed)", res.Casualties.P[1], "25/36") // 5/6 x 5/6
	wantRat(t, "mean HP lost", res.Wounds.Mean(), "25/12")         // 5/6 x 5/2
}
