package web

import (
	"html"
	"html/template"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// An exact chance is a fraction such as 175200803995503060546875/
// 1062353018033006514536448: the page shows it where it is short enough
// to read (each side of at most shortDigits digits), and otherwise keeps
// it a tap away, folded in a <details> under the percentage that says
// the same, so that it works on a phone and without script.

// shortDigits is the most digits a side of a fraction shown inline has.
const shortDigits = 6

// shortFraction reports whether the fraction "a/b" (or a whole number) is
// short enough to show inline.
func shortFraction(s string) bool {
	num, den, _ := strings.Cut(s, "/")
	return len(strings.TrimPrefix(num, "-")) <= shortDigits && len(den) <= shortDigits
}

// fractionHTML is the exact value s as the page shows it, in an element
// of class class: "= 1/3" inline (prefix "= ") when short, else folded:
// "exact value", which opens on a tap to the fraction, broken every ten
// digits so that a phone wraps it.
func fractionHTML(s, class, prefix string) template.HTML {
	return fractionHTMLIn(msg.English, s, class, prefix)
}

// fractionHTMLIn is fractionHTML with its words in language l.
func fractionHTMLIn(l msg.Lang, s, class, prefix string) template.HTML {
	if s == "" {
		return ""
	}
	if shortFraction(s) {
		return template.HTML(`<span class="` + class + `">` + html.EscapeString(prefix+s) + `</span>`)
	}
	var b strings.Builder
	for i, r := range s {
		if i > 0 && i%10 == 0 {
			b.WriteString("<wbr>")
		}
		b.WriteString(html.EscapeString(string(r)))
	}
	return template.HTML(`<details class="` + class + `"><summary>` + html.EscapeString(msg.New("webres.odds.exact_value").Text(l)) + `</summary><span>` + b.String() + `</span></details>`)
}

// fractionFuncs are the templates' functions of the results in language
// l: exact ("= 1/3", or folded when long) and frac (the same without
// "= ") show an exact value, and say a sentence (below).
func fractionFuncs(l msg.Lang) template.FuncMap {
	return template.FuncMap{
		"exact": func(s string) template.HTML { return fractionHTMLIn(l, s, "exact", "= ") },
		"frac":  func(s string) template.HTML { return fractionHTMLIn(l, s, "frac", "") },
		// say is t for a sentence with an apostrophe or a plus: it
		// escapes only what HTML must (& < >), so that "the file's" and
		// "4+" stay as the template's own text writes them, where t's
		// string is written "the file&#39;s" and "4&#43;".
		"say": func(id string, args ...any) template.HTML {
			return template.HTML(htmlText.Replace(msg.New(msg.ID(id), args...).Text(l)))
		},
	}
}

// htmlText escapes text for an element's content.
var htmlText = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
