package scenario

import (
	"bytes"
	"unicode/utf8"

	"github.com/rearrank/rearrank/msg"
)

// Load reads a text twice before the YAML reader (goccy/go-yaml) sees it,
// in passes that allocate nothing and stop at the first problem: precheck
// (load.go) and measure, which follows the tokenizer's cuts one character
// at a time, counting as it goes, and stops where the first of these
// limits is crossed, each past which the YAML reader's time or memory
// grows faster than the text:
//
//   - more than MaxTokens tokens. The tokenizer's Scan reads the whole
//     text before it returns a token, at some 300 bytes a token, and the
//     parser as much again: a 1 MiB list of 500,000 items cost 2 s and
//     280 MB before the token limit could be checked.
//   - a value, comment or stretch of blank space longer than 64 KiB, or
//     more than 128 KiB of keys and values in all: the tokenizer spends
//     some 20 bytes on each byte of a quoted value, up to 50 on each byte of
//     one long value.
//   - more than 16 KiB of block text (| and >), read at some 80 bytes a
//     byte.
//   - a block mapping of more than 64 fields, or more than 16 document
//     markers (--- and ...): the parser reads the rest of a mapping, at
//     each key, and of the file, at each document, by calling itself and
//     copying what it gets back, in time and memory quadratic in them.
//   - the tokenizer's quadratic look-aheads: from each '<' along the run
//     of '<' (for a merge key, <<), from each tab in a double-quoted value
//     to the end of the line, and, once for each blank line at the end of
//     block text, over all of it.
//
// measurer mirrors the scanner's state (the open flow collections, whether
// a plain value is being read, the column of the last key or list item,
// which decides where a plain value or block text ends) so that its count
// is the tokenizer's and its error stands where the tokenizer's first token
// past the limit stands. Where the two could still part, a second count
// that depends on no state stops the text too: every YAML indicator, every
// word and every second quote mark, at least half of the tokenizer's count,
// at most twice MaxTokens. FuzzMeasure holds both to the tokenizer.

// limits are the bounds measure holds a text to.
type limits struct {
	tokens int // tokens (MaxTokens)
	marks  int // the second count (twice MaxTokens)
	value  int // bytes of a value, a comment or a stretch of blank space
	values int // bytes of all keys and values, as the decoder reads them
	block  int // bytes of block text (| and >) in the whole file
	work   int // steps of each of the scanner's look-aheads, below
	fields int // keys of one block mapping
	docs   int // document markers (--- and ...)
}

// loadLimits are Load's, each far past what a scenario holds: its longest
// value, the layout of a unit of MaxModels models, is about 2,000 bytes;
// MaxAttacks groups with a name and three fields each are about 50 KiB of
// keys and values; the most fields of one object are an attack group's 38;
// it has no block text (the decoder refuses it; a combat file may name a
// unit with it). The look-ahead steps are a few milliseconds.
func loadLimits() limits {
	return limits{tokens: MaxTokens, marks: 2 * MaxTokens, value: 64 << 10, values: 128 << 10, block: 16 << 10, work: 1 << 22, fields: 64, docs: 16}
}

// indent states of the scanner at the first character of a line: deeper
// than the last key or list item (up) or not (down, which ends a plain
// value or block text); keep elsewhere.
const (
	keep = iota
	up
	down
)

// token kinds measure tells apart, for the scanner's rules that look back
// at the last token.
const (
	tokOther  = iota
	tokValue  // ':'
	tokQuoted // a quoted value
	tokString // block text
)

// measurer is measure's state. The fields from line to lastDelim mirror
// the scanner's of the same meaning, text to savedPos its buffer.
type measurer struct {
	name string
	src  []byte
	i    int // offset of the current character

	lim limits

	line, col    int
	indentNum    int
	firstAtLine  bool
	anchor       bool
	alias        bool
	directive    bool
	seqs, maps   int
	state        int
	lastDelim    int // column of the last key or list item
	text         int // bytes of the plain value being read
	textRunes    int // its characters, trailing spaces included
	textNonSpace int // its characters up to the last one not a space
	textStart    position
	savedPos     position
	hasSavedPos  bool
	origin       int // bytes since the last token: its text and the blank space before it
	originAt     position
	last         int // kind of the last token
	lastCol      int // its column
	block        bool
	bb           blockBuf
	blockCol     int // column block text starts at (the scanner's firstLineIndentColumn)
	blockAt      position
	blockText    int // bytes of block text so far
	blockWork    int // line ends dropped times characters copied, of the blocks before
	values       int // bytes of keys and values so far

	// Where the current line ends and its last character that is not
	// blank, for the scanner's look-ahead over a tab in quotes; where the
	// current run of '<' ends.
	eol, lastText, ltEnd int
	tabWork, ltWork      int

	tokens int
	docs   int
	flow   int // open flow collections, as the parser counts them
	// The open block collections, outermost first. Load refuses nesting
	// deeper than MaxDepth when it tokenizes, before the parser sees it;
	// measure stops keeping count a good way past that.
	levels  [2 * MaxDepth]blockLevel
	nlevels int
	marks   int // the second count
	quotes  int
	inWord  bool
}

// blockLevel is an open block collection: a mapping or a list.
type blockLevel struct {
	col     int
	entries int
	mapping bool
}

// measure reads data as the tokenizer would and returns the first limit it
// crosses, or nil, and how far it read. It allocates nothing unless it
// fails.
func measure(name string, data []byte) (int, *Error) {
	m := newMeasurer(name, data, loadLimits())
	e := m.run()
	return m.i, e
}

func newMeasurer(name string, data []byte, lim limits) *measurer {
	return &measurer{name: name, src: data, lim: lim, line: 1, col: 1, firstAtLine: true, eol: -1, ltEnd: -1}
}

// run reads the text character by character, keeping the second count
// over what each step read.
func (m *measurer) run() *Error {
	for m.i < len(m.src) {
		from := m.i
		if e := m.char(); e != nil {
			return e
		}
		if j := m.mark(m.src[from:m.i]); j >= 0 {
			line, col := lineCol(m.src, from+j)
			return m.tooMany(position{line, col})
		}
	}
	_, _, e := m.flush()
	return e
}

func (m *measurer) pos() position { return position{m.line, m.col} }

// at returns the character at offset i and its size; 0 past the end.
func (m *measurer) at(i int) (rune, int) {
	if i >= len(m.src) {
		return 0, 0
	}
	if c := m.src[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRune(m.src[i:])
}

// next returns the character after the current one; 0 at the end.
func (m *measurer) next() rune {
	_, n := m.at(m.i)
	c, _ := m.at(m.i + n)
	return c
}

// atEnd reports whether the current character is the text's last.
func (m *measurer) atEnd() bool {
	_, n := m.at(m.i)
	return m.i+n >= len(m.src)
}

func (m *measurer) prev() rune {
	c, _ := utf8.DecodeLastRune(m.src[:m.i])
	return c
}

func (m *measurer) repeat(b byte) int {
	n := 0
	for j := m.i; j < len(m.src) && m.src[j] == b; j++ {
		n++
	}
	return n
}

func isNewline(c rune) bool { return c == '\n' || c == '\r' }

func isBlank(c rune) bool { return c == ' ' || c == '\t' || isNewline(c) }

// step moves past the current character and on one column.
func (m *measurer) step() {
	_, n := m.at(m.i)
	m.i += n
	m.col++
}

// newLine moves past a line break to column 1 (the scanner's progressLine).
func (m *measurer) newLine() {
	_, n := m.at(m.i)
	m.i += n
	m.col = 1
	m.line++
	m.indentNum = 0
	m.firstAtLine = true
	m.anchor, m.alias, m.directive = false, false, false
}

func (m *measurer) fail(p position, id msg.ID, args ...any) *Error {
	return (&Error{File: m.name, Line: p.line, Column: p.col, Err: ErrUnsupported}).setMessage(say(id, args...))
}

func (m *measurer) tooMany(p position) *Error {
	return m.fail(p, "scenario.load.too_many_tokens", m.lim.tokens)
}

// addOrigin counts n bytes of the token being read or of the blank space
// before it (the scanner's addOriginBuf).
func (m *measurer) addOrigin(n int) *Error {
	if m.origin == 0 {
		m.originAt = m.pos()
	}
	m.origin += n
	switch {
	case m.text == 0 && !m.block && m.origin > m.lim.value:
		return m.fail(m.originAt, "scenario.scan.blank", m.lim.value)
	case m.origin > 2*m.lim.value:
		// A value that goes on over lines, with the indentation of each.
		return m.fail(m.textAt(), "scenario.scan.long_value", m.lim.value)
	}
	return nil
}

// addText counts a character of a plain value (the scanner's addBuf).
func (m *measurer) addText(c rune, n int) *Error {
	if m.textRunes == 0 && (c == ' ' || c == '\t') {
		return nil
	}
	if m.textRunes == 0 {
		m.textStart = m.pos()
	}
	m.text += n
	m.textRunes++
	if c != ' ' && c != '\t' {
		m.textNonSpace = m.textRunes
	}
	if m.text > m.lim.value {
		return m.fail(m.textStart, "scenario.scan.long_value", m.lim.value)
	}
	return m.addValue(n, m.textStart)
}

// textAt is where the plain value being read starts, as the scanner
// places it.
func (m *measurer) textAt() position {
	switch {
	case m.block:
		return m.blockAt
	case m.hasSavedPos:
		return m.savedPos
	}
	return position{m.line, m.col - m.textRunes}
}

// clear drops the buffer and the origin, as the scanner does after a token.
func (m *measurer) clear() {
	m.text, m.textRunes, m.textNonSpace, m.origin = 0, 0, 0, 0
	m.block = false
}

// emit counts a token at p.
func (m *measurer) emit(kind int, p position) *Error {
	m.tokens++
	m.last, m.lastCol = kind, p.col
	if m.tokens > m.lim.tokens {
		return m.tooMany(p)
	}
	return nil
}

// flush ends the plain value or block text being read, if any (the
// scanner's addBufferedTokenIfExists), and returns where it stood.
func (m *measurer) flush() (p position, ok bool, e *Error) {
	p = m.textAt()
	m.hasSavedPos = false
	switch {
	case m.block && m.bb.empty():
		return p, false, nil // the block text ends with the caller
	case m.block:
		m.endBlock()
		return p, true, m.emit(tokString, p)
	case m.textNonSpace == 0:
		m.text, m.textRunes = 0, 0
		return p, false, nil
	}
	m.clear()
	return p, true, m.emit(tokOther, p)
}

// mark keeps the second count over b and returns where in b it passed its
// limit, or -1.
func (m *measurer) mark(b []byte) int {
	for j, c := range b {
		switch byteClass[c] {
		case blankByte:
			m.inWord = false
			continue
		case indicatorByte:
			m.marks++
			m.inWord = false
		case quoteByte:
			if m.quotes++; m.quotes%2 == 0 {
				m.marks++
			}
			fallthrough
		default:
			if !m.inWord && utf8.RuneStart(c) {
				m.marks++
				m.inWord = true
			}
		}
		if m.marks > m.lim.marks {
			return j
		}
	}
	return -1
}

// Classes of bytes: blank, YAML indicators, quotes, the rest (words).
const (
	wordByte = iota
	blankByte
	indicatorByte
	quoteByte
)

// byteClass is each byte's class, for the second count; plainStop marks
// the bytes that can end a plain value or change how the scanner reads
// it, and quotedStop those that matter inside quotes.
var byteClass, plainStop, quotedStop = func() (class, plain, quoted [256]uint8) {
	for _, b := range []byte(" \t\n\r") {
		class[b] = blankByte
	}
	for _, b := range []byte("-?:,[]{}#&*!|>%@`<") {
		class[b] = indicatorByte
	}
	class['"'], class['\''] = quoteByte, quoteByte
	for _, b := range []byte("{}[],:#<\r\n\t ") {
		plain[b] = 1
	}
	for _, b := range []byte("\"'\\\t\r\n ") {
		quoted[b] = 1
	}
	return class, plain, quoted
}()

// lineCol is the line and column (in characters) of offset i.
func lineCol(src []byte, i int) (int, int) {
	line, start := 1, 0
	for j := range i {
		if src[j] == '\n' {
			line, start = line+1, j+1
		}
	}
	return line, utf8.RuneCount(src[start:i]) + 1
}

// char reads the current character, or the construct it starts, as the
// scanner's scan loop does.
func (m *measurer) char() *Error {
	if m.textNonSpace > 0 && !m.firstAtLine && !m.block && plainStop[m.src[m.i]] == 0 {
		return m.plainRun()
	}
	c, n := m.at(m.i)
	m.indent(c)
	if m.state == down {
		if _, _, e := m.flush(); e != nil {
			return e
		}
	}
	if m.block {
		if m.state != down {
			return m.blockChar(c, n)
		}
		held := m.bb.held
		m.endBlock()
		if m.last != tokString {
			if e := m.emit(tokString, m.pos()); e != nil {
				return e
			}
		}
		// The scanner empties its buffer of block text that held no text
		// but goes on counting what it held: the next character reads as
		// part of a plain value.
		m.textNonSpace = held
	}
	plain := m.textNonSpace > 0
	flow := m.seqs > 0 || m.maps > 0
	switch c {
	case '{', '[':
		if plain && !flow {
			break
		}
		if c == '{' {
			return m.symbol(&m.maps, 1)
		}
		return m.symbol(&m.seqs, 1)
	case '}':
		if m.maps > 0 {
			return m.symbol(&m.maps, -1)
		}
	case ']':
		if !plain || m.seqs > 0 {
			return m.symbol(&m.seqs, -1)
		}
	case ',':
		if flow {
			return m.symbol(nil, 0)
		}
	case '.':
		if m.indentNum == 0 && m.col == 1 && m.repeat('.') == 3 {
			return m.marker()
		}
	case '<':
		// The scanner measures the run of '<' from each of them.
		if m.i >= m.ltEnd {
			for m.ltEnd = m.i; m.ltEnd < len(m.src) && m.src[m.ltEnd] == '<'; m.ltEnd++ {
			}
		}
		m.ltWork += m.ltEnd - m.i
		if m.ltWork > m.lim.work {
			return m.fail(m.pos(), "scenario.scan.angles")
		}
		if m.ltEnd-m.i == 2 && m.mergeKey() {
			p := m.pos()
			m.lastDelim = p.col
			m.step()
			m.step()
			m.clear()
			return m.emit(tokOther, p)
		}
	case '-':
		if m.indentNum == 0 && m.col == 1 && m.repeat('-') == 3 {
			if after, n := m.at(m.i + 3); n == 0 || isBlank(after) {
				e := m.marker()
				m.lastDelim, m.indentNum = 0, 0
				return e
			}
		}
		if plain && m.state == up {
			// A '-' starting a deeper line of a plain value: the scanner
			// reads the rest as block text, with the value before it.
			m.block, m.blockCol, m.blockAt = true, m.col, m.textAt()
			m.bb = blockBuf{n: m.textRunes + 1, held: m.textRunes + 1, other: 1, solid: 1, strip: true}
			e := m.addOrigin(n)
			m.step()
			return e
		}
		if nc := m.next(); !plain && (nc == 0 || isBlank(nc)) {
			m.lastDelim = m.col
			if e := m.entry(m.col, false, m.pos()); e != nil {
				return e
			}
			return m.symbol(nil, 0)
		}
	case ':':
		if m.mapDelim() {
			return m.value()
		}
	case '|', '>':
		if !plain {
			return m.blockHeader()
		}
	case '!':
		if !plain && !m.directive {
			return m.tag()
		}
	case '%':
		if !plain && m.indentNum == 0 {
			m.directive = true
			return m.symbol(nil, 0)
		}
	case '?':
		if nc := m.next(); !plain && (nc == ' ' || nc == '\t') {
			m.lastDelim = m.col
			if e := m.entry(m.col, true, m.pos()); e != nil {
				return e
			}
			return m.symbol(nil, 0)
		}
	case '&', '*':
		if !plain {
			m.anchor, m.alias = c == '&', c == '*'
			return m.symbol(nil, 0)
		}
	case '#':
		if !plain || isBlank(m.prev()) {
			return m.comment()
		}
	case '\'', '"':
		if !plain {
			return m.quoted(c)
		}
	case '\r', '\n':
		return m.lineBreak(c)
	case ' ':
		switch {
		case m.firstAtLine:
			e := m.addOrigin(1)
			m.step()
			return e
		case m.directive:
			if _, _, e := m.flush(); e != nil {
				return e
			}
			e := m.addOrigin(1)
			m.step()
			return e
		case m.anchor || m.alias:
			// The anchor's name ends; the space is read again, as a space.
			m.anchor, m.alias = false, false
			_, _, e := m.flush()
			return e
		}
	case '\t':
		if plain && m.lastDelim == 0 || m.lastDelim < m.col {
			m.indentNum++
			e := m.addOrigin(n)
			m.i += n // the scanner does not count this tab as a column
			return e
		}
	}
	if e := m.addText(c, n); e != nil {
		return e
	}
	if e := m.addOrigin(n); e != nil {
		return e
	}
	m.step()
	return nil
}

// plainRun reads a run of characters inside a plain value that neither
// end it nor change how the scanner reads it: what char does with each,
// at once.
func (m *measurer) plainRun() *Error {
	start := m.i
	for m.i < len(m.src) && plainStop[m.src[m.i]] == 0 {
		if utf8.RuneStart(m.src[m.i]) {
			m.col++
			m.textRunes++
		}
		m.i++
	}
	n := m.i - start
	m.textNonSpace = m.textRunes
	m.state = keep
	m.text += n
	if m.text > m.lim.value {
		return m.fail(m.textStart, "scenario.scan.long_value", m.lim.value)
	}
	if e := m.addValue(n, m.textStart); e != nil {
		return e
	}
	return m.addOrigin(n)
}

// indent is the scanner's updateIndent.
func (m *measurer) indent(c rune) {
	switch {
	case m.firstAtLine && (isNewline(c) || c == '\t'):
		return
	case m.firstAtLine && c == ' ':
		m.indentNum++
		return
	case !m.firstAtLine:
		m.state = keep
		return
	}
	if m.lastDelim != 0 {
		m.state = down
		if m.lastDelim < m.col {
			m.state = up
		}
	}
	m.firstAtLine = false
}

// symbol counts a one-character token, after ending the plain value before
// it, and adds d to *count (a count of open flow collections).
func (m *measurer) symbol(count *int, d int) *Error {
	if _, _, e := m.flush(); e != nil {
		return e
	}
	p := m.pos()
	if count != nil {
		*count += d
		m.flow = max(m.flow+d, 0)
	}
	m.step()
	m.clear()
	return m.emit(tokOther, p)
}

// marker counts a document start or end (--- or ...).
func (m *measurer) marker() *Error {
	if _, _, e := m.flush(); e != nil {
		return e
	}
	p := m.pos()
	m.i += 3
	m.col += 3
	m.clear()
	m.nlevels = 0
	if m.docs++; m.docs > m.lim.docs {
		return m.fail(p, "scenario.scan.documents", m.lim.docs)
	}
	return m.emit(tokOther, p)
}

// entry counts a key or an item, at column col, of a block mapping or
// list. The parser reads the keys of a block mapping by calling itself
// for the rest of the mapping, at each key, and copying what it returns:
// the keys of one mapping are limited.
func (m *measurer) entry(col int, mapping bool, p position) *Error {
	if m.flow > 0 {
		return nil
	}
	for m.nlevels > 0 && m.levels[m.nlevels-1].col > col {
		m.nlevels--
	}
	if n := m.nlevels; n > 0 && m.levels[n-1].col == col {
		if top := &m.levels[n-1]; top.mapping == mapping {
			if top.entries++; mapping && top.entries > m.lim.fields {
				return m.fail(p, "scenario.scan.fields", m.lim.fields)
			}
			return nil
		}
		m.nlevels--
	}
	if m.nlevels < len(m.levels) {
		m.levels[m.nlevels] = blockLevel{col: col, entries: 1, mapping: mapping}
		m.nlevels++
	}
	return nil
}

// mergeKey reports whether the "<<" here is a merge key (<<:).
func (m *measurer) mergeKey() bool {
	for j := m.i + 2; j < len(m.src); j++ {
		switch c := m.src[j]; {
		case c == ' ':
		case c != ':':
			return false
		case j+1 < len(m.src) && isBlank(rune(m.src[j+1])) && m.src[j+1] != '\t':
			return true
		}
	}
	return false
}

// mapDelim is the scanner's test of whether a ':' is a mapping value.
func (m *measurer) mapDelim() bool {
	nc := m.next()
	switch {
	case m.directive || m.anchor || m.alias:
		return false
	case m.maps <= 0 && !isBlank(nc) && !m.atEnd():
		return false
	case m.maps > 0 && nc == '/':
		return false
	case m.maps > 0 && m.last == tokValue:
		return false
	}
	return true
}

// value counts a ':' and the key before it, whose column is where the
// key's own value must go deeper than.
func (m *measurer) value() *Error {
	p := m.pos()
	key, ok, e := m.flush()
	if e != nil {
		return e
	}
	switch {
	case ok:
		m.lastDelim = key.col
	case m.last == tokQuoted:
		m.lastDelim = m.lastCol
	}
	if e := m.entry(m.lastCol, true, position{p.line, m.lastCol}); e != nil {
		return e
	}
	m.step()
	m.clear()
	return m.emit(tokValue, p)
}

// lineBreak is the scanner's scanNewLine.
func (m *measurer) lineBreak(c rune) *Error {
	if m.textRunes > 0 && !m.hasSavedPos {
		m.savedPos, m.hasSavedPos = position{m.line, m.col - m.textNonSpace}, true
	}
	m.textRunes = m.textNonSpace // trailing spaces leave the value
	if c == '\r' && m.next() == '\n' {
		m.i++
		if e := m.addOrigin(1); e != nil {
			return e
		}
	}
	if m.atEnd() || m.anchor || m.alias || m.directive {
		if _, _, e := m.flush(); e != nil {
			return e
		}
	}
	if m.textNonSpace > 0 {
		m.text++
		m.textRunes++
	}
	if e := m.addOrigin(1); e != nil {
		return e
	}
	m.newLine()
	return nil
}

// comment counts a comment, which runs to the end of its line.
func (m *measurer) comment() *Error {
	if _, _, e := m.flush(); e != nil {
		return e
	}
	p := m.pos()
	m.i++ // '#'
	start := m.i
	if k := bytes.IndexAny(m.src[start:], "\r\n"); k >= 0 {
		m.i += k
	} else {
		m.i = len(m.src)
		m.col += 1 + utf8.RuneCount(m.src[start:]) // the line ends no column
	}
	if m.i-start > m.lim.value {
		return m.fail(p, "scenario.scan.comment", m.lim.value)
	}
	m.clear()
	if e := m.emit(tokOther, p); e != nil {
		return e
	}
	if m.i < len(m.src) {
		m.newLine()
	}
	return nil
}

// addValue counts n bytes of keys and values.
func (m *measurer) addValue(n int, p position) *Error {
	if m.values += n; m.values > m.lim.values {
		return m.fail(p, "scenario.scan.values", m.lim.values)
	}
	return nil
}

// lineEnd finds where the current line ends, and its last character that is
// not blank, once per line.
func (m *measurer) lineEnd() {
	if m.i < m.eol {
		return
	}
	m.lastText = -1
	m.eol = m.i
	for ; m.eol < len(m.src) && !isNewline(rune(m.src[m.eol])); m.eol++ {
		if c := m.src[m.eol]; c != ' ' && c != '\t' {
			m.lastText = m.eol
		}
	}
}

// tag counts a tag (!name), which Load refuses when it tokenizes.
func (m *measurer) tag() *Error {
	p, start := m.pos(), m.i
	m.i++ // the scanner does not count the '!' as a column
	for m.i < len(m.src) {
		c := m.src[m.i]
		if c == ' ' || c == '\n' || c == '\r' || c == '{' || c == '}' || c == ',' && (m.seqs > 0 || m.maps > 0) {
			break
		}
		if m.i-start > m.lim.value {
			return m.fail(p, "scenario.scan.long_value", m.lim.value)
		}
		m.step()
	}
	m.clear()
	switch {
	case m.i == len(m.src):
		return nil // a tag that the text ends in is no token
	case m.src[m.i] == ' ':
		m.step() // the scanner takes the space with the tag
	}
	return m.emit(tokOther, p)
}
