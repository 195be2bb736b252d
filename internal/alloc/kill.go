package alloc

import (
	"fmt"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// instantKill removes one model outright (9.1): a named model, the closest
// ordinary R&F in place of a musician or standard bearer while such remain
// (C12), or untargeted the model next in allocation order (R5). It counts
// the wounds the model had left (R38); the pool's carried wounds leave with
// the model that bears them.
func (u *Unit) instantKill(role unit.Role, ref target, nowLosing bool, c *Change) error {
	id, p := ref.id, ref.pool
	switch role {
	case unit.Champion, unit.Character:
	case unit.Musician, unit.StandardBearer:
		if p >= 0 && u.pools[p].ord > 0 {
			if u.CountKeyed() {
				return fmt.Errorf("apply: an instant kill aimed at the %s takes the closest rank and file (C12), which the count key of SetCountKey cannot tell", role)
			}
			id = u.closestOrdinary(id, p)
			u.note(c, "alloc.note.kill_closest", u.roleGen(role))
		}
	default:
		var err error
		if id, err = u.untargetedKill(p, nowLosing); err != nil {
			return err
		}
	}
	if id < 0 || !u.models[id].alive {
		// the unsaved wound is lost like any other no model takes: wasted,
		// and so overkill against a champion or character in a challenge
		// (9.3, 22.7, 22.8)
		c.Wasted++
		if id >= 0 {
			u.note(c, "alloc.note.kill_lost_gone", u.roleGen(u.role(id)))
		} else {
			u.note(c, "alloc.note.kill_lost_none")
		}
		return nil
	}
	worth := u.w(id) - int(u.models[id].damage)
	if carry := u.carriedOn(id); carry > 0 {
		worth -= carry
		u.pools[u.kindOf(id).pool].carried = 0
	}
	c.Effective += worth
	// the casualty line says who went, from where, worth what (9.1)
	u.die(id, worth, c, "9.1 instant kill")
	return nil
}

// untargetedKill picks the model an untargeted instant kill on pool p
// removes: the model the next wound would land on, which is the most damaged
// (R5, C2); with instant_kill_takes: fresh_model, unless nowLosing
// (Packet.NowLosing), the first model in removal order that has no damage
// of its own and, in a pooled pool, does not bear the carried wounds,
// falling back to the most damaged.
func (u *Unit) untargetedKill(p int, nowLosing bool) (int, error) {
	if p < 0 || u.pools[p].n == 0 {
		return -1, nil
	}
	fresh := u.s.opts.InstantKillTakes == rules.FreshModel && !nowLosing
	if !u.s.perModel {
		id, _, err := u.pick(p, u.ch, true)
		if err != nil || !fresh || u.models[id].damage == 0 && u.carriedOn(id) == 0 {
			return id, err
		}
		bearer, _, _ := u.pick(p, nil, true)
		alt, err := u.firstInOrder(p, u.ch, true, func(x int) bool { return x != bearer && u.models[x].damage == 0 })
		if err != nil || alt >= 0 {
			return alt, err
		}
		return id, nil
	}
	if fresh {
		role, err := u.nextRole(p, nil, true)
		if err != nil {
			return -1, err
		}
		id, err := u.firstInOrder(p, u.ch, true, func(x int) bool {
			return u.models[x].damage == 0 && u.role(x) == role
		})
		if err != nil || id >= 0 {
			return id, err
		}
	}
	return u.singleTarget(p, u.ch, true)
}

// closestOrdinary returns the ordinary R&F of pool p nearest to model id:
// least squared distance on the grid, then the nearer rank, then the left.
func (u *Unit) closestOrdinary(id, p int) int {
	r0, f0 := int(u.models[id].rank), int(u.models[id].file)
	best, bestD := -1, 0
	for x, m := range u.models {
		if !u.ordinaryIn(x, p) {
			continue
		}
		dr, df := int(m.rank)-r0, int(m.file)-f0
		d := dr*dr + df*df
		if best < 0 || d < bestD || d == bestD && (m.rank < u.models[best].rank || m.rank == u.models[best].rank && m.file < u.models[best].file) {
			best, bestD = x, d
		}
	}
	return best
}
