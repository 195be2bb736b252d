package combat

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/rearrank/rearrank/rules"
)

// Toggle is a switch whose default depends on the ruleset. The zero Toggle
// is that default.
type Toggle int8

const (
	ByRuleset Toggle = iota
	Off
	On
)

// StepUp says who fights after casualties (RULES.md 21.5, R51).
type StepUp int8

const (
	// StepUpFights counts attacks from the grid as it stands (8th).
	StepUpFights StepUp = iota
	// StepUpLost counts from the round-start grid minus the models lost
	// (5th/7th).
	StepUpLost
)

// ASFTie says how two class-2 fights order (RULES.md 21.4, R52).
type ASFTie int8

const (
	ASFTieByRuleset ASFTie = iota
	// ASFSimultaneous: both strike together and neither re-rolls (whfb8,
	// t9a1-ru).
	ASFSimultaneous
	// ASFInitiative: higher Initiative first (battleaxe, t9a).
	ASFInitiative
)

// Options are the switches of RULES.md 21.11. The zero Options is every
// switch at its ruleset's default.
type Options struct {
	// NoContactOverlap is contact_overlap: 0 (R50): the wider unit touches
	// only the narrower unit's files.
	NoContactOverlap bool
	StepUp           StepUp
	ASFTie           ASFTie
	// ChargeInitiative is charge_initiative (R53): On is +1 Initiative for
	// the charger; t9a defaults to On, the others to Off.
	ChargeInitiative Toggle
	// LineFormationWidth is line_formation_width (t9a, t9a1-ru; R55);
	// 0 means 8.
	LineFormationWidth int
	// InstantKillProfile is instant_kill_score: profile (battleaxe, R56):
	// an instant kill scores the model's profile W.
	InstantKillProfile bool
	// OutnumberBonus is outnumber_bonus: 1 (battleaxe, R58).
	OutnumberBonus bool
	// InsaneCourage is insane_courage (R61): On passes a break test on a
	// double 1; whfb8 and battleaxe default to On, t9a and t9a1-ru to Off.
	InsaneCourage Toggle
}

// Switch names of RULES.md 21.11, for files and errors.
var switchNames = []string{"contact_overlap", "step_up", "asf_tie", "charge_initiative", "combat_score",
	"line_formation_width", "instant_kill_score", "outnumber_bonus", "insane_courage"}

// IsSwitch reports whether name is one of the combat switches of 21.11.
func IsSwitch(name string) bool {
	for _, n := range switchNames {
		if n == name {
			return true
		}
	}
	return false
}

// switchRulesets lists the rulesets that read a switch (21.11), as their
// combat columns say.
func switchRulesets(name string) []rules.Ruleset {
	return rules.RulesetsWhere(func(t *rules.Traits) bool { return readsSwitch(&t.Combat, name) })
}

// readsSwitch reports whether a ruleset with combat column cr reads the
// combat switch name (21.11).
func readsSwitch(cr *rules.CombatRules, name string) bool {
	switch name {
	case "combat_score":
		return cr.CombatScoreSwitch
	case "line_formation_width":
		return cr.LineFormationSwitch
	case "outnumber_bonus":
		return cr.OutnumberSwitch
	}
	return cr.Round
}

func reads(rs rules.Ruleset, name string) bool {
	return readsSwitch(&rules.For(rs).Combat, name)
}

func rulesetList(rs []rules.Ruleset) string {
	s := make([]string, len(rs))
	for i, r := range rs {
		s[i] = r.String()
	}
	sort.Strings(s)
	return listText(s)
}

// Set sets one switch from its file form, for ruleset rs.
func (o *Options) Set(rs rules.Ruleset, name, value string) error {
	if !IsSwitch(name) {
		return fmt.Errorf("unknown combat switch %q", name)
	}
	if !reads(rs, name) {
		verb := "read"
		if len(switchRulesets(name)) == 1 {
			verb = "reads"
		}
		return fmt.Errorf("%s: only %s %s it", name, rulesetList(switchRulesets(name)), verb)
	}
	bad := func(want string) error { return fmt.Errorf("%s %q: want %s", name, value, want) }
	switch name {
	case "contact_overlap":
		switch value {
		case "1":
			o.NoContactOverlap = false
		case "0":
			o.NoContactOverlap = true
		default:
			return bad("1 or 0")
		}
	case "step_up":
		switch value {
		case "fights":
			o.StepUp = StepUpFights
		case "lost":
			o.StepUp = StepUpLost
		default:
			return bad("fights or lost")
		}
	case "asf_tie":
		switch value {
		case "simultaneous":
			o.ASFTie = ASFSimultaneous
		case "initiative":
			o.ASFTie = ASFInitiative
		default:
			return bad("simultaneous or initiative")
		}
	case "charge_initiative":
		switch value {
		case "0":
			o.ChargeInitiative = Off
		case "1":
			o.ChargeInitiative = On
		default:
			return bad("0 or 1")
		}
	case "combat_score":
		switch value {
		case "full_ranks":
		case "proper_ranks":
			return fmt.Errorf("combat_score proper_ranks: the Proper-Ranks page set (R54) is not modelled yet; full_ranks is")
		default:
			return bad("full_ranks")
		}
	case "line_formation_width":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > 100 {
			return bad("a width from 1 to 100")
		}
		o.LineFormationWidth = n
	case "instant_kill_score":
		switch value {
		case "remaining":
			o.InstantKillProfile = false
		case "profile":
			if !rules.For(rs).Combat.InstantKillProfileSwitch {
				return fmt.Errorf("instant_kill_score profile: only %s reads it", instantKillProfileRulesets())
			}
			o.InstantKillProfile = true
		default:
			return bad("remaining or profile")
		}
	case "outnumber_bonus":
		switch value {
		case "0":
			o.OutnumberBonus = false
		case "1":
			o.OutnumberBonus = true
		default:
			return bad("0 or 1")
		}
	case "insane_courage":
		switch value {
		case "true":
			o.InsaneCourage = On
		case "false":
			o.InsaneCourage = Off
		default:
			return bad("true or false")
		}
	}
	return nil
}

func (o Options) validate(rs rules.Ruleset) error {
	cr := &rules.For(rs).Combat
	switch {
	case o.LineFormationWidth < 0:
		return fmt.Errorf("line_formation_width %d: want 1 or more", o.LineFormationWidth)
	case o.InstantKillProfile && !cr.InstantKillProfileSwitch:
		return fmt.Errorf("instant_kill_score profile: only %s reads it", instantKillProfileRulesets())
	case o.OutnumberBonus && !cr.OutnumberSwitch:
		return fmt.Errorf("outnumber_bonus: only %s reads it", rulesetList(switchRulesets("outnumber_bonus")))
	}
	return nil
}

// instantKillProfileRulesets names the rulesets that read
// instant_kill_score: profile (R56).
func instantKillProfileRulesets() string {
	return rulesetList(rules.RulesetsWhere(func(t *rules.Traits) bool { return t.Combat.InstantKillProfileSwitch }))
}

// overlap returns contact_overlap (R50).
func (o Options) overlap() int {
	if o.NoContactOverlap {
		return 0
	}
	return 1
}

// simultaneousASF reports whether two class-2 fights strike together.
func (o Options) simultaneousASF(rs rules.Ruleset) bool {
	switch o.ASFTie {
	case ASFSimultaneous:
		return true
	case ASFInitiative:
		return false
	}
	return rules.For(rs).Combat.ASFSimultaneous
}

// chargeBonus is the Initiative the charger adds (R53).
func (o Options) chargeBonus(rs rules.Ruleset) int {
	switch o.ChargeInitiative {
	case On:
		return 1
	case Off:
		return 0
	}
	if rules.For(rs).Combat.ChargeInitiative {
		return 1
	}
	return 0
}

// wideRank is the front-rank width from which one more rank supports
// (21.3.4): the ruleset's horde or Line Formation width, which
// line_formation_width may change where the ruleset reads it (R55).
func (o Options) wideRank(rs rules.Ruleset) int {
	cr := &rules.For(rs).Combat
	if cr.LineFormationSwitch && o.LineFormationWidth != 0 {
		return o.LineFormationWidth
	}
	return cr.WideRank
}

func (o Options) insaneCourage(rs rules.Ruleset) bool {
	switch o.InsaneCourage {
	case On:
		return true
	case Off:
		return false
	}
	return rules.For(rs).Combat.InsaneCourage
}

// listText writes names as "a, b or c".
func listText(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	out := ""
	for i, n := range names[:len(names)-1] {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out + " or " + names[len(names)-1]
}
