// Package cli is what the rearrank commands share of the command line:
// flag sets whose --help prints a usage line and an example, flags before
// and after the arguments, and the exit statuses (0 success, 1 runtime
// failure, 2 bad input or usage).
package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rearrank/rearrank/internal/safe"
	"github.com/rearrank/rearrank/msg"
)

// UsageError marks bad input or usage: exit status 2.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// Usagef returns a UsageError with a formatted message.
func Usagef(format string, args ...any) error { return UsageError{fmt.Errorf(format, args...)} }

// ErrHelp is returned after --help was printed: exit status 0.
var ErrHelp = errors.New("help printed")

// Exited is the failure of a command run on the user's behalf that has
// reported it already on standard error: exit with its Status, print
// nothing more.
type Exited struct{ Status int }

func (e Exited) Error() string { return fmt.Sprintf("exit status %d", e.Status) }

// ExitCode prints err and returns the exit status: 0 success, 1 runtime
// failure, 2 bad input or usage, an Exited's own status.
func ExitCode(err error, stderr io.Writer) int { return ExitCodeIn(err, stderr, msg.English) }

// ExitCodeIn is ExitCode with rearrank's own words (a bug's line) in
// language l; err says itself.
func ExitCodeIn(err error, stderr io.Writer, l msg.Lang) int {
	var exited Exited
	switch {
	case err == nil, errors.Is(err, ErrHelp):
		return 0
	case errors.As(err, &exited):
		return exited.Status
	}
	var p *safe.PanicError
	if errors.As(err, &p) {
		// A bug met on this input: say so in one line, and keep the
		// stack for the report (REARRANK_DEBUG=1 prints it).
		fmt.Fprintln(stderr, msg.New("cli.error.internal", fmt.Sprint(p.Value)).Text(l))
		if os.Getenv("REARRANK_DEBUG") != "" {
			stderr.Write(p.Stack)
		}
		return 1
	}
	fmt.Fprintln(stderr, "rearrank:", err)
	var u UsageError
	if errors.As(err, &u) {
		return 2
	}
	return 1
}

// NewFlags returns a FlagSet for the subcommand name whose --help prints
// the usage line, the example and the flags to stdout (NewFlagsIn in
// English, with usage written as it is).
func NewFlags(stdout io.Writer, name, usage, example string) *flag.FlagSet {
	return NewFlagsIn(stdout, name, msg.English, msg.New("cli.text", usage), example)
}

// NewFlagsIn is NewFlags for a subcommand whose help is in the catalogue,
// rendered in language l when --help asks for it (and so never built
// otherwise): the synopsis and what follows it are usage, and a flag
// declared with an empty usage takes the message "cli.<name>.flag.<flag>".
func NewFlagsIn(stdout io.Writer, name string, l msg.Lang, usage msg.Message, example string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprint(stdout, msg.New("cli.help.command", name, usage, example).Text(l))
		fs.VisitAll(func(f *flag.Flag) {
			if f.Usage == "" {
				f.Usage = msg.New(msg.ID("cli." + name + ".flag." + f.Name)).Text(l)
			}
		})
		var b bytes.Buffer
		fs.SetOutput(&b)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
		out := b.String()
		if l != msg.English { // the flag package's own words
			out = strings.ReplaceAll(out, " (default ", " ("+msg.New("cli.help.default").Text(l)+" ")
		}
		io.WriteString(stdout, out)
	}
	return fs
}

// Parse parses flags, allowing them before and after the positional
// arguments, and maps --help and flag errors to the right exits.
func Parse(fs *flag.FlagSet, args []string) ([]string, error) {
	// The flag package prints the usage itself on --help and on every bad
	// flag: keep it quiet, print it once for --help, and leave a bad flag
	// to the one-line error on standard error (standard output may be a
	// --json pipe).
	usage := fs.Usage
	fs.Usage = func() {}
	defer func() { fs.Usage = usage }()
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if err == flag.ErrHelp {
				usage()
				return nil, ErrHelp
			}
			return nil, UsageError{msg.Errorf(nil, "cli.error.flag", fs.Name(), flagError(err))}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// flagError is an error of the flag package in a player's words: the
// flag package's three common errors as messages, any other as it is.
func flagError(err error) any {
	text := err.Error()
	if name, ok := strings.CutPrefix(text, "flag provided but not defined: -"); ok {
		return msg.New("cli.flag.undefined", name)
	}
	if name, ok := strings.CutPrefix(text, "flag needs an argument: -"); ok {
		return msg.New("cli.flag.needs_argument", name)
	}
	// invalid value "x" for flag -n: parse error
	if rest, ok := strings.CutPrefix(text, "invalid value "); ok {
		value, rest, ok1 := strings.Cut(rest, " for flag -")
		name, why, ok2 := strings.Cut(rest, ": ")
		if ok1 && ok2 {
			var reason any = why
			switch why {
			case "parse error":
				reason = msg.New("cli.flag.parse_error")
			case "value out of range":
				reason = msg.New("cli.flag.out_of_range")
			}
			return msg.New("cli.flag.invalid", value, name, reason)
		}
	}
	return text
}
