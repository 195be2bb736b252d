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
	"github.com/rearrank/rearrank/msg"
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
	f, listNotes, err := readFile(path, e.stdin)
	if err != nil {
		return nil, nil, nil, usageError{Err: err}
	}
	for _, n := range listNotes {
		e.note(n)
	}
	if !ask {
		var notes []msg.Message
		if f, notes, err = standIn(f); err != nil {
			return nil, nil, nil, usageError{Err: err}
		}
		for _, n := range notes {
			e.note(n)
		}
	}
	u, attacks, err := f.Build()
	if err != nil {
		return nil, nil, nil, usageError{Err: err}
	}
	for _, n := range u.Notes() {
		e.note(msg.New("cli.text", n))
	}
	return f, u, attacks, nil
}

func runOdds(ctx context.Context, args []string, e env) error {
	fs := newFlags(e, "odds", "rearrank odds examples/crossbows.yaml")
	exact := fs.Bool("exact", false, "")
	asJSON := fs.Bool("json", false, "")
	maxStates := fs.Int("max-states", odds.DefaultMaxStates, "")
	fallback := fs.Bool("fallback", false, "")
	samples := fs.Int("samples", odds.DefaultSamples, "")
	timeout := timeoutFlag(fs)
	path, err := parseFile(fs, args)
	if err != nil {
		return err
	}
	if err := checkMaxStates(fs, *maxStates); err != nil {
		return err
	}
	if *samples < 1 || *samples > 1_000_000_000 {
		return usage("cli.odds.error.samples", *samples)
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
			return msg.Errorf(err, "cli.error.state_limit", path, errArg(err), stateAdviceMsg(err, true))
		}
		err = stopped(err, *timeout)
		return msg.Errorf(err, "cli.error.at", path, errArg(err))
	}
	if *asJSON {
		return writeJSON(e.stdout, odds.JSON(res, *exact))
	}
	printOdds(e.stdout, res, u, *exact, e.lang)
	return nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// num formats a probability as a percentage or an exact fraction, in
// language l (percent).
func num(p *big.Rat, exact bool, l msg.Lang) string {
	if exact {
		return p.RatString()
	}
	return percent(p, l)
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

// mean formats a mean as an exact fraction or with three decimals.
func mean(p *big.Rat, exact bool, l msg.Lang) string {
	if exact {
		return p.RatString()
	}
	f, _ := p.Float64()
	return decimal(f, 3, l)
}

// decimal writes f with places decimals in language l: "5.556", in
// Russian "5,556".
func decimal(f float64, places int, l msg.Lang) string {
	return msg.New("cli.number", msg.Dec{V: f, Places: places}).Text(l)
}

const barWidth = 30

func bar(p *big.Rat) string {
	f, _ := p.Float64()
	n := int(f*barWidth + 0.5)
	return strings.Repeat("#", n)
}

// printTable prints one distribution: value, P(exactly), P(at least), a bar.
func printTable(w io.Writer, title msg.Message, d odds.Dist, exact bool, l msg.Lang) {
	fmt.Fprintln(w, msg.New("cli.odds.table", title, mean(d.Mean(), exact, l)).Text(l))
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
			fmt.Fprintf(w, "  %4d+  %*s  %*s\n", i, width, "", width, percentBelow(l))
			break
		}
		fmt.Fprintf(w, "  %5d  %*s  %*s  %s\n", i, width, num(p, exact, l), width, num(rest, exact, l), bar(p))
	}
	fmt.Fprintln(w)
}

func printOdds(w io.Writer, res *odds.Result, u *rearrank.Unit, exact bool, l msg.Lang) {
	say := func(id msg.ID, args ...any) { fmt.Fprintln(w, msg.New(id, args...).Text(l)) }
	printHeader(w, res.Ruleset, u, l)
	// In a player's words (and --fallback's why); the fast paths taken are
	// in --json's "method".
	say("cli.odds.method", res.MethodMsg())
	fmt.Fprintln(w)
	if u.Fighter() != nil { // skirmish: one warrior (RULES.md 13), no unit, no panic
		printTable(w, msg.New("cli.odds.title.wounds"), res.Wounds, exact, l)
		printTable(w, msg.New("cli.odds.title.unsaved"), res.Unsaved, exact, l)
		say("cli.odds.out_of_action", num(res.Destroyed, exact, l))
		printStages(w, res, msg.New("cli.odds.against.warrior"), exact, l)
		return
	}
	printDists(w, res, exact, l)
	say("cli.odds.destroyed", num(res.Destroyed, exact, l))
	if res.Panic != nil {
		say("cli.odds.panic", rules.PanicLossMsg(res.Ruleset, (*alloc.Unit)(u).Options()), num(res.Panic, exact, l))
	} else {
		say("cli.odds.no_panic")
	}
	if res.ChampionDead != nil {
		say(forRuleset("cli.odds.champion_killed", res.Ruleset), num(res.ChampionDead, exact, l))
	}
	if res.StandardLost != nil {
		say("cli.odds.standard_lost", num(res.StandardLost, exact, l))
	}
	printStages(w, res, msg.New("cli.odds.against.first"), exact, l)
}

// forRuleset is id's variant for ruleset rs, "id.t9a", where the catalogue
// has one (a term the ruleset names its own way), else id.
func forRuleset(id msg.ID, rs rules.Ruleset) msg.ID {
	return msg.Variant(id, rs.String())
}

// printDists prints the casualties, wounds caused and unsaved wounds, a
// table each, and once for two or three that are the same distribution.
func printDists(w io.Writer, res *odds.Result, exact bool, l msg.Lang) {
	cas, wounds, unsaved := res.Casualties, res.Wounds, res.Unsaved
	title := func(id msg.ID) msg.Message { return msg.New(id) }
	switch cw, wu, cu := sameDist(cas, wounds), sameDist(wounds, unsaved), sameDist(cas, unsaved); {
	case cw && wu:
		// Models of one Wound and no multiple wounds: the three are one.
		printTable(w, title("cli.odds.title.all_three"), cas, exact, l)
	case cw:
		printTable(w, title("cli.odds.title.casualties_wounds"), cas, exact, l)
		printTable(w, title("cli.odds.title.unsaved"), unsaved, exact, l)
	case wu:
		printTable(w, title("cli.odds.title.casualties"), cas, exact, l)
		printTable(w, title("cli.odds.title.wounds_unsaved"), wounds, exact, l)
	case cu:
		printTable(w, title("cli.odds.title.casualties_unsaved"), cas, exact, l)
		printTable(w, title("cli.odds.title.wounds_result"), wounds, exact, l)
	default:
		printTable(w, title("cli.odds.title.casualties"), cas, exact, l)
		printTable(w, title("cli.odds.title.wounds_result"), wounds, exact, l)
		printTable(w, title("cli.odds.title.unsaved"), unsaved, exact, l)
	}
}

// printStages prints the per-attack chances of each stage against whom,
// each column as wide as its widest cell.
func printStages(w io.Writer, res *odds.Result, whom msg.Message, exact bool, l msg.Lang) {
	if len(res.Stages) == 0 {
		return
	}
	text := func(id msg.ID) string { return msg.New(id).Text(l) }
	rows := [][]string{{text("cli.odds.col.group"), text("cli.odds.col.hit"), text("cli.odds.col.wound"),
		text("cli.odds.col.armour"), text(forRuleset("cli.odds.col.special", res.Ruleset)), text("cli.odds.col.unsaved")}}
	for _, s := range res.Stages {
		rows = append(rows, []string{strconv.Itoa(s.Group),
			stage(s.Hit, s.Needs.ToHit, s.Needs.AutoHit, exact, "cli.odds.cannot_hit", l),
			stage(s.Wound, s.Needs.Wound, false, exact, "cli.odds.cannot_wound", l),
			stage(s.ArmourFailed, s.Needs.Armour, false, exact, "cli.odds.no_save", l),
			stage(s.SpecialFailed, s.Needs.Special, false, exact, "cli.odds.no_save", l),
			num(s.Unsaved, exact, l)})
	}
	// the widths of the table before cells grew with them, at least
	widths := []int{5, 12, 12, 17, 17, 0}
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], runes(c))
		}
	}
	fmt.Fprintf(w, "\n%s\n", msg.New("cli.odds.per_attack", whom).Text(l))
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
func stage(p *big.Rat, need rules.Target, auto, exact bool, impossible msg.ID, l msg.Lang) string {
	switch {
	case auto:
		return msg.New("cli.odds.auto").Text(l)
	case !need.Possible() && (impossible != "cli.odds.cannot_hit" || p.Sign() == 0):
		return msg.New("cli.odds.cell", num(p, exact, l), msg.New(impossible)).Text(l)
	}
	return msg.New("cli.odds.cell", num(p, exact, l), need.String()).Text(l)
}

// printHeader names the target: the ruleset, the unit, its size and its
// formation on one line, or, when that would not fit a screen, the
// formation drawn rank by rank below as resolve draws it (abbreviated);
// then what the letters of a second troop type or profile mean.
func printHeader(w io.Writer, rs rules.Ruleset, u *rearrank.Unit, l msg.Lang) {
	if f := u.Fighter(); f != nil { // skirmish: one warrior (RULES.md 13)
		fmt.Fprintln(w, msg.New("cli.odds.header.warrior", rs.String(), unitName(u), f.W-f.Damage, f.W).Text(l))
		return
	}
	head := msg.New("cli.odds.header", rs.String(), unitName(u), u.Size()).Text(l)
	if line := msg.New("cli.odds.header.line", head, formationLine(u.Ranks(), l)).Text(l); runes(line) <= screenWidth {
		fmt.Fprintln(w, line)
	} else {
		fmt.Fprintln(w, msg.New("cli.odds.header.drawn", head).Text(l))
		drawFormationIn(w, u.Ranks(), nil, l)
	}
	drawKinds(w, l, u)
}
