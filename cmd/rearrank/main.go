// Command rearrank resolves wounds in tabletop wargames and tells you the
// odds. See "rearrank --help".
package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/rearrank/rearrank/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv, tty: isTerminal(os.Stdin)})
	stop()
	os.Exit(exitCode(err, os.Stderr))
}

// env is what a command may touch of the outside world.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	// tty: standard input is a terminal, so a person is there to be asked
	// for dice and for the owner's choices (resolve)
	tty bool
}

// usageError marks bad input or usage: exit status 2.
type usageError = cli.UsageError

func usagef(format string, args ...any) error { return cli.Usagef(format, args...) }

// errHelp is returned after --help was printed: exit status 0.
var errHelp = cli.ErrHelp

// exitCode prints err and returns the exit status: 0 success, 1 runtime
// failure, 2 bad input or usage.
func exitCode(err error, stderr io.Writer) int { return cli.ExitCode(err, stderr) }
