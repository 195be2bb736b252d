package web

import (
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// The compare tab's changes are written in the scenario file's names
// (attacks[0].ap=1), and a change of ruleset is noted in them too
// ("target: armour_value 2 carried over as ..."). What the page shows of
// them is in the form's words: "Attack group 1: AP 1", "Target: Armour 2".

// shortLabel is a field's name as a player reads it in a sentence: its
// number's noun ("Armour" for armour_value), the abbreviation its label
// gives ("AP" of "Armour Penetration (AP)"), or its label.
func shortLabel(l look) string {
	if i, j := strings.LastIndex(l.label, "("), strings.LastIndex(l.label, ")"); i >= 0 && j == len(l.label)-1 && !strings.HasPrefix(l.label[i:], "(+") {
		return l.label[i+1 : j]
	}
	if l.noun != "" {
		return l.noun
	}
	return l.label
}

// fieldLabel is the label of field name of an attack group (attack) or
// of the target; the name in words when the form has no input for it.
func fieldLabel(attack bool, name string) string {
	fs := catalogueFields().target
	if attack {
		fs = catalogueFields().attack
	}
	for _, ff := range fs {
		if ff.Name == name {
			return shortLabel(ff.look)
		}
	}
	switch name {
	case "command":
		return "Command group"
	case "champion":
		return "Champion"
	}
	return strings.ReplaceAll(name, "_", " ")
}

// bareLabel is a field or value name met in a sentence (ap, to_hit,
// monstrous_beast) in words; ok is false for a word that is no name.
func bareLabel(name string) (string, bool) {
	switch name {
	case "ap", "bs", "ws":
		return strings.ToUpper(name), true
	}
	if !strings.Contains(name, "_") {
		return name, false
	}
	if sw, ok := switchNamed(name); ok {
		return "“" + switchLabel(sw) + "”", true
	}
	for _, attack := range []bool{false, true} {
		for _, s := range scenario.Catalogue() {
			if s.Name == name && (s.Object == scenario.ObjAttack) == attack {
				return fieldLabel(attack, name), true
			}
		}
	}
	return strings.ReplaceAll(name, "_", " "), true
}

// switchNamed is the rule switch of that name (a long name such as
// battleaxe.damageModel too, rules.SwitchName).
func switchNamed(name string) (rules.Switch, bool) {
	name = rules.SwitchName(name)
	for _, sw := range rules.Switches() {
		if sw.Name == name {
			return sw, true
		}
	}
	return rules.Switch{}, false
}

// pathLabel is a scenario path in the form's words: attacks[0].ap is
// "Attack group 1: AP", target.armour_value "Target: Armour",
// target.champion.ward "Champion: Ward save", a switch its label.
func pathLabel(path string) string { return pathLabelIn(msg.English, path) }

// pathLabelIn is pathLabel with the page's own words in language l (the
// fields' labels are the odds form's).
func pathLabelIn(l msg.Lang, path string) string {
	if m := attackPath().FindStringSubmatch(path); m != nil {
		i, _ := strconv.Atoi(m[1])
		if m[2] == "" {
			return msg.New("webres.compare.path.group", i+1).Text(l)
		}
		return msg.New("webres.compare.path.group_field", i+1, fieldLabel(true, m[2])).Text(l)
	}
	if name, ok := strings.CutPrefix(path, "target.champion."); ok {
		return msg.New("webres.compare.path.champion", orDefault(championLabels[name], strings.ReplaceAll(name, "_", " "))).Text(l)
	}
	if name, ok := strings.CutPrefix(path, "target."); ok {
		return msg.New("webres.compare.path.target", fieldLabel(false, name)).Text(l)
	}
	if sw, ok := switchNamed(strings.TrimPrefix(path, "options.")); ok {
		return switchLabel(sw)
	}
	return strings.ReplaceAll(path, "_", " ")
}

var (
	attackPath = lazyRegexp(`^attacks\[([0-9]+)\](?:\.([a-z_]+))?$`)
	pathInText = lazyRegexp(`attacks\[[0-9]+\](?:\.[a-z_]+)?|target\.champion\.[a-z_]+|target\.[a-z_]+|\btarget:|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+=[^\s,;)]+|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b(?:ap|bs|ws)\b`)
)

// changesWords says what a variant's changes change, in the form's words:
// "attacks[0].strength=5, target.armour_value=2" is "Attack group 1:
// Strength 5; Target: Armour 2". Changes it cannot read are returned as
// they are.
func changesWords(changes string) string { return changesWordsIn(msg.English, changes) }

// changesWordsIn is changesWords with the page's own words in language l.
func changesWordsIn(l msg.Lang, changes string) string {
	as, err := scenario.ParseAssignments(changes)
	if err != nil || len(as) == 0 {
		return changes
	}
	var parts []string
	for _, a := range as {
		label, v := pathLabelIn(l, a.Path), strings.Trim(a.Value, "[]")
		switch v {
		case "true":
			parts = append(parts, label)
		case "false":
			parts = append(parts, msg.New("webres.compare.change.no", label).Text(l))
		case "":
			parts = append(parts, msg.New("webres.compare.change.left_out", label).Text(l))
		default:
			parts = append(parts, label+" "+strings.ReplaceAll(v, "_", " "))
		}
	}
	return strings.Join(parts, "; ")
}

// noteWords rewrites the file's names in a note or an error of the
// compare tab in the form's words: "attacks[0]: bs 3+ carried over as
// to_hit 3+" reads "Attack group 1: BS 3+ carried over as To hit 3+".
func noteWords(s string) string {
	return pathInText().ReplaceAllStringFunc(s, func(m string) string {
		switch {
		case m == "target:":
			return "Target:"
		case strings.HasPrefix(m, "attacks[") || strings.HasPrefix(m, "target."):
			return pathLabel(m)
		case strings.Contains(m, "="):
			return changesWords(m)
		}
		if w, ok := bareLabel(m); ok {
			return w
		}
		return m
	})
}
