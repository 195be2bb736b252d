package armylist

import (
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// gameOf tells the game from a roster's game system name.
func gameOf(system string) Game {
	s := strings.ToLower(system)
	switch {
	case strings.Contains(s, "old world"):
		return TOW
	case strings.Contains(s, "9th age"), strings.Contains(s, "t9a"):
		return T9A
	case strings.Contains(s, "warhammer fantasy"), strings.Contains(s, "whfb"):
		return WHFB
	}
	return NoGame
}

// statNames are the characteristics a unit's profile should give, by
// game (docs/IMPORT.md 3).
func statNames(g Game) []string {
	if g == T9A {
		return []string{"Adv", "Mar", "Dis", "HP", "Def", "Res", "Arm", "Att", "Off", "Str", "AP", "Agi"}
	}
	return []string{"M", "WS", "BS", "S", "T", "W", "I", "A", "Ld"}
}

// modelChar tells the characteristics of a model profile rearrank reads.
var modelChar = map[string]bool{
	"m": true, "ws": true, "bs": true, "s": true, "t": true, "w": true, "i": true, "a": true, "ld": true,
	"armoursave": true, "wardsave": true,
	"adv": true, "mar": true, "dis": true, "hp": true, "def": true, "res": true, "arm": true,
	"att": true, "off": true, "str": true, "ap": true, "agi": true,
}

// ruleParam tells the special rules rearrank applies (docs/IMPORT.md 5),
// by lower-case name: true when the rule needs its parameter.
var ruleParam = map[string]bool{
	"killing blow":       false,
	"poisoned attacks":   false,
	"flaming attacks":    false,
	"hatred":             false,
	"lethal strike":      false,
	"divine attacks":     false,
	"multiple wounds":    true,
	"armour bane":        true,
	"armour piercing":    true,
	"armour penetration": true,
	"regeneration":       true,
	"ward save":          true,
	"aegis":              true,
	"fortitude":          true,
}

// builder gathers a unit, and what it carries that is not used, once.
type builder struct {
	u    Unit
	seen map[string]bool
}

func (b *builder) notUsed(m msg.Message) {
	k := m.String()
	if b.seen[k] {
		return
	}
	b.seen[k] = true
	b.u.NotUsed = append(b.u.NotUsed, m)
}

// parseRule splits "Multiple Wounds (D3)" into its name and parameter.
func parseRule(s string) Rule {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, ")") {
		if i := strings.Index(s, "("); i > 0 {
			return Rule{Name: strings.TrimSpace(s[:i]), Param: strings.TrimSpace(s[i+1 : len(s)-1])}
		}
	}
	return Rule{Name: s}
}

// splitRules splits a comma list of rules, keeping commas inside
// parentheses ("Hatred (Elves, Dwarfs), Fear").
func splitRules(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	out = append(out, s[start:])
	var rules []string
	for _, r := range out {
		if r = strings.TrimSpace(r); r != "" && r != "-" {
			rules = append(rules, r)
		}
	}
	return rules
}

// rule reads one rule: an applied rule with its parameter, or a note that
// it is not applied, or that its value is lost ("Regeneration (*)").
func (b *builder) rule(text string) (Rule, bool) {
	r := parseRule(text)
	if r.Name == "" {
		return r, false
	}
	needs, known := ruleParam[strings.ToLower(r.Name)]
	switch {
	case !known:
		b.notUsed(msg.New("armylist.not_used.rule", r.String()))
		return r, false
	case needs && (r.Param == "" || strings.ContainsAny(r.Param, "*X")):
		b.notUsed(msg.New("armylist.not_used.rule_unread", r.String()))
		return r, false
	}
	return r, true
}

func (b *builder) addRule(text string) {
	r, ok := b.rule(text)
	if !ok {
		return
	}
	for _, have := range b.u.Rules {
		if have == r {
			return
		}
	}
	b.u.Rules = append(b.u.Rules, r)
}

// armour reads an Armour profile's or an item's name (docs/IMPORT.md 3).
func (b *builder) armour(name string) {
	n := strings.ToLower(name)
	a := &b.u.Armour
	switch {
	case strings.Contains(n, "full plate"):
		a.Suit = "plate"
	case strings.Contains(n, "heavy armour"), strings.Contains(n, "heavy armor"):
		if a.Suit != "plate" {
			a.Suit = "heavy"
		}
	case strings.Contains(n, "light armour"), strings.Contains(n, "light armor"):
		if a.Suit == "" {
			a.Suit = "light"
		}
	case strings.Contains(n, "shield"):
		a.Shield = true
	case strings.Contains(n, "barding"):
		a.Barding = true
	default:
		b.notUsed(msg.New("armylist.not_used.armour", name))
	}
}

// command marks the command group from a Command profile's or a
// selection's name; it says whether the name is the champion's.
func (b *builder) command(name string) bool {
	n := strings.ToLower(name)
	switch {
	case strings.Contains(n, "champion"):
		b.u.Command.Champion = true
		return true
	case strings.Contains(n, "standard"):
		b.u.Command.Standard = true
	case strings.Contains(n, "musician"):
		b.u.Command.Musician = true
	}
	return false
}

func fromRoster(name string, f Format, r *roster) (*List, error) {
	g := gameOf(r.system)
	if g == NoGame {
		if r.system == "" {
			return nil, msg.Errorf(ErrNotList, "armylist.error.not_list", name)
		}
		return nil, msg.Errorf(ErrOtherGame, "armylist.error.other_game", name, r.system)
	}
	l := &List{Name: r.name, Format: f, Game: g, System: r.system}
	var walk func(fs []*force)
	var top func(s *sel)
	top = func(s *sel) {
		switch strings.ToLower(s.typ) {
		case "unit":
			l.Units = append(l.Units, unitOf(g, s, false))
		case "model":
			l.Units = append(l.Units, unitOf(g, s, true))
		default:
			found := false
			for _, c := range s.sels {
				if t := strings.ToLower(c.typ); t == "unit" || t == "model" {
					top(c)
					found = true
				}
			}
			if !found {
				l.NotUsed = append(l.NotUsed, msg.New("armylist.not_used.outside", s.name))
			}
		}
	}
	walk = func(fs []*force) {
		for _, f := range fs {
			for _, s := range f.sels {
				top(s)
			}
			walk(f.forces)
		}
	}
	walk(r.forces)
	return l, nil
}

// unitOf reads a unit selection, or a top-level model selection (a
// character), and everything below it.
func unitOf(g Game, s *sel, character bool) Unit {
	for _, c := range s.cats {
		switch strings.ToLower(c) {
		case "character", "characters", "lords", "heroes":
			// A character chosen as a unit of one model.
			character = true
		}
	}
	b := &builder{u: Unit{Name: s.name, Character: character}, seen: map[string]bool{}}
	if strings.EqualFold(s.typ, "model") {
		b.u.Models = max(s.number, 1)
	} else {
		for _, c := range s.sels {
			if strings.EqualFold(c.typ, "model") {
				b.u.Models += c.number
			}
		}
		if b.u.Models == 0 {
			b.u.Models = s.number
		}
	}
	b.visit(s, true)
	if g == T9A && b.u.TroopType == "" {
		b.u.TroopType = t9aType(s.cats)
	}
	b.missing(g)
	return b.u
}

// visit reads a selection's profiles and rules, then its children's. A
// Model profile is the rank and file's on the unit or a model selection,
// the champion's on a selection that says it is the champion, and a
// mount's on an upgrade (a steed, a ridden monster).
func (b *builder) visit(s *sel, root bool) {
	champ := b.command(s.name)
	for _, p := range s.profiles {
		if strings.EqualFold(p.typeName, "Command") && b.command(p.name) {
			champ = true
		}
	}
	model := root || strings.EqualFold(s.typ, "model")
	for _, p := range s.profiles {
		switch t := strings.ToLower(strings.TrimSpace(p.typeName)); t {
		case "model", "1 global", "2 defensive", "3 offensive":
			b.model(p, champ, model)
		case "unit":
			for _, c := range p.chars {
				switch {
				case strings.EqualFold(c.Name, "Troop Type"):
					b.u.TroopType = c.Value
				case strings.EqualFold(c.Name, "Unit Size"):
					// The sizes the army book allows, not the size chosen:
					// the model selections' numbers say that.
				case c.Value != "":
					b.notUsed(msg.New("armylist.not_used.characteristic", c.Name, c.Value, p.name))
				}
			}
		case "weapon":
			b.weapon(p)
		case "armour", "armor":
			b.armour(p.name)
		case "command":
		case "special rule", "special rules", "rule":
			b.addRule(p.name)
		default:
			b.notUsed(msg.New("armylist.not_used.profile", p.name, p.typeName))
		}
	}
	for _, r := range s.rules {
		b.addRule(r)
	}
	for _, c := range s.sels {
		b.visit(c, false)
	}
}

// model reads a stat line into the rank and file's profiles, the
// champion's or a mount's; The 9th Age's three profiles of one model
// (Global, Defensive, Offensive) join into one.
func (b *builder) model(p *profile, champ, model bool) {
	var into *Profile
	switch {
	case champ:
		if b.u.Champion == nil {
			b.u.Champion = &Profile{Name: p.name}
		}
		into = b.u.Champion
	case model:
		into = findProfile(b.u.Profiles, p.name)
		if into == nil {
			b.u.Profiles = append(b.u.Profiles, Profile{Name: p.name})
			into = &b.u.Profiles[len(b.u.Profiles)-1]
		}
	default:
		into = findProfile(b.u.Mounts, p.name)
		if into == nil {
			b.u.Mounts = append(b.u.Mounts, Profile{Name: p.name})
			into = &b.u.Mounts[len(b.u.Mounts)-1]
		}
	}
	first := len(b.u.Profiles) > 0 && into == &b.u.Profiles[0]
	for _, c := range p.chars {
		lower := strings.ToLower(c.Name)
		switch {
		case lower == "type" && first:
			// WHFB's troop type is a characteristic of the model.
			if b.u.TroopType == "" {
				b.u.TroopType = c.Value
			}
			continue
		case lower == "rules":
			for _, r := range splitRules(c.Value) {
				b.addRule(r)
			}
			continue
		case !modelChar[lower]:
			if c.Value != "" && c.Value != "-" {
				b.notUsed(msg.New("armylist.not_used.characteristic", c.Name, c.Value, p.name))
			}
			continue
		case c.Value == "":
			continue
		case lower == "armoursave" && first:
			b.u.ArmourSave = c.Value
		case lower == "wardsave" && first:
			b.u.WardSave = c.Value
		}
		if _, have := into.Get(c.Name); !have {
			into.Chars = append(into.Chars, c)
		}
	}
}

func findProfile(ps []Profile, name string) *Profile {
	for i := range ps {
		if ps[i].Name == name {
			return &ps[i]
		}
	}
	return nil
}

// weapon reads a Weapon profile: The Old World's R S AP and Special
// Rules, WHFB's Range Strength and "Special Rules", The 9th Age's Str AP.
func (b *builder) weapon(p *profile) {
	w := Weapon{Name: p.name}
	for _, c := range p.chars {
		switch strings.ToLower(c.Name) {
		case "r", "range":
			w.Range = c.Value
		case "s", "strength", "str":
			w.S = c.Value
		case "ap":
			w.AP = c.Value
		case "special rules", "rules":
			for _, text := range splitRules(c.Value) {
				if r, ok := b.rule(text); ok {
					w.Rules = append(w.Rules, r)
				}
			}
		case "notes":
		default:
			if c.Value != "" && c.Value != "-" {
				b.notUsed(msg.New("armylist.not_used.characteristic", c.Name, c.Value, p.name))
			}
		}
	}
	for _, have := range b.u.Weapons {
		if have.Name == w.Name {
			return
		}
	}
	b.u.Weapons = append(b.u.Weapons, w)
}

// missing lists the characteristics the rank and file's profile lacks.
func (b *builder) missing(g Game) {
	var p Profile
	if len(b.u.Profiles) > 0 {
		p = b.u.Profiles[0]
	}
	for _, n := range statNames(g) {
		if _, ok := p.Get(n); !ok {
			b.u.Missing = append(b.u.Missing, n)
		}
	}
	switch {
	case len(b.u.Missing) == 0:
	case len(b.u.Profiles) == 0:
		b.notUsed(msg.New("armylist.missing", strings.Join(b.u.Missing, ", ")))
	default:
		b.notUsed(msg.New("armylist.missing_some", strings.Join(b.u.Missing, ", ")))
	}
}

// t9aType returns The 9th Age's unit type from a unit's categories
// (docs/IMPORT.md 5): the first that names one.
func t9aType(cats []string) string {
	for _, c := range cats {
		switch strings.ToLower(c) {
		case "infantry", "cavalry", "beast", "construct":
			return c
		}
	}
	return ""
}
