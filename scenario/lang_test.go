package scenario

import (
	"errors"
	"testing"

	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// TestErrorsInRussian: a file's errors said in Russian keep the place (the
// file, line, column and field path) and the file's own words, and their
// English is Error's, byte for byte (issue 25).
func TestErrorsInRussian(t *testing.T) {
	for _, c := range []struct {
		name, yaml, en, ru string
		kind               error
	}{
		{"misspelt field", "ruleset: whfb8\nattacks:\n  - count: 10\n    strenght: 4\ntarget: {models: 10, toughness: 3}\n",
			`x.yaml:4:5: attacks[0]: unknown field "strenght" (did you mean "strength"?)`,
			`x.yaml:4:5: attacks[0]: неизвестное поле "strenght" (может быть, "strength"?)`, ErrUnknownField},
		{"out of range", "ruleset: whfb8\nattacks:\n  - count: 10\n    strength: 11\ntarget: {models: 10, toughness: 3}\n",
			"x.yaml:4:15: attacks[0].strength: want 1 to 10, got 11",
			"x.yaml:4:15: attacks[0].strength: нужно от 1 до 10, а не 11", ErrInvalid},
		{"wrong kind", "ruleset: whfb8\nattacks:\n  - count: 10\n    strength: [4]\ntarget: {models: 10, toughness: 3}\n",
			"x.yaml:4:15: attacks[0].strength: want a whole number, got a list",
			"x.yaml:4:15: attacks[0].strength: нужно целое число, а здесь список", ErrInvalid},
		{"enum", "ruleset: whfb8\nattacks: [{count: 10, strength: 3}]\ntarget: {models: 10, toughness: 3, armour: hevy}\n",
			`x.yaml:3:44: target.armour: armour "hevy": want none, light, heavy or plate`,
			`x.yaml:3:44: target.armour: доспехи "hevy": нужно none, light, heavy или plate`, ErrInvalid},
		{"tag", "ruleset: !!str whfb8\n",
			"x.yaml:1:10: tags such as !!str are not supported",
			"x.yaml:1:10: теги вроде !!str не поддерживаются", ErrUnsupported},
		{"twice", "ruleset: whfb8\nruleset: t9a\n",
			"x.yaml:2:1: ruleset: given twice (first at 1:1)",
			"x.yaml:2:1: ruleset: указано дважды (впервые в 1:1)", ErrInvalid},
		{"listed twice", "ruleset: whfb8\nattacks: [{count: 10, strength: 3}]\ntarget: {models: 10, toughness: 3, command: [champion, champion]}\n",
			"x.yaml:3:56: target.command[1]: champion is listed twice",
			"x.yaml:3:56: target.command[1]: champion указан дважды", ErrInvalid},
	} {
		_, err := Load("x.yaml", []byte(c.yaml))
		var se *Error
		if !errors.As(err, &se) {
			t.Errorf("%s: %v, want an *Error", c.name, err)
			continue
		}
		if got := se.Error(); got != c.en {
			t.Errorf("%s: English\n got %s\nwant %s", c.name, got, c.en)
		}
		if got := se.Text(msg.English); got != c.en {
			t.Errorf("%s: Text(English)\n got %s\nwant %s", c.name, got, c.en)
		}
		if got := msg.ErrorText(err, msg.Russian); got != c.ru {
			t.Errorf("%s: Russian\n got %s\nwant %s", c.name, got, c.ru)
		}
		if !errors.Is(err, c.kind) {
			t.Errorf("%s: %v is not %v", c.name, err, c.kind)
		}
	}
}

// TestRussianCounts: the counts of the scenario family's messages take
// Russian's plural forms.
func TestRussianCounts(t *testing.T) {
	for _, c := range []struct {
		m    msg.Message
		want string
	}{
		{say("scenario.attacks_too_many", 1, 50), "1 группа атак: нужно не больше 50"},
		{say("scenario.attacks_too_many", 2, 50), "2 группы атак: нужно не больше 50"},
		{say("scenario.attacks_too_many", 5, 50), "5 групп атак: нужно не больше 50"},
		{say("scenario.attacks_too_many", 21, 50), "21 группа атак: нужно не больше 50"},
		{say("scenario.command.too_many", 1, 1), "1 модель командной группы в подразделении из 1 модели"},
		{say("scenario.command.too_many", 2, 2), "2 модели командной группы в подразделении из 2 моделей"},
		{say("scenario.command.too_many", 5, 5), "5 моделей командной группы в подразделении из 5 моделей"},
		{say("scenario.command.too_many", 21, 21), "21 модель командной группы в подразделении из 21 модели"},
		{woundsText(1), "1 рана"},
		{woundsText(2), "2 раны"},
		{woundsText(5), "5 ран"},
		{woundsText(21), "21 рана"},
		{say("scenario.characters.too_many", 21, 20), "21 персонаж: нужно не больше 20"},
		{say("scenario.characters.too_many", 22, 20), "22 персонажа: нужно не больше 20"},
		{say("scenario.characters.too_many", 25, 20), "25 персонажей: нужно не больше 20"},
	} {
		if got := c.m.Text(msg.Russian); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.m.ID, c.m.Args, got, c.want)
		}
	}
	if got := woundsText(1).String() + ", " + woundsText(2).String(); got != "1 wound, 2 wounds" {
		t.Errorf("English: %q", got)
	}
	if got := orList([]string{"a", "b", "c"}).Text(msg.Russian); got != "a, b или c" {
		t.Errorf("orList: %q", got)
	}
	if got := andList([]string{"tow", "t9a"}).Text(msg.English); got != "tow and t9a" {
		t.Errorf("andList: %q", got)
	}
}

// TestWrappedAllocError: an error of the unit's description that a
// scenario error wraps is said whole in Russian.
func TestWrappedAllocError(t *testing.T) {
	_, err := alloc.New(unit.Spec{Ruleset: rules.WHFB8, Models: 3, Frontage: 5, Command: []unit.Role{unit.Musician, unit.Musician}, Profile: unit.Profile{W: 1, T: 3}})
	if err == nil {
		t.Fatal("no error")
	}
	f := &File{src: newSource("x.yaml")}
	e := f.Fail("target", say("scenario.error", errArg(err)))
	if got, want := e.Error(), "x.yaml: target: command[1] musician: given twice"; got != want {
		t.Errorf("English %q, want %q", got, want)
	}
	if got, want := msg.ErrorText(e, msg.Russian), "x.yaml: target: command[1] musician: указано дважды"; got != want {
		t.Errorf("Russian %q, want %q", got, want)
	}
}
