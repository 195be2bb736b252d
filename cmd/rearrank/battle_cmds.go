package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/wire"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/web"
)

func runBattleNew(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "new")
	pos, err := battleArgs(fs, args, 1, 1)
	if err != nil {
		return err
	}
	st, err := openStore(ctx, *db, e)
	if err != nil {
		return err
	}
	defer st.Close()
	m, err := st.Create(ctx, pos[0])
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, e.text("battlecli.new.done", m.Name))
	return nil
}

// battleJSON is a battle as battle list --json writes it.
type battleJSON struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Events  int64  `json:"events"`
	Created string `json:"created"`
	Updated string `json:"updated"`
}

func runBattleList(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "list")
	asJSON := jsonFlag(fs, e)
	if _, err := battleArgs(fs, args, 0, 0); err != nil {
		return err
	}
	st, err := openStore(ctx, *db, e)
	if err != nil {
		return err
	}
	defer st.Close()
	list, err := st.List(ctx)
	if err != nil {
		return err
	}
	if *asJSON {
		out := make([]battleJSON, len(list))
		for i, m := range list {
			out[i] = battleJSON{m.ID, m.Name, m.Version, m.Created.UTC().Format("2006-01-02T15:04:05Z07:00"), m.Updated.UTC().Format("2006-01-02T15:04:05Z07:00")}
		}
		return writeJSON(e.stdout, out)
	}
	if len(list) == 0 {
		fmt.Fprintln(e.stdout, e.text("battlecli.list.none"))
		return nil
	}
	for _, m := range list {
		fmt.Fprintln(e.stdout, e.text("battlecli.list.line", m.Name, int(m.Version), m.Updated.UTC().Format("2006-01-02 15:04")))
	}
	return nil
}

func runBattleRm(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "rm")
	pos, err := battleArgs(fs, args, 1, 1)
	if err != nil {
		return err
	}
	s, err := openBattle(ctx, *db, pos[0], e)
	if err != nil {
		return err
	}
	defer s.Close()
	if err := s.st.Delete(ctx, s.meta.ID, s.meta.Version); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, e.text("battlecli.rm.done", s.meta.Name, int(s.meta.Version)))
	return nil
}

func runBattleRename(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "rename")
	pos, err := battleArgs(fs, args, 2, 2)
	if err != nil {
		return err
	}
	s, err := openBattle(ctx, *db, pos[0], e)
	if err != nil {
		return err
	}
	defer s.Close()
	m, err := s.st.Rename(ctx, s.meta.ID, s.meta.Version, pos[1])
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, e.text("battlecli.rename.done", s.meta.Name, m.Name))
	return nil
}

// readScenario reads a scenario file named on the command line, "-" for
// standard input, with the list files its from: fields name; its errors
// are bad input and name their place, and what the mapping from a list
// did not use or assumed is noted on standard error.
func readScenario(path string, e env) (*scenario.File, error) {
	f, notes, err := readFile(path, e.stdin)
	if err != nil {
		return nil, usageError{Err: err}
	}
	for _, n := range notes {
		e.note(n)
	}
	return f, nil
}

// listFile is a list file's unit as a scenario file with it as its
// target, as rearrank import --unit writes it: the list's ruleset or
// rulesetName, and the fields sets give. The mapping's notes go to
// standard error.
func listFile(path, unitName, rulesetName string, sets []string, e env) (*scenario.File, error) {
	o := scenario.ListOptions{Set: map[string]string{}}
	if rulesetName != "" {
		rs, err := rules.ParseRuleset(rulesetName)
		if err != nil {
			return nil, usage("cli.error.at", "battle add: --ruleset", errArg(err))
		}
		o.Ruleset = rs
	}
	for _, s := range sets {
		k, v, ok := strings.Cut(s, "=")
		if k = strings.TrimSpace(k); !ok || k == "" {
			return nil, usage("battlecli.add.error.set", strconv.Quote(s))
		}
		o.Set[k] = strings.TrimSpace(v)
	}
	l, err := readList(path, e.stdin)
	if err != nil {
		return nil, err
	}
	u, err := scenario.FindUnit(l, unitName)
	if err != nil {
		return nil, usageError{Err: err}
	}
	t, notes, err := scenario.ListTarget(l, u, o)
	if err != nil {
		var se *scenario.Error
		if errors.As(err, &se) && se.Field != "" {
			return nil, usage("cli.error.at", "battle add: --set", errArg(err))
		}
		return nil, usageError{Err: err}
	}
	rs := o.Ruleset
	if rs == rules.NoRuleset {
		rs = scenario.ListRuleset(l.Game)
	}
	e.note(msg.New("cli.import.ruleset", u.Name, rs.String()))
	for _, n := range notes {
		e.note(n)
	}
	return &scenario.File{Ruleset: rs, Target: t}, nil
}

func runBattleAdd(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "add")
	name := fs.String("name", "", e.text("battlecli.add.flag.name"))
	from := fs.String("from", "", e.text("battlecli.add.flag.from"))
	listUnit := fs.String("unit", "", e.text("battlecli.add.flag.unit"))
	rulesetName := fs.String("ruleset", "", e.text("battlecli.add.flag.ruleset"))
	var sets multiFlag
	fs.Var(&sets, "set", e.text("battlecli.add.flag.set"))
	pos, err := battleArgs(fs, args, 1, 2)
	if err != nil {
		return err
	}
	var f *scenario.File
	switch {
	case *from != "" && len(pos) == 2:
		return usage("battlecli.add.error.file_and_from", pos[1])
	case *from != "" && *listUnit == "":
		return usage("battlecli.add.error.needs_unit")
	case *from != "":
		if f, err = listFile(*from, *listUnit, *rulesetName, sets, e); err != nil {
			return err
		}
	case len(pos) == 1:
		return usage("battlecli.error.args", fs.Name(), len(pos), battleUsage("add"))
	default:
		for _, n := range []string{"unit", "ruleset", "set"} {
			if flagSet(fs, n) {
				return usage("battlecli.add.error.needs_from", "--"+n)
			}
		}
		data, err := readLimited(pos[1], e.stdin)
		if err != nil {
			return usageError{Err: err}
		}
		var notes []msg.Message
		if f, notes, err = scenario.LoadUnit(pos[1], data, scenario.DirLists(listDir(pos[1]))); err != nil {
			return usageError{Err: err}
		}
		for _, n := range notes {
			e.note(n)
		}
	}
	unitName := *name
	if unitName == "" {
		unitName = f.Target.Name
	}
	if unitName == "" {
		return usage("battlecli.add.error.no_name", pos[len(pos)-1])
	}
	s, err := openBattle(ctx, *db, pos[0], e)
	if err != nil {
		return err
	}
	defer s.Close()
	st, rec, err := s.write(ctx, func(st battle.State) (battle.Record, error) { return battle.Add(st, unitName, f) }, true)
	if err != nil {
		return err
	}
	return s.saidAndShown(e, st, rec, unitName)
}

// diceFlags adds --dice and --seed, the dice of a command that rolls.
type diceFlags struct {
	faces *string
	seed  *uint64
}

func addDiceFlags(fs interface {
	String(string, string, string) *string
	Uint64(string, uint64, string) *uint64
}, e env) diceFlags {
	return diceFlags{
		faces: fs.String("dice", "", e.text("battlecli.flag.dice")),
		seed:  fs.Uint64("seed", 0, e.text("battlecli.flag.seed")),
	}
}

// roller is the dice a command rolls with: the faces given (scripted,
// which it reports as given so that a stale battle refuses them), a
// seeded generator, or a person asked at the terminal. name is the
// command, for the errors.
func (d diceFlags) roller(seedSet bool, name string, in *bufio.Reader, e env) (r dice.Roller, sc *dice.Scripted, byPerson bool, err error) {
	switch {
	case seedSet && *d.faces != "":
		return nil, nil, false, usage("battlecli.error.dice_and_seed", name)
	case *d.faces != "":
		fv, err := dice.ParseFaces(*d.faces)
		if err != nil {
			return nil, nil, false, usage("cli.error.at", name+": --dice", errArg(err))
		}
		sc = dice.NewScripted(fv...)
		return sc, sc, true, nil
	case seedSet:
		return dice.NewSeeded(*d.seed), nil, false, nil
	case e.tty:
		return &prompter{in: in, out: e.stderr, lang: e.lang}, nil, true, nil
	}
	return nil, nil, false, usage("battlecli.error.no_dice", name)
}

// diceError is err as the dice flags' error where the dice given did not
// fit (too few, a face out of range): bad input, exit status 2.
func diceError(err error, name string) error {
	if errors.Is(err, dice.ErrOutOfDice) || errors.Is(err, dice.ErrBadFace) {
		return usageError{Err: msg.Errorf(err, "cli.error.at", name+": --dice", errArg(err))}
	}
	return err
}

// attacksOf returns the attack groups of scenario file f, refusing a file
// written for another ruleset than the unit's: its attacks are resolved
// under the unit's ruleset and switches.
func attacksOf(f *scenario.File, path string, st battle.State, name string) ([]scenario.Attack, error) {
	u, err := st.Unit(name)
	if err != nil {
		return nil, err
	}
	if f.Ruleset.String() != u.Ruleset {
		return nil, usage("battlecli.error.ruleset", path, f.Ruleset.String(), u.Name, u.Ruleset)
	}
	return f.Attacks, nil
}

func runBattleAttack(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "attack")
	target := fs.String("target", "", e.text("battlecli.flag.target"))
	df := addDiceFlags(fs, e)
	asJSON := jsonFlag(fs, e)
	pos, err := battleArgs(fs, args, 2, 2)
	if err != nil {
		return err
	}
	if *target == "" {
		return usage("battlecli.error.no_target", "battle attack")
	}
	if pos[1] == "-" && *df.faces == "" && !flagSet(fs, "seed") {
		return usage("battlecli.error.stdin")
	}
	f, err := readScenario(pos[1], e)
	if err != nil {
		return err
	}
	in := bufio.NewReader(e.stdin) // the dice and the owner's answers, one line each
	r, sc, byPerson, err := df.roller(flagSet(fs, "seed"), "battle attack", in, e)
	if err != nil {
		return err
	}
	s, err := openBattle(ctx, *db, pos[0], e)
	if err != nil {
		return err
	}
	defer s.Close()
	var res *referee.Result
	st, rec, err := s.write(ctx, func(st battle.State) (battle.Record, error) {
		attacks, err := attacksOf(f, pos[1], st, *target)
		if err != nil {
			return battle.Record{}, err
		}
		var ch battle.Chooser
		if e.tty {
			u, _ := st.Unit(*target)
			ch = &owner{in: in, out: e.stderr, lang: e.lang, rs: u.Unit.Ruleset()}
		}
		rec, rr, err := battle.AttackWith(st, *target, attacks, r, ch)
		res = rr
		return rec, err
	}, !byPerson)
	if err != nil {
		return diceError(err, "battle attack")
	}
	var ev battle.Attacked
	if err := json.Unmarshal(rec.Data, &ev); err != nil {
		return err
	}
	if !e.tty {
		// Nobody was asked the owner's choices: the engine's defaults
		// stood in for them, as resolve says without a terminal.
		if u, err := st.Unit(*target); err == nil {
			if f, err := unitFile(u, f.Attacks, pos[1]); err == nil {
				if _, notes, err := standIn(f); err == nil {
					for _, n := range notes {
						e.note(n)
					}
				}
			}
		}
	}
	if sc != nil && sc.Remaining() > 0 {
		e.note(msg.New("cli.resolve.dice_left", sc.Remaining(), fmt.Sprint(sc.Faces()[sc.Used():]), sc.Used()))
	}
	if *asJSON {
		return writeJSON(e.stdout, struct {
			Seq        int64               `json:"seq"`
			Result     battle.AttackResult `json:"result"`
			Resolution wire.Resolution     `json:"resolution"`
		}{rec.Seq, ev.Result, wire.ResolutionOf(res, ev.Faces)})
	}
	printResolve(e.stdout, res, ev.Faces, e.lang)
	fmt.Fprintln(e.stdout)
	return s.said(st, rec)
}

// fightFile is a combat file's fields as battle combat reads them: the
// values are the round's business (battle.Combat checks them), and a
// side's unit, the battle's, is not read.
type fightFile struct {
	Description scenario.Scalar `yaml:"description"`
	Ruleset     scenario.Scalar `yaml:"ruleset"`
	Options     scenario.Scalar `yaml:"options"`
	Combat      scenario.Scalar `yaml:"combat"`
	Sides       *struct {
		A *fightSide `yaml:"a"`
		B *fightSide `yaml:"b"`
	} `yaml:"sides"`
}

// fightSide is a side of a fightFile.
type fightSide struct {
	Unit           scenario.Scalar `yaml:"unit"`
	Leadership     scenario.Scalar `yaml:"leadership"`
	Special        scenario.Scalar `yaml:"special"`
	RerollBreak    scenario.Scalar `yaml:"reroll_break"`
	Bonus          scenario.Scalar `yaml:"bonus"`
	Fights         scenario.Scalar `yaml:"fights"`
	BattleStandard scenario.Scalar `yaml:"battle_standard"`
}

// combatParts reads a combat file (docs/combat.md) as the parts a battle's
// round takes (battle.Combat): its options, combat and sides, without the
// sides' units, which are the battle's. A ruleset it names must be the
// units'.
func combatParts(path string, e env) (json.RawMessage, string, error) {
	var data []byte
	var err error
	if path == "-" {
		data, err = io.ReadAll(io.LimitReader(e.stdin, scenario.MaxSize+1))
	} else {
		var fh *os.File
		if fh, err = os.Open(path); err == nil {
			data, err = io.ReadAll(io.LimitReader(fh, scenario.MaxSize+1))
			fh.Close()
		}
	}
	if err != nil {
		return nil, "", usageError{Err: err}
	}
	// The scenario's reader first: its limits on the text (size, depth,
	// tokens; no anchors, aliases or tags) and its errors at the file's
	// lines and fields; only then the YAML library, to turn a text it has
	// passed into JSON.
	if top, ok := scenario.TopFields(data); ok && (slices.Contains(top, "attacks") || slices.Contains(top, "target")) {
		return nil, "", usage("battlecli.combat.error.scenario", path)
	}
	var fields fightFile
	if _, err := (&scenario.Decoder{}).Decode(path, data, &fields); err != nil {
		return nil, "", usageError{Err: err}
	}
	j, err := yaml.YAMLToJSON(data)
	if err != nil {
		return nil, "", usage("battlecli.combat.error.read", path, err.Error())
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(j, &doc); err != nil || doc == nil {
		return nil, "", usage("battlecli.combat.error.not_combat", path)
	}
	if _, ok := doc["sides"]; !ok {
		return nil, "", usage("battlecli.combat.error.not_combat", path)
	}
	var ruleset string
	if rs, ok := doc["ruleset"]; ok {
		if err := json.Unmarshal(rs, &ruleset); err != nil {
			return nil, "", usage("battlecli.combat.error.not_combat", path)
		}
		delete(doc, "ruleset")
	}
	var sides map[string]map[string]json.RawMessage
	if raw, ok := doc["sides"]; ok {
		if err := json.Unmarshal(raw, &sides); err != nil {
			return nil, "", usage("battlecli.combat.error.not_combat", path)
		}
	}
	for _, side := range sides {
		delete(side, "unit")
	}
	if sides == nil {
		sides = map[string]map[string]json.RawMessage{}
	}
	for _, k := range []string{"a", "b"} {
		if sides[k] == nil {
			sides[k] = map[string]json.RawMessage{}
		}
	}
	doc["sides"], _ = json.Marshal(sides)
	out, err := json.Marshal(doc)
	if err != nil {
		return nil, "", err
	}
	return out, ruleset, nil
}

func runBattleCombat(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "combat")
	df := addDiceFlags(fs, e)
	asJSON := jsonFlag(fs, e)
	pos, err := battleArgs(fs, args, 4, 4)
	if err != nil {
		return err
	}
	path := pos[3]
	fight, ruleset, err := combatParts(path, e)
	if err != nil {
		return err
	}
	in := bufio.NewReader(e.stdin)
	r, sc, byPerson, err := df.roller(flagSet(fs, "seed"), "battle combat", in, e)
	if err != nil {
		return err
	}
	s, err := openBattle(ctx, *db, pos[0], e)
	if err != nil {
		return err
	}
	defer s.Close()
	var round *combat.Round
	st, rec, err := s.write(ctx, func(st battle.State) (battle.Record, error) {
		if err := sameRuleset(st, pos[1], path, ruleset); err != nil {
			return battle.Record{}, err
		}
		rec, rd, err := battle.Combat(st, pos[1], pos[2], fight, r)
		round = rd
		return rec, err
	}, !byPerson)
	if err != nil {
		return diceError(err, "battle combat")
	}
	var ev battle.Fought
	if err := json.Unmarshal(rec.Data, &ev); err != nil {
		return err
	}
	if sc != nil && sc.Remaining() > 0 {
		e.note(msg.New("cli.combat.dice_left", sc.Remaining(), sc.Used()))
	}
	c, err := roundCombat(st, &ev)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(e.stdout, struct {
			Seq    int64               `json:"seq"`
			Result battle.CombatResult `json:"result"`
			Round  wire.Round          `json:"round"`
		}{rec.Seq, ev.Result, wire.RoundOf(round, c, ev.Faces)})
	}
	printRound(e.stdout, c, round, ev.Faces, e.lang)
	fmt.Fprintln(e.stdout)
	return s.said(st, rec)
}

// sameRuleset refuses a combat file (path) that names a ruleset other
// than that of side a's unit, name.
func sameRuleset(st battle.State, name, path, ruleset string) error {
	if ruleset != "" {
		if u, err := st.Unit(name); err == nil && u.Ruleset != ruleset {
			return usage("battlecli.error.ruleset", path, ruleset, u.Name, u.Ruleset)
		}
	}
	return nil
}

// roundCombat is the combat a Fought event played, between the battle's
// units as they stood before it, for printRound to name and draw its
// sides: the round's file, as battle.Combat builds it, with the units'
// targets for the sides' units and the units as they stood in them.
func roundCombat(st battle.State, ev *battle.Fought) (*combat.Combat, error) {
	var parts struct {
		Description json.RawMessage                       `json:"description,omitempty"`
		Options     map[string]string                     `json:"options,omitempty"`
		Combat      json.RawMessage                       `json:"combat,omitempty"`
		Sides       map[string]map[string]json.RawMessage `json:"sides"`
	}
	if err := json.Unmarshal(ev.Combat, &parts); err != nil {
		return nil, err
	}
	a, err := st.Unit(ev.A)
	if err != nil {
		return nil, err
	}
	b, err := st.Unit(ev.B)
	if err != nil {
		return nil, err
	}
	opts := map[string]string{}
	for _, o := range []map[string]string{a.Options, b.Options, parts.Options} {
		for k, v := range o {
			opts[k] = v
		}
	}
	var bsb [2][]string
	for i, u := range []*battle.Unit{a, b} {
		side := parts.Sides["ab"[i:i+1]]
		if raw, ok := side["battle_standard"]; ok {
			if err := json.Unmarshal(raw, &bsb[i]); err != nil {
				return nil, err
			}
			delete(side, "battle_standard")
		}
		side["unit"] = u.Target
	}
	doc, err := json.Marshal(struct {
		Ruleset string                                `json:"ruleset"`
		Options map[string]string                     `json:"options,omitempty"`
		Combat  json.RawMessage                       `json:"combat,omitempty"`
		Sides   map[string]map[string]json.RawMessage `json:"sides"`
	}{a.Ruleset, opts, parts.Combat, parts.Sides})
	if err != nil {
		return nil, err
	}
	c, err := combat.Load("combat", doc)
	if err != nil {
		return nil, err
	}
	for i, u := range []*battle.Unit{a, b} {
		c.Sides[i].Unit = u.Unit.Clone()
		c.Sides[i].BattleStandard = bsb[i]
	}
	return c, nil
}

func runBattleFix(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "fix")
	remove := fs.Int("remove", 0, e.text("battlecli.fix.flag.remove"))
	wound := fs.Int("wound", 0, e.text("battlecli.fix.flag.wound"))
	aim := fs.String("aim", "", e.text("battlecli.fix.flag.aim"))
	models := fs.Int("models", 0, e.text("battlecli.fix.flag.models"))
	set := fs.String("set", "", e.text("battlecli.fix.flag.set"))
	pos, err := battleArgs(fs, args, 2, 2)
	if err != nil {
		return err
	}
	given := 0
	for _, n := range []string{"remove", "wound", "models", "set"} {
		if flagSet(fs, n) {
			given++
		}
	}
	if given != 1 {
		return usage("battlecli.fix.error.one")
	}
	if flagSet(fs, "aim") && !flagSet(fs, "remove") && !flagSet(fs, "wound") {
		return usage("battlecli.fix.error.aim")
	}
	var setFile *scenario.File
	if *set != "" {
		if setFile, err = readScenario(*set, e); err != nil {
			return err
		}
	}
	name := pos[1]
	s, err := openBattle(ctx, *db, pos[0], e)
	if err != nil {
		return err
	}
	defer s.Close()
	st, rec, err := s.write(ctx, func(st battle.State) (battle.Record, error) {
		c := battle.Corrected{Unit: name, Aim: *aim}
		switch {
		case flagSet(fs, "remove"):
			c.Action, c.Count = battle.ActionRemove, *remove
		case flagSet(fs, "wound"):
			c.Action, c.Count = battle.ActionWound, *wound
		case flagSet(fs, "models"):
			u, err := st.Unit(name)
			if err != nil {
				return battle.Record{}, err
			}
			var t map[string]json.RawMessage
			if err := json.Unmarshal(u.Target, &t); err != nil {
				return battle.Record{}, err
			}
			t["models"] = json.RawMessage(strconv.Itoa(*models))
			c.Action = battle.ActionSet
			if c.Target, err = json.Marshal(t); err != nil {
				return battle.Record{}, err
			}
		default:
			u, err := st.Unit(name)
			if err != nil {
				return battle.Record{}, err
			}
			if setFile.Ruleset.String() != u.Ruleset {
				return battle.Record{}, usage("battlecli.error.ruleset", *set, setFile.Ruleset.String(), u.Name, u.Ruleset)
			}
			b, err := setFile.MarshalJSON()
			if err != nil {
				return battle.Record{}, err
			}
			var parts struct {
				Target json.RawMessage `json:"target"`
			}
			if err := json.Unmarshal(b, &parts); err != nil {
				return battle.Record{}, err
			}
			c.Action, c.Target = battle.ActionSet, parts.Target
		}
		return battle.Correct(st, c)
	}, true)
	if err != nil {
		return err
	}
	return s.saidAndShown(e, st, rec, name)
}

func runBattleLeave(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "leave")
	pos, err := battleArgs(fs, args, 2, 2)
	if err != nil {
		return err
	}
	return simpleWrite(ctx, *db, pos[0], e, func(st battle.State) (battle.Record, error) {
		return battle.Remove(st, pos[1])
	})
}

func runBattleNext(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "next")
	pos, err := battleArgs(fs, args, 1, 1)
	if err != nil {
		return err
	}
	return simpleWrite(ctx, *db, pos[0], e, battle.Advance)
}

func runBattleTurn(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "turn")
	pos, err := battleArgs(fs, args, 2, 3)
	if err != nil {
		return err
	}
	turn, err := strconv.Atoi(pos[1])
	if err != nil || turn < 1 {
		return usage("battlecli.turn.error.turn", pos[1])
	}
	phase := battle.Movement
	if len(pos) == 3 {
		if phase, err = battle.ParsePhase(pos[2]); err != nil || phase == battle.Deployment {
			return usage("battlecli.turn.error.phase", pos[2])
		}
	}
	return simpleWrite(ctx, *db, pos[0], e, func(st battle.State) (battle.Record, error) {
		return battle.AdvanceTo(st, turn, phase)
	})
}

func runBattleUndo(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "undo")
	pos, err := battleArgs(fs, args, 1, 1)
	if err != nil {
		return err
	}
	return simpleWrite(ctx, *db, pos[0], e, battle.Undo)
}

func runBattleRedo(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "redo")
	pos, err := battleArgs(fs, args, 1, 1)
	if err != nil {
		return err
	}
	return simpleWrite(ctx, *db, pos[0], e, battle.Redo)
}

// simpleWrite appends the record b builds, which takes nothing of the
// player but the command (retried once on a stale battle), and prints its
// line of the log.
func simpleWrite(ctx context.Context, db, name string, e env, b build) error {
	s, err := openBattle(ctx, db, name, e)
	if err != nil {
		return err
	}
	defer s.Close()
	st, rec, err := s.write(ctx, b, true)
	if err != nil {
		return err
	}
	return s.said(st, rec)
}

// logJSON is a line of the log as battle log --json writes it: the text in
// the language asked, the rest as the export file writes it.
type logJSON struct {
	Seq    int64        `json:"seq"`
	Kind   string       `json:"kind"`
	Turn   int          `json:"turn"`
	Phase  battle.Phase `json:"phase"`
	Text   string       `json:"text"`
	Undone bool         `json:"undone,omitempty"`
}

func runBattleLog(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "log")
	asJSON := jsonFlag(fs, e)
	pos, err := battleArgs(fs, args, 1, 1)
	if err != nil {
		return err
	}
	s, err := openBattle(ctx, *db, pos[0], e)
	if err != nil {
		return err
	}
	defer s.Close()
	recs, err := s.st.Records(ctx, s.meta.ID, 0, 0)
	if err != nil {
		return err
	}
	entries, err := battle.Log(recs)
	if err != nil {
		return err
	}
	if *asJSON {
		out := make([]logJSON, len(entries))
		for i, x := range entries {
			out[i] = logJSON{x.Seq, x.Kind, x.Turn, x.Phase, x.Text.Text(e.lang), x.Undone}
		}
		return writeJSON(e.stdout, out)
	}
	if len(entries) == 0 {
		fmt.Fprintln(e.stdout, e.text("battlecli.log.empty", s.meta.Name))
		return nil
	}
	width := len(strconv.Itoa(len(entries)))
	for _, x := range entries {
		line := x.Text.Text(e.lang)
		if x.Undone {
			line = e.text("battlecli.log.undone", line)
		}
		fmt.Fprintf(e.stdout, "%*d  %s\n", width, x.Seq, line)
	}
	return nil
}

// unitJSON is a battle's unit as battle show --json writes it.
type unitJSON struct {
	Name      string            `json:"name"`
	Ruleset   string            `json:"ruleset"`
	Options   map[string]string `json:"options,omitempty"`
	Models    int               `json:"models"`
	Starting  int               `json:"starting"`
	Wounds    int               `json:"wounds"`
	Destroyed bool              `json:"destroyed"`
	Ranks     []string          `json:"ranks"`
	Target    json.RawMessage   `json:"target"`
}

// showJSON is a battle as battle show --json writes it.
type showJSON struct {
	Name   string       `json:"name"`
	Events int64        `json:"events"`
	Turn   int          `json:"turn"`
	Phase  battle.Phase `json:"phase"`
	Units  []unitJSON   `json:"units"`
}

// woundsLost is the wounds a unit's models have lost and its pools carry,
// as the diagram draws them (cellText).
func woundsLost(u *rearrank.Unit) int {
	if f := u.Fighter(); f != nil {
		return f.Damage
	}
	n := 0
	for _, rank := range u.Ranks() {
		for _, c := range rank {
			if c.Model != nil {
				n += c.Model.Damage + c.Carried
			}
		}
	}
	return n
}

func runBattleShow(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "show")
	asJSON := jsonFlag(fs, e)
	pos, err := battleArgs(fs, args, 1, 2)
	if err != nil {
		return err
	}
	s, err := openBattle(ctx, *db, pos[0], e)
	if err != nil {
		return err
	}
	defer s.Close()
	st, err := s.state(ctx)
	if err != nil {
		return err
	}
	units := st.Units()
	if len(pos) == 2 {
		u, err := st.Unit(pos[1])
		if err != nil {
			return err
		}
		units = []*battle.Unit{u}
	}
	if *asJSON {
		out := showJSON{Name: s.meta.Name, Events: st.Seq, Turn: st.Turn, Phase: st.Phase, Units: []unitJSON{}}
		for _, u := range units {
			ranks := []string{}
			for _, r := range u.Unit.Ranks() {
				ranks = append(ranks, "["+strings.Join(rankCells(r, nil), " ")+"]")
			}
			out.Units = append(out.Units, unitJSON{u.Name, u.Ruleset, u.Options, u.Unit.Size(), u.Starting, woundsLost(u.Unit), u.Destroyed(), ranks, u.Target})
		}
		return writeJSON(e.stdout, out)
	}
	if st.Turn == 0 {
		fmt.Fprintln(e.stdout, e.text("battlecli.show.head_deployment", s.meta.Name, int(st.Seq)))
	} else {
		fmt.Fprintln(e.stdout, e.text("battlecli.show.head", s.meta.Name, st.Turn, st.Phase.Msg(), int(st.Seq)))
	}
	if len(units) == 0 {
		fmt.Fprintln(e.stdout, e.text("battlecli.show.no_units"))
		return nil
	}
	var blocks []*rearrank.Unit
	for _, u := range units {
		fmt.Fprintln(e.stdout)
		showUnit(e, u)
		if u.Unit.Fighter() == nil && !u.Destroyed() {
			blocks = append(blocks, u.Unit)
		}
	}
	if len(blocks) > 0 {
		fmt.Fprintln(e.stdout)
		drawLegendIn(e.stdout, e.lang, blocks...)
	}
	return nil
}

// showUnit draws one of the battle's units as it stands: its name and
// ruleset, the models left of its starting size, the wounds it carries
// or that it is destroyed, then its formation as resolve draws the unit
// after an attack, and the letters of its kinds.
func showUnit(e env, u *battle.Unit) {
	w := e.stdout
	rs := u.Unit.Ruleset().String()
	if f := u.Unit.Fighter(); f != nil {
		fmt.Fprintln(w, e.text("battlecli.show.warrior", u.Name, rs))
		printWarrior(w, f, e.lang)
		return
	}
	switch {
	case u.Destroyed():
		fmt.Fprintln(w, e.text("battlecli.show.destroyed", u.Name, rs, u.Starting))
		return
	case woundsLost(u.Unit) > 0:
		fmt.Fprintln(w, e.text("battlecli.show.unit_wounds", u.Name, rs, u.Unit.Size(), u.Starting, woundsLost(u.Unit)))
	default:
		fmt.Fprintln(w, e.text("battlecli.show.unit", u.Name, rs, u.Unit.Size(), u.Starting))
	}
	drawFormationIn(w, u.Unit.Ranks(), nil, e.lang)
}

func runBattleOdds(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "odds")
	target := fs.String("target", "", e.text("battlecli.flag.target"))
	exact := fs.Bool("exact", false, e.text("cli.odds.flag.exact"))
	asJSON := jsonFlag(fs, e)
	maxStates := fs.Int("max-states", odds.DefaultMaxStates, e.text("cli.odds.flag.max-states"))
	fallback := fs.Bool("fallback", false, e.text("cli.odds.flag.fallback"))
	samples := fs.Int("samples", odds.DefaultSamples, e.text("cli.odds.flag.samples"))
	timeout := fs.Duration("timeout", 0, e.text("cli.odds.flag.timeout"))
	pos, err := battleArgs(fs, args, 2, 4)
	if err != nil {
		return err
	}
	if len(pos) == 3 {
		return usage("battlecli.error.args", fs.Name(), len(pos), battleUsage("odds"))
	}
	if len(pos) == 4 {
		if *target != "" {
			return usage("battlecli.odds.error.target_combat")
		}
		if *fallback && !*exact {
			return usage("battlecli.odds.error.fallback")
		}
		if !flagSet(fs, "max-states") {
			*maxStates = combat.DefaultMaxStates
		}
		if !flagSet(fs, "samples") {
			*samples = web.DefaultCombatRounds
		}
	}
	if len(pos) == 2 && *target == "" {
		return usage("battlecli.error.no_target", "battle odds")
	}
	if err := checkMaxStates(fs, *maxStates); err != nil {
		return err
	}
	if *samples < 1 || *samples > 1_000_000_000 {
		return usage("cli.odds.error.samples", *samples)
	}
	ctx, cancel, err := withTimeout(ctx, "battle odds", *timeout)
	if err != nil {
		return err
	}
	defer cancel()
	if len(pos) == 4 {
		cfg := combat.ExactConfig{MaxStates: *maxStates, Fallback: *fallback || !*exact, Samples: *samples}
		return battleCombatOdds(ctx, *db, pos, cfg, *exact, *asJSON, *timeout, e)
	}
	f, err := readScenario(pos[1], e)
	if err != nil {
		return err
	}
	s, err := openBattle(ctx, *db, pos[0], e)
	if err != nil {
		return err
	}
	defer s.Close()
	st, err := s.state(ctx)
	if err != nil {
		return err
	}
	groups, err := attacksOf(f, pos[1], st, *target)
	if err != nil {
		return err
	}
	bu, _ := st.Unit(*target)
	if bu.Destroyed() {
		return msg.Errorf(battle.ErrInvalid, "battlecli.odds.error.destroyed", bu.Name)
	}
	attacks, err := unitAttacks(bu, groups, pos[1])
	if err != nil {
		return err
	}
	u, err := battle.OddsUnit(st, *target)
	if err != nil {
		return err
	}
	res, err := odds.Exact(ctx, u, attacks, odds.Config{MaxStates: *maxStates, Fallback: *fallback, Samples: *samples})
	if errors.Is(err, odds.ErrStateLimit) {
		return msg.Errorf(err, "cli.error.state_limit", pos[1], errArg(err), stateAdviceMsg(err, true))
	}
	if err != nil {
		err = stopped(err, *timeout)
		return msg.Errorf(err, "cli.error.at", pos[1], errArg(err))
	}
	if *asJSON {
		return writeJSON(e.stdout, odds.JSON(res, *exact))
	}
	printOdds(e.stdout, res, u, *exact, e.lang)
	return nil
}

// battleCombatOdds is `battle odds BATTLE A B FILE`: the odds of a round
// of close combat between the battle's units A and B as they stand, with
// the combat file's fights (as `battle combat` takes it), printed as
// `rearrank combat` prints them: exact, or past the state limit sampled
// unless --exact alone was asked for.
func battleCombatOdds(ctx context.Context, db string, pos []string, cfg combat.ExactConfig, exact, asJSON bool, timeout time.Duration, e env) error {
	path := pos[3]
	fight, ruleset, err := combatParts(path, e)
	if err != nil {
		return err
	}
	s, err := openBattle(ctx, db, pos[0], e)
	if err != nil {
		return err
	}
	defer s.Close()
	st, err := s.state(ctx)
	if err != nil {
		return err
	}
	if err := sameRuleset(st, pos[1], path, ruleset); err != nil {
		return err
	}
	c, err := battle.CombatOf(st, pos[1], pos[2], fight)
	if err != nil {
		return err
	}
	rep, err := exactCombat(ctx, c, cfg)
	if errors.Is(err, odds.ErrStateLimit) {
		return err
	}
	if err != nil {
		err = stopped(err, timeout)
		return msg.Errorf(err, "cli.error.at", path, errArg(err))
	}
	return printExactReport(c, rep, exact, asJSON, e)
}

// unitAttacks builds attack groups against a battle's unit as an attack
// on it does: a scenario of the unit's ruleset, switches and target with
// the groups, loaded and built; an error names path, the file the groups
// came from.
func unitAttacks(u *battle.Unit, groups []scenario.Attack, path string) ([]rearrank.Attack, error) {
	f, err := unitFile(u, groups, path)
	if err != nil {
		return nil, err
	}
	_, attacks, err := f.Build()
	if err != nil {
		return nil, usageError{Err: err}
	}
	return attacks, nil
}

// unitFile is the scenario of groups against a battle's unit: its
// ruleset, switches and target, loaded and checked; an error names path.
func unitFile(u *battle.Unit, groups []scenario.Attack, path string) (*scenario.File, error) {
	b, err := scenario.File{Attacks: groups}.MarshalJSON()
	if err != nil {
		return nil, err
	}
	var ga struct {
		Attacks json.RawMessage `json:"attacks"`
	}
	if err := json.Unmarshal(b, &ga); err != nil {
		return nil, err
	}
	doc, err := json.Marshal(struct {
		Ruleset string            `json:"ruleset"`
		Options map[string]string `json:"options,omitempty"`
		Attacks json.RawMessage   `json:"attacks"`
		Target  json.RawMessage   `json:"target"`
	}{u.Ruleset, u.Options, ga.Attacks, u.Target})
	if err != nil {
		return nil, err
	}
	f, err := scenario.Load(path, doc)
	if err != nil {
		return nil, usageError{Err: err}
	}
	return f, nil
}

func runBattleExport(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "export")
	out := fs.String("o", "", e.text("battlecli.export.flag.o"))
	pos, err := battleArgs(fs, args, 1, 1)
	if err != nil {
		return err
	}
	s, err := openBattle(ctx, *db, pos[0], e)
	if err != nil {
		return err
	}
	defer s.Close()
	recs, err := s.st.Records(ctx, s.meta.ID, 0, 0)
	if err != nil {
		return err
	}
	if *out == "" || *out == "-" {
		return battle.Export(e.stdout, s.meta.Name, recs)
	}
	return writeFileAtomic(*out, func(w io.Writer) error { return battle.Export(w, s.meta.Name, recs) })
}

// writeFileAtomic writes a file through a temporary one beside it, renamed
// over it once written and synced: a failure leaves the old file whole.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return msg.Errorf(err, "battlecli.export.error.write", path, err.Error())
	}
	bw := bufio.NewWriter(tmp)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return msg.Errorf(err, "battlecli.export.error.write", path, err.Error())
	}
	return nil
}

func runBattleImport(ctx context.Context, args []string, e env) error {
	fs, db := battleFlags(e, "import")
	name := fs.String("name", "", e.text("battlecli.import.flag.name"))
	pos, err := battleArgs(fs, args, 1, 1)
	if err != nil {
		return err
	}
	var r io.Reader = e.stdin
	if pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			return usageError{Err: err}
		}
		defer f.Close()
		r = f
	}
	ef, state, err := battle.ReadExport(pos[0], r)
	if err != nil {
		return usageError{Err: err}
	}
	battleName := ef.Name
	if *name != "" {
		battleName = *name
	}
	st, err := openStore(ctx, *db, e)
	if err != nil {
		return err
	}
	defer st.Close()
	m, err := st.Create(ctx, battleName)
	if err != nil {
		return err
	}
	if len(ef.Records) > 0 {
		if _, err := st.Append(ctx, m.ID, 0, ef.Records...); err != nil {
			// not a battle half imported: the empty one goes too
			_ = st.Delete(context.WithoutCancel(ctx), m.ID, 0)
			return err
		}
	}
	if state.Seq >= snapshotEvery {
		// a cache: failing to save it loses nothing
		_ = st.SaveSnapshot(ctx, m.ID, state.Seq, battle.EncodeSnapshot(state))
	}
	fmt.Fprintln(e.stdout, e.text("battlecli.import.done", m.Name, len(ef.Records), len(state.Units())))
	return nil
}

// saidAndShown says record rec, appended after state st, and draws unit
// name as the record left it.
func (s *session) saidAndShown(e env, st battle.State, rec battle.Record, name string) error {
	if err := s.said(st, rec); err != nil {
		return err
	}
	after, err := battle.Apply(st, rec)
	if err != nil {
		return err
	}
	u, err := after.Unit(name)
	if err != nil {
		return err
	}
	showUnit(e, u)
	return nil
}
