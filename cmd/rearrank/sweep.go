package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/sweep"
)

const sweepExample = "rearrank sweep examples/crossbows.yaml --vary 'attacks[0].strength=2..6'"

func runSweep(ctx context.Context, args []string, e env) error {
	fs := newFlags(e, "sweep", sweepExample)
	var varies multiFlag
	fs.Var(&varies, "vary", "")
	atLeast := fs.String("at-least", "", "")
	show := fs.String("show", "", "")
	svgOut := fs.String("svg", "", "")
	asJSON := fs.Bool("json", false, "")
	asCSV := fs.Bool("csv", false, "")
	exact := fs.Bool("exact", false, "")
	maxStates := fs.Int("max-states", odds.DefaultMaxStates, "")
	timeout := timeoutFlag(fs)
	path, err := parseFile(fs, args)
	if err != nil {
		return err
	}
	if *asJSON && *asCSV {
		return usage("cli.sweep.error.json_csv")
	}
	if err := checkMaxStates(fs, *maxStates); err != nil {
		return err
	}
	var vs []sweep.Vary
	for _, s := range varies {
		v, err := sweep.ParseVary(s)
		if err != nil {
			return usageError{Err: err}
		}
		vs = append(vs, v)
	}
	var ns []int
	if *atLeast != "" {
		for p := range strings.SplitSeq(*atLeast, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(p))
			if err != nil {
				return usage("cli.sweep.error.at_least", strconv.Quote(*atLeast))
			}
			ns = append(ns, n)
		}
	}
	ctx, cancel, err := withTimeout(ctx, "sweep", *timeout)
	if err != nil {
		return err
	}
	defer cancel()
	data, err := readLimited(path, e.stdin)
	if err != nil {
		return usageError{Err: err}
	}
	in := sweep.Input{}
	var sides sweep.Sides
	if combat.IsFile(data) {
		c, notes, err := combat.LoadLists(path, data, scenario.DirLists(listDir(path)))
		if err != nil {
			return usageError{Err: err}
		}
		for _, n := range notes {
			e.note(n)
		}
		for _, s := range c.StandIns() {
			e.note(combat.StandInMsg(s))
		}
		sides = sweep.Sides{c.Sides[0].Unit.Name(), c.Sides[1].Unit.Name()}
		in.CombatName, in.CombatData, in.Lists = path, data, scenario.DirLists(listDir(path))
	} else {
		f, notes, err := scenario.LoadLists(path, data, scenario.DirLists(listDir(path)))
		if err != nil {
			return usageError{Err: err}
		}
		for _, n := range notes {
			e.note(n)
		}
		var standIns []msg.Message
		if f, standIns, err = standIn(f); err != nil {
			return usageError{Err: err}
		}
		for _, n := range standIns {
			e.note(n)
		}
		in.Scenario = f
	}
	opt := sweep.Options{AtLeast: ns, Exact: *exact}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "max-states" {
			opt.MaxStates = *maxStates // else each computation's own default
		}
	})
	res, runErr := sweep.Run(ctx, in, vs, opt)
	if runErr != nil && res == nil {
		if errors.Is(runErr, sweep.ErrInput) {
			return usageError{Err: runErr}
		}
		if errors.Is(runErr, odds.ErrStateLimit) {
			return msg.Errorf(runErr, "cli.error.state_limit", path, errArg(runErr), stateAdviceMsg(runErr, true))
		}
		return stopped(runErr, *timeout)
	}
	if len(res.Vary) == 2 || *svgOut != "" {
		if _, ok := res.Find(*show, sides); !ok {
			return usage("sweep.error.show", *show, res.SeriesKeys())
		}
	}
	if *svgOut != "" {
		svg, err := sweep.Chart(res, sweep.ChartOptions{Show: *show, Sides: sides}, e.lang)
		if err != nil {
			return usageError{Err: err}
		}
		if err := os.WriteFile(*svgOut, []byte(svg), 0o644); err != nil {
			return msg.Errorf(err, "cli.sweep.error.svg", *svgOut, err.Error())
		}
		e.note(msg.New("cli.sweep.wrote", *svgOut))
	}
	switch {
	case *asJSON:
		if err := writeJSON(e.stdout, res.ToJSON(*exact)); err != nil {
			return err
		}
	case *asCSV:
		if err := writeSweepCSV(e.stdout, res, *exact); err != nil {
			return err
		}
	default:
		printSweep(e.stdout, path, res, *show, sides, e.lang)
	}
	if runErr != nil {
		return stopped(runErr, *timeout)
	}
	return nil
}

// printSweep prints the table: a row per point for one field, a grid of
// the --show series for two.
func printSweep(w io.Writer, path string, r *sweep.Result, show string, sides sweep.Sides, l msg.Lang) {
	exact, sampled := 0, 0
	for _, p := range r.Points {
		if p.Done && p.Exact {
			exact++
		} else if p.Done {
			sampled++
		}
	}
	name := path
	if path == "-" {
		name = "<stdin>"
	}
	fmt.Fprintln(w, msg.New("cli.sweep.head", name, len(r.Points), exact).Text(l))
	fmt.Fprintln(w)
	undone := msg.New("cli.sweep.undone").Text(l)
	cell := func(s sweep.Series, p *sweep.Point) string {
		if !p.Done {
			return undone
		}
		x := s.Value(p)
		if x == nil {
			return msg.New("sweep.none").Text(l)
		}
		var t string
		if s.Chance {
			t = sweep.PercentText(x, p, l, false)
		} else {
			t = meanText(x, p, l)
		}
		if !p.Exact {
			t = "~" + t
		}
		return t
	}
	var rows [][]string
	if len(r.Vary) == 1 {
		ss := r.Series(sides)
		head := []string{r.Vary[0].Path}
		for _, s := range ss {
			head = append(head, s.Label.Text(l))
		}
		head = append(head, msg.New("cli.sweep.method").Text(l))
		rows = append(rows, head)
		for i := range r.Points {
			p := &r.Points[i]
			row := []string{strconv.Itoa(p.Values[0])}
			for _, s := range ss {
				row = append(row, cell(s, p))
			}
			m := undone
			if p.Done {
				m = sweep.MethodMsg(p).Text(l)
			}
			rows = append(rows, append(row, m))
		}
	} else {
		s, _ := r.Find(show, sides)
		if show == "" && r.Kind == sweep.Combat {
			s, _ = r.Find("win", sides)
		}
		fmt.Fprintln(w, msg.New("cli.sweep.grid", s.Label, r.Vary[0].Path, r.Vary[1].Path).Text(l))
		cols := r.Vary[1].Values()
		head := []string{""}
		for _, c := range cols {
			head = append(head, strconv.Itoa(c))
		}
		rows = append(rows, head)
		for i, v := range r.Vary[0].Values() {
			row := []string{strconv.Itoa(v)}
			for j := range cols {
				row = append(row, cell(s, &r.Points[i*len(cols)+j]))
			}
			rows = append(rows, row)
		}
	}
	printAligned(w, rows)
	if sampled > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, msg.New("cli.sweep.sampled_mark").Text(l))
	}
}

// meanText is a mean with two decimals, and ± two standard errors when
// sampled.
func meanText(x *big.Rat, p *sweep.Point, l msg.Lang) string {
	f, _ := x.Float64()
	t := msg.New("sweep.number", msg.Dec{V: f, Places: 2}).Text(l)
	if !p.Exact {
		t = msg.New("sweep.plus_minus", t, msg.Dec{V: 2 * p.SE, Places: 2}).Text(l)
	}
	return t
}

// printAligned prints rows as columns two spaces apart, the first left
// aligned and the others right aligned.
func printAligned(w io.Writer, rows [][]string) {
	var width []int
	for _, r := range rows {
		for i, c := range r {
			if i >= len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if i == 0 {
				b.WriteString(c + pad)
			} else {
				b.WriteString("  " + pad + c)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// writeSweepCSV writes a row per point: the values, each series (a number;
// with exact, an exact point's fraction), the method and the samples.
func writeSweepCSV(w io.Writer, r *sweep.Result, exact bool) error {
	cw := csv.NewWriter(w)
	ss := r.Series(sweep.Sides{})
	var head []string
	for _, v := range r.Vary {
		head = append(head, v.Path)
	}
	for _, s := range ss {
		head = append(head, s.Key)
	}
	if err := cw.Write(append(head, "method", "samples")); err != nil {
		return err
	}
	for i := range r.Points {
		p := &r.Points[i]
		var row []string
		for _, v := range p.Values {
			row = append(row, strconv.Itoa(v))
		}
		for _, s := range ss {
			x := s.Value(p)
			switch {
			case !p.Done || x == nil:
				row = append(row, "")
			case exact && p.Exact:
				row = append(row, x.RatString())
			default:
				f, _ := x.Float64()
				row = append(row, strconv.FormatFloat(f, 'g', 8, 64))
			}
		}
		method, samples := "", ""
		switch {
		case p.Done && p.Exact:
			method = "exact"
		case p.Done:
			method, samples = "monte carlo", strconv.Itoa(p.Samples)
		}
		if err := cw.Write(append(row, method, samples)); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
