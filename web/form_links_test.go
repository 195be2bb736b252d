package web

import (
	"net/url"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
)

// TestShortLinks: a link that gives a few fields is the ruleset's default
// form with those fields applied (issue 26, item 12): "/?ruleset=tow"
// answered 400 with an empty form, and "/?a0.strength=5" alone was
// ignored. A link of the page's own, which names every part's key fields,
// keeps an empty field empty.
func TestShortLinks(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for _, c := range []struct {
		path  string
		want  []string // in the page
		check func(t *testing.T, f form)
	}{
		{"/?ruleset=tow", []string{`<option value="tow" data-doc=`, `id="a0-count" name="a0.count" value="10"`, `id="t-models" name="t.models" value="20"`, `id="results-title"`}, nil},
		{"/?a0.strength=5", []string{`id="a0-strength" name="a0.strength" value="5"`, `id="a0-count" name="a0.count" value="10"`, `id="a0-to-hit" name="a0.to_hit" value="4&#43;"`, `id="results-title"`},
			func(t *testing.T, f form) {
				if f.Ruleset != "whfb8" || f.Target["name"] != "Spearmen" || f.Target["champion"] != "1" {
					t.Errorf("ruleset %q, target %v: want whfb8 and the default spearmen", f.Ruleset, f.Target)
				}
			}},
		{"/?ruleset=t9a&a0.ap=1", nil, func(t *testing.T, f form) {
			// t9a's target has an Armour of 2 for the spearmen's light
			// armour and shield (the same 5+).
			file, err := f.scenario()
			if err != nil {
				t.Fatal(err)
			}
			if tg := file.Target; tg.ArmourValue != 2 || tg.Toughness != 3 || file.Attacks[0].AP != 1 {
				t.Errorf("t9a: armour value %d, toughness %d, AP %d; want 2, 3, 1", tg.ArmourValue, tg.Toughness, file.Attacks[0].AP)
			}
		}},
		{"/?ruleset=whfb8&t.models=12&t.toughness=4&t.name=Orcs", nil, func(t *testing.T, f form) {
			// A target that names Models or Toughness is the link's
			// own, as given: no shields, no command group.
			file, err := f.scenario()
			if err != nil {
				t.Fatal(err)
			}
			if tg := file.Target; tg.Toughness != 4 || tg.Models != 12 || tg.Shield || tg.Name != "Orcs" || len(tg.Command) != 0 {
				t.Errorf("target %+v: want 12 Orcs of Toughness 4 without shields or command", tg)
			}
		}},
		{"/?ruleset=whfb8&t.shield=0&t.champion=&a1.strength=6", nil, func(t *testing.T, f form) {
			// a box is unticked by naming it; a second short row is the
			// default row too.
			file, err := f.scenario()
			if err != nil {
				t.Fatal(err)
			}
			if file.Target.Shield || file.Target.HasCommand("champion") || !file.Target.HasCommand("musician") {
				t.Errorf("shield %v, champion %v, musician %v: want no shield, no champion, a musician",
					file.Target.Shield, file.Target.HasCommand("champion"), file.Target.HasCommand("musician"))
			}
			if len(file.Attacks) != 2 || file.Attacks[0].Strength != 4 || file.Attacks[1].Strength != 6 || file.Attacks[1].Count.String() != "10" {
				t.Errorf("attacks %+v: want the default row, then it at Strength 6", file.Attacks)
			}
		}},
		{"/?ruleset=skirmish&a0.strength=4", []string{`id="results-title"`}, func(t *testing.T, f form) {
			file, err := f.scenario()
			if err != nil || file.Ruleset != rules.Skirmish || file.Target.Models != 1 {
				t.Errorf("skirmish short link: %v, %+v", err, file)
			}
		}},
	} {
		w := do(t, h, "GET", c.path, "", "")
		if w.Code != 200 {
			t.Errorf("%s: %d, want 200", c.path, w.Code)
		}
		body := w.Body.String()
		for _, want := range c.want {
			if !strings.Contains(body, want) {
				t.Errorf("%s: the page lacks %s", c.path, want)
			}
		}
		if c.check != nil {
			u, _ := url.Parse(c.path)
			t.Run(c.path, func(t *testing.T) { c.check(t, parseForm(u.Query())) })
		}
	}
	// The page's own links keep an empty field empty: the attack row
	// names its count, and the target its required fields, even empty.
	q := with(spearmenQuery(), "a0.count", "")
	q.Set("a0.count", "")
	if w := do(t, h, "GET", "/?"+q.Encode(), "", ""); w.Code != 400 || !strings.Contains(w.Body.String(), `id="a0-count-error">`) {
		t.Errorf("an emptied count: %d, want 400 with the count's error", w.Code)
	}
	f := parseForm(spearmenQuery())
	f.Target["models"], f.Target["toughness"] = "", ""
	if back := parseForm(f.values()); back.Target["models"] != "" || back.Target["toughness"] != "" || back.Target["name"] != "Spearmen" {
		t.Errorf("a link of a target with empty Models and Toughness came back as %v", back.Target)
	}
}

// TestRulesetSwitchKeepsValues: a change of ruleset without script keeps
// what the player typed for the rulesets that read it (issue 26, item 6).
// Skirmish fights one warrior: the page hides Models instead of writing 1
// over the 20 typed, and the GET carries the 20 in a hidden input, as it
// carries every hidden field's value (t9a's Armour under whfb8), so that
// the switch back finds them. The file never sees them.
func TestRulesetSwitchKeepsValues(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	body := page(t, h, "/?"+with(spearmenQuery(), "ruleset", "skirmish").Encode())
	for _, want := range []string{`<input type="hidden" name="t.models" value="20" data-keep>`, `<input type="hidden" name="t.champion" value="1" data-keep>`} {
		if !strings.Contains(body, want) {
			t.Errorf("skirmish: the page lacks %s", want)
		}
	}
	if !strings.Contains(body, `id="t-models" name="t.models" value="20" data-field="target.models" min="1" max="1000" required data-msg="Models is a whole number from 1 to 1000" disabled`) {
		t.Errorf("skirmish: Models is not drawn hidden and disabled with the 20 typed")
	}
	// The carriers make the GET of the switch back, and the 20 is there.
	back := with(spearmenQuery(), "ruleset", "whfb8")
	f := parseForm(back)
	if f.Target["models"] != "20" {
		t.Errorf("back in whfb8: models %q, want 20", f.Target["models"])
	}
	// t9a's Armour, hidden under whfb8, is carried too, and left out of
	// whfb8's file.
	body = page(t, h, "/?"+with(spearmenQuery(), "t.armour_value", "3").Encode())
	if !strings.Contains(body, `<input type="hidden" name="t.armour_value" value="3" data-keep>`) {
		t.Errorf("whfb8: t9a's Armour 3 is not carried")
	}
	file, err := parseForm(with(spearmenQuery(), "t.armour_value", "3")).scenario()
	if err != nil || file.Target.ArmourValue != 0 {
		t.Errorf("whfb8 with a carried Armour: %v, armour value %d", err, file.Target.ArmourValue)
	}
	// A field the ruleset reads has no carrier.
	if strings.Contains(page(t, h, "/?"+spearmenQuery().Encode()), `name="t.models" value="20" data-keep`) {
		t.Errorf("whfb8: Models is carried although shown")
	}
}
