package web

import (
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
// message of the catalogue, lang is the language's code for lang="...".
func langFuncs(l msg.Lang) template.FuncMap {
	return template.FuncMap{
		"t":    func(id string, args ...any) string { return msg.New(msg.ID(id), args...).Text(l) },
		"tm":   func(m msg.Message) string { return m.Text(l) },
		"lang": func() string { return l.String() },
	}
}
