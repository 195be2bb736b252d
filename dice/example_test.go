package dice_test

import (
	"errors"
	"fmt"

	"github.com/rearrank/rearrank/dice"
)

func ExampleParseExpr() {
	e, err := dice.ParseExpr("2d6 - 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	d := e.Dist()
	fmt.Println(e, e.Min(), e.Max())
	fmt.Println("P(6) =", d.P(6).RatString(), "of", d.Total)
	fmt.Println("mean", d.Mean().RatString())

	_, err = dice.ParseExpr("D7")
	fmt.Println(err)
	// Output:
	// 2D6-1 1 11
	// P(6) = 1/6 of 36
	// mean 6
	// dice expression "D7": want D3 or D6 dice
}

func ExampleExpr_Dist() {
	d := dice.MustParseExpr("D3+1").Dist()
	for v := d.Min; v <= d.Max(); v++ {
		fmt.Printf("%d: %s\n", v, d.P(v).RatString())
	}
	fmt.Println("mean", d.Mean().RatString())
	// Output:
	// 2: 1/3
	// 3: 1/3
	// 4: 1/3
	// mean 3
}

func ExampleScripted() {
	faces, err := dice.ParseFaces("6, 3 5")
	if err != nil {
		fmt.Println(err)
		return
	}
	r := dice.NewScripted(faces...)
	for attack := 1; attack <= 4; attack++ {
		face, err := dice.Ask(r, 6, fmt.Sprintf("to-hit, attack %d of 4", attack))
		if errors.Is(err, dice.ErrOutOfDice) {
			fmt.Println(err)
			break
		}
		fmt.Println("rolled", face)
	}
	// Output:
	// rolled 6
	// rolled 3
	// rolled 5
	// die 4 (to-hit, attack 4 of 4): out of dice: 3 given
}

func ExampleSeeded() {
	r := dice.NewSeeded(1) // the same seed gives the same dice, everywhere
	var faces []int
	for range 8 {
		faces = append(faces, r.Roll(6))
	}
	fmt.Println(faces)
	fmt.Println(dice.MustParseExpr("2D6").Roll(r))
	// Output:
	// [6 2 4 1 2 3 1 2]
	// 9
}

func ExampleRecorder() {
	rec := dice.NewRecorder(dice.NewSeeded(7))
	mw := dice.MustParseExpr("D3+1")
	fmt.Println(mw.Roll(rec), mw.Roll(rec), rec.Faces())

	replay := dice.NewScripted(rec.Faces()...)
	fmt.Println(mw.Roll(replay), mw.Roll(replay), replay.Err())
	// Output:
	// 3 2 [2 1]
	// 3 2 <nil>
}
