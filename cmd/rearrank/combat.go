package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/wire"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/web"
)

const combatExample = "rearrank combat --seed 7 examples/combat-spears-halberds.yaml"

func runCombat(ctx context.Context, args []string, e env) error {
	fs := newFlags(e, "combat", combatExample, "[--exact] [--max-states N] [--json] [--n N [--seed N]] [--dice 6,3,...|--seed N]")
	exact := fs.Bool("exact", false, "")
	asJSON := fs.Bool("json", false, "")
	n := fs.Int("n", web.DefaultCombatRounds, "")
	faces := fs.String("dice", "", "")
	seed := fs.Uint64("seed", 0, "")
	states := fs.Int("max-states", combat.DefaultMaxStates, "")
	fallback := fs.Bool("fallback", false, "")
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
		return usage("cli.combat.error.dice_and_seed")
	case *exact && set["dice"]:
		return usage("cli.combat.error.exact_dice")
	case *exact && !*fallback && (set["seed"] || set["n"]):
		return usage("cli.combat.error.exact_seed")
	case *fallback && !*exact:
		return usage("cli.combat.error.fallback")
	case set["max-states"] && (sampled || round):
		return usage("cli.combat.error.max_states")
	case set["n"] && set["dice"]:
		return usage("cli.combat.error.n_dice")
	case *n < 1:
		return usage("cli.combat.error.n", *n)
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
		return printReport(e.stdout, c, rep, *asJSON, e.lang)
	}
	// The exact odds, by default with the fallback: a combat past the
	// state limit is estimated instead, and the report says so.
	rep, err := exactCombat(ctx, c, combat.ExactConfig{MaxStates: *states, Fallback: *fallback || !*exact, Samples: *n, Seed: *seed})
	if err != nil {
		return err
	}
	return printExactReport(c, rep, *exact, *asJSON, e)
}

// exactCombat is c's exact report; past the state limit without the
// fallback, an error that says how to get an estimate.
func exactCombat(ctx context.Context, c *combat.Combat, cfg combat.ExactConfig) (*combat.Report, error) {
	rep, err := c.Exact(ctx, cfg)
	if errors.Is(err, odds.ErrStateLimit) {
		return nil, msg.Errorf(err, "combat.error.exact_limit", errArg(err))
	}
	return rep, err
}

// printExactReport prints an exact report, saying on stderr when it fell
// back to Monte Carlo and --exact was not asked for (its text says it
// too; --json has the fallback field).
func printExactReport(c *combat.Combat, rep *combat.Report, exact, asJSON bool, e env) error {
	if rep.Fallback != "" && !exact && !asJSON {
		e.note(msg.New("cli.combat.fallback", rep.FallbackMsg, rep.N))
	}
	return printReport(e.stdout, c, rep, asJSON, e.lang)
}

func loadCombat(path string, e env) (*combat.Combat, error) {
	data, err := readLimited(path, e.stdin)
	if err != nil {
		return nil, usageError{Err: err}
	}
	c, listNotes, err := combat.LoadLists(path, data, scenario.DirLists(listDir(path)))
	if err != nil {
		return nil, usageError{Err: err}
	}
	for _, n := range listNotes {
		e.note(n)
	}
	// Nobody is asked during a round, at a terminal or not: the defaults
	// stand in (RULES.md 18), and the note says so.
	for _, s := range c.StandIns() {
		e.note(combat.StandInMsg(s))
	}
	return c, nil
}

func playRound(c *combat.Combat, faces string, scripted bool, seed uint64, asJSON bool, e env) error {
	var r dice.Roller = dice.NewSeeded(seed)
	var sc *dice.Scripted
	if scripted {
		fv, err := dice.ParseFaces(faces)
		if err != nil {
			return usage("cli.error.at", "combat: --dice", errArg(err))
		}
		sc = dice.NewScripted(fv...)
		r = sc
	}
	rec := dice.NewRecorder(r)
	round, err := c.Resolve(rec)
	if err != nil {
		if errors.Is(err, dice.ErrOutOfDice) || errors.Is(err, dice.ErrBadFace) {
			return usageError{Err: msg.Errorf(err, "cli.error.at", "combat: --dice", errArg(err))}
		}
		return err
	}
	if sc != nil && sc.Remaining() > 0 {
		e.note(msg.New("cli.combat.dice_left", sc.Remaining(), sc.Used()))
	}
	if asJSON {
		return writeJSON(e.stdout, wire.RoundOf(round, c, rec.Faces()))
	}
	printRound(e.stdout, c, round, rec.Faces(), e.lang)
	return nil
}

// sideName names side i as a player does: its unit and the file's letter,
// "Elves (a)", or "side a" for an unnamed unit.
func sideName(c *combat.Combat, i int) msg.Message {
	s := "ab"[i : i+1]
	if n := c.Sides[i].Unit.Name(); n != "" {
		return msg.New("combat.side.named", n, s)
	}
	return msg.New("combat.side.unnamed", s)
}

// sideVerb is the message id, or id with an s, whose verb agrees with
// sideName: a unit of several models is read as plural ("Elves (a)
// win"); one model ("Hero (a) wins") and "side a" as singular. Russian
// writes both alike.
func sideVerb(c *combat.Combat, i int, id msg.ID) msg.ID {
	return msg.ID(c.Agree(i, string(id), string(id)+"s"))
}

func describeCombat(w io.Writer, c *combat.Combat, l msg.Lang) {
	rs, a, b := c.Ruleset.String(), sideName(c, 0), sideName(c, 1)
	m := msg.New("combat.describe", rs, a, b)
	if c.Charger != combat.NoSide {
		m = msg.New("combat.describe.charge", rs, a, b, sideName(c, int(c.Charger)-1))
		if c.Facing != combat.Front {
			m = msg.New("combat.describe.charge_facing", rs, a, b, sideName(c, int(c.Charger)-1), c.Facing.Msg())
		}
	}
	fmt.Fprintln(w, m.Text(l))
}

func printRound(w io.Writer, c *combat.Combat, r *combat.Round, faces []int, l msg.Lang) {
	say := func(id msg.ID, args ...any) { fmt.Fprintln(w, msg.New(id, args...).Text(l)) }
	describeCombat(w, c, l)
	if len(faces) == 0 {
		say("combat.round.dice", msg.New("combat.round.no_dice"))
	} else {
		say("combat.round.dice", joinInts(faces))
	}
	drawLegendIn(w, l, c.Sides[0].Unit, c.Sides[1].Unit)
	fmt.Fprintln(w)
	say("combat.round.before")
	for i := range c.Sides {
		drawSide(w, sideName(c, i).Text(l), c.Sides[i].Unit, nil, l)
	}
	prev := [2]*rearrank.Unit{c.Sides[0].Unit, c.Sides[1].Unit}
	for k, s := range r.Steps {
		fmt.Fprintln(w)
		say("combat.round.step", k+1, s.Key.Msg(c.Ruleset))
		for i, ss := range s.Sides {
			for _, f := range ss.Fights {
				id := msg.ID("combat.round.fight")
				if f.Reroll {
					id = "combat.round.fight_reroll"
				}
				say(id, sideName(c, i), f.By.Msg(c.Ruleset), f.Attacks)
			}
			printEvents(w, c, ss.Events, l)
		}
		say("combat.round.after")
		for i, ss := range s.Sides {
			drawSide(w, sideName(c, i).Text(l), ss.After, prev[i], l)
			prev[i] = ss.After
		}
	}
	fmt.Fprintln(w)
	say("combat.round.result")
	for i := range c.Sides {
		var parts []string
		for _, p := range r.Points[i] {
			parts = append(parts, msg.New("combat.round.point", p.Msg(), fmt.Sprintf("%+d", p.Points)).Text(l))
		}
		if len(parts) == 0 {
			parts = []string{msg.New("combat.round.no_points").Text(l)}
		}
		fmt.Fprintf(w, "  %s\n", msg.New("combat.round.score", sideName(c, i), r.Score[i], strings.Join(parts, ", "), r.Casualties[i]).Text(l))
	}
	switch {
	case r.Winner == combat.NoSide:
		say("combat.round.draw")
	case r.Musician:
		say(sideVerb(c, int(r.Winner)-1, "combat.round.musician_win"), sideName(c, int(r.Winner)-1))
	default:
		say(sideVerb(c, int(r.Winner)-1, "combat.round.win"), sideName(c, int(r.Winner)-1), abs(r.Margin()))
	}
	if b := r.Break; b != nil {
		printBreak(w, c, b, l)
	} else if r.Winner != combat.NoSide {
		say("combat.round.destroyed")
	}
}

// printBreak writes the loser's break test in a round (RULES.md 21.8,
// 22.11).
func printBreak(w io.Writer, c *combat.Combat, b *combat.BreakTest, l msg.Lang) {
	say := func(id msg.ID, args ...any) { fmt.Fprintln(w, msg.New(id, args...).Text(l)) }
	name := sideName(c, int(b.Side)-1)
	var rolls strings.Builder
	for _, r := range b.Rolls {
		fmt.Fprintf(&rolls, " %d+%d", r[0], r[1])
	}
	switch {
	case b.Auto != "" && b.Result != "":
		say("combat.break.auto_result", name, b.AutoMsg(), b.Result.Msg())
		return
	case b.Auto != "":
		say("combat.break.auto", name, b.AutoMsg())
		return
	case b.Result != "" && b.Crushed:
		say("combat.break.three_crushed", name, b.Need, b.LostBy, rolls.String(), b.Result.Msg())
		return
	case b.Result != "":
		say("combat.break.three", name, b.Need, b.LostBy, rolls.String(), b.Result.Msg())
		return
	}
	ld := c.Sides[int(b.Side)-1].Leadership
	insane := b.Need < 2 && c.Options.InsaneCourageIn(c.Ruleset)
	why := msg.New("combat.break.why.lost", ld, ld-b.Need)
	switch {
	case b.Steadfast && insane:
		why = msg.New("combat.break.why.steadfast_insane", ld)
	case b.Steadfast:
		why = msg.New("combat.break.why.steadfast", ld)
	case insane:
		why = msg.New("combat.break.why.lost_insane", ld, ld-b.Need)
	}
	last := b.Rolls[len(b.Rolls)-1]
	var outcome msg.Message
	switch {
	case b.Broke && last == [2]int{1, 1} && rules.For(c.Ruleset).Combat.InsaneCourage:
		outcome = msg.New("combat.break.breaks_insane_off")
	case b.Broke && last == [2]int{1, 1}:
		outcome = msg.New("combat.break.breaks_no_insane", c.Ruleset.String())
	case b.Broke:
		outcome = msg.New("combat.break.breaks")
	case last[0]+last[1] > b.Need:
		outcome = msg.New("combat.break.holds_insane")
	default:
		outcome = msg.New("combat.break.holds")
	}
	say("combat.break.test", name, b.Need, why, rolls.String(), outcome)
}

func printEvents(w io.Writer, c *combat.Combat, ev []rearrank.Event, l msg.Lang) {
	for _, e := range ev {
		switch e.Kind {
		case rearrank.BatchStart:
			fmt.Fprintf(w, "   %s\n", e.TextIn(l))
		case rearrank.BatchEnd:
			fmt.Fprintf(w, "   -> %s\n", e.TextIn(l))
		default:
			fmt.Fprintf(w, "     %s\n", e.StringIn(l, c.Ruleset))
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func printReport(w io.Writer, c *combat.Combat, r *combat.Report, asJSON bool, l msg.Lang) error {
	if asJSON {
		return writeJSON(w, wire.ReportOf(r))
	}
	text := func(id msg.ID, args ...any) string { return msg.New(id, args...).Text(l) }
	exact := r.N == 0
	describeCombat(w, c, l)
	switch {
	case exact:
		fmt.Fprintln(w, text("combat.report.exact"))
	case r.Fallback != "":
		fallback := r.FallbackMsg
		if fallback.IsZero() {
			fallback = msg.New("combat.text", r.Fallback)
		}
		fmt.Fprintln(w, text("combat.report.fallback", fallback, r.N, fmt.Sprint(r.Seed)))
	default:
		fmt.Fprintln(w, text("combat.report.simulated", r.N, fmt.Sprint(r.Seed)))
	}
	// chances as odds prints them (num): <0.01% and >99.99% where they
	// would round to 0 or 100% without being it
	p := func(x *big.Rat) string {
		if exact {
			return fmt.Sprintf("%7s (%s)", percent(x, l), x.RatString())
		}
		return fmt.Sprintf("%7s ±%s", percent(x, l), text("combat.report.percent", msg.Dec{V: 100 * r.SE(x), Places: 2}))
	}
	fmt.Fprintln(w)
	labels := []string{
		text(sideVerb(c, 0, "combat.report.win"), sideName(c, 0)),
		text("combat.report.draw"),
		text(sideVerb(c, 1, "combat.report.win"), sideName(c, 1)),
		text("combat.report.loser_breaks"),
	}
	values := []*big.Rat{r.AWins, r.Draw, r.BWins, r.LoserBreaks}
	width := max(runes(labels[0]), runes(labels[2]), runes(labels[3]))
	if r.LoserFallsBack != nil {
		labels = append(labels, text("combat.report.loser_falls_back"), text("combat.report.loser_gives_ground"))
		values = append(values, r.LoserFallsBack, r.LoserGivesGround)
		width = max(width, runes(labels[4]), runes(labels[5]))
	}
	for k, label := range labels {
		fmt.Fprintf(w, "  %-*s  %s\n", width, label, p(values[k]))
	}
	mean := func(d combat.Dist) string {
		f, _ := d.Mean().Float64()
		m := msg.Dec{V: f, Places: 3}
		if exact {
			return text("combat.report.mean", m)
		}
		return text("combat.report.mean", msg.New("combat.report.plus_minus", m, msg.Dec{V: r.MeanSE(d), Places: 3}))
	}
	// The sides' rows: labels in a column as wide as the longest, 13 in
	// English ("wounds caused"), and the margin's values under theirs.
	rows := []msg.ID{"combat.report.breaks", "combat.report.destroyed", "combat.report.casualties", "combat.report.wounds_caused", "combat.report.combat_result"}
	col := 0
	for _, id := range rows {
		col = max(col, runes(text(id)))
	}
	margin := text("combat.report.margin")
	col = max(col+4, runes(margin)+3)
	for i := range c.Sides {
		s := r.Sides[i]
		fmt.Fprintf(w, "\n%s:\n", sideName(c, i).Text(l))
		fmt.Fprintf(w, "  %-*s%s\n", col-2, text(rows[0]), p(s.Breaks))
		fmt.Fprintf(w, "  %-*s%s\n", col-2, text(rows[1]), p(s.Destroyed))
		fmt.Fprintf(w, "  %-*s%s  %s\n", col-2, text(rows[2]), mean(s.Casualties), dist(s.Casualties))
		fmt.Fprintf(w, "  %-*s%s  %s\n", col-2, text(rows[3]), mean(s.Wounds), dist(s.Wounds))
		fmt.Fprintf(w, "  %-*s%s  %s\n", col-2, text(rows[4]), mean(s.CombatResult), dist(s.CombatResult))
	}
	fmt.Fprintf(w, "\n%-*s%s  %s\n", col, margin, mean(r.Margin), dist(r.Margin))
	fmt.Fprintln(w)
	fmt.Fprintln(w, text("combat.report.steps"))
	keyWidth := 0
	for _, s := range r.Steps {
		keyWidth = max(keyWidth, runes(s.Key.Msg(c.Ruleset).Text(l)))
	}
	for _, s := range r.Steps {
		fmt.Fprintf(w, "  %-*s", keyWidth, s.Key.Msg(c.Ruleset).Text(l))
		for i, d := range s.Attacks {
			if d == nil {
				fmt.Fprintf(w, "  %s: -", "ab"[i:i+1])
				continue
			}
			fmt.Fprintf(w, "  %s: %s", "ab"[i:i+1], mean(*d))
		}
		fmt.Fprintln(w)
	}
	return nil
}

// percent writes a chance as odds prints it (num), in language l:
// "38.00%", in Russian "38,00%"; <0.01% and >99.99% where it would round
// to 0 or 100% without being it.
func percent(x *big.Rat, l msg.Lang) string {
	f, _ := x.Float64()
	switch {
	case x.Sign() > 0 && f < 0.00005:
		return percentBelow(l)
	case x.Cmp(one) < 0 && f >= 0.99995:
		return msg.New("combat.report.percent_above", msg.Dec{V: 99.99, Places: 2}).Text(l)
	}
	p := percentForm(l)
	return p[0] + msg.Dec{V: 100 * f, Places: 2}.Text(l) + p[1]
}

// percentForms are what combat.report.percent writes before and after its
// number, in each language: a table writes hundreds of percentages, each
// the catalogue's form around the number, without a message of its own
// for every cell.
var percentForms sync.Map // msg.Lang -> [2]string

func percentForm(l msg.Lang) [2]string {
	if p, ok := percentForms.Load(l); ok {
		return p.([2]string)
	}
	const mark = "\x00"
	before, after, _ := strings.Cut(msg.New("combat.report.percent", mark).Text(l), mark)
	p := [2]string{before, after}
	percentForms.Store(l, p)
	return p
}

// percentBelow is "<0.01%": a chance that is not zero, though it rounds
// to 0.00%.
func percentBelow(l msg.Lang) string {
	return msg.New("combat.report.percent_below", msg.Dec{V: 0.01, Places: 2}).Text(l)
}

// runes is the width of s on a terminal, as fmt pads it: its count of
// runes.
func runes(s string) int { return utf8.RuneCountInString(s) }

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
func drawSide(w io.Writer, name string, u, before *rearrank.Unit, l msg.Lang) {
	fmt.Fprintf(w, "%s:\n", name)
	after := u.Ranks()
	drawFormationIn(w, after, nil, l)
	if before == nil || len(after) == 0 {
		return
	}
	if was := before.Ranks(); len(fallen(was, after)) > 0 {
		fmt.Fprintf(w, "  %s\n", msg.New("combat.round.removed").Text(l))
		drawFormationIn(w, was, fallen(was, after), l)
	}
}

// drawLegendIn is drawLegend in language l (a t9a unit's champion is its
// командир), with the letters the units draw beyond the roles' own
// (unit.Legend).
func drawLegendIn(w io.Writer, l msg.Lang, units ...*rearrank.Unit) {
	m := msg.New("combat.draw.legend")
	if len(units) > 0 {
		m = combat.ForRuleset("combat.draw.legend", units[0].Ruleset())
	}
	fmt.Fprintf(w, "  %s\n", m.Text(l))
	drawKinds(w, l, units...)
}
