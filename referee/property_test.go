package referee_test

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Property tests over random units, attacks and dice (issue: rules core).

func genProfile(t *rapid.T, rs rules.Ruleset, label string) unit.Profile {
	p := unit.Profile{
		TroopType: rules.TroopType(rapid.IntRange(0, 3).Draw(t, label+"troop")),
		W:         rapid.IntRange(1, 4).Draw(t, label+"w"),
		T:         rapid.IntRange(1, 7).Draw(t, label+"t"),
		WS:        rapid.IntRange(1, 9).Draw(t, label+"ws"),
	}
	if rs == rules.T9A {
		p.Save.ArmourValue = rapid.IntRange(0, 6).Draw(t, label+"arm")
		p.Specials.Aegis = rules.Need(rapid.SampledFrom([]int{0, 4, 5, 6}).Draw(t, label+"aegis"))
	} else {
		p.Save.Armour = rules.Armour(rapid.IntRange(0, 3).Draw(t, label+"armour"))
		p.Save.Shield = rapid.Bool().Draw(t, label+"shield")
		p.Specials.Ward = rules.Need(rapid.SampledFrom([]int{0, 4, 5, 6}).Draw(t, label+"ward"))
	}
	if rs != rules.Skirmish {
		p.Specials.Regeneration = rules.Need(rapid.SampledFrom([]int{0, 0, 4, 5}).Draw(t, label+"regen"))
	}
	if rs == rules.TOW { // RULES.md 22.4, 22.6
		p.Save.Parry = rapid.Bool().Draw(t, label+"parry")
		p.Save.ArmourSave = rules.Need(rapid.SampledFrom([]int{0, 0, 0, 3, 4}).Draw(t, label+"armourSave"))
		if p.Save.ArmourSave.Value() == 0 {
			p.Save.ArmourSave = rules.None
		}
		p.Specials.Flammable = rapid.IntRange(0, 2).Draw(t, label+"flammable") == 0
		// RULES.md 22.10, 22.12: the sub-categories bind their category's rules
		if rapid.IntRange(0, 2).Draw(t, label+"towSub") == 0 {
			p.TroopType = rapid.SampledFrom([]rules.TroopType{rules.HeavyInfantry, rules.LightCavalry, rules.HeavyCavalry,
				rules.LightChariot, rules.HeavyChariot, rules.MonstrousCreature, rules.Behemoth}).Draw(t, label+"towTroop")
		}
		if label == "char" && rapid.Bool().Draw(t, "mountArmour") { // RULES.md 22.4: a ridden mount's value
			p.Save.MountArmour = rules.Need(rapid.IntRange(2, 5).Draw(t, "mountArmourNeed"))
		}
	}
	if rs == rules.T9A { // RULES.md 8.2: conditional Aegis and Regeneration
		conds := []rules.Against{0, 0, rules.AgainstFlaming, rules.AgainstShooting, rules.AgainstMelee, rules.AgainstShooting | rules.AgainstMagic}
		p.Specials.AegisAgainst = rapid.SampledFrom(conds).Draw(t, label+"aegisAgainst")
		p.Specials.RegenerationAgainst = rapid.SampledFrom(conds).Draw(t, label+"regenAgainst")
	}
	// RULES.md 20.1: the model's own save re-rolls
	own := []rules.Reroll{0, 0, rules.RerollFailed, rules.RerollOnes}
	p.Save.Reroll = rapid.SampledFrom(own).Draw(t, label+"rerollArmour")
	p.Specials.Reroll = rapid.SampledFrom(own).Draw(t, label+"rerollSpecial")
	for _, tgt := range []*rules.Target{&p.Specials.Ward, &p.Specials.Aegis, &p.Specials.Regeneration} {
		if tgt.Value() == 0 {
			*tgt = rules.None
		}
	}
	return p
}

func genSpec(t *rapid.T) unit.Spec {
	return genSpecFor(t, rapid.SampledFrom(rules.Rulesets()).Draw(t, "ruleset"))
}

func genSpecFor(t *rapid.T, rs rules.Ruleset) unit.Spec {
	s := unit.Spec{Ruleset: rs, Profile: genProfile(t, rs, "")}
	if rs == rules.Skirmish {
		s.Models = 1
		s.Profile.TroopType = rules.Infantry
		s.Profile.Save.Helmet = rapid.Bool().Draw(t, "helmet")
		return s
	}
	s.Models = rapid.IntRange(1, 24).Draw(t, "models")
	s.Frontage = rapid.IntRange(0, 7).Draw(t, "frontage")
	for _, r := range []unit.Role{unit.Musician, unit.StandardBearer, unit.Champion} {
		if len(s.Command) < s.Models && rapid.Bool().Draw(t, "cmd"+r.String()) {
			s.Command = append(s.Command, r)
		}
	}
	if rapid.IntRange(0, 3).Draw(t, "hasChar") == 0 {
		s.Characters = []unit.CharacterSpec{{Name: "Hero", File: -1, Profile: genProfile(t, rs, "char")}}
	}
	s.Options.SingleRankPolicy = rules.SingleRankPolicy(rapid.IntRange(0, 2).Draw(t, "policy"))
	s.Options.PoisonMultipleHits = rules.PoisonHits(rapid.IntRange(0, 1).Draw(t, "poisonMultipleHits")) // RULES.md 20.9
	s.Options.KBOtherTroopTypes = rules.KBOther(rapid.IntRange(0, 2).Draw(t, "kbOther"))                // RULES.md 20.9
	s.Options.SevenPlusReroll = rules.SevenPlusReroll(rapid.IntRange(0, 2).Draw(t, "sevenPlusReroll"))  // RULES.md 20.1
	if rs == rules.Battleaxe {
		s.Options.DamageModel = rules.DamageModel(rapid.IntRange(0, 1).Draw(t, "damageModel"))
	}
	if rs == rules.TOW { // RULES.md 22.13
		s.Options.PoisonedAttacks = rules.PoisonedAttacks(rapid.IntRange(0, 1).Draw(t, "poisonedAttacks"))
		s.Options.TooToughBlocksPoison = rapid.Bool().Draw(t, "tooToughBlocksPoison")
		s.Options.RegenerationTiming = rules.RegenTiming(rapid.IntRange(0, 2).Draw(t, "regenerationTiming"))
		// RULES.md 22.8: from the left end by default, or another order (owner_choice needs a Chooser)
		s.Options.RearRankOrder = rapid.SampledFrom([]rules.RearRankOrder{rules.RearRankByRuleset, rules.AlternateEnds, rules.LeftToRight, rules.RightToLeft}).Draw(t, "rearRankOrder")
	}
	return s
}

func genAttacks(t *rapid.T, s unit.Spec) []referee.Attack {
	n := rapid.IntRange(1, 3).Draw(t, "groups")
	out := make([]referee.Attack, n)
	for i := range out {
		a := referee.Attack{
			Count:    dice.ConstExpr(rapid.IntRange(0, 10).Draw(t, "count")),
			Phase:    rules.Phase(rapid.IntRange(0, 2).Draw(t, "phase")),
			Strength: rapid.IntRange(1, 10).Draw(t, "s"),
			Target:   unit.Target{Role: unit.RankAndFile, TroopType: s.Profile.TroopType},
		}
		switch rapid.IntRange(0, 3).Draw(t, "hit") {
		case 1:
			a.Hit.Need = rules.Need(rapid.IntRange(2, 9).Draw(t, "need"))
		case 2:
			a.Hit.WS = rapid.IntRange(1, 9).Draw(t, "ws")
		case 3:
			a.Hit.BS = rapid.IntRange(1, 6).Draw(t, "bs")
			if s.Ruleset == rules.TOW { // RULES.md 22.2: BS 6-10 re-roll a miss
				a.Hit.BS = rapid.IntRange(1, 10).Draw(t, "towBS")
			}
		}
		if rapid.Bool().Draw(t, "mw") {
			a.MultipleWounds = dice.MustParseExpr(rapid.SampledFrom([]string{"2", "D3", "D6", "D3+1"}).Draw(t, "mwExpr"))
		}
		a.Flaming = rapid.IntRange(0, 4).Draw(t, "flaming") == 0
		a.LethalStrike = rapid.SampledFrom([]rules.Trigger{0, 0, 0, rules.NaturalSix, 5}).Draw(t, "lethal") // RULES.md 19.3, 20.2
		a.InstantKill = rapid.IntRange(0, 9).Draw(t, "ik") == 0
		// RULES.md 20.3, 20.4
		if rapid.IntRange(0, 4).Draw(t, "multiHits") == 0 {
			a.MultipleHits = dice.MustParseExpr(rapid.SampledFrom([]string{"2", "D3"}).Draw(t, "multiHitsExpr"))
		}
		if rapid.IntRange(0, 3).Draw(t, "woundMod") == 0 {
			a.WoundModifier = rapid.IntRange(-2, 2).Draw(t, "woundModifier")
		}
		// RULES.md 20.1: re-rolls, own and imposed
		rr := []rules.Reroll{0, 0, rules.RerollFailed, rules.RerollOnes, rules.RerollSuccesses, rules.RerollOnes | rules.RerollSuccesses}
		a.RerollHit = rapid.SampledFrom(rr).Draw(t, "rerollHit")
		a.RerollWound = rapid.SampledFrom(rr).Draw(t, "rerollWound")
		a.Hatred = a.Phase == rules.Melee && rapid.IntRange(0, 3).Draw(t, "hatred") == 0
		a.ForceRerollArmour = rapid.IntRange(0, 4).Draw(t, "forceArmour") == 0
		a.ForceRerollSpecial = rapid.IntRange(0, 4).Draw(t, "forceSpecial") == 0
		a.DivineAttacks = s.Ruleset == rules.T9A && rapid.IntRange(0, 2).Draw(t, "divine") == 0
		// RULES.md 20.2: to-hit triggers, true (6+) or a threshold
		trig := []rules.Trigger{0, 0, 0, rules.NaturalSix, 5}
		a.Poison = rapid.SampledFrom(trig).Draw(t, "poison")
		a.BattleFocus = rapid.SampledFrom(trig).Draw(t, "battleFocus")
		// RULES.md 20.2: to-wound triggers
		if rules.For(s.Ruleset).KillingBlow {
			switch rapid.IntRange(0, 3).Draw(t, "kb") {
			case 0:
				a.KillingBlow = rapid.SampledFrom(trig).Draw(t, "killingBlow")
			case 1:
				a.HeroicKillingBlow = rapid.SampledFrom(trig).Draw(t, "heroicKillingBlow")
			}
		}
		if rules.For(s.Ruleset).BlowsByCategory { // RULES.md 22.3: tow's blows
			a.MonsterSlayer = rapid.SampledFrom(trig).Draw(t, "monsterSlayer")
			if rapid.IntRange(0, 3).Draw(t, "cleaving") == 0 {
				a.CleavingBlow = rules.NaturalSix
				if a.KillingBlow != 0 {
					a.CleavingBlow = a.KillingBlow // one score for both (22.3)
				}
			}
		}
		if rapid.IntRange(0, 3).Draw(t, "bane") == 0 {
			a.ArmourBane = rapid.IntRange(1, 2).Draw(t, "armourBane")
			a.ArmourBaneOn = rapid.SampledFrom([]rules.Trigger{0, 5}).Draw(t, "armourBaneOn")
		}
		if s.Ruleset == rules.Skirmish {
			a.WeaponClass = rules.WeaponClass(rapid.IntRange(0, 5).Draw(t, "class"))
			a.Attacker = rapid.SampledFrom([]string{"", "A"}).Draw(t, "attacker")
		}
		if s.Ruleset == rules.T9A || s.Ruleset == rules.TOW {
			a.AP = rapid.IntRange(0, 3).Draw(t, "ap")
		}
		if len(s.Characters) > 0 && rapid.IntRange(0, 3).Draw(t, "atChar") == 0 {
			a.Target = unit.Target{Role: unit.Character, Name: "Hero"}
		}
		// C24: the group joins the batch of the one before it, taking its
		// phase and target
		if i > 0 && s.Ruleset.Block() && rapid.IntRange(0, 2).Draw(t, "joinBatch") == 0 {
			out[i-1].Batch = cmp.Or(out[i-1].Batch, fmt.Sprint("volley ", i))
			a.Batch, a.Phase, a.Target = out[i-1].Batch, out[i-1].Phase, out[i-1].Target
			a.Hatred = a.Hatred && a.Phase == rules.Melee
		}
		out[i] = a
	}
	return out
}

// TestResolveInvariants: after every batch the invariants of RULES.md 17.3
// hold, the unit only shrinks, and the casualties reported are the models
// that left.
func TestResolveInvariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genSpec(t)
		u, err := unit.New(s)
		if err != nil {
			t.Skip(err)
		}
		attacks := genAttacks(t, s)
		r := dice.NewSeeded(rapid.Uint64().Draw(t, "seed"))
		cur := u
		for i, a := range attacks {
			res, err := referee.Resolve(cur, []referee.Attack{a}, r)
			if err != nil {
				t.Fatalf("group %d: %v", i+1, err)
			}
			if err := res.After.Check(); err != nil {
				t.Fatalf("group %d: invariant broken: %v\n%s", i+1, err, res.After.DrawDamage())
			}
			if res.Before.Key() != cur.Key() {
				t.Fatalf("Resolve changed its input unit")
			}
			before, after := cur.Size(), res.After.Size()
			if after > before || after < 0 {
				t.Fatalf("group %d: size %d -> %d", i+1, before, after)
			}
			if s.Ruleset != rules.Skirmish && before-after != res.Tally.Casualties {
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
			cur = res.After
		}
	})
}

// TestScriptedReproducesSeeded: the faces a seeded run used, handed to a
// scripted roller, reproduce the run exactly.
func TestScriptedReproducesSeeded(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genSpec(t)
		u, err := unit.New(s)
		if err != nil {
			t.Skip(err)
		}
		attacks := genAttacks(t, s)
		rec := dice.NewRecorder(dice.NewSeeded(rapid.Uint64().Draw(t, "seed")))
		a, err := referee.Resolve(u, attacks, rec)
		if err != nil {
			t.Fatal(err)
		}
		scripted := dice.NewScripted(rec.Faces()...)
		b, err := referee.Resolve(u, attacks, scripted)
		if err != nil {
			t.Fatal(err)
		}
		if scripted.Remaining() != 0 {
			t.Fatalf("%d faces left over", scripted.Remaining())
		}
		if !reflect.DeepEqual(a.Events, b.Events) || a.Tally != b.Tally || a.After.Key() != b.After.Key() {
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
		s.Characters = nil
		// save re-rolls spend extra dice of the save streams, so the same
		// dice no longer meet the same saves (RULES.md 20.1)
		s.Profile.Save.Reroll, s.Profile.Specials.Reroll = 0, 0
		better := s
		if s.Ruleset == rules.T9A {
			better.Profile.Save.ArmourValue += rapid.IntRange(1, 3).Draw(t, "plus")
		} else {
			better.Profile.Save.SaveBonus += rapid.IntRange(1, 3).Draw(t, "plus")
		}
		u1, err1 := unit.New(s)
		u2, err2 := unit.New(better)
		if err1 != nil || err2 != nil {
			t.Skip("invalid spec")
		}
		attacks := genAttacks(t, s)
		for i := range attacks {
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
			a, err := referee.Resolve(u1, []referee.Attack{g}, &streams{seed: seed + uint64(i), next: map[string]*dice.Seeded{}})
			if err != nil {
				t.Fatal(err)
			}
			b, err := referee.Resolve(u2, []referee.Attack{g}, &streams{seed: seed + uint64(i), next: map[string]*dice.Seeded{}})
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
