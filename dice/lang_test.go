package dice_test

import (
	"errors"
	"testing"

	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/msg"
)

// TestErrorsInRussian: the errors a player reads are messages of the
// catalogue, in English as before and in Russian, and still wrap their
// sentinels (issue 25).
func TestErrorsInRussian(t *testing.T) {
	s := dice.NewScripted(9)
	two := dice.MustParseExpr("2D6")
	_, err := two.Ask(s, "attacks")
	for _, c := range []struct {
		err      error
		sentinel error
		en, ru   string
	}{
		{err, dice.ErrBadFace, "die 1 (attacks, 2D6 die 1 of 2): bad face 9 on a D6", "кубик 1 (attacks, 2D6, кубик 1 из 2): на D6 не бывает грани 9"},
		{s.Err(), dice.ErrBadFace, "die 1 (attacks, 2D6 die 1 of 2): bad face 9 on a D6", "кубик 1 (attacks, 2D6, кубик 1 из 2): на D6 не бывает грани 9"},
		{func() error { _, err := s.Ask(6, ""); return err }(), dice.ErrOutOfDice, "die 2: out of dice: 1 given", "кубик 2: кубики закончились, задано 1"},
		{func() error { _, err := dice.ParseExpr("2D7"); return err }(), nil, `dice expression "2D7": want D3 or D6 dice`, `запись кубиков "2D7": нужны кубики D3 или D6`},
		{func() error { _, err := dice.ParseExpr("D6+x"); return err }(), nil, `dice expression "D6+x": want a number after '+', found "x"`, `запись кубиков "D6+x": после '+' нужно число, а здесь "x"`},
		{func() error { _, err := dice.ParseFaces("6,,3"); return err }(), nil, "item 2: empty (two commas in a row, or a comma at an end)", "значение 2: пусто (две запятые подряд или запятая в начале или в конце)"},
		{func() error { _, err := dice.ParseFaces("6 0"); return err }(), nil, `item 2 "0": faces start at 1`, `значение 2 "0": грани начинаются с 1`},
	} {
		if c.err == nil {
			t.Fatalf("no error, want %q", c.en)
		}
		if c.sentinel != nil && !errors.Is(c.err, c.sentinel) {
			t.Errorf("%v does not wrap %v", c.err, c.sentinel)
		}
		if got := c.err.Error(); got != c.en {
			t.Errorf("English %q, want %q", got, c.en)
		}
		if got := msg.ErrorText(c.err, msg.Russian); got != c.ru {
			t.Errorf("Russian %q, want %q", got, c.ru)
		}
	}
}
