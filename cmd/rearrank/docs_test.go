package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/internal/engine"
	"github.com/rearrank/rearrank/rules"
)

// TestLogCitesDocsRules checks that the referee's log, as the golden
// outputs hold it, cites only what docs/rules.md has: its numbered sections
// and the R and C codes of its table of choices; and never RULES.md, which
// a player does not have.
func TestLogCitesDocsRules(t *testing.T) {
	have := docsSections(t)
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

// docsSections returns the numbered sections of docs/rules.md and the R
// and C codes of its table of choices.
func docsSections(t *testing.T) map[string]bool {
	t.Helper()
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
	return have
}

// TestRulesetsCiteDocsRules checks the switches' references that
// `rearrank rulesets` and GET /api/rulesets print: each names sections and
// codes docs/rules.md has.
func TestRulesetsCiteDocsRules(t *testing.T) {
	have := docsSections(t)
	for _, r := range rules.Catalog() {
		for _, s := range r.Switches {
			refs, ok := strings.CutPrefix(s.Ref, "rules ")
			if !ok {
				t.Errorf("%s %s: ref %q, want rules N", r.Name, s.Name, s.Ref)
				continue
			}
			for ref := range strings.SplitSeq(refs, ", ") {
				if !have[ref] {
					t.Errorf("%s %s: cites %q, which docs/rules.md does not have", r.Name, s.Name, ref)
				}
			}
		}
	}
}

// TestErrorsCiteDocsRules checks the rule references in the messages a
// player reads besides the log (validation errors, hints, notes): each
// names sections and codes docs/rules.md has, and none says RULES.md.
func TestErrorsCiteDocsRules(t *testing.T) {
	have := docsSections(t)
	ref := `(?:[0-9]+(?:\.[0-9]+)?|[RC][0-9]+)`
	cited := regexp.MustCompile(`rules (` + ref + `(?:, ` + ref + `)*)`)
	var files []string
	for _, dir := range []string{"scenario", "rules", "internal/engine", "unit", "odds", "combat", "web", "cmd/rearrank"} {
		m, _ := filepath.Glob("../../" + dir + "/*.go")
		files = append(files, m...)
	}
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for line := range strings.SplitSeq(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "//") || !strings.Contains(line, `"`) {
				continue // comments are for us
			}
			for _, m := range cited.FindAllStringSubmatch(line, -1) {
				n++
				for r := range strings.SplitSeq(m[1], ", ") {
					if !have[r] {
						t.Errorf("%s: %q cites %q, which docs/rules.md does not have", f, strings.TrimSpace(line), r)
					}
				}
			}
		}
	}
	if n < 20 {
		t.Errorf("found %d citations in messages; the pattern no longer finds them", n)
	}
}
