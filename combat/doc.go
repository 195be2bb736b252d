// Package combat plays one round of close combat between two block units
// (RULES.md 21): who fights at each step of the strike order, how many
// attacks the formation still gives, the combat result, the winner and the
// loser's break test.
//
// # One code path
//
// A round is a sequence of steps (21.4). At each step every fight of both
// sides with that step's key counts its attacks from its unit's grid as it
// stands (21.3, 21.5); each side's fights at the step are resolved through
// referee.Resolve against the enemy unit as it stood at the start of the
// step, and the step's removals take effect after both sides have rolled.
// After the last step the scores (21.6), the winner (21.7) and the break
// test (21.8) follow. The round asks one dice.Roller for every die, so the
// same code serves every reader:
//
//   - Combat.Resolve: dice a person rolled (dice.Scripted) or a seeded
//     generator, with a log of every step.
//   - Combat.MonteCarlo: n seeded rounds in parallel chunks, frequencies
//     with standard errors.
//   - Combat.Exact: every path of the dice, replayed one at a time (an
//     odometer roller), without merging. It is exact but exponential, a
//     reference for small combats only; it estimates the number of paths
//     from a few random ones first and refuses a large combat at once.
//
// # The file
//
// Load reads a combat file (RULES.md 21.10, docs/combat.md). Each side's
// unit and fights are checked by the scenario package, as the target of and
// the attack groups against a scenario, and its errors are moved to the
// combat file's fields and places.
//
// # The fast exact reader (not built yet)
//
// A fast exact reader walks the steps keeping a distribution over both
// units' canonical states: a map from the pair of unit keys (unit.Unit.Key)
// plus what the scores still need (wounds caused by each side, R&F lost for
// step_up: lost, the step-count tallies) to an exact weight. Each step
// replaces every state by the distribution of its successors: side a's
// batch against unit b and side b's batch against unit a are independent
// given the state, so the successor distribution is the product of two
// per-batch distributions over the enemy's next unit state and the wounds
// the batch caused. What it needs from the odds package is exactly that:
//
//	odds.Batch(u *unit.Unit, attacks []referee.Attack) -> []struct{ Unit *unit.Unit; Tally referee.Tally; P *big.Rat }
//
// merged by unit key, with the state limit and the Monte Carlo fallback of
// DESIGN.md. The break test is a closed-form 2D6 sum at the end. Exact
// must agree with it path for path.
//
// # What is not modelled
//
// combat_score: proper_ranks (R54) is refused with an error. The fights of
// one side at one step (rank and file, champion, characters) go to the
// referee as consecutive attack groups, each a batch of its own, where
// RULES.md 21.2 makes them one batch: the referee has no batch of several
// profiles yet. A re-rolled
// miss (Always Strikes First, battleaxe's Always Strikes Last) is rolled as
// a second batch of the same step, since the referee has no re-roll of its
// own yet: the chance of a hit is p + (1-p)p as 21.4 says, but the removals
// of the two batches are counted apart.
package combat
