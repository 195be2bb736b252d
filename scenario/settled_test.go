package scenario

import (
	"context"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/odds"
)

// The points RULES.md 22.18 settled, which files once refused: each is
// read, and what it does is checked in exact numbers.

// settledOdds loads src and returns its exact odds.
func settledOdds(t *testing.T, src string) *odds.Result {
	t.Helper()
	f, err := Load("settled.yaml", []byte(src))
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
	return res
}

// TestHatredOnAutomaticHitsRead: hatred on a group that hits
// automatically is read and does nothing (20.1, 22.18): 2 automatic hits
// at S4 v T4 make 1 unsaved wound on average, as without it.
func TestHatredOnAutomaticHitsRead(t *testing.T) {
	const src = "ruleset: whfb8\nattacks:\n  - {count: 2, phase: melee, strength: 4, hatred: true}\ntarget: {models: 5, toughness: 4}\n"
	if got := settledOdds(t, src).Unsaved.Mean().RatString(); got != "1" {
		t.Errorf("mean unsaved %s, want 1", got)
	}
}

// TestKillingAndCleavingBlowOwnScoresRead: a tow attack with killing_blow
// 6+ and cleaving_blow 5+ is read, each blow firing on its own score
// (22.3, 22.18). One automatic hit in close combat, S4 v T4, Multiple
// Wounds 2, on W3 infantry with armour 3+ and Regeneration 4+: a 6 slays
// (3 Wounds, 1/6), a 5 cleaves (2 Wounds, no armour, no Regeneration), a
// 4 is saved on 3+ (2 Wounds with 1/3, regenerated or not, still counted):
// P(casualty) 1/6, Wounds for combat result 3/6 + 2/6 + 2/18 = 17/18.
func TestKillingAndCleavingBlowOwnScoresRead(t *testing.T) {
	res := settledOdds(t, "ruleset: tow\nattacks:\n  - {count: 1, phase: melee, strength: 4, multiple_wounds: 2, killing_blow: 6+, cleaving_blow: 5+}\n"+
		"target: {models: 2, troop_type: infantry, toughness: 4, wounds: 3, armour_save: 3+, regeneration: 4+}\n")
	if got := res.Casualties.AtLeast(1).RatString(); got != "1/6" {
		t.Errorf("P(casualty) %s, want 1/6", got)
	}
	if got := res.Wounds.Mean().RatString(); got != "17/18" {
		t.Errorf("mean Wounds %s, want 17/18", got)
	}
}

// TestFrontageWiderThanUnitRead: in every block ruleset a frontage wider
// than the unit is read (22.18): the unit stands in one rank of all its
// models, characters included, and its notes say so. Three hits at S4 v
// T3 (3+) on one model with no save: it falls with 1 - (1/3)^3 = 26/27.
func TestFrontageWiderThanUnitRead(t *testing.T) {
	for _, rs := range []string{"battleaxe", "whfb8", "t9a", "t9a1-ru", "tow"} {
		src := "ruleset: " + rs + "\nattacks:\n  - {count: 3, strength: 4}\ntarget: {models: 1, frontage: 5, toughness: 3}\n"
		f, err := Load("settled.yaml", []byte(src))
		if err != nil {
			t.Fatalf("%s: %s", rs, err)
		}
		u, _, err := f.Build()
		if err != nil {
			t.Fatalf("%s: %v", rs, err)
		}
		want := "frontage 5 is wider than the unit's 1 model: it stands in one rank of 1 file (rules 19.1)"
		if n := u.Notes(); len(n) != 1 || n[0].String() != want || u.Draw() != "[R]" {
			t.Errorf("%s: %s, notes %q; want [R] and %q", rs, u.Draw(), n, want)
		}
		if got := settledOdds(t, src).Casualties.AtLeast(1).RatString(); got != "26/27" {
			t.Errorf("%s: P(casualty) %s, want 26/27", rs, got)
		}
	}
	// A character stands in the one rank too: 2 models and a hero are 3 files.
	f, err := Load("settled.yaml", []byte("ruleset: whfb8\nattacks:\n  - {count: 1, strength: 4}\n"+
		"target: {models: 2, frontage: 6, toughness: 3, characters: [{name: Hero, toughness: 4, wounds: 2, slot: 2}]}\n"))
	if err != nil {
		t.Fatal(err)
	}
	u, _, err := f.Build()
	if err != nil {
		t.Fatal(err)
	}
	if got := u.Draw(); got != "[R R H]" {
		t.Errorf("two models and a hero in slot 2, frontage 6: %s, want [R R H]", got)
	}
	if _, err := Load("settled.yaml", []byte("ruleset: whfb8\nattacks:\n  - {count: 1, strength: 4}\n"+
		"target: {models: 2, frontage: 6, toughness: 3, characters: [{name: Hero, toughness: 4, wounds: 2, slot: 4}]}\n")); err == nil ||
		!strings.Contains(err.Error(), "slot 4 is outside the front rank of 3 files") {
		t.Errorf("a hero in slot 4 of a one-rank unit of 3: %v, want the slot refused", err)
	}
}
