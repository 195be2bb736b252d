package web

import (
	"math/big"
	"net/url"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestComparePageVariants sets three profiles against each other on the
// compare tab without JavaScript: the variants are repeated form fields.
// 10 attacks hit on 4+ (1/2). S4 wounds T3 on 3+ and light armour and a
// shield save on 6+ (RULES.md 6.1, 7.1): 10 x 1/2 x 2/3 x 5/6 = 25/9. S6
// wounds on 2+ and leaves no save: 10 x 1/2 x 5/6 = 25/6. S3 wounds on 4+
// against a 5+ save: 10 x 1/2 x 1/2 x 2/3 = 5/3.
func TestComparePageVariants(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	q := with(spearmenQuery(), "tab", "compare")
	q.Set("vl1", "Great weapons")
	q.Set("v1", "attacks[0].strength=6")
	q.Set("v2", "attacks[0].strength=3") // no label: the browser leaves vl2 out
	w := do(t, h, "GET", "/?"+q.Encode(), "", "")
	if w.Code != 200 {
		t.Fatalf("status %d", w.Code)
	}
	body := w.Body.String()
	for _, want := range []string{
		`<th scope="col">As in the form</th><th scope="col">Great weapons</th><th scope="col">Variant 2</th>`,
		`<th scope="row">Expected casualties</th><td title="exactly 25/9" data-exact="25/9">2.778</td><td title="exactly 25/6" data-exact="25/6" class="diff up">4.167 <span class="change">&#9650; &#43;1.389</span></td><td title="exactly 5/3" data-exact="5/3" class="diff down">1.667 <span class="change">&#9660; -1.111</span></td>`,
		`id="chart-compare-exactly"`, `id="chart-compare-at-least"`,
		// the rows come back for editing, with an empty one for a new variant
		`id="v-1" name="v1" value="attacks[0].strength=6"`, `id="v-3" name="v3" value=""`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the compare tab lacks %s", want)
		}
	}
	if n := strings.Count(body, `<g class="series"`); n != 6 {
		t.Errorf("%d series in the two charts, want 3 each", n)
	}

	// A variant that does not load shows its error in its column.
	q.Set("v1", "attacks[0].strenght=6")
	body = do(t, h, "GET", "/?"+q.Encode(), "", "").Body.String()
	if !strings.Contains(body, `has no field &#34;strenght&#34; (did you mean &#34;strength&#34;?)`) {
		t.Errorf("a bad path is not named on the page")
	}

	// Seven columns are too many.
	q = with(spearmenQuery(), "tab", "compare")
	q["cmp"] = []string{"battleaxe", "whfb8", "t9a", "t9a1-ru"}
	q.Set("v1", "attacks[0].strength=5")
	q.Set("v2", "attacks[0].strength=6")
	q.Set("v3", "attacks[0].strength=3")
	if got := decode[ErrorBody](t, do(t, h, "GET", "/results?"+q.Encode(), "", ""), 400); got.Field != "v" {
		t.Errorf("seven columns: %+v", got)
	}
}

// TestCompareDuplicate: the duplicate buttons fill a new variant row with
// the group's values, ready to be changed.
func TestCompareDuplicate(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for _, c := range []struct{ dup, want string }{
		{"a0", "attacks[0].count=10, attacks[0].to_hit=4+, attacks[0].strength=4"},
		{"t", "target.models=20, target.frontage=5, target.toughness=3, target.armour=light, target.shield=true"},
	} {
		// t9a's armour_value, typed before the ruleset became whfb8, is not
		// the target's.
		q := with(spearmenQuery(), "tab", "compare", "dup", c.dup, "t.armour_value", "3")
		w := do(t, h, "GET", "/?"+q.Encode(), "", "")
		loc, err := url.Parse(w.Header().Get("Location"))
		if w.Code != 303 || err != nil {
			t.Fatalf("dup=%s: status %d, Location %q", c.dup, w.Code, w.Header().Get("Location"))
		}
		f := parseForm(loc.Query())
		if len(f.Variants) != 1 || !strings.HasPrefix(f.Variants[0].Changes, c.want) || strings.Contains(f.Variants[0].Changes, "armour_value") {
			t.Errorf("dup=%s: %+v, want changes starting %q", c.dup, f.Variants, c.want)
		}
	}
}

func TestCompareFormRoundTrip(t *testing.T) {
	q := with(spearmenQuery(), "tab", "compare")
	q.Set("vl1", "A")
	q.Set("v1", "attacks[0].strength=5")
	q.Set("v3", "target.armour=heavy, target.shield=false") // row 2 cleared: the rows close up
	f := parseForm(q)
	if len(f.Variants) != 2 || f.Variants[1].Changes != "target.armour=heavy, target.shield=false" {
		t.Fatalf("variants: %+v", f.Variants)
	}
	if back := parseForm(f.values()); !reflect.DeepEqual(f, back) {
		t.Errorf("round trip:\n%+v\n%+v", f, back)
	}
}

// TestCompareChartGolden draws two binomials of RULES.md 16.7 E85's chain:
// 20 shots removing a model with chance 5/18 against 1/6.
func TestCompareChartGolden(t *testing.T) {
	p := mustPages()
	series := []chartSeries{
		{Label: "Crossbows", Colour: seriesColours[0], Dist: binomial(20, big.NewRat(5, 18))},
		{Label: "Bows", Colour: seriesColours[1], Dash: seriesDashes[1], Dist: binomial(20, big.NewRat(1, 6))},
	}
	exactly := string(p.render("multichart", multiChart("chart-compare-exactly", "Exactly N casualties", "casualties", series, false)))
	atLeast := string(p.render("multichart", multiChart("chart-compare-at-least", "At least N casualties", "casualties", series, true)))
	golden(t, "chart-compare-exactly.svg", exactly)
	golden(t, "chart-compare-at-least.svg", atLeast)
	// Every point carries its exact chance: P(exactly 0) = (13/18)^20 for
	// the crossbows.
	if want := `data-n="0" data-exact="` + pow(big.NewRat(13, 18), 20).RatString() + `"`; !strings.Contains(exactly, want) {
		t.Errorf("the first point lacks %s", want)
	}
	// No text below 12 px (issue 15 item 4).
	for _, m := range regexp.MustCompile(`font-size="([0-9.]+)"`).FindAllStringSubmatch(exactly+atLeast, -1) {
		if n, _ := strconv.ParseFloat(m[1], 64); n < 12 {
			t.Errorf("font-size %s", m[1])
		}
	}
}
