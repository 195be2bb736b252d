package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// owner answers the owner_choice switches (RULES.md 18) by asking the
// person at the terminal. A choice it cannot read falls back to the first
// option, which is the engine's default, and says so.
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
	return o.ask(fmt.Sprintf("%s%s, unit %s", c.Switch, ahead, c.Formation), names)
}

// ChooseSave implements referee.SaveChooser.
func (o *owner) ChooseSave(m unit.Model, options []rules.SpecialChoice) int {
	var names []string
	for _, s := range options {
		names = append(names, fmt.Sprintf("%s %s", s.Kind, s.Save))
	}
	return o.ask("special_save_choice: which save does the model use", names)
}

func (o *owner) ask(question string, options []string) int {
	fmt.Fprintf(o.out, "%s?\n", question)
	for i, s := range options {
		fmt.Fprintf(o.out, "  %d) %s\n", i+1, s)
	}
	for {
		fmt.Fprintf(o.out, "choose 1-%d [1]: ", len(options))
		line, err := o.in.ReadString('\n')
		line = strings.TrimSpace(line)
		if line == "" {
			return 0
		}
		if n, convErr := strconv.Atoi(line); convErr == nil && n >= 1 && n <= len(options) {
			return n - 1
		}
		if err != nil {
			fmt.Fprintln(o.out, "  input ended: taking option 1")
			return 0
		}
		fmt.Fprintf(o.out, "  want a number from 1 to %d\n", len(options))
	}
}
