package scenario

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// Sentinel errors. Every error Load, Read and Validate return is an *Error
// that wraps one of them, so callers can sort failures with errors.Is.
var (
	// ErrSyntax: the text is not YAML or JSON.
	ErrSyntax = errors.New("syntax error")
	// ErrUnknownField: a field name that the format does not have.
	ErrUnknownField = errors.New("unknown field")
	// ErrInvalid: a field has the wrong type, is out of range, is missing,
	// or does not fit with the rest of the file.
	ErrInvalid = errors.New("invalid scenario")
	// ErrUnsupported: YAML features scenario files do not use (anchors,
	// aliases, tags, several documents, nesting deeper than MaxDepth).
	ErrUnsupported = errors.New("unsupported YAML")
	// ErrTooLarge: the input is larger than MaxSize.
	ErrTooLarge = errors.New("scenario too large")
	// ErrOtherFile: the file is of another kind than the one wanted, such
	// as a combat file given where a scenario is wanted. Its errors wrap
	// ErrInvalid as well.
	ErrOtherFile = errors.New("another kind of file")
)

// errOtherFile is the kind of an ErrOtherFile error: ErrInvalid too.
var errOtherFile = fmt.Errorf("%w: %w", ErrInvalid, ErrOtherFile)

// Error is a problem with a scenario file, and where it is. Line and Column
// are 1-based and zero when unknown; Field is the dotted path of the field
// ("attacks[1].strength", "target.characters[0].name"), empty for the file
// as a whole. Msg is what is wrong, in English; Message, when it is set,
// is the same as a message of the catalogue, which Text renders in another
// language (an error built with Msg alone is English in every language).
type Error struct {
	File    string
	Line    int
	Column  int
	Field   string
	Msg     string
	Message msg.Message
	Err     error // the sentinel: ErrSyntax, ErrUnknownField, ...
}

// Error formats the error as "name:line:col: field: message", leaving out
// the parts that are unknown.
func (e *Error) Error() string { return e.place() + e.Msg }

// Text is the error in language l: the place as Error writes it (the
// file, line, column and field path are the same in every language), then
// the message in l.
func (e *Error) Text(l msg.Lang) string {
	if l == msg.English || e.Message.IsZero() {
		return e.Error()
	}
	return e.place() + e.Message.Text(l)
}

// setMessage makes m the error's message, its English the Msg.
func (e *Error) setMessage(m msg.Message) *Error {
	e.Message, e.Msg = m, m.String()
	return e
}

// errArg is an error as a message's argument: rendered in the message's
// language when it can be (msg.Texter), else its English.
func errArg(err error) any {
	if t, ok := err.(msg.Texter); ok {
		return t
	}
	return err.Error()
}

// say is msg.New, short for the many messages of this package.
func say(id msg.ID, args ...any) msg.Message { return msg.New(id, args...) }

// place writes "name:line:col: field: ", leaving out the parts that are
// unknown.
func (e *Error) place() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		if b.Len() > 0 {
			b.WriteByte(':')
		}
		b.WriteString(strconv.Itoa(e.Line))
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(e.Column))
	}
	if e.Field != "" {
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString(e.Field)
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	return b.String()
}

// Unwrap returns the sentinel error.
func (e *Error) Unwrap() error { return e.Err }

// position is a 1-based line and column in the source.
type position struct{ line, col int }

// source remembers where each field stood in the file Load read, so that
// errors found after decoding still name a place.
type source struct {
	name string
	pos  map[string]position // dotted field path -> position of its value
	key  map[string]position // dotted field path -> position of its key
	// score holds the integer fields written as a score ("bs: 4+"), which
	// only some rulesets allow.
	score map[string]bool
	root  position // first token of the document
	// rename maps a File's field paths to the document's, for a File made
	// of parts of a document (Doc.Scenario): "target" to "sides.b.unit".
	// A path is renamed by its longest prefix here (whole elements).
	rename map[string]string
}

// at returns the position of a field: its value if the file has it, else
// its key, else the nearest enclosing field the file has, else the start of
// the document.
func (s *source) at(field string) position {
	if s == nil {
		return position{}
	}
	for f := s.path(field); f != ""; f = parentPath(f) {
		if p, ok := s.pos[f]; ok {
			return p
		}
		if p, ok := s.key[f]; ok {
			return p
		}
	}
	return s.root
}

// has reports whether the file wrote the field.
func (s *source) has(field string) bool {
	if s == nil {
		return false
	}
	_, ok := s.key[s.path(field)]
	return ok
}

// keyAt returns where the field's name stood, if the file wrote it.
func (s *source) keyAt(field string) (position, bool) {
	if s == nil {
		return position{}, false
	}
	p, ok := s.key[s.path(field)]
	return p, ok
}

// isScore reports whether the file wrote the integer field as a score
// ("bs: 4+").
func (s *source) isScore(field string) bool {
	return s != nil && s.score[s.path(field)]
}

// path is the document's path of a File's field (see rename).
func (s *source) path(field string) string {
	if s == nil || s.rename == nil {
		return field
	}
	for f := field; f != ""; f = parentPath(f) {
		if to, ok := s.rename[f]; ok {
			return to + field[len(f):]
		}
	}
	if to, ok := s.rename[""]; ok {
		return join(to, field)
	}
	return field
}

// parentPath strips the last element of a dotted path: "a[1].b" -> "a[1]"
// -> "a" -> "".
func parentPath(f string) string {
	i := strings.LastIndexAny(f, ".[")
	if i < 0 {
		return ""
	}
	return f[:i]
}

// Errorf returns an *Error about the named field (a dotted path such as
// "attacks[0].count") at the place the field, or the nearest field around
// it, stood in the file. Other packages use it for problems they find later,
// so that every message about a scenario says where.
func (f *File) Errorf(field, format string, args ...any) error {
	return f.errorf(ErrInvalid, field, format, args...)
}

// errorf returns an *Error of the given kind about the field, at its value,
// or for an unknown field, at its name.
func (f *File) errorf(kind error, field, format string, args ...any) *Error {
	return f.src.errorf(kind, field, format, args...)
}

func (s *source) errorf(kind error, field, format string, args ...any) *Error {
	return s.fail(kind, field, msg.Message{}).setText(fmt.Sprintf(format, args...))
}

// Fail returns an *Error about the named field, as Errorf does, whose
// message is m: what other packages find later, said in the reader's
// language.
func (f *File) Fail(field string, m msg.Message) error {
	return f.fail(ErrInvalid, field, m)
}

// fail returns an *Error of the given kind about the field whose message
// is m.
func (f *File) fail(kind error, field string, m msg.Message) *Error {
	return f.src.fail(kind, field, m)
}

// message is the error's message: Message, or Msg as a message when the
// error has only English.
func (e *Error) message() msg.Message {
	if e.Message.IsZero() {
		return say("scenario.error", e.Msg)
	}
	return e.Message
}

// ErrorOf returns an *Error with no place whose message is m, for a
// caller's problem with a file that no field holds.
func ErrorOf(kind error, m msg.Message) *Error {
	return (&Error{Err: kind}).setMessage(m)
}

// ErrorIn returns an *Error in the named file, with no line, whose message
// is m.
func ErrorIn(file string, line, col int, kind error, m msg.Message) *Error {
	return (&Error{File: file, Line: line, Column: col, Err: kind}).setMessage(m)
}

// setText gives the error an English text and no message.
func (e *Error) setText(s string) *Error {
	e.Message, e.Msg = msg.Message{}, s
	return e
}

func (s *source) fail(kind error, field string, m msg.Message) *Error {
	e := (&Error{Field: field, Err: kind}).setMessage(m)
	if s == nil {
		return e
	}
	e.File, e.Field = s.name, s.path(field)
	p := s.at(field)
	if k, ok := s.keyAt(field); ok && kind == ErrUnknownField {
		p = k
	}
	e.Line, e.Column = p.line, p.col
	return e
}

// pathName is how a message names a field of f: its path in the document
// f was read from (see source.rename).
func (f *File) pathName(field string) string { return f.src.path(field) }
