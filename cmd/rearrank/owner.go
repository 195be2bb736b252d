package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/msg"
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
	in   *bufio.Reader
	out  io.Writer
	lang msg.Lang
	// rs is the target's ruleset, which names a champion its own way
	// (a t9a champion is a командир in Russian)
	rs rules.Ruleset
}

// Choose implements unit.Chooser.
func (o *owner) Choose(c unit.Choice) int {
	if c.Switch == "single_rank_policy" {
		return o.chooseOdd(c)
	}
	var names []string
	for _, cell := range c.Options {
		names = append(names, o.text("cli.owner.at", cellName(cell, o.rs), cell.Slot.Rank+1, cell.Slot.File+1))
	}
	var question msg.Message
	switch {
	case c.Switch == "rear_rank_order" && c.Ahead:
		// battleaxe per-model damage: the model the wound damages goes
		// before the others (11.3)
		question = msg.New("cli.owner.rear_rank_wound", c.Formation)
	case c.Switch == "rear_rank_order":
		question = msg.New("cli.owner.rear_rank", c.Formation)
	case c.Switch == "command_order" && c.Ahead:
		question = msg.New("cli.owner.command_order_ahead", c.Formation)
	case c.Switch == "command_order":
		question = msg.New("cli.owner.command_order", c.Formation)
	default:
		question = msg.New("cli.owner.switch", c.Switch, c.Formation)
	}
	return o.ask(question.Text(o.lang), names, c.Default)
}

// text renders the message id with args in the owner's language.
func (o *owner) text(id msg.ID, args ...any) string { return msg.New(id, args...).Text(o.lang) }

// chooseOdd asks which end of the single rank goes first at the batch's
// ties, and so gives up its odd casualty (R11). The count is not known
// when it is asked (dice may be left to roll), so it names none.
func (o *owner) chooseOdd(c unit.Choice) int {
	names := []string{o.text("cli.owner.left_end"), o.text("cli.owner.right_end")}
	q := msg.New("cli.owner.single_rank", c.Formation)
	if c.Ahead { // battleaxe per-model damage (11.3)
		q = msg.New("cli.owner.single_rank_wounds", c.Formation)
	}
	return o.ask(q.Text(o.lang), names, c.Default)
}

// cellName names the model of a cell as the log does: a character by his
// name, "rank-and-file", "standard bearer" (a role of ruleset rs).
func cellName(cell unit.Cell, rs rules.Ruleset) msg.Message {
	switch {
	case cell.Model == nil:
		return msg.New("cli.owner.empty")
	case cell.Model.Name != "" && cell.Model.Role == unit.Character:
		return msg.New("cli.text", cell.Model.Name)
	}
	return msg.New(forRuleset(msg.ID("cli.owner.role."+cell.Model.Role.String()), rs))
}

// ChooseSave implements rearrank.SaveChooser: options come with the save
// the engine would roll first.
func (o *owner) ChooseSave(m unit.Model, options []rules.SpecialChoice) int {
	var names []string
	for _, s := range options {
		names = append(names, fmt.Sprintf("%s %s", s.Kind, s.Save))
	}
	return o.ask(o.text("cli.owner.special_save"), names, 0)
}

// ChoosePacketOrder implements rearrank.PacketChooser (tow's
// multi_packet_order owner_choice, RULES.md 22.13): the packets are taken
// one at a time, the owner naming the next of those left; the default is
// the order their dice were rolled.
func (o *owner) ChoosePacketOrder(group msg.Message, packets []rearrank.PacketOption, formation string) []int {
	left := make([]int, len(packets))
	for i := range left {
		left[i] = i
	}
	var order []int
	for len(left) > 1 {
		var names []string
		for _, i := range left {
			id := msg.ID("cli.owner.packet")
			if packets[i].CleavingBlow {
				id = "cli.owner.packet_cleaving"
			}
			names = append(names, o.text(id, packets[i].Wounds, msg.New(ordinal(i+1), i+1)))
		}
		id := msg.ID("cli.owner.packet_next")
		if len(order) == 0 {
			id = "cli.owner.packet_first"
		}
		i := o.ask(o.text(id, group, formation), names, 0)
		order = append(order, left[i])
		left = append(left[:i:i], left[i+1:]...)
	}
	return append(order, left...)
}

// ordinal is the message of the ordinal n, "1st", "2nd", "3rd", "4th"...:
// English endings differ by n (Russian's "1-м" does not).
func ordinal(n int) msg.ID {
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		return "cli.owner.ordinal.st"
	case n%10 == 2:
		return "cli.owner.ordinal.nd"
	case n%10 == 3:
		return "cli.owner.ordinal.rd"
	}
	return "cli.owner.ordinal.th"
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
		fmt.Fprint(o.out, o.text("cli.owner.choose", len(options)))
		line, err := o.in.ReadString('\n')
		line = strings.TrimSpace(line)
		if line == "" && err == nil {
			return def
		}
		if n, convErr := strconv.Atoi(line); convErr == nil && n >= 1 && n <= len(options) {
			return order[n-1]
		}
		if err != nil {
			fmt.Fprintf(o.out, "  %s\n", o.text("cli.owner.input_ended"))
			return def
		}
		fmt.Fprintf(o.out, "  %s\n", o.text("cli.prompt.want_number", len(options)))
	}
}

// standIn returns f with each owner_choice switch, which nobody is asked
// about where it is run (odds, sim, compare, resolve without a terminal),
// set to the engine's default, and one note for each saying so (RULES.md
// 18). The library would stand the defaults in by itself; setting them in
// the file first makes the note and lets every reader (compare's columns
// too) see one scenario.
func standIn(f *scenario.File) (*scenario.File, []msg.Message, error) {
	_, in := f.RuleOptions().StandIns(f.Ruleset, nil)
	var notes []msg.Message
	for _, s := range in {
		g, err := f.WithOption(s.Switch, s.Default) // the ruleset's own value: by_ruleset's in tow is left_to_right
		if err != nil {
			return nil, nil, err
		}
		f = g
		notes = append(notes, s.Msg())
	}
	return f, notes, nil
}
