package battle

import "github.com/rearrank/rearrank"

// OddsUnit returns the battle's unit name as it stands, for odds.Exact and
// combat to start from: its models left, formation and carried damage. It
// is a copy the caller may change.
func OddsUnit(s State, name string) (*rearrank.Unit, error) {
	u, err := s.Unit(name)
	if err != nil {
		return nil, err
	}
	return u.Unit.Clone(), nil
}
