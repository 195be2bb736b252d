package web

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rearrank/rearrank/msg"
)

func TestRequestLang(t *testing.T) {
	for _, c := range []struct {
		url, cookie, accept string
		want                msg.Lang
	}{
		{"/", "", "", msg.English},
		{"/", "", "ru-RU,ru;q=0.9,en;q=0.8", msg.Russian},
		{"/", "", "de-DE,de;q=0.9", msg.English},
		{"/", "ru", "en", msg.Russian},
		{"/?lang=en", "ru", "ru", msg.English},
		{"/?lang=ru", "", "en", msg.Russian},
		{"/?lang=xx", "", "ru", msg.Russian},
	} {
		r := httptest.NewRequest("GET", c.url, nil)
		if c.cookie != "" {
			r.Header.Set("Cookie", langCookie+"="+c.cookie)
		}
		if c.accept != "" {
			r.Header.Set("Accept-Language", c.accept)
		}
		if got := requestLang(r); got != c.want {
			t.Errorf("%s cookie %q Accept-Language %q: %v, want %v", c.url, c.cookie, c.accept, got, c.want)
		}
	}
}

func TestPagesInLang(t *testing.T) {
	p := mustPages()
	for _, l := range msg.Langs() {
		tm, err := p.in(l).New("probe").Parse(`{{lang}}|{{t "term.combat.facing.front"}}|<script type="application/json">{{jsWords "term.combat.facing.rear"}}</script>`)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := tm.Execute(&b, nil); err != nil {
			t.Fatal(err)
		}
		want := map[msg.Lang]string{msg.English: `en|front|<script type="application/json">{"term.combat.facing.rear":"rear"}</script>`, msg.Russian: `ru|фронт|<script type="application/json">{"term.combat.facing.rear":"тыл"}</script>`}[l]
		if b.String() != want {
			t.Errorf("%v: %q, want %q", l, b.String(), want)
		}
	}
}
