package armylist

// The tree both New Recruit's JSON and BattleScribe's XML hold
// (docs/IMPORT.md 1 and 2), read into the same shape.

type roster struct {
	name, system string
	forces       []*force
}

type force struct {
	sels   []*sel
	forces []*force
}

type sel struct {
	name, typ string
	number    int
	profiles  []*profile
	rules     []string
	sels      []*sel
	cats      []string
}

type profile struct {
	name, typeName string
	chars          []Char
}
