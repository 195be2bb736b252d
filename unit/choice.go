package unit

// Chooser makes the owner's choices that the owner_choice switches leave
// open (R11, R12, 11.4). Choose returns the index of one of c.Options.
// Where nobody is asked (a nil Chooser), the engine's default stands in
// for each switch (RULES.md 18): see StandIn.
type Chooser interface {
	Choose(c Choice) int
}

// ChooserFunc adapts a function to Chooser.
type ChooserFunc func(Choice) int

// Choose calls f.
func (f ChooserFunc) Choose(c Choice) int { return f(c) }

// Choice is one question to the owner.
//
//   - Switch "single_rank_policy" (R11): which end of a single rank goes
//     first when both ends have given up as many models in this batch,
//     where the lifetime counters and then the left end would decide.
//     Options are the models at the two ends (index 0 the left end, 1 the
//     right end); the answer takes every such tie of the batch
//     (SetOddEnd): with the ends taking turns, it gives up ceil(k/2) of
//     the k models the single rank loses from the first tie on, the odd
//     one when k is odd. The referee asks it, at most once per batch and
//     only where the answer changes what the batch does, before the first
//     wound or die whose use it changes (OddOpen, OddChanges,
//     OddChangesAim); the unit itself never does. Ahead is set in
//     battleaxe per-model damage, where the answer first decides which
//     model a wound goes to (C1), and that model is the next to go.
//   - Switch "rear_rank_order" (R12): Options are the models of the rank
//     losing a model that may be removed; the chosen one leaves its own
//     slot. In a pool of mixed Wounds only the models with as many wounds
//     left as the next model are offered (R41); in battleaxe per-model
//     damage (Ahead) only the models the wound may land on (11.3: not yet
//     struck by a packet of the batch, the most damaged first).
//   - Switch "command_order" (t9a, t9a1-ru): Options are the musician and the
//     standard bearer, once no ordinary R&F of their pool remain.
//
// Ahead is true when the engine is only looking ahead in removal order, to
// find which model a wound lands on (C1); nothing is removed by that answer.
// Default is the option the engine takes without an owner (the batch's end
// counters, or the ruleset's command order).
type Choice struct {
	Switch    string
	Ahead     bool
	Options   []Cell
	Default   int
	Formation string // DrawDamage() of the unit as it stands
}
