package web

import (
	"encoding/json"
	"html"
	"net/url"
	"strings"
	"testing"
)

// ownerSS is a t9a troll unit whose owner would choose its special save
// (RULES.md 8, 18): Divine Attacks re-roll a passed Aegis, so the engine's
// default, best, takes Regeneration 5+.
const ownerSS = `ruleset: t9a
options: {special_save_choice: owner_choice}
attacks:
  - {name: Priests, count: 1, strength: 5, divine_attacks: true}
target: {name: Trolls, models: 3, toughness: 4, wounds: 3, aegis: 4+, regeneration: 5+}
`

const ownerNote = "special_save_choice is owner_choice, and nobody is asked here: the engine's default (best) stands in"

// TestOwnerChoiceStandsIn: nobody is asked on the web, so an owner_choice
// switch takes the engine's default (RULES.md 18) in every answer, which
// says so in stand_ins (the API) or in a note (the page), instead of a 422.
func TestOwnerChoiceStandsIn(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	plain := strings.Replace(ownerSS, "options: {special_save_choice: owner_choice}\n", "", 1)
	standIns := func(v map[string]any) string {
		t.Helper()
		list, _ := v["stand_ins"].([]any)
		if len(list) != 1 {
			t.Fatalf("stand_ins %v, want one", v["stand_ins"])
		}
		m := list[0].(map[string]any)
		return m["switch"].(string) + "=" + m["default"].(string) + ": " + m["note"].(string)
	}
	want := "special_save_choice=best: " + ownerNote

	t.Run("odds", func(t *testing.T) {
		got := decode[map[string]any](t, do(t, h, "POST", "/api/odds?exact=1", "application/yaml", ownerSS), 200)
		def := decode[map[string]any](t, do(t, h, "POST", "/api/odds?exact=1", "application/yaml", plain), 200)
		if s := standIns(got); s != want {
			t.Errorf("stand-in %q, want %q", s, want)
		}
		if _, ok := def["stand_ins"]; ok {
			t.Errorf("stand_ins without an owner_choice switch: %v", def["stand_ins"])
		}
		delete(got, "stand_ins")
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(def)
		if string(a) != string(b) {
			t.Errorf("owner_choice odds differ from the default's:\n%s\n%s", a, b)
		}
		if st := got["stages"].([]any)[0].(map[string]any); st["special_kind"] != "regeneration" || st["special_failed"] != "2/3" {
			t.Errorf("special save %v fails %v, want regeneration failing 2/3", st["special_kind"], st["special_failed"])
		}
	})
	t.Run("resolve", func(t *testing.T) {
		got := decode[map[string]any](t, do(t, h, "POST", "/api/resolve?dice=6,5", "application/yaml", ownerSS), 200)
		if s := standIns(got); s != want {
			t.Errorf("stand-in %q, want %q", s, want)
		}
		// the 5 is saved by Regeneration 5+, as the default rolls it
		if tally := got["tally"].(map[string]any); tally["unsaved"] != 0.0 {
			t.Errorf("unsaved %v, want 0: %v", tally["unsaved"], got["events"])
		}
		staged := decode[map[string]any](t, do(t, h, "POST", "/api/resolve?partial=1&dice=6", "application/yaml", ownerSS), 200)
		if s := standIns(staged); s != want {
			t.Errorf("partial: stand-in %q, want %q", s, want)
		}
	})
	t.Run("combat", func(t *testing.T) {
		body := strings.Replace(duelYAML, "ruleset: whfb8\n", "ruleset: whfb8\noptions: {single_rank_policy: owner_choice}\n", 1)
		for _, q := range []string{"exact=1", "seed=3", "n=200&seed=3"} {
			v := combatBody(t, do(t, h, "POST", "/api/combat?"+q, "application/yaml", body), 200)
			if s := standIns(v); s != "single_rank_policy=balance: single_rank_policy is owner_choice, and nobody is asked here: the engine's default (balance) stands in" {
				t.Errorf("%s: stand-in %q", q, s)
			}
		}
		v := combatBody(t, do(t, h, "POST", "/api/combat?exact=1", "application/yaml", body), 200)
		def := combatBody(t, do(t, h, "POST", "/api/combat?exact=1", "application/yaml", duelYAML), 200)
		if v["a_wins"] != def["a_wins"] || v["a_wins"] != "464/729" {
			t.Errorf("a wins %v, want the default's %v (464/729)", v["a_wins"], def["a_wins"])
		}
		page := do(t, h, "GET", "/combat?"+url.Values{"file": {body}}.Encode(), "", "")
		contains(t, "combat page", html.UnescapeString(page.Body.String()), `<p class="note stand-in">single_rank_policy is owner_choice, and nobody is asked here: the engine's default (balance) stands in</p>`)
	})
	t.Run("page", func(t *testing.T) {
		q := with(spearmenQuery(), "opt.single_rank_policy", "owner_choice")
		note := `<p class="note stand-in">single_rank_policy is owner_choice, and nobody is asked here: the engine's default (balance) stands in</p>`
		for _, tab := range []url.Values{q, with(q, "tab", "resolve", "seed", "2"), with(q, "tab", "resolve", "dice", "6 6")} {
			w := do(t, h, "GET", "/?"+tab.Encode(), "", "")
			if w.Code != 200 {
				t.Fatalf("%v: status %d", tab, w.Code)
			}
			contains(t, tab.Get("tab")+" tab", html.UnescapeString(w.Body.String()), note)
		}
	})
}
