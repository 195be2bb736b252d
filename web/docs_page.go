package web

import (
	"fmt"
	"html"
	"html/template"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/docs"
	"github.com/rearrank/rearrank/msg"
)

// The players' documentation is served beside the page that cites it:
// /docs/rules is docs/rules.md, each numbered section anchored as "s6.1"
// and each reading of its table of choices as "R39", so that a step's
// "rules 6.1" links to what it cites (citeHTML). /docs/scenario and
// /docs/combat are the file formats the page's file boxes take;
// /docs/matrix is what the Matrix tab's cells are.

// doc is one page of the documentation.
type doc struct {
	name, title, text string
	body              template.HTML
	sections          map[string]string // "6.1" -> "The to-wound roll"
}

// docPages are the documentation's pages by name, rendered on first use
// (every rearrank command links web; only serve shows them).
var docPages = sync.OnceValue(func() map[string]*doc {
	out := map[string]*doc{}
	for _, d := range []*doc{
		{name: "rules", title: "How rearrank applies the rules", text: docs.Rules},
		{name: "scenario", title: "Scenario files", text: docs.Scenario},
		{name: "combat", title: "Combat files", text: docs.Combat},
		{name: "matrix", title: "The matrix: my army against theirs", text: docs.Matrix},
	} {
		d.body, d.sections = renderMarkdown(d.text)
		out[d.name] = d
	}
	return out
})

// docPagesRU are the pages written in Russian too (docs/rules.ru.md), with
// the English page's anchors, so that a link lands in either.
var docPagesRU = sync.OnceValue(func() map[string]*doc {
	d := &doc{name: "rules", title: "Как rearrank применяет правила", text: docs.RulesRU}
	d.body, d.sections = renderMarkdown(d.text)
	return map[string]*doc{d.name: d}
})

// docIn is the page name in language l: its Russian text where there is
// one, else the English.
func docIn(name string, l msg.Lang) (*doc, bool) {
	if l == msg.Russian {
		if d, ok := docPagesRU()[name]; ok {
			return d, true
		}
	}
	d, ok := docPages()[name]
	return d, ok
}

// docsData is what the docs template shows.
type docsData struct {
	Title string
	Body  template.HTML
	Docs  []tabLink
	Langs []langLink
}

// handleDocs serves a page of the documentation.
func (s *Server) handleDocs(w http.ResponseWriter, r *http.Request) {
	l := requestLang(r)
	d, ok := docIn(r.PathValue("name"), l)
	if !ok {
		writeErrorIn(w, l, sayError(http.StatusNotFound, "not_found", "", msg.New("web.api.no_doc", r.URL.Path)))
		return
	}
	rememberLang(w, r, l)
	title := func(name string) string { return say(msg.ID("web.docs."+name), docPages()[name].title, l) }
	data := docsData{Title: title(d.name), Body: d.body, Langs: langLinks(r, l)}
	for _, name := range []string{"rules", "scenario", "combat", "matrix"} {
		data.Docs = append(data.Docs, tabLink{Name: name, Label: title(name), Href: "/docs/" + name, Current: name == d.name})
	}
	s.writePageIn(w, l, http.StatusOK, "docs", data)
}

var (
	choiceRow  = lazyRegexp(`^[RC][0-9]+$`)
	sectionNo  = lazyRegexp(`^[0-9]+(\.[0-9]+)*$`)
	anchorLine = lazyRegexp(`^<a id="([A-Za-z0-9._-]+)"></a>$`)
	inlineMD   = lazyRegexp("`[^`]+`|\\*\\*[^*]+\\*\\*|\\[[^\\]]+\\]\\([^)]+\\)")
)

// docLink is where a link of the documentation goes on this server: the
// documents' links to each other are served ones, an address outside
// stays, and a file of the repository has no page ("").
func docLink(target string) string {
	file, frag, _ := strings.Cut(target, "#")
	if frag != "" {
		frag = "#" + frag
	}
	switch {
	case strings.HasPrefix(target, "http://") || strings.HasPrefix(target, "https://"):
		return target
	case file == "":
		return frag
	}
	for _, name := range []string{"rules", "scenario", "combat", "matrix"} {
		if strings.TrimPrefix(file, "docs/") == name+".md" {
			return "/docs/" + name + frag
		}
	}
	return ""
}

// inline renders a line's code, bold and links.
func inline(s string) string {
	var b strings.Builder
	last := 0
	for _, m := range inlineMD().FindAllStringIndex(s, -1) {
		b.WriteString(html.EscapeString(s[last:m[0]]))
		tok := s[m[0]:m[1]]
		switch {
		case strings.HasPrefix(tok, "`"):
			b.WriteString("<code>" + html.EscapeString(strings.Trim(tok, "`")) + "</code>")
		case strings.HasPrefix(tok, "**"):
			b.WriteString("<strong>" + inline(strings.Trim(tok, "*")) + "</strong>")
		default:
			text, target, _ := strings.Cut(tok[1:len(tok)-1], "](")
			if href := docLink(target); href != "" {
				b.WriteString(`<a href="` + html.EscapeString(href) + `">` + inline(text) + "</a>")
			} else {
				b.WriteString(inline(text))
			}
		}
		last = m[1]
	}
	b.WriteString(html.EscapeString(s[last:]))
	return b.String()
}

// renderMarkdown renders the documentation's Markdown: headings with
// anchors, paragraphs, lists, tables (a row whose first cell is a choice's
// code, "R39", anchored by it), fenced code and inline code, bold and
// links. It returns the numbered sections' titles too.
func renderMarkdown(src string) (template.HTML, map[string]string) {
	var b strings.Builder
	sections := map[string]string{}
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	var para []string
	flush := func() {
		if len(para) > 0 {
			b.WriteString("<p>" + inline(strings.Join(para, " ")) + "</p>\n")
			para = nil
		}
	}
	list := "" // "ul" or "ol" while in a list
	closeList := func() {
		if list != "" {
			b.WriteString("</li></" + list + ">\n")
			list = ""
		}
	}
	item := regexp.MustCompile(`^(?:([-*])|[0-9]+\.) +(.*)$`)
	pendingID := "" // the anchor an <a id> line gave the next heading
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		trim := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trim, "```"):
			flush()
			closeList()
			b.WriteString("<pre><code>")
			for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "```"); i++ {
				b.WriteString(html.EscapeString(lines[i]) + "\n")
			}
			b.WriteString("</code></pre>\n")
		case anchorLine().MatchString(trim):
			// <a id="..."></a> on its own line names the next heading's
			// anchor, as GitHub reads it: a translated page keeps the
			// English page's anchors so that links land in both.
			flush()
			closeList()
			pendingID = anchorLine().FindStringSubmatch(trim)[1]
		case trim == "" || strings.HasPrefix(trim, "<!--"):
			flush()
			if trim == "" && list != "" && i+1 < len(lines) && (item.MatchString(strings.TrimSpace(lines[i+1])) || strings.HasPrefix(lines[i+1], "  ")) {
				continue // a loose list goes on
			}
			closeList()
		case strings.HasPrefix(trim, "#"):
			flush()
			closeList()
			level := len(trim) - len(strings.TrimLeft(trim, "#"))
			text := strings.TrimSpace(trim[level:])
			id, number, title := docs.Heading(text)
			if pendingID != "" {
				id, pendingID = pendingID, ""
			}
			if number != "" {
				sections[number] = title
			}
			fmt.Fprintf(&b, "<h%d id=\"%s\">%s</h%d>\n", min(level+1, 6), html.EscapeString(id), inline(text), min(level+1, 6))
		case strings.HasPrefix(trim, "|"):
			flush()
			closeList()
			b.WriteString("<div class=\"scroll\"><table>\n")
			head := true
			for ; i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), "|"); i++ {
				cells := strings.Split(strings.Trim(strings.TrimSpace(lines[i]), "|"), "|")
				if strings.Trim(strings.Join(cells, ""), "-: ") == "" {
					continue // the line under the header
				}
				tag, id := "td", ""
				if head {
					tag = "th"
				} else if c := strings.TrimSpace(cells[0]); choiceRow().MatchString(c) {
					id = ` id="` + c + `"`
				}
				b.WriteString("<tr" + id + ">")
				for _, c := range cells {
					b.WriteString("<" + tag + ">" + inline(strings.TrimSpace(c)) + "</" + tag + ">")
				}
				b.WriteString("</tr>\n")
				head = false
			}
			i--
			b.WriteString("</table></div>\n")
		case item.MatchString(trim) && (list != "" || !strings.HasPrefix(line, " ")):
			flush()
			m := item.FindStringSubmatch(trim)
			kind := "ol"
			if m[1] != "" {
				kind = "ul"
			}
			if list != kind {
				closeList()
				b.WriteString("<" + kind + "><li>")
				list = kind
			} else {
				b.WriteString("</li><li>")
			}
			b.WriteString(inline(m[2]))
		case list != "":
			b.WriteString(" " + inline(trim))
		default:
			para = append(para, trim)
		}
	}
	flush()
	closeList()
	return template.HTML(b.String()), sections
}

// citeHTML is a step's citation ("rules 6.1, R39", rules.Cite) in words a
// player reads, in language l, each part a link to what it cites on
// /docs/rules: "rules, section 6.1 (the to-wound roll), choice R39". A
// section the page lacks links to the section it is part of; text after a
// colon is kept, in l where the engine wrote it (rearrank.RuleTail).
func citeHTML(cite string, l msg.Lang) template.HTML {
	refs, ok := strings.CutPrefix(cite, "rules ")
	if !ok {
		return template.HTML(html.EscapeString(cite))
	}
	refs, tail, colon := strings.Cut(refs, ":")
	rules, _ := docIn("rules", l)
	parts := []string{html.EscapeString(msg.New("web.cite.rules").Text(l))}
	for r := range strings.SplitSeq(refs, ", ") {
		r = strings.TrimSpace(r)
		switch {
		case choiceRow().MatchString(r):
			parts = append(parts, fmt.Sprintf(`<a href="/docs/rules#%s">%s</a>`, r, html.EscapeString(msg.New("web.cite.choice", r).Text(l))))
		case sectionNo().MatchString(r):
			sec := r
			for rules.sections[sec] == "" && strings.Contains(sec, ".") {
				sec = sec[:strings.LastIndex(sec, ".")]
			}
			words := msg.New("web.cite.section", r)
			if title := rules.sections[sec]; title != "" {
				words = msg.New("web.cite.section_titled", r, lowerFirst(title))
			}
			parts = append(parts, fmt.Sprintf(`<a href="/docs/rules#s%s">%s</a>`, html.EscapeString(sec), html.EscapeString(words.Text(l))))
		case r != "":
			parts = append(parts, html.EscapeString(r))
		}
	}
	out := strings.Join(parts, ", ")
	if colon {
		out += ":" + html.EscapeString(rearrank.RuleTail(tail).Text(l))
	}
	return template.HTML(out)
}

// lowerFirst is s with its first letter in lower case, whatever its
// script: a section's title inside a sentence.
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}
