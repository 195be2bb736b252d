package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/combat"
)

// TestNoRULESmdInOutput runs every command on every example, as text and
// as --json, and checks that nothing a player reads says RULES.md: the log,
// the events' rule field and the switches' references cite docs/rules.md
// ("rules 5"), the rules reference a player has (issue 10, item 14).
func TestNoRULESmdInOutput(t *testing.T) {
	yamls, _ := filepath.Glob("../../examples/*.yaml")
	jsons, _ := filepath.Glob("../../examples/*.json")
	var runs [][]string
	for _, path := range append(yamls, jsons...) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if combat.IsFile(data) {
			runs = append(runs, []string{"combat", "--seed", "1", path}, []string{"combat", "--seed", "1", "--json", path},
				[]string{"combat", "--exact", "--json", path})
			continue
		}
		runs = append(runs,
			[]string{"resolve", "--seed", "1", path}, []string{"resolve", "--seed", "1", "--json", path},
			[]string{"odds", path}, []string{"odds", "--json", path},
			[]string{"sim", "--n", "200", "--seed", "1", path}, []string{"sim", "--n", "200", "--seed", "1", "--json", path})
	}
	runs = append(runs, []string{"rulesets"}, []string{"rulesets", "--json"})
	if len(runs) < 50 {
		t.Fatalf("%d runs: the examples are missing", len(runs))
	}
	for _, args := range runs {
		var out, errb bytes.Buffer
		err := run(context.Background(), args, env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }})
		if err != nil {
			t.Errorf("rearrank %s: %v\n%s", strings.Join(args, " "), err, errb.String())
			continue
		}
		if out.Len() == 0 {
			t.Errorf("rearrank %s: no output", strings.Join(args, " "))
		}
		for _, b := range []*bytes.Buffer{&out, &errb} {
			if i := strings.Index(b.String(), "RULES.md"); i >= 0 {
				t.Errorf("rearrank %s says RULES.md: ...%s...", strings.Join(args, " "), b.String()[max(0, i-80):min(b.Len(), i+40)])
			}
		}
	}
}

// TestHelpInPlayersWords checks every command's --help for words a player
// has no use for: the project's design notes (DESIGN.md, RULES.md) and Go's
// names for its machinery (a2 F2 item 7).
func TestHelpInPlayersWords(t *testing.T) {
	for _, cmd := range []string{"odds", "resolve", "compare", "sim", "combat", "rulesets"} {
		var out, errb bytes.Buffer
		err := run(context.Background(), []string{cmd, "--help"}, env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }})
		if err != nil && err != errHelp {
			t.Errorf("rearrank %s --help: %v", cmd, err)
		}
		if !strings.Contains(out.String(), "Usage: rearrank "+cmd) {
			t.Errorf("rearrank %s --help: no usage line:\n%s", cmd, out.String())
		}
		for _, w := range []string{"DESIGN.md", "RULES.md", "STYLE.md", "goroutine"} {
			if strings.Contains(out.String(), w) {
				t.Errorf("rearrank %s --help says %s:\n%s", cmd, w, out.String())
			}
		}
	}
}
