// Package referee applies the rules of one ruleset to attacks on a unit, die
// by die, and returns the unit as it now stands with an explanation of every
// step.
//
// The pipeline follows RULES.md 4:
//
//	attacks -> hit (5) -> wound (6) -> [skirmish critical (6.2)] -> armour (7)
//	        -> special save (8) -> damage (9) -> allocation and removal (10, 11)
//	        -> unit state, panic, standard, destroyed (12)
//
// Each attack group is one batch (RULES.md 3): the referee rolls every hit
// die of the group, then every wound die, then the saves, then the damage
// dice, as players do at the table, and hands the unsaved wounds to the unit
// package in the order of RULES.md 19 C22. Skirmish attacks resolve one at a
// time in dice order (C19).
//
// Resolve asks a dice.Roller for every die: a dice.Scripted one for dice a
// person rolled, a dice.Seeded one for a reproducible game, a dice.Asker to
// be asked for each die by name. The rules are written once, as the stages of
// an internal machine; the odds package runs the very same stages over every
// face of every die. The input unit is never changed.
//
// The data Resolve takes and returns (rearrank.Attack, rearrank.Event,
// rearrank.Tally...) are defined in package rearrank, at the module root,
// not here: the internal machine that applies the rules needs them too,
// and this package imports that machine, so it cannot define what the
// machine uses.
package referee

import (
	"errors"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// before and after are the units of r as the engine holds them.
func (r *Result) before() *alloc.Unit { return (*alloc.Unit)(r.Before) }
func (r *Result) after() *alloc.Unit  { return (*alloc.Unit)(r.After) }

// Result is what Resolve returns.
type Result struct {
	Before *rearrank.Unit   `json:"-"`
	After  *rearrank.Unit   `json:"-"`
	Events []rearrank.Event `json:"events"`
	Tally  rearrank.Tally   `json:"tally"`
	// PanicApplies is false when every batch was in close combat, where no
	// panic test is taken (RULES.md 19.3), and in skirmish.
	PanicApplies bool `json:"panic_applies"`
	// StandIns are the owner_choice switches that nobody was asked about,
	// for which the engine's default stood in (RULES.md 18): all of them
	// for Resolve, those its chooser cannot answer for ResolveWith.
	StandIns []rules.StandIn `json:"stand_ins,omitempty"`
	// challenge: an attack group aims at the champion or a character.
	challenge bool
}

// Overkill is what attacks aimed at a champion or character (a challenge,
// RULES.md 9.3, 22.7, 22.8) wasted on him: the unsaved wounds beyond the
// Wounds he had left, and the combat result they score.
type Overkill struct {
	Wounds int `json:"wounds"`
	// CombatResult is +1 for each wound, at most the ruleset's most
	// (rules.CombatRules.OverkillMost: tow +5, RULES.md 22.11); 0 where the
	// ruleset scores none.
	CombatResult int `json:"combat_result"`
}

// Overkill returns the overkill of the attacks aimed at a champion or
// character, nil when none was (RULES.md 9.3, E167).
func (r *Result) Overkill() *Overkill {
	if !r.challenge {
		return nil
	}
	cr := &rules.For(r.after().Ruleset()).Combat
	return &Overkill{Wounds: r.Tally.Overkill, CombatResult: cr.Overkill(r.Tally.Overkill)}
}

// WastedText says in players' words how many wounds were wasted and, in a
// challenge, how many of them are overkill and what they score: "2 wasted:
// overkill, +2 combat result in a challenge" (tow, RULES.md 22.11), "2
// wasted: overkill in a challenge, not scored in whfb8 (rules 9.3)". It is
// "" when nothing was wasted.
func (r *Result) WastedText() string { return r.WastedMsg().String() }

// WastedMsg is WastedText as a message of the catalogue, to be said in a
// reader's language; the zero Message when nothing was wasted.
func (r *Result) WastedMsg() msg.Message {
	w := r.Tally.Wasted
	if w == 0 {
		return msg.Message{}
	}
	o := r.Overkill()
	if o == nil || o.Wounds == 0 {
		return msg.New("referee.wasted", w)
	}
	cr := &rules.For(r.after().Ruleset()).Combat
	some := o.Wounds < w // some of the wasted wounds are overkill, not all
	if cr.OverkillMost == 0 {
		return msg.New(pick(some, "referee.wasted.unscored_some", "referee.wasted.unscored_all"), w, o.Wounds, r.after().Ruleset().String())
	}
	var most any = ""
	if o.Wounds > cr.OverkillMost {
		most = msg.New("referee.wasted.at_most", cr.OverkillMost)
	}
	return msg.New(pick(some, "referee.wasted.scored_some", "referee.wasted.scored_all"), w, o.Wounds, o.CombatResult, most)
}

// WastedTextIn is WastedText in language l.
func (r *Result) WastedTextIn(l msg.Lang) string { return r.WastedMsg().Text(l) }

func pick(c bool, a, b msg.ID) msg.ID {
	if c {
		return a
	}
	return b
}

// StrengthText says what the combat result and a failed panic test read of
// the unit after the attacks, where the ruleset has Unit Strength (tow,
// RULES.md 22.9, 22.10): "Unit Strength 7, 7 of 8 models at deployment
// left". It is "" elsewhere.
func (r *Result) StrengthText() string { return r.StrengthTextIn(msg.English) }

// StrengthTextIn is StrengthText in language l.
func (r *Result) StrengthTextIn(l msg.Lang) string {
	us, ok := r.after().UnitStrength()
	if !ok {
		return ""
	}
	return msg.New("referee.strength", us, r.after().Size(), r.after().StartingModels()).Text(l)
}

// challenge reports whether an attack group aims at the champion or a
// character.
func challenge(attacks []rearrank.Attack) bool {
	for _, a := range attacks {
		if a.Target.Role == unit.Champion || a.Target.Role == unit.Character {
			return true
		}
	}
	return false
}

// Destroyed reports whether no model of the unit is left.
func (r *Result) Destroyed() bool { return r.after().Destroyed() }

// Resolve applies the attack groups in order to a copy of u, asking r for
// every die, and returns the new unit and the events. u is not changed.
// With a dice.Scripted roller that runs out, the error is a
// *rearrank.DiceNeeded wrapping dice.ErrOutOfDice: it says which step
// needed how many more dice.
func Resolve(u *rearrank.Unit, attacks []rearrank.Attack, r dice.Roller) (*Result, error) {
	return ResolveWith(u, attacks, r, nil)
}

// ResolveWith is Resolve with a chooser for the owner_choice switches
// (RULES.md 18): a unit.Chooser, a rearrank.SaveChooser too for
// special_save_choice and a rearrank.PacketChooser for tow's
// multi_packet_order. Where ch cannot answer a switch (Resolve: ch nil
// answers none) the engine's default stands in, and Result.StandIns says
// so.
func ResolveWith(h *rearrank.Unit, attacks []rearrank.Attack, r dice.Roller, ch unit.Chooser) (*Result, error) {
	u := (*alloc.Unit)(h)
	m, err := engine.NewMachine(u, attacks, ch)
	if err != nil {
		return nil, err
	}
	res := &Result{Before: (*rearrank.Unit)(u.Clone()), challenge: challenge(attacks)}
	log := func(e rearrank.Event) { res.Events = append(res.Events, e) }
	for !m.Done() {
		if err := m.Step(r, log); err != nil {
			return nil, err
		}
	}
	res.After = (*rearrank.Unit)(m.Unit())
	res.Tally = m.Tally()
	res.PanicApplies = m.PanicApplies()
	res.StandIns = m.StandIns()
	return res, nil
}

// ResolveSoFar resolves the attacks with the faces rolled so far at the
// table and stops where they run out, as players resolve stage by stage
// (RULES.md 3: every hit die of a group, then every wound die...). The
// Result holds every step the faces completed, with the unit as it stands
// after them; need, nil when the faces sufficed, says what the next stage
// asks for. used is how many faces the completed steps took: the faces
// after it began a step they could not finish. Any other error, such as a
// 7 on a D6, is Resolve's.
func ResolveSoFar(h *rearrank.Unit, attacks []rearrank.Attack, faces []int) (res *Result, need *rearrank.DiceNeeded, used int, err error) {
	u := (*alloc.Unit)(h)
	m, err := engine.NewMachine(u, attacks, nil)
	if err != nil {
		return nil, nil, 0, err
	}
	res = &Result{Before: (*rearrank.Unit)(u.Clone()), challenge: challenge(attacks)}
	r := dice.NewScripted(faces...)
	var step []rearrank.Event
	log := func(e rearrank.Event) { step = append(step, e) }
	for !m.Done() {
		last := m.Clone()
		step = step[:0]
		if err := m.Step(r, log); err != nil {
			if !errors.As(err, &need) {
				return nil, nil, 0, err
			}
			m = last
			break
		}
		res.Events = append(res.Events, step...)
		used = r.Used()
	}
	res.After = (*rearrank.Unit)(m.Unit().Clone())
	res.Tally = m.Tally()
	res.PanicApplies = m.PanicApplies()
	res.StandIns = m.StandIns()
	return res, need, used, nil
}
