package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"
	"time"

	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// multiFlag collects a repeatable flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, " ") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// Variant is one column of a comparison: a ruleset and switches.
type Variant struct {
	Label  string
	Result *odds.Result
}

func runCompare(ctx context.Context, args []string, e env) error {
	fs := newFlags(e, "compare", "[--ruleset a,b,c] [--set option=value ...] [--exact] [--json] [--max-states N] [--timeout D] FILE",
		"rearrank compare --ruleset whfb8,battleaxe,t9a examples/cannon-ogres.yaml")
	rulesetsFlag := fs.String("ruleset", "", "rulesets to compare, comma-separated (default: the file's)")
	var sets multiFlag
	fs.Var(&sets, "set", "a variant with one switch changed, option=value (repeatable; several in one flag: a=1,b=2)")
	exact := fs.Bool("exact", false, "print exact fractions")
	asJSON := fs.Bool("json", false, "print JSON: one odds result per variant")
	maxStates := fs.Int("max-states", odds.DefaultMaxStates, "most states each exact computation may hold; past it, an error")
	timeout := timeoutFlag(fs)
	path, err := parseFile(fs, args)
	if err != nil {
		return err
	}
	if *maxStates < 1 {
		return usagef("compare: --max-states %d: want at least 1", *maxStates)
	}
	ctx, cancel, err := withTimeout(ctx, "compare", *timeout)
	if err != nil {
		return err
	}
	defer cancel()
	f, _, _, err := load(path, e)
	if err != nil {
		return err
	}
	variants, err := compareVariants(f, *rulesetsFlag, sets)
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
		out = append(out, Variant{Label: v.Label, Result: res})
	}
	if *asJSON {
		type entry struct {
			Variant string          `json:"variant"`
			Odds    odds.ResultJSON `json:"odds"`
		}
		var js []entry
		for _, v := range out {
			js = append(js, entry{v.Label, odds.JSON(v.Result, *exact)})
		}
		return writeJSON(e.stdout, js)
	}
	printCompare(e.stdout, out, *exact)
	return nil
}

// compareVariants turns --ruleset and --set into scenario variants.
func compareVariants(f *scenario.File, rs string, sets []string) ([]scenario.Variant, error) {
	var names []string
	if rs != "" {
		names = strings.Split(rs, ",")
	}
	vs, err := f.Variants(names, sets)
	var ve *scenario.VariantError
	switch {
	case errors.As(err, &ve) && strings.HasPrefix(ve.Item, "rulesets["):
		return nil, usagef("compare: --ruleset %s: %v", ve.What, ve.Err)
	case errors.As(err, &ve) && strings.HasPrefix(ve.Item, "sets["):
		return nil, usagef("compare: --set %s: %v", ve.What, ve.Err)
	case err != nil:
		return nil, usagef("compare: %v", err)
	case len(vs) > scenario.MaxVariants:
		// Variants counts the sets before it adds the file as written.
		return nil, usagef("compare: %d variants with the file as written: compare at most %d at once", len(vs), scenario.MaxVariants)
	}
	return vs, nil
}

func printCompare(w io.Writer, vs []Variant, exact bool) {
	width := 14
	for _, v := range vs {
		width = max(width, len(v.Label)+2)
	}
	row := func(label string, cell func(*odds.Result) string) {
		fmt.Fprintf(w, "%-24s", label)
		for _, v := range vs {
			fmt.Fprintf(w, "%*s", width, cell(v.Result))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%-24s", "")
	for _, v := range vs {
		fmt.Fprintf(w, "%*s", width, v.Label)
	}
	fmt.Fprintln(w)
	row("casualties (mean)", func(r *odds.Result) string { return mean(r.Casualties.Mean(), exact) })
	row("wounds caused (mean)", func(r *odds.Result) string { return mean(r.Wounds.Mean(), exact) })
	row("unsaved (mean)", func(r *odds.Result) string { return mean(r.Unsaved.Mean(), exact) })
	row("unit destroyed", func(r *odds.Result) string { return num(r.Destroyed, exact) })
	row("panic test", func(r *odds.Result) string {
		if r.Panic == nil {
			return "n/a"
		}
		return num(r.Panic, exact)
	})
	maxCas := 0
	for _, v := range vs {
		maxCas = max(maxCas, len(v.Result.Casualties.P)-1)
	}
	tails := make(map[*odds.Result][]*big.Rat, len(vs))
	for _, v := range vs {
		tails[v.Result] = v.Result.Casualties.Tails()
	}
	for i := 1; i <= maxCas && i <= 20; i++ {
		row(fmt.Sprintf("at least %d casualties", i), func(r *odds.Result) string {
			if t := tails[r]; i < len(t) {
				return num(t[i], exact)
			}
			return num(new(big.Rat), exact)
		})
	}
}

func runSim(ctx context.Context, args []string, e env) error {
	fs := newFlags(e, "sim", "[--n N] [--seed S] [--workers W] [--json] [--timeout D] FILE",
		"rearrank sim --n 1000000 --seed 7 examples/crossbows.yaml")
	n := fs.Int("n", odds.DefaultSamples, "number of samples")
	seed := fs.Uint64("seed", 1, "seed: the same seed and n give the same result on any number of cores")
	workers := fs.Int("workers", 0, "goroutines (0: one per core)")
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
	fmt.Fprintf(e.stdout, "\n95%% confidence intervals of the means (mean +- 1.96 standard errors):\n")
	for _, c := range []struct {
		name string
		d    odds.Dist
		se   float64
	}{{"casualties", res.Casualties, res.StdErr.Casualties}, {"wounds", res.Wounds, res.StdErr.Wounds}, {"unsaved", res.Unsaved, res.StdErr.Unsaved}} {
		m, _ := c.d.Mean().Float64()
		fmt.Fprintf(e.stdout, "  %-11s %.4f +- %.4f\n", c.name, m, 1.96*c.se)
	}
	return nil
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
	for _, r := range list {
		fmt.Fprintf(e.stdout, "%s: %s\n", r.Name, r.Seed)
		for _, s := range r.Switches {
			vals := strings.Join(s.Values, "|")
			switch {
			case vals == "" && s.Combat:
				vals = "a whole number"
			case vals == "":
				vals = "a fraction"
			}
			fmt.Fprintf(e.stdout, "  %-28s default %-15s %s  (%s)\n      %s\n", s.Name, s.Default, vals, s.Ref, s.Doc)
		}
		fmt.Fprintln(e.stdout)
	}
	fmt.Fprintln(e.stdout, "Set a switch in a scenario file under options: (snake_case, no ruleset prefix), or with compare --set name=value.")
	fmt.Fprintln(e.stdout, "The last switches of a block ruleset (contact_overlap to insane_courage, RULES.md 21.11) belong to a combat file's options: (rearrank combat).")
	return nil
}
