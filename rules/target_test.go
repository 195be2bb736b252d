package rules

import (
	"testing"
)

func TestParseTarget(t *testing.T) {
	tests := []struct {
		in      string
		want    string
		wantErr bool
	}{
		{in: "4+", want: "4+"},
		{in: "4", want: "4+"},
		{in: " 5+ ", want: "5+"},
		{in: "7+", want: "7+"},
		{in: "10+", want: "10+"},
		{in: "0+", want: "0+"}, // a nominal 0+ (RULES.md 16.2 E21)
		{in: "1+", want: "1+"},
		{in: "-", want: "-"},
		{in: "", want: "-"},
		{in: "none", want: "-"},
		{in: "0", want: "-"}, // DESIGN.md: `regeneration: 0` is none
		{in: "11+", wantErr: true},
		{in: "-1+", wantErr: true},
		{in: "04+", wantErr: true},
		{in: "4++", wantErr: true},
		{in: "+4", wantErr: true},
		{in: "four", wantErr: true},
	}
	for _, tt := range tests {
		got, err := ParseTarget(tt.in)
		if tt.wantErr {
			if err == nil {
				t.Errorf("ParseTarget(%q) = %v, want an error", tt.in, got)
			}
			continue
		}
		if err != nil || got.String() != tt.want {
			t.Errorf("ParseTarget(%q) = %v, %v; want %s", tt.in, got, err, tt.want)
		}
	}
}

func TestTargetChance(t *testing.T) {
	// RULES.md 3: 2+ = 5/6, 3+ = 2/3, 4+ = 1/2, 5+ = 1/3, 6+ = 1/6, 7+ = 0;
	// the floor makes anything better than 2+ a 2+ (3+ for t9a special saves).
	tests := []struct {
		t      string
		floor  int
		sixths int
	}{
		{"0+", 1, 5}, {"1+", 1, 5}, {"2+", 1, 5}, {"3+", 1, 4}, {"4+", 1, 3}, {"5+", 1, 2}, {"6+", 1, 1}, {"7+", 1, 0}, {"-", 1, 0},
		{"1+", 2, 4}, {"2+", 2, 4}, {"3+", 2, 4}, {"6+", 2, 1},
	}
	for _, tt := range tests {
		target := MustParseTarget(tt.t)
		if got := target.Chance(tt.floor); got != tt.sixths {
			t.Errorf("%s floor %d: Chance %d, want %d", tt.t, tt.floor, got, tt.sixths)
		}
		wins := 0
		for face := 1; face <= 6; face++ {
			if target.Succeeds(face, tt.floor) {
				wins++
			}
		}
		if wins != tt.sixths {
			t.Errorf("%s floor %d: Succeeds on %d faces, Chance says %d", tt.t, tt.floor, wins, tt.sixths)
		}
	}
}

// FuzzParseTarget: no input panics, and a parsed Target survives
// String -> ParseTarget and MarshalText -> UnmarshalText unchanged.
func FuzzParseTarget(f *testing.F) {
	for _, s := range []string{"4+", "4", "-", "", "none", "0", "0+", "1+", "7+", "10+", "11+", "-1+", " 3+ ", "4++", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseTarget(s)
		if err != nil {
			return
		}
		again, err := ParseTarget(got.String())
		if err != nil || again != got {
			t.Fatalf("ParseTarget(%q) = %v, but ParseTarget(%q) = %v, %v", s, got, got.String(), again, err)
		}
		b, err := got.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var u Target
		if err := u.UnmarshalText(b); err != nil || u != got {
			t.Fatalf("text round trip of %v gave %v, %v", got, u, err)
		}
	})
}
