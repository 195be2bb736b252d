package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"os"
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/words"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/rules"
)

const combatExample = "rearrank combat --seed 7 examples/combat-spears-halberds.yaml"

func runCombat(ctx context.Context, args []string, e env) error {
	fs := newFlags(e, "combat", "[--exact] [--max-states N] [--json] [--n N [--seed N]] [--dice 6,3,...|--seed N] FILE|-", combatExample)
	exact := fs.Bool("exact", false, "exact odds and nothing else: past --max-states an error instead of the Monte Carlo estimate (or with --fallback, the estimate as without --exact)")
	asJSON := fs.Bool("json", false, "print JSON (exact chances as fractions \"a/b\")")
	n := fs.Int("n", combatRounds, "Monte Carlo over N rounds instead of the exact odds (the default answer is exact, and these rounds only its fallback)")
	faces := fs.String("dice", "", "play one round with the faces you rolled, in the order the steps ask for them")
	seed := fs.Uint64("seed", 0, "play one round with a seeded generator (with --n: the Monte Carlo seed)")
	states := fs.Int("max-states", combat.DefaultMaxStates, "the most round states after a step of the exact odds; past it, Monte Carlo over 10000 rounds (an error with --exact)")
	fallback := fs.Bool("fallback", false, "with --exact: past --max-states, Monte Carlo with --n and --seed instead of an error (the default without --exact)")
	path, err := parseFile(fs, args)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	sampled := set["n"] && !*exact                                // Monte Carlo, as asked
	round := set["dice"] || (set["seed"] && !set["n"] && !*exact) // one round played
	switch {
	case set["dice"] && set["seed"]:
		return usagef("combat: give --dice or --seed, not both")
	case *exact && set["dice"]:
		return usagef("combat: --exact walks every die: it takes no --dice")
	case *exact && !*fallback && (set["seed"] || set["n"]):
		return usagef("combat: --exact takes --seed and --n only for its --fallback")
	case *fallback && !*exact:
		return usagef("combat: --fallback goes with --exact (without --exact, the exact odds fall back to Monte Carlo by themselves)")
	case set["max-states"] && (sampled || round):
		return usagef("combat: --max-states limits the exact odds; --n and --dice or --seed alone do not compute them")
	case set["n"] && set["dice"]:
		return usagef("combat: --n is for Monte Carlo; --dice plays one round")
	case *n < 1:
		return usagef("combat: --n %d: want at least 1", *n)
	}
	if err := checkMaxStates(fs, *states); err != nil {
		return err
	}
	c, err := loadCombat(path, e)
	if err != nil {
		return err
	}
	switch {
	case round:
		return playRound(c, *faces, set["dice"], *seed, *asJSON, e)
	case sampled:
		rep, err := c.MonteCarlo(ctx, *n, *seed)
		if err != nil {
			return err
		}
		return printReport(e.stdout, c, rep, *asJSON)
	}
	// The exact odds, by default with the fallback: a combat past the
	// state limit is estimated instead, and the report says so.
	rep, err := c.Exact(ctx, combat.ExactConfig{MaxStates: *states, Fallback: *fallback || !*exact, Samples: *n, Seed: *seed})
	if errors.Is(err, odds.ErrStateLimit) {
		return fmt.Errorf("%w; add --fallback or drop --exact for a Monte Carlo estimate", err)
	}
	if err != nil {
		return err
	}
	if rep.Fallback != "" && !*exact && !*asJSON {
		e.note(msg.New("cli.combat.fallback", rep.Fallback, rep.N))
	}
	return printReport(e.stdout, c, rep, *asJSON)
}

// combatRounds is the number of Monte Carlo rounds of rearrank combat, as
// of POST /api/combat: what --n samples, and what a combat too large to
// compute exactly is estimated over.
const combatRounds = 10_000

func loadCombat(path string, e env) (*combat.Combat, error) {
	var c *combat.Combat
	var err error
	if path == "-" {
		c, err = combat.Read("-", e.stdin)
	} else {
		var data []byte
		data, err = os.ReadFile(path)
		if err != nil {
			return nil, usageError{Err: err}
		}
		c, err = combat.Load(path, data)
	}
	if err != nil {
		return nil, usageError{Err: err}
	}
	// Nobody is asked during a round, at a terminal or not: the defaults
	// stand in (RULES.md 18), and the note says so.
	for _, s := range c.StandIns() {
		fmt.Fprintf(e.stderr, "rearrank: note: %s\n", s)
	}
	return c, nil
}

func playRound(c *combat.Combat, faces string, scripted bool, seed uint64, asJSON bool, e env) error {
	var r dice.Roller = dice.NewSeeded(seed)
	var sc *dice.Scripted
	if scripted {
		fv, err := dice.ParseFaces(faces)
		if err != nil {
			return usagef("combat: --dice: %v", err)
		}
		sc = dice.NewScripted(fv...)
		r = sc
	}
	rec := dice.NewRecorder(r)
	round, err := c.Resolve(rec)
	if err != nil {
		if errors.Is(err, dice.ErrOutOfDice) || errors.Is(err, dice.ErrBadFace) {
			return usagef("combat: --dice: %v", err)
		}
		return err
	}
	if sc != nil && sc.Remaining() > 0 {
		e.note(msg.New("cli.combat.dice_left", sc.Remaining(), sc.Used()))
	}
	if asJSON {
		return writeJSON(e.stdout, round.View(c, rec.Faces()))
	}
	printRound(e.stdout, c, round, rec.Faces())
	return nil
}

// sideName names side i as a player does: its unit and the file's letter,
// "Elves (a)", or "side a" for an unnamed unit.
func sideName(c *combat.Combat, i int) string {
	s := "ab"[i : i+1]
	if n := c.Sides[i].Unit.Name(); n != "" {
		return n + " (" + s + ")"
	}
	return "side " + s
}

// sideVerb is sideName with a verb agreeing with it: a unit of several
// models is read as plural ("Elves (a) win"); one model ("Hero (a) wins")
// and "side a" as singular.
func sideVerb(c *combat.Combat, i int, plural, singular string) string {
	return sideName(c, i) + " " + c.Agree(i, plural, singular)
}

func describeCombat(w io.Writer, c *combat.Combat) {
	fmt.Fprintf(w, "%s close combat: %s against %s", c.Ruleset, sideName(c, 0), sideName(c, 1))
	if c.Charger != combat.NoSide {
		fmt.Fprintf(w, "; %s charged", sideName(c, int(c.Charger)-1))
		if c.Facing != combat.Front {
			fmt.Fprintf(w, " into the %s", map[combat.Facing]string{combat.FlankLeft: "left flank", combat.FlankRight: "right flank", combat.Rear: "rear"}[c.Facing])
		}
	}
	fmt.Fprintln(w)
}

func printRound(w io.Writer, c *combat.Combat, r *combat.Round, faces []int) {
	describeCombat(w, c)
	fmt.Fprintf(w, "dice used: %s\n", joinInts(faces))
	drawLegend(w, c.Sides[0].Unit, c.Sides[1].Unit)
	fmt.Fprintln(w, "\nBefore:")
	for i := range c.Sides {
		drawSide(w, sideName(c, i), c.Sides[i].Unit, nil)
	}
	prev := [2]*rearrank.Unit{c.Sides[0].Unit, c.Sides[1].Unit}
	for k, s := range r.Steps {
		fmt.Fprintf(w, "\n== Step %d: %s\n", k+1, s.Key.Words(c.Ruleset))
		for i, ss := range s.Sides {
			for _, f := range ss.Fights {
				re := ""
				if f.Reroll {
					re = ", misses re-rolled"
				}
				fmt.Fprintf(w, "%s, %s: %s%s\n", sideName(c, i), f.By.Words(), words.Count(f.Attacks, "attack", "attacks"), re)
			}
			printEvents(w, ss.Events)
		}
		fmt.Fprintln(w, "After the step:")
		for i, ss := range s.Sides {
			drawSide(w, sideName(c, i), ss.After, prev[i])
			prev[i] = ss.After
		}
	}
	fmt.Fprintln(w, "\nCombat result:")
	for i := range c.Sides {
		var parts []string
		for _, p := range r.Points[i] {
			parts = append(parts, fmt.Sprintf("%s %+d", p.Words(), p.Points))
		}
		if len(parts) == 0 {
			parts = []string{"nothing"}
		}
		fmt.Fprintf(w, "  %s: %d (%s); lost %s\n", sideName(c, i), r.Score[i], strings.Join(parts, ", "), words.Count(r.Casualties[i], "model", "models"))
	}
	switch {
	case r.Winner == combat.NoSide:
		fmt.Fprintln(w, "A draw: nobody tests.")
	case r.Musician:
		fmt.Fprintf(w, "Scores equal: %s by 1 with the musician.\n", sideVerb(c, int(r.Winner)-1, "win", "wins"))
	default:
		fmt.Fprintf(w, "%s by %d.\n", sideVerb(c, int(r.Winner)-1, "win", "wins"), abs(r.Margin()))
	}
	if b := r.Break; b != nil {
		name := sideName(c, int(b.Side)-1)
		if b.Auto != "" && b.Result != "" {
			fmt.Fprintf(w, "%s is %s: no break test, %s.\n", name, b.Auto, resultText(b.Result))
			return
		}
		if b.Auto != "" {
			fmt.Fprintf(w, "%s is %s: no break test.\n", name, b.Auto)
			return
		}
		if b.Result != "" {
			crushed := ""
			if b.Crushed {
				crushed = ", the winners' Unit Strength more than double"
			}
			fmt.Fprintf(w, "Break test for %s: 2D6 against Ld %d, lost by %d%s:", name, b.Need, b.LostBy, crushed)
			for _, r := range b.Rolls {
				fmt.Fprintf(w, " %d+%d", r[0], r[1])
			}
			fmt.Fprintf(w, ": %s.\n", resultText(b.Result))
			return
		}
		ld := c.Sides[int(b.Side)-1].Leadership
		why := fmt.Sprintf("Ld %d, lost by %d", ld, ld-b.Need)
		if b.Steadfast {
			why = fmt.Sprintf("Ld %d, Steadfast", ld)
		}
		insane := c.Options.InsaneCourageIn(c.Ruleset)
		if b.Need < 2 && insane {
			why += "; only a double 1 holds, Insane Courage"
		}
		fmt.Fprintf(w, "Break test for %s: 2D6 <= %d (%s):", name, b.Need, why)
		for _, r := range b.Rolls {
			fmt.Fprintf(w, " %d+%d", r[0], r[1])
		}
		last := b.Rolls[len(b.Rolls)-1]
		switch {
		case b.Broke && last == [2]int{1, 1}:
			off := fmt.Sprintf("%s has none", c.Ruleset)
			if rules.For(c.Ruleset).Combat.InsaneCourage {
				off = "the file sets insane_courage: false"
			}
			fmt.Fprintf(w, ": breaks (a double 1 holds only with Insane Courage, and %s, rules 21.8).\n", off)
		case b.Broke:
			fmt.Fprintln(w, ": breaks.")
		case last[0]+last[1] > b.Need:
			fmt.Fprintln(w, ": holds on the double 1 (Insane Courage, rules 21.8).")
		default:
			fmt.Fprintln(w, ": holds.")
		}
	} else if r.Winner != combat.NoSide {
		fmt.Fprintln(w, "The loser is destroyed: no break test.")
	}
}

func printEvents(w io.Writer, ev []rearrank.Event) {
	for _, e := range ev {
		switch e.Kind {
		case rearrank.BatchStart:
			fmt.Fprintf(w, "   %s\n", e.Text)
		case rearrank.BatchEnd:
			fmt.Fprintf(w, "   -> %s\n", e.Text)
		default:
			fmt.Fprintf(w, "     %s\n", e)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func printReport(w io.Writer, c *combat.Combat, r *combat.Report, asJSON bool) error {
	if asJSON {
		return writeJSON(w, r.View())
	}
	exact := r.N == 0
	describeCombat(w, c)
	switch {
	case exact:
		fmt.Fprintln(w, "Exact: every die walked, equal round states merged.")
	case r.Fallback != "":
		fmt.Fprintf(w, "Simulated instead of exact (%s): Monte Carlo over %s (seed %d); ± is one standard error.\n", r.Fallback, words.Count(r.N, "round", "rounds"), r.Seed)
	default:
		fmt.Fprintf(w, "Simulated: Monte Carlo over %s (seed %d); ± is one standard error.\n", words.Count(r.N, "round", "rounds"), r.Seed)
	}
	// chances as odds prints them (num): <0.01% and >99.99% where they
	// would round to 0 or 100% without being it
	p := func(x *big.Rat) string {
		if exact {
			return fmt.Sprintf("%7s (%s)", num(x, false), x.RatString())
		}
		return fmt.Sprintf("%7s ±%.2f%%", num(x, false), 100*r.SE(x))
	}
	fmt.Fprintln(w)
	wins := [2]string{sideVerb(c, 0, "win", "wins"), sideVerb(c, 1, "win", "wins")}
	width := max(len(wins[0]), len(wins[1]), len("loser breaks"))
	if r.LoserFallsBack != nil {
		width = max(width, len("loser gives ground"))
	}
	row := func(label, value string) { fmt.Fprintf(w, "  %-*s  %s\n", width, label, value) }
	row(wins[0], p(r.AWins))
	row("draw", p(r.Draw))
	row(wins[1], p(r.BWins))
	row("loser breaks", p(r.LoserBreaks))
	if r.LoserFallsBack != nil {
		row("loser falls back", p(r.LoserFallsBack))
		row("loser gives ground", p(r.LoserGivesGround))
	}
	mean := func(d combat.Dist) string {
		f, _ := d.Mean().Float64()
		if exact {
			return fmt.Sprintf("%.3f", f)
		}
		return fmt.Sprintf("%.3f ±%.3f", f, r.MeanSE(d))
	}
	for i := range c.Sides {
		s := r.Sides[i]
		fmt.Fprintf(w, "\n%s:\n", sideName(c, i))
		fmt.Fprintf(w, "  breaks         %s\n", p(s.Breaks))
		fmt.Fprintf(w, "  destroyed      %s\n", p(s.Destroyed))
		fmt.Fprintf(w, "  casualties     mean %s  %s\n", mean(s.Casualties), dist(s.Casualties))
		fmt.Fprintf(w, "  wounds caused  mean %s  %s\n", mean(s.Wounds), dist(s.Wounds))
		fmt.Fprintf(w, "  combat result  mean %s  %s\n", mean(s.CombatResult), dist(s.CombatResult))
	}
	fmt.Fprintf(w, "\nmargin (a - b)   mean %s  %s\n", mean(r.Margin), dist(r.Margin))
	fmt.Fprintln(w, "\nSteps, attacks rolled:")
	keyWidth := 0
	for _, s := range r.Steps {
		keyWidth = max(keyWidth, len(s.Key.Words(c.Ruleset)))
	}
	for _, s := range r.Steps {
		fmt.Fprintf(w, "  %-*s", keyWidth, s.Key.Words(c.Ruleset))
		for i, d := range s.Attacks {
			if d == nil {
				fmt.Fprintf(w, "  %s: -", "ab"[i:i+1])
				continue
			}
			fmt.Fprintf(w, "  %s: mean %s", "ab"[i:i+1], mean(*d))
		}
		fmt.Fprintln(w)
	}
	return nil
}

// dist writes a distribution as "value:chance" for every possible value.
func dist(d combat.Dist) string {
	var parts []string
	for i, p := range d.P {
		f, _ := p.Float64()
		switch {
		case f >= 0.01:
			parts = append(parts, fmt.Sprintf("%d:%.0f%%", d.Min+i, 100*f))
		case f > 0:
			parts = append(parts, fmt.Sprintf("%d:<1%%", d.Min+i))
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// drawSide draws a unit rank by rank under its name, as resolve does; with
// a before unit, the models that fell since are also shown, marked x on the
// formation they stood in.
func drawSide(w io.Writer, name string, u, before *rearrank.Unit) {
	fmt.Fprintf(w, "%s:\n", name)
	after := u.Ranks()
	drawFormation(w, after, nil)
	if before == nil || len(after) == 0 {
		return
	}
	if was := before.Ranks(); len(fallen(was, after)) > 0 {
		fmt.Fprintln(w, "  removed (x), where they stood:")
		drawFormation(w, was, fallen(was, after))
	}
}

// resultText writes a three-outcome break test's result as the rulebook
// names it (RULES.md 22.11).
func resultText(r combat.Result) string {
	switch r {
	case combat.Break:
		return "breaks"
	case combat.FallBackInGoodOrder:
		return "falls back in good order"
	}
	return "gives ground"
}
