package scenario

import (
	"bytes"
	"unicode/utf8"
)

// Block text (| and >) as measure reads it: the header, the text, and the
// scanner's look-back over the blank lines at its end.

// blockHeader counts the header of block text (| or >) and a comment after
// it, and reads the rest of its line.
func (m *measurer) blockHeader() *Error {
	if m.col == 1 {
		m.lastDelim = 1
	}
	p := m.pos()
	start := m.i
	for m.i < len(m.src) && !isNewline(rune(m.src[m.i])) {
		m.i++
	}
	header := m.src[start:m.i]
	if len(header) > m.lim.value {
		return m.fail(p, "scenario.scan.long_value", m.lim.value)
	}
	m.col += utf8.RuneCount(header)
	blank := m.origin
	m.clear()
	if e := m.emit(tokOther, p); e != nil {
		return e
	}
	for k := 1; k < len(header); k++ {
		if header[k] == '#' {
			// The scanner places the comment as many columns past the
			// header as there are bytes of it and of the blank space
			// before it.
			at := position{p.line, p.col + blank + k}
			if e := m.emit(tokOther, at); e != nil {
				return e
			}
			break
		}
	}
	// An indentation digit says where the text starts; a '+' keeps the
	// line ends, so that the text is a token even when it is empty; a '-'
	// drops them.
	m.blockCol, m.bb = 0, blockBuf{}
	opt := header[1:]
	if m.i == len(m.src) && len(opt) > 0 {
		opt = opt[:len(opt)-1] // the scanner leaves out the text's last character
	}
	opt = bytes.TrimRight(opt, " ")
	if k := bytes.IndexByte(opt, '#'); k > 0 {
		opt = opt[:k]
	}
	opt = bytes.TrimRight(opt, " \t")
	m.block, m.blockAt, m.state = true, p, keep
	if m.i+1 < len(m.src) && m.src[m.i] == '\r' && m.src[m.i+1] == '\n' {
		m.i++ // the header takes a whole "\r\n"
	}
	if m.i < len(m.src) {
		m.newLine()
	}
	ends := func(b byte) bool { return bytes.HasPrefix(opt, []byte{b}) || bytes.HasSuffix(opt, []byte{b}) }
	m.bb.keep, m.bb.strip = ends('+'), ends('-')
	digits := opt
	for _, b := range []byte("-+") {
		digits = bytes.TrimPrefix(digits, []byte{b})
	}
	for _, b := range []byte("-+") {
		digits = bytes.TrimSuffix(digits, []byte{b})
	}
	if n := number(digits); n > 0 {
		m.blockCol = m.lastDelim + n
	}
	return nil
}

// number is the whole number b writes in decimal digits, as
// strconv.ParseInt reads it, or 0 if it writes none.
func number(b []byte) int {
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' || n > 1<<58 {
			return 0
		}
		n = 10*n + int(c-'0')
	}
	return n
}

// blockBuf is what measure keeps of the scanner's buffer of block text.
type blockBuf struct {
	n     int // characters
	held  int // characters up to the last that the scanner counts as text
	other int // place (from 1) of the first that is not a line end; 0 for none
	solid int // of the first that is neither a line end nor a space
	trail int // line ends after the last character of text
	keep  bool
	strip bool
}

func (b *blockBuf) add(c rune, counts bool) {
	b.n++
	if c != '\n' && b.other == 0 {
		b.other = b.n
	}
	if c != '\n' && c != ' ' && b.solid == 0 {
		b.solid = b.n
	}
	if counts {
		b.held = b.n
	}
}

// empty reports whether the scanner finds no text in the buffer, after
// dropping the line ends its header asks to.
func (b *blockBuf) empty() bool {
	switch {
	case b.keep:
		return false
	case b.strip:
		return b.solid == 0 || b.solid > b.held
	}
	return b.other == 0 || b.other > b.held
}

// blockChar reads a character of block text (the scanner's scanMultiLine).
func (m *measurer) blockChar(c rune, n int) *Error {
	m.blockText += n
	if m.blockText > m.lim.block {
		return m.fail(m.blockAt, "scenario.scan.block", m.lim.block)
	}
	if e := m.addValue(n, m.blockAt); e != nil {
		return e
	}
	if e := m.addOrigin(n); e != nil {
		return e
	}
	if c == '\r' && m.next() == '\n' {
		m.i++
	}
	switch {
	case m.atEnd():
		m.step()
		m.endBlock()
		return m.emit(tokString, m.blockAt)
	case isNewline(c):
		// The scanner drops the line ends at the end of block text one at
		// a time, copying the whole text each time.
		m.bb.add('\n', true)
		m.bb.trail++
		if m.blockWork+m.bb.trail*m.bb.n > m.lim.work/8 {
			return m.fail(m.pos(), "scenario.scan.blank_lines")
		}
		m.newLine()
		if m.separatorAhead() {
			m.endBlock()
			return m.emit(tokString, m.blockAt)
		}
		return nil
	case m.firstAtLine && c == ' ':
		if m.blockCol != 0 && m.col >= m.blockCol {
			m.bb.add(' ', true)
		}
		m.step()
		return nil
	case c == '\t':
		m.bb.add(c, true)
		m.step()
		return nil
	}
	if c != ' ' || m.bb.n > 0 {
		m.bb.add(c, c != ' ')
	}
	if c != ' ' {
		m.bb.trail = 0
	}
	if m.blockCol == 0 {
		m.blockCol = m.col
	}
	if m.blockCol > 1 {
		m.lastDelim = m.blockCol - 1
	}
	m.step()
	return nil
}

// endBlock ends block text.
func (m *measurer) endBlock() {
	m.blockWork += m.bb.trail * m.bb.n
	m.bb = blockBuf{}
	m.clear()
}

// separatorAhead reports whether a document marker (--- or ...) starts
// here.
func (m *measurer) separatorAhead() bool {
	rest := m.src[m.i:]
	if len(rest) < 3 || string(rest[:3]) != "---" && string(rest[:3]) != "..." {
		return false
	}
	return len(rest) == 3 || isBlank(rune(rest[3]))
}
