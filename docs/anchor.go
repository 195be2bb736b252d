package docs

import (
	"regexp"
	"strings"
	"sync"
)

var numbered = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([0-9]+(?:\.[0-9]+)?)\.? +(.*)$`) })

// Heading is a heading's anchor on the served pages: "s6.1" for a
// numbered section, with its number and title, else the slug GitHub gives
// it ("strict-reading-and-errors"), which the documents' own links use. A
// page in another language keeps the English page's anchors: its numbered
// headings by their numbers, the others by an <a id> line above them.
func Heading(text string) (id, number, title string) {
	if m := numbered().FindStringSubmatch(text); m != nil {
		return "s" + m[1], m[1], strings.ReplaceAll(m[2], "`", "")
	}
	var b strings.Builder
	for _, r := range strings.ToLower(strings.ReplaceAll(text, "`", "")) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String(), "", ""
}
