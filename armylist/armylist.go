// Package armylist reads the list files players keep in New Recruit
// (JSON), BattleScribe (.ros XML, .rosz zip) and Old World Builder
// (.owb.json), so that a unit of a player's list can be a target or an
// attacker without typing its profile (docs/IMPORT.md maps the formats).
//
// The files come from strangers: Read bounds what it reads (MaxInput
// bytes of input, MaxExpanded bytes out of a zip, MaxDepth of nesting,
// MaxItems selections, profiles and rules) and refuses XML that declares
// a DTD or entities. Every error a player reads is an *msg.Error naming
// the file and, where it can, the line and column.
//
// Read reports, never guesses: what a unit carries that rearrank does not
// use is listed in Unit.NotUsed, and a rule whose value the file lost
// ("Regeneration (*)") is listed as unread.
package armylist

import (
	"bytes"
	"errors"
	"io"

	"github.com/rearrank/rearrank/msg"
)

// Limits of what Read accepts.
const (
	MaxInput    = 4 << 20  // bytes read from the input
	MaxExpanded = 16 << 20 // bytes expanded from a .rosz's .ros
	MaxEntries  = 8        // entries of a .rosz
	MaxDepth    = 200      // nesting of JSON or XML
	MaxItems    = 20000    // selections, profiles, characteristics and rules
)

// Sentinels the errors of Read wrap, for errors.Is.
var (
	ErrNotList   = errors.New("not a list file")
	ErrOtherGame = errors.New("another game")
	ErrUnsafe    = errors.New("refused list file")
)

// Format is the kind of list file.
type Format int8

const (
	NoFormat     Format = iota
	NewRecruit          // New Recruit's JSON export
	BattleScribe        // a .ros roster, or a .rosz holding one
	OldWorldBuilder
)

func (f Format) String() string {
	switch f {
	case NewRecruit:
		return "newrecruit"
	case BattleScribe:
		return "battlescribe"
	case OldWorldBuilder:
		return "owb"
	}
	return "none"
}

// Game is the game system a list is for.
type Game int8

const (
	NoGame Game = iota
	TOW         // Warhammer: The Old World
	WHFB        // Warhammer Fantasy Battles (8th edition and the others)
	T9A         // The 9th Age
)

func (g Game) String() string {
	switch g {
	case TOW:
		return "tow"
	case WHFB:
		return "whfb"
	case T9A:
		return "t9a"
	}
	return "none"
}

// List is a list file read.
type List struct {
	Name    string
	Format  Format
	Game    Game
	System  string // the file's game system name, as it says it
	Units   []Unit
	NotUsed []msg.Message // selections outside any unit
}

// Char is one characteristic, named and valued as the file writes it.
type Char struct {
	Name, Value string
}

// Profile is a model's stat line: M WS BS S T W I A Ld (The Old World,
// WHFB, with WHFB's ArmourSave and WardSave when given) or The 9th Age's
// Adv Mar Dis HP Def Res Arm Att Off Str AP Agi.
type Profile struct {
	Name  string
	Chars []Char
}

// Get returns the value of characteristic name, matched without regard
// to case ("Ld" and "LD"), and whether the profile has it.
func (p Profile) Get(name string) (string, bool) {
	for _, c := range p.Chars {
		if equalFold(c.Name, name) {
			return c.Value, true
		}
	}
	return "", false
}

// Weapon is a weapon's profile: its strength ("S", "S+2", "4") and armour
// piercing ("-", "-1") as the file writes them.
type Weapon struct {
	Name  string
	Range string
	S     string
	AP    string
	Rules []Rule
}

// Rule is a special rule by name, with its parameter ("D3" of "Multiple
// Wounds (D3)", "5+" of "Regeneration (5+)"), empty when it takes none.
type Rule struct {
	Name, Param string
}

func (r Rule) String() string {
	if r.Param == "" {
		return r.Name
	}
	return r.Name + " (" + r.Param + ")"
}

// Armour is the armour a unit wears, read from the Armour profiles'
// names. Suit is "", "light", "heavy" or "plate".
type Armour struct {
	Suit    string
	Shield  bool
	Barding bool
}

// Unit is one unit of a list: a selection of type unit, or a top-level
// model selection (a character).
type Unit struct {
	Name      string
	Character bool
	Models    int // the model selections' numbers summed, command models included
	TroopType string
	Profiles  []Profile // the models' stat lines; the first is the rank and file's
	Champion  *Profile  // the champion's, when the file gives one
	Mounts    []Profile // a mount's stat line (a steed, a monster ridden)
	Command   Command
	Weapons   []Weapon
	Armour    Armour
	// ArmourSave and WardSave are WHFB's characteristics, when given.
	ArmourSave, WardSave string
	Rules                []Rule
	// Missing lists the characteristics the file does not give (an Old
	// World Builder list carries no stat line).
	Missing []string
	NotUsed []msg.Message
}

// Command is the unit's command group.
type Command struct {
	Champion, Standard, Musician bool
}

// Read reads the list file in r, named name in errors. It tells the
// format from the content, never from the name.
func Read(name string, r io.Reader) (*List, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		return nil, msg.Errorf(err, "armylist.error.read", name)
	}
	if len(data) > MaxInput {
		return nil, msg.Errorf(ErrUnsafe, "armylist.error.too_large", name, MaxInput>>20)
	}
	return parse(name, data)
}

func parse(name string, data []byte) (*List, error) {
	switch {
	case bytes.HasPrefix(data, []byte("PK\x03\x04")), bytes.HasPrefix(data, []byte("PK\x05\x06")):
		return readZip(name, data)
	}
	t := bytes.TrimLeft(data, " \t\r\n\ufeff")
	t = bytes.TrimPrefix(t, []byte("\xef\xbb\xbf"))
	switch {
	case len(t) > 0 && (t[0] == '{' || t[0] == '['):
		return readJSON(name, data)
	case len(t) > 0 && t[0] == '<':
		return readXML(name, bytes.NewReader(data))
	}
	return nil, msg.Errorf(ErrNotList, "armylist.error.not_list", name)
}

func equalFold(a, b string) bool { return bytes.EqualFold([]byte(a), []byte(b)) }
