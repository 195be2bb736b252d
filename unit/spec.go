package unit

import (
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// Spec describes a unit before any damage. The zero value of every optional
// field is the default of DESIGN.md's scenario format.
type Spec struct {
	Name    string
	Ruleset rules.Ruleset
	Options rules.Options
	// Models counts every model but the characters: rank and file plus the
	// whole command group (DESIGN.md). A skirmish Spec has Models 1.
	Models int
	// Frontage is the number of files in the front rank; 0 means the smaller
	// of the total (characters included) and 5.
	Frontage int
	Profile  Profile // rank and file, musician and standard bearer
	Command  []Role  // any of Musician, StandardBearer, Champion
	// Champion is the champion's profile; nil means Profile.
	Champion       *Profile
	ChampionDamage int
	// Groups are rank and file with another profile, added after Models and
	// placed behind them: other troop types are separate pools in t9a and
	// t9a1-ru (E65), the same troop type shares a pool (E66).
	Groups     []Group
	Characters []CharacterSpec
	// Layout optionally gives the formation: ranks front to back separated by
	// "/", one letter per model: R rank and file (the main profile first, then
	// the groups, in reading order), M musician, S standard bearer, C champion,
	// H the characters in order. "." marks an empty slot at an end of a rank;
	// a rank with fewer slots than the frontage is centred. Every rank but the
	// last must be full, and M, S, C and H stand in the front rank (17.3).
	Layout string
	// Carried is the starting carried count of the R&F pool of Profile, the
	// unit's own rank and file (pooled rulesets, 11.1). The wounds sit on
	// the model next in removal order, which in a pool shared with Groups
	// may have another profile: they must be below its W.
	Carried int
	// Damage is the starting damage of the R&F pool's models in removal order
	// (battleaxe per-model only, 11.3), Groups' models included; each must be
	// below the W of the model it is for.
	Damage []int
	// StartingModels is the unit's size at deployment, characters included,
	// for the outcome of a failed panic test in tow (RULES.md 22.9); 0 is
	// the unit's size now.
	StartingModels int
}

// Group is extra rank and file with a profile of their own.
type Group struct {
	Count   int
	Profile Profile
	// Carried is the starting carried count of the group's own pool, where
	// its troop type has one (t9a, t9a1-ru; 10.1, 11.1).
	Carried int
}

// CharacterSpec is a character who has joined the unit (RULES.md 11.5).
type CharacterSpec struct {
	Name    string
	Profile Profile
	Damage  int
	File    int // front-rank file (0 is the left end); -1 places it automatically; ignored with a Layout
}

// DamageError is starting damage that the model it lands on cannot carry
// (RULES.md 11.1, 11.3): a pool's carried wounds reach the wounds the model
// next in removal order has left, or an entry of Spec.Damage the W of its
// model. It names the model, which in a pool shared with Spec.Groups may
// have another profile than the unit's.
type DamageError struct {
	// Group is the Spec.Groups index whose Carried it is; -1 for
	// Spec.Carried and Spec.Damage.
	Group int
	// Entry is the Spec.Damage index; -1 for carried wounds.
	Entry int
	Got   int
	// Left is the wounds the model has: its W less any damage it had.
	Left int
	// Role is the model's role, and ModelGroup the Spec.Groups index of
	// its profile (-1: the unit's own).
	Role       Role
	ModelGroup int
}

func (e *DamageError) Error() string { return e.Msg().String() }

// Text renders the error in language l.
func (e *DamageError) Text(l msg.Lang) string { return e.Msg().Text(l) }

// Msg is the error as a message of the catalogue.
func (e *DamageError) Msg() msg.Message {
	if e.Entry >= 0 {
		return msg.New("unit.damage.entry", e.Entry, e.Got, e.Left-1, e.Left)
	}
	return msg.New("unit.damage.carried", e.Got, e.Left-1, e.Left)
}
