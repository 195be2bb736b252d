package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/battle/postgres"
	"github.com/rearrank/rearrank/internal/pgtest"
	"github.com/rearrank/rearrank/internal/proptest"
	"github.com/rearrank/rearrank/msg"
)

// pgServers are n servers sharing one PostgreSQL database, as instances
// behind a load balancer, each with its store and readiness check.
func pgServers(t *testing.T, url string, n int, cfg Config) ([]*Server, []*httptest.Server) {
	t.Helper()
	var srvs []*Server
	var tss []*httptest.Server
	for range n {
		st, err := postgres.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		c := cfg
		c.Battles, c.Ready = st, st.Ready
		srv := testServer(t, c)
		ts := httptest.NewServer(srv.Handler())
		t.Cleanup(func() {
			srv.CloseStreams()
			ts.Close()
			_ = st.Close()
		})
		srvs, tss = append(srvs, srv), append(tss, ts)
	}
	return srvs, tss
}

// TestPG runs the tests of instances sharing PostgreSQL on one
// throwaway cluster (pgtest), each on a database of its own; the restart
// comes last.
func TestPG(t *testing.T) {
	c := pgtest.Start(t)
	t.Run("FeedAcrossInstances", func(t *testing.T) { testPGFeedAcrossInstances(t, c) })
	t.Run("SlowDatabase", func(t *testing.T) { testPGSlowDatabase(t, c) })
	t.Run("ConcurrencyRestart", func(t *testing.T) { testPGConcurrencyRestart(t, c) })
}

// testPGFeedAcrossInstances: a change made through one instance reaches
// a feed's client of the other within a second (NOTIFY), and the other
// writes on the first's change, not on a state of its own.
func testPGFeedAcrossInstances(t *testing.T, c *pgtest.Cluster) {
	srvs, tss := pgServers(t, c.NewDatabase(t), 2, Config{})
	base := battleWithSpearmen(t, srvs[0].Handler(), "Across")
	_, events := openFeed(t, tss[1].URL+base+"/events")
	if ev := next(t, events, 5*time.Second); ev.name != "version" || ev.id != "2" {
		t.Fatalf("first event: %+v", ev)
	}
	expect[tChange](t, send(t, srvs[0].Handler(), "POST", base+"/attacks",
		`{"target": "Spearmen", "attacks": `+crossbowAttacks+`, "dice": [6, 6, 1, 1], "version": 2}`), 200)
	ev := next(t, events, time.Second)
	var ch FeedChange
	if err := json.Unmarshal([]byte(ev.data), &ch); err != nil {
		t.Fatal(err)
	}
	if ev.name != "change" || ch.Version != 3 || len(ch.Records) != 1 ||
		ch.Records[0].Text != "Turn 1, shooting: Crossbows at Spearmen: 2 casualties, 2 wounds" {
		t.Fatalf("the other instance's feed: %+v", ev)
	}
	expect[StaleError](t, send(t, srvs[1].Handler(), "POST", base+"/undo", `{"version": 2}`), 409)
	expect[tChange](t, send(t, srvs[1].Handler(), "POST", base+"/undo", `{"version": 3}`), 200)
	if v := expect[tView](t, send(t, srvs[0].Handler(), "GET", base, ""), 200); v.Version != 4 || v.Units[0].Size != 30 {
		t.Fatalf("the first instance after the second's undo: version %d, %d models", v.Version, v.Units[0].Size)
	}
}

// testPGSlowDatabase: a table locked by another session holds the
// store's query; the request ends at its time limit with the store's
// clean 503, in the reader's language, not the guard's.
func testPGSlowDatabase(t *testing.T, c *pgtest.Cluster) {
	url := c.NewDatabase(t)
	srvs, _ := pgServers(t, url, 1, Config{Timeout: 300 * time.Millisecond})
	h := srvs[0].Handler()
	base := battleWithSpearmen(t, h, "Slow")
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, "LOCK TABLE battles IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ method, path, body, lang, want string }{
		{"GET", base, "", "en", ": the database did not answer in time: nothing was written; retry"},
		{"POST", base + "/advance", `{"version": 2}`, "ru", ": база данных не ответила вовремя: ничего не записано; повторите"},
	} {
		w := send(t, h, c.method, c.path+"?lang="+c.lang, c.body)
		e := expect[ErrorBody](t, w, 503)
		if e.Code != "storage" || !strings.HasSuffix(e.Error, c.want) || !strings.HasPrefix(e.Error, "postgres://rearrank@127.0.0.1:") {
			t.Errorf("%s %s: %+v, want the store's storage error ending %q", c.method, c.path, e, c.want)
		}
	}
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if v := expect[tView](t, send(t, h, "GET", base, ""), 200); v.Version != 2 {
		t.Fatalf("after the lock: version %d, want 2 (nothing written)", v.Version)
	}
}

// testPGConcurrencyRestart is TestBattleConcurrency on two instances
// sharing PostgreSQL, which is restarted (pg_ctl stop -m fast, start)
// half-way: no acknowledged write is lost or written twice, every
// refusal is a 409 stale, the only failures are 503s of requests made
// while the database was down, /readyz says so on both instances and
// says ready again without a restart, and a feed goes on after it.
func testPGConcurrencyRestart(t *testing.T, c *pgtest.Cluster) {
	const clients, battles = 50, 10
	run := 4 * time.Second
	if os.Getenv(proptest.FullEnv) != "" {
		run = 30 * time.Second
	}
	srvs, tss := pgServers(t, c.NewDatabase(t), 2, Config{})
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	defer client.CloseIdleConnections()
	paths := make([]string, battles)
	for i := range paths {
		paths[i] = battleWithSpearmen(t, srvs[i%2].Handler(), fmt.Sprintf("Battle %d", i))
	}
	_, events := openFeed(t, tss[1].URL+paths[0]+"/events")
	if ev := next(t, events, 5*time.Second); ev.id != "2" {
		t.Fatalf("first event: %+v", ev)
	}
	type ack struct {
		seq  int64
		kind string
	}
	var mu sync.Mutex
	acks := make([][]ack, battles)
	failed := make([]int, battles) // 503s of writes: written or not
	refused, unavailable := 0, 0
	var downAt, upAt time.Time // guarded by mu
	do := func(method, url, body string, headers ...string) (int, []byte, http.Header, error) {
		req, err := http.NewRequest(method, url, strings.NewReader(body))
		if err != nil {
			return 0, nil, nil, err
		}
		req.Header.Set("Content-Type", "application/json")
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		resp, err := client.Do(req)
		if err != nil {
			return 0, nil, nil, err
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		return resp.StatusCode, data, resp.Header, err
	}
	// down checks a 503 of a request started at start: it must be the
	// store's, and the database must have gone down before it ended and
	// not have been up again before it began.
	down := func(client int, start time.Time, data []byte) bool {
		mu.Lock()
		defer mu.Unlock()
		var e ErrorBody
		if err := json.Unmarshal(data, &e); err != nil || e.Code != "storage" {
			t.Errorf("client %d: a 503 that is not the store's: %s", client, data)
			return false
		}
		if downAt.IsZero() || !upAt.IsZero() && start.After(upAt) {
			t.Errorf("client %d: a 503 while the database was up: %s", client, data)
			return false
		}
		unavailable++
		return true
	}
	// The clients write for run/3, the database is down for about run/6,
	// and they write on for run/2 after it is back.
	stop := make(chan struct{})
	stopped := func() bool {
		select {
		case <-stop:
			return true
		default:
			return false
		}
	}
	var wg sync.WaitGroup
	for cl := range clients {
		wg.Go(func() {
			b := cl % battles
			url := tss[cl%2].URL + paths[b]
			for n := 0; !stopped(); n++ {
				began := time.Now()
				status, data, h, err := do("GET", url, "")
				if err != nil {
					t.Errorf("client %d: GET: %v", cl, err)
					return
				}
				if status == 503 {
					if !down(cl, began, data) {
						return
					}
					time.Sleep(50 * time.Millisecond)
					continue
				}
				if status != 200 {
					t.Errorf("client %d: GET: %d %s", cl, status, data)
					return
				}
				version := h.Get("ETag")
				body, headers, path := `{"target": "Spearmen", "attacks": [{"name": "Slings", "count": 1, "to_hit": "auto", "strength": 1}], "dice": [1]}`, []string{"If-Match", version}, url+"/attacks"
				switch n % 3 {
				case 1:
					body, headers, path = `{"version": `+strings.Trim(version, `"`)+`}`, nil, url+"/advance"
				case 2:
					body, headers = `{"target": "Spearmen", "attacks": [{"name": "Slings", "count": 1, "to_hit": "auto", "strength": 1}], "seed": 5}`, nil
				}
				began = time.Now()
				status, data, _, err = do("POST", path, body, headers...)
				if err != nil {
					t.Errorf("client %d: POST: %v", cl, err)
					return
				}
				switch status {
				case 200:
					var ch struct {
						Record LogEntry `json:"record"`
					}
					if err := json.Unmarshal(data, &ch); err != nil {
						t.Errorf("client %d: %v: %s", cl, err, data)
						return
					}
					mu.Lock()
					acks[b] = append(acks[b], ack{ch.Record.Seq, ch.Record.Kind})
					mu.Unlock()
				case 409:
					var e ErrorBody
					if err := json.Unmarshal(data, &e); err != nil || e.Code != "stale" || e.Error == "" {
						t.Errorf("client %d: a refusal that is not a clean 409 stale: %s", cl, data)
						return
					}
					mu.Lock()
					refused++
					mu.Unlock()
				case 503:
					if !down(cl, began, data) {
						return
					}
					mu.Lock()
					failed[b]++
					mu.Unlock()
					time.Sleep(50 * time.Millisecond)
				default:
					t.Errorf("client %d: POST %s: %d %s", cl, path, status, data)
					return
				}
			}
		})
	}
	ready := func(want int) {
		t.Helper()
		for _, ts := range tss {
			for i := 0; ; i++ {
				resp, err := http.Get(ts.URL + "/readyz?lang=ru")
				if err != nil {
					t.Fatal(err)
				}
				var body readiness
				err = json.NewDecoder(resp.Body).Decode(&body)
				_ = resp.Body.Close()
				if err != nil {
					t.Fatal(err)
				}
				if resp.StatusCode == want {
					if want == 503 && (body.Status != "unavailable" || !strings.Contains(body.Message, "база данных недоступна")) {
						t.Fatalf("/readyz while the database is down: %+v", body)
					}
					break
				}
				if i == 200 {
					t.Fatalf("/readyz: %d %+v, want %d", resp.StatusCode, body, want)
				}
				time.Sleep(50 * time.Millisecond)
			}
		}
	}
	time.Sleep(run / 3)
	mu.Lock()
	downAt = time.Now()
	mu.Unlock()
	c.Stop(t)
	ready(503)
	time.Sleep(run / 6)
	c.Restart(t)
	ready(200)
	mu.Lock()
	upAt = time.Now()
	mu.Unlock()
	time.Sleep(run / 2)
	close(stop)
	wg.Wait()
	total := 0
	for b, path := range paths {
		lg := expect[BattleLog](t, send(t, srvs[b%2].Handler(), "GET", path+"/log", ""), 200)
		// A write whose commit was cut by the stop may be written: the
		// log holds each acknowledged write, and at most the failed
		// ones besides.
		if got, lo := len(lg.Entries), len(acks[b])+2; got < lo || got > lo+failed[b] {
			t.Errorf("battle %d: %d records in the log, %d acknowledged, %d failed and 2 before", b, got, len(acks[b]), failed[b])
		}
		seen := map[int64]bool{}
		for _, a := range acks[b] {
			if seen[a.seq] {
				t.Errorf("battle %d: seq %d acknowledged twice", b, a.seq)
			}
			seen[a.seq] = true
			if a.seq < 3 || int(a.seq) > len(lg.Entries) || lg.Entries[a.seq-1].Kind != a.kind {
				t.Errorf("battle %d: acknowledged %d (%s) is not in the log as such", b, a.seq, a.kind)
			}
		}
		total += len(acks[b])
	}
	t.Logf("%d writes acknowledged, %d refused with 409, %d answered 503 while the database was down", total, refused, unavailable)
	if total == 0 {
		t.Fatal("no write went through")
	}
	// The feed of the other instance reaches the last version after the
	// restart.
	last := expect[tView](t, send(t, srvs[0].Handler(), "GET", paths[0], ""), 200).Version
	timeout := time.After(10 * time.Second)
	for got := int64(2); got != last; {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatal("the feed ended")
			}
			fmt.Sscan(ev.id, &got)
		case <-timeout:
			t.Fatalf("the feed did not reach version %d after the restart", last)
		}
	}
}

// TestReadyHook: /readyz is 503 unavailable, with the reason in the
// request's language, while Config.Ready fails, and 200 once it does not.
func TestReadyHook(t *testing.T) {
	var mu sync.Mutex
	var down error
	srv := testServer(t, Config{Ready: func(context.Context) error {
		mu.Lock()
		defer mu.Unlock()
		return down
	}})
	if w := send(t, srv.Handler(), "GET", "/readyz", ""); w.Code != 200 || expect[readiness](t, w, 200).Status != "ready" {
		t.Fatalf("/readyz while ready: %d %s", w.Code, w.Body.String())
	}
	mu.Lock()
	down = msg.Errorf(battle.ErrStorage, "battlestore.pg.unreachable", "postgres://db/rearrank", "connection refused")
	mu.Unlock()
	for lang, want := range map[string]string{
		"en": "postgres://db/rearrank: the database is unreachable: connection refused; retry in a moment",
		"ru": "postgres://db/rearrank: база данных недоступна: connection refused; повторите чуть позже",
	} {
		w := send(t, srv.Handler(), "GET", "/readyz?lang="+lang, "")
		if r := expect[readiness](t, w, 503); r.Status != "unavailable" || r.Message != want || w.Header().Get("Retry-After") != "1" {
			t.Errorf("/readyz while down (%s): %+v, Retry-After %q", lang, r, w.Header().Get("Retry-After"))
		}
	}
	mu.Lock()
	down = nil
	mu.Unlock()
	expect[readiness](t, send(t, srv.Handler(), "GET", "/readyz", ""), 200)
}
