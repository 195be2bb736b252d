package web

import (
	"html"
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
		// a variant without a name is named for what it changes
		`<th scope="col">As in the form</th><th scope="col">Great weapons</th><th scope="col">Attack group 1: Strength 3</th>`,
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

	// Eight columns are too many.
	q = with(spearmenQuery(), "tab", "compare")
	q["cmp"] = []string{"battleaxe", "whfb8", "t9a", "t9a1-ru"}
	q.Set("v1", "attacks[0].strength=5")
	q.Set("v2", "attacks[0].strength=6")
	q.Set("v3", "attacks[0].strength=3")
	q.Set("v4", "attacks[0].strength=2")
	if got := decode[ErrorBody](t, do(t, h, "GET", "/results?"+q.Encode(), "", ""), 400); got.Field != "v" {
		t.Errorf("eight columns: %+v", got)
	}
}

// TestCompareDuplicate: the duplicate buttons add a variant with its own
// form, prefilled from the main form, and what that form submits without
// JavaScript comes back as today's v<N> changes: only the fields that
// differ from the main form, after what its text says of other fields.
func TestCompareDuplicate(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	// t9a's armour_value, typed before the ruleset became whfb8, is not
	// the target's.
	q := with(spearmenQuery(), "tab", "compare", "t.armour_value", "3")
	for _, dup := range []string{"a0", "t"} {
		w := do(t, h, "GET", "/?"+with(q, "dup", dup).Encode(), "", "")
		loc, err := url.Parse(w.Header().Get("Location"))
		if w.Code != 303 || err != nil {
			t.Fatalf("dup=%s: status %d, Location %q", dup, w.Code, w.Header().Get("Location"))
		}
		q = loc.Query()
	}
	f := parseForm(q)
	// No name: the column is named for what the variant changes.
	want := []variantForm{{Parts: []string{"a0"}}, {Parts: []string{"t"}}}
	if !reflect.DeepEqual(f.Variants, want) || q.Get("vp1") != "a0" || q.Get("vp2") != "t" {
		t.Fatalf("after two duplicates: %+v from %s", f.Variants, q.Encode())
	}
	body := do(t, h, "GET", "/?"+q.Encode(), "", "").Body.String()
	for _, want := range []string{
		`<legend>Attack group 1, in variant 1</legend>`, `<legend>Target unit, in variant 2</legend>`,
		`id="v1-a0-strength" name="v1.a0.strength" value="4"`, `id="v2-t-toughness" name="v2.t.toughness" value="3"`,
		`name="vdel" value="2"`, `<label for="v2-t-shield">Shield</label>`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the variants' forms lack %s", want)
		}
	}
	if strings.Contains(body, `name="v1.t.`) || strings.Contains(body, `name="v2.a0.`) {
		t.Error("a variant shows the fields of a part it did not duplicate")
	}

	// Submit the page as a browser does, after changing strength to 6 in
	// variant 1, and the armour to heavy and no champion in
	// variant 2, whose text also holds a switch.
	sub := submission(body)
	sub.Set("v1.a0.strength", "6")
	sub.Set("v2.t.armour", "heavy")
	sub.Del("v2.t.champion")
	sub.Set("v2", "target.toughness=5, mw_cap=remaining")
	f = parseForm(sub)
	if len(f.Variants) != 2 || f.Variants[0].Changes != "attacks[0].strength=6" ||
		f.Variants[1].Changes != "mw_cap=remaining, target.armour=heavy, target.command=[musician, standard]" {
		t.Fatalf("the forms submitted %+v", f.Variants)
	}
	// The link is today's: the changes, and vp<N> only where they do not
	// name the part. The page sends the browser there.
	link := f.values()
	if w := do(t, h, "GET", "/?"+sub.Encode(), "", ""); w.Code != 303 || w.Header().Get("Location") != "/?"+link.Encode() {
		t.Errorf("the forms' submission: %d to %s, want the link %s", w.Code, w.Header().Get("Location"), link.Encode())
	}
	if link.Get("v1") != "attacks[0].strength=6" || link.Has("vp1") || link.Has("v1.a0.strength") {
		t.Errorf("the link: %s", link.Encode())
	}
	// S6 wounds T3 on 2+ with no save: 10 x 1/2 x 5/6 = 25/6. Against
	// heavy armour and a shield S4 leaves a 5+ save: 10 x 1/2 x 2/3 x
	// 2/3 = 20/9 (RULES.md 6.1, 7.1).
	body = do(t, h, "GET", "/?"+link.Encode(), "", "").Body.String()
	for _, want := range []string{`data-exact="25/6"`, `data-exact="20/9"`, `id="v2-t-armour"`, `<option value="heavy" selected>`} {
		if !strings.Contains(body, want) {
			t.Errorf("the compared variants lack %s", want)
		}
	}
	if strings.Contains(body, `class="error-inline"`) {
		t.Error("a variant's column shows an error")
	}

	// Six variants at most: a seventh duplicate is not added, and the
	// page says why instead of offering the buttons.
	six := link
	for range 5 {
		six = parseForm(six).duplicate("t").values()
	}
	if f := parseForm(six).duplicate("a0"); len(f.Variants) != maxFormVariants || maxFormVariants != 6 {
		t.Errorf("%d variants after seven duplicates, want 6", len(f.Variants))
	}
	body = do(t, h, "GET", "/?"+six.Encode(), "", "").Body.String()
	if strings.Contains(body, `name="dup"`) || !strings.Contains(body, "Six variants is the most") || !strings.Contains(body, `id="v6-t-toughness"`) {
		t.Error("with six variants the page still offers to duplicate, or lacks the sixth form")
	}

	// Remove variant 1: variant 2 becomes variant 1.
	w := do(t, h, "GET", "/?"+with(link, "vdel", "1").Encode(), "", "")
	loc, _ := url.Parse(w.Header().Get("Location"))
	if f := parseForm(loc.Query()); w.Code != 303 || len(f.Variants) != 1 || !reflect.DeepEqual(f.Variants[0].Parts, []string{"t"}) {
		t.Errorf("removing variant 1: %d %+v", w.Code, f.Variants)
	}
}

// submission is what a browser's GET of the page's form sends: each
// enabled input's name and value, a checkbox only when ticked, a select's
// chosen option.
func submission(page string) url.Values {
	q := url.Values{}
	attr := func(tag, name string) (string, bool) {
		m := regexp.MustCompile(` ` + name + `(="([^"]*)")?[ >]`).FindStringSubmatch(tag)
		if m == nil {
			return "", false
		}
		return html.UnescapeString(m[2]), true
	}
	for _, tag := range regexp.MustCompile(`<input [^>]*>`).FindAllString(page, -1) {
		name, ok := attr(tag, "name")
		_, disabled := attr(tag, "disabled")
		typ, _ := attr(tag, "type")
		_, checked := attr(tag, "checked")
		if !ok || disabled || typ == "file" || typ == "checkbox" && !checked {
			continue
		}
		v, _ := attr(tag, "value")
		q.Add(name, v)
	}
	for _, m := range regexp.MustCompile(`(?s)(<select [^>]*>)(.*?)</select>`).FindAllStringSubmatch(page, -1) {
		name, ok := attr(m[1], "name")
		if _, disabled := attr(m[1], "disabled"); !ok || disabled {
			continue
		}
		opts := regexp.MustCompile(`<option value="([^"]*)"([^>]*)>`).FindAllStringSubmatch(m[2], -1)
		v := opts[0][1]
		for _, o := range opts {
			if strings.HasSuffix(o[2], " selected") {
				v = o[1]
			}
		}
		q.Add(name, html.UnescapeString(v))
	}
	return q
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
