package combat

import (
	"encoding/binary"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/alloc"
	machine "github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// noSampleCache makes MonteCarlo's workers play every round from scratch,
// as before the cache: its tests compare the two.
var noSampleCache = false

// sampleCache is what one MonteCarlo worker keeps from one sampled round
// to the next: the attacks each fight makes, by the state of its unit (a
// round's units fall into a few hundred states, and working the attacks
// out builds the unit's formation, Ranks, which was a quarter of a sampled
// round), the referee's machine of each side, renewed at every step
// instead of built with a copy of the enemy (a third), and the round's
// plan.
type sampleCache struct {
	key  []byte
	made map[string]int
	// machines[i] resolves side i's batches (machine)
	machines [2]machine.Machine
	plan     []stepPlan
	gkey     []byte
	made2    map[string]madeGroups
	// base is the engine every round starts from, eng the one it plays
	// (newEngine)
	base *engine
	eng  engine
}

// madeGroups is what groups returns.
type madeGroups struct {
	groups  []rearrank.Attack
	fights  []FightCount
	attacks int
}

func newSampleCache() *sampleCache {
	return &sampleCache{made: map[string]int{}, made2: map[string]madeGroups{}}
}

// attacks is e.attacksIn(i, f, grid()) for fight j of side i, remembered by
// the unit's key: the formation, the models' damage and the pools (a
// count-keyed unit, whose key leaves positions out, is never remembered),
// and the rank and file side i lost earlier in the round, which step_up:
// lost reads. s may be nil: nothing is remembered.
func (s *sampleCache) attacks(e *engine, i, j int, f Fight, grid func() [][]unit.Cell) int {
	u := e.units[i]
	if s == nil || u.CountKeyed() {
		return e.attacksIn(i, f, grid())
	}
	k := binary.AppendUvarint(append(s.key[:0], byte(i)), uint64(j))
	k = binary.AppendUvarint(k, uint64(e.lostRF[i]))
	k = u.AppendKey(k)
	s.key = k
	if n, ok := s.made[string(k)]; ok {
		return n
	}
	n := e.attacksIn(i, f, grid())
	s.made[string(k)] = n
	return n
}

// machine returns the referee's machine for side i's groups against u:
// a new one, or with s the worker's machine of side i renewed (its unit
// is the enemy's as the side's last batch left it, so a step takes it
// over with no copy). A renewed machine's unit is overwritten by the next
// round: MonteCarlo keeps no unit of a round (Outcome.Units) past it. Not
// where the events are read (a log, instant_kill_score: profile, whose
// count reads the enemy as it stood before the batch).
func (s *sampleCache) machine(e *engine, i int, u *alloc.Unit, groups []rearrank.Attack) (*machine.Machine, error) {
	if s == nil || e.log != nil || e.c.Options.InstantKillScore == rules.ScoreProfile {
		return machine.NewMachine(u, groups, nil)
	}
	m := &s.machines[i]
	if err := m.Renew(u, groups); err != nil {
		return nil, err
	}
	return m, nil
}

// planOf is c.plan(), made once with s.
func (s *sampleCache) planOf(c *Combat) []stepPlan {
	if s == nil {
		return c.plan()
	}
	if s.plan == nil {
		s.plan = c.plan()
	}
	return s.plan
}

// groups is e.buildGroups(i, p), remembered by what it reads: the attacks
// of each of the step's fights, whether the enemy is destroyed, and where
// each fight's wounds go in it (aim). The groups are shared by the rounds:
// the referee's machine only reads them.
func (s *sampleCache) groups(e *engine, i int, p stepPlan) ([]rearrank.Attack, []FightCount, int, error) {
	enemy := e.units[1-i]
	destroyed := enemy.Destroyed()
	var now [][]unit.Cell
	grid := func() [][]unit.Cell {
		if now == nil {
			now = e.units[i].Ranks()
		}
		return now
	}
	k := append(s.gkey[:0], byte(i), b2byte(destroyed))
	k = binary.AppendVarint(k, int64(p.key.Class))
	k = binary.AppendVarint(k, int64(p.key.Value))
	for _, j := range p.fights[i] {
		f := e.c.Sides[i].Fights[j]
		n := s.attacks(e, i, j, f, grid)
		k = binary.AppendUvarint(k, uint64(n))
		if n > 0 && !destroyed {
			t, ok := aim(enemy, f.Attack.Target)
			k = append(k, b2byte(ok), byte(t.Role), byte(t.TroopType))
			k = append(append(k, t.Name...), 0)
		}
	}
	s.gkey = k
	if g, ok := s.made2[string(k)]; ok {
		return g.groups, g.fights, g.attacks, nil
	}
	groups, fights, attacks, err := e.buildGroups(i, p)
	if err != nil {
		return nil, nil, 0, err
	}
	s.made2[string(k)] = madeGroups{groups, fights, attacks}
	return groups, fights, attacks, nil
}
