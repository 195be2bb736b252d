package combat

import (
	"errors"
	"testing"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestWordsRussian: combat's words in both languages, the English as it
// was before it became a message (issue 25).
func TestWordsRussian(t *testing.T) {
	for _, c := range []struct {
		m      msg.Message
		en, ru string
	}{
		{Key{1, 5}.Msg(rules.WHFB8), "Initiative 5", "Инициатива 5"},
		{Key{2, 5}.Msg(rules.WHFB8), "strikes first, Initiative 5", "бьёт первым, Инициатива 5"},
		{Key{2, 0}.Msg(rules.WHFB8), "strikes first", "бьёт первым"},
		{Key{0, 0}.Msg(rules.T9A), "strikes last", "бьёт последним"},
		{Key{0, 2}.Msg(rules.WHFB8), "strikes last, Initiative 2", "бьёт последним, Инициатива 2"},
		{Key{1, 3}.Msg(rules.T9A), "Agility 3", "Ловкость 3"},
		{By{Role: unit.Champion}.Msg(rules.WHFB8), "champion", "чемпион"},
		{By{Role: unit.Champion}.Msg(rules.T9A1RU), "champion", "командир"},
		{By{Role: unit.Champion}.Msg(rules.T9A), "champion", "командир"},
		{By{Role: unit.RankAndFile}.Msg(rules.T9A), "rank and file", "рядовые модели"},
		{By{Role: unit.Character, Name: "Hero"}.Msg(rules.T9A), "Hero", "Hero"},
		{FlankLeft.Msg(), "left flank", "левый фланг"},
		{Rear.Msg(), "rear", "тыл"},
		{Point{"flank_right", 1}.Msg(), "right flank", "правый фланг"},
		{Point{"battle standard", 1}.Msg(), "battle standard", "армейское знамя"},
		{Break.Msg(), "breaks", "бегство"},
		{GiveGround.TitleMsg(), "Give Ground", "Отступление"},
		{(&BreakTest{Auto: "stubborn"}).AutoMsg(), "stubborn", "Упорство"},
		{StandInMsg(rules.StandIn{Switch: "rear_rank_order", Default: "left_to_right"}),
			"rear_rank_order is owner_choice, and nobody is asked here: the engine's default (left to right) stands in",
			"rear_rank_order = owner_choice, но здесь некого спросить: действует значение движка по умолчанию (left to right)"},
	} {
		if got := c.m.Text(msg.English); got != c.en {
			t.Errorf("%s in English: %q, want %q", c.m.ID, got, c.en)
		}
		if got := c.m.Text(msg.Russian); got != c.ru {
			t.Errorf("%s in Russian: %q, want %q", c.m.ID, got, c.ru)
		}
	}
	// Every part of a combat result has its words, and Words is the
	// English of Msg.
	for _, name := range []string{"wounds", "charge", "ranks", "standard", "battle standard", "flank_left", "flank_right", "rear",
		"high ground", "outnumber", "close order", "massed infantry", "bonus"} {
		p := Point{name, 1}
		if p.Msg().String() != p.Words() {
			t.Errorf("point %s: Msg %q, Words %q", name, p.Msg(), p.Words())
		}
	}
	for _, r := range []Result{Break, FallBackInGoodOrder, GiveGround} {
		if r.TitleMsg().String() != r.Title() {
			t.Errorf("result %s: TitleMsg %q, Title %q", r, r.TitleMsg(), r.Title())
		}
	}
}

// TestPluralsRussian: the messages with counts, at 1, 2, 5 and 21.
func TestPluralsRussian(t *testing.T) {
	for _, c := range []struct {
		id   msg.ID
		args func(n int) []any
		want []string // at 1, 2, 5, 21
	}{
		{"combat.round.fight", func(n int) []any { return []any{"Elves (a)", msg.New("term.combat.by.rank_and_file"), n} },
			[]string{"Elves (a), рядовые модели: 1 атака", "Elves (a), рядовые модели: 2 атаки", "Elves (a), рядовые модели: 5 атак", "Elves (a), рядовые модели: 21 атака"}},
		{"combat.round.score", func(n int) []any { return []any{"Men (b)", 3, "раны +3", n} },
			[]string{"Men (b): 3 (раны +3); потери: 1 модель", "Men (b): 3 (раны +3); потери: 2 модели", "Men (b): 3 (раны +3); потери: 5 моделей", "Men (b): 3 (раны +3); потери: 21 модель"}},
		{"combat.report.simulated", func(n int) []any { return []any{n, "7"} },
			[]string{"Оценка методом Монте-Карло: 1 раунд (--seed 7); ± — одна стандартная ошибка.",
				"Оценка методом Монте-Карло: 2 раунда (--seed 7); ± — одна стандартная ошибка.",
				"Оценка методом Монте-Карло: 5 раундов (--seed 7); ± — одна стандартная ошибка.",
				"Оценка методом Монте-Карло: 21 раунд (--seed 7); ± — одна стандартная ошибка."}},
		{"combat.exact.side_named", func(n int) []any { return []any{"Goblins", n} },
			[]string{"Goblins, 1 модель", "Goblins, 2 модели", "Goblins, 5 моделей", "Goblins, 21 модель"}},
	} {
		for k, n := range []int{1, 2, 5, 21} {
			if got := msg.New(c.id, c.args(n)...).Text(msg.Russian); got != c.want[k] {
				t.Errorf("%s at %d: %q, want %q", c.id, n, got, c.want[k])
			}
		}
	}
}

// TestErrorsRussian: a player's errors keep their English and what they
// wrap, and read in Russian.
func TestErrorsRussian(t *testing.T) {
	_, err := ParseSide("c")
	if err.Error() != `side "c": want a, b or none` || msg.ErrorText(err, msg.Russian) != `side "c": допустимы a, b или none` {
		t.Errorf("ParseSide: %q, %q", err, msg.ErrorText(err, msg.Russian))
	}
	_, err = ParseFacing("up")
	if err.Error() != `facing "up": want front, flank_left, flank_right, rear` {
		t.Errorf("ParseFacing: %q", err)
	}
	var o rules.Options
	err = setOption(&o, rules.WHFB8, "no_such_switch", "x")
	if err.Error() != `unknown combat switch "no_such_switch"` || msg.ErrorText(err, msg.Russian) != `неизвестный параметр боя "no_such_switch"` {
		t.Errorf("setOption: %q, %q", err, msg.ErrorText(err, msg.Russian))
	}

	c := &Combat{Ruleset: rules.WHFB8, Sides: [2]Combatant{block(t, rules.WHFB8, men, 20, 5), block(t, rules.WHFB8, elves, 20, 5)}}
	c.Sides[1].Fights[0].Supporting = 7
	err = c.Validate()
	if err.Error() != "sides.b.fights[0]: supporting 7: want 0 to 5" || msg.ErrorText(err, msg.Russian) != "sides.b.fights[0]: supporting 7: нужно от 0 до 5" {
		t.Errorf("Validate: %q, %q", err, msg.ErrorText(err, msg.Russian))
	}
	c.Sides[1].Fights[0].Supporting = 1
	c.Sides[0].Fights[0].Attacks = 2000
	err = c.Validate()
	if want := "sides.a.fights[0].attacks: 2000: 20 models making 2000 each could make 40000 attacks at one step: want at most 32767 attacks at one step"; err == nil || err.Error() != want {
		t.Errorf("Validate: %v, want %q", err, want)
	} else if got, want := msg.ErrorText(err, msg.Russian), "sides.a.fights[0].attacks: 2000: 20 моделей по 2000 атак у каждой могут провести до 40000 атак за один шаг; допустимо не больше 32767 атак за шаг"; got != want {
		t.Errorf("Validate in Russian: %q, want %q", got, want)
	}

	c.Sides[0].Fights, c.Sides[1].Fights = nil, nil
	_, err = c.Resolve(nil)
	if err == nil {
		t.Fatal("Resolve(nil): no error")
	}
	if err := c.ready(); !errors.Is(err, ErrNoFights) || err.Error() != ErrNoFights.Error() || msg.ErrorText(err, msg.Russian) != "нет схваток: задайте fights каждой стороны" {
		t.Errorf("no fights: %v", err)
	}
}
