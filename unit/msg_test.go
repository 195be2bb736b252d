package unit

import (
	"errors"
	"testing"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// TestParseErrorsRussian: a role or target that does not parse is an
// *msg.Error, its English unchanged, said in Russian with the codes as
// the file writes them.
func TestParseErrorsRussian(t *testing.T) {
	_, err := ParseRole("hero")
	var me *msg.Error
	if !errors.As(err, &me) {
		t.Fatalf("ParseRole: %T %v, want *msg.Error", err, err)
	}
	if got, want := err.Error(), `role "hero": want rank_and_file, musician, standard, champion or character`; got != want {
		t.Errorf("English %q, want %q", got, want)
	}
	if got, want := me.Text(msg.Russian), `role "hero": нужно rank_and_file (рядовые модели), musician (музыкант), standard (знаменосец), champion (чемпион) или character (персонаж)`; got != want {
		t.Errorf("Russian %q, want %q", got, want)
	}
	// The troop type's own error is wrapped, and said in the same language.
	_, err = ParseTarget("rank_and_file:elf")
	_, terr := rules.ParseTroopType("elf")
	if u := errors.Unwrap(err); u == nil || u.Error() != terr.Error() {
		t.Errorf("ParseTarget: %v wraps %v, want the troop type's error", err, u)
	}
	if got, want := err.Error(), `target "rank_and_file:elf": `+terr.Error(); got != want {
		t.Errorf("English %q, want %q", got, want)
	}
	if got, want := msg.ErrorText(err, msg.Russian), `target "rank_and_file:elf": `+msg.ErrorText(terr, msg.Russian); got != want {
		t.Errorf("Russian %q, want %q", got, want)
	}
}

// TestDamageErrorRussianPlural: "меньше 1 раны", "меньше 2 ран",
// "меньше 5 ран", "меньше 21 раны" (RULES.md 11.1).
func TestDamageErrorRussianPlural(t *testing.T) {
	for _, c := range []struct {
		left   int
		en, ru string
	}{
		{1, "carried 3: want 0 to 0 (below the 1 wound of the next model, 11.1)", "carried 3: нужно от 0 до 0 (меньше 1 раны следующей модели, 11.1)"},
		{2, "carried 3: want 0 to 1 (below the 2 wounds of the next model, 11.1)", "carried 3: нужно от 0 до 1 (меньше 2 ран следующей модели, 11.1)"},
		{5, "carried 7: want 0 to 4 (below the 5 wounds of the next model, 11.1)", "carried 7: нужно от 0 до 4 (меньше 5 ран следующей модели, 11.1)"},
		{21, "carried 30: want 0 to 20 (below the 21 wounds of the next model, 11.1)", "carried 30: нужно от 0 до 20 (меньше 21 раны следующей модели, 11.1)"},
	} {
		got := map[int]int{1: 3, 2: 3, 5: 7, 21: 30}[c.left]
		e := &DamageError{Group: -1, Entry: -1, Got: got, Left: c.left}
		if e.Error() != c.en {
			t.Errorf("%d: %q, want %q", c.left, e.Error(), c.en)
		}
		if r := msg.ErrorText(e, msg.Russian); r != c.ru {
			t.Errorf("%d: Russian %q, want %q", c.left, r, c.ru)
		}
	}
}

// TestRoleMsg: the champion is a чемпион, and The 9th Age's a командир
// (docs/glossary.md); in English every role is its Words.
func TestRoleMsg(t *testing.T) {
	for _, c := range []struct {
		r    Role
		rs   rules.Ruleset
		want string
	}{
		{Champion, rules.WHFB8, "чемпион"},
		{Champion, rules.T9A, "командир"},
		{StandardBearer, rules.TOW, "знаменосец"},
		{RankAndFile, rules.T9A1RU, "рядовые модели"},
	} {
		m := c.r.Msg(c.rs)
		if m.String() != c.r.Words() {
			t.Errorf("%s in %s: English %q, Words %q", c.r, c.rs, m, c.r.Words())
		}
		if got := m.Text(msg.Russian); got != c.want {
			t.Errorf("%s in %s: %q, want %q", c.r, c.rs, got, c.want)
		}
	}
}
