package web

import (
	"bytes"
	"cmp"
	"container/list"
	"crypto/sha256"
	"net/http"
	"strconv"
	"sync"
)

// cacheBytes bounds the result cache: the JSON of a typical odds request is
// 2 to 20 KB, so a few thousand of them.
const cacheBytes = 16 << 20

// entryOverhead is what one entry costs besides its bytes: the key, the
// map slot and the list element, counted so that many tiny answers cannot
// pass the bound.
const entryOverhead = 160

// resultCache keeps the answers of deterministic requests (odds, compare,
// combat with a seed, the page's results: the same request always gives
// the same bytes), keyed by a hash of the language, the route, the query,
// the Content-Type and the body, up to a total size in bytes. When it is full
// the entry used least recently goes first, so a popular answer (the
// page's default, an example everyone opens) stays however many one-off
// requests pass through. A repeated request is answered without parsing
// or computing.
type resultCache struct {
	mu    sync.Mutex
	max   int
	size  int
	items map[[32]byte]*list.Element // of *entry
	lru   list.List                  // most recently used at the front
}

// entry is one cached answer under its key.
type entry struct {
	key [32]byte
	v   cached
}

// cached is one answer, plain and gzipped (nil when not worth it), with
// its status (200, or 422 for a state limit, which the same request
// always meets again) and, for a page, its headers (JSON's when nil).
type cached struct {
	status    int
	header    http.Header
	plain, gz []byte
}

func (c cached) size() int {
	n := len(c.plain) + len(c.gz) + entryOverhead
	for k, vs := range c.header {
		n += len(k)
		for _, v := range vs {
			n += len(v)
		}
	}
	return n
}

func newResultCache(max int) *resultCache {
	return &resultCache{max: max, items: map[[32]byte]*list.Element{}}
}

// cacheKey hashes what decides a deterministic answer: the language of
// its words among it, which the query, a cookie or Accept-Language picks
// (requestLang).
func cacheKey(r *http.Request, body []byte) [32]byte {
	h := sha256.New()
	h.Write([]byte(requestLang(r).String()))
	h.Write([]byte{0})
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

// get returns the answer under k and marks it used.
func (c *resultCache) get(k [32]byte) (cached, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[k]
	if !ok {
		return cached{}, false
	}
	c.lru.MoveToFront(e)
	return e.Value.(*entry).v, true
}

// len is the number of answers held.
func (c *resultCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.items)
}

// bytes is the size the bound counts.
func (c *resultCache) bytes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.size
}

// put stores v under k, dropping the least recently used answers until it
// fits; v must not change afterwards.
func (c *resultCache) put(k [32]byte, v cached) {
	if v.size() > c.max/16 {
		return // one answer may not crowd out the rest
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		c.lru.MoveToFront(e)
		return
	}
	for c.size+v.size() > c.max {
		old := c.lru.Back()
		if old == nil {
			break
		}
		oe := c.lru.Remove(old).(*entry)
		delete(c.items, oe.key)
		c.size -= oe.v.size()
	}
	c.items[k] = c.lru.PushFront(&entry{key: k, v: v})
	c.size += v.size()
}

// remember caches a deterministic JSON answer with its gzipped form.
func (s *Server) remember(k [32]byte, status int, data []byte) {
	s.store(k, cached{status: status, plain: data}, true)
}

// store caches v under k with its gzipped form, when compress and v is
// large enough to be worth it.
func (s *Server) store(k [32]byte, v cached, compress bool) {
	if compress && len(v.plain) >= gzipMin {
		z := s.gzip(v.plain)
		v.gz = bytes.Clone(z.Bytes())
		s.zbufs.Put(z)
	}
	s.cache.put(k, v)
}

// writeCached writes a cached answer, gzipped when the client takes it.
func writeCached(w http.ResponseWriter, r *http.Request, v cached) {
	h := w.Header()
	body := v.plain
	if v.gz != nil && acceptsGzip(r) {
		h["Content-Encoding"] = []string{"gzip"}
		h["Vary"] = []string{"Accept-Encoding"}
		body = v.gz
	}
	if v.header == nil {
		writeRaw(w, v.status, body)
		return
	}
	for k, vs := range v.header {
		h[k] = vs
	}
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	w.WriteHeader(v.status)
	_, _ = w.Write(body) // the guard drops it for HEAD
}

// pageCached serves a page (GET, its answer decided by its path and
// query alone) from the result cache, and caches what h answers 200: the
// default page and the examples everyone opens cost one computation, not
// one a visit. Requests for a page not yet cached wait for the first of
// them, so that a crowd arriving at once computes it once.
func (s *Server) pageCached(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key := cacheKey(r, nil)
		if v, ok := s.cache.get(key); ok {
			writeCached(w, r, v)
			return
		}
		wait, leader := s.inflight.join(key)
		if !leader {
			select {
			case <-wait:
				if v, ok := s.cache.get(key); ok {
					writeCached(w, r, v)
					return
				}
			case <-r.Context().Done():
				return // the guard answers a client that left, or the deadline
			}
		} else {
			defer s.inflight.leave(key)
		}
		bw := &bufferedWriter{header: http.Header{}}
		h(bw, r)
		status := cmp.Or(bw.status, http.StatusOK)
		if status == http.StatusOK && bw.header.Get("Content-Encoding") == "" {
			s.rememberPage(key, bw.header, bw.body.Bytes())
		}
		for k, v := range bw.header {
			w.Header()[k] = v
		}
		w.WriteHeader(status)
		_, _ = w.Write(bw.body.Bytes())
	}
}

// rememberPage caches a page with its headers.
func (s *Server) rememberPage(k [32]byte, header http.Header, body []byte) {
	s.store(k, cached{status: http.StatusOK, header: header.Clone(), plain: bytes.Clone(body)},
		compressible(header.Get("Content-Type")))
}

// inflight are the keys being computed, each with a channel closed when
// its computation ends.
type inflight struct {
	mu sync.Mutex
	m  map[[32]byte]chan struct{}
}

// join returns the channel of k's computation, and whether the caller is
// the first, who computes it and must leave.
func (f *inflight) join(k [32]byte) (wait <-chan struct{}, leader bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.m[k]; ok {
		return c, false
	}
	if f.m == nil {
		f.m = map[[32]byte]chan struct{}{}
	}
	c := make(chan struct{})
	f.m[k] = c
	return c, true
}

func (f *inflight) leave(k [32]byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	close(f.m[k])
	delete(f.m, k)
}
