package armylist

import (
	"archive/zip"
	"encoding/xml"
	"errors"
	"io"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// RosterNamespace is the namespace of a BattleScribe roster's elements.
const RosterNamespace = "http://www.battlescribe.net/schema/rosterSchema"

// maxElements bounds the elements of a roster: each is a token the
// decoder allocates for, and a roster holds about ten per selection,
// profile and rule (its costs, categories, descriptions).
const maxElements = 10 * MaxItems

// readXML reads a BattleScribe roster token by token (docs/IMPORT.md 2):
// it refuses a DTD or entity declaration (an xml.Directive) and nesting
// deeper than MaxDepth, and keeps only selections, profiles,
// characteristics, rules and categories, at most MaxItems of them.
func readXML(name string, r io.Reader) (*List, error) {
	d := xml.NewDecoder(r)
	d.Strict = true
	var (
		ro     *roster
		forces []*force
		sels   []*sel
		prof   *profile
		char   *Char
		text   strings.Builder
		depth  int
		items  int
		elems  int
		stack  []string // local names of the open elements
	)
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			if errors.Is(err, errExpanded) {
				return nil, msg.Errorf(ErrUnsafe, "armylist.error.zip_expanded", name, MaxExpanded>>20)
			}
			if errors.Is(err, zip.ErrFormat) || errors.Is(err, zip.ErrChecksum) {
				return nil, msg.Errorf(errors.Join(ErrNotList, err), "armylist.error.zip", name)
			}
			var syn *xml.SyntaxError
			if errors.As(err, &syn) {
				return nil, msg.Errorf(errors.Join(ErrNotList, err), "armylist.error.xml_syntax", name, syn.Line)
			}
			return nil, msg.Errorf(err, "armylist.error.read", name)
		}
		switch t := tok.(type) {
		case xml.Directive:
			line, col := d.InputPos()
			return nil, msg.Errorf(ErrUnsafe, "armylist.error.xml_directive", name, line, col)
		case xml.StartElement:
			depth++
			elems++
			if elems > maxElements {
				line, col := d.InputPos()
				return nil, msg.Errorf(ErrUnsafe, "armylist.error.elements", name, line, col, maxElements)
			}
			if depth > MaxDepth {
				line, col := d.InputPos()
				return nil, msg.Errorf(ErrUnsafe, "armylist.error.depth", name, line, col, MaxDepth)
			}
			local := t.Name.Local
			if ro == nil {
				if local != "roster" || t.Name.Space != RosterNamespace {
					return nil, msg.Errorf(ErrNotList, "armylist.error.not_list", name)
				}
				ro = &roster{name: attr(t, "name"), system: attr(t, "gameSystemName")}
				stack = append(stack, local)
				continue
			}
			parent := ""
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			stack = append(stack, local)
			switch local {
			case "force":
				f := &force{}
				if len(forces) == 0 {
					ro.forces = append(ro.forces, f)
				} else {
					top := forces[len(forces)-1]
					top.forces = append(top.forces, f)
				}
				forces = append(forces, f)
			case "selection":
				items++
				s := &sel{name: attr(t, "name"), typ: attr(t, "type"), number: atoi(attr(t, "number"))}
				switch {
				case len(sels) > 0 && parent == "selections" && len(stack) >= 3 && stack[len(stack)-3] == "selection":
					top := sels[len(sels)-1]
					top.sels = append(top.sels, s)
				case len(forces) > 0:
					top := forces[len(forces)-1]
					top.sels = append(top.sels, s)
				}
				sels = append(sels, s)
			case "profile":
				items++
				if len(sels) > 0 {
					prof = &profile{name: attr(t, "name"), typeName: attr(t, "typeName")}
					top := sels[len(sels)-1]
					top.profiles = append(top.profiles, prof)
				}
			case "characteristic":
				items++
				if prof != nil {
					char = &Char{Name: strings.TrimSpace(attr(t, "name")), Value: strings.TrimSpace(attr(t, "value"))}
					text.Reset()
				}
			case "rule":
				items++
				if len(sels) > 0 && parent == "rules" {
					top := sels[len(sels)-1]
					top.rules = append(top.rules, attr(t, "name"))
				}
			case "category":
				if len(sels) > 0 {
					top := sels[len(sels)-1]
					top.cats = append(top.cats, attr(t, "name"))
				}
			}
			if items > MaxItems {
				line, col := d.InputPos()
				return nil, msg.Errorf(ErrUnsafe, "armylist.error.selections", name, line, col, MaxItems)
			}
		case xml.CharData:
			if char != nil && text.Len() < 1024 {
				text.Write(t)
			}
		case xml.EndElement:
			depth--
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			switch t.Name.Local {
			case "force":
				if len(forces) > 0 {
					forces = forces[:len(forces)-1]
				}
			case "selection":
				if len(sels) > 0 {
					sels = sels[:len(sels)-1]
				}
			case "profile":
				prof = nil
			case "characteristic":
				if char != nil && prof != nil {
					// The element's text; before BattleScribe 2, a value attribute.
					if v := strings.TrimSpace(text.String()); v != "" {
						char.Value = v
					}
					prof.chars = append(prof.chars, *char)
				}
				char = nil
			}
		}
	}
	if ro == nil {
		return nil, msg.Errorf(ErrNotList, "armylist.error.not_list", name)
	}
	return fromRoster(name, BattleScribe, ro)
}

func attr(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name && a.Name.Space == "" {
			return a.Value
		}
	}
	return ""
}
