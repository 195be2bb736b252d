package rules

// ToWound returns the to-wound target for Strength s against Toughness t
// (T9A: Resilience), RULES.md 6.1. With d = s - t the target is
// clamp(4 - d, 2, 6): d >= 2 is 2+, 1 is 3+, 0 is 4+, -1 is 5+, -2 and -3
// are 6+.
//
// In the classic table (battleaxe, whfb8, skirmish, and t9a1-ru by default,
// R36) d <= -4 cannot wound: the result is Need(Impossible), whose Value is 7
// (E10, E12). t9a never gets worse than 6+ (E11), and t9a1-ru uses that table
// when o.ToWound is T9AToWound.
//
// A natural 1 always fails, so 2+ is the best target (E09); roll the result
// with Target.Succeeds(face, 1). A natural 6 then always wounds whenever the
// target is possible.
func ToWound(rs Ruleset, s, t int, o Options) Target {
	tr := For(rs)
	d := s - t
	if d <= tr.tooTough && !tr.t9aWoundChart(o.ToWound) {
		return Need(Impossible)
	}
	return Need(min(max(4-d, 2), 6))
}

// classicTooTough is the tooTough of the classic chart (RULES.md 6.1): S - T
// of -4 or less cannot wound.
const classicTooTough = -4

// t9aWoundChart reports whether the to_wound switch, where the ruleset reads
// it, picks the t9a chart, in which nothing is too tough to wound (R36).
func (t *Traits) t9aWoundChart(chart ToWoundTable) bool {
	return t.switches.has(swToWound) && chart == T9AToWound
}

// ToWoundModified returns the to-wound target of ToWound with a signed
// wound_modifier applied (RULES.md 20.4; + helps the attacker).
//
// t9a clamps the result to 2+..6+: a natural 6 always wounds (S3 v Res5 with
// -1 is 6+, E110). The classic row (battleaxe, whfb8, skirmish and t9a1-ru
// whatever its to_wound chart, 20.13) takes the table minus the modifier:
// below 2+ is 2+, and 7+ or a table "impossible" is no roll, Need(Impossible)
// (S3 v T5 with -1, S3 v T7 with +1; E110).
func ToWoundModified(rs Ruleset, s, t, modifier int, o Options) Target {
	base := ToWound(rs, s, t, o)
	if modifier == 0 {
		return base
	}
	if For(rs).woundModClamp {
		return Need(min(max(base.Value()-modifier, 2), 6))
	}
	if !base.Possible() {
		return base
	}
	n := base.Value() - modifier
	if n > 6 {
		return Need(Impossible)
	}
	return Need(max(n, 2))
}

// MeleeHitClamp returns the close-combat to-hit target need after the clamp
// of RULES.md 20.4 (20.13: also for an explicit to_hit): a natural 6 always
// hits in melee, so a need of 7+ or worse is 6+ in every ruleset; the None
// target (automatic hits) stays None.
func MeleeHitClamp(need Target) Target {
	if need.IsNone() || need.Value() <= 6 {
		return need
	}
	return Need(6)
}

// PoisonedToWound returns the to-wound need of a poisoned hit whose
// ordinary need is need, where Poisoned Attacks add 2 to the roll (tow
// plus_two, RULES.md 22.3, E163): two better, never better than 2+; a
// target too tough to wound stays impossible (T-1).
func PoisonedToWound(need Target) Target {
	if !need.Possible() {
		return need
	}
	return Need(max(need.Value()-2, 2))
}

// PoisonAutoWounds reports whether a poisoned hit wounds automatically in
// rs under o (RULES.md 20.2); false where it rolls to wound with +2
// instead (tow's default, poisoned_attacks: plus_two, 22.3).
func PoisonAutoWounds(rs Ruleset, o Options) bool {
	return !For(rs).switches.has(swPoisonedAttacks) || o.PoisonedAttacks == PoisonAutoWound
}

// PoisonBlockedByToughness reports whether an automatically wounding
// poisoned hit fails against a target that is too tough to wound (tow
// too_tough_blocks_poison, T-2).
func PoisonBlockedByToughness(rs Ruleset, o Options) bool {
	return For(rs).switches.has(swTooToughBlocksPoison) && o.TooToughBlocksPoison
}
