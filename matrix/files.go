package matrix

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/scenario"
)

// A cell is the computation of one file: a scenario file for a shooting
// cell (the row unit's shooting groups at the column unit), a combat
// file for a close-combat cell (the row unit as side a, the column unit
// as side b). ScenarioFile and CombatFile write them, so that a player
// can run the one computation a cell stands for by itself (rearrank odds,
// rearrank combat) and get the cell's numbers.

// Sentinels of the errors of a cell.
var (
	// ErrRuleset: the two units are of different rulesets.
	ErrRuleset = errors.New("matrix: units of different rulesets")
	// ErrOptions: the two units set one switch to different values.
	ErrOptions = errors.New("matrix: units with different switches")
)

// options merges the two units' switches.
func options(row, col *Unit) (map[string]string, error) {
	if row.Ruleset != col.Ruleset {
		return nil, msg.Errorf(ErrRuleset, "matrix.error.ruleset", row.Name, row.Ruleset.String(), col.Name, col.Ruleset.String())
	}
	if len(row.Options)+len(col.Options) == 0 {
		return nil, nil
	}
	out := maps.Clone(row.Options)
	if out == nil {
		out = map[string]string{}
	}
	for _, k := range slices.Sorted(maps.Keys(col.Options)) {
		v := col.Options[k]
		if w, ok := out[k]; ok && w != v {
			return nil, msg.Errorf(ErrOptions, "matrix.error.options", k, row.Name, w, col.Name, v)
		}
		out[k] = v
	}
	return out, nil
}

// ScenarioFile is the scenario file of the shooting cell of row at col,
// as JSON: row's shooting groups in order at col's unit. It is nil, with
// no error, when row has no shooting group.
func ScenarioFile(row, col *Unit) ([]byte, error) {
	opts, err := options(row, col)
	if err != nil {
		return nil, err
	}
	groups := row.shooting()
	if len(groups) == 0 {
		return nil, nil
	}
	return json.Marshal(scenario.File{Ruleset: row.Ruleset, Options: opts, Attacks: groups, Target: col.Target})
}

// CombatFile is the combat file of the close-combat cell of row against
// col in fight f, as JSON: row is side a, col side b (docs/combat.md).
func CombatFile(row, col *Unit, f Fight) ([]byte, error) {
	opts, err := options(row, col)
	if err != nil {
		return nil, err
	}
	a, err := sideJSON(row)
	if err != nil {
		return nil, err
	}
	b, err := sideJSON(col)
	if err != nil {
		return nil, err
	}
	return json.Marshal(combatDoc{Ruleset: row.Ruleset.String(), Options: opts,
		Combat: combatBlock{Charger: f.charger()}, Sides: combatSides{A: a, B: b}})
}

type combatDoc struct {
	Ruleset string            `json:"ruleset"`
	Options map[string]string `json:"options,omitempty"`
	Combat  combatBlock       `json:"combat"`
	Sides   combatSides       `json:"sides"`
}

type combatBlock struct {
	Charger string `json:"charger"`
}

type combatSides struct {
	A json.RawMessage `json:"a"`
	B json.RawMessage `json:"b"`
}

// notInFight are the attack-group fields a fight does not take
// (docs/combat.md, "Fights"): the step counts the attacks.
var notInFight = []string{"count", "phase", "bs", "attacker", "batch"}

// sideJSON is u as a side of a combat file: its target as the side's
// unit, its leadership and its fights.
func sideJSON(u *Unit) (json.RawMessage, error) {
	fs := u.fighters()
	groups := make([]scenario.Attack, len(fs))
	for i, f := range fs {
		groups[i] = f.Group
	}
	// The scenario's own encoder writes the parts as a file does.
	data, err := json.Marshal(scenario.File{Ruleset: u.Ruleset, Attacks: groups, Target: u.Target})
	if err != nil {
		return nil, err
	}
	var parts struct {
		Attacks []map[string]any `json:"attacks"`
		Target  json.RawMessage  `json:"target"`
	}
	if err := json.Unmarshal(data, &parts); err != nil {
		return nil, err
	}
	fights := make([]map[string]any, len(fs))
	for i, f := range fs {
		m := parts.Attacks[i]
		for _, k := range notInFight {
			delete(m, k)
		}
		if f.By != "" && f.By != "rank_and_file" {
			m["by"] = f.By
		}
		m["attacks"] = f.Attacks
		m["initiative"] = f.Initiative
		fights[i] = m
	}
	return json.Marshal(struct {
		Unit       json.RawMessage  `json:"unit"`
		Leadership int              `json:"leadership"`
		Fights     []map[string]any `json:"fights"`
	}{parts.Target, u.leadership(), fights})
}
