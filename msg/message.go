package msg

import (
	"strconv"
	"strings"
)

// ID names a message of the catalogue: its family, then what it says,
// "cli.note.dice_left". IDs are stable: the API's clients may key on them.
type ID string

// Message is something to say to a player: an ID of the catalogue and its
// arguments. Its zero value says nothing.
type Message struct {
	ID   ID
	Args []any
}

// New returns the message id with args. An argument is an int (written
// in digits, and the number a plural form is chosen by), a string (a
// name, written as it is in every language), a Dec, a Message (a phrase
// rendered in the same language), or a Count.
func New(id ID, args ...any) Message { return Message{ID: id, Args: args} }

// IsZero reports whether m says nothing.
func (m Message) IsZero() bool { return m.ID == "" }

// String renders m in English.
func (m Message) String() string { return m.Text(English) }

// Text renders m in language l. A message whose ID the catalogue lacks,
// which a test prevents, is written as its ID and arguments, so that
// nothing is lost.
func (m Message) Text(l Lang) string {
	if m.ID == "" {
		return ""
	}
	t := lookup(m.ID, l)
	if t == nil {
		var b strings.Builder
		b.WriteString(string(m.ID))
		for _, a := range m.Args {
			b.WriteByte(' ')
			writeArg(&b, a, l)
		}
		return b.String()
	}
	var b strings.Builder
	b.Grow(t.size)
	t.render(&b, m.Args, l)
	return b.String()
}

// List is phrases written one after the other with commas, "rear rank,
// left end", each in the reader's language.
type List []Message

// Text renders the list in language l.
func (ms List) Text(l Lang) string {
	var b strings.Builder
	for i, m := range ms {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(m.Text(l))
	}
	return b.String()
}

// Dec is a number with a fixed count of decimals, "5.56": written with a
// decimal point in English and a decimal comma in Russian ("5,56").
type Dec struct {
	V      float64
	Places int
}

// Text writes d in language l, "5.56" or "5,56": a Dec alone, as a
// table's cells write their numbers.
func (d Dec) Text(l Lang) string { return d.text(l) }

func (d Dec) text(l Lang) string {
	s := strconv.FormatFloat(d.V, 'f', d.Places, 64)
	if l == Russian {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// Count is a number written as text, such as a dice expression ("D6"),
// with the number its plural forms follow: Count{"D6", 2} takes the
// plural, as "D6 attacks" does.
type Count struct {
	Text string
	N    int
}

// writeArg writes one argument for language l.
func writeArg(b *strings.Builder, a any, l Lang) {
	switch v := a.(type) {
	case int:
		b.WriteString(strconv.Itoa(v))
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case string:
		b.WriteString(v)
	case Dec:
		b.WriteString(v.text(l))
	case Count:
		b.WriteString(v.Text)
	case Message:
		if t := lookup(v.ID, l); t != nil {
			t.render(b, v.Args, l)
		} else {
			b.WriteString(v.Text(l))
		}
	case Texter:
		b.WriteString(v.Text(l))
	default:
		b.WriteString("?")
	}
}
