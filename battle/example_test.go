package battle_test

import (
	"fmt"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/dice"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// A battle is built by operations that each return the next record of its
// log; applying the record gives the next state. The attack records the
// faces it used, so the log replays to the same battle.
func Example() {
	f, err := scenario.Load("spearmen.yaml", []byte(`ruleset: battleaxe
attacks: [{count: 1, strength: 1}]
target: {models: 30, frontage: 10, toughness: 3, armour: light, shield: true}
`))
	if err != nil {
		panic(err)
	}
	var s battle.State
	var log []battle.Record
	step := func(r battle.Record, err error) {
		if err != nil {
			panic(err)
		}
		if s, err = battle.Apply(s, r); err != nil {
			panic(err)
		}
		log = append(log, r)
	}
	step(battle.Add(s, "Spearmen", f))
	step(battle.AdvanceTo(s, 1, battle.Shooting))
	crossbows := []scenario.Attack{{Name: "Crossbows", Count: "2", Phase: rules.Shooting, ToHit: scenario.ToHit{Auto: true}, Strength: 4}}
	// To-wound 6 and 6, armour saves 1 and 1: two casualties.
	r, _, err := battle.Attack(s, "Spearmen", crossbows, dice.NewScripted(6, 6, 1, 1))
	step(r, err)
	step(battle.Undo(s))
	step(battle.Redo(s))

	lines, err := battle.Log(log)
	if err != nil {
		panic(err)
	}
	for _, l := range lines {
		fmt.Println(l.Text.Text(msg.English))
	}
	fmt.Println(lines[2].Text.Text(msg.Russian))
	u, _ := s.Unit("Spearmen")
	fmt.Println(u.Unit.Size(), "of", u.Starting)
	again, _ := battle.Replay(log)
	v, _ := again.Unit("Spearmen")
	fmt.Println(v.Unit.Draw() == u.Unit.Draw())
	// Output:
	// Deployment: Spearmen takes the field (battleaxe)
	// Turn 1: shooting begins
	// Turn 1, shooting: Crossbows at Spearmen: 2 casualties, 2 wounds
	// Turn 1, shooting: undo of event 3
	// Turn 1, shooting: redo of event 3
	// Ход 1, стрельба: Crossbows по Spearmen: 2 потери, 2 раны
	// 28 of 30
	// true
}
