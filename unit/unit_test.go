package unit

import (
	"encoding/json"
	"testing"

	"github.com/rearrank/rearrank/rules"
)

// TestTargetRoundTrip: every target a scenario can name reads back from the
// text String writes, and names what a player reads in the log.
func TestTargetRoundTrip(t *testing.T) {
	for _, c := range []struct {
		t           Target
		text, words string
	}{
		{Target{Role: RankAndFile}, "rank_and_file", "the rank and file"},
		{Target{Role: RankAndFile, TroopType: rules.MonstrousInfantry}, "rank_and_file:monstrous_infantry", "the monstrous infantry rank and file"},
		{Target{Role: Musician}, "musician", "the musician"},
		{Target{Role: StandardBearer}, "standard", "the standard bearer"},
		{Target{Role: Champion}, "champion", "the champion"},
		{Target{Role: Character, Name: "Hero"}, "character:Hero", "Hero"},
	} {
		if got := c.t.String(); got != c.text {
			t.Errorf("%+v: String %q, want %q", c.t, got, c.text)
		}
		back, err := ParseTarget(c.text)
		if err != nil || back != c.t {
			t.Errorf("ParseTarget(%q) = %+v, %v; want %+v", c.text, back, err, c.t)
		}
		if got := c.t.Words(); got != c.words {
			t.Errorf("%+v: Words %q, want %q", c.t, got, c.words)
		}
	}
	for _, bad := range []string{"", "hero", "character", "character:", "champion:x", "rank_and_file:ogre"} {
		if _, err := ParseTarget(bad); err == nil {
			t.Errorf("ParseTarget(%q): no error", bad)
		}
	}
}

// TestRoleText: roles marshal as their scenario names, and the older
// spelling standard_bearer still reads.
func TestRoleText(t *testing.T) {
	b, err := json.Marshal([]Role{RankAndFile, StandardBearer, Character})
	if err != nil || string(b) != `["rank_and_file","standard","character"]` {
		t.Errorf("marshal: %s, %v", b, err)
	}
	var r Role
	if err := json.Unmarshal([]byte(`"standard_bearer"`), &r); err != nil || r != StandardBearer {
		t.Errorf("standard_bearer: %v, %v", r, err)
	}
	if err := json.Unmarshal([]byte(`"general"`), &r); err == nil {
		t.Error("general: no error")
	}
}

// TestRoleLetters: the letters the formation diagrams draw.
func TestRoleLetters(t *testing.T) {
	for r := RankAndFile; r <= Character; r++ {
		got, err := ParseRole(r.String())
		if err != nil || got != r {
			t.Errorf("ParseRole(%q) = %v, %v", r.String(), got, err)
		}
	}
	if s := string([]byte{RankAndFile.Letter(), Musician.Letter(), StandardBearer.Letter(), Champion.Letter(), Character.Letter()}); s != "RMSCH" {
		t.Errorf("letters %s, want RMSCH", s)
	}
}

func FuzzParseTarget(f *testing.F) {
	for _, s := range []string{"rank_and_file", "rank_and_file:monster", "character:A:B", "standard_bearer", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tg, err := ParseTarget(s)
		if err != nil {
			return
		}
		again, err := ParseTarget(tg.String())
		if err != nil || again != tg {
			t.Errorf("%q -> %+v -> %q -> %+v, %v", s, tg, tg.String(), again, err)
		}
	})
}
