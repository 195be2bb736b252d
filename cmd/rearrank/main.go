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
// that exitCode reports in one line (exit status 1) instead of a crash, in
// the language the command was to speak.
func runSafe(ctx context.Context, args []string, e env) (err error) {
	defer func() {
		var p *safe.PanicError
		if errors.As(err, &p) {
			if _, l, lerr := langFlag(args, localeLang(e)); lerr == nil && l != msg.English {
				err = inLang{err, l}
			}
		}
	}()
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
	// lang is the language of what a person reads (msg): run sets it from
	// --lang, or else from the locale (LC_ALL, LC_MESSAGES, LANG through
	// getenv). JSON, and the names of fields, flags and codes, stay English
	// whatever it is.
	lang msg.Lang
}

// localeLang is the language of the locale e's getenv reads, English
// without one.
func localeLang(e env) msg.Lang {
	if e.getenv == nil {
		return msg.English
	}
	return msg.FromEnv(e.getenv)
}

// text renders the message id with args in e's language.
func (e env) text(id msg.ID, args ...any) string { return msg.New(id, args...).Text(e.lang) }

// note writes m on standard error as a note beside the answer.
func (e env) note(m msg.Message) {
	fmt.Fprintln(e.stderr, msg.New("cli.note", m).Text(e.lang))
}

// usageError marks bad input or usage: exit status 2.
type usageError = cli.UsageError

// usage is a usageError saying the message id with args.
func usage(id msg.ID, args ...any) error { return usageError{Err: msg.Errorf(nil, id, args...)} }

// errArg is err as an argument of a message: the error of the catalogue
// that says all err says (msg.Texter), so that it is written in the
// reader's language, or else err's English text.
func errArg(err error) any {
	text := err.Error()
	for e := err; e != nil; e = errors.Unwrap(e) {
		if t, ok := e.(msg.Texter); ok && e.Error() == text {
			return t
		}
	}
	return text
}

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
	if t, ok := errArg(err).(msg.Texter); ok {
		return t.Text(l)
	}
	return err.Error()
}

// exitCode prints err and returns the exit status: 0 success, 1 runtime
// failure, 2 bad input or usage. The line is in the language run spoke
// (inLang).
func exitCode(err error, stderr io.Writer) int {
	l := msg.English
	var in inLang
	if errors.As(err, &in) {
		l = in.lang
	}
	return cli.ExitCodeIn(err, stderr, l)
}
