package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/wire"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/unit"
)

func runResolve(ctx context.Context, args []string, e env) error {
	fs := newFlags(e, "resolve", "rearrank resolve --dice 6,3,5,2,4,1 examples/champion-challenge.yaml", "[--dice 6,3,5,...|--seed N] [--json]")
	faces := fs.String("dice", "", "")
	seed := fs.Uint64("seed", 0, "")
	asJSON := fs.Bool("json", false, "")
	path, err := parseFile(fs, args)
	if err != nil {
		return err
	}
	seedSet := flagSet(fs, "seed")
	if seedSet && *faces != "" {
		return usage("cli.resolve.error.dice_and_seed")
	}
	if path == "-" && *faces == "" && !seedSet {
		return usage("cli.resolve.error.stdin")
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
			return usage("cli.error.at", "resolve: --dice", errArg(err))
		}
		scripted = dice.NewScripted(fv...)
		r = scripted
	case seedSet:
		r = dice.NewSeeded(*seed)
	case e.tty:
		r = &prompter{in: in, out: e.stderr, lang: e.lang}
	default:
		return usage("cli.resolve.error.no_dice")
	}
	rec := dice.NewRecorder(r)
	var ch unit.Chooser
	if e.tty {
		ch = &owner{in: in, out: e.stderr, lang: e.lang, rs: u.Ruleset()}
	}
	res, err := referee.ResolveWith(u, attacks, rec, ch)
	if err != nil {
		if errors.Is(err, dice.ErrOutOfDice) || errors.Is(err, dice.ErrBadFace) {
			return usageError{Err: msg.Errorf(err, "cli.error.at", "resolve: --dice", errArg(err))}
		}
		return err
	}
	if scripted != nil && scripted.Remaining() > 0 {
		e.note(msg.New("cli.resolve.dice_left", scripted.Remaining(), fmt.Sprint(scripted.Faces()[scripted.Used():]), scripted.Used()))
	}
	if *asJSON {
		return writeJSON(e.stdout, wire.ResolutionOf(res, rec.Faces()))
	}
	printResolve(e.stdout, res, rec.Faces(), e.lang)
	return nil
}

// prompter asks a person for each die at the terminal.
type prompter struct {
	in   *bufio.Reader
	out  io.Writer
	lang msg.Lang
}

func (p *prompter) Roll(sides int) int {
	f, err := p.Ask(sides, "")
	if err != nil {
		return 1
	}
	return f
}

// Ask prompts until it gets a face in 1..sides; end of input is an error.
func (p *prompter) Ask(sides int, what string) (int, error) { return p.ask(sides, what) }

// AskMsg implements dice.MsgAsker: Ask with what said in the person's
// language.
func (p *prompter) AskMsg(sides int, what msg.Message) (int, error) { return p.ask(sides, what) }

// ask is Ask and AskMsg: what is a string or a message.
func (p *prompter) ask(sides int, what any) (int, error) {
	for {
		fmt.Fprint(p.out, msg.New("cli.prompt.die", sides, what).Text(p.lang))
		line, err := p.in.ReadString('\n')
		line = strings.TrimSpace(line)
		if line == "" && err != nil {
			return 0, msg.Errorf(dice.ErrOutOfDice, "cli.prompt.ended", what)
		}
		f, convErr := strconv.Atoi(line)
		if convErr == nil && f >= 1 && f <= sides {
			return f, nil
		}
		fmt.Fprintf(p.out, "  %s\n", msg.New("cli.prompt.want_number", sides).Text(p.lang))
		if err != nil {
			return 0, msg.Errorf(dice.ErrOutOfDice, "cli.prompt.ended", what)
		}
	}
}

// manyLines is the most steps of one stage printResolve lists one by one.
const manyLines = 60

// unitName is how the output calls the target: its name, or "the
// warrior" (skirmish, RULES.md 13) or "the unit" when it has none.
func unitName(u *rearrank.Unit) msg.Message {
	switch {
	case u.Name() != "":
		return msg.New("cli.text", u.Name())
	case u.Fighter() != nil:
		return msg.New("cli.name.warrior")
	}
	return msg.New("cli.name.unit")
}

func printResolve(w io.Writer, res *referee.Result, faces []int, l msg.Lang) {
	say := func(id msg.ID, args ...any) { fmt.Fprintln(w, msg.New(id, args...).Text(l)) }
	used := any(msg.New("combat.round.no_dice"))
	if len(faces) > 0 {
		used = joinInts(faces)
	}
	say("cli.resolve.header", res.Before.Ruleset().String(), unitName(res.Before), used)
	fmt.Fprintln(w)
	say("cli.resolve.before")
	if f := res.Before.Fighter(); f != nil {
		printWarrior(w, f, l)
	} else {
		drawFormationIn(w, res.Before.Ranks(), nil, l)
	}
	fmt.Fprintln(w)
	// A stage of more than manyLines steps (a batch of 5,000 attacks) is
	// summarised by its faces instead of printed die by die.
	runs := referee.StageRuns(res.Events)
	run, at := 0, 0 // the run of the next event and its place in it
	for _, e := range res.Events {
		switch e.Kind {
		case rearrank.BatchStart:
			fmt.Fprintf(w, "== %s\n", e.TextIn(l))
			continue
		case rearrank.BatchEnd:
			fmt.Fprintf(w, "   -> %s\n\n", e.TextIn(l))
			continue
		}
		r := &runs[run]
		switch {
		case len(r.Events) <= manyLines:
			fmt.Fprintf(w, "   %s\n", e.StringIn(l, res.Before.Ruleset()))
		case at == 0:
			fmt.Fprintf(w, "   %-9s %s", referee.StageLabelIn(r.Stage, r.Reroll, l)+":", r.SummaryIn(l))
			if r.Dice > 0 {
				fmt.Fprint(w, msg.New("cli.resolve.faces", r.Faces()).Text(l))
			}
			fmt.Fprintln(w)
			if others := r.OthersIn(l); others != "" && r.Dice > 0 {
				fmt.Fprintf(w, "             %s\n", msg.New("cli.resolve.others", others).Text(l))
			}
		}
		if at++; at == len(r.Events) {
			run, at = run+1, 0
		}
	}
	t := res.Tally
	if f := res.After.Fighter(); f != nil {
		// skirmish: one warrior, no formation, no panic (RULES.md 13)
		say("cli.resolve.after_warrior", t.Wounds, t.Unsaved)
		printWarrior(w, f, l)
		return
	}
	fmt.Fprint(w, msg.New("cli.resolve.after", t.Casualties, t.Wounds, t.Unsaved).Text(l))
	if s := res.WastedTextIn(l); s != "" {
		fmt.Fprintf(w, ", %s", s)
	}
	if s := res.StrengthTextIn(l); s != "" {
		// tow (RULES.md 22.9, 22.10): what the combat result and a failed panic test read
		fmt.Fprintf(w, "; %s", s)
	}
	fmt.Fprintln(w)
	after := res.After.Ranks()
	drawFormationIn(w, after, nil, l)
	if gone := fallen(res.Before.Ranks(), after); len(gone) > 0 {
		// Slides and repairs refill the slots the dead left, so the
		// formation after cannot show where they stood: the one before can
		// (a destroyed unit's too).
		say("cli.resolve.removed")
		drawFormationIn(w, res.Before.Ranks(), gone, l)
	}
	drawLegendIn(w, l, res.Before)
	if o := res.OutcomeIn(l); o != "" {
		fmt.Fprintln(w, o)
	}
}

// printWarrior says how a skirmish warrior stands (RULES.md 13).
func printWarrior(w io.Writer, f *unit.Model, l msg.Lang) {
	status := msg.New(msg.ID("cli.warrior.status." + f.Skirmish.Status.String()))
	fmt.Fprintf(w, "  %s", msg.New("cli.warrior.left", status, max(0, f.W-f.Damage), f.W).Text(l))
	if f.Skirmish.Disarmed {
		fmt.Fprint(w, msg.New("cli.warrior.disarmed").Text(l))
	}
	if f.Skirmish.CannotFight {
		fmt.Fprint(w, msg.New("cli.warrior.cannot_fight").Text(l))
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

// joinInts writes faces as the command line takes them, "6,3,5"; callers
// say "none" for no faces in their reader's language.
func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// drawFormationIn draws a formation rank by rank, front rank first, with
// . for an empty slot and x for the models in gone, its words in
// language l.
func drawFormationIn(w io.Writer, ranks [][]unit.Cell, gone map[int]bool, l msg.Lang) {
	front := msg.New("combat.draw.front").Text(l)
	blank := strings.Repeat(" ", utf8.RuneCountInString(front))
	for r, rank := range ranks {
		label := blank
		if r == 0 {
			label = front
		}
		fmt.Fprintf(w, "  %s [%s]\n", label, strings.Join(abbreviate(rankCells(rank, gone), rankWidth, l), " "))
	}
	if len(ranks) == 0 {
		fmt.Fprintf(w, "  %s\n", msg.New("combat.draw.no_models").Text(l))
	}
}

// formationLine writes a formation on one line, "[R R R] / [R R]", each
// rank abbreviated as drawFormationIn does.
func formationLine(ranks [][]unit.Cell, l msg.Lang) string {
	if len(ranks) == 0 {
		return "[]"
	}
	out := make([]string, len(ranks))
	for r, rank := range ranks {
		out[r] = "[" + strings.Join(abbreviate(rankCells(rank, nil), rankWidth, l), " ") + "]"
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
func abbreviate(cells []string, width int, l msg.Lang) []string {
	if runes(strings.Join(cells, " ")) <= width {
		return cells
	}
	var out []string
	for keep := (width - 16) / 4; keep >= 2; keep-- { // cells kept at each end
		out = abbreviateKeeping(cells, keep, l)
		if runes(strings.Join(out, " ")) <= width {
			break
		}
	}
	return out
}

// abbreviateKeeping is abbreviate keeping keep cells at each end.
func abbreviateKeeping(cells []string, keep int, l msg.Lang) []string {
	if len(cells) <= 2*keep+1 {
		return cells
	}
	out := append([]string(nil), cells[:keep]...)
	hidden := 0
	flush := func() {
		if hidden > 0 {
			out = append(out, msg.New("cli.draw.more", hidden).Text(l))
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

// drawKinds prints, once each, the letters the units draw beyond the
// roles' (unit.Legend): "I infantry (T4, W2)".
func drawKinds(w io.Writer, l msg.Lang, units ...*rearrank.Unit) {
	var seen []string
	for _, u := range units {
		for _, m := range u.Legend() {
			if s := m.Text(l); !slices.Contains(seen, s) {
				seen = append(seen, s)
				fmt.Fprintf(w, "  %s\n", s)
			}
		}
	}
}
