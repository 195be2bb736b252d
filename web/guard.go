package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

// deadlineGrace is how long after Config.Timeout the server answers 503 in
// place of a handler that has not finished: the computation itself stops
// at the time limit, so the watchdog fires only for work that does not
// check its context.
const deadlineGrace = 500 * time.Millisecond

// gzipMin is the smallest body worth compressing.
const gzipMin = 1024

// bufferedWriter holds a response until the handler returns, so that the
// guard can replace it at the deadline and compress it.
type bufferedWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (b *bufferedWriter) Header() http.Header { return b.header }

func (b *bufferedWriter) WriteHeader(code int) {
	if b.status == 0 {
		b.status = code
	}
}

func (b *bufferedWriter) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	return b.body.Write(p)
}

// panicError carries a panic from the goroutine that ran a handler or a
// computation to the request's goroutine, where recovered answers it.
// logged is set once it is in the log.
type panicError struct {
	v      any
	stack  []byte
	logged bool
}

// logPanic logs a panic once, with the request and the stack.
func (s *Server) logPanic(r *http.Request, p *panicError) {
	if p.logged {
		return
	}
	p.logged = true
	s.log.Error("panic", "method", r.Method, "url", r.URL.String(), "panic", fmt.Sprint(p.v), "stack", string(p.stack))
}

// aheadBody is a request body read ahead: its bytes, then the error that
// ended the reading (nil for the whole body), such as *http.MaxBytesError.
type aheadBody struct {
	data []byte
	err  error
}

func (b *aheadBody) Read(p []byte) (int, error) {
	if len(b.data) == 0 {
		if b.err != nil {
			return 0, b.err
		}
		return 0, io.EOF
	}
	n := copy(p, b.data)
	b.data = b.data[n:]
	return n, nil
}

func (b *aheadBody) Close() error { return nil }

func (p *panicError) Error() string { return fmt.Sprint(p.v) }

func stack() []byte {
	buf := make([]byte, 8<<10)
	return buf[:runtime.Stack(buf, false)]
}

// guarded runs h on its own goroutine against a buffered response, with
// the request's context ending at the time limit. It writes the response
// when h returns, compressed when the client takes gzip; if h has not
// returned Config.Timeout plus deadlineGrace after the request came, it
// answers 503 time_limit itself and drops whatever h writes later. So no
// response comes later than the limit and a half second, and none is cut
// off: the client gets a JSON error, never an empty reply.
func (s *Server) guarded(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil && r.Body != http.NoBody {
			// Read the body here, before the clock starts: a handler
			// still running after the watchdog answered must not read
			// the connection the server goes on with.
			data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.bodyLimit(r)))
			r.Body = &aheadBody{data: data, err: err}
		}
		ctx, cancel := context.WithTimeout(r.Context(), s.cfg.Timeout)
		defer cancel()
		bw := &bufferedWriter{header: http.Header{}}
		done := make(chan any, 1)
		go func() {
			defer func() {
				v := recover()
				if v != nil && v != http.ErrAbortHandler {
					p, ok := v.(*panicError)
					if !ok {
						p = &panicError{v: v, stack: stack()}
					}
					s.logPanic(r, p) // here: nobody may wait for done
					v = p
				}
				done <- v
			}()
			h.ServeHTTP(bw, r.WithContext(ctx))
		}()
		watchdog := time.NewTimer(s.cfg.Timeout + deadlineGrace)
		defer watchdog.Stop()
		select {
		case v := <-done:
			if v != nil {
				panic(v) // recovered, outside, answers 500
			}
		case <-watchdog.C:
			writeErrorIn(w, requestLang(r), timeLimitError(s.cfg.Timeout, http.StatusServiceUnavailable))
			return
		case <-r.Context().Done():
			// The client left: cancel (deferred) stops the work, and
			// nobody reads an answer.
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		s.flush(w, r, bw)
	})
}

// flush copies a buffered response to w, gzipped when the client accepts
// it and the body is worth it.
func (s *Server) flush(w http.ResponseWriter, r *http.Request, bw *bufferedWriter) {
	h := w.Header()
	for k, v := range bw.header {
		h[k] = v
	}
	status := bw.status
	if status == 0 {
		status = http.StatusOK
	}
	body := bw.body.Bytes()
	if len(body) >= gzipMin && status != http.StatusPartialContent && h.Get("Content-Encoding") == "" &&
		h.Get("Content-Range") == "" && acceptsGzip(r) && compressible(h.Get("Content-Type")) {
		z := s.gzip(body)
		defer s.zbufs.Put(z)
		body = z.Bytes()
		h.Set("Content-Encoding", "gzip")
		h.Add("Vary", "Accept-Encoding")
		h.Del("Accept-Ranges")
	}
	if len(body) > 0 { // else a HEAD answer keeps the handler's length
		h.Set("Content-Length", strconv.Itoa(len(body)))
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// gzip compresses body into a pooled buffer; put it back when written.
func (s *Server) gzip(body []byte) *bytes.Buffer {
	z, _ := s.zbufs.Get().(*bytes.Buffer)
	if z == nil {
		z = new(bytes.Buffer)
	}
	z.Reset()
	zw, _ := s.zwriters.Get().(*gzip.Writer)
	if zw == nil {
		zw, _ = gzip.NewWriterLevel(z, gzip.BestSpeed)
	} else {
		zw.Reset(z)
	}
	_, _ = zw.Write(body) // a bytes.Buffer does not fail
	_ = zw.Close()
	s.zwriters.Put(zw)
	return z
}

// acceptsGzip reports whether the request's Accept-Encoding takes gzip
// (and does not refuse it with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, v := range r.Header.Values("Accept-Encoding") {
		for part := range strings.SplitSeq(v, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
				continue
			}
			q := strings.ReplaceAll(params, " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

// compressible reports whether a Content-Type is text that gzip shrinks.
func compressible(ct string) bool {
	return strings.HasPrefix(ct, "text/") || strings.HasPrefix(ct, "application/json") ||
		strings.HasPrefix(ct, "application/javascript") || strings.HasPrefix(ct, "image/svg+xml")
}

// pools are the server's reusable compression buffers.
type pools struct {
	zbufs    sync.Pool
	zwriters sync.Pool
}
