package rules

import (
	"testing"
)

func TestSpecialSave(t *testing.T) {
	n := MustParseTarget
	tests := []struct {
		name     string
		rs       Ruleset
		s        SpecialSaves
		c        SaveContext
		o        Options
		want     string
		kind     SpecialKind
		num, den int // chance to save, with SpecialFloor; 0/0 when not given
	}{
		{name: "E30 ward 5+", rs: Battleaxe, s: SpecialSaves{Ward: n("5+")}, want: "5+", kind: Ward, num: 1, den: 3},                                                                                                       // RULES.md 16.3
		{name: "E31 wards 5+ and 4+: one roll at 4+", rs: Battleaxe, s: SpecialSaves{Ward: BestWard(n("5+"), n("4+"))}, want: "4+", kind: Ward, num: 1, den: 2},                                                            // RULES.md 16.3
		{name: "E32 ward 6+ after an impossible armour save", rs: Battleaxe, s: SpecialSaves{Ward: n("6+")}, want: "6+", kind: Ward, num: 1, den: 6},                                                                       // RULES.md 16.3
		{name: "E33 ward 1+ fails on a 1", rs: Battleaxe, s: SpecialSaves{Ward: n("1+")}, want: "1+", kind: Ward, num: 5, den: 6},                                                                                          // RULES.md 16.3
		{name: "E34 Aegis 4+ and Regeneration 5+", rs: T9A, s: SpecialSaves{Aegis: n("4+"), Regeneration: n("5+")}, want: "4+", kind: Aegis, num: 1, den: 2},                                                               // RULES.md 16.3
		{name: "E35 Aegis 2+: natural 1-2 fail", rs: T9A, s: SpecialSaves{Aegis: n("2+")}, want: "2+", kind: Aegis, num: 2, den: 3},                                                                                        // RULES.md 16.3, R16
		{name: "E36 Regeneration 4+ and Aegis 6+ vs Flaming", rs: T9A, s: SpecialSaves{Aegis: n("6+"), Regeneration: n("4+")}, c: SaveContext{Flaming: true}, want: "6+", kind: Aegis, num: 1, den: 6},                     // RULES.md 16.3
		{name: "E37 Regeneration 4+ vs Lethal Strike natural 6", rs: T9A, s: SpecialSaves{Regeneration: n("4+")}, c: SaveContext{LethalSix: true}, want: "-", kind: NoSpecial, num: 0, den: 1},                             // RULES.md 16.3, 19.3
		{name: "E38 Aegis 5+", rs: T9A, s: SpecialSaves{Aegis: n("5+")}, want: "5+", kind: Aegis, num: 1, den: 3},                                                                                                          // RULES.md 16.3
		{name: "E39 ward 5+ and Regeneration 4+", rs: T9A1RU, s: SpecialSaves{Ward: n("5+"), Regeneration: n("4+")}, want: "4+", kind: Regeneration, num: 1, den: 2},                                                       // RULES.md 16.3
		{name: "E39 same vs Flaming", rs: T9A1RU, s: SpecialSaves{Ward: n("5+"), Regeneration: n("4+")}, c: SaveContext{Flaming: true}, want: "5+", kind: Ward, num: 1, den: 3},                                            // RULES.md 16.3
		{name: "8.3 regen_vs_flaming allowed", rs: T9A1RU, s: SpecialSaves{Ward: n("5+"), Regeneration: n("4+")}, c: SaveContext{Flaming: true}, o: Options{RegenVsFlaming: RegenAllowed}, want: "4+", kind: Regeneration}, // RULES.md 18
		{name: "8.3 regen_vs_flaming is t9a1-ru only", rs: T9A, s: SpecialSaves{Regeneration: n("4+")}, c: SaveContext{Flaming: true}, o: Options{RegenVsFlaming: RegenAllowed}, want: "-", kind: NoSpecial},               // RULES.md 8.2
		{name: "19.3 t9a1-ru Lethal Strike forbids Regeneration", rs: T9A1RU, s: SpecialSaves{Ward: n("6+"), Regeneration: n("4+")}, c: SaveContext{LethalSix: true}, want: "6+", kind: Ward},                              // RULES.md 19.3
		{name: "19.3 whfb8 Lethal Strike does not touch Regeneration", rs: WHFB8, s: SpecialSaves{Regeneration: n("4+")}, c: SaveContext{LethalSix: true}, want: "4+", kind: Regeneration},
		{name: "8.1 whfb8 Regeneration not vs Flaming", rs: WHFB8, s: SpecialSaves{Ward: n("6+"), Regeneration: n("4+")}, c: SaveContext{Flaming: true}, want: "6+", kind: Ward},     // RULES.md 8.1
		{name: "8.1 whfb8 better of ward and Regeneration", rs: WHFB8, s: SpecialSaves{Ward: n("6+"), Regeneration: n("4+")}, want: "4+", kind: Regeneration},                        // RULES.md 8.1
		{name: "battleaxe Regeneration as whfb8, not vs Flaming", rs: Battleaxe, s: SpecialSaves{Regeneration: n("5+")}, c: SaveContext{Flaming: true}, want: "-", kind: NoSpecial},  // RULES.md 2, DESIGN
		{name: "19.3 whfb8 Regeneration lost this phase", rs: WHFB8, s: SpecialSaves{Ward: n("6+"), Regeneration: n("4+")}, c: SaveContext{RegenLost: true}, want: "6+", kind: Ward}, // RULES.md 19.3
		{name: "19.3 no_saves skips the ward", rs: Battleaxe, s: SpecialSaves{Ward: n("4+")}, c: SaveContext{NoSaves: true}, want: "-", kind: NoSpecial},                             // RULES.md 19.3
		{name: "C23 tie goes to Aegis", rs: T9A, s: SpecialSaves{Aegis: n("4+"), Regeneration: n("4+")}, want: "4+", kind: Aegis},                                                    // RULES.md 19.4
		{name: "C23 tie after the floor goes to Aegis", rs: T9A, s: SpecialSaves{Aegis: n("3+"), Regeneration: n("2+")}, want: "3+", kind: Aegis},                                    // RULES.md 19.4, R16
		{name: "ward beats Regeneration on a tie", rs: WHFB8, s: SpecialSaves{Ward: n("5+"), Regeneration: n("5+")}, want: "5+", kind: Ward},
		{name: "an impossible save is no save", rs: WHFB8, s: SpecialSaves{Ward: n("7+")}, want: "-", kind: NoSpecial},
		{name: "skirmish generic hook", rs: Skirmish, s: SpecialSaves{Ward: n("5+")}, want: "5+", kind: Ward, num: 1, den: 3}, // RULES.md 8.4
		{name: "no special saves", rs: T9A, want: "-", kind: NoSpecial, num: 0, den: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, kind := SpecialSave(tt.rs, tt.s, tt.c, tt.o)
			if got.String() != tt.want || kind != tt.kind {
				t.Errorf("SpecialSave = %v %v, want %s %v", got, kind, tt.want, tt.kind)
			}
			if tt.den != 0 {
				wantRat(t, "chance", chance(got, SpecialFloor(tt.rs)), frac(tt.num, tt.den))
			}
		})
	}
}

// Whole armour-then-special chains of RULES.md 16.3: the chance that a wound
// stands is (1 - P_armour)(1 - P_special) (RULES.md 8).
func TestArmourThenSpecial(t *testing.T) {
	n := MustParseTarget
	tests := []struct {
		name     string
		rs       Ruleset
		p        SaveProfile
		pen      Penetration
		s        SpecialSaves
		c        SaveContext
		num, den int // chance the wound stands
	}{
		{name: "E30 light armour and shield, ward 5+, S4", rs: Battleaxe, p: SaveProfile{Armour: LightArmour, Shield: true}, pen: Penetration{Strength: 4}, s: SpecialSaves{Ward: n("5+")}, num: 5, den: 9}, // RULES.md 16.3
		{name: "E32 light armour, ward 6+, S6", rs: Battleaxe, p: SaveProfile{Armour: LightArmour}, pen: Penetration{Strength: 6}, s: SpecialSaves{Ward: n("6+")}, num: 5, den: 6},                          // RULES.md 16.3
		{name: "E38 Arm 4 AP1, Aegis 5+", rs: T9A, p: SaveProfile{ArmourValue: 4}, pen: Penetration{AP: 1}, s: SpecialSaves{Aegis: n("5+")}, num: 1, den: 3},                                                // RULES.md 16.3
		{name: "E36 Arm 0, Regeneration 4+ and Aegis 6+, Flaming", rs: T9A, s: SpecialSaves{Aegis: n("6+"), Regeneration: n("4+")}, c: SaveContext{Flaming: true}, num: 5, den: 6},                          // RULES.md 16.3
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			armour := ArmourSave(tt.rs, tt.p, Infantry, tt.pen, Options{})
			special, _ := SpecialSave(tt.rs, tt.s, tt.c, Options{})
			got := mul(fail(chance(armour, ArmourFloor(tt.rs))), fail(chance(special, SpecialFloor(tt.rs))))
			wantRat(t, "wound stands", got, frac(tt.num, tt.den))
		})
	}
}

func TestSpecialSaveOptions(t *testing.T) {
	n := MustParseTarget
	got := SpecialSaveOptions(T9A, SpecialSaves{Aegis: n("5+"), Ward: n("6+"), Regeneration: n("3+")}, SaveContext{}, Options{})
	want := []SpecialChoice{{Regeneration, n("3+")}, {Aegis, n("5+")}, {Ward, n("6+")}}
	if len(got) != len(want) {
		t.Fatalf("SpecialSaveOptions = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("option %d = %v, want %v", i, got[i], want[i])
		}
	}
	if e := (SpecialChoice{Aegis, n("2+")}).Effective(T9A); e != 3 { // RULES.md 8.2, R16
		t.Errorf("t9a Aegis 2+ effective %d, want 3", e)
	}
	if e := (SpecialChoice{Ward, n("1+")}).Effective(WHFB8); e != 2 { // RULES.md 8.1, E33
		t.Errorf("whfb8 ward 1+ effective %d, want 2", e)
	}
}

func TestSpecialFloor(t *testing.T) {
	for _, rs := range Rulesets() {
		want := 1
		if rs == T9A { // RULES.md 8.2
			want = 2
		}
		if got := SpecialFloor(rs); got != want {
			t.Errorf("SpecialFloor(%v) = %d, want %d", rs, got, want)
		}
	}
}

func TestBestWard(t *testing.T) {
	n := MustParseTarget
	tests := []struct {
		in   []Target
		want string
	}{
		{nil, "-"},
		{[]Target{None}, "-"},
		{[]Target{n("5+"), n("4+")}, "4+"}, // RULES.md 16.3 E31
		{[]Target{None, n("6+")}, "6+"},
		{[]Target{n("1+"), n("2+")}, "1+"},
	}
	for _, tt := range tests {
		if got := BestWard(tt.in...); got.String() != tt.want {
			t.Errorf("BestWard(%v) = %v, want %s", tt.in, got, tt.want)
		}
	}
}

// "Regeneration (+k)" of RULES.md 8.2.
func TestRegenerationPlus(t *testing.T) {
	n := MustParseTarget
	tests := []struct {
		r    Target
		k    int
		want string
	}{
		{n("5+"), 1, "4+"},
		{n("4+"), 2, "3+"}, // not past 3+
		{n("2+"), 1, "2+"}, // already better than 3+: kept
		{None, 1, "6+"},    // gains Regeneration (7-k)+
		{None, 2, "5+"},
		{None, 5, "3+"},
	}
	for _, tt := range tests {
		if got := RegenerationPlus(tt.r, tt.k); got.String() != tt.want {
			t.Errorf("RegenerationPlus(%v, %d) = %v, want %s", tt.r, tt.k, got, tt.want)
		}
	}
}
