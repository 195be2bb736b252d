package web

import (
	"fmt"
	"html"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// selectOptions returns the options of the select id on a page: each
// option's value, and those it hides.
func selectOptions(t *testing.T, body, id string) (shown, hidden []string) {
	t.Helper()
	sel := regexp.MustCompile(`(?s)<select id="` + id + `".*?</select>`).FindString(body)
	if sel == "" {
		t.Fatalf("no select %s on the page", id)
	}
	for _, m := range regexp.MustCompile(`<option value="([^"]*)"([^>]*)>`).FindAllStringSubmatch(sel, -1) {
		if strings.Contains(m[2], " hidden") {
			hidden = append(hidden, html.UnescapeString(m[1]))
		} else {
			shown = append(shown, html.UnescapeString(m[1]))
		}
	}
	return shown, hidden
}

// TestTroopTypeChoices: the form offers, under each ruleset, the troop
// types the scenario loader takes for it and no other (tow: its
// sub-categories, no monstrous_beast; the others the reverse; a3 F16), for
// the unit and the champion alike. Without script this is the page the
// server draws; the others stay in the select, hidden, for the script to
// show when the ruleset changes.
func TestTroopTypeChoices(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for _, rs := range rules.Rulesets() {
		var loads []string
		for _, tt := range rules.TroopTypeNames() {
			src := fmt.Sprintf("ruleset: %s\nattacks: [{count: 1, to_hit: 4+, strength: 3}]\ntarget: {models: 1, toughness: 3, troop_type: %s}\n", rs, tt)
			if _, err := scenario.Load("t.yaml", []byte(src)); err == nil {
				loads = append(loads, tt)
			} else if !strings.Contains(err.Error(), "troop_type") {
				t.Fatalf("%s %s: %v", rs, tt, err)
			}
		}
		q := url.Values{"ruleset": {rs.String()}, "a0.count": {"1"}, "a0.strength": {"3"}, "t.models": {"5"}, "t.toughness": {"3"}}
		w := do(t, h, "GET", "/?"+q.Encode(), "", "")
		if w.Code != 200 {
			t.Fatalf("%s: status %d: %s", rs, w.Code, w.Body.String())
		}
		shown, hidden := selectOptions(t, w.Body.String(), "t-troop-type")
		if !slices.Equal(shown, loads) || len(shown)+len(hidden) != len(rules.TroopTypeNames()) {
			t.Errorf("%s: the form offers %v (hides %v); the loader takes %v", rs, shown, hidden, loads)
		}
		if rs.Block() {
			champ, _ := selectOptions(t, w.Body.String(), "t-champion-troop-type")
			if !slices.Equal(champ, append([]string{""}, loads...)) {
				t.Errorf("%s: the champion's troop types %v; the loader takes %v", rs, champ, loads)
			}
		}
	}
	// A link that names one the ruleset does not read keeps it chosen, so
	// that the error beside it makes sense, and the script knows what to
	// put in its place.
	q := url.Values{"ruleset": {"whfb8"}, "a0.count": {"1"}, "a0.strength": {"3"}, "t.models": {"5"}, "t.toughness": {"3"}, "t.troop_type": {"heavy_cavalry"}}
	body := do(t, h, "GET", "/?"+q.Encode(), "", "").Body.String()
	contains(t, "whfb8 with heavy_cavalry", body,
		`<option value="heavy_cavalry" data-rulesets="tow" data-instead="cavalry" selected>`,
		`<option value="light_cavalry" data-rulesets="tow" data-instead="cavalry" hidden disabled>`,
		"whfb8 does not read heavy_cavalry (tow only): write cavalry")
	q.Set("ruleset", "tow")
	q.Set("t.troop_type", "infantry")
	body = do(t, h, "GET", "/?"+q.Encode(), "", "").Body.String()
	contains(t, "tow", body, `<option value="monstrous_beast" data-rulesets="battleaxe whfb8 t9a t9a1-ru skirmish" data-instead="war_beast" hidden disabled>`)
}

// TestSwitchChoices: each option's select offers, under each ruleset, the
// values the scenario loader takes for it there and no other (owner_choice
// for multi_packet_order is tow's alone; battleaxe applies packets as
// listed), the others hidden for the script to show when the ruleset
// changes.
func TestSwitchChoices(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	checked := 0
	for _, rs := range rules.Rulesets() {
		q := url.Values{"ruleset": {rs.String()}, "a0.count": {"1"}, "a0.strength": {"3"}, "t.models": {"5"}, "t.toughness": {"3"}}
		w := do(t, h, "GET", "/?"+q.Encode(), "", "")
		if w.Code != 200 {
			t.Fatalf("%s: status %d: %s", rs, w.Code, w.Body.String())
		}
		for _, sw := range rules.Switches() {
			if sw.Values == nil || !sw.AppliesTo(rs) {
				continue
			}
			models, also := 5, ""
			if !rs.Block() {
				models = 1 // a warrior
			}
			if sw.Name == "too_tough_blocks_poison" {
				also = ", poisoned_attacks: auto_wound" // its switch alone (RULES.md 22.13)
			}
			var loads []string
			for _, v := range sw.Values {
				src := fmt.Sprintf("ruleset: %s\noptions: {%s: %s%s}\nattacks: [{count: 1, to_hit: 4+, strength: 3}]\ntarget: {models: %d, toughness: 3}\n", rs, sw.Name, v, also, models)
				if _, err := scenario.Load("t.yaml", []byte(src)); err == nil {
					loads = append(loads, v)
				}
			}
			shown, _ := selectOptions(t, w.Body.String(), "opt-"+strings.ReplaceAll(sw.Name, "_", "-"))
			if !slices.Equal(shown, loads) {
				t.Errorf("%s %s: the form offers %v; the loader takes %v", rs, sw.Name, shown, loads)
			}
			checked++
		}
	}
	if checked < 30 {
		t.Errorf("checked %d selects, want every switch of every ruleset", checked)
	}
}

// TestAPLabelPerRuleset: the AP field is t9a's Armour Penetration and The
// Old World's Armour Piercing (RULES.md 22.16); the page shows the words of
// the ruleset chosen and switches them with it (data-rulesets).
func TestAPLabelPerRuleset(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for rs, want := range map[string][2]string{
		"tow": {`<span data-rulesets="t9a" hidden>Armour Penetration (AP)</span>`, `<span data-rulesets="tow">Armour Piercing (AP)</span>`},
		"t9a": {`<span data-rulesets="t9a">Armour Penetration (AP)</span>`, `<span data-rulesets="tow" hidden>Armour Piercing (AP)</span>`},
	} {
		q := url.Values{"ruleset": {rs}, "a0.count": {"1"}, "a0.strength": {"3"}, "t.models": {"5"}, "t.toughness": {"3"}}
		contains(t, rs, page(t, h, "/?"+q.Encode()), `<label for="a0-ap">`+want[0]+want[1]+`</label>`)
	}
}
