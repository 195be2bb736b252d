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
	Label  string
	Notes  []string
	Result *odds.Result
}

const compareUsage = `[--ruleset a,b,c] [--set path=value[,path=value...]]... [--exact] [--json] [--max-states N] [--timeout D] FILE|- [FILE...]

Compares up to six scenario files side by side, and variants of the first:

  FILE FILE...        each file as written, one column each
  --ruleset a,b       each file under each ruleset; what a ruleset writes
                      in another form is carried over (BS 3 as 4+, light
                      armour and shield as armour_value 2, ward as aegis)
                      and what it cannot read is left out, with a note
  --set path=value    one more column: the first file with a field or a
                      switch changed. path uses the file's own names
                      (docs/scenario.md): attacks[0].strength,
                      target.armour, target.characters[0].ward, or a
                      switch such as mw_cap. Several in one --set, joined
                      by commas, make one column; each --set is a column:
                        --set 'attacks[0].strength=5' --set 'attacks[0].strength=6'
                      An empty value leaves the field out: target.ward=

The table gives each column's means and key chances; a difference from
the first column follows its value in brackets (chances in percentage
points).`

func runCompare(ctx context.Context, args []string, e env) error {
	fs := newFlags(e, "compare", compareUsage,
		"rearrank compare --ruleset whfb8,battleaxe,t9a examples/cannon-ogres.yaml")
	rulesetsFlag := fs.String("ruleset", "", "rulesets to compare, comma-separated (default: each file's own)")
	var sets multiFlag
	fs.Var(&sets, "set", "a column: the first file with fields or switches changed, path=value[,path=value...] (repeatable: one column each)")
	exact := fs.Bool("exact", false, "print exact fractions")
	asJSON := fs.Bool("json", false, "print JSON: one odds result per column, with its notes")
	maxStates := fs.Int("max-states", odds.DefaultMaxStates, "most states each exact computation may hold; past it, an error")
	timeout := timeoutFlag(fs)
	paths, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return usagef("compare: no scenario file given (a path, or - for standard input; see rearrank compare --help)")
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
	variants, err := compareVariants(files, *rulesetsFlag, sets)
	if err != nil {
		return err
	}
	var out []Variant
	for _, v := range variants {
		u, attacks, err := v.File.Build()
		if err != nil {
			return usagef("compare: %s: %v", v.Label, err)
		}
		res, err := odds.Exact(ctx, u, attacks, odds.Config{MaxStates: *maxStates})
		if errors.Is(err, odds.ErrStateLimit) {
			return fmt.Errorf("compare: %s: %w (%s)", v.Label, err, stateAdvice(err, false))
		}
		if err != nil {
			return fmt.Errorf("compare: %s: %w", v.Label, stopped(err, *timeout))
		}
		out = append(out, Variant{Label: v.Label, Notes: v.Notes, Result: res})
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
	printCompare(e.stdout, out, *exact)
	return nil
}

// loadSources loads the files to compare, each labelled with its name
// (its path where two names are the same).
func loadSources(paths []string, e env) ([]scenario.Source, error) {
	if len(paths) > scenario.MaxSources {
		return nil, usagef("compare: %d files: compare at most %d at once", len(paths), scenario.MaxSources)
	}
	names := map[string]int{}
	for _, p := range paths {
		names[filepath.Base(p)]++
	}
	var out []scenario.Source
	for i, p := range paths {
		if p == "-" && slices.Contains(paths[:i], "-") {
			return nil, usagef("compare: standard input (-) given twice")
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
		return nil, usagef("compare: --ruleset %s: %s", ve.What, ve.Reason())
	case errors.As(err, &ve) && strings.HasPrefix(ve.Item, "sets["):
		return nil, usagef("compare: --set %s: %s", ve.What, ve.Reason())
	case err != nil:
		return nil, usagef("compare: %v", err)
	}
	return vs, nil
}

// printCompare prints the columns side by side: means and key chances,
// each later column's difference from the first in brackets, then the
// notes of what a change of ruleset carried over or left out. A skirmish
// column is one warrior (RULES.md 13): he takes wounds and is put out of
// action, and has no casualties, unit or panic test; a unit is never out
// of action. Each row says what is true of its columns and is "n/a" in
// the others, and a row no column has is left out.
func printCompare(w io.Writer, vs []Variant, exact bool) {
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
	var rows []row
	add := func(label string, of int, value func(*odds.Result) *big.Rat, format func(*big.Rat, bool) string, diff func(*big.Rat) string) {
		if of == units && !hasUnit || of == warriors && !hasWarrior {
			return
		}
		get := func(r *odds.Result) *big.Rat {
			if of == units && !r.Ruleset.Block() || of == warriors && r.Ruleset.Block() {
				return nil
			}
			return value(r)
		}
		r := row{label: label}
		first := get(vs[0].Result)
		for i, v := range vs {
			x := get(v.Result)
			switch {
			case x == nil:
				r.cells = append(r.cells, "n/a")
			case i == 0 || first == nil || x.Cmp(first) == 0:
				r.cells = append(r.cells, format(x, exact))
			default:
				d := new(big.Rat).Sub(x, first)
				r.cells = append(r.cells, format(x, exact)+" ("+diff(d)+")")
			}
		}
		rows = append(rows, r)
	}
	meanDiff := func(d *big.Rat) string {
		if exact {
			return signed(d)
		}
		f, _ := d.Float64()
		return fmt.Sprintf("%+.3f", f)
	}
	chanceDiff := func(d *big.Rat) string {
		if exact {
			return signed(d)
		}
		f, _ := d.Float64()
		s := fmt.Sprintf("%+.2f", 100*f)
		if s == "+0.00" || s == "-0.00" {
			return s[:1] + "<0.01"
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
	add("casualties (mean)", units, func(r *odds.Result) *big.Rat { return r.Casualties.Mean() }, mean, meanDiff)
	add("wounds caused (mean)", all, func(r *odds.Result) *big.Rat { return r.Wounds.Mean() }, mean, meanDiff)
	add("unsaved (mean)", all, func(r *odds.Result) *big.Rat { return r.Unsaved.Mean() }, mean, meanDiff)
	add("at least 1 casualty", units, atLeast(1), num, chanceDiff)
	add("out of action", warriors, func(r *odds.Result) *big.Rat { return r.Destroyed }, num, chanceDiff)
	add("unit destroyed", units, func(r *odds.Result) *big.Rat { return r.Destroyed }, num, chanceDiff)
	add("panic test", units, func(r *odds.Result) *big.Rat { return r.Panic }, num, chanceDiff)
	for i := 2; i <= maxCas && i <= 20; i++ {
		add(fmt.Sprintf("at least %d casualties", i), units, atLeast(i), num, chanceDiff)
	}

	labelWidth := 24
	widths := make([]int, len(vs))
	for i, v := range vs {
		widths[i] = len(v.Label) + 2
		for _, r := range rows {
			widths[i] = max(widths[i], len(r.cells[i])+2)
		}
	}
	fmt.Fprintf(w, "%-*s", labelWidth, "")
	for i, v := range vs {
		fmt.Fprintf(w, "%*s", widths[i], v.Label)
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
		fmt.Fprintf(w, "\n(+x): the difference from %s", vs[0].Label)
		if !exact {
			fmt.Fprint(w, "; for chances, in percentage points")
		}
		fmt.Fprintln(w)
	}
	if hasUnit && hasWarrior {
		fmt.Fprintln(w, "n/a: skirmish fights one warrior, who is put out of action; a unit has casualties and a panic test instead")
	}
	for _, v := range vs {
		if len(v.Notes) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s:\n", v.Label)
		for _, n := range v.Notes {
			fmt.Fprintf(w, "  %s\n", n)
		}
	}
}

// signed writes an exact difference with its sign: "+1/6", "-2".
func signed(d *big.Rat) string {
	if d.Sign() > 0 {
		return "+" + d.RatString()
	}
	return d.RatString()
}

func runSim(ctx context.Context, args []string, e env) error {
	fs := newFlags(e, "sim", "[--n N] [--seed S] [--workers W] [--json] [--timeout D] FILE",
		"rearrank sim --n 1000000 --seed 7 examples/crossbows.yaml")
	n := fs.Int("n", odds.DefaultSamples, "number of samples")
	seed := fs.Uint64("seed", 1, "seed: the same seed and n give the same result on any number of cores")
	workers := fs.Int("workers", 0, "how many cores to use (0: every core); the result does not depend on it")
	asJSON := fs.Bool("json", false, "print JSON like odds --json, with std_err")
	timeout := timeoutFlag(fs)
	path, err := parseFile(fs, args)
	if err != nil {
		return err
	}
	if *n < 1 || *n > 1_000_000_000 {
		return usagef("sim: --n %d: want 1 to 1000000000", *n)
	}
	if *workers < 0 || *workers > 4096 {
		return usagef("sim: --workers %d: want 0 (one per core) to 4096", *workers)
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
			fmt.Fprintf(e.stderr, "sim: %d samples, not the default %d: this scenario rolls many attacks (give --n to choose)\n", *n, odds.DefaultSamples)
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
		return fmt.Errorf("sim: %s: %w", path, stopped(err, *timeout))
	}
	if *asJSON {
		return writeJSON(e.stdout, odds.JSON(res, false))
	}
	printOdds(e.stdout, res, u, false)
	printIntervals(e.stdout, res, u.Fighter() != nil)
	return nil
}

// printIntervals prints sim's 95% confidence intervals. A skirmish
// warrior (RULES.md 13) has wounds and is put out of action: no
// casualties, and his one "casualty" is the chance he is out of action.
func printIntervals(w io.Writer, res *odds.Result, warrior bool) {
	fmt.Fprintf(w, "\n95%% confidence intervals of the means (mean +- 1.96 standard errors):\n")
	type row struct {
		name string
		d    odds.Dist
		se   float64
	}
	rows := []row{{"casualties", res.Casualties, res.StdErr.Casualties}, {"wounds", res.Wounds, res.StdErr.Wounds}, {"unsaved", res.Unsaved, res.StdErr.Unsaved}}
	if warrior {
		rows = rows[1:]
	}
	for _, c := range rows {
		m, _ := c.d.Mean().Float64()
		fmt.Fprintf(w, "  %-13s %.4f +- %.4f\n", c.name, m, 1.96*c.se)
	}
	if warrior {
		m, _ := res.Casualties.Mean().Float64()
		fmt.Fprintf(w, "  %-13s %.2f%% +- %.2f%%\n", "out of action", 100*m, 196*res.StdErr.Casualties)
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
	fs := newFlags(e, "rulesets", "[--json]", "rearrank rulesets")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("rulesets: takes no arguments")
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
