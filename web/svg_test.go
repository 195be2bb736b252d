package web

import (
	"encoding/xml"
	"flag"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/unit"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata from the output")

// binomial is the distribution of successes in n trials of chance p: the
// number of casualties of n attacks that each remove a model with chance
// p (RULES.md 16.7 E85 works one such chain).
func binomial(n int, p *big.Rat) odds.Dist {
	q := new(big.Rat).Sub(big.NewRat(1, 1), p)
	d := odds.Dist{P: make([]*big.Rat, n+1)}
	for k := 0; k <= n; k++ {
		c := new(big.Rat).SetInt(new(big.Int).Binomial(int64(n), int64(k)))
		c.Mul(c, pow(p, k))
		c.Mul(c, pow(q, n-k))
		d.P[k] = c
	}
	return d
}

func pow(r *big.Rat, n int) *big.Rat {
	out := big.NewRat(1, 1)
	for range n {
		out.Mul(out, r)
	}
	return out
}

// golden compares got with testdata/name, or writes it with -update. It
// also checks that got is well-formed XML, as an SVG file must be.
func golden(t *testing.T, name, got string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(got))
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("%s is not well-formed XML: %v", name, err)
		}
	}
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the output (go test -update to accept it); got:\n%s", path, got)
	}
}

func TestChartGolden(t *testing.T) {
	p := mustPages()
	// 20 crossbow shots that each remove a spearman with chance 5/18
	// (RULES.md 16.7 E85): binomial(20, 5/18), mean 50/9.
	crossbows := binomial(20, big.NewRat(5, 18))
	for _, c := range []struct {
		file  string
		chart barChart
	}{
		{"chart-casualties.svg", distChart("chart-casualties", "Casualties", "casualties", crossbows, false)},
		{"chart-at-least.svg", distChart("chart-at-least", "Casualties", "casualties", crossbows, true)},
		{"chart-few.svg", distChart("chart-few", "Casualties", "casualties", binomial(4, big.NewRat(1, 2)), false)},
		{"chart-many.svg", distChart("chart-many", "Wounds caused", "wounds", binomial(120, big.NewRat(1, 3)), true)},
		{"chart-none.svg", distChart("chart-none", "Casualties", "casualties", odds.Dist{P: []*big.Rat{big.NewRat(1, 1)}}, true)},
	} {
		t.Run(c.file, func(t *testing.T) {
			golden(t, c.file, string(p.render("chart", c.chart)))
		})
	}
}

func TestChartBars(t *testing.T) {
	d := binomial(4, big.NewRat(1, 2))
	c := distChart("x", "t", "casualties", d, false)
	if len(c.Bars) != 5 {
		t.Fatalf("%d bars, want 5", len(c.Bars))
	}
	for i, want := range []string{"1/16", "1/4", "3/8", "1/4", "1/16"} {
		b := c.Bars[i]
		if b.N != i || b.Exact != want || !strings.Contains(b.Title, want) {
			t.Errorf("bar %d: n %d exact %s title %q, want %s", i, b.N, b.Exact, b.Title, want)
		}
	}
	// The at-least series of binomial(4, 1/2): 15/16, 11/16, 5/16, 1/16
	// for 1 to 4 or more, drawn as a line over the same five bars.
	at := distChart("x", "t", "casualties", d, true)
	if len(at.Bars) != 5 || len(at.Points) != 4 || at.Line == "" {
		t.Fatalf("at least: %d bars, %d points, line %q", len(at.Bars), len(at.Points), at.Line)
	}
	for i, want := range []string{"15/16", "11/16", "5/16", "1/16"} {
		if p := at.Points[i]; p.N != i+1 || p.Exact != want || !strings.Contains(p.Title, want) {
			t.Errorf("point %d: n %d exact %s title %q, want %s", i, p.N, p.Exact, p.Title, want)
		}
	}
	if c.Line != "" || len(c.Points) != 0 {
		t.Errorf("exactly only: an at-least line %q", c.Line)
	}
	many := distChart("x", "t", "wounds", binomial(120, big.NewRat(1, 3)), false)
	if many.Note == "" || len(many.Bars) >= 121 {
		t.Errorf("the tail of binomial(120, 1/3) is drawn: %d bars, note %q", len(many.Bars), many.Note)
	}
}

// A unit of ten with full command and a character, as unit.Snapshot gives
// it: [H R M C S] / [R R R R R] before, and after three casualties from the
// rear and one damaged model. Each model keeps its ID.
func testSnapshots() (before, after unit.Snapshot) {
	r := func(id, dmg int) unit.CellView {
		return unit.CellView{Role: "rank_and_file", Letter: "R", W: 2, Damage: dmg, ID: id}
	}
	cmd := func(id int, role, letter string) unit.CellView {
		return unit.CellView{Role: role, Letter: letter, W: 2, ID: id}
	}
	empty := unit.CellView{Role: "empty", Letter: ".", ID: -1}
	hero := unit.CellView{Role: "character", Letter: "H", Name: "Captain Varn", W: 3, Damage: 1, ID: 10}
	before = unit.Snapshot{Ruleset: "whfb8", Size: 11, Ranks: [][]unit.CellView{
		{hero, r(0, 0), cmd(6, "musician", "M"), cmd(8, "champion", "C"), cmd(7, "standard", "S")},
		{r(1, 0), r(2, 0), r(3, 0), r(4, 0), r(5, 0)},
	}}
	after = unit.Snapshot{Ruleset: "whfb8", Size: 8, Ranks: [][]unit.CellView{
		{hero, r(0, 0), cmd(6, "musician", "M"), cmd(8, "champion", "C"), cmd(7, "standard", "S")},
		{r(1, 1), r(2, 0), empty, empty, empty},
	}}
	return before, after
}

func TestFormationGolden(t *testing.T) {
	p := mustPages()
	before, after := testSnapshots()
	// RULES.md 16.5 E67 as C25 reads it: [H R R R R R R] loses the two at
	// its right end; the formation before marks them.
	hero := unit.CellView{Role: "character", Letter: "H", Name: "Big Boss", W: 2, ID: 6}
	rf := func(id int) unit.CellView { return unit.CellView{Role: "rank_and_file", Letter: "R", W: 1, ID: id} }
	empty := unit.CellView{Role: "empty", Letter: ".", ID: -1}
	slideBefore := unit.Snapshot{Ruleset: "t9a1-ru", Size: 7, Ranks: [][]unit.CellView{{hero, rf(0), rf(1), rf(2), rf(3), rf(4), rf(5)}}}
	slid := unit.Snapshot{Ruleset: "t9a1-ru", Size: 5, Ranks: [][]unit.CellView{{hero, rf(0), rf(1), rf(2), rf(3), empty, empty}}}
	fighter := unit.Snapshot{Ruleset: "skirmish", Size: 1, Ranks: [][]unit.CellView{
		{{Role: "rank_and_file", Letter: "R", Name: "Marksman", W: 1, Status: "knocked_down"}}}}
	wide := unit.Snapshot{Ruleset: "t9a", Size: 600}
	for range 40 {
		rank := make([]unit.CellView, 40)
		for i := range rank {
			rank[i] = unit.CellView{Role: "rank_and_file", Letter: "R", W: 1}
		}
		wide.Ranks = append(wide.Ranks, rank)
	}
	for _, c := range []struct {
		file string
		f    formation
	}{
		{"formation-before.svg", formationDiagram("formation-before", "Before", before, fallenIDs(before, after))},
		{"formation-after.svg", formationDiagram("formation-after", "After", after, nil)},
		{"formation-slide.svg", formationDiagram("formation-slide", "Before", slideBefore, fallenIDs(slideBefore, slid))},
		{"formation-skirmish.svg", formationDiagram("formation-skirmish", "After", fighter, nil)},
		{"formation-large.svg", formationDiagram("formation-large", "Before", wide, nil)},
	} {
		t.Run(c.file, func(t *testing.T) {
			golden(t, c.file, string(p.render("formation", c.f)))
		})
	}
}

func TestFormationMarks(t *testing.T) {
	before, after := testSnapshots()
	f := formationDiagram("x", "Before", before, fallenIDs(before, after))
	shapes := map[string]int{}
	for _, c := range f.Cells {
		shapes[c.Shape]++
	}
	// Three removed, a diamond for the character, circles for the command
	// group, squares for the rank and file left.
	if shapes["removed"] != 3 || shapes["diamond"] != 1 || shapes["circle"] != 3 || shapes["square"] != 3 {
		t.Errorf("shapes %v", shapes)
	}
	for _, c := range f.Cells {
		if c.Role == "character" && (!strings.Contains(c.Title, "Captain Varn") || c.Damage != "1") {
			t.Errorf("character cell: %+v", c)
		}
	}
	if !strings.Contains(f.Desc, "3 removed") {
		t.Errorf("desc %q", f.Desc)
	}
	// RULES.md E68: [M R R R S] loses the two beside M and S, who slide in
	// over them: the marks stand where the two fell (files 2 and 4), not in
	// the slots left empty (files 1 and 5).
	m := unit.CellView{Role: "musician", Letter: "M", W: 1, ID: 5}
	s := unit.CellView{Role: "standard", Letter: "S", W: 1, ID: 6}
	rf := func(id int) unit.CellView { return unit.CellView{Role: "rank_and_file", Letter: "R", W: 1, ID: id} }
	empty := unit.CellView{Role: "empty", Letter: ".", ID: -1}
	was := unit.Snapshot{Ranks: [][]unit.CellView{{m, rf(0), rf(1), rf(2), s}}}
	now := unit.Snapshot{Ranks: [][]unit.CellView{{empty, m, rf(1), s, empty}}}
	var marked []string
	for _, c := range formationDiagram("x", "Before", was, fallenIDs(was, now)).Cells {
		if c.Shape == "removed" {
			marked = append(marked, c.Letter+" "+c.Title)
		}
	}
	want := []string{"R removed: rank and file, W1 (rank 1, file 2)", "R removed: rank and file, W1 (rank 1, file 4)"}
	if strings.Join(marked, "; ") != strings.Join(want, "; ") {
		t.Errorf("marks %q, want %q", marked, want)
	}
}
