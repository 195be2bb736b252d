package rearrank

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Kind says what an Event records.
type Kind int8

// The kinds of Event.
const (
	NoKind       Kind = iota
	BatchStart        // an attack group begins
	Roll              // one die: Stage, Need, Face, Pass
	Note              // a rule applied without a die (a skipped save, a cap)
	Casualty          // a model removed: Role, Name, Slot, Worth
	Damaged           // a model left damaged (per-model and one-model pools)
	StandardLost      // the standard bearer is removed (12)
	Panic             // the panic threshold was crossed (RULES.md 12, 19.3)
	Destroyed         // no model left
	RegenLost         // whfb8: Flaming wound, no Regeneration for the rest of the phase (19.3)
	KnockedDown       // skirmish injury or thrusting 5
	Stunned           // skirmish injury
	OutOfAction       // skirmish: the fighter is a casualty
	Disarmed          // skirmish bludgeoning 5
	CannotFight       // skirmish bludgeoning 4
	RicochetHit       // skirmish missile 5: the caller resolves the second target (R29, C15)
	ExtraAttack       // skirmish unarmed 4
	Knockback         // skirmish thrusting 6 (with a possible collision hit)
	BatchEnd          // an attack group is done
	Reroll            // a die re-rolled: Stage, Face and Need of the re-roll, Pass; Text gives both dice and why (RULES.md 20.1, 20.8)
)

var kindNames = [...]string{"", "batch_start", "roll", "note", "casualty", "damaged", "standard_lost", "panic",
	"destroyed", "regen_lost", "knocked_down", "stunned", "out_of_action", "disarmed", "cannot_fight",
	"ricochet_hit", "extra_attack", "knockback", "batch_end", "reroll"}

func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return fmt.Sprintf("kind(%d)", k)
	}
	return kindNames[k]
}

// Words names the kind for players, as the log writes it: "standard
// lost"; String is its JSON name.
func (k Kind) Words() string { return strings.ReplaceAll(k.String(), "_", " ") }

// Msg is Words as a message of the catalogue (term.kind.NAME), to be said
// in a reader's language: "потеря" for a casualty.
func (k Kind) Msg() msg.Message {
	if k <= 0 || int(k) >= len(kindNames) {
		return msg.New("engine.text", k.Words())
	}
	return msg.New(msg.ID("term.kind." + kindNames[k]))
}

// MarshalText implements encoding.TextMarshaler.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Stage is the pipeline stage a die or note belongs to (RULES.md 4).
type Stage int8

// The stages of Event.Stage.
const (
	NoStage    Stage = iota
	Attacks          // rolling the number of attacks ("2D6 shots")
	Hit              // RULES.md 5
	HitAgain         // the second die of a 7+ to-hit procedure
	Wound            // RULES.md 6.1
	Critical         // RULES.md 6.2
	Armour           // RULES.md 7
	Special          // RULES.md 8
	Damage           // RULES.md 9: multiple wounds
	Allocation       // RULES.md 10-11
	Injury           // RULES.md 13
	Helmet           // RULES.md 13
	MultiHits        // RULES.md 20.3: the dice of multiple hits
	Regenerate       // RULES.md 22.6: tow's Regeneration, per Wound lost
)

var stageNames = [...]string{"", "attacks", "hit", "hit_again", "wound", "critical", "armour", "special", "damage",
	"allocation", "injury", "helmet", "multiple_hits", "regeneration"}

func (s Stage) String() string {
	if s < 0 || int(s) >= len(stageNames) {
		return fmt.Sprintf("stage(%d)", s)
	}
	return stageNames[s]
}

// MarshalText implements encoding.TextMarshaler.
func (s Stage) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Words names the stage for players, as the log writes it: "hit again",
// "multiple hits"; String is its JSON name.
func (s Stage) Words() string { return strings.ReplaceAll(s.String(), "_", " ") }

// Msg is Words as a message of the catalogue (term.stage.NAME), to be
// said in a reader's language: "попадание" for hit.
func (s Stage) Msg() msg.Message {
	if s <= 0 || int(s) >= len(stageNames) {
		return msg.New("engine.text", s.Words())
	}
	return msg.New(msg.ID("term.stage." + stageNames[s]))
}

// MsgFor is Msg in ruleset rs's words, where they differ (the special
// save is The 9th Age's magical save).
func (s Stage) MsgFor(rs rules.Ruleset) msg.Message {
	m := s.Msg()
	if s > 0 && int(s) < len(stageNames) {
		m.ID = msg.Variant(m.ID, rs.String())
	}
	return m
}

// Event is one step of a resolution, plain data for text, JSON and pictures;
// its String is one line of the referee's log. Fields that do not apply to
// a Kind are zero.
type Event struct {
	Kind   Kind  `json:"kind"`
	Batch  int   `json:"batch"`            // attack group, from 1
	Stage  Stage `json:"stage,omitempty"`  // for Roll and Note
	Attack int   `json:"attack,omitempty"` // attack or wound within the stage, from 1

	Sides int          `json:"sides,omitempty"` // Roll: D3 or D6
	Face  int          `json:"face,omitempty"`  // Roll: the natural face
	Need  rules.Target `json:"need,omitzero"`   // Roll: the target number, if the die has one
	Pass  bool         `json:"pass,omitempty"`  // Roll: the die succeeded (a hit, a wound, a save)

	Role  unit.Role  `json:"role,omitempty"`  // Casualty, Damaged
	Name  string     `json:"name,omitempty"`  // model or character name
	Slot  *unit.Slot `json:"slot,omitempty"`  // Casualty: where it stood
	Worth int        `json:"worth,omitempty"` // Casualty: wounds it had left (R38); Damaged: its damage

	// Rule is the RULES.md section that decided it; the JSON and the log
	// cite it as a player finds it in docs/rules.md (Cite).
	Rule string `json:"rule,omitempty"`
	Text string `json:"text"` // a sentence for people, in English

	// Msg is Text as data: a message of the catalogue (package msg) that
	// TextIn renders in a reader's language; every event of the engine
	// has one (msg/catalogue_engine.go). An event made elsewhere without
	// one says its Text in every language.
	Msg msg.Message `json:"-"`
}

// TextIn returns the event's sentence in language l.
func (e Event) TextIn(l msg.Lang) string {
	if e.Msg.IsZero() || l == msg.English && e.Text != "" {
		return e.Text
	}
	return e.Msg.Text(l)
}

// Citation is the event's rule as a player finds it in docs/rules.md:
// Cite(e.Rule).
func (e Event) Citation() string { return Cite(e.Rule) }

// MarshalJSON writes the event with its rule cited as the log cites it,
// "rules 6.2, R39" (docs/rules.md), never RULES.md.
func (e Event) MarshalJSON() ([]byte, error) {
	type plain Event // without this method
	p := plain(e)
	p.Rule = e.Citation()
	return json.Marshal(p)
}

// StringIn formats the event as one line of the referee's log in
// language l: String's line, its words (the stage or kind, the sentence,
// the rule's citation) in l, the stage named as ruleset rs names it.
func (e Event) StringIn(l msg.Lang, rs rules.Ruleset) string {
	if l == msg.English {
		return e.String()
	}
	var b strings.Builder
	switch e.Kind {
	case Roll:
		fmt.Fprintf(&b, "%-9s", e.Stage.MsgFor(rs).Text(l))
		if e.Attack > 0 {
			fmt.Fprintf(&b, " #%-3d", e.Attack)
		}
		fmt.Fprintf(&b, " D%d=%d", e.Sides, e.Face)
	case BatchStart, BatchEnd:
	default:
		fmt.Fprintf(&b, "%-9s", e.Kind.Msg().Text(l))
	}
	if text := e.TextIn(l); text != "" {
		if b.Len() > 0 {
			b.WriteString("  ")
		}
		b.WriteString(text)
	}
	if e.Rule != "" {
		fmt.Fprintf(&b, "  [%s]", CiteMsg(e.Rule).Text(l))
	}
	return b.String()
}

// String formats the event as one line of the referee's log.
func (e Event) String() string {
	var b strings.Builder
	switch e.Kind {
	case Roll:
		fmt.Fprintf(&b, "%-9s", e.Stage.Words()) // words, not the JSON name
		if e.Attack > 0 {
			fmt.Fprintf(&b, " #%-3d", e.Attack)
		}
		fmt.Fprintf(&b, " D%d=%d", e.Sides, e.Face)
	case BatchStart, BatchEnd:
	default:
		fmt.Fprintf(&b, "%-9s", strings.ReplaceAll(e.Kind.String(), "_", " ")) // words, not the JSON name
	}
	if e.Text != "" {
		if b.Len() > 0 {
			b.WriteString("  ")
		}
		b.WriteString(e.Text)
	}
	if e.Rule != "" {
		fmt.Fprintf(&b, "  [%s]", e.Citation())
	}
	return b.String()
}

// Cite returns a rule reference as a player finds it: "RULES.md 6.2, R39"
// is section 6.2 of docs/rules.md and its reading R39, written
// "rules 6.2, R39" (rules.Cite); what follows a colon is kept. A reference
// without the RULES.md prefix is returned as it is.
func Cite(rule string) string {
	r, ok := strings.CutPrefix(rule, "RULES.md ")
	if !ok {
		return rule
	}
	head, tail, colon := strings.Cut(r, ":")
	out := rules.Cite(head)
	if colon {
		out += ":" + tail
	}
	return out
}

// CiteMsg is Cite as a message: "rules 6.2, R39", "правила 6.2, R39";
// what follows a colon is kept as it is written.
func CiteMsg(rule string) msg.Message {
	r, ok := strings.CutPrefix(rule, "RULES.md ")
	if !ok {
		return msg.New("engine.text", rule)
	}
	head, tail, colon := strings.Cut(r, ":")
	if !colon {
		return rules.CiteMsg(head)
	}
	var why any = tail
	if id, ok := ruleTails[tail]; ok {
		why = msg.New(id)
	}
	return msg.New("engine.cite.tail", rules.CiteMsg(head), why)
}

// RuleTail is the words after the colon of a rule reference (Event.Rule,
// Cite's "rules 6.2, R27: knocked down whether or not the save
// succeeds") as a message: the engine's own words in the reader's
// language, anything else as it is written.
func RuleTail(tail string) msg.Message {
	if id, ok := ruleTails[tail]; ok {
		return msg.New(id)
	}
	return msg.New("engine.text", tail)
}

// ruleTails are the words after the colon of the rule references the
// engine writes (a skirmish warrior's worse status, RULES.md 6.2), by
// their English as Rule keeps it, with the message that says them.
var ruleTails = map[string]msg.ID{
	" knocked down whether or not the save succeeds": "engine.rule_tail.knocked_down",
	" bludgeoned, out of action at once":             "engine.rule_tail.bludgeoned",
}

// UnmarshalText implements encoding.TextUnmarshaler, so Go clients can
// decode the JSON of the API and the CLI.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if n == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown event kind %q", b)
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (s *Stage) UnmarshalText(b []byte) error {
	for i, n := range stageNames {
		if n == string(b) {
			*s = Stage(i)
			return nil
		}
	}
	return fmt.Errorf("unknown stage %q", b)
}
