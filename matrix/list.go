package matrix

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/armylist"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// ListSide is every unit of list l that can be read, as rows or columns,
// mapped as scenario.ListTarget and ListAttacks map a list's unit
// (docs/import.md), to ruleset rs (NoRuleset: the list's game's) with the
// scenario fields set gives. A unit's shooting groups are ListAttacks' when
// its weapon has a range; its fights are ListAttacks' melee groups (the
// rank and file, and a champion of his own profile), with the models'
// Attacks, Initiative and Leadership from the list's profile. A unit the
// mapping refuses is left out, with its error.
func ListSide(l *armylist.List, rs rules.Ruleset, set map[string]string) Side {
	if rs == rules.NoRuleset {
		rs = scenario.ListRuleset(l.Game)
	}
	targetSet, attackSet := splitSet(set)
	side := Side{Name: l.Name}
	for i := range l.Units {
		u := &l.Units[i]
		unit, err := listUnit(l, u, rs, targetSet, attackSet)
		if err != nil {
			side.LeftOut = append(side.LeftOut, LeftOut{Name: u.Name, Why: err})
			continue
		}
		side.Units = append(side.Units, unit)
	}
	return side
}

// splitSet sorts set values by the scenario part whose field each names,
// as POST /api/import does: a target's to ListTarget, an attack group's
// to ListAttacks, frontage to both.
func splitSet(set map[string]string) (target, attack map[string]string) {
	target, attack = map[string]string{}, map[string]string{}
	for k, v := range set {
		_, t := scenario.FieldOf(scenario.ObjTarget, k)
		_, a := scenario.FieldOf(scenario.ObjAttack, k)
		if t || (!t && !a) {
			target[k] = v // a field of neither: ListTarget names it
		}
		if a || k == "frontage" {
			attack[k] = v
		}
	}
	return target, attack
}

func listUnit(l *armylist.List, u *armylist.Unit, rs rules.Ruleset, targetSet, attackSet map[string]string) (Unit, error) {
	t, tnotes, err := scenario.ListTarget(l, u, scenario.ListOptions{Ruleset: rs, Set: targetSet})
	if err != nil {
		return Unit{}, err
	}
	out := Unit{Name: u.Name, Ruleset: rs, Target: t}
	notes := newNotes()
	notes.add(tnotes, notForMatrix...)
	first, fnotes, err := scenario.ListAttacks(l, u, scenario.ListOptions{Ruleset: rs, Set: attackSet})
	if err != nil {
		return Unit{}, err
	}
	melee := first
	if len(first) > 0 && first[0].Phase == rules.Shooting {
		out.Attacks = first
		notes.add(fnotes, notForMatrix...)
		ms := maps.Clone(attackSet)
		ms["phase"] = "melee"
		var mnotes []msg.Message
		if melee, mnotes, err = scenario.ListAttacks(l, u, scenario.ListOptions{Ruleset: rs, Set: ms}); err != nil {
			melee = nil // a unit that shoots and has no melee profile the mapping reads
		}
		// the phase is this function's, not the player's set
		notes.add(mnotes, append(slices.Clip(notForRound), "scenario.list.note.set")...)
	} else {
		notes.add(fnotes, notForRound...)
	}
	out.Notes = notes.list
	t9a := l.Game == armylist.T9A
	stat := func(p *armylist.Profile, names ...string) int {
		if p == nil {
			return 0
		}
		for _, n := range names {
			if v, ok := p.Get(n); ok {
				if k, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
					return k
				}
			}
		}
		return 0
	}
	var rf *armylist.Profile
	if len(u.Profiles) > 0 {
		rf = &u.Profiles[0]
	}
	pick := func(t9aName, name string) string {
		if t9a {
			return t9aName
		}
		return name
	}
	out.Leadership = stat(rf, pick("Dis", "Ld"))
	out.Initiative = stat(rf, pick("Agi", "I"))
	for i, a := range melee {
		if a.Phase != rules.Melee {
			continue
		}
		out.Attacks = append(out.Attacks, a)
		f := Fighter{By: "rank_and_file", Attacks: stat(rf, pick("Att", "A")), Initiative: out.initiative(), Group: a}
		if i > 0 && u.Champion != nil {
			f.By = "champion"
			f.Attacks = stat(u.Champion, pick("Att", "A"))
			if ini := stat(u.Champion, pick("Agi", "I")); ini > 0 {
				f.Initiative = ini
			}
		}
		if f.Attacks <= 0 {
			f.Attacks = out.perModel(a.Count)
		}
		out.Fighters = append(out.Fighters, f)
	}
	if out.Fighters == nil {
		out.Fighters = []Fighter{}
	}
	return out, nil
}

// notForMatrix are the mapping's notes untrue of a unit that is both a
// target and an attacker (see notes); notForRound adds those of a melee
// group's fixed count.
var (
	notForMatrix = []msg.ID{"scenario.list.note.attack_rule", "scenario.list.note.target_rule", "scenario.list.note.chars"}
	notForRound  = append(slices.Clip(notForMatrix), "scenario.list.note.count_melee", "scenario.list.note.count_champion")
)

// notes gathers a list unit's mapping notes for the matrix, where the
// unit is both a target and an attacker: a rule or a characteristic one
// role does not read is read by the other ("not used for a target", "not
// used here: BS 3" would be untrue; a round reads A, I and Ld), a round
// counts the attacks of the models in contact (the melee count's note
// is of an attack group's fixed count), and what the target and the two
// readings of the attacks both say is said once.
type notes struct {
	list []msg.Message
	seen map[string]bool
}

func newNotes() *notes { return &notes{seen: map[string]bool{}} }

// add keeps the notes of ns whose IDs are not in drop.
func (n *notes) add(ns []msg.Message, drop ...msg.ID) {
	for _, m := range ns {
		if slices.Contains(drop, m.ID) || n.seen[m.String()] {
			continue
		}
		n.seen[m.String()] = true
		n.list = append(n.list, m)
	}
}
