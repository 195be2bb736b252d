package web

import (
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
)

// fileName is a name of the scenario file's (by_ruleset, armour_value)
// or a path (attacks[0]) left in a page's words.
var fileName = regexp.MustCompile(`\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|attacks\[[0-9]\]|path=value`)

// visibleText is the text of a page a player reads: no tags, no
// attributes, no scenario file in its text box, no charts.
func visibleText(body string) string {
	for _, re := range []string{`(?s)<textarea.*?</textarea>`, `(?s)<svg.*?</svg>`, `(?s)<datalist.*?</datalist>`, `(?s)<input[^>]*>`, `(?s)<code>.*?</code>`} {
		body = regexp.MustCompile(re).ReplaceAllString(body, "")
	}
	return html.UnescapeString(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(body, "\n"))
}

// TestPageWords: what the page says is in a player's words (issue 26,
// item 11): the switches' hints name their choices as the selects show
// them, the compare tab names its columns by the rulesets' titles and
// its variants by what they change, its notes in the form's labels.
func TestPageWords(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for _, rs := range rules.Rulesets() {
		body := page(t, h, "/?"+with(spearmenQuery(), "ruleset", rs.String()).Encode())
		for _, line := range strings.Split(visibleText(body), "\n") {
			if m := fileName.FindString(line); m != "" {
				t.Errorf("%s: the page says %q: %s", rs, m, strings.TrimSpace(line))
			}
		}
	}
	body := page(t, h, "/?"+spearmenQuery().Encode())
	for _, want := range []string{
		"order of casualties in a rear rank: “by ruleset” is “alternate ends”, and “left to right” in tow",
		"a shield is worth 2 points (“two point shield”: 5+ alone",
		"under “auto wound”, a poisoned hit cannot wound",
	} {
		if !strings.Contains(html.UnescapeString(body), want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if strings.Contains(body, "rearrank odds FILE") || !strings.Contains(body, `<a href="/docs/scenario">scenario file</a>`) {
		t.Errorf("the file's hint names the command line's FILE, or does not link the scenario files' page")
	}
	if yaml := page(t, h, "/?"+url.Values{"yaml": {"ruleset: whfb8\nattacks: [{count: 1, strength: 3, to_hit: 4+}]\ntarget: {models: 5, toughness: 3}\n"}}.Encode()); !strings.Contains(yaml, `(its fields: <a href="/docs/scenario">scenario files</a>)`) {
		t.Errorf("the scenario file's box does not link the scenario files' page")
	}
	// The referee's title names the ruleset by its title.
	for _, tab := range []url.Values{{"seed": {"4"}}, {"staged": {"1"}}} {
		q := with(spearmenQuery(), "tab", "resolve")
		for k, v := range tab {
			q[k] = v
		}
		if b := page(t, h, "/?"+q.Encode()); !strings.Contains(b, `<span class="sub">Warhammer Fantasy Battles, 8th edition,`) {
			t.Errorf("%v: the referee's title does not name Warhammer Fantasy Battles, 8th edition", tab)
		}
	}
	q := with(spearmenQuery(), "tab", "compare", "a0.bs", "3", "a0.to_hit", "", "a0.phase", "shooting")
	q["cmp"] = []string{"whfb8", "t9a", "t9a1-ru"}
	q.Set("v1", "attacks[0].ap=1")
	q.Set("v2", "target.armour_value=2, attacks[0].poison=true")
	q.Set("vl3", "Attack group 1, changed") // an older link's name for a duplicate
	q.Set("v3", "attacks[0].strength=5")
	body = page(t, h, "/?"+q.Encode())
	text := visibleText(body)
	for _, want := range []string{"Warhammer Fantasy Battles, 8th edition", "The 9th Age 1.x (Russian translation)",
		"Attack group 1: AP 1", "Target: Armour 2; Attack group 1: Poisoned Attacks", "Attack group 1: Strength 5",
		"Attack group 1: AP: whfb8 does not read AP", "Target: light armour, shield (5+) carried over as Armour 2 (5+)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the compare tab lacks %s", want)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if m := fileName.FindString(line); m != "" {
			t.Errorf("compare: the page says %q: %s", m, strings.TrimSpace(line))
		}
	}
	for _, bad := range []string{"<th scope=\"col\">whfb8</th>", "<th scope=\"col\">t9a1-ru</th>", ", changed"} {
		if strings.Contains(body, bad) {
			t.Errorf("compare: the page has %s", bad)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"attacks[0].ap=1", "Attack group 1: AP 1"},
		{"attacks[1].multiple_wounds=D3, target.champion.ward=4+", "Attack group 2: Multiple wounds D3; Champion: ward 4+"},
		{"target.command=[musician, standard]", "Target: Command group musician, standard"},
		{"damage_model=pooled", "How wounds on multi-wound models are kept pooled"},
		{"attacks[0].flaming=false", "Attack group 1: Flaming: no"},
	} {
		if got := changesWords(c.in); got != c.want {
			t.Errorf("changesWords(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := noteWords("attacks[0]: bs 3+ carried over as to_hit 3+ (no Ballistic Skill needs it)"); got != "Attack group 1: BS 3+ carried over as To hit 3+ (no Ballistic Skill needs it)" {
		t.Errorf("noteWords: %q", got)
	}
}

// TestPageFractions: an exact value is shown as a fraction only when it
// is short (six digits a side at most); a longer one is the percentage
// with the fraction a tap away, folded (issue 26, item 11: fractions of
// 50 digits).
func TestPageFractions(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"7/2", `<span class="exact">= 7/2</span>`},
		{"999999/1000000", `<details class="exact"><summary>exact value</summary><span>999999/100<wbr>0000</span></details>`},
		{"175200803995503060546875/1062353018033006514536448", `<details class="exact"><summary>exact value</summary><span>1752008039<wbr>9550306054<wbr>6875/10623<wbr>5301803300<wbr>6514536448</span></details>`},
	} {
		if got := string(fractionHTML(c.in, "exact", "= ")); got != c.want {
			t.Errorf("fractionHTML(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	h := testServer(t, Config{}).Handler()
	q := url.Values{"ruleset": {"whfb8"}, "a0.count": {"2D6"}, "a0.to_hit": {"4+"}, "a0.strength": {"4"}, "a0.multiple_wounds": {"D3"},
		"t.models": {"20"}, "t.toughness": {"4"}, "t.wounds": {"3"}}
	body := page(t, h, "/?"+q.Encode())
	for _, want := range []string{`<span class="exact">= 7/2</span>`, `<details class="exact"><summary>exact value</summary><span>179108849/<wbr>201326592</span></details>`,
		`<details class="frac"><summary>exact value</summary>`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if regexp.MustCompile(`>[0-9]{7,}/[0-9]+<`).MatchString(body) || strings.Contains(body, `title="exactly 179108849/201326592"`) {
		t.Errorf("the page shows a long fraction unfolded")
	}
}
