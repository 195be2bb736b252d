package web

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
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

// whole gives a number input the limits of its catalogue field s, and a
// message that states them: "Strength is a whole number from 1 to 10", or
// "A whole number from -6 to 6" when noun is "".
func whole(fl *field, s scenario.FieldSpec, noun string) {
	fl.Min, fl.Max = strconv.Itoa(s.Min), strconv.Itoa(s.Max)
	if noun == "" {
		fl.Msg = fmt.Sprintf("A whole number from %d to %d", s.Min, s.Max)
	} else {
		fl.Msg = fmt.Sprintf("%s is a whole number from %d to %d", noun, s.Min, s.Max)
	}
}

// pageData lays out the form for the template, in English.
func (s *Server) pageData(f form) *pageData { return s.pageDataIn(f, msg.English) }

// pageDataIn lays out the form for the template in language l.
func (s *Server) pageDataIn(f form, l msg.Lang) *pageData {
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
	fs := f.schema()
	if len(f.Attacks) == 0 {
		f.Attacks = []fieldValues{{}}
	}
	for i, a := range f.Attacks {
		d.Attacks = append(d.Attacks, fs.attackRowIn(l, rs, i, a))
	}
	d.CanAdd = len(f.Attacks) < maxFormAttacks
	t := f.Target
	for _, ff := range fs.target {
		d.Target = append(d.Target, ff.inputIn(l, rs, "t."+ff.Name, "t-"+strings.ReplaceAll(ff.Name, "_", "-"), "target."+ff.Name, t[ff.Name]))
	}
	mk := func(name, label, kind, value string) field {
		return field{Name: "t." + name, ID: "t-" + strings.ReplaceAll(name, "_", "-"), Label: label, Kind: kind, Value: value, Scenario: "target." + name}
	}
	for _, c := range commandNames {
		fl := hide(mk(c, commandLabels[c], "checkbox", "1"), "t.command")
		fl.Scenario = "target.command"
		fl.Checked, fl.More = t[c] != "", true
		d.Command = append(d.Command, fl)
	}
	d.Command = append(d.Command, championInputsIn(l, rs, t, hide)...)
	for _, sw := range rules.Switches() {
		fl := field{Name: "opt." + sw.Name, ID: "opt-" + strings.ReplaceAll(sw.Name, "_", "-"), Label: switchLabelIn(sw, l),
			Scenario: "options." + sw.Name, Hint: switchHintIn(sw, rs, l)}
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
		localizeSwitch(&fl, sw, l)
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
	for _, row := range d.Attacks {
		keepHidden(row)
	}
	keepHidden(d.Target)
	keepHidden(d.Command)
	keepHidden(d.Options)
	d.localize(l, rs)
	return d
}

// attackRowIn is the inputs of attack group i, holding a, under ruleset
// rs and in language l: a row of the Odds tab's form, and of the Battle
// tab's attack form (battle_page.go).
func (fs *formFields) attackRowIn(l msg.Lang, rs rules.Ruleset, i int, a fieldValues) []field {
	row := make([]field, 0, len(fs.attack))
	for _, ff := range fs.attack {
		row = append(row, ff.inputIn(l, rs, fmt.Sprintf("a%d.%s", i, ff.Name), fmt.Sprintf("a%d-%s", i, strings.ReplaceAll(ff.Name, "_", "-")),
			fmt.Sprintf("attacks[%d].%s", i, ff.Name), a[ff.Name]))
	}
	return row
}

// keepHidden gives each hidden field that holds a value a hidden input of
// its own carrying it (Keep): a hidden field is drawn disabled, out of the
// GET, and without script a change of ruleset would lose what was typed
// for the rulesets that read it. Carried, the value comes back when the
// player switches back (issue 26, item 6); the file leaves it out in the
// meantime (form.document). The page's script drops the carriers, as it
// keeps the disabled fields' values itself.
func keepHidden(fs []field) {
	for i := range fs {
		f := &fs[i]
		if !f.Hidden {
			continue
		}
		switch f.Kind {
		case "checkbox":
			if f.Checked {
				f.Keep = f.Value
			}
		case "select":
			for _, c := range f.Choices {
				if c.Selected && c.Value != "" && c.Value != f.Choices[0].Value {
					f.Keep = c.Value
				}
			}
		default:
			f.Keep = f.Value
		}
	}
}

// commandLabels name the command group's boxes.
var commandLabels = map[string]string{"musician": "Musician", "standard": "Standard bearer", "champion": "Champion"}

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

// snakeName is a name of the file's, such as by_ruleset or auto_wound.
var snakeName = lazyRegexp(`\b[a-z0-9]+(?:_[a-z0-9]+)+\b`)

// hintWords is a switch's doc in the words of the page: a choice's name
// as its select shows it, quoted ("by_ruleset is alternate_ends" reads
// “by ruleset” is “alternate ends”), another name of the file's in words.
func hintWords(doc string) string {
	values := map[string]bool{}
	for _, sw := range rules.Switches() {
		for _, v := range sw.Values {
			values[v] = true
		}
	}
	return snakeName().ReplaceAllStringFunc(doc, func(name string) string {
		words := strings.ReplaceAll(name, "_", " ")
		if values[name] {
			return "“" + words + "”"
		}
		return words
	})
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

// markError puts the error beside its input, or leaves it for the summary
// in language l.
func (d *pageData) markError(l msg.Lang) {
	e := d.Error
	if e == nil || e.Input == "" || e.Input == "yaml" { // the file's textarea shows it with its line
		return
	}
	mark := func(fs []field) bool {
		for i := range fs {
			if fs[i].Name == e.Input {
				fs[i].Error = e.Message
				fs[i].Hidden, fs[i].Keep = false, ""
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
		e.Message = e.api.Text(l) // no input to label it: keep the field's name
	}
}
