package web

import (
	"errors"
	"maps"
	"net/url"
	"reflect"
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

// TestFormChampionOwnProfile: the champion's own profile (issue 14) goes
// from the form's inputs to the scenario, from a file to the page's link
// and back, and an error in it marks its input.
func TestFormChampionOwnProfile(t *testing.T) {
	q := url.Values{"ruleset": {"tow"}, "a0.count": {"1"}, "a0.strength": {"3"}, "a0.target": {"champion"},
		"t.models": {"5"}, "t.toughness": {"3"}, "t.armour": {"light"}, "t.shield": {"1"}, "t.parry": {"1"}, "t.champion": {"1"},
		"t.champion.troop_type": {"heavy_infantry"}, "t.champion.armour_save": {"3+"}, "t.champion.parry": {"no"},
		"t.champion.flammable": {"yes"}, "t.champion.wounds": {"2"}, "t.champion.ward": {"0"}, "t.champion.damage": {"1"}}
	file, err := parseForm(q).scenario()
	if err != nil {
		t.Fatal(err)
	}
	no, yes, two := false, true, 2
	heavy, three, none := rules.HeavyInfantry, rules.Need(3), rules.None
	want := scenario.Champion{TroopType: &heavy, Wounds: &two, Ward: &none, ArmourSave: &three, Parry: &no, Flammable: &yes, Damage: 1}
	if got := file.Target.Champion; got == nil || !reflect.DeepEqual(*got, want) {
		t.Errorf("champion %+v, want %+v", got, want)
	}
	back, err := parseForm(fileForm(file, tabOdds).values()).scenario()
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Target.Champion; got == nil || !reflect.DeepEqual(*got, want) {
		t.Errorf("file to the form and back: champion %+v, want %+v", got, want)
	}
	// whfb8 reads no armour_save, parry or flammable: they are dropped
	// (a troop type tow alone has is an error, as the unit's is).
	q8 := maps.Clone(q)
	delete(q8, "t.champion.troop_type")
	w8, dropped, err := parseForm(q8).scenarioFor(rules.WHFB8)
	if err != nil {
		t.Fatalf("whfb8: %v", err)
	}
	if c := w8.Target.Champion; c.ArmourSave != nil || c.Parry != nil || c.Flammable != nil || *c.Wounds != 2 {
		t.Errorf("whfb8 champion %+v: want his wounds only", c)
	}
	if !slices.Contains(dropped, "champion.armour_save") {
		t.Errorf("whfb8 dropped %v, want champion.armour_save among them", dropped)
	}
	// An error in his profile marks his input.
	q.Set("t.champion.wounds", "1")
	q.Set("t.champion.damage", "3")
	_, err = parseForm(q).scenario()
	var se *scenario.Error
	if !errors.As(err, &se) || inputName(se.Field) != "t.champion.damage" {
		t.Errorf("damage beyond his wounds: %v, want an error at t.champion.damage", err)
	}
}
