package web

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/rules"
)

// Patterns for the inline checks of the browser (the loader checks again).
const (
	patDice   = `\s*([0-9]+|[0-9]*[dD][36]\s*([+\-]\s*[0-9]+)?)\s*`
	patToHit  = `\s*(auto|([1-9]|10)\+?)?\s*`
	patScore  = `\s*(([1-9]|10)\+?)?\s*`
	patDamage = `\s*[0-9]+(\s*[, ]\s*[0-9]+)*\s*`
)

func choices(selected string, values ...string) []choice {
	out := make([]choice, 0, len(values))
	for _, v := range values {
		label := strings.ReplaceAll(v, "_", " ")
		if v == "" {
			label = "none"
		}
		out = append(out, choice{Value: v, Label: label, Selected: v == selected})
	}
	return out
}

// againstChoices offers each condition of a conditional save (rules 8.2),
// and a list such as "flaming, shooting" when a file wrote one.
func againstChoices(selected string) []choice {
	values := append([]string{""}, rules.AgainstNames()...)
	if selected != "" && !slices.Contains(values, selected) {
		values = append(values, selected)
	}
	out := choices(selected, values...)
	out[0].Label = "every attack"
	return out
}

// troopChoices marks the troop type choices cs with the rulesets that
// read each (rules.TroopType.ReadBy: tow's sub-categories are tow's alone,
// and tow has no monstrous_beast) and hides those rs does not read, unless
// one is chosen (from a link): the loader then says what to write. When a
// change of ruleset hides the chosen one, the page's script picks the one
// the new ruleset reads in its place (rules.TroopType.In). A choice that is
// no troop type ("the unit's") is left as it is.
func troopChoices(rs rules.Ruleset, cs []choice) []choice {
	for i := range cs {
		if cs[i].Value == "" {
			continue
		}
		tt, err := rules.ParseTroopType(cs[i].Value)
		if err != nil {
			continue
		}
		var readers []string
		for _, r := range rules.Rulesets() {
			if tt.ReadBy(r) {
				readers = append(readers, r.String())
			} else {
				cs[i].Instead = tt.In(r).String()
			}
		}
		if len(readers) < len(rules.Rulesets()) {
			cs[i].Rulesets = strings.Join(readers, " ")
		}
		cs[i].Hidden = rs.Valid() && !tt.ReadBy(rs) && !cs[i].Selected
	}
	return cs
}

// switchChoices marks the choices cs of switch sw with the rulesets that
// accept each (rules.Switch.ValuesFor: owner_choice for multi_packet_order
// is tow's alone) and hides those rs refuses, unless one is chosen (from a
// link): the loader then says what to write. When a change of ruleset
// hides the chosen one, the page's script picks the switch's default.
func switchChoices(rs rules.Ruleset, sw rules.Switch, cs []choice) {
	for i := range cs {
		var readers []string
		for _, r := range sw.Rulesets {
			if slices.Contains(sw.ValuesFor(r), cs[i].Value) {
				readers = append(readers, r.String())
			}
		}
		if len(readers) == len(sw.Rulesets) {
			continue
		}
		cs[i].Rulesets, cs[i].Instead = strings.Join(readers, " "), sw.Default
		cs[i].Hidden = rs.Valid() && !slices.Contains(sw.ValuesFor(rs), cs[i].Value) && !cs[i].Selected
	}
}

func saveChoices(selected string) []choice {
	return choices(strings.TrimSpace(selected), "", "2+", "3+", "4+", "5+", "6+")
}

// rulesetsAttr lists the rulesets that read a form field, for the page's
// script to show and hide it; "" when every ruleset reads it.
func rulesetsAttr(key string) string {
	s, ok := spec(key)
	if !ok || s.Reads == nil {
		return ""
	}
	rs := s.Rulesets()
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.String()
	}
	return strings.Join(names, " ")
}

// whole gives a number input the catalogue's limits for its field, and a
// message that states them: "Strength is a whole number from 1 to 10", or
// "A whole number from -6 to 6" when noun is "".
func whole(fl *field, key, noun string) {
	s, _ := spec(key)
	fl.Min, fl.Max = strconv.Itoa(s.Min), strconv.Itoa(s.Max)
	if noun == "" {
		fl.Msg = fmt.Sprintf("A whole number from %d to %d", s.Min, s.Max)
	} else {
		fl.Msg = fmt.Sprintf("%s is a whole number from %d to %d", noun, s.Min, s.Max)
	}
}

// pageData lays out the form for the template.
func (s *Server) pageData(f form) *pageData {
	rs, _ := rules.ParseRuleset(f.Ruleset)
	d := &pageData{Tab: f.Tab, Form: f, Query: f.values().Encode()}
	for _, t := range []struct{ name, label string }{{tabOdds, "Odds"}, {tabResolve, "Referee"}, {tabCompare, "Compare"}} {
		q := f.values()
		q.Set("tab", t.name)
		d.Tabs = append(d.Tabs, tabLink{Name: t.name, Label: t.label, Href: "/?" + q.Encode(), Current: f.Tab == t.name})
	}
	switch f.Tab {
	case tabResolve:
		d.Submit = "Resolve"
	case tabCompare:
		d.Submit = "Compare"
	default:
		d.Submit = "Show the odds"
	}
	for _, r := range rules.Rulesets() {
		doc := r.Description()
		d.Rulesets = append(d.Rulesets, choice{Value: r.String(), Label: r.Title(), Doc: doc, Selected: r == rs, Block: r.Block()})
		if r == rs {
			d.RulesetDoc = doc
		}
	}
	hide := func(fl field, key string) field {
		fl.Rulesets = rulesetsAttr(key)
		fl.Hidden = !reads(rs, key)
		return fl
	}
	if len(f.Attacks) == 0 {
		f.Attacks = []attackForm{{}}
	}
	for i, a := range f.Attacks {
		p := fmt.Sprintf("a%d.", i)
		sp := fmt.Sprintf("attacks[%d].", i)
		mk := func(name, label, kind, value string) field {
			return field{Name: p + name, ID: "a" + fmt.Sprint(i) + "-" + strings.ReplaceAll(name, "_", "-"), Label: label, Kind: kind, Value: value, Scenario: sp + name}
		}
		count := mk("count", "Attacks", "text", a.Count)
		count.Required, count.Pattern, count.Inputmode, count.Placeholder = true, patDice, "text", "10 or 2D6"
		count.Msg = "A number of attacks such as 10, or dice such as 2D6 or D6+1"
		phase := mk("phase", "Phase", "select", "")
		phase.Choices = choices(orDefault(a.Phase, "melee"), "melee", "shooting", "magic", "other")
		toHit := mk("to_hit", "To hit", "text", a.ToHit)
		toHit.Pattern, toHit.Placeholder, toHit.Hint = patToHit, "4+", "a score such as 4+, or auto; leave empty to use WS/BS"
		toHit.Msg = "A score from 1+ to 10+, such as 4+, or auto"
		ws := mk("ws", "Attacker WS", "number", a.WS)
		ws.Hint = "melee, against the target's WS"
		whole(&ws, "a.ws", "Weapon Skill")
		bs := mk("bs", "Attacker BS", "text", a.BS)
		bsSpec, _ := spec("a.bs")
		bs.Pattern, bs.Hint, bs.Msg = patScore, "shooting", fmt.Sprintf("Ballistic Skill is a number from %d to %d", bsSpec.Min, bsSpec.Max)
		mod := mk("hit_modifier", "Hit modifier", "number", a.HitModifier)
		mod.Placeholder = "0"
		whole(&mod, "a.hit_modifier", "")
		wmod := mk("wound_modifier", "Wound modifier", "number", a.WoundModifier)
		wmod.Placeholder, wmod.Hint = "0", "+ helps the attacker"
		whole(&wmod, "a.wound_modifier", "")
		str := mk("strength", "Strength", "number", a.Strength)
		str.Required = true
		whole(&str, "a.strength", "Strength")
		ap := hide(mk("ap", "Armour Penetration (AP)", "number", a.AP), "a.ap")
		ap.Labels = []labelPart{ // t9a's name and The Old World's (RULES.md 22.16)
			{Text: "Armour Penetration (AP)", Rulesets: "t9a", Hidden: rs != rules.T9A},
			{Text: "Armour Piercing (AP)", Rulesets: "tow", Hidden: rs != rules.TOW}}
		ap.Placeholder = "0"
		whole(&ap, "a.ap", "AP")
		apc := hide(mk("armour_piercing", "Armour piercing", "number", a.ArmourPiercing), "a.armour_piercing")
		apc.Placeholder, apc.Hint = "0", "worsens the armour save beyond Strength"
		whole(&apc, "a.armour_piercing", "")
		mw := mk("multiple_wounds", "Multiple wounds", "text", a.MultipleWounds)
		mw.Pattern, mw.Placeholder, mw.Hint, mw.Msg = patDice, "D3", "empty for single wounds", "A number such as 2, or dice such as D3 or D3+1"
		mh := mk("multiple_hits", "Multiple hits", "text", a.MultipleHits)
		mh.Pattern, mh.Placeholder, mh.Hint, mh.Msg = patDice, "D3", "each hit becomes this many; empty for one", "A number such as 2, or dice such as D3"
		rrHit := mk("reroll_hit", "Re-roll to hit", "select", "")
		rrHit.Choices = choices(a.RerollHit, "", "failed", "ones", "successes", "ones, successes", "failed, successes")
		rrWound := mk("reroll_wound", "Re-roll to wound", "select", "")
		rrWound.Choices = choices(a.RerollWound, "", "failed", "ones", "successes", "ones, successes", "failed, successes")
		wc := hide(mk("weapon_class", "Weapon class", "select", ""), "a.weapon_class")
		wc.Choices, wc.Hint = choices(a.WeaponClass, "", "missile", "bludgeoning", "bladed", "unarmed", "thrusting"), "for critical hits"
		aim := hide(mk("target", "Aimed at", "select", ""), "a.target")
		aim.Choices = choices(orDefault(a.Target, "rank_and_file"), "rank_and_file", "champion")
		batch := hide(mk("batch", "Batch", "text", a.Batch), "a.batch")
		batch.Placeholder, batch.Hint = "volley", "neighbouring groups with the same name, one phase and aim, are one batch"
		flags := []field{}
		for _, fl := range []struct {
			name, label string
			on          bool
		}{{"flaming", "Flaming", a.Flaming}, {"ignore_armour", "Ignores armour", a.IgnoreArmour},
			{"no_saves", "No saves at all", a.NoSaves}, {"instant_kill", "Instant kill", a.InstantKill},
			{"hatred", "Hatred (melee)", a.Hatred}, {"force_reroll_armour", "Target re-rolls successful armour saves", a.ForceRerollArmour},
			{"force_reroll_special", "Target re-rolls successful special saves", a.ForceRerollSpecial}, {"divine_attacks", "Divine Attacks", a.DivineAttacks}} {
			c := hide(mk(fl.name, fl.label, "checkbox", "1"), "a."+fl.name)
			c.Checked = fl.on
			flags = append(flags, c)
		}
		name := mk("name", "Name", "text", a.Name)
		name.Placeholder, name.Wide = "Swordsmen", true
		// natural-roll triggers (RULES.md 20.2): none, a natural 6, or a
		// lower score
		trig := func(name, label, value string) field {
			f := hide(mk(name, label, "select", ""), "a."+name)
			f.Choices = choices(value, "", "6+", "5+", "4+", "3+", "2+")
			return f
		}
		bane := hide(mk("armour_bane", "Armour Bane", "number", a.ArmourBane), "a.armour_bane")
		bane.Placeholder, bane.Hint = "0", "worsens the armour save of a wound on the trigger roll"
		whole(&bane, "a.armour_bane", "Armour Bane")
		// The fields every player fills in come first; the rest fold away
		// under "More" until wanted (issue 15, item 2).
		row := append([]field{count, toHit, str, phase, ap}, more(name, ws, bs, mod, wmod, apc, mh, mw, rrHit, rrWound, wc, aim, batch,
			trig("poison", "Poisoned Attacks", a.Poison), trig("battle_focus", "Battle Focus", a.BattleFocus),
			trig("lethal_strike", "Lethal Strike", a.LethalStrike), trig("killing_blow", "Killing Blow", a.KillingBlow),
			trig("heroic_killing_blow", "Heroic Killing Blow", a.HeroicKillingBlow),
			trig("monster_slayer", "Monster Slayer", a.MonsterSlayer), trig("cleaving_blow", "Cleaving Blow", a.CleavingBlow),
			bane, trig("armour_bane_on", "Armour Bane on", a.ArmourBaneOn))...)
		d.Attacks = append(d.Attacks, append(row, more(flags...)...))
	}
	d.CanAdd = len(f.Attacks) < maxFormAttacks
	t := f.Target
	mk := func(name, label, kind, value string) field {
		return field{Name: "t." + name, ID: "t-" + strings.ReplaceAll(name, "_", "-"), Label: label, Kind: kind, Value: value, Scenario: "target." + name}
	}
	tname := mk("name", "Name", "text", t.Name)
	tname.Placeholder, tname.Wide = "Spearmen", true
	troop := mk("troop_type", "Troop type", "select", "")
	troop.Choices = troopChoices(rs, choices(orDefault(t.TroopType, "infantry"), rules.TroopTypeNames()...))
	models := mk("models", "Models", "number", t.Models)
	models.Required, models.Hint = true, "command group included, characters not"
	if rs.Valid() && !rs.Block() {
		models.Value, models.Hint = "1", "a skirmish target is one warrior" // as scenarioFor writes it
	}
	whole(&models, "t.models", "Models")
	front := hide(mk("frontage", "Frontage", "number", t.Frontage), "t.frontage")
	front.Hint = "files in the front rank"
	whole(&front, "t.frontage", "Frontage")
	tws := mk("ws", "WS", "number", t.WS)
	tws.Hint = "needed when an attack gives WS"
	whole(&tws, "t.ws", "WS")
	tough := mk("toughness", "Toughness", "number", t.Toughness)
	tough.Required = true
	whole(&tough, "t.toughness", "Toughness")
	wounds := mk("wounds", "Wounds", "number", t.Wounds)
	wounds.Placeholder = "1"
	whole(&wounds, "t.wounds", "Wounds")
	armour := hide(mk("armour", "Armour", "select", ""), "t.armour")
	armour.Choices = choices(orDefault(t.Armour, "none"), rules.ArmourNames()...)
	shield := hide(mk("shield", "Shield", "checkbox", "1"), "t.shield")
	shield.Checked = t.Shield
	barding := hide(mk("barding", "Barding", "checkbox", "1"), "t.barding")
	barding.Checked = t.Barding
	bonus := hide(mk("save_bonus", "Save bonus", "number", t.SaveBonus), "t.save_bonus")
	bonus.Placeholder = "0"
	whole(&bonus, "t.save_bonus", "")
	av := hide(mk("armour_value", "Armour value", "number", t.ArmourValue), "t.armour_value")
	av.Placeholder, av.Hint = "0", "every armour source added up"
	whole(&av, "t.armour_value", "Armour")
	ward := hide(mk("ward", "Ward save", "select", ""), "t.ward")
	ward.Choices = saveChoices(t.Ward)
	regen := hide(mk("regeneration", "Regeneration", "select", ""), "t.regeneration")
	regen.Choices = saveChoices(t.Regeneration)
	aegis := hide(mk("aegis", "Aegis", "select", ""), "t.aegis")
	aegis.Choices = saveChoices(t.Aegis)
	aegisAgainst := hide(mk("aegis_against", "Aegis only against", "select", ""), "t.aegis_against")
	aegisAgainst.Choices = againstChoices(t.AegisAgainst)
	regenAgainst := hide(mk("regeneration_against", "Regeneration only against", "select", ""), "t.regeneration_against")
	regenAgainst.Choices = againstChoices(t.RegenerationAgainst)
	regenPlus := hide(mk("regeneration_plus", "Regeneration (+k)", "number", t.RegenerationPlus), "t.regeneration_plus")
	regenPlus.Placeholder, regenPlus.Hint = "0", "improves regeneration by k, or gives (7-k)+"
	whole(&regenPlus, "t.regeneration_plus", "")
	// tow (RULES.md 22.4, 22.6, 22.9)
	armourSave := hide(mk("armour_save", "Armour value (printed)", "select", ""), "t.armour_save")
	armourSave.Choices = saveChoices(t.ArmourSave)
	parry := hide(mk("parry", "Parry", "checkbox", "1"), "t.parry")
	parry.Checked = t.Parry
	flammable := hide(mk("flammable", "Flammable", "checkbox", "1"), "t.flammable")
	flammable.Checked = t.Flammable
	starting := hide(mk("starting_models", "Models at deployment", "number", t.StartingModels), "t.starting_models")
	starting.Hint = "for a failed panic test: falls back while more than half remain"
	whole(&starting, "t.starting_models", "Models at deployment")
	helmet := hide(mk("helmet", "Helmet", "checkbox", "1"), "t.helmet")
	helmet.Checked = t.Helmet
	dmg := mk("damage", "Starting damage", "text", t.Damage)
	dmg.Pattern, dmg.Placeholder, dmg.Inputmode = patDamage, "0", "numeric"
	dmg.Hint, dmg.Msg = "wounds the unit has lost; battleaxe per model: 1,0,2", "Whole numbers, separated by commas"
	rrArmour := mk("reroll_armour", "Re-roll armour saves", "select", "")
	rrArmour.Choices = choices(t.RerollArmour, "", "failed", "ones")
	rrSpecial := mk("reroll_special", "Re-roll special saves", "select", "")
	rrSpecial.Choices = choices(t.RerollSpecial, "", "failed", "ones")
	d.Target = append([]field{models, tough, wounds, armour, shield, av}, more(tname, troop, front, tws, barding, bonus, ward, regen, aegis, aegisAgainst, regenAgainst, regenPlus, rrArmour, rrSpecial, helmet, dmg,
		armourSave, parry, flammable, starting)...)
	for _, c := range []struct {
		name, label string
		on          bool
	}{{"musician", "Musician", t.Musician}, {"standard", "Standard bearer", t.Standard}, {"champion", "Champion", t.Champion}} {
		fl := hide(mk(c.name, c.label, "checkbox", "1"), "t.command")
		fl.Scenario = "target.command"
		fl.Checked, fl.More = c.on, true
		d.Command = append(d.Command, fl)
	}
	d.Command = append(d.Command, championInputs(rs, t.Own, hide)...)
	for _, sw := range rules.Switches() {
		fl := field{Name: "opt." + sw.Name, ID: "opt-" + strings.ReplaceAll(sw.Name, "_", "-"), Label: switchLabel(sw),
			Scenario: "options." + sw.Name, Hint: sw.Doc}
		value := orDefault(f.Options[sw.Name], sw.Default)
		if sw.Values == nil {
			fl.Kind, fl.Value, fl.Placeholder = "text", f.Options[sw.Name], sw.Default
			fl.Pattern, fl.Msg = `\s*([0-9]+/[0-9]+|0?\.[0-9]+|1)?\s*`, "A fraction such as 1/4 or 0.25"
		} else {
			fl.Kind = "select"
			fl.Choices = choices(value, sw.Values...)
			for i := range fl.Choices {
				switch fl.Choices[i].Value {
				case "true":
					fl.Choices[i].Label = "yes"
				case "false":
					fl.Choices[i].Label = "no"
				}
			}
			fl.Choices[0].Label += " (default)"
			switchChoices(rs, sw, fl.Choices)
		}
		names := make([]string, len(sw.Rulesets))
		for i, r := range sw.Rulesets {
			names[i] = r.String()
		}
		fl.Rulesets = strings.Join(names, " ")
		fl.Hidden, fl.More = !sw.AppliesTo(rs), true
		d.Options = append(d.Options, fl)
	}
	dice := field{Name: "dice", ID: "dice", Label: "Dice you rolled", Kind: "text", Value: f.Dice, Wide: true, Inputmode: "numeric",
		Placeholder: "6, 3, 5, 2", Hint: "in the order the steps ask for them; leave empty to roll with the seed",
		Pattern: `\s*([1-6]\s*[, ]?\s*)*`, Msg: "Faces from 1 to 6, separated by commas or spaces", Scenario: "dice"}
	seed := field{Name: "seed", ID: "seed", Label: "Seed", Kind: "number", Value: f.Seed, Min: "0", Hint: "the same seed rolls the same dice",
		Msg: "The seed is a whole number", Scenario: "seed"}
	d.Resolve = []field{dice, seed}
	for _, r := range rules.Rulesets() {
		c := field{Name: "cmp", ID: "cmp-" + r.String(), Label: r.String(), Kind: "checkbox", Value: r.String(), Scenario: "rulesets"}
		for _, x := range f.Compare {
			c.Checked = c.Checked || x == r.String()
		}
		d.CompareSet = append(d.CompareSet, c)
	}
	d.Sets = field{Name: "sets", ID: "sets", Label: "Switch variants", Kind: "textarea", Value: f.Sets, Wide: true, Scenario: "sets",
		Placeholder: "mw_cap=remaining", Hint: "one per line, option=value, each compared with the ruleset chosen above"}
	d.Compare = s.compareFormOf(f, d.CompareSet, d.Sets)
	if file, err := f.scenario(); err == nil {
		if y, err := file.MarshalYAML(); err == nil {
			d.YAMLText = string(y)
		}
	}
	d.Attacks = d.Attacks[:len(f.Attacks)]
	return d
}

// more marks fields as folded away under the group's "More" until wanted.
func more(fs ...field) []field {
	for i := range fs {
		fs[i].More = true
	}
	return fs
}

// switchLabels name the rule switches in players' words.
var switchLabels = map[string]string{
	"damage_model":                "How wounds on multi-wound models are kept",
	"cap_after_modifiers":         "Best save is 1+ after modifiers",
	"unarmoured_cavalry_save":     "Cavalry without armour still save on 6+",
	"instant_kill_takes":          "An instant kill removes",
	"single_rank_policy":          "A single rank loses models from",
	"rear_rank_order":             "Rear-rank casualties come from",
	"multi_packet_order":          "Order of multiple-wound hits",
	"overflow_across_pools":       "Wounds left over when a troop pool is emptied",
	"melee_to_hit_legacy":         "Older close-combat to-hit chart",
	"command_order":               "Which command model goes first",
	"regen_vs_flaming":            "Regeneration against flaming attacks",
	"to_wound":                    "To-wound chart",
	"armour_preset":               "Shield worth",
	"low_crit_consumes_allowance": "A weak critical (1-3) uses up the critical",
	"no_crit_when_needing6":       "No criticals when wounding only on 6s",
	"seven_plus_to_hit":           "Hitting on 7+",
	"special_save_choice":         "Which special save a model takes",
	"panic_threshold":             "Share of the unit lost that forces a panic test",
	"mw_cap":                      "Multiple wounds are capped at",
	"packet_target":               "Multiple wounds go first to",
	"poison_multiple_hits":        "Poisoned attacks with multiple hits wound automatically with",
	"poisoned_attacks":            "A poisoned hit",
	"too_tough_blocks_poison":     "Poison cannot wound a target too tough to wound",
	"regeneration_timing":         "Regeneration is rolled",
	"kb_other_troop_types":        "Killing Blow against a troop type it cannot slay",
	"seven_plus_reroll":           "Re-rolling a roll that needs 7+",
}

// switchLabel is a switch in players' words, or its name in words when it
// has no label here (TestPageWording holds every switch to having one).
func switchLabel(sw rules.Switch) string {
	if l, ok := switchLabels[sw.Name]; ok {
		return l
	}
	return strings.ReplaceAll(sw.Name, "_", " ")
}

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// markError puts the error beside its input, or leaves it for the summary.
func (d *pageData) markError() {
	e := d.Error
	if e == nil || e.Input == "" || e.Input == "yaml" { // the file's textarea shows it with its line
		return
	}
	mark := func(fs []field) bool {
		for i := range fs {
			if fs[i].Name == e.Input {
				fs[i].Error = e.Message
				fs[i].Hidden = false
				e.InputID = fs[i].ID
				return true
			}
		}
		return false
	}
	for _, row := range d.Attacks {
		if mark(row) {
			return
		}
	}
	if mark(d.Target) || mark(d.Command) || mark(d.Options) || mark(d.Resolve) {
		return
	}
	e.Input = ""
	if e.api != nil {
		e.Message = e.api.Message // no input to label it: keep the field's name
	}
}
