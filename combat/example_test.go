package combat_test

import (
	"context"
	"fmt"

	"github.com/rearrank/rearrank/combat"
	"github.com/rearrank/rearrank/dice"
)

const duel = `ruleset: whfb8
sides:
  a:
    unit: {name: Hero, models: 1, ws: 5, toughness: 4, wounds: 2}
    leadership: 9
    fights: [{attacks: 2, initiative: 5, ws: 5, strength: 4}]
  b:
    unit: {name: Goblins, models: 2, frontage: 2, ws: 2, toughness: 3}
    leadership: 6
    fights: [{attacks: 1, initiative: 2, ws: 2, strength: 3}]
`

// A hero against two goblins, over every die: each of his two attacks
// kills with 2/3 x 2/3 = 4/9.
func ExampleCombat_Exact() {
	c, err := combat.Load("duel.yaml", []byte(duel))
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := c.Exact(context.Background(), combat.ExactConfig{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("hero wins", rep.AWins.RatString(), "draw", rep.Draw.RatString(), "goblins win", rep.BWins.RatString())
	fmt.Println("goblins destroyed", rep.Sides[1].Destroyed.RatString())
	// Output:
	// hero wins 464/729 draw 1960/6561 goblins win 425/6561
	// goblins destroyed 16/81
}

// The same round with the dice a person rolled: to hit on 3+ the hero
// rolls 6 and 1, to wound 6, one goblin dies; the other misses on 3 (it
// needs 5+), and the goblins test on Ld 6 - 1 = 5 and roll 4+1.
func ExampleCombat_Resolve() {
	c, err := combat.Load("duel.yaml", []byte(duel))
	if err != nil {
		fmt.Println(err)
		return
	}
	round, err := c.Resolve(dice.NewScripted(6, 1, 6, 3, 4, 1))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range round.Steps {
		fmt.Printf("step %s: a %v, b %v\n", s.Key, s.Sides[0].Fights, s.Sides[1].Fights)
	}
	fmt.Println("scores", round.Score, "winner", round.Winner, "break test", round.Break.Rolls, "broke", round.Break.Broke)
	// Output:
	// step 1/5: a [{rank_and_file 2 false}], b []
	// step 1/2: a [], b [{rank_and_file 1 false}]
	// scores [1 0] winner a break test [[4 1]] broke false
}
