package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/scanner"
	"github.com/goccy/go-yaml/token"
	"github.com/rearrank/rearrank/msg"
)

// Read reads a scenario from r, at most MaxSize bytes, and loads it. The
// name labels errors; "-" (standard input) is shown as "<stdin>".
func Read(name string, r io.Reader) (*File, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, (&Error{File: displayName(name), Err: fmt.Errorf("%w: %w", ErrInvalid, err)}).setMessage(say("scenario.load.read", err.Error()))
	}
	return Load(name, data)
}

// Load reads a scenario from YAML or JSON (JSON is YAML's flow style, so
// both go through one parser and report the same positions), applies the
// defaults (see Defaults) and validates it. Every error is an *Error naming
// the file, line, column and field.
//
// Load refuses input that a scenario never needs and that could make
// parsing slow or large: more than MaxSize bytes, text that is not UTF-8,
// anchors and aliases (the "billion laughs" attack), tags, merge keys,
// several documents, nesting deeper than MaxDepth, and more than MaxTokens
// tokens or the other limits of measure (scan.go).
//
// A target or attack group that names a unit of a list file (from:) is
// an error here, as Load reads no files: LoadLists and LoadFS read them.
func Load(name string, data []byte) (*File, error) {
	f, _, err := load(name, data, nil)
	return f, err
}

// load is Load, reading the list files from: names with open when it is
// not nil.
func load(name string, data []byte, open ListOpener) (*File, []msg.Message, error) {
	return loadAs(name, data, open, false)
}

// loadAs is load; unitOnly lets the file leave its attacks out (LoadUnit).
func loadAs(name string, data []byte, open ListOpener, unitOnly bool) (*File, []msg.Message, error) {
	name = displayName(name)
	body, e := read(name, data, emptyScenario)
	if e != nil {
		return nil, nil, e
	}
	f := &File{src: newSource(name), unitOnly: unitOnly}
	f.src.root = nodePos(body)
	d := decoder{src: f.src, shapes: scenarioShapes(), lists: newLists(open)}
	if e := d.decode(body, valueOf(f), "", ""); e != nil {
		return nil, nil, e
	}
	f.Defaults()
	if err := f.Validate(); err != nil {
		return nil, nil, err
	}
	return f, d.lists.notes, nil
}

// emptyScenario is Load's message for a file with no document in it.
const emptyScenario = "empty file: want a scenario with ruleset, attacks and target"

// read holds data to the limits a scenario's text is held to, parses it,
// and returns the body of its one document; empty is the message for a
// file with none.
func read(name string, data []byte, empty string) (ast.Node, *Error) {
	if len(data) > MaxSize {
		return nil, (&Error{File: name, Err: ErrTooLarge}).setMessage(say("scenario.load.too_large", MaxSize))
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	// Both passes stop at the first problem: precheck reports what it
	// finds before the place where measure stopped.
	if end, e := measure(name, data); e != nil {
		if pe := precheck(name, data[:min(end+1, len(data))]); pe != nil {
			return nil, pe
		}
		return nil, e
	}
	if e := precheck(name, data); e != nil {
		return nil, e
	}
	tks, e := tokenize(name, data)
	if e != nil {
		return nil, e
	}
	return parse(name, tks, empty)
}

func displayName(name string) string {
	if name == "-" {
		return "<stdin>"
	}
	return name
}

// precheck rejects, by a single pass over the bytes, text that is not
// UTF-8 and the obvious nesting attacks ("[[[[...", "- - - - ..."), before
// the tokenizer spends time on them. It counts brackets outside quotes and
// comments and the indentation of each line; tokenize checks the nesting
// exactly, so this pass only needs to be generous and fast.
func precheck(name string, data []byte) *Error {
	line, col := 1, 0
	depth := 0
	var inDouble, inSingle, inComment, escaped bool
	lineStart, indent := true, 0
	var prev byte = '\n'
	for i := 0; i < len(data); {
		c := data[i]
		// Runs of bytes that change nothing here but the column.
		stop := &precheckStop
		switch {
		case inComment:
			stop = &commentStop
		case inDouble && !escaped:
			stop = &doubleStop
		case inSingle:
			stop = &singleStop
		case lineStart || escaped:
			stop = nil
		}
		if stop != nil && stop[c] == 0 {
			for i < len(data) && stop[data[i]] == 0 {
				i++
				col++
			}
			prev = data[i-1]
			continue
		}
		size := 1
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n <= 1 {
				return (&Error{File: name, Line: line, Column: col + 1, Err: ErrSyntax}).setMessage(say("scenario.load.not_utf8"))
			}
			size = n
		}
		col++
		switch {
		case c == '\n':
			line, col = line+1, 0
			inComment, lineStart, indent = false, true, 0
		case inComment:
		case inDouble:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inDouble = false
			}
		case inSingle:
			if c == '\'' {
				inSingle = false // a doubled '' closes and reopens: harmless
			}
		case c == '#' && (prev == ' ' || prev == '\t' || prev == '\n'):
			inComment = true
		case c == '"':
			inDouble = true
		case c == '\'' && strings.IndexByte(" \t\n[{,:", prev) >= 0:
			inSingle = true
		case c == '[' || c == '{':
			depth++
			if depth > 2*MaxDepth {
				return deepError(name, line, col)
			}
		case c == ']' || c == '}':
			depth = max(depth-1, 0)
		}
		if lineStart && !inDouble && !inSingle {
			switch {
			case c == ' ' || c == '-' || c == '?':
				indent++
				if indent > 4*MaxDepth {
					return deepError(name, line, col)
				}
			case c != '\n':
				lineStart = false
			}
		}
		prev = c
		i += size
	}
	return nil
}

// precheckStop marks the bytes that precheck looks at after a line's
// indentation, outside quotes and comments, and the others those it looks
// at inside a comment and inside quotes: the rest only move the column on.
// Every byte of a character past ASCII is one, for its UTF-8 check.
var precheckStop, commentStop, doubleStop, singleStop = stopAt("\n#\"'[{]}"), stopAt("\n"), stopAt("\n\"\\"), stopAt("\n'")

func stopAt(bytes string) (stop [256]uint8) {
	for _, b := range []byte(bytes) {
		stop[b] = 1
	}
	for b := utf8.RuneSelf; b < 256; b++ {
		stop[b] = 1
	}
	return stop
}

func deepError(name string, line, col int) *Error {
	return (&Error{File: name, Line: line, Column: col, Err: ErrUnsupported}).setMessage(say("scenario.load.too_deep", MaxDepth))
}

// tokenize runs the YAML tokenizer and refuses anchors, aliases, tags,
// merge keys and deep nesting, so that the parser and decoder only ever see
// a plain tree of bounded depth. Refusing aliases outright is the simple,
// complete answer to alias expansion attacks; scenario files have no use
// for them. measure has held the text to MaxTokens before; the count here
// is a second line.
func tokenize(name string, data []byte) (tks token.Tokens, e *Error) {
	defer func() {
		if r := recover(); r != nil {
			tks, e = nil, (&Error{File: name, Err: ErrSyntax}).setMessage(say("scenario.load.tokenize", fmt.Sprint(r)))
		}
	}()
	tks = lex(data)
	if len(tks) > MaxTokens {
		tk := tks[MaxTokens]
		return nil, (&Error{File: name, Line: tk.Position.Line, Column: tk.Position.Column, Err: ErrUnsupported}).
			setMessage(say("scenario.load.too_many_tokens", MaxTokens))
	}
	at := func(tk *token.Token, m msg.Message, kind error) *Error {
		return (&Error{File: name, Line: tk.Position.Line, Column: tk.Position.Column, Err: kind}).setMessage(m)
	}
	flow := 0
	var block []int // columns of the open block collections
	push := func(col int) {
		for len(block) > 0 && block[len(block)-1] >= col {
			block = block[:len(block)-1]
		}
		block = append(block, col)
	}
	for i, tk := range tks {
		switch tk.Type {
		case token.AnchorType, token.AliasType:
			return nil, at(tk, say("scenario.load.anchors"), ErrUnsupported)
		case token.TagType:
			return nil, at(tk, say("scenario.load.tags", tk.Value), ErrUnsupported)
		case token.MergeKeyType:
			return nil, at(tk, say("scenario.load.merge_keys"), ErrUnsupported)
		case token.SequenceStartType, token.MappingStartType:
			flow++
		case token.SequenceEndType, token.MappingEndType:
			flow = max(flow-1, 0)
		case token.SequenceEntryType, token.MappingKeyType:
			if flow == 0 {
				push(tk.Position.Column)
			}
		case token.MappingValueType:
			if flow == 0 && i > 0 {
				push(tks[i-1].Position.Column)
			}
		case token.StringType:
			if flow > 0 {
				if e := missingComma(name, tk); e != nil {
					return nil, e
				}
			}
		case token.InvalidType:
			var m msg.Message
			switch {
			case strings.Contains(tk.Error, "'\t'"):
				m = say("scenario.load.tab")
			case tk.Error == "":
				m = say("scenario.load.cannot_read", strconv.Quote(shorten(tk.Value)))
			default:
				m = plainSyntax(tk.Error, endOf(tks))
			}
			return nil, at(tk, m, ErrSyntax)
		}
		if flow+len(block) > MaxDepth {
			return nil, deepError(name, tk.Position.Line, tk.Position.Column)
		}
	}
	return tks, nil
}

// lex returns the tokens of data up to the first invalid one. It is
// lexer.Tokenize, which goes on past an invalid token to the end of the
// text, stopped where Load reports the error.
func lex(data []byte) token.Tokens {
	var tks token.Tokens
	var s scanner.Scanner
	s.Init(string(data))
	for {
		more, err := s.Scan()
		tks.Add(more...)
		if err != nil {
			return tks
		}
	}
}

// missingComma reports a plain value in a flow mapping or list that holds
// a 'name: value' of its own, such as the `1 "strength": 3` of JSON's
// {"count": 1 "strength": 3}: the ',' before the name is missing, and the
// YAML reader took the rest for one value. It points at the name.
func missingComma(name string, tk *token.Token) *Error {
	o := strings.TrimLeft(tk.Origin, " \t\r\n")
	k := -1
	for i := 1; i < len(o); i++ {
		if o[i] == ':' && (o[i-1] == '"' || o[i-1] == '\'' || i+1 == len(o) || strings.IndexByte(" \t\r\n", o[i+1]) >= 0) {
			k = i
			break
		}
	}
	if k < 0 || tk.Position == nil {
		return nil
	}
	start := strings.LastIndexAny(o[:k], " \t\r\n") + 1
	if q := o[k-1]; q == '"' || q == '\'' {
		start = strings.LastIndexByte(o[:k-1], q)
	}
	if start <= 0 {
		return nil // the value starts with the name: not a run-on value
	}
	line, col := tk.Position.Line, tk.Position.Column
	for _, c := range o[:start] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	key := strings.Trim(o[start:k], `"'`)
	return (&Error{File: name, Line: line, Column: col, Err: ErrSyntax}).setMessage(say("scenario.load.missing_comma", strconv.Quote(shorten(key))))
}

// parse builds the syntax tree and returns the body of its one document.
func parse(name string, tks token.Tokens, empty string) (body ast.Node, e *Error) {
	defer func() {
		if r := recover(); r != nil {
			body, e = nil, (&Error{File: name, Err: ErrSyntax}).setMessage(say("scenario.load.cannot_parse", fmt.Sprint(r)))
		}
	}()
	if len(tks) == 0 {
		return nil, (&Error{File: name, Err: ErrInvalid}).setMessage(sentence(empty))
	}
	// Duplicate keys are the decoder's to report, with the field's path.
	f, err := parser.Parse(tks, 0, parser.AllowDuplicateMapKey())
	if err != nil {
		return nil, syntaxError(name, err, tks)
	}
	var docs []*ast.DocumentNode
	for _, d := range f.Docs {
		if d != nil && d.Body != nil {
			docs = append(docs, d)
		}
	}
	switch len(docs) {
	case 0:
		return nil, (&Error{File: name, Err: ErrInvalid}).setMessage(sentence(empty))
	case 1:
		return docs[0].Body, nil
	}
	p := nodePos(docs[1].Body)
	if docs[1].Start != nil {
		p = tokenPos(docs[1].Start)
	}
	return nil, (&Error{File: name, Line: p.line, Column: p.col, Err: ErrUnsupported}).setMessage(say("scenario.load.second_document"))
}

func syntaxError(name string, err error, tks token.Tokens) *Error {
	e := &Error{File: name, Err: ErrSyntax}
	var se *yaml.SyntaxError
	var ye yaml.Error
	var text string
	switch {
	case errors.As(err, &se) && se.Token != nil:
		e.Line, e.Column, text = se.Token.Position.Line, se.Token.Position.Column, se.Message
	case errors.As(err, &ye) && ye.GetToken() != nil:
		tk := ye.GetToken()
		e.Line, e.Column, text = tk.Position.Line, tk.Position.Column, ye.GetMessage()
	default:
		text, _, _ = strings.Cut(err.Error(), "\n")
	}
	if strings.HasPrefix(text, "value is not allowed in this context") {
		if m, ok := misplaced(tks, e.Line, e.Column); ok {
			return e.setMessage(m)
		}
	}
	return e.setMessage(plainSyntax(text, endOf(tks)))
}

// misplaced says in a player's words why the token at line:col cannot
// stand where it is, for the parser's "value is not allowed in this
// context": a ']' or '}' that closes nothing, or a field indented to a
// column where no mapping above it has its fields. It is "" for anything
// else, and false.
func misplaced(tks token.Tokens, line, col int) (msg.Message, bool) {
	var cols []int // the columns of the block mappings open above
	for i, tk := range tks {
		if tk.Position == nil {
			continue
		}
		p := tk.Position
		at := p.Line == line && p.Column == col
		switch {
		case at && (tk.Value == "]" || tk.Value == "}"): // past the end of the flow, the tokenizer reads a '}' as text
			open := map[string]string{"]": "[", "}": "{"}[tk.Value]
			return say("scenario.load.closes_nothing", tk.Value, open), true
		case at:
			if i+1 < len(tks) && tks[i+1].Type == token.MappingValueType && len(cols) > 0 && !slices.Contains(cols, col) {
				where := make([]string, len(cols))
				for j, c := range cols {
					where[j] = strconv.Itoa(c)
				}
				return say("scenario.load.indented", strconv.Quote(shorten(tk.Value)), col, orEach(where)), true
			}
			return msg.Message{}, false
		}
		// A block mapping's key, the first token of its line: the
		// mappings it is inside start left of it.
		if i+1 < len(tks) && tks[i+1].Type == token.MappingValueType && (i == 0 || tks[i-1].Position.Line < p.Line || tks[i-1].Type == token.SequenceEntryType) {
			for len(cols) > 0 && cols[len(cols)-1] >= p.Column {
				cols = cols[:len(cols)-1]
			}
			cols = append(cols, p.Column)
		}
		if tk.Type == token.SequenceEntryType {
			for len(cols) > 0 && cols[len(cols)-1] > p.Column {
				cols = cols[:len(cols)-1]
			}
		}
	}
	return msg.Message{}, false
}

// plainSyntax says a YAML parser's message in a player's words; end is
// where the text ends, for what is opened and never closed.
func plainSyntax(text string, end position) msg.Message {
	var ends any = ""
	if end.line > 0 {
		ends = say("scenario.syntax.file_ends", end.line, end.col)
	}
	for _, r := range []struct {
		parser string
		plain  msg.ID
	}{
		{"',' or ']' must be specified", "scenario.syntax.list_comma"},
		{"',' or '}' must be specified", "scenario.syntax.mapping_comma"},
		{"sequence end token ']' not found", "scenario.syntax.list_open"},
		{"could not find flow mapping end token '}'", "scenario.syntax.mapping_open"},
		{"could not find end character of double-quoted text", "scenario.syntax.double_quote"},
		{"could not find end character of single-quoted text", "scenario.syntax.single_quote"},
		{"mapping value is not allowed in this context", "scenario.syntax.mapping_value"},
		{"unexpected key name", "scenario.syntax.key_name"},
		{"value is not allowed in this context", "scenario.syntax.value"},
	} {
		if strings.Contains(text, r.parser) {
			return say(r.plain, ends)
		}
	}
	if strings.Contains(text, "found character that cannot start any token") {
		// English in every language: the glossary's "character" is a
		// model, and a test holds every message that says it to that.
		return say("scenario.error", "a character that cannot begin a value here: quote the value")
	}
	return say("scenario.error", text)
}

// endOf returns where the text of tks ends: after the last token.
func endOf(tks token.Tokens) position {
	if len(tks) == 0 {
		return position{}
	}
	tk := tks[len(tks)-1]
	if tk.Position == nil {
		return position{}
	}
	lines := strings.Split(tk.Origin, "\n")
	if len(lines) > 1 {
		return position{tk.Position.Line + len(lines) - 1, len(lines[len(lines)-1]) + 1}
	}
	return position{tk.Position.Line, tk.Position.Column + len(tk.Value)}
}

func tokenPos(tk *token.Token) position {
	if tk == nil || tk.Position == nil {
		return position{}
	}
	return position{tk.Position.Line, tk.Position.Column}
}

// nodePos is where a node starts in the text: a block mapping at its first
// key, anything else at its first token.
func nodePos(n ast.Node) position {
	switch n := n.(type) {
	case nil:
		return position{}
	case *ast.MappingNode:
		if !n.IsFlowStyle && len(n.Values) > 0 {
			return nodePos(n.Values[0])
		}
		return tokenPos(n.Start)
	case *ast.MappingValueNode:
		return nodePos(n.Key)
	case *ast.SequenceNode:
		return tokenPos(n.Start)
	}
	return tokenPos(n.GetToken())
}

func shorten(s string) string {
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return strings.ToValidUTF8(s, "?")
}
