package scenario

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// TestTranslateNotesRussian: a change of ruleset's notes are messages
// whose English is Translate's, and whose Russian follows the glossary
// (docs/glossary.md: Сила, спасбросок, Эгида, особый спасбросок, доспехи).
func TestTranslateNotesRussian(t *testing.T) {
	f := mustLoad(t, "test.yaml", crossbowsWhfb8)
	_, english, err := f.Translate(rules.T9A)
	if err != nil {
		t.Fatal(err)
	}
	_, notes, err := f.TranslateMsg(rules.T9A)
	if err != nil {
		t.Fatal(err)
	}
	var en, ru []string
	for _, n := range notes {
		en, ru = append(en, n.String()), append(ru, n.Text(msg.Russian))
	}
	if !slices.Equal(en, english) {
		t.Errorf("TranslateMsg's English:\n%q\nTranslate's:\n%q", en, english)
	}
	want := []string{
		"attacks[0]: BS 3 переведено в bs 4+",
		"attacks[0]: модификатор спасброска от Силы 4 (-1) переведён в ap 1 (в t9a Сила не ухудшает спасброски)",
		"target: доспехи light, щит (shield) (5+) переведено в armour_value 2 (5+)",
		"target: ward 5+ (особый спасбросок) переведено в aegis 5+ (Эгида)",
	}
	if !slices.Equal(ru, want) {
		t.Errorf("Russian notes:\n%q\nwant:\n%q", ru, want)
	}
}

// TestVariantNoteMsgs: a comparison's variant carries its notes both as
// messages and, for the callers that print English, as text.
func TestVariantNoteMsgs(t *testing.T) {
	f := mustLoad(t, "test.yaml", crossbowsWhfb8)
	vs, err := Variants([]Source{{Label: "a", File: f}}, []string{"t9a"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	v := vs[0]
	if len(v.Notes) == 0 || len(v.Notes) != len(v.NoteMsgs) {
		t.Fatalf("notes %q, messages %v", v.Notes, v.NoteMsgs)
	}
	for i, n := range v.NoteMsgs {
		if n.String() != v.Notes[i] {
			t.Errorf("note %d: message %q, text %q", i, n, v.Notes[i])
		}
	}
}

// TestCarriedNoteRussianPlural: "1 перенесённая рана", "3 перенесённые
// раны", "5 перенесённых ран", "21 перенесённая рана" (RULES.md 11.1).
func TestCarriedNoteRussianPlural(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{
		{1, "target: 1 перенесённая рана переведена в урон первой снимаемой модели"},
		{3, "target: 3 перенесённые раны переведены в урон первой снимаемой модели"},
		{5, "target: 5 перенесённых ран переведено в урон первой снимаемой модели"},
		{11, "target: 11 перенесённых ран переведено в урон первой снимаемой модели"},
		{21, "target: 21 перенесённая рана переведена в урон первой снимаемой модели"},
	} {
		if got := msg.New("scenario.note.carried_to_damage", c.n).Text(msg.Russian); got != c.want {
			t.Errorf("%d: %q, want %q", c.n, got, c.want)
		}
	}
	if got, want := msg.New("scenario.note.carried_to_damage", 1).String(), "target: 1 carried wound carried over as the damage of the first model removed"; got != want {
		t.Errorf("English %q, want %q", got, want)
	}
}

// TestVariantErrorRussian: a comparison of too many scenarios says how
// many in the reader's language: "7 files", "7 файлов".
func TestVariantErrorRussian(t *testing.T) {
	f := mustLoad(t, "test.yaml", crossbowsWhfb8)
	files := make([]Source, MaxSources+1)
	for i := range files {
		files[i] = Source{Label: "a", File: f}
	}
	_, err := Variants(files, nil, nil)
	var ve *VariantError
	if !errors.As(err, &ve) {
		t.Fatalf("%T %v, want *VariantError", err, err)
	}
	if ve.What != "7 files" || !strings.HasPrefix(ve.Text(msg.Russian), "scenarios 7 файлов: ") {
		t.Errorf("What %q, Russian %q", ve.What, ve.Text(msg.Russian))
	}
}
