package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/unit"
)

// load reads and builds a scenario file; "-" is standard input. Every error
// is bad input (exit status 2) and names its place.
func load(path string, e env) (*scenario.File, *unit.Unit, []referee.Attack, error) {
	var f *scenario.File
	var err error
	if path == "-" {
		f, err = scenario.Read("-", e.stdin)
	} else {
		f, err = readFile(path)
	}
	if err != nil {
		return nil, nil, nil, usageError{err}
	}
	u, attacks, err := f.Build()
	if err != nil {
		return nil, nil, nil, usageError{err}
	}
	return f, u, attacks, nil
}

func runOdds(ctx context.Context, args []string, e env) error {
	fs := newFlags(e, "odds", "[--exact] [--json] [--max-states N] [--fallback [--samples N]] [--timeout D] FILE|-",
		"rearrank odds examples/crossbows.yaml")
	exact := fs.Bool("exact", false, "print probabilities as exact fractions")
	asJSON := fs.Bool("json", false, "print JSON (DESIGN.md: ruleset, casualties, wounds, unsaved, destroyed, panic)")
	maxStates := fs.Int("max-states", odds.DefaultMaxStates, "most states the exact computation may hold; past it, an error")
	fallback := fs.Bool("fallback", false, "past the state limit, estimate with Monte Carlo instead of failing")
	samples := fs.Int("samples", odds.DefaultSamples, "Monte Carlo samples for --fallback")
	timeout := timeoutFlag(fs)
	path, err := parseFile(fs, args)
	if err != nil {
		return err
	}
	if *maxStates < 1 {
		return usagef("odds: --max-states %d: want at least 1", *maxStates)
	}
	if *samples < 1 || *samples > 1_000_000_000 {
		return usagef("odds: --samples %d: want 1 to 1000000000", *samples)
	}
	ctx, cancel, err := withTimeout(ctx, "odds", *timeout)
	if err != nil {
		return err
	}
	defer cancel()
	_, u, attacks, err := load(path, e)
	if err != nil {
		return err
	}
	res, err := odds.Exact(ctx, u, attacks, odds.Config{MaxStates: *maxStates, Fallback: *fallback, Samples: *samples})
	if err != nil {
		if errors.Is(err, odds.ErrStateLimit) {
			return fmt.Errorf("%s: %w (%s)", path, err, stateAdvice(err, true))
		}
		return fmt.Errorf("%s: %w", path, stopped(err, *timeout))
	}
	if *asJSON {
		return writeJSON(e.stdout, odds.JSON(res, *exact))
	}
	printOdds(e.stdout, res, u, *exact)
	return nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// num formats a probability as a percentage or an exact fraction.
func num(p *big.Rat, exact bool) string {
	if exact {
		return p.RatString()
	}
	f, _ := p.Float64()
	return fmt.Sprintf("%.2f%%", 100*f)
}

func mean(p *big.Rat, exact bool) string {
	if exact {
		return p.RatString()
	}
	f, _ := p.Float64()
	return fmt.Sprintf("%.3f", f)
}

const barWidth = 30

func bar(p *big.Rat) string {
	f, _ := p.Float64()
	n := int(f*barWidth + 0.5)
	return strings.Repeat("#", n)
}

// printTable prints one distribution: value, P(exactly), P(at least), a bar.
func printTable(w io.Writer, title string, d odds.Dist, exact bool) {
	fmt.Fprintf(w, "%s (mean %s)\n", title, mean(d.Mean(), exact))
	tails := d.Tails()
	width := 8
	if exact && len(d.P) > 0 {
		width = max(width, len(tails[0].RatString()))
		for _, p := range d.P {
			width = max(width, len(p.RatString()))
		}
	}
	fmt.Fprintf(w, "  %5s  %*s  %*s\n", "n", width, "P(=n)", width, "P(>=n)")
	tiny := big.NewRat(1, 20000) // shows as 0.00%
	for i, p := range d.P {
		rest := tails[i]
		if rest.Sign() == 0 {
			break
		}
		if !exact && i > 0 && rest.Cmp(tiny) < 0 {
			fmt.Fprintf(w, "  %4d+  %*s  %*s\n", i, width, "", width, "<0.01%")
			break
		}
		fmt.Fprintf(w, "  %5d  %*s  %*s  %s\n", i, width, num(p, exact), width, num(rest, exact), bar(p))
	}
	fmt.Fprintln(w)
}

func printOdds(w io.Writer, res *odds.Result, u *unit.Unit, exact bool) {
	fmt.Fprintf(w, "%s: %s, %d models, %s\n", res.Ruleset, nameOr(u.Name(), "target"), u.Size(), u.Draw())
	method := res.Method
	if res.Exact {
		method = "exact (" + method + ")"
	} else {
		method = fmt.Sprintf("%s, %d samples", method, res.Samples)
	}
	fmt.Fprintf(w, "method: %s\n\n", method)
	printTable(w, "Casualties (models removed)", res.Casualties, exact)
	printTable(w, "Wounds caused (combat result)", res.Wounds, exact)
	printTable(w, "Unsaved wounds (before multiple wounds)", res.Unsaved, exact)
	fmt.Fprintf(w, "Unit destroyed: %s\n", num(res.Destroyed, exact))
	if res.Panic != nil {
		fmt.Fprintf(w, "Panic test (25%% of the unit lost this phase): %s\n", num(res.Panic, exact))
	} else {
		fmt.Fprintln(w, "Panic test: does not apply (close combat or skirmish)")
	}
	if res.ChampionDead != nil {
		fmt.Fprintf(w, "Champion killed: %s\n", num(res.ChampionDead, exact))
	}
	if res.StandardLost != nil {
		fmt.Fprintf(w, "Standard lost: %s\n", num(res.StandardLost, exact))
	}
	if len(res.Stages) > 0 {
		fmt.Fprintln(w, "\nPer attack, against the first model to be hit:")
		fmt.Fprintf(w, "  %-5s  %-12s  %-12s  %-14s  %-14s  %s\n", "group", "hit", "wound", "armour fails", "special fails", "unsaved")
		for _, s := range res.Stages {
			fmt.Fprintf(w, "  %-5d  %-12s  %-12s  %-14s  %-14s  %s\n", s.Group,
				stage(s.Hit, s.Needs.Hit.String(), s.Needs.AutoHit, exact),
				stage(s.Wound, s.Needs.Wound.String(), false, exact),
				stage(s.ArmourFailed, s.Needs.Armour.String(), false, exact),
				stage(s.SpecialFailed, s.Needs.Special.String(), false, exact),
				num(s.Unsaved, exact))
		}
	}
}

func stage(p *big.Rat, need string, auto, exact bool) string {
	if auto {
		return "auto"
	}
	return num(p, exact) + " (" + need + ")"
}

func nameOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
