package dice_test

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rearrank/rearrank/dice"
)

func TestParseExpr(t *testing.T) {
	tests := []struct {
		in               string
		want             string // canonical String
		n, sides, mod    int
		isConst, isZero  bool
		constV, min, max int
	}{
		// The forms the games write (DESIGN.md scenario file, RULES.md 9.2).
		{in: "0", want: "0", isConst: true, isZero: true},
		{in: "", want: "0", isConst: true, isZero: true},
		{in: "   ", want: "0", isConst: true, isZero: true},
		{in: "3", want: "3", mod: 3, isConst: true, constV: 3, min: 3, max: 3},
		{in: "100", want: "100", mod: 100, isConst: true, constV: 100, min: 100, max: 100},
		{in: "1000", want: "1000", mod: 1000, isConst: true, constV: 1000, min: 1000, max: 1000},
		{in: "007", want: "7", mod: 7, isConst: true, constV: 7, min: 7, max: 7},
		// Leading zeros are part of a number everywhere, as in 007 (the
		// scenario parser used to refuse these; issue 8, point 6).
		{in: "0001D6", want: "D6", n: 1, sides: 6, min: 1, max: 6},
		{in: "D006", want: "D6", n: 1, sides: 6, min: 1, max: 6},
		{in: "02D6+001", want: "2D6+1", n: 2, sides: 6, mod: 1, min: 3, max: 13},
		{in: "D3", want: "D3", n: 1, sides: 3, min: 1, max: 3},
		{in: "D6", want: "D6", n: 1, sides: 6, min: 1, max: 6},
		{in: "2D6", want: "2D6", n: 2, sides: 6, min: 2, max: 12},
		{in: "2D3", want: "2D3", n: 2, sides: 3, min: 2, max: 6},
		{in: "D3+1", want: "D3+1", n: 1, sides: 3, mod: 1, min: 2, max: 4},
		{in: "D6+1", want: "D6+1", n: 1, sides: 6, mod: 1, min: 2, max: 7},
		{in: "2D6-1", want: "2D6-1", n: 2, sides: 6, mod: -1, min: 1, max: 11},
		// Accepted spellings, printed canonically.
		{in: "d6", want: "D6", n: 1, sides: 6, min: 1, max: 6},
		{in: "2d3", want: "2D3", n: 2, sides: 3, min: 2, max: 6},
		{in: "1D6", want: "D6", n: 1, sides: 6, min: 1, max: 6},
		{in: "D6+0", want: "D6", n: 1, sides: 6, min: 1, max: 6},
		{in: "D6-0", want: "D6", n: 1, sides: 6, min: 1, max: 6},
		{in: "D6 + 1", want: "D6+1", n: 1, sides: 6, mod: 1, min: 2, max: 7},
		{in: "D6+ 1", want: "D6+1", n: 1, sides: 6, mod: 1, min: 2, max: 7},
		{in: " 2D6 -1 ", want: "2D6-1", n: 2, sides: 6, mod: -1, min: 1, max: 11},
		{in: "\t2d6\t-\t1", want: "2D6-1", n: 2, sides: 6, mod: -1, min: 1, max: 11},
		// Limits, and the floor at 0.
		{in: "10D6+10", want: "10D6+10", n: 10, sides: 6, mod: 10, min: 20, max: 70},
		{in: "10D3-10", want: "10D3-10", n: 10, sides: 3, mod: -10, min: 0, max: 20},
		{in: "D3-2", want: "D3-2", n: 1, sides: 3, mod: -2, min: 0, max: 1},
		{in: "D6-10", want: "D6-10", n: 1, sides: 6, mod: -10, min: 0, max: 0},
	}
	for _, tt := range tests {
		e, err := dice.ParseExpr(tt.in)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", tt.in, err)
			continue
		}
		if got := e.String(); got != tt.want {
			t.Errorf("ParseExpr(%q).String() = %q, want %q", tt.in, got, tt.want)
		}
		if n, sides := e.Dice(); n != tt.n || sides != tt.sides {
			t.Errorf("ParseExpr(%q).Dice() = %d, %d, want %d, %d", tt.in, n, sides, tt.n, tt.sides)
		}
		if got := e.Modifier(); got != tt.mod {
			t.Errorf("ParseExpr(%q).Modifier() = %d, want %d", tt.in, got, tt.mod)
		}
		if c, ok := e.Const(); ok != tt.isConst || c != tt.constV {
			t.Errorf("ParseExpr(%q).Const() = %d, %t, want %d, %t", tt.in, c, ok, tt.constV, tt.isConst)
		}
		if got := e.IsZero(); got != tt.isZero {
			t.Errorf("ParseExpr(%q).IsZero() = %t, want %t", tt.in, got, tt.isZero)
		}
		if e.Min() != tt.min || e.Max() != tt.max {
			t.Errorf("ParseExpr(%q) Min, Max = %d, %d, want %d, %d", tt.in, e.Min(), e.Max(), tt.min, tt.max)
		}
		if again := dice.MustParseExpr(e.String()); again != e {
			t.Errorf("ParseExpr(%q): String %q parses to %v", tt.in, e.String(), again)
		}
	}
}

func TestParseExprErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"D", `dice expression "D": want the number of sides after D, found ""`},
		{"3D", `"3D": want the number of sides after D`},
		{"D 6", `want the number of sides after D, found " 6"`},
		{"0D6", `"0D6": count of dice 0: want 1 to 10`},
		{"11D6", `"11D6": count of dice 11: want 1 to 10`},
		{"99999999999999999999D6", `count of dice 99999999999999999999: want 1 to 10`},
		{"D6+", `"D6+": want a number after '+', found ""`},
		{"D6++1", `"D6++1": want a number after '+', found "+1"`},
		{"D6-+1", `want a number after '-', found "+1"`},
		{"D6+11", `"D6+11": modifier +11: want -10 to +10`},
		{"D6-11", `modifier -11: want -10 to +10`},
		{"D6+99999999999999999999", `modifier +99999999999999999999: want -10 to +10`},
		{"D6+1-1", `unexpected "-1" after the modifier`},
		{"D6+1x", `unexpected "x" after the modifier`},
		{"-D6", `"-D6": want a number or D, found "-D6"`},
		{"-1", `want a number or D, found "-1"`},
		{"+3", `want a number or D, found "+3"`},
		{"D0", `"D0": want D3 or D6 dice`},
		{"D2", `"D2": want D3 or D6 dice`},
		{"D7", `dice expression "D7": want D3 or D6 dice`},
		{"2D20+1", `"2D20+1": want D3 or D6 dice`},
		{"D99999999999999999999", `"D99999999999999999999": want D3 or D6 dice`},
		{"1001", `"1001": constant 1001: want 0 to 1000`},
		{"99999999999999999999", `constant 99999999999999999999: want 0 to 1000`},
		{"3+2", `a constant takes no modifier, found "+2" after 3`},
		// Spaces only at the ends and around the sign: never inside a
		// number, nor between the count, the D and the sides, so that
		// "1 0" cannot pass as 10 (the scenario parser used to join them).
		{"2 D6", `unexpected "D6" after 2`},
		{"1 0", `unexpected "0" after 1`},
		{"D6 1", `unexpected "1" after D6`},
		{"D6x", `unexpected "x" after D6: want + or - and a modifier`},
		{"2D6*2", `unexpected "*2" after D6`},
		{"D3 1", `unexpected "1" after D3`},
		{"x", `want a number or D, found "x"`},
		{"D6\n", `unexpected "\n" after D6`},
		{"\x00", `unexpected "\x00"`},
		{"D６", `want the number of sides after D`},
	}
	for _, tt := range tests {
		e, err := dice.ParseExpr(tt.in)
		if err == nil {
			t.Errorf("ParseExpr(%q) = %v, want error containing %q", tt.in, e, tt.want)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseExpr(%q) error %q, want it to contain %q", tt.in, err, tt.want)
		}
		if !e.IsZero() {
			t.Errorf("ParseExpr(%q) with error returned %v, want the zero Expr", tt.in, e)
		}
	}
}

func TestMustParseExprPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustParseExpr(\"D7\") did not panic")
		}
	}()
	dice.MustParseExpr("D7")
}

func TestExprFrom(t *testing.T) {
	good := []struct {
		n, sides, mod int
		want          string
	}{
		{0, 0, 0, "0"},
		{0, 0, 100, "100"},
		{1, 3, 0, "D3"},
		{2, 6, -1, "2D6-1"},
		{10, 6, 10, "10D6+10"},
	}
	for _, tt := range good {
		e, err := dice.ExprFrom(tt.n, tt.sides, tt.mod)
		if err != nil || e.String() != tt.want {
			t.Errorf("ExprFrom(%d, %d, %d) = %v, %v, want %s", tt.n, tt.sides, tt.mod, e, err, tt.want)
		}
		if e != dice.MustParseExpr(tt.want) {
			t.Errorf("ExprFrom(%d, %d, %d) != MustParseExpr(%q)", tt.n, tt.sides, tt.mod, tt.want)
		}
	}
	bad := []struct {
		n, sides, mod int
		want          string
	}{
		{0, 6, 0, "count of dice 0: want 1 to 10"},
		{0, 0, -1, "constant -1: want 0 to 1000"},
		{0, 0, 1001, "constant 1001: want 0 to 1000"},
		{-1, 6, 0, "count of dice -1: want 1 to 10"},
		{11, 6, 0, "count of dice 11: want 1 to 10"},
		{1, 4, 0, "want D3 or D6 dice"},
		{1, 0, 0, "want D3 or D6 dice"},
		{1, 6, 11, "modifier +11: want -10 to +10"},
		{1, 6, -11, "modifier -11: want -10 to +10"},
	}
	for _, tt := range bad {
		_, err := dice.ExprFrom(tt.n, tt.sides, tt.mod)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ExprFrom(%d, %d, %d) error %v, want it to contain %q", tt.n, tt.sides, tt.mod, err, tt.want)
		}
	}
	if got := dice.ConstExpr(2); got != dice.MustParseExpr("2") {
		t.Errorf("ConstExpr(2) = %v, want 2", got)
	}
}

// CountExpr holds the counts the program works out beyond MaxConst (a
// horde of 101 models of A10 makes 1,010 attacks at one step), while
// ParseExpr and ConstExpr keep the limit for what a person writes.
func TestCountExpr(t *testing.T) {
	for _, c := range []int{0, 20, dice.MaxConst, dice.MaxConst + 1, 1010, dice.MaxCount} {
		e, err := dice.CountExpr(c)
		if err != nil {
			t.Fatalf("CountExpr(%d): %v", c, err)
		}
		if v, ok := e.Const(); !ok || v != c || e.Min() != c || e.Max() != c {
			t.Errorf("CountExpr(%d): Const %d %v, Min %d, Max %d, want %d", c, v, ok, e.Min(), e.Max(), c)
		}
		if got := e.Roll(nil); got != c {
			t.Errorf("CountExpr(%d).Roll = %d", c, got)
		}
		if d := e.Dist(); d.Min != c || d.Len() != 1 {
			t.Errorf("CountExpr(%d).Dist = %v, want the point %d", c, d, c)
		}
		if c <= dice.MaxConst && e != dice.ConstExpr(c) {
			t.Errorf("CountExpr(%d) = %#v, want ConstExpr's %#v", c, e, dice.ConstExpr(c))
		}
	}
	for _, c := range []int{-1, dice.MaxCount + 1, 1 << 20} {
		if _, err := dice.CountExpr(c); err == nil || !strings.Contains(err.Error(), "want 0 to 32767") {
			t.Errorf("CountExpr(%d) error %v, want one saying 0 to 32767", c, err)
		}
	}
	if _, err := dice.ParseExpr("1010"); err == nil {
		t.Error(`ParseExpr("1010") passed: a person's constant stays within MaxConst`)
	}
}

func TestExprComparable(t *testing.T) {
	// One value per meaning, whatever the spelling, so == and map keys work.
	seen := map[dice.Expr]string{}
	for _, s := range []string{"D6", "d6", "1D6", "1d6", "D6+0", " D6 "} {
		seen[dice.MustParseExpr(s)] += s + ";"
	}
	if len(seen) != 1 {
		t.Errorf("spellings of D6 gave %d distinct values: %v", len(seen), seen)
	}
	if (dice.Expr{}) != dice.MustParseExpr("0") || (dice.Expr{}) != dice.MustParseExpr("") {
		t.Error(`the zero Expr differs from ParseExpr("0") or ParseExpr("")`)
	}
	if dice.MustParseExpr("D3") == dice.MustParseExpr("D6") || dice.MustParseExpr("3") == dice.MustParseExpr("D3") {
		t.Error("different expressions compare equal")
	}
}

func TestExprRoll(t *testing.T) {
	tests := []struct {
		expr  string
		faces []int
		want  int
	}{
		{"3", nil, 3},
		{"0", nil, 0},
		{"D3", []int{2}, 2},
		{"D6+1", []int{6}, 7},
		{"2D6-1", []int{3, 4}, 6},
		{"2D3", []int{3, 3}, 6},
		{"D3-2", []int{1}, 0}, // floored at 0, not -1
		{"D3-2", []int{3}, 1},
	}
	for _, tt := range tests {
		s := dice.NewScripted(tt.faces...)
		if got := dice.MustParseExpr(tt.expr).Roll(s); got != tt.want || s.Err() != nil || s.Remaining() != 0 {
			t.Errorf("%s.Roll(faces %v) = %d (err %v, %d faces left), want %d and every face used",
				tt.expr, tt.faces, got, s.Err(), s.Remaining(), tt.want)
		}
		s = dice.NewScripted(tt.faces...)
		if got, err := dice.MustParseExpr(tt.expr).Ask(s, "test"); got != tt.want || err != nil {
			t.Errorf("%s.Ask(faces %v) = %d, %v, want %d", tt.expr, tt.faces, got, err, tt.want)
		}
	}
}

func TestExprAskSaysWhichDie(t *testing.T) {
	tests := []struct {
		expr, what string
		faces      []int
		want       string
	}{
		{"2D6", "attacks", []int{3}, "die 2 (attacks, 2D6 die 2 of 2): out of dice: 1 given"},
		{"D3", "multiple wounds", nil, "die 1 (multiple wounds, D3): out of dice: 0 given"},
		{"D3+1", "", []int{4}, "die 1 (D3+1): bad face 4 on a D3"},
	}
	for _, tt := range tests {
		_, err := dice.MustParseExpr(tt.expr).Ask(dice.NewScripted(tt.faces...), tt.what)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s.Ask(faces %v, %q) error %v, want %q", tt.expr, tt.faces, tt.what, err, tt.want)
		}
	}
}

func TestExprText(t *testing.T) {
	e := dice.MustParseExpr("2d6 - 1")
	b, err := e.MarshalText()
	if err != nil || string(b) != "2D6-1" {
		t.Errorf("MarshalText = %q, %v, want 2D6-1", b, err)
	}
	if b, _ := e.AppendText([]byte("n=")); string(b) != "n=2D6-1" {
		t.Errorf("AppendText = %q, want n=2D6-1", b)
	}
	var back dice.Expr
	if err := back.UnmarshalText(b); err != nil || back != e {
		t.Errorf("UnmarshalText(%q) = %v, %v, want %v", b, back, err, e)
	}
	if err := back.UnmarshalText([]byte("D7")); err == nil || back != e {
		t.Errorf("UnmarshalText(D7) = %v, %v, want an error and the value unchanged", back, err)
	}

	// Scenario files write counts as numbers or as strings (DESIGN.md, "count:
	// integer or dice expression").
	type attack struct {
		Count dice.Expr `json:"count"`
		MW    dice.Expr `json:"multiple_wounds"`
	}
	var a attack
	if err := json.Unmarshal([]byte(`{"count": 20, "multiple_wounds": "D3+1"}`), &a); err != nil {
		t.Fatal(err)
	}
	want := attack{Count: dice.ConstExpr(20), MW: dice.MustParseExpr("D3+1")}
	if a != want {
		t.Errorf("json.Unmarshal = %v, want %v", a, want)
	}
	out, err := json.Marshal(a)
	if err != nil || string(out) != `{"count":"20","multiple_wounds":"D3+1"}` {
		t.Errorf("json.Marshal = %s, %v", out, err)
	}
	a = want
	if err := json.Unmarshal([]byte(`{"count": null, "multiple_wounds": ""}`), &a); err != nil ||
		a != (attack{Count: dice.ConstExpr(20)}) {
		t.Errorf(`json.Unmarshal null and "" = %v, %v, want count kept and multiple_wounds 0`, a, err)
	}
	for _, in := range []string{`{"count": -1}`, `{"count": 2.5}`, `{"count": "2D7"}`, `{"count": true}`} {
		if err := json.Unmarshal([]byte(in), &a); err == nil || !strings.Contains(err.Error(), "dice expression") {
			t.Errorf("json.Unmarshal(%s) error %v, want a dice expression error", in, err)
		}
	}
}

// rat parses "a/b" for expected probabilities.
func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("bad rational " + s)
	}
	return r
}

func TestExprDist(t *testing.T) {
	// Probabilities by counting faces: a die shows each face once in sides,
	// and two D6 make 36 equally likely pairs, six of which sum to 7.
	probs := []struct {
		expr string
		v    int
		want string
	}{
		{"D3", 1, "1/3"}, {"D3", 2, "1/3"}, {"D3", 3, "1/3"}, {"D3", 0, "0"}, {"D3", 4, "0"},
		{"D6", 6, "1/6"},
		{"2D6", 7, "6/36"}, {"2D6", 2, "1/36"}, {"2D6", 12, "1/36"}, {"2D6", 1, "0"},
		{"2D3", 4, "3/9"},
		{"D3-2", 0, "2/3"}, {"D3-2", 1, "1/3"}, // 1 and 2 both floor to 0
		{"3", 3, "1"}, {"0", 0, "1"}, {"3", 2, "0"},
	}
	for _, tt := range probs {
		if got := dice.MustParseExpr(tt.expr).Dist().P(tt.v); got.Cmp(rat(tt.want)) != 0 {
			t.Errorf("%s: P(%d) = %s, want %s", tt.expr, tt.v, got.RatString(), tt.want)
		}
	}

	// Means: a die averages (sides+1)/2, so D6 is 7/2 and D3 is 2, the values
	// RULES.md E49 builds on; a sum of dice adds the means.
	means := []struct{ expr, want string }{
		{"D3", "2"},
		{"D6", "7/2"},
		{"D6+1", "9/2"},
		{"2D3", "4"},
		{"2D6", "7"},
		{"2D6-1", "6"},
		{"D3+1", "3"},
		{"D3-2", "1/3"}, // not 0: the floor at 0 lifts it
		{"5", "5"},
	}
	for _, tt := range means {
		if got := dice.MustParseExpr(tt.expr).Dist().Mean(); got.Cmp(rat(tt.want)) != 0 {
			t.Errorf("%s: Mean = %s, want %s", tt.expr, got.RatString(), tt.want)
		}
	}

	// The whole 2D6 table: the triangle 1..6..1 over 36.
	want2D6 := dice.Dist{Min: 2, Weights: []uint64{1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}, Total: 36}
	if diff := cmp.Diff(want2D6, dice.MustParseExpr("2D6").Dist()); diff != "" {
		t.Errorf("2D6 Dist (-want +got):\n%s", diff)
	}
}

func TestE49MultipleWoundsCappedByWounds(t *testing.T) {
	// RULES.md E49 (whfb8, 9.2): an unsaved packet does min(k, W) wounds.
	tests := []struct {
		name  string
		expr  string
		w     int
		wantM string
	}{
		{"MW(D6) against W3", "D6", 3, "5/2"},
		{"MW(D3) against W3", "D3", 3, "2"},
		{"MW(D6) against W2", "D6", 2, "11/6"},
		{"MW(D3) against W2", "D3", 2, "5/3"},
	}
	for _, tt := range tests {
		d := dice.MustParseExpr(tt.expr).Dist().Map(func(v int) int { return min(v, tt.w) })
		if got := d.Mean(); got.Cmp(rat(tt.wantM)) != 0 {
			t.Errorf("%s: mean %s, want %s (RULES.md E49)", tt.name, got.RatString(), tt.wantM)
		}
	}
}

// rollEvery rolls e once for every sequence of faces its dice can show, with
// a Scripted roller, and counts the results: the enumerating reader, by brute
// force. Dist must agree with it exactly.
func rollEvery(t *testing.T, e dice.Expr) dice.Dist {
	t.Helper()
	n, sides := e.Dice()
	faces := make([]int, n)
	for i := range faces {
		faces[i] = 1
	}
	counts := map[int]uint64{}
	var total uint64
	for {
		s := dice.NewScripted(faces...)
		counts[e.Roll(s)]++
		total++
		if s.Err() != nil || s.Remaining() != 0 {
			t.Fatalf("%v with faces %v: err %v, %d faces left", e, faces, s.Err(), s.Remaining())
		}
		i := 0 // odometer step
		for i < n && faces[i] == sides {
			faces[i] = 1
			i++
		}
		if i == n {
			break
		}
		faces[i]++
	}
	d := dice.Dist{Min: e.Min(), Weights: make([]uint64, e.Max()-e.Min()+1), Total: total}
	for v, c := range counts {
		d.Weights[v-d.Min] = c
	}
	return d
}

func TestExprDistEqualsRollingEveryFace(t *testing.T) {
	checked := 0
	for n := 0; n <= dice.MaxDice; n++ {
		for _, sides := range []int{3, 6} {
			if n == 0 || (sides == 6 && n > 5) {
				continue // 6^6 and up: the rapid test covers Total for those
			}
			for mod := -dice.MaxModifier; mod <= dice.MaxModifier; mod++ {
				e, err := dice.ExprFrom(n, sides, mod)
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(rollEvery(t, e), e.Dist()); diff != "" {
					t.Errorf("%v: Dist differs from rolling every face (-rolled +Dist):\n%s", e, diff)
				}
				checked++
			}
		}
	}
	for c := 0; c <= dice.MaxConst; c++ {
		e := dice.ConstExpr(c)
		if diff := cmp.Diff(rollEvery(t, e), e.Dist()); diff != "" {
			t.Errorf("%v: Dist differs from rolling (-rolled +Dist):\n%s", e, diff)
		}
		checked++
	}
	// 10 D3 counts and 5 D6 counts, 21 modifiers each, and 1001 constants.
	if want := 15*21 + 1001; checked != want {
		t.Errorf("checked %d expressions, want %d", checked, want)
	}
}
