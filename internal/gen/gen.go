// Package gen draws random units and attacks for the property tests of
// the referee and of the exact odds (pgregory.net/rapid): one generator,
// so that a rule the engine learns is drawn by every reader's tests.
//
// The scenarios cover what the readers must get right: champions and
// command groups, characters, starting damage (pooled carried wounds,
// per-model damage, a damaged champion or character), several pools,
// D3/D6 multiple wounds, battleaxe per-model damage, instant kills,
// Flaming against Regeneration, Lethal Strike, the special rules of
// RULES.md 20 and tow's of 22, skirmish criticals and injuries, several
// groups across phases for panic, and batches of several profiles (C24).
package gen

import (
	"fmt"
	"math/big"
	"strings"

	"pgregory.net/rapid"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Sizes bounds what Spec and Attacks draw.
type Sizes struct {
	Models, Frontage int    // the most models, the widest frontage
	W                int    // the most Wounds
	T, WS            [2]int // Toughness and Weapon Skill, least and most
	Strength         [2]int // an attack's Strength, least and most
	Count            int    // the most attacks a group draws as a number
	Need             int    // the largest to-hit target number
	BS               int    // the least Ballistic Skill
}

// Small keeps a scenario small enough to walk every die: up to 9 models
// and a few attacks (the exact odds against their enumeration).
var Small = Sizes{Models: 9, Frontage: 5, W: 3, T: [2]int{2, 6}, WS: [2]int{2, 6}, Strength: [2]int{2, 8}, Count: 4, Need: 8, BS: 2}

// Large draws bigger units and the whole range of profiles, for rolls with
// seeded dice (the referee's invariants).
var Large = Sizes{Models: 24, Frontage: 7, W: 4, T: [2]int{1, 7}, WS: [2]int{1, 9}, Strength: [2]int{1, 10}, Count: 10, Need: 9, BS: 1}

// Profile draws a model's profile in ruleset rs; label tells the draws of
// one model from another's.
func Profile(t *rapid.T, rs rules.Ruleset, label string, z Sizes) unit.Profile {
	p := unit.Profile{
		TroopType: rules.TroopType(rapid.IntRange(0, 2).Draw(t, label+"troop")),
		W:         rapid.IntRange(1, z.W).Draw(t, label+"w"),
		T:         rapid.IntRange(z.T[0], z.T[1]).Draw(t, label+"t"),
		WS:        rapid.IntRange(z.WS[0], z.WS[1]).Draw(t, label+"ws"),
		Fly:       rapid.IntRange(0, 4).Draw(t, label+"fly") == 0,
	}
	if rs == rules.T9A {
		p.Save.ArmourValue = rapid.IntRange(0, 5).Draw(t, label+"arm")
		p.Specials.Aegis = rules.Need(rapid.SampledFrom([]int{0, 0, 4, 5, 6}).Draw(t, label+"aegis"))
	} else {
		p.Save.Armour = rules.Armour(rapid.IntRange(0, 3).Draw(t, label+"armour"))
		p.Save.Shield = rapid.Bool().Draw(t, label+"shield")
		p.Specials.Ward = rules.Need(rapid.SampledFrom([]int{0, 0, 4, 5, 6}).Draw(t, label+"ward"))
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

// Spec draws a target unit in ruleset rs: a lone warrior in skirmish.
func Spec(t *rapid.T, rs rules.Ruleset, z Sizes) unit.Spec {
	s := unit.Spec{Ruleset: rs, Profile: Profile(t, rs, "", z)}
	if rs == rules.Skirmish {
		s.Models = 1
		s.Profile.TroopType = rules.Infantry
		s.Profile.Save.Helmet = rapid.Bool().Draw(t, "helmet")
		return s
	}
	s.Models = rapid.IntRange(1, z.Models).Draw(t, "models")
	s.Frontage = rapid.IntRange(0, z.Frontage).Draw(t, "frontage")
	for _, r := range []unit.Role{unit.Musician, unit.StandardBearer, unit.Champion} {
		if len(s.Command) < s.Models && rapid.IntRange(0, 2).Draw(t, "cmd"+r.String()) == 0 {
			s.Command = append(s.Command, r)
		}
	}
	hasChamp := false
	for _, r := range s.Command {
		hasChamp = hasChamp || r == unit.Champion
	}
	if hasChamp && rapid.IntRange(0, 2).Draw(t, "champProfile") == 0 {
		p := s.Profile
		p.W = rapid.IntRange(1, z.W).Draw(t, "champW")
		s.Champion = &p
		s.ChampionDamage = rapid.IntRange(0, p.W-1).Draw(t, "champDamage")
	}
	if rapid.IntRange(0, 3).Draw(t, "group") == 0 {
		p := s.Profile
		p.W = rapid.IntRange(1, z.W).Draw(t, "groupW")
		p.TroopType = rules.TroopType(rapid.IntRange(0, 2).Draw(t, "groupTroop"))
		s.Groups = []unit.Group{{Count: rapid.IntRange(1, 3).Draw(t, "groupCount"), Profile: p}}
	}
	if rapid.IntRange(0, 3).Draw(t, "hasChar") == 0 {
		p := Profile(t, rs, "char", z)
		s.Characters = []unit.CharacterSpec{{Name: "Hero", File: -1, Profile: p, Damage: rapid.IntRange(0, p.W-1).Draw(t, "charDamage")}}
	}
	o := &s.Options
	// owner_choice too: where nobody is asked the default stands in (RULES.md 18)
	o.SingleRankPolicy = rules.SingleRankPolicy(rapid.IntRange(0, 3).Draw(t, "policy"))
	o.SpecialSaveChoice = rules.ChoiceRule(rapid.IntRange(0, 1).Draw(t, "specialSaveChoice"))
	o.InstantKillTakes = rules.InstantKillTake(rapid.IntRange(0, 1).Draw(t, "ikTakes"))
	switch rs {
	case rules.Battleaxe:
		o.DamageModel = rules.DamageModel(rapid.IntRange(0, 1).Draw(t, "damageModel"))
		o.PacketTarget = rules.PacketTarget(rapid.IntRange(0, 1).Draw(t, "packetTarget"))
	case rules.WHFB8:
		o.MWCap = rules.MWCap(rapid.IntRange(0, 1).Draw(t, "mwCap"))
	case rules.T9A, rules.T9A1RU:
		o.OverflowAcrossPools = rules.OverflowRule(rapid.IntRange(0, 1).Draw(t, "overflow"))
		o.CommandOrder = rules.CommandOrder(rapid.IntRange(0, 2).Draw(t, "commandOrder"))
	case rules.TOW: // RULES.md 22.13
		o.PoisonedAttacks = rules.PoisonedAttacks(rapid.IntRange(0, 1).Draw(t, "poisonedAttacks"))
		o.TooToughBlocksPoison = rapid.Bool().Draw(t, "tooToughBlocksPoison")
		o.RegenerationTiming = rules.RegenTiming(rapid.IntRange(0, 2).Draw(t, "regenerationTiming"))
		// RULES.md 22.8: from the left end by default, or another order
		o.RearRankOrder = rapid.SampledFrom([]rules.RearRankOrder{rules.RearRankByRuleset, rules.AlternateEnds, rules.LeftToRight, rules.RightToLeft, rules.RearRankOwnerChoice}).Draw(t, "rearRankOrder")
		o.MultiPacketOrder = rules.PacketOrder(rapid.IntRange(0, 1).Draw(t, "multiPacketOrder")) // 22.13
	}
	switch rapid.IntRange(0, 2).Draw(t, "damage") {
	case 1:
		s.Carried = rapid.IntRange(1, 2).Draw(t, "carried")
	case 2:
		n := rapid.IntRange(1, 3).Draw(t, "damaged")
		for range n {
			s.Damage = append(s.Damage, rapid.IntRange(0, 2).Draw(t, "modelDamage"))
		}
	}
	if rapid.IntRange(0, 4).Draw(t, "panicThreshold") == 0 {
		o.PanicThreshold = big.NewRat(1, int64(rapid.IntRange(2, 5).Draw(t, "panicDen")))
	}
	o.PoisonMultipleHits = rules.PoisonHits(rapid.IntRange(0, 1).Draw(t, "poisonMultipleHits")) // RULES.md 20.9
	o.KBOtherTroopTypes = rules.KBOther(rapid.IntRange(0, 2).Draw(t, "kbOther"))                // RULES.md 20.9
	o.SevenPlusReroll = rules.SevenPlusReroll(rapid.IntRange(0, 2).Draw(t, "sevenPlusReroll"))  // RULES.md 20.1
	return s
}

// Attacks draws one to three attack groups at the unit s describes, with at
// most maxAttacks attacks between them (a D3 count is 3).
func Attacks(t *rapid.T, s unit.Spec, maxAttacks int, z Sizes) []rearrank.Attack {
	n := rapid.IntRange(1, 3).Draw(t, "groups")
	out := make([]rearrank.Attack, n)
	left := maxAttacks
	for i := range out {
		a := rearrank.Attack{
			Phase:    rules.Phase(rapid.IntRange(0, 2).Draw(t, "phase")),
			Strength: rapid.IntRange(z.Strength[0], z.Strength[1]).Draw(t, "s"),
			Target:   unit.Target{Role: unit.RankAndFile, TroopType: s.Profile.TroopType},
		}
		switch c := rapid.IntRange(0, 5).Draw(t, "count"); {
		case c == 5 && left >= 3:
			a.Count = dice.MustParseExpr("D3")
			left -= 3
		default:
			k := rapid.IntRange(0, max(0, min(left, z.Count))).Draw(t, "countConst")
			a.Count = dice.ConstExpr(k)
			left -= k
		}
		switch rapid.IntRange(0, 3).Draw(t, "hit") {
		case 1:
			a.Hit.Need = rules.Need(rapid.IntRange(2, z.Need).Draw(t, "need"))
		case 2:
			a.Hit.WS = rapid.IntRange(1, z.WS[1]).Draw(t, "ws")
		case 3:
			a.Hit.BS = rapid.IntRange(z.BS, 6).Draw(t, "bs")
		}
		if rapid.IntRange(0, 2).Draw(t, "mw") == 0 {
			a.MultipleWounds = dice.MustParseExpr(rapid.SampledFrom([]string{"2", "D3", "D6", "D3+1"}).Draw(t, "mwExpr"))
		}
		a.Flaming = rapid.IntRange(0, 4).Draw(t, "flaming") == 0
		a.LethalStrike = rapid.SampledFrom([]rules.Trigger{0, 0, 0, rules.NaturalSix, 5}).Draw(t, "lethal") // RULES.md 19.3, 20.2
		a.InstantKill = rapid.IntRange(0, 9).Draw(t, "ik") == 0
		a.NoSaves = rapid.IntRange(0, 9).Draw(t, "noSaves") == 0
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
				// its own score, beside Killing Blow's or the same (22.18)
				a.CleavingBlow = rapid.SampledFrom([]rules.Trigger{rules.NaturalSix, 5}).Draw(t, "cleavingBlow")
			}
		}
		if rapid.IntRange(0, 3).Draw(t, "bane") == 0 {
			a.ArmourBane = rapid.IntRange(1, 2).Draw(t, "armourBane")
			a.ArmourBaneOn = rapid.SampledFrom([]rules.Trigger{0, 5}).Draw(t, "armourBaneOn")
		}
		a.IgnoreArmour = rapid.IntRange(0, 9).Draw(t, "ignoreArmour") == 0
		switch s.Ruleset {
		case rules.Skirmish:
			a.WeaponClass = rules.WeaponClass(rapid.IntRange(0, 5).Draw(t, "class"))
			a.Attacker = rapid.SampledFrom([]string{"", "A"}).Draw(t, "attacker")
		case rules.T9A:
			a.AP = rapid.IntRange(0, 3).Draw(t, "ap")
			a.ClippedWings = rapid.IntRange(0, 3).Draw(t, "clipped") == 0
			if rapid.IntRange(0, 4).Draw(t, "mwAgainst") == 0 {
				tt := rules.TroopType(rapid.IntRange(0, 2).Draw(t, "mwTroop"))
				a.MWAgainst = &tt
			}
		case rules.T9A1RU:
			a.ArmourPiercing = rapid.IntRange(0, 2).Draw(t, "armourPiercing")
		case rules.TOW: // RULES.md 22.2, 22.4: AP, and BS 6-10 re-roll a miss
			a.AP = rapid.IntRange(0, 3).Draw(t, "ap")
			if a.Hit.BS != 0 {
				a.Hit.BS = rapid.IntRange(z.BS, 10).Draw(t, "towBS")
				a.Hit.Modifier = rapid.IntRange(-3, 0).Draw(t, "towHitMod")
			}
		}
		if s.Ruleset != rules.Skirmish {
			switch rapid.IntRange(0, 5).Draw(t, "target") {
			case 0:
				if len(s.Characters) > 0 {
					a.Target = unit.Target{Role: unit.Character, Name: "Hero"}
				}
			case 1:
				a.Target = unit.Target{Role: unit.Champion}
			}
		}
		out[i] = a
	}
	return out
}

// Scenario draws a unit in a ruleset of its own choosing and attacks at it
// that alloc.New and the engine accept, skipping the draw otherwise.
func Scenario(t *rapid.T, maxAttacks int, z Sizes) (*alloc.Unit, []rearrank.Attack) {
	return ScenarioIn(t, rapid.SampledFrom(rules.Rulesets()).Draw(t, "ruleset"), maxAttacks, z)
}

// ScenarioIn is Scenario in ruleset rs.
func ScenarioIn(t *rapid.T, rs rules.Ruleset, maxAttacks int, z Sizes) (*alloc.Unit, []rearrank.Attack) {
	s := Spec(t, rs, z)
	u, err := alloc.New(s)
	if err != nil {
		t.Skip(err)
	}
	attacks := Attacks(t, s, maxAttacks, z)
	for i := range attacks {
		if _, err := u.Receiver(attacks[i].Target); err != nil && attacks[i].Target.Role == unit.Champion {
			attacks[i].Target = unit.Target{Role: unit.RankAndFile}
		}
	}
	Batches(t, rs, attacks)
	if _, err := engine.NewMachine(u, attacks, nil); err != nil {
		t.Skip(err)
	}
	return u, attacks
}

// Batches joins some groups to the batch of the group before it, in its
// phase and at its target: batches of several profiles (C24).
func Batches(t *rapid.T, rs rules.Ruleset, attacks []rearrank.Attack) {
	for i := 1; i < len(attacks) && rs.Block(); i++ {
		if rapid.IntRange(0, 2).Draw(t, "joinBatch") != 0 {
			continue
		}
		prev, a := &attacks[i-1], &attacks[i]
		if prev.Batch == "" {
			prev.Batch = fmt.Sprint("volley ", i)
		}
		a.Batch, a.Phase, a.Target = prev.Batch, prev.Phase, prev.Target
		a.Hatred = a.Hatred && a.Phase == rules.Melee
	}
}

// Describe is a short text of a drawn scenario, for failures.
func Describe(u *alloc.Unit, attacks []rearrank.Attack) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %v: %s", u.Ruleset(), u.Options().Changed(), u.DrawDamage())
	for _, m := range u.Models() {
		fmt.Fprintf(&b, "\n  model %s %+v damage %d", m.Role, m.Profile, m.Damage)
	}
	for _, a := range attacks {
		fmt.Fprintf(&b, "\n  %+v", a)
	}
	return b.String()
}
