package rules

import (
	"testing"

	"pgregory.net/rapid"
)

func TestToWound(t *testing.T) {
	t9aTable := Options{ToWound: T9AToWound}
	tests := []struct {
		name     string
		rs       Ruleset
		s, t     int
		o        Options
		want     string
		num, den int // exact chance from Target.Chance with the natural-1 floor
	}{
		{name: "E07 S3 vs T3", rs: WHFB8, s: 3, t: 3, want: "4+", num: 1, den: 2},            // RULES.md 16.1
		{name: "E08 S4 vs T3", rs: WHFB8, s: 4, t: 3, want: "3+", num: 2, den: 3},            // RULES.md 16.1
		{name: "E09 S5 vs T3", rs: WHFB8, s: 5, t: 3, want: "2+", num: 5, den: 6},            // RULES.md 16.1
		{name: "E09 S10 vs T1", rs: WHFB8, s: 10, t: 1, want: "2+", num: 5, den: 6},          // RULES.md 16.1: natural 1 still fails
		{name: "E10 S3 vs T5", rs: WHFB8, s: 3, t: 5, want: "6+", num: 1, den: 6},            // RULES.md 16.1
		{name: "E10 S3 vs T6", rs: WHFB8, s: 3, t: 6, want: "6+", num: 1, den: 6},            // RULES.md 16.1
		{name: "E10 S3 vs T7", rs: WHFB8, s: 3, t: 7, want: "impossible", num: 0, den: 1},    // RULES.md 16.1
		{name: "E10 battleaxe S3 vs T7", rs: Battleaxe, s: 3, t: 7, want: "impossible"},      // RULES.md 16.1 (classic)
		{name: "E11 S3 vs Res7", rs: T9A, s: 3, t: 7, want: "6+", num: 1, den: 6},            // RULES.md 16.1
		{name: "E11 S1 vs Res10", rs: T9A, s: 1, t: 10, want: "6+", num: 1, den: 6},          // RULES.md 16.1
		{name: "E12 S2 vs T6", rs: Skirmish, s: 2, t: 6, want: "impossible", num: 0, den: 1}, // RULES.md 16.1
		{name: "E12 S3 vs T6", rs: Skirmish, s: 3, t: 6, want: "6+", num: 1, den: 6},         // RULES.md 16.1
		{name: "R36 t9a1-ru classic S3 vs T7", rs: T9A1RU, s: 3, t: 7, want: "impossible"},   // RULES.md 6.1
		{name: "R36 t9a1-ru t9a table", rs: T9A1RU, s: 3, t: 7, o: t9aTable, want: "6+"},     // RULES.md 6.1
		{name: "t9a table switch leaves whfb8 alone", rs: WHFB8, s: 3, t: 7, o: t9aTable, want: "impossible"},
		{name: "E86 S4 vs Res4", rs: T9A, s: 4, t: 4, want: "4+", num: 1, den: 2},     // RULES.md 16.7
		{name: "E85 S4 vs T3", rs: Battleaxe, s: 4, t: 3, want: "3+", num: 2, den: 3}, // RULES.md 16.7
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ToWound(tt.rs, tt.s, tt.t, tt.o)
			wantTarget(t, got, tt.want)
			if !got.Possible() && got.Value() != Impossible {
				t.Errorf("impossible to-wound has value %d, want %d", got.Value(), Impossible)
			}
			if tt.den != 0 {
				wantRat(t, "chance", chance(got, 1), frac(tt.num, tt.den))
			}
		})
	}
}

// The 6.1 table row by row: d = S - T from +5 down to -6.
func TestToWoundTable(t *testing.T) {
	classic := map[int]string{5: "2+", 2: "2+", 1: "3+", 0: "4+", -1: "5+", -2: "6+", -3: "6+", -4: "7+", -6: "7+"} // RULES.md 6.1
	t9a := map[int]string{5: "2+", 2: "2+", 1: "3+", 0: "4+", -1: "5+", -2: "6+", -3: "6+", -4: "6+", -6: "6+"}     // RULES.md 6.1
	for d, want := range classic {
		for _, rs := range []Ruleset{Battleaxe, WHFB8, Skirmish, T9A1RU} {
			if got := ToWound(rs, 4+d, 4, Options{}); got.String() != want {
				t.Errorf("%v d=%d: %v, want %s", rs, d, got, want)
			}
		}
	}
	for d, want := range t9a {
		if got := ToWound(T9A, 4+d, 4, Options{}); got.String() != want {
			t.Errorf("t9a d=%d: %v, want %s", d, got, want)
		}
		if got := ToWound(T9A1RU, 4+d, 4, Options{ToWound: T9AToWound}); got.String() != want {
			t.Errorf("t9a1-ru to_wound=t9a d=%d: %v, want %s", d, got, want)
		}
	}
}

// Property: the to-wound need never gets worse as S rises and never gets
// better as T rises (RULES.md 6.1).
func TestToWoundMonotone(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rs := rapid.SampledFrom(Rulesets()).Draw(t, "rs")
		o := Options{ToWound: ToWoundTable(rapid.IntRange(0, 1).Draw(t, "to_wound"))}
		s := rapid.IntRange(0, 12).Draw(t, "s")
		tough := rapid.IntRange(0, 12).Draw(t, "t")
		ds := rapid.IntRange(0, 6).Draw(t, "ds")
		dt := rapid.IntRange(0, 6).Draw(t, "dt")
		base := ToWound(rs, s, tough, o).Value()
		if stronger := ToWound(rs, s+ds, tough, o).Value(); stronger > base {
			t.Fatalf("S%d vs T%d needs %d+, but S%d needs %d+", s, tough, base, s+ds, stronger)
		}
		if tougher := ToWound(rs, s, tough+dt, o).Value(); tougher < base {
			t.Fatalf("S%d vs T%d needs %d+, but T%d needs %d+", s, tough, base, tough+dt, tougher)
		}
	})
}
