package rearrank

import "testing"

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
