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
}

// Catalog lists every ruleset with the switches it reads.
func Catalog() []RulesetInfo {
	var list []RulesetInfo
	for _, r := range Rulesets() {
		info := RulesetInfo{Name: r.String(), Seed: r.Description(), Switches: []SwitchInfo{}}
		for _, s := range Switches() {
			if !s.AppliesTo(r) {
				continue
			}
			var names []string
			for _, x := range s.Rulesets {
				names = append(names, x.String())
			}
			info.Switches = append(info.Switches, SwitchInfo{s.Name, s.Default, s.Values, names, "RULES.md " + s.Ref, s.Doc})
		}
		list = append(list, info)
	}
	return list
}
