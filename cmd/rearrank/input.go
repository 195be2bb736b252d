package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/scenario"
)

// readFile reads a scenario file named on the command line, "-" for
// stdin, through scenario.LoadLists, which stops at scenario.MaxSize:
// /dev/zero or a 3 GB file is refused after 1 MiB with an error that
// names the limit. The list files its from: fields name are read
// relative to its directory (stdin's: the working directory); the notes
// are what the mapping from a list did not use or assumed.
func readFile(path string, stdin io.Reader) (*scenario.File, []msg.Message, error) {
	data, err := readLimited(path, stdin)
	if err != nil {
		return nil, nil, err
	}
	return scenario.LoadLists(path, data, scenario.DirLists(listDir(path)))
}

// readLimited reads at most one byte past scenario.MaxSize of the file
// named on the command line, "-" for stdin, so that the loader names the
// limit.
func readLimited(path string, stdin io.Reader) ([]byte, error) {
	data, err := readUpTo(path, stdin, scenario.MaxSize)
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Op == "open" {
		return nil, err
	}
	if err != nil {
		name := path
		if name == "-" {
			name = "<stdin>"
		}
		return nil, scenario.ErrorIn(name, 0, 0, fmt.Errorf("%w: %w", scenario.ErrInvalid, err), msg.New("scenario.load.read", err.Error()))
	}
	return data, nil
}

// readUpTo reads the file named on the command line, "-" for stdin, up
// to one byte past limit, so that its reader can name the limit.
func readUpTo(path string, stdin io.Reader, limit int64) ([]byte, error) {
	r := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	return io.ReadAll(io.LimitReader(r, limit+1))
}

// listDir is the directory a file's from: names are relative to.
func listDir(path string) string {
	if path == "-" {
		return "."
	}
	return filepath.Dir(path)
}

// timeoutFlag adds --timeout to a command that computes.
func timeoutFlag(fs *flag.FlagSet) *time.Duration {
	return fs.Duration("timeout", 0, "")
}

// withTimeout bounds ctx by the --timeout of command name.
func withTimeout(ctx context.Context, name string, d time.Duration) (context.Context, context.CancelFunc, error) {
	switch {
	case d < 0:
		return nil, nil, usage("cli.error.timeout", name, d.String())
	case d == 0:
		ctx, cancel := context.WithCancel(ctx)
		return ctx, cancel, nil
	}
	ctx, cancel := context.WithTimeout(ctx, d)
	return ctx, cancel, nil
}

// stopped explains a computation that ended on its context, in a player's
// words: "interrupted" (Ctrl-C) or "stopped after --timeout 300ms ...",
// without Go's "context canceled". errors.Is still finds the context's
// error. Other errors pass unchanged.
func stopped(err error, d time.Duration) error {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return msg.Errorf(err, "cli.stopped.timeout", d.String())
	case errors.Is(err, context.Canceled):
		return msg.Errorf(err, "cli.stopped.interrupted")
	}
	return err
}

// stateAdvice says what helps past a state limit. Three limits wrap
// odds.ErrStateLimit: the states held at once, which --max-states raises,
// the memory they take (odds.ErrMemoryLimit), and the ways one step's dice
// can fall, a fixed bound of the enumeration; no flag raises the last two. Monte Carlo answers either: odds has --fallback,
// compare (exact only) leaves it to rearrank sim.
func stateAdvice(err error, hasFallback bool) string {
	return stateAdviceMsg(err, hasFallback).String()
}

// stateAdviceMsg is stateAdvice as a message.
func stateAdviceMsg(err error, hasFallback bool) msg.Message {
	mc := msg.New("cli.advice.sim")
	if hasFallback {
		mc = msg.New("cli.advice.fallback")
	}
	if errors.Is(err, odds.ErrDicePaths) {
		return msg.New("cli.advice.paths", mc)
	}
	if errors.Is(err, odds.ErrMemoryLimit) {
		return msg.New("cli.advice.memory", mc)
	}
	return msg.New("cli.advice.states", mc)
}

// simBudget bounds the default sim: samples times attacks rolled. At
// about 50 million dice a second per core (bench/README.md), a few dice
// per attack, the default finishes in about a second however large the
// file is; an explicit --n is obeyed.
const simBudget = 20_000_000

// simSamples is the number of samples sim runs without --n: the default,
// or fewer for a scenario whose attacks would make the default slow.
func simSamples(attacks []rearrank.Attack) (n int, capped bool) {
	most := 0
	for _, a := range attacks {
		most += a.Count.Max()
	}
	n = odds.DefaultSamples
	if most > 0 && most*n > simBudget {
		return max(1000, simBudget/most), true
	}
	return n, false
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}
