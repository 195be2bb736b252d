package msg

import (
	"strings"
	"testing"
)

// render parses s for l and renders it with args.
func render(t *testing.T, s string, l Lang, args ...any) string {
	t.Helper()
	tp, err := parse(s, l)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	var b strings.Builder
	tp.render(&b, args, l)
	return b.String()
}

// TestRussianPlurals: the table, and the teens and hundreds that
// English-style rules get wrong.
func TestRussianPlurals(t *testing.T) {
	const ru = "{0} {0:модель|модели|моделей}"
	for n, want := range map[int]string{
		0: "0 моделей", 1: "1 модель", 2: "2 модели", 4: "4 модели", 5: "5 моделей", 11: "11 моделей",
		12: "12 моделей", 14: "14 моделей", 21: "21 модель", 22: "22 модели", 25: "25 моделей",
		101: "101 модель", 111: "111 моделей", 112: "112 моделей", 122: "122 модели", 1000: "1000 моделей",
	} {
		if got := render(t, ru, Russian, n); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
	const en = "{0} {0:model|models}"
	for n, want := range map[int]string{0: "0 models", 1: "1 model", 2: "2 models", 21: "21 models"} {
		if got := render(t, en, English, n); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
}

// TestDecimals: a decimal point in English, a comma in Russian, and a
// fraction takes Russian's genitive singular ("1,5 модели"), or the fourth
// form when the template gives one.
func TestDecimals(t *testing.T) {
	for _, c := range []struct {
		s    string
		l    Lang
		d    Dec
		want string
	}{
		{"{0} {0:casualty|casualties}", English, Dec{5.5556, 2}, "5.56 casualties"},
		{"{0} {0:casualty|casualties}", English, Dec{1, 0}, "1 casualty"},
		{"{0} {0:модель|модели|моделей}", Russian, Dec{5.5556, 2}, "5,56 модели"},
		{"{0} {0:модель|модели|моделей}", Russian, Dec{1.5, 1}, "1,5 модели"},
		{"{0} {0:модель|модели|моделей|модели*}", Russian, Dec{0.25, 2}, "0,25 модели*"},
		{"{0} {0:модель|модели|моделей}", Russian, Dec{5, 0}, "5 моделей"},
		{"{0} {0:модель|модели|моделей}", Russian, Dec{21, 0}, "21 модель"},
	} {
		if got := render(t, c.s, c.l, c.d); got != c.want {
			t.Errorf("%q %v: %q, want %q", c.s, c.d, got, c.want)
		}
	}
}

// TestArguments: names as they are, counts written as text and chosen by
// their number, nested messages in the same language, braces escaped, and
// a missing argument shown, not dropped.
func TestArguments(t *testing.T) {
	if got := render(t, "{0}: {1} {1:attack|attacks} {{x}}", English, "Knights", Count{"D6", 2}); got != "Knights: D6 attacks {x}" {
		t.Errorf("%q", got)
	}
	if got := render(t, "{0} {0:атака|атаки|атак}", Russian, Count{"D3", 2}); got != "D3 атаки" {
		t.Errorf("%q", got)
	}
	if got := render(t, "{0} and {1}", English, "a"); got != "a and {1}" {
		t.Errorf("missing argument: %q", got)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		s    string
		l    Lang
		want string
	}{
		{"{0", English, "not closed"},
		{"a } b", English, "closes nothing"},
		{"{x}", English, "argument number"},
		{"{0:one}", English, "English takes 2 plural forms, got 1"},
		{"{0:одна|две}", Russian, "Русский takes 3 plural forms, got 2"},
	} {
		_, err := parse(c.s, c.l)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("parse %q: %v, want %q", c.s, err, c.want)
		}
	}
}

func TestMatch(t *testing.T) {
	for h, want := range map[string]Lang{
		"ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7": Russian,
		"en-GB,en;q=0.9":                      English,
		"de-DE,de;q=0.9,ru;q=0.5":             Russian,
		"de-DE":                               English,
		"ru":                                  Russian,
		"":                                    English,
		"*":                                   English,
		";;;":                                 English,
	} {
		if got := Match(h); got != want {
			t.Errorf("Match(%q) = %v, want %v", h, got, want)
		}
	}
}

func TestFromEnv(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want Lang
	}{
		{map[string]string{"LANG": "ru_RU.UTF-8"}, Russian},
		{map[string]string{"LANG": "ru_RU.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}, English},
		{map[string]string{"LANG": "en_US.UTF-8", "LC_ALL": "ru_UA.KOI8-U"}, Russian},
		{map[string]string{"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, English},
		{map[string]string{"LANG": "POSIX"}, English},
		{map[string]string{"LANG": "fr_FR.UTF-8"}, English},
		{map[string]string{"LANG": "!!"}, English},
		{map[string]string{}, English},
	} {
		if got := FromEnv(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("%v: %v, want %v", c.env, got, c.want)
		}
	}
}

func TestParseLang(t *testing.T) {
	for s, want := range map[string]Lang{"ru": Russian, "RU": Russian, "ru_RU": Russian, "en-GB": English, "en": English} {
		if got, err := ParseLang(s); err != nil || got != want {
			t.Errorf("ParseLang(%q) = %v, %v", s, got, err)
		}
	}
	if _, err := ParseLang("de"); err == nil || !strings.Contains(err.Error(), `"de": want en or ru`) {
		t.Errorf("ParseLang(de): %v", err)
	}
}

// TestCatalogue: every entry has both languages, parses, writes the same
// arguments in each, and gives each plural placeholder its language's
// forms.
func TestCatalogue(t *testing.T) {
	for _, err := range Check() {
		t.Error(err)
	}
}

// TestCLINotes renders the command line's notes in both languages, as
// the combat command writes them.
func TestCLINotes(t *testing.T) {
	for _, c := range []struct {
		m    Message
		l    Lang
		want string
	}{
		{New("cli.note", New("cli.combat.dice_left", 1, 7)), English, "rearrank: note: 1 die left over, the round needed 7"},
		{New("cli.note", New("cli.combat.dice_left", 3, 7)), English, "rearrank: note: 3 dice left over, the round needed 7"},
		{New("cli.note", New("cli.combat.dice_left", 3, 7)), Russian, "rearrank: примечание: лишних кубиков: 3, раунду понадобилось 7"},
		{New("cli.combat.fallback", "state limit", 21), Russian, "бой слишком велик для точного расчёта (state limit): вместо него оценка методом Монте-Карло по 21 раунду; для точных шансов увеличьте --max-states"},
		{New("cli.combat.fallback", "state limit", 10000), Russian, "бой слишком велик для точного расчёта (state limit): вместо него оценка методом Монте-Карло по 10000 раундам; для точных шансов увеличьте --max-states"},
		{New("no.such.id", 3, "x"), English, "no.such.id 3 x"},
	} {
		if got := c.m.Text(c.l); got != c.want {
			t.Errorf("%s in %s:\n got %q\nwant %q", c.m.ID, c.l, got, c.want)
		}
	}
}
