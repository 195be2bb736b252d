package alloc

import (
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Snapshot returns the unit as plain data.
func (u *Unit) Snapshot() unit.Snapshot {
	s := unit.Snapshot{Name: u.Name(), Ruleset: u.Ruleset().String(), Size: u.Size(), Destroyed: u.Destroyed(),
		Formation: u.Draw(), Ranks: [][]unit.CellView{}, Carried: u.Carried()}
	if us, ok := u.UnitStrength(); ok {
		start := u.StartingModels()
		s.UnitStrength, s.StartingModels = &us, &start
	}
	block := rules.For(u.Ruleset()).Block
	for _, rank := range u.Ranks() {
		row := make([]unit.CellView, 0, len(rank))
		for _, c := range rank {
			if c.Model == nil {
				row = append(row, unit.CellView{Role: "empty", Letter: ".", ID: -1})
				continue
			}
			m := c.Model
			v := unit.CellView{Role: m.Role.String(), Letter: string(c.Letter), Name: m.Name, W: m.W, Damage: m.Damage, Carried: c.Carried, ID: c.ID}
			if !block {
				v.Status = m.Skirmish.Status.String()
			}
			row = append(row, v)
		}
		s.Ranks = append(s.Ranks, row)
	}
	return s
}
