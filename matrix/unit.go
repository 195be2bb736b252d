package matrix

import (
	"encoding/json"
	"errors"
	"math"
	"strconv"

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

// LoadUnit reads a unit from its parts as JSON, the matrix request's
// UNIT: a scenario's target and attack groups, checked as a scenario file
// made of them is (the errors name the field, "target.toughness"). A unit
// may have no attack groups.
func LoadUnit(name string, rs rules.Ruleset, options map[string]string, target json.RawMessage, attacks []json.RawMessage) (Unit, error) {
	groups := attacks
	standIn := len(groups) == 0
	if standIn {
		groups = []json.RawMessage{json.RawMessage(`{"count": 1, "strength": 1}`)} // the target is checked all the same
	}
	doc, err := json.Marshal(struct {
		Ruleset string            `json:"ruleset"`
		Options map[string]string `json:"options,omitempty"`
		Attacks []json.RawMessage `json:"attacks"`
		Target  json.RawMessage   `json:"target"`
	}{rs.String(), options, groups, target})
	if err != nil {
		return Unit{}, err
	}
	f, err := scenario.Load("unit", doc)
	if err != nil {
		return Unit{}, err
	}
	u := Unit{Name: name, Ruleset: f.Ruleset, Options: f.Options, Target: f.Target, Attacks: f.Attacks}
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
