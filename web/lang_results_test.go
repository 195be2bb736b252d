package web

import (
	"html"
	"math/big"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/rules"
)

// The results in Russian (issue 25): the odds, the referee, the combat
// and the compare tabs' results, their charts and formation diagrams say
// nothing in Latin script but what is no word of English: names from the
// scenario, dice (D6), codes and field names shown as such, the letters of
// the diagrams and the games' own names in the rulesets' titles.

// engineText is what the page shows of the engine's own sentences, which
// the engine's part of issue 25 turns into messages (Event.TextIn, the
// referee's WastedText, StrengthText and Outcome), and of the rules'
// citations (citeHTML): English until those land, so left out of the
// check. Remove an entry when its text speaks Russian.
var engineText = []*regexp.Regexp{
	regexp.MustCompile(`(?s)<span class="text">.*?</span>`),        // the referee's and the combat round's event lines
	regexp.MustCompile(`(?s)<p class="batch-result">.*?</p>`),      // an attack group's result (a batch_end event)
	regexp.MustCompile(`(?s)<span id="tally-wasted">.*?</span>`),   // referee.Result.WastedText
	regexp.MustCompile(`(?s)<span id="tally-strength">.*?</span>`), // referee.Result.StrengthText
	regexp.MustCompile(`(?s)<span class="outcome">.*?</span>`),     // referee.Result.Outcome
	regexp.MustCompile(`(?s)<span class="rule">.*?</span>`),        // citeHTML: "rules 6.2"
	regexp.MustCompile(`По противнику: [^<]*`),                     // a combat step's batch_end event
	regexp.MustCompile(`(?s)<ul class="notes">.*?</ul>`),           // scenario.File.Translate's notes on the compare tab
}

var (
	scriptOrStyle = regexp.MustCompile(`(?is)<(script|style)\b.*?</(script|style)>`)
	textAttr      = regexp.MustCompile(`\s(?:title|aria-label|placeholder|alt)="([^"]*)"`)
	tag           = regexp.MustCompile(`(?s)<[^>]*>`)
	latinToken    = regexp.MustCompile(`[A-Za-z][A-Za-z0-9_'.+-]*`)
)

// readerText is the text a reader meets in a page or a part of one: its
// text and its titles and labels, without scripts and styles and without
// what skip matches.
func readerText(page string, skip []*regexp.Regexp) string {
	page = scriptOrStyle.ReplaceAllString(page, " ")
	for _, re := range skip {
		page = re.ReplaceAllString(page, " ")
	}
	var b strings.Builder
	for _, m := range textAttr.FindAllStringSubmatch(page, -1) {
		b.WriteString(m[1] + "\n")
	}
	b.WriteString(tag.ReplaceAllString(page, " "))
	return html.UnescapeString(b.String())
}

// allowedLatin reports whether a word in Latin script may stand in
// Russian text: a die (D6, 2D6), a letter (the diagrams' R, M, S, C, H;
// the charts' N and n), a code of a value such as S4 or 4+, a field or
// switch name shown as code (owner_choice), or one of names.
func allowedLatin(w string, names []string) bool {
	w = strings.TrimRight(w, ".-'")
	switch {
	case len(w) <= 1:
		return true
	case regexp.MustCompile(`^[0-9]*D[0-9]+[+]?$`).MatchString(w):
		return true
	case regexp.MustCompile(`^[A-Z][0-9]+[+]?$`).MatchString(w):
		return true
	case strings.Contains(w, "_"):
		return true
	}
	return slices.Contains(names, w)
}

// titleNames are the Latin words of the rulesets' Russian titles: the
// games' own names ("Warhammer Fantasy Battles", "The 9th Age").
func titleNames() []string {
	var out []string
	for _, rs := range rules.Rulesets() {
		out = append(out, latinToken.FindAllString(rs.TitleMsg().Text(msg.Russian), -1)...)
	}
	return out
}

// latinIn returns the words of text in Latin script that allowedLatin
// does not allow.
func latinIn(text string, names []string) []string {
	var out []string
	for _, w := range latinToken.FindAllString(text, -1) {
		if !allowedLatin(w, names) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// checkRussian fails t when what's text has a word in Latin script that
// is not allowed, or a decimal point where Russian writes a comma.
func checkRussian(t *testing.T, what, page string, names ...string) {
	t.Helper()
	text := readerText(page, engineText)
	if w := latinIn(text, append(names, titleNames()...)); len(w) > 0 {
		t.Errorf("%s in Russian has words in Latin script: %q", what, w)
	}
	if m := regexp.MustCompile(`[0-9]+\.[0-9]+ ?%`).FindAllString(text, 5); m != nil {
		t.Errorf("%s in Russian writes a decimal point: %q", what, m)
	}
}

func TestResultsRussian(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	get := func(target string) string {
		t.Helper()
		w := do(t, h, "GET", target, "", "")
		if w.Code != 200 {
			t.Fatalf("%s: status %d: %s", target, w.Code, w.Body.String())
		}
		return w.Body.String()
	}
	q := with(spearmenQuery(), "lang", "ru")

	odds := get("/results?" + q.Encode())
	checkRussian(t, "the odds", odds, "Spearmen")
	contains(t, "the odds", odds, "Шансы", "Ожидаемые потери", "Тест на панику", "Вероятность ровно n потерь", ">ровно N<")
	if !regexp.MustCompile(`[0-9]+,[0-9]{2}%`).MatchString(odds) {
		t.Error("the odds in Russian have no percentage with a decimal comma")
	}

	t9a := get("/results?" + with(q, "ruleset", "t9a", "t.armour", "", "t.armour_value", "2").Encode())
	checkRussian(t, "the odds in t9a", t9a, "Spearmen")
	contains(t, "the odds in t9a", t9a, "Магический спасбросок провален")

	for _, rs := range []string{"skirmish", "tow", "battleaxe"} {
		checkRussian(t, "the odds in "+rs, get("/results?"+with(q, "ruleset", rs).Encode()), "Spearmen")
		checkRussian(t, "the referee in "+rs, get("/results?"+with(q, "ruleset", rs, "tab", "resolve", "seed", "3").Encode()), "Spearmen")
	}

	referee := get("/results?" + with(q, "tab", "resolve", "seed", "7").Encode())
	checkRussian(t, "the referee", referee, "Spearmen")
	contains(t, "the referee", referee, "Судья", "Группа атак 1: на попадание", "Брошенные кубики по порядку:", "ряд 1", "C чемпион")

	staged := get("/?" + with(q, "tab", "resolve", "staged", "1").Encode())
	contains(t, "the staged referee", staged, "Далее: Группа атак 1: на попадание", "Бросьте D6: 10 кубиков, и введите результаты.", "Не меньше 10 кубиков через пробел или запятую.")
	checkRussian(t, "the staged referee's results", resultsPart(staged), "Spearmen")

	cmp := with(q, "tab", "compare")
	cmp["cmp"] = []string{"whfb8", "t9a1-ru"}
	compare := get("/results?" + cmp.Encode())
	checkRussian(t, "the compare tab", compare, "Spearmen")
	contains(t, "the compare tab", compare, "Не меньше 1 потери", "Не меньше 2 потерь", "Ожидаемое число нанесённых ран")
}

// TestCombatRussian: the combat tab in Russian, its form and its results,
// for each example.
func TestCombatRussian(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for _, ex := range exampleNames() {
		w := do(t, h, "GET", "/combat?lang=ru&example="+ex, "", "")
		if w.Code != 200 {
			t.Fatalf("%s: status %d", ex, w.Code)
		}
		page := w.Body.String()
		checkRussian(t, ex+"'s results", resultsPart(page), exampleUnitNames(ex)...)
		contains(t, ex, page, "Кто победит", "Ничья", "Шаг 1:", "Свод правил и натиск", "Рассчитать бой")
	}
}

// exampleUnitNames are the names of an example combat's units, which
// stay as the file writes them.
func exampleUnitNames(example string) []string {
	text, _ := exampleFile(example)
	var out []string
	for _, m := range regexp.MustCompile(`name:\s*([^,}\n]+)`).FindAllStringSubmatch(text, -1) {
		out = append(out, latinToken.FindAllString(m[1], -1)...)
	}
	return out
}

// TestCombatScriptWords: every sentence combat.js says is in the words
// the combat page gives it (jsWords), and in the catalogue.
func TestCombatScriptWords(t *testing.T) {
	js, err := assets.ReadFile("assets/static/combat.js")
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := assets.ReadFile("assets/combat.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	ids := regexp.MustCompile(`say\('(webres\.js\.[a-z_]+)'`).FindAllStringSubmatch(string(js), -1)
	if len(ids) == 0 {
		t.Fatal("combat.js says nothing through say")
	}
	for _, m := range ids {
		if !strings.Contains(string(tmpl), `"`+m[1]+`"`) {
			t.Errorf("combat.js says %s, which combat.tmpl's rearrank-words lacks", m[1])
		}
		if _, ok := msg.Lookup(msg.ID(m[1])); !ok {
			t.Errorf("combat.js says %s, which the catalogue lacks", m[1])
		}
	}
}

// resultsPart is what the results section of a whole page holds.
func resultsPart(page string) string {
	i := strings.Index(page, `<section id="results"`)
	if i < 0 {
		return ""
	}
	rest := page[i+strings.Index(page[i:], ">")+1:]
	depth := 0
	for j := 0; j < len(rest); j++ {
		switch {
		case strings.HasPrefix(rest[j:], "<section"):
			depth++
		case strings.HasPrefix(rest[j:], "</section>") && depth == 0:
			return rest[:j]
		case strings.HasPrefix(rest[j:], "</section>"):
			depth--
		}
	}
	return rest
}

// TestResultsRussianPlurals: a count takes the Russian form its number
// asks for, and a decimal a comma.
func TestResultsRussianPlurals(t *testing.T) {
	for _, c := range []struct {
		m    msg.Message
		want string
	}{
		{msg.New("webres.formation.desc", 1, 1), "1 модель, рядов: 1"},
		{msg.New("webres.formation.desc", 2, 1), "2 модели, рядов: 1"},
		{msg.New("webres.formation.desc", 5, 1), "5 моделей, рядов: 1"},
		{msg.New("webres.formation.desc", 11, 1), "11 моделей, рядов: 1"},
		{msg.New("webres.formation.desc", 21, 1), "21 модель, рядов: 1"},
		{msg.New("webres.referee.casualties", 1), "потеря"},
		{msg.New("webres.referee.casualties", 3), "потери"},
		{msg.New("webres.referee.casualties", 5), "потерь"},
		{msg.New("webres.chart.casualties.exactly", 2, "1/4", "25%"), "ровно 2 потери: 1/4 (25%)"},
		{msg.New("webres.odds.simulated", thousandsIn(200000, msg.Russian)), "метод Монте-Карло, 200\u00a0000 прогонов"},
	} {
		if got := c.m.Text(msg.Russian); got != c.want {
			t.Errorf("%s%v = %q, want %q", c.m.ID, c.m.Args, got, c.want)
		}
	}
	for _, c := range []struct{ num, den int64 }{{19, 50}, {1, 3}} {
		p := big.NewRat(c.num, c.den)
		ru, en := percentIn(p, msg.Russian), percent(p)
		if ru != strings.Replace(en, ".", ",", 1) || !strings.Contains(ru, ",") {
			t.Errorf("percent %d/%d: Russian %q, English %q", c.num, c.den, ru, en)
		}
	}
}

// TestOddsCardsSampledRussian: a sampled answer's method and an event no
// sample saw, in Russian (TestOddsCardsSampled is the English).
func TestOddsCardsSampledRussian(t *testing.T) {
	s := testServer(t, Config{})
	d := binomial(4, big.NewRat(1, 2))
	res := &odds.Result{Ruleset: rules.WHFB8, Casualties: d, Wounds: d, Unsaved: d, Destroyed: new(big.Rat), Samples: 200000}
	v := s.oddsDataIn(msg.Russian, res, msg.New("webres.text", "25%"))
	if v.Method != "метод Монте-Карло, 200\u00a0000 прогонов" {
		t.Errorf("method %q", v.Method)
	}
	i := slices.IndexFunc(v.Stats, func(st stat) bool { return st.Label == "Подразделение уничтожено" })
	if i < 0 || v.Stats[i].Value != "ни разу" || v.Stats[i].Note != "за 200\u00a0000 прогонов" {
		t.Errorf("sampled destroyed: %+v", v.Stats)
	}
}
