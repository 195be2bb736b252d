package unit

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
