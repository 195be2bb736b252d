package web

import (
	"reflect"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// TestFormNewSaveFields (issue 26, item 15): the form has inputs, with
// labels in words, for a batch, the conditional saves and Regeneration
// (+k), the target's and the champion's own, shown to the rulesets that
// read them; and the champion's overrides go from a link to the file, and
// from a file to the link and back, unchanged.
func TestFormNewSaveFields(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	body := page(t, h, "/?"+with(spearmenQuery(), "ruleset", "t9a", "t.armour", "", "t.shield", "").Encode())
	for _, want := range []string{
		`<label for="a0-batch">Batch</label>`,
		`<label for="t-aegis-against">Aegis only against</label>`,
		`<label for="t-regeneration-against">Regeneration only against</label>`,
		`<label for="t-regeneration-plus">Regeneration (&#43;k)</label>`,
		`<label for="t-champion-aegis-against">Champion&#39;s Aegis only against</label>`,
		`<label for="t-champion-regeneration-against">Champion&#39;s Regeneration only against</label>`,
		`<label for="t-champion-regeneration-plus">Champion&#39;s Regeneration (&#43;k)</label>`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("t9a: the page lacks %s", want)
		}
	}
	q := with(spearmenQuery(), "ruleset", "t9a", "t.armour", "", "t.shield", "", "t.armour_value", "2", "t.aegis", "5+", "t.regeneration", "5+",
		"t.champion.aegis_against", "flaming", "t.champion.regeneration_against", "melee, shooting", "t.champion.regeneration_plus", "2")
	file, err := parseForm(q).scenario()
	if err != nil {
		t.Fatal(err)
	}
	flaming, meleeShooting, two := rules.AgainstFlaming, rules.AgainstMelee|rules.AgainstShooting, 2
	want := scenario.Champion{AegisAgainst: &flaming, RegenerationAgainst: &meleeShooting, RegenerationPlus: &two}
	if got := file.Target.Champion; got == nil || !reflect.DeepEqual(*got, want) {
		t.Fatalf("champion %+v, want %+v", got, want)
	}
	back, err := parseForm(fileForm(file, tabOdds).values()).scenario()
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Target.Champion; got == nil || !reflect.DeepEqual(*got, want) {
		t.Errorf("the file to the form and back: champion %+v, want %+v", got, want)
	}
	// whfb8 reads none of them: the inputs are hidden, and carried.
	body = page(t, h, "/?"+with(q, "ruleset", "whfb8", "t.armour", "light").Encode())
	if !strings.Contains(body, `<input type="hidden" name="t.champion.regeneration_plus" value="2" data-keep>`) {
		t.Errorf("whfb8: the champion's Regeneration (+k) is not carried")
	}
}
