package web

import (
	"bytes"
	"crypto/sha256"
	"net/http"
	"sync"
)

// cacheBytes bounds the result cache: the JSON of a typical odds request is
// 2 to 20 KB, so a few thousand of them.
const cacheBytes = 16 << 20

// resultCache keeps the JSON answers of deterministic requests (odds and
// compare: the same scenario and parameters always give the same bytes),
// keyed by a hash of the route, the query, the Content-Type and the body,
// up to a total size; the oldest entry goes first. A repeated request is
// answered without parsing or computing.
type resultCache struct {
	mu    sync.Mutex
	max   int
	size  int
	items map[[32]byte]cached
	order [][32]byte // insertion order, oldest first
}

// cached is one answer, plain and gzipped (nil when not worth it), with
// its status: 200, or 422 for a state limit, which the same request
// always meets again.
type cached struct {
	status    int
	plain, gz []byte
}

func (c cached) size() int { return len(c.plain) + len(c.gz) }

func newResultCache(max int) *resultCache {
	return &resultCache{max: max, items: map[[32]byte]cached{}}
}

// cacheKey hashes what decides a deterministic answer.
func cacheKey(r *http.Request, body []byte) [32]byte {
	h := sha256.New()
	h.Write([]byte(r.URL.Path))
	h.Write([]byte{0})
	h.Write([]byte(r.URL.RawQuery))
	h.Write([]byte{0})
	h.Write([]byte(r.Header.Get("Content-Type")))
	h.Write([]byte{0})
	h.Write(body)
	var k [32]byte
	h.Sum(k[:0])
	return k
}

func (c *resultCache) get(k [32]byte) (cached, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.items[k]
	return v, ok
}

// put stores v under k; v must not change afterwards.
func (c *resultCache) put(k [32]byte, v cached) {
	if v.size() > c.max/16 {
		return // one answer may not crowd out the rest
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.items[k]; ok {
		return
	}
	for c.size+v.size() > c.max && len(c.order) > 0 {
		old := c.order[0]
		c.order = c.order[1:]
		c.size -= c.items[old].size()
		delete(c.items, old)
	}
	c.items[k] = v
	c.order = append(c.order, k)
	c.size += v.size()
}

// remember caches a deterministic answer with its gzipped form.
func (s *Server) remember(k [32]byte, status int, data []byte) {
	v := cached{status: status, plain: data}
	if len(data) >= gzipMin {
		z := s.gzip(data)
		v.gz = bytes.Clone(z.Bytes())
		s.zbufs.Put(z)
	}
	s.cache.put(k, v)
}

// writeCached writes a cached answer, gzipped when the client takes it.
func writeCached(w http.ResponseWriter, r *http.Request, v cached) {
	if v.gz == nil || !acceptsGzip(r) {
		writeRaw(w, v.status, v.plain)
		return
	}
	h := w.Header()
	h["Content-Encoding"] = []string{"gzip"}
	h["Vary"] = []string{"Accept-Encoding"}
	writeRaw(w, v.status, v.gz)
}
