package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/armylist"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// runImport reads a list file of New Recruit, BattleScribe or Old World
// Builder. Alone, it lists the units, one line each: the name, the
// models, the stat line read, and what the file holds that rearrank does
// not use, with the --set a unit needs where the file lacks its stat
// line. With --unit it writes that unit as a scenario's target: block
// (--as attacks: its attacks: block), ready to paste, and the notes of
// the mapping on standard error (docs/import.md).
func runImport(args []string, e env) error {
	fs := newFlags(e, "import", "rearrank import army.json --unit \"Spearmen\"")
	unitName := fs.String("unit", "", "")
	as := fs.String("as", "target", "")
	rulesetName := fs.String("ruleset", "", "")
	asJSON := fs.Bool("json", false, "")
	var sets multiFlag
	fs.Var(&sets, "set", "")
	path, err := parseFile(fs, args)
	if err != nil {
		return err
	}
	if !flagSet(fs, "unit") {
		for _, name := range []string{"as", "ruleset", "json", "set"} {
			if flagSet(fs, name) {
				return usage("cli.import.error.needs_unit", "--"+name)
			}
		}
	}
	l, err := readList(path, e.stdin)
	if err != nil {
		return err
	}
	if !flagSet(fs, "unit") {
		listUnits(l, path, e)
		return nil
	}
	o := scenario.ListOptions{Set: map[string]string{}}
	if *rulesetName != "" {
		if o.Ruleset, err = rules.ParseRuleset(*rulesetName); err != nil {
			return usage("cli.error.at", "import: --ruleset", errArg(err))
		}
	}
	for _, s := range sets {
		k, v, ok := strings.Cut(s, "=")
		if k = strings.TrimSpace(k); !ok || k == "" {
			return usage("cli.import.error.set", strconv.Quote(s))
		}
		o.Set[k] = strings.TrimSpace(v)
	}
	u, err := scenario.FindUnit(l, *unitName)
	if err != nil {
		return usageError{Err: err}
	}
	var out []byte
	var notes []msg.Message
	switch *as {
	case "target":
		var t scenario.Target
		if t, notes, err = scenario.ListTarget(l, u, o); err == nil {
			out, err = scenario.MarshalListTarget(t, *asJSON)
		}
	case "attacks":
		var a []scenario.Attack
		if a, notes, err = scenario.ListAttacks(l, u, o); err == nil {
			out, err = scenario.MarshalListAttacks(a, *asJSON)
		}
	default:
		return usage("cli.import.error.as", strconv.Quote(*as))
	}
	if err != nil {
		var se *scenario.Error
		if errors.As(err, &se) && se.Field != "" {
			// A --set value: name it as the command line wrote it.
			return usage("cli.error.at", "import: --set", errArg(err))
		}
		return usageError{Err: err}
	}
	rs := o.Ruleset
	if rs == rules.NoRuleset {
		rs = scenario.ListRuleset(l.Game)
	}
	e.note(msg.New("cli.import.ruleset", u.Name, rs.String()))
	for _, n := range notes {
		e.note(n)
	}
	_, err = e.stdout.Write(out)
	return err
}

// readList reads the list file named on the command line, "-" for stdin.
func readList(path string, stdin io.Reader) (*armylist.List, error) {
	r := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, usageError{Err: err}
		}
		defer f.Close()
		r = f
	}
	l, err := armylist.Read(path, r)
	if err != nil {
		return nil, usageError{Err: err}
	}
	return l, nil
}

// listUnits writes the list's units, one line each, and under a unit
// whose file lacks what the mapping needs, the command that gives it.
func listUnits(l *armylist.List, path string, e env) {
	fmt.Fprintln(e.stdout, msg.New("cli.import.list", l.Name, l.Format.String(), l.Game.String(), len(l.Units)).Text(e.lang))
	for _, m := range l.NotUsed {
		fmt.Fprintln(e.stdout, msg.New("cli.import.not_used", m).Text(e.lang))
	}
	for i := range l.Units {
		u := &l.Units[i]
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
		target, attacks := scenario.ListMissing(l, u, scenario.ListOptions{})
		if len(target) > 0 {
			cmd := "rearrank import " + path + " --unit " + strconv.Quote(u.Name) + " " + setFlags(target)
			fmt.Fprintln(e.stdout, msg.New("cli.import.give_target", cmd).Text(e.lang))
		}
		if len(attacks) > 0 {
			cmd := "rearrank import " + path + " --unit " + strconv.Quote(u.Name) + " --as attacks " + setFlags(attacks)
			fmt.Fprintln(e.stdout, msg.New("cli.import.give_attacks", cmd).Text(e.lang))
		}
	}
}

// setFlags writes the --set flags that give fields: "--set ws=N".
func setFlags(fields []string) string {
	parts := make([]string, len(fields))
	for i, f := range fields {
		parts[i] = "--set " + f + "=N"
	}
	return strings.Join(parts, " ")
}

// statLine writes a profile as the file names it: "WS 3 S 4 T 3".
func statLine(p armylist.Profile) string {
	parts := make([]string, len(p.Chars))
	for i, c := range p.Chars {
		parts[i] = c.Name + " " + c.Value
	}
	return strings.Join(parts, " ")
}
