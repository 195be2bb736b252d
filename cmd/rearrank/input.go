package main

import (
	"context"
	"errors"
	"flag"
	"os"
	"time"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/scenario"
)

// readFile reads a scenario file named on the command line through
// scenario.Read, which stops at scenario.MaxSize: /dev/zero or a 3 GB file
// is refused after 1 MiB with an error that names the limit.
func readFile(path string) (*scenario.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return scenario.Read(path, f)
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
