package combat

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/alloc"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Side is one of the two sides of a combat, as the file names them. The
// zero Side is "none": no charger, no high ground, or nobody won.
type Side int8

const (
	NoSide Side = iota
	A
	B
)

// String returns "none", "a" or "b".
func (s Side) String() string {
	switch s {
	case A:
		return "a"
	case B:
		return "b"
	}
	return "none"
}

// MarshalText implements encoding.TextMarshaler.
func (s Side) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// ParseSide reads "a", "b" or "none".
func ParseSide(s string) (Side, error) {
	switch s {
	case "a":
		return A, nil
	case "b":
		return B, nil
	case "none", "":
		return NoSide, nil
	}
	return NoSide, msg.Errorf(nil, "combat.error.parse_side", strconv.Quote(s))
}

// Other returns the opposing side; NoSide stays NoSide.
func (s Side) Other() Side {
	switch s {
	case A:
		return B
	case B:
		return A
	}
	return NoSide
}

// index is 0 for A and 1 for B; it panics for NoSide (a programmer error).
func (s Side) index() int {
	if s != A && s != B {
		panic("combat: index of side none")
	}
	return int(s) - 1
}

func sideOf(i int) Side { return Side(i + 1) }

// Facing is the facing of the charged unit that the charger fights
// (RULES.md 21.2). The zero Facing is the front.
type Facing int8

const (
	Front Facing = iota
	FlankLeft
	FlankRight
	Rear
)

var facingNames = []string{"front", "flank_left", "flank_right", "rear"}

// String returns the file's name of the facing.
func (f Facing) String() string {
	if f < 0 || int(f) >= len(facingNames) {
		return fmt.Sprintf("invalid facing %d", f)
	}
	return facingNames[f]
}

// ParseFacing reads front, flank_left, flank_right or rear.
func ParseFacing(s string) (Facing, error) {
	for i, n := range facingNames {
		if n == s {
			return Facing(i), nil
		}
	}
	return Front, msg.Errorf(nil, "combat.error.parse_facing", strconv.Quote(s), strings.Join(facingNames, ", "))
}

// Msg names the facing in players' words, "left flank", as a word of the
// catalogue (for the front: "front").
func (f Facing) Msg() msg.Message {
	if f < 0 || int(f) >= len(facingNames) {
		return msg.New("term.combat.facing.front")
	}
	return msg.New(msg.ID("term.combat.facing." + facingNames[f]))
}

// flank reports whether f is a flank.
func (f Facing) flank() bool { return f == FlankLeft || f == FlankRight }

// Strikes is a fight's place in the strike order (RULES.md 21.4): its class.
// The zero Strikes is normal (class 1).
type Strikes int8

const (
	Normal Strikes = iota
	First          // Always Strikes First: class 2
	Last           // Always Strikes Last, great weapons: class 0
)

var strikesNames = []string{"normal", "first", "last"}

// String returns normal, first or last.
func (s Strikes) String() string {
	if s < 0 || int(s) >= len(strikesNames) {
		return fmt.Sprintf("invalid strikes %d", s)
	}
	return strikesNames[s]
}

// ParseStrikes reads normal, first or last.
func ParseStrikes(s string) (Strikes, error) {
	for i, n := range strikesNames {
		if n == s {
			return Strikes(i), nil
		}
	}
	return Normal, msg.Errorf(nil, "combat.error.parse_strikes", strconv.Quote(s))
}

// class is the first part of the step key (RULES.md 21.4).
func (s Strikes) class() int {
	switch s {
	case First:
		return 2
	case Last:
		return 0
	}
	return 1
}

// Height is a t9a unit's Height, which sets the default number of
// supporting attacks per model (RULES.md 21.3.4, 21.15). The zero Height is
// standard.
type Height int8

const (
	Standard Height = iota
	Large
	Gigantic
)

var heightNames = []string{"standard", "large", "gigantic"}

// String returns standard, large or gigantic.
func (h Height) String() string {
	if h < 0 || int(h) >= len(heightNames) {
		return fmt.Sprintf("invalid height %d", h)
	}
	return heightNames[h]
}

// ParseHeight reads standard, large or gigantic.
func ParseHeight(s string) (Height, error) {
	for i, n := range heightNames {
		if n == s {
			return Height(i), nil
		}
	}
	return Standard, msg.Errorf(nil, "combat.error.parse_height", strconv.Quote(s))
}

// DefaultSupporting returns the supporting attacks per model a fight makes
// when the file gives none (RULES.md 21.3.4): 1, and in t9a and t9a1-ru 1, 3
// or 5 by Height.
func DefaultSupporting(rs rules.Ruleset, h Height) int {
	return rules.For(rs).Combat.Supporting[h]
}

// By names the models that make a fight's attacks: the rank and file
// (musician and standard bearer included), the champion, or a character.
// The zero By is the rank and file.
type By struct {
	Role unit.Role // unit.RankAndFile (or NoRole), unit.Champion or unit.Character
	Name string    // the character's name
}

// ParseBy reads rank_and_file, champion or character:<name>.
func ParseBy(s string) (By, error) {
	switch {
	case s == "rank_and_file":
		return By{Role: unit.RankAndFile}, nil
	case s == "champion":
		return By{Role: unit.Champion}, nil
	case strings.HasPrefix(s, "character:") && len(s) > len("character:"):
		return By{Role: unit.Character, Name: strings.TrimPrefix(s, "character:")}, nil
	}
	return By{}, msg.Errorf(nil, "combat.error.parse_by", strconv.Quote(s))
}

// String writes the By as the file does.
func (b By) String() string {
	switch b.Role {
	case unit.Champion:
		return "champion"
	case unit.Character:
		return "character:" + b.Name
	}
	return "rank_and_file"
}

// Words names the models in players' words: "rank and file",
// "champion", or the character's name.
func (b By) Words() string {
	switch b.Role {
	case unit.Champion:
		return "champion"
	case unit.Character:
		return b.Name
	}
	return "rank and file"
}

// Msg is Words as a message of the catalogue under ruleset rs, whose
// Russian names a champion as the ruleset does (t9a: командир).
func (b By) Msg(rs rules.Ruleset) msg.Message {
	switch b.Role {
	case unit.Champion:
		return ForRuleset("term.combat.by.champion", rs)
	case unit.Character:
		return msg.New("term.combat.name", b.Name)
	}
	return msg.New("term.combat.by.rank_and_file")
}

// ForRuleset returns the message id, or its variant for ruleset rs where
// the catalogue has one (id + "." + the ruleset's code): a term the
// rulesets name differently in Russian (docs/glossary.md), asked of the
// catalogue so that no ruleset is named here.
func ForRuleset(id msg.ID, rs rules.Ruleset, args ...any) msg.Message {
	return msg.New(msg.Variant(id, rs.String()), args...)
}

func (b By) rankAndFile() bool { return b.Role == unit.RankAndFile || b.Role == unit.NoRole }

// Fight is one attack profile of a side's models (RULES.md 21.10): who
// makes it, how many attacks each model makes, when it strikes and the
// attack group every step rolls with it.
type Fight struct {
	By      By
	Attacks int // per model
	// Initiative is the model's Initiative (t9a: Agility), without the
	// charge bonus.
	Initiative int
	// Supporting is the attacks a model in a supporting rank makes at most
	// (21.3.4); Load fills in the ruleset's default, 0 is none (mounts).
	Supporting int
	// ExtraRanks are supporting ranks beyond the first (spears: 1).
	ExtraRanks int
	Strikes    Strikes
	// Attack is the profile every step rolls; the step sets Count.
	Attack rearrank.Attack
}

// Combatant is one side of a combat: its unit and what decides its score
// and its break test.
type Combatant struct {
	Unit *rearrank.Unit
	// Leadership is the value the unit tests on (t9a: Discipline).
	Leadership  int
	Stubborn    bool
	Unbreakable bool
	// CloseOrder: the unit is in a Close Order formation, and scores +1
	// while in Combat Order with enough Unit Strength
	// (rules.CombatRules.CombatOrderStrength, 22.11).
	CloseOrder bool
	// MassedInfantry: the unit has the Massed Infantry rule, +1 when its
	// Unit Strength is higher than the enemy's (22.11).
	MassedInfantry bool
	// RerollBreak re-rolls a failed break test once (21.8).
	RerollBreak bool
	// Bonus is added to the combat result as given (21.6).
	Bonus int
	// BattleStandard names the characters that carry the battle standard.
	BattleStandard []string
	Fights         []Fight
}

// Combat is one round of close combat between two block units (RULES.md
// 21). Load builds it from a combat file; a Combat built in Go should pass
// Validate.
type Combat struct {
	Ruleset rules.Ruleset
	// Options are the switches of RULES.md 21.11 (and those of 18 and 19
	// the units were built with); the zero Options is every ruleset default.
	Options rules.Options
	Charger Side
	// Facing is the charged unit's facing that the charger fights.
	Facing Facing
	// Contact overrides the contact width of side a and b (21.3.1); 0 means
	// the computed one.
	Contact    [2]int
	HighGround Side
	Sides      [2]Combatant

	// start is both units' formations as a round starts, for a copy whose
	// units no round changes (MonteCarlo's workers): built once, not once
	// a round. Nil otherwise.
	start *[2][][]unit.Cell
	// sample is what one MonteCarlo worker keeps from round to round
	// (sample.go). Nil otherwise.
	sample *sampleCache
}

// Side returns the combatant of side s.
func (c *Combat) Side(s Side) *Combatant { return &c.Sides[s.index()] }

// Name names side i (0 for a, 1 for b) as a player does: its unit's name,
// or "side a" for a unit the file leaves unnamed.
func (c *Combat) Name(i int) string {
	if n := c.Sides[i].Unit.Name(); n != "" {
		return n
	}
	return "side " + "ab"[i:i+1]
}

// Verb is Name with the verb that agrees with it (see Agree): "Elves win",
// "side a wins".
func (c *Combat) Verb(i int, plural, singular string) string {
	return c.Name(i) + " " + c.Agree(i, plural, singular)
}

// Agree returns the form of a verb that agrees with Name(i): a named unit
// of several models is read as plural ("Elves win"), one model ("Hero
// wins") and an unnamed side ("side a wins") as singular.
func (c *Combat) Agree(i int, plural, singular string) string {
	if u := c.Sides[i].Unit; u.Name() != "" && u.Size() > 1 {
		return plural
	}
	return singular
}

// Validate checks what the engine relies on: a block ruleset, two units,
// fights whose models exist, the ruleset's fields, and no side that could
// make more than dice.MaxCount attacks at one step.
func (c *Combat) Validate() error {
	if !c.Ruleset.Valid() || !rules.For(c.Ruleset).Combat.Round {
		return msg.Errorf(nil, "combat.error.block_ruleset", c.Ruleset.String(), rulesetsMsg(rules.RulesetsWhere(blockRound)))
	}
	if c.HighGround != NoSide && !rules.For(c.Ruleset).Combat.HighGround {
		rs := rules.RulesetsWhere(func(t *rules.Traits) bool { return t.Combat.HighGround })
		return msg.Errorf(nil, "combat.error.high_ground", rulesetsMsg(rs), len(rs))
	}
	if err := c.Options.ReadBy(c.Ruleset); err != nil {
		return err
	}
	for i := range c.Sides {
		s := &c.Sides[i]
		if s.Unit == nil {
			return msg.Errorf(nil, "combat.error.no_unit", sideOf(i).String())
		}
		cr := &rules.For(c.Ruleset).Combat
		if s.CloseOrder && cr.CombatOrderStrength == 0 {
			rs := rules.RulesetsWhere(func(t *rules.Traits) bool { return t.Combat.CombatOrderStrength > 0 })
			return msg.Errorf(nil, "combat.error.close_order", sideOf(i).String(), rulesetsMsg(rs), len(rs))
		}
		if s.MassedInfantry && !cr.MassedInfantry {
			rs := rules.RulesetsWhere(func(t *rules.Traits) bool { return t.Combat.MassedInfantry })
			return msg.Errorf(nil, "combat.error.massed_infantry", sideOf(i).String(), rulesetsMsg(rs), len(rs))
		}
		if c.Contact[i] < 0 || c.Contact[i] > au(s.Unit).Frontage() {
			return msg.Errorf(nil, "combat.error.contact", sideOf(i).String(), c.Contact[i], au(s.Unit).Frontage())
		}
		for j, f := range s.Fights {
			if err := f.check(au(s.Unit)); err != nil {
				return msg.Errorf(err, "combat.error.fight", sideOf(i).String(), j, errText{err})
			}
		}
		if j, err := c.checkAttacks(i); err != nil {
			return msg.Errorf(err, "combat.error.fight_attacks", sideOf(i).String(), j, errText{err})
		}
	}
	return nil
}

// checkAttacks refuses a side whose fights could make more attacks at one
// step than an attack group counts (dice.MaxCount): every model that makes
// a fight makes at most its attacks (21.3, 21.5), and at worst all the
// side's fights strike at one step. It returns the fight that makes the
// most of them, to name in the error.
func (c *Combat) checkAttacks(i int) (int, error) {
	e := &engine{c: c}
	models := c.Sides[i].Unit.Models()
	total, worst, worstPart, worstModels := 0, 0, -1, 0
	for j, f := range c.Sides[i].Fights {
		n := 0
		for k := range models {
			if e.makes(i, f.By, &models[k]) {
				n++
			}
		}
		part := n * f.Attacks
		total += part
		if part > worstPart {
			worst, worstPart, worstModels = j, part, n
		}
	}
	if total <= dice.MaxCount {
		return 0, nil
	}
	a := c.Sides[i].Fights[worst].Attacks
	if total > worstPart {
		return worst, msg.Errorf(nil, "combat.error.too_many_attacks_all", a, worstModels, worstPart, dice.MaxCount, total)
	}
	return worst, msg.Errorf(nil, "combat.error.too_many_attacks", a, worstModels, worstPart, dice.MaxCount)
}

func (f Fight) check(u *alloc.Unit) error {
	switch {
	case f.Attacks < 0:
		return msg.Errorf(nil, "combat.error.attacks", f.Attacks)
	case f.Supporting < 0 || f.Supporting > 5:
		return msg.Errorf(nil, "combat.error.supporting", f.Supporting)
	case f.ExtraRanks < 0 || f.ExtraRanks > 10:
		return msg.Errorf(nil, "combat.error.extra_ranks", f.ExtraRanks)
	}
	switch f.By.Role {
	case unit.Champion:
		if u.Count(unit.Champion) == 0 {
			return msg.Errorf(nil, "combat.error.no_champion")
		}
	case unit.Character:
		if !hasCharacter(u, f.By.Name) {
			return msg.Errorf(nil, "combat.error.no_character", f.By.String(), strconv.Quote(f.By.Name))
		}
	}
	return nil
}

func hasCharacter(u *alloc.Unit, name string) bool {
	for _, m := range u.Models() {
		if m.Role == unit.Character && m.Name == name {
			return true
		}
	}
	return false
}

// au is a side's unit as the engine holds it, and handle the reverse: the
// same unit, seen through the public type or the allocation machine's.
func au(u *rearrank.Unit) *alloc.Unit     { return (*alloc.Unit)(u) }
func handle(u *alloc.Unit) *rearrank.Unit { return (*rearrank.Unit)(u) }
