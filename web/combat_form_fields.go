package web

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// inputID is an input's id for its name: "a.f0.strength" is
// "a-f0-strength".
func inputID(name string) string {
	return strings.NewReplacer(".", "-", "_", "-").Replace(name)
}

// combatFormData lays out the form's inputs for the template: the odds
// form's inputs (formField.input, the command group's boxes and
// championInputs) under the combat's names.
func (s *Server) combatFormData(l msg.Lang, d *combatPageData, f combatForm) {
	rs, _ := rules.ParseRuleset(f.Ruleset)
	ci := combatFields()
	for _, r := range combatRulesets() {
		doc := r.Description()
		d.Rulesets = append(d.Rulesets, choice{Value: r.String(), Label: r.Title(), Doc: doc, Selected: r == rs, Block: true})
		if r == rs {
			d.RulesetDoc = doc
		}
	}
	if !rs.Valid() && f.Ruleset != "" {
		// a ruleset from a link that has no combat round: shown, so that
		// the error beside it reads
		d.Rulesets = append(d.Rulesets, choice{Value: f.Ruleset, Label: f.Ruleset, Selected: true})
	} else if rs.Valid() && !rules.For(rs).Combat.Round {
		d.Rulesets = append(d.Rulesets, choice{Value: rs.String(), Label: rs.Title(), Selected: true})
	}
	input := func(ff formField, name, path, v string) field {
		return ff.input(rs, name, inputID(name), path, v)
	}
	var names [2]string
	for i, side := range f.Sides {
		names[i] = side.Unit["name"]
	}
	sideWords := func(i int) string {
		if names[i] == "" {
			return "side " + sideName[i]
		}
		return fmt.Sprintf("side %s (%s)", sideName[i], names[i])
	}
	for _, ff := range ci.combat {
		fl := input(ff, "c."+ff.Name, "combat."+ff.Name, f.Combat[ff.Name])
		for j := range fl.Choices {
			switch fl.Choices[j].Value {
			case "none":
				fl.Choices[j].Label = "neither"
			case "a":
				fl.Choices[j].Label = sideWords(0)
			case "b":
				fl.Choices[j].Label = sideWords(1)
			}
		}
		d.Combat = append(d.Combat, fl)
	}
	for i, side := range f.Sides {
		p := sideName[i] + "."
		path := "sides." + sideName[i]
		sd := combatSideFields{Letter: sideName[i], Title: "Side " + sideName[i]}
		if names[i] != "" {
			sd.Title += " (" + names[i] + ")"
		}
		for _, ff := range ci.own {
			sd.Own = append(sd.Own, input(ff, p+ff.Name, path+"."+ff.Name, side.Own[ff.Name]))
		}
		for _, ff := range ci.unit {
			sd.Unit = append(sd.Unit, input(ff, p+"u."+ff.Name, path+".unit."+ff.Name, side.Unit[ff.Name]))
		}
		for _, c := range commandNames {
			name := p + "u." + c
			sd.Command = append(sd.Command, field{Name: name, ID: inputID(name), Label: commandLabels[c], Kind: "checkbox", Value: "1",
				Checked: side.Unit[c] != "", More: true, Scenario: path + ".unit.command", Rulesets: rulesetsAttr("t.command"), Hidden: !reads(rs, "t.command")})
		}
		hide := func(fl field, key string) field {
			fl.Rulesets = rulesetsAttr(key)
			fl.Hidden = !reads(rs, key)
			return fl
		}
		for _, fl := range championInputs(rs, side.Unit, hide) {
			own := strings.TrimPrefix(fl.Name, "t.")
			fl.Name = p + "u." + own
			fl.ID = inputID(fl.Name)
			fl.Scenario = path + ".unit." + own
			sd.Command = append(sd.Command, fl)
		}
		for j, fv := range side.Fights {
			var row []field
			for _, ff := range ci.fight {
				name := fmt.Sprintf("%sf%d.%s", p, j, ff.Name)
				row = append(row, input(ff, name, fmt.Sprintf("%s.fights[%d].%s", path, j, ff.Name), fv[ff.Name]))
			}
			sd.Fights = append(sd.Fights, row)
		}
		sd.CanAdd = len(side.Fights) < maxFights
		d.Sides[i] = sd
	}
	for _, sw := range allSwitches() {
		d.Options = append(d.Options, switchField(rs, sw, f.Options[sw.Name]))
	}
	if l != msg.English {
		combatFormWords(l, rs, d, names)
	}
}

// combatFormWords says the combat's own inputs in language l: their
// labels, hints and choices, the sides' titles and the combat switches.
// The look and the maps above are their English, which the messages
// repeat; the inputs the combat shares with the odds form (a unit's, an
// attack group's, the other switches) are the odds form's, said in l by
// it.
func combatFormWords(l msg.Lang, rs rules.Ruleset, d *combatPageData, names [2]string) {
	say := func(id string, args ...any) string { return msg.New(msg.ID(id), args...).Text(l) }
	has := func(id string) bool { _, ok := msg.Lookup(msg.ID(id)); return ok }
	sideWords := func(i int) string {
		if names[i] == "" {
			return say("combat.side.unnamed", sideName[i])
		}
		return say("webres.combat.form.side_named", sideName[i], names[i])
	}
	word := func(fl *field, own string) {
		id := "webres.combat.form." + own
		if has(id) {
			fl.Label = rulesetMsg(msg.ID(id), rs.String()).Text(l)
		}
		if has(id + ".hint") {
			fl.Hint = say(id + ".hint")
		}
		for j := range fl.Labels {
			if w, ok := combatLabelWords[fl.Labels[j].Text]; ok {
				fl.Labels[j].Text = say(w)
			}
		}
		for j := range fl.Choices {
			c := &fl.Choices[j]
			switch {
			case own == "charger" || own == "high_ground":
				switch c.Value {
				case "none":
					c.Label = say("webres.combat.form.neither")
				case "a":
					c.Label = sideWords(0)
				case "b":
					c.Label = sideWords(1)
				}
			case own == "facing":
				c.Label = say("term.combat.facing." + c.Value)
			case own == "by":
				c.Label = combat.ForRuleset(msg.ID("term.combat.by."+c.Value), rs).Text(l)
			case has(id + "." + c.Value):
				c.Label = say(id + "." + c.Value)
			}
		}
	}
	for i := range d.Combat {
		word(&d.Combat[i], strings.TrimPrefix(d.Combat[i].Name, "c."))
	}
	for i := range d.Sides {
		sd := &d.Sides[i]
		sd.Title = say("webres.combat.form.side", sideName[i])
		if names[i] != "" {
			sd.Title = say("webres.combat.form.side_named_title", sideName[i], names[i])
		}
		own := func(name string) string { return name[strings.LastIndex(name, ".")+1:] }
		for j := range sd.Own {
			word(&sd.Own[j], own(sd.Own[j].Name))
		}
		for j := range sd.Unit {
			if n := own(sd.Unit[j].Name); n == "height" {
				word(&sd.Unit[j], n)
			}
		}
		for _, row := range sd.Fights {
			for j := range row {
				n := own(row[j].Name)
				if slices.ContainsFunc(combatFields().fightOwn, func(ff formField) bool { return ff.Name == n }) || n == "ws" {
					word(&row[j], "fight."+n)
				}
			}
		}
	}
	for i := range d.Options {
		fl := &d.Options[i]
		name := strings.TrimPrefix(fl.Name, "opt.")
		if !combatSwitch(name) {
			continue
		}
		if id := "webres.combat.switch." + name; has(id) {
			fl.Label = say(id)
		}
		for j := range fl.Choices {
			switch fl.Choices[j].Value {
			case "":
				fl.Choices[j].Label = say("webres.combat.form.ruleset_default")
			case "true":
				fl.Choices[j].Label = say("webres.combat.form.yes")
			case "false":
				fl.Choices[j].Label = say("webres.combat.form.no")
			}
		}
	}
}

// combatLabelWords are the words a label takes by ruleset (rulesetWords):
// Leadership or Discipline, Initiative or Agility.
var combatLabelWords = map[string]string{
	"Leadership": "webres.combat.form.leadership", "Discipline": "webres.combat.form.leadership.t9a",
	"Initiative": "term.rules.initiative", "Agility": "term.rules.t9a.agility",
}

// combatSwitchLabels name the combat switches (rules 21.11) in players'
// words, as switchLabels does the others.
var combatSwitchLabels = map[string]string{
	"contact_overlap":      "The wider unit's contact reaches one file past the narrower",
	"step_up":              "Models stepping up to replace casualties",
	"asf_tie":              "Two Always Strikes First fights",
	"charge_initiative":    "+1 Initiative for the charger",
	"combat_score":         "What scores the combat result",
	"line_formation_width": "Front-rank width that gives an extra supporting rank",
	"instant_kill_score":   "An instant kill scores the model's Wounds",
	"outnumber_bonus":      "+1 for more models",
	"insane_courage":       "A double 1 passes the break test",
}

// switchField is a switch's input, as the odds form shows it.
func switchField(rs rules.Ruleset, sw rules.Switch, v string) field {
	label := switchLabel(sw)
	if l, ok := combatSwitchLabels[sw.Name]; ok {
		label = l
	}
	fl := field{Name: "opt." + sw.Name, ID: inputID("opt." + sw.Name), Label: label, Scenario: "options." + sw.Name, Hint: sw.Doc}
	if sw.Values == nil {
		fl.Kind, fl.Value, fl.Placeholder = "text", v, sw.Default
		fl.Pattern, fl.Msg = `\s*([0-9]+/[0-9]+|0?\.[0-9]+|1)?\s*`, "A fraction such as 1/4 or 0.25"
	} else if combatSwitch(sw.Name) {
		// the default differs by ruleset (step_up: lost in tow): the empty
		// choice leaves it to the ruleset
		fl.Kind = "select"
		fl.Choices = choices(v, append([]string{""}, sw.Values...)...)
		fl.Choices[0].Label = "the ruleset's (default)"
	} else {
		fl.Kind = "select"
		fl.Choices = choices(orDefault(v, sw.Default), sw.Values...)
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
	if combatSwitch(sw.Name) {
		for i := range fl.Choices {
			switch fl.Choices[i].Value {
			case "true":
				fl.Choices[i].Label = "yes"
			case "false":
				fl.Choices[i].Label = "no"
			}
		}
	}
	fl.Rulesets = rulesetNames(sw.Rulesets)
	fl.Hidden, fl.More = !sw.AppliesTo(rs), true
	return fl
}

// combatSwitch reports whether name is a combat switch (rules 21.11).
func combatSwitch(name string) bool {
	for _, sw := range rules.CombatSwitches() {
		if sw.Name == name {
			return true
		}
	}
	return false
}
