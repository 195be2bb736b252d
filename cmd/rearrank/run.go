package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/internal/cli"
	"github.com/rearrank/rearrank/msg"
	"golang.org/x/term"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// run is the whole program: main only wires it to the process. Standard
// output goes through a buffer that is written out when the command ends
// (serve, which runs until stopped, writes straight through): the tables
// are hundreds of small writes, each of them a system call on a pipe or a
// terminal.
func run(ctx context.Context, args []string, e env) (err error) {
	args, e.lang, err = langFlag(args, localeLang(e))
	if err != nil {
		return err
	}
	if e.lang != msg.English {
		defer func() {
			if err != nil {
				err = inLang{err, e.lang}
			}
		}()
	}
	if len(args) > 0 && args[0] != "serve" {
		out := bufio.NewWriter(e.stdout)
		e.stdout = out
		defer func() {
			if ferr := out.Flush(); err == nil {
				err = ferr
			}
		}()
	}
	return dispatch(ctx, args, e)
}

// dispatch runs the command args[0].
func dispatch(ctx context.Context, args []string, e env) error {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, e.text("cli.usage.top"))
		return usage("cli.error.no_command")
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "help":
		if len(rest) > 0 && rest[0] != "help" { // rearrank help odds: odds' own help
			return dispatch(ctx, []string{rest[0], "--help"}, e)
		}
		fmt.Fprint(e.stdout, e.text("cli.usage.top"))
		return errHelp
	case "-h", "-help", "--help":
		fmt.Fprint(e.stdout, e.text("cli.usage.top"))
		return errHelp
	case "--version", "-version", "version":
		if len(rest) > 0 && isHelpFlag(rest[0]) {
			fmt.Fprint(e.stdout, e.text("cli.version.help"))
			return errHelp
		}
		if len(rest) > 0 {
			return usage("cli.version.args", strconv.Quote(rest[0]))
		}
		fmt.Fprintf(e.stdout, "rearrank %s\n", version)
		return nil
	case "odds":
		return runOdds(ctx, rest, e)
	case "resolve":
		return runResolve(ctx, rest, e)
	case "compare":
		return runCompare(ctx, rest, e)
	case "sim":
		return runSim(ctx, rest, e)
	case "combat":
		return runCombat(ctx, rest, e)
	case "sweep":
		return runSweep(ctx, rest, e)
	case "rulesets":
		return runRulesets(rest, e)
	case "serve":
		return runServe(ctx, rest, e)
	case "import":
		return runImport(rest, e)
	case "matrix":
		return runMatrix(ctx, rest, e)
	case "battle":
		return runBattle(ctx, rest, e)
	}
	fmt.Fprint(e.stderr, e.text("cli.usage.top"))
	return usage("cli.error.unknown_command", strconv.Quote(cmd))
}

// newFlags returns a FlagSet for a subcommand whose --help prints the
// usage line ("cli.<name>.usage" with args, the flags it writes as they
// are), the example and the flags ("cli.<name>.flag.<flag>", for the
// flags declared with no usage) to stdout, in e's language.
func newFlags(e env, name, example string, args ...any) *flag.FlagSet {
	return cli.NewFlagsIn(e.stdout, name, e.lang, msg.New(msg.ID("cli."+name+".usage"), args...), example)
}

// parse parses flags, allowing them before and after the positional
// arguments, and maps --help and flag errors to the right exits.
func parse(fs *flag.FlagSet, args []string) ([]string, error) { return cli.Parse(fs, args) }

// checkMaxStates refuses a --max-states of 0 or less, which the exact
// computations would read as their default or as no limit at all (odds,
// compare, combat).
func checkMaxStates(fs *flag.FlagSet, n int) error {
	if n < 1 {
		return usage("cli.error.max_states", fs.Name(), n)
	}
	return nil
}

// parseFile parses the flags and returns the single FILE argument.
func parseFile(fs *flag.FlagSet, args []string) (string, error) {
	pos, err := parse(fs, args)
	if err != nil {
		return "", err
	}
	return oneFile(fs, pos)
}

// oneFile returns the single FILE argument.
func oneFile(fs *flag.FlagSet, pos []string) (string, error) {
	switch len(pos) {
	case 1:
		return pos[0], nil
	case 0:
		return "", usage("cli.error.no_file", fs.Name())
	}
	return "", usage("cli.error.files", fs.Name(), len(pos), strings.Join(pos, " "))
}

// isTerminal reports whether w (or r) is a terminal, for colour, prompts and
// progress bars.
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	return ok && term.IsTerminal(int(file.Fd()))
}

// isHelpFlag reports whether a is one of the flags that ask for help.
func isHelpFlag(a string) bool {
	switch a {
	case "-h", "-help", "--help":
		return true
	}
	return false
}

// langFlag takes --lang L (or --lang=L) out of args, wherever it stands
// before a lone "--", and returns the language it names, or lang when
// there is none: every command writes in it.
func langFlag(args []string, lang msg.Lang) ([]string, msg.Lang, error) {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			out = append(out, args[i:]...)
			break
		}
		name, val, hasVal := strings.Cut(a, "=")
		if name != "--lang" && name != "-lang" {
			out = append(out, a)
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return nil, lang, usage("cli.error.lang_missing")
			}
			i++
			val = args[i]
		}
		l, err := msg.ParseLang(val)
		if err != nil {
			return nil, lang, usage("cli.error.lang", strconv.Quote(val))
		}
		lang = l
	}
	return out, lang, nil
}
