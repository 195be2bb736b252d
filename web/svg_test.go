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
		{"chart-at-least.svg", distChart("chart-at-least", "At least N casualties", "casualties", crossbows, true)},
		{"chart-few.svg", distChart("chart-few", "Casualties", "casualties", binomial(4, big.NewRat(1, 2)), false)},
		{"chart-many.svg", distChart("chart-many", "Wounds caused", "wounds", binomial(120, big.NewRat(1, 3)), false)},
		{"chart-none.svg", distChart("chart-none", "Casualties", "casualties", odds.Dist{P: []*big.Rat{big.NewRat(1, 1)}}, true)},
	} {
		t.Run(c.file, func(t *testing.T) {
			golden(t, c.file, string(p.renderSVG("chart", c.chart)))
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
	at := distChart("x", "t", "casualties", d, true)
	if len(at.Bars) != 4 || at.Bars[0].Exact != "15/16" || at.Bars[3].Exact != "1/16" {
		t.Errorf("at least: %+v", at.Bars)
	}
	many := distChart("x", "t", "wounds", binomial(120, big.NewRat(1, 3)), false)
	if many.Note == "" || len(many.Bars) >= 121 {
		t.Errorf("the tail of binomial(120, 1/3) is drawn: %d bars, note %q", len(many.Bars), many.Note)
	}
}

// A unit of ten with full command and a character, as unit.Snapshot gives
// it: [H R M C S] / [R R R R R] before, and after three casualties and one
// damaged model.
func testSnapshots() (before, after unit.Snapshot) {
	r := func(dmg int) unit.CellView {
		return unit.CellView{Role: "rank_and_file", Letter: "R", W: 2, Damage: dmg}
	}
	cmd := func(role, letter string) unit.CellView { return unit.CellView{Role: role, Letter: letter, W: 2} }
	empty := unit.CellView{Role: "empty", Letter: "."}
	hero := unit.CellView{Role: "character", Letter: "H", Name: "Captain Varn", W: 3, Damage: 1}
	before = unit.Snapshot{Ruleset: "whfb8", Size: 11, Ranks: [][]unit.CellView{
		{hero, r(0), cmd("musician", "M"), cmd("champion", "C"), cmd("standard", "S")},
		{r(0), r(0), r(0), r(0), r(0)},
	}}
	after = unit.Snapshot{Ruleset: "whfb8", Size: 8, Ranks: [][]unit.CellView{
		{hero, r(0), cmd("musician", "M"), cmd("champion", "C"), cmd("standard", "S")},
		{r(1), r(0), empty, empty, empty},
	}}
	return before, after
}

func TestFormationGolden(t *testing.T) {
	p := mustPages()
	before, after := testSnapshots()
	// RULES.md 16.5 E67: [H R R R R R R] loses two; the character slides
	// one slot in: [. H R R R R .].
	hero := unit.CellView{Role: "character", Letter: "H", Name: "Big Boss", W: 2}
	rf := unit.CellView{Role: "rank_and_file", Letter: "R", W: 1}
	empty := unit.CellView{Role: "empty", Letter: "."}
	slideBefore := unit.Snapshot{Ruleset: "t9a1-ru", Size: 7, Ranks: [][]unit.CellView{{hero, rf, rf, rf, rf, rf, rf}}}
	slid := unit.Snapshot{Ruleset: "t9a1-ru", Size: 5, Ranks: [][]unit.CellView{{empty, hero, rf, rf, rf, rf, empty}}}
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
		{"formation-before.svg", formationDiagram("formation-before", "Before", before, nil, nil)},
		{"formation-after.svg", formationDiagram("formation-after", "After", after, &before, []string{"rank_and_file", "rank_and_file", "rank_and_file"})},
		{"formation-slide.svg", formationDiagram("formation-slide", "After", slid, &slideBefore, []string{"rank_and_file", "rank_and_file"})},
		{"formation-skirmish.svg", formationDiagram("formation-skirmish", "After", fighter, &fighter, nil)},
		{"formation-large.svg", formationDiagram("formation-large", "Before", wide, nil, nil)},
	} {
		t.Run(c.file, func(t *testing.T) {
			golden(t, c.file, string(p.renderSVG("formation", c.f)))
		})
	}
}

func TestFormationMarks(t *testing.T) {
	before, after := testSnapshots()
	f := formationDiagram("x", "After", after, &before, nil)
	shapes := map[string]int{}
	for _, c := range f.Cells {
		shapes[c.Shape]++
	}
	// Three removed, a diamond for the character, circles for the command
	// group, squares for the rank and file.
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
	// The character slid into the gap (RULES.md 11.2 step 3): the emptied
	// slot it left shows a removed rank-and-file model, not a character.
	hero := unit.CellView{Role: "character", Letter: "H", W: 2}
	rf := unit.CellView{Role: "rank_and_file", Letter: "R", W: 1}
	empty := unit.CellView{Role: "empty", Letter: "."}
	slid := formationDiagram("x", "After", unit.Snapshot{Ranks: [][]unit.CellView{{empty, hero, rf, empty}}},
		&unit.Snapshot{Ranks: [][]unit.CellView{{hero, rf, rf, rf}}}, []string{"rank_and_file", "rank_and_file"})
	for _, c := range slid.Cells {
		if c.Shape == "removed" && c.Letter != "R" {
			t.Errorf("a removed mark shows %s: %s", c.Letter, c.Title)
		}
	}
}
