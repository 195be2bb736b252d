package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/matrix"
	"github.com/rearrank/rearrank/odds"
	"github.com/rearrank/rearrank/scenario"
	"github.com/rearrank/rearrank/web"
)

// The matrix of issue 29: 10 units of The Old World against 10
// (testdata/matrix/mine.json, theirs.json: shooters, blocks of 20, and
// blocks of 40 on both sides whose rounds are C2-sized), shooting and a
// close-combat round each way, 300 cells. BenchmarkMatrix runs it as
// package matrix does (a worker a core, each file computed once, a
// round exact within its budget, else sampled); BenchmarkMatrixNaive
// computes the same cells one by one, each as its file alone would be
// (rearrank odds, rearrank combat: exact, Monte Carlo past the state
// limit). Target: the matrix under 2 s on the 2-core machine. Both
// report the process's CPU time an op (cpu-ms/op) beside the wall time:
// on a machine shared with other work the wall time is what is left of
// the cores, and the CPU time over the cores the matrix's workers use is
// its wall time on an idle machine.

// cpuTime is the process's CPU time so far, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time since start over the b.N ops.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

func matrixSides(tb testing.TB) (mine, theirs matrix.Side) {
	tb.Helper()
	read := func(name string) matrix.Side {
		path := filepath.Join("testdata", "matrix", name)
		data, err := os.ReadFile(path)
		if err != nil {
			tb.Fatal(err)
		}
		s, err := matrix.ReadSide(path, data)
		if err != nil {
			tb.Fatal(err)
		}
		return s
	}
	return read("mine.json"), read("theirs.json")
}

func BenchmarkMatrix(b *testing.B) {
	mine, theirs := matrixSides(b)
	m, err := matrix.New(mine, theirs, nil, 1)
	if err != nil {
		b.Fatal(err)
	}
	var sampled, exact, errs int
	start := cpuTime()
	for b.Loop() {
		sampled, exact, errs = 0, 0, 0
		s := m.Run(context.Background(), matrix.Config{}, func(c matrix.Cell) {
			switch c.Method {
			case matrix.MethodSampled:
				sampled++
			case matrix.MethodExact:
				exact++
			case matrix.MethodError:
				errs++
				b.Error(c.Err)
			}
		})
		if s.Done != m.Cells() {
			b.Fatalf("%d of %d cells done", s.Done, m.Cells())
		}
	}
	reportCPU(b, start)
	b.ReportMetric(float64(exact), "exact-cells")
	b.ReportMetric(float64(sampled), "sampled-cells")
}

func BenchmarkMatrixNaive(b *testing.B) {
	mine, theirs := matrixSides(b)
	ctx := context.Background()
	start := cpuTime()
	for b.Loop() {
		for i := range mine.Units {
			for j := range theirs.Units {
				row, col := &mine.Units[i], &theirs.Units[j]
				data, err := matrix.ScenarioFile(row, col)
				if err != nil {
					b.Fatal(err)
				}
				if data != nil {
					f, err := scenario.Load("cell", data)
					if err != nil {
						b.Fatal(err)
					}
					u, attacks, err := f.Build()
					if err != nil {
						b.Fatal(err)
					}
					if _, err := odds.Exact(ctx, u, attacks, odds.Config{Fallback: true}); err != nil {
						b.Fatal(err)
					}
				}
				for _, fight := range []matrix.Fight{matrix.Charge, matrix.Charged} {
					data, err := matrix.CombatFile(row, col, fight)
					if err != nil {
						b.Fatal(err)
					}
					c, err := combat.Load("cell", data)
					if err != nil {
						b.Fatal(err)
					}
					if _, err := c.Exact(ctx, combat.ExactConfig{Fallback: true}); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	}
	reportCPU(b, start)
}

// BenchmarkMatrixHTTP: the same matrix end to end through the server, a
// real HTTP request (POST /api/matrix with the two sides as files of
// units) to its handler on a loopback listener, the NDJSON stream read
// to its end line; the server's default lanes on this machine, whose
// pool takes the heavy slot and the cheap lane's free ones but one.
func BenchmarkMatrixHTTP(b *testing.B) {
	read := func(name string) json.RawMessage {
		data, err := os.ReadFile(filepath.Join("testdata", "matrix", name))
		if err != nil {
			b.Fatal(err)
		}
		return data
	}
	body, err := json.Marshal(map[string]any{"mine": read("mine.json"), "theirs": read("theirs.json")})
	if err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(web.New(web.Config{Timeout: time.Minute}).Handler())
	defer ts.Close()
	start := cpuTime()
	for b.Loop() {
		resp, err := ts.Client().Post(ts.URL+"/api/matrix", "application/json", bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			b.Fatalf("%d %s %v", resp.StatusCode, data, err)
		}
		lines := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
		var end struct {
			Type   string `json:"type"`
			Done   int    `json:"done"`
			Errors int    `json:"errors"`
		}
		if err := json.Unmarshal(lines[len(lines)-1], &end); err != nil || end.Type != "end" || end.Done != 300 || end.Errors != 0 {
			b.Fatalf("the stream ends with %s (%v)", lines[len(lines)-1], err)
		}
	}
	reportCPU(b, start)
}
