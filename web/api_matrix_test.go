package web

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rearrank/rearrank/matrix"
)

// matrixUnits are two tow units as a matrix request's UNITs: State
// Troops with handguns and halberds, and Orc Boyz who only fight.
const matrixUnits = `[
 {"name": "Handgunners", "ruleset": "tow",
  "target": {"models": 10, "frontage": 5, "ws": 3, "toughness": 3, "armour": "light"},
  "attacks": [{"count": 10, "phase": "shooting", "bs": 3, "strength": 4, "ap": 1},
              {"count": 10, "ws": 3, "strength": 3}]},
 {"name": "Orc Boyz", "ruleset": "tow", "leadership": 7, "initiative": 2,
  "target": {"models": 20, "frontage": 5, "ws": 3, "toughness": 4, "armour": "light", "shield": true},
  "attacks": [{"count": 10, "ws": 3, "strength": 3}]}]`

func matrixBody(mine, theirs string, extra string) string {
	return `{"mine": {"name": "Mine", "units": ` + mine + `}, "theirs": {"name": "Theirs", "units": ` + theirs + `}` + extra + `}`
}

// lines splits an NDJSON answer into its objects.
func lines(t *testing.T, body string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for l := range strings.SplitSeq(strings.TrimSpace(body), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		out = append(out, m)
	}
	return out
}

// The matrix's lines: the start names the rows and columns, each cell
// comes once, with the values of its computation, and the end counts them.
func TestMatrixLines(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	w := do(t, h, "POST", "/api/matrix", "application/json", matrixBody(matrixUnits, matrixUnits, `, "fights": ["shooting", "charge"], "at_least": 2`))
	if w.Code != 200 || w.Header().Get("Content-Type") != "application/x-ndjson" {
		t.Fatalf("status %d, %q: %s", w.Code, w.Header().Get("Content-Type"), w.Body.String())
	}
	ls := lines(t, w.Body.String())
	if len(ls) != 10 {
		t.Fatalf("%d lines, want start, 8 cells and end:\n%s", len(ls), w.Body.String())
	}
	start, _ := json.Marshal(ls[0])
	if want := `{"cells":8,"cols":[{"name":"Handgunners","ruleset":"tow"},{"name":"Orc Boyz","ruleset":"tow"}],"fights":["shooting","charge"],"left_out":[],"rows":[{"name":"Handgunners","ruleset":"tow"},{"name":"Orc Boyz","ruleset":"tow"}],"type":"start"}`; string(start) != want {
		t.Errorf("start %s\nwant  %s", start, want)
	}
	cells := map[string]string{}
	for _, l := range ls[1:9] {
		data, _ := json.Marshal(l)
		key := fmt.Sprintf("%v,%v,%v", l["row"], l["col"], l["fight"])
		if _, dup := cells[key]; dup {
			t.Errorf("cell %s twice", key)
		}
		cells[key] = string(data)
	}
	// 10 handguns, BS 3, S4 AP -1 at 10 State Troops in light armour
	// (T3): each shot kills 1/2 x 5/6 x 4/5 = 1/3, a mean of 10/3.
	for key, want := range map[string]string{
		"0,0,shooting": `{"col":0,"digits":4,"fight":"shooting","method":"exact","row":0,"type":"cell","values":{"mean":3.333333,"p_at_least":0.895951,"p_destroy":0.000017,"p_panic":0.700859}}`,
		"1,0,shooting": `{"col":0,"fight":"shooting","method":"none","row":1,"type":"cell","why":"Orc Boyz have no shooting attacks"}`,
		"1,0,charge":   `{"col":0,"digits":4,"fight":"charge","method":"exact","row":1,"type":"cell","values":{"mean_result":2.611476,"p_draw":0.077102,"p_lose":0.059978,"p_they_break":0.686442,"p_we_break":0.024991,"p_win":0.86292}}`,
		"0,1,charge":   `{"col":1,"digits":4,"fight":"charge","method":"exact","row":0,"type":"cell","values":{"mean_result":-2.611476,"p_draw":0.077102,"p_lose":0.86292,"p_they_break":0.024991,"p_we_break":0.686442,"p_win":0.059978}}`,
	} {
		if cells[key] != want {
			t.Errorf("cell %s:\n got %s\nwant %s", key, cells[key], want)
		}
	}
	end := ls[9]
	if end["type"] != "end" || end["done"] != 8.0 || end["errors"] != 0.0 || end["deadline"] != nil || end["not_done"] != nil {
		t.Errorf("end %v", end)
	}
}

// Bad input is a 400 naming the field, before any line.
func TestMatrixBadInput(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	many := "[" + strings.Repeat(`{"name": "U", "ruleset": "tow", "target": {"models": 5, "toughness": 3}},`, 31)
	many = many[:len(many)-1] + "]"
	one := `[{"name": "U", "ruleset": "tow", "target": {"models": 5, "toughness": 3}}]`
	for _, c := range []struct {
		name, body, field, err string
	}{
		{"empty side", matrixBody(`[]`, matrixUnits, ""), "mine.units", "mine: no unit: a matrix needs at least one unit on each side"},
		{"too many", matrixBody(one, many, ""), "theirs.units", "theirs: 31 units, more than the limit of 30 a side (30 x 30 cells a fight)"},
		{"bad unit", matrixBody(`[{"name": "U", "ruleset": "tow", "target": {"models": 5, "toughness": 0}}]`, one, ""), "mine.units[0].target.toughness", "mine.units[0].target.toughness: want 1 to 10, got 0"},
		{"bad ruleset", matrixBody(`[{"name": "U", "ruleset": "wh40k", "target": {"models": 5, "toughness": 3}}]`, one, ""), "mine.units[0].ruleset", ""},
		{"bad fight", matrixBody(one, one, `, "fights": ["shooting", "ambush"]`), "fights[1]", `fight "ambush": want shooting, charge, charged or melee`},
		{"bad show", matrixBody(one, one, `, "show": "all"`), "show", `show "all": want mean, destroy, break or win`},
		{"at_least", matrixBody(one, one, `, "at_least": 0`), "at_least", "at_least 0: want 1 to 1000"},
		{"no theirs", `{"mine": {"units": ` + one + `}}`, "theirs", "theirs: required"},
		{"both", `{"mine": {"units": ` + one + `, "list": "x"}, "theirs": {"units": ` + one + `}}`, "mine", "a side is either units or one list file (list or list_base64), not both"},
		{"not a list", `{"mine": {"list": "hello"}, "theirs": {"units": ` + one + `}}`, "mine.list", "mine: not a list file of New Recruit, BattleScribe or Old World Builder"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := do(t, h, "POST", "/api/matrix", "application/json", c.body)
			e := decode[ErrorBody](t, w, 400)
			if e.Field != c.field || (c.err != "" && e.Error != c.err) {
				t.Errorf("got field %q error %q\nwant field %q error %q", e.Field, e.Error, c.field, c.err)
			}
		})
	}
	// In Russian.
	w := do(t, h, "POST", "/api/matrix?lang=ru", "application/json", matrixBody(`[]`, matrixUnits, ""))
	if e := decode[ErrorBody](t, w, 400); e.Error != "mine: нет ни одного подразделения: для матрицы нужно хотя бы одно подразделение с каждой стороны" {
		t.Errorf("Russian: %q", e.Error)
	}
}

// The server's deadline cuts a matrix: the stream still ends with its end
// line, which says so and counts the cells not done.
func TestMatrixDeadline(t *testing.T) {
	// 30 blocks of 21 to 50 models: every cell a round of its own (cells
	// of one file would share its computation).
	var blocks []string
	for n := 21; n <= 50; n++ {
		blocks = append(blocks, fmt.Sprintf(`{"name": "Block of %d", "ruleset": "tow", "target": {"models": %d, "frontage": 8, "ws": 3, "toughness": 3, "command": ["musician", "standard", "champion"]}, "attacks": [{"count": 16, "ws": 3, "strength": 3}]}`, n, n))
	}
	units := "[" + strings.Join(blocks, ",") + "]"
	for _, c := range []struct {
		name    string
		timeout time.Duration
	}{{"before any cell", time.Nanosecond}, {"midway", 300 * time.Millisecond}} {
		t.Run(c.name, func(t *testing.T) {
			h := testServer(t, Config{Timeout: c.timeout}).Handler()
			w := do(t, h, "POST", "/api/matrix", "application/json", matrixBody(units, units, `, "fights": ["charge", "charged", "melee"]`))
			if w.Code != 200 {
				t.Fatalf("status %d: %s", w.Code, w.Body.String())
			}
			ls := lines(t, w.Body.String())
			end := ls[len(ls)-1]
			done, notDone := int(end["done"].(float64)), int(end["not_done"].(float64))
			if ls[0]["type"] != "start" || end["type"] != "end" || end["deadline"] != true || done+notDone != 2700 || len(ls) != done+2 || notDone == 0 {
				t.Errorf("%d lines, end %v", len(ls), end)
			}
			if c.timeout == time.Nanosecond && done != 0 {
				t.Errorf("%d cells done past the deadline", done)
			}
		})
	}
}

// A side may be a list file, as text or as base64 bytes (a .rosz): its
// units that can be read are rows or columns, the others named in
// left_out. Texts are in the request's language.
func TestMatrixListSides(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	list, _ := json.Marshal(string(listFixture(t, "tow.json")))
	rosz := base64.StdEncoding.EncodeToString(listFixture(t, "tow.rosz"))
	owb, _ := json.Marshal(string(listFixture(t, "list.owb.json")))
	body := `{"mine": {"list": ` + string(list) + `}, "theirs": {"list_base64": "` + rosz + `"}, "fights": ["shooting", "charge"]}`
	w := do(t, h, "POST", "/api/matrix?lang=ru", "application/json", body)
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body.String())
	}
	ls := lines(t, w.Body.String())
	var st struct {
		Rows, Cols []matrix.UnitJSON
		Cells      int
		LeftOut    []matrix.LeftOutJSON `json:"left_out"`
	}
	if err := json.Unmarshal([]byte(strings.SplitN(w.Body.String(), "\n", 2)[0]), &st); err != nil {
		t.Fatal(err)
	}
	names := func(us []matrix.UnitJSON) (out []string) {
		for _, u := range us {
			out = append(out, u.Name+" "+u.Ruleset)
		}
		return out
	}
	if r, c := names(st.Rows), names(st.Cols); !slices.Equal(r, []string{"Test Captain tow", "Test Spearmen tow"}) || !slices.Equal(c, []string{"Test Knights tow"}) ||
		st.Cells != 4 || len(st.LeftOut) != 0 {
		t.Errorf("start: %+v", st)
	}
	// What reading the lists assumed, in the request's language: each
	// unit's own, none of a role the matrix also reads.
	if n := st.Rows[0].Notes; !slices.Contains(n, "Strike Last: правило, которого rearrank не учитывает") ||
		!slices.Contains(n, "Hatred (Test Foes): учтена, как если бы цель была ненавистной и шёл первый раунд боя") {
		t.Errorf("Test Captain's notes: %q", n)
	}
	if n := st.Cols[0].Notes; !slices.Contains(n, "оружие Lance") || slices.ContainsFunc(n, func(s string) bool { return strings.Contains(s, "не учтено") }) {
		t.Errorf("Test Knights' notes: %q", n)
	}
	found := false
	for _, l := range ls {
		if l["why"] == "у Test Captain нет стрелковых атак" {
			found = true
		}
	}
	if !found || ls[len(ls)-1]["done"] != 4.0 {
		t.Errorf("no Russian why, or not every cell done:\n%s", w.Body.String())
	}
	// An Old World Builder list has no stat lines: every unit is left
	// out, each with why, and the side is empty.
	body = `{"mine": {"list": ` + string(owb) + `}, "theirs": {"list": ` + string(list) + `}}`
	e := decode[ErrorBody](t, do(t, h, "POST", "/api/matrix", "application/json", body), 400)
	if e.Field != "mine.units" || !strings.HasPrefix(e.Error, "mine: no unit could be read (") {
		t.Errorf("an Old World Builder list: %+v", e)
	}
	// With --set's values it reads.
	body = `{"mine": {"list": ` + string(owb) + `, "set": ["ws=3", "toughness=3", "wounds=1", "strength=3", "count=5"]}, "theirs": {"list": ` + string(list) + `}, "fights": ["charge"]}`
	w = do(t, h, "POST", "/api/matrix", "application/json", body)
	ls = lines(t, w.Body.String())
	start, _ := json.Marshal(ls[0]["rows"])
	if w.Code != 200 || !strings.HasPrefix(string(start), `[{"name":"Test Baron","notes":["General: an option rearrank does not use",`) ||
		!strings.Contains(string(start), `"toughness: 3, given with set"`) || strings.Count(string(start), `"count: 5, given with set"`) != 2 || ls[len(ls)-1]["done"] != 4.0 {
		t.Errorf("an Old World Builder list with set: %d %s", w.Code, w.Body.String())
	}
	// A field of neither part is a 400 naming the side's set.
	body = `{"mine": {"list": ` + string(owb) + `, "set": ["attacks=1"]}, "theirs": {"list": ` + string(list) + `}}`
	if e := decode[ErrorBody](t, do(t, h, "POST", "/api/matrix", "application/json", body), 400); e.Field != "mine.set" {
		t.Errorf("set attacks: %+v", e)
	}
}

// TestMatrixSlots: a matrix's pool takes the heavy lane's free slots
// and the cheap lane's free ones but one, while nobody waits for them,
// up to MaxConcurrent workers, and gives them back.
func TestMatrixSlots(t *testing.T) {
	for _, c := range []struct {
		cores, cheapBusy, want int
	}{
		{cores: 2, want: 2},               // heavy 1 slot (held) + 1 of the cheap lane's 2
		{cores: 2, cheapBusy: 1, want: 1}, // the cheap lane's last slot stays free
		{cores: 4, want: 4},               // heavy 3 (1 held + 2) + 1 cheap: MaxConcurrent in all
		{cores: 1, want: 1},
	} {
		s := New(Config{MaxConcurrent: c.cores})
		for range c.cheapBusy {
			s.cheap.slots <- struct{}{}
		}
		s.heavy.slots <- struct{}{} // the slot the request waited for
		got, give := s.matrixSlots()
		if got != c.want {
			t.Errorf("%d cores, %d cheap slots busy: %d workers, want %d", c.cores, c.cheapBusy, got, c.want)
		}
		give()
		if h, ch := len(s.heavy.slots), len(s.cheap.slots); h != 1 || ch != c.cheapBusy {
			t.Errorf("%d cores: after giving back, heavy %d cheap %d slots taken, want 1 and %d", c.cores, h, ch, c.cheapBusy)
		}
	}
}
