package rearrank

import (
	"testing"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// TestTextRoundTrip: every Kind and Stage reads back from the name it
// writes, as Go clients decode the JSON of the API and the CLI; an unknown
// name is an error, not the zero value.
func TestTextRoundTrip(t *testing.T) {
	for k := NoKind; int(k) < len(kindNames); k++ {
		b, _ := k.MarshalText()
		var got Kind
		if err := got.UnmarshalText(b); err != nil || got != k {
			t.Errorf("kind %q read back as %v, %v", b, got, err)
		}
	}
	for s := NoStage; int(s) < len(stageNames); s++ {
		b, _ := s.MarshalText()
		var got Stage
		if err := got.UnmarshalText(b); err != nil || got != s {
			t.Errorf("stage %q read back as %v, %v", b, got, err)
		}
	}
	var k Kind
	if err := k.UnmarshalText([]byte("rolled")); err == nil {
		t.Errorf("kind \"rolled\": no error")
	}
	var s Stage
	if err := s.UnmarshalText([]byte("to_hit")); err == nil {
		t.Errorf("stage \"to_hit\": no error")
	}
}

// TestWordsInLanguages: the messages of the stages and kinds say their
// English words (Words) and have Russian of their own; a rule reference
// reads as Cite in English, its words after a colon in Russian too; and a
// line of the log in English is String's.
func TestWordsInLanguages(t *testing.T) {
	for k := NoKind + 1; int(k) < len(kindNames); k++ {
		if en, ru := k.Msg().Text(msg.English), k.Msg().Text(msg.Russian); en != k.Words() || ru == en || ru == "" {
			t.Errorf("kind %s: English %q (want %q), Russian %q", k, en, k.Words(), ru)
		}
	}
	for s := NoStage + 1; int(s) < len(stageNames); s++ {
		if en, ru := s.Msg().Text(msg.English), s.Msg().Text(msg.Russian); en != s.Words() || ru == en || ru == "" {
			t.Errorf("stage %s: English %q (want %q), Russian %q", s, en, s.Words(), ru)
		}
	}
	for _, c := range []struct{ rule, ru string }{
		{"RULES.md 6.1", "правила 6.1"},
		{"RULES.md 6.2, R27: knocked down whether or not the save succeeds", "правила 6.2, R27: сбит с ног, успешен спасбросок или нет"},
		{"RULES.md 6.2, C17: bludgeoned, out of action at once", "правила 6.2, C17: дробящий удар: сразу выведен из строя"},
	} {
		if got := CiteMsg(c.rule).Text(msg.English); got != Cite(c.rule) {
			t.Errorf("CiteMsg(%q) = %q in English, Cite %q", c.rule, got, Cite(c.rule))
		}
		if got := CiteMsg(c.rule).Text(msg.Russian); got != c.ru {
			t.Errorf("CiteMsg(%q) = %q in Russian, want %q", c.rule, got, c.ru)
		}
	}
	e := Event{Kind: Roll, Stage: Wound, Attack: 2, Sides: 6, Face: 5, Rule: "RULES.md 6.1",
		Text: "to-wound, attack 2", Msg: msg.New("engine.die.wound.attack", 2, 4, 3)}
	if got := e.StringIn(msg.English, rules.WHFB8); got != e.String() {
		t.Errorf("StringIn(English) = %q, String %q", got, e.String())
	}
	if got, want := e.StringIn(msg.Russian, rules.WHFB8), "ранение   #2   D6=5  на ранение, атака 2, С4 против В3  [правила 6.1]"; got != want {
		t.Errorf("StringIn(Russian):\n got %q\nwant %q", got, want)
	}
}
