package scenario

import (
	"fmt"

	"github.com/rearrank/rearrank/rules"
)

// translateTow carries over, between tow and a ruleset whose armour save
// Strength worsens (whfb8, battleaxe, t9a1-ru), what RULES.md 22 writes
// in another form, and notes what means something else there (22.1's
// table):
//
//   - the save modifier: Strength's (and armour_piercing) as tow's AP, and
//     AP back as Strength's modifier plus armour_piercing (22.4);
//   - the armour of the same equipment, where the save differs (no mount
//     bonus, the 2+/3+ cap); a printed armour_save as a suit;
//   - a Heroic Killing Blow as Killing Blow and Monster Slayer (22.3);
//   - Flaming against Regeneration, poison and Multiple Wounds, which read
//     differently (22.3, 22.6, 22.7).
//
// Fields the other ruleset does not read at all are left to dropUnread,
// and the champion's overrides to Translate.
func translateTow(c, f *File, note func(string, ...any)) {
	if !towBetween(f.Ruleset, c.Ruleset) {
		return
	}
	to := rules.For(c.Ruleset)
	fo, ro := f.RuleOptions(), c.RuleOptions()
	for i := range c.Attacks {
		translateAP(&c.Attacks[i], fmt.Sprintf("attacks[%d]", i), f.Ruleset, c.Ruleset, fo, ro, note)
	}
	t := &c.Target
	towProfile(&t.Profile, "target", f.Ruleset, c.Ruleset, fo, ro, note)
	for i := range t.Groups {
		towProfile(&t.Groups[i].Profile, fmt.Sprintf("target.groups[%d]", i), f.Ruleset, c.Ruleset, fo, ro, note)
	}
	for i := range t.Characters {
		towProfile(&t.Characters[i].Profile, fmt.Sprintf("target.characters[%d]", i), f.Ruleset, c.Ruleset, fo, ro, note)
	}
	regen := !t.Regeneration.IsNone()
	for _, ch := range t.Characters {
		regen = regen || !ch.Regeneration.IsNone()
	}
	for i := range c.Attacks {
		a := &c.Attacks[i]
		path := fmt.Sprintf("attacks[%d]", i)
		if a.HeroicKillingBlow != 0 && to.BlowsByCategory {
			note("%s: heroic_killing_blow carried over as killing_blow and monster_slayer (tow has no Heroic Killing Blow; chariots and war machines are spared)", path)
			a.KillingBlow, a.MonsterSlayer, a.HeroicKillingBlow = a.HeroicKillingBlow, a.HeroicKillingBlow, 0
		}
		if to.BlowsByCategory && a.KillingBlow != 0 && a.Phase != rules.Melee {
			note("%s: killing_blow fires in close combat only in tow", path)
		}
		if a.Flaming && regen {
			if to.RegenerationAfterDamage {
				note("%s: flaming stops Regeneration in tow only on a flammable target (set flammable: true for Trolls)", path)
			} else {
				note("%s: flaming stops Regeneration in %s whether or not the target is flammable", path, c.Ruleset)
			}
		}
		if a.Poison != 0 {
			if to.BlowsByCategory {
				note("%s: poison in tow rolls to wound with +2 (errata); poisoned_attacks: auto_wound wounds automatically, as %s", path, f.Ruleset)
			} else {
				note("%s: poison in %s wounds automatically, not with tow's +2", path, c.Ruleset)
			}
		}
		if !a.MultipleWounds.IsZero() && a.MultipleWounds != "1" && to.MWRemaining {
			note("%s: multiple_wounds in tow land on one model and never spill to the next", path)
		}
	}
}

// towBetween reports whether translateTow has work between rulesets from
// and to: one builds the armour save from a suit worsened by AP (tow), the
// other by Strength.
func towBetween(from, to rules.Ruleset) bool {
	f, t := rules.For(from), rules.For(to)
	return f.SuitWithAP != t.SuitWithAP && !f.ArmourValue && !t.ArmourValue
}

// translateAP carries a save modifier between tow's AP and the Strength
// modifier of ruleset to (or back): whfb8's S4 -1 and armour_piercing 1
// become AP 2; tow's AP 2 at S3 becomes armour_piercing 2, at S4 the
// Strength's -1 and armour_piercing 1. An AP smaller than the Strength's
// modifier cannot carry over: the note says so.
func translateAP(a *Attack, path string, from, to rules.Ruleset, fo, ro rules.Options, note func(string, ...any)) {
	if rules.For(to).SuitWithAP {
		mod := saveModifier(from, a.Strength, a.ArmourPiercing, fo)
		if mod != 0 {
			note("%s: the save modifier of Strength %d%s (-%d) carried over as ap %d (Strength does not worsen saves in %s)",
				path, a.Strength, pick(a.ArmourPiercing != 0, fmt.Sprintf(" and armour_piercing %d", a.ArmourPiercing), ""), mod, mod, to)
		}
		a.AP, a.ArmourPiercing = min(mod, MaxStat), 0
		return
	}
	strength := saveModifier(to, a.Strength, 0, ro)
	switch {
	case a.AP > strength && strength == 0:
		note("%s: ap %d carried over as armour_piercing %d", path, a.AP, a.AP)
		a.ArmourPiercing = a.AP
	case a.AP > strength:
		note("%s: ap %d carried over as Strength %d's -%d and armour_piercing %d", path, a.AP, a.Strength, strength, a.AP-strength)
		a.ArmourPiercing = a.AP - strength
	case a.AP < strength:
		note("%s: ap %d not carried over: Strength %d worsens the save by %d in %s", path, a.AP, a.Strength, strength, to)
	case a.AP != 0:
		note("%s: ap %d carried over as Strength %d's -%d", path, a.AP, a.Strength, strength)
	}
	a.AP = 0
}

// saveModifier is how much Strength s and armour_piercing ap worsen an
// armour save in ruleset rs (RULES.md 7.1).
func saveModifier(rs rules.Ruleset, s, ap int, o rules.Options) int {
	probe := rules.SaveProfile{Armour: rules.LightArmour}
	return rules.ArmourSaveDetail(rs, probe, rules.Infantry, rules.Penetration{Strength: s, ArmourPiercing: ap}, o).Modifier
}

// towProfile carries a profile between tow and ruleset to: a printed
// armour_save as the suit that gives it, and a note where the same
// equipment saves differently (RULES.md 22.4); translateProfile has
// carried the troop type over before (22.10).
func towProfile(p *Profile, path string, from, to rules.Ruleset, fo, ro rules.Options, note func(string, ...any)) {
	tt := rules.For(to)
	sp := saveProfile(*p)
	sp.ArmourSave = p.ArmourSave
	if !p.ArmourSave.IsNone() && !tt.SuitWithAP {
		was := rules.ArmourSaveDetail(from, sp, p.TroopType, rules.Penetration{}, fo).Base
		p.Armour, p.SaveBonus = suitFor(to, was, p.TroopType, ro)
		p.Shield, p.Barding, p.ArmourSave = false, false, rules.None
		got := rules.ArmourSaveDetail(to, saveProfile(*p), p.TroopType, rules.Penetration{}, ro).Base
		note("%s: armour_save (%v with its shield and barding) carried over as %s (%v)", path, saveText(was), armourText(*p, tt), saveText(got))
		return
	}
	was := rules.ArmourSaveDetail(from, sp, p.TroopType, rules.Penetration{}, fo).Base
	got := rules.ArmourSaveDetail(to, sp, p.TroopType, rules.Penetration{}, ro).Base
	if was != got {
		note("%s: %s saves %s in %s, %s in %s (%s)", path, armourText(*p, tt), saveText(got), to, saveText(was), from,
			pick(tt.SuitWithAP, "no mount bonus, capped at 2+ or 3+", "a mount bonus, no cap"))
	}
}

func pick[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}
