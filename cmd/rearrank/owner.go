package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/words"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/unit"
)

// owner answers the owner_choice switches (RULES.md 18) by asking the
// person at the terminal. Each question offers the engine's default first
// (the end the batch's counters take, the ruleset's command order, the
// save the engine would roll); an empty answer or the end of the input
// takes it.
type owner struct {
	in  *bufio.Reader
	out io.Writer
}

// Choose implements unit.Chooser.
func (o *owner) Choose(c unit.Choice) int {
	if c.Switch == "single_rank_policy" {
		return o.chooseOdd(c)
	}
	var names []string
	for _, cell := range c.Options {
		names = append(names, fmt.Sprintf("%s at rank %d, file %d", cellName(cell), cell.Slot.Rank+1, cell.Slot.File+1))
	}
	question := ""
	switch {
	case c.Switch == "rear_rank_order" && c.Ahead:
		// battleaxe per-model damage: the model the wound damages goes
		// before the others (11.3)
		question = "rear_rank_order: which model of the rear rank of " + c.Formation + " does the next wound go to"
	case c.Switch == "rear_rank_order":
		question = "rear_rank_order: which model of the rear rank of " + c.Formation + " is removed"
	case c.Switch == "command_order":
		question = "command_order: which of the command group of " + c.Formation + " is removed first"
		if c.Ahead {
			question += " (to find the model the next wound lands on)"
		}
	default:
		question = c.Switch + ", unit " + c.Formation
	}
	return o.ask(question, names, c.Default)
}

// chooseOdd asks which end of the single rank goes first at the batch's
// ties, and so gives up its odd casualty (R11). The count is not known
// when it is asked (dice may be left to roll), so it names none.
func (o *owner) chooseOdd(c unit.Choice) int {
	names := []string{"the left end", "the right end"}
	takes := "this batch takes its casualties from both ends of the single rank " + c.Formation + " in turn"
	if c.Ahead { // battleaxe per-model damage (11.3)
		takes = "this batch's wounds go to the models of the single rank " + c.Formation + " from both ends in turn, a wounded model being the next to go"
	}
	q := "single_rank_policy: " + takes + "; when both ends have given up as many, which end goes first, and so gives up the odd one if the batch takes an odd number"
	return o.ask(q, names, c.Default)
}

// cellName names the model of a cell as the log does: a character by his
// name, "rank-and-file", "standard bearer".
func cellName(cell unit.Cell) string {
	switch {
	case cell.Model == nil:
		return "empty"
	case cell.Model.Name != "" && cell.Model.Role == unit.Character:
		return cell.Model.Name
	case cell.Model.Role == unit.RankAndFile:
		return "rank-and-file"
	}
	return cell.Model.Role.Words()
}

// ChooseSave implements rearrank.SaveChooser: options come with the save
// the engine would roll first.
func (o *owner) ChooseSave(m unit.Model, options []rules.SpecialChoice) int {
	var names []string
	for _, s := range options {
		names = append(names, fmt.Sprintf("%s %s", s.Kind, s.Save))
	}
	return o.ask("special_save_choice: which save does the model use against this attack group", names, 0)
}

// ChoosePacketOrder implements rearrank.PacketChooser (tow's
// multi_packet_order owner_choice, RULES.md 22.13): the packets are taken
// one at a time, the owner naming the next of those left; the default is
// the order their dice were rolled.
func (o *owner) ChoosePacketOrder(group string, packets []rearrank.PacketOption, formation string) []int {
	left := make([]int, len(packets))
	for i := range left {
		left[i] = i
	}
	var order []int
	for len(left) > 1 {
		var names []string
		for _, i := range left {
			kind := ""
			if packets[i].CleavingBlow {
				kind = ", the Cleaving Blow: no Regeneration"
			}
			names = append(names, fmt.Sprintf("%s (rolled %s%s)", words.Count(packets[i].Wounds, "Wound", "Wounds"), ordinal(i+1), kind))
		}
		next := "next"
		if len(order) == 0 {
			next = "first"
		}
		q := fmt.Sprintf("multi_packet_order: the Multiple Wounds packets of %s against %s; which is applied %s", group, formation, next)
		i := o.ask(q, names, 0)
		order = append(order, left[i])
		left = append(left[:i:i], left[i+1:]...)
	}
	return append(order, left...)
}

// ordinal is "1st", "2nd", "3rd", "4th"...
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// ask asks question until it reads one of options; def (an index) is the
// default, offered first: the options are listed with it as 1.
func (o *owner) ask(question string, options []string, def int) int {
	order := make([]int, 0, len(options)) // order[shown-1] is the option's index
	order = append(order, def)
	for i := range options {
		if i != def {
			order = append(order, i)
		}
	}
	fmt.Fprintf(o.out, "%s?\n", question)
	for n, i := range order {
		fmt.Fprintf(o.out, "  %d) %s\n", n+1, options[i])
	}
	for {
		fmt.Fprintf(o.out, "choose 1-%d [1]: ", len(options))
		line, err := o.in.ReadString('\n')
		line = strings.TrimSpace(line)
		if line == "" && err == nil {
			return def
		}
		if n, convErr := strconv.Atoi(line); convErr == nil && n >= 1 && n <= len(options) {
			return order[n-1]
		}
		if err != nil {
			fmt.Fprintf(o.out, "  input ended: taking option 1\n")
			return def
		}
		fmt.Fprintf(o.out, "  want a number from 1 to %d\n", len(options))
	}
}

// standIn returns f with each owner_choice switch, which nobody is asked
// about where it is run (odds, sim, compare, resolve without a terminal),
// set to the engine's default, and one note for each saying so (RULES.md
// 18). The library would stand the defaults in by itself; setting them in
// the file first makes the note and lets every reader (compare's columns
// too) see one scenario.
func standIn(f *scenario.File) (*scenario.File, []string, error) {
	_, in := f.RuleOptions().StandIns(f.Ruleset, nil)
	var notes []string
	for _, s := range in {
		g, err := f.WithOption(s.Switch, s.Default) // the ruleset's own value: by_ruleset's in tow is left_to_right
		if err != nil {
			return nil, nil, err
		}
		f = g
		notes = append(notes, s.String())
	}
	return f, notes, nil
}
