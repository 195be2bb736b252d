package battle

import (
	"encoding/json"
	"errors"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/scenario"
)

// combatParts are the parts of a combat file a Fought event holds: the
// file less its units (docs/combat.md), and a side's battle standard
// bearers, which a combat file writes on its unit's characters.
type combatParts struct {
	Description json.RawMessage            `json:"description,omitempty"`
	Options     map[string]string          `json:"options,omitempty"`
	Combat      json.RawMessage            `json:"combat,omitempty"`
	Sides       map[string]json.RawMessage `json:"sides"`
}

// round builds the round of a Fought event between the battle's units as
// they stand, and resolves it with its faces.
func (s State) round(seq int64, e *Fought, roller dice.Roller) (*combat.Round, error) {
	c, err := s.combatOf(seq, e)
	if err != nil {
		return nil, err
	}
	round, err := c.Resolve(roller)
	if err != nil {
		return nil, wrapped(seq, "", err)
	}
	return round, nil
}

// CombatOf is the round of close combat between the battle's units a and
// b as they stand, with fight's parts (as Combat takes them), for the odds
// of the round (combat.Combat's Exact and MonteCarlo) before it is fought:
// what Combat would play with its dice. Its refusals are Combat's, said
// without an event (none is written). s is not changed.
func CombatOf(s State, a, b string, fight json.RawMessage) (*combat.Combat, error) {
	return s.combatOf(0, &Fought{A: a, B: b, Combat: fight})
}

// combatOf builds the round of e between the battle's units as they
// stand; seq names the event in its refusals (0: none).
func (s State) combatOf(seq int64, e *Fought) (*combat.Combat, error) {
	a, err := s.live(seq, e.A)
	if err != nil {
		return nil, err
	}
	b, err := s.live(seq, e.B)
	if err != nil {
		return nil, err
	}
	if e.A == e.B {
		return nil, refuse(seq, e.A, "battle.error.combat_self")
	}
	if a.Ruleset != b.Ruleset {
		return nil, refuse(seq, e.B, "battle.error.combat_ruleset", a.Ruleset, b.Ruleset)
	}
	var parts combatParts
	if err := strictJSON(e.Combat, &parts); err != nil {
		return nil, refuse(seq, "", "battle.error.combat_parts", reason(err))
	}
	opts := map[string]string{}
	for _, u := range []*Unit{a, b} {
		for k, v := range u.Options {
			if w, ok := opts[k]; ok && w != v {
				return nil, refuse(seq, u.Name, "battle.error.combat_options", k, w, v)
			}
			opts[k] = v
		}
	}
	for k, v := range parts.Options {
		if w, ok := opts[k]; ok && w != v {
			return nil, refuse(seq, "", "battle.error.combat_options", k, w, v)
		}
		opts[k] = v
	}
	var bsb [2][]string
	sides := map[string]json.RawMessage{}
	for i, side := range []string{"a", "b"} {
		raw, ok := parts.Sides[side]
		if !ok {
			return nil, refuse(seq, "", "battle.error.combat_side", side)
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil || fields == nil {
			return nil, refuse(seq, "", "battle.error.combat_side", side)
		}
		if _, ok := fields["unit"]; ok {
			return nil, refuse(seq, "", "battle.error.combat_unit", side)
		}
		if bs, ok := fields["battle_standard"]; ok {
			if err := json.Unmarshal(bs, &bsb[i]); err != nil {
				return nil, refuse(seq, "", "battle.error.combat_parts", reason(err))
			}
			delete(fields, "battle_standard")
		}
		fields["unit"] = []*Unit{a, b}[i].Target
		sides[side], _ = json.Marshal(fields)
	}
	for k := range parts.Sides {
		if k != "a" && k != "b" {
			return nil, refuse(seq, "", "battle.error.combat_side", k)
		}
	}
	doc, err := json.Marshal(struct {
		Ruleset string                     `json:"ruleset"`
		Options map[string]string          `json:"options,omitempty"`
		Combat  json.RawMessage            `json:"combat,omitempty"`
		Sides   map[string]json.RawMessage `json:"sides"`
	}{a.Ruleset, opts, parts.Combat, sides})
	if err != nil {
		return nil, refuse(seq, "", "battle.error.combat_parts", reason(err))
	}
	c, err := combat.Load("combat", doc)
	if err != nil {
		// doc is built here, not written by anyone: its lines and columns
		// point nowhere a player can look; the field's path (sides.a.
		// leadership) names the part of the fight that is wrong.
		var se *scenario.Error
		if errors.As(err, &se) {
			se.File, se.Line, se.Column = "", 0, 0
		}
		return nil, wrapped(seq, "", err)
	}
	for i, u := range []*Unit{a, b} {
		c.Sides[i].Unit = u.Unit.Clone()
		c.Sides[i].BattleStandard = bsb[i]
	}
	if err := c.Validate(); err != nil {
		return nil, wrapped(seq, "", err)
	}
	return c, nil
}

func combatResult(o *combat.Outcome) CombatResult {
	r := CombatResult{Casualties: o.Casualties, Wounds: o.Wounds, Score: o.Score, Destroyed: o.Destroyed}
	if o.Winner != combat.NoSide {
		r.Winner = o.Winner.String()
	}
	if o.Break != nil && o.Break.Broke {
		r.Broke = o.Break.Side.String()
	}
	return r
}

// combat applies a Fought event.
func (s State) combat(seq int64, e *Fought, c *cache) (State, error) {
	roll := dice.NewScripted(e.Faces...)
	round, err := s.round(seq, e, roll)
	if err != nil {
		return s, err
	}
	if err := roll.Err(); err != nil {
		return s, wrapped(seq, "", err)
	}
	if n := roll.Remaining(); n > 0 {
		return s, refuse(seq, "", "battle.error.dice_left", len(e.Faces), n)
	}
	if got := combatResult(round.Outcome); !sameCombat(got, e.Result) {
		return s, refuse(seq, "", "battle.error.combat_result", got.Score[0], got.Score[1], e.Result.Score[0], e.Result.Score[1])
	}
	n := s.with()
	for i, name := range []string{e.A, e.B} {
		v := *s.units[s.index[name]]
		if v.Unit, err = rebase(&v, round.Units[i], c); err != nil {
			return s, wrapped(seq, name, err)
		}
		n.put(&v)
	}
	return n, nil
}

// rebase returns after, a unit of u as a combat round left it, on u's own
// spec: the round's machines run without an owner, with the engine's
// defaults standing in for the owner_choice switches inside the units
// they return (RULES.md 18), and the battle's unit keeps its switches for
// the attacks after the round. It is what a snapshot does (Save, Restore).
func rebase(u *Unit, after *rearrank.Unit, c *cache) (*rearrank.Unit, error) {
	_, f, err := c.build(u, nil)
	if err != nil {
		return nil, err
	}
	fresh, _, err := f.Build()
	if err != nil {
		return nil, err
	}
	v, err := (*alloc.Unit)(fresh).Restore((*alloc.Unit)(after).Save())
	if err != nil {
		return nil, err
	}
	return (*rearrank.Unit)(v), nil
}

func sameCombat(a, b CombatResult) bool {
	return a.Casualties == b.Casualties && a.Wounds == b.Wounds && a.Score == b.Score &&
		a.Winner == b.Winner && a.Broke == b.Broke && a.Destroyed == b.Destroyed
}

// Combat plays one round of close combat between the battle's units a and
// b as they stand (RULES.md 21), asking roller for every die. fight is a
// combat file's parts without its units, as JSON: "options" (the combat
// switches of RULES.md 21.11), "combat" (charger, facing, contact,
// high_ground) and "sides" whose "a" and "b" hold leadership, special,
// reroll_break, bonus, fights and, where the side has one,
// battle_standard: the names of its characters who carry the battle
// standard. It returns the record to append, with the faces used, and the
// round. s is not changed. A nil roller is a programmer's error, and
// panics.
func Combat(s State, a, b string, fight json.RawMessage, roller dice.Roller) (Record, *combat.Round, error) {
	if roller == nil {
		panic("battle: Combat needs a dice.Roller")
	}
	seq := s.Seq + 1
	rec := dice.NewRecorder(roller)
	e := &Fought{A: a, B: b, Combat: fight}
	round, err := s.round(seq, e, rec)
	if err != nil {
		return Record{}, nil, err
	}
	e.Faces, e.Result = rec.Faces(), combatResult(round.Outcome)
	r := NewRecord(seq, e, now())
	if _, err := Apply(s, r); err != nil {
		return Record{}, nil, err
	}
	return r, round, nil
}
