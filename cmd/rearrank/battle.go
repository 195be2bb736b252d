package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/battle/open"
	"github.com/rearrank/rearrank/battle/sqlite"
	"github.com/rearrank/rearrank/internal/cli"
	"github.com/rearrank/rearrank/msg"
)

// snapshotEvery is how many records a battle grows by between the
// snapshots a write saves (battle.Store.SaveSnapshot): opening a battle
// then replays at most that many records after its latest snapshot.
const snapshotEvery = 64

// battleCommands are the subcommands of rearrank battle, each with the
// function that runs it.
var battleCommands = map[string]func(context.Context, []string, env) error{
	"new":    runBattleNew,
	"list":   runBattleList,
	"rm":     runBattleRm,
	"rename": runBattleRename,
	"add":    runBattleAdd,
	"attack": runBattleAttack,
	"combat": runBattleCombat,
	"fix":    runBattleFix,
	"leave":  runBattleLeave,
	"next":   runBattleNext,
	"turn":   runBattleTurn,
	"undo":   runBattleUndo,
	"redo":   runBattleRedo,
	"log":    runBattleLog,
	"show":   runBattleShow,
	"odds":   runBattleOdds,
	"export": runBattleExport,
	"import": runBattleImport,
}

// runBattle runs rearrank battle SUBCOMMAND: a game kept as a log of
// events in a database (docs/battle.md).
func runBattle(ctx context.Context, args []string, e env) error {
	// --db before the subcommand is the subcommand's: rearrank battle
	// --db game.db show game
	var db []string
	for len(args) > 0 {
		name, _, hasVal := strings.Cut(args[0], "=")
		if name != "--db" && name != "-db" {
			break
		}
		if hasVal {
			db, args = append(db, args[0]), args[1:]
			continue
		}
		if len(args) < 2 {
			return usage("battlecli.error.db_missing")
		}
		db, args = append(db, args[0], args[1]), args[2:]
	}
	if len(args) == 0 {
		fmt.Fprint(e.stderr, e.text("battlecli.usage"))
		return usage("battlecli.error.no_command")
	}
	if isHelpFlag(args[0]) || args[0] == "help" {
		if args[0] == "help" && len(args) > 1 && battleCommands[args[1]] != nil {
			return battleCommands[args[1]](ctx, []string{"--help"}, e)
		}
		fmt.Fprint(e.stdout, e.text("battlecli.usage"))
		return errHelp
	}
	run, ok := battleCommands[args[0]]
	if !ok {
		fmt.Fprint(e.stderr, e.text("battlecli.usage"))
		return usage("battlecli.error.unknown_command", strconv.Quote(args[0]))
	}
	return run(ctx, append(args[1:len(args):len(args)], db...), e)
}

// battleFlags is the FlagSet of rearrank battle sub, with --db, which
// every subcommand takes. Its --help prints battlecli.<sub>.usage, the
// example and the flags, in e's language.
func battleFlags(e env, sub string) (*flag.FlagSet, *string) {
	fs := cli.NewFlagsIn(e.stdout, "battle "+sub, e.lang, battleUsage(sub), e.text(msg.ID("battlecli."+sub+".example")))
	db := fs.String("db", "", e.text("battlecli.flag.db"))
	return fs, db
}

// battleFlagNames are the flags a subcommand's usage line names, its
// arguments: a flag is the same in every language.
var battleFlagNames = map[string][]any{
	"list":   {"--json"},
	"add":    {"--name", "--from", "--unit", "--ruleset", "--set"},
	"attack": {"--target", "--dice", "--seed", "--json"},
	"combat": {"--dice", "--seed", "--json"},
	"fix":    {"--remove", "--aim", "--wound", "--models", "--set"},
	"log":    {"--json"},
	"show":   {"--json"},
	"odds":   {"--target", "--exact", "--json", "--max-states", "--fallback", "--timeout"},
	"export": {"-o"},
	"import": {"--name"},
}

// battleUsage is the usage line of rearrank battle sub, after its name.
func battleUsage(sub string) msg.Message {
	return msg.New(msg.ID("battlecli."+sub+".usage"), battleFlagNames[sub]...)
}

// jsonFlag adds --json to a subcommand whose output is data.
func jsonFlag(fs *flag.FlagSet, e env) *bool {
	return fs.Bool("json", false, e.text("battlecli.flag.json"))
}

// battleArgs parses fs and returns its positional arguments, which must be
// between lo and hi in number.
func battleArgs(fs *flag.FlagSet, args []string, lo, hi int) ([]string, error) {
	pos, err := parse(fs, args)
	if err != nil {
		return nil, err
	}
	if len(pos) < lo || len(pos) > hi {
		return nil, usage("battlecli.error.args", fs.Name(), len(pos), battleUsage(strings.TrimPrefix(fs.Name(), "battle ")))
	}
	return pos, nil
}

// openStore opens the database --db names (a file, or a postgres:// URL:
// battle/open), else the one REARRANK_DB names, as serve does, so that
// the command line and the server it stands beside see one set of
// battles, else the default one (sqlite.DefaultPath, which honours
// XDG_DATA_HOME). Its errors are the store's, in the player's words
// (battlestore.*): exit status 1.
func openStore(ctx context.Context, db string, e env) (battle.Store, error) {
	path := db
	if path == "" {
		path = e.getenv("REARRANK_DB")
	}
	if path == "" {
		p, err := sqlite.DefaultPath()
		if err != nil {
			return nil, err
		}
		path = p
	}
	return open.Store(ctx, path)
}

// session is one battle of an open store, as a subcommand works on it.
type session struct {
	st   battle.Store
	meta battle.Meta
	e    env
}

// openBattle opens the store and finds the battle named (or whose id is)
// name: an unknown one is the store's error, naming it.
func openBattle(ctx context.Context, db, name string, e env) (*session, error) {
	st, err := openStore(ctx, db, e)
	if err != nil {
		return nil, err
	}
	meta, err := st.Get(ctx, name)
	if err != nil {
		st.Close()
		return nil, err
	}
	return &session{st: st, meta: meta, e: e}, nil
}

func (s *session) Close() error { return s.st.Close() }

// state opens the battle's state: its latest snapshot and the records
// after it.
func (s *session) state(ctx context.Context) (battle.State, error) {
	return battle.Open(ctx, s.st, s.meta.ID)
}

// build makes the next record of a state; it may also return what the
// command prints beside it (an attack's result, a combat round).
type build func(battle.State) (battle.Record, error)

// write appends the record build makes from the battle as it stands, and
// returns the state before it and the record. With retry, a battle that
// another writer changed in between (battle.ErrStale) is opened again and
// the record built again, once; without, as for dice a person gave for
// the battle as it stood, the stale error is the answer. An undo that
// reaches before the snapshot the state was opened from is built again on
// the whole log. Every snapshotEvery records, the state after is saved as
// a snapshot.
func (s *session) write(ctx context.Context, b build, retry bool) (battle.State, battle.Record, error) {
	for attempt := 0; ; attempt++ {
		st, err := s.state(ctx)
		if err != nil {
			return battle.State{}, battle.Record{}, err
		}
		rec, err := b(st)
		if errors.Is(err, battle.ErrHistory) {
			if st, err = battle.OpenFull(ctx, s.st, s.meta.ID); err == nil {
				rec, err = b(st)
			}
		}
		if err != nil {
			return battle.State{}, battle.Record{}, err
		}
		meta, err := s.st.Append(ctx, s.meta.ID, st.Seq, rec)
		if errors.Is(err, battle.ErrStale) && retry && attempt == 0 {
			continue
		}
		if err != nil {
			return battle.State{}, battle.Record{}, err
		}
		s.meta = meta
		rec.Seq = meta.Version
		if meta.Version%snapshotEvery == 0 {
			s.snapshot(ctx, st, rec)
		}
		return st, rec, nil
	}
}

// snapshot saves the state after rec. A snapshot is a cache, which only
// makes the next opening faster: failing to save one loses nothing, and
// the record is kept, so it is not an error of the command.
func (s *session) snapshot(ctx context.Context, before battle.State, rec battle.Record) {
	after, err := battle.Apply(before, rec)
	if err != nil {
		return
	}
	_ = s.st.SaveSnapshot(ctx, s.meta.ID, after.Seq, battle.EncodeSnapshot(after))
}

// said prints the line of the log that record rec, appended after state
// st, reads as: "event 4: Turn 1, shooting: ...".
func (s *session) said(st battle.State, rec battle.Record) error {
	line, err := battle.Summary(st, rec)
	if err != nil {
		return err
	}
	fmt.Fprintln(s.e.stdout, s.e.text("battlecli.event", int(rec.Seq), line))
	return nil
}
