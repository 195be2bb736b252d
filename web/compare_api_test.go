package web

import (
	"strings"
	"testing"
)

type compareNotesJSON struct {
	Variant string         `json:"variant"`
	Notes   []string       `json:"notes"`
	Odds    map[string]any `json:"odds"`
}

func meanOf(e compareNotesJSON) any { return e.Odds["casualties"].(map[string]any)["mean"] }

// TestCompareAcrossRulesets: a ruleset that writes the armour another way
// gets it translated, with a note, instead of a refusal (issue 10 item
// 16). 20 shots hitting on 4+ (1/2), wounding T3 with S4 on 3+ (2/3,
// RULES.md 6.1): battleaxe's light armour and shield give 5+, 6+ against
// S4 (7.1), so 5/6 go through: 20 x 1/2 x 2/3 x 5/6 = 50/9. In t9a they are
// Armour 2, and Strength 4's -1 is carried over as AP 1, since only AP
// worsens t9a's saves (7.2): 6+ again, 50/9 (it was dropped: 40/9).
func TestCompareAcrossRulesets(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	got := decode[[]compareNotesJSON](t, do(t, h, "POST", "/api/compare?rulesets=battleaxe,t9a&exact=1", "application/json", crossbowsJSON), 200)
	if len(got) != 2 || got[0].Variant != "battleaxe" || got[1].Variant != "t9a" {
		t.Fatalf("variants: %+v", got)
	}
	if meanOf(got[0]) != "50/9" || meanOf(got[1]) != "50/9" {
		t.Errorf("means %v and %v, want 50/9 and 50/9", meanOf(got[0]), meanOf(got[1]))
	}
	if len(got[0].Notes) != 0 || strings.Join(got[1].Notes, "\n") != "attacks[0]: the save modifier of Strength 4 (-1) carried over as ap 1 (Strength does not worsen saves in t9a)\ntarget: light armour, shield (5+) carried over as armour_value 2 (5+)" {
		t.Errorf("notes: %q and %q", got[0].Notes, got[1].Notes)
	}
}

// TestCompareScenariosAndSets: several scenarios side by side, labelled,
// and a field variant of the first. S5 wounds T3 on 2+ and leaves no save
// (5+ with -2, RULES.md 7.1): 20 x 1/2 x 5/6 = 25/3. S3 wounds on 4+ and
// the 5+ save stands: 20 x 1/2 x 1/2 x 2/3 = 10/3.
func TestCompareScenariosAndSets(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	s5 := strings.Replace(crossbowsJSON, `"strength": 4`, `"strength": 5`, 1)
	body := `{"scenario": ` + crossbowsJSON + `, "scenarios": [` + s5 + `], "labels": ["S4", "S5"], "sets": ["attacks[0].strength=3"], "exact": true}`
	got := decode[[]compareNotesJSON](t, do(t, h, "POST", "/api/compare", "application/json", body), 200)
	var labels, means []string
	for _, e := range got {
		labels = append(labels, e.Variant)
		means = append(means, meanOf(e).(string))
	}
	if strings.Join(labels, "|") != "S4|S5|S4 attacks[0].strength=3" || strings.Join(means, " ") != "50/9 25/3 10/3" {
		t.Errorf("columns %q, means %q", labels, means)
	}
	// Without labels the columns are numbered.
	got = decode[[]compareNotesJSON](t, do(t, h, "POST", "/api/compare", "application/json", `{"scenario": `+crossbowsJSON+`, "scenarios": [`+s5+`]}`), 200)
	if len(got) != 2 || got[0].Variant != "variant 1" || got[1].Variant != "variant 2" {
		t.Errorf("default labels: %+v", got)
	}
}

func TestCompareVariantErrors(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	six := strings.TrimSuffix(strings.Repeat(crossbowsJSON+",", 6), ",")
	for _, c := range []struct {
		name, target, body, field, msg string
	}{
		{"a misspelt path", "/api/compare?sets=attacks[0].strenght=5", crossbowsJSON, "sets[0]", `has no field "strenght" (did you mean "strength"?)`},
		{"a value out of range", "/api/compare?sets=attacks[0].strength=11", crossbowsJSON, "sets[0]", "want 1 to 10, got 11"},
		{"a bad scenario", "/api/compare", `{"scenario": ` + crossbowsJSON + `, "scenarios": [{"ruleset": "whfb8"}]}`, "scenarios[0]", "attacks"},
		{"too many scenarios", "/api/compare", `{"scenario": ` + crossbowsJSON + `, "scenarios": [` + six + `]}`, "scenarios", "at most 6"},
		{"labels in the query", "/api/compare?labels=a", crossbowsJSON, "labels", "JSON envelope"},
		{"more labels than scenarios", "/api/compare", `{"scenario": ` + crossbowsJSON + `, "labels": ["a", "b"], "sets": ["mw_cap=remaining"]}`, "labels", "2 labels for 1 scenarios"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := decode[ErrorBody](t, do(t, h, "POST", c.target, "application/json", c.body), 400)
			if got.Field != c.field || !strings.Contains(got.Error, c.msg) {
				t.Errorf("got %+v, want field %q and %q", got, c.field, c.msg)
			}
		})
	}
}
