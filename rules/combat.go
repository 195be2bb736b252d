package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// CombatRules is a ruleset's column of the close-combat round (RULES.md 21):
// what its strike order, supporting ranks, combat result and break test say
// where the rulesets differ, and which combat switches of 21.11 it reads.
// The combat package asks For(rs).Combat instead of comparing ruleset names.
// The zero CombatRules is a ruleset with no combat round.
type CombatRules struct {
	// Round is true where two units may fight a round of close combat: the
	// block rulesets (21.1); skirmish fights attack by attack (6.2, 13).
	Round bool

	// StrikeValue names the characteristic the strike order compares
	// (21.4): "Initiative", or "Agility" in t9a.
	StrikeValue string

	// ASFSimultaneous is asf_tie's default (21.4, 21.11, R52): true where
	// two Always Strikes First fights strike together and neither
	// re-rolls; false where the higher Initiative strikes first.
	ASFSimultaneous bool

	// ASFReroll is when an Always Strikes First fight re-rolls its misses
	// (21.4).
	ASFReroll ASFReroll

	// RerollAgainstLast is true where enemies re-roll misses against an
	// Always Strikes Last unit of lower Initiative (21.4, 21.15).
	RerollAgainstLast bool

	// LastAtStepZero is true where every Always Strikes Last fight strikes
	// at step 0, whatever its value, as great weapons do (21.4, R53).
	LastAtStepZero bool

	// StepUpLost is step_up's default (21.5, 21.11, R51): true where a
	// model that steps forward to replace a casualty cannot attack that
	// round, the attacks being the round-start grid less the models lost
	// (tow, 22.18); false where it fights if its step has not passed (8th).
	StepUpLost bool

	// ChargeInitiative is charge_initiative's default (21.4, 21.11, R53):
	// true where the charger adds 1 to its strike value.
	ChargeInitiative bool

	// Supporting is the default supporting attacks per model of a fight,
	// by the unit's height: standard, large, gigantic (21.3.4).
	Supporting [3]int

	// Height is true where a unit's height is read, for Supporting
	// (21.3.4).
	Height bool

	// WideRank is the front-rank width from which one more rank supports
	// (21.3.4): a horde at 10, Line Formation at 8.
	WideRank int

	// LineFormationSwitch is true where line_formation_width may change
	// WideRank (21.11, R55).
	LineFormationSwitch bool

	// NoExtraRanksOnCharge is true where a fight's extra_ranks do not
	// apply on a turn its side charged (21.3.4, R63); the WideRank rank
	// still does.
	NoExtraRanksOnCharge bool

	// DisruptedNoRanks is true where a charged unit Disrupted in flank or
	// rear scores no rank points (21.6).
	DisruptedNoRanks bool
	// DisruptStrength, where not 0, is the Unit Strength at which a unit
	// fighting the charged unit's flank or rear disrupts it, in place of
	// two full ranks (22.11); DisruptStrengthHeavy is that strength
	// against heavy infantry.
	DisruptStrength, DisruptStrengthHeavy int

	// FlankFullRanksBonus is true where a flank or rear charge scores 1
	// more if the charger has 2 or more Full Ranks (21.6, R54).
	FlankFullRanksBonus bool

	// HighGround is true where high_ground scores +1 for its side (21.6,
	// R58); elsewhere the caller uses bonus.
	HighGround bool

	// OutnumberSwitch is true where outnumber_bonus may score +1 for the
	// larger unit (21.6, 21.11, R58).
	OutnumberSwitch bool

	// InstantKillProfileSwitch is true where instant_kill_score may score
	// an instant kill at the model's profile Wounds (21.6, 21.11, R56).
	InstantKillProfileSwitch bool

	// CombatScoreSwitch is true where combat_score chooses between the two
	// page sets of the combat result (21.6, 21.11, R54).
	CombatScoreSwitch bool

	// TieBothWin is true where equal scores make both sides winners and
	// nobody tests; false where a lone living musician wins a tie by 1
	// (21.7).
	TieBothWin bool

	// DisruptedRanksCancelSteadfast is true where a winner fighting the
	// loser's flank or rear with 2 or more Full Ranks cancels Steadfast
	// (Disrupted Ranks, 21.8); false where disruption does not.
	DisruptedRanksCancelSteadfast bool

	// NoChargeBonus is true where the charger scores nothing for charging
	// (22.11).
	NoChargeBonus bool

	// CombatOrderStrength, where not 0, is the Unit Strength from which a
	// side in Close Order (the file's special close_order) scores +1 while
	// in Combat Order, its ranks no deeper than it is wide (22.11: 10 in
	// tow).
	CombatOrderStrength int
	// MassedInfantry is true where a side with the Massed Infantry rule
	// (special massed_infantry) scores +1 when its Unit Strength is higher
	// than the enemy's (22.11).
	MassedInfantry bool

	// Troops, where set, is the ruleset's troop table for the combat
	// result and break test (22.10, 22.11); nil is 21.6's ranks of 5 or
	// more, at most 3.
	Troops *TroopTable

	// ThreeOutcomes is true where the break test has no Steadfast and ends
	// in Break, Fall Back in Good Order or Give Ground (22.11), the winners'
	// Unit Strength (Troops) above twice the losers' making a Fall Back a
	// Break.
	ThreeOutcomes bool

	// OverkillMost is the most a side scores for overkill: +1 for each
	// unsaved wound wasted on a character or champion in a challenge (tow
	// 22.7, 22.11: at most +5); 0 where overkill scores nothing.
	OverkillMost int

	// InsaneCourage is insane_courage's default (21.8, 21.11, R61): true
	// where a break test on a double 1 always passes.
	InsaneCourage bool
}

// ASFReroll says when an Always Strikes First fight re-rolls its misses
// against the unit it aims at (RULES.md 21.4).
type ASFReroll int8

const (
	// NoASFReroll: never (t9a).
	NoASFReroll ASFReroll = iota
	// ASFRerollAtLeast: if its Initiative is at least the enemy's highest
	// (whfb8, t9a1-ru).
	ASFRerollAtLeast
	// ASFRerollAbove: if its Initiative is above the enemy's highest
	// (battleaxe, WAP 9th).
	ASFRerollAbove
)

// Rerolls reports whether a fight of Initiative own re-rolls its misses
// against a unit whose highest Initiative is enemy (21.4).
func (r ASFReroll) Rerolls(own, enemy int) bool {
	switch r {
	case ASFRerollAtLeast:
		return own >= enemy
	case ASFRerollAbove:
		return own > enemy
	}
	return false
}

// Toggle is a combat switch whose default is in the ruleset's Combat
// column (21.11). The zero Toggle is that default.
type Toggle int8

const (
	ByRuleset Toggle = iota
	Off
	On
)

// on reports whether the toggle is on, def being the ruleset's default.
func (t Toggle) on(def bool) bool {
	switch t {
	case On:
		return true
	case Off:
		return false
	}
	return def
}

// StepUp says who fights after casualties (RULES.md 21.5, R51). The zero
// StepUp is the ruleset's StepUpLost.
type StepUp int8

const (
	StepUpByRuleset StepUp = iota
	// StepUpFights counts attacks from the grid as it stands (8th).
	StepUpFights
	// StepUpLost counts from the round-start grid minus the models lost
	// (5th/7th; tow, 22.18).
	StepUpLost
)

// ASFTie says how two Always Strikes First fights order (RULES.md 21.4,
// R52). The zero ASFTie is the ruleset's ASFSimultaneous.
type ASFTie int8

const (
	ASFTieByRuleset ASFTie = iota
	// ASFSimultaneous: both strike together and neither re-rolls.
	ASFSimultaneous
	// ASFInitiative: the higher Initiative strikes first.
	ASFInitiative
)

// InstantKillScore is what an instant kill scores in the combat result
// (RULES.md 21.6, R56).
type InstantKillScore int8

const (
	// ScoreRemaining: the wounds the model had left (R38).
	ScoreRemaining InstantKillScore = iota
	// ScoreProfile: the model's profile Wounds (battleaxe's own page).
	ScoreProfile
)

// ErrProperRanks is the error for combat_score: proper_ranks (R54).
// It is a message (msg.Error), to be said in a reader's language, and
// errors.Is finds it as any sentinel.
var ErrProperRanks error = msg.Errorf(nil, "rules.error.proper_ranks")

// CombatSwitches lists the switches of a close-combat round (RULES.md
// 21.11): which rulesets read each (their Combat column says), its values
// and its default, in each ruleset where that differs (Switch.DefaultFor).
// Options.Set takes their names as it takes those of Switches.
func CombatSwitches() []Switch {
	round := func(t *Traits) bool { return t.Combat.Round }
	list := []struct {
		s     Switch
		reads func(*Traits) bool
	}{
		{pairSwitch("contact_overlap", "21.3.1, R50", "1: the wider unit's contact reaches one file past each end of the narrower; 0: only its files",
			[2]string{"1", "0"}, func(o *Options) *bool { return &o.NoContactOverlap }), round},
		{combatEnum("step_up", "21.5, R51, 22.18", "fights: models stepping up fight if their step has not passed (8th); lost: attacks are the round-start grid less the models lost (5th/7th, tow)",
			[]string{"fights", "lost"}, func(c *CombatRules) bool { return c.StepUpLost },
			func(o *Options) *StepUp { return &o.StepUp }), round},
		{combatEnum("asf_tie", "21.4, R52", "two Always Strikes First fights: simultaneous, and neither re-rolls; or the higher Initiative first",
			[]string{"simultaneous", "initiative"}, func(c *CombatRules) bool { return !c.ASFSimultaneous },
			func(o *Options) *ASFTie { return &o.ASFTie }), round},
		{combatEnum("charge_initiative", "21.4, R53", "the Initiative (t9a: Agility) the charger adds to its place in the strike order",
			[]string{"0", "1"}, func(c *CombatRules) bool { return c.ChargeInitiative },
			func(o *Options) *Toggle { return &o.ChargeInitiative }), round},
		{Switch{Name: "combat_score", Default: "full_ranks", Values: []string{"full_ranks"}, Ref: "21.6, R54",
			Doc: "the combat-result page set: full_ranks; proper_ranks is refused, the rulebook pages do not define it well enough to model",
			get: func(*Options) string { return "full_ranks" },
			set: func(_ *Options, v string) error {
				switch v {
				case "full_ranks":
					return nil
				case "proper_ranks":
					return ErrProperRanks
				}
				return msg.Errorf(nil, "rules.error.combat_score", strconv.Quote(v))
			}}, func(t *Traits) bool { return t.Combat.CombatScoreSwitch }},
		{Switch{Name: "line_formation_width", Ref: "21.3.4, R55",
			Doc: "front-rank width from which one more rank supports (Line Formation), 1 to 100",
			get: func(o *Options) string {
				if o.LineFormationWidth == 0 {
					return "" // the ruleset's WideRank
				}
				return strconv.Itoa(int(o.LineFormationWidth))
			},
			set: func(o *Options, v string) error {
				n, err := strconv.Atoi(strings.TrimSpace(v))
				if err != nil || n < 1 || n > 100 {
					return msg.Errorf(nil, "rules.error.line_formation_width", strconv.Quote(v))
				}
				o.LineFormationWidth = int8(n)
				return nil
			},
			defaultFor: func(t *Traits) string { return strconv.Itoa(t.Combat.WideRank) }},
			func(t *Traits) bool { return t.Combat.LineFormationSwitch }},
		{combatEnum("instant_kill_score", "21.6, R56", "what an instant kill scores: the wounds the model had left (R38), or its profile Wounds",
			[]string{"remaining", "profile"}, nil, func(o *Options) *InstantKillScore { return &o.InstantKillScore }),
			func(t *Traits) bool { return t.Combat.InstantKillProfileSwitch }},
		{pairSwitch("outnumber_bonus", "21.6, R58", "1: +1 combat result for the side with more models (WAP 9th)",
			[2]string{"0", "1"}, func(o *Options) *bool { return &o.OutnumberBonus }),
			func(t *Traits) bool { return t.Combat.OutnumberSwitch }},
		{combatEnum("insane_courage", "21.8, R61", "a break test on a double 1 always passes",
			[]string{"false", "true"}, func(c *CombatRules) bool { return c.InsaneCourage },
			func(o *Options) *Toggle { return &o.InsaneCourage }),
			func(t *Traits) bool { return t.Combat.Round && !t.Combat.ThreeOutcomes }}, // 22.11: no Insane Courage
	}
	out := make([]Switch, len(list))
	for i, x := range list {
		out[i] = x.s
		out[i].Combat = true
		out[i].Rulesets = RulesetsWhere(x.reads)
		if out[i].defaultFor != nil {
			// get gives "" for the ruleset's default; Default names them.
			get, def := out[i].get, defaultsText(out[i])
			out[i].Default = def
			out[i].get = func(o *Options) string {
				if v := get(o); v != "" {
					return v
				}
				return def
			}
		}
	}
	return out
}

// combatEnum is a switch of several values held in an int8 field. With
// second nil, the zero field is values[0] and field i is values[i]. With
// second, the default is the ruleset's (values[1] where second says so,
// else values[0]): the zero field is that default, which get writes "",
// and field i+1 is values[i].
func combatEnum[T ~int8](name, ref, doc string, values []string, second func(*CombatRules) bool, field func(*Options) *T) Switch {
	shift := 0
	if second != nil {
		shift = 1
	}
	s := Switch{Name: name, Default: values[0], Values: values, Ref: ref, Doc: doc,
		get: func(o *Options) string {
			i := int(*field(o)) - shift
			switch {
			case i == -1:
				return "" // the ruleset's default
			case i >= 0 && i < len(values):
				return values[i]
			}
			return fmt.Sprintf("invalid(%d)", *field(o))
		},
		set: func(o *Options, v string) error {
			i := slices.Index(values, v)
			if i < 0 {
				return msg.Errorf(nil, "rules.error.option_value", name, strconv.Quote(v), listOr(values))
			}
			*field(o) = T(i + shift)
			return nil
		},
	}
	if second != nil {
		s.defaultFor = func(t *Traits) string { return values[b2i(second(&t.Combat))] }
	}
	return s
}

// pairSwitch is a switch of two values, the default first, held as a bool
// that is true for the second.
func pairSwitch(name, ref, doc string, values [2]string, field func(*Options) *bool) Switch {
	return Switch{Name: name, Default: values[0], Values: values[:], Ref: ref, Doc: doc,
		get: func(o *Options) string { return values[b2i(*field(o))] },
		set: func(o *Options, v string) error {
			switch v {
			case values[0], values[1]:
				*field(o) = v == values[1]
				return nil
			}
			return msg.Errorf(nil, "rules.error.option_value", name, strconv.Quote(v), listOr(values[:]))
		},
	}
}

// defaultsText writes a per-ruleset default as "simultaneous (battleaxe,
// whfb8), initiative (t9a)", from the rulesets that read the switch.
func defaultsText(s Switch) string {
	var order []string
	by := map[string][]string{}
	for _, r := range s.Rulesets {
		d := s.defaultFor(For(r))
		if by[d] == nil {
			order = append(order, d)
		}
		by[d] = append(by[d], r.String())
	}
	parts := make([]string, len(order))
	for i, d := range order {
		parts[i] = d + " (" + strings.Join(by[d], ", ") + ")"
	}
	return strings.Join(parts, ", ")
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ReadBy checks that every switch o moves from its default is read by
// ruleset r, the check a file's options get (21.11, 18).
func (o Options) ReadBy(r Ruleset) error {
	for _, s := range allSwitches() {
		if s.get(&o) != s.Default && !s.AppliesTo(r) {
			if why := s.NotReadMsg(r); !why.IsZero() {
				return msg.Errorf(nil, "rules.error.not_read_why", s.Name, rulesetNames(s.Rulesets), subjects(len(s.Rulesets)), why)
			}
			return msg.Errorf(nil, "rules.error.not_read", s.Name, rulesetNames(s.Rulesets), subjects(len(s.Rulesets)))
		}
	}
	return nil
}

// subjects is the count a verb agrees with when its subject is a list of
// n names: 1 for one name, 2 for several ("only a and b read it": Russian
// "читают" for 21 names too, where the plural rule of the number 21 would
// give "читает").
func subjects(n int) int { return min(n, 2) }

// rulesetNames lists rulesets as "a, b or c" ("a, b и c" in Russian).
func rulesetNames(rs []Ruleset) any {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.String()
	}
	return listOf("rules.list.rulesets", names)
}

// ContactOverlap is contact_overlap (21.3.1, R50): the files the wider
// unit's contact reaches past each end of the narrower.
func (o Options) ContactOverlap() int { return b2i(!o.NoContactOverlap) }

// StepUpLostIn reports whether models stepping up into the fighting rank
// cannot attack in ruleset r (step_up: lost, 21.5, R51, 22.18): the attacks
// are then the round-start grid less the rank and file lost.
func (o Options) StepUpLostIn(r Ruleset) bool {
	switch o.StepUp {
	case StepUpFights:
		return false
	case StepUpLost:
		return true
	}
	return For(r).Combat.StepUpLost
}

// SimultaneousASF reports whether two Always Strikes First fights strike
// together in ruleset r (asf_tie, 21.4, R52).
func (o Options) SimultaneousASF(r Ruleset) bool {
	switch o.ASFTie {
	case ASFSimultaneous:
		return true
	case ASFInitiative:
		return false
	}
	return For(r).Combat.ASFSimultaneous
}

// ChargeBonus is the Initiative the charger adds in ruleset r
// (charge_initiative, 21.4, R53).
func (o Options) ChargeBonus(r Ruleset) int {
	return b2i(o.ChargeInitiative.on(For(r).Combat.ChargeInitiative))
}

// WideRank is the front-rank width from which one more rank supports in
// ruleset r (21.3.4): its horde or Line Formation width, which
// line_formation_width changes where r reads it (R55).
func (o Options) WideRank(r Ruleset) int {
	cr := &For(r).Combat
	if cr.LineFormationSwitch && o.LineFormationWidth != 0 {
		return int(o.LineFormationWidth)
	}
	return cr.WideRank
}

// InsaneCourageIn reports whether a double 1 passes a break test in ruleset
// r (insane_courage, 21.8, R61).
func (o Options) InsaneCourageIn(r Ruleset) bool {
	return o.InsaneCourage.on(For(r).Combat.InsaneCourage)
}

// Overkill is the combat result of wasted unsaved wounds on a character or
// champion in a challenge: one each, at most OverkillMost (RULES.md 22.7,
// 22.11, E167).
func (cr *CombatRules) Overkill(wasted int) int { return min(max(wasted, 0), cr.OverkillMost) }

// TroopTable is what a ruleset's troop types give the combat result and the
// break test (RULES.md 22.10), indexed by TroopType.
type TroopTable struct {
	// RankMin is the models a rank must hold to score; RankMost the most
	// the unit's ranks score.
	RankMin, RankMost [troopTypeCount]int8
	// Strength is one model's Unit Strength, 0 for its profile Wounds.
	Strength [troopTypeCount]int8
}

// Ranks gives the models a rank of troop type tt must hold to score and the
// most its ranks score.
func (t *TroopTable) Ranks(tt TroopType) (minModels, most int) {
	return int(t.RankMin[tt]), int(t.RankMost[tt])
}

// UnitStrength is the Unit Strength of one model of troop type tt and
// profile Wounds w.
func (t *TroopTable) UnitStrength(tt TroopType, w int) int {
	if n := t.Strength[tt]; n != 0 {
		return int(n)
	}
	return w
}
