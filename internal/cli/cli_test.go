package cli

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/internal/safe"
)

// TestExitCode: the exit statuses of the package doc, and what is printed
// for each: nothing for success, help and an Exited (whose command spoke
// for itself), one "rearrank: " line otherwise.
func TestExitCode(t *testing.T) {
	for _, c := range []struct {
		err  error
		code int
		out  string
	}{
		{nil, 0, ""},
		{ErrHelp, 0, ""},
		{errors.New("odds: s2.yaml: state limit"), 1, "rearrank: odds: s2.yaml: state limit\n"},
		{Usagef("odds: --max-states %d: want at least 1", 0), 2, "rearrank: odds: --max-states 0: want at least 1\n"},
		{fmt.Errorf("load: %w", Usagef("bad file")), 2, "rearrank: load: bad file\n"},
		{Exited{Status: 2}, 2, ""},
		{Exited{Status: 1}, 1, ""},
	} {
		var out bytes.Buffer
		if code := ExitCode(c.err, &out); code != c.code || out.String() != c.out {
			t.Errorf("ExitCode(%v) = %d printing %q, want %d printing %q", c.err, code, out.String(), c.code, c.out)
		}
	}
}

// TestParse: flags before and after the arguments, --help printed once to
// the given writer, and a bad flag a usage error that names the command.
func TestParse(t *testing.T) {
	var out bytes.Buffer
	fs := NewFlags(&out, "odds", "[--json] FILE", "rearrank odds examples/crossbows.yaml")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := Parse(fs, []string{"a.yaml", "--json", "b.yaml"})
	if err != nil || !*asJSON || strings.Join(pos, " ") != "a.yaml b.yaml" {
		t.Errorf("Parse: %v %v %v", pos, *asJSON, err)
	}
	if _, err := Parse(fs, []string{"--help"}); err != ErrHelp ||
		out.String() != "Usage: rearrank odds [--json] FILE\n\nExample:\n  rearrank odds examples/crossbows.yaml\n\nFlags:\n  -json\n    \tprint JSON\n" {
		t.Errorf("--help: %v, printed %q", err, out.String())
	}
	_, err = Parse(fs, []string{"--jsn"})
	var u UsageError
	if !errors.As(err, &u) || !strings.Contains(err.Error(), "odds: flag provided but not defined: -jsn (see rearrank odds --help)") {
		t.Errorf("bad flag: %v", err)
	}
}

func TestExitCodeOfAPanic(t *testing.T) {
	t.Setenv("REARRANK_DEBUG", "")
	var out strings.Builder
	err := fmt.Errorf("combat: %w", &safe.PanicError{Value: "index out of range [3] with length 3", Stack: []byte("goroutine 1 [running]:\n")})
	if got := ExitCode(err, &out); got != 1 {
		t.Errorf("exit status %d, want 1", got)
	}
	want := "rearrank: internal error: index out of range [3] with length 3 (this is a bug in rearrank: please report it with the command and its input)\n"
	if out.String() != want {
		t.Errorf("stderr:\n%q\nwant\n%q", out.String(), want)
	}
}
