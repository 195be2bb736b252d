package rules

import (
	"encoding/json"

	"github.com/rearrank/rearrank/msg"
)

// OwnerChoice is the value of a switch that leaves a choice to the owner of
// the unit (RULES.md 18): single_rank_policy (R11), rear_rank_order (R12),
// command_order (11.4), special_save_choice (8) and, in tow,
// multi_packet_order (22.13, T-5).
const OwnerChoice = "owner_choice"

// StandIn is an owner_choice switch that nobody is asked about, and the
// engine's default that stands in for the owner (RULES.md 18).
type StandIn struct {
	Switch  string // the switch, "single_rank_policy"
	Default string // the value standing in, in the ruleset's terms ("balance", "left_to_right")
}

// String says so in a player's words: "single_rank_policy is owner_choice,
// and nobody is asked here: the engine's default (balance) stands in".
func (s StandIn) String() string { return s.Msg().String() }

// Msg is String as a message, to be said in a reader's language: the
// default in words (ValueMsg), "left to right", "слева направо".
func (s StandIn) Msg() msg.Message {
	return msg.New("rules.stand_in", s.Switch, ValueMsg(s.Switch, s.Default))
}

// MarshalJSON writes {"switch", "default", "note"}, the note being String.
func (s StandIn) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Switch  string `json:"switch"`
		Default string `json:"default"`
		Note    string `json:"note"`
	}{s.Switch, s.Default, s.String()})
}

// StandIns returns o with every owner_choice switch that ruleset r reads,
// and that asked does not answer, set to its default, and those switches:
// where nobody can be asked, the engine's default stands in (RULES.md 18).
// asked reports whether someone answers the named switch; nil means
// nobody does. The defaults are the ruleset's (rear_rank_order: left to
// right in tow, alternate ends elsewhere).
func (o Options) StandIns(r Ruleset, asked func(name string) bool) (Options, []StandIn) {
	if o.SingleRankPolicy != SingleRankOwnerChoice && o.RearRankOrder != RearRankOwnerChoice && o.CommandOrder != CommandOwnerChoice &&
		o.SpecialSaveChoice != SaveOwnerChoice && o.MultiPacketOrder != PacketOwnerChoice {
		return o, nil // every reader passes here: no list to walk
	}
	return o.standIns(r, asked)
}

// standIns is StandIns past its quick check: its o goes to the heap (the
// switches' set takes its address), which the quick path must not pay for.
func (o Options) standIns(r Ruleset, asked func(name string) bool) (Options, []StandIn) {
	var out []StandIn
	for _, s := range allSwitches() {
		if s.get(&o) != OwnerChoice || !s.AppliesTo(r) || asked != nil && asked(s.Name) {
			continue
		}
		if err := s.set(&o, s.Default); err != nil {
			panic("rules: the default of " + s.Name + " does not set: " + err.Error()) // a table error, caught by the tests
		}
		def := s.Default
		if s.id == swRearRankOrder && r.Valid() {
			def = s.Values[For(r).RearRankOrderOf(o)]
		}
		out = append(out, StandIn{Switch: s.Name, Default: def})
	}
	return o, out
}

// CheckValues reports a switch value that ruleset r does not take although
// it reads the switch: multi_packet_order owner_choice outside tow (the
// other rulesets apply packets as their dice were rolled, R35).
func (o Options) CheckValues(r Ruleset) error {
	if o.MultiPacketOrder == PacketOwnerChoice && r.Valid() && !For(r).PacketOwnerOrder {
		return msg.Errorf(nil, "rules.error.packet_owner_order", r.String())
	}
	return nil
}
