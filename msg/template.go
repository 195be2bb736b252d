package msg

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"golang.org/x/text/feature/plural"
)

// template is a parsed template: literal text and placeholders.
type template struct {
	parts []part
	size  int // the bytes a rendering takes at least, its literal text and a few per argument
}

// part is literal text (arg < 0) or a placeholder of argument arg, with
// the plural forms to choose from when forms is not nil.
type part struct {
	text  string
	arg   int
	forms []string
}

// parse reads a template of language l (doc.go): placeholders {N} and
// {N:form|form...}, with l's count of plural forms, and {{ and }} for
// literal braces.
func parse(s string, l Lang) (*template, error) {
	t := &template{}
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			t.parts = append(t.parts, part{text: lit.String(), arg: -1})
			lit.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '{' && i+1 < len(s) && s[i+1] == '{', c == '}' && i+1 < len(s) && s[i+1] == '}':
			lit.WriteByte(c)
			i++
		case c == '}':
			return nil, fmt.Errorf("a } at byte %d closes nothing (write }} for a brace)", i)
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, fmt.Errorf("the { at byte %d is not closed", i)
			}
			body := s[i+1 : i+end]
			num, forms, hasForms := strings.Cut(body, ":")
			n, err := strconv.Atoi(num)
			if err != nil || n < 0 || n > 9 {
				return nil, fmt.Errorf("{%s} at byte %d: want an argument number 0 to 9", body, i)
			}
			p := part{arg: n}
			if hasForms {
				p.forms = strings.Split(forms, "|")
				if lo, hi := pluralForms(l); len(p.forms) < lo || len(p.forms) > hi {
					return nil, fmt.Errorf("{%s} at byte %d: %s takes %d plural forms, got %d", body, i, l.Name(), lo, len(p.forms))
				}
			}
			flush()
			t.parts = append(t.parts, p)
			i += end
		default:
			lit.WriteByte(c)
		}
	}
	flush()
	for _, p := range t.parts {
		t.size += len(p.text) + 8
	}
	return t, nil
}

// pluralForms is how many forms a plural placeholder of l has: English
// one|other, Russian one|few|many with an optional other for fractions.
func pluralForms(l Lang) (lo, hi int) {
	if l == Russian {
		return 3, 4
	}
	return 2, 2
}

// render writes the template with args in language l.
func (t *template) render(b *strings.Builder, args []any, l Lang) {
	for _, p := range t.parts {
		switch {
		case p.arg < 0:
			b.WriteString(p.text)
		case p.arg >= len(args):
			fmt.Fprintf(b, "{%d}", p.arg)
		case p.forms != nil:
			b.WriteString(p.forms[formIndex(args[p.arg], l, len(p.forms))])
		default:
			writeArg(b, args[p.arg], l)
		}
	}
}

// formIndex chooses among n forms of language l for the number a.
func formIndex(a any, l Lang, n int) int {
	var f plural.Form
	switch v := a.(type) {
	case int:
		f = intForm(v, l)
	case int64:
		f = intForm(int(v), l)
	case Count:
		f = intForm(v.N, l)
	case Dec:
		f = decForm(v, l)
	default:
		f = plural.Other
	}
	if l == Russian {
		switch f {
		case plural.One:
			return 0
		case plural.Few:
			return 1
		case plural.Many:
			return 2
		}
		if n == 4 {
			return 3
		}
		return 1 // a fraction: the genitive singular, as few
	}
	if f == plural.One {
		return 0
	}
	return 1
}

func intForm(n int, l Lang) plural.Form {
	if n < 0 {
		n = -n
	}
	// MatchPlural reads the digits of n: i is n, v w f t are 0 for an integer.
	return plural.Cardinal.MatchPlural(l.Tag(), n%1_000_000, 0, 0, 0, 0)
}

func decForm(d Dec, l Lang) plural.Form {
	s := strconv.FormatFloat(math.Abs(d.V), 'f', d.Places, 64)
	whole, frac, _ := strings.Cut(s, ".")
	i, _ := strconv.Atoi(whole)
	trimmed := strings.TrimRight(frac, "0")
	f, _ := strconv.Atoi("0" + frac)
	t, _ := strconv.Atoi("0" + trimmed)
	return plural.Cardinal.MatchPlural(l.Tag(), i%1_000_000, len(frac), len(trimmed), f, t)
}
