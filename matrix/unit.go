package matrix

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// Unit is one row or column of a matrix: a unit's profile as a scenario's
// target and its attack groups, as a scenario file writes them
// (docs/scenario.md). Its shooting groups (phase shooting) shoot in the
// shooting cells; its melee groups are its fights in the close-combat
// cells (docs/matrix.md says how a group becomes a fight).
type Unit struct {
	Name    string
	Ruleset rules.Ruleset
	// Options are the scenario switches the unit's file sets.
	Options map[string]string
	Target  scenario.Target
	Attacks []scenario.Attack
	// Leadership is the value the unit takes its break test on (t9a:
	// Discipline); 0 means DefaultLeadership.
	Leadership int
	// Initiative is its models' Initiative (t9a: Agility), for the strike
	// order; 0 means DefaultInitiative.
	Initiative int
	// Fighters are the unit's fights in close combat; nil derives them
	// from its melee attack groups (Fighters).
	Fighters []Fighter
	// Notes say what the reading of a list's unit assumed (a troop type
	// the file does not give, the frontage, the weapon taken): the
	// mapping's notes (docs/import.md) that hold for a unit that is both
	// a row's attacker and a column's target.
	Notes []msg.Message
}

// Fighter is one fight of a unit in close combat (docs/combat.md,
// "Fights"): who makes it, the attacks of each model and the attack group
// every step rolls with it (its count is the step's).
type Fighter struct {
	By         string // rank_and_file, champion or character:<name>
	Attacks    int    // per model
	Initiative int
	Group      scenario.Attack
}

// Defaults of a unit that does not say.
const (
	DefaultLeadership = 7
	DefaultInitiative = 3
)

// UnitSpec is a unit as a matrix request writes it (docs/matrix.md): a
// scenario's target and attack groups as JSON, and what its fights need
// beside them.
type UnitSpec struct {
	Name       string            `json:"name"`
	Ruleset    string            `json:"ruleset"`
	Options    map[string]string `json:"options,omitempty"`
	Target     json.RawMessage   `json:"target"`
	Attacks    []json.RawMessage `json:"attacks"`
	Leadership int               `json:"leadership,omitempty"`
	Initiative int               `json:"initiative,omitempty"`
}

// SideSpec is a side as a file of units writes it: {"name", "units"}.
type SideSpec struct {
	Name  string     `json:"name"`
	Units []UnitSpec `json:"units"`
}

// Unit reads the unit: its target and attack groups are checked as a
// scenario file made of them is. An error is a *scenario.Error whose
// Field is the path in the spec ("target.toughness", "leadership"), with
// no file place. A unit may have no attack groups.
func (s UnitSpec) Unit() (Unit, error) {
	invalid := func(field string, id msg.ID, args ...any) error {
		e := scenario.ErrorOf(scenario.ErrInvalid, msg.New(id, args...))
		e.Field = field
		return e
	}
	rs, err := rules.ParseRuleset(s.Ruleset)
	if err != nil {
		return Unit{}, invalid("ruleset", "matrix.text", msg.ErrorText(err, msg.English))
	}
	if len(s.Target) == 0 {
		return Unit{}, invalid("target", "matrix.error.required")
	}
	if s.Leadership < 0 || s.Leadership > 12 {
		return Unit{}, invalid("leadership", "matrix.error.range", 0, 12, s.Leadership)
	}
	if s.Initiative < 0 || s.Initiative > 10 {
		return Unit{}, invalid("initiative", "matrix.error.range", 0, 10, s.Initiative)
	}
	groups := s.Attacks
	standIn := len(groups) == 0
	if standIn {
		groups = []json.RawMessage{json.RawMessage(`{"count": 1, "strength": 1}`)} // the target is checked all the same
	}
	doc, err := json.Marshal(struct {
		Ruleset string            `json:"ruleset"`
		Options map[string]string `json:"options,omitempty"`
		Attacks []json.RawMessage `json:"attacks"`
		Target  json.RawMessage   `json:"target"`
	}{rs.String(), s.Options, groups, s.Target})
	if err != nil {
		return Unit{}, invalid("", "matrix.text", err.Error())
	}
	f, err := scenario.Load(builtFile, doc)
	if err != nil {
		var se *scenario.Error
		if errors.As(err, &se) {
			c := *se
			c.File, c.Line, c.Column = "", 0, 0
			return Unit{}, &c
		}
		return Unit{}, err
	}
	u := Unit{Name: s.Name, Ruleset: f.Ruleset, Options: f.Options, Target: f.Target, Attacks: f.Attacks,
		Leadership: s.Leadership, Initiative: s.Initiative}
	if standIn {
		u.Attacks = nil
	}
	if u.Name == "" {
		u.Name = f.Target.Name
	}
	return u, nil
}

// FromFile is the unit of a scenario file: its target and its attack
// groups, named as its target.
func FromFile(f *scenario.File) Unit {
	name := f.Target.Name
	return Unit{Name: name, Ruleset: f.Ruleset, Options: f.Options, Target: f.Target, Attacks: f.Attacks}
}

// shooting returns the unit's shooting attack groups.
func (u *Unit) shooting() []scenario.Attack {
	var out []scenario.Attack
	for _, a := range u.Attacks {
		if a.Phase == rules.Shooting {
			out = append(out, a)
		}
	}
	return out
}

// fighters returns the unit's fights: its Fighters, or one fight of the
// rank and file for each melee attack group. A group's count is the
// attacks of the front rank and the second rank's supporting attacks, as
// a list's unit maps to (scenario.ListAttacks): the attacks of a model
// are that count less the supporting attacks, over the front rank's
// models; a count of dice, which says no number, is one attack a model.
func (u *Unit) fighters() []Fighter {
	if u.Fighters != nil {
		return u.Fighters
	}
	var out []Fighter
	for _, a := range u.Attacks {
		if a.Phase != rules.Melee {
			continue
		}
		out = append(out, Fighter{By: "rank_and_file", Attacks: u.perModel(a.Count), Initiative: u.initiative(), Group: a})
	}
	return out
}

// perModel is the attacks of a model that give a melee count of count.
func (u *Unit) perModel(count scenario.Expr) int {
	n, err := strconv.Atoi(string(count))
	if err != nil {
		return 1
	}
	models := max(u.Target.Models, 1)
	front := u.Target.Frontage
	if front <= 0 {
		front = min(models, 5)
	}
	front = min(front, models)
	second := min(models-front, front)
	support := 0
	if s := rules.For(u.Ruleset).Combat.Supporting; len(s) > 0 {
		support = s[0]
	}
	a := math.Round(float64(n-support*second) / float64(front))
	return int(min(max(a, 1), 10))
}

func (u *Unit) leadership() int {
	if u.Leadership > 0 {
		return u.Leadership
	}
	return DefaultLeadership
}

func (u *Unit) initiative() int {
	if u.Initiative > 0 {
		return u.Initiative
	}
	return DefaultInitiative
}

// Side is one army: its units and those of its list that could not be
// read, each with why.
type Side struct {
	Name    string
	Units   []Unit
	LeftOut []LeftOut
}

// LeftOut is a unit of a list that is no row or column, and why.
type LeftOut struct {
	Name string
	Why  error
}

// Limits of a matrix.
const (
	// MaxUnits is the most units of a side: 30 x 30 is 2,700 cells of
	// three fights, as much as one request computes in its time.
	MaxUnits = 30
)

// Sentinels of the errors of a matrix that cannot start.
var (
	ErrEmpty    = errors.New("matrix: a side has no unit")
	ErrTooLarge = errors.New("matrix: too many units")
	// ErrRequest: a fight, a show or an at_least out of range.
	ErrRequest = errors.New("matrix: bad request")
)

// check refuses an empty side and one of more than MaxUnits units.
func (s *Side) check(which string) error {
	if len(s.Units) == 0 {
		if len(s.LeftOut) > 0 {
			return msg.Errorf(ErrEmpty, "matrix.error.empty_left_out", which, len(s.LeftOut))
		}
		return msg.Errorf(ErrEmpty, "matrix.error.empty", which)
	}
	if len(s.Units) > MaxUnits {
		return msg.Errorf(ErrTooLarge, "matrix.error.too_many", which, len(s.Units), MaxUnits)
	}
	return nil
}

// ReadSide reads a file of units, {"name", "units": [UNIT, ...]} in JSON
// (SideSpec), named name in its errors: the first unit that cannot be
// read is the error, its field's path in the file ("units[2].target").
func ReadSide(name string, data []byte) (Side, error) {
	var spec SideSpec
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&spec); err != nil {
		return Side{}, msg.Errorf(scenario.ErrSyntax, "matrix.error.side_file", name, msg.New("matrix.text", err.Error()))
	}
	side := Side{Name: spec.Name}
	for i, us := range spec.Units {
		u, err := us.Unit()
		if err != nil {
			var se *scenario.Error
			if errors.As(err, &se) {
				c := *se
				c.File = name
				c.Field = strings.TrimSuffix(fmt.Sprintf("units[%d].%s", i, c.Field), ".")
				return Side{}, &c
			}
			return Side{}, err
		}
		side.Units = append(side.Units, u)
	}
	return side, nil
}
