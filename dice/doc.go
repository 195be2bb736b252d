// Package dice gives the rules their dice.
//
// The rules are written once, as plain Go that asks a [Roller] for the face of
// every die it needs (DESIGN.md, "One rulebook, three readers"). Who answers
// decides what a run means:
//
//   - [Scripted] hands out faces a person gave, in order: the referee
//     replaying a real table (rearrank resolve --dice 6,3,5). [ParseFaces]
//     reads such a list.
//   - [Seeded] draws from a PCG generator started from a seed: the referee
//     with --seed, and Monte Carlo, with one Seeded per goroutine.
//   - The enumerating reader walks every face of every die for exact odds.
//     For a single dice expression, [Expr.Dist] is that answer in closed form,
//     and the tests check it against rolling every face sequence.
//
// To show a seeded run to a person, wrap the [Seeded] in a [Recorder]: a
// [Scripted] given the recorded faces replays the run die for die.
//
// A Roller that may fail, or that asks a person, also implements [Asker]. The
// rules call [Ask] (or [Expr.Ask]), which uses Ask when the roller has it and
// checks every face, so a short --dice list ends the run with an error that
// names the die ([ErrOutOfDice], [ErrBadFace]) instead of a wrong answer.
//
// [Expr] is a dice expression as the games write it (D3, 2D6, D6+1, 3), and
// [Dist] an exact distribution with integer weights over a common total.
package dice
