package web

import (
	"encoding/json"
	"html/template"
	"net/http"
	"time"

	"github.com/rearrank/rearrank/msg"
)

// langCookie remembers the language a reader chose with the page's switch.
const langCookie = "rearrank_lang"

// requestLang is the language a request is answered in: ?lang= first (the
// switch's links and the API's parameter), then the cookie the switch
// set, then Accept-Language, then English. Codes, field names and JSON
// keys stay English whatever it is.
func requestLang(r *http.Request) msg.Lang {
	if s := r.URL.Query().Get("lang"); s != "" {
		if l, err := msg.ParseLang(s); err == nil {
			return l
		}
	}
	if c, err := r.Cookie(langCookie); err == nil {
		if l, err := msg.ParseLang(c.Value); err == nil {
			return l
		}
	}
	return msg.Match(r.Header.Get("Accept-Language"))
}

// rememberLang sets the cookie when the request chose a language with
// ?lang=, so that the next page, a shared link without it, or a reload
// speaks the same language.
func rememberLang(w http.ResponseWriter, r *http.Request, l msg.Lang) {
	if r.URL.Query().Get("lang") == "" {
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: langCookie, Value: l.String(), Path: "/",
		MaxAge: int((365 * 24 * time.Hour).Seconds()), SameSite: http.SameSiteLaxMode,
	})
}

// langFuncs are the template functions bound to a language: t renders a
// message of the catalogue, tm a message made in Go, lang is the
// language's code for lang="...", and jsWords the messages a script
// writes, as a JSON object of ID to text for
// <script type="application/json" id="rearrank-words">.
func langFuncs(l msg.Lang) template.FuncMap {
	return template.FuncMap{
		"t":       func(id string, args ...any) string { return msg.New(msg.ID(id), args...).Text(l) },
		"tm":      func(m msg.Message) string { return m.Text(l) },
		"lang":    func() string { return l.String() },
		"jsWords": func(ids ...string) template.JS { return jsWords(l, ids) },
	}
}

// jsWords is the messages ids in language l as a JSON object, for the
// page's scripts: they take a sentence from it by its ID, so that what a
// script writes is in the page's language too. A script's message takes
// no arguments; one that needs a number writes it into a message with
// "{0}" itself.
func jsWords(l msg.Lang, ids []string) template.JS {
	words := make(map[string]string, len(ids))
	for _, id := range ids {
		words[id] = msg.New(msg.ID(id)).Text(l)
	}
	b, _ := json.Marshal(words) // strings only: cannot fail
	return template.JS(b)
}
