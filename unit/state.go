package unit

import (
	"github.com/rearrank/rearrank/rules"
)

// PoolCarry is one R&F pool as Carried reports it.
type PoolCarry struct {
	TroopType rules.TroopType `json:"troop_type"`
	Models    int             `json:"models"`  // living models in the pool, command models included
	Carried   int             `json:"carried"` // wounds on the model to be removed next (11.1); 0 in per-model mode
}
