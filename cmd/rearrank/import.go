package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rearrank/rearrank/armylist"
	"github.com/rearrank/rearrank/msg"
)

// runImport reads a list file of New Recruit, BattleScribe or Old World
// Builder and lists its units, one line each: the name, the models, the
// stat line read, and what the file holds that rearrank does not use.
func runImport(args []string, e env) error {
	fs := newFlags(e, "import", "rearrank import army.json")
	path, err := parseFile(fs, args)
	if err != nil {
		return err
	}
	var r io.Reader = e.stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return usageError{Err: err}
		}
		defer f.Close()
		r = f
	}
	l, err := armylist.Read(path, r)
	if err != nil {
		return usageError{Err: err}
	}
	fmt.Fprintln(e.stdout, msg.New("cli.import.list", l.Name, l.Format.String(), l.Game.String(), len(l.Units)).Text(e.lang))
	for _, m := range l.NotUsed {
		fmt.Fprintln(e.stdout, msg.New("cli.import.not_used", m).Text(e.lang))
	}
	for _, u := range l.Units {
		id := msg.ID("cli.import.unit")
		if u.Character {
			id = "cli.import.character"
		}
		var stats any = msg.New("cli.import.no_profile")
		if len(u.Profiles) > 0 {
			stats = statLine(u.Profiles[0])
		}
		line := msg.New(id, u.Name, u.Models, stats).Text(e.lang)
		if len(u.NotUsed) > 0 {
			notes := make([]string, len(u.NotUsed))
			for i, m := range u.NotUsed {
				notes[i] = m.Text(e.lang)
			}
			line += "; " + msg.New("cli.import.not_used", strings.Join(notes, "; ")).Text(e.lang)
		}
		fmt.Fprintln(e.stdout, line)
	}
	return nil
}

// statLine writes a profile as the file names it: "WS 3 S 4 T 3".
func statLine(p armylist.Profile) string {
	parts := make([]string, len(p.Chars))
	for i, c := range p.Chars {
		parts[i] = c.Name + " " + c.Value
	}
	return strings.Join(parts, " ")
}
