package bench

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/web"
)

// loadClients is the number of clients of the load benchmark, each with
// one request in flight at a time.
const loadClients = 8

// readmeJSON is the README's example, examples/crossbows.yaml, as the JSON
// body of an odds request.
func readmeJSON(b *testing.B) []byte {
	b.Helper()
	data, err := os.ReadFile("../examples/crossbows.yaml")
	if err != nil {
		b.Fatal(err)
	}
	f, err := scenario.Load("crossbows.yaml", data)
	if err != nil {
		b.Fatal(err)
	}
	body, err := json.Marshal(f)
	if err != nil {
		b.Fatal(err)
	}
	return body
}

// BenchmarkServeOdds is a loopback load test: loadClients clients POST the
// README example to /api/odds of an in-process server (httptest, on
// 127.0.0.1) for b.N requests in all. It reports the throughput and the
// 50th and 99th percentile latencies a client sees; issue 11 asks for at
// least 2000 req/s with p99 under 50 ms on 2 cores. req/s and the
// latencies count the answers (200); %refused is the share of other
// statuses (503 busy). The clients accept gzip, as browsers and Go's
// client do.
func BenchmarkServeOdds(b *testing.B) { serveOdds(b, false) }

// BenchmarkServeOddsUncached is BenchmarkServeOdds with every body made
// different by the whitespace after it, so that each request is parsed
// and computed: the server's cost without its cache.
func BenchmarkServeOddsUncached(b *testing.B) { serveOdds(b, true) }

// spaced returns body followed by n written in binary as spaces and
// newlines, which JSON ignores.
func spaced(body []byte, n int) []byte {
	out := bytes.Clone(body)
	for ; n > 0; n >>= 1 {
		out = append(out, " \n"[n&1])
	}
	return out
}

func serveOdds(b *testing.B, uncached bool) {
	body := readmeJSON(b)
	srv := httptest.NewServer(web.New(web.Config{}).Handler())
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: loadClients}, Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()

	var seq atomic.Int64
	post := func() (time.Duration, int, error) {
		req := body
		if uncached {
			req = spaced(body, int(seq.Add(1)))
		}
		start := time.Now()
		resp, err := client.Post(srv.URL+"/api/odds", "application/json", bytes.NewReader(req))
		if err != nil {
			return 0, 0, err
		}
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return time.Since(start), resp.StatusCode, err
	}
	if _, status, err := post(); err != nil || status != http.StatusOK { // the check, and a warm connection
		b.Fatalf("status %d, %v", status, err)
	}

	jobs := make(chan struct{}, loadClients)
	lat := make([][]time.Duration, loadClients) // of the 200s
	refused := make([]int, loadClients)         // other statuses: 503 busy
	errs := make([]error, loadClients)
	var wg sync.WaitGroup
	for c := range loadClients {
		wg.Go(func() {
			for range jobs {
				d, status, err := post()
				switch {
				case err != nil:
					errs[c] = cmp.Or(errs[c], err)
				case status != http.StatusOK:
					refused[c]++
				default:
					lat[c] = append(lat[c], d)
				}
			}
		})
	}
	start := time.Now()
	for b.Loop() {
		jobs <- struct{}{}
	}
	close(jobs)
	wg.Wait()
	elapsed := time.Since(start)
	for _, err := range errs {
		if err != nil {
			b.Fatal(err)
		}
	}
	all := slices.Concat(lat...)
	if len(all) == 0 {
		b.Fatal("every request was refused")
	}
	slices.Sort(all)
	failed := 0
	for _, n := range refused {
		failed += n
	}
	pct := func(p float64) float64 {
		return float64(all[min(len(all)-1, int(p*float64(len(all))))].Microseconds()) / 1000
	}
	b.ReportMetric(float64(len(all))/elapsed.Seconds(), "req/s") // answered 200
	b.ReportMetric(100*float64(failed)/float64(failed+len(all)), "%refused")
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
}

// burstYAML is a request that grows its states to the server's limit:
// per-model damage, 30 attacks with D6 Multiple Wounds at 12 models of W6.
// It ends in 422 state_limit. (Issue 11's request of this kind, 12 attacks,
// which peaked at 0.4-0.9 GB on the old state limit, is now answered
// exactly: identical models share a state whatever slot their damage is in;
// so is 20 attacks at 10 models since a chain that ends the run ends as
// marginals.)
const burstYAML = `ruleset: battleaxe
attacks:
  - {count: 30, ws: 4, strength: 6, multiple_wounds: D6}
target: {troop_type: monstrous_infantry, models: 12, ws: 3, toughness: 4, wounds: 6, armour: light}
`

// rss is the process's resident set in MB, from /proc (Linux).
func rss(b *testing.B) float64 {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		b.Skip("no /proc/self/statm: ", err)
	}
	var size, resident int64
	if _, err := fmt.Sscan(string(data), &size, &resident); err != nil {
		b.Fatal(err)
	}
	return float64(resident*int64(os.Getpagesize())) / (1 << 20)
}

// BenchmarkServeBurst sends waves of 16 of the heaviest small requests at
// once, as serve runs them (web.Config.ReturnMemory), and reports the
// process's resident size before, at its largest, and six seconds after
// the last wave: issue 11 asks that it come back within 50 MB of idle.
func BenchmarkServeBurst(b *testing.B) {
	srv := httptest.NewServer(web.New(web.Config{ReturnMemory: true, MaxConcurrent: 8}).Handler())
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}, Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()
	runtime.GC()
	debug.FreeOSMemory()
	idle := rss(b)
	peak := idle
	stop := make(chan struct{})
	var sampler sync.WaitGroup
	sampler.Go(func() {
		for {
			peak = max(peak, rss(b))
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	})
	n := 0
	for b.Loop() {
		var wg sync.WaitGroup
		for range 16 {
			n++
			body := fmt.Sprintf("# request %d: not in the server's cache\n%s", n, burstYAML)
			wg.Go(func() {
				resp, err := client.Post(srv.URL+"/api/odds", "application/yaml", strings.NewReader(body))
				if err != nil {
					b.Error(err)
					return
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusUnprocessableEntity && resp.StatusCode != http.StatusServiceUnavailable {
					b.Errorf("status %d", resp.StatusCode)
				}
			})
		}
		wg.Wait()
	}
	close(stop)
	sampler.Wait()
	time.Sleep(6 * time.Second) // serve returns memory at most every 5 s
	b.ReportMetric(idle, "idle-MB")
	b.ReportMetric(peak, "peak-MB")
	b.ReportMetric(rss(b), "after-MB")
}

// BenchmarkServeMixed is the mixed load of issue 23: 16 clients send
// bodies that grow their states to the server's limit (burstYAML, each
// body different, so none is cached), one request in flight each, resent
// as soon as answered whatever the answer; beside them 8 clients send the
// README example (each body different) for b.N requests in all. It
// reports the README clients' latencies and refusals (the issue asks for
// p99 under 100 ms and none refused on 2 cores) and what the heavy
// clients got.
func BenchmarkServeMixed(b *testing.B) {
	srv := httptest.NewServer(web.New(web.Config{}).Handler())
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 32}, Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()
	cheapBody := readmeJSON(b)
	var seq atomic.Int64
	post := func(contentType string, body []byte) (time.Duration, int, error) {
		start := time.Now()
		resp, err := client.Post(srv.URL+"/api/odds", contentType, bytes.NewReader(body))
		if err != nil {
			return 0, 0, err
		}
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return time.Since(start), resp.StatusCode, err
	}

	stop := make(chan struct{})
	var heavyWG sync.WaitGroup
	var heavyMu sync.Mutex
	heavyStatus := map[int]int{}
	for range 16 {
		heavyWG.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				body := fmt.Sprintf("# heavy %d\n%s", seq.Add(1), burstYAML)
				_, status, err := post("application/yaml", []byte(body))
				if err != nil {
					b.Error(err)
					return
				}
				heavyMu.Lock()
				heavyStatus[status]++
				heavyMu.Unlock()
			}
		})
	}
	time.Sleep(200 * time.Millisecond) // the heavy load is on

	jobs := make(chan struct{}, loadClients)
	lat := make([][]time.Duration, loadClients)
	refused := make([]int, loadClients)
	errs := make([]error, loadClients)
	var wg sync.WaitGroup
	for c := range loadClients {
		wg.Go(func() {
			for range jobs {
				d, status, err := post("application/json", spaced(cheapBody, int(seq.Add(1))))
				switch {
				case err != nil:
					errs[c] = cmp.Or(errs[c], err)
				case status != http.StatusOK:
					refused[c]++
				default:
					lat[c] = append(lat[c], d)
				}
			}
		})
	}
	start := time.Now()
	for b.Loop() {
		jobs <- struct{}{}
	}
	close(jobs)
	wg.Wait()
	elapsed := time.Since(start)
	close(stop)
	heavyWG.Wait()
	for _, err := range errs {
		if err != nil {
			b.Fatal(err)
		}
	}
	all := slices.Concat(lat...)
	if len(all) == 0 {
		b.Fatal("every README request was refused")
	}
	slices.Sort(all)
	failed := 0
	for _, n := range refused {
		failed += n
	}
	pct := func(p float64) float64 {
		return float64(all[min(len(all)-1, int(p*float64(len(all))))].Microseconds()) / 1000
	}
	b.ReportMetric(float64(len(all))/elapsed.Seconds(), "req/s")
	b.ReportMetric(100*float64(failed)/float64(failed+len(all)), "%refused")
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	heavyMu.Lock()
	defer heavyMu.Unlock()
	total := 0
	for _, n := range heavyStatus {
		total += n
	}
	b.ReportMetric(float64(heavyStatus[http.StatusUnprocessableEntity])/elapsed.Seconds(), "heavy-422/s")
	b.ReportMetric(100*float64(heavyStatus[http.StatusServiceUnavailable])/float64(max(total, 1)), "heavy-%503")
}

// BenchmarkServeTokenFlood sends waves of 16 bodies of half a megabyte
// of list items at once (each different), as serve runs them, and reports
// the slowest answer (each must be a 400), the process's resident size
// before, at its largest, and ten seconds after the last wave: issue 23
// asks for answers within 2 s, a peak under 512 MB and a return within
// 50 MB of idle.
func BenchmarkServeTokenFlood(b *testing.B) {
	srv := httptest.NewServer(web.New(web.Config{ReturnMemory: true}).Handler())
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}, Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()
	runtime.GC()
	debug.FreeOSMemory()
	idle := rss(b)
	peak := idle
	stop := make(chan struct{})
	var sampler sync.WaitGroup
	sampler.Go(func() {
		for {
			peak = max(peak, rss(b))
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	})
	items := strings.Repeat("1,", 250_000)
	var slowest time.Duration
	var mu sync.Mutex
	n := 0
	for b.Loop() {
		var wg sync.WaitGroup
		for range 16 {
			n++
			body := fmt.Sprintf("# flood %d\nruleset: whfb8\nattacks: [%s1]\n", n, items)
			wg.Go(func() {
				start := time.Now()
				resp, err := client.Post(srv.URL+"/api/odds", "application/yaml", strings.NewReader(body))
				if err != nil {
					b.Error(err)
					return
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				took := time.Since(start)
				mu.Lock()
				slowest = max(slowest, took)
				mu.Unlock()
				if resp.StatusCode != http.StatusBadRequest {
					b.Errorf("status %d, want 400", resp.StatusCode)
				}
			})
		}
		wg.Wait()
	}
	close(stop)
	sampler.Wait()
	time.Sleep(10 * time.Second)
	b.ReportMetric(float64(slowest.Microseconds())/1000, "slowest-ms")
	b.ReportMetric(idle, "idle-MB")
	b.ReportMetric(peak, "peak-MB")
	b.ReportMetric(rss(b), "after-MB")
}
