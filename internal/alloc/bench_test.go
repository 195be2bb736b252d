package alloc

import (
	"testing"

	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// The exact-odds reader calls Clone, Apply and Key once per state and die
// face; these benchmarks time them on the DESIGN.md scenarios' targets.

func benchUnit(b *testing.B, s unit.Spec) *Unit {
	u, err := New(s)
	if err != nil {
		b.Fatal(err)
	}
	u.SetQuiet(true)
	return u
}

var (
	s1Target = unit.Spec{Ruleset: rules.WHFB8, Models: 10, Profile: ogre, Command: []unit.Role{unit.Musician, unit.StandardBearer, unit.Champion}}
	s2Target = unit.Spec{Ruleset: rules.WHFB8, Models: 100, Frontage: 10, Profile: elf}
	s3Target = unit.Spec{Ruleset: rules.Battleaxe, Models: 10, Profile: unit.Profile{TroopType: rules.Monster, W: 6, T: 6}}
)

func BenchmarkClone(b *testing.B) {
	u := benchUnit(b, s2Target)
	for b.Loop() {
		_ = u.Clone()
	}
}

func BenchmarkKey(b *testing.B) {
	u := benchUnit(b, s2Target)
	for b.Loop() {
		_ = u.Key()
	}
}

// BenchmarkPooledPacket: one D3 packet on S1's ten W3 models with command,
// from a clone (whfb8).
func BenchmarkPooledPacket(b *testing.B) {
	u := benchUnit(b, s1Target)
	p := Packet{Target: rf, Wounds: 2, Multi: true}
	for b.Loop() {
		v := u.Clone()
		v.StartBatch(nil)
		_, _ = v.Apply(p)
		_, _ = v.Apply(p)
		_, _ = v.EndBatch()
	}
}

// BenchmarkSingles100: twenty single wounds on S2's 100 W1 models.
func BenchmarkSingles100(b *testing.B) {
	u := benchUnit(b, s2Target)
	p := Packet{Target: rf, Wounds: 1}
	for b.Loop() {
		v := u.Clone()
		v.StartBatch(nil)
		for range 20 {
			_, _ = v.Apply(p)
		}
		_, _ = v.EndBatch()
	}
}

// BenchmarkPerModelPackets: six D6 packets on S3's ten W6 monsters, each on
// a different model (battleaxe per-model, 11.3).
func BenchmarkPerModelPackets(b *testing.B) {
	u := benchUnit(b, s3Target)
	for b.Loop() {
		v := u.Clone()
		v.StartBatch(nil)
		for _, k := range []int{3, 5, 2, 6, 1, 4} {
			_, _ = v.Apply(Packet{Target: rf, Wounds: k, Multi: true})
		}
		_, _ = v.EndBatch()
	}
}
