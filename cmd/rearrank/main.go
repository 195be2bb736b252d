// Command rearrank resolves wounds in tabletop wargames and tells you the
// odds. See "rearrank --help".
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/rearrank/rearrank/internal/cli"
	"github.com/rearrank/rearrank/internal/safe"
	"github.com/rearrank/rearrank/msg"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := runSafe(ctx, os.Args[1:], env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv, tty: isTerminal(os.Stdin)})
	stop()
	os.Exit(exitCode(err, os.Stderr))
}

// runSafe is run with a panic, a bug in rearrank, turned into an error
// that exitCode reports in one line (exit status 1) instead of a crash.
func runSafe(ctx context.Context, args []string, e env) (err error) {
	defer safe.Recover(&err)
	return run(ctx, args, e)
}

// env is what a command may touch of the outside world.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	// tty: standard input is a terminal, so a person is there to be asked
	// for dice and for the owner's choices (resolve)
	tty bool
	// lang is the language of what a person reads (msg); JSON and the
	// names of fields, flags and codes stay English whatever it is.
	lang msg.Lang
}

// note writes m on standard error as a note beside the answer.
func (e env) note(m msg.Message) {
	fmt.Fprintln(e.stderr, msg.New("cli.note", m).Text(e.lang))
}

// usageError marks bad input or usage: exit status 2.
type usageError = cli.UsageError

func usagef(format string, args ...any) error { return cli.Usagef(format, args...) }

// errHelp is returned after --help was printed: exit status 0.
var errHelp = cli.ErrHelp

// inLang is an error as its reader reads it: its Error is err in lang
// when err can be said in a language (a file's error, msg.Texter), and it
// wraps err, so that exitCode sorts it as before.
type inLang struct {
	err  error
	lang msg.Lang
}

func (e inLang) Error() string { return errorText(e.err, e.lang) }
func (e inLang) Unwrap() error { return e.err }

// errorText is err in language l: err itself when it can be said in a
// language (msg.ErrorText), else the first error it wraps that can and
// that says all err says, as a usageError wrapping a scenario file's error
// does. An error that adds words of its own ("odds.yaml: ...") stays
// English.
func errorText(err error, l msg.Lang) string {
	text := err.Error()
	for e := err; e != nil; e = errors.Unwrap(e) {
		if _, ok := e.(msg.Texter); ok && e.Error() == text {
			return msg.ErrorText(e, l)
		}
	}
	return text
}

// exitCode prints err and returns the exit status: 0 success, 1 runtime
// failure, 2 bad input or usage.
func exitCode(err error, stderr io.Writer) int { return cli.ExitCode(err, stderr) }
