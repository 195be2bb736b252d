package scenario

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/rearrank/rearrank/armylist"
	"github.com/rearrank/rearrank/internal/ordered"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
)

// Sentinels of the errors of the mapping from a list's unit, for
// errors.Is. Every such error is an *msg.Error.
var (
	// ErrNoUnit: the list has no unit of the name asked for, or several
	// that differ only in case.
	ErrNoUnit = errors.New("no such unit")
	// ErrListStat: the list file lacks, or writes unreadably, a
	// characteristic the mapping needs, and no Set value gives it.
	ErrListStat = errors.New("a characteristic the list does not give")
)

// ListOptions says how a list's unit becomes part of a scenario.
type ListOptions struct {
	// Ruleset is the scenario's ruleset; zero is the list's game's
	// (ListRuleset).
	Ruleset rules.Ruleset
	// Set gives scenario fields, by their name in the file ("ws",
	// "toughness", "armour", "count", "phase"), values as a file writes
	// them: what the list file lacks (an Old World Builder list carries no
	// stat line) or what the player overrides. ListTarget reads target
	// fields, ListAttacks attack fields; ListAttacks reads "frontage" too,
	// as the width of the front rank that fights.
	Set map[string]string
}

// ListRuleset returns the ruleset a list of game g is played with: The
// Old World's tow, WHFB's whfb8, The 9th Age's t9a; zero for NoGame.
func ListRuleset(g armylist.Game) rules.Ruleset {
	switch g {
	case armylist.TOW:
		return rules.TOW
	case armylist.WHFB:
		return rules.WHFB8
	case armylist.T9A:
		return rules.T9A
	}
	return rules.NoRuleset
}

// FindUnit returns the unit of l named name: the one with that exact
// name, else the one whose name differs only in case. Otherwise the error
// names the list and the units it has, the likeliest meant first.
func FindUnit(l *armylist.List, name string) (*armylist.Unit, error) {
	for i := range l.Units {
		if l.Units[i].Name == name {
			return &l.Units[i], nil
		}
	}
	var folded []int
	for i := range l.Units {
		if strings.EqualFold(l.Units[i].Name, name) {
			folded = append(folded, i)
		}
	}
	if len(folded) == 1 {
		return &l.Units[folded[0]], nil
	}
	names := make([]string, 0, len(l.Units))
	for _, u := range l.Units {
		if !slices.Contains(names, strconv.Quote(u.Name)) {
			names = append(names, strconv.Quote(u.Name))
		}
	}
	if len(folded) > 1 {
		return nil, msg.Errorf(ErrNoUnit, "scenario.list.error.ambiguous", l.Name, strconv.Quote(name), len(folded))
	}
	if len(names) == 0 {
		return nil, msg.Errorf(ErrNoUnit, "scenario.list.error.no_units", l.Name, strconv.Quote(name))
	}
	want := normalName(name)
	slices.SortStableFunc(names, func(a, b string) int {
		da := editDistance(want, normalName(unquote(a)))
		db := editDistance(want, normalName(unquote(b)))
		return da - db
	})
	return nil, msg.Errorf(ErrNoUnit, "scenario.list.error.no_unit", l.Name, strconv.Quote(name), strings.Join(names, ", "))
}

func unquote(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s
}

// ListTarget maps unit u of list l onto a scenario's target (docs/import.md):
// models, the rank and file's ws, toughness and wounds, troop type, armour
// and saves, the command group, the champion's own profile where the file
// gives one that differs. A character is a target of one model; a
// character joined to a unit is not guessed from the list. The notes say
// what the mapping did not use or assumed; a characteristic it needs that
// the file lacks and o.Set does not give is an error.
func ListTarget(l *armylist.List, u *armylist.Unit, o ListOptions) (Target, []msg.Message, error) {
	m, err := newMapper(l, u, o)
	if err != nil {
		return Target{}, nil, err
	}
	t := Target{Name: u.Name, Models: max(u.Models, 1)}
	if u.Character {
		t.Models = 1
	}
	ws := m.stat("ws", pick(m.t9a, "Def", "WS"))
	tough := m.stat("toughness", pick(m.t9a, "Res", "T"))
	wounds := m.stat("wounds", pick(m.t9a, "HP", "W"))
	if err := m.fail(); err != nil {
		return Target{}, nil, err
	}
	t.WS, t.Toughness, t.Wounds = ws, tough, wounds
	m.troopType(&t.Profile)
	m.armour(&t.Profile)
	m.saves(&t.Profile)
	if u.Command.Musician {
		t.Command = append(t.Command, CommandMusician)
	}
	if u.Command.Standard {
		t.Command = append(t.Command, CommandStandard)
	}
	if u.Command.Champion {
		t.Command = append(t.Command, CommandChampion)
	}
	if len(t.Command) > 0 && !m.reads(ObjTarget, "command") {
		m.note("scenario.list.note.not_read", say("scenario.list.command"), m.rs.String(), "command")
		t.Command = nil
	}
	m.champion(&t)
	for _, mt := range u.Mounts {
		m.note("scenario.list.note.mount", mt.Name)
	}
	for _, r := range u.Rules {
		if attackRule(r) {
			m.note("scenario.list.note.attack_rule", r.String())
		}
	}
	m.unusedChars()
	if err := m.setTarget(&t); err != nil {
		return Target{}, nil, err
	}
	if _, given := m.set["frontage"]; !given && m.reads(ObjTarget, "frontage") && t.Layout == "" && t.Models > 1 {
		m.note("scenario.list.note.frontage", defaultFrontage(&t))
	}
	f := &File{Ruleset: m.rs, Attacks: []Attack{{Count: "1", Strength: 1}}, Target: t}
	f = f.detached()
	f.Defaults()
	if err := f.Validate(); err != nil {
		return Target{}, nil, err
	}
	return t, m.notes, nil
}

// ListAttacks maps unit u of list l onto attack groups (docs/import.md):
// melee unless the weapon the unit uses has a range or o.Set's phase says
// shooting. A melee count is A × the models of the front rank, at the
// ruleset's default frontage (or Set's frontage), and the supporting
// attacks of the second rank; a shooting count is one shot a model. A
// champion whose profile the file gives and that differs attacks as a
// group of his own. The notes say what the counts assume and what was
// not used.
func ListAttacks(l *armylist.List, u *armylist.Unit, o ListOptions) ([]Attack, []msg.Message, error) {
	m, err := newMapper(l, u, o)
	if err != nil {
		return nil, nil, err
	}
	phase := rules.Melee
	if p, ok := m.set["phase"]; ok {
		ph, err := rules.ParsePhase(p)
		if err != nil {
			return nil, nil, msg.Errorf(ErrInvalid, "scenario.list.error.set", "phase", errArg(err))
		}
		phase = ph
	}
	w, others := m.weapon(phase)
	if _, given := m.set["phase"]; !given && w != nil && ranged(w) {
		phase = rules.Shooting
	}
	a := Attack{Name: u.Name, Phase: phase}
	if phase == rules.Shooting {
		a.BS = m.stat("bs", "BS")
		if a.BS != 0 && rules.For(m.rs).BSTarget {
			// The ruleset writes BS as the score needed: the
			// characteristic n needs 7 - n (RULES.md 5).
			need := max(7-a.BS, 1)
			m.note("scenario.list.note.bs_need", a.BS, need, m.rs.String())
			a.BS = need
		}
	} else {
		a.WS = m.stat("ws", pick(m.t9a, "Off", "WS"))
	}
	base := m.stat("strength", pick(m.t9a, "Str", "S"))
	count := m.countStat()
	if err := m.fail(); err != nil {
		return nil, nil, err
	}
	if w != nil {
		s, err := m.weaponStrength(base, w)
		if err != nil {
			return nil, nil, err
		}
		a.Strength = s
		if len(others) > 0 {
			m.note("scenario.list.note.weapon_others", w.Name, strings.Join(others, ", "))
		} else {
			m.note("scenario.list.note.weapon", w.Name)
		}
	} else {
		a.Strength = base
	}
	if err := m.attackRules(&a, w); err != nil {
		return nil, nil, err
	}
	attacks, err := m.counts(a, count)
	if err != nil {
		return nil, nil, err
	}
	for _, r := range u.Rules {
		if !attackRule(r) && ruleField(r) != "" {
			m.note("scenario.list.note.target_rule", r.String())
		}
	}
	for _, mt := range u.Mounts {
		m.note("scenario.list.note.mount_attacks", mt.Name)
	}
	m.unusedChars()
	if err := m.setAttacks(attacks); err != nil {
		return nil, nil, err
	}
	f := &File{Ruleset: m.rs, Attacks: attacks, Target: Target{Models: 1, Profile: Profile{WS: 3, Toughness: 3}}}
	f = f.detached()
	f.Defaults()
	if err := f.Validate(); err != nil {
		return nil, nil, err
	}
	return attacks, m.notes, nil
}

// mapper maps one unit, gathering its notes and what it lacks.
type mapper struct {
	l       *armylist.List
	u       *armylist.Unit
	rs      rules.Ruleset
	t9a     bool // the list's characteristics are The 9th Age's
	set     map[string]string
	notes   []msg.Message
	missing []string        // scenario fields the file does not give
	bad     []msg.Message   // characteristics the file writes unreadably
	unread  []string        // their scenario fields
	used    map[string]bool // characteristics read, lower case
	seen    map[string]bool // notes given, by their English text
}

func newMapper(l *armylist.List, u *armylist.Unit, o ListOptions) (*mapper, error) {
	rs := o.Ruleset
	if rs == rules.NoRuleset {
		rs = ListRuleset(l.Game)
	}
	if !rs.Valid() {
		return nil, msg.Errorf(ErrInvalid, "scenario.list.error.no_ruleset", l.Name)
	}
	m := &mapper{l: l, u: u, rs: rs, t9a: l.Game == armylist.T9A, set: map[string]string{},
		used: map[string]bool{}, seen: map[string]bool{}}
	for k, v := range o.Set {
		m.set[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	for _, n := range u.NotUsed {
		// What the stat line lacks is the mapping's to say: an error for
		// what it needs, nothing for what it does not read (M, Ld).
		if n.ID == "armylist.missing" || n.ID == "armylist.missing_some" {
			continue
		}
		m.add(n)
	}
	return m, nil
}

func (m *mapper) add(n msg.Message) {
	k := n.String()
	if m.seen[k] {
		return
	}
	m.seen[k] = true
	m.notes = append(m.notes, n)
}

func (m *mapper) note(id msg.ID, args ...any) { m.add(msg.New(id, args...)) }

// reads reports whether the ruleset reads field name of obj.
func (m *mapper) reads(obj Object, name string) bool {
	s := lookup(obj, name)
	return s == nil || s.ReadBy(m.rs)
}

// char returns the rank and file's characteristic name, when the file
// gives it a value.
func (m *mapper) char(name string) (string, bool) {
	if len(m.u.Profiles) == 0 {
		return "", false
	}
	v, ok := m.u.Profiles[0].Get(name)
	v = strings.TrimSpace(v)
	if !ok || v == "" || v == "-" {
		return "", false
	}
	m.used[strings.ToLower(name)] = true
	return v, true
}

// stat reads the whole number of characteristic name for scenario field
// field. A field given by Set is left to Set (and noted); one the file
// lacks is remembered as missing.
func (m *mapper) stat(field, name string) int {
	if _, ok := m.set[field]; ok {
		m.used[strings.ToLower(name)] = true
		return 0
	}
	v, ok := m.char(name)
	if !ok {
		m.missing = append(m.missing, field)
		return 0
	}
	n, err := strconv.Atoi(strings.TrimSuffix(v, "+"))
	if err != nil {
		m.bad = append(m.bad, msg.New("scenario.list.error.value", name, strconv.Quote(v), field))
		m.unread = append(m.unread, field)
		return 0
	}
	return n
}

// fail returns the error for what the file lacks, or nil.
func (m *mapper) fail() error {
	if len(m.missing) > 0 {
		example := m.missing[0] + "=" + exampleValue(m.missing[0])
		return msg.Errorf(ErrListStat, "scenario.list.error.missing", m.u.Name, m.l.Name,
			strings.Join(m.missing, ", "), len(m.missing), example)
	}
	if len(m.bad) > 0 {
		return msg.Errorf(ErrListStat, "scenario.list.error.unreadable", m.u.Name, m.l.Name, m.bad[0])
	}
	return nil
}

func exampleValue(field string) string {
	switch field {
	case "count":
		return "10"
	case "bs":
		return "3"
	}
	return "4"
}

// troopType reads the unit's troop type ("Regular infantry", "Heavy
// cavalry", The 9th Age's category) into p.
func (m *mapper) troopType(p *Profile) {
	text := strings.TrimSpace(m.u.TroopType)
	if m.given("troop_type") {
		return
	}
	if text == "" {
		m.note("scenario.list.note.troop_type_none")
		return
	}
	tt, ok := parseListTroopType(text)
	switch {
	case !ok:
		m.note("scenario.list.note.troop_type", text)
		return
	case tt.TowOnly() && m.rs != rules.TOW:
		m.note("scenario.list.note.troop_type_as", text, tt.Category().String(), m.rs.String())
		tt = tt.Category()
	case tt == rules.MonstrousBeast && m.rs == rules.TOW:
		m.note("scenario.list.note.troop_type_as", text, rules.WarBeast.String(), m.rs.String())
		tt = rules.WarBeast
	}
	p.TroopType = tt
}

// parseListTroopType reads a list's troop type: "Regular infantry" is
// infantry, "War Beasts" war_beast, "Heavy Cavalry" heavy_cavalry.
func parseListTroopType(s string) (rules.TroopType, bool) {
	n := strings.ToLower(strings.TrimSpace(s))
	n = strings.TrimPrefix(n, "regular ")
	n = strings.ReplaceAll(strings.ReplaceAll(n, "-", " "), " ", "_")
	switch n {
	case "beast", "beasts":
		return rules.WarBeast, true
	case "monstrous_creatures":
		n = "monstrous_creature"
	}
	for _, try := range []string{n, strings.TrimSuffix(n, "s"), strings.TrimSuffix(n, "es")} {
		if tt, err := rules.ParseTroopType(try); err == nil {
			return tt, true
		}
	}
	return 0, false
}

// armour reads the suit, shield and barding (or The 9th Age's Armour), and
// WHFB's ArmourSave where the file gives it.
func (m *mapper) armour(p *Profile) {
	a := m.u.Armour
	if m.t9a {
		if v, ok := m.char("Arm"); ok {
			n, err := strconv.Atoi(v)
			switch {
			case err != nil:
				m.note("scenario.list.note.unread_value", "Arm", strconv.Quote(v))
			case m.reads(ObjProfile, "armour_value"):
				p.ArmourValue = n
			case n != 0:
				m.note("scenario.list.note.not_read", "Arm "+v, m.rs.String(), "armour_value")
			}
		}
	}
	if a.Suit != "" {
		suit, err := rules.ParseArmour(a.Suit)
		if err == nil {
			if m.reads(ObjProfile, "armour") {
				p.Armour = suit
			} else {
				m.note("scenario.list.note.not_read", say("scenario.list.armour."+msg.ID(a.Suit)), m.rs.String(), "armour")
			}
		}
	}
	if a.Shield {
		if m.reads(ObjProfile, "shield") {
			p.Shield = true
		} else {
			m.note("scenario.list.note.not_read", say("scenario.list.shield"), m.rs.String(), "shield")
		}
	}
	if a.Barding {
		if m.reads(ObjProfile, "barding") {
			p.Barding = true
		} else {
			m.note("scenario.list.note.not_read", say("scenario.list.barding"), m.rs.String(), "barding")
		}
	}
	if m.u.ArmourSave == "" || m.given("armour_save") || m.given("save_bonus") {
		return
	}
	m.used["armoursave"] = true
	want, err := rules.ParseTarget(m.u.ArmourSave)
	if err != nil || want.IsNone() {
		m.note("scenario.list.note.unread_value", "ArmourSave", strconv.Quote(m.u.ArmourSave))
		return
	}
	switch {
	case m.reads(ObjProfile, "armour_save"):
		p.ArmourSave = want
		m.note("scenario.list.note.armour_save", want.String(), "armour_save")
	case m.reads(ObjProfile, "save_bonus"):
		sp := rules.SaveProfile{Armour: p.Armour, Shield: p.Shield, Barding: p.Barding}
		got := rules.ArmourSave(m.rs, sp, p.TroopType, rules.Penetration{}, rules.Options{})
		have := rules.Impossible
		if !got.IsNone() {
			have = got.Value()
		}
		if bonus := have - want.Value(); bonus != 0 {
			p.SaveBonus = bonus
			m.note("scenario.list.note.save_bonus", want.String(), bonus)
		}
	default:
		m.note("scenario.list.note.not_read", "ArmourSave "+want.String(), m.rs.String(), "armour_save")
	}
}

// saves reads the ward, Aegis and Regeneration from WHFB's WardSave and
// the unit's rules.
func (m *mapper) saves(p *Profile) {
	if m.u.WardSave != "" && !m.given("ward") {
		m.used["wardsave"] = true
		m.save(p, "WardSave "+m.u.WardSave, "ward", m.u.WardSave)
	}
	for _, r := range m.u.Rules {
		if f := ruleField(r); f != "" && !attackRule(r) && !m.given(f) {
			m.save(p, r.String(), f, r.Param)
		}
	}
}

// save sets one special save: field is ward, aegis or regeneration; a
// ward where the ruleset has Aegis, or Aegis where it has a ward, is the
// other.
func (m *mapper) save(p *Profile, what, field, value string) {
	t, err := rules.ParseTarget(value)
	if err != nil || t.IsNone() {
		m.note("scenario.list.note.unread_value", what, strconv.Quote(value))
		return
	}
	switch {
	case field == "ward" && !m.reads(ObjProfile, "ward") && m.reads(ObjProfile, "aegis"):
		field = "aegis"
	case field == "aegis" && !m.reads(ObjProfile, "aegis") && m.reads(ObjProfile, "ward"):
		field = "ward"
	}
	if !m.reads(ObjProfile, field) {
		m.note("scenario.list.note.not_read", what, m.rs.String(), field)
		return
	}
	better := func(have rules.Target) rules.Target {
		if have.IsNone() || t.Value() < have.Value() {
			return t
		}
		return have
	}
	switch field {
	case "ward":
		p.Ward = better(p.Ward)
	case "aegis":
		p.Aegis = better(p.Aegis)
	case "regeneration":
		p.Regeneration = better(p.Regeneration)
	}
}

// given reports whether Set gives field, which the mapping then leaves
// alone.
func (m *mapper) given(field string) bool {
	_, ok := m.set[field]
	return ok
}

// champion gives the target's champion the parts of his profile that
// differ from the rank and file's, when the file gives his profile.
func (m *mapper) champion(t *Target) {
	c := m.u.Champion
	if c == nil || !m.u.Command.Champion {
		return
	}
	var ch Champion
	for _, f := range []struct {
		field, name string
		unit        int
		into        **int
	}{
		{"ws", pick(m.t9a, "Def", "WS"), t.WS, &ch.WS},
		{"toughness", pick(m.t9a, "Res", "T"), t.Toughness, &ch.Toughness},
		{"wounds", pick(m.t9a, "HP", "W"), t.Wounds, &ch.Wounds},
	} {
		v, ok := c.Get(f.name)
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if !ok || err != nil || m.given(f.field) || n == f.unit {
			continue
		}
		*f.into = &n
	}
	if ch != (Champion{}) && m.reads(ObjTarget, "champion") {
		t.Champion = &ch
		m.note("scenario.list.note.champion", c.Name)
	}
}

// unusedChars notes the rank and file's characteristics the mapping did
// not read.
func (m *mapper) unusedChars() {
	if len(m.u.Profiles) == 0 {
		return
	}
	var left []string
	for _, c := range m.u.Profiles[0].Chars {
		v := strings.TrimSpace(c.Value)
		if v == "" || v == "-" || m.used[strings.ToLower(c.Name)] {
			continue
		}
		left = append(left, c.Name+" "+v)
	}
	if len(left) > 0 {
		m.note("scenario.list.note.chars", strings.Join(left, ", "))
	}
}

// ranged reports whether a weapon shoots: it has a range other than
// close combat's.
func ranged(w *armylist.Weapon) bool {
	r := strings.ToLower(strings.TrimSpace(w.Range))
	switch r {
	case "", "-", "combat", "close combat", "melee", "0", "0\"":
		return false
	}
	return true
}

// weapon picks the weapon the attacks use: the first of the phase's kind
// (the list has the weapons the player chose), and the names of the
// others, which are not used.
func (m *mapper) weapon(phase rules.Phase) (*armylist.Weapon, []string) {
	ws := m.u.Weapons
	var w *armylist.Weapon
	if _, given := m.set["phase"]; given {
		for i := range ws {
			if ranged(&ws[i]) == (phase == rules.Shooting) {
				w = &ws[i]
				break
			}
		}
	} else if len(ws) > 0 {
		w = &ws[0]
		for i := range ws {
			if !ranged(&ws[i]) {
				w = &ws[i]
				break
			}
		}
	}
	var others []string
	for i := range ws {
		if &ws[i] != w {
			others = append(others, ws[i].Name)
		}
	}
	return w, others
}

// weaponStrength applies the weapon's strength to the model's: "S+2" and
// "+2" add, "S", "As user" and none keep it, a number replaces it.
func (m *mapper) weaponStrength(base int, w *armylist.Weapon) (int, error) {
	if m.given("strength") {
		return 0, nil
	}
	s := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(w.S), " ", ""))
	s = strings.TrimPrefix(strings.TrimPrefix(s, "str"), "s")
	switch s {
	case "", "-", "asuser", "user":
		return base, nil
	}
	if n, err := strconv.Atoi(s); err == nil {
		if strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-") {
			return base + n, nil
		}
		return n, nil
	}
	return 0, msg.Errorf(ErrListStat, "scenario.list.error.unreadable", m.u.Name, m.l.Name,
		msg.New("scenario.list.error.value", w.Name, strconv.Quote(w.S), "strength"))
}

// countStat reads the attacks characteristic, A or Att, as written: a
// number or dice.
func (m *mapper) countStat() string {
	if m.given("count") {
		return ""
	}
	name := pick(m.t9a, "Att", "A")
	v, ok := m.char(name)
	if !ok {
		m.missing = append(m.missing, "count")
		return ""
	}
	if _, err := ParseExpr(v); err != nil {
		m.bad = append(m.bad, msg.New("scenario.list.error.value", name, strconv.Quote(v), "count"))
	}
	return v
}

// attackRule reports whether r is a rule of the attacks.
func attackRule(r armylist.Rule) bool {
	switch strings.ToLower(r.Name) {
	case "killing blow", "poisoned attacks", "flaming attacks", "hatred", "lethal strike",
		"divine attacks", "multiple wounds", "armour bane", "armour piercing", "armour penetration":
		return true
	}
	return false
}

// ruleField is the scenario field rule r sets, "" for none.
func ruleField(r armylist.Rule) string {
	switch strings.ToLower(r.Name) {
	case "killing blow":
		return "killing_blow"
	case "poisoned attacks":
		return "poison"
	case "flaming attacks":
		return "flaming"
	case "hatred":
		return "hatred"
	case "lethal strike":
		return "lethal_strike"
	case "divine attacks":
		return "divine_attacks"
	case "multiple wounds":
		return "multiple_wounds"
	case "armour bane":
		return "armour_bane"
	case "armour piercing", "armour penetration":
		return "ap"
	case "ward save":
		return "ward"
	case "aegis":
		return "aegis"
	case "regeneration", "fortitude":
		return "regeneration"
	}
	return ""
}

// attackRules sets the attack fields of the unit's rules and the weapon's,
// and the weapon's AP.
func (m *mapper) attackRules(a *Attack, w *armylist.Weapon) error {
	pierce := 0 // how much the armour save is worsened, as a positive number
	if m.t9a {
		if v, ok := m.char("AP"); ok {
			if n, err := strconv.Atoi(v); err == nil {
				pierce = n
			}
		}
	}
	rs := slices.Clone(m.u.Rules)
	if w != nil {
		rs = append(rs, w.Rules...)
		if ap := strings.TrimSpace(w.AP); ap != "" && ap != "-" {
			n, err := strconv.Atoi(strings.TrimPrefix(ap, "+"))
			switch {
			case err != nil:
				m.note("scenario.list.note.unread_value", "AP "+w.Name, strconv.Quote(ap))
			case m.t9a:
				pierce += n
			case n < 0:
				pierce += -n
			default:
				pierce += n
			}
		}
	}
	for _, r := range rs {
		if !attackRule(r) {
			continue
		}
		field := ruleField(r)
		if field == "ap" {
			n, err := strconv.Atoi(strings.TrimPrefix(r.Param, "-"))
			if err != nil {
				m.note("scenario.list.note.unread_value", r.String(), strconv.Quote(r.Param))
				continue
			}
			pierce += n
			continue
		}
		if m.given(field) {
			continue
		}
		if !m.reads(ObjAttack, field) {
			m.note("scenario.list.note.not_read", r.String(), m.rs.String(), field)
			continue
		}
		switch field {
		case "killing_blow":
			a.KillingBlow = rules.NaturalSix
		case "poison":
			a.Poison = rules.NaturalSix
		case "flaming":
			a.Flaming = true
		case "lethal_strike":
			a.LethalStrike = rules.NaturalSix
		case "divine_attacks":
			a.DivineAttacks = true
		case "hatred":
			if a.Phase != rules.Melee {
				m.note("scenario.list.note.hatred_melee", r.String())
				continue
			}
			a.Hatred = true
			m.note("scenario.list.note.hatred", r.String())
		case "armour_bane":
			n, err := strconv.Atoi(r.Param)
			if err != nil {
				m.note("scenario.list.note.unread_value", r.String(), strconv.Quote(r.Param))
				continue
			}
			a.ArmourBane = max(a.ArmourBane, n)
		case "multiple_wounds":
			head, against, _ := strings.Cut(r.Param, ",")
			e, err := ParseExpr(head)
			if err != nil {
				m.note("scenario.list.note.unread_value", r.String(), strconv.Quote(r.Param))
				continue
			}
			a.MultipleWounds = e
			if against = strings.TrimSpace(against); against != "" {
				tt, ok := parseListTroopType(against)
				if !ok || !m.reads(ObjAttack, "mw_against") {
					m.note("scenario.list.note.unread_value", r.String(), strconv.Quote(r.Param))
					a.MultipleWounds = ""
					continue
				}
				a.MWAgainst = &tt
			}
		}
	}
	if pierce == 0 || m.given("ap") || m.given("armour_piercing") {
		return nil
	}
	switch {
	case m.reads(ObjAttack, "ap") && m.rs == rules.TOW:
		a.AP = -pierce // as on the card; Defaults reads it (RULES.md 22.12)
	case m.reads(ObjAttack, "ap"):
		a.AP = pierce
	case m.reads(ObjAttack, "armour_piercing"):
		a.ArmourPiercing = pierce
	}
	return nil
}

// counts works out the attack counts: shooting one shot a model; melee A
// from each model of the front rank and the second rank's supporting
// attacks, a champion whose own profile differs in a group of his own.
func (m *mapper) counts(a Attack, count string) ([]Attack, error) {
	models := max(m.u.Models, 1)
	if m.u.Character {
		models = 1
	}
	if m.given("count") {
		return []Attack{a}, nil
	}
	if a.Phase != rules.Melee {
		c, err := times(models, count)
		if err != nil {
			return nil, m.countError(count)
		}
		a.Count = c
		m.note("scenario.list.note.count_shooting", string(c), models, count)
		return []Attack{a}, nil
	}
	front := min(models, 5)
	if _, ok := m.set["frontage"]; !ok && models > 1 && !m.given("count") {
		m.note("scenario.list.note.frontage", front)
	}
	if v, ok := m.set["frontage"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxModels {
			return nil, msg.Errorf(ErrInvalid, "scenario.list.error.set", "frontage", say("scenario.range", 1, MaxModels, v))
		}
		front = min(models, n)
	}
	second := min(models-front, front)
	support := rules.For(m.rs).Combat.Supporting[0]
	if models == 1 {
		second = 0
	}
	var champ *Attack
	if c := m.u.Champion; c != nil && m.u.Command.Champion && front > 1 && len(m.u.Profiles) > 0 {
		ca := a
		ca.Name = c.Name
		ac, _ := c.Get(pick(m.t9a, "Att", "A"))
		differs := false
		for _, stat := range []string{pick(m.t9a, "Att", "A"), pick(m.t9a, "Str", "S"), pick(m.t9a, "Off", "WS"), "BS"} {
			cv, cok := c.Get(stat)
			rv, _ := m.u.Profiles[0].Get(stat)
			if cok && strings.TrimSpace(cv) != strings.TrimSpace(rv) {
				differs = true
			}
		}
		if _, err := ParseExpr(ac); differs && err == nil {
			if n, err := m.champStat(c, pick(m.t9a, "Str", "S")); err == nil && !m.given("strength") && n != 0 {
				ca.Strength = a.Strength - m.baseS() + n
			}
			if n, err := m.champStat(c, pick(m.t9a, "Off", "WS")); err == nil && !m.given("ws") && n != 0 {
				ca.WS = n
			}
			e, _ := ParseExpr(ac)
			ca.Count = e
			ca.Target = Aim{}
			champ = &ca
			front--
		}
	}
	c, err := times(front, count)
	if err != nil {
		return nil, m.countError(count)
	}
	total := c
	if n, ok := wholeExpr(c); ok {
		total = Expr(strconv.Itoa(n + support*second))
	} else if support*second > 0 {
		total = Expr(string(c) + "+" + strconv.Itoa(support*second))
		if _, err := ParseExpr(string(total)); err != nil {
			return nil, m.countError(count)
		}
	}
	a.Count = total
	out := []Attack{a}
	if champ != nil {
		out = append(out, *champ)
		m.note("scenario.list.note.count_champion", champ.Name, string(champ.Count))
	}
	m.note("scenario.list.note.count_melee", string(total), count, front, support*second, second)
	return out, nil
}

func (m *mapper) baseS() int {
	v, _ := m.u.Profiles[0].Get(pick(m.t9a, "Str", "S"))
	n, _ := strconv.Atoi(strings.TrimSpace(v))
	return n
}

func (m *mapper) champStat(c *armylist.Profile, name string) (int, error) {
	v, _ := c.Get(name)
	return strconv.Atoi(strings.TrimSpace(v))
}

func (m *mapper) countError(count string) error {
	return msg.Errorf(ErrListStat, "scenario.list.error.unreadable", m.u.Name, m.l.Name,
		msg.New("scenario.list.error.value", pick(m.t9a, "Att", "A"), strconv.Quote(count), "count"))
}

// times returns n models' worth of attacks of count each: 5 × "2" is
// "10", 5 × "D3" is "5D3".
func times(n int, count string) (Expr, error) {
	e, err := ParseExpr(count)
	if err != nil {
		return "", err
	}
	if k, ok := wholeExpr(e); ok {
		return Expr(strconv.Itoa(n * k)), nil
	}
	switch e {
	case "D3", "D6":
		if n == 1 {
			return e, nil
		}
		return ParseExpr(strconv.Itoa(n) + string(e))
	}
	return "", errors.New("count")
}

func wholeExpr(e Expr) (int, bool) {
	n, err := strconv.Atoi(string(e))
	return n, err == nil
}

// setTarget makes Set's assignments on t, each checked as the scenario
// checks its field.
func (m *mapper) setTarget(t *Target) error {
	f := &File{Ruleset: m.rs, Target: *t}
	for _, k := range sortedKeys(m.set) {
		if err := f.assign(Assignment{Path: "target." + k, Value: m.set[k]}); err != nil {
			return err
		}
		m.note("scenario.list.note.set", k, m.set[k])
	}
	*t = f.Target
	return nil
}

// setAttacks makes Set's assignments on every attack group; frontage is
// the count's, not an attack's field.
func (m *mapper) setAttacks(as []Attack) error {
	f := &File{Ruleset: m.rs, Attacks: as}
	for _, k := range sortedKeys(m.set) {
		if k == "frontage" {
			m.note("scenario.list.note.set", k, m.set[k])
			continue
		}
		for i := range as {
			if err := f.assign(Assignment{Path: "attacks[" + strconv.Itoa(i) + "]." + k, Value: m.set[k]}); err != nil {
				return err
			}
		}
		m.note("scenario.list.note.set", k, m.set[k])
	}
	return nil
}

// ListMissing returns the scenario fields ListTarget and ListAttacks
// (melee) would need given by o.Set for unit u: the characteristics they
// read that the file does not give, or writes so that they cannot be read
// ("4*"), as scenario field names.
func ListMissing(l *armylist.List, u *armylist.Unit, o ListOptions) (target, attacks []string) {
	m, err := newMapper(l, u, o)
	if err != nil {
		return nil, nil
	}
	m.stat("ws", pick(m.t9a, "Def", "WS"))
	m.stat("toughness", pick(m.t9a, "Res", "T"))
	m.stat("wounds", pick(m.t9a, "HP", "W"))
	target = append(m.missing, m.unread...)
	m.missing, m.unread = nil, nil
	m.stat("ws", pick(m.t9a, "Off", "WS"))
	m.stat("strength", pick(m.t9a, "Str", "S"))
	m.countStat()
	return target, append(m.missing, m.unread...)
}

// MarshalListTarget writes t as the target: block of a scenario file, in
// YAML, or in JSON with asJSON, for a player to paste.
func MarshalListTarget(t Target, asJSON bool) ([]byte, error) {
	return marshalFragment("target", encodeValue(reflect.ValueOf(t)), asJSON)
}

// MarshalListAttacks writes as as the attacks: block of a scenario file,
// as MarshalListTarget does.
func MarshalListAttacks(as []Attack, asJSON bool) ([]byte, error) {
	return marshalFragment("attacks", encodeValue(reflect.ValueOf(as)), asJSON)
}

func marshalFragment(key string, v any, asJSON bool) ([]byte, error) {
	o := ordered.Object{}
	o.Add(key, v)
	if asJSON {
		b, err := json.MarshalIndent(o, "", "  ")
		return append(b, '\n'), err
	}
	return yaml.MarshalWithOptions(toYAML(o), yaml.IndentSequence(true))
}
