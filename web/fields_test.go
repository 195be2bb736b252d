package web

import (
	"strconv"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// TestFormFollowsCatalogue holds the form to the scenario field catalogue,
// so that the page offers no field a ruleset does not read and no limits
// but the loader's: every input of an attack row, the target and the
// command group is a catalogue field; it is shown exactly to the rulesets
// that read the field, its data-rulesets lists them, and a number input has
// the catalogue's limits.
func TestFormFollowsCatalogue(t *testing.T) {
	s := testServer(t, Config{})
	for _, rs := range rules.Rulesets() {
		f := defaultForm()
		f.Ruleset = rs.String()
		d := s.pageData(f)
		fields := append(append(append([]field{}, d.Attacks[0]...), d.Target...), d.Command...)
		for _, fl := range fields {
			key := fl.Name
			if i := strings.IndexByte(key, '.'); strings.HasPrefix(key, "a") && i > 0 {
				key = "a" + key[i:]
			}
			if fl.Scenario == "target.command" {
				key = "t.command"
			}
			c, ok := spec(key)
			if !ok {
				t.Errorf("%s: input %s (%s) is not in the field catalogue", rs, fl.Name, fl.Scenario)
				continue
			}
			wantHidden, wantRulesets := !c.ReadBy(rs), ""
			if c.Reads != nil {
				var names []string
				for _, r := range c.Rulesets() {
					names = append(names, r.String())
				}
				wantRulesets = strings.Join(names, " ")
			}
			if fl.Name == "t.models" {
				// Models is hidden where a target is one warrior (the
				// file gets 1), keeping what was typed (issue 26, item 6).
				wantHidden, wantRulesets = !rs.Block(), "battleaxe whfb8 t9a t9a1-ru tow"
			}
			if want := wantHidden; fl.Hidden != want {
				t.Errorf("%s: input %s hidden %t, want %t (catalogue %s reads it: %v)", rs, fl.Name, fl.Hidden, want, c.Path(), c.Rulesets())
			}
			if want := wantRulesets; fl.Rulesets != want {
				t.Errorf("%s: input %s data-rulesets %q, want %q", rs, fl.Name, fl.Rulesets, want)
			}
			if fl.Kind == "number" {
				if !c.Ranged || fl.Min != strconv.Itoa(c.Min) || fl.Max != strconv.Itoa(c.Max) {
					t.Errorf("%s: input %s limits %s..%s, catalogue %s %d..%d", rs, fl.Name, fl.Min, fl.Max, c.Path(), c.Min, c.Max)
				}
				if !strings.Contains(fl.Msg, strconv.Itoa(c.Min)+" to "+strconv.Itoa(c.Max)) {
					t.Errorf("%s: input %s message %q does not state %d to %d", rs, fl.Name, fl.Msg, c.Min, c.Max)
				}
			}
		}
	}
}

// TestFormModelsLimit checks a form field the catalogue limits with a
// value above it: models above MaxModels is refused by the
// loader with the catalogue's words.
func TestFormModelsLimit(t *testing.T) {
	f := defaultForm()
	f.Target["models"] = strconv.Itoa(scenario.MaxModels + 1)
	_, err := f.scenario()
	if err == nil || !strings.Contains(err.Error(), "want 1 to "+strconv.Itoa(scenario.MaxModels)) {
		t.Errorf("models %d: error %v, want the catalogue's limit %d", scenario.MaxModels+1, err, scenario.MaxModels)
	}
}
