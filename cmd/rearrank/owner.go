package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/unit"
)

// owner answers the owner_choice switches (RULES.md 18) by asking the
// person at the terminal. Each question offers the engine's default (the
// batch's end counters, the ruleset's command order, the best save); an
// empty answer or one it cannot read takes it.
type owner struct {
	in  *bufio.Reader
	out io.Writer
}

// Choose implements unit.Chooser.
func (o *owner) Choose(c unit.Choice) int {
	var names []string
	for _, cell := range c.Options {
		what := "empty"
		if cell.Model != nil {
			what = strings.ReplaceAll(cell.Model.Role.String(), "_", "-")
			if cell.Model.Name != "" && cell.Model.Role == unit.Character {
				what = cell.Model.Name
			}
		}
		names = append(names, fmt.Sprintf("%s at rank %d, file %d", what, cell.Slot.Rank+1, cell.Slot.File+1))
	}
	ahead := ""
	if c.Ahead {
		ahead = " (looking ahead in the removal order)"
	}
	return o.ask(fmt.Sprintf("%s%s, unit %s", c.Switch, ahead, c.Formation), names, c.Default)
}

// ChooseSave implements referee.SaveChooser.
func (o *owner) ChooseSave(m unit.Model, options []rules.SpecialChoice) int {
	var names []string
	for _, s := range options {
		names = append(names, fmt.Sprintf("%s %s", s.Kind, s.Save))
	}
	return o.ask("special_save_choice: which save does the model use", names, 0)
}

// ask asks question until it reads one of options; def (an index) is the
// default offered.
func (o *owner) ask(question string, options []string, def int) int {
	fmt.Fprintf(o.out, "%s?\n", question)
	for i, s := range options {
		fmt.Fprintf(o.out, "  %d) %s\n", i+1, s)
	}
	for {
		fmt.Fprintf(o.out, "choose 1-%d [%d]: ", len(options), def+1)
		line, err := o.in.ReadString('\n')
		line = strings.TrimSpace(line)
		if line == "" && err == nil {
			return def
		}
		if n, convErr := strconv.Atoi(line); convErr == nil && n >= 1 && n <= len(options) {
			return n - 1
		}
		if err != nil {
			fmt.Fprintf(o.out, "  input ended: taking option %d\n", def+1)
			return def
		}
		fmt.Fprintf(o.out, "  want a number from 1 to %d\n", len(options))
	}
}

// standIn returns f with each owner_choice switch, which nobody is asked
// about where it is run (odds, sim, resolve without a terminal), set to the
// engine's default, and one note for each saying so.
func standIn(f *scenario.File) (*scenario.File, []string, error) {
	// One list of the switches set away from their default (none defaults
	// to owner_choice), not a lookup per switch: each lookup builds the
	// whole list again, and every odds run passes here.
	owner := map[string]bool{}
	for _, c := range f.RuleOptions().Changed() {
		if name, v, _ := strings.Cut(c, "="); v == "owner_choice" {
			owner[name] = true
		}
	}
	if len(owner) == 0 {
		return f, nil, nil
	}
	var notes []string
	for _, s := range rules.Switches() {
		if !owner[s.Name] || !s.AppliesTo(f.Ruleset) {
			continue
		}
		g, err := f.WithOption(s.Name, s.Default)
		if err != nil {
			return nil, nil, err
		}
		f = g
		notes = append(notes, fmt.Sprintf("%s is owner_choice, and nobody is asked here: the engine's default (%s) stands in", s.Name, strings.ReplaceAll(s.Default, "_", " ")))
	}
	return f, notes, nil
}
