package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/words"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// load reads and builds a scenario file; "-" is standard input. Every error
// is bad input (exit status 2) and names its place. Nobody is asked the
// owner_choice switches: the engine's defaults stand in, and a note on
// standard error says so.
func load(path string, e env) (*scenario.File, *rearrank.Unit, []rearrank.Attack, error) {
	return loadAsking(path, e, false)
}

// loadAsking is load; with ask, the owner_choice switches stay for an owner
// at the terminal to answer.
func loadAsking(path string, e env, ask bool) (*scenario.File, *rearrank.Unit, []rearrank.Attack, error) {
	var f *scenario.File
	var err error
	if path == "-" {
		f, err = scenario.Read("-", e.stdin)
	} else {
		f, err = readFile(path)
	}
	if err != nil {
		return nil, nil, nil, usageError{Err: err}
	}
	if !ask {
		var notes []string
		if f, notes, err = standIn(f); err != nil {
			return nil, nil, nil, usageError{Err: err}
		}
		for _, n := range notes {
			fmt.Fprintf(e.stderr, "rearrank: note: %s\n", n)
		}
	}
	u, attacks, err := f.Build()
	if err != nil {
		return nil, nil, nil, usageError{Err: err}
	}
	for _, n := range u.Notes() {
		fmt.Fprintf(e.stderr, "rearrank: note: %s\n", n)
	}
	return f, u, attacks, nil
}

func runOdds(ctx context.Context, args []string, e env) error {
	fs := newFlags(e, "odds", "[--exact] [--json] [--max-states N] [--fallback [--samples N]] [--timeout D] FILE|-",
		"rearrank odds examples/crossbows.yaml")
	exact := fs.Bool("exact", false, "print probabilities as exact fractions")
	asJSON := fs.Bool("json", false, "print JSON for programs: the distributions of casualties, wounds and unsaved wounds, the chances, the per-attack table (described by rearrank serve at /api/openapi.json)")
	maxStates := fs.Int("max-states", odds.DefaultMaxStates, "most states the exact computation may hold; past it, an error")
	fallback := fs.Bool("fallback", false, "past the state limit, estimate with Monte Carlo instead of failing")
	samples := fs.Int("samples", odds.DefaultSamples, "Monte Carlo samples for --fallback")
	timeout := timeoutFlag(fs)
	path, err := parseFile(fs, args)
	if err != nil {
		return err
	}
	if err := checkMaxStates(fs, *maxStates); err != nil {
		return err
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
	switch {
	case p.Sign() > 0 && f < 0.00005:
		return "<0.01%" // not zero, though it rounds to 0.00%
	case p.Cmp(one) < 0 && f >= 0.99995:
		return ">99.99%" // below one, though it rounds to 100.00%
	}
	return fmt.Sprintf("%.2f%%", 100*f)
}

var one = big.NewRat(1, 1)

// sameDist reports whether a and b give every value the same chance.
func sameDist(a, b odds.Dist) bool {
	n := max(len(a.P), len(b.P))
	for i := range n {
		var x, y *big.Rat
		if i < len(a.P) {
			x = a.P[i]
		}
		if i < len(b.P) {
			y = b.P[i]
		}
		switch {
		case x == nil && y == nil:
		case x == nil:
			if y.Sign() != 0 {
				return false
			}
		case y == nil:
			if x.Sign() != 0 {
				return false
			}
		case x.Cmp(y) != 0:
			return false
		}
	}
	return true
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

func printOdds(w io.Writer, res *odds.Result, u *rearrank.Unit, exact bool) {
	printHeader(w, res.Ruleset, u)
	// In a player's words (and --fallback's why); the fast paths taken are
	// in --json's "method".
	fmt.Fprintf(w, "method: %s\n\n", res.MethodSummary())
	if u.Fighter() != nil { // skirmish: one warrior (RULES.md 13), no unit, no panic
		printTable(w, "Wounds caused", res.Wounds, exact)
		printTable(w, "Unsaved wounds (before multiple wounds)", res.Unsaved, exact)
		fmt.Fprintf(w, "Out of action: %s\n", num(res.Destroyed, exact))
		printStages(w, res, "the warrior", exact)
		return
	}
	printDists(w, res, exact)
	fmt.Fprintf(w, "Unit destroyed: %s\n", num(res.Destroyed, exact))
	if res.Panic != nil {
		fmt.Fprintf(w, "Panic test (%s of the unit lost this phase): %s\n", rules.PanicLoss(res.Ruleset, (*alloc.Unit)(u).Options()), num(res.Panic, exact))
	} else {
		fmt.Fprintln(w, "Panic test: does not apply (close combat)")
	}
	if res.ChampionDead != nil {
		fmt.Fprintf(w, "Champion killed: %s\n", num(res.ChampionDead, exact))
	}
	if res.StandardLost != nil {
		fmt.Fprintf(w, "Standard lost: %s\n", num(res.StandardLost, exact))
	}
	printStages(w, res, "the first model to be hit", exact)
}

// printDists prints the casualties, wounds caused and unsaved wounds, a
// table each, and once for two or three that are the same distribution.
func printDists(w io.Writer, res *odds.Result, exact bool) {
	cas, wounds, unsaved := res.Casualties, res.Wounds, res.Unsaved
	switch cw, wu, cu := sameDist(cas, wounds), sameDist(wounds, unsaved), sameDist(cas, unsaved); {
	case cw && wu:
		// Models of one Wound and no multiple wounds: the three are one.
		printTable(w, "Casualties = wounds caused = unsaved wounds (each unsaved wound removes one model)", cas, exact)
	case cw:
		printTable(w, "Casualties (models removed) = wounds caused (combat result)", cas, exact)
		printTable(w, "Unsaved wounds (before multiple wounds)", unsaved, exact)
	case wu:
		printTable(w, "Casualties (models removed)", cas, exact)
		printTable(w, "Wounds caused (combat result) = unsaved wounds", wounds, exact)
	case cu:
		printTable(w, "Casualties (models removed) = unsaved wounds", cas, exact)
		printTable(w, "Wounds caused (combat result)", wounds, exact)
	default:
		printTable(w, "Casualties (models removed)", cas, exact)
		printTable(w, "Wounds caused (combat result)", wounds, exact)
		printTable(w, "Unsaved wounds (before multiple wounds)", unsaved, exact)
	}
}

// printStages prints the per-attack chances of each stage against whom,
// each column as wide as its widest cell.
func printStages(w io.Writer, res *odds.Result, whom string, exact bool) {
	if len(res.Stages) == 0 {
		return
	}
	rows := [][]string{{"group", "hit", "wound", "armour fails", "special fails", "unsaved"}}
	for _, s := range res.Stages {
		rows = append(rows, []string{strconv.Itoa(s.Group),
			stage(s.Hit, s.Needs.ToHit, s.Needs.AutoHit, exact, "cannot hit"),
			stage(s.Wound, s.Needs.Wound, false, exact, "cannot wound"),
			stage(s.ArmourFailed, s.Needs.Armour, false, exact, "no save"),
			stage(s.SpecialFailed, s.Needs.Special, false, exact, "no save"),
			num(s.Unsaved, exact)})
	}
	// the widths of the table before cells grew with them, at least
	widths := []int{5, 12, 12, 17, 17, 0}
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], len(c))
		}
	}
	fmt.Fprintf(w, "\nPer attack, against %s:\n", whom)
	for _, r := range rows {
		line := ""
		for i, c := range r[:len(r)-1] {
			line += fmt.Sprintf("  %-*s", widths[i], c)
		}
		fmt.Fprintf(w, "%s  %s\n", line, r[len(r)-1])
	}
}

// stage is one cell of the per-attack table: the chance and what the roll
// needs, or impossible (a save of 7+ or none is "no save", not "(9+)").
// A to-hit of 7+ that can still hit (a 6, then a second roll) is "(7+)".
func stage(p *big.Rat, need rules.Target, auto, exact bool, impossible string) string {
	switch {
	case auto:
		return "auto"
	case !need.Possible() && (impossible != "cannot hit" || p.Sign() == 0):
		return num(p, exact) + " (" + impossible + ")"
	}
	return num(p, exact) + " (" + need.String() + ")"
}

// printHeader names the target: the ruleset, the unit, its size and its
// formation on one line, or, when that would not fit a screen, the
// formation drawn rank by rank below as resolve draws it (abbreviated);
// then what the letters of a second troop type or profile mean.
func printHeader(w io.Writer, rs rules.Ruleset, u *rearrank.Unit) {
	if f := u.Fighter(); f != nil { // skirmish: one warrior (RULES.md 13)
		fmt.Fprintf(w, "%s: %s, one warrior, %d of %s left\n", rs, unitName(u), f.W-f.Damage, words.Count(f.W, "wound", "wounds"))
		return
	}
	head := fmt.Sprintf("%s: %s, %s", rs, unitName(u), words.Count(u.Size(), "model", "models"))
	if line := head + ", " + formationLine(u.Ranks()); len(line) <= screenWidth {
		fmt.Fprintln(w, line)
	} else {
		fmt.Fprintln(w, head+":")
		drawFormation(w, u.Ranks(), nil)
	}
	drawKinds(w, u)
}
