package alloc

import (
	"strconv"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// target is a resolved Target: an R&F pool, or one model.
type target struct {
	pool int // R&F pool, or -1
	id   int // model, or -1
}

func (u *Unit) resolve(t unit.Target) (target, error) {
	switch t.Role {
	case unit.RankAndFile:
		if !u.s.champPool {
			if len(u.s.pools) == 0 {
				return target{}, u.noTarget("alloc.target.no_rank_and_file")
			}
			return target{pool: 0, id: -1}, nil
		}
		for p, q := range u.s.pools {
			if q.troop == t.TroopType {
				return target{pool: p, id: -1}, nil
			}
		}
		if len(u.s.pools) == 1 {
			return target{pool: 0, id: -1}, nil
		}
		return target{}, u.noTarget("alloc.target.no_pool", t.TroopType.String())
	case unit.Musician, unit.StandardBearer, unit.Champion:
		id := int(u.s.cmdID[t.Role])
		if id < 0 {
			return target{}, u.noTarget(msg.ID("alloc.target.no_" + t.Role.String()))
		}
		return target{pool: int(u.kindOf(id).pool), id: id}, nil
	case unit.Character:
		for _, id := range u.s.chars {
			if u.kindOf(int(id)).name == t.Name {
				return target{pool: -1, id: int(id)}, nil
			}
		}
		return target{}, u.noTarget("alloc.target.no_character", strconv.Quote(t.Name))
	}
	return target{}, msg.Errorf(nil, "alloc.target.role", t.Role.String())
}

// noTarget is the error of a target the unit cannot supply: it wraps
// unit.ErrNoTarget, and its message "no such target: {0}" holds the reason
// (id with args, in the words of the unit's ruleset) as its argument.
func (u *Unit) noTarget(id msg.ID, args ...any) error {
	return msg.Errorf(unit.ErrNoTarget, "alloc.no_target", u.say(id, args...))
}

// errArg is err as an argument of a message: itself when it can be said
// in a language, else its English text.
func errArg(err error) any {
	if t, ok := err.(msg.Texter); ok {
		return t
	}
	return err.Error()
}

// Receiver returns the model whose profile an attack on t rolls against: for
// an R&F pool the model the next wound lands on (the next to be removed,
// R41, or in battleaxe per-model the most damaged), with any carried wounds
// added to its Damage; the champion, musician or standard bearer; the named
// character. The error wraps ErrNoTarget when there is no living model. With
// an owner_choice switch the default rule stands in for the owner.
func (u *Unit) Receiver(t unit.Target) (unit.Model, error) {
	if u.fighter != nil {
		if u.fighter.Skirmish.Status == unit.OutOfAction {
			return unit.Model{}, u.noTarget("alloc.target.out_of_action")
		}
		return *u.fighter, nil
	}
	ref, err := u.resolve(t)
	if err != nil {
		return unit.Model{}, err
	}
	id := ref.id
	if t.Role == unit.RankAndFile {
		if u.s.perModel {
			id, err = u.singleTarget(ref.pool, nil, false)
		} else {
			id, _, err = u.pickAt(ref.pool, nil, false)
		}
		if err != nil {
			return unit.Model{}, err
		}
	}
	if id < 0 || !u.models[id].alive {
		if t.Role == unit.RankAndFile {
			if t.TroopType != rules.Infantry {
				return unit.Model{}, u.noTarget("alloc.target.none_left_of_troop", t.TroopType.Msg())
			}
			return unit.Model{}, u.noTarget("alloc.target.none_left")
		}
		if t.Role == unit.Character {
			return unit.Model{}, u.noTarget("alloc.target.character_gone", t.Name)
		}
		return unit.Model{}, u.noTarget("alloc.target.gone", u.roleGen(t.Role))
	}
	m := u.modelValue(id)
	m.Damage += u.carriedOn(id)
	return m, nil
}

// PacketW returns the W of the model a multi-wound packet aimed at t lands
// on now, which decides whether its damage dice are rolled (RULES.md 9.2,
// E41, R41): the champion, musician, standard bearer or character named;
// for a rank-and-file pool the next model in removal order (pooled, 11.1)
// or the model 11.3 gives the packet (per-model), by the default rules;
// for a pool with no model left, the W of the profile that made it, which
// caps its overflow (10.1, C13). It is 0 for a champion, musician,
// standard bearer or character who is gone. Where MixedW is false it is
// the same for every packet. u is not changed.
func (u *Unit) PacketW(t unit.Target) int {
	if u.fighter != nil {
		return u.fighter.W
	}
	ref, err := u.resolve(t)
	switch {
	case err != nil:
		return 0
	case ref.id >= 0 && t.Role != unit.RankAndFile:
		if !u.models[ref.id].alive {
			return 0
		}
		return u.w(ref.id)
	case ref.pool < 0 || ref.pool >= len(u.pools):
		return 0
	case u.pools[ref.pool].n == 0:
		return u.s.pools[ref.pool].capW
	}
	if w := u.s.pools[ref.pool].sameW; w > 0 {
		return w
	}
	id := -1
	if u.s.perModel {
		v := u.Clone() // packetTarget clears the struck marks once every model has them
		v.ch = nil
		id, err = v.packetTarget(ref.pool)
	} else {
		id, _, err = u.pickAt(ref.pool, nil, false)
	}
	if err != nil || id < 0 {
		return 0
	}
	return u.w(id)
}

// MixedW reports whether the models a multi-wound packet aimed at t may
// land on differ in W (a pool of R41's mixed profiles), so that PacketW
// may change from one packet to the next. u is not changed.
func (u *Unit) MixedW(t unit.Target) bool {
	if u.fighter != nil || t.Role != unit.RankAndFile {
		return false
	}
	ref, err := u.resolve(t)
	return err == nil && ref.pool >= 0 && ref.pool < len(u.s.pools) && u.s.pools[ref.pool].sameW == 0
}

// carriedOn returns the pool's carried wounds if model id bears them: it is
// in a pooled R&F pool and is the next model to be removed (11.1).
func (u *Unit) carriedOn(id int) int {
	p := int(u.kindOf(id).pool)
	if u.s.perModel || p < 0 || u.pools[p].carried == 0 {
		return 0
	}
	if next, _, _ := u.pick(p, nil, true); next == id {
		return int(u.pools[p].carried)
	}
	return 0
}
