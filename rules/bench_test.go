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
