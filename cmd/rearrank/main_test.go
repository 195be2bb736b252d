package main

import (
	"bytes"
	"context"
	"flag"
	"github.com/rearrank/rearrank/combat"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite the golden files and scripts from the program's output")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"rearrank": func() {
			// REARRANK_TEST_TTY=1 makes a script's stdin a person at a
			// terminal: the owner is asked (owner-tty.txtar)
			tty := isTerminal(os.Stdin) || os.Getenv("REARRANK_TEST_TTY") == "1"
			err := run(context.Background(), os.Args[1:], env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv, tty: tty})
			os.Exit(exitCode(err, os.Stderr))
		},
	})
}

// TestScripts runs the scripts in testdata/script: each holds commands and
// their expected output side by side. -update rewrites the expected output.
func TestScripts(t *testing.T) {
	examples, err := filepath.Abs("../../examples")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Setup: func(e *testscript.Env) error {
			e.Setenv("EXAMPLES", examples)
			return nil
		},
	})
}

// TestExamplesGolden runs odds and resolve on every example scenario, and
// combat --exact and combat --seed 1 on every combat file (a top-level
// combat key, RULES.md 21.10), and compares the output with
// testdata/golden. -update rewrites the files.
func TestExamplesGolden(t *testing.T) {
	yamls, err := filepath.Glob("../../examples/*.yaml")
	jsons, _ := filepath.Glob("../../examples/*.json")
	files := append(yamls, jsons...)
	if err != nil || len(files) < 12 {
		t.Fatalf("want at least 12 example files, got %d (%v)", len(files), err)
	}
	for _, path := range files {
		base := filepath.Base(path)
		type command struct {
			suffix string
			args   []string
		}
		commands := []command{
			{"odds", []string{"odds", "--exact", path}},
			{"resolve", []string{"resolve", "--seed", "1", path}},
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if combat.IsFile(data) {
			commands = []command{
				{"exact", []string{"combat", "--exact", path}},
				{"seed", []string{"combat", "--seed", "1", path}},
			}
		}
		for _, c := range commands {
			t.Run(base+"/"+c.suffix, func(t *testing.T) {
				var out, errb bytes.Buffer
				err := run(context.Background(), c.args, env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }})
				if err != nil {
					t.Fatalf("rearrank %s: %v\n%s", strings.Join(c.args, " "), err, errb.String())
				}
				golden := filepath.Join("testdata", "golden", strings.TrimSuffix(base, filepath.Ext(base))+"."+c.suffix+".txt")
				if *update {
					if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run go test -update to create it)", err)
				}
				if !bytes.Equal(out.Bytes(), want) {
					t.Errorf("rearrank %s differs from %s (go test -update to accept):\n%s", strings.Join(c.args, " "), golden, out.String())
				}
			})
		}
	}
}
