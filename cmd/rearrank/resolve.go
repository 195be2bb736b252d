package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/rearrank/rearrank/internal/wire"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/words"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/unit"
)

func runResolve(ctx context.Context, args []string, e env) error {
	fs := newFlags(e, "resolve", "[--dice 6,3,5,...|--seed N] [--json] FILE",
		"rearrank resolve --dice 6,3,5,2,4,1 examples/champion-challenge.yaml")
	faces := fs.String("dice", "", "the faces you rolled, in the order the steps ask for them (commas or spaces)")
	seed := fs.Uint64("seed", 0, "roll with a seeded generator instead (same seed, same dice)")
	asJSON := fs.Bool("json", false, "print the events and the final unit as JSON")
	path, err := parseFile(fs, args)
	if err != nil {
		return err
	}
	seedSet := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "seed" {
			seedSet = true
		}
	})
	if seedSet && *faces != "" {
		return usagef("resolve: give --dice or --seed, not both")
	}
	if path == "-" && *faces == "" && !seedSet {
		return usagef("resolve: reading the scenario from standard input needs --dice or --seed")
	}
	_, u, attacks, err := loadAsking(path, e, e.tty)
	if err != nil {
		return err
	}
	var r dice.Roller
	var scripted *dice.Scripted
	in := bufio.NewReader(e.stdin) // the dice and the owner's answers, one line each
	switch {
	case *faces != "":
		fv, err := dice.ParseFaces(*faces)
		if err != nil {
			return usagef("resolve: --dice: %v", err)
		}
		scripted = dice.NewScripted(fv...)
		r = scripted
	case seedSet:
		r = dice.NewSeeded(*seed)
	case e.tty:
		r = &prompter{in: in, out: e.stderr}
	default:
		return usagef("resolve: no dice: give --dice 6,3,5,... or --seed N (or run it in a terminal to be asked for each die)")
	}
	rec := dice.NewRecorder(r)
	var ch unit.Chooser
	if e.tty {
		ch = &owner{in: in, out: e.stderr}
	}
	res, err := referee.ResolveWith(u, attacks, rec, ch)
	if err != nil {
		if errors.Is(err, dice.ErrOutOfDice) || errors.Is(err, dice.ErrBadFace) {
			return usagef("resolve: --dice: %v", err)
		}
		return err
	}
	if scripted != nil && scripted.Remaining() > 0 {
		fmt.Fprintf(e.stderr, "rearrank: note: %s left over (%v), the attacks needed %d\n",
			words.Count(scripted.Remaining(), "die", "dice"), scripted.Faces()[scripted.Used():], scripted.Used())
	}
	if *asJSON {
		return writeJSON(e.stdout, wire.ResolutionOf(res, rec.Faces()))
	}
	printResolve(e.stdout, res, rec.Faces())
	return nil
}

// prompter asks a person for each die at the terminal.
type prompter struct {
	in  *bufio.Reader
	out io.Writer
}

func (p *prompter) Roll(sides int) int {
	f, err := p.Ask(sides, "")
	if err != nil {
		return 1
	}
	return f
}

// Ask prompts until it gets a face in 1..sides; end of input is an error.
func (p *prompter) Ask(sides int, what string) (int, error) {
	for {
		fmt.Fprintf(p.out, "D%d for %s: ", sides, what)
		line, err := p.in.ReadString('\n')
		line = strings.TrimSpace(line)
		if line == "" && err != nil {
			return 0, fmt.Errorf("%s: %w: input ended", what, dice.ErrOutOfDice)
		}
		f, convErr := strconv.Atoi(line)
		if convErr == nil && f >= 1 && f <= sides {
			return f, nil
		}
		fmt.Fprintf(p.out, "  want a number from 1 to %d\n", sides)
		if err != nil {
			return 0, fmt.Errorf("%s: %w: input ended", what, dice.ErrOutOfDice)
		}
	}
}

// manyLines is the most steps of one stage printResolve lists one by one.
const manyLines = 60

// unitName is how the output calls the target: its name, or "the
// warrior" (skirmish, RULES.md 13) or "the unit" when it has none.
func unitName(u *rearrank.Unit) string {
	switch {
	case u.Name() != "":
		return u.Name()
	case u.Fighter() != nil:
		return "the warrior"
	}
	return "the unit"
}

func printResolve(w io.Writer, res *referee.Result, faces []int) {
	fmt.Fprintf(w, "%s: %s, dice used: %s\n\nBefore:\n", res.Before.Ruleset(), unitName(res.Before), joinInts(faces))
	if f := res.Before.Fighter(); f != nil {
		printWarrior(w, f)
	} else {
		drawFormation(w, res.Before.Ranks(), nil)
	}
	fmt.Fprintln(w)
	// A stage of more than manyLines steps (a batch of 5,000 attacks) is
	// summarised by its faces instead of printed die by die.
	runs := referee.StageRuns(res.Events)
	run, at := 0, 0 // the run of the next event and its place in it
	for _, e := range res.Events {
		switch e.Kind {
		case rearrank.BatchStart:
			fmt.Fprintf(w, "== %s\n", e.Text)
			continue
		case rearrank.BatchEnd:
			fmt.Fprintf(w, "   -> %s\n\n", e.Text)
			continue
		}
		r := &runs[run]
		switch {
		case len(r.Events) <= manyLines:
			fmt.Fprintf(w, "   %s\n", e)
		case at == 0:
			fmt.Fprintf(w, "   %-9s %s", referee.StageLabel(r.Stage, r.Reroll)+":", r.Summary())
			if r.Dice > 0 {
				fmt.Fprintf(w, " (faces %s)", r.Faces())
			}
			fmt.Fprintln(w)
			if others := r.Others(); others != "" && r.Dice > 0 {
				fmt.Fprintf(w, "             and %s\n", others)
			}
		}
		if at++; at == len(r.Events) {
			run, at = run+1, 0
		}
	}
	t := res.Tally
	if f := res.After.Fighter(); f != nil {
		// skirmish: one warrior, no formation, no panic (RULES.md 13)
		fmt.Fprintf(w, "After: %s caused, %s\n", words.Count(t.Wounds, "wound", "wounds"), words.Count(t.Unsaved, "unsaved", "unsaved"))
		printWarrior(w, f)
		return
	}
	fmt.Fprintf(w, "After: %s, %s caused (combat result), %d unsaved", words.Count(t.Casualties, "casualty", "casualties"), words.Count(t.Wounds, "wound", "wounds"), t.Unsaved)
	if s := res.WastedText(); s != "" {
		fmt.Fprintf(w, ", %s", s)
	}
	if s := res.StrengthText(); s != "" {
		// tow (RULES.md 22.9, 22.10): what the combat result and a failed panic test read
		fmt.Fprintf(w, "; %s", s)
	}
	fmt.Fprintln(w)
	after := res.After.Ranks()
	drawFormation(w, after, nil)
	if gone := fallen(res.Before.Ranks(), after); len(gone) > 0 {
		// Slides and repairs refill the slots the dead left, so the
		// formation after cannot show where they stood: the one before can
		// (a destroyed unit's too).
		fmt.Fprintln(w, "Removed (x), where they stood before:")
		drawFormation(w, res.Before.Ranks(), gone)
	}
	drawLegend(w, res.Before)
	if o := res.Outcome(); o != "" {
		fmt.Fprintln(w, o)
	}
}

// printWarrior says how a skirmish warrior stands (RULES.md 13).
func printWarrior(w io.Writer, f *unit.Model) {
	status := strings.ReplaceAll(f.Skirmish.Status.String(), "_", " ")
	fmt.Fprintf(w, "  %s, %d of %s left", status, max(0, f.W-f.Damage), words.Count(f.W, "wound", "wounds"))
	if f.Skirmish.Disarmed {
		fmt.Fprint(w, ", disarmed")
	}
	if f.Skirmish.CannotFight {
		fmt.Fprint(w, ", may not fight this turn")
	}
	fmt.Fprintln(w)
}

// fallen returns the models of before that are not in after, by ID.
func fallen(before, after [][]unit.Cell) map[int]bool {
	alive := map[int]bool{}
	for _, rank := range after {
		for _, c := range rank {
			if c.Model != nil {
				alive[c.ID] = true
			}
		}
	}
	gone := map[int]bool{}
	for _, rank := range before {
		for _, c := range rank {
			if c.Model != nil && !alive[c.ID] {
				gone[c.ID] = true
			}
		}
	}
	return gone
}

func joinInts(v []int) string {
	if len(v) == 0 {
		return "none"
	}
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// drawFormation draws a formation rank by rank, front rank first, with .
// for an empty slot and x for the models in gone.
func drawFormation(w io.Writer, ranks [][]unit.Cell, gone map[int]bool) {
	drawFormationIn(w, ranks, gone, msg.English)
}

// drawFormationIn is drawFormation with its words in language l.
func drawFormationIn(w io.Writer, ranks [][]unit.Cell, gone map[int]bool, l msg.Lang) {
	front := msg.New("combat.draw.front").Text(l)
	blank := strings.Repeat(" ", utf8.RuneCountInString(front))
	for r, rank := range ranks {
		label := blank
		if r == 0 {
			label = front
		}
		fmt.Fprintf(w, "  %s [%s]\n", label, strings.Join(abbreviate(rankCells(rank, gone), rankWidth), " "))
	}
	if len(ranks) == 0 {
		fmt.Fprintf(w, "  %s\n", msg.New("combat.draw.no_models").Text(l))
	}
}

// formationLine writes a formation on one line, "[R R R] / [R R]", each
// rank abbreviated as drawFormation does.
func formationLine(ranks [][]unit.Cell) string {
	if len(ranks) == 0 {
		return "[]"
	}
	out := make([]string, len(ranks))
	for r, rank := range ranks {
		out[r] = "[" + strings.Join(abbreviate(rankCells(rank, nil), rankWidth), " ") + "]"
	}
	return strings.Join(out, " / ")
}

// rankCells draws one rank's cells: . for an empty slot, x for the models
// in gone.
func rankCells(rank []unit.Cell, gone map[int]bool) []string {
	cells := make([]string, len(rank))
	for f, c := range rank {
		switch {
		case c.Model == nil:
			cells[f] = "."
		case gone[c.ID]:
			cells[f] = "x"
		default:
			cells[f] = cellText(c)
		}
	}
	return cells
}

// screenWidth is the width of the screen the output is laid out for.
const screenWidth = 80

// rankWidth is the most characters a drawn rank takes between its
// brackets: with the label, a line fits an 80-column screen.
const rankWidth = screenWidth - 12

// abbreviate shortens a rank wider than width: its two ends stay, where
// casualties are taken (11.2), and the plain middle becomes "...n more...".
// A middle cell that is not a plain R, such as a removed x, a command model
// or a damaged one, is never hidden.
func abbreviate(cells []string, width int) []string {
	if len(strings.Join(cells, " ")) <= width {
		return cells
	}
	var out []string
	for keep := (width - 16) / 4; keep >= 2; keep-- { // cells kept at each end
		out = abbreviateKeeping(cells, keep)
		if len(strings.Join(out, " ")) <= width {
			break
		}
	}
	return out
}

// abbreviateKeeping is abbreviate keeping keep cells at each end.
func abbreviateKeeping(cells []string, keep int) []string {
	if len(cells) <= 2*keep+1 {
		return cells
	}
	out := append([]string(nil), cells[:keep]...)
	hidden := 0
	flush := func() {
		if hidden > 0 {
			out = append(out, fmt.Sprintf("...%d more...", hidden))
			hidden = 0
		}
	}
	for _, c := range cells[keep : len(cells)-keep] {
		if c == "R" {
			hidden++
			continue
		}
		flush()
		out = append(out, c)
	}
	flush()
	return append(out, cells[len(cells)-keep:]...)
}

// cellText draws a model with the wounds it has lost, its pool's carried
// wounds included (11.1): "R(2)".
func cellText(c unit.Cell) string {
	s := string(c.Letter)
	if n := c.Model.Damage + c.Carried; n > 0 {
		s += fmt.Sprintf("(%d)", n)
	}
	return s
}

// drawLegend prints, once, what the letters of the formations mean: the
// roles', and those the units draw beyond them (troop types of a mixed
// unit, unit.Legend).
func drawLegend(w io.Writer, units ...*rearrank.Unit) {
	fmt.Fprintln(w, "  R rank-and-file  M musician  S standard  C champion  H character  x removed  . empty  (n) damage")
	drawKinds(w, units...)
}

// drawKinds prints, once each, the letters the units draw beyond the
// roles' (unit.Legend): "I infantry (T4, W2)".
func drawKinds(w io.Writer, units ...*rearrank.Unit) {
	var seen []string
	for _, u := range units {
		for _, l := range u.Legend() {
			if !slices.Contains(seen, l) {
				seen = append(seen, l)
				fmt.Fprintf(w, "  %s\n", l)
			}
		}
	}
}
