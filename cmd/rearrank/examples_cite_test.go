package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestExamplesCiteDocsRules checks the example files' comments (a JSON
// file's description) and examples/README.md, which players read: they
// never say RULES.md or a worked example's number (E85), which a player
// does not have, every "rules N" names a section docs/rules.md has, and
// every choice code (R11, C22), in a "rules" citation or on its own, is in
// its table of choices. Each file cites at least one rule.
func TestExamplesCiteDocsRules(t *testing.T) {
	have := docsSections(t)
	var files []string
	for _, pat := range []string{"../../examples/*.yaml", "../../examples/*.json", "../../examples/README.md"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("found %d example files; the globs no longer find them", len(files))
	}
	ref := `(?:[0-9]+(?:\.[0-9]+)*|[RC][0-9]+)`
	cited := regexp.MustCompile(`rules (` + ref + `(?:, ` + ref + `)*)`)
	worked := regexp.MustCompile(`\bE[0-9]+\b`)
	code := regexp.MustCompile(`\b[RC][0-9]+\b`)
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// a comment may break a citation across lines: read it as one line
		text := strings.Join(strings.Fields(strings.ReplaceAll(string(b), "\n#", "\n")), " ")
		if strings.Contains(text, "RULES.md") {
			t.Errorf("%s: says RULES.md; cite docs/rules.md as (rules N)", f)
		}
		if w := worked.FindAllString(text, -1); w != nil {
			t.Errorf("%s: cites worked examples %v, which docs/rules.md does not have", f, w)
		}
		for _, c := range code.FindAllString(text, -1) {
			n++
			if !have[c] {
				t.Errorf("%s: cites choice %s, which docs/rules.md does not have", f, c)
			}
		}
		ms := cited.FindAllStringSubmatch(text, -1)
		if len(ms) == 0 {
			t.Errorf("%s: cites no rule as (rules N)", f)
		}
		for _, m := range ms {
			n++
			for r := range strings.SplitSeq(m[1], ", ") {
				if !have[r] {
					t.Errorf("%s: %q cites %q, which docs/rules.md does not have", f, m[0], r)
				}
			}
		}
	}
	if n < 30 {
		t.Errorf("found %d citations in the examples; the pattern no longer finds them", n)
	}
}
