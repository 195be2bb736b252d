package scenario

import (
	"fmt"
	"slices"

	"github.com/rearrank/rearrank/msg"
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
func translateTow(c, f *File, note noter) {
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
			note("scenario.note.heroic_killing_blow", i)
			a.KillingBlow, a.MonsterSlayer, a.HeroicKillingBlow = a.HeroicKillingBlow, a.HeroicKillingBlow, 0
		}
	}
}

// meaningNotes notes what a field carried over as it was means something
// else in tow than in the other ruleset (RULES.md 22.1's table): where
// Killing Blow fires and whom it slays (22.3, 22.10), Flaming against
// Regeneration, Regeneration itself (22.6), Poisoned Attacks (22.3) and
// Multiple Wounds (22.7).
func meaningNotes(c, f *File, note noter) {
	from, to := rules.For(f.Ruleset), rules.For(c.Ruleset)
	if from.SuitWithAP == to.SuitWithAP {
		return // neither is tow
	}
	fo, ro := f.RuleOptions(), c.RuleOptions()
	reads := func(obj Object, name string) bool { return lookup(obj, name).ReadBy(c.Ruleset) }
	regen := c.regenerationAt()
	if regen != "" && from.RegenerationAfterDamage != to.RegenerationAfterDamage && to.Regeneration {
		if to.RegenerationAfterDamage {
			note("scenario.note.regeneration_to_tow", regen)
		} else {
			note(pick[msg.ID](to.Ward, "scenario.note.regeneration_from_tow.ward", "scenario.note.regeneration_from_tow.aegis"), regen, c.Ruleset.String())
		}
	}
	for i := range c.Attacks {
		a, was := &c.Attacks[i], &f.Attacks[i]
		path := fmt.Sprintf("attacks[%d]", i)
		if a.KillingBlow != 0 && reads(ObjAttack, "killing_blow") {
			if to.BlowsByCategory && a.Phase != rules.Melee {
				note("scenario.note.killing_blow_melee", path)
			}
			if was.KillingBlow != 0 {
				if tts := blowDiffers(c, f); len(tts) > 0 {
					note("scenario.note.killing_blow_slays", path, orList(tts), pick(to.BlowsByCategory, c.Ruleset, f.Ruleset).String(), pick(to.BlowsByCategory, f.Ruleset, c.Ruleset).String())
				}
			}
		}
		if a.Flaming && regen != "" && reads(ObjAttack, "flaming") && to.Regeneration {
			if to.RegenerationAfterDamage {
				note("scenario.note.flaming_tow", path)
			} else {
				note("scenario.note.flaming_other", path, c.Ruleset.String())
			}
		}
		if a.Poison != 0 && reads(ObjAttack, "poison") {
			switch {
			case to.SuitWithAP:
				note("scenario.note.poison_tow", path, f.Ruleset.String())
			case fo.PoisonedAttacks == rules.PoisonPlusTwo:
				note("scenario.note.poison_other", path, c.Ruleset.String())
			}
		}
		if !a.MultipleWounds.IsZero() && a.MultipleWounds != "1" && reads(ObjAttack, "multiple_wounds") && to.Block {
			switch {
			case to.MWRemaining && !onOneModel(from, fo):
				note("scenario.note.multiple_wounds_tow", path)
			case from.MWRemaining && !onOneModel(to, ro):
				note("scenario.note.multiple_wounds_other", path, c.Ruleset.String())
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
func translateAP(a *Attack, path string, from, to rules.Ruleset, fo, ro rules.Options, note noter) {
	if apSaves(rules.For(to)) {
		mod := saveModifier(from, a.Strength, a.ArmourPiercing, fo)
		if mod != 0 {
			if a.ArmourPiercing != 0 {
				note("scenario.note.strength_ap_to_ap", path, a.Strength, a.ArmourPiercing, mod, to.String())
			} else {
				note("scenario.note.strength_to_ap", path, a.Strength, mod, to.String())
			}
		}
		a.AP, a.ArmourPiercing = min(mod, MaxStat), 0
		return
	}
	strength := saveModifier(to, a.Strength, 0, ro)
	switch {
	case a.AP > strength && strength == 0:
		note("scenario.note.ap_to_armour_piercing", path, a.AP)
		a.ArmourPiercing = a.AP
	case a.AP > strength:
		note("scenario.note.ap_to_strength_and_piercing", path, a.AP, a.Strength, strength, a.AP-strength)
		a.ArmourPiercing = a.AP - strength
	case a.AP < strength && a.AP == 0:
		note("scenario.note.strength_new", path, a.Strength, strength, from.String())
	case a.AP < strength:
		note("scenario.note.ap_lost", path, a.AP, a.Strength, strength, to.String())
	case a.AP != 0:
		note("scenario.note.ap_to_strength", path, a.AP, a.Strength, strength)
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
func towProfile(p *Profile, path string, from, to rules.Ruleset, fo, ro rules.Options, note noter) {
	tt := rules.For(to)
	sp := saveProfile(*p)
	sp.ArmourSave = p.ArmourSave
	if !p.ArmourSave.IsNone() && !tt.SuitWithAP {
		was := rules.ArmourSaveDetail(from, sp, p.TroopType, rules.Penetration{}, fo).Base
		text := armourText(*p, rules.For(from))
		p.Armour, p.SaveBonus = suitFor(to, was, p.TroopType, ro)
		p.Shield, p.Barding, p.ArmourSave = false, false, rules.None
		got := rules.ArmourSaveDetail(to, saveProfile(*p), p.TroopType, rules.Penetration{}, ro).Base
		note("scenario.note.armour", path, withSave(text, was), armourText(*p, tt), saveText(got))
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
		note("scenario.note.saves_differently", path, armourText(*p, tt), saveText(got), to.String(), saveText(was), from.String(),
			armourReason(tow, other, read, p.TroopType, towSave, otherSave, otherO))
	}
}

// armourReason says why the same equipment saves towSave in tow and
// otherSave in ruleset other (RULES.md 7, 22.4): other's mount bonus,
// tow's cap, skirmish's points.
func armourReason(tow, other rules.Ruleset, sp rules.SaveProfile, tt rules.TroopType, towSave, otherSave rules.Target, o rules.Options) msg.List {
	if !rules.For(other).Barding {
		return msg.List{say("scenario.note.why.points", other.String())}
	}
	var why msg.List
	if tt.Mounted() && rules.ArmourSaveDetail(other, sp, tt, rules.Penetration{}, o).Base != rules.ArmourSaveDetail(other, sp, rules.Infantry, rules.Penetration{}, o).Base {
		why = append(why, say("scenario.note.why.mount", other.String()))
	}
	if c := rules.TowArmourCap(tt); towSave.Value() == c && (otherSave.IsNone() || otherSave.Value() < c) {
		why = append(why, say("scenario.note.why.cap", c))
	}
	if len(why) == 0 {
		return msg.List{say("scenario.note.why.suits")}
	}
	return why
}

func pick[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}
