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
