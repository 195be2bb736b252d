package rules

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

func TestArmourSave(t *testing.T) {
	ls := SaveProfile{Armour: LightArmour, Shield: true}
	hs := SaveProfile{Armour: HeavyArmour, Shield: true}
	hsb := SaveProfile{Armour: HeavyArmour, Shield: true, Barding: true}
	sup := SaveProfile{Armour: PlateArmour, Shield: true, Barding: true}
	sup1 := SaveProfile{Armour: PlateArmour, Shield: true, Barding: true, SaveBonus: 1}
	capAfter := Options{CapAfterModifiers: true}
	classic := Options{ArmourPreset: ClassicArmour}
	tests := []struct {
		name     string
		rs       Ruleset
		p        SaveProfile
		tt       TroopType
		pen      Penetration
		o        Options
		want     string // "-" no save, "impossible" 7 or more
		num, den int    // chance to save; 0/0 when the example gives none
		detail   string // ArmourDetail.String, when the example spells it out
	}{
		{name: "E13 light armour and shield, S3", rs: Battleaxe, p: ls, pen: Penetration{Strength: 3}, want: "5+", num: 1, den: 3},                                                                // RULES.md 16.2
		{name: "E14 crossbow vs light armour and shield", rs: Battleaxe, p: ls, pen: Penetration{Strength: 4}, want: "6+", num: 1, den: 6},                                                        // RULES.md 16.2
		{name: "E15 light armour and shield, S5", rs: Battleaxe, p: ls, pen: Penetration{Strength: 5}, want: "impossible", num: 0, den: 1},                                                        // RULES.md 16.2
		{name: "E16 heavy armour and shield, S4", rs: Battleaxe, p: hs, pen: Penetration{Strength: 4}, want: "5+"},                                                                                // RULES.md 16.2
		{name: "E17 barded cavalry, S3", rs: Battleaxe, p: hsb, tt: Cavalry, pen: Penetration{Strength: 3}, want: "2+", num: 5, den: 6},                                                           // RULES.md 16.2
		{name: "E17 barded cavalry, S5", rs: Battleaxe, p: hsb, tt: Cavalry, pen: Penetration{Strength: 5}, want: "4+", num: 1, den: 2},                                                           // RULES.md 16.2
		{name: "E17 barded cavalry, S8", rs: Battleaxe, p: hsb, tt: Cavalry, pen: Penetration{Strength: 8}, want: "impossible", detail: "2+5 = 7: impossible"},                                    // RULES.md 16.2
		{name: "E18 cavalry rider in light armour", rs: Battleaxe, p: SaveProfile{Armour: LightArmour}, tt: Cavalry, want: "5+"},                                                                  // RULES.md 16.2
		{name: "E18 cavalry rider in light armour and shield", rs: Battleaxe, p: ls, tt: Cavalry, want: "4+"},                                                                                     // RULES.md 16.2
		{name: "E19 infantry with shield only", rs: Battleaxe, p: SaveProfile{Shield: true}, want: "6+"},                                                                                          // RULES.md 16.2
		{name: "E19 cavalry with no armour", rs: Battleaxe, tt: Cavalry, want: "6+"},                                                                                                              // RULES.md 16.2, R3
		{name: "E19 infantry with nothing", rs: Battleaxe, want: "-", num: 0, den: 1, detail: "-"},                                                                                                // RULES.md 16.2
		{name: "E20 superior armour value 1+, S3", rs: Battleaxe, p: sup, tt: Cavalry, pen: Penetration{Strength: 3}, want: "1+", num: 5, den: 6},                                                 // RULES.md 16.2
		{name: "E20 superior armour, S4", rs: Battleaxe, p: sup, tt: Cavalry, pen: Penetration{Strength: 4}, want: "2+", num: 5, den: 6},                                                          // RULES.md 16.2
		{name: "E20 superior armour, S5", rs: Battleaxe, p: sup, tt: Cavalry, pen: Penetration{Strength: 5}, want: "3+", num: 2, den: 3},                                                          // RULES.md 16.2
		{name: "E21 nominal 0+ capped at 1+ then S5", rs: Battleaxe, p: sup1, tt: Cavalry, pen: Penetration{Strength: 5}, want: "3+", detail: "1+2 = 3+"},                                         // RULES.md 16.2, R2
		{name: "E21 capAfterModifiers", rs: Battleaxe, p: sup1, tt: Cavalry, pen: Penetration{Strength: 5}, o: capAfter, want: "2+", detail: "0+2 = 2+"},                                          // RULES.md 16.2, R2
		{name: "E21 whfb8 ignores capAfterModifiers", rs: WHFB8, p: sup1, tt: Cavalry, pen: Penetration{Strength: 5}, o: capAfter, want: "3+"},                                                    // RULES.md 7.1
		{name: "E22 2+ save vs S10", rs: Battleaxe, p: hsb, tt: Cavalry, pen: Penetration{Strength: 10}, want: "impossible", detail: "2+7 = 9: impossible"},                                       // RULES.md 16.2
		{name: "E23 Armour 3 AP1", rs: T9A, p: SaveProfile{ArmourValue: 3}, pen: Penetration{AP: 1}, want: "5+", num: 1, den: 3},                                                                  // RULES.md 16.2
		{name: "E24 Arm 6 AP0: 2+ (formula 1+)", rs: T9A, p: SaveProfile{ArmourValue: 6}, want: "2+", num: 5, den: 6},                                                                             // RULES.md 16.2, R15
		{name: "E24 Arm 5 AP2", rs: T9A, p: SaveProfile{ArmourValue: 5}, pen: Penetration{AP: 2}, want: "4+"},                                                                                     // RULES.md 16.2
		{name: "E24 Arm 4 AP3", rs: T9A, p: SaveProfile{ArmourValue: 4}, pen: Penetration{AP: 3}, want: "6+"},                                                                                     // RULES.md 16.2
		{name: "E24 Arm 2 AP2", rs: T9A, p: SaveProfile{ArmourValue: 2}, pen: Penetration{AP: 2}, want: "impossible", num: 0, den: 1},                                                             // RULES.md 16.2
		{name: "E24 Arm 0 AP0: no save roll (None)", rs: T9A, want: "-", num: 0, den: 1},                                                                                                          // RULES.md 16.2
		{name: "E25 base Armour 3 + spell 1, AP1", rs: T9A, p: SaveProfile{ArmourValue: 3 + 1}, pen: Penetration{AP: 1}, want: "4+", num: 1, den: 2},                                              // RULES.md 16.2, R17
		{name: "E37 t9a Lethal Strike AP 10", rs: T9A, p: SaveProfile{ArmourValue: 6}, pen: Penetration{AP: LethalStrikeAP}, want: "impossible"},                                                  // RULES.md 19.3
		{name: "E38 Arm 4 AP1", rs: T9A, p: SaveProfile{ArmourValue: 4}, pen: Penetration{AP: 1}, want: "4+", num: 1, den: 2},                                                                     // RULES.md 16.3
		{name: "t9a weapon extra adds to AP", rs: T9A, p: SaveProfile{ArmourValue: 4}, pen: Penetration{AP: 1, ArmourPiercing: 1}, want: "5+"},                                                    // RULES.md 4
		{name: "t9a ignores Strength", rs: T9A, p: SaveProfile{ArmourValue: 4}, pen: Penetration{Strength: 10}, want: "3+"},                                                                       // RULES.md 7.2
		{name: "E26 heavy armour and shield, S3", rs: T9A1RU, p: hs, pen: Penetration{Strength: 3}, want: "4+"},                                                                                   // RULES.md 16.2
		{name: "E26 heavy armour and shield, S4", rs: T9A1RU, p: hs, pen: Penetration{Strength: 4}, want: "5+"},                                                                                   // RULES.md 16.2
		{name: "E26 heavy armour and shield, S5 Armour Piercing (1)", rs: T9A1RU, p: hs, pen: Penetration{Strength: 5, ArmourPiercing: 1}, want: "impossible", detail: "4+3 = 7: impossible"},     // RULES.md 16.2
		{name: "t9a1-ru plate, shield, barded cavalry: 1+", rs: T9A1RU, p: sup, tt: Cavalry, want: "1+", num: 5, den: 6},                                                                          // RULES.md 7.3, R32
		{name: "t9a1-ru bonus capped at 6", rs: T9A1RU, p: sup1, tt: Cavalry, pen: Penetration{Strength: 4}, want: "2+"},                                                                          // RULES.md 7.3
		{name: "t9a1-ru unarmoured cavalry: mount 6+", rs: T9A1RU, tt: Cavalry, want: "6+"},                                                                                                       // RULES.md 7.3
		{name: "t9a1-ru barding ignored on infantry", rs: T9A1RU, p: SaveProfile{Barding: true}, want: "-"},                                                                                       // RULES.md 19.3
		{name: "E27 seed shield only, S3", rs: Skirmish, p: SaveProfile{Shield: true}, pen: Penetration{Strength: 3}, want: "5+"},                                                                 // RULES.md 16.2
		{name: "E27 seed shield only, S4", rs: Skirmish, p: SaveProfile{Shield: true}, pen: Penetration{Strength: 4}, want: "6+"},                                                                 // RULES.md 16.2
		{name: "E27 seed shield only, S5", rs: Skirmish, p: SaveProfile{Shield: true}, pen: Penetration{Strength: 5}, want: "impossible"},                                                         // RULES.md 16.2
		{name: "E27 seed light armour and shield, S3", rs: Skirmish, p: ls, pen: Penetration{Strength: 3}, want: "4+"},                                                                            // RULES.md 16.2
		{name: "E27 seed light armour and shield, S4", rs: Skirmish, p: ls, pen: Penetration{Strength: 4}, want: "5+"},                                                                            // RULES.md 16.2
		{name: "E27 seed light armour and shield, S5", rs: Skirmish, p: ls, pen: Penetration{Strength: 5}, want: "6+"},                                                                            // RULES.md 16.2
		{name: "E28 classic shield only", rs: Skirmish, p: SaveProfile{Shield: true}, o: classic, want: "6+"},                                                                                     // RULES.md 16.2
		{name: "E28 classic light armour and shield", rs: Skirmish, p: ls, o: classic, want: "5+"},                                                                                                // RULES.md 16.2
		{name: "E29 gromril and shield vs S9", rs: Skirmish, p: SaveProfile{Armour: PlateArmour, Shield: true}, pen: Penetration{Strength: 9}, want: "impossible", detail: "2+6 = 8: impossible"}, // RULES.md 16.2
		{name: "skirmish Strength modifier stops at -6", rs: Skirmish, p: SaveProfile{Armour: PlateArmour, Shield: true, SaveBonus: 2}, pen: Penetration{Strength: 12}, want: "6+"},               // RULES.md 7.4
		{name: "skirmish natural armour only", rs: Skirmish, p: SaveProfile{SaveBonus: 1}, want: "6+"},                                                                                            // RULES.md 7.4
		{name: "skirmish ignores the mount", rs: Skirmish, tt: Cavalry, p: SaveProfile{Barding: true}, want: "-"},                                                                                 // RULES.md 7.4
		{name: "E30 light armour and shield vs S4", rs: Battleaxe, p: ls, pen: Penetration{Strength: 4}, want: "6+"},                                                                              // RULES.md 16.3
		{name: "E32 light armour vs S6", rs: Battleaxe, p: SaveProfile{Armour: LightArmour}, pen: Penetration{Strength: 6}, want: "impossible"},                                                   // RULES.md 16.3
		{name: "E85 light armour and shield vs S4", rs: Battleaxe, p: ls, pen: Penetration{Strength: 4}, want: "6+", num: 1, den: 6},                                                              // RULES.md 16.7
		{name: "E87 whfb8 light armour and shield vs S3", rs: WHFB8, p: ls, pen: Penetration{Strength: 3}, want: "5+", num: 1, den: 3},                                                            // RULES.md 16.7
		{name: "E88 skirmish seed light armour and shield vs S3", rs: Skirmish, p: ls, pen: Penetration{Strength: 3}, want: "4+", num: 1, den: 2},                                                 // RULES.md 16.7
		{name: "battleaxe weapon extra", rs: Battleaxe, p: ls, pen: Penetration{Strength: 3, ArmourPiercing: 1}, want: "6+", detail: "5+1 = 6+"},                                                  // RULES.md 7.1
		{name: "R3 switch: unarmoured cavalry has no save", rs: Battleaxe, tt: Cavalry, o: Options{NoUnarmouredCavalrySave: true}, want: "-"},                                                     // RULES.md 18
		{name: "R3 switch: barding still counts", rs: Battleaxe, tt: Cavalry, p: SaveProfile{Barding: true}, o: Options{NoUnarmouredCavalrySave: true}, want: "6+"},                               // RULES.md 18
		{name: "R3 switch: armoured cavalry keeps the bonus", rs: Battleaxe, tt: Cavalry, p: SaveProfile{Armour: LightArmour}, o: Options{NoUnarmouredCavalrySave: true}, want: "5+"},             // RULES.md 18
		{name: "R3 switch is battleaxe only", rs: WHFB8, tt: Cavalry, o: Options{NoUnarmouredCavalrySave: true}, want: "6+"},                                                                      // RULES.md 18
		{name: "19.3 monstrous cavalry is mounted", rs: Battleaxe, tt: MonstrousCavalry, p: SaveProfile{Barding: true}, want: "5+"},                                                               // RULES.md 19.3
		{name: "19.3 no cavalry bonus for a monster", rs: Battleaxe, tt: Monster, p: SaveProfile{Armour: LightArmour, Barding: true}, want: "6+"},                                                 // RULES.md 19.3
		{name: "19.3 no cavalry bonus for a chariot", rs: WHFB8, tt: Chariot, want: "-"},                                                                                                          // RULES.md 19.3
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := ArmourSaveDetail(tt.rs, tt.p, tt.tt, tt.pen, tt.o)
			got := ArmourSave(tt.rs, tt.p, tt.tt, tt.pen, tt.o)
			if got != d.Need {
				t.Errorf("ArmourSave %v differs from ArmourSaveDetail %v", got, d.Need)
			}
			wantTarget(t, got, tt.want)
			if tt.den != 0 {
				wantRat(t, "chance", chance(got, ArmourFloor(tt.rs)), frac(tt.num, tt.den))
			}
			if tt.detail != "" && d.String() != tt.detail {
				t.Errorf("detail %q, want %q", d, tt.detail)
			}
		})
	}
}

// The "most common combinations" table of RULES.md 7.1, rebuilt because the
// seed's table did not load (R4), at S3 so no modifier applies. It holds for
// battleaxe and whfb8 alike.
func TestArmourTable71(t *testing.T) {
	rows := []struct {
		name string
		p    SaveProfile
		want [3]string // infantry, cavalry, cavalry + barding
	}{
		{"nothing", SaveProfile{}, [3]string{"-", "6+", "5+"}},
		{"shield only", SaveProfile{Shield: true}, [3]string{"6+", "5+", "4+"}},
		{"light armour", SaveProfile{Armour: LightArmour}, [3]string{"6+", "5+", "4+"}},
		{"light armour + shield", SaveProfile{Armour: LightArmour, Shield: true}, [3]string{"5+", "4+", "3+"}},
		{"heavy armour", SaveProfile{Armour: HeavyArmour}, [3]string{"5+", "4+", "3+"}},
		{"heavy armour + shield", SaveProfile{Armour: HeavyArmour, Shield: true}, [3]string{"4+", "3+", "2+"}},
		{"superior armour (4+)", SaveProfile{Armour: PlateArmour}, [3]string{"4+", "3+", "2+"}},
		{"superior armour + shield", SaveProfile{Armour: PlateArmour, Shield: true}, [3]string{"3+", "2+", "1+"}},
	}
	for _, rs := range []Ruleset{Battleaxe, WHFB8} {
		for _, row := range rows {
			for col, want := range row.want {
				p, tt := row.p, Infantry
				if col > 0 {
					tt = Cavalry
				}
				p.Barding = col == 2
				name := fmt.Sprintf("%v/%s/%s", rs, row.name, []string{"infantry", "cavalry", "cavalry+barding"}[col])
				t.Run(name, func(t *testing.T) {
					wantTarget(t, ArmourSave(rs, p, tt, Penetration{Strength: 3}, Options{}), want)
				})
			}
		}
	}
}

// The Strength modifier table of RULES.md 7.1: S1-3 0, S4 -1 ... S10 -7,
// and the skirmish one of 7.4, which stops at -6.
func TestStrengthModifierTable(t *testing.T) {
	p := SaveProfile{Armour: PlateArmour}
	for s, want := range []int{0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7} {
		if s == 0 {
			continue
		}
		for _, rs := range []Ruleset{Battleaxe, WHFB8, T9A1RU} {
			if got := ArmourSaveDetail(rs, p, Infantry, Penetration{Strength: s}, Options{}).Modifier; got != want {
				t.Errorf("%v S%d: modifier %d, want %d", rs, s, got, want)
			}
		}
		if got := ArmourSaveDetail(Skirmish, p, Infantry, Penetration{Strength: s}, Options{}).Modifier; got != min(want, 6) {
			t.Errorf("skirmish S%d: modifier %d, want %d", s, got, min(want, 6))
		}
	}
}

// The whole Arm x AP grid of RULES.md 7.2; "x" is impossible.
func TestArmourGrid72(t *testing.T) {
	grid := [][7]string{ // AP 0..6
		1: {"6+", "x", "x", "x", "x", "x", "x"},
		2: {"5+", "6+", "x", "x", "x", "x", "x"},
		3: {"4+", "5+", "6+", "x", "x", "x", "x"},
		4: {"3+", "4+", "5+", "6+", "x", "x", "x"},
		5: {"2+", "3+", "4+", "5+", "6+", "x", "x"},
		6: {"2+", "2+", "3+", "4+", "5+", "6+", "x"},
	}
	for arm := 1; arm < len(grid); arm++ {
		for ap, want := range grid[arm] {
			t.Run(fmt.Sprintf("Arm%d/AP%d", arm, ap), func(t *testing.T) {
				if want == "x" {
					want = "impossible"
				}
				wantTarget(t, ArmourSave(T9A, SaveProfile{ArmourValue: arm}, Infantry, Penetration{AP: ap}, Options{}), want)
			})
		}
	}
}

func TestArmourFloorAndLethalStrike(t *testing.T) {
	for _, rs := range Rulesets() {
		if got := ArmourFloor(rs); got != 1 { // RULES.md 3, R32
			t.Errorf("ArmourFloor(%v) = %d, want 1", rs, got)
		}
		want := rs == T9A || rs == T9A1RU // RULES.md 19.3
		if got := LethalStrikeNoArmour(rs); got != want {
			t.Errorf("LethalStrikeNoArmour(%v) = %v, want %v", rs, got, want)
		}
	}
}

// saveRank orders saves from best to worst: lower values are better, and no
// save at all is worst.
func saveRank(t Target) int {
	if t.IsNone() {
		return 1 << 10
	}
	return t.Value()
}

// Property: better armour never gives a worse save for the same attack, and
// a stronger attack never gives a better one (RULES.md 7).
func TestArmourMonotone(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rs := rapid.SampledFrom(Rulesets()).Draw(t, "rs")
		tt := rapid.SampledFrom([]TroopType{Infantry, Cavalry, MonstrousCavalry, Monster, Chariot}).Draw(t, "troop")
		o := Options{
			CapAfterModifiers:       rapid.Bool().Draw(t, "cap_after"),
			NoUnarmouredCavalrySave: rapid.Bool().Draw(t, "no_unarmoured_cav"),
			ArmourPreset:            ArmourPreset(rapid.IntRange(0, 1).Draw(t, "preset")),
		}
		worse := SaveProfile{
			Armour:      Armour(rapid.IntRange(0, 3).Draw(t, "armour")),
			Shield:      rapid.Bool().Draw(t, "shield"),
			Barding:     rapid.Bool().Draw(t, "barding"),
			SaveBonus:   rapid.IntRange(-1, 3).Draw(t, "bonus"),
			ArmourValue: rapid.IntRange(0, 8).Draw(t, "arm"),
		}
		better := worse
		better.Armour = Armour(rapid.IntRange(int(worse.Armour), 3).Draw(t, "better_armour"))
		better.Shield = worse.Shield || rapid.Bool().Draw(t, "add_shield")
		better.Barding = worse.Barding || rapid.Bool().Draw(t, "add_barding")
		better.SaveBonus += rapid.IntRange(0, 3).Draw(t, "add_bonus")
		better.ArmourValue += rapid.IntRange(0, 3).Draw(t, "add_arm")
		pen := Penetration{
			Strength:       rapid.IntRange(1, 10).Draw(t, "s"),
			AP:             rapid.IntRange(0, 6).Draw(t, "ap"),
			ArmourPiercing: rapid.IntRange(0, 2).Draw(t, "armour_piercing"),
		}
		w, b := ArmourSave(rs, worse, tt, pen, o), ArmourSave(rs, better, tt, pen, o)
		if saveRank(b) > saveRank(w) {
			t.Fatalf("%v: %+v saves on %v but the better %+v on %v", rs, worse, w, better, b)
		}
		harder := pen
		harder.Strength += rapid.IntRange(0, 4).Draw(t, "add_s")
		harder.AP += rapid.IntRange(0, 4).Draw(t, "add_ap")
		if h := ArmourSave(rs, worse, tt, harder, o); saveRank(h) < saveRank(w) {
			t.Fatalf("%v: %+v saves on %v against %+v but on %v against the harder %+v", rs, worse, w, pen, h, harder)
		}
	})
}

func ExampleArmourSave() {
	// A battleaxe crossbowman's S4 bolt against infantry in light armour
	// and shield (RULES.md 16.2, E14), and a great weapon against barded
	// knights (E17).
	ls := SaveProfile{Armour: LightArmour, Shield: true}
	fmt.Println(ArmourSave(Battleaxe, ls, Infantry, Penetration{Strength: 4}, Options{}))

	knight := SaveProfile{Armour: HeavyArmour, Shield: true, Barding: true}
	fmt.Println(ArmourSaveDetail(Battleaxe, knight, Cavalry, Penetration{Strength: 5}, Options{}))
	fmt.Println(ArmourSaveDetail(Battleaxe, knight, Cavalry, Penetration{Strength: 8}, Options{}))

	// A t9a model with Armour 4 against AP 1 (E38); no armour at all gives
	// None, written "-".
	fmt.Println(ArmourSave(T9A, SaveProfile{ArmourValue: 4}, Infantry, Penetration{AP: 1}, Options{}))
	fmt.Println(ArmourSave(T9A, SaveProfile{}, Infantry, Penetration{AP: 1}, Options{}))
	// Output:
	// 6+
	// 2+2 = 4+
	// 2+5 = 7: impossible
	// 4+
	// -
}
