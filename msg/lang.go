package msg

import (
	"fmt"
	"strings"
	"sync"

	"golang.org/x/text/language"
)

// Lang is a language rearrank speaks.
type Lang uint8

// The languages, English first: the default, and the language of codes,
// field names and JSON keys whatever the reader's.
const (
	English Lang = iota
	Russian
	nLangs
)

// Langs lists the languages in their order.
func Langs() []Lang { return []Lang{English, Russian} }

var langTags = [nLangs]language.Tag{language.English, language.Russian}

// Tag returns the language's BCP 47 tag.
func (l Lang) Tag() language.Tag {
	if l >= nLangs {
		return language.English
	}
	return langTags[l]
}

// String returns the language's code, "en" or "ru": what --lang and ?lang=
// take and what the page writes in lang="...".
func (l Lang) String() string {
	switch l {
	case Russian:
		return "ru"
	}
	return "en"
}

// Name returns the language's name in itself: "English", "Русский".
func (l Lang) Name() string {
	switch l {
	case Russian:
		return "Русский"
	}
	return "English"
}

// ParseLang reads a language code as --lang and ?lang= take it: "en" or
// "ru", in any case, or a longer tag of them ("ru-RU", "en_GB").
func ParseLang(s string) (Lang, error) {
	code := strings.ToLower(strings.TrimSpace(s))
	code, _, _ = strings.Cut(strings.ReplaceAll(code, "_", "-"), "-")
	for _, l := range Langs() {
		if code == l.String() {
			return l, nil
		}
	}
	return English, fmt.Errorf("language %q: want en or ru", s)
}

// matcher is built on first use: a command that is not asked for a
// language does not pay for it at its start.
var matcher = sync.OnceValue(func() language.Matcher { return language.NewMatcher(langTags[:]) })

// Match returns the language that serves an Accept-Language header best,
// English when it names none of rearrank's languages or cannot be read.
func Match(acceptLanguage string) Lang {
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return English
	}
	return matchTags(tags)
}

func matchTags(tags []language.Tag) Lang {
	_, i, conf := matcher().Match(tags...)
	if conf == language.No || i < 0 || i >= int(nLangs) {
		return English
	}
	return Lang(i)
}

// FromEnv returns the language of the standard locale variables, read as
// the C library reads them: the first of LC_ALL, LC_MESSAGES and LANG that
// is set decides ("ru_RU.UTF-8" is Russian; "C", "POSIX" and what rearrank
// does not speak are English).
func FromEnv(getenv func(string) string) Lang {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		s := getenv(v)
		if s == "" {
			continue
		}
		s, _, _ = strings.Cut(s, ".") // the encoding, "ru_RU.UTF-8"
		s, _, _ = strings.Cut(s, "@") // a modifier, "sr_RS@latin"
		if s == "C" || s == "POSIX" {
			return English
		}
		t, err := language.Parse(strings.ReplaceAll(s, "_", "-"))
		if err != nil {
			return English
		}
		return matchTags([]language.Tag{t})
	}
	return English
}
