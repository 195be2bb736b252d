package web

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The Matrix tab in the browser: a recorded stream (a stand-in for
// POST /api/matrix that answers with fixed lines, holding back the rest
// until the test lets it go) for the table's own behaviour, exactly;
// the real API for the whole way from two list files to the Odds tab.

// examplePath is the absolute path of a file under examples/.
func examplePath(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// pickMatrixList gives side ("mine", "theirs") a list file and waits
// until the side says it has read it.
func pickMatrixList(t *testing.T, ctx context.Context, side, path, said string) {
	t.Helper()
	must(t, ctx, chromedp.SetUploadFiles(chromedp.CSS("#"+side+"-file"), []string{path}))
	waitFor(t, ctx, side+"'s list read", fmt.Sprintf(`var s = document.getElementById(%q); return s.textContent.includes(%q)`, side+"-file-status", said))
}

// recorded is a stand-in for POST /api/matrix: it keeps the request the
// page sends, writes head at once and tail when release is closed.
type recorded struct {
	next       http.Handler
	head, tail []string
	requests   chan []byte
	release    chan struct{}
}

func (rec *recorded) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/api/matrix" {
		rec.next.ServeHTTP(w, r)
		return
	}
	body, _ := io.ReadAll(r.Body) // a short body fails the test's own checks
	rec.requests <- body
	w.Header().Set("Content-Type", "application/x-ndjson")
	f := w.(http.Flusher)
	for _, l := range rec.head {
		fmt.Fprintln(w, l)
	}
	f.Flush()
	select {
	case <-rec.release:
	case <-r.Context().Done():
		return
	}
	for _, l := range rec.tail {
		fmt.Fprintln(w, l)
	}
	f.Flush()
}

// The recorded matrix: my Crossbowmen and Knights (examples/lists/
// test-army.json) against armylist's Test Old World List, shooting and
// my charge; one unit of theirs left out.
var matrixHead = []string{
	`{"type":"start","rows":[{"name":"Crossbowmen","ruleset":"tow"},{"name":"Knights","ruleset":"tow"}],"cols":[{"name":"Test Captain","ruleset":"tow"},{"name":"Test Spearmen","ruleset":"tow"}],"fights":["shooting","charge"],"cells":8,"left_out":[{"side":"theirs","name":"General","why":"a character on his own: give his unit"}]}`,
	`{"type":"cell","row":0,"col":0,"fight":"shooting","method":"exact","values":{"mean":0.694444,"p_at_least":0.1,"p_destroy":0.5,"p_panic":0},"digits":4}`,
	`{"type":"cell","row":0,"col":1,"fight":"shooting","method":"exact","values":{"mean":2.416667,"p_at_least":0.8,"p_destroy":0.01,"p_panic":0.2},"digits":4}`,
	`{"type":"cell","row":1,"col":0,"fight":"shooting","method":"none","why":"Knights have no shooting attacks"}`,
}

var matrixTail = []string{
	`{"type":"cell","row":1,"col":1,"fight":"shooting","method":"none","why":"Knights have no shooting attacks"}`,
	`{"type":"cell","row":0,"col":0,"fight":"charge","method":"sampled","samples":20000,"values":{"p_win":0.613,"p_draw":0.08,"p_lose":0.307,"p_they_break":0.44,"p_we_break":0.12,"mean_result":-1.23456},"digits":2,"half_width":0.0068}`,
	`{"type":"cell","row":0,"col":1,"fight":"charge","method":"exact","values":{"p_win":0.25,"p_draw":0.25,"p_lose":0.5,"p_they_break":0.125,"p_we_break":0.25,"mean_result":0.5},"digits":4}`,
	`{"type":"cell","row":1,"col":0,"fight":"charge","method":"error","error":{"code":"invalid","message":"Test Captain: a character cannot be charged alone here"}}`,
	`{"type":"cell","row":1,"col":1,"fight":"charge","method":"sampled","samples":5000,"values":{"p_win":0.9,"p_draw":0.02,"p_lose":0.08,"p_they_break":0.7,"p_we_break":0.01,"mean_result":3.456},"digits":1,"half_width":0.03}`,
	`{"type":"end","done":8,"errors":1,"elapsed_ms":1234}`,
}

// TestBrowserMatrixRecorded: the table from a recorded stream, at desktop
// width. Cells fill in as the lines come, with the progress; each shows
// its number with the digits the cell gives and no more (a chance as a
// percentage); the shade darkens with what is better for my unit; a
// column's head sorts the rows by it, again the other way, and a row's
// name the columns; a cell not applicable or in error says why when
// chosen; the units left out are listed; what the cells show changes at
// once; Stop ends a request; a shooting cell opens the Odds tab with the row's shooting
// groups at the column's unit.
func TestBrowserMatrixRecorded(t *testing.T) {
	ctx := browser(t)
	rec := &recorded{next: New(Config{}).Handler(), head: matrixHead, tail: matrixTail, requests: make(chan []byte, 4), release: make(chan struct{})}
	srv := httptest.NewServer(rec)
	t.Cleanup(srv.Close)
	t.Cleanup(func() {
		select {
		case <-rec.release:
		default:
			close(rec.release)
		}
	})

	must(t, ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(srv.URL+"/matrix"), chromedp.WaitVisible(chromedp.CSS("#matrix-form")))
	if eval[bool](t, ctx, `return !!document.getElementById('matrix-noscript')`) {
		t.Error("the page with its script shows the line for a browser without it")
	}
	pickMatrixList(t, ctx, "mine", examplePath(t, "lists/test-army.json"), "“Test Army of the Old World”: units read: 2.")
	pickMatrixList(t, ctx, "theirs", fixturePath(t, "tow.json"), "“Test Old World List”: units read: 2.")
	if c := eval[string](t, ctx, `return document.getElementById('mine-chosen').textContent`); c != "Chosen: Crossbowmen, Knights" {
		t.Errorf("my side says %q", c)
	}
	check(t, ctx, "fight-charged", false)
	fill(t, ctx, "matrix-at-least", "3")
	must(t, ctx, chromedp.Click(chromedp.CSS("#matrix-submit")))

	// What the page sent: both list files whole, for the server to read.
	var req map[string]any
	if err := json.Unmarshal(<-rec.requests, &req); err != nil {
		t.Fatal(err)
	}
	for side, file := range map[string]string{"mine": examplePath(t, "lists/test-army.json"), "theirs": fixturePath(t, "tow.json")} {
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if got := req[side]; fmt.Sprint(got) != fmt.Sprint(map[string]any{"list_base64": base64.StdEncoding.EncodeToString(want)}) {
			t.Errorf("the request's %s is not the list file %s: %.200v", side, file, got)
		}
	}
	if fmt.Sprintf("%v %v %v", req["fights"], req["show"], req["at_least"]) != "[shooting charge] mean 3" || len(req) != 5 {
		t.Errorf("the request: fights %v, show %v, at least %v; %d keys", req["fights"], req["show"], req["at_least"], len(req))
	}

	// The first lines: three cells of eight.
	waitFor(t, ctx, "the first cells", `return document.getElementById('matrix-status').textContent === '3 of 8' && document.getElementById('cell-shooting-0-1').textContent === '2.4167'`)
	if p := eval[[2]float64](t, ctx, `var p = document.getElementById('matrix-progress'); return [p.value, p.max]`); p != [2]float64{3, 8} {
		t.Errorf("the progress bar: %v", p)
	}
	if w := eval[string](t, ctx, `return document.getElementById('cell-charge-1-1').className`); w != "waiting" {
		t.Errorf("a cell not yet computed is %q", w)
	}
	if b := eval[string](t, ctx, `return document.getElementById('results').getAttribute('aria-busy')`); b != "true" {
		t.Errorf("while the stream runs the results are aria-busy=%s", b)
	}
	// Stop ends the request where it is; the matrix is asked again.
	must(t, ctx, chromedp.Click(chromedp.CSS("#matrix-stop")))
	if s := eval[[3]string](t, ctx, `return [document.getElementById('matrix-status').textContent, document.getElementById('results').getAttribute('aria-busy'), String(document.getElementById('matrix-stop').hidden)]`); s != [3]string{"Stopped: 3 of 8.", "false", "true"} {
		t.Errorf("after Stop: %q", s)
	}
	must(t, ctx, chromedp.Click(chromedp.CSS("#matrix-submit")))
	<-rec.requests
	waitFor(t, ctx, "the first cells again", `return document.getElementById('matrix-status').textContent === '3 of 8'`)
	close(rec.release)
	waitFor(t, ctx, "the end", `return document.getElementById('matrix-status').textContent.startsWith('Done: 8 of 8, in 1.2 s.') && document.getElementById('results').getAttribute('aria-busy') === 'false'`)
	if s := eval[string](t, ctx, `return document.getElementById('matrix-status').textContent`); s != "Done: 8 of 8, in 1.2 s. Cells with errors: 1 (choose one to see why)." {
		t.Errorf("the end says %q", s)
	}

	texts := func(f string) [][]string {
		return eval[[][]string](t, ctx, fmt.Sprintf(`return [...document.querySelectorAll('#matrix-%s tr')].map(function (tr) { return [...tr.cells].map(function (c) { return c.textContent; }); })`, f))
	}
	if got := fmt.Sprint(texts("shooting")); got != "[[Mine ↓ theirs → Test Captain Test Spearmen] [Crossbowmen 0.6944 2.4167] [Knights – –]]" {
		t.Errorf("the shooting table: %s", got)
	}
	if got := fmt.Sprint(texts("charge")); got != "[[Mine ↓ theirs → Test Captain Test Spearmen] [Crossbowmen ~-1.23 0.5000] [Knights ! ~3.5]]" {
		t.Errorf("the charge table: %s", got)
	}
	if c := eval[string](t, ctx, `return document.getElementById('matrix-title-charge').textContent`); c != "Charge: my unit charges: expected combat result, mine minus theirs" {
		t.Errorf("the charge table's caption: %q", c)
	}
	// Darker is better: 3.456 over 0.5 over -1.23.
	light := eval[[3]float64](t, ctx, `return ['1-1', '0-1', '0-0'].map(function (k) { return +document.getElementById('cell-charge-' + k).getAttribute('data-lightness'); })`)
	if !(light[0] < light[1] && light[1] < light[2]) || light[0] != 35 || light[2] != 97 {
		t.Errorf("the charge cells' lightness, best to worst: %v", light)
	}
	if ink := eval[string](t, ctx, `return getComputedStyle(document.querySelector('#cell-charge-1-1 button')).color`); ink != "rgb(255, 255, 255)" {
		t.Errorf("the darkest cell's ink is %s", ink)
	}
	if tip := eval[string](t, ctx, `return document.querySelector('#cell-charge-0-0 button').title`); tip != "Crossbowmen against Test Captain: ~-1.23 (Monte Carlo, 20000 samples, ±0.01) — open on the Combat tab" {
		t.Errorf("a sampled cell's title: %q", tip)
	}

	// Sorting: by a column's head, then the other way; by a row's name.
	rows := func(f string) string {
		return eval[string](t, ctx, fmt.Sprintf(`return [...document.querySelectorAll('#matrix-%s tbody th')].map(function (th) { return th.textContent; }).join(', ')`, f))
	}
	cols := func(f string) string {
		return eval[string](t, ctx, fmt.Sprintf(`return [...document.querySelectorAll('#matrix-%s thead th.col-name')].map(function (th) { return th.textContent; }).join(', ')`, f))
	}
	must(t, ctx, chromedp.Click(chromedp.CSS(`#matrix-charge thead button[data-sort-col="1"]`)))
	if got := rows("charge"); got != "Knights, Crossbowmen" {
		t.Errorf("sorted by Test Spearmen, the rows are %s", got)
	}
	if s := eval[string](t, ctx, `return document.querySelector('#matrix-charge th[data-col="1"]').getAttribute('aria-sort')`); s != "descending" {
		t.Errorf("the sorted column's aria-sort: %q", s)
	}
	must(t, ctx, chromedp.Click(chromedp.CSS(`#matrix-charge thead button[data-sort-col="1"]`)))
	if got := rows("charge"); got != "Crossbowmen, Knights" {
		t.Errorf("sorted by Test Spearmen again, the rows are %s", got)
	}
	if got := texts("charge")[1]; fmt.Sprint(got) != "[Crossbowmen ~-1.23 0.5000]" {
		t.Errorf("a row keeps its cells when sorted: %v", got)
	}
	must(t, ctx, chromedp.Click(chromedp.CSS(`#matrix-shooting tbody button[data-sort-row="0"]`)))
	if got := cols("shooting"); got != "Test Spearmen, Test Captain" {
		t.Errorf("sorted by Crossbowmen, the columns are %s", got)
	}
	if got := fmt.Sprint(texts("shooting")[1]); got != "[Crossbowmen 2.4167 0.6944]" {
		t.Errorf("the sorted row: %s", got)
	}

	// Why a cell has no number.
	must(t, ctx, chromedp.Click(chromedp.CSS(`#cell-shooting-1-0 button`)))
	if n := eval[string](t, ctx, `return document.getElementById('matrix-note').textContent`); n != "Knights against Test Captain: not applicable: Knights have no shooting attacks" {
		t.Errorf("the note says %q", n)
	}
	must(t, ctx, chromedp.Click(chromedp.CSS(`#cell-charge-1-0 button`)))
	if n := eval[string](t, ctx, `return document.getElementById('matrix-note').textContent`); n != "Knights against Test Captain: error: Test Captain: a character cannot be charged alone here" {
		t.Errorf("the note says %q", n)
	}
	if l := eval[string](t, ctx, `return document.getElementById('matrix-left-out').innerText`); l != "Left out\nGeneral (theirs): a character on his own: give his unit" {
		t.Errorf("the units left out: %q", l)
	}

	// What the cells show, at once.
	choose(t, ctx, "matrix-show", "win")
	if got := fmt.Sprint(texts("charge")[1:]); got != "[[Crossbowmen ~61% 25.00%] [Knights ! ~90%]]" {
		t.Errorf("the chance to win: %s", got)
	}
	if got := fmt.Sprint(texts("shooting")[1]); got != "[Crossbowmen 80.00% 10.00%]" {
		t.Errorf("the chance of 3 or more casualties: %s", got)
	}
	if c := eval[string](t, ctx, `return document.getElementById('matrix-title-shooting').textContent`); c != "Shooting: chance of 3 or more casualties" {
		t.Errorf("the shooting caption: %q", c)
	}
	choose(t, ctx, "matrix-show", "break")
	if got := fmt.Sprint(texts("shooting")[1]); got != "[Crossbowmen 20.00% 0.00%]" {
		t.Errorf("the chance of a failed panic test: %s", got)
	}

	// A shooting cell opens the Odds tab: the Crossbowmen's crossbows at
	// the Test Spearmen.
	must(t, ctx, chromedp.Click(chromedp.CSS(`#cell-shooting-0-1 button`)))
	waitFor(t, ctx, "the Odds tab with the pairing", `return location.pathname === '/' && (document.getElementById('t-models') || {}).value === '20' &&
		(document.getElementById('a0-count') || {}).value === '10' && !!document.querySelector('#results [data-exact]')`)
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(loc)
	if err != nil {
		t.Fatal(err)
	}
	if q := u.Query(); q.Get("tab") != "odds" || q.Get("ruleset") != "tow" || q.Get("t.name") != "Test Spearmen" || q.Get("t.models") != "20" ||
		q.Get("a0.name") != "Crossbowmen" || q.Get("a0.count") != "10" || q.Get("a0.phase") != "shooting" || q.Get("a0.strength") != "4" || q.Has("a1.count") {
		t.Errorf("the shooting cell opened %s", loc)
	}
}

// TestBrowserMatrixPhone: at 390 px a matrix larger than the screen
// scrolls inside its box, its column heads and row names kept in view,
// and the page itself never scrolls sideways. The server's deadline cut
// its last cell: the table shows it as not done, and the status says so.
func TestBrowserMatrixPhone(t *testing.T) {
	ctx := browser(t)
	const n = 12
	var names []string
	for i := range n {
		names = append(names, fmt.Sprintf(`{"name":"Unit with a long name %d","ruleset":"tow"}`, i+1))
	}
	head := []string{fmt.Sprintf(`{"type":"start","rows":[%s],"cols":[%s],"fights":["shooting"],"cells":%d,"left_out":[]}`, strings.Join(names, ","), strings.Join(names, ","), n*n)}
	for r := range n {
		for c := range n {
			if r == n-1 && c == n-1 {
				continue // the deadline's
			}
			head = append(head, fmt.Sprintf(`{"type":"cell","row":%d,"col":%d,"fight":"shooting","method":"exact","values":{"mean":%d.25,"p_at_least":0.5,"p_destroy":0,"p_panic":0},"digits":4}`, r, c, r+c))
		}
	}
	head = append(head, fmt.Sprintf(`{"type":"end","done":%d,"errors":0,"elapsed_ms":80,"deadline":true,"not_done":1}`, n*n-1))
	rec := &recorded{next: New(Config{}).Handler(), head: head, requests: make(chan []byte, 4), release: make(chan struct{})}
	close(rec.release)
	srv := httptest.NewServer(rec)
	t.Cleanup(srv.Close)

	must(t, ctx, viewport(phone), chromedp.Navigate(srv.URL+"/matrix"), chromedp.WaitVisible(chromedp.CSS("#matrix-form")))
	pickMatrixList(t, ctx, "mine", examplePath(t, "lists/test-army.json"), "units read: 2")
	pickMatrixList(t, ctx, "theirs", examplePath(t, "lists/test-army.json"), "units read: 2")
	must(t, ctx, chromedp.Click(chromedp.CSS("#matrix-submit")))
	<-rec.requests
	waitFor(t, ctx, "the whole matrix", `return document.getElementById('matrix-status').textContent.startsWith('Done: 143 of 144') && document.getElementById('cell-shooting-11-10').textContent === '21.2500'`)
	if s := eval[string](t, ctx, `return document.getElementById('matrix-status').textContent`); s != "Done: 143 of 144, in 0.1 s. The server's time limit stopped the matrix; not done: 1." {
		t.Errorf("the status after the deadline: %q", s)
	}
	if c := eval[[2]string](t, ctx, `var c = document.getElementById('cell-shooting-11-11'); return [c.textContent, c.title]`); c != [2]string{"?not done within the server's time limit", "Unit with a long name 12 against Unit with a long name 12: not done within the server's time limit"} {
		t.Errorf("the cell not done: %q", c)
	}
	if w := eval[int](t, ctx, "return document.documentElement.scrollWidth"); w > 391 {
		t.Errorf("the page is %d px wide on a phone of 390", w)
	}
	box := eval[[2]float64](t, ctx, `var b = document.getElementById('matrix-scroll-shooting'); return [b.scrollWidth - b.clientWidth, b.scrollHeight - b.clientHeight]`)
	if box[0] <= 0 || box[1] <= 0 {
		t.Fatalf("the table's box does not scroll both ways: %v", box)
	}
	// Scrolled to its far corner, the box still shows the heads and the
	// names at its edges, and the last cell inside it.
	kept := eval[map[string]float64](t, ctx, `var b = document.getElementById('matrix-scroll-shooting');
		b.scrollLeft = b.scrollWidth; b.scrollTop = b.scrollHeight;
		var box = b.getBoundingClientRect(), head = document.querySelector('#matrix-shooting thead th[data-col="11"]').getBoundingClientRect(),
			name = document.querySelector('#matrix-shooting tbody tr[data-row="11"] th').getBoundingClientRect(),
			corner = document.querySelector('#matrix-shooting th.corner').getBoundingClientRect(),
			last = document.getElementById('cell-shooting-11-11').getBoundingClientRect();
		return {headTop: head.top - box.top, nameLeft: name.left - box.left, cornerTop: corner.top - box.top, cornerLeft: corner.left - box.left,
			lastRight: box.right - last.right, lastBottom: box.bottom - last.bottom, scrolled: b.scrollLeft, boxRight: box.right};`)
	for _, k := range []string{"headTop", "nameLeft", "cornerTop", "cornerLeft"} {
		if v := kept[k]; v < 0 || v > 2 {
			t.Errorf("scrolled to the far corner, %s is %v px from the box's edge: %v", k, v, kept)
		}
	}
	if kept["scrolled"] <= 0 || kept["lastRight"] < -1 || kept["lastBottom"] < -1 || kept["boxRight"] > 391 {
		t.Errorf("the far corner: %v", kept)
	}
	screenshot(t, ctx, "matrix-phone-large", 390, 844)
}

// matrixStream is POST /api/matrix's answer to body, its cells by
// "fight row col".
func matrixStream(t *testing.T, base, body string) map[string]map[string]any {
	t.Helper()
	return matrixStreamIn(t, base, "", body)
}

// matrixStreamIn is matrixStream with a query string (?lang=ru).
func matrixStreamIn(t *testing.T, base, query, body string) map[string]map[string]any {
	t.Helper()
	resp, err := http.Post(base+"/api/matrix"+query, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST /api/matrix: %d", resp.StatusCode)
	}
	cells := map[string]map[string]any{}
	dec := json.NewDecoder(resp.Body)
	for dec.More() {
		var line map[string]any
		if err := dec.Decode(&line); err != nil {
			t.Fatal(err)
		}
		if line["type"] == "cell" {
			cells[fmt.Sprintf("%v %v %v", line["fight"], line["row"], line["col"])] = line
		}
	}
	return cells
}

// listBody is a side of a matrix request: the list file at path whole.
func listBody(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf(`{"list_base64": %q}`, base64.StdEncoding.EncodeToString(b))
}

// checkCells holds every cell of the page's tables to the API's own
// answer for the same request: the value shown under show=mean, with
// exactly the digits the cell gives; a cell of no computation says the
// API's reason.
func checkCells(t *testing.T, ctx context.Context, want map[string]map[string]any) {
	t.Helper()
	got := eval[map[string][5]string](t, ctx, `var out = {};
		document.querySelectorAll('table.matrix td').forEach(function (td) {
			var f = td.closest('.matrix-table').getAttribute('data-fight'), b = td.querySelector('button');
			out[f + ' ' + td.getAttribute('data-row') + ' ' + td.getAttribute('data-col')] = [td.getAttribute('data-value') || '', td.textContent, b ? b.title : '',
				td.getAttribute('data-method') || '', td.getAttribute('data-digits') || ''];
		});
		return out;`)
	if len(got) != len(want) {
		t.Errorf("the page has %d cells, the API %d", len(got), len(want))
	}
	for k, c := range want {
		g := got[k]
		switch c["method"] {
		case "none":
			if !strings.Contains(g[2], "not applicable: "+c["why"].(string)) && !strings.Contains(g[2], "неприменимо: "+c["why"].(string)) {
				t.Errorf("cell %s says %q, the API %q", k, g[2], c["why"])
			}
		case "error":
			m := c["error"].(map[string]any)["message"].(string)
			if !strings.Contains(g[2], "error: "+m) && !strings.Contains(g[2], "ошибка: "+m) {
				t.Errorf("cell %s says %q, the API %q", k, g[2], m)
			}
		case "exact", "sampled":
			key := "mean"
			if !strings.HasPrefix(k, "shooting") {
				key = "mean_result"
			}
			v := c["values"].(map[string]any)[key].(float64)
			// The server samples a cell when its time runs short: the
			// page's run and the test's may differ there, within the
			// sampling's error; an exact cell is the same number.
			if c["method"] == "exact" && g[3] == "exact" {
				if g[0] != fmt.Sprint(v) {
					t.Errorf("cell %s shows %q (value %s), the API %v", k, g[1], g[0], v)
				}
			} else if pv, err := strconv.ParseFloat(g[0], 64); err != nil || math.Abs(pv-v) > 0.5 {
				t.Errorf("cell %s shows %q (value %s), the API %v (sampled)", k, g[1], g[0], v)
			}
			if !regexpDigits(atoi(g[4])).MatchString(g[1]) {
				t.Errorf("cell %s shows %q: not the %s digits it gives", k, g[1], g[4])
			}
		default:
			t.Errorf("cell %s: the API's method %v", k, c["method"])
		}
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// regexpDigits matches a number written with exactly d decimals, in
// either language's way.
func regexpDigits(d int) *regexp.Regexp {
	if d == 0 {
		return regexp.MustCompile(`^~?[-−]?\d+$`)
	}
	return regexp.MustCompile(fmt.Sprintf(`^~?[-−]?\d+[.,]\d{%d}$`, d))
}

// TestBrowserMatrix: the whole way, at desktop and phone width, with the
// server's own API. Two list files give a table whose every cell is the
// API's; a column's head changes the rows' order; a shooting cell opens
// the Odds tab with the pairing, whose expected casualties are the
// cell's; a round opens the Combat tab with the two units, whose chance
// to win is the cell's. Units saved in this browser make a side too.
// The Russian page says it all in Russian.
func TestBrowserMatrix(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}).Handler())
	t.Cleanup(srv.Close)
	mineFile, theirFile := examplePath(t, "lists/test-army.json"), fixturePath(t, "tow.json")
	want := matrixStream(t, srv.URL, `{"mine": `+listBody(t, mineFile)+`, "theirs": `+listBody(t, theirFile)+`}`)

	for _, vp := range desktopFirst {
		t.Run(vp.name, func(t *testing.T) {
			must(t, ctx, viewport(vp), chromedp.Navigate(srv.URL+"/matrix"), chromedp.WaitVisible(chromedp.CSS("#matrix-form")))
			pickMatrixList(t, ctx, "mine", mineFile, "“Test Army of the Old World”: units read: 2.")
			pickMatrixList(t, ctx, "theirs", theirFile, "“Test Old World List”: units read: 2.")
			must(t, ctx, chromedp.Click(chromedp.CSS("#matrix-submit")))
			waitFor(t, ctx, "the whole matrix", `return document.getElementById('matrix-status').textContent.startsWith('Done: 12 of 12,') && document.getElementById('results').getAttribute('aria-busy') === 'false'`)
			checkCells(t, ctx, want)
			// What reading the lists assumed, folded under the tables.
			notes := eval[map[string]any](t, ctx, `var d = document.querySelector('#matrix-left-out details.matrix-notes');
				return d ? {shown: !document.getElementById('matrix-left-out').hidden, summary: d.querySelector('summary').textContent,
					items: [...d.querySelectorAll('li')].map(function (li) { return li.textContent; })} : {}`)
			items, _ := notes["items"].([]any)
			if notes["shown"] != true || !strings.HasPrefix(fmt.Sprint(notes["summary"]), "What reading the lists assumed (notes: ") ||
				!slices.Contains(items, any("Knights (mine): weapon Lance")) || !slices.Contains(items, any("Test Spearmen (theirs): weapon Thrusting Spear")) {
				t.Errorf("the notes: %v", notes)
			}
			if vp.isPhone() {
				if w := eval[int](t, ctx, "return document.documentElement.scrollWidth"); w > int(vp.width)+1 {
					t.Errorf("the page is %d px wide on a phone of %d", w, vp.width)
				}
			}

			// A column's head sorts the rows: Knights fare better against
			// the Test Spearmen than the Crossbowmen do.
			rows := func() string {
				return eval[string](t, ctx, `return [...document.querySelectorAll('#matrix-charge tbody th')].map(function (th) { return th.textContent; }).join(', ')`)
			}
			if r := rows(); r != "Crossbowmen, Knights" {
				t.Fatalf("the rows before sorting: %s", r)
			}
			must(t, ctx, chromedp.Click(chromedp.CSS(`#matrix-charge thead button[data-sort-col="1"]`)))
			if r := rows(); r != "Knights, Crossbowmen" {
				t.Errorf("sorted by Test Spearmen, the rows are %s", r)
			}
			screenshot(t, ctx, "matrix-"+vp.name, vp.width, vp.height)
			must(t, ctx, viewport(vp))

			// A round opens the Combat tab: Knights charging the Test
			// Spearmen.
			must(t, ctx, chromedp.Click(chromedp.CSS(`#cell-charge-1-1 button`)))
			waitFor(t, ctx, "the Combat tab", `var a = document.querySelector('#combat-form [name="a.u.models"]'), b = document.querySelector('#combat-form [name="b.u.models"]');
				return location.pathname === '/combat' && !!a && !!b && a.value === '7' && b.value === '20' && !!document.querySelector('#results [data-exact]')`)
			if c := want["charge 1 1"]; c["method"] == "exact" {
				win := c["values"].(map[string]any)["p_win"].(float64)
				if got := eval[float64](t, ctx, `var s = [...document.querySelectorAll('#results .stat')].find(function (s) { return s.querySelector('dt').textContent === 'Knights win'; });
					var e = s.querySelector('[data-exact]').getAttribute('data-exact').split('/'); return e.length > 1 ? e[0] / e[1] : +e[0];`); math.Abs(got-win) > 1e-6 {
					t.Errorf("the Combat tab's chance the Knights win %v, the cell's %v", got, win)
				}
			}

			// A shooting cell opens the Odds tab with its pairing.
			must(t, ctx, chromedp.Navigate(srv.URL+"/matrix"), chromedp.WaitVisible(chromedp.CSS("#matrix-form")))
			pickMatrixList(t, ctx, "mine", mineFile, "units read: 2.")
			pickMatrixList(t, ctx, "theirs", theirFile, "units read: 2.")
			must(t, ctx, chromedp.Click(chromedp.CSS("#matrix-submit")))
			waitFor(t, ctx, "the matrix again", `return document.getElementById('matrix-status').textContent.startsWith('Done: 12 of 12,')`)
			must(t, ctx, chromedp.Click(chromedp.CSS(`#cell-shooting-0-1 button`)))
			waitFor(t, ctx, "the Odds tab", `return location.pathname === '/' && (document.getElementById('t-models') || {}).value === '20' &&
				(document.getElementById('a0-count') || {}).value === '10' && !!document.querySelector('#results [data-exact]')`)
			mean := want["shooting 0 1"]["values"].(map[string]any)["mean"].(float64)
			if got := eval[float64](t, ctx, `var s = [...document.querySelectorAll('#results .stat')].find(function (s) { return s.querySelector('dt').textContent === 'Expected casualties'; });
				var e = s.querySelector('[data-exact]').getAttribute('data-exact').split('/'); return e.length > 1 ? e[0] / e[1] : +e[0];`); math.Abs(got-mean) > 1e-6 {
				t.Errorf("the Odds tab's expected casualties %v, the cell's %v", got, mean)
			}
		})
	}

	t.Run("saved", func(t *testing.T) {
		// Units saved by hand on the Odds tab: a target, and an attack
		// profile under the same name; units of a list imported there,
		// each with its own attack profiles, one without its Toughness.
		must(t, ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(srv.URL+"/matrix"), chromedp.WaitVisible(chromedp.CSS("#matrix-form")))
		eval[bool](t, ctx, `localStorage.setItem('rearrank.units', JSON.stringify({
			target: {'Halberdiers': {ruleset: 'tow', fields: {models: '20', toughness: '3', armour: 'light', ws: '3'}},
			         'Ogre': {ruleset: 'tow', fields: {models: '1', toughness: '4', wounds: '3'}},
			         'Spears (L)': {ruleset: 'tow', fields: {models: '20', toughness: '3', ws: '3'}, list: 'L', label: 'Spears'},
			         'Gobbos (L)': {ruleset: 'tow', fields: {models: '20'}, list: 'L', label: 'Gobbos', missing: {toughness: 'the file does not give it'}}},
			attack: {'Halberdiers': {ruleset: 'tow', fields: {count: '10', strength: '4', ws: '3', phase: 'melee'}},
			         'Spears (L)': {ruleset: 'tow', fields: {count: '9', strength: '3', ws: '3'}, list: 'L', label: 'Spears'},
			         'Spears: Sergeant (L)': {ruleset: 'tow', fields: {count: '2', strength: '4', ws: '3'}, list: 'L', label: 'Spears: Sergeant'},
			         'Spearsmen (L)': {ruleset: 'tow', fields: {count: '5', strength: '5'}, list: 'L', label: 'Spearsmen'}}})); return true`)
		must(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#matrix-form")))
		pickMatrixList(t, ctx, "mine", mineFile, "units read: 2.")
		must(t, ctx, chromedp.Click(chromedp.CSS("#theirs-source-saved")))
		waitFor(t, ctx, "the saved units", `return document.querySelectorAll('#theirs-saved input[type=checkbox]').length === 4`)
		if g := eval[string](t, ctx, `return [...document.querySelectorAll('#theirs-saved fieldset')].map(function (f) { return f.innerText.replace(/\s+/g, ' ').trim(); }).join(' | ')`); g != "Saved by hand Halberdiers Ogre | L Gobbos Spears" {
			t.Errorf("the saved units, a group per list: %q", g)
		}
		for _, id := range []string{"theirs-saved-0-0", "theirs-saved-0-1", "theirs-saved-1-0", "theirs-saved-1-1"} {
			must(t, ctx, chromedp.Click(chromedp.CSS("#"+id)))
		}
		if c := eval[string](t, ctx, `return document.getElementById('theirs-chosen').textContent`); c != "Chosen: Halberdiers, Ogre, Gobbos, Spears" {
			t.Errorf("their side says %q", c)
		}
		must(t, ctx, chromedp.Click(chromedp.CSS("#matrix-submit")))
		waitFor(t, ctx, "the matrix of saved units", `return document.getElementById('matrix-status').textContent.startsWith('Done: 18 of 18,')`)
		if l := eval[string](t, ctx, `return document.getElementById('matrix-left-out').innerText`); l != "Left out\nGobbos (theirs): target.toughness: required: the unit's Toughness (t9a: Resilience), 1 to 10\nWhat reading the lists assumed (notes: 13)" {
			t.Errorf("the units left out: %q", l)
		}
		units := `{"name": "Units saved in this browser", "units": [
			{"name": "Halberdiers", "ruleset": "tow", "target": {"models": 20, "ws": 3, "toughness": 3, "armour": "light"}, "attacks": [{"count": 10, "ws": 3, "strength": 4}]},
			{"name": "Ogre", "ruleset": "tow", "target": {"models": 1, "toughness": 4, "wounds": 3}, "attacks": []},
			{"name": "Spears", "ruleset": "tow", "target": {"models": 20, "ws": 3, "toughness": 3}, "attacks": [{"count": 9, "ws": 3, "strength": 3}, {"count": 2, "ws": 3, "strength": 4}]}]}`
		checkCells(t, ctx, matrixStream(t, srv.URL, `{"mine": `+listBody(t, mineFile)+`, "theirs": `+units+`}`))
	})

	t.Run("russian", func(t *testing.T) {
		must(t, ctx, viewport(phone), chromedp.Navigate(srv.URL+"/matrix?lang=ru"), chromedp.WaitVisible(chromedp.CSS("#matrix-form")))
		pickMatrixList(t, ctx, "mine", mineFile, "«Test Army of the Old World»: прочитано подразделений: 2.")
		pickMatrixList(t, ctx, "theirs", theirFile, "«Test Old World List»: прочитано подразделений: 2.")
		must(t, ctx, chromedp.Click(chromedp.CSS("#matrix-submit")))
		waitFor(t, ctx, "the Russian matrix", `return document.getElementById('matrix-status').textContent.startsWith('Готово: 12 из 12, за ')`)
		ru := matrixStreamIn(t, srv.URL, "?lang=ru", `{"mine": `+listBody(t, mineFile)+`, "theirs": `+listBody(t, theirFile)+`}`)
		checkCells(t, ctx, ru)
		if c := eval[string](t, ctx, `return document.getElementById('matrix-title-charge').textContent`); c != "Натиск: в натиск идёт моё подразделение: ожидаемый результат боя, мой минус чужой" {
			t.Errorf("the Russian caption: %q", c)
		}
		if s := eval[string](t, ctx, `return document.querySelector('#cell-charge-1-1 button').title`); !strings.HasPrefix(s, "Knights против Test Spearmen: ") || !strings.HasSuffix(s, "открыть на вкладке «Ближний бой»") {
			t.Errorf("a Russian cell's title: %q", s)
		}
		if w := eval[int](t, ctx, "return document.documentElement.scrollWidth"); w > 391 {
			t.Errorf("the Russian page is %d px wide on a phone of 390", w)
		}
		must(t, ctx, chromedp.Click(chromedp.CSS(`#cell-shooting-0-1 button`)))
		waitFor(t, ctx, "the Russian Odds tab", `var d = document.documentElement; return location.pathname === '/' && !!d && d.lang === 'ru' && (document.getElementById('t-models') || {}).value === '20'`)
	})
}
