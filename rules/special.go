package rules

import "slices"

// SaveContext is what the attack and the unit's state say about special saves
// (RULES.md 8, 19.3).
type SaveContext struct {
	Flaming bool // the attack has Flaming Attacks
	// LethalSix: a Lethal Strike attack whose to-wound natural roll was 6.
	LethalSix bool
	// RegenLost: whfb8 (and battleaxe, which falls back to it) unit flag set
	// after a Flaming wound earlier in the phase (RULES.md 19.3).
	RegenLost bool
	// NoSaves: no_saves effects and instant kills skip the special save too
	// (RULES.md 19.3).
	NoSaves bool
	// KillingBlow: a Killing Blow wound, against which no Regeneration may
	// be rolled; the ward is rolled as normal (RULES.md 20.2).
	KillingBlow bool
	// Phase is the attack's phase, which conditional special saves read
	// ("against shooting", RULES.md 8.2).
	Phase Phase
}

// SpecialFloor returns the highest natural value that always fails a special
// save in rs: 2 in t9a, whose special saves fail on a natural 1 or 2 (RULES.md
// 8.2, R16), and 1 elsewhere (8.1: a "1+" ward succeeds on 2-6, E33).
func SpecialFloor(rs Ruleset) int { return For(rs).specialFloor }

// SpecialChoice is one special save a model may roll against a wound.
type SpecialChoice struct {
	Kind SpecialKind
	Save Target // as the model has it; roll with Succeeds(face, SpecialFloor(rs))
}

// Effective returns the target the choice really needs in rs, after the
// natural-fail floor: Aegis 2+ in t9a needs 3+ (E35).
func (c SpecialChoice) Effective(rs Ruleset) int {
	return max(c.Save.Value(), SpecialFloor(rs)+1)
}

// RegenerationUsable reports whether Regeneration may be rolled against the
// wound (RULES.md 8, 19.3, 20.2). It may not when c.RegenLost or against a
// Killing Blow; nor against Flaming
// attacks in whfb8, battleaxe (which falls back to whfb8), t9a, and t9a1-ru
// unless o.RegenVsFlaming is RegenAllowed; nor against a Lethal Strike that
// rolled a natural 6 in t9a and t9a1-ru. skirmish defines no Regeneration, so
// its generic hook has no restriction but RegenLost.
func RegenerationUsable(rs Ruleset, c SaveContext, o Options) bool {
	return For(rs).regenerationUsable(c, o)
}

func (t *Traits) regenerationUsable(c SaveContext, o Options) bool {
	switch {
	case c.RegenLost, c.KillingBlow:
		return false
	case c.Flaming && t.flamingDeniesRegeneration && !t.regenVsFlamingAllowed(o.RegenVsFlaming):
		return false
	case c.LethalSix && t.LethalStrike: // 19.3
		return false
	case c.NoSaves && t.RegenerationAfterDamage: // 22.6: no_saves and instant kills
		return false
	}
	return true
}

// RegenerationAfter returns the Regeneration rolled per Wound lost where it
// is a stage of its own (RULES.md 22.6): the model's Regeneration when the
// ruleset rolls it after damage and it is usable against the attack (not
// against Flaming on a Flammable model, no_saves or an instant kill); None
// otherwise.
func RegenerationAfter(rs Ruleset, s SpecialSaves, c SaveContext, o Options) Target {
	tr := For(rs)
	if !tr.RegenerationAfterDamage || !s.Regeneration.Possible() || !tr.regenerationUsable(c, o) || c.Flaming && s.Flammable ||
		!s.RegenerationAgainst.Applies(c) {
		return None
	}
	return s.Regeneration
}

// regenVsFlamingAllowed reports whether the regen_vs_flaming switch, where
// the ruleset reads it, allows Regeneration against Flaming (8.3).
func (t *Traits) regenVsFlamingAllowed(r RegenVsFlaming) bool {
	return t.switches.has(swRegenVsFlaming) && r == RegenAllowed
}

// SpecialSaveOptions lists the special saves a model with saves s may roll
// against a wound, best first (RULES.md 8): lowest effective target after
// SpecialFloor, ties in the order Aegis (C23), Ward, Regeneration. Saves that
// are None, impossible (7+), not usable (RegenerationUsable) or whose
// conditions the attack does not meet (s.AegisAgainst, 8.2, E36) are left out;
// with c.NoSaves the list is empty. A model rolls only one of them (8, R14,
// R20); with o.SpecialSaveChoice set to SaveOwnerChoice the referee asks the
// owner to pick from this list.
//
// All three fields are read in every ruleset; which kinds a ruleset's models
// may have (Aegis in t9a, Ward elsewhere) is for the scenario to check.
func SpecialSaveOptions(rs Ruleset, s SpecialSaves, c SaveContext, o Options) []SpecialChoice {
	list, n := specialChoices(rs, s, c, o)
	return slices.Clone(list[:n])
}

// specialChoices is SpecialSaveOptions without allocating: the referee and the
// odds ask it once per wound.
func specialChoices(rs Ruleset, s SpecialSaves, c SaveContext, o Options) (list [3]SpecialChoice, n int) {
	tr := For(rs)
	if c.NoSaves {
		return list, 0
	}
	// An insertion sort by effective target of at most three entries;
	// stable, so equal effective targets keep the Aegis, Ward, Regeneration
	// order (C23).
	var eff [3]int
	for _, ch := range [...]SpecialChoice{{Aegis, s.Aegis}, {Ward, s.Ward}, {Regeneration, s.Regeneration}} {
		if !ch.Save.Possible() || !s.against(ch.Kind).Applies(c) ||
			ch.Kind == Regeneration && (tr.RegenerationAfterDamage || !tr.regenerationUsable(c, o)) {
			continue
		}
		e := max(ch.Save.Value(), tr.specialFloor+1) // Effective
		i := n
		for ; i > 0 && eff[i-1] > e; i-- {
			list[i], eff[i] = list[i-1], eff[i-1]
		}
		list[i], eff[i] = ch, e
		n++
	}
	return list, n
}

// SpecialSave returns the best applicable special save and its kind (RULES.md
// 8): the first of SpecialSaveOptions, or (None, NoSpecial) when there is none
// or c.NoSaves. The Target is the save as the model has it; roll it with
// Target.Succeeds(face, SpecialFloor(rs)), so a "1+" ward still fails on a 1
// (E33) and a t9a Aegis 2+ on a 1 or 2 (E35).
func SpecialSave(rs Ruleset, s SpecialSaves, c SaveContext, o Options) (Target, SpecialKind) {
	list, n := specialChoices(rs, s, c, o)
	if n == 0 {
		return None, NoSpecial
	}
	return list[0].Save, list[0].Kind
}

// BestWard returns the best of several saves of one kind, since they never
// combine (RULES.md 8.1: wards 5+ and 4+ give one roll at 4+, E31): the lowest
// value that is not None, or None if all are None.
func BestWard(saves ...Target) Target {
	best := None
	for _, t := range saves {
		if !t.IsNone() && (best.IsNone() || t.Value() < best.Value()) {
			best = t
		}
	}
	return best
}

// RegenerationPlus applies t9a's "Regeneration (+k)" (RULES.md 8.2) to a
// model's Regeneration r: an existing Regeneration improves by k but not past
// 3+ (a better one is kept as it is); a model without one (None) gains
// Regeneration (7-k)+, also no better than 3+.
func RegenerationPlus(r Target, k int) Target {
	if r.IsNone() {
		return Need(max(7-k, 3))
	}
	return Need(min(r.Value(), max(r.Value()-k, 3)))
}

// KillingBlowSlays reports whether a Killing Blow (heroic: a Heroic Killing
// Blow) slays a model of troop type tt outright (RULES.md 20.2): Killing
// Blow against infantry, cavalry and war beasts; Heroic Killing Blow
// against every troop type but swarms.
func KillingBlowSlays(tt TroopType, heroic bool) bool {
	if heroic {
		return tt != Swarm
	}
	return tt == Infantry || tt == Cavalry || tt == WarBeast
}
