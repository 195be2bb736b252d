// Package odds tells what an attack will do before it is made: the exact
// distribution of casualties, wounds for combat result, unsaved wounds,
// unit destroyed, panic, champion and standard lost, and the chance of each
// stage of one attack (DESIGN.md "One rulebook, three readers").
//
// # Using it
//
// Build the target with rearrank.NewUnit and the attack groups as rearrank.Attack,
// as for the referee, and ask:
//
//	res, err := odds.Exact(ctx, u, attacks, odds.Config{})
//	res.Casualties.Mean()      // *big.Rat, e.g. 50/9
//	res.Casualties.AtLeast(5)  // P(5 or more)
//	res.Casualties.Tails()     // P(n or more) for every n, in one pass
//	res.Casualties.Floats()    // for charts
//
// Every probability is an exact fraction; every distribution sums to
// exactly 1. Exact returns an error wrapping ErrStateLimit when the
// computation would hold more than Config.MaxStates states (200 000 by
// default), saying what made them many; with Config.Fallback it returns a
// Monte Carlo estimate instead, marked Exact: false, with standard errors
// and the reason in Result.Fallback. Every call honours its context.
// MonteCarlo samples directly; JSON gives the form the CLI and the HTTP API
// print.
//
// # The odds are the referee over all dice
//
// Nothing here knows a rule. The referee runs an engine.Machine (package
// internal/engine): the rules written once as small steps (one attack's
// to-hit roll, one wound's save, one damage packet, closing a batch) that
// ask a dice roller for every die.
// The referee runs it with dice a person rolled or a seeded generator; this
// package runs it with a roller that walks every face:
//
//   - A step is replayed from a copy of the machine once for every way its
//     dice can fall: the roller hands out the faces chosen so far and
//     records each new die, and the next replay moves the deepest die on to
//     its next face (an odometer over the tree of dice). Each way out is
//     weighted by the product of 1/sides.
//   - The Machine tells the roller which faces of a die it treats alike
//     (engine.ClassBrancher): against a 4+ save, 1-3 fail and 4-6 pass,
//     two ways out instead of six; a natural 6 is a way of its own only
//     when something looks at it (Lethal Strike, skirmish criticals). Only
//     the log would show the face, and the enumeration keeps no log.
//   - After each step, machines with the same state (engine.Machine.
//     AppendState: the unit's canonical key, the place in the pipeline, the
//     counts between stages) merge, their weights added. Identical
//     rank-and-file are interchangeable in the unit's key, so the states stay
//     few: a pooled unit is its models left and its carried wounds.
//   - Steps only add to the running totals, never read them, so a state is
//     a core (a machine with zero totals) plus a small comparable tally. The
//     ways out of a core are worked out once a step and applied to every
//     state on it; for steps that do not depend on their place in a loop
//     (one to-hit roll, one packet, one skirmish attack) they are worked
//     out once for the whole run and moved to each place.
//
// Enumerate does exactly this and nothing more: it is the reference reader.
// The tests walk referee.Resolve over every face of every die (no classes,
// no merging) on small scenarios of every ruleset and random ones, and
// require Enumerate to give the same fractions.
//
// # Fast paths
//
// Exact is Enumerate plus fast paths, chosen automatically where they apply
// and named in Result.Method. Each collapses steps whose outcome the
// Machine itself works out, then hands back to the referee's own code; none
// holds a rule of its own. Each is tested equal to Enumerate, exactly, on
// every ruleset and on thousands of random scenarios.
//
//   - binomial attacks: a block batch about to roll its attacks
//     (engine.Machine.AttackRolls, every ruleset but skirmish). The attacks
//     roll to hit, to wound and their saves against numbers fixed when the
//     batch began, and nothing one rolls changes what another needs, so the
//     number that end unsaved (or as instant kills) is binomial. What one
//     attack does is found by stepping a one-attack copy over every die; the
//     machine then jumps to its damage step with each count (SkipRolls).
//     With Flaming attacks in whfb8 the count is joined with whether
//     Regeneration was lost. Where an attack can hand on more than one kind
//     of thing (a Killing Blow's kill beside ordinary wounds, a tow Cleaving
//     Blow that rolls no Regeneration, a battleaxe Killing Blow that is a
//     single among packets), the counts of each kind are multinomial, and
//     the batch's kills, which roll no die, are then taken in one step
//     (mixed.go).
//   - single wounds: the damage of a batch's n unsaved wounds when they roll
//     no damage dice (no Multiple Wounds, or only models of W1 to land on,
//     RULES.md 9.2, E41, R41): the same packet n times, applied in one go
//     through the packet step's own ApplyPacket. Any damage model, any
//     target.
//   - pooled damage: the damage of n unsaved multi-wound packets aimed at a
//     rank-and-file pool that adds them up: a pooled ruleset (whfb8, t9a,
//     t9a1-ru, battleaxe with damage_model: pooled), mw_cap: profile, every
//     model of the pool of the same W, overflow_across_pools not next_pool
//     when there are several pools, and in t9a and t9a1-ru an emptied pool's
//     cap equal to that W. Then each packet takes min(k, W) (9.2) into the
//     carried count (11.1) and n packets leave the unit as their total T
//     would: T's distribution is the n-fold convolution of one packet (by
//     J. C. P. Miller's recurrence for the power of a polynomial), and the
//     unit after each T is found by applying wounds one at a time to a copy.
//   - last batch marginals: the last batch of a run, when its attacks are
//     binomial and its packets single or pooled. Nothing follows it but the
//     Result, which holds marginals only, so the unsaved count and the rest
//     need not be joined: each attack adds nothing or one capped packet to
//     T, and T's distribution is one convolution over the attacks.
//   - packet chain: the packets of a binomial batch that no closed form
//     collapses (battleaxe's per-model damage, 11.3, where packets go to
//     different models). The count of unsaved wounds is not kept in the
//     states: one chain of packets serves every count. Its table holds
//     each loop state of the batch (canonical by the unit's count key)
//     once, stepped over every die by the packet step itself and closed
//     once; the states after k packets are integer counts over one
//     denominator that move along the table, and the count k takes them,
//     weighted by its binomial chance, to the close of the batch
//     (chain.go). When the batch ends the run, the links are summed by
//     how they end instead, as a last batch's marginals, the unsaved
//     count apart.
//   - merged batches: the last batches of a run, when they are batches of
//     one profile (their fixed counts aside) at a pooled pool of rank and
//     file alone, no Flaming wound taking Regeneration from the next, and
//     one attack of the next batch probed as one of the first. Their
//     wounds add up in the pool (11.1), so every marginal but the unsaved
//     count is one last batch of all their attacks; the unsaved count
//     leaves out the batches after the unit is destroyed (RULES.md 12),
//     from the chance that j packets leave it standing (merge.go).
//
// Per-model damage has no closed form: packets go to different models and
// the states multiply. The unit's count key
// (unit.SetCountKey, on unless an instant kill is aimed at the musician or
// standard bearer) keys identical rank-and-file by the multiset of their
// damage, not slot by slot, so the states are the multisets. A first batch
// of multi-wound packets on fresh models is known at once to pass the limit
// when the multisets of its first packets' damage alone do; the error then
// says so ("battleaxe per-model damage: 40 models of W10 after 60
// multi-wound hits").
//
// # Exact arithmetic
//
// Dice have 3 or 6 sides, so every chance is an integer over 2^a·3^b. A
// weight is four 64-bit words while it fits in 256 bits (the chance of a
// path of forty dice does) and a *big.Int after; the shared denominator is
// kept as its two exponents. Results become *big.Rat in lowest terms by
// stripping factors 2 and 3, without a general GCD.
//
// # Monte Carlo
//
// MonteCarlo resolves the attacks Config.Samples times with the Machine and
// dice.Seeded dice, in parallel. Samples come in chunks of 4096, chunk i
// always rolled by the stream (Seed, i) and counted as integers, so a seed
// gives the same result whatever Config.Workers is. Config.Progress
// reports the samples done.
//
// Figures against DESIGN.md's performance targets are in bench/README.md.
package odds
