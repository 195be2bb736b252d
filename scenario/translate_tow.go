package scenario

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rearrank/rearrank/rules"
)

// translateTow carries over, between tow and a ruleset whose armour save
// Strength worsens (whfb8, battleaxe, t9a1-ru, skirmish), what RULES.md 22
// writes in another form (22.1's table):
//
//   - the armour of the same equipment, where the save differs (no mount
//     bonus, the 2+/3+ cap); a printed armour_save as a suit;
//   - a Heroic Killing Blow as Killing Blow and Monster Slayer (22.3).
//
// The save modifier (Strength's and armour_piercing as AP) is translateAP's,
// shared with t9a; what reads differently in tow, whichever the other
// ruleset, is meaningNotes'. Fields the other ruleset does not read at all
// are left to dropUnread, and the champion's overrides to Translate.
func translateTow(c, f *File, note func(string, ...any)) {
	if !towBetween(f.Ruleset, c.Ruleset) {
		return
	}
	to := rules.For(c.Ruleset)
	fo, ro := f.RuleOptions(), c.RuleOptions()
	t := &c.Target
	towProfile(&t.Profile, "target", f.Ruleset, c.Ruleset, fo, ro, note)
	for i := range t.Groups {
		towProfile(&t.Groups[i].Profile, fmt.Sprintf("target.groups[%d]", i), f.Ruleset, c.Ruleset, fo, ro, note)
	}
	for i := range t.Characters {
		towProfile(&t.Characters[i].Profile, fmt.Sprintf("target.characters[%d]", i), f.Ruleset, c.Ruleset, fo, ro, note)
	}
	for i := range c.Attacks {
		a := &c.Attacks[i]
		if a.HeroicKillingBlow != 0 && to.BlowsByCategory {
			note("attacks[%d]: heroic_killing_blow carried over as killing_blow and monster_slayer (tow has no Heroic Killing Blow; chariots and war machines are spared)", i)
			a.KillingBlow, a.MonsterSlayer, a.HeroicKillingBlow = a.HeroicKillingBlow, a.HeroicKillingBlow, 0
		}
	}
}

// meaningNotes notes what a field carried over as it was means something
// else in tow than in the other ruleset (RULES.md 22.1's table): where
// Killing Blow fires and whom it slays (22.3, 22.10), Flaming against
// Regeneration, Regeneration itself (22.6), Poisoned Attacks (22.3) and
// Multiple Wounds (22.7).
func meaningNotes(c, f *File, note func(string, ...any)) {
	from, to := rules.For(f.Ruleset), rules.For(c.Ruleset)
	if from.SuitWithAP == to.SuitWithAP {
		return // neither is tow
	}
	fo, ro := f.RuleOptions(), c.RuleOptions()
	reads := func(obj Object, name string) bool { return lookup(obj, name).ReadBy(c.Ruleset) }
	regen := c.regenerationAt()
	if regen != "" && from.RegenerationAfterDamage != to.RegenerationAfterDamage && to.Regeneration {
		if to.RegenerationAfterDamage {
			note("%s: regeneration in tow is rolled once per Wound lost, after the ward save and Multiple Wounds, not as a save instead of the ward", regen)
		} else {
			note("%s: regeneration in %s is one save per unsaved wound, the better of it and %s, not a roll per Wound lost as in tow", regen, c.Ruleset, pick(to.Ward, "any ward", "any aegis"))
		}
	}
	for i := range c.Attacks {
		a, was := &c.Attacks[i], &f.Attacks[i]
		path := fmt.Sprintf("attacks[%d]", i)
		if a.KillingBlow != 0 && reads(ObjAttack, "killing_blow") {
			if to.BlowsByCategory && a.Phase != rules.Melee {
				note("%s: killing_blow fires in close combat only in tow", path)
			}
			if was.KillingBlow != 0 {
				if tts := blowDiffers(c, f); len(tts) > 0 {
					note("%s: killing_blow slays %s in %s, not in %s", path, listText(tts), pick(to.BlowsByCategory, c.Ruleset, f.Ruleset), pick(to.BlowsByCategory, f.Ruleset, c.Ruleset))
				}
			}
		}
		if a.Flaming && regen != "" && reads(ObjAttack, "flaming") && to.Regeneration {
			if to.RegenerationAfterDamage {
				note("%s: flaming stops Regeneration in tow only on a flammable target (set flammable: true for Trolls)", path)
			} else {
				note("%s: flaming stops Regeneration in %s whether or not the target is flammable", path, c.Ruleset)
			}
		}
		if a.Poison != 0 && reads(ObjAttack, "poison") {
			switch {
			case to.SuitWithAP:
				note("%s: poison in tow rolls to wound with +2 (errata); poisoned_attacks: auto_wound wounds automatically, as %s", path, f.Ruleset)
			case fo.PoisonedAttacks == rules.PoisonPlusTwo:
				note("%s: poison in %s wounds automatically, not with tow's +2", path, c.Ruleset)
			}
		}
		if !a.MultipleWounds.IsZero() && a.MultipleWounds != "1" && reads(ObjAttack, "multiple_wounds") && to.Block {
			switch {
			case to.MWRemaining && !onOneModel(from, fo):
				note("%s: multiple_wounds in tow land on one model and never spill to the next", path)
			case from.MWRemaining && !onOneModel(to, ro):
				note("%s: multiple_wounds in %s are capped at the model's Wounds on its profile, and may finish one model and go on to the next", path, c.Ruleset)
			}
		}
	}
}

// onOneModel reports whether a Multiple Wounds packet is capped at the
// wounds left on the one model it lands on under o, as in tow: mw_cap
// remaining, or battleaxe's per-model damage (RULES.md 9.2, 11.3).
func onOneModel(t *rules.Traits, o rules.Options) bool { return t.CapRemaining(o) || t.PerModel(o) }

// regenerationAt names the first model of c's target with Regeneration:
// the unit, a group, a character or the champion; "" for none.
func (c *File) regenerationAt() string {
	t := &c.Target
	switch {
	case !t.regeneration().IsNone():
		return "target"
	case t.Champion != nil && t.Champion.Regeneration != nil && !t.Champion.Regeneration.IsNone():
		return "target.champion"
	}
	for i := range t.Groups {
		if !t.Groups[i].regeneration().IsNone() {
			return fmt.Sprintf("target.groups[%d]", i)
		}
	}
	for i := range t.Characters {
		if !t.Characters[i].regeneration().IsNone() {
			return fmt.Sprintf("target.characters[%d]", i)
		}
	}
	return ""
}

// blowDiffers lists the troop types of the target's models (c's, as
// carried over from f's) that Killing Blow slays in one of the two
// rulesets and not in the other (rules.BlowSlays).
func blowDiffers(c, f *File) []string {
	var out []string
	add := func(was, now rules.TroopType) {
		if rules.BlowSlays(f.Ruleset, was, false) != rules.BlowSlays(c.Ruleset, now, false) {
			if name := pick(rules.For(c.Ruleset).BlowsByCategory, now, was).String(); !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	t, w := &c.Target, &f.Target
	add(w.TroopType, t.TroopType)
	if w.Champion != nil && w.Champion.TroopType != nil && t.Champion != nil {
		add(w.ChampionProfile().TroopType, t.ChampionProfile().TroopType)
	}
	for i := range t.Groups {
		add(w.Groups[i].TroopType, t.Groups[i].TroopType)
	}
	for i := range t.Characters {
		add(w.Characters[i].TroopType, t.Characters[i].TroopType)
	}
	return out
}

// towBetween reports whether translateTow has work between rulesets from
// and to: one builds the armour save from a suit worsened by AP (tow), the
// other by Strength.
func towBetween(from, to rules.Ruleset) bool {
	f, t := rules.For(from), rules.For(to)
	return f.SuitWithAP != t.SuitWithAP && !f.ArmourValue && !t.ArmourValue
}

// translateAP carries a save modifier between the AP of a ruleset whose
// saves Strength does not worsen (t9a, tow) and the Strength modifier of
// one whose saves it does (whfb8, battleaxe, t9a1-ru, skirmish), either
// way: whfb8's S4 -1 and armour_piercing 1 become AP 2; AP 2 at S3
// becomes armour_piercing 2, at S4 the Strength's -1 and armour_piercing
// 1. An AP smaller than the Strength's modifier cannot carry over, and
// Strength's modifier where the AP was 0 is new: the notes say so.
func translateAP(a *Attack, path string, from, to rules.Ruleset, fo, ro rules.Options, note func(string, ...any)) {
	if apSaves(rules.For(to)) {
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
	case a.AP < strength && a.AP == 0:
		note("%s: Strength %d now worsens the save by %d (in %s only ap did, and it was 0)", path, a.Strength, strength, from)
	case a.AP < strength:
		note("%s: ap %d not carried over: Strength %d worsens the save by %d in %s", path, a.AP, a.Strength, strength, to)
	case a.AP != 0:
		note("%s: ap %d carried over as Strength %d's -%d", path, a.AP, a.Strength, strength)
	}
	a.AP = 0
}

// saveModifier is how much Strength s and armour_piercing ap worsen an
// armour save in ruleset rs (RULES.md 7.1, 7.3, 7.4).
func saveModifier(rs rules.Ruleset, s, ap int, o rules.Options) int {
	probe := rules.SaveProfile{Armour: rules.LightArmour}
	return rules.ArmourSaveDetail(rs, probe, rules.Infantry, rules.Penetration{Strength: s, ArmourPiercing: ap}, o).Modifier
}

// towProfile carries a profile between tow and ruleset to: a printed
// armour_save as the suit that gives it, and a note where the same
// equipment saves differently (RULES.md 22.4), saying why; translateProfile
// has carried the troop type over before (22.10).
func towProfile(p *Profile, path string, from, to rules.Ruleset, fo, ro rules.Options, note func(string, ...any)) {
	tt := rules.For(to)
	sp := saveProfile(*p)
	sp.ArmourSave = p.ArmourSave
	if !p.ArmourSave.IsNone() && !tt.SuitWithAP {
		was := rules.ArmourSaveDetail(from, sp, p.TroopType, rules.Penetration{}, fo).Base
		text := armourText(*p, rules.For(from))
		p.Armour, p.SaveBonus = suitFor(to, was, p.TroopType, ro)
		p.Shield, p.Barding, p.ArmourSave = false, false, rules.None
		got := rules.ArmourSaveDetail(to, saveProfile(*p), p.TroopType, rules.Penetration{}, ro).Base
		note("%s: %s carried over as %s (%v)", path, withSave(text, was), armourText(*p, tt), saveText(got))
		return
	}
	// What the other ruleset reads of the equipment: skirmish has no
	// barding (dropUnread says so).
	read := sp
	read.Barding = sp.Barding && tt.Barding
	was := rules.ArmourSaveDetail(from, sp, p.TroopType, rules.Penetration{}, fo).Base
	got := rules.ArmourSaveDetail(to, read, p.TroopType, rules.Penetration{}, ro).Base
	if was != got {
		tow, other, towSave, otherSave, otherO := to, from, got, was, fo
		if !tt.SuitWithAP {
			tow, other, towSave, otherSave, otherO = from, to, was, got, ro
		}
		note("%s: %s saves %s in %s, %s in %s (%s)", path, armourText(*p, tt), saveText(got), to, saveText(was), from,
			armourReason(tow, other, read, p.TroopType, towSave, otherSave, otherO))
	}
}

// armourReason says why the same equipment saves towSave in tow and
// otherSave in ruleset other (RULES.md 7, 22.4): other's mount bonus,
// tow's cap, skirmish's points.
func armourReason(tow, other rules.Ruleset, sp rules.SaveProfile, tt rules.TroopType, towSave, otherSave rules.Target, o rules.Options) string {
	if !rules.For(other).Barding {
		return fmt.Sprintf("%s counts armour in points", other)
	}
	var why []string
	if tt.Mounted() && rules.ArmourSaveDetail(other, sp, tt, rules.Penetration{}, o).Base != rules.ArmourSaveDetail(other, sp, rules.Infantry, rules.Penetration{}, o).Base {
		why = append(why, fmt.Sprintf("%s gives a mount bonus", other))
	}
	if c := rules.TowArmourCap(tt); towSave.Value() == c && (otherSave.IsNone() || otherSave.Value() < c) {
		why = append(why, fmt.Sprintf("tow caps it at %d+", c))
	}
	if len(why) == 0 {
		return "the suits save differently"
	}
	return strings.Join(why, ", ")
}

func pick[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}
