package msg

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// glossaryRow is one row of docs/glossary.md.
type glossaryRow struct {
	line     int
	english  string
	russian  string
	stems    []string
	rulesets []string // nil: every ruleset; empty after "—": not checked
	checked  bool
}

func readGlossary(t *testing.T) []glossaryRow {
	t.Helper()
	b, err := os.ReadFile("../docs/glossary.md")
	if err != nil {
		t.Fatal(err)
	}
	var rows []glossaryRow
	header := false
	for i, line := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if !header {
			if !slices.Equal(cells, []string{"English", "Russian", "Stems", "Rulesets", "Source"}) {
				t.Fatalf("docs/glossary.md:%d: the table's header is %q", i+1, cells)
			}
			header = true
			continue
		}
		if strings.HasPrefix(cells[0], "---") {
			continue
		}
		if len(cells) != 5 {
			t.Fatalf("docs/glossary.md:%d: %d cells, want 5", i+1, len(cells))
		}
		r := glossaryRow{line: i + 1, english: cells[0], russian: cells[1], checked: cells[3] != "—"}
		for s := range strings.SplitSeq(cells[2], ", ") {
			r.stems = append(r.stems, strings.ToLower(s))
		}
		if cells[3] != "all" && r.checked {
			r.rulesets = strings.Split(cells[3], ", ")
		}
		rows = append(rows, r)
	}
	if len(rows) < 50 {
		t.Fatalf("docs/glossary.md: %d rows; the table is no longer read", len(rows))
	}
	return rows
}

var rulesetCodes = []string{"battleaxe", "whfb8", "t9a", "t9a1-ru", "skirmish", "tow"}

// idRuleset returns the ruleset an ID names as one of its parts, if any.
func idRuleset(id ID) string {
	for p := range strings.SplitSeq(string(id), ".") {
		if slices.Contains(rulesetCodes, p) {
			return p
		}
	}
	return ""
}

// TestGlossary: the glossary's rows are sound (each Russian holds one of
// its stems), and every message that writes a term in English writes the
// glossary's Russian for it: a row for the message's ruleset, or the first
// row of the term for a message of every ruleset.
func TestGlossary(t *testing.T) {
	rows := readGlossary(t)
	first := map[string]int{}
	for i, r := range rows {
		ru := strings.ToLower(r.russian)
		if !slices.ContainsFunc(r.stems, func(s string) bool { return strings.Contains(ru, s) }) {
			t.Errorf("docs/glossary.md:%d: %q holds none of its stems %q", r.line, r.russian, r.stems)
		}
		if _, ok := first[r.english]; !ok {
			first[r.english] = i
		}
	}
	entries, _ := catalogue()
	checked := 0
	for _, id := range IDs() {
		e := entries[id]
		en, ru := stripPlaceholders(e.EN), strings.ToLower(e.RU)
		rs := idRuleset(id)
		for i, r := range rows {
			if !r.checked || !termIn(r.english, en) {
				continue
			}
			switch {
			case r.rulesets == nil:
			case rs != "" && slices.Contains(r.rulesets, rs):
			case rs == "" && first[r.english] == i:
			default:
				continue
			}
			checked++
			if !slices.ContainsFunc(r.stems, func(s string) bool { return strings.Contains(ru, s) }) && !otherSense(rows, r.english, ru) {
				t.Errorf("%s: the English says %q; the Russian should say %q (docs/glossary.md:%d):\n  %s\n  %s", id, r.english, r.russian, r.line, e.EN, e.RU)
			}
		}
	}
	if checked == 0 {
		t.Error("no message was checked against the glossary")
	}
}

// otherSense reports whether Russian ru says term in another of its
// senses, one the glossary lists as an unchecked row "term (sense)"
// ("save (keep, as a file or in the browser)", сохранить): the English
// word is the same, the Russian is not.
func otherSense(rows []glossaryRow, term, ru string) bool {
	for _, r := range rows {
		if !r.checked && strings.HasPrefix(r.english, term+" (") &&
			slices.ContainsFunc(r.stems, func(s string) bool { return strings.Contains(ru, s) }) {
			return true
		}
	}
	return false
}

// termIn reports whether English text en holds term as words, in any
// case, with an English plural or verb ending ("hits", "casualties",
// "charged").
func termIn(term, en string) bool {
	stem := regexp.QuoteMeta(term)
	if strings.HasSuffix(term, "y") {
		stem = regexp.QuoteMeta(strings.TrimSuffix(term, "y")) + `(?:y|ies)`
	}
	return regexp.MustCompile(`(?i)\b` + stem + `(?:s|es|d|ed)?\b`).MatchString(en)
}

// stripPlaceholders removes a template's plural placeholders' braces, so
// that their forms read as words: "{0:die|dice}" is "die dice".
func stripPlaceholders(s string) string {
	return regexp.MustCompile(`\{[0-9]:([^}]*)\}`).ReplaceAllStringFunc(s, func(p string) string {
		_, forms, _ := strings.Cut(p[1:len(p)-1], ":")
		return strings.ReplaceAll(forms, "|", " ")
	})
}
