package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/internal/gen"
	"github.com/rearrank/rearrank/referee"
	"github.com/rearrank/rearrank/rules"
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

// TestLogWordsSeeded runs the referee with seeded dice over random
// scenarios of every ruleset (package gen, the property tests' generator)
// and reads every line of its log as a player does: a count of one takes
// the singular ("1 hit", "1 more die", "0 of 1 wound left"), a stage or a
// state is written in words ("hit again", "out of action"), not its JSON
// name, and every rule the line cites, in its [rules N] or in its text
// ("(9.2)", "(11.2 step 3)", "(C13)"), is a section, a numbered step of
// one or a choice code that docs/rules.md has (issue 10, item 14).
func TestLogWordsSeeded(t *testing.T) {
	const perRuleset = 400
	have := docsSections(t)
	plural := regexp.MustCompile(`\b1 (?:(?:more|carried|unsaved|single|poisoned|automatic|extra|further|failed|lost|instant|ordinary) ){0,2}(?:models|attacks|hits|wounds|Wounds|dice|casualties|ranks|saves|kills|packets|shots|warriors)\b`)
	agree := regexp.MustCompile(`\b1 (?:(?:more|carried|unsaved|single|poisoned|automatic|extra|further|failed|lost|instant|ordinary) ){0,2}(?:hit|wound|model|attack)s? (?:become|remain|go)\b`)
	internal := regexp.MustCompile(`\b(?:hit_again|multiple_hits|out_of_action|knocked_down|rank_and_file|standard_bearer)\b|R&F|mw cap`)
	paren := regexp.MustCompile(`\(([^()]*)\)`)
	ref := regexp.MustCompile(`^(?:rules )?([0-9]+\.[0-9]+|[0-9]+|[RC][0-9]+|T-[0-9]+)(?: step ([0-9]+))?$`)
	seen := map[string]bool{}
	check := func(line, cite string, inText bool) {
		if cite == "" {
			return
		}
		m := ref.FindStringSubmatch(cite)
		switch {
		case m == nil:
			if !inText {
				t.Errorf("%q: cites %q, not a section or choice of docs/rules.md", line, cite)
			}
			return
		case inText && !strings.Contains(m[1], ".") && !strings.ContainsAny(m[1][:1], "RCT"):
			return // a bare number in brackets is a count ("Armour Bane (2)"), not a section
		}
		seen[cite] = true
		if !have[m[1]] {
			t.Errorf("%q: cites %q, which docs/rules.md does not have", line, m[1])
		} else if m[2] != "" && !docsStep(t, m[1], m[2]) {
			t.Errorf("%q: cites step %s of %s, which docs/rules.md does not number", line, m[2], m[1])
		}
	}
	lines := 0
	for _, rs := range rules.Rulesets() {
		for _, z := range []gen.Sizes{gen.Small, gen.Large} {
			g := rapid.Custom(func(t *rapid.T) seededScenario {
				u, attacks := gen.ScenarioIn(t, rs, 30, z)
				return seededScenario{pub(u), attacks, rapid.Uint64().Draw(t, "seed")}
			})
			ran := 0
			for i := 0; ran < perRuleset/2 && i < 20*perRuleset; i++ {
				sc, ok := drawSeeded(g, i)
				if !ok {
					continue
				}
				ran++
				res, err := referee.Resolve(sc.u, sc.attacks, dice.NewSeeded(sc.seed))
				if err != nil {
					t.Fatalf("%s scenario %d: %v", rs, i, err)
				}
				for _, e := range res.Events {
					line := e.String()
					lines++
					for _, re := range []*regexp.Regexp{plural, agree, internal} {
						if w := re.FindString(line); w != "" {
							t.Errorf("%s scenario %d: %q says %q", rs, i, line, w)
						}
					}
					c, _, _ := strings.Cut(strings.TrimPrefix(e.Citation(), "rules "), ":")
					for r := range strings.SplitSeq(c, ", ") {
						check(line, r, false)
					}
					for _, m := range paren.FindAllStringSubmatch(e.Text, -1) {
						for r := range strings.SplitSeq(m[1], ", ") {
							check(line, r, true)
						}
					}
				}
			}
			if ran < perRuleset/4 {
				t.Fatalf("%s: only %d valid scenarios", rs, ran)
			}
		}
	}
	if lines < 10000 || len(seen) < 30 {
		t.Errorf("read %d lines citing %d rules: the scenarios no longer reach the log", lines, len(seen))
	}
}

type seededScenario struct {
	u       *rearrank.Unit
	attacks []rearrank.Attack
	seed    uint64
}

// drawSeeded draws example i of g, or false when gen skipped the draw.
func drawSeeded(g *rapid.Generator[seededScenario], i int) (s seededScenario, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			ok = false
		}
	}()
	return g.Example(i), true
}

// docsStep reports whether section sec of docs/rules.md numbers a step k
// ("3. ..." at the start of a line).
func docsStep(t *testing.T, sec, k string) bool {
	t.Helper()
	doc, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	_, body, ok := strings.Cut(string(doc), "\n### "+sec+" ")
	if !ok {
		return false
	}
	if i := strings.Index(body, "\n#"); i >= 0 {
		body = body[:i]
	}
	return regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(k) + `\. `).MatchString(body)
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
