package combat

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/unit"
)

// A combat file (RULES.md 21.10) has ruleset, options, combat and sides.
// Each side's unit has exactly the target fields of docs/scenario.md (plus
// height, t9a, and battle_standard on characters), and each fight the
// attack-group fields except count, phase, bs and attacker. Load checks the
// file's own fields here and hands each unit and each side's fights to the
// scenario package as a scenario (the side's fights as attack groups
// against the enemy unit), so that units and attack profiles are checked by
// the same code as a scenario's, and maps its errors back to the combat
// file's fields and places.
//
// Errors are *scenario.Error values wrapping the scenario sentinels
// (scenario.ErrSyntax, ErrUnknownField, ErrInvalid, ErrUnsupported,
// ErrTooLarge), with the file, line, column and dotted field path.

// Read reads a combat file from r (at most scenario.MaxSize bytes) and
// loads it. The name labels errors; "-" is shown as "<stdin>".
func Read(name string, r io.Reader) (*Combat, error) {
	data, err := io.ReadAll(io.LimitReader(r, scenario.MaxSize+1))
	if err != nil {
		return nil, &scenario.Error{File: displayName(name), Msg: fmt.Sprintf("read: %v", err), Err: fmt.Errorf("%w: %w", scenario.ErrInvalid, err)}
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
func Load(name string, data []byte) (*Combat, error) {
	name = displayName(name)
	// scenario.Load's first pass bounds the input and refuses the YAML
	// features that make parsing expensive; past it, a combat file's
	// problems are its fields, which are checked below.
	if _, err := scenario.Load(name, data); err != nil {
		if errors.Is(err, scenario.ErrSyntax) || errors.Is(err, scenario.ErrUnsupported) || errors.Is(err, scenario.ErrTooLarge) {
			return nil, err
		}
	} else {
		return nil, &scenario.Error{File: name, Line: 1, Column: 1, Msg: "this is a scenario file (attacks and target): use rearrank odds or resolve", Err: scenario.ErrInvalid}
	}
	f, err := parser.ParseBytes(trimBOM(data), 0, parser.AllowDuplicateMapKey())
	if err != nil || len(f.Docs) == 0 || f.Docs[0].Body == nil {
		return nil, &scenario.Error{File: name, Msg: "empty or unreadable file: want a combat with ruleset, combat and sides", Err: scenario.ErrInvalid}
	}
	l := &loader{name: name, pos: map[string]pos{}, key: map[string]pos{}}
	root := l.tree(f.Docs[0].Body, "")
	if e := l.duplicate(root, ""); e != nil {
		return nil, e
	}
	c, e := l.combat(root)
	if e != nil {
		return nil, e
	}
	return c, nil
}

// IsFile reports whether data is a combat file rather than a scenario
// file: a mapping whose top level has a combat key (RULES.md 21.10). It
// reads no further; Load checks the rest. A file that does not parse is
// not a combat file. It parses data whole, without the bounds Load puts on
// hostile input first: for files the caller trusts, such as examples/.
func IsFile(data []byte) bool {
	f, err := parser.ParseBytes(trimBOM(data), 0, parser.AllowDuplicateMapKey())
	if err != nil || len(f.Docs) == 0 || f.Docs[0].Body == nil {
		return false
	}
	l := &loader{pos: map[string]pos{}, key: map[string]pos{}}
	root := l.tree(f.Docs[0].Body, "")
	return root.isMap() && root.m["combat"] != nil
}

func trimBOM(b []byte) []byte {
	return []byte(strings.TrimPrefix(string(b), "\ufeff"))
}

type pos struct{ line, col int }

// val is a node of the file with its place: a mapping (keys in order), a
// list or a scalar (int64, float64, string, bool or nil).
type val struct {
	at   pos
	keys []string
	m    map[string]*val
	list []*val
	seq  bool
	x    any
}

func (v *val) isMap() bool { return v.m != nil }

// absent reports whether a field was left out or written with no value.
func absent(v *val) bool { return v == nil || (!v.isMap() && !v.seq && v.x == nil) }

type loader struct {
	name string
	pos  map[string]pos // where each field path's value stood
	key  map[string]pos // where each field's name stood
}

func nodePos(n ast.Node) pos {
	if n == nil {
		return pos{}
	}
	if m, ok := n.(*ast.MappingNode); ok && !m.IsFlowStyle && len(m.Values) > 0 {
		return nodePos(m.Values[0].Key)
	}
	if m, ok := n.(*ast.MappingValueNode); ok {
		return nodePos(m.Key)
	}
	tk := n.GetToken()
	if tk == nil || tk.Position == nil {
		return pos{}
	}
	return pos{tk.Position.Line, tk.Position.Column}
}

// tree turns the syntax tree into vals, recording every path's place.
func (l *loader) tree(n ast.Node, path string) *val {
	v := &val{at: nodePos(n)}
	if path != "" {
		l.pos[path] = v.at
	}
	switch n := n.(type) {
	case *ast.MappingNode:
		v.m = map[string]*val{}
		for _, kv := range n.Values {
			l.entry(v, kv, path)
		}
	case *ast.MappingValueNode:
		v.m = map[string]*val{}
		l.entry(v, n, path)
	case *ast.SequenceNode:
		v.seq = true
		for i, item := range n.Values {
			v.list = append(v.list, l.tree(item, fmt.Sprintf("%s[%d]", path, i)))
		}
	case *ast.IntegerNode:
		switch x := n.Value.(type) {
		case int64:
			v.x = x
		case uint64:
			v.x = float64(x) // out of every range
			if x < 1<<40 {
				v.x = int64(x)
			}
		}
	case *ast.FloatNode:
		v.x = n.Value
	case *ast.StringNode:
		v.x = n.Value
	case *ast.LiteralNode:
		if n.Value != nil {
			v.x = n.Value.Value
		}
	case *ast.BoolNode:
		v.x = n.Value
	case *ast.NullNode:
	default:
		v.x = n.String()
	}
	return v
}

func (l *loader) entry(v *val, kv *ast.MappingValueNode, path string) {
	key := ""
	switch k := kv.Key.(type) {
	case *ast.StringNode:
		key = k.Value
	default:
		key = kv.Key.String()
	}
	p := join(path, key)
	_, dup := v.m[key]
	if !dup {
		l.key[p] = nodePos(kv.Key) // a key given twice is where it was first
	}
	child := l.tree(kv.Value, p)
	if dup {
		child.x = dupMarker{nodePos(kv.Key)}
	}
	v.keys = append(v.keys, key)
	v.m[key] = child
}

// dupMarker marks a key given twice; the checks report it.
type dupMarker struct{ at pos }

// duplicate reports the first key given twice in one mapping of v, at the
// second, with where the first stood.
func (l *loader) duplicate(v *val, path string) *scenario.Error {
	for _, k := range v.keys {
		p := join(path, k)
		if d, ok := v.m[k].x.(dupMarker); ok {
			first := l.key[p]
			l.pos[p] = d.at
			return l.invalid(p, "given twice (first at %d:%d)", first.line, first.col)
		}
		if e := l.duplicate(v.m[k], p); e != nil {
			return e
		}
	}
	for i, x := range v.list {
		if e := l.duplicate(x, fmt.Sprintf("%s[%d]", path, i)); e != nil {
			return e
		}
	}
	return nil
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func (l *loader) fail(path string, kind error, format string, args ...any) *scenario.Error {
	e := &scenario.Error{File: l.name, Field: path, Msg: fmt.Sprintf(format, args...), Err: kind}
	if at, ok := l.key[path]; ok && kind == scenario.ErrUnknownField {
		e.Line, e.Column = at.line, at.col
		return e
	}
	for p := path; ; {
		if at, ok := l.pos[p]; ok {
			e.Line, e.Column = at.line, at.col
			break
		}
		i := strings.LastIndexAny(p, ".[")
		if i < 0 {
			break
		}
		p = p[:i]
	}
	return e
}

func (l *loader) invalid(path, format string, args ...any) *scenario.Error {
	return l.fail(path, scenario.ErrInvalid, format, args...)
}

// fields checks that a mapping has only the known fields (Load has
// refused keys given twice).
func (l *loader) fields(v *val, path string, known ...string) *scenario.Error {
	if !v.isMap() {
		return l.invalid(path, "want a mapping of fields")
	}
	for _, k := range v.keys {
		p := join(path, k)
		found := false
		for _, n := range known {
			found = found || n == k
		}
		if !found {
			return l.fail(p, scenario.ErrUnknownField, "unknown field %q%s", k, suggest(k, known))
		}
	}
	return nil
}

// suggest names the field of known that name is a likely spelling of,
// else lists them all (a combat's own mappings have a few fields each).
func suggest(name string, known []string) string {
	if k := scenario.Closest(name, known); k != "" {
		return fmt.Sprintf(" (did you mean %q?)", k)
	}
	return " (want " + listText(known) + ")"
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

// unitFields and fightFields are the fields of a side's unit and of one
// of its fights (21.10): a target's, and an attack group's but those
// notInFight, with fightOnly. Only an unknown field's hint needs them, so
// they are listed then, not when a command starts.
var (
	unitFields = sync.OnceValue(func() []string {
		return append(fieldsOf(scenario.ObjTarget, scenario.ObjProfile), "height")
	})
	fightFields = sync.OnceValue(func() []string {
		return append(slices.DeleteFunc(fieldsOf(scenario.ObjAttack), func(n string) bool { _, no := notInFight[n]; return no }), fightOnly...)
	})
)

// unknownHint says what a field name unknown at path probably meant, in a
// combat file's words (scenario.Hint): at a unit or a fight, a field of
// the other, of the side or of the top level; deeper (a unit's
// characters, groups, champion) the scenario's own hint, with a unit for
// its target and a fight for its attack group, or none where it names
// what a combat file does not have.
func unknownHint(path, name, scenarioHint string) string {
	side := scenario.Fields{Of: "the side", Names: sideFields}
	top := scenario.Fields{Of: "the file's top level", Names: topFields}
	switch {
	case isUnitPath(path):
		return scenario.Hint(name, "a unit", unitFields(), scenario.Fields{Of: "a fight", Names: fightFields()}, side, top)
	case isFightPath(path):
		return scenario.Hint(name, "a fight", fightFields(), scenario.Fields{Of: "a unit", Names: unitFields()}, side, top)
	}
	for n := range notInFight {
		if strings.HasPrefix(scenarioHint, " ("+n+" is a field of an attack group") || strings.Contains(scenarioHint, fmt.Sprintf("%q? It is a field of an attack group", n)) {
			return ""
		}
	}
	if strings.Contains(scenarioHint, "of the file's top level") {
		return "" // a scenario's top level: attacks and target
	}
	r := strings.NewReplacer("a field of target,", "a field of a unit,", "a field of an attack group,", "a field of a fight,")
	return r.Replace(scenarioHint)
}

// isUnitPath reports whether path is a side's unit, sides.a.unit.
func isUnitPath(path string) bool { return path == "sides.a.unit" || path == "sides.b.unit" }

// isFightPath reports whether path is one of a side's fights,
// sides.a.fights[N].
func isFightPath(path string) bool {
	rest, ok := strings.CutPrefix(path, "sides.a.fights[")
	if !ok {
		rest, ok = strings.CutPrefix(path, "sides.b.fights[")
	}
	n, ok2 := strings.CutSuffix(rest, "]")
	if !ok || !ok2 || n == "" {
		return false
	}
	for _, c := range n {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func (l *loader) integer(v *val, path string, lo, hi int) (int, *scenario.Error) {
	x, ok := v.x.(int64)
	if !ok {
		return 0, l.invalid(path, "want a whole number from %d to %d", lo, hi)
	}
	if x < int64(lo) || x > int64(hi) {
		return 0, l.invalid(path, "%d: want %d to %d", x, lo, hi)
	}
	return int(x), nil
}

func (l *loader) text(v *val, path, want string) (string, *scenario.Error) {
	s, ok := v.x.(string)
	if !ok {
		return "", l.invalid(path, "want %s", want)
	}
	return s, nil
}

func (l *loader) boolean(v *val, path string) (bool, *scenario.Error) {
	b, ok := v.x.(bool)
	if !ok {
		return false, l.invalid(path, "want true or false")
	}
	return b, nil
}

// plain turns a val into JSON-ready Go values for the scenario package.
func plain(v *val) any {
	switch {
	case v.isMap():
		m := map[string]any{}
		for _, k := range v.keys {
			m[k] = plain(v.m[k])
		}
		return m
	case v.seq:
		out := make([]any, len(v.list))
		for i, x := range v.list {
			out[i] = plain(x)
		}
		return out
	}
	if _, dup := v.x.(dupMarker); dup {
		return nil
	}
	return v.x
}

var (
	topFields    = []string{"description", "ruleset", "options", "combat", "sides"}
	combatFields = []string{"charger", "facing", "contact", "high_ground"}
	sideFields   = []string{"unit", "leadership", "special", "reroll_break", "bonus", "fights"}
	// fightOnly are a fight's fields that are not attack-group fields.
	fightOnly = []string{"by", "attacks", "initiative", "supporting", "extra_ranks", "strikes"}
	// notInFight are attack-group fields a fight does not take (21.10).
	notInFight = map[string]string{
		"count":    "a fight gives attacks per model; the step counts the models",
		"phase":    "a fight is always melee",
		"bs":       "a fight is melee: give ws",
		"attacker": "attacker names a warrior where there are no units; a fight's models are its by",
		"batch":    "a side's fights at one step are one batch by the rules (21.2); the file does not say it",
	}
)

func (l *loader) combat(root *val) (*Combat, *scenario.Error) {
	if root.isMap() {
		for _, k := range []string{"attacks", "target"} {
			if _, ok := root.m[k]; ok {
				return nil, l.invalid(k, "a combat file has combat and sides, not attacks and target; for a scenario file use rearrank odds or resolve")
			}
		}
	}
	if e := l.fields(root, "", topFields...); e != nil {
		return nil, e
	}
	for _, k := range []string{"ruleset", "sides"} {
		if root.m[k] == nil {
			return nil, l.invalid(k, "required")
		}
	}
	c := &Combat{}
	rsText, e := l.text(root.m["ruleset"], "ruleset", "a ruleset name")
	if e != nil {
		return nil, e
	}
	if rs, err := rules.ParseRuleset(rsText); err == nil && !rules.For(rs).Combat.Round {
		return nil, l.invalid("ruleset", "%s: a combat is between two block units (%s); %s fights stay attack by attack (rearrank odds)",
			rs, rulesetsWhere(blockRound), rs)
	}
	// The ruleset and the scenario switches are checked by the scenario
	// package with the units; here only what a combat needs.
	scenOpts := map[string]any{}
	if o := root.m["options"]; !absent(o) {
		if !o.isMap() {
			return nil, l.invalid("options", "want a mapping of switch names to values, such as {step_up: lost}")
		}
		for _, k := range o.keys {
			x := o.m[k]
			if _, combat := combatSwitch(k); !combat {
				scenOpts[k] = plain(x)
			}
		}
	}
	files := [2]map[string]any{}
	sides := root.m["sides"]
	if e := l.fields(sides, "sides", "a", "b"); e != nil {
		return nil, e
	}
	var units [2]*val
	for i, s := range []string{"a", "b"} {
		v := sides.m[s]
		p := "sides." + s
		if v == nil {
			return nil, l.invalid("sides", "side %s: required (a combat has sides a and b)", s)
		}
		if e := l.fields(v, p, sideFields...); e != nil {
			return nil, e
		}
		if v.m["unit"] == nil {
			return nil, l.invalid(p, "unit: required")
		}
		if v.m["leadership"] == nil {
			return nil, l.invalid(p, "leadership: required (the value the unit tests on: Leadership, or Discipline)")
		}
		units[i] = v.m["unit"]
	}
	// Strip the fields a combat adds to a unit before the scenario
	// package sees it.
	var heights [2]*val
	var bsb [2][]string
	var unitPlain [2]any
	for i, s := range []string{"a", "b"} {
		u := units[i]
		p := "sides." + s + ".unit"
		if !u.isMap() {
			return nil, l.invalid(p, "want a mapping of fields (the target fields of docs/scenario.md)")
		}
		m := plain(u).(map[string]any)
		if h := u.m["height"]; h != nil {
			heights[i] = h
			delete(m, "height")
		}
		if chars := u.m["characters"]; chars != nil && chars.seq {
			list := m["characters"].([]any)
			for j, ch := range chars.list {
				bv := ch.m["battle_standard"]
				if !ch.isMap() || bv == nil {
					continue
				}
				b, e := l.boolean(bv, fmt.Sprintf("%s.characters[%d].battle_standard", p, j))
				if e != nil {
					return nil, e
				}
				cm := list[j].(map[string]any)
				delete(cm, "battle_standard")
				if b {
					name, _ := cm["name"].(string)
					bsb[i] = append(bsb[i], name)
				}
			}
		}
		unitPlain[i] = m
	}
	// Each side's fights as attack groups against the enemy unit.
	var fights [2][]*val
	for i, s := range []string{"a", "b"} {
		p := "sides." + s + ".fights"
		var groups []any
		if fv := sides.m[s].m["fights"]; !absent(fv) {
			if !fv.seq {
				return nil, l.invalid(p, "want a list of fights")
			}
			for j, f := range fv.list {
				fp := fmt.Sprintf("%s[%d]", p, j)
				if !f.isMap() {
					return nil, l.invalid(fp, "want a mapping of fields")
				}
				g := map[string]any{"count": 1}
				for _, k := range f.keys {
					if why, bad := notInFight[k]; bad {
						return nil, l.fail(join(fp, k), scenario.ErrUnknownField, "%s is not a fight field: %s", k, why)
					}
					if !contains(fightOnly, k) {
						g[k] = plain(f.m[k])
					}
				}
				groups = append(groups, g)
				fights[i] = append(fights[i], f)
			}
		}
		if len(groups) == 0 {
			groups = []any{map[string]any{"count": 1, "strength": 1}} // a stand-in, so that the enemy unit is checked
		}
		files[i] = map[string]any{"ruleset": rsText, "attacks": groups, "target": unitPlain[1-i]}
		if len(scenOpts) > 0 {
			files[i]["options"] = scenOpts
		}
	}
	for i := range files {
		data, err := json.Marshal(files[i])
		if err != nil {
			return nil, l.invalid("", "%v", err)
		}
		sf, err := scenario.Load(l.name, data)
		if err != nil {
			return nil, l.remap(err, i)
		}
		enemy, attacks, err := sf.Build()
		if err != nil {
			return nil, l.remap(err, i)
		}
		c.Ruleset, c.Options = sf.Ruleset, sf.RuleOptions()
		c.Sides[1-i].Unit = enemy
		for j := range fights[i] {
			c.Sides[i].Fights = append(c.Sides[i].Fights, Fight{Attack: attacks[j]})
		}
	}
	// The combat's own fields.
	if o := root.m["options"]; o != nil && o.isMap() {
		for _, k := range o.keys {
			if _, combat := combatSwitch(k); !combat {
				continue
			}
			x := o.m[k]
			var s string
			switch y := x.x.(type) {
			case string:
				s = y
			case int64:
				s = strconv.FormatInt(y, 10)
			case bool:
				s = strconv.FormatBool(y)
			default:
				return nil, l.invalid("options."+k, "want a value such as lost, 1 or true")
			}
			if err := setOption(&c.Options, c.Ruleset, k, s); err != nil {
				return nil, l.invalid("options."+k, "%v", err)
			}
		}
	}
	if e := l.combatBlock(c, root.m["combat"]); e != nil {
		return nil, e
	}
	for i, s := range []string{"a", "b"} {
		if e := l.side(c, i, sides.m[s], "sides."+s, heights[i], fights[i]); e != nil {
			return nil, e
		}
		c.Sides[i].BattleStandard = bsb[i]
	}
	if err := c.Validate(); err != nil {
		return nil, l.invalid("", "%v", err)
	}
	return c, nil
}

// specialWant names the values of a side's special list (21.8, 22.11).
const specialWant = "stubborn, unbreakable, close_order or massed_infantry"

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// remap turns an error of side i's stand-in scenario into an error about
// the combat file: target is the enemy's unit, attacks[j] side i's fight j.
func (l *loader) remap(err error, i int) *scenario.Error {
	var se *scenario.Error
	if !errors.As(err, &se) {
		return l.invalid("", "%v", err)
	}
	side, enemy := sideOf(i).String(), sideOf(1-i).String()
	field := se.Field
	switch {
	case field == "target" || strings.HasPrefix(field, "target."):
		field = "sides." + enemy + ".unit" + strings.TrimPrefix(field, "target")
	case strings.HasPrefix(field, "attacks"):
		rest := strings.TrimPrefix(field, "attacks")
		if strings.HasSuffix(rest, ".count") {
			rest = strings.TrimSuffix(rest, ".count") + ".attacks"
		}
		field = "sides." + side + ".fights" + rest
	}
	e := l.fail(field, se.Err, "%s", renamePaths(se.Msg, "target.", "sides."+enemy+".unit."))
	if errors.Is(se, scenario.ErrUnknownField) && strings.HasPrefix(se.Msg, "unknown field ") {
		quoted, hint, _ := strings.Cut(strings.TrimPrefix(se.Msg, "unknown field "), " ")
		if name, err := strconv.Unquote(quoted); err == nil {
			// Point at the misspelt name itself, as scenario.Load does,
			// and say what it meant in a combat file's words.
			if at, ok := l.key[join(field, name)]; ok {
				e.Line, e.Column = at.line, at.col
			}
			if hint != "" {
				hint = " " + hint
			}
			e.Msg = fmt.Sprintf("unknown field %q%s", name, unknownHint(field, name, hint))
		}
	}
	return e
}

// renamePaths replaces the field paths of a message that start with from
// ("set target.ws") by to, leaving the word itself alone where it ends a
// sentence ("the target.").
func renamePaths(msg, from, to string) string {
	var b strings.Builder
	for {
		i := strings.Index(msg, from)
		if i < 0 {
			b.WriteString(msg)
			return b.String()
		}
		next := i + len(from)
		word := i == 0 || !isNameByte(msg[i-1])
		if word && next < len(msg) && msg[next] >= 'a' && msg[next] <= 'z' {
			b.WriteString(msg[:i])
			b.WriteString(to)
		} else {
			b.WriteString(msg[:next])
		}
		msg = msg[next:]
	}
}

func isNameByte(c byte) bool {
	return c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}

func (l *loader) combatBlock(c *Combat, v *val) *scenario.Error {
	if absent(v) {
		return nil
	}
	if e := l.fields(v, "combat", combatFields...); e != nil {
		return e
	}
	side := func(k string) (Side, *scenario.Error) {
		x := v.m[k]
		if x == nil {
			return NoSide, nil
		}
		s, e := l.text(x, "combat."+k, "a, b or none")
		if e != nil {
			return NoSide, e
		}
		sd, err := ParseSide(s)
		if err != nil {
			return NoSide, l.invalid("combat."+k, "%v", err)
		}
		return sd, nil
	}
	var e *scenario.Error
	if c.Charger, e = side("charger"); e != nil {
		return e
	}
	if c.HighGround, e = side("high_ground"); e != nil {
		return e
	}
	if c.HighGround != NoSide && !rules.For(c.Ruleset).Combat.HighGround {
		return l.invalid("combat.high_ground", "%s high_ground; in %s use bonus",
			onlyRead(rules.RulesetsWhere(func(t *rules.Traits) bool { return t.Combat.HighGround })), c.Ruleset)
	}
	if x := v.m["facing"]; x != nil {
		s, e := l.text(x, "combat.facing", "front, flank_left, flank_right or rear")
		if e != nil {
			return e
		}
		f, err := ParseFacing(s)
		if err != nil {
			return l.invalid("combat.facing", "%v", err)
		}
		if f != Front && c.Charger == NoSide {
			return l.invalid("combat.facing", "%s: a flank or rear is the charged unit's; name the charger", f)
		}
		c.Facing = f
	}
	if x := v.m["contact"]; x != nil {
		if e := l.fields(x, "combat.contact", "a", "b"); e != nil {
			return e
		}
		for i, s := range []string{"a", "b"} {
			y := x.m[s]
			if y == nil {
				continue
			}
			w := au(c.Sides[i].Unit).Frontage()
			n, e := l.integer(y, "combat.contact."+s, 1, scenario.MaxModels)
			if e != nil {
				return e
			}
			if n > w {
				return l.invalid("combat.contact."+s, "%d is above the unit's width of %d files", n, w)
			}
			c.Contact[i] = n
		}
	}
	return nil
}

func (l *loader) side(c *Combat, i int, v *val, p string, height *val, fights []*val) *scenario.Error {
	s := &c.Sides[i]
	var e *scenario.Error
	if s.Leadership, e = l.integer(v.m["leadership"], p+".leadership", 0, 12); e != nil {
		return e
	}
	if x := v.m["bonus"]; x != nil {
		if s.Bonus, e = l.integer(x, p+".bonus", -20, 20); e != nil {
			return e
		}
	}
	if x := v.m["reroll_break"]; x != nil {
		if s.RerollBreak, e = l.boolean(x, p+".reroll_break"); e != nil {
			return e
		}
	}
	if x := v.m["special"]; !absent(x) {
		if !x.seq {
			return l.invalid(p+".special", "want a list such as [stubborn]")
		}
		for j, y := range x.list {
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
					return l.invalid(sp, "%s close_order; in %s use bonus", onlyRead(rules.RulesetsWhere(func(t *rules.Traits) bool { return t.Combat.CombatOrderStrength > 0 })), c.Ruleset)
				}
				s.CloseOrder = true
			case "massed_infantry":
				if !cr.MassedInfantry {
					return l.invalid(sp, "%s massed_infantry; in %s use bonus", onlyRead(rules.RulesetsWhere(func(t *rules.Traits) bool { return t.Combat.MassedInfantry })), c.Ruleset)
				}
				s.MassedInfantry = true
			default:
				return l.invalid(sp, "special %q: want %s", name, specialWant)
			}
		}
	}
	h := Standard
	if height != nil {
		hp := p + ".unit.height"
		if !rules.For(c.Ruleset).Combat.Height {
			return l.invalid(hp, "%s height", onlyRead(rules.RulesetsWhere(func(t *rules.Traits) bool { return t.Combat.Height })))
		}
		t, e := l.text(height, hp, "standard, large or gigantic")
		if e != nil {
			return e
		}
		var err error
		if h, err = ParseHeight(t); err != nil {
			return l.invalid(hp, "%v", err)
		}
	}
	for j, f := range fights {
		fp := fmt.Sprintf("%s.fights[%d]", p, j)
		fi := &s.Fights[j]
		fi.Supporting = DefaultSupporting(c.Ruleset, h)
		by := f.m["by"]
		if by != nil {
			t, e := l.text(by, fp+".by", "rank_and_file, champion or character:<name>")
			if e != nil {
				return e
			}
			b, err := ParseBy(t)
			if err != nil {
				return l.invalid(fp+".by", "%v", err)
			}
			fi.By = b
		} else {
			fi.By = By{Role: unit.RankAndFile}
		}
		x := f.m["attacks"]
		if x == nil {
			return l.invalid(fp, "attacks: required (attacks per model)")
		}
		if fi.Attacks, e = l.integer(x, fp+".attacks", 0, 100); e != nil {
			return e
		}
		x = f.m["initiative"]
		if x == nil {
			return l.invalid(fp, "initiative: required (%s)", rules.For(c.Ruleset).Combat.StrikeValue)
		}
		if fi.Initiative, e = l.integer(x, fp+".initiative", 0, 10); e != nil {
			return e
		}
		if x := f.m["supporting"]; x != nil {
			if fi.Supporting, e = l.integer(x, fp+".supporting", 0, 5); e != nil {
				return e
			}
		}
		if x := f.m["extra_ranks"]; x != nil {
			if fi.ExtraRanks, e = l.integer(x, fp+".extra_ranks", 0, 5); e != nil {
				return e
			}
		}
		if x := f.m["strikes"]; x != nil {
			t, e := l.text(x, fp+".strikes", "normal, first or last")
			if e != nil {
				return e
			}
			st, err := ParseStrikes(t)
			if err != nil {
				return l.invalid(fp+".strikes", "%v", err)
			}
			fi.Strikes = st
		}
		if err := fi.check(au(s.Unit)); err != nil {
			return l.invalid(fp+".by", "%v", err)
		}
	}
	if j, err := c.checkAttacks(i); err != nil {
		return l.invalid(fmt.Sprintf("%s.fights[%d].attacks", p, j), "%v", err)
	}
	return nil
}
