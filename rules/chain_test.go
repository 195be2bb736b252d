package rules

import (
	"math/big"
	"testing"
)

// The whole chains of RULES.md 16.7, built from the stage functions alone:
// hit, wound, armour (and for skirmish the critical tables).
func TestWholeChains(t *testing.T) {
	t.Run("E85 battleaxe crossbows at light armour and shield", func(t *testing.T) { // RULES.md 16.7
		hit := ShootingToHit(Battleaxe, 4, 0)
		wound := ToWound(Battleaxe, 4, 3, Options{})
		save := ArmourSave(Battleaxe, SaveProfile{Armour: LightArmour, Shield: true}, Infantry, Penetration{Strength: 4}, Options{})
		num, den := HitChance(Battleaxe, hit, Options{})
		per := mul(frac(num, den), chance(wound, 1), fail(chance(save, ArmourFloor(Battleaxe))))
		wantRat(t, "per shot", per, frac(5, 18))
		wantRat(t, "20 shots", mul(per, frac(20, 1)), frac(50, 9))
	})
	t.Run("E86 t9a OS4 vs DS4, S4 vs Res4, AP1 vs Arm3", func(t *testing.T) { // RULES.md 16.7
		hit := MeleeToHit(T9A, 4, 4, Options{})
		wound := ToWound(T9A, 4, 4, Options{})
		save := ArmourSave(T9A, SaveProfile{ArmourValue: 3}, Infantry, Penetration{AP: 1}, Options{})
		per := mul(chance(hit, 1), chance(wound, 1), fail(chance(save, ArmourFloor(T9A))))
		wantRat(t, "per attack", per, frac(1, 6))
		wantRat(t, "10 attacks", mul(per, frac(10, 1)), frac(5, 3))
	})
	t.Run("E87 whfb8 WS3 vs WS3, S3 vs T3, light armour and shield", func(t *testing.T) { // RULES.md 16.7
		hit := MeleeToHit(WHFB8, 3, 3, Options{})
		wound := ToWound(WHFB8, 3, 3, Options{})
		save := ArmourSave(WHFB8, SaveProfile{Armour: LightArmour, Shield: true}, Infantry, Penetration{Strength: 3}, Options{})
		wantRat(t, "per attack", mul(chance(hit, 1), chance(wound, 1), fail(chance(save, 1))), frac(1, 6))
	})
	t.Run("E88 skirmish sword against light armour and shield", func(t *testing.T) { // RULES.md 16.7
		o := Options{}
		hit := MeleeToHit(Skirmish, 3, 3, o)
		wound := ToWound(Skirmish, 3, 3, o)
		save := ArmourSave(Skirmish, SaveProfile{Armour: LightArmour, Shield: true}, Infantry, Penetration{Strength: 3}, o)
		ps := chance(save, ArmourFloor(Skirmish))
		// unsaved is P(at least one unsaved wound) for an ordinary wound or a critical.
		unsaved := func(c Critical) *big.Rat {
			switch {
			case c.NoArmour:
				return frac(1, 1)
			case c.SeparateSaves:
				all := big.NewRat(1, 1)
				for range c.Wounds {
					all.Mul(all, ps)
				}
				return fail(all)
			default:
				return fail(ps)
			}
		}
		got := new(big.Rat)
		for face := 1; face <= 6; face++ {
			if !wound.Succeeds(face, 1) {
				continue
			}
			if face < 6 || !CanCritical(Skirmish, Melee, Bladed, wound, o) {
				got.Add(got, mul(frac(1, 6), fail(ps)))
				continue
			}
			for roll := 1; roll <= 6; roll++ {
				got.Add(got, mul(frac(1, 36), unsaved(CriticalHit(Bladed, roll))))
			}
		}
		got.Mul(got, chance(hit, 1))
		wantRat(t, "P(at least one unsaved wound)", got, frac(41, 288))
		wantRat(t, "spelled out", got, mul(frac(1, 2), add(mul(frac(1, 3), frac(1, 2)),
			mul(frac(1, 6), add(mul(frac(1, 2), frac(1, 2)), frac(1, 6), mul(frac(1, 6), frac(3, 4)), frac(1, 6))))))
	})
}
