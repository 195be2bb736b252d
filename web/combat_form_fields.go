package web

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
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
		doc := r.DescriptionMsg().Text(l)
		d.Rulesets = append(d.Rulesets, choice{Value: r.String(), Label: r.TitleMsg().Text(l), Doc: doc, Selected: r == rs, Block: true})
		if r == rs {
			d.RulesetDoc = doc
		}
	}
	if !rs.Valid() && f.Ruleset != "" {
		// a ruleset from a link that has no combat round: shown, so that
		// the error beside it reads
		d.Rulesets = append(d.Rulesets, choice{Value: f.Ruleset, Label: f.Ruleset, Selected: true})
	} else if rs.Valid() && !rules.For(rs).Combat.Round {
		d.Rulesets = append(d.Rulesets, choice{Value: rs.String(), Label: rs.TitleMsg().Text(l), Selected: true})
	}
	say := func(id msg.ID, args ...any) string { return msg.New(id, args...).Text(l) }
	// the combat's own inputs are said in l by combatFormWords; the
	// odds form's (a unit's, an attack group's) by the odds form
	input := func(ff formField, name, path, v string) field {
		return ff.input(rs, name, inputID(name), path, v)
	}
	shared := func(ff formField, name, path, v string) field {
		return ff.inputIn(l, rs, name, inputID(name), path, v)
	}
	var names [2]string
	for i, side := range f.Sides {
		names[i] = side.Unit["name"]
	}
	sideWords := func(i int) string {
		if names[i] == "" {
			return say("combat.side.unnamed", sideName[i])
		}
		return say("webres.combat.form.side_named", sideName[i], names[i])
	}
	d.Combat = combatBlockIn(l, rs, f.Combat, sideWords)
	for i, side := range f.Sides {
		p := sideName[i] + "."
		path := "sides." + sideName[i]
		sd := combatSideFields{Letter: sideName[i], Title: say("webres.combat.form.side", sideName[i])}
		if names[i] != "" {
			sd.Title = say("webres.combat.form.side_named_title", sideName[i], names[i])
		}
		sd.Own = combatOwnIn(l, rs, i, side.Own)
		for j, ff := range ci.unit {
			name, path, v := p+"u."+ff.Name, path+".unit."+ff.Name, side.Unit[ff.Name]
			if j < len(ci.unit)-1 {
				sd.Unit = append(sd.Unit, shared(ff, name, path, v))
				continue
			}
			fl := input(ff, name, path, v) // height, the combat's own
			ff.sayCombat(&fl, combatFieldID(ff.Name, false), rs, l)
			sd.Unit = append(sd.Unit, fl)
		}
		for _, c := range commandNames {
			name := p + "u." + c
			sd.Command = append(sd.Command, field{Name: name, ID: inputID(name), Label: say(msg.ID("web.command." + c)), Kind: "checkbox", Value: "1",
				Checked: side.Unit[c] != "", More: true, Scenario: path + ".unit.command", Rulesets: rulesetsAttr("t.command"), Hidden: !reads(rs, "t.command")})
		}
		hide := func(fl field, key string) field {
			fl.Rulesets = rulesetsAttr(key)
			fl.Hidden = !reads(rs, key)
			return fl
		}
		for _, fl := range championInputsIn(l, rs, side.Unit, hide) {
			own := strings.TrimPrefix(fl.Name, "t.")
			fl.Name = p + "u." + own
			fl.ID = inputID(fl.Name)
			fl.Scenario = path + ".unit." + own
			sd.Command = append(sd.Command, fl)
		}
		for j, fv := range side.Fights {
			sd.Fights = append(sd.Fights, combatFightRowIn(l, rs, i, j, fv))
		}
		sd.CanAdd = len(side.Fights) < maxFights
		d.Sides[i] = sd
	}
	for _, sw := range allSwitches() {
		d.Options = append(d.Options, switchFieldIn(l, rs, sw, f.Options[sw.Name]))
	}
}

// combatBlockIn is the combat block's inputs (charger, facing, high
// ground, contact), holding values, under ruleset rs and in language l,
// the sides named by sideWords: the Combat tab's, and the Battle tab's
// fight form's (battle_page.go).
func combatBlockIn(l msg.Lang, rs rules.Ruleset, values fieldValues, sideWords func(int) string) []field {
	var out []field
	for _, ff := range combatFields().combat {
		fl := ff.input(rs, "c."+ff.Name, inputID("c."+ff.Name), "combat."+ff.Name, values[ff.Name])
		ff.sayCombat(&fl, combatFieldID(ff.Name, false), rs, l)
		for j := range fl.Choices {
			switch fl.Choices[j].Value {
			case "none":
				fl.Choices[j].Label = msg.New("webres.combat.form.neither").Text(l)
			case "a":
				fl.Choices[j].Label = sideWords(0)
			case "b":
				fl.Choices[j].Label = sideWords(1)
			}
		}
		out = append(out, fl)
	}
	return out
}

// combatOwnIn is side s's own inputs (leadership, special rules, bonus),
// holding own, under ruleset rs and in language l.
func combatOwnIn(l msg.Lang, rs rules.Ruleset, s int, own fieldValues) []field {
	p, path := sideName[s]+".", "sides."+sideName[s]
	var out []field
	for _, ff := range combatFields().own {
		fl := ff.input(rs, p+ff.Name, inputID(p+ff.Name), path+"."+ff.Name, own[ff.Name])
		ff.sayCombat(&fl, combatFieldID(ff.Name, false), rs, l)
		out = append(out, fl)
	}
	return out
}

// combatFightRowIn is the inputs of fight j of side s, holding fv, under
// ruleset rs and in language l: the fight's own inputs in the combat's
// words, the attack group's as the odds form says them.
func combatFightRowIn(l msg.Lang, rs rules.Ruleset, s, j int, fv fieldValues) []field {
	ci := combatFields()
	p, path := sideName[s]+".", "sides."+sideName[s]
	var row []field
	for _, ff := range ci.fight {
		name, fpath := fmt.Sprintf("%sf%d.%s", p, j, ff.Name), fmt.Sprintf("%s.fights[%d].%s", path, j, ff.Name)
		var fl field
		switch {
		case slices.ContainsFunc(ci.fightOwn, func(o formField) bool { return o.Name == ff.Name }):
			fl = ff.input(rs, name, inputID(name), fpath, fv[ff.Name])
			ff.sayCombat(&fl, combatFieldID(ff.Name, true), rs, l)
		case ff.Name == "ws": // the odds form's, in the combat's words
			fl = ff.inputIn(l, rs, name, inputID(name), fpath, fv[ff.Name])
			ff.sayCombat(&fl, combatFieldID(ff.Name, true), rs, l)
		default:
			fl = ff.inputIn(l, rs, name, inputID(name), fpath, fv[ff.Name])
		}
		row = append(row, fl)
	}
	return row
}

// sayCombat puts fl, the combat's own input of field ff, in language l:
// its words are the messages of id (combatWords), its choices the
// combat's terms. The inputs the combat shares with the odds form (a
// unit's, an attack group's) are the odds form's, said in l by it
// (inputIn).
func (ff formField) sayCombat(fl *field, id msg.ID, rs rules.Ruleset, l msg.Lang) {
	if l == msg.English {
		return
	}
	say := func(id msg.ID) string { return msg.New(id).Text(l) }
	fl.Label = rulesetMsg(id, rs.String()).Text(l)
	if msg.Has(id + ".hint") {
		fl.Hint = say(id + ".hint")
	}
	for j := range fl.Labels {
		if w, ok := combatLabelWords[fl.Labels[j].Text]; ok {
			fl.Labels[j].Text = say(w)
		}
	}
	if ff.Input == scenario.InputWhole && ff.Name != "ws" { // the fight's WS is the odds form's, its message said there
		noun := ""
		if msg.Has(id + ".noun") {
			noun = say(id + ".noun")
		}
		fl.Msg = wholeMsg(ff.FieldSpec, noun, l)
	}
	for j := range fl.Choices {
		c := &fl.Choices[j]
		switch {
		case ff.Name == "charger" || ff.Name == "high_ground":
			// said in l by combatFormData: the sides by their names
		case ff.Name == "facing":
			c.Label = say(msg.ID("term.combat.facing." + c.Value))
		case ff.Name == "by":
			c.Label = combat.ForRuleset(msg.ID("term.combat.by."+c.Value), rs).Text(l)
		case msg.Has(id + msg.ID("."+c.Value)):
			c.Label = say(id + msg.ID("."+c.Value))
		}
	}
}

// combatLabelWords are the words a label takes by ruleset (rulesetWords):
// Leadership or Discipline, Initiative or Agility. Their keys are the
// English the labels are laid out in, which TestCombatFormWords holds
// equal to the messages'.
var combatLabelWords = map[string]msg.ID{
	"Leadership": "webres.combat.form.leadership", "Discipline": "webres.combat.form.leadership.t9a",
	"Initiative": "term.rules.initiative", "Agility": "term.rules.t9a.agility",
}

// switchFieldIn is a switch's input, as the odds form shows it, in
// language l: a combat switch's label is webres.combat.switch.NAME, the
// others' the odds form's.
func switchFieldIn(l msg.Lang, rs rules.Ruleset, sw rules.Switch, v string) field {
	label := switchLabelIn(sw, l)
	if id := msg.ID("webres.combat.switch." + sw.Name); combatSwitch(sw.Name) && msg.Has(id) {
		label = msg.New(id).Text(l)
	}
	hint := sw.Doc
	if l != msg.English {
		hint = switchHintIn(sw, rs, l)
	}
	fl := field{Name: "opt." + sw.Name, ID: inputID("opt." + sw.Name), Label: label, Scenario: "options." + sw.Name, Hint: hint}
	if sw.Values == nil {
		fl.Kind, fl.Value, fl.Placeholder = "text", v, sw.Default
		fl.Pattern, fl.Msg = `\s*([0-9]+/[0-9]+|0?\.[0-9]+|1)?\s*`, msg.New("web.form.fraction").Text(l)
	} else if combatSwitch(sw.Name) {
		// the default differs by ruleset (step_up: lost in tow): the empty
		// choice leaves it to the ruleset
		fl.Kind = "select"
		fl.Choices = choices(v, append([]string{""}, sw.Values...)...)
		fl.Choices[0].Label = msg.New("webres.combat.form.ruleset_default").Text(l)
		for i := range fl.Choices {
			switch c := &fl.Choices[i]; {
			case c.Value == "true":
				c.Label = msg.New("webres.combat.form.yes").Text(l)
			case c.Value == "false":
				c.Label = msg.New("webres.combat.form.no").Text(l)
			case c.Value != "" && l != msg.English:
				c.Label = rules.ValueMsg(sw.Name, c.Value).Text(l)
			}
		}
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
		localizeSwitch(&fl, sw, l)
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
