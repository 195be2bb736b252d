package bench

import (
	"testing"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// A battle of 1,000 events (issue 28): five units of whfb8 and battleaxe
// infantry, and turn after turn the shooting and combat attacks of a
// game on them with seeded dice, corrections and phases. Targets: replay
// of the 1,000 under 200 ms; opening it from a snapshot and a tail of 10
// events under 20 ms.

// battleUnits are the units: a scenario target each.
var battleUnits = []struct{ name, src string }{
	{"Spearmen", "ruleset: battleaxe\nattacks: [{count: 1, strength: 1}]\ntarget: {models: 900, frontage: 10, toughness: 3, armour: light, shield: true, command: [musician, standard, champion]}\n"},
	{"Halberdiers", "ruleset: battleaxe\nattacks: [{count: 1, strength: 1}]\ntarget: {models: 900, frontage: 8, toughness: 3, armour: light, command: [musician, standard, champion]}\n"},
	{"Ogres", "ruleset: battleaxe\nattacks: [{count: 1, strength: 1}]\ntarget: {troop_type: monstrous_infantry, models: 400, frontage: 3, toughness: 4, wounds: 3, armour: light}\n"},
	{"Knights", "ruleset: battleaxe\nattacks: [{count: 1, strength: 1}]\ntarget: {troop_type: cavalry, models: 600, frontage: 5, toughness: 3, armour: heavy, shield: true, barding: true, command: [champion]}\n"},
	{"Trolls", "ruleset: battleaxe\nattacks: [{count: 1, strength: 1}]\ntarget: {troop_type: monstrous_infantry, models: 400, frontage: 3, toughness: 4, wounds: 3, regeneration: 4+}\n"},
}

// battleLog builds the battle's log of n events through the operations.
func battleLog(b *testing.B, n int) []battle.Record {
	b.Helper()
	var s battle.State
	var recs []battle.Record
	do := func(r battle.Record, err error) {
		if err != nil {
			b.Fatal(err)
		}
		if s, err = battle.Apply(s, r); err != nil {
			b.Fatal(err)
		}
		recs = append(recs, r)
	}
	for _, u := range battleUnits {
		f, err := scenario.Load(u.name, []byte(u.src))
		if err != nil {
			b.Fatal(err)
		}
		do(battle.Add(s, u.name, f))
	}
	crossbows := []scenario.Attack{{Name: "Crossbows", Count: "5", Phase: rules.Shooting, ToHit: scenario.ToHit{Need: rules.MustParseTarget("4+")}, Strength: 4}}
	cannon := []scenario.Attack{{Name: "Cannon", Count: "1", Phase: rules.Shooting, ToHit: scenario.ToHit{Auto: true}, Strength: 10, MultipleWounds: "D3", IgnoreArmour: true}}
	swords := []scenario.Attack{{Name: "Swordsmen", Count: "6", ToHit: scenario.ToHit{Need: rules.MustParseTarget("4+")}, Strength: 3}}
	for i := 0; len(recs) < n; i++ {
		target := battleUnits[i%len(battleUnits)].name
		seed := dice.NewSeeded(uint64(i))
		switch {
		case i%10 == 9:
			do(battle.Advance(s))
		case i%10 == 8:
			do(battle.Correct(s, battle.Corrected{Unit: target, Action: battle.ActionRemove, Count: 1}))
		case i%3 == 0:
			r, _, err := battle.Attack(s, target, cannon, seed)
			do(r, err)
		case i%3 == 1:
			r, _, err := battle.Attack(s, target, crossbows, seed)
			do(r, err)
		default:
			r, _, err := battle.Attack(s, target, swords, seed)
			do(r, err)
		}
	}
	for _, u := range s.Units() {
		if u.Destroyed() {
			b.Fatalf("%s destroyed: give it more models", u.Name)
		}
	}
	return recs
}

// BenchmarkBattleReplay1000: a battle's state from its whole log of 1,000
// events. Target: under 200 ms.
func BenchmarkBattleReplay1000(b *testing.B) {
	recs := battleLog(b, 1000)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := battle.Replay(recs); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBattleOpenSnapshot: the same battle opened from a snapshot
// after its 990th event and the 10 events after it. Target: under 20 ms.
func BenchmarkBattleOpenSnapshot(b *testing.B) {
	recs := battleLog(b, 1000)
	s, err := battle.Replay(recs[:990])
	if err != nil {
		b.Fatal(err)
	}
	snap := battle.EncodeSnapshot(s)
	b.ReportMetric(float64(len(snap)), "snapshot-bytes")
	b.ReportAllocs()
	for b.Loop() {
		s, err := battle.DecodeSnapshot(snap)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := battle.ReplayFrom(s, recs[990:]); err != nil {
			b.Fatal(err)
		}
	}
}
