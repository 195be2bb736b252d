package rules

// RulesetInfo describes one ruleset and the switches it reads, for
// `rearrank rulesets --json` and GET /api/rulesets.
type RulesetInfo struct {
	Name     string       `json:"name"`
	Seed     string       `json:"seed"`
	Switches []SwitchInfo `json:"switches"`
}

// SwitchInfo is one switch of a ruleset (RULES.md 18, 19).
type SwitchInfo struct {
	Name     string   `json:"name"`
	Default  string   `json:"default"`
	Values   []string `json:"values,omitempty"` // nil for a fraction
	Rulesets []string `json:"rulesets"`
	Ref      string   `json:"ref"`
	Doc      string   `json:"doc"`
	// Combat is true for a switch of a combat file (RULES.md 21.11).
	Combat bool `json:"combat,omitempty"`
}

// Catalog lists every ruleset with the switches it reads, those of a
// combat round (21.11) last, each with its default in that ruleset.
func Catalog() []RulesetInfo {
	var list []RulesetInfo
	for _, r := range Rulesets() {
		info := RulesetInfo{Name: r.String(), Seed: r.Description(), Switches: []SwitchInfo{}}
		for _, s := range allSwitches() {
			if !s.AppliesTo(r) {
				continue
			}
			var names []string
			for _, x := range s.Rulesets {
				names = append(names, x.String())
			}
			info.Switches = append(info.Switches, SwitchInfo{s.Name, s.DefaultFor(r), s.Values, names, "RULES.md " + s.Ref, s.Doc, s.Combat})
		}
		list = append(list, info)
	}
	return list
}
