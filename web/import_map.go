package web

import (
	"encoding/json"
	"errors"

	"github.com/rearrank/rearrank/armylist"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// An imported unit becomes the scenario's parts through package
// scenario's mapping (ListTarget, ListAttacks, docs/import.md), as on the
// command line; the page's form values come from those parts through
// fileForm, the form's one reader of a scenario file. What the file does
// not give is never guessed: a unit without the characteristics the
// mapping needs carries the mapping's error, and its form values are
// those the file gives, the fields it lacks left empty and named.

// importSets are a request's set values split by the part they are for:
// a target's field goes to ListTarget, an attack group's to ListAttacks,
// one of both (ws, frontage) to both.
type importSets struct {
	target, attack map[string]string
}

// splitSets sorts set values by the scenario part whose field each names;
// a name of neither is a 400.
func splitSets(set map[string]string) (importSets, error) {
	out := importSets{target: map[string]string{}, attack: map[string]string{}}
	for k, v := range set {
		_, t := scenario.FieldOf(scenario.ObjTarget, k)
		_, a := scenario.FieldOf(scenario.ObjAttack, k)
		if !t && !a {
			return out, invalid("set", "webimport.error.set_field", k)
		}
		if t {
			out.target[k] = v
		}
		if a || k == "frontage" { // ListAttacks counts the front rank with it
			out.attack[k] = v
		}
	}
	return out, nil
}

// importResult is the answer to an import of list l: the list and each
// unit as read, mapped to the ruleset the request names or the list's
// game's.
func importResult(l *armylist.List, req *importRequest, lang msg.Lang) ImportResult {
	out := ImportResult{List: listJSON(l, req.name, lang), Units: make([]ImportUnit, len(l.Units))}
	rs := req.ruleset
	if rs == rules.NoRuleset {
		rs = scenario.ListRuleset(l.Game)
	}
	if rs.Valid() {
		out.List.Ruleset = rs.String()
	}
	for i := range l.Units {
		u := &l.Units[i]
		out.Units[i] = unitJSON(u, lang)
		mapUnit(l, u, rs, req.sets, lang, &out.Units[i])
	}
	return out
}

// mapUnit fills out's scenario parts and form values for unit u, or its
// error and what the form can hold without what the file lacks.
func mapUnit(l *armylist.List, u *armylist.Unit, rs rules.Ruleset, sets importSets, lang msg.Lang, out *ImportUnit) {
	notUsed := map[string]bool{} // the notes unitJSON wrote, which the mapping repeats
	for _, n := range u.NotUsed {
		notUsed[n.String()] = true
	}
	// own are a mapping's notes past the file's.
	own := func(ns []msg.Message) []string {
		var out []msg.Message
		for _, n := range ns {
			if !notUsed[n.String()] {
				out = append(out, n)
			}
		}
		return texts(out, lang)
	}
	t, tNotes, err := scenario.ListTarget(l, u, scenario.ListOptions{Ruleset: rs, Set: sets.target})
	if err != nil {
		out.Error = msg.ErrorText(err, lang)
		out.Fields = knownFields(l, u, rs, sets, err, lang)
		return
	}
	out.TargetNotes = own(tNotes)
	file := &scenario.File{Ruleset: rs, Target: t}
	attacks, aNotes, aerr := scenario.ListAttacks(l, u, scenario.ListOptions{Ruleset: rs, Set: sets.attack})
	if aerr != nil {
		out.Error = msg.ErrorText(aerr, lang)
	} else {
		out.AttackNotes = own(aNotes)
		file.Attacks = attacks
	}
	parts := fileParts(file)
	out.Target = parts["target"]
	if aerr == nil {
		out.Attacks = parts["attacks"]
	}
	f := fileForm(file, tabOdds)
	out.Fields = &ImportFields{Ruleset: rs.String(), Target: f.Target, Attacks: f.Attacks}
}

// fileParts is a scenario file's JSON by its top-level keys, as the file
// format writes them (docs/scenario.md).
func fileParts(f *scenario.File) map[string]json.RawMessage {
	data, err := f.MarshalJSON()
	if err != nil {
		panic("web: a mapped scenario does not encode: " + err.Error()) // the mapping's own values: a bug
	}
	var parts map[string]json.RawMessage
	if err := json.Unmarshal(data, &parts); err != nil {
		panic("web: a scenario's JSON is not an object: " + err.Error())
	}
	return parts
}

// knownFields are the form's target values of a unit the mapping refused
// for the characteristics its file lacks: the mapping again with each
// lacking field given a stand-in, and the stand-ins taken out of the
// values, so that the form holds what the file gives (the name, the
// models, the armour, the command group) and the player fills in the
// rest, each field marked with the refusal. nil for any other refusal.
func knownFields(l *armylist.List, u *armylist.Unit, rs rules.Ruleset, sets importSets, refusal error, lang msg.Lang) *ImportFields {
	if !errors.Is(refusal, scenario.ErrListStat) {
		return nil
	}
	lacking, _ := scenario.ListMissing(l, u, scenario.ListOptions{Ruleset: rs, Set: sets.target})
	if len(lacking) == 0 || !rs.Valid() {
		return nil
	}
	set := map[string]string{}
	for k, v := range sets.target {
		set[k] = v
	}
	for _, f := range lacking {
		set[f] = standIn
	}
	t, _, err := scenario.ListTarget(l, u, scenario.ListOptions{Ruleset: rs, Set: set})
	if err != nil {
		return nil
	}
	form := fileForm(&scenario.File{Ruleset: rs, Target: t}, tabOdds)
	out := &ImportFields{Ruleset: rs.String(), Target: form.Target, Missing: map[string]string{}}
	why := msg.ErrorText(refusal, lang)
	for _, f := range lacking {
		delete(out.Target, f)
		out.Missing[f] = why
	}
	return out
}

// standIn is the value knownFields gives a lacking field to map the rest
// of a unit; it never reaches the form. 1 is in every stat's range.
const standIn = "1"
