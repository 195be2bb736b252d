package rules

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
