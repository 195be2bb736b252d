package battle

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/scenario"
)

// cache keeps the attack groups a replay has built, by unit and groups:
// a battle's log repeats the same groups again and again, and building
// them (loading the scenario they make with their unit) is most of an
// attack's cost. One cache serves one replay.
type cache struct {
	groups map[string][]rearrank.Attack
	files  map[string]*scenario.File
}

func newCache() *cache {
	return &cache{groups: map[string][]rearrank.Attack{}, files: map[string]*scenario.File{}}
}

func fileKey(u *Unit, attacks json.RawMessage) string {
	var b strings.Builder
	b.WriteString(u.Name)
	b.WriteByte(0)
	b.WriteString(u.Ruleset)
	for _, k := range slices.Sorted(maps.Keys(u.Options)) {
		b.WriteByte(0)
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(u.Options[k])
	}
	b.WriteByte(0)
	b.Write(u.Target)
	b.WriteByte(0)
	b.Write(attacks)
	return b.String()
}

// groups builds attack groups against unit u: the scenario file of u's
// target and the groups, loaded and validated, errors naming the field.
func (c *cache) build(u *Unit, attacks json.RawMessage) ([]rearrank.Attack, *scenario.File, error) {
	var key string
	if c != nil {
		key = fileKey(u, attacks)
		if g, ok := c.groups[key]; ok {
			return g, c.files[key], nil
		}
	}
	f, err := scenarioFile(u.Name, u.Ruleset, u.Options, u.Target, attacks)
	if err != nil {
		return nil, nil, err
	}
	_, groups, err := f.Build()
	if err != nil {
		return nil, nil, err
	}
	if c != nil {
		c.groups[key], c.files[key] = groups, f
	}
	return groups, f, nil
}

// live returns unit name, refusing an unknown or destroyed one.
func (s State) live(seq int64, name string) (*Unit, error) {
	u, err := s.Unit(name)
	if err != nil {
		return nil, refuseAs(ErrUnknownUnit, seq, name, because{err})
	}
	if u.Destroyed() {
		return nil, refuse(seq, name, "battle.error.destroyed")
	}
	return u, nil
}

// resolved is what replaying an attack gives: the unit after it and what
// it did.
type resolved struct {
	after  *rearrank.Unit
	result AttackResult
}

// resolve runs an attack's groups on u with the faces and the recorded
// answers, refused where the faces or the answers are not exactly what
// the attack asks for. It runs the referee's machine (internal/engine) as
// referee.ResolveWith does, without the log of every step, which a replay
// never shows and which costs more than the dice (drawing the formation
// after each batch).
func (s State) resolve(seq int64, u *Unit, e *Attacked, c *cache) (resolved, error) {
	groups, _, err := c.build(u, e.Attacks)
	if err != nil {
		return resolved{}, wrapped(seq, u.Name, err)
	}
	roll := dice.NewScripted(e.Faces...)
	var answers []Answer
	if e.Choices != nil {
		answers = e.Choices.Answers
	}
	p := &replayer{answers: answers}
	m, err := engine.NewMachine((*alloc.Unit)(u.Unit), groups, p)
	if err != nil {
		return resolved{}, wrapped(seq, u.Name, err)
	}
	for !m.Done() {
		if err := m.Step(roll, nil); err != nil {
			return resolved{}, wrapped(seq, u.Name, err)
		}
	}
	if err := roll.Err(); err != nil {
		return resolved{}, wrapped(seq, u.Name, err)
	}
	if n := roll.Remaining(); n > 0 {
		return resolved{}, refuse(seq, u.Name, "battle.error.dice_left", len(e.Faces), n)
	}
	if !p.done() {
		return resolved{}, refuse(seq, u.Name, "battle.error.choices", len(answers))
	}
	after := m.Unit()
	t := m.Tally()
	return resolved{after: (*rearrank.Unit)(after), result: AttackResult{Casualties: t.Casualties, Wounds: t.Wounds, Unsaved: t.Unsaved,
		Wasted: t.Wasted, Panic: t.Panic && m.PanicApplies(), Destroyed: after.Destroyed()}}, nil
}

func attackResult(res *referee.Result) AttackResult {
	t := res.Tally
	return AttackResult{Casualties: t.Casualties, Wounds: t.Wounds, Unsaved: t.Unsaved, Wasted: t.Wasted,
		Panic: t.Panic && res.PanicApplies, Destroyed: res.Destroyed()}
}

// attack applies an Attacked event.
func (s State) attack(seq int64, e *Attacked, c *cache) (State, error) {
	u, err := s.live(seq, e.Unit)
	if err != nil {
		return s, err
	}
	res, err := s.resolve(seq, u, e, c)
	if err != nil {
		return s, err
	}
	if got := res.result; got != e.Result {
		return s, refuse(seq, u.Name, "battle.error.result", got.Casualties, got.Wounds, e.Result.Casualties, e.Result.Wounds)
	}
	n := s.with()
	v := *u
	v.Unit = res.after
	n.put(&v)
	return n, nil
}

// Attack resolves attack groups against the battle's unit as it stands,
// asking roller for every die (dice.Seeded, dice.Scripted with the faces
// rolled at the table, or a dice.Asker that asks a person), and returns
// the record to append, which holds exactly the faces used, and the
// referee's result. The owner_choice switches take the engine's default
// (AttackWith asks a chooser). s is not changed: apply the record.
func Attack(s State, unitName string, attacks []scenario.Attack, roller dice.Roller) (Record, *referee.Result, error) {
	return AttackWith(s, unitName, attacks, roller, nil)
}

// AttackWith is Attack with a chooser for the owner's choices (RULES.md
// 18): a unit.Chooser that may also be a rearrank.SaveChooser and a
// rearrank.PacketChooser; nil, or a question it cannot answer, takes the
// engine's default. The answers are recorded with the dice. A nil roller
// is a programmer's error, and panics.
func AttackWith(s State, unitName string, attacks []scenario.Attack, roller dice.Roller, ch Chooser) (Record, *referee.Result, error) {
	r, _, res, err := AttackState(s, unitName, attacks, roller, ch)
	return r, res, err
}

// AttackState is AttackWith that also returns the state after the record,
// which it applies to check it: a caller that appends the record at s's
// version next need not apply it again.
func AttackState(s State, unitName string, attacks []scenario.Attack, roller dice.Roller, ch Chooser) (Record, State, *referee.Result, error) {
	seq := s.Seq + 1
	u, err := s.live(seq, unitName)
	if err != nil {
		return Record{}, State{}, nil, err
	}
	raw, err := attacksJSON(attacks)
	if err != nil {
		return Record{}, State{}, nil, wrapped(seq, unitName, err)
	}
	// One cache for the attack and its check: the record is applied
	// with the groups just built from the same unit and JSON, so the
	// scenario they make is loaded once, not twice.
	c := newCache()
	groups, _, err := c.build(u, raw)
	if err != nil {
		return Record{}, State{}, nil, wrapped(seq, unitName, err)
	}
	if roller == nil {
		panic("battle: AttackWith needs a dice.Roller")
	}
	rec := dice.NewRecorder(roller)
	chooser := &recorder{ch: ch}
	res, err := referee.ResolveWith(u.Unit, groups, rec, chooser)
	if err != nil {
		return Record{}, State{}, nil, wrapped(seq, unitName, err)
	}
	if sc, ok := roller.(*dice.Scripted); ok && sc.Err() != nil {
		return Record{}, State{}, nil, wrapped(seq, unitName, sc.Err())
	}
	e := &Attacked{Unit: unitName, Attacks: raw, Faces: rec.Faces(), Choices: chooser.choices(), Result: attackResult(res)}
	r := NewRecord(seq, e, now())
	after, err := apply(s, r, c)
	if err != nil {
		return Record{}, State{}, nil, err
	}
	return r, after, res, nil
}

// attacksJSON is attack groups as a scenario file writes them.
func attacksJSON(attacks []scenario.Attack) (json.RawMessage, error) {
	b, err := scenario.File{Attacks: attacks}.MarshalJSON()
	if err != nil {
		return nil, err
	}
	var parts struct {
		Attacks json.RawMessage `json:"attacks"`
	}
	if err := json.Unmarshal(b, &parts); err != nil {
		return nil, err
	}
	if len(parts.Attacks) == 0 || string(parts.Attacks) == "null" {
		return json.RawMessage("[]"), nil
	}
	return parts.Attacks, nil
}
