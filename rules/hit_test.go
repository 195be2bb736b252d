package rules

import (
	"fmt"
	"testing"
)

func TestMeleeToHit(t *testing.T) {
	tests := []struct {
		name         string
		rs           Ruleset
		ws, targetWS int
		legacy       bool
		want         string
		num, den     int // exact hit chance; 0/0 when the example gives none
	}{
		{name: "E01 WS4 vs WS3", rs: WHFB8, ws: 4, targetWS: 3, want: "3+", num: 2, den: 3},             // RULES.md 16.1
		{name: "E01 WS3 vs WS3", rs: WHFB8, ws: 3, targetWS: 3, want: "4+", num: 1, den: 2},             // RULES.md 16.1
		{name: "E01 WS3 vs WS6", rs: WHFB8, ws: 3, targetWS: 6, want: "4+"},                             // RULES.md 16.1
		{name: "E01 WS3 vs WS7", rs: WHFB8, ws: 3, targetWS: 7, want: "5+", num: 1, den: 3},             // RULES.md 16.1
		{name: "E05 OS4 vs DS3", rs: T9A, ws: 4, targetWS: 3, want: "3+"},                               // RULES.md 16.1
		{name: "E05 OS3 vs DS7", rs: T9A, ws: 3, targetWS: 7, want: "5+"},                               // RULES.md 16.1
		{name: "E05 OS8 vs DS4", rs: T9A, ws: 8, targetWS: 4, want: "2+"},                               // RULES.md 16.1
		{name: "E05 OS1 vs DS10", rs: T9A, ws: 1, targetWS: 10, want: "5+"},                             // RULES.md 16.1
		{name: "E05 OS1 vs DS10 legacy", rs: T9A, ws: 1, targetWS: 10, legacy: true, want: "6+"},        // RULES.md 16.1, R33
		{name: "t9a legacy at -7 is still 5+", rs: T9A, ws: 1, targetWS: 8, legacy: true, want: "5+"},   // RULES.md 5
		{name: "t9a OS4 vs DS4 (E86)", rs: T9A, ws: 4, targetWS: 4, want: "4+", num: 1, den: 2},         // RULES.md 16.7
		{name: "t9a OS4 vs DS1", rs: T9A, ws: 4, targetWS: 1, want: "3+"},                               // RULES.md 5: 1..3 is 3+
		{name: "t9a OS1 vs DS4", rs: T9A, ws: 1, targetWS: 4, want: "4+"},                               // RULES.md 5: -3..0 is 4+
		{name: "E87 whfb8 WS3 vs WS3", rs: WHFB8, ws: 3, targetWS: 3, want: "4+", num: 1, den: 2},       // RULES.md 16.7
		{name: "E88 skirmish WS3 vs WS3", rs: Skirmish, ws: 3, targetWS: 3, want: "4+", num: 1, den: 2}, // RULES.md 16.7
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := MeleeToHit(tt.rs, tt.ws, tt.targetWS, Options{MeleeToHitLegacy: tt.legacy})
			wantTarget(t, got, tt.want)
			if tt.den != 0 {
				wantRat(t, "chance", chance(got, 1), frac(tt.num, tt.den))
			}
		})
	}
}

// The WS chart is the same in whfb8, battleaxe, t9a1-ru and skirmish (RULES.md 5).
func TestMeleeToHitClassicRulesetsAgree(t *testing.T) {
	for _, rs := range []Ruleset{Battleaxe, T9A1RU, Skirmish} {
		for ws := 0; ws <= 10; ws++ {
			for tws := 0; tws <= 10; tws++ {
				if got, want := MeleeToHit(rs, ws, tws, Options{}), MeleeToHit(WHFB8, ws, tws, Options{}); got != want {
					t.Errorf("%v WS%d vs WS%d = %v, whfb8 gives %v", rs, ws, tws, got, want)
				}
			}
		}
	}
}

// In melee a natural 6 always hits and a natural 1 always misses (RULES.md 5):
// every melee target lies in 2+..6+, so Succeeds(face, 1) gives both.
func TestMeleeNaturalSixHitsNaturalOneMisses(t *testing.T) {
	for _, rs := range Rulesets() {
		for _, legacy := range []bool{false, true} {
			for ws := 0; ws <= 12; ws++ {
				for tws := 0; tws <= 12; tws++ {
					need := MeleeToHit(rs, ws, tws, Options{MeleeToHitLegacy: legacy})
					if !need.Succeeds(6, 1) || need.Succeeds(1, 1) {
						t.Errorf("%v WS%d vs WS%d: %v: natural 6 hits %v, natural 1 hits %v",
							rs, ws, tws, need, need.Succeeds(6, 1), need.Succeeds(1, 1))
					}
				}
			}
		}
	}
}

func TestShootingToHit(t *testing.T) {
	tests := []struct {
		name     string
		rs       Ruleset
		bs, mod  int
		want     string
		num, den int // exact chance through HitChance
	}{
		{name: "E02 BS3 long range and soft cover", rs: WHFB8, bs: 3, mod: -2, want: "6+", num: 1, den: 6}, // RULES.md 16.1
		{name: "E03 BS3 with -3", rs: WHFB8, bs: 3, mod: -3, want: "7+", num: 1, den: 12},                  // RULES.md 16.1
		{name: "E03 BS3 with -6", rs: WHFB8, bs: 3, mod: -6, want: "10+", num: 0, den: 1},                  // RULES.md 16.1
		{name: "E04 battleaxe BS 4+ with -1", rs: Battleaxe, bs: 4, mod: -1, want: "5+", num: 1, den: 3},   // RULES.md 16.1
		{name: "E06 aim 4+ hard cover and moved", rs: T9A, bs: 4, mod: -3, want: "7+", num: 1, den: 12},    // RULES.md 16.1
		{name: "E06 aim 4+ plus long range", rs: T9A, bs: 4, mod: -4, want: "8+", num: 0, den: 1},          // RULES.md 16.1
		{name: "E85 battleaxe crossbows BS 4+", rs: Battleaxe, bs: 4, want: "4+", num: 1, den: 2},          // RULES.md 16.7
		{name: "skirmish BS3 large target", rs: Skirmish, bs: 3, mod: 1, want: "3+", num: 2, den: 3},       // RULES.md 5
		{name: "t9a1-ru BS3", rs: T9A1RU, bs: 3, want: "4+", num: 1, den: 2},                               // RULES.md 5
		{name: "BS6 is 2+, a natural 1 misses", rs: WHFB8, bs: 6, want: "2+", num: 5, den: 6},              // RULES.md 5
		{name: "BS8 with +1 is still 2+", rs: WHFB8, bs: 8, mod: 1, want: "2+", num: 5, den: 6},            // RULES.md 5
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ShootingToHit(tt.rs, tt.bs, tt.mod)
			wantTarget(t, got, tt.want)
			num, den := HitChance(tt.rs, got, Options{})
			wantRat(t, "HitChance", frac(num, den), frac(tt.num, tt.den))
		})
	}
}

func TestTargetToHit(t *testing.T) {
	tests := []struct {
		name string
		need string
		mod  int
		want string
	}{
		{name: "4+ with -1", need: "4+", mod: -1, want: "5+"},
		{name: "4+ with +1", need: "4+", mod: 1, want: "3+"},
		{name: "5+ with -2", need: "5+", mod: -2, want: "7+"},
		{name: "2+ with +1 stays 2+", need: "2+", mod: 1, want: "2+"},
		{name: "automatic hit stays automatic", need: "-", mod: -1, want: "-"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantTarget(t, TargetToHit(WHFB8, MustParseTarget(tt.need), tt.mod), tt.want)
		})
	}
}

func TestHitRolls(t *testing.T) {
	six := Options{SevenPlusToHit: SixThenFourPlus}
	tests := []struct {
		name          string
		rs            Ruleset
		need          int
		o             Options
		first, second string
		ok            bool
		num, den      int
	}{
		{name: "E03 whfb8 7: a 6 then 4+", rs: WHFB8, need: 7, first: "6+", second: "4+", ok: true, num: 1, den: 12}, // RULES.md 16.1
		{name: "whfb8 8: a 6 then 5+", rs: WHFB8, need: 8, first: "6+", second: "5+", ok: true, num: 1, den: 18},     // RULES.md 5
		{name: "whfb8 9: a 6 then a 6", rs: WHFB8, need: 9, first: "6+", second: "6+", ok: true, num: 1, den: 36},    // RULES.md 5
		{name: "E03 whfb8 10: cannot hit", rs: WHFB8, need: 10, first: "10+", second: "-", num: 0, den: 1},           // RULES.md 16.1
		{name: "battleaxe 9 uses whfb8", rs: Battleaxe, need: 9, first: "6+", second: "6+", ok: true, num: 1, den: 36},
		{name: "t9a1-ru 8", rs: T9A1RU, need: 8, first: "6+", second: "5+", ok: true, num: 1, den: 18},
		{name: "E06 t9a 7: hopeless shot", rs: T9A, need: 7, first: "6+", second: "4+", ok: true, num: 1, den: 12}, // RULES.md 16.1
		{name: "E06 t9a 8: cannot hit", rs: T9A, need: 8, first: "8+", second: "-", num: 0, den: 1},                // RULES.md 16.1
		{name: "skirmish 7: cannot hit by default", rs: Skirmish, need: 7, first: "7+", second: "-", num: 0, den: 1},
		{name: "skirmish 7 with six_then_four_plus", rs: Skirmish, need: 7, o: six, first: "6+", second: "4+", ok: true, num: 1, den: 12},
		{name: "skirmish 8 with six_then_four_plus", rs: Skirmish, need: 8, o: six, first: "8+", second: "-", num: 0, den: 1},
		{name: "one roll", rs: WHFB8, need: 3, first: "3+", second: "-", ok: true, num: 2, den: 3},
		{name: "1+ is rolled as 2+", rs: WHFB8, need: 1, first: "2+", second: "-", ok: true, num: 5, den: 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			first, second, ok := HitRolls(tt.rs, Need(tt.need), tt.o)
			if first.String() != tt.first || second.String() != tt.second || ok != tt.ok {
				t.Errorf("HitRolls = %v, %v, %v; want %s, %s, %v", first, second, ok, tt.first, tt.second, tt.ok)
			}
			num, den := HitChance(tt.rs, Need(tt.need), tt.o)
			if den != 6 && den != 36 {
				t.Errorf("HitChance denominator %d, want 6 or 36", den)
			}
			wantRat(t, "HitChance", frac(num, den), frac(tt.num, tt.den))
		})
	}
}

func TestHitRollsAutomatic(t *testing.T) {
	first, second, ok := HitRolls(WHFB8, None, Options{})
	if !first.IsNone() || !second.IsNone() || !ok {
		t.Errorf("HitRolls(None) = %v, %v, %v; want -, -, true", first, second, ok)
	}
	if num, den := HitChance(WHFB8, None, Options{}); num != den {
		t.Errorf("HitChance(None) = %d/%d, want 1", num, den)
	}
}

func TestInvalidRulesetPanics(t *testing.T) {
	for _, rs := range []Ruleset{NoRuleset, Ruleset(99)} {
		for name, f := range map[string]func(){
			"MeleeToHit":    func() { MeleeToHit(rs, 3, 3, Options{}) },
			"ShootingToHit": func() { ShootingToHit(rs, 3, 0) },
			"ToWound":       func() { ToWound(rs, 3, 3, Options{}) },
			"ArmourSave":    func() { ArmourSave(rs, SaveProfile{}, Infantry, Penetration{}, Options{}) },
			"SpecialSave":   func() { SpecialSave(rs, SpecialSaves{}, SaveContext{}, Options{}) },
			"CanCritical":   func() { CanCritical(rs, Melee, Bladed, Need(4), Options{}) },
		} {
			t.Run(fmt.Sprintf("%s/%d", name, rs), func(t *testing.T) {
				defer func() {
					if recover() == nil {
						t.Errorf("%s with ruleset %d did not panic", name, rs)
					}
				}()
				f()
			})
		}
	}
}
