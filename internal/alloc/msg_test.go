package alloc

import (
	"errors"
	"testing"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestNoTargetRussian: the receiver's errors wrap unit.ErrNoTarget still,
// and say the champion as the ruleset's Russian names him (docs/glossary.md:
// чемпион, The 9th Age's командир).
func TestNoTargetRussian(t *testing.T) {
	for _, c := range []struct {
		rs     rules.Ruleset
		role   unit.Role
		en, ru string
	}{
		{rules.WHFB8, unit.Champion, "no such target: the unit has no champion", "нет такой цели: в подразделении нет чемпиона"},
		{rules.T9A, unit.Champion, "no such target: the unit has no champion", "нет такой цели: в подразделении нет командира"},
		{rules.T9A1RU, unit.Champion, "no such target: the unit has no champion", "нет такой цели: в подразделении нет командира"},
		{rules.WHFB8, unit.StandardBearer, "no such target: the unit has no standard", "нет такой цели: в подразделении нет знаменосца"},
		{rules.WHFB8, unit.Musician, "no such target: the unit has no musician", "нет такой цели: в подразделении нет музыканта"},
	} {
		u := mustNew(t, unit.Spec{Ruleset: c.rs, Models: 5, Frontage: 5, Profile: elf})
		_, err := u.Receiver(unit.Target{Role: c.role})
		if !errors.Is(err, unit.ErrNoTarget) {
			t.Fatalf("%s %s: %v, want unit.ErrNoTarget", c.rs, c.role, err)
		}
		if err.Error() != c.en {
			t.Errorf("%s %s: %q, want %q", c.rs, c.role, err, c.en)
		}
		if got := msg.ErrorText(err, msg.Russian); got != c.ru {
			t.Errorf("%s %s: Russian %q, want %q", c.rs, c.role, got, c.ru)
		}
	}
}

// TestNotesRussianPlurals: the allocation's notes in Russian take the
// plural the number asks for: 1 колонна, 2 колонны, 5 колонн, 21 колонна;
// 1 лишняя рана, 3 лишние раны, 11 лишних ран.
func TestNotesRussianPlurals(t *testing.T) {
	u := mustNew(t, unit.Spec{Ruleset: rules.WHFB8, Models: 3, Frontage: 7, Profile: elf})
	n := u.Notes()
	if len(n) != 1 {
		t.Fatalf("notes %v, want one", n)
	}
	if got, want := n[0].Text(msg.Russian), "ширина фронта 7 больше, чем моделей в подразделении (3): оно стоит в один ряд из 3 колонн (правила 19.1)"; got != want {
		t.Errorf("Russian %q, want %q", got, want)
	}
	for _, c := range []struct {
		n    int
		want string
	}{
		{1, "1 лишняя рана потеряна: пул пуст (10.1)"},
		{3, "3 лишние раны потеряны: пул пуст (10.1)"},
		{11, "11 лишних ран потеряно: пул пуст (10.1)"},
		{21, "21 лишняя рана потеряна: пул пуст (10.1)"},
	} {
		if got := msg.New("alloc.note.overflow_lost.empty_pool", c.n).Text(msg.Russian); got != c.want {
			t.Errorf("%d: %q, want %q", c.n, got, c.want)
		}
	}
	for _, c := range []struct {
		files int
		want  string
	}{{1, "из 1 колонны"}, {2, "из 2 колонн"}, {21, "из 21 колонны"}} {
		got := msg.New("alloc.note.frontage_wide", 30, 5, c.files).Text(msg.Russian)
		if want := "ширина фронта 30 больше, чем моделей в подразделении (5): оно стоит в один ряд " + c.want + " (правила 19.1)"; got != want {
			t.Errorf("%d files: %q, want %q", c.files, got, want)
		}
	}
}

// TestCasualtyRuleMsg: a removed model's Rule is its RuleMsg in English,
// and RuleMsg says it in Russian.
func TestCasualtyRuleMsg(t *testing.T) {
	u := mustNew(t, unit.Spec{Ruleset: rules.WHFB8, Models: 10, Frontage: 5, Profile: elf})
	c, err := u.Apply(Packet{Target: unit.Target{Role: unit.RankAndFile}, Wounds: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Removed) != 1 {
		t.Fatalf("removed %v, want one model", c.Removed)
	}
	r := c.Removed[0]
	if r.Rule == "" || r.RuleMsg.String() != r.Rule {
		t.Errorf("Rule %q, RuleMsg %q", r.Rule, r.RuleMsg)
	}
	if got, want := r.RuleMsg.Text(msg.Russian), "раны пула достигли W модели (11.1); задний ряд, левый край"; got != want {
		t.Errorf("Russian %q (English %q), want %q", got, r.Rule, want)
	}
}
