package rules

import "slices"

var rulesetDescriptions = [...]string{
	"",
	"Battleaxe: Fantasy Generals, a fan-made mass-battle game edited from WHFB 8th (seed 000)",
	"Warhammer Fantasy Battles 8th edition, casualty rules (seed 002)",
	"The 9th Age: Fantasy Battles, 2nd-edition era: Armour and AP, Aegis and Regeneration (seed 001)",
	"The 9th Age 1.x, Russian translation: Strength-based saves, wound pools per troop type (seed 004)",
	"Mordheim-like skirmish: one model a fighter, critical hits by weapon class, injuries (seed 003)",
}

// Description says in one line what the ruleset is and which seed of
// RULES.md 1 it comes from.
func (r Ruleset) Description() string {
	if !r.Valid() {
		return ""
	}
	return rulesetDescriptions[r]
}

// AppliesTo reports whether the switch is read by ruleset r.
func (s Switch) AppliesTo(r Ruleset) bool { return slices.Contains(s.Rulesets, r) }
