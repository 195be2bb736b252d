package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rearrank/rearrank/armylist"
	"github.com/rearrank/rearrank/matrix"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// runMatrix computes my units against theirs (docs/matrix.md): MINE and
// THEIRS are each a list file, a scenario file (one unit: its target and
// its attacks), a file of units ({"units": [...]}, as POST /api/matrix
// takes a side) or several of them joined with commas. It prints a
// table per fight, rows mine and columns theirs, each cell with the
// decimals it can honestly show; --json the stream's objects as one
// document, --csv a line per cell.
func runMatrix(ctx context.Context, args []string, e env) error {
	fs := newFlags(e, "matrix", "rearrank matrix examples/lists/test-army.json examples/lists/orcs.json")
	fightNames := fs.String("fight", "shooting,charge,charged", "")
	showName := fs.String("show", "mean", "")
	atLeast := fs.Int("at-least", 1, "")
	asJSON := fs.Bool("json", false, "")
	asCSV := fs.Bool("csv", false, "")
	rulesetName := fs.String("ruleset", "", "")
	var sets multiFlag
	fs.Var(&sets, "set", "")
	samples := fs.Int("samples", matrix.DefaultSamples, "")
	maxStates := fs.Int("max-states", 0, "")
	seed := fs.Uint64("seed", 0, "")
	timeout := timeoutFlag(fs)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usage("cli.matrix.error.args", len(pos))
	}
	if *asJSON && *asCSV {
		return usage("cli.matrix.error.json_csv")
	}
	fights, err := matrix.ParseFights(*fightNames)
	if err != nil {
		return usage("cli.error.at", "matrix: --fight", errArg(err))
	}
	show, err := matrix.ParseShow(*showName)
	if err != nil {
		return usage("cli.error.at", "matrix: --show", errArg(err))
	}
	if *atLeast < 1 || *atLeast > scenario.MaxModels {
		return usage("cli.error.at", "matrix: --at-least", msg.New("matrix.error.at_least", *atLeast, scenario.MaxModels))
	}
	if flagSet(fs, "max-states") {
		if err := checkMaxStates(fs, *maxStates); err != nil {
			return err
		}
	}
	if *samples < 100 || *samples > 1_000_000 {
		return usage("cli.matrix.error.samples", *samples)
	}
	var rs rules.Ruleset
	if *rulesetName != "" {
		if rs, err = rules.ParseRuleset(*rulesetName); err != nil {
			return usage("cli.error.at", "matrix: --ruleset", errArg(err))
		}
	}
	set := map[string]string{}
	for _, s := range sets {
		k, v, ok := strings.Cut(s, "=")
		if k, v = strings.TrimSpace(k), strings.TrimSpace(v); !ok || k == "" || v == "" {
			return usage("cli.matrix.error.set", strconv.Quote(s))
		}
		set[k] = v
	}
	mine, err := readSide(pos[0], rs, set, e)
	if err != nil {
		return err
	}
	theirs, err := readSide(pos[1], rs, set, e)
	if err != nil {
		return err
	}
	for _, s := range []struct {
		which string
		side  matrix.Side
	}{{"mine", mine}, {"theirs", theirs}} {
		which := msg.New(msg.ID("cli.matrix.side." + s.which))
		for _, lo := range s.side.LeftOut {
			e.note(msg.New("cli.matrix.left_out", which, lo.Name, msg.New("matrix.text", matrix.ErrorText(lo.Why, e.lang))))
		}
		// what the reading of a list's unit assumed, as rearrank import
		// says it
		for _, u := range s.side.Units {
			for _, n := range u.Notes {
				e.note(msg.New("cli.matrix.unit_note", which, u.Name, n))
			}
		}
	}
	m, err := matrix.New(mine, theirs, fights, *atLeast)
	if err != nil {
		return usageError{Err: err}
	}
	ctx, cancel, err := withTimeout(ctx, "matrix", *timeout)
	if err != nil {
		return err
	}
	defer cancel()
	var progress func(done, total int)
	if isTerminal(e.stderr) {
		progress = progressBar(e.stderr, time.Now())
	}
	cells := make([]matrix.Cell, 0, m.Cells())
	sum := m.Run(ctx, matrix.Config{Samples: *samples, Seed: *seed, MaxStates: *maxStates}, func(c matrix.Cell) {
		cells = append(cells, c)
		if progress != nil {
			progress(len(cells), m.Cells())
		}
	})
	if progress != nil && sum.Elapsed >= time.Second {
		fmt.Fprintln(e.stderr)
	}
	order := func(c matrix.Cell) int {
		return (c.Row*len(m.Cols)+c.Col)*len(m.Fights) + slices.Index(m.Fights, c.Fight)
	}
	slices.SortFunc(cells, func(a, b matrix.Cell) int { return order(a) - order(b) })
	switch {
	case *asJSON:
		err = writeMatrixJSON(e.stdout, m, mine, theirs, cells, sum, e.lang)
	case *asCSV:
		err = writeMatrixCSV(e.stdout, m, cells, e.lang)
	default:
		printMatrix(e.stdout, m, cells, show, e.lang)
	}
	if err != nil {
		return err
	}
	if sum.Panic != nil {
		return sum.Panic
	}
	if sum.NotDone > 0 {
		return stopped(msg.Errorf(ctx.Err(), "cli.matrix.not_done", sum.NotDone, m.Cells()), *timeout)
	}
	return nil
}

// readSide reads MINE or THEIRS: files joined with commas, each a list
// file, a scenario file or a file of units, their units in order.
func readSide(arg string, rs rules.Ruleset, set map[string]string, e env) (matrix.Side, error) {
	var side matrix.Side
	var names []string
	for path := range strings.SplitSeq(arg, ",") {
		path = strings.TrimSpace(path)
		if path == "" {
			return side, usage("cli.matrix.error.empty_path", strconv.Quote(arg))
		}
		data, err := readMatrixFile(path, e.stdin)
		if err != nil {
			return side, usageError{Err: err}
		}
		s, err := sideOf(path, data, rs, set, e)
		if err != nil {
			return side, usageError{Err: err}
		}
		side.Units = append(side.Units, s.Units...)
		side.LeftOut = append(side.LeftOut, s.LeftOut...)
		name := s.Name
		if name == "" {
			name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		}
		names = append(names, name)
	}
	side.Name = strings.Join(names, ", ")
	return side, nil
}

// readMatrixFile reads a file of MINE or THEIRS, at most a list file's
// limit (armylist.MaxInput), "-" for stdin.
func readMatrixFile(path string, stdin io.Reader) ([]byte, error) {
	data, err := readUpTo(path, stdin, armylist.MaxInput)
	if err != nil {
		return nil, err
	}
	if len(data) > armylist.MaxInput {
		return nil, msg.Errorf(armylist.ErrUnsafe, "armylist.error.too_large", path, armylist.MaxInput>>20)
	}
	return data, nil
}

// sideOf reads one file: a file of units (its top level has units), a
// scenario file (ruleset, attacks, target) or else a list file.
func sideOf(path string, data []byte, rs rules.Ruleset, set map[string]string, e env) (matrix.Side, error) {
	keys, _ := scenario.TopFields(data)
	isScenario := slices.Contains(keys, "target") || slices.Contains(keys, "attacks")
	switch {
	case slices.Contains(keys, "units"):
		return matrix.ReadSide(path, data)
	case isScenario:
		f, notes, err := scenario.LoadLists(path, data, scenario.DirLists(listDir(path)))
		if err != nil {
			return matrix.Side{}, err
		}
		for _, n := range notes {
			e.note(n)
		}
		return matrix.Side{Units: []matrix.Unit{matrix.FromFile(f)}}, nil
	}
	l, err := armylist.Read(path, strings.NewReader(string(data)))
	if err != nil {
		return matrix.Side{}, err
	}
	return matrix.ListSide(l, rs, set), nil
}

// matrixDoc is --json: the stream's objects as one document.
type matrixDoc struct {
	Start matrix.StartJSON  `json:"start"`
	Cells []matrix.CellJSON `json:"cells"`
	End   matrix.EndJSON    `json:"end"`
}

func writeMatrixJSON(w io.Writer, m *matrix.Matrix, mine, theirs matrix.Side, cells []matrix.Cell, sum matrix.Summary, l msg.Lang) error {
	doc := matrixDoc{Start: matrix.Start(m, mine, theirs, l), Cells: make([]matrix.CellJSON, len(cells)), End: matrix.End(sum)}
	for i, c := range cells {
		doc.Cells[i] = c.JSON(l)
	}
	return writeJSON(w, doc)
}

// csvHeader is --csv's first line: a cell's fields, its values by their
// JSON names.
var csvHeader = []string{"row", "col", "fight", "method", "samples", "digits", "half_width",
	"mean", "p_at_least", "p_destroy", "p_panic", "p_win", "p_draw", "p_lose", "p_they_break", "p_we_break", "mean_result", "why", "error"}

func writeMatrixCSV(w io.Writer, m *matrix.Matrix, cells []matrix.Cell, l msg.Lang) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	num := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
	for _, c := range cells {
		j := c.JSON(l)
		rec := make([]string, len(csvHeader))
		rec[0], rec[1], rec[2], rec[3] = m.Rows[c.Row].Name, m.Cols[c.Col].Name, c.Fight.String(), c.Method.String()
		if j.Samples > 0 {
			rec[4] = strconv.Itoa(j.Samples)
		}
		if j.Digits != nil {
			rec[5] = strconv.Itoa(*j.Digits)
		}
		if j.HalfWidth > 0 {
			rec[6] = num(j.HalfWidth)
		}
		if v := j.Values; v != nil {
			for i, p := range []*float64{v.Mean, v.PAtLeast, v.PDestroy, v.PPanic, v.PWin, v.PDraw, v.PLose, v.PTheyBreak, v.PWeBreak, v.MeanResult} {
				if p != nil {
					rec[7+i] = num(*p)
				}
			}
		}
		rec[17] = j.Why
		if j.Error != nil {
			rec[18] = j.Error.Code + ": " + j.Error.Message
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// shown is what a table shows of a cell: its value in the reader's
// words, a probability as a percentage, each with the decimals the cell
// can honestly show (a percentage two fewer than its fraction).
func shown(c matrix.Cell, show matrix.Show, l msg.Lang) string {
	v := c.Values
	prob := func(p float64) string {
		return msg.New("cli.matrix.percent", msg.Dec{V: 100 * p, Places: max(c.Digits-2, 0)}).Text(l)
	}
	num := func(f float64) string { return msg.Dec{V: f, Places: c.Digits}.Text(l) }
	if c.Fight == matrix.Shooting {
		switch show {
		case matrix.ShowDestroy:
			return prob(v.PDestroy)
		case matrix.ShowBreak:
			if !v.HasPanic {
				return "-"
			}
			return prob(v.PPanic)
		case matrix.ShowWin:
			return prob(v.PAtLeast)
		}
		return num(v.Mean)
	}
	switch show {
	case matrix.ShowDestroy, matrix.ShowBreak:
		return prob(v.PTheyBreak)
	case matrix.ShowWin:
		return prob(v.PWin)
	}
	return msg.Dec{V: v.MeanResult, Places: min(c.Digits, 2)}.Text(l)
}

// showTitle is a table's title: the fight and what its cells show.
func showTitle(f matrix.Fight, show matrix.Show, atLeast int) msg.Message {
	if f == matrix.Shooting {
		return msg.New(msg.ID("cli.matrix.show.shooting."+show.String()), atLeast)
	}
	return msg.New(msg.ID("cli.matrix.show.combat."+show.String()), msg.New(msg.ID("cli.matrix.fight."+f.String())))
}

// printMatrix prints a table per fight: row names down, column names
// across, then what the marks mean and the cells that could not be
// computed.
func printMatrix(w io.Writer, m *matrix.Matrix, cells []matrix.Cell, show matrix.Show, l msg.Lang) {
	byID := map[[3]int]matrix.Cell{}
	for _, c := range cells {
		byID[[3]int{c.Row, c.Col, int(c.Fight)}] = c
	}
	nameW := 0
	for _, u := range m.Rows {
		nameW = max(nameW, runes(u.Name))
	}
	var failed []string
	said := map[[3]string]bool{}
	marks := map[string]bool{}
	for fi, f := range m.Fights {
		if fi > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w, showTitle(f, show, m.AtLeast).Text(l))
		text := make([][]string, len(m.Rows))
		colW := make([]int, len(m.Cols))
		for j, u := range m.Cols {
			colW[j] = runes(u.Name)
		}
		for i := range m.Rows {
			text[i] = make([]string, len(m.Cols))
			for j := range m.Cols {
				c, ok := byID[[3]int{i, j, int(f)}]
				var s string
				switch {
				case !ok:
					s, marks["?"] = "?", true
				case c.Method == matrix.MethodNone:
					s, marks["-"] = "-", true
				case c.Method == matrix.MethodError:
					s, marks["!"] = "!", true
					// Once a pair and message: units of two rulesets meet
					// in no fight.
					why := matrix.ErrorText(c.Err, l)
					if key := [3]string{m.Rows[i].Name, m.Cols[j].Name, why}; !said[key] {
						said[key] = true
						failed = append(failed, msg.New("cli.matrix.cell_error", m.Rows[i].Name, m.Cols[j].Name, msg.New("matrix.text", why)).Text(l))
					}
				default:
					s = shown(c, show, l)
					if c.Method == matrix.MethodSampled {
						s += "~"
						marks["~"] = true
					}
				}
				text[i][j] = s
				colW[j] = max(colW[j], runes(s))
			}
		}
		fmt.Fprintf(w, "  %-*s", nameW, "")
		for j, u := range m.Cols {
			fmt.Fprintf(w, "  %*s", colW[j]+len(u.Name)-runes(u.Name), u.Name)
		}
		fmt.Fprintln(w)
		for i, u := range m.Rows {
			fmt.Fprintf(w, "  %-*s", nameW+len(u.Name)-runes(u.Name), u.Name)
			for j := range m.Cols {
				fmt.Fprintf(w, "  %*s", colW[j]+len(text[i][j])-runes(text[i][j]), text[i][j])
			}
			fmt.Fprintln(w)
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, msg.New("cli.matrix.legend.rows").Text(l))
	fmt.Fprintln(w, msg.New("cli.matrix.legend.exact", matrix.ExactDigits).Text(l))
	for _, k := range []string{"~", "-", "!", "?"} {
		if marks[k] {
			fmt.Fprintln(w, msg.New(msg.ID("cli.matrix.legend."+map[string]string{"~": "sampled", "-": "none", "!": "error", "?": "not_done"}[k])).Text(l))
		}
	}
	for _, s := range failed {
		fmt.Fprintln(w, s)
	}
}
