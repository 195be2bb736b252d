package web

import (
	"net/http/httptest"
	"net/netip"
	"testing"
)

// TestClientOf: the change feeds' client is the connection's address,
// or, from a trusted proxy, the nearest untrusted hop of X-Forwarded-For
// read from the right; a hop that is not an address ends the walk.
func TestClientOf(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("fd00::/8")}
	for _, c := range []struct {
		trusted []netip.Prefix
		remote  string
		xff     []string
		want    string
	}{
		{nil, "203.0.113.7:5000", []string{"198.51.100.1"}, "203.0.113.7"},                           // nobody trusted: the header is not read
		{proxies, "203.0.113.7:5000", []string{"198.51.100.1"}, "203.0.113.7"},                       // not from a proxy: the header is the client's own word
		{proxies, "10.0.0.2:5000", []string{"198.51.100.1"}, "198.51.100.1"},                         // one proxy
		{proxies, "10.0.0.2:5000", []string{"198.51.100.9, 198.51.100.1, 10.1.1.1"}, "198.51.100.1"}, // two proxies; the leftmost is the client's to write
		{proxies, "10.0.0.2:5000", []string{"198.51.100.1", "10.1.1.1"}, "198.51.100.1"},             // the hops in two header lines
		{proxies, "10.0.0.2:5000", []string{"garbage, 10.1.1.1"}, "10.1.1.1"},                        // a hop that is no address
		{proxies, "10.0.0.2:5000", nil, "10.0.0.2"},                                                  // a proxy that does not say
		{proxies, "[fd00::1]:5000", []string{"::ffff:198.51.100.4"}, "198.51.100.4"},                 // IPv6 proxy, a mapped IPv4 client
	} {
		s := New(Config{TrustedProxies: c.trusted})
		r := httptest.NewRequest("GET", "/api/battles/x/events", nil)
		r.RemoteAddr = c.remote
		for _, v := range c.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := s.clientOf(r); got != c.want {
			t.Errorf("from %s, X-Forwarded-For %q, trusting %v: client %s, want %s", c.remote, c.xff, c.trusted, got, c.want)
		}
	}
}
