package scenario

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rearrank/rearrank/rules"
)

// Defaults fills in what the file left out, as DESIGN.md's "Meanings that
// the contract fixes" says, and puts a few fields in canonical form. It is
// idempotent, never fails, and Load calls it before Validate:
//
//   - wounds: 1 (the target, each group and each character);
//   - frontage: the width of layout's front rank, else the smaller of
//     models and 5;
//   - phase: melee (the zero rules.Phase);
//   - to_hit: auto when the attack gives none of to_hit, bs and ws (with bs
//     or ws the referee works the roll out, RULES.md 5);
//   - multiple_wounds: 0 and 1 become "" (single wounds, RULES.md 19 C3);
//   - an attack's target rank_and_file:<the unit's own troop type> becomes
//     rank_and_file;
//   - command: sorted as musician, standard, champion;
//   - layout: upper case, one space between letters, " / " between ranks;
//   - damage: a per-model list loses its trailing zeros;
//   - empty lists and an empty options mapping become nil, as if left out.
//
// Everything else already has its default as the zero value: no saves, no
// command, troop type infantry, target rank_and_file, no special rules.
func (f *File) Defaults() {
	t := &f.Target
	// A field the file wrote as 0 is out of range, not left out: leave it
	// for Validate to report.
	unset := func(field string) bool { return !f.src.has(field) }
	if t.Wounds == 0 && unset("target.wounds") {
		t.Wounds = 1
	}
	for i := range t.Groups {
		if t.Groups[i].Wounds == 0 && unset(fmt.Sprintf("target.groups[%d].wounds", i)) {
			t.Groups[i].Wounds = 1
		}
	}
	for i := range t.Characters {
		if t.Characters[i].Wounds == 0 && unset(fmt.Sprintf("target.characters[%d].wounds", i)) {
			t.Characters[i].Wounds = 1
		}
	}
	if ranks := t.Ranks(); ranks != nil {
		parts := make([]string, len(ranks))
		for i, r := range ranks {
			parts[i] = strings.Join(strings.Split(r, ""), " ")
		}
		t.Layout = strings.Join(parts, " / ")
		if t.Frontage == 0 && unset("target.frontage") {
			t.Frontage = len(ranks[0])
		}
	}
	if t.Frontage == 0 && t.Models > 0 && unset("target.frontage") {
		t.Frontage = min(t.Models, 5)
	}
	if len(f.Options) == 0 {
		f.Options = nil
	}
	if len(t.Command) == 0 {
		t.Command = nil
	}
	if len(t.Characters) == 0 {
		t.Characters = nil
	}
	if len(t.Groups) == 0 {
		t.Groups = nil
	}
	slices.SortStableFunc(t.Command, func(a, b string) int { return roleOrder(a) - roleOrder(b) })
	for len(t.Damage.PerModel) > 0 && t.Damage.PerModel[len(t.Damage.PerModel)-1] == 0 {
		t.Damage.PerModel = t.Damage.PerModel[:len(t.Damage.PerModel)-1]
	}
	if len(t.Damage.PerModel) == 0 {
		t.Damage.PerModel = nil
	}
	for i := range f.Attacks {
		a := &f.Attacks[i]
		if a.AP < 0 && a.AP >= -MaxStat && f.Ruleset.Valid() && rules.For(f.Ruleset).SuitWithAP { // beyond -MaxStat the range check names the value written
			a.AP = -a.AP // tow writes AP as on the card, -1, and reads it as 1 (RULES.md 22.12)
		}
		if a.ToHit.IsZero() && a.BS == 0 && a.WS == 0 {
			a.ToHit = ToHit{Auto: true}
		}
		if a.MultipleWounds == "0" { // 1 stays: packets of one wound (C3, R7)
			a.MultipleWounds = ""
		}
		if a.MultipleHits == "1" {
			a.MultipleHits = ""
		}
		if a.Target.Role == AimRankAndFile && a.Target.Pool != nil && *a.Target.Pool == t.TroopType {
			a.Target.Pool = nil
		}
	}
}

func roleOrder(r string) int {
	if i := slices.Index(commandRoles, r); i >= 0 {
		return i
	}
	return len(commandRoles)
}
