package unit

import "github.com/rearrank/rearrank/rules"

// Snapshot is a plain-data picture of a unit for JSON, the CLI and the web
// page: its formation rank by rank, front rank first, and its pools.
type Snapshot struct {
	Name      string       `json:"name,omitempty"`
	Ruleset   string       `json:"ruleset"`
	Size      int          `json:"size"`
	Destroyed bool         `json:"destroyed"`
	Formation string       `json:"formation"` // Draw: "[R M C S R] / [R R R]"
	Ranks     [][]CellView `json:"ranks"`
	Carried   []PoolCarry  `json:"carried,omitempty"`
	// UnitStrength is the Unit Strength of the models left and
	// StartingModels the unit's size at deployment, where the ruleset
	// reads them (tow, RULES.md 22.9, 22.10); absent elsewhere.
	UnitStrength   *int `json:"unit_strength,omitempty"`
	StartingModels *int `json:"starting_models,omitempty"`
}

// CellView is one slot of the formation.
type CellView struct {
	Role   string `json:"role"` // a Role's String, or "empty"
	Letter string `json:"letter"`
	Name   string `json:"name,omitempty"`
	W      int    `json:"w,omitempty"`
	Damage int    `json:"damage,omitempty"`
	// Carried is the wounds the model's pool carries, shown on the model
	// that will be removed next (Cell.Carried).
	Carried int    `json:"carried,omitempty"`
	Status  string `json:"status,omitempty"` // skirmish only
	// ID names the model for the unit's life (Cell.ID): the same model has
	// the same ID in the snapshots before and after, wherever it moved. -1
	// for an empty slot.
	ID int `json:"id"`
}

// Snapshot returns the unit as plain data.
func (u *Unit) Snapshot() Snapshot {
	s := Snapshot{Name: u.Name(), Ruleset: u.Ruleset().String(), Size: u.Size(), Destroyed: u.Destroyed(),
		Formation: u.Draw(), Ranks: [][]CellView{}, Carried: u.Carried()}
	if us, ok := u.UnitStrength(); ok {
		start := u.StartingModels()
		s.UnitStrength, s.StartingModels = &us, &start
	}
	block := rules.For(u.Ruleset()).Block
	for _, rank := range u.Ranks() {
		row := make([]CellView, 0, len(rank))
		for _, c := range rank {
			if c.Model == nil {
				row = append(row, CellView{Role: "empty", Letter: ".", ID: -1})
				continue
			}
			m := c.Model
			v := CellView{Role: m.Role.String(), Letter: string(c.Letter), Name: m.Name, W: m.W, Damage: m.Damage, Carried: c.Carried, ID: c.ID}
			if !block {
				v.Status = m.Skirmish.Status.String()
			}
			row = append(row, v)
		}
		s.Ranks = append(s.Ranks, row)
	}
	return s
}
