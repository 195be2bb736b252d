package alloc

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unsafe"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Clone returns a deep copy; the copy and u share nothing mutable.
func (u *Unit) Clone() *Unit {
	v := *u
	v.grid = slices.Clone(u.grid)
	v.models = slices.Clone(u.models)
	v.pools = slices.Clone(u.pools)
	v.sim = nil
	if u.fighter != nil {
		f := *u.fighter
		v.fighter = &f
	}
	return &v
}

// CopyFrom makes u a deep copy of src, as Clone does, reusing u's memory:
// afterwards u and src share nothing mutable. Callers that copy one unit
// again and again (Monte Carlo, the enumeration's recycled machines) save
// the allocations of Clone.
func (u *Unit) CopyFrom(src *Unit) {
	grid, models, pools, fighter := u.grid, u.models, u.pools, u.fighter
	*u = *src
	u.sim = nil
	u.grid = append(grid[:0], src.grid...)
	u.models = append(models[:0], src.models...)
	u.pools = append(pools[:0], src.pools...)
	if src.fighter != nil {
		if fighter == nil {
			fighter = new(unit.Model)
		}
		*fighter = *src.fighter
		u.fighter = fighter
	}
}

// SetQuiet turns the notes of Change and the Rule of each Casualty off (q
// true) or on. Exact odds, which never show them, save the string building.
func (u *Unit) SetQuiet(q bool) { u.quiet = q }

// Ruleset returns the unit's ruleset.
func (u *Unit) Ruleset() rules.Ruleset { return u.s.ruleset }

// Options returns the unit's switches. Its PanicThreshold pointer is shared:
// do not change the value it points to.
func (u *Unit) Options() rules.Options { return u.s.opts }

// Name returns the unit's name.
func (u *Unit) Name() string { return u.s.name }

// Frontage returns the number of files of the formation grid.
func (u *Unit) Frontage() int { return u.s.frontage }

// Notes says, in a player's words, how the unit formed up where that is
// not what its Spec asked for: a frontage wider than the unit stands as
// one rank of all its models (RULES.md 22.18; docs/rules.md 19.1).
func (u *Unit) Notes() []msg.Message {
	if u.s.wide == 0 {
		return nil
	}
	return []msg.Message{msg.New("alloc.note.frontage_wide", u.s.wide, len(u.models), u.s.frontage)}
}

// Size returns the number of living models, champion and characters included
// (panic counts every model, DESIGN.md). A skirmish fighter counts until it
// is out of action.
func (u *Unit) Size() int {
	if u.fighter != nil {
		if u.fighter.Skirmish.Status == unit.OutOfAction {
			return 0
		}
		return 1
	}
	return u.alive
}

// Count returns the number of living models with role r.
func (u *Unit) Count(r unit.Role) int {
	if u.fighter != nil {
		if r == unit.RankAndFile {
			return u.Size()
		}
		return 0
	}
	if r <= unit.NoRole || r > unit.Character {
		return 0
	}
	return int(u.roles[r])
}

// Destroyed reports whether no model is left (17.3).
func (u *Unit) Destroyed() bool { return u.Size() == 0 }

// OnlyCharacters reports whether the characters are all that is left (12).
func (u *Unit) OnlyCharacters() bool {
	return u.fighter == nil && u.alive > 0 && int(u.roles[unit.Character]) == u.alive
}

// StandardLost reports whether the standard bearer has been removed (12).
func (u *Unit) StandardLost() bool { return u.standardLost }

// Models returns the living models front to back, left to right, as copies.
func (u *Unit) Models() []unit.Model {
	if u.fighter != nil {
		if u.fighter.Skirmish.Status == unit.OutOfAction {
			return nil
		}
		return []unit.Model{*u.fighter}
	}
	out := make([]unit.Model, 0, u.alive)
	for _, id := range u.grid {
		if id >= 0 {
			out = append(out, u.modelValue(int(id)))
		}
	}
	return out
}

// FirstTroopType returns the troop type of the first model of the
// formation, front rank first, whose role is not skip, as Models would
// list it, without copying the models; false when there is none.
func (u *Unit) FirstTroopType(skip unit.Role) (rules.TroopType, bool) {
	if u.fighter != nil {
		if u.fighter.Skirmish.Status == unit.OutOfAction || u.fighter.Role == skip {
			return 0, false
		}
		return u.fighter.TroopType, true
	}
	for _, id := range u.grid {
		if id >= 0 {
			if k := u.kindOf(int(id)); k.role != skip {
				return k.profile.TroopType, true
			}
		}
	}
	return 0, false
}

// Fighter returns the skirmish fighter for the referee to update (on a
// clone): its Damage and Skirmish state. It is nil for a block unit.
func (u *Unit) Fighter() *unit.Model { return u.fighter }

// Carried reports every R&F pool in a fixed order (the order New made them:
// the main profile's troop type first).
func (u *Unit) Carried() []unit.PoolCarry {
	out := make([]unit.PoolCarry, len(u.pools))
	for p, ps := range u.pools {
		out[p] = unit.PoolCarry{TroopType: u.s.pools[p].troop, Models: int(ps.n), Carried: int(ps.carried)}
	}
	return out
}

// PoolOrder returns the troop types of the R&F pools in the order C13
// resolves a batch that hits several: the largest pool first, ties by troop
// type name. Callers that split one batch over several pools pass the
// packets pool by pool in this order. Pools with no model left are omitted.
func (u *Unit) PoolOrder() []rules.TroopType {
	var idx []int
	for p, ps := range u.pools {
		if ps.n > 0 {
			idx = append(idx, p)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if d := int(u.pools[b].n) - int(u.pools[a].n); d != 0 {
			return d
		}
		return strings.Compare(u.s.pools[a].troop.String(), u.s.pools[b].troop.String())
	})
	out := make([]rules.TroopType, len(idx))
	for i, p := range idx {
		out[i] = u.s.pools[p].troop
	}
	return out
}

// StartPhase starts a game phase for panic (RULES.md 12, 19.3): the size at
// the start of the phase becomes Size(), the casualties of the phase 0, and
// the whfb8 Regeneration flag is cleared.
func (u *Unit) StartPhase() {
	u.phaseStart = u.Size()
	u.phaseCas = 0
	u.regenLost = false
}

// PhaseStartSize returns the size recorded by StartPhase (Size at New).
func (u *Unit) PhaseStartSize() int { return u.phaseStart }

// StartingModels is the unit's size at deployment, characters included
// (Spec.StartingModels; RULES.md 22.9).
func (u *Unit) StartingModels() int { return u.s.starting }

// UnitStrength returns the Unit Strength of the models left (RULES.md
// 22.10: infantry 1 each, cavalry 2, monstrous infantry 3, monsters their
// Wounds on the profile, ...) and true where the ruleset reads it (tow);
// 0 and false elsewhere.
func (u *Unit) UnitStrength() (int, bool) {
	t := rules.For(u.Ruleset()).Combat.Troops
	if t == nil {
		return 0, false
	}
	// one look-up a kind, not a model: a sampled round's score reads it
	// four times
	var per [16]int16
	var known [16]bool
	n := 0
	for id := range u.models {
		m := &u.models[id]
		if !m.alive {
			continue
		}
		k := int(m.kind)
		if k >= len(per) {
			n += t.UnitStrength(u.kindOf(id).profile.TroopType, u.w(id))
			continue
		}
		if !known[k] {
			per[k], known[k] = int16(t.UnitStrength(u.kindOf(id).profile.TroopType, u.w(id))), true
		}
		n += int(per[k])
	}
	return n, true
}

// PanicFlees reports the outcome of a failed panic test where the ruleset
// reads it by size (tow, RULES.md 22.9, E169): the unit flees unless more
// than half of its models at deployment remain, and falls back in good
// order otherwise.
func (u *Unit) PanicFlees() bool { return 2*u.Size() <= u.s.starting }

// PhaseCasualties returns the models removed since StartPhase, every role
// counted. Whether that crosses the panic threshold is the caller's call.
func (u *Unit) PhaseCasualties() int { return u.phaseCas }

// RegenLost reports whether a Flaming wound has cost the unit its
// Regeneration for the rest of the phase (whfb8, 19.3).
func (u *Unit) RegenLost() bool { return u.regenLost }

// SetRegenLost sets the flag RegenLost reports.
func (u *Unit) SetRegenLost() { u.regenLost = true }

// Key returns the canonical state key. Two states of one unit (clones and
// descendants of one New) with the same key behave identically for every
// future packet: the key holds the grid as (kind, damage, struck) per slot,
// where identical R&F share a kind, the carried count of every pool, the
// differences of the batch and lifetime end counters (only their comparison
// matters), the phase counters and flags, and the excess waiting for the
// champion. It costs one pass over the grid and one allocation. With
// SetCountKey a per-model unit is keyed by its counts instead (see there).
func (u *Unit) Key() string {
	var stack [256]byte
	return string(u.AppendKey(stack[:0]))
}

// AppendKey appends Key to b, with no allocation of its own.
func (u *Unit) AppendKey(b []byte) []byte {
	if f := u.fighter; f != nil {
		b = append(b, 'F')
		b = putInt(b, f.Damage)
		flags := byte(f.Skirmish.Status)
		if f.Skirmish.Disarmed {
			flags |= 0x10
		}
		if f.Skirmish.CannotFight {
			flags |= 0x20
		}
		b = append(b, flags)
	} else if u.CountKeyed() {
		b = u.appendCounted(b)
	} else {
		b = putInt(b, u.ranks)
		for _, id := range u.grid {
			if id < 0 {
				b = append(b, 0)
				continue
			}
			m := u.models[id]
			code := m.kind + 1
			if m.struck {
				code |= 0x80
			}
			b = append(b, code, m.damage)
		}
		for _, ps := range u.pools {
			b = putInt(b, int(ps.carried))
			b = putInt(b, int(ps.pin)) // the model bearing them, where an owner's end left them (EndBatch)
		}
		b = putInt(b, u.bl-u.br)
		b = putInt(b, u.ll-u.lr)
		b = putInt(b, u.pending)
		b = append(b, byte(u.odd)) // the owner's end for the batch's ties (SetOddEnd)
	}
	b = putInt(b, u.phaseStart)
	b = putInt(b, u.phaseCas)
	var flags byte
	if u.regenLost {
		flags |= 1
	}
	if u.standardLost {
		flags |= 2
	}
	return append(b, flags)
}

// SetCountKey with on true lets Key describe a per-model unit (battleaxe,
// RULES.md 11.3) only as far as the counts of exact odds can tell states
// apart, so that the odds merge many more of them; off, the default, Key
// describes the state slot by slot. It applies to units whose pools each
// hold one kind of ordinary R&F and that set no owner_choice switch (a
// unit StandIn made does not); Key of any other unit is unchanged by it.
//
// Such a unit is keyed by the multiset of its ordinary R&F's (damage,
// struck) per pool and the other models' damage, not by where they stand:
// position decides only between ordinary models alike in both, which are
// interchangeable for every count the odds report (C1, C2, 11.3, 11.4).
// A caller that shows where models stand must leave it off. Apply refuses
// the two packets that would choose by position (an instant kill aimed at
// the musician or standard bearer, C12; a single wound before a packet of
// its batch, against C22's order). odds' TestCountKeyEqualsSlotKey and
// TestCountKeyEqualsWalk check the claim on random scenarios, against the
// slot key and against the referee walked over every die. Clone and
// CopyFrom copy the setting.
func (u *Unit) SetCountKey(on bool) { u.countKey = on }

// CountKeyed reports whether Key keys u by counts: SetCountKey is on and u
// is a unit it applies to.
func (u *Unit) CountKeyed() bool { return u.countKey && u.s.interchangeable && u.fighter == nil }

// appendCounted appends the count key of SetCountKey: per pool the multiset
// of its living ordinary R&F as (damage, struck) codes with their numbers,
// then every other model's damage (0 when removed, damage+1 alive), then
// what Key writes for every block unit after the grid but the end counters.
func (u *Unit) appendCounted(b []byte) []byte {
	b = append(b, 'M')
	var tally [2 * maxW]int32
	for p := range u.pools {
		top := -1
		for _, m := range u.models {
			if !m.alive || int(u.s.kinds[m.kind].pool) != p || u.s.kinds[m.kind].role != unit.RankAndFile {
				continue
			}
			c := 2 * int(m.damage)
			if m.struck && !u.placeTie { // no packet may read the marks now
				c++
			}
			tally[c]++
			top = max(top, c)
		}
		for c := 0; c <= top; c++ {
			if n := tally[c]; n > 0 {
				b = append(b, byte(c))
				b = putInt(b, int(n))
				tally[c] = 0
			}
		}
		b = append(b, 0xff)
	}
	for _, m := range u.models {
		if u.s.kinds[m.kind].role == unit.RankAndFile {
			continue
		}
		if m.alive {
			b = append(b, m.damage+1)
		} else {
			b = append(b, 0)
		}
	}
	for _, ps := range u.pools {
		b = putInt(b, int(ps.carried))
	}
	b = putInt(b, u.pending)
	if u.placeTie {
		return append(b, 1)
	}
	return append(b, 0)
}

// Footprint returns the bytes of memory u holds of its own, what each
// Clone costs: the Unit and the slices it does not share with its clones
// (the grid, the models, the pools, a skirmish fighter). Callers that hold
// many units at once (the exact odds) budget memory with it.
func (u *Unit) Footprint() int {
	n := int(unsafe.Sizeof(*u)) + cap(u.grid)*int(unsafe.Sizeof(int16(0))) +
		cap(u.models)*int(unsafe.Sizeof(model{})) + cap(u.pools)*int(unsafe.Sizeof(poolState{}))
	if u.fighter != nil {
		n += int(unsafe.Sizeof(*u.fighter))
	}
	return n
}

// putInt appends v as a zig-zag varint, so the key stays unambiguous.
func putInt(b []byte, v int) []byte {
	x := uint64(v<<1) ^ uint64(v>>63)
	for x >= 0x80 {
		b = append(b, byte(x)|0x80)
		x >>= 7
	}
	return append(b, byte(x))
}

// Check verifies the invariants of RULES.md 17.3 and the unit's own
// bookkeeping; nil means all hold. Tests call it after every change.
func (u *Unit) Check() error {
	if f := u.fighter; f != nil {
		if f.Damage < 0 || f.Skirmish.Status < unit.Standing || f.Skirmish.Status > unit.OutOfAction {
			return fmt.Errorf("fighter: damage %d, status %s", f.Damage, f.Skirmish.Status)
		}
		return nil
	}
	fr := u.s.frontage
	if len(u.grid) != u.ranks*fr {
		return fmt.Errorf("grid: %d slots for %d ranks of %d", len(u.grid), u.ranks, fr)
	}
	seen := make([]bool, len(u.models))
	for r := range u.ranks {
		lo, hi := u.span(r)
		if lo > hi {
			return fmt.Errorf("rank %d: empty", r+1)
		}
		if r < u.ranks-1 && (lo != 0 || hi != fr-1) {
			return fmt.Errorf("rank %d: files %d-%d of %d with ranks behind it (17.3)", r+1, lo, hi, fr)
		}
		for x := 0; x < fr; x++ {
			id := u.at(r, x)
			if id < 0 {
				if x > lo && x < hi {
					return fmt.Errorf("rank %d: gap at file %d (17.3)", r+1, x)
				}
				continue
			}
			if id >= len(u.models) {
				return fmt.Errorf("rank %d file %d: model %d does not exist", r+1, x, id)
			}
			m := u.models[id]
			switch {
			case !m.alive:
				return fmt.Errorf("rank %d file %d: a removed model", r+1, x)
			case seen[id]:
				return fmt.Errorf("model %d: on two slots", id)
			case int(m.rank) != r || int(m.file) != x:
				return fmt.Errorf("model %d: stands on rank %d file %d, thinks rank %d file %d", id, r, x, m.rank, m.file)
			case r > 0 && u.role(id) != unit.RankAndFile:
				return fmt.Errorf("%s outside the front rank (17.3)", u.role(id))
			case int(m.damage) >= u.w(id):
				return fmt.Errorf("%s at rank %d file %d: damage %d with W %d (17.3)", u.role(id), r+1, x, m.damage, u.w(id))
			case m.struck && !u.inBatch:
				return fmt.Errorf("model %d: struck outside a batch", id)
			}
			seen[id] = true
		}
	}
	var roles [6]int16
	pools := make([]poolState, len(u.pools))
	alive := 0
	for id, m := range u.models {
		if m.alive != seen[id] {
			return fmt.Errorf("model %d: alive %v but on the grid %v (17.3)", id, m.alive, seen[id])
		}
		if !m.alive {
			continue
		}
		alive++
		k := u.kindOf(id)
		roles[k.role]++
		if k.pool >= 0 {
			pools[k.pool].n++
			if k.role == unit.RankAndFile {
				pools[k.pool].ord++
			}
		}
	}
	if alive != u.alive || roles != u.roles {
		return fmt.Errorf("counts: %d alive, roles %v; kept %d, %v", alive, roles, u.alive, u.roles)
	}
	for p, ps := range u.pools {
		if ps.n != pools[p].n || ps.ord != pools[p].ord {
			return fmt.Errorf("pool %s: %d models (%d ordinary), kept %d (%d)", u.s.pools[p].troop, pools[p].n, pools[p].ord, ps.n, ps.ord)
		}
		switch {
		case ps.carried < 0:
			return fmt.Errorf("pool %s: carried %d", u.s.pools[p].troop, ps.carried)
		case ps.carried > 0 && u.s.perModel:
			return fmt.Errorf("pool %s: carried %d in per-model mode (17.3)", u.s.pools[p].troop, ps.carried)
		case ps.carried > 0 && ps.n == 0:
			return fmt.Errorf("pool %s: carried %d with no model (17.3)", u.s.pools[p].troop, ps.carried)
		case ps.pin != 0 && (ps.carried == 0 || int(ps.pin) > len(u.models) || !u.models[ps.pin-1].alive || int(u.kindOf(int(ps.pin-1)).pool) != p):
			return fmt.Errorf("pool %s: carried %d pinned on model %d, which does not bear them", u.s.pools[p].troop, ps.carried, ps.pin-1)
		case ps.carried > 0:
			id, _, err := u.pick(p, nil, true)
			if err != nil {
				return err
			}
			if rem := u.w(id) - int(u.models[id].damage); int(ps.carried) >= rem {
				return fmt.Errorf("pool %s: carried %d, next model has %d W left (17.3, C10)", u.s.pools[p].troop, ps.carried, rem)
			}
		}
	}
	if u.pending != 0 && !u.inBatch {
		return errors.New("overflow pending outside a batch")
	}
	if u.alive == 0 && u.ranks != 0 {
		return errors.New("no model but ranks remain")
	}
	return nil
}
