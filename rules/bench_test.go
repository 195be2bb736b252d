package rules

import "testing"

// The stage functions run once per die in the referee and the odds; they
// should not allocate.

func BenchmarkArmourSave(b *testing.B) {
	p := SaveProfile{Armour: HeavyArmour, Shield: true, Barding: true}
	for b.Loop() {
		ArmourSave(Battleaxe, p, Cavalry, Penetration{Strength: 5}, Options{})
	}
}

func BenchmarkToWound(b *testing.B) {
	for b.Loop() {
		ToWound(WHFB8, 4, 3, Options{})
	}
}

func BenchmarkSpecialSave(b *testing.B) {
	s := SpecialSaves{Aegis: Need(5), Ward: Need(6), Regeneration: Need(4)}
	for b.Loop() {
		SpecialSave(T9A, s, SaveContext{}, Options{})
	}
}

func TestStagesDoNotAllocate(t *testing.T) {
	s := SpecialSaves{Aegis: Need(5), Ward: Need(6), Regeneration: Need(4)}
	p := SaveProfile{Armour: HeavyArmour, Shield: true}
	n := testing.AllocsPerRun(100, func() {
		MeleeToHit(WHFB8, 4, 3, Options{})
		HitChance(WHFB8, Need(7), Options{})
		ToWound(WHFB8, 4, 3, Options{})
		ArmourSave(WHFB8, p, Infantry, Penetration{Strength: 4}, Options{})
		SpecialSave(T9A, s, SaveContext{Flaming: true}, Options{})
	})
	if n != 0 {
		t.Errorf("stage functions allocate %v times per run", n)
	}
}

func BenchmarkMeleeToHit(b *testing.B) {
	for b.Loop() {
		MeleeToHit(T9A, 4, 3, Options{})
	}
}

func BenchmarkHitRolls(b *testing.B) {
	for b.Loop() {
		HitRolls(WHFB8, Need(8), Options{}) // the 7+ procedure
	}
}

func BenchmarkSpecialFloor(b *testing.B) {
	for b.Loop() {
		SpecialFloor(T9A) // asked once per special save die
	}
}

// BenchmarkPlan asks every stage once per ruleset with the ruleset not a
// constant, as the referee does when it plans a batch.
func BenchmarkPlan(b *testing.B) {
	rss := Rulesets()
	p := SaveProfile{Armour: HeavyArmour, Shield: true, ArmourValue: 3}
	s := SpecialSaves{Ward: Need(5), Regeneration: Need(4)}
	for b.Loop() {
		for _, rs := range rss {
			need := MeleeToHit(rs, 4, 3, Options{})
			HitRolls(rs, need, Options{})
			HitRolls(rs, ShootingToHit(rs, 3, -2), Options{})
			ToWound(rs, 3, 4, Options{})
			ArmourSave(rs, p, Cavalry, Penetration{Strength: 4, AP: 1}, Options{})
			SpecialSave(rs, s, SaveContext{Flaming: true}, Options{})
			ArmourFloor(rs)
			SpecialFloor(rs)
		}
	}
}
