package web

import (
	"github.com/rearrank/rearrank/armylist"
	"github.com/rearrank/rearrank/msg"
)

// ImportResult is the body of POST /api/import: the list and its units,
// each as the file gives it and, where its profile is complete, as the
// scenario's target and attacks with the page form's values.
type ImportResult struct {
	List  ImportList   `json:"list"`
	Units []ImportUnit `json:"units"`
}

// ImportList is a list file read: its name, format ("newrecruit",
// "battlescribe", "owb"), game ("tow", "whfb", "t9a"), the game system
// as the file names it, the ruleset its units are mapped to, and what it
// holds outside any unit that rearrank does not use.
type ImportList struct {
	Name    string   `json:"name"`
	File    string   `json:"file"`
	Format  string   `json:"format"`
	Game    string   `json:"game"`
	System  string   `json:"system,omitempty"`
	Ruleset string   `json:"ruleset"`
	NotUsed []string `json:"not_used,omitempty"`
}

// ImportUnit is one unit of a list. Its first part is the file's, as
// read (armylist.Unit); then, where the mapping to the scenario succeeds,
// Target and Attacks (scenario file JSON, docs/scenario.md), TargetNotes
// and AttackNotes (what each mapping did not use, and the defaults it
// assumed, past the file's NotUsed) and Fields;
// where it fails, Error, with Fields holding what the form can be filled
// with and Missing the fields the player must give.
type ImportUnit struct {
	Name       string          `json:"name"`
	Models     int             `json:"models"`
	Character  bool            `json:"character,omitempty"`
	TroopType  string          `json:"troop_type,omitempty"`
	Profiles   []ImportProfile `json:"profiles,omitempty"`
	Champion   *ImportProfile  `json:"champion,omitempty"`
	Mounts     []ImportProfile `json:"mounts,omitempty"`
	Command    ImportCommand   `json:"command"`
	Weapons    []ImportWeapon  `json:"weapons,omitempty"`
	Armour     ImportArmour    `json:"armour"`
	ArmourSave string          `json:"armour_save,omitempty"`
	WardSave   string          `json:"ward_save,omitempty"`
	Rules      []string        `json:"rules,omitempty"`
	// Missing are the characteristics the file does not give (an Old
	// World Builder list has no stat lines), by the file's names.
	Missing []string `json:"missing,omitempty"`
	NotUsed []string `json:"not_used,omitempty"`

	Target      any           `json:"target,omitempty"`
	Attacks     any           `json:"attacks,omitempty"`
	TargetNotes []string      `json:"target_notes,omitempty"`
	AttackNotes []string      `json:"attack_notes,omitempty"`
	Fields      *ImportFields `json:"fields,omitempty"`
	Error       string        `json:"error,omitempty"`
}

// ImportFields are the page form's values for the unit (form.go): the
// ruleset, the target group's fields and one attack group's per attack,
// by the scenario's field names, as the saved units keep them.
type ImportFields struct {
	Ruleset string        `json:"ruleset"`
	Target  fieldValues   `json:"target"`
	Attacks []fieldValues `json:"attacks,omitempty"`
	// Missing are the form's fields the player must fill in (the
	// target's, by name), each with what the mapping said of it.
	Missing map[string]string `json:"missing,omitempty"`
}

// ImportProfile is a stat line as the file writes it, in its order.
type ImportProfile struct {
	Name  string       `json:"name"`
	Chars []ImportChar `json:"chars"`
}

// ImportChar is one characteristic, named and valued as the file writes
// it ("WS", "4").
type ImportChar struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// ImportCommand is a unit's command group.
type ImportCommand struct {
	Champion bool `json:"champion"`
	Standard bool `json:"standard"`
	Musician bool `json:"musician"`
}

// ImportWeapon is a weapon's profile as the file writes it.
type ImportWeapon struct {
	Name     string   `json:"name"`
	Range    string   `json:"range,omitempty"`
	Strength string   `json:"strength,omitempty"`
	AP       string   `json:"ap,omitempty"`
	Rules    []string `json:"rules,omitempty"`
}

// ImportArmour is the armour a unit wears: suit "", "light", "heavy" or
// "plate".
type ImportArmour struct {
	Suit    string `json:"suit,omitempty"`
	Shield  bool   `json:"shield,omitempty"`
	Barding bool   `json:"barding,omitempty"`
}

// listJSON is list l as the API writes it, its notes in language l.
func listJSON(l *armylist.List, file string, lang msg.Lang) ImportList {
	return ImportList{Name: l.Name, File: file, Format: l.Format.String(), Game: l.Game.String(), System: l.System,
		NotUsed: texts(l.NotUsed, lang)}
}

// unitJSON is unit u as the file gives it, its notes in language l.
func unitJSON(u *armylist.Unit, lang msg.Lang) ImportUnit {
	out := ImportUnit{Name: u.Name, Models: u.Models, Character: u.Character, TroopType: u.TroopType,
		Command:    ImportCommand{Champion: u.Command.Champion, Standard: u.Command.Standard, Musician: u.Command.Musician},
		Armour:     ImportArmour{Suit: u.Armour.Suit, Shield: u.Armour.Shield, Barding: u.Armour.Barding},
		ArmourSave: u.ArmourSave, WardSave: u.WardSave,
		Missing: u.Missing, NotUsed: texts(u.NotUsed, lang)}
	for _, p := range u.Profiles {
		out.Profiles = append(out.Profiles, profileJSON(p))
	}
	if u.Champion != nil {
		p := profileJSON(*u.Champion)
		out.Champion = &p
	}
	for _, p := range u.Mounts {
		out.Mounts = append(out.Mounts, profileJSON(p))
	}
	for _, w := range u.Weapons {
		out.Weapons = append(out.Weapons, ImportWeapon{Name: w.Name, Range: w.Range, Strength: w.S, AP: w.AP, Rules: ruleTexts(w.Rules)})
	}
	out.Rules = ruleTexts(u.Rules)
	return out
}

func profileJSON(p armylist.Profile) ImportProfile {
	out := ImportProfile{Name: p.Name, Chars: make([]ImportChar, len(p.Chars))}
	for i, c := range p.Chars {
		out.Chars[i] = ImportChar{Name: c.Name, Value: c.Value}
	}
	return out
}

func ruleTexts(rs []armylist.Rule) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.String())
	}
	return out
}

// texts renders messages in language l.
func texts(ms []msg.Message, l msg.Lang) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Text(l))
	}
	return out
}
