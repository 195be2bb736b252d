package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/rules"
)

// TestLogCitesDocsRules checks that the referee's log, as the golden
// outputs hold it, cites only what docs/rules.md has: its numbered sections
// and the R and C codes of its table of choices; and never RULES.md, which
// a player does not have.
func TestLogCitesDocsRules(t *testing.T) {
	have := docsSections(t)
	// every reference the engine and the unit write into the log: an
	// event's rule, and a section, step or choice in brackets in its text
	// ("(9.2)", "(11.2 step 3)", "(R18, C13)")
	sources, _ := filepath.Glob("../../internal/engine/*.go")
	units, _ := filepath.Glob("../../internal/alloc/*.go")
	// the allocation's notes are in the catalogue (issue 25)
	units = append(units, "../../msg/catalogue_alloc.go")
	quoted := regexp.MustCompile(`"(RULES\.md [^"%]+)"`)
	literal := regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	paren := regexp.MustCompile(`\(([^()]*)\)`)
	ref := regexp.MustCompile(`^(?:rules )?([0-9]+\.[0-9]+|[RC][0-9]+|T-[0-9]+)(?: step ([0-9]+))?$`)
	inText := 0
	for _, f := range append(sources, units...) {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// internal/alloc/state.go's texts are Check's: a broken invariant of
		// RULES.md 17.3, a bug for us to read, never a line of the log
		check := !strings.HasSuffix(f, "/internal/alloc/state.go")
		for _, m := range quoted.FindAllStringSubmatch(string(b), -1) {
			c, _, _ := strings.Cut(strings.TrimPrefix(rearrank.Cite(m[1]), "rules "), ":")
			for _, ref := range strings.Split(c, ", ") {
				if !have[ref] {
					t.Errorf("%s: %q cites %q, which docs/rules.md does not have", f, m[1], ref)
				}
			}
		}
		for line := range strings.SplitSeq(string(b), "\n") {
			if !check || strings.HasPrefix(strings.TrimSpace(line), "//") {
				continue // comments cite RULES.md, for us
			}
			for _, lit := range literal.FindAllString(line, -1) {
				if strings.Contains(lit, "RULES.md") {
					continue
				}
				for _, p := range paren.FindAllStringSubmatch(lit, -1) {
					for r := range strings.SplitSeq(p[1], ", ") {
						m := ref.FindStringSubmatch(r)
						if m == nil {
							continue
						}
						inText++
						if !have[m[1]] {
							t.Errorf("%s: %s cites %q, which docs/rules.md does not have", f, lit, m[1])
						} else if m[2] != "" && !docsStep(t, m[1], m[2]) {
							t.Errorf("%s: %s cites step %s of %s, which docs/rules.md does not number", f, lit, m[2], m[1])
						}
					}
				}
			}
		}
	}
	if inText < 20 {
		t.Errorf("found %d citations in the log's texts; the pattern no longer finds them", inText)
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

// docsSections returns the numbered sections of docs/rules.md and the
// codes of its table of choices (R11, C24, T-3).
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
	for _, m := range regexp.MustCompile(`(?m)^\| ((?:[RC][0-9]+|T-[0-9]+)(?:, (?:[RC][0-9]+|T-[0-9]+))*) \|`).FindAllStringSubmatch(string(doc), -1) {
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
// names sections and codes docs/rules.md has, and none of the scenario,
// rules, web or command's says RULES.md.
func TestErrorsCiteDocsRules(t *testing.T) {
	have := docsSections(t)
	ref := `(?:[0-9]+(?:\.[0-9]+)?|[RC][0-9]+)`
	cited := regexp.MustCompile(`rules (` + ref + `(?:, ` + ref + `)*)`)
	var files []string
	for _, dir := range []string{"scenario", "rules", "internal/engine", "unit", "odds", "combat", "web", "cmd/rearrank", "msg"} {
		m, _ := filepath.Glob("../../" + dir + "/*.go")
		files = append(files, m...)
	}
	quotedRULES := regexp.MustCompile(`"[^"]*RULES\.md`)
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
			// The engine's and the unit's log references become "rules N"
			// on their way out (rearrank.Cite); the messages of these
			// packages reach the player as written.
			if quotedRULES.MatchString(line) && !strings.Contains(f, "/internal/") && !strings.Contains(f, "/unit/") && !strings.Contains(f, "/combat/") {
				t.Errorf("%s: %q says RULES.md, which a player does not have", f, strings.TrimSpace(line))
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

// TestDocsCiteDocsRules checks what a player reads beside the program's
// output: every file under docs/ and the OpenAPI document the server
// publishes. None says RULES.md or DESIGN.md or names a seed scenario
// ("seed 004"), which a player does not have, nor a worked example (E85);
// every "rules 11.2" or "docs/rules.md 11.2", every bare "(11.2)", every
// cell of a table's Rules column and every choice code (R11, C24, T-3)
// names what docs/rules.md has (issue 10, item 14).
func TestDocsCiteDocsRules(t *testing.T) {
	have := docsSections(t)
	files := []string{"../../web/assets/openapi.json"}
	err := filepath.WalkDir("../../docs", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".md") || strings.HasSuffix(path, ".json")) {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	ref := `(?:[0-9]+(?:\.[0-9]+)*|[RC][0-9]+|T-[0-9]+)`
	refs := ref + `(?:(?:, | and )` + ref + `)*`
	checks := []struct {
		what string
		re   *regexp.Regexp
	}{
		{"a citation", regexp.MustCompile(`(?:docs/rules\.md|\brules),? (?:section )?(` + refs + `)`)},
		{"a bare section", regexp.MustCompile(`\(([1-9][0-9]?\.[0-9]{1,2}(?:\.[0-9]+)*(?:, ` + ref + `)*)[,;)]`)},
		{"a choice code", regexp.MustCompile(`(?:^|[^\w-])([RC][0-9]+|T-[0-9]+)\b`)},
	}
	forbidden := regexp.MustCompile(`RULES\.md|DESIGN\.md|\bseed 0[0-9]|\bE[0-9]{1,3}\b`)
	cited := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rulesCol := -1 // the column of the Markdown table being read that cites docs/rules.md
		for i, line := range strings.Split(string(b), "\n") {
			where := fmt.Sprintf("%s:%d", strings.TrimPrefix(f, "../../"), i+1)
			cells := strings.Split(strings.Trim(line, "| "), " | ")
			switch {
			case !strings.HasPrefix(line, "|"):
				rulesCol = -1
			case rulesCol < 0:
				rulesCol = slices.Index(cells, "Rules")
			case rulesCol < len(cells) && !strings.HasPrefix(cells[rulesCol], "-"):
				for r := range strings.SplitSeq(cells[rulesCol], ", ") {
					cited++
					if r != "" && !have[r] {
						t.Errorf("%s: the Rules column cites %q, which docs/rules.md does not have", where, r)
					}
				}
			}
			for _, m := range forbidden.FindAllString(line, -1) {
				t.Errorf("%s: says %q, which a player does not have", where, m)
			}
			for _, c := range checks {
				for _, m := range c.re.FindAllStringSubmatch(line, -1) {
					cited++
					for _, r := range regexp.MustCompile(`, | and `).Split(m[1], -1) {
						if !have[r] {
							t.Errorf("%s: %s %q cites %q, which docs/rules.md does not have", where, c.what, m[0], r)
						}
					}
				}
			}
		}
	}
	if cited < 100 {
		t.Errorf("found %d citations in docs/ and openapi.json; the patterns no longer find them", cited)
	}
}
