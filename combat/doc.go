// Package combat plays one round of close combat between two block units
// (RULES.md 21): who fights at each step of the strike order, how many
// attacks the formation still gives, the combat result, the winner and the
// loser's break test.
//
// # One code path
//
// A round is a sequence of steps (21.4). At each step every fight of both
// sides with that step's key counts its attacks from its unit's grid as it
// stands (21.3, 21.5); each side's fights at the step are resolved by the
// referee's machine, as referee.Resolve resolves them, against the enemy
// unit as it stood at the start of the step, and the step's removals take
// effect after both sides have rolled. A step's attacks may pass
// dice.MaxConst, the most a file writes as one count (101 models of A10
// make 1,010); Load refuses a side whose fights could pass dice.MaxCount
// at one step. After the last step the scores (21.6), the winner (21.7)
// and the break test (21.8) follow. The round asks one dice.Roller for
// every die, so the same code serves every reader:
//
//   - Combat.Resolve: dice a person rolled (dice.Scripted) or a seeded
//     generator, with a log of every step.
//   - Combat.MonteCarlo: n seeded rounds in parallel chunks, frequencies
//     with standard errors.
//   - Combat.Exact: every way the dice can fall, with equal round states
//     merged between steps (below). Past its state limit it returns an
//     error wrapping odds.ErrStateLimit, or with ExactConfig.Fallback a
//     Monte Carlo report that says why.
//   - Combat.Enumerate: every path of the dice, replayed one at a time (an
//     odometer roller), without merging. It is exact but exponential, the
//     reference Exact is tested against on random small combats; it
//     estimates the number of paths from a few random ones first and
//     refuses a large combat at once.
//
// The readers that take a context look at it before every step of the
// referee's machine (a die, or an unsaved wound's damage) and in every
// loop of their own, so they stop with its error soon after its end
// however large the round (the exact reader's batches are
// odds.BatchOutcomes', which looks at it itself). A panic in a Monte Carlo
// worker, a bug, is returned as a *safe.PanicError (internal/safe) rather
// than ending the process.
//
// # The file
//
// Load reads a combat file (RULES.md 21.10, docs/combat.md) with the
// scenario package's Decoder, into a type that embeds a scenario's Target
// and Attack, within the limits and with the errors of a scenario file.
// Each side's unit and fights are then checked by the scenario package, as
// the target of and the attack groups against a scenario made of those
// parts of the file, whose errors name the combat file's fields and places.
//
// # The fast exact reader
//
// Exact walks the steps keeping a distribution over round states: both
// units' canonical keys (alloc.Unit.Key) plus what the scores still need,
// the wounds each side caused and, under step_up: lost, the R&F each side
// lost, each with an exact weight. Both sides count their attacks at the
// start of a step and roll against the enemy as it stood then, so given the
// state the two sides are independent and a state's successors are the
// product of two per-side distributions over the enemy's next state and
// what the batch added. A side's distribution is odds.BatchOutcomes (the
// referee's machine over every die, merged by state, with the odds fast
// paths, re-rolls included); a side that scores instant kills by profile
// reads its batch's events, so it walks engine.batch over every die
// instead. Both are memoised by the enemy's key and the attack groups. The
// break test is decide walked over its few dice for each distinct score.
//
// # What is not modelled
//
// combat_score: proper_ranks (R54) is refused with rules.ErrProperRanks:
// RULES.md 21 sketches it without defining a Proper Rank or Solid. The fights of
// one side at one step (rank and file, champion, characters) are one batch
// by RULES.md 21.2: they reach the referee as one batch of several profiles
// (rearrank.Attack.Batch, C24) per target they aim at, so a fight that a
// challenge aims at the enemy champion alone is a batch of its own (the
// referee's batch has one aim). A combat file has no batch field, since
// 21.2 already says which fights are one batch.
//
// A re-rolled miss (Always Strikes First, battleaxe's Always Strikes Last)
// is the fight's reroll_hit: failed (RULES.md 20.1) added to the grants its
// attack group already has: p + (1-p)p as 21.4 says, rolled in the side's
// batch with its removals, and never a second re-roll of a die that Hatred
// or reroll_hit already re-rolled (20.1 U1).
package combat
