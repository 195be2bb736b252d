package combat

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"sync"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/unit"
)

// A combat file (RULES.md 21.10) has ruleset, options, combat and sides.
// Each side's unit has exactly the target fields of docs/scenario.md (plus
// height, t9a, and battle_standard on characters), and each fight the
// attack-group fields except count, phase, bs and attacker. file declares
// it, embedding the scenario's Target and Attack, and scenario's Decoder
// reads it: the limits, the types, the unknown fields and the fields given
// twice are the scenario's, said in a combat file's words (fileDecoder).
// Load then checks the file's own fields and hands each side's fights
// and the enemy unit to the scenario package as a scenario made of those
// parts of the file (scenario.Doc.Scenario), so that units and attack
// profiles are checked by the same code as a scenario's, at the combat
// file's fields and places.
//
// Errors are *scenario.Error values wrapping the scenario sentinels
// (scenario.ErrSyntax, ErrUnknownField, ErrInvalid, ErrUnsupported,
// ErrTooLarge), with the file, line, column and dotted field path.

// file is a combat file as written. The combat's own values are Scalars,
// checked here in a combat's words.
type file struct {
	Description scenario.Scalar   `yaml:"description"`
	Ruleset     rules.Ruleset     `yaml:"ruleset" want:"a ruleset name"`
	Options     map[string]string `yaml:"options" want:"a mapping of switch names to values, such as {step_up: lost}"`
	Combat      *fileCombat       `yaml:"combat"`
	Sides       *fileSides        `yaml:"sides"`
}

type fileCombat struct {
	Charger    scenario.Scalar `yaml:"charger"`
	Facing     scenario.Scalar `yaml:"facing"`
	Contact    *fileContact    `yaml:"contact"`
	HighGround scenario.Scalar `yaml:"high_ground"`
}

type fileContact struct {
	A scenario.Scalar `yaml:"a"`
	B scenario.Scalar `yaml:"b"`
}

type fileSides struct {
	A *fileSide `yaml:"a"`
	B *fileSide `yaml:"b"`
}

type fileSide struct {
	Unit        *fileUnit         `yaml:"unit"`
	Leadership  scenario.Scalar   `yaml:"leadership"`
	Special     []scenario.Scalar `yaml:"special" want:"a list such as [stubborn]"`
	RerollBreak scenario.Scalar   `yaml:"reroll_break"`
	Bonus       scenario.Scalar   `yaml:"bonus"`
	Fights      []fileFight       `yaml:"fights" want:"a list of fights"`
}

// fileUnit is a side's unit: a scenario's target, with the fields a
// combat adds to it.
type fileUnit struct {
	scenario.Target
	Height     scenario.Scalar `yaml:"height"`
	Characters []fileCharacter `yaml:"characters"`
}

type fileCharacter struct {
	scenario.Character
	BattleStandard scenario.Scalar `yaml:"battle_standard"`
}

// fileFight is one of a side's fights: a scenario's attack group, less
// the fields notInFight, with the fields of fightOnly.
type fileFight struct {
	scenario.Attack
	By         scenario.Scalar `yaml:"by"`
	Attacks    scenario.Scalar `yaml:"attacks"`
	Initiative scenario.Scalar `yaml:"initiative"`
	Supporting scenario.Scalar `yaml:"supporting"`
	ExtraRanks scenario.Scalar `yaml:"extra_ranks"`
	Strikes    scenario.Scalar `yaml:"strikes"`
}

// Read reads a combat file from r (at most scenario.MaxSize bytes) and
// loads it. The name labels errors; "-" is shown as "<stdin>".
func Read(name string, r io.Reader) (*Combat, error) {
	data, err := io.ReadAll(io.LimitReader(r, scenario.MaxSize+1))
	if err != nil {
		return nil, scenario.ErrorIn(displayName(name), 0, 0, fmt.Errorf("%w: %w", scenario.ErrInvalid, err), msg.New("scenario.load.read", err.Error()))
	}
	return Load(name, data)
}

func displayName(name string) string {
	if name == "-" {
		return "<stdin>"
	}
	return name
}

// Load reads a combat file from YAML or JSON and returns the combat,
// checked. It refuses what scenario.Load refuses (size, anchors, aliases,
// tags, depth); every error is a *scenario.Error.
//
// A side's unit that names a unit of a list file (from:) is an error
// here, as Load reads no files: LoadLists reads them.
func Load(name string, data []byte) (*Combat, error) {
	c, _, err := LoadLists(name, data, nil)
	return c, err
}

// LoadLists is Load for a combat file whose sides' units may name a unit
// of a list file, `unit: {from: army.json, unit: "Spearmen"}`, with set:
// and the unit's own fields beside them (docs/import.md); open reads the
// list files. The notes are what the mapping from the list did not use
// or assumed, for the player to see.
func LoadLists(name string, data []byte, open scenario.ListOpener) (*Combat, []msg.Message, error) {
	name = displayName(name)
	var f file
	dc := *fileDecoder()
	dc.Lists = open
	doc, err := dc.Decode(name, data, &f)
	if err != nil {
		if errors.Is(err, scenario.ErrOtherFile) {
			// A scenario's attacks or target: a whole scenario is named
			// as such, and read a second time only then.
			if _, err := scenario.Load(name, data); err == nil {
				return nil, nil, scenario.ErrorIn(name, 1, 1, scenario.ErrInvalid, msg.New("scenario.combat_file.scenario"))
			}
		}
		return nil, nil, err
	}
	l := &loader{doc: doc}
	c, e := l.combat(&f)
	if e != nil {
		return nil, nil, e
	}
	return c, doc.ListNotes(), nil
}

// IsFile reports whether data is a combat file rather than a scenario
// file: a mapping whose top level has a combat key (RULES.md 21.10). It
// reads no further; Load checks the rest. A file that cannot be read is
// not a combat file.
func IsFile(data []byte) bool {
	keys, ok := scenario.TopFields(data)
	return ok && slices.Contains(keys, "combat")
}

// fileNames are the fields of the combat file's own mappings, and a
// fight's own, for the decoder and the schema's tests: what file declares,
// listed once. They are read off the types on first use, not when the
// program starts (every rearrank command links combat).
var fileNames = sync.OnceValue(func() fileFieldNames {
	return fileFieldNames{
		top:    scenario.FieldNames(reflect.TypeFor[file]()),
		combat: scenario.FieldNames(reflect.TypeFor[fileCombat]()),
		side:   scenario.FieldNames(reflect.TypeFor[fileSide]()),
		fightOnly: slices.DeleteFunc(scenario.FieldNames(reflect.TypeFor[fileFight]()), func(n string) bool {
			return slices.Contains(scenario.FieldNames(reflect.TypeFor[scenario.Attack]()), n)
		}),
	}
})

// fileFieldNames are the field names of a combat file's mappings;
// fightOnly are a fight's fields that are not attack-group fields.
type fileFieldNames struct{ top, combat, side, fightOnly []string }

// notInFight are attack-group fields a fight does not take (21.10),
// and the message that says why.
var notInFight = map[string]msg.ID{
	"count":    "scenario.combat_file.not_in_fight.count",
	"phase":    "scenario.combat_file.not_in_fight.phase",
	"bs":       "scenario.combat_file.not_in_fight.bs",
	"attacker": "scenario.combat_file.not_in_fight.attacker",
	"batch":    "scenario.combat_file.not_in_fight.batch",
}

// fieldsOf lists the scenario fields of the catalogue's objects.
func fieldsOf(objs ...scenario.Object) []string {
	var out []string
	for _, s := range scenario.Catalogue() {
		if slices.Contains(objs, s.Object) && !slices.Contains(out, s.Name) {
			out = append(out, s.Name)
		}
	}
	return out
}

// fileDecoder reads a combat file. Its mappings say how an unknown field
// is named: at the file's own mappings (the top level, sides, a side,
// combat), a likely spelling of one of its fields, else all of them; at a
// unit or a fight, a field of the other, of the side or of the top level;
// deeper (a unit's characters, groups, champion) as a scenario's, with a
// unit for its target and a fight for its attack group, and nothing where
// it would name what a combat file does not have (a scenario's top level,
// the attack-group fields of notInFight).
var fileDecoder = sync.OnceValue(func() *scenario.Decoder {
	names := func(v any) []string { return scenario.FieldNames(reflect.TypeOf(v)) }
	var silent []string
	for n := range notInFight {
		silent = append(silent, n)
	}
	unitNames := append(fieldsOf(scenario.ObjTarget, scenario.ObjProfile), "height")
	own := fileNames()
	fightNames := append(slices.DeleteFunc(fieldsOf(scenario.ObjAttack), func(n string) bool { return slices.Contains(silent, n) }), own.fightOnly...)
	side := scenario.Fields{Of: "the side", Names: own.side}
	top := scenario.Fields{Of: "the file's top level", Names: own.top}
	mapping := func(t reflect.Type, of string) scenario.Mapping {
		return scenario.Mapping{Type: t, Of: of, Want: "a mapping of fields", ListFields: true, NameField: true}
	}
	// A scenario's objects, as a unit's characters, groups and champion
	// name them.
	objects := []struct {
		t      reflect.Type
		fields scenario.Fields
	}{
		{reflect.TypeFor[scenario.File](), scenario.Fields{Of: "the file's top level", Names: names(scenario.File{}), Silent: names(scenario.File{})}},
		{reflect.TypeFor[scenario.Target](), scenario.Fields{Of: "a unit", Names: names(scenario.Target{})}},
		{reflect.TypeFor[scenario.Attack](), scenario.Fields{Of: "a fight", Names: names(scenario.Attack{}), Silent: silent}},
		{reflect.TypeFor[scenario.Group](), scenario.Fields{Of: "a group", Names: names(scenario.Group{})}},
		{reflect.TypeFor[scenario.Character](), scenario.Fields{Of: "a character", Names: names(scenario.Character{})}},
		{reflect.TypeFor[scenario.Champion](), scenario.Fields{Of: "the champion", Names: names(scenario.Champion{})}},
	}
	deeper := func(t, as reflect.Type, of string) scenario.Mapping {
		m := scenario.Mapping{Type: t, Of: of, Own: scenario.FieldNames(as), ValueHint: true}
		for _, o := range objects {
			if o.t != as {
				m.Others = append(m.Others, o.fields)
			}
		}
		return m
	}
	topLevel := mapping(reflect.TypeFor[file](), "the file's top level")
	for _, k := range []string{"attacks", "target"} {
		m := msg.New("scenario.combat_file.scenario_keys")
		topLevel.Refused = append(topLevel.Refused, scenario.Refusal{Name: k, Err: scenario.ErrOtherFile, Msg: m.String(), Message: m})
	}
	fight := scenario.Mapping{Type: reflect.TypeFor[fileFight](), Of: "a fight", Want: "a mapping of fields", Own: fightNames,
		Others: []scenario.Fields{{Of: "a unit", Names: unitNames}, side, top}}
	for n, why := range notInFight {
		m := msg.New("scenario.combat_file.not_fight_field", n, msg.New(why))
		fight.Refused = append(fight.Refused, scenario.Refusal{Name: n, Err: scenario.ErrUnknownField, Msg: m.String(), Message: m})
	}
	return &scenario.Decoder{
		Empty:      "empty or unreadable file: want a combat with ruleset, combat and sides",
		TwiceFirst: true,
		Mappings: []scenario.Mapping{
			topLevel,
			mapping(reflect.TypeFor[fileCombat](), "combat"),
			mapping(reflect.TypeFor[fileContact](), "contact"),
			mapping(reflect.TypeFor[fileSides](), "sides"),
			mapping(reflect.TypeFor[fileSide](), "the side"),
			{Type: reflect.TypeFor[fileUnit](), Of: "a unit", Want: "a mapping of fields (the target fields of docs/scenario.md)", Own: unitNames,
				Others: []scenario.Fields{{Of: "a fight", Names: fightNames}, side, top}},
			fight,
			deeper(reflect.TypeFor[fileCharacter](), reflect.TypeFor[scenario.Character](), "a character"),
			deeper(reflect.TypeFor[scenario.Group](), reflect.TypeFor[scenario.Group](), "a group"),
			deeper(reflect.TypeFor[scenario.Champion](), reflect.TypeFor[scenario.Champion](), "the champion"),
		},
	}
})

// loader checks a decoded combat file and makes the Combat.
type loader struct {
	doc *scenario.Doc
}

// invalid is the error about path whose message is id with args.
func (l *loader) invalid(path string, id msg.ID, args ...any) *scenario.Error {
	return l.doc.Fail(scenario.ErrInvalid, path, msg.New(id, args...))
}

// failed is the error about path that err, a problem of this package's
// parsers and checks, is.
func (l *loader) failed(path string, err error) *scenario.Error {
	return l.invalid(path, "scenario.error", scenario.ErrArg(err))
}

// onlyReadMsg is "only tow reads", "only t9a or t9a1-ru read", as a
// message's arguments: the names and their count.
func onlyReadMsg(rs []rules.Ruleset) (scenario.OrList, int) {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.String()
	}
	return scenario.OrList(names), len(names)
}

// mapping refuses a mapping that the file wrote with no value ("unit:"),
// which the decoder leaves out: given says whether it has one.
func (l *loader) mapping(given bool, path, want string) *scenario.Error {
	if !given && l.doc.Has(path) {
		return l.invalid(path, "scenario.want", scenario.Phrase(want))
	}
	return nil
}

func (l *loader) integer(v scenario.Scalar, path string, lo, hi int) (int, *scenario.Error) {
	x, ok := v.Value.(int64)
	if !ok {
		return 0, l.invalid(path, "scenario.combat_file.whole_number", lo, hi)
	}
	if x < int64(lo) || x > int64(hi) {
		return 0, l.invalid(path, "scenario.combat_file.range", x, lo, hi)
	}
	return int(x), nil
}

func (l *loader) text(v scenario.Scalar, path, want string) (string, *scenario.Error) {
	s, ok := v.Value.(string)
	if !ok {
		return "", l.invalid(path, "scenario.want", scenario.Phrase(want))
	}
	return s, nil
}

func (l *loader) boolean(v scenario.Scalar, path string) (bool, *scenario.Error) {
	b, ok := v.Value.(bool)
	if !ok {
		return false, l.invalid(path, "scenario.want", scenario.Phrase("true or false"))
	}
	return b, nil
}

// specialWant names the values of a side's special list (21.8, 22.11).
const specialWant = "stubborn, unbreakable, close_order or massed_infantry"

func (l *loader) combat(f *file) (*Combat, *scenario.Error) {
	for _, k := range []string{"ruleset", "sides"} {
		if !l.doc.Has(k) {
			return nil, l.invalid(k, "scenario.combat_file.required")
		}
	}
	if !f.Ruleset.Valid() {
		return nil, l.invalid("ruleset", "scenario.want", scenario.Phrase("a ruleset name"))
	}
	if rs := f.Ruleset; !rules.For(rs).Combat.Round {
		block, _ := onlyReadMsg(rules.RulesetsWhere(blockRound))
		return nil, l.invalid("ruleset", "scenario.combat_file.not_block", rs.String(), block)
	}
	// The scenario switches are checked by the scenario package with the
	// units; here only what a combat needs.
	scenOpts := map[string]string{}
	for k, v := range f.Options {
		if _, combat := combatSwitch(k); !combat {
			scenOpts[k] = v
		}
	}
	if e := l.mapping(f.Sides != nil, "sides", "a mapping of fields"); e != nil {
		return nil, e
	}
	sides := [2]*fileSide{f.Sides.A, f.Sides.B}
	for i, s := range []string{"a", "b"} {
		p := "sides." + s
		v := sides[i]
		if !l.doc.Has(p) {
			return nil, l.invalid("sides", "scenario.combat_file.side_required", s)
		}
		if e := l.mapping(v != nil, p, "a mapping of fields"); e != nil {
			return nil, e
		}
		if !l.doc.Has(p + ".unit") {
			return nil, l.invalid(p, "scenario.combat_file.unit_required")
		}
		if !v.Leadership.Given {
			return nil, l.invalid(p, "scenario.combat_file.leadership_required")
		}
	}
	// The fields a combat adds to a unit stay out of the scenario's.
	var targets [2]scenario.Target
	var bsb [2][]string
	for i, s := range []string{"a", "b"} {
		p := "sides." + s + ".unit"
		u := sides[i].Unit
		if e := l.mapping(u != nil, p, "a mapping of fields (the target fields of docs/scenario.md)"); e != nil {
			return nil, e
		}
		targets[i] = u.Target // its own Characters are hidden by the unit's
		for j, ch := range u.Characters {
			targets[i].Characters = append(targets[i].Characters, ch.Character)
			if !ch.BattleStandard.Given {
				continue
			}
			b, e := l.boolean(ch.BattleStandard, fmt.Sprintf("%s.characters[%d].battle_standard", p, j))
			if e != nil {
				return nil, e
			}
			if b {
				bsb[i] = append(bsb[i], ch.Name)
			}
		}
	}
	// Each side's fights as attack groups against the enemy unit.
	c := &Combat{}
	one, _ := scenario.ParseExpr("1")
	for i := range 2 {
		side, enemy := sideOf(i).String(), sideOf(1-i).String()
		at := map[string]string{"target": "sides." + enemy + ".unit", "attacks": "sides." + side + ".fights"}
		var groups []scenario.Attack
		for j, fi := range sides[i].Fights {
			a := fi.Attack
			a.Count = one
			groups = append(groups, a)
			at[fmt.Sprintf("attacks[%d].count", j)] = fmt.Sprintf("sides.%s.fights[%d].attacks", side, j)
		}
		if len(groups) == 0 {
			groups = []scenario.Attack{{Count: one, Strength: 1}} // a stand-in, so that the enemy unit is checked
		}
		sf := scenario.File{Ruleset: f.Ruleset, Attacks: groups, Target: targets[1-i]}
		if len(scenOpts) > 0 {
			sf.Options = scenOpts
		}
		in := l.doc.Scenario(sf, at)
		in.Defaults()
		if err := in.Validate(); err != nil {
			return nil, asError(err)
		}
		enemyUnit, attacks, err := in.Build()
		if err != nil {
			return nil, asError(err)
		}
		c.Ruleset, c.Options = in.Ruleset, in.RuleOptions()
		c.Sides[1-i].Unit = enemyUnit
		for j := range sides[i].Fights {
			c.Sides[i].Fights = append(c.Sides[i].Fights, Fight{Attack: attacks[j]})
		}
	}
	// The combat's own fields.
	for _, sw := range rules.CombatSwitches() {
		v, ok := f.Options[sw.Name]
		if !ok {
			continue
		}
		if err := setOption(&c.Options, c.Ruleset, sw.Name, v); err != nil {
			return nil, l.failed("options."+sw.Name, err)
		}
	}
	if e := l.combatBlock(c, f.Combat); e != nil {
		return nil, e
	}
	for i, s := range []string{"a", "b"} {
		if e := l.side(c, i, sides[i], "sides."+s); e != nil {
			return nil, e
		}
		c.Sides[i].BattleStandard = bsb[i]
	}
	if err := c.Validate(); err != nil {
		return nil, l.failed("", err)
	}
	return c, nil
}

// asError is the *scenario.Error the scenario package returns.
func asError(err error) *scenario.Error {
	var se *scenario.Error
	if errors.As(err, &se) {
		return se
	}
	return scenario.ErrorOf(scenario.ErrInvalid, msg.New("scenario.error", scenario.ErrArg(err)))
}

func (l *loader) combatBlock(c *Combat, v *fileCombat) *scenario.Error {
	if v == nil {
		return nil
	}
	side := func(x scenario.Scalar, k string) (Side, *scenario.Error) {
		if !x.Given {
			return NoSide, nil
		}
		s, e := l.text(x, "combat."+k, "a, b or none")
		if e != nil {
			return NoSide, e
		}
		sd, err := ParseSide(s)
		if err != nil {
			return NoSide, l.failed("combat."+k, err)
		}
		return sd, nil
	}
	var e *scenario.Error
	if c.Charger, e = side(v.Charger, "charger"); e != nil {
		return e
	}
	if c.HighGround, e = side(v.HighGround, "high_ground"); e != nil {
		return e
	}
	if c.HighGround != NoSide && !rules.For(c.Ruleset).Combat.HighGround {
		names, n := onlyReadMsg(rules.RulesetsWhere(func(t *rules.Traits) bool { return t.Combat.HighGround }))
		return l.invalid("combat.high_ground", "scenario.combat_file.only_read_bonus", names, n, "high_ground", c.Ruleset.String())
	}
	if v.Facing.Given {
		s, e := l.text(v.Facing, "combat.facing", "front, flank_left, flank_right or rear")
		if e != nil {
			return e
		}
		f, err := ParseFacing(s)
		if err != nil {
			return l.failed("combat.facing", err)
		}
		if f != Front && c.Charger == NoSide {
			return l.invalid("combat.facing", "scenario.combat_file.facing_charger", f.String())
		}
		c.Facing = f
	}
	if e := l.mapping(v.Contact != nil, "combat.contact", "a mapping of fields"); e != nil {
		return e
	}
	if x := v.Contact; x != nil {
		for i, s := range []string{"a", "b"} {
			y := [2]scenario.Scalar{x.A, x.B}[i]
			if !y.Given {
				continue
			}
			w := au(c.Sides[i].Unit).Frontage()
			n, e := l.integer(y, "combat.contact."+s, 1, scenario.MaxModels)
			if e != nil {
				return e
			}
			if n > w {
				return l.invalid("combat.contact."+s, "scenario.combat_file.contact_width", n, w)
			}
			c.Contact[i] = n
		}
	}
	return nil
}

func (l *loader) side(c *Combat, i int, v *fileSide, p string) *scenario.Error {
	s := &c.Sides[i]
	var e *scenario.Error
	if s.Leadership, e = l.integer(v.Leadership, p+".leadership", 0, 12); e != nil {
		return e
	}
	if v.Bonus.Given {
		if s.Bonus, e = l.integer(v.Bonus, p+".bonus", -20, 20); e != nil {
			return e
		}
	}
	if v.RerollBreak.Given {
		if s.RerollBreak, e = l.boolean(v.RerollBreak, p+".reroll_break"); e != nil {
			return e
		}
	}
	for j, y := range v.Special {
		sp := fmt.Sprintf("%s.special[%d]", p, j)
		name, e := l.text(y, sp, specialWant)
		if e != nil {
			return e
		}
		cr := &rules.For(c.Ruleset).Combat
		switch name {
		case "stubborn":
			s.Stubborn = true
		case "unbreakable":
			s.Unbreakable = true
		case "close_order":
			if cr.CombatOrderStrength == 0 {
				names, n := onlyReadMsg(rules.RulesetsWhere(func(t *rules.Traits) bool { return t.Combat.CombatOrderStrength > 0 }))
				return l.invalid(sp, "scenario.combat_file.only_read_bonus", names, n, "close_order", c.Ruleset.String())
			}
			s.CloseOrder = true
		case "massed_infantry":
			if !cr.MassedInfantry {
				names, n := onlyReadMsg(rules.RulesetsWhere(func(t *rules.Traits) bool { return t.Combat.MassedInfantry }))
				return l.invalid(sp, "scenario.combat_file.only_read_bonus", names, n, "massed_infantry", c.Ruleset.String())
			}
			s.MassedInfantry = true
		default:
			return l.invalid(sp, "scenario.combat_file.special", strconv.Quote(name), scenario.Phrase(specialWant))
		}
	}
	h := Standard
	if height := v.Unit.Height; height.Given {
		hp := p + ".unit.height"
		if !rules.For(c.Ruleset).Combat.Height {
			names, n := onlyReadMsg(rules.RulesetsWhere(func(t *rules.Traits) bool { return t.Combat.Height }))
			return l.invalid(hp, "scenario.combat_file.only_read", names, n, "height")
		}
		t, e := l.text(height, hp, "standard, large or gigantic")
		if e != nil {
			return e
		}
		var err error
		if h, err = ParseHeight(t); err != nil {
			return l.failed(hp, err)
		}
	}
	for j, f := range v.Fights {
		fp := fmt.Sprintf("%s.fights[%d]", p, j)
		fi := &s.Fights[j]
		fi.Supporting = DefaultSupporting(c.Ruleset, h)
		if f.By.Given {
			t, e := l.text(f.By, fp+".by", "rank_and_file, champion or character:<name>")
			if e != nil {
				return e
			}
			b, err := ParseBy(t)
			if err != nil {
				return l.failed(fp+".by", err)
			}
			fi.By = b
		} else {
			fi.By = By{Role: unit.RankAndFile}
		}
		if !f.Attacks.Given {
			return l.invalid(fp, "scenario.combat_file.attacks_required")
		}
		if fi.Attacks, e = l.integer(f.Attacks, fp+".attacks", 0, 100); e != nil {
			return e
		}
		if !f.Initiative.Given {
			return l.invalid(fp, "scenario.combat_file.initiative_required", scenario.Phrase(rules.For(c.Ruleset).Combat.StrikeValue))
		}
		if fi.Initiative, e = l.integer(f.Initiative, fp+".initiative", 0, 10); e != nil {
			return e
		}
		if f.Supporting.Given {
			if fi.Supporting, e = l.integer(f.Supporting, fp+".supporting", 0, 5); e != nil {
				return e
			}
		}
		if f.ExtraRanks.Given {
			if fi.ExtraRanks, e = l.integer(f.ExtraRanks, fp+".extra_ranks", 0, 5); e != nil {
				return e
			}
		}
		if f.Strikes.Given {
			t, e := l.text(f.Strikes, fp+".strikes", "normal, first or last")
			if e != nil {
				return e
			}
			st, err := ParseStrikes(t)
			if err != nil {
				return l.failed(fp+".strikes", err)
			}
			fi.Strikes = st
		}
		if err := fi.check(au(s.Unit)); err != nil {
			return l.failed(fp+".by", err)
		}
	}
	if j, err := c.checkAttacks(i); err != nil {
		return l.failed(fmt.Sprintf("%s.fights[%d].attacks", p, j), err)
	}
	return nil
}
