package web

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/odds"
)

//go:embed assets
var assets embed.FS

// Defaults of a zero Config.
const (
	DefaultMaxBody = 1 << 20 // 1 MiB, the largest scenario file (scenario.MaxSize)
	DefaultTimeout = 10 * time.Second
	// DefaultMaxAttacks bounds the referee: a resolution that would roll
	// for more attacks than this is refused (422), since its event list
	// would be larger than any table needs and its memory unbounded.
	DefaultMaxAttacks = 5000
	// DefaultMaxStates is the state limit of a zero Config: a tenth of
	// odds.DefaultMaxStates, which keeps the worst request measured
	// (battleaxe per-model damage with D6 multiple wounds) under 256 MB
	// of heap (TestMemoryBound).
	DefaultMaxStates = odds.DefaultMaxStates / 10
	// DefaultQueueWait is how long a request waits for a computation slot.
	DefaultQueueWait = 2 * time.Second
)

// Config holds what the server needs from outside. The zero Config is
// usable: no logging, 1 MiB bodies, 10 s per request, one computation per
// core at a time.
type Config struct {
	// Logger receives one structured line per request; nil discards them.
	Logger *slog.Logger
	// MaxBody is the largest request body in bytes; past it, 413.
	MaxBody int64
	// Timeout bounds one request, waiting for a slot included: the
	// computation stops there with 422 time_limit, and a handler that has
	// not answered half a second later is answered 503 time_limit.
	Timeout time.Duration
	// MaxConcurrent is the most computations (odds, resolve, compare, page
	// results, combat) running at once in the cheap lane (see
	// admission.go); the heavy lane runs one fewer, and at least one, so
	// that heavy computations leave a core to the cheap ones. The excess
	// waits in a queue, then gets 503 with Retry-After. 0 means one per
	// core.
	MaxConcurrent int
	// QueueLen is the most requests waiting for a slot in each lane (0:
	// 32 per slot in the heavy lane, where waiting throttles clients that
	// resend a refused request at once, and 16 per slot in the cheap one,
	// whose computations last milliseconds); past it, 503 at once.
	QueueLen int
	// QueueWait is the longest a request waits for a slot (0: 2 s, and
	// never past Timeout).
	QueueWait time.Duration
	// MaxStates is the exact computation's state limit (odds.Config);
	// past it, 422 unless the request asks for the Monte Carlo fallback.
	// 0 means DefaultMaxStates, which keeps one computation under 256 MB.
	MaxStates int
	// MaxAttacks bounds the attacks one referee request may roll for.
	MaxAttacks int
	// ReturnMemory asks the server to hand the heap back to the operating
	// system (debug.FreeOSMemory) when a large computation ends and no
	// other runs, at most every few seconds: the process returns near its
	// idle size after a burst. It touches the whole process, so only a
	// program that owns its process (rearrank serve) should set it.
	ReturnMemory bool
	// Version is reported by /healthz.
	Version string
	// Battles keeps the battles of /api/battles... (api_battle.go); nil
	// keeps none, and those endpoints answer 404 no_battles.
	Battles battle.Store
	// Ready reports whether what the server depends on answers (the
	// battles' database, battle/open.Readiness): /readyz is 503 while it
	// returns an error, and 200 again once it does not, with no restart.
	// It is called by each probe, so it should be cheap and keep its
	// answer a moment. nil: always ready.
	Ready func(ctx context.Context) error
	// MaxStreams is the most change feeds (GET /api/battles/{id}/events)
	// open at once; past it, 503. 0 means DefaultMaxStreams.
	MaxStreams int
	// TrustedProxies are the addresses of the proxies in front of the
	// server (a load balancer): a request from one of them is counted,
	// for the change feeds' limit per client, as coming from the nearest
	// address in its X-Forwarded-For that is not a trusted proxy. None:
	// the connection's address, and X-Forwarded-For is not read.
	TrustedProxies []netip.Prefix
}

// Server serves the page and the JSON API. Create it with New.
type Server struct {
	cfg    Config
	log    *slog.Logger
	cheap  *lane // computations of small scenarios
	heavy  *lane // the others
	routes []route
	pages  *pages
	mux    *http.ServeMux
	cache  *resultCache

	inflight inflight      // pages being computed (pageCached)
	parsers  chan struct{} // parsers of large bodies (parsing)

	overload overloadLog
	freed    freeLog
	battles  battleRuntime // the battles' states and change feeds (api_battle*.go)
	pools
}

// route is one path of the server. The OpenAPI test checks the routes
// marked api against the document.
type route struct {
	path    string
	methods []string // a GET route answers HEAD too
	handle  http.HandlerFunc
	api     bool // described in the OpenAPI document
	// stream: the route streams its answer and keeps the deadline
	// itself, outside the guard that buffers a whole answer.
	stream bool
}

// New returns a server with cfg's limits.
func New(cfg Config) *Server {
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxConcurrent <= 0 {
		cfg.MaxConcurrent = runtime.GOMAXPROCS(0)
	}
	if cfg.MaxStates == 0 {
		cfg.MaxStates = DefaultMaxStates
	}
	cheapQueue := cfg.QueueLen
	if cfg.QueueLen <= 0 {
		cfg.QueueLen = heavyQueuePerSlot * cfg.MaxConcurrent
		cheapQueue = cheapQueuePerSlot * cfg.MaxConcurrent
	}
	if cfg.QueueWait <= 0 {
		cfg.QueueWait = DefaultQueueWait
	}
	cfg.QueueWait = min(cfg.QueueWait, cfg.Timeout)
	if cfg.MaxAttacks <= 0 {
		cfg.MaxAttacks = DefaultMaxAttacks
	}
	if cfg.Version == "" {
		cfg.Version = "dev"
	}
	if cfg.MaxStreams <= 0 {
		cfg.MaxStreams = DefaultMaxStreams
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Server{cfg: cfg, log: log, pages: mustPages(),
		cheap:   newLane("small", cfg.MaxConcurrent, cheapQueue),
		heavy:   newLane("large", max(1, cfg.MaxConcurrent-1), cfg.QueueLen),
		cache:   newResultCache(cacheBytes),
		parsers: make(chan struct{}, runtime.GOMAXPROCS(0)),
		battles: newBattleRuntime(cfg.MaxStreams)}
	static, err := fs.Sub(assets, "assets/static")
	if err != nil {
		panic(err) // the embedded tree is part of the binary
	}
	files := http.FileServerFS(static)
	s.routes = []route{
		{path: "/{$}", methods: []string{http.MethodGet}, handle: s.pageCached(s.handlePage)},
		{path: "/results", methods: []string{http.MethodGet}, handle: s.pageCached(s.handleResults)},
		{path: "/combat", methods: []string{http.MethodGet}, handle: s.pageCached(s.handleCombatPage)},
		{path: "/battle", methods: []string{http.MethodGet, http.MethodPost}, handle: s.handleBattlesPage},
		{path: "/battle/text", methods: []string{http.MethodPost}, handle: s.handleBattleText},
		{path: "/battle/import", methods: []string{http.MethodPost}, handle: s.handleBattleImportPage},
		{path: "/battle/{id}", methods: []string{http.MethodGet, http.MethodPost}, handle: s.handleBattlePage},
		{path: "/sweep", methods: []string{http.MethodGet}, handle: s.handleSweepPage},
		{path: "/matrix", methods: []string{http.MethodGet}, handle: s.handleMatrixPage},
		{path: "/matrix/units", methods: []string{http.MethodPost}, handle: s.handleMatrixUnits},
		{path: "/matrix/open", methods: []string{http.MethodPost}, handle: s.handleMatrixOpen},
		{path: "/docs/{name}", methods: []string{http.MethodGet}, handle: s.handleDocs},
		{path: "/assets/", methods: []string{http.MethodGet}, handle: s.handleAsset(files)},
		{path: "/healthz", methods: []string{http.MethodGet}, handle: s.handleHealth, api: true},
		{path: "/readyz", methods: []string{http.MethodGet}, handle: s.handleReady},
		{path: "/api/openapi.json", methods: []string{http.MethodGet}, handle: s.handleOpenAPI, api: true},
		{path: "/api/rulesets", methods: []string{http.MethodGet}, handle: s.handleRulesets, api: true},
		{path: "/api/odds", methods: []string{http.MethodPost}, handle: s.handleOdds, api: true},
		{path: "/api/resolve", methods: []string{http.MethodPost}, handle: s.handleResolve, api: true},
		{path: "/api/compare", methods: []string{http.MethodPost}, handle: s.handleCompare, api: true},
		{path: "/api/combat", methods: []string{http.MethodPost}, handle: s.handleCombat, api: true},
		{path: "/api/sweep", methods: []string{http.MethodPost}, handle: s.handleSweep, api: true},
		{path: "/api/import", methods: []string{http.MethodPost}, handle: s.handleImport, api: true},
		{path: "/api/matrix", methods: []string{http.MethodPost}, handle: s.handleMatrix, api: true, stream: true},
		{path: "/api/battles", methods: []string{http.MethodGet, http.MethodPost}, handle: s.handleBattles, api: true},
		{path: "/api/battles/import", methods: []string{http.MethodPost}, handle: s.handleBattleImport, api: true},
		{path: "/api/battles/{id}", methods: []string{http.MethodGet, http.MethodPatch, http.MethodDelete}, handle: s.handleBattle, api: true},
		{path: "/api/battles/{id}/units", methods: []string{http.MethodPost}, handle: s.handleBattleUnits, api: true},
		{path: "/api/battles/{id}/units/{name}", methods: []string{http.MethodDelete}, handle: s.handleBattleUnit, api: true},
		{path: "/api/battles/{id}/attacks", methods: []string{http.MethodPost}, handle: s.handleBattleAttacks, api: true},
		{path: "/api/battles/{id}/combat", methods: []string{http.MethodPost}, handle: s.handleBattleCombat, api: true},
		{path: "/api/battles/{id}/corrections", methods: []string{http.MethodPost}, handle: s.handleBattleCorrections, api: true},
		{path: "/api/battles/{id}/advance", methods: []string{http.MethodPost}, handle: s.handleBattleAdvance, api: true},
		{path: "/api/battles/{id}/undo", methods: []string{http.MethodPost}, handle: s.handleBattleUndo, api: true},
		{path: "/api/battles/{id}/redo", methods: []string{http.MethodPost}, handle: s.handleBattleRedo, api: true},
		{path: "/api/battles/{id}/log", methods: []string{http.MethodGet}, handle: s.handleBattleLog, api: true},
		{path: "/api/battles/{id}/export", methods: []string{http.MethodGet}, handle: s.handleBattleExport, api: true},
		{path: "/api/battles/{id}/odds", methods: []string{http.MethodPost}, handle: s.handleBattleOdds, api: true},
		{path: "/api/battles/{id}/combat-odds", methods: []string{http.MethodPost}, handle: s.handleBattleCombatOdds, api: true},
		{path: "/api/battles/{id}/events", methods: []string{http.MethodGet}, handle: s.handleBattleEvents, api: true},
	}
	s.mux = http.NewServeMux()
	for _, r := range s.routes {
		s.mux.HandleFunc(r.path, methods(r))
	}
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.notFound(w, r, msg.New("web.api.not_found", r.URL.Path))
	})
	return s
}

// notFound answers an address the server does not know. A browser (one
// that asks for text/html) gets the page's 404, in the site's style with
// a way back, in the reader's language; the API's paths, and every other
// client, the JSON error with m.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request, m msg.Message) {
	l := requestLang(r)
	if !strings.HasPrefix(r.URL.Path, "/api/") && acceptsHTML(r) {
		rememberLang(w, r, l)
		tabs := combatTabs()
		for i := range tabs {
			tabs[i].Current = false
			tabs[i].Label = msg.New(msg.ID("web.tab." + tabs[i].Name)).Text(l)
		}
		s.writePageIn(w, l, http.StatusNotFound, "not-found", struct {
			Path  string
			Tabs  []tabLink
			Langs []langLink
		}{r.URL.Path, tabs, langLinks(r, l)})
		return
	}
	writeErrorIn(w, l, sayError(http.StatusNotFound, "not_found", "", m))
}

// writePageIn renders a whole HTML page in language l with the page's
// security headers (writePage's, whose English it is).
func (s *Server) writePageIn(w http.ResponseWriter, l msg.Lang, status int, name string, data any) {
	var b bytes.Buffer
	if err := s.pages.in(l).ExecuteTemplate(&b, name, data); err != nil {
		panic(fmt.Sprintf("web: template %s: %v", name, err)) // our own templates and data: a bug
	}
	pageHeaders(w)
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// pageHeaders are an HTML page's headers: its type and the security
// policy (a page's scripts and styles are its own files).
func pageHeaders(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
	w.Header().Set("X-Content-Type-Options", "nosniff")
}

// acceptsHTML reports whether the request's Accept header names text/html
// (and does not refuse it with q=0), as a browser's navigation does.
func acceptsHTML(r *http.Request) bool {
	for _, v := range r.Header.Values("Accept") {
		for part := range strings.SplitSeq(v, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			if strings.EqualFold(strings.TrimSpace(name), "text/html") {
				q := strings.ReplaceAll(params, " ", "")
				return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
			}
		}
	}
	return false
}

// Handler returns the server's handler: the routes inside the deadline
// guard, panic recovery and request logging.
// The battles' change feeds run outside the guard (streaming).
func (s *Server) Handler() http.Handler {
	return s.logged(s.recovered(s.streaming(s.guarded(s.mux))))
}

// methods answers 405 with an Allow header for a method the route does not
// take.
func methods(rt route) http.HandlerFunc {
	allow := slices.Clone(rt.methods)
	if slices.Contains(allow, http.MethodGet) {
		allow = append(allow, http.MethodHead)
	}
	return func(w http.ResponseWriter, r *http.Request) {
		if !slices.Contains(allow, r.Method) {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeErrorIn(w, requestLang(r), sayError(http.StatusMethodNotAllowed, "method_not_allowed", "",
				msg.New("web.api.method", r.URL.Path, r.Method, listOr(rt.methods))))
			return
		}
		rt.handle(w, r)
	}
}

// handleAsset serves the embedded files, with a 404 for a missing one
// (notFound).
func (s *Server) handleAsset(files http.Handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/assets/")
		if name == "" || strings.HasSuffix(name, "/") {
			s.notFound(w, r, msg.New("web.api.no_asset", r.URL.Path))
			return
		}
		if _, err := fs.Stat(assets, "assets/static/"+name); err != nil {
			s.notFound(w, r, msg.New("web.api.no_asset", r.URL.Path))
			return
		}
		w.Header().Set("Cache-Control", "public, max-age=3600")
		http.StripPrefix("/assets", files).ServeHTTP(w, r)
	}
}

// acquire starts the time limit of a page's computation, which takes its
// slot in odds (see admission.go). Call release when done. It never fails
// today; the error stays for the page's callers.
func (s *Server) acquire(r *http.Request) (ctx context.Context, release func(), err *apiError) {
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.Timeout)
	return ctx, cancel, nil
}

// statusWriter remembers the status and size of a response for the log.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logged writes one structured line per request.
func (s *Server) logged(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		note := &reqNote{}
		r = r.WithContext(context.WithValue(r.Context(), noteKey{}, note))
		h.ServeHTTP(sw, r)
		if sw.status == 0 {
			sw.status = http.StatusOK
		}
		level := slog.LevelInfo
		switch {
		case note.shed:
			level = slog.LevelDebug // the overload log counts these
		case sw.status == http.StatusServiceUnavailable:
			level = slog.LevelWarn
		case sw.status >= 500:
			level = slog.LevelError
		}
		s.log.LogAttrs(r.Context(), level, "request",
			slog.String("method", r.Method),
			slog.String("path", r.URL.Path),
			slog.Int("status", sw.status),
			slog.Int64("bytes", sw.bytes),
			slog.Duration("duration", time.Since(start)),
			slog.String("remote", r.RemoteAddr),
		)
	})
}

// recovered turns a panic, which is a bug in rearrank and never the
// user's doing, into a 500 and a log line with the request.
func (s *Server) recovered(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			v := recover()
			if v == nil || v == http.ErrAbortHandler {
				if v != nil {
					panic(v)
				}
				return
			}
			p, ok := v.(*panicError)
			if !ok {
				p = &panicError{v: v, stack: stack()}
			}
			s.logPanic(r, p)
			writeErrorIn(w, requestLang(r), sayError(http.StatusInternalServerError, "internal", "", msg.New("web.api.internal")))
		}()
		h.ServeHTTP(w, r)
	})
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, Health{Status: "ok", Version: s.cfg.Version})
}

// Health is the body of GET /healthz.
type Health struct {
	Status  string `json:"status"`
	Version string `json:"version"`
}

func (s *Server) handleOpenAPI(w http.ResponseWriter, r *http.Request) {
	data, err := assets.ReadFile("assets/openapi.json")
	if err != nil {
		panic(err) // embedded
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(data)
	}
}

// lazyRegexp returns a regexp compiled on first use: every rearrank
// command links web, and only serve needs its patterns.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
