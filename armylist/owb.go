package armylist

import (
	"encoding/json"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// owbList is Old World Builder's .owb.json (docs/IMPORT.md 4).
type owbList struct {
	Name        string     `json:"name"`
	Game        string     `json:"game"`
	Characters  []*owbUnit `json:"characters"`
	Core        []*owbUnit `json:"core"`
	Special     []*owbUnit `json:"special"`
	Rare        []*owbUnit `json:"rare"`
	Mercenaries []*owbUnit `json:"mercenaries"`
	Allies      []*owbUnit `json:"allies"`
}

type owbUnit struct {
	Name         string          `json:"name_en"`
	Strength     json.RawMessage `json:"strength"`
	Equipment    []owbOption     `json:"equipment"`
	Armor        []owbOption     `json:"armor"`
	Options      []owbOption     `json:"options"`
	Command      []owbOption     `json:"command"`
	Mounts       []owbOption     `json:"mounts"`
	SpecialRules struct {
		Name string `json:"name_en"`
	} `json:"specialRules"`
}

type owbOption struct {
	Name   string `json:"name_en"`
	Active bool   `json:"active"`
}

// readOWB reads an Old World Builder list: each unit's size, gear and
// rules; it has no stat line, which Unit.Missing says.
func readOWB(name string, data []byte) (*List, error) {
	var ol owbList
	if err := json.Unmarshal(data, &ol); err != nil {
		return nil, jsonError(name, data, err)
	}
	if ol.Game != "the-old-world" {
		return nil, msg.Errorf(ErrOtherGame, "armylist.error.other_game", name, ol.Game)
	}
	l := &List{Name: ol.Name, Format: OldWorldBuilder, Game: TOW, System: ol.Game}
	items := 0
	for i, units := range [][]*owbUnit{ol.Characters, ol.Core, ol.Special, ol.Rare, ol.Mercenaries, ol.Allies} {
		for _, ou := range units {
			if ou == nil {
				continue
			}
			items += 1 + len(ou.Equipment) + len(ou.Armor) + len(ou.Options) + len(ou.Command) + len(ou.Mounts)
			if items > MaxItems {
				return nil, msg.Errorf(ErrUnsafe, "armylist.error.selections_json", name, MaxItems)
			}
			l.Units = append(l.Units, owbUnitOf(ou, i == 0))
		}
	}
	return l, nil
}

func owbUnitOf(ou *owbUnit, character bool) Unit {
	b := &builder{u: Unit{Name: ou.Name, Character: character, Models: atoi(rawText(ou.Strength))}, seen: map[string]bool{}}
	if character {
		b.u.Models = max(b.u.Models, 1)
	}
	for _, o := range ou.Equipment {
		if o.Active {
			b.u.Weapons = append(b.u.Weapons, Weapon{Name: o.Name})
		}
	}
	for _, o := range ou.Armor {
		if o.Active {
			b.armour(o.Name)
		}
	}
	for _, o := range ou.Command {
		if o.Active {
			b.command(o.Name)
		}
	}
	for _, o := range ou.Mounts {
		if o.Active && !strings.EqualFold(o.Name, "On foot") {
			b.u.Mounts = append(b.u.Mounts, Profile{Name: o.Name})
		}
	}
	for _, o := range ou.Options {
		if o.Active {
			b.notUsed(msg.New("armylist.not_used.option", o.Name))
		}
	}
	for _, r := range splitRules(ou.SpecialRules.Name) {
		b.addRule(r)
	}
	b.missing(TOW)
	return b.u
}
