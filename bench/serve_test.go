package bench

import (
	"bytes"
	"cmp"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sync"
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
func BenchmarkServeOdds(b *testing.B) {
	body := readmeJSON(b)
	srv := httptest.NewServer(web.New(web.Config{}).Handler())
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: loadClients}, Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()

	post := func() (time.Duration, int, error) {
		start := time.Now()
		resp, err := client.Post(srv.URL+"/api/odds", "application/json", bytes.NewReader(body))
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
