package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/internal/engine"
)

// TestLogCitesDocsRules checks that the referee's log, as the golden
// outputs hold it, cites only what docs/rules.md has: its numbered sections
// and the R and C codes of its table of choices; and never RULES.md, which
// a player does not have.
func TestLogCitesDocsRules(t *testing.T) {
	doc, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^#{2,3} ([0-9]+(?:\.[0-9]+)?)\.? `).FindAllStringSubmatch(string(doc), -1) {
		have[m[1]] = true
	}
	for _, m := range regexp.MustCompile(`(?m)^\| ((?:[RC][0-9]+)(?:, [RC][0-9]+)*) \|`).FindAllStringSubmatch(string(doc), -1) {
		for _, c := range strings.Split(m[1], ", ") {
			have[c] = true
		}
	}
	// every reference the engine and the unit write into the log
	sources, _ := filepath.Glob("../../internal/engine/*.go")
	units, _ := filepath.Glob("../../unit/*.go")
	quoted := regexp.MustCompile(`"(RULES\.md [^"%]+)"`)
	for _, f := range append(sources, units...) {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range quoted.FindAllStringSubmatch(string(b), -1) {
			c, _, _ := strings.Cut(strings.TrimPrefix(engine.Cite(m[1]), "rules "), ":")
			for _, ref := range strings.Split(c, ", ") {
				if !have[ref] {
					t.Errorf("%s: %q cites %q, which docs/rules.md does not have", f, m[1], ref)
				}
			}
		}
	}
	files, _ := filepath.Glob("testdata/golden/*.txt")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	cite := regexp.MustCompile(`\[rules ([^\]:]+)`)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "RULES.md") {
			t.Errorf("%s: says RULES.md", f)
		}
		for _, m := range cite.FindAllStringSubmatch(string(b), -1) {
			for _, ref := range strings.Split(m[1], ", ") {
				if !have[ref] {
					t.Errorf("%s: cites %q, which docs/rules.md does not have", f, ref)
				}
			}
		}
	}
}
