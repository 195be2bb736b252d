package web

import (
	"net/url"
	"slices"
	"testing"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// TestFormBatchAndConditionalSaves: the form says what a file says of a
// batch of several profiles (rules 4.1, C24) and of t9a's conditional
// saves and Regeneration (+k) (rules 8.2): a link's inputs make the
// scenario, and a file goes to the page's link and back unchanged.
func TestFormBatchAndConditionalSaves(t *testing.T) {
	q := url.Values{"ruleset": {"t9a"},
		"a0.count": {"10"}, "a0.to_hit": {"4+"}, "a0.strength": {"4"}, "a0.phase": {"shooting"}, "a0.batch": {"volley"},
		"a1.count": {"1"}, "a1.to_hit": {"3+"}, "a1.strength": {"5"}, "a1.phase": {"shooting"}, "a1.batch": {"volley"},
		"t.models": {"10"}, "t.toughness": {"4"}, "t.aegis": {"5+"}, "t.aegis_against": {"flaming, shooting"},
		"t.regeneration_against": {"melee"}, "t.regeneration_plus": {"2"}}
	file, err := parseForm(q).scenario()
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, f *scenario.File) {
		t.Helper()
		if f.Attacks[0].Batch != "volley" || f.Attacks[1].Batch != "volley" {
			t.Errorf("%s: batches %q, %q; want volley, volley", what, f.Attacks[0].Batch, f.Attacks[1].Batch)
		}
		tg := f.Target
		if tg.AegisAgainst != rules.AgainstFlaming|rules.AgainstShooting || tg.RegenerationAgainst != rules.AgainstMelee || tg.RegenerationPlus != 2 {
			t.Errorf("%s: aegis_against %v, regeneration_against %v, regeneration_plus %d; want [flaming, shooting], melee, 2",
				what, tg.AegisAgainst, tg.RegenerationAgainst, tg.RegenerationPlus)
		}
	}
	check("the link", file)
	back, err := parseForm(fileForm(file, tabOdds).values()).scenario()
	if err != nil {
		t.Fatal(err)
	}
	check("the file to the form and back", back)
	// whfb8 reads no conditional save: the form leaves them out, keeps
	// the batch, and says what it dropped.
	w8, dropped, err := parseForm(q).scenarioFor(rules.WHFB8)
	if err != nil {
		t.Fatalf("whfb8: %v", err)
	}
	if w8.Attacks[1].Batch != "volley" || w8.Target.AegisAgainst != 0 || w8.Target.RegenerationPlus != 0 {
		t.Errorf("whfb8: batch %q, aegis_against %v, regeneration_plus %d; want volley, none, 0", w8.Attacks[1].Batch, w8.Target.AegisAgainst, w8.Target.RegenerationPlus)
	}
	for _, name := range []string{"aegis", "aegis_against", "regeneration_against", "regeneration_plus"} {
		if !slices.Contains(dropped, name) {
			t.Errorf("whfb8: dropped %v, want %s among them", dropped, name)
		}
	}
}
