package rules

// bestHit is the best to-hit target: a natural 1 always misses (RULES.md 5),
// so anything better than 2+ is reported as 2+.
const bestHit = 2

// MeleeToHit returns the close-combat to-hit target (RULES.md 5).
//
// whfb8, battleaxe (its "Combat Skill" chart is not in the seeds), t9a1-ru and
// skirmish compare Weapon Skill: 3+ when ws is higher than targetWS, 5+ when
// targetWS is more than twice ws, otherwise 4+ (E01).
//
// t9a reads ws as Offensive Skill and targetWS as Defensive Skill and uses
// the difference d = OS - DS: d >= 4 gives 2+, 1..3 gives 3+, -3..0 gives 4+
// and d <= -4 gives 5+ (E05). With o.MeleeToHitLegacy the older 2.x grid adds
// 6+ for d <= -8 (R33).
//
// A natural 6 always hits and a natural 1 always misses: every target returned
// lies in 2+..6+, so Target.Succeeds(face, 1) rejects a 1 through the floor and
// accepts a 6 because no target is above 6.
func MeleeToHit(rs Ruleset, ws, targetWS int, o Options) Target {
	return For(rs).meleeToHit(ws, targetWS, o)
}

// weaponSkillChart is the Weapon Skill chart of RULES.md 5 that whfb8,
// battleaxe, t9a1-ru and skirmish share: 3+ when ws is higher than targetWS,
// 5+ when targetWS is more than twice ws, otherwise 4+ (E01).
func weaponSkillChart(ws, targetWS int, _ Options) Target {
	switch {
	case ws > targetWS:
		return Need(3)
	case targetWS > 2*ws:
		return Need(5)
	default:
		return Need(4)
	}
}

// ShootingToHit returns the shooting to-hit target before the 7+ procedure
// (RULES.md 5). modifier is signed as the rules write it: -1 for long range,
// -2 for long range and cover, +1 for a large target; each -1 makes the
// target one worse.
//
// whfb8, t9a1-ru and skirmish read bs as Ballistic Skill 1-10: the target is
// 7 - bs - modifier (BS3 with two -1s is 6+, E02). battleaxe ("BS 4+") and
// t9a (aim 4+) read bs as the target number itself: bs - modifier (E04, E06).
//
// The result may be 7+ or more; HitRolls says how such a target is rolled.
// Targets better than 2+ are reported as 2+, since a natural 1 always misses.
//
// tow reads BS 6-10 as 2+ before its modifiers (22.2, E153: BS6 at -1 is
// 3+); ShootingRetry gives the re-roll of a miss.
func ShootingToHit(rs Ruleset, bs, modifier int) Target {
	tr := For(rs)
	switch {
	case tr.BSTarget:
		return Need(max(bs-modifier, bestHit))
	case tr.HighBSRetry && bs >= 6:
		return Need(bestHit - modifier)
	}
	return Need(max(7-bs-modifier, bestHit))
}

// ShootingRetry returns the need of the one re-roll a shot of Ballistic
// Skill bs makes of a missed to-hit roll, or None where there is none
// (RULES.md 22.2): in tow, BS 6-10 re-roll a miss unmodified needing 6+,
// 5+, 4+, 3+ or 2+. It is that die's one re-roll (20.1 U1, 22.17).
func ShootingRetry(rs Ruleset, bs int) Target {
	if !For(rs).HighBSRetry || bs < 6 {
		return None
	}
	return Need(max(12-bs, bestHit))
}

// TargetToHit applies a signed modifier to an explicit to-hit target, such as
// a scenario's `to_hit: 4+` (RULES.md 5): a -1 modifier turns 4+ into 5+. The
// None target (the attack hits automatically) stays None. Targets better than
// 2+ are reported as 2+. The ruleset does not change the arithmetic; it is
// checked for validity like everywhere else.
func TargetToHit(rs Ruleset, need Target, modifier int) Target {
	rs.mustValid()
	if need.IsNone() {
		return None
	}
	return Need(max(need.Value()-modifier, bestHit))
}

// HitRolls turns a to-hit target into the rolls actually made (RULES.md 5).
//
// A target of 6+ or better is one roll: first is the target (never better
// than 2+), second is None. A target of 7+ or more follows the ruleset:
//
//   - whfb8, battleaxe (not in its seeds, so whfb8's) and t9a1-ru: 7 is a 6
//     then a 4+, 8 is a 6 then a 5+, 9 is a 6 then a 6, 10 or more cannot hit
//     (E03).
//   - t9a: exactly 7 is the "hopeless shot", a 6 then a 4+; 8 or more cannot
//     hit (E06).
//   - skirmish: cannot hit, unless o.SevenPlusToHit is SixThenFourPlus, which
//     makes 7 a 6 then a 4+ and 8 or more impossible.
//
// ok is false when the attack cannot hit at all; first is then the target
// itself, for the log ("needs 10+: cannot hit"). The None target means the
// attack hits automatically: (None, None, true).
func HitRolls(rs Ruleset, need Target, o Options) (first, second Target, ok bool) {
	tr := For(rs)
	if need.IsNone() {
		return None, None, true
	}
	n := need.Value()
	if n <= 6 {
		return Need(max(n, bestHit)), None, true
	}
	worst := tr.sixThenUpTo
	if tr.switches.has(swSevenPlusToHit) && o.SevenPlusToHit == SixThenFourPlus {
		worst = 7 // seven_plus_to_hit: 7 is a 6 then a 4+ (skirmish, 5)
	}
	return sixThen(need, worst)
}

// sixThen is the 7+ procedure of RULES.md 5 for a need of 7 or more, up to
// a need of worst (Traits.sixThenUpTo): a natural 6, then (need-3)+ on a
// second die (7 is a 6 then a 4+, 8 a 6 then a 5+, 9 a 6 then a 6). A need
// above worst cannot hit: (need, None, false).
func sixThen(need Target, worst int) (first, second Target, ok bool) {
	if int(need.n) > worst {
		return need, None, false
	}
	return Target{n: 6}, Target{n: need.n - 3}, true
}

// HitChance returns the exact chance that one attack hits with the given
// target, as num/den with den 6 for one roll and 36 for a 6 then a second
// roll (RULES.md 5; E03's 7+ is 3/36 = 1/12). It follows HitRolls, so an
// attack that cannot hit gives 0/6 and the None target (automatic hit) 6/6.
// The fraction is not reduced.
func HitChance(rs Ruleset, need Target, o Options) (num, den int) {
	first, second, ok := HitRolls(rs, need, o)
	switch {
	case !ok:
		return 0, 6
	case first.IsNone():
		return 6, 6
	case second.IsNone():
		return first.Chance(1), 6
	default:
		return first.Chance(1) * second.Chance(1), 36
	}
}
