package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// multiFlag collects a repeatable flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, " ") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// Variant is one column of a comparison: its label, its odds, and what a
// change of ruleset carried over or left out.
type Variant struct {
	Label string
	Notes []string
	// NoteMsgs are Notes as messages, for a reader of another language.
	NoteMsgs []msg.Message
	// Text is Label as a reader reads it: a file's ruleset "(as written)"
	// in the reader's language.
	Text   msg.Message
	Result *odds.Result
}

func runCompare(ctx context.Context, args []string, e env) error {
	fs := newFlags(e, "compare", "rearrank compare --ruleset whfb8,battleaxe,t9a examples/cannon-ogres.yaml")
	rulesetsFlag := fs.String("ruleset", "", "")
	var sets multiFlag
	fs.Var(&sets, "set", "")
	exact := fs.Bool("exact", false, "")
	asJSON := fs.Bool("json", false, "")
	maxStates := fs.Int("max-states", odds.DefaultMaxStates, "")
	timeout := timeoutFlag(fs)
	paths, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return usage("cli.error.no_file", "compare")
	}
	if err := checkMaxStates(fs, *maxStates); err != nil {
		return err
	}
	ctx, cancel, err := withTimeout(ctx, "compare", *timeout)
	if err != nil {
		return err
	}
	defer cancel()
	files, err := loadSources(paths, e)
	if err != nil {
		return err
	}
	asWritten := len(files) == 1 // the one file's column, when it has one
	variants, err := compareVariants(files, *rulesetsFlag, sets)
	if err != nil {
		return err
	}
	var out []Variant
	for i, v := range variants {
		u, attacks, err := v.File.Build()
		if err != nil {
			return usage("cli.error.at", "compare: "+v.Label, errArg(err))
		}
		res, err := odds.Exact(ctx, u, attacks, odds.Config{MaxStates: *maxStates})
		if errors.Is(err, odds.ErrStateLimit) {
			return msg.Errorf(err, "cli.error.state_limit", "compare: "+v.Label, errArg(err), stateAdviceMsg(err, false))
		}
		if err != nil {
			err = stopped(err, *timeout)
			return msg.Errorf(err, "cli.error.at", "compare: "+v.Label, errArg(err))
		}
		text := msg.New("cli.text", v.Label)
		if i == 0 && asWritten && *rulesetsFlag == "" {
			text = msg.New("cli.compare.as_written", v.File.Ruleset.String())
		}
		out = append(out, Variant{Label: v.Label, Notes: v.Notes, NoteMsgs: v.NoteMsgs, Text: text, Result: res})
	}
	if *asJSON {
		type entry struct {
			Variant string          `json:"variant"`
			Notes   []string        `json:"notes,omitempty"`
			Odds    odds.ResultJSON `json:"odds"`
		}
		var js []entry
		for _, v := range out {
			js = append(js, entry{v.Label, v.Notes, odds.JSON(v.Result, *exact)})
		}
		return writeJSON(e.stdout, js)
	}
	printCompare(e.stdout, out, *exact, e.lang)
	return nil
}

// loadSources loads the files to compare, each labelled with its name
// (its path where two names are the same).
func loadSources(paths []string, e env) ([]scenario.Source, error) {
	if len(paths) > scenario.MaxSources {
		return nil, usage("cli.compare.error.files", len(paths), scenario.MaxSources)
	}
	names := map[string]int{}
	for _, p := range paths {
		names[filepath.Base(p)]++
	}
	var out []scenario.Source
	for i, p := range paths {
		if p == "-" && slices.Contains(paths[:i], "-") {
			return nil, usage("cli.compare.error.stdin_twice")
		}
		f, _, _, err := load(p, e)
		if err != nil {
			return nil, err
		}
		label := filepath.Base(p)
		if p == "-" {
			label = "<stdin>"
		} else if names[label] > 1 {
			label = p
		}
		out = append(out, scenario.Source{Label: label, File: f})
	}
	return out, nil
}

// compareVariants turns the files, --ruleset and --set into scenario
// variants.
func compareVariants(files []scenario.Source, rs string, sets []string) ([]scenario.Variant, error) {
	var names []string
	if rs != "" {
		names = strings.Split(rs, ",")
	}
	if len(files) == 1 {
		files[0].Label = files[0].File.Ruleset.String() + " (as written)"
	}
	vs, err := scenario.Variants(files, names, sets)
	var ve *scenario.VariantError
	switch {
	case errors.As(err, &ve) && strings.HasPrefix(ve.Item, "rulesets["):
		return nil, usage("cli.compare.error.ruleset", ve.What, reason{ve})
	case errors.As(err, &ve) && strings.HasPrefix(ve.Item, "sets["):
		return nil, usage("cli.compare.error.set", ve.What, reason{ve})
	case err != nil:
		return nil, usage("cli.error.at", "compare", errArg(err))
	}
	return vs, nil
}

// reason is a VariantError's reason, said in a reader's language.
type reason struct{ ve *scenario.VariantError }

func (r reason) Text(l msg.Lang) string { return r.ve.ReasonText(l) }

// printCompare prints the columns side by side: means and key chances,
// each later column's difference from the first in brackets, then the
// notes of what a change of ruleset carried over or left out. A skirmish
// column is one warrior (RULES.md 13): he takes wounds and is put out of
// action, and has no casualties, unit or panic test; a unit is never out
// of action. Each row says what is true of its columns and is "n/a" in
// the others, and a row no column has is left out.
func printCompare(w io.Writer, vs []Variant, exact bool, l msg.Lang) {
	type row struct {
		label string
		cells []string
	}
	// the columns a row is true of
	const (
		all = iota
		units
		warriors
	)
	var hasUnit, hasWarrior bool
	for _, v := range vs {
		hasWarrior = hasWarrior || !v.Result.Ruleset.Block()
		hasUnit = hasUnit || v.Result.Ruleset.Block()
	}
	na := msg.New("cli.compare.na").Text(l)
	var rows []row
	add := func(label msg.Message, of int, value func(*odds.Result) *big.Rat, format func(*big.Rat, bool, msg.Lang) string, diff func(*big.Rat) string) {
		if of == units && !hasUnit || of == warriors && !hasWarrior {
			return
		}
		get := func(r *odds.Result) *big.Rat {
			if of == units && !r.Ruleset.Block() || of == warriors && r.Ruleset.Block() {
				return nil
			}
			return value(r)
		}
		r := row{label: label.Text(l)}
		first := get(vs[0].Result)
		for i, v := range vs {
			x := get(v.Result)
			switch {
			case x == nil:
				r.cells = append(r.cells, na)
			case i == 0 || first == nil || x.Cmp(first) == 0:
				r.cells = append(r.cells, format(x, exact, l))
			default:
				d := new(big.Rat).Sub(x, first)
				r.cells = append(r.cells, format(x, exact, l)+" ("+diff(d)+")")
			}
		}
		rows = append(rows, r)
	}
	meanDiff := func(d *big.Rat) string {
		if exact {
			return signed(d)
		}
		f, _ := d.Float64()
		return plus(decimal(f, 3, l))
	}
	chanceDiff := func(d *big.Rat) string {
		if exact {
			return signed(d)
		}
		f, _ := d.Float64()
		s := plus(decimal(100*f, 2, l))
		if s[1:] == decimal(0, 2, l) { // not zero, though it rounds to it
			return s[:1] + "<" + decimal(0.01, 2, l)
		}
		return s
	}
	tails := make(map[*odds.Result][]*big.Rat, len(vs))
	maxCas := 0
	for _, v := range vs {
		tails[v.Result] = v.Result.Casualties.Tails()
		if v.Result.Ruleset.Block() {
			maxCas = max(maxCas, len(v.Result.Casualties.P)-1)
		}
	}
	atLeast := func(i int) func(*odds.Result) *big.Rat {
		return func(r *odds.Result) *big.Rat {
			if t := tails[r]; i < len(t) {
				return t[i]
			}
			return new(big.Rat)
		}
	}
	label := func(id msg.ID, args ...any) msg.Message { return msg.New(id, args...) }
	add(label("cli.compare.row.casualties_mean"), units, func(r *odds.Result) *big.Rat { return r.Casualties.Mean() }, mean, meanDiff)
	add(label("cli.compare.row.wounds_mean"), all, func(r *odds.Result) *big.Rat { return r.Wounds.Mean() }, mean, meanDiff)
	add(label("cli.compare.row.unsaved_mean"), all, func(r *odds.Result) *big.Rat { return r.Unsaved.Mean() }, mean, meanDiff)
	add(label("cli.compare.row.at_least_one"), units, atLeast(1), num, chanceDiff)
	add(label("cli.compare.row.out_of_action"), warriors, func(r *odds.Result) *big.Rat { return r.Destroyed }, num, chanceDiff)
	add(label("cli.compare.row.destroyed"), units, func(r *odds.Result) *big.Rat { return r.Destroyed }, num, chanceDiff)
	add(label("cli.compare.row.panic"), units, func(r *odds.Result) *big.Rat { return r.Panic }, num, chanceDiff)
	for i := 2; i <= maxCas && i <= 20; i++ {
		add(label("cli.compare.row.at_least", i), units, atLeast(i), num, chanceDiff)
	}

	labelWidth := 24 // wider where a label in the reader's language is
	for _, r := range rows {
		labelWidth = max(labelWidth, runes(r.label)+2)
	}
	labels := make([]string, len(vs))
	widths := make([]int, len(vs))
	for i, v := range vs {
		labels[i] = v.Text.Text(l)
		widths[i] = runes(labels[i]) + 2
		for _, r := range rows {
			widths[i] = max(widths[i], runes(r.cells[i])+2)
		}
	}
	fmt.Fprintf(w, "%-*s", labelWidth, "")
	for i := range vs {
		fmt.Fprintf(w, "%*s", widths[i], labels[i])
	}
	fmt.Fprintln(w)
	for _, r := range rows {
		fmt.Fprintf(w, "%-*s", labelWidth, r.label)
		for i, c := range r.cells {
			fmt.Fprintf(w, "%*s", widths[i], c)
		}
		fmt.Fprintln(w)
	}
	if len(vs) > 1 {
		id := msg.ID("cli.compare.difference")
		if exact {
			id = "cli.compare.difference_exact"
		}
		fmt.Fprintf(w, "\n%s\n", msg.New(id, vs[0].Text).Text(l))
	}
	if hasUnit && hasWarrior {
		fmt.Fprintln(w, msg.New("cli.compare.na_skirmish").Text(l))
	}
	for i, v := range vs {
		if len(v.Notes) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s:\n", labels[i])
		for j, n := range v.Notes {
			if l != msg.English && j < len(v.NoteMsgs) {
				n = v.NoteMsgs[j].Text(l)
			}
			fmt.Fprintf(w, "  %s\n", n)
		}
	}
}

// plus writes a signed number as fmt's %+f does: "+" before one that has
// no "-".
func plus(s string) string {
	if strings.HasPrefix(s, "-") {
		return s
	}
	return "+" + s
}

// signed writes an exact difference with its sign: "+1/6", "-2".
func signed(d *big.Rat) string {
	if d.Sign() > 0 {
		return "+" + d.RatString()
	}
	return d.RatString()
}

func runSim(ctx context.Context, args []string, e env) error {
	fs := newFlags(e, "sim", "rearrank sim --n 1000000 --seed 7 examples/crossbows.yaml")
	n := fs.Int("n", odds.DefaultSamples, "")
	seed := fs.Uint64("seed", 1, "")
	workers := fs.Int("workers", 0, "")
	asJSON := fs.Bool("json", false, "")
	timeout := timeoutFlag(fs)
	path, err := parseFile(fs, args)
	if err != nil {
		return err
	}
	if *n < 1 || *n > 1_000_000_000 {
		return usage("cli.sim.error.n", *n)
	}
	if *workers < 0 || *workers > 4096 {
		return usage("cli.sim.error.workers", *workers)
	}
	ctx, cancel, err := withTimeout(ctx, "sim", *timeout)
	if err != nil {
		return err
	}
	defer cancel()
	_, u, attacks, err := load(path, e)
	if err != nil {
		return err
	}
	if !flagSet(fs, "n") {
		var capped bool
		if *n, capped = simSamples(attacks); capped {
			fmt.Fprintln(e.stderr, e.text("cli.sim.capped", *n, odds.DefaultSamples))
		}
	}
	cfg := odds.Config{Samples: *n, Seed: *seed, Workers: *workers}
	if isTerminal(e.stderr) {
		cfg.Progress = progressBar(e.stderr, time.Now())
	}
	res, err := odds.MonteCarlo(ctx, u, attacks, cfg)
	if cfg.Progress != nil {
		fmt.Fprint(e.stderr, "\r\033[K")
	}
	if err != nil {
		err = stopped(err, *timeout)
		return msg.Errorf(err, "cli.error.at", "sim: "+path, errArg(err))
	}
	if *asJSON {
		return writeJSON(e.stdout, odds.JSON(res, false))
	}
	printOdds(e.stdout, res, u, false, e.lang)
	printIntervals(e.stdout, res, u.Fighter() != nil, e.lang)
	return nil
}

// printIntervals prints sim's 95% confidence intervals. A skirmish
// warrior (RULES.md 13) has wounds and is put out of action: no
// casualties, and his one "casualty" is the chance he is out of action.
func printIntervals(w io.Writer, res *odds.Result, warrior bool, l msg.Lang) {
	fmt.Fprintf(w, "\n%s\n", msg.New("cli.sim.intervals", msg.Dec{V: 1.96, Places: 2}).Text(l))
	type row struct {
		name string
		d    odds.Dist
		se   float64
	}
	text := func(id msg.ID) string { return msg.New(id).Text(l) }
	rows := []row{{text("cli.sim.casualties"), res.Casualties, res.StdErr.Casualties}, {text("cli.sim.wounds"), res.Wounds, res.StdErr.Wounds},
		{text("cli.sim.unsaved"), res.Unsaved, res.StdErr.Unsaved}}
	if warrior {
		rows = rows[1:]
	}
	out := text("cli.sim.out_of_action")
	width := 13 // the names' column, wider for a longer name in the reader's language
	for _, c := range rows {
		width = max(width, runes(c.name))
	}
	if warrior {
		width = max(width, runes(out))
	}
	for _, c := range rows {
		m, _ := c.d.Mean().Float64()
		fmt.Fprintf(w, "  %-*s %s\n", width, c.name, msg.New("cli.sim.interval", msg.Dec{V: m, Places: 4}, msg.Dec{V: 1.96 * c.se, Places: 4}).Text(l))
	}
	if warrior {
		m, _ := res.Casualties.Mean().Float64()
		fmt.Fprintf(w, "  %-*s %s\n", width, out, msg.New("cli.sim.interval_percent", msg.Dec{V: 100 * m, Places: 2}, msg.Dec{V: 196 * res.StdErr.Casualties, Places: 2}).Text(l))
	}
}

// progressBar draws a bar on a terminal once a run has taken a second.
func progressBar(w io.Writer, start time.Time) func(done, total int) {
	return func(done, total int) {
		if time.Since(start) < time.Second {
			return
		}
		frac := float64(done) / float64(total)
		n := int(frac * 30)
		fmt.Fprintf(w, "\r[%-30s] %3.0f%%  %d/%d", strings.Repeat("=", n), 100*frac, done, total)
	}
}

func runRulesets(args []string, e env) error {
	fs := newFlags(e, "rulesets", "rearrank rulesets")
	asJSON := fs.Bool("json", false, "")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usage("cli.rulesets.error.args", "rulesets")
	}
	list := rules.Catalog()
	if *asJSON {
		return writeJSON(e.stdout, list)
	}
	width := 15 // the defaults' column, as wide as the widest
	for _, r := range list {
		for _, s := range r.Switches {
			width = max(width, len(s.Default))
		}
	}
	for _, r := range list {
		fmt.Fprintf(e.stdout, "%s: %s\n", r.Name, r.DescriptionIn(e.lang))
		for _, s := range r.Switches {
			var vals any = strings.Join(s.Values, "|")
			switch {
			case s.Values == nil && s.Combat:
				vals = msg.New("cli.rulesets.whole_number")
			case s.Values == nil:
				vals = msg.New("cli.rulesets.fraction")
			}
			line := msg.New("cli.rulesets.switch", fmt.Sprintf("%-28s", s.Name), fmt.Sprintf("%-*s", width, s.Default), vals, s.RefMsg)
			fmt.Fprintf(e.stdout, "  %s\n      %s\n", line.Text(e.lang), s.DocIn(e.lang))
		}
		fmt.Fprintln(e.stdout)
	}
	fmt.Fprintln(e.stdout, msg.New("cli.rulesets.set").Text(e.lang))
	fmt.Fprintln(e.stdout, msg.New("cli.rulesets.combat").Text(e.lang))
	return nil
}
