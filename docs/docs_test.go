package docs

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The Russian rules page is docs/rules.md in other words: a citation
// ("rules 6.1, R39") links to the same anchor on either, and what a player
// copies into a file (a field, a value, a flag) is the same on both.

// A section of a rules page: its heading's anchor, and what is cited or
// copied from it.
type section struct {
	level  int      // 1 for "#", 2 for "##"...
	anchor string   // "s6.1", or the heading's own id ("choices-rearrank-makes")
	rows   []string // the choices its table anchors ("R39", "C1, C2", "T-4")
	text   string   // its lines but headings and code blocks
}

// spans is a section's inline code, in order, a span that breaks across
// lines joined by one space, as Markdown renders it.
func (s section) spans() []string {
	var out []string
	for _, span := range codeSpan.FindAllString(s.text, -1) {
		out = append(out, strings.Join(strings.Fields(span), " "))
	}
	return out
}

var (
	numberedHeading = regexp.MustCompile(`^([0-9]+(?:\.[0-9]+)?)\.? `)
	anchorLine      = regexp.MustCompile(`^<a id="([^"]+)"></a>$`)
	choiceCell      = regexp.MustCompile(`^[RCT]-?[0-9]+(?:, [RCT]-?[0-9]+)*$`)
	codeSpan        = regexp.MustCompile("`[^`]+`")
)

// headingAnchor is the id a heading gets on /docs/rules (Heading).
func headingAnchor(text string) string {
	id, _, _ := Heading(text)
	return id
}

// parsePage splits a rules page into its sections and its fenced code
// blocks. A heading whose words are not English takes its anchor from an
// HTML anchor line above it (`<a id="choices-rearrank-makes"></a>`), the
// way GitHub gives a heading an id of one's choosing.
func parsePage(t *testing.T, name, text string) (sections []section, blocks []string) {
	t.Helper()
	explicit := ""
	var block []string
	inBlock := false
	for i, line := range strings.Split(text, "\n") {
		trim := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trim, "```"):
			if inBlock {
				blocks = append(blocks, strings.Join(block, "\n"))
				block = nil
			}
			inBlock = !inBlock
		case inBlock:
			block = append(block, line)
		case anchorLine.MatchString(trim):
			explicit = anchorLine.FindStringSubmatch(trim)[1]
		case strings.HasPrefix(trim, "#"):
			level := len(trim) - len(strings.TrimLeft(trim, "#"))
			s := section{level: level, anchor: headingAnchor(strings.TrimSpace(trim[level:]))}
			if explicit != "" {
				if numberedHeading.MatchString(strings.TrimSpace(trim[level:])) {
					t.Errorf("%s:%d: an anchor line above a numbered heading, whose anchor is its number", name, i+1)
				}
				s.anchor = explicit
				explicit = ""
			}
			sections = append(sections, s)
		case trim == "":
		default:
			if explicit != "" {
				t.Errorf("%s:%d: the anchor %q is not above a heading", name, i+1, explicit)
				explicit = ""
			}
			if len(sections) == 0 {
				sections = append(sections, section{})
			}
			s := &sections[len(sections)-1]
			if strings.HasPrefix(trim, "|") {
				if c := strings.TrimSpace(strings.Split(strings.Trim(trim, "|"), "|")[0]); choiceCell.MatchString(c) {
					s.rows = append(s.rows, c)
				}
			}
			s.text += line + "\n"
		}
	}
	if inBlock {
		t.Errorf("%s: a code block is not closed", name)
	}
	return sections, blocks
}

// TestRulesRUSections: docs/rules.ru.md has rules.md's headings, under the
// same anchors in the same order, the same choices in its tables, the
// same code blocks byte for byte, and every piece of inline code of each
// section of rules.md in the same section (a field, value or flag is a
// contract, never translated).
func TestRulesRUSections(t *testing.T) {
	en, enBlocks := parsePage(t, "rules.md", Rules)
	ru, ruBlocks := parsePage(t, "rules.ru.md", RulesRU)
	anchors := func(ss []section) []string {
		var out []string
		for _, s := range ss {
			out = append(out, strings.Repeat("#", s.level)+" "+s.anchor)
		}
		return out
	}
	if a, b := anchors(en), anchors(ru); !slices.Equal(a, b) {
		t.Fatalf("the headings differ:\nrules.md:    %q\nrules.ru.md: %q", a, b)
	}
	if len(en) < 50 {
		t.Fatalf("rules.md: %d headings; the page is no longer read", len(en))
	}
	if !slices.Equal(enBlocks, ruBlocks) {
		t.Errorf("the code blocks differ:\nrules.md:    %q\nrules.ru.md: %q", enBlocks, ruBlocks)
	}
	for i, e := range en {
		r := ru[i]
		if !slices.Equal(e.rows, r.rows) {
			t.Errorf("section %s: the choices differ:\nrules.md:    %q\nrules.ru.md: %q", e.anchor, e.rows, r.rows)
		}
		enSpans, ruSpans := e.spans(), r.spans()
		for _, span := range enSpans {
			if !slices.Contains(ruSpans, span) {
				t.Errorf("section %s: rules.md has %s, rules.ru.md does not", e.anchor, span)
			}
		}
		for _, span := range ruSpans {
			if !slices.Contains(enSpans, span) && englishRun.MatchString(span) {
				t.Errorf("section %s: rules.ru.md has %s, English words rules.md does not have there", e.anchor, span)
			}
		}
	}
}

var (
	englishRun  = regexp.MustCompile(`[A-Za-z]{2,} +[A-Za-z]{2,}`)
	latinWord   = regexp.MustCompile(`[A-Za-z]{2,}`)
	notProse    = regexp.MustCompile(`\]\([^)]*\)|[\w./-]+\.md\b|\b[RCT]-?[0-9]+\b`)
	latinNames  = regexp.MustCompile(`Battleaxe: Fantasy Generals|Warhammer Fantasy Battles|Warhammer: The Old World|The 9th Age|\b(?:Warhammer|Mordheim|rearrank|JSON|API|battleaxe|whfb8|t9a1-ru|t9a|skirmish|tow)\b`)
	markupLines = regexp.MustCompile(`^(?:<a id="[^"]+"></a>|<!--.*)$`)
)

// TestRulesRUProse: no prose of docs/rules.ru.md is left in English. Outside
// code, a Latin word is only a name (rearrank, a ruleset's code, a game's
// title), a choice's code or a file's path.
func TestRulesRUProse(t *testing.T) {
	// Code blocks and inline code (which may break across lines) go
	// first, their lines kept so that an error names the right one.
	lines := strings.Split(RulesRU, "\n")
	inBlock := false
	for i, line := range lines {
		fence := strings.HasPrefix(strings.TrimSpace(line), "```")
		if inBlock || fence || markupLines.MatchString(strings.TrimSpace(line)) {
			lines[i] = ""
		}
		inBlock = inBlock != fence
	}
	text := codeSpan.ReplaceAllStringFunc(strings.Join(lines, "\n"), func(span string) string {
		return strings.Repeat("\n", strings.Count(span, "\n"))
	})
	for i, line := range strings.Split(text, "\n") {
		prose := latinNames.ReplaceAllString(notProse.ReplaceAllString(line, " "), " ")
		if w := latinWord.FindAllString(prose, -1); w != nil {
			t.Errorf("rules.ru.md:%d: English outside code: %q\n  %s", i+1, w, line)
		}
	}
}
