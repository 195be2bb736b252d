package scenario

import "unicode/utf8"

// Quoted values as measure reads them: their length with escapes read,
// and the scanner's look-ahead over a tab inside "...".

// quoted counts a quoted value, which may run over several lines. A value
// never closed is the scanner's error, at its start. Its length is what
// it holds, escapes read: JSON writes "<" as "\u003c", and a file must not
// load in one form and not in the other.
func (m *measurer) quoted(q rune) *Error {
	p, start := m.pos(), m.i
	m.step()
	first := false // after a line break, before the line's text
	skip := 0      // characters the scanner steps over after the closing quote
	n := 0         // bytes of the value
	for m.i < len(m.src) {
		// The text may be longer than the value, by escapes (JSON writes
		// "<" as "\u003c") and by the indentation of its lines, but not
		// without end.
		if n > m.lim.value || m.i-start > 8*m.lim.value {
			return m.fail(p, "scenario.scan.long_value", m.lim.value)
		}
		if b := m.src[m.i]; quotedStop[b] == 0 {
			// A run of characters that are only text.
			from := m.i
			for m.i < len(m.src) && quotedStop[m.src[m.i]] == 0 && n+m.i-from <= m.lim.value {
				if utf8.RuneStart(m.src[m.i]) {
					m.col++
				}
				m.i++
			}
			n += m.i - from
			first = false
			continue
		}
		c, _ := m.at(m.i)
		switch {
		case isNewline(c):
			if !first {
				n++ // folded into a space
			}
			first = true
			m.newLine()
			continue
		case first && (c == ' ' || c == '\t'):
		case q == '"' && c == '\\':
			first = false
			m.step()
			esc, _ := m.at(m.i)
			if esc == '\n' || esc == '\r' {
				first = true
				m.newLine()
				continue
			}
			digits := 0
			switch esc {
			case 'x':
				digits = 2
			case 'u':
				digits = 4
			case 'U':
				digits = 8
			}
			n += escaped(m.src[m.i:], digits)
			for k := 1 + digits; k > 0 && m.i < len(m.src); k-- {
				m.step()
			}
			continue
		case q == '"' && c == '\t':
			// The scanner looks along the rest of the line for text after
			// a tab; when there is some, it counts the tab twice and steps
			// over one character more after the closing quote.
			m.lineEnd()
			m.tabWork += m.eol - m.i
			if m.tabWork > m.lim.work {
				return m.fail(m.pos(), "scenario.scan.tabs")
			}
			if m.lastText > m.i && m.next() != '"' {
				skip++
			}
			n++
		case c == q && q == '\'' && m.next() == '\'':
			first = false
			m.step()
			n++
		case c == q:
			m.step()
			for ; skip > 0 && m.i < len(m.src); skip-- {
				m.step()
			}
			return m.endQuoted(n, p)
		default:
			first = false
			n++
		}
		m.step()
	}
	return m.endQuoted(n, p)
}

// endQuoted counts a quoted value of n bytes at p.
func (m *measurer) endQuoted(n int, p position) *Error {
	if n > m.lim.value {
		return m.fail(p, "scenario.scan.long_value", m.lim.value)
	}
	m.clear()
	if e := m.addValue(n, p); e != nil {
		return e
	}
	return m.emit(tokQuoted, p)
}

// escaped returns the bytes that the escape at the start of b (its letter
// and digits hex digits) stands for.
func escaped(b []byte, digits int) int {
	if digits == 0 || len(b) <= digits {
		return 1
	}
	r := 0
	for _, c := range b[1 : 1+digits] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | int(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | int(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | int(c-'A'+10)
		default:
			return 1
		}
	}
	if n := utf8.RuneLen(rune(r)); n > 0 {
		return n
	}
	return 3 // a surrogate: half of a 4-byte character, or the replacement character
}
