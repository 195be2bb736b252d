package rearrank_test

import (
	"fmt"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// A unit of ten with full command stands five wide, the command group in the
// centre of the front rank (RULES.md E59).
func ExampleNewUnit() {
	u, err := rearrank.NewUnit(unit.Spec{
		Name:    "Spearmen",
		Ruleset: rules.Battleaxe,
		Models:  10,
		Profile: unit.Profile{W: 1, T: 3, WS: 3},
		Command: []unit.Role{unit.Musician, unit.StandardBearer, unit.Champion},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u.Draw(), u.Size())
	// Output: [R M C S R] / [R R R R R] 10
}
