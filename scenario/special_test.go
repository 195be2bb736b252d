package scenario

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/rules"
)

// unsavedOne loads a t9a scenario of one automatic hit that always wounds
// (S10 v Res1, no armour) against one model with the profile lines given,
// and returns the exact chance that the wound goes unsaved: one minus the
// chance of the special save the engine picks.
func unsavedOne(t *testing.T, attack, profile string) string {
	t.Helper()
	src := fmt.Sprintf("ruleset: t9a\nattacks:\n  - count: 1\n    strength: 10\n%s\ntarget:\n  models: 1\n  toughness: 1\n%s\n", attack, profile)
	f, err := Load("special.yaml", []byte(src))
	if err != nil {
		t.Fatalf("%s", err)
	}
	u, attacks, err := f.Build()
	if err != nil {
		t.Fatal(err)
	}
	res, err := odds.Exact(context.Background(), u, attacks, odds.Config{})
	if err != nil {
		t.Fatal(err)
	}
	// S10 against Resilience 1 wounds on 2+ (t9a: a natural 1 fails).
	p := res.Unsaved.AtLeast(1)
	return p.Quo(p, big.NewRat(5, 6)).RatString()
}

// TestConditionalSpecialSaves checks the conditional Aegis and
// Regeneration of RULES.md 8.2 through the file: a save works only against
// the attacks its conditions name, and the engine picks only among the saves
// that apply (E36). t9a's special saves fail on a natural 1 or 2, so 4+
// saves 1/2, 5+ 1/3 and 6+ 1/6.
func TestConditionalSpecialSaves(t *testing.T) {
	const (
		melee    = "    phase: melee"
		flaming  = "    phase: melee\n    flaming: true"
		shooting = "    phase: shooting"
		magic    = "    phase: magic"
	)
	tests := []struct {
		name, attack, profile string
		want                  string // the chance the wound is not saved
	}{
		{"E36 Regeneration 4+ and Aegis 6+, Flaming", flaming, "  regeneration: 4+\n  aegis: 6+", "5/6"},
		{"Aegis 4+ against flaming, a Flaming attack", flaming, "  aegis: 4+\n  aegis_against: flaming", "1/2"},
		{"Aegis 4+ against flaming, a plain attack", melee, "  aegis: 4+\n  aegis_against: flaming", "1"},
		{"Aegis 4+ against shooting, shot", shooting, "  aegis: 4+\n  aegis_against: shooting", "1/2"},
		{"Aegis 4+ against shooting, in melee", melee, "  aegis: 4+\n  aegis_against: shooting", "1"},
		{"Aegis 4+ against [melee, magic], a spell", magic, "  aegis: 4+\n  aegis_against: [melee, magic]", "1/2"},
		{"Aegis 4+ against [melee, magic], shot", shooting, "  aegis: 4+\n  aegis_against: [melee, magic]", "1"},
		// E36's choice among the saves that apply: the better Aegis works
		// only in melee, so a shot rolls the worse Regeneration.
		{"Aegis 4+ in melee and Regeneration 5+, in melee", melee, "  aegis: 4+\n  aegis_against: melee\n  regeneration: 5+", "1/2"},
		{"Aegis 4+ in melee and Regeneration 5+, shot", shooting, "  aegis: 4+\n  aegis_against: melee\n  regeneration: 5+", "2/3"},
		{"Regeneration 4+ against shooting and Aegis 6+, shot", shooting, "  regeneration: 4+\n  regeneration_against: shooting\n  aegis: 6+", "1/2"},
		{"Regeneration 4+ against shooting and Aegis 6+, in melee", melee, "  regeneration: 4+\n  regeneration_against: shooting\n  aegis: 6+", "5/6"},
		// Flaming still stops Regeneration whatever its conditions (8.2).
		{"Regeneration 4+ against flaming, a Flaming attack", flaming, "  regeneration: 4+\n  regeneration_against: flaming", "1"},
		// Regeneration (+k), RULES.md 8.2: improves by k, never past 3+;
		// without Regeneration the model gains (7-k)+.
		{"Regeneration 5+ (+1) is 4+", melee, "  regeneration: 5+\n  regeneration_plus: 1", "1/2"},
		{"Regeneration 5+ (+3) stops at 3+", melee, "  regeneration: 5+\n  regeneration_plus: 3", "1/3"},
		{"no Regeneration, (+2) gains 5+", melee, "  regeneration_plus: 2", "2/3"},
		{"no Regeneration, (+1) gains 6+, against shooting, shot", shooting, "  regeneration_plus: 1\n  regeneration_against: shooting", "5/6"},
		{"Regeneration (+2) and a Flaming attack", flaming, "  regeneration_plus: 2", "1"},
	}
	for _, tt := range tests {
		if got := unsavedOne(t, tt.attack, tt.profile); got != tt.want {
			t.Errorf("%s: P(unsaved) = %s, want %s", tt.name, got, tt.want)
		}
	}
}

func TestConditionalSpecialSaveErrors(t *testing.T) {
	tests := []struct{ name, ruleset, profile, want string }{
		{"a condition without the save", "t9a", "  aegis_against: flaming", "target.aegis_against: limits aegis, which this model does not have"},
		{"regeneration_against without Regeneration", "t9a", "  regeneration_against: shooting", "target.regeneration_against: limits regeneration"},
		{"an unknown condition", "t9a", "  aegis: 4+\n  aegis_against: [flaming, fire]", `condition "fire": want flaming, shooting, melee or magic`},
		{"a number", "t9a", "  aegis: 4+\n  aegis_against: 4", "want flaming, shooting, melee or magic"},
		{"whfb8 has no conditional saves", "whfb8", "  regeneration: 4+\n  regeneration_against: shooting", "whfb8 does not read regeneration_against (t9a only)"},
		{"whfb8 has no Regeneration (+k)", "whfb8", "  regeneration_plus: 1", "whfb8 does not read regeneration_plus (t9a only)"},
		{"Regeneration (+7)", "t9a", "  regeneration_plus: 7", "want 0 to 6"},
	}
	for _, tt := range tests {
		src := fmt.Sprintf("ruleset: %s\nattacks:\n  - count: 1\n    strength: 3\ntarget:\n  models: 1\n  toughness: 3\n%s\n", tt.ruleset, tt.profile)
		_, err := Load("x.yaml", []byte(src))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

func TestAgainstRoundTrip(t *testing.T) {
	src := "ruleset: t9a\nattacks:\n  - count: 1\n    strength: 3\ntarget:\n  models: 1\n  toughness: 3\n  aegis: 4+\n  aegis_against: [shooting, flaming]\n  regeneration_against: magic\n  regeneration_plus: 2\n"
	f, err := Load("x.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if p := f.Target.Profile; p.AegisAgainst != rules.AgainstFlaming|rules.AgainstShooting || p.RegenerationAgainst != rules.AgainstMagic || p.RegenerationPlus != 2 {
		t.Fatalf("loaded %+v", p)
	}
	out, err := f.MarshalYAML()
	if err != nil {
		t.Fatal(err)
	}
	g, err := Load("y.yaml", out)
	if err != nil {
		t.Fatalf("reloading:\n%s\n%v", out, err)
	}
	if g.Target.Profile != f.Target.Profile {
		t.Errorf("round trip: %+v, want %+v", g.Target.Profile, f.Target.Profile)
	}
}
