package web

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// follow submits a stage form (GET with more or rollstage) and follows the
// redirect to the page with the dice added.
func follow(t *testing.T, h http.Handler, q url.Values) (url.Values, string) {
	t.Helper()
	w := do(t, h, "GET", "/?"+q.Encode(), "", "")
	if w.Code != http.StatusSeeOther {
		t.Fatalf("stage submit: status %d, want 303: %s", w.Code, w.Body.String())
	}
	loc, err := url.Parse(w.Header().Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	page := do(t, h, "GET", loc.String(), "", "")
	if page.Code != 200 {
		t.Fatalf("%s: status %d: %s", loc, page.Code, page.Body.String())
	}
	return loc.Query(), page.Body.String()
}

func contains(t *testing.T, what, body string, want ...string) {
	t.Helper()
	for _, s := range want {
		if !strings.Contains(body, s) {
			t.Errorf("%s lacks %q", what, s)
		}
	}
}

// TestStagedReferee plays ten spearmen-killing shots stage by stage, as at
// the table: 4+ to hit (RULES.md 5), S4 against T3 wounds on 3+ (6.1), and
// light armour and shield save on 6+ against S4 (7.1).
func TestStagedReferee(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	start := with(spearmenQuery(), "tab", "resolve", "staged", "1")
	w := do(t, h, "GET", "/?"+start.Encode(), "", "")
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body.String())
	}
	contains(t, "the first stage", w.Body.String(), "Next: Attack group 1: to hit", "Roll 10 D6 dice", `name="more"`, "No dice yet.")

	q, body := follow(t, h, with(start, "more", "6 6 6 6 5 4 4 1 2 3"))
	if q.Get("dice") != "6 6 6 6 5 4 4 1 2 3" || q.Has("more") {
		t.Errorf("after the hits: %v", q)
	}
	contains(t, "after the hits", body, "7 of 10 hit on 4&#43;", "Next: Attack group 1: to wound", "Roll 7 D6 dice", `id="stage-undo"`)

	q, body = follow(t, h, with(q, "more", "3,3,6,5,1,2,2"))
	contains(t, "after the wounds", body, "4 of 7 wound on 3&#43;", "Next: Attack group 1: armour saves", "Roll 4 D6 dice")

	q, body = follow(t, h, with(q, "more", "6 1 1 2"))
	if q.Get("dice") != "6 6 6 6 5 4 4 1 2 3 3 3 6 5 1 2 2 6 1 1 2" {
		t.Errorf("the dice so far: %q", q.Get("dice"))
	}
	contains(t, "after the saves", body, "1 of 4 saved on 6&#43;", `<strong id="tally-casualties">3</strong>`, `id="referee-done"`)
	if strings.Contains(body, `id="next-stage"`) {
		t.Errorf("a resolved round still asks for dice")
	}
	if n := strings.Count(body, `class="model removed"`); n != 3 {
		t.Errorf("%d removed models drawn, want 3", n)
	}

	// Undo drops the saves: the page asks for the four again.
	m := regexp.MustCompile(`<a href="([^"]*)" id="stage-undo"`).FindStringSubmatch(body)
	if m == nil {
		t.Fatal("no undo link")
	}
	u, err := url.Parse(html.UnescapeString(m[1]))
	if err != nil || u.Query().Get("dice") != "6 6 6 6 5 4 4 1 2 3 3 3 6 5 1 2 2" {
		t.Fatalf("undo link %q: %v", m[1], err)
	}
	back := do(t, h, "GET", u.String(), "", "")
	contains(t, "after undo", back.Body.String(), "Roll 4 D6 dice", "4 of 7 wound on 3&#43;")

	// Too few dice: the stage is partial and asks for the rest.
	_, body = follow(t, h, with(start, "more", "6 6 6"))
	contains(t, "three of ten hit dice", body, "3 of 3 hit on 4&#43; so far", "Roll 7 D6 dice")

	// Rolled by the server: ten faces added. Without script the form sends
	// its empty dice box along.
	roll := with(start, "rollstage", "10", "sides", "6")
	roll.Set("more", "")
	q, body = follow(t, h, roll)
	if got := strings.Fields(q.Get("dice")); len(got) != 10 {
		t.Errorf("rolled %v, want 10 faces", got)
	}
	contains(t, "rolled hits", body, "of 10 hit on 4&#43;")
}

// TestStagedRefereeLargeBatch: 1,000 attacks (the most the form takes) summarise each stage's dice
// by face instead of listing thousands of steps.
func TestStagedRefereeLargeBatch(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	q := with(spearmenQuery(), "tab", "resolve", "a0.count", "1000", "t.models", "100", "t.frontage", "10", "seed", "7")
	w := do(t, h, "GET", "/?"+q.Encode(), "", "")
	body := w.Body.String()
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, body)
	}
	contains(t, "1,000 attacks", body, "of 1000 hit on 4&#43;", "×6", "rolled with seed 7")
	if n := strings.Count(body, `<li class="step`); n > 3*manyDice {
		t.Errorf("%d steps listed for 1,000 attacks, want a summary", n)
	}
	if len(body) > 400_000 {
		t.Errorf("the page is %d bytes", len(body))
	}
}

// TestAPIResolvePartial: POST /api/resolve?partial=1 answers with the
// stages the dice resolved and what the next stage needs. The crossbows
// (battleaxe) hit on 4+ (RULES.md 5) and wound T3 with S4 on 3+ (6.1).
func TestAPIResolvePartial(t *testing.T) {
	type stagedJSON struct {
		Dice   []int          `json:"dice"`
		Seed   *uint64        `json:"seed"`
		Stages []RefereeStage `json:"stages"`
		Next   *NextStage     `json:"next"`
	}
	h := testServer(t, Config{}).Handler()
	start := decode[stagedJSON](t, do(t, h, "POST", "/api/resolve?partial=1", "application/yaml", crossbowsYAML), 200)
	if len(start.Stages) != 0 || start.Next == nil || start.Next.Stage.String() != "hit" || start.Next.Dice != 20 || start.Next.Sides != 6 {
		t.Errorf("no dice: stages %v, next %+v", start.Stages, start.Next)
	}
	hits := "6,6,6,6,6,5,5,5,4,4,3,3,3,3,2,2,2,1,1,1" // 10 of 20 hit on 4+
	v := decode[stagedJSON](t, do(t, h, "POST", "/api/resolve?partial=1&dice="+hits+",3,3", "application/yaml", crossbowsYAML), 200)
	if len(v.Stages) != 2 || v.Stages[0].Summary != "10 of 20 hit on 4+" || v.Stages[0].Passed != 10 || v.Stages[0].Need != "4+" ||
		!v.Stages[1].Partial || v.Stages[1].Summary != "2 of 2 wound on 3+ so far" {
		t.Fatalf("after the hits and two wound dice: %+v", v.Stages)
	}
	if v.Next == nil || v.Next.Stage.String() != "wound" || v.Next.Dice != 8 || len(v.Dice) != 22 {
		t.Errorf("two wound dice of ten: next %+v, %d dice", v.Next, len(v.Dice))
	}
	if v.Stages[0].Partial {
		t.Errorf("the complete to-hit stage is marked partial")
	}
	// The envelope with a seed resolves the whole round.
	full := decode[stagedJSON](t, do(t, h, "POST", "/api/resolve", "application/json", `{"partial": true, "seed": 7, "scenario": `+crossbowsJSON+`}`), 200)
	if full.Next != nil || len(full.Stages) < 2 || full.Seed == nil || *full.Seed != 7 {
		t.Errorf("seed 7: next %+v, %d stages", full.Next, len(full.Stages))
	}
	dice := 0
	for _, st := range full.Stages {
		dice += st.Dice
	}
	if dice != len(full.Dice) {
		t.Errorf("the stages hold %d dice of %d", dice, len(full.Dice))
	}
	if e := decode[ErrorBody](t, do(t, h, "POST", "/api/resolve?partial=1&dice=7", "application/yaml", crossbowsYAML), 400); e.Field != "dice" {
		t.Errorf("a 7 on a D6: %+v", e)
	}
}

// TestStagedRefereeRerolls: re-rolls ask for their dice at their stage
// (RULES.md 20.1): with failed hits re-rolled, the three misses of ten
// come back as a stage of three re-roll dice before the wounds.
func TestStagedRefereeRerolls(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	start := with(spearmenQuery(), "tab", "resolve", "staged", "1", "a0.reroll_hit", "failed")
	q, body := follow(t, h, with(start, "more", "6 6 6 6 5 4 4 1 2 3"))
	contains(t, "after the hits", body, "7 of 10 hit on 4&#43;", "Next: Attack group 1: to hit, re-rolls", "Roll 3 D6 dice")
	_, body = follow(t, h, with(q, "more", "4 1 6"))
	contains(t, "after the re-rolls", body, "Attack group 1: to hit, re-rolls: <span class=\"stage-summary\">2 of 3 hit on 4&#43;</span>", "Next: Attack group 1: to wound", "Roll 9 D6 dice")
}

// TestCombatPageFallback: past the state limit the Combat tab answers by
// Monte Carlo and says so.
func TestCombatPageFallback(t *testing.T) {
	h := testServer(t, Config{MaxStates: 5}).Handler()
	w := do(t, h, "GET", "/combat", "", "")
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body.String())
	}
	contains(t, "E120 past 5 states", w.Body.String(), "Warhammer Fantasy Battles, 8th edition, simulated, ", "Too many states to count exactly", `id="outcome-bar"`)
}

// TestPanicWording: the page says what rearrank resolve and odds say of a
// panic test, from the same functions (referee.Result.Outcome,
// rules.PanicLoss): in tow more than 25% must be lost, and a failed test
// flees or falls back by the unit's size (RULES.md 22.9); in whfb8 25% or
// more (12). a3 F10, a2 F13.
func TestPanicWording(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	tow := "/?ruleset=tow&a0.count=6&a0.phase=shooting&a0.strength=10&a0.no_saves=1&t.models=20&t.toughness=3&t.starting_models=30"
	w := do(t, h, "GET", tow+"&tab=resolve&dice=6,6,6,6,6,6", "", "")
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body.String())
	}
	body := html.UnescapeString(w.Body.String())
	contains(t, "tow referee", body, "Panic: the unit lost more than 25% this phase and must test; if it fails, it flees (14 of 30 models at deployment left).")
	if strings.Contains(body, "25% or more") {
		t.Errorf("tow referee says whfb8's 25%% or more")
	}
	w = do(t, h, "GET", tow+"&tab=odds", "", "")
	contains(t, "tow odds", html.UnescapeString(w.Body.String()), "more than 25% of the unit lost this phase")
	w = do(t, h, "GET", strings.Replace(tow, "ruleset=tow", "ruleset=whfb8", 1)+"&tab=odds", "", "")
	contains(t, "whfb8 odds", html.UnescapeString(w.Body.String()), "25% or more of the unit lost this phase")
}

// TestRefereeOverkill: the referee tab reports what an attack at the
// champion (a challenge) wastes on him as overkill, as resolve does: tow
// scores it (RULES.md 22.11, E167), whfb8 not (9.3).
func TestRefereeOverkill(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for _, tc := range []struct{ ruleset, want string }{
		{"tow", `<span id="tally-wasted">2 wasted: overkill, &#43;2 combat result in a challenge</span>`},
		{"whfb8", `<span id="tally-wasted">2 wasted: overkill in a challenge, not scored in whfb8 (rules 9.3)</span>`},
	} {
		q := url.Values{"ruleset": {tc.ruleset}, "tab": {"resolve"}, "a0.count": {"3"}, "a0.to_hit": {"auto"}, "a0.strength": {"10"},
			"a0.no_saves": {"1"}, "a0.target": {"champion"}, "t.models": {"8"}, "t.frontage": {"5"}, "t.toughness": {"3"},
			"t.musician": {"1"}, "t.standard": {"1"}, "t.champion": {"1"}, "dice": {"6,6,6"}}
		w := do(t, h, "GET", "/?"+q.Encode(), "", "")
		if w.Code != 200 {
			t.Fatalf("%s: status %d: %s", tc.ruleset, w.Code, w.Body.String())
		}
		contains(t, tc.ruleset+" referee", w.Body.String(), tc.want)
	}
}

// TestRefereeUnitStrength: the referee tab gives tow's Unit Strength and
// the models at deployment after the attacks, as resolve's After line and
// the JSON do (RULES.md 22.9, 22.10; Result.StrengthText); whfb8 has none.
// r2 N6.
func TestRefereeUnitStrength(t *testing.T) {
	h := testServer(t, Config{}).Handler()
	for _, tc := range []struct{ ruleset, want string }{
		{"tow", `; <span id="tally-strength">Unit Strength 14, 14 of 30 models at deployment left</span>.`},
		{"whfb8", ""},
	} {
		q := url.Values{"ruleset": {tc.ruleset}, "tab": {"resolve"}, "a0.count": {"6"}, "a0.phase": {"shooting"}, "a0.to_hit": {"auto"},
			"a0.strength": {"10"}, "a0.no_saves": {"1"}, "t.models": {"20"}, "t.toughness": {"3"}, "dice": {"6,6,6,6,6,6"}}
		if tc.ruleset == "tow" {
			q.Set("t.starting_models", "30")
		}
		w := do(t, h, "GET", "/?"+q.Encode(), "", "")
		if w.Code != 200 {
			t.Fatalf("%s: status %d: %s", tc.ruleset, w.Code, w.Body.String())
		}
		body := w.Body.String()
		if tc.want == "" {
			if strings.Contains(body, "tally-strength") || strings.Contains(body, "Unit Strength") {
				t.Errorf("whfb8 referee shows a Unit Strength")
			}
			continue
		}
		contains(t, tc.ruleset+" referee", body, tc.want)
		// stage by stage, the unit's strength waits for the last stage
		q.Set("dice", "6,6")
		if body := do(t, h, "GET", "/?"+q.Encode(), "", "").Body.String(); !strings.Contains(body, "so far") || strings.Contains(body, "tally-strength") {
			t.Errorf("tow referee, 2 dice of 6: want the tally so far, without the Unit Strength")
		}
	}
}
