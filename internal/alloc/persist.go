package alloc

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/rearrank/rearrank/unit"
)

// ErrState is wrapped by Restore's errors: the saved state does not fit the
// unit it is restored onto (another spec, or bytes edited by hand).
var ErrState = errors.New("alloc: saved state does not fit the unit")

// saved is what changes in a unit between batches: everything but the
// spec's shared part, which New rebuilds, and the batch state, which
// EndBatch clears. A battle's snapshot keeps it (package battle).
type saved struct {
	// Grid is the model id of each slot (-1 empty) and Models each model's
	// damage, alive flag, rank and file, as little-endian bytes (2 per
	// slot, 6 per model): a unit of a thousand models reads in
	// microseconds.
	Grid         []byte        `json:"grid,omitempty"`
	Ranks        int           `json:"ranks"`
	Models       []byte        `json:"models,omitempty"`
	Pools        []savedPool   `json:"pools,omitempty"`
	LL           int           `json:"ll,omitempty"`
	LR           int           `json:"lr,omitempty"`
	PhaseStart   int           `json:"phase_start"`
	PhaseCas     int           `json:"phase_cas,omitempty"`
	RegenLost    bool          `json:"regen_lost,omitempty"`
	StandardLost bool          `json:"standard_lost,omitempty"`
	Fighter      *savedFighter `json:"fighter,omitempty"`
}

const modelBytes = 6

type savedPool struct {
	Carried int16 `json:"c,omitempty"`
	Pin     int16 `json:"p,omitempty"`
}

type savedFighter struct {
	Damage      int         `json:"damage,omitempty"`
	Status      unit.Status `json:"status,omitempty"`
	Disarmed    bool        `json:"disarmed,omitempty"`
	CannotFight bool        `json:"cannot_fight,omitempty"`
}

// Save returns the unit's changing state between batches as JSON: its
// grid, models, pools, lifetime end counters (C21), phase counters and
// flags. Restore puts it back onto a unit New built from the same spec.
// A batch still open is not saved: save between resolutions.
func (u *Unit) Save() []byte {
	s := saved{Ranks: u.ranks, LL: u.ll, LR: u.lr, PhaseStart: u.phaseStart, PhaseCas: u.phaseCas,
		RegenLost: u.regenLost, StandardLost: u.standardLost}
	for _, id := range u.grid {
		s.Grid = binary.LittleEndian.AppendUint16(s.Grid, uint16(id))
	}
	for _, m := range u.models {
		alive := byte(0)
		if m.alive {
			alive = 1
		}
		s.Models = append(s.Models, m.damage, alive)
		s.Models = binary.LittleEndian.AppendUint16(s.Models, uint16(m.rank))
		s.Models = binary.LittleEndian.AppendUint16(s.Models, uint16(m.file))
	}
	for _, p := range u.pools {
		s.Pools = append(s.Pools, savedPool{Carried: p.carried, Pin: p.pin})
	}
	if f := u.fighter; f != nil {
		s.Fighter = &savedFighter{Damage: f.Damage, Status: f.Skirmish.Status, Disarmed: f.Skirmish.Disarmed, CannotFight: f.Skirmish.CannotFight}
	}
	b, err := json.Marshal(s)
	if err != nil {
		panic("alloc: Save: " + err.Error()) // plain data always marshals
	}
	return b
}

// Restore returns a copy of u, a unit New built from the spec the saved
// unit was built from, in the state Save kept. Bytes that do not fit u (a
// model or pool count of another unit, a grid that breaks RULES.md 17.3)
// give an error wrapping ErrState; u is not changed.
func (u *Unit) Restore(data []byte) (*Unit, error) {
	var s saved
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrState, err)
	}
	v := u.Clone()
	if (s.Fighter != nil) != (u.fighter != nil) {
		return nil, fmt.Errorf("%w: a skirmish fighter and a block unit", ErrState)
	}
	if f := s.Fighter; f != nil {
		if f.Damage < 0 || f.Damage > v.fighter.W {
			return nil, fmt.Errorf("%w: fighter damage %d of W%d", ErrState, f.Damage, v.fighter.W)
		}
		v.fighter.Damage = f.Damage
		v.fighter.Skirmish = unit.SkirmishState{Status: f.Status, Disarmed: f.Disarmed, CannotFight: f.CannotFight}
		v.phaseStart, v.phaseCas, v.regenLost = s.PhaseStart, s.PhaseCas, s.RegenLost
		if err := v.Check(); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrState, err)
		}
		return v, nil
	}
	if len(s.Models) != modelBytes*len(u.models) || len(s.Pools) != len(u.pools) {
		return nil, fmt.Errorf("%w: %d bytes of models and %d pools for %d and %d", ErrState, len(s.Models), len(s.Pools), len(u.models), len(u.pools))
	}
	if s.Ranks < 0 || s.Ranks > len(u.models) || len(s.Grid) != 2*s.Ranks*u.s.frontage {
		return nil, fmt.Errorf("%w: %d bytes of slots for %d ranks of %d", ErrState, len(s.Grid), s.Ranks, u.s.frontage)
	}
	v.grid = make([]int16, len(s.Grid)/2)
	for i := range v.grid {
		v.grid[i] = int16(binary.LittleEndian.Uint16(s.Grid[2*i:]))
	}
	v.ranks = s.Ranks
	v.roles = [6]int16{}
	v.alive = 0
	for i, p := range s.Pools {
		if p.Carried < 0 || p.Pin < 0 || int(p.Pin) > len(u.models) {
			return nil, fmt.Errorf("%w: pool %d: carried %d, pin %d", ErrState, i, p.Carried, p.Pin)
		}
		v.pools[i] = poolState{carried: p.Carried, pin: p.Pin}
	}
	for id := range v.models {
		b := s.Models[modelBytes*id:]
		damage, alive := b[0], b[1] == 1
		if w := u.kindOf(id).profile.W; b[1] > 1 || (alive && int(damage) >= w) {
			return nil, fmt.Errorf("%w: model %d: damage %d of W%d, alive %d", ErrState, id, damage, w, b[1])
		}
		m := &v.models[id]
		m.damage, m.alive = damage, alive
		m.rank, m.file = int16(binary.LittleEndian.Uint16(b[2:])), int16(binary.LittleEndian.Uint16(b[4:]))
		m.struck, m.pre = false, 0
		if alive {
			v.count(id, +1)
		}
	}
	v.ll, v.lr, v.phaseStart, v.phaseCas = s.LL, s.LR, s.PhaseStart, s.PhaseCas
	v.regenLost, v.standardLost = s.RegenLost, s.StandardLost
	v.nextOK = false
	if err := v.Check(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrState, err)
	}
	return v, nil
}
