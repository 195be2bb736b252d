package web

import (
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// combatPageLatin are the words in Latin script the Russian combat page
// may show outside its results' names: the program's and the API's names
// (POST /api/combat), the language switch's English, the file formats,
// the FAQ of a ruleset's description, value codes a hint
// quotes as the file writes them (auto, AP, seed, WAP 9th), and Proper
// Ranks, a page set rearrank refuses, named as the rulebook does.
var combatPageLatin = strings.Fields(`rearrank English API api openapi.json POST combat YAML JSON AP auto seed WAP proper ranks FAQ
	New Recruit BattleScribe Builder`) // the list builders of the drop zone, by their names

// notRead are the parts of the combat page that are code, not words: the
// combat file in its text box and what <code> shows (a command line).
var notRead = []*regexp.Regexp{
	regexp.MustCompile(`(?s)<textarea[^>]*>.*?</textarea>`),
	regexp.MustCompile(`(?s)<code>.*?</code>`),
}

// checkCombatPageRussian fails t when the whole combat page (its form, its
// results, its errors) says a word in Latin script that is not a name of
// example's units, of a ruleset, or combatPageLatin.
func checkCombatPageRussian(t *testing.T, what, page, example string) {
	t.Helper()
	names := append(exampleUnitNames(example), titleNames()...)
	names = append(names, combatPageLatin...)
	for _, rs := range rules.Rulesets() {
		names = append(names, rs.String())
	}
	text := readerText(page, append(append([]*regexp.Regexp{}, engineText...), notRead...))
	if w := latinIn(text, names); len(w) > 0 {
		t.Errorf("%s in Russian has words in Latin script: %q", what, w)
	}
}

// TestCombatFormRussian: the combat tab in Russian, its whole form (the
// unit's inputs it shares with the odds form, its own, the switches),
// with the default example, with each example's form filled in from a
// link, and with its errors, says no word of English.
func TestCombatFormRussian(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	get := func(target string, status int) string {
		t.Helper()
		w := do(t, h, "GET", target, "", "")
		if w.Code != status {
			t.Fatalf("%s: status %d, want %d", target, w.Code, status)
		}
		return w.Body.String()
	}
	body := get("/combat?lang=ru", 200)
	checkCombatPageRussian(t, "the default example", body, defaultCombatExample)
	contains(t, "the default example", body, "Кто провёл натиск", "Колонн стороны a в контакте", "Атак на модель",
		"Тип войск", "Выносливость", "Переброс проваленного теста на бегство", "Бонус к результату боя",
		"Что идёт в результат боя", "Сохранённые подразделения", "эльфы против людей", "Кто победит")
	for _, ex := range exampleNames() {
		text, _ := exampleFile(ex)
		f, _, err := fromCombatFile([]byte(text))
		if err != nil {
			t.Fatal(ex, err)
		}
		q := f.values()
		q.Set("lang", "ru")
		q.Set("seed", "3")
		page := get("/combat?"+q.Encode(), 200)
		if !strings.Contains(page, `id="combat-outcomes"`) {
			t.Fatalf("%s: the filled-in form shows no results", ex)
		}
		checkCombatPageRussian(t, ex+"'s form", page, ex)
		// a field the loader refuses: marked in Russian, beside it and in
		// the summary
		q.Set("a.f0.strength", "11")
		page = get("/combat?"+q.Encode(), 400)
		checkCombatPageRussian(t, ex+"'s form with an error", page, ex)
		contains(t, ex+"'s error", page, ", профиль атак 1, ")
	}

	// the page's own errors
	q := url.Values{"lang": {"ru"}, "fromfile": {"1"}, "file": {" "}}
	page := get("/combat?"+q.Encode(), 400)
	contains(t, "an empty file", page, "файл боя пуст: вставьте файл или загрузите пример")
	checkCombatPageRussian(t, "an empty file", page, defaultCombatExample)
	text, _ := exampleFile(defaultCombatExample)
	f, _, _ := fromCombatFile([]byte(text))
	q = f.values()
	q.Set("lang", "ru")
	q.Set("seed", "x")
	page = get("/combat?"+q.Encode(), 400)
	contains(t, "a bad seed", page, `зерно &#34;x&#34;: нужно целое число`)
	checkCombatPageRussian(t, "a bad seed", page, defaultCombatExample)
	q.Set("seed", "1")
	q.Set("c.contact.a", "0")
	page = get("/combat?"+q.Encode(), 400)
	checkCombatPageRussian(t, "a bad contact", page, defaultCombatExample)
	contains(t, "a bad contact", page, `data-msg="Колонн в контакте: целое число от 1 до`)

	// English stays as it was
	body = get("/combat?lang=en", 200)
	contains(t, "the English page", body, "Files of side a in contact", "Attacks per model", "What scores the combat result",
		"Saved units", "<option value=\"combat-elves-men\" selected>elves men</option>", "monstrous infantry")
}

// TestCombatFormWords: the English keys the combat form still matches (a
// label's word by ruleset, an example's name from its file) are the
// English of their messages.
func TestCombatFormWords(t *testing.T) {
	for en, id := range combatLabelWords {
		if got := msg.New(id).Text(msg.English); got != en {
			t.Errorf("%s: the catalogue says %q, the form %q", id, got, en)
		}
	}
	for _, r := range combatRulesets() {
		if s := rules.For(r).Combat.StrikeValue; combatLabelWords[s] == "" {
			t.Errorf("%s: the strike order's characteristic %q has no message", r, s)
		}
	}
	for _, name := range exampleNames() {
		short := strings.TrimPrefix(name, "combat-")
		id := msg.ID("webres.combat.page.example." + short)
		if e, ok := msg.Lookup(id); !ok || e.EN != strings.ReplaceAll(short, "-", " ") {
			t.Errorf("example %s: the catalogue's %s is %q, want its file's name in words", name, id, e.EN)
		}
	}
}

// TestPageErrorsRussian: the referee's and the compare tab's own errors
// are said in the page's language.
func TestPageErrorsRussian(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for _, c := range []struct {
		q    url.Values
		want string
	}{
		{with(spearmenQuery(), "lang", "ru", "tab", "resolve", "seed", "x"), "зерно &#34;x&#34;: нужно целое число, или введите выпавшие кубики"},
		{with(spearmenQuery(), "lang", "ru", "tab", "resolve", "dice", "0"), "dice (кубики): значение 1"},
		{with(spearmenQuery(), "lang", "ru", "tab", "compare"), "выберите хотя бы один свод правил для сравнения или добавьте вариант"},
	} {
		w := getIn(t, h, "/?"+c.q.Encode())
		contains(t, c.q.Encode(), w.Body.String(), c.want)
	}
	// what dice.ParseFaces lets through and the referee refuses
	if got := invalid("dice", "webres.referee.error.face", 2, 0).Text(msg.Russian); got != "кубики: 2-е значение — 0, а грань кубика не меньше 1" {
		t.Errorf("a face below 1 in Russian: %q", got)
	}
	if got := invalid("v", "webres.compare.error.too_many", 7, 6).Text(msg.Russian); got != "7 столбцов: за раз можно сравнить не больше 6 (уберите своды правил или варианты)" {
		t.Errorf("too many columns in Russian: %q", got)
	}
}

// TestChoiceWords: the English keys choiceWords matches a select's labels
// by are the English of their messages.
func TestChoiceWords(t *testing.T) {
	for en, id := range choiceWords {
		if got := msg.New(id).Text(msg.English); got != en {
			t.Errorf("%s: the catalogue says %q, the select %q", id, got, en)
		}
	}
}
